"""Issue 45, eighth round (l45p): privacy requests recognised by what they are — a small learned
reader (``fact_memory_graph/privacy_model.py``) asked when the phrase lists find nothing.

Every sentence here was written for these tests: none is copied from a corpus, and none is a
training sentence of ``tools/privacy_model/`` (they are new phrasings, new addressees, new contents).
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest

from fact_memory_graph import FactMemory, privacy_model
from fact_memory_graph.forgetting import asks_to_forget, normalise, withheld_turns
from fact_memory_graph.testing import ScriptedChatModel
from tests.test_forget_final import tables_holding
from tests.test_secret_threads import hostile

ROOT = Path(__file__).resolve().parents[1]

# Requests no phrase list holds: the model reads them ("model" is the request's language).
MODEL_ONLY = [
    "you can't tell my coach, I tore a ligament",
    "forget this after you answer: I'm on probation at work",
    "que no se entere mi suegra, estamos en quiebra",
    "上司には絶対言わないで、副業してるの",
    "didi ko kuch mat batana, maine loan liya hai",
    "только брату не говори, меня отчислили",
    "kocama sakın söyleme, kredi çektim",
    "jangan kasih tau kakakku, aku dipecat",
    "đừng để chồng mình biết, mình vay tiền",
    "nie mów nic siostrze, zawaliłem egzamin",
]

# Ordinary talk about secrets, telling, keeping, saving and forgetting: no request.
ORDINARY = [
    "my brother knows how to fix bikes",
    "I told my coach about the injury",
    "forget the old plan, we're going to Spain instead",
    "she's very private about her life",
    "I keep a diary but it's not secret",
    "we talked about privacy settings at work",
    "tell your brother the match is at 5",
    "I never remember birthdays",
    "the meeting notes are confidential until Friday, then we publish them",
    "don't worry, nobody noticed",
    "do not disturb mode is on",
    "I'm keeping the receipts for taxes",
    "my cousin told me a secret about her new flat",
    "I keep forgetting my gym bag",
    "don't forget to water the tomatoes",
    "mi suegra cocina muy bien",
    "ich habe meiner Schwester alles erzählt",
    "别忘了给我姐打电话",
    "上司に報告しました",
    "남편한테 얘기했어",
    "я позвонил брату",
    # labels that mark nothing, and a config key
    "note: the shop closes at 6",
    "fyi: the train is late",
    "question: is it safe to eat raw eggs?",
    "flags:\n  private: true\n  archived: false",
]


@pytest.mark.parametrize("text", MODEL_ONLY)
def test_a_privacy_request_no_phrase_list_holds_is_recognised(text: str) -> None:
    request = asks_to_forget(text)
    assert request is not None and request.private and request.language == "model", request
    assert request.target == "this"  # beside what it is about: this message, not the turn before


@pytest.mark.parametrize("text", ORDINARY)
def test_ordinary_talk_about_secrets_is_no_request(text: str) -> None:
    assert asks_to_forget(text) is None, asks_to_forget(text)


def test_x_please_dont_tell_forgets_x_and_only_x() -> None:
    # the request beside X: X's turn is withheld, the turn before is left alone
    assert withheld_turns(["we adopted a cat last spring", "kocama sakın söyleme, kredi çektim"]) == [False, True]
    assert withheld_turns(["I work in Leeds", "上司には絶対言わないで、副業してるの"]) == [False, True]


def test_a_request_alone_takes_back_the_turn_before() -> None:
    # said after the private turn, alone: the turn before is withheld, nothing of the request is kept
    request = asks_to_forget("jangan kasih tau kakakku ya")
    assert request is not None and request.language == "model" and request.target == "previous", request
    assert withheld_turns(["aku dipecat minggu lalu", "jangan kasih tau kakakku ya"]) == [True, False]


def test_a_request_that_announces_withholds_the_next_turn() -> None:
    # the thread's first turn only asks; what follows it is the private part
    turns = ["jangan kasih tau kakakku ya", "aku dipecat minggu lalu", "gimana cara bilang ke orang tua?"]
    assert withheld_turns(turns) == [False, True, False]


def test_the_model_reads_a_clause_and_keeps_its_words_as_data() -> None:
    model = privacy_model.model()
    assert model is not None and 0.5 <= model.threshold < 1.0
    score, clause = model.best_clause(normalise("we moved in March. nie mów nic siostrze, zawaliłem egzamin"))
    assert clause == "nie mow nic siostrze" and score >= model.threshold
    # a word of a script written with marks stays whole (Devanagari vowel signs)
    assert privacy_model.tokens("किसी से कहना मत") == ["किसी", "से", "कहना", "मत"]


@pytest.mark.skipif(importlib.util.find_spec("numpy") is None, reason="the training script needs numpy")
def test_the_training_script_rebuilds_the_shipped_weights() -> None:
    spec = importlib.util.spec_from_file_location("privacy_train", ROOT / "tools" / "privacy_model" / "train.py")
    assert spec is not None and spec.loader is not None
    train = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(train)
    shipped = json.loads((ROOT / "fact_memory_graph" / "assets" / "privacy_model.json").read_text(encoding="utf-8"))
    rebuilt = train.train()
    for key in ("dim", "sizes", "bias", "scale", "threshold", "weights", "vocabulary", "vetoes"):
        assert rebuilt[key] == shipped[key], key


def test_a_request_only_the_model_reads_withholds_the_message_from_every_table(
        make_memory: Any, db_url: str, user_id: str) -> None:
    memory: FactMemory = make_memory(ScriptedChatModel(default=hostile))
    memory.remember(user_id, "I cycle to work every day")
    memory.remember(user_id, "you can't tell my coach, I tore a ligament in Zernsdorf")
    assert tables_holding(db_url, "Zernsdorf", user_id) == []
    assert tables_holding(db_url, "ligament", user_id) == []
    assert tables_holding(db_url, "cycle to work", user_id)  # the turn before is kept
