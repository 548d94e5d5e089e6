"""Read path: ``FactMemoryRetriever``, a LangChain ``BaseRetriever`` over one user's facts.

For a query it fetches similarity candidates of each kind (more than the quota), scores each as
``relevance x confidence x time_weight`` and keeps the top ``k_durable`` durable and top
``k_current`` current facts; ``k`` caps the total (the top k by score across both kinds).

- relevance (``ReadConfig.search``, default "hybrid") = ``ReadConfig.fusion_model()`` of each
  candidate's evidence — by default ``(cosine + w * lexical) / (1 + w)``, plus
  ``ReadConfig.period_weight`` for a fact dated in the period the query names — over the union of
  the user's facts of that kind nearest by cosine, best by Postgres full-text search (an OR of
  the query's lexemes over the claim and its category, with the category's cue words — "health"
  reaches "[health] allergic to penicillin"), linked to a person the query names, and dated in
  that period; found and scored in one statement. "dense" keeps cosine similarity clipped to
  [0, 1]; "lexical" uses full-text search alone. Measured on LoCoMo (BENCHMARKS.md). No relevance
  floor: a floor measured on cosine removed answers a user needed; pass ``score_threshold`` to cut;
- the facts said together with the best hit (its session, or its message), the best hit included,
  gain ``ReadConfig.session_boost`` (0.1) x its score: the second half of a two-fact answer;
- time_weight = 1 for durable facts; for current facts the configured curve (default
  ``exp(-age_days/14)``) of the age since ``last_confirmed_at`` (a reaffirmed state is fresh
  again; set ``ReadConfig.age_from='valid_at'`` to count from when the state began);
- statuses: ``active`` and ``dormant`` facts are returned (dormant = believed but unused: shown
  as not mentioned for a while, and left dormant until the user reaffirms it); superseded, expired
  and retracted facts never are;
- stale states: a current fact whose time weight is below ``ReadConfig.current_floor`` (default
  0.05, ~6 weeks without reaffirmation) is *stale* (``metadata["stale"]``): it is still returned
  when the query is about it (relevance >= ``stale_min_relevance``) — seed 000's "no hard
  cutoff" — and the prompt sections show it as what it was ("as of 12 March 2026"), never as
  currently happening; a stale state the query is not about is left out. A fact past its
  ``expires_at`` is left out too, even before ``maintain`` marks it expired.

Ties break by claim then id, so the same call twice gives the same output.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

from langchain_core.callbacks import (
    AsyncCallbackManagerForRetrieverRun,
    CallbackManagerForRetrieverRun,
)
from langchain_core.documents import Document
from langchain_core.retrievers import BaseRetriever
from langchain_core.runnables import RunnableConfig
from pydantic import ConfigDict, Field, model_validator

from fact_memory_graph.config import ReadConfig
from fact_memory_graph.context import MemoryContext
from fact_memory_graph.errors import InvalidInputError
from fact_memory_graph.lifecycle import RankingFormula, Seed000Ranking
from fact_memory_graph.messages import named_user_ids, resolve_user_id
from fact_memory_graph.sanitize import check_id
from fact_memory_graph.schema import (
    Fact,
    FactKind,
    FactStatus,
    PendingContradiction,
    SearchHit,
    parse_enum,
)
from fact_memory_graph.when import asked_period, asks_when

_READ_DEFAULTS = ReadConfig()
#: Similarity candidates fetched per kind are at least this many, however small the quota.
MIN_CANDIDATES = 20


def fact_age_days(fact: Fact, now: datetime, age_from: str) -> float:
    start = fact.valid_at if age_from == "valid_at" and fact.valid_at else fact.last_confirmed_at
    return max((now - start).total_seconds() / 86400.0, 0.0)


def _score_candidates(found: dict[FactKind, list[SearchHit]], *, now: datetime, read: ReadConfig,
                      ranking: RankingFormula | None) -> tuple[dict[FactKind, list[list[Any]]], list[tuple[SearchHit, str]]]:
    """Every candidate scored, per kind, as ``[score, relevance, weight, fact, pending, stale, hit]``
    (the said-together boost applied), and the candidates left out with the reason."""
    rank = ranking or Seed000Ranking()
    by_kind: dict[FactKind, list[list[Any]]] = {}
    left_out: list[tuple[SearchHit, str]] = []
    for kind in (FactKind.DURABLE, FactKind.CURRENT):
        scored = by_kind[kind] = []
        for hit in found.get(kind, []):
            fact, similarity, pending = hit[0], hit[1], hit[2]
            if fact.expires_at is not None and fact.expires_at <= now:
                left_out.append((hit, "expired"))  # its window passed; maintain() will mark it expired
                continue
            relevance = min(max(similarity, 0.0), 1.0)
            weight = 1.0 if kind is FactKind.DURABLE else read.time_weight(fact_age_days(fact, now, read.age_from))
            stale = kind is FactKind.CURRENT and weight < read.current_floor
            if stale and relevance < read.stale_min_relevance:
                # an old state the query is not about (see ReadConfig.stale_min_relevance)
                left_out.append((hit, "stale, and the query is not about it"))
                continue
            scored.append([rank(fact, relevance, weight, now), relevance, weight, fact, pending, stale, hit])
    _boost_said_together([s for scored in by_kind.values() for s in scored], read.session_boost)
    return by_kind, left_out


def _select(by_kind: dict[FactKind, list[list[Any]]], k_durable: int, k_current: int, k: int | None
            ) -> list[list[Any]]:
    """The entries kept: the top of each kind by its quota, best first, capped at ``k``."""
    kept: list[list[Any]] = []
    for kind, quota in ((FactKind.DURABLE, k_durable), (FactKind.CURRENT, k_current)):
        scored = by_kind[kind]
        scored.sort(key=lambda s: (-s[0], s[3].claim, s[3].id))  # a UUID orders as its text does
        kept.extend(scored[:quota])
    kept.sort(key=lambda s: (-round(s[0], 6), s[3].kind.value, s[3].claim, s[3].id))
    return kept[:k] if k is not None else kept


def score_facts(
    found: dict[FactKind, list[SearchHit]],
    *,
    now: datetime,
    read: ReadConfig,
    k_durable: int,
    k_current: int,
    k: int | None,
    ranking: RankingFormula | None = None,
) -> list[Document]:
    """Rank candidates per kind with ``ranking`` (the lifecycle policy's formula; seed 000's
    ``relevance x confidence x time_weight`` by default), keep the quotas, cap at ``k``; best first."""
    by_kind, _ = _score_candidates(found, now=now, read=read, ranking=ranking)
    return [_document(*s[:6]) for s in _select(by_kind, k_durable, k_current, k)]


@dataclass(frozen=True)
class ScoreParts:
    """One candidate of a search and how its score was made (:meth:`FactMemoryRetriever.explain`).

    ``dense`` (cosine similarity), ``lexical`` (full-text rank normalised to [0, 1)), ``person``
    (linked to a person the query names) and ``in_period`` (dated in the period the query asks
    about) are the evidence the search statement fused into ``relevance``; ``score`` is the
    ranking formula over ``relevance``, ``confidence`` and ``time_weight`` plus ``boost`` (said
    together with the best hit). ``rank`` is its place among the documents returned (``None``:
    not returned, ``left_out`` says why)."""

    fact: Fact
    dense: float | None
    lexical: float | None
    person: bool
    in_period: bool
    relevance: float
    confidence: float
    time_weight: float
    stale: bool
    boost: float
    score: float
    rank: int | None
    left_out: str | None


@dataclass(frozen=True)
class Explanation:
    """What :meth:`FactMemoryRetriever.explain` returns: the documents a call returns, every
    candidate's score parts (returned ones first, in order), and the fusion weights in force."""

    query: str
    at: datetime
    documents: list[Document]
    candidates: list[ScoreParts]
    fusion: dict[str, float]


