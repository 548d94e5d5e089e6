"""Read plans: similarity search, the nearest facts for dedup, listings and counts."""

from __future__ import annotations

import re
import time
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any
from uuid import UUID

import numpy as np

from fact_memory_graph import forget_key
from fact_memory_graph.config import Fusion
from fact_memory_graph.schema import (
    CATEGORY_WORDS,
    ApplyOutcome,
    AuditEntry,
    CandidateStatus,
    Fact,
    FactCandidate,
    FactKind,
    FactStatus,
    PendingContradiction,
    SearchHit,
    parse_enum,
)
from fact_memory_graph.store import hot as hot_mod
from fact_memory_graph.store._sql import (
    AUDIT,
    CANDIDATE_COLUMNS,
    CANDIDATES,
    FACT_COLUMNS,
    FACTS,
    FORGOTTEN,
    PEOPLE,
    PROCESSED,
    USER_KEY_SQL,
    USERS,
    VERSIONS,
    Plan,
    Q,
    Row,
    fact_id_param,
    one,
    require_user,
    rows,
    stmt,
    to_fact,
    together,
)
from fact_memory_graph.store.plans.base import PlansBase

#: Pending contradictions of one fact shown with it (the newest); the rest wait for review.
MAX_PENDING_SHOWN = 2
#: (fact id, claim, cosine similarity) of a dedup neighbour.
Neighbour = tuple[UUID, str, float]


_LEXEME = re.compile(r"[^\W_]+")
#: Query words beyond this many are ignored by the lexical search (a pasted page is not a query).
MAX_QUERY_TERMS = 64


def fusion_sql(f: Fusion) -> str:
    """The relevance expression over a candidate's ``cosine``, ``lexical`` and ``person`` columns
    (:class:`~fact_memory_graph.config.Fusion`; its coefficients are validated finite floats)."""
    terms = [f"{float(f.bias)!r}", f"{float(f.cosine)!r} * cosine", f"{float(f.lexical)!r} * lexical"]
    if f.matched:
        terms.append(f"{float(f.matched)!r} * (lexical > 0)::int")
    if f.person:
        terms.append(f"{float(f.person)!r} * person::int")
    if f.period:
        terms.append(f"{float(f.period)!r} * in_period::int")
    if f.cosine_gap:  # relative terms need the best candidate of the kind (a window in the query)
        terms.append(f"{float(f.cosine_gap)!r} * (cosine - top_cosine)")
    if f.lexical_share:
        terms.append(f"{float(f.lexical_share)!r} * coalesce(lexical / nullif(top_lexical, 0), 0)")
    z = f"({' + '.join(terms)})"
    return f"1 / (1 + exp(-{z}))" if f.link == "logistic" else z


def _dated(alias: str = "") -> str:
    """A fact's date: when it happened if known, else when it was said (``since``, ``until``, a
    period the query asks about)."""
    return f"coalesce({alias}valid_at, {alias}created_at)"


#: A user with more facts (of any status) than this is searched in two stages: the nearest
#: ``TWO_STAGE_POOL`` x k (at least ``MIN_TWO_STAGE_POOL``) by Hamming distance of the
#: binary-quantised vectors, then exact cosine over them (``benchmarks/read_path.py``: the
#: same top k as the exact scan on 10k facts, in half the time). Below it the exact scan is faster.
TWO_STAGE_ABOVE = 3000
TWO_STAGE_POOL = 10
MIN_TWO_STAGE_POOL = 200
#: How long this process trusts what it counted of a user's size (seconds).
SIZE_HINT_S = 300.0


def lexical_query(text: str, category_words: Mapping[str, Sequence[str]] = CATEGORY_WORDS) -> str:
    """A ``to_tsquery`` text for a question: an OR of its words (not the AND of
    ``plainto_tsquery``: a question shares only some words with the fact that answers it), plus
    the names of the categories its words point at (:data:`CATEGORY_WORDS`). Stop words drop out
    in Postgres; each term is quoted, so no query text is parsed as tsquery syntax."""
    words = [w.lower() for w in _LEXEME.findall(text)]
    terms = list(dict.fromkeys(words))[:MAX_QUERY_TERMS]
    present = set(terms)
    for category, cues in category_words.items():
        if present & {category, *cues}:
            terms += category.split("_")
    return " | ".join(f"'{t}'" for t in dict.fromkeys(terms))


