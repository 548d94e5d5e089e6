"""The learned reader of a clause giving a security answer or a memorable word
(secrets/answer_clauses.py): sentences of our own, in wordings the rules were not written for, and
everyday talk it must leave alone."""

import pytest

from fact_memory_graph.secrets import answer_clauses, forms, redact_secrets


def read(text: str) -> list[str]:
    norm = forms.view(text)[0]
    return [norm[a:b] for a, b, _ in answer_clauses.spans(norm, forms.names_in(norm))]


READ = [
    ("for the security question, first pet was a guinea pig called Toffeeapple", "Toffeeapple"),
    ("the code word for phone banking is Kestrelwing", "Kestrelwing"),
    ("told the bank my first school was Hollowmere Primary for the security question", "Hollowmere"),
    ("pregunta de seguridad: mi primera mascota se llamaba Canela", "Canela"),
]


@pytest.mark.parametrize(("text", "value"), READ)
def test_a_clause_giving_an_answer_is_read_whole(text: str, value: str) -> None:
    found = read(text)
    assert found, text
    assert any(value.casefold() in f.casefold() for f in found)
    assert value not in redact_secrets(text)


LEFT = [
    # nothing names a password, an answer or a question's topic: the reader is not asked
    "but it was worth it",
    "Dedication and late nights got me here, but it was worth it.",
    "pepperoni of course! an amazing combination of spicy salami and cheese",
    "we named the puppy Biscuit and he already chews everything",
    # the cue is there, the clauses give nothing
    "I changed my password last week, the bank made me",
    "what was your first pet called? mine was a goldfish, I think",
]


@pytest.mark.parametrize("text", LEFT)
def test_everyday_talk_is_not_read(text: str) -> None:
    assert read(text) == []


def test_without_its_asset_the_reader_reads_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(answer_clauses, "model", lambda: None)
    assert read("for the security question, first pet was a guinea pig called Toffeeapple") == []


def test_the_shipped_model_is_the_privacy_readers_kind() -> None:
    reader = answer_clauses.model()
    assert reader is not None
    assert 0.5 < reader.threshold < 1.0
    assert reader.dim & (reader.dim - 1) == 0  # hashed into a power of two, as the privacy reader


STORIES = [
    "my first pet was a goldfish called Bubbles, he lived 8 years",
    "la mia prima macchina era una Panda, che ricordi",
    "Mi palabra secreta del banco es muy larga",
    "his answer to the question about his first job was honest",
]


@pytest.mark.parametrize("text", STORIES)
def test_a_story_or_a_secret_described_is_not_read(text: str) -> None:
    assert read(text) == []


def test_a_note_of_a_topic_is_read_and_the_same_fact_told_as_a_story_is_not() -> None:
    assert read("first pet was a guinea pig called Toffeeapple")
    assert read("first pet was a guinea pig called Toffeeapple, she lived for years") == []
    assert read("my first pet was a guinea pig, she was called Toffeeapple") == []


# Round nineteen: names of a question the names' reader lacks, notes laid out with "=", a value apposed after its
# clause, an answer given in the turn after the question.
NAMED = [
    ("η απάντηση στην ερώτηση ασφαλείας της τράπεζας είναι Κανέλα", "Κανέλα"),
    ("hasło do bankowości telefonicznej to Żurawina", "Żurawina"),
]


@pytest.mark.parametrize(("text", "value"), NAMED)
def test_an_answer_named_in_more_languages_is_read(text: str, value: str) -> None:
    assert any(value.casefold() in f.casefold() for f in read(text)), text
    assert value not in redact_secrets(text)


def test_a_short_clause_is_read_with_the_clause_before_it() -> None:
    assert answer_clauses.readings(["kontrollfrågan hos swedbank", "blåbärssoppa", "and I use it for everything"]) == [
        "kontrollfrågan hos swedbank", "kontrollfrågan hos swedbank blåbärssoppa", "and I use it for everything"]
    assert answer_clauses.readings(["odpowiedź", "sikorka"], "nazwisko panieńskie mamy") == [
        "nazwisko panieńskie mamy odpowiedź", "odpowiedź sikorka"]


def test_an_answer_in_the_turn_after_its_question_is_read() -> None:
    found = answer_clauses.thread_spans("odpowiedź: Sikorka", "Allegro: nazwisko panieńskie mamy?")
    assert ["odpowiedź: Sikorka"[a:b] for a, b, _ in found] == ["Sikorka"]


@pytest.mark.parametrize(("before", "text"), [
    ("what was your first dog called?", "Rex, a beagle"),  # a question's topic alone: talk (docs/privacy.md)
    ("the bank rang about my account", "Tuesday, I think"),  # who asks, no question
    ("Allegro: nazwisko panieńskie mamy?", "a czemu pytasz, bo nie pamiętam"),  # a long turn: not an answer
])
def test_a_turn_after_talk_or_a_long_turn_is_not_read(before: str, text: str) -> None:
    assert answer_clauses.thread_spans(text, before) == []


@pytest.mark.parametrize("text", [
    "Spotify asks for your first pet's name, what a silly question",
    "I answered the security question wrong three times",
    "my first dog was called Rex, he was lovely",
])
def test_talk_beside_who_asks_is_not_read(text: str) -> None:
    assert read(text) == []


@pytest.mark.parametrize(("question", "answer"), [
    ("Mädchenname deiner Mutter?", "Hartmannsdorf"),
    ("nom de jeune fille de ta mère ?", "Delacroix"),
    ("¿apellido de soltera de tu madre?", "Urquijo"),
    ("nome de solteira da sua mãe?", "Figueiredo"),
    ("cognome da nubile di tua madre?", "Castellani"),
    ("meisjesnaam van je moeder?", "Verhoeven"),
    ("annenizin kızlık soyadı?", "Karadeniz"),
])
def test_a_maiden_name_asked_of_you_then_given_alone_is_withheld(question: str, answer: str) -> None:
    from fact_memory_graph.secrets import redact_turns

    asked, given = redact_turns([question, answer])
    assert asked == question  # the question gives nothing: it is kept as asked
    assert answer not in given
