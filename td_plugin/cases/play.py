"""Case files of the play period: a card exposed during the auction (Law 24), leads out
of turn (41A, 53-56), penalty cards (50-52), premature and simultaneous plays (57, 58),
a card played and its retraction (45C-45E, 47), a revoke corrected (62), a defective trick
(67), questions in the play (41B, 41C), a designation from dummy (46), declarer's own
card (48), the record of the tricks (65, 66D) — docs/cases.md.

Each kind's law module (`td_plugin.laws.FAMILIES`, a `td_plugin.laws.FactFamily`) lists its
facts (`td_plugin.laws.facts.FactField`) and builds its case from them (``build_case``);
`read_play_case` reads a parsed mapping by that list (a list of ``tables``, the pairs of
each table a board gone wrong concerns, is read as a list and its items checked by the law
module, `td_plugin.laws.boards.scores.pairs_of`): unknown keys, a fact that does not
apply, a missing one, a seat, card, suit or number that cannot be read, an answer that is
not among a choice's — each a `CaseFileError` naming the entry — then the facts are checked
together by the law module (`td_plugin.errors.FactError`, also named). The ruler ``cases``
rules on the case (`td_plugin.rulers.cases`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from td_plugin.cases.reader import CaseReader, type_name
from td_plugin.errors import FactError
from td_plugin.laws import fact_family
from td_plugin.laws.facts import FactField, applies, choices_of
from td_plugin.model.cards import Card

__all__ = ["PlayCase", "read_play_case"]

_COMMON = ("kind", "board", "description")


@dataclass(frozen=True)
class PlayCase:
    """A play-period case as read: its ``kind``, the law module's case value, and the
    case's own mapping (``data``) as the file gave it."""

    kind: str
    case: Any
    data: Mapping[str, Any]
    source: str | None = None


class _PlayReader(CaseReader):
    def value(self, f: FactField, raw: Any, data: Mapping[str, Any],
              values: Mapping[str, Any]) -> Any:
        where = f.key
        if f.input == "seat":
            value: Any = self.seat(raw, where)
        elif f.input == "card":
            value = self.card(raw, where)
        elif f.input == "cards":
            if not isinstance(raw, list) or not raw:
                raise self.fail(where, f"expected a non-empty list of cards, not {type_name(raw)}")
            value = self.cards(raw, where)
            seen: set[Card] = set()
            for i, c in enumerate(value):
                if c in seen:
                    raise self.fail(f"{where}[{i}]", f"{c.pbn()} is given twice")
                seen.add(c)
        elif f.input == "suit":
            value = self.suit(raw, where)
        elif f.input == "bool":
            value = self.flag(raw, where, False)
        elif f.input == "count":
            value = self.number(raw, where, f.low, f.high)
        elif f.input == "contract":
            value = self.contract(raw, values["declarer"])  # declarer is read before
        elif f.input == "tables":  # each table's pairs (and facts), checked by the law module
            if not isinstance(raw, list):
                raise self.fail(where, f"expected a list of tables ({{ns_pair, ew_pair}}), "
                                       f"not {type_name(raw)}")
            if not raw:
                raise self.fail(where, "expected at least one table (or leave it out)")
            value = raw
        elif f.input in ("text", "hands"):
            if not isinstance(raw, str):
                raise self.fail(where, f"expected text, not {type_name(raw)}")
            value = raw
        elif f.input == "steps":  # words, checked by the law module
            if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
                raise self.fail(where, f"expected a list of steps (text), not {type_name(raw)}")
            value = raw
        else:
            value = raw
        if f.input in ("choice", "seat") and choices_of(f, data):
            allowed = [c.value for c in choices_of(f, data)]
            plain = value.value if f.input == "seat" else value
            if plain not in allowed:
                raise self.fail(where, f"{raw!r} is not one of "
                                       f"{', '.join(str(a) for a in allowed)}")
        return value

    def play_case(self, kind: str, data: Any) -> PlayCase:
        module = fact_family(kind)
        fields = module.FIELDS
        known = _COMMON + tuple(f.key for f in fields)
        m = self.mapping(data, "", known)
        plain = dict(m)  # as the flows of questions see the case: each fact read as text
        values: dict[str, Any] = {}
        for f in fields:
            raw = m.get(f.key)
            if not applies(f, plain):
                if raw is not None:
                    raise self.fail(f.key, f"only {f.only}" if f.only else "does not apply here")
                plain.pop(f.key, None)
                continue
            if raw is None:
                if f.required and not f.decision:
                    raise self.fail("", f"missing {f.key!r}")
                continue
            values[f.key] = self.value(f, raw, plain, values)
            plain[f.key] = _text(values[f.key])
        for key, value in zip(("board", "description"), self.notes(m)):
            values[key] = value
        try:
            case = module.build_case(values)
        except FactError as exc:
            raise self.fail(exc.where, exc.bare) from None
        return PlayCase(kind, case, dict(m), self.source)


def _text(value: Any) -> Any:
    """A fact as a case file writes it: a seat or suit as its letter, a card as ``SK``."""
    if isinstance(value, (tuple, list)):
        return [_text(v) for v in value]
    if isinstance(value, Card):
        return value.pbn()
    if hasattr(value, "pbn") and not hasattr(value, "value"):
        return value.pbn()  # a contract
    return getattr(value, "value", value) if not isinstance(value, (bool, int, str)) else value


def read_play_case(kind: str, data: Any, source: str | None = None) -> PlayCase:
    """A `PlayCase` of ``kind`` from parsed JSON/YAML data (``source`` names it in
    errors)."""
    return _PlayReader(source).play_case(kind, data)
