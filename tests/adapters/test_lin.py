"""The LIN adapter: BBO single and multi-board files and a vugraph file, read into board
records with the play in played order, claims, alerts and commentary."""

from __future__ import annotations

import pytest

from adapters.lin.plugin import is_lin
from adapters.lin.reader import LinSource, parse_lin, parse_md, read_lin, tokenize
from td_plugin.errors import InputError
from td_plugin.host.sources import Source
from td_plugin.model.board import Vulnerability
from td_plugin.model.cards import Card, Seat
from td_plugin.model.contract import Contract
from td_plugin.model.play import replay
from td_plugin.rulers.consistency import check_record

FILES = {"bbo_3399598383.lin": 1, "bbo_3399600265.lin": 1, "bbo_8boards_claims_alerts.lin": 8,
         "bbo_aba_1047742261_alerts.lin": 1, "bbo_history_3381671193.lin": 1,
         "bbo_history_3381683999.lin": 1, "bbo_single_board_alert.lin": 1,
         "bbo_skyclub_20784111.lin": 1, "bbo_skyclub_20784150.lin": 1,
         "bbo_wronie_28189365.lin": 1, "bbo_wronie_28189376.lin": 1,
         "bbo_wronie_28189406.lin": 1, "bbo_wronie_28189451.lin": 1,
         "vugraph_usbf_semifinal_14502.lin": 30}


def _lin(realworld, name):
    return realworld / "lin" / name


@pytest.mark.realworld
@pytest.mark.parametrize("name, boards", sorted(FILES.items()))
def test_every_real_file_reads_without_problems_and_plays_legally(realworld, name, boards):
    source = LinSource(_lin(realworld, name))
    assert isinstance(source, Source) and source.format == "lin"
    records = list(source.records())
    assert len(records) == boards
    assert [p.describe() for r in records for p in r.problems] == []
    assert source.file_problems() == []
    for r in records:
        assert r.deal.is_complete and r.auction.is_complete and r.contract is not None
        assert r.declarer_tricks is not None, r.label()
        # BBO enforces legal play: every card is held, every trick led by its winner
        assert replay(r.deal, r.play, r.trump).clean
        # and the audit's consistency checks find nothing to say
        assert check_record(r) == []
    assert is_lin(str(_lin(realworld, name)))


@pytest.mark.realworld
def test_single_board_with_three_hands_and_an_alert(realworld):
    r = read_lin(_lin(realworld, "bbo_3399598383.lin"))[0]
    assert (r.board, r.dealer, r.vulnerability) == (1, Seat.N, Vulnerability.NONE)
    assert r.deal.hands[Seat.S].pbn() == "T853.82.97543.98"
    # East's hand was not in md: the rest of the pack
    assert r.deal.hands[Seat.E].pbn() == "KJ9742.964.Q6.T6"
    assert [(s, e.call.pbn(), e.alert) for s, e in r.auction][:3] == [
        (Seat.N, "1H", None), (Seat.E, "2S", ""), (Seat.S, "Pass", None)]
    assert r.contract == Contract.from_pbn("3C", "N")
    # played order: East leads, each trick led by the winner of the one before
    first = r.play.tricks[0]
    assert [(pc.seat, pc.card.pbn()) for pc in first.cards] == [
        (Seat.E, "CT"), (Seat.S, "C8"), (Seat.W, "C4"), (Seat.N, "CQ")]
    assert r.play.tricks[1].leader is first.winner(r.trump)
    assert len(r.play) == 52 and not r.play.claimed and r.declarer_tricks == 9
    assert r.players == {Seat.S: "jdr9999", Seat.W: "sisse1745", Seat.N: "jaak99",
                         Seat.E: "myriam1745"}
    assert r.score_ns is None and r.location.line == 1 and r.location.record == 1


@pytest.mark.realworld
def test_an_explanation_belongs_to_the_call_before_it(realworld):
    r = read_lin(_lin(realworld, "bbo_single_board_alert.lin"))[0]
    assert [(s, e.call.pbn(), e.alert) for s, e in r.auction][:3] == [
        (Seat.S, "Pass", None), (Seat.W, "1H", None),
        (Seat.N, "2NT", "Unusual No Trump: 2 5card minors")]
    robots = read_lin(_lin(realworld, "bbo_aba_1047742261_alerts.lin"))[0]
    assert sum(1 for e in robots.auction.entries if e.alert) == 10


@pytest.mark.realworld
def test_claim_gives_the_result(realworld):
    r = read_lin(_lin(realworld, "bbo_history_3381671193.lin"))[0]
    assert r.play.claimed and r.play.claim_declarer_tricks == 11
    assert r.play.complete_tricks == 11 and r.declarer_tricks == 11
    # a claim in the middle of the last trick
    r = read_lin(_lin(realworld, "bbo_wronie_28189451.lin"))[0]
    assert len(r.play) == 50 and r.play.claimed and r.declarer_tricks == 9


