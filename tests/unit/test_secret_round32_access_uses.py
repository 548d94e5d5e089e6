"""Round thirty-two (t63c): an account right after its bank's code (account_pairs); a password told by what using it does on either side of it (access_uses), by what it
is for when it opens its line, or asked about and answered by the user in one turn (self_answers); a network's
key under its own name in ~30 languages; a cash machine's code after the machine and its asking; a network's name and its key
with only a separator between (ssid_keys); a network named
with "is" or "name" in one turn and its key alone in the next.

Phrasings written for these tests (none from a corpus). Kept: a username, a promo code, a product or a version
beside an access phrase, a thing after a determiner, a network's name, an amount or a year at the cash machine.
"""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_secrets

from ..helpers import kept_in_thread

WITHHELD = [
    # a value beside an access phrase, before or after it (access_uses)
    ("Kanelbulle_9 funkar för att logga in på skolans sida", "Kanelbulle_9"),
    ("Marmotte#44 pour entrer sur le portail de la mairie", "Marmotte#44"),
    ("na dziennik wchodzę przez Jezioro!71", "Jezioro!71"),
    ("usa Caju@2020 pra entrar no app do banco", "Caju@2020"),
    ("metes esto y ya entras: Ladrillo_77x", "Ladrillo_77x"),
    ("visitors need mangotree_42! to get online", "mangotree_42!"),
    ("the cabin wifi: type Pine-Lodge9 to connect", "Pine-Lodge9"),
    ("Fjord2024! for å logge inn på kommunens side", "Fjord2024!"),
    ("Ямал_2019 чтобы выйти в интернет в гостинице", "Ямал_2019"),
    ("메일 들어갈 때 Haneul_88", "Haneul_88"),
    # a value opening its line, told by what it is for (access_uses.for_spans)
    ("Lisa#1988 это от госуслуг", "Lisa#1988"),
    ("Berezka_77 — это пароль от почты", "Berezka_77"),
    ("Tulipan_93 is the one for the bank", "Tulipan_93"),
    ("Carambola_5 es pa lo del correo", "Carambola_5"),
    ("Kwiatek#12 do librusa", "Kwiatek#12"),
    # asked and answered in one turn (self_answers)
    ("what's the password for the council portal again... oh I remember, it's Heron_2291", "Heron_2291"),
    ("¿cuál era la contraseña del banco? ah ya me acordé: Naranjo_61", "Naranjo_61"),
    ("какой пароль я ставила на почту? а, вспомнила — Лиса_2020", "Лиса_2020"),
    ("what was the wifi password?? nvm its Otter&Moss7", "Otter&Moss7"),
    ("was hatte ich nochmal als Passwort für die Krankenkasse? ach ja, Eichhorn_48", "Eichhorn_48"),
    # a network's key by its own name (secret_words)
    ("nätverksnyckeln är Blåbär_2211", "Blåbär_2211"),
    ("la clave de red es girasolamarillo", "girasolamarillo"),
    ("clé réseau : citronvert2019", "citronvert2019"),
    ("ключ безопасности сети: лунный_кот", "лунный_кот"),
    ("ağ anahtarı mavikapı_44", "mavikapı_44"),
    ("netværksnøglen er hyldeblomst7", "hyldeblomst7"),
    ("Делла сайтына кіретін құпиясөз Qw7rT2pX9z", "Qw7rT2pX9z"),
    # a cash machine's code after the machine (card_pins)
    ("el numerito del cajero, ocho uno cuatro cuatro", "ocho uno cuatro cuatro"),
    ("wenn der Geldautomat fragt: 7 3 0 1", "7 3 0 1"),
    ("банкомат просит — 6612", "6612"),
    ("namba ya ATM ni 4409", "4409"),
    ("the 4 numbers for the cash machine are 8816", "8816"),
    # a network's own name, then its key after a separator or "then" (ssid_keys)
    ("Zuku_7781 -> 5fa09c2d1e", "5fa09c2d1e"),
    ("wifi ya ofisi: Ofisi_Kuu22 / 55120934", "55120934"),
    ("Globe_At_Home_A1 tapos mangobuko", "mangobuko"),
    ("TurkNet_2290, sonra kirazbahcesi", "kirazbahcesi"),
    ("Livebox-77C0 | Soleil8821", "Soleil8821"),
    # an account right after its bank's code, in a message about money (account_pairs)
    ("direct deposit: 122000661 then 88120345", "88120345"),
    ("send the rent to 062-914 / 10447321", "10447321"),
    ("sort code 20-45-77, acc 41338827 for the refund", "41338827"),
    ("pásame a la cuenta 021000021 luego 7720193456", "7720193456"),
]

KEPT = [
    ("I need Windows11 to join the meeting", "Windows11"),
    ("use WELCOME10 to join the club", "WELCOME10"),
    ("my username is nadia_1990 to log in", "nadia_1990"),
    ("download Zoom5 to join", "Zoom5"),
    ("Thanks everyone! to join the call use the link below", "Thanks everyone!"),
    ("RTX4090 for the pc, the rest next month", "RTX4090"),
    ("Room101 for the meeting at noon", "Room101"),
    ("what's the wifi called? oh, Casa_22", "Casa_22"),
    ("the network security key is on the sticker under the router", "sticker"),
    ("withdrew 5000 from the cajero yesterday", "5000"),
    ("the ATM limit: 5000", "5000"),
    ("ATM, 2024.", "2024"),
    ("the last four digits of the card are 4412", "4412"),
    ("TP-Link_5281 disconnected again", "disconnected"),
    ("router TP-Link_5281 at 192.168.0.1", "192.168.0.1"),
    ("TP-Link_5281 model TL-WR840N", "TL-WR840N"),
    ("Release-2 / build2024a", "build2024a"),
    ("call Airtel_Care 0733100100", "0733100100"),
    ("my new phone is a Xiaomi_13 bought yesterday", "yesterday"),
    ("call 028-138 / 775639571", "775639571"),
    ("meeting 2024-05-01 then 12345678 people", "12345678"),
]

THREADS = [
    (["mtandao ni Shule_B", "Hk29QpLm7x"], ["Hk29QpLm7x"]),
    (["wifi name is Casa_22", "7hGk29LmQp"], ["7hGk29LmQp"]),
    (["запомни", "Sova_1207 это от вк"], ["Sova_1207"]),
]

THREADS_KEPT = [
    (["the network is called Casa-22", "booking ABC12345"], ["Casa-22", "ABC12345"]),
]


@pytest.mark.parametrize(("text", "value"), WITHHELD)
def test_the_value_is_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize(("text", "kept"), KEPT)
def test_the_lookalike_is_kept(text: str, kept: str) -> None:
    assert kept in redact_secrets(text)


@pytest.mark.parametrize(("turns", "values"), THREADS)
def test_a_value_over_turns_is_withheld(turns: list[str], values: list[str]) -> None:
    out = kept_in_thread(turns)
    assert not any(v in out for v in values)


@pytest.mark.parametrize(("turns", "values"), THREADS_KEPT)
def test_a_lookalike_over_turns_is_kept(turns: list[str], values: list[str]) -> None:
    out = kept_in_thread(turns)
    assert all(v in out for v in values)
