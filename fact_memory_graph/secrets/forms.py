"""What a secret is, found with maintained libraries and data rather than the forms we wrote down.

- **A normalised view** of the text: Unicode digits and full-width forms as ASCII (NFKC and each
  digit's decimal value), and numbers written in words (``text2num``, in the languages it reads:
  English, French, Spanish, Portuguese, German, Dutch, Italian) as digits. Every finder scans the
  view; its finds are mapped back to the original characters.
- **Names of secrets, as data** (``assets/secret_words.json``: passwords, PINs and codes, ids,
  bank accounts, cards, wallet seeds, in the 20 most spoken languages and more): a name opens a
  window over the rest of its clause (into the next turn when the name ends a turn) in which the
  value is withheld — for a password the word after the joining word, for the others every token
  with digits (ids and accounts also letters and digits).
- **python-stdnum's whole registry**: every module whose first line names a personal, tax or bank
  identifier (company, VAT, product, postal and algorithm modules left out) checks a token with
  punctuation or letters and digits anywhere; bare digit runs only inside a name's window.
- **BIP-39 word lists in every language** (``mnemonic``): twelve or more words of one list in a
  row are a seed phrase anywhere, six or more after a wallet's name.
- **phonenumbers**: a number written as a phone number (``+`` or a phone word before it) is not
  an id.
- **gitleaks' rules** (``assets/gitleaks.toml``, vendored, MIT): about 220 provider-key rules
  with their keywords, each run only when one of its keywords is in the text.
"""

from __future__ import annotations

import functools
import itertools
import json
import re
import tomllib
import unicodedata
import warnings
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from fact_memory_graph.secrets import (
    bech32_keys,
    lexicon,
    misheard_digits,
    phone_numbers,
    prefilter,
    public_keys,
)

Span = tuple[int, int, str]
ASSETS = Path(__file__).resolve().parents[1] / "assets"
#: Joins the turn before and this one when both are scanned together: not a sentence end.
TURN_JOIN = " \u2029 "
#: Joins the strings of one record read together (a claim and its fields, a key and its value, a
#: name and its relation): a secret's name reaches into the next string only when its own string
#: ends open, with the name itself, a joining word or a qualifier ("my password is", "the alarm
#: code", "the pin for the bank") — not across a finished clause ("... a log in a pond]").
FIELD_JOIN = " \u2028 "
#: A turn that is one word (3-64 characters) and nothing else.
#: (emoji after a space are no part of the word: "manzana 🙏")
ONE_WORD_TURN = re.compile(r"^\W*?([^\s]{3,64}?)(?:\s+[\U0001F000-\U0001FAFF\u2600-\u27BF\uFE0F\u200d]+)*[\s.!?]*$")


# ---------------------------------------------------------------- the normalised view
_NUMBER_LANGS = ("en", "fr", "es", "pt", "de", "nl", "it")
_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")
#: Between two number words of one run: spaces, commas, dashes, a dictation's pauses ("four... eight... two"),
#: maybe "and".
_RUN_GLUE = re.compile(r"^[\s,;\-.…]*(?:(?:and|y|und|et|e|en|pause|comma|space)\s+)?$", re.I)  # "two six pause one seven"


@functools.lru_cache(maxsize=65536)
def _number_word(word: str) -> tuple[str, ...]:
    """The languages in which ``word`` alone is a number (text2num), cached per word."""
    if not 2 <= len(word) <= 14:
        return ()
    from text_to_num import alpha2digit

    return tuple(lang for lang in _NUMBER_LANGS if any(ch.isdigit() for ch in alpha2digit(word, lang, threshold=0)))


class _Part:
    """One word of a hyphen-joined run ("sept-un-neuf"), shaped like the match it stands for."""

    __slots__ = ("_end", "_start", "_word")

    def __init__(self, word: str, start: int) -> None:
        self._word, self._start, self._end = word, start, start + len(word)

    def group(self) -> str:
        return self._word

    def start(self) -> int:
        return self._start

    def end(self) -> int:
        return self._end


def _words_of(text: str) -> Iterator[Any]:
    """The words of ``text``; a hyphen-joined word that is no number as a whole ("sept-un-neuf",
    digits read out with hyphens) is its parts, while "vingt-deux" stays one number."""
    for match in _WORD.finditer(text):
        word = match.group()
        if "-" in word and not _number_word(word.lower()):
            at = match.start()
            for part in word.split("-"):
                yield _Part(part, at)
                at += len(part) + 1
        else:
            yield match


@functools.lru_cache(maxsize=8192)
def _tens_word(word: str, lang: str) -> bool:
    """Whether ``word`` alone is a number of two digits or more in ``lang`` ("quarante-huit", "achtenveertig")."""
    from text_to_num import alpha2digit

    return sum(ch.isdigit() for ch in alpha2digit(word, lang, threshold=0)) >= 2


def _three_number_words(text: str) -> bool:
    """Whether ``text`` holds three number words (each word, or each part of a hyphen-joined word
    that is no number, as :func:`_words_of` reads them), a word of two digits or more counting twice
    ("quarante-huit vingt-et-un"): fewer make no run, and this count reads the words without building
    the runs (cost only)."""
    count = 0
    for word in _WORD.findall(text):
        if "-" in word and not _number_word(word.lower()):
            count += sum(1 for part in word.split("-") if _number_word(part.lower()))
        elif langs := _number_word(word.lower()):
            count += 2 if _tens_word(word.lower(), langs[0]) else 1
        if count >= 3:
            return True
    return False


def _word_runs(text: str) -> Iterator[tuple[int, int, str]]:
    """Runs of three or more number words (digits, in order, of each run)."""
    from text_to_num import alpha2digit

    if not _three_number_words(text):
        return
    run: list[re.Match[str]] = []
    langs: dict[str, int] = {}

    def flush() -> Iterator[tuple[int, int, str]]:
        # three words, or two of two digits each with nothing but a space or a pause between them ("quarante-huit
        # vingt-et-un", "achtenveertig eenentwintig"; "vingt-deux et trente" is two numbers)
        if len(run) >= 3 or len(run) == 2 and not re.search(r"[^\W\d_]", text[run[0].end():run[1].start()]) and all(
                any(_tens_word(m.group().lower(), lang) for lang in _number_word(m.group().lower())) for m in run):
            lang = max(langs, key=lambda k: langs[k])
            start, end = run[0].start(), run[-1].end()
            digits = "".join(ch for ch in alpha2digit(text[start:end].replace("-", " "), lang, threshold=0) if ch.isdigit())
            if len(digits) >= 3 + (len(run) == 2):
                yield start, end, digits

    for match in _words_of(text):
        word_langs = _number_word(match.group().lower())
        glue = text[run[-1].end():match.start()] if run else ""
        if word_langs and (not run or _RUN_GLUE.match(glue)):
            run.append(match)
            for lang in word_langs:
                langs[lang] = langs.get(lang, 0) + 1
            continue
        if run and not word_langs and match.group().lower() in ("and", "y", "und", "et", "e", "en"):
            continue
        yield from flush()
        run, langs = ([match], dict.fromkeys(word_langs, 1)) if word_langs else ([], {})
    yield from flush()


_MAYBE_NUMBER_WORDS = re.compile(r"[^\W\d_]{2,14}")
#: Digits read out one by one in Chinese or Japanese numerals ("三五八九…", "九一五", "九 八 六 六"): three or more.
_CJK_DIGITS = re.compile(r"[〇零一二三四五六七八九](?:[ \u3000]?[〇零一二三四五六七八九]){2,}")  # spaced too: "九 八 六 六"
_CJK_VALUE = str.maketrans("〇零一二三四五六七八九", "00123456789")


@functools.cache
def _digit_words() -> tuple[re.Pattern[str], dict[str, dict[str, str]]]:
    """The digits as words in the languages text2num does not read (assets ``digit_words``): a
    pre-scan over all of them, and per word its digit in each language."""
    table: dict[str, dict[str, str]] = {}
    for lang, digits in _words()["digit_words"].items():
        for digit, words in enumerate(digits):
            for word in words:
                table.setdefault(unicodedata.normalize("NFC", word).lower(), {})[lang] = str(digit)
    return re.compile(rf"(?<![^\W\d_])(?:{_trie(sorted(table), space=' ')})(?![^\W\d_])", re.I), table


_DIGIT_WORD_GAP = re.compile(r"^[\s,\-–—·.…]*(?:(?i:pause|comma|space)[\s,\-–—·.…]+)?$")  # a dictation's pauses too ("चार... आठ... दो")


#: How far before three digit words a code's name may end for them to be its value ("CVV-koden är
#: fyra noll nio"): a card's security code has three digits, too few to count alone.
_CODE_NAME_REACH = 48


def _after_code_name(text: str, at: int) -> bool:
    window = text[max(0, at - _CODE_NAME_REACH):at]
    return any(m.kind in ("digits", "card") for m in names_in(window))


def _digit_word_runs(text: str) -> Iterator[tuple[int, int, str]]:
    """Four or more digits read out in words of one language ("четыре пять три девять"), or three
    right after the name of a code ("güvenlik kodu beş altı iki")."""
    pattern, table = _digit_words()
    words = text.lower().replace("-", " ").split()
    if sum(w.strip(",.;:-–—·") in table for w in words) < 3:  # the cheap pre-scan
        return
    hits = list(pattern.finditer(text))
    if len(hits) < 3:
        return
    run: list[re.Match[str]] = []

    def flush() -> Iterator[tuple[int, int, str]]:
        # each longest stretch in one language, from the left ("to" is Danish 2 before Polish digits; "hai" is
        # Vietnamese 2 after Hindi ones: "teen paanch saat ek hai")
        langs = [set(table[unicodedata.normalize("NFC", m.group()).lower()]) for m in run]
        i = 0
        while len(run) - i >= 3:
            common, j = langs[i], i + 1
            while j < len(run) and common & langs[j]:
                common, j = common & langs[j], j + 1
            part = run[i:j]
            if len(part) >= 4 or len(part) == 3 and _after_code_name(text, part[0].start()):
                lang = sorted(common)[0]
                yield part[0].start(), part[-1].end(), "".join(
                    table[unicodedata.normalize("NFC", m.group()).lower()][lang] for m in part)
                i = j
            else:
                i += 1

    for m in hits:
        if run and not _DIGIT_WORD_GAP.match(text[run[-1].end():m.start()]):
            yield from flush()
            run = []
        run.append(m)
    yield from flush()


def view(text: str) -> tuple[str, list[tuple[int, int]] | None]:
    """The normalised text and, when it differs, each of its characters' span in ``text`` (not to
    be changed by the caller: a turn's view is cached, as it is read with every turn after it)."""
    if len(text) <= 2048:
        return _cached_view(text)
    return _view(text)


@functools.lru_cache(maxsize=4096)
def _cached_view(text: str) -> tuple[str, list[tuple[int, int]] | None]:
    return _view(text)


def _overridden(runs: list[Span], better: list[Span]) -> list[Span]:
    """``runs`` with ``better`` read in place of every run one of them overlaps, in order."""
    if not better:
        return runs
    return sorted([*(r for r in runs if not any(c[0] < r[1] and r[0] < c[1] for c in better)), *better])


def _view(text: str) -> tuple[str, list[tuple[int, int]] | None]:
    runs = list(_word_runs(text)) if _MAYBE_NUMBER_WORDS.search(text) else []
    # a run of the digit-word lists inside a longer run text2num read stays part of it ("tre zero tre tre" is
    # Albanian too, inside an Italian card read out: "… sette due tre zero tre tre sei")
    more = [m for m in _digit_word_runs(text) if not any(r[0] <= m[0] and m[1] <= r[1] for r in runs)]
    runs = _overridden(runs, more)
    # a digit speech-to-text heard as another word ("three eight for three", "seis meia dois três")
    runs = _overridden(runs, misheard_digits.runs(text))
    if text.isascii() and not runs:
        return text, None
    if not text.isascii():
        cjk = [(m.start(), m.end(), re.sub(r"[ \u3000]", "", m.group().translate(_CJK_VALUE))) for m in _CJK_DIGITS.finditer(text)]
        if cjk:
            runs = sorted([*(r for r in runs if not any(c[0] < r[1] and r[0] < c[1] for c in cjk)), *cjk])
    out: list[str] = []
    origin: list[tuple[int, int]] = []
    i, r = 0, 0
    while i < len(text):
        if r < len(runs) and runs[r][0] == i:
            start, end, digits = runs[r]
            out.append(digits)
            origin.extend([(start, end)] * len(digits))
            i, r = end, r + 1
            continue
        ch, j = text[i], i + 1
        while j < len(text) and unicodedata.category(text[j]).startswith("M"):  # a letter and its marks
            j += 1
        if j == i + 1 and ch.isascii():
            rep = ch
        elif j == i + 1 and unicodedata.category(ch) == "Nd":
            rep = str(unicodedata.decimal(ch, 0))
        else:
            rep = unicodedata.normalize("NFKC", text[i:j])
        out.append(rep)
        origin.extend([(i, j)] * len(rep))
        i = j
    return "".join(out), origin


def back(spans: list[Span], origin: list[tuple[int, int]] | None) -> list[Span]:
    if origin is None:
        return spans
    return [(origin[s][0], origin[max(s, e - 1)][1], k) for s, e, k in spans if s < len(origin)]


# ---------------------------------------------------------------- names of secrets (data)
@functools.cache
def _words() -> dict[str, Any]:
    data = json.loads((ASSETS / "secret_words.json").read_text(encoding="utf-8"))
    # a memorable word's names in more languages, kept in a file of their own
    # and the names of licences that are a person's documents (a firearms certificate, a pilot's licence)
    # and an investor's: a brokerage account, an exchange's anti-phishing code
    for extra_file in ("spoken_codes.json", "personal_licences.json", "investment_accounts.json"):
        extra = json.loads((ASSETS / extra_file).read_text(encoding="utf-8"))
        for kind, langs in extra.items():
            if kind in data and isinstance(langs, dict):
                for lang, names in langs.items():
                    have = data[kind].setdefault(lang, [])
                    have.extend(n for n in names if n not in have)
    return data


def _trie(words: list[str], space: str = r"[\s\-_]*") -> str:
    """One regex matching any of ``words``, as a trie (Python's ``re`` tries an alternation's
    branches one by one at every position: a trie reads each character once)."""
    root: dict[str, Any] = {}
    for word in words:
        node = root
        for ch in word:
            node = node.setdefault(ch, {})
        node[""] = {}

    def build(node: dict[str, Any]) -> str:
        branches = [(space if ch == " " else re.escape(ch)) + build(node[ch]) for ch in sorted(node) if ch]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        return f"(?:{body})?" if "" in node else body

    return build(root)


KINDS = ("password", "digits", "id", "bank", "card", "seed", "answer")
_LATIN = re.compile(r"[\x00-\u024f'’.\-/\s\d]+")


def _key(name: str) -> str:
    return re.sub(r"[\s\-_]+", " ", name.lower()).strip()


_CJK = "\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uff66-\uff9f"


#: Scripts whose prefixes and particles are written onto a borrowed Latin word (Hebrew's "ה", Arabic's
#: "الـ", Thai with no spaces): a letter of theirs beside a Latin name is no part of it.
_GLUED_SCRIPTS = "\u0590-\u05ff\u0600-\u06ff\u0e00-\u0e7f"


@functools.cache
def _names_index() -> tuple[re.Pattern[str], dict[str, str]]:
    data = _words()
    kind_of: dict[str, str] = {}
    for kind in KINDS:
        for names in data[kind].values():
            for name in names:
                kind_of.setdefault(_key(name), kind)
    latin = [k for k in kind_of if _LATIN.fullmatch(k)]
    other = [k for k in kind_of if not _LATIN.fullmatch(k)]
    # not glued to a letter or a digit before it: "abae33" inside a hex ETag is no "aba" (routing)
    # a kana, Han or Hangul particle glued to it is no inflection ("CVC는 495", "PINは1234")
    # no name starts here unless its first letter does: one test of a set per position (cost only)
    def first(keys: list[str]) -> str:
        return rf"(?=[{''.join(sorted({re.escape(k[0]) for k in keys}))}])" if keys and all(keys) else ""

    # nor is a letter of a script with no case glued to a Latin name ("הpin זה", "PINของแม่คือ", "الـPIN")
    glued = _CJK + _GLUED_SCRIPTS
    pattern = re.compile(rf"(?<![^\W_{glued}]){first(latin)}(?P<latin>{_trie(latin)})(?P<suffix>[^\W\d_{glued}]{{0,4}})"
                         rf"(?![^\W\d_{glued}])"
                         rf"|{first(other)}(?P<other>{_trie(other)})", re.I)
    return pattern, kind_of


class NameMatch:
    """A secret's name found in a text: its kind and where it ends."""

    __slots__ = ("kind", "start", "stop")

    def __init__(self, kind: str, start: int, stop: int) -> None:
        self.kind, self.start, self.stop = kind, start, stop

    def end(self) -> int:
        return self.stop


#: The one letter a name of four letters or fewer may end with: a plural or a case ending.
_SHORT_NAME_ENDINGS = frozenset("saeiouyäöüı")


def names_in(text: str) -> list[NameMatch]:
    """Every name of a secret in ``text`` (``assets/secret_words.json``), with its kind. A Latin
    name may carry some inflection ("lösenordet", "şifresi", "pins"), bounded by its length."""
    pattern, kind_of = _names_index()
    found = []
    for m in pattern.finditer(text):
        if m.group("latin") is not None:
            name = _key(m.group("latin"))
            suffix = m.group("suffix")
            allowed = 4 if len(name) >= 7 else 2 if len(name) >= 5 else 1
            if len(suffix) > allowed or name not in kind_of:
                continue
            if len(name) < 5 and suffix and suffix.lower() not in _SHORT_NAME_ENDINGS:
                continue  # a short name's one letter is an ending ("pins", "kodu"), not a word ("pink")
        else:
            name = _key(m.group("other"))
            if name not in kind_of:
                continue
        if _longer_public_label(text, m.start(), m.end("latin") if m.group("latin") is not None else m.end()):
            continue  # "código postal", "الرمز البريدي", "carte fidélité", "compteur": a public label's name starts it
        if _inside_hex_token(text, m.start(), m.end()):
            continue  # "acc" in "user-acc92f14178a", "2fa" in a commit 2fa06f5c1019: a digest's letters
        found.append(NameMatch(kind_of[name], m.start(), m.end()))
    if _COMPOUND_HINT.search(text):  # "Kassencode", "Managercode", "ajtókód": a code's name the lists lack
        taken = [(n.start, n.stop) for n in found]
        found.extend(NameMatch("digits", m.start(), m.end()) for m in _COMPOUND_CODE.finditer(text)
                     if not any(a <= m.start() < b for a, b in taken) and not _public_compound(m.group("head")))
    if _SPELLED_HINT.search(text):  # "p i n", "o.t.p." as speech-to-text writes a spelled name
        found.extend(NameMatch("digits", m.start(), m.end()) for m in _spelled_names().finditer(text))
    return found


#: A compound whose last part is a code's name — how German, Dutch, the Nordic languages, Finnish,
#: Estonian and Hungarian name a code ("Kassencode", "Managercode", "personalkod", "ovikoodi",
#: "riasztókód"): the thing it opens or who uses it is the head. The lists of names hold the common
#: ones; this reads the rest. A public code's compound ("Postcode", "Gutscheincode", "Ländercode",
#: "Freundescode") is left out by its head (assets ``public_compound_heads``).
_COMPOUND_HINT = re.compile(r"(?i)[^\W\d_](?:codes?|kode[nr]?|kod(?:en|u)?|koodi|kood|kód(?:ja|ot)?|kóði)(?![^\W\d_])")
_COMPOUND_CODE = re.compile(r"(?i)(?<![^\W_])(?P<head>[^\W\d_]{3,}?)-?(?:codes?|kode[nr]?|kod(?:en|u)?|koodi|kood"
                            r"|kód(?:ja|ot)?|kóði)(?![^\W\d_])")


def _public_compound(head: str) -> bool:
    head = head.lower()
    return any(head.startswith(h) for h in _words()["public_compound_heads"])


_HEX_TOKEN = re.compile(r"[0-9A-Fa-f]{8,}")


def _inside_hex_token(text: str, start: int, stop: int) -> bool:
    """Whether a name is part of a hex string (an id, a digest): a token of 8+ hex characters that
    has both digits and hex letters beside the name ("acc12345678" stays an account's name)."""
    if not ((start and text[start - 1].isascii() and text[start - 1].isalnum())
            or (stop < len(text) and text[stop].isascii() and text[stop].isalnum())):
        return False
    a, b = start, stop
    while a and text[a - 1].isascii() and text[a - 1].isalnum():
        a -= 1
    while b < len(text) and text[b].isascii() and text[b].isalnum():
        b += 1
    if not _HEX_TOKEN.fullmatch(text, a, b):
        return False
    outside = text[a:start] + text[stop:b]
    return any(c.isdigit() for c in outside) and any(c.isalpha() for c in outside)


@functools.cache
def _public_label_names() -> re.Pattern[str]:
    """The names of public values (assets ``postal`` and ``public``) that begin with a secret's name
    ("código postal", "الرمز البريدي", "account holder", "tarjeta de puntos"). A PIN code's names are
    left out: in India they name a postal code or a card's PIN, which the PIN-code reading decides."""
    data = _words()
    ambiguous = {"pin code", "pincode", "pin", "cp", "cap", "पिन कोड", "पिनकोड", "পিন কোড"}
    words = sorted((w for w in [*data["postal"], *data["public"]] if w not in ambiguous), key=len, reverse=True)
    alts = "|".join(re.escape(w).replace(r"\ ", r"[\s\-]?") for w in words)
    return re.compile(rf"(?i)(?:{alts})(?![^\W\d_])")


def _longer_public_label(text: str, start: int, stop: int) -> bool:
    """Whether a public value's name starts where a secret's name does and goes on past it."""
    m = _public_label_names().match(text, start)
    return m is not None and m.end() > stop


