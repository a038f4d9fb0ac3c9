"""A wrong board or hand: Law 15 of the Laws of Duplicate Bridge 2017.

The 2017 text (read at pzbs.pl, English) has two parts, and no 15C: the 2007 Law's 15A
(score stands), 15B (played before) and 15C (found during the auction) are now 15B2, 15B1
and 15A2.

- 15A, cards from a wrong board: 15A1 a call made by a player holding cards he took from a
  wrong board is cancelled, with every later call; (a) if his partner has called since,
  the Director awards an adjusted score; (b) otherwise the offender calls again, having
  looked at his own hand, and the auction goes on; (c) Law 16C applies to each call
  withdrawn or cancelled. 15A2: when the board his cards came from is played, he may play
  it normally if he repeats his call; if his call differs, an adjusted score. 15A3: a
  procedural penalty may be added (Law 90).
- 15B, a wrong board found after the auction period began (pairs and individual events;
  teams: Law 86B): 15B1 if one or more of the four players had played the board before,
  with the right opponents or others, the board is cancelled for both sides; 15B2 if none
  had, the auction and play are completed and the score stands, and the Director may have
  both pairs play the right board against each other later; 15B3 an artificial adjusted
  score (12C2(a)) to every contestant deprived of the chance of a valid score: the two
  pairs of a cancelled board, and the pairs that missed the board because of it
  (``missed``, each with its sides' faults).

Found before any call (``found: before_auction``) nothing is cancelled: the table plays
the board designated for it (15B begins with the auction period). The faults of the
deprived pairs are the Director's finding, never assumed: a side whose pair moved the
board wrongly may be partly at fault. The case (kind ``wrong_board``) is `WrongBoardCase`;
the ruling's JSON ends in ``adjustments``, the entries of the adjustments list
(`td_plugin.cases.adjustments`), where the case gives the board and the pairs.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from td_plugin.errors import FactError
from td_plugin.laws.boards.scores import (
    Fault,
    Score,
    adjusted_score,
    assigned_fields,
    assigned_of,
    award,
    entry_of,
    fault_fields,
    pair_entry,
    pairs_of,
    score_field,
    under_regulation,
    variable_field,
)
from td_plugin.laws.facts import Choice, FactField, question_flow, yes_no
from td_plugin.laws.play.ruling import CaseNotes, PlayRuling, RulingBuilder, case_notes
from td_plugin.messages import Msg, seat_name
from td_plugin.model.cards import Seat
from td_plugin.model.outcomes import Outcome
from td_plugin.model.rulings import TextEnum

__all__ = ["WrongWhat", "Found", "Missed", "WrongBoardCase", "rule_wrong_board", "FIELDS",
           "START", "flow", "answer", "question_by_id", "rule", "build_case",
           "under_regulation"]

CASE_KIND = "wrong_board"


class WrongWhat(TextEnum):
    """A board played by the wrong table (15B), or one player's cards from a wrong board
    (15A)."""

    BOARD = "board"
    HAND = "hand"


class Found(TextEnum):
    """When a wrong board was found."""

    BEFORE_AUCTION = "before_auction"
    AUCTION = "auction"
    PLAY = "play"
    AFTER_PLAY = "after_play"


@dataclass(frozen=True)
class Missed:
    """A table that missed the board because of it (15B3), with each side's fault."""

    ns_pair: int
    ew_pair: int
    ns_fault: Fault
    ew_fault: Fault


@dataclass(frozen=True)
class WrongBoardCase(CaseNotes):
    """A wrong board (15B) or a hand from a wrong board (15A)."""

    what: WrongWhat
    #: 15B: when it was found, and whether any of the four had played the board before
    found: Found | None = None
    played_before: bool | None = None
    #: 15A: who held the wrong cards, whether he called, whether his partner called since
    offender: Seat | None = None
    called: bool | None = None
    partner_called: bool | None = None
    #: the two sides' faults (15B1's cancelled board, or 15A1(a)'s artificial score)
    ns_fault: Fault | None = None
    ew_fault: Fault | None = None
    #: 15A1(a): the adjusted score the Director awards, and an assigned one's result
    score: Score | None = None
    assigned: Outcome | None = None
    #: the pairs at the table, and the tables that missed the board (15B3)
    ns_pair: int | None = None
    ew_pair: int | None = None
    missed: tuple[Missed, ...] = ()
    variable: bool | None = None


