"""Revokes, Laws 61-64: a case table of hand-built deals and plays pinning every 64A,
64B and 64C branch, the worked examples of the laws digest (section 17) and the flow of
the seed article "Kulørsvigt" (seeds/002).

Most cases share one deal, DEAL_A: South holds the top cards, East the ace of clubs,
West two small hearts and a singleton club:

    North  S QJT9  H 87      D QJT9     C T98
    East   S 5432  H 654     D -        C A76532
    South  S AK    H AKQJT9  D AK       C KQJ
    West   S 876   H 32      D 8765432  C 4

The contract is 2H by South (West leads) unless a case says otherwise. Plays are written
in played order, a trick per ``/``; ``*`` ends the play in a claim whose result is
declarer's total. Every expected figure below is worked out in the comment of its case.
"""

from __future__ import annotations

import os
import pickle
from dataclasses import replace

import pytest

from td_plugin import messages
from td_plugin.errors import Location
from td_plugin.laws.context import ReviewContext
from td_plugin.laws.revokes import (
    DATA_KEYS,
    Establishment,
    RevokeKind,
    detect_revokes,
    establishment,
    render_revoke_text,
    review_revokes,
    revoke_change,
)
from td_plugin.laws.revokes.double_dummy import HAVE_DDS
from td_plugin.model.board import BoardRecord, Vulnerability
from td_plugin.model.cards import Card, Seat, Suit
from td_plugin.model.contract import Contract
from td_plugin.model.deal import Deal, Hand
from td_plugin.model.obligations import LeadRestriction, PenaltyCard
from td_plugin.model.outcomes import AssignedResult
from td_plugin.model.play import Play, Trick, replay
from td_plugin.model.revoke_outcome import EquityFigures, Proposal
from td_plugin.model.rulings import Attention

DEAL_A = "N:QJT9.87.QJT9.T98 5432.654..A76532 AK.AKQJT9.AK.KQJ 876.32.8765432.4"
#: 6HX by West; North holds the diamond ace-queen (laws digest section 17, example 9).
DEAL_E = "N:JT98..AQJT9.JT98 432.98765.43.432 765.432.8765.765 AKQ.AKQJT.K2.AKQ"
#: 4S by South; West holds AK of diamonds and four hearts (example 7).
DEAL_D = "N:QJT.AKQ.QJT9.T98 543.JT9.8765.765 AK9876.876.2.AKQ 2.5432.AK43.J432"

DURING = ReviewContext(attention=Attention.DURING_ROUND, equity=False)
AFTER_NEXT = ReviewContext(attention=Attention.AFTER_NEXT_DEAL_CALLED, equity=False)
AFTER = ReviewContext(attention=Attention.AFTER_ROUND, equity=False)


def needs_dds() -> None:
    """Skip without the extra ``td-plugin[dds]``, except under CI=true where it must be."""
    if not HAVE_DDS:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("endplay (extra td-plugin[dds]) must be installed under CI=true")
        pytest.skip("double-dummy check needs the extra: pip install 'td-plugin[dds]'")


def board(play: str, *, deal: str = DEAL_A, contract: str = "2H", declarer: str = "S",
          result: int | None = None, vul: Vulnerability = Vulnerability.NONE,
          record_index: int | None = 1, deal_obj: Deal | None = None) -> BoardRecord:
    """A record from cards in played order (``/`` between tricks, ``*`` = claim)."""
    c = Contract.from_pbn(contract, declarer)
    claimed = play.rstrip().endswith("*")
    cards = list(play.replace("/", " ").replace("*", " ").split())
    p = Play.from_played_order(c.declarer.lho, cards, c.strain.suit, claimed=claimed,
                               incomplete=not claimed and len(cards) < 52)
    return BoardRecord(board=1, deal=deal_obj or Deal.from_pbn(deal), play=p, contract=c,
                       declarer_tricks=result, vulnerability=vul,
                       location=Location(path="session.pbn", line=10, board=1,
                                         record=record_index))


def mark(record: BoardRecord, trick: int, seat: Seat) -> BoardRecord:
    """The record with the card of ``seat`` in ``trick`` marked as a revoke (PBN ^R)."""
    tricks = list(record.play.tricks)
    t = tricks[trick - 1]
    tricks[trick - 1] = Trick(tuple(replace(pc, marker="R") if pc.seat is seat else pc
                                    for pc in t.cards))
    return record.evolve(play=replace(record.play, tricks=tuple(tricks)))


def revokes_of(record: BoardRecord, context: ReviewContext = DURING, **kw):
    return [f for f in review_revokes(record, context, **kw) if f.kind == "revoke"]


# -- the plays -----------------------------------------------------------------------------

# Example 2 (qldbridge Q18): West revokes at trick 10 and his partner wins it; the
# defenders win nothing later. T10: South leads CK, West discards D7 holding C4, East
# wins with CA. Declarer wins every other trick: 12. 64A2: one trick -> 13.
EX2 = ("S8 S9 S2 SA / SK S7 ST S3 / HA H2 H7 H4 / HK H3 H8 H5 / HQ D2 C8 H6 / "
       "DA D3 D9 S4 / DK D4 DT S5 / HJ D5 C9 C2 / HT D6 DJ C3 / CK D7 CT CA / "
       "C5 CQ C4 SJ / CJ D8 SQ C6 / H9 S6 DQ C7")

