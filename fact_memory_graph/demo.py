"""The built-in demo: a conversation over several simulated weeks, run through the real pipeline.

Each message goes through the README's agent graph (recall -> agent, and the queued write node
beside them): the reply comes first, the message is queued, and this process's drainer extracts it
off the reply's path (``memory.flush`` waits for it, so each message's ops can be shown). Without a
configured model the ops come from a scripted model driven by the ops written next to each demo
message (``demo_conversation.json``); the output says so. Everything after extraction (embedding
dedup, apply, ranking, decay, sections) is the real pipeline on real Postgres.
"""

from __future__ import annotations

import json
import re
import statistics
import threading
import time
import uuid
from collections.abc import Sequence
from datetime import datetime, timedelta
from importlib import resources
from typing import Annotated, Any, TypedDict

from langchain_core.messages import AIMessage, AnyMessage, BaseMessage, HumanMessage
from langgraph.graph import END, START, StateGraph
from langgraph.graph.message import add_messages
from rich.console import Console
from rich.panel import Panel
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from fact_memory_graph.memory import FactMemory
from fact_memory_graph.recall import memory_system_message
from fact_memory_graph.sanitize import warm_secret_filter
from fact_memory_graph.schema import ApplyOutcome
from fact_memory_graph.settings import model_from_env
from fact_memory_graph.testing import FixedClock, ScriptedChatModel, prompt_message

DEMO_USER = "demo-user"
_REF_LINE = re.compile(r"^([DC]\d+) \[[^\]]+\] (\".*?\")(?: \(since [^)]*\))?$", re.MULTILINE)


def load_conversation() -> dict[str, Any]:
    text = (resources.files("fact_memory_graph") / "demo_conversation.json").read_text(encoding="utf-8")
    return json.loads(text)


def _resolve_claim_refs(ops: list[dict[str, Any]], prompt: Sequence[BaseMessage]) -> list[dict[str, Any]]:
    """Replace ``ref_claim`` / ``supersedes_claim`` by the reference the prompt shows for that claim."""
    refs = {json.loads(claim): ref for ref, claim in _REF_LINE.findall(str(prompt[-1].content))}
    out = []
    for op in ops:
        op = dict(op)
        if "ref_claim" in op:
            op["ref"] = refs.get(op.pop("ref_claim"), "(not shown)")
        if "supersedes_claim" in op:
            op["supersedes"] = refs.get(op.pop("supersedes_claim"), "(not shown)")
        out.append(op)
    return out


def scripted_demo_model(conversation: dict[str, Any]) -> ScriptedChatModel:
    """The offline stand-in for a model: returns the ops written next to each demo message."""
    by_text = {m["text"]: m for m in conversation["messages"]}

    def respond(prompt: list[BaseMessage]) -> dict[str, Any]:
        message = by_text.get(prompt_message(prompt), {})
        return {"ops": _resolve_claim_refs(message.get("ops", []), prompt), **message.get("evaluators", {})}

    return ScriptedChatModel(default=respond)


def ops_table(outcome: ApplyOutcome, caption: str | None = None) -> Table:
    """The ops applied (and rejected) for one message."""
    table = Table(show_header=True, header_style="bold", expand=False, pad_edge=False, caption=caption,
                  caption_justify="left")
    for col in ("op", "kind.category", "claim", "confidence", "note"):
        table.add_column(col)
    for a in outcome.applied:
        conf = (f"{a.confidence_before:.2f} -> {a.confidence_after:.2f}" if a.confidence_before is not None
                else f"{a.confidence_after:.2f}" if a.confidence_after is not None else "")
        kind = f"{a.kind.value if a.kind else ''}.{a.category or ''}"
        table.add_row(a.op, kind, Text(a.claim or ""), conf, Text(a.note or ""))
    for r in outcome.rejected:
        table.add_row(Text("rejected", style="red"), "", Text(str(r.op.get("claim") or r.op)[:60]), "", Text(r.reason))
    return table