class _Evidence:
    """A search hit's fields, with a plain ``(fact, similarity, pending)`` tuple's evidence unknown."""

    def __init__(self, hit: Any) -> None:
        self.fact, self.similarity = hit[0], hit[1]
        self.cosine, self.lexical = getattr(hit, "cosine", None), getattr(hit, "lexical", None)
        self.person, self.in_period = bool(getattr(hit, "person", False)), bool(getattr(hit, "in_period", False))


def _explain(query: str, now: datetime, found: dict[FactKind, list[SearchHit]], opts: dict[str, Any],
             read: ReadConfig, ranking: RankingFormula | None) -> Explanation:
    by_kind, left_out = _score_candidates(found, now=now, read=read, ranking=ranking)
    base = {id(s): (ranking or Seed000Ranking())(s[3], s[1], s[2], now) for v in by_kind.values() for s in v}
    kept = _select(by_kind, opts["k_durable"], opts["k_current"], opts["k"])
    threshold = opts.get("score_threshold")
    if threshold is not None:
        kept = [s for s in kept if round(s[0], 6) >= threshold]
    places = {id(s): i for i, s in enumerate(kept, 1)}
    parts = []
    for entries in by_kind.values():
        for s in entries:
            hit = _Evidence(s[6])
            reason = None if id(s) in places else (
                "below score_threshold" if threshold is not None and round(s[0], 6) < threshold
                else "below its kind's quota or k")
            parts.append(ScoreParts(fact=s[3], dense=hit.cosine, lexical=hit.lexical, person=hit.person,
                                    in_period=hit.in_period, relevance=s[1], confidence=s[3].confidence,
                                    time_weight=s[2], stale=s[5], boost=s[0] - base[id(s)], score=s[0],
                                    rank=places.get(id(s)), left_out=reason))
    for raw, reason in left_out:
        hit = _Evidence(raw)
        parts.append(ScoreParts(fact=hit.fact, dense=hit.cosine, lexical=hit.lexical, person=hit.person,
                                in_period=hit.in_period, relevance=min(max(hit.similarity, 0.0), 1.0),
                                confidence=hit.fact.confidence, time_weight=0.0, stale=False, boost=0.0, score=0.0,
                                rank=None, left_out=reason))
    parts.sort(key=lambda p: (p.rank is None, p.rank or 0, -p.score, p.fact.claim, str(p.fact.id)))
    docs = [_document(*s[:6]) for s in kept]
    weights = read.fusion_model().model_dump()
    return Explanation(query=query, at=now, documents=docs, candidates=parts,
                       fusion={k: float(v) for k, v in weights.items() if isinstance(v, int | float)})