# Example 1, first half: declarer revokes and his own hand wins. T2 East wins CA; T3
# East leads C2, South ruffs with H9 holding CQJ and wins; South leads T4, then claims
# the rest: 12 tricks. 64A1 with later tricks: two tricks -> 10.
EX1_OWN = "S8 S9 S2 SA / CK C4 C8 CA / C2 H9 D2 C9 / HA H2 H7 H4 *"
# Example 1, second half: at T3 South discards SK holding CQJ and dummy's C9 wins. A
# trick won in dummy is not won by declarer: 64A2, one trick -> 11.
EX1_DUMMY = "S8 S9 S2 SA / CK C4 C8 CA / C2 SK D2 C9 / H7 H4 HA H2 *"

# Example 10: East ruffs trick 8 with H6 holding C A7653 and wins it, then leads C3 to
# declarer's CJ; declarer claims the last four. The defence won nothing after trick 8:
# 64A1, one trick. Declarer 12 -> 13.
EX10 = ("S8 S9 S2 SA / SK S7 ST S3 / HA H2 H7 H4 / HK H3 H8 H5 / DA D2 D9 S4 / "
        "DK D3 DT S5 / CK C4 C8 C2 / CQ D4 C9 H6 / C3 CJ D5 CT *")

# Example 3 (EBU "Trump revoke"): West discards D2 on the HA holding H32; East wins the
# CA at T4 and West ruffs the club return at T5; declarer claims the rest: 11. 64A2 ->
# 12. Double dummy from just before the revoke, with West following, the defence takes
# only the CA: declarer 12, the same as the transfer gives (they are not added).
EX3 = "S8 S9 S2 SA / SK S7 ST S3 / HA D2 H7 H4 / CK C4 C8 CA / C2 CQ H2 C9 *"

# Example 5 (EBU forum 1558): West revokes in hearts at T3 and T4, neither trick won by
# West; he later ruffs twice with the hearts he kept. Declarer 10. First revoke: 64A2,
# one trick; second: 64B2, none -> 11. 64C2(a): from just before the second revoke, West
# following, declarer loses only the CA: 12 tricks, and the first revoke's transfer
# stands (the defence still wins a trick from trick 3 on): 13 > 11, assign 13.
EX5 = ("S8 S9 S2 SA / SK S7 ST S3 / HA D2 H7 H4 / HK D3 H8 H5 / CK C4 C8 CA / "
       "C2 CQ H2 C9 / D4 D9 S4 DA / CJ H3 CT C3 / D5 DJ S5 DK / HQ D6 DT H6 / "
       "HJ D7 DQ C5 / HT D8 SJ C6 / H9 S6 SQ C7")

# Example 8 (EBU forum 576): East ruffs the spade lead with H4 (first revoke, won by the
# offender), later discards S3 on a club (second revoke, different suit, won by South);
# East wins the CA at T4. Declarer concedes one of the last eight: 10. First: 64A1 with
# a later trick, two; second: 64A2, one; three in all, within the three tricks the
# defence won from trick 1 on -> 13.
EX8 = "S8 S9 H4 SA / S2 SK S7 ST / CK C4 C8 S3 / CQ D2 C9 CA / C2 CJ D3 CT *"

# Example 11: the defence wins T1 (CA) and T2 (a club ruff); West discards D2 on the HA
# at T4 holding H3; declarer wins everything from there: 64B1, nothing.
EX11 = "C4 C8 CA CJ / C2 CQ H2 C9 / S8 S9 S2 SA / HA D2 H7 H4 / HK H3 H8 H5 *"

# Trick 12 (example 12): West discards D8 on East's S4 at T12 holding S7; established by
# trick 13. 64B6 (and 62D1): no transfer.
T12 = ("S8 S9 S2 SA / HA H2 H7 H4 / HK H3 H8 H5 / HQ D2 C8 H6 / DA D3 D9 C2 / "
       "DK D4 DT C3 / HJ D5 DJ C5 / HT D6 DQ C6 / H9 D7 C9 C7 / SK S6 ST S3 / "
       "CK C4 CT CA / S4 CQ D8 SJ / SQ S5 CJ S7")

# Dummy revokes: at T2 dummy plays C8 on the HA holding H87. 64B3.
DUMMY = "S8 S9 S2 SA / HA H2 C8 H4 / HK H3 H8 H5 *"

# East has the CA as a major penalty card from trick 1. At T2 he is void in diamonds,
# so the CA is a legal card and must be played (50D1); he plays C2. 64B3.
PENALTY = "S8 S9 S2 SA / DA D2 D9 C2 / DK D3 DT CA *"

# Both sides revoke and both revokes are established: East ruffs the spade lead holding
# spades (T1), South ruffs a club holding CQJ (T4). 64B7, no transfer either way; 64C2(b):
# double dummy as if neither had happened, declarer loses only the CA: 12.
BOTH = "S8 S9 H4 SA / S2 SK S7 ST / CK C4 C8 CA / C2 H9 D2 C9 / HA H2 H7 H5 *"

