"""Deleting and upkeep: purge, forget, reembed, sessions, maintain, compact, worker, profile,
health, digest, people, review."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.table import Table
from rich.text import Text

if TYPE_CHECKING:
    pass


from fact_memory_graph.cli._common import (
    DbOpt,
    DirOpt,
    IdArg,
    JsonOpt,
    UserArg,
    _emit_json,
    _errors,
    _fact_id,
    _memory,
    _parse_since,
    _store,
    _ts,
    app,
    console,
    err,
    fail,
)


# ---------------------------------------------------------------------------- deleting and upkeep
@app.command()
def purge(
    user: UserArg, fact_id: IdArg,
    yes: Annotated[bool, typer.Option("--yes", help="Confirm the hard delete.")] = False,
    database_url: DbOpt = None, data_dir: DirOpt = None,
) -> None:
    """Hard-delete one fact and every copy of its text (privacy); `update` keeps history instead."""
    if not yes:
        fail("purge is a hard delete; pass --yes to confirm")
    with _store(database_url, data_dir) as store:
        whole = _fact_id(store, user, fact_id)
        store.purge_fact(user, whole)
    console.print(f"purged {whole}")


@app.command()
def forget(
    user: UserArg,
    yes: Annotated[bool, typer.Option("--yes", help="Confirm the hard delete.")] = False,
    as_json: JsonOpt = False,
    database_url: DbOpt = None,
    data_dir: DirOpt = None,
) -> None:
    """Hard-delete everything stored about a user (facts, candidates, audit log, message log, ...)."""
    if not yes:
        fail("forget is a hard delete; pass --yes to confirm")
    with _store(database_url, data_dir) as store:
        counts = store.delete_user(user)
    if as_json:
        _emit_json(counts)
        return
    deleted = ", ".join(f"{n} {name.replace('_', ' ')}" for name, n in counts.items() if n)
    console.print(f"forgot {user}: " + (f"deleted {deleted}" if deleted else "nothing was stored"))


@app.command()
def reembed(
    yes: Annotated[bool, typer.Option("--yes", help="Confirm: every stored vector is recomputed.")] = False,
    database_url: DbOpt = None,
    data_dir: DirOpt = None,
) -> None:
    """After switching embedders (FACT_MEMORY_EMBEDDINGS): re-embed every user's facts, corrections and
    session records with the configured one and record it as the store's; prints counts. The new
    embedder must have the store's dimension."""
    if not yes:
        fail("reembed recomputes every stored vector; pass --yes to confirm")
    with _memory(database_url, data_dir, check_embedder=False) as memory:
        _emit_json(memory.admin.reembed())


@app.command()
def sessions(
    user: UserArg,
    query: Annotated[str | None, typer.Option(help="Only sessions similar to this (best first).")] = None,
    build: Annotated[bool, typer.Option("--build", help="Build the changed sessions' records first.")] = False,
    as_json: JsonOpt = False,
    database_url: DbOpt = None,
    data_dir: DirOpt = None,
) -> None:
    """The user's earlier conversations: one record per conversation, with its facts and a summary."""
    with _memory(database_url, data_dir) as memory:
        if build:
            memory.sessions.build(user)
        found = memory.sessions.search(user, query) if query else memory.sessions.list(user)
    if as_json:
        _emit_json([r.model_dump(mode="json") for r in found])
        return
    if not found:
        console.print(f"no sessions for {user}" + (" matching the query" if query else ""))
        return
    table = Table(pad_edge=False)
    for col in ("session", "started", "facts", "summary") + (("similarity",) if query else ()):
        table.add_column(col)
    for r in found:
        table.add_row(Text(r.session_id), r.started_at.date().isoformat(), str(len(r.fact_ids)), Text(r.summary),
                      *((f"{r.similarity:.2f}",) if query else ()))
    console.print(table)


def _users_arg(user: str | None, all_users: bool) -> None:
    if (user is None) == (not all_users):
        fail("give a USER or --all (not both)")


