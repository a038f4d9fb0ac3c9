"""The guard in front of every route: the token, cross-site posts, body size, headers."""

from __future__ import annotations

import asyncio
import datetime
import os
import re
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from td_plugin.cases.log import RulingLog
from td_plugin.host.manager import PluginHost
from td_plugin.serve.app import AppConfig, create_app
from td_plugin.serve.guard import (
    MAX_HEAD,
    MAX_HEADER,
    TokenFileError,
    cookie_max_age,
    cookie_name,
    cookie_value,
    kept_token,
)
from tests.serve.conftest import TOKEN, TestClient

#: every route of the app, with a method it answers
ROUTES = [("GET", "/"), ("POST", "/session/write"), ("GET", "/lang/da"),
          ("GET", "/regulation/wbf"), ("GET", "/new/auction"), ("POST", "/new/auction"),
          ("GET", "/rulings/1"), ("POST", "/rulings/1"), ("GET", "/rulings/1/edit"),
          ("POST", "/rulings/1/edit"), ("GET", "/api/rulings"), ("POST", "/api/rulings"),
          ("GET", "/api/rulings/1"), ("POST", "/api/rulings/1"), ("GET", "/static/app.css"),
          ("GET", "/no/such/page")]


def test_the_list_covers_every_route(client):
    app = client.app.app
    declared = {(m, r.path.replace("{id:int}", "1").replace("{kind}", "auction")
                 .replace("{code}", "da").replace("{name}", "wbf"))
                for r in app.routes if hasattr(r, "methods")
                for m in r.methods if m != "HEAD"}
    assert declared <= set(ROUTES)


@pytest.mark.parametrize("lang,cookie,says", [
    ("en", None, "Scan the QR code the server shows on the computer again"),
    ("da", None, "Scan QR-koden på computerens skærm igen"),
    ("en", "da", "Scan QR-koden på computerens skærm igen")])
def test_a_browser_without_the_token_is_told_what_to_do(client, lang, cookie, says):
    """A phone whose token the server no longer knows (a new token) gets a page that
    says what to do, in its language (the one it chose, else the one it asks for), and
    nothing of what the app holds."""
    cookies = f"{cookie_name(TOKEN)}=old-token" + (f"; td_lang={cookie}" if cookie else "")
    r = client.get("/", headers={"accept": "text/html", "accept-language": f"{lang},en;q=0.5",
                                 "cookie": cookies})
    assert r.status_code == 403 and r.headers["content-type"].startswith("text/html")
    assert says in r.text
    assert "<a " not in r.text and "<form" not in r.text and "rulings" not in r.text.lower()


def test_a_form_without_its_check_value_is_told_what_to_do(client):
    client.get(f"/?token={TOKEN}", headers={"accept": "text/html"})
    form = dict(_page_form(client), csrf="from-another-page")
    r = client.post("/new/auction", data=form, headers={"sec-fetch-site": "same-origin"})
    assert r.status_code == 403 and "Reload the page and tap again" in r.text


def test_kept_token_is_kept_beside_the_log_for_its_owner_alone(tmp_path):
    log = tmp_path / "club.td-rulings.sqlite"
    first, kept = kept_token(log)
    assert not kept and len(first) >= 20
    path = tmp_path / "club.td-rulings.sqlite.token"
    assert path.stat().st_mode & 0o777 == 0o600
    assert kept_token(log) == (first, True)  # a restart: the same token
    path.chmod(0o644)
    assert kept_token(log) == (first, True) and path.stat().st_mode & 0o777 == 0o600
    renewed, kept = kept_token(log, renew=True)  # --new-token
    assert not kept and renewed != first and kept_token(log) == (renewed, True)
    assert kept_token(log, given="typed-token") == ("typed-token", False)
    assert kept_token(log) == ("typed-token", True)
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]


