"""The one module that reads the environment.

| env var | meaning |
|---|---|
| ``FACT_MEMORY_DATABASE_URL`` | Postgres URL; unset = embedded Postgres |
| ``FACT_MEMORY_DATA_DIR`` | data directory of the embedded Postgres |
| ``FACT_MEMORY_MODEL`` | chat model for extraction, ``provider:model`` (e.g. ``openai:gpt-4o-mini``) |
| ``OPENAI_API_KEY`` / ``OPENAI_BASE_URL`` | with no ``FACT_MEMORY_MODEL``: ``openai:gpt-4o-mini`` |
| ``FACT_MEMORY_STRUCTURED_METHOD`` | ``function_calling`` (default) or ``json_schema`` |
| ``FACT_MEMORY_DEDUP_THRESHOLD`` | write-time dedup cosine threshold (default 0.92) |
| ``FACT_MEMORY_EVALUATORS`` | optional built-in evaluators to switch on: ``goals``, ``trust`` or ``goals,trust`` |
| ``FACT_MEMORY_MAX_TOKENS`` / ``FACT_MEMORY_TIMEOUT`` | output cap / timeout of the env-configured model |
| ``FACT_MEMORY_RETENTION_DAYS`` | retention: facts no longer believed and audit rows older than this are deleted by ``maintain`` (off by default) |
| ``FACT_MEMORY_LOG_DAYS`` | days processed messages stay in the message log (default 1) |
| ``FACT_MEMORY_DIGEST_WEBHOOK_URL`` | the weekly digest is POSTed here as JSON (``http(s)://``) |
| ``FACT_MEMORY_DIGEST_WEBHOOK_HEADERS`` | extra headers of that POST as JSON, e.g. ``{"Authorization": "Bearer ..."}`` |
| ``FACT_MEMORY_DIGEST_WEBHOOK_TIMEOUT`` / ``..._ATTEMPTS`` | seconds per post (default 10) / attempts (default 3) |
| ``FACT_MEMORY_DIGEST_LOG`` | ``1``: the digest is also written to the worker's log |
| ``FACT_MEMORY_DIGEST_SCHEDULE`` | cron of the weekly digest job, UTC (default ``0 4 * * 1``) |
| ``FACT_MEMORY_EMBEDDINGS`` | ``local`` (default: offline all-MiniLM-L6-v2), ``e5`` (offline multilingual-e5-small, ``[e5]`` extra) or ``openai:<model>`` |

Database URLs may be libpq URLs (``postgresql://``, ``postgres://``) or SQLAlchemy-style ones
(``postgresql+psycopg://``, ``+psycopg2``, ``+asyncpg``) as langchain-postgres users have them;
error messages never show the password.
"""

from __future__ import annotations

import json
import os
import re
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from pydantic import ValidationError

from fact_memory_graph.config import FactMemoryConfig
from fact_memory_graph.errors import ConfigurationError

if TYPE_CHECKING:  # kept lazy: the CLI's listings must start fast
    from langchain_core.language_models import BaseChatModel

#: Retries of the env-configured OpenAI client for transient errors (timeouts, 429, 5xx).
MODEL_MAX_RETRIES = 2


def database_url(explicit: str | None = None) -> str | None:
    """``explicit`` if given, else ``$FACT_MEMORY_DATABASE_URL``, normalised; ``None`` when neither
    is set (then the embedded Postgres is used)."""
    url = explicit or os.environ.get("FACT_MEMORY_DATABASE_URL") or None
    return normalize_database_url(url) if url else None


_SQLALCHEMY_DRIVER = re.compile(r"^(postgres(?:ql)?)\+(psycopg2?|asyncpg|pg8000|psycopg2cffi)://", re.IGNORECASE)


def normalize_database_url(url: str) -> str:
    """A libpq connection string for ``url``: SQLAlchemy driver suffixes (``postgresql+psycopg://``)
    are dropped; a URL of another database raises :class:`ConfigurationError` (without the password).
    Key/value strings (``host=... dbname=...``) pass through."""
    url = url.strip()
    if "://" not in url:
        return url
    url = _SQLALCHEMY_DRIVER.sub("postgresql://", url, count=1)
    scheme = url.split("://", 1)[0].lower()
    if scheme not in ("postgresql", "postgres"):
        raise ConfigurationError(f"not a Postgres URL: {redact_url(url)} (expected postgresql://...)")
    return url


