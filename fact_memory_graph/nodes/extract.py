"""extract: compose the prompt and make exactly one structured-output model call.

The model sees the message (with its timestamp, so relative dates resolve), a little recent
context and the retrieved facts under short references. Its ops are validated one by one
(:func:`fact_memory_graph.ops.validate_ops`); references are mapped back to fact ids.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from typing import Any

from langchain_core.runnables import RunnableConfig

from fact_memory_graph.context import MemoryContext
from fact_memory_graph.evaluators import Evaluator, evaluate, extraction_schema
from fact_memory_graph.llm import model_errors, structured_data, structured_model_cache
from fact_memory_graph.logs import rate_limited
from fact_memory_graph.nodes.state import KnownFact, NodePair, Update, WriteState
from fact_memory_graph.ops import DO_NOT_REMEMBER, raw_ops, validate_ops
from fact_memory_graph.prompts import extraction_prompt
from fact_memory_graph.sanitize import quote
from fact_memory_graph.schema import DECLINED_REASON, FactKind, RejectedOp
from fact_memory_graph.taxonomy import DEFAULT_TAXONOMY, Taxonomy

logger = rate_limited(logging.getLogger(__name__))


def format_known(retrieved: list[KnownFact], kind: FactKind) -> str:
    lines = []
    for item in retrieved:
        fact = item["fact"]
        if fact.kind is not kind:
            continue
        extra = f" (since {fact.valid_at.date().isoformat()})" if fact.valid_at else ""
        lines.append(f"{item['ref']} [{fact.category}] {quote(fact.claim)}{extra}")
    return "\n".join(lines) or "(none)"


_DELIMITER_RUN = re.compile(r"[<>]{3,}")


def fence(text: str) -> str:
    """Text with the prompt's delimiters (<<< >>>) defused, so it cannot close its own block and
    pose as instructions: every run of three or more angle brackets is spaced out (``>>>>>``
    included, which a single replace would leave closing the block)."""
    return _DELIMITER_RUN.sub(lambda m: " ".join(m.group()), text)


def build_prompt_messages(state: WriteState, taxonomy: Taxonomy = DEFAULT_TAXONOMY,
                          evaluators: Sequence[Evaluator] = ()):
    retrieved = state.get("retrieved") or []
    instructions = tuple((ev.name, ev.instructions) for ev in evaluators)
    return extraction_prompt(taxonomy, instructions).format_messages(
        now=state["at"].isoformat(timespec="minutes"),
        context=fence("\n".join(state.get("context") or [])) or "(none)",
        durable_facts=format_known(retrieved, FactKind.DURABLE),
        current_facts=format_known(retrieved, FactKind.CURRENT),
        message=fence(state["message_text"]),
    )


def make_extract_node(ctx: MemoryContext) -> NodePair:
    write = ctx.config.write
    method = write.structured_output_method
    taxonomy, evaluators = ctx.taxonomy, ctx.evaluators
    schema = extraction_schema(taxonomy, evaluators)
    structured_model = structured_model_cache(ctx.llm_factory, schema, method, run_name="extract_facts")

    def prompt(state: WriteState):
        return build_prompt_messages(state, taxonomy, evaluators)

    def parse(state: WriteState, output: Any) -> Update:
        data = structured_data(output, schema)
        refs = {item["ref"]: (item["fact"].id, item["fact"].kind) for item in state.get("retrieved") or []}
        proposals, rejected = validate_ops(raw_ops(data), refs, write, message_time=state["at"], taxonomy=taxonomy)
        records, bad = evaluate(data, evaluators, user_id=state["user_id"], message_id=state["message_id"],
                                at=state["at"], refs={ref: fact_id for ref, (fact_id, _) in refs.items()})
        return {"proposals": proposals, "rejected": [*rejected, *bad], "evaluations": records, "llm_calls": 1}

    def declined(state: WriteState) -> Update | None:
        """The user asked not to be remembered ("forget what I just said", "don't remember that"):
        nothing from this message is stored, no model call (the message is still marked processed,
        so it is never extracted later), and apply forgets what the previous turn stored."""
        if write.honour_do_not_remember and DO_NOT_REMEMBER.search(state.get("message_text") or ""):
            return {"proposals": [], "llm_calls": 0, "forget_previous": bool(state.get("previous_ids")),
                    "rejected": [RejectedOp(op={"message": "not stored"},
                                            reason=DECLINED_REASON)]}
        return None

    def forgotten_since(state: WriteState, generation: int | None) -> bool:
        """A queued batch whose user (or one of whose turns) was forgotten since its claim: no model
        call sees its text (apply then skips it and the drainer gives the rest back)."""
        return generation is not None and generation != state.get("generation")

    def queued(state: WriteState) -> bool:
        return bool(state.get("batch_ids")) and state.get("generation") is not None

    def extract(state: WriteState, config: RunnableConfig) -> Update:
        if (skip := declined(state)) is not None:
            return skip
        if queued(state) and forgotten_since(state, ctx.store.user_generation(state["user_id"])):
            return {"proposals": [], "llm_calls": 0}
        with model_errors():
            output = structured_model().invoke(prompt(state))
        return parse(state, output)

    async def aextract(state: WriteState, config: RunnableConfig) -> Update:
        if (skip := declined(state)) is not None:
            return skip
        if queued(state) and forgotten_since(state, await ctx.astore.user_generation(state["user_id"])):
            return {"proposals": [], "llm_calls": 0}
        with model_errors():
            output = await structured_model().ainvoke(prompt(state))
        return parse(state, output)

    return extract, aextract
