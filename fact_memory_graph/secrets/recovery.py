"""One-time codes, seed words and security answers the earlier rules miss.

- A one-time code typed in its own short turn after a turn about a text, an app or a bank's
  message, with a word or two around it ("it says 558 201, what do I do with it", "yeah 40 77 19"):
  the code the only number of the turn, no public label (order, parcel, amount, time) in either turn.
- Seed words numbered one by one ("1. galaxy 2. ribbon …") — twelve with no name, three after a
  seed's name (this turn or the turn before) — and a seed's first or last words after its name
  ("the first four seed words are velvet harbor candle mirror"): four distinct words or more of
  one BIP-39 list.
- A security answer named after it is given, by grammar rather than one phrase per verb: "X —
  that's (also) what I <verb> for/as …", "which is what I put as …", "I used that as my …",
  "X is my answer for …", "c'est ce que j'ai …", "das habe ich … angegeben", "cevabım da bu"
  (``assets/recovery.json`` ``backref_patterns``); a quote after a verb of answering
  ("j'ai répondu « X » à la question …"); an answer label after a security question's name in the
  same message ("Întrebarea de securitate: … Răspuns: X"); and the answer in the turn after a
  turn that asks about a security question ("what did you put for 'where did your parents
  meet'?" / "Lisdoonvarna, at the festival").
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

from . import forms, lexicon
from . import security_answers as sa

Span = tuple[int, int, str]
_ASSET = Path(__file__).resolve().parent.parent / "assets" / "recovery.json"


_UNSPACED = re.compile(r"[\u0e00-\u0e7f\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")


def _words_re(words: Sequence[str]) -> re.Pattern[str]:
    """Whole words; a word of a script written without spaces (CJK, kana, Hangul, Thai) anywhere."""
    ordered = sorted(set(words), key=len, reverse=True)
    spaced = "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in ordered if not _UNSPACED.search(w))
    glued = "|".join(re.escape(w) for w in ordered if _UNSPACED.search(w))
    pattern = rf"(?<![^\W\d_])(?:{spaced})(?![^\W\d_])" + (f"|{glued}" if glued else "")
    return re.compile(f"(?i){pattern}")


def _substrings(words: Sequence[str]) -> re.Pattern[str]:
    """Whether any of ``words`` occurs in a (casefolded) text, as one scan instead of one per word."""
    return re.compile("|".join(re.escape(w) for w in sorted(set(words), key=len, reverse=True)))


class _Prefiltered:
    """A whole-word list, searched only when one of its words is in the text at all (a plain
    substring test per word is far cheaper than the alternation at every position)."""

    def __init__(self, words: Sequence[str]) -> None:
        self.words = tuple(sorted({w.casefold() for w in words}))
        self.pattern = _words_re(words)
        #: the same substring test, one scan (a literal alternation, no word bounds)
        self._any = _substrings(self.words)

    def _may(self, text: str) -> bool:
        return self._any.search(text.casefold()) is not None

    def search(self, text: str, *bounds: int) -> re.Match[str] | None:
        return self.pattern.search(text, *bounds) if self._may(text) else None

    def finditer(self, text: str, *bounds: int):  # noqa: ANN201 - re's own iterator
        return self.pattern.finditer(text, *bounds) if self._may(text) else iter(())


class _D:
    def __init__(self) -> None:
        data = json.loads(_ASSET.read_text(encoding="utf-8"))
        self.senders = _words_re(data["code_turn_senders"])
        symbols = [w for w in data["code_turn_lookalikes"] if not w[0].isalnum()]
        labels = json.loads((_ASSET.parent / "labelled_lookalikes.json").read_text(encoding="utf-8"))
        public = [w for w in labels["labels"] + labels["places"] if "code" not in w.casefold()]
        self.lookalike = _Prefiltered([w for w in data["code_turn_lookalikes"] if w[0].isalnum()] + public)
        self.symbols = frozenset(symbols)
        self.question = _Prefiltered(data["question_words"])
        self.verbs = _words_re(data["answer_verbs"])
        self.back = re.compile("(?i)(?<![^\\W\\d_])(?:" + "|".join(data["backref_patterns"]) + ")(?![^\\W\\d_])")
        self.cue = re.compile("(?i)(?<![^\\W\\d_])(?:" + "|".join(re.escape(w) for w in data["backref_cue"]) + ")")
        self.place = _words_re(data["security_place"])
        self.asking = _words_re(data["asking_verbs"])
        self.nouns = _words_re(data["extra_nouns"])
        self.otp_context = re.compile("(?i)" + "|".join(re.escape(w) for w in data["otp_context"]))
        self.otp_message = _Prefiltered(data["otp_message"])
        self.before_code = re.compile("(?i)(?<![^\\W\\d_])(?:" + "|".join(re.escape(w) for w in data["before_code"])
                                      + r")[^\S\n]*$")
        self.named_as = _words_re(data["named_as"])
        self.its_value = _words_re(data["its_value"])
        nouns = "|".join(re.escape(w) for w in sorted(set(data["recovery_code_nouns"]), key=len, reverse=True))
        quals = "|".join(re.escape(w) for w in sorted(set(data["recovery_code_qualifiers"]), key=len, reverse=True))
        gap = r"(?:[^\S\n]+[^\s\d]+){0,2}[^\S\n]+"
        grammar = (rf"(?<![^\W\d_])(?:(?:{nouns}){gap}(?:{quals})|(?:{quals})[\s\-]*(?:[^\s\d]+[^\S\n]+){{0,2}}(?:{nouns}))"
                   r"(?![^\W\d_])")
        self.recovery_names = re.compile(f"{_words_re(data['recovery_code_names']).pattern}|(?i:{grammar})")
        self.list_cues = lexicon.Gate(data["code_list_cues"])  # one shared pass, not a scan of its own
        self.code_names = lexicon.Gate(["code", "cod", "kod", "код", "kód", "koodi", "koder", "kode", "mã", "コード", "码", "碼",
                                        "코드", "رموز", "کد", "कोड", "recovery key", "recovery keys"])
        self.list_lookalikes = _Prefiltered(data["code_list_lookalikes"])
        self.sov = _words_re(data["sov_verbs"])
        verbs = "|".join(re.escape(w) for w in data["use_for_verbs"])
        preps = "|".join(re.escape(w) for w in data["use_for_preps"])
        self.use_for = re.compile(rf"(?i)(?<![^\W\d_])(?:{verbs})(?:[^\S\n]+(?:always|usually|just|siempre|toujours|immer|sempre|altijd|zawsze))?"
                                  rf"[^\S\n]+(?P<v>[^\s,.;:!?]+(?:[^\S\n]+[^\s,.;:!?]+){{0,3}}?)[^\S\n]+(?:{preps})[^\S\n]")
        self.garden = _Prefiltered(data["seed_lookalike_context"])
        self.wallet = re.compile("(?i)(?<![^\\W\\d_])(?:" + "|".join(re.escape(w) for w in data["seed_wallet_words"]) + ")")
        self.paren_names = re.compile("(?i)(?<![^\\W\\d_])(?:" + "|".join(re.escape(w) for w in data["paren_names"]) + ")")
        self.sov_subject = _words_re(data["sov_subjects"])
        self.answered = re.compile("(?i)(?<![^\\W\\d_])(?:" + "|".join(re.escape(w) for w in data["answered_before_quote"])
                                   + r")[^\S\n]*(?=['\"“‘«「])")


@lru_cache(maxsize=1)
def _d() -> _D:
    return _D()


# ---------------------------------------------------------------- one-time codes in their own turn
#: A code: 4 to 8 digits, maybe in groups of 2-4 ("558 201", "40 77 19", "4 1 7 7 0 3"), maybe after a
#: sender's letters ("G-482913").
_CODE = re.compile(r"(?<![\w+#*])(?<![.,:/]\d)(?:[A-Z]{1,3}-)?(?:\d(?: \d){3,7}|\d{4,8}|\d{2,4}(?:[ \-]\d{2,4}){1,3})(?![\w%]|[.,:/]\d)")
_DIGIT = re.compile(r"\d")
_TIME_OR_YEAR = re.compile(r"(?:19|20)\d{2}")


_ALNUM_CODE_TURN = re.compile(r"\W*(?P<code>(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{5,8})\W*")


def code_turn_spans(text: str, turns: Sequence[str]) -> list[Span]:
    """The one code of a short turn after a turn about a text, a message, an app or a code."""
    alnum = _ALNUM_CODE_TURN.fullmatch(text) if turns and len(text) <= 20 else None
    if alnum and _d().otp_context.search(turns[-1][-300:]) and not _d().lookalike.search(turns[-1][-300:]):
        return [(alnum.start("code"), alnum.end("code"), "password")]  # "steam guard is asking again" / "7770X4"
    if not turns or len(text) > 100 or not _DIGIT.search(text) or "?" in text.split("\n")[0][:1]:
        return []
    codes = list(_CODE.finditer(text))
    digits_total = len(_DIGIT.findall(text))
    if len(codes) != 1:
        return []
    code = codes[0]
    n = len(_DIGIT.findall(code.group()))
    if not 4 <= n <= 8 or n != digits_total or _TIME_OR_YEAR.fullmatch(code.group()):
        return []
    rest = text[:code.start()] + " " + text[code.end():]
    if len(rest.split()) > 10:
        return []
    d = _d()
    prior = turns[-1][-300:]
    said = d.senders.search(prior)
    if not said:
        return []
    brand = re.search(r"(?<![^\W\d_])(?:from|von|de|da|di|van|od|от)\s+(?:the\s+|der\s+|la\s+|el\s+|le\s+)?[A-Z][A-Za-z]+", prior)
    if not (any(c.start() >= said.end() or c.end() <= said.start() for c in d.otp_context.finditer(prior))
            or brand and n >= 6 or n >= 6 and not re.search(r"[^\W\d_]", rest)):
        return []  # "Mum texted me" / "she lands at 1430": a text, but of no bank, app or code
    if d.before_code.search(text, 0, code.start()):
        return []
    if d.lookalike.search(rest) or d.lookalike.search(prior) or any(s in rest or s in prior for s in d.symbols):
        return []
    return [(code.start(), code.end(), "password")]


def code_in_turn_spans(text: str) -> list[Span]:
    """A short message that says a code came by text or from an app, with the code in it and no
    other number of its size: "the bank just texted 583920 what do i do with it", "tiktok
    verification 2208 for my 2nd acct", "بینک سے کوڈ آیا ہے 583920"."""
    if len(text) > 120 or not _DIGIT.search(text):
        return []
    codes = [m for m in _CODE.finditer(text) if 4 <= len(_DIGIT.findall(m.group())) <= 8]
    if not codes or len(codes) != 1 or _TIME_OR_YEAR.fullmatch(codes[0].group()):
        return []
    d = _d()
    said = d.otp_message.search(text)
    if not said or not any(c.start() >= said.end() or c.end() <= said.start() for c in d.otp_context.finditer(text)):
        return []  # a word of a message or an app, and another of a bank or a code ("kod pocztowy" is neither)
    code = codes[0]
    near = [m.end() for m in (*d.otp_message.finditer(text, 0, code.start()), *d.otp_context.finditer(text, 0, code.start()))]
    if not near or len(re.findall(r"[^\W\d_]+", text[max(near):code.start()])) > 3 or d.before_code.search(text, 0, code.start()):
        return []
    rest = text[:code.start()] + " " + text[code.end():]
    if len(rest.split()) > 16 or d.lookalike.search(rest) or any(c in rest for c in d.symbols):
        return []
    if re.search(r"\d{3,}", rest):
        return []
    return [(code.start(), code.end(), "password")]


