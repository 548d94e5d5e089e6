"""``fact-memory``: the command line (typer + rich), a module per command group.

``_common`` holds the app, the shared options and the one error path (``fail`` and ``_errors``:
exit 2 for bad input or configuration, 1 for a problem found while running); ``records`` (write
and read a user's memory), ``upkeep`` (delete, maintain, review, report), ``queue``,
``server`` and ``web`` (inspect, mcp) register their commands on it when imported here.
"""

from fact_memory_graph.cli import queue, records, server, upkeep, web  # noqa: F401  (registers the commands)
from fact_memory_graph.cli._common import app, run

__all__ = ["app", "run"]
