"""The real server's bounds (td_plugin.serve.server, the guard): no request stalls the
others, no connection is held beyond its timeouts, no redirect leaves the app. Each test
runs uvicorn as ``td-plugin serve`` configures it, with short timeouts where it waits
for one. Costs are compared with a baseline request in CPU time (which other processes
do not stretch), waits bounded from below only (a timer cannot fire early)."""

from __future__ import annotations

import importlib.util
import select
import socket
import time
from pathlib import Path

import pytest

from td_plugin.host.manager import PluginHost
from td_plugin.serve import guard, server
from td_plugin.serve.app import AppConfig, create_app
from td_plugin.serve.guard import MAX_HEAD, MAX_HEADER, cookie_name
from td_plugin.serve.server import MAX_HEAD_ON_WIRE
from tests.serve.conftest import TOKEN
from tests.serve.live_server import closed_by_server, connect, live_server, read_response, request

HEAD_TIMEOUT = 0.5
BODY_TIMEOUT = 0.5


@pytest.fixture
def app(log):
    return create_app(AppConfig(log=log, host=PluginHost(load_entrypoints=False), token=TOKEN,
                                body_timeout=BODY_TIMEOUT))


#: uvicorn's HTTP protocols the server may run on (httptools only when installed: uvicorn
#: takes it then)
PROTOCOLS = ["h11", *(["httptools"] if importlib.util.find_spec("httptools") else [])]


@pytest.fixture(params=PROTOCOLS)
def http(request):
    return request.param


@pytest.fixture
def port(app, http):
    with live_server(app, http=http, head_timeout=HEAD_TIMEOUT, keep_alive_timeout=1) as port:
        yield port


def _get(path: str, *headers: str) -> bytes:
    return "\r\n".join([f"GET {path} HTTP/1.1", "Host: 127.0.0.1", *headers, "", ""]).encode()


VALID = _get("/api/rulings", f"Authorization: Bearer {TOKEN}")
#: a post whose body is still to come
SLOW_POST = (b"POST /api/rulings HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n"
             + f"Authorization: Bearer {TOKEN}\r\n\r\n".encode())


def _timed(port: int, raw: bytes) -> tuple[int, float]:
    """The answer's status and the CPU seconds it cost this process (server and client)."""
    start = time.process_time()
    status, _, _ = request(port, raw)
    return status, time.process_time() - start


def _trickle_until_closed(s: socket.socket, data: bytes, every: float = 0.05,
                          give_up: float = 20.0) -> tuple[float, bytes]:
    """Send ``data`` one byte at a time, ``every`` seconds, until the server closes the
    connection: the seconds it took and what the server said meanwhile."""
    start = time.monotonic()
    said = b""
    i = 0
    while time.monotonic() - start < give_up:
        try:
            s.send(data[i % len(data):i % len(data) + 1])
        except OSError:
            return time.monotonic() - start, said
        i += 1
        if select.select([s], [], [], every)[0]:
            try:
                chunk = s.recv(65536)
            except ConnectionResetError:
                chunk = b""
            if not chunk:
                return time.monotonic() - start, said
            said += chunk
    raise AssertionError(f"the connection was still open after {give_up} s")


# --- point: one request stalls no one ------------------------------------------------

