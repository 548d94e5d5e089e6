"""Short numeric secrets said in the grammar a name's window does not reach.

A PIN, a passcode, a voicemail code or a wallet's PIN is usually given right after its name
("voicemail PIN 4471"). People also say it:

- a sentence later, or a clause later, with a copula: "her phone PIN. It's 5443", "asked for her
  phone code ... so now she told me it's 5443";
- before its name: "I use 1987 as my phone PIN", "she set 112233 as her M-Pesa PIN",
  "0704 — that's the code to unlock my iPad";
- as keys pressed after a service number: "to check voicemail dial *86 then 94172", "para el
  buzón marca 123 y luego mete 7204" (a voicemail word in the clause);
- as an unlock pattern's dots: "Entsperrmuster: 1 2 3 6 9", "phone pattern ... 1-4-7-8-9"
  (four to nine different digits 1-9: a pattern never visits a dot twice);
- digit by digit with commas: "pin yangu ya M-Pesa ni 3, 9, 0, 2".

Words are data (``assets/spoken_codes.json``). Every rule needs a name or a trigger word
present (cheap pre-checks) and a value of a PIN's shape.
"""

from __future__ import annotations

import functools
import json
import re

from fact_memory_graph.secrets import prefilter
from fact_memory_graph.secrets.forms import ASSETS

Span = tuple[int, int, str]


@functools.cache
def _data() -> dict:
    return json.loads((ASSETS / "spoken_codes.json").read_text(encoding="utf-8"))


_NO_SPACES = re.compile(r"[\u0e00-\u0e7f\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")


def _atom(ch: str) -> str:
    return r"[\s\-]?" if ch == " " else re.escape(ch)


@functools.cache
def _word_re(key: str) -> re.Pattern[str]:
    """The words of ``key`` as a prefix tree: a word of a script written with spaces at word edges,
    a Thai, kana, Han or Hangul word anywhere."""
    words = sorted({w.lower() for w in _data()[key]}, key=len, reverse=True)
    spaced = [w for w in words if not _NO_SPACES.search(w)]
    glued = [w for w in words if _NO_SPACES.search(w)]
    parts = [prefilter.word_tree(spaced, _atom, head=r"(?<![^\W\d_])", tail=r"(?![^\W\d_])", flags="")]
    parts += [prefilter.word_tree(glued, _atom, flags="")] if glued else []
    return re.compile("(?i)" + "|".join(f"(?:{p.pattern})" for p in parts if p is not None))


_DIGIT = re.compile(r"\d")
_FOUR_DIGITS = re.compile(r"\d{4}")
#: A value of a PIN's shape: 4-8 digits, alone (not part of a longer number, a date, an amount).
_PIN = r"(?<![\w.,:/+\-*#₱$€£¥₹])(?P<v>\d{4,8})(?![\w#*%€$£])(?![.,:/\-]\d)"
_AFTER_UNIT = re.compile(r"(?i)\s*(?:[%€$£¥₹]|eur\b|euros?\b|usd\b|dollars?\b|kr\b|rs\b|ksh\b|gb\b|mb\b|km\b|kg\b|"
                         r"times\b|days?\b|years?\b|months?\b|points?\b|pts\b|miles?\b|am\b|pm\b|h\b|min\b|"
                         r"(?:[A-Z][a-z]+\s+)?(?:st|street|rd|road|ave|avenue|blvd|lane|ln|straße|strasse|str|calle|rue|rua|via)\b\.?)")

# ---------------------------------------------------------------- a sentence or a clause later
#: The copula that gives the value, in ~25 languages, right before it.
_COPULA = (r"(?:it'?s|it’s|it\s+is|it\s+was|that'?s|that’s|which\s+is|namely|es|era|c'?est|c’est|c'était|ist|war|lautet|"
           r"é|è|era|là|ni|adalah|yaitu|ay|hai|wa|to|jest|это|это\s+|eto|olan|dir|는|은|是|は|हैं|है)")
_LATE = re.compile(rf"(?i)(?:(?<![^\W\d_]){_COPULA}|是|は|为|為|는|은)[\s:：]*"
                   r"(?<![A-Za-z0-9_.,:/+\-*#])(?P<v>\d{4,8})(?![\w#*%€$£])(?![.,:/\-]\d)")
