"""The secret filter's sixth round (issue 45): requests not to keep something, phrased as a
different author would (mid-clause, "not for memory:", "forget this once we're done", a short
first turn that announces the next one), in several languages; and the ordinary sentences that
look like them. Every sentence here is written for these tests."""

from __future__ import annotations

import pytest

from fact_memory_graph.forgetting import asks_to_forget, normalise, withheld_turns
from fact_memory_graph.sanitize import redact_secrets


@pytest.mark.parametrize("text", [
    "small thing: don't put this into your memory. my brother is in rehab again",
    "and please don't store any of this anywhere, I owe my landlord three months of rent",
    "quick one, and pls don't keep that in the database — I failed my bar exam",
    "not for your memory: I'm being treated for an eating disorder",
    "this is not for the memory bank - we are separating",
    "delete all of this once this conversation is over: I applied to a rival firm",
    "erase it at the end of our chat, I'm interviewing in Oslo",
    "sabes que, que no se grabe nada de esto: tengo una deuda con Hacienda",
    "bitte nirgends speichern, ich habe eine Abmahnung bekommen",
    "merk dir das bitte nicht — meine Schwester ist in der Psychiatrie",
    "ne le garde pas en mémoire, je suis en instance de divorce",
    "che non si salvi, per favore: ho perso il lavoro",
    "olha, que não se grave isso, estou com depressão",
    "is baat ko save mat karna, mera loan default ho gaya",
    "याद मत रखना, मेरी नौकरी चली गई",
    "อย่าบันทึกนะ ผมเป็นโรคซึมเศร้า",
    "이 내용은 기록하지 말아줘. 나 이혼했어",
    "لا تخزن هذا الكلام، عندي مشكلة مع الشرطة",
    "tylko nie zapisuj tego nigdzie, mam długi w banku",
    "chuyện này chỉ giữa tôi và bạn thôi nha, tôi bị trầm cảm",
    "đừng lưu cái này nhé, tôi đang nợ tiền",
    "우리끼리 이야긴데 나 빚이 있어",
    "будь ласка, не запам'ятовуй: я втратила роботу",
])
def test_a_request_not_to_keep_this_message_anywhere_in_a_clause(text: str) -> None:
    request = asks_to_forget(text)
    assert request is not None and request.target == "this", text
    assert withheld_turns([text]) == [True]


@pytest.mark.parametrize("turns", [
    ["hab was auf dem Herzen, aber bitte nicht speichern", "ich habe Schulden bei meinem Chef"],
    ["I have something to say, but please don't save it anywhere", "I cheated on the exam"],
    ["te digo algo pero que no lo guardes, ¿sí?", "estoy pensando en dejar a mi marido"],
    ["عندي سر بس لا تحفظه", "أنا أبحث عن عمل جديد"],
    ["ちょっと話したいけど記録しないでね", "実は転職を考えてる"],
    ["хочу кое-что рассказать, только не запоминай", "я ухожу с работы"],
])
def test_a_short_first_turn_asking_not_to_keep_announces_the_next(turns: list[str]) -> None:
    assert withheld_turns(turns) == [True, True]


def test_thai_phrases_match_after_nfkc() -> None:
    # NFKC splits Thai sara am ("ำ" -> "ํา"): the phrases are folded the same way as the text
    assert "ํา" in normalise("จำ")
    request = asks_to_forget("อย่าจำเรื่องนี้นะ ผมจะย้ายบ้าน")
    assert request is not None and request.target == "this"


