"""PBN ``^I`` (insufficient bid accepted, Law 27A1) and ``^S`` (turn lost to an accepted
call out of rotation, Law 29A) explained as audit findings."""

from __future__ import annotations

from pathlib import Path

from adapters.pbn.reader import read_pbn
from td_plugin import messages
from td_plugin.errors import Location
from td_plugin.laws.context import ReviewContext
from td_plugin.model.auction import Auction, AuctionEntry, Call
from td_plugin.model.board import BoardRecord
from td_plugin.model.cards import Seat
from td_plugin.rulers.auction import KIND, explain_recorded_irregularities


def entry(token: str) -> AuctionEntry:
    if token == "^S":
        return AuctionEntry(None, skipped=True)
    if token.startswith("^I"):
        return AuctionEntry(Call.from_pbn(token[2:]), insufficient=True)
    return AuctionEntry(Call.from_pbn(token))


def record(dealer: Seat, tokens: str) -> BoardRecord:
    auction = Auction(dealer, tuple(entry(t) for t in tokens.split()))
    return BoardRecord(board=3, dealer=dealer, auction=auction,
                       location=Location(path="s.pbn", line=40, board=3, record=3))


def test_27a1_recorded_insufficient_bid_accepted() -> None:
    findings = explain_recorded_irregularities(record(Seat.W, "1D ^I1C 2C Pass Pass Pass"),
                                               ReviewContext())
    assert len(findings) == 1
    f = findings[0]
    assert (f.kind, f.law, f.seat, f.board, f.record, f.path, f.line) == \
        (KIND, "27A1", Seat.N, 3, 3, "s.pbn", 40)
    assert f.data == {"index": 2, "seat": "N", "call": "1C", "over": "1D", "accepted_by": "E"}
    assert f.ruling is not None and f.ruling.laws == ["27A1"]
    assert messages.render(f.key, f.params) == (
        "North's 1♣ was an insufficient bid over 1♦; the record marks it as accepted: East "
        "called over it, so it stands as a legal bid (Law 27A1).")
    assert "§ 27A1" in messages.render(f.key, f.params, "da")


def test_29a_recorded_call_out_of_rotation_accepted() -> None:
    # W deals; North opens at West's turn; East accepts by calling
    f, = explain_recorded_irregularities(record(Seat.W, "^S 1D Pass Pass Pass"))
    assert (f.law, f.seat) == ("29A", Seat.N)
    assert f.data == {"index": 1, "skipped": ["W"], "seat": "N", "call": "1D",
                      "accepted_by": "E"}
    assert "West lost the turn (Law 29A)" in messages.render(f.key, f.params)


def test_29a_two_turns_lost() -> None:
    f, = explain_recorded_irregularities(record(Seat.W, "1D ^S ^S 2S Pass Pass Pass"))
    assert f.data["skipped"] == ["N", "E"] and f.data["seat"] == "S"
    assert "North and East lost the turn" in messages.render(f.key, f.params)
    assert "Nord og Øst mistede turen" in messages.render(f.key, f.params, "da")


def test_clean_auction_has_no_findings() -> None:
    assert explain_recorded_irregularities(record(Seat.N, "1H Pass 2H Pass Pass Pass")) == []
    assert explain_recorded_irregularities(BoardRecord(board=1)) == []


def test_pbn_reference_game_with_every_marker(realworld: Path) -> None:
    # the PBN standard's own example: "- ^S 1D ^I 1C 4S ^I 3NT ^S ^S X 5H X AP"
    source = read_pbn(realworld / "pbn" / "pbnref_correct_10.pbn")
    found = [f for rec in source.records() if rec.auction is not None
             for f in explain_recorded_irregularities(rec)]
    assert [(f.law, f.data.get("seat"), f.data.get("call")) for f in found] == [
        ("29A", "E", "1D"), ("27A1", "S", "1C"), ("27A1", "N", "3NT"), ("29A", "W", "X")]
    assert found[3].data["skipped"] == ["E", "S"]
    assert all(f.path and f.path.endswith("pbnref_correct_10.pbn") for f in found)