#: A clause or a sentence between the name and the value: the name's own window does not reach it.
_LATER = re.compile(r"[,;.!?—–。！？，]|\s-\s|\b(?:and|so|but|y|et|und|e|i|ve|и)\s")
#: Another thing's number named between: "contraseña nueva lista; mi número de pedido es 5531920".
_OTHER_NUMBER = re.compile(r"(?i)(?<![^\W\d_])(?:numbers?|no\.|nr\.?|n[º°]|números?|numeros?|numéros?|nummer|numer|номер\w*|"
                           r"nomor|số|order|orders|pedido|commande|bestellung|ordine|zamówienie|sipariş|invoice|factura|"
                           r"facture|rechnung|fattura|ticket|booking|reserva|tracking|parcel|flight|vuelo|vol|flug|room|"
                           r"postleitzahl|plz|zip|postcode|postal|cep|cap|pocztowy|почтовый|indeks|price|precio|prix|preis|prezzo|preço|"
                           r"cost|costo|fee|total|amount|importe|montant|betrag|year|años?|ans?|jahre?|anni|anos?)(?![^\W\d_])"
                           r"|番号|号码|號碼|订单|번호|주문|郵便番号|邮编|우편번호|价格|価格")
_BREAK = re.compile(r"\n\s*\n|[.!?。！？]\s+[^\s]")


def late_spans(norm: str, names: list) -> list[Span]:
    """A code's value given with a copula a clause or one sentence after its name, the name's own
    window having ended: "Mum asked me to note her phone PIN. It's 5443.", "... her phone code so
    they could call my aunt, and I didn't, so now she told me it's 5443". No other number and no
    other secret's name stands between, and at most one sentence ends between."""
    if not names or not _DIGIT.search(norm):
        return []
    out: list[Span] = []
    from fact_memory_graph.secrets import forms

    for n in names:
        if n.kind not in ("digits", "password") or not forms._names_a_value(norm, n):
            continue
        stop = min(len(norm), n.stop + 220)
        nxt = next((m.start for m in names if m.start >= n.stop), None)
        if nxt is not None:
            stop = min(stop, nxt)
        for m in _LATE.finditer(norm, n.stop, stop):
            between = norm[n.stop:m.start("v")]
            if _DIGIT.search(between) or len(_BREAK.findall(between)) > 1 or "\n\n" in between \
                    or not _LATER.search(between) or _OTHER_NUMBER.search(between):
                break  # the name's own window reads a value right after it ("código CNAE … es 5610")
            if _AFTER_UNIT.match(norm, m.end("v")) or re.fullmatch(r"19[5-9]\d|20[0-3]\d", m.group("v")) \
                    and re.match(r"\s+[^\W\d_]", norm[m.end("v"):]):
                break  # "It's 2026 and this still happens": a year
            out.append((m.start("v"), m.end("v"), "password"))
            break
    return out


# ---------------------------------------------------------------- the value before its name
_BEFORE = re.compile(
    rf"{_PIN}\s*(?:[—–\-,:]\s*)?"
    r"(?i:(?:as|como|comme|als|come|jako|olarak|sebagai|bilang|kama|là|como\s+o|como\s+a)\s+"
    r"|(?:is|es|est|ist|é|è|sind|to)\s+|(?:that'?s|that’s|c'?est|c’est|das\s+ist|eso\s+es|isso\s+é|questo\s+è)\s+)"
    r"(?i:(?:my|her|his|their|our|the|mi|su|sus|el|la|mon|ma|son|sa|le|mein|meine|meinen|seine|seinen|ihre|ihren|"
    r"die|den|der|il|la\s+mia|il\s+mio|meu|minha|seu|sua|o|a|mój|moja|moje|benim|onun)\s+)?")
#: A name that goes on into another noun ("the code name for the reunion", "password manager").
_NAME_GOES_ON = re.compile(r"(?i)[\s\-]*(?:name|names|word|words|manager|reset|change|changes|pad|book|list|hint|"
                           r"generator|policy|screen|page|field|prompt|request|letter|sheet)(?![^\W\d_])")
_TIME_BEFORE = re.compile(r"(?i)(?<![^\W\d_])(?:at|um|à|a\s+las|alle|às|om|o|since|in|from|until|by|desde|seit|depuis|"
                          r"dal|sinds|od|room|flight|bus|no\.?|nr\.?|#)\s*$")
_WORD_GAP = re.compile(r"(?!(?i:my|her|his|their|our|the|a|an|mi|su|mon|ma|son|sa|le|la|el|mein|meine|sein|seine|ihr|ihre|"
                       r"die|der|das|meu|minha|seu|sua|il|lo|mio|mia)\s)[^\W\d_][\w'’\-]*[\s]+")