def test_every_form_post_answers_with_a_redirect(client):
    """Post/Redirect/Get: a tap answers 303 to a page of the draft that can be reloaded
    and gone back to; a tap that cannot be done too, with the reason on that page."""
    client.get(f"/?token={TOKEN}", headers={"accept": "text/html"})
    same = {"sec-fetch-site": "same-origin"}
    r = client.post("/new/auction", data=_page_form(client), headers=same,
                    follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].startswith("/new/auction?draft=")
    shown = client.get(r.headers["location"])
    assert shown.status_code == 200 and "North" in shown.text
    again = client.get(r.headers["location"])
    assert again.text == shown.text  # a reload shows the same page
    bad = dict(_page_form(client), action="call:9Z")
    r = client.post("/new/auction", data=bad, headers=same, follow_redirects=False)
    assert r.status_code == 303 and "error=" in r.headers["location"]
    assert "This tap does not fit the page any more" in client.get(r.headers["location"]).text
    posted = client.post("/api/rulings", json={"dealer": "S", "calls": ["S 1D", "S 1NT"]},
                         headers={"Authorization": f"Bearer {TOKEN}"}).json()
    ruling = f"/rulings/{posted['id']}"  # West to decide whether he accepts 1NT (25B1)
    answer = {"csrf": _page_form(client)["csrf"], "version": "2", "answer": "0:yes"}
    r = client.post(ruling, data=answer, headers=same, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].startswith(f"{ruling}?error=")
    assert "answered meanwhile" in client.get(r.headers["location"]).text
    assert len(client.get(f"/api{ruling}").json()["versions"]) == 1  # not answered again
    r = client.post("/session/write", data={"csrf": _page_form(client)["csrf"]},
                    headers=same, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].startswith("/?error=")


@pytest.mark.parametrize("method,path", ROUTES)
@pytest.mark.parametrize("credentials", [
    {}, {"headers": {"Authorization": "Bearer wrong"}}, {"params": {"token": "wrong"}},
    {"cookies": {"td_token": "wrong"}}, {"headers": {"Authorization": f"Basic {TOKEN}"}},
    {"params": {"token": TOKEN[:-1]}}])
def test_no_or_wrong_token_is_403_and_says_nothing(client, method, path, credentials):
    cookies = credentials.get("cookies")
    if cookies:
        client.cookies.set(cookie_name(TOKEN), cookies["td_token"])
    r = client.request(method, path, headers=credentials.get("headers"),
                       params=credentials.get("params"), json={"dealer": "N", "calls": []})
    client.cookies.clear()
    assert r.status_code == 403
    assert r.text == "Forbidden"


