"""The facts of a case described once, and the questions the table app asks for them.

A kind of case that the Director enters by answering questions (a revoke, and the
irregularities of the play) has a flow of questions with three functions over the case as
a case file holds it (a mapping) — written by hand for the revoke
(`td_plugin.laws.revokes.questions`), made from the case's facts (`question_flow`) for the
kinds of the play period:

- ``flow(case, finished) -> (steps, question)``: the questions already answered, each a
  `Step` with the clause its answer leads to, and the next `Question` (None when the case
  is complete). ``finished`` is the answer to `MORE` ("did anything else happen?"),
  which is not a field of the case.
- ``answer(case, question, text) -> case``: the case with the question answered by
  ``text`` (as a form or a command line gives it), raising `QuestionError` when the
  answer does not fit; answering again changes an answer and drops what depended on it.
- ``question_by_id(case, id, index, finished) -> Question``: an answered question asked
  again.

and ``START``: the case keys a session file can fill in before the first question. The
registry of case kinds (`td_plugin.laws.FAMILIES`) names the module of each; the table app
shows any of them without knowing the kind.

A kind of the play period (Laws 24 and 41-67) lists its facts as `FactField` values, in
the order the Director establishes them: the case-file key, the kind of answer (``seat``,
``card``, ``cards``, ``suit``, ``bool``, ``choice``, ``count``, ``contract``, ``text`` (words
as said), ``hands`` (the four hands' cards in PBN deal notation); ``tables``, a list of
tables' pairs, and ``steps``, a list of words, that only a case file gives), the clause
it matters to, the message key of its question, when it applies (a predicate on the case
so far) and, for a choice, its answers with the clause each leads to. ``decision`` marks a
choice made after the ruling (declarer's option after a lead out of turn): the case file
may carry it, but it is asked on the ruling's page, from the ruling's ``decisions``, not
among the facts. From that one list, `question_flow` gives the flow of questions, and
`td_plugin.cases.play` reads a case file. A list of cards (``cards``) is asked a card at a
time, each followed by the question `MORE` ("another card?").
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from td_plugin.errors import InvalidTokenError, QuestionError
from td_plugin.messages import Msg, seat_name
from td_plugin.model.cards import SEAT_LETTERS, SUIT_LETTERS, Card, Seat, Suit
from td_plugin.model.contract import Contract

__all__ = ["Choice", "Question", "Step", "MORE", "LISTS", "table_text", "parse_answer",
           "FactField", "question_flow", "applies", "choices_of", "seat_choices", "seat_of",
           "defender_choices", "yes_no"]

#: The question whether anything else happened (another revoke on the board); its answer
#: is the ``finished`` flag of ``flow``, not a field of the case.
MORE = "more"

#: How answers name seats and suits.

@dataclass(frozen=True)
class Choice:
    """One answer to a question: the value put in the case, its label, and where it
    leads (the clause and a sentence), when that is known from this answer alone."""

    value: Any
    label: Msg
    leads: tuple[str, Msg] | None = None


@dataclass(frozen=True)
class Question:
    """A question. ``field`` is the case key it fills (``revoke``: in which item of the
    case's list it is, e.g. which revoke of ``revokes``; None for the case itself);
    ``input`` says what kind of answer it takes: ``choice`` (one of ``choices``),
    ``seat``, ``count`` (``low``..``high``), ``suit``, ``card`` (a card not of
    ``exclude``), ``contract``. ``law`` is the clause the question is about."""

    id: str
    field: str
    input: str
    text: Msg
    law: str | None = None
    revoke: int | None = None
    choices: tuple[Choice, ...] = ()
    low: int = 0
    high: int = 13
    exclude: str | None = None

    def choice(self, value: Any) -> Choice | None:
        return next((c for c in self.choices if c.value == value), None)


@dataclass(frozen=True)
class Step:
    """A question answered: the answer and, when known, the clause it leads to."""

    question: Question
    value: Any
    leads: tuple[str, Msg] | None = None


def parse_answer(q: Question, text: str) -> Any:
    """The answer ``text`` (as a form gives it) to ``q`` turned into the case's value.

    :raises QuestionError: the answer does not fit the question.
    """
    text = text.strip()
    if q.input == "choice" or (q.input == "seat" and q.choices):
        for c in q.choices:
            if str(c.value).lower() == text.lower():
                return c.value
        raise QuestionError(f"{text!r} is not an answer to this question")
    if q.input == "seat":
        if text.upper() not in SEAT_LETTERS:
            raise QuestionError(f"not a seat: {text!r}")
        return text.upper()
    if q.input == "suit":
        if text.upper() not in SUIT_LETTERS:
            raise QuestionError(f"not a suit: {text!r}")
        return text.upper()
    if q.input == "count":
        if not text.isdigit() or not q.low <= int(text) <= q.high:
            raise QuestionError(f"expected a number from {q.low} to {q.high}, not {text!r}")
        return int(text)
    if q.input == "card":
        try:
            card = Card.from_pbn(text)
        except InvalidTokenError:
            raise QuestionError(f"not a card: {text!r}") from None
        if q.exclude is not None and card.suit is Suit(q.exclude):
            raise QuestionError(f"{text}: not of this suit")
        return card.pbn()
    if q.input == "table":
        return table_text(text)
    if q.input in ("text", "hands"):  # checked by the kind's own flow (a claim's hands)
        return text
    if q.input == "contract":
        try:
            contract = Contract.from_pbn(text)
        except InvalidTokenError:
            raise QuestionError(f"not a contract: {text!r}") from None
        if contract.is_passed_out:
            raise QuestionError("the board was passed out: no play")
        return contract.pbn()
    raise QuestionError(f"unknown kind of answer {q.input!r}")


Case = Mapping[str, Any]

#: The kinds of fact that are a list, asked an item at a time (each followed by `MORE`),
#: and the kind of answer of an item.
LISTS = {"cards": "card", "tables": "table"}
_TABLE_RE = re.compile(r"^\s*(\d{1,3})\s*(?:-|v|vs|/|\s)\s*(\d{1,3})\s*$", re.I)


def table_text(text: str) -> str:
    """A table named by its pairs as the Director types it (``3-12``, ``3 v 12``), as a
    case holds it: ``"3-12"``.

    :raises QuestionError: not two pair numbers.
    """
    m = _TABLE_RE.match(text)
    if not m or int(m[1]) < 1 or int(m[2]) < 1:
        raise QuestionError(f"{text!r}: give the pairs as North-South, East-West: 3-12")
    return f"{int(m[1])}-{int(m[2])}"


@dataclass(frozen=True)
class FactField:
    """One fact of a case. ``choices``: the answers of a ``choice`` (or ``seat``) field,
    or a function of the case giving them; ``when``: whether the fact applies to the
    case so far (``only`` says so in English for an error: "when the card was faced");
    ``required``: a case it applies to must give it; ``ask``: the flow asks it (an
    optional detail a page does not ask is only read from a case file); ``params``: the
    question's parameters from the case; ``more``: for ``cards``, the message key of the
    question whether there was another card; ``exclude``: for a card, a suit it may not
    be of (a revoke card is not of the suit led)."""

    key: str
    input: str
    text: str
    law: str | None = None
    choices: tuple[Choice, ...] | Callable[[Case], tuple[Choice, ...]] = ()
    when: Callable[[Case], bool] | None = None
    only: str = ""
    required: bool = True
    decision: bool = False
    ask: bool = True
    low: int = 1
    high: int = 13
    params: Callable[[Case], Mapping[str, Any]] | None = None
    more: str = ""
    exclude: Callable[[Case], str | None] | None = None


def applies(field: FactField, case: Case) -> bool:
    """Whether ``field`` applies to ``case`` (a mapping as a case file holds it)."""
    try:
        return field.when is None or bool(field.when(case))
    except (KeyError, TypeError, ValueError):
        return False


def choices_of(field: FactField, case: Case) -> tuple[Choice, ...]:
    return field.choices(case) if callable(field.choices) else field.choices


def seat_choices(seats: tuple[str, ...] = SEAT_LETTERS) -> tuple[Choice, ...]:
    return tuple(Choice(s, seat_name(Seat(s))) for s in seats)


def seat_of(case: Case, key: str) -> Seat | None:
    """The seat a case gives under ``key``, when it gives one."""
    value = case.get(key)
    return Seat(value) if value in SEAT_LETTERS else None


def defender_choices(case: Case) -> tuple[Choice, ...]:
    """The defenders of the case's declarer (every seat while declarer is not known)."""
    declarer = seat_of(case, "declarer")
    return seat_choices(tuple(s.value for s in Seat
                              if declarer is None or s.side is not declarer.side))


def yes_no(yes: tuple[str, Msg] | None = None, no: tuple[str, Msg] | None = None
           ) -> tuple[Choice, ...]:
    """The answers of a ``bool`` field, each with the clause it leads to."""
    return (Choice(True, Msg("app.yes"), yes), Choice(False, Msg("app.no"), no))


def _question(field: FactField, case: Case, index: int | None = None) -> Question:
    params = dict(field.params(case)) if field.params is not None else {}
    choices = choices_of(field, case)
    if field.input == "bool" and not choices:
        choices = yes_no()
    elif field.input == "seat" and not choices:
        choices = seat_choices()
    kind = {**LISTS, "bool": "choice"}.get(field.input, field.input)
    return Question(field.key, field.key, kind, Msg(field.text, params), law=field.law,
                    revoke=index, choices=choices, low=field.low, high=field.high,
                    exclude=field.exclude(case) if field.exclude is not None else None)


def _step(q: Question, value: Any) -> Step:
    c = q.choice(value)
    return Step(q, value, c.leads if c is not None else None)


def question_flow(fields: tuple[FactField, ...]) -> tuple[Callable[..., Any], ...]:
    """The flow of questions for ``fields``: ``(flow, answer, question_by_id)`` as
    `td_plugin.laws.facts` describes them."""

    def flow(case: Case, finished: bool = False) -> tuple[list[Step], Question | None]:
        steps: list[Step] = []
        for f in fields:
            if f.decision or not f.ask or not applies(f, case):
                continue
            if f.input in LISTS:
                items = case.get(f.key) or [None]
                for i, item in enumerate(items):
                    q = _question(f, case, i)
                    if item is None:
                        return steps, q
                    steps.append(Step(q, item))
                if not finished:
                    return steps, Question(MORE, MORE, "choice", Msg(f.more), law=f.law,
                                           choices=(Choice(False, Msg("app.no")),
                                                    Choice(True, Msg("app.yes"))))
                continue
            value = case.get(f.key)
            q = _question(f, case)
            if value is None:
                return steps, q
            steps.append(_step(q, value))
        return steps, None

    def answer(case: Case, question: Question, text: str) -> dict[str, Any]:
        new: dict[str, Any] = copy.deepcopy(dict(case))
        if question.id == MORE:
            lists = [f for f in fields if f.input in LISTS and f.ask and applies(f, new)]
            if parse_answer(question, text) and lists:
                new.setdefault(lists[0].key, []).append(None)
            return new
        field = next((f for f in fields if f.key == question.id), None)
        if field is None:
            raise QuestionError(f"unknown question {question.id!r}")
        value = parse_answer(question, text)
        if field.input in LISTS:
            items = new.setdefault(field.key, [])
            index = question.revoke or 0
            while len(items) <= index:
                items.append(None)
            if value in items[:index] + items[index + 1:]:
                raise QuestionError(f"{value} is already among the "
                                    f"{'cards' if field.input == 'cards' else 'tables'}")
            items[index] = value
        else:
            new[field.key] = value
        return _prune(fields, new)

    def question_by_id(case: Case, qid: str, index: int | None, finished: bool = False
                       ) -> Question:
        steps, nxt = flow(case, finished)
        for q in [s.question for s in steps] + ([nxt] if nxt is not None else []):
            if q.id == qid and q.revoke == index:
                return q
        raise QuestionError("this question does not apply any more")

    return flow, answer, question_by_id


def _prune(fields: tuple[FactField, ...], case: dict[str, Any]) -> dict[str, Any]:
    """Drop the answers that no longer apply, or are no longer among their choices, after
    an earlier answer changed."""
    for f in fields:
        if f.key not in case:
            continue
        if not applies(f, case) or (f.input in ("choice", "seat") and callable(f.choices) \
                and case[f.key] not in [c.value for c in f.choices(case)]):
            del case[f.key]
    return case


