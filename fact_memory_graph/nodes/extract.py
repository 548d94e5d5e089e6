"""extract: compose the prompt and make exactly one structured-output model call.

The model sees the message (with its timestamp, so relative dates resolve), a little recent
context and the retrieved facts under short references. Its ops are validated one by one
(:func:`fact_memory_graph.ops.validate_ops`); references are mapped back to fact ids.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping, Sequence
from typing import Any

from langchain_core.runnables import RunnableConfig

from fact_memory_graph.context import MemoryContext
from fact_memory_graph.evaluators import Evaluator, evaluate, extraction_schema
from fact_memory_graph.forgetting import (
    PREVIOUS,
    THIS,
    ForgetPlan,
    facts_about,
    plan_forget_ops,
    request_from_state,
    split_forget_ops,
)
from fact_memory_graph.llm import model_errors, structured_data, structured_model_cache
from fact_memory_graph.logs import rate_limited
from fact_memory_graph.nodes.state import KnownFact, NodePair, Update, WriteState
from fact_memory_graph.ops import raw_ops, validate_ops
from fact_memory_graph.prompts import extraction_prompt
from fact_memory_graph.sanitize import quote
from fact_memory_graph.schema import DECLINED_REASON, ApplyOutcome, FactKind, RejectedOp
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


def _declined(dropped: int = 0) -> RejectedOp:
    """The record of a message the user asked not to keep: its text then leaves the log (apply)."""
    return RejectedOp(op={"message": "not stored", **({"dropped_ops": dropped} if dropped else {})},
                      reason=DECLINED_REASON)


def _recent(state: WriteState) -> list[str]:
    return [*(state.get("recent_ids") or []), *(state.get("previous_ids") or [])]


def _with_originals(recent: list[str], found: Mapping[str, ApplyOutcome | None]) -> list[str]:
    """The recent turns' ids and the ids their facts cite: a turn re-sent with a new id (a client
    without a checkpointer) is known by its fingerprint, whose processed record names the original."""
    return [*recent, *(o.message_id for o in found.values() if o is not None and o.message_id)]


def _names_facts(forgets: list[Any]) -> bool:
    return any(str(f.get("ref") or "").strip().lower() not in (PREVIOUS, THIS) for f in forgets)


def _of_recent_turns(state: WriteState, recent: list[str]) -> list[KnownFact]:
    """The shown facts the user's recent turns support (all a "forget" may reach)."""
    ids = set(recent)
    return [k for k in state.get("retrieved") or [] if ids & set(k["fact"].evidence_message_ids)]


def _forget_update(state: WriteState, plan: ForgetPlan, previous: list[str]) -> Update:
    revealed = bool(state.get("previous_revealed"))  # a secret this message showed in the turn before
    return {"forget_previous": (plan.previous or revealed) and bool(previous), "previous_ids": previous,
            "forget_fact_ids": [str(f) for f in plan.fact_ids]}