# Both sides revoke on trick 1 (East ruffs, South discards CJ holding SAK); East leads
# to trick 2 and the record stops: only one side had played to the next trick. 62C3,
# both corrected, 64B8.
BOTH_ONE_TRICK = "S8 S9 H4 CJ / CA"

# East discards S3 on declarer's CK at T2 holding clubs; the claim after trick 3 gives
# the defence three of the last ten tricks: they count as won after the revoke (64A2).
CLAIM_CREDIT = "S8 S9 S2 SA / CK C4 C8 S3 / HA H2 H7 H4 *"

# Example 9: 6HX by West; North leads the DA, West discards SQ holding DK2; West wins
# DK at trick 2 and claims the rest: 12. Under 2017 64A2 only one trick (the 1997 "card
# that could have been played" rule would give two) -> 11, one down.
EX9 = "DA D3 D5 SQ / DQ D4 D6 DK *"

# Example 7: West must lead a heart (an option declarer chose after an irregularity)
# but leads DK and wins; declarer ruffs trick 2 and concedes one trick of the rest: 11.
# 64A1 with a later trick of the defence: two tricks, without any ruff -> 13.
EX7 = "DK D9 D5 D2 / DA DT D6 S6 *"


# -- the case table ------------------------------------------------------------------------

CASES = {
    # name: (play, board keywords, context, obligations,
    #        [(offender, trick, suit, card, established, transfer_if_timely, exception, law,
    #          transfer)], adjusted declarer tricks)
    "test_64a1_two_tricks_declarer_own_hand_wins_example_1": (
        EX1_OWN, {"result": 12}, DURING, (),
        [("S", 3, "C", "H9", True, 2, None, "64A1", 2)], 10),
    "test_64a2_dummy_wins_declarer_revoke_example_1": (
        EX1_DUMMY, {"result": 12}, DURING, (),
        [("S", 3, "C", "SK", True, 1, None, "64A2", 1)], 11),
    "test_64a2_partner_wins_revoke_trick_example_2": (
        EX2, {"result": 12}, DURING, (),
        [("W", 10, "C", "D7", True, 1, None, "64A2", 1)], 13),
    "test_64a2_trump_revoke_later_ruff_example_3": (
        EX3, {"result": 11}, DURING, (),
        [("W", 3, "H", "D2", True, 1, None, "64A2", 1)], 12),
    "test_64b2_second_revoke_same_suit_example_5": (
        EX5, {"result": 10}, DURING, (),
        [("W", 3, "H", "D2", True, 1, None, "64A2", 1),
         ("W", 4, "H", "D3", True, 0, "64B2", "64B2", 0)], 11),
    "test_64a1_lead_restriction_wins_without_ruff_example_7": (
        EX7, {"deal": DEAL_D, "contract": "4S", "result": 11}, DURING,
        (LeadRestriction(Seat.W, 1, Suit.H),),
        [("W", 1, "D", "DK", True, 2, None, "64A1", 2)], 13),
    "test_64a_different_suits_assessed_separately_example_8": (
        EX8, {"result": 10}, DURING, (),
        [("E", 1, "S", "H4", True, 2, None, "64A1", 2),
         ("E", 3, "C", "S3", True, 1, None, "64A2", 1)], 13),
    "test_64a2_one_trick_not_two_example_9": (
        EX9, {"deal": DEAL_E, "contract": "6HX", "declarer": "W", "result": 12}, DURING, (),
        [("W", 1, "D", "SQ", True, 1, None, "64A2", 1)], 11),
    "test_64a1_one_trick_when_no_later_trick_example_10": (
        EX10, {"result": 12}, DURING, (),
        [("E", 8, "C", "H6", True, 1, None, "64A1", 1)], 13),
    "test_64b1_offending_side_won_nothing_after_example_11": (
        EX11, {"result": 11}, DURING, (),
        [("W", 4, "H", "D2", True, 0, "64B1", "64B1", 0)], 11),
    "test_64b6_revoke_on_trick_12_example_12": (
        T12, {"result": 12}, DURING, (),
        [("W", 12, "S", "D8", True, 0, "64B6", "64B6", 0)], 12),
    "test_64b3_revoke_by_dummy": (
        DUMMY, {"result": 12}, DURING, (),
        [("N", 2, "H", "C8", True, 0, "64B3", "64B3", 0)], 12),
    "test_64b3_failure_to_play_penalty_card": (
        PENALTY, {"result": 13}, DURING, (PenaltyCard(Seat.E, Card.from_pbn("CA"), 1),),
        [("E", 2, "D", "C2", True, 0, "64B3", "64B3", 0)], 13),
    "test_64b4_attention_after_next_deal_called": (
        EX2, {"result": 12}, AFTER_NEXT, (),
        [("W", 10, "C", "D7", True, 1, "64B4", "64B4", 0)], 12),
    "test_64b5_attention_after_round": (
        EX2, {"result": 12}, AFTER, (),
        [("W", 10, "C", "D7", True, 1, "64B5", "64B5", 0)], 12),
    "test_64b5_two_trick_case_shows_transfer_if_timely": (
        EX1_OWN, {"result": 12}, AFTER, (),
        [("S", 3, "C", "H9", True, 2, "64B5", "64B5", 0)], 12),
    "test_64b7_both_sides_revoked_both_established": (
        BOTH, {"result": 11}, DURING, (),
        [("E", 1, "S", "H4", True, 0, "64B7", "64B7", 0),
         ("S", 4, "C", "H9", True, 0, "64B7", "64B7", 0)], 11),
    "test_64b8_both_sides_revoked_on_one_trick_corrected_62c3": (
        BOTH_ONE_TRICK, {}, DURING, (),
        [("E", 1, "S", "H4", True, 0, "64B8", "64B8", 0),
         ("S", 1, "S", "CJ", False, 0, "64B8", "64B8", 0)], None),
    "test_62a_revoke_on_last_recorded_trick_not_established": (
        "S8 S9 H4 SA", {}, DURING, (),
        [("E", 1, "S", "H4", False, 0, None, "62A", 0)], None),
    "test_62a_revoke_mid_trick_not_established": (
        "S8 S9 H4", {}, DURING, (),
        [("E", 1, "S", "H4", False, 0, None, "62A", 0)], None),
    "test_62a_only_the_non_offending_side_played_to_next_trick": (
        "S8 S9 S2 SA / CK C4 C8 S3 / HA", {}, DURING, (),
        [("E", 2, "C", "S3", False, 0, None, "62A", 0)], None),
    "test_63a3_claim_establishes_revoke_on_last_trick": (
        "S8 S9 H4 SA *", {"result": 11}, DURING, (),
        [("E", 1, "S", "H4", True, 2, None, "64A1", 2)], 13),
    "test_64a2_trick_credited_by_claim_counts": (
        CLAIM_CREDIT, {"result": 10}, DURING, (),
        [("E", 2, "C", "S3", True, 1, None, "64A2", 1)], 11),
    "test_64b1_no_trick_credited_by_claim": (
        CLAIM_CREDIT, {"result": 13}, DURING, (),
        [("E", 2, "C", "S3", True, 0, "64B1", "64B1", 0)], 13),
}


