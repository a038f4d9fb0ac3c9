"""Case files: reading JSON and YAML into the incident model, and a clear message naming
the entry for every mistake."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from td_plugin.cases.files import load_case
from td_plugin.errors import CaseFileError
from td_plugin.laws.auction.comparable_calls import Meaning
from td_plugin.laws.auction.incident import AwareFrom
from td_plugin.laws.auction.situations import Incident, IncidentCall
from td_plugin.model.auction import Call
from td_plugin.model.board import Vulnerability
from td_plugin.model.cards import Seat, Suit
from td_plugin.rulers.cases import rule_case
from tests.case_files import rule_auction_case

BASE: dict[str, Any] = {"dealer": "S", "calls": [{"seat": "S", "call": "1D"},
                                               {"seat": "S", "call": "1NT"}]}


def case(**changes: Any) -> dict:
    return {**BASE, **changes}


def error(data: Any) -> str:
    with pytest.raises(CaseFileError) as info:
        load_case(data)
    return str(info.value)


def test_reads_a_mapping_into_the_incident_model() -> None:
    inc = load_case(case(vulnerable="NS", screens=True, accept=False, declarer="W",
                         final_auction="1D 1S Pass 2S AP", board=7, description="seed 003",
                         options={"lead_restriction_after_32": False}))
    assert isinstance(inc, Incident)
    assert inc.dealer is Seat.S and inc.vulnerable is Vulnerability.NS and inc.screens
    assert inc.calls == (IncidentCall(Seat.S, Call.from_pbn("1D")),
                         IncidentCall(Seat.S, Call.from_pbn("1NT")))
    assert inc.accept is False and inc.declarer is Seat.W and inc.board == 7
    assert inc.final_auction is not None and len(inc.final_auction) == 7
    assert inc.options.lead_restriction_after_32 is False


def test_call_findings() -> None:
    inc = load_case(case(calls=[
        {"seat": "N", "call": "2D", "unintended": True, "aware_from": "partner"},
        {"seat": "N", "call": "2H", "shows": ["S", "H"],
         "meaning": {"hcp": [5, 10], "suits": {"S": [5, 5], "H": [4, 6]}, "purpose": "Muiderberg"},
         "accept": True, "comparable": False}]))
    first, second = inc.calls
    assert first.unintended and first.aware_from is AwareFrom.PARTNER
    assert second.shows == {Suit.S, Suit.H} and second.artificial
    assert second.meaning == Meaning.of((5, 10), {Suit.S: (5, 5), Suit.H: (4, 6)}, "Muiderberg")
    assert second.accept is True and second.comparable is False


def test_short_forms_and_danish_names() -> None:
    inc = load_case({"dealer": "Ø", "calls": ["Ø 1ut", "Syd pas", "V dobl", "N:2C"],
                     "final_auction": ["1NT", {"call": "2C", "shows": []}, "AP"]})
    assert inc.dealer is Seat.E
    assert [(c.seat, c.call.pbn()) for c in inc.calls] == [
        (Seat.E, "1NT"), (Seat.S, "Pass"), (Seat.W, "X"), (Seat.N, "2C")]
    assert inc.final_shows == {1: frozenset()}


def test_test_file_with_case_and_expected(tmp_path: Path) -> None:
    p = tmp_path / "c.json"
    p.write_text(json.dumps({"case": BASE, "expected": {"status": "ruled"}}), encoding="utf-8")
    assert load_case(p).dealer is Seat.S


def test_reads_yaml(tmp_path: Path) -> None:
    p = tmp_path / "c.yaml"
    p.write_text("dealer: S\naccept: false\ncalls:\n  - S 1D\n  - {seat: S, call: 1NT}\n",
                 encoding="utf-8")
    assert rule_auction_case(load_case(p)).laws == ["25B2", "16C", "26B"]


@pytest.mark.parametrize("data, message", [
    (case(calls=[{"seat": "S", "call": "1D"}, {"seat": "Q", "call": "1NT"}]),
     "calls[1]: unknown seat 'Q' (N, E, S or W)"),
    (case(calls=[{"seat": "S", "call": "1D"}, {"seat": "S", "call": "1Z"}]),
     "calls[1]: impossible call '1Z'"),
    (case(calls=[{"seat": "S", "call": "14S"}]),
     "calls[0]: impossible call '14S'"),
    (case(calls=[{"seat": "S", "call": "1D", "unintendd": True}]),
     "calls[0]: unknown key 'unintendd'"),
    (case(calls=[{"seat": "S"}]), "calls[0]: missing 'call'"),
    (case(calls=["S"]), "calls[0]: expected 'SEAT CALL' such as 'S 1D', not 'S'"),
    (case(calls=[]), "calls: expected a non-empty list of calls"),
    ({"calls": BASE["calls"]}, "missing 'dealer'"),
    (case(dealer="X"), "dealer: unknown seat 'X'"),
    (case(acept=True), "unknown key 'acept'"),
    (case(accept="yes"), "accept: expected true or false, not 'yes'"),
    (case(vulnerable="Some"), "vulnerable: unknown vulnerability 'Some'"),
    (case(calls=[{"seat": "S", "call": "1D", "shows": ["T"]}]),
     "calls[0].shows[0]: unknown suit 'T'"),
    (case(calls=[{"seat": "S", "call": "1D", "meaning": {"hcp": [15, 12]}}]),
     "calls[0].meaning.hcp: [15, 12] is not a range within [0, 40]"),
    (case(calls=[{"seat": "S", "call": "1D", "meaning": {"suits": {"D": [4, 14]}}}]),
     "calls[0].meaning.suits.D: [4, 14] is not a range within [0, 13]"),
    (case(calls=[{"seat": "S", "call": "1D", "meaning": {"hcp": 12}}]),
     "calls[0].meaning.hcp: expected [low, high], not 12"),
    (case(calls=[{"seat": "S", "call": "1D", "aware_from": "dog"}]),
     "calls[0].aware_from: expected one of self, partner, opponent, director"),
    (case(final_auction="1D 1T"), "final_auction[1]: impossible call '1T'"),
    (case(options={"lead_after_32": True}), "options: unknown key 'lead_after_32'"),
    (case(board="seven"), "board: expected a board number (a whole number from 1), not 'seven'"),
    (case(board=0), "board: expected a board number (a whole number from 1), not 0"),
    (case(calls=["S Pass"] * 401),
     "calls: 401 calls, more than an auction holds (at most 400; the longest legal auction"),
    (case(final_auction="Pass " * 401), "final_auction: 401 calls, more than an auction holds"),
    ([1, 2], "expected a mapping of keys, not a list"),
])
def test_errors_name_the_entry(data: Any, message: str) -> None:
    assert message in error(data)


@pytest.mark.parametrize("data, message", [
    # a sequence that makes no sense, found by the engine
    ({"dealer": "N", "calls": ["N 1NT", "E Pass", {"seat": "S", "call": "1C",
                                                   "unintended": True}]},
     "calls[2]: unintended: true, but South's intended call"),
    ({"dealer": "N", "calls": ["N 1H", {"seat": "N", "call": "1S", "simultaneous": True}]},
     "calls[1]: simultaneous: true, but both calls are"),
    ({"dealer": "N", "calls": ["N 1H", "S 1S", {"seat": "W", "call": "X",
                                                "simultaneous": True}]},
     "calls[2]: simultaneous: true, but it was East's turn"),
    ({"dealer": "S", "accept": False, "calls": ["S 1D", "S 1NT"],
      "final_auction": "1NT Pass Pass Pass"},
     "final_auction: call 1 (South) is 1NT, but after rectification the auction has 1D"),
])
def test_sequence_errors_name_the_entry(data: dict, message: str) -> None:
    with pytest.raises(CaseFileError, match=None) as info:
        rule_auction_case(data)
    assert message in str(info.value)


def test_file_errors_name_the_file(tmp_path: Path) -> None:
    bad_json = tmp_path / "bad.json"
    bad_json.write_text('{"dealer": "S", "calls": [}', encoding="utf-8")
    assert error(bad_json).startswith(f"{bad_json}, line 1: not valid JSON")
    bad_yaml = tmp_path / "bad.yaml"
    bad_yaml.write_text("dealer: S\ncalls: [S 1D\n", encoding="utf-8")
    assert f"{bad_yaml}" in error(bad_yaml) and "not valid YAML" in error(bad_yaml)
    assert "cannot read the case file" in error(tmp_path / "missing.json")
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text("dealer: S\ncalls:\n  - {seat: Q, call: 1D}\n", encoding="utf-8")
    assert error(wrong) == f"{wrong}: calls[0]: unknown seat 'Q' (N, E, S or W)"


def test_kind_auction_is_the_default_and_may_be_written() -> None:
    assert load_case(case()) == load_case(case(kind="auction"))
    assert isinstance(load_case({"case": case(kind="auction")}), Incident)
    assert error(case(kind="bidding")) == (
        "kind: unknown kind 'bidding' (auction, revoke, card_in_auction, opening_lead, "
        "lead_out_of_turn, penalty_card, premature_play, simultaneous_play, played_card, "
        "revoke_correction, defective_trick, cannot_comply, question_in_play, dummy_designation, "
        "declarer_card, trick_record, no_result, wrong_board, wrong_cards, missing_card, "
        "fouled_board, claim)")


def test_the_cases_ruler_rules_each_kind_by_its_family() -> None:
    """One dispatch over `td_plugin.laws.FAMILIES`: a revoke case's data read and ruled by
    the revoke laws, an auction case's by the walk over its calls."""
    revoke = load_case({"kind": "revoke", "vulnerable": "NS", "contract": "4H",
                        "declarer": "N", "declarer_tricks": 10,
                        "revokes": [{"offender": "E", "trick": 5, "suit_led": "D",
                                     "card": "C3", "established": False}]})
    assert "62A" in rule_case(revoke).laws
    assert rule_case(load_case(case())).laws == rule_auction_case(case()).laws


