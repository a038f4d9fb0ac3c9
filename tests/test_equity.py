"""The double-dummy check behind Law 64C (`td_plugin.laws.revokes.double_dummy`, extra ``td-plugin[dds]``).

Tests that need the solver skip where endplay is not installed, except under CI=true,
where the extra is installed and its absence is a failure.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from td_plugin.laws.context import ReviewContext
from td_plugin.laws.revokes import double_dummy as equity
from td_plugin.laws.revokes import review_revokes
from td_plugin.laws.revokes.double_dummy import (
    DDS_HINT,
    DoubleDummyUnavailable,
    Position,
    solve_best,
    unavailable,
)
from td_plugin.model.cards import SEATS, Card, Seat, Strain, Suit
from td_plugin.model.deal import Deal, Hand
from td_plugin.model.rulings import Attention
from tests.revoke_scenarios import generate_session


@pytest.fixture
def dds() -> None:
    if not equity.HAVE_DDS:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("endplay (extra td-plugin[dds]) must be installed under CI=true")
        pytest.skip("needs the extra: pip install 'td-plugin[dds]'")


def hands(**text: str) -> dict[Seat, Hand]:
    return {s: Hand.from_pbn(text[s.value]) for s in SEATS}


def test_unavailable_says_how_to_get_it(monkeypatch: pytest.MonkeyPatch) -> None:
    assert unavailable() == {"available": False, "how": "pip install 'td-plugin[dds]'"}
    assert DDS_HINT == "pip install 'td-plugin[dds]'"
    monkeypatch.setattr(equity, "HAVE_DDS", False)
    pos = Position(hands(N="A...", E="2...", S=".2..", W="K..."), Seat.N, (), None)
    with pytest.raises(DoubleDummyUnavailable, match=r"td-plugin\[dds\]"):
        solve_best(pos)


def test_position_on_play_and_tricks_left() -> None:
    pos = Position(hands(N="A.3..", E="2.5..", S=".2.2.", W=".4.."), Seat.W,
                   (Card.from_pbn("SK"),), None)
    assert pos.on_play is Seat.N and pos.tricks_left == 2


def test_one_card_each(dds: None) -> None:
    pos = Position(hands(N="A...", E="2...", S=".2..", W="K..."), Seat.N, (), None)
    assert solve_best(pos) == (1, Card.from_pbn("SA"))


def test_follow_suit_from_mid_trick(dds: None) -> None:
    # West has led the SK; North must follow with the SA and wins, then leads H3 into
    # East's H5: North-South one trick of two.
    pos = Position(hands(N="A.3..", E="2.5..", S=".2.2.", W=".4.."), Seat.W,
                   (Card.from_pbn("SK"),), None)
    assert solve_best(pos) == (1, Card.from_pbn("SA"))
    with pytest.raises(ValueError):
        solve_best(pos, [Card.from_pbn("H3")])  # not a card the rules of play allow


def test_trumps_change_the_answer(dds: None) -> None:
    # North leads; East is void in hearts with a small trump.
    pos_nt = Position(hands(N=".A..", E="2...", S=".2..", W=".3.."), Seat.N, (), None)
    pos_sp = Position(hands(N=".A..", E="2...", S=".2..", W=".3.."), Seat.N, (), Suit.S)
    assert solve_best(pos_nt)[0] == 1
    assert solve_best(pos_sp)[0] == 0


def test_allowed_cards_restrict_the_choice(dds: None) -> None:
    # West led H2, North played H5; East holds HA3, South H76, West H8, North H4. With
    # any card East wins the HA, then West's H8 wins trick two: two tricks. Obliged to
    # play the H3 (say a penalty card), South's H7 wins the first, East's HA the second.
    east = Position(hands(N=".4..", E=".A3..", S=".76..", W=".8.."), Seat.W,
                    (Card.from_pbn("H2"), Card.from_pbn("H5")), None)
    assert east.on_play is Seat.E
    assert solve_best(east) == (2, Card.from_pbn("HA"))
    assert solve_best(east, [Card.from_pbn("H3")]) == (1, Card.from_pbn("H3"))


@pytest.mark.slow
def test_opening_lead_agrees_with_the_double_dummy_table(dds: None) -> None:
    from endplay.dds import calc_dd_table
    from endplay.types import Deal as DdsDeal
    from endplay.types import Denom, Player
    for board in generate_session(seed=64, boards=12, scenarios=["clean"]):
        deal: Deal = board.record.deal
        declarer = board.contract.declarer
        strain = board.contract.strain
        table = calc_dd_table(DdsDeal(deal.pbn()))
        denom = Denom.nt if strain is Strain.NT else Denom("SHDC".index(strain.value))
        made = table[denom, Player("NESW".index(declarer.value))]
        pos = Position(dict(deal.hands), declarer.lho, (), strain.suit)
        assert solve_best(pos)[0] == 13 - made


def test_64c_figures_on_generated_revokes_are_consistent(dds: None) -> None:
    context = ReviewContext(attention=Attention.DURING_ROUND, equity=True)
    seen = 0
    for board in generate_session(seed=640, boards=120):
        for f in review_revokes(board.record, context, obligations=board.obligations):
            if f.kind != "revoke":
                continue
            eq = f.data["equity"]
            if not f.data["established"] and f.data["exception"] != "64B8":
                assert eq is None
                continue
            seen += 1
            assert eq["available"] is True
            assert 0 <= eq["equity_declarer_tricks"] <= 13
            left = 14 - eq["trick"]
            assert 0 <= eq["nos_tricks_double_dummy"] <= left
            assert eq["nos_tricks_before"] <= eq["trick"] - 1
            if eq["clause"] != "64C2(b)":
                assert (eq["proposal"] is not None) == bool(eq["insufficient"])
                if eq["proposal"]:
                    assert eq["proposal"]["declarer_tricks"] == eq["equity_declarer_tricks"]
    assert seen > 50


def test_impossible_position_is_refused_not_crashed(dds: None, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    # North has two cards, the others one: no such position exists.
    monkeypatch.chdir(tmp_path)
    pos = Position(hands(N="AK...", E="2...", S=".2..", W="Q..."), Seat.N, (), None)
    with pytest.raises(ValueError, match="refused"):
        solve_best(pos)
    assert list(tmp_path.iterdir()) == []  # the solver left no dump file behind
