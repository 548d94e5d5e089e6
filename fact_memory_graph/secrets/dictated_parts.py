"""A value sent in parts: "part 1: tulip" / "part 2 coming" / "an1956".

People who think a whole password, card or account number is unsafe in one message send it in
pieces, and say so: "first half of the number: #pier" / "second half ogi99", "vou mandar em duas
partes: FR63…" / "e o resto 1292…", "depannya 4886…" / "belakangnya 3314…". The pieces carry no
name of what they are, so no reader of a secret's name sees them; what makes them secret is the
dictation itself. A thread is dictated in parts when it holds an opening part's word and a later
part's word ("Teil 1" … "Teil 2", "first half" … "the rest"), or says it will send something in
parts ("in two parts"). Then the token right after each part's word is withheld, and so is a turn
that is one token right after a turn that announced a part ("Teil 2 kommt gleich" / "an1956").

Words as data (``assets/dictated_parts.json``, ~30 languages). Not withheld: prices, times, dates,
scores and years ("first half 2-1, second half 0-0"), a word that is not the turn's last unless it
has a value's shape (a digit, a symbol, a capital inside it).
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Sequence

from . import lexicon, prefilter
from .forms import ASSETS, ONE_WORD_TURN, TURN_JOIN, Span, announces_public, names_in, public_value

_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\u0e00-\u0e7f]")


@functools.lru_cache(maxsize=1)
def _words() -> dict[str, tuple[str, ...]]:
    data = json.loads((ASSETS / "dictated_parts.json").read_text(encoding="utf-8"))
    return {k: tuple(sorted((w.lower() for w in v), key=len, reverse=True)) for k, v in data.items() if k != "_about"}



@functools.lru_cache(maxsize=1)
def _patterns() -> dict[str, re.Pattern[str]]:
    """Each kind's words as one prefix tree (``prefilter.whole_words``: the alternation's matches at a
    fraction of its cost), and ``any``: all of them, the gate every turn passes."""
    words = _words()
    out = {k: re.compile("(?i)" + prefilter.whole_words(words[k])) for k in (*_ANY_KINDS, "code_names", "not_code", "ordinals")}
    out["any"] = re.compile("(?i)" + prefilter.whole_words(_any_words()))
    return out


#: The kinds of part word every turn's gate reads.
_ANY_KINDS = ("first", "next", "announce", "starts", "ends")


def _any_words() -> list[str]:
    """The words of every part's kind: the gate every turn passes (``any``, and its lexicon gate)."""
    words = _words()
    return [w for k in _ANY_KINDS for w in words[k]]


@functools.lru_cache(maxsize=1)
def _gate() -> lexicon.Gate:
    return lexicon.Gate(_any_words())


def names_a_part(text: str) -> bool:
    """Whether ``text`` holds a part's word (cheap: the turn after may make it a dictated part)."""
    return _gate().open(text) and bool(_patterns()["any"].search(text))


_TOKEN = re.compile(r"[^\s,;]+")
_ASCII_TOKEN = re.compile(r"[A-Za-z0-9!@#$%^&*_+=.\-]{3,}")
_VALUE_SHAPE = re.compile(r"\d|[!@#$%^&*_+=~?|<>{}\[\]\\/]|[a-z][A-Z]|[A-Z]{2}")
_ORDINARY = re.compile(
    r"(?i)^(?:[$€£¥₹]\s?[\d.,]+|[\d.,]+\s?(?:[$€£¥₹%]|k|kg|km|min|h|hrs?|eur|usd)|\d{1,2}[:h.]\d{2}(?:[ap]m)?|\d{1,2}[ap]m"
    r"|\d{1,2}[-:]\d{1,2}|\d{1,2}[/.\-]\d{1,2}(?:[/.\-]\d{2,4})?|\d{4}[/.\-]\d{1,2}[/.\-]\d{1,2}|(?:19|20)\d{2}s?|\d{1,2}(?:st|nd|rd|th)?)$")
_TRAILING = ".,!?)\"'»”’…"


