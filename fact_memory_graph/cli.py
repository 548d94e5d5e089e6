"""``fact-memory``: the command line (typer + rich).

Every command uses the embedded Postgres unless ``--database-url`` / FACT_MEMORY_DATABASE_URL
points elsewhere. Bad input exits non-zero with a one-line error.
"""

from __future__ import annotations

import json
import logging
import sys
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from fact_memory_graph.errors import FactMemoryError

app = typer.Typer(help="Long-term memory of facts about people, for LangGraph agents.", no_args_is_help=True,
                  pretty_exceptions_enable=False)
console = Console()
err = Console(stderr=True)

DbOpt = Annotated[str | None, typer.Option("--database-url", envvar="FACT_MEMORY_DATABASE_URL",
                                           help="Postgres URL (default: embedded Postgres).")]
DirOpt = Annotated[str | None, typer.Option("--data-dir", envvar="FACT_MEMORY_DATA_DIR",
                                            help="Data directory of the embedded Postgres.")]


def _parse_at(at: str | None) -> datetime | None:
    if at is None:
        return None
    try:
        value = datetime.fromisoformat(at)
    except ValueError:
        raise typer.BadParameter(f"not an ISO 8601 timestamp: {at!r}") from None
    if value.tzinfo is None:
        raise typer.BadParameter("timestamp needs a timezone, e.g. 2026-03-01T09:00+00:00")
    return value


@contextmanager
def _memory(database_url: str | None, data_dir: str | None):
    from fact_memory_graph.memory import FactMemory

    try:
        memory = FactMemory.open(database_url, data_dir=data_dir)
    except FactMemoryError as exc:
        err.print(f"[red]error:[/red] {exc}")
        raise typer.Exit(2) from None
    try:
        yield memory
    except FactMemoryError as exc:
        err.print(f"[red]error:[/red] {exc}")
        raise typer.Exit(1) from None
    finally:
        memory.close()


@app.callback()
def main(verbose: Annotated[bool, typer.Option("--verbose", "-v", help="Log what the pipeline does.")] = False) -> None:
    logging.basicConfig(level=logging.INFO if verbose else logging.ERROR, format="%(levelname)s %(name)s: %(message)s")


@app.command()
def demo(database_url: DbOpt = None, data_dir: DirOpt = None) -> None:
    """Run the built-in conversation over several simulated weeks and show what memory does."""
    from fact_memory_graph.demo import run_demo

    try:
        run_demo(console, database_url=database_url, data_dir=data_dir)
    except FactMemoryError as exc:
        err.print(f"[red]error:[/red] {exc}")
        raise typer.Exit(1) from None


@app.command()
def remember(
    user: Annotated[str, typer.Argument(help="User id (namespace).")],
    message: Annotated[str, typer.Argument(help="The user's message.")],
    message_id: Annotated[str | None, typer.Option(help="Stable id: re-running with it applies nothing twice.")] = None,
    at: Annotated[str | None, typer.Option(help="Message time, ISO 8601 with timezone.")] = None,
    database_url: DbOpt = None,
    data_dir: DirOpt = None,
) -> None:
    """Extract facts from one message (needs a configured model) and apply them."""
    when = _parse_at(at)
    with _memory(database_url, data_dir) as memory:
        outcome = memory.remember(user, message, message_id=message_id, at=when)
        from fact_memory_graph.demo import ops_table

        console.print(ops_table(outcome))
        if outcome.already_processed:
            console.print("[yellow]message id was processed before; nothing applied[/yellow]")


@app.command()
def recall(
    user: Annotated[str, typer.Argument(help="User id.")],
    query: Annotated[str, typer.Argument(help="What the agent is about to talk about.")],
    at: Annotated[str | None, typer.Option(help="Rank as of this time (ISO 8601).")] = None,
    k_durable: Annotated[int, typer.Option(min=0)] = 6,
    k_current: Annotated[int, typer.Option(min=0)] = 6,
    database_url: DbOpt = None,
    data_dir: DirOpt = None,
) -> None:
    """Print the two prompt sections for a query."""
    when = _parse_at(at)
    with _memory(database_url, data_dir) as memory:
        text = memory.recall(user, query, at=when, k_durable=k_durable, k_current=k_current)
        console.print(Text(text) if text else Text("(nothing known about this user)", style="dim"))


