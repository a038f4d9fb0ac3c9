"""The table app checks the facts where they are entered: where the session has the deal
only the offender's cards (and the suits he was dealt) are offered, the counts offered are
bounded by what is still possible, and a problem is told in the Director's words in the
page's language, never as a case file's path (``calls[2]``, ``revokes[0]...``)."""

from __future__ import annotations

import re

from td_plugin.serve.views import director_problem
from tests.serve.test_board_picker import AUTH, _form, client, tap

__all__ = ["client"]

REVOKE_START = ("board:5", "pick:9", "answer:offender@0=E", "answer:trick@0=5")
EAST = {"S": "J642", "H": "QJ954", "D": "54", "C": "74"}  # board 5's East (phone_session)


def _revoke(client, *taps: str) -> str:
    page = client.get("/new/revoke", headers=AUTH).text
    for action in taps:
        page = tap(client, page, action, "revoke")
    return page


def _offered(page: str, qid: str) -> list[str]:
    return re.findall(rf'value="answer:{re.escape(qid)}=([^"]+)"', page)


def test_61a_the_suit_led_is_one_the_offender_was_dealt(client) -> None:
    page = _revoke(client, *REVOKE_START)
    assert _offered(page, "suit_led@0") == ["S", "H", "D", "C"]  # East was dealt all four
    # board 3: East was dealt no diamond, so he cannot have failed to follow to one
    page = _revoke(client, "board:3", "pick:5", "answer:offender@0=E", "answer:trick@0=2")
    assert _offered(page, "suit_led@0") == ["S", "H", "C"]
    refused = tap(client, page, "answer:suit_led@0=D", "revoke", status=400)
    assert "East was dealt no diamonds, so he could not fail to follow to it" in refused


def test_61a_only_the_offenders_cards_are_offered_for_the_revoke_card(client) -> None:
    page = _revoke(client, *REVOKE_START, "answer:suit_led@0=D")
    offered = _offered(page, "card@0")
    expected = [s + r for s in "SHC" for r in EAST[s]]
    assert sorted(offered) == sorted(expected)  # not the diamonds he failed to play
    assert "The cards East was dealt" in page


def test_61a_a_card_of_another_hand_is_refused_in_the_directors_words(client) -> None:
    page = _revoke(client, *REVOKE_START, "answer:suit_led@0=D")
    refused = tap(client, page, "answer:card@0=HA", "revoke", status=400)
    assert "♥A was not dealt to East: tap one of his cards." in refused
    client.get("/lang/da", headers=AUTH)
    refused = tap(client, page, "answer:card@0=HA", "revoke", status=400)
    assert "Øst fik ikke ♥E tildelt: tryk på et af hans kort." in refused


def test_64a_the_tricks_from_the_revoke_on_are_bounded_by_the_result(client) -> None:
    """4♥ by North made 10: East-West took 3 tricks in all, and East won the revoke trick
    (trick 5): from it on they won 1 to 3, nothing else is offered."""
    page = _revoke(client, *REVOKE_START, "answer:suit_led@0=D", "answer:card@0=H5",
                   "answer:established@0=True", "answer:established_by@0=W", "answer:revoke_trick_won_by@0=E")
    assert _offered(page, "offending_side_tricks_from_revoke@0") == ["1", "2", "3"]
    refused = tap(client, page, "answer:offending_side_tricks_from_revoke@0=5", "revoke",
                  status=400)
    assert "offending_side_tricks_from_revoke" not in refused.split("<form")[0]


def test_25a_a_ruling_not_yet_possible_says_what_to_enter(client) -> None:
    """South's 2♠ marked unintended before his intended call was entered: the page asks
    for that call in the Director's words, in English and in Danish."""
    for lang, words in (("en", "Enter the call South meant to make"),
                        ("da", "Indtast den melding, Syd ville have afgivet")):
        client.get(f"/lang/{lang}", headers=AUTH)
        page = client.get("/new/auction", headers=AUTH).text
        for action in ("board:1", "pick:1", "call:1H", "call:Pass", "call:2S", "open:2",
                       "unintended:2"):
            page = tap(client, page, action)
        assert words in page
        assert "calls[" not in page and "unintended: true" not in page


def test_64a_a_revoke_problem_names_the_question_not_the_field() -> None:
    case = {"kind": "revoke", "contract": "4H", "declarer": "N", "vulnerable": "NS",
            "declarer_tricks": 10, "revokes": [{"offender": "E", "trick": 5, "failure":
            "follow_suit", "suit_led": "D", "card": "H5", "established": True,
            "established_how": "next_trick", "established_by": "W",
            "revoke_trick_won_by": "E", "offending_side_tricks_from_revoke": 5}]}
    text = director_problem("revokes[0].offending_side_tricks_from_revoke: 5, more than the "
                            "3 tricks the offending side took in all", "revoke", case, "en")
    assert "revokes[" not in text and "offending_side_tricks" not in text
    assert text.startswith("“How many tricks did East-West win from trick 5 on")
    danish = director_problem("revokes[0].offending_side_tricks_from_revoke: 5", "revoke",
                              case, "da")
    assert danish.startswith("»") and "revokes[" not in danish


def test_a_refused_tap_is_told_in_the_directors_words_in_danish(client) -> None:
    """A tap on an answer to a question the page's case does not ask (a page out of
    date, a hand-made request): the page says what to do, in Danish on a Danish page,
    never in the draft's own terms."""
    client.get("/lang/da", headers=AUTH)
    page = _revoke(client, "board:5", "pick:9")  # asks who revoked
    refused = tap(client, page, "answer:trick@0=5", "revoke", status=400)
    assert "Dette spørgsmål er ikke længere åbent: svar på det, siden viser nu." in refused
    assert "no longer open" not in refused
    refused = tap(client, page, "dealer:Q", "revoke", status=400)
    assert "Dette tryk passer ikke længere til siden" in refused


def test_50_a_penalty_card_is_one_of_the_defenders_cards(client) -> None:
    """A penalty card on board 6 (3NT by South): only West's dealt cards are offered."""
    page = client.get("/new/penalty_card", headers=AUTH).text
    for action in ("board:6", "pick:11", "answer:offender=W"):
        page = tap(client, page, action, "penalty_card")
    offered = _offered(page, "cards@0")
    assert len(offered) == 13 and "C5" in offered  # West holds the ♣5 (phone_session)


def test_25a1_a_call_marked_unintended_is_corrected_by_its_caller_next(client) -> None:
    """South's 2♠ marked unintended before his intended call is entered: the bidding box
    offers South, who corrects it (Law 25A1), not the next player in rotation."""
    page = client.get("/new/auction", headers=AUTH).text
    for action in ("board:1", "pick:1", "call:1H", "call:Pass", "call:2S", "call:Pass",
                   "open:2", "unintended:2"):
        page = tap(client, page, action)
    assert '"seat": "S"' in _form(page)["draft"].split('"place"')[1]
    page = tap(client, page, "call:1S")
    assert "South&#39;s 2♠ was unintended" in page and "1♠, which stands" in page
