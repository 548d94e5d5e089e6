"""Session memory (seed 003): one content record per session, ``SUMMARY: ... FACTS: ...``,
embedded once and searched by similarity. The summary comes first so it is always inside the
embedder's window (MiniLM reads 256 tokens: a record of 25+ facts used to lose its summary).

A session is LangGraph's ``thread_id`` (or the ``session_id`` given to ``remember``); the facts a
message adds record it. :func:`build_sessions` (run by the scheduled job, or on demand) writes a
record for every session whose believed facts changed since its record was built — the
fingerprint is the facts' ids and claims, so an unchanged session is never embedded twice — and
drops the records of sessions with no believed fact left. The summary comes from the chat model
when ``SessionConfig.summarize_with_model`` is on, else it is written from the facts
(categories and dates; no model, no cost).
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from langchain_core.language_models import BaseChatModel
from pydantic import BaseModel

from fact_memory_graph.context import MemoryContext
from fact_memory_graph.prompts import load_text
from fact_memory_graph.sanitize import quote
from fact_memory_graph.schema import Fact

logger = logging.getLogger(__name__)


class SessionRecord(BaseModel):
    """A session's content record (and its similarity to the query, from a search)."""

    session_id: str
    content: str
    summary: str
    fact_ids: list[str]
    started_at: datetime
    ended_at: datetime
    built_at: datetime
    similarity: float | None = None


#: Part of every fingerprint: a record built in an older layout is rebuilt once.
RECORD_LAYOUT = b"summary-first\x1e"


def _fingerprint(facts: Sequence[Fact]) -> str:
    digest = hashlib.sha256(RECORD_LAYOUT)
    for f in facts:
        digest.update(f"{f.id}\x1f{f.claim}\x1e".encode())
    return digest.hexdigest()[:32]


#: Facts a model-free summary names (the newest ones first when there are more).
SUMMARY_FACTS = 4


def facts_topic(facts: Sequence[Fact]) -> str:
    """When the session was and what it was about: the embedded record's summary without a model
    (the facts are in the record beside it)."""
    started, ended = min(f.created_at for f in facts), max(f.created_at for f in facts)
    span = started.date().isoformat() if started.date() == ended.date() else \
        f"{started.date().isoformat()} to {ended.date().isoformat()}"
    categories = list(dict.fromkeys(f.category.replace("_", " ") for f in facts))
    return f"A conversation on {span} about {', '.join(categories)} ({len(facts)} facts learned)."


def facts_summary(facts: Sequence[Fact]) -> str:
    """The line shown without a model: the topic and what was learned, by name ("A conversation on
    2026-03-02 about working on, physical state (2 facts learned): knee hurts after long runs;
    training for the Berlin marathon.") — what happened, not a template."""
    named = [f.claim for f in sorted(facts, key=lambda f: f.created_at, reverse=True)[:SUMMARY_FACTS]]
    more = f"; and {len(facts) - len(named)} more" if len(facts) > len(named) else ""
    return f"{facts_topic(facts)[:-1]}: {'; '.join(named)}{more}."


def _shown(facts: Sequence[Fact], max_facts: int) -> list[Fact]:
    return list(facts)[-max_facts:]


def session_content(facts: Sequence[Fact], summary: str) -> str:
    """What is embedded (seed 003's two parts): ``SUMMARY:``, then ``FACTS:`` one
    ``[Category]: claim`` line per fact. The summary leads so that an embedder reading only the
    first tokens (MiniLM: 256) still embeds it, at any number of facts; the facts beyond the
    window are the oldest ones' lines, which are in the record and shown, only not embedded."""
    lines = "\n".join(f"[{f.category.replace('_', ' ').title()}]: {f.claim}" for f in reversed(list(facts)))
    return f"SUMMARY:\n{summary}\n\nFACTS:\n{lines}"


def extended_summary(model_summary: str, written_at: datetime | None, facts: Sequence[Fact]) -> str:
    """A model's summary, kept, and extended by the facts learned after it was written: "<summary>
    Later: <claim>; <claim>." — never replaced by the facts' summary."""
    later = [f.claim for f in facts if written_at is None or f.created_at > written_at][-SUMMARY_FACTS:]
    return f"{model_summary} Later: {'; '.join(later)}." if later else model_summary


