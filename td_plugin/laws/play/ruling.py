"""The ruling on an irregularity of the play period (Laws 24, 41-67), as a value, as JSON
and as text.

`PlayRuling` is a `td_plugin.model.rulings.Ruling`: the clauses in the order applied, each
with its message key and facts, and what the Director announces at the table beside
them: who is declarer (Law 54A may change it), what happens next, the obligations that
outlive the ruling (`Standing`: a penalty card on the table, a lead required or
prohibited, a play restriction for one trick, a pass at the next turn to call),
information that is unauthorized, adjustments that stay possible, and the choices still
to be made (`PlayDecision`: declarer's options after a lead out of turn, a premature
play, a penalty card, ...). Each choice names the case-file key that carries it, so a
case answered from its ``decisions`` is ruled again with the choice made.

The obligations are the values the revoke review takes (`td_plugin.laws.revokes`
`PenaltyCard`, `LeadRestriction`, `PlayRestriction`) and the auction's pass obligation
(`td_plugin.laws.auction.ruling.PassObligation`), so that a record carrying them is checked
for a failure to play a penalty card, to follow a lead restriction or to play as declarer
specified after a premature play (Law 61A, 64B3).

The cases the play laws rule on share their bases here: `CaseNotes` (the board and the
Director's description any case may carry; `case_notes` reads them) and `ContractCase`
(a case that gives the contract: its declarer is the case's).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypedDict

from td_plugin import messages
from td_plugin.laws.revokes.ruling import card_msg
from td_plugin.messages import Msg, seat_name
from td_plugin.model.cards import Card, Seat, Suit
from td_plugin.model.contract import Contract
from td_plugin.model.names import join_msgs
from td_plugin.model.obligations import (
    LeadRestriction,
    Obligation,
    PassObligation,
    PenaltyCard,
    PlayRestriction,
)
from td_plugin.model.outcomes import AssignedResult
from td_plugin.model.rulings import Clause, Ruling, RulingStatus

__all__ = ["PlayRestriction", "Standing", "PlayDecision", "DecisionChoice", "PlayRuling",
           "RulingBuilder", "CaseNotes", "ContractCase", "CaseNoteValues", "case_notes",
           "card_msg", "cards_msg", "suit_msg"]


# -- the cases ---------------------------------------------------------------------------------

@dataclass(frozen=True, kw_only=True)
class CaseNotes:
    """What any play-period case may carry beside its facts. The fields are keyword-only,
    so that a case's own facts come first in its constructor, with defaults or without."""

    #: the board, when the case file gives it (the ruling's ``board``)
    board: int | None = None
    #: the Director's own notes on the case (no law reads them)
    description: str | None = None


@dataclass(frozen=True)
class ContractCase(CaseNotes):
    """A case that gives the contract (a revoke corrected, a defective trick)."""

    #: the contract, with its declarer
    contract: Contract

    @property
    def declarer(self) -> Seat:
        """The contract's declarer (a case file gives the contract with its declarer)."""
        assert self.contract.declarer is not None
        return self.contract.declarer


class CaseNoteValues(TypedDict):
    """The `CaseNotes` of a case, as keywords for its constructor."""

    board: int | None
    description: str | None


def case_notes(values: Mapping[str, Any]) -> CaseNoteValues:
    """The board and the description among a case's values as read, for its constructor:
    ``SomeCase(..., **case_notes(values))``."""
    return {"board": values.get("board"), "description": values.get("description")}


# -- the ruling --------------------------------------------------------------------------------

def suit_msg(suit: Suit) -> Msg:
    return Msg(f"suitname.{suit.value}")


def cards_msg(cards: Iterable[Card]) -> Msg | str:
    """Cards as the texts name them: ♠K, ♥10 and ♦4."""
    return join_msgs([card_msg(c) for c in cards], "and")




@dataclass(frozen=True)
class Standing:
    """An obligation that outlives the ruling, and the clause that imposes it."""

    law: str
    obligation: Obligation

    def to_json(self) -> dict[str, Any]:
        ob = self.obligation
        if isinstance(ob, PenaltyCard):
            return {"type": "penalty_card", "law": self.law, "seat": ob.seat.value,
                    "card": ob.card.pbn(), "from_trick": ob.trick, "major": ob.major}
        if isinstance(ob, LeadRestriction):
            assert ob.suit is not None, "a lead restriction in play names its suit"
            return {"type": "lead", "law": self.law, "seat": ob.seat.value, "trick": ob.trick,
                    "suit": ob.suit.value, "prohibited": ob.prohibited, "lasting": ob.lasting}
        if isinstance(ob, PassObligation):
            return {"type": "pass", **ob.to_json()}
        return {"type": "play", "law": self.law, "seat": ob.seat.value, "trick": ob.trick,
                "how": ob.how.value, "suit": None if ob.suit is None else ob.suit.value}

    def text(self) -> Msg:
        ob = self.obligation
        law = {"law": self.law}
        if isinstance(ob, PenaltyCard):
            key = "play.standing.penalty_card.major" if ob.major \
                else "play.standing.penalty_card.minor"
            return Msg(key, {"seat": seat_name(ob.seat), "card": card_msg(ob.card),
                             "trick": ob.trick, "suit": suit_msg(ob.card.suit), **law})
        if isinstance(ob, LeadRestriction):
            key = ("play.standing.lead.require" if not ob.prohibited else
                   "play.standing.lead.prohibit.lasting" if ob.lasting
                   else "play.standing.lead.prohibit")
            assert ob.suit is not None, "a lead restriction in play names its suit"
            return Msg(key, {"seat": seat_name(ob.seat), "suit": suit_msg(ob.suit),
                             "trick": ob.trick, **law})
        if isinstance(ob, PassObligation):
            return Msg(f"play.standing.pass.{ob.until}", {"seat": seat_name(ob.seat), **law})
        params = {"seat": seat_name(ob.seat), "trick": ob.trick, **law}
        if ob.suit is not None:
            params["suit"] = suit_msg(ob.suit)
        return Msg(f"play.standing.play.{ob.how.value}", params)


