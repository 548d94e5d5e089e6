"""Typed configuration: frozen pydantic models with bounds; every knob has a default.

The environment is read in :mod:`fact_memory_graph.settings`, never here.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from fact_memory_graph.timeweight import (
    ExponentialDecay,
    PiecewiseLinearDecay,
    SigmoidDecay,
)

TimeWeightConfig = ExponentialDecay | PiecewiseLinearDecay | SigmoidDecay


def utc_now() -> datetime:
    """The default clock: the current time in UTC (aware)."""
    return datetime.now(UTC)


class WriteConfig(BaseModel):
    """Write path: extraction, dedup and the numeric effects of each op."""

    model_config = ConfigDict(frozen=True)

    initial_confidence: float = Field(default=0.7, ge=0, le=1)
    strengthen_step: float = Field(default=0.1, gt=0, le=1)
    decay_step: float = Field(default=0.15, gt=0, le=1)
    #: A decayed fact below this confidence becomes ``retracted`` (kept, never retrieved).
    retract_below: float = Field(default=0.2, ge=0, le=1)
    #: Cosine at or above which a proposed add becomes a strengthen (model-specific: MiniLM).
    dedup_threshold: float = Field(default=0.92, gt=0, le=1)
    #: Facts of each kind shown to the extractor (seed: top-15 + top-15).
    retrieve_k: int = Field(default=15, ge=0, le=100)
    #: Previous messages given to the extractor and mixed into the message embedding.
    context_messages: int = Field(default=4, ge=0, le=50)
    #: Ops beyond this per message are dropped with a logged reason.
    max_ops: int = Field(default=24, ge=1, le=200)
    #: Longer messages are truncated (head and tail kept) before extraction.
    max_message_chars: int = Field(default=8000, ge=200)
    max_claim_chars: int = Field(default=300, ge=20)
    #: Pending contradictions one fact may hold; more are rejected with a reason (72 pending
    #: corrections once crowded every fact out of the prompt).
    max_pending_per_fact: int = Field(default=5, ge=1, le=100)
    #: Run extraction every N user messages over the unprocessed batch (seed 001); 1 = always.
    extract_every: int = Field(default=1, ge=1, le=50)
    #: With extract_every=1 the write graph also processes earlier user messages of the state that
    #: were never processed (a failed extraction is retried on the next turn), oldest first, among
    #: the last ``retry_window`` user messages.
    retry_window: int = Field(default=5, ge=1, le=50)
    structured_output_method: Literal["function_calling", "json_schema", "json_mode"] = (
        "function_calling"
    )
    #: Categories never stored (privacy policy: e.g. ``("health",)``, a special category of
    #: personal data under privacy law). A proposed fact of one is dropped when ops are validated
    #: and audited without its text; a direct ``memory.facts.add`` of one is refused.
    never_store: tuple[str, ...] = ()
    #: A user message asking not to be remembered ("don't remember that", "forget what I just
    #: said", "between you and me, ...", in the languages of ``prompts/forget_phrases.json``) is
    #: marked processed with nothing extracted and no model call, and the model's ``forget`` op
    #: is honoured (:mod:`fact_memory_graph.forgetting`). False: extract as usual, no forget op.
    honour_do_not_remember: bool = True
    #: Secrets are never stored (card numbers by their checksum, passwords and PINs, API keys and
    #: tokens, government ids): masked in a message before the extractor sees it or it is queued,
    #: a proposed fact still carrying one withheld (audited without its text), a direct write of
    #: one refused. Health and beliefs stay storable: ``never_store`` excludes categories.
    redact_secrets: bool = True
    #: Deadline of a write on the reply's path (the queued write node's enqueue, the middleware's,
    #: the memory tools' writes): past it, or when the database fails, the write gives up, logs one
    #: line saying what was kept or lost, and the reply goes on. ``None``: no deadline.
    write_budget_s: float | None = Field(default=0.5, gt=0)
    #: How long a forget (of the user, a message, a turn, a fact) waits for the user's model
    #: calls in flight: an extraction or review holds the user's lock (shared) from its last
    #: forget-generation check until its model call returns, so no prompt quoting forgotten text
    #: is sent after a forget returned. Past this the forget fails with ``StoreTimeoutError``,
    #: having deleted nothing (call it again). Give the chat model a timeout (times its retries)
    #: below this. It is the forget's lock timeout (instead of ``lock_timeout_ms``) and raises a
    #: shorter ``statement_timeout_ms`` for the forget's transaction only.
    forget_wait_s: float = Field(default=120.0, gt=0, le=3600)


class Fusion(BaseModel):
    """How the hybrid search turns its evidence into one relevance in [0, 1]:
    ``z = bias + cosine * c + lexical * l + matched * [l > 0] + person * [linked]
    + cosine_gap * (c - c_top) + lexical_share * l / l_top``, relevance = ``1 / (1 + exp(-z))``
    (``link="logistic"``) or ``z`` (``"identity"``). ``c`` is the cosine similarity, ``l`` the
    normalised full-text rank (``ts_rank_cd / (1 + ts_rank_cd)``), *linked* says a person the
    query names is linked to the fact, and ``c_top`` / ``l_top`` are the best of the candidates
    of the same kind (how far a fact is from the best match of this query).

    The default is the hand-set blend (:meth:`blend`): ``benchmarks/fusion_train.py`` learns
    weights on LoCoMo's dev conversations (a logistic regression, or a search for the weights with
    the best recall) and scores them leave-one-conversation-out, and neither beat the blend on
    the held-out conversation (BENCHMARKS.md, "Learned fusion"). Pass your own to try others."""

    model_config = ConfigDict(frozen=True, allow_inf_nan=False)

    link: Literal["logistic", "identity"] = "logistic"
    bias: float = 0.0
    #: Added when the fact's date falls in the period the query asks about ("in May 2023", "last
    #: week": :func:`fact_memory_graph.when.asked_period`); such facts also join the candidates.
    period: float = 0.0
    cosine: float = 0.0
    lexical: float = 0.0
    matched: float = 0.0
    person: float = 0.0
    cosine_gap: float = 0.0
    lexical_share: float = 0.0

    @property
    def relative(self) -> bool:
        """Whether a term compares a candidate with the best of its kind (the query then takes
        the best cosine and full-text rank of the candidates with a window)."""
        return bool(self.cosine_gap or self.lexical_share)

    @classmethod
    def blend(cls, lexical_weight: float, period: float = 0.0) -> Fusion:
        """The hand-set blend, the default: ``(cosine + w * lexical) / (1 + w)``, plus ``period``
        for a fact dated in the period the query asks about."""
        return cls(link="identity", cosine=1 / (1 + lexical_weight), lexical=lexical_weight / (1 + lexical_weight),
                   period=period)


class ReadConfig(BaseModel):
    """Read path: quotas, ranking and the prompt sections."""

    model_config = ConfigDict(frozen=True)

    k_durable: int = Field(default=6, ge=0)
    k_current: int = Field(default=6, ge=0)
    #: Similarity candidates fetched per kind = max(quota * factor, 20), then re-ranked.
    candidate_factor: int = Field(default=4, ge=1)
    time_weight: TimeWeightConfig = Field(default_factory=ExponentialDecay)
    #: Age of a current fact counts from its last confirmation (a reaffirmed state is fresh).
    age_from: Literal["last_confirmed_at", "valid_at"] = "last_confirmed_at"
    #: A current fact whose time weight is below this is stale: not presented as "currently
    #: happening" (it stays stored; ``maintain`` may expire it; see ``stale_min_relevance``). 0.05 is ~6 weeks without
    #: reaffirmation on the default curve (exp(-42/14)); ranking above it stays continuous.
    #: 0 turns the filter off.
    current_floor: float = Field(default=0.05, ge=0, lt=1)
    #: A stale state (below ``current_floor``) is still shown — as what it was, "as of <date>", in
    #: its own section, never as happening now — when the query is about it: relevance at least
    #: this (seed 000: no hard cutoff). 0.3 on the hybrid scale is a query sharing the state's
    #: words; an unrelated question scores below 0.15.
    stale_min_relevance: float = Field(default=0.3, ge=0, le=1)
    token_budget: int = Field(default=500, ge=0)
    #: Messages embedded by the recall node.
    recall_messages: int = Field(default=5, ge=1)
    #: A longer query is cut (head and tail) before embedding: the embedder reads ~256 tokens
    #: anyway, and a huge query would cost seconds of tokenizing.
    max_query_chars: int = Field(default=4000, ge=100)
    #: Count retrievals (access_count / last_accessed_at); done on a background thread.
    track_access: bool = True
    #: A hot user's facts kept in this process (vectors, lexemes, ranking fields; about 6 MB per
    #: 1,000 facts with MiniLM), at most this many MB over all users, least recently read out
    #: first; every read checks the user's change marker first (docs/retrieval.md). 0: off.
    hot_cache_mb: int = Field(default=128, ge=0)
    #: Deadline of one read of the recall node, the middleware and the tools (embedding
    #: included); past it, or when the read fails, they answer with an empty memory section and
    #: log one line (``on_error="log"``, their default). ``None``: no deadline.
    read_budget_s: float | None = Field(default=1.5, gt=0)
    #: How candidates are found: "hybrid" (default) takes the top facts by cosine and by Postgres
    #: full-text search (an OR of the query's lexemes over claim and category, plus the category
    #: names its words point at) and scores each (cosine + w * lexical) / (1 + w); "dense" is
    #: cosine only, "lexical" full-text only (for comparison; see BENCHMARKS.md, LoCoMo).
    search: Literal["hybrid", "dense", "lexical"] = "hybrid"
    #: w above: the weight of the normalised full-text rank (ts_rank_cd / (1 + ts_rank_cd));
    #: 2 measured best on the LoCoMo dev conversations (0.5: 0.626, 1: 0.651, 2: 0.660, 4: 0.658).
    lexical_weight: float = Field(default=2.0, ge=0, le=20)
    #: How the hybrid search scores a candidate: ``None`` (default) the hand-set blend
    #: ``(cosine + w * lexical) / (1 + w)`` with ``lexical_weight``, or your own :class:`Fusion`.
    fusion: Fusion | None = None
    #: The default blend's gain for a fact dated in the period a query asks about ("in May 2023",
    #: "last week": :func:`~fact_memory_graph.when.asked_period`), in relevance units
    #: (``Fusion.period``); such facts also join the candidates. Measured on the LoCoMo dev
    #: conversations (R@10 turns / observations): 0 gives 0.684 / 0.624, 0.1 0.710 / 0.634,
    #: 0.15 0.706 / 0.637, 0.2 0.707 / 0.637. 0: no gain (a dated fact still joins the candidates).
    period_weight: float = Field(default=0.1, ge=0, le=1)

    def fusion_model(self) -> Fusion:
        """The :class:`Fusion` the hybrid search uses."""
        return self.fusion if self.fusion is not None else Fusion.blend(self.lexical_weight, self.period_weight)
    #: Facts said together with the best hit (its session, else its message) gain this times the
    #: best hit's score. Measured on the LoCoMo dev conversations (R@5 / R@10): 0 gives
    #: observations 0.570 / 0.620, turns 0.572 / 0.656; 0.1 gives 0.577 / 0.632 and 0.598 / 0.688
    #: (0.2 lowers R@5 in the turns mode; boosting from the top 2-3 hits lowers R@5). 0: off.
    session_boost: float = Field(default=0.1, ge=0, le=1)


class ReconcileConfig(BaseModel):
    """The write-ahead reconciliation job (seed 004): batch, grouping and schedule."""

    model_config = ConfigDict(frozen=True)

    #: Unreconciled facts taken per run (oldest first); the rest wait for the next run.
    batch_size: int = Field(default=200, ge=1, le=10_000)
    #: Each unreconciled fact is compared with its top-n neighbours of the same user, kind and
    #: category whose cosine is at least ``min_similarity``. Measured with MiniLM on
    #: shared/eval/dedup_pairs.jsonl: true duplicates sit between 0.567 and 0.946 and are each
    #: other's first or second neighbour, so 0.5 puts every true pair in one group; 10
    #: neighbours (not 5) matter for users with many near-identical facts (benchmarks/reconcile.py).
    neighbours: int = Field(default=10, ge=1, le=50)
    min_similarity: float = Field(default=0.5, ge=0, le=1)
    #: A group sent to the model holds at most this many facts (the weakest links are cut).
    #: benchmarks/reconcile.py (1,000 facts, 300 paraphrases) merges in one sweep 79% of the
    #: duplicates with 5 neighbours and groups of 8, 94% with 10 and 16, 98% with 10 and 24;
    #: 16 keeps each prompt small (~700 tokens) for the model to judge.
    max_group_size: int = Field(default=16, ge=2, le=50)
    #: A new durable fact is also grouped with the older active current states it may end ("works
    #: at Acme" ends "looking for a job", cosine 0.38 with MiniLM; "lives in Berlin" vs that state
    #: is 0.26): at most ``state_neighbours`` of any category with cosine >= ``state_similarity``.
    #: The model decides; a state it keeps stays. 0 neighbours: no such grouping.
    state_neighbours: int = Field(default=3, ge=0, le=20)
    state_similarity: float = Field(default=0.3, ge=0, le=1)
    #: Cron expression of the scheduled run (procrastinate periodic task), UTC.
    schedule: str = "0 3 * * *"
    #: ``maintain``: durable facts unused this long become dormant.
    dormant_after_days: float = Field(default=90.0, gt=0)
    #: Pending contradictions are settled by the model in the nightly run (seed 004): each fact
    #: with corrections is shown as F1 beside them (C1, C2, ...) and each is accepted (the
    #: correction supersedes the fact; chain and audit kept) or rejected (audited). Off: they
    #: wait for ``memory.corrections.resolve`` (a human review queue).
    resolve_corrections: bool = True
    #: Facts whose corrections one run settles (one model call each); the rest wait for the next.
    max_corrections_per_run: int = Field(default=50, ge=0, le=10_000)
    #: Retention (off by default): ``maintain`` hard-deletes retracted, expired and superseded
    #: facts (with their audit rows and candidates) and audit rows older than this many days.
    retention_days: float | None = Field(default=None, gt=0)


class HealthConfig(BaseModel):
    """Health figures and alerts (seed 004): temperature bands and alert thresholds."""

    model_config = ConfigDict(frozen=True)

    #: A retrievable fact confirmed or retrieved within ``hot_days`` is hot, within ``warm_days``
    #: warm, else cold. A healthy memory is a pyramid: some hot, more warm, most cold.
    hot_days: float = Field(default=7.0, gt=0)
    warm_days: float = Field(default=30.0, gt=0)
    #: Alert when more facts than this wait for reconciliation.
    backlog_alert: int = Field(default=20, ge=0)
    #: Alert when the last run took more than this times the average of the runs before it.
    runtime_factor: float = Field(default=2.0, gt=1)
    #: Runs in the rolling average.
    recent_runs: int = Field(default=10, ge=2, le=1000)
    #: Alert when a queued message has waited longer than this (no drainer running?).
    queue_age_alert_s: float = Field(default=300.0, gt=0)


class LifecyclePolicy(BaseModel):
    """How facts live: seed 000's behaviour (``name="seed000"``, the default) or seed 002's staged
    lifecycle (``name="staged"``, or :meth:`staged`). See :mod:`fact_memory_graph.lifecycle`.

    Under ``staged``: new facts start *staged* (``confirmed_at`` unset) and are confirmed on their
    ``promotion_accesses``-th retrieval (user edits are confirmed at once); ranking and cleanup use
    seed 002's relevance ``confidence x source weight x idle decay x usage boost``; ``maintain``
    sweeps (retracts, audited) facts whose relevance fell below ``cleanup_threshold`` unless they are
    confirmed with at least ``protect_accesses`` retrievals; a contradiction from a trusted source
    at confidence >= ``trusted_confidence`` supersedes directly instead of waiting for review.
    """

    model_config = ConfigDict(frozen=True)

    name: Literal["seed000", "staged"] = "seed000"
    promotion_accesses: int = Field(default=3, ge=1)
    #: Days since the last access before idle decay starts, and the factor per further week.
    grace_days: float = Field(default=7.0, ge=0)
    weekly_decay: float = Field(default=0.95, gt=0, le=1)
    source_weights: dict[str, float] = Field(default_factory=lambda: {
        "user_edit": 2.0, "file": 1.5, "system": 1.2, "conversation": 1.0})
    #: Usage boost ``1 + usage_boost * log10(accesses + 1)``.
    usage_boost: float = Field(default=0.5, ge=0)
    cleanup_threshold: float = Field(default=0.2, ge=0)
    protect_accesses: int = Field(default=5, ge=0)
    trusted_sources: tuple[str, ...] = ("user_edit",)
    trusted_confidence: float = Field(default=0.9, ge=0, le=1)
    #: Either policy: a current state with no end (``expires_at`` unset: "is training for a
    #: marathon") neither confirmed nor retrieved for this many days is archived by ``maintain``
    #: (status ``expired``, audited as ``archive``; ``None``: never). Until then it fades and is
    #: shown "as of" its date only when asked about. At most ``archive_per_run`` per user and run,
    #: the least important first (:func:`fact_memory_graph.lifecycle.importance`).
    archive_current_after_days: float | None = Field(default=180.0, gt=0)
    archive_per_run: int = Field(default=200, ge=1)

    @classmethod
    def staged(cls, **overrides: object) -> LifecyclePolicy:
        """Seed 002's staged policy with its published thresholds (3 accesses, 7 days, 0.95/week, 0.2, 5)."""
        return cls.model_validate({"name": "staged", **overrides})

    @property
    def is_staged(self) -> bool:
        return self.name == "staged"


