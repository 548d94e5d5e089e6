"""Issue 45, seventh round (words and context): secrets named by a word, implicit privacy, a
secret split across turns, the look-alikes that only name a secret word, and ``remember_many``
reading each message as the next turn of its thread.

Every value and sentence here was written for these tests (none copied from a corpus).
"""

from __future__ import annotations

from typing import Any

import pytest

from fact_memory_graph import FactMemory
from fact_memory_graph.forgetting import asks_to_forget, withheld_turns
from fact_memory_graph.sanitize import redact_secrets, redact_thread
from fact_memory_graph.testing import ScriptedChatModel, prompt_message
from tests.test_forget_final import tables_holding
from tests.test_secret_threads import hostile


# ---------------------------------------------------------------- remember_many reads a thread
def test_remember_many_reads_each_message_with_the_earlier_ones_of_its_thread(
        make_memory: Any, db_url: str, user_id: str) -> None:
    memory: FactMemory = make_memory(ScriptedChatModel(default=hostile))
    other = f"{user_id}-other"
    items = [
        # a code named in one item, dictated in the next two
        {"user_id": user_id, "message": "the code for the bike shed is a long one", "session_id": "s1"},
        {"user_id": user_id, "message": "it's 739104", "session_id": "s1"},
        {"user_id": user_id, "message": "then 882615", "session_id": "s1"},
        # another user's thread in between: its numbers are not secrets, and not read with user_id's
        {"user_id": other, "message": "my flight lands at 17:40 on Friday", "session_id": "s1"},
        {"user_id": other, "message": "it's gate 52", "session_id": "s1"},
        # a private turn announced by the one before it
        {"user_id": user_id, "message": "can I tell you something in confidence?", "session_id": "s1"},
        {"user_id": user_id, "message": "I have been interviewing with Quillmark Labs", "session_id": "s1"},
        # the same user, another session: not read with s1's turns
        {"user_id": user_id, "message": "my order number is 4410-2291", "session_id": "s2"},
    ]
    outcomes = memory.remember_many(items, concurrency=4)
    assert all(o.error is None for o in outcomes), [o.error for o in outcomes]
    for needle in ("739104", "882615", "Quillmark"):
        assert tables_holding(db_url, needle, user_id) == [], needle
    # what is no secret is kept: the other user's gate, the order number in its own session
    assert tables_holding(db_url, "gate 52", other)
    assert tables_holding(db_url, "4410-2291", user_id)


async def test_aremember_many_reads_a_label_then_its_value(make_memory: Any, db_url: str, user_id: str) -> None:
    memory: FactMemory = make_memory(ScriptedChatModel(default=hostile))
    items = [{"user_id": user_id, "message": "what's the wifi password at the cabin?"},
             {"user_id": user_id, "message": "it's larchwood-owl"},
             {"user_id": user_id, "message": "we drive up on the 14th"}]
    outcomes = await memory.aremember_many(items, ordered=False)
    assert all(o.error is None for o in outcomes)
    assert tables_holding(db_url, "larchwood", user_id) == []
    assert tables_holding(db_url, "14th", user_id)


def test_remember_many_forget_that_reaches_the_item_before(make_memory: Any, user_id: str) -> None:
    def ops(messages: Any) -> list[dict[str, Any]]:
        text = prompt_message(messages)
        if "forget" in text.lower():
            return []
        return [{"op": "add_durable", "category": "identity", "claim": f"said: {text}"}]

    memory: FactMemory = make_memory(ScriptedChatModel(default=ops))
    items = [{"user_id": user_id, "message": "I started learning the oboe", "message_id": "m-1"},
             {"user_id": user_id, "message": "I'm moving to Tromsø in May", "message_id": "m-2"},
             {"user_id": user_id, "message": "forget what I just said", "message_id": "m-3"}]
    outcomes = memory.remember_many(items)
    assert all(o.error is None for o in outcomes)
    claims = [f.claim for f in memory.facts.list(user_id)]
    assert any("oboe" in c for c in claims), claims
    assert not any("Tromsø" in c for c in claims), claims


# ---------------------------------------------------------------- helpers for the cases below
def _masked(text: str, value: str) -> bool:
    return value not in redact_secrets(text)


def _kept(text: str, value: str) -> bool:
    return value in redact_secrets(text)


def _masked_in_thread(turns: list[str], value: str) -> bool:
    return value not in redact_thread(turns[-1], turns[:-1])


