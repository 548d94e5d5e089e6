"""Round thirty (t61c): the leftovers — numbers to call by what they are for, and the forms of earlier rounds' lists."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_turns


@pytest.mark.parametrize(("text", "value"), [
    ("forgot my PIN, the number to reset it is 0161 496 0848", "0161 496 0848"),
    ("olvidé el PIN, el número para desbloquearla es 612 345 678", "612 345 678"),
    ("mot de passe bloqué, le numéro pour le débloquer : 01 99 00 27 41", "01 99 00 27 41"),
    ("PIN vergessen, die Nummer zum Zurücksetzen ist 030 1234567", "030 1234567"),
    ("pentru parola nouă sună la 0797 154 605", "0797 154 605"),
    ("pin ya mpesa imefungwa, nipigie kwa 0782 309 135 tuongee", "0782 309 135"),
    ("PIN zapomenut, zavolej na 602 123 456", "602 123 456"),
])
def test_a_number_to_call_for_a_reset_is_kept(text: str, value: str) -> None:
    assert value in redact_turns([text])[0]

@pytest.mark.parametrize(("text", "value"), [
    ("my PIN number to reset is 4471", "4471"),
    ("sună-mă, PIN-ul e 0797 154 605", "154 605"),
])
def test_a_secret_beside_a_reset_stays_withheld(text: str, value: str) -> None:
    assert value not in redact_turns([text])[0]


@pytest.mark.parametrize(("text", "value"), [
    ("bank code 048814591", "048814591"),
    ("the bank's code is 021000021, I'll send the account later", "021000021"),
    ("código del banco 021000021", "021000021"),
    ("sort/branch code only, no account: 137860799", "137860799"),
    ("রাউটিং নম্বর 088123265", "088123265"),
])
def test_a_routing_number_named_as_the_banks_code_is_kept(text: str, value: str) -> None:
    assert value in redact_turns([text])[0]


@pytest.mark.parametrize(("text", "value"), [
    ("bank code 048814591, account 5512098734", "5512098734"),
    ("no routing, account: 137860799", "137860799"),
    ("রাউটিং নম্বর 088123265, অ্যাকাউন্ট 1234567890", "1234567890"),
])
def test_an_account_beside_the_banks_code_stays_withheld(text: str, value: str) -> None:
    assert value not in redact_turns([text])[0]


@pytest.mark.parametrize(("text", "value"), [
    ("wifi is Vodafone-2B7E, key rainydaysinn", "rainydaysinn"),
    ("réseau Livebox-4F2A, clé: tournesolbleu", "tournesolbleu"),
    ("red MOVISTAR_7A21, clave girasolazul.", "girasolazul"),
    ("Netz FRITZ!Box 7530, Schlüssel sonnenblumenfeld (klein)", "sonnenblumenfeld"),
    ("pw wifi kopikenangan ya", "kopikenangan"),
    ("password wifi rumah bungamatahari ya kak", "bungamatahari"),
    ("senha do wifi pitangueira po", "pitangueira"),
    ("mật khẩu wifi quán hoahongdo nha em", "hoahongdo"),
    ("mk app bán hàng là Hoa2024x nha em", "Hoa2024x"),
    ("mk app giao hàng của quán là Quan88xyz", "Quan88xyz"),
    ("pw app kasir toko adalah Toko2024z ya", "Toko2024z"),
])
def test_a_key_after_its_network_or_app_with_a_particle_after_it(text: str, value: str) -> None:
    assert value not in redact_turns([text])[0]


@pytest.mark.parametrize(("text", "value"), [
    ("the wifi is slow, key changed yesterday", "changed"),
    ("the network is Vodafone-2B7E, key changed", "changed"),
    ("password wifi changed ya", "changed"),
    ("my password app is Bitwarden2", "Bitwarden2"),
])
def test_talk_after_a_key_or_a_password_app_is_kept(text: str, value: str) -> None:
    assert value in redact_turns([text])[0]


@pytest.mark.parametrize(("turns", "value"), [
    (["пароль от вайфая на коробке роутера"], "роутера"),
    (["пароль от wifi на наклейке"], "наклейке"),
    (["zmieniłem hasło po wyjściu"], "wyjściu"),
    (["نسيت كلمة المرور للمرة الثالثة"], "الثالثة"),
    (["غيرت كلمة السر بعد الحادثة"], "الحادثة"),
    (["비밀번호는 아들이 알아"], "아들이 알아"),
    (["wifi 비번은 남편이 알아요"], "남편이"),
    (["门禁密码我女儿知道"], "女儿知道"),
    (["el código del portal lo sabe el portero"], "portero"),
    (["password ya wifi iko kwa ukuta"], "ukuta"),
    (["the door code is posted in the mailroom, ask the concierge"], "mailroom"),
    (["le code wifi est affiché dans la cuisine"], "cuisine"),
    (["pamiętasz gdzie trzymam hasła?", "w KeePassie na pendrivie, nie mów mi samego hasła"], "KeePassie"),
    (["hasło mam w Bitwardenie"], "Bitwardenie"),
    (["şifrem Bitwarden'da duruyor"], "Bitwarden'da"),
])
def test_where_a_password_is_or_who_knows_it_is_kept(turns: list[str], value: str) -> None:
    assert value in redact_turns(turns)[-1]


@pytest.mark.parametrize(("text", "value"), [
    ("пароль от ноута pinguinnebula", "pinguinnebula"),
    ("كلمة السر للواي فاي برتقالة", "برتقالة"),
    ("password ya wifi ni ukuta2024", "ukuta2024"),
    ("hasło mam w KeePassie2024", "KeePassie2024"),
])
def test_a_password_beside_those_words_stays_withheld(text: str, value: str) -> None:
    assert value not in redact_turns([text])[0]


@pytest.mark.parametrize(("turns", "value"), [
    (["Home.Hoa689", "^ thats the password for the email my caseworker set up for me when i got out, keep it safe"], "Home.Hoa689"),
    (["Sunflower_77", "↑ eso es la contraseña del correo"], "Sunflower_77"),
    (["4471", "^ thats mums pin"], "4471"),
    (["meu filho pediu pra anotar", "os números que ele digita antes de falar: 1689"], "1689"),
    (["3371 that's what u punch in after the account number when calling the jail line"], "3371"),
    (["the numbers he punches in before talking: 3371"], "3371"),
    (["lo que marca Julio antes de hablar: 3267"], "3267"),
    (["los números que él marca en la llamada: 55821"], "55821"),
    (["5821 is what he types for the door"], "5821"),
])
def test_a_value_named_by_the_turn_after_or_by_what_is_keyed_before_speaking(turns: list[str], value: str) -> None:
    assert all(value not in t for t in redact_turns(turns))


@pytest.mark.parametrize(("turns", "value"), [
    (["tiger", "^ that's the dog's name"], "tiger"),
    (["Home.Hoa689", "^ thats the username for the email"], "Home.Hoa689"),
    (["1500 is what he enters for the rent"], "1500"),
    (["2024 that's what he types on the phone"], "2024"),
    (["rezervasyon kodu HULWUK, VN 961 uçuşu"], "VN 961"),
    (["booking code QXJ7TT, flight BA 117 tomorrow"], "BA 117"),
    (["código de reserva KLM2PX, vuelo IB 3456"], "IB 3456"),
])
def test_a_name_a_year_an_amount_or_a_flight_is_kept(turns: list[str], value: str) -> None:
    assert value in redact_turns(turns)[-1] or value in redact_turns(turns)[0]


def test_a_door_code_beside_a_flight_stays_withheld() -> None:
    assert "4471" not in redact_turns(["door code 4471, flight BA 117"])[0]


@pytest.mark.parametrize(("text", "value"), [
    ("for guests: zielonadolina (all lowercase, no spaces)", "zielonadolina"),
    ("Bergblick7 (erster Buchstabe groß)", "Bergblick7"),
    ("hasło: zielonadolina (wszystko małymi, bez spacji)", "zielonadolina"),
    ("la clave es girasolazul - todo en minúsculas", "girasolazul"),
    ("بینک کا یادگار لفظ Shalimar ہے", "Shalimar"),
    ("میرے بینک کی یادگار لفظ Anarkali ہے", "Anarkali"),
    ("बैंक का मेमोरेबल वर्ड Gulmohar है", "Gulmohar"),
])
def test_a_value_with_a_note_on_its_spelling_or_a_banks_word_in_urdu(text: str, value: str) -> None:
    assert value not in redact_turns([text])[0]


@pytest.mark.parametrize(("text", "value"), [
    ("username: mkowalski (all lowercase)", "mkowalski"),
    ("SSID CasaVerde (all one word)", "CasaVerde"),
    ("my email is anna.k@gmail.com (all lowercase)", "anna.k@gmail.com"),
    ("I love Barcelona, all together now", "Barcelona"),
    ("یادگار لفظ بھول گیا ہوں", "بھول"),
])
def test_a_login_with_a_spelling_note_or_talk_is_kept(text: str, value: str) -> None:
    assert value in redact_turns([text])[0]


@pytest.mark.parametrize("first, second", [
    ("note to self", "bank swift code EQBLKENA"),
    ("এটা মনে রেখো", "বীমা পলিসি AG628175533"),
    ("note for later", "the gym opens at 6 on saturdays"),
    ("notiz an mich", "Zahnarzt am Dienstag um 9"),
    ("nota para mí", "comprar pan y leche"),
    ("kumbuka hii", "mkutano ni Jumatatu saa tatu"),
    ("इसे याद रखो", "मंगलवार को डॉक्टर के पास जाना है"),
])
def test_a_note_to_self_keeps_the_turn_after_it(first: str, second: str) -> None:
    from fact_memory_graph.forgetting import withheld_turns

    assert withheld_turns([first, second]) == [False, False]


def test_a_note_to_self_with_a_request_is_still_a_request() -> None:
    from fact_memory_graph.forgetting import withheld_turns

    assert withheld_turns(["between us", "I'm pregnant"])[1]
    assert withheld_turns(["note to self, don't tell anyone: I'm pregnant"])[0]


@pytest.mark.parametrize(("text", "value"), [
    ("compteur de la pompe 53521 m3", "53521 m3"),
    ("le compteur affiche 53521 kWh", "53521"),
    ("agrovet company PIN on the receipt P085506184A", "P085506184A"),
    ("KRA PIN ya kampuni P051234567Z", "P051234567Z"),
])
def test_a_meter_reading_and_a_companys_tax_pin_are_kept(text: str, value: str) -> None:
    assert value in redact_turns([text])[0]


@pytest.mark.parametrize(("text", "value"), [
    ("my KRA PIN A012345678B", "A012345678B"),
    ("PIN 4471", "4471"),
    ("su seguro integral SIS30476822", "SIS30476822"),
    ("nimero ya mituelle 0053988100960895", "0053988100960895"),
    ("lambar inshorar lafiya NHIS/68098628", "NHIS/68098628"),
])
def test_a_persons_pin_and_health_cover_numbers_stay_withheld(text: str, value: str) -> None:
    assert value not in redact_turns([text])[0]


@pytest.mark.parametrize(("text", "value"), [
    ("the door code? its 1482... no wait 3482 sorry", "3482"),
    ("PIN? 4471, no sorry 4417", "4417"),
    ("la clave es 5512, ay no perdón, 5521", "5521"),
    ("код 4471, ой нет 4417", "4417"),
    ("WPA2 Xk82mPq7Lz", "Xk82mPq7Lz"),
    ("WPA2 Xk82mPq7Lz (for the garden shed)", "Xk82mPq7Lz"),
    ("wpa2-psk: hunter2hunter2", "hunter2hunter2"),
    ("yung PIN ng GCash ko 97299 ha, ikaw na mag-type", "97299"),
])
def test_a_corrected_code_and_a_key_after_wpa2_are_withheld(text: str, value: str) -> None:
    assert value not in redact_turns([text])[0]


@pytest.mark.parametrize(("text", "value"), [
    ("WPA2 is more secure than WEP", "secure"),
    ("WPA2 AES-CCMP", "AES-CCMP"),
    ("set it to WPA2 Personal", "Personal"),
    ("the password ends differently now", "differently"),
])
def test_talk_of_wpa2_and_of_a_differing_value_is_kept(text: str, value: str) -> None:
    assert value in redact_turns([text])[0]


@pytest.mark.parametrize(("text", "value"), [
    ("Biscuit is the answer to 'what was your first pet called'", "Biscuit"),
    ("Toby es la respuesta a 'nombre de tu primera mascota'", "Toby"),
    ("Moreau est la réponse à « nom de jeune fille de ma mère »", "Moreau"),
])
def test_a_value_that_is_the_answer_to_a_quoted_security_question(text: str, value: str) -> None:
    assert value not in redact_turns([text])[0]


@pytest.mark.parametrize(("text", "value"), [
    ("42 is the answer to 'life, the universe and everything'", "42"),
    ("Paris is the answer to question 3", "Paris"),
    ("Mum is the answer to 'who do you call first'", "Mum"),
])
def test_an_answer_to_another_question_is_kept(text: str, value: str) -> None:
    assert value in redact_turns([text])[0]


@pytest.mark.parametrize(("text", "value"), [
    ("Hausratversicherung Police LV/038684, nicht die Krankenkasse", "LV/038684"),
    ("home contents policy HC-2291844, not the health insurance", "HC-2291844"),
])
def test_a_policy_beside_a_denied_health_insurer_is_kept(text: str, value: str) -> None:
    assert value in redact_turns([text])[0]


def test_a_health_number_with_a_denied_policy_stays_withheld() -> None:
    assert "A123456789" not in redact_turns(["Versichertennummer A123456789, nicht die Police"])[0]


@pytest.mark.parametrize("text", ["mi número de carnet de conducir es 55323949W", "הDNI שלי 02864606W",
                                  "мій податковий номер для контракту 81132939W"])
def test_a_dni_ending_in_w_is_no_measure(text: str) -> None:
    assert "W" not in redact_turns([text])[0].split()[-1]
