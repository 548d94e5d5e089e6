"""The secret filter's fifth round (issue 45): classes found on the tuning half of a fourth corpus
written apart from the filter. Every value here is made up for these tests (checksums computed)."""

from __future__ import annotations

import pytest

from fact_memory_graph.sanitize import redact_in_context, redact_secrets

TC_KIMLIK = "39192400176"  # valid under python-stdnum's tr.tckimlik, made here
ROUTING = "345826237"  # passes the ABA checksum, made here
BITLOCKER = "129052-448129-499378-042130-115280-709192-026906-176572"  # each group a multiple of 11
HEX_KEY = "0x939124846d2d4115a8ba3d20aac81fb6b407fd96dcc4e2c109a955081c30b8ee"


@pytest.mark.parametrize(("text", "secret"), [
    # a security question in quotes, then its answer after an answer word, a label or a joining word
    ("my secret question at the bank is 'name of your first teacher' and I put Ms. Oyelaran", "Oyelaran"),
    ("pregunta secreta: 'nombre de tu primera mascota' — respondí Canelita", "Canelita"),
    ("câu hỏi bí mật 'món ăn yêu thích' mình ghi là Bún Chả Hà Nội", "Bún Chả"),
    ("Sicherheitsfrage „Name des ersten Haustiers“ — Antwort: Flocke", "Flocke"),
    ("pertanyaan rahasia 'kota kelahiran ibu': Pematangsiantar", "Pematangsiantar"),
    ("security question 'where did your parents meet' = St. Brelade's Bay", "Brelade"),
    ("the security question is 'first concert' - he says Tindersticks", "Tindersticks"),
    # the question without quotes, then "and I wrote"
    ("السؤال السري في البريد: اسم جدي، وكتبت عبد الرزاق", "الرزاق"),
    # "the answer to '<a question>'" without the name of a security question
    ("the answer to 'name of your childhood best friend' on my bank login is Tavish Okoro", "Tavish"),
    # a quoted answer after a question and before "that's my answer"
    ("favourite film? 'Brazil Nights' (no capital N) — that's my answer for the phone company", "Brazil Nights"),
    # a code, an account or an id named after it
    ("738215 is your Acme verification code. Do not share it.", "738215"),
    ("902 114 ist dein Bestätigungscode", "902 114"),
    (f"wait, is {ROUTING} a routing number or the account? account is 88120477315", ROUTING),
    # codes given as a list, each the same way
    ("the gate code is 4471, the garage is 9032", "9032"),
    ("o pin do cartão é 3318, e o de 6 do celular é 640022", "640022"),
    ("front door keypad is 2816, bike room is 7304", "7304"),
    # names in more languages: a Swahili and a Thai code, German TAN forms, an authenticator app
    ("msimbo wa mlango ni 6620, usimwambie mtu", "6620"),
    ("รหัสเอทีเอ็มคือ ๗๒๔๐ นะ", "๗๒๔๐"),
    ("pushTAN 551902 kam eben, ich hab nichts bestellt", "551902"),
    ("my authenticator shows 402 117 but it keeps failing", "402 117"),
    # an id after a Turkish possessive ("TC'si") and an Arabic one ("رقمي القومي")
    (f"babamın TC'si {TC_KIMLIK}, randevu alamıyoruz", TC_KIMLIK),
    ("رقمي القومي 29103150101877 للاستمارة", "29103150101877"),
    # a private key glued to a CJK joining word, or named in Vietnamese
    (f"我的钱包私钥是{HEX_KEY}，帮我导入", HEX_KEY[10:40]),
    (f"khóa bí mật của ví: {HEX_KEY}", HEX_KEY[10:40]),
    # a question without quotes: its answer after "?", a dash, an answer's label, or a quote after the label
    ("Sicherheitsfrage: Lieblingslehrer? Herr Brandtner", "Brandtner"),
    ("güvenlik sorusu: ilk evcil hayvan — Pamukçuk", "Pamukçuk"),
    ("secret question: what was the name of your first school? answer: Hillcrest Primary", "Hillcrest"),
    ("秘密の質問の答えは「ポチタマ」です", "ポチタマ"),
    ("密保问题答案是小白兔", "小白兔"),
    ("my first pet was called Biscuit (that's my security answer)", "Biscuit"),
    # a one-time code as SMS templates write it, a code after a question naming it or set off by commas
    ("G-482913 is your Google verification code", "482913"),
    ("use 882103 to log in to your account", "882103"),
    ("the code for the storage unit? 55190", "55190"),
    ("my debit pin, 8831, please remember it", "8831"),
    ("my pin (6604) just in case", "6604"),
    (f"ウォレットの秘密鍵は{HEX_KEY}です", HEX_KEY[10:40]),
    # bearer codes: a parcel locker's pickup code, a gift card's claim code beside a public word
    ("Packstation Abholcode 390127, kannst du das holen?", "390127"),
    ("gift card claim code: HQ4T-PZ82KW-M7XR", "PZ82KW"),
    # a BitLocker recovery key by its shape, with or without its name
    (f"BitLocker-Wiederherstellungsschlüssel: {BITLOCKER} – wohin damit?", BITLOCKER[14:27]),
    (f"found this on a printout: {BITLOCKER}", BITLOCKER[14:27]),
])
def test_round_five_secret_classes(text: str, secret: str) -> None:
    assert secret not in redact_secrets(text), redact_secrets(text)