def _value_after(text: str, end: int) -> tuple[int, int] | None:
    """The token right after a part's word at ``end`` (glue words and a colon skipped)."""
    rest = text[end:end + 80].split("\u2029")[0]  # not into the next turn of a joined read
    # "first half of the number: X", "first half of my member number is X"
    colon = re.match(r"[^\n.!?\u2029]{0,40}?[:：=]\s*", rest) or _COPULA.match(rest)
    offset = colon.end() if colon else 0
    glue = _words()["glue"]
    if _CJK.search(text[max(0, end - 2):end]):  # "後半はabc99", "剩下的是 X"
        m = re.match(r"[\sはがをも是为：:、]*", rest[offset:])
        token = _ASCII_TOKEN.match(rest, offset + m.end())
        return (end + token.start(), end + token.end()) if token else None
    pos = offset
    # the value is the first token of a value's shape, or the turn's last right after the part's word
    # or after words naming a secret ("prima parte della chiave vZTnkigieOSj", "eerste deel van m'n
    # wachtwoord tortugas"; not "the first part of the film was slow"), a few words on at most
    skipped = ""
    for _ in range(5):
        token = _TOKEN.search(rest, pos)
        if not token or token.start() - pos > 4:
            return None
        word = token.group().strip(_TRAILING).lower()
        pos = token.end()
        if word in glue or word in (":", "-", "—", "–", "="):
            continue
        value = token.group().rstrip(_TRAILING)
        if _ORDINARY.match(value):
            return None
        after = rest[token.end():]
        last = not re.search(r"[^\W_]", after.split(TURN_JOIN)[0]) or bool(_FILLERS_LEFT.fullmatch(after.split(TURN_JOIN)[0]))
        if len(value) >= 3 and (_VALUE_SHAPE.search(value) or last) \
                and (not skipped or _patterns()["code_names"].search(skipped)):
            return end + token.start(), end + token.start() + len(value)
        if last or token.group()[-1:] in ".!?":
            return None
        skipped += f" {word}"
    return None


#: What may follow a part's value and end the turn: laughter, thanks, an emoji ("primera parte ruffu lol").
_FILLERS_LEFT = re.compile(r"(?i)(?:[\W_]*(?<![^\W\d_])(?:lol|lmao|haha+|jaja+|hehe|kkk+|xd|pls|plz|ok|okay|thx|thanks|"
                           r"ty|btw|jk|mdr|ptdr|xx+)(?![^\W\d_]))+[\W_]*")
#: "… is X": a copula after the words naming what the part is of.
_COPULA = re.compile(r"[^\n.!?\u2029:]{0,40}?\s(?:is|es|ist|est|è|é|är|er|jest|je|to|это|adalah|là|sono|são|son|sind|zijn)\s+")


@functools.lru_cache(maxsize=1)
def _joined() -> tuple[lexicon.Gate, re.Pattern[str]]:
    words = _words()["joined"]
    return lexicon.Gate(words), re.compile(r"(?i)(?<!\S)(?P<v>[^\s(\[]{3,64}?)[\s,;:(\[\-–—<←]*(?:" + prefilter.whole_words(words) + ")")


def _joined_piece(turn: str) -> Span | None:
    """The piece right before a note that the pieces go together ("arrn8869 no spaces", "927DDu6 (no
    space between)", "aRoja77 todo junto"): a token of a value's shape opening a short turn."""
    gate, pattern = _joined()
    if len(turn) > 80 or not gate.open(turn):
        return None
    m = pattern.search(turn)
    # a bare piece: nothing but it before the note ("hash is 4f2a9c, no spaces" names what it is)
    if not m or not _bare_lead(turn[:m.start("v")]) or not _VALUE_SHAPE.search(m.group("v")) or _ORDINARY.match(m.group("v").rstrip(_TRAILING)):
        return None
    end = m.start("v") + len(m.group("v").rstrip(_TRAILING))
    if public_value(turn, m.start("v"), end):  # "order ref AB12345, no spaces": a public number's spelling
        return None
    return m.start("v"), end, "password"


def _bare_lead(lead: str) -> bool:
    """Whether what stands before a piece is nothing, or only a word going on from the piece before
    ("then lVi8jKcP no spaces", "und dann 4Kx9 ohne Leerzeichen")."""
    lead = lead.strip(" ,:;-–—.")
    if not re.search(r"\w", lead):
        return True
    _, order, _ = _bare_patterns()
    return bool(order.fullmatch(lead))


