"""Secrets and look-alikes read as families, not sentences.

Each family is written from what the thing IS — its shape, its checksum where one exists, and
the words around it as data (``assets/secret_families.json``, ~30 languages):

- **login credentials**: a user name beside a password is half of a credential. A value after a
  login's name ("usuario", "identifiant", "логин", "아이디", "tk") is withheld when a password is
  named in the same message or the thread's turn before, when it stands in an "x / y" pair after
  an account's name, or when it is an online-banking login's id.
- **codes of things**: digits after the name of a thing a code opens (bike and pad locks, phone
  and screen locks, safes, key boxes), a few words between; values spelled one character at a
  time after a password's or code's name ("3 0 7 1", "X P 7 R 9 Q 4 K"); a Wi-Fi key (a
  password-shaped token after a password's name and a network's name; the SSID is public); gift
  and voucher codes in groups ("Gutscheincode …: XXXX-XXXX-XXXX") and a store card's number
  beside its PIN; an ATM PIN after "PIN code" (four digits; six are an Indian postal code).
- **bank details by country**: a UK account beside a sort code, a Canadian transit / institution /
  account triple, an Australian BSB and account, an Indian account beside an IFSC, a Mexican CLABE
  (its checksum and a bank's code), a cheque's MICR line (ABA checksum), a Brazilian conta after an
  agência; tax ids after their names. (A Pix key, random or not, only receives: it is kept.)
- **look-alikes**: a utility's customer / account / meter number on a bill, a public handle
  (@name, a gamer tag), a postal code after "PIN code" or "zip", an all-zero example value, talk
  about a password's state ("was leaked").
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterator

from fact_memory_graph.secrets import access_codes, lexicon, prefilter
from fact_memory_graph.secrets.forms import ASSETS

Span = tuple[int, int, str]


@functools.cache
def _data() -> dict:
    return json.loads((ASSETS / "secret_families.json").read_text(encoding="utf-8"))


def _spellings(words: list[str]) -> set[str]:
    """``words`` as written and as the normalised view writes them (NFKC: Thai "ำ" is "ํา")."""
    from fact_memory_graph.secrets.forms import view

    return {view(w)[0] for w in words} | set(words)


def _node(*path: str) -> list[str]:
    """The word list at ``path`` of the families' asset."""
    node = _data()
    for key in path:
        node = node[key]
    return node


def _alt(words: list[str]) -> str:
    """One alternation of ``words`` as written and as the normalised view writes them."""
    return "|".join(re.escape(w).replace(r"\ ", r"[\s\-_]?") for w in sorted(_spellings(words), key=len, reverse=True))


#: A word's edge only where the script writes spaces between words (not in Japanese, Chinese, Thai).
_EDGE = r"A-Za-z\u00C0-\u024F\u0370-\u03FF\u0400-\u04FF"


@functools.cache
def _word_full(*path: str) -> re.Pattern[str]:
    return re.compile(rf"(?i)(?<![{_EDGE}\d_\-])(?:{_alt(_node(*path))})(?![{_EDGE}\d_\-])")


@functools.cache
def _word_re(*path: str) -> re.Pattern[str]:
    """The words at ``path`` as one pattern, behind their prefix tree (most texts hold none: cost only)."""
    full, quick = _word_full(*path), _word_quick(*path)
    if quick is full:
        return full
    return prefilter.GatedPattern(full, quick, _word_gate(*path).open)  # type: ignore[return-value]


@functools.cache
def _word_gate(*path: str) -> lexicon.Gate:
    return lexicon.Gate(_spellings(_node(*path)))


@functools.cache
def _word_quick(*path: str) -> re.Pattern[str]:
    """:func:`_word_re` as a prefix tree: the same matches found faster (a pre-check, cost only)."""
    return prefilter.word_tree(_spellings(_node(*path)), _spaced, head=rf"(?<![{_EDGE}\d_\-])",
                               tail=rf"(?![{_EDGE}\d_\-])") or _word_full(*path)


# ---------------------------------------------------------------- shapes
_CLAUSE_END = re.compile(r"[.!?;\n。！？]\s|[.!?;。！？]$|\n|\u2029|\s[—–]\s|\(")
_CONNECT = r"(?:\s*[:：=\-–—>]+\s*|\s+(?:is|es|est|ist|é|è|c'est|à|ist|lautet|era|was|of|no\.?|#|nr\.?|number|num|hai|h|la|el|le|it's|its)\s+|\s+)"
_USER_TOKEN = re.compile(r"[^\s,;/|()\"'“”]{3,64}")
_EMAIL = re.compile(r"[\w.+\-]+@[\w\-]+(?:\.[\w\-]+)+")
#: A login id of digits only (a bank's customer or contract number used to sign in), read as one beside a password.
_LOGIN_DIGITS = re.compile(r"\d{6,14}")


def _user_like(token: str) -> bool:
    """A login's user name: letters with digits, a dot, an underscore or an @ (not a plain word)."""
    token = token.rstrip(".,!?:")
    return (len(token) >= 3 and bool(re.search(r"[^\W\d_]", token))
            and bool(re.search(r"[\d._@]", token)) and not token.startswith(("http", "www.")))


