"""Declarer's choice after a defender's premature lead or play (Law 57A), checked against a
play record: the offender's partner who fails to play, when able, the highest (57A1) or
lowest (57A2) card of the suit led, a card of the suit declarer named (57A3), or who
plays a card of the suit declarer forbade (57A4), revokes (61A). A partner who cannot
comply plays any legal card (57B), following suit first (Law 59): no revoke then.

DEAL_A (2H by South, West leads) is the deal of tests/laws/test_revokes.py; in PLAY_A
East discards a spade at trick 1, West runs out of hearts at trick 3 and follows to the
♠A at trick 5 with the ♠6 (holding ♠8 7), East wins the ♣A at trick 6:

    North  S QJT9  H 87      D QJT9     C T98
    East   S 5432  H 654     D -        C A76532
    South  S AK    H AKQJT9  D AK       C KQJ
    West   S 876   H 32      D 8765432  C 4

DEAL_V (4H by South, West leads): West holds spades and clubs only, so is void when
South leads diamonds at trick 2. DEAL_W (3NT by North, East leads): West holds thirteen
spades.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from td_plugin import messages
from td_plugin.cli import main
from td_plugin.errors import Location
from td_plugin.laws.context import ReviewContext
from td_plugin.laws.play.premature_plays import (
    PlayOption,
    PlayOptionKind,
    PrematureCard,
    PrematurePlayCase,
    rule_premature_play,
)
from td_plugin.laws.revokes import RevokeKind, detect_revokes, review_revokes
from td_plugin.model.board import BoardRecord, Vulnerability
from td_plugin.model.cards import Card, Seat, Suit
from td_plugin.model.contract import Contract
from td_plugin.model.deal import Deal
from td_plugin.model.obligations import Obligation, PenaltyCard, PlayRestriction, PlayRestrictionKind
from td_plugin.model.play import Play
from td_plugin.model.rulings import Attention

DEAL_A = "N:QJT9.87.QJT9.T98 5432.654..A76532 AK.AKQJT9.AK.KQJ 876.32.8765432.4"
PLAY_A = "D2 D9 S2 DA / HA H2 H7 H4 / HK H3 H8 H5 / HQ D3 CT H6 / SA S6 ST S3 / CK C4 C9 CA"
DEAL_V = "N:765.AKQJ.AKQ.876 432.T98.JT98.543 .765432.765432.2 AKQJT98...AKQJT9"
PLAY_V = "SA S5 S2 H2 / D2"  # South ruffs the spade lead and leads a diamond
DEAL_W = "N:.AKQJT98.AKQ.AKQ .765.JT98765.JT9 .432.432.8765432 AKQJT98765432..."
PLAY_W = "H7 H2"  # East leads a heart, South follows; West is void


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.from_pbn(c) for c in text.split())


def record(deal: str, contract: str, declarer: Seat, play: str) -> BoardRecord:
    c = Contract.from_pbn(contract, declarer)
    assert c.strain is not None
    p = Play.from_played_order(declarer.lho, play.replace("/", " ").split(), c.strain.suit,
                               incomplete=True)
    return BoardRecord(board=1, deal=Deal.from_pbn(deal), play=p, contract=c,
                       vulnerability=Vulnerability.NONE,
                       location=Location(path="session.pbn", line=10, board=1, record=1))


def found(deal: str, contract: str, declarer: Seat, play: str,
          *rules: Obligation) -> list[tuple[Seat, int, RevokeKind, tuple[Card, ...]]]:
    r = record(deal, contract, declarer, play)
    assert r.deal is not None and r.play is not None
    return [(x.offender, x.trick, x.kind, x.held)
            for x in detect_revokes(r.deal, r.play, declarer, rules)]


def a(play: str, *rules: Obligation) -> list[tuple[Seat, int, RevokeKind, tuple[Card, ...]]]:
    return found(DEAL_A, "2H", Seat.S, play, *rules)


def v(play: str, *rules: Obligation) -> list[tuple[Seat, int, RevokeKind, tuple[Card, ...]]]:
    return found(DEAL_V, "4H", Seat.S, play, *rules)


HIGHEST_5 = PlayRestriction(Seat.W, 5, PlayRestrictionKind.HIGHEST)
LOWEST_5 = PlayRestriction(Seat.W, 5, PlayRestrictionKind.LOWEST)
PLAY_A_S8 = PLAY_A.replace("SA S6", "SA S8")


# -- 57A1, 57A2: the highest or lowest card of the suit led --------------------------------

def test_57a1_not_playing_the_highest_card_of_the_suit_led_is_a_revoke() -> None:
    assert a(PLAY_A, HIGHEST_5) == [(Seat.W, 5, RevokeKind.PLAY_RESTRICTION, cards("S8"))]


def test_57a1_the_highest_card_played_is_no_revoke() -> None:
    assert a(PLAY_A_S8, HIGHEST_5) == []


def test_57a1_void_in_the_suit_led_he_cannot_comply_and_plays_any_card() -> None:
    """Trick 4 is led in hearts, of which West has none left: his ♦3 is no revoke (57B)."""
    assert a(PLAY_A, PlayRestriction(Seat.W, 4, PlayRestrictionKind.HIGHEST)) == []


def test_57a1_a_card_of_another_suit_while_holding_the_suit_led_is_that_revoke() -> None:
    """West discards the ♣4 at trick 5 holding ♠8 7 6: he failed the highest spade, the
    kind declarer's choice names (checked before following suit)."""
    assert a(CLUB_AT_5, HIGHEST_5) == [(Seat.W, 5, RevokeKind.PLAY_RESTRICTION, cards("S8"))]
    assert a(CLUB_AT_5) == [(Seat.W, 5, RevokeKind.FOLLOW_SUIT, cards("S8 S7 S6"))]


