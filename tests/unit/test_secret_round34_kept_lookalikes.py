"""Round thirty-four (t65b): look-alikes kept — public labels of permits, boats, horses, drones, lab samples and
queues; talk about a password after its name (a hyphenated service, a tool with a case ending, where it is
taped, a login followed by a clause of talk). Phrasings and values written for these tests, none from a corpus."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_secrets


@pytest.mark.parametrize("text", [
    # a permit to fish, a boat's radio id, a drone operator's registration: printed for others to read
    "my fishing permit number is NR-330127, the bailiff checked it",
    "rod licence number 5540-118, renewed online",
    "numéro de carte de pêche : 77120934",
    "Angelschein 48213907, gültig bis Dezember",
    "il codice operatore sul drone è ITAkq83ncz71mwd5",
    # a lab sample, a queue's token: called out or printed on a slip
    "specimen number 7710245583 for the blood test",
    "wartenummer 118 am Bürgeramt",
])
def test_a_public_label_is_kept(text: str) -> None:
    assert redact_secrets(text) == text


@pytest.mark.parametrize("text, value", [
    ("driving licence number TRUMB602114KL8QZ", "TRUMB602114KL8QZ"),  # a person's licence, no permit to fish
    ("fishing trip tomorrow, the gate code is 83119", "83119"),
    ("operator password for the drone app is Kite$Rain42", "Kite$Rain42"),
])
def test_a_secret_beside_a_public_label_stays_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text", [
    # a service whose name is hyphenated, a tool with a Turkic case ending
    "şifremi e-Okul üzerinden değiştirdim",
    "nasahau password ng e-Kyc kahapon",
    "parolimni Bitwardenda saqlayman",
    # where the password is, not what it is
    "the router password is stuck under the modem",
    "the alarm pin is kept behind the calendar",
])
def test_talk_about_a_password_is_kept(text: str) -> None:
    assert redact_secrets(text) == text


@pytest.mark.parametrize("text, value", [
    ("my password is e-Vq8!2zPw", "e-Vq8!2zPw"),
    ("wifi password: stuck", "stuck"),  # a lone word may be the password
    ("parolni KeePass: Qarg7!zab", "Qarg7!zab"),
])
def test_a_password_by_talk_stays_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text, value", [
    # a login followed by talk: the login is a handle, the talk no password
    ("login name for my nephew is tomas_v.88, he'll pick his own password", "tomas_v.88"),
    ("school portal username is m.ortega22, password's in Bitwarden", "m.ortega22"),
    ("Benutzername lukas.brandt, Passwort hab ich nicht mehr", "lukas.brandt"),
    ("логин от кабинета ivanova_t, пароль потом сама введёт", "ivanova_t"),
    ("логин от кабинета ivanova_t, пароль позже скажу", "ivanova_t"),
])
def test_a_login_with_talk_after_is_kept(text: str, value: str) -> None:
    assert value in redact_secrets(text)


@pytest.mark.parametrize("text, value", [
    ("login name is tomas_v.88, password Holm!ek27", "Holm!ek27"),
    ("Benutzername lukas.brandt, Passwort Ferkel#2291", "Ferkel#2291"),
    ("логин ivanova_t, пароль Zorka!5512", "Zorka!5512"),
])
def test_a_login_with_its_password_stays_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text", [
    "helpline for password reset: 0161 496 0733",
    "ring the helpline for a PIN reset on 020 7946 0321",
])
def test_a_helpline_for_a_reset_is_kept(text: str) -> None:
    assert redact_secrets(text) == text


@pytest.mark.parametrize("text, value", [
    ("helpline for the password: 0161 496 0733", "496 0733"),
    ("call for password reset, the new password is 0161 496 0733", "496 0733"),
])
def test_a_password_beside_a_helpline_stays_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)
