"""What the Laws need that a record does not carry: when attention was drawn, the
regulation in force, the language of the texts (`ReviewContext`). It travels explicitly
to every ruler and law, never guessed."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from td_plugin.laws.regulations import Regulation, regulation
from td_plugin.model.hand_record import HandRecord
from td_plugin.model.rulings import Attention

__all__ = ["ReviewContext"]


@dataclass(frozen=True)
class ReviewContext:
    """What the Laws need that a record does not carry. Travels explicitly, never guessed.

    ``attention``: when attention was drawn (the default suits a post-session audit);
    ``attention_by_board``: the same per board number, where the Director said so for a
    board (`attention_for` gives a record's). ``language``: "en" or "da" for texts.
    ``equity``: run the 64C double-dummy check when the optional extra is installed.
    ``claims``: check each recorded claim against double dummy (69B2, 71B; the ruler
    ``claims``), off by default: it solves a position for every claim.
    ``regulation``: the regulation in force, as a `Regulation` (the commands give the one
    the host found for ``--regulation``, `PluginHost.regulation`) or by the name of a
    built-in one ("wbf" by default); `in_force` gives the object. ``hand_record``: the
    session's deals as dealt (``--hand-record``, `td_plugin.model.hand_record`), joined
    to the results that carry none and compared with those that do.
    """

    attention: Attention = Attention.AFTER_ROUND
    language: str = "en"
    equity: bool = True
    claims: bool = False
    regulation: str | Regulation = "wbf"
    attention_by_board: Mapping[int, Attention] = field(default_factory=dict, hash=False)
    hand_record: HandRecord | None = field(default=None, hash=False)

    @property
    def in_force(self) -> Regulation:
        """The regulation in force (`td_plugin.laws.regulations`).

        :raises InputError: no regulation has the name given.
        """
        return regulation(self.regulation)

    def attention_for(self, record: Any) -> Attention:
        """When attention was drawn on ``record``'s board: what the Director gave for its
        board number, else what the record itself says (a Director's note in the file),
        else ``attention``."""
        board = record.board if record.board is not None else record.location.board
        if board in self.attention_by_board:
            return self.attention_by_board[board]
        own = getattr(record, "attention", None)
        return own if own is not None else self.attention
