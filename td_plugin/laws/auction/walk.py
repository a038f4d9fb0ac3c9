"""The state of one walk over an incident's calls, which the law modules rule on.

`td_plugin.laws.auction.situations` walks the calls the Director entered and, for each, asks the laws
under `td_plugin.laws` whose situation it is; the law that recognizes it rules on it
through a `Walk`. A walk holds the calls still to rule on (``queue``: a law may rewrite
what follows, the intended call in place of the unintended one, the call that stands
after a change), the legal auction so far (``entries``, with ``meta``: the case's
findings for each of its calls), what rectification left pending (a call out of
rotation whose offender is still to call, an insufficient bid still to be replaced, a
call to repeat, obligations to pass), and what the ruling reports, collected as the
clauses are applied: clauses, cancelled calls, unauthorized information, decisions,
notes. `Walk.ruling` ends the walk: it checks the final auction the case gives and asks
Law 26 for the lead restrictions.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from td_plugin.errors import CaseFileError, Location
from td_plugin.laws.auction.auction_period import revert_deprived_turn
from td_plugin.laws.auction.comparable_calls import Comparability, judge_comparable
from td_plugin.laws.auction.information_from_withdrawn_calls import Unauthorized, unauthorized_to_offenders
from td_plugin.laws.auction.lead_restrictions import lead_restrictions_26b
from td_plugin.laws.auction.ruling import (
    AuctionRuling,
    CoorEffect,
    Decision,
    DecisionKind,
    Note,
    RulingStatus,
    SeatCall,
)
from td_plugin.model.auction import Auction, AuctionEntry, Call
from td_plugin.model.cards import Seat, Suit
from td_plugin.model.names import call_msg, contract_msg, law_msg, laws_msg, seat_call_msg, seat_msg
from td_plugin.model.obligations import LeadRestriction, PassObligation, PassState, PassUntil
from td_plugin.model.rulings import Clause

if TYPE_CHECKING:
    from td_plugin.laws.auction.calls_out_of_rotation import CoorRule
    from td_plugin.laws.auction.incident import Incident, IncidentCall
    from td_plugin.laws.regulations import Regulation

__all__ = ["Walk", "Situation", "Pending", "PendingInsufficient", "QueuedCall", "rule_facts"]

#: A call still to rule on: its index in the case's calls, and the call.
QueuedCall = tuple[int, "IncidentCall"]


@dataclass(frozen=True)
class Situation:
    """A situation a law recognizes in the walk: ``applies`` says whether the current
    call is in it, ``rule`` rules on it (and moves the walk on, or rewrites what is
    still to come). ``laws`` names the clauses, for reading."""

    laws: str
    applies: Callable[[Walk, IncidentCall], bool]
    rule: Callable[[Walk], None]


@dataclass
class Pending:
    """A cancelled call out of rotation (Laws 30-32): the offender's own call is still to
    be judged (or, under 31A/32A, first his RHO's)."""

    offender: Seat
    withdrawn: IncidentCall
    rule: CoorRule


@dataclass
class PendingInsufficient:
    """An insufficient bid not accepted (Law 27B): its replacement is still to come.
    ``b3``: a replacement was already cancelled under 27B3/27B4."""

    ib: IncidentCall
    over: Call | None
    b3: bool = False


@dataclass
class Walk:
    """One walk over ``incident``'s calls under ``regulation`` (see the module
    docstring). The law modules read and change it through its methods."""

    incident: Incident
    regulation: Regulation
    queue: list[QueuedCall] = field(default_factory=list)
    pos: int = 0
    entries: list[AuctionEntry] = field(default_factory=list)
    meta: list[IncidentCall | None] = field(default_factory=list)
    #: each legal call's index in the case's calls (-1: not one of them)
    meta_index: list[int] = field(default_factory=list)
    outstanding: dict[Seat, PassUntil] = field(default_factory=dict)
    obligations: list[PassObligation] = field(default_factory=list)
    must_repeat: dict[Seat, Pending] = field(default_factory=dict)
    await_rho: dict[Seat, Pending] = field(default_factory=dict)
    pending: dict[Seat, Pending] = field(default_factory=dict)
    pending_ib: dict[Seat, PendingInsufficient] = field(default_factory=dict)
    clauses: list[Clause] = field(default_factory=list)
    cancelled: list[SeatCall] = field(default_factory=list)
    unauthorized: list[Unauthorized] = field(default_factory=list)
    lho_may_withdraw: list[SeatCall] = field(default_factory=list)
    #: the offenders Law 26B may apply to, with the clause that says so
    lead_offenders: list[tuple[Seat, str]] = field(default_factory=list)
    adjustments: list[str] = field(default_factory=list)
    decisions: list[Decision] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)
    accept_used: bool = False
    comparable_used: bool = False
    halted: bool = False

    def __post_init__(self) -> None:
        if not self.queue:
            self.queue = list(enumerate(self.incident.calls))

    # -- state ------------------------------------------------------------------------

    @property
    def auction(self) -> Auction:
        """The legal auction so far."""
        return Auction(self.incident.dealer, tuple(self.entries))

    @property
    def done(self) -> bool:
        return self.pos >= len(self.queue) or self.halted

    def current(self) -> QueuedCall:
        return self.queue[self.pos]

    def peek(self, ahead: int = 1) -> QueuedCall | None:
        k = self.pos + ahead
        return self.queue[k] if k < len(self.queue) else None

    def lho_calls_next(self, seat: Seat) -> bool:
        """Is the next entry a call by ``seat``'s LHO (made before rectification)?"""
        nxt = self.peek()
        return nxt is not None and nxt[1].seat is seat.lho

    def err(self, index: int, text: str) -> CaseFileError:
        """A case error naming entry ``index`` of the calls."""
        return CaseFileError(f"calls[{index}]: {text}", Location(path=self.incident.source))

    def clause(self, law: str, key: str, /, **facts: Any) -> None:
        self.clauses.append(Clause(law, key, facts))

    def facts(self, ic: IncidentCall) -> dict[str, Any]:
        """The message facts about a call: its seat and his neighbours, the call."""
        s = ic.seat
        return {"seat": seat_msg(s), "partner": seat_msg(s.partner), "lho": seat_msg(s.lho),
                "rho": seat_msg(s.rho), "call": call_msg(ic.call),
                "source": seat_call_msg(s, ic.call)}

    def last_bid(self) -> Call | None:
        for e in reversed(self.entries):
            if e.call is not None and e.call.is_bid:
                return e.call
        return None

    def last_call_of(self, seat: Seat) -> IncidentCall | None:
        for m in reversed(self.meta):
            if m is not None and m.seat is seat:
                return m
        return None

    # -- changes ----------------------------------------------------------------------

    def append(self, ic: IncidentCall, insufficient: bool = False, void: bool = False) -> None:
        """Add a call to the legal auction, at its seat's turn, and settle what waited
        for that turn (a pass obligation for the next turn; a call out of rotation at
        this seat's turn, 31A/32A)."""
        self.entries.append(AuctionEntry(ic.call, insufficient=insufficient, void=void))
        self.meta.append(ic)
        current = self.queue[self.pos] if self.pos < len(self.queue) else None
        self.meta_index.append(current[0] if current is not None and current[1] is ic else -1)
        s = ic.seat
        if self.outstanding.get(s) == PassUntil.NEXT_TURN:
            del self.outstanding[s]
            self.fulfil(s, PassState.FULFILLED if ic.call.is_pass else PassState.SPENT)
        waiting = self.await_rho.pop(s, None)
        if waiting is not None:
            if ic.call.is_pass:
                self.must_repeat[waiting.offender] = waiting
                law = waiting.rule.law_repeat or ""
                problem = self.auction.check_next(waiting.withdrawn.call)
                last = self.last_bid()
                key = "coor.must_repeat.insufficient" if problem is not None \
                    and problem.law == "27" else "coor.must_repeat"
                self.clause(law, key, **self.facts(waiting.withdrawn), law=law_msg(law),
                            last=call_msg(last) if last is not None else "")
            else:
                self.pending[waiting.offender] = waiting
        revert_deprived_turn(self)

    def append_current(self, insufficient: bool = False, void: bool = False) -> IncidentCall:
        """Add the current call to the legal auction and move on."""
        _, ic = self.current()
        self.append(ic, insufficient, void)
        self.pos += 1
        return ic

    def skip_to(self, seat: Seat) -> list[Seat]:
        """Record the turns lost to an accepted call out of rotation (PBN ``^S``)."""
        skipped = []
        while self.auction.next_seat is not seat:
            skipped.append(self.auction.next_seat)
            self.entries.append(AuctionEntry(None, skipped=True))
            self.meta.append(None)
            self.meta_index.append(-1)
        return skipped

    def cancel(self, ic: IncidentCall) -> None:
        self.cancelled.append(SeatCall(ic.seat, ic.call))

    def ui(self, ic: IncidentCall, offender: Seat) -> None:
        """16C: the information from ``ic`` (withdrawn) is unauthorized to the offenders."""
        u = unauthorized_to_offenders(ic.seat, ic.call, offender)
        if u not in self.unauthorized:
            self.unauthorized.append(u)
            self.clause("16C", "law16.unauthorized", **u.facts())

    def drop_ui(self, ic: IncidentCall) -> None:
        """23B: after a comparable replacement, 16C2 does not apply."""
        self.unauthorized = [u for u in self.unauthorized
                             if not (u.seat is ic.seat and u.call is ic.call)]

    def impose(self, seat: Seat, until: PassUntil, law: str) -> None:
        """``seat`` must pass at his next turn or for the rest of the auction: one
        obligation a player in force, with every clause that imposes it (the longer
        duration wins)."""
        for i, ob in enumerate(self.obligations):
            if ob.seat is seat and ob.in_force:
                laws = ob.also if law in ob.laws else (*ob.also, law)
                longest = PassUntil.END_OF_AUCTION if PassUntil.END_OF_AUCTION in (
                    ob.until, until) else until
                self.obligations[i] = replace(ob, until=longest, also=laws)
                break
        else:
            self.obligations.append(PassObligation(seat, until, law))
        if self.outstanding.get(seat) != PassUntil.END_OF_AUCTION:
            self.outstanding[seat] = until

    def fulfil(self, seat: Seat, state: PassState = PassState.FULFILLED) -> None:
        """``seat``'s turn his obligation for the next turn was for has come: he passed
        (fulfilled), or made a call that stands (spent, Law 37A)."""
        for i, ob in enumerate(self.obligations):
            if ob.seat is seat and ob.until == PassUntil.NEXT_TURN and ob.in_force:
                self.obligations[i] = replace(ob, state=state)

    def lead(self, offender: Seat, law: str) -> None:
        """Law 26B may apply to ``offender`` (under clause ``law``)."""
        if all(o is not offender for o, _ in self.lead_offenders):
            self.lead_offenders.append((offender, law))
            self.clause("26B", "law26.may_apply", offender=seat_msg(offender),
                        partner=seat_msg(offender.partner))

    def adjust(self, law: str) -> None:
        if law not in self.adjustments:
            self.adjustments.append(law)

    def decide(self, seat: Seat | None, decide: DecisionKind, law: str,
               facts: Mapping[str, Any], data: Mapping[str, Any]) -> None:
        self.decisions.append(Decision(seat, decide, law, dict(facts), dict(data)))

    def index_of(self, ic: IncidentCall) -> int | None:
        """Where ``ic`` stands in the case's calls (None: a call the case does not hold,
        such as the intended call of an unintended one given as its fact, which answers
        on the unintended call's entry through the queue)."""
        for index, queued in self.queue:
            if queued is ic and index >= 0:
                return index
        for index, given in enumerate(self.incident.calls):
            if given is ic:
                return index
        return None

    def ref(self, ic: IncidentCall) -> dict[str, Any]:
        """A decision's reference to the call it is about: seat, call and its ``index``
        in the case's calls, so that an answer lands on this very call even when the
        same player makes the same call again later."""
        out: dict[str, Any] = SeatCall(ic.seat, ic.call).to_json()
        index = self.index_of(ic)
        if index is not None:
            out["index"] = index
        return out

    # -- decisions the case gives -------------------------------------------------------

    def take_accept(self, *calls: IncidentCall) -> bool | None:
        """The acceptance decision on the irregular call: on the call itself, else the
        case's ``accept`` (used once)."""
        for ic in calls:
            if ic.accept is not None:
                return ic.accept
        if self.incident.accept is not None and not self.accept_used:
            self.accept_used = True
            return self.incident.accept
        return None

    def judge(self, withdrawn: IncidentCall, replacement: IncidentCall) -> Comparability:
        """Law 23A on a replacement: the Director's judgement on the call, else the
        case's ``comparable`` (used once), else the meanings."""
        director = replacement.comparable
        if director is None and self.incident.comparable is not None \
                and not self.comparable_used:
            self.comparable_used = True
            director = self.incident.comparable
        return judge_comparable(withdrawn.meaning, replacement.meaning, director)

    def judgement_clause(self, j: Comparability, withdrawn: IncidentCall,
                         replacement: IncidentCall) -> None:
        purpose = (replacement.meaning.purpose if replacement.meaning else "") or ""
        self.clause(j.law, j.key, withdrawn=call_msg(withdrawn.call),
                    replacement=call_msg(replacement.call), purpose=purpose)

    def undecided(self, withdrawn: IncidentCall, replacement: IncidentCall) -> None:
        """No Law 23 judgement is possible from the case: the Director must decide; the
        calls after this one are not ruled on."""
        self.judgement_clause(Comparability(None), withdrawn, replacement)
        self.decide(None, DecisionKind.COMPARABLE, "23A",
                    {"withdrawn": seat_call_msg(withdrawn.seat, withdrawn.call),
                     "replacement": seat_call_msg(replacement.seat, replacement.call)},
                    {"withdrawn": self.ref(withdrawn), "replacement": self.ref(replacement)})
        self.halted = True
        later = len(self.queue) - self.pos
        if later:
            self.notes.append(Note("incident.note.unchecked", {"count": later}))

    # -- the end ------------------------------------------------------------------------

    def _final_auction(self) -> tuple[Auction | None, dict[int, frozenset[Suit] | None]]:
        shows: dict[int, frozenset[Suit] | None] = {
            i: m.shows for i, m in enumerate(self.meta) if m is not None}
        given = self.incident.final_auction
        legal = self.auction
        where = Location(path=self.incident.source)
        if given is None:
            return (legal if legal.is_complete else None), shows
        hint = " (the ruling still waits for a decision: enter it, e.g. accept)" \
            if self.decisions else ""
        for i, e in enumerate(self.entries):
            seat = legal.seat_of(i)
            if i >= len(given.entries):
                raise CaseFileError(f"final_auction: it stops before the auction after "
                                    f"rectification does (call {i + 1}, {seat.english}){hint}",
                                    where)
            f = given.entries[i].call
            if f is not e.call:
                raise CaseFileError(
                    f"final_auction: call {i + 1} ({seat.english}) is "
                    f"{f.pbn() if f else '^S'}, but after rectification the auction has "
                    f"{e.call.pbn() if e.call else '^S'} there{hint}", where)
        if not given.is_complete:
            raise CaseFileError("final_auction: the auction is not complete (it needs three "
                                "passes after the last call, or four passes)", where)
        for i, sh in self.incident.final_shows.items():
            shows.setdefault(i, sh)
        return given, shows

    def _declarer(self, final: Auction | None) -> tuple[Seat | None, bool]:
        """The declarer (None: not known) and whether the board was passed out; the
        case's ``declarer`` must agree with the final auction."""
        contract = final.contract() if final is not None else None
        passed_out = contract is not None and contract.is_passed_out
        declarer = contract.declarer if contract is not None and not passed_out else None
        given = self.incident.declarer
        if given is not None:
            if (declarer is not None and declarer is not given) or passed_out:
                raise CaseFileError(
                    f"declarer: the case says {given.english}, but the final auction makes "
                    f"{declarer.english if declarer else 'nobody'} declarer",
                    Location(path=self.incident.source))
            declarer = given
        recorded = self.incident.recorded_declarer
        if recorded is not None and contract is not None and declarer is not recorded:
            # the session's declarer is a default: the auction entered overrides it
            self.notes.append(Note("incident.note.recorded_passed_out" if passed_out
                                   else "incident.note.recorded_declarer",
                                   {"recorded": seat_msg(recorded),
                                    "declarer": seat_msg(declarer) if declarer else ""}))
        return declarer, passed_out

    def _lead_restrictions(self, final: Auction | None,
                           shows: Mapping[int, frozenset[Suit] | None]
                           ) -> tuple[LeadRestriction, ...]:
        declarer, passed_out = self._declarer(final)
        if not self.lead_offenders:
            return ()
        verdicts = lead_restrictions_26b(self.lead_offenders, final, shows, declarer,
                                         passed_out)
        if final is not None or declarer is not None:
            # what the final auction tells replaces the general "26B may apply"
            for (offender, _), verdict in zip(self.lead_offenders, verdicts):
                general = Clause("26B", "law26.may_apply", {"offender": seat_msg(offender),
                                                            "partner": seat_msg(offender.partner)})
                self.clauses[self.clauses.index(general)] = Clause("26B", verdict.key,
                                                                   verdict.facts)
        restrictions = [v.restriction for v in verdicts if v.restriction is not None]
        if declarer is not None:  # the defenders' first: those are the ones declarer uses
            restrictions.sort(key=lambda r: r.offender is not None
                              and r.offender.side is declarer.side)
        return tuple(restrictions)

    def ruling(self, lang: str) -> AuctionRuling:
        """The ruling on the walk so far (the walk is over)."""
        for p in self.await_rho.values():
            self.clause(p.rule.law, "coor.await_rho", **rule_facts(self, p))
        for p in self.pending.values():
            if p.rule.effect is CoorEffect.AWAIT_RHO:  # 30B1, 31B, 32B said what follows
                self.clause(p.rule.law_offender_call or "", "coor.offender_to_call",
                            **rule_facts(self, p))
        final, shows = self._final_auction()
        restrictions = self._lead_restrictions(final, shows)
        if self.incident.accept is not None and not self.accept_used:
            self.notes.append(Note("incident.note.unused_accept"))
        if self.incident.comparable is not None and not self.comparable_used:
            self.notes.append(Note("incident.note.unused_comparable"))
        legal = self.auction
        contract = legal.contract()
        if contract is not None and any(e.void for e in legal.entries):  # 36C
            self.notes.append(Note("law36.c.contract",
                                   {"contract": contract_msg(contract, declarer=True)}))
        if legal.is_complete:  # the auction is over: every obligation to pass is met
            self.obligations = [replace(ob, state=PassState.FULFILLED) if ob.in_force
                                else ob for ob in self.obligations]
        auction = tuple(SeatCall(seat, e.call) for seat, e in legal if e.call is not None)
        laws = list(dict.fromkeys(c.law for c in self.clauses))
        return AuctionRuling(
            clauses=tuple(self.clauses),
            key="incident.ruling" if laws else "incident.no_irregularity",
            params={"laws": laws_msg(laws)} if laws else {},
            status=RulingStatus.NEEDS_DECISION if self.decisions else RulingStatus.RULED,
            auction=auction,
            cancelled=tuple(self.cancelled),
            next=None if legal.is_complete else legal.next_seat,
            pass_obligations=tuple(self.obligations),
            lho_may_withdraw=tuple(self.lho_may_withdraw),
            unauthorized=tuple(self.unauthorized),
            lead_restriction=restrictions[0] if restrictions else None,
            lead_restrictions=restrictions,
            adjustment_possible=tuple(self.adjustments),
            decisions=tuple(self.decisions),
            notes=tuple(self.notes),
            lang=lang,
            regulation=self.regulation.name,
            legal_auction=legal,
        )


def rule_facts(walk: Walk, p: Pending) -> dict[str, Any]:
    """The message facts of a call out of rotation's rectification (Laws 30-32)."""
    r = p.rule
    return dict(walk.facts(p.withdrawn), law=law_msg(r.law),
                law_a=law_msg(r.law_comparable or ""),
                law_b=law_msg(r.law_not_comparable or ""),
                law_repeat=law_msg(r.law_repeat or ""))
