"""The checks every request to the table app passes before it reaches a page.

`Guard` is plain ASGI middleware:

- **The session's secret token.** A request must carry it: ``Authorization: Bearer
  TOKEN`` (scripts), ``?token=TOKEN`` (the URL the terminal prints and its QR code), or
  the cookie a browser gets the first time it opens that URL (the page then reloads
  without the token in its address, so it does not stay in the browser's history). A
  request without the right token gets ``403 Forbidden`` and no hint of what exists; a
  browser's page says, in its language, what to do (scan the QR code again). Tokens are
  compared in constant time.
- **Cross-site requests.** A form post authenticated by the cookie must come from the
  app's own pages: the cookie is ``SameSite=Strict``, the browser's ``Origin`` and
  ``Sec-Fetch-Site`` headers must say so, and the form carries a per-token check value
  (`csrf_value`) that the pages verify.
- **Body size.** A request body larger than ``max_body`` bytes is refused with ``413``
  before the application reads it.
- **Headers.** Every answer forbids scripts, framing, caching and referrers to other sites (the app has
  no script: whatever a field holds is shown as text, and even an injected tag could not
  run).

The token is kept beside the session's log (`kept_token`, a file only its owner can
read), so the phones go on working when the server is restarted, until the Director asks
for a new one. It never appears in a log line: the server logs paths without their
query.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from collections.abc import Awaitable, Callable, MutableMapping
from html import escape
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlencode

from td_plugin import messages
from td_plugin.messages import LANGUAGES

__all__ = ["Guard", "new_token", "kept_token", "csrf_value", "same_secret", "refusal_page",
           "COOKIE", "LANG_COOKIE", "MAX_BODY"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: The cookie that carries the token once a browser has opened the app's URL.
COOKIE = "td_token"
#: The cookie that keeps the language the Director chose.
LANG_COOKIE = "td_lang"
#: The largest request body accepted (a case file is a few kilobytes).
MAX_BODY = 256 * 1024
_UNSAFE = {"POST", "PUT", "PATCH", "DELETE"}
_HEADERS = [
    (b"content-security-policy",
     b"default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; "
     b"base-uri 'none'; frame-ancestors 'none'"),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"same-origin"),
    (b"cache-control", b"no-store"),
]


def new_token() -> str:
    """A fresh secret token (URL-safe, 128 bits)."""
    return secrets.token_urlsafe(16)


def kept_token(log_path: str | os.PathLike[str], *, renew: bool = False,
               given: str | None = None) -> tuple[str, bool]:
    """The session's token, kept beside its log (``LOG.token``, readable by its owner
    alone) so that a restarted server still knows the phones that opened it: ``given``
    when the Director gives one, a new one when ``renew`` or none is kept yet, else the
    kept one. Returns the token and whether it is the one kept from before.

    :raises OSError: the token cannot be read or written beside the log.
    """
    path = Path(f"{os.fspath(log_path)}.token")
    if given is None and not renew and path.is_file():
        if path.stat().st_mode & 0o077:
            os.chmod(path, 0o600)  # another user may have been able to read it: no more
        kept = path.read_text(encoding="ascii").strip()
        if kept:
            return kept, True
    token = given or new_token()
    temporary = path.with_name(path.name + ".new")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        if hasattr(os, "fchmod"):
            os.fchmod(fd, 0o600)
        os.write(fd, token.encode("ascii") + b"\n")
    finally:
        os.close(fd)
    os.replace(temporary, path)
    return token, False


def csrf_value(token: str) -> str:
    """The value a form of the app carries to show it came from the app's own page."""
    return hmac.new(token.encode(), b"td-plugin form", hashlib.sha256).hexdigest()[:32]


def same_secret(a: str | None, b: str) -> bool:
    """Whether ``a`` is the secret ``b``, compared in constant time."""
    return a is not None and hmac.compare_digest(a.encode(), b.encode())


def refusal_page(reason: str, lang: str) -> str:
    """The page a browser gets with a ``403``: what happened and what to do, in ``lang``
    (``reason``: ``token``, no valid token; ``site``, a post from another site's page;
    ``form``, a form without this session's check value). No link, no data."""
    def t(key: str) -> str:
        return escape(messages.render(key, None, lang))

    return (f'<!doctype html><html lang="{escape(lang)}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{t('app.forbidden.title')}</title></head><body>"
            f"<h1>{t('app.forbidden.title')}</h1><p>{t(f'app.forbidden.{reason}')}</p>"
            "</body></html>")


async def _plain(send: Send, status: int, text: str,
                 extra: list[tuple[bytes, bytes]] | None = None, kind: bytes = b"text/plain"
                 ) -> None:
    body = text.encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", kind + b"; charset=utf-8"),
                            (b"content-length", str(len(body)).encode()),
                            *_HEADERS, *(extra or [])]})
    await send({"type": "http.response.body", "body": body})