def _password_like(token: str) -> bool:
    """A password's shape: 6-64 characters, no space, letters with digits or symbols, or mixed case."""
    token = token.rstrip(".,!?:;)")
    if not 6 <= len(token) <= 64 or _EMAIL.fullmatch(token) or "://" in token:
        return False
    letters = bool(re.search(r"[^\W\d_]", token))
    digits = bool(re.search(r"\d", token))
    symbols = bool(re.search(r"[!@#$%^&*_+=~?]", token))
    mixed = bool(re.search(r"[a-z][A-Z]|[A-Z]{2}[a-z]", token))
    return letters and (digits or symbols or mixed)


def _clause_end(text: str, at: int) -> int:
    m = _CLAUSE_END.search(text, at)
    return m.start() if m else len(text)


# ---------------------------------------------------------------- login credentials
def _has_password_name(names: list) -> bool:
    return any(n.kind == "password" for n in names)


_PAIR = re.compile(r"\s*[:：]?\s*(?P<u>[^\s,;/|()]{3,64})\s*[/|]\s*(?P<p>[^\s,;/|()]{4,64})")
#: A password's name followed by a mask or a slot ("contraseña = ********", "<Ihr Passwort>"): no real password.
_MASKED = re.compile(r"(?i)^[\s:：=\-]*(?:is\s+|es\s+)?(?:\*{3,}|•{3,}|x{4,}|[<{\[]|\$\{|your|ihr|tu |su |votre|seu |sua |il tuo|la tua)")


_GIVEN = re.compile(r"[\s:：=\-–—]*(?:(?:is|es|est|ist|era|was|é|è|ay|hai|la|el|le|:)\s+)?[\s:：=]*(?P<v>[^\s,;]{4,})")
_NOT_GIVEN = frozenset({"and", "for", "with", "from", "that", "this", "then", "when", "again", "please", "also", "but",
                        "because", "y", "und", "et", "para", "pour", "für", "reset", "change", "changed", "manager",
                        "link", "email", "mail", "field", "box", "hint", "policy", "rules", "requirements"})


def _given(text: str, stop: int) -> bool:
    """Whether a value follows a password's name (not a mask, a slot, a stop word or nothing)."""
    if _MASKED.match(text[stop:stop + 24]):
        return False
    m = _GIVEN.match(text, stop, min(len(text), stop + 40))
    if not m:
        return False
    word = m.group("v").lower()
    return word not in _NOT_GIVEN and word not in _lower_set("password_states", "words")


def _real_password(text: str, names: list) -> bool:
    return any(n.kind == "password" and _given(text, n.stop) for n in names) or any(
        _given(text, m.end()) for m in _word_re("login", "password_words").finditer(text))


def login_spans(text: str, names: list, password_near: bool = False) -> Iterator[Span]:
    """A login's user name beside a password (see the module's docstring)."""
    logins = list(_word_re("login", "words").finditer(text))
    if not logins:
        return
    beside = password_near or _real_password(text, names)
    bank = _word_re("login", "bank_login")
    for m in logins:
        tail = text[m.end():m.end() + 80]
        # "acct ko sa shopee: jp.delacruz29 / sRkmOBPcDOe": an account's name, then "user / password"
        colon = re.match(r"[^:：\n]{0,30}[:：]", tail)
        pair = _PAIR.match(text, m.end() + (colon.end() if colon else 0))
        if pair and (_user_like(pair.group("u")) or _EMAIL.fullmatch(pair.group("u"))) \
                and _password_like(pair.group("p")):
            yield pair.start("u"), pair.end("u"), "password"
            yield pair.start("p"), pair.end("p"), "password"
            continue
        value = re.match(rf"(?:\s*[^\W\d_]{{1,12}}){{1,3}}?\s*[:：]\s*|(?:{_CONNECT})", text[m.end():])
        at = m.end() + (value.end() if value else 0)
        token = _USER_TOKEN.match(text, at)
        if not token:
            continue
        word = token.group().rstrip(".,!?:")
        if re.search(r"(?i)(?:client|app|application|project|tenant|trace|request|order|session|device|merchant|api)[\s_\-]*$",
                     text[max(0, m.start() - 14):m.start()]):
            continue  # "client id", "trace_id": an application's id, not a person's login
        if not (_user_like(word) or _EMAIL.fullmatch(word) or beside and _LOGIN_DIGITS.fullmatch(word)):
            continue  # a bank's login is often all digits ("Usuario: 93017264 Contraseña: …"): beside a password only
        near_bank = bank.search(text[max(0, m.start() - 30):m.end() + 2])
        if beside or near_bank:
            yield token.start(), token.start() + len(word), "password"
            nxt = re.match(r" ([^\s,;/|()\"'“”]{3,64})", text[token.start() + len(word):])
            if nxt and len(word) <= 6 and _user_like(nxt.group(1)):  # "username bta3y ahmed_92": a word between
                at2 = token.start() + len(word) + 1
                yield at2, at2 + len(nxt.group(1).rstrip(".,!?:")), "password"


# ---------------------------------------------------------------- codes of things
_DIGITS = r"(?:\d[ \-]?){2,7}\d"
_SPACED = r"(?:\d ){3,7}\d"
_UNIT_AFTER = re.compile(r"(?i)\s*(?:[:h.,]\d|am\b|pm\b|uhr\b|h\b|min\b|km\b|kg\b|%|€|\$|£|¥|₹|bikes?\b|times\b|days?\b|"
                         r"years?\b|euros?\b|dollars?\b|usd\b|eur\b|rs\b|rupees?\b|st\b|nd\b|rd\b|th\b"
                         r"|" + access_codes.LOCAL_CURRENCIES + ")")  # "ताला 1500 रुपये का": a lock's price


