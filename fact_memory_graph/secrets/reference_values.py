"""Look-alikes kept by what they are, after every reading has found its spans.

- A public process's reference: a value governed by a reference's word (an application, an
  appointment, a case, a claim, a file, a ticket, a booking, a prescription, an insurance card's
  member or group number; ~30 languages, assets/reference_words.json) in its clause. The
  word governs even when an identity document's name stands earlier in the phrase ("passport
  renewal application number …", "namba ya kumbukumbu ya ombi la pasipoti …"), but not when the
  document's own number is named after it ("visa application, passport number …", "solicitud de
  visa con número de pasaporte …"), and never when a secret's name (password, PIN, account, card,
  a national id's name, ...) stands in the clause.
- A documentation placeholder by its shape: a value that is mostly a run of X, x, * or • (after a
  test-mode prefix such as ``sk_test_``): "sk_test_XXXXXXXXXXXX", "xxxx8478".
- An example by its cue right before it ("e.g. P@ssw0rd123", "z.B. …", "例如 …") in a clause that
  does not speak of the writer's own secret ("my passwords, e.g. …" stays withheld).
- A masked card's last digits after "ending in" (up to eight digits: some banks show more).
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

from fact_memory_graph.secrets import checksums, public_values, what_is_asked

Span = tuple[int, int, str]

_TURN_JOIN = " \u2029 "  # forms.TURN_JOIN: one turn's end

_ASSET = Path(__file__).resolve().parent.parent / "assets" / "reference_words.json"
_B, _E = r"(?<![^\W\d_])", r"(?![^\W\d_])"
#: Scripts written without spaces between words: their names match inside a run of letters.
_UNSPACED = re.compile(r"[\u0e00-\u0e7f\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")


def _alt(words: list[str]) -> str:
    parts, edged = [], []
    for w in sorted({unicodedata.normalize("NFKC", w) for w in words}, key=len, reverse=True):
        body = re.escape(w[:-1]) + r"\w*" if w.endswith("*") else re.escape(w)
        if _UNSPACED.search(w):
            parts.append(body)
        else:
            edged.append(body + (_E if w[-1:].isalnum() or w.endswith("*") else ""))
    # the words' common left edge tested once per position, not once per word (cost only; an
    # unspaced word and an edged one never start the same match unless one is the other's head,
    # and the longer is tried first either way)
    return "|".join([*parts, _B + "(?:" + "|".join(edged) + ")"] if edged else parts)


#: Names in assets/secret_words.json that are common words of some language: not a secret's name here.
_NOT_BLOCKERS = frozenset({"run", "tie", "nas", "sin", "nie", "pan", "tc", "rg", "cb", "acc", "avs", "rne",
                           "insurance member id"})  # a health plan's member id is printed on its card


#: The same names in capitals are ids' names ("PAN", "SIN", "NIE", "TC", "RG").
_CAPITAL_NAMES = re.compile(r"(?<![^\W\d_])(?:PAN|SIN|NIE|TC|RG|CB|RUN|TIE|NAS|ACC|AVS|RNE)(?![^\W\d_])")


def _secret_names(documents: re.Pattern[str]) -> list[str]:
    """The project's names of a secret (ids, passwords, bank details, cards, security answers;
    assets/secret_words.json) without an identity document's bare name ("passport", "visa")."""
    data = json.loads((_ASSET.parent / "secret_words.json").read_text(encoding="utf-8"))
    out = []
    for key in ("id", "password", "bank", "card", "answer"):
        for group in data[key].values():
            for word in group if isinstance(group, list) else []:
                if isinstance(word, str) and word.lower() not in _NOT_BLOCKERS \
                        and re.search(r"\w", documents.sub("", word.lower()).replace("'s", "")):
                    out.append(word.lower())
    return out


_TOKEN = re.compile(r"[^\W_]+")
#: A word that is a site's name: "booking.com", "tracking.example.org".
_DOMAIN_AFTER = re.compile(r"\.(?:com|net|org|io|co|de|fr|es|it|nl|pl|ru|br|in|uk|jp|cn)(?![^\W\d_])")