def redact_url(text: str) -> str:
    """``text`` with the password of any URL in it replaced by ``***``."""
    def hide(match: re.Match[str]) -> str:
        try:
            password = urlsplit(match.group(0)).password
        except ValueError:
            password = None
        return match.group(0).replace(f":{password}@", ":***@", 1) if password else match.group(0)
    text = re.sub(r"[a-zA-Z][a-zA-Z0-9+.-]*://[^\s\"']+", hide, text)
    return re.sub(r"(password\s*=\s*)('[^']*'|\S+)", r"\1***", text, flags=re.IGNORECASE)


def embeddings_spec() -> tuple[str, str | None]:
    """``$FACT_MEMORY_EMBEDDINGS`` parsed: ``("local", None)`` (default), ``("e5", None)`` or
    ``("openai", model)``."""
    spec = (os.environ.get("FACT_MEMORY_EMBEDDINGS") or "local").strip()
    provider, _, name = spec.partition(":")
    if provider in ("local", "e5") and not name:
        return provider, None
    if provider == "openai" and name:
        return "openai", name
    raise ConfigurationError(f"FACT_MEMORY_EMBEDDINGS={spec!r}: expected 'local', 'e5' or 'openai:<model>' "
                             "(or pass embeddings= to FactMemory.open)")


def data_dir() -> str | None:
    """``$FACT_MEMORY_DATA_DIR`` or ``None`` (then a per-user data folder)."""
    return os.environ.get("FACT_MEMORY_DATA_DIR") or None


def config_from_env() -> FactMemoryConfig:
    """Defaults overridden by ``FACT_MEMORY_*`` variables; validated like any config."""
    write: dict[str, object] = {}
    if v := os.environ.get("FACT_MEMORY_DEDUP_THRESHOLD"):
        write["dedup_threshold"] = v
    if v := os.environ.get("FACT_MEMORY_STRUCTURED_METHOD"):
        write["structured_output_method"] = v
    data: dict[str, object] = {"write": write}
    if v := os.environ.get("FACT_MEMORY_EVALUATORS"):
        # The optional built-in evaluators to switch on: "goals", "trust" or "goals,trust".
        names = {n.strip() for n in v.split(",") if n.strip()}
        if names - {"goals", "trust"}:
            raise ConfigurationError(f"FACT_MEMORY_EVALUATORS={v!r}: expected goals, trust or goals,trust")
        data["evaluators"] = {name: True for name in names}
    if v := os.environ.get("FACT_MEMORY_RETENTION_DAYS"):
        data["reconcile"] = {"retention_days": v}
    if v := os.environ.get("FACT_MEMORY_LOG_DAYS"):
        data["queue"] = {"log_days": v}
    if digest := _digest_from_env():
        data["digest"] = digest
    if v := os.environ.get("FACT_MEMORY_CATEGORIES"):
        # The custom categories as JSON, so the CLI and the app agree on them:
        # '[{"name": "training_load", "kind": "current", "description": "ran 40 km this week"}]'
        try:
            data["categories"] = json.loads(v)
        except json.JSONDecodeError as exc:
            raise ConfigurationError(f"FACT_MEMORY_CATEGORIES is not JSON: {exc}") from None
    try:
        return FactMemoryConfig.model_validate(data)
    except ValidationError as exc:
        raise ConfigurationError(f"invalid FACT_MEMORY_* setting: {exc}") from exc


_DIGEST_ENV = {"FACT_MEMORY_DIGEST_WEBHOOK_URL": "webhook_url", "FACT_MEMORY_DIGEST_WEBHOOK_TIMEOUT":
               "webhook_timeout_s", "FACT_MEMORY_DIGEST_WEBHOOK_ATTEMPTS": "webhook_attempts",
               "FACT_MEMORY_DIGEST_SCHEDULE": "schedule", "FACT_MEMORY_DIGEST_LOG": "log"}