def notes_joined(turn: str) -> bool:
    """Whether ``turn`` is a piece with a note that it goes with the piece before ("arrn8869 no spaces")."""
    return _joined_piece(turn) is not None


def joined_spans(text: str, earlier: Sequence[str] = (), after: str = "") -> list[Span]:
    """A value typed in pieces with a note that they go together: the piece before the note, and a
    lone token in the turn before such a piece ("Kaiserschm" / "arrn8869 no spaces")."""
    found = [piece] if earlier and (piece := _joined_piece(text)) else []  # a piece: a turn goes before it
    if after and (lone := _lone_token(text) or _after_colon(text)) and _joined_piece(after) and not _joined_piece(text):
        found.append((*lone, "password"))  # "Kaiserschm" / "arrn8869 no spaces", "en dos: Linte" / "l.1588 va pegado"
    return found


_AFTER_COLON = re.compile(r":\s*(?P<v>[^\s:]{3,40}?)[\s.!?…]*$")


def _after_colon(text: str) -> tuple[int, int] | None:
    """The one token after a colon that ends ``text`` ("te paso lo del portal en dos: Linte")."""
    m = _AFTER_COLON.search(text)
    if not m or _ORDINARY.match(m.group("v")) or m.group("v").lower() in _SMALL_TALK:
        return None
    return m.start("v"), m.end("v")


#: A bare piece's value: digits (4-12, maybe spaced or dashed; a script without spaces may touch them:
#: "最初は2375") or a token of a password's shape.
_BARE_VALUE = re.compile(r"(?<![0-9A-Za-z*#.,:/+-])(\d(?:[ \-]?\d){3,11})(?![0-9A-Za-z*#%€$£]|[.,:/]\d)"
                         r"|(?<!\S)(?![^\s,;]*[\u0e00-\u0e7f\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af])"
                         r"((?=[^\s,;]*(?:\d|[a-z][A-Z]))(?=[^\s,;]*[^\W\d_])[^\s,;]{5,40}?)[.,!?]*(?!\S)")
_BARE_WORDS = re.compile(r"[^\W\d_]+")


@functools.lru_cache(maxsize=1)
def _bare_patterns() -> tuple[lexicon.Gate, re.Pattern[str], re.Pattern[str]]:
    words = _words()
    order = (*words["bare_order"], *words["first"], *words["next"])  # "part one 2890" / "part two coming, 6671"
    return (lexicon.Gate(order), re.compile("(?i)" + prefilter.whole_words(order)),
            re.compile("(?i)" + prefilter.whole_words((*words["bare_labels"], *words["not_code"]))))


@functools.lru_cache(maxsize=1)
def _digit_count() -> re.Pattern[str]:
    words = prefilter.whole_words(_words()["digit_counts"])
    return re.compile(rf"(?i)(?<!\d)\d{{1,2}}\s*(?:[^\W\d_]+\s+){{0,1}}(?:{words})")


def _bare_piece(turn: str) -> tuple[int, int, bool] | None:
    """A short turn that is one value and a few words ("first bit is 5960", "then 2847", "ok 9575",
    "dann 0768"): the value's offsets, and whether a word of order goes with it."""
    if len(turn) > 60:
        return None
    values = list(_BARE_VALUE.finditer(turn))
    if len(values) != 1:
        return None
    m = values[0]
    key = 1 if m.group(1) else 2
    value = m.group(key)
    if _ORDINARY.match(value) or (key == 2 and not _VALUE_SHAPE.search(value)):
        return None  # a year, a time, a price
    rest = turn[:m.start(key)] + " " + turn[m.end(key):]
    if re.search(r"\d", rest):  # a count of the piece's digits is no second number ("les 8 premiers chiffres 7199 0408")
        rest = _digit_count().sub(" ", rest)
    if re.search(r"\d", rest) or len(_BARE_WORDS.findall(rest)) > 7:
        return None  # more numbers, or a sentence about something
    gate, order, labels = _bare_patterns()
    if labels.search(rest):
        return None  # "table 53", "ticket 1102083"
    return m.start(key), m.end(key), gate.open(rest) and bool(order.search(rest))


