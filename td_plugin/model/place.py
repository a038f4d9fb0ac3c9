"""Where a board was played: section, table, round and board (`Place`), and the record of
the session file its result is (when known). One value for every "where" the tool says:
a ruling's place in the log, a record's label in a message, the key of a result in the
movement, the heading of a table ruling, and a pair's number without its direction."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from td_plugin import messages

if TYPE_CHECKING:
    from td_plugin.model.board import BoardRecord

__all__ = ["Place", "pair_number", "place_msg"]


@dataclass(frozen=True)
class Place:
    """Where a board was played: board, section, table, round (each may be unknown), and
    the result in the session file it belongs to (its record's index, when known)."""

    board: int | None = None
    section: str | None = None
    table: str | None = None
    round: int | None = None
    record: int | None = None

    @classmethod
    def of(cls, record: BoardRecord) -> Place:
        """The place of a record's result."""
        return cls(record.board, record.section, record.table, record.round,
                   record.location.record)

    @property
    def key(self) -> tuple[str | None, str | None, int | None, int | None]:
        """Where a result belongs, as a key: (section, table, round, board)."""
        return (self.section, self.table, self.round, self.board)

    def text(self) -> str:
        """In a message in English: ``board 7, section A, table 3, round 2`` (what is not
        known left out; an unknown board is ``board ?``)."""
        parts = [f"board {self.board}" if self.board is not None else "board ?"]
        for name, value in (("section", self.section), ("table", self.table),
                            ("round", self.round)):
            if value is not None and value != "":
                parts.append(f"{name} {value}")
        return ", ".join(parts)

    def label(self, lang: str = "en") -> str:
        """For people, in ``lang``: ``Board 7, Section A, Table 3, Round 2`` (``–`` when
        nothing is known)."""
        parts = [f"{messages.render(key, None, lang)} {value}"
                 for key, value in (("app.board", self.board), ("app.section", self.section),
                                    ("app.table", self.table), ("app.round", self.round))
                 if value not in (None, "")]
        return ", ".join(parts) or "–"

    def to_json(self) -> dict[str, Any]:
        return {"board": self.board, "section": self.section, "table": self.table,
                "round": self.round, "record": self.record}


def pair_number(pair: object) -> str:
    """A pair number without its direction: ``"2NS"`` and ``2`` are both ``"2"``."""
    text = str(pair).strip().upper()
    for suffix in ("NS", "EW"):
        if text.endswith(suffix) and text[:-len(suffix)]:
            return text[:-len(suffix)].strip()
    return text


def place_msg(place: Place) -> messages.Msg:
    """`Place.text` as a message, in any language: ``board 7, section A, table 3, round 2``
    (what is not known left out; an unknown board is ``board ?``)."""
    out = messages.Msg("place.part.board", {"board": "?" if place.board is None else place.board})
    for name, value in (("section", place.section), ("table", place.table),
                        ("round", place.round)):
        if value is not None and value != "":
            out = messages.Msg("place.part.more", {
                "a": out, "b": messages.Msg(f"place.part.{name}", {name: value})})
    return out
