"""extract: compose the prompt and make exactly one structured-output model call.

The model sees the message (with its timestamp, so relative dates resolve), a little recent
context and the retrieved facts under short references. Its ops are validated one by one
(:func:`fact_memory_graph.ops.validate_ops`); references are mapped back to fact ids.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.runnables import Runnable, RunnableConfig, RunnableLambda
from langchain_openai.chat_models.base import BaseChatOpenAI

from fact_memory_graph.context import MemoryContext
from fact_memory_graph.errors import ExtractionError
from fact_memory_graph.nodes.state import KnownFact, NodePair, Update, WriteState
from fact_memory_graph.ops import ExtractedOps, raw_ops_from_model_output, validate_ops
from fact_memory_graph.prompts import extraction_prompt
from fact_memory_graph.schema import FactKind

logger = logging.getLogger(__name__)


def format_known(retrieved: list[KnownFact], kind: FactKind) -> str:
    lines = []
    for item in retrieved:
        fact = item["fact"]
        if fact.kind is not kind:
            continue
        extra = f" (since {fact.valid_at.date().isoformat()})" if fact.valid_at else ""
        lines.append(f"{item['ref']} [{fact.category}] {fact.claim}{extra}")
    return "\n".join(lines) or "(none)"


def build_prompt_messages(state: WriteState):
    retrieved = state.get("retrieved") or []
    return extraction_prompt().format_messages(
        now=state["at"].isoformat(timespec="minutes"),
        context="\n".join(state.get("context") or []) or "(none)",
        durable_facts=format_known(retrieved, FactKind.DURABLE),
        current_facts=format_known(retrieved, FactKind.CURRENT),
        message=state["message_text"],
    )


def _structured(llm: BaseChatModel, method: str) -> Runnable:
    """The model bound to the op schema.

    For function calling this binds the tool directly (the same request ``with_structured_output``
    sends) and leaves parsing to :func:`raw_ops_from_model_output`, which validates op by op; it
    skips ``include_raw``'s parallel map, a thread hop that cost ~10 ms per message.
    """
    if method == "function_calling":
        kwargs: dict[str, Any] = {"tool_choice": ExtractedOps.__name__}
        if isinstance(llm, BaseChatOpenAI):
            kwargs["parallel_tool_calls"] = False
        try:
            return llm.bind_tools([ExtractedOps], **kwargs) | RunnableLambda(lambda m: {"raw": m})
        except NotImplementedError:
            pass  # no tool calling: let with_structured_output pick what the model supports
    try:
        return llm.with_structured_output(ExtractedOps, method=method, include_raw=True)
    except TypeError:  # models whose with_structured_output takes no method
        return llm.with_structured_output(ExtractedOps, include_raw=True)


@contextmanager
def model_errors() -> Iterator[None]:
    """Timeouts, HTTP and provider errors become ExtractionError (nothing is applied)."""
    try:
        yield
    except ExtractionError:
        raise
    except Exception as exc:
        raise ExtractionError(f"model call failed: {type(exc).__name__}: {exc}") from exc


def make_extract_node(ctx: MemoryContext) -> NodePair:
    write = ctx.config.write
    method = write.structured_output_method
    # Building the structured runnable renders the JSON schema (~10 ms): do it once per model.
    cache: dict[int, tuple[Any, Any]] = {}

    def structured_model() -> Any:
        llm = ctx.llm_factory()
        hit = cache.get(id(llm))
        if hit is None or hit[0] is not llm:
            hit = (llm, _structured(llm, method))
            cache[id(llm)] = hit
        return hit[1]

    def parse(state: WriteState, output: Any) -> Update:
        raw_ops = raw_ops_from_model_output(output)
        refs = {item["ref"]: (item["fact"].id, item["fact"].kind) for item in state.get("retrieved") or []}
        proposals, rejected = validate_ops(raw_ops, refs, write)
        return {"proposals": proposals, "rejected": rejected, "llm_calls": 1}

    def extract(state: WriteState, config: RunnableConfig) -> Update:
        with model_errors():
            output = structured_model().invoke(build_prompt_messages(state))
        return parse(state, output)

    async def aextract(state: WriteState, config: RunnableConfig) -> Update:
        with model_errors():
            output = await structured_model().ainvoke(build_prompt_messages(state))
        return parse(state, output)

    return extract, aextract