#: A first piece of letters alone after a word of order ("pehle mouss likho", "প্রথমে kahaw", "na farko SHAN_"): a
#: word of Latin letters right after the turn's last word of order, at most one word after it; a piece only beside a
#: next piece of letters and a digit or a sign.
_LETTER_WORD = re.compile(r"\s+(?P<v>[A-Za-z][A-Za-z_]{2,39})(?:\s+[a-z]{1,8})?[\s.!?…]*$")
_MIXED_PIECE = re.compile(r"(?=[^\s]*[A-Za-z])(?=[^\s]*[\d!@#$%^&*_+=~?])")


def _letter_piece(turn: str) -> tuple[int, int] | None:
    """A turn that is a word of order and a word of letters (:data:`_LETTER_WORD`): the word's offsets."""
    if len(turn) > 40 or len(turn.split()) > 5:
        return None
    gate, order, labels = _bare_patterns()
    if not gate.open(turn) or labels.search(turn):
        return None
    orders = list(order.finditer(turn))
    last = orders[-1] if orders else None
    if last is None or turn[:last.start()].strip(" \t,.!-") and len(turn[:last.start()].split()) > 1:
        return None  # the word of order opens the turn (after one word at most: "ok pehle …")
    m = _LETTER_WORD.match(turn, last.end())
    if not m or names_in(turn):
        return None  # "eerste stuk wachtwoord Zonneb": a secret's name, read by the part words proper
    return m.start("v"), m.end("v")


def _letters_then_mixed(first: str, second: str) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """A piece of letters alone, then a piece of letters with a digit or a sign ("पहिले Sham" / "अनि ba109"): both."""
    a = _letter_piece(first)
    b = _bare_piece(second) if a else None
    if not (a and b and _MIXED_PIECE.match(second, b[0]) and b[2]):
        return None
    return a, (b[0], b[1])


def letter_piece_told(text: str, after: str) -> bool:
    """Whether ``text`` is a first piece of letters the turn ``after`` goes on with (:func:`_letters_then_mixed`)."""
    return bool(after) and len(text) <= 40 and _letters_then_mixed(text, after) is not None


def bare_pieces(text: str, earlier: Sequence[str] = (), after: str = "") -> list[Span]:
    """A value sent bare in two pieces, with no name of what it is: two turns in a row, each a bare
    piece (:func:`_bare_piece`), one of them with a word of order ("first bit is 5960" / "then 2847",
    "erst 3786" / "dann 0768", "ok 9575" / "and the rest, 4511"). Kept: a thread that labels its
    numbers (a table, a ticket, a price) or that names a public one."""
    if after and (pair := _letters_then_mixed(text, after)):
        return [(*pair[0], "password")]  # "pehle mouss likho" / "ab a2005."
    if earlier and (pair := _letters_then_mixed(earlier[-1], text)):
        return [(*pair[1], "password")]
    piece = _bare_piece(text)
    if not piece:
        return []
    before = list(earlier[-2:])
    if len(before) == 2 and len(before[-1]) <= 40 and not re.search(r"\d", before[-1]) and not _bare_piece(before[-1]):
        before.pop()  # "hang on kid screaming" between two pieces
    neighbours = [t for t in (before[-1] if before else "", after) if t]
    for other in neighbours:
        pair = _bare_piece(other)
        if not pair or not (piece[2] or pair[2]):
            continue
        thread = [*earlier[-2:], text, after]
        _, _, labels = _bare_patterns()
        if any(labels.search(t) or announces_public(t) for t in thread if t):
            return []
        return [(piece[0], piece[1], "password")]
    return []