def _said_together(fact: Fact) -> tuple[str, str] | None:
    """What groups facts said together: the session, else the message they came from."""
    if fact.session_id:
        return ("session", fact.session_id)
    return ("message", fact.evidence_message_ids[0]) if fact.evidence_message_ids else None


def _boost_said_together(scored: list[list[Any]], boost: float) -> None:
    """The facts said together with the best hit (its session, or its message when there is no
    session), the best hit included, gain ``boost`` x its score: an answer that needs two facts
    often has them said together (LoCoMo dev, BENCHMARKS.md), and the best hit keeps its place.
    In place, on ``[score, relevance, weight, fact, ...]`` entries."""
    if boost <= 0 or len(scored) < 2:
        return
    top = max(s[0] for s in scored)  # the ties of the best score alone need the tie-break
    best = max((s for s in scored if s[0] == top), key=lambda s: (s[3].claim, s[3].id))
    key, bonus = _said_together(best[3]), boost * best[0]
    if key is None:
        return
    for entry in scored:
        if _said_together(entry[3]) == key:
            entry[0] += bonus


def _document(score: float, relevance: float, weight: float, fact: Fact,
              pending: list[PendingContradiction], stale: bool = False) -> Document:
    return Document(
        id=str(fact.id),
        page_content=fact.claim,
        metadata={
            "id": str(fact.id),
            "kind": fact.kind.value,
            "category": fact.category,
            "confidence": fact.confidence,
            "relevance": round(relevance, 6),
            "time_weight": round(weight, 6),
            "score": round(score, 6),
            "status": fact.status.value,
            "source": fact.source.value,
            "valid_at": fact.valid_at,
            "expires_at": fact.expires_at,
            "created_at": fact.created_at,
            "last_confirmed_at": fact.last_confirmed_at,
            "verification_status": fact.verification_status.value,
            #: A state last confirmed long ago: shown "as of" its date, never as happening now.
            "stale": stale,
            "structured_fields": dict(fact.structured_fields),
            "pending_contradictions": [
                {"id": str(p.id), "claim": p.claim} for p in pending
            ],
        },
    )