def _digest_from_env() -> dict[str, object]:
    """The weekly digest's channel (``DigestConfig``) from ``FACT_MEMORY_DIGEST_*``: what the
    shipped ``fact-memory worker`` delivers to."""
    digest: dict[str, object] = {field: v for name, field in _DIGEST_ENV.items() if (v := os.environ.get(name))}
    url = urlsplit(str(digest.get("webhook_url", "")))
    if digest.get("webhook_url") and (url.scheme not in ("http", "https") or not url.netloc):
        raise ConfigurationError("FACT_MEMORY_DIGEST_WEBHOOK_URL: expected an http(s):// URL, got "
                                     f"{redact_url(str(url))!r}")
    if v := os.environ.get("FACT_MEMORY_DIGEST_WEBHOOK_HEADERS"):
        try:
            headers = json.loads(v)
        except json.JSONDecodeError as exc:
            raise ConfigurationError(f"FACT_MEMORY_DIGEST_WEBHOOK_HEADERS is not JSON: {exc}") from None
        digest["webhook_headers"] = headers
    return digest


def _number(name: str, default: str, kind: type[int] | type[float]) -> Any:
    raw = os.environ.get(name, default)
    try:
        return kind(raw)
    except ValueError:
        raise ConfigurationError(f"{name}={raw!r} is not a number") from None


#: Why a process cannot extract: no chat model given or configured.
NO_MODEL_MESSAGE = ("no chat model for extraction: pass llm=... to FactMemory.open, or set "
                    "FACT_MEMORY_MODEL (e.g. openai:gpt-4o-mini) with OPENAI_API_KEY, or "
                    "OPENAI_BASE_URL for a local OpenAI-compatible server")


def model_configured() -> bool:
    """Whether the environment names a chat model (what :func:`model_from_env` reads), without
    building it (no provider package is imported)."""
    return bool(os.environ.get("FACT_MEMORY_MODEL") or os.environ.get("OPENAI_API_KEY")
                or os.environ.get("OPENAI_BASE_URL"))


def model_from_env() -> BaseChatModel | None:
    """The extraction model configured by the environment, or ``None``.

    ``FACT_MEMORY_MODEL=provider:model`` (``openai:gpt-4o-mini``; other providers need the
    ``langchain`` package's ``init_chat_model``). With only ``OPENAI_API_KEY`` or
    ``OPENAI_BASE_URL`` set, ``gpt-4o-mini`` is used. Temperature 0.
    """
    spec = os.environ.get("FACT_MEMORY_MODEL")
    if not spec and not (os.environ.get("OPENAI_API_KEY") or os.environ.get("OPENAI_BASE_URL")):
        return None
    provider, _, name = (spec or "openai:gpt-4o-mini").partition(":")
    if not name:
        provider, name = "openai", provider
    if provider == "openai":
        from langchain_openai import ChatOpenAI

        max_tokens = _number("FACT_MEMORY_MAX_TOKENS", "1024", int)
        kwargs: dict[str, Any] = {"model": name, "temperature": 0, "max_retries": MODEL_MAX_RETRIES,
                                  "timeout": _number("FACT_MEMORY_TIMEOUT", "60", float)}
        if os.environ.get("OPENAI_BASE_URL"):
            # Local servers (llama.cpp, vLLM) read max_tokens, not the max_completion_tokens that
            # ChatOpenAI sends for max_tokens=.
            kwargs["extra_body"] = {"max_tokens": max_tokens}
        else:
            kwargs["max_tokens"] = max_tokens
        if not os.environ.get("OPENAI_API_KEY"):
            kwargs["api_key"] = "not-needed"  # local OpenAI-compatible servers
        return ChatOpenAI(**kwargs)
    try:
        from langchain.chat_models import init_chat_model
    except ImportError as exc:
        raise ConfigurationError(
            f"FACT_MEMORY_MODEL={spec!r}: provider {provider!r} needs `pip install langchain "
            f"langchain-{provider}`"
        ) from exc
    return init_chat_model(name, model_provider=provider, temperature=0)