@pytest.mark.parametrize("name", list(CASES))
def test_case_table(name: str) -> None:
    play, kw, context, obligations, expected, adjusted = CASES[name]
    found = revokes_of(board(play, **kw), context, obligations=obligations)
    got = [(f.data["offender"], f.data["trick"], f.data["suit_led"], f.data["card"],
            f.data["established"], f.data["transfer_if_timely"], f.data["exception"], f.law,
            f.data["transfer"]) for f in found]
    assert got == expected
    assert {f.data["adjusted_declarer_tricks"] for f in found} == {adjusted}


# -- the clauses one by one ----------------------------------------------------------------

def test_61a_detection_reports_offender_trick_suit_card_and_held_card() -> None:
    rec = board(EX2, result=12)
    [r] = detect_revokes(rec.deal, rec.play, Seat.S)
    assert (r.offender, r.trick, r.position, r.suit_led, r.card) == (
        Seat.W, 10, 1, Suit.C, Card.from_pbn("D7"))
    assert r.held == (Card.from_pbn("C4"),)
    assert r.kind is RevokeKind.FOLLOW_SUIT and not r.by_dummy


def test_61a_dummy_revoke_told_apart_from_declarer_revoke() -> None:
    by_dummy = detect_revokes(*_deal_play(board(DUMMY, result=12)), Seat.S)
    by_declarer = detect_revokes(*_deal_play(board(EX1_OWN, result=12)), Seat.S)
    assert [(r.offender, r.by_dummy) for r in by_dummy] == [(Seat.N, True)]
    assert [(r.offender, r.by_dummy) for r in by_declarer] == [(Seat.S, False)]
    assert revokes_of(board(DUMMY, result=12))[0].key == "revoke.finding.dummy"
    assert revokes_of(board(EX1_OWN, result=12))[0].key == "revoke.finding"


def _deal_play(record: BoardRecord):
    return record.deal, record.play


def test_61a_legal_play_has_no_revoke() -> None:
    clean = ("S8 S9 S2 SA / HA H2 H7 H4 / HK H3 H8 H5 / HQ D2 C8 H6 / DA D3 D9 C2 / "
             "DK D4 DT C3 / HJ D5 DJ C5 / HT D6 DQ C6 / H9 D7 C9 C7 / SK S6 ST S3 / "
             "CK C4 CT CA / S4 CQ S7 SJ / SQ S5 CJ D8")
    assert review_revokes(board(clean, result=12), DURING) == []


def test_61a_penalty_card_not_a_revoke_without_the_obligation() -> None:
    assert revokes_of(board(PENALTY, result=13)) == []


def test_61a_prohibited_lead_is_a_revoke() -> None:
    rec = board(EX7, deal=DEAL_D, contract="4S", result=11)
    ob = LeadRestriction(Seat.W, 1, Suit.D, prohibited=True)
    [r] = detect_revokes(rec.deal, rec.play, Seat.S, [ob])
    assert r.kind is RevokeKind.LEAD_RESTRICTION and r.offender is Seat.W
    allowed = LeadRestriction(Seat.W, 1, Suit.D)
    assert detect_revokes(rec.deal, rec.play, Seat.S, [allowed]) == []


