"""Commands that write and read one user's memory: demo, setup, restore, remember, add, update,
recall, facts, show, history, candidates, resolve, audit, users, stats, export."""

from __future__ import annotations

import json
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.table import Table
from rich.text import Text

if TYPE_CHECKING:
    from fact_memory_graph.schema import AppliedOp


from fact_memory_graph.cli._common import (
    KINDS,
    MAX_EXPORT_BYTES,
    STATUSES,
    DbOpt,
    DirOpt,
    IdArg,
    JsonOpt,
    UserArg,
    _check_choice,
    _emit_json,
    _errors,
    _fact_id,
    _fields_table,
    _kind_of,
    _memory,
    _parse_at,
    _store,
    _ts,
    app,
    console,
    err,
    fail,
)


# ---------------------------------------------------------------------------- the demo
@app.command()
def demo(
    database_url: Annotated[str | None, typer.Option(
        "--database-url", help="Run on this Postgres instead of the embedded one (FACT_MEMORY_DATABASE_URL is "
        "ignored here: the demo resets its demo user).")] = None,
    data_dir: DirOpt = None,
) -> None:
    """Run the built-in conversation over several simulated weeks and show what memory does."""
    with _errors():
        from fact_memory_graph import settings
        from fact_memory_graph.demo import run_demo

        url = settings.normalize_database_url(database_url) if database_url else None
        run_demo(console, database_url=url, data_dir=data_dir)


@app.command()
def setup(
    citus: Annotated[bool, typer.Option("--citus", help="Also distribute the tables by user (a Citus coordinator).")]
    = False,
    as_json: JsonOpt = False, database_url: DbOpt = None, data_dir: DirOpt = None,
) -> None:
    """Create the schema, or bring it up to date, and print its version (safe to run again)."""
    with _memory(database_url, data_dir, citus=citus) as memory:  # opening runs the migrations under a lock
        versions = memory.store.migration_versions()
        info: dict[str, Any] = {"schema_version": max(versions), "migrations": len(versions),
                                "embedding_dimension": memory.store.dimension,
                                "database": _shown_url(memory.database_url)}
        if citus:
            with _errors():
                info["citus"] = memory.store.distribute()
    if as_json:
        _emit_json(info)
    else:
        console.print(f"schema version {info['schema_version']} ({info['migrations']} migrations), "
                      f"embedding dimension {info['embedding_dimension']}, on {info['database']}")


def _shown_url(url: str | None) -> str:
    from fact_memory_graph.settings import redact_url

    return redact_url(url or "embedded")


@app.command()
def restore(
    file: Annotated[Path, typer.Argument(help="A JSON file written by `export`.")],
    user: Annotated[str, typer.Option("--user", help="Restore into this user (always named: never taken from the "
                                                     "file).")],
    into_forgotten: Annotated[bool, typer.Option("--into-forgotten", help="Restore into a user who was forgotten "
                                                 "(refused otherwise: it brings back what they asked to forget); "
                                                 "audited.")] = False,
    as_json: JsonOpt = False,
    database_url: DbOpt = None,
    data_dir: DirOpt = None,
) -> None:
    """Load an export into a user with no data (every record is checked first; nothing is written on error)."""
    try:
        if file.stat().st_size > MAX_EXPORT_BYTES:
            fail(f"{file} is larger than {MAX_EXPORT_BYTES // 2**20} MiB: not an export of one user")
        data = json.loads(file.read_text(encoding="utf-8"))
    except OSError as exc:
        fail(f"cannot read {file}: {exc.strerror}")
    except (ValueError, RecursionError) as exc:  # RecursionError: JSON nested thousands deep
        fail(f"{file} is not an export: {str(exc)[:120] or 'nested too deep'}")
    with _memory(database_url, data_dir) as memory, _errors():
        counts = memory.restore(data, user_id=user, allow_forgotten=into_forgotten)
    if as_json:
        _emit_json(counts)
    else:
        console.print(", ".join(f"{n} {k}" for k, n in counts.items()) + " restored")


# ---------------------------------------------------------------------------- writing
def _outcome_table(outcome: Any) -> Table:
    table = Table(pad_edge=False)
    for col in ("op", "fact id", "kind.category", "claim", "confidence", "note"):
        table.add_column(col, no_wrap=col == "fact id")
    for a in outcome.applied:
        conf = (f"{a.confidence_before:.2f} -> {a.confidence_after:.2f}" if a.confidence_before is not None
                else f"{a.confidence_after:.2f}" if a.confidence_after is not None else "")
        table.add_row(a.op, str(a.fact_id or ""), f"{a.kind.value if a.kind else ''}.{a.category or ''}",
                      Text(a.claim or ""), conf, Text(a.note or ""))
    for r in outcome.rejected:
        table.add_row(Text("rejected", style="red"), "", "", Text(str(r.op.get("claim") or r.op)[:60]), "",
                      Text(r.reason))
    return table