def query_names(text: str) -> list[str]:
    """The query's words and word pairs, lower-cased: what a person's name or alias may equal."""
    words = [w.lower() for w in _LEXEME.findall(text)][:MAX_QUERY_TERMS]
    return list(dict.fromkeys([*words, *(f"{a} {b}" for a, b in zip(words, words[1:], strict=False))]))


def _statuses(status: FactStatus | str | Sequence[str]) -> list[str]:
    values = [status] if isinstance(status, str) else list(status)
    return [parse_enum(FactStatus, s, "status").value for s in values]


#: A user's change marker: forget generation, version (bumped by every change of the user's
#: facts, people, candidates), accesses (bumped by access counts alone). One single-shard row read.
_MARKER_SQL = (f"SELECT coalesce((SELECT generation FROM {USERS} WHERE user_key = {USER_KEY_SQL}), 0) AS generation,"
               f" coalesce(v.version, 0) AS version, coalesce(v.accesses, 0) AS accesses{{extra}}"
               f" FROM (SELECT 1) one LEFT JOIN {VERSIONS} v ON v.user_id = %s")
#: How many random vectors the cosine calibration compares with the server.
_CALIBRATION_VECTORS = 48


def _marker(row: Row) -> tuple[int, int, int]:
    return int(row["generation"]), int(row["version"]), int(row["accesses"])