def test_card_not_held_is_a_data_problem_never_a_revoke() -> None:
    # The deal gives West's D7 (played at trick 10) to East and East's C5 to West.
    rec = board(EX2, result=12)
    hands = dict(rec.deal.hands)
    hands[Seat.W] = hands[Seat.W].without(Card.from_pbn("D7"))
    hands[Seat.E] = hands[Seat.E].without(Card.from_pbn("C5"))
    hands[Seat.W] = Hand(mask=hands[Seat.W].mask | 1 << Card.from_pbn("C5").index)
    hands[Seat.E] = Hand(mask=hands[Seat.E].mask | 1 << Card.from_pbn("D7").index)
    assert review_revokes(rec.evolve(deal=Deal(hands)), DURING) == []


def test_63a1_established_by_partner_playing_to_next_trick() -> None:
    rec = board(EX2, result=12)
    [r] = detect_revokes(rec.deal, rec.play, Seat.S)
    assert establishment(r, rec.play) is Establishment.NEXT_TRICK
    ruling = revokes_of(rec)[0].ruling
    assert ruling.laws[:2] == ["61A", "63A1"]
    assert ruling.clauses[1].facts == {"by": "E", "trick": 11}


def test_63a3_claim_clause_and_62a_clause() -> None:
    claimed = revokes_of(board("S8 S9 H4 SA *", result=11))[0]
    assert "63A3" in claimed.ruling.laws
    open_ = revokes_of(board("S8 S9 H4 SA"))[0]
    assert "62A" in open_.ruling.laws and "63A1" not in open_.ruling.laws
    assert open_.ruling.outcome is None and open_.data["equity"] is None


def test_64b6_trick_12_cites_62d1() -> None:
    f = revokes_of(board(T12, result=12))[0]
    assert "62D1" in f.ruling.laws and f.law == "64B6"
    assert "64B1" in f.ruling.laws  # also true; 64B6 is the one reported


def test_64b8_cites_62c3() -> None:
    found = revokes_of(board(BOTH_ONE_TRICK))
    assert all("62C3" in f.ruling.laws for f in found)


def test_64a_transfer_capped_by_tricks_won_from_first_revoke_a1_ambiguity() -> None:
    # EX8 with declarer claiming all eight: the defence won only T1 and T4 from the first
    # revoke on. Separately the revokes give 2 + 1; only 2 can move, and the ruling says so.
    # Each finding's transfer is its share, in played order: the board's add up to 2.
    found = revokes_of(board(EX8, result=11))
    assert [f.data["transfer"] for f in found] == [2, 0]
    assert [f.data["transfer_if_timely"] for f in found] == [2, 1]
    assert {f.data["adjusted_declarer_tricks"] for f in found} == {13}
    cap = [c for c in found[0].ruling.clauses if c.law == "64A"]
    assert cap and cap[0].facts == {"total": 3, "cap": 2, "share": 2}
    second = render_revoke_text(found[1])
    assert "one trick is transferred to North-South (Law 64A2)" in second
    assert "2 tricks are transferred, none of them for this revoke" in second


def test_64a_cap_of_one_trick_is_one_trick_in_the_singular() -> None:
    # East discards C3 on a spade at T1 and S3 on a club at T3 (South wins both); the
    # defence wins only T4 (CA). Each revoke alone gives one trick (64A2); only one can
    # move, and the text says "1 trick is transferred".
    play = ("S8 S9 C3 SA / SK S7 ST S2 / CK C4 C8 S3 / CQ D2 C9 CA / C2 CJ D3 CT *")
    found = revokes_of(board(play, result=12))
    assert [f.data["transfer"] for f in found] == [1, 0]
    assert sum(f.data["transfer"] for f in found) == 1
    assert {f.data["adjusted_declarer_tricks"] for f in found} == {13}
    text = render_revoke_text(found[0])
    assert "1 trick is transferred, one of them for this revoke" in text
    assert "1 are" not in text
    da = render_revoke_text(found[1], "da")
    assert "der overføres 1 stik, intet af dem for dette kulørsvigt" in da


def test_64a_outcome_is_assigned_result_with_score_from_north_south() -> None:
    f = revokes_of(board(EX9, deal=DEAL_E, contract="6HX", declarer="W", result=12))[0]
    # 6HX by West made: -1210 for North-South; one down doubled, not vulnerable: +100.
    assert (f.data["score_ns"], f.data["adjusted_score_ns"]) == (-1210, 100)
    assert f.ruling.outcome == AssignedResult(Contract.from_pbn("6HX", "W"), 11, 100)


def test_64b5_after_round_has_no_outcome() -> None:
    f = revokes_of(board(EX2, result=12), AFTER)[0]
    assert f.ruling.outcome is None
    assert f.data["adjusted_declarer_tricks"] == f.data["declarer_tricks"] == 12


