"""A password told where the language joins no word between its name and the value, or puts the verb last."""

import pytest

from fact_memory_graph.secrets import redact_secrets, unjoined_values


@pytest.mark.parametrize("text, value", [
    ("ghar ke router ka password neelkamal hai", "neelkamal"),  # Hinglish, the verb last
    ("मेरे लैपटॉप का पासवर्ड सूरजमुखी है", "सूरजमुखी"),
    ("password maine kachnar rakha hai", "kachnar"),  # a "set" verb before the final one
    ("पासवर्ड है: कमलनयन", "कमलनयन"),  # the final right after the name opens the value
    ("میرا پاس ورڈ گلابی ہے", "گلابی"),
    ("رمز عبور لپ تاپ من آفتابگردان است", "آفتابگردان"),
    ("كلمة السر لحسابي زنبقة", "زنبقة"),  # no copula: a qualifier, then the value
    ("הסיסמה לג'ימייל שלי רקפת", "רקפת"),
    ("اسم المستخدم samir.h وكلمة المرور سنديانة", "سنديانة"),  # the name alone beside a login
    ("kata sandinya kenanga", "kenanga"),  # Indonesian "-nya" on the name
    ("password Spotify-nya rambutan ya", "rambutan"),  # ... or on its qualifier
    ("kata laluan emel saya ialah cempaka", "cempaka"),
    ("รหัสผ่านอีเมลของผมคือ ทุเรียน", "ทุเรียน"),  # Thai: the copula glued to the words before it
    ("メールのパスワード、すずらん", "すずらん"),  # a comma after the name
])
def test_a_value_without_a_joining_word_is_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text", [
    "yaar mera password bhool gaya hai",
    "router ka password kya hai?",
    "पासवर्ड डायरी में लिखा है",
    "password maine note kiya hai",
    "كلمة السر صعبة جدا",
    "ما هي كلمة السر للواي فاي؟",
    "הסיסמה נמצאת במגירה",
    "הסיסמה עובדת",
    "கடவுச்சொல் மறந்துவிட்டேன்",
    "kata sandinya sudah diganti",
    "kata sandinya minimal 8 karakter",
    "รหัสผ่านคือสิ่งสำคัญ",
    "パスワード、忘れちゃった",
    "رمز عبور را فراموش کردم",
])
def test_talk_about_a_password_gives_no_value(text: str) -> None:
    assert unjoined_values.spans(text) == []
