"""A code or a password told by where one keys it in, or given as the new one after a change.

- **Told after what one keys it in at** (``described_spans``): a description of what is typed or punched
  somewhere, then the value after a question mark, a colon, an ellipsis, "is" or a few fillers ("oh right",
  "it's"): "what you punch at the garage entrance? 47909", "what I type to get into the work order system:
  X", "what's the number I punch at the ATM for the payroll card again? oh right 8980", "the thing I type
  after my email on the hostel portal... X", "ce que je tape sur le digicode : 4471". Across two turns the
  caller reads the turns joined ("what was the thing i type after the email on teamsnap" / "oh right X").
  A plain word counts only after what is typed after an e-mail or a username ("the thing u type after the
  email on osu! is cheesecake shadow").
- **Given as the new one after a change** (``renewed_spans``): a change's word ("reset", "changed", "is
  dead", "geändert", "cambié" …) and the value named as the new one ("new one: X", "la nueva es X"), as what
  holds now ("it's X now", "its X now not Y": the one replaced too, as round twenty-five's corrections), or
  changed "to" it ("which I changed straight away to X"). The change may stand in the turn before (the caller
  joins the turns: "changed it again ugh" / "its X now", "gate code changed!!" / "1000 is dead. new one 8719").

A value has a password's shape (letters with digits or signs, not a code in capitals and digits such as a
flight's or an order's), is words joined by dashes or dots, or is 4–8 digits (a star or a hash may follow)
that are no year, time or amount — digits only when a code's word (a door's, a gate's, a PIN's) is in the
text, for a change. Words are data (``assets/keyed_codes.json``, ~15 languages); the reader runs only on a
text holding a keying verb or a change's word (one lexicon lookup).
"""

from __future__ import annotations

import functools
import json
import re
from importlib import resources

from fact_memory_graph.secrets import juxtaposed_passwords, lexicon, prefilter

Span = tuple[int, int, str]

_MAX_CHARS = 1500
_MAX_MATCHES = 6
_DIGITS = re.compile(r"[*#]?\d{4,8}[*#]?")
_YEAR = re.compile(r"(?:19|20)\d\d")
_CLOCK = re.compile(r"(?:[01]\d|2[0-3])[0-5]\d")
_JOINED = re.compile(r"[A-Za-z]{2,}\d*(?:[-_.][A-Za-z]{2,}\d*){2,}[!#$%&*?]?")  # "velvet-nickel-river-tofu"
_VERSION = re.compile(r"(?i)v?\d+(?:[.\-_]\w+)+|v\d+\w*")  # "v6.13.5", "v3.5.3-rc1": a version
_CODE_CAPS = re.compile(r"[A-Z0-9\-]+")  # "BA2490", "ORD-5521": a flight's, an order's code
_PLAIN = re.compile(r"[a-zà-öø-ÿ]{4,24}")
_EDGE = ".,;:)]}\"'”’»…"
_UNIT_AFTER = re.compile(r"(?i)\s*(?:am|pm|uhr|h|hrs|hours?|mins?|minutes?|%|€|\$|£|euros?|dollars?|pounds?|km|kg|mm|cm|m)"
                         r"(?![^\W\d_])")
#: Where a description ends and its value may begin: a question mark, a colon, an ellipsis, a sentence's
#: end, an exclamation, a dash or an arrow, "is"/"was"/"=", a new line or the next turn.
_STOP = re.compile(r"\?+|:|…|\.{2,}|\.(?=\s)|!+(?=\s)|\s[-—–]+>?(?=\s)|\s->(?=\s)|\s=(?=\s)|\s(?:is|was)(?=\s)|\n|\u2029")
_TOKEN = re.compile(r"[\"'“‘«]?(?P<v>[^\s\"'“”‘’«»()\[\]{}<>,;]{4,64})")


@functools.cache
def _data() -> dict:
    return json.loads(resources.files("fact_memory_graph.assets").joinpath("keyed_codes.json").read_text(encoding="utf-8"))


@functools.cache
def _gate() -> lexicon.Gate:
    d = _data()
    return lexicon.Gate([*d["key_verbs"], *d["changes"], *d["new_ones"], *d["asides"]])


def mentioned(text: str) -> bool:
    """Whether ``text`` may hold a verb of keying in or a change's word (a set lookup for most texts)."""
    return len(text) <= _MAX_CHARS and _gate().open(text)