def make_extract_node(ctx: MemoryContext) -> NodePair:
    write = ctx.config.write
    method = write.structured_output_method
    taxonomy, evaluators = ctx.taxonomy, ctx.evaluators
    schema = extraction_schema(taxonomy, evaluators)
    structured_model = structured_model_cache(ctx.llm_factory, schema, method, run_name="extract_facts")

    def prompt(state: WriteState):
        return build_prompt_messages(state, taxonomy, evaluators)

    def read(output: Any) -> tuple[dict[str, Any], list[Any], list[Any]]:
        data = structured_data(output, schema)
        forgets, others = split_forget_ops(raw_ops(data))
        return data, forgets, others

    def needs_turn_before(state: WriteState, forgets: list[Any]) -> bool:
        """A ``forget`` op with no earlier turn in the state (``remember()`` without context): the
        user's last processed message is the turn it may reach (looked up only then)."""
        return bool(forgets) and write.honour_do_not_remember and not _recent(state)

    def parse(state: WriteState, data: dict[str, Any], forgets: list[Any], others: list[Any],
              previous: list[str] | None, recent: list[str]) -> Update:
        retrieved = state.get("retrieved") or []
        refs = {item["ref"]: (item["fact"].id, item["fact"].kind) for item in retrieved}
        proposals, rejected = validate_ops(others, refs, write, message_time=state["at"], taxonomy=taxonomy)
        records, bad = evaluate(data, evaluators, user_id=state["user_id"], message_id=state["message_id"],
                                at=state["at"], refs={ref: fact_id for ref, (fact_id, _) in refs.items()})
        update: Update = {"proposals": proposals, "rejected": [*rejected, *bad], "evaluations": records,
                          "llm_calls": 1}
        if state.get("previous_revealed") and state.get("previous_ids"):  # forgotten whatever the model said
            update.update(forget_previous=True, previous_ids=list(state["previous_ids"]))
        if not forgets:
            return update
        if not write.honour_do_not_remember:
            off = [RejectedOp(op={"op": "forget", "dropped_ops": len(forgets)},
                              reason="forget ops are off (WriteConfig.honour_do_not_remember=False)")]
            return {**update, "rejected": [*update["rejected"], *off]}
        previous = list(state.get("previous_ids") or []) if previous is None else previous
        shown = {item["ref"]: (item["fact"].id, item["fact"].evidence_message_ids) for item in retrieved}
        plan, refused = plan_forget_ops(forgets, shown, recent)
        update = {**update, **_forget_update(state, plan, previous), "rejected": [*update["rejected"], *refused]}
        if plan.this:  # nothing of this message is kept: its other ops and evaluator outputs are dropped
            update.update(proposals=[], evaluations=[], rejected=[*refused, _declined(len(others))])
        return update

    def declined(state: WriteState) -> tuple[Update, str | None] | None:
        """The user asked not to be remembered, in words the phrase lists know (no model call):
        nothing from this message is stored (it is still marked processed, so it is never
        extracted later); "forget what I just said" also forgets what the previous turn stored,
        "X, please don't remember that" only X, and "forget what I said about my health" the
        facts of the user's recent turns that the topic names."""
        if not write.honour_do_not_remember:
            return None
        request = request_from_state(state, state.get("message_text") or "")
        if request is None:
            return None
        previous = list(state.get("previous_ids") or [])
        plan = ForgetPlan(previous=request.target in ("previous", "both"), this=True)
        update = {"proposals": [], "llm_calls": 0, **_forget_update(state, plan, previous), "rejected": [_declined()]}
        return update, (request.topic or "" if request.target == "topic" else None)

    def about(state: WriteState, update: Update, topic: str, recent: list[str]) -> Update:
        """"Forget what I said about <topic>": the shown facts of the recent turns it names."""
        known = _of_recent_turns(state, recent)
        ids = facts_about(topic, [(k["fact"].id, k["fact"].claim, k["fact"].category) for k in known])
        return {**update, "forget_fact_ids": [str(i) for i in ids]}

    def forgotten(state: WriteState) -> Update:
        """A message (or queued batch) whose user, or one of whose turns, was forgotten since its
        generation was read: no model call sees its text (apply then skips it and the drainer
        gives the rest of a batch back)."""
        return {"proposals": [], "llm_calls": 0}

    def extract(state: WriteState, config: RunnableConfig) -> Update:
        store, user_id = ctx.store, state["user_id"]
        if (skip := declined(state)) is not None:
            update, topic = skip
            if topic is None or not (recent := _recent(state)):
                return update
            return about(state, update, topic, _with_originals(recent, store.write_start(user_id, recent)[0]))
        # The user's lock (shared) from a generation re-check until the model answers: a forget
        # started meanwhile returns after the call, never before the prompt is sent.
        generation = state.get("generation")
        if generation is None:  # (the embed node always sets it; a graph of one's own may not)
            generation = store.user_generation(user_id)
        with store.model_call_hold(user_id, generation) as current:
            if not current:
                return forgotten(state)
            with model_errors():
                output = structured_model().invoke(prompt(state))
        data, forgets, others = read(output)
        previous = store.last_processed(user_id) if needs_turn_before(state, forgets) else None
        recent = [*_recent(state), *(previous or [])]
        if recent and _names_facts(forgets):
            recent = _with_originals(recent, store.write_start(user_id, recent)[0])
        return parse(state, data, forgets, others, previous, recent)

    async def aextract(state: WriteState, config: RunnableConfig) -> Update:
        store, user_id = ctx.astore, state["user_id"]
        if (skip := declined(state)) is not None:
            update, topic = skip
            if topic is None or not (recent := _recent(state)):
                return update
            return about(state, update, topic, _with_originals(recent, (await store.write_start(user_id, recent))[0]))
        generation = state.get("generation")
        if generation is None:
            generation = await store.user_generation(user_id)
        async with store.model_call_hold(user_id, generation) as current:
            if not current:
                return forgotten(state)
            with model_errors():
                output = await structured_model().ainvoke(prompt(state))
        data, forgets, others = read(output)
        previous = (await store.last_processed(user_id)) if needs_turn_before(state, forgets) else None
        recent = [*_recent(state), *(previous or [])]
        if recent and _names_facts(forgets):
            recent = _with_originals(recent, (await store.write_start(user_id, recent))[0])
        return parse(state, data, forgets, others, previous, recent)

    return extract, aextract
