"""Round thirteen, q45m: the learned reader of candidate values (``tools/value_model/``), tried as
a second opinion for the secret filter and NOT wired in (leave-one-corpus-out it lost more
look-alikes than it found secrets; /work/notes/q45m.md). These tests keep the tool working for a
later round: its candidates, its features, a deterministic fit. Every sentence here is written for
this file (none is a corpus item)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import numpy as np

TOOL = Path(__file__).resolve().parents[1] / "tools" / "value_model"


def _load(name: str):
    sys.path.insert(0, str(TOOL))
    try:
        spec = importlib.util.spec_from_file_location(f"value_model_{name}", TOOL / f"{name}.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(TOOL))


features = _load("features")


def _values(text: str) -> list[str]:
    return [text[s:e] for s, e in features.candidates(text)]


def test_candidates_are_values_with_a_digit_their_groups_joined():
    text = "ok the locker is Kx7-Q2, and my card 5312 0098 7741 2206. call at 14h, word alone: harbour"
    assert _values(text) == ["Kx7-Q2", "5312 0098 7741 2206", "14h"]


def test_a_word_before_a_number_is_not_part_of_it():
    assert _values("Kennziffer lautet 40917733") == ["40917733"]
    assert _values("dial *126*3# for credit") == ["*126*3#"]


def test_unicode_digits_are_read_as_ascii_at_the_same_positions():
    text = "رقمي ٤٠٩١ ٧٧٣٣ شكرا"
    spans = features.candidates(text)
    assert len(spans) == 1
    assert features.ascii_view(text)[spans[0][0]:spans[0][1]] == "4091 7733"


def test_features_read_shape_and_both_sides():
    text = "mi clave nueva es Lirio_2291 desde hoy"
    (s, e), = features.candidates(text)
    grams = features.grams(text, s, e, previous="te paso lo del banco")
    assert {"L1:es", "L2:nueva", "R1:desde", "P:banco", "mix:TrueTrueTrue", "case:mixed"} <= set(grams)
    assert features.feature_ids(text, s, e, 1 << 12) == features.feature_ids(text, s, e, 1 << 12)


def test_training_is_deterministic_and_learns_the_context():
    train = _load("train")
    written = [("the alarm code is {v}", 1), ("my pin is {v}", 1), ("door code {v} for the shed", 1),
               ("order {v} shipped today", 0), ("bus {v} leaves at noon", 0), ("room {v} on the left", 0)]
    feats, ys = [], []
    for n, (frame, label) in enumerate(written * 4):
        text = frame.format(v=str(4000 + 37 * n))
        (s, e), = features.candidates(text)
        feats.append(np.asarray(features.feature_ids(text, s, e, train.DIM), dtype=np.int64))
        ys.append(float(label))
    y, sw = np.asarray(ys), np.ones(len(ys))
    w1, b1 = train.fit(feats, y, sw, iterations=40)
    w2, b2 = train.fit(feats, y, sw, iterations=40)
    assert np.array_equal(w1, w2) and b1 == b2

    def score(text: str) -> float:
        (s, e), = features.candidates(text)
        return float(w1[features.feature_ids(text, s, e, train.DIM)].sum() + b1)

    assert score("the gate code is 8120") > 0 > score("order 8120 shipped today")
