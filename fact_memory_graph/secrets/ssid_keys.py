"""A Wi-Fi network's own name and its key with only a separator between: "TP-Link_5281 → c514c9b243",
"Safaricom_6456 34493119", "wifi ya depo: Hostel_Block0116 / 89249942", "wifi ng boarding house TurkNet_1784
tapos tigerhouse".

People note a network as its name and its key, the key right after the name: a slash, an arrow, a bar, a colon, a
comma, a dash, "then" ("tapos", "luego", "dann", "kisha") or a blank between. The name is a network's: a router's or
a provider's default name (a brand's beginning — ``network_keys``' ssid_brands and this reader's providers of
Africa, Asia, Latin America and Turkey — with a digit, an underscore or a dash), or any name of that shape with a
capital after a Wi-Fi's word in its line. The key is one token of eight characters or more: digits (8-12),
letters and digits, or — after a separator or "then", not a blank alone — a plain word that is no common English
word (the shipped tokenizer's whole words) nor ends as one ("unreachable").

Kept: a network's other name ("Vodafone-A1B2 / Vodafone-A1B2_5G", a band's "5G"), a router's address
("192.168.1.1"), a link, an e-mail address, a model or a serial in capitals ("TL-WR840N"), a common word after
the name ("TP-Link_5281 disconnected"), a name of a release, a ticket or a room ("Release-2 / build2024a").
Words as data (``assets/ssid_keys.json``); gated by one lexicon lookup of brands and Wi-Fi words.
"""

from __future__ import annotations

import functools
import re

from fact_memory_graph.secrets import lexicon, prefilter

Span = tuple[int, int, str]

_ASSET = "ssid_keys"
_NOT_NETWORK = re.compile(r"(?i)release|build|version|v\d|rev\d|sprint|ticket|order|ref|case|sku|model|part|invoice|batch|"
                          r"lot\d|flight|gate|seat|room|page|chapter|step|item")
_TAILS = re.compile(r"(?i)(?:2\.4|5|6)\s?g(?:hz)?|2g|24g|ext|guest|gast|plus|mesh|extender")
_CAPS_CODE = re.compile(r"[A-Z\d]+(?:[-_][A-Z\d]+)*")
_DOTTED = re.compile(r"\d{1,3}(?:\.\d{1,3}){3}")


@functools.cache
def _brands() -> list[str]:
    return sorted({*lexicon.asset_lists("network_keys")["ssid_brands"], *lexicon.asset_lists(_ASSET)["brands"]})


@functools.cache
def _gate() -> lexicon.Gate:
    return lexicon.Gate([*_brands(), *lexicon.asset_lists(_ASSET)["networks"]])


@functools.cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    data = lexicon.asset_lists(_ASSET)
    then = prefilter.whole_words(data["then"])
    pair = re.compile(r"(?<![\w@/.-])(?P<n>[^\W_][\w-]{2,31})"
                      rf"(?:[^\S\n]*(?:/|→|->|=>|\||:|,|[-–—](?=\s))[^\S\n]*(?:(?:{then})[^\S\n]+)?|[^\S\n]+(?:{then})[^\S\n]+|(?P<blank>[^\S\n]+))"
                      r"[\"'“‘«]?(?P<v>[^\s\"'“”‘’«»/@,;()]{8,64})")
    brand = re.compile(r"(?i)(?:" + prefilter.alternation(_brands()) + r")(?=[-_\d]|$)")  # not "btw-nummer"
    networks = re.compile("(?i)" + prefilter.whole_words(data["networks"]))
    return pair, brand, networks


def mentioned(text: str) -> bool:
    """Whether ``text`` may hold a network's name and key: a brand or a Wi-Fi's word in it (a lexicon lookup)."""
    return len(text) <= 1500 and _gate().open(text)


def _a_name(text: str, name: str, start: int) -> bool:
    """Whether ``name`` at ``start`` is a network's own name (see the module's note)."""
    if not (re.search(r"[-_\d]", name) and re.search(r"[^\W\d_]", name)) or _NOT_NETWORK.search(name):
        return False
    _, brand, networks = _patterns()
    if brand.match(name):
        return True  # "TP-Link_5281", "Safaricom_6456", "TurkNet_1784" (a brand's word, then its digits)
    line = text[max(text.rfind("\n", 0, start) + 1, start - 60):start]
    return bool(re.search(r"[A-Z]", name)) and networks.search(line) is not None


def _a_key(value: str, name: str, blank: bool) -> bool:
    from fact_memory_graph.secrets import recalled_values

    _, brand, _ = _patterns()
    if value.lower() == name.lower() or _TAILS.fullmatch(value) or _DOTTED.match(value) or "://" in value:
        return False
    if value.lower().startswith(name.lower()) or brand.match(value) and re.search(r"[-_]", value):
        return False  # another name of the network ("Vodafone-A1B2_5G")
    if value.isdigit():
        return 8 <= len(value) <= 12 and not (value[0] == "0" and len(value) >= 10)  # a phone's number
    if _CAPS_CODE.fullmatch(value) and not re.search(r"\d", value[:1]) and "-" in value:
        return False  # a model or a serial ("TL-WR840N")
    if value.isalpha() and value.lower() == value:  # a plain word: after a separator, no common word nor its ending
        return not blank and value not in recalled_values._common_words() \
            and not value.endswith(("able", "ible", "ed", "ing", "tion", "ly", "ness", "ment"))
    return bool(re.search(r"\d", value) and re.search(r"[^\W\d_]", value)) or bool(re.search(r"[a-z][A-Z]|[!#$%&*?+=@^~]", value))


def spans(text: str) -> list[Span]:
    """Keys right after their network's name (see the module's note)."""
    if not mentioned(text):
        return []
    pair, _, _ = _patterns()
    out: list[Span] = []
    pos = 0
    for _ in range(12):
        m = pair.search(text, pos)
        if not m:
            break
        pos = m.start("v")  # the value read may be the next pair's name ("wifi ya depo: Hostel_B1 / 8924…")
        name, value = m.group("n"), m.group("v").rstrip(".!?")
        if len(value) < 8 or not _a_name(text, name, m.start("n")) or not _a_key(value, name, m.group("blank") is not None):
            continue
        out.append((m.start("v"), m.start("v") + len(value), "password"))
        pos = m.start("v") + len(value)
    return out