class SessionConfig(BaseModel):
    """Seed 003's session memory: one embedded record per session (LangGraph thread)."""

    model_config = ConfigDict(frozen=True)

    #: ``search_sessions`` defaults: at most ``limit`` sessions with similarity >= ``threshold``,
    #: on seed 003's scale ``1 - cosine_distance / 2`` (0..1; 0.5 = unrelated, i.e. cosine 0). A
    #: natural follow-up ("how is my marathon training going?", cosine 0.43, 0.71 on this scale)
    #: is found; the ranking and ``limit`` keep the rest out of the way.
    search_limit: int = Field(default=5, ge=1, le=100)
    search_threshold: float = Field(default=0.5, ge=0, le=1)
    #: Facts listed in a record (the most recent ones when a session has more).
    max_facts: int = Field(default=30, ge=1, le=500)
    #: Ask the chat model for each changed session's summary (one call per session); otherwise
    #: the summary is written from the session's facts (no model, no cost).
    summarize_with_model: bool = False
    #: Sessions the recall adds with ``include_sessions=True``, and their minimum similarity (the
    #: same scale): stricter than ``search_threshold`` because they go into every prompt; 0.675 is
    #: cosine 0.35 — with the default MiniLM embedder a matching session scores about 0.4-0.5 in
    #: cosine against a short question, an unrelated one below 0.2.
    recall_sessions: int = Field(default=3, ge=1, le=20)
    recall_threshold: float = Field(default=0.675, ge=0, le=1)


