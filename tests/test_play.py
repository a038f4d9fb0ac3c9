"""Tricks and play: winners with and without trumps, played order, tricks per side,
replaying a play against the deal (cards not held, cards played twice), holdings."""

from __future__ import annotations

from td_plugin import hookimpl
from td_plugin.host.manager import PluginHost
from td_plugin.laws.context import ReviewContext
from td_plugin.model.board import BoardRecord
from td_plugin.model.cards import Card, Seat, Side, Suit
from td_plugin.model.contract import Contract
from td_plugin.model.deal import Deal
from td_plugin.model.play import Play, PlayedCard, Trick, holdings_before, replay, trick_winner
from td_plugin.model.walk import PlayWalk

DEAL = Deal.from_pbn("N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85")


def pc(seat: str, card: str) -> PlayedCard:
    return PlayedCard(Seat(seat), Card.from_pbn(card))


def test_highest_of_suit_led_wins_without_trumps() -> None:
    t = [pc("W", "SK"), pc("N", "H3"), pc("E", "S4"), pc("S", "S3")]
    assert trick_winner(t, None) is Seat.W
    assert trick_winner(t, Suit.H) is Seat.N


def test_highest_trump_wins() -> None:
    t = [pc("W", "C8"), pc("N", "H3"), pc("E", "HK"), pc("S", "C4")]
    assert trick_winner(t, Suit.H) is Seat.E
    assert trick_winner(t, Suit.S) is Seat.W


def test_played_order_follows_trick_winners() -> None:
    # the PBN spec example: 5HX by South, West leads SK; North ruffs; North leads C2
    p = Play.from_played_order(Seat.W, ["SK", "H3", "S4", "S3", "C2", "C6", "CK", "C5"], Suit.H)
    assert [t.leader for t in p.tricks] == [Seat.W, Seat.N]
    assert p.tricks[1].winner(Suit.H) is Seat.S
    assert p.tricks_won(Suit.H) == {Side.NS: 2, Side.EW: 0}
    assert replay(DEAL, p, Suit.H).clean


def test_replay_reports_card_not_held_with_its_holder() -> None:
    p = Play.from_played_order(Seat.W, ["SA", "H3", "S4", "S3"], Suit.H)
    r = replay(DEAL, p, Suit.H)
    assert [(x.trick, x.seat, x.card.pbn(), x.reason, x.holder) for x in r.problems] == [
        (1, Seat.W, "SA", "not_held", Seat.E)]


def test_replay_reports_card_played_twice() -> None:
    t1 = Trick((pc("W", "SK"), pc("N", "H3"), pc("E", "S4"), pc("S", "S3")))
    t2 = Trick((pc("N", "H3"),))
    r = replay(DEAL, Play((t1, t2)), Suit.H)
    assert [(x.trick, x.reason) for x in r.problems] == [(2, "played_twice")]


def test_replay_reports_lead_by_wrong_player() -> None:
    t1 = Trick((pc("W", "SK"), pc("N", "H3"), pc("E", "S4"), pc("S", "S3")))
    t2 = Trick((pc("E", "SA"),))
    r = replay(DEAL, Play((t1, t2)), Suit.H)
    assert [(x.trick, x.reason) for x in r.problems] == [(2, "out_of_turn")]


def test_holdings_before_a_card() -> None:
    p = Play.from_played_order(Seat.W, ["SK", "H3", "S4", "S3", "C2"], Suit.H)
    h = holdings_before(DEAL, p, 2, 0)
    assert Card.from_pbn("H3") not in h[Seat.N] and Card.from_pbn("C2") in h[Seat.N]
    assert len(h[Seat.N]) == 12 and len(h[Seat.W]) == 12


def test_replay_notes_a_show_out_while_holding_the_suit_led() -> None:
    legal = Trick((pc("W", "SK"), pc("N", "H3"), pc("E", "S4"), pc("S", "S3")))
    assert not replay(DEAL, Play((legal,)), Suit.H).show_out_holding  # North has no spade
    revoke = Trick((pc("W", "SK"), pc("N", "H3"), pc("E", "H5"), pc("S", "S3")))
    r = replay(DEAL, Play((revoke,)), Suit.H)
    assert r.show_out_holding and r.clean and not r.marked


def test_replay_notes_markers() -> None:
    marked = Trick((pc("W", "SK"), pc("N", "H3"), PlayedCard(Seat.E, Card.from_pbn("H5"), "R"),
                    pc("S", "S3")))
    assert replay(DEAL, Play((marked,)), Suit.H).marked


def test_replay_is_walked_once_for_the_rulers_of_one_record() -> None:
    p = Play.from_played_order(Seat.W, ["SK", "H3", "S4", "S3"], Suit.H)
    record = BoardRecord(deal=DEAL, play=p, contract=Contract.from_pbn("4H", "S"))
    walk = PlayWalk(record)
    first = walk.replay
    assert first == replay(DEAL, p, Suit.H) and walk.replay is first
    assert replay(DEAL, p, None) != first  # another trump: another walk
    assert PlayWalk(record.evolve(play=None)).replay is None
    seen: list[PlayWalk] = []

    class Spy:
        @hookimpl
        def td_review_board(self, walk: PlayWalk) -> list:
            seen.append(walk)
            return []

    host = PluginHost(load_entrypoints=False)
    host.register(Spy())
    host.review_board(record, ReviewContext())
    host.review_board(record, ReviewContext())
    assert len(seen) == 2 and seen[0] is not seen[1]  # one walk per record reviewed
    assert seen[0]._done and seen[0].replay == first  # walked by the built-in rulers
    assert not PlayWalk(record)._done  # a walk is worked out only when a ruler asks
