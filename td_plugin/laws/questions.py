"""Cases entered as questions, one at a time: the shape every flow of questions shares.

A kind of case that the Director enters by answering questions (a revoke, and the
irregularities of the play) has a flow module with three functions over the case as a
case file holds it (a mapping) — written by hand for the revoke, made from the case's
facts (`td_plugin.laws.facts.question_flow`) for the kinds of the play period:

- ``flow(case, finished) -> (steps, question)``: the questions already answered, each a
  `Step` with the clause its answer leads to, and the next `Question` (None when the case
  is complete). ``finished`` is the answer to `MORE` ("did anything else happen?"),
  which is not a field of the case.
- ``answer(case, question, text) -> case``: the case with the question answered by
  ``text`` (as a form or a command line gives it), raising `QuestionError` when the
  answer does not fit; answering again changes an answer and drops what depended on it.
- ``question_by_id(case, id, index, finished) -> Question``: an answered question asked
  again.

and ``START``: the case keys a session file can fill in before the first question.
`FLOWS` names the flow module of each such kind; `flow_module` imports it. The table app
shows any of them without knowing the kind.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from td_plugin.errors import InvalidTokenError
from td_plugin.messages import Msg
from td_plugin.model.cards import Card, Suit
from td_plugin.model.contract import Contract

__all__ = ["Choice", "Question", "Step", "QuestionError", "MORE", "FLOWS", "flow_module",
           "parse_answer", "SEATS", "SUITS"]

#: The question whether anything else happened (another revoke on the board); its answer
#: is the ``finished`` flag of ``flow``, not a field of the case.
MORE = "more"

#: How answers name seats and suits.
SEATS = ("N", "E", "S", "W")
SUITS = ("S", "H", "D", "C")

#: The flow module of each kind of case entered by questions: the revoke's, and those of
#: the play period, whose law modules hold their flows (`td_plugin.laws.facts`).
FLOWS: dict[str, str] = {
    "revoke": "td_plugin.laws.revokes.questions",
    "opening_lead": "td_plugin.laws.play.opening_leads_out_of_turn",
    "lead_out_of_turn": "td_plugin.laws.play.leads_out_of_turn",
    "penalty_card": "td_plugin.laws.play.penalty_cards",
    "premature_play": "td_plugin.laws.play.premature_plays",
    "revoke_correction": "td_plugin.laws.revokes.correction",
    "card_in_auction": "td_plugin.laws.play.cards_exposed_in_auction",
    "simultaneous_play": "td_plugin.laws.play.simultaneous_plays",
    "played_card": "td_plugin.laws.play.played_cards",
    "defective_trick": "td_plugin.laws.play.defective_tricks",
}


def flow_module(kind: str) -> ModuleType | None:
    """The flow module of ``kind``, or None when that kind is not entered by questions."""
    name = FLOWS.get(kind)
    return importlib.import_module(name) if name else None


class QuestionError(ValueError):
    """An answer that does not fit its question."""


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
        if text.upper() not in SEATS:
            raise QuestionError(f"not a seat: {text!r}")
        return text.upper()
    if q.input == "suit":
        if text.upper() not in SUITS:
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
    if q.input == "contract":
        try:
            contract = Contract.from_pbn(text)
        except InvalidTokenError:
            raise QuestionError(f"not a contract: {text!r}") from None
        if contract.is_passed_out:
            raise QuestionError("the board was passed out: no play")
        return contract.pbn()
    raise QuestionError(f"unknown kind of answer {q.input!r}")