class _Words:
    """A list of names matched word by word (a dict lookup per word of the text, not a regular
    expression of a thousand alternatives: the filter's budget is under a millisecond a message).
    A name ending in "*" is a stem; a name in a script without spaces matches inside a run."""

    def __init__(self, words: list[str]) -> None:
        self.first: dict[str, list[str]] = {}
        stems, self.unspaced, self.symbols = [], [], []
        for word in {unicodedata.normalize("NFKC", w).lower() for w in words}:  # as forms.view reads
            if _UNSPACED.search(word):
                self.unspaced.append(word)
            elif word.endswith("*"):
                stems.append(word[:-1])
            elif (tokens := _TOKEN.findall(word)) and word[0].isalnum():
                self.first.setdefault(tokens[0], []).append(word)
            else:
                self.symbols.append(word)
        self.stems = tuple(stems)
        self.stem_start = re.compile(r"(?<![^\W_])(?:" + "|".join(map(re.escape, self.stems)) + ")") if stems else None
        # the unspaced words by their first character: a text is searched for the few whose first
        # character it has, not for all of them (the same occurrences, found in fewer passes)
        self.unspaced_by_first: dict[str, list[str]] = {}
        for word in self.unspaced:
            self.unspaced_by_first.setdefault(word[0], []).append(word)

    def finditer(self, text: str, lo: int = 0, hi: int | None = None) -> list[tuple[int, int]]:
        """The names in ``text[lo:hi]``, as (start, end), in order."""
        hi = len(text) if hi is None else hi
        part = text[lo:hi]
        low = part.lower()
        if len(low) != hi - lo and not part.isascii():  # (ASCII lowers char by char: the same string)
            low = "".join(ch.lower()[:1] for ch in part)
        out = []
        # the words one by one only when one may start a name: one of the first words among them, or a
        # stem at a word's start (a pre-check in C; the loop decides)
        may = not self.first.keys().isdisjoint(_TOKEN.findall(low)) or self.stem_start and self.stem_start.search(low)
        for m in _TOKEN.finditer(low) if may else ():
            token, a = m.group(), m.start()
            for phrase in self.first.get(token, ()):
                b = a + len(phrase)
                if low.startswith(phrase, a) and (b == len(low) or not low[b].isalnum() or not phrase[-1].isalnum()) \
                        and not _DOMAIN_AFTER.match(low, b):  # "booking.com is asking me for the code": a site
                    out.append((lo + a, lo + b))
            if self.stems and token.startswith(self.stems):
                out.append((lo + a, lo + m.end()))
        for word in self.symbols:
            out.extend((lo + i, lo + i + len(word)) for i in _occurrences(low, word))
        if self.unspaced and not low.isascii():
            for first in self.unspaced_by_first.keys() & set(low):
                for word in self.unspaced_by_first[first]:
                    out.extend((lo + i, lo + i + len(word)) for i in _occurrences(low, word))
        return sorted(out)

    def search(self, text: str, lo: int = 0, hi: int | None = None) -> bool:
        return bool(self.finditer(text, lo, hi))


def _occurrences(text: str, word: str) -> list[int]:
    out, i = [], text.find(word)
    while i >= 0:
        out.append(i)
        i = text.find(word, i + 1)
    return out


#: A secret's value assigned in a configuration ("$db_pass = '…'", "API_TOKEN=…").
_ASSIGNED = re.compile(r"(?i)\w*(?:pass|pwd|secret|token|key)\w*\s*=")


@lru_cache(maxsize=1)
def _patterns() -> dict[str, re.Pattern[str]]:
    data = json.loads(_ASSET.read_text(encoding="utf-8"))
    return {
        "document": re.compile(f"(?i)(?:{_alt(data['documents'])})"),
        "number_after": re.compile(rf"(?i)(?:'s)?\s{{0,2}}(?:{_alt(data['number_words'])})"),
        "number_before": re.compile(
            rf"(?i)(?:{_alt(data['number_words'])})\s{{0,2}}(?:(?:de|do|da|del|du|des|of|ya|la|al|the|der|des)\s+)?$"),
        "unit": re.compile(rf"\s?(?:{_alt(data['units'])})"),
    }


