"""Identity documents' numbers read by the document's name, in shapes the other readers leave.

A passport, a driving licence or an id card rarely has a checksum: the word naming the document is
what makes its number secret. Two shapes are read here, both right after a document's name (the
multilingual list of ``reference_values``) and its number's word:

- the number's word set apart by an exclamation or a dash ("my provisional licence!! number A180-…");
- a number of letters only, as some passports are written ("passport number CVZKWKULS"): eight to
  ten capitals with few vowels, so a word in capitals ("PENDING", "UNKNOWN") is not one;
- a driving licence named by its bare word or its initials right before its number ("licence
  Z2661133 (my US one)", "dl j448p26440"): letters and six digits or more, in either case — not a
  plate's, a key's or a software licence's.
"""

from __future__ import annotations

import functools
import itertools
import json
import re
from collections.abc import Iterator
from pathlib import Path

from fact_memory_graph.secrets import forms, lexicon, prefilter, reference_values

Span = tuple[int, int, str]

#: Punctuation a chatty message puts between the document and its number's word.
_APART = re.compile(r"[\s!?.,:;\-–—)]{1,6}")
#: A document's number: letters and digits with a digit, or capitals only (read first: they are rare).
_CANDIDATE = re.compile(r"(?<![\w-])(?:(?=[A-Z0-9\-]*\d)(?=[A-Z0-9\-]*[A-Z])[A-Z0-9][A-Z0-9\-]{5,18}[A-Z0-9]|[A-Z]{8,10}|[a-z]{8,10})(?![\w-])")
#: Between the number's word and the number: a copula, a colon or a sign.
_JOIN = re.compile(r"\s*(?:is|:|#|-|–)?\s*$")
#: The same after up to three words of whose document it is ("… pașaportului meu:", "Passnummer vom Kleinen:").
_JOIN_AFTER_WORDS = re.compile(r"(?:\s+[^\W\d_]{1,12}){1,3}\s*(?:is|:|#|-|–)\s*$")
_VOWELS = frozenset("AEIOUY")


def _random_capitals(value: str) -> bool:
    return not value.isalpha() or sum(ch in _VOWELS for ch in value) / len(value) < 0.25


def _random_letters(value: str) -> bool:
    """Capitals with few vowels ("CVZKWKULS"); in lower case, fewer still ("cxgryxtfz"): a lower-case word
    after a document's name is more often prose than a number typed without shift."""
    if value.isupper() or not value.isalpha():
        return _random_capitals(value)
    return sum(ch in _VOWELS for ch in value.upper()) / len(value) < 0.15


#: A document's name with its number's word written into it.
_COMPOUNDED = re.compile(r"(?i)(?:nummer|numret|nummeret|nr|number)$")


#: A licence's bare word or initials, then its number (letters and six digits or more, any case).
_BARE_LICENCE = re.compile(r"(?i)(?<![\w-])(?:licen[cs]e|lic|dl)\s*[:#]?\s*"
                           r"(?P<v>(?=[a-z0-9\-]*[a-z])(?=(?:[a-z\-]*\d){6})[a-z0-9][a-z0-9\-]{5,18}[a-z0-9])(?![\w-])"
                           r"(?!\s*(?:plate|key|keys|code|server|file)\b)")
#: Before a licence's bare word: the software or vehicle it belongs to, not a driver.
_NOT_A_DRIVER = re.compile(r"(?i)(?:software|product|windows|office|adobe|app|plate|vehicle|business|trade|liquor|radio|pilot|fishing"
                           r"|music|wifi|key)\W{0,3}$")


def bare_licence_spans(text: str) -> Iterator[Span]:
    """A driving licence's number after its bare word or initials ("dl j448p26440")."""
    low = text.lower()
    if "lic" not in low and "dl" not in low:
        return
    for m in _BARE_LICENCE.finditer(text):
        if not _NOT_A_DRIVER.search(text, max(0, m.start() - 20), m.start()):
            yield m.start("v"), m.end("v"), "government id"