class QueueConfig(BaseModel):
    """Queued writes: the message log that the write node fills and a drainer empties.

    A queued message is durable the moment the enqueue commits; extraction runs later, off the
    reply's path, exactly once per message id. See :mod:`fact_memory_graph.queue`.
    """

    model_config = ConfigDict(frozen=True)

    #: Debounce: a user's queued messages are extracted once none has arrived for this long, so
    #: a burst becomes one extraction that sees every message of it (LangMem's ``after_seconds``).
    after_seconds: float = Field(default=1.0, ge=0, le=3600)
    #: ... but never later than this after the oldest waiting message (a user who never pauses).
    max_delay_s: float = Field(default=10.0, ge=0, le=86_400)
    #: At most this many of one user's messages go into one extraction (the rest: the next one).
    max_batch: int = Field(default=8, ge=1, le=50)
    #: Who drains the queue in this process: "auto" = a background thread on the embedded
    #: default, nobody with an external database (run ``fact-memory worker``); "thread" = always a
    #: thread here; "off" = never (``flush()`` still drains in the caller).
    drainer: Literal["auto", "thread", "off"] = "auto"
    #: Users whose batches one drainer extracts at once (their embedding calls are batched).
    concurrency: int = Field(default=4, ge=1, le=64)
    #: A failed extraction is retried after ``retry_base_s * 2**(attempts-1)`` seconds (at most
    #: ``retry_max_s``); after ``max_attempts`` the message is parked as ``failed`` (kept, shown
    #: by ``health``, re-queued by ``fact-memory queue retry``).
    max_attempts: int = Field(default=6, ge=1, le=100)
    retry_base_s: float = Field(default=5.0, ge=0)
    retry_max_s: float = Field(default=600.0, ge=0)
    #: A drainer's claim on a batch: renewed every third of it while the drainer works (a
    #: heartbeat), so a drainer that died frees its users' messages within this long.
    lease_s: float = Field(default=30.0, gt=0)
    #: How often a drainer with nothing to wake it looks for due messages (other processes'
    #: enqueues, retries coming due).
    poll_s: float = Field(default=1.0, gt=0, le=60)
    #: Processed messages stay in the log this many days (what nightly inference reads), then
    #: are deleted; ``forget`` deletes them at once.
    log_days: float = Field(default=1.0, ge=0)
    #: Where a turn that cannot be queued within ``WriteConfig.write_budget_s`` is kept until the
    #: database answers (:mod:`fact_memory_graph.spool`): ``None`` = ``spool`` beside the embedded
    #: server's data, or the user cache directory with an external database.
    spool_dir: str | None = None
    #: The spool's bound: a turn that does not fit is lost (one log line with its id).
    spool_max_bytes: int = Field(default=64 * 1024 * 1024, ge=0)


