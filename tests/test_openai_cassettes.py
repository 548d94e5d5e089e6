"""The real ``ChatOpenAI`` code path, replayed from cassettes of real HTTP.

The cassettes were recorded against a real OpenAI-compatible server running locally
(llama-cpp-python serving Gemma 3 270M; see ``tools/recording_server.py``), never written by
hand. Replay needs no server and no network. To re-record (e.g. after changing the op schema):

    /tmp/llama-venv/bin/python tools/recording_server.py --port 8765 &
    .venv/bin/pytest tests/test_openai_cassettes.py --record-mode=rewrite

Against OpenAI itself: set FACT_MEMORY_RECORD_BASE_URL=https://api.openai.com/v1,
FACT_MEMORY_RECORD_MODEL=gpt-4o-mini and OPENAI_API_KEY, then record the same way (the
authorization header is filtered out of cassettes).

Requests are matched on method, URL and the *shape* of the JSON body (model, tool schema,
tool_choice, temperature, message roles), not on the prompt text, so editing the prompt wording
keeps the cassettes valid while any change to what the API receives structurally needs a
re-recording.
"""

from __future__ import annotations

import json
import os

import pytest
from langchain_openai import ChatOpenAI

from fact_memory_graph import ExtractionError, FactMemoryConfig, WriteConfig

BASE_URL = os.environ.get("FACT_MEMORY_RECORD_BASE_URL", "http://127.0.0.1:8765/v1")
MODEL = os.environ.get("FACT_MEMORY_RECORD_MODEL", "gemma3-270m")
USER = "cassette-user"


@pytest.fixture(scope="module")
def vcr_config() -> dict:
    return {
        "filter_headers": ["authorization", "openai-organization", "cookie", "set-cookie"],
        "match_on": ["method", "scheme", "host", "port", "path", "query", "openai_request_shape"],
        "decode_compressed_response": True,
    }


def chat_model() -> ChatOpenAI:
    return ChatOpenAI(
        model=MODEL, base_url=BASE_URL, api_key=os.environ.get("OPENAI_API_KEY", "sk-local-not-a-key"),
        temperature=0, max_retries=0, timeout=300,
        # llama-cpp ignores max_completion_tokens (what max_tokens= becomes); send max_tokens raw.
        extra_body={"max_tokens": 1024, "repeat_penalty": 1.3},
    )


@pytest.fixture
def fresh_user(memory) -> str:
    memory.forget(USER)  # the prompt must not depend on earlier runs
    return USER


def _recorded_ops(cassette) -> list:
    response = cassette.responses[0]
    body = json.loads(response["body"]["string"])
    calls = body["choices"][0]["message"].get("tool_calls") or []
    # strict=False: the tiny model writes raw newlines inside strings, which langchain accepts too.
    return json.loads(calls[0]["function"]["arguments"], strict=False) if calls else {"ops": []}


@pytest.mark.vcr
def test_chatopenai_function_calling_write_path(make_memory, fresh_user: str, vcr) -> None:
    memory = make_memory(chat_model())
    cassette = vcr  # pytest-recording's fixture is the active cassette
    try:
        out = memory.remember(fresh_user, "I'm allergic to penicillin and I live in Berlin.", message_id="c-1")
    except ExtractionError as exc:
        # The tiny model can loop until the token cap (the recording after the forget op was added
        # does): a malformed answer fails the message cleanly, nothing stored, retried later.
        assert "malformed JSON" in str(exc) and len(cassette.requests) == 1
        assert memory.facts.list(fresh_user) == [] and memory.admin.stats(fresh_user)["messages"] == 0
        out = None
    sent = json.loads(cassette.requests[0].body)
    assert sent["temperature"] == 0
    assert sent["tools"][0]["function"]["name"] == "ExtractedOps"
    assert sent["tool_choice"]["function"]["name"] == "ExtractedOps"
    assert [m["role"] for m in sent["messages"]] == ["system", "user"]
    # The one call carries the fact ops and one field per default evaluator, all required.
    schema = sent["tools"][0]["function"]["parameters"]
    assert set(schema["required"]) == {"ops", "relationships", "identity", "task_success"}
    assert "forget" in json.dumps(schema)  # the op a model uses to forget what the user asks
    if out is None:
        return
    assert out.llm_calls == 1 and len(cassette.requests) == 1
    # Whatever the (tiny) model proposed went through validation: applied, merged or rejected.
    answered = _recorded_ops(cassette)
    proposed = answered["ops"]
    assert len(out.applied) + len(out.rejected) <= len(proposed) + 3
    assert set(out.evaluations) <= {"relationships", "identity", "task_success"}
    assert set(out.evaluations) == {k for k in ("relationships", "identity", "task_success") if answered.get(k)}
    assert len(memory.facts.list(fresh_user)) == sum(a.op.startswith("add_") for a in out.applied)


@pytest.mark.vcr
async def test_chatopenai_async_write_path(make_memory, fresh_user: str, vcr) -> None:
    memory = make_memory(chat_model())
    out = await memory.aremember(fresh_user, "Feeling anxious this morning, big release today.", message_id="c-2")
    assert out.llm_calls == 1 and len(vcr.requests) == 1
    assert (await memory.aremember(fresh_user, "Feeling anxious this morning, big release today.",
                                   message_id="c-2")).already_processed
    assert len(vcr.requests) == 1  # the replay made no second model call


