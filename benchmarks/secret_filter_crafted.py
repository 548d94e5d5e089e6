"""The secret filter on crafted long messages: the slowest call, not the median.

A message is untrusted text; one built to make a pattern backtrack could stall a writer. Each
crafted message repeats a short unit (a secret's name in some script, digits, punctuation; the
forms a random search over the filter's own word lists found slowest) up to a length: 1,500
characters and ``WriteConfig.max_message_chars`` (8,000, the longest message the write path
reads). Reported per length: the slowest ``redact_secrets`` (a message alone), ``redact_turns``
(the message after a short turn, read as a thread) and ``withheld_turns`` (the privacy reader),
with the caches cleared before every call. Usage: ``python benchmarks/secret_filter_crafted.py``.

``--search SECONDS [--random-state N]``: the random search that found those units, to run again — units of
one to four pieces (the words of the filter's own word lists, digits of several scripts,
punctuation) repeated to 1,500 characters, each read the three ways under a 10 s alarm (a slower
read is reported as such, not waited for); the slowest units and any exception are printed.
"""

from __future__ import annotations

import argparse
import json
import random
import signal
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from fact_memory_graph import forgetting, secrets  # noqa: E402
from fact_memory_graph.config import WriteConfig  # noqa: E402

#: Units that made one finder or another super-linear before they were bounded (see the tests in
#: tests/test_secret_filter_crafted.py) and a few of each family for the rest.
UNITS = [
    "门锁密码1", ":'#/", "告示퀴즈پنج１２３", "front door code１２３backup codes ya", ":wifi-sleutel",
    "*clave del wifi", "0000身份证号المرجع", "??시드 문구,", "1账号", "sim卡密码", "счетutilizo",
    "รหัสล็อค'0000x", "9иннxé", "version여권번호পিন নম্বর4111 1111", "１２３.", "4111 11114111 1111/٣٤٥",
    "locker combination?sign-in codeل", "母亲的出生地=", "password: ", "pin 1234 ", "my card 4111 ", "'", " - ", "IBAN ", "seed phrase: abandon ", "1 ",
]


def _clear() -> None:
    for name in ("_cached_spans", "_cached_in_context", "_turn_kinds", "_continued", "_turn_between"):
        fn = getattr(secrets, name, None)
        if fn is not None and hasattr(fn, "cache_clear"):
            fn.cache_clear()
    if hasattr(secrets.forms, "_cached_view"):
        secrets.forms._cached_view.cache_clear()


def _timed(call, *args) -> float:
    _clear()
    start = time.perf_counter()
    call(*args)
    return (time.perf_counter() - start) * 1000


_PIECES = ["1234", "12 34", "-", " - ", ".", ":", " is ", "=", "a1", "x", " ", "\n", "٣٤٥", "１２３", "my", "'", '"', "*",
           "#", "/", "。", "?", ",", "AB12", "0000", "zero", "4111 1111", "'s", "é", "1", "9"]


def _vocabulary() -> list[str]:
    """Every short string of the filter's word lists (``assets/*.json`` of the secret filter)."""
    found: set[str] = set()

    def walk(node) -> None:
        if isinstance(node, str):
            found.add(node)
        elif isinstance(node, dict):
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    assets = ROOT / "fact_memory_graph" / "assets"
    for name in ("secret_words.json", "secret_families.json", "security_answers.json",
                 "public_statements.json", "reference_words.json"):
        if (assets / name).exists():
            walk(json.loads((assets / name).read_text(encoding="utf-8")))
    return sorted(w for w in found if len(w) < 30)


class _TooSlow(Exception):
    pass


def _alarm(*_: object) -> None:
    raise _TooSlow


def search(seconds: float, seed: int, length: int = 1500) -> None:
    rng, vocabulary = random.Random(seed), _vocabulary()
    signal.signal(signal.SIGALRM, _alarm)
    results, tried, end = [], 0, time.monotonic() + seconds
    while time.monotonic() < end:
        tried += 1
        unit = "".join(rng.choice(vocabulary) if rng.random() < 0.5 else rng.choice(_PIECES)
                       for _ in range(rng.randint(1, 4)))
        text = (unit * (length // len(unit) + 1))[:length]
        signal.alarm(10)
        try:
            times = [_timed(secrets.redact_secrets, text), _timed(secrets.redact_turns, [unit, text]),
                     _timed(forgetting.withheld_turns, [unit, text])]
        except _TooSlow:
            times = [10_000.0, 0.0, 0.0]
            print(f"over 10 s: {unit!r}", flush=True)
        except Exception as exc:  # noqa: BLE001 - the search reports what raised
            print(f"raised {exc!r}: {unit!r}", flush=True)
            continue
        finally:
            signal.alarm(0)
        results.append((max(times), times, unit))
    results.sort(key=lambda r: -r[0])
    print(f"{tried} units of {length} characters (random state {seed}); the slowest, ms (redact_secrets, redact_turns, "
          "withheld_turns):")
    for _, times, unit in results[:8]:
        print(f"  {times[0]:8.0f} {times[1]:8.0f} {times[2]:6.0f}  {unit!r}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lengths", type=int, nargs="+", default=[1500, WriteConfig().max_message_chars])
    parser.add_argument("--search", type=float, metavar="SECONDS", help="run the random search instead")
    parser.add_argument("--random-state", type=int, default=1, dest="random_state")
    args = parser.parse_args()
    secrets.redact_turns(["warm up", "my password is x9 and the card 4111 1111 1111 1111"])
    forgetting.withheld_turns(["warm up", "between you and me"])
    if args.search:
        search(args.search, args.random_state)
        return
    print("| length | slowest redact_secrets | slowest redact_turns | slowest withheld_turns | unit of the slowest |")
    print("|---|---|---|---|---|")
    for length in args.lengths:
        worst = [(0.0, ""), (0.0, ""), (0.0, "")]
        for unit in UNITS:
            text = (unit * (length // len(unit) + 1))[:length]
            for i, (call, call_args) in enumerate(((secrets.redact_secrets, (text,)),
                                                   (secrets.redact_turns, (["ok", text],)),
                                                   (forgetting.withheld_turns, (["ok", text],)))):
                ms = _timed(call, *call_args)
                if ms > worst[i][0]:
                    worst[i] = (ms, unit)
        slowest = max(worst)[1]
        print(f"| {length} | {worst[0][0]:.0f} ms | {worst[1][0]:.0f} ms | {worst[2][0]:.0f} ms | {slowest!r} |",
              flush=True)


if __name__ == "__main__":
    main()
