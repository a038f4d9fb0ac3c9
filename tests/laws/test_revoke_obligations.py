"""The obligations of rulings given at the table, checked against a play record (Law 61A):
a minor penalty card (50C), a prohibition that lasts while its player keeps the lead
(50D2, 26B), and the obligations a record carries in a Director's note, as the audit
reads them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from td_plugin.cli import main
from td_plugin.laws.revokes import RevokeKind, detect_revokes
from td_plugin.model.cards import Card, Seat, Suit
from td_plugin.model.contract import Contract
from td_plugin.model.deal import Deal
from td_plugin.model.obligations import LeadRestriction, PenaltyCard
from td_plugin.model.play import Play

# 2H by South, West leads (the deal of tests/laws/test_revokes.py)
DEAL_A = "N:QJT9.87.QJT9.T98 5432.654..A76532 AK.AKQJT9.AK.KQJ 876.32.8765432.4"
# 1NT by South; East holds every top card and keeps the lead
DEAL_L = "N:432.JT98.QJT9.KQ AKQJT98.AKQ.AK.A .76.876.JT987632 765.5432.5432.54"


def revokes(deal: str, contract: str, cards: str, obligations) -> list:
    c = Contract.from_pbn(contract, Seat.S)
    play = Play.from_played_order(Seat.W, cards.split(), c.strain.suit)
    return detect_revokes(Deal.from_pbn(deal), play, Seat.S, obligations)


def test_50c_a_lower_card_of_the_suit_before_a_minor_penalty_card_is_a_revoke() -> None:
    minor = [PenaltyCard(Seat.E, Card.from_pbn("C3"), 1, major=False)]
    found = revokes(DEAL_A, "2H", "C4 C8 C2 CK", minor)
    assert [(r.offender, r.trick, r.kind, r.held) for r in found] == [
        (Seat.E, 1, RevokeKind.PENALTY_CARD, (Card.from_pbn("C3"),))]


def test_50c_an_honour_may_be_played_before_a_minor_penalty_card() -> None:
    minor = [PenaltyCard(Seat.E, Card.from_pbn("C3"), 1, major=False)]
    assert revokes(DEAL_A, "2H", "C4 C8 CA CK", minor) == []


def test_50d1_a_major_penalty_card_before_any_other_card_even_an_honour() -> None:
    major = [PenaltyCard(Seat.E, Card.from_pbn("C3"), 1)]
    assert [r.kind for r in revokes(DEAL_A, "2H", "C4 C8 CA CK", major)] == \
        [RevokeKind.PENALTY_CARD]


PLAY_L = "S5 S2 SA H6 / SK S6 S3 H7 / HA H2 H8 D6"


def test_50d2_a_lasting_prohibition_holds_while_its_player_keeps_the_lead() -> None:
    lasting = [LeadRestriction(Seat.E, 2, Suit.H, prohibited=True, lasting=True)]
    found = revokes(DEAL_L, "1NT", PLAY_L.replace("/", ""), lasting)
    assert [(r.offender, r.trick, r.kind) for r in found] == [
        (Seat.E, 3, RevokeKind.LEAD_RESTRICTION)]


def test_a_prohibition_for_one_lead_only_does_not_reach_the_next_trick() -> None:
    once = [LeadRestriction(Seat.E, 2, Suit.H, prohibited=True)]
    assert revokes(DEAL_L, "1NT", PLAY_L.replace("/", ""), once) == []


GAME = """% PBN 2.1
[Event "Obligations"]
[Board "3"]
[Dealer "S"]
[Vulnerable "None"]
[Deal "N:432.JT98.QJT9.KQ AKQJT98.AKQ.AK.A .76.876.JT987632 765.5432.5432.54"]
[Declarer "S"]
[Contract "1NT"]
[Result "3"]
{TD: attention during-round; lead E prohibit H 2 lasting}
[Play "W"]
S5 S2 SA H6
S6 S3 SK H7
H2 H8 HA D6
*
"""


def test_the_audit_checks_the_obligations_a_record_carries(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """A ruling at the table prohibited hearts to East while he keeps the lead (its
    obligation noted in the file); East leads the ♥A at trick 3: a revoke (61A), by the
    offender who won the trick: two tricks (64A1)."""
    path = tmp_path / "obligations.pbn"
    path.write_text(GAME)
    main(["audit", "--json", "--no-equity", str(path)])
    report = json.loads(capsys.readouterr().out)
    found = [f for f in report["findings"] if f["kind"] == "revoke"]
    assert [(f["offender"], f["trick"], f["law"], f["transfer"]) for f in found] == [
        ("E", 3, "64A1", 2)]
    assert "lead" in found[0]["message"]
    without = tmp_path / "plain.pbn"
    without.write_text(GAME.replace("; lead E prohibit H 2 lasting", ""))
    main(["audit", "--json", "--no-equity", str(without)])
    assert not [f for f in json.loads(capsys.readouterr().out)["findings"]
                if f["kind"] == "revoke"]
