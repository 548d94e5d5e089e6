"""The one module that reads the environment.

| env var | meaning |
|---|---|
| ``FACT_MEMORY_DATABASE_URL`` | Postgres URL; unset = embedded Postgres |
| ``FACT_MEMORY_DATA_DIR`` | data directory of the embedded Postgres |
| ``FACT_MEMORY_MODEL`` | chat model for extraction, ``provider:model`` (e.g. ``openai:gpt-4o-mini``) |
| ``OPENAI_API_KEY`` / ``OPENAI_BASE_URL`` | with no ``FACT_MEMORY_MODEL``: ``openai:gpt-4o-mini`` |
| ``FACT_MEMORY_STRUCTURED_METHOD`` | ``function_calling`` (default) or ``json_schema`` |
| ``FACT_MEMORY_DEDUP_THRESHOLD`` | write-time dedup cosine threshold (default 0.92) |
| ``FACT_MEMORY_MAX_TOKENS`` / ``FACT_MEMORY_TIMEOUT`` | output cap / timeout of the env-configured model |
"""

from __future__ import annotations

import os
from typing import Any

from langchain_core.language_models import BaseChatModel
from pydantic import ValidationError

from fact_memory_graph.config import FactMemoryConfig
from fact_memory_graph.errors import ConfigurationError

#: Retries of the env-configured OpenAI client for transient errors (timeouts, 429, 5xx).
MODEL_MAX_RETRIES = 2


def database_url() -> str | None:
    """``$FACT_MEMORY_DATABASE_URL`` or ``None`` (then the embedded Postgres is used)."""
    return os.environ.get("FACT_MEMORY_DATABASE_URL") or None


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
    try:
        return FactMemoryConfig.model_validate({"write": write})
    except ValidationError as exc:
        raise ConfigurationError(f"invalid FACT_MEMORY_* setting: {exc}") from exc


def _number(name: str, default: str, kind: type[int] | type[float]) -> Any:
    raw = os.environ.get(name, default)
    try:
        return kind(raw)
    except ValueError:
        raise ConfigurationError(f"{name}={raw!r} is not a number") from None


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
