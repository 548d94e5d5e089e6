"""A code whose sentence says it is public.

A gate code printed on the sign at the entrance, a door code "that is not secret", a lockbox code
the listing gives every guest: the message itself states that the value is public. The grammar read
here: a public statement ("public", "everyone knows", "posted on the noticeboard", "not a secret",
in ~30 languages; words as data in assets/public_statements.json) in the value's own sentence
or the next one, not negated ("not public", "不公开", "비공개", "öffentlich ist er nicht"), and no
sign of a secret kept in the same window (private, don't share, nobody, a bank, a card, a login,
a phone's or a password's name). Only short codes are read this way: a card number, a key, an
account, an id or a seed phrase stays withheld whatever the sentence says.

Cost: one compiled search over the message (the pre-check) when it holds spans; the rest only
when a public statement is present.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

Span = tuple[int, int, str]

_ASSET = Path(__file__).resolve().parent.parent / "assets" / "public_statements.json"
_LETTER_BEFORE, _LETTER_AFTER = r"(?<![^\W\d_])", r"(?![^\W\d_])"
_UNSPACED = re.compile(r"[\u0e00-\u0e7f\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")
#: Kinds never read as a public code, whatever the sentence says.
_NEVER = ("card", "api key", "iban", "account", "seed", "private key", "government", "tax", "personal id",
          "passport", "national", "bank", "wallet", "token", "secret key")
_VALUE_MAX = 24
_SENTENCE_END = re.compile(r"[.!?;](?=\s|$)|[。！？\n]")


def _alt(words: list[str], end: bool = True) -> str:
    """The words as one alternation, longest first: a word of a spaced script whole (its edges
    tested once for the whole group, not once per word at every position: cost only)."""
    unspaced, spaced = [], []
    for w in sorted(set(words), key=len, reverse=True):
        (unspaced if _UNSPACED.match(w) else spaced).append(re.escape(w))
    parts = [*unspaced]
    if spaced:
        parts.append(_LETTER_BEFORE + "(?:" + "|".join(spaced) + ")" + (_LETTER_AFTER if end else ""))
    return "|".join(parts)


def _code_list_names() -> list[str]:
    return list(json.loads((_ASSET.parent / "secret_words.json").read_text(encoding="utf-8"))["code_lists"])


@lru_cache(maxsize=1)
def _patterns() -> dict[str, re.Pattern[str]]:
    data = json.loads(_ASSET.read_text(encoding="utf-8"))
    return {
        "public": re.compile(f"(?i){_alt(data['public'])}"),
        "not_secret": re.compile(f"(?i){_alt(data['not_secret'])}"),
        "negated": re.compile(rf"(?i)(?:(?:^|[^\w'])(?:{'|'.join(map(re.escape, data['negators']))})"
                              rf"(?:\s+\w+){{0,2}}\s*$|[不非没未비]\s?$|n't(?:\s+\w+){{0,2}}\s*$"
                              # "don't write it on the whiteboard", "never put it on the wall": a bidding not to post it
                              rf"|(?:n't|n’t|(?<![^\W\d_])dont|(?<![^\W\d_])never)\s+(?:write|put|post|stick|pin|leave|tape)"
                              rf"(?:\s+\w+){{0,3}}\s*$)"),
        "not_after": re.compile(f"(?i)^.{{0,10}}(?:{'|'.join(map(re.escape, data['not_after']))})", re.S),
        "noun_after": re.compile(rf"(?i)^\s+(?:{'|'.join(map(re.escape, data['public_nouns_after']))})"
                                 rf"{_LETTER_AFTER}"),
        # a set of codes' name ("backup codes", "yedek kodlar") is a secret's too: "… girişte" is then a login's
        "blocker": re.compile(f"(?i){_alt(data['blockers'] + _code_list_names(), end=False)}|{_alt(data['contrast'])}"),
        "password": re.compile(f"(?i){_alt(data['password_names'], end=False)}"),
        "own": re.compile(f"(?i){_alt(data['own_words'])}"),
        "entrance": re.compile(f"(?i)^(?:{_alt(data['entrance_places'])})$"),
        # "the door code at the entrance", "Türcode unten am Eingang": where the door is, not where a
        # code is posted — a door's or a code's name, up to two words (no digit, no verb of posting) before
        "door_before": re.compile(rf"(?i)(?:{_alt(data['door_nouns'])})(?:\s+[^\W\d_]+){{0,2}}?\s*$"),
        "located": re.compile(f"(?i)^(?:{_alt(data['located_places'])})$"),
        "holder": re.compile(f"(?i){_alt(data['holders'])}"),
    }


@lru_cache(maxsize=1)
def _gate() -> tuple[frozenset[str], tuple[str, ...]]:
    """The longest word of every statement (spaced scripts) and the unspaced statements whole."""
    data = json.loads(_ASSET.read_text(encoding="utf-8"))
    words, unspaced = set(), []
    for phrase in (*data["public"], *data["not_secret"]):
        if _UNSPACED.search(phrase):
            unspaced.append(phrase.lower())
        else:
            words.add(max(_WORD.findall(phrase.lower()), key=len))
    return frozenset(words), tuple(unspaced)


_WORD = re.compile(r"\w+")


def hint(text: str) -> bool:
    """Whether ``text`` may hold a public statement (the cheap pre-check: a set lookup per word)."""
    words, unspaced = _gate()
    low = text.lower()
    if not words.isdisjoint(_WORD.findall(low)):
        return True
    return not low.isascii() and any(u in low for u in unspaced)


def _window(text: str, start: int, end: int) -> tuple[int, int]:
    """The value's sentence and the one after it."""
    lo = 0
    for m in _SENTENCE_END.finditer(text, 0, start):
        lo = m.end()
    hi = len(text)
    for seen, m in enumerate(_SENTENCE_END.finditer(text, end), 1):
        hi = m.end()
        if seen == 2:
            break
    return lo, hi


