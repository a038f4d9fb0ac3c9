"""Revoke case files (``kind: revoke``): the facts of a revoke as the Director gathers
them at the table, without a play record (docs/cases.md).

`read_revoke_case` turns a parsed mapping into a `td_plugin.laws.revokes.RevokeCase`,
checking each entry and the entries against each other (a trick count the result cannot
hold, a revoke that follows suit, two revokes by one player on one trick). Each mistake
is a `CaseFileError` naming the entry (``revokes[1].revoke_trick_won_by: ...``).
What the Laws derive from the facts is not entered: dummy (64B3), trick 12 (64B6), a
second revoke in the same suit by the same player (64B2), both sides (64B7), the caps.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from td_plugin.cases.adjustments import parse_weighted
from td_plugin.cases.reader import CaseReader
from td_plugin.laws.revokes import (
    BoardFacts,
    EquityJudgement,
    Establishment,
    Revoke,
    RevokeCase,
    RevokeFacts,
    RevokeKind,
)
from td_plugin.laws.revokes.case import ATTENTION_NAMES, replay_due
from td_plugin.model.board import Vulnerability
from td_plugin.model.cards import Card, Seat
from td_plugin.model.rulings import Attention

__all__ = ["REVOKE_CASE_KEYS", "REVOKE_KEYS", "read_revoke_case"]

REVOKE_CASE_KEYS = ("kind", "board", "description", "vulnerable", "contract", "declarer",
                    "declarer_tricks", "attention", "revokes", "equity_declarer_tricks",
                    "equity_weighted", "replayed_declarer_tricks")
REVOKE_KEYS = ("offender", "trick", "suit_led", "card", "revoke_trick_won_by",
               "offending_side_tricks_from_revoke", "established", "established_how",
               "established_by", "failure", "held", "position", "card_faced",
               "hands_returned")

ATTENTION = {name: attention for attention, name in ATTENTION_NAMES.items()}
ESTABLISHED_HOW = {"next_trick": Establishment.NEXT_TRICK,
                   "named_card": Establishment.NAMED_CARD,
                   "claim": Establishment.CLAIM,
                   "agreed_claim": Establishment.AGREED_CLAIM,
                   "dummy_asked": Establishment.DUMMY_ASKED,
                   "stated": Establishment.STATED}
FAILURES = {k.value: k for k in RevokeKind}

def _choice(table: Mapping[str, Any], value: Any) -> Any:
    """The entry of ``table`` that ``value`` names: its key (``_`` or ``-``) or, for
    establishment, the clause (``63A1``)."""
    if not isinstance(value, str):
        return None
    key = value.strip().lower().replace("-", "_")
    if key in table:
        return table[key]
    return next((v for v in table.values()
                 if isinstance(v, Establishment) and v.value.lower() == key), None)


class _RevokeReader(CaseReader):
    def choice(self, table: Mapping[str, Any], value: Any, where: str) -> Any:
        found = _choice(table, value)
        if found is None:
            raise self.fail(where, f"unknown value {value!r} (one of {', '.join(table)})")
        return found

    def case(self, data: Any) -> RevokeCase:
        m = self.mapping(data, "", REVOKE_CASE_KEYS)
        for key in ("contract", "declarer", "declarer_tricks", "vulnerable", "revokes"):
            if m.get(key) is None:
                raise self.fail("", f"missing {key!r}")
        declarer = self.seat(m["declarer"], "declarer")
        contract = self.contract(m["contract"], declarer)
        tricks = self.number(m["declarer_tricks"], "declarer_tricks", 0, 13)
        vulnerability = self.vulnerability(m["vulnerable"])
        attention = Attention.DURING_ROUND
        if m.get("attention") is not None:
            attention = self.choice(ATTENTION, m["attention"], "attention")
        raw = m["revokes"]
        if not isinstance(raw, list) or not raw:
            raise self.fail("revokes", "expected a non-empty list of revokes")
        board = BoardFacts(contract, tricks, vulnerability.is_vulnerable(declarer), attention, ())
        revokes = [self.revoke(r, f"revokes[{i}]", board) for i, r in enumerate(raw)]
        order = sorted(range(len(revokes)), key=lambda i: (
            revokes[i].revoke.trick, revokes[i].revoke.position or 0, i))
        self.check_together(revokes, order, board)
        facts = BoardFacts(contract, tricks, board.vulnerable, attention,
                           tuple(revokes[i] for i in order))
        number, description = self.notes(m)
        replayed = m.get("replayed_declarer_tricks")
        if replayed is not None and not replay_due(facts):
            raise self.fail("replayed_declarer_tricks", "only after a revoke on trick 12 was "
                                                        "corrected (Law 62D1)")
        return RevokeCase(facts, vulnerability, self.equity(m, facts, vulnerability),
                          number, description, self.source,
                          replayed_declarer_tricks=None if replayed is None else
                          self.number(replayed, "replayed_declarer_tricks", 0, 13))

    def revoke(self, value: Any, where: str, board: BoardFacts) -> RevokeFacts:
        m = self.mapping(value, where, REVOKE_KEYS)
        for key in ("offender", "trick", "suit_led", "card", "established"):
            if m.get(key) is None:
                raise self.fail(where, f"missing {key!r}")
        offender = self.seat(m["offender"], f"{where}.offender")
        trick = self.number(m["trick"], f"{where}.trick", 1, 13)
        suit_led = self.suit(m["suit_led"], f"{where}.suit_led")
        card = self.card(m["card"], f"{where}.card")
        kind = RevokeKind.FOLLOW_SUIT
        if m.get("failure") is not None:
            kind = self.choice(FAILURES, m["failure"], f"{where}.failure")
        held = self.cards(m["held"], f"{where}.held") if m.get("held") is not None else ()
        position = None
        if m.get("position") is not None:
            position = self.number(m["position"], f"{where}.position", 1, 4) - 1
        defender = offender.side is not board.declarer.side
        self.check_card(where, offender, kind, suit_led, card, held, position, defender,
                        board.dummy)
        established = bool(self.flag(m["established"], f"{where}.established", False))
        est, by = self.establishment(m, where, established, offender, trick, board)
        won_by = None
        if m.get("revoke_trick_won_by") is not None:
            won_by = self.seat(m["revoke_trick_won_by"], f"{where}.revoke_trick_won_by")
        os_tricks = None
        if m.get("offending_side_tricks_from_revoke") is not None:
            os_tricks = self.number(m["offending_side_tricks_from_revoke"],
                                    f"{where}.offending_side_tricks_from_revoke", 0, 14 - trick)
        if established:
            for key, got in (("revoke_trick_won_by", won_by),
                             ("offending_side_tricks_from_revoke", os_tricks)):
                if got is None:
                    raise self.fail(where, f"missing {key!r} (needed for an established "
                                           f"revoke, Law 64A)")
        if os_tricks is not None:
            self.check_tricks(where, offender, trick, won_by, os_tricks, board)
        faced = bool(self.flag(m.get("card_faced"), f"{where}.card_faced"))
        if faced and not defender:
            raise self.fail(f"{where}.card_faced", "only a defender's revoke card can have "
                                                   "been faced before (Law 62B2)")
        returned = self.flag(m.get("hands_returned"), f"{where}.hands_returned")
        if returned is not None and (trick != 12 or not established):
            raise self.fail(f"{where}.hands_returned", "only for an established revoke on "
                                                       "trick 12 (Law 62D1)")
        revoke = Revoke(offender, trick, position, suit_led, card, held, kind,
                        by_dummy=offender is board.dummy)
        return RevokeFacts(revoke, est, by, won_by, os_tricks, faced, returned)

    def check_card(self, where: str, offender: Seat, kind: RevokeKind, suit_led: Any,
                   card: Card, held: tuple[Card, ...], position: int | None, defender: bool,
                   dummy: Seat) -> None:
        """The revoke card against what the offender had to play (61A)."""
        if offender is dummy and kind is not RevokeKind.FOLLOW_SUIT:
            raise self.fail(f"{where}.failure", "dummy can only fail to follow suit")
        if card in held:
            raise self.fail(f"{where}.held", f"{card.pbn()} is the revoke card itself")
        if kind is RevokeKind.FOLLOW_SUIT:
            if card.suit is suit_led:
                raise self.fail(f"{where}.card", f"{card.pbn()} follows suit to a trick led in "
                                                 f"{suit_led.value}: not a revoke (Law 61A)")
            wrong = [c.pbn() for c in held if c.suit is not suit_led]
            if wrong:
                raise self.fail(f"{where}.held", f"{', '.join(wrong)}: not of the suit led "
                                                 f"({suit_led.value})")
        elif kind is RevokeKind.PENALTY_CARD and not defender:
            raise self.fail(f"{where}.failure", "only a defender has penalty cards (Law 50)")
        elif kind is RevokeKind.LEAD_RESTRICTION and (
                card.suit is not suit_led or position not in (None, 0)):
            raise self.fail(where, "a lead restriction is broken by the lead itself: "
                                   "suit_led is the suit of the card led, position 1")
        elif kind is RevokeKind.PLAY_RESTRICTION and (not defender or position == 0):
            raise self.fail(f"{where}.failure", "a play restriction binds a defender who is "
                                                "not leading (Law 57A)")

    def establishment(self, m: Mapping[str, Any], where: str, established: bool,
                      offender: Seat, trick: int, board: BoardFacts
                      ) -> tuple[Establishment, Seat | None]:
        """How the revoke was established (63A, 43B2(b)) and by whom."""
        how, by = m.get("established_how"), m.get("established_by")
        if not established:
            for key in ("established_how", "established_by"):
                if m.get(key) is not None:
                    raise self.fail(f"{where}.{key}", "only for an established revoke")
            return Establishment.NOT, None
        est = Establishment.STATED
        if how is not None:
            est = self.choice(ESTABLISHED_HOW, how, f"{where}.established_how")
        elif by is not None:
            est = Establishment.NEXT_TRICK
        seat = None
        if by is not None:
            seat = self.seat(by, f"{where}.established_by")
            if est not in (Establishment.NEXT_TRICK, Establishment.NAMED_CARD,
                           Establishment.CLAIM):
                raise self.fail(f"{where}.established_by", "only when established by a play "
                                                           "or a card named to the next trick, "
                                                           "or by a claim of the offending side")
            if seat.side is not offender.side:
                raise self.fail(f"{where}.established_by", f"{seat.english} is not of the "
                                                            f"offending side (Law 63A1)")
        if est is Establishment.DUMMY_ASKED and offender is not board.declarer:
            raise self.fail(f"{where}.established_how", "dummy asks about declarer's own "
                                                        "revoke only (Law 43B2(b))")
        if trick == 13 and est is not Establishment.DUMMY_ASKED:
            raise self.fail(f"{where}.established", "a revoke on trick 13 cannot be "
                                                    "established: no trick follows (Law 63A)")
        return est, seat

    def check_tricks(self, where: str, offender: Seat, trick: int, won_by: Seat | None,
                     os_tricks: int, board: BoardFacts) -> None:
        """The offending side's tricks from the revoke on against who won the revoke
        trick and the result."""
        key = f"{where}.offending_side_tricks_from_revoke"
        side = offender.side
        if won_by is not None and won_by.side is side and os_tricks == 0:
            raise self.fail(key, f"0, but {won_by.english} of the offending side won the "
                                 f"revoke trick")
        if won_by is not None and won_by.side is not side and os_tricks > 13 - trick:
            raise self.fail(key, f"{os_tricks}, but only {13 - trick} tricks follow the revoke "
                                 f"trick, which the non-offending side won")
        assert board.declarer_tricks is not None
        total = board.declarer_tricks if side is board.declarer.side \
            else 13 - board.declarer_tricks
        if os_tricks > total:
            raise self.fail(key, f"{os_tricks}, more than the {total} tricks the offending side "
                                 f"took in all (declarer_tricks {board.declarer_tricks})")
        if total - os_tricks > trick - 1:
            raise self.fail(key, f"{os_tricks}: the offending side took {total} tricks in all, "
                                 f"so it would have won {total - os_tricks} of the "
                                 f"{trick - 1} tricks before the revoke")

    def check_together(self, revokes: list[RevokeFacts], order: list[int],
                       board: BoardFacts) -> None:
        """Two revokes by one player on one trick; a later revoke of a side credited with
        more tricks than an earlier one left it."""
        for n, i in enumerate(order):
            f = revokes[i]
            for j in order[:n]:
                e = revokes[j]
                if (e.revoke.trick, e.revoke.offender) == (f.revoke.trick, f.revoke.offender):
                    raise self.fail(f"revokes[{i}]", f"{f.revoke.offender.english} revoked "
                                                     f"twice on trick {f.revoke.trick}")
                if (e.side is f.side and e.revoke.trick < f.revoke.trick
                        and e.offending_side_tricks is not None
                        and f.offending_side_tricks is not None):
                    won_first = e.trick_won_by is not None and e.trick_won_by.side is e.side
                    most = e.offending_side_tricks - (1 if won_first else 0)
                    if f.offending_side_tricks > most:
                        raise self.fail(f"revokes[{i}].offending_side_tricks_from_revoke",
                                        f"{f.offending_side_tricks}, more than the {most} "
                                        f"revokes[{j}] leaves after trick {e.revoke.trick}")

    def equity(self, m: Mapping[str, Any], facts: BoardFacts,
               vulnerability: Vulnerability) -> EquityJudgement | None:
        """The Director's 64C judgement, when the case carries one."""
        tricks, weighted = m.get("equity_declarer_tricks"), m.get("equity_weighted")
        if tricks is None and weighted is None:
            return None
        key = "equity_declarer_tricks" if tricks is not None else "equity_weighted"
        if tricks is not None and weighted is not None:
            raise self.fail(key, "give equity_declarer_tricks or equity_weighted, not both")
        if not any(f.establishment.established for f in facts.revokes):
            raise self.fail(key, "Law 64C applies after an established revoke; none is")
        if tricks is not None:
            return EquityJudgement(declarer_tricks=self.number(tricks, key, 0, 13))
        try:
            score = parse_weighted(weighted).scored(vulnerability)
        except (ValueError, TypeError, ZeroDivisionError) as exc:
            raise self.fail(key, str(exc)) from None
        return EquityJudgement(weighted=score)


def read_revoke_case(data: Any, source: str | None = None) -> RevokeCase:
    """A `RevokeCase` from parsed JSON/YAML data (``source`` names it in errors)."""
    return _RevokeReader(source).case(data)
