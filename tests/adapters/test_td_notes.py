"""The Director's notes in a file (adapters/td_notes.py): the statement of declarer's
choice after a premature lead or play (Law 57A), ``play SEAT highest|lowest TRICK`` or
``play SEAT suit|not-suit SUIT TRICK``, and the errors naming a statement it cannot
read."""

from __future__ import annotations

from pathlib import Path

import pytest

from adapters.td_notes import parse_td_note
from td_plugin.model.cards import Seat, Suit
from td_plugin.model.obligations import PlayRestriction, PlayRestrictionKind


@pytest.mark.parametrize("statement, restriction", [
    ("play W highest 5", PlayRestriction(Seat.W, 5, PlayRestrictionKind.HIGHEST)),  # 57A1
    ("play w lowest 13", PlayRestriction(Seat.W, 13, PlayRestrictionKind.LOWEST)),  # 57A2
    ("play E suit D 3", PlayRestriction(Seat.E, 3, PlayRestrictionKind.SUIT, Suit.D)),  # 57A3
    ("play E not-suit c 3", PlayRestriction(Seat.E, 3, PlayRestrictionKind.NOT_SUIT, Suit.C)),  # 57A4
])
def test_57a_a_play_statement_gives_declarers_choice(statement: str,
                                                     restriction: PlayRestriction) -> None:
    notes = parse_td_note(f"TD: attention during-round; {statement}")
    assert notes is not None and notes.obligations == (restriction,)


def test_57a_play_statements_gather_with_the_other_obligations() -> None:
    notes = parse_td_note("TD: penalty-card E S3 5; play W highest 5")
    assert notes is not None and [type(o).__name__ for o in notes.obligations] == [
        "PenaltyCard", "PlayRestriction"]


@pytest.mark.parametrize("statement, named", [
    ("play W higher 5", "'play W higher 5'"),
    ("play W highest S 5", "'play W highest S 5'"),  # no suit after highest
    ("play W suit 5", "'play W suit 5'"),  # the suit missing
    ("play W not-suit X 5", "'X' is not a suit"),
    ("play W highest 14", "'14' is not a trick number"),
    ("play Q lowest 2", "'Q' is not a seat"),
    ("play W highest", "'play W highest'"),
])
def test_a_play_statement_it_cannot_read_is_named(statement: str, named: str) -> None:
    with pytest.raises(ValueError, match="TD note") as err:
        parse_td_note(f"TD: {statement}")
    assert named in str(err.value)


def test_the_documented_example_note_reads() -> None:
    doc = (Path(__file__).resolve().parents[2] / "docs" / "audit.md").read_text(encoding="utf-8")
    example = next(line for line in doc.splitlines() if line.startswith("{TD:"))
    notes = parse_td_note(example.strip("{}"))
    assert notes is not None and PlayRestriction(Seat.W, 7, PlayRestrictionKind.LOWEST) in notes.obligations
