# Two commands on a fresh machine (Python 3.11 + pip): `make demo` and `make test`.
# Both create .venv and install the project with what it needs; nothing else to install.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: demo test unit lint bench install clean browser

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e ".[dev]"
	@$(MAKE) --no-print-directory browser
	touch $(STAMP)

# The inspector's browser tests drive Debian's chromium with Playwright (Playwright's own browser
# download cannot run here). Installed when missing and we are root (CI is); otherwise the
# browser tests say they need it and skip.
browser:
	@if [ ! -x /usr/bin/chromium ] && [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		echo "installing Debian's chromium for the inspector's browser tests"; \
		{ apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; } \
			|| echo "chromium could not be installed: the inspector's browser tests will say so and skip"; \
	fi

install: $(STAMP)

demo: $(STAMP)
	$(VENV)/bin/fact-memory demo

test: $(STAMP)
	@$(MAKE) --no-print-directory browser
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