#: How far after a lock's name its code may stand (three words and their separators).
_LOCK_GAP_CHARS = 160
#: a lock's name, up to three words and their separators, then the code
_LOCK_GAP = re.compile(rf"(?P<gap>(?:[\s:：=\-–—,]*(?:(?>[^\W\d_]+(?:['’][^\W\d_]*)?)|(?>[^\W_]*[^\W\d_][^\W_]*)(?=[\s,:：])))){{0,3}}?[\s:：=\-–—,]*(?<!\d)(?P<v>{_SPACED}|{_DIGITS})(?![\dA-Za-z])")


#: The words for a number between a lock's name and its digits ("cycle lock number 1583").
_NUMBER_WORDS = frozenset({"number", "no", "nr", "num", "numero", "número", "nummer", "numer", "nomor", "namba", "नंबर", "নম্বর", "نمبر", "رقم"})


def _combination_lock(text: str, end: int) -> bool:
    """Whether the lock's name ending at ``end`` names a combination lock (a bike's, a padlock, a suitcase's)."""
    head = text[max(0, end - 30):end].lower()
    return any(head.endswith(w) and not head[-len(w) - 1:-len(w)].isalnum() for w in _lower_set("locks", "combination_locks"))


def lock_code_spans(text: str) -> Iterator[Span]:
    """Digits after the name of a thing a code opens, in the same clause, three words at most between."""
    not_after = _lower_set("locks", "not_after")
    for m in _word_re("locks", "words").finditer(text) if _word_quick("locks", "words").search(text) else ():
        end = _clause_end(text, m.end())
        # three words at most between: a bounded window keeps the match linear on a long run
        # without spaces (a crafted "门锁密码1门锁密码1…" took seconds)
        v = _LOCK_GAP.match(text, m.end(), min(end, m.end() + _LOCK_GAP_CHARS))
        if not v:
            continue
        words = re.findall(r"[^\W\d_]+", text[m.end():v.start("v")].lower())
        if words and words[-1] in _NUMBER_WORDS and len(words) == 1 and _combination_lock(text, m.end()):
            pass  # "cycle lock number 1583", "padlock no 0429": a combination lock has no number but its code
        elif words and (words[-1] in not_after or " ".join(words[-2:]) in not_after):  # "safe deposit box 1862": the box's number
            # "the safe in room 1072 is 5064": the room's number, then a copula and the code
            then = _numbered_then().match(text, v.end("v"), end) if words[-1] in _lower_set("locks", "numbered") else None
            if then and not _UNIT_AFTER.match(text, then.end("v")) and 3 <= sum(ch.isdigit() for ch in then.group("v")) <= 8:
                yield then.start("v"), then.end("v"), "password"
            continue
        if _UNIT_AFTER.match(text, v.end("v")):
            continue
        digits = re.sub(r"\D", "", v.group("v"))
        if not 3 <= len(digits) <= 8:
            continue
        yield v.start("v"), v.end("v"), "password"


@functools.cache
def _numbered_then() -> re.Pattern[str]:
    """After a place's own number, a copula and a value ending its clause (assets ``locks``' ``then``)."""
    then = "|".join(re.escape(w) for w in sorted(_node("locks", "then"), key=len, reverse=True))
    return re.compile(rf"(?i)\s*,?\s*(?:{then})\s*(?P<v>{_SPACED}|{_DIGITS})(?!\w)")


def voicemail_spans(text: str) -> Iterator[Span]:
    """A voicemail box's PIN: digits after a verb of keying them in, in a clause naming the box."""
    for m in _word_re("locks", "voicemail").finditer(text):
        end = _clause_end(text, m.end())
        v = re.compile(r"(?i).{0,80}?\b(?:enter|type|key in|press|dial|punch in|pin|code|passcode|password|marca|digita|ingresa|tape[sz]?|gib|eingeben|inserisci)\b"
                       r"[\s:：=\-]*(?:(?:the|el|le|den|il|o|a|is|es|est)\s+)?(?P<v>\d{4,8})(?![\dA-Za-z])").match(text, m.end(), end)
        if v:
            yield v.start("v"), v.end("v"), "password"


def names_a_lock(text: str) -> bool:
    """Whether ``text`` names a thing a code opens (a phone's lock, a padlock, a safe): a number
    after it is that code, not the phone's number."""
    return bool(_word_re("locks", "words").search(text) or _word_re("locks", "voicemail").search(text)
                or _LOCKED.search(text))


_LOCKED = re.compile(r"(?i)\b(?:locked|lock(?:ed)? out|bloqueado|bloqueada|bloqué|bloquée|gesperrt|bloccato|bloccata|"
                     r"zablokowany|kilitli|заблокирован\w*|ロックされ|锁住|잠겼|bị khóa|terkunci|naka-lock)")