_SPELLED_HINT = re.compile(r"(?<![^\W\d_])[^\W\d_][ .]+[^\W\d_][ .]+[^\W\d_](?![^\W\d_])")


@functools.cache
def _spelled_names() -> re.Pattern[str]:
    """Round eight: a code's short name spelled letter by letter (assets ``spelled_names``)."""
    alts = "|".join(r"[ .]+".join(re.escape(ch) for ch in w) for w in _words().get("spelled_names", {}).get("words", []))
    return re.compile(rf"(?i)(?<![^\W\d_])(?:{alts or '(?!)'})\.?(?![^\W\d_])")


@functools.cache
def _connector() -> re.Pattern[str]:
    words = sorted(_words()["connectors"], key=len, reverse=True)
    # a particle of a script without spaces ("は", "是", "는") joins a Latin value glued to it
    alts = "|".join(rf"{re.escape(w)}(?![^\W\d_])" if w[-1].isalpha() and not re.match(f"[{_CJK}]", w[-1])
                    else rf"{re.escape(w)}(?![{_CJK}])" if w[-1].isalpha() else re.escape(w) for w in words)
    return re.compile(rf"\s*(?:{alts})\s*", re.I)


@functools.cache
def _filler() -> re.Pattern[str]:
    """Words that soften or stress a value before it ("literally just", "einfach", "juste"), one or two of them."""
    words = sorted(_words()["value_fillers"]["words"], key=len, reverse=True)
    alts = "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in words)
    return re.compile(rf"(?i)(?:(?:{alts})(?![^\W\d_])[\s,]*){{1,2}}(?=[^\W_]|[\"'“‘«])")


@functools.cache
def _restated() -> re.Pattern[str]:
    """Words giving a code again in digits, then the digits ("… enfin en chiffres 6292")."""
    words = sorted(_words()["restated_in_digits"]["words"], key=len, reverse=True)
    alts = "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in words)
    return re.compile(rf"(?i)(?<![^\W\d_])(?:{alts})(?![^\W\d_])[\s:,=\-–—]*(?:(?:it'?s|c'est|es|ist|é|è|is)\s+)?"
                      r"(?P<v>\d(?:[ \-.]?\d){2,11})(?![\w.,/]\d|\w)")


