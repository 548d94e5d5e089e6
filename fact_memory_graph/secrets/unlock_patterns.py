"""A screen's unlock pattern, by its name and what follows it; a device's passcode after its device.

"el patron de mi telefono es 1-4-7-8-9", "my android pattern is big M from bottom left", "le schéma
de déverrouillage c'est L shape from top left down then right": the pattern's name, a few words (whose
phone), a copula, then the dots' numbers (3-9 single digits split by dashes, dots or blanks) or a
drawn shape (a single letter, then only the words a drawing is told with: corners, directions). A
pattern of a fabric or a knitting ("the pattern is a big floral print") has no single letter or dots.
Words are data (assets/unlock_patterns.json).
"""

from __future__ import annotations

import itertools
import json
import re
from functools import lru_cache
from pathlib import Path

from fact_memory_graph.secrets import prefilter

Span = tuple[int, int, str]

_ASSET = Path(__file__).resolve().parent.parent / "assets" / "unlock_patterns.json"
#: a password of letters and digits ("kebab99", "Sunflower00"), not a model ("13 Pro")
_MIXED = r"(?=[^\s,.;!?]*\d)(?=[^\s,.;!?]*[^\W\d_]{3})[^\W_][^\s,.;!?]{3,23}"
_DOTS = r"[1-9](?:\s?[-.–>→,]\s?[1-9]|\s[1-9]){3,8}(?![\d-])|[1-9]{4,9}(?!\d)"  # an Android pattern joins 4-9 dots
#: a letter the dots draw, before them ("una L 7-9-6-1-4", "Z 1235789")
#: A pattern's dots joined one by one by dashes or arrows, each dot once ("1-2-3-6-9"; not "1-2-1-2").
_JOINED_DOTS = re.compile(r"[1-9](?:\s?(?:-+>|[-–>→])\s?[1-9]){3,8}(?![\d\-])")
#: A word of a script written without spaces (Japanese, Chinese, Korean): no word edge around it.
_UNSPACED = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]+")
_LETTER_BEFORE_DOTS = re.compile(r"(?i)(?:(?:an?|una?|une|ein|eine|um|uma|een|the)\s+)?[A-Z](?:[-\s]?shaped?)?[\s,:]+")


