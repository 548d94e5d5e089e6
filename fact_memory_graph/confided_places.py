"""Where someone is, told in confidence: a request to keep a place to oneself.

A confided location is rarely asked to be forgotten with the words of a privacy request about "this"
or "it": the request names the place itself — "keep the address to yourself", "don't share my
whereabouts", "nobody can know where she is", "garde l'adresse pour toi", "адрес никому не давай",
"alamatnya jangan disebar ya", "住所は誰にも言わないで". What such a request IS: in one sentence, a word
for where someone lives, stays or hides (an address, a location, "where she is") and a word that keeps
a thing to oneself (a secrecy word, "between us", a negated verb of sharing or telling, "nobody …
know"). Both lists are data by language (``assets/confided_places.json``).

Read by :func:`fact_memory_graph.forgetting.asks_to_forget` when its phrase lists found no request, on
the normalised text (accents folded, lower case). Cost: one lexicon pass for the place words; the
sentence patterns run only when one is present.
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources

from fact_memory_graph.privacy_model import normalise
from fact_memory_graph.secrets import lexicon, prefilter

#: A sentence of a normalised text (normalise made CJK stops ASCII).
_SENTENCE = re.compile(r"[^.!?;\n]+")


@cache
def _data() -> dict[str, dict[str, list[str]]]:
    return json.loads((resources.files("fact_memory_graph") / "assets" / "confided_places.json")
                      .read_text(encoding="utf-8"))


def _words(key: str) -> list[str]:
    return sorted({normalise(w) for words in _data()[key].values() for w in words} - {""})


@cache
def _gate() -> lexicon.Gate:
    return lexicon.Gate(_words("places"))


@cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    return (re.compile(prefilter.whole_words(_words("places"))),
            re.compile(prefilter.whole_words(_words("keeps"))))


def request(norm: str) -> tuple[tuple[int, int], list[tuple[int, int]]] | None:
    """The first sentence of ``norm`` (a :func:`normalise`-d message) that asks to keep a place to
    oneself — its span and the spans of its place and keeping words — or ``None``."""
    if not _gate().open(norm):
        return None
    places, keeps = _patterns()
    if not places.search(norm):
        return None
    for sentence in _SENTENCE.finditer(norm):
        place = places.search(norm, *sentence.span())
        keep = place and keeps.search(norm, *sentence.span())
        if place and keep:
            return sentence.span(), [place.span(), keep.span()]
    return None


def only_place(rest: str) -> bool:
    """Whether ``rest`` (what a normalised privacy request leaves of its message) only names a place and
    tells none ("where i am", "wo ich bin", "mi dirección"): a word for a place, no digit, at most one
    word beside it."""
    if len(rest) > 60 or re.search(r"\d", rest) or not _gate().open(rest):
        return False
    place = _patterns()[0].search(rest)
    if not place:
        return False
    beside = rest[:place.start()] + " " + rest[place.end():]
    return len(re.findall(r"[^\W\d_]+", beside)) <= 1


# ---------------------------------------------------------------------------- places hidden by their name

#: Where a sentence of the raw text ends: a stop other than a full stop, or a full stop after a word of four
#: letters or more ("ул. Садовая 5", "Jl. Melati 4", "No. 12" go on).
_BREAK = re.compile(r"[!?;\n。！？]+|(?<=[^\W\d_]{4})\.(?=\s|$)")
#: A number beside a capitalised word, either side ("Via Roma 22", "14 Rowan Close", "Calle 7", "Sokak 130"); a
#: year after a name is none ("Safe House, 2012").
_NAMED_NUMBER = re.compile(r"(?<![\w.])[A-ZÀ-ÖØ-ÞĀ-ſА-ЯЁІЇЄΆ-Ω][^\W\d_]{1,30},?\s(?:#|[Nn][or]\.?\s?)?(?!(?:19|20)\d\d\b)\d{1,5}(?!\d)"
                           r"|(?<![\w.])\d{1,5}[A-Za-z]?,?\s[A-ZÀ-ÖØ-ÞĀ-ſА-ЯЁІЇЄΆ-Ω][^\W\d_]{1,30}")
#: A street's word beside a capitalised name ("on Elm Park Road", "rue Paul Bert"): read with the street words.
_CAPITALISED = re.compile(r"[A-ZÀ-ÖØ-ÞĀ-ſА-ЯЁІЇЄΆ-Ω][^\W\d_]{1,30}")
#: A name that may take an ending (a last word of five letters or more in an alphabet with case endings):
#: "hideouts", "gömstället", "ascunzătoarea", "frauenhauses", "схрона".
_INFLECTABLE = re.compile(r"[a-zß-ÿа-яёіїєґα-ω]{5}$")
_INFLECTION = r"(?:[^\W\d_]{0,4})"
_REPLY_WORDS = 12  # words in a turn that is only an address


@cache
def _hidden_data() -> dict[str, dict[str, list[str]]]:
    return json.loads((resources.files("fact_memory_graph") / "assets" / "hidden_places.json")
                      .read_text(encoding="utf-8"))


def _hidden_words(key: str) -> list[str]:
    return sorted({normalise(w) for words in _hidden_data()[key].values() for w in words} - {""})


@cache
def _hidden_gate() -> lexicon.Gate:
    return lexicon.Gate(_hidden_words("hidden"))


@cache
def _hidden_patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """The names, the ordinary words, a street's word within two words of a number (either side), and a
    street's word alone."""
    street = prefilter.whole_words(_hidden_words("streets"))
    word = r"[^\W\d_]{1,24}"
    near = (rf"(?:{street})[\s,.#:/º°-]{{0,3}}(?:{word}[\s,.:]{{1,3}}){{0,2}}\d"
            rf"|\d[\w/-]{{0,6}}[\s,.]{{0,3}}(?:{word}[\s,.:]{{1,3}}){{0,2}}(?:{street})")
    names = _hidden_words("hidden")
    inflected = prefilter.word_tree([w for w in names if _INFLECTABLE.search(w)], prefilter.spaced_atom,
                                    head=prefilter.WORD_HEAD, tail=_INFLECTION + prefilter.WORD_TAIL, flags="")
    plain = prefilter.whole_words([w for w in names if not _INFLECTABLE.search(w)])
    return (re.compile(plain + (f"|{inflected.pattern}" if inflected is not None else "")),
            re.compile(prefilter.whole_words(_hidden_words("ordinary"))), re.compile(near), re.compile(street))