_RC_TOKEN = re.compile(r"(?<![\w-])(?:[A-Za-z0-9]{4,6}(?:-[A-Za-z0-9]{4,6}){1,3}|\d{4}[ -]?\d{4}|\d{8,10})(?![\w-])")


#: A turn of one short group of digits (and a word or a mark at most): the rest of a code.
_HALF_CODE_TURN = re.compile(r"\W*(?:[^\W\d_]+\W+)?(?P<v>\d{3,6}(?:[ -]\d{3,6})?)\W*")
#: Digits right after a recovery code's name, a word or a mark at most between: "backup code 8385".
_AFTER_NAME = re.compile(r"(?:[^\S\n]+(?:for|para|pour|für|per|voor|do|dla|для|için|untuk|cho|pentru|från|til)?"
                         r"(?:[^\S\n]+(?:the|my|el|mi|la|le|mon|ma|mein|il|o|a)?[^\S\n]*[A-Z][\w\-]*)?)?"  # "for Steam", "do Allegro"
                         r"[^\S\n]*(?:[:：=\-–]|is|es|est|ist|è|é|är|er|on|je|to|это|là|adalah)?[^\S\n]*"
                         r"(?:#?\d[^\S\n]*[:.)][^\S\n]*)?(?P<v>\d{3,8}(?:[ -]\d{3,8}){0,3})(?![\w-])")