class Guard:
    """ASGI middleware: token, cross-site and body-size checks (see the module text).

    :param app: the application behind the guard.
    :param token: the session's secret token.
    :param max_body: the largest request body accepted, in bytes.
    :param lang: the language of a refusal when the browser names none the app speaks.
    """

    def __init__(self, app: ASGIApp, token: str, max_body: int = MAX_BODY,
                 lang: str = "en") -> None:
        if not token:
            raise ValueError("the app needs a token")
        self.app = app
        self.token = token
        self.max_body = max_body
        self.lang = lang

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self.app(scope, receive, send)
            return
        if scope["type"] != "http":  # no websockets here
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 1008})
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1")
                   for k, v in scope.get("headers", [])}
        query = parse_qsl(scope.get("query_string", b"").decode("latin-1"),
                          keep_blank_values=True)
        from_query = next((v for k, v in query if k == "token"), None)
        auth = headers.get("authorization", "")
        from_header = auth[7:].strip() if auth[:7].lower() == "bearer " else None
        cookie = SimpleCookie()
        try:
            cookie.load(headers.get("cookie", ""))
        except Exception:  # noqa: BLE001 - a malformed cookie header is no token
            cookie = SimpleCookie()
        from_cookie = cookie[COOKIE].value if COOKIE in cookie else None
        by_request = same_secret(from_header, self.token) or same_secret(from_query, self.token)
        if not (by_request or same_secret(from_cookie, self.token)):
            await self._refuse(send, "token", headers, cookie)
            return
        method = scope.get("method", "GET").upper()
        if method in _UNSAFE and not by_request and not self._same_origin(headers, scope):
            await self._refuse(send, "site", headers, cookie)
            return
        length = headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > self.max_body):
            await _plain(send, 413, "Request body too large")
            return
        if method == "GET" and from_query is not None and "text/html" in headers.get("accept", ""):
            # a browser opening the printed URL: keep the token in a cookie, drop it from
            # the address
            rest = urlencode([(k, v) for k, v in query if k != "token"])
            location = scope.get("path", "/") + (f"?{rest}" if rest else "")
            await _plain(send, 303, "See Other", [
                (b"location", location.encode("latin-1", "replace")),
                (b"set-cookie", (f"{COOKIE}={self.token}; Path=/; HttpOnly; "
                                 "SameSite=Strict").encode())])
            return
        body = await self._body(receive)
        if body is None:
            await _plain(send, 413, "Request body too large")
            return
        scope.setdefault("state", {})["csrf"] = csrf_value(self.token)
        scope["state"]["by_request"] = by_request
        await self.app(scope, self._replay(body, receive), self._headers(send))

    async def _refuse(self, send: Send, reason: str, headers: dict[str, str],
                      cookie: SimpleCookie) -> None:
        """``403 Forbidden``; to a browser, the page that says what to do, in the
        language the app last showed it (its cookie), else the one it asks for."""
        if "text/html" not in headers.get("accept", ""):
            await _plain(send, 403, "Forbidden")
            return
        chosen = cookie[LANG_COOKIE].value if LANG_COOKIE in cookie else None
        if chosen not in LANGUAGES:
            asked = [part.split(";")[0].strip().lower()[:2]
                     for part in headers.get("accept-language", "").split(",")]
            chosen = next((code for code in asked if code in LANGUAGES), self.lang)
        await _plain(send, 403, refusal_page(reason, chosen), kind=b"text/html")

    @staticmethod
    def _same_origin(headers: dict[str, str], scope: Scope) -> bool:
        """A browser's post from one of the app's own pages (the cookie alone is not
        enough: another site's page could make the browser send it)."""
        site = headers.get("sec-fetch-site")
        if site is not None:  # every current browser says where a request comes from
            return site in ("same-origin", "none")
        origin = headers.get("origin")
        host = headers.get("host", "")
        return origin is not None and origin == f"{scope.get('scheme', 'http')}://{host}"

    async def _body(self, receive: Receive) -> bytes | None:
        """The whole request body, or None when it is larger than allowed."""
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                break
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_body:
                return None
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        return b"".join(chunks)

    @staticmethod
    def _replay(body: bytes, receive: Receive) -> Receive:
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        return replay

    @staticmethod
    def _headers(send: Send) -> Send:
        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                names = {k.lower() for k, _ in message.get("headers", [])}
                message["headers"] = list(message.get("headers", [])) + [
                    h for h in _HEADERS if h[0] not in names]
            await send(message)

        return with_headers