def code_after_lock_turn(text: str, before: str, locked: bool = False) -> Iterator[Span]:
    """A short turn with a code of digits after a turn naming a lock ("my phone got locked" /
    "the code is 5 8 2 0", "can you move my bike" / "it's 4471"), or a device that will not open
    (``locked``: "el celular de mi papá no abre" / "prueba 9422 o si no 6693"): the lock's code."""
    if not (locked or names_a_lock(before) or _LOCKED.search(before)) or len(text.split()) > 8:
        return
    not_after = _lower_set("locks", "not_after")
    for m in re.finditer(rf"(?<![\d])(?P<v>{_SPACED}|{_DIGITS})(?![\dA-Za-z])", text):
        words = re.findall(r"[^\W\d_]+", text[:m.start()].lower())
        if words and words[-1] in not_after and words[-2:] != ["si", "no"] or _UNIT_AFTER.match(text, m.end()):
            continue  # ("o si no 6693": or else, no number's "no")
        if re.fullmatch(r"(?:19[5-9]\d|20[0-3]\d)", m.group()) and len(text.split()) > 3:
            continue  # "it was 2019 when we bought it": a year
        if 3 <= len(re.sub(r"\D", "", m.group())) <= 8:
            yield m.start(), m.end(), "password"


_SPELLED = re.compile(r"(?<![\w])(?P<v>[A-Za-z0-9](?: [A-Za-z0-9]){3,15})(?![\w])")


def spelled_value_spans(text: str, names: list) -> Iterator[Span]:
    """A value dictated one character at a time after a password's or a code's name, the network
    key after a Wi-Fi network's name: "비밀번호 3 0 7 1 이야", "the key is X P 7 R 9 Q 4 K"."""
    starts = [n.stop for n in names if n.kind in ("password", "digits")]
    if _word_re("wifi", "words").search(text) or _word_re("wifi", "ssid").search(text):
        starts += [m.end() for m in _word_re("wifi", "key").finditer(text)]
    for at in starts:
        head = re.match(r"(?:[\s:：=\-–—,]*(?:[^\W\d_]+['’]?[^\W\d_]*))?(?:[\s:：=\-–—,]*(?:is|es|est|ist|é|è|c'est|era|was))?\s*[:：=]?\s*",
                        text[at:at + 40])
        m = _SPELLED.match(text, at + (head.end() if head else 0))
        if not m:
            m = _SPELLED.match(text, at + len(re.match(r"\s*[:：=]?\s*", text[at:]).group()))
        if m and re.search(r"\d", m.group("v")) or m and sum(c.isupper() for c in m.group("v")) >= 4:
            yield m.start("v"), m.end("v"), "password"


def wifi_key_spans(text: str, names: list) -> Iterator[Span]:
    """A password-shaped token after a password's name in a clause about a Wi-Fi network; a
    token after the network's own name (its SSID) is public."""
    if not _word_re("wifi", "words").search(text):
        return
    ssid = _word_re("wifi", "ssid")
    for n in [*names, *_KeyName.all(text)]:
        if n.kind not in ("password", "digits") or re.search(r"(?i)(?:\bno|without|sin|sans|ohne|sem|senza|geen|bez|без|yok)\s+$", text[max(0, n.start - 10):n.start]):
            continue
        end = min(_clause_end(text, n.stop), n.stop + 80, *(m.start() for m in re.finditer(r",\s", text[n.stop:]) if False))
        comma = text.find(", ", n.stop)
        if comma != -1 and comma < end and not re.match(r",\s*(?:it'?s|its|es|est|ist|é)\b", text[comma:]):
            end = comma
        for tok in re.finditer(r"[^\s,;()\"'“”]{6,64}", text[n.stop:end]):
            s = n.stop + tok.start()
            before = text[max(n.stop, s - 24):s]
            if ssid.search(before) or re.search(r"(?i)(?:called|named|heißt|se llama|s'appelle|chamada|chiamata)\s*$", before):
                continue
            word = tok.group().rstrip(".,!?:;)")
            if _password_like(word):
                yield s, s + len(word), "password"
                break
    yield from _wifi_is(text, ssid)


#: "the wifi at grandma's is TiaChela1962", "el wifi de la casa es …", "الواي فاي هو …":
#: a network's name, a copula in its clause, then a token with letters and digits: its key.
_WIFI_IS = re.compile(r"(?i)[^\S\n](?:is|es|est|ist|é|è|=|:|howa|huwa|hiya|hai|ni|adalah|là|jest|это|هو|هي|是)[^\S\n]+"
                      r"(?P<v>[^\s,;()\"'“”]{8,64})")


def network_named_before(text: str, start: int) -> bool:
    """Whether a network's word stands right before a Wi-Fi word at ``start`` ("la red wifi",
    "la rete wifi", "the network wifi"): what follows is the network's own name, not its key."""
    return bool(_word_re("wifi", "ssid").search(text[max(0, start - 12):start] + " "))


def _wifi_is(text: str, ssid: re.Pattern[str]) -> Iterator[Span]:
    for w in _word_re("wifi", "words").finditer(text):
        if ssid.fullmatch(w.group()) or re.match(r"(?i)router|modem", w.group()) \
                or ssid.search(text, max(0, w.start() - 12), w.start()):
            continue  # "a rede … é Casa_5G", "la rete wifi … è TP-Link_R7WA": the network's own name; "my router is v9.14-build2": firmware
        end = min(_clause_end(text, w.end()), w.end() + 60)
        m = _WIFI_IS.search(text, w.end(), end + 66)
        # "la rete wifi dell'ufficio è …", "la red wifi de casa es …": the network named, then its name
        if not m or m.start() > end or ssid.search(text, w.end(), m.start("v")) \
                or ssid.search(text[max(0, w.start() - 12):w.start()] + " ") or ssid.match(w.group()) \
                or re.search(r"(?i)called|named|heißt|se llama|s'appelle|chamad|chiamat|name|nombre|nom\b", text[w.end():m.start("v")]):
            continue
        word = m.group("v").rstrip(".,!?:;)")
        if _password_like(word) and re.search(r"\d", word) and re.search(r"[^\W\d_]", word) \
                and not re.search(r"(?i)(?:\d\.\d|[_\-](?:5g|2\.?4g?|ext|guest)$|^v\d)", word):
            yield m.start("v"), m.start("v") + len(word), "password"