#: The built-in categories (kept in step with :mod:`fact_memory_graph.schema`, which cannot be
#: imported here): a custom category may not reuse one of these names.
BUILT_IN_CATEGORY_NAMES = frozenset({
    "identity", "health", "relationship", "life_event", "business_role", "preference", "goal",
    "feeling", "physical_state", "working_on", "going_through", "schedule_context", "uncategorized",
})


class CustomCategory(BaseModel):
    """A category of your own beside the built-in ones (a coaching agent's ``training_load``, a
    support agent's ``plan_tier``). Its description goes into the extractor's prompt; its words
    let a question reach it ("plan" -> ``plan_tier``), as the built-ins' words do. Facts of it are
    validated, exported, restored and listed like any other."""

    model_config = ConfigDict(frozen=True)

    name: str = Field(pattern=r"^[a-z][a-z0-9_]{1,39}$")
    kind: Literal["durable", "current"]
    #: What belongs here, with an example or two: one line of the extractor prompt.
    description: str = Field(min_length=3, max_length=200)
    #: Question words that point at this category (lower case).
    words: tuple[str, ...] = Field(default=(), max_length=30)


class InferenceConfig(BaseModel):
    """The nightly review of each user's day (seeds 001 and 004): one model call per user per
    night over the message log, proposing inferred facts, refinements and patterns. Off when no
    chat model is configured."""

    model_config = ConfigDict(frozen=True)

    enabled: bool = True
    #: Days of messages the nightly review reads (the message log keeps them this long too).
    window_days: float = Field(default=1.0, gt=0, le=30)
    #: A user's messages shown to the model at most (the newest; ~60 tokens each).
    max_messages: int = Field(default=60, ge=1, le=500)
    #: Inferred facts start here (below a stated fact's ``WriteConfig.initial_confidence``), staged
    #: until retrieved or restated, and shown with "(inferred)".
    confidence: float = Field(default=0.5, ge=0, le=1)
    #: Proposals beyond this per user per night are dropped with a reason.
    max_proposals: int = Field(default=10, ge=1, le=100)


