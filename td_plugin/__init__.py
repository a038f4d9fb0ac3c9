"""td_plugin: a tournament director's assistant for duplicate bridge.

The core (this package) knows bridge and the Laws and no file format or host; the
`adapters` package knows the formats. Plugins import what they need from here::

    from td_plugin import hookimpl, Finding, ReviewContext

The plugin API (`__all__`) is re-exported from the modules that hold it, each imported
when first asked for (`td_plugin._lazy`), so that ``import td_plugin`` stays cheap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pluggy

from td_plugin._lazy import lazy_names

if TYPE_CHECKING:
    from td_plugin.cases.files import ReportedCase, load_case
    from td_plugin.host.manager import DEFAULT_PLUGINS, PluginError, PluginHost
    from td_plugin.host.services import ServiceCredentials, ServiceLink, TdCall
    from td_plugin.host.sources import CheckedSource, Follower, PartedSource, SessionSource, Source
    from td_plugin.laws.context import ReviewContext
    from td_plugin.laws.play.ruling import PlayRuling
    from td_plugin.laws.regulations import WBF, Regulation
    from td_plugin.messages import MissingMessageError
    from td_plugin.model.auction import Auction, Call
    from td_plugin.model.board import BoardRecord, RecordProblem
    from td_plugin.model.cards import Card, Rank, Seat, Side, Suit
    from td_plugin.model.changes import Annotation, RecordChange, TextNote
    from td_plugin.model.contract import Contract
    from td_plugin.model.deal import Deal
    from td_plugin.model.findings import Finding, FindingKind, PlainRows
    from td_plugin.model.movement import Movement, Slot
    from td_plugin.model.obligations import (
        LeadRestriction,
        Obligation,
        PassObligation,
        PenaltyCard,
        PlayRestriction,
    )
    from td_plugin.model.outcomes import (
        ArtificialScore,
        AssignedResult,
        Outcome,
        ScoreOnly,
        TableResult,
        WeightedScore,
    )
    from td_plugin.model.play import Play, Replay
    from td_plugin.model.rescoring import RescoreReport
    from td_plugin.model.rulings import Attention, Clause, Ruling, RulingStatus
    from td_plugin.model.session import Session
    from td_plugin.model.walk import PlayWalk
    from td_plugin.safe_output import atomic_output

NAME = "td_plugin"
#: The marker for hook implementations; the entry-point group has the same name.
hookimpl = pluggy.HookimplMarker(NAME)

#: The plugin API by the module that holds it.
_API = {
    "td_plugin.model.cards": ("Card", "Rank", "Seat", "Side", "Suit"),
    "td_plugin.model.auction": ("Auction", "Call"),
    "td_plugin.model.contract": ("Contract",),
    "td_plugin.model.deal": ("Deal",),
    "td_plugin.model.play": ("Play", "Replay"),
    "td_plugin.model.walk": ("PlayWalk",),
    "td_plugin.model.board": ("BoardRecord", "RecordProblem"),
    "td_plugin.model.outcomes": ("Outcome", "AssignedResult", "ArtificialScore",
                                 "WeightedScore", "TableResult", "ScoreOnly"),
    "td_plugin.model.obligations": ("Obligation", "PenaltyCard", "LeadRestriction",
                                    "PlayRestriction", "PassObligation"),
    "td_plugin.model.rulings": ("Ruling", "Clause", "RulingStatus", "Attention"),
    "td_plugin.model.findings": ("Finding", "FindingKind", "PlainRows"),
    "td_plugin.model.changes": ("RecordChange", "Annotation", "TextNote"),
    "td_plugin.model.movement": ("Movement", "Slot"),
    "td_plugin.model.session": ("Session",),
    "td_plugin.model.rescoring": ("RescoreReport",),
    "td_plugin.laws.context": ("ReviewContext",),
    "td_plugin.laws.regulations": ("Regulation", "WBF"),
    "td_plugin.laws.play.ruling": ("PlayRuling",),
    "td_plugin.cases.files": ("load_case", "ReportedCase"),
    "td_plugin.host.manager": ("PluginHost", "PluginError", "DEFAULT_PLUGINS"),
    "td_plugin.host.sources": ("Source", "CheckedSource", "SessionSource", "PartedSource",
                               "Follower"),
    "td_plugin.host.services": ("ServiceLink", "ServiceCredentials", "TdCall"),
    "td_plugin.messages": ("MissingMessageError",),
    "td_plugin.safe_output": ("atomic_output",),
}
_api_getattr, __dir__ = lazy_names(__name__, _API)


def __getattr__(name: str) -> Any:
    if name == "__version__":  # one source: the installed distribution's metadata
        from importlib.metadata import version

        globals()["__version__"] = value = version("td-plugin")
        return value
    return _api_getattr(name)


__all__ = ["NAME", "hookimpl", "__version__", "Card", "Rank", "Seat", "Side", "Suit",
           "Auction", "Call", "Contract", "Deal", "Play", "Replay", "PlayWalk",
           "BoardRecord", "RecordProblem", "Outcome", "AssignedResult",
           "ArtificialScore", "WeightedScore", "TableResult", "ScoreOnly", "Obligation",
           "PenaltyCard", "LeadRestriction", "PlayRestriction", "PassObligation",
           "Ruling", "Clause", "RulingStatus", "Attention", "Finding", "FindingKind",
           "PlainRows", "RecordChange", "Annotation", "TextNote", "Movement", "Slot",
           "Session", "RescoreReport", "ReviewContext", "Regulation", "WBF",
           "PlayRuling", "load_case", "ReportedCase", "PluginHost", "PluginError",
           "DEFAULT_PLUGINS", "Source", "CheckedSource", "SessionSource",
           "PartedSource", "Follower", "ServiceLink", "ServiceCredentials", "TdCall",
           "MissingMessageError", "atomic_output"]