@functools.cache
def _patterns() -> dict[str, re.Pattern[str]]:
    d = _data()
    w = prefilter.whole_words
    return {
        "described": re.compile(
            rf"(?i)(?<![^\W\d_])(?:{w(d['leads'])})\s+(?:[^\W\d_]+\s+){{0,3}}?(?:(?:{w(d['subjects'])})\s+"
            rf"(?:(?:always|usually|just|normally|have to|need to|gotta|should|must|can|still)\s+)?"
            rf"(?:{w(d['key_verbs'])})|(?:{w(d['own_verbs'])}))\s+(?:in\s+)?"
            # a subject after its verb: "lo que marca Julio antes de hablar"
            rf"(?:[A-ZÁÉÍÓÚÀÈÂÊÔÇÑ][^\W\d_]{{1,20}}\s+)?(?P<where>{w(d['wheres'])})"),
        "purposed": re.compile(rf"(?i)(?<![^\W\d_])(?:{w(d['code_names'])})\s+(?P<where>{w(d['purposes'])})"),
        "door_after": re.compile(rf"(?i)\s*(?:[—–\-]+|<-+|←|,)?\s*\^?\s*(?:{w(d['pointers_to_door'])})\s+(?:[^\W\d_]+\s+){{0,3}}?"
                                 rf"(?:{w(d['door_things'])})(?![^\W\d_])"),
        "typed_after": re.compile(rf"(?i){w(d['typed_after'])}"),
        "filler": re.compile(rf"(?i)[\s,:\u2029]*(?:{w(d['fillers'])})(?=[\s,:!.]|$)[\s,:.!]*"),
        "changes": re.compile(rf"(?i){w(d['changes'])}"),
        "new_one": re.compile(rf"(?i)(?<![^\W\d_])(?:{w(d['new_ones'])})(?:\s*[:=\-—–>]+)?\s+"),
        "now_is": re.compile(rf"(?i)(?<![^\W\d_])(?:{w(d['nows'])})\s+"),
        "now_after": re.compile(rf"(?i)\s+(?:{w(d['now_after'])})(?![^\W\d_])(?P<not>[\s,]+(?:not|no|nicht|pas|nie|не)\s+)?"),
        "changed_to": re.compile(r"(?i)(?<![^\W\d_])(?:changed|reset|set|switched|updated|changed it|reset it|set it)"
                                 r"(?:\s+(?:it|that|them|mine|the password|the code|the pin))?"
                                 r"(?:\s+(?:straight away|right away|again|already|immediately|just|then))?\s+to\s+"),
        "code_words": re.compile(rf"(?i){w(d['code_words'])}"),
        "owned": re.compile(rf"(?i)^\s*(?:(?:ok|okay|so|well|right|alright|fine|um|uh|ugh|lol|haha|and|but)[\s,.]+){{0,3}}"
                            rf"(?:{w(d['its'])})\s+(?:(?:literally|just|actually|still|basically|only)\s+){{0,2}}"),
        "asides": re.compile(rf"(?i){w(d['asides'])}"),
    }


def _token(text: str, at: int) -> tuple[int, int] | None:
    m = _TOKEN.match(text, at)
    if not m:
        return None
    raw = m.group("v")
    value = raw.rstrip(_EDGE)
    value = re.sub(r"[^\w!#$%&*?@^+=~\-.]+$", "", value)  # an emoji or a sign glued to it ("appelflap😅")
    value = value.rstrip(".")
    if len(value) < 4:
        return None
    return m.start("v"), m.start("v") + len(value)


def _digits_value(text: str, s: int, e: int) -> bool:
    v = text[s:e]
    if not _DIGITS.fullmatch(v):
        return False
    core = v.strip("*#")
    if _YEAR.fullmatch(core) and v == core or len(set(core)) == 1:
        return False
    return not _UNIT_AFTER.match(text, e) and not re.search(r"[$€£¥₹]\s*$|\d[.,:]$", text[max(0, s - 2):s])


def _shaped(value: str) -> bool:
    if "@" in value or "/" in value or value.lower().startswith("www"):
        return False  # an e-mail address, a link
    if _VERSION.fullmatch(value):
        return False
    if _CODE_CAPS.fullmatch(value) and re.search(r"[A-Z]", value):
        return False  # "BA2490": a flight's, an order's, a promotion's code
    if _JOINED.fullmatch(value):
        return True
    shaped = juxtaposed_passwords.shaped_value(value)
    if shaped:
        return not value.isdigit() and not re.fullmatch(r"\d+[.,:]\d+|\d{1,2}(?:am|pm|h)|v?\d+(?:\.\d+)+", value, re.I)
    return len(value) >= 8 and value.isalpha() and len(re.findall(r"[a-z][A-Z]", value)) >= 2


