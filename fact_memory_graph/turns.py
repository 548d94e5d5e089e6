"""From a graph state to queue entries, and back: which user turns a write node records in the
message log (ids, turn fingerprints, the session, the earlier turns the extractor will see, what
the previous reply was shown), and the earlier turns of a queued row as messages again."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, convert_to_messages
from langchain_core.runnables import RunnableConfig

from fact_memory_graph.context import MemoryContext
from fact_memory_graph.formatting import SHOWN_BEFORE_KEY, ShownMemory, read_shown
from fact_memory_graph.messages import (
    message_text,
    resolve_session_id,
    resolve_user_id,
    truncate_middle,
)
from fact_memory_graph.nodes.embed import CONTEXT_MESSAGE_CHARS, assign_ids
from fact_memory_graph.recall import DEFAULT_STATE_KEY
from fact_memory_graph.sanitize import clean_text, redact_secrets
from fact_memory_graph.store.plans import QueueEntry
from fact_memory_graph.threads import (
    REVEALED_LATER,
    message_in_thread,
    secret_shown_later,
    shown_earlier,
)

__all__ = ["TRUNCATION_MARK_CHARS", "capture_turns", "context_messages"]

logger = logging.getLogger("fact_memory_graph.queue")  # the queue's log lines, wherever they are written
#: Room left for truncate_middle's "[... N characters omitted ...]" line, so a cut message fits
#: the extractor's limit and is never cut twice.
TRUNCATION_MARK_CHARS = 64
ROLE = {"human": "user", "ai": "assistant"}


def context_messages(row: Mapping[str, Any]) -> list[BaseMessage]:
    """The earlier messages recorded with a queued message, as messages again (user turns with
    their ids: "forget what I just said" acts on the one before)."""
    out: list[BaseMessage] = []
    for item in row.get("context") or []:
        text = str(item.get("text", ""))
        if item.get("role") == "assistant":
            out.append(AIMessage(content=text))
        else:
            out.append(HumanMessage(content=text, id=item.get("id"),
                                    **({"additional_kwargs": {REVEALED_LATER: True}} if item.get(REVEALED_LATER) else {})))
    return out


def _shown_fields(shown: ShownMemory | None) -> dict[str, Any]:
    """The queue entry's record of what the previous reply was shown (nothing when not known)."""
    if shown is None:
        return {}
    return {"facts_shown": shown.facts, "stale_shown": shown.stale, "shown_digests": shown.digests}


def capture_turns(ctx: MemoryContext, state: Mapping[str, Any], config: RunnableConfig | None
                  ) -> tuple[str, list[QueueEntry]]:
    """The user and the queue entries for the last ``WriteConfig.retry_window`` user messages of
    a graph state: ids assigned as the write graph assigns them, turn fingerprints, the
    session, the earlier messages the extractor will see. No I/O. A run naming no user (or
    two) raises :class:`~fact_memory_graph.errors.InvalidInputError`: a coding error."""
    write = ctx.config.write
    user_id = resolve_user_id(state, config)
    session_id = resolve_session_id(state, config)
    messages = convert_to_messages(state.get("messages") or [])  # ("user", "...") tuples too, as add_messages
    humans, aliases = assign_ids(messages, user_id, session_id, fingerprints=True)
    at = state.get("at") or ctx.now()
    # The memory the reply to the previous turn was given: in a layout whose write node runs
    # beside the recall (from START) the state still holds it; the middleware passes it on.
    shown = read_shown(state.get(SHOWN_BEFORE_KEY, state.get(DEFAULT_STATE_KEY)))
    entries = []
    private = redact_secrets if write.redact_secrets else (lambda text: text)  # never in the log either
    for n, i in enumerate(humans):
        if n < len(humans) - write.retry_window:
            continue
        # As the write graph reads it: the next turn of its thread (fact_memory_graph.threads).
        text = message_in_thread(clean_text(message_text(messages[i])).strip(), messages, i,
                                 redact=write.redact_secrets)
        if not text:
            continue
        earlier = messages[max(0, i - write.context_messages):i]
        shown_texts = [clean_text(truncate_middle(message_text(m), CONTEXT_MESSAGE_CHARS)) for m in earlier]
        shown_texts = shown_earlier(messages, i - len(earlier), shown_texts, message_text(messages[i]),
                                    redact=write.redact_secrets)
        context = [{"role": ROLE.get(m.type, m.type), "text": private(t),
                    **({"id": str(m.id), "fingerprint": aliases.get(str(m.id))} if m.type == "human" else {})}
                   for m, t in zip(earlier, shown_texts, strict=True)]
        # The user's turn before, when this one shows a secret in it (a login id whose password
        # follows): the context above is already read with this turn, so the drainer is told
        before = [j for j in humans if j < i and j >= i - len(earlier)]
        if write.redact_secrets and before and secret_shown_later(messages, before[-1], i):
            context[before[-1] - (i - len(earlier))][REVEALED_LATER] = "yes"
        message_id = str(messages[i].id)
        if len(text) > write.max_message_chars and i == humans[-1]:
            logger.warning("fact-memory: message %s has %d characters: queued with its head and tail "
                           "(WriteConfig.max_message_chars=%d)", message_id, len(text), write.max_message_chars)
        entries.append(QueueEntry(message_id=message_id, text=truncate_middle(text, write.max_message_chars
                                                                            - TRUNCATION_MARK_CHARS),
                                  truncated=len(text) > write.max_message_chars,
                                  at=at, fingerprint=aliases.get(message_id), session_id=session_id,
                                  context=tuple(context),
                                  **(_shown_fields(shown) if i == humans[-1] else {}),
                                  repeatable=len(humans) == 1))
    return user_id, entries
