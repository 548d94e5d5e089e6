"""Secrets named with what they are for, and codes known by how they came.

- A secret's name, then what it is for, then its value: "Telefon-PIN für die Hotline: 060277",
  "password dell'area clienti: X", "pincode van mijn telefoon 095646". The thing it is for may
  carry a public label (a hotline, a customer area, a phone) that makes other values public; the
  secret's name before it decides. Read after the look-alike filters, so a placeholder or a
  masked value is still kept (the caller drops slots).
- A code a text message brought: "the site just texted me 400955", "me llegó un SMS con 917078".
- A value that unlocks a device: "302932 unlocks my phone", "1234 desbloquea el móvil".

Words as data (assets ``qualified_secrets.json``), per language.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from fact_memory_graph.secrets import families, prefilter

Span = tuple[int, int, str]
_ASSETS = Path(__file__).resolve().parent.parent / "assets"


@functools.cache
def _data() -> dict[str, Any]:
    return json.loads((_ASSETS / "qualified_secrets.json").read_text(encoding="utf-8"))  # type: ignore[no-any-return]


@functools.cache
def _after_name() -> re.Pattern[str]:
    d = _data()
    return re.compile(
        rf"(?i)(?:\s*(?P<for>{prefilter.alternation(d['for_words'])})(?<=')|\s*(?P<for2>{prefilter.alternation(d['for_words'])})\s+|\s+)"
        rf"(?:(?:{prefilter.alternation(d['owners'])})(?<=')|(?:{prefilter.alternation(d['owners'])})\s+)?"
        r"(?P<thing>[^\W\d_][\w'’.\-]*(?:\s+[^\W\d_][\w'’.\-]*){0,2}?)"
        rf"(?:\s*(?:(?P<conn>{prefilter.alternation(d['connectors'])})(?![^\W\d_])|(?P<ask>\?))\s*[\"'“‘«]?(?P<value>[^\s\"'”’»]{{4,40}}?)[\"'”’»]?"
        r"|\s+(?P<bare>(?=[^\s]*\d)[^\s\"'”’»:]{4,40}?))(?=[.,;!?]*(?:\s|$))")


_PIN = re.compile(r"(?i)pin|pass|geheim|secret|secreto|segreto|secreta")
_INDIAN_PIN = re.compile(r"[1-8]\d{5}")
_PIN_OF_A_SECRET = re.compile(r"(?i)card|atm|debit|credit|bank|upi|account|phone|mobile|sim|lock|app|wallet|login|otp"
                              r"|telef|handy|móvil|celular|kaart|karte|carte|tarjeta|cart[aã]o|hotline")


@functools.cache
def _talked_about() -> re.Pattern[str]:
    return re.compile(f"(?i)(?:{prefilter.alternation(_data()['not_things'])})")


_SHAPED = re.compile(r"\d|[!@#$%^&*_+=~]|[a-z][A-Z]")
#: Not a value: a short number, a year, a time, a decimal (a map pin's coordinate, a price), an amount.
_NOT_VALUE = re.compile(r"(?i)^(?:\d{1,3}|(?:19|20)\d{2}|\d{1,2}[:.h]\d{2}|[\-+]?\d+[.,]\d+|\d+(?:[.,]\d+)?\s?(?:€|\$|£|%|eur|usd|k|km|kg|mb|gb|mbps|gbps|mbit|ghz|g))$")


class _Lead:
    """Where a word that leads to a secret's value ends: a network's name, a pronoun for a password."""

    __slots__ = ("kind", "start", "stop")

    def __init__(self, kind: str, start: int, stop: int) -> None:
        self.kind, self.start, self.stop = kind, start, stop

    def end(self) -> int:
        return self.stop


@functools.cache
def _leads() -> re.Pattern[str]:
    d = _data()
    return re.compile(f"(?i)(?P<wifi>{prefilter.whole_words(d['wifi'])})|(?P<mine>{prefilter.whole_words(d['mine'])})")


def _more_names(text: str, names: Sequence[Any]) -> list[Any]:
    """A network's name ("wifi at the flat is X") and, after a password's name, a pronoun standing for
    it ("passwords? mine for uni is X"): read as the name of a password."""
    if not any(w in text.lower() for w in ("wi", "wlan", "mi", "mí", "me", "mo", "mé", "mo", "мо", "be", "pu", "củ", "mi")):
        return []
    passwords = [n for n in names if n.kind == "password"]
    out = []
    for m in _leads().finditer(text):
        if m.group("wifi") and not any(n.start <= m.start() < n.stop for n in names):
            out.append(_Lead("wifi", m.start(), m.end()))
        elif m.group("mine") and any(0 < m.start() - n.stop <= 40 for n in passwords):
            out.append(_Lead("mine", m.start(), m.end()))
    return out


@functools.cache
def _network_talk() -> re.Pattern[str]:
    words = json.loads((_ASSETS / "spoken_credentials.json").read_text(encoding="utf-8"))["not_wifi_name"]
    return re.compile("(?i)" + prefilter.whole_words(words))


@functools.cache
def _ssid_heads() -> tuple[str, ...]:
    data = json.loads((_ASSETS / "spoken_credentials.json").read_text(encoding="utf-8"))
    return tuple(h.lower() for h in data["ssid_heads"])


@functools.cache
def _length_then_digits() -> re.Pattern[str]:
    return re.compile(rf"(?i)\s*(?:\d{{1,2}}|[^\W\d_]{{3,8}})[\s\-]*(?:{prefilter.alternation(_data()['lengths'])})(?![^\W\d_])"
                      r"[\s.,:;…\-–—!]*(?P<v>\d{4,8})(?![\d.,]\d)")


def named_for_spans(text: str, names: Sequence[Any]) -> Iterator[Span]:
    """``names``: the secret names found in ``text`` (``forms.names_in``)."""
    for name in names:  # "phone banking pin four digits... 4674": its length, then its digits
        if name.kind == "digits" and _PIN.search(text, name.start, name.end()):
            m = _length_then_digits().match(text, name.end())
            if m and not re.fullmatch(r"(?:19|20)\d{2}", m.group("v")):
                yield m.start("v"), m.end("v"), "password"
    for name in [*names, *_more_names(text, names)]:
        if name.kind in ("wifi", "mine"):
            m = _after_name().match(text, name.end())
            if m and m.group("value") and _SHAPED.search(m.group("value")) and (m.group("for") or m.group("for2")) \
                    and not _NOT_VALUE.match(m.group("value").rstrip(".,;!?")) and not _talked_about().fullmatch(m.group("thing").split()[-1]):
                value = m.group("value").rstrip(".,;!?")
                if name.kind == "wifi" and (value.lower().startswith(_ssid_heads())
                                            or families.network_named_before(text, name.start)
                                            or _network_talk().search(text)):
                    continue  # "wifi in the hotel is TPLink_5G", "la red wifi del bar es …": the network's name
                yield m.start("value"), m.start("value") + len(value), "password"
            continue
        if not (name.kind == "password" or name.kind == "digits" and _PIN.search(text, name.start, name.end())):
            continue  # a code's name ("tracking code", "código swift") names public values too
        m = _after_name().match(text, name.end())
        if not m:
            continue
        qualified = bool(m.group("for") or m.group("for2"))
        group = "value" if m.group("value") else "bare"
        value = m.group(group).rstrip(".,;!?")
        if _NOT_VALUE.match(value) or (value.isdigit() and len(value) > 8) or value.endswith(":") \
                or _talked_about().fullmatch(m.group("thing").split()[-1]):
            continue  # "password manager: 1Password": what the name is talked about as
        if not qualified and not (m.group("conn") == ":" and re.search(r"\d", value)):
            continue  # with no "for", only "<name> <thing>: <value with a digit>" ("mot de passe espace client : X")
        if _INDIAN_PIN.fullmatch(value) and name.kind == "digits" and not _PIN_OF_A_SECRET.search(text):
            continue  # "PIN code of our area is 560034": India's postal code
        if not _SHAPED.search(value) and not (
                (m.group("for") or m.group("for2")) and (m.group("conn") in (":", "=") or m.group("ask"))
                and len(value) >= 5 and text[m.end():].strip(" .!") == "" and not _not_a_value(value)):
            continue  # a plain word: only after "for <thing>" and a colon or a question, ending the message
        yield m.start(group), m.start(group) + len(value), "password"


def _not_a_value(word: str) -> bool:
    from fact_memory_graph.secrets import _NOT_A_VALUE, _NOT_A_VALUE_WORD

    return bool(_NOT_A_VALUE.match(word) or _NOT_A_VALUE_WORD.match(word))


_CODE = r"(?P<code>\d{4,8}|\d{3}[ \-]\d{3})(?![\d.,:/]?\d)(?!\s*(?:€|\$|£|%|euros?|dollars?|pesos?|reais|rupees?|rs|km|kg|mb|gb))"


@functools.cache
def _texted() -> re.Pattern[str]:
    return re.compile(rf"(?i){prefilter.whole_words(_data()['texted'])}[\s:,]*(?:[^\W\d_]+\s+){{0,2}}?[#:]?\s*{_CODE}")


@functools.cache
def _unlocks() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The verb and the device after it (a prefix tree, found first: cheap), and the value ending right before the verb."""
    d = _data()
    verb = re.compile(rf"(?i){prefilter.whole_words(d['unlock_verbs'])}\s+(?:[^\W\d_]+\s+){{0,2}}?"
                      rf"{prefilter.whole_words(d['devices'])}")
    value = re.compile(r"(?<![\w$€£])(?P<code>\d{4,8}|(?=[^\s]*\d)[^\s\"'”’»]{4,24})[\"'”’»]?\s+$")
    return verb, value


