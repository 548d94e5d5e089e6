"""A Wi-Fi's key named by its network, not by the word "wifi".

People name the network and give its key: "the guest network is sunflower88", "le code du réseau
invité c'est tangerine77", "das Passwort fürs Gäste-Netz lautet …", "SSID Casa_22 / BlueHeron2024",
"to get online at ours use tangerine77", "the hotspot on my phone uses …". The grammar: a network's
word (~30 languages), a few words (the network's name, whose it is), a cue (a copula, a colon, a dash,
a slash, a verb of typing or using it) and a value of a password's shape. A key's word before the
network ("the key for the upstairs network is …") or between it and the value makes a plain password
shape enough; without one the value must hold a digit or a symbol (a name in camel case — "iPhone",
"LinkedIn" — is no key).

Look-alikes kept: the network's name ("the network is called Casa_22", "SSID: Casa_22", a value after a
naming word), a router's serial, model or address ("serial of the router is SNV…"), a router's or provider's default name ("the network is Vodafone-A1B2", "…_5G"), a speed
("300 mbps"), a state ("the guest network is open"). Words are data (``assets/network_keys.json``); the
reader runs only when a network's word is in the text (one lexicon lookup).
"""

from __future__ import annotations

import functools
import json
import re
from importlib import resources

from fact_memory_graph.secrets import juxtaposed_passwords, lexicon, prefilter, spoken_credentials

Span = tuple[int, int, str]

_TRAIL = ".,;:!?)"
_REACH = 140  # how far after a network's word its key may be (one clause with the network's name)
_LOOK_BACK = 60  # how far before it a key's word may stand ("the key for the upstairs network is …")
#: A sentence's end; an ellipsis is a pause in chat ("la clave del wifi… Lobby_Free… es X"), not an end.
_SENTENCE_END = re.compile(r"(?<!\.)[.!?;。！？](?!\.)(?:\s|$)|\n")
_SEPARATORS = frozenset("/-–—→:")
#: A device's MAC or IP address: a network's, never its key.
_ADDRESS = re.compile(r"(?i)[0-9a-f]{2}(?:[:-][0-9a-f]{2}){5}|[0-9a-f]{4}(?:\.[0-9a-f]{4}){2}|\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?")


@functools.cache
def _data() -> dict:
    return json.loads(resources.files("fact_memory_graph.assets").joinpath("network_keys.json").read_text(encoding="utf-8"))


@functools.cache
def _words() -> lexicon.Gate:
    return lexicon.Gate(_data()["networks"])


@functools.cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    d = _data()
    networks = re.compile("(?i)" + prefilter.whole_words(d["networks"]))
    keys = re.compile("(?i)" + prefilter.whole_words(d["key_words"]))
    # a name or another label of the network's ("called", "SSID", "serial", "MAC"): what follows is that
    names = re.compile("(?i)" + prefilter.whole_words([*d["names"], *d["labels"]]))
    # a key's own word is a cue too ("network Casa_22, password BlueHeron2024", "पासवर्ड … है")
    words = [c for c in (*d["cues"], *d["key_words"]) if c[:1].isalnum() or c[:1] in "'’"]
    marks = "|".join(re.escape(c) for c in sorted({c for c in d["cues"] if c not in words}, key=len, reverse=True))
    # a dash or a slash is a cue after a blank ("Casa_22 — X", "Casa_22 / X"), never inside a token ("t-a-n-g-o")
    cue = re.compile(rf"(?i)(?:{prefilter.whole_words(words)}|[:：=](?!//)|(?<=\s)(?:{marks}))\s*"
                     r"(?P<v>(?<![\w@#])[^\s,;:()\[\]{}<>\"“”«»]{4,64})(?!:)")  # not "WIFI:S:CafeNoir;…", a QR's fields
    return networks, keys, names, cue


