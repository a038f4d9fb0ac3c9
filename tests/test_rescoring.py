"""Rescoring a board: Neuberg matchpoints, artificial (12C2) and weighted (12C1(c)) scores,
Butler, cross-IMPs, teams IMPs, totals and places; checked by hand and against every
board of the real Compscore USEBIO files."""

from __future__ import annotations

from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction

import pytest

from adapters.usebio.reader import load_usebio, read_event
from td_plugin.model.contract import Contract
from td_plugin.model.outcomes import ArtificialScore, AssignedResult, WeightedScore
from td_plugin.model.rescoring import (
    Award,
    Line,
    artificial_percentages,
    butler_board,
    butler_datum,
    cross_imp_board,
    expected_boards,
    imp_totals,
    matchpoint_board,
    matchpoint_totals,
    neuberg,
    places,
    team_imps,
)

F = Fraction


def weighted(*parts: tuple[str, int]) -> WeightedScore:
    """A weighted score from (weight, NS score) pairs; the contract does not matter here."""
    c = Contract.from_pbn("4S", "S")
    return WeightedScore(tuple((F(w), AssignedResult(c, 10, s)) for w, s in parts))


# --- Neuberg ----------------------------------------------------------------------------

def test_neuberg_formula_brings_fewer_results_to_the_expected_top():
    # 20 results compared, 21 expected: a result beating 13 and tying 3 (29 of 38)
    assert neuberg(29, 20, 21) == F(61, 2)  # 30.5 on a top of 40
    # the ACBL scale (1 a result beaten): the same board, halved
    assert neuberg(F(29, 2), 20, 21, scale=1) == F(61, 4)


def test_neuberg_a_top_stays_below_the_expected_top():
    # a top over 4 other results on a board expected 6 times: (8 + 1) * 6 / 5 - 1
    assert neuberg(8, 5, 6) == F(49, 5)


def test_matchpoints_without_missing_results_are_plain_matchpoints():
    lines = [Line(str(i), str(i), s) for i, s in enumerate([420, 420, 450, -50])]
    assert [x.ns for x in matchpoint_board(lines)] == [3, 3, 6, 0]
    assert [x.ew for x in matchpoint_board(lines)] == [3, 3, 0, 6]


def test_12c2_fixed_artificial_scores_are_percentages_of_the_top_and_factor_the_rest():
    lines = [Line("1", "1", ArtificialScore(60, 40)), Line("2", "2", 420),
             Line("3", "3", 450), Line("4", "4", -50)]
    scores = matchpoint_board(lines)
    top = 6
    assert (scores[0].ns, scores[0].ew) == (F(60, 100) * top, F(40, 100) * top)
    # 450 beats the two other results: 4 of 4, brought to four results: 5 * 4/3 - 1
    assert scores[2].ns == neuberg(4, 3, 4) == F(17, 3)
    assert scores[1].ns + scores[1].ew == top


def test_12c2_variable_average_plus_is_the_session_percentage_when_higher():
    score = ArtificialScore(60, 40, variable=True)
    assert artificial_percentages(score, F(65), F(45)) == (65, 40)
    assert artificial_percentages(score, F(55), F(30)) == (60, 30)
    # fixed: as written whatever the session
    assert artificial_percentages(ArtificialScore(60, 40), F(65), F(30)) == (60, 40)
    # average stays average
    assert artificial_percentages(ArtificialScore(50, 50, True), F(70), F(20)) == (50, 50)


def test_12c2_variable_score_on_a_board_uses_the_pairs_session():
    lines = [Line("1", "9", ArtificialScore(60, 40, variable=True)), Line("2", "8", 100)]
    scores = matchpoint_board(lines, session={"1": F(70), "9": F(45)})
    assert scores[0].ns_percent == 70 and scores[0].ns == F(70, 100) * 2
    assert scores[0].ew_percent == 40