def _model_summary(llm: BaseChatModel, facts: Sequence[Fact]) -> str | None:
    prompt = load_text("session_summary.txt").format(
        started=min(f.created_at for f in facts).date(), ended=max(f.created_at for f in facts).date(),
        facts="\n".join(f"- [{f.category}] {quote(f.claim)}" for f in facts))
    try:
        text = llm.invoke(prompt, config={"run_name": "summarize_session"}).text.strip()
    except Exception as exc:  # a summary is optional: fall back to the facts' summary
        logger.warning("fact-memory: session summary failed, using the facts' summary: %s: %s",
                       type(exc).__name__, exc)
        return None
    return text[:600] or None


def _plan(ctx: MemoryContext, by_session: dict[str, list[Fact]], stored: dict[str, str],
          llm: BaseChatModel | None, summaries: Mapping[str, str] | None = None
          ) -> tuple[list[dict[str, Any]], list[str]]:
    cfg = ctx.config.sessions
    summaries = summaries or {}
    records = []
    for session_id, facts in sorted(by_session.items()):
        shown = _shown(facts, cfg.max_facts)
        fingerprint = _fingerprint(shown)
        before, kept, kept_at = stored.get(session_id, (None, None, None))
        if before == fingerprint and session_id not in summaries:
            continue  # unchanged: embedded once
        modelled = summaries.get(session_id) or (_model_summary(llm, shown) if llm is not None else None)
        # A summary a model wrote before is kept (and extended by what was learned since), never
        # replaced by the facts' summary when no model writes a new one.
        model_summary = modelled or kept
        written_at = ctx.now() if modelled else kept_at
        # Embedded: the facts and the model's summary, else the topic (the facts are beside it).
        # Shown: the model's summary, else the topic and the facts by name.
        summary = (modelled or extended_summary(kept, kept_at, shown)) if model_summary else facts_summary(shown)
        content = session_content(shown, summary if model_summary else facts_topic(shown))
        records.append({"session_id": session_id, "content": content, "summary": summary,
                        "model_summary": model_summary, "model_summary_at": written_at if model_summary else None,
                        "fact_ids": [str(f.id) for f in shown], "fingerprint": fingerprint,
                        "started_at": min(f.created_at for f in facts), "ended_at": max(f.created_at for f in facts)})
    drop = sorted(set(stored) - set(by_session))
    return records, drop


def build_sessions(ctx: MemoryContext, user_id: str, *, at: datetime,
                   summaries: Mapping[str, str] | None = None, generation: int | None = None) -> dict[str, int]:
    """Write the records of changed sessions, drop those of emptied ones; returns the counts.
    ``summaries``: session id -> a summary written by the nightly review (its record is rebuilt
    with it). ``generation``: the user's forget generation the work started under (default: read
    now, before the facts): the records are written only while it is current."""
    if generation is None:
        generation = ctx.store.user_generation(user_id)
    llm = ctx.llm_factory() if ctx.config.sessions.summarize_with_model else None
    for _attempt in range(BUILD_ATTEMPTS):
        by_session, stored = ctx.store.session_facts(user_id)
        if llm is None:
            records, drop = _plan(ctx, by_session, stored, llm, summaries)
        else:  # the summaries' prompts quote the facts: under the user's lock, as the extraction's
            with ctx.store.model_call_hold(user_id, generation) as current:
                if not current:  # forgotten since the build started: no prompt, nothing written
                    return {"built": 0, "dropped": 0, "sessions": 0}
                records, drop = _plan(ctx, by_session, stored, llm, summaries)
        vectors = ctx.embed_many([r["content"] for r in records]) if records else []
        if not (records or drop):
            break
        changed = ctx.store.save_sessions(user_id, records, vectors, drop=drop, at=at, generation=generation,
                                          expected=_expected(stored))
        if not changed:  # written (or refused: forgotten meanwhile)
            break
    return _counts(records, drop, by_session, changed if records or drop else None)


