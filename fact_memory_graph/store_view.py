"""A LangGraph ``BaseStore`` over the facts, for code written against ``runtime.store``.

Namespace ``("facts", user_id)``, key = fact id, value::

    {"content": claim, "kind": "durable", "category": "health", "confidence": 0.8,
     "status": "active", "source": "conversation", "valid_at": ..., "expires_at": ...}

(``content`` is the field langmem's memory tools read and write.) ``search(("facts", user_id),
query=...)`` ranks exactly as the retriever does (relevance x confidence x time weight, scores on
the items); without a query it lists the user's retrievable facts, newest first. ``filter``
matches value fields (``kind``, ``category``, ``status``, ...) with LangGraph's operators (``$eq``,
``$ne``, ``$gt``, ``$gte``, ``$lt``, ``$lte``).

Writes follow the rules of a user edit, so langmem's ``create_manage_memory_tool`` works over it:

- ``put`` of a key that is a fact of the user corrects it: the new claim becomes a new fact that
  supersedes the old one (history kept, audited); ``get`` of the old key follows the chain to the
  fact that replaced it.
- ``put`` of any other key adds a fact (``value["kind"]`` / ``value["category"]`` when given, else
  ``durable`` / ``uncategorized``), deduplicated like every write; the key stays its handle (a later
  ``put`` or ``delete`` of the same key reaches that fact).
- ``delete`` retracts the fact (kept for history, never retrieved).

Decisions: every operation names one user — a prefix shorter than ``("facts", user_id)`` raises
instead of searching across users, and a view bound to a user (``memory.as_store(user_id=...)``)
refuses any other. ``list_namespaces`` lists the caller's own namespace only (the user the run
names, or the bound user): it never enumerates users.
"""

from __future__ import annotations

import asyncio
import operator
from collections.abc import Callable, Iterable
from datetime import datetime
from typing import Any, Protocol

from langchain_core.documents import Document
from langchain_core.runnables.config import var_child_runnable_config
from langgraph.store.base import (
    BaseStore,
    GetOp,
    InvalidNamespaceError,
    Item,
    ListNamespacesOp,
    Op,
    PutOp,
    Result,
    SearchItem,
    SearchOp,
)

from fact_memory_graph.context import MemoryContext
from fact_memory_graph.errors import InvalidInputError
from fact_memory_graph.messages import named_user_ids
from fact_memory_graph.retriever import FactMemoryRetriever
from fact_memory_graph.schema import (
    RETRIEVABLE_STATUSES,
    UNCATEGORIZED,
    AppliedOp,
    Fact,
    FactStatus,
)

NAMESPACE = "facts"
_OPS: dict[str, Callable[[Any, Any], bool]] = {
    "$eq": operator.eq, "$ne": operator.ne, "$gt": operator.gt, "$gte": operator.ge, "$lt": operator.lt,
    "$lte": operator.le,
}


class _Writer(Protocol):  # memory.facts, as far as the view writes through it (user-edit rules)
    def add(self, user_id: str, claim: str, *, kind: Any, category: str, **kw: Any) -> AppliedOp: ...
    def update(self, user_id: str, fact_id: Any, claim: str) -> AppliedOp: ...
    def retract(self, user_id: str, fact_id: Any) -> bool: ...


def _stored_value(content: str, kind: str, category: str, confidence: float, status: str, source: str,
                  valid_at: datetime | None, expires_at: datetime | None) -> dict[str, Any]:
    return {"content": content, "kind": kind, "category": category, "confidence": confidence, "status": status,
            "source": source, "valid_at": valid_at.isoformat() if valid_at else None,
            "expires_at": expires_at.isoformat() if expires_at else None}


def _value(fact: Fact) -> dict[str, Any]:
    return _stored_value(fact.claim, fact.kind.value, fact.category, fact.confidence, fact.status.value,
                         fact.source.value, fact.valid_at, fact.expires_at)


def _item(fact: Fact) -> Item:
    return Item(namespace=(NAMESPACE, fact.user_id), key=str(fact.id), value=_value(fact),
                created_at=fact.created_at, updated_at=fact.last_confirmed_at or fact.created_at)


