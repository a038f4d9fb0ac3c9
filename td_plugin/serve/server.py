"""The server the table app runs on: uvicorn, with bounds on what a connection may hold.

A phone on a club's Wi-Fi should get its answer whatever another client does, so no
connection keeps the server's sockets, memory or time beyond these bounds:

- **The request head in time.** A connection must deliver a request's address and
  headers within `HEAD_TIMEOUT` seconds of opening, or of the first byte of its next
  request; else it is closed. (uvicorn closes only a connection idle after an answer,
  after `KEEP_ALIVE_TIMEOUT`; one that never sends a whole head it keeps forever.)
- **The request head in size.** More than `MAX_HEAD_ON_WIRE` bytes without the head's
  end is refused with ``431`` and the connection closed, before the parser holds more
  (`td_plugin.serve.guard` refuses a head over `td_plugin.serve.guard.MAX_HEAD` or a
  header over `td_plugin.serve.guard.MAX_HEADER` exactly).
- **An answer before the body has arrived ends the connection**, so a body trickling in
  after a refusal is not read at leisure. The body itself must arrive within
  `td_plugin.serve.guard.BODY_TIMEOUT` (the guard).
- **At most `MAX_CONNECTIONS` connections** at once. One more closes the connection
  that has waited longest for its client (idle, a slow head, a slow body); when every
  connection has a request in the app's hands, the new one is answered ``503`` and
  closed. So idle and slow sockets never lock a phone out; uvicorn's
  ``limit_concurrency`` bounds the requests in progress too.

The bounds hold on either of uvicorn's HTTP parsers, httptools (installed by default)
or h11, whichever uvicorn takes. `server_config` builds the uvicorn configuration
``td-plugin serve`` runs; tests give it shorter timeouts.
"""

from __future__ import annotations

import asyncio
import itertools
from typing import Any, cast

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from td_plugin.serve.guard import MAX_HEAD

__all__ = ["server_config", "Bounds", "HEAD_TIMEOUT", "KEEP_ALIVE_TIMEOUT",
           "MAX_CONNECTIONS", "MAX_HEAD_ON_WIRE"]

#: Seconds a connection has to deliver a request's head (address and headers).
HEAD_TIMEOUT = 10.0
#: Seconds a connection may stay idle after an answer (uvicorn's ``timeout_keep_alive``).
KEEP_ALIVE_TIMEOUT = 5
#: Connections served at once: a Director's phone or two open a few each.
MAX_CONNECTIONS = 100
#: Bytes of a request head as sent (request line, names, values, separators) read before
#: its end; twice `td_plugin.serve.guard.MAX_HEAD` leaves room for the separators.
MAX_HEAD_ON_WIRE = 2 * MAX_HEAD


#: the order in which connections began to wait for their clients (a head, a body): the
#: loop's clock may give several the same time
_WAITING_ORDER = itertools.count()


def _answer(status: bytes, text: bytes) -> bytes:
    return (b"HTTP/1.1 " + status + b"\r\ncontent-type: text/plain; charset=utf-8\r\n"
            b"content-length: " + str(len(text)).encode() + b"\r\nconnection: close\r\n\r\n"
            + text)


