"""Regulations as objects (`td_plugin.laws.regulations`): the built-in WBF, a club's own offered
through the host (``td_regulations``), a case's options over their defaults, chosen with
``--regulation`` on every command and in the table app, and what each refuses (Law
12C1(e): no weighted scores)."""

from __future__ import annotations

import json
from pathlib import Path
from types import MappingProxyType

import pytest

from td_plugin import hookimpl
from td_plugin.cases.adjustments import AdjustmentFileError, check_regulation, parse_adjustments_text
from td_plugin.cases.files import load_case
from td_plugin.cli import main
from td_plugin.errors import CaseFileError, InputError
from td_plugin.host.manager import PluginHost
from td_plugin.laws.context import ReviewContext
from td_plugin.laws.regulations import BUILT_IN, WBF, Regulation, Regulations, names, regulation
from td_plugin.laws.revokes import RevokeCase, rule_revoke_case
from tests.case_files import rule_auction_case
from tests.club_plugins_for_commands import StandIn

# 32A2(b): South doubles at East's turn, East bids, South's 3H is not comparable
DOUBLE_OOR = {"dealer": "W", "accept": False, "comparable": False,
              "calls": ["W 1S", "N Pass", "S X", "E 2S", "S 3H"]}
CASES = Path(__file__).resolve().parent / "cases"


class Greek(WBF):
    """A reading of 32A2(b) as the Greek translation has it: Laws 16C and 72C, not 26B."""

    name = "greek"
    aliases = ("el",)
    lead_restriction_after_32 = False


class NoWeighted(WBF):
    """A club's regulation electing Law 12C1(e) (for the tests)."""

    name = "no-weighted"
    weighted_scores = False


class ClubPlugin:
    def __init__(self, *classes: type[Regulation]) -> None:
        self.classes = list(classes)

    @hookimpl
    def td_regulations(self) -> list[type[Regulation]]:
        return self.classes


def host_with(*classes: type[Regulation]) -> PluginHost:
    host = PluginHost(load_entrypoints=False)
    host.register(ClubPlugin(*classes), "club")
    return host


def test_the_package_brings_the_wbf_laws_alone_and_changes_nothing_of_them() -> None:
    assert names() == ["wbf"] and list(BUILT_IN) == ["wbf"]
    assert isinstance(BUILT_IN, MappingProxyType)  # no registry a plugin changes
    r = regulation()
    assert type(r) is WBF and r == regulation("WBF") == ReviewContext().in_force
    assert r.lead_restriction_after_32 is True  # 32A2(b): 26B applies
    assert r.weighted_scores is True  # 12C1(c): weighted scores allowed
    assert r.cancelled_call_bars_correction is False  # 25A5 after a call cancelled (39A)
    with pytest.raises(InputError, match=r"unknown regulation 'acbl' .known: wbf"):
        regulation("acbl")  # no authority's regulation is claimed without a difference


def test_hook_td_regulations_a_club_regulation_through_the_host() -> None:
    host = host_with(Greek, NoWeighted)
    assert host.regulations().names() == ["wbf", "greek", "no-weighted"]
    assert type(host.regulation("EL")) is Greek and type(host.regulation()) is WBF
    assert host.regulation("no-weighted", lead_restriction_after_32=False) == NoWeighted(
        lead_restriction_after_32=False)
    with pytest.raises(InputError, match=r"unknown regulation 'fifa' .known: wbf, greek, "
                                         r"no-weighted"):
        host.regulation("fifa")
    # blocking the plugin takes its regulations away; the built-in stays
    assert PluginHost(load_entrypoints=False).regulations().names() == ["wbf"]


def test_hook_td_regulations_the_last_registered_takes_a_name_and_nonsense_is_refused() -> None:
    class Mine(WBF):
        name = "wbf"
        weighted_scores = False

    host = host_with(Mine)
    assert host.regulations().names() == ["wbf"] and type(host.regulation("wbf")) is Mine
    with pytest.raises(InputError, match="offers 'wbf', which is not a Regulation subclass"):
        host_with("wbf").regulations()  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="is not a Regulation subclass"):
        Regulations([dict])  # type: ignore[list-item]


def test_options_over_the_regulation_and_repr() -> None:
    r = regulation("wbf", lead_restriction_after_32=False, weighted_scores=None)
    assert r == WBF(lead_restriction_after_32=False) and r != WBF()
    assert repr(r) == "WBF(lead_restriction_after_32=False)" and repr(WBF()) == "WBF()"
    assert r.with_options(lead_restriction_after_32=None) == r
    assert hash(r) == hash(WBF(lead_restriction_after_32=False))
    assert Greek() != WBF(lead_restriction_after_32=False)  # another regulation
    with pytest.raises(TypeError, match="no option 'colour'"):
        WBF(colour=True)