def test_a_cookie_of_backslashes_stalls_no_one(port):
    """A 60 KB cookie of backslashes took the standard library's cookie parser 20 s on
    the event loop, and every other request waited. It is refused before it is parsed,
    one just under the bound is read in a pass, and a valid request sent meanwhile is
    answered as fast as alone."""
    def cookie(char: str, size: int) -> bytes:
        return _get("/api/rulings", f'Cookie: x="{char * size}"')

    over, under = 60 * 1024, MAX_HEADER - 100
    assert request(port, cookie("\\", over))[0] == 431
    assert request(port, cookie("\\", under))[0] == 403
    ours_after = cookie("\\", under).replace(b'"\r\n', f'"; {cookie_name(TOKEN)}={TOKEN}\r\n'.encode())
    assert request(port, ours_after)[0] == 200
    for size in (over, under):
        plain = min(_timed(port, cookie("a", size))[1] for _ in range(3))
        backslashes = min(_timed(port, cookie("\\", size))[1] for _ in range(3))
        assert backslashes < 20 * plain, (size, backslashes, plain)
    alone = min(_timed(port, VALID)[1] for _ in range(3))
    meanwhile = []
    for _ in range(3):
        with connect(port) as bad, connect(port) as good:
            bad.sendall(cookie("\\", over))
            start = time.process_time()
            good.sendall(VALID)
            assert read_response(good)[0] == 200
            meanwhile.append(time.process_time() - start)
            assert read_response(bad)[0] == 431
    assert min(meanwhile) < 20 * alone, (meanwhile, alone)


def test_a_head_past_its_bound_is_refused_before_it_is_whole(port):
    with connect(port) as s:
        s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nX-Long: " + b"a" * (MAX_HEAD_ON_WIRE + 1))
        status, headers, _ = read_response(s)
        assert status == 431 and headers["connection"] == "close"
        assert closed_by_server(s)