@lru_cache(maxsize=1)
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], frozenset[str], tuple[re.Pattern[str], ...]]:
    d = json.loads(_ASSET.read_text(encoding="utf-8"))
    names = prefilter.whole_words(d["names"])
    spaced = [w for w in d["copulas"] if w[-1].isalpha() and not _UNSPACED.fullmatch(w)]
    words = "|".join(re.escape(w) for w in sorted(spaced, key=len, reverse=True))
    unspaced = "|".join(re.escape(w) for w in d["copulas"] if _UNSPACED.fullmatch(w))
    marks = "".join(re.escape(w) for w in d["copulas"] if not w[-1].isalpha() and w != "-")
    # "es" as a word, not inside "tres"; a dash between blanks, not inside "Kassen-Handy"; "は" and "是"
    # written without spaces ("パターンは3-5-7-8-9")
    # a copula that is also a preposition of another language (Swahili "ni", Tagalog "ni lola"): only before dots
    dotted = rf"(?<![^\W\d_])(?:{prefilter.whole_words(d['copulas_before_dots'])})(?=\s+(?:{prefilter.whole_words(d['dot_words'])}|[1-9]))"
    copula = rf"(?:(?<![^\W\d_])(?:{words})(?![^\W\d_])|{dotted}|{unspaced}|[{marks}]|(?<=\s)-(?=\s))"
    head = re.compile(rf"(?i)(?:{names})(?P<gap>[^\n.!?\d]{{0,40}}?)\s*{copula}\s*")
    # the copula may go ("رمز قفل جوالي kebab47"); a value may mix letters and digits ("è kebab99")
    device = re.compile(rf"(?i)(?:{prefilter.whole_words(d['code_words'])})[^\d\n.!?;]{{0,30}}?"
                        rf"(?:{prefilter.whole_words(d['devices'])})[^\d\n.!?;]{{0,24}}?(?:{copula}\s*|\s+)"
                        rf"(?P<v>\d{{4,8}}|\d(?:[ \-.]\d){{3,7}}|{_MIXED})(?![\w]|[.,:/]\d)")
    # "243514 är mobilkod för iphone", "6-5-2-1-3-7 er telefonkode til iphone": the value first
    value_first = re.compile(rf"(?i)(?<![\w\-.])(?P<v>\d{{4,8}}|\d(?:[ \-.]\d){{3,7}})[^\S\n]*(?:{copula}|on|ni)[^\S\n]*"
                             rf"(?:[^\W\d_]+[^\S\n]+){{0,2}}?(?:{prefilter.whole_words(d['device_code_words'])}"
                             rf"|(?:{prefilter.whole_words(d['code_words'])})[^\d\n.!?;]{{0,25}}?"
                             rf"(?:{prefilter.whole_words(d['devices'])}))")
    # "puhelimen pääsykoodi on 558841", "社用スマホのロック解除はmoka77": the device first, then the code's word
    device_first = re.compile(rf"(?i)(?:{prefilter.whole_words(d['devices'])})[^\d\n.!?;]{{0,15}}?"
                              rf"(?:{prefilter.whole_words(d['code_words'])})\s*(?:{copula}|on|ni)\s*"
                              rf"(?P<v>\d{{4,8}}|\d(?:[ \-.]\d){{3,7}}|{_MIXED})(?![\w]|[.,:/]\d)")
    # "the iPad is 2580", "my phone's 739201": the device alone, a copula, and a keypad's value that ends
    # its clause (a year, a price or a count goes on with a unit or is a year; see _bare_value)
    device_bare = re.compile(rf"(?i)(?<![^\W\d_])(?:{prefilter.whole_words(d['devices'])})(?:'s)?[^\S\n]{{0,3}}"
                             rf"(?:{copula})[^\S\n]*(?P<v>\d{{4}}|\d{{6}}|\d(?:[ \-.]\d){{3,5}})"
                             rf"(?=[^\S\n]*(?:$|[.,;!?)\n]|(?:and|but|btw|lol|haha|y|et|und|e|i|и)(?![^\W\d_])))")
    bare = re.compile(rf"(?i)(?:{names})[^\S\n]*[:：]?[^\S\n]*")
    # "Z pattern 1235789", "an L-shaped pattern: 1-4-7-8-9": the letter the dots draw, then the pattern's name
    lettered = re.compile(rf"(?:(?<![^\W\d_])|(?<=[{prefilter.UNSPACED_SCRIPTS}]))[A-Z](?:[-\s]?(?i:shaped?))?[^\S\n]+(?i:{names})[^\S\n]*[:：,\-–=]?[^\S\n]*")
    quick = re.compile(rf"(?i){prefilter.whole_words(d['names'] + d['devices'] + d['device_code_words'])}")
    # a device's word and a verb of opening it in one clause, the value after the verb or just before it:
    # "the ipad at the front desk unlocks with 673041", "планшет на ресепшене открывается кодом 551203",
    # "受付のiPadは673041で開きます", "to open the kiosk pc use 55120"
    # "senha do celular que eu divido com meu irmão …: 905582", "kunci layar hp yang dipake gantian sama adikku
    # 219899": a code's word, its device, a longer clause about whose device it is, and a keypad's value that
    # ends the turn
    far = re.compile(rf"(?i)(?:{prefilter.whole_words(d['code_words'])})[^\d\n.!?;]{{0,30}}?"
                     rf"(?:{prefilter.whole_words(d['devices'] + d['phone_words'])})[^\d\n.!?;:]{{0,60}}?(?:{copula}\s*|\s+)"
                     rf"(?P<v>\d{{4,8}}|\d(?:[ \-.]\d){{3,7}})(?=[^\S\n]*[.!?]*[^\S\n]*$)")
    devices, opens = prefilter.whole_words(d["devices"]), prefilter.whole_words(d["open_verbs"])
    value = rf"(?P<v>\d{{4,8}}|\d(?:[ \-.]\d){{3,7}}|{_MIXED})(?![\w]|[.,:/]\d)"
    device_opens = re.compile(rf"(?i)(?:{devices})[^\d\n.!?;]{{0,40}}?(?:{opens})[^\d\n.!?;]{{0,20}}?(?<![\w\-.]){value}")
    opens_device = re.compile(rf"(?i)(?:{opens})[^\d\n.!?;]{{0,30}}?(?:{devices})[^\d\n.!?;]{{0,25}}?(?<![\w\-.]){value}")
    value_opens = re.compile(rf"(?i)(?:{devices})[^\d\n.!?;]{{0,30}}?(?<![\w\-.])(?P<v>\d{{4,8}})(?!\d)[^\S\n]?"
                             rf"(?:で|로|으로|ile|से|se|kwa|بـ|ب)?[^\d\n.!?;]{{0,8}}?(?:{opens})")
    return (head, quick, frozenset(w.casefold() for w in d["shape_words"]), (device, device_first, value_first, far),
            device_bare, (bare, lettered), (device_opens, opens_device, value_opens))


