"""Round thirty-one (t62c): passphrases by their names, look-alikes near a secret someone else holds, parts and
values named by the turn after, and the leftovers of round thirty — each form in several languages."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_turns


@pytest.mark.parametrize(("text", "value"), [
    ("de wachtzin voor mijn kluis-app is violet-marmalade-walrus-saffron", "violet-marmalade-walrus-saffron"),
    ("salalause on orbit-walrus-pickle-velvet, älä hukkaa", "orbit-walrus-pickle-velvet"),
    ("keepass unlock phrase violet-pickle-orbit-granite", "violet-pickle-orbit-granite"),
    ("la frase de contraseña del gestor es tigre-nube-limón-vela", "tigre-nube-limón-vela"),
    ("ma phrase de passe KeePass : lampe-orage-cerise-piano", "lampe-orage-cerise-piano"),
    ("fraza hasła do sejfu: burza-jabłko-rower-młyn", "burza-jabłko-rower-młyn"),
    ("парольная фраза от менеджера: береза-окно-кот-лампа", "береза-окно-кот-лампа"),
    ("パスフレーズは sakura-kawa-yama-tori です", "sakura-kawa-yama-tori"),
])
def test_a_passphrase_after_its_name_is_withheld(text: str, value: str) -> None:
    assert value not in redact_turns([text])[0]


@pytest.mark.parametrize(("text", "value"), [
    ("o código do portão está com o porteiro do apartamento 328C", "328C"),
    ("код домофона знает консьерж, квартира 401B", "401B"),
    ("رمز الباب عند الحارس، شقة 240D", "240D"),
    ("la clave del portal la tiene el conserje, vive en el 825", "825"),
    ("暗証番号はあとで送ります、部屋は637号室", "637"),
    ("den Türcode hat der Hausmeister, Wohnung 14", "Wohnung 14"),
    ("le code de l'immeuble, c'est la gardienne qui l'a, appartement 23", "appartement 23"),
    ("门禁密码在门卫那里，房间 1203", "1203"),
    ("비밀번호는 경비실에 있어요, 302호", "302호"),
    ("the gate code is with the doorman, flat 12B", "12B"),
    ("safe deposit box 1862 at the Main St branch", "1862"),
    ("mi caja de seguridad nº 2231 en el Santander", "2231"),
])
def test_a_flat_or_a_box_number_beside_a_secret_held_elsewhere_is_kept(text: str, value: str) -> None:
    assert value in redact_turns([text])[0]


@pytest.mark.parametrize(("text", "value"), [
    ("el código del apartamento es 4417", "4417"),
    ("the concierge gave me the code: 4417", "4417"),
    ("safe deposit box code at the branch is 02179", "02179"),
    ("the safe 4471", "4471"),
])
def test_a_code_named_with_a_flat_or_a_box_stays_withheld(text: str, value: str) -> None:
    assert value not in redact_turns([text])[0]


@pytest.mark.parametrize(("text", "value"), [
    ("şifre sıfırlama talebi 779718426", "779718426"),
    ("비밀번호 변경 요청 번호 469659429", "469659429"),
    ("password reset request 58213377, they said 2 days", "58213377"),
    ("PIN-Reset Anfrage 99213871", "99213871"),
    ("the door code changed, ask the front desk, they have my file CR30871181", "CR30871181"),
    ("PIN baru dikirim ke nomor 0161 496 0545", "0161 496 0545"),
    ("the new PIN was sent to 0161 496 0545", "0161 496 0545"),
    ("le nouveau code PIN est envoyé au 06 12 34 56 78", "06 12 34 56 78"),
    ("o app mostra cartão final •••• 3604", "3604"),
    ("the app shows card ending **** 3604", "3604"),
    ("the bank says the memorable word must be 6-15 letters", "6-15"),
    ("das Passwort muss mindestens 10 Zeichen haben", "10 Zeichen"),
])
def test_a_request_a_line_a_masked_tail_or_a_rule_near_a_secret_is_kept(text: str, value: str) -> None:
    assert value in redact_turns([text])[0]


@pytest.mark.parametrize(("text", "value"), [
    ("call me, my PIN number is 0161 496 0398", "0161 496 0398"),
    ("the app shows code 3604", "3604"),
    ("my password is Tiger 6-15 letters", "Tiger"),
    ("ключ вайфаю ciocolataphoenixoceanrosa", "ciocolataphoenixoceanrosa"),
    ("ключ від вайфаю: sonyachnyidim", "sonyachnyidim"),
    ("ключ от вайфая marmeladkot", "marmeladkot"),
    ("słowo-klucz do banku Mombasa", "Mombasa"),
    ("moje słowo klucz w banku: Zanzibar", "Zanzibar"),
    ("baasaboorkayga lambarkiisu waa I0144618", "I0144618"),
    ("O246-4478-3191 that's my DL", "O246-4478-3191"),
])
def test_secrets_by_their_names_in_more_languages_are_withheld(text: str, value: str) -> None:
    assert value not in redact_turns([text])[0]


def test_a_keyword_of_a_book_is_no_bank_word() -> None:
    assert "miłość" in redact_turns(["słowo-klucz tej książki to miłość"])[0]


@pytest.mark.parametrize(("turns", "value"), [
    (["Mama", "1970# <- thats the rest of the password, the first part was above"], "Mama"),
    (["Mama", "1970# <- thats the rest of the password, the first part was above"], "1970#"),
    (["Tiger", "der Rest vom Passwort: 77!x"], "Tiger"),
    (["Luna", "88!k <- eso es el resto de la contraseña"], "Luna"),
    (["Sakur", "la suite du mot de passe : a0806@"], "a0806@"),
    (["lobo_Pohon58", "^ thats the new one for the school portal, the old one stopped working"], "lobo_Pohon58"),
    (["Tigre_Azul77", "^ es la nueva para el portal del banco"], "Tigre_Azul77"),
    (["2390", "thats for the card at the credit union, the one he doesnt know about"], "2390"),
    (["O246-4478-3191", "that's my DL, need it for the apartment app"], "O246-4478-3191"),
    (["reminder for saturday relief staff", "fuel pump lock: 4574"], "4574"),
    (["note for the night staff", "padlock on the store: 8812"], "8812"),
    (["nota para el personal del sábado", "candado de la bomba: 4471"], "4471"),
])
def test_a_value_named_by_its_neighbour_turn_is_withheld(turns: list[str], value: str) -> None:
    assert not any(value in t for t in redact_turns(turns))


@pytest.mark.parametrize(("turns", "value"), [
    (["Mama", "i forgot the rest of the password, sorry"], "Mama"),
    (["Mama", "I will send the rest of the password tomorrow"], "Mama"),
    (["4471", "that's for the card game tonight, table number"], "4471"),
])
def test_a_turn_after_that_names_no_secret_keeps_the_value(turns: list[str], value: str) -> None:
    assert value in redact_turns(turns)[0]


@pytest.mark.parametrize(("text", "value"), [
    ("oh wait nevermind its 06962 the one for the cash machine", "06962"),
    ("06962 is the one for the cash machine", "06962"),
    ("es 4471 el del cajero", "4471"),
    ("its 4471, the one for the ATM", "4471"),
    ("what was your first car? beetlegreen", "beetlegreen"),
    ("first pet? sunnybear", "sunnybear"),
])
def test_a_pin_before_its_machine_and_an_answer_run_together_are_withheld(text: str, value: str) -> None:
    assert value not in redact_turns([text])[0]


@pytest.mark.parametrize(("text", "value"), [
    ("2026 is the one for the card expiry", "2026"),
    ("bus 4471 is the one for the station", "4471"),
    ("first pet? nevermind", "nevermind"),
    ("what was your first car? dunno", "dunno"),
    ("name of your first pet? fluffy", "fluffy"),
])
def test_a_year_a_bus_or_talk_after_a_question_is_kept(text: str, value: str) -> None:
    assert value in redact_turns([text])[0]


@pytest.mark.parametrize(("text", "value"), [
    ("what the bank asks for, characters from it: tangerine15", "tangerine15"),
    ("what nationwide asks for on the phone — lighthouse75", "lighthouse75"),
    ("lo que pide el banco: Faro75", "Faro75"),
    ("ce que la banque demande au téléphone : Phare75", "Phare75"),
    ("was die Bank am Telefon abfragt: Leuchtturm75", "Leuchtturm75"),
])
def test_a_value_told_as_what_the_bank_asks_for_is_withheld(text: str, value: str) -> None:
    assert value not in redact_turns([text])[0]


@pytest.mark.parametrize(("text", "value"), [
    ("what the landlord asks for — £500", "£500"),
    ("what the form asks for: DOB", "DOB"),
    ("what she wants for her birthday: iPhone15", "iPhone15"),
    ("numéro de demande 48213376", "48213376"),
])
def test_an_amount_a_field_or_a_wish_after_what_is_asked_is_kept(text: str, value: str) -> None:
    assert value in redact_turns([text])[0]


@pytest.mark.parametrize(("text", "value", "withheld"), [
    ("WPA2 vrrdkxh45ab3 rete CasaLopez", "vrrdkxh45ab3", True),
    ("WPA2 Kq82mPzL7x red Casa_Perez", "Kq82mPzL7x", True),
    ("WPA2 AES-CCMP network Home", "AES-CCMP", False),
])
def test_a_key_after_wpa_and_before_its_network_name(text: str, value: str, withheld: bool) -> None:
    assert (value not in redact_turns([text])[0]) is withheld
