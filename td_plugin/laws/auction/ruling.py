"""The ruling on an auction irregularity, as a value, as JSON and as text.

`AuctionRuling` is a `td_plugin.model.rulings.Ruling` (its clauses, in the order applied,
carry message keys and facts), with what the Director announces at the table: which
calls stand, which are cancelled, who calls next, who must pass, what information is
unauthorized, the lead restrictions declarer may impose, which adjustments stay possible,
and what someone still has to decide. Text is rendered from message keys, in English or
Danish.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from td_plugin import messages
from td_plugin.laws.auction.information_from_withdrawn_calls import Unauthorized
from td_plugin.model.auction import Auction, Call
from td_plugin.model.cards import Seat
from td_plugin.model.names import call_msg, law_msg, laws_msg, seat_msg, side_msg, suit_msg
from td_plugin.model.obligations import LeadRestriction, PassObligation
from td_plugin.model.rulings import Ruling, RulingStatus, TextEnum

__all__ = ["AuctionRuling", "RulingStatus", "SeatCall", "DecisionKind", "Decision", "Note", "CoorEffect"]


class CoorEffect(TextEnum):
    """What a cancelled call out of rotation brings at once (Laws 30-32;
    `td_plugin.laws.auction.calls_out_of_rotation.CoorRule`)."""

    #: 30A: the offender passes at his next turn
    MUST_PASS_NEXT = "must_pass_next"
    #: 31A/32A: what happens depends on RHO's call (the rule's ``law_repeat``
    #: if he passes)
    AWAIT_RHO = "await_rho"
    #: 30B1/31B/32B: partner calls freely under 16C2, so the information from the
    #: cancelled call is unauthorized to him at once; the offender's own call is judged
    PARTNER_FREE = "partner_free"


class DecisionKind(TextEnum):
    """What someone still has to decide: whether to accept an irregular call, whether to
    withdraw a call, which call replaces one, whether a replacement is comparable."""

    ACCEPT = "accept"
    WITHDRAW = "withdraw"
    REPLACEMENT = "replacement"
    COMPARABLE = "comparable"


@dataclass(frozen=True)
class SeatCall:
    """A call and who made it."""

    seat: Seat
    call: Call

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat.value, "call": self.call.pbn()}


@dataclass(frozen=True)
class Decision:
    """Something still to be decided: by ``seat`` (None: by the Director), what
    (``decide``, a `DecisionKind`), under which clause. ``facts`` are the message
    parameters, ``data`` the JSON details."""

    seat: Seat | None
    decide: DecisionKind
    law: str
    facts: Mapping[str, Any] = field(default_factory=dict)
    data: Mapping[str, Any] = field(default_factory=dict)

    @property
    def key(self) -> str:
        return f"incident.decision.{self.decide}"

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat.value if self.seat else None, "decide": self.decide,
                "law": self.law, **self.data}


@dataclass(frozen=True)
class Note:
    """A remark on how the ruling was reached (an interpretation chosen, input unused)."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)


def _unique(items: list[str]) -> list[str]:
    seen: dict[str, None] = {}
    for x in items:
        seen.setdefault(x, None)
    return list(seen)


