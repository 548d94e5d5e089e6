"""Round twenty-four (t55b): plain-word passwords and login pairs, PINs in other scripts, and look-alikes kept.

Phrasings written for these tests (none from a corpus): a value told by the login it is used for
(``used_values``), fillers before a value, coined compounds after a password's name with a request to
keep them, a service and an arrow before a pair, digits in spaced Han numerals or in kana, a Latin name
glued to Hebrew, Arabic or Thai letters; kept: a non-health insurance's policy number, a shop's or a
club's member number, how often a password changes, a form's blank in words or a slot joined by dashes.
"""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_secrets, redact_thread

SECRETS = [
    ('i use sunny42 for Netflix, dont judge me', 'sunny42'),
    ('uso gatito99 para Spotify, ya sé que es mala', 'gatito99'),
    ("j'utilise soleil2020 pour Instagram, oui je sais", 'soleil2020'),
    ('ich nutze Sonne77! für Steam', 'Sonne77!'),
    ('używam kotek123 na Netflix', 'kotek123'),
    ('bluefin88 is what i use for Spotify', 'bluefin88'),
    ('i set everything to marmalade7 because i kept forgetting', 'marmalade7'),
    ('i set all of them to kangaroopudding when i moved', 'kangaroopudding'),
    ('the password for the school portal is literally just kiwimango lol', 'kiwimango'),
    ('das Passwort vom Vereinsportal ist einfach nur sonnenblumenfeld haha', 'sonnenblumenfeld'),
    ('la contraseña del gimnasio es literalmente pajaroazul jaja', 'pajaroazul'),
    ("le mot de passe de la box c'est juste tournesolbleu mdr", 'tournesolbleu'),
    ('a senha do netflix tangerinasol nao esquece', 'tangerinasol'),
    ('la contraseña del gimnasio pajaroazulcielo no olvides', 'pajaroazulcielo'),
    ('hasło do netflixa kotekmruczek nie zapomnij', 'kotekmruczek'),
    ('пароль от почты солнышкозайка не забудь', 'солнышкозайка'),
    ('spotify -> marta / limonada', 'limonada'),
    ('steam → kuba_pl / czerwonykapturek', 'czerwonykapturek'),
    ('Disney+ : papa_k y Girasol#2024', 'Girasol#2024'),
    ('the family hulu: grandpa88 and tKqWmZrPaL', 'tKqWmZrPaL'),
    ('银行卡密码 三 八 一 七', '三 八 一 七'),
    ('门禁密码 五 二 零 九', '五 二 零 九'),
    ('キャッシュカードの暗証番号は よん なな に いち です', 'よん なな に いち'),
    ('暗証番号は はち さん ご いち', 'はち さん ご いち'),
    ('הpin של הכרטיס זה 4821', '4821'),
    ('הpassword של הבנק זה Tulip#882', 'Tulip#882'),
    ('PINของบัตรคือ 4821', '4821'),
    ('الـPIN حقي 4471', '4471'),
    ('iban della nonna dove arriva la pensione INPS IT60X0542811101000000123456', 'IT60X0542811101000000123456'),
]

