"""Round twenty-eight (t59b): background checks' names in more languages, memorable words named by who asks,
security answers by their topic and a verb of setting or a dash before "the answer to", confidences'
"don't tell anyone" in more languages, policies of no particular cover, and a thread's look-alike filters
that no longer drop what a turn alone withholds. General phrasings of our own, none from a corpus."""

from __future__ import annotations

import pytest
from langchain_core.messages import HumanMessage

from fact_memory_graph.forgetting import withheld_turns
from fact_memory_graph.secrets import redact_secrets, redact_thread
from fact_memory_graph.threads import message_in_thread, secret_shown_later


@pytest.mark.parametrize("text, value", [
    ("my good conduct certificate no. is GC-55120934", "GC-55120934"),
    ("PVG number PC-77340121, started last week", "PC-77340121"),
    ("পুলিশ ক্লিয়ারেন্স সার্টিফিকেট নং 7781-2290-114", "7781-2290-114"),
    ("मेरो प्रहरी रिपोर्ट नम्बर 1122/081/55431 हो", "1122/081/55431"),
    ("police character certificate ref PCC/LHR/448812", "PCC/LHR/448812"),
    ("warqadda dambi la'aanta lambarkeedu waa 88213457", "88213457"),
])
def test_background_checks_in_more_words(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text, value", [
    ("stolen phone imei 010109201581136 for the police report", "010109201581136"),
    ("character certificate fee paid, receipt 7782231", "7782231"),
])
def test_a_police_report_and_a_fee_are_kept(text: str, value: str) -> None:
    assert value in redact_secrets(text)


@pytest.mark.parametrize("earlier, text, value", [
    (["new job starts monday"], "police check ref 553120987", "553120987"),
    (["for the volunteer form"], "background check reference BC-88123400", "BC-88123400"),
    (["hey"], "my SHA member no is CR55120934", "CR55120934"),
])
def test_a_turn_after_small_talk_keeps_its_own_secret(earlier: list[str], text: str, value: str) -> None:
    assert value not in redact_thread(text, earlier)


@pytest.mark.parametrize("text, value", [
    ("মেমোরেবল ওয়ার্ড sunflower", "sunflower"),
    ("erayga xusuusta bangiga waa cirro", "cirro"),
    ("میموریبل ورڈ biryani ہے", "biryani"),
    ("मेमोरेबल वर्ड kachori", "kachori"),
])
def test_memorable_word_transliterated(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("value, naming", [
    ("Kilimanjaro", "thats the word the bank asks when i call"),
    ("Marmite", "that's the word nationwide asks for on the phone"),
])
def test_memorable_word_named_by_who_asks_next(value: str, naming: str) -> None:
    assert value not in "".join(_stored([value, naming]))


@pytest.mark.parametrize("value, naming", [
    ("Chelsea", "thats the word my son asks about all the time"),
    ("Paris", "that's the city they asked about in the quiz"),
])
def test_a_word_asked_about_is_kept(value: str, naming: str) -> None:
    assert value in "".join(_stored([value, naming]))


@pytest.mark.parametrize("text, value", [
    ("Rex – the answer to “what was your first dog's name” on the HMRC login", "Rex"),
    ("Mäuschen — die Antwort auf 'Name des ersten Haustiers' beim Portal", "Mäuschen"),
    ("Lupita — la respuesta a 'nombre de tu primera mascota' en la app", "Lupita"),
    ("Pemberton — that's the answer to the school question on the Vanguard login", "Pemberton"),
    ("first pet? I put Pepita", "Pepita"),
    ("street I grew up on: I put Harrow Road", "Harrow Road"),
    ("puse Firulais, el nombre de mi primer perro", "Firulais"),
    ("la respuesta es Tobi, mi primera mascota", "Tobi"),
    ("jibu ni Mombasa, mji wazazi wangu walipokutana", "Mombasa"),
])
def test_security_answers_without_a_security_word(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text, value", [
    ("42 — the answer to 'life, the universe and everything'", "42"),
    ("Paris — that's the answer to the quiz question about capitals", "Paris"),
    ("Blue — the answer to 'what colour is the sky' in my kid's worksheet", "Blue"),
    ("first car was a Fiat, I put Michelin tyres on it", "Michelin"),
    ("my first pet? I put it in the garden every day", "garden"),
])
def test_answers_that_are_no_security_answers_are_kept(text: str, value: str) -> None:
    assert value in redact_secrets(text)