def test_finding_fields_and_exact_data_keys() -> None:
    f = revokes_of(board(EX2, result=12))[0]
    assert tuple(f.data) == DATA_KEYS
    assert (f.kind, f.law, f.board, f.record, f.path, f.line, f.seat) == (
        "revoke", "64A2", 1, 1, "session.pbn", 10, Seat.W)
    # 2H by South: 12 tricks 230, 13 tricks 260 (not vulnerable).
    assert (f.data["score_ns"], f.data["adjusted_score_ns"]) == (230, 260)
    assert f.data["equity"] is None  # equity not asked for in this context


def test_unknown_contract_gives_nothing() -> None:
    rec = board(EX2, result=12).evolve(contract=None)
    assert review_revokes(rec, DURING) == []


# -- PBN ^R markers ---------------------------------------------------------------------------

def test_revoke_marker_agreeing_with_detection_reports_no_mismatch() -> None:
    found = review_revokes(mark(board(EX2, result=12), 10, Seat.W), DURING)
    assert [f.kind for f in found] == ["revoke"]


def test_revoke_marker_on_a_legal_card_is_a_mismatch() -> None:
    # North's H7 at trick 3 is marked but legal; the record marks revokes, so West's real
    # revoke at trick 10, unmarked, disagrees too.
    found = review_revokes(mark(board(EX2, result=12), 3, Seat.N), DURING)
    mismatch = [f for f in found if f.kind == "revoke_marker_mismatch"]
    assert [(f.data["trick"], f.data["seat"], f.data["marked"], f.data["detected"])
            for f in mismatch] == [(3, "N", True, False), (10, "W", False, True)]
    assert review_revokes(mark(board(EX3, result=11), 3, Seat.W), DURING)[0].kind == "revoke"


def test_revoke_left_unmarked_where_record_marks_another_is_a_mismatch() -> None:
    found = review_revokes(mark(board(EX8, result=10), 1, Seat.E), DURING)
    mismatch = [f for f in found if f.kind == "revoke_marker_mismatch"]
    assert [(f.data["trick"], f.data["seat"], f.data["card"], f.data["detected"])
            for f in mismatch] == [(3, "E", "S3", True)]


# -- texts and write-back -----------------------------------------------------------------------

def test_ruling_text_english_and_danish_cite_the_clauses() -> None:
    f = revokes_of(board(EX2, result=12))[0]
    en = render_revoke_text(f, "en")
    da = render_revoke_text(f, "da")
    assert "West revoked at trick 10" in en and "Law 64A2" in en and "Law 63A1" in en
    assert "13 tricks instead of 12" in en
    assert "Vest svigtede kulør i stik 10" in da and "§ 64A2" in da and "§ 63A1" in da
    assert "Law " not in da
    assert messages.render(f.key, f.params, "da").startswith("Kulørsvigt af Vest i stik 10")


def test_64b5_text_says_what_timely_attention_would_have_given() -> None:
    f = revokes_of(board(EX1_OWN, result=12), AFTER)[0]
    assert "two tricks would have been transferred (Law 64A1)" in render_revoke_text(f)
    assert "§ 64B5" in render_revoke_text(f, "da")


def test_revoke_change_writes_result_and_score_only_for_automatic_transfer() -> None:
    during = revokes_of(board(EX2, result=12))[0]
    change = revoke_change(during)
    assert (change.record, change.outcome, change.law) == (
        1, AssignedResult(Contract.from_pbn("2H", "S"), 13, 260), "64A2")
    assert change.annotations == (during.ruling,)
    assert change.texts() == [render_revoke_text(during)]
    assert during.render("da") == change.texts("da")[0] == render_revoke_text(during, "da")
    assert during.change == change  # the finding carries it for the audit
    after = revokes_of(board(EX2, result=12), AFTER)[0]
    change = revoke_change(after)
    assert change.outcome is None
    assert "§ 64B5" in change.texts("da")[0]


# -- 64C (double dummy) ------------------------------------------------------------------------

WITH_EQUITY = ReviewContext(attention=Attention.DURING_ROUND, equity=True)


def test_64c2a_second_revoke_measured_after_first_with_its_transfer_example_5() -> None:
    needs_dds()
    first, second = revokes_of(board(EX5, result=10), WITH_EQUITY)
    eq = second.data["equity"]
    assert (eq["clause"], eq["nos"], eq["nos_tricks_before"], eq["nos_tricks_double_dummy"],
            eq["prior_transfer"], eq["equity_declarer_tricks"], eq["table_declarer_tricks"],
            eq["insufficient"]) == ("64C2(a)", "NS", 3, 9, 1, 13, 11, True)
    # The proposal replaces the transfer: 13 tricks, 2H+5 = 260, not 13 + 1.
    assert eq["proposal"] == {"declarer_tricks": 13, "score_ns": 260}
    # It is not applied: the finding still writes the automatic result.
    assert second.data["adjusted_declarer_tricks"] == 11
    assert revoke_change(first).outcome.declarer_tricks == 11
    assert "Law 64C2(a)" in render_revoke_text(second)
    assert any(c.law == "64C2(a)" and c.facts["assigned"] ==
               AssignedResult(Contract.from_pbn("2H", "S"), 13, 260)
               for c in second.ruling.clauses)