def rule_wrong_board(case: WrongBoardCase, lang: str = "en") -> PlayRuling:
    """The ruling on ``case``."""
    b = RulingBuilder(CASE_KIND, case.board, lang)
    if case.what is WrongWhat.HAND:
        return _wrong_hand(b, case)
    facts: dict[str, Any] = {"what": str(case.what), "found": str(case.found)}
    if case.found is Found.BEFORE_AUCTION:
        b.clause("15B", "board.15B.before", facts, {})
        return b.build(None, facts=facts)
    outcome = None
    if case.played_before:
        b.clause("15B1", "board.15B1", facts | {"played_before": True}, {})
        assert case.ns_fault is not None and case.ew_fault is not None
        b.clause("15B3", "board.15B3", facts, {})
        outcome = award(b, case.ns_fault, case.ew_fault, case.variable)
        facts["outcome"] = entry_of(outcome)
    else:
        key = "board.15B2.found_after" if case.found is Found.AFTER_PLAY else "board.15B2"
        b.clause("15B2", key, facts | {"played_before": False}, {})
        b.notes.append(Msg("board.15B2.later"))
    entries = _table_entry(case, outcome) + _missed(b, case)
    b.notes.append(Msg("board.15B.teams"))
    return b.build(None, facts=facts | {"adjustments": entries}, outcome=outcome)


def _table_entry(case: WrongBoardCase, outcome: Outcome | None) -> list[dict[str, Any]]:
    if outcome is None or case.board is None or case.ns_pair is None or case.ew_pair is None:
        return []
    return [{"board": case.board, **pair_entry((case.ns_pair, case.ew_pair)),
             **entry_of(outcome), "law": "15B3"}]


def _missed(b: RulingBuilder, case: WrongBoardCase) -> list[dict[str, Any]]:
    """15B3 for each table that missed the board: its artificial score."""
    entries = []
    for m in case.missed:
        params = {"ns_pair": m.ns_pair, "ew_pair": m.ew_pair}
        b.clause("15B3", "board.15B3.missed", params, params)
        score = award(b, m.ns_fault, m.ew_fault, case.variable)
        entry = {**pair_entry((m.ns_pair, m.ew_pair)), **entry_of(score), "law": "15B3"}
        entries.append(entry if case.board is None else {"board": case.board, **entry})
    return entries


def _wrong_hand(b: RulingBuilder, case: WrongBoardCase) -> PlayRuling:
    """15A: the cards from a wrong board."""
    assert case.offender is not None
    params = {"offender": seat_name(case.offender), "partner": seat_name(case.offender.partner)}
    facts: dict[str, Any] = {"what": str(case.what), "offender": case.offender.value,
                             "called": bool(case.called)}
    if not case.called:
        b.clause("15A", "board.15A.no_call", facts, params)
        return b.build(None, facts=facts)
    b.clause("15A1", "board.15A1", facts, params)
    outcome: Outcome | None = None
    if case.partner_called:
        b.clause("15A1(a)", "board.15A1a", facts | {"partner_called": True}, params)
        outcome = adjusted_score(b, case.score, case.assigned, case.ns_fault, case.ew_fault,
                                 case.variable)
        facts["outcome"] = entry_of(outcome)
    else:
        b.clause("15A1(b)", "board.15A1b", facts | {"partner_called": False}, params)
    b.clause("15A1(c)", "board.15A1c", facts, params)
    b.unauthorized.append(Msg("board.15A1c.ui", params))
    b.clause("15A2", "board.15A2", facts, params)
    b.notes.append(Msg("board.15A3", params))
    return b.build(None, facts=facts, outcome=outcome)


rule = rule_wrong_board


# -- the case's facts --------------------------------------------------------------------------

def _board(c: Mapping[str, Any]) -> bool:
    return c.get("what") == WrongWhat.BOARD


def _hand(c: Mapping[str, Any]) -> bool:
    return c.get("what") == WrongWhat.HAND


def _in_auction(c: Mapping[str, Any]) -> bool:
    return _board(c) and c.get("found") not in (None, Found.BEFORE_AUCTION)


def _cancelled(c: Mapping[str, Any]) -> bool:
    return _in_auction(c) and c.get("played_before") is True


def _adjusted(c: Mapping[str, Any]) -> bool:
    return _hand(c) and c.get("called") is True and c.get("partner_called") is True


def _faults(c: Mapping[str, Any]) -> bool:
    return _cancelled(c) or (_adjusted(c) and c.get("score") == Score.ARTIFICIAL)


def _assigned(c: Mapping[str, Any]) -> bool:
    return _adjusted(c) and c.get("score") == Score.ASSIGNED


_BOARD_ONLY = "for a wrong board (what: board)"
_HAND_ONLY = "for cards from a wrong board (what: hand)"

