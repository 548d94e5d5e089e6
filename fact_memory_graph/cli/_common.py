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
from datetime import datetime, timedelta
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


def _fields_table(fields: dict[str, Any], blank: str, missing: tuple[Any, ...] = (None,)) -> Table:
    """One record as a two-column table (field, value); ``blank`` stands for a value in ``missing``."""
    table = Table(show_header=False, pad_edge=False)
    table.add_column("field")
    table.add_column("value")
    for name, value in fields.items():
        table.add_row(name, Text(blank if value in missing else str(value)))
    return table


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
    try:
        window = timedelta(**{units[unit]: float(number)})
        datetime.now().astimezone() - window  # a window reaching before year 1 cannot be counted
    except OverflowError:
        fail(f"--since {since}: too long a window (at most {(datetime.now() - datetime.min).days - 1}d)")
    return window


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
def _memory(database_url: str | None, data_dir: str | None, *, check_embedder: bool = True,
            citus: bool = False) -> Iterator[FactMemory]:
    """A full memory (embedder, model on demand) for commands that embed or extract. ``citus``:
    migrate a schema distributed with Citus too (``setup --citus``)."""
    with _errors():
        from fact_memory_graph.memory import FactMemory

        plain = check_embedder and not citus
        memory = FactMemory.open(_url(database_url), data_dir=data_dir, setup=plain)
        try:
            if not plain:
                memory.admin.setup(check_embedder=check_embedder, citus=citus)
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


def _pgdata(data_dir: str | None) -> Path:
    from fact_memory_graph.embedded import default_data_dir

    return ((Path(data_dir) if data_dir else default_data_dir()) / "pgdata").resolve()