LOOKALIKES = [
    ('försäkringsnummer för hunden PX-88123456', 'PX-88123456'),
    ("the dog's insurance number is PX-4471829", 'PX-4471829'),
    ('Versicherungsnummer für die Katze: KV-88123456', 'KV-88123456'),
    ('номер полиса ОСАГО 7734521190', '7734521190'),
    ('el número de póliza del coche es 7734521190', '7734521190'),
    ('my travel insurance policy number is WFV180063281', 'WFV180063281'),
    ('medlemsnummer Coop 6564605765', '6564605765'),
    ('mi número de socio del club de tenis es 4887001860', '4887001860'),
    ('het wachtwoord van de website verloopt elke 90 dagen', 'elke 90 dagen'),
    ('on change le mot de passe de la page Facebook tous les 6 mois', 'tous les 6 mois'),
    ('das Passwort vom Firmenportal läuft alle 90 Tage ab', 'alle 90 Tage'),
    ('la contraseña de Outlook caduca cada 3 meses', 'cada 3 meses'),
    ('the wifi password at work rotates every 30 days', 'every 30 days'),
    ('troquei a senha do wifi semana passada', 'semana passada'),
    ('cambié la contraseña del correo la semana pasada', 'semana pasada'),
    ("op het formulier staat 'wachtwoord: [in te vullen]'", '[in te vullen]'),
    ("le formulaire dit 'mot de passe : [à remplir]'", '[à remplir]'),
    ('the template says password: [to be filled in]', '[to be filled in]'),
    ('hasło: [do uzupełnienia]', '[do uzupełnienia]'),
    ('mallen säger lösenord: ditt-lösenord-här', 'ditt-lösenord-här'),
    ('malen sier passord: ditt-passord-her', 'ditt-passord-her'),
    ("the form literally says 'CVV: XXX' lol", 'XXX'),
    ('i use chrome for youtube', 'chrome'),
    ('i use headphones for Spotify', 'headphones'),
    ('Netflix: Stranger Things and Dark', 'Dark'),
    ('Spotify -> Settings / Privacy', 'Privacy'),
    ('我家在 三 楼', '三 楼'),
]


@pytest.mark.parametrize("text,value", SECRETS)
def test_the_value_is_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text,kept", LOOKALIKES)
def test_the_lookalike_is_kept(text: str, kept: str) -> None:
    assert kept in redact_secrets(text)


@pytest.mark.parametrize("before,text,value", [
    ("el candado de la bici se abre con", "4471", "4471"),
    ("das Vorhängeschloss vom Keller geht auf mit", "0815", "0815"),
    ("the padlock on the guitar case", "538-69", "538-69"),
    ("what do I type on the time clock at work", "oh right its 4471", "4471"),
])
def test_a_locks_code_in_the_turn_after_it(before: str, text: str, value: str) -> None:
    assert value not in redact_thread(text, [before])


def test_a_case_number_over_two_turns_is_kept() -> None:
    assert "538-69" in redact_thread("538-69", ["my case number for the court"])


@pytest.mark.parametrize("text,value", [
    ("mi pin es cuatro cuatro siete uno, o sea en números 4471", "4471"),
    ("le code de la carte c'est sept trois un neuf, en chiffres 7319", "7319"),
    ("die PIN ist vier vier sieben eins, in Ziffern 4471", "4471"),
])
def test_a_code_given_again_in_digits(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


def test_digits_of_a_score_are_kept() -> None:
    assert "4 1" in redact_secrets("the score was four to one, in digits 4 1")


@pytest.mark.parametrize("text,value", [
    ("la del cajero... cuatro cifras: siete tres uno nueve, la de siempre", "siete tres uno nueve"),
    ("die vom Automaten... vier Ziffern: 4471, wie immer", "4471"),
    ("the pin. for the debit card. its 8820", "8820"),
    ("le code. pour la carte bleue. c'est 7319", "7319"),
])
def test_a_pin_by_its_count_or_after_fragments(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


def test_a_postal_code_in_groups_is_kept_over_two_turns() -> None:
    assert "71-146" in redact_thread("71-146", ["PSČ skladu"])


def test_a_pets_policy_number_is_kept_over_two_turns() -> None:
    assert "PP-19715412" in redact_thread("PP-19715412", ["försäkringsnummer för hunden"])


@pytest.mark.parametrize("text,value", [
    ("رمزم Quito_30 است", "Quito_30"),
    ("رمزش گلپونه۹۸ است", "گلپونه۹۸"),
])
def test_persian_my_password_with_its_possessive_ending(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text", ["رمزم را فراموش کردم", "رمزم عوض شد", "رمزت چیه؟"])
def test_persian_talk_of_my_password_is_kept(text: str) -> None:
    assert redact_secrets(text) == text
