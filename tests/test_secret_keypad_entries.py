"""Codes keyed in to operate a thing, Wi-Fi keys named by their label, prices and measures kept."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_secrets


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("If the alarm goes off, key in 6093 on the panel by the stairs.", "6093"),
        ("Die Alarmanlage: zum Ausschalten einfach 6093 eintippen.", "6093"),
        ("Pour désarmer l'alarme du garage, composez 6093 puis OK.", "6093"),
        ("Si suena la alarma, teclea 6093 en el panel.", "6093"),
        ("Quando suona l'allarme premi 6093 sul tastierino.", "6093"),
        ("Jak zawyje alarm, wstukaj 6093.", "6093"),
        ("Если сработает сигнализация, введите 6093.", "6093"),
        ("Als het alarm afgaat, toets 6093 in.", "6093"),
        ("Kassaskåpet öppnar du med 6093.", "6093"),
        ("ドアのキーパッドに6093を入力してください。", "6093"),
        ("门禁输入6093就能进。", "6093"),
        ("도어락에 6093 누르고 들어와.", "6093"),
        ("Hälytyksen saa pois päältä, kun näppäilet 6093.", "6093"),
    ],
)
def test_code_keyed_in_to_operate_a_thing_is_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Guest WLAN: marmalade", "marmalade"),
        ("wifi — raspberryjamjar", "raspberryjamjar"),
        ("Netzwerkschlüssel: kartoffelsalat", "kartoffelsalat"),
        ("our wifi's \"quiet harbour\" if you need it", "quiet harbour"),
        ("raspberryjamjar — that's the wifi password", "raspberryjamjar"),
    ],
)
def test_plain_word_wifi_key_after_its_label_is_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Wifi: excellent, breakfast: good.", "excellent"),
        ("WLAN: kostenlos", "kostenlos"),
        ("WiFi: Fantastic", "Fantastic"),
        ("The padlock cost 2450 at the hardware shop.", "2450"),
        ("The safe weighs 3100 grams and you enter through the back.", "3100"),
        ("Press the buzzer at 0730 and the door opens.", "0730"),
        ("Enter room 2481 by the side door.", "2481"),
    ],
)
def test_states_prices_times_and_rooms_are_kept(text: str, value: str) -> None:
    assert value in redact_secrets(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Il codice del portone giù all'ingresso è 55190#", "55190"),
        ("*90417 opens the bin store, it's a keypad code", "90417"),
        ("The gate code at the entrance is 88142.", "88142"),
        ("El código de la puerta en la entrada es 88142.", "88142"),
    ],
)
def test_starred_keypad_values_and_doors_at_the_entrance_are_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("The gate code 88142 is posted at the entrance for every visitor.", "88142"),
        ("Dial *131*4# for your balance, the code is on the card.", "131"),
        ("Tracking for the door hinges: #55170932", "55170932"),
    ],
)
def test_public_and_service_codes_stay(text: str, value: str) -> None:
    assert value in redact_secrets(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("wifi key meadowlarkpond (the studio one)", "meadowlarkpond"),
        ("the wifi at the allotment shed is green bean trellis all lowercase", "green bean trellis"),
        ("Das WLAN in der Ferienwohnung ist strandkorb möwe, ohne Leerzeichen", "strandkorb möwe"),
    ],
)
def test_wifi_words_with_a_spelling_note_are_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


def test_wifi_talk_without_a_key_stays() -> None:
    text = "remember to change the office wifi password every spring"
    assert redact_secrets(text) == text