@dataclass(frozen=True)
class DecisionChoice:
    """One answer to a decision: the value the case then carries (text, or true/false),
    its label and the clause it leads to."""

    value: Any
    label: Msg
    law: str | None = None


@dataclass(frozen=True)
class PlayDecision:
    """A choice still to be made by ``seat`` (None: the Director) under ``law``: the case
    key ``field`` carries the answer, one of ``choices``; ``question`` asks it."""

    seat: Seat | None
    field: str
    law: str
    question: Msg
    choices: tuple[DecisionChoice, ...]

    def to_json(self, lang: str) -> dict[str, Any]:
        return {"seat": None if self.seat is None else self.seat.value, "decide": self.field,
                "field": self.field, "law": self.law,
                "question": messages.render(self.question.key, self.question.params, lang),
                "choices": [{"value": c.value, "law": c.law,
                             "label": messages.render(c.label.key, c.label.params, lang)}
                            for c in self.choices]}


def _unique(items: list[str]) -> list[str]:
    return list(dict.fromkeys(items))


@dataclass(frozen=True)
class PlayRuling(Ruling):
    """The ruling on a play-period case of ``kind``. ``status`` is a `RulingStatus`
    (``decisions`` lists what is still to choose; the rest shows the outcome so far).
    ``declarer``: declarer after the ruling; ``next``: what happens now;
    ``standing``: the obligations that outlive the ruling; ``unauthorized``: information
    unauthorized to a side; ``adjustment_possible``: clauses under which the Director may
    still adjust; ``facts``: the case's own JSON fields; ``transfer``: tricks a defective
    trick transfers (Law 67B), with ``outcome`` when the result is known; ``summarized``:
    how many of the first clauses the ruling's own text (``key``) reads for."""

    kind: str = ""
    status: RulingStatus = RulingStatus.RULED
    decisions: tuple[PlayDecision, ...] = ()
    standing: tuple[Standing, ...] = ()
    declarer: Seat | None = None
    next: Msg | None = None
    unauthorized: tuple[Msg, ...] = ()
    adjustment_possible: tuple[str, ...] = ()
    notes: tuple[Msg, ...] = ()
    board: int | None = None
    facts: Mapping[str, Any] = field(default_factory=dict)
    transfer: int | None = None
    summarized: int = 0
    lang: str = "en"

    @property
    def laws(self) -> list[str]:
        """The clauses in the order first applied, each once."""
        return _unique([c.law for c in self.clauses])

    @property
    def obligations(self) -> tuple[Obligation, ...]:
        """The obligations alone, as the revoke review takes them."""
        return tuple(s.obligation for s in self.standing)

    def clause_texts(self, lang: str | None = None) -> list[str]:
        """The clauses' texts. A ruling with a text of its own for its first clauses
        (``key``, ``summarized`` of them: a revoke corrected, whose first clauses are the
        revoke ruling's) gives that text in their place."""
        lang = lang or self.lang
        rest = self.clauses[self.summarized:] if self.key else self.clauses
        head = [messages.render(self.key, self.params, lang)] if self.key else []
        return head + [messages.render(c.key, c.message_params, lang) for c in rest]

    def stands(self, lang: str | None = None) -> list[tuple[str, str]]:
        """What stands after the ruling, as (heading, text) rows."""
        lang = lang or self.lang

        def r(m: Msg) -> str:
            return messages.render(m.key, m.params, lang)

        def h(key: str) -> str:
            return messages.render(key, None, lang)

        rows = []
        if self.declarer is not None:
            rows.append((h("play.heading.declarer"), r(seat_name(self.declarer))))
        if self.next is not None:
            rows.append((h("play.heading.next"), r(self.next)))
        for i, s in enumerate(self.standing):
            rows.append((h("play.heading.obligations") if i == 0 else "", r(s.text())))
        for i, u in enumerate(self.unauthorized):
            rows.append((h("play.heading.ui") if i == 0 else "", r(u)))
        if self.adjustment_possible:
            rows.append((h("play.heading.adjust"),
                         messages.laws_ref(list(self.adjustment_possible), lang)))
        return rows

    def decision_texts(self, lang: str | None = None) -> list[str]:
        lang = lang or self.lang
        return [messages.render(d.question.key, d.question.params, lang) + " ("
                + messages.law_ref(d.law, lang) + ")" for d in self.decisions]

    def text_lines(self, lang: str | None = None) -> list[str]:
        lang = lang or self.lang
        lines = self.clause_texts(lang)
        lines += [f"{head}: {text}" if head else text for head, text in self.stands(lang)]
        lines += self.decision_texts(lang)
        lines += [messages.render(n.key, n.params, lang) for n in self.notes]
        return lines

    @property
    def text(self) -> str:
        return "\n".join(self.text_lines())

    def render(self, lang: str = "en") -> str:
        """The whole ruling in ``lang`` (as an annotation of a `RecordChange`, what a
        writer adds as commentary)."""
        return "\n".join(self.text_lines(lang))

    def to_json(self, lang: str | None = None) -> dict[str, Any]:
        """The ruling as JSON (the keys documented in docs/cases.md)."""
        lang = lang or self.lang
        out: dict[str, Any] = {
            "kind": self.kind, "status": self.status,
            "decisions": [d.to_json(lang) for d in self.decisions],
            "laws": self.laws, "board": self.board,
            "declarer": None if self.declarer is None else self.declarer.value,
            **self.facts,
            "next": None if self.next is None else messages.render(self.next.key,
                                                                  self.next.params, lang),
            "obligations": [s.to_json() for s in self.standing],
            "unauthorized": [messages.render(u.key, u.params, lang) for u in self.unauthorized],
            "adjustment_possible": list(self.adjustment_possible),
        }
        if self.transfer is not None:
            outcome = self.outcome
            out["transfer"] = self.transfer
            out["outcome"] = None if not isinstance(outcome, AssignedResult) else {
                "declarer_tricks": outcome.declarer_tricks, "score_ns": outcome.score_ns}
        out.update({
            "clauses": [{"law": c.law, "key": c.key,
                         "text": messages.render(c.key, c.message_params, lang)}
                        for c in self.clauses],
            "notes": [messages.render(n.key, n.params, lang) for n in self.notes],
            "text": "\n".join(self.text_lines(lang)), "lang": lang})
        return out