class DigestConfig(BaseModel):
    """The weekly digest (seed 004 R18): health, quality, outcomes and what changed, per store."""

    model_config = ConfigDict(frozen=True)

    #: Cron expression of the digest job (procrastinate periodic task), UTC: Mondays 04:00.
    schedule: str = "0 4 * * 1"
    #: Digests kept (the oldest are deleted when a new one is written).
    keep_weeks: int = Field(default=26, ge=1, le=520)
    #: Where the weekly job delivers the digest, once per week: a webhook (POSTed as JSON with its
    #: Markdown, an ``Idempotency-Key`` header naming the week), the log (``log=True``), and any
    #: callables in ``FactMemory.digest_sinks``. None of them: the digest is only stored.
    webhook_url: str | None = None
    #: Extra headers of the webhook's POST (an ``Authorization`` token, a chat service's key).
    webhook_headers: dict[str, str] = Field(default_factory=dict, max_length=20)
    webhook_timeout_s: float = Field(default=10.0, gt=0, le=300)
    #: Attempts of one delivery (waiting ``webhook_retry_s`` doubling between them); when all
    #: fail the job fails, and procrastinate retries it later.
    webhook_attempts: int = Field(default=3, ge=1, le=20)
    webhook_retry_s: float = Field(default=2.0, ge=0)
    log: bool = False