def spans(text: str) -> Iterator[Span]:
    """Document numbers after a document's name set apart from its number's word, or of capitals only."""
    yield from bare_licence_spans(text)
    pats = None
    for m in _CANDIDATE.finditer(text):
        if not _random_letters(m.group()) or _MASK.search(m.group()):
            continue
        pats = pats or reference_values._patterns()
        lo = max(0, m.start() - 60)
        head = text[lo:m.start()]
        for doc in _doc_patterns()["document"].finditer(head):
            apart = _APART.match(head, doc.end())
            number = (apart and pats["number_after"].match(head, apart.end())) or pats["number_after"].match(head, doc.end())
            if not number and _COMPOUNDED.search(doc.group()):  # "Passnummer CVZK…"
                number = doc
            if not number and pats["number_before"].search(head, 0, doc.start()):  # "номер паспорта PYHJ…"
                number = doc
            joined = number and (_JOIN.match(head, number.end()) or _JOIN_AFTER_WORDS.match(head, number.end())
                                 and not _labelled(head, number.end()))
            if joined and not reference_values.example_cued(text, m.start()):
                yield m.start(), m.end(), "government id"
                break


# ---------------------------------------------------------------- a document named after its number, or asked for
_DOCS = Path(__file__).resolve().parent.parent / "assets" / "identity_documents.json"
#: A document's number as people copy it: capitals and digits, in up to five groups ("AB 12 34 56 C").
_NUMBER = re.compile(r"(?<![\w\-/.,:+#*@])(?P<v>(?:[A-Z]{1,3}|[A-Z0-9]{0,19}\d[A-Z0-9]{0,19})"
                     r"(?:-[A-Z0-9]{1,10}|\s(?:[A-Z]{1,2}|[A-Z0-9]{0,9}\d[A-Z0-9]{0,9})(?![\w\-])){0,4})(?![\w\-@]|[.,/:]\d)")
#: The same in any case, where the document was named first ("… посвідки на проживання" / "v1480419-67"):
#: one word, its parts joined by dashes, with a digit.
_ANY_CASE_NUMBER = re.compile(r"(?i)(?<![\w\-/.,:+#*@])(?P<v>[A-Z0-9]{0,20}\d[A-Z0-9]{0,20}(?:-[A-Z0-9]{1,10}){0,3})"
                              r"(?![\w\-@]|[.,/:]\d)")
#: A sentence's end (not an abbreviation's dot: "no.", "nr."), a turn's end.
_SENTENCE_END = re.compile(r"(?i)[!?;\n\u2029。！？；]|(?<!\bno)(?<!\bnr)(?<!\bref)\.(?=\s|$)")
_DATE_OR_YEAR = re.compile(r"(?:19|20)\d{2}|\d{1,2}[\-. ]\d{1,2}[\-. ]\d{2,4}")
_MASK = re.compile(r"(?i)X{4,}|0{5,}|(\d)\1{5,}")
#: A number's word written into the document's ("Führerscheinnummer", "paspoortnr", "passnumret").
_COMPOUND_NUMBER = r"(?:[\-]?(?:nummer|nummern|numret|nummeret|numero|number|nr|no|számom|száma|szám|numaram|numarası))?"
#: A value alone on its line, the next line naming it ("CLSW…" / "^ passport no").
_ALONE_ON_ITS_LINE = re.compile(r"[ \t]*\n[ \t]*(?:\^|↑|<-+|←|-+>?|=)?")
_MAX_LINK = 70
#: Someone asking in the turn before ("the bank asks for …", "банк питає", "me pide", "fragt nach").
_ASKS = re.compile(r"(?i)(?<![^\W\d_])(?:asks?|asking|wants?|needs?|pide|piden|pregunta|demande|fragt|will|chiede|vraagt|pyta|"
                   r"просит|спрашивает|питає|просить|istiyor|soruyor|minta|nanya|hỏi|frågar|spør|kysyy|kér|cere|ptá|ζητάει|"
                   r"מבקש|מבקשת|يطلب|تطلب|मांग|聞かれ|要|묻)")
_MAX_WORDS = 9


@functools.cache
def _doc_data() -> dict[str, list[str]]:
    data = json.loads(_DOCS.read_text(encoding="utf-8"))
    refs = json.loads(reference_values._ASSET.read_text(encoding="utf-8"))
    data["documents"] = sorted({*data["documents"], *refs["documents"]})
    return data


@functools.cache
def _doc_gate() -> lexicon.Gate:
    return lexicon.Gate(_doc_data()["documents"])


