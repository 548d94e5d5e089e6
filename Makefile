# Two commands on a fresh machine (Python 3.11 + pip): `make demo` and `make test`.
# Both create .venv and install the project with what it needs; nothing else to install.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: demo test unit lint bench install clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e ".[dev]"
	touch $(STAMP)

install: $(STAMP)

demo: $(STAMP)
	$(VENV)/bin/fact-memory demo

test: $(STAMP)
	$(PY) -m ruff check fact_memory_graph tests examples benchmarks
	$(VENV)/bin/lint-imports --no-logo --no-cache
	$(PY) -m pytest

# The fast tier: pure parts, no Postgres.
unit: $(STAMP)
	$(PY) -m pytest tests/unit

bench: $(STAMP)
	$(PY) benchmarks/write_path.py
	$(PY) benchmarks/read_path.py

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