# ---------------------------------------------------------------- secrets named by a word
@pytest.mark.parametrize(("text", "value"), [
    # a value given again after a word taking the first back
    ("ok so the garage pin is 6 2 9 3. no wait. 6 2 3 9, that's it", "6 2 3 9"),
    ("la clave de la alarma es 7730, perdón, 7703", "7703"),
    ("der Türcode ist 1184, nein warte 1148", "1148"),
    # a one-time code in capital letters only
    ("Steam guard code: QWPRX. how do I stop it asking every day?", "QWPRX"),
    ("mi código de verificación es HZKTM", "HZKTM"),
    ("your verification code is LJWQB", "LJWQB"),
    # a dial lock's combination as turns
    ("padlock combo R 14 L 3 R 27", "14 L 3 R 27"),
    ("la combinación del candado es derecha 11 izquierda 36 derecha 8", "11 izquierda 36"),
    # a quoted answer after an arrow; an answer after "and put"; a proper name after a comma
    ("security q: childhood street → 'Maple Crescent'. not sure about the spelling", "Maple Crescent"),
    ("the bank wanted a security question. I chose 'first teacher' and put Mrs Halvorsen", "Halvorsen"),
    ("puse como respuesta secreta el nombre de mi abuela, Dolores Arrieta, jaja", "Dolores Arrieta"),
    ("my security answer is my first school, Brookfield Elementary, too easy", "Brookfield Elementary"),
    # a code said wrong, then given right in the next sentence
    ("Die PIN, die ich dir für die EC-Karte genannt habe, ist falsch. Richtig ist 3391.", "3391"),
    # "…, ahora es X"; a Wi-Fi key in a config file
    ("Cambié la contraseña del wifi de casa, ahora es granito-lento-77 (sin espacios)", "granito-lento-77"),
    ('network={\n  ssid="HOME-5G"\n  psk="Vx81!lampost"\n}', "Vx81!lampost"),
    # recovery codes over lines, after a few words, after a Japanese comma, one code of five groups
    ("Dropbox recovery codes for the shared team login, keep them:\nq7kd2-pwm4x\n81nzc-ab3ty", "q7kd2"),
    ("個人アカウントのバックアップコード：55810293、77203148", "77203148"),
    ("Il codice di recupero del mio Authy è k4p2 9zxa m7qe", "9zxa"),
])
def test_round_seven_named_secrets_are_withheld(text: str, value: str) -> None:
    assert _masked(text, value), redact_secrets(text)


@pytest.mark.parametrize(("turns", "value"), [
    # a reply after a question naming the secret
    (["what's my router login again?", "nvm it's on the sticker: otter-pine-walnut5"], "otter-pine-walnut5"),
    (["what's the wifi password at the cabin?", "oh right, it's heronlake-dusk"], "heronlake-dusk"),
    # a combination named in one turn, its turns in the next
    (["remind me of the bike shed combo tomorrow", "it's left 22 right 7 left 31"], "22 right 7"),
    # parts of a password in Hebrew; a part turn that is no filler; a part after "starts with"
    (["הסיסמה מתחילה ב Quorvin", "ונגמרת ב 88!tz"], "88!tz"),
    (["te paso la clave del banco", "es Tortuga", "y después _Lima1990, todo junto"], "_Lima1990"),
    (["my password for the council tax portal starts with", "Rk7pQe and then zz93Lm, no space"], "zz93Lm"),
    # a code said wrong in one turn, the right one in the next
    (["the keypad code for the storage unit was wrong in my last msg", "it's 5530917, not the old one"],
     "5530917"),
    # a recovery code named in one turn, given in the next
    (["Återställningskoder för mitt Microsoft-konto:", "HQWZT-41KPL-ZZ8RT-M2NXC-7YYBD"], "HQWZT"),
])
def test_round_seven_secrets_over_turns_are_withheld(turns: list[str], value: str) -> None:
    assert _masked_in_thread(turns, value), redact_thread(turns[-1], turns[:-1])