def test_12c1c_weighted_score_is_the_weighted_sum_of_its_components_by_hand():
    # Four tables, top 6. Table 4 is given 60 % of 4S= (+420) and 40 % of 4S-1 (-50).
    lines = [Line("1", "1", 420), Line("2", "2", 450), Line("3", "3", -50),
             Line("4", "4", weighted((F(3, 5), 420), (F(2, 5), -50)))]
    scores = matchpoint_board(lines)
    # +420 against 420/450/-50: 1 + 0 + 2 = 3;  -50 against them: 0 + 0 + 1 = 1
    assert scores[3].ns == F(3, 5) * 3 + F(2, 5) * 1 == F(11, 5)
    # and exactly the weighted sum of what each component scores in the table's place
    alone = [matchpoint_board(lines[:3] + [Line("4", "4", s)])[3].ns for s in (420, -50)]
    assert scores[3].ns == F(3, 5) * alone[0] + F(2, 5) * alone[1]
    # the others meet the weighted table in proportion: +420 ties 60 %, beats 40 %
    assert scores[0].ns == 0 + 2 + (F(3, 5) * 1 + F(2, 5) * 2) == F(17, 5)
    assert scores[2].ns == 0 + 0 + F(2, 5) * 1
    # nothing is created or lost: the board still shares 4 averages
    assert sum(s.ns for s in scores) == 4 * 3


def test_no_result_at_a_table_is_left_out_and_the_rest_factored():
    lines = [Line("1", "1", 100), Line("2", "2", None), Line("3", "3", 200)]
    scores = matchpoint_board(lines, expected=3)
    assert scores[1].ns is None
    assert scores[2].ns == neuberg(2, 2, 3) == F(7, 2)


# --- IMPs -------------------------------------------------------------------------------

def test_butler_datum_drops_highest_and_lowest_and_rounds_to_ten():
    # board 1 of compscore3_butler_howell.xml: 170 170 150 140 -> (170 + 150) / 2 = 160
    assert butler_datum([170, 140, 150, 170]) == 160
    # board 2: -460 and -430 remain: -445 rounds away from zero
    assert butler_datum([50, -460, -490, -430]) == -450
    # board 1 of compscore3_butler_mitchell.xml: mean of five is -26
    assert butler_datum([-140, -140, 50, 100, -420, 50, 50]) == -30
    assert butler_datum([100, 200]) == 150


def test_butler_points_against_the_datum_and_artificial_average_scores_nothing():
    lines = [Line("1", "1", 170), Line("2", "2", 140), Line("3", "3", 150),
             Line("4", "4", 170), Line("5", "5", ArtificialScore(50, 50))]
    datum, scores = butler_board(lines)
    assert datum == 160
    assert [s.ns for s in scores] == [0, -1, 0, 0, 0]
    assert [s.ew for s in scores] == [0, 1, 0, 0, 0]


def test_12c2_artificial_scores_at_imps_are_three_imps():
    lines = [Line("1", "1", 420), Line("2", "2", ArtificialScore(60, 40))]
    _, scores = butler_board(lines)
    assert (scores[1].ns, scores[1].ew) == (3, -3)


def test_cross_imps_average_the_imps_against_every_other_result():
    # board 1 of compscore3_cross_imp_howell.xml: -140 wins 8, loses 5, wins 8
    lines = [Line(str(i), str(i), s) for i, s in enumerate([-140, -460, 50, -490])]
    scores = cross_imp_board(lines)
    assert scores[0].ns == F(11, 3)
    assert sum(s.ns for s in scores) == 0


def test_12c1c_weighted_butler_score_is_weighted_sum():
    lines = [Line("1", "1", 420), Line("2", "2", 420), Line("3", "3", -50),
             Line("4", "4", weighted((F(1, 2), 420), (F(1, 2), -50)))]
    datum, scores = butler_board(lines)
    assert datum == 420  # datum from the table results 420 420 -50 without top and bottom
    # 420 - 420 is 0 IMPs, -50 - 420 = -470 is -10 IMPs
    assert scores[3].ns == F(1, 2) * 0 + F(1, 2) * -10


def test_team_imps_between_the_two_tables():
    assert team_imps(420, -50) == (10, -10)
    assert team_imps(-50, 420) == (-10, 10)
    assert team_imps(420, None) is None
    # 12C1(c) at teams: 60 % of +420 and 40 % of -50 against +420 at the other table
    assert team_imps(weighted((F(3, 5), 420), (F(2, 5), -50)), 420) == (F(2, 5) * -10, F(2, 5) * 10)
    # 12C2: average-plus to team A at table 1, average-minus to team B
    assert team_imps(ArtificialScore(60, 40), 420) == (3, -3)


# --- totals -----------------------------------------------------------------------------

def test_totals_factor_boards_not_played_and_bring_boards_to_the_event_top():
    awards = [Award("A", F(8), 5), Award("A", F(10), 6),  # board 1 played 5 times
              Award("B", F(5), 6), Award("B", F(5), 6), Award("B", F(5), 6)]
    totals = matchpoint_totals(awards)
    # A: board 1 Neuberg to 6 results (8 + 1) * 6/5 - 1 = 49/5; plus 10; times 3/2
    assert totals["A"].total == (F(49, 5) + 10) * F(3, 2)
    assert totals["A"].percentage == totals["A"].total * 100 / (3 * 10)
    assert totals["B"].total == 15 and totals["B"].percentage == 50
    assert (totals["A"].played, totals["A"].expected) == (2, 3)


