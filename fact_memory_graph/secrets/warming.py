"""Build everything the filter builds lazily, once, before a user's first write.

The filter's readers build their patterns, word trees and models on first use (a cached builder
per reader), which keeps ``import`` quick but used to put seconds of regular-expression compiling
into the first messages a process filtered (a card number after :func:`forms.warm_up`: 2.3 s —
inside the write budget, so a healthy database's first turn was spooled as if it were down).
:func:`warm_up` calls every cached builder of the filter's modules that takes no argument, then
reads a few messages of every shape (:data:`_TEXTS`) so the builders behind arguments (word trees
per word list, the lexicon's one-pass automata, the learned readers) are built too. It changes no
result: every builder is a pure function of the shipped data.
"""

from __future__ import annotations

import importlib
import inspect
import os
import pkgutil
import threading
from collections.abc import Iterable, Iterator
from types import ModuleType
from typing import Any

import fact_memory_graph.secrets as _package

#: Messages that reach every reader's deeper paths (their values are invented; nothing is kept).
_TEXTS: tuple[tuple[str, ...], ...] = (
    ("my card is 4539 1488 0343 6467 exp 04/27 cvv 123",),
    ("card number", "4539 1488 0343 6467"),
    ("the card ending 6467, the three digits on the back are 318",),
    ("IBAN DE89 3704 0044 0532 0130 00, sort code 20-00-00 account 31926819",),
    ("my password is hunter2 and the wifi key is sunflower-77",),
    ("login: maria.k@example.com / pass Tr0ub4dor&3",),
    ("what's your mother's maiden name?", "Fernández, and my first pet was a hamster called Biscuit"),
    ("the memorable word for the bank is lighthouse",),
    ("door code 4821#, alarm 1990, the key safe is 7314, bike lock 0912",),
    ("phone passcode 483920, unlock pattern L shape from top left",),
    ("backup codes: 8f3k-2m9d 7h2j-4k8l 9q1w-3e5r",),
    ("authenticator setup key JBSW Y3DP EHPK 3PXP",),
    ("api key sk-proj-abcdefghijklmnopqrstuvwxyz0123456789abcd",),
    ("postgres://admin:s3cretpass@db.internal:5432/prod",),
    ("mi contraseña es girasol88 y el PIN cuatro tres dos uno",),
    ("mein Passwort lautet Sonnenblume und die PIN ist 4321",),
    ("mot de passe : tournesol, code porte 1234B",),
    ("пароль: подсолнух2024, ПИН 5678",),
    ("我的密码是 sunflower88，验证码 482913",),
    ("パスワードは ひまわり88 です。暗証番号は１２３４",),
    ("şifrem ayçiçeği77, kapı şifresi 2468",),
    ("SSN 123-45-6789, passport X1234567, driving licence MORGA753116SM9IJ",),
    ("between you and me, I'm interviewing at another company", "please don't remember that"),
    ("recovery phrase: legal winner thank year wave sausage worth useful legal winner thank yellow",),
    ("your verification code is 482913, do not share it",),
    ("order 112-4456789-1234567, tracking 1Z999AA10123456784, flight BA 287, room 412",),
    ("version 3.11.7, commit 9fceb02d0ae598e95dc970b74767f19372d61af8, ISBN 978-0-306-40615-7",),
    ("password: <your password>, PIN: ****, I changed my password yesterday",),
    ("I changed my netflix password to bluebird", "user is kasia, pass the same as the gym one"),
)


def _modules() -> Iterator[ModuleType]:
    for info in pkgutil.iter_modules(_package.__path__):
        yield importlib.import_module(f"{_package.__name__}.{info.name}")


def _builders(module: ModuleType) -> Iterator[Any]:
    """The module's own cached functions that take no argument (``functools.cache`` and
    ``lru_cache``): its pattern, tree and model builders."""
    for value in vars(module).values():
        if not (callable(value) and hasattr(value, "cache_info")
                and getattr(value, "__module__", None) == module.__name__):
            continue
        try:
            params = inspect.signature(value).parameters.values()
        except (TypeError, ValueError):
            continue
        if all(p.default is not p.empty or p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) for p in params):
            yield value


_done = threading.Event()
_lock = threading.Lock()


def _reset_in_child() -> None:
    """A lock another thread of the parent held at the fork stays held in the child: a new one
    (what the parent had built is inherited)."""
    global _lock
    _lock = threading.Lock()


os.register_at_fork(after_in_child=_reset_in_child)


def warm_up() -> None:
    """Build every pattern, tree and model of the filter now, or wait for a build under way
    (about 6 s of one core, once per process; idempotent and thread-safe: once built, a call
    returns at once). ``FactMemory.open`` does not: a short-lived process (a CLI command, a
    notebook, the inspector) builds only what its messages reach, and a budgeted write builds that
    before its budget starts (:func:`read_ahead`). A server calls it at start so that no user's
    first message pays for the patterns it reaches (``memory.admin.warm_up()``; ``fact-memory mcp``
    does)."""
    if _done.is_set():
        return
    with _lock:
        if _done.is_set():
            return
        from fact_memory_graph.secrets import forms, lexicon, redact_thread

        forms.warm_up()
        for module in _modules():
            for build in _builders(module):
                build()
        for turns in _TEXTS:
            for i, text in enumerate(turns):
                redact_thread(text, turns[:i])
        lexicon.compact()  # every gate now exists: one automaton, one pass per text
        _done.set()


def read_ahead(texts: Iterable[str]) -> None:
    """Read ``texts`` once, now: the patterns they reach are built, and their readings cached,
    before a budgeted write reads them again (the queued write node and the memory tools call it
    outside ``WriteConfig.write_budget_s``). Cost only: the filter is pure. A text longer than the
    filter caches is read up to that length: its head builds what it reaches, and the whole of it is
    read once, in the budget, not twice on every write."""
    from fact_memory_graph.secrets import _CACHED_CHARS, redact_secrets

    for text in texts:
        if text:
            redact_secrets(text[:_CACHED_CHARS])
