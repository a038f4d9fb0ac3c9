"""The checks every request to the table app passes before it reaches a page.

`Guard` is plain ASGI middleware:

- **The session's secret token.** A request must carry it: ``Authorization: Bearer
  TOKEN`` (scripts), ``?token=TOKEN`` (the URL the terminal prints and its QR code), or
  the cookie a browser gets the first time it opens that URL (the page then reloads
  without the token in its address, so it does not stay in the browser's history). The
  cookie is named after the token (`cookie_name`): browsers keep cookies per host, not
  per port, so two sessions served on one laptop keep their phones apart. It lasts until
  the morning after the day it was set (`cookie_max_age`), so a phone whose browser was
  closed during the session comes back without a new scan. A
  request without the right token gets ``403 Forbidden`` and no hint of what exists; a
  browser's page says, in its language, what to do (scan the QR code again). Tokens are
  compared in constant time.
- **Cross-site requests.** A form post authenticated by the cookie must come from the
  app's own pages: the cookie is ``SameSite=Strict``, the browser's ``Origin`` and
  ``Sec-Fetch-Site`` headers must say so, and the form carries a per-token check value
  (`csrf_value`) that the pages verify.
- **Header size.** A request whose address and headers take more than `MAX_HEAD`
  bytes, or with one header longer than `MAX_HEADER`, is refused with ``431`` before any
  of it is parsed. Of the cookies only the app's own is read, in one pass (the standard
  library's cookie parser takes quadratic time on some headers, and it would run on the
  event loop every request waits on).
- **Body size and time.** A request body larger than ``max_body`` bytes is refused with
  ``413`` before the application reads it; one that has not arrived whole within
  ``body_timeout`` seconds with ``408``. A refusal closes the connection.
- **Redirects.** The printed URL's redirect (below) goes to a path of the app itself,
  never to ``//another.site`` whatever the address.
- **Headers.** Every answer forbids scripts, framing, caching and referrers to other sites (the app has
  no script: whatever a field holds is shown as text, and even an injected tag could not
  run).

The token is kept beside the session's log (`kept_token`, a file only its owner can
read), so the phones go on working when the server is restarted, until the Director asks
for a new one. It never appears in a log line: the server logs paths without their
query.
"""

from __future__ import annotations

import asyncio
import datetime
import hashlib
import hmac
import os
import secrets
import stat
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from html import escape
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, quote, urlencode

from td_plugin import messages
from td_plugin.messages import LANGUAGES

