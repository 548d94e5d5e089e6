"""A bank's memorable word after its short name, with no joining word. Sentences written for this test."""
import pytest

from fact_memory_graph.secrets import redact_thread


@pytest.mark.parametrize(("text", "value"), [
    ("mem word paisley. dont tell anyone", "paisley"),
    ("memorable word harbourlights", "harbourlights"),
    ("memword Tarragon, for the phone line", "Tarragon"),
])
def test_a_value_right_after_a_strong_name_is_withheld(text: str, value: str) -> None:
    assert value not in redact_thread(text, [])


@pytest.mark.parametrize("text", ["my memorable word changed again", "mem word reset done, all fine"])
def test_talk_about_it_is_kept(text: str) -> None:
    assert redact_thread(text, []) == text