FIELDS: tuple[FactField, ...] = (
    FactField("what", "choice", "board.q.wrong_what", "15",
              choices=(Choice(str(WrongWhat.BOARD), Msg("board.wrong.board"),
                              ("15B", Msg("board.leads.15B"))),
                       Choice(str(WrongWhat.HAND), Msg("board.wrong.hand"),
                              ("15A", Msg("board.leads.15A"))))),
    FactField("found", "choice", "board.q.found", "15B", when=_board, only=_BOARD_ONLY,
              choices=tuple(Choice(str(f), Msg(f"board.found.{f}")) for f in Found)),
    FactField("played_before", "bool", "board.q.played_before", "15B", when=_in_auction,
              only="for a wrong board found after the auction began",
              choices=yes_no(("15B1", Msg("board.leads.15B1")),
                             ("15B2", Msg("board.leads.15B2")))),
    FactField("offender", "seat", "board.q.wrong_offender", "15A", when=_hand,
              only=_HAND_ONLY),
    FactField("called", "bool", "board.q.called", "15A1", when=_hand, only=_HAND_ONLY,
              params=lambda c: {"offender": seat_name(Seat(c["offender"]))},
              choices=yes_no(("15A1", Msg("board.leads.15A1")), ("15A", Msg("board.leads.15A")))),
    FactField("partner_called", "bool", "board.q.partner_called", "15A1",
              when=lambda c: _hand(c) and c.get("called") is True,
              only="when the offender called with the wrong cards",
              params=lambda c: {"partner": seat_name(Seat(c["offender"]).partner)},
              choices=yes_no(("15A1(a)", Msg("board.leads.15A1a")),
                             ("15A1(b)", Msg("board.leads.15A1b")))),
    score_field("15A1(a)", _adjusted, "when the partner called since (Law 15A1(a))"),
    *assigned_fields(_assigned, "with an assigned score (score: assigned)"),
    *fault_fields("15B3", _faults, "when the board is cancelled (15B1) or an artificial "
                                   "score is awarded (15A1(a))"),
    FactField("ns_pair", "count", "board.q.ns_pair", "15B3", when=_board, only=_BOARD_ONLY,
              required=False, ask=False, high=999),
    FactField("ew_pair", "count", "board.q.ew_pair", "15B3", when=_board, only=_BOARD_ONLY,
              required=False, ask=False, high=999),
    FactField("missed", "tables", "board.q.missed", "15B3", when=_in_auction,
              only="for a wrong board found after the auction began", required=False,
              ask=False),
    variable_field(),
)
#: What a session file can give before the first question.
START: tuple[str, ...] = ()
flow, answer, question_by_id = question_flow(FIELDS)


def build_case(values: Mapping[str, Any]) -> WrongBoardCase:
    """The case from its facts as read (`td_plugin.cases.play`)."""
    what = WrongWhat(values["what"])
    faults = {k: Fault(values[k]) for k in ("ns_fault", "ew_fault") if values.get(k)}
    score = Score(values["score"]) if values.get("score") else None
    return WrongBoardCase(what, found=Found(values["found"]) if values.get("found") else None,
                          played_before=values.get("played_before"),
                          offender=values.get("offender"), called=values.get("called"),
                          partner_called=values.get("partner_called"), score=score,
                          assigned=assigned_of(values) if score is Score.ASSIGNED else None,
                          ns_pair=values.get("ns_pair"), ew_pair=values.get("ew_pair"),
                          missed=_missed_of(values.get("missed")),
                          variable=values.get("variable"), **faults, **case_notes(values))


def _missed_of(raw: Any) -> tuple[Missed, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list) or not all(isinstance(m, Mapping) for m in raw):
        raise FactError("missed", "expected a list of {ns_pair, ew_pair, ns_fault, ew_fault}")
    out = []
    for i, m in enumerate(raw):
        keys = {"ns_pair", "ew_pair", "ns_fault", "ew_fault"}
        if set(m) != keys:
            raise FactError(f"missed[{i}]", "expected exactly ns_pair, ew_pair, ns_fault and "
                                            "ew_fault (each side's fault is the Director's "
                                            "finding: none, partly or direct)")
        (pair,) = pairs_of([{"ns_pair": m["ns_pair"], "ew_pair": m["ew_pair"]}], f"missed[{i}]")
        try:
            faults = Fault(m["ns_fault"]), Fault(m["ew_fault"])
        except ValueError:
            raise FactError(f"missed[{i}]", "a fault is none, partly or direct") from None
        out.append(Missed(pair[0], pair[1], *faults))
    if len({(m.ns_pair, m.ew_pair) for m in out}) != len(out):
        raise FactError("missed", "a table is given twice")
    return tuple(out)
