"""A club regulation: every result must be entered with its opening lead.

Registered under the ``td_plugin`` entry-point group as ``club_leads``. It answers
`td_review_board` with a ``lead_card_missing`` finding for a result that has a contract
but no lead card (the lead a Bridgemate or USEBIO reader puts in ``record.lead``, or a
play record).
Its texts, in English and Danish, are gettext catalogues in ``locale/``, declared under the
entry-point group ``td_plugin.locale``.
"""

from __future__ import annotations

from td_plugin import BoardRecord, Finding, ReviewContext, hookimpl


@hookimpl
def td_review_board(record: BoardRecord, context: ReviewContext) -> list[Finding]:
    contract = record.contract
    if contract is None or contract.is_passed_out or record.extra.get("in_play"):
        return []
    if record.lead is not None or (record.play is not None and len(record.play)):
        return []
    loc = record.location
    return [Finding(kind="lead_card_missing", key="club_leads.missing",
                    params={"board": record.board}, board=record.board, record=loc.record,
                    path=loc.path, line=loc.line)]
