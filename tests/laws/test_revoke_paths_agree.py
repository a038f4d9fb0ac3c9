"""The two revoke paths agree (Laws 61-64): a revoke ruled from the facts a Director
gathers gives the same ruling as the same revoke ruled from its play record.

For every generated board with a revoke (`tests.revoke_scenarios`, all scenarios), the facts
a Director would establish at the table are worked out from how the generator built the
board — who won each trick over the whole play (tricks the record does not show
included), who played to the next trick, whether the play ended in a claim — and never
from the play-record engine; only the revoke itself (61A: offender, trick, card, the
cards he held) comes from detection. The facts are written as a revoke case file, read
back through `td_plugin.cases.files` and ruled; the ruling must equal the audit's, field by
field, under each setting of attention.
"""

from __future__ import annotations

import collections
from typing import Any

import pytest

from td_plugin import messages
from td_plugin.cases.files import load_case
from td_plugin.laws.context import ReviewContext
from td_plugin.laws.revokes import (
    RevokeCaseRuling,
    detect_revokes,
    render_revoke_text,
    review_revokes,
    rule_revoke_case,
)
from td_plugin.laws.revokes.case import ATTENTION_NAMES
from td_plugin.laws.revokes.ruling import card_msg
from td_plugin.model.cards import SEATS, Card
from td_plugin.model.rulings import Attention
from tests.revoke_scenarios import SCENARIOS, GeneratedBoard, generate_session

BOARDS = 400  # twenty of each scenario


def director_case(board: GeneratedBoard, attention: Attention, details: bool = True
                  ) -> dict[str, Any]:
    """The revoke case file of ``board``. ``details``: with the facts a Director may not
    know (the cards the offender held, his place in the trick, who played to the next
    trick, how the revoke was established)."""
    record = board.record
    per_trick = [[s for s, _, _ in board.cards[i:i + 4]] for i in range(0, len(board.cards), 4)]
    entries = []
    for r in detect_revokes(record.deal, record.play, board.contract.declarer,
                            board.obligations):
        side = r.offender.index % 2
        following = per_trick[r.trick] if r.trick < len(per_trick) else []
        by = next((s for s in following if s % 2 == side), None)
        established = by is not None or board.claimed
        entry: dict[str, Any] = {"offender": r.offender.value, "trick": r.trick,
                                 "suit_led": r.suit_led.value, "card": r.card.pbn(),
                                 "failure": r.kind.value, "established": established}
        if details:
            entry |= {"held": [c.pbn() for c in r.held], "position": r.position + 1}
        if established:
            entry["revoke_trick_won_by"] = SEATS[board.winners[r.trick - 1]].value
            entry["offending_side_tricks_from_revoke"] = sum(
                1 for w in board.winners[r.trick - 1:] if w % 2 == side)
            entry["established_how"] = "claim" if by is None else "next_trick"
            if by is not None and details:
                entry["established_by"] = SEATS[by].value
        entries.append(entry)
    return {"kind": "revoke", "board": board.number, "vulnerable": board.vulnerability.pbn(),
            "contract": board.contract.pbn(), "declarer": board.contract.declarer.value,
            "declarer_tricks": board.declarer_tricks, "attention": ATTENTION_NAMES[attention],
            "revokes": entries}


def _boards() -> list[GeneratedBoard]:
    return [b for b in generate_session(seed=2017, boards=BOARDS)
            if b.expected and b.scenario != "not_held"]


def _both(board: GeneratedBoard, attention: Attention, details: bool = True):
    context = ReviewContext(attention=attention, equity=False)
    found = [f for f in review_revokes(board.record, context, obligations=board.obligations)
             if f.kind == "revoke"]
    ruling = rule_revoke_case(load_case(director_case(board, attention, details)))
    assert isinstance(ruling, RevokeCaseRuling)
    assert len(found) == len(ruling.revokes), board.number
    return found, ruling


def test_61_64_facts_path_rules_every_generated_revoke_as_the_play_record_does() -> None:
    boards = _boards()
    compared = collections.Counter()
    for board in boards:
        for attention in Attention:
            found, ruling = _both(board, attention)
            where = (board.number, board.scenario, attention)
            for f, item in zip(found, ruling.revokes):
                assert item.ruling.laws == f.ruling.laws, where
                assert item.ruling.clauses == f.ruling.clauses, where
                assert item.ruling.outcome == f.ruling.outcome, where
                assert item.ruling == f.ruling, where  # the same value, texts' keys included
                assert dict(item.data) == dict(f.data), where
                assert (item.law, item.data["exception"]) == (f.law, f.data["exception"])
                for lang in ("en", "da"):
                    assert render_revoke_text(item.ruling, lang) == render_revoke_text(f, lang)
                compared[f.law] += 1
            adjusted = found[0].data["adjusted_declarer_tricks"]
            assert ruling.assessment.adjusted_declarer_tricks == adjusted, where
            assert ruling.assessment.adjusted_score_ns == found[0].data["adjusted_score_ns"]
            assert ruling.adjusted_declarer_tricks == adjusted  # no 64C judgement entered
            assert ruling.transfer == abs(adjusted - board.declarer_tricks), where
            if attention is board.attention:
                assert adjusted == board.expected_adjusted, where
    assert {b.scenario for b in boards} == set(SCENARIOS) - {"clean", "not_held",
                                                            "marker_spurious"}
    assert len(boards) >= 300
    for law in ("62A", "64A1", "64A2", "64B1", "64B2", "64B3", "64B4", "64B5", "64B6",
                "64B7", "64B8"):
        assert compared[law] > 0, law


@pytest.mark.parametrize("lang", ["en", "da"])
def test_61a_63a1_without_the_details_only_the_texts_that_need_them_change(lang: str) -> None:
    # Without the cards the offender held, his place in the trick and who played to the
    # next trick, the ruling is the same but for texts that do not claim them.
    for board in _boards()[:120]:
        found, bare = _both(board, board.attention, details=False)
        for f, item in zip(found, bare.revokes):
            assert item.law == f.law and dict(item.data) == dict(f.data)
            assert item.ruling.outcome == f.ruling.outcome
            full, text = f.ruling.clauses, item.ruling.clauses
            assert [c.law for c in text if c.law != "62D2"] == \
                [c.law for c in full if c.law != "62D2"]
            assert text[0].key == full[0].key + ".no_held"
            rendered = render_revoke_text(item.ruling, lang)
            assert "{" not in rendered
            held = card_msg(Card.from_pbn(f.ruling.clauses[0].facts["held"][-1]))
            assert messages.render(held.key, held.params, lang) not in rendered.split(".")[0]
