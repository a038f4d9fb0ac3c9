"""The record of the tricks: Law 65B3, 65D and 66D of the Laws of Duplicate Bridge 2017.

- 65B3: a player may draw attention to a card pointed incorrectly (the trick's owner), but
  this right expires when his side leads or plays to the following trick; if done later,
  Law 16B may apply.
- 65D: a player should not disturb the order of his played cards until agreement has
  been reached on the number of tricks won; one who does jeopardises his right to claim
  ownership of doubtful tricks or to claim (or deny) a revoke.
- 66D: after play ceases, the played and unplayed cards may be inspected to settle a
  claim of a revoke or of the number of tricks won or lost; if, after such a claim, a
  player mixes his cards so that the Director can no longer ascertain the facts, the
  Director rules in favour of the other side.

The 2017 English of 65 was read (pzbs.pl, l65); 66D's wording was read in the English on
pzbs.pl (jfr, the same sentence as 2017's) and its 2017 clause is quoted on bridgewebs
("no player should handle cards other than his own").

The case (kind ``trick_record``) is `TrickRecordCase`, ruled by `rule_trick_record`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from td_plugin.laws.facts import Choice, FactField, question_flow
from td_plugin.laws.play.ruling import CaseNotes, PlayRuling, RulingBuilder, case_notes
from td_plugin.messages import Msg, seat_name
from td_plugin.model.cards import Seat
from td_plugin.model.rulings import TextEnum

__all__ = ["Record", "Claim", "TrickRecordCase", "rule_trick_record", "FIELDS", "START",
           "flow", "answer", "question_by_id", "rule"]

CASE_KIND = "trick_record"


class Record(TextEnum):
    """What went wrong with the record: a card pointed incorrectly (65B3), played cards
    disturbed before the tricks were agreed (65D), or cards mixed after a claim of a revoke
    or of the number of tricks (66D)."""

    POINTED = "pointed"
    DISTURBED = "disturbed"
    MIXED = "mixed"


class Claim(TextEnum):
    """66D: what was claimed after play ceased."""

    REVOKE = "revoke"
    TRICKS = "tricks"


@dataclass(frozen=True)
class TrickRecordCase(CaseNotes):
    """A question of the record of the tricks (65B3, 65D, 66D)."""

    #: declarer's seat
    declarer: Seat
    #: what went wrong
    what: Record
    #: who drew attention to the card (65B3), or disturbed or mixed his cards (65D, 66D)
    player: Seat
    #: 65B3: his side had led or played to the following trick
    side_played_next: bool | None = None
    #: 66D: who made the claim
    claimant: Seat | None = None
    #: 66D: what was claimed
    claim: Claim | None = None
    #: 66D: the Director can still ascertain the facts
    ascertained: bool | None = None


def rule_trick_record(case: TrickRecordCase, lang: str = "en") -> PlayRuling:
    """The ruling on ``case``."""
    b = RulingBuilder(CASE_KIND, case.board, lang)
    params: dict[str, Any] = {"player": seat_name(case.player),
                              "side": Msg(f"side.{case.player.side.value}"),
                              "other": Msg(f"side.{case.player.side.other.value}")}
    facts: dict[str, Any] = {"what": str(case.what), "player": case.player.value}
    if case.what is Record.POINTED:
        late = bool(case.side_played_next)
        b.clause("65B3", "play.tricks.65B3.late" if late else "play.tricks.65B3", facts, params)
        if late:
            b.clause("16B", "play.tricks.16B", facts, params)
        return b.build(case.declarer, facts=facts | {"corrected": not late})
    if case.what is Record.DISTURBED:
        b.clause("65D", "play.tricks.65D", facts, params)
        return b.build(case.declarer, facts=facts)
    assert case.claimant is not None and case.claim is not None
    params |= {"claimant": seat_name(case.claimant), "claim": Msg(f"play.tricks.claim.{case.claim}")}
    facts |= {"claimant": case.claimant.value, "claim": str(case.claim)}
    if case.ascertained:
        b.clause("66D", "play.tricks.66D.inspected", facts, params)
        return b.build(case.declarer, facts=facts | {"favours": None})
    upheld = case.claimant.side is not case.player.side
    b.clause("66D", "play.tricks.66D.upheld" if upheld else "play.tricks.66D.fails", facts,
             params)
    return b.build(case.declarer, facts=facts | {"favours": case.player.side.other.value,
                                                 "claim_upheld": upheld})


rule = rule_trick_record


def _is(what: Record) -> Any:
    return lambda c: c.get("what") == what


FIELDS: tuple[FactField, ...] = (
    FactField("declarer", "seat", "play.tricks.q.declarer", "65"),
    FactField("what", "choice", "play.tricks.q.what", "65",
              choices=(Choice(str(Record.POINTED), Msg("play.tricks.what.pointed"),
                              ("65B3", Msg("play.tricks.leads"))),
                       Choice(str(Record.DISTURBED), Msg("play.tricks.what.disturbed"),
                              ("65D", Msg("play.tricks.leads"))),
                       Choice(str(Record.MIXED), Msg("play.tricks.what.mixed"),
                              ("66D", Msg("play.tricks.leads"))))),
    FactField("player", "seat", "play.tricks.q.player", "65"),
    FactField("side_played_next", "bool", "play.tricks.q.side_played_next", "65B3",
              when=_is(Record.POINTED), only="for a card pointed incorrectly (Law 65B3)"),
    FactField("claimant", "seat", "play.tricks.q.claimant", "66D", when=_is(Record.MIXED),
              only="for cards mixed after a claim (Law 66D)"),
    FactField("claim", "choice", "play.tricks.q.claim", "66D", when=_is(Record.MIXED),
              only="for cards mixed after a claim (Law 66D)",
              choices=tuple(Choice(str(c), Msg(f"play.tricks.claim.{c}")) for c in Claim)),
    FactField("ascertained", "bool", "play.tricks.q.ascertained", "66D",
              when=_is(Record.MIXED), only="for cards mixed after a claim (Law 66D)"),
)
#: What a session file can give before the first question.
START = ("declarer",)
flow, answer, question_by_id = question_flow(FIELDS)


def build_case(values: Mapping[str, Any]) -> TrickRecordCase:
    """The case from its facts as read (`td_plugin.cases.play`)."""
    claim = values.get("claim")
    case = TrickRecordCase(values["declarer"], Record(values["what"]), values["player"],
                           side_played_next=values.get("side_played_next"),
                           claimant=values.get("claimant"),
                           claim=None if claim is None else Claim(claim),
                           ascertained=values.get("ascertained"), **case_notes(values))
    return case