def _plain_words(text: str, s: int) -> int | None:
    """The end of one to three plain words in lower case that end the message (an emoji may follow)."""
    m = re.compile(r"[a-zà-öø-ÿ]{3,24}(?:\s+[a-zà-öø-ÿ]{3,24}){0,2}").match(text, s)
    if not m or not _PLAIN.fullmatch(text[s:m.end()].split()[0]):
        return None
    rest = text[m.end():]
    if re.fullmatch(r"[\s.!]*(?:[^\w\s]+[\s.!]*)*", rest):
        return m.end()
    return None


def described_spans(text: str) -> list[Span]:
    """A value after what one keys it in at, or types after an e-mail: "what you punch at the garage
    entrance? 47909", "what I type to get into the work order system: X"."""
    p = _patterns()
    out: list[Span] = []
    found = [*p["described"].finditer(text), *p["purposed"].finditer(text)]
    for n, m in enumerate(found):
        if n >= _MAX_MATCHES:
            break
        stop = _STOP.search(text, m.end(), min(len(text), m.end() + 90))
        if not stop:
            continue
        at = stop.end()
        for _ in range(4):
            f = p["filler"].match(text, at)
            if not f or f.end() == at:
                break
            at = f.end()
        at += len(text[at:]) - len(text[at:].lstrip(" \t\n\u2029"))
        tok = _token(text, at)
        if tok is None:
            continue
        s, e = tok
        if _digits_value(text, s, e) or _shaped(text[s:e]):
            out.append((s, e, "password"))
            continue
        if p["typed_after"].search(text, m.start("where"), stop.start() + 1) and text[s:e].islower() \
                and "\u2029" not in text[m.end():s]:  # a plain word in the same turn only ("… on the council site" / "thanks")
            end = _plain_words(text, s)
            if end is not None:
                out.append((s, end, "password"))
    return out


def _renewed_value(text: str, s: int, e: int, coded: bool) -> bool:
    return _shaped(text[s:e]) or coded and _digits_value(text, s, e) and not (
        _CLOCK.fullmatch(text[s:e]) and re.search(r"(?i)\b(?:at|um|à|a las|alle|om|o)\s*$", text[max(0, s - 8):s]))


def renewed_spans(text: str) -> list[Span]:
    """A value given as the new one after a change: "i had to reset it again. new one: X", "changed it
    again" / "its X now", "gate code changed" / "1000 is dead. new one 8719", "which I changed to X"."""
    p = _patterns()
    changes = list(p["changes"].finditer(text))
    if not changes:
        return []
    coded = p["code_words"].search(text) is not None
    out: list[Span] = []
    for m in p["new_one"].finditer(text):
        if not any(c.end() <= m.start() or c.start() >= m.end() for c in changes):
            continue  # "got a new one: iPhone15": a new thing, no change of a secret
        tok = _token(text, m.end())
        if tok and _renewed_value(text, *tok, coded):
            out.append((*tok, "password"))
    for m in p["now_is"].finditer(text):
        tok = _token(text, m.end())
        if not tok:
            continue
        after = p["now_after"].match(text, tok[1])
        if not after and not re.match(r"(?i)(?:ahora|teraz|теперь|сейчас|şimdi|sekarang|agora|jetzt|maintenant)\b",
                                      m.group().split()[0] + " "):
            continue
        if not _renewed_value(text, *tok, coded):
            continue
        out.append((*tok, "password"))
        if after and after.group("not"):
            old = _token(text, after.end())
            if old and _renewed_value(text, *old, coded):
                out.append((*old, "password"))  # "its 164406 now not 933859": the one replaced too
    for m in p["changed_to"].finditer(text):
        tok = _token(text, m.end())
        if tok and _renewed_value(text, *tok, coded):
            out.append((*tok, "password"))
    return out


def owned_spans(text: str) -> list[Span]:
    """A value of a password's shape the message opens with, owned up to: "ok so its X 🙃 dont judge",
    "c'est X, ne juge pas" — the writer's own choice, confessed (a plain word there stays: a meal, a
    plan)."""
    p = _patterns()
    m = p["owned"].match(text)
    if not m or len(text) > 200:
        return []
    tok = _token(text, m.end())
    if not tok or not _shaped(text[tok[0]:tok[1]]):
        return []
    aside = p["asides"].search(text, tok[1], tok[1] + 40)
    if not aside or re.search(r"[.!?]\s+\w", text[tok[1]:aside.start()]):
        return []
    return [(*tok, "password")]


_NOT_CODE = re.compile(r"(?i)price|cost|amount|total|fee|bill|width|height|size|number|year|date|time|weight|length|"
                       r"prix|coût|precio|costo|preis|kosten|prezzo|preço|prijs|цена|номер|número|numéro|nummer")