def test_61a_64c2a_a_revoke_finding_carries_its_facts_typed_and_its_data_is_their_json() -> None:
    needs_dds()
    first, second = revokes_of(board(EX5, result=10), WITH_EQUITY)
    outcome = second.revoke
    assert outcome is not None and isinstance(outcome.equity, EquityFigures)
    assert (second.seat, second.trick, second.card) == (
        Seat(second.data["offender"]), second.data["trick"], Card.from_pbn(second.data["card"]))
    assert (outcome.transfer, outcome.exception, outcome.adjusted_declarer_tricks) == (0, "64B2", 11)
    assert (outcome.equity.clause, outcome.equity.proposal) == ("64C2(a)", Proposal(13, 260))
    assert outcome.equity.best_card == Card.from_pbn(second.data["equity"]["best_card"])
    assert second.data == outcome.to_json(second.seat, second.trick, second.card)
    # findings travel between the audit's worker processes
    assert pickle.loads(pickle.dumps([first, second])) == [first, second]


def test_64c1_equity_coincides_with_transfer_example_3() -> None:
    needs_dds()
    f = revokes_of(board(EX3, result=11), WITH_EQUITY)[0]
    eq = f.data["equity"]
    assert (eq["equity_declarer_tricks"], eq["table_declarer_tricks"], eq["insufficient"],
            eq["proposal"]) == (12, 12, False, None)
    assert eq["best_card"] in ("H2", "H3")


def test_64c1_after_round_proposes_what_the_revoke_cost() -> None:
    # After the round no transfer (64B5): the table result 11 stays; double dummy without
    # the revoke gives 12, so the non-offending side is not sufficiently compensated.
    needs_dds()
    f = revokes_of(board(EX3, result=11), replace(WITH_EQUITY, attention=Attention.AFTER_ROUND))[0]
    assert f.data["equity"]["proposal"] == {"declarer_tricks": 12, "score_ns": 230}
    assert revoke_change(f).outcome is None
    assert "if he judges 12 tricks likely, the non-offending side is not sufficiently " \
           "compensated and he assigns 12 tricks" in revoke_change(f).texts()[0]


def test_64c_double_dummy_is_evidence_for_the_directors_judgement_not_the_judgement() -> None:
    """Law 64C asks for the Director's judgement of the likely result: the text gives the
    double-dummy figure as evidence for it, in both languages, never "should assign"."""
    needs_dds()
    f = revokes_of(board(EX3, result=11), replace(WITH_EQUITY, attention=Attention.AFTER_ROUND))[0]
    en, da = revoke_change(f).texts()[0], revoke_change(f).texts("da")[0]
    assert "Double dummy, from just before the revoke" in en and "gives declarer 12 tricks" in en
    assert "Double dummy is evidence for the Director's judgement of the likely result, not " \
           "the judgement" in en and "should assign" not in en
    assert "Analysen er et grundlag for TL's skøn over det sandsynlige resultat" in da
    assert "bør tildele" not in da


def test_64c1_offender_declarer_example_9_compensated() -> None:
    # West follows with D2 double dummy and loses only the DA: declarer 12; the transfer
    # leaves declarer 11, so North-South are compensated.
    needs_dds()
    f = revokes_of(board(EX9, deal=DEAL_E, contract="6HX", declarer="W", result=12),
                   WITH_EQUITY)[0]
    eq = f.data["equity"]
    assert (eq["nos"], eq["equity_declarer_tricks"], eq["insufficient"]) == ("NS", 12, False)


def test_64c2b_both_sides_revoked_as_if_neither_happened() -> None:
    needs_dds()
    found = revokes_of(board(BOTH, result=11), WITH_EQUITY)
    eqs = [f.data["equity"] for f in found]
    assert eqs[0] == eqs[1]
    assert (eqs[0]["clause"], eqs[0]["trick"], eqs[0]["equity_declarer_tricks"],
            eqs[0]["proposal"]) == ("64C2(b)", 1, 12, {"declarer_tricks": 12, "score_ns": 230})


def test_64c_penalty_card_measured_with_the_penalty_card_played() -> None:
    needs_dds()
    rec = board(PENALTY, result=13)
    f = revokes_of(rec, WITH_EQUITY,
                   obligations=[PenaltyCard(Seat.E, Card.from_pbn("CA"), 1)])[0]
    assert f.data["equity"]["best_card"] == "CA"


def test_64c_unavailable_without_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    from td_plugin.laws.revokes import double_dummy as equity
    monkeypatch.setattr(equity, "HAVE_DDS", False)
    f = revokes_of(board(EX2, result=12), WITH_EQUITY)[0]
    assert f.data["equity"] == {"available": False, "how": "pip install 'td-plugin[dds]'"}
    assert "pip install 'td-plugin[dds]'" in render_revoke_text(f)
    assert f.data["transfer"] == 1  # everything else still works


# -- the seed article "Kulørsvigt" (seeds/002), step by step ------------------------------------

