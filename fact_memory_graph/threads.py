"""A message read as the next turn of its thread, the same way on every path.

The inline write graph (a parent graph's ``messages``), ``remember(..., context=...)``, the queued
write node (when it records a turn) and the drainer (from the turns recorded with it) all read a
user message with the user's earlier turns of the thread — the last
:data:`~fact_memory_graph.secrets.THREAD_TURNS` of them, the assistant's replies between them
skipped:

- **secrets** (:func:`~fact_memory_graph.secrets.spans_in_thread`): a secret dictated over two or
  three turns (its name in one, a part in each of the next) is withheld in every turn;
- **privacy**: a turn after a bare marker that announces it ("can I tell you something
  private?") is not kept, and a turn the user asked not to keep (or took back) is not shown again
  to the extractor with a later message (:func:`~fact_memory_graph.forgetting.withheld_turns`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from langchain_core.messages import BaseMessage, HumanMessage

from fact_memory_graph.forgetting import ForgetRequest, request_in_thread, withheld_turns
from fact_memory_graph.messages import message_text
from fact_memory_graph.sanitize import THREAD_TURNS, redact_thread, redact_turns, revealed_by_next

__all__ = ["NOT_KEPT", "REVEALED_LATER", "THREAD_TURNS", "forget_request", "message_in_thread", "may_reveal_stored_turn", "revealed_in_claims", "secret_shown_later", "shown_earlier",
           "user_turns_before"]

#: What the extractor is shown in place of an earlier turn the user asked not to keep.
NOT_KEPT = "[not kept: the user asked]"


def user_turns_before(messages: Sequence[BaseMessage], index: int, limit: int = THREAD_TURNS) -> list[str]:
    """The texts of the user's last ``limit`` turns before ``messages[index]``, oldest first."""
    out: list[str] = []
    for m in reversed(messages[:index]):
        if len(out) >= limit:
            break
        if isinstance(m, HumanMessage):
            out.append(message_text(m))
    return out[::-1]


def message_in_thread(text: str, messages: Sequence[BaseMessage], index: int, *, redact: bool) -> str:
    """``text`` (the message at ``index``) with its secrets withheld as the next turn of its thread."""
    return redact_thread(text, user_turns_before(messages, index)) if redact else text


#: Set on a queued turn's recorded context (and on the message the drainer rebuilds from it): the
#: turn after it showed a secret in it (:func:`secret_shown_later`, read when the turn was queued).
REVEALED_LATER = "fact_memory_revealed_later"


def secret_shown_later(messages: Sequence[BaseMessage], earlier: int, index: int) -> bool:
    """Whether the message at ``index`` shows a secret in the user's turn at ``earlier`` that that
    turn, read when it came, did not: a login id whose password follows in the next turn, a card's
    first half. What was stored from that turn may hold it, so the write path forgets that turn
    (as "forget what I just said" does) before it applies this message."""
    if messages[earlier].additional_kwargs.get(REVEALED_LATER):  # the drainer: read when it was queued
        return True
    return revealed_by_next(message_text(messages[earlier]), user_turns_before(messages, earlier),
                            message_text(messages[index]))


#: A turn that is only a number (in groups): maybe the rest of one the turn before began.
_BARE_NUMBER_TURN = re.compile(r"\W*\d[\d \u00a0\-./]{2,40}\W*")


def may_reveal_stored_turn(raw: str, shown: str) -> bool:
    """Whether a message sent without its earlier turns may show a secret in what the user's
    last turn stored (something of it was withheld, or it is a bare number: the rest of one):
    only then are that turn's stored claims read again (:func:`revealed_in_claims`)."""
    return raw != shown or bool(_BARE_NUMBER_TURN.fullmatch(raw))


def revealed_in_claims(stored: Sequence[str], after: str) -> bool:
    """Whether ``after`` shows a secret in what was stored from the user's turn before it — its
    logged text or the claims it supports (a login id stored as a fact, whose password this message
    gives): a message sent without context is read against what the store kept of the last turn."""
    return bool(stored) and revealed_by_next("\n".join(stored), (), after)


def forget_request(text: str, messages: Sequence[BaseMessage], index: int) -> ForgetRequest | None:
    """What the message at ``index`` asks to forget, read after the user's turn before it (a bare
    privacy marker there announces this one)."""
    return request_in_thread(text, user_turns_before(messages, index, 2))


def shown_earlier(messages: Sequence[BaseMessage], start: int, texts: Sequence[str], after: str, *,
                  redact: bool) -> list[str]:
    """``texts`` — the (cut) texts of ``messages[start:start + len(texts)]``, the earlier messages
    shown with a message whose own text is ``after`` — as the extractor may see them: each user
    turn read as the next turn of its thread (the user's turns before the window count too), and
    a user turn the user asked not to keep replaced by :data:`NOT_KEPT`."""
    users = [isinstance(m, HumanMessage) for m in messages[start:start + len(texts)]]
    shown = list(texts)
    if redact:
        shown = redact_turns(shown, after, users=users, before=user_turns_before(messages, start))
    if any(users):
        thread = [*user_turns_before(messages, start, 2),
                  *(message_text(m) for m, u in zip(messages[start:start + len(texts)], users, strict=True) if u),
                  after]
        hidden = withheld_turns(thread)[-(sum(users) + 1):-1]
        flags = iter(hidden)
        shown = [NOT_KEPT if u and next(flags) else t for t, u in zip(shown, users, strict=True)]
    return shown
