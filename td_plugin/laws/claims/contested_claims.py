"""A claim or concession: Laws 68-71 of the Laws of Duplicate Bridge 2017.

- 68A: a statement that a side will win a number of tricks is a claim of them; 68B1: a
  statement that it will lose some is a concession, and a claim of some tricks concedes
  the rest; 68B2: a defender's concession his partner objects to at once is neither a
  concession nor a claim (play continues); 68C: the claimer states his line; 68D: play
  is suspended: agreed, Law 69 applies (68D1); doubted, Law 70 (68D2).
- 69A: agreement is established when the side assents and raises no objection before it
  calls on a later board or the round ends: the board is scored as claimed; 69B: within
  the correction period (79C) the agreement may be withdrawn for a trick the agreeing
  side would likely have won had play continued (69B2).
- 70: the contested claim. 70A: as equitably as possible, every doubtful point against
  the claimer; 70B: the statement repeated, the objections heard; 70C: an outstanding
  trump the claimer did not mention, when he was at all likely unaware of it, wins the
  opponents any trick it could win by normal play; 70D1: no successful line the
  statement does not embrace when a normal line would be less successful; 70E1: no
  unstated finesse.
- 71: within the correction period the Director cancels the concession of a trick the
  side had won (71A) or could not lose by any normal play of the remaining cards (71B).

"Normal" includes play careless or inferior for the class of player involved (the
footnote to 70 and 71). The engine's normal lines are `td_plugin.laws.claims.normal_lines`
(what is modelled is said there); the Director may rule any of them not normal
(``not_normal``). The 2017 English of 68, 70 and 71 was read (pzbs.pl, hellasbridge);
69B is read as 69B1/69B2 of the WBF text (hellasbridge). How "likely" (69B2) is judged is
the Director's: the engine gives back, as certain, the tricks the agreeing side wins on
every normal line of the claimer, and lists the lines on which it wins more.

The case (kind ``claim``) is `ClaimCase`, ruled by `rule_claim`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from td_plugin.errors import FactError, InvalidTokenError, QuestionError
from td_plugin.laws.claims.normal_lines import (
    Layout,
    LineResult,
    StatedLine,
    cached_solver,
    double_dummy,
    normal_lines,
)
from td_plugin.laws.facts import Choice, FactField, question_flow, yes_no
from td_plugin.laws.play.ruling import ContractCase, PlayRuling, RulingBuilder, case_notes
from td_plugin.laws.revokes.double_dummy import DDS_HINT, HAVE_DDS, DoubleDummyUnavailable
from td_plugin.messages import Msg, seat_name
from td_plugin.model.board import Vulnerability
from td_plugin.model.cards import SEATS, Card, Seat, Suit
from td_plugin.model.deal import Hand
from td_plugin.model.names import join_msgs
from td_plugin.model.outcomes import AssignedResult
from td_plugin.model.scoring import score_ns

__all__ = ["ClaimCase", "CONTESTS", "rule_claim", "parse_line", "parse_remaining", "FIELDS",
           "START", "flow", "answer", "question_by_id", "rule", "build_case"]

CASE_KIND = "claim"

#: When the claim was doubted: not at all, during the play (at once, 68D2), after the play
#: before agreement was established (69A), within the correction period after it (69B,
#: 71), or after the correction period.
CONTESTS = ("no", "during_play", "after_play", "correction_period", "too_late")


@dataclass(frozen=True)
class ClaimCase(ContractCase):
    """A claim or concession by ``claimer`` before trick ``trick``, ``leader`` on lead,
    the four hands holding ``remaining``; ``declarer_tricks`` of the tricks played were
    won by declarer's side; ``tricks_claimed`` of the rest claimed for the claimer's
    side (the others conceded)."""

    vulnerable: Vulnerability
    trick: int
    leader: Seat
    remaining: Mapping[Seat, Hand]
    declarer_tricks: int
    claimer: Seat
    tricks_claimed: int
    statement: str
    contested: str
    conceded: bool = False
    partner_objected: bool | None = None
    line: StatedLine | None = None
    trump_unaware: bool | None = None
    not_normal: tuple[str, ...] = ()

    @property
    def rest(self) -> int:
        return 14 - self.trick

    @property
    def trump(self) -> Suit | None:
        strain = self.contract.strain
        return None if strain is None or strain.value == "NT" else Suit(strain.value)

    @property
    def layout(self) -> Layout:
        return Layout(self.remaining, self.leader, self.trump, self.claimer)


# -- reading the facts -------------------------------------------------------------------------

def parse_remaining(text: str, cards: int | None = None) -> dict[Seat, Hand]:
    """The four hands' remaining cards from PBN deal notation (``N:.32.. ..54. .AK..
    ...32``), checked: four hands, no card twice, ``cards`` each when given.

    :raises ValueError: with what is wrong.
    """
    text = " ".join(str(text).split())
    if len(text) < 2 or text[1] != ":" or text[0].upper() not in "NESW":
        raise ValueError(f"{text!r}: give the hands as 'N:S.H.D.C E... S... W...'")
    parts = text[2:].split()
    if len(parts) != 4:
        raise ValueError(f"{text!r}: four hands, not {len(parts)}")
    hands: dict[Seat, Hand] = {}
    try:
        for seat, part in zip(Seat(text[0].upper()).clockwise(), parts):
            hands[seat] = Hand.from_pbn(part)
    except InvalidTokenError as exc:
        raise ValueError(str(exc)) from None
    seen = 0
    for seat in SEATS:
        if seen & hands[seat].mask:
            raise ValueError(f"{seat.english} holds a card another hand holds")
        seen |= hands[seat].mask
    sizes = {len(h) for h in hands.values()}
    if len(sizes) != 1:
        raise ValueError("the hands hold different numbers of cards")
    if cards is not None and sizes != {cards}:
        raise ValueError(f"each hand holds {sizes.pop()} cards, not the {cards} left "
                         f"before this trick")
    return hands


_STEP = re.compile(r"^\s*(cash|draw|finesse|ruff|keep)\s+(\S+)\s*$", re.I)


def parse_line(steps: list[str], trump: Suit | None) -> StatedLine:
    """The line stated, from the Director's steps: ``cash S`` (a suit to play, in order),
    ``draw trumps``, ``ruff H`` (a suit led to be ruffed: in the order too),
    ``finesse SQ`` (the card finessed with), ``keep DA`` (a card not to discard).

    :raises ValueError: a step that is none of these.
    """
    order: list[Suit] = []
    finesses: set[Card] = set()
    keep: set[Card] = set()
    mentioned = False
    for i, step in enumerate(steps):
        m = _STEP.match(str(step))
        if not m:
            raise ValueError(f"[{i}] {step!r}: a step is 'cash S', 'draw trumps', 'ruff H', "
                             f"'finesse SQ' or 'keep DA'")
        verb, what = m[1].lower(), m[2].upper()
        try:
            if verb == "draw":
                if what != "TRUMPS" or trump is None:
                    raise ValueError("'draw trumps' in a trump contract")
                suit = trump
            elif verb in ("cash", "ruff"):
                suit = Suit(what)
            else:
                card = Card.from_pbn(what)
                (finesses if verb == "finesse" else keep).add(card)
                mentioned |= card.suit is trump
                continue
        except (ValueError, InvalidTokenError) as exc:
            raise ValueError(f"[{i}] {step!r}: {exc}") from None
        mentioned |= suit is trump
        if suit not in order:
            order.append(suit)
    return StatedLine(tuple(order), frozenset(finesses), frozenset(keep), mentioned)


def _plain(case: Mapping[str, Any], key: str) -> Any:
    value = case.get(key)
    return getattr(value, "value", value) if isinstance(value, (Seat, Suit)) else value


def _trump_of(case: Mapping[str, Any]) -> Suit | None:
    contract = str(case.get("contract") or "")
    m = re.match(r"^[1-7](NT|N|[SHDC])", contract.upper())
    if not m or m[1] in ("NT", "N"):
        return None
    return Suit(m[1])


def _trump_question(case: Mapping[str, Any]) -> bool:
    """70C applies to the case: an opponent of the claimer holds a trump, and the line
    stated (if any) does not mention trumps."""
    trump, claimer = _trump_of(case), _plain(case, "claimer")
    if trump is None or claimer not in ("N", "E", "S", "W") or case.get("remaining") is None:
        return False
    try:
        hands = parse_remaining(case["remaining"])
        line = parse_line(list(case.get("line") or []), trump)
    except ValueError:
        return False
    side = Seat(claimer).side
    return not line.trumps_mentioned and any(
        hands[s].has_suit(trump) for s in SEATS if s.side is not side)


def _defender_concedes(case: Mapping[str, Any]) -> bool:
    declarer, claimer = _plain(case, "declarer"), _plain(case, "claimer")
    return case.get("conceded") is True and declarer in "NESW" and claimer in "NESW" \
        and Seat(claimer).side is not Seat(declarer).side


def _contest_choices() -> tuple[Choice, ...]:
    leads = {"no": "69A", "during_play": "70", "after_play": "70", "correction_period": "69B",
             "too_late": "69A"}
    return tuple(Choice(c, Msg(f"claim.contested.{c}"),
                        (leads[c], Msg(f"claim.leads.{leads[c]}"))) for c in CONTESTS)


def _rest(case: Mapping[str, Any]) -> Mapping[str, Any]:
    return {"n": 14 - int(case["trick"]), "claimer": seat_name(Seat(_plain(case, "claimer")))}


FIELDS: tuple[FactField, ...] = (
    FactField("declarer", "seat", "claim.q.declarer", "68"),
    FactField("contract", "contract", "claim.q.contract", "68"),
    FactField("vulnerable", "choice", "claim.q.vulnerable", "70",
              choices=tuple(Choice(v, Msg(f"revoke.q.vul.{v}"))
                            for v in ("None", "NS", "EW", "All"))),
    FactField("trick", "count", "claim.q.trick", "68"),
    FactField("leader", "seat", "claim.q.leader", "68", params=lambda c: {"trick": c["trick"]}),
    FactField("remaining", "hands", "claim.q.remaining", "70B",
              params=lambda c: {"n": 14 - int(c["trick"])}),
    FactField("declarer_tricks", "count", "claim.q.declarer_tricks", "69A", low=0, high=12,
              when=lambda c: c.get("trick") != 1, only="after the first trick",
              params=lambda c: {"played": int(c["trick"]) - 1}),
    FactField("claimer", "seat", "claim.q.claimer", "68"),
    FactField("conceded", "bool", "claim.q.conceded", "68B1",
              params=lambda c: {"claimer": seat_name(Seat(_plain(c, "claimer")))},
              choices=yes_no(("68B1", Msg("claim.leads.68B1")), ("68A", Msg("claim.leads.68A")))),
    FactField("partner_objected", "bool", "claim.q.partner_objected", "68B2",
              when=_defender_concedes, only="when a defender conceded",
              params=lambda c: {"claimer": seat_name(Seat(_plain(c, "claimer")))},
              choices=yes_no(("68B2", Msg("claim.leads.68B2")), ("68B1", Msg("claim.leads.68B1")))),
    FactField("tricks_claimed", "count", "claim.q.tricks_claimed", "68A", low=0,
              when=lambda c: c.get("partner_objected") is not True,
              only="when a claim or concession was made", params=_rest),
    FactField("statement", "text", "claim.q.statement", "68C", required=False,
              when=lambda c: c.get("partner_objected") is not True,
              only="when a claim or concession was made",
              params=lambda c: {"claimer": seat_name(Seat(_plain(c, "claimer")))}),
    FactField("contested", "choice", "claim.q.contested", "68D", choices=_contest_choices(),
              when=lambda c: c.get("partner_objected") is not True,
              only="when a claim or concession was made"),
    FactField("line", "steps", "claim.q.line", "68C", required=False, ask=False,
              when=lambda c: c.get("partner_objected") is not True,
              only="when a claim or concession was made"),
    FactField("trump_unaware", "bool", "claim.q.trump_unaware", "70C",
              when=lambda c: c.get("partner_objected") is not True and _trump_question(c),
              only="when an opponent holds a trump the line does not mention (Law 70C)",
              params=lambda c: {"claimer": seat_name(Seat(_plain(c, "claimer")))},
              choices=yes_no(("70C", Msg("claim.leads.70C")), ("70D", Msg("claim.leads.70D")))),
    FactField("not_normal", "steps", "claim.q.not_normal", "70", required=False, ask=False,
              when=lambda c: c.get("partner_objected") is not True,
              only="when a claim or concession was made"),
)
#: What a session file can give before the first question.
START = ("contract", "declarer", "vulnerable")
flow, _answer, question_by_id = question_flow(FIELDS)


def answer(case: Mapping[str, Any], question: Any, text: str) -> dict[str, Any]:
    """The case with ``question`` answered (`td_plugin.laws.facts`), refused with
    `QuestionError` when the answer does not fit the facts already given; a later answer
    that no longer fits a changed one (the hands after another trick) is dropped, to be
    asked again."""
    new: dict[str, Any] = _answer(case, question, text)
    for _ in range(len(FIELDS)):
        problem = _problem(new)
        if problem is None:
            return new
        if problem[0] == question.id or problem[0] not in new:
            raise QuestionError(problem[1])
        del new[problem[0]]  # an earlier answer changed: this one is asked again
    return new


def _problem(case: Mapping[str, Any]) -> tuple[str, str] | None:
    """The first fact that does not fit the others (the key and why), as far as given."""
    trick = case.get("trick")
    rest = None if trick is None else 14 - int(trick)
    if case.get("remaining") is not None:
        try:
            hands = parse_remaining(case["remaining"], rest)
        except ValueError as exc:
            return "remaining", str(exc)
        leader = _plain(case, "leader")
        if leader in ("N", "E", "S", "W") and not hands[Seat(leader)]:
            return "remaining", "no cards left"
    won = case.get("declarer_tricks")
    if won is not None and trick is not None and int(won) > int(trick) - 1:
        return "declarer_tricks", f"{won}, but only {int(trick) - 1} tricks were played"
    claimed = case.get("tricks_claimed")
    if claimed is not None and rest is not None and int(claimed) > rest:
        return "tricks_claimed", f"{claimed}, but only {rest} tricks remain"
    if case.get("line") is not None:
        try:
            parse_line(list(case["line"]), _trump_of(case))
        except ValueError as exc:
            return "line", str(exc)
    return None


def build_case(values: Mapping[str, Any]) -> ClaimCase:
    """The case from its facts as read (`td_plugin.cases.play`)."""
    plain = {k: (v.pbn() if k == "contract" else v) for k, v in values.items()}
    problem = _problem(plain)
    if problem is not None:
        raise FactError(*problem)
    trick = values["trick"]
    line = None if values.get("line") is None else \
        parse_line(list(values["line"]), _trump_of(plain))
    try:
        vulnerable = Vulnerability.from_pbn(values["vulnerable"])
    except InvalidTokenError:
        raise FactError("vulnerable", f"unknown vulnerability {values['vulnerable']!r}") from None
    objected = values.get("partner_objected") is True
    return ClaimCase(values["contract"], vulnerable, trick, values["leader"],
                     parse_remaining(values["remaining"], 14 - trick),
                     values.get("declarer_tricks", 0) if trick != 1 else 0,
                     values["claimer"], 0 if objected else values["tricks_claimed"],
                     "" if objected else str(values.get("statement") or ""),
                     "no" if objected else values["contested"],
                     conceded=bool(values.get("conceded")),
                     partner_objected=values.get("partner_objected"), line=line,
                     trump_unaware=values.get("trump_unaware"),
                     not_normal=tuple(str(x) for x in values.get("not_normal") or ()),
                     **case_notes(values))


# -- the ruling --------------------------------------------------------------------------------

@dataclass(frozen=True)
class _Evidence:
    """The double-dummy tricks of the claimer's side and its normal lines, played out;
    ``excluded``: the lines the Director ruled not normal."""

    dd: int
    lines: list[LineResult]
    excluded: tuple[str, ...]

    @property
    def normal(self) -> list[LineResult]:
        kept = [r for r in self.lines if r.line.id not in self.excluded]
        return kept or self.lines

    @property
    def worst(self) -> LineResult:
        return min(self.normal, key=lambda r: r.tricks)

    @property
    def best(self) -> LineResult:
        return max(self.normal, key=lambda r: r.tricks)

    def finesse_matters(self) -> bool:
        by = {(r.line.order, r.line.overtake, r.line.finesse): r.tricks for r in self.normal}
        return any(by.get((o, v, not f), t) != t for (o, v, f), t in by.items())


def _evidence(case: ClaimCase) -> _Evidence | None:
    if not HAVE_DDS:
        return None
    unaware = case.trump_unaware is True
    stated = case.line or StatedLine()
    solver = cached_solver()
    try:
        return _Evidence(double_dummy(case.layout, solver),
                         normal_lines(case.layout, stated, unaware, solver), case.not_normal)
    except DoubleDummyUnavailable:
        return None


def _line_msg(r: LineResult) -> Msg:
    order = join_msgs([Msg(f"suitname.{s.value}") for s in r.line.order], "and")
    play = " | ".join(" ".join(str(c) for c in t) for t in r.play)
    return Msg("claim.line", {"order": order, "id": r.line.id, "play": play,
                              "win": Msg("claim.line.overtake" if r.line.overtake
                                         else "claim.line.low"),
                              "finesse": Msg("claim.line.finesse" if r.line.finesse
                                             else "claim.line.rise")})


def rule_claim(case: ClaimCase, lang: str = "en") -> PlayRuling:
    """The ruling on ``case``."""
    b = RulingBuilder(CASE_KIND, case.board, lang)
    rest, claimed = case.rest, case.tricks_claimed
    params: dict[str, Any] = {"claimer": seat_name(case.claimer), "claimed": claimed,
                              "rest": rest, "conceded": rest - claimed,
                              "side": Msg(f"side.{case.claimer.side.value}")}
    facts: dict[str, Any] = {"claimer": case.claimer.value, "trick": case.trick,
                             "tricks_claimed": claimed, "contested": case.contested}
    if case.partner_objected:
        b.clause("68B2", "claim.68B2", facts, params)
        return b.build(case.declarer, facts={**facts, "double_dummy": None, "awarded": None})
    b.clause("68B1" if case.conceded else "68A",
             "claim.68B1" if case.conceded else "claim.68A" if claimed < rest
             else "claim.68A.all", facts, params)
    if case.statement.strip():
        b.clause("68C", "claim.68C", facts, {**params, "statement": case.statement.strip()})
    else:
        b.clause("68C", "claim.68C.none", facts, params)
    ev = _evidence(case)
    awarded: int | None = claimed
    held: LineResult | None = None
    if case.contested in ("no", "too_late"):
        b.clause("68D1", "claim.68D1", facts, params)
        b.clause("69A", "claim.69A" if case.contested == "no" else "claim.69A.late", facts, params)
        if ev is not None and case.contested == "no":
            _notes_if_raised(b, ev, claimed, params)
    elif case.contested == "correction_period":
        b.clause("69A", "claim.69A", facts, params)
        awarded, held = _withdrawn(b, case, ev, facts, params)
    else:
        b.clause("68D2", "claim.68D2", facts, params)
        b.clause("70A", "claim.70A", facts, params)
        awarded, held = _contested(b, case, ev, facts, params)
    return _finish(b, case, ev, awarded, held, facts, params)


def _notes_if_raised(b: RulingBuilder, ev: _Evidence, claimed: int,
                     params: Mapping[str, Any]) -> None:
    if ev.worst.tricks > claimed:
        b.notes.append(Msg("claim.note.71B", {**params, "worst": ev.worst.tricks}))
    if ev.best.tricks < claimed:
        b.notes.append(Msg("claim.note.69B", {**params, "best": ev.best.tricks}))


def _withdrawn(b: RulingBuilder, case: ClaimCase, ev: _Evidence | None,
               facts: Mapping[str, Any], params: Mapping[str, Any]
               ) -> tuple[int | None, LineResult | None]:
    """Raised within the correction period: the agreement withdrawn for the tricks the
    other side wins on every normal line (69B2), the concession cancelled for the tricks
    the claimer's side wins on every normal line (71B)."""
    claimed = case.tricks_claimed
    if ev is None:
        b.clause("69B", "claim.no_solver", facts, {**params, "how": DDS_HINT})
        return None, None
    if ev.best.tricks < claimed:
        b.clause("69B2", "claim.69B2", facts, {**params, "tricks": claimed - ev.best.tricks,
                                               "best": ev.best.tricks})
        if ev.worst.tricks < ev.best.tricks:
            b.notes.append(Msg("claim.note.likely", {**params, "worst": ev.worst.tricks,
                                                     "best": ev.best.tricks}))
        return ev.best.tricks, ev.best
    if ev.worst.tricks > claimed:
        b.clause("71B", "claim.71B", facts, {**params, "tricks": ev.worst.tricks - claimed})
        return ev.worst.tricks, ev.worst
    b.clause("69B", "claim.69B.stands", facts, {**params, "worst": ev.worst.tricks,
                                                 "best": ev.best.tricks})
    return claimed, None