class RulingBuilder:
    """Collects a play-period ruling as the law module applies it: clauses in order,
    obligations, information, decisions; `build` makes the `PlayRuling`."""

    def __init__(self, kind: str, board: int | None = None, lang: str = "en") -> None:
        self.kind, self.board, self.lang = kind, board, lang
        self.clauses: list[Clause] = []
        self.decisions: list[PlayDecision] = []
        self.standing: list[Standing] = []
        self.unauthorized: list[Msg] = []
        self.adjust: list[str] = []
        self.notes: list[Msg] = []
        self.next: Msg | None = None

    def clause(self, law: str, key: str, facts: Mapping[str, Any] | None = None,
               params: Mapping[str, Any] | None = None) -> None:
        """Apply clause ``law``: its text ``key`` with ``params`` (the JSON ``facts``
        where the text needs nothing else)."""
        self.clauses.append(Clause(law, key, dict(facts or {}),
                                   None if params is None else dict(params)))

    def supersede(self, keys: Mapping[str, str | None],
                  params: Mapping[str, Any] | None = None) -> None:
        """A later choice replaced what earlier clauses told the table: each clause
        whose key is one of ``keys`` is read with the text ``keys[key]`` instead (its
        ``params`` updated), or not at all where that is None; the read-out says only
        what stands."""
        kept = []
        for c in self.clauses:
            if c.key not in keys:
                kept.append(c)
            elif keys[c.key] is not None:
                kept.append(Clause(c.law, str(keys[c.key]), c.facts,
                                   {**c.message_params, **params} if params else c.params))
        self.clauses = kept

    def stand(self, law: str, obligation: Obligation) -> None:
        self.standing.append(Standing(law, obligation))

    def decide(self, seat: Seat | None, field: str, law: str, question: Msg,
               choices: Iterable[DecisionChoice]) -> None:
        self.decisions.append(PlayDecision(seat, field, law, question, tuple(choices)))

    def build(self, declarer: Seat | None = None, facts: Mapping[str, Any] | None = None,
              **kw: Any) -> PlayRuling:
        return PlayRuling(tuple(self.clauses), kind=self.kind,
                          status=(RulingStatus.NEEDS_DECISION if self.decisions
                                  else RulingStatus.RULED),
                          decisions=tuple(self.decisions), standing=tuple(self.standing),
                          declarer=declarer, next=self.next,
                          unauthorized=tuple(self.unauthorized),
                          adjustment_possible=tuple(dict.fromkeys(self.adjust)),
                          notes=tuple(self.notes), board=self.board, facts=dict(facts or {}),
                          lang=self.lang, **kw)