def named_code_spans(text: str) -> list[Span]:
    """Digits right after a recovery or backup code's name, a service's name at most between
    ("Roblox バックアップコード 8385", "códigos de respaldo: 7382 1948", "backup codes for Steam
    4471"), not a count ("10 backup codes") nor a year."""
    d = _d()
    if not _DIGIT.search(text):
        return []
    spans: list[Span] = []
    for n in d.recovery_names.finditer(text):
        m = _AFTER_NAME.match(text, n.end())
        if m and not _TIME_OR_YEAR.fullmatch(m.group("v")) and not d.list_lookalikes.search(text[m.end():m.end() + 30]):
            spans.append((m.start("v"), m.end("v"), "password"))
    return spans


def recovery_code_turn_spans(text: str, turns: Sequence[str]) -> list[Span]:
    """A turn of bare code-shaped tokens after a turn (or two) naming recovery or backup codes:
    "saving the recovery codes" / "qukql-f3s80 fk5wn-i23iv" / "uusni-niltu"."""
    if len(text) > 300 or not any(_d().recovery_names.search(t[-300:]) for t in turns[-2:]):
        return []
    half = _HALF_CODE_TURN.fullmatch(text)
    if half and _d().recovery_names.search(turns[-1][-120:]) and not _TIME_OR_YEAR.fullmatch(half.group("v")):
        return [half.span("v") + ("password",)]  # "Xbox coduri de rezervă 9887" / "8479"
    tokens = list(_RC_TOKEN.finditer(text))
    if not tokens:
        return []
    rest = _RC_TOKEN.sub(" ", text)
    if len(re.findall(r"[^\W\d_]+", rest)) > 3:
        return []
    return [(m.start(), m.end(), "password") for m in tokens]


#: One code of a list of backup codes: digits (8-12, or groups of 3-5), or letters and digits in
#: hyphenated groups, or spaced groups of four each with a digit ("7k2m 9x4q"), or 8-10 of them
#: mixed ("8f3k2m9x").
_LIST_CODE = re.compile(r"(?<![\w-])(?:\d{3,5}(?:[ -]\d{3,5}){1,2}|\d{8,12}|[A-Za-z0-9]{4,6}(?:-[A-Za-z0-9]{4,6}){1,4}"
                        r"|(?=[a-z]*\d)[a-z0-9]{4}(?: (?=[a-z]*\d)[a-z0-9]{4}){1,2}"
                        r"|(?=[a-z]*\d)(?=\d*[a-z])[a-z0-9]{8,10}|(?=[A-Z]*\d)(?=\d*[A-Z])[A-Z0-9]{8,10})(?![\w-])")
_SEPARATORS = re.compile(r"[A-Za-z0-9]")


def _code_like(token: str) -> bool:
    """Not a placeholder ("XXXX-XXXX", "1234-5678"), a year pair or a word pair."""
    chars = token.replace("-", "").replace(" ", "")
    if len(set(chars.casefold())) <= 3 or chars.isalpha() and "-" not in token:
        return False
    groups = re.split(r"[ -]", token)
    if all(_TIME_OR_YEAR.fullmatch(g) for g in groups):
        return False
    if chars.isalpha():  # letters only: random groups ("uusni-niltu"), not "well-known"
        return all(len(g) == len(groups[0]) for g in groups) and len(groups[0]) >= 4
    return not chars.isdigit() or chars not in "12345678901234567890" and chars not in "09876543210987654321"