def test_57a1_only_the_trick_and_the_seat_named() -> None:
    assert a(PLAY_A, PlayRestriction(Seat.W, 6, PlayRestrictionKind.HIGHEST)) == []
    assert a(PLAY_A, PlayRestriction(Seat.E, 5, PlayRestrictionKind.HIGHEST)) == [
        (Seat.E, 5, RevokeKind.PLAY_RESTRICTION, cards("S5"))]


def test_57a2_not_playing_the_lowest_card_of_the_suit_led_is_a_revoke() -> None:
    assert a(PLAY_A_S8, LOWEST_5) == [(Seat.W, 5, RevokeKind.PLAY_RESTRICTION, cards("S6"))]


def test_57a2_the_lowest_card_played_is_no_revoke() -> None:
    assert a(PLAY_A, LOWEST_5) == []


def test_57a2_void_in_the_suit_led_he_cannot_comply_and_plays_any_card() -> None:
    assert a(PLAY_A, PlayRestriction(Seat.W, 4, PlayRestrictionKind.LOWEST)) == []


# -- 57A3, 57A4: a suit named, required or forbidden ---------------------------------------

def test_57a3_void_in_the_suit_led_not_playing_the_named_suit_is_a_revoke() -> None:
    rule = PlayRestriction(Seat.W, 2, PlayRestrictionKind.SUIT, Suit.C)
    assert v(PLAY_V + " SK", rule) == [
        (Seat.W, 2, RevokeKind.PLAY_RESTRICTION, cards("CA CK CQ CJ CT C9"))]


def test_57a3_a_card_of_the_named_suit_is_no_revoke() -> None:
    assert v(PLAY_V + " C9", PlayRestriction(Seat.W, 2, PlayRestrictionKind.SUIT, Suit.C)) == []


def test_57a3_void_in_the_named_suit_he_cannot_comply_and_plays_any_card() -> None:
    assert v(PLAY_V + " SK", PlayRestriction(Seat.W, 2, PlayRestrictionKind.SUIT, Suit.H)) == []


CLUB_AT_5 = PLAY_A.replace("SA S6", "SA C4").replace("CK C4", "CK S6")


def test_57a3_following_suit_comes_first() -> None:
    """West holds spades at trick 5, declarer named clubs: his spade is no revoke, his
    ♣4 a failure to follow suit (Law 59), not to play the named suit."""
    rule = PlayRestriction(Seat.W, 5, PlayRestrictionKind.SUIT, Suit.C)
    assert a(PLAY_A, rule) == []
    assert a(CLUB_AT_5, rule) == [(Seat.W, 5, RevokeKind.FOLLOW_SUIT, cards("S8 S7 S6"))]


def test_57a4_void_in_the_suit_led_playing_the_forbidden_suit_is_a_revoke() -> None:
    rule = PlayRestriction(Seat.W, 2, PlayRestrictionKind.NOT_SUIT, Suit.S)
    assert v(PLAY_V + " SK", rule) == [
        (Seat.W, 2, RevokeKind.PLAY_RESTRICTION, cards("CA CK CQ CJ CT C9"))]


def test_57a4_a_card_of_another_suit_is_no_revoke() -> None:
    assert v(PLAY_V + " CA", PlayRestriction(Seat.W, 2, PlayRestrictionKind.NOT_SUIT, Suit.S)) == []


def test_57a4_holding_only_the_forbidden_suit_he_cannot_comply() -> None:
    rule = PlayRestriction(Seat.W, 1, PlayRestrictionKind.NOT_SUIT, Suit.S)
    assert found(DEAL_W, "3NT", Seat.N, PLAY_W + " SA", rule) == []


def test_57a4_following_suit_comes_first() -> None:
    """West holds spades at trick 5, declarer forbade clubs: his spade is no revoke, his
    ♣4 a failure to follow suit (Law 59)."""
    rule = PlayRestriction(Seat.W, 5, PlayRestrictionKind.NOT_SUIT, Suit.C)
    assert a(PLAY_A, rule) == []
    assert a(CLUB_AT_5, rule) == [(Seat.W, 5, RevokeKind.FOLLOW_SUIT, cards("S8 S7 S6"))]


def test_61a_the_penalty_card_is_checked_before_the_play_restriction() -> None:
    penalty = PenaltyCard(Seat.W, Card.from_pbn("S8"), 5)
    assert a(PLAY_A, penalty, HIGHEST_5) == [(Seat.W, 5, RevokeKind.PENALTY_CARD, cards("S8"))]