async def abuild_sessions(ctx: MemoryContext, user_id: str, *, at: datetime,
                          summaries: Mapping[str, str] | None = None, generation: int | None = None
                          ) -> dict[str, int]:
    """Async twin of :func:`build_sessions` (the model summary, when on, runs in a thread)."""
    import asyncio

    if generation is None:
        generation = await ctx.astore.user_generation(user_id)
    llm = ctx.llm_factory() if ctx.config.sessions.summarize_with_model else None
    for _attempt in range(BUILD_ATTEMPTS):
        by_session, stored = await ctx.astore.session_facts(user_id)
        if llm is None:
            records, drop = await asyncio.to_thread(_plan, ctx, by_session, stored, llm, summaries)
        else:
            async with ctx.astore.model_call_hold(user_id, generation) as current:
                if not current:
                    return {"built": 0, "dropped": 0, "sessions": 0}
                records, drop = await asyncio.to_thread(_plan, ctx, by_session, stored, llm, summaries)
        vectors = await ctx.aembed_many([r["content"] for r in records]) if records else []
        if not (records or drop):
            break
        changed = await ctx.astore.save_sessions(user_id, records, vectors, drop=drop, at=at, generation=generation,
                                                 expected=_expected(stored))
        if not changed:
            break
    return _counts(records, drop, by_session, changed if records or drop else None)


#: A build whose records another build wrote since its read is built again from a fresh read, at
#: most this many times in all (then the other builds' records stand; the next build catches up).
BUILD_ATTEMPTS = 3


def _expected(stored: Mapping[str, tuple[Any, ...]]) -> dict[str, tuple[Any, Any]]:
    """The compare-and-set token of each record the build read: its fingerprint and when its
    model summary was written."""
    return {session_id: (fingerprint, at) for session_id, (fingerprint, _summary, at) in stored.items()}


def _counts(records: list[dict[str, Any]], drop: list[str], by_session: Mapping[str, Any],
            changed: list[str] | None) -> dict[str, int]:
    lost = len(changed or [])
    return {"built": len(records) - lost if changed else len(records), "dropped": len(drop),
            "sessions": len(by_session), **({"changed_meanwhile": lost} if lost else {})}


def to_records(rows: Sequence[dict[str, Any]]) -> list[SessionRecord]:
    return [SessionRecord.model_validate({**r, "fact_ids": list(r["fact_ids"])}) for r in rows]


def session_lines(records: Sequence[SessionRecord]) -> list[str]:
    """The recall's "Earlier conversations" lines: the date and the summary of each."""
    return [f"{r.started_at.date().isoformat()}: {quote(r.summary)}" for r in records]


def _other(records: list[SessionRecord], exclude: str | None, limit: int) -> list[SessionRecord]:
    return [r for r in records if r.session_id != exclude][:limit]


def search_sessions(ctx: MemoryContext, user_id: str, query: str, *, limit: int, threshold: float,
                    exclude: str | None = None) -> list[SessionRecord]:
    """The user's sessions most similar to ``query`` (seed 003's scale). The records of sessions
    whose facts changed since they were built are rebuilt first (fingerprinted: an unchanged
    session is not embedded again), so a session is findable the same day, not only after the
    nightly job. ``exclude``: the running session, never an "earlier conversation" of itself."""
    build_sessions(ctx, user_id, at=ctx.now())
    [vector] = ctx.embed_many([query])
    found = to_records(ctx.store.search_sessions(user_id, vector, limit=limit + 1, threshold=threshold))
    return _other(found, exclude, limit)


async def asearch_sessions(ctx: MemoryContext, user_id: str, query: str, *, limit: int, threshold: float,
                           exclude: str | None = None) -> list[SessionRecord]:
    """Async twin of :func:`search_sessions`."""
    await abuild_sessions(ctx, user_id, at=ctx.now())
    [vector] = await ctx.aembed_many([query])
    found = to_records(await ctx.astore.search_sessions(user_id, vector, limit=limit + 1, threshold=threshold))
    return _other(found, exclude, limit)
