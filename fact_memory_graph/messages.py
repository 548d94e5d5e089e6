"""Message helpers shared by the write path and the read path: text, user id, truncation."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any

from langchain_core.messages import BaseMessage
from langchain_core.runnables import RunnableConfig
from langchain_core.runnables.config import var_child_runnable_config

from fact_memory_graph.errors import UserIdError
from fact_memory_graph.sanitize import check_id


def message_text(message: BaseMessage) -> str:
    """Plain text of a message (text blocks of multimodal content are joined)."""
    content = message.content
    if isinstance(content, str):
        return content
    parts = []
    for block in content:
        if isinstance(block, str):
            parts.append(block)
        elif isinstance(block, dict) and block.get("type") == "text":
            parts.append(str(block.get("text", "")))
    return "\n".join(parts)


def turn_fingerprint(user_id: str, session_id: str | None, ordinal: int, text: str, previous: str) -> str:
    """The identity of a user turn whatever id it carries: the user, the session, its position
    among the user's turns, its text and the fingerprint of the turn before (so the whole earlier
    conversation). A client that re-sends the history — with the ids ``add_messages`` invents
    afresh on every turn — has each earlier turn recognised as processed. Without a session
    (no ``thread_id``) two conversations that open with the same words share their first turn."""
    digest = hashlib.sha256("\x1f".join((user_id, session_id or "", str(ordinal), previous, text)).encode(
        "utf-8", "surrogatepass"))
    return "turn:" + digest.hexdigest()[:40]


def truncate_middle(text: str, limit: int) -> str:
    """Keep the head and the tail of an over-long text (facts cluster at both ends)."""
    if len(text) <= limit:
        return text
    head = limit * 2 // 3
    tail = limit - head
    return f"{text[:head]}\n[... {len(text) - limit} characters omitted ...]\n{text[-tail:]}"


def resolve_session_id(state: Mapping[str, Any], config: RunnableConfig | None) -> str | None:
    """``state['session_id']``, else LangGraph's ``config['configurable']['thread_id']`` (of
    ``config`` or the enclosing run), else ``None``: the session a message belongs to."""
    session = state.get("session_id") or ((config or {}).get("configurable") or {}).get("thread_id")
    if not session:
        session = ((var_child_runnable_config.get() or {}).get("configurable") or {}).get("thread_id")
    return check_id(str(session), "session_id") if session else None


_NO_CONTEXT = object()


def _configurable(config: RunnableConfig | None) -> dict[str, Any]:
    """``config['configurable']`` merged over the enclosing run's (a tool or chain called inside
    an agent gets the agent's configurable)."""
    outer = (var_child_runnable_config.get() or {}).get("configurable") or {}
    return {**outer, **((config or {}).get("configurable") or {})}


def _auth_identity(configurable: Mapping[str, Any]) -> str | None:
    """The user a LangGraph server authenticated (``langgraph_auth_user``'s ``identity``)."""
    user = configurable.get("langgraph_auth_user")
    identity = user.get("identity") if isinstance(user, Mapping) else getattr(user, "identity", None)
    return identity or configurable.get("langgraph_auth_user_id") or None


def _context_user(context: Any) -> str | None:
    if context is _NO_CONTEXT:
        try:
            from langgraph.runtime import get_runtime

            context = get_runtime().context
        except Exception:  # not inside a graph run, or no context
            return None
    if context is None:
        return None
    return context.get("user_id") if isinstance(context, Mapping) else getattr(context, "user_id", None)


def named_user_ids(state: Mapping[str, Any], config: RunnableConfig | None, *,
                   context: Any = _NO_CONTEXT) -> list[tuple[str, str]]:
    """Every ``(source, user id)`` a run names, in the order of trust (see :func:`resolve_user_id`)."""
    configurable = _configurable(config)
    found = [("config['configurable']['langgraph_auth_user']", _auth_identity(configurable)),
             ("the runtime context", _context_user(context)),
             ("config['configurable']['user_id']", configurable.get("user_id")),
             ("state['user_id']", state.get("user_id"))]
    return [(source, value) for source, value in found if value]


def resolve_user_id(state: Mapping[str, Any], config: RunnableConfig | None, *, context: Any = _NO_CONTEXT) -> str:
    """The one user a run is about, from the most trusted source that names one:

    1. the user a LangGraph server authenticated (``config['configurable']['langgraph_auth_user']``,
       its ``identity``);
    2. the LangGraph runtime context's ``user_id`` (``context=`` when the caller has it);
    3. ``config['configurable']['user_id']`` (of ``config`` or of the enclosing run);
    4. ``state['user_id']`` — only when nothing else names a user, since the state is what a
       client sends.

    When two sources name different users the run is refused (:class:`InvalidInputError`): a
    client must not be able to pick whose memory is read or written. No source at all is an
    :class:`InvalidInputError` too (both are :class:`UserIdError`)."""
    named = named_user_ids(state, config, context=context)
    if not named:
        raise UserIdError(
            "no user id: pass config={'configurable': {'user_id': ...}} (or a runtime context "
            "with user_id, or user_id in the state)"
        )
    values = {str(v) for _, v in named}
    if len(values) > 1:
        raise UserIdError(
            "conflicting user ids: " + ", ".join(f"{source} names {str(v)[:40]!r}" for source, v in named)
            + " - a run must name one user")
    return check_id(named[0][1], "user_id")