def before_spans(norm: str, names: list) -> list[Span]:
    """A PIN given before its name: "I use 1987 as my phone PIN", "she set 112233 as her M-Pesa
    PIN", "0704 — that's the code to unlock my iPad", "4471 is my voicemail code"."""
    if not names or not _DIGIT.search(norm):
        return []
    from fact_memory_graph.secrets import forms

    starts = {n.start for n in names if n.kind in ("digits", "password") and forms._names_a_value(norm, n)
              and not _NAME_GOES_ON.match(norm, n.stop)}
    if not starts:
        return []
    out: list[Span] = []
    for m in _BEFORE.finditer(norm):
        if _TIME_BEFORE.search(norm, max(0, m.start("v") - 12), m.start("v")):
            continue  # "rang at 1530 as my login …", "since 2015 as …": a time, a year
        at = m.end()
        for _ in range(3):  # the name right there, or after up to two words ("my phone PIN"), no new phrase
            if at in starts:
                out.append((m.start("v"), m.end("v"), "password"))
                break
            w = _WORD_GAP.match(norm, at)
            if not w:
                break
            at = w.end()
    return out


# ---------------------------------------------------------------- keys pressed after a service number
_KEYED = re.compile(
    r"(?i)(?<![^\W\d_])(?:then|and\s+then|after\s+that|followed\s+by|and\s+enter|enter|press|type|key\s+in|punch\s+in|"
    r"dann|danach|und\s+dann|eingeben|puis|ensuite|tapez|taper|composez|entrez|luego|después|y\s+luego|mete|meter|"
    r"ingresa|ingresar|teclea|digita|digite|depois|e\s+depois|poi|e\s+poi|inserisci|potem|następnie|wpisz|sonra|"
    r"ardından|затем|потом|введите|ввести|sau\s+đó|rồi|nhập|lalu|kemudian|masukkan|tapos|pagkatapos|kisha|weka|"
    r"daarna|dan|en\s+dan|toets|därefter|sedan|så)(?![^\W\d_])[\s:：]*(?:(?:the\s+)?(?:pin|code|passcode)\s*)?"
    + _PIN)
_CALLED = re.compile(r"(?i)(?:call|dial|ring|phone|marca|marque|composez|appelez|wähle|wählen|anrufen|chiama|ligue|"
                     r"disque|zadzwoń|ara|позвоните|gọi|hubungi|tawagan|piga|bel)\s*$")
#: What may follow keys pressed: the end, a mark, a hash key, a verb of keying or "and".
_KEYS_END = re.compile(r"\s*(?:$|[.,!?;:)#*\n]|(?i:and|then|to|y|e|et|und|dann|puis|luego|depois|poi|eingeben|tapez|"
                       r"digite|ingresa|inserisci|wpisz|введите|nhập|masukkan|weka|ein|invoeren|press|enter)(?![^\W\d_]))")
_SPACED = re.compile(r"\d(?: \d){3,7}(?![\w])")
#: "voicemail: 8 4 0 2", "voicemail = 44810": keys after a voicemail's label (four digits alone may be
#: the number to call: 1571 in the UK; "voicemail PIN: 4471" is a PIN's name, read elsewhere).
_VM_LABEL = re.compile(r"(?i)[\s\-]*[:=：]\s*(?P<v>\d{5,6}|\d(?: \d){3,7})(?![\w])(?!\s*\d)")
_CLAUSE_END = re.compile(r"[.!?;\n。！？]\s|[.!?;。！？]$|\n")


def keyed_spans(norm: str) -> list[Span]:
    """Four to eight digits keyed after a service number in a clause naming a voicemail box: "to
    check the shop voicemail dial *86 then 94172", "para el buzón marca 123 y luego mete 7204"."""
    if not _FOUR_DIGITS.search(norm) and not _SPACED.search(norm):
        return []
    vm = [m for m in _word_re("voicemail").finditer(norm)]
    if not vm:
        return []
    out: list[Span] = []
    for w in vm:
        label = _VM_LABEL.match(norm, w.end())  # "voicemail: 8 4 0 2", "Mailbox-PIN = 5150"
        if label:
            out.append((label.start("v"), label.end("v"), "password"))
        end = _CLAUSE_END.search(norm, w.end())
        end = end.start() if end else len(norm)
        end = min(end, w.end() + 160)
        for m in _KEYED.finditer(norm, w.end(), end):
            if _CALLED.search(norm, max(0, m.start("v") - 12), m.start("v")) or _AFTER_UNIT.match(norm, m.end("v")) \
                    or not _KEYS_END.match(norm, m.end("v")):
                continue  # a number to call, an amount; "then 1430 appointment": a time, not keys
            out.append((m.start("v"), m.end("v"), "password"))
    return out