#: Letters in random case: in a run of letters that starts small, two turns from a small letter to a
#: capital ("pAxpEavw"); in any run, three ("ExuImWnxWPM"). A name in camel case has one turn per word
#: after the first ("FreeWifi", "MyHomeWifi", "iPhone").
_LETTER_RUN = re.compile(r"[^\W\d_]+")
_TURN_UP = re.compile(r"[a-z](?=[A-Z])")


def _random_case(value: str) -> bool:
    for run in _LETTER_RUN.findall(value):
        turns = len(_TURN_UP.findall(run))
        if turns >= 3 or turns >= 2 and run[:1].islower():
            return True
    return False


#: A key's strong shape: letters, a digit and a symbol ("Krankenhaus#91"): no cue needed beside a network's word.
_STRONG = re.compile(r"(?<![\w@#/])(?=[^\s,;]*\d)(?=[^\s,;]*[!#$%&*+=?^~])(?=[^\s,;]*[^\W\d_]{3})[^\s,;()\[\]{}<>\"“”«»]{6,64}")
#: A router's default network name and a key on the same line: "Bar-Nord-5G / Brioche-tangerine-01".
_PAIR = re.compile(r"(?<!\S)(?P<ssid>[^\s/|,;]{5,40})\s+[/|]\s+(?P<v>[^\s/|,;]{8,64})")


def _ssid_like(value: str) -> bool:
    """A network's default name: a router's or a provider's name with a short suffix ("Vodafone-A1B2",
    "BT-Hub6-7X2K", "…_5G"), not a key that starts so ("Livebox-ww9aQvfZTt": a long tail in random case)."""
    low = value.lower()
    d = _data()
    if any(low.endswith(t) for t in d["ssid_tails"]):
        return True
    brand = next((b for b in d["ssid_brands"] if low.startswith(b)), None)
    if brand is None:
        return False
    tail = value[len(brand):].lstrip("-_ ")
    return not (len(tail) >= 8 and re.search(r"[a-z]", tail) and re.search(r"[A-Z]", tail))


def _named_shape(value: str) -> bool:
    """A value that may be a network's name as well as its key: no digit, no symbol, no random case."""
    return not re.search(r"\d|[!#$%&*+=?^~]", value) and not _random_case(value)


#: Between a key's word and a plain word that is its value: blanks, a colon or a dash.
_KEY_TO_VALUE = re.compile(r"\s*[:=\-–—]?\s*")
#: What may follow a plain key: the message's or the clause's end, an aside, a sentence-final particle.
_PLAIN_END = re.compile(r"\s*(?:[.,;!?(\n]|$)")


def _plain_key(text: str, key_end: int, start: int, value: str) -> bool:
    """A plain word right after a key's word, ending its clause, that is a value by juxtaposed passwords'
    rule ("wifi is Vodafone-2B7E, key rainydaysinn"; "… key changed yesterday" is no key)."""
    return bool(_KEY_TO_VALUE.fullmatch(text, key_end, start)) and bool(_PLAIN_END.match(text, start + len(value))) \
        and juxtaposed_passwords.a_value(value)


def _clause_end(text: str, at: int) -> int:
    m = _SENTENCE_END.search(text, at, min(len(text), at + _REACH))
    return m.start() if m else min(len(text), at + _REACH)


def _clause_start(text: str, at: int) -> int:
    head = text[max(0, at - _LOOK_BACK):at]
    cut = max((m.start() for m in _SENTENCE_END.finditer(head)), default=-1)
    return at - len(head) + cut + 1 if cut >= 0 else at - len(head)


