"""The movement of a pairs session and the checks of results against it.

A movement says, for each section, table and round, which pairs sit North-South and
East-West and which boards they play. Scorers keep it (a Bridgemate file in
``RoundData``); a result entered with the wrong table, round, pairs or board number is the
classic scoring slip: the pairs sat the wrong way round, a board number mistyped, a round
entered twice. Everything here is pure: records in, findings out.

Finding kinds:

- ``movement_mismatch``: the result does not fit the movement (``data["reason"]``:
  ``no_such_round``, ``wrong_board``, ``wrong_direction``, ``wrong_pairs``).
- ``duplicate_result``: a second result for the same table, round and board, or a pair
  recorded twice on one board.
- ``missing_result``: a board of a finished round without a result.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from td_plugin import messages
from td_plugin.model.board import BoardRecord
from td_plugin.model.rulings import Finding, FindingKind

__all__ = ["Slot", "Movement", "result_key", "check_result", "duplicate_results",
           "missing_results"]


@dataclass(frozen=True)
class Slot:
    """One table in one round of a section: the pairs seated and the boards they play.
    ``sitout``: the slot has a missing pair, so no result is expected."""

    section: str
    table: str
    round: int
    ns_pair: str
    ew_pair: str
    boards: tuple[int, ...]
    sitout: bool = False


def result_key(record: BoardRecord) -> tuple[str | None, str | None, int | None, int | None]:
    """Where a result belongs: (section, table, round, board)."""
    return (record.section, record.table, record.round, record.board)


class Movement:
    """The slots of a session, indexed by section, table and round."""

    def __init__(self, slots: Iterable[Slot]) -> None:
        self.slots: tuple[Slot, ...] = tuple(slots)
        self._by_place = {(s.section, s.table, s.round): s for s in self.slots}

    def __len__(self) -> int:
        return len(self.slots)

    def __iter__(self) -> Iterator[Slot]:
        return iter(self.slots)

    def slot(self, section: str | None, table: str | None, round: int | None) -> Slot | None:
        if section is None or table is None or round is None:
            return None
        return self._by_place.get((section, table, round))

    def sections(self) -> list[str]:
        return sorted({s.section for s in self.slots})

    def rounds(self, section: str) -> list[int]:
        return sorted({s.round for s in self.slots if s.section == section})

    def slots_of_round(self, section: str, round: int) -> list[Slot]:
        return [s for s in self.slots if s.section == section and s.round == round]

    def where_played(self, section: str, board: int, ns_pair: str | None,
                     ew_pair: str | None) -> Slot | None:
        """The slot in which these pairs play this board, if any."""
        for s in self.slots:
            if s.section == section and board in s.boards and s.ns_pair == ns_pair \
                    and s.ew_pair == ew_pair:
                return s
        return None


def _finding(kind: FindingKind, key: str, record: BoardRecord | None, board: int | None,
             params: dict[str, Any], data: dict[str, Any]) -> Finding:
    loc = record.location if record is not None else None
    return Finding(kind=kind, key=key, params=params, board=board,
                   record=loc.record if loc else None, path=loc.path if loc else None,
                   line=loc.line if loc else None, data=data)


def _boards_text(boards: Sequence[int]) -> str:
    if boards and list(boards) == list(range(boards[0], boards[-1] + 1)) and len(boards) > 1:
        return f"{boards[0]}-{boards[-1]}"
    return ", ".join(str(b) for b in boards)


def check_result(movement: Movement, record: BoardRecord) -> list[Finding]:
    """Does a result fit the movement: the table exists in that round, the board is one
    the table plays then, and the pairs are the ones seated there, the right way round?"""
    if record.board is None or record.section is None:
        return []
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
                            record.board, {**params, **expected, "hint": hint}, data))
    pairs = (record.ns_pair, record.ew_pair)
    if None not in pairs and pairs != (slot.ns_pair, slot.ew_pair):
        reason = ("wrong_direction" if pairs == (slot.ew_pair, slot.ns_pair) else "wrong_pairs")
        out.append(_finding(FindingKind.MOVEMENT_MISMATCH, f"movement.{reason}", record,
                            record.board, {**params, **expected},
                            {"reason": reason, **params, **expected}))
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
