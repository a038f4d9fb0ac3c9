"""What writing back changes: a `RecordChange` asks a writer (the hook
``td_write_changes``) for a record's new outcome and the annotations added as commentary
(`Annotation`: a ruling, a finding, an adjustment, a `TextNote`), each rendered in the
language of the write."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from td_plugin.model.fouled import ScoringGroup
from td_plugin.model.outcomes import Outcome

__all__ = ["Annotation", "TextNote", "GivenIn", "RecordChange"]


@runtime_checkable
class Annotation(Protocol):
    """What a writer adds to a record as commentary, rendered in the language of the
    write: a ruling given at the table or by the audit (`td_plugin.model.rulings.Ruling`), a
    finding (`td_plugin.model.rulings.Finding`), an adjustments-list entry
    (`td_plugin.cases.adjustments.Adjustment`: its note), a `TextNote`. An empty text adds
    nothing."""

    def render(self, lang: str = "en") -> str:
        ...


@dataclass(frozen=True)
class TextNote:
    """A note in someone's own words, written as it is in every language."""

    text: str

    def render(self, lang: str = "en") -> str:
        return self.text


@dataclass(frozen=True)
class GivenIn:
    """An annotation written in the language it was given in (a ruling given at the table
    in Danish is written into the session in Danish), whatever the language of the
    write."""

    annotation: Annotation
    lang: str

    def render(self, lang: str = "en") -> str:
        return self.annotation.render(self.lang)

    def describe(self) -> str | None:
        describe = getattr(self.annotation, "describe", None)
        return str(describe()) if callable(describe) else None


@dataclass(frozen=True)
class RecordChange:
    """What a ruling or an adjustment changes in one record of a source.

    ``record`` is the 1-based index of the record in its file. ``outcome`` is the
    record's new result or score (`td_plugin.model.outcomes`; None: unchanged, the annotations
    alone are added); a writer takes from it what its format holds. ``law`` is the clause
    behind the change. ``annotations`` are added as commentary where the format has room
    for it, each rendered in the language of the write. ``pairs`` (North-South,
    East-West) names the table when the record lists the results of several tables (a
    PBN ``ScoreTable``); None: the record's own result. ``group``: the table's result is
    scored among the group of a fouled board's form (Law 87B, `td_plugin.model.fouled`),
    its result itself unchanged (``outcome`` None).
    """

    record: int
    outcome: Outcome | None = None
    law: str | None = None
    annotations: tuple[Annotation, ...] = ()
    pairs: tuple[str, str] | None = None
    group: ScoringGroup | None = None

    def texts(self, lang: str = "en") -> list[str]:
        """The annotations rendered in ``lang``, the empty ones left out."""
        return [text for text in (a.render(lang) for a in self.annotations) if text]

    def describe(self) -> str:
        """What the change is, for an error about it: the adjustments-list entry it
        applies (``entry 2 (board 9, 1 v 1)``), else the record."""
        for annotation in self.annotations:
            describe = getattr(annotation, "describe", None)
            text = describe() if callable(describe) else None
            if text is not None:
                return str(text)
        return f"record {self.record}"
