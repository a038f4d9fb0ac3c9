"""Two phones on one ruling: no lost update. Every save names the version it was made
from; a save from a version that is no longer the latest is refused, with the other
phone's change shown, atomically (the log's check runs in the transaction that would
write it). Driven with real concurrency: threads posting at once to the real server, and
processes writing to one log file."""

from __future__ import annotations

import json
import multiprocessing
import re
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest

from td_plugin.cases.log import RulingLog, StaleVersion
from td_plugin.host.manager import PluginHost
from td_plugin.serve.app import AppConfig, create_app
from td_plugin.serve.draft import Draft
from tests.serve.conftest import TOKEN
from tests.serve.live_server import live_server

#: an insufficient bid (Law 27): a question (accepted by the next player?) to answer
CASE = {"dealer": "N", "calls": ["N 1H", "E 1S", "S 1C"]}
AUTH = {"Authorization": f"Bearer {TOKEN}"}
PHONES = 6


@pytest.fixture
def served(tmp_path):
    with RulingLog(tmp_path / "rulings.sqlite") as log:
        app = create_app(AppConfig(log=log, host=PluginHost(load_entrypoints=False),
                                   token=TOKEN))
        with live_server(app) as port:
            yield log, f"http://127.0.0.1:{port}"


def _at_once(base: str, posts: list[tuple[str, dict]]) -> list[httpx.Response]:
    """Each post from its own phone (connection and thread), released together."""
    start = threading.Barrier(len(posts))

    def post(item: tuple[str, dict]) -> httpx.Response:
        path, form = item
        with httpx.Client(base_url=base, headers=AUTH, timeout=30,
                          follow_redirects=True) as phone:
            phone.get("/")  # connected, the app warm
            start.wait()
            return phone.post(path, data=form)

    with ThreadPoolExecutor(len(posts)) as pool:
        return list(pool.map(post, posts))


def _draft_of_edit_page(base: str, ruling_id: int) -> str:
    """The draft the edit page of a ruling carries (as a phone opening it gets it)."""
    page = httpx.get(f"{base}/rulings/{ruling_id}/edit", headers=AUTH).text
    found = re.search(r'name="draft" value="([^"]*)"', page)
    assert found, "the edit page carries its draft"
    return found.group(1).replace("&#34;", '"').replace("&quot;", '"').replace("&amp;", "&") \
        .replace("&#39;", "'").replace("&lt;", "<").replace("&gt;", ">")


def test_a_correction_from_a_page_opened_before_another_phones_is_refused(served):
    log, base = served
    httpx.post(f"{base}/api/rulings", json=CASE, headers=AUTH).raise_for_status()
    drafts = [Draft.loads(_draft_of_edit_page(base, 1)) for _ in range(PHONES)]
    assert {d.version for d in drafts} == {1}  # every phone opened version 1
    posts = []
    for i, draft in enumerate(drafts):  # each phone's own correction: who is to call
        draft.case["accept"] = i % 2 == 0
        posts.append(("/rulings/1/edit", {"draft": draft.dumps(), "action": "rule"}))
    answers = _at_once(base, posts)
    saved = [a for a in answers if a.url.path == "/rulings/1" and a.status_code == 200]
    refused = [a for a in answers if a.status_code == 400]
    assert len(saved) == 1 and len(refused) == PHONES - 1
    assert [e.version for e in log.history(1)] == [1, 2]  # one correction, the other kept
    for answer in refused:  # the other phone's version shown, and said
        assert "corrected meanwhile (version 2" in answer.text
    kept = log.get(1).case["accept"]
    again = drafts[0]  # a page opened before: refused, the correction kept
    again.case["accept"] = not kept
    r = httpx.post(f"{base}/rulings/1/edit", headers=AUTH, follow_redirects=True,
                   data={"draft": again.dumps(), "action": "rule"})
    assert r.status_code == 400 and log.get(1).case["accept"] is kept


def test_two_answers_to_one_question_at_once_log_one(served):
    log, base = served
    httpx.post(f"{base}/api/rulings", json=CASE, headers=AUTH).raise_for_status()
    assert log.get(1).ruling["status"] == "needs_decision"
    answers = _at_once(base, [("/rulings/1", {"answer": f"0:{'yes' if i % 2 else 'no'}",
                                              "version": "1"}) for i in range(PHONES)])
    assert all(a.status_code in (200, 400) for a in answers)
    assert [e.version for e in log.history(1)] == [1, 2]
    assert sum("answered meanwhile" in a.text for a in answers) == PHONES - 1


def test_the_api_refuses_a_correction_of_a_stale_version_with_the_latest(served):
    log, base = served
    httpx.post(f"{base}/api/rulings", json=CASE, headers=AUTH).raise_for_status()
    bodies = [{"case": dict(CASE, accept=bool(i % 2)), "version": 1} for i in range(PHONES)]
    start = threading.Barrier(PHONES)

    def post(body: dict) -> httpx.Response:
        with httpx.Client(base_url=base, headers=AUTH, timeout=30) as phone:
            start.wait()
            return phone.post("/api/rulings/1", json=body)

    with ThreadPoolExecutor(PHONES) as pool:
        answers = list(pool.map(post, bodies))
    assert sorted(a.status_code for a in answers) == [201] + [409] * (PHONES - 1)
    latest = log.get(1)
    assert all(a.json()["latest"]["case"] == latest.case for a in answers if a.status_code == 409)
    assert httpx.post(f"{base}/api/rulings/1", json={"case": CASE}, headers=AUTH
                      ).status_code == 400  # no version named: not saved either
    assert [e.version for e in log.history(1)] == [1, 2]


def _correct_from_version_1(path: str, accept: bool, start: object, out: object) -> None:
    with RulingLog(path) as log:
        start.wait()  # type: ignore[attr-defined]
        try:
            log.correct(1, dict(CASE, accept=accept), {"status": "ruled"}, kind="auction",
                        lang="en", based_on=1)
            out.put("saved")  # type: ignore[attr-defined]
        except StaleVersion as exc:
            out.put(f"stale {exc.latest.version}")  # type: ignore[attr-defined]


def test_two_servers_on_one_log_never_both_correct_one_version(tmp_path):
    """Processes (two servers on the same file): the check and the write are one
    SQLite transaction, so one correction of version 1 is written."""
    path = str(tmp_path / "rulings.sqlite")
    with RulingLog(path) as log:
        log.add(CASE, {"status": "needs_decision"}, kind="auction", lang="en")
    ctx = multiprocessing.get_context("spawn")
    start, out = ctx.Barrier(3), ctx.Queue()
    procs = [ctx.Process(target=_correct_from_version_1, args=(path, i % 2 == 0, start, out))
             for i in range(3)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
    said = sorted(out.get(timeout=5) for _ in procs)
    assert said == ["saved", "stale 2", "stale 2"]
    assert [e.version for e in RulingLog.read(path)] == [2]
    assert json.loads(json.dumps(RulingLog.read(Path(path))[0].case)) != CASE