@lru_cache(maxsize=1)
def _words() -> dict[str, _Words]:
    data = json.loads(_ASSET.read_text(encoding="utf-8"))
    return {"reference": _Words(data["reference"]), "sample": _Words(data["sample_words"]),
            "public": _Words(data["public_phrases"]),
            "blocker": _Words(data["blockers"] + _secret_names(_patterns()["document"]) + _code_list_names())}


def _code_list_names() -> list[str]:
    """The names of a set of codes ("backup codes", "códigos de respaldo"): a secret's name, so "backup
    codes in case I lose my phone: …" is no support case's number."""
    words = json.loads((_ASSET.parent / "secret_words.json").read_text(encoding="utf-8"))
    return list(words["code_lists"])


#: A clause's end: a sentence's, a turn's (forms.TURN_JOIN), a comma's.
_BOUNDARY = re.compile(r"[!?;\n\u2029。！？；，、]|[.,](?=\s)")
_MINE = re.compile(
    r"(?i)(?<![^\W\d_])(?:my|mine|our|mi|mis|mío|mon|ma|mes|mein|meine|meinen|mio|mia|mijn|meu|minha|mój|moja"
    r"|мой|моя|мои|benim|saya|aku|ku|mình|tôi|mera|meri|mere)(?![^\W\d_])|我的|私の|내 |제 ")
_MASK_RUN = re.compile(r"X{4,}|x{6,}|[*•●]{3,}|(?<![a-z])x{4,}|_{3,}")
_TEST_PREFIX = re.compile(r"(?i)^(?:sk|pk|rk|whsec|key|api|token)?_?(?:test|live|sandbox|dev)?_")
def _clause(text: str, start: int, width: int = 90) -> tuple[int, str]:
    """The clause before ``start`` (from its last boundary; "no.", "ref.", "e.g." do not end one)."""
    lo = max(0, start - width)
    cut = lo
    for m in _BOUNDARY.finditer(text, lo, start):
        if m.group() == "." and re.search(r"(?<![^\W\d_])[^\W\d_]{1,3}$|\.\w$", text[max(0, m.start() - 4):m.start()]):
            continue  # an abbreviation ("no.", "ref.", "e.g.")
        cut = m.end()
    return cut, text[cut:start]


#: Reference words that are also verbs, and a pronoun right before one: a verb there ("me demande", "vous demandent").
_NOUN_OR_VERB = frozenset({"demande", "demandes", "demandent", "commande", "commandes", "commandent", "réserve", "réservent"})
_CLITIC_BEFORE = re.compile(r"(?i)(?<![^\W\d_])(?:me|te|se|nous|vous|lui|leur|on|ils|elles|m'|t'|s'|qu'on|je|j')\s*$")


def _references(text: str, start: int, end: int) -> list:
    """The reference words in ``text[start:end]``, not a verb after a pronoun ("la banque me demande",
    "ce qu'on demande", "ma coloc me demande le code du cadenas" / "c'est 1-6-8-7-9-3")."""
    refs = _words()["reference"].finditer(text, start, end)
    return [r for r in refs or () if not (text[r[0]:r[1]].casefold() in _NOUN_OR_VERB
                                          and _CLITIC_BEFORE.search(text, max(0, r[0] - 12), r[0]))]


