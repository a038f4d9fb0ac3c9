"""Ruling ids in the address: whatever number a route is given, an unknown ruling is
``404``, never a ``500`` (SQLite holds integers up to 2**63 - 1 and refuses larger ones)."""

from __future__ import annotations

import json

import pytest

from td_plugin.cases.log import MAX_ID
from td_plugin.serve.draft import Draft

#: ids no ruling can have: past SQLite's integers, just past them, zero
BAD_IDS = ["99999999999999999999999", str(MAX_ID + 1), "0"]
#: every route with an id in its address
ID_ROUTES = [("GET", "/rulings/{}"), ("POST", "/rulings/{}"), ("GET", "/rulings/{}/edit"),
             ("GET", "/api/rulings/{}"), ("POST", "/api/rulings/{}")]
CASE = {"dealer": "N", "calls": ["E 1H"]}  # a call out of rotation: a case that rules


def test_the_list_covers_every_id_route(client):
    declared = {(m, r.path.replace("{id:int}", "{}")) for r in client.app.app.routes
                if "{id" in getattr(r, "path", "") for m in getattr(r, "methods", ())
                if m != "HEAD"}
    assert declared - set(ID_ROUTES) == {("POST", "/rulings/{}/edit")}  # its id is the draft's


@pytest.mark.parametrize("method,route", ID_ROUTES)
@pytest.mark.parametrize("ruling_id", BAD_IDS)
def test_an_id_no_ruling_can_have_is_404(client, auth, method, route, ruling_id):
    client.post("/api/rulings", json=CASE, headers=auth)  # ruling 1 exists
    data = {"json": {"case": CASE, "version": 1}} if route.startswith("/api") else {
        "data": {"answer": "0:yes", "version": "1"}}
    r = client.request(method, route.format(ruling_id), headers=auth,
                       **(data if method == "POST" else {}))
    assert r.status_code == 404
    if route.startswith("/api"):
        assert r.json() == {"error": "no such ruling"}


@pytest.mark.parametrize("correcting", [10**23, MAX_ID + 1, 0, -1, 7, "1; DROP TABLE"])
def test_a_draft_correcting_no_ruling_is_404(client, auth, correcting):
    client.post("/api/rulings", json=CASE, headers=auth)
    draft = json.loads(Draft("auction", dict(CASE), correcting=1).dumps())
    draft["correcting"] = correcting
    r = client.post("/rulings/1/edit", headers=auth,
                    data={"draft": json.dumps(draft), "action": "rule"})
    assert r.status_code == 404
    assert [e.version for e in client.app.app.state.config.log.latest()] == [1]


def test_the_largest_id_is_an_unknown_ruling_not_an_error(log):
    assert log.get(MAX_ID) is None and log.history(MAX_ID) == []
    assert log.get(MAX_ID + 1) is None and log.get(1, version=MAX_ID + 1) is None
    with pytest.raises(KeyError):
        log.correct(MAX_ID + 1, CASE, {}, kind="auction", lang="en")


@pytest.mark.parametrize("digits", ["\u00b2", "\u0663", "1\u00b2"])
def test_other_scripts_digits_in_a_form_or_header_are_no_number_not_a_500(client, auth, digits):
    """``"²".isdigit()`` is true and ``int("²")`` an error: a number typed into a page, a
    question's index or a body's length is a whole number of ASCII digits or none."""
    client.post("/api/rulings", json={"dealer": "N", "calls": ["N 1H", "E 1S", "S 1C"]},
                headers=auth)  # an insufficient bid: a question to answer
    draft = Draft("auction", dict(CASE)).dumps()
    for method, path, data in [
            ("POST", "/rulings/1", {"answer": f"{digits}:yes", "version": "1"}),
            ("POST", "/new/auction", {"draft": draft, "action": "place", "board": digits}),
            ("POST", "/new/auction", {"draft": draft, "action": "pick", "result": digits}),
            ("POST", "/new/auction", {"draft": draft, "action": f"call_at:{digits}"})]:
        r = client.request(method, path, headers=auth, data=data)
        assert r.status_code in (200, 303, 400), (path, data, r.status_code)
    for length in (b"\xb2", b"1\xb2"):  # "²" and "1²" as a server decodes the header
        r = client.post("/api/rulings", headers={**auth, "content-length": length},
                        content=b"{}")
        assert r.status_code == 413