@app.command()
def remember(
    user: UserArg,
    message: Annotated[str, typer.Argument(help="The user's message.")],
    message_id: Annotated[str | None, typer.Option(help="Stable id: re-running with it applies nothing twice.")] = None,
    at: Annotated[str | None, typer.Option(help="Message time, ISO 8601 with timezone.")] = None,
    as_json: JsonOpt = False,
    database_url: DbOpt = None,
    data_dir: DirOpt = None,
) -> None:
    """Extract facts from one message (needs a configured model) and apply them."""
    when = _parse_at(at)
    if not message.strip():
        console.print("skipped: empty message")
        return
    with _memory(database_url, data_dir) as memory:
        outcome = memory.remember(user, message, message_id=message_id, at=when)
    if as_json:
        _emit_json(outcome.model_dump(mode="json"))
    elif outcome.already_processed:
        console.print("message id was processed before; nothing applied")
    elif not outcome.applied and not outcome.rejected:
        console.print("no facts in this message")
    else:
        console.print(_outcome_table(outcome))


def _print_applied(applied: AppliedOp, as_json: bool) -> None:
    """One direct write's result: ``op id: claim`` (or the ``AppliedOp`` as JSON)."""
    if as_json:
        _emit_json(applied.model_dump(mode="json"))
    else:
        console.print(f"{applied.op} {applied.fact_id}: {Text(applied.claim or '').markup}")


@app.command()
def add(
    user: UserArg,
    claim: Annotated[str, typer.Argument(help="The fact, e.g. 'allergic to penicillin'.")],
    category: Annotated[str, typer.Option(help="e.g. identity, health, preference, feeling, working_on "
                                                 "(required: no category fits every fact)")],
    kind: Annotated[str | None, typer.Option(help="durable or current (default: the category's)")] = None,
    expires: Annotated[str | None, typer.Option(help="Current facts: when the state ends (ISO 8601; a date "
                                                     "means the end of that day, local time).")] = None,
    at: Annotated[str | None, typer.Option(help="When it was said (ISO 8601 with timezone).")] = None,
    as_json: JsonOpt = False,
    database_url: DbOpt = None,
    data_dir: DirOpt = None,
) -> None:
    """Add a fact directly, as a user edit (no model; a near-duplicate strengthens the existing fact)."""
    kind = _kind_of(category, kind)
    when, expires_at = _parse_at(at), _parse_at(expires, "--expires", end_of_day=True)
    if expires_at is not None and expires_at <= (when or datetime.now(UTC)):
        fail(f"--expires {expires} is already past: a state that has ended is not added (leave --expires out, "
             "or give a later date)")
    with _memory(database_url, data_dir) as memory:
        applied = memory.facts.add(user, claim, kind=kind, category=category, at=when, expires_at=expires_at)
    _print_applied(applied, as_json)


@app.command()
def update(
    user: UserArg, fact_id: IdArg,
    claim: Annotated[str, typer.Argument(help="The corrected claim.")],
    as_json: JsonOpt = False, database_url: DbOpt = None, data_dir: DirOpt = None,
) -> None:
    """Correct a fact (a user edit): the new claim supersedes it; the old one stays in its history."""
    with _memory(database_url, data_dir) as memory:
        applied = memory.facts.update(user, _fact_id(memory.store, user, fact_id), claim)
    _print_applied(applied, as_json)


# ---------------------------------------------------------------------------- reading
@app.command()
def recall(
    user: UserArg,
    query: Annotated[str, typer.Argument(help="What the agent is about to talk about.")],
    at: Annotated[str | None, typer.Option(help="Rank as of this time (ISO 8601).")] = None,
    k_durable: Annotated[int, typer.Option(min=0)] = 6,
    k_current: Annotated[int, typer.Option(min=0)] = 6,
    as_json: Annotated[bool, typer.Option("--json", help="The ranked documents as JSON.")] = False,
    database_url: DbOpt = None,
    data_dir: DirOpt = None,
) -> None:
    """Print the two prompt sections for a query (or the ranked facts with --json)."""
    when = _parse_at(at)
    with _memory(database_url, data_dir) as memory:
        if as_json:
            retriever = memory.as_retriever(user_id=user, k_durable=k_durable, k_current=k_current,
                                            clock=(lambda: when) if when else None)
            docs = retriever.invoke(query)
            _emit_json([{"claim": d.page_content, **d.metadata} for d in docs])
            return
        text = memory.recall(user, query, at=when, k_durable=k_durable, k_current=k_current)
    console.print(Text(text) if text else f"no facts for {user}")


