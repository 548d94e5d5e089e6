"""Evaluators on the one extraction call, custom categories, lazy reclassification (seed 000 R35,
R36), and the outcome metrics task success feeds (seed 004 R17)."""

from __future__ import annotations

import psycopg
import pytest
from langchain_core.messages import AIMessage, HumanMessage
from pydantic import BaseModel, ValidationError

from fact_memory_graph import FactMemoryConfig, InvalidInputError, QueueConfig
from fact_memory_graph.config import CustomCategory
from fact_memory_graph.evaluators import Evaluator, default_evaluators
from fact_memory_graph.testing import FixedClock, ScriptedChatModel, prompt_message
from tests.test_privacy import dump_user

MIA = {"ops": [{"op": "add_durable", "category": "relationship", "claim": "has a sister Mia"},
               {"op": "add_durable", "category": "identity", "claim": "lives in Lyon"}],
       "relationships": [{"name": "Mia", "relation": "sister", "aliases": ["Mimi"]}],
       "identity": ["Samantha", "Sam"], "task_success": None}


def test_people_and_names_from_the_one_call(make_memory, db_url: str, user_id: str) -> None:
    llm = ScriptedChatModel(responses=[
        MIA,
        {"ops": [{"op": "add_durable", "category": "business_role", "claim": "Mia works as a nurse"}],
         "identity": ["Sammy"]},
    ])
    memory = make_memory(llm)
    first = memory.remember(user_id, "My sister Mia (Mimi to us) visited me in Lyon. Call me Sam.", message_id="m1")
    assert first.llm_calls == 1 and first.evaluations["relationships"][0]["name"] == "Mia"
    memory.remember(user_id, "Mia started as a nurse.", message_id="m2")
    assert len(llm.calls) == 2  # one call per message carries the facts and every evaluator
    me, mia = memory.evaluations.people(user_id)
    assert (me.relation, me.name, sorted(me.aliases)) == ("self", "Samantha", ["Sam", "Sammy"])
    assert (mia.name, mia.relation, mia.aliases, mia.mentions) == ("Mia", "sister", ["Mimi"], 1)
    person, facts = memory.evaluations.who(user_id, "mimi")
    assert person.name == "Mia"
    assert sorted(f.claim for f in facts) == ["Mia works as a nurse", "has a sister Mia"]  # linked as added
    found = [d.page_content for d in memory.as_retriever(user_id=user_id).invoke("who is Mimi?")]
    assert "has a sister Mia" in found and "Mia works as a nurse" in found  # found from an alias alone
    # The prompt told the model what to fill in; the tool schema has one field per evaluator.
    system = llm.calls[0][0].content
    assert "relationships:" in system and "identity:" in system and "task_success:" in system
    # Export / restore keep the people (links remapped with the facts' fresh ids for another user).
    exported = memory.export(user_id)
    assert [p["name"] for p in exported["people"]] == ["Samantha", "Mia"] or \
        sorted(p["name"] for p in exported["people"]) == ["Mia", "Samantha"]
    memory.restore(exported, user_id=user_id + "-copy")
    copy = memory.evaluations.who(user_id + "-copy", "Mimi")
    assert copy is not None and sorted(f.claim for f in copy[1]) == ["Mia works as a nurse", "has a sister Mia"]
    memory.forget(user_id + "-copy")
    memory.forget(user_id)
    assert dump_user(db_url, user_id) == ""


def test_a_bad_evaluator_output_rejects_that_part_only(make_memory, user_id: str) -> None:
    memory = make_memory(ScriptedChatModel(responses=[
        {"ops": [{"op": "add_durable", "category": "identity", "claim": "lives in Oslo"}],
         "relationships": "Mia is my sister", "identity": [{"nested": ["x"] * 3}],
         "task_success": {"outcome": "brilliant", "reason": "?"}},
        {"ops": [], "relationships": [{"name": "<script>", "relation": "friend", "aliases": []},
                                      {"name": "Tom", "relation": "self", "aliases": []}],
         "identity": ["pw: hunter2hunter2"]},
    ]))
    out = memory.remember(user_id, "I live in Oslo.", message_id="m1")
    assert [a.claim for a in out.applied] == ["lives in Oslo"]
    reasons = " | ".join(r.reason for r in out.rejected)
    for name in ("relationships", "identity", "task_success"):
        assert f"invalid {name} output" in reasons
    out = memory.remember(user_id, "Some text.", message_id="m2")
    # Names that are markup or claim to be the user, and a secret, never become people.
    assert memory.evaluations.people(user_id) == []