@app.command()
def facts(
    user: Annotated[str, typer.Argument(help="User id.")],
    kind: Annotated[str | None, typer.Option(help="durable or current")] = None,
    status: Annotated[str | None, typer.Option(help="active, superseded, expired, dormant, retracted")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="JSON output.")] = False,
    database_url: DbOpt = None,
    data_dir: DirOpt = None,
) -> None:
    """List a user's facts."""
    if kind not in (None, "durable", "current"):
        raise typer.BadParameter("kind must be durable or current")
    if status not in (None, "active", "superseded", "expired", "dormant", "retracted"):
        raise typer.BadParameter("unknown status")
    with _memory(database_url, data_dir) as memory:
        rows = memory.facts(user, kind=kind, status=status)
        if as_json:
            console.print_json(json.dumps([f.model_dump(mode="json") for f in rows]))
            return
        table = Table()
        for col in ("id", "kind", "category", "claim", "conf", "status", "since / created"):
            table.add_column(col)
        for f in rows:
            table.add_row(str(f.id)[:8], f.kind.value, f.category, Text(f.claim), f"{f.confidence:.2f}", f.status.value,
                          (f.valid_at or f.created_at).date().isoformat())
        console.print(table)


@app.command()
def candidates(user: Annotated[str, typer.Argument(help="User id.")], database_url: DbOpt = None,
               data_dir: DirOpt = None) -> None:
    """List pending contradiction candidates."""
    with _memory(database_url, data_dir) as memory:
        table = Table()
        for col in ("candidate id", "contradicts", "new claim", "created"):
            table.add_column(col)
        for c in memory.candidates(user):
            old = memory.get_fact(user, c.fact_id)
            table.add_row(str(c.id), Text(old.claim if old else "?"), Text(c.claim), c.created_at.isoformat(timespec="minutes"))
        console.print(table)


@app.command()
def resolve(
    user: Annotated[str, typer.Argument(help="User id.")],
    candidate_id: Annotated[str, typer.Argument(help="Candidate id (from `candidates`).")],
    accept: Annotated[bool, typer.Option("--accept/--reject", help="Accept replaces the old fact.")] = True,
    database_url: DbOpt = None,
    data_dir: DirOpt = None,
) -> None:
    """Accept or reject a pending contradiction."""
    with _memory(database_url, data_dir) as memory:
        try:
            resolved = memory.resolve_candidate(user, candidate_id, accept=accept)
        except ValueError:
            raise typer.BadParameter(f"not a candidate id: {candidate_id!r}") from None
        console.print(f"candidate {resolved.id} {resolved.status.value}")


@app.command()
def stats(user: Annotated[str, typer.Argument(help="User id.")], database_url: DbOpt = None,
          data_dir: DirOpt = None) -> None:
    """Counts of facts by kind and status, candidates, audit entries and messages."""
    with _memory(database_url, data_dir) as memory:
        console.print_json(json.dumps(memory.stats(user)))


@app.command()
def export(
    user: Annotated[str, typer.Argument(help="User id.")],
    output: Annotated[Path | None, typer.Option("--output", "-o", help="File (default: stdout).")] = None,
    database_url: DbOpt = None,
    data_dir: DirOpt = None,
) -> None:
    """Export everything stored about a user as JSON."""
    with _memory(database_url, data_dir) as memory:
        data = json.dumps(memory.export(user), indent=2, ensure_ascii=False)
        if output is None:
            sys.stdout.write(data + "\n")
        else:
            output.write_text(data, encoding="utf-8")
            err.print(f"wrote {output}")


@app.command()
def forget(
    user: Annotated[str, typer.Argument(help="User id.")],
    yes: Annotated[bool, typer.Option("--yes", help="Confirm the hard delete.")] = False,
    database_url: DbOpt = None,
    data_dir: DirOpt = None,
) -> None:
    """Hard-delete everything stored about a user (facts, candidates, audit log)."""
    if not yes:
        err.print("[red]error:[/red] forget is a hard delete; pass --yes to confirm")
        raise typer.Exit(2)
    with _memory(database_url, data_dir) as memory:
        console.print_json(json.dumps(memory.forget(user)))


def _report_table(reports: list) -> Table:
    table = Table(title="reconciliation")
    for col in ("user", "facts", "groups", "model calls", "prompt tokens", "merged", "superseded", "retracted",
                "rejected", "backlog after"):
        table.add_column(col, justify="left" if col == "user" else "right")
    for r in reports:
        table.add_row(r.user_id, str(r.facts_selected), str(r.groups), str(r.model_calls), str(r.prompt_tokens),
                      str(r.merged), str(r.superseded), str(r.retracted), str(len(r.rejected_groups)),
                      str(r.backlog_after))
    return table


