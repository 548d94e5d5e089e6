"""Admin plans: schema setup and migrations, lifecycle sweeps, privacy deletes."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Any
from uuid import UUID

from fact_memory_graph.errors import ConfigurationError, DimensionMismatchError, InvalidInputError
from fact_memory_graph.lifecycle import importance, lifecycle_relevance, should_clean_up
from fact_memory_graph.sanitize import claim_digest
from fact_memory_graph.store import layout
from fact_memory_graph.store._sql import (
    AUDIT,
    CANDIDATE_COLUMNS,
    CANDIDATES,
    EVALUATIONS,
    FACT_COLUMNS,
    FACTS,
    FORGET_REQUESTS,
    MESSAGES,
    PEOPLE,
    PROCESSED,
    PROFILES,
    RUNS,
    SESSIONS,
    USER_KEY_SQL,
    USERS,
    VERSIONS,
    Plan,
    Row,
    execute,
    fact_id_param,
    is_distributed,
    one,
    require_aware,
    require_user,
    rowcount,
    rows,
    to_fact,
)
from fact_memory_graph.store.migrations import MIGRATIONS, migration_statements
from fact_memory_graph.store.plans.people import SELF_KEY
from fact_memory_graph.store.plans.write import WritePlans

#: Tables distributed by user_id on Citus, colocated with the facts (the registry: store/layout.py).
DISTRIBUTED_TABLES = layout.DISTRIBUTED
#: The job engine's tasks whose arguments name a user (see fact_memory_graph.jobs).
USER_TASKS = ("fact_memory.reconcile_user",)
# Arbitrary constant: serialises concurrent setup() calls (CREATE EXTENSION races otherwise).
SETUP_LOCK_KEY = 0x46414354_4D454D


class AdminPlans(WritePlans):
    def _setup_plan(self, citus: bool = False) -> Plan[None]:
        """Create or migrate the schema. Each migration statement is sent on its own, in the
        migration's transaction (Citus forwards a DDL statement on a distributed table to every
        shard, and refuses several statements in one string). On a schema already distributed
        with Citus the pending migrations run only with ``citus`` (``fact-memory setup --citus``,
        which then distributes any new table): a process opening the memory says what to run."""
        # A schema already current costs two reads and no DDL: no lock, no CREATE EXTENSION (which
        # Citus propagates to every node in a two-phase commit, so one node down would stop every
        # process from opening), nothing written.
        current = yield from one(
            "SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector') AS vector,"
            " to_regclass('fact_memory_migrations') IS NOT NULL AND to_regclass('fact_memory_meta') IS NOT NULL"
            " AS migrated")
        if current and current["vector"] and current["migrated"]:
            state = yield from one(
                "SELECT (SELECT count(*) FROM fact_memory_migrations) AS applied,"
                " (SELECT value FROM fact_memory_meta WHERE key = 'embedding_dim') AS dimension")
            if state is not None and state["applied"] == len(MIGRATIONS):
                if state["dimension"] is not None and int(state["dimension"]) != self.dimension:
                    raise DimensionMismatchError(int(state["dimension"]), self.dimension, where="database")
                return
        yield from execute("SELECT pg_advisory_xact_lock(%s)", (SETUP_LOCK_KEY,))
        yield from execute("CREATE EXTENSION IF NOT EXISTS vector")
        yield from execute(
            "CREATE TABLE IF NOT EXISTS fact_memory_migrations ("
            " version integer PRIMARY KEY, description text NOT NULL,"
            " applied_at timestamptz NOT NULL DEFAULT now())")
        done = {r["version"] for r in (yield from rows("SELECT version FROM fact_memory_migrations"))}
        if len(done) < len(MIGRATIONS) and not citus and (yield from is_distributed(FACTS)):
            raise ConfigurationError(
                f"this database's schema is distributed with Citus and at migration {max(done, default=0)} of "
                f"{len(MIGRATIONS)}: run `fact-memory setup --citus` once (against the coordinator) to upgrade "
                "and distribute it, then open the memory again")
        for version, (description, sql) in enumerate(MIGRATIONS, start=1):
            if version in done:
                continue
            for statement in migration_statements(sql, dimension=self.dimension):
                yield from execute(statement)
            yield from execute("INSERT INTO fact_memory_migrations (version, description) VALUES (%s, %s)",
                               (version, description))
        stored = yield from one("SELECT value FROM fact_memory_meta WHERE key = 'embedding_dim'")
        if stored is not None and int(stored["value"]) != self.dimension:
            raise DimensionMismatchError(int(stored["value"]), self.dimension, where="database")

    def _distribute_plan(self) -> Plan[dict[str, str]]:
        """Citus: distribute the schema (idempotent; run after ``setup`` on the coordinator).

        Per table, as registered in :mod:`fact_memory_graph.store.layout`: the user-keyed tables
        are distributed by ``user_id`` and colocated with the facts, so every per-user statement
        (joins, foreign keys, one message's transaction) runs on one shard; the reference tables
        get a copy on every node; the local ones stay on the coordinator. The audit
        log's append-only trigger runs on the shards (``citus.enable_unsafe_triggers``: it only
        raises)."""
        present = yield from one("SELECT to_regclass('pg_dist_partition') IS NOT NULL AS citus")
        if not (present and present["citus"]):
            raise ConfigurationError("this database has no Citus extension: CREATE EXTENSION citus (as a "
                                     "superuser, on the coordinator) before distributing")
        yield from execute("SET LOCAL citus.enable_unsafe_triggers TO on")
        yield from execute("SET LOCAL citus.multi_shard_modify_mode TO 'sequential'")
        done = {r["logicalrelid"]: r["partmethod"] for r in (yield from rows(
            "SELECT logicalrelid::text, partmethod FROM pg_dist_partition"))}
        out: dict[str, str] = {}
        for table in DISTRIBUTED_TABLES:
            if table not in done:
                colocate = "none" if table == FACTS else FACTS
                yield from execute("SELECT create_distributed_table(%s, 'user_id', colocate_with => %s)",
                                   (table, colocate))
            out[table] = "distributed by user_id"
        for table in layout.REFERENCE:
            if table not in done:
                yield from execute("SELECT create_reference_table(%s)", (table,))
            out[table] = "reference"
        for table in layout.LOCAL:
            out[table] = "local"
        return out

    def _record_embedder_plan(self, probe: Sequence[float], name: str) -> Plan[tuple[list[float], str] | None]:
        """The embedder this store's vectors were made by (its name and the vector it gives a
        fixed probe text), recorded now if none was; ``None`` when it was recorded by this call."""
        # Recorded only if none is: two first opens with different embedders at once cannot both
        # pass (the second's insert waits for the first's, does nothing, and reads the first's).
        mine = json.dumps([round(float(x), 5) for x in probe])
        yield from execute("INSERT INTO fact_memory_meta (key, value) VALUES ('embedding_probe', %s),"
                           " ('embedding_model', %s) ON CONFLICT (key) DO NOTHING", (mine, name[:200]))
        found = yield from rows("SELECT key, value FROM fact_memory_meta WHERE key IN ('embedding_probe', 'embedding_model')")
        stored = {r["key"]: r["value"] for r in found}
        if stored.get("embedding_probe") == mine and stored.get("embedding_model") == name[:200]:
            return None  # this embedder (recorded now, or before with the very same probe)
        return json.loads(stored["embedding_probe"]), stored.get("embedding_model", "unknown")

    def _set_embedder_plan(self, probe: Sequence[float], name: str) -> Plan[None]:
        yield from execute(
            "INSERT INTO fact_memory_meta (key, value) VALUES ('embedding_probe', %s), ('embedding_model', %s)"
            " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (json.dumps([round(float(x), 5) for x in probe]), name[:200]))

    def _vectors_to_redo_plan(self, user_id: str) -> Plan[dict[str, list[Row]]]:
        """The texts behind every stored vector of one user: facts (any status), candidates, sessions."""
        require_user(user_id)
        return {
            "facts": (yield from rows(f"SELECT id, claim AS text FROM {FACTS} WHERE user_id = %s ORDER BY id",
                                      (user_id,))),
            "candidates": (yield from rows(f"SELECT id, claim AS text FROM {CANDIDATES} WHERE user_id = %s"
                                           " ORDER BY id", (user_id,))),
            "sessions": (yield from rows(f"SELECT session_id AS id, content AS text FROM {SESSIONS}"
                                         " WHERE user_id = %s ORDER BY session_id", (user_id,))),
        }

    def _replace_vectors_plan(self, user_id: str, kind: str, ids: Sequence[Any],
                              vectors: Sequence[Sequence[float]]) -> Plan[int]:
        """Overwrite the vectors of one user's rows (``kind``: facts, candidates, sessions)."""
        require_user(user_id)
        table, key = {"facts": (FACTS, "id"), "candidates": (CANDIDATES, "id"),
                      "sessions": (SESSIONS, "session_id")}[kind]
        yield from self._user_guard(user_id)
        done = 0
        for row_id, vector in zip(ids, vectors, strict=True):
            done += yield from rowcount(f"UPDATE {table} SET embedding = %s::vector WHERE user_id = %s AND {key} = %s",
                                        (self.vector_param(vector), user_id, row_id))
        if table != SESSIONS:
            yield from self._bump_version(user_id)
        return done

    def _migration_versions_plan(self) -> Plan[list[int]]:
        found = yield from rows("SELECT version FROM fact_memory_migrations ORDER BY version")
        return [r["version"] for r in found]

    def _maintain_plan(self, user_id: str, at: datetime, dormant_after_days: float,
                       retention_days: float | None = None, log_before: datetime | None = None
                       ) -> Plan[dict[str, int]]:
        require_user(user_id)
        require_aware(at)
        if retention_days is not None:  # retention purges facts: the lock alone, before anything is read
            yield from self._user_lock_alone(user_id)
        yield from self._user_guard(user_id)
        counts = {"expired": 0, "dormant": 0}
        for status, where, params in (
            ("expired", "expires_at IS NOT NULL AND expires_at <= %s AND status = 'active'", (at,)),
            ("dormant", "kind = 'durable' AND status = 'active' AND"
                        " GREATEST(last_confirmed_at, coalesce(last_accessed_at, last_confirmed_at))"
                        " <= %s - make_interval(secs => %s)", (at, dormant_after_days * 86400.0)),
        ):
            found = yield from rows(f"SELECT {FACT_COLUMNS} FROM {FACTS} WHERE user_id = %s AND {where} ORDER BY id FOR UPDATE",
                                    (user_id, *params))
            for before in found:
                after = yield from one(f"UPDATE {FACTS} SET status = %s WHERE user_id = %s AND id = %s RETURNING " + FACT_COLUMNS,
                                       (status, user_id, before["id"]))
                yield from self._audit(user_id=user_id, op=status, at=at, fact_id=before["id"], before=before,
                                       after=after)
            counts[status] = len(found)
        if self.lifecycle.is_staged:
            counts["swept"] = yield from self._sweep(user_id, at)
        if self.lifecycle.archive_current_after_days is not None:  # what the sweep left
            counts["archived"] = yield from self._archive_open_states(user_id, at)
        if retention_days is not None:
            counts.update((yield from self._retention_plan(user_id, at - timedelta(days=retention_days))))
        if log_before is not None:  # the message log of an idle user ages out too (no claim trims it)
            counts["message_log"] = yield from rowcount(
                f"DELETE FROM {MESSAGES} WHERE user_id = %s AND state = 'done' AND processed_at < %s",
                (user_id, log_before))
        yield from self._bump_version(user_id)
        return counts

    def _archive_open_states(self, user_id: str, at: datetime) -> Plan[int]:
        """Archive (status ``expired``, audited ``archive``) the current states with no end that
        were neither confirmed nor retrieved for the policy's horizon, the least important first,
        at most ``archive_per_run``."""
        policy = self.lifecycle
        found = yield from rows(
            f"SELECT {FACT_COLUMNS} FROM {FACTS} WHERE user_id = %s AND kind = 'current' AND status = 'active'"
            " AND expires_at IS NULL AND GREATEST(last_confirmed_at, coalesce(last_accessed_at, last_confirmed_at))"
            " <= %s - make_interval(secs => %s) ORDER BY id FOR UPDATE",
            (user_id, at, policy.archive_current_after_days * 86400.0))
        ranked = sorted(((importance(to_fact(r), policy), r) for r in found), key=lambda p: (p[0], str(p[1]["id"])))
        for weight, before in ranked[:policy.archive_per_run]:
            after = yield from one(f"UPDATE {FACTS} SET status = 'expired' WHERE user_id = %s AND id = %s"
                                   " RETURNING " + FACT_COLUMNS, (user_id, before["id"]))
            yield from self._audit(user_id=user_id, op="archive", at=at, fact_id=before["id"], before=before,
                                   after=after, note=f"open-ended state unused for {policy.archive_current_after_days:g}"
                                                     f" days (importance {weight:.3f})")
        return min(len(ranked), policy.archive_per_run)

    def _sweep(self, user_id: str, at: datetime) -> Plan[int]:
        """Seed 002's cleanup: retract (audited, kept for history) every fact whose lifecycle
        relevance fell below the threshold, except confirmed facts with enough retrievals."""
        found = yield from rows(f"SELECT {FACT_COLUMNS} FROM {FACTS} WHERE user_id = %s"
                                " AND status IN ('active', 'dormant') ORDER BY id FOR UPDATE", (user_id,))
        swept = 0
        for before in found:
            fact = to_fact(before)
            if not should_clean_up(fact, at, self.lifecycle):
                continue
            after = yield from one(f"UPDATE {FACTS} SET status = 'retracted' WHERE user_id = %s AND id = %s"
                                   " RETURNING " + FACT_COLUMNS, (user_id, before["id"]))
            yield from self._audit(user_id=user_id, op="sweep", at=at, fact_id=before["id"], before=before,
                                   after=after, note=f"relevance {lifecycle_relevance(fact, at, self.lifecycle):.3f}"
                                                     f" < {self.lifecycle.cleanup_threshold}")
            swept += 1
        return swept

    def _purge_fact_plan(self, user_id: str, fact_id: UUID | str, nested: bool = False) -> Plan[bool]:
        """Hard-delete one fact and every copy of its text: its audit rows, the candidates
        against it or accepted into it (and their audit rows), and its claim in processed-message
        outcomes (redacted; the message stays processed, so it is never applied again).
        ``nested``: part of a caller's plan, which bumps the change marker (or the generation)
        at its end."""
        require_user(user_id)
        fid = fact_id_param(fact_id)
        # Alone on the user's lock: a profile or session record built from this fact meanwhile
        # is written before (and deleted here) or refused after (see _derived_write_guard).
        yield from self._user_lock_alone(user_id)
        candidates = yield from rows(
            f"SELECT id FROM {CANDIDATES} WHERE user_id = %s AND (fact_id = %s OR resolved_fact_id = %s)",
            (user_id, fid, fid))
        cids = [r["id"] for r in candidates]
        said = yield from rows(f"SELECT DISTINCT message_id FROM {AUDIT} WHERE user_id = %s AND message_id IS NOT NULL"
                               " AND (fact_id = %s OR candidate_id = ANY(%s))", (user_id, fid, cids))
        yield from execute(f"DELETE FROM {AUDIT} WHERE user_id = %s AND (fact_id = %s OR candidate_id = ANY(%s))",
                           (user_id, fid, cids))
        yield from execute(f"DELETE FROM {CANDIDATES} WHERE user_id = %s AND id = ANY(%s)", (user_id, cids))
        gone = yield from one(f"DELETE FROM {FACTS} WHERE user_id = %s AND id = %s RETURNING id, claim", (user_id, fid))
        if gone is not None:  # the message log keeps which claims a reply showed, as digests: not this one's
            shown = claim_digest(gone["claim"])
            yield from execute(f"UPDATE {MESSAGES} SET shown_digests = array_remove(shown_digests, %s)"
                               " WHERE user_id = %s AND %s = ANY(shown_digests)", (shown, user_id, shown))
        yield from execute(f"DELETE FROM {PROFILES} WHERE user_id = %s", (user_id,))  # rebuilt without it
        # A session record quotes the claim: drop it (the next build writes it without the fact).
        yield from execute(f"DELETE FROM {SESSIONS} WHERE user_id = %s AND %s = ANY(fact_ids)", (user_id, str(fid)))
        yield from execute(f"UPDATE {FACTS} SET superseded_by = NULL WHERE user_id = %s AND superseded_by = %s",
                           (user_id, fid))
        yield from execute(f"UPDATE {PEOPLE} SET fact_ids = array_remove(fact_ids, %s) WHERE user_id = %s"
                           " AND %s = ANY(fact_ids)", (fid, user_id, fid))
        outcomes = yield from rows(
            f"SELECT message_id, outcome FROM {PROCESSED} WHERE user_id = %s AND outcome::text LIKE %s",
            (user_id, f"%{fid}%"))
        for r in outcomes:
            outcome = dict(r["outcome"])
            outcome["applied"] = [
                {**a, "claim": None, "note": "[purged]"} if str(a.get("fact_id")) == str(fid)
                or str(a.get("candidate_id")) in map(str, cids) else a
                for a in outcome.get("applied", [])]
            yield from execute(f"UPDATE {PROCESSED} SET outcome = %s WHERE user_id = %s AND message_id = %s",
                               (self.jsonb(outcome), user_id, r["message_id"]))
        # The turns that said it leave the message log (and later rows' context): their text
        # holds the claim. They stay processed, never extracted again.
        yield from self._forget_logged(user_id, sorted({r["message_id"] for r in [*said, *outcomes]}))
        if not nested:
            yield from self._bump_version(user_id)
        return gone is not None

    def _forget_message_plan(self, user_id: str, message_id: str, locked: bool = False) -> Plan[dict[str, int]]:
        """Facts whose only evidence is the message are purged; the message leaves the evidence
        of the others; the pending corrections it raised are deleted (with their audit rows).

        Alone on the user's lock, and the forget generation is bumped: work in flight that read
        the message (a queued batch with it in its context, the nightly review) applies nothing
        and is done again without it. A message extracted in a burst with others shares their
        facts (they cite the burst's last message): those facts are purged too — any of them may
        come from it. ``locked``: the caller holds the lock and bumped the generation."""
        require_user(user_id)
        if not locked:
            yield from self._user_lock_alone(user_id)
            yield from self._bump_generation(user_id)
        ids = [message_id, f"direct:{message_id}"]
        cited = yield from one(f"SELECT outcome->>'message_id' AS cited FROM {PROCESSED}"
                               " WHERE user_id = %s AND message_id = %s", (user_id, message_id))
        if cited and cited["cited"] and cited["cited"] not in ids:  # extracted in a burst
            ids.append(cited["cited"])
        found = yield from rows(
            f"SELECT id, evidence_message_ids FROM {FACTS} WHERE user_id = %s AND evidence_message_ids && %s::text[]"
            " ORDER BY id", (user_id, ids))
        only = [r["id"] for r in found if set(r["evidence_message_ids"]) <= set(ids)]
        others = [r["id"] for r in found if r["id"] not in only]
        for fid in only:  # the generation bumped above (or by the caller) tells every copy
            yield from self._purge_fact_plan(user_id, fid, nested=True)
        if others:
            yield from execute(
                f"UPDATE {FACTS} SET evidence_message_ids = ARRAY(SELECT e FROM unnest(evidence_message_ids) e"
                " WHERE NOT e = ANY(%s)) WHERE user_id = %s AND id = ANY(%s)", (ids, user_id, others))
        cands = yield from rows(f"SELECT id FROM {CANDIDATES} WHERE user_id = %s AND message_id = ANY(%s)"
                                " AND status = 'pending'", (user_id, ids))
        cids = [r["id"] for r in cands]
        if cids:
            yield from execute(f"DELETE FROM {AUDIT} WHERE user_id = %s AND candidate_id = ANY(%s)", (user_id, cids))
            yield from execute(f"DELETE FROM {CANDIDATES} WHERE user_id = %s AND id = ANY(%s)", (user_id, cids))
        people = yield from self._forget_evaluations(user_id, ids)
        yield from self._scrub_outcome(user_id, ids[:2])
        yield from self._forget_logged(user_id, ids[:2])  # the message's own row, not its burst's others
        if only or others or cids or people:
            yield from execute(f"DELETE FROM {PROFILES} WHERE user_id = %s", (user_id,))  # rebuilt without them
        return {"purged": len(only), "unlinked": len(others), "candidates": len(cids)}

    def _scrub_outcome(self, user_id: str, ids: Sequence[str]) -> Plan[None]:
        """The outcome recorded for a forgotten message keeps no text of it: its rejected ops keep
        only their op name (the model quoted the message in them) and its evaluator outputs go
        (their rows are deleted by :meth:`_forget_evaluations`)."""
        found = yield from rows(f"SELECT message_id, outcome FROM {PROCESSED} WHERE user_id = %s"
                                " AND message_id = ANY(%s) AND outcome IS NOT NULL", (user_id, list(ids)))
        for r in found:
            outcome = dict(r["outcome"])
            if not outcome.get("rejected") and not outcome.get("evaluations"):
                continue
            outcome["rejected"] = [
                {"op": {"op": str(x.get("op", {}).get("op", "?"))[:40] if isinstance(x.get("op"), dict) else "?"},
                 "reason": "[purged]"} for x in outcome.get("rejected") or [] if isinstance(x, dict)]
            outcome["evaluations"] = {}
            yield from execute(f"UPDATE {PROCESSED} SET outcome = %s WHERE user_id = %s AND message_id = %s",
                               (self.jsonb(outcome), user_id, r["message_id"]))

    def _forget_logged(self, user_id: str, ids: Sequence[str]) -> Plan[int]:
        """The message log forgets these turns: their rows go (queued ones too: a pending retry
        of a turn the user asked to forget never runs), they stay recorded as processed (never
        extracted again), and later rows' context loses them. Returns the rows deleted."""
        ids = [i for i in ids if i]
        gone = yield from rows(f"DELETE FROM {MESSAGES} WHERE user_id = %s AND (message_id = ANY(%s)"
                               " OR fingerprint = ANY(%s)) RETURNING message_id, fingerprint, at, session_id",
                               (user_id, ids, ids))
        yield from self._remember_forgotten(user_id, [*ids, *(r["fingerprint"] for r in gone if r["fingerprint"])])
        sessions = sorted({r["session_id"] for r in gone if r["session_id"]})
        if sessions:  # a summary of the session may quote the turn: the record is rebuilt without it
            yield from execute(f"DELETE FROM {SESSIONS} WHERE user_id = %s AND session_id = ANY(%s)",
                               (user_id, sessions))
        for row in gone:
            for mid in (row["message_id"], row["fingerprint"]):
                if mid:
                    yield from execute(f"INSERT INTO {PROCESSED} (user_id, message_id, processed_at)"
                                       " VALUES (%s, %s, %s) ON CONFLICT DO NOTHING", (user_id, mid, row["at"]))
        yield from self._scrub_context(user_id, ids)
        return len(gone)

    def _forget_evaluations(self, user_id: str, ids: Sequence[str]) -> Plan[int]:
        """The evaluator outputs of forgotten messages are deleted, and the people they named lose
        that mention (a person no other message named is deleted). Returns the people touched."""
        found = yield from rows(f"DELETE FROM {EVALUATIONS} WHERE user_id = %s AND message_id = ANY(%s)"
                                " RETURNING evaluator, output", (user_id, list(ids)))
        keys: list[str] = []
        said: dict[str, set[str]] = {}  # the aliases the forgotten messages gave each person
        for r in found:
            if r["evaluator"] == "relationships" and isinstance(r["output"], list):
                for p in r["output"]:
                    if isinstance(p, dict):
                        key = str(p.get("name", "")).lower()
                        keys.append(key)
                        aliases = [str(a) for a in p.get("aliases") or [] if isinstance(a, str)]
                        said.setdefault(key, set()).update([*aliases, *(g for g in self.guard_record(*aliases) if g)] if aliases else [])
            elif r["evaluator"] == "identity" and r["output"]:
                keys.append(SELF_KEY)
                names = [str(a) for a in r["output"] if isinstance(a, str)] if isinstance(r["output"], list) else []
                said.setdefault(SELF_KEY, set()).update([*names, *(g for g in self.guard_record(*names) if g)] if names else [])
        if not keys:
            return 0
        for key, aliases in sorted(said.items()):  # a person another message named keeps only its own
            if aliases:
                yield from execute(
                    f"UPDATE {PEOPLE} SET aliases = ARRAY(SELECT a FROM unnest(aliases) a WHERE NOT a = ANY(%s))"
                    " WHERE user_id = %s AND name_key = %s", (sorted(aliases), user_id, key))
        yield from execute(f"UPDATE {PEOPLE} SET mentions = mentions - 1 WHERE user_id = %s AND name_key = ANY(%s)",
                           (user_id, keys))
        yield from execute(f"DELETE FROM {PEOPLE} WHERE user_id = %s AND mentions <= 0", (user_id,))
        return len(keys)

    def _forget_turn_plan(self, user_id: str, ids: Sequence[str], generation: int | None = None
                          ) -> Plan[dict[str, int]]:
        """"Forget what I just said": the processed message among ``ids`` (the turn's id, or its
        turn fingerprint when a client re-sent it with a new id) — the id its facts cite — is
        forgotten as :meth:`_forget_message_plan` does. Nothing processed: nothing to forget.
        Returns the counts and ``generation``: the one it bumped to (the asking message applies
        under it), or -1 when ``generation`` (what the asking message started under) is no longer
        current — nothing was done."""
        require_user(user_id)
        # The lock first, then the read: a previous turn whose write commits meanwhile is seen
        # (the lock waits for it), and nothing of it is written after this forget.
        yield from self._user_lock_alone(user_id)
        current = yield from self._generation_now(user_id)
        total = {"purged": 0, "unlinked": 0, "candidates": 0}
        if generation is not None and current != generation:  # a forget committed since: done again
            return {**total, "generation": -1}
        total["generation"] = yield from self._bump_generation(user_id)
        found = yield from rows(f"SELECT message_id, outcome->>'message_id' AS original FROM {PROCESSED}"
                                " WHERE user_id = %s AND message_id = ANY(%s)", (user_id, [i for i in ids if i]))
        originals = sorted({r["original"] or r["message_id"] for r in found})
        # Not processed yet (queued, or waiting for a retry after a failed extraction): the log
        # forgets it, so the retry never runs after the request to forget it.
        yield from self._forget_logged(user_id, list(ids))
        for original in originals:
            counts = yield from self._forget_message_plan(user_id, original, locked=True)
            total.update({k: total[k] + v for k, v in counts.items()})
        return total

    def _retention_plan(self, user_id: str, before: datetime) -> Plan[dict[str, int]]:
        """Retention: facts that are no longer believed (retracted, expired, superseded) since
        before ``before`` are purged, and audit rows older than ``before`` deleted."""
        # A join on user_id, not a correlated subquery: Citus runs it on the user's shard alone.
        old = yield from rows(
            f"SELECT f.id FROM {FACTS} f LEFT JOIN {AUDIT} a ON a.user_id = f.user_id AND a.fact_id = f.id"
            " WHERE f.user_id = %s AND f.status IN ('retracted', 'expired', 'superseded')"
            " GROUP BY f.user_id, f.id, f.created_at HAVING coalesce(max(a.at), f.created_at) < %s ORDER BY f.id",
            (user_id, before))
        for r in old:  # the caller (maintain) bumps the change marker at its end
            yield from self._purge_fact_plan(user_id, r["id"], nested=True)
        audit = yield from rowcount(f"DELETE FROM {AUDIT} WHERE user_id = %s AND at < %s", (user_id, before))
        return {"purged_facts": len(old), "purged_audit_rows": audit}

    def _delete_user_plan(self, user_id: str, at: datetime | None = None) -> Plan[dict[str, int]]:
        """Everything about the user, after in-flight writes finish (the user's lock, taken
        alone); the forget generation is bumped so a write that started earlier applies nothing."""
        require_user(user_id)
        yield from self._user_lock_alone(user_id)
        # Every id the user's turns had, kept as a digest: a client re-sending that history later
        # (a checkpointer's thread, a retry) has it recognised as forgotten, never extracted again.
        # Read on the user's shard, written on the coordinator (the digests are local there): two
        # statements, so no row of one travels to the other's nodes.
        ids = yield from rows(
            f"SELECT message_id AS i FROM {PROCESSED} WHERE user_id = %s"
            f" UNION SELECT message_id FROM {MESSAGES} WHERE user_id = %s"
            f" UNION SELECT fingerprint FROM {MESSAGES} WHERE user_id = %s AND fingerprint IS NOT NULL",
            (user_id, user_id, user_id))
        yield from self._remember_forgotten(user_id, sorted(r["i"] for r in ids))
        counts: dict[str, int] = {}
        for name, table in (("candidates", CANDIDATES), ("audit", AUDIT), ("messages", PROCESSED), ("runs", RUNS),
                            ("profile", PROFILES), ("sessions", SESSIONS), ("facts", FACTS),
                            ("message_log", MESSAGES), ("people", PEOPLE), ("evaluations", EVALUATIONS)):
            counts[name] = yield from rowcount(f"DELETE FROM {table} WHERE user_id = %s", (user_id,))
        yield from execute(f"DELETE FROM {FORGET_REQUESTS} WHERE user_id = %s", (user_id,))  # a retried request is done
        # The cache's change marker goes too (nothing of the user remains); the generation bumped
        # below tells every process's copy that it is gone.
        yield from execute(f"DELETE FROM {VERSIONS} WHERE user_id = %s", (user_id,))
        yield from self._bump_generation(user_id)
        # When (the application's clock, as turns are stamped): a spooled turn said before is dropped.
        # The time is a parameter: Citus refuses a non-immutable function (now()) in a reference
        # table's UPDATE.
        yield from execute(f"UPDATE {USERS} SET forgotten_at = %s WHERE user_key = {USER_KEY_SQL}",
                           (at if at is not None else datetime.now(UTC), user_id))
        counts["jobs"] = yield from self._forget_jobs(user_id)
        return counts

    def _request_forget_plan(self, user_id: str, at: datetime, error: str) -> Plan[None]:
        """Record a forget that could not finish, for the worker to retry (a row on the coordinator)."""
        require_user(user_id)
        yield from execute(
            f"INSERT INTO {FORGET_REQUESTS} (user_id, requested_at, last_error) VALUES (%s, %s, left(%s, 1000))"
            f" ON CONFLICT (user_id) DO UPDATE SET attempts = {FORGET_REQUESTS}.attempts + 1,"
            " last_error = excluded.last_error", (user_id, at, self.guard_text(error)))

    def _forget_requests_plan(self) -> Plan[list[Row]]:
        """The pending forget requests, oldest first (``user_id``, ``requested_at``, ``attempts``, ``last_error``)."""
        return (yield from rows(f"SELECT user_id, requested_at, attempts, last_error FROM {FORGET_REQUESTS}"
                                " ORDER BY requested_at, user_id"))

    def _forget_jobs(self, user_id: str) -> Plan[int]:
        """The job engine's rows naming the user (procrastinate, when installed in this
        database): queued and finished jobs are deleted (their events cascade); a job running
        now loses its arguments — it writes nothing (the forget generation and the derived-write
        guard refuse) and its row no longer names the user."""
        present = yield from one("SELECT to_regclass('procrastinate_jobs') IS NOT NULL AS present")
        if not (present and present["present"]):
            return 0
        match = "task_name = ANY(%s) AND args->>'user_id' = %s"
        params = (list(USER_TASKS), user_id)
        yield from execute(f"DELETE FROM procrastinate_periodic_defers WHERE job_id IN"
                           f" (SELECT id FROM procrastinate_jobs WHERE {match})", params)
        deleted = yield from rowcount(f"DELETE FROM procrastinate_jobs WHERE {match} AND status <> 'doing'", params)
        running = yield from rowcount(f"UPDATE procrastinate_jobs SET args = '{{\"user_id\": null}}'::jsonb,"
                                      f" lock = NULL, queueing_lock = NULL WHERE {match}", params)
        return deleted + running

    # ------------------------------------------------------------------ export / restore
    def _export_plan(self, user_id: str) -> Plan[dict[str, Any]]:
        """Every row stored about the user (no embeddings), in one snapshot."""
        require_user(user_id)
        yield from execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
        data: dict[str, Any] = {}
        for key, sql in (
            ("facts", f"SELECT {FACT_COLUMNS} FROM {FACTS} WHERE user_id = %s ORDER BY created_at, id"),
            ("candidates", f"SELECT {CANDIDATE_COLUMNS} FROM {CANDIDATES} WHERE user_id = %s ORDER BY created_at, id"),
            ("audit_log", f"SELECT * FROM {AUDIT} WHERE user_id = %s ORDER BY id"),
            ("processed_messages", f"SELECT message_id, processed_at, outcome FROM {PROCESSED}"
                                   " WHERE user_id = %s ORDER BY processed_at, message_id"),
            ("runs", f"SELECT job, started_at, finished_at, report FROM {RUNS} WHERE user_id = %s ORDER BY id"),
            ("sessions", f"SELECT session_id, content, summary, fact_ids, started_at, ended_at, built_at"
                         f" FROM {SESSIONS} WHERE user_id = %s ORDER BY started_at, session_id"),
            ("message_log", f"SELECT message_id, session_id, text, at, state, attempts, last_error, processed_at"
                            f" FROM {MESSAGES} WHERE user_id = %s ORDER BY seq"),
            ("people", f"SELECT name_key, name, relation, aliases, fact_ids, mentions, first_at, last_at"
                       f" FROM {PEOPLE} WHERE user_id = %s ORDER BY name_key"),
            ("evaluations", f"SELECT message_id, evaluator, output, at FROM {EVALUATIONS}"
                            " WHERE user_id = %s ORDER BY at, message_id, evaluator"),
        ):
            data[key] = yield from rows(sql, (user_id,))
        return data

    def _restore_plan(self, user_id: str, data: dict[str, Any], fact_vectors: dict[str, list[float]],
                      candidate_vectors: dict[str, list[float]], allow_forgotten: bool = False,
                      at: datetime | None = None) -> Plan[dict[str, int]]:
        """Insert a checked export (:func:`fact_memory_graph.exports.validate_export`) into a user
        with no data: ids, statuses, confidences, chains and processed ids come back exactly;
        audit ids too (the sequence moves past them); the embeddings are recomputed by the caller.

        A user who was forgotten (an empty user whose forget generation is not 0) is refused
        unless ``allow_forgotten``: an export taken before the forget would bring back what the
        user asked to forget. When allowed, the restore is audited as such."""
        require_user(user_id)
        yield from self._user_lock_alone(user_id)
        existing = yield from one(f"SELECT count(*) AS n FROM {FACTS} WHERE user_id = %s", (user_id,))
        processed = yield from one(f"SELECT count(*) AS n FROM {PROCESSED} WHERE user_id = %s", (user_id,))
        if (existing and existing["n"]) or (processed and processed["n"]):
            raise InvalidInputError(f"user {user_id!r} already has data; restore needs an empty user (forget first)")
        forgotten = bool((yield from self._generation_now(user_id)))
        if forgotten and not allow_forgotten:
            raise InvalidInputError(
                f"user {user_id!r} was forgotten: restoring an export into them would bring back what they asked to "
                "forget. If they asked for it, pass allow_forgotten=True (CLI: --into-forgotten); it is audited")
        if forgotten:
            yield from execute(
                f"INSERT INTO {AUDIT} (user_id, op, note, at) VALUES (%s, 'restore', %s, %s)",
                (user_id, "restored into a user who was forgotten (allow_forgotten=True): "
                          f"{len(data.get('facts', []))} facts", at or datetime.now(UTC)))
        columns = [c.strip() for c in FACT_COLUMNS.split(",")]
        for f in data.get("facts", []):
            values = [f.get(c) for c in columns]
            values[columns.index("superseded_by")] = None  # set below, once every fact exists
            values[columns.index("user_id")] = user_id
            values[columns.index("structured_fields")] = self.jsonb(f.get("structured_fields") or {})
            values[columns.index("claim")] = self.guard_text(f.get("claim"))
            yield from execute(
                f"INSERT INTO {FACTS} ({FACT_COLUMNS}, embedding) VALUES ({', '.join(['%s'] * len(columns))},"
                " %s::vector)", (*values, self.vector_param(fact_vectors[str(f["id"])])))
        for f in data.get("facts", []):
            if f.get("superseded_by"):
                yield from execute(f"UPDATE {FACTS} SET superseded_by = %s WHERE user_id = %s AND id = %s",
                                   (f["superseded_by"], user_id, f["id"]))
        ccols = [c.strip() for c in CANDIDATE_COLUMNS.split(",")]
        for c in data.get("candidates", []):
            values = [self.jsonb(c.get(k) or {}) if k == "structured_fields" else user_id if k == "user_id"
                      else self.guard_text(c.get(k)) if k == "claim" else c.get(k) for k in ccols]
            yield from execute(
                f"INSERT INTO {CANDIDATES} ({CANDIDATE_COLUMNS}, embedding)"
                f" VALUES ({', '.join(['%s'] * len(ccols))}, %s::vector)",
                (*values, self.vector_param(candidate_vectors[str(c["id"])])))
        for a in data.get("audit_log", []):
            yield from execute(
                f"INSERT INTO {AUDIT} (user_id, op, fact_id, candidate_id, message_id, before, after, note, at)"
                " VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s)",
                (user_id, a["op"], a.get("fact_id"), a.get("candidate_id"), a.get("message_id"),
                 self.jsonb(a["before"]) if a.get("before") is not None else None,
                 self.jsonb(a["after"]) if a.get("after") is not None else None, self.guard_text(a.get("note")), a["at"]))
        # (audit ids are this database's: a file's ids could exhaust the sequence for every user)
        for m in data.get("processed_messages", []):
            yield from execute(
                f"INSERT INTO {PROCESSED} (user_id, message_id, processed_at, outcome) VALUES (%s, %s, %s, %s)",
                (user_id, m["message_id"], m["processed_at"],
                 self.jsonb(m["outcome"]) if m.get("outcome") is not None else None))
        for r in data.get("runs", []):
            yield from execute(f"INSERT INTO {RUNS} (user_id, job, started_at, finished_at, report)"
                               " VALUES (%s, %s, %s, %s, %s)",
                               (user_id, r["job"], r["started_at"], r["finished_at"], self.jsonb(r["report"])))
        for p in data.get("people", []):
            yield from execute(
                f"INSERT INTO {PEOPLE} (user_id, name_key, name, relation, aliases, fact_ids, mentions, first_at,"
                " last_at) VALUES (%s, %s, %s, %s, %s, %s::uuid[], %s, %s, %s)",
                (user_id, *(person := self.guard_record(p["name_key"], p["name"], p["relation"],
                                                        *(p["aliases"] or [])))[:3],
                 person[3:], p["fact_ids"], p["mentions"],
                 p["first_at"], p["last_at"]))
        for e in data.get("evaluations", []):
            yield from execute(f"INSERT INTO {EVALUATIONS} (user_id, message_id, evaluator, output, at)"
                               " VALUES (%s, %s, %s, %s, %s)",
                               (user_id, e["message_id"], e["evaluator"], self.jsonb(e["output"]), e["at"]))
        yield from self._bump_version(user_id)
        return {"facts": len(data.get("facts", [])), "candidates": len(data.get("candidates", [])),
                "audit": len(data.get("audit_log", [])), "messages": len(data.get("processed_messages", []))}