#: Four groups of four digits or more, an even count: two codes of eight ("6503 5500 6411 4587").
_PAIRED_RUN = re.compile(r"(?<![\w-])(?<!\w )\d{4}(?: \d{4}){3,11}(?![\w-]| \w)")


def _paired_run(text: str, d: _D, context: str) -> list[Span]:
    """Codes of eight digits written in fours with no mark between codes: "use one of these: 6503
    5500 6411 4587" — an even run of fours after a code list's cue, with no public label."""
    spans = [m.span() for m in _PAIRED_RUN.finditer(text) if (m.group().count(" ") + 1) % 2 == 0
             and len(set(m.group().replace(" ", ""))) > 3]
    if not spans:
        return []
    rest = _PAIRED_RUN.sub(" ", text)
    if len(re.findall(r"[^\W\d_]+", rest)) > 18 or any(d.list_lookalikes.search(t) for t in (rest, context) if t):
        return []
    return [(s, e, "password") for s, e in spans]


def code_list_spans(text: str, before: Sequence[str] = ()) -> list[Span]:
    """Three codes of one shape or more in a list, with a code's word or a site's giving in the
    message or the turn before, and no public label: "the ones the site gave me: 1. 28471930 2. …",
    "códigos de respaldo 7382 1948, 5521 0937, 6648 2210", "kody: mk29-xp4q zz81-lo0p qa7w-e3rt"."""
    if len(text) > 600:
        return []
    d = _d()
    context = " ".join(t[-300:] for t in before[-1:])
    if not _DIGIT.search(text) or not d.list_cues.open(text) and not (context and d.list_cues.open(context)):
        return []
    tokens = [m for m in _LIST_CODE.finditer(text) if _code_like(m.group())]
    if len(tokens) < 3:
        return _paired_run(text, d, context)
    by_shape: dict[str, list[re.Match[str]]] = {}
    for m in tokens:
        by_shape.setdefault(_SEPARATORS.sub("x", m.group()), []).append(m)
    shape, same = max(by_shape.items(), key=lambda kv: len(kv[1]))
    if len(same) < 3 or len({m.group() for m in same}) < len(same):
        return []
    rest = _LIST_CODE.sub(" ", text)
    if len(re.findall(r"[^\W\d_]+", rest)) > 18:
        return []
    named = d.recovery_names.search(text) or any(d.recovery_names.search(t[-300:]) for t in before[-2:])
    if not named and any(d.list_lookalikes.search(t) for t in (rest, context) if t):
        return []  # "order numbers: …", "tracking: …"
    return [(m.start(), m.end(), "password") for m in same]


# ---------------------------------------------------------------- seed words
_NUMBERED = re.compile(r"(?<![\w])#?(\d{1,2})[^\S\n]*[.):\-–=]?[^\S\n]*([^\W\d_]+)")
_NUM_GAP = re.compile(r"[\s,;/|]*")


def _one_list(words: list[str]) -> bool:
    return len(set(words)) == len(words) and any(all(w in lst for w in words) for lst in forms._bip39().values())


def numbered_spans(text: str, named: bool) -> list[Span]:
    """Seed words numbered one by one: three or more after a seed's name, twelve without one."""
    pairs = list(_NUMBERED.finditer(text))
    if len(pairs) < 3:
        return []
    spans: list[Span] = []
    run: list[re.Match[str]] = []

    def close() -> None:
        if len(run) >= (3 if named else 12) and _one_list([m.group(2).lower() for m in run]):
            spans.append((run[0].start(2), run[-1].end(2), "seed phrase"))

    for m in pairs:
        if run and int(m.group(1)) == int(run[-1].group(1)) + 1 and _NUM_GAP.fullmatch(text, run[-1].end(), m.start()):
            run.append(m)
            continue
        close()
        run = [m]
    close()
    return spans


_SENTENCE_END = re.compile(r"[.!?\n\u2029。！？]")


def _prose(run: str) -> bool:
    from .word_seeds import _PROSE
    return bool(_PROSE.intersection(re.findall(r"[^\W\d_]+", run.lower())))


def named_partial_spans(text: str, names: Sequence[forms.NameMatch]) -> list[Span]:
    """Four or more distinct words of one BIP-39 list after a seed's name, in its sentence, after
    at most six words of lead ("the first four seed words are …", "mnemonic begins with …")."""
    spans: list[Span] = []
    for name in names:
        if name.kind != "seed":
            continue
        stop = _SENTENCE_END.search(text, name.stop)
        end = stop.start() if stop else len(text)
        for s, e, kind in forms.seed_spans(text, name.stop, end, minimum=4):
            if len(text[name.stop:s].split()) <= 6 and not _prose(text[s:e]):
                spans.append((s, e, kind))
                break
    return spans


_JA_SPLIT = re.compile(r"[\s\u3000、，,・]+")
_JA_EDGE = re.compile(r"^.*?(?:は|:|：|、|，)|(?:です|でした|だよ|だ|。|！)+$")