def gate_words() -> list[str]:
    """Words one of which a text holds whenever this module finds something (a shared pre-check)."""
    d = json.loads(_ASSET.read_text(encoding="utf-8"))
    return d["names"] + d["devices"] + d["device_code_words"]


#: "my phone is 2019", "the laptop is 1500": a year or a round price, not a code
_YEAR_OR_PRICE = re.compile(r"(?:19|20)\d{2}|\d+00")
_WORD = re.compile(r"\s*([^\s,;.!?]+)")
_NOT_THE_DEVICE = re.compile(r"(?i)(?<![^\W\d_])(?:bill|number|plan|contract|case|charger|nummer|numéro|número|numero|rechnung"
                             r"|factura|facture|fattura|rekening|model|serial|imei)(?![^\W\d_])")


#: A number its own label names right before it ("room 2041", "model 7731", "order #55120"): not the code.
_LABELLED = re.compile(r"(?i)(?<![^\W\d_])(?:room|rm|flat|apt|apartment|unit|model|order|ticket|no|nr|number|serial|table|desk"
                       r"|gate|seat|floor|page|habitación|chambre|zimmer|camera|kamer|pokój|номер|oda|kamar|phòng)\.?\s*#?\s*$")


@lru_cache(maxsize=1)
def _letter_word() -> re.Pattern[str]:
    d = json.loads(_ASSET.read_text(encoding="utf-8"))
    return re.compile(rf"(?i)(?<![^\W\d_])(?:{prefilter.whole_words(d['letter_words'])})(?=\s+\S\b)")


@lru_cache(maxsize=1)
def _shape_nouns() -> frozenset[str]:
    return frozenset(w.casefold() for w in json.loads(_ASSET.read_text(encoding="utf-8"))["shape_nouns"])


def _drawn(text: str, at: int, shape_words: frozenset[str]) -> int:
    """The end of a drawn shape told from ``at`` ("big M from bottom left"), 0 if none: one single
    letter (or a shape's noun: "un cuadrado por el borde") among the drawing's words, at least one word
    besides it. A word may carry a colon or a comma ("ein L: oben links runter …")."""
    end, letter, words = at, False, 0
    while (m := _WORD.match(text, end)) and words < 14:
        w = m.group(1)
        bare = w.rstrip(":：")
        if bare != w and not (len(bare) == 1 and bare.isalpha()):
            break  # a colon ends the drawing unless it follows its letter ("ein L: …")
        w = bare
        if w.casefold() in shape_words:
            pass
        elif (len(w) == 1 and w.isalpha() or re.fullmatch(r"[A-Za-z]-?shaped?", w)
              or w.casefold() in _shape_nouns()) and not letter:
            letter = True
        else:
            break
        end, words = m.end(), words + 1
    while end > at and (m := re.search(r"\s+(?:then|and|puis|y|und|the|a|an|from|de|en)$", text[at:end], re.I)):
        end = at + m.start()  # a drawing does not end on a joining word
    return end if letter and words >= 2 else 0