_CURRENCY_BEFORE = re.compile(r"(?:€|\$|£|₹|rs\.?|r\$)\s*$", re.I)


def code_spans(text: str) -> Iterator[Span]:
    """A code a text message brought; a value that unlocks a device. Only in a text with three digits."""
    if not re.search(r"\d{3}", text):
        return
    for m in _texted().finditer(text):
        if not re.fullmatch(r"(?:19|20)\d{2}", m.group("code")):
            yield m.start("code"), m.end("code"), "password"
    verb, value = _unlocks()
    for v in verb.finditer(text):
        m = value.search(text, max(0, v.start() - 30), v.start())
        if m and not _CURRENCY_BEFORE.search(text, max(0, m.start() - 4), m.start("code")) \
                and m.group("code")[0] not in "$€£₹" \
                and not re.fullmatch(r"(?:19|20)\d{2}", m.group("code")):
            yield m.start("code"), m.end("code"), "password"


@functools.cache
def _used_everywhere() -> re.Pattern[str]:
    d = _data()["use_everywhere"]
    return re.compile(rf"(?i){prefilter.whole_words(d['verbs'])}\s+[\"'“‘«]?(?P<v>[^\s\"'”’»]{{6,40}}?)[\"'”’»]?\s+"
                      rf"(?:[^\W\d_]+\s+){{0,1}}?{prefilter.whole_words(d['everywhere'])}")