def kana_runs(text: str, minimum: int) -> list[Span]:
    """Words of the Japanese list separated by (ideographic) spaces, the first glued to a particle
    ("…フレーズはれきだい　あたえる …") and the last to a copula ("… ろうそくです"); one word may repeat."""
    lst = forms._bip39().get("japanese")
    if not lst or "\u3000" not in text and not re.search(r"[\u3041-\u3096]\s[\u3041-\u3096]", text):
        return []
    spans: list[Span] = []
    run: list[tuple[int, int, str]] = []
    pos = 0
    pieces = []
    for m in re.finditer(r"[^\s\u3000、，,・]+", text):
        pieces.append((m.start(), m.end(), m.group()))
    for s0, e0, w in [*pieces, (len(text), len(text), "")]:
        word, ws, we = w, s0, e0
        if word and word not in lst:
            stripped = _JA_EDGE.sub("", word)
            if stripped in lst and stripped:
                off = word.find(stripped)
                ws, we, word = s0 + off, s0 + off + len(stripped), stripped
        if word and word in lst:
            run.append((ws, we, word))
            if we == e0:
                continue
        if len(run) >= minimum and len({r[2] for r in run}) >= len(run) - 1:
            spans.append((run[0][0], run[-1][1], "seed phrase"))
        run = [(ws, we, word)] if word and word in lst and we == e0 else []
    del pos
    return spans


def seed_thread_spans(text: str, turns: Sequence[str]) -> list[Span]:
    """Seed words in the turn after one that named a seed: numbered (three or more), or a run of
    four or more distinct list words after at most four words of lead ("and 7-12: candle …")."""
    if not (any(n.kind == "seed" for t in turns[-2:] for n in forms.names_in(t))
            or any(_d().wallet.search(t) for t in turns[-2:])  # "ウォレットのバックアップ、前半"
            or forms.half_seed_turn(turns[-1]) or kana_runs(turns[-1], 5)):  # the turn before was half of one
        return []
    spans = numbered_spans(text, True) + kana_runs(text, 4)
    from .word_seeds import _PROSE
    for s, e, kind in forms.seed_spans(text, 0, len(text), minimum=4):
        lead, words = text[:s], re.findall(r"[^\W\d_]+", text[s:e].lower())
        if len(re.findall(r"[^\W\d_]+", lead)) <= 4 and not re.search(r"[^\W\d_]", text[e:]) \
                and not _PROSE.intersection(words):
            spans.append((s, e, kind))
    return spans


# ---------------------------------------------------------------- security answers
def _noun(text: str) -> bool:
    from . import security_backref as sb
    return bool(sb._q().noun.search(text) or _d().nouns.search(text))


_HEAD_STOP = re.compile(r"[.,;!?\n\u2029:。！？；，]|\s[—–-]\s")
_JOIN_TAIL = re.compile(r"(?i)[\s,—–\-.:]*(?:(?<![^\W\d_])(?:and|so|y|e|et|und|i|và|dan|na|aur|ve|which|that|lo cual|ce qui|was)\s+)?$")
_COPULA_HEAD = re.compile(r"(?i)^(\S+(?:\s+\S+){0,2}?)\s+(?:was|is|were|era|es|fue|war|ist|était|est|è|foi|é|был|была|было|"
                          r"adalah|là|ni|oli|var|je|jest|byl|byla|olan|idi|ydy)\s")
_PRONOUN = frozenset(["it", "that", "this", "that's", "it's", "i", "we", "he", "she", "they", "you", "him", "her", "them", "esto", "eso", "ça", "das", "es", "lo", "la"])


def _head_value(text: str, lo: int, at: int) -> tuple[int, int] | None:
    p = sa._p()
    before = text[lo:at]
    join = _JOIN_TAIL.search(before)
    head_end = lo + (join.start() if join else len(before))
    earlier = [q for q in sa._QUOTES if q in text[max(lo, at - 90):at]]
    if earlier:  # the quote just before the phrase
        for m in reversed(list(re.finditer(r"['\"“‘«「]([^'\"“”‘’«»「」\n]{1,60})['\"”’»」]", text[max(lo, at - 90):at]))):
            base = max(lo, at - 90)
            return base + m.start(1), base + m.end(1)
    cut = [x.end() for x in _HEAD_STOP.finditer(text, lo, head_end)]
    start = cut[-1] if cut else lo
    head = text[start:head_end]
    lead = len(head) - len(head.lstrip())
    words = head.split()
    if not words:
        return None
    if 4 < len(words) <= 6 and not any(w.casefold() in _PRONOUN for w in words) \
            and not _COPULA_HEAD.match(head.lstrip()) and not re.search(r"\d{3,}", words[0]):
        words = [w for w in words]
        first = words[0].casefold()
        if first in ("a", "an", "the", "my", "un", "una", "le", "la", "el", "der", "die", "das", "ein", "eine", "il", "o"):
            return start + lead + len(head.lstrip().split()[0]) + 1, head_end
    if len(words) > 4:
        cop = _COPULA_HEAD.match(head.lstrip())
        if cop:
            words = cop.group(1).split()
            return start + lead, start + lead + len(cop.group(1))
        k = len(words)
        while k > 0 and (words[k - 1][:1].isupper() or words[k - 1][:1].isdigit()):
            k -= 1
        if not 0 < len(words) - k <= 4 or k == 0:
            return None
        tail = " ".join(words[k:])
        return head_end - len(tail), head_end
    first = words[0].casefold().strip("'\"“‘«,")
    if first in p.no_answer or first in p.talk_first or first in _PRONOUN or "?" in head:
        return None
    return start + lead, head_end


def _answer_ok(text: str, s: int, e: int) -> bool:
    p = sa._p()
    inner = text[s:e].strip()
    return bool(inner) and "?" not in inner and not p.topic.search(text, s, e) and not p.strong.search(text, s, e) \
        and inner.split()[0].casefold().strip("'\"“‘«") not in p.no_answer


