"""A small learned reader of privacy requests: "please keep it between us", "pls forget this after",
"千万别跟我妈说", "yeh baat sirf tere aur mere beech hai" — phrasings no list holds.

The phrase lists of ``prompts/forget_phrases.json`` (:mod:`fact_memory_graph.forgetting`) stay the
first reader; this model is asked only when they find nothing. It is a logistic regression over
hashed character n-grams (2–5 characters inside a word-padded clause) and word uni/bigrams, read
clause by clause (a message's clauses split at ``, . ! ? ; :`` and line breaks): a message asks
not to be kept when one clause scores above the shipped threshold. Weights, threshold and the
request vocabulary ship as data (``assets/privacy_model.json``); ``tools/privacy_model/train.py``
rebuilds them deterministically from the training sentences in ``tools/privacy_model/``.

What is withheld follows docs/privacy.md unchanged: a request beside other content is about this
message (nothing of it is kept); a request alone is about the turn before (and, when it announces,
about the next turn). "Other content" is a word the request vocabulary (the words of the training
requests: "don't", "tell", "my", "mom", "between", "us", …) does not hold.

Pure Python over the normalised text (:func:`normalise`, which the phrase lists of ``forgetting`` read too): no model download, no network.
"""

from __future__ import annotations

import base64
import json
import math
import re
import unicodedata
import zlib
from array import array
from dataclasses import dataclass
from functools import cache
from importlib import resources

# ---------------------------------------------------------------------------- normalising
# The text every reader of requests and of clauses reads (``forgetting`` matches its phrase lists
# against it; the features of this module's models are read from it).

_TRANSLATE = str.maketrans({
    **dict.fromkeys("\u2019\u2018\u02bc\u2032\u00b4`\uff07\u201b\u02b9", "'"),
    **dict.fromkeys("\u2014\u2013\u2015\u2012\u2212\u2e3a\u2e3b", ","),
    **dict.fromkeys("\u201c\u201d\u201e\u00ab\u00bb\u2039\u203a\"\u300c\u300d\u300e\u300f\u201f", " "),
    "\u3001": ",", "\u3002": ".", "\uff61": ".", "\uff64": ",",
    # Arabic-script comma, semicolon, question mark and full stop (Arabic, Persian, Urdu), the Indic
    # danda, the Ethiopic and Myanmar stops: clause boundaries, as their Latin kin
    "\u060c": ",", "\u061b": ";", "\u061f": "?", "\u06d4": ".", "\u0964": ".", "\u0965": ".",
    "\u1361": " ", "\u1362": ".", "\u1363": ",", "\u1364": ";", "\u1367": "?", "\u104a": ",", "\u104b": ".",
})
# Symbols and emoji made spaces; the vowel signs and points of Hebrew, Arabic, Indic, Thai,
# Myanmar and Khmer scripts are marks, not symbols: kept (a word of those scripts stays whole).
_SYMBOLS = re.compile(r"[^\w\s',.!?;:()\-\u0591-\u05c7\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed"
                      r"\u0900-\u0dff\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff]")
_SPACES = re.compile(r"[ \t\r\f\v]+")


def fold_marks(text: str) -> str:
    """Latin (and Cyrillic) accents dropped: combining marks U+0300–U+036F only, so kana voicing
    and Hangul stay whole."""
    decomposed = unicodedata.normalize("NFD", text)
    # Greek's final sigma is its sigma casefolded: a phrase written with "ς" matches the text.
    return unicodedata.normalize("NFC", "".join(c for c in decomposed if not "\u0300" <= c <= "\u036f")).replace(
        "\u03c2", "\u03c3")


def normalise(text: str) -> str:
    """The text the phrases are matched against: NFKC (full-width forms), curly apostrophes made
    ``'``, dashes made commas, quotes and symbols (emoji) made spaces, casefolded, accents
    dropped, runs of spaces collapsed."""
    folded = unicodedata.normalize("NFKC", text).translate(_TRANSLATE).casefold()
    folded = _SYMBOLS.sub(" ", fold_marks(folded))
    return _SPACES.sub(" ", folded).strip()