#: Dots told one by one with blanks or commas, no copula before them: four to nine.
_SPACED_DOTS = re.compile(r"[1-9](?:\s?[-.–>→,]\s?[1-9]|\s[1-9]){3,8}(?![\d\-])")
_TURN_ENDS = re.compile(r"[\s.!?]*(?:$|\u2029)")
#: In Japanese, Chinese and Korean: a copula after the pattern's name, then the drawing, which ends in a
#: letter's shape ("L字", "L形", "ㄴ자", "Z型").
_UNSPACED_SHAPE = re.compile(r"\s*(?:は|是|为|은|는|:|：)\s*(?P<v>[^\n.!?。！？]{0,40}?[A-Za-zㄱ-ㅎ]\s?(?:字|形|型|자|모양))")
#: Dots run together ("352698") or spaced ("3 2 4 7 5 9 8"), four to nine.
_RUN_DOTS = re.compile(r"(?<![\d\-])(?:[1-9]{4,9}|[1-9](?: [1-9]){3,8})(?![\d\-])")


@lru_cache(maxsize=1)
def _last_copula() -> re.Pattern[str]:
    d = json.loads(_ASSET.read_text(encoding="utf-8"))
    return re.compile(rf"(?i)[^\S\n]*(?:{prefilter.whole_words(d['copulas_after'])})?[\s.!?।۔]*(?:$|\u2029)")


@lru_cache(maxsize=1)
def _a_device() -> re.Pattern[str]:
    d = json.loads(_ASSET.read_text(encoding="utf-8"))
    return re.compile(rf"(?i){prefilter.whole_words(d['devices'] + d['phone_words'])}")


def _ends_clause(text: str, at: int) -> bool:
    """Whether the text ends at ``at``, after a clause-final copula or none, and names a device."""
    return bool(_last_copula().match(text, at)) and bool(_a_device().search(text))


@lru_cache(maxsize=1)
def _dot_word() -> re.Pattern[str]:
    d = json.loads(_ASSET.read_text(encoding="utf-8"))
    return re.compile(rf"(?i)[^\S\n]*(?:{prefilter.whole_words(d['dot_words'])})[^\S\n]*[:：]?[^\S\n]*")


def _after_dot_word(text: str, at: int) -> int:
    """``at``, or past a word for the screen's dots there ("dot", "nukta", "ডট")."""
    m = _dot_word().match(text, at)
    return m.end() if m else at


def _each_once(dots: str) -> bool:
    digits = re.sub(r"\D", "", dots)
    return len(set(digits)) == len(digits)


