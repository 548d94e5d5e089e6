"""Scheduled work on procrastinate against the embedded Postgres: the nightly pass, a killed
worker's job, two workers on one user."""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime, timedelta

import pytest
from typer.testing import CliRunner

from fact_memory_graph import FactMemory
from fact_memory_graph.cli import app as cli_app
from fact_memory_graph.config import DigestConfig, FactMemoryConfig, ReconcileConfig
from fact_memory_graph.jobs import (
    build_job_app,
    defer_reconcile,
    install_job_schema,
    retry_stalled_jobs,
    run_worker,
)
from fact_memory_graph.testing import FixedClock, ScriptedChatModel

from .test_reconcile import active, add_in_order, adjudicator

SAME = [("lives in Berlin", "resides in Berlin"), ("allergic to penicillin", "has a penicillin allergy")]


def away_from_now() -> FactMemoryConfig:
    """The periodic tasks' ticks twelve hours away from the wall clock. procrastinate's deferrer reads real
    time, not the memory's clock, and queues a tick up to ten minutes late: a run between 03:00 and 03:10 UTC
    found one nightly job more than these tests count (and Mondays 04:00 one digest)."""
    hour = (datetime.now(UTC).hour + 12) % 24
    return FactMemoryConfig(reconcile=ReconcileConfig(schedule=f"0 {hour} * * *"),
                            digest=DigestConfig(schedule=f"30 {hour} * * *"))


@pytest.fixture
def job_memory(fresh_db_url, embeddings, clock: FixedClock):
    memory = FactMemory.open(fresh_db_url, embeddings=embeddings, clock=clock, config=away_from_now(),
                             llm=ScriptedChatModel(default=adjudicator(SAME)))
    yield memory
    memory.close()


def seed(memory: FactMemory, clock: FixedClock, user: str) -> None:
    add_in_order(memory, clock, user, {"lives in Berlin": "identity", "resides in Berlin": "identity"})


async def test_worker_runs_the_nightly_pass_for_every_user_with_work(job_memory: FactMemory,
                                                                     clock: FixedClock) -> None:
    seed(job_memory, clock, "ana")
    seed(job_memory, clock, "ben")
    job_memory.facts.add("cy", "flying to Lisbon", kind="current", category="schedule_context",
                        expires_at=clock.now + timedelta(hours=2))
    job_memory.upkeep.compact("cy")  # cy has nothing to reconcile, only a state about to end
    clock.advance(days=1)
    assert job_memory.upkeep.users_with_work() == ["ana", "ben", "cy"]
    await run_worker(job_memory, once=True)
    assert active(job_memory, "ana") == active(job_memory, "ben") == ["lives in Berlin"]
    assert [f.status for f in job_memory.facts.list("cy")] == ["expired"]
    assert job_memory.upkeep.users_with_work() == []
    assert install_job_schema(job_memory.database_url) is False  # already there


async def test_a_killed_workers_job_is_retried(job_memory: FactMemory, clock: FixedClock) -> None:
    seed(job_memory, clock, "dan")
    install_job_schema(job_memory.database_url)
    app = build_job_app(job_memory)
    async with app.open_async():
        job_id = await defer_reconcile(app, "dan")
        assert await defer_reconcile(app, "dan") is None  # one waiting job per user
        dead = await app.job_manager.register_worker()
        job = await app.job_manager.fetch_job(queues=None, worker_id=dead)  # taken, then the worker dies
        assert job is not None and job.id == job_id
        await app.run_worker_async(wait=False, install_signal_handlers=False)
        assert len(active(job_memory, "dan")) == 2  # the job is stuck in "doing"
        assert await retry_stalled_jobs(app, seconds_since_heartbeat=0) == 1
        await app.run_worker_async(wait=False, install_signal_handlers=False)
    assert active(job_memory, "dan") == ["lives in Berlin"]


async def test_two_workers_never_reconcile_one_user_twice(job_memory: FactMemory, clock: FixedClock) -> None:
    seed(job_memory, clock, "eve")
    install_job_schema(job_memory.database_url)
    app = build_job_app(job_memory)
    async with app.open_async():
        task = app.tasks["fact_memory.reconcile_user"]
        for _ in range(3):  # bypass the queueing lock: three jobs, one user lock
            await task.configure(lock="fact-memory:eve").defer_async(user_id="eve")
        await asyncio.gather(*(app.run_worker_async(wait=False, install_signal_handlers=False, name=f"w{i}")
                               for i in range(2)))
    runs = job_memory.upkeep.runs("eve", job="reconcile")
    assert len(runs) == 3 and sum(r["report"]["merged"] for r in runs) == 1
    [survivor] = job_memory.facts.list("eve", status="active")
    assert survivor.confidence == pytest.approx(0.8)