class ReadPlans(PlansBase):
    def _search_plan(
        self, user_id: str, embedding: Sequence[float], quotas: dict[FactKind, int], statuses: Sequence[str],
        categories: Sequence[str] | None = None, query_text: str | None = None, mode: str = "dense",
        lexical_weight: float = 1.0, since: datetime | None = None, until: datetime | None = None,
        fusion: Fusion | None = None, whole_pool: bool = False, period: tuple[datetime, datetime] | None = None,
        use_hot: bool = True,
    ) -> Plan[dict[FactKind, list[SearchHit]]]:
        """The best candidates of each kind for a query: from the process's copy of a hot user's
        facts (:mod:`fact_memory_graph.store.hot`) when its change marker says it is current,
        else from Postgres (:meth:`_search_db_plan`: the same result), asking for a copy."""
        hot = self.hot
        statuses = _statuses(statuses)
        if not use_hot or hot is None or not hot.enabled or not set(statuses) <= hot_mod.CACHED_STATUSES:
            return (yield from self._search_db_plan(user_id, embedding, quotas, statuses, categories, query_text,
                                                    mode, lexical_weight, since, until, fusion, whole_pool, period))
        if not hot.holds(user_id):  # nothing to check a marker against: Postgres, and ask for a copy
            hot.want(user_id, cold=True)
            return (yield from self._search_db_plan(user_id, embedding, quotas, statuses, categories, query_text,
                                                    mode, lexical_weight, since, until, fusion, whole_pool, period))
        require_user(user_id)
        vector = np.asarray(embedding, dtype=np.float64)
        self.vector_param(vector)  # the same checks (dimension, finite) as the database read
        tsquery = lexical_query(query_text or "", self.taxonomy.words) if mode != "dense" else ""
        if mode != "dense" and not tsquery:
            mode = "dense" if mode == "hybrid" else "lexical"
        extra, params = ("", []) if mode == "dense" else (", to_tsquery('english', %s)::text AS tsq", [tsquery])
        row = yield from one(_MARKER_SQL.replace("{extra}", extra), (user_id, *params, user_id))
        assert row is not None
        marker = _marker(row)
        lexemes = hot_mod.parse_or_query(row["tsq"]) if mode != "dense" else []
        entry = hot.get(user_id, marker, accesses_matter=self.lifecycle.is_staged)
        if entry is None or lexemes is None or not isinstance(hot.variant, tuple):
            hot.want(user_id)
            return (yield from self._search_db_plan(user_id, embedding, quotas, statuses, categories, query_text,
                                                    mode, lexical_weight, since, until, fusion, whole_pool, period))
        query = hot_mod.Query(
            vector=vector.astype(np.float32), quotas={FactKind(k): v for k, v in quotas.items()},
            statuses=frozenset(statuses), categories=None if categories is None else frozenset(categories),
            mode=mode, lexemes=lexemes, names=query_names(query_text or "") if mode != "dense" else [],
            since=None if since is None else hot_mod.micros(since),
            until=None if until is None else hot_mod.micros(until),
            period=None if period is None or mode != "hybrid" else (hot_mod.micros(period[0]),
                                                                   hot_mod.micros(period[1])),
            fusion=fusion or Fusion.blend(lexical_weight), whole_pool=whole_pool)
        return hot_mod.search(entry, query, hot.variant)

    def _hot_fill_plan(self, user_id: str) -> Plan[bool]:
        """Copy the user's retrievable facts, people and pending contradictions into the hot
        cache: kept only if the user's marker is the same before and after (nothing changed in
        between; each statement reads what was committed when it started)."""
        hot = self.hot
        if hot is None or not hot.enabled:
            return False
        require_user(user_id)
        if hot.variant is None:
            yield from self._calibrate_plan()
            if not isinstance(hot.variant, tuple):
                return False
        before = yield from one(_MARKER_SQL.replace("{extra}", ""), (user_id, user_id))
        assert before is not None
        columns = ", ".join("f." + c.strip() for c in FACT_COLUMNS.split(","))
        found = yield from rows(
            f"SELECT {columns}, vector_send(f.embedding) AS vec, f.claim_tsv::text AS tsv,"
            " coalesce(p.pending, '[]'::jsonb) AS pending"
            f" FROM {FACTS} f LEFT JOIN (SELECT c.user_id, c.fact_id, jsonb_agg(jsonb_build_object("
            "   'id', c.id, 'claim', c.claim, 'created_at', c.created_at) ORDER BY c.created_at) AS pending"
            "   FROM (SELECT c.user_id, c.fact_id, c.id, c.claim, c.created_at, row_number() OVER ("
            "     PARTITION BY c.fact_id ORDER BY c.created_at DESC, c.id) AS newest"
            f"     FROM {CANDIDATES} c WHERE c.user_id = %s AND c.status = 'pending') c"
            f"   WHERE c.newest <= {MAX_PENDING_SHOWN} GROUP BY c.user_id, c.fact_id) p"
            " ON p.user_id = f.user_id AND p.fact_id = f.id"
            " WHERE f.user_id = %s AND f.status = ANY(%s)",
            (user_id, user_id, sorted(hot_mod.CACHED_STATUSES)))
        people = yield from rows(f"SELECT name_key, aliases, fact_ids FROM {PEOPLE} WHERE user_id = %s", (user_id,))
        after = yield from one(_MARKER_SQL.replace("{extra}", ""), (user_id, user_id))
        assert after is not None
        # written meanwhile: the next read asks again (a retrieval counted meanwhile only matters
        # where counts rank, read as :meth:`HotCache.get` reads it: a busy user's copy is kept)
        if not hot_mod.same_marker(_marker(before), _marker(after), accesses_matter=self.lifecycle.is_staged):
            return False
        facts = [(to_fact(r), [PendingContradiction.model_validate(p) for p in r["pending"]],
                  np.frombuffer(bytes(r["vec"]), dtype=">f4", offset=4).astype(np.float32), r["tsv"])
                 for r in found]
        entry = hot_mod.build_user(_marker(after), facts,
                                   [(p["name_key"], p["aliases"] or [], p["fact_ids"] or []) for p in people],
                                   hot.variant, self.dimension)
        return hot.put(user_id, entry)

    def _calibrate_plan(self) -> Plan[None]:
        """Which accumulation order this server's pgvector uses for cosine (found by comparing
        random vectors bit for bit); none matching turns the cache off for this store."""
        hot = self.hot
        assert hot is not None
        rng = np.random.default_rng(20261126)
        vectors = rng.standard_normal((_CALIBRATION_VECTORS + 1, self.dimension)).astype(np.float32)
        text = ["[" + ",".join(repr(float(x)) for x in v) + "]" for v in vectors]
        found = yield from rows("SELECT 1 - (x.v::vector <=> %s::vector) AS s FROM unnest(%s::text[])"
                                " WITH ORDINALITY x(v, ord) ORDER BY x.ord", (text[0], text[1:]))
        hot.variant = hot_mod.find_variant(vectors[1:], vectors[0], [float(r["s"]) for r in found]) or False

    def _search_db_plan(
        self, user_id: str, embedding: Sequence[float], quotas: dict[FactKind, int], statuses: Sequence[str],
        categories: Sequence[str] | None = None, query_text: str | None = None, mode: str = "dense",
        lexical_weight: float = 1.0, since: datetime | None = None, until: datetime | None = None,
        fusion: Fusion | None = None, whole_pool: bool = False, period: tuple[datetime, datetime] | None = None,
    ) -> Plan[dict[FactKind, list[SearchHit]]]:
        """The best candidates of each kind for a query, in one round trip.

        ``mode`` "dense": cosine similarity (relevance = cosine). "lexical": Postgres full-text
        search over the claim and the category (an OR of the query's lexemes, ranked by
        ``ts_rank_cd``, normalised to [0, 1)). "hybrid": the union of both candidate lists, each
        scored (cosine + w * lexical) / (1 + w) — an absolute score, so facts of the two kinds
        compare. ``since`` / ``until`` bound the fact's date
        (``valid_at``, else ``created_at``). ``period`` (hybrid): the period the query asks about;
        the facts dated in it join the candidates and carry ``in_period``."""
        require_user(user_id)
        q = self.vector_param(embedding)
        tsquery = lexical_query(query_text or "", self.taxonomy.words) if mode != "dense" else ""
        names = query_names(query_text or "") if mode != "dense" else []
        if mode != "dense" and not tsquery:
            mode = "dense" if mode == "hybrid" else "lexical"
        period = period if mode == "hybrid" else None  # evidence only the hybrid fusion weighs
        parts, params = [], []
        dense = mode in ("dense", "hybrid")
        large = dense and (yield from self._is_large(user_id))
        for kind, k in quotas.items():
            if k <= 0:
                continue
            scope = "user_id = %s AND kind = %s AND status = ANY(%s)"
            scope_params: list[Any] = [user_id, parse_enum(FactKind, kind, "kind").value, _statuses(statuses)]
            if categories is not None:
                scope += " AND category = ANY(%s)"
                scope_params.append(list(categories))
            if since is not None:
                scope += f" AND {_dated()} >= %s"
                scope_params.append(since)
            if until is not None:
                scope += f" AND {_dated()} < %s"
                scope_params.append(until)
            # Candidates: the top k by cosine and (hybrid, lexical) the top k by full-text rank (the
            # union: a fact far in cosine but naming the query's rare word still competes).
            # Relevance is an absolute blend, comparable across kinds: (cosine+ + w * lexical) /
            # (1 + w), where lexical = ts_rank_cd normalised to [0, 1) (rank / (rank + 1)).
            pool: list[str] = []
            params_pool: list[Any] = []
            if dense and not large:
                pool.append(f"(SELECT id, false AS person FROM {FACTS} WHERE {scope} ORDER BY embedding <=> %s::vector, id"
                            " LIMIT %s)")
                params_pool += [*scope_params, q, k]
            elif dense:
                # A large user: the nearest by the binary-quantised vectors (an index-only scan of
                # the scope index), then the exact cosine over that pool.
                pool.append(f"(SELECT f.id, false AS person FROM (SELECT id FROM {FACTS} WHERE {scope}"
                            f" ORDER BY embedding_bits <~> binary_quantize(%s::vector)::bit({self.dimension}) LIMIT %s) c"
                            f" JOIN {FACTS} f ON f.user_id = %s AND f.id = c.id ORDER BY f.embedding <=> %s::vector, f.id"
                            " LIMIT %s)")
                params_pool += [*scope_params, q, max(k * TWO_STAGE_POOL, MIN_TWO_STAGE_POOL), user_id, q, k]
            if mode != "dense":
                pool.append(f"(SELECT id, false AS person FROM {FACTS}, to_tsquery('english', %s) tq WHERE {scope}"
                            " AND claim_tsv @@ tq ORDER BY ts_rank_cd(claim_tsv, tq, 32) DESC, id LIMIT %s)")
                params_pool += [tsquery, *scope_params, k]
            if period is not None:  # the facts dated in the period asked about
                pool.append(f"(SELECT id, false AS person FROM {FACTS} WHERE {scope} AND {_dated()} >= %s"
                            f" AND {_dated()} < %s"
                            " ORDER BY embedding <=> %s::vector, id LIMIT %s)")
                params_pool += [*scope_params, *period, q, k]
            if names:  # the facts of a person the query names ("who is Mia?"): the relationships evaluator's links
                # Driven from the (few) people rows, each linked fact looked up by its key: no scan of
                # the user's facts when nobody is named.
                pool.append(f"(SELECT id, true AS person FROM (SELECT DISTINCT unnest(p.fact_ids) AS linked FROM {PEOPLE} p"
                            " WHERE p.user_id = %s AND (p.name_key = ANY(%s) OR lower(p.aliases::text)::text[] && %s)"
                            f") x JOIN LATERAL (SELECT id FROM {FACTS} WHERE id = x.linked AND {scope}) f ON true"
                            " ORDER BY id LIMIT %s)")
                params_pool += [user_id, names, names, *scope_params, k]
            columns = ", ".join("f." + c.strip() for c in FACT_COLUMNS.split(","))
            cosine, lexical = "greatest(1 - (f.embedding <=> %s::vector), 0)", "ts_rank_cd(f.claim_tsv, tq, 32)"
            fused = fusion or Fusion.blend(lexical_weight)
            dated = "false" if period is None else f"({_dated('f.')} >= %s AND {_dated('f.')} < %s)"
            dated_params = [] if period is None else list(period)
            if mode == "dense":
                features, feature_params = f"{cosine} AS cosine, NULL::float8 AS lexical", [q]
                blend, tq_join, tq_params = "cosine", "", []
            else:
                features = (f"{cosine} AS cosine, {lexical} AS lexical" if mode == "hybrid"
                            else f"NULL::float8 AS cosine, {lexical} AS lexical")
                feature_params = [q] if mode == "hybrid" else []
                blend = fusion_sql(fused) if mode == "hybrid" else "lexical"
                tq_join, tq_params = ", to_tsquery('english', %s) tq", [tsquery]
            candidates = (f"SELECT {columns}, {features}, c.person, {dated} AS in_period"
                          f" FROM (SELECT id, bool_or(person) AS person FROM ({' UNION ALL '.join(pool)}) pool"
                          f" GROUP BY id) c JOIN {FACTS} f ON f.user_id = %s AND f.id = c.id{tq_join}")
            if mode == "hybrid" and fused.relative:  # compared with the best candidate of its kind
                candidates = (f"SELECT *, max(cosine) OVER () AS top_cosine, max(lexical) OVER () AS top_lexical"
                              f" FROM ({candidates}) candidates")
            parts.append(f"(SELECT *, {blend} AS relevance FROM ({candidates}) scored"
                         f" ORDER BY relevance DESC, id{'' if whole_pool else ' LIMIT %s'})")
            params += [*feature_params, *dated_params, *params_pool, user_id, *tq_params,
                       *([] if whole_pool else [k])]
        out: dict[FactKind, list[SearchHit]] = {FactKind(k): [] for k in quotas}
        if not parts:
            return out
        found = yield from rows(
            # Candidates join on (user_id, fact_id): two users may hold the same fact id (a
            # restored export), and one user's text must never reach another's prompt. At most
            # MAX_PENDING_SHOWN (the newest) per fact reach the prompt. A join, not a correlated
            # subquery, so a Postgres distributed by user_id (Citus) keeps it on one shard.
            "SELECT f.*, coalesce(p.pending, '[]'::jsonb) AS pending"
            f" FROM ({' UNION ALL '.join(parts)}) f"
            " LEFT JOIN (SELECT c.user_id, c.fact_id, jsonb_agg(jsonb_build_object("
            "   'id', c.id, 'claim', c.claim, 'created_at', c.created_at) ORDER BY c.created_at) AS pending"
            "   FROM (SELECT c.user_id, c.fact_id, c.id, c.claim, c.created_at, row_number() OVER ("
            "     PARTITION BY c.fact_id ORDER BY c.created_at DESC, c.id) AS newest"
            f"     FROM {CANDIDATES} c WHERE c.user_id = %s AND c.status = 'pending') c"
            f"   WHERE c.newest <= {MAX_PENDING_SHOWN} GROUP BY c.user_id, c.fact_id) p"
            " ON p.user_id = f.user_id AND p.fact_id = f.id",
            # A large user's search is planned for its values each time: a prepared statement's
            # generic plan made a 10k-fact read 3x slower. A small user's is prepared (psycopg,
            # after five runs): its generic plan is as good, and planning costs ~2 ms.
            [*params, user_id], prepare=False if large else None,
        )
        for row in found:
            fact = to_fact(row)
            pending = [PendingContradiction.model_validate(p) for p in row["pending"]]
            out[fact.kind].append(SearchHit(fact, float(row["relevance"]), pending,
                                            None if row["cosine"] is None else float(row["cosine"]),
                                            None if row["lexical"] is None else float(row["lexical"]),
                                            bool(row["person"]), bool(row["in_period"])))
        for hits in out.values():
            hits.sort(key=lambda h: (-h.similarity, str(h.fact.id)))
        return out

    def _is_large(self, user_id: str) -> Plan[bool]:
        """Whether the user holds more than ``TWO_STAGE_ABOVE`` facts (of any status): counted (an
        index-only scan, stopped at the threshold) at most once per ``SIZE_HINT_S`` per process.
        A user who grew past it meanwhile is still scanned exactly (slower, the same result); one
        purged or forgotten below it keeps the two stages for up to ``SIZE_HINT_S``."""
        now = time.monotonic()
        hint = self._size_hints.get(user_id)
        if hint is not None and hint[1] > now:
            return hint[0]
        row = yield from one(f"SELECT count(*) AS n FROM (SELECT 1 FROM {FACTS} WHERE user_id = %s"
                             f" LIMIT {TWO_STAGE_ABOVE + 1}) s", (user_id,))
        large = bool(row and row["n"] > TWO_STAGE_ABOVE)
        if len(self._size_hints) > 10_000:  # bounded: every hint is dropped and counted again
            self._size_hints.clear()
        self._size_hints[user_id] = (large, now + SIZE_HINT_S)
        return large

    def _nearest_plan(
        self, user_id: str, probes: Sequence[tuple[FactKind, str, Sequence[float]]], k: int
    ) -> Plan[list[list[Neighbour]]]:
        require_user(user_id)
        if not probes:
            return []
        # One row per probe (its vector sent in binary), each compared once per candidate row.
        values = ", ".join(["(%s::int, %s::text, %s::text, %s::vector)"] * len(probes))
        params: list[object] = []
        for i, (kind, category, vector) in enumerate(probes):
            params += [i, FactKind(kind).value, category, self.vector_param(vector)]
        found = yield from rows(
            f"WITH q (ord, kind, category, v) AS MATERIALIZED (VALUES {values})"
            " SELECT q.ord, f.id, f.claim, 1 - f.distance AS similarity FROM q"
            " CROSS JOIN LATERAL ("
            f"   SELECT id, claim, embedding <=> q.v AS distance FROM {FACTS}"
            "    WHERE user_id = %s AND kind = q.kind AND category = q.category AND status = 'active'"
            "    ORDER BY distance, id LIMIT %s) f"
            " ORDER BY q.ord, f.distance",
            (*params, user_id, k),
        )
        out: list[list[Neighbour]] = [[] for _ in probes]
        for r in found:
            out[r["ord"]].append((r["id"], r["claim"], float(r["similarity"])))
        return out

    def _get_fact_plan(self, user_id: str, fact_id: UUID | str) -> Plan[Fact | None]:
        require_user(user_id)
        row = yield from one(f"SELECT {FACT_COLUMNS} FROM {FACTS} WHERE user_id = %s AND id = %s",
                             (user_id, fact_id_param(fact_id)))
        return to_fact(row) if row else None

    def _list_facts_plan(
        self, user_id: str, kind: FactKind | str | None, status: FactStatus | str | Sequence[str] | None,
        category: str | None,
    ) -> Plan[list[Fact]]:
        require_user(user_id)
        where, params = ["user_id = %s"], [user_id]
        if kind is not None:
            where.append("kind = %s")
            params.append(parse_enum(FactKind, kind, "kind").value)
        if status is not None:
            where.append("status = ANY(%s)")
            params.append(_statuses(status))
        if category is not None:
            where.append("category = %s")
            params.append(category)
        found = yield from rows(
            f"SELECT {FACT_COLUMNS} FROM {FACTS} WHERE {' AND '.join(where)} ORDER BY created_at, id", params)
        return [to_fact(r) for r in found]

    def _list_candidates_plan(self, user_id: str, status: str | None) -> Plan[list[FactCandidate]]:
        require_user(user_id)
        sql = f"SELECT {CANDIDATE_COLUMNS} FROM {CANDIDATES} WHERE user_id = %s"
        params: list[Any] = [user_id]
        if status is not None:
            sql += " AND status = %s"
            params.append(parse_enum(CandidateStatus, status, "candidate status").value)
        found = yield from rows(sql + " ORDER BY created_at, id", params)
        return [FactCandidate.model_validate(r) for r in found]

    def _audit_log_plan(self, user_id: str, limit: int | None, newest: bool = False) -> Plan[list[AuditEntry]]:
        require_user(user_id)
        sql = f"SELECT * FROM {AUDIT} WHERE user_id = %s ORDER BY id" + (" DESC" if newest else "")
        params: list[Any] = [user_id]
        if limit is not None:
            sql += " LIMIT %s"
            params.append(max(int(limit), 0))
        found = yield from rows(sql, params)
        entries = [AuditEntry.model_validate(r) for r in found]
        return entries[::-1] if newest else entries

    def _processed_plan(self, user_id: str, message_ids: Sequence[str]) -> Plan[dict[str, ApplyOutcome | None]]:
        require_user(user_id)
        if not message_ids:
            return {}
        found = yield from rows(
            f"SELECT message_id, outcome FROM {PROCESSED} WHERE user_id = %s AND message_id = ANY(%s)",
            (user_id, list(message_ids)))
        return {r["message_id"]: (ApplyOutcome.model_validate(r["outcome"]) if r["outcome"] else None)
                for r in found}

    def _write_start_plan(self, user_id: str, message_ids: Sequence[str]
                          ) -> Plan[tuple[dict[str, ApplyOutcome | None], int]]:
        """What the write path needs before extracting, in one round trip: which of these
        message ids were processed (with their outcomes), and the user's forget generation."""
        require_user(user_id)
        state = stmt(
            f"SELECT (SELECT generation FROM {USERS} WHERE user_key = {USER_KEY_SQL}) AS generation,"
            f" (SELECT coalesce(jsonb_object_agg(message_id, outcome), '{{}}'::jsonb) FROM {PROCESSED}"
            "   WHERE user_id = %s AND message_id = ANY(%s)) AS done",
            (user_id, user_id, list(message_ids)), "one")
        digests = yield from self._forgotten_digests(user_id, message_ids)
        if digests:  # both statements in one round trip (each still on its own: see below)
            found, row = yield from together(self._forgotten_q(user_id, digests), state)
            forgotten = {digests[r["digest"]] for r in found}
        else:
            row, forgotten = (yield state), set()
        assert row is not None
        done = {mid: (ApplyOutcome.model_validate(o) if o else None) for mid, o in row["done"].items()}
        for mid in forgotten:  # a turn of a forgotten user, re-sent: as if processed, with no outcome
            done.setdefault(mid, None)
        return done, int(row["generation"] or 0)

    def _forgotten_digests(self, user_id: str, ids: Sequence[str | None]) -> Plan[dict[str, str]]:
        """The digests a forgotten turn of these ids (message ids, turn fingerprints) is kept
        under, to the id: its keyed digest, and the unkeyed one written before keys."""
        wanted = sorted({i for i in ids if i})
        if not wanted:
            return {}
        key = yield from self._forget_key_plan()
        digests = {forget_key.turn_digest(key, user_id, i): i for i in wanted}
        digests.update({forget_key.legacy_digest(user_id, i): i for i in wanted})
        return digests

    @staticmethod
    def _forgotten_q(user_id: str, digests: dict[str, str]) -> Q:
        # A statement of its own: the forgotten turns' digests are local to a Citus coordinator
        # (store/layout.py), and a statement that read them beside a distributed table would ship
        # them to every worker, so one user's write would need every node up.
        return stmt(f"SELECT digest FROM {FORGOTTEN} WHERE user_key = {USER_KEY_SQL} AND digest = ANY(%s)",
                    (user_id, list(digests)))

    def _forgotten_ids_plan(self, user_id: str, ids: Sequence[str | None]) -> Plan[set[str]]:
        """Which of ``ids`` (message ids, turn fingerprints) are forgotten turns of the user.

        A statement of its own (:meth:`_forgotten_q`); the answer goes to the user's own
        statements as parameters."""
        digests = yield from self._forgotten_digests(user_id, ids)
        if not digests:
            return set()
        found = yield self._forgotten_q(user_id, digests)
        return {digests[r["digest"]] for r in found}

    def _last_processed_plan(self, user_id: str) -> Plan[list[str]]:
        """The user's last message processed through the write graph (not a direct edit, not a
        review), as ``[id]`` or ``[]``: what "forget what I just said" names without history."""
        require_user(user_id)
        row = yield from one(
            f"SELECT message_id FROM {PROCESSED} WHERE user_id = %s AND message_id NOT LIKE 'direct:%%'"
            " AND message_id NOT LIKE 'review:%%' AND message_id NOT LIKE 'turn:%%' AND outcome IS NOT NULL"
            # Ties (one instant) go to the later transaction: xmin is the writer's transaction id.
            " ORDER BY processed_at DESC, xmin::text::bigint DESC LIMIT 1", (user_id,))
        return [row["message_id"]] if row else []

    def _user_generation_plan(self, user_id: str) -> Plan[int]:
        require_user(user_id)
        row = yield from one(f"SELECT generation FROM {USERS} WHERE user_key = {USER_KEY_SQL}", (user_id,))
        return int(row["generation"]) if row else 0

    def _stats_plan(self, user_id: str) -> Plan[dict[str, Any]]:
        require_user(user_id)
        facts = yield from rows(
            f"SELECT kind, status, count(*) AS n FROM {FACTS} WHERE user_id = %s GROUP BY 1, 2 ORDER BY 1, 2",
            (user_id,))
        counts = yield from one(
            f"SELECT (SELECT count(*) FROM {CANDIDATES} WHERE user_id = %s AND status = 'pending') AS pending,"
            f" (SELECT count(*) FROM {AUDIT} WHERE user_id = %s) AS audit,"
            f" (SELECT count(*) FROM {PROCESSED} WHERE user_id = %s AND message_id NOT LIKE 'turn:%%') AS messages",
            (user_id, user_id, user_id))
        assert counts is not None  # a SELECT of scalars always returns one row
        by: dict[str, dict[str, int]] = {}
        for r in facts:
            by.setdefault(r["kind"], {})[r["status"]] = r["n"]
        return {"facts": by, "pending_candidates": counts["pending"], "audit_entries": counts["audit"],
                "messages": counts["messages"]}

    def _users_plan(self) -> Plan[list[dict[str, Any]]]:
        return (yield from rows(
            f"SELECT user_id, count(*) AS facts,"
            f" count(*) FILTER (WHERE status IN ('active', 'dormant')) AS retrievable,"
            f" max(greatest(created_at, last_confirmed_at)) AS last_fact_at"
            f" FROM {FACTS} GROUP BY user_id ORDER BY user_id"))

    def _match_ids_plan(self, user_id: str, prefix: str, table: str) -> Plan[list[UUID]]:
        require_user(user_id)
        found = yield from rows(
            f"SELECT id FROM {table} WHERE user_id = %s AND id::text LIKE %s ORDER BY id LIMIT 2",
            (user_id, prefix.lower() + "%"))
        return [r["id"] for r in found]

    def _stored_dimension_plan(self) -> Plan[int | None]:
        exists = yield from one("SELECT to_regclass('fact_memory_meta') IS NOT NULL AS present")
        if not (exists and exists["present"]):
            return None
        row = yield from one("SELECT value FROM fact_memory_meta WHERE key = 'embedding_dim'")
        return int(row["value"]) if row else None