def reference_value(text: str, start: int, end: int) -> bool:
    """Whether the value at ``text[start:end]`` is governed by a public reference's word in its clause."""
    pats, words = _patterns(), _words()
    cut, whole = _clause(text, start)
    last_digit = max((m.end() for m in re.finditer(r"\d", whole)), default=0)
    refs = _references(text, cut + last_digit, start)  # after a value between: not this one's
    turn_start, reach = cut > 1 and text[cut - 1] == "\u2029", 45
    if not refs and turn_start and not last_digit and len(whole.strip()) <= 25:
        # the reference named in the turn before: "mon numéro de dossier à la CAF" / "c'est le 0458821"
        if re.search(r"[A-Z]{2}", whole):
            return False  # a name of its own in the turn ("TC: …", "my PAN is …")
        cut, before = _clause(text, cut - 2)
        if re.search(r"\d", before) or not (refs := _references(text, cut, cut + len(before))) \
                or cut + len(before) - refs[-1][1] > 45:
            return False
        from . import asked_values
        if asked_values.asks_for_word(before):
            return False  # "le mot que la banque demande" / "Wanderlust": "demande" is the bank asking, no request's file
        whole, turn_start, reach = before + " " + whole, False, 45 + len(_TURN_JOIN) + 25
    if not refs or start - refs[-1][1] > reach:
        return False
    if what_is_asked.asking_at(text, refs[-1][0]):
        return False  # "ce que la banque demande : Phare75": the bank asking, no request's file
    named = words["blocker"].finditer(text, cut, start)
    if named and (public := words["public"].finditer(text, cut, start)):
        named = [n for n in named if not any(a <= n[0] and n[1] <= b for a, b in public)]  # "obra social"
    if named or "=" in whole and _ASSIGNED.search(whole) or _CAPITAL_NAMES.search(text, cut, start):
        return False  # a secret's name in the clause: "tax file number", "domanda di sicurezza"
    if turn_start and words["blocker"].search(text, _clause(text, cut - 1)[0], cut):
        return False  # the turn goes on from one that named a secret: "el iban empieza por …" / "y termina …"
    ref_at = refs[-1][0] - cut
    if ref_at >= 0 and _PURPOSE.search(whole[:ref_at]) and (pats["document"].search(whole[:ref_at])):
        return False  # "my residence permit for the application: …": the reference only says what for
    for doc in pats["document"].finditer(whole):
        if pats["number_after"].match(whole, doc.end()) or pats["number_before"].search(whole[:doc.start()]):
            return False  # "visa application passport number …", "Paspoortnummer … voor de aanvraag"
    docs = list(pats["document"].finditer(whole))
    if docs and re.fullmatch(r"[\s:#\-–—=]*", whole[docs[-1].end():]):
        head = whole[:docs[-1].start()].rstrip()
        refs_before = words["reference"].finditer(head)
        if not _CONNECTOR.search(head) and not (refs_before and refs_before[-1][1] == len(head)):
            return False  # "visa file — passport P…": the document itself names the value
    return True


#: A preposition of purpose right before the reference's word ("for the application").
_PURPOSE = re.compile(
    r"(?i)(?<![^\W\d_])(?:for|para|pour|für|per|voor|для|dla|untuk|kwa|cho|za)(?:\s+(?:the|my|a|an|el|la|le|les|mi|ma"
    r"|mon|den|die|das|der|dem|meine|meinen|il|lo|o|a|os|as|de|del|un|una|une))?\s+$")


#: A word joining a document's name to the reference it belongs to ("… ombi la pasipoti", "… de pasaporte").
_CONNECTOR = re.compile(
    r"(?i)(?<![^\W\d_])(?:of|for|de|del|du|des|da|do|dos|das|ya|la|za|wa|cha|في|لل|для|на|dla|için|ng|untuk|para|pour"
    r"|für|van|voor|di|per|pentru|o|z|ze|al|au|aux|zum|zur|der|till|för|af|av|til|ng|sa|của|về)(?:\s+(?:the|el|la|le|les"
    r"|los|las|den|dem|der|die|das|il|lo|o|a|os|as))?$")


#: A masked number: mask characters in groups, at most four digits shown ("XXX-XX-6627", "**** 4471").
_MASKED = re.compile(r"(?=(?:[^Xx*•●]*[Xx*•●]){3})(?:[Xx*•●]+[\s\-./]?)+\d{0,4}|\d{0,4}(?:[\s\-./]?[Xx*•●]+)+")


_KEYPAD_STAR = re.compile(r"\d{3,8}\*|\*\d{3,8}")
_MASK_BEFORE = re.compile(r"(?<![^\W\d_])(?:[Xx*•●]{2,}[\s\-./]?){1,4}$")