class Bounds(asyncio.Protocol):
    """The bounds of the module text, mixed into uvicorn's HTTP protocol (httptools' or
    h11's, whichever uvicorn would take); `server_config` makes the class."""

    # what the protocol it is mixed into has
    cycle: Any
    transport: Any
    loop: asyncio.AbstractEventLoop
    connections: set[Any]
    #: the bounds (`server_config` sets them)
    head_timeout: float = HEAD_TIMEOUT
    max_connections: int = MAX_CONNECTIONS

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        self._head_bytes = 0
        self._head_timer: asyncio.TimerHandle | None = None
        self._waiting_since = next(_WAITING_ORDER)
        if len(self.connections) > self.max_connections and not self._evict_one():
            self.transport.write(_answer(b"503 Service Unavailable", b"Service Unavailable"))
            self.transport.close()
            return
        self._arm_head_timer()

    def _evict_one(self) -> bool:
        """Close the connection that has waited longest for its client (a request head or
        the rest of a body); False when every other one has a request in the app's hands."""
        waiting = [c for c in self.connections if c is not self and isinstance(c, Bounds)
                   and c._waiting_for_client() and not c.transport.is_closing()]
        if not waiting:
            return False
        oldest = min(waiting, key=lambda c: c._waiting_since)
        oldest.transport.close()
        self.connections.discard(oldest)  # gone now, not when the close completes
        return True

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm_head_timer()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        waiting = self._waiting_for_head()
        if waiting:
            self._head_bytes += len(data)
        super().data_received(data)
        if not self._waiting_for_head():
            if waiting:  # a head arrived whole: now its body, if one is to come
                self._waiting_since = next(_WAITING_ORDER)
            self._head_bytes = 0
            self._disarm_head_timer()
        elif self._head_bytes > MAX_HEAD_ON_WIRE and not self.transport.is_closing():
            self.transport.write(_answer(b"431 Request Header Fields Too Large",
                                         b"Request Header Fields Too Large"))
            self.transport.close()
        elif self._head_timer is None:  # the first bytes of a next request
            self._arm_head_timer()

    def on_response_complete(self) -> None:
        self._waiting_since = next(_WAITING_ORDER)
        super().on_response_complete()  # type: ignore[misc]
        if self.cycle.more_body and not self.transport.is_closing():
            self.transport.close()  # answered before the body arrived: read no more of it

    def _waiting_for_head(self) -> bool:
        """No request of this connection has a whole head and an unfinished answer."""
        return self.cycle is None or self.cycle.response_complete

    def _waiting_for_client(self) -> bool:
        """Waiting for a request head, or for the rest of a request's body."""
        return self._waiting_for_head() or self.cycle.more_body

    def _arm_head_timer(self) -> None:
        self._disarm_head_timer()
        self._head_timer = self.loop.call_later(self.head_timeout, self._head_too_slow)

    def _disarm_head_timer(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_too_slow(self) -> None:
        self._head_timer = None
        if self._waiting_for_head() and not self.transport.is_closing():
            self.transport.close()


def _protocol(http: str) -> type[asyncio.Protocol]:
    """uvicorn's HTTP protocol: ``h11``, ``httptools``, or ``auto`` (httptools when it is
    installed, as uvicorn takes it)."""
    if http == "h11":
        return H11Protocol
    try:
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
    except ImportError:
        if http == "httptools":
            raise
        return H11Protocol
    return HttpToolsProtocol


def server_config(app: Any, *, http: str = "auto", loop: str = "auto",
                  head_timeout: float = HEAD_TIMEOUT,
                  keep_alive_timeout: int = KEEP_ALIVE_TIMEOUT,
                  max_connections: int = MAX_CONNECTIONS) -> uvicorn.Config:
    """The uvicorn configuration of the table app ``app``: the bounds of the module text
    on uvicorn's ``http`` protocol and its event ``loop`` (``auto``: uvloop when it is
    installed, as uvicorn takes it; ``asyncio``: the standard library's), no request
    log (the token is in the printed URL), no server header."""
    protocol = cast("type[asyncio.Protocol]", type("BoundedProtocol", (Bounds, _protocol(http)), {
        "head_timeout": head_timeout, "max_connections": max_connections}))
    return uvicorn.Config(
        app, http=protocol, loop=loop, log_level="warning", access_log=False, lifespan="off",
        server_header=False, date_header=False, timeout_graceful_shutdown=2,
        timeout_keep_alive=keep_alive_timeout,
        # the requests in progress, counted with the connections (the one asking among
        # them): no fewer than the connections allowed
        limit_concurrency=max_connections + 1,
        # h11's own bound on a head, past ours: ours answers first
        h11_max_incomplete_event_size=2 * MAX_HEAD_ON_WIRE)
