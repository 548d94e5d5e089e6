"""A record's own keys and the schema's words are written as they are and left out of its joint
read (the secret filter's cost per stored record), without opening a way around the filter."""

from __future__ import annotations

import pytest

from fact_memory_graph.config import CustomCategory, WriteConfig
from fact_memory_graph.sanitize import names_a_secret, redact_json
from fact_memory_graph.store.plans.base import PlansBase
from fact_memory_graph.taxonomy import Taxonomy

CARD = "4539148803436467"  # Luhn-valid, made for this file


def test_plain_strings_are_written_as_they_are() -> None:
    record = {"user_id": "u-4821", "message_id": "m-2026-7391", "op": "add_durable",
              "claim": "enjoys chess (note 12)"}
    assert redact_json(record, {"u-4821", "m-2026-7391", "add_durable"}) == record


@pytest.mark.parametrize(("a", "b", "kept_out"), [
    ("card " + CARD[:8], CARD[8:], CARD[8:]),
    ("my password is", "Xq7#plover2", "Xq7#plover2"),
    ("the alarm code", "is 519073", "519073"),
])
def test_a_secret_split_between_two_strings_of_the_record_is_still_withheld(a: str, b: str, kept_out: str) -> None:
    plans = PlansBase(dimension=3)
    record = {"user_id": "u-1", "message_id": "m-1", "applied": [
        {"op": "add_durable", "category": "identity", "claim": a},
        {"op": "add_current", "category": "working_on", "claim": b}]}
    out = redact_json(record, plans.plain_strings(("u-1", "m-1")))
    assert kept_out not in str(out), out
    assert out["user_id"] == "u-1" and out["applied"][1]["category"] == "working_on"


def test_a_schema_word_that_names_a_secret_is_read_with_the_record() -> None:
    custom = Taxonomy.of([CustomCategory(name="pin_codes", kind="durable", description="codes of the user's locks")])
    plans = PlansBase(dimension=3, taxonomy=custom)
    assert names_a_secret("pin_codes") and "pin_codes" not in plans.plain_strings()
    assert "working_on" in plans.plain_strings() and "add_durable" in plans.plain_strings()
    out = redact_json({"category": "pin_codes", "claim": "4821"}, plans.plain_strings())
    assert "4821" not in str(out), out


@pytest.mark.parametrize("redact", [True, False])
def test_a_json_parameter_passes_the_filter_unless_it_is_off(redact: bool) -> None:
    plans = PlansBase(dimension=3, write=WriteConfig(redact_secrets=redact))
    param = plans.jsonb({"user_id": "u-1", "claim": "card " + CARD}, keys=("u-1",))
    written = param.dumps(param.obj)
    assert (CARD in written) is not redact and '"u-1"' in written