@pytest.mark.parametrize("headers", [
    ["Cookie: " + "a" * (MAX_HEADER + 1)],
    [f"X-{i}: " + "a" * 1000 for i in range(MAX_HEAD // 1000 + 1)]])
def test_a_header_or_headers_past_the_bounds_are_431(port, headers):
    assert request(port, _get("/api/rulings", f"Authorization: Bearer {TOKEN}", *headers))[0] \
        == 431


# --- point: the token login redirects only within the app --------------------------

@pytest.mark.parametrize("target", ["//evil.example/", "/\\evil.example", "/%2F%2Fevil.example",
                                    "/%5Cevil.example", "///evil.example", "/%09/evil.example"])
def test_the_login_redirect_stays_on_the_app(port, target):
    status, headers, _ = request(port, _get(f"{target}?token={TOKEN}", "Accept: text/html"))
    assert status in (303, 400)  # 400: the parser refuses the address outright
    if status == 303:
        location = headers["location"]
        assert location.startswith("/") and location[1:2] not in ("/", "\\"), location


# --- point: idle and slow connections are closed -------------------------------------

def test_an_idle_connection_is_closed_after_the_head_timeout(port):
    with connect(port) as s:
        start = time.monotonic()
        assert closed_by_server(s)
        assert time.monotonic() - start >= HEAD_TIMEOUT * 0.9


def test_a_slowloris_head_is_closed_after_the_head_timeout(port):
    with connect(port) as s:
        s.sendall(b"GET /api/rulings HTTP/1.1\r\nHost: x\r\n")
        took, said = _trickle_until_closed(s, b"X-Slow: a\r\n")
        assert took >= HEAD_TIMEOUT * 0.9 and said == b""


def test_a_slow_next_request_on_a_kept_connection_is_closed(port):
    with connect(port) as s:
        s.sendall(VALID)
        assert read_response(s)[0] == 200
        took, _ = _trickle_until_closed(s, VALID[:-4])
        assert took >= HEAD_TIMEOUT * 0.9


def test_a_kept_connection_idle_after_an_answer_is_closed(port):
    with connect(port) as s:
        s.sendall(VALID)
        assert read_response(s)[0] == 200
        start = time.monotonic()
        assert closed_by_server(s)
        assert time.monotonic() - start >= 0.9  # keep_alive_timeout=1


def test_a_slow_body_is_answered_408_and_closed(port):
    with connect(port) as s:
        s.sendall(SLOW_POST.replace(b"Length: 10", b"Length: 1000"))
        took, said = _trickle_until_closed(s, b" ")
        assert said.startswith(b"HTTP/1.1 408 ") and took >= BODY_TIMEOUT * 0.9


def test_a_body_after_a_refusal_is_not_read(port):
    with connect(port) as s:
        s.sendall(b"POST /api/rulings HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n")
        status, headers, _ = read_response(s)
        assert status == 403 and headers["connection"] == "close"
        assert closed_by_server(s)


@pytest.mark.parametrize("begun", [b"", b"GET / HTTP/1.1\r\n", SLOW_POST])
def test_a_connection_past_the_limit_closes_the_one_waiting_longest(app, http, begun):
    """Three connections held idle, with a slow head, or with a slow body: a phone's
    connection past the limit of three is served, the oldest of the three closed."""
    with live_server(app, http=http, max_connections=3) as port:
        held = []
        for _ in range(3):
            held.append(connect(port))
            if begun:
                held[-1].sendall(begun)
            time.sleep(0.05)  # the server has it before the next
        try:
            with connect(port) as phone:
                phone.sendall(VALID)
                assert read_response(phone)[0] == 200
            assert closed_by_server(held[0])
            if not begun:
                for s in held[1:]:  # the others are still served
                    s.sendall(VALID)
                    assert read_response(s)[0] == 200
        finally:
            for s in held:
                s.close()


def test_a_connection_past_the_limit_of_busy_ones_is_503_and_closed(http):
    import asyncio
    import threading

    release = threading.Event()

    async def busy_app(scope, receive, send):  # holds every request until released
        while not release.is_set():
            await asyncio.sleep(0.01)
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b""})

    with live_server(busy_app, http=http, max_connections=3) as port:
        busy = [connect(port) for _ in range(3)]
        try:
            for s in busy:  # a request each, in the app's hands
                s.sendall(VALID)
            time.sleep(0.2)
            with connect(port) as extra:
                assert read_response(extra)[0] == 503 and closed_by_server(extra)
            release.set()
            for s in busy:
                assert read_response(s)[0] == 200
        finally:
            release.set()
            for s in busy:
                s.close()


def test_the_guarantees_name_the_bounds_in_force():
    text = (Path(__file__).resolve().parents[2] / "docs" / "guarantees.md").read_text(encoding="utf-8")
    section = text.split("## The table app answers every request in time")[1].split("\n## ")[0]
    for said in (f"{guard.MAX_HEADER // 1024} KB a header", f"{guard.MAX_HEAD // 1024} KB in all",
                 f"| {server.MAX_HEAD_ON_WIRE // 1024} KB |", f"{server.HEAD_TIMEOUT:g} s from",
                 f"| {server.KEEP_ALIVE_TIMEOUT:g} s |", f"{guard.MAX_BODY // 1024} KB, arrived "
                 f"whole within {guard.BODY_TIMEOUT:g} s", f"| {server.MAX_CONNECTIONS} |"):
        assert said in section, said


#: uvicorn's event loops the server may run on (uvloop only when installed: the default
#: install brings it where it has wheels, and uvicorn takes it then)
LOOPS = ["asyncio", *(["uvloop"] if importlib.util.find_spec("uvloop") else [])]


@pytest.mark.parametrize("loop", LOOPS)
@pytest.mark.parametrize("http", PROTOCOLS)
def test_a_ruling_is_posted_and_read_back_on_every_parser_and_loop(app, http, loop):
    """The pure-Python path (h11, asyncio's loop) as well as the compiled one."""
    body = b'{"dealer": "N", "calls": ["N 1H", "E 1S", "S 1C"]}'
    with live_server(app, http=http, loop=loop) as port:
        status, _, answer = request(port, (
            "POST /api/rulings HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            f"Authorization: Bearer {TOKEN}\r\nContent-Length: {len(body)}\r\n"
            "Connection: close\r\n\r\n").encode() + body)
        assert status == 201 and b'"id":1' in answer
        status, _, listed = request(port, VALID[:-2] + b"Connection: close\r\n\r\n")
        assert status == 200 and b'"calls":["N 1H","E 1S","S 1C"]' in listed