def backref_spans(text: str) -> list[Span]:
    """A security answer named after it is given, by the grammar of the phrase naming it."""
    d, p = _d(), sa._p()
    if len(text) > 2000:
        return []
    spans: list[Span] = []
    for m in d.back.finditer(text):
        lo, hi = sa._turn_bounds(text, m.start())
        if p.quiz.search(text, lo, hi) or sa._THIRD.search(text, max(lo, m.start() - 12), m.start()):
            continue
        after = text[m.end():min(hi, m.end() + 90)]
        phrase = text[m.start():m.end()]
        if not (d.cue.search(after) or d.question.search(phrase + " " + after) or p.strong.search(phrase + " " + after)
                or (_noun(after) and d.place.search(text, lo, hi))
                or (d.asking.search(after) and d.place.search(text, lo, hi))):
            continue
        value = _head_value(text, lo, m.start())
        if value and _answer_ok(text, *value):
            spans.append((value[0], value[1], sa._KIND))
    return spans


#: A class, an exam or a game: a question asked there has no account behind it.
_SCHOOL = re.compile(r"(?i)(?<![^\W\d_])(?:class|exam|quiz|test|homework|trivia|crossword|riddle|game|teacher asked|"
                     r"clase|examen|prueba|cours|prüfung|klausur|esame|prova|examen|egzamin|экзамен|sınav|ujian|kiểm tra)(?![^\W\d_])")


def answered_quote_spans(text: str) -> list[Span]:
    """A quote right after a verb of answering, a security question named after it in its turn:
    "j'ai répondu « X » à la question sur ma première école"."""
    d, p = _d(), sa._p()
    spans: list[Span] = []
    for m in d.answered.finditer(text):
        quote = sa._quoted(text, m.end())
        if not quote:
            continue
        lo, hi = sa._turn_bounds(text, m.start())
        after = text[max(lo, m.start() - 80):m.start()] + " " + text[quote[1]:min(hi, quote[1] + 90)]
        if p.quiz.search(text, lo, hi) or _SCHOOL.search(text, lo, hi) \
                or not (d.question.search(after) or d.cue.search(after) or p.strong.search(after)):
            continue
        if _answer_ok(text, *quote):
            spans.append((quote[0], quote[1], sa._KIND))
    return spans


@lru_cache(maxsize=1)
def _label_re() -> re.Pattern[str]:
    from . import security_backref as sb
    labels = sb._q().label.pattern.removeprefix("(?i)^\\s*")
    return re.compile(rf"(?i)(?:^|(?<=[.;!?\n。]\s)|(?<=[.;!?\n。])|(?<=\s[—–-]\s)){labels}")


def label_after_question_spans(text: str) -> list[Span]:
    """An answer label after a security question's name in the same message: "Întrebarea de
    securitate: numele primului meu animal. Răspuns: X"."""
    d = _d()
    q = d.question.search(text)
    if not q:
        return []
    label = _label_re()
    spans: list[Span] = []
    for m in label.finditer(text, q.end(), min(len(text), q.end() + 200)):
        value = sa._value_after(text, m.end())
        if value and _answer_ok(text, *value):
            spans.append((value[0], value[1], sa._KIND))
    return spans


def told_after_question_spans(text: str) -> list[Span]:
    """A security question named, then a verb of answering it and the value: "sa security question
    ng BPI, pinakaunang kotse ko daw, sabi ko Toyota Tamaraw"."""
    d, p = _d(), sa._p()
    q = d.question.search(text) or p.strong.search(text)
    if not q or p.quiz.search(text):
        return []
    spans: list[Span] = []
    for v in d.verbs.finditer(text, q.end(), min(len(text), q.end() + 160)):
        value = sa._value_after(text, v.end())
        if value and _answer_ok(text, *value) and len(text[value[0]:value[1]].split()) <= 5:
            spans.append((value[0], value[1], sa._KIND))
            break
    return spans


_CLAUSE_STOP = re.compile(r"[,.;:!?\n—–]")


def sov_spans(text: str) -> list[Span]:
    """A security question named, then the value before a verb of writing it that ends the clause
    (Turkish, Hindi/Urdu, Persian): "… diye soruyor, ben Murat 131 Kartal yazdım"."""
    d, p = _d(), sa._p()
    q = d.question.search(text) or p.strong.search(text)
    if not q or p.quiz.search(text) or _SCHOOL.search(text):
        return []
    spans: list[Span] = []
    for v in d.sov.finditer(text, q.end(), min(len(text), q.end() + 200)):
        seg_start = max((x.end() for x in _CLAUSE_STOP.finditer(text, q.end(), v.start())), default=q.end())
        subj = d.sov_subject.search(text, seg_start, v.start())
        s0 = subj.end() if subj else seg_start
        value = text[s0:v.start()].strip()
        if value and len(value.split()) <= 4:
            a = text.index(value, s0)
            if _answer_ok(text, a, a + len(value)):
                spans.append((a, a + len(value), sa._KIND))
    return spans


def use_for_spans(text: str) -> list[Span]:
    """A value between a verb of using and the question it answers: "i always use Kettlewell for
    the childhood town question on every account", "uso Pelusín para la pregunta de seguridad"."""
    d, p = _d(), sa._p()
    spans: list[Span] = []
    for m in d.use_for.finditer(text):
        after = text[m.end():m.end() + 60]
        if not (d.question.search(after) or p.strong.search(after) or re.match(r"[^.!?\n,;]{0,40}?(?:question|pregunta|question|frage|domanda|pergunta|vraag|pytanie)", after, re.I)):
            continue
        lo, hi = sa._turn_bounds(text, m.start())
        if p.quiz.search(text, lo, hi) or _SCHOOL.search(text, lo, hi):
            continue
        s0, e0 = m.span("v")
        if _answer_ok(text, s0, e0) and text[s0:e0].split()[0].casefold() not in _PRONOUN | {"the", "my", "a", "el", "la", "le", "mi", "ma"}:
            spans.append((s0, e0, sa._KIND))
    return spans