@functools.cache
def _doc_patterns() -> dict[str, re.Pattern[str]]:
    d = _doc_data()
    tree = prefilter.word_tree(set(d["documents"]), prefilter.spaced_atom, head=prefilter.WORD_HEAD,
                               tail=_COMPOUND_NUMBER + prefilter.WORD_TAIL, flags="")
    return {"document": re.compile("(?i)" + (tree.pattern if tree is not None else "(?!)")),
            "label": re.compile(rf"(?i)(?:{prefilter.whole_words(d['labels'])})"),
            "asked": re.compile(rf"(?i)(?:{prefilter.whole_words(d['asked'])})")}


def _labelled(text: str, lo: int = 0, hi: int | None = None) -> bool:
    """Whether ``text[lo:hi]`` has a word making a number something else: this module's labels or a
    public reference's word ("Antragsnummer", "номер заявления", "randevu kodum", "شماره پیگیری")."""
    hi = len(text) if hi is None else hi
    return bool(_doc_patterns()["label"].search(text, lo, hi)) or reference_values._words()["reference"].search(text, lo, hi)


def mentioned(text: str) -> bool:
    """Whether ``text`` names an identity document (a cheap gate: without one nothing here is read)."""
    return _doc_gate().open(text)


def _document_number(text: str, start: int, end: int) -> bool:
    """A document's number: five digits or more (six when digits only), or letters and digits mixed
    at random ("CLSWB9FMX", eight characters or more, a third of them at least letters); not a date,
    a year, a mask or a phone number."""
    value = text[start:end]
    digits = sum(ch.isdigit() for ch in value)
    alnum = sum(ch.isalnum() for ch in value)
    if alnum > 22 or digits == 0:
        return False
    if digits < 5 and not (alnum >= 8 and alnum - digits >= 3 and _random_capitals(value.upper())):
        return False
    if digits == alnum and digits < 6:
        return False
    if _DATE_OR_YEAR.fullmatch(value) or _MASK.search(value):
        return False
    return not (digits >= 7 and digits == alnum and forms.is_phone_number(text, start, end))  # letters: no phone


def _sentence_after(text: str, end: int, width: int) -> str:
    alone = _ALONE_ON_ITS_LINE.match(text, end)
    if alone and (end == 0 or text.rfind("\n", 0, end) >= text.rfind(" ", 0, end)):
        end = alone.end()  # the value was its line's only word: the next line says what it is
    window = text[end:end + width]
    m = _SENTENCE_END.search(window)
    return window[:m.start()] if m else window


def _clause_before(text: str, start: int, width: int = 40) -> str:
    window = text[max(0, start - width):start]
    cut = max((m.end() for m in _SENTENCE_END.finditer(window)), default=0)
    return window[cut:]


def _numbers(text: str, pattern: re.Pattern[str] = _NUMBER) -> Iterator[tuple[int, int]]:
    for m in itertools.islice(pattern.finditer(text), 12):
        start, end = m.span("v")
        while end > start and text[end - 1] == " ":
            end -= 1
        if end > start and _document_number(text, start, end):
            yield start, end


def named_after_spans(text: str) -> Iterator[Span]:
    """A number the same sentence then says is a document's ("GH48… — that's the number on my
    residence card", "C'est 12AB…, le numéro de ma carte d'identité", "X9… is what my DNI says"):
    no label making it something else before it or between it and the document."""
    p = _doc_patterns()
    for start, end in _numbers(text):
        after = _sentence_after(text, end, _MAX_LINK)
        doc = p["document"].search(after)
        if not doc or len(after[:doc.start()].split()) > _MAX_WORDS or any(ch.isdigit() for ch in after[:doc.start()]):
            continue
        if _labelled(after[:doc.end() + 16]) or _labelled(_clause_before(text, start)):
            continue  # "AB12345 is the booking for my passport renewal", "flight LH45821 …"
        if reference_values.example_cued(text, start):
            continue
        yield start, end, "government id"


#: Between a document's name and its number: a number's word, a possessive, a copula — a few words.
_NAMED_GAP = 40
#: A number's first part told after the document ("starts K771", "empieza por 48", "beginnt mit XR55").
_STARTS = re.compile(r"(?i)(?<![^\W\d_])(?:starts?(?: with)?|begins?(?: with)?|first part(?: is)?|empieza (?:por|con)|comienza (?:por|con)"
                     r"|commence par|beginnt mit|fängt mit|inizia (?:con|per)|começa (?:com|por)|begint met|zaczyna się od"
                     r"|начинается (?:с|на)|починається (?:з|на)|ile başlıyor|diawali|bắt đầu (?:bằng|là)|börjar (?:med|på)"
                     r"|begynner (?:med|på)|alkaa|kezdődik|începe cu|začíná)(?![^\W\d_])[\s:]*")