def door_named_spans(text: str) -> list[Span]:
    """A code opening the message, then the door it is for: "63455# — that's the side entrance on
    Delancey", "7719, for the bike room", "4408* c'est la porte du local"."""
    m = re.match(r"\s*(?P<v>[*#]?\d{4,8}[*#]?)(?![\w.,:/]\d)", text)
    if not m or not _digits_value(text, m.start("v"), m.end("v")):
        return []
    after = _patterns()["door_after"].match(text, m.end())
    if not after or _NOT_CODE.search(after.group()):
        return []  # "2500 — that's the price for the door": an amount, a measure, a number of the door
    return [(m.start("v"), m.end("v"), "password")]


#: Digits opening the message, then "that's" or "is" before what is keyed in ("3371 that's what u punch in …").
_FIRST_DIGITS = re.compile(r"\s*(?P<v>[*#]?\d{4,8}[*#]?)(?![\w.,:/]\d)\s*(?:[—–\-,:=]|<-+|←)?\s*"
                           r"(?i:that'?s|that’s|thats|that is|this is|is|eso es|esto es|es|isso é|é|c'est|ist|это)\s+")


def described_first_spans(text: str) -> list[Span]:
    """Digits opening the message, then what one keys them in at: "3371 that's what u punch in after the
    account number when calling the jail line", "4471 eso es lo que marca antes de hablar"."""
    m = _FIRST_DIGITS.match(text)
    if not m or not _digits_value(text, m.start("v"), m.end("v")):
        return []
    p = _patterns()
    d = p["described"].match(text, m.end())
    if not d or d.group("where").lower() in _FOR and not p["code_words"].search(text):
        return []  # "1500 is what he enters for the rent": an amount, what it is for
    return [(m.start("v"), m.end("v"), "password")]


_FOR = frozenset({"for", "para", "pour", "für", "per", "voor", "in", "en", "on"})


def spans(text: str) -> list[Span]:
    """Values told by where they are keyed in, new values after a change, values owned up to."""
    out = door_named_spans(text) if text[:1].isdigit() or text[:1] in "*#" else []
    if not mentioned(text):
        return out
    if text[:1].isdigit() or text[:1] in "*#":
        out += described_first_spans(text)
    return [*out, *described_spans(text), *renewed_spans(text), *owned_spans(text)]


@functools.cache
def _network_patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    d = _data()
    network_turn = re.compile(rf"(?i)\s*(?:(?:the|our|my|guest|staff|office|home|wifi|wi-fi|wlan)\s+)*"
                              rf"(?:{prefilter.whole_words(d['network_words'])})\s*[:=\-—–]?\s*"
                              rf"(?:(?:{prefilter.whole_words(d['network_name_joins'])})\s*[:=\-—–]?\s*)?\S{{2,40}}[\s.!]*")
    key_turn = re.compile(rf"(?i)\s*(?:and\s+|the\s+|its\s+|it's\s+)?(?:{prefilter.whole_words(d['network_keys'])})"
                          r"\s*(?:is\s+|:|=|-|—|–)?\s*[\"'“‘«]?(?P<v>[^\s\"'“”‘’«»]{6,64}?)[\"'”’»]?[\s.!]*"
                          r"(?:\([^()]{0,40}\)[\s.!]*)?")
    return network_turn, key_turn


def network_key_turn(text: str, before: str) -> list[Span]:
    """A turn that is only a key's word and a value, after a turn that is only a network and its name
    ("network: HQ-Staff" / "key: X", "network GuestNet" / "key X", "WLAN Gäste_5G" / "Schlüssel: X"): the
    network's key, whatever its shape."""
    if len(text) > 100 or len(before) > 80:
        return []
    network_turn, key_turn = _network_patterns()
    if not network_turn.fullmatch(before):
        return []
    m = key_turn.fullmatch(text)
    if not m:
        return _bare_key_turn(text, before)
    if m.group("v").lower() in ("withheld", "unknown", "nothing", "none", "required"):
        return []
    value = m.group("v").rstrip(".!,;")
    return [(m.start("v"), m.start("v") + len(value), "password")]


#: A network's own name: a word with an underscore, a dash or digits in it, or two words run together ("Dom_Kowalskich").
_NETWORK_NAME = re.compile(r"\S*(?:[_\-]|\d|[a-z][A-Z])\S*")
_LONE_KEY = re.compile(r"\s*(?P<v>[^\s\"'“”‘’«»]{8,64}?)[\s.!]*")


