"""Debug helper: which rule of the secret filter withheld (or kept) a value.

    .venv/bin/python tools/secret_rules/why.py "turn one" ["turn two" ...] [--needle VALUE]

Every finder (``*_spans``) and every filter (``without_*``) of the secret package is wrapped while
the turns are run through ``redact_turns`` and ``withheld_turns``; the report names the finders that
produced a span over the needle (or over anything), the filters that dropped one, and whether a
privacy request withheld a whole turn. Read-only: nothing is changed for the package's users.
"""

from __future__ import annotations

import argparse
import functools
import inspect
import sys
from typing import Any

import fact_memory_graph.secrets as pkg
from fact_memory_graph import forgetting
from fact_memory_graph.secrets import (
    families,
    forms,
    labelled_lookalikes,
    named_values,
    public_codes,
    public_statements,
    public_values,
    reference_values,
    security_answers,
    shaped_values,
    word_seeds,
)

MODULES = (pkg, families, forms, labelled_lookalikes, named_values, public_codes, public_statements, public_values,
           reference_values, security_answers, shaped_values, word_seeds)
EVENTS: list[tuple[str, str, str, Any]] = []  # (what, rule, text, spans)


def _is_spans(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(s, tuple) and len(s) == 3 for s in value)


def _wrap(mod: Any, name: str, fn: Any) -> None:
    gen = inspect.isgeneratorfunction(fn)

    @functools.wraps(fn)
    def finder(*a: Any, **k: Any) -> Any:
        out = list(fn(*a, **k))
        text = a[0] if a and isinstance(a[0], str) else ""
        if out and _is_spans(out):
            EVENTS.append(("found", f"{mod.__name__.rsplit('.', 1)[-1]}.{name}", text, out))
        return iter(out) if gen else out

    @functools.wraps(fn)
    def filt(*a: Any, **k: Any) -> Any:
        out = fn(*a, **k)
        given = next((x for x in a if _is_spans(x)), None)
        text = a[0] if a and isinstance(a[0], str) else ""
        if given is not None and _is_spans(out):
            gone = [s for s in given if s not in out]
            if gone:
                EVENTS.append(("dropped", f"{mod.__name__.rsplit('.', 1)[-1]}.{name}", text, gone))
        return out

    setattr(mod, name, filt if name.startswith("without") else finder)


def install() -> None:
    for mod in MODULES:
        for name, fn in list(vars(mod).items()):
            if not inspect.isfunction(fn) or fn.__module__ != mod.__name__:
                continue
            if name.endswith("_spans") and name not in ("secret_spans", "spans_in_thread",
                                                        "spans_in_context") or name.startswith("without"):
                _wrap(mod, name, fn)
    pkg._cached_spans.cache_clear() if hasattr(pkg._cached_spans, "cache_clear") else None


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("turns", nargs="+")
    ap.add_argument("--needle", default="")
    args = ap.parse_args()
    install()
    for fn in (getattr(pkg, "_cached_spans", None), getattr(pkg, "_cached_in_context", None)):
        if fn is not None and hasattr(fn, "cache_clear"):
            fn.cache_clear()
    red = pkg.redact_turns(args.turns)
    held = forgetting.withheld_turns(args.turns)
    for n, (r, h) in enumerate(zip(red, held, strict=True)):
        print(f"turn {n}: {'WITHHELD BY A PRIVACY REQUEST ' if h else ''}{r}")
    needle = args.needle.casefold()
    seen = set()
    for what, rule, text, spans in EVENTS:
        for s, e, kind in spans:
            value = text[s:e]
            if needle and needle not in value.casefold() and value.casefold() not in needle:
                continue
            key = (what, rule, value, kind)
            if key in seen:
                continue
            seen.add(key)
            print(f"{what:8} {rule:45} {kind:18} {value!r}")


if __name__ == "__main__":
    sys.exit(main())