class Mood(BaseModel):
    score: int
    why: str


def test_a_registered_evaluator_writes_in_the_message_transaction(make_memory, db_url: str, user_id: str) -> None:
    with psycopg.connect(db_url, autocommit=True) as conn:
        conn.execute("CREATE TABLE IF NOT EXISTS test_moods (user_id text, message_id text, score int)")

    def apply(user: str, message_id: str, mood: Mood, at) -> list:
        return [("INSERT INTO test_moods (user_id, message_id, score) VALUES (%s, %s, %s)",
                 [user, message_id, mood.score])]

    def broken(user, message_id, mood, at) -> list:
        raise RuntimeError("boom")

    mood = Evaluator(name="mood", output=Mood | None, instructions="mood: the user's mood from 1 to 5; else null.",
                     apply=apply)
    llm = ScriptedChatModel(default={"ops": [{"op": "add_current", "category": "feeling", "claim": "tired"}],
                                     "mood": {"score": 2, "why": "tired"}})
    memory = make_memory(llm, evaluators=[*default_evaluators(), mood])
    out = memory.remember(user_id, "So tired today.", message_id="m1")
    assert out.evaluations["mood"] == {"score": 2, "why": "tired"}
    with psycopg.connect(db_url) as conn:
        assert conn.execute("SELECT score FROM test_moods WHERE user_id = %s", (user_id,)).fetchall() == [(2,)]
    assert memory.evaluations.outputs(user_id, "mood")[0]["output"]["score"] == 2
    assert "mood: the user's mood" in llm.calls[0][0].content
    # The facts-only memory's prompt grows by nothing: no evaluator line at all.
    plain_llm = ScriptedChatModel()
    make_memory(plain_llm, evaluators=[]).remember(user_id, "Hello there.", message_id="m2")
    assert "Also fill in" not in plain_llm.calls[0][0].content
    # An evaluator whose own code fails loses its part; the facts still apply.
    failing = make_memory(llm, evaluators=[Evaluator(name="mood", output=Mood | None, instructions="mood: x",
                                                     apply=broken)])
    out = failing.remember(user_id, "Still tired.", message_id="m3")
    assert out.applied and any("mood apply failed: RuntimeError: boom" in r.reason for r in out.rejected)
    with pytest.raises(ValueError, match="evaluator name"):
        Evaluator(name="ops", output=int, instructions="x")
    # Hostile output: NUL characters are cleaned, NaN and oversized outputs lose their part only.
    free = Evaluator(name="notes", output=dict[str, float | str] | None, instructions="notes: anything")
    hostile = make_memory(ScriptedChatModel(responses=[
        {"ops": [], "notes": {"text": "a\u0000b'); DROP TABLE fact_memory_facts; --"}},
        {"ops": [], "notes": {"x": float("nan")}},
        {"ops": [], "notes": {"x": "y" * 10_000}},
    ]), evaluators=[free])
    assert hostile.remember(user_id, "one", message_id="h1").evaluations["notes"]["text"].startswith("ab')")
    assert "not finite JSON" in hostile.remember(user_id, "two", message_id="h2").rejected[0].reason
    assert "larger than" in hostile.remember(user_id, "three", message_id="h3").rejected[0].reason


TRAINING = CustomCategory(name="training_load", kind="current", description='"ran 40 km this week", "rest week"',
                          words=("training", "mileage"))


