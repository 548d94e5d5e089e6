"""Values that are public by what they are, whatever name stands before them.

- A test number: a card's, an IBAN's or an id's digits of one or two figures only
  ("4111 1111 1111 1111", "5555 5555 5555 4444", "DE00 0000 0000 0000 0000 00") on a line that
  says it is for testing (a sandbox, QA, an example, a placeholder). Documentation and payment
  sandboxes publish such numbers (ten digits or more; a PIN of four equal figures is still a PIN).
- A template's slot in lower case or in any language's capitals: "changeme", "replace-with-a-random-string",
  "your-api-key-here", "TU_CONTRASEÑA", "VOTRE_MOT_DE_PASSE" (the English capitals are
  ``forms.without_placeholders``).
"""

from __future__ import annotations

import re

from fact_memory_graph.secrets import forms

Span = tuple[int, int, str]

#: The kinds a number of one or two figures is a test value of.
_NUMBER_KINDS = frozenset({"card number", "bank account", "government id"})


def test_number(value: str) -> bool:
    """Ten digits or more, of at most two different figures: a sandbox's or a form's example."""
    digits = re.sub(r"\D", "", value)
    return len(digits) >= 10 and len(set(digits)) <= 2


#: A slot's words in lower case, joined by "-" or "_": a value to be replaced, not a value (English
#: only: "tu-casa-verde" may well be a Spanish passphrase; other languages' slots are written in capitals).
_LOWER_SLOT = re.compile(
    r"(?i)(?<![\w\-])(?:change[\-_]?me|replace[\-_]?me|replace[\-_](?:with|this|by)[\w\-]*|your[\-_][\w\-]+"
    r"|insert[\-_][\w\-]+|[\w\-]+[\-_]here|put[\-_][\w\-]+|x{4,}|placeholder[\w\-]*|dummy[\w\-]*"
    r")(?![\w\-])")
#: An identifier in capitals of any script (letters beyond A-Z too) with a "your" of its language
#: or a secret's name in it: "TU_CONTRASEÑA", "VOTRE_MOT_DE_PASSE", "DEIN_PASSWORT", "SUA_SENHA".
_SNAKE = re.compile(r"(?<![\w\-])[^\W\d_a-zß-ÿ][^\W_a-zß-ÿ]*(?:_[^\W_a-zß-ÿ]+)+(?![\w\-])")
_SNAKE_WORD = re.compile(
    r"(?:^|_)(?:TU|SU|VOTRE|TON|DEIN|DEINE|IHR|IHRE|SEU|SUA|TUO|TUA|UW|JOUW|TWÓJ|TWOJ|TWOJE|SENIN|ВАШ|ВАШ[А-Я]*|TVŮJ"
    r"|DIN|DITT|CONTRASEÑA|CONTRASENA|CLAVE|USUARIO|MOT|PASSE|PASSWORT|KENNWORT|BENUTZER|SENHA|USUÁRIO|UTENTE"
    r"|WACHTWOORD|GEBRUIKER|HASŁO|HASLO|ŞIFRE|SIFRE|ПАРОЛЬ|ТОКЕН|CLÉ|CLE|CHAVE|CHIAVE|SCHLÜSSEL|AQUI|ICI|HIER|QUI"
    r"|HERE|YOUR)(?:_|$)")

HINT = re.compile(r"(?i)change[\-_]?me|replace|[\-_]here\b|x{4}|placeholder|dummy|(?-i:[^\W\d_a-z]_[^\W\d_a-z])"
                  r"|your[\-_]|insert[\-_]|put[\-_]")