def _bare_key_turn(text: str, before: str) -> list[Span]:
    """A turn that is one token of eight characters or more and no common word, after a turn that is
    only a network's word and a network's own name ("sieć Dom_Kowalskich" / "mangotangotango",
    "SSID Casa-Lopez_5G" / "BlueHorseBatteryStaple"): the network's key."""
    from fact_memory_graph.secrets import recalled_values

    m = _LONE_KEY.fullmatch(text)
    name = before.split()[-1].strip(".!:") if before.split() else ""
    if not m or not _NETWORK_NAME.fullmatch(name) or _NOT_NETWORK.search(name):
        return []
    value = m.group("v").rstrip(".!,;")
    if value.casefold() in recalled_values._common_words() or value.casefold() in ("withheld", "unknown", "required") \
            or re.fullmatch(r"[\d\W]+", value) or "@" in value or "://" in value \
            or value.isalpha() and value.islower() and value.endswith(("able", "ed", "ing", "tion", "ible")):  # "unreachable"
        return []
    return [(m.start("v"), m.start("v") + len(value), "password")]


_PAIR = re.compile(r"\s*(?:(?:wifi|wi-fi|wlan|network|ssid)\s*[:\-—–]?\s*)?(?P<n>[^\s/@]{3,32})\s+/\s+"
                   r"(?P<v>[^\s/@]{8,64})(?=\s*$|\s+[—–-]\s|\s*\(|\s*\n|\s*\u2029)", re.I)


_NOT_NETWORK = re.compile(r"(?i)release|build|version|v\d|rev\d|sprint|ticket|order|ref|case|sku|model|part|invoice|batch|"
                          r"lot\d|flight|gate|seat|room|page|chapter|step|item")


def ssid_pair_spans(text: str) -> list[Span]:
    """A network's name and its key as a message's first words, "name / key": "MSF-Field / Evac9994xx —
    if the kids ask", "BTHub6-1903 / marmalade4189!". The name is a network's shape (a capital with a
    dash, an underscore or digits); the key has a password's shape with a digit and a lower-case letter."""
    if len(text) > 160 or " / " not in text:
        return []
    m = _PAIR.match(text)
    if not m:
        return []
    name, value = m.group("n"), m.group("v").rstrip(".,;")
    if not (re.search(r"[A-Z]", name) and re.search(r"[-_\d]", name) and re.search(r"[^\W\d_]", name)):
        return []
    if not (re.search(r"\d", value) and re.search(r"[a-z]", value) and _shaped(value)) or name.lower() == value.lower():
        return []
    if _NOT_NETWORK.search(name) or _NOT_NETWORK.search(value):
        return []  # "Release-2 / build2024a": a version, a build, a model, a reference
    return [(m.start("v"), m.start("v") + len(value), "password")]


_FOR_TURN = re.compile(r"(?i)\s*(?:it'?s\s+|this\s+is\s+|and\s+)?(?:for|on|at|para|pour|für|per|voor|na|dla|для)\s+"
                       r"(?:(?:the|my|our|a|el|la|le|mi|mon|ma|der|die|das|den|il|de|het)\s+)?(?P<thing>[^\W\d_][^.!?\n]{1,40}?)[\s.!:]*")
_USED_TURN = re.compile(r"(?i)\s*(?P<v>[^\s,;]{4,40}?)[\s,]+(?:is what|'s what|’s what|is the one|that's what|thats what|c'est ce que|es lo que|ist das, was)\s+"
                        r"(?:i|you|we|u|je|yo|ich)\s+(?:always\s+|usually\s+)?(?:use|type|punch|punch in|enter|put in|key in|tape|mets|uso|pongo|marco|nehme|tippe)"
                        r"(?![^\W\d_])[\s.!]*(?:\S{1,3})?\s*")


def for_thing_turn(text: str, before: str) -> list[Span]:
    """"X is what I use" after a turn that is only what it is for ("for the atm" / "1659 is what I use",
    "pour le digicode" / "4471 c'est ce que je tape"): the thing must be one a secret opens."""
    if len(text) > 80 or len(before) > 60:
        return []
    f = _FOR_TURN.fullmatch(before)
    m = _USED_TURN.fullmatch(text) if f else None
    if not m:
        return []
    from fact_memory_graph.secrets import opening_values

    if not opening_values.names_a_thing(f.group("thing")):
        return []
    s, e = m.start("v"), m.start("v") + len(m.group("v").rstrip(_EDGE))
    if not (_digits_value(text, s, e) or _shaped(text[s:e])):
        return []
    return [(s, e, "password")]
