"""Message helpers shared by the write path and the read path: text, user id, truncation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from langchain_core.messages import BaseMessage
from langchain_core.runnables import RunnableConfig
from langchain_core.runnables.config import var_child_runnable_config

from fact_memory_graph.errors import InvalidInputError
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


def resolve_user_id(state: Mapping[str, Any], config: RunnableConfig | None) -> str:
    """``state['user_id']``, else ``config['configurable']['user_id']`` (of ``config`` or of the
    enclosing run), else the LangGraph runtime context's ``user_id``; an
    :class:`InvalidInputError` when none is set."""
    user_id = state.get("user_id") or (config or {}).get("configurable", {}).get("user_id")
    if not user_id:  # the config of the enclosing run (a tool or chain called inside an agent)
        user_id = ((var_child_runnable_config.get() or {}).get("configurable") or {}).get("user_id")
    if not user_id:
        try:
            from langgraph.runtime import get_runtime

            ctx = get_runtime().context
            user_id = ctx.get("user_id") if isinstance(ctx, dict) else getattr(ctx, "user_id", None)
        except Exception:  # not inside a graph run, or no context
            user_id = None
    if not user_id:
        raise InvalidInputError(
            "no user id: pass config={'configurable': {'user_id': ...}} (or a runtime context "
            "with user_id, or user_id in the state)"
        )
    return check_id(user_id, "user_id")