class _KeyName:
    """A Wi-Fi key's name from ``wifi.key`` (as a name match: kind, start, stop)."""

    def __init__(self, start: int, stop: int) -> None:
        self.kind, self.start, self.stop = "password", start, stop

    @staticmethod
    def all(text: str) -> list[_KeyName]:
        return [_KeyName(m.start(), m.end()) for m in _word_re("wifi", "key").finditer(text)]


_GROUPED = re.compile(r"(?<![A-Za-z0-9-])[A-Z0-9]{4,6}(?:[ \-][A-Z0-9]{4,6}){2,4}(?![\w-])")
#: A code of three to six hyphen-joined groups of 2-6 capitals and digits ("APO-77XK-3M9Q",
#: "ZL9-44KR-PX82-QW"): gift codes whose first or last group is short.
_HYPHENED = re.compile(r"(?<![A-Za-z0-9-])[A-Z0-9]{2,6}(?:-[A-Z0-9]{2,6}){2,5}(?![\w-])")
#: A prepaid or gift code printed in one run: 12-20 capitals and digits, two of each at least, its own
#: token (not a word's tail in a script written without spaces: a Latin run between Han or kana counts).
_UNGROUPED = re.compile(r"(?<![A-Za-z0-9\-_./@])(?=(?:[A-Z]*\d){2})(?=(?:\d*[A-Z]){2})[A-Z0-9]{12,20}(?![A-Za-z0-9\-_./@])")
_LONG_DIGITS = re.compile(r"(?<![\d])\d(?:[ \-]?\d){9,19}(?!\d)")


@functools.cache
def _shared_gift() -> re.Pattern[str]:
    from fact_memory_graph.secrets.forms import _words

    return re.compile(rf"(?i)(?:{_alt(_words()['gift_cards']['words'])})")


@functools.cache
def _shared_gift_quick() -> re.Pattern[str]:
    """:func:`_shared_gift` as a prefix tree: the same matches found thirty times faster (cost only)."""
    from fact_memory_graph.secrets.forms import _words

    return prefilter.word_tree(_spellings(_words()["gift_cards"]["words"]), _spaced) or _shared_gift()


@functools.cache
def _shared_gift_gate() -> lexicon.Gate:
    from fact_memory_graph.secrets.forms import _words

    return lexicon.Gate(_spellings(_words()["gift_cards"]["words"]))


def _spaced(ch: str) -> str:
    """:func:`_alt`'s writing of a word, one char at a time."""
    return r"[\s\-_]?" if ch == " " else re.escape(ch)


@functools.cache
def _gift_compound() -> re.Pattern[str]:
    return re.compile(rf"(?i)[^\W\d_]-(?:{_alt(_gift_compound_words())})")


def _gift_compound_words() -> list[str]:
    """A gift word as a compound's head ("Steam-Guthabencode"): the pattern's and its gate's words."""
    return [*_data()["gift"]["words"], "guthabencode", "guthaben"]


@functools.cache
def _gift_compound_gate() -> lexicon.Gate:
    return lexicon.Gate(_spellings(_gift_compound_words()))


@functools.cache
def _company() -> re.Pattern[str]:
    from fact_memory_graph.secrets.forms import _words

    return re.compile(rf"(?i)(?<![^\W\d_])(?:{_alt(_words()['company_ids']['words'])})(?![^\W\d_])")


@functools.cache
def _lower_set(*path: str) -> frozenset[str]:
    return frozenset(w.lower() for w in _node(*path))


def gift_spans(text: str, names: list) -> Iterator[Span]:
    """A gift or voucher code in groups after a gift word; a store card's long number beside its PIN."""
    gift = _word_re("gift", "words").search(text) or _gift_compound_gate().open(text) \
        and _gift_compound().search(text)  # "Steam-Guthabencode"
    shared_hit = _shared_gift_gate().open(text) and _shared_gift_quick().search(text)  # a test of presence only
    if gift or shared_hit:
        for m in _GROUPED.finditer(text):
            v = m.group()
            if re.search(r"\d", v) and re.search(r"[A-Z]", v):
                yield m.start(), m.end(), "password"
        for m in _HYPHENED.finditer(text):
            v = m.group()
            if len(v) - v.count("-") >= 9 and sum(1 for g in v.split("-") if re.search(r"\d", g)) >= 2 \
                    and re.search(r"[A-Z]", v):
                yield m.start(), m.end(), "password"
        for m in _UNGROUPED.finditer(text):  # "…プリペイドカードの番号です：WF0M…": a code printed in one run
            yield m.start(), m.end(), "password"
    pin = _word_re("gift", "pin").search(text)
    card = pin and re.search(r"(?i)card|tarjeta|carte|karte|cartão|carta|kaart|karta|карт|カード|卡|카드|thẻ|kartu|بطاقة|कार्ड|gift|no\.|número|nummer|number", text)
    if pin and card and (gift or shared_hit or re.search(r"(?i)card|tarjeta|carte|karte|cartão", text)):
        after = re.match(r"(?:[\s:：=\-#]*[^\W\d_]+){0,5}?[\s:：=\-#]*(?P<v>\d{4,10}|\d{12,20})(?!\d)", text[pin.end():pin.end() + 60])
        if after and after.start("v") > 8 and re.fullmatch(r"(?:19[5-9]\d|20[0-3]\d)", after.group("v")):
            after = None  # "my PIN expires end of August 2025": a year, not the PIN
        if after:  # the PIN is given: the card's number beside it is a bearer value
            yield pin.end() + after.start("v"), pin.end() + after.end("v"), "password"
            for m in _LONG_DIGITS.finditer(text):
                if m.end() <= pin.start():
                    yield m.start(), m.end(), "card number"