def spans(text: str, earlier: Sequence[str] = (), after: str = "") -> list[Span]:
    """The parts of a value dictated in pieces that ``text`` holds, read with the user's turns
    ``earlier`` (oldest first) and ``after`` (the next turn, when it is known)."""
    if (earlier or after) and (bare := bare_pieces(text, earlier, after)):
        return bare
    # (not after a turn announcing a public number: "booking ref?" / "XK4P" / "2Q9 no spaces")
    if (joined := joined_spans(text, earlier, after)) and not any(announces_public(t) for t in earlier[-2:]):
        return joined
    pats = _patterns()
    lone = _lone_token(text) if earlier else None
    piece = earlier and len(text) <= 40 and _PIECE_TURN.match(text)  # "71", "dann 88": a code's last piece
    pieces_after_name = bool(piece) and _pieces_after_name(text, earlier, after)
    if not names_a_part(text) and not (lone and names_a_part(earlier[-1])) and not (after and names_a_part(after)) \
            and not (piece and any(names_a_part(t) for t in earlier[-2:])) \
            and not (earlier and pats["ordinals"].search(text) and any(pats["announce"].search(t) for t in earlier[-2:])) \
            and not (piece and _cut_short(earlier[-1])) and not (after and _cut_short(text)) \
            and not pieces_after_name:
        return []  # "second JigIR1SHb5NK" after "key is in two bits"; "door code: 44" / "71"
    if piece and pieces_after_name:
        return [(piece.start(1), piece.end(1), "password")]  # "door code?" / "71" / "33"
    if (after and _more_turn(after)) or (lone and len(earlier) > 1 and _more_turn(earlier[-1])):
        # "ok so its DE6292…" / "wait there's more" / "6544…": a value, a turn saying more of it comes, the rest
        ending = _ending_value(text) if after and _more_turn(after) else None
        if ending or (lone and len(earlier) > 1 and _more_turn(earlier[-1]) and _ending_value(earlier[-2])):
            return [(*(ending or lone), "password")]
    thread = [*earlier[-2:], text, after] if after else [*earlier[-2:], text]
    if _code_thread(thread, pats) and (pieces := _code_pieces(text, earlier, thread, pats)):
        return pieces
    if shaped := _shaped_ends(text, thread, pats):
        return shaped  # "starts with X2dly" / "ends qed#24": a value told by its two ends
    # the patterns ignore case: the text is read as it is, so a match's offsets are the text's own
    if after and _pause_turn(after) and (opening := _opening_part(text, pats)):
        return [(*opening, "password")]  # "ok first half is maripo" / "hang on kid screaming": the rest comes later
    if not (any(pats["announce"].search(t) for t in thread)
            or (any(pats["first"].search(t) for t in thread) and any(pats["next"].search(t) for t in thread))
            or (earlier and pats["next"].search(text) and _names_code(earlier[-1]))):
        return []  # (the last: "the wifi password is meo" / "the rest is 2024xx": a name, then the rest)
    found: list[Span] = []
    announced = any(pats["announce"].search(t) for t in thread)
    for kind in ("first", "next", "announce", *(("ordinals",) if announced else ())):
        for m in pats[kind].finditer(text):
            value = _value_after(text, m.end())
            if value:
                found.append((*value, "password"))
    if lone and not found and _part_awaited(earlier[-1], pats):
        found.append((*lone, "password"))
    return found


#: What may open a turn before its opening part's word ("ok so first half is …", "bueno, primera parte …").
_OPENING_LEAD = re.compile(r"(?i)[\W_]*(?:(?:ok|okay|oke|so|right|alright|and|bon|bueno|vale|also|ok so|dus|então|allora|"
                           r"ладно|tamam|oké|okej|nå)[\W_]+)*")


@functools.lru_cache(maxsize=1)
def _pauses() -> re.Pattern[str]:
    return re.compile(r"(?i)[\W_]*(?:(?:ok|okay|oh|ah|sorry|sry|pardon|perdón|désolé)[\W_]+)*(?:"
                      + prefilter.alternation(_words()["pauses"]) + r")(?![^\W\d_])")


def _pause_turn(turn: str) -> bool:
    """Whether ``turn`` is a short pause ("hang on kid screaming ❤️", "attends", "un momento"): it gives
    nothing and says more comes."""
    return len(turn) <= 60 and not re.search(r"\d", turn) and bool(_pauses().match(turn))