def spans(text: str) -> list[Span]:
    """Unlock patterns in ``text`` (a normalised message)."""
    if len(text) > 4000:
        return []
    head, quick, shape_words, device, device_bare, (bare, lettered), opened = _patterns()
    if not quick.search(text):
        return []
    out_opened = [(m.start("v"), m.end("v"), "password") for pattern in opened
                  for m in itertools.islice(pattern.finditer(text), 8)
                  if not _NOT_THE_DEVICE.search(m.group()) and not _YEAR_OR_PRICE.fullmatch(m.group("v"))
                  and not _LABELLED.search(text, 0, m.start("v"))]
    # "de toegangscode van opa zijn telefoon is 9233": a code, whose device, then its digits
    out: list[Span] = [(m.start("v"), m.end("v"), "password") for pattern in device
                       for m in itertools.islice(pattern.finditer(text), 8)
                       if not _NOT_THE_DEVICE.search(m.group())  # "the PIN of the phone bill is 2023"
                       and not (pattern is device[-1] and _YEAR_OR_PRICE.fullmatch(m.group("v")))]  # "… since 2019"
    out += out_opened
    out += [(m.start("v"), m.end("v"), "password") for m in itertools.islice(device_bare.finditer(text), 8)
            if not _YEAR_OR_PRICE.fullmatch(m.group("v"))]
    for m in itertools.islice(bare.finditer(text), 8):  # "unlock it with the pattern L from top left down"
        end = _drawn(text, m.end(), shape_words)
        if not end and (word := _letter_word().search(text, m.end(), m.end() + 30)) \
                and (end := _drawn(text, word.start(), shape_words)):
            # "pola kunci HP saya huruf Z mulai dari kiri atas": a letter's word opens the drawing, no copula
            out.append((word.start(), end, "password"))
        elif end:
            out.append((m.end(), end, "password"))
        elif (dots := _JOINED_DOTS.match(text, m.end())) and _each_once(dots.group()):
            out.append((m.start() + len(m.group()), dots.end(), "password"))  # "patrón 1-2-3-6-9": no copula, dots joined
        elif (dots := _SPACED_DOTS.match(text, _after_dot_word(text, m.end()))) and _each_once(dots.group()) \
                and (dots.start() > m.end() or _TURN_ENDS.match(text, _after_dot_word(text, dots.end()))):
            # "mchoro 9 2 6 7 8", "pattern lock dots 6 5 8 7": a dot's word before them, or nothing after
            # them ("the knitting pattern 1 2 3 4 rows" counts rows)
            out.append((dots.start(), dots.end(), "password"))
        elif (dots := _RUN_DOTS.match(text, _after_dot_word(text, m.end()))) and _each_once(dots.group()) \
                and _ends_clause(text, dots.end()):
            # "میرے فون کا پیٹرن 352698 ہے", "என் போன் பேட்டர்ன் 24587": the dots run together, then a copula
            # that ends the clause (a language that puts it last) or the turn's end
            out.append((dots.start(), dots.end(), "password"))
    for m in itertools.islice(bare.finditer(text), 8):
        if (shape := _UNSPACED_SHAPE.match(text, m.end())) and _UNSPACED.search(text, max(0, m.start() - 1), shape.end()):
            # "パターンロックは左上から下に降りて右へのL字", "解锁图案是从左上往下再往右，一个L形", "패턴은 … ㄴ자"
            out.append((shape.start("v"), shape.end("v"), "password"))
    for m in itertools.islice(lettered.finditer(text), 8):
        if (dots := re.match(_DOTS, text[m.end():])) and _each_once(dots.group()):
            out.append((m.start(), m.end() + dots.end(), "password"))
    for m in itertools.islice(head.finditer(text), 8):
        end = _drawn(text, m.end(), shape_words)
        at = end or m.end()
        if not end and (letter := _LETTER_BEFORE_DOTS.match(text, at)):
            at = letter.end()
        elif not end:
            at = _after_dot_word(text, at)  # "the pattern is dot 7 8 9 3 1", "ni nukta 7 4 8 2 6"
        elif end:
            at += len(text[at:]) - len(text[at:].lstrip(" ,:;–—-"))
        dots = re.match(_DOTS, text[at:])
        digits = re.sub(r"\D", "", dots.group()) if dots else ""
        if dots and len(set(digits)) == len(digits):  # a pattern passes each dot once ("1-2-1-2": tiles)
            out.append((at, at + dots.end(), "password"))
        if end:  # "an L then across, 2-8-4-9-7-1-5": the shape and its dots
            out.append((m.end(), end, "password"))
    return out