#: Clause boundaries of a normalised text (:func:`normalise` made dashes commas, CJK
#: full stops and commas ASCII).
CLAUSES = re.compile(r"[,.!?;:\n()]+")
#: A word: letters with their marks (Indic, Hebrew, Arabic, Thai vowel signs are marks, not letters).
_MARKS = "\u0300-\u036f\u0591-\u05c7\u0610-\u061a\u064b-\u065f\u0670\u0900-\u0dff\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff"
_WORDS = re.compile(rf"(?:[^\W\d_]|[{_MARKS}])+(?:'[^\W\d_]+)?")
#: Scripts written without spaces: their words are read as character pairs.
_UNSPACED = re.compile(r"[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]")
_MAX_CLAUSE = 200
#: The shortest and longest run of request words read as a request at a clause's start (:func:`edges`).
EDGE_MIN, EDGE_MAX = 2, 6
#: The fewest words after the opening run: a confided content says something ("this is not for |
#: keeping" is one sentence, not a request and its content).
EDGE_REST = 2


def _known(word: str, vocabulary: frozenset[str]) -> bool:
    """Whether a typed word is a request word: each of its tokens is in the request vocabulary
    ("siapa2" is "siapa"; a word of digits or symbols only is no word)."""
    found = tokens(word)
    return bool(found) and all(t in vocabulary for t in found)


def _grams(clause: str, sizes: tuple[int, ...]) -> list[str]:
    padded = f" {clause} "
    out = [padded[i:i + n] for n in sizes for i in range(len(padded) - n + 1)]
    words = clause.split()
    if 1 in sizes:
        out += [f"w:{w}" for w in words]
    out += [f"b:{a} {b}" for a, b in zip(words, words[1:], strict=False)]
    return out


def feature_set(clause: str, dim: int, sizes: tuple[int, ...]) -> set[int]:
    """The hashed features of one clause (distinct): crc32 of each n-gram, modulo ``dim``."""
    mask, crc = dim - 1, zlib.crc32
    clause = clause[:_MAX_CLAUSE]
    if clause.isascii():  # a character is a byte: the n-grams sliced from the encoded text once (cost only)
        padded = f" {clause} ".encode()
        words = [w.encode() for w in clause.split()]
        found = {crc(padded[i:i + n]) & mask for n in sizes for i in range(len(padded) - n + 1)}
        if 1 in sizes:
            found.update(crc(b"w:" + w) & mask for w in words)
        found.update(crc(b"b:" + a + b" " + b) & mask for a, b in zip(words, words[1:], strict=False))
        return found
    return {crc(g.encode("utf-8")) & mask for g in _grams(clause, sizes)}


def feature_ids(clause: str, dim: int, sizes: tuple[int, ...]) -> list[int]:
    """:func:`feature_set`, sorted (the training script's order)."""
    return sorted(feature_set(clause, dim, sizes))


_CLAUSE = re.compile(r"([^,.!?;:\n()]+)([,.!?;:\n()]*)")
#: A space between two words of Thai, Lao, Khmer or Myanmar ends a phrase (those scripts put no
#: space between words, only between phrases).
_SPACE_IN_THAI = re.compile(r"(?<=[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff]) (?=[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff])")
#: What a clause ending in a colon is read with: a label ("secret:", "entre nous :") is no sentence.
LABEL = " :"


def clauses(norm: str) -> list[str]:
    """The clauses of a normalised text; a clause a colon ends carries :data:`LABEL`."""
    out = []
    for m in _CLAUSE.finditer(_SPACE_IN_THAI.sub(",", norm)):
        clause = m.group(1).strip()
        if clause:
            out.append(clause + LABEL if m.group(2).startswith(":") else clause)
    return out


def tokens(text: str) -> list[str]:
    """Words of a normalised text; a run of a script written without spaces as its character pairs."""
    out: list[str] = []
    for word in _WORDS.findall(text):
        if _UNSPACED.search(word):
            out += [word[i:i + 2] for i in range(max(1, len(word) - 1))]
        else:
            out.append(word)
    return out


def edges(clause: str, vocabulary: frozenset[str] | set[str]) -> list[str]:
    """The clause's first words while they are request words, when content follows them: typed
    without a comma, "jgn bilang siapa2 ya gue pacaran …" is a request and its content in one
    clause, where the content's words drown the request's; read only when the rest speaks of the
    user (:func:`first_person`: "… my boss joke again" is no confidence). The edge is read whole (its first
    :data:`EDGE_MAX` words at most): "dont tell me the" is not "dont tell". Only the lead: a run of
    request words closing a sentence ("… something i want to tell you", "what got you to this
    one") is the end of what it says, and a request said last follows a comma."""
    words = clause.split()
    if len(words) <= EDGE_MIN:
        return []
    lead = next((i for i, w in enumerate(words) if not _known(w, vocabulary)), len(words))
    if not EDGE_MIN <= lead <= len(words) - EDGE_REST or not first_person().intersection(words[lead:]):
        return []
    return [" ".join(words[:min(lead, EDGE_MAX)])]