SEED_FLOW = [
    # (the article's step, case, a clause the ruling must cite, expected transfer)
    ("etableret 1: spiller til næste stik", "test_64a2_partner_wins_revoke_trick_example_2",
     "63A1", 1),
    ("etableret 3: krav på stik", "test_63a3_claim_establishes_revoke_on_last_trick",
     "63A3", 2),
    ("ingen overførsel 1: vinder hverken det svigtede eller senere stik",
     "test_64b1_offending_side_won_nothing_after_example_11", "64B1", 0),
    ("ingen overførsel 2: samme spiller, samme farve",
     "test_64b2_second_revoke_same_suit_example_5", "64B2", 0),
    ("ingen overførsel 3: kort der lå åbent", "test_64b3_revoke_by_dummy", "64B3", 0),
    ("ingen overførsel 4: meldt i næste spil", "test_64b4_attention_after_next_deal_called",
     "64B4", 0),
    ("ingen overførsel 5: runden er slut", "test_64b5_attention_after_round", "64B5", 0),
    ("ingen overførsel 6: stik 12", "test_64b6_revoke_on_trick_12_example_12", "62D1", 0),
    ("ingen overførsel 7: begge sider", "test_64b7_both_sides_revoked_both_established",
     "64B7", 0),
    ("ikke etableret: rettes", "test_62a_revoke_on_last_recorded_trick_not_established",
     "62A", 0),
    ("stikket overføres, og ét mere", "test_64a1_two_tricks_declarer_own_hand_wins_example_1",
     "64A1", 2),
    ("vandt det svigtede eller senere stik: ét stik",
     "test_64a2_trump_revoke_later_ruff_example_3", "64A2", 1),
]


@pytest.mark.parametrize("step,case,clause,transfer", SEED_FLOW)
def test_seed_002_flow(step: str, case: str, clause: str, transfer: int) -> None:
    play, kw, context, obligations, _, _ = CASES[case]
    found = revokes_of(board(play, **kw), context, obligations=obligations)
    citing = [f for f in found if clause in f.ruling.laws]
    assert citing, step
    assert citing[-1].data["transfer"] == transfer, step


# -- real files -------------------------------------------------------------------------------

def _review_file(path, source_class):
    revokes, mismatches, unclean = [], [], 0
    for record in source_class(path).records():
        contract = record.contract
        if record.play is not None and record.deal is not None and contract is not None \
                and contract.strain is not None and len(record.play) \
                and replay(record.deal, record.play, contract.strain.suit).problems:
            unclean += 1
        for f in review_revokes(record, AFTER):
            item = (f.record, f.data.get("offender") or f.data.get("seat"), f.data["trick"],
                    f.data["card"])
            (revokes if f.kind == "revoke" else mismatches).append(item)
    return revokes, mismatches, unclean


@pytest.mark.realworld
@pytest.mark.slow
def test_real_pbn_files_only_the_marked_revokes_of_the_reference_file(realworld) -> None:
    reader = pytest.importorskip("adapters.pbn.reader")
    files = sorted((realworld / "pbn").glob("*.pbn"))
    assert len(files) > 20
    for path in files:
        revokes, mismatches, _ = _review_file(path, reader.PbnSource)
        if path.name == "pbnref_correct_10.pbn":
            # Game 3: East discards S5 on a club at trick 2 and C6 on a spade at trick 3,
            # both marked ^R: found, and the markers agree.
            assert revokes == [(3, "E", 2, "S5"), (3, "E", 3, "C6")]
            assert mismatches == []
        elif path.name == "pbnref_errors_10.pbn":
            # The PBN verifier's deliberately wrong file. Its game 44 is a revoke by its own
            # comment ("Revoke: CA": South holds S2); in game 49 East (DT) and South (D3)
            # hold spades on the spade lead and West (SK) holds diamonds at trick 2. The
            # ^R markers it misplaces on legal cards disagree with the play. (The indexes
            # count its game of unquoted tags, [Event No_quotes], read as the game it is.)
            assert revokes == [(43, "S", 1, "CA"), (48, "E", 1, "DT"), (48, "S", 1, "D3"),
                               (48, "W", 2, "SK")]
            assert mismatches == [(48, "N", 1, "D7"), (48, "E", 3, "C6"), (48, "W", 3, "C5"),
                                  (50, "W", 1, "SK"), (51, "N", 1, "H3"), (52, "E", 1, "S4")]
        else:
            assert (revokes, mismatches) == ([], []), path.name


@pytest.mark.realworld
@pytest.mark.slow
def test_inconsistent_vugraph_records_are_data_problems_not_revokes(realworld) -> None:
    reader = pytest.importorskip("adapters.pbn.reader")
    path = realworld / "pbn" / "rpbridge_world_championships_vugraph.pbn"
    revokes, mismatches, unclean = _review_file(path, reader.PbnSource)
    assert unclean > 1000  # cards their players do not hold, by the deal
    assert revokes == [] and mismatches == []


@pytest.mark.realworld
def test_real_lin_files_have_no_revoke(realworld) -> None:
    lin = pytest.importorskip("adapters.lin.reader")
    files = sorted((realworld / "lin").glob("*.lin"))
    assert files
    for path in files:
        assert _review_file(path, lin.LinSource)[:2] == ([], []), path.name
