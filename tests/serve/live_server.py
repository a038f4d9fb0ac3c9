"""The table app on the real server (uvicorn, configured as ``td-plugin serve`` runs it),
in a thread on a free loopback port, and raw HTTP over a socket to talk to it."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import uvicorn

from td_plugin.serve.server import server_config


@contextmanager
def live_server(app: Any, **bounds: Any) -> Iterator[int]:
    """Serve ``app`` until the block ends; gives the port. ``bounds`` go to
    `server_config` (shorter timeouts for a test)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    sock.listen(128)
    server = uvicorn.Server(server_config(app, **bounds))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 30
        while not server.started:
            assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
            time.sleep(0.01)
        yield sock.getsockname()[1]
    finally:
        server.should_exit = True
        thread.join(30)
        sock.close()


def connect(port: int, timeout: float = 30.0) -> socket.socket:
    """A connection to the server; a read waits at most ``timeout`` seconds (a test's
    guard against hanging, not a bound it asserts)."""
    s = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return s


def read_response(s: socket.socket) -> tuple[int, dict[str, str], bytes]:
    """One response from ``s``: status, headers (lower-case names), body."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = s.recv(65536)
        if not chunk:
            raise ConnectionError(f"closed before a whole answer: {data!r}")
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    length = int(headers.get("content-length", "0"))
    while len(body) < length:
        chunk = s.recv(65536)
        if not chunk:
            break
        body += chunk
    return int(lines[0].split()[1]), headers, body


def request(port: int, raw: bytes) -> tuple[int, dict[str, str], bytes]:
    """Send ``raw`` on a new connection; its answer."""
    with connect(port) as s:
        s.sendall(raw)
        return read_response(s)


def closed_by_server(s: socket.socket) -> bool:
    """Whether the server has closed ``s`` (waits for it, up to the socket's timeout):
    what is left to read is read, then the end of the stream."""
    try:
        while s.recv(65536):
            pass
    except (ConnectionResetError, BrokenPipeError):
        return True
    except TimeoutError:
        return False
    return True
