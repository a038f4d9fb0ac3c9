"""The guard in front of every route: the token, cross-site posts, body size, headers."""

from __future__ import annotations

import re

import pytest

from tests.serve.conftest import TOKEN

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


@pytest.mark.parametrize("method,path", ROUTES)
@pytest.mark.parametrize("credentials", [
    {}, {"headers": {"Authorization": "Bearer wrong"}}, {"params": {"token": "wrong"}},
    {"cookies": {"td_token": "wrong"}}, {"headers": {"Authorization": f"Basic {TOKEN}"}},
    {"params": {"token": TOKEN[:-1]}}])
def test_no_or_wrong_token_is_403_and_says_nothing(client, method, path, credentials):
    cookies = credentials.get("cookies")
    if cookies:
        client.cookies.set("td_token", cookies["td_token"])
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
    assert client.post("/new/auction", data=form, headers=same).status_code == 200
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