def atm_pin_spans(text: str) -> Iterator[Span]:
    """Four digits after "PIN code" beside a card, an ATM or a bank: a PIN (six are a postal code)."""
    if not _word_re("postal", "card").search(text):
        return
    for m in _word_re("postal", "pin_code").finditer(text):
        v = re.match(r"[\s:：=\-]*(?:[^\W\d_]{1,6}\s+)?(?P<v>(?:\d ?){3}\d)(?![\d ]*\d)", text[m.end():m.end() + 30])
        if v:
            yield m.end() + v.start("v"), m.end() + v.end("v"), "password"


# ---------------------------------------------------------------- bank details by country
_UK = re.compile(r"(?<![\d\-])(?P<sort>\d{2}-\d{2}-\d{2})(?![\d\-])")
_EIGHT = re.compile(r"(?<![\d\-])\d{8}(?![\d\-])")
_CA = re.compile(r"(?<![\d\-])(?P<t>\d{5})[ \-](?P<i>\d{3})[ \-](?P<a>\d{7,12})(?![\d\-])")
_CA_INSTITUTIONS = frozenset({"001", "002", "003", "004", "006", "010", "016", "030", "039", "117", "127", "219", "260",
                              "320", "540", "614", "809", "815", "828", "829", "837", "839", "849", "865", "879", "889",
                              "899", "621", "352", "374", "382", "509", "618", "623", "807"})
_AU = re.compile(r"(?<![\d\-+])(?P<bsb>\d{3}-\d{3})\s+(?P<a>\d{6,10})(?![\d\-])")
_IFSC = re.compile(r"\b[A-Z]{4}0[A-Z0-9]{6}\b")
_ACCOUNT_RUN = re.compile(r"(?<![\d\w])\d{9,18}(?![\d\w])")
_CLABE = re.compile(r"(?<![\d])\d{18}(?!\d)")
_CLABE_BANKS = frozenset({"002", "006", "009", "012", "014", "019", "021", "030", "036", "037", "042", "044", "058",
                          "059", "060", "062", "072", "102", "103", "106", "108", "110", "112", "113", "116", "124",
                          "126", "127", "128", "129", "130", "131", "132", "133", "134", "135", "136", "137", "138",
                          "139", "140", "141", "143", "145", "147", "148", "150", "151", "152", "154", "155", "156",
                          "157", "158", "159", "160", "166", "168", "600", "601", "602", "605", "606", "607", "608",
                          "610", "614", "615", "616", "617", "618", "619", "620", "621", "622", "623", "626", "627",
                          "628", "629", "630", "631", "632", "633", "634", "636", "637", "638", "640", "642", "646",
                          "647", "648", "649", "651", "652", "653", "655", "656", "659", "670", "677", "680", "683",
                          "684", "685", "686", "689", "699", "703", "706", "710", "722", "723", "728", "730", "902",
                          "903"})
_MICR = re.compile(r"⑆\s*(?P<r>\d{9})\s*⑆\s*(?P<a>[\d\- ]{4,20}?)\s*⑈")
_AGENCIA = re.compile(r"(?i)(?<![^\W\d_])(?:ag|ag\.|agência|agencia|agênc\.)(?![^\W\d_])")
_CONTA = re.compile(r"(?i)(?<![^\W\d_])(?:cc|c/c|conta|conta corrente|conta poupança|cp|c\.c\.|conta salário)(?![^\W\d_])"
                    r"[\s:：.\-nº°]*(?P<v>\d{3,12}(?:-[\dxX])?)(?![\d])")
_SORT_WORD = re.compile(r"(?i)(?<![^\W\d_])(?:sort|sort code|sortcode|s/c|bank|acc|account|acct|a/c)(?![^\W\d_])")


def _clabe_ok(d: str, named: bool = False) -> bool:
    """A CLABE's check digit (weights 3, 7, 1; python-stdnum has no CLABE module) and a bank's code; with
    the word "CLABE" in the message (``named``) the check digit is enough: a bank's code not listed yet."""
    weights = (3, 7, 1) * 6
    total = sum(int(c) * weights[i] % 10 for i, c in enumerate(d[:17]))
    return (10 - total % 10) % 10 == int(d[17]) and (named or d[:3] in _CLABE_BANKS)


def _aba_ok(d: str) -> bool:
    """An ABA routing number's checksum (python-stdnum's ``us.rtn``)."""
    from stdnum.us import rtn

    return rtn.is_valid(d)


