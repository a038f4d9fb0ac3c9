"""Regulations in force: the choices the Laws leave to a Regulating Authority, and the
readings where authorities differ, as one object.

As a chess library makes its variants, each regulation is a subclass of `Regulation`
whose class attributes are its choices. The package brings one, `WBF` (the Laws with no
regulation of their own, the default); a plugin offers others through the host: its
``td_regulations`` hook returns its subclasses, and the host (`PluginHost.regulations`,
a `Regulations`) finds one by name for the ``--regulation`` of every command and the
table app's choice. Calling the class with options (``WBF(lead_restriction_after_32=
False)``) gives the same regulation with a case's own readings over its defaults (a case
file's ``options``). Nothing here is a registry a plugin changes: `BUILT_IN` is read-only.

The choices:

- ``lead_restriction_after_32``: whether Law 26B applies after a double or redouble out
  of rotation replaced by a call that is not comparable (32A2(b)). The translations of
  the 2017 Laws differ (Polish and French: Laws 16C, 26B and 72C may apply; Greek: 16C
  and 72C only); the English wording of 32A2(b) could not be checked.
- ``weighted_scores``: whether an assigned adjusted score may be weighted (Law 12C1(c));
  a Regulating Authority may instead elect Law 12C1(e) (the most favourable result that
  was likely for the non-offending side, the most unfavourable that was at all probable
  for the offenders), and then a weighted score is refused.
- ``fouled_small_groups``: how a fouled board's groups too small to score are scored
  (Law 87B: "as provided in the regulations"). None (the WBF default): each group is
  factored to the full top by Neuberg's formula, a result alone in its group scoring
  half the top; a regulation may name a rule of fixed percentages
  (`td_plugin.model.fouled.SMALL_GROUP_RULES`: ``acbl-1991``, the ACBL's).
- ``cancelled_call_bars_correction``: whether a call by partner after the final pass,
  cancelled under Law 39A, is a "subsequent call" that ends the time to replace an
  unintended call (25A4). The default reading is that it is not: the auction ended
  before it reached partner, so 25A5 governs and the correction is allowed until the
  opening lead is faced. No authority on the point was found.
- ``variable_averages``: whether the artificial adjusted scores of Law 12C2(a) are
  variable: average-plus the pair's session percentage when that is higher than 60 %,
  average-minus its session percentage when lower than 40 % (an option some authorities
  take for a pair's own averages; the WBF Laws fix 60/50/40 in pairs). A regulation that
  has them sets it; a case file's ``variable`` overrides it for one ruling.

Why no authority's regulation is built in. The ACBL, the EBU and the DBf (Danmarks
Bridgeforbund) were each looked for a published difference from the WBF Laws in what the
engine rules (Laws 12C1 and 12C2, 23, 25-32, 61-64); none was found that could be
verified, and a name that changes nothing would only look like a ruling of its own:

- ACBL: its list of elections under the 2017 Laws (acbl.org, "ACBL options under the
  Laws of Duplicate Bridge") holds Laws 1B, 18F, 40B, 93C and no Law 12 election; its
  2007-Laws election of 12C1(e) (no weighted scores) was revoked by its Board of Directors
  from 1 January 2016 (Chicago NABC minutes, 2015, as quoted on Bridge Winners). So
  weighted scores are allowed, as under the WBF. Its Law 40B election (no agreement to vary
  methods after an irregularity) is a question the Director answers (is the call
  comparable, Law 23), not a rule the engine applies.
- EBU: the EBU has long weighted assigned scores (its Orange Book applied Law 12C3 of the
  1997 Laws, as quoted on the bridge-laws mailing list, 2007; players' guidance on
  12C1(c) is cited as the EBU's on Bridge Winners, 2016), as the WBF Laws allow; no EBU
  reading of 32A2(b) or 25A4 was found. The current White Book's sections on Laws 12, 26
  and 32 themselves could not be read: not verified.
- DBf: the federation's article on lead restrictions (seed article 001) treats every call
  out of rotation that is not accepted (Laws 30-32) as one after which 26B applies, with no
  exception for 32A2(b): the WBF default. On weighted scores its Directors' handbook
  (Turneringslederhåndbogen, § X12A, in the editions of 2008 to 2016 under the 2007 Laws,
  bridge.dk/lov/love07/) lets the Director choose 12C1(c) or 12C1(e) case by case, but
  in tournaments a club runs only where the club has decided beforehand to use weighted
  scores. Whether the handbook under the 2017 Laws (bridge.dk/lov/love17/) keeps § X12A
  could not be read (only its foreword was): not verified for the Laws the engine rules,
  so left out. A club under the old rule is ``WBF(weighted_scores=False)`` or a plugin's
  regulation; this is the first difference to check again.

A regulation that differs (a club electing 12C1(e), an authority's reading of 32A2(b))
is a plugin's `Regulation` subclass, offered through ``td_regulations``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any, ClassVar

from td_plugin.errors import InputError

__all__ = ["Regulation", "WBF", "BUILT_IN", "Regulations", "OPTIONS", "regulation", "names"]

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
    variable_averages: bool = False
    #: how a fouled board's groups too small to score are scored (Law 87B leaves the
    #: method to the regulations): a rule of `td_plugin.model.fouled.SMALL_GROUP_RULES`
    #: (``"acbl-1991"``), or None: Neuberg's formula for every group
    fouled_small_groups: ClassVar[str | None] = None

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


#: The regulations the package brings, by name (read-only): the WBF Laws alone (see the
#: module docstring for why no authority's regulation is among them). Plugins offer
#: theirs through the host (`td_regulations`, `PluginHost.regulations`).
BUILT_IN: Mapping[str, type[Regulation]] = MappingProxyType({"wbf": WBF})


class Regulations:
    """The regulations a host offers, by name and alias, from its plugins
    (`td_plugin.hookspecs.td_regulations`) in the order they were registered: a class that
    claims a name taken before replaces the earlier one (a club's plugin, registered after
    the built-in ones, over them), and keeps its place in `names`."""

    def __init__(self, classes: Iterable[type[Regulation]]) -> None:
        by_name: dict[str, type[Regulation]] = {}
        for cls in classes:
            if not (isinstance(cls, type) and issubclass(cls, Regulation)):
                raise TypeError(f"{cls!r} is not a Regulation subclass")
            for key in (cls.name, *cls.aliases):
                by_name[key.lower()] = cls
        self._by_name: Mapping[str, type[Regulation]] = MappingProxyType(by_name)

    def names(self) -> list[str]:
        """The regulations' names (not their aliases), for ``--regulation``."""
        return list(dict.fromkeys(cls.name for cls in self._by_name.values()))

    def get(self, choice: str | Regulation | None = None,
            **options: bool | None) -> Regulation:
        """The regulation named ``choice`` (default WBF), or ``choice`` itself, with
        ``options`` (None: the regulation's default) over it.

        :raises InputError: no regulation has that name.
        """
        if isinstance(choice, Regulation):
            return choice.with_options(**options) if options else choice
        cls = self._by_name.get((choice or "wbf").lower())
        if cls is None:
            raise InputError(f"unknown regulation {choice!r} (known: {', '.join(self.names())})")
        return cls(**options)


_BUILT_IN = Regulations(BUILT_IN.values())


def names() -> list[str]:
    """The built-in regulations' names (a host's are `PluginHost.regulations`)."""
    return _BUILT_IN.names()


def regulation(choice: str | Regulation | None = None, **options: bool | None) -> Regulation:
    """The built-in regulation named ``choice`` (default WBF), or ``choice`` itself, with
    ``options`` over it: for a caller without a host (`td_plugin.model.rulings.ReviewContext`
    given a name). The commands and the table app ask the host (`PluginHost.regulation`),
    which knows its plugins' regulations too.

    :raises InputError: no built-in regulation has that name.
    """
    return _BUILT_IN.get(choice, **options)
