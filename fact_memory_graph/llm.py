"""Structured-output plumbing shared by the extractor and the reconciliation adjudicator.

One call per use, bound to a pydantic schema as a tool; the output is parsed leniently into a
plain dict here and validated item by item by the caller, so one bad item never sinks the rest.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.runnables import Runnable, RunnableLambda
from langchain_openai.chat_models.base import BaseChatOpenAI
from pydantic import BaseModel

from fact_memory_graph.errors import ConfigurationError, ExtractionError
from fact_memory_graph.sanitize import redact_secrets


def bind_structured(llm: BaseChatModel, schema: type[BaseModel], method: str, *, run_name: str) -> Runnable:
    """The model bound to ``schema``; its output goes to :func:`structured_data`.

    For function calling this binds the tool directly (the same request ``with_structured_output``
    sends) and skips ``include_raw``'s parallel map, a thread hop that cost ~10 ms per message.
    """
    if method == "function_calling":
        kwargs: dict[str, Any] = {"tool_choice": schema.__name__}
        if isinstance(llm, BaseChatOpenAI):
            kwargs["parallel_tool_calls"] = False
        try:
            bound = llm.bind_tools([schema], **kwargs) | RunnableLambda(lambda m: {"raw": m})
            return bound.with_config(run_name=run_name)
        except NotImplementedError:
            pass  # no tool calling: let with_structured_output pick what the model supports
    try:
        structured = llm.with_structured_output(schema, method=method, include_raw=True)
    except TypeError:  # models whose with_structured_output takes no method
        structured = llm.with_structured_output(schema, include_raw=True)
    return structured.with_config(run_name=run_name)


def structured_model_cache(llm_factory: Callable[[], BaseChatModel], schema: type[BaseModel], method: str, *,
                           run_name: str, missing: str | None = None) -> Callable[[], Runnable]:
    """A getter for the bound model, rebuilt only when the factory returns another model
    (rendering the JSON schema costs ~10 ms). ``missing``: when there is no model, raise
    :class:`ExtractionError` with this reason (the work waits, the run goes on) instead of the
    factory's :class:`ConfigurationError`."""
    cache: dict[int, tuple[BaseChatModel, Runnable]] = {}

    def get() -> Runnable:
        try:
            llm = llm_factory()
        except ConfigurationError:
            if missing is None:
                raise
            raise ExtractionError(missing) from None
        hit = cache.get(id(llm))
        if hit is None or hit[0] is not llm:
            hit = (llm, bind_structured(llm, schema, method, run_name=run_name))
            cache[id(llm)] = hit
        return hit[1]

    return get


@contextmanager
def model_errors() -> Iterator[None]:
    """Timeouts, HTTP and provider errors become ExtractionError (nothing is applied)."""
    try:
        yield
    except ExtractionError:
        raise
    except Exception as exc:
        raise ExtractionError(f"model call failed: {type(exc).__name__}: {redact_secrets(str(exc))}") from exc


def structured_data(output: Mapping[str, Any] | BaseModel, schema: type[BaseModel]) -> Mapping[str, Any]:
    """The arguments the model filled in, as a dict (not yet validated).

    Accepts what :func:`bind_structured` returns (``{"raw": AIMessage}``) and
    ``with_structured_output(include_raw=True)`` output; raises :class:`ExtractionError` for
    malformed JSON or no output at all.
    """
    if isinstance(output, schema):
        return output.model_dump()
    if isinstance(output, BaseModel):
        output = output.model_dump()
    parsed = output.get("parsed") if isinstance(output, Mapping) else None
    if isinstance(parsed, BaseModel):
        return parsed.model_dump()
    data: Any = parsed if isinstance(parsed, Mapping) else None
    raw = output.get("raw") if isinstance(output, Mapping) else None
    if data is None and raw is not None:
        tool_calls = getattr(raw, "tool_calls", None) or []
        invalid = getattr(raw, "invalid_tool_calls", None) or []
        if tool_calls:
            data = tool_calls[0].get("args")
        elif invalid:
            raise ExtractionError(
                f"model returned malformed JSON: {redact_secrets(str(invalid[0].get('args'))[:200])!r}"
                f" ({invalid[0].get('error') or 'unparseable'})"
            )
        else:
            content = raw.content if isinstance(raw.content, str) else json.dumps(raw.content)
            try:
                data = json.loads(content) if content.strip() else None
            except json.JSONDecodeError as exc:
                raise ExtractionError(f"model returned malformed JSON: {redact_secrets(content[:200])!r} ({exc})"
                                      ) from exc
    if data is None:
        err = output.get("parsing_error") if isinstance(output, Mapping) else None
        raise ExtractionError(f"model returned no output ({err or 'empty output'})")
    if not isinstance(data, Mapping):
        raise ExtractionError(f"model output is not an object: {redact_secrets(str(data)[:200])!r}")
    return data
