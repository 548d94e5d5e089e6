"""The learned reader of a value by the words around it (secrets/value_contexts.py): values in sentences
of our own, worded as no rule of the filter reads them, and look-alikes and everyday talk it leaves."""

import pytest

from fact_memory_graph.secrets import forms, redact_secrets, redact_turns, value_contexts


def test_a_run_of_digit_groups_is_one_candidate_and_punctuation_is_not_part_of_it() -> None:
    text = "call +966 50 735 9154, or (ab_cd9) now; HX8ud3p84d7mQG."
    assert [text[a:b] for a, b in value_contexts.candidates(text)] == ["+966 50 735 9154", "ab_cd9", "HX8ud3p84d7mQG"]


def test_words_and_short_numbers_are_no_candidates() -> None:
    assert value_contexts.candidates("we met at 10 and had 3 coffees with Maria") == []


def test_a_shape_is_its_classes_with_runs_cut_at_two() -> None:
    assert value_contexts.shape("HX8ud3p84d7mQG") == "AA9aa9a99a9aAA"
    assert value_contexts.shape("20134560745") == "99"
    assert value_contexts.shape("kaffe_Pohon20") == "aa_Aaa99"


def test_a_vin_is_read_by_its_check_digit() -> None:
    assert value_contexts.vin("1HGCM82633A004352")
    assert not value_contexts.vin("1HGCM82634A004352")  # one digit changed
    assert not value_contexts.vin("1HGCM82633A00435")  # sixteen characters


def test_the_shipped_model_is_the_privacy_readers_kind() -> None:
    reader = value_contexts.model()
    assert reader is not None
    assert 0.5 < reader.threshold < 1.0
    assert reader.dim & (reader.dim - 1) == 0


def test_without_its_asset_the_reader_reads_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(value_contexts, "model", lambda: None)
    norm = forms.view("el password taba3 el bank HX8ud3p84d7mQG")[0]
    assert value_contexts.spans(norm, []) == []


WITHHELD = [  # no rule of the filter reads these: the learned reader does
    ("pour la salle des casiers tu composes 771904", "771904"),
    ("882190 goes in the little box after the card", "882190"),
]
KEPT = [
    "call me on +44 7700 900123 after 6",
    "my order 112-3344556-7788990 arrived today",
    "we got married in 2011 and moved in 2015",
    "flight TK1984 lands at 14:35",
    "the invoice INV-2024-0093 is paid",
    "my username is moonlight_fox88 on discord",
    "the ISBN is 978-3-16-148410-0",
    "version 2.14.3 fixed the crash",
    "the wifi network is called Casa_Lopez_5G",
    "I 100% agree, we should play Cyberpunk 2077 on the 15th",
    "the VIN of the rental is 1HGCM82633A004352, the agency needs it",
    # a public label among the words around the value, glued to it, a book's number, a number sign's reference
    "results tomorrow, my roll number is 80412397, tell me if I passed",
    "courier AWB5512093310 for the certificates",
    "#811204455 - save this, it's the refund",
    "کتاب کا آئی ایس بی این 978-0-306-40615-7 ہے",
]


@pytest.mark.parametrize(("text", "value"), WITHHELD)
def test_a_value_its_neighbourhood_names_as_a_secret_is_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize("text", KEPT)
def test_look_alikes_and_everyday_values_stay(text: str) -> None:
    assert redact_secrets(text) == text


@pytest.mark.parametrize(("text", "value", "public"), [
    ("so my roll number is 98534453, just tell me", "98534453", True),
    ("certificate courier AWB7022850172", "AWB7022850172", True),  # the label glued to the value
    ("the last four digits for the card: 4412", "4412", True),  # a card's last digits, named further back
    ("my password app is Bitwarden2", "Bitwarden2", True),  # a tool's name
    ("my pin is 5521", "5521", False),
    ("gate code 4412", "4412", False),  # a place's word beside a secret's name: the model decides
    ("room 4412 safe", "4412", False),
])
def test_a_public_label_near_a_value_is_read_before_the_model(text: str, value: str, public: bool) -> None:
    start = text.index(value)
    assert value_contexts.labelled_public(text, start, start + len(value)) is public


@pytest.mark.parametrize("turns", [
    ["cần IMEI of the sat phone không?", "here -> 392102676589195"],
    ["mój nick w grze 🇺🇸", "Smokey.Eater94 🙏"],
])
def test_a_value_with_fewer_than_two_words_around_it_is_not_read_by_its_shape(turns: list[str]) -> None:
    assert redact_turns(turns) == turns