#: What ``search_kwargs`` (constructor or per call) may hold, as LangChain's vector-store retrievers.
SEARCH_KWARGS = ("k", "k_durable", "k_current", "filter", "score_threshold", "since", "until")
FILTER_KEYS = ("kind", "category", "status")


def _as_list(value: Any) -> list[str]:
    """A filter value as a list: a value, a list, ``{"$in": [...]}`` or ``{"$eq": x}`` (as in
    langchain-postgres filters); checked by :func:`_check_filter_value` first."""
    if isinstance(value, dict):
        value = value.get("$in", value.get("$eq"))
    return [value] if isinstance(value, str) else list(value)


def _check_filter_value(key: str, value: Any) -> None:
    if isinstance(value, dict):
        ops = set(value)
        if ops not in ({"$in"}, {"$eq"}):
            raise InvalidInputError(f"filter {key!r}: only a value, a list, {{'$in': [...]}} or {{'$eq': value}} "
                                    f"are supported (got operators {sorted(ops)})")
        if "$in" in value and not isinstance(value["$in"], list | tuple):
            raise InvalidInputError(f"filter {key!r}: '$in' takes a list (got {type(value['$in']).__name__})")
    elif not isinstance(value, str | list | tuple):
        raise InvalidInputError(f"filter {key!r} takes a string or a list of strings (got {value!r})")
    if not all(isinstance(v, str) for v in _as_list(value)):
        raise InvalidInputError(f"filter {key!r} takes a string or a list of strings (got {value!r})")


def _as_time(key: str, value: Any) -> datetime:
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            raise InvalidInputError(f"search_kwargs[{key!r}] is not an ISO 8601 date or datetime: {value!r}") from None
    if not isinstance(value, datetime) or value.tzinfo is None:
        raise InvalidInputError(f"search_kwargs[{key!r}] must be a timezone-aware datetime (or ISO text with an offset)")
    return value


def _check_search_kwargs(search_kwargs: dict[str, Any]) -> dict[str, Any]:
    """The search options, checked: anything malformed is an :class:`InvalidInputError` that says
    what is allowed (never a ``TypeError`` or a silently dropped document)."""
    unknown = set(search_kwargs) - set(SEARCH_KWARGS)
    if unknown:
        raise InvalidInputError(f"unknown search_kwargs {sorted(unknown)} (allowed: {', '.join(SEARCH_KWARGS)})")
    out = dict(search_kwargs)
    for key in ("k", "k_durable", "k_current"):
        value = out.get(key)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
            raise InvalidInputError(f"search_kwargs[{key!r}] must be a whole number >= 0 (got {value!r})")
    threshold = out.get("score_threshold")
    if threshold is not None and (isinstance(threshold, bool) or not isinstance(threshold, int | float)
                                  or not math.isfinite(threshold)):
        raise InvalidInputError(f"search_kwargs['score_threshold'] must be a finite number (got {threshold!r})")
    for key in ("since", "until"):
        if out.get(key) is not None:
            out[key] = _as_time(key, out[key])
    flt = out.get("filter") or {}
    if not isinstance(flt, dict) or set(flt) - set(FILTER_KEYS):
        raise InvalidInputError(f"filter must be a dict over {', '.join(FILTER_KEYS)} (got {flt!r})")
    for key, value in flt.items():
        _check_filter_value(key, value)
    for key in ("kind", "status"):
        if key in flt:
            enum = FactKind if key == "kind" else FactStatus
            [parse_enum(enum, v, key) for v in _as_list(flt[key])]
    return out


def check_retriever_options(options: dict[str, Any]) -> None:
    """Raise :class:`InvalidInputError` for an unsupported ``search_type`` or ``search_kwargs``."""
    if options.get("search_type", "similarity") != "similarity":
        raise InvalidInputError(f"search_type {options['search_type']!r} is not supported (only 'similarity': "
                                "the ranking is relevance x confidence x time weight)")
    _check_search_kwargs(options.get("search_kwargs") or {})


