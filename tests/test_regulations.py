"""Regulations as objects (`td_plugin.regulations`): found by name, a case's options over
their defaults, chosen with ``--regulation`` on every command and in the table app, and
what each refuses (Law 12C1(e): no weighted scores)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from td_plugin.adjustments import AdjustmentFileError, check_regulation, parse_adjustments_text
from td_plugin.casefile import load_case
from td_plugin.cli import main
from td_plugin.errors import CaseFileError, InputError
from td_plugin.incidents import rule_incident
from td_plugin.laws.revokes import RevokeCase, rule_revoke_case
from td_plugin.regulations import ACBL, EBU, REGULATIONS, WBF, DBf, Regulation, names, register, regulation
from td_plugin.rulings import ReviewContext

# 32A2(b): South doubles at East's turn, East bids, South's 3H is not comparable
DOUBLE_OOR = {"dealer": "W", "accept": False, "comparable": False,
              "calls": ["W 1S", "N Pass", "S X", "E 2S", "S 3H"]}


class NoWeighted(WBF):
    """A club's regulation electing Law 12C1(e) (for the tests)."""

    name = "no-weighted"
    weighted_scores = False


@pytest.fixture
def no_weighted():
    register(NoWeighted)
    yield NoWeighted
    del REGULATIONS["no-weighted"]


def test_found_by_name_and_alias() -> None:
    assert names() == ["wbf", "acbl", "ebu", "dbf"]
    assert type(regulation()) is WBF and type(regulation("ACBL")) is ACBL
    assert type(regulation("ebu")) is EBU and type(regulation("danish")) is DBf
    assert ReviewContext(regulation="dbf").in_force == DBf()
    with pytest.raises(InputError, match=r"unknown regulation 'fifa' .known: wbf, acbl, ebu, dbf"):
        regulation("fifa")


def test_what_each_regulation_sets() -> None:
    for cls in (WBF, ACBL, EBU, DBf):
        r = cls()
        assert r.lead_restriction_after_32 is True  # 32A2(b): no authority found reading otherwise
        assert r.weighted_scores is True  # 12C1(c); ACBL revoked its 12C1(e) election in 2016
        assert r.cancelled_call_bars_correction is False
        assert issubclass(cls, Regulation) and cls.__doc__
    for cls in (ACBL, EBU, DBf):  # each says what could not be verified, and its sources
        assert "not verified" in (cls.__doc__ or "").lower() and cls.sources


def test_options_over_the_regulation_and_repr() -> None:
    r = regulation("acbl", lead_restriction_after_32=False, weighted_scores=None)
    assert r == ACBL(lead_restriction_after_32=False) and r != ACBL()
    assert repr(r) == "ACBL(lead_restriction_after_32=False)" and repr(WBF()) == "WBF()"
    assert r.with_options(lead_restriction_after_32=None) == r
    assert hash(r) == hash(ACBL(lead_restriction_after_32=False))
    with pytest.raises(TypeError, match="no option 'colour'"):
        WBF(colour=True)


def test_32a2b_regulation_default_and_the_case_option_over_it() -> None:
    class Greek(WBF):
        name = "greek"
        lead_restriction_after_32 = False

    by_default = rule_incident(DOUBLE_OOR)
    assert "26B" in by_default.laws
    greek = rule_incident(DOUBLE_OOR, regulation_in_force=Greek())
    assert "26B" not in greek.laws and greek.regulation == "greek"
    # the case's options win over the regulation's defaults, both ways
    assert "26B" in rule_incident(dict(DOUBLE_OOR, options={"lead_restriction_after_32": True}),
                                  regulation_in_force=Greek()).laws
    assert "26B" not in rule_incident(dict(DOUBLE_OOR,
                                           options={"lead_restriction_after_32": False}),
                                      ReviewContext(regulation="dbf")).laws


def test_ruling_says_its_regulation() -> None:
    r = rule_incident(DOUBLE_OOR, ReviewContext(regulation="ebu"))
    assert r.regulation == "ebu" and r.to_json()["regulation"] == "ebu"


def test_12c1e_adjust_refuses_weighted_scores(no_weighted) -> None:
    adjustments = parse_adjustments_text(
        '[{"board": 1, "ns_pair": 4, "ew_pair": 4, "law": "12C1(c)", "weighted": '
        '[{"result": "4S S 10", "weight": 0.6}, {"result": "4S S 9", "weight": 0.4}]}]')
    check_regulation(adjustments, regulation("acbl"))  # allowed
    with pytest.raises(AdjustmentFileError, match=r"allows no weighted scores .Law 12C1.e."):
        check_regulation(adjustments, regulation("no-weighted"), "adj.yaml")


def test_12c1e_revoke_case_refuses_a_weighted_judgement(no_weighted) -> None:
    case = load_case({"kind": "revoke", "vulnerable": "NS", "contract": "4H", "declarer": "N",
                      "declarer_tricks": 10,
                      "revokes": [{"offender": "E", "trick": 5, "suit_led": "D", "card": "H5",
                                   "revoke_trick_won_by": "E",
                                   "offending_side_tricks_from_revoke": 3,
                                   "established": True}],
                      "equity_weighted": [{"result": "4H N 12", "weight": "60%"},
                                          {"result": "4H N 11", "weight": 0.4}]})
    assert isinstance(case, RevokeCase)
    assert rule_revoke_case(case, ReviewContext(regulation="acbl")).outcome is not None
    with pytest.raises(CaseFileError, match="equity_weighted: the regulation in force "
                                            r"\(no-weighted\) allows no weighted scores"):
        rule_revoke_case(case, ReviewContext(regulation="no-weighted"))


CASES = Path(__file__).resolve().parent / "cases"


def test_rule_command_takes_the_regulation(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rule", str(CASES / "001_call_out_of_rotation_comparable.json"), "--json",
                 "--regulation", "dbf"]) == 0
    assert json.loads(capsys.readouterr().out)["regulation"] == "dbf"
    assert main(["rule", str(CASES / "001_call_out_of_rotation_comparable.json"),
                 "--regulation", "dbf"]) == 0
    assert "DBf" in capsys.readouterr().out
    assert main(["rule", str(CASES / "001_call_out_of_rotation_comparable.json"),
                 "--regulation", "fifa"]) == 2
    assert "unknown regulation 'fifa'" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["audit", "adjust", "watch", "serve"])
def test_every_command_refuses_an_unknown_regulation(command: str, tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    session = tmp_path / "s.pbn"
    session.write_text('[Board "1"]\n[Dealer "N"]\n[Auction "N"]\nPass Pass Pass Pass\n',
                       encoding="utf-8")
    adjustments = tmp_path / "adj.yaml"
    adjustments.write_text("[]\n", encoding="utf-8")
    args = {"audit": [str(session)], "adjust": [str(session), str(adjustments), "--write-to",
                                                 str(tmp_path / "out")],
            "watch": [str(tmp_path / "s.bws")], "serve": ["--db", str(tmp_path / "db.sqlite"),
                                                          "--port", "0", "--no-qr"]}[command]
    assert main([command, *args, "--regulation", "fifa"]) == 2
    assert "unknown regulation 'fifa' (known: wbf, acbl, ebu, dbf)" in capsys.readouterr().err
