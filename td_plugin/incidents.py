"""Auction irregularities reported by the Director, and the engine that rules on them.

An `Incident` is what the Director enters at the table: the dealer, and the calls in
the order they happened (each with the Director's findings: unintended, what an
artificial call showed, its meaning), plus the decisions taken (LHO accepts or not; the
Director's Law 23 judgement) and, when known, the final auction.

The engine walks the calls, keeping the legal auction with the core `Auction` (whose
turn it is, sufficiency, admissible doubles), and infers each irregularity from the
sequence: a call marked unintended and the same player's next call (25A); the same
player calling again before his partner has called (a change of call, 25B); an
insufficient bid (27); a call by a seat whose turn it is not (28-32); an inadmissible
double (36); a call by a player obliged to pass (37); a call after the final pass (39).
The law modules under `td_plugin.laws` decide each clause; this module applies them and
returns an `AuctionRuling`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Mapping

from td_plugin.auction import Auction, AuctionEntry, Call
from td_plugin.auction_ruling import (AuctionRuling, Decision, DecisionKind, Note,
                                      PassObligation, PassUntil, RulingStatus, SeatCall)
from td_plugin.board import Vulnerability
from td_plugin.cards import Seat, Suit
from td_plugin.errors import CaseFileError, Location
from td_plugin.laws.call_names import (call_msg, join_msgs, law_msg, laws_msg, seat_call_msg,
                                       seat_msg, side_msg)
from td_plugin.laws.changes_of_call import change_of_call, unintended_correction
from td_plugin.laws.comparable import Comparability, Meaning, judge_comparable
from td_plugin.laws.inadmissible import after_final_pass, inadmissible_double, obligation_violated
from td_plugin.laws.information import Unauthorized, unauthorized_to_offenders
from td_plugin.laws.insufficient_bids import (CORRECTIONS, Correction, correction_for,
                                              corrects_27b1a, lowest_same_denomination)
from td_plugin.laws.lead_restrictions import LeadRestriction, lead_restriction_26b, specified_suits
from td_plugin.laws.out_of_rotation import CoorRule, Turn, offender_call, rectification, turn_of
from td_plugin.messages import LANGUAGES
from td_plugin.rulings import Clause, ReviewContext

__all__ = ["IncidentCall", "Incident", "Options", "Meaning", "AuctionRuling", "rule_incident"]


@dataclass(frozen=True)
class IncidentCall:
    """One call as it happened, with the Director's findings about it.

    ``unintended``: judged a mechanical error or slip of the tongue (25A); the intended
    call is the same player's next call. ``shows``: the suits an artificial call
    specified (None: natural). ``meaning``: what it showed, for Law 23. ``accept`` and
    ``comparable``: the decision on this very call, when the case has several.
    ``aware_from``: how the player noticed his unintended call (it does not matter, 25A3).
    ``withdraw``: on a call LHO made over an unintended call, his decision under 25A6 once
    the call was corrected (None: his next entry says it, or he has not decided).
    """

    seat: Seat
    call: Call
    unintended: bool = False
    shows: frozenset[Suit] | None = None
    meaning: Meaning | None = None
    accept: bool | None = None
    comparable: bool | None = None
    aware_from: str | None = None
    withdraw: bool | None = None

    @classmethod
    def of(cls, seat: Seat | str, call: Call | str, **findings: Any) -> "IncidentCall":
        """``IncidentCall.of("S", "1D", unintended=True)``."""
        if isinstance(seat, str):
            seat = Seat.from_pbn(seat)
        if isinstance(call, str):
            call = Call.from_pbn(call)
        if findings.get("shows") is not None:
            findings["shows"] = frozenset(Suit.from_pbn(s) if isinstance(s, str) else s
                                          for s in findings["shows"])
        return cls(seat, call, **findings)

    @property
    def specified(self) -> frozenset[Suit]:
        return specified_suits(self.call, self.shows)

    @property
    def artificial(self) -> bool:
        """It specified something else than its natural meaning, or is a pass with an
        agreed purpose."""
        if self.shows is not None and self.shows != specified_suits(self.call):
            return True
        return self.call.is_pass and self.meaning is not None and bool(self.meaning.purpose)


@dataclass(frozen=True)
class Options:
    """Readings of the Laws where authorities differ. ``lead_restriction_after_32``:
    whether Law 32A2(b) lets Law 26B apply (Polish and French translations: yes; Greek:
    no)."""

    lead_restriction_after_32: bool = True


@dataclass(frozen=True)
class Incident:
    """An auction irregularity as the Director enters it (see docs/cases.md)."""

    dealer: Seat
    calls: tuple[IncidentCall, ...]
    vulnerable: Vulnerability | None = None
    screens: bool = False
    accept: bool | None = None
    comparable: bool | None = None
    final_auction: Auction | None = None
    final_shows: Mapping[int, frozenset[Suit]] = field(default_factory=dict)
    declarer: Seat | None = None
    opening_lead_faced: bool = False
    options: Options = Options()
    board: int | None = None
    description: str | None = None
    source: str | None = None


def rule_incident(incident: Incident | Mapping[str, Any],
                  lang: str | ReviewContext = "en") -> AuctionRuling:
    """The ruling on ``incident`` (an `Incident`, or a case as a mapping). ``lang`` is a
    language code or a `ReviewContext` (whose language is used). Raises
    `CaseFileError` when the calls make no sense, naming the entry."""
    if isinstance(lang, ReviewContext):
        lang = lang.language
    if lang not in LANGUAGES:
        lang = "en"
    if not isinstance(incident, Incident):
        from td_plugin.casefile import load_case
        incident = load_case(incident)
        if not isinstance(incident, Incident):
            raise CaseFileError("not an auction case (kind: revoke): "
                                "td_plugin.laws.revokes.rule_revoke_case rules it")
    return _Engine(incident).run(lang)


# --- the engine -----------------------------------------------------------------------

@dataclass
class _Pending:
    """A cancelled call out of rotation: the offender's own call is still to be judged
    (or, under 31A/32A, first his RHO's)."""

    offender: Seat
    withdrawn: IncidentCall
    rule: CoorRule


@dataclass
class _PendingIB:
    """An insufficient bid not accepted: its replacement is still to come."""

    ib: IncidentCall
    over: Call | None
    b3: bool = False


_Q = tuple[int, IncidentCall]


class _Engine:
    """One walk over an incident's calls. ``queue`` holds the calls still to rule on (a
    handler may rewrite what follows: the intended call in place of the unintended one,
    the call that stands after a change); ``entries`` is the legal auction so far, with
    ``meta`` the case's findings for each of its calls. The rest is what the ruling
    reports, collected as the clauses are applied."""

    def __init__(self, incident: Incident) -> None:
        self.inc = incident
        self.queue: list[_Q] = list(enumerate(incident.calls))
        self.pos = 0
        self.entries: list[AuctionEntry] = []
        self.meta: list[IncidentCall | None] = []
        self.meta_index: list[int] = []  # each legal call's index in the case's calls
        self.outstanding: dict[Seat, PassUntil] = {}
        self.obligations: list[PassObligation] = []
        self.must_repeat: dict[Seat, _Pending] = {}
        self.await_rho: dict[Seat, _Pending] = {}
        self.pending: dict[Seat, _Pending] = {}
        self.pending_ib: dict[Seat, _PendingIB] = {}
        self.clauses: list[Clause] = []
        self.cancelled: list[SeatCall] = []
        self.unauthorized: list[Unauthorized] = []
        self.lho_may_withdraw: list[SeatCall] = []
        self.lead_offenders: list[Seat] = []
        self.adjustments: list[str] = []
        self.decisions: list[Decision] = []
        self.notes: list[Note] = []
        self.accept_used = False
        self.comparable_used = False
        self.halted = False

    # -- state ------------------------------------------------------------------------

    @property
    def auction(self) -> Auction:
        return Auction(self.inc.dealer, tuple(self.entries))

    def _current(self) -> _Q:
        return self.queue[self.pos]

    def _peek(self, ahead: int = 1) -> _Q | None:
        k = self.pos + ahead
        return self.queue[k] if k < len(self.queue) else None

    def _err(self, index: int, text: str) -> CaseFileError:
        return CaseFileError(f"calls[{index}]: {text}", Location(path=self.inc.source))

    def _clause(self, law: str, key: str, /, **facts: Any) -> None:
        self.clauses.append(Clause(law, key, facts))

    def _facts(self, ic: IncidentCall) -> dict[str, Any]:
        s = ic.seat
        return {"seat": seat_msg(s), "partner": seat_msg(s.partner), "lho": seat_msg(s.lho),
                "rho": seat_msg(s.rho), "call": call_msg(ic.call),
                "source": seat_call_msg(s, ic.call)}

    def _append(self, ic: IncidentCall, insufficient: bool = False) -> None:
        """Add a call to the legal auction, at its seat's turn."""
        self.entries.append(AuctionEntry(ic.call, insufficient=insufficient))
        self.meta.append(ic)
        current = self.queue[self.pos] if self.pos < len(self.queue) else None
        self.meta_index.append(current[0] if current is not None and current[1] is ic else -1)
        s = ic.seat
        if self.outstanding.get(s) == PassUntil.NEXT_TURN:
            del self.outstanding[s]
        waiting = self.await_rho.pop(s, None)
        if waiting is not None:
            if ic.call.is_pass:
                self.must_repeat[waiting.offender] = waiting
                law = waiting.rule.law_repeat or ""
                self._clause(law, "coor.must_repeat", **self._facts(waiting.withdrawn),
                             law=law_msg(law))
            else:
                self.pending[waiting.offender] = waiting

    def _skip_to(self, seat: Seat) -> list[Seat]:
        """Record the turns lost to an accepted call out of rotation (PBN ``^S``)."""
        skipped = []
        while self.auction.next_seat is not seat:
            skipped.append(self.auction.next_seat)
            self.entries.append(AuctionEntry(None, skipped=True))
            self.meta.append(None)
            self.meta_index.append(-1)
        return skipped

    def _cancel(self, ic: IncidentCall) -> None:
        self.cancelled.append(SeatCall(ic.seat, ic.call))

    def _ui(self, ic: IncidentCall, offender: Seat) -> None:
        """16C: the information from ``ic`` (withdrawn) is unauthorized to the offenders."""
        u = unauthorized_to_offenders(ic.seat, ic.call, offender)
        if u not in self.unauthorized:
            self.unauthorized.append(u)
            self._clause("16C", "law16.unauthorized", **u.facts())

    def _drop_ui(self, ic: IncidentCall) -> None:
        """23B: after a comparable replacement, 16C2 does not apply."""
        self.unauthorized = [u for u in self.unauthorized
                             if not (u.seat is ic.seat and u.call is ic.call)]

    def _impose(self, seat: Seat, until: PassUntil, law: str) -> None:
        self.obligations.append(PassObligation(seat, until, law))
        if self.outstanding.get(seat) != PassUntil.END_OF_AUCTION:
            self.outstanding[seat] = until

    def _lead(self, offender: Seat) -> None:
        """Law 26B may apply to ``offender``."""
        if offender not in self.lead_offenders:
            self.lead_offenders.append(offender)
            self._clause("26B", "law26.may_apply", offender=seat_msg(offender),
                         partner=seat_msg(offender.partner))

    def _adjust(self, law: str) -> None:
        if law not in self.adjustments:
            self.adjustments.append(law)

    def _decide(self, seat: Seat | None, decide: DecisionKind, law: str, facts: Mapping[str, Any],
                data: Mapping[str, Any]) -> None:
        self.decisions.append(Decision(seat, decide, law, dict(facts), dict(data)))

    def _take_accept(self, *calls: IncidentCall) -> bool | None:
        for ic in calls:
            if ic.accept is not None:
                return ic.accept
        if self.inc.accept is not None and not self.accept_used:
            self.accept_used = True
            return self.inc.accept
        return None

    def _judge(self, withdrawn: IncidentCall, replacement: IncidentCall) -> Comparability:
        director = replacement.comparable
        if director is None and self.inc.comparable is not None and not self.comparable_used:
            self.comparable_used = True
            director = self.inc.comparable
        return judge_comparable(withdrawn.meaning, replacement.meaning, director)

    def _judgement_clause(self, j: Comparability, withdrawn: IncidentCall,
                          replacement: IncidentCall) -> None:
        facts = {"withdrawn": call_msg(withdrawn.call), "replacement": call_msg(replacement.call),
                 "purpose": (replacement.meaning.purpose if replacement.meaning else "") or ""}
        self._clause("23A", j.key, **facts)

    def _undecided(self, withdrawn: IncidentCall, replacement: IncidentCall) -> None:
        """No Law 23 judgement is possible from the case: the Director must decide; the
        calls after this one are not ruled on."""
        self._judgement_clause(Comparability(None), withdrawn, replacement)
        self._decide(None, DecisionKind.COMPARABLE, "23A",
                     {"withdrawn": seat_call_msg(withdrawn.seat, withdrawn.call),
                      "replacement": seat_call_msg(replacement.seat, replacement.call)},
                     {"withdrawn": SeatCall(withdrawn.seat, withdrawn.call).to_json(),
                      "replacement": SeatCall(replacement.seat, replacement.call).to_json()})
        self.halted = True
        later = len(self.queue) - self.pos
        if later:
            self.notes.append(Note("incident.note.unchecked", {"count": later}))

    # -- the walk ---------------------------------------------------------------------

    def run(self, lang: str) -> AuctionRuling:
        while self.pos < len(self.queue) and not self.halted:
            self._step()
        return self._finish(lang)

    def _step(self) -> None:
        idx, ic = self._current()
        if self.auction.is_complete:
            self._after_final_pass()
            return
        if ic.unintended:
            self._unintended()
            return
        if self.pending_ib and ic.seat not in self.pending_ib:
            offender = next(iter(self.pending_ib))
            raise self._err(idx, f"{offender.english} must first replace his insufficient bid "
                                 f"(Law 27B) before {ic.seat.english} calls")
        turn = self.auction.next_seat
        if ic.seat is not turn:
            if self.outstanding.get(turn) and ic.seat is turn.lho:
                self._clause("28A", "law28.a", turn=seat_msg(turn),
                             source=seat_call_msg(ic.seat, ic.call))
                self._append(IncidentCall(turn, Call.PASS))  # type: ignore[attr-defined]
                return
            self._out_of_rotation()
            return
        self._in_rotation()

    def _in_rotation(self) -> None:
        idx, ic = self._current()
        s = ic.seat
        if s in self.pending_ib:
            self._correct_insufficient()
            return
        if s in self.must_repeat:
            self._repeat()
            return
        if self.outstanding.get(s) and not ic.call.is_pass:
            self._obligation_violated()
            return
        problem = self.auction.check_next(ic.call)
        if problem is not None:
            if problem.law == "27":
                self._insufficient()
            else:
                self._inadmissible(out_of_rotation=False)
            return
        j = self._change_target()
        if j is not None:
            self._change(j)
            return
        pending = self.pending.pop(s, None)
        self._append(ic)
        self.pos += 1
        if pending is not None:
            self._judge_offender_call(pending, ic)

    # -- Law 25 -------------------------------------------------------------------------

    def _unintended(self) -> None:
        idx, ic = self._current()
        s = ic.seat
        if ic.accept is not None:
            raise self._err(idx, "an unintended call is corrected, not accepted (Law 25A1): "
                                 "remove accept from it")
        j = next((k for k in range(self.pos + 1, len(self.queue))
                  if self.queue[k][1].seat is s), None)
        if j is None:
            raise self._err(idx, f"unintended: true, but {s.english}'s intended call (his next "
                                 f"entry in calls) is missing")
        jdx, intended = self.queue[j]
        between = self.queue[self.pos + 1:j]
        partner_called = any(b.seat is s.partner for _, b in between)
        strays = [(k, b) for k, b in between if b.seat not in (s.lho, s.partner)]
        if strays and not partner_called:
            k, b = strays[0]
            raise self._err(k, f"{b.seat.english} calls between {s.english}'s unintended call "
                               f"and its correction, before {s.partner.english} has called: the "
                               f"sequence makes no sense")
        in_turn = ic.seat is self.auction.next_seat
        ended = in_turn and Auction(self.inc.dealer, tuple(self.entries) + tuple(
            AuctionEntry(c.call) for c in [ic] + [b for _, b in between])).is_complete
        law = unintended_correction(partner_called, ended, self.inc.opening_lead_faced)
        facts = dict(self._facts(ic), intended=call_msg(intended.call))
        plain = replace(ic, unintended=False)
        if law == "25A4":
            self._clause("25A4", "law25.too_late_partner", **facts)
            self.queue[self.pos] = (idx, plain)
            return
        if law == "25A5":
            self._clause("25A5", "law25.too_late_lead", **facts)
            self._cancel(intended)
            del self.queue[j]
            self.queue[self.pos] = (idx, plain)
            return
        if ended:
            self._clause("25A5", "law25.auction_ended", **facts)
        self._clause("25A1", "law25.unintended", **facts)
        if ic.aware_from:
            self._clause("25A3", "law25.aware", **facts)
        if not in_turn or self.auction.check_next(ic.call) is not None:
            self._clause("25A1", "law25.not_acceptable", **facts)
        self._cancel(ic)
        rest = self.queue[j + 1:]
        kept: list[_Q] = []
        if between:
            lho = s.lho
            calls = join_msgs([seat_call_msg(lho, b.call) for _, b in between])
            lho_facts = dict(facts, calls=calls, lho_side=side_msg(lho.side), side=side_msg(s.side),
                             own_calls=join_msgs([call_msg(b.call) for _, b in between]))
            decided = next((b.withdraw for _, b in between if b.withdraw is not None), None)
            if not self._legal_after(intended, [b for _, b in between]):
                self._clause("25A6", "law25.lho_must_withdraw", **lho_facts)
                withdraw = True
            elif (rest and rest[0][1].seat is lho) or decided is True:
                self._clause("25A6", "law25.lho_withdrew", **lho_facts)
                withdraw = True
            elif rest or decided is False:
                self._clause("25A6", "law25.lho_kept", **lho_facts)
                withdraw = False
            else:
                self._clause("25A6", "law25.lho_may_withdraw", **lho_facts)
                self.lho_may_withdraw.extend(SeatCall(b.seat, b.call) for _, b in between)
                self._decide(lho, DecisionKind.WITHDRAW, "25A6",
                             {"seat": seat_msg(lho), "calls": calls},
                             {"calls": [SeatCall(b.seat, b.call).to_json() for _, b in between]})
                withdraw = False
            if withdraw:
                for _, b in between:
                    self._cancel(b)
                    self._ui(b, offender=s)
            else:
                kept = between
        self.queue[self.pos:] = [(jdx, intended)] + kept + rest

    def _legal_after(self, intended: IncidentCall, calls: list[IncidentCall]) -> bool:
        """Are LHO's calls over the unintended call still legal over the intended one?"""
        if intended.seat is not self.auction.next_seat or self.auction.check_next(intended.call):
            return True  # the intended call is itself irregular: its own law rules first
        entries = tuple(self.entries) + (AuctionEntry(intended.call),)
        for c in calls:
            a = Auction(self.inc.dealer, entries)
            if a.next_seat is not c.seat or a.check_next(c.call) is not None:
                return False
            entries += (AuctionEntry(c.call),)
        return True

    def _change_target(self) -> int | None:
        """The index of the same player's substituted call, when the current (legal) call
        is changed before his partner calls (25B); None otherwise."""
        _, ic = self._current()
        s = ic.seat
        between: list[IncidentCall] = []
        for k in range(self.pos + 1, len(self.queue)):
            e = self.queue[k][1]
            if e.seat is s:
                trial = Auction(self.inc.dealer, tuple(self.entries) + tuple(
                    AuctionEntry(c.call) for c in [ic] + between))
                return None if trial.is_complete else k
            if e.seat is not s.lho:
                return None
            between.append(e)
        return None

    def _change(self, j: int) -> None:
        idx, first = self._current()
        jdx, second = self.queue[j]
        s = first.seat
        between = self.queue[self.pos + 1:j]
        rest = self.queue[j + 1:]
        lho_after = bool(rest) and rest[0][1].seat is s.lho
        accepted = self._take_accept(second, first)
        if accepted is None and lho_after:
            accepted = True
        facts = dict(self._facts(first), first=call_msg(first.call), second=call_msg(second.call))
        law = change_of_call(accepted)
        if accepted:
            self._clause(law, "law25.change_accepted", **facts)
            self._cancel(first)
            self._ui(first, offender=s)
            if between:
                self._clause(law, "law25.lho_call_withdrawn", **facts, calls=join_msgs(
                    [seat_call_msg(b.seat, b.call) for _, b in between]))
                for _, b in between:
                    self._cancel(b)
                    self._ui(b, offender=s)
            self.queue[self.pos:] = [(jdx, second)] + rest
        else:
            key = ("law25.change_pending" if accepted is None else
                   "law25.change_not_noticed" if lho_after else "law25.change_not_accepted")
            self._clause(law, key, **facts)
            if accepted is None:
                self._decide(s.lho, DecisionKind.ACCEPT, "25B1",
                             {"seat": seat_msg(s.lho), "source": seat_call_msg(s, second.call)},
                             {"call": SeatCall(s, second.call).to_json()})
            self._cancel(second)
            self._ui(second, offender=s)
            self.queue[self.pos:] = [(idx, first)] + between + rest
        self._lead(s)

    # -- Law 27 -------------------------------------------------------------------------

    def _last_bid(self) -> Call | None:
        for e in reversed(self.entries):
            if e.call is not None and e.call.is_bid:
                return e.call
        return None

    def _insufficient(self) -> None:
        idx, ic = self._current()
        s = ic.seat
        nxt = self._peek()
        lho_called = nxt is not None and nxt[1].seat is s.lho
        replaced = nxt is not None and nxt[1].seat is s
        accepted = self._take_accept(ic)
        if accepted is None and lho_called:
            accepted = True
        if accepted is False and lho_called:
            raise self._err(nxt[0], f"{s.lho.english} called over the insufficient {ic.call}, "
                                    f"which accepts it (Law 27A1), but the case says accept: false")
        facts = self._facts(ic)
        if accepted:
            if replaced:
                self._clause("27C", "law27.premature_accepted", **facts,
                             replacement=call_msg(nxt[1].call))
                self._cancel(nxt[1])
                self._ui(nxt[1], offender=s)
                del self.queue[self.pos + 1]
            self._clause("27A1", "law27.accepted", **facts)
            self._append(ic, insufficient=True)
            self.pos += 1
            return
        if accepted is None:
            if replaced:
                self._clause("27C", "law27.premature", **facts, replacement=call_msg(nxt[1].call))
            else:
                self._clause("27A1", "law27.offer", **facts)
            self._decide(s.lho, DecisionKind.ACCEPT, "27A1",
                         {"seat": seat_msg(s.lho), "source": seat_call_msg(s, ic.call)},
                         {"call": SeatCall(s, ic.call).to_json()})
        over = self._last_bid()
        self._cancel(ic)
        self.pending_ib[s] = _PendingIB(ic, over)
        if not replaced:
            lowest = lowest_same_denomination(ic.call, ic.shows, over)
            if lowest is not None:
                self._clause("27B", "law27.must_correct_lowest", **facts, lowest=call_msg(lowest))
            else:
                self._clause("27B", "law27.must_correct", **facts)
            self._decide(s, DecisionKind.REPLACEMENT, "27B",
                         {"seat": seat_msg(s), "source": seat_call_msg(s, ic.call)},
                         {"call": SeatCall(s, ic.call).to_json(),
                          "lowest_same_denomination": lowest.pbn() if lowest else None})
        self.pos += 1

    def _correct_insufficient(self) -> None:
        idx, ic = self._current()
        s = ic.seat
        p = self.pending_ib[s]
        facts = dict(self._facts(p.ib), replacement=call_msg(ic.call))
        problem = self.auction.check_next(ic.call)
        if p.b3:
            if problem is not None:
                raise self._err(idx, f"{s.english} must replace his insufficient bid with a legal "
                                     f"call (Law 27B3): {problem.reason}")
            self._clause("27B3", "law27.after_b3", **facts)
            del self.pending_ib[s]
            self._append(ic)
            self.pos += 1
            return
        if not (ic.call.is_bid or ic.call.is_pass):
            j = self._judge(p.ib, ic)
            if j.comparable is None:
                self._undecided(p.ib, ic)
                return
            self._judgement_clause(j, p.ib, ic)
            ok = j.comparable and problem is None
            self._apply_correction(CORRECTIONS["27B1(b)" if ok else "27B3"], p, ic, facts)
            return
        if problem is not None:
            nxt = self._peek()
            accepted = ic.accept
            if accepted is None and nxt is not None and nxt[1].seat is s.lho:
                accepted = True
            if accepted:
                self._clause("27B4", "law27.b4_accepted", **facts)
                del self.pending_ib[s]
                self._append(ic, insufficient=True)
                self.pos += 1
                return
            if accepted is None and nxt is None:
                self._decide(s.lho, DecisionKind.ACCEPT, "27B4",
                             {"seat": seat_msg(s.lho), "source": seat_call_msg(s, ic.call)},
                             {"call": SeatCall(s, ic.call).to_json()})
            self._apply_correction(CORRECTIONS["27B4"], p, ic, facts)
            return
        j_change = self._change_target()
        if j_change is not None:
            self._change(j_change)
            return
        b1a = corrects_27b1a(p.ib.call, p.ib.shows, ic.call, ic.shows, p.over)
        comparable = None
        if not b1a:
            j = self._judge(p.ib, ic)
            if j.comparable is None:
                self._append(ic)
                self.pos += 1
                self._undecided(p.ib, ic)
                return
            self._judgement_clause(j, p.ib, ic)
            comparable = j.comparable
        correction = correction_for(ic.call, b1a, comparable)
        assert correction is not None
        self._apply_correction(correction, p, ic, facts)

    def _apply_correction(self, c: Correction, p: _PendingIB, ic: IncidentCall,
                          facts: Mapping[str, Any]) -> None:
        s = ic.seat
        self._clause(c.law, c.key, **facts)
        if c.law == "27B1(b)":
            self._clause("26A", "law26.comparable", offender=seat_msg(s))
        if c.partner_passes:
            self._impose(s.partner, PassUntil.END_OF_AUCTION, c.law)
        if c.unauthorized:
            self._ui(p.ib, offender=s)
        if c.replacement_cancelled:
            self._cancel(ic)
            self._ui(ic, offender=s)
            p.b3 = True
        else:
            del self.pending_ib[s]
            self._append(ic)
        self.pos += 1
        if c.lead_restriction:
            self._lead(s)
        self._adjust(c.adjustment)

    # -- Laws 28-32 ---------------------------------------------------------------------

    def _out_of_rotation(self) -> None:
        idx, ic = self._current()
        s = ic.seat
        turn_seat = self.auction.next_seat
        turn = turn_of(s, turn_seat)
        if turn is Turn.LHO and any(m is not None and m.seat is s for m in self.meta):
            # a later call at LHO's turn is a change of call (30B2, 31C, 32C): of the last
            # call of the legal auction, which is his; rule on the two calls together
            if self.meta and self.meta[-1] is not None and self.meta[-1].seat is s:
                first, first_idx = self.meta.pop(), self.meta_index.pop()
                self.entries.pop()
                self.queue.insert(self.pos, (first_idx, first))
                return
            raise self._err(idx, f"{s.english} calls again at {turn_seat.english}'s turn: a later "
                                 f"call at his LHO's turn is a change of call (Laws 30B2, 31C, "
                                 f"32C, 25), but his last call can no longer be changed here")
        nxt = self._peek()
        lho_called = nxt is not None and nxt[1].seat is s.lho
        accepted = self._take_accept(ic)
        facts = dict(self._facts(ic), turn=seat_msg(turn_seat))
        if not (ic.call.is_bid or ic.call.is_pass) and self._inadmissible_here(ic):
            if accepted:
                raise self._err(idx, "an inadmissible double or redouble can never be accepted "
                                     "(Laws 32, 36)")
            self._inadmissible(out_of_rotation=True)
            return
        if accepted is None and lho_called:
            accepted = True
        if accepted:
            if nxt is not None and not lho_called:
                raise self._err(nxt[0], f"accept: true, but this is {nxt[1].seat.english}'s call; "
                                        f"{s.lho.english} accepts by calling over it (Law 29A)")
            skipped = self._skip_to(s)
            problem = self.auction.check_next(ic.call)
            self._clause("29A", "law29.accepted", **facts,
                         skipped=join_msgs([seat_msg(x) for x in skipped]))
            self._append(ic, insufficient=problem is not None and problem.law == "27")
            self.pos += 1
            return
        if accepted is None and turn is Turn.RHO and nxt is not None and nxt[1].seat is turn_seat:
            self._clause("28B", "law28.b", **facts)
            self._cancel(ic)
            self._ui(ic, offender=s)
            self.pos += 1
            return
        if accepted is None and nxt is None:
            self._clause("29A", "law29.offer", **facts)
            self._decide(s.lho, DecisionKind.ACCEPT, "29A",
                         {"seat": seat_msg(s.lho), "source": seat_call_msg(s, ic.call)},
                         {"call": SeatCall(s, ic.call).to_json()})
        self._clause("29B", "law29.cancelled", **facts)
        self._cancel(ic)
        if ic.artificial:
            self._clause("29C", "law29.artificial", **facts)
        rule = rectification(ic.call, turn, ic.artificial, self._partner_artificial(s))
        p = _Pending(s, ic, rule)
        if rule.must_pass_next:
            self._clause(rule.law, rule.key, **facts)
            self._impose(s, PassUntil.NEXT_TURN, rule.law)
            self._adjust("72C")
        elif rule.await_rho:
            self.await_rho[turn_seat] = p
        else:
            self._clause(rule.law, rule.key, **self._rule_facts(p))
            self._ui(ic, offender=s)
            self.pending[s] = p
        self.pos += 1

    def _inadmissible_here(self, ic: IncidentCall) -> bool:
        """Would this double or redouble be inadmissible (Law 36) at its own seat?"""
        entries = list(self.entries)
        a = Auction(self.inc.dealer, tuple(entries))
        while a.next_seat is not ic.seat:
            entries.append(AuctionEntry(None, skipped=True))
            a = Auction(self.inc.dealer, tuple(entries))
        problem = a.check_next(ic.call)
        return problem is not None and problem.law == "36"

    def _partner_artificial(self, seat: Seat) -> bool:
        for m in reversed(self.meta):
            if m is not None and m.seat is seat.partner:
                return m.artificial
        return False

    def _rule_facts(self, p: _Pending) -> dict[str, Any]:
        r = p.rule
        return dict(self._facts(p.withdrawn), law=law_msg(r.law),
                    law_a=law_msg(r.law_comparable or ""),
                    law_b=law_msg(r.law_not_comparable or ""),
                    law_repeat=law_msg(r.law_repeat or ""))

    def _repeat(self) -> None:
        idx, ic = self._current()
        p = self.must_repeat.pop(ic.seat)
        if ic.call is not p.withdrawn.call:
            raise self._err(idx, f"{ic.seat.english} must repeat {p.withdrawn.call} here "
                                 f"(Law {p.rule.law_repeat}), not {ic.call}")
        self._append(ic)
        self.pos += 1

    def _judge_offender_call(self, p: _Pending, ic: IncidentCall) -> None:
        """30B1(b), 31A2, 32A2: the offender's call at his proper turn."""
        j = self._judge(p.withdrawn, ic)
        if j.comparable is None:
            self._undecided(p.withdrawn, ic)
            return
        self._judgement_clause(j, p.withdrawn, ic)
        s = p.offender
        ruling = offender_call(p.rule, j.comparable, self.inc.options.lead_restriction_after_32)
        facts = dict(self._facts(p.withdrawn), law=law_msg(ruling.law),
                     replacement=call_msg(ic.call), withdrawn=call_msg(p.withdrawn.call))
        self._clause(ruling.law, ruling.key, **facts)
        if j.comparable:
            self._clause("26A", "law26.comparable", offender=seat_msg(s))
            self._drop_ui(p.withdrawn)
        else:
            self._impose(s.partner, PassUntil.NEXT_TURN, ruling.law)
            self._ui(p.withdrawn, offender=s)
            if ruling.lead_restriction:
                self._lead(s)
            if p.rule.family == "32":
                self.notes.append(Note("incident.note.law32_26b" if ruling.lead_restriction
                                       else "incident.note.law32_no_26b"))
        self._adjust(ruling.adjustment)

    # -- Laws 36, 37, 39 ------------------------------------------------------------------

    def _inadmissible(self, out_of_rotation: bool) -> None:
        idx, ic = self._current()
        s = ic.seat
        if ic.accept:
            raise self._err(idx, "an inadmissible double or redouble can never be accepted "
                                 "(Law 36)")
        nxt = self._peek()
        lho_called = nxt is not None and nxt[1].seat is s.lho
        law = inadmissible_double(lho_called, out_of_rotation)
        facts = dict(self._facts(ic), turn=seat_msg(self.auction.next_seat))
        self._cancel(ic)
        if law == "36A":
            self._clause(law, "law36.a", **facts)
            self._ui(ic, offender=s)
            self._cancel(nxt[1])
            self._ui(nxt[1], offender=s)
            self.pos += 2
            return
        self._clause(law, "law36.b4" if out_of_rotation else "law36.b", **facts)
        self._ui(ic, offender=s)
        self._impose(s.partner, PassUntil.END_OF_AUCTION, law)
        self._lead(s)
        self._adjust("72C")
        self.pos += 1

    def _obligation_violated(self) -> None:
        idx, ic = self._current()
        s = ic.seat
        nxt = self._peek()
        law = obligation_violated(nxt is not None and nxt[1].seat is s.lho)
        facts = self._facts(ic)
        if law == "37A":
            problem = self.auction.check_next(ic.call)
            if problem is not None:
                raise self._err(idx, f"{ic.call} by {s.english} is not a legal call either: "
                                     f"{problem.reason}")
            key = "law37.a_still" if self.outstanding[s] == PassUntil.END_OF_AUCTION else "law37.a"
            self._clause(law, key, **facts)
            self._append(ic)
            self.pos += 1
            return
        self._clause(law, "law37.b", **facts)
        self._cancel(ic)
        self._ui(ic, offender=s)
        self._impose(s, PassUntil.END_OF_AUCTION, law)
        self._impose(s.partner, PassUntil.END_OF_AUCTION, law)
        self._lead(s)
        self._adjust("72C")
        self.pos += 1

    def _after_final_pass(self) -> None:
        idx, ic = self._current()
        s = ic.seat
        contract = self.auction.contract()
        passed_out = contract.is_passed_out
        declaring = not passed_out and contract.declarer is not None and \
            contract.declarer.side is s.side
        nxt = self._peek()
        lho_called = nxt is not None and nxt[1].seat is s.lho
        facts = self._facts(ic)
        self._clause("39A", "law39.a", **facts)
        self._cancel(ic)
        law = after_final_pass(ic.call, declaring, passed_out, lho_called)
        if law == "39C":
            self._clause(law, "law39.c", **facts)
            self._ui(ic, offender=s)
            self._lead(s)
        else:
            key = ("law39.b_passed_out" if passed_out else "law39.b_declaring" if declaring
                   else "law39.b_pass" if ic.call.is_pass else "law39.b_lho")
            self._clause(law, key, **facts)
        self.pos += 1

    # -- the end ------------------------------------------------------------------------

    def _final_auction(self) -> tuple[Auction | None, dict[int, frozenset[Suit] | None]]:
        shows: dict[int, frozenset[Suit] | None] = {
            i: m.shows for i, m in enumerate(self.meta) if m is not None}
        given = self.inc.final_auction
        legal = self.auction
        if given is None:
            return (legal if legal.is_complete else None), shows
        hint = " (the ruling still waits for a decision: enter it, e.g. accept)" \
            if self.decisions else ""
        for i, e in enumerate(self.entries):
            seat = legal.seat_of(i)
            if i >= len(given.entries):
                raise CaseFileError(f"final_auction: it stops before the auction after "
                                    f"rectification does (call {i + 1}, {seat.english}){hint}",
                                    Location(path=self.inc.source))
            f = given.entries[i].call
            if f is not e.call:
                raise CaseFileError(
                    f"final_auction: call {i + 1} ({seat.english}) is "
                    f"{f.pbn() if f else '^S'}, but after rectification the auction has "
                    f"{e.call.pbn() if e.call else '^S'} there{hint}",
                    Location(path=self.inc.source))
        if not given.is_complete:
            raise CaseFileError("final_auction: the auction is not complete (it needs three "
                                "passes after the last call, or four passes)",
                                Location(path=self.inc.source))
        for i, sh in self.inc.final_shows.items():
            shows.setdefault(i, sh)
        return given, shows

    def _lead_restriction(self, final: Auction | None,
                          shows: Mapping[int, frozenset[Suit] | None]) -> LeadRestriction | None:
        contract = final.contract() if final is not None else None
        passed_out = contract is not None and contract.is_passed_out
        declarer = contract.declarer if contract is not None and not passed_out else None
        if self.inc.declarer is not None:
            if (declarer is not None and declarer is not self.inc.declarer) or passed_out:
                raise CaseFileError(
                    f"declarer: the case says {self.inc.declarer.english}, but the final auction "
                    f"makes {declarer.english if declarer else 'nobody'} declarer",
                    Location(path=self.inc.source))
            declarer = self.inc.declarer
        if not self.lead_offenders:
            return None
        chosen = self.lead_offenders[0]
        if declarer is not None:
            defending = [o for o in self.lead_offenders if o.side is not declarer.side]
            chosen = defending[0] if defending else chosen
        calls = None
        if final is not None:
            calls = [(e.call, shows.get(i)) for i, (seat, e) in enumerate(final)
                     if seat is chosen and e.call is not None]
        verdict = lead_restriction_26b(chosen, calls, declarer, passed_out)
        if final is not None or declarer is not None:
            # what the final auction tells replaces the general "26B may apply"
            general = Clause("26B", "law26.may_apply", {"offender": seat_msg(chosen),
                                                        "partner": seat_msg(chosen.partner)})
            self.clauses[self.clauses.index(general)] = Clause("26B", verdict.key, verdict.facts)
        return verdict.restriction

    def _finish(self, lang: str) -> AuctionRuling:
        for p in self.await_rho.values():
            self._clause(p.rule.law, "coor.await_rho", **self._rule_facts(p))
        for p in self.pending.values():
            if p.rule.await_rho:  # 30B1, 31B and 32B said what follows when applied
                self._clause(p.rule.law_offender_call or "", "coor.offender_to_call",
                             **self._rule_facts(p))
        final, shows = self._final_auction()
        restriction = self._lead_restriction(final, shows)
        if self.inc.accept is not None and not self.accept_used:
            self.notes.append(Note("incident.note.unused_accept"))
        if self.inc.comparable is not None and not self.comparable_used:
            self.notes.append(Note("incident.note.unused_comparable"))
        legal = self.auction
        auction = tuple(SeatCall(seat, e.call) for seat, e in legal if e.call is not None)
        laws = list(dict.fromkeys(c.law for c in self.clauses))
        key = "incident.ruling" if laws else "incident.no_irregularity"
        return AuctionRuling(
            clauses=tuple(self.clauses),
            key=key,
            params={"laws": laws_msg(laws)} if laws else {},
            status=RulingStatus.NEEDS_DECISION if self.decisions else RulingStatus.RULED,
            auction=auction,
            cancelled=tuple(self.cancelled),
            next=None if legal.is_complete else legal.next_seat,
            pass_obligations=tuple(self.obligations),
            lho_may_withdraw=tuple(self.lho_may_withdraw),
            unauthorized=tuple(self.unauthorized),
            lead_restriction=restriction,
            adjustment_possible=tuple(self.adjustments),
            decisions=tuple(self.decisions),
            notes=tuple(self.notes),
            lang=lang,
        )