def test_32a2b_regulation_default_and_the_case_option_over_it() -> None:
    by_default = rule_auction_case(DOUBLE_OOR)
    assert "26B" in by_default.laws
    greek = rule_auction_case(DOUBLE_OOR, regulation_in_force=host_with(Greek).regulation("greek"))
    assert "26B" not in greek.laws and greek.regulation == "greek"
    # the case's options win over the regulation's defaults, both ways
    assert "26B" in rule_auction_case(dict(DOUBLE_OOR, options={"lead_restriction_after_32": True}),
                                  regulation_in_force=Greek()).laws
    assert "26B" not in rule_auction_case(dict(DOUBLE_OOR,
                                           options={"lead_restriction_after_32": False}),
                                      ReviewContext()).laws


def test_ruling_says_its_regulation() -> None:
    r = rule_auction_case(DOUBLE_OOR, ReviewContext(regulation=Greek()))
    assert r.regulation == "greek" and r.to_json()["regulation"] == "greek"
    assert rule_auction_case(DOUBLE_OOR, ReviewContext()).to_json()["regulation"] == "wbf"


def test_12c1e_adjust_refuses_weighted_scores() -> None:
    adjustments = parse_adjustments_text(
        '[{"board": 1, "ns_pair": 4, "ew_pair": 4, "law": "12C1(c)", "weighted": '
        '[{"result": "4S S 10", "weight": 0.6}, {"result": "4S S 9", "weight": 0.4}]}]')
    host = host_with(NoWeighted)
    check_regulation(adjustments, host.regulation("wbf"))  # 12C1(c): allowed
    with pytest.raises(AdjustmentFileError, match=r"allows no weighted scores .Law 12C1.e."):
        check_regulation(adjustments, host.regulation("no-weighted"), "adj.yaml")


def test_12c1e_revoke_case_refuses_a_weighted_judgement() -> None:
    case = load_case({"kind": "revoke", "vulnerable": "NS", "contract": "4H", "declarer": "N",
                      "declarer_tricks": 10,
                      "revokes": [{"offender": "E", "trick": 5, "suit_led": "D", "card": "H5",
                                   "revoke_trick_won_by": "E",
                                   "offending_side_tricks_from_revoke": 3,
                                   "established": True}],
                      "equity_weighted": [{"result": "4H N 12", "weight": "60%"},
                                          {"result": "4H N 11", "weight": 0.4}]})
    assert isinstance(case, RevokeCase)
    assert rule_revoke_case(case, ReviewContext()).outcome is not None
    no_weighted = host_with(NoWeighted).regulation("no-weighted")
    with pytest.raises(CaseFileError, match="equity_weighted: the regulation in force "
                                            r"\(no-weighted\) allows no weighted scores"):
        rule_revoke_case(case, ReviewContext(regulation=no_weighted))


def test_rule_command_takes_the_regulation(capsys: pytest.CaptureFixture[str]) -> None:
    case = str(CASES / "001_call_out_of_rotation_comparable.json")
    assert main(["rule", case, "--json", "--regulation", "WBF"]) == 0
    assert json.loads(capsys.readouterr().out)["regulation"] == "wbf"
    assert main(["rule", case, "--regulation", "fifa"]) == 2
    assert "unknown regulation 'fifa' (known: wbf)" in capsys.readouterr().err


def test_12c1e_a_club_plugins_regulation_on_the_commands(club_plugins, tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]
                                                           ) -> None:
    club_plugins(club_regulations="club_regulations")
    case = str(CASES / "001_call_out_of_rotation_comparable.json")
    assert main(["rule", case, "--json", "--regulation", "stand-in"]) == 0
    assert json.loads(capsys.readouterr().out)["regulation"] == StandIn.name
    session = tmp_path / "s.pbn"
    session.write_text('[Board "1"]\n[Dealer "N"]\n[Auction "N"]\nPass Pass Pass Pass\n',
                       encoding="utf-8")
    adjustments = tmp_path / "adj.json"
    adjustments.write_text(
        '[{"board": 1, "ns_pair": 4, "ew_pair": 4, "law": "12C1(c)", "weighted": '
        '[{"result": "4S S 10", "weight": 0.6}, {"result": "4S S 9", "weight": 0.4}]}]',
        encoding="utf-8")
    assert main(["adjust", str(session), str(adjustments), "--write-to", str(tmp_path / "out"),
                 "--regulation", "stand-in"]) == 2
    assert "(dbf) allows no weighted scores (Law 12C1(e) instead of 12C1(c))" in \
        capsys.readouterr().err


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
    assert "unknown regulation 'fifa' (known: wbf)" in capsys.readouterr().err