@app.command()
def compact(
    user: Annotated[str | None, typer.Argument(help="User id (or --all).")] = None,
    all_users: Annotated[bool, typer.Option("--all", help="Every user with unreconciled facts.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="JSON output.")] = False,
    database_url: DbOpt = None,
    data_dir: DirOpt = None,
) -> None:
    """Reconcile unreconciled facts with the model (merge, supersede, retract), then expire ended states."""
    if (user is None) == (not all_users):
        raise typer.BadParameter("give a USER or --all (not both)")
    with _memory(database_url, data_dir) as memory:
        users = memory.users_with_work() if all_users else [user]
        reports = []
        for uid in users:
            reports.append(memory.compact(uid))
            memory.maintain(uid)
        if as_json:
            console.print_json(json.dumps([r.model_dump(mode="json") for r in reports]))
        elif reports:
            console.print(_report_table(reports))
        else:
            console.print("nothing to reconcile")


@app.command()
def worker(
    once: Annotated[bool, typer.Option("--once", help="Queue the nightly pass now, run every job, exit.")] = False,
    concurrency: Annotated[int, typer.Option(min=1, help="Jobs run at once by this worker.")] = 1,
    metrics_port: Annotated[int | None, typer.Option(help="Serve Prometheus metrics on 127.0.0.1:PORT.")] = None,
    database_url: DbOpt = None,
    data_dir: DirOpt = None,
) -> None:
    """Run a procrastinate worker: nightly reconciliation and maintenance of every user."""
    import asyncio

    from fact_memory_graph.jobs import run_worker

    logging.getLogger("fact_memory_graph").setLevel(logging.INFO)
    with _memory(database_url, data_dir) as memory:
        asyncio.run(run_worker(memory, once=once, concurrency=concurrency, metrics_port=metrics_port))


@app.command()
def profile(
    user: Annotated[str, typer.Argument(help="User id.")],
    refresh: Annotated[bool, typer.Option("--refresh", help="Rebuild even if nothing changed.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="JSON output.")] = False,
    database_url: DbOpt = None,
    data_dir: DirOpt = None,
) -> None:
    """The user's profile: at most 50 durable facts / 500 tokens, by category (seed 003)."""
    with _memory(database_url, data_dir) as memory:
        built = memory.profile(user, refresh=refresh)
    if as_json:
        console.print_json(built.model_dump_json())
    else:
        console.print(Text(built.text) if built.text else Text(f"no facts for {user}", style="dim"))


def _parse_since(since: str | None):
    from datetime import timedelta

    if since is None:
        return None
    units = {"d": "days", "h": "hours", "m": "minutes", "w": "weeks"}
    number, unit = since[:-1], since[-1:]
    if unit not in units or not number.replace(".", "", 1).isdigit():
        raise typer.BadParameter(f"--since takes a number and a unit (d, h, m, w), e.g. 7d; got {since!r}")
    return timedelta(**{units[unit]: float(number)})


@app.command()
def health(
    user: Annotated[str | None, typer.Argument(help="User id (default: every user).")] = None,
    since: Annotated[str | None, typer.Option(help="Also show activity in this window, e.g. 7d (a weekly digest).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="JSON output.")] = False,
    database_url: DbOpt = None,
    data_dir: DirOpt = None,
) -> None:
    """Backlog, reconciliation rate, statuses, temperature, last run and alerts (seed 004)."""
    window = _parse_since(since)
    with _memory(database_url, data_dir) as memory:
        report = memory.health(user, since=window)
    if as_json:
        console.print_json(report.model_dump_json())
        return
    table = Table(title=f"fact-memory health: {user or 'all users'}", show_header=False)
    table.add_column("figure")
    table.add_column("value")
    rows = [
        ("users", report.users), ("unreconciled backlog", report.backlog),
        ("reconciliation rate", f"{report.reconciliation_rate:.1%}"),
        ("statuses", ", ".join(f"{k} {v}" for k, v in report.statuses.items()) or "-"),
        ("temperature", " / ".join(f"{k} {v}" for k, v in report.temperature.items())),
        ("pending candidates", report.pending_candidates), ("active past their end", report.active_past_end),
        ("last run", f"{report.last_run_at:%Y-%m-%d %H:%M} ({report.last_run_seconds:.2f} s)"
         if report.last_run_at and report.last_run_seconds is not None else "never"),
        ("average run", f"{report.average_run_seconds:.2f} s" if report.average_run_seconds else "-"),
    ]
    if window is not None:
        rows.append((f"activity since {since}", ", ".join(f"{k} {v}" for k, v in report.activity.items()) or "-"))
    for name, value in rows:
        table.add_row(name, str(value))
    console.print(table)
    for alert in report.alerts:
        console.print(f"[red]alert:[/red] {alert}")


if __name__ == "__main__":  # pragma: no cover
    app()