def _blanked(text: str, spans: list[tuple[int, int]]) -> str:
    """``text`` with each span replaced by as many blanks, in one pass (spans may overlap)."""
    parts, at = [], 0
    for a, b in sorted(spans):
        if b <= at:
            continue
        a = max(a, at)
        parts += [text[at:a], " " * (b - a)]
        at = b
    parts.append(text[at:])
    return "".join(parts)


_POSTED = re.compile(r"(?i)(?<![^\W\d_])(?:posted|written|displayed|shown|printed|hangs|hanging|steht|hängt|angeschlagen|affiché|écrit"
                     r"|escrito|pegado|publicado|scritto|affisso|כתוב|תלוי|står|henger|hænger)(?![^\W\d_])")


def _states_public(text: str, lo: int, hi: int) -> bool:
    p = _patterns()
    window = text[lo:hi]
    blanks: list[tuple[int, int]] = [m.span() for m in p["not_secret"].finditer(window)]
    for m in p["public"].finditer(window):
        before = window[max(0, m.start() - 24):m.start()]
        if p["negated"].search(before) or p["not_after"].search(window[m.end():m.end() + 14]):
            return False  # "not public", "öffentlich ist er nicht"
        if p["noun_after"].match(window, m.end()):
            continue  # "public transport", "public wifi"
        if _A_NAME.match(window, m.start()) and window[:m.start()].rstrip()[-1:] not in ("", ".", "!", "?", ":", "\n", "\"", "'"):
            continue  # "the gate code at Public Storage on Main St is …": a firm's name in capitals mid-sentence
        if p["entrance"].match(m.group()) and p["door_before"].search(window[max(0, m.start() - 40):m.start()]) \
                and not _POSTED.search(window[max(0, m.start() - 40):m.start()]):
            continue
        if p["located"].match(m.group()) and p["holder"].search(window, 0, m.start()) \
                and not _POSTED.search(window[max(0, m.start() - 40):m.start()]):
            continue  # "the lockbox … it's on the wall", "the ipad at the front desk unlocks with …": where it stands
        blanks.append(m.span())
    if not blanks:
        return False
    rest = _blanked(window, blanks)
    if p["blocker"].search(rest):
        return False
    # a password's name: one posted for a place ("the cafe's wifi password is on the chalkboard",
    # "kapı şifresi kapıda yazıyor"), never one's own ("my wifi password … everyone knows it")
    return not (p["password"].search(rest) and p["own"].search(rest))