def _search_item(doc: Document, user_id: str) -> SearchItem:
    m = doc.metadata
    value = _stored_value(doc.page_content, m["kind"], m["category"], m["confidence"], m["status"], m["source"],
                          m["valid_at"], m["expires_at"])
    return SearchItem(namespace=(NAMESPACE, user_id), key=m["id"], value=value, created_at=m["created_at"],
                      updated_at=m["last_confirmed_at"] or m["created_at"], score=m["score"])


def _matches(value: dict[str, Any], flt: dict[str, Any] | None) -> bool:
    for key, cond in (flt or {}).items():
        conds = cond if isinstance(cond, dict) else {"$eq": cond}
        for op_name, expected in conds.items():
            if op_name not in _OPS:
                raise InvalidInputError(f"unsupported filter operator {op_name!r} (allowed: {', '.join(_OPS)})")
            actual = value.get(key)
            try:
                if actual is None or not _OPS[op_name](actual, expected):
                    return False
            except TypeError:
                return False
    return True


class FactMemoryStoreView(BaseStore):
    """``BaseStore`` over one memory's facts (see the module docstring)."""

    supports_ttl = False

    def __init__(self, context: MemoryContext, *, user_id: str | None = None, writer: _Writer | None = None) -> None:
        self.context = context
        self.user_id = user_id
        self.writer = writer

    # ------------------------------------------------------------------ namespaces
    def _user(self, namespace: tuple[str, ...]) -> str:
        if len(namespace) != 2 or namespace[0] != NAMESPACE or not namespace[1]:
            raise InvalidNamespaceError(
                f"fact-memory namespaces are (\"facts\", user_id); got {namespace!r} (a search never spans users)")
        user_id = namespace[1]
        if self.user_id is not None and user_id != self.user_id:
            raise InvalidNamespaceError(f"this view is bound to user {self.user_id!r}; got namespace {namespace!r}")
        # Inside a run that names its user (authenticated user, runtime context, config), a
        # namespace naming another user is refused: the client must not pick the user.
        named = named_user_ids({}, None)
        other = [src for src, v in named if v != user_id]
        if other:
            raise InvalidNamespaceError(f"namespace {namespace!r} names another user than {other[0]}")
        if not named and self.user_id is None and var_child_runnable_config.get() is not None:
            # Inside a run that names its user only in its state (what a client sends), nothing
            # says which user the caller may reach: refuse rather than trust the namespace.
            raise InvalidNamespaceError(
                f"namespace {namespace!r} inside a run that names no user: pass config={{'configurable': "
                "{'user_id': ...}} (or a runtime context with user_id), or bind the view: "
                "memory.as_store(user_id=...)")
        return user_id

    def _namespaces(self, op: ListNamespacesOp, users: list[str]) -> list[tuple[str, ...]]:
        spaces = [(NAMESPACE, u) for u in users]
        for cond in op.match_conditions or ():
            n = len(cond.path)
            def fits(ns: tuple[str, ...], cond: Any = cond, n: int = n) -> bool:
                part = ns[:n] if cond.match_type == "prefix" else ns[-n:]
                return len(ns) >= n and all(p == "*" or p == q for p, q in zip(cond.path, part, strict=True))
            spaces = [ns for ns in spaces if fits(ns)]
        if op.max_depth is not None:
            spaces = sorted({ns[: op.max_depth] for ns in spaces})
        return spaces[op.offset: op.offset + op.limit]

    # ------------------------------------------------------------------ one op
    def _retriever(self, user_id: str, op: SearchOp) -> FactMemoryRetriever:
        k = op.limit + op.offset
        return FactMemoryRetriever(context=self.context, user_id=user_id, search_kwargs={"k_durable": k,
                                                                                          "k_current": k})

    def _listed(self, facts: list[Fact], op: SearchOp) -> list[SearchItem]:
        facts = sorted(facts, key=lambda f: f.last_confirmed_at or f.created_at, reverse=True)
        items = [SearchItem(namespace=(NAMESPACE, f.user_id), key=str(f.id), value=_value(f),
                            created_at=f.created_at, updated_at=f.last_confirmed_at or f.created_at)
                 for f in facts]
        return [i for i in items if _matches(i.value, op.filter)][op.offset: op.offset + op.limit]

    def _ranked(self, docs: list[Document], user_id: str, op: SearchOp) -> list[SearchItem]:
        items = [_search_item(d, user_id) for d in docs]
        return [i for i in items if _matches(i.value, op.filter)][op.offset: op.offset + op.limit]

    def _handle_fact(self, user_id: str, key: str) -> Fact | None:
        """The fact a key stands for now: the fact with that id, or the one a ``put`` of that key
        added; followed along its supersession chain to the fact that replaced it."""
        store = self.context.store
        try:
            fact = store.get_fact(user_id, key)
        except InvalidInputError:  # not a fact id: a handle from an earlier put
            fact = None
        if fact is None:
            handle = _handle(key)
            fact = next((f for f in store.list_facts(user_id) if handle in f.evidence_message_ids), None)
        seen: set[str] = set()
        while fact is not None and fact.status is FactStatus.SUPERSEDED and fact.superseded_by is not None \
                and str(fact.id) not in seen:
            seen.add(str(fact.id))
            fact = store.get_fact(user_id, fact.superseded_by)
        return fact

    def _put(self, op: PutOp) -> None:
        user_id = self._user(op.namespace)
        if self.writer is None:
            raise InvalidInputError("this store view has no writer: use memory.as_store()")
        fact = self._handle_fact(user_id, op.key)
        believed = fact is not None and fact.status in (FactStatus.ACTIVE, FactStatus.DORMANT)
        if op.value is None:  # delete
            if believed:
                self.writer.retract(user_id, fact.id)  # type: ignore[union-attr]
            return
        content = op.value.get("content")
        if not isinstance(content, str) or not content.strip():
            raise InvalidInputError('a fact needs value["content"]: the claim, a non-empty string')
        if believed:
            if fact.claim != content.strip():  # type: ignore[union-attr]
                self.writer.update(user_id, fact.id, content)  # type: ignore[union-attr]
            return
        self.writer.add(user_id, content, kind=op.value.get("kind") or "durable",
                             category=op.value.get("category") or UNCATEGORIZED, source="conversation",
                             message_id=f"store:{op.key}")

    def _run(self, op: Op) -> Result:
        store = self.context.store
        if isinstance(op, GetOp):
            user_id = self._user(op.namespace)
            fact = self._handle_fact(user_id, op.key)
            return _item(fact) if fact is not None else None
        if isinstance(op, SearchOp):
            user_id = self._user(op.namespace_prefix)
            if op.query:
                return self._ranked(self._retriever(user_id, op).invoke(op.query), user_id, op)
            return self._listed(store.list_facts(user_id, status=list(RETRIEVABLE_STATUSES)), op)
        if isinstance(op, ListNamespacesOp):
            return self._namespaces(op, self._own_users())
        if isinstance(op, PutOp):
            return self._put(op)
        raise InvalidInputError(f"unsupported store operation {type(op).__name__}")

    def _own_users(self) -> list[str]:
        if self.user_id is not None:
            return [self.user_id]
        return sorted({str(v) for _, v in named_user_ids({}, None)})[:1]

    async def _arun(self, op: Op) -> Result:
        astore = self.context.astore
        if isinstance(op, SearchOp):
            user_id = self._user(op.namespace_prefix)
            if op.query:
                return self._ranked(await self._retriever(user_id, op).ainvoke(op.query), user_id, op)
            return self._listed(await astore.list_facts(user_id, status=list(RETRIEVABLE_STATUSES)), op)
        # Gets, puts and listings are a few short statements: on a worker thread.
        return await asyncio.to_thread(self._run, op)

    # ------------------------------------------------------------------ BaseStore
    def batch(self, ops: Iterable[Op]) -> list[Result]:
        return [self._run(op) for op in ops]

    async def abatch(self, ops: Iterable[Op]) -> list[Result]:
        return [await self._arun(op) for op in ops]


def _handle(key: str) -> str:
    """The evidence id a ``put`` of ``key`` leaves on the fact it added (``memory.facts.add``'s direct id)."""
    return f"direct:store:{key}"