_SEED_WORD_AT = re.compile(r"(?i)(?<![^\W\d_])(?:word|palabra|mot|wort|parola|palavra|woord|słowo|слово|kelime|kata|từ)\s*(?:#|n[º°o.]\s*)?"
                           r"\d{1,2}\s*(?:is|was|=|:|-|es|est|ist|è|é|era|fue|to|это)?\s*['\"“‘«]?(?P<w>[^\W\d_]+)")


def seed_word_at_spans(text: str) -> list[Span]:
    """Single seed words by their position after a seed's name: "word 7 is 'oyster' and word 8 is
    'sponsor'"."""
    spans: list[Span] = []
    for m in _SEED_WORD_AT.finditer(text):
        w = m.group("w").lower()
        if any(w in lst for lst in forms._bip39().values()):
            spans.append((m.start("w"), m.end("w"), "seed phrase"))
    return spans


def asked_list_spans(text: str) -> list[Span]:
    """Two or more "topic? value" pairs in one message, each topic one security questions ask about:
    "favourite teacher? Mrs X. childhood best friend? Y" — a list of answers."""
    if text.count("?") < 2:
        return []
    p = sa._p()
    found: list[Span] = []
    for t in p.topic.finditer(text):
        m = re.match(r"[^\S\n]*[?？]", text[t.end():])
        if not m:
            continue
        value = sa._value_after(text, t.end() + m.end())
        if value and _answer_ok(text, *value) and len(text[value[0]:value[1]].split()) <= 4:
            found.append((value[0], value[1], sa._KIND))
    return found if len(found) >= 2 and not p.quiz.search(text) and not _SCHOOL.search(text) else []


_PAREN_LABEL = re.compile(r"[^\S\n]*\([^()\n]{2,60}\)[^\S\n]*[:：][^\S\n]*")


def paren_label_spans(text: str) -> list[Span]:
    """A security answer's or question's name, a parenthesis, then a colon and the value: "answer to
    the security question (first school): X", "Kennwort für die Bank (das Stichwort): X"."""
    if "(" not in text:
        return []
    d, p = _d(), sa._p()
    spans: list[Span] = []
    for m in _PAREN_LABEL.finditer(text):
        lo = max(0, m.start() - 60)
        if not (d.question.search(text, lo, m.start()) or p.strong.search(text, lo, m.start())
                or d.paren_names.search(text, lo, m.end())
                or (d.cue.search(text, lo, m.start()) and d.cue.search(text, m.start(), m.end()))):
            continue
        value = sa._value_after(text, m.end())
        if value and _answer_ok(text, *value):
            spans.append((value[0], value[1], sa._KIND))
    return spans


_FILLERS = frozenset(["oh", "ah", "ok", "okay", "yes", "yeah", "yep", "well", "hmm", "um", "so", "i", "and", "pues", "bueno", "ah", "ja", "also", "alors", "eh", "allora", "nou", "ну", "şey", "ya", "ừ", "oo", "sige", "sí", "si", "oui", "sim", "no", "hm", "right", "sure"])


_NAME_JOINS = frozenset(["de", "del", "da", "do", "dos", "van", "von", "der", "den", "di", "du", "la", "le", "of", "on", "st", "st.", "y", "e"])


def _asks(prior: str) -> bool:
    d, p = _d(), sa._p()
    if p.quiz.search(prior) or _SCHOOL.search(prior):
        return False
    if d.question.search(prior) or p.strong.search(prior):
        return True
    from . import security_backref as sb
    q = sb._q()
    cues = {m.group().casefold() for m in d.cue.finditer(prior)}
    if len(cues) >= 2:
        return True
    if q.second.search(prior) and (cues or _noun(prior) and d.asking.search(prior) and any(c in prior for c in "'\"“‘«")):
        return True  # "what did you put for 'where did your parents meet'?"
    if re.search(r"(?i)(?<![^\W\d_])(?:ask|pregunt|pergunt|demand|frag|chied|vraag|pyta|спрашива|sor|tanya|hỏi|tanong|uliz|pooch|puch|spurg|spør|fråg|kysy|ρωτ|ptá|kérd|întreb)", prior) \
            and (p.topic.search(prior) or _noun(prior) and bool(d.place.search(prior) or "bank" in prior.casefold())):
        return True  # "si te preguntan por mi primera mascota" / "era un perico, se llamaba X"
    return "?" in prior and _noun(prior) and bool(d.place.search(prior))


def _segment_value(text: str, lo: int) -> tuple[int, int] | None:
    """The first comma segment of a short answer turn that is a name, not talk ("oh I remember,
    Larkspur Lane")."""
    p = sa._p()
    for m in re.finditer(r"[^,.;—–!]+", text[lo:]):
        seg = m.group()
        words = seg.split()
        if not words:
            continue
        first = words[0].casefold().strip("'\"“‘«")
        if first in _FILLERS or first in p.talk_first or first in p.no_answer or first in _PRONOUN:
            continue
        if len(words) > 4 or not all(w[:1].isupper() or not w.isascii() or w in _NAME_JOINS for w in words):
            return None
        a = lo + m.start() + (len(seg) - len(seg.lstrip()))
        return a, lo + m.start() + len(seg.rstrip())
    return None