def bank_spans(text: str) -> Iterator[Span]:
    """Bank details by country (see the module's docstring)."""
    sorts = list(_UK.finditer(text))
    if sorts:
        for m in _EIGHT.finditer(text):
            near = any(abs(m.start() - s.start()) < 40 for s in sorts)
            if near and (_SORT_WORD.search(text) or any(abs(m.end() - s.start()) < 5 or abs(s.end() - m.start()) < 5
                                                        for s in sorts)):
                yield m.start(), m.end(), "bank account"
    for m in _CA.finditer(text):
        if m.group("i") in _CA_INSTITUTIONS:
            yield m.start(), m.end(), "bank account"
    for m in _AU.finditer(text):
        if not re.search(r"(?i)(?:phone|call|tel|mobile|ring|whatsapp|fax)\W{0,20}$", text[:m.start()]):
            yield m.start("a"), m.end("a"), "bank account"
    if _IFSC.search(text):
        for m in _ACCOUNT_RUN.finditer(text):
            if any(abs(m.start() - i.end()) < 20 or abs(i.start() - m.end()) < 20 for i in _IFSC.finditer(text)):
                yield m.start(), m.end(), "bank account"
    named = "clabe" in text.lower()
    for m in _CLABE.finditer(text):
        if _clabe_ok(m.group(), named):
            yield m.start(), m.end(), "bank account"
    for m in _MICR.finditer(text):
        if _aba_ok(m.group("r")):
            yield m.start("r"), m.end("r"), "bank account"
            yield m.start("a"), m.end("a"), "bank account"
    if _AGENCIA.search(text):
        for m in _CONTA.finditer(text):
            yield m.start("v"), m.end("v"), "bank account"


def tax_spans(text: str) -> Iterator[Span]:
    """Digits after a tax identifier's name in the same clause, unless the clause is a company's."""
    company = _company()
    for m in _word_re("tax", "words").finditer(text):
        end = _clause_end(text, m.end())
        if len(m.group()) <= 4:  # a short name ("nit", "tin", "pan") counts only right before its number
            end = min(end, m.end() + 30)
        v = re.compile(r"(?:[\s:：=\-–—,#]*(?:[^\W\d_]+\.?)){0,3}?[\s:：=\-–—,#.]*(?P<v>\d(?:[ .\-/]?\d){5,15}(?:-\d{1,2})?)(?!\d)").match(
            text, m.end(), end)
        if not v:
            continue
        clause = text[max(0, text.rfind("\n", 0, m.start())):end]
        if company.search(clause):
            continue
        yield v.start("v"), v.end("v"), "government id"


# ---------------------------------------------------------------- look-alikes
def _near(pattern: re.Pattern[str], text: str, start: int, end: int, width: int = 60) -> bool:
    return bool(pattern.search(text[max(0, start - width):end + width]))


#: A utility's customer, account or meter number has at most 14 digits (India's consumer numbers
#: 9-13, the UK's MPAN core 13); an IBAN (15-34) or a card (15-19) on a bill is not one.
_UTILITY_DIGITS_MAX = 14


_LOCKER = re.compile(r"(?i)locker|almirah|अलमारी")


class _Anywhere:
    """Whether a pattern occurs anywhere in one text, each pattern searched once."""

    def __init__(self, text: str) -> None:
        self.text, self.seen = text, {}

    def has(self, pattern: re.Pattern[str]) -> bool:
        if pattern not in self.seen:
            self.seen[pattern] = bool(pattern.search(self.text))
        return self.seen[pattern]

    def lock(self) -> bool:
        if "lock" not in self.seen:
            self.seen["lock"] = names_a_lock(self.text)
        return self.seen["lock"]


def without_lookalikes(text: str, spans: list[Span], names: list) -> list[Span]:
    """Spans that are public by their family removed (see the module's docstring)."""
    if not spans:
        return spans
    keep = []
    utility = _word_re("utility", "words")
    bank = _word_re("utility", "bank")
    handles = _word_re("handles", "words")
    password_named = _has_password_name(names)
    id_named = any(n.kind == "id" for n in names)
    anywhere = _Anywhere(text)  # what the whole text names: read once, not once per span
    for sp in spans:
        value = text[sp[0]:sp[1]]
        digits = re.sub(r"\D", "", value)
        if (sp[2] == "bank account" or sp[2] in ("government id", "password") and not id_named) \
                and digits and 6 <= len(digits) <= _UTILITY_DIGITS_MAX \
                and not re.search(r"[^\d\s\-./]", re.sub(r"^\s*[^\W\d_][\w&\-.]*\s+(?=\d)", "", value)) and _near(utility, text, sp[0], sp[1], 50) \
                and not anywhere.has(bank) and not password_named and not anywhere.has(_word_re("tax", "words")):
            continue  # a number printed on a utility's bill
        if sp[2] == "password" and not password_named and re.fullmatch(r"@?[\w.#]+", value.strip().rstrip("!?.,;)")):
            head = text[max(0, sp[0] - 1):sp[0]]
            # written @name, or a handle's word before a name with letters where no secret is named at all
            if head == "@" or value.startswith("@") or not names and re.search(r"[^\W\d_]", value) \
                    and handles.search(text[max(0, sp[0] - 25):sp[0]]):
                continue  # "@xX_Sn1per_Xx98", "IGN elgatovolador96#EUW": a public handle
        if digits and set(digits) == {"0"} and len(digits) >= 4 and (
                len(digits) >= 8 or anywhere.has(_word_re("example", "words"))):
            continue  # "PIN: 0000 de ejemplo", "DE00 0000 0000 …": an example
        if sp[2] == "password" and _word_re("password_states", "managers").match(value.strip(" ,.:")):
            continue  # "パスワードはKeePassで管理": a password manager's name, no password
        if sp[2] == "password" and re.match(r"[^\W\d_]+", value) and not re.search(r"[\d!@#$%^&*_+=~?]", value):
            words = re.findall(r"[^\W\d_]+", value.lower())
            now = _lower_set("password_states", "now")
            first = words[1] if len(words) > 1 and words[0] in now else words[0]
            if first in _lower_set("password_states", "words") and " " in value.strip():
                continue  # "my old password was leaked in some breach"
        if digits and len(digits) == 6 and digits[0] not in "09" and not anywhere.has(_word_re("postal", "card")) \
                and not anywhere.lock() and not anywhere.has(_LOCKER) and (
                _word_re("postal", "pin_code").search(text[max(0, sp[0] - 60):sp[0]])
                or re.search(r"(?i)\bpin\b\W{0,4}$", text[max(0, sp[0] - 8):sp[0]])
                and anywhere.has(_word_re("postal", "address"))):
            continue  # "pin code 4 0 0 0 5 0": an Indian postal code
        if digits and len(digits) == 5 and re.search(r"(?i)(?:zip|zip code|postal|postcode|cep|plz)\W{0,12}$",
                                                      text[max(0, sp[0] - 20):sp[0]]):
            continue  # "just the zip, 60614"
        keep.append(sp)
    return keep


