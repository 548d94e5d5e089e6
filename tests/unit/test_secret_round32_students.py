"""Round thirty-two (t63a): exam candidates and students — security questions named in Hausa, Yoruba, Igbo,
Amharic and Indian languages, one-time codes told by the phone they came to in South Asian and East and West
African languages. General phrasings of our own, none from a corpus."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import backup_code_lists, redact_secrets, redact_thread


@pytest.mark.parametrize("text, value", [
    ("na saka amsar tambayar tsaro: Gwale", "Gwale"),
    ("idahun ibeere aabo: Adunni", "Adunni"),
    ("azịza ajụjụ nchekwa: Nkechi", "Nkechi"),
    ("የሚስጥር ጥያቄ መልስ ባህር ዳር ነው", "ባህር ዳር"),
    ("tambayar tsaro: Rumfa College", "Rumfa College"),
    ("आईचे माहेरचे नाव Kulkarni — तेच उत्तर ठेवलंय bank app साठी", "Kulkarni"),
])
def test_a_security_answer_named_in_more_languages(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text, value", [
    ("बाबांच्या मोबाईलवर आलेला कोड 481920", "481920"),
    ("ujumbe umekuja kwenye simu ya baba ukisema 771204, nitumie haraka", "771204"),
    ("মায়ের ফোনে এসেছে 553901, তাড়াতাড়ি দাও", "553901"),
    ("kode yang masuk ke hp ibu 905512", "905512"),
    ("ابو کے فون پر آیا ہوا کوڈ 618204", "618204"),
])
def test_a_code_told_by_the_phone_it_came_to(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


def test_a_bare_code_after_the_phone_it_came_to() -> None:
    assert "5190" not in redact_thread("5190", ["ابو کے موبائل پر آیا"])


@pytest.mark.parametrize("text, value", [
    ("order number 448120 phone pe aaya", "448120"),
    ("tambayar tsaro tana da sauki, kowa zai iya gane ta", "sauki"),
    ("जवाब 42 है, गणित का सवाल", "42"),
])
def test_labels_and_talk_are_kept(text: str, value: str) -> None:
    assert value in redact_secrets(text)


@pytest.mark.parametrize("text, value", [
    ("my password is my phone number 0723 711 906 lol", "0723 711 906"),
    ("senha do portal é meu celular 11987654321", "11987654321"),
    ("كلمة السر هي رقم جوالي 0551234567", "0551234567"),
    ("portal ka password mera mobile number 9876501234 hai", "9876501234"),
    ("kata sandi akun pendaftaran itu nomor hp ku 081234567890", "081234567890"),
    ("pw pengumuman = tgl lahirku 03/07/2007", "03/07/2007"),
])
def test_a_password_told_as_ones_phone_number_or_birth_date(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


def test_a_phone_password_in_the_turn_after_the_portal() -> None:
    assert "6047088199" not in redact_thread("pwd is his mobile 6047088199", ["for my brother's college admission login"])


@pytest.mark.parametrize("text, value", [
    ("the password reset goes to my mobile 0723711906", "0723711906"),
    ("forgot the wifi password, call me on my mobile 0723711906", "0723711906"),
    ("the password is not my phone number, that's 0723711906", "0723711906"),
    ("password ka OTP mere mobile 9876501234 pe aayega", "9876501234"),
])
def test_a_phone_number_beside_talk_of_a_password_is_kept(text: str, value: str) -> None:
    assert value in redact_secrets(text)


@pytest.mark.parametrize("text, value", [
    ("cycle lock number 4417", "4417"),
    ("suitcase lock number 385, dont forget", "385"),
    ("padlock no 0429 for the gym bag", "0429"),
    ("دکان کے تالے کا کوڈ 7720 ہے", "7720"),
])
def test_a_combination_locks_number_is_its_code(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text, value", [
    ("locker number 23", "23"),
    ("the safe no 12 is in the hall", "12"),
    ("the lock number 14 on the gate is broken", "14"),
])
def test_a_lockers_or_safes_own_number_is_kept(text: str, value: str) -> None:
    assert value in redact_secrets(text)


def test_backup_codes_printed_in_columns_are_withheld_whatever_the_words() -> None:
    out = redact_thread("4821 0936  7713 5402  6158 2290  3307 8841", ["isko sambhal ke rakhna"])
    assert "7713 5402" not in out and "4821 0936" not in out


@pytest.mark.parametrize("text", [
    "card 4929 1234 5678 9012 expired",
    "receipt 1234 5678  total 99",
    "call 0803 1234 or 0803 5678",
])
def test_other_groups_of_four_are_not_backup_codes(text: str) -> None:
    assert backup_code_lists.printed_spans(text) == []


@pytest.mark.parametrize("text, value", [
    ("jibu la swali la benki ni Morogoro", "Morogoro"),
    ("javab-e soal-e amniyati: Shiraz", "Shiraz"),
    ("خفیہ سوال کا جواب بلبل لکھا ہے", "بلبل"),
    ("میرا خفیہ سوال کا جواب: کراچی", "کراچی"),
])
def test_a_security_answer_named_in_transliterations(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


def test_ten_character_backup_codes_after_their_name() -> None:
    out = redact_thread("codigos de respaldo\nq8vz1kd0pw\nmtr7xn2qhs\nzpkwhdxbrt\n4gq9lwc2ne", [])
    assert not any(c in out for c in ("q8vz1kd0pw", "mtr7xn2qhs", "zpkwhdxbrt", "4gq9lwc2ne"))


def test_ten_letter_words_are_no_backup_codes() -> None:
    text = "backup plan for the trip:\nvegetables\nblanket\nchocolate\numbrella"
    assert backup_code_lists.spans(text) == []
