"""An answer is kept while the facts it was given on stand, and dropped (so the ruling
asks for it again) when one of them changes: taps of the case's pages (`apply`) and a
result picked from the session (`Draft.take`)."""

from __future__ import annotations

import pytest

from td_plugin.errors import DraftError
from td_plugin.model.place import Place
from td_plugin.serve.draft import Draft, apply, is_decision

MEANING = {"hcp": [6, 40], "suits": {"H": [4, 13]}}


def _auction(*calls: dict) -> Draft:
    return Draft("auction", {"dealer": "N", "calls": [dict(c) for c in calls]}, seat="N")


def _insufficient_replaced() -> Draft:
    return _auction({"seat": "N", "call": "1C"}, {"seat": "E", "call": "1S"},
                    {"seat": "S", "call": "1H", "accept": False, "meaning": MEANING},
                    {"seat": "S", "call": "X", "comparable": True})


def test_23a_comparable_judgement_dropped_when_the_withdrawn_calls_meaning_changes() -> None:
    draft = apply(_insufficient_replaced(), "meaning:2", {"hcp_lo": "10", "hcp_hi": "40"})
    calls = draft.case["calls"]
    assert calls[2] == {"seat": "S", "call": "1H", "meaning": {"hcp": [10, 40]}}
    assert calls[3] == {"seat": "S", "call": "X"}  # judged on the old meaning: asked again


def test_27a1_answers_kept_when_calls_are_added_or_a_later_answer_changes() -> None:
    draft = apply(_insufficient_replaced(), "call:Pass", {})
    assert [c.get("accept") for c in draft.case["calls"]] == [None, None, False, None, None]
    assert draft.case["calls"][3]["comparable"] is True
    draft = apply(draft, "callset:3:comparable=false", {})
    assert draft.case["calls"][2]["accept"] is False and draft.case["calls"][3]["comparable"] \
        is False


def test_27a1_a_changed_acceptance_drops_the_later_judgement() -> None:
    draft = apply(_insufficient_replaced(), "callset:2:accept=true", {})
    assert draft.case["calls"][2]["accept"] is True
    assert "comparable" not in draft.case["calls"][3]


def test_a_changed_dealer_drops_every_answer_a_repeated_one_none() -> None:
    assert apply(_insufficient_replaced(), "dealer:N", {}).case == _insufficient_replaced().case
    draft = _insufficient_replaced().take({"dealer": "E", "vulnerable": "NS"}, Place(3))
    assert not any(k in c for c in draft.case["calls"] for k in ("accept", "comparable"))
    assert draft.case["vulnerable"] == "NS"


def test_64c_judgement_dropped_when_another_result_is_picked() -> None:
    facts = {"contract": "4S", "declarer": "S", "vulnerable": "None", "declarer_tricks": 9}
    judged = Draft("revoke", {"kind": "revoke", **facts, "equity_declarer_tricks": 12},
                   finished=True)
    assert judged.take(facts, Place(1)).case["equity_declarer_tricks"] == 12
    other = judged.take(dict(facts, declarer_tricks=10), Place(1, record=2))
    assert "equity_declarer_tricks" not in other.case


def test_decisions_are_the_taps_after_which_the_laws_say_who_calls() -> None:
    assert [is_decision(a) for a in ("unintended:2", "callset:2:accept=false",
                                     "callset:3:withdraw=", "set:comparable=true",
                                     "callset:2:aware_from=self", "shows:2:H", "call:1H")] \
        == [True, True, True, True, False, False, False]


def test_a_draft_too_long_for_an_address_is_refused_with_its_reason() -> None:
    purposes = [f"{i} " + "".join(chr(0x4e00 + (i * 37 + k * 11) % 20000) for k in range(60))
                for i in range(80)]
    draft = _auction(*({"seat": "NESW"[i % 4], "call": "Pass",
                        "meaning": {"purpose": p}} for i, p in enumerate(purposes[:-1])))
    with pytest.raises(DraftError, match="too long for one page"):
        apply(draft, "call:Pass", {})
    assert len(apply(_insufficient_replaced(), "call:Pass", {}).pack()) < 400
