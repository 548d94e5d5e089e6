"""A Wi-Fi's key said beside its network's name, or read off the router.

- **Key, then the network**: "the wifi is lemonsherbet42 on Casa_Mora", "le wifi c'est framboise82
  sur Livebox-22F1", "wifi: lemonsherbet on Casa_Mora" — a Wi-Fi's word, a copula, the key, a word
  for "on" and a network's name (a token with a digit, a dash or an underscore, or capitalised).
- **Read off the router**: "the sticker on the router says 8kPq2mZx7T", "auf dem Aufkleber steht
  hx7kpq29mz" — where a key is printed, a verb of reading it, the key (a password's shape).
- **Read off the router unit by unit** (round thirty): "the router sticker says two c b four four b seven
  seven one b" — eight spelled units or more (``spelled_values.run_at``).
- **After its security mode**, the turn's last token: "WPA2 M8GTY4SW", "WPA2-PSK: biscuitjuniper477".
- **Joining a network with it**: "connect to BT-Hub7 with orangepeel99", "conéctate a Casa_22 con
  gatito99".
- **Named by its label**: "wifi: lemontree", "WLAN — purplemonkeydishwasher", "Internetpasswort:
  lemontree", "the wifi's \"lemon tree house\"" — a plain word (or quoted words) right after a Wi-Fi's
  label and a colon or a dash, unless it says how the Wi-Fi is ("wifi: down", "WLAN: kostenlos");
  or before a phrase leading back to the Wi-Fi ("lemontree — that's the wifi").

Words in ~25 languages as data (``assets/wifi_keys.json``). Runs only when a Wi-Fi's, a router's or a
joining word is in the text (one prefix-tree search).
"""

from __future__ import annotations

import functools
import json
import re
from importlib import resources

from fact_memory_graph.secrets import lexicon, prefilter, spelled_values, spoken_credentials

Span = tuple[int, int, str]

_VALUE = r"(?P<v>[^\s,;:()\[\]{}<>\"“”«»]{5,64})"
_SSID = r"(?P<ssid>[^\s,;()\[\]{}<>\"“”«»]{2,40})"
_TRAIL = ".,;:!?"


@functools.cache
def _data() -> dict:
    return json.loads(resources.files("fact_memory_graph.assets").joinpath("wifi_keys.json").read_text(encoding="utf-8"))


def _alt(key: str) -> str:
    return prefilter.whole_words(_data()[key])


def _gate_words() -> list[str]:
    d = _data()
    return d["wifi"] + d["labels"] + d["connect"] + d["compounds"] + d["bare_labels"] + d["security_modes"]


@functools.cache
def _gate() -> re.Pattern[str]:
    return re.compile("(?i)" + prefilter.whole_words(_gate_words()))


@functools.cache
def _words() -> lexicon.Gate:
    """The gate's words in the lexicon's one pass: a text with none of them pays a set lookup."""
    return lexicon.Gate(_gate_words())


@functools.cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    key_on = re.compile(rf"(?i)(?:{_alt('wifi')})[^\n.!?;]{{0,30}}?(?:\s|^)(?:{_alt('copulas')})\s*{_VALUE}"
                        rf"\s+(?:{_alt('on')})\s+(?:(?:the|la|le|el|das|dem|den|o|a|il|het|de)\s+)?"
                        rf"(?:(?:network|red|réseau|netz|netzwerk|rede|rete|netwerk|sieć|сеть|ağ)\s+)?{_SSID}")
    printed = re.compile(rf"(?i)(?:{_alt('labels')})[^\n.!?;]{{0,40}}?(?:{_alt('reads')})\s*[:：]?\s*"
                         rf"(?:(?:the\s+)?(?:wpa2?\s+)?(?:key|password|pw|code|passwort|schlüssel|clé|clave|senha|chiave|ключ|пароль|şifre)\s*[:=]?\s*)?"
                         rf"{_VALUE}")
    joined = re.compile(rf"(?i)(?:{_alt('connect')})\s+(?:(?:the|to|la|le|el|das|dem|den|o|a|il|het|de|au)\s+)?{_SSID}"
                        rf"\s+(?:(?:{_alt('with')})\s+){{1,3}}(?:(?:the|my|la|le|el|das|den|o|a|il|het|de)\s+)?{_VALUE}")
    return key_on, printed, joined


#: A plain-word key: one word of letters (camel case allowed, not a capitalised word alone: "wifi:
#: Excellent" rates it), or words in quotes.
_PLAIN = r"(?:(?P<w>[a-z\u00df-\u024f\u0430-\u044f][^\W\d_]{4,39}|[A-Z][a-z]+(?:[A-Z][a-z]+)+)|[\"“'‘](?P<q>[^\W\d_]+(?: [^\W\d_]+){0,4})[\"”'’])"


