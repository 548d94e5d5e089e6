"""``fact-memory mcp``: the memory over the Model Context Protocol (the official ``mcp`` SDK),
on stdio or streamable HTTP.

Tools: ``search_memory``, ``remember_fact``, ``list_facts``, ``correct_fact``, ``forget_fact``.
Resources: ``memory://profile``, ``memory://sections`` and ``memory://sections/{query}`` (the two
prompt sections the agent would get for a query).

Which user a session acts for is never a tool argument (a model fills those in): on stdio it is
the server's configured user; over HTTP it is the user the request's bearer token belongs to
(``tokens``: token -> user), and a request without a known token is 401 before it reaches MCP.
Every write goes through the facade (the one guarded writer) with ``note="mcp"`` in the audit.
Needs the ``mcp`` extra (``pip install "fact-memory-graph[mcp]"``).
"""

from __future__ import annotations

import hmac
import secrets
from typing import TYPE_CHECKING, Any, Literal

from mcp.server.fastmcp import Context, FastMCP
from starlette.requests import Request
from starlette.responses import PlainTextResponse

from fact_memory_graph.errors import InvalidInputError

if TYPE_CHECKING:
    from starlette.types import ASGIApp, Receive, Scope, Send

    from fact_memory_graph.memory import FactMemory

__all__ = ["bearer_app", "build_server", "http_app", "new_token"]

NOTE = "mcp"
MAX_LIST = 200
INSTRUCTIONS = ("Long-term memory of facts about the user you are talking to. search_memory before "
                "answering questions about them; remember_fact when they tell you something lasting "
                "(durable: who they are) or current (what is going on now); correct_fact and "
                "forget_fact when they ask. The user is fixed by the server: you cannot name another.")


def new_token() -> str:
    return secrets.token_urlsafe(32)


def _bearer(headers: Any) -> str | None:
    auth = headers.get("authorization", "")
    return auth[7:].strip() if auth.lower().startswith("bearer ") else None


def _lookup(tokens: dict[str, str], presented: str | None) -> str | None:
    if not presented:
        return None
    for token, user in tokens.items():  # constant time per token
        if hmac.compare_digest(token.encode(), presented.encode()):
            return user
    return None


def _fact(f: Any) -> dict[str, Any]:
    return {"id": str(f.id), "kind": f.kind.value, "category": f.category, "claim": f.claim,
            "confidence": round(f.confidence, 3), "status": f.status.value,
            "first_seen": f.created_at.isoformat(), "last_seen": f.last_confirmed_at.isoformat()}