# ---------------------------------------------------------------- look-alikes that only name a word
@pytest.mark.parametrize(("text", "value"), [
    ("door code 7712, I get home at 1830", "1830"),
    ("the alarm code is 3318 and the cleaner comes at 0945", "0945"),
    ("my PIN expires at the end of March 2028, need a new card", "2028"),
    ("2021 is the year my pin changed", "2021"),
    ("UPI PIN change kiya GooglePay me, ab payment ho rahi", "GooglePay"),
    ("non ricordo il PIN di PosteID, come lo recupero?", "PosteID"),
    ("mijn wachtwoorden staan in iCloud Keychain", "iCloud"),
    ("my passwords live in KeePassXC", "KeePassXC"),
    ("Der ICD-10-Code auf dem Attest ist M54.5, was bedeutet das?", "M54.5"),
    ("Login geht nicht, Störungsnummer INC-2024-55812", "2024-55812"),
    ("the verification code was SENT to my old phone", "SENT"),
    ("the hotel confirmation number is 51936482 for the 3 nights", "51936482"),
    ("conference bridge: dial-in +44 20 7946 0321, access code 6620 9184#", "6620 9184"),
    ("export API_KEY=<paste-your-key-here> is what the README says", "<paste-your-key-here>"),
    ("the template has token: YOUR_TOKEN_HERE, where do I get one?", "YOUR_TOKEN_HERE"),
    ("do I set POSTGRES_PASSWORD_FILE or POSTGRES_PASSWORD?", "POSTGRES_PASSWORD_FILE"),
    ('values:\n  auth:\n    password: "{{ .Values.adminPassword }}"\n    existingSecret: app-db-creds', "app-db-creds"),
    ("url: mysql://user:password@localhost:3306/shop is the default", "user:password@localhost"),
    ("recovery codes: 4412 9981 and the app version is 2.3", "the app version"),
    ("turn left 3 times then right 2 at the junction, left 1 more", "right 2"),
])
def test_round_seven_look_alikes_are_kept(text: str, value: str) -> None:
    assert _kept(text, value), redact_secrets(text)


@pytest.mark.parametrize(("turns", "value"), [
    (["is the pin ok?", "yes. we met at 2015 tonight"], "2015"),  # (a year, not a code)
    (["my order number starts with", "KX44 and the rest is on the receipt"], "KX44"),
])
def test_round_seven_look_alikes_over_turns_are_kept(turns: list[str], value: str) -> None:
    assert value in redact_thread(turns[-1], turns[:-1])


# ---------------------------------------------------------------- implicit privacy
@pytest.mark.parametrize("turns", [
    ["Mówię ci to w zaufaniu: mój brat stracił pracę"],
    ["这件事只有你知道：我姐姐要离婚了"],
    ["I help my neighbour with paperwork. Please don't put this anywhere, but he can't read"],
    ["yeh sirf hum dono ke beech hai: mera bhai jail mein hai"],
    ["Te lo digo en confianza: voy a dejar el trabajo"],
    ["Ich sag dir das im Vertrauen: meine Schwester ist schwanger"],
    ["So, nur du weisst das: ich habe gekündigt"],
    # a bare marker announcing the next turn
    ["Even iets vertrouwelijks", "mijn zus gaat scheiden"],
    ["quick q, keep it confidential", "my manager is being investigated"],
    ["Something confidential:", "my father has dementia"],
    ["sa pagitan natin, lilipat ako sa Davao"],
])
def test_round_seven_private_turns_are_withheld(turns: list[str]) -> None:
    assert withheld_turns(turns)[-1], turns


@pytest.mark.parametrize("turns", [
    ["I don't put my keys anywhere special"],
    ["only you can decide which flat to rent"],
    ["the quick brown fox is a typing test"],
    ["only you know how to fix this bike"],
    ["don't put this anywhere near the radiator"],
])
def test_round_seven_ordinary_turns_are_kept(turns: list[str]) -> None:
    assert not withheld_turns(turns)[-1], turns


# ---------------------------------------------------------------- "X, please don't remember that": X only
@pytest.mark.parametrize(("text", "language"), [
    ("aku pindah ke Bandung, jangan diingat ya", "id"),
    ("انتقلت إلى عمّان، لا تتذكر هذا", "ar"),
    ("jag har bytt jobb, kom inte ihåg det", "sv"),
    ("vaihdoin työpaikkaa, älä muista tätä", "fi"),
    ("άλλαξα δουλειά, μην το θυμάσαι", "el"),
    ("lumipat ako sa Cebu, huwag mo itong tandaan", "tl"),
    ("nimehamia Mombasa, usikumbuke hili", "sw"),
    ("עברתי לחיפה, אל תזכור את זה", "he"),
    ("আমি চাকরি বদলেছি, এটা মনে রেখো না", "bn"),
    ("میں نے نوکری بدل لی، یہ یاد مت رکھنا", "ur"),
])
def test_round_seven_this_message_only_is_not_kept(text: str, language: str) -> None:
    request = asks_to_forget(text)
    assert request is not None and request.target == "this" and request.language == language, request


