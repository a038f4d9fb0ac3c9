"""The interface between the core and the file-format adapters.

A reader opens a file and hands out `BoardRecord`s one at a time (memory independent of
file size), collecting problems per record instead of stopping. A writer (the hook
``td_write_changes``) takes the changes rulings ask for (`RecordChange`) and writes a copy
of the source in which only what changed differs; the input is never modified in place.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator, Mapping, Protocol, runtime_checkable

from td_plugin.board import BoardRecord, RecordProblem

__all__ = ["Source", "RecordChange"]


@runtime_checkable
class Source(Protocol):
    """An opened source of board records."""

    #: short format name: "pbn", "lin", "usebio", "bws"
    format: str
    #: the path as given by the user
    path: str

    def records(self) -> Iterator[BoardRecord]:
        """The records in file order; ``record.location.record`` is the 1-based index.
        Problems of a record are in ``record.problems``."""
        ...

    def file_problems(self) -> list[RecordProblem]:
        """Problems not tied to a record (bad encoding, a truncated file), known once
        `records` has been consumed."""
        ...


@dataclass(frozen=True)
class RecordChange:
    """What a ruling changes in one record of a source.

    ``record`` is the 1-based index of the record in its file. ``declarer_tricks`` and
    ``score_ns`` are the adjusted values (None: unchanged); ``comments`` are texts to add
    as commentary (the ruling for the players, or a proposal for the TD); ``artificial``
    is an artificial score as ``(ns_percent, ew_percent)`` for formats that carry one.
    ``law`` is the clause behind the change.
    """

    record: int
    declarer_tricks: int | None = None
    score_ns: int | None = None
    comments: tuple[str, ...] = ()
    artificial: tuple[int, int] | None = None
    law: str | None = None
    extra: Mapping[str, object] = field(default_factory=dict)