@app.command()
def maintain(
    user: Annotated[str | None, typer.Argument(help="User id (or --all).")] = None,
    all_users: Annotated[bool, typer.Option("--all", help="Every user with facts.")] = False,
    as_json: JsonOpt = False,
    database_url: DbOpt = None,
    data_dir: DirOpt = None,
) -> None:
    """Expire current facts past their end, mark long-unused durable facts dormant, trim the message
    log and apply retention (FACT_MEMORY_RETENTION_DAYS), as the worker does (no model)."""
    from fact_memory_graph.config import utc_now
    from fact_memory_graph.namespaces.upkeep import maintain_arguments
    from fact_memory_graph.settings import config_from_env

    _users_arg(user, all_users)
    with _errors():
        config = config_from_env()
    with _store(database_url, data_dir) as store:
        targets = [u["user_id"] for u in store.users()] if all_users else [user]
        done = {uid: store.maintain(uid, **maintain_arguments(config, utc_now())) for uid in targets if uid}
    if as_json:
        _emit_json(done)
        return
    table = Table(pad_edge=False)
    table.add_column("user")
    names = sorted({k for counts in done.values() for k in counts})
    for name in names:
        table.add_column(name, justify="right")
    for uid, counts in done.items():
        table.add_row(Text(uid), *(str(counts.get(n, 0)) for n in names))
    console.print(table if done else "no users")


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
    _users_arg(user, all_users)
    from fact_memory_graph.jobs import has_model

    with _memory(database_url, data_dir) as memory:
        if not has_model(memory):
            err.print("no model for reconciliation (set FACT_MEMORY_MODEL): facts that need no judgement are "
                      "reconciled, groups and corrections wait for a run with a model")
        users = memory.upkeep.users_with_work() if all_users else [user]
        reports = []
        for uid in users:
            reports.append(memory.upkeep.compact(uid))
            memory.upkeep.maintain(uid)
        if as_json:
            _emit_json([r.model_dump(mode="json") for r in reports])
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
        failed = asyncio.run(run_worker(memory, once=once, concurrency=concurrency, metrics_port=metrics_port))
    if once and failed:
        fail(f"{failed} job(s) failed (see the warnings above); they stay queued and are retried", 1)