# ---------------------------------------------------------------- an unlock pattern's dots
_DOTS = re.compile(r"(?<![\w.,:/\-])(?P<v>[1-9](?:\s*(?:[\-–,>→]|->)\s*[1-9]|\s[1-9]){3,8})(?![\w.,:/\-]?\d)")


def pattern_spans(norm: str) -> list[Span]:
    """An unlock pattern written as its dots: four to nine different digits 1-9 apart ("1-4-7-8-9",
    "1 2 3 6 9", "2,5,8,9") within 80 characters after a pattern's name; when the name is the bare
    word ("pattern", "Muster"), a phone's or a lock's word is in the same clause."""
    if not _DOTS.search(norm):
        return []
    out: list[Span] = []
    for w in _word_re("patterns").finditer(norm):
        end = _CLAUSE_END.search(norm, w.end())
        end = min(end.start() if end else len(norm), w.end() + 80)
        start = max((m.end() for m in _CLAUSE_END.finditer(norm, 0, w.start())), default=0)
        if not _word_re("pattern_names").fullmatch(w.group()) and not _word_re("lock_words").search(norm[start:end]):
            continue
        for d in _DOTS.finditer(norm, w.end(), end):
            dots = re.findall(r"\d", d.group("v"))
            if len(set(dots)) == len(dots):
                out.append((d.start("v"), d.end("v"), "password"))
    return out


# ---------------------------------------------------------------- digits with commas
_COMMA_DIGITS = re.compile(r"[\s:：=\-–—]*(?:(?:is|es|est|ist|lautet|é|era|was|war|ni|c'est|ay|là|adalah)\s+)?[\s:：=]*"
                           r"(?P<v>\d(?:,\s?\d){3,7})(?![\d\w])")


def comma_digit_spans(norm: str, names: list) -> list[Span]:
    """A code's digits one by one with commas after its name: "pin yangu ni 3, 9, 0, 2"."""
    if "," not in norm:
        return []
    out: list[Span] = []
    for n in names:
        if n.kind == "digits":
            m = _COMMA_DIGITS.match(norm, n.stop, min(len(norm), n.stop + 60))
            if m:
                out.append((m.start("v"), m.end("v"), "password"))
            else:  # "PIN ya M-Pesa ni 3, 9, 0, 2": a wallet's name or a word or two between
                m = re.compile(r"(?:[\s\-]+[^\W\d_][\w\-]*){1,3}").match(norm, n.stop, min(len(norm), n.stop + 40))
                m = m and _COMMA_DIGITS.match(norm, m.end(), min(len(norm), m.end() + 40))
                if m:
                    out.append((m.start("v"), m.end("v"), "password"))
    return out


# ---------------------------------------------------------------- a value after a bracket, a memorable word later
_PAREN = re.compile(r"\s*\([^()\n]{1,40}\)\s*[:：=\-–—]\s*(?P<v>[^\s,;()\[\]]{3,64})")


def paren_spans(norm: str, names: list) -> list[Span]:
    """A value after its name and a bracket: "Memorable word (for letters 1, 4, 6): SALMON",
    "PIN (Visa): 4471" — the bracket's digits stop the name's own window."""
    if "(" not in norm:
        return []
    out: list[Span] = []
    for n in names:
        if n.kind in ("password", "digits"):
            m = _PAREN.match(norm, n.stop, min(len(norm), n.stop + 120))
            if not m:
                continue
            v = m.group("v").rstrip(".!?'\"’”")
            if n.kind == "digits" and len(re.sub(r"\D", "", v)) < 4:
                continue
            out.append((m.start("v"), m.start("v") + len(v), "password"))
    return out


_QUOTED = r"[\"'‘“«„「『](?P<{}>[^\s\"'’”»“」』]{3,40})[\"'’”»“」』]"
_CAPS = r"(?P<c>[A-ZÀ-Þ][A-ZÀ-Þ0-9]{3,30}|(?=[^\s,;.!?]*\d)[^\W_][\w\-]{2,30})(?![\w])"


@functools.cache
def _memorable_value() -> re.Pattern[str]:
    words = _word_re("word_nouns").pattern.removeprefix("(?i)")
    q, r = _QUOTED.replace("(?P<{}>", "(?P<q>"), _QUOTED.replace("(?P<{}>", "(?P<r>")
    return re.compile(rf"(?:(?i:{words})\s*(?i:is|es|est|ist|é|è|lautet|to|là|ni|:)\s*(?:{q}|(?P<w>[A-ZÀ-Þ][^\W\d_]{{2,20}}(?:[ \t][A-ZÀ-Þ][^\W\d_]{{2,20}}){{1,2}}|[^\W_][\w\-]{{2,40}}))"
                      rf"|(?i:it'?s|it’s|it\s+is|c'?est|c’est|es|ist|é|è|that'?s)\s*:?\s*(?:{r}|{_CAPS}))(?=\s*(?:[.,!;)\]]|\?\s*$|\s(?i:and|y|et|und|e)\s|$))")


