"""A session as it stands while it is played: its sections, its movement and the results
received so far; and where the rulings given at its tables are logged by default.

The watch keeps one `Session` per watched file and hands it to the event hooks. Whether a
round is over (Law 64B5: a revoke first noticed after the round has ended is not
rectified by a trick transfer) is decided here, from the movement and the results in.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from td_plugin.model.board import BoardRecord
from td_plugin.model.movement import Movement
from td_plugin.model.place import Place

__all__ = ["SectionInfo", "Session", "sections_from_movement", "default_log_path"]


def default_log_path(session: str) -> str:
    """Where ``td-plugin serve`` keeps the log of a session by default: beside it,
    ``club.bws`` -> ``club.td-rulings.sqlite``."""
    root, _ = os.path.splitext(session)
    return root + ".td-rulings.sqlite"


@dataclass(frozen=True)
class SectionInfo:
    """A section: its letter, its number of tables and the rounds it plays."""

    letter: str
    tables: int | None = None
    rounds: int | None = None


@dataclass
class Session:
    """A session: name, date, where it comes from, sections and movement, and the
    results received so far (corrections replace what they correct).

    ``current_rounds`` maps (section, table) to the round the scorer says the table is
    playing, when the source knows it (a Bridgemate ``Tables.CurrentRound``).
    """

    name: str = ""
    date: str | None = None
    path: str | None = None
    format: str | None = None
    sections: tuple[SectionInfo, ...] = ()
    movement: Movement = field(default_factory=lambda: Movement(()))
    extra: Mapping[str, Any] = field(default_factory=dict)
    results: list[BoardRecord] = field(default_factory=list)
    completed_rounds: set[tuple[str, int]] = field(default_factory=set)
    current_rounds: dict[tuple[str, str], int] = field(default_factory=dict)

    def section(self, letter: str) -> SectionInfo | None:
        for s in self.sections:
            if s.letter == letter:
                return s
        return None

    def record_result(self, record: BoardRecord, previous: BoardRecord | None = None) -> None:
        """Take a result in; ``previous`` (the record it corrects) goes out."""
        if previous is not None:
            self.remove_result(previous)
        self.results.append(record)

    def remove_result(self, record: BoardRecord) -> None:
        """Take a result out (its row was erased or deleted)."""
        for i, r in enumerate(self.results):
            if r is record:
                del self.results[i]
                return

    def results_of_round(self, section: str, round: int) -> list[BoardRecord]:
        return [r for r in self.results if r.section == section and r.round == round]

    def others_on_board(self, record: BoardRecord) -> list[BoardRecord]:
        """The other results in of the same board in the same section."""
        return [r for r in self.results
                if r is not record and r.section == record.section and r.board == record.board]

    def round_complete(self, section: str, round: int) -> bool:
        """True when the round is over in ``section``: every table that plays in it has
        every board in (sit-outs expect none), or has gone on two rounds further (late
        entries of the last round are common, so one round on is not enough to call a
        board missing). Without a movement: when some table is two rounds further."""
        slots = self.movement.slots_of_round(section, round)
        if not slots:
            return any(r.section == section and r.round is not None and r.round >= round + 2
                       for r in self.results)
        have: set[tuple[Any, ...]] = {Place.of(r).key for r in self.results}
        gone = self._tables_at_round(section, round + 2)
        for slot in slots:
            if slot.sitout or slot.table in gone:
                continue
            if any((section, slot.table, round, b) not in have for b in slot.boards):
                return False
        return True

    def _tables_at_round(self, section: str, round: int) -> set[str | None]:
        """Tables of ``section`` with a result of ``round`` or later (or that the scorer
        says play it)."""
        tables = {r.table for r in self.results
                  if r.section == section and r.round is not None and r.round >= round}
        tables |= {t for (s, t), cur in self.current_rounds.items() if s == section and cur >= round}
        return tables

    def newly_completed_rounds(self) -> list[tuple[str, int]]:
        """Rounds that are complete now and were not reported yet, in order; they are
        marked reported."""
        candidates: set[tuple[str, int]] = {(s.section, s.round) for s in self.movement}
        candidates |= {(r.section, r.round) for r in self.results
                       if r.section is not None and r.round is not None}
        done = sorted(c for c in candidates - self.completed_rounds if self.round_complete(*c))
        self.completed_rounds.update(done)
        return done

    def open_rounds(self) -> list[tuple[str, int]]:
        """Rounds not reported complete (at the end of a session: the ones left open)."""
        candidates: set[tuple[str, int]] = {(s.section, s.round) for s in self.movement}
        candidates |= {(r.section, r.round) for r in self.results
                       if r.section is not None and r.round is not None}
        return sorted(candidates - self.completed_rounds)

    def rounds_due(self) -> list[tuple[str, int]]:
        """The rounds not reported complete that should be complete by now, when the
        session closes: a round some table of its section has gone past (it has a result
        of a later round, or the scorer says it plays one), and the section's last round
        once a table has reached it. A round no table has reached, or the round being
        played when a watch stopped early, is not due: its boards are not missing yet."""
        due = []
        for section, round_ in self.open_rounds():
            reached = self._reached(section)
            last = max(self.movement.rounds(section), default=reached)
            if round_ < reached or round_ == reached == last:
                due.append((section, round_))
        return due

    def _reached(self, section: str) -> int:
        """The furthest round a table of ``section`` has reached (0: none)."""
        rounds = [r.round for r in self.results if r.section == section and r.round is not None]
        rounds += [cur for (s, _), cur in self.current_rounds.items() if s == section]
        return max(rounds, default=0)

    def counts(self) -> dict[tuple[str, int], int]:
        """Results in per (section, round)."""
        out: dict[tuple[str, int], int] = {}
        for r in self.results:
            if r.section is not None and r.round is not None:
                out[(r.section, r.round)] = out.get((r.section, r.round), 0) + 1
        return dict(sorted(out.items()))


def sections_from_movement(movement: Movement, tables: Mapping[str, int] | None = None
                           ) -> tuple[SectionInfo, ...]:
    """Section infos derived from a movement (and table counts when known)."""
    out = []
    for letter in movement.sections():
        rounds = movement.rounds(letter)
        n_tables = (tables or {}).get(letter) or len({s.table for s in movement
                                                       if s.section == letter})
        out.append(SectionInfo(letter, n_tables, len(rounds)))
    return tuple(out)