def test_expected_boards_per_direction_in_a_two_winner_event():
    awards = [Award("1NS", F(1), 6)] * 2 + [Award("1EW", F(1), 6)] * 3
    direction = lambda p: p[-2:]  # noqa: E731
    assert expected_boards(awards, direction) == {"1NS": 2, "1EW": 3}
    assert expected_boards(awards) == {"1NS": 3, "1EW": 3}
    assert imp_totals([Award("X", F(3), 4), Award("Y", F(1), 4), Award("Y", F(1), 4)])["X"].total == 6


def test_places_share_ties_and_skip():
    totals = {"a": F(10), "b": F(12), "c": F(10), "d": F(3), "e1": F(1)}
    assert places(totals) == {"b": 1, "a": 2, "c": 2, "d": 4, "e1": 5}
    by_letter = places(totals, lambda p: p[0] == "e")
    assert by_letter["e1"] == 1 and by_letter["d"] == 4


# --- against the real Compscore files ------------------------------------------------------

FILES = ["compscore3_mp_pairs_howell.xml", "compscore3_mp_pairs_mitchell.xml",
         "compscore3_mp_pairs_mitchell_02.xml", "compscore3_mp_pairs_mitchell_03.xml",
         "compscore3_mp_pairs_mitchell_04.xml", "compscore3_mp_pairs_mitchell_adjusted_02.xml",
         "compscore3_butler_howell.xml", "compscore3_butler_mitchell.xml",
         "compscore3_cross_imp_howell.xml"]

#: Lines whose stored points our scoring does not give, and why: board 4, 1NS v 21EW,
#: in both exports of the 28/07 session is 21/19 where the results give 19/21 (the
#: scorer's own entry; the totals of the adjusted file include it).
UNEXPLAINED = {
    "compscore3_mp_pairs_mitchell_02.xml": {(4, "1NS")},
    "compscore3_mp_pairs_mitchell_adjusted_02.xml": {(4, "1NS")},
}
#: The export compscore3_mp_pairs_mitchell_02.xml already scores 1NS v 1EW on board 1 as
#: an average (20/20, every other result Neuberg-factored over 20) while still printing
#: its table result 2S S 8 +110; the adjusted re-export writes it as A5050.
SCORED_AS = {("compscore3_mp_pairs_mitchell_02.xml", 1, "1NS"): ArtificialScore(50, 50)}


def _half_even(value: Fraction) -> Decimal:
    return (Decimal(value.numerator) / Decimal(value.denominator)).quantize(
        Decimal("0.1"), rounding=ROUND_HALF_EVEN)


def _scored(event, line_scores, lines, rows):
    kind = event.kind
    for line, row, score in zip(lines, rows, line_scores):
        if isinstance(row.result, ArtificialScore) or score.ns is None:
            continue
        if kind == "matchpoints":  # Compscore rounds to 0.1, halves to even
            ok = _half_even(score.ns) == _half_even(line.points[0])
        else:
            ok = abs(score.ns - line.points[0]) <= F(1, 200)
        yield line, ok


@pytest.mark.realworld
@pytest.mark.parametrize("name", FILES)
def test_every_board_of_the_compscore_files_rescored_as_compscore_did(realworld, name):
    event = read_event(load_usebio(realworld / "usebio" / name))
    wrong = set()
    checked = 0
    for board in sorted({line.board for line in event.lines}):
        lines = event.lines_of(board)
        rows = [Line(line.ns_pair, line.ew_pair,
                     SCORED_AS.get((name, board, line.ns_pair), line.result)) for line in lines]
        if event.kind == "matchpoints":
            scores = matchpoint_board(rows)
        elif event.kind == "butler":
            datum, scores = butler_board(rows)
            average = event.board_elements[board].findtext("BOARD_AVERAGE")
            assert datum == int(average), f"board {board}: datum {datum}, file {average}"
        else:
            scores = cross_imp_board(rows)
        for line, ok in _scored(event, scores, lines, rows):
            checked += 1
            if not ok:
                wrong.add((board, line.ns_pair))
    assert checked > 100
    assert wrong == UNEXPLAINED.get(name, set())
