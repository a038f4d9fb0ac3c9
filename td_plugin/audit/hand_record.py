"""``--hand-record FILE``: the club's hand records read through the plugin host (a PBN
file of the dealing machine, or any file a reader here reads with deals), checked to be
for the session's boards, and given to the review (`ReviewContext.hand_record`), which
joins each result to its board's deal (`td_plugin.model.hand_record.HandRecord`).

A hand record that is not for the session is refused, naming what does not fit: a board
of the session it has no deal for, a board it deals that the session has no result of
(another session's hand record, or the wrong set of boards), or two different deals for
one board. Duplimate's own files (``.dup``, ``.bri``) are not read: the dealing machine's
program exports PBN.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from td_plugin.errors import InputError, Location
from td_plugin.model.board import BoardRecord
from td_plugin.model.hand_record import HandRecord

if TYPE_CHECKING:
    from td_plugin.host.manager import PluginHost

__all__ = ["read_hand_record", "session_boards", "boards_of", "check_hand_record",
           "hand_record_for"]

#: board numbers named in a refusal; the rest are counted
_SHOWN = 10


def read_hand_record(host: PluginHost, path: str) -> HandRecord:
    """The deals of ``path`` by board number.

    :raises InputError: the file cannot be read, has no deal, or deals a board twice
        differently.
    """
    boards: dict[int, BoardRecord] = {}
    for record in host.open_source(path).records():
        if record.board is None or record.deal is None:
            continue
        known = boards.get(record.board)
        if known is None:
            boards[record.board] = record
        elif known.deal != record.deal:
            raise InputError(f"not a hand record: board {record.board} is dealt twice, "
                             "differently", Location(path=path, line=record.location.line,
                                                     board=record.board))
    if not boards:
        raise InputError("not a hand record: no deal in it", Location(path=path))
    return HandRecord(path, boards)


def session_boards(records: Iterable[BoardRecord]) -> set[int]:
    """The board numbers of a session's results."""
    return {r.board for r in records if r.board is not None}


def _numbers(boards: Iterable[int]) -> str:
    ordered = sorted(boards)
    text = ", ".join(map(str, ordered[:_SHOWN]))
    return text + (f" and {len(ordered) - _SHOWN} more" if len(ordered) > _SHOWN else "")


def check_hand_record(hand: HandRecord, boards: set[int], session: str) -> None:
    """Refuse a hand record that is not for a session of ``boards``.

    :raises InputError: a board of the session has no deal in it, or it deals boards the
        session has no result of (both named, with the counts).
    """
    missing = boards - hand.boards.keys()
    extra = hand.boards.keys() - boards
    if not missing and not extra:
        return
    why = []
    if missing:
        why.append(f"it has no deal for board {_numbers(missing)} of the session")
    if extra:
        why.append(f"it deals board {_numbers(extra)}, which the session has no result of")
    raise InputError(f"the hand record is not for {session!r}: {'; '.join(why)} "
                     f"({len(hand.boards)} boards in the hand record, {len(boards)} in the "
                     "session)", Location(path=hand.path))


def boards_of(host: PluginHost, session: str) -> set[int]:
    """The boards of a session file: those of its results, and, for a scorer's session
    file, those its movement gives the tables (a session still being played)."""
    from td_plugin.host.sources import SessionSource

    source = host.open_source(session)
    boards = session_boards(source.records())
    if isinstance(source, SessionSource):
        boards.update(b for slot in source.session().movement for b in slot.boards)
    return boards


def hand_record_for(host: PluginHost, path: str, sessions: Iterable[str]) -> HandRecord:
    """The hand record ``path``, checked against the boards of each session file
    (`boards_of`).

    :raises InputError: it cannot be read, or is not for one of the sessions.
    """
    hand = read_hand_record(host, path)
    for session in sessions:
        check_hand_record(hand, boards_of(host, session), session)
    return hand
