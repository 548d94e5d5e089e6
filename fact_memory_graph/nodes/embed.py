"""embed: pick the user message to process, skip it if already processed, embed it.

The message is the oldest user message among the last ``retry_window`` (5) that was never
processed — usually the last one; an earlier one whose extraction failed is retried first, and
the graph loops back here for the rest. ``remember()`` processes only its own message. Its id is the message's ``id`` (LangGraph's
``add_messages`` assigns one); a message without id gets a fresh one. A message id that was
processed before ends the run here with the earlier outcome: no model call, nothing applied.
With ``extract_every = N > 1`` the node waits until N unprocessed user messages have
accumulated and then processes them as one batch (seed 001's reflection trigger).
"""

from __future__ import annotations

import hashlib
import logging
from typing import Any

from langchain_core.messages import AnyMessage, HumanMessage
from langchain_core.runnables import RunnableConfig

from fact_memory_graph.config import WriteConfig
from fact_memory_graph.context import MemoryContext
from fact_memory_graph.errors import InvalidInputError
from fact_memory_graph.forgetting import request_state
from fact_memory_graph.logs import rate_limited
from fact_memory_graph.messages import (
    message_text,
    resolve_session_id,
    resolve_user_id,
    truncate_middle,
    turn_fingerprint,
)
from fact_memory_graph.nodes.state import NodePair, Update, WriteState
from fact_memory_graph.sanitize import (
    check_id,
    clean_text,
    quote,
    redact_secrets,
)
from fact_memory_graph.schema import ApplyOutcome, Fact
from fact_memory_graph.threads import (
    forget_request,
    may_reveal_stored_turn,
    message_in_thread,
    revealed_in_claims,
    secret_shown_later,
    shown_earlier,
)

logger = rate_limited(logging.getLogger(__name__))

#: Each earlier message shown to the extractor as context is cut to this many characters.
CONTEXT_MESSAGE_CHARS = 1000
#: A message shorter than this is embedded together with the previous message, so a short reply
#: ("yes, still there") finds the facts it is about.
SHORT_MESSAGE_CHARS = 200


def stable_message_id(user_id: str, session_id: str | None, ordinal: int, text: str, previous: str) -> str:
    """The id of a user message that came without one: the same for the same user, session,
    position among the user's turns, text and preceding turn, so a client that re-sends the
    whole conversation each turn (no checkpointer) has every earlier message recognised as
    processed — it is neither extracted nor counted as evidence again."""
    digest = hashlib.sha256("\x1f".join((user_id, session_id or "", str(ordinal), previous, text)).encode())
    return "auto:" + digest.hexdigest()[:40]


def _valid_id(message_id: str) -> bool:
    try:
        check_id(message_id, "message_id")
    except InvalidInputError:
        return False
    return True


def _role(message: AnyMessage) -> str:
    return {"human": "user", "ai": "assistant"}.get(message.type, message.type)


def assign_ids(messages: list[AnyMessage], user_id: str, session_id: str | None, *, fingerprints: bool
               ) -> tuple[list[int], dict[str, str]]:
    """Give every user message a usable id (in place) and, with ``fingerprints``, its turn
    fingerprint (:func:`~fact_memory_graph.messages.turn_fingerprint`). Returns the indexes of the
    user messages and ``{message id: fingerprint}``."""
    humans = [i for i, m in enumerate(messages) if isinstance(m, HumanMessage)]
    aliases: dict[str, str] = {}
    previous = previous_turn = ""
    for n, i in enumerate(humans):  # ids make re-processing idempotent
        text = message_text(messages[i])
        if not messages[i].id:
            messages[i] = messages[i].model_copy(update={"id": stable_message_id(
                user_id, session_id, n, text, previous)})
        elif not _valid_id(str(messages[i].id)):  # checked before any model call, not at apply
            messages[i] = messages[i].model_copy(update={"id": "id:" + hashlib.sha256(
                str(messages[i].id).encode("utf-8", "surrogatepass")).hexdigest()[:40]})
        previous = str(messages[i].id)
        if fingerprints:
            previous_turn = aliases[previous] = turn_fingerprint(user_id, session_id, n, text, previous_turn)
    return humans, aliases