@dataclass(frozen=True)
class AuctionRuling(Ruling):
    """The ruling on an auction irregularity. ``status`` is `RulingStatus.RULED`, or
    `RulingStatus.NEEDS_DECISION` when ``decisions`` lists a choice still to be made (the
    auction, obligations and restrictions then show the outcome unless that choice
    changes it). ``lead_restrictions`` lists every restriction Law 26B lets declarer
    impose (the defenders' first once the declarer is known); ``lead_restriction`` is the
    first of them. ``lang`` is the language of `text` and `to_json`; ``regulation`` the
    name of the regulation in force (`td_plugin.laws.regulations`)."""

    status: RulingStatus = RulingStatus.RULED
    auction: tuple[SeatCall, ...] = ()
    cancelled: tuple[SeatCall, ...] = ()
    next: Seat | None = None
    pass_obligations: tuple[PassObligation, ...] = ()
    lho_may_withdraw: tuple[SeatCall, ...] = ()
    unauthorized: tuple[Unauthorized, ...] = ()
    lead_restriction: LeadRestriction | None = None
    lead_restrictions: tuple[LeadRestriction, ...] = ()
    adjustment_possible: tuple[str, ...] = ()
    decisions: tuple[Decision, ...] = ()
    notes: tuple[Note, ...] = ()
    lang: str = "en"
    regulation: str = "wbf"
    #: the legal auction after rectification as a record holds it: lost turns (``^S``)
    #: and accepted insufficient bids (``^I``) marked; None when not built by the walk
    legal_auction: Auction | None = None

    def __post_init__(self) -> None:
        if self.lead_restriction is not None and not self.lead_restrictions:
            object.__setattr__(self, "lead_restrictions", (self.lead_restriction,))

    @property
    def laws(self) -> list[str]:
        """The clauses in the order first applied, each once."""
        return _unique([c.law for c in self.clauses])

    def clause_texts(self, lang: str | None = None) -> list[str]:
        lang = lang or self.lang
        return [messages.render(c.key, c.message_params, lang) for c in self.clauses]

    def summary_lines(self, lang: str | None = None) -> list[str]:
        """What the Director announces after the clauses: the auction as it now stands,
        who calls next, obligations to pass, adjustments kept open, decisions, notes."""
        lang = lang or self.lang

        def r(key: str, **params: Any) -> str:
            return messages.render(key, params, lang)

        lines = []
        if self.auction:
            calls = ", ".join(r("incident.seat_call", seat=seat_msg(sc.seat),
                                call=call_msg(sc.call)) for sc in self.auction)
            lines.append(r("incident.auction", calls=calls))
        else:
            lines.append(r("incident.auction_empty"))
        lines.append(r("incident.next", seat=seat_msg(self.next)) if self.next
                     else r("incident.over"))
        for ob in self.pass_obligations:
            lines.append(r(ob.text_key(), seat=seat_msg(ob.seat), law=laws_msg(ob.laws)))
        if self.adjustment_possible:
            lines.append(r("incident.adjustment",
                           laws=laws_msg(self.adjustment_possible)))
        for d in self.decisions:
            lines.append(r(d.key, law=law_msg(d.law), **d.facts))
        for n in self.notes:
            lines.append(messages.render(n.key, n.params, lang))
        return lines

    def stands(self, lang: str | None = None) -> list[tuple[str, str]]:
        """What stands after the ruling, as (heading, text) rows: the auction, who calls
        next, calls cancelled, pass obligations, calls LHO may withdraw, unauthorized
        information, the lead restrictions, adjustments kept open."""
        lang = lang or self.lang

        def h(key: str, **params: Any) -> str:
            return messages.render(f"rule.{key}", params, lang)

        def text(value: messages.Msg) -> str:
            return messages.render(value.key, value.params, lang)

        def seat(s: Seat) -> str:
            return text(seat_msg(s))

        def sc(x: SeatCall) -> str:
            return f"{seat(x.seat)} {text(call_msg(x.call))}"

        rows = [(h("auction"), ", ".join(sc(x) for x in self.auction) or h("none")),
                (h("next"), seat(self.next) if self.next else h("over"))]
        if self.cancelled:
            rows.append((h("cancelled"), ", ".join(sc(x) for x in self.cancelled)))
        if self.pass_obligations:
            rows.append((h("pass"), "; ".join(
                f"{seat(p.seat)}, {h(p.until)} ({', '.join(p.laws)})"
                + ("" if p.in_force else f": {h(p.state)}")
                for p in self.pass_obligations)))
        if self.lho_may_withdraw:
            rows.append((h("withdraw"), ", ".join(sc(x) for x in self.lho_may_withdraw)))
        if self.unauthorized:
            rows.append((h("ui"), "; ".join(
                f"{text(side_msg(u.side))}: {h('from')} {sc(SeatCall(u.seat, u.call))}"
                for u in self.unauthorized)))
        for lr in self.lead_restrictions:
            if lr.prohibit_one_of is None:
                line = h("prohibit_later", partner=seat(lr.partner),
                         offender=seat(lr.offender or lr.partner.partner))
            else:
                suits = ", ".join(text(suit_msg(s)) for s in lr.prohibit_one_of)
                line = h("prohibit", partner=seat(lr.partner), suits=suits)
            rows.append((h("lead"), line))
        if self.adjustment_possible:
            rows.append((h("adjust"), ", ".join(messages.law_ref(x, lang)
                                                for x in self.adjustment_possible)))
        return rows

    def decision_texts(self, lang: str | None = None) -> list[str]:
        """Each decision still to be made, as a question with its clause."""
        lang = lang or self.lang
        return [messages.render(d.key, dict(d.facts, law=messages.law_ref(d.law, lang)), lang)
                for d in self.decisions]

    def text_lines(self, lang: str | None = None) -> list[str]:
        clauses = self.clause_texts(lang)
        if not clauses and self.key:
            clauses = [messages.render(self.key, self.params, lang or self.lang)]
        return clauses + self.summary_lines(lang)

    @property
    def text(self) -> str:
        return "\n".join(self.text_lines())

    def render(self, lang: str = "en") -> str:
        """The whole ruling as the Director announces it, in ``lang`` (as an annotation
        of a `RecordChange`, what a writer adds as commentary)."""
        return "\n".join(self.text_lines(lang))

    def to_json(self, lang: str | None = None) -> dict[str, Any]:
        """The ruling as JSON (the keys documented in docs/cases.md)."""
        lang = lang or self.lang
        return {
            "status": self.status,
            "decisions": [d.to_json() for d in self.decisions],
            "laws": self.laws,
            "auction": [sc.to_json() for sc in self.auction],
            "cancelled": [sc.to_json() for sc in self.cancelled],
            "next": self.next.value if self.next else None,
            "pass_obligations": [p.to_json() for p in self.pass_obligations],
            "lho_may_withdraw": [sc.to_json() for sc in self.lho_may_withdraw],
            "unauthorized": [u.to_json() for u in self.unauthorized],
            "lead_restriction": self.lead_restriction.to_json() if self.lead_restriction else None,
            "adjustment_possible": list(self.adjustment_possible),
            "clauses": [{"law": c.law, "key": c.key,
                         "text": messages.render(c.key, c.facts, lang)} for c in self.clauses],
            "notes": [messages.render(n.key, n.params, lang) for n in self.notes],
            "text": "\n".join(self.text_lines(lang)),
            "lang": lang,
            "lead_restrictions": [dict(r.to_json(), law=r.law) for r in self.lead_restrictions],
            "regulation": self.regulation,
        }