def test_57a_the_premature_play_ruling_gives_the_obligation_detection_checks() -> None:
    """East plays the ♠3 at trick 5 before West; declarer requires West's highest spade.
    The ruling's obligations (East's penalty card, West's restriction) find West's ♠6."""
    ruling = rule_premature_play(PrematurePlayCase(
        declarer=Seat.S, trick=5, offender=Seat.E, card=Card.from_pbn("S3"),
        premature=PrematureCard.PLAY, suit_led=Suit.S,
        option=PlayOption(PlayOptionKind.HIGHEST)))
    assert HIGHEST_5 in ruling.obligations
    r = record(DEAL_A, "2H", Seat.S, PLAY_A)
    assert r.deal is not None and r.play is not None
    obligations = [o for o in ruling.obligations if isinstance(o, (PenaltyCard, PlayRestriction))]
    assert PenaltyCard(Seat.E, Card.from_pbn("S3"), 5) in obligations
    assert [(x.offender, x.trick, x.kind) for x in
            detect_revokes(r.deal, r.play, Seat.S, obligations)] == [
        (Seat.W, 5, RevokeKind.PLAY_RESTRICTION)]


# -- the ruling, 64A, and its texts --------------------------------------------------------

@pytest.mark.parametrize("lang, words, law", [("en", ("premature", "♠6", "♠8"), "Laws 57A, 61A"),
                                              ("da", ("for tidligt", "♠6", "♠8"), "§ 57A, § 61A")])
def test_61a_the_finding_and_ruling_name_the_play_restriction(
        lang: str, words: tuple[str, ...], law: str) -> None:
    context = ReviewContext(attention=Attention.DURING_ROUND, language=lang, equity=False)
    r = record(DEAL_A, "2H", Seat.S, PLAY_A)
    (finding,) = review_revokes(r, context, obligations=[HIGHEST_5])
    assert finding.key == "revoke.finding.play_restriction"
    assert finding.ruling is not None
    first = finding.ruling.clauses[0]
    assert (first.law, first.key) == ("61A", "revoke.found.play_restriction")
    texts = [messages.render(key, params, lang) for key, params in
             ((finding.key, finding.params), (first.key, first.message_params))]
    whole = messages.render(finding.ruling.key, finding.ruling.params, lang)
    assert "{" not in whole and texts[1] in whole
    for text in texts:
        assert "{" not in text and all(w in text for w in words), text
    assert law in texts[1]
    assert first.facts["held"] == ["S8"] and first.facts["kind"] == "play_restriction"


def test_64a2_an_ordinary_revoke_not_64b3_no_faced_card_concerned() -> None:
    """West did not win trick 5; East won trick 6: one trick (64A2), no exception."""
    context = ReviewContext(attention=Attention.DURING_ROUND, equity=False)
    r = record(DEAL_A, "2H", Seat.S, PLAY_A)
    (finding,) = review_revokes(r, context, obligations=[HIGHEST_5])
    assert (finding.law, finding.data["transfer"], finding.data["exception"]) == (
        "64A2", 1, None)


GAME = """% PBN 2.1
[Event "Play restriction"]
[Board "5"]
[Dealer "S"]
[Vulnerable "None"]
[Deal "N:QJT9.87.QJT9.T98 5432.654..A76532 AK.AKQJT9.AK.KQJ 876.32.8765432.4"]
[Declarer "S"]
[Contract "2H"]
[Result "12"]
{TD: play W highest 5}
[Play "W"]
D2 D9 S2 DA
H2 H7 H4 HA
H3 H8 H5 HK
D3 CT H6 HQ
S6 ST S3 SA
C4 C9 CA CK
*
"""


def audit(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str) -> dict:
    path = tmp_path / "restriction.pbn"
    path.write_text(text)
    main(["audit", "--json", "--no-equity", "--attention", "during-round", str(path)])
    return json.loads(capsys.readouterr().out)


def test_57a1_the_audit_checks_a_play_restriction_noted_in_the_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Declarer required West's highest spade at trick 5 (noted in the file); West played
    the ♠6 holding the ♠8: a revoke (61A); East won trick 6: one trick (64A2)."""
    report = audit(tmp_path, capsys, GAME)
    revokes = [f for f in report["findings"] if f["kind"] == "revoke"]
    assert [(f["offender"], f["trick"], f["law"], f["transfer"]) for f in revokes] == [
        ("W", 5, "64A2", 1)]
    assert "premature" in revokes[0]["message"]
    assert revokes[0]["adjusted_declarer_tricks"] == 13  # declarer's 12 and the trick
    plain = audit(tmp_path, capsys, GAME.replace("play W highest 5", "play W lowest 5"))
    assert not [f for f in plain["findings"] if f["kind"] == "revoke"]


def test_a_play_note_that_cannot_be_read_is_a_problem_of_the_record(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report = audit(tmp_path, capsys, GAME.replace("play W highest 5", "play W higher 5"))
    problems = report["inputs"][0]["problems"]
    assert any("play W higher 5" in p["message"] and p["board"] == 5 for p in problems)
    assert not [f for f in report["findings"] if f["kind"] == "revoke"]