def _pick(state: WriteState, config: RunnableConfig, cfg: WriteConfig) -> dict[str, Any]:
    """The user, the messages (ids assigned) and the ids that may form the batch.

    In a graph (``process_backlog``, the default) each user turn is also known by its turn
    fingerprint, so a re-sent history is recognised whatever ids it carries. A queued batch
    (``batch_ids``, from the drainer) is exactly those messages, with the fingerprints recorded
    when they were queued (``aliases``)."""
    user_id = resolve_user_id(state, config)
    messages = list(state.get("messages") or [])
    session_id = resolve_session_id(state, config)
    batch_ids = state.get("batch_ids")
    humans, aliases = assign_ids(messages, user_id, session_id,
                                 fingerprints=batch_ids is None and state.get("process_backlog", True))
    if not humans:
        return {"result": {"user_id": user_id, "memory_outcome": ApplyOutcome(
            user_id=user_id, message_id="", skipped="no user message in state")}}
    if batch_ids is not None:
        wanted = set(batch_ids)
        recent = [i for i in humans if str(messages[i].id) in wanted]
        aliases = {k: v for k, v in (state.get("aliases") or {}).items() if k in wanted}
        if not recent:
            return {"result": {"user_id": user_id, "memory_outcome": ApplyOutcome(
                user_id=user_id, message_id="", skipped="no queued message in state")}}
    else:
        if cfg.extract_every > 1:
            window = cfg.extract_every
        else:
            window = cfg.retry_window if state.get("process_backlog", True) else 1
        recent = humans[-window:]  # indexes of the user messages that may form a batch / be retried
    recent_ids = [str(messages[i].id) for i in recent]
    return {"user_id": user_id, "messages": messages, "recent": recent, "recent_ids": recent_ids,
            "aliases": {m: aliases[m] for m in recent_ids if m in aliases}, "session_id": session_id,
            "whole_batch": batch_ids is not None, "humans": humans,
            "all_aliases": {**aliases, **(state.get("aliases") or {})}}


def _lookup_ids(pick: dict[str, Any]) -> list[str]:
    """The ids to look up as processed: each message's id and its turn fingerprint."""
    return [*pick["recent_ids"], *pick["aliases"].values()]


def _known(pick: dict[str, Any], found: dict[str, ApplyOutcome | None]) -> dict[str, ApplyOutcome | None]:
    """The recent messages processed before, by id or by turn fingerprint — except a state's only
    user turn, which is recognised by its id alone: a client without history (no checkpointer)
    sends each turn alone, and the same sentence said again is a new turn, not a re-send."""
    aliases = dict(pick["aliases"])
    if len(pick["humans"]) == 1:
        aliases.pop(str(pick["messages"][pick["humans"][0]].id), None)
    return {mid: found[mid] if mid in found else found[aliases[mid]] for mid in pick["recent_ids"]
            if mid in found or aliases.get(mid) in found}