@pytest.mark.parametrize(("text", "kept"), [
    # a bank's BIC is public, an account beside it is not (checked below)
    ("what's the SWIFT for Monzo, is it MONZGB2L? the form wants it", "MONZGB2L"),
    # a year range is a period, not an id
    ("mieszkałam w Gdańsku w latach 2009-2014", "2009-2014"),
    ("worked there 1998–2003, then moved", "1998–2003"),
    # the site whose password it is
    ("esqueci a senha do Meu.gov, como recupero?", "Meu.gov"),
    ("perdí la contraseña de Mercadolibre.com.ar otra vez", "Mercadolibre.com.ar"),
    # a number before a word that is no secret's name, or before a public code's name
    ("2019 is the year my pin changed", "2019"),
    ("90210 is my zip code", "90210"),
    ("12345 is your order number", "12345"),
    # a list after a code whose next item has a public label's value
    ("alarm code is 5517, and the flight is 1130 tomorrow", "1130"),
    # a question and its answer that is no security question
    ("the answer to 'how many moons does Mars have' is two, right?", "two"),
    # a quoted answer with no login in sight; a decimal after a question; a public code asked for
    ("my favourite movie? 'Heat' — that's my answer to everything", "Heat"),
    ("the pin on the map? 48.85, 2.35", "48.85"),
    ("what's the area code? 415 I think", "415"),
    ("discount code, WELCOME10, gives 10% off", "WELCOME10"),
    ("what's the password? 2023 was the year I set it", "2023"),
    # a public label asked about, its value after the question mark in the same message
    ("order number? 552-8813907", "552-8813907"),
    # six-digit groups that are not BitLocker's (not multiples of eleven)
    ("order parts 100001-100002-100003-100004-100005-100006-100007-100008", "100001-100002"),
])
def test_round_five_look_alikes_are_kept(text: str, kept: str) -> None:
    assert kept in redact_secrets(text), redact_secrets(text)


def test_an_account_beside_a_bic_is_still_withheld() -> None:
    text = "BIC MONZGB2L, account number 40771295"
    out = redact_secrets(text)
    assert "MONZGB2L" in out and "40771295" not in out, out


def test_a_security_answer_in_the_turn_after_the_question_is_read_with_it() -> None:
    before = "setting up my mum's online banking"
    text = "security question 'favourite aunt' — she says Auntie Wambui"
    assert "Wambui" not in redact_in_context(text, before)


def test_an_answer_given_with_a_joining_word_in_the_next_turn_is_still_withheld() -> None:
    # the dash after the answer ends it; it does not start a second answer
    before = "security question: mother's maiden name"
    text = "it's Okonkwo-Bell — remember that for the bank"
    assert "Okonkwo" not in redact_in_context(text, before)
    assert "Okonkwo" not in redact_secrets("security question: first pet, it's Pickles — don't forget it")