@pytest.mark.parametrize("text", [
    "I don't put it in my notes because I always forget where they are",
    "we never save it to the database before the review",
    "this is not for keeping, it's a loan from my aunt",
    "the receipt is not for records, just for the warranty",
    "ich kann das nicht speichern, die Datei ist zu groß",
    "ich speichere das nicht, der Laptop ist voll",
    "je ne garde pas les tickets de caisse",
    "spero che non si ricordi del mio compleanno",
    "ojalá que no recuerde lo de ayer",
    "main file save nahi kar pa raha, error aa raha hai",
    "อย่าเก็บไว้ในตู้เย็นนะ มันจะแข็ง",
    "لا تسجل في هذا الموقع، إنه مزيف",
    "forget this recipe, the other one is better",
    "don't forget to put this in your calendar",
    "chúng ta gặp nhau giữa trưa nhé",
])
def test_look_alikes_are_not_requests(text: str) -> None:
    request = asks_to_forget(text)
    assert request is None or request.target != "this", (text, request)


@pytest.mark.parametrize(("text", "secret"), [
    # a Latin name glued to a Korean or Japanese particle
    ("결제창에서 CVV는 318 넣었는데 오류가 나", "318"),
    ("アプリのPINは5902だけど忘れそう", "5902"),
    # the names of a card's security code, a lock or a door code in more languages
    ("sikkerhedskoden er 604", "604"),
    ("kontrollsifrene på kortet er 715", "715"),
    ("קוד הכניסה לבניין 4419", "4419"),
    ("كود البوابة 2287 لا تنساه", "2287"),
    ("タブレットのパスコードは640813", "640813"),
    ("the screen lock on my old tablet is 271946", "271946"),
    ("the site keeps asking for the three digit code: 552", "552"),
])
def test_a_code_named_in_more_ways_is_withheld(text: str, secret: str) -> None:
    assert secret not in redact_secrets(text)


@pytest.mark.parametrize("text", [
    "the new level unlocks after 30 quests",
    "CVC는 카드 뒷면에 있는 세 자리 숫자야",
    "the three digit code of the airport is LHR",
    "הקוד של האזעקה נמצא בחוברת",
])
def test_look_alikes_of_codes_are_kept(text: str) -> None:
    assert redact_secrets(text) == text


@pytest.mark.parametrize("text", [
    # a product's, an error's or a car's public number after its label
    "numéro d'article 4471-889 en rupture de stock",
    "the part number is 33-1190-X for the hinge",
    "codice prodotto 8003340012458 sullo scontrino",
    "BSOD again, stop code 0x000000EF",
    "Fahrgestellnummer WDB9066331S123456 steht im Schein",
    "my employee id is EMP120934, where do I see my payslip?",
    # an Indian PIN code next to a place near home
    "mera pin code 400070 hai, yahan koi acha hospital batao",
    "pin code 302017 jaipur me delivery hoti hai?",
])
def test_public_numbers_and_postal_pins_are_kept(text: str) -> None:
    assert redact_secrets(text) == text


@pytest.mark.parametrize(("text", "secret"), [
    ("ghar ke locker ka pin code 719304 hai", "719304"),
    ("my pin is 6620 for the new card", "6620"),
])
def test_a_pin_is_still_withheld(text: str, secret: str) -> None:
    assert secret not in redact_secrets(text)


@pytest.mark.parametrize(("text", "secret"), [
    ("scanned the router's QR: WIFI:S:FlatNine;T:WPA;P:q7Rr!mm2zp;; can I share it?", "q7Rr!mm2zp"),
    ("the cron job runs sshpass -p \"Hx9_tyl2\" scp backup.tgz host:", "Hx9_tyl2"),
    ("nsec1" + "q" * 58 + " is my nostr key", "nsec1" + "q" * 58),
    ("payments use rzp_test_Zk81mQpL0aBc7d in staging", "rzp_test_Zk81mQpL0aBc7d"),
])
def test_credentials_in_a_fixed_shape_are_withheld(text: str, secret: str) -> None:
    assert secret not in redact_secrets(text)


@pytest.mark.parametrize("text", [
    "the cafe's QR says WIFI:S:CafeNoir;T:nopass;; so no password",
    "you can use sshpass -p to pass it on the command line",
])
def test_shapes_without_a_credential_are_kept(text: str) -> None:
    assert redact_secrets(text) == text