def _prepare(pick: dict[str, Any], done: dict[str, ApplyOutcome | None], cfg: WriteConfig,
             failed: list[str]) -> dict[str, Any]:
    """Skip (already processed, batching, empty) or the update plus the text to embed."""
    user_id, messages, recent = pick["user_id"], pick["messages"], pick["recent"]
    message_id = str(messages[recent[-1]].id)
    pending_after = 0
    if pick["whole_batch"]:  # a queued burst: every message not yet processed, one extraction
        batch_idx = [i for i in recent if str(messages[i].id) not in done]
        if not batch_idx:
            prior = done.get(message_id) or ApplyOutcome(user_id=user_id, message_id=message_id)
            return {"result": {"user_id": user_id, "message_id": message_id, "memory_outcome": prior.model_copy(
                update={"already_processed": True, "llm_calls": 0})}}
        message_id = str(messages[batch_idx[-1]].id)
    elif cfg.extract_every == 1:  # the oldest unprocessed message of the window, then loop
        pending = [i for i in recent if str(messages[i].id) not in done and str(messages[i].id) not in failed]
        if not pending:
            prior = done.get(message_id) or ApplyOutcome(user_id=user_id, message_id=message_id)
            return {"result": {"user_id": user_id, "message_id": message_id, "memory_outcome": prior.model_copy(
                update={"already_processed": message_id in done, "llm_calls": 0})}}
        batch_idx, pending_after = [pending[0]], len(pending) - 1
        message_id = str(messages[pending[0]].id)
    else:
        if message_id in done:
            prior = done[message_id] or ApplyOutcome(user_id=user_id, message_id=message_id)
            return {"result": {"user_id": user_id, "message_id": message_id, "memory_outcome": prior.model_copy(
                update={"already_processed": True, "llm_calls": 0})}}
        batch_idx = []
        for i in reversed(recent):  # the unprocessed tail
            if str(messages[i].id) in done:
                break
            batch_idx.insert(0, i)
        if len(batch_idx) < cfg.extract_every:
            return {"result": {"user_id": user_id, "message_id": message_id, "memory_outcome": ApplyOutcome(
                user_id=user_id, message_id=message_id,
                skipped=f"batching: {len(batch_idx)} of {cfg.extract_every} messages")}}
    batch = [messages[i] for i in batch_idx]
    text = whole = clean_text("\n".join(message_text(m) for m in batch)).strip()
    # The extractor never sees a card number, a password, a key, nor a part of one dictated over
    # this turn and the user's turns before it (fact_memory_graph.threads).
    text = message_in_thread(text, messages, batch_idx[0], redact=cfg.redact_secrets)
    if not text:
        return {"result": {"user_id": user_id, "message_id": message_id, "pending_after": pending_after,
                           "memory_outcome": ApplyOutcome(user_id=user_id, message_id=message_id,
                                                          skipped="empty message")}}
    if len(text) > cfg.max_message_chars:
        logger.warning("fact-memory: message %s has %d characters; truncated to %d",
                       message_id, len(text), cfg.max_message_chars)
        text = truncate_middle(text, cfg.max_message_chars)
    first = batch_idx[0]
    earlier = messages[max(0, first - cfg.context_messages) : first]
    # Earlier turns enter the prompt quoted, as stored text does: a turn cannot forge a line.
    context = [clean_text(truncate_middle(message_text(m), CONTEXT_MESSAGE_CHARS)) for m in earlier]
    # Each read as a turn of its thread (half a number in one, half in the next); a turn the user
    # asked not to keep is not shown again.
    context = shown_earlier(messages, first - len(earlier), context, message_text(messages[first]),
                            redact=cfg.redact_secrets)
    context = [f"{_role(m)}: {quote(text)}" for m, text in zip(earlier, context, strict=True)]
    probe = "\n".join([*context[-1:], text]) if len(text) < SHORT_MESSAGE_CHARS else text
    # The same, as the messages' own texts: their vectors, composed (context.messages_vector), are
    # the ones the recall embedded (one embedding per message). A batch whose text the secret
    # filter or the length cut changed is one text.
    parts = [message_text(m) for m in batch] if len(batch) > 1 and text == whole else [text]
    if len(text) < SHORT_MESSAGE_CHARS and earlier:
        parts.insert(0, redact_secrets(message_text(earlier[-1])) if cfg.redact_secrets else message_text(earlier[-1]))
    batch_ids = [str(m.id) for m in batch]
    before = [i for i in pick["humans"] if i < first]  # the user's turn before this one ("forget that")
    previous = str(messages[before[-1]].id) if before else None
    # The user's turns shown with this one: what a "forget" may reach (their ids and fingerprints).
    shown = [str(messages[i].id) for i in before if i >= first - cfg.context_messages]
    if previous is not None and previous not in shown:
        shown.append(previous)
    recent_ids = [*shown, *(pick["all_aliases"][m] for m in shown if m in pick["all_aliases"])]
    update = {"user_id": user_id, "message_id": message_id,
              "batch_message_ids": [*batch_ids, *(pick["aliases"][m] for m in batch_ids if m in pick["aliases"])],
              "message_text": text, "context": context, "pending_after": pending_after,
              "session_id": pick["session_id"], "recent_ids": recent_ids,
              # Read once here (the phrase lists), carried to extract in the state.
              "forget_request": request_state(forget_request(text, messages, first)),
              # A secret in the turn before that only this message shows (its password follows a login id)
              "previous_revealed": bool(cfg.redact_secrets and before and secret_shown_later(messages, before[-1], first)),
              "previous_ids": [previous, pick["all_aliases"][previous]] if previous in pick["all_aliases"]
              else [previous] if previous else []}
    return {"update": update, "probe": probe, "parts": parts, "raw": whole}


def _needs_turn_before(pick: dict[str, Any], prepared: dict[str, Any]) -> bool:
    """ "Forget what I just said" sent with no earlier turn (``remember()`` without context): the
    turn it names is the user's last processed message, looked up in the store."""
    update = prepared["update"]
    if pick["whole_batch"] or update["previous_ids"]:
        return False
    request = update["forget_request"]
    return request is not None and request["target"] in ("previous", "both", "topic")


