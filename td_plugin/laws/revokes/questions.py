"""The revoke flowchart of seed article 002 as questions, one at a time.

At the table the Director finds the facts of a revoke by asking, in this order: the
board (contract, declarer, vulnerability, declarer's tricks), then for each revoke who
revoked, at which trick, the suit led and the card played, what he failed to do, whether
the revoke was established (63A) and, if so, who won the revoke trick and how many tricks
the offending side won from it on (64A, 64B1), then when attention was drawn (64B4,
64B5), and whether anyone else revoked on the board. Each answer says which clause it
leads to. The answers are the fields of a revoke case file (docs/cases.md), so the
finished case is ruled by `td_plugin.laws.revokes.rule_revoke_case` like any other.

The flow of questions of `td_plugin.laws.facts`: `flow` reads a case (a mapping, as a case
file holds it) and gives the questions already answered (`Step`, with the clause the
answer leads to) and the next one to ask; `answer` puts an answer into the case. Nothing
here knows how the questions are shown.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from td_plugin.errors import QuestionError
from td_plugin.laws.facts import MORE, Choice, Question, Step, parse_answer
from td_plugin.messages import Msg, seat_name
from td_plugin.model.cards import SEAT_LETTERS, Seat

__all__ = ["flow", "answer", "question_by_id", "START", "DECISIONS"]

#: The facts a revoke case starts from (the board's, which a session file may give).
START = ("contract", "declarer", "vulnerable", "declarer_tricks")
#: What the Director decides on the ruling's page rather than in the flow: his Law 64C
#: judgement, and the result of the tricks played again after a revoke on trick 12 was
#: corrected (62D1). They were given on the facts as they stood, so a changed fact drops
#: them.
DECISIONS = ("equity_declarer_tricks", "equity_weighted", "replayed_declarer_tricks")


def _q(key: str, **params: Any) -> Msg:
    return Msg(key, params)


def _seat_choices(seats: tuple[str, ...] = SEAT_LETTERS) -> tuple[Choice, ...]:
    return tuple(Choice(s, seat_name(Seat(s))) for s in seats)


# --- the board --------------------------------------------------------------------------

def _board_questions(case: Mapping[str, Any]) -> list[Question]:
    return [
        Question("contract", "contract", "contract", _q("revoke.q.contract")),
        Question("declarer", "declarer", "seat", _q("revoke.q.declarer"), choices=_seat_choices()),
        Question("vulnerable", "vulnerable", "choice", _q("revoke.q.vulnerable"),
                 choices=tuple(Choice(v, Msg(f"revoke.q.vul.{v}"))
                               for v in ("None", "NS", "EW", "All"))),
        Question("declarer_tricks", "declarer_tricks", "count", _q("revoke.q.declarer_tricks")),
    ]


def _attention(case: Mapping[str, Any]) -> Question:
    return Question("attention", "attention", "choice", _q("revoke.q.attention"), law="64B",
                    choices=(
                        Choice("during_round", _q("revoke.q.attention.during_round"),
                               ("64A", _q("revoke.q.leads.timely"))),
                        Choice("after_next_board_called", _q("revoke.q.attention.after_next_board_called"),
                               ("64B4", _q("revoke.q.leads.64B4"))),
                        Choice("after_round", _q("revoke.q.attention.after_round"),
                               ("64B5", _q("revoke.q.leads.64B5")))))


# --- one revoke -------------------------------------------------------------------------

def _leads(clause: str, key: str) -> tuple[str, Msg]:
    return clause, Msg(f"revoke.q.leads.{key}")


class _Revoke:
    """Revoke ``i`` of ``case`` (``r``, its answers so far) as far as its questions depend on
    it: who is dummy, the offender when known (his name and his side's for the texts), the
    revoke trick, and whether the offender is a defender."""

    def __init__(self, case: Mapping[str, Any], i: int, r: Mapping[str, Any]) -> None:
        self.case, self.i, self.r = case, i, r
        declarer = self.declarer = case.get("declarer")
        self.dummy = Seat(declarer).partner.value if declarer in SEAT_LETTERS else None
        offender = self.offender = r.get("offender")
        known = self.known = offender in SEAT_LETTERS
        self.seat: Msg | str = seat_name(Seat(offender)) if known else ""
        self.side: Msg | str = Msg(f"side.{Seat(offender).side.value}") if known else ""
        self.trick = r.get("trick")
        self.defender = (known and declarer in SEAT_LETTERS
                         and Seat(offender).side is not Seat(declarer).side)

    def ask(self, qid: str, input: str, text: Msg, law: str, **more: Any) -> Question:
        return Question(qid, qid, input, text, law=law, revoke=self.i, **more)


def _revoke_questions(case: Mapping[str, Any], i: int, r: Mapping[str, Any]
                      ) -> list[Question]:
    """The questions about revoke ``i`` that apply given what is known of it so far: what
    happened (61A), whether it was established (63A; 62B when it was not), and for an
    established revoke how and by whom (63A), the tricks from it on (64A) and, on trick 12,
    the correction of 62D."""
    v = _Revoke(case, i, r)
    qs = _what_happened(v) + _whether_established(v)
    if r.get("established") is not True:
        return qs
    qs += _how_established(v) + _tricks_from_revoke(v)
    if v.trick == 12:
        qs += _trick_12(v)
    return qs


def _what_happened(v: _Revoke) -> list[Question]:
    """61A: who revoked, at which trick, what he failed to do (a defender may also fail to
    play a penalty card or keep to a lead or play restriction), the suit led and the card
    played; and the penalty card he held (50D1)."""
    ask, seat, r = v.ask, v.seat, v.r
    qs = [ask("offender", "seat", _q("revoke.q.offender"), "61A", choices=tuple(
              Choice(s, seat_name(Seat(s)), _leads("64B3", "dummy") if s == v.dummy else None)
              for s in SEAT_LETTERS)),
          ask("trick", "count", _q("revoke.q.trick", offender=seat), "61A", low=1, high=13)]
    if v.defender:
        qs.append(ask("failure", "choice", _q("revoke.q.failure", offender=seat), "61A",
                      choices=(Choice("follow_suit", _q("revoke.q.failure.follow_suit")),
                               Choice("penalty_card", _q("revoke.q.failure.penalty_card"),
                                      _leads("64B3", "penalty_card")),
                               Choice("lead_restriction",
                                      _q("revoke.q.failure.lead_restriction")),
                               Choice("play_restriction",
                                      _q("revoke.q.failure.play_restriction")))))
    failure = r.get("failure", "follow_suit")
    qs += [ask("suit_led", "suit", _q("revoke.q.suit_led", trick=v.trick or ""), "61A"),
           ask("card", "card", _q("revoke.q.card", offender=seat), "61A",
               exclude=r.get("suit_led") if failure == "follow_suit" else None)]
    if failure == "penalty_card":
        qs.append(ask("held", "card", _q("revoke.q.held", offender=seat), "50D1"))
    return qs


def _whether_established(v: _Revoke) -> list[Question]:
    """Whether the revoke was established (63A; a revoke on trick 13 never is), and for a
    defender's revoke that was not whether the card came from a faced hand (62B)."""
    ask = v.ask
    yes = Choice(True, _q("revoke.q.established.yes"), _leads("63A", "63A"))
    no = Choice(False, _q("revoke.q.established.no"), _leads("62A", "62A"))
    if v.trick == 13:
        qs = [ask("established", "choice", _q("revoke.q.established.13"), "63A",
                  choices=(no,))]
    else:
        qs = [ask("established", "choice", _q("revoke.q.established", side=v.side), "63A",
                  choices=(yes, no))]
    if v.r.get("established") is False and v.defender:
        qs.append(ask("card_faced", "choice", _q("revoke.q.card_faced", offender=v.seat),
                      "62B",
                      choices=(Choice(False, _q("revoke.q.card_faced.no"), _leads("62B1", "62B1")),
                               Choice(True, _q("revoke.q.card_faced.yes"),
                                      _leads("62B2", "62B2")))))
    return qs


def _how_established(v: _Revoke) -> list[Question]:
    """How the revoke was established (63A1-63A4; declarer's also by dummy asking after
    losing his rights, 43B2(b)), and who of the offending side played to, or named a card
    for, the next trick (63A1, 63A2)."""
    ask, side, offender = v.ask, v.side, v.offender
    hows = [Choice("next_trick", _q("revoke.q.how.next_trick"), _leads("63A1", "63A1")),
            Choice("named_card", _q("revoke.q.how.named_card"), _leads("63A2", "63A2")),
            Choice("claim", _q("revoke.q.how.claim"), _leads("63A3", "63A3")),
            Choice("agreed_claim", _q("revoke.q.how.agreed_claim"), _leads("63A4", "63A4"))]
    if v.known and offender == v.declarer:
        hows.append(Choice("dummy_asked", _q("revoke.q.how.dummy_asked"),
                           _leads("43B2(b)", "dummy_asked")))
    hows.append(Choice("stated", _q("revoke.q.how.stated")))
    qs = [ask("established_how", "choice", _q("revoke.q.established_how", side=side),
              "63A", choices=tuple(hows))]
    if v.r.get("established_how") in ("next_trick", "named_card") and v.known:
        trick = v.trick
        team = (offender, Seat(offender).partner.value)
        qs.append(ask("established_by", "seat", _q("revoke.q.established_by", side=side,
                                                    next=trick + 1 if isinstance(trick, int)
                                                    else ""),
                      "63A", choices=tuple(Choice(s, seat_name(Seat(s))) for s in team)))
    return qs


def _tricks_from_revoke(v: _Revoke) -> list[Question]:
    """64A: who won the revoke trick (the offender, 64A1; his partner or the other side,
    64A2; a side that took no trick is not offered) and how many tricks the offending side
    won from it on (none: 64B1)."""
    case, offender, known, trick = v.case, v.offender, v.known, v.trick
    won = []
    for s in SEAT_LETTERS:
        if known and not _side_took_tricks(case, Seat(s), Seat(offender)):
            continue  # a side that took no trick did not win the revoke trick
        if s == offender:
            leads = _leads("64A1", "64A1")
        elif known and Seat(s).side is Seat(offender).side:
            leads = _leads("64A2", "64A2.partner")
        else:
            leads = _leads("64A2", "64A2.nos")
        won.append(Choice(s, seat_name(Seat(s)), leads))
    low, high = _os_tricks_bounds(case, v.r)
    return [v.ask("revoke_trick_won_by", "seat", _q("revoke.q.won_by", trick=trick or ""),
                  "64A", choices=tuple(won)),
            v.ask("offending_side_tricks_from_revoke", "count",
                  _q("revoke.q.os_tricks", side=v.side, trick=trick or ""), "64A", low=low,
                  high=high)]


def _trick_12(v: _Revoke) -> list[Question]:
    """A revoke on trick 12: whether the hands were returned to the board before it was
    corrected (62D1; 64B6 when they were), and a defender's place in the trick (62D2)."""
    qs = [v.ask("hands_returned", "choice", _q("revoke.q.hands_returned"), "62D1",
                choices=(Choice(False, _q("revoke.q.hands_returned.no"),
                                _leads("62D1", "62D1")),
                         Choice(True, _q("revoke.q.hands_returned.yes"),
                                _leads("64B6", "64B6"))))]
    if v.defender:
        qs.append(v.ask("position", "count", _q("revoke.q.position", offender=v.seat), "62D2",
                        low=1, high=4))
    return qs


def _side_took_tricks(case: Mapping[str, Any], seat: Seat, offender: Seat) -> bool:
    """Whether ``seat``'s side took a trick on the board, as far as the result says
    (True when it is not known)."""
    declarer, tricks = case.get("declarer"), case.get("declarer_tricks")
    if declarer not in SEAT_LETTERS or not isinstance(tricks, int) or not 0 <= tricks <= 13:
        return True
    return (tricks if seat.side is Seat(declarer).side else 13 - tricks) > 0


def _os_tricks_bounds(case: Mapping[str, Any], r: Mapping[str, Any]) -> tuple[int, int]:
    """What the offending side can have won from the revoke trick on, given what is
    known: at least the revoke trick when it won it, at most the tricks left from it (the
    revoke trick's winner's side won that one), never more than the side took in all
    (declarer's tricks, or the defenders' 13 less them), and at least what it took in all
    less the tricks before the revoke."""
    offender, trick, won_by = r.get("offender"), r.get("trick"), r.get("revoke_trick_won_by")
    declarer, tricks = case.get("declarer"), case.get("declarer_tricks")
    low, high = 0, 13
    if isinstance(trick, int) and 1 <= trick <= 13:
        high = 14 - trick
        if offender in SEAT_LETTERS and won_by in SEAT_LETTERS:
            if Seat(won_by).side is Seat(offender).side:
                low = 1
            else:
                high = 13 - trick
    if (offender in SEAT_LETTERS and declarer in SEAT_LETTERS and isinstance(tricks, int)
            and 0 <= tricks <= 13):
        total = tricks if Seat(offender).side is Seat(declarer).side else 13 - tricks
        high = min(high, total)
        if isinstance(trick, int) and 1 <= trick <= 13:
            low = max(low, total - (trick - 1))
    return low, max(low, high)


def _count_leads(q: Question, value: int) -> tuple[str, Msg] | None:
    if q.id == "offending_side_tricks_from_revoke" and value == 0:
        return "64B1", _q("revoke.q.leads.64B1")
    if q.id == "trick" and value == 12:
        return "64B6", _q("revoke.q.leads.trick12")
    return None


def _answered(case: Mapping[str, Any], q: Question) -> tuple[bool, Any]:
    where: Mapping[str, Any] = case
    if q.revoke is not None:
        revokes = case.get("revokes") or []
        where = revokes[q.revoke] if q.revoke < len(revokes) else {}
    return q.field in where and where[q.field] is not None, where.get(q.field)


def _step(q: Question, value: Any) -> Step:
    c = q.choice(value)
    if c is not None:
        return Step(q, value, c.leads)
    if q.input == "count" and isinstance(value, int):
        return Step(q, value, _count_leads(q, value))
    return Step(q, value)


def flow(case: Mapping[str, Any], finished: bool = False) -> tuple[list[Step], Question | None]:
    """The questions answered so far (in the order asked) and the next one, or None when
    the case is complete. ``finished``: the Director said no other revoke happened (the
    question `MORE`)."""
    steps: list[Step] = []

    def ask(qs: list[Question]) -> Question | None:
        for q in qs:
            done, value = _answered(case, q)
            if not done:
                return q
            steps.append(_step(q, value))
        return None

    nxt = ask(_board_questions(case))
    if nxt is not None:
        return steps, nxt
    revokes = case.get("revokes") or [{}]
    for i, r in enumerate(revokes):
        nxt = ask(_revoke_questions({**case, "revokes": revokes}, i, r))
        if nxt is not None:
            return steps, nxt
    nxt = ask([_attention(case)])
    if nxt is not None:
        return steps, nxt
    if not finished:
        return steps, Question(MORE, MORE, "choice", _q("revoke.q.more"), law="64B", choices=(
            Choice(False, _q("revoke.q.more.no")),
            Choice(True, _q("revoke.q.more.yes"), ("64B2", _q("revoke.q.leads.more")))))
    return steps, None


def answer(case: Mapping[str, Any], question: Question, text: str) -> dict[str, Any]:
    """The case with ``question`` answered by ``text``; answering a question again
    changes the answer and drops the answers that depended on it.

    :raises QuestionError: the answer does not fit the question.
    """
    new: dict[str, Any] = copy.deepcopy(dict(case))
    value = parse_answer(question, text)
    revokes = new.setdefault("revokes", [])
    if question.id == MORE:
        if value:
            revokes.append({})
        return new
    if question.revoke is None:
        new[question.field] = value
        if question.field == "declarer":  # who is dummy and who defends changes
            for r in revokes:
                r.pop("failure", None)
        return new
    while len(revokes) <= question.revoke:
        revokes.append({})
    r = revokes[question.revoke]
    if r.get(question.field) != value:
        for later in _DEPENDS.get(question.field, ()):
            r.pop(later, None)
    r[question.field] = value
    return new


#: Answers that no longer hold when an earlier one changes.
_DEPENDS: dict[str, tuple[str, ...]] = {
    "offender": ("failure", "held", "established_by", "revoke_trick_won_by",
                 "offending_side_tricks_from_revoke", "card_faced", "position"),
    "failure": ("card", "held"),
    "trick": ("established", "established_how", "established_by", "revoke_trick_won_by",
              "offending_side_tricks_from_revoke", "hands_returned", "position"),
    "suit_led": ("card",),
    "established": ("established_how", "established_by", "revoke_trick_won_by",
                    "offending_side_tricks_from_revoke", "hands_returned", "card_faced",
                    "position"),
    "established_how": ("established_by",),
    "revoke_trick_won_by": ("offending_side_tricks_from_revoke",),
}


def question_by_id(case: Mapping[str, Any], qid: str, revoke: int | None,
                   finished: bool = False) -> Question:
    """A question of the flow by its id (and revoke), answered or next, so a page can
    change an earlier answer.

    :raises QuestionError: no such question applies to the case now.
    """
    steps, nxt = flow(case, finished)
    for q in [s.question for s in steps] + ([nxt] if nxt is not None else []):
        if q.id == qid and q.revoke == revoke:
            return q
    raise QuestionError("this question does not apply any more")