def _sentences(text: str) -> list[str]:
    out, last = [], 0
    for stop in _BREAK.finditer(text):
        out.append(text[last:stop.start()])
        last = stop.end()
    out.append(text[last:])
    return [s for s in out if s.strip()]


def _locates(sentence: str, norm: str) -> bool:
    """Whether a sentence (raw, and normalised) holds an address: a number beside a capitalised name or
    within two words of a street's word ("Calle 7 #107", "Kafue Road plot 20", "ул. Садовая 5", "人民路15号"),
    or a street's word beside a capitalised name ("on Elm Park Road")."""
    if re.search(r"\d", sentence) and (_NAMED_NUMBER.search(sentence) or _hidden_patterns()[2].search(norm)):
        return True
    streets = _hidden_patterns()[3]
    return any(streets.fullmatch(normalise(m.group())) and
               (_CAPITALISED.search(sentence[max(0, m.start() - 32):m.start()]) or _CAPITALISED.match(sentence, m.end() + 1))
               for m in _CAPITALISED.finditer(sentence))


def _hidden_sentences(text: str) -> list[tuple[str, str]]:
    """The sentences of ``text`` (raw, normalised) that name a place hidden by its name and are no ordinary
    talk of one (a film, a book, a donation, a public address)."""
    norm = normalise(text)
    if not _hidden_gate().open(norm) or len(text) > 2000:
        return []
    names, ordinary = _hidden_patterns()[:2]
    if not names.search(norm):
        return []
    out = []
    for sentence in _sentences(text):
        s_norm = normalise(sentence)
        if names.search(s_norm) and not ordinary.search(s_norm):
            out.append((sentence, s_norm))
    return out


def hidden_told(text: str) -> str | None:
    """The name of a place hidden by what it is called (a safe house, a hideout, "where we keep the
    source", a women's refuge; ``assets/hidden_places.json``) whose address ``text`` tells in the sentence
    that names it — "the safe house address for the trip is Rua das Flores 66", "адрес конспиративной
    квартиры: ул. Садовая 5" — or ``None``. A film, a book or a game about one, a refuge's donation or
    public address, a sentence without an address are none."""
    for sentence, s_norm in _hidden_sentences(text):
        if _locates(sentence, s_norm):
            found = _hidden_patterns()[0].search(s_norm)
            return found.group() if found else None
    return None


def hidden_named(text: str) -> bool:
    """Whether ``text`` names a place hidden by what it is called and tells no address ("what was the safe
    house address again, i'll send it", "den where we keep the source hab ich hier"): the turn after it
    may bring the address."""
    found = _hidden_sentences(text)
    return bool(found) and not any(_locates(s, n) for s, n in found)


def address_reply(text: str) -> bool:
    """Whether ``text`` is a short turn holding an address ("Via Roma 22", "here -> Calle 7 #16, 3rd
    floor", "ul. Lipowa 12 m. 4")."""
    stripped = text.strip()
    if not stripped or len(stripped) > 160 or len(stripped.split()) > _REPLY_WORDS or not re.search(r"\d", stripped):
        return False
    return _locates(stripped, normalise(stripped))
