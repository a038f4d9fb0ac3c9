"""Ruler plugin ``movement``: results against the movement of the session: the table,
round, pairs and board of each result as it arrives, a second result for the same place,
and boards left without a result when a round is over, or when the session closes in
the rounds that should be over by then (`td_plugin.model.movement`)."""

from __future__ import annotations

from td_plugin import hookimpl
from td_plugin.model.board import BoardRecord
from td_plugin.model.movement import check_result, duplicate_results, missing_results
from td_plugin.model.rulings import Finding
from td_plugin.model.session import Session


@hookimpl
def td_result_recorded(session: Session, record: BoardRecord,
                       previous: BoardRecord | None) -> list[Finding]:
    movement = session.movement
    findings = check_result(movement, record) if len(movement) else []
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
