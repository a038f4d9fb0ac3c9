"""The incident engine's interface: `rule_incident` for the CLI and the plugin host,
`AuctionRuling` as a `Ruling` value with JSON and text."""

from __future__ import annotations

import json
import os
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from td_plugin import messages
from td_plugin.errors import CaseFileError
from td_plugin.host.manager import PluginHost
from td_plugin.laws.auction.situations import AuctionRuling, Incident, IncidentCall
from td_plugin.laws.context import ReviewContext
from td_plugin.laws.regulations import WBF
from td_plugin.model.auction import Call
from td_plugin.model.cards import Seat, Suit
from td_plugin.model.rulings import Ruling
from tests.case_files import rule_auction_case

CHANGE = Incident(Seat.S, (IncidentCall.of("S", "1D"), IncidentCall.of("S", "1NT")),
                  accept=False)


def test_rule_incident_takes_an_incident_a_mapping_or_a_context() -> None:
    by_model = rule_auction_case(CHANGE)
    by_mapping = rule_auction_case({"dealer": "S", "accept": False, "calls": ["S 1D", "S 1NT"]})
    by_context = rule_auction_case(CHANGE, ReviewContext(language="da"))
    assert by_model.to_json() == by_mapping.to_json()
    assert by_context.lang == "da" and "§ 25B2" in by_context.text
    assert rule_auction_case(CHANGE, "xx").lang == "en"


def test_ruling_is_a_ruling_value() -> None:
    r = rule_auction_case(CHANGE)
    assert isinstance(r, Ruling) and isinstance(r, AuctionRuling)
    assert r.laws == ["25B2", "16C", "26B"] and r.outcome is None
    assert messages.render(r.key, r.params) == "Ruling on the auction (Laws 25B2, 16C, 26B)."
    assert [c.law for c in r.clauses] == ["25B2", "16C", "26B"]
    assert r.auction[0].call is Call.from_pbn("1D") and r.next is Seat.W


def test_json_is_serializable_and_complete() -> None:
    data = rule_auction_case(CHANGE).to_json()
    assert json.loads(json.dumps(data)) == data
    assert list(data)[:12] == ["status", "decisions", "laws", "auction", "cancelled", "next",
                               "pass_obligations", "lho_may_withdraw", "unauthorized",
                               "lead_restriction", "adjustment_possible", "clauses"]
    assert data["clauses"][0]["key"] == "law25.change_not_accepted"
    assert rule_auction_case(CHANGE).to_json("da")["text"].startswith("Syd ændrede")


def test_incident_call_of() -> None:
    c = IncidentCall.of("N", "2D", shows=["H"], unintended=True)
    assert c.seat is Seat.N and c.unintended and c.artificial
    assert c.specified == {Suit.H}
    assert not IncidentCall.of("N", "2H", shows=["H"]).artificial


def test_plugin_host_rules_through_the_engine() -> None:
    host = PluginHost(load_entrypoints=False)
    ruling, errors = host.report_incident(CHANGE, ReviewContext(language="da"))
    assert errors == []
    assert isinstance(ruling, AuctionRuling) and ruling.laws == ["25B2", "16C", "26B"]
    assert ruling.lang == "da"


SEATS = "NESW"
CALLS = ["Pass", "X", "XX", "1C", "1D", "1H", "1S", "1NT", "2C", "2D", "2H", "2NT", "3NT",
         "4S", "7NT"]
case_calls = st.lists(st.fixed_dictionaries(
    {"seat": st.sampled_from(SEATS), "call": st.sampled_from(CALLS)},
    optional={"unintended": st.just(True), "accept": st.booleans(),
              "comparable": st.booleans(), "shows": st.lists(st.sampled_from("SHDC"),
                                                             max_size=2, unique=True),
              "simultaneous": st.just(True)}),
    min_size=1, max_size=9)

#: TD_PLUGIN_PROPERTY_EXAMPLES=20000 runs the full property (a few minutes); the suite
#: keeps a smaller run.
EXAMPLES = int(os.environ.get("TD_PLUGIN_PROPERTY_EXAMPLES", "300"))


@settings(max_examples=EXAMPLES, deadline=None)
@given(dealer=st.sampled_from(SEATS), calls=case_calls,
       accept=st.sampled_from([None, True, False]),
       comparable=st.sampled_from([None, True, False]), lead_faced=st.booleans(),
       screens=st.booleans(), regulation=st.builds(WBF, lead_restriction_after_32=st.booleans(),
                                             cancelled_call_bars_correction=st.booleans()),
       options=st.fixed_dictionaries({}, optional={
           "lead_restriction_after_32": st.booleans(),
           "cancelled_call_bars_correction": st.booleans()}))
def test_any_sequence_gives_a_ruling_or_a_case_error(dealer: str, calls: list, accept: Any,
                                                       comparable: Any, lead_faced: bool,
                                                       screens: bool, regulation: WBF,
                                                       options: dict) -> None:
    case = {"dealer": dealer, "calls": calls, "accept": accept, "comparable": comparable,
            "opening_lead_faced": lead_faced, "screens": screens, "options": options}
    try:
        ruling = rule_auction_case(case, ReviewContext(regulation=regulation))
    except CaseFileError as exc:
        assert str(exc).startswith(("calls[", "final_auction", "declarer"))
        return
    assert (ruling.status == "needs_decision") == bool(ruling.decisions)
    # every ruled auction is legal: no insufficient bid that was not accepted, no
    # inadmissible double, no call after the final pass, no end that cost a turn
    legal = ruling.legal_auction
    assert legal is not None and legal.problems() == []
    assert [(sc.seat, sc.call) for sc in ruling.auction] == [
        (seat, e.call) for seat, e in legal if e.call is not None]
    assert ruling.next is (None if legal.is_complete else legal.next_seat)
    assert len(set(ruling.pass_obligations)) == len(ruling.pass_obligations)
    assert ruling.lead_restriction == (ruling.lead_restrictions[0] if ruling.lead_restrictions
                                       else None)
    for lang in ("en", "da"):
        data = ruling.to_json(lang)
        assert json.loads(json.dumps(data)) == data
        assert "{" not in data["text"]