@cache
def first_person() -> frozenset[str]:
    """Words of the first person in many languages (``assets/confidences.json``): a confided content
    speaks of the user ("i sprained my ankle", "ami vape kori", "mera board …")."""
    raw = json.loads((resources.files("fact_memory_graph") / "assets" / "confidences.json").read_text(encoding="utf-8"))
    folded = unicodedata.normalize("NFD", " ".join(raw["first_person"]).casefold())  # as the text: accents dropped
    return frozenset(unicodedata.normalize("NFC", "".join(c for c in folded if not "\u0300" <= c <= "\u036f")).split())


@dataclass(frozen=True)
class Model:
    dim: int
    sizes: tuple[int, ...]
    bias: float
    weights: array  # signed bytes: the weight of a feature is weights[i] * scale
    scale: float
    threshold: float
    vocabulary: frozenset[str]
    vetoes: tuple[str, ...] = ()
    joins: re.Pattern[str] | None = None

    def parts(self, clause: str) -> list[str]:
        """A clause, its parts split at a joining word ("don't tell anyone | i got fired"), and the
        request-shaped words it opens with (:meth:`edges`)."""
        pieces = [p.strip() for p in self.joins.split(clause) if p.strip()] if self.joins is not None else []
        out = [clause, *pieces] if len(pieces) > 1 else [clause]
        return out + [e for e in self.edges(clause) if e not in out]

    def edges(self, clause: str) -> list[str]:
        """:func:`edges` with this model's request vocabulary."""
        return edges(clause, self.vocabulary)

    def clause_score(self, clause: str) -> float:
        w = self.weights
        total = self.bias + self.scale * sum([w[i] for i in feature_set(clause, self.dim, self.sizes)])
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, total))))

    def best_clause(self, norm: str) -> tuple[float, str]:
        """The highest-scoring clause of a normalised text, and its score."""
        best = (0.0, "")
        for whole in clauses(norm):
            vetoed = any(v in whole for v in self.vetoes)  # the opening words of a vetoed clause too
            for clause in self.parts(whole):
                if any(v in clause for v in self.vetoes) or vetoed and clause in self.edges(whole):
                    continue
                score = self.clause_score(clause)
                if score > best[0]:
                    best = (score, clause)
        return best

    def has_content(self, norm: str, request: str) -> bool:
        """Whether the text says something beside the request: a word (a CJK/Thai character pair)
        of three letters or more that no training request holds, outside the request clause."""
        request = request.removesuffix(LABEL)
        rest = norm.replace(request, " ", 1) if request else norm
        return any(t not in self.vocabulary and (len(t) >= 3 or _UNSPACED.search(t)) for t in tokens(rest)) or \
            sum(t not in self.vocabulary and len(t) >= 3 for t in tokens(request)) >= 2


@cache
def model() -> Model | None:
    """The shipped model (``assets/privacy_model.json``), or ``None`` when the file is absent."""
    try:
        raw = json.loads((resources.files("fact_memory_graph") / "assets" / "privacy_model.json")
                         .read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    return from_data(raw)


def from_data(raw: dict) -> Model:
    return Model(dim=int(raw["dim"]), sizes=tuple(raw["sizes"]), bias=float(raw["bias"]),
                 weights=array("b", base64.b64decode(raw["weights"])), scale=float(raw["scale"]),
                 threshold=float(raw["threshold"]), vocabulary=frozenset(raw["vocabulary"]),
                 vetoes=tuple(raw.get("vetoes") or ()), joins=_joins(raw.get("joins") or ()))


def _joins(words: list[str] | tuple[str, ...]) -> re.Pattern[str] | None:
    """Joining words as one pattern: a spaced word between spaces, a CJK/Thai one anywhere."""
    if not words:
        return None
    spaced = [re.escape(w) for w in words if not _UNSPACED.search(w)]
    unspaced = [re.escape(w) for w in words if _UNSPACED.search(w)]
    alts = ([rf"(?<!\S)(?:{'|'.join(spaced)})(?!\S)"] if spaced else []) + ([f"(?:{'|'.join(unspaced)})"] if unspaced else [])
    return re.compile("|".join(alts))
