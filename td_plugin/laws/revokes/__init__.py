"""Revokes: Laws 61-64 of the Laws of Duplicate Bridge 2017.

Two paths reach the same law. From a play record, the audit detects the revokes and
derives their facts from the play; at the table, the Director states the facts in a
revoke case file. Both hand a `facts.BoardFacts` to one assessment and one ruling:

- `detection`: 61A, revokes in a play record (with penalty cards, lead restrictions and
  the play restrictions of 57A);
- `facts`: the facts of a board's revokes, whoever establishes them;
- `play_facts`: those facts derived from a play record (63A, tricks won, claims);
- `assessment`: establishment, the corrections of 62, the transfers of 64A, every
  exception of 64B, the cap of 64A when several revokes share the offending side's
  tricks;
- `redress`: 64C, double dummy from a play record, or the Director's judgement;
- `ruling`: the `Ruling` of one revoke, with its clauses (their texts are in the catalogues);
- `review`: the audit of a play record (`review_revokes`);
- `case`: the ruling on a revoke case file (`rule_revoke_case`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from td_plugin._lazy import lazy_names

if TYPE_CHECKING:
    from td_plugin.laws.revokes.assessment import Assessment, BoardAssessment, assess, automatic_transfer
    from td_plugin.laws.revokes.case import EquityJudgement, RevokeCase, RevokeCaseRuling, rule_revoke_case
    from td_plugin.laws.revokes.detection import Revoke, RevokeKind, detect_revokes
    from td_plugin.laws.revokes.facts import BoardFacts, Establishment, RevokeFacts
    from td_plugin.laws.revokes.play_facts import Tally, board_facts, establishment, table_tricks, tally
    from td_plugin.laws.revokes.redress import EquityFigures, EquityUnavailable, equity_check
    from td_plugin.laws.revokes.review import review_revokes, revoke_change
    from td_plugin.laws.revokes.ruling import DATA_KEYS, render_revoke_text, revoke_data, revoke_ruling

#: the names above by their module: each is imported when first asked for, so that an
#: audit of records without a revoke loads `detection` alone (the rest took ~10 ms of
#: every start)
__getattr__, __dir__ = lazy_names(__name__, {f"{__name__}.{module}": names for module, names in {
    "assessment": ("Assessment", "BoardAssessment", "assess", "automatic_transfer"),
    "case": ("EquityJudgement", "RevokeCase", "RevokeCaseRuling", "rule_revoke_case"),
    "detection": ("Revoke", "RevokeKind", "detect_revokes"),
    "facts": ("BoardFacts", "Establishment", "RevokeFacts"),
    "play_facts": ("Tally", "board_facts", "establishment", "table_tricks", "tally"),
    "redress": ("EquityFigures", "EquityUnavailable", "equity_check"),
    "review": ("review_revokes", "revoke_change"),
    "ruling": ("DATA_KEYS", "render_revoke_text", "revoke_data", "revoke_ruling"),
}.items()})


__all__ = ["RevokeKind", "Revoke", "Establishment", "RevokeFacts", "BoardFacts", "Tally", "Assessment",
           "BoardAssessment", "EquityFigures", "EquityUnavailable", "EquityJudgement",
           "RevokeCase", "RevokeCaseRuling", "DATA_KEYS", "detect_revokes", "establishment",
           "tally", "table_tricks", "board_facts", "automatic_transfer", "assess",
           "equity_check", "revoke_ruling", "revoke_data", "review_revokes", "revoke_change",
           "render_revoke_text", "rule_revoke_case"]
