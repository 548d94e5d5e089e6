"""Ordered SQL migrations. Append new ones; never edit an applied one.

``{dim}`` is the only placeholder: :func:`render_migration` replaces it with the embedder's
dimension when the schema is first created; later opens compare the stored dimension with the
embedder's (see ``FactStore.setup``). Every other brace is literal SQL.

``setup`` sends a migration one statement at a time (:func:`migration_statements`, split by
sqlparse, which knows dollar quotes and comments): on a Citus cluster a DDL statement on a
distributed table is forwarded to every shard as a prepared command, and a string of several
statements is refused there ("cannot insert multiple commands into a prepared statement").
"""

from __future__ import annotations

import sqlparse

MIGRATIONS: list[tuple[str, str]] = [
    (
        "facts, candidates, audit log, processed messages",
        """
CREATE TABLE fact_memory_meta (
    key   text PRIMARY KEY,
    value text NOT NULL
);
INSERT INTO fact_memory_meta (key, value) VALUES ('embedding_dim', '{dim}');

CREATE TABLE fact_memory_facts (
    id                   uuid PRIMARY KEY,
    user_id              text NOT NULL CHECK (user_id <> ''),
    kind                 text NOT NULL CHECK (kind IN ('durable', 'current')),
    category             text NOT NULL,
    claim                text NOT NULL CHECK (claim <> ''),
    structured_fields    jsonb NOT NULL DEFAULT '{}'::jsonb,
    confidence           double precision NOT NULL CHECK (confidence BETWEEN 0 AND 1),
    evidence_message_ids text[] NOT NULL DEFAULT '{}',
    verification_status  text NOT NULL DEFAULT 'self_reported'
        CHECK (verification_status IN ('self_reported', 'confirmed', 'contradicted')),
    status               text NOT NULL DEFAULT 'active'
        CHECK (status IN ('active', 'superseded', 'expired', 'dormant', 'retracted')),
    superseded_by        uuid REFERENCES fact_memory_facts (id) ON DELETE SET NULL,
    source               text NOT NULL DEFAULT 'conversation'
        CHECK (source IN ('conversation', 'user_edit', 'file', 'system')),
    created_at           timestamptz NOT NULL,
    last_confirmed_at    timestamptz NOT NULL,
    valid_at             timestamptz,
    expires_at           timestamptz,
    access_count         integer NOT NULL DEFAULT 0,
    last_accessed_at     timestamptz,
    embedding            vector({dim}) NOT NULL
);
-- Every query filters on user_id (and usually kind + status): the read path scans this
-- btree range exactly instead of a filtered HNSW index (see docs/decisions.md, "Search is an exact scan").
CREATE INDEX fact_memory_facts_scope_idx ON fact_memory_facts (user_id, kind, status);

CREATE TABLE fact_memory_candidates (
    id                uuid PRIMARY KEY,
    user_id           text NOT NULL,
    fact_id           uuid NOT NULL REFERENCES fact_memory_facts (id) ON DELETE CASCADE,
    kind              text NOT NULL,
    category          text NOT NULL,
    claim             text NOT NULL,
    structured_fields jsonb NOT NULL DEFAULT '{}'::jsonb,
    message_id        text,
    status            text NOT NULL DEFAULT 'pending'
        CHECK (status IN ('pending', 'accepted', 'rejected')),
    created_at        timestamptz NOT NULL,
    resolved_at       timestamptz,
    resolved_fact_id  uuid,
    embedding         vector({dim}) NOT NULL
);
CREATE INDEX fact_memory_candidates_user_idx ON fact_memory_candidates (user_id, status);
CREATE INDEX fact_memory_candidates_fact_idx ON fact_memory_candidates (fact_id) WHERE status = 'pending';

CREATE TABLE fact_memory_audit (
    id           bigserial PRIMARY KEY,
    user_id      text NOT NULL,
    op           text NOT NULL,
    fact_id      uuid,
    candidate_id uuid,
    message_id   text,
    before       jsonb,
    after        jsonb,
    note         text,
    at           timestamptz NOT NULL
);
CREATE INDEX fact_memory_audit_user_idx ON fact_memory_audit (user_id, id);
-- Append-only: rows may be deleted (privacy purge of a whole user), never rewritten.
CREATE FUNCTION fact_memory_audit_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'fact_memory_audit is append-only';
END $$;
CREATE TRIGGER fact_memory_audit_no_update BEFORE UPDATE ON fact_memory_audit
    FOR EACH ROW EXECUTE FUNCTION fact_memory_audit_immutable();

CREATE TABLE fact_memory_processed_messages (
    user_id      text NOT NULL,
    message_id   text NOT NULL,
    processed_at timestamptz NOT NULL,
    outcome      jsonb,
    PRIMARY KEY (user_id, message_id)
);
""",
    ),
    (
        "write-ahead reconciliation flag, expiry index, job runs",
        """
-- Every fact written inline starts unreconciled (NULL); existing rows too.
ALTER TABLE fact_memory_facts ADD COLUMN reconciled_at timestamptz;
CREATE INDEX fact_memory_facts_unreconciled_idx ON fact_memory_facts (user_id, created_at, id)
    WHERE reconciled_at IS NULL;
CREATE INDEX fact_memory_facts_expiry_idx ON fact_memory_facts (expires_at)
    WHERE expires_at IS NOT NULL AND status = 'active';

-- One row per reconciliation or maintenance run of one user (health: last run, durations).
CREATE TABLE fact_memory_runs (
    id          bigserial PRIMARY KEY,
    user_id     text NOT NULL,
    job         text NOT NULL CHECK (job IN ('reconcile', 'maintain')),
    started_at  timestamptz NOT NULL,
    finished_at timestamptz NOT NULL,
    report      jsonb NOT NULL
);
CREATE INDEX fact_memory_runs_user_idx ON fact_memory_runs (user_id, job, id);
""",
    ),
    (
        "forget generations",
        """
-- One row per user that was ever forgotten, keyed by a hash of the id (not the id itself):
-- forget() bumps the generation, and a write that started before it applies nothing.
CREATE TABLE fact_memory_users (
    user_key   bigint PRIMARY KEY,
    generation bigint NOT NULL DEFAULT 0
);
""",
    ),
    (
        "keys that include user_id (a Postgres distributed by user_id keeps every row on one shard)",
        """
ALTER TABLE fact_memory_candidates DROP CONSTRAINT fact_memory_candidates_fact_id_fkey;
ALTER TABLE fact_memory_facts DROP CONSTRAINT fact_memory_facts_superseded_by_fkey;
ALTER TABLE fact_memory_facts DROP CONSTRAINT fact_memory_facts_pkey;
ALTER TABLE fact_memory_facts ADD PRIMARY KEY (user_id, id);
-- superseded_by is kept consistent by the library (purge clears the links to a purged fact).
ALTER TABLE fact_memory_candidates DROP CONSTRAINT fact_memory_candidates_pkey;
ALTER TABLE fact_memory_candidates ADD PRIMARY KEY (user_id, id);
ALTER TABLE fact_memory_candidates ADD FOREIGN KEY (user_id, fact_id)
    REFERENCES fact_memory_facts (user_id, id) ON DELETE CASCADE;
ALTER TABLE fact_memory_audit DROP CONSTRAINT fact_memory_audit_pkey;
ALTER TABLE fact_memory_audit ADD PRIMARY KEY (user_id, id);
ALTER TABLE fact_memory_runs DROP CONSTRAINT fact_memory_runs_pkey;
ALTER TABLE fact_memory_runs ADD PRIMARY KEY (user_id, id);
""",
    ),
    (
        "user profiles",
        """
-- The bounded profile of a user (seed 003), rebuilt when the user's audit log has moved on.
CREATE TABLE fact_memory_profiles (
    user_id     text PRIMARY KEY,
    text        text NOT NULL,
    fact_ids    text[] NOT NULL DEFAULT '{}',
    fingerprint text NOT NULL,
    built_at    timestamptz NOT NULL
);
""",
    ),
    (
        "staged lifecycle",
        """
-- Seed 002's staging (LifecyclePolicy "staged"): NULL = staged, else when the fact was confirmed.
-- Facts written before this migration (and every fact under seed 000's policy) are confirmed.
ALTER TABLE fact_memory_facts ADD COLUMN confirmed_at timestamptz;
UPDATE fact_memory_facts SET confirmed_at = created_at;
""",
    ),
    (
        "sessions",
        """
-- Seed 003's session memory: the session (LangGraph thread) a fact came from, and one embedded
-- content record per session ("FACTS: ... SUMMARY: ..."), rebuilt when its facts change.
ALTER TABLE fact_memory_facts ADD COLUMN session_id text;
CREATE INDEX fact_memory_facts_session ON fact_memory_facts (user_id, session_id) WHERE session_id IS NOT NULL;
CREATE TABLE fact_memory_sessions (
    user_id     text NOT NULL,
    session_id  text NOT NULL,
    content     text NOT NULL,
    summary     text NOT NULL,
    fact_ids    text[] NOT NULL DEFAULT '{}',
    fingerprint text NOT NULL,
    embedding   vector({dim}) NOT NULL,
    started_at  timestamptz NOT NULL,
    ended_at    timestamptz NOT NULL,
    built_at    timestamptz NOT NULL,
    PRIMARY KEY (user_id, session_id)
);
""",
    ),
    (
        "full-text search on claims (hybrid retrieval)",
        """
-- The lexical half of hybrid retrieval: stock Postgres full-text search (no extension), English
-- stemming, and the category's words (weight B: a category word counts less than a claim word),
-- so "health" reaches "[health] allergic to penicillin".
CREATE FUNCTION fact_memory_claim_tsv(claim text, category text) RETURNS tsvector
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN setweight(to_tsvector('english'::regconfig, claim), 'A')
        || setweight(to_tsvector('english'::regconfig, replace(category, '_', ' ')), 'B');
ALTER TABLE fact_memory_facts ADD COLUMN claim_tsv tsvector
    GENERATED ALWAYS AS (fact_memory_claim_tsv(claim, category)) STORED;
CREATE INDEX fact_memory_facts_claim_tsv_idx ON fact_memory_facts USING gin (claim_tsv);
""",
    ),
    (
        "message log (queued writes)",
        """
-- Queued writes: each user message is recorded here in the request's own short transaction and
-- extracted later, off the reply's path. Processed rows stay for QueueConfig.log_days (nightly
-- inference reads them), then are deleted; forget deletes them at once.
CREATE TABLE fact_memory_messages (
    user_id       text NOT NULL CHECK (user_id <> ''),
    message_id    text NOT NULL,
    seq           bigserial,
    -- The turn's position in its conversation (user, session, ordinal, text, earlier turns): a
    -- client re-sending its history with fresh ids is recognised by it.
    fingerprint   text,
    session_id    text,
    text          text NOT NULL,
    -- Earlier messages shown to the extractor: [{"role": "user"|"assistant", "text": ...}].
    context       jsonb NOT NULL DEFAULT '[]'::jsonb,
    at            timestamptz NOT NULL,
    enqueued_at   timestamptz NOT NULL,
    due_at        timestamptz NOT NULL,
    -- The debounce never waits past this (enqueued_at + QueueConfig.max_delay_s).
    deadline_at   timestamptz NOT NULL,
    state         text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'done', 'failed')),
    attempts      integer NOT NULL DEFAULT 0,
    last_error    text,
    claimed_until timestamptz,
    processed_at  timestamptz,
    PRIMARY KEY (user_id, message_id)
);
CREATE UNIQUE INDEX fact_memory_messages_fingerprint_idx ON fact_memory_messages (user_id, fingerprint)
    WHERE fingerprint IS NOT NULL;
CREATE INDEX fact_memory_messages_queued_idx ON fact_memory_messages (user_id, seq) WHERE state = 'queued';
CREATE INDEX fact_memory_messages_done_idx ON fact_memory_messages (user_id, processed_at) WHERE state = 'done';
""",
    ),
    (
        "pending forget requests",
        """
-- A forget that could not reach every node (a Citus worker down) is recorded here and retried by
-- the worker's nightly pass; the row is deleted in the forget's own transaction. Never
-- distributed: it stays on the coordinator, reachable while a worker is not.
CREATE TABLE fact_memory_forget_requests (
    user_id      text PRIMARY KEY,
    requested_at timestamptz NOT NULL,
    attempts     integer NOT NULL DEFAULT 1,
    last_error   text
);
""",
    ),
    (
        "evaluators: people, evaluations; inferred facts; facts shown per reply; weekly digests",
        """
-- The relationships and identity evaluators (seed 000 R35): the people in a user's life, by
-- lower-cased name ('@self' is the user: the names and aliases they go by), linked to the facts
-- that mention them.
CREATE TABLE fact_memory_people (
    user_id   text NOT NULL CHECK (user_id <> ''),
    name_key  text NOT NULL,
    name      text NOT NULL,
    relation  text NOT NULL,
    aliases   text[] NOT NULL DEFAULT '{}',
    fact_ids  uuid[] NOT NULL DEFAULT '{}',
    mentions  integer NOT NULL DEFAULT 1,
    first_at  timestamptz NOT NULL,
    last_at   timestamptz NOT NULL,
    PRIMARY KEY (user_id, name_key)
);
-- Every evaluator's validated output, one row per message (task success, custom evaluators).
CREATE TABLE fact_memory_evaluations (
    user_id     text NOT NULL CHECK (user_id <> ''),
    message_id  text NOT NULL,
    evaluator   text NOT NULL,
    output      jsonb NOT NULL,
    at          timestamptz NOT NULL,
    PRIMARY KEY (user_id, message_id, evaluator)
);
CREATE INDEX fact_memory_evaluations_at_idx ON fact_memory_evaluations (evaluator, at);
-- Facts the read path showed for the assistant reply this message reacts to (NULL: not known),
-- so task success can be compared with and without memory.
ALTER TABLE fact_memory_messages ADD COLUMN facts_shown integer;
-- Facts the nightly review inferred from the day's messages, and its runs.
ALTER TABLE fact_memory_runs DROP CONSTRAINT fact_memory_runs_job_check;
ALTER TABLE fact_memory_runs ADD CONSTRAINT fact_memory_runs_job_check
    CHECK (job IN ('reconcile', 'maintain', 'inference'));
ALTER TABLE fact_memory_facts DROP CONSTRAINT fact_memory_facts_source_check;
ALTER TABLE fact_memory_facts ADD CONSTRAINT fact_memory_facts_source_check
    CHECK (source IN ('conversation', 'user_edit', 'file', 'system', 'inference'));
-- The weekly digest of the whole store (aggregates only: no user id, no text).
CREATE TABLE fact_memory_digests (
    week_start  date PRIMARY KEY,
    data        jsonb NOT NULL,
    markdown    text NOT NULL,
    built_at    timestamptz NOT NULL
);
""",
    ),
    (
        "forgotten turns: salted digests that keep re-sent history out after forget",
        """
-- After forget(user), a client may re-send the conversation it still holds (a checkpointer's
-- thread, a full-history client, a retry). Each message id and turn fingerprint the user had is
-- kept here only as sha256(user id, id): no text, no user id; nothing matches it without both.
CREATE TABLE fact_memory_forgotten (
    user_key  bigint NOT NULL,
    digest    text NOT NULL,
    PRIMARY KEY (user_key, digest)
);
""",
    ),
    (
        "who holds a claimed batch",
        """
-- The drainer that claimed a batch (host and process), shown by `queue status` while its lease runs.
ALTER TABLE fact_memory_messages ADD COLUMN claimed_by text;
""",
    ),
    (
        "a session's model summary, kept when its facts change",
        """
-- The summary a model wrote for a session (the nightly review or the summariser), kept and extended
-- by later builds instead of being replaced by the facts' summary. NULL: none was written.
ALTER TABLE fact_memory_sessions ADD COLUMN model_summary text;
ALTER TABLE fact_memory_sessions ADD COLUMN model_summary_at timestamptz;
""",
    ),
    (
        "when a weekly digest was delivered",
        """
-- Set once the digest reached its channels (webhook, callables, log): a rerun delivers nothing.
ALTER TABLE fact_memory_digests ADD COLUMN delivered_at timestamptz;
""",
    ),
    (
        "which facts the previous reply was shown",
        """
-- Of the facts shown for the reply a message reacts to, how many were stale, and a digest of each
-- shown claim (sha256, 16 hex): the outcome metrics count stale facts shown and restated facts.
ALTER TABLE fact_memory_messages ADD COLUMN stale_shown integer;
ALTER TABLE fact_memory_messages ADD COLUMN shown_digests text[];
""",
    ),
    (
        "binary-quantised vectors in the scope index: a large user's read in two stages",
        """
-- Each fact's vector as bits (sign of each dimension), kept by Postgres itself. The scope index
-- carries them, so the nearest few hundred of a user with thousands of facts come from an
-- index-only scan; the exact cosine then ranks only those. Rewrites the facts table once.
ALTER TABLE fact_memory_facts ADD COLUMN embedding_bits bit({dim})
    GENERATED ALWAYS AS (binary_quantize(embedding)::bit({dim})) STORED;
DROP INDEX fact_memory_facts_scope_idx;
CREATE INDEX fact_memory_facts_scope_idx ON fact_memory_facts (user_id, kind, status) INCLUDE (id, embedding_bits);
""",
    ),
    (
        "the read stays fast between vacuums: no GIN pending list, index-only scans sooner",
        """
-- With fastupdate a GIN index queues new entries in a pending list that every search reads in
-- full until a vacuum merges it (up to gin_pending_list_limit, 4 MB, of all users' new facts): a
-- lexical search of 1,000 facts took 5 ms instead of 0.07 (benchmarks/read_path.py, BENCHMARKS.md).
-- A fact's few lexemes go into the index as it is written instead.
ALTER INDEX fact_memory_facts_claim_tsv_idx SET (fastupdate = off);
-- A large user's dense candidates come from an index-only scan, which reads the table for every
-- page written since the last vacuum; an insert-only table is vacuumed after 20 % new rows by
-- default (200k of a 1M-row table), here after 2 %.
ALTER TABLE fact_memory_facts SET (autovacuum_vacuum_insert_scale_factor = 0.02);
""",
    ),
    (
        "when a user was last forgotten: turns spooled before it are not queued after it",
        """
-- forget() records when it ran (the application's clock, as turns are stamped). A turn spooled on a
-- host that could not reach the database, said before that moment, is dropped when the spool is
-- replayed: the user asked to forget everything up to then.
ALTER TABLE fact_memory_users ADD COLUMN forgotten_at timestamptz;
""",
    ),
    (
        "a per-user change marker: what a process's copy of a user's facts is checked against",
        """
-- One row per user who has facts, people or candidates: bumped by every plan that writes them, in
-- the writing transaction (its last statement; no trigger: Citus does not run triggers on
-- distributed tables by default), and read with every cached read (a hot user's facts held in
-- process memory are used only while it is unchanged: docs/retrieval.md). The access counts
-- written after each read bump ``accesses`` instead, so reading does not throw the copy away.
-- forget() deletes the row. Distributed by user_id, co-located with the facts (store/layout.py).
CREATE TABLE fact_memory_versions (
    user_id  text PRIMARY KEY,
    version  bigint NOT NULL DEFAULT 0,
    accesses bigint NOT NULL DEFAULT 0
);
-- The users who already have rows get theirs now: a writer creates a missing row only for a user
-- who still has rows after its write.
INSERT INTO fact_memory_versions (user_id, version)
    SELECT user_id, 1 FROM fact_memory_facts GROUP BY user_id ON CONFLICT DO NOTHING;
INSERT INTO fact_memory_versions (user_id, version)
    SELECT user_id, 1 FROM fact_memory_people GROUP BY user_id ON CONFLICT DO NOTHING;
INSERT INTO fact_memory_versions (user_id, version)
    SELECT user_id, 1 FROM fact_memory_candidates GROUP BY user_id ON CONFLICT DO NOTHING;
""",
    ),
]


def render_migration(sql: str, *, dimension: int) -> str:
    """The migration's SQL for a store of this vector dimension."""
    return sql.replace("{dim}", str(int(dimension)))


def migration_statements(sql: str, *, dimension: int) -> list[str]:
    """The migration's statements for a store of this vector dimension, each on its own, in order
    (comments kept with the statement they precede; a piece that is only a comment is dropped)."""
    pieces = sqlparse.split(render_migration(sql, dimension=dimension))
    return [p.strip() for p in pieces if sqlparse.format(p, strip_comments=True).strip()]