@pytest.mark.vcr
def test_server_error_is_a_clean_extraction_error(make_memory, fresh_user: str, vcr) -> None:
    """llama-cpp's server answers json_schema structured output with HTTP 500 (recorded)."""
    config = FactMemoryConfig(write=WriteConfig(structured_output_method="json_schema"))
    memory = make_memory(chat_model(), config=config)
    with pytest.raises(ExtractionError, match="model call failed"):
        memory.remember(fresh_user, "I live in Berlin.", message_id="c-3")
    assert memory.facts.list(fresh_user) == [] and memory.admin.stats(fresh_user)["messages"] == 0
    assert vcr.responses[0]["status"]["code"] >= 400
    if vcr.record_mode == "none":  # replaying: the recorded 500 was played (not a request the cassette lacks)
        assert vcr.play_count == 1


@pytest.mark.vcr
def test_chatopenai_reconcile_path(make_memory, fresh_user: str, vcr, clock) -> None:
    """The reconciliation adjudicator through the real ChatOpenAI HTTP path: one call per group,
    the GroupVerdict tool forced; whatever the tiny model answers is applied or rejected whole."""
    memory = make_memory(chat_model())
    memory.facts.add(fresh_user, "lives in Berlin", kind="durable", category="identity")
    clock.advance(days=3)
    memory.facts.add(fresh_user, "resides in Berlin", kind="durable", category="identity")
    report = memory.upkeep.compact(fresh_user)
    assert report.groups == 1 and report.model_calls == 1 and len(vcr.requests) == 1
    sent = json.loads(vcr.requests[0].body)
    assert sent["tools"][0]["function"]["name"] == "GroupVerdict"
    assert sent["tool_choice"]["function"]["name"] == "GroupVerdict"
    active = memory.facts.list(fresh_user, status="active")
    if report.rejected_groups:  # rejected whole: nothing changed, both stay unreconciled
        assert len(active) == 2 and report.backlog_after == 2
    else:
        assert report.merged + report.kept + report.superseded + report.retracted == 2
        assert report.backlog_after == 0


@pytest.mark.vcr
def test_categorisation_scenarios_through_a_recorded_model(make_memory, vcr) -> None:
    """Seed 000's categorisation scenarios (``shared/eval/categorization.jsonl``) through the real
    ``ChatOpenAI`` path, one recorded call each. The only model reachable offline here is Gemma 3
    270M, far too small to categorise well: this checks that every answer went through the schema
    and validation and is scored (``fact_memory_graph.evaluation``); the expected categories are
    checked with the scripted model in test_write_path.py. Re-record against a capable model
    (see the module docstring) to measure a real one: ``benchmarks/eval_extraction.py`` prints it."""
    from fact_memory_graph.evaluation import evaluate, load_cases
    from tests.helpers import EVAL

    if not (EVAL / "categorization.jsonl").is_file():
        pytest.skip("../shared/eval is not beside the repository")
    cases = load_cases(EVAL / "categorization.jsonl")
    memory = make_memory(chat_model())
    report = evaluate(memory, cases)
    assert len(vcr.requests) == len(cases) == len(report.cases)
    for case, request, response in zip(report.cases, vcr.requests, vcr.responses, strict=True):
        assert json.loads(request.body)["tools"][0]["function"]["name"] == "ExtractedOps"
        calls = json.loads(response["body"]["string"])["choices"][0]["message"].get("tool_calls") or []
        try:
            answered = json.loads(calls[0]["function"]["arguments"], strict=False) if calls else {"ops": []}
        except json.JSONDecodeError:  # the tiny model ran into the token cap: the case failed cleanly
            assert case.error is not None and "malformed JSON" in case.error and case.produced == []
            continue
        adds = [op for op in answered.get("ops", []) if isinstance(op, dict) and str(op.get("op")).startswith("add_")]
        # Nothing is stored that the model did not propose, and only valid categories are.
        assert len(case.produced) <= len(adds)
        assert all(memory.taxonomy.kind_of(category) is not None for _, category in case.produced)
    print(report.summary())


@pytest.mark.vcr
def test_chatopenai_nightly_review(make_memory, fresh_user: str, vcr) -> None:
    """The nightly review through the real ChatOpenAI HTTP path: one call, the DailyReview tool
    forced; whatever the tiny model proposes is validated proposal by proposal; a second run the
    same day makes no call."""
    from langchain_core.messages import HumanMessage

    from fact_memory_graph import QueueConfig
    from fact_memory_graph.testing import ScriptedChatModel

    config = FactMemoryConfig(queue=QueueConfig(drainer="off"))
    writer = make_memory(ScriptedChatModel(default=[{"op": "add_durable", "category": "identity",
                                                     "claim": "lives in Seattle"}]), config=config)
    node = writer.write_node()
    history = []
    for i, text in enumerate(("I live in Seattle.", "Another 6 am run before work.", "Got my race bib for October!")):
        history.append(HumanMessage(text, id=f"r{i}"))
        node.invoke({"messages": list(history)}, {"configurable": {"user_id": fresh_user, "thread_id": "runs"}})
        writer.flush(fresh_user)
    memory = make_memory(chat_model(), config=config)
    report = memory.review.run(fresh_user)
    assert report.messages == 3 and report.model_calls == 1 and len(vcr.requests) == 1
    sent = json.loads(vcr.requests[0].body)
    assert sent["tools"][0]["function"]["name"] == "DailyReview"
    assert sent["tool_choice"]["function"]["name"] == "DailyReview"
    stored = [f for f in memory.facts.list(fresh_user) if f.source.value == "inference"]
    assert len(stored) == report.inferred + report.patterns  # validated: stored or rejected with a reason
    assert memory.review.run(fresh_user).skipped == "already reviewed today" and len(vcr.requests) == 1