@pytest.mark.realworld
def test_multi_board_file_one_record_per_line(realworld):
    records = read_lin(_lin(realworld, "bbo_8boards_claims_alerts.lin"))
    assert [r.board for r in records] == [1, 2, 3, 4, 5, 6, 7, 8]
    assert [r.location.line for r in records] == [1, 2, 3, 4, 5, 6, 7, 8]
    assert sum(1 for r in records if r.play.claimed) == 2


def test_multi_board_file_with_cr_only_line_ends_counts_its_lines(realworld, tmp_path):
    data = _lin(realworld, "bbo_8boards_claims_alerts.lin").read_bytes()
    path = tmp_path / "cr.lin"
    path.write_bytes(data.replace(b"\r\n", b"\n").replace(b"\n", b"\r"))
    records = read_lin(path)
    assert [r.location.line for r in records] == [1, 2, 3, 4, 5, 6, 7, 8]


@pytest.mark.realworld
def test_vugraph_rooms_players_results_and_commentary(realworld):
    records = read_lin(_lin(realworld, "vugraph_usbf_semifinal_14502.lin"))
    assert [(r.board, r.extra["room"]) for r in records[:3]] == [
        (46, "open"), (46, "closed"), (47, "open")]
    assert records[-1].board == 60
    assert records[0].players[Seat.S] == "Meckstroth" and records[0].players[Seat.E] == "Weinstein"
    assert records[1].players == {Seat.S: "Stansby", Seat.W: "Hamman", Seat.N: "Martel",
                                  Seat.E: "Mahmood"}
    assert records[0].event == "2010 USBF SF A"
    assert sum(len(r.extra.get("commentary", ())) for r in records) == 549
    assert sum(1 for r in records if r.play.claimed) == 30
    # the operator's result list agrees with every auction and claim
    assert [r.extra["rs"] for r in records[:4]] == ["4HE=", "4HE=", "3NW+1", "3NW+1"]
    for r in records:
        rs = r.extra["rs"]
        level, declarer = int(rs[0]), Seat(rs[2])
        over = 0 if rs.endswith("=") else int(rs[rs.index("+") if "+" in rs else rs.index("-"):])
        assert (r.contract.level, r.contract.declarer) == (level, declarer)
        assert r.declarer_tricks == level + 6 + over, r.label()
    # lower-case suits in pc (c2)
    assert records[0].play.tricks[0].cards[0].card is Card.from_pbn("C2")


def test_md_dealer_and_hands():
    dealer, deal = parse_md("4SAKQJT98765432H,SHAKQJT98765432D,SHDAKQJT98765432C,")
    assert dealer is Seat.E
    assert deal.hands[Seat.S].pbn() == "AKQJT98765432..."
    assert deal.hands[Seat.E].pbn() == "...AKQJT98765432"
    with pytest.raises(InputError, match=r"dealer '7' is not 1\.\.4"):
        parse_md("7S2,H3,D4,")


def test_tokens_keep_their_lines():
    tokens, problems = tokenize("pn|a,b,c,d|st||\nmd|1S2,H3,D4,|\nah|Board 3|")
    assert [(t.key, t.value, t.line) for t in tokens] == [
        ("pn", "a,b,c,d", 1), ("st", "", 1), ("md", "1S2,H3,D4,", 2), ("ah", "Board 3", 3)]
    assert problems == []
    _, problems = tokenize("pn|a|mb|1")
    assert problems == ["line 1: the file ends inside 'mb'"]


BOARD = ("pn|S1,W1,N1,E1|md|1SAKQJHAKQDAKQCAKQ,S2345H2345D2345C2,S6789H6789D6789C3,|"
         "ah|Board 1|sv|b|mb|7N|mb|p|mb|p|mb|p|pc|D2|")


def test_bad_tokens_are_problems_of_their_board_and_strict_raises():
    records = parse_lin(BOARD.replace("mb|p|mb|p|mb|p|", "mb|p|mb|9Q|mb|p|mb|p|")
                        + "\n" + BOARD.replace("Board 1", "Board 2"), "x.lin")
    assert [p.message for p in records[0].problems] == [
        "line 1: mb|9Q|: not a call: '9Q': the auction is not checked",
        "line 1: the play is not read: no contract is known from an auction with a call that "
        "could not be read"]
    assert records[1].problems == () and records[1].board == 2
    with pytest.raises(InputError, match=r"x\.lin, line 1, board 1: mb\|9Q\|: not a call"):
        parse_lin(BOARD.replace("mb|p|mb|p|mb|p|", "mb|p|mb|9Q|"), "x.lin", strict=True)


def test_an_unfinished_play_without_claim_is_incomplete():
    r = parse_lin(BOARD)[0]
    assert r.contract == Contract.from_pbn("7NT", "S")
    assert r.play.incomplete and not r.play.claimed and r.declarer_tricks is None
    assert r.play.tricks[0].leader is Seat.W
    assert r.vulnerability is Vulnerability.ALL


def test_not_lin(tmp_path):
    other = tmp_path / "x.pbn"
    other.write_text('[Event "x"]\n')
    assert not is_lin(str(other))
