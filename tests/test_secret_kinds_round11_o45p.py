"""Round eleven (o45p): implicit privacy requests across languages and romanisations, the span
they withhold, and ordinary talk that must stay. Every sentence here was written for this test (none
is a corpus item, and none is a training sentence of ``tools/privacy_model/``)."""

from __future__ import annotations

import pytest

from fact_memory_graph.forgetting import asks_to_forget, normalise, withheld_turns

REQUESTS_BESIDE_CONTENT = [
    "usihifadhi hili tafadhali, nimepoteza kazi yangu wiki iliyopita",  # Swahili
    "ne zapisyvay eto pozhaluysta: u menya dolgi po kreditu",  # Russian in Latin letters
    "in o zakhire nakon lotfan: pedaram bimar ast",  # Persian in Latin letters
    "matsajjelsh el kalam dah: ana mesh la2i shoghl",  # Egyptian Arabizi
    "bayni o baynak, akhoya 3ando mashakel fel sho8l",  # Levantine Arabizi
    "ye baat kahin mat likhna please, meri naukri chali gayi",  # romanised Hindi
    "این را ذخیره نکن، بدهی زیادی دارم",  # Persian, the Arabic comma a clause boundary
    "kaydetme lütfen, işten çıkarıldım",  # Turkish
]


@pytest.mark.parametrize("text", REQUESTS_BESIDE_CONTENT)
def test_a_request_in_another_language_or_script_withholds_its_message(text: str) -> None:
    assert withheld_turns([text]) == [True]


def test_the_arabic_comma_and_question_mark_are_clause_boundaries() -> None:
    assert [c for c in normalise("لا تحفظ هذا، أنا مريض؟") if c in ",?"] == [",", "?"]
    assert "?" in normalise("كيف حالك؟") and "." in normalise("यह बात है।")


@pytest.mark.parametrize("thread", [
    ["Mi hermano perdió su trabajo.", "Nadie lo sabe todavía, no lo apuntes por favor.", "¿Cómo lo puedo ayudar?"],
    ["Mon frère a perdu son travail.", "Personne ne le sait encore, ne le note pas.", "Comment l'aider ?"],
    ["Kakak saya kehilangan pekerjaannya.", "Belum ada yang tahu, jangan dicatat ya.", "Gimana cara bantu dia?"],
])
def test_a_request_with_its_reason_takes_the_turn_before(thread: list[str]) -> None:
    assert withheld_turns(thread)[:2] == [True, True]


@pytest.mark.parametrize("thread", [
    ["Kakangu aliniambia ana kisukari.", "Tafadhali usihifadhi hili. Nitamsaidiaje?"],
    ["Kardeşim işini kaybetti.", "Bunu kaydetme lütfen. Ona nasıl yardım edebilirim?"],
    ["My cousin told me she is in debt.", "Please don't store that. How can I help her?"],
])
def test_a_request_followed_only_by_a_question_takes_the_turn_before(thread: list[str]) -> None:
    assert withheld_turns(thread) == [True, True]


def test_a_request_beside_a_new_statement_still_keeps_the_turn_before() -> None:
    # seed 001 R19: the request is about its own message; the earlier turn stays
    assert withheld_turns(["I live in Dundee.", "I love sailing in Oban, but please don't remember that. Is it far?"]) == [
        False, True]


@pytest.mark.parametrize("thread", [
    ["لا تسجل هذا لو سمحت", "أخي خسر عمله"],
    ["usikumbuke hili tafadhali", "dada yangu ana ujauzito"],
])
def test_a_first_turn_that_is_only_a_request_withholds_the_next(thread: list[str]) -> None:
    # the request's own turn holds nothing to keep; a phrase list may also read it as "forget what I
    # said before" (a turn of an earlier session): what matters is that the turn it announces is withheld
    assert withheld_turns(thread)[1] is True


@pytest.mark.parametrize("text", [
    "my birthday is in May, no need to keep it secret",
    "don't rush, building a habit takes time",
    "keep staying curious and believing in your plan",
    "find something that makes you happy and stick with it",
    "yarın için bir hatırlatma oluştur lütfen",
    "my password manager keeps all my logins in one place",
    "we discussed privacy law in class today",
])
def test_ordinary_talk_is_no_request(text: str) -> None:
    assert asks_to_forget(text) is None


@pytest.mark.parametrize("request_turn", [
    "leave that bit out of my profile pls",
    "don't let that end up in your memory",
    "that's not for your records",
    "ma tsa7elsh dah",  # Egyptian Arabizi
    "ye hum dono ke darmiyan rahe",  # romanised Urdu/Hindi
    "lass das bitte aus deinen notizen raus",
])
def test_a_bare_request_after_a_turn_takes_that_turn_back(request_turn: str) -> None:
    assert withheld_turns(["my uncle is in prison", request_turn])[0] is True