class FactMemoryRetriever(BaseRetriever):
    """Top durable + top current facts of one user for a query, as ``Document`` objects.

    Build one with ``memory.as_retriever(user_id=...)``, or without ``user_id`` to take the user
    from ``config["configurable"]["user_id"]`` (or the LangGraph runtime context) on each call; a
    bound retriever refuses a config naming another user. ``search_kwargs`` (constructor, or per
    call as ``invoke(q, search_kwargs=...)``) take ``k`` (LangChain's "at most k documents"),
    ``k_durable``, ``k_current``, ``filter`` on ``kind`` / ``category`` / ``status`` (a value, a
    list, or ``{"$in": [...]}``) and ``score_threshold``; anything else raises.
    """

    model_config = ConfigDict(arbitrary_types_allowed=True, extra="forbid")

    context: MemoryContext = Field(exclude=True)
    user_id: str | None = None
    k_durable: int = Field(default=_READ_DEFAULTS.k_durable, ge=0)
    k_current: int = Field(default=_READ_DEFAULTS.k_current, ge=0)
    k: int | None = Field(default=None, ge=0)
    search_type: Literal["similarity"] = "similarity"
    search_kwargs: dict[str, Any] = Field(default_factory=dict)
    #: Override the memory's clock for this retriever (e.g. to look at a past or future date).
    clock: Callable[[], datetime] | None = Field(default=None, exclude=True)

    @model_validator(mode="before")
    @classmethod
    def _memory_alias(cls, data: Any) -> Any:
        # ``memory=`` (a FactMemory) was the constructor argument before the context existed.
        if isinstance(data, dict) and "memory" in data and "context" not in data:
            data = {**data, "context": data.pop("memory").context}
        if isinstance(data, dict):
            check_retriever_options(data)
        return data

    def _now(self) -> datetime:
        return (self.clock or self.context.now)()

    def _user(self, config: RunnableConfig | None) -> str:
        if self.user_id is not None:
            other = [(src, v) for src, v in named_user_ids({}, config) if v != self.user_id]
            if other:
                raise InvalidInputError(f"this retriever is bound to another user than {other[0][0]}; build one "
                                        "without user_id to take the user from the run")
            return self.user_id
        return resolve_user_id({}, config)

    def invoke(self, input: str, config: RunnableConfig | None = None, **kwargs: Any) -> list[Document]:
        return super().invoke(input, config, _user_id=self._user(config), **kwargs)

    async def ainvoke(self, input: str, config: RunnableConfig | None = None, **kwargs: Any) -> list[Document]:
        return await super().ainvoke(input, config, _user_id=self._user(config), **kwargs)

    def _options(self, k: int | None, search_kwargs: dict[str, Any] | None, extra: dict[str, Any]) -> dict[str, Any]:
        if extra:
            raise InvalidInputError(f"unknown arguments {sorted(extra)} (allowed: k, search_kwargs)")
        opts = {"k": self.k, "k_durable": self.k_durable, "k_current": self.k_current,
                **self.search_kwargs, **_check_search_kwargs(dict(search_kwargs or {}))}
        if k is not None:
            opts["k"] = _check_search_kwargs({"k": k})["k"]
        return opts

    def _quotas(self, opts: dict[str, Any]) -> dict[FactKind, int]:
        factor = self.context.config.read.candidate_factor
        kinds = _as_list((opts.get("filter") or {}).get("kind", [FactKind.DURABLE, FactKind.CURRENT]))
        quotas = {}
        for kind, quota in ((FactKind.DURABLE, opts["k_durable"]), (FactKind.CURRENT, opts["k_current"])):
            quotas[kind] = max(quota * factor, MIN_CANDIDATES) if quota and kind.value in kinds else 0
        return quotas

    def _search_args(self, opts: dict[str, Any], query: str | None = None) -> dict[str, Any]:
        flt = opts.get("filter") or {}
        read = self.context.config.read
        args: dict[str, Any] = {"quotas": self._quotas(opts), "since": opts.get("since"), "until": opts.get("until"),
                                "query_text": query, "mode": read.search if query is not None else "dense",
                                "lexical_weight": read.lexical_weight, "fusion": read.fusion_model(),
                                "period": asked_period(query, self._now()) if query is not None else None}
        if "category" in flt:
            args["categories"] = _as_list(flt["category"])
        if "status" in flt:
            args["statuses"] = _as_list(flt["status"])
        return args

    def _rank(self, user_id: str, found: dict[FactKind, list[SearchHit]], opts: dict[str, Any],
              show_dates: bool = False) -> list[Document]:
        now = self._now()
        docs = score_facts(found, now=now, read=self.context.config.read, ranking=self.context.ranking,
                           k_durable=opts["k_durable"],
                           k_current=opts["k_current"], k=opts["k"])
        if show_dates:  # "when ...?", "... in May?": the section dates every fact
            for doc in docs:
                doc.metadata["show_date"] = True
        if opts.get("score_threshold") is not None:
            docs = [d for d in docs if d.metadata["score"] >= opts["score_threshold"]]
        self.context.access.record(user_id, [d.metadata["id"] for d in docs], now)
        return docs

    def search_by_vector(self, embedding: Sequence[float], *, k: int | None = None,
                         user_id: str | None = None) -> list[Document]:
        """Rank for an already-embedded query (benchmarks, callers that batch embeddings)."""
        user = check_id(user_id or self.user_id, "user_id")
        opts = self._options(k, None, {})
        args = self._search_args(opts)
        return self._rank(user, self.context.store.search(user, embedding, args.pop("quotas"), **args), opts)

    def _explain_args(self, query: str, k: int | None, search_kwargs: dict[str, Any] | None,
                      user_id: str | None) -> tuple[str, dict[str, Any], dict[str, Any]]:
        user = check_id(user_id or self.user_id, "user_id")
        opts = self._options(k, search_kwargs, {})
        return user, opts, self._search_args(opts, query)

    def explain(self, query: str, *, k: int | None = None, search_kwargs: dict[str, Any] | None = None,
                user_id: str | None = None) -> Explanation:
        """The same search as :meth:`invoke`, explained: the documents it returns and every
        candidate's score broken into its parts (:class:`ScoreParts`), from the search statement
        and the ranking themselves. For people inspecting a memory: it records no access."""
        user, opts, args = self._explain_args(query, k, search_kwargs, user_id)
        found = self.context.store.search(user, self.context.embed_query(query), args.pop("quotas"), **args)
        return _explain(query, self._now(), found, opts, self.context.config.read, self.context.ranking)

    async def aexplain(self, query: str, *, k: int | None = None, search_kwargs: dict[str, Any] | None = None,
                       user_id: str | None = None) -> Explanation:
        """Async twin of :meth:`explain`."""
        user, opts, args = self._explain_args(query, k, search_kwargs, user_id)
        embedding = await self.context.aembed_query(query)
        found = await self.context.astore.search(user, embedding, args.pop("quotas"), **args)
        return _explain(query, self._now(), found, opts, self.context.config.read, self.context.ranking)

    def _get_relevant_documents(
        self, query: str, *, run_manager: CallbackManagerForRetrieverRun, k: int | None = None,
        search_kwargs: dict[str, Any] | None = None, _user_id: str | None = None,
        _embedding: Sequence[float] | None = None, **kwargs: Any,
    ) -> list[Document]:
        user = check_id(_user_id or self.user_id, "user_id")
        opts = self._options(k, search_kwargs, kwargs)
        args = self._search_args(opts, query)
        embedding = self.context.embed_query(query) if _embedding is None else _embedding
        dated = args["period"] is not None or asks_when(query)
        return self._rank(user, self.context.store.search(user, embedding, args.pop("quotas"), **args), opts, dated)

    async def _aget_relevant_documents(
        self, query: str, *, run_manager: AsyncCallbackManagerForRetrieverRun, k: int | None = None,
        search_kwargs: dict[str, Any] | None = None, _user_id: str | None = None,
        _embedding: Sequence[float] | None = None, **kwargs: Any,
    ) -> list[Document]:
        user = check_id(_user_id or self.user_id, "user_id")
        opts = self._options(k, search_kwargs, kwargs)
        args = self._search_args(opts, query)
        embedding = await self.context.aembed_query(query) if _embedding is None else _embedding
        dated = args["period"] is not None or asks_when(query)
        return self._rank(user, await self.context.astore.search(user, embedding, args.pop("quotas"), **args), opts,
                          dated)