def test_the_printed_url_sets_a_cookie_and_drops_the_token_from_the_address(client):
    r = client.get(f"/?token={TOKEN}", headers={"accept": "text/html"},
                   follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/"
    cookie = r.headers["set-cookie"]
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
    assert client.get("/").status_code == 200  # the cookie is enough now


def test_two_sessions_on_one_computer_keep_their_phones_apart(log, tmp_path):
    """Browsers keep cookies per host, not per port: a phone that opened two sessions
    served from one laptop sends both cookies to each. Each session's cookie has its own
    name, so opening the second does not log the phone out of the first."""
    other_token = "another-session-token-98765"
    with RulingLog(tmp_path / "other.sqlite") as other_log:
        first = create_app(AppConfig(log=log, host=PluginHost(load_entrypoints=False),
                                     token=TOKEN))
        second = create_app(AppConfig(log=other_log, host=PluginHost(load_entrypoints=False),
                                      token=other_token))
        with TestClient(first, base_url="http://laptop") as a, \
                TestClient(second, base_url="http://laptop") as b:
            jar = {}
            for c, token in ((a, TOKEN), (b, other_token)):
                r = c.get(f"/?token={token}", headers={"accept": "text/html"},
                          follow_redirects=False)
                name, _, rest = r.headers["set-cookie"].partition("=")
                jar[name] = rest.partition(";")[0]
            assert len(jar) == 2  # one name each
            both = "; ".join(f"{k}={v}" for k, v in jar.items())
            for c in (a, b):
                c.cookies.clear()
                assert c.get("/", headers={"cookie": both}).status_code == 200


def test_the_cookie_lasts_the_session_day_and_its_evening(client):
    """Closing the phone's browser during the session needs no new scan: the cookie has
    an expiry (not a browser-session cookie), until 06:00 after the day it was set."""
    r = client.get(f"/?token={TOKEN}", headers={"accept": "text/html"},
                   follow_redirects=False)
    cookie = r.headers["set-cookie"]
    assert cookie.startswith(f"{cookie_name(TOKEN)}={TOKEN};")
    age = int(cookie.partition("Max-Age=")[2].partition(";")[0])
    assert 6 * 3600 <= age <= 30 * 3600
    evening = datetime.datetime(2026, 12, 3, 19, 0)
    assert cookie_max_age(evening) == 11 * 3600
    assert cookie_max_age(datetime.datetime(2026, 12, 3, 23, 59)) == 6 * 3600 + 60
    assert cookie_name(TOKEN) != cookie_name(TOKEN + "x")
    assert TOKEN not in cookie_name(TOKEN)


def _page_form(client, path="/new/auction"):
    page = client.get(path).text
    csrf = re.search(r'name="csrf" value="([^"]+)"', page).group(1)
    draft = re.search(r'name="draft" value="([^"]+)"', page).group(1)
    import html
    return {"csrf": csrf, "draft": html.unescape(draft), "action": "call:1H"}


@pytest.mark.parametrize("headers", [
    {"sec-fetch-site": "cross-site"}, {"sec-fetch-site": "same-site"},
    {"origin": "http://evil.example"}, {}])
def test_cross_site_posts_are_refused(client, headers):
    client.get(f"/?token={TOKEN}", headers={"accept": "text/html"})
    form = _page_form(client)
    r = client.post("/new/auction", data=form, headers=headers)
    assert r.status_code == 403


def test_a_post_from_the_page_itself_passes_and_needs_its_check_value(client):
    client.get(f"/?token={TOKEN}", headers={"accept": "text/html"})
    form = _page_form(client)
    same = {"sec-fetch-site": "same-origin", "origin": "http://testserver"}
    assert client.post("/new/auction", data=form, headers=same,
                       follow_redirects=False).status_code == 303
    assert client.post("/new/auction", data=dict(form, csrf="forged"),
                       headers=same).status_code == 403
    without = {k: v for k, v in form.items() if k != "csrf"}
    assert client.post("/new/auction", data=without, headers=same).status_code == 403


@pytest.mark.parametrize("size", [10 * 1024 * 1024, 300 * 1024])
def test_a_large_body_is_refused(client, auth, size):
    r = client.post("/api/rulings", content=b"{" + b" " * size + b"}", headers=auth)
    assert r.status_code == 413


def test_a_large_body_without_a_length_is_refused(client, auth):
    def chunks():
        for _ in range(40):
            yield b" " * (16 * 1024)

    r = client.post("/api/rulings", content=chunks(), headers=auth)
    assert r.status_code == 413


def test_every_answer_forbids_scripts_framing_and_caching(client, auth):
    for r in (client.get("/", headers=auth), client.get("/api/rulings", headers=auth),
              client.get("/nope")):
        csp = r.headers["content-security-policy"]
        assert "default-src 'none'" in csp and "script-src" not in csp
        assert r.headers["x-frame-options"] == "DENY"
        assert r.headers["cache-control"] == "no-store"


# --- headers: bounded, and only the app's cookie read ---------------------------------

def test_a_header_or_a_head_past_its_bound_is_431_before_the_token_is_looked_at(client):
    assert client.get("/", headers={"x-long": "a" * MAX_HEADER}).status_code == 431
    many = {f"x-{i}": "a" * 1000 for i in range(MAX_HEAD // 1000 + 1)}
    assert client.get("/", headers=many).status_code == 431
    assert client.get("/", headers={"x-long": "a" * (MAX_HEADER - 100)}).status_code == 403


def test_only_the_apps_cookie_is_read(client):
    hostile = '"' + "\\" * 6000 + '"'
    ours = cookie_name(TOKEN)
    for header in (f"x={hostile}; {ours}={TOKEN}", f"{ours}={TOKEN}; x={hostile}",
                   f'a=1;{ours}="{TOKEN}"', f"{ours}=wrong; {ours}={TOKEN}"):
        assert client.get("/api/rulings", headers={"cookie": header}).status_code == 200, header
    for header in (f"x={hostile}", f"x{ours}={TOKEN}", f"{ours}={TOKEN}x", ours,
                   f"{ours}={TOKEN}; {ours}=wrong", f"td_token={TOKEN}"):
        assert client.get("/api/rulings", headers={"cookie": header}).status_code == 403, header


@pytest.mark.parametrize("char", ["\\", '"', ";", "=", " ", ";td_token=", '="\\'])
def test_the_cookie_is_read_in_linear_time(char):
    """Four times the header takes about four times as long, not sixteen (the standard
    library's parser is quadratic in a quoted run of backslashes); CPU time, which other
    processes do not stretch."""
    def seconds(size: int) -> float:
        header = "x=" + char * (size // len(char)) + "; td_token=t"
        best = float("inf")
        for _ in range(3):
            start = time.process_time()
            assert cookie_value(header, "td_token") in ("t", "")
            best = min(best, time.process_time() - start)
        return best

    small, large = seconds(256 * 1024), seconds(1024 * 1024)
    assert large < 10 * small, (small, large)


# --- the printed URL's redirect stays on the app ------------------------------------

def _run(coroutine) -> None:
    """Run ``coroutine`` on a loop of its own (in a thread: the browser tests' driver
    keeps a loop running in this one)."""
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, coroutine).result()


def _asgi_get(app, path: str, raw_path: bytes, query: bytes) -> tuple[int, dict[bytes, bytes]]:
    """The app's answer to a GET as the server passes it (``path`` decoded)."""
    sent = []

    async def receive():
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message):
        sent.append(message)

    scope = {"type": "http", "method": "GET", "path": path, "raw_path": raw_path,
             "query_string": query, "headers": [(b"accept", b"text/html"), (b"host", b"x")],
             "scheme": "http"}
    _run(app(scope, receive, send))
    return sent[0]["status"], dict(sent[0]["headers"])


@pytest.mark.parametrize("path,raw", [
    ("//evil.example/", b"//evil.example/"), ("/\\evil.example", b"/\\evil.example"),
    ("//evil.example", b"/%2F%2Fevil.example"), ("/\\/evil.example", b"/%5C/evil.example"),
    ("/\t/evil.example", b"/%09/evil.example"), ("/ /evil.example", b"/%20/evil.example"),
    ("////evil.example", b"////evil.example")])
def test_the_login_redirect_goes_to_a_path_of_the_app(client, path, raw):
    status, headers = _asgi_get(client.app, path, raw, f"token={TOKEN}&lang=da".encode())
    location = headers[b"location"].decode()
    assert status == 303 and b"set-cookie" in headers
    assert location.startswith("/") and location[1:2] not in ("/", "\\"), location
    assert not any(c in location for c in "\\\t\r\n "), location
    assert location.endswith("?lang=da")


def test_the_login_redirect_keeps_the_path(client):
    status, headers = _asgi_get(client.app, "/rulings/3", b"/rulings/3",
                                f"token={TOKEN}".encode())
    assert status == 303 and headers[b"location"] == b"/rulings/3"


def test_the_pages_read_their_own_cookies_in_one_pass(client, auth):
    """A page reads the language and regulation cookies without unquoting the others
    (Starlette's parser takes 0.5 s on 8 KB of quoted backslashes)."""
    def seconds(char: str) -> float:
        best = float("inf")
        for _ in range(3):
            start = time.process_time()
            r = client.get("/", headers={**auth, "cookie": f'x="{char * 7000}"; td_lang=da'})
            best = min(best, time.process_time() - start)
            assert r.status_code == 200 and '<html lang="da">' in r.text
        return best

    plain, backslashes = seconds("a"), seconds("\\")
    assert backslashes < 10 * plain, (backslashes, plain)


def test_a_client_gone_in_the_middle_of_its_body_is_not_served(client):
    """What came of the body before the client went away is not passed on as if whole."""
    messages = iter([{"type": "http.request", "body": b'{"dealer": "N", "calls": ["E 1H"]}',
                      "more_body": True}, {"type": "http.disconnect"}])
    sent = []

    async def receive():
        return next(messages)

    async def send(message):
        sent.append(message)

    scope = {"type": "http", "method": "POST", "path": "/api/rulings", "raw_path": b"/api/rulings",
             "query_string": b"", "headers": [(b"authorization", f"Bearer {TOKEN}".encode())]}
    _run(client.app(scope, receive, send))
    assert sent == [] and client.app.app.state.config.log.latest() == []


@pytest.mark.parametrize("planted", ["token.new", "token"])
def test_the_token_file_is_never_written_or_read_through_a_link(tmp_path, planted):
    """A link at ``LOG.token.new`` or ``LOG.token`` pointing at the session file: the
    session keeps its bytes and its mode, the token is not the session's bytes, and
    the refusal says what is there."""
    log = tmp_path / "club.td-rulings.sqlite"
    session = tmp_path / "club.bws"
    session.write_bytes(b"Standard Jet DB\x00" + bytes(range(256)))
    session.chmod(0o644)
    before = session.read_bytes()
    (tmp_path / f"club.td-rulings.sqlite.{planted}").symlink_to(session)
    for kwargs in ({}, {"renew": True}, {"given": "typed-token"}):
        with pytest.raises(TokenFileError, match="is a link"):
            kept_token(log, **kwargs)
    assert session.read_bytes() == before and session.stat().st_mode & 0o777 == 0o644


def test_a_token_file_that_is_no_regular_file_of_ours_is_refused(tmp_path):
    log = tmp_path / "club.td-rulings.sqlite"
    path = tmp_path / "club.td-rulings.sqlite.token"
    path.mkdir()
    with pytest.raises(TokenFileError, match="not a regular file"):
        kept_token(log)
    path.rmdir()
    other = tmp_path / "other"
    other.write_text("abc\n")
    os.link(other, path)
    with pytest.raises(TokenFileError, match="hard link"):
        kept_token(log)
    path.unlink()
    (tmp_path / "club.td-rulings.sqlite.token.new").write_text("left by a stopped start")
    token, kept = kept_token(log)  # a leftover of our own is replaced
    assert not kept and path.read_text() == token + "\n"


def test_a_token_file_holding_no_token_is_said_in_a_sentence_exit_2(tmp_path):
    log = tmp_path / "club.td-rulings.sqlite"
    path = tmp_path / "club.td-rulings.sqlite.token"
    path.write_bytes(b"abc\xe9def\n")
    with pytest.raises(TokenFileError, match="not ASCII"):
        kept_token(log)
    done = subprocess.run([sys.executable, "-m", "td_plugin.cli", "serve", "--db", str(log),
                           "--port", "0", "--no-qr"], capture_output=True, text=True,
                          timeout=60, stdin=subprocess.DEVNULL)
    assert done.returncode == 2, done.stderr
    assert "not ASCII" in done.stderr and "Traceback" not in done.stderr
    assert path.read_bytes() == b"abc\xe9def\n"