@functools.cache
def _labelled() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], re.Pattern[str], frozenset[str]]:
    label = rf"(?:{_alt('compounds')}|(?:{_alt('wifi')})(?:['’]s)?(?:\s*(?:{_alt('key_names')}))?)"
    named = re.compile(rf"(?i:{label})\s*(?:[:=]|\s[-–—]+|\s(?i:is|ist|est|es|é|è|c'est|jest|это|är)\s*(?=[\"“'‘])|(?<=s)(?=\s+[\"“'‘]))\s*{_PLAIN}"
                       rf"(?(w)(?=\s*(?:[.!?;,)]|$|\s(?:btw|thanks|ty|danke|merci|gracias|grazie|obrigad[oa])\b)))")
    back = re.compile(rf"(?<![\w@.])(?:{_PLAIN})\s*(?:[-–—,:]+|<-+|←)?\s*(?i:{_alt('that_is')})")
    # "router key snowdropkestrel (the church hall one)": a key's label, a blank, the plain words, then
    # a bracket, a spelling note or the end; "the wifi is old vicarage garden foxglove no spaces": a
    # Wi-Fi's word, a copula, words and a note on how to type them (a state has none)
    words = r"(?P<w>[a-z\u00df-\u024f][^\W\d_]{2,30}(?: [a-z\u00df-\u024f][^\W\d_]{2,30}){0,4})"
    notes = _alt("spelling_notes")
    one = r"(?P<one>[a-z\u00df-\u024f][^\W\d_]{4,39})"
    bare = re.compile(rf"(?i:{_alt('bare_labels')})\s+(?:(?-i:{words})(?=\s*(?:\(|(?i:{notes})))|(?-i:{one})(?=\s*(?:[.!;]|$)))")
    noted = re.compile(rf"(?i:{_alt('wifi')})(?:\s+(?i:{_alt('key_names')}))?(?:\s+[^\W\d_]+){{0,5}}?\s+(?i:is|=|ist|est|es|é|è|c'est|jest|это|är)\s+"
                       rf"(?-i:{words}),?\s+(?i:{notes})")
    return named, back, bare, noted, frozenset(w.lower() for w in _data()["states"])


@functools.cache
def _shaped_label() -> re.Pattern[str]:
    """A Wi-Fi's word (maybe its key's name, a place's word or two: "wifi guesthouse", "café wifi"), a
    colon, a copula or a blank, then one token ending its clause: read as a key when it has a key's
    shape no network's name has — eight digits or more, or letters in random case ("QmtRvbXqLoPe").
    A network's naming word between ("the wifi network is called …", "wifi name: …") leaves it."""
    naming = _alt("network_naming")
    return re.compile(rf"(?i:{_alt('wifi')})(?:['’]s)?(?:\s+(?i:{_alt('key_names')}))?"
                      rf"(?:\s+(?!(?i:{naming})\b)[^\W\d_]{{2,20}}){{0,2}}?\s*(?:[:=：]|\s(?i:{_alt('copulas')})\s|\s)\s*"
                      r"(?P<v>(?<![\w@#])[A-Za-z0-9]{8,40})(?![\w@#$%&*+=/\-])"
                      r"(?!\s*(?i:[kmg]?bps|[kmg]?bit|[kmgt]b\b|hours?|h\b|min|minutes?|days?|%|times|x\b))")


@functools.cache
def _naming() -> re.Pattern[str]:
    return re.compile(rf"(?i){_alt('network_naming')}")


def _random_case(value: str) -> bool:
    """Letters in random case ("QmtRvbXqLoPe", "pAxpEavw"): a run that starts small and turns to a capital
    twice, or a word of camel case with three letters or more and no vowel ("Jqnqk"). A network's name in
    camel case is words ("LazyCatNetworkHome", "MyHomeWifi", "HausWLAN7")."""
    for run in re.findall(r"[^\W\d_]+", value):
        if run[:1].islower() and len(re.findall(r"[a-z](?=[A-Z])", run)) >= 2:
            return True
        if any(len(w) >= 3 and not re.search(r"(?i)[aeiouy]", w) for w in re.findall(r"[A-Z]?[a-z]+", run)):
            return True
    return False


@functools.cache
def _printed_head() -> re.Pattern[str]:
    """Where a key is printed and a verb of reading it, the key to follow."""
    return re.compile(rf"(?i)(?:{_alt('labels')})[^\n.!?;]{{0,40}}?(?:{_alt('reads')})\s*[:：]?\s*")


@functools.cache
def _after_mode() -> re.Pattern[str]:
    """A key right after its network's security mode, as a router's sticker or a dictation gives it:
    "WPA2 M8GTY4SW", "WPA2-PSK: biscuitjuniper477" (round thirty)."""
    return re.compile(rf"(?i:{_alt('security_modes')})\s*[:=\-–—]?\s*(?P<v>[^\s,;:()\[\]{{}}<>\"“”«»]{{8,63}})"
                      r"(?=[\s.!?,;]*$|[\s.!?,;]+(?:\u2029|\n))")


