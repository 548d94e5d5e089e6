"""Who gets in, and what a page may do: the access token, the CSRF token of every write, the
headers every answer carries, and a log line that never holds user text.

- Access: ``?token=`` (the printed link: it sets an ``HttpOnly; SameSite=Strict`` cookie and
  redirects to the same page without the token), the cookie, or ``Authorization: Bearer``.
  Anything else is 401. Tokens are compared in constant time.
- Writes: POST only, with the form's ``csrf`` field (an HMAC of the token, never the token) and,
  when the browser says where the request comes from (``Origin``, ``Sec-Fetch-Site``), from this
  very origin; otherwise 403 and nothing changes. ``read_only``: every POST is 403.
- Every answer: a Content-Security-Policy with no script source at all (the pages run no
  JavaScript), no framing, forms posting only here; ``nosniff``, no referrer, no caching.
- The log: method, the route's template (``/users/{user_id}``, never the id), status, time.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import logging
import secrets
import time
from dataclasses import dataclass, field
from urllib.parse import urlencode

from starlette.datastructures import URL
from starlette.middleware.base import BaseHTTPMiddleware, RequestResponseEndpoint
from starlette.requests import Request
from starlette.responses import PlainTextResponse, RedirectResponse, Response
from starlette.routing import Match

logger = logging.getLogger("fact_memory_graph.inspector")

COOKIE = "fact_memory_inspector"
CSP = ("default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; "
       "frame-ancestors 'none'; base-uri 'none'")
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",  # "no-referrer" would make a browser send `Origin: null` on our own forms
    "Cache-Control": "no-store",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
}


@dataclass
class Access:
    """The inspector's access settings: the token (random per start unless configured) and
    whether writes are refused."""

    token: str = field(default_factory=lambda: secrets.token_urlsafe(32))
    read_only: bool = False
    configured: bool = False

    @property
    def csrf(self) -> str:
        """The CSRF token of every form: an HMAC of the access token (the token never goes in a page)."""
        return hmac.new(self.token.encode(), b"fact-memory-inspector csrf", hashlib.sha256).hexdigest()

    def allows(self, presented: str | None) -> bool:
        return bool(presented) and hmac.compare_digest(presented.encode(), self.token.encode())  # type: ignore[union-attr]

    def link(self, host: str, port: int) -> str:
        shown = f"[{host}]" if ":" in host else host
        return f"http://{shown}:{port}/?{urlencode({'token': self.token})}"


def is_loopback(host: str) -> bool:
    """``localhost`` or a loopback address (127.0.0.0/8, ::1)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def check_bind(host: str, access: Access) -> None:
    """Refuse a bind address other than loopback without a configured token."""
    if not is_loopback(host) and not access.configured:
        raise ValueError(f"refusing to listen on {host}: only loopback without a configured token "
                         "(--token or FACT_MEMORY_INSPECT_TOKEN)")


def _route_name(request: Request) -> str:
    """The template of the route a request matched (``/users/{user_id:str}``), or ``(no route)``."""
    partial = None
    for route in request.app.routes:
        match, _ = route.matches(request.scope)
        if match is Match.FULL:
            return getattr(route, "path", "(no route)")
        if match is Match.PARTIAL and partial is None:
            partial = getattr(route, "path", None)
    return partial or "(no route)"


def _same_origin(request: Request) -> bool:
    site = request.headers.get("sec-fetch-site")
    if site is not None and site not in ("same-origin", "none"):
        return False
    origin = request.headers.get("origin")
    if origin is None:
        return True
    here = URL(str(request.url))
    return origin == f"{here.scheme}://{here.netloc}"


class Guard(BaseHTTPMiddleware):
    """Access token, CSRF and origin checks, security headers and a log without user text."""

    def __init__(self, app, access: Access) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        self.access = access

    async def dispatch(self, request: Request, call_next: RequestResponseEndpoint) -> Response:
        started, route = time.perf_counter(), _route_name(request)
        response = await self._guarded(request, call_next)
        for name, value in HEADERS.items():
            response.headers.setdefault(name, value)
        logger.info("%s %s %s %.1f ms", request.method, route, response.status_code,
                    (time.perf_counter() - started) * 1000)
        return response

    async def _guarded(self, request: Request, call_next: RequestResponseEndpoint) -> Response:
        presented = request.query_params.get("token")
        if presented is not None:
            if not self.access.allows(presented):
                return _refuse(401, "wrong token")
            # The link's token becomes a cookie; the address bar and history keep no token.
            target = request.url.remove_query_params("token")
            response = RedirectResponse(target.path + (f"?{target.query}" if target.query else ""), 303)
            response.set_cookie(COOKIE, self.access.token, httponly=True, samesite="strict", path="/")
            return response
        auth = request.headers.get("authorization", "")
        bearer = auth[7:] if auth.lower().startswith("bearer ") else None
        if not (self.access.allows(request.cookies.get(COOKIE)) or self.access.allows(bearer)):
            return _refuse(401, "this inspector needs its token: open the link printed when it started")
        if request.method not in ("GET", "HEAD"):
            if self.access.read_only:
                return _refuse(403, "this inspector is read-only (--read-only)")
            if request.method != "POST" or not _same_origin(request):
                return _refuse(403, "cross-origin write refused")
            await request.body()  # cached: the endpoint reads the same body again
            form = await request.form()
            sent = form.get("csrf")
            if not isinstance(sent, str) or not hmac.compare_digest(sent.encode(), self.access.csrf.encode()):
                return _refuse(403, "missing or wrong CSRF token: reload the page and try again")
        return await call_next(request)


def _refuse(status: int, reason: str) -> Response:
    return PlainTextResponse(f"{status}: {reason}\n", status_code=status)
