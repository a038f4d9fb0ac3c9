"""Which findings change a score (`td_plugin.audit.reports.order`): the reports show those
first."""

from __future__ import annotations

from td_plugin.audit.reports.order import changes_score, lead_finding
from td_plugin.model.cards import Card, Seat, Side, Suit
from td_plugin.model.contract import Contract
from td_plugin.model.findings import Finding, FindingKind
from td_plugin.model.outcomes import ArtificialScore, AssignedResult
from td_plugin.model.revoke_outcome import Equity, EquityFigures, EquityUnavailable, Proposal, RevokeOutcome
from td_plugin.model.rulings import Clause, Ruling

TRANSFER = Ruling((Clause("64A2", "revoke.decision.64A2"),),
                  AssignedResult(Contract.from_pbn("4S", "S"), 11, 650))
NO_TRANSFER = Ruling((Clause("64B5", "revoke.established.62c3"),))


def revoke(ruling: Ruling, equity: Equity | None = None) -> Finding:
    outcome = RevokeOutcome(suit_led=Suit.S, established=True, transfer=0, transfer_if_timely=1,
                            exception=ruling.law, declarer_tricks=10, score_ns=620,
                            adjusted_declarer_tricks=10, adjusted_score_ns=620, equity=equity)
    return Finding(kind=FindingKind.REVOKE, key="revoke.finding", law=ruling.law,
                   ruling=ruling, seat=Seat.E, trick=2, revoke=outcome)


def figures(insufficient: bool, proposal: Proposal | None) -> EquityFigures:
    return EquityFigures(clause="64C1", trick=2, seat=Seat.E, best_card=Card.from_pbn("D4"),
                         nos=Side.NS, nos_tricks_before=0, nos_tricks_double_dummy=11,
                         prior_transfer=0, equity_declarer_tricks=11 if insufficient else 10,
                         table_declarer_tricks=10, insufficient=insufficient, proposal=proposal)


def test_64a_a_transfer_changes_the_score() -> None:
    assert changes_score(revoke(TRANSFER))


def test_64b5_no_transfer_and_no_64c_score_leaves_it() -> None:
    assert not changes_score(revoke(NO_TRANSFER))
    assert not changes_score(revoke(NO_TRANSFER, figures(False, None)))
    assert not changes_score(revoke(NO_TRANSFER, EquityUnavailable(how="pip")))


def test_64c_a_score_to_assign_changes_it() -> None:
    assert changes_score(revoke(NO_TRANSFER, figures(True, Proposal(11, 650))))


def test_12c2_an_artificial_score_changes_it() -> None:
    ruling = Ruling((Clause("12C2", "result.artificial"),), ArtificialScore(60, 40))
    assert changes_score(Finding(kind="club_rule", key="k", ruling=ruling))


def test_a_score_or_result_that_does_not_match_changes_it_and_a_lead_not_held_does_not() -> None:
    for kind in ("score_mismatch", "result_mismatch", "impossible_result", "missing_result"):
        assert changes_score(Finding(kind=kind, key="k")), kind
    for kind in ("lead_not_held", "card_not_held", "auction_illegal", "movement_mismatch"):
        assert not changes_score(Finding(kind=kind, key="k")), kind


def test_a_record_is_shown_under_its_first_finding_that_changes_a_score() -> None:
    lead, score = Finding(kind="lead_not_held", key="k"), Finding(kind="score_mismatch", key="k")
    assert lead_finding([lead, score]) is score
    assert lead_finding([lead, Finding(kind="card_not_held", key="k")]) is lead
