"""A hot user's facts in process memory: the read path's search scored in NumPy.

What the search statement (``ReadPlans._search_db_plan``) computes in Postgres, computed here over
a copy of the user's retrievable facts, with the same arithmetic, so the cached read returns the
same candidates, relevances and order as the database read:

- cosine: pgvector's own float32 arithmetic, emulated (which of its code paths this server runs is
  found once per store by comparing a few vectors with the server: :func:`calibrate`); the top k
  are picked by a fast float32 product with a margin, then the margin's rows computed exactly;
- lexical: ``ts_rank_cd(claim_tsv, tq, 32)`` of an OR query (each matching position is its own
  cover: the sum of the positions' weights in position order, then ``rank / (rank + 1)`` as a
  float4), over the stored tsvector's lexemes and the server's own parse of the query;
- the fusion, the person links, the period, the quotas: as in the SQL.

An entry is used only while the user's change marker (forget generation, the version row
every writing plan bumps) is what it was when the entry was read; anything else reads from Postgres.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import numpy as np

from fact_memory_graph.config import Fusion
from fact_memory_graph.schema import Fact, FactKind, PendingContradiction, SearchHit

#: The statuses a cache entry holds (what a default read asks for); a read of others goes to Postgres.
CACHED_STATUSES = frozenset({"active", "dormant"})
#: ts_rank_cd's default weights (D, C, B, A) as the float4 constants Postgres keeps them in.
_TS_WEIGHTS = [float(np.float32(w)) for w in (0.1, 0.2, 0.4, 1.0)]
#: What one matching position adds to ``Wdoc`` in calc_rank_cd: ``1.0 / (1.0 / w)`` in doubles.
_TS_COVER = [1.0 / (1.0 / w) for w in _TS_WEIGHTS]
_WCLASS = {"A": 3, "B": 2, "C": 1, "D": 0}
_TSV_ITEM = re.compile(r"'((?:[^']|'')*)'(?::([0-9A-D,]+))?")
_TSQ_TERM = re.compile(r"'((?:[^']|'')*)'")
#: Rows within this much of the k-th approximate cosine are computed exactly before choosing.
_MARGIN = 1e-4
#: Estimated bytes of one cached fact besides its vector (the Fact model, its pending list, the
#: lexemes): 6.0 MB per 1,000 facts measured with tracemalloc on the read benchmark's facts, 1.5 MB of
#: it the vectors (docs/retrieval.md).
FACT_OVERHEAD_BYTES = 4_700
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def micros(at: datetime) -> int:
    """A timestamptz as microseconds since the epoch (Postgres' own resolution): exact comparisons."""
    delta = at - _EPOCH
    return (delta.days * 86_400 + delta.seconds) * 1_000_000 + delta.microseconds


# ---------------------------------------------------------------- pgvector's cosine, emulated
def _lanes_sum(x: np.ndarray) -> np.ndarray:
    """Horizontal sum of SIMD lanes (last axis) by halving, in float32."""
    while x.shape[-1] > 1:
        h = x.shape[-1] // 2
        x = x[..., :h] + x[..., h:]
    return x[..., 0]


def _dots(a: np.ndarray, b: np.ndarray, variant: tuple[str, int]) -> np.ndarray:
    """Float32 dot products of rows of ``a`` with ``b`` accumulated as pgvector's loop does on
    this server: ``lanes`` accumulators, fused multiply-add (``"fma"``) or not, summed by halving."""
    how, lanes = variant
    n, dim = a.shape
    if dim % lanes:
        raise ValueError("dimension is not a multiple of the lanes")
    steps = dim // lanes
    acc = np.zeros((n, lanes), np.float32)
    if how == "fma":  # a*b is exact in float64; one rounding to float32 per step
        products = a.reshape(n, steps, lanes).astype(np.float64) * b.reshape(-1, steps, lanes).astype(np.float64)
        for j in range(steps):
            acc = (acc + products[:, j, :]).astype(np.float32)
    else:
        a3 = a.reshape(n, steps, lanes)
        b3 = b.reshape(-1, steps, lanes)
        for j in range(steps):
            acc = acc + a3[:, j, :] * b3[:, j, :]
    return _lanes_sum(acc)


#: The accumulation orders tried against the server, most likely first.
VARIANTS: tuple[tuple[str, int], ...] = (("fma", 8), ("fma", 16), ("fma", 4), ("plain", 4), ("plain", 8),
                                         ("plain", 1), ("fma", 1), ("plain", 16))


def cosine_distance(rows: np.ndarray, norms: np.ndarray, query: np.ndarray, qnorm: np.float32,
                      variant: tuple[str, int]) -> np.ndarray:
    """pgvector's ``a <=> b`` as doubles: ``sim = dot / sqrt(|a|^2 |b|^2)`` clipped to [-1, 1],
    the distance ``1 - sim`` (the SQL's cosine is ``1 - distance``: a second subtraction)."""
    dots = _dots(rows, query[None, :], variant).astype(np.float64)
    sim = dots / np.sqrt(norms.astype(np.float64) * np.float64(qnorm))
    return 1.0 - np.clip(sim, -1.0, 1.0)


def _self_norms(rows: np.ndarray, variant: tuple[str, int]) -> np.ndarray:
    """|a|^2 of each row as the server accumulates it (row by row against itself)."""
    how, lanes = variant
    n, dim = rows.shape
    steps = dim // lanes
    acc = np.zeros((n, lanes), np.float32)
    if how == "fma":
        a64 = rows.reshape(n, steps, lanes).astype(np.float64)
        products = a64 * a64
        for j in range(steps):
            acc = (acc + products[:, j, :]).astype(np.float32)
    else:
        a3 = rows.reshape(n, steps, lanes)
        for j in range(steps):
            acc = acc + a3[:, j, :] * a3[:, j, :]
    return _lanes_sum(acc)


def find_variant(rows: np.ndarray, query: np.ndarray, server: Sequence[float]) -> tuple[str, int] | None:
    """The accumulation order whose ``1 - (a <=> q)`` equals the server's bit for bit, or None."""
    want = np.asarray(server, dtype=np.float64)
    for variant in VARIANTS:
        if rows.shape[1] % variant[1]:
            continue
        got = 1 - cosine_distance(rows, _self_norms(rows, variant), query, _self_norms(query[None, :], variant)[0],
                                  variant)
        if np.array_equal(got, want):
            return variant
    return None


# ---------------------------------------------------------------- ts_rank_cd of an OR query
def parse_tsvector(text: str) -> list[tuple[int, str, int]]:
    """``'allerg':2A 'health':5B`` -> [(position, lexeme, weight class)], by position."""
    out = []
    for m in _TSV_ITEM.finditer(text):
        lexeme = m.group(1).replace("''", "'")
        for p in (m.group(2) or "").split(","):
            if p:
                weight = _WCLASS.get(p[-1], 0)
                out.append((int(p.rstrip("ABCD")), lexeme, weight))
    out.sort()
    return out


def parse_or_query(text: str) -> list[str] | None:
    """The lexemes of a tsquery that is a plain OR of lexemes (``'a' | 'b'``), or None for
    anything else (phrases, ANDs, prefixes, weights: the database reads those)."""
    text = text.strip()
    if not text:
        return []
    parts = text.split(" | ")
    out = []
    for part in parts:
        m = _TSQ_TERM.fullmatch(part)
        if m is None:
            return None
        out.append(m.group(1).replace("''", "'"))
    return list(dict.fromkeys(out))


def rank_cd(positions: Sequence[tuple[int, str, int]], query: set[str]) -> float:
    """``ts_rank_cd(tsv, q, 32)`` for an OR query: each matching position is a cover of one
    item; Wdoc sums their weights in position order; ``Wdoc / (Wdoc + 1)`` as a float4."""
    wdoc = 0.0
    for _, lexeme, weight in positions:
        if lexeme in query:
            wdoc += _TS_COVER[weight]
    if wdoc == 0.0:
        return 0.0
    return float(np.float32(wdoc / (wdoc + 1)))


# ---------------------------------------------------------------- one user's entry
@dataclass
class HotUser:
    """A user's retrievable facts, sorted by id (the SQL's tie-break), as arrays."""

    marker: tuple[int, int, int]
    facts: list[Fact]
    pending: list[list[PendingContradiction]]
    vectors: np.ndarray  # float32 (n, dim)
    norms: np.ndarray  # float32 |a|^2 as the server accumulates it
    kind: np.ndarray  # bool: current
    status: np.ndarray  # object: status values
    category: np.ndarray  # object
    dated: np.ndarray  # int64 micros of coalesce(valid_at, created_at)
    positions: list[list[tuple[int, str, int]]]
    #: lexeme -> (row indexes, the sum of its positions' covers in each row)
    postings: dict[str, tuple[np.ndarray, np.ndarray]]
    #: people: (name_key, lower-cased aliases, linked fact ids)
    people: list[tuple[str, frozenset[str], tuple[Any, ...]]]
    index: dict[Any, int]
    nbytes: int = 0


def build_user(marker: tuple[int, int, int], fact_rows: Sequence[tuple[Fact, list[PendingContradiction],
               np.ndarray, str]], people: Sequence[tuple[str, Sequence[str], Sequence[Any]]],
               variant: tuple[str, int], dimension: int) -> HotUser:
    ordered = sorted(fact_rows, key=lambda r: r[0].id.int)
    n = len(ordered)
    vectors = np.empty((n, dimension), np.float32)
    for i, r in enumerate(ordered):
        vectors[i] = r[2]
    facts = [r[0] for r in ordered]
    positions = [parse_tsvector(r[3]) for r in ordered]
    postings_lists: dict[str, tuple[list[int], list[float]]] = {}
    for i, pos in enumerate(positions):
        sums: dict[str, float] = {}
        for _, lexeme, weight in pos:  # in position order: the sum calc_rank_cd makes
            sums[lexeme] = sums.get(lexeme, 0.0) + _TS_COVER[weight]
        for lexeme, total in sums.items():
            rows_, values = postings_lists.setdefault(lexeme, ([], []))
            rows_.append(i)
            values.append(total)
    postings = {lx: (np.asarray(r, np.int64), np.asarray(v, np.float64)) for lx, (r, v) in postings_lists.items()}
    user = HotUser(
        marker=marker, facts=facts, pending=[r[1] for r in ordered], vectors=vectors,
        norms=_self_norms(vectors, variant) if n else np.zeros(0, np.float32),
        kind=np.asarray([f.kind is FactKind.CURRENT for f in facts], dtype=bool),
        status=np.asarray([f.status.value for f in facts], dtype=object),
        category=np.asarray([f.category for f in facts], dtype=object),
        dated=np.asarray([micros(f.valid_at or f.created_at) for f in facts], dtype=np.int64),
        positions=positions, postings=postings,
        people=[(key, frozenset(a.lower() for a in aliases), tuple(ids)) for key, aliases, ids in people],
        index={f.id: i for i, f in enumerate(facts)},
    )
    user.nbytes = int(vectors.nbytes + n * (FACT_OVERHEAD_BYTES + 64) + sum(len(f.claim) for f in facts))
    return user


@dataclass(frozen=True)
class Query:
    """What one search asks (the arguments of ``ReadPlans._search_plan``, resolved)."""

    vector: np.ndarray  # float32
    quotas: dict[FactKind, int]
    statuses: frozenset[str]
    categories: frozenset[str] | None
    mode: str
    lexemes: list[str]
    names: list[str]
    since: int | None
    until: int | None
    period: tuple[int, int] | None
    fusion: Fusion
    whole_pool: bool


def _relevance(f: Fusion, cosine: np.ndarray, lexical: np.ndarray, person: np.ndarray, in_period: np.ndarray,
               lexical32: np.ndarray) -> np.ndarray:
    """``fusion_sql`` in NumPy, term by term in the SQL's order (doubles; the share is float4)."""
    z = np.full(len(cosine), float(f.bias)) + float(f.cosine) * cosine
    z = z + float(f.lexical) * lexical
    if f.matched:
        z = z + float(f.matched) * (lexical > 0).astype(np.float64)
    if f.person:
        z = z + float(f.person) * person.astype(np.float64)
    if f.period:
        z = z + float(f.period) * in_period.astype(np.float64)
    if f.cosine_gap:
        z = z + float(f.cosine_gap) * (cosine - cosine.max())
    if f.lexical_share:
        top = lexical32.max()
        share = (lexical32 / top).astype(np.float64) if top != 0 else np.zeros(len(cosine))
        z = z + float(f.lexical_share) * share
    if f.link == "logistic":
        return 1 / (1 + np.exp(-z))
    return z


def search(user: HotUser, q: Query, variant: tuple[str, int]) -> dict[FactKind, list[SearchHit]]:
    """The search statement's result over a cached user (see the module's docstring).

    Two passes: first every candidate list that needs no exact cosine, and the rows whose exact
    cosine can decide a nearest-k list (within a margin of the k-th by a fast float32 product);
    then one exact (emulated) cosine over all of those rows at once, and the lists are cut."""
    out: dict[FactKind, list[SearchHit]] = {FactKind(k): [] for k in q.quotas}
    n = len(user.facts)
    if n == 0:
        return out
    dense = q.mode in ("dense", "hybrid")
    lexical_on = q.mode != "dense"
    qvec = q.vector
    approx: np.ndarray | None = None

    def near_candidates(mask: np.ndarray, k: int) -> np.ndarray:
        """The rows in ``mask`` that can be among its nearest k (all of them when k or fewer)."""
        nonlocal approx
        idx = np.flatnonzero(mask)
        if len(idx) <= k:
            return idx
        if approx is None:
            # einsum, not ``@`` / np.dot: OpenBLAS runs a matrix-vector product on several threads,
            # which on a busy 2-core box wait for each other (10k x 384: median 0.23 ms but p90
            # 20 ms; einsum's single-threaded loop: 0.45 / 0.64 ms).
            # (only which rows are within the margin matters: the query's norm in doubles will do)
            qq = float(np.dot(qvec.astype(np.float64), qvec.astype(np.float64)))
            approx = np.einsum("ij,j->i", user.vectors, qvec) / np.sqrt(np.maximum(user.norms, 1e-30) * max(qq, 1e-30))
        a = approx[idx]
        kth = np.partition(a, len(a) - k)[len(a) - k]
        return idx[a >= kth - _MARGIN]

    # lexical rank (float4) of every row matching the query (an OR: any of its lexemes), 0 elsewhere
    lex_rank = np.zeros(n, np.float32)
    lex_mask = np.zeros(n, bool)
    if lexical_on and q.lexemes:
        found = [user.postings[lx] for lx in q.lexemes if lx in user.postings]
        if found:
            all_rows = np.concatenate([r for r, _ in found])
            all_sums = np.concatenate([v for _, v in found])
            uniq, first, counts = np.unique(all_rows, return_index=True, return_counts=True)
            single = counts == 1  # one of the query's lexemes: its own ordered sum is Wdoc
            wdoc = all_sums[first[single]]
            lex_rank[uniq[single]] = (wdoc / (wdoc + 1)).astype(np.float32)
            query_set = set(q.lexemes)
            for row in uniq[~single].tolist():  # several: their positions interleave
                lex_rank[row] = rank_cd(user.positions[row], query_set)
            lex_mask[uniq] = True

    linked: set[Any] = set()
    if lexical_on and q.names:
        names = set(q.names)
        for key, aliases, ids in user.people:
            if key in names or aliases & names:
                linked.update(ids)
    person_mask = np.zeros(n, bool)
    person_mask[[user.index[i] for i in linked if i in user.index]] = True

    if q.statuses >= CACHED_STATUSES:
        base = np.ones(n, bool)
    else:
        base = np.isin(user.status, list(q.statuses))
    if q.categories is not None:
        base &= np.isin(user.category, list(q.categories))
    if q.since is not None:
        base &= user.dated >= q.since
    if q.until is not None:
        base &= user.dated < q.until
    in_period_all = (np.zeros(n, bool) if q.period is None
                     else (user.dated >= q.period[0]) & (user.dated < q.period[1]))

    # pass 1: per kind, the lists that need no cosine and the rows a nearest-k list can take
    plans = []
    needed: list[np.ndarray] = []
    for kind, k in q.quotas.items():
        if k <= 0:
            continue
        scope = base & (user.kind if FactKind(kind) is FactKind.CURRENT else ~user.kind)
        near = [near_candidates(scope, k)] if dense else []
        if q.period is not None:
            near.append(near_candidates(scope & in_period_all, k))
        fixed = []
        if lexical_on:
            cand = np.flatnonzero(scope & lex_mask)
            fixed.append(cand[np.lexsort((cand, -lex_rank[cand]))[:k]])
            if linked:
                fixed.append(np.flatnonzero(scope & person_mask)[:k])  # ORDER BY id LIMIT k
        plans.append((FactKind(kind), k, near, fixed))
        needed += near if q.mode == "lexical" else [*near, *fixed]
    # pass 2: one exact cosine over every row that needs it
    distance = np.zeros(n)
    if needed and q.mode != "lexical":
        rows_needed = np.unique(np.concatenate(needed))
        # the query's |q|^2 as the server accumulates it is the dot of q with itself: one more row
        dots = _dots(np.vstack([user.vectors[rows_needed], qvec[None, :]]), qvec[None, :], variant).astype(np.float64)
        sim = dots[:-1] / np.sqrt(user.norms[rows_needed].astype(np.float64) * dots[-1])
        distance[rows_needed] = 1.0 - np.clip(sim, -1.0, 1.0)
    for kind, k, near, fixed in plans:
        pool = [c[np.lexsort((c, distance[c]))[:k]] for c in near]  # ORDER BY embedding <=> q, id LIMIT k
        person = fixed[1] if len(fixed) > 1 else np.zeros(0, np.int64)
        rows_ = np.unique(np.concatenate([*pool, *fixed])) if pool or fixed else np.zeros(0, np.int64)
        if len(rows_) == 0:
            continue
        is_person = np.isin(rows_, person)
        in_period = in_period_all[rows_] if q.period is not None else np.zeros(len(rows_), bool)
        lexical32 = lex_rank[rows_]
        if q.mode == "dense":
            cosine = np.maximum(1 - distance[rows_], 0.0)
            relevance = cosine
        elif q.mode == "lexical":  # the float4 rank itself, as the driver reads it
            cosine = np.zeros(len(rows_))
            relevance = np.asarray([float(str(x)) for x in lexical32], np.float64)
        else:
            cosine = np.maximum(1 - distance[rows_], 0.0)
            relevance = _relevance(q.fusion, cosine, lexical32.astype(np.float64), is_person, in_period, lexical32)
        order = np.lexsort((rows_, -relevance))
        if not q.whole_pool:
            order = order[:k]
        # The caller's order, (-relevance, id): ids sort as the rows do (the copy is in id order).
        hits = out[kind]
        for j in order.tolist():
            i = int(rows_[j])
            hits.append(SearchHit(
                user.facts[i], float(relevance[j]), user.pending[i],
                None if q.mode == "lexical" else float(cosine[j]),
                None if q.mode == "dense" else float(str(lexical32[j])),
                bool(is_person[j]), bool(in_period[j])))
    return out


def same_marker(a: tuple[int, int, int], b: tuple[int, int, int], *, accesses_matter: bool) -> bool:
    """Whether two readings of a user's change marker (generation, version, accesses) show the same
    facts: the retrieval count only matters where counts rank (a staged lifecycle)."""
    return a[:2] == b[:2] and (not accesses_matter or a[2] == b[2])


class HotCache:
    """Recently read users' facts, bounded by bytes, least recently used out first (thread-safe).

    ``variant`` is the server's cosine accumulation found by :func:`find_variant` (None: not yet
    calibrated; ``False``: no emulation matches this server bit for bit, so nothing is cached)."""

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max(int(max_bytes), 0)
        self._users: OrderedDict[str, HotUser] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()
        self.variant: tuple[str, int] | None | bool = None
        #: users whose fill is under way (one at a time per user)
        self.filling: set[str] = set()
        self._wanted: set[str] = set()
        self._executor: ThreadPoolExecutor | None = None
        self.hits = 0
        self.misses = 0
        #: copies started (each a whole user read from Postgres)
        self.fills = 0

    @property
    def enabled(self) -> bool:
        return self.max_bytes > 0 and self.variant is not False

    @property
    def nbytes(self) -> int:
        return self._bytes

    def __len__(self) -> int:
        return len(self._users)

    def get(self, user_id: str, marker: tuple[int, int, int], *, accesses_matter: bool) -> HotUser | None:
        with self._lock:
            entry = self._users.get(user_id)
            if entry is None:  # evicted since holds() said yes
                return None
            same = same_marker(entry.marker, marker, accesses_matter=accesses_matter)
            if not same:
                self._drop(user_id)
                self.misses += 1
                return None
            self._users.move_to_end(user_id)
            self.hits += 1
            return entry

    def put(self, user_id: str, entry: HotUser) -> bool:
        with self._lock:
            self._drop(user_id)
            if entry.nbytes > self.max_bytes:
                return False
            self._users[user_id] = entry
            self._bytes += entry.nbytes
            while self._bytes > self.max_bytes and self._users:
                self._drop(next(iter(self._users)))
            return user_id in self._users

    def discard(self, user_id: str) -> None:
        with self._lock:
            self._drop(user_id)

    def clear(self) -> None:
        with self._lock:
            self._users.clear()
            self._bytes = 0

    def _drop(self, user_id: str) -> None:
        entry = self._users.pop(user_id, None)
        if entry is not None:
            self._bytes -= entry.nbytes

    def holds(self, user_id: str) -> bool:
        """Whether a copy of this user is kept (current or not: the marker says)."""
        with self._lock:
            return user_id in self._users

    def want(self, user_id: str, *, cold: bool = False) -> None:
        """A read of this user went to Postgres: copy the user in (see :meth:`take_fill`).
        ``cold``: no copy was kept (counted as a miss here; a stale one is counted by :meth:`get`)."""
        with self._lock:
            # A read during the user's copy does not ask for another: the copy under way answers
            # it (a copy that turns out stale is found by the next read's marker, which asks again).
            if user_id not in self.filling:
                self._wanted.add(user_id)
            self.misses += cold

    def take_fill(self, user_id: str) -> bool:
        """Whether the caller should fill this user now (wanted, and no fill under way)."""
        with self._lock:
            if user_id not in self._wanted or user_id in self.filling:
                return False
            self._wanted.discard(user_id)
            self.filling.add(user_id)
            self.fills += 1
            return True

    def in_background(self, fn: Callable[[], Any]) -> None:
        """Run ``fn`` on the cache's one worker thread (sync stores fill off the read's path)."""
        with self._lock:
            if self._executor is None:
                self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="fact-memory-hot")
            executor = self._executor
        executor.submit(fn)

    def wait_idle(self) -> None:
        """Wait until the background copies started so far are done (tests, benchmarks)."""
        with self._lock:
            executor = self._executor
        if executor is not None:
            executor.submit(lambda: None).result()

    def close(self) -> None:
        with self._lock:
            executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=True)
        self.clear()

    def end_fill(self, user_id: str) -> None:
        with self._lock:
            self.filling.discard(user_id)
