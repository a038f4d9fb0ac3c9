"""The interface between the core and the file-format adapters.

A reader opens a file and hands out `BoardRecord`s one at a time (memory independent of
file size), collecting problems per record instead of stopping. A source that holds a
session as it is played (a scorer's live file) also offers `SessionSource`, and can be
followed while it is written (`Follower`, through the hook ``td_follow_source``). A reader
that can also cut its file into parts read independently offers `PartedSource`, and a
large file is then audited on several processes (`td_plugin.audit.parts`).

A writer (the hook ``td_write_changes``) takes the changes rulings and adjustments ask
for (`RecordChange`: an outcome of `td_plugin.model.outcomes` and annotations rendered in the
language of the write) and writes a copy of the source in which only what changed
differs; the input is never modified in place. A source that offers `WritableSource`
says beforehand what such a copy can hold and whether this machine can write one.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from td_plugin.model.board import BoardRecord, RecordProblem

if TYPE_CHECKING:
    from td_plugin.model.session import Session

__all__ = ["Source", "SessionSource", "Follower", "Poll", "PartedSource", "SourcePart",
           "PartReading", "CheckedSource", "WritableSource"]


@runtime_checkable
class Source(Protocol):
    """An opened source of board records."""

    @property
    def format(self) -> str:
        """The short format name: "pbn", "lin", "usebio", "bws"."""
        ...

    @property
    def path(self) -> str:
        """The path as given by the user."""
        ...

    def records(self) -> Iterator[BoardRecord]:
        """The records in file order; ``record.location.record`` is the 1-based index.
        Problems of a record are in ``record.problems``."""
        ...

    def file_problems(self) -> list[RecordProblem]:
        """Problems not tied to a record (bad encoding, a truncated file), known once
        `records` has been consumed."""
        ...


@runtime_checkable
class CheckedSource(Source, Protocol):
    """A source that tells a reading that got far less than its file promises (a file
    so damaged, or so unlike the format as written, that nearly nothing could be read)."""

    def check_read(self, records: int) -> None:
        """Raise `td_plugin.errors.InputError` saying so when ``records``, what a reading
        of the whole file gave, is none or far less than the file promises."""
        ...


@runtime_checkable
class WritableSource(Source, Protocol):
    """A source that says, before anything is written, what a changed copy of it can
    hold: whether it keeps a ruling's text as commentary (a ``.bws`` stores results
    alone), and why no copy can be written on this machine (a driver missing), if so.
    A source that is not one keeps commentary and says nothing beforehand."""

    @property
    def keeps_commentary(self) -> bool:
        """Whether a ruling that changes no result is written (as commentary)."""
        ...

    def write_problem(self) -> str | None:
        """Why a changed copy cannot be written here, or None."""
        ...


@runtime_checkable
class SessionSource(Source, Protocol):
    """A source that holds a session as it is played (a Bridgemate file): its sections
    and movement, and its results and boards in play as they arrived. `td-plugin watch`
    follows such a source; the entries are keyed by an identity per result or board in
    play (see `td_plugin.audit.watch.SessionWatcher.observe`)."""

    @property
    def current_rounds(self) -> Mapping[tuple[str, str], int]:
        """The round each table is playing, by (section, table), as the scorer says."""
        ...

    def session(self) -> Session:
        """A fresh session: name, date, sections, movement, no results."""
        ...

    def entries(self) -> Mapping[Hashable, BoardRecord]:
        """Every result and board in play the source holds now."""
        ...

    def timeline(self) -> Iterator[tuple[dt.datetime | None, Mapping[Hashable, BoardRecord]]]:
        """The session as it grew: after each moment rows were written, the entries as
        `entries` would have given them then (for a replay)."""
        ...


@dataclass(frozen=True)
class Poll:
    """What one poll of a followed file gave: ``data`` when the file changed and was
    read, ``problem`` when it could not be read this time, neither when it has not
    changed."""

    data: SessionSource | None = None
    problem: str | None = None


@runtime_checkable
class Follower(Protocol):
    """A file followed while a scorer writes it: each `poll` reads it when it has changed
    (never getting in the scorer's way); `close` releases what the follower holds."""

    def poll(self) -> Poll:
        ...

    def close(self) -> None:
        ...


class SourcePart(Protocol):
    """One part of a file cut by a `PartedSource`: whole records, picklable (it is sent
    to a worker process)."""

    #: the part's place among the parts, from 0
    number: int

    def to_end(self) -> SourcePart:
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
    one reading in the end (`td_plugin.audit.parts`). The source itself is picklable
    (spawned workers receive it), and so are its parts and reader states.

    What a reader carries from record to record (PBN's inherited tag values, say) is its
    *state*: a part is read from a state given by the caller, usually a guess, and its
    reading says which state it started from, so the caller can read it again from the
    right one (the end state of the part before) when the guess was wrong.
    """

    def parts(self, *, jobs: int = 1) -> Sequence[SourcePart]:
        """The file cut into parts of whole records, in file order; to be shared among
        ``jobs`` processes (a reader may then cut a file of several parts into a multiple
        of ``jobs`` parts of one size, so that no part is left to one process alone at
        the end, and the first a little larger: the audit's own process reads it, and
        takes in what the others found when they end)."""
        ...

    def read_part(self, part: SourcePart, state: object | None = None,
                  warm: int | None = None) -> PartReading:
        """A reading of ``part`` from ``state`` (an ``end_state`` of the part before;
        None: the state at the start of the file). ``warm``: how far before the part the
        reader may read again to bring a guessed state up to date (0: not at all; None:
        the reader's default)."""
        ...