class EvaluatorConfig(BaseModel):
    """The optional built-in evaluators (:mod:`fact_memory_graph.evaluators`) and how trust counts.

    Both are off by default: together they grow the default extraction prompt by more than 5 %
    (``benchmarks/write_path.py`` measures it). ``FactMemory.open(evaluators=...)`` overrides
    the whole list."""

    model_config = ConfigDict(frozen=True)

    #: The ``goals`` evaluator: goals and progress on them (profile, ``memory.evaluations.goals``).
    goals: bool = False
    #: The ``trust`` evaluator: statements the user shows were never true.
    trust: bool = False
    #: Each inconsistency within ``trust_period_days`` of a moment lowers the trust of what the user
    #: said then by ``trust_penalty``, down to ``trust_floor``.
    trust_penalty: float = Field(default=0.2, ge=0, le=1)
    trust_floor: float = Field(default=0.3, ge=0, le=1)
    trust_period_days: float = Field(default=30.0, gt=0)
    #: The nightly review stores no inference resting on messages whose trust is below this.
    min_inference_trust: float = Field(default=0.5, ge=0, le=1)


class FactMemoryConfig(BaseModel):
    """All settings of a :class:`~fact_memory_graph.FactMemory`."""

    model_config = ConfigDict(frozen=True)

    lifecycle: LifecyclePolicy = Field(default_factory=LifecyclePolicy)
    sessions: SessionConfig = Field(default_factory=SessionConfig)

    write: WriteConfig = Field(default_factory=WriteConfig)
    read: ReadConfig = Field(default_factory=ReadConfig)
    reconcile: ReconcileConfig = Field(default_factory=ReconcileConfig)
    health: HealthConfig = Field(default_factory=HealthConfig)
    queue: QueueConfig = Field(default_factory=QueueConfig)
    inference: InferenceConfig = Field(default_factory=InferenceConfig)
    digest: DigestConfig = Field(default_factory=DigestConfig)
    evaluators: EvaluatorConfig = Field(default_factory=EvaluatorConfig)
    #: Categories of your own beside the built-in ones (see :class:`CustomCategory`).
    categories: tuple[CustomCategory, ...] = Field(default=(), max_length=30)
    #: Connection pool size (psycopg_pool).
    pool_min_size: int = Field(default=1, ge=0)
    pool_max_size: int = Field(default=10, ge=1)
    #: Seconds a call waits for a pooled connection before failing with StoreUnavailableError.
    pool_timeout_s: float = Field(default=10.0, gt=0)
    #: Server-side limits per statement and per lock wait (ms); a call that hits one fails fast
    #: with StoreTimeoutError and applies nothing. ``None`` keeps the server's / URL's setting.
    statement_timeout_ms: int | None = Field(default=30_000, ge=1)
    lock_timeout_ms: int | None = Field(default=10_000, ge=1)

    @model_validator(mode="after")
    def _categories_are_new(self) -> FactMemoryConfig:
        names = [c.name for c in self.categories]
        if clash := sorted(set(names) & BUILT_IN_CATEGORY_NAMES):
            raise ValueError(f"custom categories may not reuse a built-in name: {', '.join(clash)}")
        if len(set(names)) != len(names):
            raise ValueError("custom category names must be unique")
        return self
