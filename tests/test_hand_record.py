"""The club's hand records joined to its results (``--hand-record FILE``): a real
Bridgemate session without deals gets its deals by board number, a hand record that is not
for the session's boards is refused (exit 2), and a result whose own deal is not the hand
record's is found (``hand_record_differs``, a possible fouled board, Law 87A).

No hand record of the real Bridgemate session is public: the hand records here are made,
in the test, of the deals of a real club session in PBN (the dealing machine's PBN is the
same tags: Board, Dealer, Vulnerable, Deal)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from td_plugin.audit.hand_record import hand_record_for
from td_plugin.audit.watch import SessionWatcher
from td_plugin.cli import main
from td_plugin.errors import InputError
from td_plugin.host.manager import PluginHost
from td_plugin.laws.context import ReviewContext
from td_plugin.model.board import BoardRecord
from td_plugin.model.cards import Card, Seat
from td_plugin.model.deal import Deal, Hand
from td_plugin.serve.boards import SessionBoards

BWS = "bws/acbl_club_pairs_2025-12-23_2sections_redacted.bws"
#: a real club session of 27 boards, one game per table result, each with its deal
CLUB = "pbn/pl_pary_wb130801_per_table_results.pbn"


def dealt(realworld: Path) -> dict[int, BoardRecord]:
    """The deal of each board of the real club session, by board number."""
    host = PluginHost(load_entrypoints=False)
    out: dict[int, BoardRecord] = {}
    for record in host.open_source(str(realworld / CLUB)).records():
        if record.board is not None and record.deal is not None:
            out.setdefault(record.board, record)
    return out


def hand_record(path: Path, deals: dict[int, BoardRecord], boards: range) -> Path:
    """A dealing machine's PBN hand record of ``boards``."""
    games = []
    for b in boards:
        r = deals[b]
        games.append(f'[Event "Hand record"]\n[Board "{b}"]\n[Dealer "{r.dealer.value}"]\n'
                     f'[Vulnerable "{r.vulnerability.pbn()}"]\n[Deal "{r.deal.pbn()}"]\n')
    path.write_text("\n".join(games), encoding="utf-8")
    return path


