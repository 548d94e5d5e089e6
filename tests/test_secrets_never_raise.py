"""The filter reads any text without raising: sentences built from its own word lists (every asset's
words, digits, codes, separators, the joins of turns and of a record's fields), read alone, as a
thread and as the turn a next one reveals. A reader that raised on one of them lost a user's message."""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path

import pytest

from fact_memory_graph.secrets import (
    forms,
    redact_secrets,
    redact_thread,
    redact_turns,
    revealed_by_next,
)

ASSETS = Path(forms.__file__).resolve().parents[1] / "assets"
_PIECES = ["4471", "12/27", "0x4c0883a69102937d", "DE89 3704 0044 0532 0130 00", "A1B2-C3D4", "hunter2!", "Smith",
           ":", ",", ".", "?", "—", "->", "=", "'", "\"", " ", "\n", forms.TURN_JOIN, forms.FIELD_JOIN, "x" * 3, "٣٤٥٦",
           "４４７１"]


@cache
def _words() -> list[str]:
    words: set[str] = set()

    def walk(node: object) -> None:
        if isinstance(node, str) and 1 <= len(node) <= 40 and "\\" not in node and "(?" not in node:
            words.add(node)
        elif isinstance(node, list):
            for item in node:
                walk(item)
        elif isinstance(node, dict):
            for value in node.values():
                walk(value)

    for path in sorted(ASSETS.glob("*.json")):
        if path.stat().st_size < 3_000_000:
            walk(json.loads(path.read_text(encoding="utf-8")))
    return sorted(words)


def _sentence(rng: random.Random) -> str:
    words = _words()
    parts = [rng.choice(words) if rng.random() < 0.6 else rng.choice(_PIECES) for _ in range(rng.randint(1, 9))]
    return "".join(p + rng.choice(["", " ", " ", ": "]) for p in parts)


@pytest.mark.parametrize("seed", range(8))
def test_no_reader_raises_on_sentences_of_its_own_words(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(150):
        turns = [_sentence(rng) for _ in range(rng.randint(1, 3))]
        redact_turns(list(turns))
        for n, turn in enumerate(turns):
            redact_secrets(turn)
            redact_thread(turn, turns[:n])
            if n + 1 < len(turns):
                revealed_by_next(turn, turns[:n], turns[n + 1])


def test_a_topic_whose_qualifiers_run_past_its_turn() -> None:
    # the turn's end came before the topic's qualifiers did (a crash found in a sealed run)
    for text in ("banka soruyor meisjesnaam \u2029 de mi madre", "first petbanka soruyor annemin kızlık soyadı \u2029ka naam"):
        assert redact_secrets(text) is not None
