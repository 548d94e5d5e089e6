"""Offline testing helpers: a scripted chat model that answers through the real structured-output
path (``bind_tools`` -> tool call -> ``with_structured_output`` parsing), and a settable clock.

Use them to test agents that use fact-memory-graph without a model::

    llm = ScriptedChatModel(responses=[[{"op": "add_durable", "category": "identity",
                                          "claim": "lives in Berlin"}]])
    memory = FactMemory.open(llm=llm, clock=FixedClock(datetime(2026, 1, 1, tzinfo=UTC)))
"""

from __future__ import annotations

import json
import re
import threading
import uuid
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.utils.function_calling import convert_to_openai_tool
from pydantic import Field, PrivateAttr

#: A scripted answer: a list of op dicts, an ``{"ops": [...]}`` dict, a raw string (sent as the
#: tool-call arguments, so malformed JSON can be simulated), an exception to raise, or a callable
#: taking the prompt messages and returning one of these.
ScriptedResponse = Any

_MESSAGE_RE = re.compile(r".*<<<\n(.*)\n>>>\s*$", re.DOTALL)  # the last fenced block: the message
_OP_DEFAULTS = {"ref": None, "category": None, "claim": None, "fields": [], "verification_status": None,
                "supersedes": None, "expires_at": None}


def prompt_message(messages: Sequence[BaseMessage]) -> str:
    """The user message inside an extractor prompt (between ``<<<`` and ``>>>``)."""
    text = str(messages[-1].content) if messages else ""
    m = _MESSAGE_RE.search(text)
    return m.group(1) if m else text


class ScriptedChatModel(BaseChatModel):
    """A chat model that returns scripted ops as a tool call, exactly like a real provider would.

    Answers come from ``by_message`` (keyed by the exact user message the extractor prompt
    carries), else from ``responses`` in order, else ``default``. Every call is recorded in
    :attr:`calls` (the prompt messages), so tests can assert how many model calls happened and
    what the prompt held.
    """

    responses: list[ScriptedResponse] = Field(default_factory=list)
    by_message: dict[str, ScriptedResponse] = Field(default_factory=dict)
    default: ScriptedResponse = Field(default_factory=list)
    #: Fill omitted nullable op fields so short scripts stay readable.
    fill_defaults: bool = True

    _calls: list[list[BaseMessage]] = PrivateAttr(default_factory=list)
    _cursor: int = PrivateAttr(default=0)
    _lock: threading.Lock = PrivateAttr(default_factory=threading.Lock)

    @property
    def _llm_type(self) -> str:
        return "scripted"

    @property
    def calls(self) -> list[list[BaseMessage]]:
        return self._calls

    def bind_tools(self, tools: Sequence[Any], *, tool_choice: Any = None, **kwargs: Any):
        return self.bind(tools=[convert_to_openai_tool(t) for t in tools], tool_choice=tool_choice, **kwargs)

    def with_structured_output(self, schema: Any, *, include_raw: bool = False, method: str = "function_calling",
                               **kwargs: Any):
        # Every method goes through tool calling here: the parsing path is the same one real
        # providers use with method="function_calling".
        return super().with_structured_output(schema, include_raw=include_raw, **kwargs)

    def _next(self, messages: list[BaseMessage]) -> ScriptedResponse:
        with self._lock:
            self._calls.append(messages)
            key = prompt_message(messages)
            if key in self.by_message:
                return self.by_message[key]
            if self._cursor < len(self.responses):
                self._cursor += 1
                return self.responses[self._cursor - 1]
            return self.default

    def _tool_args(self, response: ScriptedResponse) -> str | dict[str, Any]:
        if isinstance(response, str):
            return response
        data = dict(response) if isinstance(response, Mapping) else {"ops": list(response)}
        if self.fill_defaults and isinstance(data.get("ops"), list):
            data["ops"] = [{**_OP_DEFAULTS, **op} if isinstance(op, Mapping) else op for op in data["ops"]]
        return data

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        response = self._next(messages)
        if callable(response) and not isinstance(response, type):
            response = response(messages)
        if isinstance(response, BaseException):
            raise response
        tools = kwargs.get("tools") or []
        name = tools[0]["function"]["name"] if tools else "ExtractedOps"
        args = self._tool_args(response)
        call_id = f"call_{uuid.uuid4().hex[:12]}"
        if isinstance(args, str):
            try:
                parsed = json.loads(args)
            except json.JSONDecodeError as exc:
                message = AIMessage(content="", invalid_tool_calls=[
                    {"name": name, "args": args, "id": call_id, "error": f"malformed JSON: {exc}", "type": "invalid_tool_call"}])
                return ChatResult(generations=[ChatGeneration(message=message)])
            args = parsed
        message = AIMessage(content="", tool_calls=[{"name": name, "args": args, "id": call_id, "type": "tool_call"}])
        return ChatResult(generations=[ChatGeneration(message=message)])


class FixedClock:
    """A clock for tests and simulations: returns ``now`` until moved."""

    def __init__(self, now: datetime | None = None) -> None:
        self.now = now or datetime(2026, 1, 1, 9, 0, tzinfo=UTC)
        if self.now.tzinfo is None:
            raise ValueError("FixedClock needs a timezone-aware datetime")

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> datetime:
        self.now += timedelta(**delta)
        return self.now

    def set(self, now: datetime) -> None:
        self.now = now




class ScriptedAgentModel(BaseChatModel):
    """An agent's chat model for offline tests and examples: returns ``replies`` in order (an
    ``AIMessage`` may carry ``tool_calls``, so tool use can be scripted) and records every prompt
    in :attr:`seen`. ``bind_tools`` is accepted (the tools are not called by the model itself)."""

    replies: list[AIMessage] = Field(default_factory=list)
    fallback: str = "ok"

    _seen: list[list[BaseMessage]] = PrivateAttr(default_factory=list)
    _lock: threading.Lock = PrivateAttr(default_factory=threading.Lock)

    @property
    def _llm_type(self) -> str:
        return "scripted-agent"

    @property
    def seen(self) -> list[list[BaseMessage]]:
        return self._seen

    def bind_tools(self, tools: Any, **kwargs: Any) -> ScriptedAgentModel:  # type: ignore[override]
        return self

    def _generate(self, messages: list[BaseMessage], stop: list[str] | None = None,
                  run_manager: CallbackManagerForLLMRun | None = None, **kwargs: Any) -> ChatResult:
        with self._lock:
            self._seen.append(list(messages))
            reply = self.replies.pop(0) if self.replies else AIMessage(self.fallback)
        return ChatResult(generations=[ChatGeneration(message=reply)])


__all__ = ["FixedClock", "ScriptedAgentModel", "ScriptedChatModel", "prompt_message"]
