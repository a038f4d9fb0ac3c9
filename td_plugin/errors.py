"""The one error hierarchy of td_plugin.

Bad input raises a `ValueError` subclass whose message echoes the offending token (cut
to a bounded length: `clip_echo`) and, where known, where it was (file, line, board).
Errors that have been reported to the user and need no traceback derive from
`HandledError`.
"""

from __future__ import annotations

__all__ = [
    "TdPluginError",
    "InputError",
    "InvalidTokenError",
    "InvalidDealError",
    "IllegalCallError",
    "IllegalPlayError",
    "ParseError",
    "CaseFileError",
    "FactError",
    "QuestionError",
    "DraftError",
    "CaseError",
    "HandledError",
    "NotWritableError",
    "WrongFormatError",
    "Location",
    "ECHO_LIMIT",
    "PROBLEM_LIMIT",
    "MAX_RECORD_PROBLEMS",
    "clip_echo",
    "listed_problems",
]

import re
from dataclasses import dataclass
from typing import Any

from td_plugin._quick_init import quick_init
from td_plugin.messages import Msg, MsgText

#: the most characters of one unbroken value (no space in it) a message echoes; a longer
#: one is shown by its first 120 and last 40 characters
ECHO_LIMIT = 200
#: the most characters of a problem found in a record (`td_plugin.model.board.RecordProblem`)
PROBLEM_LIMIT = 1000
#: the most problems a reader lists for one record; the rest are counted in one more
MAX_RECORD_PROBLEMS = 50
_ECHO_HEAD, _ECHO_TAIL = 120, 40
_LONG_RUN = re.compile(r"\S{%d,}" % (ECHO_LIMIT + 1))


def _cut(text: str, head: int, tail: int) -> str:
    left_out = len(text) - head - tail
    return f"{text[:head]}[... {left_out:,} characters ...]{text[len(text) - tail:]}"


def clip_echo(text: str, limit: int | None = None) -> str:
    """``text`` with every run of more than `ECHO_LIMIT` characters without a space cut
    to its first 120 and last 40, saying how many were left out; then, with ``limit``,
    the whole text cut the same way to about ``limit`` characters (its first three
    quarters and last quarter). Linear in the length of ``text``."""
    if len(text) > ECHO_LIMIT:
        text = _LONG_RUN.sub(lambda m: _cut(m.group(), _ECHO_HEAD, _ECHO_TAIL), text)
    if limit is not None and len(text) > limit:
        text = _cut(text, limit * 3 // 4, limit // 4)
    return text


def listed_problems(problems: list[tuple[int | None, str]]) -> list[tuple[int | None, str]]:
    """A record's ``(line, message)`` problems in line order, at most `MAX_RECORD_PROBLEMS`
    of them and one more that counts the rest."""
    problems = sorted(problems, key=lambda p: p[0] or 0)
    if len(problems) > MAX_RECORD_PROBLEMS:
        more = len(problems) - MAX_RECORD_PROBLEMS
        problems[MAX_RECORD_PROBLEMS:] = [(problems[MAX_RECORD_PROBLEMS][0], MsgText.of(
            "problem.more_in_record", {"n": f"{more:,}"}))]
    return problems


@quick_init
@dataclass(frozen=True)
class Location:
    """Where something stands in its source: file path, 1-based line, board number."""

    path: str | None = None
    line: int | None = None
    board: int | None = None
    record: int | None = None  # 1-based index of the record in its file

    def describe(self) -> str:
        parts = []
        if self.path:
            parts.append(self.path)
        if self.line is not None:
            parts.append(f"line {self.line}")
        if self.board is not None:
            parts.append(f"board {self.board}")
        return ", ".join(parts)


class TdPluginError(Exception):
    """Root of every error raised by td_plugin."""


class InputError(TdPluginError, ValueError):
    """Bad input. ``location`` says where, when known. A long value echoed in the message
    is cut (`clip_echo`)."""

    def __init__(self, message: str, location: Location | None = None) -> None:
        self.location = location
        message = clip_echo(message)
        self.bare_message = message
        where = location.describe() if location else ""
        super().__init__(f"{where}: {message}" if where else message)


class InvalidTokenError(InputError):
    """A token that is not a seat, suit, rank, card, call, contract, ... (echoed with !r)."""


class InvalidDealError(InputError):
    """A deal that is not 52 distinct cards, 13 a hand (or a legal partial deal)."""


class IllegalCallError(InputError):
    """A call that the Laws do not allow at this point of the auction (Laws 27, 36, 39)."""

    def __init__(self, message: str, law: str, location: Location | None = None) -> None:
        self.law = law
        super().__init__(message, location)


class IllegalPlayError(InputError):
    """A card that cannot be played: not held by the player, or played twice."""


class ParseError(InputError):
    """A file that does not follow its format at a given place."""


class CaseFileError(InputError):
    """A TD case file (td-plugin rule) that names an unknown seat, an impossible call, ..."""


class FactError(InputError):
    """Facts of a case that do not fit together; ``where`` names the entry (``card``,
    ``cards[1]``; empty: the case), ``bare`` is the message without it."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}" if where else message)
        self.where = where
        self.bare = message


class QuestionError(InputError):
    """An answer that does not fit its question (`td_plugin.laws.facts`)."""


class DraftError(InputError):
    """A tap that makes no sense for the app's draft (a stale page, a hand-made request). The
    text says what is wrong in the draft's terms; ``msg`` says it in the Director's words,
    for the page (by default: the tap does not fit the page, reload it)."""

    def __init__(self, text: str, key: str = "app.problem.tap", **params: Any) -> None:
        super().__init__(text)
        self.msg = Msg(key, params)


class CaseError(InputError):
    """A case posted to the app that cannot be ruled on; the message says why."""


class NotWritableError(InputError):
    """No writer here for a file's format: no adapter writes it, or what its writer needs
    is not installed (the Access ODBC driver for a ``.bws``)."""


class WrongFormatError(InputError):
    """A file that is not what its name says: nothing in it is a record of its format (an
    empty file, a program or an archive renamed, a letter). The message says in one line
    what the file holds instead (`adapters.file_kinds.describe_content`)."""


class HandledError(TdPluginError):
    """An error that has already been explained to the user; the CLI prints no traceback."""