_LEAD_VERB_OR_LABEL = re.compile(r"[^\S\n]*[:：][^\S\n]*")


def next_turn_answer_spans(text: str, turns: Sequence[str]) -> list[Span]:
    """The answer in the turn after a turn asking about a security question ("what did you put
    for 'where did your parents meet'?" / "Lisdoonvarna, at the festival"); a list of "topic:
    value" turns after a turn naming the questions; "it's X", "se llamaba X", "I said X"."""
    if not turns or len(text) > 140 or "?" in text:
        return []
    d = _d()
    asked = _asks(turns[-1][-300:])
    if not asked and len(turns) > 1 and re.match(r"^[^:：\n]{2,60}[:：]\s*\S", turns[-1]) and len(turns[-1]) < 100:
        asked = _asks(turns[-2][-300:])  # "the verification questions" / "best friend: X" / "city: Y"
    if not asked:
        return []
    norm = text.strip()
    lo = len(text) - len(text.lstrip())
    verb = d.verbs.match(norm)
    named = d.named_as.search(norm)
    its = d.its_value.search(norm)
    colon = norm.find(":")
    if verb:
        value = sa._value_after(text, lo + verb.end())
    elif named:
        value = sa._value_after(text, lo + named.end())
    elif its and len(norm[:its.start()].split()) <= 3:
        value = sa._value_after(text, lo + its.end())
    elif 0 < colon < 60:
        value = sa._value_after(text, lo + colon + 1)
    else:
        if len(norm.split()) > 10:
            return []
        value = _segment_value(text, lo)
    if value:
        words = text[value[0]:value[1]].split()
        if len(words) > 5:
            return []
    if value and _answer_ok(text, *value) and not forms.names_in(text[value[0]:value[1]]):
        return [(value[0], value[1], sa._KIND)]
    return []


# ---------------------------------------------------------------- entry points
#: Stems one of which a security question's or answer's talk holds, in the languages of the lists:
#: a cheap test before the grammar's larger patterns.
_SECURITY_STEMS = ("question", "answer", "memorable", "secur", "recover", "secret", "pregunta", "respuesta", "pergunta",
                   "resposta", "réponse", "frage", "antwort", "domanda", "risposta", "vraag", "antwoord", "pytani",
                   "odpowied", "вопрос", "ответ", "питан", "відповід", "soru", "cevap", "cevab", "yanıt", "pertanyaan", "jawab",
                   "câu hỏi", "trả lời", "tanong", "sagot", "swali", "jibu", "sawal", "سؤال", "جواب", "سوال", "پاسخ",
                   "问题", "答", "密保", "質問", "질문", "답", "întreb", "răspuns", "kérdés", "válasz", "otázk",
                   "odpověď", "stichwort", "kennwort", "ερώτηση", "απάντηση", "שאל", "תשוב", "childhood", "maiden", "grew up", "first", "favourite", "favorite", "fråga", "svar", "spørgsmål", "kysymys", "vastaus",
                   "คำถาม", "ตอบ", "প্রশ্ন", "উত্তর", "प्रश्न", "उत्तर", "जवाब", "stichwort", "kodov", "кодов")


_SECURITY_TALK = _substrings(_SECURITY_STEMS)


def _security_talk(text: str) -> bool:
    return _SECURITY_TALK.search(text.casefold()) is not None


def spans(text: str, names: Sequence[forms.NameMatch]) -> list[Span]:
    found: list[Span] = []
    seed_named = any(n.kind == "seed" for n in names)
    if seed_named or "12" in text:
        found += numbered_spans(text, seed_named)
    if seed_named:
        found += named_partial_spans(text, names)
        found += seed_word_at_spans(text)
    if _security_talk(text):
        found += backref_spans(text)
        found += answered_quote_spans(text)
        found += label_after_question_spans(text)
        found += told_after_question_spans(text)
        found += paren_label_spans(text)
        found += sov_spans(text)
        found += asked_list_spans(text)
        found += use_for_spans(text)
    found += code_in_turn_spans(text)
    found += code_list_spans(text)
    if _d().code_names.open(text):
        found += named_code_spans(text)
    found += kana_runs(text, 4 if seed_named else 12)
    return found


def without_garden_seeds(text: str, found: list[Span]) -> list[Span]:
    """Seed words of a garden, a spelling test or a shopping list, not of a wallet: "I planted seeds
    of tomato, basil, …", "the kids' seed list: lizard, pencil …" — when no wallet, recovery or
    crypto word is in the message."""
    if not any(k == "seed phrase" for _, _, k in found):
        return found
    d = _d()
    outside = list(text)
    for s, e, k in found:
        if k == "seed phrase":
            outside[s:e] = " " * (e - s)
    rest = "".join(outside)  # the words of the seed itself ("recipe") say nothing
    if not d.garden.search(rest) or d.wallet.search(rest):
        return found
    return [sp for sp in found if sp[2] != "seed phrase"]


def thread_spans(text: str, turns: Sequence[str]) -> list[Span]:
    if not turns:
        return []
    norm, origin = forms.view(text)
    found = code_turn_spans(norm, turns) + seed_thread_spans(norm, turns) + next_turn_answer_spans(norm, turns)
    found += recovery_code_turn_spans(norm, turns)
    found += code_list_spans(norm, turns)
    return forms.back(found, origin)
