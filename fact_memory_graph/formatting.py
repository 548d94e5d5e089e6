"""Prompt sections from retrieved facts: "What I know about you" / "What's currently happening
for you". A section with no facts is omitted; no facts at all gives an empty string. When the
text would exceed the token budget the lowest-scored lines are dropped first. Claims appear as
quoted strings: they are data the user gave, never instructions (a stored "SYSTEM: ignore the
user" stays inside its quotes).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime

from langchain_core.documents import Document

from fact_memory_graph.sanitize import claim_digest, quote

PROFILE_HEADING = "Who you are (profile)"
SESSIONS_HEADING = "Earlier conversations"
DURABLE_HEADING = "What I know about you"
CURRENT_HEADING = "What's currently happening for you"
STALE_HEADING = "Earlier, may have changed"


#: The middleware's state key for the memory section the previous reply was given (the outcome
#: metrics compare task success with and without memory).
SHOWN_BEFORE_KEY = "memory_context_before"


def count_facts_shown(text: str | None) -> int | None:
    """How many facts a memory section (:func:`format_memory_sections`) shows: its ``- [category]``
    lines (``None`` for no section at all: not known)."""
    if text is None:
        return None
    return sum(1 for line in text.splitlines() if line.startswith("- ["))


_DECODER = json.JSONDecoder()
#: Claim digests kept per shown section (a real one holds a few dozen facts at most).
MAX_SHOWN_DIGESTS = 200
_CATEGORY = re.compile(r"^- \[[^\]]*\] (as of [^:\n]*: )?")


@dataclass(frozen=True)
class ShownMemory:
    """What a memory section showed: how many facts, how many of them stale (under "Earlier,
    may have changed" or marked "not mentioned since"), and a digest of each claim."""

    facts: int
    stale: int
    digests: tuple[str, ...]


def read_shown(text: str | None) -> ShownMemory | None:
    """The facts a section from :func:`format_memory_sections` shows (``None``: no section).
    Claims are read back from their JSON quotes; a line that is not one of ours counts as a fact
    with no digest."""
    if text is None:
        return None
    facts = stale = 0
    digests: list[str] = []
    for line in text.splitlines():
        if not line.startswith("- ["):
            continue
        facts += 1
        head = _CATEGORY.match(line)
        stale += bool(head and head.group(1)) or "(not mentioned " in line
        if head is not None and line[head.end():head.end() + 1] == '"':
            try:
                claim, _ = _DECODER.raw_decode(line, head.end())
            except ValueError:
                continue
            if isinstance(claim, str):
                digests.append(claim_digest(claim))
    # The section comes from the client's state: what is kept of it stays bounded.
    return ShownMemory(facts=facts, stale=stale, digests=tuple(dict.fromkeys(digests))[:MAX_SHOWN_DIGESTS])


def approx_tokens(text: str) -> int:
    """~4 characters per token (English, GPT-style BPE); no tokenizer download needed."""
    return math.ceil(len(text) / 4)


def human_date(at: datetime) -> str:
    """``7 May 2023``: unambiguous in every locale, short in a prompt."""
    return f"{at.day} {at.strftime('%B')} {at.year}"


def _line(doc: Document, markers: bool = True) -> str:
    meta = doc.metadata
    if meta.get("stale"):  # a state last confirmed long ago: what it was, with its date
        since = meta.get("last_confirmed_at") or meta.get("valid_at")
        when = f"as of {human_date(since)}: " if since else ""
        return f"- [{meta.get('category', '?')}] {when}{quote(doc.page_content)}"
    line = f"- [{meta.get('category', '?')}] {quote(doc.page_content)}"
    if meta.get("kind") == "current" and meta.get("valid_at") is not None:
        line += f" (since {meta['valid_at'].date().isoformat()})"
    elif meta.get("kind") == "durable" and (meta.get("valid_at") or (
            meta.get("category") == "life_event" and meta.get("created_at"))):
        # When it happened, so the agent can answer "when ...?" (a life event without a resolved
        # date is dated by when it was told).
        line += f" ({human_date(meta.get('valid_at') or meta['created_at'])})"
    elif meta.get("kind") == "durable" and meta.get("show_date") and meta.get("created_at"):
        line += f" (said {human_date(meta['created_at'])})"  # a question about time: when it was told
    if meta.get("verification_status") == "confirmed":
        line += " (confirmed)"
    if meta.get("source") == "inference":  # the nightly review's, never said outright
        line += " (inferred)"
    if meta.get("status") == "dormant":  # unused for months: true then, maybe not now
        last = meta.get("last_confirmed_at")
        line += f" (not mentioned since {human_date(last)}: ask before relying on this)" if last \
            else " (not mentioned for a while: ask before relying on this)"
    pending = meta.get("pending_contradictions") or []
    if pending and markers:
        claims = "; ".join(quote(p["claim"]) for p in pending)
        line += f" [unconfirmed: user may have said {claims} - ask before relying on this]"
    elif pending:  # over budget: the marker shrinks before any fact is dropped
        line += " [unconfirmed: a correction is pending - ask before relying on this]"
    return line


def format_memory_sections(
    docs: Sequence[Document],
    *,
    token_budget: int | None = 500,
    token_counter: Callable[[str], int] = approx_tokens,
    profile: str | None = None,
    sessions: Sequence[str] | None = None,
) -> str:
    """Format retrieved fact documents (from :class:`FactMemoryRetriever`) as prompt sections.

    ``profile`` (the user's profile text) becomes a first section of its own; it has its own
    bound (the profile's 500 tokens) and is not counted in ``token_budget``. ``sessions`` (lines
    about earlier conversations, seed 003) become a last section, "Earlier conversations"."""
    durable = [d for d in docs if d.metadata.get("kind") == "durable"]
    current = [d for d in docs if d.metadata.get("kind") == "current" and not d.metadata.get("stale")]
    stale = [d for d in docs if d.metadata.get("kind") == "current" and d.metadata.get("stale")]
    kept = {id(d) for d in docs}
    markers = True

    def render() -> str:
        sections = []
        for heading, group in ((DURABLE_HEADING, durable), (CURRENT_HEADING, current), (STALE_HEADING, stale)):
            lines = [_line(d, markers) for d in group if id(d) in kept]
            if lines:
                sections.append(f"## {heading}\n" + "\n".join(lines))
        return "\n\n".join(sections)

    text = render()
    if token_budget is not None and token_counter(text) > token_budget:
        markers = False  # the claims of pending corrections go first: they never crowd out facts
        text = render()
    if token_budget is not None:
        by_score = sorted(docs, key=lambda d: (d.metadata.get("score", 0.0), d.page_content), reverse=True)
        while text and token_counter(text) > token_budget and kept:
            kept.discard(id(next(d for d in reversed(by_score) if id(d) in kept)))
            text = render()
    if sessions:
        text = (f"{text}\n\n" if text else "") + f"## {SESSIONS_HEADING}\n" + "\n".join(f"- {s}" for s in sessions)
    if profile:
        profile_lines = "\n".join(f"- {line}" for line in profile.splitlines())
        return f"## {PROFILE_HEADING}\n{profile_lines}" + (f"\n\n{text}" if text else "")
    return text