def _opening_part(text: str, pats: dict[str, re.Pattern[str]]) -> tuple[int, int] | None:
    """A turn that opens with an opening part's word and gives one token of a value's shape, or a
    coined word, and nothing after it but laughter or an emoji ("ok first half is maripo", "primera
    parte ruffu lol", "första delen hose-tan"), when the turn after it is a pause ("hang on kid
    screaming"): the first piece, whose rest comes after the pause. Read alone it stays ("part 1:
    marble" says nothing of a secret until a later part or a pause follows it); "first half was
    boring", "the first part is done" give a word."""
    m = pats["first"].search(text)
    if not m or m.start() != _OPENING_LEAD.match(text).end():
        return None
    value = _value_after(text, m.end())
    if not value:
        return None
    tail = text[value[1]:]
    if re.search(r"[^\W_]", tail) and not _FILLERS_LEFT.fullmatch(tail):
        return None
    token = text[value[0]:value[1]]
    from .recalled_values import _common_words
    if _VALUE_SHAPE.search(token) or (token.isalpha() and token.casefold() not in _common_words()):
        return value
    return None


def _names_code(turn: str) -> bool:
    """Whether ``turn`` names a code or a password and nothing whose digits are told openly."""
    pats = _patterns()
    return bool(pats["code_names"].search(turn)) and not pats["not_code"].search(turn)


def _part_awaited(turn: str, pats: dict[str, re.Pattern[str]]) -> bool:
    """Whether ``turn`` names a part and gives no value after it ("Teil 2 kommt gleich", "the rest
    in a sec"): the next lone token is that part. Saying only that something comes in parts ("I
    split the bill in two parts") awaits nothing."""
    marks = [m for k in ("first", "next") for m in pats[k].finditer(turn)]
    return bool(marks) and not any(_value_after(turn, m.end()) for m in marks)


def _pieces_after_name(text: str, earlier: Sequence[str], after: str) -> bool:
    """Whether ``text``, a code's piece, is one of two or more bare pieces right after a turn that names
    a code and gives no value ("door code?" / "71" / "33", "PIN da porta" / "4 4" / "1 7"): a piece's turn
    before it or after it, back to that name."""
    back = list(earlier)
    pieces = 1
    while back and _PIECE_TURN.match(back[-1].strip()):
        back.pop()
        pieces += 1
    if after and _PIECE_TURN.match(after.strip()):
        pieces += 1
    if pieces < 2 or not back:
        return False
    named = back[-1]
    pats = _patterns()
    return len(named) <= 80 and not re.search(r"\d", named) and bool(pats["code_names"].search(named)) \
        and (not pats["not_code"].search(named) or bool(_PIN_NAME.search(named)))  # "card PIN?": the card's PIN


#: A PIN's own name: a card's PIN is no card's last four ("card PIN?" / "8 3" / "7 1").
_PIN_NAME = re.compile(r"(?i)(?<![^\W\d_])(?:pin|pins|pin-?code|pinkode|pinkod|pin-koodi|geheimzahl|пин|пин-код"
                       r"|暗証番号|密码|비밀번호|रहस्य संख्या)(?![^\W\d_])")


def _more_turn(turn: str) -> bool:
    """Whether ``turn`` is a short aside saying more of a value comes and giving none ("wait there's
    more", "kommt noch mehr", "还有")."""
    return len(turn) <= 40 and names_a_part(turn) and _part_awaited(turn, _patterns())


#: The value that ends a turn: a token of a value's shape (emoji after it are no part of it).
_ENDING = re.compile(r"(?<!\S)([^\s]{6,64}?)[\s.!?…]*(?:\s+[\U0001F000-\U0001FAFF\u2600-\u27BF\uFE0F\u200d]+)*[\s.!?…]*$")


def _ending_value(turn: str) -> tuple[int, int] | None:
    """The value ending ``turn`` when it has a value's shape ("ok so its 4696…"): not a date, a time or an amount."""
    m = _ENDING.search(turn)
    if not m or not _VALUE_SHAPE.search(m.group(1)) or _ORDINARY.match(m.group(1)) \
            or not re.search(r"\d.*\d.*\d|[^\W\d_].*\d|\d.*[^\W\d_]", m.group(1)) \
            or public_value(turn, m.start(1), m.end(1)):
        return None  # (not "my order is 4410293" / "wait there's more": an order's number)
    return m.start(1), m.end(1)