@pytest.mark.parametrize("text", ["jangan lupa beli susu", "jag glömde inte nyckeln", "أنا لا أتذكر اسمه"])
def test_round_seven_no_request(text: str) -> None:
    assert asks_to_forget(text) is None


@pytest.mark.parametrize(("text", "private"), [
    ("settings.yaml:\n  secret: ${APP_SECRET}\n  region: eu-west-1\nwhy does it fail?", False),
    ("app:\n  confidential: true\n  name: ledger\n", False),
    ("Secret: I failed my driving test again", True),
    ("Secret: engaged", True),
])
def test_round_seven_a_config_key_is_no_privacy_marker(text: str, private: bool) -> None:
    assert (asks_to_forget(text) is not None) is private


@pytest.mark.parametrize(("text", "value"), [
    ("my streaming password is shared with my brother, he pays 6.50", "shared with my brother"),
    ("the passcode on my tablet is 6 digits long", "6 digits long"),
    ("Indian PIN code for Indiranagar is 560038", "560038"),
])
def test_round_seven_words_about_a_secret_are_kept(text: str, value: str) -> None:
    assert _kept(text, value), redact_secrets(text)


def test_round_seven_a_key_in_named_parts_is_withheld() -> None:
    turns = ["access token part 1 (the chat cuts long messages, sorry): Qm7rTzLwpXa2vKd9Nn", "part 2: hY4cPq8sWmZr3TbKe1"]
    assert "Qm7rTzLwpXa2vKd9Nn" not in redact_thread(turns[0], [])
    assert "hY4cPq8sWmZr3TbKe1" not in redact_thread(turns[1], turns[:1])


@pytest.mark.parametrize(("text", "value"), [
    ("the bank asked for my memorable word, it's kingfisher", "kingfisher"),
    ("WiFiのパスワードはmomiji-kaze", "momiji-kaze"),
    ("mother's maiden name? Wiśniewska", "Wiśniewska"),
])
def test_round_seven_more_named_secrets(text: str, value: str) -> None:
    assert _masked(text, value), redact_secrets(text)


def test_round_seven_a_question_about_the_security_question_is_kept() -> None:
    assert _kept("the security question was about my first car", "about my first car")


@pytest.mark.parametrize("text", [
    "not for the work group chat: I'm moving in with Sam",
    "no le cuentes a mi papá que dejé el trabajo",
    "guárdame el secreto: estoy buscando casa en Lisboa",
    "te cuento una cosa pero que no salga de aquí: mi tío está enfermo",
    "việc này giữ bí mật nhé, anh đang nợ tiền",
    "yeh baat raaz rakhna, mera divorce chal raha hai",
    "segredo: meu irmão perdeu o emprego",
    "ఎవరికీ చెప్పకు, నేను ఇల్లు మారుతున్నాను",
    "யாரிடமும் சொல்லாதே, நான் வீடு மாறுகிறேன்",
    "कोणाला सांगू नकोस, मी घर बदलतोय",
    "это между нами: я ищу новую работу",
    "ممكن أقول لك شي بس خليه سر؟ أخوي ترك الجامعة",
    "سر بيني وبينك: أخوي ترك الجامعة",
    "don't tell my sister, I'm planning her surprise party",
])
def test_round_seven_more_implicit_privacy(text: str) -> None:
    request = asks_to_forget(text)
    assert request is not None and request.target == "this", request


@pytest.mark.parametrize("text", [
    "don't tell my boss joke again lol", "the secret: ingredient list below", "not for sale: my old bike",
    "el secreto del éxito es la constancia", "what's the secret: practice",
])
def test_round_seven_more_ordinary_messages(text: str) -> None:
    request = asks_to_forget(text)
    assert request is None or request.target != "this", request


