"""Round twenty-four (t55d): a trade's public numbers and a public number told after a refused secret
kept; one-time codes read out as they come and backup codes in pairs or over turns withheld."""

from __future__ import annotations

import pytest

from fact_memory_graph.forgetting import withheld_turns
from fact_memory_graph.secrets import redact_secrets, redact_thread


@pytest.mark.parametrize(("text", "value"), [
    ("Gas Safe ID 5123456 if the customer asks", "5123456"),
    ("mi carné de instalador es el 4412-887, por si lo pide el cliente", "4412-887"),
    ("VCA-diploma nummer 20394857", "20394857"),
    ("uprawnienia budowlane nr 7730219, wiszą w biurze", "7730219"),
    ("Baugenehmigung Aktenzeichen 63-2210487", "63-2210487"),
    ("施工许可证号 310115202405170101", "310115202405170101"),
    ("ruhsat no 2024/118830, tabelaya yazdım", "2024/118830"),
    ("my NPORS card number is 66120943", "66120943"),
    ("toolstation trade account 88120456 for the invoices", "88120456"),
    ("la carte pro Castorama : 55123098", "55123098"),
])
def test_trade_credential_kept(text: str, value: str) -> None:
    assert value in redact_secrets(text), text


@pytest.mark.parametrize(("turns", "value"), [
    (["Gerüstprüfung, das Prüfprotokoll", "Nr. 44120987"], "44120987"),
    (["add my wickes trade card", "77120934"], "77120934"),
    (["apunta la tarjeta profesional de Bricomart", "es la 5512309876"], "5512309876"),
])
def test_trade_number_in_the_next_turn_kept(turns: list[str], value: str) -> None:
    assert value in redact_thread(turns[-1], turns[:-1])


@pytest.mark.parametrize(("text", "value"), [
    ("my screwfix password is 99887766", "99887766"),
    ("screwfix paid with card 4539 1488 0343 6467", "4539 1488 0343 6467"),
    ("my bank account at screwfix is 12345678", "12345678"),
    ("btw work permit number (the one on my BRP) is ZU0867153", "ZU0867153"),
    ("Koçtaş kart şifresi 4471", "4471"),
])
def test_secret_beside_a_trade_name_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text), text


@pytest.mark.parametrize(("text", "value"), [
    ("won't tell you the PIN lol, member no 4471-220", "4471-220"),
    ("não vou dar a senha, meu número de sócia é 88120", "88120"),
    ("je te donne pas le mot de passe, mon numéro client c'est 7712093", "7712093"),
    ("Passwort verrate ich nicht, Mitgliedsnummer: M-552190", "M-552190"),
    ("пароль не дам, логин ivan_petrov_88", "ivan_petrov_88"),
    ("暗証番号は言わないけど、お客様番号は 5512-0983", "5512-0983"),
    ("not a password, just my membership number 00451287", "00451287"),
    ("to nie hasło, tylko numer klienta 99012345", "99012345"),
])
def test_public_number_after_a_refusal_kept(text: str, value: str) -> None:
    assert value in redact_secrets(text), text


@pytest.mark.parametrize(("text", "value"), [
    ("not telling you the password. member number GLW-1432, password hunter22", "hunter22"),
    ("I won't tell you the PIN: 4471", "4471"),
])
def test_refusal_does_not_keep_a_secret(text: str, value: str) -> None:
    assert value not in redact_secrets(text), text


def test_a_denied_pin_is_no_privacy_request() -> None:
    assert withheld_turns(["das ist keine Geheimzahl, nur meine Kundennummer 280643473"]) == [False]


@pytest.mark.parametrize(("text", "value"), [
    ("551203 es el que me mandó el banco", "551203"),
    ("443 920 c'est ce que dit le SMS", "443 920"),
    ("cinco dos... espera: 727100", "727100"),
    ("vier sieben… warte: 471802", "471802"),
    ("¿cuál era el código? ah aquí 874242", "874242"),
    ("c'est quoi le code... ah voilà 330918", "330918"),
    ("me llegó un sms de Treatwell con 551203, lo pones tú?", "551203"),
    ("verificación 228 901", "228 901"),
    ("three one... sorry, reading it again: 904415", "904415"),
])
def test_one_time_code_read_out_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text), text


@pytest.mark.parametrize("text", [
    "2300 is the one the shop sent, the price",
    "two three... we had 230000 people",
    "i had 3... sorry 300000 in savings",
    "got a text from mum with 2024 photos",
])
def test_numbers_read_out_kept(text: str) -> None:
    assert redact_secrets(text) == text


@pytest.mark.parametrize("turns", [
    ["espera que me llega", "586701"],
    ["attends ça arrive", "586 701"],
    ["moment, kommt gerade", "586701"],
])
def test_code_after_a_message_on_its_way_withheld(turns: list[str]) -> None:
    assert turns[-1] not in redact_thread(turns[-1], turns[:-1])


@pytest.mark.parametrize(("text", "values"), [
    ("si pierdo el móvil, usa uno de estos: 52048983 y 08946791", ["52048983", "08946791"]),
    ("2FA Backup: 4471-0982, 5512-3390", ["4471-0982", "5512-3390"]),
    ("codes de récupération qwtzkpmn 9912-4410", ["qwtzkpmn", "9912-4410"]),
])
def test_backup_code_pairs_withheld(text: str, values: list[str]) -> None:
    out = redact_secrets(text)
    assert not any(v in out for v in values), out


@pytest.mark.parametrize(("turns", "value"), [
    (["códigos de respaldo de tiktok", "qwtzkpmn"], "qwtzkpmn"),
    (["códigos de respaldo de tiktok", "qwtzkpmn", "y 4471-0982"], "4471-0982"),
    (["Wiederherstellungscodes fürs Google-Konto", "88124409 und 55120934"], "55120934"),
])
def test_backup_codes_over_turns_withheld(turns: list[str], value: str) -> None:
    assert value not in redact_thread(turns[-1], turns[:-1])


@pytest.mark.parametrize("turns", [
    ["backup plan for tomorrow", "tomorrow"],
    ["recovery codes for discord", "see you tomorrow"],
])
def test_words_after_a_backup_cue_kept(turns: list[str]) -> None:
    assert redact_thread(turns[-1], turns[:-1]) == turns[-1]


@pytest.mark.parametrize(("text", "value"), [
    ("contraseña del portal limon.canela.verde", "limon.canela.verde"),
    ("Passwort fürs Kassensystem wolke.tiger", "wolke.tiger"),
    ("пароль от кассы сирень.облако", "сирень.облако"),
    ("mot de passe du logiciel de caisse cerise.nuage", "cerise.nuage"),
])
def test_dotted_password_after_its_name_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text), text


@pytest.mark.parametrize("text", [
    "the password is in notes.txt",
    "forgot my password for john.smith",
])
def test_site_or_file_after_a_password_name_kept(text: str) -> None:
    assert redact_secrets(text) == text