#: A reused password's shape: letters and digits, and a symbol, mixed case or four digits (not "windows11", "office365").
_LETTER_DIGIT = re.compile(r"(?=[^\s]*[^\W\d_])(?=[^\s]*\d)")


@functools.cache
def _tools() -> frozenset[str]:
    return frozenset(json.loads((_ASSETS / "public_statements.json").read_text(encoding="utf-8"))["tools"])


def reused_spans(text: str) -> Iterator[Span]:
    """"i use m@ng02383 for basically everything": a value used everywhere (not a password manager's name)."""
    if not re.search(r"\d", text):
        return
    for m in _used_everywhere().finditer(text):
        value = m.group("v").rstrip(".,;!?")
        if _LETTER_DIGIT.match(value) and (re.search(r"[!@#$%^&*_+=~?]|[a-z][A-Z]", value)
                                           or len(re.findall(r"\d", value)) >= 4) \
                and value.lower() not in _tools() and "://" not in value and "." not in value.strip("."):
            yield m.start("v"), m.start("v") + len(value), "password"


#: After a password's name, a clause of up to ten words (no sentence's end), a colon, then a value of
#: letters and digits with mixed case or a symbol: "yung password ni abbu para di na ko magtanong ulit: urhDLC3e95r".
_FAR_COLON = re.compile(r"(?P<gap>[^.!?\n\u2029:]{1,90}?):\s*[\"'“‘«]?(?P<v>[^\s\"'”’»,;]{8,40}?)[\"'”’»]?(?=[.,;!?]*(?:\s|$))")
_STRONG = re.compile(r"(?=[^\s]*\d)(?=[^\s]*[^\W\d_])(?=[^\s]*(?:[!@#$%^&*_+=~?]|[a-z][A-Z]|[A-Z][a-z]*\d[^\s]*[A-Z]))")


def far_colon_spans(text: str, names: Sequence[Any]) -> Iterator[Span]:
    if ":" not in text:
        return
    for name in names:
        if name.kind != "password":
            continue
        m = _FAR_COLON.match(text, name.end())
        if m and len(m.group("gap").split()) <= 10 and _STRONG.match(m.group("v")) and "://" not in m.group("v") \
                and "@" not in m.group("v") and len(re.split(r"[.!?\n\u2029]", text[m.end():], maxsplit=1)[0].split()) <= 2:
            value = m.group("v").rstrip(".,;!?")  # (the value ends its sentence: not "…: UpperCase1 style is required")
            yield m.start("v"), m.start("v") + len(value), "password"