@functools.cache
def _routers() -> re.Pattern[str]:
    return re.compile("(?i)" + _alt("routers"))


def _network_name(token: str) -> bool:
    return bool(re.search(r"[\d_\-]", token) or token[:1].isupper())


#: "WPA2 Xk82mPq7Lz", "wpa: Sunny-Day-42": a key right after the protocol's name ("WPA2 is more secure than WEP",
#: "WPA2 AES-CCMP": a copula, a cipher in capitals — no key); it must end its clause.
_WPA_VALUE = re.compile(r"(?i)(?<![\w-])wpa[23]?(?:[-\s]?psk)?(?:[-\s]personal)?\s*[:=]?\s+(?P<v>[^\s,;()\[\]{}<>\"“”«»]{8,63})")
_CLAUSE_END = re.compile(r"\s*(?:[,;.!?()\n]|$)")
#: "WPA2 vrrdkxh45ab3 rete CasaLopez": the network's word and its name after the key, ending the turn.
_NETWORK_AFTER = re.compile(r"(?i)\s+(?:network|net|ssid|wifi|wi-fi|wlan|rete|red|réseau|reseau|netz|netzwerk|rede|netwerk|sieć|siec|сеть|мережа|ağ)"
                            r"\s*[:=]?\s*\S{2,32}[\s.!]*$")


def spans(text: str) -> list[Span]:
    """Wi-Fi keys beside their network's name, read off a router, or given to join a network."""
    out: list[Span] = []
    if len(text) > 2000:
        return out
    if "wpa" in text or "WPA" in text or "Wpa" in text:  # "WPA2 Xk82mPq7Lz": the protocol's name right before its key
        for m in _WPA_VALUE.finditer(text):
            value = m.group("v").rstrip(_TRAIL)
            if spoken_credentials.password_like(value) and re.search(r"[a-z\d]", value) \
                    and (_CLAUSE_END.match(text, m.start("v") + len(value))
                         or _NETWORK_AFTER.match(text, m.start("v") + len(value))):
                out.append((m.start("v"), m.start("v") + len(value), "password"))
    if not _words().open(text) or not _gate().search(text):
        return out
    key_on, printed, joined = _patterns()
    for m in key_on.finditer(text):
        value = m.group("v").rstrip(_TRAIL)
        if _network_name(m.group("ssid").rstrip(_TRAIL)) and (spoken_credentials.password_like(value)
                                                             or re.fullmatch(r"[^\W\d_]{5,40}", value)):
            out.append((m.start("v"), m.start("v") + len(value), "password"))
    for pattern in (printed, joined):
        for m in pattern.finditer(text):
            value = m.group("v").rstrip(_TRAIL)
            if pattern is joined and not _network_name(m.group("ssid")):
                continue  # "join the club with friends"
            if pattern is printed and not _routers().search(text, max(0, m.start() - 80), m.end()):
                continue  # "barcode on the back of the novel reads 9782…"
            if spoken_credentials.password_like(value) or re.fullmatch(r"\d{8,20}", value) \
                    or pattern is joined and re.fullmatch(r"[^\W\d_]{6,40}", value):
                out.append((m.start("v"), m.start("v") + len(value), "password"))
    for m in _printed_head().finditer(text):  # spelled unit by unit: "the router sticker says two c b four four b …"
        end, units, letters = spelled_values.run_at(text, m.end())
        if units >= 8 and letters >= 2 and _routers().search(text, max(0, m.start() - 80), m.end()):
            out.append((m.end(), end, "password"))
    for m in _after_mode().finditer(text):  # the key is the turn's last token, after its security mode
        value = m.group("v").rstrip(_TRAIL)
        if re.fullmatch(r"[A-Z\-/+]+", value):  # a cipher's or a mode's name in capitals ("WPA2 AES-CCMP"): no key
            continue
        if spoken_credentials.password_like(value) or re.fullmatch(r"[a-z]{4,}[a-z]*\d{2,}", value):
            out.append((m.start("v"), m.start("v") + len(value), "password"))
    for m in _shaped_label().finditer(text):  # "wifi at the guesthouse: 5830291746", "the wifi is QmtRvbXqLoPe"
        value = m.group("v")
        if _naming().search(text, max(0, m.start() - 30), m.start("v")):
            continue  # "il nome della rete wifi è …": the network's name
        if re.fullmatch(r"\d{8,20}", value) or len(value) >= 8 and _random_case(value):
            out.append((m.start("v"), m.end("v"), "password"))
    named, back, bare, noted, states = _labelled()
    for pattern in (named, back, bare, noted):
        for m in pattern.finditer(text):
            key = next(k for k in ("w", "q", "one") if k in m.re.groupindex and m.group(k))
            if m.group(key).lower() not in states:
                out.append((m.start(key), m.end(key), "password"))
    return out