@pytest.mark.parametrize("text", [
    "cidna ha u sheegin, gabadhaydu waa uur leedahay",
    "यो कुरा कसैलाई नभन, मेरो श्रीमानको जागिर गयो",
    "kar ki fada wa kowa, mijina ya rasa aikinsa",
    "wag mo ipagkalat, buntis ako",
    "mimi ni mjamzito, naomba ibaki hapa",
    "ဘယ်သူ့ကိုမှ မပြောပါနဲ့ ငါ အလုပ်ထွက်တော့မယ်",
    "កុំប្រាប់នរណា ខ្ញុំមានផ្ទៃពោះ",
    "i've told no one this, my dad has dementia",
    "I have never told anyone, I failed my degree",
    "my sister told me in confidence she's getting divorced",
    "I've never said it out loud before but I'm gay",
    "I'm in debt again. keep it here pls",
])
def test_dont_tell_anyone_in_more_languages(text: str) -> None:
    assert withheld_turns([text]) == [True]


@pytest.mark.parametrize("text", [
    "mama yangu yuko hapa, naomba ubaki hapa pia",
    "kar ka manta da taron gobe",
    "wag mong kalimutan ang meeting bukas",
    "keep it here until Friday, I'll collect the parcel then",
    "nobody told me the meeting moved to 3",
    "I told no lies at the interview, got the job",
])
def test_lookalike_phrases_are_no_confidence(text: str) -> None:
    assert withheld_turns([text]) == [False]


def test_only_telling_you_covers_the_next_turn() -> None:
    assert withheld_turns(["শুধু তোমাকে বলছি", "আমার বোন চাকরি ছেড়ে দিয়েছে"])[1]


@pytest.mark.parametrize("text, value", [
    ("numéro de police assurance AX-77120934", "AX-77120934"),
    ("my insurance policy number is HX9921034", "HX9921034"),
    ("número de póliza del seguro: 55120-8831", "55120-8831"),
    ("polisnummer van de verzekering HEM-55120934", "HEM-55120934"),
])
def test_a_policy_of_no_named_cover_is_kept(text: str, value: str) -> None:
    assert value in redact_secrets(text)


@pytest.mark.parametrize("text, value", [
    ("health insurance policy number HX9921034", "HX9921034"),
    ("Medicare policy number 1EG4-TE5-MK72", "1EG4-TE5-MK72"),
    ("del seguro médico, el número de póliza es 77812345", "77812345"),
    ("numéro d'adhérent mutuelle santé 88123455", "88123455"),
    ("nhif number ya mama 7712093", "7712093"),
    ("NHIS card number 88123344 for the clinic", "88123344"),
])
def test_a_health_plans_number_stays_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("question, value", [
    ('the app asks "what was your first pet\'s name?"', "Biscuit"),
    ("el formulario pregunta: ¿cuál fue el nombre de tu primera mascota?", "Pelusa"),
    ('o site pergunta "qual o nome do seu primeiro animal de estimação?"', "Totó"),
])
def test_a_reply_to_a_quoted_security_question(question: str, value: str) -> None:
    assert value not in "".join(_stored([question, value]))


def test_a_reply_to_a_quoted_quiz_question_is_kept() -> None:
    assert "Canberra" in "".join(_stored(['the quiz says "What is the capital of your country?"', "Canberra"]))


def _stored(turns: list[str]) -> list[str]:
    """What a thread of these user turns leaves to store (as benchmarks/secret_corpus_quick.py reads it)."""
    messages = [HumanMessage(t) for t in turns]
    hidden = withheld_turns(turns)
    return [message_in_thread(t, messages, i, redact=True) for i, t in enumerate(turns)
            if not hidden[i] and not (i + 1 < len(turns) and secret_shown_later(messages, i, i + 1))]
