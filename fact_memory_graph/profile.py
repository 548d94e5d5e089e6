"""The user profile (seed 003): a bounded summary of who the user is, built without a model.

From the user's believed durable facts (active or dormant), strongest first (confidence, then the
most recently confirmed): the same words twice appear once. Nothing else is dropped: a fact that
a later one replaced is gone once reconciliation (or the user) superseded it, and several values
of a relation are all true ("has a sister Mia", "has a sister Anna"). At most ``max_facts`` lines and ``max_tokens``
(characters / 4), grouped by category as ``[Category]: "claim"`` in the taxonomy's order (the
claim quoted as data: a newline or a heading in a claim cannot start a line of its own).
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from pydantic import BaseModel, Field

from fact_memory_graph.evaluators import MAX_RECORDS_READ, fold_goals
from fact_memory_graph.formatting import approx_tokens, human_date
from fact_memory_graph.sanitize import quote
from fact_memory_graph.schema import (
    DURABLE_CATEGORIES,
    UNCATEGORIZED,
    Fact,
    FactKind,
    FactStatus,
    Goal,
)
from fact_memory_graph.store import AsyncFactStore, FactStore

MAX_FACTS = 50
MAX_TOKENS = 500
_WORDS = re.compile(r"[\w']+")


class Profile(BaseModel):
    """The profile text and the facts it was built from (ids, in the order shown)."""

    user_id: str
    text: str
    fact_ids: list[str] = Field(default_factory=list)
    #: The audit state the profile was built from; a different state means it is stale.
    fingerprint: str = ""
    #: The active goals shown last (the ``goals`` evaluator's; read fresh, never stored).
    goals: list[Goal] = Field(default_factory=list)


#: Active goals the profile shows (the most recently mentioned).
MAX_GOALS = 5


#: The share of the profile's token budget goal lines may take (the rest is the facts').
GOAL_SHARE = 0.25


def goal_lines(goals: Sequence[Goal], *, max_tokens: int = MAX_TOKENS) -> tuple[list[Goal], list[str]]:
    """The active goals shown and their lines, ``[Working towards]: "goal" (status, date: note)``:
    at most :data:`MAX_GOALS`, the most recently mentioned first, within ``GOAL_SHARE`` of the
    budget (a goal whose line does not fit is left out, and so are the older ones)."""
    shown: list[Goal] = []
    lines: list[str] = []
    for g in [g for g in goals if g.active][:MAX_GOALS]:
        line = f"[Working towards]: {quote(g.goal)} ({g.status}, {human_date(g.last_at)}" + (
            f": {quote(g.note)})" if g.note else ")")
        if approx_tokens("\n".join([*lines, line])) > max_tokens * GOAL_SHARE:
            break
        shown.append(g)
        lines.append(line)
    return shown, lines


def with_goals(profile: Profile, goals: Sequence[Goal], facts: Sequence[Fact] | None = None, *,
               max_tokens: int = MAX_TOKENS) -> Profile:
    """The profile with the user's active goals as its last lines (:func:`goal_lines`), the whole
    within ``max_tokens``: when the facts' part and the goals do not fit together, the facts are
    chosen again (strongest first) within what the goals leave — from ``facts``, the user's
    durable facts (without them, the profile's own lines are cut from the end)."""
    active, lines = goal_lines(goals, max_tokens=max_tokens)
    if not active:
        return profile
    left = max_tokens - approx_tokens("\n".join(["", *lines]))  # the goals' lines and their newline
    if approx_tokens(profile.text) > left:
        if facts is not None:
            profile = build_profile(profile.user_id, facts, fingerprint=profile.fingerprint, max_tokens=left)
        else:
            kept: list[str] = []
            for line in profile.text.splitlines():
                if approx_tokens("\n".join([*kept, line])) > left:
                    break
                kept.append(line)
            profile = profile.model_copy(update={"text": "\n".join(kept), "fact_ids": profile.fact_ids[:len(kept)]})
    text = "\n".join([profile.text, *lines]) if profile.text else "\n".join(lines)
    return profile.model_copy(update={"text": text, "goals": active})


def _words(claim: str) -> set[str]:
    return {w.lower() for w in _WORDS.findall(claim)}


def _line(fact: Fact) -> str:
    return f"[{fact.category.replace('_', ' ').title()}]: {quote(fact.claim)}"


def select_profile_facts(facts: Sequence[Fact], *, max_facts: int = MAX_FACTS,
                         max_tokens: int = MAX_TOKENS) -> list[Fact]:
    """The facts the profile shows, in display order.

    Every believed durable fact is a candidate: only what reconciliation or the user superseded
    (or retracted) is gone, so several values of a relation stay ("has a sister Mia" and "has a
    sister Anna"; two employers; two pets). The same words twice appear once (the newer). One
    pass, linear in the facts."""
    believed = [f for f in facts if f.kind is FactKind.DURABLE and f.status in (FactStatus.ACTIVE, FactStatus.DORMANT)]
    newest_first = sorted(believed, key=lambda f: (f.last_confirmed_at, f.created_at, str(f.id)), reverse=True)
    kept: list[Fact] = []
    seen_words: set[frozenset[str]] = set()
    for fact in newest_first:
        words = frozenset(_words(fact.claim))
        if words not in seen_words:
            seen_words.add(words)
            kept.append(fact)
    ranked = sorted(kept, key=lambda f: (-f.confidence, -f.last_confirmed_at.timestamp(), str(f.id)))[:max_facts]
    order = {c: i for i, c in enumerate((*DURABLE_CATEGORIES, UNCATEGORIZED))}
    chosen: list[Fact] = []
    chars = -1  # the rendered text's length: lines joined by newlines (order does not change it)
    for fact in ranked:  # strongest first until the token budget is spent
        length = chars + 1 + len(_line(fact))
        if approx_tokens("x" * length) > max_tokens:
            break
        chars = length
        chosen.append(fact)
    return sorted(chosen, key=lambda f: (order.get(f.category, 99), -f.confidence, f.claim))


def render(facts: Sequence[Fact], order: dict[str, int] | None = None) -> str:
    order = order or {c: i for i, c in enumerate((*DURABLE_CATEGORIES, UNCATEGORIZED))}
    lines = [_line(f) for f in sorted(facts, key=lambda f: (order.get(f.category, 99), -f.confidence, f.claim))]
    return "\n".join(lines)


def build_profile(user_id: str, facts: Sequence[Fact], *, fingerprint: str = "", max_facts: int = MAX_FACTS,
                  max_tokens: int = MAX_TOKENS) -> Profile:
    chosen = select_profile_facts(facts, max_facts=max_facts, max_tokens=max_tokens)
    return Profile(user_id=user_id, text=render(chosen), fact_ids=[str(f.id) for f in chosen],
                   fingerprint=fingerprint)


def _stored(user_id: str, row: dict | None) -> Profile | None:
    if row is None:
        return None
    return Profile(user_id=user_id, text=row["text"], fact_ids=list(row["fact_ids"]), fingerprint=row["fingerprint"])


def tracks_goals(evaluators: Sequence[Any]) -> bool:
    """Whether the ``goals`` evaluator is registered (then the profile shows active goals)."""
    return any(ev.name == "goals" for ev in evaluators)


def get_profile(store: FactStore, user_id: str, *, at: datetime, refresh: bool = False,
                goals: bool = False) -> Profile:
    """The stored profile, rebuilt (and stored) first when the user's facts changed since;
    ``goals``: with the active goals as its last lines (:func:`with_goals`)."""
    profile = _stored_or_built(store, user_id, at, refresh)
    if goals:
        found = fold_goals(store.evaluations(user_id, "goals", limit=MAX_RECORDS_READ))
        shown = with_goals(profile, found)  # cheap: no fact read unless the two do not fit
        if shown.goals and shown.fact_ids != profile.fact_ids:
            shown = with_goals(profile, found, store.list_facts(user_id, kind="durable", status=["active", "dormant"]))
        profile = shown
    return profile


def _stored_or_built(store: FactStore, user_id: str, at: datetime, refresh: bool) -> Profile:
    row, fingerprint = store.profile_state(user_id)
    stored = _stored(user_id, row)
    if stored is not None and stored.fingerprint == fingerprint and not refresh:
        return stored
    facts = store.list_facts(user_id, kind="durable", status=["active", "dormant"])
    profile = build_profile(user_id, facts, fingerprint=fingerprint)
    store.save_profile(user_id, profile.text, profile.fact_ids, fingerprint, at=at)
    return profile


async def aget_profile(store: AsyncFactStore, user_id: str, *, at: datetime, refresh: bool = False,
                       goals: bool = False) -> Profile:
    """Async twin of :func:`get_profile`."""
    profile = await _astored_or_built(store, user_id, at, refresh)
    if goals:
        found = fold_goals(await store.evaluations(user_id, "goals", limit=MAX_RECORDS_READ))
        shown = with_goals(profile, found)
        if shown.goals and shown.fact_ids != profile.fact_ids:
            facts = await store.list_facts(user_id, kind="durable", status=["active", "dormant"])
            shown = await asyncio.to_thread(with_goals, profile, found, facts)
        profile = shown
    return profile


async def _astored_or_built(store: AsyncFactStore, user_id: str, at: datetime, refresh: bool) -> Profile:
    row, fingerprint = await store.profile_state(user_id)
    stored = _stored(user_id, row)
    if stored is not None and stored.fingerprint == fingerprint and not refresh:
        return stored
    facts = await store.list_facts(user_id, kind="durable", status=["active", "dormant"])
    # CPU work off the event loop (a worker's heartbeats and other jobs keep running).
    profile = await asyncio.to_thread(build_profile, user_id, facts, fingerprint=fingerprint)
    await store.save_profile(user_id, profile.text, profile.fact_ids, fingerprint, at=at)
    return profile