__all__ = ["Guard", "new_token", "kept_token", "csrf_value", "same_secret", "cookie_value",
           "cookie_name", "cookie_max_age", "token_cookie", "COOKIE_UNTIL_HOUR",
           "own_path", "head_size", "refusal_page", "TokenFileError", "COOKIE", "LANG_COOKIE",
           "MAX_BODY", "MAX_HEADER", "MAX_HEAD", "BODY_TIMEOUT"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: The start of the name of the cookie that carries the token once a browser has opened
#: the app's URL (`cookie_name` gives the whole name, one per session's token).
COOKIE = "td_token"
#: The token's cookie lasts until this hour (local time) of the morning after the day it
#: was set: a club's evening session that runs past midnight keeps its phones.
COOKIE_UNTIL_HOUR = 6
#: The cookie that keeps the language the Director chose.
LANG_COOKIE = "td_lang"
#: The largest request body accepted (a case file is a few kilobytes).
MAX_BODY = 256 * 1024
#: The longest header accepted, name and value, in bytes (a browser's cookie header for
#: the app is well under 100).
MAX_HEADER = 8 * 1024
#: The most bytes the address (path and query) and every header's name and value may take
#: together.
MAX_HEAD = 32 * 1024
#: Seconds a request body may take to arrive whole (256 KB in 30 s is 70 kbit/s).
BODY_TIMEOUT = 30.0
#: ``O_NOFOLLOW`` where the system has it (a link at the name is then an error)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_CLOSE = [(b"connection", b"close")]
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


class TokenFileError(OSError):
    """The token file beside the log is not one ``td-plugin serve`` may use: a link,
    not a regular file, another user's, or not a token (said why, in a sentence)."""


#: the most bytes a token file is read for (a token is 22 characters)
_TOKEN_FILE_MAX = 4096


def _own_regular_file(st: os.stat_result, path: Path) -> None:
    """Refuse what is not a regular file of this user with one name (no hard link)."""
    if stat.S_ISLNK(st.st_mode):
        raise TokenFileError(f"{path} is a link; the token is never read or written "
                             "through a link: remove it")
    if not stat.S_ISREG(st.st_mode):
        raise TokenFileError(f"{path} is not a regular file: remove it")
    if hasattr(os, "getuid") and st.st_uid != os.getuid():
        raise TokenFileError(f"{path} belongs to another user: remove it")
    if st.st_nlink != 1:
        raise TokenFileError(f"{path} has another name (a hard link): remove it")


def _read_token(path: Path) -> str | None:
    """The token kept at ``path``; None when there is no such file (or it is empty)."""
    try:
        fd = os.open(path, os.O_RDONLY | _NOFOLLOW | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        return None
    except OSError:
        _own_regular_file(os.lstat(path), path)  # a link: said so
        raise
    try:
        st = os.fstat(fd)
        _own_regular_file(st, path)
        if st.st_mode & 0o077 and hasattr(os, "fchmod"):
            os.fchmod(fd, 0o600)  # another user may have been able to read it: no more
        data = os.read(fd, _TOKEN_FILE_MAX + 1)
    finally:
        os.close(fd)
    try:
        kept = data.decode("ascii").strip()
    except UnicodeDecodeError:
        raise TokenFileError(f"{path} holds something other than a token (a byte that is "
                             "not ASCII): remove it, or start with --new-token") from None
    if len(data) > _TOKEN_FILE_MAX or any(c.isspace() or not c.isprintable() for c in kept):
        raise TokenFileError(f"{path} holds something other than a token: remove it, or "
                             "start with --new-token")
    return kept or None


def _write_token(path: Path, token: str) -> None:
    """Write ``token`` to ``path`` through a new file of its own beside it, created with
    ``O_EXCL|O_NOFOLLOW`` (so never through a link), then renamed over ``path``."""
    try:
        _own_regular_file(os.lstat(path), path)
    except FileNotFoundError:
        pass
    temporary = path.with_name(path.name + ".new")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW
    try:
        fd = os.open(temporary, flags, 0o600)
    except FileExistsError:  # left by a start that stopped halfway, or planted
        _own_regular_file(os.lstat(temporary), temporary)
        os.unlink(temporary)
        fd = os.open(temporary, flags, 0o600)
    try:
        os.write(fd, token.encode("ascii") + b"\n")
    finally:
        os.close(fd)
    os.replace(temporary, path)


def kept_token(log_path: str | os.PathLike[str], *, renew: bool = False,
               given: str | None = None) -> tuple[str, bool]:
    """The session's token, kept beside its log (``LOG.token``, readable by its owner
    alone) so that a restarted server still knows the phones that opened it: ``given``
    when the Director gives one, a new one when ``renew`` or none is kept yet, else the
    kept one. Returns the token and whether it is the one kept from before.

    The file is never read or written through a link: a ``LOG.token`` (or a
    ``LOG.token.new``) that is a link, not a regular file, another user's or another
    name of a file is refused, as is a token file that holds no token.

    :raises TokenFileError: such a file (said what it is).
    :raises OSError: the token cannot be read or written beside the log.
    """
    path = Path(f"{os.fspath(log_path)}.token")
    if given is None and not renew:
        kept = _read_token(path)
        if kept:
            return kept, True
    token = given or new_token()
    _write_token(path, token)
    return token, False


def csrf_value(token: str) -> str:
    """The value a form of the app carries to show it came from the app's own page."""
    return hmac.new(token.encode(), b"td-plugin form", hashlib.sha256).hexdigest()[:32]


def cookie_name(token: str) -> str:
    """The name of the cookie that carries ``token``: `COOKIE` and a digest of the token,
    so that the sessions served from one computer (on other ports: a browser's cookies
    ignore the port) each have their own and one does not log the other's phones out.
    The digest says nothing of the token."""
    digest = hmac.new(token.encode(), b"td-plugin cookie", hashlib.sha256).hexdigest()[:12]
    return f"{COOKIE}_{digest}"


def cookie_max_age(now: datetime.datetime) -> int:
    """Seconds from ``now`` (local time) until `COOKIE_UNTIL_HOUR` of the morning after
    its day: the session's day, and its evening past midnight."""
    until = datetime.datetime.combine(now.date() + datetime.timedelta(days=1),
                                      datetime.time(COOKIE_UNTIL_HOUR), now.tzinfo)
    return max(1, int((until - now).total_seconds()))


def token_cookie(token: str, now: datetime.datetime | None = None) -> str:
    """The ``Set-Cookie`` value that gives a browser the token (`cookie_name`), until
    the morning after ``now``'s day (`cookie_max_age`; ``now`` defaults to the local time)."""
    age = cookie_max_age(now or datetime.datetime.now())
    return f"{cookie_name(token)}={token}; Path=/; Max-Age={age}; HttpOnly; SameSite=Strict"


def same_secret(a: str | None, b: str) -> bool:
    """Whether ``a`` is the secret ``b``, compared in constant time."""
    return a is not None and hmac.compare_digest(a.encode(), b.encode())


def cookie_value(header: str, name: str) -> str | None:
    """The value of cookie ``name`` in a ``Cookie`` header (``a=1; td_token=x``), read in
    one pass over the header; the last one when it is there twice, None when it is not.
    Nothing else of the header is interpreted."""
    found = None
    for part in header.split(";"):
        key, sep, value = part.partition("=")
        if sep and key.strip() == name:
            value = value.strip()
            if len(value) >= 2 and value[0] == value[-1] == '"':
                value = value[1:-1]
            found = value
    return found


def head_size(target: bytes, headers: Iterable[tuple[bytes, bytes]]) -> tuple[int, int]:
    """The bytes of a request's address and headers together, and of its longest header
    (name and value), as `MAX_HEAD` and `MAX_HEADER` count them."""
    total, longest = len(target), 0
    for name, value in headers:
        size = len(name) + len(value)
        total += size
        longest = max(longest, size)
    return total, longest


def own_path(path: str) -> str:
    """``path`` as an address on this app: percent-encoded, with a single slash in front
    (``//evil.example/`` and ``/\\evil.example`` are other sites to a browser;
    ``/evil.example/`` and ``/%5Cevil.example`` are paths here)."""
    return "/" + quote(path, safe="/").lstrip("/")


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


class _Gone(Exception):
    """The client disconnected before its request's body had arrived."""


class Guard:
    """ASGI middleware: token, cross-site, header and body checks (see the module text).

    :param app: the application behind the guard.
    :param token: the session's secret token.
    :param max_body: the largest request body accepted, in bytes.
    :param body_timeout: the seconds a request body may take to arrive whole.
    :param lang: the language of a refusal when the browser names none the app speaks.
    """

    def __init__(self, app: ASGIApp, token: str, max_body: int = MAX_BODY,
                 body_timeout: float = BODY_TIMEOUT, lang: str = "en") -> None:
        if not token:
            raise ValueError("the app needs a token")
        self.app = app
        self.token = token
        self.max_body = max_body
        self.body_timeout = body_timeout
        self.lang = lang
        self.cookie = cookie_name(token)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self.app(scope, receive, send)
            return
        if scope["type"] != "http":  # no websockets here
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 1008})
            return
        raw_headers = scope.get("headers", [])
        target = scope.get("raw_path") or scope.get("path", "").encode("utf-8", "replace")
        total, longest = head_size(target + scope.get("query_string", b""), raw_headers)
        if total > MAX_HEAD or longest > MAX_HEADER:
            await _plain(send, 431, "Request Header Fields Too Large", _CLOSE)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in raw_headers}
        cookies = "; ".join(v.decode("latin-1") for k, v in raw_headers
                            if k.lower() == b"cookie")
        query = parse_qsl(scope.get("query_string", b"").decode("latin-1"),
                          keep_blank_values=True)
        from_query = next((v for k, v in query if k == "token"), None)
        auth = headers.get("authorization", "")
        from_header = auth[7:].strip() if auth[:7].lower() == "bearer " else None
        from_cookie = cookie_value(cookies, self.cookie)
        by_request = same_secret(from_header, self.token) or same_secret(from_query, self.token)
        if not (by_request or same_secret(from_cookie, self.token)):
            await self._refuse(send, "token", headers, cookies)
            return
        method = scope.get("method", "GET").upper()
        if method in _UNSAFE and not by_request and not self._same_origin(headers, scope):
            await self._refuse(send, "site", headers, cookies)
            return
        length = headers.get("content-length")
        if length is not None and (not (length.isascii() and length.isdigit())
                                   or len(length) > 12 or int(length) > self.max_body):
            await _plain(send, 413, "Request body too large", _CLOSE)
            return
        if method == "GET" and from_query is not None and "text/html" in headers.get("accept", ""):
            # a browser opening the printed URL: keep the token in a cookie, drop it from
            # the address
            rest = urlencode([(k, v) for k, v in query if k != "token"])
            location = own_path(scope.get("path", "/")) + (f"?{rest}" if rest else "")
            await _plain(send, 303, "See Other", [
                (b"location", location.encode("latin-1", "replace")),
                (b"set-cookie", token_cookie(self.token).encode())])
            return
        try:
            body = await self._body(receive)
        except asyncio.TimeoutError:
            await _plain(send, 408, "Request Timeout", _CLOSE)
            return
        except _Gone:  # the client went away in the middle of its body: nothing to do
            return
        if body is None:
            await _plain(send, 413, "Request body too large", _CLOSE)
            return
        scope.setdefault("state", {})["csrf"] = csrf_value(self.token)
        scope["state"]["by_request"] = by_request
        await self.app(scope, self._replay(body, receive), self._headers(send))

    async def _refuse(self, send: Send, reason: str, headers: dict[str, str],
                      cookies: str) -> None:
        """``403 Forbidden``; to a browser, the page that says what to do, in the
        language the app last showed it (its cookie), else the one it asks for."""
        if "text/html" not in headers.get("accept", ""):
            await _plain(send, 403, "Forbidden", _CLOSE)
            return
        chosen = cookie_value(cookies, LANG_COOKIE)
        if chosen not in LANGUAGES:
            asked = [part.split(";")[0].strip().lower()[:2]
                     for part in headers.get("accept-language", "").split(",")]
            chosen = next((code for code in asked if code in LANGUAGES), self.lang)
        await _plain(send, 403, refusal_page(reason, chosen), _CLOSE, kind=b"text/html")

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
        """The whole request body, or None when it is larger than allowed.

        :raises asyncio.TimeoutError: it has not arrived whole within ``body_timeout``.
        :raises _Gone: the client disconnected before it had sent it all.
        """
        chunks: list[bytes] = []
        size = 0
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.body_timeout
        while True:
            message = await asyncio.wait_for(receive(), max(0.0, deadline - loop.time()))
            if message["type"] != "http.request":
                raise _Gone
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