def spans(text: str) -> list[Span]:
    """Keys told after their network's word (see the module's note)."""
    if len(text) > 3000 or not _words().open(text):
        return []
    networks, keys, names, cue = _patterns()
    out: list[Span] = []
    for net in networks.finditer(text):
        end = _clause_end(text, net.end())
        keyed_before = bool(keys.search(text, _clause_start(text, net.start()), net.start()))
        # "serial of the router is …", "MAC address of the hotspot: …": another label of the network's
        labelled_before = not keyed_before and names.search(text, _clause_start(text, net.start()), net.start()) is not None
        naming = net.group().lower() == "ssid"
        for m in cue.finditer(text, net.end(), end):
            value = m.group("v").rstrip(_TRAIL)
            start = m.start("v")
            between = text[net.end():start]
            key_at = max((k.end() for k in keys.finditer(between)), default=-1)
            name_at = max((n.end() for n in names.finditer(between)), default=-1)
            if name_at > key_at:
                continue  # "the network is called Casa_22", "the router's serial is …": not its key
            keyed = keyed_before or key_at >= 0
            if labelled_before and key_at < 0:
                continue
            separated = m.group().strip()[:1] in _SEPARATORS and bool(between.strip(" :/-–—→"))
            if naming and not keyed and not separated:
                continue  # "SSID: Casa_22" — "SSID Casa_22 / BlueHeron2024" is the key after the name
            if "@" in value or "://" in value or _ADDRESS.fullmatch(value) or not (
                    spoken_credentials.password_like(value) or key_at >= 0 and _plain_key(text, net.end() + key_at, start, value)):
                continue
            if not keyed and (_named_shape(value) or _ssid_like(value)):
                continue  # "the network is iPhone", "… is Vodafone-A1B2": a name
            if keyed and _ssid_like(value) and not key_at >= 0:
                continue
            out.append((start, start + len(value), "password"))
            break  # one key per network's word
        else:
            out.extend(_uncued(text, net, end, names))
    return out


def _uncued(text: str, net: re.Match[str], end: int, names: re.Pattern[str]) -> list[Span]:
    """A key beside a network's word with no cue before it: read off the router ("steht's auf dem
    router d9gjxoQy4Bcq"), a key's strong shape in the clause ("yung wifi sa nurses station,
    Krankenhaus#91 daw"), or a network's name and a key split by a slash ("Bar-Nord-5G / Brioche-…")."""
    start = _clause_start(text, net.start())
    if names.search(text, start, end):
        return []  # "the router's serial …", "SSID name …"
    if _reads().search(text, max(start, net.start() - 30), net.start()):
        m = re.compile(r"\s*[:\-–—]?\s*(?P<v>[^\s,;:()\[\]{}<>\"“”«»]{6,64})(?!:)").match(text, net.end())
        if m:
            value = m.group("v").rstrip(_TRAIL)
            if (spoken_credentials.password_like(value) and not _ssid_like(value)) or re.fullmatch(r"\d{8,20}", value):
                return [(m.start("v"), m.start("v") + len(value), "password")]
    for pair in _PAIR.finditer(text, start, min(len(text), end + 80)):
        value = pair.group("v").rstrip(_TRAIL)
        ssid = pair.group("ssid")
        if re.search(r"[\d_\-]|[a-z][A-Z]", ssid) and spoken_credentials.password_like(value) and not _ssid_like(value) \
                and not _ADDRESS.fullmatch(value) and "@" not in value and "://" not in value:
            return [(pair.start("v"), pair.start("v") + len(value), "password")]
    for m in _STRONG.finditer(text, start, end):
        value = m.group().rstrip(_TRAIL)
        if "@" not in value and "://" not in value and not _ssid_like(value) and not _ADDRESS.fullmatch(value):
            return [(m.start(), m.start() + len(value), "password")]
    return []


@functools.cache
def _reads() -> re.Pattern[str]:
    """Verbs of reading a key off something ("steht", "says", "dit", "pone"): wifi_keys.json's."""
    words = json.loads(resources.files("fact_memory_graph.assets").joinpath("wifi_keys.json").read_text(encoding="utf-8"))["reads"]
    return re.compile("(?i)" + prefilter.whole_words([*words, "steht's", "stehts", "steht es"]))
