"""The LoCoMo benchmark's mechanics on a tiny conversation written here (the real data is not
redistributed): recall mode finds the evidence turns; ``--qa`` mode remembers every turn through
the model, answers from recall and judges, counting calls and tokens (scripted models)."""

from __future__ import annotations

import importlib.util
import json
import zipfile
from pathlib import Path

import pytest
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage

from fact_memory_graph import FactMemoryConfig
from fact_memory_graph.config import ReadConfig, WriteConfig
from fact_memory_graph.testing import ScriptedChatModel

BENCH = Path(__file__).resolve().parents[1] / "benchmarks"

TINY = {
    "speaker_a": "Ana", "speaker_b": "Bo",
    "session_1_date_time": "1:56 pm on 8 May, 2023",
    "session_1": [
        {"speaker": "Ana", "dia_id": "D1:1", "text": "I adopted a greyhound called Pixel yesterday."},
        {"speaker": "Bo", "dia_id": "D1:2", "text": "Lovely! I started pottery classes on Tuesday."},
    ],
    "session_2_date_time": "10:00 am on 2 June, 2023",
    "session_2": [
        {"speaker": "Ana", "dia_id": "D2:1", "text": "Pixel and I ran our first 5k race in Lisbon."},
        {"speaker": "Bo", "dia_id": "D2:2", "text": "My pottery teacher is called Mrs Okafor."},
    ],
    "session_1_observation": {
        "Ana": [["Ana adopted a greyhound called Pixel.", "D1:1"]],
        "Bo": [["Bo started pottery classes.", ["D1:2"]]],
    },
    "session_2_observation": {
        "Ana": [["Ana and her dog Pixel ran a 5k race in Lisbon.", "D2:1; D1:1"]],
        "Bo": [["Bo's pottery teacher is Mrs Okafor.", "D2:2"]],
    },
    "qa": [
        {"question": "What is the name of Ana's dog?", "answer": "Pixel", "evidence": ["D1:1"], "category": 4},
        {"question": "Where did Ana run a 5k race?", "answer": "Lisbon", "evidence": ["D2:1"], "category": 4},
        {"question": "Who teaches Bo pottery?", "answer": "Mrs Okafor", "evidence": ["D2:2"], "category": 4},
        {"question": "Is this adversarial?", "adversarial_answer": "x", "evidence": [], "category": 5},
    ],
}


@pytest.fixture
def locomo(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.syspath_prepend(str(BENCH))
    spec = importlib.util.spec_from_file_location("locomo_bench", BENCH / "locomo.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def tiny_zip(tmp_path: Path) -> Path:
    path = tmp_path / "locomo10.zip"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("data/multimodal_dialog/locomo10_v2/99.json", json.dumps(TINY))
    return path


def test_recall_mode_finds_the_evidence_turns(locomo, tiny_zip: Path, make_memory) -> None:
    data = locomo.load(str(tiny_zip), ("99",))
    config = FactMemoryConfig(write=WriteConfig(max_claim_chars=4000, dedup_threshold=1.0),
                              read=ReadConfig(track_access=False))
    memory = make_memory(config=config)
    assert locomo.store_conversation(memory, "locomo-test-99", data["99"]) == 4
    rows = locomo.evaluate(memory, "locomo-test-99", data["99"], (1, 2))
    assert len(rows) == 3  # category 5 is left out
    summary = locomo.summarise(rows, (1, 2))
    assert summary["r@2"] == 1.0 and summary["questions"] == 3


def test_qa_mode_counts_calls_and_judges(locomo, tiny_zip: Path, make_memory) -> None:
    data = locomo.load(str(tiny_zip), ("99",))
    extractor = ScriptedChatModel(by_message={
        "I adopted a greyhound called Pixel yesterday.": [
            {"op": "add_durable", "category": "relationship", "claim": "has a greyhound named Pixel"}],
        "Pixel and I ran our first 5k race in Lisbon.": [
            {"op": "add_durable", "category": "life_event", "claim": "ran a 5k race in Lisbon"}],
        "My pottery teacher is called Mrs Okafor.": [
            {"op": "add_durable", "category": "relationship", "claim": "pottery teacher is Mrs Okafor"}],
    })
    memory = make_memory(extractor)
    usage = {"input_tokens": 100, "output_tokens": 3, "total_tokens": 103}
    answers = GenericFakeChatModel(messages=iter(
        [AIMessage(a, usage_metadata=usage) for a in ("Pixel", "CORRECT", "Porto", "WRONG", "Mrs Okafor", "CORRECT")]))
    result = locomo.run_qa(memory, data, answers)
    assert result["questions"] == 3 and result["judge_score"] == pytest.approx(2 / 3, abs=1e-3)
    assert result["extraction_calls"] == 4  # one model call per turn
    assert result["answer_and_judge_calls"] == 6
    assert (result["input_tokens"], result["output_tokens"]) == (600, 18)
    assert {f.claim for f in memory.facts.list(f"locomo-{locomo.RUN}-99-Ana")} == {"has a greyhound named Pixel",
                                                                 "ran a 5k race in Lisbon"}


def test_observations_mode_goes_through_the_write_path(locomo, tiny_zip: Path, make_memory) -> None:
    """LoCoMo's own extracted facts through remember() (an oracle extractor), one memory user per
    speaker; evidence comes from each observation's list; both speakers' results merged by score."""
    data = locomo.load(str(tiny_zip), ("99",))
    oracle = locomo.OracleExtractor()
    memory = make_memory(oracle.model, config=FactMemoryConfig(read=ReadConfig(track_access=False)))
    counts = locomo.store_observations(memory, oracle, "99", data["99"])
    assert counts == {"facts_stored": 4, "merged_by_dedup": 0}
    assert len(oracle.model.calls) == 4  # one extraction per session and speaker
    assert {f.claim for f in memory.facts.list(f"locomo-{locomo.RUN}-99-obs-Bo")} == {"Bo started pottery classes.",
                                                                    "Bo's pottery teacher is Mrs Okafor."}
    rows = locomo.evaluate_observations(memory, "99", data["99"], (1, 2))
    summary = locomo.summarise(rows, (1, 2))
    assert summary["questions"] == 3 and summary["r@2"] == 1.0 and summary["any@2"] == 1.0
    assert locomo.ceiling(data["99"]) == 1.0
