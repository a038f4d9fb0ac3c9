"""A decision answered on the ruling's page lands on the very call it is about (Laws 23A,
27B, 25A6, 29A), and the facts a session gives an auction case are defaults the
auction overrides (Law 26B); a revoke on trick 12 corrected waits for the result of the
tricks played again (62D1). The app driven in-process; the same scenarios are tapped in
Chromium in test_browser_auction."""

from __future__ import annotations

import html
import re

from td_plugin.model.place import Place
from td_plugin.serve.draft import Draft, apply

# North 1H, East 1C (insufficient), not accepted, East passes instead; the auction goes
# on to 3H and East passes again: the same call by the same player, twice.
AGAIN = {"dealer": "N", "calls": [
    {"seat": "N", "call": "1H"}, {"seat": "E", "call": "1C", "accept": False},
    {"seat": "E", "call": "Pass"}, {"seat": "S", "call": "2H"}, {"seat": "W", "call": "Pass"},
    {"seat": "N", "call": "3H"}, {"seat": "E", "call": "Pass"}]}


def _question(page: str, text: str) -> dict[str, str]:
    """The hidden fields of the ruling page's form that asks ``text``."""
    for form in re.findall(r'<form method="post" action="/rulings/\d+" class="question">'
                           r'(.*?)</form>', page, re.S):
        if text in html.unescape(form):
            return dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form))
    raise AssertionError(f"no question {text!r} on the page")


def _answer(client, auth, fields: dict[str, str], value: str, index: int = 0) -> str:
    r = client.post("/rulings/1", headers=auth, data={**fields, "answer": f"{index}:{value}"})
    return r.text


def test_23a_the_answer_lands_on_the_replacement_not_on_a_later_same_call(client, auth) -> None:
    """"Is East's pass comparable with 1♣?" answered No on the ruling's page: stored on
    East's first pass (the replacement), the question goes, 27B2 rules; a second tap
    from the page as it was adds no version."""
    assert client.post("/api/rulings", json=AGAIN, headers=auth).status_code == 201
    page = client.get("/rulings/1", headers=auth).text
    fields = _question(page, "whether East's pass is comparable with East's 1♣")
    assert fields["about"] == "comparable@1,2"
    page = _answer(client, auth, fields, "no")
    log = client.app.app.state.config.log
    entry = log.get(1)
    assert [c.get("comparable") for c in entry.case["calls"]] == \
        [None, None, False, None, None, None, None]
    assert entry.version == 2 and entry.status.value == "ruled"
    assert "27B2" in entry.ruling["laws"] and 'class="question"' not in page
    _answer(client, auth, dict(fields, version="2"), "no")  # the page tapped again
    assert log.get(1).version == 2


def test_23a_an_answer_about_another_call_than_the_open_question_is_refused(client, auth):
    """The form names the call its question is about: an answer posted for a question
    that is no longer the one open at that place changes nothing."""
    client.post("/api/rulings", json=AGAIN, headers=auth)
    fields = _question(client.get("/rulings/1", headers=auth).text, "comparable")
    page = _answer(client, auth, dict(fields, about="comparable@1,6"), "no")
    assert "This question is no longer open" in page
    assert client.app.app.state.config.log.get(1).version == 1


def test_26b_a_changed_declarer_drops_no_answer_of_the_auction() -> None:
    """The declarer decides only Law 26B: a change of it under "More facts" keeps the
    acceptance and the comparable judgement (no 27C text in their place)."""
    draft = Draft("auction", {"dealer": "N", "calls": [dict(c) for c in AGAIN["calls"][:3]]},
                  seat="S")
    draft = apply(draft, "callset:2:comparable=false", {})
    changed = apply(draft, "set:declarer=S", {})
    assert changed.case["calls"][1]["accept"] is False
    assert changed.case["calls"][2]["comparable"] is False
    assert changed.case["declarer"] == "S"
    screens = apply(changed, "set:screens=true", {})  # 25B, 27 read screens: asked again
    assert "accept" not in screens.case["calls"][1]


def test_26b_the_sessions_declarer_is_recorded_as_a_default_not_as_the_directors() -> None:
    """A table's row gives the case ``recorded_declarer``; the Director's own
    ``declarer`` is untouched, and another table's row replaces the recorded one without
    dropping an answer (dealer and vulnerability alike)."""
    facts = {"dealer": "N", "vulnerable": "None", "declarer": "N", "contract": "3NT"}
    draft = Draft.new("auction", facts, Place(1, record=1))
    assert draft.case == {"dealer": "N", "calls": [], "vulnerable": "None",
                          "recorded_declarer": "N"}
    draft = apply(draft, "call:1H", {})
    draft = apply(apply(draft, "call:1C", {}), "callset:1:accept=false", {})
    other = draft.take(dict(facts, declarer="S"), Place(1, record=2))
    assert other.case["recorded_declarer"] == "S" and "declarer" not in other.case
    assert other.case["calls"][1]["accept"] is False
    unplayed = other.take({"dealer": "N", "vulnerable": "None"}, Place(1, record=3))
    assert "recorded_declarer" not in unplayed.case


def test_62d1_the_replayed_result_is_asked_on_the_ruling_page(client, auth) -> None:
    """A revoke on trick 12 corrected before the hands were returned: the page asks for
    declarer's tricks once tricks 12 and 13 are played again, and no result stands
    before; answered, the ruling stands on that result."""
    case = {"kind": "revoke", "contract": "4S", "declarer": "S", "vulnerable": "None",
            "declarer_tricks": 10, "revokes": [{
                "offender": "W", "trick": 12, "suit_led": "H", "card": "C3", "position": 2,
                "established": True, "established_how": "next_trick", "established_by": "W",
                "revoke_trick_won_by": "S", "offending_side_tricks_from_revoke": 0,
                "hands_returned": False}]}
    assert client.post("/api/rulings", json=case, headers=auth).status_code == 201
    page = html.unescape(client.get("/rulings/1", headers=auth).text)
    assert "The table result stands" not in page
    assert "the board's result is the one they give, to be entered" in page
    fields = _question(page, "Tricks 12 and 13 played again")
    page = html.unescape(_answer(client, auth, fields, "11"))
    entry = client.app.app.state.config.log.get(1)
    assert entry.case["replayed_declarer_tricks"] == 11
    assert entry.ruling["adjusted_declarer_tricks"] == 11
    assert "11 tricks once tricks 12 and 13 were played again" in page
