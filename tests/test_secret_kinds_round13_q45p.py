"""Round thirteen (q45p): security answers named after they are given ("X — that's what I used as my
security answer"), asked in words no list holds (a quoted or arrowed question about "you" and a
thing such questions ask about, then its answer), labelled in the next turn ("Answer: X"), after a
cue, a filler and a quote; the names of bank, telco and portal recovery questions; and the privacy
reader's threshold chosen out of fold. Values and sentences written for this test (none from a corpus)."""
import importlib.util
import json
from pathlib import Path

import pytest

from fact_memory_graph.secrets import redact_secrets, redact_turns

ROOT = Path(__file__).resolve().parents[1]

SECRETS = [
    # named after it is given
    ("Larch Avenue — that's what I used as my security answer", "Larch Avenue"),
    ("I set 'Pemberton' as the answer to the childhood best friend question", "Pemberton"),
    ("Krümel habe ich als Antwort auf die Sicherheitsfrage angegeben", "Krümel"),
    ("Pepita, c'est ce que j'ai mis comme réponse secrète", "Pepita"),
    ("puse 'Tamarindo' como respuesta a la pregunta de seguridad del banco", "Tamarindo"),
    ("'Lavanta' yazdım, güvenlik sorusuna cevap olarak", "Lavanta"),
    ("Grew up on Harbour Row and that's what I used for the street question on my bank login", "Harbour Row"),
    # a question in words we do not list, then its answer
    ("the bank app asks 'which road did u live on as a kid' i put Quarry Lane", "Quarry Lane"),
    ("alla domanda 'in che città è nato tuo nonno' ho risposto Benevento", "Benevento"),
    ("which town did your grandparents retire to → Ballycastle (for my netflix account)", "Ballycastle"),
    # a cue, a filler word, then the quote
    ("the recovery answer thing, 'plumtree1990'", "plumtree1990"),
    # recovery and telephone-banking names of banks, telcos and portals
    ("Para recuperar la cuenta me pide el nombre de mi primera maestra: Rosalba Quintero", "Rosalba Quintero"),
    ("Vodafone asked me to set a voice password, I chose Pumpernickel", "Pumpernickel"),
    ("Kundenkennwort bei der Telekom ist Lindenblatt3", "Lindenblatt3"),
]
THREADS = [
    (["Security question for the pension portal: your first employer", "Answer: Grobbelaar Bakery"], "Grobbelaar"),
    (["Pregunta de seguridad: nombre de tu primer profesor", "Respuesta: Don Anselmo"], "Anselmo"),
]
LOOKALIKES = [
    ("'Paris' as the answer to the quiz question made everyone laugh", "Paris"),
    ("Buttercup — that's what she used as her security answer", "Buttercup"),
    ("Pizza — that's what I used for the party", "Pizza"),
    ("my dog's favourite toy, 'Squeaky' — that's what the quiz used as the answer", "Squeaky"),
    ("quiz night: 'what city were your parents born in' i put Dublin, wrong", "Dublin"),
    ("My first dog was called Biscuit and he loved the beach", "Biscuit"),
    ("what's your favourite street food → tacos al pastor, obviously", "tacos al pastor"),
    ("she asked 'how was your weekend' and I answered fine", "fine"),
]


@pytest.mark.parametrize(("text", "value"), SECRETS)
def test_security_answer_withheld(text: str, value: str) -> None:
    assert value not in redact_secrets(text)


@pytest.mark.parametrize(("turns", "value"), THREADS)
def test_security_answer_labelled_in_the_next_turn(turns: list[str], value: str) -> None:
    assert value not in " ".join(redact_turns(turns))


@pytest.mark.parametrize(("text", "value"), LOOKALIKES)
def test_lookalike_kept(text: str, value: str) -> None:
    assert value in redact_secrets(text)


def test_an_answer_label_without_a_question_before_is_kept() -> None:
    assert "Grobbelaar" in " ".join(redact_turns(["what did you have for lunch?", "Answer: Grobbelaar Bakery pie"]))


def test_the_privacy_threshold_is_the_one_chosen_out_of_fold() -> None:
    chosen = json.loads((ROOT / "tools" / "privacy_model" / "threshold_q45p.json").read_text(encoding="utf-8"))
    shipped = json.loads((ROOT / "fact_memory_graph" / "assets" / "privacy_model.json").read_text(encoding="utf-8"))
    assert chosen["threshold"] in chosen["grid"]
    assert shipped["threshold"] == chosen["threshold"]


@pytest.mark.skipif(importlib.util.find_spec("numpy") is None, reason="the calibration script needs numpy")
def test_the_training_script_uses_the_calibrated_threshold() -> None:
    spec = importlib.util.spec_from_file_location("privacy_train", ROOT / "tools" / "privacy_model" / "train.py")
    assert spec and spec.loader
    train = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(train)
    assert train.threshold() == json.loads((ROOT / "tools" / "privacy_model" / "threshold_q45p.json")
                                           .read_text(encoding="utf-8"))["threshold"]


def test_a_request_taking_back_a_continuation_takes_back_what_it_continues() -> None:
    from fact_memory_graph.forgetting import withheld_turns
    assert withheld_turns(["my brother lost his job in March", "and our parents still think he works there",
                           "please don't keep any of that"]) == [True, True, False]
    assert withheld_turns(["my cousin got a new job", "and he moves to Leeds in May", "thanks, that is all"]) == \
        [False, False, False]


@pytest.mark.parametrize("first", ["Прошу не запоминать.", "please dont save", "Per favore non salvarlo."])
def test_a_short_first_turn_that_only_asks_announces_the_next(first: str) -> None:
    from fact_memory_graph.forgetting import withheld_turns
    assert withheld_turns([first, "I have been in debt counselling since spring"])[1]


def test_a_short_first_turn_that_asks_for_something_else_announces_nothing() -> None:
    from fact_memory_graph.forgetting import withheld_turns
    assert withheld_turns(["can you help me plan a trip", "we want to see Lisbon in June"]) == [False, False]


def test_a_take_back_said_first_with_content_after_it_withholds_its_own_turn() -> None:
    from fact_memory_graph.forgetting import withheld_turns
    assert withheld_turns(["don't save this but my landlord is evicting us next month"]) == [True]
    assert withheld_turns(["what's a good name for a cat"]) == [False]


@pytest.mark.parametrize("first", ["Mau curhat, tapi jangan disimpan ya", "may sasabihin ako, pero huwag mong i-save ha",
                                   "秘密にしてほしいんですが"])
def test_an_announcement_with_a_request_announces_the_next_turn(first: str) -> None:
    from fact_memory_graph.forgetting import withheld_turns
    assert withheld_turns([first, "I owe my brother-in-law a lot of money"]) == [True, True]


def test_an_announcement_without_a_request_announces_nothing() -> None:
    from fact_memory_graph.forgetting import withheld_turns
    assert withheld_turns(["curhat dong, capek banget kerja", "besok mau ke Bandung"]) == [False, False]
