"""The PBN reader on the real files in ../shared/realworld/pbn and on small texts.

The reference files of the PBN verifier pin the standard: ``pbnref_correct_*`` must read
without a problem, and each syntax error of ``pbnref_errors_*`` must be reported at its
line. What is consistent syntax but wrong bridge (an insufficient bid not marked ``^I``,
a revoke, a Result the play contradicts) is left to the audit and not reported here.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adapters.pbn.reader import PbnSource, read_pbn
from adapters.pbn.sections import written_items
from adapters.pbn.tokens import split_blocks
from td_plugin.errors import ParseError
from td_plugin.model.auction import Call
from td_plugin.model.board import Vulnerability
from td_plugin.model.cards import Card, Seat
from td_plugin.model.contract import Contract
from tests.conftest import LARGE_PBN, REALWORLD, realworld_dir

PBN_FILES = sorted(p.name for p in (REALWORLD / "pbn").glob("*.pbn")) or ["<none>"]
#: the real files, the large one (7,632 games) marked slow
PBN_PARAMS = [pytest.param(n, marks=pytest.mark.slow) if n == LARGE_PBN else n for n in PBN_FILES]


def _source(realworld: Path, name: str, **kw: object) -> PbnSource:
    return PbnSource(realworld / "pbn" / name, **kw)


def _games(realworld: Path, name: str) -> list:
    return list(_source(realworld, name).games())


def _played(trick) -> list[tuple[str, str, str | None]]:
    return [(pc.seat.value, pc.card.pbn(), pc.marker) for pc in trick.cards]


def _problem_lines(source: PbnSource) -> set[int]:
    lines = {p.location.line for r in source.records() for p in r.problems}
    return lines | {p.location.line for p in source.file_problems()}


# -- every real file ----------------------------------------------------------------------

@pytest.mark.realworld
@pytest.mark.parametrize("name", PBN_PARAMS)
def test_every_real_pbn_file_reads(realworld: Path, name: str) -> None:
    source = _source(realworld, name)
    records = list(source.records())
    assert records, name
    for n, record in enumerate(records, 1):
        assert record.location.record == n
        assert record.location.path == source.path
        for problem in record.problems:
            assert problem.location.line is not None
            assert record.location.line <= problem.location.line


@pytest.mark.realworld
@pytest.mark.parametrize("name, games", [
    ("rpbridge_world_championships_vugraph.pbn", 7632),
    ("realbridge_2021_online_qual_open_r2.pbn", 299),
    ("bbo_wronie_pairs_2013_play.pbn", 735),
    ("bbo_acbl_speedball_2013_play.pbn", 576),
    ("bbo_aba_pairs_2021_play_alerts.pbn", 56),
    ("bbo_annamar_2013_play_dash_padding.pbn", 57),
    ("bbo_skyclub_2013_play_missing_contract.pbn", 44),
    ("pl_pary_szczyrk_20131108_per_table_results.pbn", 1205),
    ("pl_kops_pch1003_per_table_results.pbn", 570),
    ("pbnref_correct_10.pbn", 31),  # the blocks of only % lines and commentary are no games
    ("pbnref_correct_20.pbn", 46),
    ("eyc1998_vienna_2boards.pbn", 2),
])
def test_record_counts(realworld: Path, name: str, games: int) -> None:
    assert sum(1 for _ in _source(realworld, name).records()) == games


@pytest.mark.realworld
@pytest.mark.parametrize("name", [
    "pbnref_correct_10.pbn", "pbnref_correct_20.pbn", "pbnref_correct_21.pbn",
    "pbnref_basic_10.pbn", "pbnref_basic_20.pbn", "eyc1998_vienna_2boards.pbn",
    "realbridge_2021_online_qual_open_r2.pbn", "bbo_wronie_pairs_2013_play.pbn",
    "bbo_annamar_2013_play_dash_padding.pbn", "bbo_skyclub_2013_play_missing_contract.pbn",
])
def test_valid_files_read_without_a_problem(realworld: Path, name: str) -> None:
    source = _source(realworld, name)
    assert [p.describe() for r in source.records() for p in r.problems] == []
    assert source.file_problems() == []


# -- the verifier's error files: each error at its line -------------------------------------

ERRORS_10 = {
    11: "[Event] without a value", 15: "value without quotes", 19: "tab in a string",
    23: "Round '&'", 27: "Round '-1'", 31: "date 1995.o6.10", 35: "date 95.06.10",
    39: "Dealer 'Black'", 43: "Vulnerable 'E'", 47: "bad rank", 51: "SK twice",
    55: "14 cards", 59: "12 cards against 13", 63: "12 against 13 (two hands)",
    67: "double space", 71: "14 cards", 75: "no cards", 79: "Declarer 'White'",
    83: "5Hearts", 87: "5NoTrump", 91: "Result C-2", 95: "text outside a tag",
    98: "Note outside a section", 102: "Auction without Dealer", 108: "Play without Deal",
    114: "Play without Declarer", 120: "Play without Contract", 127: "Site twice",
    159: "auction from West, dealer North", 168: "auction from East, dealer North",
    177: "call '1'",  # (line 186, "call '1N'", is notrump as the programs write it: issue 30)
    223: "!!!", 226: "! !", 229: "! $3", 232: "$3 !", 235: "$7 on a call", 238: "$256",
    241: "$a", 244: "=a=", 247: "=44=", 250: "two note references, no note 1",
    340: "!!!", 343: "! !", 346: "! $9", 349: "$9 !", 361: "$1 on a card", 363: "$256",
    366: "=a=", 368: "$a", 381: "=44=", 384: "two note references, no note 1",
    405: "S1", 408: "HHT", 411: "KT",
    429: "^R ^R", 432: "^R ^L", 435: "^L ^R", 438: "second ^L in a trick",
    450: "^L on the leader", 462: "^R on the lead", 486: "^R following suit",
    495: "Result of a passed-out board", 504: "Result of a passed-out board",
    529: "Note 0", 531: "Note 33", 534: "note 32 unused", 564: "no note 3",
    569: "note 32 unused", 601: "^I on a sufficient bid", 636: "NS 9 EW 2",
    654: "! and $2", 663: "$2 on a card", 670: "$2 on a card",
    772: "Dealer #", 773: "Vulnerable #", 774: "Deal #", 775: "Declarer #",
    776: "Contract #", 777: "Auction #", 779: "Play #",
    784: "Score a", 785: "ScoreIMP a", 786: "ScorePercentage a", 787: "ScoreRubber a",
    791: "10.a", 792: "10.a", 793: "10.a", 794: "10.a",
    798: "10.-10", 799: "10.-10", 800: "10.-10", 801: "10.-10",
    805: "10. 10", 806: "10. 10", 807: "10. 10", 808: "10. 10", 812: "percentage -10",
    817: "long line", 820: "long line", 825: "long line", 828: "codes 127-159",
    833: "Scoring 'Unknown tag'", 865: "'*' after '+'",
    875: "Note ''", 877: "Note ':'", 879: "Note ' '", 881: "Note 'a'", 883: "Note 'a:'",
    912: "CS", 914: "DS", 955: "Note without its closing quote, long, code 0x85",
    957: "Note without its closing quote",
}
# consequences of the errors above: the notes of lines 955/957 are unreadable, so the
# references to them have no note
ERRORS_10_CONSEQUENCES = {943, 946}
ERRORS_20 = {
    7: "Scoring '??'", 10: "Scoring ';'", 15: "rubber history against All",
    18: "rubber history against All", 23: "rubber history against None",
    26: "rubber history against None", 40: "two '+'", 53: "card after '+'",
    66: "call after '+'", 79: "call after '+'", 92: "call after '+'",
    97: "unclosed string in the header", 100: "unclosed string in the header",
    103: "width without a number", 108: "comment among table elements", 113: "'%'",
    117: "'['", 121: "']'", 125: "'{' among table elements", 143: "a missing element",
    158: "descending values in an ascending column",
    174: "the same, with the header inherited by '#'",
}
ERRORS_21 = {7: "OptimumScore without side", 11: "OptimumScore without number"}


@pytest.mark.realworld
@pytest.mark.parametrize("name, expected, consequences", [
    ("pbnref_errors_10.pbn", ERRORS_10, ERRORS_10_CONSEQUENCES),
    ("pbnref_errors_20.pbn", ERRORS_20, set()),
    ("pbnref_errors_21.pbn", ERRORS_21, set()),
])
def test_verifier_errors_are_reported_at_their_lines(realworld: Path, name: str,
                                                     expected: dict[int, str],
                                                     consequences: set[int]) -> None:
    lines = _problem_lines(_source(realworld, name))
    missing = {line: why for line, why in expected.items() if line not in lines}
    assert missing == {}
    assert lines - set(expected) - consequences == set()


@pytest.mark.realworld
def test_problems_carry_file_line_and_board(realworld: Path) -> None:
    source = _source(realworld, "pbnref_errors_10.pbn")
    record = next(r for r in source.records() if r.location.line == 122)
    problem = next(p for p in record.problems if p.location.line == 127)
    assert problem.location.board == 1 and problem.location.record == record.location.record
    assert problem.location.path == source.path
    assert "Site" in problem.describe() and "line 127" in problem.describe()


# -- strict mode --------------------------------------------------------------------------

@pytest.mark.realworld
def test_strict_mode_raises_parse_error_with_the_line(realworld: Path) -> None:
    with pytest.raises(ParseError) as caught:
        list(_source(realworld, "pbnref_errors_21.pbn", strict=True).records())
    assert caught.value.location.line == 7
    assert "OptimumScore" in str(caught.value) and "line 7" in str(caught.value)


def test_strict_mode_raises_on_text_between_games() -> None:
    text = '[Board "1"]\n\nstray words\n\n[Board "2"]\n'
    assert len(list(PbnSource.from_text(text).records())) == 2
    with pytest.raises(ParseError) as caught:
        list(PbnSource.from_text(text, strict=True).records())
    assert caught.value.location.line == 3


@pytest.mark.realworld
def test_strict_mode_reads_a_valid_file(realworld: Path) -> None:
    assert len(list(_source(realworld, "pbnref_correct_20.pbn", strict=True).records())) == 46


# -- play order, irregularity markers ---------------------------------------------------

@pytest.mark.realworld
def test_spec_example_play_in_played_order(realworld: Path) -> None:
    # PBN 2.1 §1.2: "C5 C2 C6 CK" is West, North, East, South, but North won trick 1
    # with a trump and led the C2.
    record = _games(realworld, "pbnref_correct_10.pbn")[0].record
    tricks = [_played(t) for t in record.play.tricks]
    assert tricks[1] == [("N", "C2", None), ("E", "C6", None), ("S", "CK", None),
                         ("W", "C5", None)]
    assert [t[0][:2] for t in tricks] == [("W", "SK"), ("N", "C2"), ("S", "S7"),
                                          ("N", "CA"), ("N", "DA"), ("N", "DK"), ("S", "H2")]
    assert record.play.claimed and not record.play.incomplete
    assert record.contract == Contract.from_pbn("5HX", "S") and record.declarer_tricks == 9


@pytest.mark.realworld
def test_irregularity_markers_of_the_reference_game(realworld: Path) -> None:
    game = _games(realworld, "pbnref_correct_10.pbn")[2]
    record = game.record
    assert record.problems == ()
    assert record.declarer_swapped and record.declarer is Seat.S
    assert record.result_agreed and record.declarer_tricks == 5
    auction = record.auction
    assert auction.dealer is Seat.N
    skipped = [i for i, e in enumerate(auction.entries) if e.skipped]
    insufficient = [(i, e.call.pbn()) for i, e in enumerate(auction.entries) if e.insufficient]
    assert skipped == [0, 5, 6] and all(auction.entries[i].call is None for i in skipped)
    assert insufficient == [(2, "1C"), (4, "3NT")]
    tricks = [_played(t) for t in record.play.tricks]
    # ^L: South led CK out of turn, the others followed clockwise; ^R: East's revokes
    assert tricks[1] == [("S", "CK", "L"), ("W", "C5", None), ("N", "C2", None),
                         ("E", "S5", "R")]
    assert tricks[2] == [("S", "S7", None), ("W", "S2", None), ("N", "H6", None),
                         ("E", "C6", "R")]
    # as written: column order from West, markers on their cards
    written = [(i.text, i.marker, i.line) for i in written_items(game, game.play)[4:8]]
    assert written == [("C5", None, 119), ("C2", None, 119), ("S5", "R", 119), ("CK", "L", 119)]


@pytest.mark.parametrize("row, message", [
    ("^L SK H3 S4 S3", "their turn to lead"),
    ("^R SK H3 S4 S3", "leads the trick"),
    ("SK H3 ^R S4 S3", "follows suit"),
    ("^R ^R SK H3 S4 S3", "two irregularity markers"),
    ("SK H3 S4 S3 C5 C2 ^L C6 ^L CK", "two leads out of turn"),
])
def test_misused_play_markers(row: str, message: str) -> None:
    text = ('[Dealer "N"]\n[Deal "W:KQT2.AT.J6542.85 .63.AKQ987.A9732 A8654.KQ5.T.QJT6 '
            'J973.J98742.3.K4"]\n[Declarer "S"]\n[Contract "5HX"]\n[Play "W"]\n' + row + "\n")
    record = next(PbnSource.from_text(text).records())
    assert {p.location.line for p in record.problems} == {6}
    assert any(message in p.message for p in record.problems)


@pytest.mark.realworld
def test_plus_marks_the_next_card(realworld: Path) -> None:
    games = _games(realworld, "pbnref_correct_20.pbn")
    play = games[26].record.play  # "S3 C3 +  SA": North led the ace, West is to play
    assert _played(play.tricks[-1]) == [("N", "SA", None), ("E", "S3", None),
                                        ("S", "C3", None)]
    assert play.incomplete and not play.claimed
    assert games[25].record.play.tricks == ()  # "+" alone: the opening lead is next


@pytest.mark.realworld
def test_end_position_takes_the_trump_from_a_strain_contract(realworld: Path) -> None:
    record = _games(realworld, "pbnref_correct_20.pbn")[30].record
    assert record.contract is None and record.extra["trump_strain"].value == "H"
    assert len(record.play.tricks) == 5 and record.problems == ()
    # trick 1 "C5 C2 C6 CK" from West, trick 2 led by South who won it with the king
    assert record.play.tricks[1].leader is Seat.S


@pytest.mark.realworld
def test_bbo_dash_rows_after_a_claim(realworld: Path) -> None:
    record = _games(realworld, "bbo_annamar_2013_play_dash_padding.pbn")[0].record
    assert len(record.play.tricks) == 6 and record.play.claimed
    assert not record.play.incomplete and record.declarer_tricks == 10


@pytest.mark.realworld
def test_play_without_contract_takes_the_trump_from_the_auction(realworld: Path) -> None:
    games = _games(realworld, "bbo_skyclub_2013_play_missing_contract.pbn")
    game = next(g for g in games if g.tag("Contract") is None and g.play is not None)
    record = game.record
    assert record.contract is None and record.problems == ()
    contract = record.auction.contract()
    assert record.play.leader is contract.declarer.lho
    winners = record.play.winners(contract.strain.suit)
    assert [t.leader for t in record.play.tricks[1:len(winners) + 1]] == winners[:len(
        record.play.tricks) - 1]


def test_play_without_any_contract_stays_in_column_order() -> None:
    text = '[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n' \
           '[Play "E"]\nS8 S7 S2 SA\n'
    record = next(PbnSource.from_text(text).records())
    assert [(pc.seat.value, pc.card.pbn()) for pc in record.play.tricks[0].cards] == [
        ("E", "S8"), ("S", "S7"), ("W", "S2"), ("N", "SA")]
    assert any("without a Contract" in p.message for p in record.problems)


# -- auctions -----------------------------------------------------------------------------

@pytest.mark.parametrize("tag_seat, calls, dealer, first", [
    ("N", "1D 1S AP", "N", Seat.N),
    ("W", "- 1D 1S AP", "N", Seat.N),
    ("W", "- - - 1C AP", "S", Seat.S),
    ("S", "AP", "S", Seat.S),
])
def test_auction_placeholders_move_the_first_call(tag_seat: str, calls: str, dealer: str,
                                                  first: Seat) -> None:
    text = f'[Dealer "{dealer}"]\n[Auction "{tag_seat}"]\n{calls}\n'
    record = next(PbnSource.from_text(text).records())
    assert record.problems == () and record.auction.dealer is first
    assert record.auction.is_complete
    assert record.extra["auction_seat"] is Seat(tag_seat)


@pytest.mark.realworld
def test_auction_to_be_continued(realworld: Path) -> None:
    games = _games(realworld, "pbnref_correct_20.pbn")
    waiting, opening = games[29].record.auction, games[28].record.auction
    assert waiting.truncated and not waiting.is_complete and len(waiting) == 15
    assert opening.truncated and len(opening) == 0


def test_ap_alone_passes_the_board_out() -> None:
    record = next(PbnSource.from_text('[Dealer "S"]\n[Auction "S"]\nAP\n').records())
    assert record.auction.calls() == [Call.PASS] * 4 and record.auction.is_passed_out


@pytest.mark.realworld
def test_auction_from_a_seat_other_than_the_dealer_is_kept_and_reported(realworld: Path) -> None:
    record = next(r for r in _source(realworld, "pbnref_errors_10.pbn").records()
                  if r.location.line == 122)
    assert record.auction.dealer is Seat.W and record.dealer is Seat.N
    assert record.auction.calls() == [Call.from_pbn("1D")]
    assert any("starts with West" in p.message for p in record.problems)


@pytest.mark.realworld
def test_suffix_nag_and_note_of_a_call(realworld: Path) -> None:
    record = _games(realworld, "vugraph_mixed_commentary_quirks.pbn")[0].record
    entry = record.auction.entries[4]  # "2C !"
    assert (entry.call.pbn(), entry.suffix) == ("2C", "!")
    assert record.auction.entries[2].notes == (1,)
    assert record.auction_notes[3] == "17+ with 4 !S"


# -- notes and commentary ------------------------------------------------------------------

@pytest.mark.realworld
def test_auction_and_play_notes_are_kept_apart(realworld: Path) -> None:
    record = _games(realworld, "pbnref_correct_10.pbn")[1].record
    assert record.auction_notes[1] == "non-forcing 6-9 points, 6-card"
    assert record.extra["play_notes"] == {1: "highest of series"}
    first_card = record.play.tricks[0].cards[0]
    assert first_card.notes == (1,) and set(first_card.nags) == {7, 14}  # "!" is $7 for cards


def test_a_later_game_does_not_inherit_an_earlier_note() -> None:
    text = ('[Dealer "N"]\n[Auction "N"]\n1C =1= AP\n[Note "1:could be short"]\n\n'
            '[Dealer "N"]\n[Auction "N"]\n1D =1= AP\n')
    first, second = PbnSource.from_text(text).records()
    assert first.auction_notes == {1: "could be short"} and first.problems == ()
    assert second.auction_notes == {}
    assert [(p.location.line, "=1=" in p.message) for p in second.problems] == [(8, True)]


@pytest.mark.realworld
def test_commentary_stays_with_what_it_follows(realworld: Path) -> None:
    games = _games(realworld, "pbnref_correct_10.pbn")
    game = games[24]  # game 25 of the file, "Test of comment"
    assert [c.text for c in game.leading_comments] == [" Initial game comment ",
                                                      " rest of game comment",
                                                      " 2nd game comment "]
    assert [c.text for c in game.tag("West").comments] == [
        " West comment ", " rest of West comment", " 2nd West comment "]
    three_hearts = next(i for i in written_items(game, game.auction) if i.text == "3H")
    assert [c.text for c in three_hearts.comments] == ["A1", "A2", "B1", "B2", "C1", "C2",
                                                       "D1", "D2"]
    assert (three_hearts.suffix, three_hearts.nags, three_hearts.note) == ("?!", (13,), 1)
    assert game.record.problems == ()


@pytest.mark.realworld
def test_escape_lines_are_kept(realworld: Path) -> None:
    game = _games(realworld, "realbridge_2021_online_qual_open_r2.pbn")[0]
    assert game.escapes == [(1, "% PBN 2.1"), (2, "% EXPORT")]


# -- tags: inheritance, carry-over, values ----------------------------------------------

@pytest.mark.realworld
def test_hash_inheritance(realworld: Path) -> None:
    games = _games(realworld, "pbnref_correct_20.pbn")
    values = [g.values for g in games]
    assert values[0]["Event"] == "Autumn regional" == values[14]["Event"]  # "##Autumn ..."
    assert values[1]["West"] == "?"  # "#": from game 1
    assert values[2]["West"] == "" == values[10]["West"]  # "##": empty from game 3 on
    assert values[2]["Hidden"] == "WNE"  # "#"
    assert values[4]["Hidden"] == "NES"  # no tag: the "##NES" of game 4
    assert values[15]["Scoring"] == "IMP"  # redefined
    assert games[1].tag("West").inherited and not games[0].tag("West").inherited
    assert games[2].record.problems == ()


@pytest.mark.realworld
def test_table_header_inherited_by_hash(realworld: Path) -> None:
    games = _games(realworld, "pbnref_correct_20.pbn")
    first, second = games[44].tables, games[45].tables
    assert second["ScoreTable"].header_value == first["ScoreTable"].header_value
    assert [c.name for c in second["ScoreTable"].columns] == [
        "Rank", "Percentage_NS", "Percentage_EW", "Score_NS", "Multiplicity"]
    assert second["ScoreTable"].rows == [["1", "99.4", "0.6", "500", "2"],
                                         ["3", "98.4", "1.6", "470", "1"]]


@pytest.mark.realworld
def test_quoted_table_cells_with_spaces_stay_whole(realworld: Path) -> None:
    table = _games(realworld, "pbnref_correct_20.pbn")[44].tables["TotalScoreTable"]
    assert [(c.name, c.order, c.width, c.align) for c in table.columns[:3]] == [
        ("Rank", "-", 3, "R"), ("PairId", None, 5, "R"), ("Names", None, 45, None)]
    assert len(table.rows) == 10 and all(len(row) == 7 for row in table.rows)
    assert table.rows[0][2] == '"Sergey OSTRIKOV      ;Oleg ODINTSEV        "'
    first = next(table.dicts())
    assert first["Names"] == "Sergey OSTRIKOV      ;Oleg ODINTSEV        "
    assert first["Percentage"] == "72.49"


def test_artificial_score_cells_keep_their_caret() -> None:
    text = ('[Board "1"]\n[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;'
            'Percentage_NS;Percentage_EW"]\n 1  2 4S   ^60 ^40\n 3  4 "-"  50 50\n')
    record = next(PbnSource.from_text(text).records())
    table = record.extra["tables"]["ScoreTable"]
    assert record.problems == ()
    assert table.rows == [["1", "2", "4S", "^60", "^40"], ["3", "4", '"-"', "50", "50"]]
    assert [row["Contract"] for row in table.dicts()] == ["4S", "-"]


@pytest.mark.realworld
def test_optimum_result_table(realworld: Path) -> None:
    table = _games(realworld, "pbnref_correct_21.pbn")[0].tables["OptimumResultTable"]
    assert len(table.rows) == 20 and table.rows[4] == ["N", "NT", "6"]


@pytest.mark.realworld
def test_rpbridge_omitted_tags_are_carried_over(realworld: Path) -> None:
    source = _source(realworld, "rpbridge_world_championships_vugraph.pbn")
    games = []
    for game in source.games():
        games.append(game)
        if len(games) == 3:
            break
    open_room, closed_room, next_board = (g.record for g in games)
    assert closed_room.board == 1 and closed_room.deal == open_room.deal
    assert closed_room.dealer is Seat.N and closed_room.vulnerability is Vulnerability.NONE
    assert closed_room.players[Seat.W] == "Zak" and open_room.players[Seat.W] == "Nystrom"
    assert {"Board", "Deal", "Dealer", "Vulnerable"} <= set(closed_room.extra["carried"])
    # the players of each room are named once; board 2's first table is the open room's
    assert next_board.board == 2 and next_board.players == open_room.players
    assert next_board.event == "World Championship"
    assert open_room.extra["carried"] == []


def test_carry_over_can_be_switched_off() -> None:
    text = '[Board "1"]\n[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 ' \
           '432.AKQJ.T98.765"]\n\n[Declarer "S"]\n[Contract "3NT"]\n[Auction "N"]\nAP\n'
    carried = list(PbnSource.from_text(text).records())[1]
    plain = list(PbnSource.from_text(text, carry_over=False).records())[1]
    assert carried.board == 1 and carried.deal is not None
    assert plain.board is None and plain.deal is None


@pytest.mark.realworld
def test_rows_written_leader_first_are_reported_not_repaired(realworld: Path) -> None:
    source = _source(realworld, "rpbridge_world_championships_vugraph.pbn")
    first = next(source.records())
    # board 1, trick 3 "CA D2 C9 CQ" from South: East led the ace, the row is leader-first
    assert first.leader_first_rows == (3,)
    third = first.play.tricks[2]
    assert _played(third)[0] == ("E", "CQ", None)  # column order kept: East's column
    assert first.deal.holder(Card.from_pbn("CQ")) is Seat.N


_PLAIN_SECTIONS = """[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ.T98.765.432 T98.AKQJ2.43.765 765.43.AKQJ2.AKQ 432.765.T98.JT98"]
[Declarer "S"]
[Contract "4S"]
[Auction "E"]
Pass 1S Pass 4S
AP
[Play "W"]
S2 SA S8 S5
- SK - HA
*
"""


@pytest.mark.parametrize("commented", [False, True])
def test_problems_of_a_plain_section_stand_on_their_tokens_lines(commented: bool) -> None:
    """A section of plain tokens (read without items) reports each problem on its token's
    line, as the same section read item by item (commentary makes it so) does: the
    auction from East while North deals, and HA after an unknown card in South's column
    of trick 2 though East holds it."""
    text = _PLAIN_SECTIONS.replace("AP\n", "AP {c}\n").replace("*\n", "* {c}\n") \
        if commented else _PLAIN_SECTIONS
    record = next(PbnSource.from_text(text).records())
    assert [(p.location.line, p.message) for p in record.problems] == [
        (8, "the auction starts with East but the dealer is North (§3.5)"),
        (12, "HA stands in South's column of trick 2 after an unknown card, but the deal "
             "gives it to East; the play stops before it"),
    ]


def test_a_recurring_auction_is_read_alike_with_its_own_problems() -> None:
    """The same auction text in three games: the same auction each time, and each game
    still reports what is its own (a note nothing refers to; a first caller who is not
    the dealer)."""
    game = '[Board "{b}"]\n[Dealer "N"]\n[Auction "{seat}"]\n1S Pass 4S AP\n{note}\n'
    text = "\n".join([game.format(b=1, seat="N", note=""),
                      game.format(b=2, seat="N", note='[Note "1:stop"]'),
                      game.format(b=3, seat="E", note="")])
    first, second, third = PbnSource.from_text(text).records()
    assert first.auction == second.auction and first.problems == ()
    assert [p.message for p in second.problems] == ["note 1 is not referred to in the auction"]
    assert third.auction.dealer is Seat.E
    assert [p.message for p in third.problems] == [
        "the auction starts with East but the dealer is North (§3.5)"]


@pytest.mark.parametrize("result, declarer, tricks, agreed", [
    ("9", "S", 9, False),
    ("NS 9", "S", 9, False),
    ("NS 9", "E", 4, False),
    ("EW 4", "S", 9, False),
    ("EW 4", "W", 4, False),
    ("NS 9 EW 4", "N", 9, False),
    ("EW 4 NS 9", "E", 4, False),
    ("^9", "S", 9, True),
    ("^NS 8", "W", 5, True),
    ("", "S", None, False),
    ("?", "S", None, False),
])
def test_result_forms(result: str, declarer: str, tricks: int | None, agreed: bool) -> None:
    text = f'[Declarer "{declarer}"]\n[Contract "4S"]\n[Result "{result}"]\n'
    record = next(PbnSource.from_text(text).records())
    assert (record.declarer_tricks, record.result_agreed, record.problems) == (tricks, agreed, ())


@pytest.mark.parametrize("score, declarer, score_ns", [
    ("NS 620", "S", 620),
    ("EW -100", "S", 100),
    ("NS +550", "N", 550),
    ("620", "N", 620),  # a plain score is declarer's (PBN 2.1 §4.2.1)
    ("620", "E", -620),
    ("NS -200 EW 200", "E", -200),
    ("EW 200 NS -200", "E", -200),
])
def test_score_forms(score: str, declarer: str, score_ns: int) -> None:
    text = f'[Declarer "{declarer}"]\n[Contract "4S"]\n[Score "{score}"]\n'
    record = next(PbnSource.from_text(text).records())
    assert (record.score_ns, record.problems) == (score_ns, ())


def test_plain_score_without_a_declarer_is_unknown() -> None:
    record = next(PbnSource.from_text('[Score "-1000"]\n').records())
    assert record.score_ns is None and record.problems == ()


def test_rpbridge_contract_spellings() -> None:
    text = '[Declarer "W"]\n[Contract "3NR"]\n\n[Declarer "W"]\n[Contract "1N"]\n'
    first, second = PbnSource.from_text(text).records()
    assert first.contract == Contract.from_pbn("3NTXX", "W")
    assert second.contract == Contract.from_pbn("1NT", "W")


def test_import_format_tag_layouts() -> None:
    text = ('[Event"no space"] [Site "two on a line"]\n [\n Date\n "2024.01.02"\n ]\n'
            '[West "a \\"quoted\\" name \\\\ here"]\n[Dealer "s"]\n[Vulnerable "both"]\n')
    record = next(PbnSource.from_text(text).records())
    assert record.problems == ()
    assert record.event == "no space" and record.extra["tags"]["Site"] == "two on a line"
    assert record.extra["tags"]["Date"] == "2024.01.02"
    assert record.players[Seat.W] == 'a "quoted" name \\ here'
    assert record.dealer is Seat.S and record.vulnerability is Vulnerability.ALL


def test_repeated_tag_keeps_the_first() -> None:
    record = next(PbnSource.from_text('[Board "3"]\n[Board "4"]\n').records())
    assert record.board == 3
    assert [p.location.line for p in record.problems] == [2]


def test_round_and_table() -> None:
    text = '[Round "2"]\n[Table "7"]\n[Section "A"]\n\n[Round "1.A.2"]\n'
    first, second = PbnSource.from_text(text).records()
    assert (first.round, first.table, first.section) == (2, "7", "A")
    assert second.round is None and second.extra["tags"]["Round"] == "1.A.2"


# -- encodings and streaming ----------------------------------------------------------------

@pytest.mark.realworld
def test_latin1_file_is_decoded(realworld: Path) -> None:
    source = _source(realworld, "pl_kops_sm0807_per_table_results_iso8859.pbn")
    record = next(source.records())
    assert "Chorzów" in record.event and source.encoding == "cp1252"
    notes = [text for r in _source(realworld, "bbo_acbl_speedball_2013_play.pbn").records()
             for text in r.auction_notes.values()]
    assert any("minörs" in text for text in notes)


@pytest.mark.realworld
def test_utf8_file_is_decoded(realworld: Path) -> None:
    source = _source(realworld, "realbridge_2021_online_qual_open_r2.pbn")
    notes = [t for r in source.records() for t in r.auction_notes.values()]
    assert any("♣" in t for t in notes) and source.encoding == "utf-8"


@pytest.mark.realworld
@settings(max_examples=15, deadline=None)
@given(chunk=st.integers(min_value=1, max_value=4096))
def test_blocks_do_not_depend_on_the_read_size(chunk: int) -> None:
    data = (realworld_dir() / "pbn" / "pbnref_correct_10.pbn").read_bytes()
    whole = list(split_blocks(io.BytesIO(data)))
    pieces = list(split_blocks(io.BytesIO(data), chunk_size=chunk))
    assert pieces == whole
    assert b"".join(b.data for b in pieces) == data


def test_blank_lines_inside_a_brace_comment_do_not_end_the_game() -> None:
    text = '[Board "1"]\n{ one\n\n  \ntwo }\n[Dealer "E"]\n\n[Board "2"]\n'
    first, second = PbnSource.from_text(text).records()
    assert (first.board, first.dealer, second.board) == (1, Seat.E, 2)
    assert first.problems == ()


def test_records_are_read_one_at_a_time(tmp_path: Path) -> None:
    path = tmp_path / "big.pbn"
    game = '[Board "{n}"]\n[Dealer "N"]\n[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ ' \
           '765.432.AKQJ.T98 432.AKQJ.T98.765"]\n\n'
    path.write_text("".join(game.format(n=n) for n in range(1, 2001)))
    records = read_pbn(path).records()
    assert next(records).board == 1
    # the file is still being read: the generator holds it open
    assert next(records).board == 2
    assert sum(1 for _ in records) == 1998


def test_from_text_and_source_protocol() -> None:
    from td_plugin.host.sources import Source
    source = PbnSource.from_text('[Board "5"]\n', path="gen.pbn")
    assert isinstance(source, Source) and source.format == "pbn" and source.path == "gen.pbn"
    assert [r.board for r in source.records()] == [5]
    assert source.file_problems() == []
