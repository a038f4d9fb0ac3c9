"""The movement of a pairs session: for each section, table and round, which pairs sit
North-South and East-West and which boards they play. Scorers keep it (a Bridgemate file
in ``RoundData``). The checks of results against it are the ruler ``movement``
(`td_plugin.rulers.movement`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

__all__ = ["Slot", "Movement"]


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