def restated_spans(text: str, spans: Sequence[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """A code given again in digits after a code withheld before it in the same message ("c'est six
    deux neuf deux... enfin en chiffres 6292"): the same secret, withheld too."""
    out = []
    for m in itertools.islice(_restated().finditer(text), 4):
        if any(k in ("password", "card number") and e <= m.start() and m.start() - e <= 80 for _, e, k in spans):
            out.append((m.start("v"), m.end("v"), "password"))
    return out


#: "n.", "nr.", "č." (číslo), "nro." and "núm." abbreviate a number's word ("patente n. U1L739399J", "Ausweis Nr.
#: L01X00T47", "průkaz č. 4410"): no sentence ends there.
_SENTENCE_END = re.compile(r"(?<!\b[Nn])(?<!\b[Nn][Rr])(?<!\b[Čč])(?<!\b[Nn][Rr][Oo])(?<!\b[Nn][ÚúUu][Mm])"
                           r"[.!?。！？؟](?:\s|$)|\n|;")
#: A verb a secret is for, after "to" / "for" and before its object ("the password to download the exams"):
#: the purpose of the secret, not its value.
_PURPOSE_VERB = re.compile(r"(?i)(?:open|unlock|download|downloading|access|accessing|enter|entering|use|using|see|"
                           r"view|read|print|upload|install|reset|change|join|watch|pay|sign|submit|check|edit|"
                           r"delete|connect|log|get|opening|unlocking|arm|disarm)")
_OBJECT_AFTER = re.compile(r"(?i)\s+(?:the|a|an|my|your|our|his|her|their|this|that|these|those|all|into|in|on|to)\b")
_QUALIFIER_WORD = re.compile(r"\s*(?:[^\s:=：,;.!?]|[.!?](?=[^\s.!?,;]))+")
_REPLY_WORD = re.compile(r"\s*,?\s*(?:[^\s:=：,;.!?]|[.!?](?=[^\s.!?,;]))+")  # a reply's words: "no, it's ..."
_QUOTED = re.compile(r"\s*[\"'“‘«「『]([^\"'”’»」』\n]{2,80})[\"'”’»」』]")
_TOKEN = re.compile(r"\s*([^\s,;，、。]+)")
_NOT_NAME = re.compile(r"\s*(?:manager|managers|app|apps|policy|policies|hint|rules|requirements|strength|generator"
                       r"|field|manager.s|vault|protected|reset|resets|recovery|expiry|expires|expired|expiring"
                       r"|expiration)\b", re.I)
_LEAD_IN = re.compile(r"(?i)^(?:it'?s|it is|its|that'?s|es|c'est|ist|é|è|это|是|は|—|-|:)\s*")
#: A reply's opening interjections, remembering ("oh right", "ach ja,", "ah sí", "ah oui", "a tak"): no part of the value.
_REPLY_INTERJECTIONS = re.compile(
    r"(?i)^(?:(?:oh|ah|aah|ahh|ach|aha|och|oj|ой|а|ааа|ah|eh|hmm+|um+|uh+|er|well|so|right|yes|yeah|yep|ok|okay|sure|"
    r"ja|jaa|jo|genau|stimmt|oui|ouais|bon|euh|sí|si|claro|vale|bueno|pues|sim|né|tá|certo|già|vero|tak|да|"
    r"точно|evet|haa|haan|han|ji|iya|oh iya|ya|ừ|à|vâng|ええ|ああ|あ|うん|그래|아|맞다|对|哦|啊)[,!.…:]*\s+)+")
_BARE_CODE = re.compile(r"(?i)c[oó]d(?:e|igo|ice)s?|код|kod|kodu|koden?")
_NOT_A_SECRET_CODE = re.compile(
    r"(?i)(?:area|zip|postal|post|postcode|promo|promotional|discount|coupon|voucher|referral|invite|invitation"
    r"|error|status|exit|hs|country|dialing|dialling|calling|source|qr|bar|sort|swift|bic|branch|airport|iata"
    r"|icao|product|item|article|course|class|tax|fiscal|zip\+4|language|currency|color|colour|style|dress"
    r"|morse|cheat|gift|booking|confirmation|tracking|reference|ref|customer|client|member"
    r"|ean|upc|sku|model|part|diagnostic|trouble|obd|fault|http|response|iso|postal|postleit|c[oó]digo postal"
    r"|code postal|promo-|rabatt|gutschein|fehler|descuento|cup[oó]n|error|posta|почтовый|индекс|промо|телефонный"
    r"|posta kodu|indirim|hata|ülke|alan|icd|icd[\s\-]?1[01]|diagnos[ei]s?|diagnose|diagn[oó]stico|stop|bug|ticket"
    r"|incident|störungs|stör|st[oö]rung"
    # a player's public code in a game, shared so that others can add them
    r"|friend|friends|trainer|player|gamer|game|lobby|party|join|switch|steam|nintendo|freundes|pok[eé]mon(?:\s+go)?"
    r"|pogo)[\s\-]*$")
_NOT_A_SECRET_CODE_AFTER = re.compile(
    r"(?i)\s*(?:(?:de|di|da|do|du|des|del|della|dos|das)\s+)?(?:postal|postale|post|isbn|imei|ean|upc|sku|iata|promo"
    r"|promocional|promotionnel|sconto|descuento|rastreio|rastreo|seguimiento|suivi|tracciamento|tracking|envio|envío"
    r"|colis|pedido|commande|ordine|encomenda|reserva|r[ée]servation|prenotazione|produit|prodotto|producto|produto"
    r"|erreur|errore|error|erro|fiscal|fiscale|barre|barras|a barre|qr|iso|país|pays|paese|pa[ií]s|pedido"
    r"|pocztowy|pocztowego|pocztowym|kreskowy|rabatowy|promocyjny|błędu|ошибки|товара|страны|региона"
    r"|amigo|ami|d'ami|amico|entrenador|treinador|dresseur|allenatore|znajomego|przyjaciela|trenera|друга|тренера)\b")
_NOT_VALUE = re.compile(
    r"(?i)^(?:a|an|the|my|your|his|her|our|their|this|that|it|not|no|none|too|so|very|still|always|never|on|in|at"
    r"|under|behind|somewhere|written|saved|stored|kept|being|getting|going|correct|incorrect|wrong|weak|strong"
    r"|short|long|new|old|expired|changed|reset|forgotten|lost|stolen|invalid|required|needed|missing|same|set"
    r"|blocked|locked|broken|ok|okay|fine|secret|private|different|easy|hard|simple|hidden|safe|for|of|to|and|or"
    r"|is|was|me|you|what|which|why|how|where|when|with|from|by|should|could|would|will|can|do|does|did|i|we|they"
    r"|again|now|then|here|there|also|just|only|really|please|thanks|lol|yes|no|shared|reused|synced|compromised|leaked"
    r"|about|regarding|like|asking|related|sobre|acerca|über|sur|su|sobre|o|про|hakkında|tentang"
    r"|him|them|us|anyone|anybody|someone|somebody|everyone|everybody|nobody|anything|something|everything"
    r"|nothing|all|both|each|every|mostly|usually|essa|esse|isso|esta|este|esto|eso|esa|ceci|cela|dies|diese"
    r"|questa|questo|quello|quella"
    # words about a password, not one, in the languages most written ("la contraseña es larga")
    r"|larga|larg[ao]s?|corta|cortas?|nueva|nuevo|complicada|dif[ií]cil|f[aá]cil|longue|courte|nouveau|nouvelle"
    r"|compliqu[ée]e?|lang|kurz|neu|kompliziert|schwer|einfach|longa|curta|nova|lunga|corto|nuova|complicata"
    r"|difficile|lungo|facile|complicated|tricky|weird"
    # how a value differs, not one ("the MST ends differently, it's …")
    r"|differently|otherwise|elsewhere|anders|autrement|diferente|distinto|distinta|diversamente|diferentemente)$")
_SECRET_SHAPE = re.compile(r"\d|[!@#$%^&*_+=~?]|[a-z][A-Z]")
_VALUE_CHAIN = re.compile(
    r"(?<![0-9A-Za-z\u00c0-\u024f\u0370-\u04ff_@])(?:[A-Za-z]{0,6}\d[A-Za-z\d]*|[A-Za-z]{4}(?=[ \-]\w*\d))(?:(?:[ .\-/–—]{1,3}|\s*\n\s*)(?:[A-Za-z]{0,6}\d[A-Za-z\d]*|[A-Z]{4}(?=[ \-]?\w*\d)))*"
    r"(?![0-9A-Za-z\u00c0-\u024f\u0370-\u04ff_@])")
_DATE = re.compile(r"^(?:(\d{1,2})[./\-](\d{1,2})[./\-](?:\d{2}|\d{4})|\d{4}-\d{2}-\d{2}|\d{1,2}:\d{2}(?::\d{2})?"
                   r"|\d{1,2}/\d{2})$")
_MONEY_BEFORE = re.compile(r"[$€£¥₹]\s*$")


def _a_date(token: str) -> bool:
    m = _DATE.match(token)
    if not m:
        return False
    if m.group(1) is None:
        return True
    a, b = int(m.group(1)), int(m.group(2))
    return (1 <= a <= 31 and 1 <= b <= 12) or (1 <= a <= 12 and 1 <= b <= 31)


_INTO_NEXT_TURN = re.compile(r"[.!?。！？؟]*\s*\u2029")


_OPENERS, _CLOSERS = "([{（【「『", ")]}）】」』"


def _bracket_end(text: str, start: int, end: int) -> int:
    """A name inside brackets has its value inside them: the window ends at the bracket that
    closes one opened before the name ("[shares a photo of a log in a pond] ...")."""
    depth, at = 0, start - 1
    floor = max(0, start - 300)
    while at >= floor:  # an opener before the name, in its own string or turn, not closed before it
        ch = text[at]
        if ch in "\u2028\u2029":
            return end
        if ch in _CLOSERS:
            depth += 1
        elif ch in _OPENERS:
            if depth == 0:
                break
            depth -= 1
        at -= 1
    else:
        return end
    depth = 0
    for i in range(start, end):
        ch = text[i]
        if ch in _OPENERS:
            depth += 1
        elif ch in _CLOSERS:
            if depth == 0:
                return i
            depth -= 1
    return end


@functools.cache
def _open_end() -> re.Pattern[str]:
    """What may follow a name to the end of its string for its value to be in the next string:
    nothing, a joining word, a qualifier ("for the bank", "del wifi") and a joining word."""
    joins = "|".join(re.escape(w) for w in sorted(_words()["connectors"], key=len, reverse=True))
    return re.compile(rf"(?i)\s*(?:(?:for|of|to|on|at|from|del|de|du|des|da|do|di|für|zum|zur|van|voor|della|dello"
                      rf"|para|pour|per|na|dla|för|til)\s+[^\s.!?;:\])}}]+(?:\s+[^\s.!?;:\])}}]+){{0,3}})?"
                      rf"\s*(?:(?:{joins})\s*)?")


def _field_end(text: str, start: int, end: int) -> int:
    """A name's window stops at the end of its record string unless that string ends open
    (:data:`FIELD_JOIN`); each string crossed on the way must be open too."""
    at = start
    while (j := text.find("\u2028", at, end)) != -1:
        if not _open_end().fullmatch(text, at, j):
            return j
        at = j + 1
    return end


_REPLY_COLON = re.compile(r"[:：]\s*[\"'“‘«]?(?P<v>[^\s\"'”’»,;]{4,64})")
_REPLY_OPENER = re.compile(r"\s*[^\W\d_]{1,8}[.!?]+(?=\s)")
_INTERJECTION = re.compile(r"\s*[^\W\d_]{1,8}(?:[ ,]+[^\W\d_]{1,8})?\s*[.!?]*")


def _window(text: str, start: int, limit: int) -> int:
    """Where a name's window ends: the end of its clause, or ``limit`` characters on. A name
    whose clause ends its turn ("what's the wifi password?") reaches into the next turn; a name
    inside brackets stops at their close; a name in one string of a record reaches the next
    only when its string ends open (:data:`FIELD_JOIN`)."""
    end = _field_end(text, start, _bracket_end(text, start, min(len(text), start + limit)))
    stop = _SENTENCE_END.search(text, start, end)
    turn = text.find("\u2029", start, end)  # a turn ended with no stop: its clause ends there
    cross = stop.start() if stop and _INTO_NEXT_TURN.match(text, stop.start()) else \
        turn if turn != -1 and (stop is None or turn < stop.start()) else None
    if cross is not None:
        after = _INTO_NEXT_TURN.match(text, cross).end()
        end = _field_end(text, after, min(len(text), after + limit))
        stop = _SENTENCE_END.search(text, after, end)
        for _ in range(2):  # a reply may open with a word or two ("no? ok it's 2293", "hmm. it's ...")
            if not (stop and _INTERJECTION.fullmatch(text, after, stop.start())):
                break
            after = stop.end()
            end = _field_end(text, after, min(len(text), after + limit))
            stop = _SENTENCE_END.search(text, after, end)
        return stop.start() if stop else end
    return stop.start() if stop else end


def _password_value(text: str, at: int) -> tuple[int, int] | None:
    """The value after a password's name: [qualifier words] [joining word] value."""
    end = _window(text, at, 80)
    pos, budget, words = at, 7, _QUALIFIER_WORD
    parts = False
    while budget > 0:  # up to six qualifier words before the joining word
        budget -= 1
        crossing = _INTO_NEXT_TURN.match(text, pos, end)
        if crossing:  # the name ended its turn: the value opens the next one
            pos, budget, words = crossing.end(), max(budget, 5), _REPLY_WORD  # a reply is a clause of its own
            opener = _REPLY_OPENER.match(text, pos, end)
            if opener and opener.end() < end:  # "no? ok it's 2293": a one-word sentence opens the reply
                pos, budget = opener.end(), 2  # then a word at most before the joining word or the value
            reply = _LEAD_IN.sub("", _REPLY_INTERJECTIONS.sub("", text[pos:end].strip()))
            if reply and len(reply.split()) <= 3 and not _NOT_VALUE.match(reply.split()[0]):
                start = text.index(reply, pos)  # a bare reply: "sunflower", "it's tulip 2020"
                return start, start + len(reply.rstrip(".!?"))
            labelled = _REPLY_COLON.search(text, pos, end)  # "found it on the sticker: monkey-kitchen-tigger9"
            if labelled and len(text[pos:labelled.start()].split()) <= 8:
                value = labelled.group("v").rstrip(".,;:!?)]}'\"")
                if len(value) >= 4 and not _NOT_VALUE.match(value) and _SECRET_SHAPE.search(value):
                    return labelled.start("v"), labelled.start("v") + len(value)
        quoted = _QUOTED.match(text, pos, end)
        if quoted:
            return quoted.start(1), quoted.end(1)
        joined = _connector().match(text, pos, end)
        if words is _REPLY_WORD and not (joined and joined.end() > pos):  # "oh right, it's larchwood-owl"
            comma = re.compile(r"\s*,\s*").match(text, pos, end)
            if comma and comma.end() > pos:
                joined = _connector().match(text, comma.end(), end)
                if joined and not joined.group().strip()[:1].isalpha():
                    joined = None  # only a word ("it's", "es") after a comma joins a reply
        if joined and joined.end() > pos and _INTO_NEXT_TURN.match(text, joined.end(), end):
            pos = joined.end()  # "what was my login?" then "ah it was X": the value is in the reply
            continue
        if joined and joined.end() > pos:
            token = _QUOTED.match(text, joined.end(), end) or _TOKEN.match(text, joined.end(), min(len(text), end + 60))
            if token and token.re is _TOKEN and _filler().match(text, token.start(1)):  # "is literally just X"
                skip = _filler().match(text, token.start(1))
                token = _QUOTED.match(text, skip.end(), end) or _TOKEN.match(text, skip.end(), min(len(text), end + 60))
            if token:
                s, e = token.start(1), token.end(1)
                while e > s and text[e - 1] in ".,;:!?)]}'\"":
                    e -= 1
                value = text[s:e]
                if _COUNTED.match(value) and not re.search(r"\d{3}", value):
                    return None  # "暗証番号は4桁で": how many digits, not which
                if _PURPOSE_VERB.fullmatch(value) and joined.group().strip().lower() in ("to", "for") \
                        and _OBJECT_AFTER.match(text, e):
                    return None  # "the password to download the exams is …": what it is for, not what it is
                if len(value) >= 3 and not _NOT_VALUE.match(value) and not _connector().fullmatch(value):
                    return s, _passphrase_end(text, e, end) if token.re is _TOKEN and value.isalpha() else e
                if _NOT_VALUE.match(value):
                    pos = e
                    continue
            return None
        word = words.match(text, pos, end)
        if not word:
            now = _now_after_comma().match(text, pos, end) or _COMMA_THEN_JOIN.match(text, pos, end)
            # "la contraseña del correo, ahora es X"; "my memorable word, it's X"
            if now:
                pos = now.end()
                continue
            return None
        value = word.group().strip()
        if _COUNTED.search(value) and not re.search(r"\d{3}", value):
            return None  # "暗証番号を3回間違えて": three times, no value
        if budget == 6 and at > 0 and not text[at - 1].isascii() and text[at - 1].isalpha() \
                and _LATIN_VALUE.fullmatch(value.rstrip(".,;:!?")) and not _DOMAIN.fullmatch(value.rstrip(".,;:!?")):
            return word.end() - len(value), word.end() - (len(value) - len(value.rstrip(".,;:!?")))
            # "الباسورد sunflowerhouse": a Latin word right after a name in another script
        if _SECRET_SHAPE.search(value) and len(value) >= 4 and not _NOT_VALUE.match(value) \
                and not _DOMAIN.fullmatch(value.rstrip(".,;:!?")) \
                and not (words is _QUALIFIER_WORD and _BRAND_CASE.fullmatch(value.rstrip(".,;:!?"))
                         and _WHERE_WORD.search(text, max(at, pos - 12), pos)):
            return word.end() - len(value), word.end()
        if parts and len(value) >= 3 and not _NOT_VALUE.match(value) and value.lower() not in _PART_GLUE \
                and not _connector().fullmatch(value) and value.lower() not in _value_parts():
            return word.end() - len(value), word.end()  # "starts with Prince": a part, whatever its shape
        parts = parts or value.lower().strip(",:") in _value_parts() or (
            not value.isascii() and any(value.startswith(w) for w in _value_parts() if not _LATIN.fullmatch(w)))
        pos = word.end()
    return None


@functools.cache
def _wrong() -> re.Pattern[str]:
    words = "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(_words()["wrong"]["words"], key=len, reverse=True))
    return re.compile(rf"(?i)(?<![^\W\d_])(?:{words})")


@functools.cache
def _now_after_comma() -> re.Pattern[str]:
    words = "|".join(re.escape(w) for w in sorted(_words()["now_words"]["words"], key=len, reverse=True))
    return re.compile(rf"(?i)\s*,\s*(?:{words})(?![^\W\d_])")


_LATIN_VALUE = re.compile(r"(?=[a-z0-9_\-!@#$%^&*.]*[a-z])[a-z0-9_\-!@#$%^&*.]{6,40}|(?=\S*\d)[A-Za-z0-9_\-!@#$%^&*.]{6,40}")
_COMMA_THEN_JOIN = re.compile(r"(?i)\s*,\s*(?=(?:it'?s|it is|that'?s|c'est|es|ist|è|é|это)\s)")


#: Letters in camel case and nothing else ("iCloud", "PhonePe", "PosteID"): a few words after a
#: password's name with no joining word, a brand's name (where it is kept), not the password.
_BRAND_CASE = re.compile(r"[^\W\d_]*[a-z][A-Z][^\W\d_]*|[A-Z][^\W\d_]*-[A-Z][^\W\d_]*")  # "MetaMask", "M-Pesa"
_WHERE_WORD = re.compile(r"(?i)(?<![^\W\d_])(?:in|on|at|with|via|using|inside|into|from|en|dans|sur|avec|chez|im|auf"
                         r"|mit|bei|em|no|na|nos|nas|com|nel|sul|su|con|di|de|da|do|del|w|we|z|v|ve|в|на|с|у|içinde"
                         r"|ile|trong|dengan|pakai|pe|par|mein|me|op|bij|met|i|på|med|och"
                         # "of / for / at" a service in more languages ("пароль від MetaMask", "κωδικό στο X")
                         r"|for|of|für|von|vom|zum|zur|para|pour|du|des|per|della|dello|voor|van|för|til|til|dla|do|ze"
                         r"|için|için|untuk|dari|di|ng|sa|ya|la|wa|za|kwa|від|для|от|из|до|στο|στη|στον|σε|του|της"
                         r"|pentru|la|din|na|k|ke|के|का|की|पर|में)\s*$")


@functools.cache
def _value_follows() -> tuple[re.Pattern[str], frozenset[str]]:
    data = _words()["value_follows"]
    names = "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(data["names"], key=len, reverse=True))
    return (re.compile(rf"(?i)(?<![^\W\d_])(?:{names})\s+(?P<v>[^\s,;.!?]{{5,40}})(?=\s*(?:[,;.!?]|$|\n|\u2029))"),
            frozenset(w.lower() for w in data["not"]))


def value_follows_spans(text: str) -> Iterator[Span]:
    """The word right after a name that takes its value with no joining word ("modemin şifresi ayvalikevi")."""
    pattern, stop = _value_follows()
    for m in pattern.finditer(text):
        value = m.group("v")
        if value.lower() not in stop and not _NOT_VALUE.match(value) and not _DOMAIN.fullmatch(value):
            yield m.start("v"), m.end("v"), "password"


def _value_after_own_question(text: str, at: int) -> tuple[int, int] | None:
    """A name asked about and answered in the same turn ("пароль от wi-fi? не, от почты:
    solnyshko_1977"): the value after a colon in the sentence after the question."""
    end = _window(text, at, 60)
    if text[end:end + 1] != "?" or "\u2029" in text[at:end]:
        return None
    nxt = _window(text, end + 1, 60)
    labelled = _REPLY_COLON.search(text, end + 1, nxt + 1)
    if labelled and len(text[end + 1:labelled.start()].split()) <= 5:
        value = labelled.group("v").rstrip(".,;:!?)]}'\"")
        if len(value) >= 4 and not _NOT_VALUE.match(value) and _SECRET_SHAPE.search(value):
            return labelled.start("v"), labelled.start("v") + len(value)
    return None


#: A site's name ("Gov.br", "amazon.de"): what a password is for, not the password.
_DOMAIN = re.compile(r"(?i)[a-z][a-z-]{1,30}(?:\.[a-z]{2,6}){1,2}")


@functools.cache
def in_parts_words() -> tuple[str, ...]:
    """Words announcing a value in parts (assets ``in_parts``)."""
    return tuple(w.lower() for w in _words()["in_parts"]["words"])


def a_site(value: str) -> bool:
    """Whether ``value`` is a site's name (a domain without digits), not a password."""
    return bool(_DOMAIN.fullmatch(value))


def value_part_words() -> frozenset[str]:
    return _value_parts()


@functools.cache
def _value_parts() -> frozenset[str]:
    """Words saying a value comes in parts ("starts", "empieza", "eleje"; assets ``value_parts``)."""
    return frozenset(w.lower() for w in _words()["value_parts"]["words"])


#: Small words between "starts" and the part: "starts with", "commence par", "begynner med".
PART_GLUE = _PART_GLUE = frozenset({"por", "sigue", "continues", "continua", "continúa", "avec", "się", "sich", "se", "si", "sig", "seg", "sa", "с", "ся",
                        "with", "by", "med", "par", "mit", "con", "com", "met", "ile", "na", "со", "з",
                        "od", "ze", "di", "de", "da", "do", "del", "af", "från", "fra", "off", "the", "per",
                        "z", "s", "i", "in", "on", "dengan", "με", "από"})


_NEXT_WORD = re.compile(r"[ \t]+([^\W\d_][^\W\d_'’-]*)(?=[\s,.;!?]|$)")


def _passphrase_end(text: str, at: int, end: int) -> int:
    """A password of words ("tangerine otter velvet canyon"): the words after the first one, up
    to a word that is not part of a value (a pronoun, a preposition, "now", "and"), at most five."""
    for _ in range(5):
        word = _NEXT_WORD.match(text, at, end)
        if not word or _NOT_VALUE.match(word.group(1)) or _connector().fullmatch(word.group(1)) \
                or word.group(1).lower() in _GLUE:
            break
        at = word.end()
    return at


_GLUE = frozenset({"but", "because", "if", "unless", "which", "who", "that", "y", "et", "und", "e", "pero", "mais",
                   "aber", "ma", "mas", "porque", "parce", "weil", "perché", "ok", "okay", "pls", "please", "thx"})


_ANSWER_END = re.compile(r"\s*(?:[,;]|\s[—–-]\s|\s(?:and|but|y|et|und|e|ma|mas|pero|that's|which)\s)")


def _answer_value(text: str, at: int) -> tuple[int, int] | None:
    """A security question's answer: the rest of its clause after the last joining word in it
    ("security question 'first pet' - answer is Mr Wobble": "Mr Wobble")."""
    asked = _question_answer(text, at)  # the question in quotes, then its answer
    if asked:
        return asked
    end = _window(text, at, 120)
    first = None
    for m in _connector().finditer(text, at, end):
        if m.end() > m.start() and not (m.group()[:1].isalpha() and m.start() > 0 and text[m.start() - 1].isalpha()):
            first = m
            break
    if first is not None:  # the answer ends at a comma, a dash or "and" after the first joining word
        cut = _ANSWER_END.search(text, first.end() + 1, end)
        end = cut.start() if cut else end
    last = None
    for m in _connector().finditer(text, at, end):
        word = m.group().strip()
        if word[:1].isalpha() and m.start() > 0 and text[m.start() - 1].isalpha() and not m.group()[:1].isspace():
            continue  # "is" inside "this"
        if word in ("-", "–") and m.group() == word and m.start() > 0 and m.end() < len(text) \
                and text[m.start() - 1].isalpha() and text[m.end()].isalpha():
            continue  # the hyphen inside "Okonkwo-Bell"
        if m.end() > m.start():
            last = m
    if last is None:
        return None
    value = text[last.end():end].strip().rstrip(".,;:!?)]}'\"”’")
    value = value.lstrip("\"'“‘«")
    if len(value) < 2 or len(value.split()) > 6 or _NOT_VALUE.match(value.split()[0]):
        return None
    start = text.index(value, last.end())
    return start, start + len(value)


_PROPER_AFTER_COMMA = re.compile(
    r"[,?]\s*(?P<v>(?-i:[A-ZÀ-ÖØ-Þ][^\W\d_]+)(?:\s+(?:(?-i:[A-ZÀ-ÖØ-Þ][^\W\d_]+)|de|del|da|do|van|von|the|la|le|di)){0,4})"
    r"(?=\s*(?:[,.;!?)]|$|\n|\u2029|\s[—–-]\s|\s(?:and|y|et|und|e|but|pero|mais|so|lol|jaja|haha)\b))")


def _answer_after_comma(text: str, at: int) -> tuple[int, int] | None:
    """A security question described, then its answer as a proper name after a comma ("puse como
    respuesta secreta el nombre de mi primer novio, Anselmo Quiroga", "my security answer is my
    first school, Bayview Primary")."""
    end = _window(text, at, 120)
    if text[end:end + 1] == "?" and not text[at:end].strip():  # "mother's maiden name? Kowalczyk"
        end = _window(text, end + 1, 60)
    m = _PROPER_AFTER_COMMA.search(text, at, min(len(text), end + 1))
    if not m or len(text[at:m.start()].split()) > 12:
        return None
    return m.start("v"), m.end("v")


@functools.cache
def _quoted_answer_words() -> tuple[re.Pattern[str], re.Pattern[str]]:
    data = _words()["quoted_answer"]
    names = "|".join(re.escape(n).replace(r"\ ", r"\s+") for n in sorted(data["names"], key=len, reverse=True))
    leads = "|".join(re.escape(n).replace(r"\ ", r"\s+") for n in sorted(data["leads"], key=len, reverse=True))
    return (re.compile(rf"(?i)(?<![^\W\d_])(?:{names})(?![^\W\d_])"),
            re.compile(rf"(?i)(?:(?:and|y|et|und|e|i|ve|dan|và|и|و)\s+)?(?:{leads})(?![^\W\d_])\s*[:=]?\s*"))


_SPACE = re.compile(r"\s*")
_ANSWER_WORD = re.compile(r"(?i)(?<![^\W\d_])(?:answer|answers|jawab|javab|uttar|respuesta|réponse|reponse|antwort|risposta"
                          r"|resposta|antwoord|odpowiedź|ответ|cevap|cevabı|jawaban|câu trả lời|jibu|sagot)(?![^\W\d_])"
                          r"|答え|答案|답|الجواب|الإجابة|उत्तर|जवाब|คำตอบ")


@functools.cache
def _security_topic() -> re.Pattern[str]:
    words = "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(_words()["security_topics"]["words"], key=len, reverse=True))
    return re.compile(rf"(?i)(?<![^\W\d_])(?:{words})")


#: "if they ask the street I grew up on, it's Maple Hollow Rd": a security question's topic asked, then its answer.
_ASKED_TOPIC = re.compile(r"(?i)(?<![^\W\d_])(?:if|in case|whenever)\s+(?:they|it|the bank|the app|the site|the form)\s+"
                          r"(?:asks?|wants?)\s+(?:for\s+|about\s+)?")


def asked_topic_spans(text: str) -> Iterator[Span]:
    for m in _ASKED_TOPIC.finditer(text):
        topic = _security_topic().search(text, m.end(), min(len(text), m.end() + 60))
        if topic:
            span = _answer_value(text, topic.end())
            if span:
                yield span[0], span[1], "password"
_OPEN_QUOTE = re.compile(r"[\"'“‘«「『„]")
_CLOSE_OF = {'"': '"', "'": "'", "“": "”", "‘": "’", "«": "»", "「": "」", "『": "』", "„": "“"}
_ANSWER_STOP = re.compile(r"(?<!\bMr)(?<!\bMrs)(?<!\bMs)(?<!\bDr)(?<!\bSt)[.!?。！？](?:\s|$)|[,;，、]|\s[—–]\s|\s\(|\n"
                          r"|\s(?:and|but|y|et|und|e|ma|mas|pero|that's|which|so|can|pls|please)\s", re.I)


_VALUE_AFTER_QUOTE = re.compile(r"\s*(?:=>?|→|->|⇒|[:：]|[–—](?=\s))\s*[^\W_]")


def quoted_answer(text: str, at: int) -> tuple[int, int] | None:
    """A security question quoted right after its name ("security question 'first pet' — she says
    Rex", "pregunta de seguridad es '...' y puse Valladolid"): the answer after the closing quote,
    after an answer word, a verb of answering or a joining word."""
    opened = _OPEN_QUOTE.search(text, at, min(len(text), at + 32))
    if not opened:
        return None
    close = text.find(_CLOSE_OF[opened.group()], opened.end(), min(len(text), opened.end() + 140))
    if close == -1 or close - opened.end() < 3:
        return None
    # "security q: name of first pet → 'Biscuit'", "… ka answer 'Motu' hai": the quote is the answer,
    # unless a value follows it ("…: 'naam eerste huisdier' = Snoetje": the quote was the question)
    if (re.search(r"[^\W_].*(?:→|->|=>|⇒|=|:|：)\s*$", text[at:opened.start()])
            or _ANSWER_WORD.search(text, at, opened.start())) and not _VALUE_AFTER_QUOTE.match(text, close + 1):
        return opened.end(), close
    pos = close + 1
    sep = re.compile(r"[\s:=：\-–—)\]]*").match(text, pos)
    pos = sep.end()
    joined = re.search(r"[:=：]", sep.group())  # "'…' = St. Brelade's Bay": the value starts here
    lead = None if joined else _quoted_answer_words()[1].match(text, pos)
    if lead:
        pos = lead.end()
    elif not joined:  # "… for my apple id is X": a joining word within a few words
        window = text[pos:pos + 60]
        joins = [m for m in _connector().finditer(window) if m.end() > m.start() and m.group().strip()
                 and not (m.start() > 0 and window[m.start() - 1].isalnum() and m.group()[:1].isalnum())]
        if not joins or len(window[:joins[0].start()].split()) > 5:
            return None if not sep.group().strip() else (pos, _answer_stop(text, pos))
        pos += joins[0].end()
    end = _answer_stop(text, pos)
    value = text[pos:end].strip().strip("\"'“”‘’«»")
    if len(value) < 2 or len(value.split()) > 6 or _NOT_VALUE.match(value.split()[0]):
        return None
    start = text.index(value, pos)
    return start, start + len(value)


@functools.cache
def _led_answer_lead() -> re.Pattern[str]:
    """Built once (and by ``warming.warm_up``): a pattern compiled per call may be evicted from ``re``'s cache."""
    return re.compile(r"(?<![^\W\d_])" + _quoted_answer_words()[1].pattern[4:], re.I)


def _led_answer(text: str, at: int) -> tuple[int, int] | None:
    """The answer after a verb of answering within a security question's clause ("سؤال الأمان …،
    وكتبت X", "security question: first school, I put X")."""
    lead = _led_answer_lead()
    m = lead.search(text, at, min(len(text), at + 100))
    if not m or m.group().strip().lower() in ("its", "it's", "answer", "the answer"):
        return None
    end = _answer_stop(text, m.end())
    value = text[m.end():end].strip().strip("\"'“”‘’«»")
    if len(value) < 2 or len(value.split()) > 6 or _NOT_VALUE.match(value.split()[0]):
        return None
    start = text.index(value, m.end())
    return start, start + len(value)


#: An answer quoted, then named as one ("'Rusty Corolla' — that's my answer").
_ANSWER_AFTER = re.compile(r"(?i)[\"'“‘«](?P<value>[^\"'”’»\n]{2,40})[\"'”’»][^.!?\n]{0,48}?(?<![^\W\d_])"
                           r"(?:that'?s|that is|is|was|as|es|est|ist|é|c'est) (?:my|mi|ma|meine|minha) "
                           r"(?:security |secret |secreta |de seguridad )?(?:answer|respuesta|réponse|antwort|resposta)(?![^\W\d_])")


def answer_after_spans(text: str) -> Iterator[Span]:
    if not (names_in(text) or _ACCOUNT_CONTEXT.search(text)):
        return  # "my favourite movie? 'Heat' — that's my answer to everything": no login in sight
    for m in _ANSWER_AFTER.finditer(text):
        yield m.start("value"), m.end("value"), "password"


def _answer_stop(text: str, pos: int) -> int:
    stop = _ANSWER_STOP.search(text, pos + 1)
    end = stop.start() if stop else len(text)
    turn = text.find("\u2029", pos, end)
    return turn if turn != -1 else end


def quoted_answer_spans(text: str) -> Iterator[Span]:
    """The answer after a question quoted after "the answer to" (assets ``quoted_answer``)."""
    for m in _quoted_answer_words()[0].finditer(text):
        quote = _QUESTION_QUOTE.match(text, _SPACE.match(text, m.end()).end())
        if quote and not _SECOND_PERSON.search(quote.group()) and not names_in(text) \
                and not _security_topic().search(quote.group()):
            continue  # "the answer to 'how many moons does Mars have'": a question about the world
        span = quoted_answer(text, m.end())
        if span:
            yield span[0], span[1], "password"


@functools.cache
def _in_context() -> tuple[re.Pattern[str], re.Pattern[str]]:
    data = _words()["in_context"]["password"]
    names = "|".join(re.escape(n) for n in sorted(data["names"], key=len, reverse=True))
    context = "|".join(re.escape(n).replace(r"\ ", r"[\s\-]?") for n in sorted(data["context"], key=len, reverse=True))
    return (re.compile(rf"(?i)(?<![^\W\d_])(?:{names})(?![^\W\d_])"),
            re.compile(rf"(?i)(?<![^\W\d_])(?:{context})(?![^\W\d_])"))


def in_context_spans(text: str) -> Iterator[Span]:
    """A generic word (key, code) after what it opens in the same sentence: "our router is
    called X and the key is ..." names the Wi-Fi's password."""
    names, context = _in_context()
    read: set[int] = set()  # a name after two context words is read once
    for c in context.finditer(text):
        stop = _SENTENCE_END.search(text, c.end())
        for m in names.finditer(text, c.end(), stop.start() if stop else len(text)):
            if m.end() in read:
                continue
            read.add(m.end())
            span = _password_value(text, m.end())
            if span:
                yield span[0], span[1], "password"


#: A code's name that holds a phone word: "رقم PUK", "رقم PIN", "numéro PUK".
_PHONE_WORD_IN_NAME = re.compile(r"(?i)(?:رقم|numéro|número|numero|nummer|numer|номер)\s+(?:PUK|PIN)\d?\s*$")


def _chains(text: str, start: int, end: int, min_digits: int, phones: bool = True) -> Iterator[tuple[int, int]]:
    for m in _VALUE_CHAIN.finditer(text, start, end):
        token = m.group().strip()
        digits = sum(ch.isdigit() for ch in token)
        if digits < min_digits or (_a_date(token) and not _DIAL.fullmatch(token)) \
                or _MONEY_BEFORE.search(text, max(0, m.start() - 3), m.start()):
            continue
        if phones and digits >= 7 and _is_phone(token, text[max(0, m.start() - 45):m.start()]) \
                and not _PHONE_WORD_IN_NAME.search(text, max(0, start - 12), start):
            continue  # not "رقم PUK … 73920581": the phone word ("number") is the secret's own name's
        if re.fullmatch(r"\d{1,3}(?:[.,]\d{3})*(?:[.,]\d{1,2})?", token) and "," in token:
            continue  # an amount
        if re.fullmatch(r"\d{1,3}\.\d{4,}", token):
            continue  # a coordinate or a measurement (40.748817): no code is written with decimals
        if re.fullmatch(r"\d{1,6}[.,]\d{2}", token) or re.match(r"\s?(?:%|€|\$|£|eur|usd|dollars?|euros?)\b", text[m.end():m.end() + 9], re.I):
            continue  # an amount ("the total was 129.90")
        if _YEAR_AFTER.search(text, max(0, m.start() - 12), m.start()) and re.fullmatch(r"(?:19|20)\d{2}", token):
            continue  # a year ("I was born in 1985")
        if clock_or_year(text, m.start(), m.end()):
            continue  # "I get home at 1830", "expires end of August 2027"
        yield m.start(), m.end()


@functools.cache
def _times() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    data = _words()["times"]

    def alts(words: list[str]) -> str:
        return "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(words, key=len, reverse=True))

    return (re.compile(rf"(?i)(?<![^\W\d_])(?:{alts(data['before'])})\s*$"),
            re.compile(rf"(?i)^\s?(?:{alts(data['after'])})(?![^\W\d_])"),
            re.compile(rf"(?i)(?<![^\W\d_])(?:{alts(data['months'])})\.?,?\s*$"))


_CLOCK = re.compile(r"(?:[01]\d|2[0-3])[0-5]\d")


def clock_or_year(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is a clock time written as four digits after a word of time
    ("at 1830", "um 0930", "1830 hrs") or a year after a month ("August 2027"): no code."""
    token = text[start:end]
    before, after, months = _times()
    if _CLOCK.fullmatch(token) and (before.search(text, max(0, start - 16), start)
                                    or after.match(text, end, min(len(text), end + 8))):
        return True
    return bool(re.fullmatch(r"(?:19|20)\d{2}", token) and months.search(text, max(0, start - 16), start))


#: Three dial numbers with dashes ("22-8-31"): a combination, not a date, beside a code's name.
_DIAL = re.compile(r"\d{1,2}-\d{1,2}-\d{1,2}")
#: A count in a script without spaces ("3回", "4桁", "5번"): how many, not a value.
_COUNTED = re.compile(r"\d+\s*(?:回|桁|個|度|日|時間|分|年|月|人|件|つ|番目|文字|次|位|개|번|자리|회|명)")

#: What stands before a year: "in 1985", "since 2019", "born 1990", "en 2010", "seit 2015".
_YEAR_AFTER = re.compile(r"(?i)(?<![^\W\d_])(?:in|since|from|until|till|by|born|year|en|desde|depuis|seit|im|em|dal|nel"
                         r"|année|año|ano|jahr|anno|w|od|в|с)\s+$")


@functools.cache
def _manager() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The words that make a password's name a tool's ("password manager", "gestionnaire de mots
    de passe", "パスワード管理"): before the name (ending right before it) and after it."""
    data = _words()["manager"]
    before = "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(data["before"], key=len, reverse=True))
    after = "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(data["after"], key=len, reverse=True))
    return (re.compile(rf"(?i)(?<![^\W\d_])(?:{before})\s*(?:(?:de|des|di|dei|delle|do|dos|da|das|of|für)\s+)?"
                       rf"(?:(?:my|mes|mis|meus|i|le|la|les|los|las|os|as)\s+)?$"),
            re.compile(rf"(?i)[\s\-]*(?:{after})(?![A-Za-z\u00c0-\u024f])"))


@functools.cache
def _ticket_pass() -> re.Pattern[str]:
    """A ticket's or an entry card's word right before "pass" (``secret_words.json``'s ``ticket_passes``)."""
    words = sorted(_words()["ticket_passes"]["before"], key=len, reverse=True)
    return re.compile(r"(?i)(?<![^\W\d_])(?:" + "|".join(re.escape(w) for w in words) + r")[\s\-]*$")


#: A number of eight digits or more right after a card's, an account's or an id's name: its own.
_LONG_NUMBER_AFTER = re.compile(r"[^\W\d_]{0,10}\W{0,3}(?:\w+\W{1,3}){0,1}\d(?:[ \-]?\d){7,}")


#: A name made an adjective of another word ("PIN-compatible chip", "password-protected zip").
_COMPOUND = re.compile(r"(?i)-(?:compatible|protected|secured|based|free|less|enabled|locked|sized|style|like|only|type"
                       r"|kompatibel|geschützt|geschuetzt|gesch\u00fctzte[nmrs]?|compatible|protegido|protegida|protégé)(?![^\W\d_])")


def _names_a_value(text: str, m: NameMatch) -> bool:
    """Whether the name ``m`` in ``text`` stands for a secret's value (not "password manager",
    not an area, postal or promo code)."""
    if _NOT_NAME.match(text, m.end()) or _COMPOUND.match(text, m.end()):
        return False
    if text[m.start:m.end()].lower() == "pin" and _PIN_VERB.match(text, m.end()):
        return False  # "pin the action to 642f65a", "pin it at v2.3": to pin a thing, no PIN
    if m.kind == "password":
        before, after = _manager()
        if after.match(text, m.end()) or before.search(text, max(0, m.start - 40), m.start):
            return False
        if text[m.start:m.end()].casefold() == "pass" and _ticket_pass().search(text, max(0, m.start - 25), m.start):
            return False  # "the season pass for 9.99", "my boarding pass for LH401": a ticket, no password
    return not (m.kind == "digits" and _BARE_CODE.fullmatch(text[m.start:m.end()]) and (
        _NOT_A_SECRET_CODE.search(text, max(0, m.start - 30), m.start) or _NOT_A_SECRET_CODE_AFTER.match(text, m.end())))


#: "pin" as a verb: a thing pinned, then where to ("pin the action to <commit>", "pin it at 3.11").
_PIN_VERB = re.compile(r"(?i)\s+(?:the|this|that|it|them|these|those|our|your|its|all|every|each)\b"
                       r"[^.!?\n:=]{0,40}?\s(?:to|at|on|@)\s")


def open_names(text: str) -> set[str]:
    """The kinds of secret a short turn names without giving a value ("card number below, typing
    it in two goes"): its value may be the next turn."""
    if len(text) > 160:
        return set()
    opened = {m.kind for m in names_in(text) if m.kind != "answer" and _names_a_value(text, m)}
    if ("=" in text or ":" in text) and (env := _OPEN_VARIABLE.search(text)) and secret_variable(env.group("n")):
        opened.add("password")  # "the .env has SHOPIFY_API_SECRET=" / "gatito67#"
    return opened


#: A config variable with nothing after its "=" or ":" at the end of a turn.
_OPEN_VARIABLE = re.compile(r"(?<![\w-])(?P<n>[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+)\s*[:=]\s*[\"']?\s*$")
_SECRET_PARTS = frozenset({"secret", "password", "passwd", "pass", "pwd", "token", "key", "apikey", "credential",
                           "credentials", "auth", "passphrase", "privatekey", "pin"})
_PUBLIC_PARTS = frozenset({"public", "publishable", "pub", "id", "path", "file", "name", "user", "username", "url",
                           "uri", "host", "port", "region", "version", "length", "len", "ttl", "expiry", "expires",
                           "type", "algorithm", "alg", "header", "prefix", "format"})


def secret_variable(name: str) -> bool:
    """Whether a config variable's name says its value is a secret ("SHOPIFY_API_SECRET",
    "db_password"), not about one ("JWT_SECRET_LENGTH", "STRIPE_PUBLISHABLE_KEY", "AWS_ACCESS_KEY_ID")."""
    parts = set(name.lower().split("_"))
    return bool(parts & _SECRET_PARTS) and not parts & _PUBLIC_PARTS


a_date = _a_date


#: An id's letters and digits, as a word — or glued to a script written without spaces ("护照号码是CFC202WCJ").
_LETTERS_AND_DIGITS = re.compile(rf"(?:(?<!\w)|(?<=[{prefilter.UNSPACED_SCRIPTS}]))(?=[A-Za-z]*\d)(?=\d*[A-Za-z])[A-Za-z0-9]{{6,}}"
                                 rf"(?:(?!\w)|(?=[{prefilter.UNSPACED_SCRIPTS}]))")


def named_spans(text: str, names: list[NameMatch] | None = None) -> Iterator[Span]:
    """Values in the window of a secret's name."""
    seeds_read = False  # the whole text's runs of list words: the same for every wallet's name
    numbered: list[int] | None = None
    for m in names_in(text) if names is None else names:
        kind = m.kind
        if not _names_a_value(text, m):
            continue  # a password manager; an area, zip, promo, tracking or error code is no secret
        if kind == "answer":
            span = quoted_answer(text, m.end()) or _led_answer(text, m.end()) or _answer_value(text, m.end()) \
                or _answer_after_comma(text, m.end())
            if span:
                yield span[0], span[1], "password"
            continue
        if kind == "password":
            span = _password_value(text, m.end()) or _value_after_own_question(text, m.end())
            if span and text[m.start:m.start + 6].lower() == "contra" and not re.search(r"[^\W\d_]", text[span[0]:span[1]]):
                continue  # "en contra del proyecto: 120 a 98": a vote, not "contra del face: X"
            if span and text[span[0]] == "-" and span[0] and text[span[0] - 1].isalpha():
                continue  # "password ng e-Devlet": a hyphenated name's tail after a one-letter word, not a value
            if span:
                yield span[0], span[1], "password"
            continue
        if kind == "card":
            continue  # the card finders handle a card's name (a card's number is checked, not any digits)
        end = _window(text, m.end(), 90 if kind in ("id", "bank") else 60)
        if kind == "seed":  # a wallet named anywhere: six words of one list are half a phrase
            if not seeds_read:
                seeds_read = True
                yield from seed_spans(text, 0, len(text), 6)
            tail = text[m.end():m.end() + 300]  # a key may run over a line break
            for t in re.finditer(r"(?<![0-9A-Za-z_])(?:(?:0x)?[0-9a-fA-F]{16,}(?:[ \t]*\r?\n[ \t]*[0-9a-fA-F]{4,})*"
                                 r"|[1-9A-HJ-NP-Za-km-z]{50,})(?![0-9A-Za-z_])", tail):
                yield m.end() + t.start(), m.end() + t.end(), "private key"
            continue
        if numbered is None:  # the names of a card, an account or an id with a long number after them
            numbered = [n.start for n in (names_in(text) if names is None else names)
                        if n.kind in ("card", "bank", "id") and _LONG_NUMBER_AFTER.match(text, n.end())]
        other = next((start for start in numbered if m.end() < start < end), None)
        if kind == "digits" and other is not None:
            end = other  # "the PIN on my library card isn't needed, just the card number …": the card's
        if kind == "digits" and _wrong().search(text, m.end(), end):  # "… stimmt nicht. Richtig ist 6569."
            nxt = _SENTENCE_END.search(text, end + 1)
            end = nxt.start() if nxt else min(len(text), end + 80)
        label = {"digits": "password", "id": "government id", "bank": "bank account"}[kind]
        for s, e in _chains(text, m.end(), end, 3 if kind == "digits" else 4, phones=kind == "digits"):
            yield s, e, label
        if kind in ("id", "bank"):
            for t in _LETTERS_AND_DIGITS.finditer(text[m.end():end]):
                if kind == "bank" and bank_identifier(t.group()):
                    continue  # a bank's BIC names the bank, not an account
                yield m.end() + t.start(), m.end() + t.end(), label


# ---------------------------------------------------------------- BIP-39 seed phrases (mnemonic)
@functools.cache
def _bip39() -> dict[str, frozenset[str]]:
    from mnemonic import Mnemonic

    lists = {}
    for lang in Mnemonic.list_languages():
        words = Mnemonic(lang).wordlist
        lists[lang] = frozenset(unicodedata.normalize("NFKC", w).lower() for w in words)
        # Seed phrases are often typed without accents (Spanish, French, Portuguese, Czech).
        lists[lang] |= frozenset(_strip(w) for w in lists[lang])
    return lists


@functools.cache
def _bip39_index() -> dict[str, tuple[str, ...]]:
    """Each word of any BIP-39 list to the lists that hold it."""
    index: dict[str, list[str]] = {}
    for lang, words in _bip39().items():
        for word in words:
            index.setdefault(word, []).append(lang)
    return {word: tuple(langs) for word, langs in index.items()}


def _strip(word: str) -> str:
    return "".join(ch for ch in unicodedata.normalize("NFD", word) if unicodedata.category(ch) != "Mn")


_SEED_TOKEN = re.compile(r"(?<![\w])[^\W\d_]+(?![\w])")
_SEED_GAP = re.compile(r"^[\s,;.:\-\d)(#\u3000、，・]*$")


#: A half's label before a colon: a word or two ("rest:", "part 2:", "second half:", "後半:").
_HALF_LABEL = re.compile(r"^\s*[^\W\d_]{1,12}(?:[ \-][^\W_]{1,8})?\s*[:：=]\s+")
_ONLY_WORDS = re.compile(r"^[\W\d_]*(?:[^\W\d_]+[\s,;.\-\d)(#\u3000、，・]+){4,11}[^\W\d_]+[\W\d_]*$")


def half_seed_turn(text: str) -> bool:
    """A turn that is five to twelve different words, every one of one BIP-39 list and nothing
    else: half a seed phrase typed in two messages (ordinary talk holds words of no list: "the",
    "is", "to"; four words alone are too often a list of things: "milk bread butter cheese"). A short
    label may open it ("rest: …", "part 2: …"); six words or more may repeat one (a phrase can)."""
    if label := _HALF_LABEL.match(text):
        text = text[label.end():]
    parts = [w.strip(",;.:-()#、，・") for w in text.split()]
    if not 5 <= len(parts) <= 12 or not all(w.isalpha() or w.isdigit() for w in parts if w):
        return False  # the cheap test first: five to twelve bare words (or their numbers)
    if not _ONLY_WORDS.match(text):
        return False
    words = [w.lower() for w in _SEED_TOKEN.findall(text)]
    repeats = len(words) - len(set(words))
    return len(words) >= 5 and repeats <= (len(words) >= 6) and any(all(w in lst for w in words) for lst in _bip39().values())


def seed_spans(text: str, start: int = 0, end: int | None = None, minimum: int = 12) -> Iterator[Span]:
    """Runs of ``minimum`` or more words of one BIP-39 list (any language)."""
    end = len(text) if end is None else end
    lists = _bip39()
    tokens = [(m.start(), m.end(), m.group().lower()) for m in _SEED_TOKEN.finditer(text, start, end)]
    if len(tokens) < minimum:
        return
    index = _bip39_index()  # a run of ``minimum`` words of a list needs that many of its words (cost only)
    counts = Counter(lang for tok in tokens for lang in index.get(tok[2], ()))
    for lang, words in lists.items():
        if counts[lang] < minimum:
            continue
        run: list[tuple[int, int, str]] = []
        for tok in [*tokens, (end, end, "")]:
            if tok[2] and (tok[2] in words) and (not run or _SEED_GAP.match(text[run[-1][1]:tok[0]])):
                run.append(tok)
                continue
            distinct = len({t[2] for t in run})  # not one word repeated; half a phrase repeats none
            if len(run) >= minimum and distinct * 3 >= minimum * 2 and (minimum >= 12 or distinct == len(run)):
                yield run[0][0], run[-1][1], "seed phrase"
            run = [tok] if tok[2] and tok[2] in words else []


# ---------------------------------------------------------------- python-stdnum's whole registry
_PUBLIC = re.compile(r"(?i)company|business|vat\b|enterprise|organi[sz]ation|corporate|legal entit|securities|"
                     r"postal|postcode|post code|trade regist|register of economic|employer|establishment|receipt|"
                     r"meter|real estate|drugs|excise|creditor|banknote|energy|classification|financial instrument|"
                     r"school|preparer|association|payment slip|invoice|buyer|contribuyentes|persona jurídica")
_GENERIC = frozenset({"isbn", "issn", "ismn", "isan", "ean", "imei", "imo", "imsi", "meid", "grid", "isil", "isin",
                      "isni", "isrc", "lei", "mac", "casrn", "cfi", "cusip", "figi", "gs1_128", "iso6346", "iso11649",
                      "luhn", "damm", "verhoeff", "bitcoin", "bic", "vatin", "iso7064.mod_11_10", "iso7064.mod_11_2",
                      "iso7064.mod_37_2", "iso7064.mod_37_36", "iso7064.mod_97_10", "eu.vat", "eu.eic", "eu.nace",
                      "eu.at_02", "eu.oss", "eu.ecnumber", "eu.excise", "eu.banknote"})


@functools.cache
def personal_modules() -> tuple[Any, ...]:
    """python-stdnum's modules of personal, tax and bank identifiers (its docstrings say which)."""
    from stdnum.util import get_number_modules

    found = []
    for module in get_number_modules():
        name = module.__name__.removeprefix("stdnum.")
        first = (module.__doc__ or "").strip().splitlines()[0] if module.__doc__ else ""
        if name in _GENERIC or _PUBLIC.search(first) or not hasattr(module, "validate"):
            continue
        found.append(module)
    return tuple(found)


#: (module, shape) pairs whose length a module refuses: skipped for every later token of that
#: shape (a shape is the token with each digit as 9 and each letter as A).
_WRONG_LENGTH: set[tuple[str, str]] = set()
_SHAPE = str.maketrans("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", "9" * 10 + "A" * 52)


def valid_personal_id(digits: str) -> bool:
    """Whether python-stdnum validates ``digits`` as a personal, tax or bank id of some country."""
    return _valid_somewhere(digits)


def _valid_somewhere(token: str, checked: bool = False) -> bool:
    """Whether some module validates ``token``; ``checked``: only a module whose check covers the
    token (one that also takes the token with a digit changed checks a format, not a number —
    de.stnr, li.peid, cr.cpf take any digits of their length: an invoice or a phone number)."""
    from stdnum.exceptions import InvalidLength, ValidationError

    shape = token.translate(_SHAPE)
    for module in personal_modules():
        key = (module.__name__, shape)
        if key in _WRONG_LENGTH:
            continue
        try:
            module.validate(token)
        except InvalidLength:
            _WRONG_LENGTH.add(key)
            continue
        except (ValidationError, Exception):  # a checksum that fails, a shape it cannot read
            continue
        if not checked or (not _takes_any_digit(module, token) and _grouped_as(module, token)):
            return True
    return False


def _grouped_as(module: Any, token: str) -> bool:
    """Whether ``token``'s groups (between separators) are the groups ``module`` writes its
    numbers in, or the token has none: "555-201-8834" is no NHS number ("555 201 8834" is one
    written with dashes), "150-0041" no BSN (a postal code)."""
    groups = [len(g) for g in re.split(r"[^A-Za-z0-9]+", token) if g]
    if len(groups) < 2 or not hasattr(module, "format"):
        return True
    try:
        written = module.format(token)
    except Exception:  # a module that cannot write it: its grouping is unknown
        return True
    return groups == [len(g) for g in re.split(r"[^A-Za-z0-9]+", written) if g]


def _takes_any_digit(module: Any, token: str) -> bool:
    """Whether ``module`` also validates ``token`` with its last or a middle digit changed: no
    check digit covers it (a format-only module)."""
    at = [i for i, ch in enumerate(token) if ch.isdigit()]
    for i in {at[-1], at[len(at) // 2]} if at else ():
        for step in (1, 3, 7):
            other = token[:i] + str((int(token[i]) + step) % 10) + token[i + 1:]
            try:
                module.validate(other)
                return True
            except Exception:  # the changed number fails: the module checks it
                continue
    return False


_ID_SHAPE = re.compile(
    r"(?<![\w.\-/])(?:(?=[A-Za-z0-9.\-/ ]*\d)(?:[A-Za-z]{1,4}[ \-]?)?\d[\d.\-/ ]{5,22}\d(?:[ \-]?[A-Za-z0-9]{1,2})?"
    r"|(?=[A-Za-z]*\d)(?=\d*[A-Za-z])[A-Za-z0-9]{8,20})(?![\w\-/])")
_YEAR_MONTH = re.compile(r"(?<!\d)(?:19|20)\d{2}[-/.](?:0[1-9]|1[0-2])(?:[-/.](?:0[1-9]|[12]\d|3[01]))?(?!\d)")
#: Years from-to ("2013-2017", "1998 – 2004"): no id.
_YEAR_RANGE = re.compile(r"(?:19|20)\d{2}\s?[-–/]\s?(?:(?:19|20)\d{2}|\d{2})")
_UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
_FORMATTED = re.compile(r"[.\-/]|[A-Za-z]")  # digits in groups of spaces alone count only in a name's window
_PHONE_BEFORE = re.compile(r"(?i)(?:(?<![^\W\d_])(?:phone|tel|mobile|cell|call|whatsapp|fax|tel[eé]fono|telefon"
                           r"|numéro de t[eé]l|handy|celular|n[uú]mero|hotline|sms|landline|my number|nomor"
                           r"|số điện thoại|numara|telephone|cellphone|smartphone|simu)[^\W\d_]{0,2}(?![^\W\d_])|номер|телефон|번호|전화|手机"
                           r"|電話|电话|携帯|رقم|هاتف|जवाब|फ़ोन|फोन|เบอร์|โทร|มือถือ|טלפון|נייד|تلفن|موبایل|جوال|موبايل)[^.!?\n]{0,25}$")
_NOT_ID_BEFORE = re.compile(
    r"(?i)(?:order|tracking|track|parcel|shipment|invoice|ticket|booking|confirmation|reservation|flight|isbn|imei"
    r"|vin|serial|model|sku|part|version|build|release|policy|case|loyalty|member|membership|customer|library|zip"
    r"|postal|postcode|room|barcode|claim|reference|ref|error|trace|commit|hash|sha|uuid|promo|coupon|referral"
    r"|container|image|digest|pod|vorgang\w*|aktenzeichen|file|docket)"
    r"\b[^.!?\n]{0,30}$")


#: Software versions and addresses: dotted digits with a group of one digit, or four groups of
#: three digits or fewer ("131.0.6778.86", "10.20.30.40") — never an id nor a code.
_DOTTED = re.compile(r"v?\d+(?:\.\d+){2,}")


def dotted_public(token: str) -> bool:
    if not _DOTTED.fullmatch(token):
        return False
    groups = token.lstrip("v").split(".")
    return min(map(len, groups)) == 1 or (len(groups) == 4 and max(map(len, groups)) <= 3)


@functools.cache
def _public_label() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """A label whose value is public (a postal code, a customer, order or ticket number), right
    before a value; and the names of a postal code that are also a secret's ("PIN code")."""
    data = _words()
    ambiguous = {"pin code", "pincode", "pin", "cp", "cap"}
    postal = [n for n in data["postal"] if n not in ambiguous]
    latin = "|".join(re.escape(n).replace(r"\ ", r"[\s\-]?") for n in sorted(postal, key=len, reverse=True))
    joins = "|".join(re.escape(w) for w in sorted(data["connectors"], key=len, reverse=True) if w.strip())
    spaced = [n for n in data["public"] if _LATIN.fullmatch(n)]
    public = "|".join(re.escape(n).replace(r"\ ", r"[\s\-]?") for n in sorted(spaced, key=len, reverse=True))
    unspaced = "|".join(re.escape(n) for n in sorted(set(data["public"]) - set(spaced), key=len, reverse=True))
    label = rf"(?:(?<![^\W\d_])(?:{latin}|{public})(?:[^\W\d_]{{0,2}})|{unspaced})"
    # an airline's or a carrier's code may stand between the label and its number ("flight LH 2402")
    # up to two number's words ("customer id number 5512…")
    tail = (r"(?:\s*(?:number|no\.?|nr\.?|num[eé]ro|n[uú]mero|nummer|numer|id|#|code|c[oó]digo)){0,2}"
            r"(?:\s+(?-i:[A-Z0-9]{2}))?"
            rf"\s*(?:(?:{joins})\s*)?(?:(?-i:[A-Z0-9]{{2}})\s?)?[#:]?\s*(?:\??\s*\u2029\s*|\?\s*)?$")  # or asked, or named and given in the next turn
    return (re.compile(rf"(?i){label}{tail}"),
            re.compile(r"(?i)(?:(?<![^\W\d_])(?:pin[\s\-]?code)|पिन कोड|पिनकोड)" + tail))


@functools.cache
def _public_label_quick() -> re.Pattern[str] | None:
    """The label words of :func:`_public_label` as prefix trees, without what follows them: no
    match here, no label there (a pre-check, cost only)."""
    from fact_memory_graph.secrets import prefilter

    data = _words()
    ambiguous = {"pin code", "pincode", "pin", "cp", "cap"}
    spaced = [n for n in data["postal"] if n not in ambiguous] + [n for n in data["public"] if _LATIN.fullmatch(n)]
    unspaced = set(data["public"]) - set(n for n in data["public"] if _LATIN.fullmatch(n))
    if not spaced or not unspaced or any("\\" in w for w in [*spaced, *unspaced]):
        return None  # an empty alternation matches anywhere: no pre-check
    return re.compile(r"(?i)(?<![^\W\d_])" + prefilter.word_tree(spaced, lambda ch: r"[\s\-]?" if ch == " " else re.escape(ch),
                                                                  flags="").pattern
                      + "|" + prefilter.word_tree(unspaced, re.escape, flags="").pattern)


_ADDRESS = re.compile(r"(?i)(?<![^\W\d_])(?:address|area|locality|city|district|nagar|road|street|colony|sector|state"
                      r"|india|indian|bharat|post|postal|pincode|taluk|tehsil|village|mandal|layout|phase|block"
                      r"|ilaka|ilaake|mohalla|sheher|shahar|kasba|jila"
                      r"|post office"
                      r"|deliver\w*|courier|shipping|ship to|village|town|pata|पता|शहर|जिला|नगर|मार्ग|दिल्ली|मुंबई"
                      # a place near the home: "mera pin code ..., koi acha gym batao", "PIN code ..., पुणे"
                      r"|gym|restaurants?|hospital|clinic|school|hotel|cafe|pg|nearby|near me|shift|moving"
                      r"|पुणे|बेंगलुरु|बंगलौर|चेन्नई|कोलकाता|हैदराबाद|जयपुर|लखनऊ|नोएडा|गुड़गांव)"
                      r"(?![^\W\d_])|\b(?:delhi|mumbai|bangalore|bengaluru|chennai|kolkata|hyderabad|pune"
                      r"|noida|gurgaon|gurugram|jaipur|lucknow|ahmedabad|indore|kochi|surat|nagpur|bhopal|patna)\b")
_INDIAN_PIN = re.compile(r"[1-9]\d{2}\s?\d{3}")
#: What a PIN code unlocks (a card, a bank, a phone, an app, a SIM): then six digits are no postal code.
_PIN_OF_A_SECRET = re.compile(
    r"(?i)card|atm|debit|credit|bank|upi|paytm|phonepe|gpay|google pay|bhim|account|net ?banking|phone|mobile|sim"
    r"|lock|unlock|app|wallet|password|passcode|secret|safe|locker|door|alarm|login|otp|mpin|tpin|kaart|karte|carte"
    r"|tarjeta|cart[aã]o|कार्ड|बैंक|खाता|फोन|लॉक|पासवर्ड"
    # a Dutch PIN's own wording ("mijn pincode is 252697", "de pincode van m'n pas"): never India's postal code
    r"|\b(?:mijn|m'n|onze|jouw|je|zijn|haar)\s+pincode\b|\bpincode\s+van\s+(?:de|het|mijn|m'n|onze|je|jouw)\b|\bpasje\b")


@functools.cache
def _public_anywhere() -> re.Pattern[str]:
    """A public label or a phone's name anywhere in a turn (the label regex without its tail)."""
    data = _words()
    words = [n for n in [*data["public"], *data["postal"]] if n not in ("pin code", "pincode", "pin", "cp", "cap")]
    spaced = "|".join(re.escape(n).replace(r"\ ", r"[\s\-]?") for n in sorted(
        (w for w in words if _LATIN.fullmatch(w)), key=len, reverse=True))
    other = "|".join(re.escape(n) for n in sorted((w for w in words if not _LATIN.fullmatch(w)), key=len, reverse=True))
    phones = r"phone|telephone|mobile|cell|whatsapp|tel[eé]fono|telefon|celular|handy|simu|numara"
    return re.compile(rf"(?i)(?<![^\W\d_])(?:{spaced}|{phones})(?:[^\W\d_]{{0,2}})(?![^\W\d_])"
                      rf"|{other}|телефон|電話|电话|전화|هاتف|फ़ोन|फोन|เบอร์|โทร")


def announces_public(turn: str) -> bool:
    """Whether a turn announces a public value or a phone number ("my order number from the pharmacy
    is long, I'll split it", "nambari ya simu ya daktari") and names no secret: the numbers typed in
    the turns after it are that value, not the halves of an id."""
    return bool(_public_anywhere().search(turn)) and not any(_names_a_value(turn, m) for m in names_in(turn))


def ends_with_public_label(turn: str) -> bool:
    """Whether a turn ends with a public label ("my order number is", "tracking no.?"): the next
    turn may be its value."""
    return bool(_public_label()[0].search(turn[-60:] + TURN_JOIN))


#: A latitude or longitude in decimal degrees (a map pin: "40.748817, -73.985428").
_COORDINATE = re.compile(r"[-+−]?\d{1,3}\.\d{4,8}°?")


_BIC = re.compile(r"[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?")


def _a_bic(value: str) -> bool:
    """A bank's BIC/SWIFT code (four letters, the country, a place, a branch): public, printed on
    every transfer form — the account beside it is the secret."""
    if not _BIC.fullmatch(value):
        return False
    from stdnum import bic

    return bool(bic.is_valid(value))


def public_value(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is a value a public label names right before it (a postal
    code, a customer or order number), a version or an address, not a secret. A "PIN code" of
    six digits is India's postal code when written in Hindi, or beside an address or a city."""
    value = text[start:end].strip()
    head = re.match(r"[^\s(,;]+(?:\s\d{3}(?!\d))?", value)
    if head and head.end() < len(value) and not re.search(r"\d", value[head.end():]):
        value = head.group()  # "560034 (bangalore": the code, then words
    if dotted_public(value) or _COORDINATE.fullmatch(value) or _a_bic(value):
        return True
    glued = re.search(r"(?<![^\W\d_])[A-Za-z]{1,6}[\-/]$", text[max(0, start - 8):start])
    if glued:  # "Störungsnummer STR-2025-11873": the value's letters are read with it
        start -= len(glued.group())
    before = text[max(0, start - 40):start]
    label, pin = _public_label()
    quick = _public_label_quick() or label
    if quick.search(before) and label.search(before) and not _CLIENT_OF.search(before):
        return True
    lead = re.match(r"[^\W\d_]+[\s\-#:]*(?=\d)", value)  # "case 85736707": the label read as the value's head
    if lead and quick.search(text[max(0, start - 40):start + lead.end()]) and label.search(text[max(0, start - 40):start + lead.end()]):
        return True
    if lead and _INDIAN_PIN.fullmatch(value[lead.end():]):  # "PIN code area 110001 New Delhi"
        value = value[lead.end():]
        before = text[max(0, start - 40):start + lead.end()]
    if pin.search(before) and _INDIAN_PIN.fullmatch(value):
        if value[0] != "9" and not _PIN_OF_A_SECRET.search(text):
            return True  # "pin code 400076 hai, powai": six digits of India's postal code, nothing locked
        return not re.search(r"(?i)pin", before[-12:]) or _address_beside(text)
    # "the PIN code of our area is 560034 (Bangalore)": a few words between, an address beside it
    return bool(_INDIAN_PIN.fullmatch(value) and re.search(r"(?i)\bpin[\s\-]?code\b", before)
                and _address_beside(text))


#: "my client", "do meu cliente", "de mi clienta", "al clientei": a person an interpreter speaks for, not a
#: customer number's label ("senha do gov.br do meu cliente: Nyota_azul275").
_CLIENT_OF = re.compile(r"(?i)(?<![^\W\d_])(?:my|our|his|her|their|meu|minha|nosso|mi|mis|nuestro|mon|ma|notre|mein(?:e[rs]?)?|"
                        r"unsere[rs]?|mio|mia|nostro|al|ale|mojego|mojej)\s+client(?:e|a|ei|ului|s|in)?(?![^\W\d_])(?:\s+(?:e|é|es|is|ist|est|è|este|to|jest|это))?\s*[:=]?\s*$")


def _address_beside(text: str) -> bool:
    """Whether an address's word stands in ``text`` besides the PIN code's own name: "pincode" alone is
    the PIN of a card in Dutch, German or Scandinavian ("telebankieren pincode 339184")."""
    return any(m.group().casefold() != "pincode" for m in _ADDRESS.finditer(text))


def id_spans(text: str, found: list[Span] | None = None) -> Iterator[Span]:
    """Tokens that python-stdnum validates as a personal, tax or bank id: those with punctuation
    or letters anywhere (a bare digit run only in a name's window: see :func:`named_spans`).
    Tokens inside ``found`` (withheld already) are not checked again."""
    uuids = [(u.start(), u.end()) for u in _UUID.finditer(text)] if "-" in text else []
    for m in _ID_SHAPE.finditer(text):
        if found and any(s <= m.start() and m.end() <= e for s, e, _ in found):
            continue
        if any(s < m.end() and m.start() < e for s, e in uuids):
            continue  # a UUID's groups are no id
        token = m.group().strip()
        if any("a" <= ch <= "z" for ch in token):
            continue  # ids are written in capitals and digits; lower case is a handle, a hash, a slug
        if _YEAR_MONTH.search(token) or _YEAR_RANGE.fullmatch(token):
            continue  # a date beside a year ("March 2026 2026-03") is no id
        if year_range(token):
            continue  # "w latach 2013-2017": years from and to
        if not _FORMATTED.search(token) or _a_date(token) or re.fullmatch(r"[0-9a-f]{7,64}", token):
            continue
        before = text[max(0, m.start() - 45):m.start()]
        if _NOT_ID_BEFORE.search(before) or _is_phone(token, before):
            continue
        if re.search(r"\(\d{2,4}\)\s?$", before):
            continue  # after an area code in brackets: "(11) 98765-4321"
        if re.fullmatch(r"[\d .]+", token) and token.count(".") in (1, 2) and " " not in token:
            continue  # a decimal or a version
        if re.fullmatch(r"\(?\d{3}\)?[\-.]\d{3}[\-.]\d{4}", token):
            continue  # a North American phone number's shape, no id's name before it
        # a module that checks only a format (India's PAN, Germany's Steuernummer) counts after an id's name
        head = text[max(0, m.start() - 80):m.start()]
        named = any(n.kind in ("id", "bank") and len(head) - n.stop <= 40 for n in names_in(head))
        if _valid_somewhere(token, checked=not named):
            yield m.start(), m.end(), "government id"


def _is_phone(token: str, before: str) -> bool:
    if before.rstrip().endswith("+"):
        token = "+" + token
    international = token.startswith(("+", "(")) or (token[:2] == "00" and token[2:3] in "123456789")
    if not (international or _PHONE_BEFORE.search(before)):
        return False
    if not international and sum(ch.isdigit() for ch in token) >= 16:
        return False  # past E.164's 15 digits: a card read "over the phone", not a phone number
    return phone_numbers.is_phone(token)


def is_phone_number(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is written as a phone number (``+``, or a phone word before)."""
    return _is_phone(text[start:end], text[max(0, start - 45):start])


# ---------------------------------------------------------------- IBANs in any case
_IBAN = re.compile(r"(?<![A-Za-z0-9])[A-Za-z]{2}\d{2}(?:[ \-]?[A-Za-z0-9]){11,30}(?![A-Za-z0-9])")


def iban_spans(text: str) -> Iterator[Span]:
    from stdnum import iban

    for m in _IBAN.finditer(text):
        compact = re.sub(r"[ \-]", "", m.group()).upper()
        for cut in range(len(compact), 14, -1):  # an IBAN followed by a word stuck to it
            if iban.is_valid(compact[:cut]):
                yield m.start(), m.end(), "bank account"
                break


# ---------------------------------------------------------------- passwords no name announces
_COMPLEX = re.compile(r"(?<![\w@/])(?=[^\s]*[a-z])(?=[^\s]*[A-Z])(?=[^\s]*\d)(?=[^\s]*[!@#$%^&*+=?~])"
                      r"[A-Za-z0-9!@#$%^&*+=?~_.\-]{8,64}(?![\w@])")
_CONNECTION = re.compile(r"(?i)\b[a-z][a-z0-9+.\-]{1,20}://[^\s:/@]*:(?P<pw>[^\s@/]{3,})@")
_CLI_PASSWORD = re.compile(r"(?:^|\s)-p(?P<pw>[^\s\-][^\s]{5,})")
_ASSIGNED = re.compile(r"(?i)(?<![\w])(?:pass|pw|pwd|passwd|secret|token|auth|key|psk|wpa_passphrase)[ \t]*[:=][ \t]*"
                       r"(?:\r?\n[ \t]*)?(?P<pw>(?![a-z_]+:(?:\s|$))[^\s,;]{3,})")  # a YAML key on the next line is no value


# A label and a password in the forms people write them down: "Amazon -> Pa55w0rd_x",
# "steam: some_user / Nebula!Fox3" (a login and its password), "gmail = Tulip#88". The value
# has a password's shape: letters and digits or symbols mixed, no path or address.
_ARROW_VALUE = re.compile(r"(?:->|=>|→|⇒|—>|-->)\s*[\"'“‘«]?(?P<pw>[^\s\"'”’»]{6,64})")
_LOGIN_PAIR = re.compile(r"(?<![^\W\d_])[^\W\d_][\w.\- ]{1,30}(?::|->|=>|→)\s*(?P<user>[\w.@+\-]{3,40})\s+/\s+"
                         r"[\"'“‘«]?(?P<pw>[^\s\"'”’»]{4,64})")


def _password_shaped(value: str) -> bool:
    value = value.rstrip(".,;:!?)")
    if "/" in value or "://" in value or "@" in value[1:-1] and "." in value.split("@")[-1]:
        return False  # a path, a URL, an e-mail address
    if dotted_public(value) or _a_date(value) or re.fullmatch(r"[+\-]?[\d.,:%]+[a-zA-Z]{0,3}|(?:0x)?[0-9a-f]+", value):
        return False  # a version, a date, a number with its unit
    lower, upper = any(c.islower() for c in value), any(c.isupper() for c in value)
    digit, symbol = any(c.isdigit() for c in value), any(not c.isalnum() for c in value)
    return (lower and upper and (digit or symbol)) or (digit and symbol and (lower or upper)) \
        or (lower and digit and len(value) >= 8)


# "<provider> key <token>": a key's name followed by a long token with digits (a hex or base64
# key no provider rule knows, without "=" or ":"); a public key's is no secret.
_KEY_TOKEN = re.compile(r"(?i)(?<!public )(?<![\w-])(?:api[ _-]?key|key|token|secret|apikey)(?:[ \t]*(?:[:=]|is)[ \t]*"
                        r"|[ \t]+|-(?=[0-9a-f]{32}))[\"'`]?(?P<pw>(?=[\w\-+/=]*\d)[A-Za-z0-9_\-+/=]{20,})")


#: Keys that are names, not secrets: a cache or database key, a public key, an idempotency key.
_NOT_A_SECRET_KEY = re.compile(r"(?i)\b(?:public|cache|primary|foreign|sort|partition|row|idempotency|object|lookup"
                               r"|index|dict|map|hash|redis|s3|bucket|registry|composite|unique|license|product"
                               r"|next|page|pagination|cursor|continuation|music|piano|map)\s*$")


#: A BitLocker recovery key: eight groups of six digits (each a multiple of 11), never anything else.
_RECOVERY_KEY = re.compile(r"(?<![\d-])\d{6}(?:[-\s]\d{6}){7}(?![\d-])")


def shape_spans(text: str) -> Iterator[Span]:
    for m in _RECOVERY_KEY.finditer(text):
        if all(int(g) % 11 == 0 for g in re.findall(r"\d{6}", m.group())):  # else a list of parts
            yield m.start(), m.end(), "password"
    for m in _KEY_TOKEN.finditer(text):
        if not _NOT_A_SECRET_KEY.search(text, max(0, m.start() - 24), m.start()):
            yield m.start("pw"), m.end("pw"), "api key"
    for m in _COMPLEX.finditer(text):
        yield m.start(), m.end(), "password"
    for pattern in (_ARROW_VALUE, _LOGIN_PAIR):
        for m in pattern.finditer(text):
            if _password_shaped(m.group("pw")):
                yield m.start("pw"), m.start("pw") + len(m.group("pw").rstrip(".,;:!?)")), "password"
    for pattern in (_CONNECTION, _CLI_PASSWORD, _ASSIGNED):
        for m in pattern.finditer(text):
            yield m.start("pw"), m.end("pw"), "password"


# ---------------------------------------------------------------- gitleaks' rules
#: Rules whose value is an id that anyone may see, not a credential: a Discord application's or
#: user's id (eighteen digits) is in every invite link and profile ("add me, Discord 2847…").
_PUBLIC_GITLEAKS_RULES = frozenset({"discord-client-id"})


@functools.cache
def _gitleaks() -> tuple[tuple[re.Pattern[str], tuple[str, ...], int, float], ...]:
    data = tomllib.loads((ASSETS / "gitleaks.toml").read_text(encoding="utf-8"))
    rules = []
    for rule in data.get("rules", []):
        source = rule.get("regex")
        if not source or rule.get("id") in _PUBLIC_GITLEAKS_RULES:
            continue
        flags = 0
        if "(?i)" in source[1:]:  # Go applies a flag from where it stands; Python only at the start
            source, flags = source.replace("(?i)", ""), re.I
        source = source.replace(r"\z", r"\Z")
        # a token ends a sentence or meets a script without spaces in chat ("...ff28. How do I",
        # "...721f입니다"), not only at a quote, a space or a semicolon as in code
        source = source.replace("(?:[\\x60'\"\\s;]|\\\\[nr]|$)",
                                "(?:[\\x60'\"\\s;.,!?)\\]}<>]|[^\\x00-\\x7f]|\\\\[nr]|$)")
        try:
            with warnings.catch_warnings():  # "possible nested set": Go's classes, read as Go means them
                warnings.simplefilter("ignore", FutureWarning)
                pattern = re.compile(source, flags)
        except re.error:
            continue
        rules.append((pattern, tuple(k.lower() for k in rule.get("keywords", [])), int(rule.get("secretGroup", 0)),
                      float(rule.get("entropy", 0))))
    return tuple(rules)


@functools.cache
def _gitleaks_keywords() -> re.Pattern[str]:
    return re.compile(_trie(sorted({k for _, keys, _, _ in _gitleaks() for k in keys}), space=" "))


def _entropy(token: str) -> float:
    import math

    counts: dict[str, int] = {}
    for ch in token:
        counts[ch] = counts.get(ch, 0) + 1
    return -sum(n / len(token) * math.log2(n / len(token)) for n in counts.values()) if token else 0.0


@functools.cache
def _gitleaks_by_keyword() -> tuple[dict[str, tuple[int, ...]], tuple[int, ...]]:
    """Each keyword's rules (by index), and the rules with no keyword: a text reads only the rules
    of the keywords it holds, in the rule set's order (cost only: the same rules as a scan of all)."""
    by_keyword: dict[str, list[int]] = {}
    free = []
    for n, (_, keywords, _, _) in enumerate(_gitleaks()):
        for k in keywords:
            by_keyword.setdefault(k, []).append(n)
        if not keywords:
            free.append(n)
    return {k: tuple(v) for k, v in by_keyword.items()}, tuple(free)


def gitleaks_spans(text: str) -> Iterator[Span]:
    lowered = text.lower()
    present = set(_gitleaks_keywords().findall(lowered))
    if not present:
        return
    by_keyword, free = _gitleaks_by_keyword()
    rules = _gitleaks()
    chosen = set(free).union(*(by_keyword.get(k, ()) for k in present))
    for n in sorted(chosen):
        pattern, _, group, entropy = rules[n]
        for m in pattern.finditer(text):
            g = group if group and group <= (pattern.groups or 0) else (1 if pattern.groups else 0)
            if m.group(g) is None:
                continue
            if entropy and _entropy(m.group(g)) < entropy:
                continue
            if re.fullmatch(r"[a-z]+(?:-[a-z]+)+", m.group(g)):
                continue  # words joined by hyphens: a name ("existingSecret: pg-credentials"), not a key
            yield m.start(g), m.end(g), "api key"


def warm_up() -> None:
    """Load every library and compile every pattern now (at open), not in a user's first write."""
    _names_index()
    _connector()
    _bip39()
    personal_modules()
    _gitleaks_keywords()
    _code_list()
    _otp_seed_names()
    _answer_label()
    view("warm up: one two three")
    import phonenumbers  # noqa: F401


# ---------------------------------------------------------------- lists of codes, keys over a line, OTP seeds
@functools.cache
def _code_list() -> re.Pattern[str]:
    """A name of a set of codes (``code_lists``: "backup codes", "Wiederherstellungscodes") and
    the codes after it: after a few words ("… for the org owner account, saving them here:"), in
    the next turn, on one line, one a line or numbered, after a Japanese comma. Round eight: the one
    reading of the two round seven left (``_code_list`` and ``_code_list_after_name``)."""
    names = _trie(sorted({_key(n) for n in _words()["code_lists"]}))
    item = r"(?:[A-Z]{2}-)?[A-Za-z0-9]{3,10}(?:-[A-Za-z0-9]{3,10}){0,7}"  # Apple's "RK-…" too
    # the last codes may be joined by a word ("… dh7r-6eds et vdpy-5ygf", "… ve …", "… und …", "… & …")
    joins = "|".join(re.escape(w) for w in sorted(_words()["code_list_joins"], key=len, reverse=True))
    return re.compile(rf"(?i)(?<![A-Za-z0-9\u00c0-\u024f])(?:{names})(?![^\W\d_])"
                      rf"(?:[^\d\n.!?]|\d[A-Za-z]|[.!?](?=\s*\u2029)){{0,80}}?[:：]?\s*"
                      rf"(?:\d{{1,2}}[.)]\s+)?(?P<list>(?<![\w-])(?=[A-Za-z0-9\-]*\d|[a-z]{{4,5}}-[a-z]{{4,5}}(?![\w-]))(?=[A-Za-z0-9\-]{{4}}){item}"
                      rf"(?:(?:\s*[,;/|、，&+]\s*|\s+(?:(?:{joins})\s+)?)(?:\d{{1,2}}[.)]\s+)?{item})*)(?![\w-])")


@functools.cache
def _code_list_joins() -> frozenset[str]:
    return frozenset(w.lower() for w in _words()["code_list_joins"])


_ITEM_LONG = re.compile(r"(?:[A-Z]{2}-)?[A-Za-z0-9]{3,10}(?:-[A-Za-z0-9]{3,10}){0,7}")


def code_list_spans(text: str) -> Iterator[Span]:
    for m in _code_list().finditer(text):
        items = _ITEM_LONG.findall(m.group("list"))
        coded = [it for it in items if any(ch.isdigit() for ch in it)]
        # two codes or more with digits; one code of three groups or more ("TGLDT-17YQQ-NIZNI-Q8GLT-X8SB6")
        # or of ten digits; or one code of six characters or more ("backup code 48213579", "938271-049182")
        if not (len(coded) >= 2 or any((it.count("-") >= 2 and len(it) >= 14) or sum(ch.isdigit() for ch in it) >= 10
                                       for it in coded)
                or (coded and len(coded[0].replace("-", "")) >= 6 and not _a_date(coded[0]))):
            continue
        end = m.start("list")
        joins = _code_list_joins()
        for it in _ITEM_LONG.finditer(text, m.start("list"), m.end("list")):
            if it.group().lower() in joins and end > m.start("list"):
                continue  # "… and …": a join between two codes
            if any(ch.isdigit() for ch in it.group()) or it.group().isupper() or "-" in it.group():
                end = it.end()
            else:
                break  # the codes end at the first plain word ("... and keep them safe")
        yield m.start("list"), end, "password"


#: A 256-bit key in hex (64 digits) broken over lines: read whole when a key or a wallet is
#: named before it (a SHA-256 in a developer's chat, with no key named, stays).
_HEX_OVER_LINES = re.compile(r"(?<![\w])(?:0x)?[0-9a-fA-F]{8,}(?:[ \t]*\r?\n[ \t]*[0-9a-fA-F]{8,})+(?![\w])")
_KEY_OR_WALLET = re.compile(r"(?i)(?<![^\W\d_])(?:key|keys|privkey|private|wallet|eth|ether|ethereum|btc|bitcoin"
                            r"|sol|solana|metamask|ledger|clave|cl[eé]|chave|schl[uü]ssel|ключ|anahtar)(?![^\W\d_])")


#: 64 hex digits on one line: a private key in a wallet's words ("the wallet app's export gave me
#: 0x…"), a hash in a transaction's or a file's ("tx 0x…", "sha256 …": public, kept).
_HEX_KEY = re.compile(r"(?<![\w:])(?:0x)?[0-9a-fA-F]{64}(?![\w])")
_WALLET_WORD = re.compile(r"(?i)(?<![^\W\d_])(?:wallet|metamask|trust wallet|phantom|keystore|export(?:ed)?|cartera|billetera"
                          r"|electrum|exodus|rabby|keplr|sparrow|bluewallet|faucet|deployer|walat|walet|monedero|brieftasche"
                          # a key handed over to be imported ("import this into electrum for me …", "importa esta clave")
                          r"|import\w*|sweep\w*|importa\w*|importe\w*|importier\w*|импорт\w*|içe aktar\w*"
                          r"|portefeuille|carteira|portafoglio|portfel|peněženk\w*|pénztárc\w*|portofel\w*|plånbok\w*"
                          r"|кошел[её]к\w*|гаманц\w*|cüzdan\w*|dompet|pochi|ví)(?![^\W\d_])"
                          r"|ארנק|محفظ|کیف پول|钱包|錢包|ウォレット|지갑|วอลเล็ต|กระเป๋าเงิน|वॉलेट|बटुआ")
_HASH_WORD = re.compile(r"(?i)(?<![^\W\d_])(?:tx|txid|txn|txhash|transaction|transacci[oó]n|transa[cç][aã]o|hash|sha\w*"
                        r"|checksum|digest|commit|block|explorer|etherscan|bscscan|signature|receipt|event|topic|contract)"
                        r"(?![^\W\d_])|交易|トランザクション|거래|ハッシュ|哈希")


def wallet_hex_key_spans(text: str) -> Iterator[Span]:
    """64 hex digits after a wallet's word with no hash's word near: a private key, named or not."""
    for m in _HEX_KEY.finditer(text):
        around = text[max(0, m.start() - 160):m.start()] + " " + text[m.end():m.end() + 60]
        if _WALLET_WORD.search(around) and not _HASH_WORD.search(around):
            yield m.start(), m.end(), "private key"


def hex_key_spans(text: str) -> Iterator[Span]:
    yield from wallet_hex_key_spans(text) if len(text) >= 64 else ()
    if "\n" not in text:
        return
    for m in _HEX_OVER_LINES.finditer(text):
        digits = re.sub(r"\s", "", m.group()).removeprefix("0x")
        if len(digits) == 64 and (_KEY_OR_WALLET.search(text, max(0, m.start() - 160), m.start())
                                  or any(n.kind == "seed" for n in names_in(text[max(0, m.start() - 160):m.start()]))):
            yield m.start(), m.end(), "private key"


@functools.cache
def _otp_seed_names() -> re.Pattern[str]:
    names = _trie(sorted({_key(n) for n in _words()["otp_seed"]}))
    return re.compile(rf"(?i)(?<![A-Za-z\u00c0-\u024f0-9])(?:{names})(?![A-Za-z\u00c0-\u024f])")  # CJK: no word edges


#: A TOTP/HOTP seed: base32 (A-Z, 2-7), 16 to 64 characters, in one case, maybe in groups as apps
#: show it and people copy it: fours ("JBSW Y3DP EHPK 3PXP"), threes to eights, spaced or dashed.
_BASE32 = re.compile(r"(?<![\w\-])(?:[A-Z2-7]{16,64}|[a-z2-7]{16,64}|[A-Za-z2-7]{3,8}(?:[ \-][A-Za-z2-7]{3,8}){2,15})={0,6}"
                     r"(?![\w])")

#: How far from a seed's name its value may sit: before it ("setup key: …"), or after it ("… is the
#: authenticator key", "JBSW… ← das ist der 2FA-Schlüssel").
_SEED_NAME_BEFORE, _SEED_NAME_AFTER = 100, 60


#: The gate: a seed's digit (2-7) beside a letter, somewhere (most messages have none).
_BASE32_GATE = re.compile(r"[A-Za-z][2-7]|[2-7][A-Za-z]")


def _seed_runs(m: re.Match[str]) -> Iterator[tuple[int, int]]:
    """The runs of a grouped match whose groups are of one length (the last may be shorter): "vtjd
    ibw7 22nq ghzs ist das" holds the seed "vtjd … ghzs" and then the words of its sentence."""
    token = m.group()
    if " " not in token and "-" not in token:
        yield m.span()
        return
    groups = [(g.start(), g.end()) for g in re.finditer(r"[^ \-]+", token)]
    i = 0
    while i < len(groups):
        size = groups[i][1] - groups[i][0]
        j = i + 1
        while j < len(groups) and groups[j][1] - groups[j][0] == size:
            j += 1
        if j == len(groups) - 1 and groups[j][1] - groups[j][0] < size and j - i >= 2:
            j += 1  # the last group of a seed may be shorter
        yield m.start() + groups[i][0], m.start() + groups[j - 1][1]
        i = j


#: Letters only in groups of four: a seed's turn without digits, after a turn naming it.
LETTER_GROUPS = re.compile(r"(?<![\w-])[A-Za-z]{4}(?:[ -][A-Za-z]{4}){3,15}(?![\w-])")


def _random_letters(token: str) -> bool:
    """Letters in groups of four, most of them unpronounceable (three consonants in a row, or no
    vowel): a seed without digits ("sjeu agnh edqv wvfr"), not words ("this that what when")."""
    groups = re.split(r"[ \-]", token)
    if len(groups) < 4 or {len(g) for g in groups} != {4}:
        return False
    odd = sum(bool(re.search(r"[^aeiouy]{3}", g, re.I) or not re.search(r"[aeiouy]", g, re.I)) for g in groups)
    return 2 * odd >= len(groups)


def otp_seed_spans(text: str, named: bool = False) -> Iterator[Span]:
    """Base32 seeds near a seed's name (``named``: the turn before named one), or with no name in
    the stronger shape of :func:`_unnamed_seed`."""
    if not _BASE32_GATE.search(text) and not (named and LETTER_GROUPS.search(text)):
        return
    for m in _BASE32.finditer(text):
        for start, end in _seed_runs(m):
            token = text[start:end]
            if not re.search(r"[A-Za-z]", token) or not re.search(r"[2-7]", token) and not _random_letters(token):
                continue
            compact = re.sub(r"[ \-=]", "", token)
            if not 16 <= len(compact) <= 64 or (compact != compact.upper() and compact != compact.lower()):
                continue  # a seed is one case throughout; "Alle 2 Wochen" is no seed in groups
            names = _otp_seed_names()
            if named or names.search(text, max(0, start - _SEED_NAME_BEFORE), start) \
                    or names.search(text[end:end + _SEED_NAME_AFTER]) or _unnamed_seed(token):
                yield start, end, "api key"


def _unnamed_seed(token: str) -> bool:
    """A setup key as authenticator apps show it, which needs no name near it (it is often pasted
    alone after "can't scan? enter this manually"): one run, or groups of four split by one space,
    with three digits and eight letters at least. No other everyday value has base32's alphabet at
    that length: ids, tracking numbers, IBANs and VINs use 0, 1, 8 and 9 too."""
    if "-" in token or "=" in token or "  " in token:
        return False
    groups = token.split(" ")
    if len(groups) > 1 and ({len(g) for g in groups} != {4} or any(g.isdigit() for g in groups)
                            or sum(g.isalpha() for g in groups) * 2 > len(groups)):
        return False  # "test card 4242 4242 …", "this that have with …": words and numbers, not a key's groups
    value = "".join(groups)
    digits = sum(ch.isdigit() for ch in value)
    return digits >= 3 and len(value) - digits >= 8 and len(value) % 4 in (0, 2) \
        and not re.search(r"(.)\1\1\1", value)


@functools.cache
def _answer_label() -> re.Pattern[str]:
    names = _trie(sorted({_key(n) for n in _words()["answer_labels"]}))
    return re.compile(rf"(?i)^\W*(?:(?:and|so|ok|y|et|und|e|i)\s+)?(?:(?:the|my|la|le|die|mi|ma|meine|a|o)\s+)?(?:{names})"
                      rf"\s*(?:[:：\-–—=]|\s(?:is|was|es|est|ist|è|é|era|war|fue|foi|é))\s*(?P<value>[^\n.!?。！？]+)")


def labelled_answer(text: str, before: str) -> tuple[int, int] | None:
    """"Antwort: Krümelmonster" in the turn after a security question: the answer, by its label."""
    m = _answer_label().match(text)
    if not m or not any(n.kind == "answer" for n in names_in(before[-300:])):
        return None
    start, end = m.span("value")
    while end > start and text[end - 1] in " \t,;:)]}'\"":
        end -= 1
    return (start, end) if end - start >= 2 else None


#: Words numbered by their place in a phrase ("5-8: camp merry one exclude"): as many words as
#: the range counts, every one of one BIP-39 list, is part of a seed phrase, however few.
_WORD_RANGE = re.compile(r"(?<![\d\w])(?P<a>\d{1,2})\s*[-–]\s*(?P<b>\d{1,2})\s*[:：)]\s*"
                         r"(?P<words>[^\W\d_]+(?:[ ,]+[^\W\d_]+){2,11})")


def numbered_seed_spans(text: str) -> Iterator[Span]:
    """Numbered words of one BIP-39 list after a wallet's name, or in two ranges that follow
    each other ("5-8: ..." then "9-12: ...", the turn before read with this one); a single
    unnamed range ("items 1-4: milk bread butter cheese") stays."""
    ranges = list(_WORD_RANGE.finditer(text))
    if not ranges:
        return
    named = any(n.kind == "seed" for n in names_in(text))
    ends = {int(m.group("b")) for m in ranges}
    starts = {int(m.group("a")) for m in ranges}
    for m in ranges:
        a, b = int(m.group("a")), int(m.group("b"))
        if not (named or a - 1 in ends or b + 1 in starts):
            continue
        words = [w.lower() for w in re.findall(r"[^\W\d_]+", m.group("words"))]
        count = b - a + 1
        if not (3 <= count <= 12 and b <= 24 and len(words) >= count):
            continue
        words = words[:count]
        if len(set(words)) == count and any(all(w in lst for w in words) for lst in _bip39().values()):
            stop = m.start("words")
            for _ in range(count):
                stop = re.compile(r"[^\W\d_]+").search(text, stop).end()
            yield m.start("words"), stop, "seed phrase"


# ---------------------------------------------------------------- a question, then its answer
#: A question in quotes: its words are the question, not the answer ("security question 'first
#: pet' - answer is ..."). A single quote closes only before a non-letter ("d'enfance" stays inside).
_QUESTION_QUOTE = re.compile(r"“[^”\n]{2,90}”|\"[^\"\n]{2,90}\"|«[^»\n]{2,90}»|「[^」\n]{2,90}」|『[^』\n]{2,90}』"
                             r"|‘[^’\n]{2,90}’|'(?:[^'\n]|'(?=[^\W\d_])){2,90}'(?![^\W\d_])")
#: A title's abbreviation does not end a sentence ("= Mrs. Abernathy").
_TITLE_DOT = re.compile(r"(?i)(?<![^\W\d_])(?:mr|mrs|ms|mx|dr|st|sr|sra|srta|jr|prof|mt|ft|fr|sto|sta)\.$")
_ANSWER_CUT = re.compile(r"\s*(?:[,;،、，]|\s[—–-]\s|\s(?:and|but|y|et|und|ma|mas|pero|that's|which|because|porque|parce"
                          r"|weil|so|can|does|do|is it)\s|\s*\()")


_PRONOUN_GAP = re.compile(r"(\s*)(?:[^\W\d_]{1,6}\s+)?")


@functools.cache
def _answer_marker() -> re.Pattern[str]:
    """The words after which a question's answer follows: the answer verbs and labels (data) and
    the joining words; a Latin word stands between spaces, a symbol after a space or a quote."""
    data = _words()
    words = {_key(w) for w in data["answer_verbs"]["words"] + data["answer_labels"] + data["connectors"]}
    words = {w for w in words if any(ch.isalpha() for ch in w)}  # symbols: the last branch
    latin = sorted(w for w in words if _LATIN.fullmatch(w) and w[:1].isalpha())
    other = sorted(w for w in words if not _LATIN.fullmatch(w))
    return re.compile(rf"(?i)(?:(?<![^\s\"'”’»」』:)])(?:{_trie(latin)})(?![^\W\d_])|(?:{_trie(other)})"
                      r"|(?<![^\s\"'”’»」』)])(?:[:=：→]|[—–-](?=\s)))")


def _sentence_stop(text: str, start: int, limit: int) -> int:
    """The end of the clause from ``start``: a sentence end that is not a title's abbreviation."""
    pos = start
    while True:
        stop = _SENTENCE_END.search(text, pos, limit)
        if not stop:
            return limit
        if text[stop.start()] == "." and _TITLE_DOT.search(text, max(start, stop.start() - 5), stop.start() + 1):
            pos = stop.end()
            continue
        return stop.start()


def _answer_after(text: str, start: int, end: int) -> tuple[int, int] | None:
    """The answer after a question ending at ``start``: what follows the first answer marker
    (and any marker right after it: "— réponse", "trả lời là"), up to the clause's end, a comma
    or "and"; one to six words."""
    marker = _answer_marker()
    m = marker.search(text, start, end)
    if not m or m.start() - start > 40:
        return None
    pos = m.end()
    while True:  # "— réponse", "— she says", "trả lời là": the answer follows the last of them
        skip = _PRONOUN_GAP.match(text, pos, end)
        more = marker.match(text, pos + len(skip.group(1)), end) if skip else None
        more = more or (marker.match(text, skip.end(), end) if skip else None)
        if not more or more.end() <= pos:
            break
        pos = more.end()
    return _bare_answer(text, pos, end, lead=" \t\"'“‘«「『:：")


def _question_answer(text: str, at: int) -> tuple[int, int] | None:
    """After a security question's name: the question (in quotes, ending with "?", or before a
    dash) and then its answer ("la pregunta de seguridad es 'ciudad…' y puse Valladolid",
    "question secrète : “nom…” — réponse Gaëtan", "Lieblingslehrer? Herr Brandt", "ilk evcil
    hayvan — Pamuk", "سؤال الأمان: اسم أول مدرسة، وكتبت ..."); a quote after an answer's label
    is the answer ("の答えは「ポチ」")."""
    limit = min(len(text), at + 200)
    quote = _QUESTION_QUOTE.search(text, at, min(limit, at + 45))
    if quote and not _SENTENCE_END.search(text, at, quote.start()):
        if _answer_verb().search(text, at, quote.start()):
            return quote.start() + 1, quote.end() - 1
        end = _sentence_stop(text, quote.end(), limit)
        return _answer_after(text, quote.end(), end)
    turn = text.find("\u2029", at, limit)  # the next turn's words are the old finder's (_answer_value)
    end = _sentence_stop(text, at, turn if turn >= 0 else limit)
    m = _answer_verb().search(text, at, end)
    if m:
        return _answer_after(text, m.start(), end)
    if end < len(text) and text[end] in "?？؟" and re.search(r"[^\W\d_]", text[at:end]) and end - at <= 100:
        after = _sentence_stop(text, end + 1, min(len(text), end + 120))
        return _answer_after(text, end + 1, after) or _bare_answer(text, end + 1, after)
    joined = next((w for w in _answer_marker().finditer(text, at, end) if w.group().strip()[:1].isalpha()), None)
    if joined:  # "first pet, it's Pickles — don't forget": the joining word's value, up to the dash
        return _answer_after(text, joined.start(), end)
    dash = re.compile(r"\s[—–-]\s").search(text, at, end)
    if dash and re.search(r"[^\W\d_]{2}", text[at:dash.start()]):
        return _bare_answer(text, dash.end(), end)
    return None


def _bare_answer(text: str, pos: int, end: int, lead: str = " \t\"'“‘«「『") -> tuple[int, int] | None:
    """An answer standing alone after its question: the clause, one to six words (``lead``: what
    may stand before it)."""
    while pos < end and text[pos] in lead:
        pos += 1
    cut = _ANSWER_CUT.search(text, pos, end)
    stop = cut.start() if cut else end
    while stop > pos and text[stop - 1] in " \t.,;:!?)]}'\"”’»」』":
        stop -= 1
    value = text[pos:stop]
    if len(value) < 2 or len(value.split()) > 6 or _NOT_VALUE.match(value.split()[0]):
        return None
    return pos, stop


@functools.cache
def _answer_verb() -> re.Pattern[str]:
    """The answer verbs and an answer's labels ("puse", "she says", "答案", "answer")."""
    words = {_key(w) for w in _words()["answer_verbs"]["words"] + _words()["answer_labels"]}
    latin = sorted(w for w in words if _LATIN.fullmatch(w))
    other = sorted(w for w in words if not _LATIN.fullmatch(w))
    return re.compile(rf"(?i)(?<![^\W\d_])(?:{_trie(latin)})(?![^\W\d_])|(?:{_trie(other)})")


@functools.cache
def _answer_to_question() -> re.Pattern[str]:
    """An answer's label and a question in quotes after it ("the answer to 'what street…'")."""
    labels = _trie(sorted({_key(w) for w in _words()["answer_labels"]}))
    return re.compile(rf"(?i)(?<![^\W\d_])(?:{labels})\s+(?:to|for|a|à|de|zu|auf|na|на|için|untuk|cho)\s+"
                      rf"(?=[\"'“‘«「『])")


#: A security question asks about the one answering it.
_SECOND_PERSON = re.compile(r"(?i)(?<![^\W\d_])(?:you|your|yours|tu|tus|tú|vous|votre|ton|ta|tes|du|dein|deine|deinen"
                            r"|ihr|ihre|você|seu|sua|teu|tua|tuo|jij|jouw|uw|ty|twój|twoja|ты|твой|твоя|вы|ваш|ваша"
                            r"|sen|senin|anda|kamu|bạn|aap|aapka|aapki|tum|tumhara|wewe|yako|lako)(?![^\W\d_])"
                            r"|你|您|あなた|당신|너|آپ|أنت|انت")


@functools.cache
def _answer_back() -> re.Pattern[str]:
    """"… — that's my answer": the answer named after it."""
    labels = _trie(sorted({_key(w) for w in _words()["answer_labels"]}))
    return re.compile(rf"(?i)(?<![^\W\d_])(?:that'?s|that’s|that is|this is|it'?s|c'est|es|era|ist|é|è|是|là)\s+"
                      rf"(?:(?:my|the|mi|ma|mon|meine|a minha|la mia)\s+)?(?:(?:security|secret|memorable)\s+)?"
                      rf"(?:{labels})(?![^\W\d_])")


#: Where a security question is asked: an account, a login, a bank, a site.
_ACCOUNT_CONTEXT = re.compile(
    r"(?i)(?<![^\W\d_])(?:portal|account|accounts|bank|banking|company|provider|carrier|insurer|login|log-in|sign-in|website|site|app|insurance"
    r"|security|verification|recovery|reset|apple id|icloud|gmail|paypal|cuenta|compte|konto|conta|banco|banque"
    r"|hesap|akun|аккаунт|учётн\w*|счёт|账户|账号|口座|アカウント|계정)(?![^\W\d_])")


def answer_spans(text: str) -> Iterator[Span]:
    """A security question's answer without the question's name: after "the answer to '<a
    question>'", or a quoted value after a question and before "that's my answer"."""
    if "'" not in text and "\"" not in text and "“" not in text and "‘" not in text and "«" not in text \
            and "「" not in text:
        return
    for m in _answer_to_question().finditer(text):
        quote = _QUESTION_QUOTE.match(text, m.end())
        if not (quote and (_SECOND_PERSON.search(quote.group()) or names_in(text))):
            continue  # a question about the one who answers ("… did you grow up on"), or a login named
        span = _question_answer(text, m.end())
        if span:
            yield span[0], span[1], "password"
    for m in _answer_back().finditer(text):
        head = text[max(0, m.start() - 120):m.start()]
        quotes = list(_QUESTION_QUOTE.finditer(head))
        if not (names_in(text) or _ACCOUNT_CONTEXT.search(text)):
            continue  # "my favourite movie? 'Heat' — that's my answer to everything": no login in sight
        if quotes and "?" in head[:quotes[-1].start()] and len(head) - quotes[-1].end() <= 60:
            q = quotes[-1]
            base = m.start() - len(head)
            yield base + q.start() + 1, base + q.end() - 1, "password"
            continue
        # "my first pet was called Biscuit (that's my security answer)": the words after the
        # clause's last answer word or joining word, right before the "(" or dash
        lead = re.search(r"[(—–\-,]\s*$", head)
        if not lead or not _answer_verb().search(head):
            continue
        clause_start = max((s.end() for s in _SENTENCE_END.finditer(head)), default=0)
        base = m.start() - len(head)
        marks = [mk for mk in _answer_marker().finditer(head, clause_start, lead.start()) if mk.end() > mk.start()]
        if marks:
            span = _bare_answer(head, marks[-1].end(), lead.start())
            if span:
                yield base + span[0], base + span[1], "password"


# ---------------------------------------------------------------- a value named after it
@functools.cache
def _name_after(letters: bool = False) -> re.Pattern[str]:
    """A number, a joining word or none, an article or possessive, a brand or none, then (the
    caller checks) a secret's name: "551493 es tu código", "738215 is your Acme code".
    ``letters``: a document's number, which may open with letters ("PX5454280 is my passport
    number") and be pointed at ("… thats my national id")."""
    data = _words()
    joins = sorted({_key(w) for w in data["connectors"] if any(ch.isalpha() for ch in w)}, key=len, reverse=True)
    arts = sorted({_key(w) for w in data["name_after"]["words"]}, key=len, reverse=True)
    join = "|".join(re.escape(w) for w in joins)
    art = "|".join(re.escape(w) for w in arts)
    if letters:
        value, point = r"(?-i:[A-Z]{0,3})\d(?:[ \-]?\d){4,17}(?-i:[A-Z])?", r"[\s,]+" + _POINTING
        # a relative's document ("KG2213121 - abbu's passport", "… that's mum's passport number")
        art += r"|[^\W\d_]{2,15}['’]s"
        # the number of a document pointed at ("AB7712043 c'est le numéro de mon passeport", "… es el número de mi licencia")
        numbers = "|".join(re.escape(_key(w)).replace(r"\ ", r"\s+")
                           for w in sorted(set(data["name_after"]["numbers_of"]), key=len, reverse=True))
        point += rf"(?:(?:{numbers})\s+)?"
    else:
        value, point = r"\d(?:[ \-]?\d){2,17}", r"\s+"
    return re.compile(rf"(?i)(?<![\w.,/:+#])(?:(?<=[^\W\d_]-)|(?<!-))(?P<v>{value}){point}(?:(?:{join})\s+)?(?:{art})\s+"
                      r"(?-i:[A-Z][\w.&\-]{1,20}\s+)?$")


#: A word pointing back at a value ("that's my …", "c'est mon …", "das ist meine …").
_POINTING = (r"(?:[-–—.]+\s*)?(?:(?:that'?s|that is|this is|its|it's|which is|c'est|das ist|dat is|questo è|este es|esse é"
             r"|eso es|isso é|to je|to jest)\s+)?")


def names_a_secret(text: str, n: NameMatch) -> bool:
    """False for a bare "code" that is part of a public code's name ("zip code", "area code")."""
    return not (n.kind == "digits" and public_code_name(text, n.start, n.end()))


def public_code_name(text: str, start: int, stop: int) -> bool:
    """Whether ``text[start:stop]`` is a bare "code" in a public code's name ("zip code", "código de
    treinador", "friend code")."""
    return bool(_BARE_CODE.fullmatch(text[start:stop]) and (
        _NOT_A_SECRET_CODE.search(text, max(0, start - 30), start) or _NOT_A_SECRET_CODE_AFTER.match(text, stop)))


def value_before_name_spans(text: str, names: list[NameMatch]) -> Iterator[Span]:
    """A code, an account or an id given before its name ("551493 is your verification code",
    "is 309796824 a routing number or my account number?")."""
    labels = {"digits": "password", "bank": "bank account", "id": "government id"}
    for n in names:
        if n.kind not in labels or _NOT_NAME.match(text, n.end()):
            continue
        if not names_a_secret(text, n):
            continue
        m = _name_after(n.kind == "id").search(text, max(0, n.start - (60 if n.kind == "id" else 40)), n.start)
        if not m:
            continue
        digits = sum(ch.isdigit() for ch in m.group("v"))
        if digits < (3 if n.kind == "digits" else 4) or _a_date(m.group("v")) \
                or re.fullmatch(r"(?:19|20)\d{2}", m.group("v")):
            continue
        if digits >= 7 and is_phone_number(text, m.start("v"), m.end("v")):
            continue
        yield m.start("v"), m.end("v"), labels[n.kind]


# ---------------------------------------------------------------- codes given as a list
@functools.cache
def _next_in_list() -> re.Pattern[str]:
    """After a code: a comma, "and", up to five words (none a number of three digits), a joining
    word and the next code."""
    joins = sorted({w for w in _words()["connectors"] if any(ch.isalpha() for ch in w)}, key=len, reverse=True)
    join = "|".join(rf"{re.escape(w)}(?![^\W\d_])" for w in joins)
    return re.compile(r"(?i)\s*[,;]\s*(?:(?:and|e|y|et|und|i|en|và|dan|na|и|та|ve)\s+)?"
                      r"(?P<words>(?:(?![^\s,;]*\d{3})[^\s,;.!?:=]{1,20}\s+){1,5}?)"
                      rf"(?:{join})\s*[:=]?\s*(?P<v>\d(?:[ \-]?\d){{2,9}})(?![\w.,]?\d)")


#: Rooms have door codes: "…, bike room is 5522" lists a code, though a room is a public label.
_CODE_PLACE = re.compile(r"(?i)(?<![^\W\d_])(?:room|raum|sala|salle|kamer|pokój|комната|oda|stanza|quarto)s?"
                         r"(?![^\W\d_])")


def public_code(text: str, start: int, end: int) -> bool:
    """A public label's value ("the flight is 1130"), unless a room's (a room has a door code)."""
    return public_value(text, start, end) and not _CODE_PLACE.search(text, max(0, start - 30), start)


def list_code_spans(text: str, found: list[Span]) -> Iterator[Span]:
    """The codes after a withheld one in the same sentence, each given the same way: "the door
    keypad is 1451, bike room is 5522", "a do cartão é 0854, e a de 6 do app é 578760"."""
    ends = sorted({e for s, e, k in found if k == "password" and e > s and text[e - 1].isdigit()})
    seen: set[int] = set()
    while ends:
        at = ends.pop(0)
        if at in seen:
            continue
        seen.add(at)
        m = _next_in_list().match(text, at)
        if not m or _a_date(m.group("v")) or re.fullmatch(r"(?:19|20)\d{2}", m.group("v")):
            continue
        if _NOT_A_SECRET_CODE.search(m.group("words").rstrip() + " ") or (
                sum(ch.isdigit() for ch in m.group("v")) >= 7 and is_phone_number(text, m.start("v"), m.end("v"))):
            continue
        if public_value(text, m.start("v"), m.end("v")) and not _CODE_PLACE.search(m.group("words")):
            continue  # "…, the flight is 1130": a public label's value; a room has a door code
        yield m.start("v"), m.end("v"), "password"
        ends.append(m.end("v"))


@functools.cache
def _corrected() -> re.Pattern[str]:
    words = "|".join(re.escape(w).replace(r"\ ", r"[\s,]+") for w in sorted(_words()["corrections"]["words"],
                                                                         key=len, reverse=True))
    # two such words in a row too: "4471, no sorry 4417", "sorry no wait: …"
    return re.compile(rf"(?i)[\s.,;:!?…\-–—]{{0,4}}(?<![^\W\d_])(?:{words})(?![^\W\d_])"
                      rf"(?:[\s.,;:!?…\-–—]{{1,4}}(?:{words})(?![^\W\d_]))?[\s.,;:!?…\-–—]{{0,4}}"
                      r"(?:(?:it'?s|its|it is|is|es|é|c'est|ist|это|:)\s*)?"
                      r"(?P<v>\d(?:[ .\-]?\d){2,18}(?!\d)|(?=\S*[\d!@#$%^&*_+=~?])[^\s,;]{4,64})")


def corrected_spans(text: str, found: list[Span]) -> Iterator[Span]:
    """A value given again right after a withheld one, with a word taking the first back ("4 4 7 1.
    no wait. 4 4 1 7", "5512, perdón, 5521"): withheld too."""
    for _, end, kind in found:  # any withheld value ("passport 123987456... wait no its 5239…")
        m = _corrected().match(text, end)
        if m and m.end("v") - end <= 48:
            v = m.group("v").rstrip(".,;:!?")
            yield m.start("v"), m.start("v") + len(v), kind if kind != "password" else "password"


@functools.cache
def _letter_code() -> re.Pattern[str]:
    names = "|".join(re.escape(w).replace(r"\ ", r"[\s\-]?") for w in sorted(_words()["letter_codes"]["names"],
                                                                          key=len, reverse=True))
    return re.compile(rf"(?i)(?<![^\W\d_])(?:{names})(?:[^\W\d_]{{0,3}})(?P<q>[^.!?\n\u2029:=：]{{0,24}}?)"
                      r"(?:\s*[:=：]\s*|\s+(?:is|was|es|est|ist|lautet|é|è|jest|это|adalah|là)\s+|\s*[是は]\s*|\s+(?=[A-Z]{5}))"
                      r"[\"'“‘«]?(?P<v>(?-i:[A-Z]{4,10}|[A-Z]{3,5}(?:-[A-Z]{3,5})+))(?![A-Za-z0-9])"
                      # the code ends its clause ("…: TFDYC. What's …"), not "was SENT to my phone"
                      r"(?=[\"'”’»]?\s*(?:[.,;!?)\]。！？]|$|\n|\u2029|-\s|–|—"
                      r"|\s(?:and|y|et|und|e|but|pero|mais|aber|ma|what|how|can|please|pls|ok|for|para|pour)\b))")


@functools.cache
def _letter_code_gate() -> lexicon.Gate:
    return lexicon.Gate(_words()["letter_codes"]["names"])


_CAPITALS_3 = re.compile(r"[A-Z]{3}")


def letter_code_spans(text: str) -> Iterator[Span]:
    """A one-time code in capital letters only after its name ("Steam guard code: TFDYC")."""
    if not _CAPITALS_3.search(text) or not _words()["letter_codes"]["names"] or not _letter_code_gate().open(text):
        return  # the value is three capitals at least: no run of them, no code (cost only)
    for m in _letter_code().finditer(text):
        if len(m.group("q").split()) <= 3 and not _WHERE_WORD.search(m.group("q")):  # "2fa on FACEIT": a service
            yield m.start("v"), m.end("v"), "password"


@functools.cache
def _combo() -> re.Pattern[str]:
    words = "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(_words()["combo_turns"]["words"],
                                                                        key=len, reverse=True))
    turn = rf"(?:(?<![^\W\d_])(?:{words})(?![^\W\d_])\.?\s*(?:(?:to|a|auf|à|до|na)\s+)?\d{{1,3}}(?!\d))"
    return re.compile(rf"(?i){turn}(?:[\s,;/\-–>]*(?:(?:then|and|y|et|und|e|i|dann|luego|puis|poi|depois)\s+)?{turn}){{2,}}")


def combo_spans(text: str, names: list[NameMatch]) -> Iterator[Span]:
    """A dial lock's combination given as turns ("left 35 right 39 left 25") where a code is named."""
    if any(n.kind == "digits" for n in names):
        for m in _combo().finditer(text):
            yield m.start(), m.end(), "password"


# ---------------------------------------------------------------- placeholders, not values
#: A template's slot where a value goes: "<your-api-key-here>", "<Ihr Passwort>", "{{ .Values.dbPassword }}",
#: "${API_SECRET}", "%DB_PASS%", "[YOUR PASSWORD]".
_SLOT = re.compile(r"<(?=[^<>\n]*[^\W\d_])[^<>\n\d]{2,48}>|\{\{[^{}\n]{1,80}\}\}|\$\{[^{}\n]{1,60}\}|\$\(?[A-Z_][A-Z0-9_]{2,40}\)?"
                   r"|%[A-Z_][A-Z0-9_]{2,40}%|\[(?:[A-Z][A-Z _\-]{2,40}|your[^\]\n]{1,40})\]")
#: An identifier naming a value: YOUR_TOKEN_HERE, CHANGE_ME, POSTGRES_PASSWORD_FILE.
_SNAKE = re.compile(r"(?<![\w-])[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+(?![\w-])")
_SNAKE_NAMES = re.compile(r"(?:^|_)(?:YOUR|HERE|CHANGE|CHANGEME|PLACEHOLDER|EXAMPLE|REPLACE|INSERT|XXX+|PASSWORD|PASSWD|PASS"
                          r"|PWD|SECRET|TOKEN|KEY|API|PIN|FILE|PATH|ENV|URL|USER|NAME)(?:_|$)")
#: A connection URL whose password is the word for one ("postgres://user:password@localhost").
_PLACEHOLDER_URL = re.compile(r"(?i)\b[a-z][a-z0-9+.\-]{1,20}://[^\s:/@]*:(?:password|passwd|pass|pwd|secret|changeme|"
                              r"example|xxx+|\*+|<[^<>\s]+>|\$\{[^}\s]+\})@[^\s]*")
#: A reference to a secret stored elsewhere ("existingSecret: pg-credentials", "secretName: db-creds").
_SECRET_REF = re.compile(r"(?i)\b(?:existing[_-]?secret|secret[_-]?(?:name|ref|key[_-]?ref)|secretKeyRef|valueFrom)\s*[:=]\s*"
                         r"[\"']?(?P<v>[a-z0-9][a-z0-9.\-]{1,62})[\"']?")


def without_placeholders(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` without the ones over a placeholder: a template's slot, an identifier, a URL
    whose password is the word "password", the name of a stored secret."""
    regions = [m.span() for m in _SLOT.finditer(text)]
    regions += [m.span() for m in _SNAKE.finditer(text) if _SNAKE_NAMES.search(m.group())]
    regions += [m.span() for m in _PLACEHOLDER_URL.finditer(text)]
    regions += [m.span("v") for m in _SECRET_REF.finditer(text)]
    kept = outside_regions(text, spans, regions)
    if len(kept) == len(spans):
        return kept
    # "SHOPIFY_API_SECRET=gatito7795#": the variable's name is a placeholder's shape, its value is not
    values = [(s + m.start("v"), e, k) for s, e, k in spans if (s, e, k) not in kept
              and (m := _CONFIG_ASSIGNMENT.match(text[s:e])) and m.end("v") > m.start("v")]
    return kept + outside_regions(text, values, regions) if values else kept


#: An assignment in a config line: a variable's name, "=" or ":", the value.
_CONFIG_ASSIGNMENT = re.compile(r"[A-Za-z_][\w.\-]*\s*[:=]\s*[\"']?(?P<v>[^\s\"']+)")


def outside_regions(text: str, spans: list[Span], regions: list[tuple[int, int]]) -> list[Span]:
    """``spans`` without those inside a public region (a slot, a placeholder) or starting with one
    ("YOUR_TOKEN_HERE とあります…"); a value's quotes are not part of it."""
    if not regions:
        return spans
    out = []
    for s, e, k in spans:
        core = text[s:e].strip(" \t\"'“”‘’")
        s2 = s + text[s:e].index(core) if core else s
        if any(a <= s2 < b and (e <= b + 1 or a == s2) for a, b in regions):
            continue
        out.append((s, e, k))
    return out


@functools.cache
def _meeting() -> re.Pattern[str]:
    words = "|".join(re.escape(w).replace(r"\ ", r"[\s\-]?") for w in sorted(_words()["meeting"]["words"], key=len, reverse=True))
    return re.compile(rf"(?i)(?<![^\W\d_])(?:{words})")


@functools.cache
def _meeting_quick() -> re.Pattern[str]:
    """:func:`_meeting` as a prefix tree: the same matches found faster (a test of presence, cost only)."""
    from fact_memory_graph.secrets import prefilter

    return prefilter.word_tree(set(_words()["meeting"]["words"]), lambda ch: r"[\s\-]?" if ch == " " else re.escape(ch),
                               head=r"(?<![^\W\d_])") or _meeting()


# ---------------------------------------------------------------- recovery keys by their shape
_BITLOCKER = re.compile(r"(?<![\d\-])\d{6}(?:[\-–]\d{6}){7}(?![\d\-])")


def recovery_key_spans(text: str) -> Iterator[Span]:
    """A BitLocker recovery key: eight groups of six digits, each a multiple of eleven (how
    Windows builds them), with or without its name."""
    for m in _BITLOCKER.finditer(text):
        if all(int(g) % 11 == 0 for g in re.findall(r"\d{6}", m.group())):
            yield m.start(), m.end(), "recovery key"


# ---------------------------------------------------------------- public values beside secrets
_YEARS_FROM_TO = re.compile(r"((?:19|20)\d{2})\s*[-–/]\s*((?:19|20)\d{2})")


def year_range(token: str) -> bool:
    """Two years from and to ("2013-2017"): a period, never an id."""
    m = _YEARS_FROM_TO.fullmatch(token.strip())
    return bool(m) and int(m.group(1)) <= int(m.group(2))


def bank_identifier(token: str) -> bool:
    """A bank's BIC/SWIFT code (python-stdnum: eight or eleven characters with a country code),
    in capitals as written: it names a bank, which is public."""
    from stdnum import bic

    return token.isupper() and len(token) in (8, 11) and not token[:4].isdigit() and bic.is_valid(token)


# ---------------------------------------------------------------- a value asked for, beside or after its name
_ASKED = re.compile(r"\?+\s*(?P<v>[^\s?,;]+)(?=[\s,;.!]|$)")
_APPOSED = re.compile(r"\s*(?:,|\()\s*(?P<v>[^\s,()]+)\s*(?:,|\)|$)")
_USE_CODE = re.compile(
    r"(?i)(?<![^\W\d_])(?:use|enter|type|usa|use o|utilisez|utilise|digite|ingresa|introduce|gunakan|masukkan)\s+"
    r"(?:(?:the\s+)?code\s+|el\s+código\s+|le\s+code\s+|o\s+código\s+|kode\s+)?(?P<v>\d{4,8}|\d{3}[ \-]\d{3})\s+"
    r"(?:to|para|pour|per|untuk)\s+(?:log|sign|verify|confirm|complete|reset|access|unlock|activate|continue"
    r"|finish|iniciar|entrar|confirmar|verificar|acceder|acessar|connecter|vous connecter|vérifier|confirmer"
    r"|masuk|verifikasi|login)")


def _code_like(value: str, kind: str) -> bool:
    if re.fullmatch(r"(?:19|20)\d{2}", value) or _a_date(value):
        return False
    if kind == "digits" or re.fullmatch(r"[\d.,:/\-]+", value):  # a decimal, a time, a date: no code
        return bool(re.fullmatch(r"\d(?:[\-]?\d){2,9}", value))
    return len(value) >= 5 and bool(_SECRET_SHAPE.search(value)) and not _NOT_VALUE.match(value)


def asked_value_spans(text: str, names: list[NameMatch]) -> Iterator[Span]:
    """A code or password right after a question naming it ("the code for the storage unit?
    55190"), or set off beside its name ("my debit pin, 8831, please…", "my pin (8831)"); and a
    code an SMS tells one to use ("use 882103 to log in")."""
    for n in names:
        if n.kind not in ("digits", "password") or _NOT_NAME.match(text, n.end()):
            continue
        if n.kind == "digits" and _BARE_CODE.fullmatch(text[n.start:n.end()]) and (
                _NOT_A_SECRET_CODE.search(text, max(0, n.start - 30), n.start)
                or _NOT_A_SECRET_CODE_AFTER.match(text, n.end())):
            continue
        apposed = _APPOSED.match(text, n.end())
        if apposed and _code_like(apposed.group("v").rstrip("."), n.kind):
            yield apposed.start("v"), apposed.start("v") + len(apposed.group("v").rstrip(".")), "password"
            continue
        stop = _SENTENCE_END.search(text, n.end(), min(len(text), n.end() + 60))
        if stop and text[stop.start()] == "?":
            asked = _ASKED.match(text, stop.start())
            if asked and _code_like(asked.group("v").rstrip("."), n.kind):
                yield asked.start("v"), asked.start("v") + len(asked.group("v").rstrip(".")), "password"
    for m in _USE_CODE.finditer(text):
        yield m.start("v"), m.end("v"), "password"


#: A gift card's or a prepaid voucher's code is money to whoever reads it (a bearer value): no
#: public label ("claim", "order") beside it makes it public.
_BEARER = re.compile(
    r"(?i)(?:gift\s*card|claim\s+code|redeem\s+code|redemption\s+code|paysafe\w*|prepaid\s+card|google\s+play\s+code"
    r"|itunes\s+code|steam\s+(?:wallet\s+)?code|tarjeta\s+(?:de\s+)?regalo|carte[\s\-]cadeau|cart[ãa]o[\s\-]presente"
    r"|buono\s+regalo|cadeaukaart|karta\s+podarunkowa|hediye\s+kart\w*|подарочн\w+\s+карт\w*|ギフトカード|ギフト券"
    r"|礼品卡|购物卡|기프트\s*카드|상품권)")


def bearer_value(text: str, start: int) -> bool:
    """Whether the value at ``start`` is named a gift card's or prepaid voucher's code."""
    return bool(_BEARER.search(text, max(0, start - 50), start))


# ---------------------------------------------------------------- values public by their shape (round seven)
#: Shapes that are never a secret whatever label stands before them: an SSH public key (its
#: algorithm and base64 blob) or fingerprint, a subresource-integrity hash ("sha512-<base64>"),
#: a template placeholder ("<your-api-key>", "{{ .Values.db }}", "${API_KEY}", "YOUR_TOKEN_HERE",
#: "sk-xxxx"), a URL whose password is the word "password", an environment variable's name that
#: names a file or a path ("POSTGRES_PASSWORD_FILE").
_PUBLIC_SHAPE = re.compile(
    r"\b(?:ssh-(?:ed25519|rsa|dss)|ecdsa-sha2-nistp\d{3}|sk-(?:ssh-ed25519|ecdsa-sha2-nistp256)@openssh\.com)"
    r"\s+(?i:AAAA)[A-Za-z0-9+/]{20,}={0,3}"
    r"|(?<![\w/+])(?:SHA256:[A-Za-z0-9+/]{43}=?|MD5(?::[0-9a-f]{2}){16})(?![\w/+])"
    r"|(?<![\w-])sha(?:256|384|512)-[A-Za-z0-9+/]{40,}={0,2}"
    r"|<[^\W\d_][^<>\n\d]{0,39}>|\{\{[^{}\n]{1,60}\}\}|\$\{[^{}\n]{1,60}\}|%\(\w{1,40}\)s"
    r"|(?<![\w-])(?i:your|my|ihr|votre|tu|seu|su|il_tuo)[_\-](?:[A-Za-z]+[_\-]){0,4}(?i:here|hier|ici|aqui|aquí|qui)(?![\w-])"
    r"|(?<![\w-])YOUR_[A-Z0-9_]{2,40}(?![\w-])"
    r"|(?<![\w-])(?:[A-Za-z]{1,8}[_\-])?(?:x{4,}|X{4,}|\*{4,}|•{4,})(?:[_\-][\w*•]+)*(?![\w-])"
    r"|(?:[*•]{2,}[ \-]?)+\d{1,4}(?: \d{1,4})?(?!\d)"  # the last digits of a masked number
    r"|(?<![\d.])\d{4}\.\d{2}\.\d{2}(?:\d{2})?(?:\.\d{2})?(?![\d.])"  # a customs tariff (HS) code
    r"|(?<![\w-])[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*_(?:FILE|PATH|DIR|NAME|REF|HINT|POLICY|LENGTH|TTL|EXPIRY)(?![\w-])"
    r"|\b[a-z][a-z0-9+.\-]{1,20}://[^\s:/@]{1,30}:(?:password|passwd|pass|pwd|secret|changeme|your[_-]?password"
    r"|PASSWORD|YOUR_PASSWORD)@")
#: A UUID is an id (a request, a trace, an order, a PIX key of a docs' example); a secret only after
#: a name of a key, a token, a secret or a password.
#: A Pix key (random ones are UUIDs) is what a payer types to send money: public like a UPI id.
_PIX_BEFORE = re.compile(r"(?i)(?<![^\W\d_])pix(?![^\W\d_])[^\n.!?]{0,30}$")
_API_BEFORE = re.compile(r"(?i)api|token|secret|client|webhook|oauth|segredo|senha")
_KEY_WORD_BEFORE = re.compile(
    r"(?i)(?:key|token|secret|passw\w*|pwd|auth\w*|credential\w*|apikey|clave|schl[uü]ssel|chave|cl[eé]|chiave"
    r"|sleutel|klucz|anahtar|ключ|токен|密钥|秘密|키|토큰|シークレット|トークン|キー)[^\n.!?]{0,12}$")


#: A wallet address in base58 (Solana, Tron, Litecoin, Dogecoin: 26 to 44 characters; Monero: 95):
#: public after an address's name (a private key in base58 is longer: 51-52 for WIF, 87-88 for Solana).
_BASE58_ADDRESS = re.compile(r"(?<![\w/+=])(?:[1-9A-HJ-NP-Za-km-z]{26,44}|[48][1-9A-HJ-NP-Za-km-z]{94})(?![\w/+=])")
_ADDRESS_WORD = re.compile(r"(?i)(?:address|addr|direcci[oó]n|adresse|endere[cç]o"
                           r"|indirizzo|adres|адрес|アドレス|주소|地址|địa chỉ|alamat|عنوان|पता|ที่อยู่)[^.!?\n]{0,25}$")


_BASE58_DIGITS = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"


def base58check_address(token: str) -> bool:
    """Whether ``token`` is a wallet's public address by its checksum, whatever the coin (Bitcoin's
    1… and 3…, Litecoin, Dogecoin, Tron's T…): Base58Check of a version byte and a 20-byte hash. A
    private key in WIF is Base58Check too, of 33 or 34 bytes: not this. A random token passes the
    four-byte checksum once in four billion."""
    return base58check_version(token) is not None


def base58check_version(token: str) -> int | None:
    """The version byte of ``token`` when it is such an address (:func:`base58check_address`), else None:
    the coin it names (0x41 Tron, 0x30 / 0x32 Litecoin, ...)."""
    import hashlib

    if not 25 <= len(token) <= 36:
        return None
    number = 0
    for ch in token:
        number = number * 58 + _BASE58_DIGITS.index(ch)
    raw = number.to_bytes(25, "big") if number < 1 << 200 else b""
    raw = b"\0" * (len(token) - len(token.lstrip("1"))) + raw.lstrip(b"\0") if raw else raw
    if len(raw) == 25 and hashlib.sha256(hashlib.sha256(raw[:21]).digest()).digest()[:4] == raw[21:]:
        return raw[0]
    return None


_SHAPE_HERE = re.compile(r"(?i:here|hier|ici|aqui|aquí|qui)")
_SHAPE_TARIFF = re.compile(r"\d{4}\.\d{2}\.\d{2}")


def _may_hold_public_shape(text: str) -> bool:
    """What every branch of :data:`_PUBLIC_SHAPE` needs in a text (cost only: it is slow to scan)."""
    return any(s in text for s in ("AAAA", "ssh-", "SHA256:", "MD5:", "sha256-", "sha384-", "sha512-", "<", "{{", "${", "%(",
                                   "_", "xxxx", "XXXX", "*", "•", "://")) \
        or "-" in text and _SHAPE_HERE.search(text) is not None or "." in text and _SHAPE_TARIFF.search(text) is not None


#: A hex digest named by its algorithm ("sha256:0c6d…", a container image's or a download's checksum).
_DIGEST = re.compile(r"(?<![\w/+])(?i:sha(?:1|224|256|384|512)|md5|blake2[bs]|sha3-(?:256|384|512)):[0-9a-fA-F]{32,128}"
                     r"(?![\w/+])")
#: A commit's id (7–40 hex digits with a letter) right after a commit's word, in the languages developers chat in.
_COMMIT_WORDS = ("commit", "revision", "changeset", "коммит", "コミット", "提交", "커밋")
_COMMIT_ID = re.compile(r"(?i)(?:(?<![^\W\d_])(?:commit(?:s|té|ted|ed|-id| id)?|revision|changeset|коммит\w*)"
                        r"|コミット|提交|커밋)[\s:#]{1,3}(?P<id>(?=[0-9]*[a-f])[0-9a-f]{7,40})(?![\w])")


#: A run of 10 or 13 digits (the last of an ISBN-10 may be X) with spaces or hyphens between groups.
_ISBN_RUN = re.compile(r"(?<![\w\-])\d(?:[\s\-]?\d){8}(?:[\s\-]?\d){0,3}[\s\-]?[\dXx](?![\w\-])")


def _valid_isbn(value: str) -> bool:
    """An ISBN by its check digit (python-stdnum); 13 digits only with the 978/979 book prefix."""
    from stdnum import isbn

    digits = re.sub(r"[\s\-]", "", value)
    if len(digits) not in (10, 13) or len(digits) == 13 and not digits.startswith(("978", "979")):
        return False
    return bool(isbn.is_valid(digits))


#: A Nintendo Switch friend code, as the console prints it ("SW-" and three groups of four digits): shared so that
#: others can add the player; it opens nothing.
_SWITCH_FRIEND_CODE = re.compile(r"(?<![\w-])SW-\d{4}-\d{4}-\d{4}(?![\w-])")
#: A Counter-Strike match's share code ("CSGO-" and five groups of five letters and digits): it opens a
#: match's replay for whoever is given it, no account.
_MATCH_SHARE_CODE = re.compile(r"(?<![\w-])CSGO(?:-[A-Za-z0-9]{5}){5}(?![\w-])")


def public_shapes(text: str) -> list[tuple[int, int]]:
    """Where ``text`` holds a value public by its shape (:data:`_PUBLIC_SHAPE`, a UUID not named
    as a key): read as a neutral run of ``x`` by the finders, and no span inside it is a secret."""
    found = [(m.start(), m.end()) for m in _PUBLIC_SHAPE.finditer(text)
             if not (m.group().startswith("<") and f"</{m.group()[1:]}" in text)] \
        if _may_hold_public_shape(text) else []  # an XML tag, not a placeholder
    for m in _BASE58_ADDRESS.finditer(text):  # a wallet's public address, not its key
        if len(m.group()) >= 90 or _ADDRESS_WORD.search(text, max(0, m.start() - 40), m.start()) \
                or base58check_address(m.group()):
            found.append((m.start(), m.end()))
    low = text.lower()
    if "sha" in low or "md5" in low or "blake" in low:  # "sha256:0c6d…": a digest named by its algorithm
        found.extend(m.span() for m in _DIGEST.finditer(text))
    if any(w in low for w in _COMMIT_WORDS):  # "after commit 4a43776", "コミット 9f2c1e0": a commit's id
        found.extend(m.span("id") for m in _COMMIT_ID.finditer(text))
    found.extend(bech32_keys.public_spans(text, low))  # "bc1q…", "npub1…", "age1…": a public address or key
    if "=" in text:  # "WireGuard public key zSqu…=": a 32-byte key named as the public half
        found.extend(public_keys.spans(text))
    if "SW-" in text:  # "código de amigo …: SW-1234-…": a Switch friend code, shown on the player's profile
        found.extend(m.span() for m in _SWITCH_FRIEND_CODE.finditer(text))
    if "CSGO-" in text:  # "cs2 share code CSGO-…": a match's replay, shared to watch it
        found.extend(m.span() for m in _MATCH_SHARE_CODE.finditer(text))
    if "isbn" in low:  # "isbn du code civil 978-0-3509-5472-7": a book's number
        found.extend(m.span() for m in _ISBN_RUN.finditer(text) if _valid_isbn(m.group()))
    elif "978" in text or "979" in text:  # a book's or a score's EAN, unnamed: its prefix and its check digit
        found.extend(m.span() for m in _ISBN_RUN.finditer(text)
                     if len(re.sub(r"[\s\-]", "", m.group())) == 13 and _valid_isbn(m.group()))
    if "-" in text:
        for m in _UUID.finditer(text):
            before = text[max(0, m.start() - 40):m.start()]
            if _PIX_BEFORE.search(before) and not _API_BEFORE.search(before) or not _KEY_WORD_BEFORE.search(
                    re.sub(r"[\w.\-]*(?:id|Id|ID)\s*[=:]\s*$", "", before)):
                found.append((m.start(), m.end()))  # "chave pix: <uuid>": a key that only receives a payment
    return found


def _alternation(words: Iterable[str]) -> str:
    """Words as one regex: between word edges, but those of a script without spaces (CJK, kana,
    Hangul) anywhere."""
    ordered = sorted({w.lower() for w in words}, key=len, reverse=True)
    unspaced = re.compile(f"[{_CJK}]")
    latin = "|".join(re.escape(w).replace(r"\ ", r"[\s\-]?") for w in ordered if not unspaced.search(w))
    other = "|".join(re.escape(w) for w in ordered if unspaced.search(w))
    parts = [rf"(?<![^\W\d_])(?:{latin})(?![^\W\d_])"] if latin else []
    return "|".join([*parts, *([other] if other else [])])


@functools.cache
def _round7_words() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    data = _words()
    company = data["company_ids"]
    return (re.compile("(?i)" + _alternation([*company["words"], *company["names"]])),
            re.compile("(?i)" + _alternation(data["examples"]["words"])),
            re.compile("(?i)" + _alternation(data["examples"]["not"])))


_CLAUSE_START = re.compile(r"[.!?。！？\n](?:\s|$)(?!.*[.!?。！？\n](?:\s|$))", re.S)


def _sentence(text: str, start: int, end: int, before: int = 80, after: int = 40) -> tuple[str, str]:
    """The sentence around ``text[start:end]``: what stands before it and after it."""
    head = text[max(0, start - before):start]
    cut = _CLAUSE_START.search(head)
    head = head[cut.end():] if cut else head
    tail = text[end:end + after]
    stop = re.search(r"[.!?。！？\n](?:\s|$)", tail)
    return head, tail[:stop.start()] if stop else tail


def company_id(text: str, start: int, end: int) -> bool:
    """Whether the id at ``text[start:end]`` is a company's: a company's word or a company-only
    registry's name in its sentence ("NIP kontrahenta ...", "Firmamızın vergi numarası ...")."""
    head, _ = _sentence(text, start, end, 50, 0)
    return bool(_round7_words()[0].search(head))


@functools.cache
def _example_gate() -> lexicon.Gate:
    """:func:`example_value`'s words in the lexicon: each of their parts is in any sentence they are in
    (blanking what is no prose, "for example", only puts spaces between parts)."""
    return lexicon.Gate(_words()["examples"]["words"])


_NOT_PROSE = re.compile(r"\S*[./@:=]\S*[^\s.,!?:]")


def example_value(text: str, start: int, end: int) -> bool:
    """Whether the value at ``text[start:end]`` is given as an example (documentation, a test
    fixture, a famous sample) in its sentence; "for example" and its kin do not count."""
    if not _example_gate().open(text):
        return False  # no example's word anywhere in the text (one set lookup: cost only)
    head, tail = _sentence(text, start, end, 90, 60)
    head, tail = _NOT_PROSE.sub(" ", head), _NOT_PROSE.sub(" ", tail)  # "example.org", "jwt.io/example"
    words, markers = _round7_words()[1], _round7_words()[2]
    # a span that ran on past its value holds the words after it ("Passwort: IhrPasswort123 als Beispiel"):
    # read them too (not the value's own first word: "Example2024!" is a value); a few words only: a seed
    # phrase's twelve words are the value ("… famous … sample …")
    inner = [rest for rest in text[start:end].split(None, 1)[1:] if len(rest.split()) <= 4]
    return bool(words.search(markers.sub(" ", head)) or words.search(markers.sub(" ", tail))
                or inner and words.search(markers.sub(" ", _NOT_PROSE.sub(" ", inner[0]))))


_DIAL_CODE = re.compile(r"[\d\s#*\-]+")
_PASSCODE = re.compile(r"(?i)pass|pwd|kennwort|contrase|senha|mot de passe|パス|암호|비밀번호|密码")


def meeting_code(text: str, start: int, end: int) -> bool:
    """Whether digits at ``text[start:end]`` are a meeting's id or its dial-in access code: a
    meeting's or a conference call's word (assets ``meeting``, a stem matches its endings:
    "конференц", "schůzk") earlier in their sentence ("dial-in +1 646 …, access code 4471 2093#"),
    and no passcode's name just before them (a meeting's passcode is its password). One reading
    for every span (round eight joined the invitation's reading of round seven into this one)."""
    if not _DIAL_CODE.fullmatch(text[start:end]):
        return False
    head = text[max(0, start - 90):start]
    head = head[max(head.rfind(". "), head.rfind("\n"), head.rfind("\u2029")) + 1:]
    if _PASSCODE.search(head[-25:]):
        return False
    return bool(_meeting_quick().search(head))


#: A key's, a token's or a secret's name in the languages of the corpora, then (in the same
#: sentence, a few words on: "the client secret of our Exact integration:", "REST API 키랑 Client
#: Secret 이에요:", "la chiave AES-256 con cui cifriamo i backup:") a value with a key's shape:
#: 32 hex digits or more, or twelve characters or more mixing lower and upper case and digits.
_KEY_NAME = re.compile(
    r"(?i)(?:(?<![A-Za-z])(?:auth[ _-]?token|access[ _-]?token|api[ _-]?key|client[ _-]?secret|secret[ _-]?key"
    r"|signing[ _-]?(?:key|secret)|secret|token|key|clave|chave|cl[eé]|chiave|schl[uü]ssel|sleutel|klucz|ключ"
    r"|токен|секрет|anahtar|khóa|kunci)(?![A-Za-z])|キー|鍵|トークン|シークレット|키|토큰|시크릿|密钥|秘钥|令牌|密鑰)")
_KEY_VALUE = re.compile(
    r"(?<![A-Za-z0-9_\-])(?P<v>[0-9a-f]{32,}|[0-9A-F]{32,}|(?=[A-Za-z0-9_\-]*\d)(?=[A-Za-z0-9_\-]*[a-z])"
    r"(?=[A-Za-z0-9_\-]*[A-Z])[A-Za-z0-9_\-]{12,}"
    # a key typed in lower case (a phone's keyboard, a provider's lower-case keys): twenty or more letters
    # and digits, not a bech32 address ("bc1q…", an address's own readers keep it)
    r"|(?!bc1|tb1|ltc1)(?=[a-z0-9]*\d)(?=[a-z0-9]*[a-z])[a-z0-9]{20,})(?![A-Za-z0-9_\-])")
_NOT_A_KEY_GAP = re.compile(r"(?i)public|fingerprint|hash|checksum|sha-?\d|md5|digest|commit|(?<![a-z])ids?\b|identifier"
                            r"|公開|公钥|공개")


def named_key_spans(text: str) -> Iterator[Span]:
    for name in _KEY_NAME.finditer(text):
        stop = re.search(r"[.!?。！？](?:\s|$)|\n\n", text[name.end():name.end() + 60])
        window = name.end() + (stop.start() if stop else 60)
        value = _KEY_VALUE.search(text, name.end(), window + 400)
        if not value or value.start() > window:
            continue
        gap = text[name.end():value.start()]
        if _NOT_A_KEY_GAP.search(gap) or _NOT_A_SECRET_KEY.search(text, max(0, name.start() - 24), name.start()) \
                or _NOT_A_KEY_GAP.search(text, max(0, name.start() - 12), name.start()):
            continue
        yield value.start(), value.end(), "api key"
        more = re.match(r"\s*[/|,;]\s*", text[value.end():])  # "<key> / <secret>": both
        if more:
            second = _KEY_VALUE.match(text, value.end() + more.end())
            if second:
                yield second.start(), second.end(), "api key"


_HAN_RUN = re.compile(r"[\u3400-\u9fff]{6,}")


def han_seed_spans(text: str) -> Iterator[Span]:
    """A Chinese seed phrase: BIP-39's Chinese words are single characters, typed without spaces
    ("助记词：味纹酸再剑泽喷岛业计缓逆"). A run of six characters or more, all of one Chinese list,
    after a seed's name in the text (or the turn before): the phrase or half of it."""
    lists = [words for lang, words in _bip39().items() if lang.startswith("chinese")]
    names = [n for n in names_in(text) if n.kind == "seed"]
    if not names:
        return
    for m in _HAN_RUN.finditer(text):
        run = m.group()
        if any(n.stop <= m.start() for n in names) and any(all(ch in words for ch in run) for words in lists) \
                and len(set(run)) >= len(run) - 1:
            yield m.start(), m.end(), "seed phrase"


def led_seed_spans(text: str) -> Iterator[Span]:
    """Half a seed phrase after a few words of lead ("e il resto  amalgama stregato …", "suite :
    outil annuel …") in a turn read after the turn that named the seed: six distinct words or
    more of one list that end the turn."""
    at = text.rfind(TURN_JOIN)
    if at < 0 or not any(n.kind in ("seed", "password") for n in names_in(text[:at])):
        return
    start = at + len(TURN_JOIN)
    for s, e, kind in seed_spans(text, start, len(text), minimum=6):
        lead, rest = text[start:s], text[e:]
        if len(lead.split()) <= 4 and not re.search(r"[^\W\d_]", rest):
            yield s, e, kind


@functools.cache
def _gift_card_name() -> re.Pattern[str]:
    return re.compile("(?i)" + _alternation(_words()["gift_cards"]["words"]))


@functools.cache
def _gift_card_gate() -> lexicon.Gate:
    return lexicon.Gate(_words()["gift_cards"]["words"])


_GIFT_VALUE = re.compile(
    r"(?<![\w\-])(?:\d(?:[ \-]?\d){9,19}|(?=[A-Za-z0-9\-]*\d)(?=[A-Za-z0-9\-]*[A-Za-z])[A-Za-z0-9]{3,6}(?:-[A-Za-z0-9]{3,6}){2,5}"
    r"|(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{10,20})(?![\w\-])")
_GIFT_PIN = re.compile(r"(?i)(?:pin|access (?:number|code|no)|code secret|c[oó]digo (?:secreto|de seguridad)|security code"
                       r"|scratch code|код|コード|코드|密码)\D{0,14}?(?P<pin>(?<!\d)\d{3,8}(?!\d))")


def gift_card_spans(text: str) -> Iterator[Span]:
    """A gift card's number or code after its name (assets ``gift_cards``), and its PIN or access
    number after that: a bearer value, spent by whoever reads it."""
    if not _gift_card_gate().open(text):
        return
    for name in _gift_card_name().finditer(text):
        value = _GIFT_VALUE.search(text, name.end(), min(len(text), name.end() + 400))
        if not value or value.start() - name.end() > 60 or re.search(r"[.!?。](?:\s|$)", text[name.end():value.start()]):
            continue
        yield value.start(), value.end(), "card number"
        pin = _GIFT_PIN.search(text, value.end(), min(len(text), value.end() + 60))
        if pin:
            yield pin.start("pin"), pin.end("pin"), "card number"


#: A bank's name in a script that glues it ("국민은행", "三菱UFJ銀行", "招商银行", "ธนาคารกสิกร",
#: "ngân hàng Vietcombank") then, a few characters on, an account number in groups or a run of
#: 10 to 16 digits: an account given with its bank (Korea, Japan, China, Thailand, Vietnam...).
_BANK_NAME = re.compile(r"(?:은행|銀行|银行|信用金庫|信金|농협|신협|우체국|ธนาคาร|(?i:ngân hàng|rekening|no\\.? rek))")
_GROUPED_ACCOUNT = re.compile(r"(?<![\d+\-])(?:\d{2,6}(?:[\- ]\d{1,8}){1,4}|\d{10,16})(?![\d\-])")


def bank_name_account_spans(text: str) -> Iterator[Span]:
    for name in _BANK_NAME.finditer(text):
        m = _GROUPED_ACCOUNT.search(text, name.end(), min(len(text), name.end() + 40))
        if not m:
            continue
        digits = re.sub(r"\D", "", m.group())
        if 10 <= len(digits) <= 16 and not _east_asian_phone(m.group()) \
                and not _PHONE_BEFORE.search(text[name.end():m.start()]):
            yield m.start(), m.end(), "bank account"


def _east_asian_phone(token: str) -> bool:
    """A number written as a phone number of the countries whose banks are named this way (a bank's
    call centre: "0570-01-2345", "1588-9999")."""
    if re.fullmatch(r"1[5-6]\d{2}-?\d{4}", token):  # a Korean company's short number
        return True
    return len(token) - len(re.sub(r"\D", "", token)) <= 2 \
        and phone_numbers.is_phone(token, ("KR", "JP", "CN", "TW", "TH", "VN", "ID", "HK"))