def without_slots(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` without those whose value is or starts with a template's slot (see the module's note)."""
    regions = [m.span() for m in _LOWER_SLOT.finditer(text)]
    regions += [m.span() for m in _SNAKE.finditer(text) if _SNAKE_WORD.search(m.group())]
    return forms.outside_regions(text, spans, regions)


#: Words saying a number is for testing: a sandbox's, a QA team's, a form's sample. Without one,
#: "my card is 4111 1111 1111 1111" is read as the user's card (the project's own corpus).
_TESTING = re.compile(
    r"(?i)(?<![^\W\d_])(?:test\w*|sandbox|qa|staging|dummy|fake|sample|example|docs|documentation|placeholder"
    r"|stripe|adyen|braintree|paypal|prueba\w*|ejemplo|documentación|marcador|teste\w*|exemplo|documentação"
    r"|esempio|segnaposto|collaudo|exemple|factice|beispiel\w*|platzhalter|voorbeeld|przykład\w*|testow\w*"
    r"|пример\w*|тест\w*|örnek|contoh|ví dụ)(?![^\W\d_])|テスト|サンプル|테스트|예시|测试|示例|样例")


def without_test_numbers(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` without a card's, an account's or an id's test number (see the module's note)
    when its line says it is for testing."""
    out = []
    for sp in spans:
        if sp[2] in _NUMBER_KINDS and test_number(_whole_number(text, sp[0], sp[1])):
            a, b = text.rfind("\n", 0, sp[0]) + 1, text.find("\n", sp[1])
            if _TESTING.search(text, a, len(text) if b < 0 else b):
                continue
        out.append(sp)
    return out


_RUN_BEFORE = re.compile(r"[\dA-Z][\dA-Z \u00a0.\-]*$")
_RUN_AFTER = re.compile(r"[\dA-Z \u00a0.\-]*[\dA-Z]")


def _whole_number(text: str, start: int, end: int) -> str:
    """The value at ``text[start:end]`` with the groups of digits written on either side of it (a
    span may hold one group of a number: "4242 4242 4242 [4242]")."""
    head = _RUN_BEFORE.search(text, max(0, start - 40), start)
    tail = _RUN_AFTER.match(text, end, min(len(text), end + 40))
    return (head.group() if head else "") + text[start:end] + (tail.group() if tail else "")


#: India's IFSC (a bank branch's code, printed on every cheque: four letters, a zero, six letters
#: or digits), public as a BIC is.
_IFSC = re.compile(r"[A-Z]{4}0[A-Z0-9]{6}")
#: "Ending in", "last four" in the languages of the corpora, right before four digits: a card's or
#: an account's last four, printed on every receipt.
_ENDING = re.compile(
    r"(?i)(?:\bending(?: in| with)?|\bends (?:in|with)|\blast (?:four|4)(?: digits)?(?: are| is)?|termina(?:da)? en|terminada em"
    r"|termina(?:ndo)? (?:em|con|in)|se termine par|finissant par|endet auf|endend auf|finisce (?:con|per)|eindigend op"
    r"|eindigt op|kończy się na|kończąca się na|заканчивается на|оканчивается на|bitiyor|ile biten|末尾|下4桁|尾号|끝자리"
    r")\W{0,3}$")


#: A bank's or a branch's code named (SWIFT/BIC, routing, ABA, sort code, BSB, transit, IFSC, clearing, a
#: bank's code) right before a value, at most two words between: printed on every cheque and web page.
_BANK_CODE_NAME = re.compile(
    r"(?i)(?<![^\W\d_])(?:swift|bic|routing|aba|sort[\s\-]?code|bsb|transit|ifsc|clearing(?:nummer)?|bank[\s\-]?code"
    r"|bankleitzahl|blz|code banque|code guichet|c[oó]digo (?:del )?banco|c[oó]digo swift|kod swift|kode swift"
    r"|mã swift|mã ngân hàng|kode bank|kod bank|銀行コード|支店番号|은행코드|银行代码|رمز السويفت|קוד בנק)"
    r"(?![^\W\d_])(?:\s*(?:de la|del|da|do|of the|of|for the|for|de|des|du|ngân hàng|bank|banque|banco|the)){0,2}"
    r"\s*(?:number|no\.?|#|nr\.?|num[eé]ro|n[uú]mero)?\s*(?:is|es|est|ist|é|:|=|-)?\s*$")
#: A code's shapes: a BIC, 6 or 9 digits (in groups of two or three), a BSB, a transit-institution pair.
_BANK_CODE_VALUE = re.compile(r"[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?|\d{2}[\s\-]?\d{2}[\s\-]?\d{2}|\d{9}|\d{3}[\s\-]?\d{3}"
                              r"|\d{5}[\s\-]\d{3}")
#: What gives an account (a word of one, or a second long number) or only part of a value ("the rest").
_ACCOUNT_BESIDE = re.compile(
    r"(?i)(?<![^\W\d_])(?:acc(?:oun)?t|a/c|konto|cuenta|compte|conta|conto|rekening|akaun|hesap|tài khoản|счет|счёт"
    r"|rachunek|iban|clabe|the rest|rest of|other half|part|口座|계좌|账户|帳戶|حساب|חשבון)")
_LONG_NUMBER = re.compile(r"\d(?:[\s\-]?\d){4,}")


def _bank_code_alone(text: str, s: int, e: int) -> bool:
    """A bank's or a branch's code named as one with no account in the message: "swift 29-92-39", "BIC de la
    banque 044814692", "routing number 021000021" — public, as docs/privacy.md decides; with an account's
    word or a second long number beside it, the pair stays withheld."""
    value = text[s:e].rstrip()
    code = re.search(rf"(?:{_BANK_CODE_VALUE.pattern})$", value)
    if not code or re.search(r"\d", value[:code.start()]) or len(value[:code.start()].split()) > 3:
        return False  # the span may hold the name's last words ("BIC de [la banque 044814692]")
    at = s + code.start()
    if not _BANK_CODE_NAME.search(text[max(0, at - 40):at]):
        return False
    rest = text[:s] + " " + text[e:]
    return not (_ACCOUNT_BESIDE.search(rest) or _LONG_NUMBER.search(rest))


def without_public_bank_parts(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` without a branch's IFSC, a bank's code named alone and a card's or an account's last
    four digits after "ending in" (see the notes above)."""
    out = []
    for s, e, k in spans:
        value = text[s:e].strip()
        if k == "bank account" and (_IFSC.fullmatch(value) or _bank_code_alone(text, s, e)):
            continue
        if k in ("card number", "bank account") and re.fullmatch(r"\d{4}", value) \
                and _ENDING.search(text, max(0, s - 30), s):
            continue
        out.append((s, e, k))
    return out
