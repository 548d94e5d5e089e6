"""Round fourteen (t45c): a person's own tax or national id, by whose it is.

A word only a person's id has (TFN, SSN, Steuer-ID, BSN, PESEL, CPF, personnummer, マイナンバー …;
assets/tax_ids_t45c.json), then within the sentence a value that passes that word's python-stdnum
checksum: the value is the person's id, even where a business's word stands between ("TFN for my
ABN sole trader stuff: 578 587 095" — an ABN has eleven digits, a TFN nine). A US EIN is a
business's number and public — unless the thread says it is a sole trader's or a side business's
(and names no company form), or asks to keep it private. Examples and formats are kept.
"""

from __future__ import annotations

import importlib
import json
import re
from functools import lru_cache
from pathlib import Path

from fact_memory_graph.secrets import prefilter

Span = tuple[int, int, str]

_ASSET = Path(__file__).resolve().parent.parent / "assets" / "tax_ids_t45c.json"
_B, _E = r"(?<![^\W\d_])", r"(?![^\W\d_])"
_VALUE = re.compile(r"(?<![\w/+\-.])[A-Z]{0,4}\d(?:[ .\-/\u2013\u2014_]?[\dA-Z]){6,19}(?![\w/+\-])")
_EIN = re.compile(r"(?<![\w\-])\d{2}[-\u2013 ]?\d{7}(?![\w\-])")
_EIN_NAME = re.compile(r"(?i)(?<![^\W\d_])(?:ein|employer identification number|fein)(?![^\W\d_])")
_SENTENCE_END = re.compile(r"[.!?;\n](?:\s|$)|[。！？]")


def _alt(words: list[str]) -> str:
    parts = []
    for w in sorted(set(words), key=len, reverse=True):
        body = re.escape(w).replace(r"\ ", r"\s+").replace("'", "['’]")
        parts.append(body if re.search(r"[\u3040-\u9fff\uac00-\ud7af\u0e00-\u0e7f]", w) else f"{_B}{body}{_E}")
    return "|".join(parts)


@lru_cache(maxsize=1)
def _data() -> dict:
    return json.loads(_ASSET.read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def _patterns() -> dict[str, re.Pattern[str]]:
    d = _data()
    return {"personal": re.compile(f"(?i)(?:{_alt(list(d['personal']))})"),
            "sole": re.compile(f"(?i)(?:{_alt(d['sole'])})"),
            "private": re.compile(f"(?i)(?:{_alt(d['private'])})"),
            "company": re.compile(f"(?i)(?:{_alt(d['company'])})"),
            "not": re.compile(f"(?i)(?:{_alt(d['not_values'])})")}


@lru_cache(maxsize=1)
def _quick() -> re.Pattern[str] | None:
    return prefilter.word_tree(set(_data()["personal"]) | {"ein", "employer identification"}, re.escape)


@lru_cache(maxsize=64)
def _validator(module: str):  # noqa: ANN202 - a python-stdnum module's is_valid
    try:
        return importlib.import_module(f"stdnum.{module}").is_valid
    except ImportError:
        return None


def _valid(module: str, value: str) -> bool:
    check = _validator(module)
    if check is None:
        return False
    try:
        return bool(check(re.sub(r"[\s_\u2013\u2014]", "", value)))
    except Exception:  # noqa: BLE001 - a validator's own error is a no
        return False


def _made_up(value: str) -> bool:
    """A run of one digit or of digits in order ("00000000T", "12345678Z"): a form's example."""
    digits = re.sub(r"\D", "", value)
    return len(set(digits)) <= 2 or digits[:8] in "0123456789012345678" or digits[:8] in "9876543210987654321"


def spans(text: str, context: str = "") -> list[Span]:
    """A person's tax or national ids in ``text`` (``context``: the thread's earlier turns)."""
    if len(text) > 4000 or not any(ch.isdigit() for ch in text):
        return []
    quick = _quick()
    if quick is not None and not quick.search(text) and not (context and quick.search(context)):
        return []
    p = _patterns()
    if p["not"].search(text):
        return []
    out: list[Span] = []
    words = _data()["personal"]
    for m in p["personal"].finditer(text):
        modules = words.get(re.sub(r"\s+", " ", m.group().lower().replace("’", "'")))
        if not modules:
            continue
        window = text[m.end():m.end() + 70]
        end = _SENTENCE_END.search(window)
        window = window[:end.start()] if end else window
        v = _VALUE.search(window)
        if v and not _made_up(v.group()) and any(_valid(mod, v.group()) for mod in modules):
            out.append((m.end() + v.start(), m.end() + v.end(), "government id"))
    if _EIN_NAME.search(text) or (context and _EIN_NAME.search(context)):
        whole = f"{context}\n{text}"
        own = (p["sole"].search(whole) and not p["company"].search(whole)) or p["private"].search(whole)
        if own:
            for v in _EIN.finditer(text):
                if _valid("us.ein", v.group()):
                    out.append((v.start(), v.end(), "government id"))
    return out
