"""Case files of the play period: a card exposed during the auction (Law 24), leads out
of turn (41A, 53-56), penalty cards (50-52), premature and simultaneous plays (57, 58),
a card played and its retraction (45C, 47), a revoke corrected (62), a defective trick
(67) — docs/cases.md.

Each kind's law module (`PLAY_KINDS`) lists its facts (`td_plugin.laws.facts.FactField`)
and builds its case from them (``build_case``); `read_play_case` reads a parsed mapping
by that list: unknown keys, a fact that does not apply, a missing one, a seat, card,
suit or number that cannot be read, an answer that is not among a choice's — each a
`CaseFileError` naming the entry — then the facts are checked together by the law module
(`td_plugin.laws.facts.FactError`, also named). `rule_play_case` rules on the case.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from td_plugin.cases.reader import CaseReader, type_name
from td_plugin.laws.facts import FactError, FactField, applies, choices_of
from td_plugin.laws.play.ruling import PlayRuling
from td_plugin.model.cards import Card
from td_plugin.model.rulings import ReviewContext

__all__ = ["PLAY_KINDS", "PlayCase", "read_play_case", "rule_play_case", "play_module"]

#: The law module of each kind of play-period case.
PLAY_KINDS: dict[str, str] = {
    "card_in_auction": "td_plugin.laws.play.cards_exposed_in_auction",
    "opening_lead": "td_plugin.laws.play.opening_leads_out_of_turn",
    "lead_out_of_turn": "td_plugin.laws.play.leads_out_of_turn",
    "penalty_card": "td_plugin.laws.play.penalty_cards",
    "premature_play": "td_plugin.laws.play.premature_plays",
    "simultaneous_play": "td_plugin.laws.play.simultaneous_plays",
    "played_card": "td_plugin.laws.play.played_cards",
    "revoke_correction": "td_plugin.laws.revokes.correction",
    "defective_trick": "td_plugin.laws.play.defective_tricks",
}
_COMMON = ("kind", "board", "description")


def play_module(kind: str) -> ModuleType:
    return importlib.import_module(PLAY_KINDS[kind])


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
        module = play_module(kind)
        fields: tuple[FactField, ...] = module.FIELDS
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


def rule_play_case(case: PlayCase, context: ReviewContext | str = "en") -> PlayRuling:
    """The ruling on a play-period case, in the context's language."""
    lang = context.language if isinstance(context, ReviewContext) else context
    module = play_module(case.kind)
    ruling: PlayRuling = module.rule(case.case, lang)
    return ruling
