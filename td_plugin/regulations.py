"""Regulations in force: the choices the Laws leave to a Regulating Authority, and the
readings where authorities differ, as one object.

As a chess library makes its variants, each regulation is a subclass of `Regulation`
whose class attributes are its choices; `regulation("acbl")` finds one by name (the
``--regulation`` of every command, `td_plugin.rulings.ReviewContext.regulation`), and
calling the class with options (``ACBL(lead_restriction_after_32=False)``) gives the same
regulation with a case's own readings over its defaults (a case file's ``options``). A
club's plugin may `register` its own subclass.

The choices:

- ``lead_restriction_after_32``: whether Law 26B applies after a double or redouble out
  of rotation replaced by a call that is not comparable (32A2(b)). The translations of
  the 2017 Laws differ (Polish and French: Laws 16C, 26B and 72C may apply; Greek: 16C
  and 72C only); the English wording of 32A2(b) could not be checked.
- ``weighted_scores``: whether an assigned adjusted score may be weighted (Law 12C1(c));
  a Regulating Authority may instead elect Law 12C1(e) (the most favourable result that
  was likely for the non-offending side, the most unfavourable that was at all probable
  for the offenders), and then a weighted score is refused.
- ``cancelled_call_bars_correction``: whether a call by partner after the final pass,
  cancelled under Law 39A, is a "subsequent call" that ends the time to replace an
  unintended call (25A4). The default reading is that it is not: the auction ended
  before it reached partner, so 25A5 governs and the correction is allowed until the
  opening lead is faced. No authority on the point was found.
"""

from __future__ import annotations

from typing import Any, ClassVar

from td_plugin.errors import InputError

__all__ = ["Regulation", "WBF", "ACBL", "EBU", "DBf", "REGULATIONS", "OPTIONS", "regulation",
           "register", "names"]

#: The options a case file (``options``) may set over its regulation's defaults.
OPTIONS = ("lead_restriction_after_32", "cancelled_call_bars_correction")


class Regulation:
    """The WBF Laws of Duplicate Bridge 2017 with no regulation of their own (the
    default); subclasses are the Regulating Authorities' regulations."""

    #: the name that chooses it (``--regulation``), and other names it answers to
    name: ClassVar[str] = "wbf"
    aliases: ClassVar[tuple[str, ...]] = ()
    #: where its choices come from; its title for people is the message
    #: ``regulation.<name>`` (a club's plugin brings its own)
    sources: ClassVar[tuple[str, ...]] = ()

    lead_restriction_after_32: bool = True
    weighted_scores: bool = True
    cancelled_call_bars_correction: bool = False

    def __init__(self, **options: bool | None) -> None:
        for key, value in options.items():
            if key not in OPTIONS and key != "weighted_scores":
                raise TypeError(f"{type(self).__name__}: no option {key!r}")
            if value is not None:
                setattr(self, key, bool(value))

    def options(self) -> dict[str, bool]:
        """Every choice as it stands, the case's over the regulation's."""
        return {key: getattr(self, key) for key in (*OPTIONS, "weighted_scores")}

    def with_options(self, **options: bool | None) -> Regulation:
        """This regulation with ``options`` (None: keep the regulation's) over it."""
        merged: dict[str, Any] = dict(self.options())
        merged.update({k: v for k, v in options.items() if v is not None})
        return type(self)(**merged)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.options() == self.options()

    def __hash__(self) -> int:
        return hash((type(self), tuple(sorted(self.options().items()))))

    def __repr__(self) -> str:
        changed = {k: v for k, v in self.options().items() if v != getattr(type(self), k)}
        args = ", ".join(f"{k}={v!r}" for k, v in changed.items())
        return f"{type(self).__name__}({args})"


class WBF(Regulation):
    """The WBF Laws 2017 as published, with the amendment of Law 26B of June 2017.

    Law 26B after 32A2(b) applies by default, as the Polish and French translations read
    it and as seed article 001 (the Danish federation's Directors' article) treats every
    call out of rotation; the English text was not seen. Weighted scores: Law 12C1(c)
    allows them unless the Regulating Authority elects 12C1(e) (the 2017 wording of
    12C1(e) was not checked against the English text)."""


class ACBL(WBF):
    """ACBL, the Laws 2017 North American edition (effective 25 September 2017), which the
    ACBL says is the WBF text apart from its elections.

    The ACBL elected Law 12C1(e) under the 2007 Laws (no weighted scores in ACBL
    sanctioned events); its Board of Directors revoked that election from 1 January 2016
    (minutes of the Chicago NABC, 2015, as reported on Bridge Winners), and the list of
    ACBL elections under the 2017 Laws that the Laws digest saw holds no Law 12 election.
    So weighted scores are allowed here; a regulation that still refuses them is
    ``ACBL(weighted_scores=False)`` or a club's registered subclass. Not verified: the
    current ACBL elections page itself; ACBL's reading of 32A2(b) (the WBF default is
    kept). ACBL's election under Law 40B (no agreements that vary methods after an
    irregularity) does not change a ruling here."""

    name = "acbl"
    sources = ("ACBL Board of Directors, revocation of the 12C1(e) election, effective "
               "1 January 2016",)


class EBU(WBF):
    """EBU, the White Book (from 1 August 2017) over the 2017 Laws.

    The EBU allows weighted scores (the Orange Book applied Law 12C3 of the 1997 Laws to
    weight assigned scores; the current White Book section was not seen). Its reading of
    32A2(b) was not found; the WBF default is kept. Not verified: every White Book
    section on Laws 26, 32 and 12."""

    name = "ebu"
    sources = ("EBU Orange Book 7D1A as quoted on the bridge-laws mailing list, 2007",)


class DBf(WBF):
    """DBf, Danmarks Bridgeforbund, over the Danish translation of the 2017 Laws
    ("Lovene").

    The federation's article on lead restrictions (seed article 001) lists calls out of
    rotation that are not accepted (Laws 30-32) among the irregularities after which
    Law 26B applies, with no exception for 32A2(b): 26B applies. Weighted scores: not
    found in the federation's regulations (not verified); the WBF default is kept."""

    name = "dbf"
    aliases = ("da", "danish")
    sources = ("Udspilsbegrænsninger, the federation's article on the 2017 Laws (seed 001)",)


#: The regulations by name, in the order the commands list them.
REGULATIONS: dict[str, type[Regulation]] = {}


def register(cls: type[Regulation]) -> type[Regulation]:
    """Make ``cls`` (a `Regulation` subclass) available by its name and aliases, e.g. a
    club's own regulation from its plugin. Returns ``cls`` (usable as a decorator)."""
    for key in (cls.name, *cls.aliases):
        REGULATIONS[key.lower()] = cls
    return cls


for _cls in (WBF, ACBL, EBU, DBf):
    register(_cls)


def names() -> list[str]:
    """The regulations' names (not their aliases), for ``--regulation``."""
    return list(dict.fromkeys(cls.name for cls in REGULATIONS.values()))


def regulation(choice: str | Regulation | None = None, **options: bool | None) -> Regulation:
    """The regulation named ``choice`` (default WBF), or ``choice`` itself, with
    ``options`` (None: the regulation's default) over it.

    :raises InputError: no regulation has that name.
    """
    if isinstance(choice, Regulation):
        return choice.with_options(**options) if options else choice
    cls = REGULATIONS.get((choice or "wbf").lower())
    if cls is None:
        raise InputError(f"unknown regulation {choice!r} (known: {', '.join(names())})")
    return cls(**options)
