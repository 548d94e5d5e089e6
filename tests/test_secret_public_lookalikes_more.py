"""Look-alikes kept by what makes them public: a telephone's extension and the digits after a calling
code, a BIC typed in lower case, a handle written @name, a form's "your password" slot, a service
named after a password's name, the number of a loyalty card or a booking named in other languages.
The secrets beside them stay withheld."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_turns


@pytest.mark.parametrize(("text", "value"), [
    ("la recepción del hotel: +34 915 550 123 extensión 204", "204"),
    ("call the clinic, +1 415 555 0199 x 31", "31"),
    ("Zahnarzt erreichst du unter +49 30 1234567 Durchwahl 88", "88"),
    ("nouveau numéro: +33 6 12 34 56 78", "12 34 56 78"),
    ("swift code: deutdeff for the school trip", "deutdeff"),
    ("seguime en tiktok @LunaRoja_22!", "LunaRoja_22"),
    ("Benutzername: max_mustermann, Passwort: deinPasswort (steht so im Handbuch)", "deinPasswort"),
    ("the form says password: your_password_here", "your_password_here"),
    ("plantilla para nuevos: usuario nombre.apellido, luego cambiar", "nombre.apellido"),
    ("el wifi del bar dice contraseña: pregunta al camarero", "pregunta al camarero"),
    ("changed the password for PayPal yesterday", "PayPal"),
    ("καινούργιο PIN στο Revolut σήμερα", "Revolut"),
    ("numer karty lojalnościowej mamy 4402 8811 2390", "4402 8811 2390"),
    ("код бронирования для отеля: K7PQ2M", "K7PQ2M"),
    ("PNR: W4TZ9Q for the Porto flight", "W4TZ9Q"),
])
def test_a_public_value_is_kept(text: str, value: str) -> None:
    assert value in redact_turns([text])[0]


@pytest.mark.parametrize(("text", "value"), [
    ("my PIN is 4471, the desk extension is 204", "4471"),
    ("el código de verificación de tiktok es 482913", "482913"),
    ("the password for PayPal is Cobalt!Harbor88", "Cobalt!Harbor88"),
    ("contraseña: tuclave2024", "tuclave2024"),
    # "pnr" is a Swedish personal identity number's short name as well as an airline booking's
    ("mitt pnr är 900118-9811 om du behöver det till blanketten", "900118-9811"),
])
def test_the_secret_beside_it_is_withheld(text: str, value: str) -> None:
    assert value not in redact_turns([text])[0]
