"""Consistency checks every record gets: deal_invalid, auction_illegal (27, 36, 39),
contract_mismatch, card_not_held, result_mismatch, score_mismatch."""

from __future__ import annotations

from td_plugin import messages
from td_plugin.errors import Location
from td_plugin.model.auction import Auction, AuctionEntry, Call
from td_plugin.model.board import BoardRecord, Vulnerability
from td_plugin.model.cards import Seat, Suit
from td_plugin.model.contract import Contract
from td_plugin.model.deal import Deal
from td_plugin.model.play import Play, PlayedCard, trick_winner
from td_plugin.model.walk import effective_contract
from td_plugin.rulers.consistency import check_record

DEAL = Deal.from_pbn("N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85")


def legal_play(deal: Deal, leader: Seat, trump: Suit | None) -> list[str]:
    """A full legal play: each player follows with his lowest card of the suit led,
    else discards his lowest card; leads are the lowest card held."""
    hands = {s: sorted(deal[s], key=lambda c: c.rank) for s in Seat}
    out: list[str] = []
    seat = leader
    for _ in range(13):
        trick = []
        for _ in range(4):
            hand = hands[seat]
            if trick:
                follow = [c for c in hand if c.suit is trick[0][1].suit]
                card = (follow or hand)[0]
            else:
                card = hand[0]
            hand.remove(card)
            trick.append((seat, card))
            out.append(card.pbn())
            seat = seat.next
        seat = trick_winner([PlayedCard(s, c) for s, c in trick], trump)
    return out


PLAY_CARDS = " ".join(legal_play(DEAL, Seat.W, Suit.H))


def record(**kw: object) -> BoardRecord:
    base = {"board": 1, "dealer": Seat.N, "vulnerability": Vulnerability.NONE, "deal": DEAL,
                "location": Location(path="s.pbn", line=1, board=1, record=1)}
    base.update(kw)
    return BoardRecord(**base)  # type: ignore[arg-type]


def kinds(rec: BoardRecord) -> list[str]:
    return [f.kind for f in check_record(rec)]


def test_clean_record_has_no_findings() -> None:
    c = Contract.from_pbn("2H", "S")
    rec = record(auction=Auction.from_calls(Seat.N, "Pass Pass 2H AP"), contract=c,
                 declarer_tricks=8, score_ns=110)
    assert kinds(rec) == []


def test_deal_invalid() -> None:
    bad = Deal.from_pbn("N:AK... Q... - -", validate=False)
    fs = check_record(record(deal=bad))
    assert [f.kind for f in fs] == ["deal_invalid"]
    assert "different sizes" in messages.render(fs[0].key, fs[0].params)


def test_auction_illegal_names_law_27_36_39() -> None:
    rec = record(auction=Auction.from_calls(Seat.N, "1S 1H X X Pass Pass Pass 2C"))
    fs = check_record(rec)
    assert [(f.kind, f.law) for f in fs] == [("auction_illegal", "27"), ("auction_illegal", "36"),
                                             ("auction_illegal", "39")]
    text = messages.render(fs[0].key, fs[0].params, "da")
    assert "§ 27" in text and "Øst" in text


def test_accepted_insufficient_bid_is_not_illegal() -> None:
    a = Auction(Seat.N, (AuctionEntry(Call.from_pbn("1S")),
                         AuctionEntry(Call.from_pbn("1H"), insufficient=True),
                         *[AuctionEntry(Call.PASS)] * 3))
    assert kinds(record(auction=a)) == []


def test_contract_mismatch() -> None:
    rec = record(auction=Auction.from_calls(Seat.N, "Pass Pass 2H AP"),
                 contract=Contract.from_pbn("3H", "S"))
    assert kinds(rec) == ["contract_mismatch"]
    rec = record(auction=Auction.from_calls(Seat.N, "Pass Pass 2H AP"),
                 contract=Contract.from_pbn("2H", "N"))
    assert kinds(rec) == ["contract_mismatch"]


def test_contract_mismatch_says_which_seat_the_auction_fits() -> None:
    # tagged from North, but the calls are East's: East opens 1S, ... E declares 4S
    rec = record(auction=Auction.from_calls(Seat.N, "1S Pass 4S AP"),
                 contract=Contract.from_pbn("4S", "E"))
    f = check_record(rec)[0]
    assert f.kind == "contract_mismatch" and f.data["consistent_from"] == "E"
    assert "read from East" in messages.render(f.key, f.params)


def test_declarer_swapped_marker_expects_the_partner() -> None:
    rec = record(auction=Auction.from_calls(Seat.N, "Pass Pass 2H AP"),
                 contract=Contract.from_pbn("2H", "N"), declarer_swapped=True)
    assert kinds(rec) == []