def test_the_longest_legal_auction_is_a_case() -> None:
    """319 calls: three passes, 1C, and after each of the 35 bids Pass Pass X Pass Pass
    XX Pass Pass, then the last three passes (after 7NTXX)."""
    bids = [f"{level}{strain}" for level in range(1, 8) for strain in ("C", "D", "H", "S", "NT")]
    calls = ["Pass"] * 3
    for bid in bids:
        calls += [bid, "Pass", "Pass", "X", "Pass", "Pass", "XX", "Pass", "Pass"]
    calls += ["Pass"]
    assert len(calls) == 319
    seats = "NESW"
    load_case({"dealer": "N", "calls": [f"{seats[i % 4]} {c}" for i, c in enumerate(calls)],
               "final_auction": " ".join(calls)})


def test_the_forms_facts_are_keys_the_reader_takes() -> None:
    """Every single-choice fact a form sets (`CASE_FIELDS`, `CALL_FIELDS`) is a key the
    reader takes: the whitelists list the keys in the order their error names them."""
    from td_plugin.cases.auction import CALL_KEYS, CASE_KEYS, OPTION_KEYS
    from td_plugin.laws.auction.incident import CALL_FIELDS, CASE_FIELDS

    for f in CASE_FIELDS:
        head, _, tail = f.key.partition(".")
        assert head in CASE_KEYS and (not tail or tail in OPTION_KEYS), f.key
    assert {f.key for f in CALL_FIELDS} <= set(CALL_KEYS)