def build_server(memory: FactMemory, *, user_id: str | None = None, tokens: dict[str, str] | None = None,
                 name: str = "fact-memory", **settings: Any) -> FastMCP:
    """An MCP server over ``memory``. ``user_id``: whom a stdio session acts for; ``tokens``
    (bearer token -> user): whom an HTTP request acts for. ``settings`` go to ``FastMCP``
    (``host``, ``port``, ``streamable_http_path``...)."""
    from fact_memory_graph.sanitize import check_id

    configured = check_id(user_id, "user_id") if user_id is not None else None
    by_token = {t: check_id(u, "user_id") for t, u in (tokens or {}).items()}
    server = FastMCP(name, instructions=INSTRUCTIONS, **settings)

    def whose(ctx: Context) -> str:
        request = getattr(ctx.request_context, "request", None) if ctx is not None else None
        if isinstance(request, Request):
            user = _lookup(by_token, _bearer(request.headers))
            if user is None:  # bearer_app refuses these before MCP; never fall back to another user
                raise PermissionError("no user for this request's token")
            return user
        if configured is None:
            raise PermissionError("this server has no configured user (--user)")
        return configured

    def kind_of(category: str, kind: str | None) -> str:
        if kind is not None:
            return kind
        if category in memory.taxonomy.current:
            return "current"
        if category in memory.taxonomy.for_kind("durable"):
            return "durable"
        raise InvalidInputError(f"unknown category {category!r}")

    @server.tool()
    async def search_memory(query: str, ctx: Context, k: int = 8) -> dict[str, Any]:
        """Search what is remembered about the user: the facts most relevant to ``query`` (at
        most ``k``), best first, and the memory section an agent would be given for it."""
        user = whose(ctx)
        docs = await memory.as_retriever(user_id=user, k=max(1, min(k, 50))).ainvoke(query)
        return {"facts": [{"id": d.metadata["id"], "kind": d.metadata["kind"], "category": d.metadata["category"],
                           "claim": d.page_content, "score": d.metadata["score"]} for d in docs],
                "section": await memory.arecall(user, query)}

    @server.tool()
    async def remember_fact(claim: str, category: str, ctx: Context,
                            kind: Literal["durable", "current"] | None = None) -> dict[str, Any]:
        """Remember one fact about the user: a short third-person claim ("allergic to
        penicillin") in a category (identity, health, relationship, life_event, business_role,
        preference, goal are durable; feeling, physical_state, working_on, going_through,
        schedule_context are current). A near-duplicate strengthens the stored fact."""
        applied = await memory.facts.aadd(whose(ctx), claim, category=category, kind=kind_of(category, kind))
        return {"op": applied.op, "fact_id": str(applied.fact_id) if applied.fact_id else None,
                "claim": applied.claim}

    @server.tool()
    async def list_facts(ctx: Context, kind: Literal["durable", "current"] | None = None,
                         category: str | None = None, contains: str | None = None,
                         limit: int = 50) -> list[dict[str, Any]]:
        """The user's believed facts (active and dormant), newest first, optionally of one kind
        or category or containing some text; at most ``limit`` (200)."""
        found, _ = await memory.facts.apage(whose(ctx), kind=kind, category=category, contains=contains,
                                            status=["active", "dormant"], limit=max(1, min(limit, MAX_LIST)))
        return [_fact(f) for f in found]

    @server.tool()
    async def correct_fact(fact_id: str, claim: str, ctx: Context) -> dict[str, Any]:
        """Correct a remembered fact (by its id from search_memory or list_facts): the new claim
        replaces it, the old one is kept in its history."""
        applied = await memory.facts.aupdate(whose(ctx), fact_id, claim, note=NOTE)
        return {"op": applied.op, "fact_id": str(applied.fact_id) if applied.fact_id else None,
                "claim": applied.claim}

    @server.tool()
    async def forget_fact(fact_id: str, ctx: Context) -> dict[str, Any]:
        """Stop remembering a fact (by its id): it is retracted and never shown again."""
        return {"retracted": await memory.facts.aretract(whose(ctx), fact_id, note=NOTE)}

    @server.resource("memory://profile", mime_type="text/plain")
    async def profile() -> str:
        """The user's profile (who they are, in a few lines)."""
        return (await memory.facts.aprofile(whose(server.get_context()))).text

    @server.resource("memory://sections", mime_type="text/markdown")
    async def sections() -> str:
        """The two prompt sections for a general question about the user."""
        return await memory.arecall(whose(server.get_context()), "what do you know about me")

    @server.resource("memory://sections/{query}", mime_type="text/markdown")
    async def sections_for(query: str) -> str:
        """The two prompt sections the agent would get for ``query``."""
        return await memory.arecall(whose(server.get_context()), query)

    return server


class bearer_app:  # noqa: N801  (an ASGI app, used like a function)
    """The streamable HTTP app behind a bearer token: a request without a known token is 401
    and never reaches the MCP session."""

    def __init__(self, app: ASGIApp, tokens: dict[str, str]) -> None:
        self.app, self.tokens = app, tokens

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and _lookup(self.tokens, _bearer(Request(scope).headers)) is None:
            await PlainTextResponse("401: a bearer token is required\n", status_code=401,
                                    headers={"WWW-Authenticate": "Bearer"})(scope, receive, send)
            return
        await self.app(scope, receive, send)


def http_app(memory: FactMemory, tokens: dict[str, str], **settings: Any) -> ASGIApp:
    """The streamable HTTP ASGI app (``/mcp``) for ``tokens`` (token -> user)."""
    return bearer_app(build_server(memory, tokens=tokens, **settings).streamable_http_app(), tokens)