@pytest.mark.slow
def test_a_bridgemate_session_gets_its_deals_from_the_hand_record(
        realworld: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deals = dealt(realworld)
    hand = hand_record(tmp_path / "hands.pbn", deals, range(1, 25))
    session = str(realworld / BWS)  # (its HandRecord table is empty: no deal of its own)
    assert main(["audit", "--json", "--hand-record", str(hand), session]) in (0, 1)
    report = json.loads(capsys.readouterr().out)
    (after,) = report["inputs"]
    assert after["records"] == 384 and after["coverage"]["deals"] == 384
    assert "deals" not in after["coverage"]["not_checked"]
    # the results keep their own place: nothing of the hand record is taken for a result
    assert not [f for f in report["findings"] if f["kind"] == "hand_record_differs"]


@pytest.mark.parametrize(("boards", "said"), [
    pytest.param(range(1, 28), "it deals board 25, 26, 27, which the session has no result "
                 "of (27 boards in the hand record, 24 in the session)",
                 marks=pytest.mark.slow),
    (range(1, 21), "it has no deal for board 21, 22, 23, 24 of the session "
                   "(20 boards in the hand record, 24 in the session)"),
])
def test_a_hand_record_not_for_the_sessions_boards_is_refused(
        realworld: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        boards: range, said: str) -> None:
    hand = hand_record(tmp_path / "hands.pbn", dealt(realworld), boards)
    session = str(realworld / BWS)
    assert main(["audit", "--hand-record", str(hand), session]) == 2
    captured = capsys.readouterr()
    assert "the hand record is not for" in captured.err and said in captured.err
    assert captured.out == ""  # refused before any report
    if boards.stop > 25:  # (the watch checks the same way: once is enough)
        assert main(["watch", "--replay", "--hand-record", str(hand), session]) == 2
        assert said in capsys.readouterr().err


def test_a_file_without_deals_is_no_hand_record(realworld: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    session = str(realworld / BWS)
    assert main(["audit", "--hand-record", session, session]) == 2
    assert "not a hand record: no deal in it" in capsys.readouterr().err


def _fouled(deal: Deal) -> Deal:
    """``deal`` with a card of North's and one of South's swapped."""
    north, south = deal[Seat.N], deal[Seat.S]
    a, b = next(iter(north)), next(c for c in south if c.suit is not next(iter(north)).suit)
    hands = {Seat.N: Hand([c for c in north if c != a] + [b]),
             Seat.S: Hand([c for c in south if c != b] + [a]),
             Seat.E: deal[Seat.E], Seat.W: deal[Seat.W]}
    return Deal(hands)


def test_87a_a_result_whose_deal_is_not_the_hand_records_is_found(
        realworld: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The real club session against its own deals, board 5 of the hand record with a
    card of North's and one of South's swapped: every result of board 5 is found, naming
    North and South, and no other."""
    deals = dealt(realworld)
    deals[5] = deals[5].evolve(deal=_fouled(deals[5].deal))
    hand = hand_record(tmp_path / "hands.pbn", deals, range(1, 28))
    session = str(realworld / CLUB)
    assert main(["audit", "--json", "--hand-record", str(hand), session]) == 1
    found = [f for f in json.loads(capsys.readouterr().out)["findings"]
             if f["kind"] == "hand_record_differs"]
    host = PluginHost(load_entrypoints=False)
    played = [r for r in host.open_source(session).records() if r.board == 5]
    assert len(found) == len(played) > 1
    assert {f["board"] for f in found} == {5} and found[0]["seats"] == ["N", "S"]
    assert found[0]["law"] == "87A" and "North and South" in found[0]["message"]
    assert found[0]["table"] is None  # the file names no table: none is invented
    assert main(["audit", "--lang", "da", "--hand-record", str(hand), session]) == 1
    assert "fordelingslisten" in capsys.readouterr().out


@pytest.mark.slow
def test_watch_and_serve_join_the_hand_record(realworld: Path, tmp_path: Path) -> None:
    host = PluginHost(load_entrypoints=False)
    session = str(realworld / BWS)
    hand = hand_record_for(host, str(hand_record(tmp_path / "hands.pbn", dealt(realworld),
                                                 range(1, 25))), [session])
    source = host.open_source(session)
    watcher = SessionWatcher(host, source.session(),  # type: ignore[attr-defined]
                             ReviewContext(equity=False, hand_record=hand))
    watcher.observe(source.entries())  # type: ignore[attr-defined]
    report = watcher.close()
    assert report.coverage.deals == report.total_reviewed > 0
    boards = SessionBoards.read(host, session, hand)
    assert all(r.record.deal == hand.boards[r.record.board].deal for r in boards.results)
    assert SessionBoards.read(host, session).results[0].record.deal is None


def test_two_different_deals_of_one_board_are_no_hand_record(realworld: Path,
                                                             tmp_path: Path) -> None:
    deals = dealt(realworld)
    path = hand_record(tmp_path / "hands.pbn", deals, range(1, 25))
    other = deals[2].deal
    path.write_text(path.read_text(encoding="utf-8")
                    + f'\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{other.pbn()}"]\n',
                    encoding="utf-8")
    with pytest.raises(InputError, match="board 1 is dealt twice, differently"):
        hand_record_for(PluginHost(load_entrypoints=False), str(path), [])
    assert Card.from_pbn("SA")  # (the card reader the fixture's deals were made with)


def test_serve_refuses_a_hand_record_not_for_its_session_before_it_starts(
        realworld: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    hand = hand_record(tmp_path / "hands.pbn", dealt(realworld), range(1, 25))
    session = str(realworld / CLUB)  # 27 boards
    assert main(["serve", "--no-qr", "--db", str(tmp_path / "log.sqlite"), "--hand-record",
                 str(hand), session]) == 2
    assert "it has no deal for board 25, 26, 27 of the session" in capsys.readouterr().err
    assert main(["serve", "--no-qr", "--hand-record", str(hand)]) == 2
    assert "name the session file" in capsys.readouterr().err