#: A template's slot in lower case in other languages than English: a "here" at its end
#: ("tu_contraseña_aqui", "votre-cle-ici"), or a "your" at its start with a secret's name in it
#: ("tu_contraseña", "sua-senha", "dein_passwort"; "tu-casa-verde" stays a passphrase).
_HERE_SLOT = re.compile(
    r"(?i)(?<![\w\-])(?:[^\W\d_]+[_\-])+(?:here|aqui|aquí|ici|hier|qui|qua|burada|здесь|сюда|disini|sini|hapa|đây|yahan"
    r"|hier_eintragen|aca|acá)(?![\w\-])")
_YOUR_SLOT = re.compile(
    r"(?i)(?<![\w\-])(?:tu|su|votre|ton|ta|dein|deine|ihr|ihre|seu|sua|teu|tua|tuo|uw|jouw|twoje|twoj|twój|senin|ваш"
    r"|ваша|твой|anda|kamu)[_\-](?P<rest>[^\W\d_]+(?:[_\-][^\W\d_]+)*)(?![\w\-])")


def slot_value(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is (or starts with) a template's slot of another language."""
    for pattern in (_HERE_SLOT, _YOUR_SLOT):
        for m in pattern.finditer(text, max(0, start - 40), min(len(text), end + 40)):
            if m.start() <= start < m.end() and (pattern is _HERE_SLOT or _words()["blocker"].search(
                    re.sub(r"[_\-]", " ", m.group("rest")))):
                return True
    return False


_MASK_AFTER = re.compile(r"[\s\-./]?[Xx*•●]{2,}(?![^\W\d_])")


#: A template's slot written as words: "your" and a secret's (or a login's) name, run together or not
#: ("tucontraseña", "your_password_here", "VotreMotDePasse", "deinPasswort", "ваш_пароль").
_SECOND_PERSON_SLOT = re.compile(
    r"(?i)(?:enter|insert|type)?[\s_\-.]*(?:your|you|ur|tu|tua|tus|su|sus|votre|vos|ton|ta|dein|deine|ihr|ihre|uw|jouw|je|seu|sua"
    r"|vosso|twoje|twój|twoj|tvoje|tvoj|vaše|vaše|váš|senin|sizin|ваш|ваше|твой|твоё|твое|kamu|anda|bạn"
    r"|ditt|din|dit|dine|sinun|tuo)[\s_\-.]*"
    r"(?:new|nuevo|nueva|nouveau|neues|neue)?[\s_\-.]*"
    r"(?:password|passwort|pass|pwd|contraseña|contrasena|clave|senha|mot[\s_\-.]*de[\s_\-.]*passe|mdp|wachtwoord|hasło"
    r"|haslo|heslo|şifre|sifre|şifren|sifren|пароль|kata[\s_\-.]*sandi|sandi|pin|code|codigo|código|token|api[\s_\-.]*key"
    r"|secret|username|user|usuario|usuário|utilisateur|benutzername|login|email|e-mail|correo|nombre|name|key|chave"
    r"|lösenord|losenord|adgangskode|passord|salasana|parola|jelszó|kod|kode|användarnamn|brukernavn|brugernavn)"
    r"[\s_\-.]*(?:here|aqui|aquí|ici|hier|qui|tutaj|buraya|здесь|här|her|tässä|tähän)?")


#: A login written as the words for a first and a last name, a template's ("Vorname.Nachname",
#: "prénom.nom@société.fr", "firstname_lastname@company.com").
_NAME_SLOT = re.compile(
    r"(?i)(?:first[\s_\-.]?name|given[\s_\-.]?name|name|vorname|prénom|prenom|nombre|nome|imię|imie|voornaam|isim|ad|имя"
    r"|förnamn|fornavn|etunimi|jméno|jmeno|keresztnév|prenume|όνομα|nama)[._\-]"
    r"(?:last[\s_\-.]?name|surname|family[\s_\-.]?name|nachname|nom|apellido|apellidos|cognome|nazwisko|achternaam|soyad"
    r"|фамилия|efternamn|etternavn|sukunimi|příjmení|prijmeni|vezetéknév|nume|επώνυμο|nama[\s_\-.]?belakang)"
    r"(?:@[\w.\-]+)?")


def form_slot(value: str) -> bool:
    """Whether ``value`` is a form's slot: "your" and a secret's name ("tucontraseña", "<your_password>"),
    or a login made of the words for a first and a last name ("Vorname.Nachname")."""
    value = value.strip(" .,;:!?<>[]{}()\"'`*")
    if _SECOND_PERSON_SLOT.fullmatch(value) or _NAME_SLOT.fullmatch(value):
        return True
    head, _, rest = value.partition(" ")  # "deinPasswort (steht so im Handbuch": the slot, then words
    return bool(rest) and rest.startswith("(") and not re.search(r"\d", rest) \
        and (_SECOND_PERSON_SLOT.fullmatch(head) or _NAME_SLOT.fullmatch(head)) is not None


#: A form's blank to fill in, in words ("[in te vullen]", "<à remplir>", "(auszufüllen)", "[to be filled in]").
_FILL_IN = re.compile(
    r"(?i)(?:(?:to\s+be\s+)?fill(?:ed)?\s+in|fill\s+me|tbd|tbc|à\s+remplir|a\s+remplir|à\s+compléter|à\s+renseigner"
    r"|auszufüllen|ausfüllen|hier\s+eintragen|eintragen|a\s+rellenar|por\s+rellenar|por\s+completar|a\s+completar"
    r"|a\s+preencher|por\s+preencher|da\s+compilare|da\s+inserire|in\s+te\s+vullen|invullen|fyll\s+i|fylles\s+i"
    r"|udfyldes|udfyld|täytä|täytetään|do\s+uzupełnienia|uzupełnij|wypełnij|заполнить|заполните|doldurun|doldurulacak"
    r"|diisi|isi\s+di\s+sini|điền\s+vào|記入|入力してください|填写|待填)")


_OPENERS = {"[": "]", "<": ">", "{": "}", "(": ")"}


def inside_slot(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` lies inside a form's slot or blank that reaches past it: a bracket's
    words ("wachtwoord: [in te vullen]"), a word joined by dashes ("lösenord: ditt-lösenord-här")."""
    lo = max(0, start - 3)
    for i in range(min(start, len(text) - 1), lo - 1, -1):
        close = _OPENERS.get(text[i])
        if close:
            j = text.find(close, i + 1, start + 60)
            if j >= end - 2 and placeholder_value(text[i + 1:j]):
                return True
            break
    a, b = start, end
    while a > 0 and not text[a - 1].isspace() and start - a < 40:
        a -= 1
    while b < len(text) and not text[b].isspace() and b - end < 40:
        b += 1
    return (a, b) != (start, end) and form_slot(text[a:b])


def placeholder_value(value: str) -> bool:
    """Whether ``value`` is mostly a mask's or a template's run ("sk_test_XXXXXXXXXXXX", "xxxx8478"),
    or a blank's words ("[in te vullen]"). Digits with one star, a keypad's key, are no mask ("3521*")."""
    if _KEYPAD_STAR.fullmatch(value):
        return False
    if _MASKED.fullmatch(value) and len(re.findall(r"\d", value)) <= 4:
        return True
    if _FILL_IN.fullmatch(value.strip(" .,;:!?<>[]{}()\"'`*…")):
        return True
    if form_slot(value):
        return True  # "contraseña: tucontraseña": the form's slot, not a value
    runs = _MASK_RUN.findall(value)
    if not runs:
        return False
    rest = _TEST_PREFIX.sub("", _MASK_RUN.sub("", value))
    alnum = re.sub(r"[\W_]", "", rest)
    return len(alnum) <= 8 and len(alnum) * 2 <= len(value)


_GAP_REST = re.compile(r"[\s'\"“‘«:(=\-]*(?:(?:is|ist|es|est|é|è|er|jest|это|是|は)[\s'\"“‘«:(]*)?")


def _sample_named(text: str, start: int) -> int | None:
    """An example's word, then at most a secret's name before ``start``: "example password: …",
    "przykładowe hasło: …", "mfano wa nenosiri: …"."""
    lo = max(0, start - 40)
    found = _words()["sample"].finditer(text, lo, start)
    if not found:
        return None
    gap = text[found[-1][1]:start]
    names = _words()["blocker"].finditer(gap)
    rest = "".join(ch if not any(a <= i < b for a, b in names) else " " for i, ch in enumerate(gap))
    rest = re.sub(r"(?i)(?<![^\W\d_])(?:of|de|di|wa|la|du|des|del|do|da|för|för|på|van)(?![^\W\d_])", " ", rest)
    return found[-1][0] if len(names) <= 2 and _GAP_REST.fullmatch(rest) else None


@lru_cache(maxsize=1)
def _cues() -> tuple[str, ...]:
    data = json.loads(_ASSET.read_text(encoding="utf-8"))
    return tuple({unicodedata.normalize("NFKC", w).lower() for w in data["example_cues"]})


def _cue_before(text: str, start: int) -> int | None:
    """Where an example's cue ("e.g.", "z.B.", "例如") ends right before ``start`` (quotes, a
    colon between) begins, if one does."""
    window = text[max(0, start - 30):start].lower()
    head = window.rstrip(" '\"“‘«(")
    if not head.endswith(_cues()):
        head = head.rstrip(" '\"“‘«:(")
        if not head.endswith(_cues()):
            return None
    cue = max((c for c in _cues() if head.endswith(c)), key=len)
    at = len(head) - len(cue)
    if at and cue[0].isalnum() and (head[at - 1].isalnum() or head[at - 1] == "_"):
        return None  # the end of a longer word ("tree.g.")
    return start - len(text[max(0, start - 30):start]) + at


def example_cued(text: str, start: int) -> bool:
    """Whether an example's cue stands right before ``start`` in a clause not about the writer's own."""
    at = _cue_before(text, start)
    if at is None:
        at = _sample_named(text, start)
    if at is None:
        return False
    head = text[max(0, start - 80):at]
    head = head[max(head.rfind(". "), head.rfind("\n"), head.rfind("\u2029"), head.rfind("? "), head.rfind("! ")) + 1:]
    return not _MINE.search(head)  # "my passwords, e.g. …": the writer's own


def without_lookalikes(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` without public references, placeholders, examples and masked cards (module note).
    Every test reads a few characters around its span (the budget: most messages have none)."""
    if not spans:
        return spans
    has_ref: list[bool] = []  # read once, when a span first needs it

    def named_reference() -> bool:
        if not has_ref:
            has_ref.append(_words()["reference"].search(text))
        return has_ref[0]

    seen: dict[Span, bool] = {}
    out = []
    for sp in spans:
        if sp not in seen:
            seen[sp] = _public(text, sp, named_reference)
        if not seen[sp]:
            out.append(sp)
    return out


#: An example's word in brackets right after a value: "(sample)", "（サンプル）", "(ejemplo)".
_SAMPLE_AFTER = re.compile(r"\s?[(（\[][^)）\]]{1,12}[)）\]]")


#: More of a card's or an account's last digits named before them (public_values._ENDING has the first).
_ENDING_MORE = re.compile(
    r"(?i)(?:\blast (?:four|4)(?: digits)?(?: of (?:the|my|your) (?:card|account|acct|visa|amex))?(?: are| is)?"
    r"|(?:qui )?se terminant par|terminant par|terminaci[oó]n|con final|com final|endziffern?|son (?:4|dört) hane(?:si)?"
    r"|berakhiran|đuôi|ลงท้าย|المنتهية ب|inayoishia na|आखिरी (?:4|चार) अंक|последние (?:4|четыре) цифры"
    r"|ostatnie (?:4|cztery) cyfry|últimos (?:4|cuatro|quatro) d[ií]gitos|derniers (?:4|quatre) chiffres"
    r"|letzten (?:4|vier) ziffern|ultime (?:4|quattro) cifre|laatste (?:4|vier) cijfers)\W{0,3}$")


def without_lookalikes_after(text: str, spans: list[Span], before: str) -> list[Span]:
    """:func:`without_lookalikes` for a turn read after the user's turn ``before`` (its spans
    are the turn's own): "en el estado de cuenta" / "aparece la cuenta ****8841"."""
    if not spans:
        return spans
    offset = len(before) + len(_TURN_JOIN)
    kept = without_lookalikes(before + _TURN_JOIN + text, [(s + offset, e + offset, k) for s, e, k in spans])
    return [(s - offset, e - offset, k) for s, e, k in kept]


#: A number (or a size, "35x45") at a value's start, after at most one word ("the 3 digits", "size 35x45").
_QUANTITY = re.compile(r"(?:[^\W\d_]+\s)?\d{1,5}(?:[x×]\d{1,5})?")


def _public(text: str, span: Span, named_reference: Callable[[], bool]) -> bool:
    s, e, kind = span
    value = text[s:e]
    if kind == "seed phrase" or len(value) > 48:
        return False
    if placeholder_value(value.strip()) or ("_" in value or "-" in value) and slot_value(text, s, e):
        return True
    head = re.split(r"['\"”’»」]", value, maxsplit=1)[0]
    if head != value and head.strip() and placeholder_value(head.strip()):
        return True  # "fill in 'CVV: XXX' lol": a quoted template's mask, the words after the quote the user's
    number = _QUANTITY.match(value)
    if number and (unit := _patterns()["unit"].match(text, s + number.end())) \
            and (unit.end() >= e or not re.search(r"\d", text[unit.end():e])):
        return True  # a quantity: "valid for 300 seconds", "8 characters", "60일입니다"
    if value.isdigit() and len(value) <= 4 and _MASK_BEFORE.search(text, max(0, s - 16), s):
        return True  # the shown digits of a masked number: "XXX-XX-6627", "•••• 4471"
    if re.fullmatch(r"\d[\d.\-/ ]*", value) and len(re.sub(r"\D", "", value)) <= 6 \
            and _MASK_BEFORE.search(text, max(0, s - 16), s) and _MASK_AFTER.match(text, e):
        return True  # the middle digits shown between masks: "***.482.913-**"
    if kind in ("card number", "bank account") and re.fullmatch(r"\d{4,8}", value.strip()) \
            and (public_values._ENDING.search(text, max(0, s - 30), s) or _ENDING_MORE.search(text, max(0, s - 45), s)):
        return True  # "the card ending in 09173446"
    bracket = re.search(r"[(（\[]", value)
    after = s + bracket.start() if bracket else e
    if kind not in ("card number", "api key") and (example_cued(text, s) or _SAMPLE_AFTER.match(text, after)
                                                    and _words()["sample"].search(text, after, min(len(text), after + 16))):
        return True  # "パスワード：example123（サンプル）", "clave: Hola2024 (ejemplo)"
    return kind != "api key" and len(value) <= 32 and not checksums.luhn_card(value) and named_reference() \
        and reference_value(text, s, e)


#: After a document's name (and its number's word): a purpose and up to three words, then a copula or
#: a colon ("passport number for the cruise booking is …", "Ausweisnummer für die Buchung: …").
_FOR_A_PURPOSE = re.compile(
    r"(?i)^\s*(?:for|para|pour|für|fürs|per|voor|для|dla|untuk|kwa|cho|za|a|ke liye|için)\s+"
    r"(?:[^\W\d_][\w'’-]*\s+){0,3}?[^\W\d_][\w'’-]*\s*(?:is|es|est|ist|é|è|to|jest|:|=|-|—)?\s*$")


def document_for_a_purpose(text: str, start: int) -> bool:
    """Whether the value at ``start`` is an identity document's, named before a public reference that
    only says what it is for ("passport number for the cruise booking is …"): a booking's word labels
    the value then, not the booking's own number."""
    cut, whole = _clause(text, start)
    pats = _patterns()
    for doc in pats["document"].finditer(whole):
        number = pats["number_after"].match(whole, doc.end())
        rest = whole[number.end() if number else doc.end():]
        if _FOR_A_PURPOSE.match(rest):
            return True
    return False
