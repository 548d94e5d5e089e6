"""``python -m fact_memory_graph.cli`` (the background server holder uses it)."""

from fact_memory_graph.cli import run

run()