def _may_reveal_stored(pick: dict[str, Any], prepared: dict[str, Any], cfg: WriteConfig) -> bool:
    """A message sent with no earlier turn (``remember()`` without context) that may show a secret
    in what the user's last turn stored: that turn's claims are then read with it."""
    update = prepared["update"]
    return (cfg.redact_secrets and not pick["whole_batch"] and not update["previous_ids"]
            and may_reveal_stored_turn(prepared["raw"], update["message_text"]))


def _reveal_stored(prepared: dict[str, Any], ids: list[str], texts: list[str]) -> bool:
    """The last turn as stored read with this message: a secret only the two show together (a login
    id stored as a fact, its password now) forgets that turn, as with context. ``texts``: first the
    turn's logged text (the text its extractor saw, kept for the nightly review's window), then —
    only if that shows nothing (trimmed, or worded so) — the claims the turn supports."""
    if not revealed_in_claims(texts, prepared["raw"]):
        return False
    _with_turn_before(prepared, ids)
    prepared["update"]["previous_revealed"] = True
    return True


def _logged_texts(logged: list[dict[str, Any]]) -> list[str]:
    return [str(m["text"]) for m in logged if m.get("text")]


def _claims_of(facts: list[Fact], ids: list[str]) -> list[str]:
    return [f.claim for f in facts if set(ids) & set(f.evidence_message_ids)]


def _with_turn_before(prepared: dict[str, Any], ids: list[str]) -> None:
    update = prepared["update"]
    update["previous_ids"] = ids
    update["recent_ids"] = [*update["recent_ids"], *(i for i in ids if i not in update["recent_ids"])]


def make_embed_node(ctx: MemoryContext) -> NodePair:
    cfg = ctx.config.write

    def finish(state: WriteState, prepared: dict[str, Any], vector: list[float], generation: int) -> Update:
        # A queued batch carries the generation read when it was claimed: a forget after the claim
        # (while the batch waits for the model) then applies nothing.
        claimed = state.get("generation")
        return {**prepared["update"], "message_embedding": vector, "at": state.get("at") or ctx.now(),
                "generation": claimed if claimed is not None else generation}

    def embed(state: WriteState, config: RunnableConfig) -> Update:
        pick = _pick(state, config, cfg)
        if "result" in pick:
            return pick["result"]
        found, generation = ctx.store.write_start(pick["user_id"], _lookup_ids(pick))
        prepared = _prepare(pick, _known(pick, found), cfg, state.get("failed_ids") or [])
        if "result" in prepared:
            return prepared["result"]
        if _needs_turn_before(pick, prepared):
            _with_turn_before(prepared, ctx.store.last_processed(pick["user_id"]))
        if _may_reveal_stored(pick, prepared, cfg) and (ids := ctx.store.last_processed(pick["user_id"])):
            logged = ctx.store.message_log(pick["user_id"], message_ids=ids, limit=len(ids))
            if not _reveal_stored(prepared, ids, _logged_texts(logged)):
                _reveal_stored(prepared, ids, _claims_of(ctx.store.list_facts(pick["user_id"]), ids))
        vector = ctx.messages_vector(prepared["parts"]) or ctx.embed_many([prepared["probe"]])[0]
        return finish(state, prepared, vector, generation)

    async def aembed(state: WriteState, config: RunnableConfig) -> Update:
        pick = _pick(state, config, cfg)
        if "result" in pick:
            return pick["result"]
        found, generation = await ctx.astore.write_start(pick["user_id"], _lookup_ids(pick))
        prepared = _prepare(pick, _known(pick, found), cfg, state.get("failed_ids") or [])
        if "result" in prepared:
            return prepared["result"]
        if _needs_turn_before(pick, prepared):
            _with_turn_before(prepared, await ctx.astore.last_processed(pick["user_id"]))
        if _may_reveal_stored(pick, prepared, cfg) and (ids := await ctx.astore.last_processed(pick["user_id"])):
            logged = await ctx.astore.message_log(pick["user_id"], message_ids=ids, limit=len(ids))
            if not _reveal_stored(prepared, ids, _logged_texts(logged)):
                _reveal_stored(prepared, ids, _claims_of(await ctx.astore.list_facts(pick["user_id"]), ids))
        vector = await ctx.amessages_vector(prepared["parts"]) or (await ctx.aembed_many([prepared["probe"]]))[0]
        return finish(state, prepared, vector, generation)

    return embed, aembed
