"""The inspector's pages and actions (Starlette, Jinja2, server-rendered, no JavaScript).

Every read goes through the facade and its namespaces; every write through the same calls a
program makes (so through the one guarded writer), with ``note="inspector"`` in the audit rows
they write. Handlers are plain functions: Starlette runs them on its thread pool, as the sync
facade wants.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from fact_memory_graph.errors import FactMemoryError, FactNotFoundError, InvalidInputError
from fact_memory_graph.formatting import format_memory_sections
from fact_memory_graph.inspector import charts
from fact_memory_graph.inspector.security import Access, Guard
from fact_memory_graph.sanitize import check_id, claim_digest

if TYPE_CHECKING:
    from fact_memory_graph.memory import FactMemory

logger = logging.getLogger("fact_memory_graph.inspector")
HERE = Path(__file__).parent
#: The note every audit row an inspector action writes carries.
NOTE = "inspector"
#: The largest export file a restore accepts (as `fact-memory restore`).
MAX_UPLOAD = 256 * 2**20
PAGE = 50
STATUSES = ("active", "dormant", "superseded", "expired", "retracted")
#: What a redirect after an action may say (never text from the request).
DONE = {"edited": "Fact edited: the new claim replaced it (history kept).", "retracted": "Fact retracted.",
        "accepted": "Correction accepted.", "rejected": "Correction rejected.",
        "retried": "Message queued again.", "restored": "Export restored.", "forgotten": "User forgotten.",
        "nothing": "Nothing to do: it had already changed."}

ENV = Environment(loader=FileSystemLoader(HERE / "templates"), autoescape=select_autoescape(default=True,
                  default_for_string=True), trim_blocks=True, lstrip_blocks=True)


def _ts(value: datetime | None) -> str:
    return value.astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC") if value else ""


def _q(**params: Any) -> str:
    return urlencode({k: v for k, v in params.items() if v not in (None, "")})


ENV.filters["ts"] = _ts
ENV.globals["q"] = _q


def _page(request: Request, name: str, http_status: int = 200, **context: Any) -> HTMLResponse:
    access: Access = request.app.state.access
    done = request.query_params.get("done")
    html = ENV.get_template(name).render(csrf=access.csrf, read_only=access.read_only, done=DONE.get(done or ""),
                                         **context)
    return HTMLResponse(html, status_code=http_status)


def _memory(request: Request) -> FactMemory:
    return request.app.state.memory


def _user(request: Request) -> str:
    try:
        return check_id(request.path_params["user_id"], "user id")
    except InvalidInputError as exc:
        raise HTTPException(400, str(exc)) from None


def _when(value: str | None, name: str) -> datetime | None:
    """A time from a form (``datetime-local``, read as UTC, or ISO with an offset)."""
    if not value:
        return None
    try:
        at = datetime.fromisoformat(value)
    except ValueError:
        raise HTTPException(400, f"{name}: not a date and time: {value[:40]!r}") from None
    return at if at.tzinfo else at.replace(tzinfo=UTC)


def _int(value: str | None, default: int, name: str, low: int = 0, high: int = 10**9) -> int:
    if value in (None, ""):
        return default
    try:
        return min(max(int(value), low), high)  # type: ignore[arg-type]
    except ValueError:
        raise HTTPException(400, f"{name} must be a whole number") from None


def _time_weight(memory: FactMemory, fact: Any, now: datetime) -> float:
    if fact.kind.value == "durable":
        return 1.0
    return memory.config.read.time_weight(max((now - fact.last_confirmed_at).total_seconds() / 86400, 0.0))


def _done(url: str, what: str) -> RedirectResponse:
    logger.info("inspector action: %s", what)  # the action only: no id, no text
    return RedirectResponse(f"{url}{'&' if '?' in url else '?'}done={what}", 303)


# ---------------------------------------------------------------------------- users
def users(request: Request) -> Response:
    memory, params = _memory(request), request.query_params
    prefix, after = params.get("q", ""), params.get("after", "")
    rows = memory.admin.users_page(prefix=prefix, after=after, limit=PAGE + 1)
    more = len(rows) > PAGE
    rows = rows[:PAGE]
    return _page(request, "users.html", title="Users", rows=rows, prefix=prefix, after=after,
                 next_after=rows[-1]["user_id"] if more else None, pending_forgets=memory.admin.forget_requests())


def _sections(memory: FactMemory, user: str, query: str, at: datetime | None) -> str:
    if at is None:
        return memory.recall(user, query)
    return memory.recall(user, query, at=at, search_kwargs={"until": at})


def user(request: Request) -> Response:
    memory, u, params = _memory(request), _user(request), request.query_params
    recent = memory.queue.messages(u, limit=10)
    last_text = next((m["text"] for m in recent if m["state"] == "done"), "") if recent else ""
    query = params.get("query") or last_text or "what do you know about me"
    as_of = _when(params.get("at"), "as of")
    goals = memory.evaluations.goals(u)
    return _page(
        request, "user.html", title=u, user=u, stats=memory.admin.stats(u), query=query, as_of=as_of,
        section_now=_sections(memory, u, query, None),
        section_as_of=_sections(memory, u, query, as_of) if as_of else None,
        profile=memory.facts.profile(u).text, corrections=memory.corrections.list(u), goals=goals,
        trust=memory.evaluations.trust(u), people=memory.evaluations.people(u),
        queue=memory.queue.messages(u, states=["queued", "failed"]), recent=recent,
        facts=memory.facts.page(u, limit=10)[0], now=memory.clock(), tw=lambda f: _time_weight(memory, f, memory.clock()))


def facts(request: Request) -> Response:
    memory, u, params = _memory(request), _user(request), request.query_params
    status = params.getlist("status") or None
    if status and any(s not in STATUSES for s in status):
        raise HTTPException(400, "unknown status")
    kind = params.get("kind") or None
    if kind not in (None, "durable", "current"):
        raise HTTPException(400, "kind must be durable or current")
    try:
        min_conf = float(params["min_confidence"]) if params.get("min_confidence") else None
    except ValueError:
        raise HTTPException(400, "min confidence must be a number") from None
    offset = _int(params.get("offset"), 0, "offset")
    filters = {"kind": kind, "status": status, "category": params.get("category") or None,
               "contains": params.get("contains") or None, "min_confidence": min_conf,
               "order": params.get("order") or "newest"}
    found, total = memory.facts.page(u, **filters, offset=offset, limit=PAGE)
    now = memory.clock()
    return _page(request, "facts.html", title=f"{u}: facts", user=u, facts=found, total=total, offset=offset,
                 page=PAGE, filters=filters, statuses=STATUSES, categories=[*memory.taxonomy.for_kind("durable"), *memory.taxonomy.current],
                 tw=lambda f: _time_weight(memory, f, now), base=_q(**{k: v for k, v in filters.items()
                                                                       if k != "status"}),
                 status_q="&".join(_q(status=s) for s in status or ()))


def fact(request: Request) -> Response:
    memory, u = _memory(request), _user(request)
    fid = request.path_params["fact_id"]
    try:
        found = memory.facts.get(u, fid)
    except (InvalidInputError, ValueError):
        found = None
    if found is None:
        raise HTTPException(404, "no such fact for this user")
    history = memory.facts.history(u, found.id)
    ids = list(found.evidence_message_ids)
    logged = {m["message_id"]: m for m in memory.queue.messages(u, message_ids=ids, limit=len(ids) or 1)} if ids else {}
    evidence = [(mid, logged.get(mid)) for mid in ids]
    against = [c for c in memory.corrections.list(u, status=None) if c.fact_id == found.id]
    return _page(request, "fact.html", title=f"{u}: fact", user=u, fact=found, history=history, evidence=evidence,
                 corrections=against, tw=_time_weight(memory, found, memory.clock()))


def sessions(request: Request) -> Response:
    memory, u = _memory(request), _user(request)
    return _page(request, "sessions.html", title=f"{u}: sessions", user=u, sessions=memory.sessions.list(u))


def audit(request: Request) -> Response:
    memory, u = _memory(request), _user(request)
    return _page(request, "audit.html", title=f"{u}: audit", user=u,
                 rows=memory.admin.audit(u, limit=200, newest=True))


def queue(request: Request) -> Response:
    memory, u = _memory(request), _user(request)
    return _page(request, "queue.html", title=f"{u}: queue", user=u, status=memory.queue.status(u),
                 messages=memory.queue.messages(u, states=["queued", "failed"], limit=200),
                 recent=memory.queue.messages(u, states=["done"], limit=50))


# ---------------------------------------------------------------------------- why, playground
def _explain(memory: FactMemory, u: str, query: str, at: datetime | None, *, until: bool = True,
             **kwargs: Any) -> Any:
    """The retriever's own explanation; ``at``: the clock then (and, with ``until``, facts dated
    after it left out)."""
    retriever = memory.as_retriever(user_id=u, **({"clock": lambda: at} if at else {}), **kwargs)
    return retriever.explain(query, search_kwargs={"until": at} if at and until else None)


def why(request: Request) -> Response:
    memory, u, params = _memory(request), _user(request), request.query_params
    thread, selected = params.get("thread") or None, params.get("message") or None
    listing = memory.queue.messages(u, session_id=thread, limit=100)
    chosen = explanation = previous = None
    shown_facts: list[Any] = []
    if selected:
        found = memory.queue.messages(u, message_ids=[selected], limit=1)
        if not found:
            raise HTTPException(404, "no such message in the log (processed messages leave it after the log's days)")
        chosen = found[0]
        digests = set(chosen["shown_digests"] or ())
        if digests:
            shown_facts = [f for f in memory.facts.list(u) if claim_digest(f.claim) in digests]
        earlier = [m for m in memory.queue.messages(u, session_id=chosen["session_id"], limit=100)
                   if m["at"] < chosen["at"]] if chosen["session_id"] else []
        previous = max(earlier, key=lambda m: m["at"]) if earlier else None
        if previous is not None:
            explanation = _explain(memory, u, previous["text"], previous["at"], until=False)
    ranks = {p.fact.id: p for p in explanation.candidates} if explanation else {}
    return _page(request, "why.html", title=f"{u}: why", user=u, thread=thread, listing=listing, chosen=chosen,
                 previous=previous, shown_facts=shown_facts, explanation=explanation, ranks=ranks)


def playground(request: Request) -> Response:
    memory, u, params = _memory(request), _user(request), request.query_params
    query = params.get("query", "")
    at = _when(params.get("at"), "as of")
    k_durable = _int(params.get("k_durable"), memory.config.read.k_durable, "k durable", 0, 100)
    k_current = _int(params.get("k_current"), memory.config.read.k_current, "k current", 0, 100)
    explanation = section = None
    if query:
        explanation = _explain(memory, u, query, at, k_durable=k_durable, k_current=k_current)
        section = format_memory_sections(explanation.documents, token_budget=memory.config.read.token_budget)
    return _page(request, "playground.html", title=f"{u}: recall playground", user=u, query=query, at=at,
                 k_durable=k_durable, k_current=k_current, explanation=explanation, section=section)


# ---------------------------------------------------------------------------- health
def health(request: Request) -> Response:
    memory, params = _memory(request), request.query_params
    u = params.get("user") or None
    if u is not None:
        try:
            u = check_id(u, "user id")
        except InvalidInputError as exc:
            raise HTTPException(400, str(exc)) from None
    days = _int(params.get("days"), 28, "days", 1, 366)
    bucket = "hour" if days <= 2 else "day" if days <= 62 else "week"
    report = memory.upkeep.health(u)
    series = memory.upkeep.series(u, days=days, bucket=bucket)
    queue_rows = _merge(series["queued"], series["processed"])
    return _page(
        request, "health.html", title="Health", user=u, days=days, report=report,
        facts_chart=charts.stacked_bars("Facts added, by category", series["facts"]),
        shown_chart=charts.lines("Facts shown to replies: all, stale, restated", series["shown"],
                                 ["shown", "stale", "repeated"]),
        queue_chart=charts.lines("Messages queued and extracted (drain rate)", queue_rows, ["queued", "processed"]),
        status_chart=charts.bars("Facts by status", report.statuses),
        temperature_chart=charts.bars("Temperature (by last use)", report.temperature))


def _merge(queued: list[dict[str, Any]], processed: list[dict[str, Any]]) -> list[dict[str, Any]]:
    at = sorted({r["at"] for r in queued} | {r["at"] for r in processed})
    q = {r["at"]: r["n"] for r in queued}
    p = {r["at"]: r["n"] for r in processed}
    return [{"at": a, "queued": q.get(a, 0), "processed": p.get(a, 0)} for a in at]


# ---------------------------------------------------------------------------- actions
async def _form(request: Request) -> Any:
    return await request.form(max_part_size=MAX_UPLOAD)


def _sync(call: Callable[[], Response]) -> Any:
    from starlette.concurrency import run_in_threadpool

    return run_in_threadpool(call)


async def edit_fact(request: Request) -> Response:
    memory, u, fid = _memory(request), _user(request), request.path_params["fact_id"]
    claim = str((await _form(request)).get("claim", ""))

    def run() -> Response:
        applied = memory.facts.update(u, fid, claim, note=NOTE)
        target = applied.fact_id or fid
        return _done(f"/users/{_path(u)}/facts/{target}", "edited")
    return await _sync(run)


async def retract_fact(request: Request) -> Response:
    memory, u, fid = _memory(request), _user(request), request.path_params["fact_id"]

    def run() -> Response:
        done = memory.facts.retract(u, fid, note=NOTE)
        return _done(f"/users/{_path(u)}/facts/{fid}", "retracted" if done else "nothing")
    return await _sync(run)


async def resolve(request: Request) -> Response:
    memory, u, cid = _memory(request), _user(request), request.path_params["candidate_id"]
    decision = (await _form(request)).get("decision")
    if decision not in ("accept", "reject"):
        raise HTTPException(400, "decision must be accept or reject")

    def run() -> Response:
        memory.corrections.resolve(u, cid, accept=decision == "accept", note=NOTE)
        return _done(f"/users/{_path(u)}", "accepted" if decision == "accept" else "rejected")
    return await _sync(run)


async def retry(request: Request) -> Response:
    memory, u, mid = _memory(request), _user(request), request.path_params["message_id"]

    def run() -> Response:
        n = memory.queue.retry_failed(u, message_ids=[mid])
        return _done(f"/users/{_path(u)}/queue", "retried" if n else "nothing")
    return await _sync(run)


def export(request: Request) -> Response:
    memory, u = _memory(request), _user(request)
    body = json.dumps(memory.export(u), ensure_ascii=False, default=str, indent=1)
    logger.info("inspector action: export")
    return Response(body, media_type="application/json",
                    headers={"Content-Disposition": 'attachment; filename="fact-memory-export.json"'})


def restore_form(request: Request) -> Response:
    return _page(request, "restore.html", title="Restore an export")


async def restore(request: Request) -> Response:
    memory = _memory(request)
    form = await _form(request)
    target, upload = str(form.get("user_id", "")), form.get("file")
    try:
        target = check_id(target, "user id")
    except InvalidInputError as exc:
        raise HTTPException(400, str(exc)) from None
    if upload is None or isinstance(upload, str):
        raise HTTPException(400, "choose an export file")
    raw = await upload.read(MAX_UPLOAD + 1)
    if len(raw) > MAX_UPLOAD:
        raise HTTPException(400, f"the file is larger than {MAX_UPLOAD // 2**20} MiB: not an export of one user")
    try:
        data = json.loads(raw.decode("utf-8"))
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise HTTPException(400, "the file is not an export (not JSON)") from None
    if not isinstance(data, dict):
        raise HTTPException(400, "the file is not an export (not a JSON object)")

    def run() -> Response:
        memory.restore(data, user_id=target)
        return _done(f"/users/{_path(target)}", "restored")
    return await _sync(run)


def forget_form(request: Request) -> Response:
    u = _user(request)
    return _page(request, "forget.html", title=f"Forget {u}", user=u, stats=_memory(request).admin.stats(u))


async def forget(request: Request) -> Response:
    memory, u = _memory(request), _user(request)
    typed = (await _form(request)).get("confirm")
    if typed != u:
        return await _sync(lambda: _page(request, "forget.html", http_status=400, title=f"Forget {u}", user=u,
                                         stats=memory.admin.stats(u), mismatch=True))

    def run() -> Response:
        memory.forget(u)
        return _done("/users", "forgotten")
    return await _sync(run)


def _path(user_id: str) -> str:
    from urllib.parse import quote

    return quote(user_id, safe="")


ENV.filters["path"] = _path


# ---------------------------------------------------------------------------- errors
def _error(status: int, message: str) -> Callable[..., Response]:
    def handler(request: Request, exc: Exception) -> Response:
        logger.info("inspector error: %s", type(exc).__name__)  # the class, never the message (user text)
        detail = exc.detail if isinstance(exc, HTTPException) else str(exc)
        code = exc.status_code if isinstance(exc, HTTPException) else status
        return _page(request, "error.html", http_status=code, title=message, message=detail)
    return handler


def home(request: Request) -> Response:
    return RedirectResponse("/users", 303)


def create_app(memory: FactMemory, access: Access | None = None) -> Starlette:
    """The inspector as an ASGI app over ``memory`` (``access``: the token and read-only flag;
    default a random token)."""
    access = access or Access()
    u = "/users/{user_id:str}"
    routes = [
        Route("/", home), Route("/users", users), Route(u, user), Route(f"{u}/facts", facts),
        Route(f"{u}/facts/{{fact_id}}", fact), Route(f"{u}/facts/{{fact_id}}/edit", edit_fact, methods=["POST"]),
        Route(f"{u}/facts/{{fact_id}}/retract", retract_fact, methods=["POST"]),
        Route(f"{u}/corrections/{{candidate_id}}", resolve, methods=["POST"]),
        Route(f"{u}/sessions", sessions), Route(f"{u}/audit", audit), Route(f"{u}/queue", queue),
        Route(f"{u}/queue/{{message_id:path}}/retry", retry, methods=["POST"]),
        Route(f"{u}/why", why), Route(f"{u}/playground", playground), Route(f"{u}/export", export),
        Route(f"{u}/forget", forget_form), Route(f"{u}/forget", forget, methods=["POST"]),
        Route("/restore", restore_form), Route("/restore", restore, methods=["POST"]),
        Route("/health", health),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ]
    handlers = {HTTPException: _error(400, "Not possible"), FactNotFoundError: _error(404, "Not found"),
                InvalidInputError: _error(400, "Not possible"), FactMemoryError: _error(500, "The memory failed"),
                Exception: _error(500, "Unexpected error")}
    app = Starlette(routes=routes, middleware=[Middleware(Guard, access=access)],
                    exception_handlers=handlers)  # type: ignore[arg-type]
    app.state.memory = memory
    app.state.access = access
    return app
