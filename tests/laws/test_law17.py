"""Law 17D3: three passes that do not end the auction, in a case and in a record."""

from __future__ import annotations

from typing import Any

from td_plugin import messages
from td_plugin.model.auction import Auction, AuctionEntry, Call
from td_plugin.model.board import BoardRecord
from td_plugin.model.cards import Seat
from td_plugin.model.findings import FindingKind
from td_plugin.rulers.consistency import check_record
from tests.case_files import rule_auction_case


def rule(lang: str = "en", **case: Any) -> dict:
    return rule_auction_case(case, lang).to_json()


def sc(seat: str, call: str) -> dict:
    return {"seat": seat, "call": call}


def test_17d3_pass_out_of_rotation_among_the_last_three_reverts_the_auction() -> None:
    # issue example: N 1H, S Pass at East's turn, W Pass, N Pass was ruled "1H by North"
    r = rule(dealer="N", calls=["N 1H", "S Pass", "W Pass", "N Pass"])
    assert r["laws"] == ["29A", "17D3", "16C"]
    assert r["auction"] == [sc("N", "1H")] and r["next"] == "E"
    assert r["cancelled"] == [sc("S", "Pass"), sc("W", "Pass"), sc("N", "Pass")]
    assert r["unauthorized"] == [{"side": "NS", "from": sc(s, "Pass")} for s in "SWN"]
    assert "deprived East of his turn" in r["text"]
    assert "§ 17D3" in rule("da", dealer="N", calls=["N 1H", "S Pass", "W Pass", "N Pass"])["text"]


def test_17d3_the_auction_proceeds_normally_from_the_deprived_player() -> None:
    r = rule(dealer="N", calls=["N 1H", "S Pass", "W Pass", "N Pass", "E 2C", "S Pass",
                                "W Pass", "N Pass"])
    assert r["auction"] == [sc("N", "1H"), sc("E", "2C"), sc("S", "Pass"), sc("W", "Pass"),
                            sc("N", "Pass")]
    assert r["next"] is None


def test_17d3_a_skipped_turn_followed_by_a_bid_is_no_end_of_the_auction() -> None:
    # the call out of rotation accepted (29A), and the auction goes on: nothing to revert
    r = rule(dealer="N", calls=["N 1H", "S Pass", "W 1S", "N Pass", "E Pass", "S Pass"])
    assert "17D3" not in r["laws"] and r["next"] is None


def _record(calls: str) -> BoardRecord:
    entries = tuple(AuctionEntry(None, skipped=True) if c == "^S" else AuctionEntry(
        Call.from_pbn(c)) for c in calls.split())
    return BoardRecord(board=3, auction=Auction(Seat.N, entries))


def test_17d3_audit_an_auction_ended_with_a_skipped_turn_is_illegal() -> None:
    rec = _record("1H ^S Pass Pass Pass")
    assert rec.auction is not None and rec.auction.deprived_turn() == 1
    found = [f for f in check_record(rec) if f.kind is FindingKind.AUCTION_ILLEGAL]
    assert [(f.law, f.params["index"], messages.render(f.params["call"].key))
            for f in found] == [("17D3", 3, "pass")]
    assert messages.render(found[0].key, found[0].params) == (
        "Call 3 of the auction, pass by South, is not legal: the auction did not end: East "
        "lost his turn to a pass out of rotation (Law 17D3).")
    assert "Øst" in messages.render(found[0].key, found[0].params, "da")


def test_17d3_audit_a_skip_before_the_last_bid_is_no_problem() -> None:
    assert _record("1H ^S 2H Pass Pass Pass").auction.problems() == []  # type: ignore[union-attr]
    assert _record("1H Pass Pass Pass").auction.deprived_turn() is None  # type: ignore[union-attr]


def test_17d3_an_in_rotation_pass_after_the_three_is_cancelled_too() -> None:
    """N 1H, E pass, W pass at South's turn, N pass, E pass: East's second pass came at
    its turn in the rotation that went on; 17D3 cancels it with the others: no change of
    call (25B), no acceptance to ask, no restriction."""
    r = rule(dealer="N", calls=["N 1H", "E Pass", "W Pass", "N Pass", "E Pass"])
    assert r["laws"] == ["29A", "17D3", "16C"] and r["status"] == "ruled"
    assert r["auction"] == [sc("N", "1H"), sc("E", "Pass")] and r["next"] == "S"
    assert r["cancelled"] == [sc("W", "Pass"), sc("N", "Pass"), sc("E", "Pass")]
    assert r["decisions"] == [] and r["lead_restriction"] is None
    assert "West's pass, North's pass and East's pass are cancelled" in r["text"]


def test_17d3_the_deprived_players_own_pass_is_his_call() -> None:
    r = rule(dealer="N", calls=["N 1H", "S Pass", "W Pass", "N Pass", "E Pass"])
    assert r["cancelled"] == [sc("S", "Pass"), sc("W", "Pass"), sc("N", "Pass")]
    assert r["auction"] == [sc("N", "1H"), sc("E", "Pass")] and r["next"] == "S"


def test_17d3_the_third_pass_itself_out_of_rotation() -> None:
    """1NT P 3NT, W pass, N pass, then S passes at East's turn: the third pass, itself out
    of rotation (Law 34: "one or more being out of rotation"): the auction reverts to East
    and South's pass is cancelled; no 30A obligation, no acceptance to ask (29A)."""
    r = rule(dealer="N", calls=["N 1NT", "E Pass", "S 3NT", "W Pass", "N Pass", "S Pass"])
    assert r["laws"] == ["17D3", "16C"] and r["status"] == "ruled"
    assert r["next"] == "E" and r["cancelled"] == [sc("S", "Pass")]
    assert r["pass_obligations"] == [] and r["decisions"] == []
    assert "South's pass, made out of rotation, deprived East of his turn" in r["text"]
    more = rule(dealer="N", calls=["N 1NT", "E Pass", "S 3NT", "W Pass", "N Pass", "S Pass",
                                   "E Pass"])
    assert more["auction"][-1] == sc("E", "Pass") and more["next"] is None