def _ranking_table(docs: list[Any]) -> Table:
    """Why the sections look as they do: score = relevance x confidence x time_weight."""
    table = Table(title="ranking (current facts fade with age; durable ones do not)", title_justify="left",
                  show_edge=False, pad_edge=False)
    for col in ("kind", "claim", "relevance", "confidence", "time weight", "score"):
        table.add_column(col, justify="right" if col not in ("kind", "claim") else "left")
    for d in sorted(docs, key=lambda d: (d.metadata["kind"], -d.metadata["score"])):
        m = d.metadata
        table.add_row(m["kind"], Text(d.page_content), f"{m['relevance']:.2f}", f"{m['confidence']:.2f}",
                      f"{m['time_weight']:.2f}", f"{m['score']:.3f}")
    return table


class DemoState(TypedDict, total=False):
    messages: Annotated[list[AnyMessage], add_messages]
    memory_context: str
    memory_outcome: dict[str, Any]


def demo_agent(memory: FactMemory, replied: list[float]) -> Any:
    """The README's layout: START -> recall -> agent -> END and START -> remember (queued) -> END.
    The agent answers with a fixed line that says how much it was told (no chat model needed)."""

    def agent(state: DemoState) -> dict[str, Any]:
        replied.append(time.perf_counter())
        system = memory_system_message(state)
        known = str(system.content).count("\n- ") if system else 0
        return {"messages": [AIMessage(f"Noted. (I was given {known} remembered facts for this reply.)")]}

    builder = StateGraph(DemoState)
    builder.add_node("recall", memory.recall_node())
    builder.add_node("agent", agent)
    builder.add_node("remember", memory.write_node())
    builder.add_edge(START, "recall")
    builder.add_edge("recall", "agent")
    builder.add_edge("agent", END)
    builder.add_edge(START, "remember")
    builder.add_edge("remember", END)
    return builder.compile()


