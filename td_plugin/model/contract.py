"""Contracts: level, strain, risk (undoubled, doubled, redoubled) and declarer."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from td_plugin._quick_init import quick_init
from td_plugin.errors import InvalidTokenError
from td_plugin.messages import MsgText
from td_plugin.model.cards import Seat, Strain

__all__ = ["Contract"]

_CONTRACT_RE = re.compile(r"^\s*([1-7])\s*(NT|N|SA|[SHDC])\s*(XX|X|R|\*\*|\*)?\s*$", re.I)


@quick_init
@dataclass(frozen=True)
class Contract:
    """A final contract. ``level`` 0 means the board was passed out (`Contract.PASSED_OUT`).

    ``risk`` is 0 undoubled, 1 doubled, 2 redoubled. ``declarer`` may be None where the
    record does not say.
    """

    level: int
    strain: Strain | None
    risk: int = 0
    declarer: Seat | None = None

    #: the board passed out (level 0), set below
    PASSED_OUT: ClassVar[Contract]

    @classmethod
    def from_pbn(cls, text: str, declarer: Seat | str | None = None) -> Contract:
        """Parse ``"4HX"``, ``"3NT"``, ``"5Cx"``, ``"Pass"`` (also ``"4 S x"`` as Bridgemate writes it)."""
        if isinstance(declarer, str):
            declarer = Seat.from_pbn(declarer) if declarer.strip() else None
        t = text.strip()
        if t.upper() in ("PASS", "P", "PASSED", "AP", "ALL PASS", "PASSED OUT"):
            return cls.PASSED_OUT
        m = _CONTRACT_RE.match(t.replace(" ", ""))
        if not m:
            raise InvalidTokenError(MsgText.of("error.token.not_contract", {"text": repr(text)}))
        risk_text = (m.group(3) or "").upper()
        risk = {"": 0, "X": 1, "*": 1, "XX": 2, "R": 2, "**": 2}[risk_text]
        return cls(int(m.group(1)), Strain.from_pbn(m.group(2)), risk, declarer)

    def pbn(self) -> str:
        """``"4HX"`` or ``"Pass"`` (export format: upper case)."""
        if self.is_passed_out:
            return "Pass"
        assert self.strain is not None, "a contract above level 0 has a strain"
        return f"{self.level}{self.strain.value}{'X' * self.risk}"

    def __repr__(self) -> str:
        d = f", {self.declarer.value!r}" if self.declarer else ""
        return f"Contract.from_pbn({self.pbn()!r}{d})"

    def __str__(self) -> str:
        if self.is_passed_out:
            return "Passed out"
        return self.pbn() + (f" {self.declarer.value}" if self.declarer else "")

    @property
    def is_passed_out(self) -> bool:
        return self.level == 0

    @property
    def tricks_needed(self) -> int:
        return self.level + 6

    def with_declarer(self, declarer: Seat | None) -> Contract:
        return Contract(self.level, self.strain, self.risk, declarer)

    def same_as(self, other: Contract) -> bool:
        """Same level, strain and risk (ignoring the declarer)."""
        return (self.level, self.strain, self.risk) == (other.level, other.strain, other.risk)


Contract.PASSED_OUT = Contract(0, None)