_CASE_GATE = re.compile(r"(?i)caps|capital|uppercase|lowercase|upper case|lower case|mayúscul|minúscul|majuscul|minuscul"
                        r"|buchstaben|maiúscul|maiuscol|minuscol|hoofdletter|kleine letter|wielkimi|małymi|заглавн|строчн")


@functools.cache
def _dictated() -> re.Pattern[str]:
    from fact_memory_graph.secrets.forms import _words

    names = [w for k, v in _words()["password"].items() if k != "_about" for w in v]
    case = (r"(?:all\s+|in\s+all\s+|in\s+|en\s+|em\s+|tout\s+en\s+|todo\s+en\s+|tudo\s+em\s+|tutto\s+|in\s+|alles\s+in\s+|w\s+)?"
            r"(?:caps|capitals|capital letters|uppercase|upper case|lowercase|lower case|small letters|mayúsculas|minúsculas"
            r"|majuscules|minuscules|großbuchstaben|kleinbuchstaben|maiúsculas|minúsculas|maiuscolo|minuscolo"
            r"|hoofdletters|kleine letters|wielkimi literami|małymi literami|заглавными|строчными)")
    return re.compile(rf"(?i)(?<![^\W\d_])(?:{_alt(names)})(?![^\W\d_])[^\S\n]*(?:is|es|est|ist|é|è|=|:|-)?[^\S\n]*"
                      rf"{case}[^\S\n]*[,:]?[^\S\n]*(?P<v>(?=[^\s,;]*(?-i:[A-Z\d!@#$%^&*_]))[^\s,;]{{3,64}}(?:[^\S\n]+(?:and then|then|y luego|y después|luego|"
                      rf"después|et puis|puis|und dann|dann|e depois|depois|e poi|poi|potem|потом|and|y|et|und|e)[^\S\n]+[^\s,;.]{{1,32}})?)")


@functools.cache
def _case_gate() -> lexicon.Gate:
    return lexicon.Gate(_CASE_GATE.pattern.removeprefix("(?i)").split("|"))


def dictated_spans(text: str) -> Iterator[Span]:
    """A password dictated with its letter case said between its name and it ("pw
    is in caps WILLOWCREEK then 77", "la clave en mayúsculas PERRO then 12")."""
    if _case_gate().open(text) and _CASE_GATE.search(text):
        for m in _dictated().finditer(text):
            yield m.start("v"), m.end("v"), "password"


_AS_CODE = re.compile(r"(?i)(?<![\d.,/:+-])(?P<v>\d{4,8})(?![\d.,/:-]\d)[^\S\n]+(?:as|como|comme|als|come|jako|sebagai|olarak|kama)"
                      r"[^\S\n]+(?:(?:the|my|a|your|el|mi|o|meu|le|mon|den|meinen|il|mio|mój|kode|kodu)[^\S\n]+)?"
                      r"(?:one[- ]time code|verification code|security code|login code|code|otp|pin|passcode|código|codigo"
                      r"|codice|kod|kode|kodu|token)(?![^\W\d_])(?![^\S\n]*-?(?:name|word|names|words)\b)")


def as_code_spans(text: str) -> Iterator[Span]:
    """Digits given "as the code" ("the bank texted 482913 as the code",
    "me mandaron 5521 como código", "j'ai reçu 771204 comme code")."""
    if re.search(r"\d{4}", text) and re.search(r"(?i)cod|cód|otp|pin|kod|token", text):
        for m in _AS_CODE.finditer(text):
            yield m.start("v"), m.end("v"), "password"


def family_spans(text: str, names: list, password_near: bool = False) -> list[Span]:
    """Every secret the families find in ``text`` (the normalised view)."""
    out: list[Span] = []
    out.extend(login_spans(text, names, password_near))
    out.extend(lock_code_spans(text))
    out.extend(voicemail_spans(text))
    out.extend(spelled_value_spans(text, names))
    out.extend(wifi_key_spans(text, names))
    out.extend(gift_spans(text, names))
    out.extend(atm_pin_spans(text))
    out.extend(bank_spans(text))
    out.extend(tax_spans(text))
    out.extend(dictated_spans(text))
    out.extend(as_code_spans(text))
    return out