@app.command()
def profile(
    user: UserArg,
    refresh: Annotated[bool, typer.Option("--refresh", help="Rebuild even if nothing changed.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="JSON output.")] = False,
    database_url: DbOpt = None,
    data_dir: DirOpt = None,
) -> None:
    """The user's profile: who they are in at most 50 facts / 500 tokens, by category."""
    with _memory(database_url, data_dir) as memory:
        built = memory.facts.profile(user, refresh=refresh)
    if as_json:
        _emit_json(built.model_dump(mode="json"))
    else:
        console.print(Text(built.text) if built.text else f"no facts for {user}")


@app.command()
def health(
    user: Annotated[str | None, typer.Argument(help="User id (default: every user).")] = None,
    since: Annotated[str | None, typer.Option(help="Also show activity in this window, e.g. 7d (a weekly digest).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="JSON output.")] = False,
    database_url: DbOpt = None,
    data_dir: DirOpt = None,
) -> None:
    """How the memory is doing: facts waiting for reconciliation, statuses, how recently facts were used,
    the last run, and alerts."""
    window = _parse_since(since)
    with _memory(database_url, data_dir) as memory:
        report = memory.upkeep.health(user, since=window)
    if as_json:
        _emit_json(report.model_dump(mode="json"))
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
        ("last run", f"{_ts(report.last_run_at)} ({report.last_run_seconds:.2f} s)"
         if report.last_run_at and report.last_run_seconds is not None else "never"),
        ("average run", f"{report.average_run_seconds:.2f} s" if report.average_run_seconds else "-"),
        ("queued messages", f"{report.queued_messages} ({report.retrying_messages} retrying, oldest "
         f"{report.oldest_queued_seconds:.0f} s)" if report.oldest_queued_seconds is not None else "0"),
        ("parked messages", report.failed_messages),
        ("task success", ", ".join(f"{k} {v}" for k, v in report.task_success.items()) or "-"),
        ("success rate (with / without memory)",
         " / ".join("-" if r is None else f"{r:.0%}" for r in (report.success_rate, report.success_rate_with_memory,
                                                                report.success_rate_without_memory))),
        ("facts shown per reply", "-" if report.facts_shown_per_reply is None else report.facts_shown_per_reply),
        ("stale share", f"{report.stale_share:.1%}"),
        ("facts restated after being shown", f"{report.repeated_facts} ("
         + ("-" if report.repetition_per_user_week is None else f"{report.repetition_per_user_week:g}")
         + " per active user per week)"),
        ("stale facts among those shown", "-" if report.stale_shown_share is None else f"{report.stale_shown_share:.1%}"),
    ]
    if window is not None:
        rows.append((f"activity since {since}", ", ".join(f"{k} {v}" for k, v in report.activity.items()) or "-"))
    for name, value in rows:
        table.add_row(name, str(value))
    console.print(table)
    for alert in report.alerts:
        console.print(f"[red]alert:[/red] {alert}")





@app.command()
def digest(
    build: Annotated[bool, typer.Option("--build", help="Build (or rebuild) last week's digest now.")] = False,
    deliver: Annotated[bool, typer.Option(
        "--deliver", help="Deliver the newest digest to the configured channel (FACT_MEMORY_DIGEST_*) "
        "unless it was delivered already.")] = False,
    as_json: JsonOpt = False, database_url: DbOpt = None, data_dir: DirOpt = None,
) -> None:
    """The weekly digest: what changed, whether memory helps, quality and alerts (the newest one)."""
    from fact_memory_graph.digest import (
        build_digest,
        deliver_digest,
        digest_markdown,
        latest_digest,
    )

    delivered = None
    with _memory(database_url, data_dir) as memory:
        if build:
            built = build_digest(memory)
            found: tuple[Any, str] | None = (built, digest_markdown(built))
        else:
            found = latest_digest(memory)
        if deliver:
            cfg = memory.config.digest
            if not (cfg.webhook_url or cfg.log):
                fail("no channel for the digest: set FACT_MEMORY_DIGEST_WEBHOOK_URL (or FACT_MEMORY_DIGEST_LOG=1)")
            try:
                delivered = deliver_digest(memory) if found else False
            except Exception as exc:  # noqa: BLE001 - the webhook's error, in one line
                fail(f"the digest could not be delivered: {type(exc).__name__}: {str(exc)[:300]}", 1)
    if delivered is not None:
        err.print("digest delivered" if delivered else "nothing to deliver (delivered already, or none yet)")
    if found is None:  # nothing wrong: the weekly job has not run yet
        console.print("no digest yet: the weekly job writes one (or run `fact-memory digest --build`)")
        return
    if as_json:
        _emit_json(found[0].model_dump(mode="json"))
        return
    console.print(Text(found[1]))


@app.command()
def people(
    user: Annotated[str, typer.Argument(help="User id.")],
    as_json: JsonOpt = False, database_url: DbOpt = None, data_dir: DirOpt = None,
) -> None:
    """The people a user named (relationships evaluator) and the names they go by (identity)."""
    with _memory(database_url, data_dir) as memory:
        found = memory.evaluations.people(user)
    if as_json:
        _emit_json([p.model_dump(mode="json") for p in found])
        return
    table = Table(title=f"people of {user}")
    for column in ("name", "relation", "aliases", "facts", "mentions", "last mentioned"):
        table.add_column(column)
    for p in found:
        table.add_row(p.name, p.relation, ", ".join(p.aliases) or "-", str(len(p.fact_ids)), str(p.mentions),
                      _ts(p.last_at))
    console.print(table)


@app.command()
def review(
    user: Annotated[str, typer.Argument(help="User id.")],
    as_json: JsonOpt = False, database_url: DbOpt = None, data_dir: DirOpt = None,
) -> None:
    """Run the nightly review of a user's day now (inferred facts, refinements, patterns, session
    summaries; one model call at most, and only once a day)."""
    with _memory(database_url, data_dir) as memory:
        report = memory.review.run(user)
    if report.skipped in ("no chat model configured",) or (report.skipped or "").startswith("the nightly review is off"):
        fail(f"the review could not run: {report.skipped} (set FACT_MEMORY_MODEL, as for `remember`)"
             if report.skipped == "no chat model configured" else f"the review could not run: {report.skipped}")
    if as_json:
        _emit_json(report.model_dump(mode="json"))
        return
    console.print(report.skipped or f"{report.messages} messages reviewed: {report.inferred} inferred, "
                  f"{report.patterns} patterns, {report.refined} refined, {report.summaries} session summaries, "
                  f"{len(report.rejected)} rejected")