@pytest.mark.parametrize(("text", "value"), [
    ("security question ka answer 'Golu' hai, mera pehla tota", "Golu"),
    ("the answer to 'first pet' is mr whiskers", "whiskers"),
    ("if they ask the street i grew up on its Juniper Lane", "Juniper"),
    ("пароль от банка? нет, от почты: vishnya_1984", "vishnya_1984"),
    ("الباسورد limonada-fresca بدون مسافات", "limonada-fresca"),
    ("bike padlock on the shed is 19-4-27", "19-4-27"),
    ("Wiederherstellungsschlüssel fürs Tablet: 551093-884217", "551093-884217"),
])
def test_round_seven_45e_family_secrets(text: str, value: str) -> None:
    assert _masked(text, value), redact_secrets(text)


@pytest.mark.parametrize(("text", "value"), [
    ("the answer to 'how many moons does Jupiter have' is ninety-five", "ninety-five"),
    ("when they asked about my favorite movie it was Heat", "Heat"),
    ("暗証番号を2回間違えた", "2回"),
    ("كلمة السر gmail.com", "gmail.com"),
])
def test_round_seven_45e_family_look_alikes(text: str, value: str) -> None:
    assert _kept(text, value), redact_secrets(text)


def test_round_seven_a_code_read_out_after_a_bank_text() -> None:
    turns = ["dad what's the code", "the one the bank just sent to your phone", "nvm mum read it: 3 9 0 2 7 1"]
    assert "3 9 0 2 7 1" not in redact_thread(turns[-1], turns[:-1])


@pytest.mark.parametrize(("text", "value", "masked"), [
    ("evin wifi şifresi kirazbahcesi", "kirazbahcesi", True),
    ("modemin şifresi değişti", "değişti", False),
    ("şifrem çok uzun", "uzun", False),
])
def test_round_seven_a_value_after_a_name_with_no_joining_word(text: str, value: str, masked: bool) -> None:
    assert _masked(text, value) is masked, redact_secrets(text)


@pytest.mark.parametrize("turns", [
    ["¿te puedo contar algo en confianza?", "me voy a Chile en junio"],
    ["je peux te dire un secret ?", "je déménage à Lyon"],
    ["darf ich dir was im Vertrauen sagen?", "ich ziehe nach Graz"],
    ["posso dirti una cosa in confidenza?", "mi trasferisco a Bari"],
    ["posso te contar um segredo?", "vou me mudar para Recife"],
    ["mag ik je iets vertellen in vertrouwen?", "ik verhuis naar Gent"],
    ["могу я тебе кое-что рассказать по секрету?", "я переезжаю в Казань"],
    ["sana bir sır verebilir miyim?", "İzmir'e taşınıyorum"],
    ["秘密を話してもいい？", "来月大阪に引っ越す"],
    ["비밀 하나 말해도 돼?", "다음 달에 부산으로 이사 가"],
    ["ek baat bataun? kisi ko mat batana", "main Pune shift ho raha hoon"],
    ["boleh aku cerita rahasia?", "aku pindah ke Medan"],
    ["mình kể bạn bí mật nhé?", "mình sắp chuyển vào Huế"],
    ["ممكن أقولك سر؟", "راح أنتقل إلى جدة"],
    ["kan jag berätta en hemlighet?", "jag flyttar till Umeå"],
    ["czy mogę ci powiedzieć coś w tajemnicy?", "przeprowadzam się do Gdańska"],
    ["something personal, don't save it", "I'm moving to Leeds"],
])
def test_round_seven_an_announced_secret_in_many_languages(turns: list[str]) -> None:
    assert withheld_turns(turns)[-1], withheld_turns(turns)


@pytest.mark.parametrize("text", ["¿te puedo contar algo? el tren llega tarde", "darf ich dir was sagen? der Zug ist weg",
                                  "can I tell you something funny?"])
def test_round_seven_an_ordinary_question_announces_nothing(text: str) -> None:
    assert asks_to_forget(text) is None


@pytest.mark.parametrize(("text", "value", "masked"), [
    ("contra del insta: Mango_loco_19, no se la pases a nadie", "Mango_loco_19", True),
    ("votaron en contra del proyecto: 120 a 98", "120 a 98", False),
])
def test_round_seven_spanish_contra(text: str, value: str, masked: bool) -> None:
    assert _masked(text, value) is masked, redact_secrets(text)


@pytest.mark.parametrize(("text", "value", "masked"), [
    ("كلمة سر الواي فاي هي narjis", "narjis", True),
    ("the verification code is PLM-QRT", "PLM-QRT", True),
    ("PIN code area 560011 Bengaluru", "560011", False),
])
def test_round_seven_battery_fixes(text: str, value: str, masked: bool) -> None:
    assert _masked(text, value) is masked, redact_secrets(text)