def memorable_later(norm: str, start: int = 0) -> list[Span]:
    """A memorable word's value a clause or a sentence after its name: "It asks for letters 2, 3 and
    8 of the memorable word. Word is HORSESHOE.", "word is Oakwood Elementary" (a name of two or three capitalised
    words, a school's or a place's, is one word to the bank), "mot mémorable ? c'est hirondelle" is too loose
    (a lower-case word after "it's" is talk: "it's annoying"); a quoted, capitalised or digit-bearing
    word after "it's", any word after "the word is"."""
    out: list[Span] = []
    for m in _memorable_value().finditer(norm, start, min(len(norm), start + 240)):
        g = next(g for g in ("q", "w", "r", "c") if m.group(g))
        out.append((m.start(g), m.end(g), "password"))
        break
    return out


def memorable_spans(norm: str) -> list[Span]:
    """:func:`memorable_later` after a memorable word's name in the same message."""
    name = _word_re("memorable").search(norm)
    return memorable_later(norm, name.end()) if name else []


def memorable_in_thread(text: str, before: str) -> list[Span]:
    """A memorable word's value in the turn after the turn that named it ("Which letters of the
    memorable word do they want?" / "3rd and 5th. The word is 'cobbler'")."""
    if not before or not _word_re("memorable").search(before[-300:]) or len(text) > 300:
        return []
    from fact_memory_graph.secrets import forms

    norm, origin = forms.view(text)
    return forms.back(memorable_later(norm), origin)


# ---------------------------------------------------------------- a word password beside a login id
_BARE_WORD = re.compile(r"[ \t]+(?P<v>[^\W\d_]{4,24})(?=\s*(?:[.,;!)]|$))")


def word_beside_id(norm: str, names: list) -> list[Span]:
    """A password that is a plain word right after its name, ending the clause, in a message that
    gives a bank's login id ("Online banking - CRN 40029183, password pinecone"): a list of a
    login's parts. Alone, "password pinecone" may be talk; a word about it ("password reset",
    "password forgotten") is no value."""
    out: list[Span] = []
    for n in names:
        if n.kind != "password":
            continue
        m = _BARE_WORD.match(norm, n.stop)
        if not m or forms_not_value(m.group("v")):
            continue
        from fact_memory_graph.secrets import bank_logins

        if any(e <= n.start for _, _, e in bank_logins._ids(norm, names)):
            out.append((m.start("v"), m.end("v"), "password"))
    return out


def forms_not_value(word: str) -> bool:
    from fact_memory_graph.secrets import forms

    return bool(forms._NOT_VALUE.match(word) or forms._NOT_NAME.match(" " + word))


# ---------------------------------------------------------------- a public number asked for
_BARE_TURN = re.compile(r"\s*(?:[^\W\d_]+[\s:：,]+){0,3}[\d][\d \-./]{1,20}\d?[\s.!]*")


def without_public_answer(text: str, before: str, spans: list[Span]) -> list[Span]:
    """A bare number answering a question for a public number in the turn before ("What's the
    bank's branch number?" / "0412", "What number do I call for voicemail?" / "121") is kept:
    the bank or the voicemail the question names is no code sent or a lock's code. Not when the
    turn before names a credential too, or this turn names one."""
    if not spans or not _BARE_TURN.fullmatch(text) or not _word_re("public_asks").search(before):
        return spans
    from fact_memory_graph.secrets import forms

    prior = forms.view(before)[0]
    if any(not _word_re("public_asks").match(prior, n.start) for n in forms.names_in(prior)) \
            or forms.names_in(forms.view(text)[0]):
        return spans
    return [sp for sp in spans if sp[2] in ("card number", "bank account", "government id")
            and len(re.sub(r"\D", "", text[sp[0]:sp[1]])) > 8]


def all_spans(norm: str, names: list) -> list[Span]:
    """Every span of this module's rules in one message (its normalised view)."""
    out = [*paren_spans(norm, names), *memorable_spans(norm)]
    if not _DIGIT.search(norm):
        return out
    return [*out, *word_beside_id(norm, names), *late_spans(norm, names), *before_spans(norm, names), *keyed_spans(norm), *pattern_spans(norm),
            *comma_digit_spans(norm, names)]