def test_custom_categories_are_prompted_validated_found_and_restored(make_memory, user_id: str) -> None:
    config = FactMemoryConfig(categories=(TRAINING,))
    llm = ScriptedChatModel(default=[{"op": "add_current", "category": "training_load", "claim": "ran 40 km"},
                                     {"op": "add_durable", "category": "plan_tier", "claim": "is on the pro plan"}])
    memory = make_memory(llm, config=config)
    out = memory.remember(user_id, "Ran 40 km this week, and I'm on the pro plan.", message_id="m1")
    assert [(a.category, a.claim) for a in out.applied] == [("training_load", "ran 40 km")]
    # Unknown to this memory: rejected per op, by the schema's category enum.
    assert any(r.op.get("category") == "plan_tier" and "category" in r.reason for r in out.rejected)
    assert '- training_load: "ran 40 km this week"' in llm.calls[0][0].content
    assert "ran 40 km" in memory.recall(user_id, "how is my mileage?")
    memory.facts.add(user_id, "rest week planned", kind="current", category="training_load")
    exported = memory.export(user_id)
    memory.forget(user_id)
    assert memory.restore(exported, user_id=user_id, allow_forgotten=True)["facts"] == 2
    with pytest.raises(InvalidInputError, match="training_load"):  # a memory without the category refuses it
        make_memory().restore(exported, user_id=user_id + "-other")
    with pytest.raises(ValidationError, match="built-in"):
        FactMemoryConfig(categories=(CustomCategory(name="health", kind="durable", description="clash"),))


def test_imported_facts_are_uncategorized_until_the_extractor_reclassifies_them(make_memory, user_id: str,
                                                                                clock: FixedClock) -> None:
    def extract(messages):
        prompt = messages[-1].content
        ref = next(line.split()[0] for line in prompt.splitlines() if "[uncategorized]" in line)
        return [{"op": "reclassify", "ref": ref, "category": "preference"}]

    memory = make_memory(ScriptedChatModel(default=extract))
    exported = {"user_id": user_id, "facts": [{
        "id": "7f7f7f7f-0000-4000-8000-000000000001", "user_id": user_id, "kind": "current", "category": "",
        "claim": "prefers tea over coffee", "confidence": 0.7, "created_at": clock().isoformat(),
        "last_confirmed_at": clock().isoformat()}]}
    memory.restore(exported, user_id=user_id)
    (fact,) = memory.facts.list(user_id)
    assert (fact.kind.value, fact.category) == ("durable", "uncategorized")
    out = memory.remember(user_id, "I really do prefer tea to coffee.", message_id="m1")
    assert [(a.op, a.category) for a in out.applied] == [("reclassify", "preference")]
    assert memory.facts.list(user_id)[0].category == "preference"
    assert any(e.op == "reclassify" and "uncategorized -> durable/preference" in (e.note or "")
               for e in memory.admin.audit(user_id))


def test_task_success_by_whether_memory_was_shown(make_memory, user_id: str) -> None:
    """The queued node records how many facts the previous reply was given (the state still holds
    the recall's section when the node runs beside it); task success is judged from the user's
    reaction; health splits the success rate by memory shown or not."""
    reactions = {"Perfect, that worked!": ("success", "it worked"), "No, that was useless.": ("failure", "useless"),
                 "Sort of helped.": ("partial", "half")}

    def judge(messages):  # the batch's newest message is the reaction
        said = prompt_message(messages)
        outcome, reason = next(v for k, v in reactions.items() if said.rstrip().endswith(k))
        return {"ops": [], "task_success": {"outcome": outcome, "reason": reason}}

    llm = ScriptedChatModel(default=judge)
    memory = make_memory(llm, config=FactMemoryConfig(queue=QueueConfig(drainer="off")))
    node, config = memory.write_node(), {"configurable": {"user_id": user_id, "thread_id": "t1"}}
    shown = "## What you know about the user\n- [identity] lives in Lyon\n- [health] allergic to nuts"
    history = [HumanMessage("Plan my dinner", id="h1"), AIMessage("Try the risotto", id="a1")]
    node.invoke({"messages": [*history, HumanMessage("Perfect, that worked!", id="h2")],
                 "memory_context": shown}, config)
    memory.flush(user_id)  # one message per extraction here (a burst would be judged once)
    history += [HumanMessage("Perfect, that worked!", id="h2"), AIMessage("Glad!", id="a2")]
    node.invoke({"messages": [*history, HumanMessage("No, that was useless.", id="h3")], "memory_context": ""},
                config)
    memory.flush(user_id)
    history += [HumanMessage("No, that was useless.", id="h3"), AIMessage("Sorry", id="a3")]
    node.invoke({"messages": [*history, HumanMessage("Sort of helped.", id="h4")]}, config)  # not known
    memory.flush(user_id)
    report = memory.upkeep.health(user_id)
    assert report.task_success == {"success": 1, "failure": 1, "partial": 1}
    assert (report.success_rate_with_memory, report.success_rate_without_memory) == (1.0, 0.0)
    assert report.success_rate == 0.5 and report.facts_shown_per_reply == 1.0  # (2 + 0) / 2
    judged = {e["output"]["reason"]: e["output"]["memory_shown"]
              for e in memory.evaluations.outputs(user_id, "task_success")}
    assert judged == {"it worked": True, "useless": False, "half": None}


