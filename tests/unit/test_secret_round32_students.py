"""Round thirty-two (t63a): exam candidates and students — security questions named in Hausa, Yoruba, Igbo,
Amharic and Indian languages, one-time codes told by the phone they came to in South Asian and East and West
African languages. General phrasings of our own, none from a corpus."""

from __future__ import annotations

import pytest

from fact_memory_graph.secrets import redact_secrets, redact_thread


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