_SMALL_TALK = frozenset({"ok", "okay", "thanks", "thx", "ready", "wait", "done", "yes", "yeah", "gracias", "danke", "merci",
                         "obrigado", "obrigada", "grazie", "listo", "fertig", "oke", "sip", "tamam", "sawa", "dzięki", "спасибо"})


def _lone_token(text: str) -> tuple[int, int] | None:
    m = ONE_WORD_TURN.match(text)
    if not m or m.group(1).lower().strip(_TRAILING) in _SMALL_TALK or _ORDINARY.match(m.group(1).rstrip(_TRAILING)):
        return None
    value = m.group(1).rstrip(_TRAILING)
    return (m.start(1), m.start(1) + len(value)) if len(value) >= 3 else None


#: A code's piece: two to eight digits, maybe spaced or dashed ("44", "7 1", "38-19").
_PIECE = re.compile(r"(?<![\w*#])(\d(?:[ \-.]?\d){1,7})(?![\w*#]|[.,:/]\d)")
_PIECE_AFTER = re.compile(r"(?:[^\d\n.!?;\u2029]|[.:](?!\d)){0,40}?(?<![\w*#])(\d(?:[ \-.]?\d){1,7})(?![\w*#]|[.,:/]\d|\s?(?:am|pm|h|%))")
_PIECE_BEFORE = re.compile(r"(?<![\w*#])(\d(?:[ \-.]?\d){1,7})['’]?\s*$")
_PIECE_TURN = re.compile(r"^[^\w\d]*(?:[^\W\d_]+[\s,:]+){0,3}?(\d(?:[ \-]?\d){1,7})[\s.!?…]*$")


def _ends_values(turn: str, pats: dict[str, re.Pattern[str]]) -> list[tuple[int, int]]:
    """The tokens right after the words of where a value starts and where it ends in ``turn``."""
    out = []
    for kind in ("starts", "ends"):
        for m in pats[kind].finditer(turn):
            value = _value_after(turn, m.end())
            if value:
                out.append(value)
    return out


#: Letters and a digit or a sign in one token: a password's or a key's piece, not a word or a number.
_MIXED = re.compile(r"(?=.*[^\W\d_])(?=.*[\d!@#$%^&*_+=~?.|<>{}\[\]\\/])")


def _shaped_ends(text: str, thread: Sequence[str], pats: dict[str, re.Pattern[str]]) -> list[Span]:
    """A value told by where it starts and where it ends, with no name ("starts with X2dly" / "ends qed#24",
    "empieza por wpkvs" / "y termina en 305.B"): both ends in the thread, one of them letters with a digit
    or a sign; nothing in the thread told openly by its ends (a postcode, an order, a card's last digits)."""
    if not (pats["starts"].search(text) or pats["ends"].search(text)):
        return []
    if not (any(pats["starts"].search(t) for t in thread) and any(pats["ends"].search(t) for t in thread)) \
            or any(pats["not_code"].search(t) or announces_public(t) for t in thread):
        return []
    own = _ends_values(text, pats)
    if not own:
        return []
    ends = [t[a:b] for t in thread if t for a, b in _ends_values(t, pats)]
    if len(ends) < 2 or not any(_MIXED.match(v) and not _ORDINARY.match(v) for v in ends):
        return []
    return [(a, b, "password") for a, b in own if len(text[a:b]) >= 4]


def _code_thread(thread: Sequence[str], pats: dict[str, re.Pattern[str]]) -> bool:
    """Whether the turns name a code (a door's, a till's, a locker's: "code", "PIN", "combo") and
    nothing whose digits are told openly by their ends (a card's last four, a phone, a postcode)."""
    return any(pats["code_names"].search(t) for t in thread) and not any(pats["not_code"].search(t) for t in thread)