def test_evaluators_and_custom_categories_through_the_readme_layout(make_memory, user_id: str) -> None:
    """The README's graph (recall and the queued write from START, a checkpointer keeping the
    thread): people, a custom category and task success, judged against what the previous reply
    was actually given."""
    from langgraph.checkpoint.memory import InMemorySaver

    from tests.test_queue import readme_graph

    def extract(messages):
        said = prompt_message(messages)
        if said.endswith("pro plan."):
            return {"ops": [{"op": "add_durable", "category": "relationship", "claim": "has a sister Mia"},
                            {"op": "add_durable", "category": "plan_tier", "claim": "is on the pro plan"}],
                    "relationships": [{"name": "Mia", "relation": "sister", "aliases": []}]}
        outcome = "success" if said.endswith("helped!") else "failure"
        return {"ops": [], "task_success": {"outcome": outcome, "reason": said[-20:]}}

    tier = CustomCategory(name="plan_tier", kind="durable", description='"is on the pro plan"', words=("plan",))
    memory = make_memory(ScriptedChatModel(default=extract),
                         config=FactMemoryConfig(categories=(tier,), queue=QueueConfig(drainer="off")))
    graph = readme_graph(memory, [], checkpointer=InMemorySaver())
    config = {"configurable": {"user_id": user_id, "thread_id": "support"}}
    for text in ("My sister Mia set me up, I'm on the pro plan.", "Thanks, that helped!",
                 "Which plan am I on? That answer was wrong."):
        graph.invoke({"messages": [HumanMessage(text)]}, config)
        memory.flush(user_id)
    assert [p.name for p in memory.evaluations.people(user_id)] == ["Mia"]
    assert {f.category for f in memory.facts.list(user_id)} == {"relationship", "plan_tier"}
    judged = {e["output"]["outcome"]: e["output"]["memory_shown"] for e in memory.evaluations.outputs(user_id)
              if e["evaluator"] == "task_success"}
    # Turn 1's reply had nothing to recall; turn 2's was given the facts turn 1 stored.
    assert judged == {"success": False, "failure": True}
    assert (memory.upkeep.health(user_id).success_rate_with_memory, memory.upkeep.health(user_id).success_rate_without_memory) \
        == (0.0, 1.0)


@pytest.mark.parametrize(("section", "record", "reason"), [
    ("people", {"name_key": "mia", "name": "Mia\x00<b>", "relation": "sister", "first_at": "2026-01-01T00:00:00+00:00",
                "last_at": "2026-01-01T00:00:00+00:00"}, "control characters"),
    ("people", {"name_key": "x" * 200, "name": "x", "relation": "friend", "first_at": "2026-01-01T00:00:00+00:00",
                "last_at": "2026-01-01T00:00:00+00:00"}, "people"),
    ("evaluations", {"message_id": "m1", "evaluator": "Robert'); DROP TABLE x;--", "output": {},
                     "at": "2026-01-01T00:00:00+00:00"}, "evaluator"),
    ("evaluations", {"message_id": "m1", "evaluator": "mood", "output": {"a": "b" * 20_000},
                     "at": "2026-01-01T00:00:00+00:00"}, "16 KB"),
])
def test_a_hostile_export_of_people_or_evaluations_is_refused_whole(make_memory, user_id: str, section: str,
                                                                    record: dict, reason: str) -> None:
    memory = make_memory()
    with pytest.raises(InvalidInputError, match=reason):
        memory.restore({"user_id": user_id, "facts": [], section: [record]}, user_id=user_id)
    assert memory.export(user_id)["people"] == [] and memory.export(user_id)["evaluations"] == []
