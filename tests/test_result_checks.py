"""Checks of a result as entered at the table, and what the TD report tells the scorer."""

from __future__ import annotations

from fractions import Fraction

import pytest

from td_plugin.audit.scorer_entry import average_words, result_notation, scorer_entry
from td_plugin.host.manager import PluginHost
from td_plugin.laws.context import ReviewContext
from td_plugin.messages import render
from td_plugin.model.board import BoardRecord
from td_plugin.model.cards import Card, Seat
from td_plugin.model.contract import Contract
from td_plugin.model.deal import Deal
from td_plugin.model.findings import Finding
from td_plugin.model.outcomes import ArtificialScore, AssignedResult, WeightedScore
from td_plugin.model.play import Play
from td_plugin.model.rulings import Clause, Ruling
from td_plugin.rulers.results import check_recorded_result

DEAL = Deal.from_pbn("N:KT653.QJ9.64.AQ2 94.86.A872.J9864 Q2.AT7.KQT93.T53 AJ87.K5432.J5.K7")


def rec(**kw) -> BoardRecord:
    base = {"board": 7, "section": "A", "table": "3", "round": 2, "ns_pair": "3", "ew_pair": "5",
            "contract": Contract.from_pbn("4S", "S"), "declarer_tricks": 10}
    return BoardRecord(**{**base, **kw})


def kinds(record: BoardRecord) -> list[str]:
    return [f.kind for f in check_recorded_result(record)]


def test_clean_result_has_no_finding() -> None:
    assert kinds(rec(deal=DEAL, lead=Card.from_pbn("HK"), declaring_pair="3")) == []


def test_impossible_result_more_than_thirteen_tricks() -> None:
    (f,) = check_recorded_result(rec(contract=Contract.from_pbn("6NT", "N"), declarer_tricks=14))
    assert f.kind == "impossible_result"
    assert render(f.key, f.params) == ("6NT +2 would give declarer 14 tricks: correct the "
                                       "result entered at the table.")
    assert kinds(rec(declarer_tricks=-1)) == ["impossible_result"]


def test_declaring_pair_not_in_declarers_seat() -> None:
    assert kinds(rec(declaring_pair="5")) == ["declarer_mismatch"]
    # Mitchell numbering with NS and EW pair sharing a number cannot be told apart
    assert kinds(rec(ns_pair="3", ew_pair="3", declaring_pair="3")) == []


def test_12c2_artificial_score_and_not_played() -> None:
    (f,) = check_recorded_result(rec(contract=None, declarer_tricks=None,
                                     artificial=ArtificialScore(60, 40)))
    assert (f.kind, f.law, f.data) == ("artificial_score", "12C2", {"ns_percent": 60, "ew_percent": 40})
    assert "60%-40%" in render(f.key, f.params)
    assert f.render("da") == render(f.key, f.params, "da")  # no ruling: its own message
    assert kinds(rec(contract=None, declarer_tricks=None, not_played=True)) == ["not_played"]


def test_12c2a_not_played_advises_the_averages_by_fault() -> None:
    """Law 12C2(a): average plus (60 %) to a side in no way at fault, average (50 %) to one
    partly at fault, average minus (40 %) to one directly at fault; never 40 % to a side
    that is not at fault."""
    (f,) = check_recorded_result(rec(contract=None, declarer_tricks=None, not_played=True))
    text = render(f.key, f.params)
    assert "12C2(a)" in text and "average plus (60%) to a side in no way at fault" in text
    assert "average (50%) to a side partly at fault" in text
    assert "average minus (40%) to a side directly at fault" in text
    assert "40%-40%" not in text
    assert "gennemsnit plus (60%) til en side uden skyld" in render(f.key, f.params, "da")


def test_lead_not_held_and_lead_against_the_play() -> None:
    assert kinds(rec(deal=DEAL, lead=Card.from_pbn("SK"))) == ["lead_not_held"]
    play = Play.from_played_order(Seat.W, ["HK", "HA", "H2", "HQ"], None)
    assert kinds(rec(deal=DEAL, play=play, lead=Card.from_pbn("D5"))) == \
        ["lead_mismatch"]


def ruling(outcome, *laws: str) -> Finding:
    return Finding(kind="revoke", key="k", ruling=Ruling(tuple(Clause(law, "k") for law in laws),
                                                          outcome))


def test_scorer_entry_for_a_trick_transfer() -> None:
    """The example of the TD report: 4S= becomes 4S-1 (Law 64A2, one trick)."""
    record = rec()
    outcome = AssignedResult(Contract.from_pbn("4S", "S"), 9, 100)
    entry = scorer_entry(record, ruling(outcome, "64A2"))
    assert entry.text() == "Board 7, section A, table 3, round 2: 4S= becomes 4S-1 (Law 64A2, one trick)"
    assert entry.text("da") == "Spil 7, række A, bord 3, runde 2: 4S= ændres til 4S-1 (§ 64A2, ét stik)"
    two = scorer_entry(record, ruling(AssignedResult(Contract.from_pbn("4S", "S"), 8, 200), "64A1"))
    assert two.text().endswith("4S= becomes 4S-2 (Law 64A1, 2 tricks)")


def test_scorer_entry_for_artificial_and_weighted_scores() -> None:
    entry = scorer_entry(rec(section=None), ruling(ArtificialScore(60, 40), "12C2"))
    assert entry.text() == "Board 7, table 3, round 2: enter 60%-40% (Ave+/Ave-) (Law 12C2)"
    weighted = WeightedScore(((Fraction(1, 2), AssignedResult(Contract.from_pbn("4S", "S"), 10, -420)),
                              (Fraction(1, 2), AssignedResult(Contract.from_pbn("4S", "S"), 9, 50))))
    assert "1/2 \u00d7 4S=, 1/2 \u00d7 4S-1" in scorer_entry(rec(), ruling(weighted, "12C1c")).text()
    assert scorer_entry(rec(), ruling(None, "64B5")) is None
    assert average_words(ArtificialScore(70, 30)) is None


def test_result_notation() -> None:
    assert result_notation(Contract.from_pbn("3NTX", "N"), 11) == "3NTX+2"
    assert result_notation(Contract.PASSED_OUT, None) == "Pass"
    assert result_notation(None, 9) == "?"


@pytest.mark.realworld
def test_lead_checks_run_on_the_real_usebio_files(realworld) -> None:
    """2,543 of the 2,560 real USEBIO lines carry a lead (every contract played). Read
    through the host, each lead is checked against the deal, and 170 of them are not in
    the opening leader's hand: the declarer's seat or the lead mis-entered (89 are held by
    the leader's partner, 47 by declarer, 34 by dummy)."""
    host = PluginHost(load_entrypoints=False)
    results = with_lead = 0
    holders: dict[str, int] = {}
    for path in sorted((realworld / "usebio").glob("*.xml")):
        for record in host.open_source(str(path)).records():
            results += 1
            findings = [f for f in host.review_board(record, ReviewContext()).findings
                        if f.kind in ("lead_not_held", "lead_mismatch")]
            if record.lead is None:
                assert findings == []
                continue
            with_lead += 1
            leader = record.declarer.lho
            held = record.deal.holder(record.lead)
            if held is leader:
                assert findings == []
                continue
            (f,) = findings
            assert (f.kind, f.seat, f.data["card"]) == ("lead_not_held", leader, record.lead.pbn())
            role = {leader.partner: "partner", record.declarer: "declarer",
                    record.declarer.partner: "dummy"}[held]
            holders[role] = holders.get(role, 0) + 1
    assert (results, with_lead) == (2560, 2543)
    assert holders == {"partner": 89, "declarer": 47, "dummy": 34}