_FIRST_PART = re.compile(r"(?i)(?P<v>(?=[a-z]{0,4}\d)[a-z0-9]{3,8})(?![\w\-])(?!\s*(?:am|pm|h|uhr|hrs|o'clock|:\d|days?|weeks?|months?|years?)\b)")


def named_before_spans(text: str) -> Iterator[Span]:
    """A document named, then within a few words its number ("ο αριθμός άδειας διαμονής μου είναι
    A56…", "số thẻ cư trú của mình là IOE5…", "título de residência nº LQCH…"), in any case."""
    p = _doc_patterns()
    for doc in itertools.islice(p["document"].finditer(text), 6):
        head = _STARTS.search(text, doc.end(), doc.end() + _NAMED_GAP)
        if head and (part := _FIRST_PART.match(text, head.end())) and not _labelled(text, doc.end(), head.start()):
            yield part.start("v"), part.end("v"), "government id"  # "passport no. starts K771" / "then 20934"
            continue
        for start, end in _numbers(text[:doc.end() + _NAMED_GAP + 24], _ANY_CASE_NUMBER):
            if start < doc.end():
                continue
            gap = text[doc.end():start]
            if start - doc.end() > _NAMED_GAP or len(gap.split()) > 6 or _SENTENCE_END.search(gap) \
                    or _labelled(gap) or _labelled(_clause_before(text, doc.start(), 30)):
                break
            if not text[start:end].isupper() and not any(ch.isdigit() for ch in text[start:end][:3]) \
                    and sum(ch.isdigit() for ch in text[start:end]) < 5:
                break  # a lower-case word with a digit or two ("covid19vaccine") is no document's number
            if not reference_values.example_cued(text, start):
                yield start, end, "government id"
            break


def asked_in_turn_spans(text: str) -> Iterator[Span]:
    """"DNI? es el CA12…", "la patente? numero GH48…": a document asked then its number told."""
    p = _doc_patterns()
    for q in re.finditer(r"[?？]", text):
        question = _clause_before(text, q.start(), 50)
        if not p["document"].search(question) or _labelled(question):
            continue
        for start, end in _numbers(text[:q.end() + 40]):
            if start >= q.end() and not _labelled(text, q.end(), start):
                yield start, end, "government id"
                break


def answer_spans(text: str, before: str) -> Iterator[Span]:
    """A short turn's number after a turn asking for a document ("what's on your ID card?" /
    "it's GH48…", "банк питає номер посвідки" / "v148…")."""
    if len(text) > 120 or not mentioned(before):
        return
    p = _doc_patterns()
    tail = before[-160:]
    last = max((m.end() for m in _SENTENCE_END.finditer(tail[:-1])), default=0)
    ask = tail[last:]
    if not p["document"].search(ask) or _labelled(ask):
        return
    if "?" not in ask and "？" not in ask and not p["asked"].search(ask) and not _ASKS.search(ask):
        return
    for start, end in _numbers(text, _ANY_CASE_NUMBER):
        if not _labelled(text, 0, start):
            yield start, end, "government id"
            break


#: A UK driving licence's number (DVLA): the surname's first five letters (9s after a short one), the birth
#: date's decade, month (plus 50 for a woman), day and year, two initials (9 when there is one), a digit and two
#: check letters — sixteen characters, maybe in three groups ("MORGA753116SM9IJ", "MORGA 753116 SM9IJ").
_UK_LICENCE = re.compile(r"(?i)(?<![\w\-])(?=[a-z])[a-z9]{5} ?\d(?P<m>[0156]\d)(?P<d>[0-3]\d)\d ?[a-z9]{2}\d[a-z]{2}(?![\w\-])")


def uk_licence_spans(text: str) -> Iterator[Span]:
    """UK driving licence numbers by their shape, anywhere: no order, key or code is written so."""
    for m in itertools.islice(_UK_LICENCE.finditer(text), 8):
        month, day = int(m.group("m")), int(m.group("d"))
        if (1 <= month <= 12 or 51 <= month <= 62) and 1 <= day <= 31:
            yield m.start(), m.end(), "government id"