def without_public_codes(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` without the short codes their sentence says are public (see the module's note)."""
    if not spans or not hint(text):
        return spans
    out = []
    said: dict[tuple[int, int], bool] = {}  # spans of one sentence share its window: read it once
    for sp in spans:
        start, end, kind = sp
        value = text[start:end].split()[-1] if text[start:end].split() else ""  # "… en la pizarra: X": X
        if len(value) <= _VALUE_MAX and "@" not in value and not any(k in kind for k in _NEVER):
            window = _window(text, start, end)
            if window not in said:
                said[window] = _states_public(text, *window)
            if said[window]:
                continue
        out.append(sp)
    return out


@lru_cache(maxsize=1)
def _talk() -> tuple[re.Pattern[str], re.Pattern[str], frozenset[str], re.Pattern[str]]:
    data = json.loads(_ASSET.read_text(encoding="utf-8"))
    return (re.compile(f"(?i){_alt(data['storage'], end=False)}"),
            re.compile(f"(?i){_alt(data['keychains'], end=False)}"),
            frozenset(t.lower() for t in data["tools"]),
            re.compile(f"(?i)^(?:{_alt(data['clause_heads'])})\\s"))


_IN = re.compile(r"(?i)(?:in|on|en|em|no|na|dans|im|nel|nella|w|в|у|在|存在|都存在)\s")


def _kept_in(value: str, tools: frozenset[str], keychain: re.Pattern[str]) -> bool:
    """A phrase that begins with where a password is kept: a tool, a keychain, "in …"."""
    first = value.split()[0].lower()
    return first in tools or bool(keychain.match(value) or _IN.match(value))


#: A capitalised word and a capitalised word after it: a name ("Public Storage", "Public Library"), not a statement.
_A_NAME = re.compile(r"[A-ZÀ-ÖØ-Þ][^\W\d_]*[ \u00a0]+[A-ZÀ-ÖØ-Þ][^\W\d_]+")
_COPULA = re.compile(r"(?i)(?:(?<![^\W\d_])(?:is|es|est|ist|é|è|era|was|lautet|это|to|jest|adalah|là)\s*|[:=是は는은])\s*$")
_LETTER = re.compile(r"[^\W\d_]")
_DIGIT = re.compile(r"\d")


def _mixed(value: str) -> bool:
    """A token of four characters or more holding a letter and a digit. (Written as one pattern —
    two lookaheads over the rest of the token at every position — it was quadratic on a long
    value without spaces: 2 s on a crafted 1,500-character turn.)"""
    return any(len(t) >= 4 and _LETTER.search(t) and _DIGIT.search(t) for t in value.split())


def without_password_talk(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` without a password's "value" that is talk about one: where it is kept ("パスワードは
    Apple のキーチェーンに保存してる", "密码都存在 iCloud 钥匙串里"), a password tool's name, a clause
    ("troquei a senha depois que fui hackeada"). A token of letters and digits keeps the span."""
    if not spans:
        return spans
    storage, keychain, tools, clause = _talk()
    out = []
    for sp in spans:
        start, end, kind = sp
        value = text[start:end].strip()
        if kind == "password" and value and not _mixed(value) and (
                value.lower().strip(".,!?") in tools and keychain.match(text[end:end + 12].lstrip())
                or "," not in value and _kept_in(value, tools, keychain) and (storage.search(value) or keychain.search(value))
                or clause.match(value) and not _COPULA.search(text, max(0, start - 14), start)):
            continue
        out.append(sp)
    return out


_SECRET_WORDS = _ASSET.parent / "secret_words.json"
_POSTAL_VALUE = re.compile(r"\d{3}[- ]?\d{2,4}|\d{5,6}")


@lru_cache(maxsize=1)
def _unspaced_postal() -> tuple[str, ...]:
    """The postal code's names written without spaces around them (Thai, Chinese, Japanese, Korean)."""
    words = json.loads(_SECRET_WORDS.read_text(encoding="utf-8"))["postal"]
    return (*(w for w in words if _UNSPACED.search(w)), "〒")


def without_unspaced_postal(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` without a postal code named in a script without spaces, where a word-bounded
    name is not found ("รหัสไปรษณีย์บ้านใหม่ 10110", "〒150-0041")."""
    if not spans or text.isascii():
        return spans
    names = [w for w in _unspaced_postal() if w in text]
    if not names:
        return spans
    out = []
    for sp in spans:
        start, end, _kind = sp
        before = text[max(0, start - 40):start]
        ends = [before.rfind(w) + len(w) for w in names if w in before]
        gap = before[max(ends):] if ends else ""
        if ends and len(gap) <= 14 and not re.search(r"\d", gap) and _POSTAL_VALUE.fullmatch(text[start:end].strip()):
            continue
        out.append(sp)
    return out


#: A wallet's receiving address by its shape: an EVM address (0x and 40 hex digits; a key has 64),
#: a TRON address, a bech32 or a legacy Bitcoin address.
_ADDRESS = re.compile(r"(?<![\w/+=])(?:0x[0-9a-fA-F]{40}|T[1-9A-HJ-NP-Za-km-z]{33}|bc1[ac-hj-np-z02-9]{11,71}"
                      r"|[13][1-9A-HJ-NP-Za-km-z]{25,34})(?![\w/+=])")
_ADDRESS_NAME = re.compile(r"(?i)(?:address|addr|direcci[oó]n|adresse|endere[cç]o|indirizzo|adres|адрес|アドレス|주소"
                           r"|地址|địa chỉ|alamat|عنوان|पता|ที่อยู่|receive|receiving|deposit|recibir|receber|recevoir"
                           r"|empfang|ricevere|收款|充值|入金|입금|wallet|cartera|carteira|portefeuille|wallet|кошел)")
_KEY_NAME = re.compile(r"(?i)(?:private|priv|secret|seed|mnemonic|key|clave|chave|clé|schlüssel|ключ|密钥|私钥|秘密鍵"
                       r"|개인\s?키|token|password|contraseña|senha)")


def without_public_addresses(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` without what lies inside a wallet's receiving address named as one ("mi dirección
    pública de USDT (TRC20) es T…", "入金アドレスは 0x…", the digits of "0x5290840009852788…" read as a
    card): an address receives; the key that spends from it is the secret, and a key's name in the
    sentence before the address keeps it withheld."""
    if not spans or not _ADDRESS.search(text):  # the cheap pre-check: an address's shape
        return spans
    out = []
    for sp in spans:
        start, end, _kind = sp
        inside = next((m for m in _ADDRESS.finditer(text, max(0, start - 45), min(len(text), end + 45))
                       if m.start() <= start and end <= m.end()), None)
        if inside is not None:
            lo, _hi = _window(text, inside.start(), inside.end())
            before = text[max(lo, inside.start() - 60):inside.start()]
            if _ADDRESS_NAME.search(before) and not _KEY_NAME.search(before):
                continue
        out.append(sp)
    return out


#: A stem of every loyalty card's name (assets ``loyalty_cards``): the pre-check.
_LOYALTY_STEMS = ("loyal", "member", "reward", "point", "club", "librar", "frequent", "store card", "supermarket",
                  "bonus", "ბონუს", "union", "sindical", "gewerkschaft", "związkow", "nectar", "payback", "miles", "fidél", "fidel", "puntos", "socio", "bibliot", "cliente",
                  "fedeltà", "tessera", "kunden", "treue", "mitglied", "klanten", "spaar", "leden", "lojal", "stałego",
                  "członk", "лояльн", "бонус", "дисконт", "клубн", "читател", "sadakat", "üyelik", "müşteri", "会员",
                  "积分", "会員", "ポイント", "멤버십", "포인트", "회원", "anggota", "poin", "thành viên", "tích điểm",
                  "लॉयल्टी", "मेंबरशिप", "الولاء", "العضوية", "النقاط", "uanachama", "sócio", "membre", "adhérent",
                  # a scheme's own name ("boots advantage card", "lidl plus card", "Avios", "Flying Blue", "Ponta")
                  "advantage", "lidl", "avios", "flying blue", "skywards", "executive club", "mileage", "skymiles",
                  "krisflyer", "aeroplan", "hhonors", "bonvoy", "deutschlandcard", "ikea family", "cumulus",
                  "supercard", "fidaty", "carrefour", "waitrose", "sparks", "leclerc", "auchan", "smiles", "latam",
                  "livelo", "multiplus", "iberia", "millemiglia", "eurobonus", "plussa", "etukortti", "biedronka",
                  "żappka", "пятёрочк", "перекрёст", "спасибо", "waon", "nanaco", "ポイント", "ponta", "cashbag",
                  "cj one", "l.point", "happy point", "socio", "numéro de membre", "lidmaatschap",
                  # round twenty-seven (t58c): more languages' cards and members' numbers
                  "membru", "μέλ", "πόντ", "επιβράβ", "πιστότ", "πελάτ", "klubow", "continente", "poupa", "cartão cliente",
                  "cartão de cliente", "člensk", "věrnost", "zákaznick", "hűség", "törzsvásárl", "tagsági", "kanta-asiakas",
                  "jäsen", "medlem", "kundekort", "stamkund", "bonuskort", "üye", "постоянного клиента", "участника",
                  "лояльн", "постійного", "клубна", "hội viên", "loyalitas", "keahlian", "uanachama", "חבר", "מועדון",
                  "عضویت", "باشگاه", "सदस्यता",
                  # round thirty-one (t62b): airlines' schemes pilgrims fly with ("Alfursan number … add miles")
                  "fursan", "الفرسان", "sindbad", "etihad guest", "flying returns", "asante", "egyptair plus",
                  "royal orchid")


@lru_cache(maxsize=1)
def _loyalty() -> re.Pattern[str]:
    return re.compile(f"(?i){_alt(json.loads(_ASSET.read_text(encoding='utf-8'))['loyalty_cards'])}")


_PAYMENT = re.compile(r"(?i)(?:bank|credit|debit|visa|master\s?card|amex|payment|pay with|cvv|cvc|expir|banco|crédito|débito"
                      r"|banque|crédit|kredit|kreditkarte|信用卡|银行|クレジット|신용|кредит|банк)")


def _network_card(digits: str) -> bool:
    """A payment card's number: a card network's prefix, a card's length, the Luhn check."""
    if not 13 <= len(digits) <= 19 or not re.match(r"4|5[1-5]|2[2-7]|3[47]|6(?:011|5|4[4-9]|2)|35|30[0-5]|36|38", digits):
        return False
    total = 0
    for n, ch in enumerate(reversed(digits)):
        d = int(ch) * (2 if n % 2 else 1)
        total += d - 9 if d > 9 else d
    return total % 10 == 0


#: A number's own label before it in the turn after its card's name ("number U-413414", "nº 5521…"):
#: the number alone all the same.
_NUMBER_LABEL = re.compile(r"(?i)(?<![^\W\d_])(?:number|no|nr|num|n[uú]mero|nummer|numer|номер|its|it's|it is)(?![^\W\d_])")


def without_loyalty_numbers(text: str, spans: list[Span], before: str = "") -> list[Span]:
    """``spans`` without a loyalty, membership or library card's number (named in ``text`` shortly
    before it, or in the turn ``before`` when ``text`` is that number alone): a card of points, not of
    payment. A number with a card network's prefix that passes the Luhn check, and a bank's or a
    payment's word, keep it withheld (a co-branded credit card)."""
    if not spans:
        return spans
    low = (text + " " + before).lower()
    if not any(stem in low for stem in _LOYALTY_STEMS):  # the cheap pre-check
        return spans
    pattern = _loyalty()
    if not pattern.search(text) and not (before and pattern.search(before)):
        return spans
    out = []
    for sp in spans:
        start, end, _kind = sp
        digits = re.sub(r"\D", "", text[start:end])
        here = text[max(0, start - 50):start]
        if pattern.search(here):
            context = here
        elif before and pattern.search(before) and not re.search(r"[^\W\d_]{3,}", _NUMBER_LABEL.sub("", text[:start])):
            context = before  # the turn after a loyalty card's name holds the number alone ("number U-413414")
        else:
            out.append(sp)
            continue
        if len(digits) >= 6 and not _network_card(digits) and not _PAYMENT.search(context + text):
            continue
        out.append(sp)
    return out


@lru_cache(maxsize=1)
def _slots() -> tuple[frozenset[str], tuple[str, ...]]:
    data = json.loads(_ASSET.read_text(encoding="utf-8"))
    return frozenset(data["slot_words"]), tuple(data["slot_words_unspaced"])


_CAPS_TEMPLATE = re.compile(r"(?<![\w.\-])[A-ZÀ-ÖØ-Þ0-9]{2,}(?:[._\-+][A-ZÀ-ÖØ-Þ0-9]{2,})+(?![\w\-])"
                            r"|(?<![\w.\-])(?:FIRSTNAME|LASTNAME|USERNAME|YOURNAME|NACHNAME|VORNAME|APELLIDO|SOBRENOME"
                            r"|COGNOME|NAZWISKO|DDMMYYYY|YYYYMMDD|MMDDYYYY)(?![\w\-])")
_UNSPACED_SLOT = re.compile(r"(?<![\w\-])\w+(?:_\w+)+(?![\w\-])")


def without_template_slots(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` without a template's slot: capitals of a form's fields joined by a dot or an
    underscore ("FIRSTNAME.LASTNAME", "NOMBRE_APELLIDO", "DDMMYYYY"), or a slot in a script
    without spaces ("여기에_키_입력", "在此_输入_密钥")."""
    if not spans:
        return spans
    words, unspaced = _slots()
    found: list[tuple[int, int]] = []
    if re.search(r"[A-Z]{2}", text):
        for m in _CAPS_TEMPLATE.finditer(text):
            parts = re.split(r"[._\-+]", m.group())
            if all(p in words or p.isdigit() and len(p) <= 2 for p in parts) and not all(p.isdigit() for p in parts):
                found.append(m.span())
    if "_" in text and not text.isascii():
        for m in _UNSPACED_SLOT.finditer(text):
            if any(w in m.group() for w in unspaced):
                found.append(m.span())
    if not found:
        return spans
    return [sp for sp in spans if not any(a <= sp[0] < b for a, b in found)]  # a value that starts in a slot


_MASK_AFTER = re.compile(r"[ \-.]?(?:[*•●Xx]{2,}[ \-.]?){2,}")


def without_masked_heads(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` without the head a masked value shows before its mask ("DE89 **** **** **** **30",
    "4539 **** **** 1234"): at most six letters and digits, then two mask groups or more."""
    if not spans or ("**" not in text and "••" not in text and "XX" not in text and "xx" not in text):
        return spans
    out = []
    for sp in spans:
        start, end, _kind = sp
        value = re.sub(r"[\W_]", "", text[start:end])
        if len(value) <= 6 and _MASK_AFTER.match(text, end):
            continue
        out.append(sp)
    return out
