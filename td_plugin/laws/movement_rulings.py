"""Law 15 on a result that does not fit the movement: what stands and what to score.

The ruler ``movement`` (`td_plugin.rulers.movement`) flags a result entered for a board
the table does not play in that round (``wrong_board``), with the pairs the wrong way
round (``wrong_direction``) or with other pairs than the movement seats there
(``wrong_pairs``). Most such results are slips of entry; where the table really played
so, the 2017 Law 15B governs a wrong board discovered after the auction period began
(pairs and individual events; teams: Law 86B):

- 15B1: if one or more of the four players had played the board before, with the
  correct opponents or otherwise, the (second) result is cancelled for both sides;
- 15B2: if none of them had, the result stands, and the Director may have both pairs
  play their correct board against one another later;
- 15B3: any contestant deprived of the opportunity to earn a valid score gets an
  artificial adjusted score (12C2: average-plus to a side not at fault, average-minus to
  one at fault, average to one partly at fault).

Whether a player had played the board before is read from the session's results in so
far (a result of the board with one of the same pairs in an earlier round); where that
cannot be known (no round, or a round unknown), the ruling asks it and gives both
branches. Left to the Director: whether the entry is a slip (then it is corrected, no
law applies), and each side's fault for the 12C2 percentages.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from td_plugin.messages import Msg
from td_plugin.model.board import BoardRecord
from td_plugin.model.rulings import Clause, Ruling

__all__ = ["previously_played", "law15_ruling"]


def previously_played(record: BoardRecord, others: Iterable[BoardRecord]) -> bool | None:
    """Whether one of the record's pairs had a result on its board in an earlier round
    (True), none had (False), or it cannot be known (None: a round unknown)."""
    pairs = {p for p in (record.ns_pair, record.ew_pair) if p}
    if record.round is None or not pairs:
        return None
    unknown = False
    for other in others:
        if other is record or other.board != record.board or other.section != record.section:
            continue
        if not pairs & {other.ns_pair, other.ew_pair}:
            continue
        if other.round is None:
            unknown = True
        elif other.round < record.round:
            return True
    return None if unknown else False


def law15_ruling(reason: str, previously: bool | None, facts: Mapping[str, Any]) -> Ruling | None:
    """The ruling of Law 15B on a result flagged for ``reason`` (``wrong_board``,
    ``wrong_direction``, ``wrong_pairs``; None for another reason), given whether one of
    the players had played the board before (None: not known, the ruling asks)."""
    if reason not in ("wrong_board", "wrong_direction", "wrong_pairs"):
        return None
    params = dict(facts)
    later: Msg | str = ""
    if reason == "wrong_board" and facts.get("expected_table") is not None:
        later = Msg("law15.later", {"board": facts.get("board"),
                                    "expected_table": facts["expected_table"],
                                    "expected_round": facts.get("expected_round")})
    params["later"] = later
    deprived = Clause("15B3", "law15.clause.15B3", dict(facts))
    if previously is True:
        return Ruling((Clause("15B1", "law15.clause.15B1", dict(facts)), deprived),
                      key="law15.cancelled", params=params)
    stands = Ruling((Clause("15B2", "law15.clause.15B2", dict(facts)), deprived),
                    key=f"law15.stands.{reason}", params=params)
    if previously is False:
        return stands
    params["stands"] = Msg(stands.key, params)
    return Ruling((Clause("15B2", "law15.clause.15B2", dict(facts)),
                   Clause("15B1", "law15.clause.15B1", dict(facts)), deprived),
                  key="law15.ask", params=params)
