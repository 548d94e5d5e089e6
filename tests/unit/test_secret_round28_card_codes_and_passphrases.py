"""Round twenty-eight (t59c): a card's security code told beside its card in other words than its name,
passwords told by the login they are for or for everything, passphrases after a password's name with a
request behind them, plain words said with how they are written.

Phrasings written for these tests (none from a corpus). Kept: a card's visible end, an amount or a year
beside a card, a dashed thing about a password ("password-reset-link"), a password manager's name.
"""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_secrets, revealed_by_next

from ..helpers import kept_in_thread

WITHHELD = [
    # a card's code beside its card (card_codes_told)
    ("4539 1488 0343 6467 / 3310 — block it please", "3310"),
    ("Karte 4539 1488 0343 6467 | 771, bitte sperren", "771"),
    ("ma carte 4539148803436467, les trois chiffres au dos : 412", "412"),
    ("tarjeta 4539148803436467, los tres números de atrás son 058", "058"),
    ("карта 4539 1488 0343 6467, три цифры на обороте 904", "904"),
    ("visa 4539148803436467 and the little numbers on the back are 527", "527"),
    ("378282246310005, the 4 digits above the number on the front: 2214", "2214"),
    ("4716 2093 1187 5561 09/29 318", "4716 2093 1187 5561"),
    # a value told by the login it is for, or for everything (used_values)
    ("it's Kiwi_2207 for my netflix", "Kiwi_2207"),
    ("c'est soleil-vert-lune-mer pour le gmail", "soleil-vert-lune-mer"),
    ("es Tortuga#88 para el instagram", "Tortuga#88"),
    ("Marlin_404 — that's what i use for everything lol", "Marlin_404"),
    # a passphrase after a password's name, a request behind it (named_passphrases)
    ("mi contraseña del banco es luna-verde-sol por favor cámbiala", "luna-verde-sol"),
    ("perdí el móvil, contraseña del correo nube-tigre-mango cámbiala ya", "nube-tigre-mango"),
    ("hasło do poczty kot-rower-deszcz zmień proszę", "kot-rower-deszcz"),
    ("kata sandi email saya biru-kopi-harimau tolong ganti", "biru-kopi-harimau"),
    # a plain word said with how it is written
    ("the wifi password is cafeaulait all lowercase", "cafeaulait"),
    ("mein Passwort für GMX ist sonnenblume zusammengeschrieben, bitte ändern", "sonnenblume"),
    ("le mot de passe du wifi c'est cerisedouce tout attaché", "cerisedouce"),
    ("пароль от вайфая zelenyjchaj слитно", "zelenyjchaj"),
    # a correction giving the wrong one first ("not X, it's Y"), passphrases included (corrected_values)
    ("sorry not river-otter-lamp-moon, it's river-otter-lamp-moons - typo", "river-otter-lamp-moons"),
    ("perdón, no Gato_77x, es Gato_78x", "Gato_78x"),
    ("oops not Falke#12, es ist Falke#21", "Falke#21"),
    # a Dutch PIN's own wording before six digits (not India's postal PIN code)
    ("mijn pincode is 252697", "252697"),
    ("de pincode van het pasje is 771204", "771204"),
    ("m'n pincode is 480913 hoor", "480913"),
    # a Persian Wi-Fi key's name
    ("رمز وای‌فای QJCQ-HRTN-POHP", "QJCQ-HRTN-POHP"),
    ("رمز مودم: Tehran_7788", "Tehran_7788"),
]

KEPT = [
    ("my visa 4539 1488 0343 6467 ending 6467 charged 120 dollars", "120"),
    ("card 4539 1488 0343 6467 on the back it says 120 dollars limit", "120"),
    ("its free for the netflix trial", "free"),
    ("it's state-of-the-art for the netflix era", "state-of-the-art"),
    ("the password-reset-link expired, my password manager is Bitwarden", "Bitwarden"),
    ("password is written in lowercase letters on the fridge", "fridge"),
    ("my pincode is 560034, any good gym nearby?", "560034"),
    ("oops not tuesday, its wednesday", "wednesday"),
    ("sorry not state-of-the-art, its cutting-edge-tech stuff", "cutting-edge-tech"),
    ("the meeting starts with intros and ends at 5pm", "5pm"),
    ("the route starts with A38 and ends with M5 junction", "A38"),
]

THREADS = [
    # a value told by its two ends, with no name (dictated_parts)
    (["starts with Qm4ra", "ends zed#71"], ["zed#71"]),
    (["empieza por tolvx", "y termina en 47.Bz"], ["47.Bz"]),
    (["ça commence par Kr7!m", "et finit par zz9q"], ["zz9q"]),
    (["beginnt mit hafer", "endet mit 77#b"], ["77#b"]),
    # a network's own name, then its key alone (keyed_codes)
    (["sieć Kowalscy_Dom2", "jablkoigruszka"], ["jablkoigruszka"]),
    (["réseau Maison-Dupont", "framboisesucree"], ["framboisesucree"]),
    (["SSID Casa_Lopez_5G", "NaranjaAzul2020"], ["NaranjaAzul2020"]),
]

KEPT_THREADS = [
    (["postcode starts with SW1A", "ends 1AA"], ["SW1A", "1AA"]),
    (["the flight number starts with BA", "and ends with 2490"], ["2490"]),
    (["network Vodafone-A1", "unreachable"], ["unreachable"]),
    (["network: HomeNet_5G", "disconnected"], ["disconnected"]),
]


@pytest.mark.parametrize(("turns", "values"), THREADS)
def test_a_value_over_turns_is_withheld(turns: list[str], values: list[str]) -> None:
    out = kept_in_thread(turns)
    assert not any(v in out for v in values)


@pytest.mark.parametrize("turns", [t for t, _ in THREADS[:4]])
def test_the_first_end_is_taken_back_when_the_second_comes(turns: list[str]) -> None:
    assert revealed_by_next(turns[0], (), turns[1])


@pytest.mark.parametrize(("turns", "values"), KEPT_THREADS)
def test_a_lookalike_over_turns_is_kept(turns: list[str], values: list[str]) -> None:
    out = kept_in_thread(turns)
    assert all(v in out for v in values)


@pytest.mark.parametrize(("text", "value"), WITHHELD)
def test_the_value_is_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize(("text", "kept"), KEPT)
def test_the_lookalike_is_kept(text: str, kept: str) -> None:
    assert kept in redact_secrets(text)


def test_a_card_code_after_a_turn_before_is_withheld() -> None:
    out = kept_in_thread(["lost my wallet", "4539 1488 0343 6467 / 3310 cancel it"])
    assert "3310" not in out and "6467" not in out
