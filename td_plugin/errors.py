"""The one error hierarchy of td_plugin.

Bad input raises a `ValueError` subclass whose message echoes the offending token and,
where known, where it was (file, line, board). Errors that have been reported to the user
and need no traceback derive from `HandledError`.
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
    "HandledError",
    "Location",
]

from dataclasses import dataclass


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
    """Bad input. ``location`` says where, when known."""

    def __init__(self, message: str, location: Location | None = None) -> None:
        self.location = location
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


class HandledError(TdPluginError):
    """An error that has already been explained to the user; the CLI prints no traceback."""
