"""``fact-memory queue``: the message log's status, drain and retry."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING, Annotated

import typer
from rich.text import Text

if TYPE_CHECKING:
    pass


from fact_memory_graph.cli._common import (
    DbOpt,
    DirOpt,
    JsonOpt,
    _emit_json,
    _errors,
    _memory,
    _store,
    _ts,
    console,
    err,
    fail,
    queue_app,
)


@queue_app.command("status")
def queue_status(
    user: Annotated[str | None, typer.Argument(help="User id (default: every user).")] = None,
    as_json: JsonOpt = False, database_url: DbOpt = None, data_dir: DirOpt = None,
) -> None:
    """Messages waiting for extraction and why: held by a drainer (which, until when), retrying
    after a failure (next attempt), parked after their last attempt (reason), no model here."""
    from fact_memory_graph import settings

    # The store alone (no embedder, no LangGraph, no model built): the status is a query.
    with _store(database_url, data_dir) as store, _errors():
        status = {**store.queue_status(user, now=datetime.now(UTC)),
                  "model": None if settings.model_configured() else settings.NO_MODEL_MESSAGE}
    info = {"user_id": user, "queued": status["queued"], "retrying": status["retrying"], "failed": status["failed"],
            "oldest_queued_seconds": status["oldest_seconds"],
            "next_due": status["next_due"].isoformat() if status["next_due"] else None,
            "leases": [{"holder": r["holder"], "until": r["until"].isoformat(), "messages": r["messages"]}
                       for r in status["leases"]],
            "next_retry": status["next_retry"].isoformat() if status["next_retry"] else None,
            "parked": [{"user_id": r["user_id"], "message_id": r["message_id"], "attempts": r["attempts"],
                        "reason": r["reason"]} for r in status["parked"]],
            "no_model": status["model"]}
    if as_json:
        _emit_json(info)
        return
    oldest = f", the oldest waiting {status['oldest_seconds']:.0f} s" if status["oldest_seconds"] is not None else ""
    console.print(f"{info['queued']} queued ({info['retrying']} retrying){oldest}; {info['failed']} parked"
                  f" ({user or 'all users'})")
    for lease in status["leases"]:
        console.print(Text(f"  {lease['messages']} held by {lease['holder'] or 'a drainer'} until "
                           f"{_ts(lease['until'])} (free then if that process died)"))
    if status["next_retry"] is not None:
        console.print(f"  next retry at {_ts(status['next_retry'])}")
    for parked in status["parked"]:
        console.print(Text(f"  parked {parked['user_id']} {parked['message_id']} after {parked['attempts']} "
                           f"attempt(s): {(parked['reason'] or '')[:200]}"))
    if status["queued"] and status["model"]:
        console.print(Text(f"  this process cannot extract them: {status['model']}"))


@queue_app.command("drain")
def queue_drain(
    user: Annotated[str | None, typer.Argument(help="User id (default: every user).")] = None,
    timeout: Annotated[float | None, typer.Option(help="Stop waiting after this many seconds.")] = None,
    as_json: JsonOpt = False, database_url: DbOpt = None, data_dir: DirOpt = None,
) -> None:
    """Extract the queued messages now (needs a model); exit 1 when one failed (it stays queued)
    or when messages are still waiting (and why), 2 when nothing could run (no model)."""
    with _memory(database_url, data_dir) as memory, _errors():
        if (no_model := memory.queue.missing_model()) is not None:
            fail(no_model)
        report = memory.flush(user, timeout=timeout)
        waiting = memory.queue.status(user) if report.pending else None
    if as_json:
        _emit_json(report.model_dump(mode="json"))
    else:
        failed = sum(len(f) for f in report.failed.values())
        console.print(f"{report.processed} extracted, {failed} failed, {report.pending} still waiting")
        for failed_user, failures in report.failed.items():
            for message_id, error in failures.items():
                err.print(Text(f"  {failed_user} {message_id}: {error}"))
    if waiting is not None:
        why = "; ".join(f"{lease['messages']} held by {lease['holder'] or 'a drainer'} until {_ts(lease['until'])}"
                        for lease in waiting["leases"]) or "another drainer holds them"
        fail(f"{report.pending} message(s) still waiting: {why}", 1)
    if report.failed:
        raise typer.Exit(1)


@queue_app.command("retry")
def queue_retry(
    user: Annotated[str | None, typer.Argument(help="User id (default: every user).")] = None,
    database_url: DbOpt = None, data_dir: DirOpt = None,
) -> None:
    """Put messages parked after failed extractions back in the queue."""
    with _memory(database_url, data_dir) as memory, _errors():
        count = memory.queue.retry_failed(user)
    console.print(f"{count} message(s) queued again")