def _facts_table(rows: list[Any]) -> Table:
    table = Table(pad_edge=False)
    for col in ("id", "kind", "category", "claim", "conf", "status", "since"):
        table.add_column(col, no_wrap=col != "claim", ratio=1 if col == "claim" else None)
    for f in rows:
        table.add_row(str(f.id), f.kind.value, f.category, Text(f.claim), f"{f.confidence:.2f}", f.status.value,
                      (f.valid_at or f.created_at).date().isoformat())
    return table


@app.command()
def facts(
    user: UserArg,
    kind: Annotated[str | None, typer.Option(help="durable or current")] = None,
    status: Annotated[str | None, typer.Option(help="active, superseded, expired, dormant, retracted")] = None,
    category: Annotated[str | None, typer.Option(help="One category, e.g. health.")] = None,
    as_json: JsonOpt = False,
    database_url: DbOpt = None,
    data_dir: DirOpt = None,
) -> None:
    """List a user's facts (every status unless filtered), oldest first."""
    _check_choice(kind, KINDS, "--kind")
    _check_choice(status, STATUSES, "--status")
    with _store(database_url, data_dir) as store:
        rows = store.list_facts(user, kind=kind, status=status, category=category)
    if as_json:
        _emit_json([f.model_dump(mode="json") for f in rows])
    elif not rows:
        console.print(f"no facts for {user}")
    else:
        console.print(_facts_table(rows))


@app.command()
def show(user: UserArg, fact_id: IdArg, as_json: JsonOpt = False, database_url: DbOpt = None,
         data_dir: DirOpt = None) -> None:
    """One fact, every field."""
    with _store(database_url, data_dir) as store:
        fact = store.get_fact(user, _fact_id(store, user, fact_id))
    assert fact is not None  # the id was just matched for this user
    data = fact.model_dump(mode="json")
    if as_json:
        _emit_json(data)
        return
    console.print(_fields_table(data, ""))


@app.command()
def history(user: UserArg, fact_id: IdArg, as_json: JsonOpt = False, database_url: DbOpt = None,
            data_dir: DirOpt = None) -> None:
    """The chain through a fact (what it replaced, what replaced it) and its audit rows."""
    with _store(database_url, data_dir) as store:
        chain, audit = store.history(user, _fact_id(store, user, fact_id))
    if as_json:
        _emit_json({"facts": [f.model_dump(mode="json") for f in chain],
                    "audit": [a.model_dump(mode="json") for a in audit]})
        return
    console.print(_facts_table(chain))
    console.print(_audit_table(audit))


@app.command()
def candidates(
    user: UserArg,
    all_statuses: Annotated[bool, typer.Option("--all", help="Resolved ones too.")] = False,
    as_json: JsonOpt = False,
    database_url: DbOpt = None,
    data_dir: DirOpt = None,
) -> None:
    """List contradiction candidates awaiting review (pending unless --all)."""
    with _store(database_url, data_dir) as store:
        found = store.list_candidates(user, status=None if all_statuses else "pending")
        old = {c.fact_id: store.get_fact(user, c.fact_id) for c in found}
    if as_json:
        _emit_json([{**c.model_dump(mode="json"), "contradicts_claim": old[c.fact_id].claim if old[c.fact_id] else None}
                    for c in found])
        return
    if not found:
        console.print(f"no {'' if all_statuses else 'pending '}candidates for {user}")
        return
    table = Table(pad_edge=False)
    for col in ("candidate id", "status", "contradicts", "new claim", "created"):
        table.add_column(col, no_wrap=col == "candidate id")
    for c in found:
        before = old[c.fact_id]
        table.add_row(str(c.id), c.status.value, Text(before.claim if before else "?"), Text(c.claim),
                      _ts(c.created_at))
    console.print(table)