def run_demo(console: Console, *, database_url: str | None = None, data_dir: str | None = None) -> dict[str, Any]:
    """Run the demo and print it; returns a summary (used by the tests)."""
    conversation = load_conversation()
    start = datetime.fromisoformat(conversation["start"])
    clock = FixedClock(start)
    real_model = model_from_env()
    llm = real_model or scripted_demo_model(conversation)
    if real_model is None:
        console.print(Panel(
            "No chat model is configured, so extraction uses [bold]scripted ops[/bold] written next to each "
            "demo message (fact_memory_graph/demo_conversation.json). They are not a model's output.\n"
            "Everything after extraction is real: local embeddings, write-time dedup, Postgres, ranking, decay.\n"
            "To use a real model: FACT_MEMORY_MODEL=openai:gpt-4o-mini with OPENAI_API_KEY, or OPENAI_BASE_URL "
            "for a local OpenAI-compatible server.",
            title="offline demo", border_style="yellow"))
    else:
        console.print(Panel(f"Extraction model: {type(real_model).__name__} "
                            f"({getattr(real_model, 'model_name', '') or getattr(real_model, 'model', '')})",
                            title="demo", border_style="green"))
    source = "ops proposed by: scripted demo ops (not a model)" if real_model is None else "ops proposed by: the model"
    t_open = time.perf_counter()
    # As a server does at start (``fact-memory web`` and ``mcp`` too): the secret filter's patterns
    # are built once, beside the database's start, not by the first messages' background writes
    # while the replies wait for the interpreter.
    warming = threading.Thread(target=warm_secret_filter, name="fact-memory-demo-warm-up", daemon=True)
    warming.start()
    # Only a database named explicitly (--database-url): never FACT_MEMORY_DATABASE_URL, so the
    # demo's reset of its demo user never touches the database an application uses.
    memory = FactMemory.open(database_url, llm=llm, clock=clock, data_dir=data_dir, embedded_only=True)
    open_s = time.perf_counter() - t_open
    warming.join()
    warm_s = time.perf_counter() - t_open - open_s
    summary: dict[str, Any] = {"scripted": real_model is None, "outcomes": [], "sections": []}
    try:
        memory.forget(DEMO_USER)  # a fresh run each time
        # Fresh message ids and threads too: a forget keeps digests of the forgotten turns (ids and
        # turn fingerprints) so re-sent history never comes back, which would leave a second run empty.
        run = uuid.uuid4().hex[:8]
        # Questions are asked at their simulated date, between the messages, so each recall sees
        # only what had been said by then.
        questions = sorted(conversation["questions"], key=lambda q: q["day"])
        write_s = 0.0

        def ask(q: dict[str, Any]) -> None:
            at = start + timedelta(days=q["day"])
            clock.set(at)
            text = memory.recall(DEMO_USER, q["query"])
            summary["sections"].append((q, text))
            console.print(Panel(Text(text or "(nothing known)"), title=f"{at:%Y-%m-%d} · recall for: {q['query']}",
                                border_style="blue"))
            console.print(_ranking_table(memory.as_retriever(user_id=DEMO_USER).invoke(q["query"])))

        replied: list[float] = []
        graph = demo_agent(memory, replied)
        reply_ms: list[float] = []
        with Progress(TextColumn("[bold]conversation"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                      console=console) as progress:
            task = progress.add_task("messages", total=len(conversation["messages"]))
            for i, msg in enumerate(conversation["messages"]):
                while questions and questions[0]["day"] < msg["day"]:
                    ask(questions.pop(0))
                at = start + timedelta(days=msg["day"])
                clock.set(at)
                message_id = f"demo-{run}-{i}"
                t0 = time.perf_counter()
                out = graph.invoke({"messages": [HumanMessage(msg["text"], id=message_id)]},
                                   {"configurable": {"user_id": DEMO_USER, "thread_id": f"demo-{run}-day-{msg['day']}"}})
                reply_ms.append((replied[-1] - t0) * 1000)
                memory.flush(DEMO_USER)  # the drainer extracts it off the reply's path; wait to show its ops
                write_s += time.perf_counter() - t0
                outcome = memory.store.processed_outcomes(DEMO_USER, [message_id]).get(message_id) or ApplyOutcome(
                    user_id=DEMO_USER, message_id=message_id)
                summary["outcomes"].append(outcome)
                progress.console.print(f"\n[bold cyan]{at:%Y-%m-%d %H:%M}[/bold cyan]  user: {msg['text']}")
                progress.console.print(f"  [dim]assistant ({reply_ms[-1]:.0f} ms, memory queued):[/dim] "
                                       f"{out['messages'][-1].content}")
                if outcome.applied or outcome.rejected:
                    progress.console.print(ops_table(outcome, caption=source))
                else:
                    progress.console.print("  [dim](no facts in this message)[/dim]")
                progress.advance(task)
        summary["reply_ms"] = reply_ms
        for q in questions:
            ask(q)

        cands = memory.corrections.list(DEMO_USER)
        table = Table(title="Pending contradictions (for review)")
        for col in ("candidate", "contradicts", "new claim", "from message"):
            table.add_column(col)
        for c in cands:
            old = memory.facts.get(DEMO_USER, c.fact_id)
            table.add_row(str(c.id)[:8], Text(old.claim if old else str(c.fact_id)), Text(c.claim), c.message_id or "")
        console.print(table)

        people = memory.evaluations.people(DEMO_USER)
        summary["people"] = people
        table = Table(title="People (the relationships evaluator, on the same extraction call)")
        for col in ("name", "relation", "facts that mention them"):
            table.add_column(col)
        for p in people:
            facts = [f.claim for f in (memory.facts.get(DEMO_USER, i) for i in p.fact_ids) if f is not None]
            table.add_row(p.name, p.relation, Text("; ".join(facts)))
        console.print(table)

        stats = memory.admin.stats(DEMO_USER)
        summary["stats"] = stats
        summary["candidates"] = cands
        table = Table(title="Memory summary")
        table.add_column("kind")
        table.add_column("status")
        table.add_column("facts", justify="right")
        for kind, by_status in sorted(stats["facts"].items()):
            for status, n in sorted(by_status.items()):
                table.add_row(kind, status, str(n))
        console.print(table)
        console.print(
            f"{stats['messages']} messages, {stats['audit_entries']} audit entries, "
            f"{stats['pending_candidates']} pending contradiction(s). "
            f"Open {open_s:.1f} s, the secret filter built beside it (once per process, as a server "
            f"does at start) {warm_s:.1f} s later. Each reply came after {statistics.median(reply_ms):.0f} ms (median: recall, "
            f"the queued write beside it); extraction ran off the reply's path: {write_s:.2f} s for "
            f"{len(conversation['messages'])} messages including the wait for it "
            f"({'scripted model: no LLM time' if real_model is None else 'including model calls'})."
        )
    finally:
        memory.close()
    return summary