def test_card_not_held_with_holder() -> None:
    c = Contract.from_pbn("2H", "S")
    play = Play.from_played_order(Seat.W, ["SA", "H3", "S4", "S3"], c.strain.suit)
    fs = check_record(record(contract=c, play=play))
    assert [(f.kind, f.data["card"], f.data["holder"]) for f in fs] == [("card_not_held", "SA", "E")]
    assert "East" in messages.render(fs[0].key, fs[0].params)


def test_card_not_held_says_when_leader_first_is_consistent() -> None:
    c = Contract.from_pbn("2H", "S")
    play = Play.from_played_order(Seat.W, ["SA", "H3", "S4", "S3"], c.strain.suit)
    fs = check_record(record(contract=c, play=play, leader_first_rows=(1,)))
    assert "leader-first" in messages.render(fs[0].key, fs[0].params)
    assert fs[0].data["leader_first_consistent"] == [1]


def test_card_not_held_is_one_finding_per_record() -> None:
    c = Contract.from_pbn("2H", "S")
    play = Play.from_played_order(Seat.W, ["SA", "H3", "SK", "S3"], c.strain.suit)
    fs = check_record(record(contract=c, play=play))
    assert len(fs) == 1
    assert [x["card"] for x in fs[0].data["cards"]] == ["SA", "SK"]
    assert "1 more cards" in messages.render(fs[0].key, fs[0].params)


def test_card_not_held_lists_its_cards_as_plain_rows() -> None:
    """The report writes the list of cards as it is, without looking through it
    (`PlainRows`): every value in it must be plain JSON already."""
    from td_plugin.audit.reports.findings import finding_json
    from td_plugin.model.findings import PlainRows

    c = Contract.from_pbn("2H", "S")
    play = Play.from_played_order(Seat.W, ["SA", "H3", "SK", "S3"], c.strain.suit)
    (f,) = check_record(record(contract=c, play=play))
    cards = f.data["cards"]
    assert type(cards) is PlainRows
    assert {type(v) for row in cards for v in row.values()} <= {str, int, type(None)}
    assert finding_json(f)["cards"] == [
        {"trick": 1, "seat": "W", "card": "SA", "reason": "not_held", "holder": "E"},
        {"trick": 1, "seat": "E", "card": "SK", "reason": "not_held", "holder": "W"}]


def test_result_mismatch_complete_play() -> None:
    c = Contract.from_pbn("2H", "S")
    play = Play.from_played_order(Seat.W, PLAY_CARDS.split(), c.strain.suit)
    assert play.complete_tricks == 13
    tricks = play.tricks_won(c.strain.suit)[Seat.S.side]
    assert kinds(record(contract=c, play=play, declarer_tricks=tricks)) == []
    assert kinds(record(contract=c, play=play, declarer_tricks=tricks + 1)) == ["result_mismatch"]


def test_result_agreed_marker_is_not_a_mismatch() -> None:
    c = Contract.from_pbn("2H", "S")
    play = Play.from_played_order(Seat.W, PLAY_CARDS.split(), c.strain.suit)
    tricks = play.tricks_won(c.strain.suit)[Seat.S.side]
    assert kinds(record(contract=c, play=play, declarer_tricks=tricks + 1, result_agreed=True)) == []


def test_result_mismatch_before_claim() -> None:
    c = Contract.from_pbn("2H", "S")
    cards = PLAY_CARDS.split()[:16]  # four tricks, then a claim
    play = Play.from_played_order(Seat.W, cards, c.strain.suit, claimed=True)
    won = play.tricks_won(c.strain.suit)[Seat.S.side]
    assert kinds(record(contract=c, play=play, declarer_tricks=won + 9)) == []
    assert kinds(record(contract=c, play=play, declarer_tricks=won + 10)) == ["result_mismatch"]
    if won > 0:
        assert kinds(record(contract=c, play=play, declarer_tricks=won - 1)) == ["result_mismatch"]


def test_score_mismatch() -> None:
    c = Contract.from_pbn("4SX", "E")
    rec = record(contract=c, declarer_tricks=9, score_ns=100, vulnerability=Vulnerability.EW)
    assert kinds(rec) == ["score_mismatch"]
    f = check_record(rec)[0]
    assert f.params["expected"] == 200
    assert "vulnerable" in messages.render(f.key, f.params)
    assert "i zonen" in messages.render(f.key, f.params, "da")
    assert kinds(rec.evolve(score_ns=200)) == []


def test_passed_out_scores_zero() -> None:
    rec = record(contract=Contract.PASSED_OUT, score_ns=50)
    assert kinds(rec) == ["score_mismatch"]
    assert kinds(rec.evolve(score_ns=0)) == []


def test_effective_contract_from_auction_when_tags_missing() -> None:
    rec = record(auction=Auction.from_calls(Seat.N, "Pass Pass 2H AP"))
    assert effective_contract(rec) == Contract.from_pbn("2H", "S")