@app.command()
def resolve(
    user: UserArg,
    candidate_id: Annotated[str, typer.Argument(help="Candidate id (or a unique prefix), from `candidates`.")],
    accept: Annotated[bool, typer.Option("--accept", help="The new claim replaces the old fact.")] = False,
    reject: Annotated[bool, typer.Option("--reject", help="Keep the old fact; drop the new claim.")] = False,
    as_json: JsonOpt = False,
    database_url: DbOpt = None,
    data_dir: DirOpt = None,
) -> None:
    """Accept or reject a pending correction (exactly one of --accept and --reject)."""
    if accept == reject:
        fail("say exactly one of --accept (the new claim replaces the old fact) or --reject (keep the old fact)")
    from fact_memory_graph.errors import FactNotFoundError

    with _memory(database_url, data_dir) as memory:
        whole = _fact_id(memory.store, user, candidate_id, candidate=True)
        try:
            resolved = memory.corrections.resolve(user, whole, accept=accept)
        except FactNotFoundError:
            [cand] = [c for c in memory.corrections.list(user, status=None) if c.id == whole]
            fail(f"candidate {whole} was already {cand.status.value}; nothing changed")
    if as_json:
        _emit_json(resolved.model_dump(mode="json"))
    else:
        console.print(f"candidate {resolved.id} {resolved.status.value}")


def _audit_table(entries: list[Any]) -> Table:
    table = Table(pad_edge=False)
    for col in ("at", "op", "fact id", "message", "note"):
        table.add_column(col, no_wrap=col == "fact id")
    for a in entries:
        table.add_row(_ts(a.at), a.op, str(a.fact_id or ""),
                      Text(a.message_id or ""), Text(a.note or ""))
    return table


@app.command()
def audit(
    user: UserArg,
    limit: Annotated[int | None, typer.Option(min=1, help="Only the newest N rows.")] = None,
    as_json: JsonOpt = False,
    database_url: DbOpt = None,
    data_dir: DirOpt = None,
) -> None:
    """The user's audit log, oldest first: every change to every fact (--limit: the newest N)."""
    with _store(database_url, data_dir) as store:
        entries = store.audit_log(user, limit=limit, newest=True)
    if as_json:
        _emit_json([a.model_dump(mode="json") for a in entries])
    elif not entries:
        console.print(f"no audit entries for {user}")
    else:
        console.print(_audit_table(entries))


@app.command()
def users(as_json: JsonOpt = False, database_url: DbOpt = None, data_dir: DirOpt = None) -> None:
    """Every user with stored facts."""
    with _store(database_url, data_dir) as store:
        found = store.users()
    if as_json:
        _emit_json(found)
    elif not found:
        console.print("no users")
    else:
        table = Table(pad_edge=False)
        for col in ("user", "facts", "retrievable", "newest fact"):
            table.add_column(col, justify="left" if col == "user" else "right")
        for u in found:
            table.add_row(Text(u["user_id"]), str(u["facts"]), str(u["retrievable"]),
                          _ts(u["last_fact_at"]) if u["last_fact_at"] else "-")
        console.print(table)


@app.command()
def stats(user: UserArg, as_json: JsonOpt = False, database_url: DbOpt = None, data_dir: DirOpt = None) -> None:
    """Counts of facts by kind and status, pending corrections, audit entries and messages."""
    with _store(database_url, data_dir) as store:
        counts = store.stats(user)
    if as_json:
        _emit_json(counts)
        return
    table = Table(pad_edge=False)
    table.add_column("what")
    table.add_column("count", justify="right")
    for kind, by_status in counts["facts"].items():
        for status_name, n in by_status.items():
            table.add_row(f"{kind} facts, {status_name}", str(n))
    for key, label in (("pending_candidates", "pending corrections"), ("audit_entries", "audit entries"),
                       ("messages", "messages processed")):
        table.add_row(label, str(counts[key]))
    console.print(table)


@app.command()
def export(
    user: UserArg,
    output: Annotated[Path | None, typer.Option("--output", "-o", help="File (default: stdout).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="JSON (the export's only format; accepted for scripts).")]
    = True,
    database_url: DbOpt = None,
    data_dir: DirOpt = None,
) -> None:
    """Export everything stored about a user as JSON (load it back with `restore`)."""
    with _memory(database_url, data_dir) as memory:
        exported = memory.export(user)
    if not any(value for key, value in exported.items() if isinstance(value, list)):
        fail(f"nothing is stored about {user!r}: no export written", 1)
    data = json.dumps(exported, indent=2, ensure_ascii=False)
    if output is None:
        sys.stdout.write(data + "\n")
    else:
        output.write_text(data, encoding="utf-8")
        err.print(f"wrote {output}")


