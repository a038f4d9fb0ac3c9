"""The guard in front of every route: the token, cross-site posts, body size, headers."""

from __future__ import annotations

import re

import pytest

from td_plugin.serve.guard import kept_token
from tests.serve.conftest import TOKEN

#: every route of the app, with a method it answers
ROUTES = [("GET", "/"), ("POST", "/session/write"), ("GET", "/lang/da"),
          ("GET", "/regulation/dbf"), ("GET", "/new/auction"), ("POST", "/new/auction"),
          ("GET", "/rulings/1"), ("POST", "/rulings/1"), ("GET", "/rulings/1/edit"),
          ("POST", "/rulings/1/edit"), ("GET", "/api/rulings"), ("POST", "/api/rulings"),
          ("GET", "/api/rulings/1"), ("POST", "/api/rulings/1"), ("GET", "/static/app.css"),
          ("GET", "/no/such/page")]


def test_the_list_covers_every_route(client):
    app = client.app.app
    declared = {(m, r.path.replace("{id:int}", "1").replace("{kind}", "auction")
                 .replace("{code}", "da").replace("{name}", "dbf"))
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
    cookies = "td_token=old-token" + (f"; td_lang={cookie}" if cookie else "")
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
