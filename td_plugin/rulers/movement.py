"""Ruler plugin ``movement``: results against the movement of the session
(`td_plugin.model.movement`): the table, round, pairs and board of each result as it
arrives, a second result for the same place, and boards left without a result when a
round is over, or when the session closes in the rounds that should be over by then.

A result entered with the wrong table, round, pairs or board number is the classic
scoring slip: the pairs sat the wrong way round, a board number mistyped, a round entered
twice. The checks are pure: records in, findings out.

Finding kinds:

- ``movement_mismatch``: the result does not fit the movement (``data["reason"]``:
  ``no_such_round``, ``wrong_board``, ``wrong_direction``, ``wrong_pairs``); for the
  last three, the ruling of Law 15B where the table really played so
  (`td_plugin.laws.movement_rulings`): the result stands (15B2) or is cancelled (15B1),
  and who gets an artificial score (15B3); ``data["ruling"]`` holds its clauses.
- ``duplicate_result``: a second result for the same table, round and board, or a pair
  recorded twice on one board.
- ``missing_result``: a board of a finished round without a result.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from td_plugin import hookimpl, messages
from td_plugin.laws.movement_rulings import law15_ruling, previously_played
from td_plugin.model.board import BoardRecord
from td_plugin.model.findings import Finding, FindingKind
from td_plugin.model.movement import Movement
from td_plugin.model.session import Session


@hookimpl
def td_result_recorded(session: Session, record: BoardRecord,
                       previous: BoardRecord | None) -> list[Finding]:
    movement = session.movement
    findings = (check_result(movement, record, session.others_on_board(record))
                if len(movement) else [])
    # a result already reported as not fitting the movement explains a "duplicate"
    others = [r for r in session.others_on_board(record)
              if r is not previous and not (len(movement) and check_result(movement, r))]
    return findings + duplicate_results(record, others)


@hookimpl
def td_round_completed(session: Session, section: str, round: int) -> list[Finding]:
    return missing_results(session.movement, session.results, section, round)


@hookimpl
def td_session_closed(session: Session) -> list[Finding]:
    """Boards without a result in the rounds that should be complete by now
    (`td_plugin.model.session.Session.rounds_due`): not in rounds no table reached, nor in the
    round being played when a watch stopped early."""
    out: list[Finding] = []
    for section, round in session.rounds_due():
        out.extend(missing_results(session.movement, session.results, section, round))
    return out


def _finding(kind: FindingKind, key: str, record: BoardRecord | None, board: int | None,
             params: dict[str, Any], data: dict[str, Any], *, law15: bool = False,
             previously: bool | None = None) -> Finding:
    """A finding; with ``law15``, for a result that does not fit the movement, the
    ruling of Law 15B (``previously``: whether a player had played the board before)."""
    loc = record.location if record is not None else None
    ruling = law15_ruling(data.get("reason", ""), previously, data) if law15 else None
    if ruling is not None:
        data = {**data, "ruling": {"laws": ruling.laws, "previously_played": previously}}
    return Finding(kind=kind, key=key, params=params, board=board,
                   record=loc.record if loc else None, path=loc.path if loc else None,
                   line=loc.line if loc else None, data=data, ruling=ruling,
                   law="15B" if ruling is not None else None)


def _boards_text(boards: Sequence[int]) -> str:
    if boards and list(boards) == list(range(boards[0], boards[-1] + 1)) and len(boards) > 1:
        return f"{boards[0]}-{boards[-1]}"
    return ", ".join(str(b) for b in boards)


def check_result(movement: Movement, record: BoardRecord,
                 others: Iterable[BoardRecord] | None = None) -> list[Finding]:
    """Does a result fit the movement: the table exists in that round, the board is one
    the table plays then, and the pairs are the ones seated there, the right way round?
    A result that does not gets the ruling of Law 15B; ``others``, the session's other
    results of the board, tell whether one of its players had played it before (None:
    not known, the ruling asks)."""
    if record.board is None or record.section is None:
        return []
    previously = previously_played(record, others) if others is not None else None
    params = {"section": record.section, "table": record.table, "round": record.round,
              "board": record.board, "ns_pair": record.ns_pair, "ew_pair": record.ew_pair}
    slot = movement.slot(record.section, record.table, record.round)
    if slot is None:
        return [_finding(FindingKind.MOVEMENT_MISMATCH, "movement.no_such_round", record,
                         record.board, params, {"reason": "no_such_round", **params})]
    expected = {"expected_ns": slot.ns_pair, "expected_ew": slot.ew_pair,
                "boards": _boards_text(slot.boards)}
    out = []
    if record.board not in slot.boards:
        other = movement.where_played(record.section, record.board, record.ns_pair,
                                      record.ew_pair)
        hint = (messages.Msg("movement.wrong_board.hint",
                             {"ns_pair": record.ns_pair, "ew_pair": record.ew_pair,
                              "board": record.board, "expected_table": other.table,
                              "expected_round": other.round})
                if other is not None else "")
        data = {"reason": "wrong_board", **params, **expected}
        if other is not None:
            data.update(expected_table=other.table, expected_round=other.round)
        out.append(_finding(FindingKind.MOVEMENT_MISMATCH, "movement.wrong_board", record,
                            record.board, {**params, **expected, "hint": hint}, data,
                            law15=True, previously=previously))
    pairs = (record.ns_pair, record.ew_pair)
    if None not in pairs and pairs != (slot.ns_pair, slot.ew_pair):
        reason = ("wrong_direction" if pairs == (slot.ew_pair, slot.ns_pair) else "wrong_pairs")
        out.append(_finding(FindingKind.MOVEMENT_MISMATCH, f"movement.{reason}", record,
                            record.board, {**params, **expected},
                            {"reason": reason, **params, **expected}, law15=True,
                            previously=previously))
    return out


def duplicate_results(record: BoardRecord, others: Iterable[BoardRecord]) -> list[Finding]:
    """Findings for ``record`` against the results already in: the same table, round and
    board twice, or one pair recorded twice on the same board (sections apart)."""
    out = []
    for other in others:
        if other is record or other.section != record.section or other.board != record.board:
            continue
        same_slot = (other.table, other.round) == (record.table, record.round)
        who = None
        if same_slot:
            who = messages.Msg("movement.duplicate.slot",
                               {"table": record.table, "round": record.round})
        else:
            for pair, side, other_pair in ((record.ns_pair, "NS", other.ns_pair),
                                           (record.ew_pair, "EW", other.ew_pair)):
                if pair is not None and pair == other_pair:
                    who = messages.Msg("movement.duplicate.pair",
                                       {"pair": pair, "side": messages.Msg(f"side.{side}")})
                    break
        if who is None:
            continue
        params = {"board": record.board, "who": who, "other_table": other.table,
                  "other_round": other.round}
        data = {"section": record.section, "table": record.table, "round": record.round,
                "board": record.board, "same_slot": same_slot, "other_table": other.table,
                "other_round": other.round, "other_record": other.location.record}
        out.append(_finding(FindingKind.DUPLICATE_RESULT, "movement.duplicate_result", record,
                            record.board, params, data))
    return out


def missing_results(movement: Movement, results: Iterable[BoardRecord], section: str,
                    round: int) -> list[Finding]:
    """A finding for each board of ``round`` in ``section`` that has no result (slots
    with a missing pair expect none)."""
    have = {(r.table, r.board) for r in results if r.section == section and r.round == round}
    out = []
    for slot in movement.slots_of_round(section, round):
        if slot.sitout:
            continue
        for board in slot.boards:
            if (slot.table, board) in have:
                continue
            params = {"section": section, "table": slot.table, "round": round,
                      "board": board, "ns_pair": slot.ns_pair, "ew_pair": slot.ew_pair}
            out.append(_finding(FindingKind.MISSING_RESULT, "movement.missing_result", None, board,
                                params, dict(params)))
    return out
