"""The record of the tricks, Laws 65B3, 65D and 66D (kind ``trick_record``): South
declares."""

from __future__ import annotations

from tests.laws.play.helpers import error, rule, text


def case(**kw):
    return {"kind": "trick_record", "declarer": "S", **kw}


def test_65b3_a_card_pointed_incorrectly_corrected_in_time() -> None:
    r = rule(case(what="pointed", player="W", side_played_next=False))
    assert r.laws == ["65B3"] and r.facts["corrected"] is True


def test_65b3_right_expires_when_his_side_plays_to_the_next_trick_16b() -> None:
    r = rule(case(what="pointed", player="W", side_played_next=True))
    assert r.laws == ["65B3", "16B"] and r.facts["corrected"] is False
    assert "his right to draw attention to the card pointed incorrectly has expired" in text(
        case(what="pointed", player="W", side_played_next=True))


def test_65d_disturbing_played_cards_jeopardizes_claims_of_doubtful_tricks() -> None:
    r = rule(case(what="disturbed", player="E"))
    assert r.laws == ["65D"]
    assert "to claim (or deny) a revoke (Law 65D)" in text(case(what="disturbed", player="E"))


def test_66d_cards_that_settle_the_claim_are_inspected() -> None:
    r = rule(case(what="mixed", player="E", claimant="S", claim="tricks", ascertained=True))
    assert r.laws == ["66D"] and r.facts["favours"] is None


def test_66d_cards_mixed_by_the_claims_opponent_the_claim_is_upheld() -> None:
    r = rule(case(what="mixed", player="E", claimant="S", claim="revoke", ascertained=False))
    assert r.facts["favours"] == "NS" and r.facts["claim_upheld"] is True


def test_66d_cards_mixed_by_the_claimants_side_the_claim_fails() -> None:
    r = rule(case(what="mixed", player="N", claimant="S", claim="revoke", ascertained=False))
    assert r.facts["favours"] == "EW" and r.facts["claim_upheld"] is False
    assert "the Director rules in favour of East-West: the claim fails (Law 66D)" in text(
        case(what="mixed", player="N", claimant="S", claim="revoke", ascertained=False))


def test_65_66_no_fact_assumed() -> None:
    assert error(case(what="pointed", player="W")) == "missing 'side_played_next'"
    assert error(case(what="mixed", player="E", claimant="S", claim="revoke")) == \
        "missing 'ascertained'"
    assert error(case(what="disturbed", player="E", claimant="S")) == \
        "claimant: only for cards mixed after a claim (Law 66D)"
