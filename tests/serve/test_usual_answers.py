"""The usual answers of a revoke are given without a tap (`USUAL_ANSWERS`), shown among
the answers as the usual ones, and each can be changed like any other answer: a failure
to follow suit (Law 61A), established by a later trick played (63A1), attention drawn
during the round (64A rather than 64B4/64B5), no other revoke on the board."""

from __future__ import annotations

from td_plugin.serve.draft import Draft
from tests.serve.test_board_picker import AUTH, _form, client, tap

__all__ = ["client"]

FACTS = ("board:5", "pick:9", "answer:offender@0=E", "answer:trick@0=5",
         "answer:suit_led@0=D", "answer:card@0=H5", "answer:established@0=True",
         "answer:established_by@0=W", "answer:revoke_trick_won_by@0=E",
         "answer:offending_side_tricks_from_revoke@0=3")


def _revoke(client, *taps: str) -> str:
    page = client.get("/new/revoke", headers=AUTH).text
    for action in taps:
        page = tap(client, page, action, "revoke")
    return page


def test_61a_63a1_64a_the_usual_answers_are_given_and_shown_as_such(client) -> None:
    page = _revoke(client, *FACTS)
    draft = Draft.loads(_form(page)["draft"])
    revoke = draft.case["revokes"][0]
    assert revoke["failure"] == "follow_suit" and revoke["established_how"] == "next_trick"
    assert draft.case["attention"] == "during_round" and draft.finished
    assert draft.assumed == ["failure@0", "established_how@0", "attention", "more"]
    assert page.count("usual answer") == 4
    assert 'value="rule"' in page  # nothing more to ask


def test_61b_a_usual_answer_changed_is_the_directors_and_asks_what_follows(client) -> None:
    page = _revoke(client, *FACTS, "change:failure@0")
    assert "What did East fail to do?" in page.split('class="trail"')[0]
    page = tap(client, page, "answer:failure@0=penalty_card", "revoke")
    draft = Draft.loads(_form(page)["draft"])
    assert draft.case["revokes"][0]["failure"] == "penalty_card"
    assert "failure@0" not in draft.assumed


def test_64b2_no_other_revoke_changed_asks_for_the_second(client) -> None:
    page = _revoke(client, *FACTS, "change:more")
    assert "Did anyone else revoke" in page.split('class="trail"')[0]
    page = tap(client, page, "answer:more=True", "revoke")
    assert "Who revoked?" in page.split('class="trail"')[0]
    assert len(Draft.loads(_form(page)["draft"]).case["revokes"]) == 2


def test_54_the_exceptions_of_law_54_are_not_assumed_once_changed(client) -> None:
    """An opening lead out of turn: the right leader had not led face down, declarer did
    not spread his hand (54A) nor see dummy's cards (54C), unless the Director says so."""
    page = client.get("/new/opening_lead", headers=AUTH).text
    for action in ("board:7", "pick:13", "answer:offender=W", "answer:card=H4",
                   "answer:faced=True"):
        page = tap(client, page, action, "opening_lead")
    draft = Draft.loads(_form(page)["draft"])
    assert draft.assumed == ["partner_led_face_down", "declarer_spread", "dummy_exposed",
                             "earlier"]
    assert draft.case["declarer_spread"] is False and 'value="rule"' in page
    page = tap(client, page, "change:declarer_spread", "opening_lead")
    page = tap(client, page, "answer:declarer_spread=True", "opening_lead")
    draft = Draft.loads(_form(page)["draft"])
    assert draft.case["declarer_spread"] is True and "declarer_spread" not in draft.assumed
    assert "Law 54A" in page