@pytest.mark.parametrize(("turns", "value", "masked"), [
    (["the shed code", "oh and they changed it", "now 7730"], "7730", True),
    (["what's the door code", "hang on let me look", "5512"], "5512", True),
    (["remember the gate code", "thanks for yesterday btw", "see you at 1745"], "1745", False),
])
def test_round_seven_an_aside_between_a_name_and_its_value(turns: list[str], value: str, masked: bool) -> None:
    assert _masked_in_thread(turns, value) is masked, redact_thread(turns[-1], turns[:-1])


@pytest.mark.parametrize("text", [
    "I'm only telling you this: my uncle is in hospital",
    "you can't tell anyone, but I failed the bar exam",
    "hush hush, we're expecting twins",
    "this doesn't leave this chat: I'm moving to Oslo",
    "sensitive info: I have epilepsy",
    "private: I'm seeing a counsellor",
    "I'd rather this not be remembered, but I'm in debt",
    "don't keep a record of this: I lost my job",
    "lowkey don't tell anyone but I'm engaged",
    "not something I want stored: I was arrested once",
    "off the books, I'm driving for Uber",
])
def test_round_seven_english_privacy_variants(text: str) -> None:
    request = asks_to_forget(text)
    assert request is not None and request.target == "this", request


@pytest.mark.parametrize("text", ["this is personal best territory", "it is private property", "private: true",
                                  "my personal best is 22 minutes", "you can't tell the difference"])
def test_round_seven_english_privacy_words_in_ordinary_messages(text: str) -> None:
    assert asks_to_forget(text) is None


def test_round_seven_an_answer_two_turns_after_its_question() -> None:
    turns = ["what's my security question again?", "first car", "and the answer is Skoda"]
    assert "Skoda" not in redact_thread(turns[-1], turns[:-1])
    assert "Paris" in redact_thread("the answer is Paris", ["what's the capital quiz?", "question 3"])


@pytest.mark.parametrize(("text", "value"), [
    ("the pin on the map is at 48.8584, 2.2945", "48.8584"),
    ("my PIN was blocked after 3 tries", "3 tries"),
    ("the safe is a Yale model YSV/250/DB2", "250/DB2"),
])
def test_round_seven_a_place_a_state_a_model_are_kept(text: str, value: str) -> None:
    assert _kept(text, value), redact_secrets(text)


def test_round_seven_a_changed_pin_is_still_withheld() -> None:
    assert _masked("my PIN was changed to 6620", "6620")


@pytest.mark.parametrize("text", [
    "abeg no tell anybody, I don change work",
    "唔好同人講呀，我轉咗工",
    "kada ka gaya wa kowa, na canza aiki",
    "aja kandha sapa-sapa ya, aku ganti kerja",
    "ለማንም አትንገር፣ ሥራ ቀይሬያለሁ",
    "ma so fun enikeni, mo ti yi ise pada",
    "nu spune nimănui, mi-am schimbat jobul",
    "säg inget till någon, jag har bytt jobb",
    "ਕਿਸੇ ਨੂੰ ਨਾ ਦੱਸੀਂ, ਮੈਂ ਨੌਕਰੀ ਬਦਲ ਲਈ",
    "ಯಾರಿಗೂ ಹೇಳಬೇಡ, ನಾನು ಕೆಲಸ ಬದಲಾಯಿಸಿದೆ",
    "ആരോടും പറയരുത്, ഞാൻ ജോലി മാറി",
    "કોઈને કહેતા નહીં, મેં નોકરી બદલી",
])
def test_round_seven_dont_tell_anyone_in_more_languages(text: str) -> None:
    request = asks_to_forget(text)
    assert request is not None and request.target == "this", request


@pytest.mark.parametrize(("text", "answer"), [
    ("Security question on the shop's account: 'city of birth' = Tromsø", "Tromsø"),
    ("Veiligheidsvraag: 'naam van de basisschool' = De Regenboog", "De Regenboog"),
    ("Säkerhetsfråga: 'mammas flicknamn' – svaret är Lindqvist", "Lindqvist"),
])
def test_a_quoted_question_then_its_value_masks_the_value(text: str, answer: str) -> None:
    """The quote after a question's name is the question when a value follows it ("= X")."""
    assert answer not in redact_secrets(text)