def test_cli_compact(job_memory: FactMemory, clock: FixedClock, monkeypatch: pytest.MonkeyPatch) -> None:
    seed(job_memory, clock, "fay")
    monkeypatch.setattr(FactMemory, "llm", property(lambda self: ScriptedChatModel(default=adjudicator(SAME))))
    runner = CliRunner()
    db = ["--database-url", job_memory.database_url]
    out = runner.invoke(cli_app, ["compact", "--all", "--json", *db])
    assert out.exit_code == 0, out.output
    assert '"merged": 1' in out.output and '"user_id": "fay"' in out.output
    assert runner.invoke(cli_app, ["compact", *db]).exit_code == 2
    assert "nothing to reconcile" in runner.invoke(cli_app, ["compact", "--all", *db]).output


async def test_a_worker_without_a_model_says_so_and_keeps_users_up(fresh_db_url, embeddings, clock: FixedClock,
                                                                   caplog: pytest.LogCaptureFixture,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 21: no model -> one line at start, the model-free upkeep still runs, no job fails."""
    import logging

    for name in ("FACT_MEMORY_MODEL", "OPENAI_API_KEY", "OPENAI_BASE_URL"):
        monkeypatch.delenv(name, raising=False)
    memory = FactMemory.open(fresh_db_url, embeddings=embeddings, clock=clock, config=away_from_now())
    try:
        seed(memory, clock, "dee")  # two facts that would need the model to merge
        memory.facts.add("dee", "flying to Lisbon", kind="current", category="schedule_context",
                        expires_at=clock.now + timedelta(hours=2))
        clock.advance(days=1)
        caplog.set_level(logging.INFO, logger="fact_memory_graph")
        failed = await run_worker(memory, once=True)
        assert failed == 0
        assert any("no model for reconciliation" in r.message for r in caplog.records)
        assert "expired" in [f.status.value for f in memory.facts.list("dee")]  # upkeep ran
        assert len(active(memory, "dee")) == 2  # nothing merged without a model
    finally:
        memory.close()


async def test_a_failed_job_is_logged_and_counted(job_memory: FactMemory, clock: FixedClock,
                                                  caplog: pytest.LogCaptureFixture,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    import logging

    seed(job_memory, clock, "eli")

    async def broken(user_id: str, **kwargs):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(job_memory.upkeep, "amaintain", broken)
    caplog.set_level(logging.WARNING, logger="fact_memory_graph")
    assert await run_worker(job_memory, once=True) == 1
    assert any("job for eli failed" in r.message and "disk on fire" in r.message for r in caplog.records)


async def test_a_failed_listing_counts_as_a_failure(job_memory: FactMemory, caplog: pytest.LogCaptureFixture,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """`worker --once` exits non-zero when the nightly listing itself failed (a node down on Citus)."""
    import logging

    from fact_memory_graph.errors import StoreError

    async def unreachable(**kwargs):
        raise StoreError("connection to the remote node 127.0.0.1:9702 failed")

    monkeypatch.setattr(job_memory.astore, "users_with_work", unreachable)
    caplog.set_level(logging.WARNING, logger="fact_memory_graph")
    assert await run_worker(job_memory, once=True) == 1
    assert any("listing the users with work failed" in r.message for r in caplog.records)


async def test_worker_once_drains_the_queue_first(job_memory: FactMemory, clock: FixedClock) -> None:
    from langchain_core.messages import HumanMessage

    job_memory._llm = ScriptedChatModel(default=[{"op": "add_durable", "category": "identity",
                                                  "claim": "lives in Oslo"}])
    job_memory.write_node().invoke({"messages": [HumanMessage("I live in Oslo", id="o1")]},
                                   {"configurable": {"user_id": "fay"}})
    assert await run_worker(job_memory, once=True) == 0
    assert [f.claim for f in job_memory.facts.list("fay")] == ["lives in Oslo"]
    assert job_memory.queue.status("fay")["queued"] == 0


async def test_a_forget_that_cannot_finish_is_recorded_and_retried(job_memory: FactMemory, clock: FixedClock,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """On Citus a forget writes on every node: with one down it cannot finish. Nothing is deleted,
    the caller is told it is pending, and the worker's next pass finishes it."""
    from fact_memory_graph.errors import ForgetPendingError, StoreError

    job_memory.facts.add("gus", "lives in Rome", kind="durable", category="identity")
    real = job_memory.store.delete_user

    def node_down(user_id: str, **_: object):
        raise StoreError("connection to the remote node 127.0.0.1:9702 failed")

    monkeypatch.setattr(job_memory.store, "delete_user", node_down)
    with pytest.raises(ForgetPendingError, match="retries it"):
        job_memory.forget("gus")
    assert [r["user_id"] for r in job_memory.admin.forget_requests()] == ["gus"]
    assert len(job_memory.facts.list("gus")) == 1  # nothing deleted half-way
    monkeypatch.setattr(job_memory.store, "delete_user", real)
    assert await run_worker(job_memory, once=True) == 0
    assert job_memory.facts.list("gus") == [] and job_memory.admin.forget_requests() == []
    assert "gus" not in json.dumps(job_memory.export("gus"), default=str).replace('"user_id": "gus"', "")


async def test_the_worker_runs_the_nightly_review_once_a_day(job_memory: FactMemory, clock: FixedClock) -> None:
    """The nightly pass schedules a user who only wrote today; the job reviews their day with one
    model call, and a second pass the same day makes none."""
    from langchain_core.messages import HumanMessage

    reviews: list[int] = []

    def answer(messages):
        if str(messages[0].content).startswith("You review one day"):
            reviews.append(1)
            return {"proposals": [{"type": "pattern", "claim": "runs before work", "category": "preference",
                                   "refines": None, "because": ["M1"]}], "sessions": []}
        return []  # nothing extracted message by message: only the review sees the pattern

    job_memory._llm = ScriptedChatModel(default=answer)
    job_memory.write_node().invoke({"messages": [HumanMessage("Up at 6 for my run before work again", id="g1")]},
                                   {"configurable": {"user_id": "gus"}})
    assert await run_worker(job_memory, once=True) == 0
    assert reviews == [1]
    (fact,) = job_memory.facts.list("gus")
    assert (fact.claim, fact.source.value) == ("runs before work", "inference")
    assert await run_worker(job_memory, once=True) == 0
    assert reviews == [1]


@pytest.mark.block_network(allowed_hosts=["127.0.0.1"])  # the webhook on loopback only
async def test_the_weekly_digest_task_delivers_once_retrying_a_failed_post(fresh_db_url, embeddings,
                                                                           clock: FixedClock) -> None:
    """procrastinate's weekly task, run by the worker: the digest is posted to a webhook on loopback
    (the first post fails with a 500 and is retried), handed to a callable, and never delivered
    twice — a second run of the task posts nothing."""
    import http.server
    import threading


    received: list[dict] = []
    statuses = iter([500])

    class Hook(http.server.BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 - the stdlib's name
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            status = next(statuses, 204)
            if status == 204:
                received.append({"body": body, "key": self.headers["Idempotency-Key"]})
            self.send_response(status)
            self.end_headers()

        def log_message(self, *args) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Hook)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    config = away_from_now()
    config = config.model_copy(update={"digest": config.digest.model_copy(update={
        "webhook_url": f"http://127.0.0.1:{server.server_port}/digest", "webhook_retry_s": 0})})
    memory = FactMemory.open(fresh_db_url, embeddings=embeddings, clock=clock, llm=ScriptedChatModel(), config=config)
    handed: list[str] = []
    memory.digest_sinks.append(lambda digest, markdown: handed.append(markdown))
    try:
        memory.facts.add("dana", "likes jazz", kind="durable", category="preference")

        async def digest_now(job_app) -> None:
            await job_app.tasks["fact_memory.weekly_digest"].defer_async(timestamp=0)

        assert await run_worker(memory, once=True, before=digest_now) == 0
        assert len(received) == 1 and len(handed) == 1
        week = received[0]["body"]["week_start"]
        assert received[0]["key"] == f"fact-memory-digest-{week}" and "# " in received[0]["body"]["markdown"]
        assert await run_worker(memory, once=True, before=digest_now) == 0
        assert len(received) == 1 and len(handed) == 1  # delivered once
    finally:
        memory.close()
        server.shutdown()