@lru_cache(maxsize=1)
def _thread_patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    d = json.loads(_ASSET.read_text(encoding="utf-8"))
    device = re.compile(rf"(?i){prefilter.whole_words(d['devices'] + d['device_code_words'])}")
    code = re.compile(rf"(?i){prefilter.whole_words(d['code_words'] + d['device_code_words'] + d['unlock_words'])}")
    opens = re.compile(rf"(?i){prefilter.whole_words(d['open_verbs'])}")
    return device, code, opens


def names_device_code(turn: str) -> bool:
    """Whether a turn talks of a device's code ("iphone ka फ़ोन का पासकोड kya tha"): a number after it
    is that code, not a phone number."""
    device, code, _ = _thread_patterns()
    tail = turn[-200:]
    return bool(code.search(tail) and device.search(tail)) and not _NOT_THE_DEVICE.search(tail)


_TURN_VALUE = re.compile(rf"(?<![\w\-.])(?:\d{{4,8}}|\d(?:[ \-.]\d){{3,7}}|{_MIXED})(?![\w]|[.,:/]\d)")


def dots_turn(text: str, prior: str) -> list[Span]:
    """"pattern ya simu" / "7-1-6-2-9", "padrão do celular da mãe" / "3-5-7-8-9": a turn that is only a
    pattern's dots joined one by one, each dot once, after a turn that ends near a pattern's name."""
    if len(text) > 40 or not (dots := _JOINED_DOTS.fullmatch(text.strip())) or not _each_once(dots.group()):
        return []
    if not _patterns()[5][0].search(prior[-60:]):
        return []
    start = text.index(dots.group())
    return [(start, start + len(dots.group()), "password")]


def answer_spans(text: str, prior: str) -> list[Span]:
    """A short turn's one value of a code's shape after talk of a device's code, the device and the
    code's word in this turn or the one before: "в бухгалтерии просят код разблокировки" / "вот
    Sunflower00", "the tablet in the rental" / "unlock is papillon33", "iphone ka पासकोड kya tha" / "502963"."""
    if len(text) > 60 or not _patterns()[1].search(prior[-200:] + " " + text):
        return []
    values = list(_TURN_VALUE.finditer(text))
    if len(values) != 1 or _YEAR_OR_PRICE.fullmatch(values[0].group()):
        return []
    rest = text[:values[0].start()] + " " + text[values[0].end():]
    if len(re.findall(r"[^\W\d_]+", rest)) > 4:
        return []
    context = prior[-200:] + " " + rest
    device, code, opens = _thread_patterns()
    if _NOT_THE_DEVICE.search(context):
        return []
    if not code.search(context):
        # no code's word: a question of what opens a device ("what opens the laptop at the bar?" / "386966")
        return [(values[0].start(), values[0].end(), "password")] if _asks_what_opens(prior, device, opens) else []
    if not device.search(context) and not re.search(r"(?i)разблок|unlock|desbloq|entsperr|déverrouill|sblocc|ontgrendel|odblok", context):
        return []
    return [(values[0].start(), values[0].end(), "password")]


#: A question's mark or word, in the languages of ``open_verbs``.
_ASKS = re.compile(r"(?i)[?？؟]|(?<![^\W\d_])(?:what|how|which|qu[eé]|cómo|como|comment|quoi|was|wie|womit|cosa|come|wat|hoe|co|jak|что|чем|как|ne|nasıl|apa|bagaimana|gimana|pakai apa|gì|sao|nini|vipi|ano|paano|τι|πώς|מה|איך|ماذا|كيف|शा|क्या|कैसे|kya|kaise)(?![^\W\d_])|何|どう|什么|怎么|뭐|어떻게|무엇")


def _asks_what_opens(prior: str, device: re.Pattern[str], opens: re.Pattern[str]) -> bool:
    """Whether the end of ``prior`` asks what opens a device ("what gets me into the tablet in the kitchen",
    "¿con qué se desbloquea el portátil?", "ноут чем открывается?"): a question, a verb of opening and a device."""
    tail = prior[-160:]
    return bool(device.search(tail) and opens.search(tail) and _ASKS.search(tail))

