"""The interface between the core and the file-format adapters.

A reader opens a file and hands out `BoardRecord`s one at a time (memory independent of
file size), collecting problems per record instead of stopping. A reader that can also
cut its file into parts read independently offers `PartedSource`, and a large file is
then audited on several processes (`td_plugin.audit_parts`). A writer (the hook
``td_write_changes``) takes the changes rulings ask for (`RecordChange`) and writes a copy
of the source in which only what changed differs; the input is never modified in place.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator, Mapping, Protocol, Sequence, runtime_checkable

from td_plugin.board import BoardRecord, RecordProblem

__all__ = ["Source", "PartedSource", "SourcePart", "PartReading", "RecordChange"]


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


class SourcePart(Protocol):
    """One part of a file cut by a `PartedSource`: whole records, picklable (it is sent
    to a worker process)."""

    #: the part's place among the parts, from 0
    number: int

    def to_end(self) -> "SourcePart":
        """A part with the same start that runs to the end of the file."""
        ...


class PartReading(Protocol):
    """The reading of one part (`PartedSource.read_part`). ``records()`` reads it;
    afterwards ``start_state`` is the reader state the part was read from (None when it
    cannot be known), ``end_state`` the state after its last record, and ``open_end``
    says the part did not end where a record ends (the rest must be read on from it)."""

    start_state: object | None
    end_state: object | None
    open_end: bool

    def records(self) -> Iterator[BoardRecord]:
        """The part's records; ``location.record`` counts from 1 at the part's start."""
        ...

    def file_problems(self) -> list[RecordProblem]:
        """Problems of the part not tied to a record, known once `records` is consumed."""
        ...


@runtime_checkable
class PartedSource(Source, Protocol):
    """A source that can be read in parts on several processes, giving the records of
    one reading in the end (`td_plugin.audit_parts`). The source itself is picklable
    (spawned workers receive it), and so are its parts and reader states.

    What a reader carries from record to record (PBN's inherited tag values, say) is its
    *state*: a part is read from a state given by the caller, usually a guess, and its
    reading says which state it started from, so the caller can read it again from the
    right one (the end state of the part before) when the guess was wrong.
    """

    def parts(self) -> Sequence[SourcePart]:
        """The file cut into parts of whole records, in file order."""
        ...

    def read_part(self, part: SourcePart, state: object | None = None,
                  warm: int | None = None) -> PartReading:
        """A reading of ``part`` from ``state`` (an ``end_state`` of the part before;
        None: the state at the start of the file). ``warm``: how far before the part the
        reader may read again to bring a guessed state up to date (0: not at all; None:
        the reader's default)."""
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
