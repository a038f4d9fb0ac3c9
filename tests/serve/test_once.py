"""A form post that makes a ruling is done once (`td_plugin.serve.once`): Back to the page,
then "Give the ruling" again, or two taps at once, lead to the ruling the first post
made; the log holds one ruling. The same case entered again from a new page is a new
ruling."""

from __future__ import annotations

import asyncio
import html
import re
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx

from td_plugin.cases.log import RulingLog
from td_plugin.serve.once import DoneForms, form_id, new_form_id
from tests.serve.conftest import TOKEN

SAME = {"sec-fetch-site": "same-origin"}


def _run(coroutine: Any) -> Any:
    """Run ``coroutine`` on a loop of its own thread (the browser tests of the same
    session keep a loop in this one)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def _form(text: str) -> dict[str, str]:
    """The hidden fields of a case page's form."""
    return {name: html.unescape(re.search(rf'name="{name}" value="([^"]*)"', text).group(1))
            for name in ("csrf", "draft", "form")}


def _ready_to_rule(client) -> tuple[str, dict[str, str]]:
    """South 1♦ changed to 1NT (Law 25B), tapped on a new case's page: the address of
    the page with "Give the ruling", and its form."""
    client.get(f"/?token={TOKEN}", headers={"accept": "text/html"})
    text = client.get("/new/auction").text
    for action in ("dealer:S", "call:1D", "seat:S", "call:1NT"):
        r = client.post("/new/auction", data={**_form(text), "action": action}, headers=SAME,
                        follow_redirects=False)
        assert r.status_code == 303, r.text
        address = r.headers["location"]
        text = client.get(address).text
    return address, _form(text)


def test_back_then_give_the_ruling_again_leads_to_the_ruling_made(client, log: RulingLog):
    address, form = _ready_to_rule(client)
    assert form_id(form["form"]) and f"form={form['form']}" in address  # kept in the address
    first = client.post("/new/auction", data={**form, "action": "rule"}, headers=SAME,
                        follow_redirects=False)
    assert first.status_code == 303 and first.headers["location"] == "/rulings/1"
    back = _form(client.get(address).text)  # Back: the same page, the same form
    assert back == form
    again = client.post("/new/auction", data={**back, "action": "rule"}, headers=SAME,
                        follow_redirects=False)
    assert again.status_code == 303 and again.headers["location"] == "/rulings/1"
    assert len(log.latest()) == 1 and len(log.history(1)) == 1
    # the same case from a new case's page is a new ruling (another table's, say)
    other = client.post("/new/auction", data={**form, "form": new_form_id(), "action": "rule"},
                        headers=SAME, follow_redirects=False)
    assert other.headers["location"] == "/rulings/2"
    assert len(log.latest()) == 2


def test_an_answer_given_twice_is_one_version(client, log: RulingLog):
    _, form = _ready_to_rule(client)
    client.post("/new/auction", data={**form, "action": "rule"}, headers=SAME)
    page = client.get("/rulings/1").text
    fields = {name: re.search(rf'name="{name}" value="([^"]+)"', page).group(1)
              for name in ("csrf", "form", "version")}
    answer = {**fields, "answer": "0:no"}
    for _ in range(2):  # the same page's button twice (a double tap)
        r = client.post("/rulings/1", data=answer, headers=SAME, follow_redirects=False)
        assert r.status_code == 303 and r.headers["location"] == "/rulings/1"  # no error
    assert len(log.history(1)) == 2
    # the same answer from another phone's page: answered meanwhile, said
    other = client.post("/rulings/1", data={**answer, "form": new_form_id()}, headers=SAME)
    assert "answered meanwhile" in other.text and len(log.history(1)) == 2


def test_two_taps_at_once_make_one_ruling(client, log: RulingLog):
    """Both posts reach the app before either is answered: one ruling, both led to it."""
    _, form = _ready_to_rule(client)
    app = client.app

    async def both() -> list[httpx.Response]:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver",
                                     headers={"Authorization": f"Bearer {TOKEN}"}) as c:
            return await asyncio.gather(*(c.post("/new/auction", data={**form, "action": "rule"})
                                          for _ in range(2)))

    answers = _run(both())
    assert [r.headers["location"] for r in answers] == ["/rulings/1", "/rulings/1"]
    assert len(log.latest()) == 1 and len(log.history(1)) == 1


def test_a_failed_post_leaves_its_key_unused():
    done = DoneForms(keep=2)

    async def run() -> list[int]:
        async def fail() -> int:
            raise KeyError("no such ruling")

        async def make() -> int:
            return 7

        try:
            await done.once("k", fail)
        except KeyError:
            pass
        made = [await done.once("k", make), await done.once("k", fail)]
        for key in ("a", "b"):
            await done.once(key, make)
        return made

    assert _run(run()) == [7, 7]
    assert done.made("k") is None and done.made("b") == 7  # the oldest forgotten
    assert form_id("x" * 16) and not form_id("../" + "x" * 13) and not form_id("short")


def test_a_correction_given_again_after_back_is_one_version(client, log: RulingLog):
    """"Correct this ruling", then "Give the corrected ruling" at once, Back, and the
    same button again: the correction page opened again has the same one-time value,
    so the second post leads to the ruling and makes no third version."""
    _, form = _ready_to_rule(client)
    client.post("/new/auction", data={**form, "action": "rule"}, headers=SAME)
    opened = _form(client.get("/rulings/1/edit").text)
    assert _form(client.get("/rulings/1/edit").text) == opened  # Back: the same page
    for _ in range(2):
        r = client.post("/rulings/1/edit", data={**opened, "action": "rule"}, headers=SAME,
                        follow_redirects=False)
        assert r.headers["location"] == "/rulings/1"
    assert len(log.history(1)) == 2
    assert _form(client.get("/rulings/1/edit").text)["form"] != opened["form"]  # version 2's