def _contested(b: RulingBuilder, case: ClaimCase, ev: _Evidence | None,
               facts: Mapping[str, Any], params: Mapping[str, Any]
               ) -> tuple[int | None, LineResult | None]:
    """70: the claimer held to the worst of his normal lines; 71B when even that line
    wins more than he claimed."""
    claimed = case.tricks_claimed
    if case.trump_unaware is not None:
        b.clause("70C", "claim.70C" if case.trump_unaware else "claim.70C.aware", facts, params)
    if case.line is None or not case.line.order:
        b.clause("70D1", "claim.70D1", facts, params)
    if ev is None:
        b.clause("70A", "claim.no_solver", facts, {**params, "how": DDS_HINT})
        return None, None
    if case.not_normal:
        b.clause("70A", "claim.not_normal", facts, {**params, "ids": ", ".join(case.not_normal)})
    if ev.finesse_matters() and not (case.line and case.line.finesses):
        b.clause("70E1", "claim.70E1", facts, params)
    worst = ev.worst
    if worst.tricks > claimed:
        b.clause("71B", "claim.71B", facts, {**params, "tricks": worst.tricks - claimed})
        return worst.tricks, worst
    return min(claimed, worst.tricks), worst


def _finish(b: RulingBuilder, case: ClaimCase, ev: _Evidence | None, awarded: int | None,
            held: LineResult | None, facts: dict[str, Any], params: dict[str, Any]
            ) -> PlayRuling:
    out: dict[str, Any] = {**facts, "double_dummy": None if ev is None else ev.dd,
                           "awarded": awarded, "line_held": None, "lines": []}
    if ev is not None:
        groups: dict[tuple[int, tuple[tuple[Card, ...], ...]], list[str]] = {}
        for r in ev.lines:
            groups.setdefault((r.tricks, r.play), []).append(r.line.id)
        out["lines"] = [{"ids": ids, "tricks": t, "normal": any(i not in case.not_normal
                                                                for i in ids),
                         "play": [[c.pbn() for c in tr] for tr in play]}
                        for (t, play), ids in groups.items()]
        b.notes.append(Msg("claim.dd", {**params, "dd": ev.dd}))
        b.notes.append(Msg("claim.lines", {**params, "count": len(ev.lines),
                                           "outcomes": len(groups), "worst": ev.worst.tricks,
                                           "best": ev.best.tricks}))
    if held is not None:
        out["line_held"] = {"id": held.line.id, "tricks": held.tricks,
                            "play": [[c.pbn() for c in t] for t in held.play]}
        b.notes.append(Msg("claim.held", {"line": _line_msg(held)}))
    if awarded is None:
        out["result"] = None
        return b.build(case.declarer, facts=out)
    ours = case.claimer.side is case.declarer.side
    tricks = case.declarer_tricks + (awarded if ours else case.rest - awarded)
    score = score_ns(case.contract, tricks, case.vulnerable.is_vulnerable(case.declarer))
    out["result"] = {"declarer_tricks": tricks, "score_ns": score}
    b.clause(b.clauses[-1].law, "claim.award", facts,
             {**params, "awarded": awarded, "tricks": tricks, "score": score,
              "declarer": seat_name(case.declarer)})
    if ev is not None and awarded != ev.dd:
        why = "claim.why.claimed" if awarded == case.tricks_claimed and awarded < ev.dd \
            else "claim.why.line" if awarded < ev.dd else "claim.why.above"
        b.notes.append(Msg(why, {**params, "dd": ev.dd, "awarded": awarded}))
    outcome = AssignedResult(case.contract, tricks, score) \
        if awarded != case.tricks_claimed else None
    return b.build(case.declarer, facts=out, outcome=outcome)


rule = rule_claim