def _code_pieces(text: str, earlier: Sequence[str], thread: Sequence[str], pats: dict[str, re.Pattern[str]]) -> list[Span]:
    """A code's digits sent in pieces: "door code starts with 44" / "and ends with 71", "first half
    of the safe code: 44" / "71". A piece may be two digits here (a code is short); a thread holds
    pieces when it says where one begins and where one ends, or announces parts."""
    begins = any(pats["first"].search(t) or pats["starts"].search(t) for t in thread)
    ends = any(pats["next"].search(t) or pats["ends"].search(t) for t in thread)
    announced = any(pats["announce"].search(t) for t in thread)
    # a code's length told before its first piece ("the alarm's 8 digits, first four 6586"): the rest comes later
    counted = begins and not ends and bool(_digit_count().search(text)) and bool(pats["code_names"].search(text))
    found: list[Span] = []
    if begins and (ends or counted) or announced:
        for kind in ("first", "next", "starts", "ends", "announce"):
            for m in pats[kind].finditer(text):
                piece = _PIECE_AFTER.match(text, m.end())
                # a language that puts the word after the digits: "44 ile başlıyor", "38で始まる"
                ahead = _PIECE_BEFORE.search(text, max(0, m.start() - 16), m.start()) if kind in ("starts", "ends") else None
                if piece and (ends or announced) and not _ORDINARY_PIECE.match(piece.group(1)):
                    found.append((piece.start(1), piece.end(1), "password"))
                elif piece and counted and piece.start(1) - m.end() <= 8 and not _ORDINARY_PIECE.match(piece.group(1)):
                    found.append((piece.start(1), piece.end(1), "password"))  # "first four 6586", "first four are 6586"
                elif ahead and not _ORDINARY_PIECE.match(ahead.group(1)):
                    found.append((ahead.start(1), ahead.end(1), "password"))
                elif (value := _value_after(text, m.end())) is not None and (ends or announced):
                    found.append((*value, "password"))
    before = earlier[-1] if earlier else ""
    lone = _PIECE_TURN.match(text) if before and not found else None
    if lone and (announced or pats["first"].search(before) or pats["starts"].search(before)
                 or _cut_short(before) and pats["code_names"].search(before)):
        found.append((lone.start(1), lone.end(1), "password"))  # "first half of the code: 44" / "71"
    after = thread[-1] if thread[-1] is not text else ""
    # a code's digits ending a turn that names it, the rest in a turn that opens with a word going on
    # ("kassaskåpet: 4394" / "sen 0619", "Tresor 4394" / "und dann 0619"): both are the code's
    if not found and before and _goes_on(text) and pats["code_names"].search(before) and _PIECE_BEFORE.search(before):
        found.append(_goes_on(text))
    if not found and after and _goes_on(after) and pats["code_names"].search(text) \
            and (ending := _PIECE_BEFORE.search(text)) and not _ORDINARY_PIECE.match(ending.group(1)):
        found.append((ending.start(1), ending.end(1), "password"))
    cut = _cut_short(text) if after and not found else None
    if cut and pats["code_names"].search(text) and _PIECE_TURN.match(after):
        found.append((cut.start(1), cut.end(1), "password"))  # "door code: 44" / "71": cut short, the rest next
    return found


def _goes_on(turn: str) -> Span | None:
    """The piece of a short turn that opens with a word going on from the turn before ("sen 0619",
    "and then 71", "y luego 19"): nothing else in it."""
    turn_start = len(turn) - len(turn.lstrip())
    m = _patterns()["ends"].match(turn, turn_start) or _patterns()["next"].match(turn, turn_start)
    if not m or len(turn) > 40:
        return None
    piece = _PIECE_AFTER.match(turn, m.end())
    if not piece or _ORDINARY_PIECE.match(piece.group(1)) or re.search(r"[^\W\d_]", turn[piece.end():]):
        return None
    return piece.start(1), piece.end(1), "password"


#: A code's name and a value too short for a code at a turn's end ("door code: 44"): the rest comes next.
_CUT_SHORT = re.compile(r"(?:[:=]|\s(?:is|es|ist|est|è|é))\s*(\d{1,3})\W*$")


#: Not a piece of a code: a time or a date.
_ORDINARY_PIECE = re.compile(r"^\d{1,2}[.:]\d{2}$|^\d{1,2}[.\-]\d{1,2}[.\-]\d{2,4}$")


def _cut_short(turn: str) -> re.Match[str] | None:
    """A value too short for a code at the turn's end, after a colon or a copula ("door code: 44")."""
    tail = turn[-40:]
    m = _CUT_SHORT.search(tail)
    return _CUT_SHORT.search(turn, len(turn) - len(tail) + m.start()) if m else None
