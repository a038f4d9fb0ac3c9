"""Penalty cards: Laws 49, 50, 51 and 52 of the Laws of Duplicate Bridge 2017.

- 49: except in the normal course of play or where a law says otherwise, a defender's
  card held where his partner could possibly see its face (or named as in his hand)
  becomes a penalty card; Law 50 says which kind.

A defender's card exposed before it is played is a penalty card (50A, left face up in
front of him until played or until declarer's option picks it up):

- 50B: a single card below the rank of an honour exposed inadvertently (dropped, or two
  cards played to a trick) is a minor penalty card; an honour, a card exposed through a
  deliberate play (a lead out of turn, a revoke corrected), and every penalty card of a
  defender who has two or more, are major penalty cards;
- 50C: before a minor penalty card no other card of its suit below an honour may be
  played (an honour may); the partner has no lead restriction;
- 50D1: a major penalty card must be played at the first legal opportunity; following
  suit and lead or play restrictions come first (50D1(b)); 51A: of two or more that can
  legally be played, declarer designates which;
- 50D2 (one suit), 51B (two or more cards of one suit, or several suits): when the
  offender's partner has the lead, declarer may require him to lead a suit of a penalty
  card or prohibit it for as long as he keeps the lead (the cards of that suit are then
  picked up), or leave him free (the cards stay penalty cards);
- 50E: that a penalty card must be played is authorized for everyone; what else it shows
  is unauthorized for the partner (authorized for declarer); the Director may adjust if
  the card conveyed information that damaged the non-offending side (50E3);
- 52: a defender who leads or plays another card when he must play a penalty card may
  not withdraw it on his own; declarer may accept it (and must, once he played after it,
  52B1(b)), the penalty card then stays (52B1(c)); if declarer does not, the penalty card
  is played instead and the card played illegally becomes a major penalty card (52B2).
  Failing to play a penalty card is a revoke (61A) once established; 64B3 then gives no
  automatic transfer.

51A at the offender's turn to play (``offender_to_play``): the penalty cards he can legally
play are those of the suit led (``suit_led``; on lead, all of them), or, holding none of
it (``holds_suit_led``), all; following suit with a card from his hand comes first
(50D1(b)). With two or more of them declarer designates which is played (the decision
``designated``, 51A); with one, that one is played (50D1).

`settle_lead_option` asks declarer's choice of 50D2/51B as a decision (`lead_options`)
or applies the choice made (`apply_lead_option`); the rulings of Laws 24, 54 and 56, which
create penalty cards, use it too. 49 and 52 (52A; 52B1(a)-(c), 52B2) were read in the 2017 English, 51 in
the 2017 French; the wording of 50D2, 50E and 51B follows the 2007 English, the 2017
Greek translation of Law 50 and the Laws Committee's 2017 commentary (Example 43, through
its Greek translation); the 2017 English text of 50D and 50E was not seen.

The case (kind ``penalty_card``, docs/cases.md) is `PenaltyCardCase`; `rule_penalty_card`
rules on it. `FIELDS` are its facts, asked one at a time by `flow` (the table app).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from td_plugin.errors import FactError
from td_plugin.laws.facts import Choice, FactField, defender_choices, question_flow, yes_no
from td_plugin.laws.play.ruling import (
    CaseNotes,
    DecisionChoice,
    PlayRuling,
    RulingBuilder,
    card_msg,
    cards_msg,
    case_notes,
    suit_msg,
)
from td_plugin.messages import Msg, seat_name
from td_plugin.model.cards import SUITS, Card, Rank, Seat, Suit
from td_plugin.model.names import join_msgs
from td_plugin.model.obligations import LeadRestriction, PenaltyCard
from td_plugin.model.rulings import TextEnum

__all__ = ["PenaltyCardCase", "rule_penalty_card", "classify", "earlier_fields", "read_earlier",
           "with_earlier",
           "LeadOptionKind", "LeadOption",
           "lead_options", "apply_lead_option", "settle_lead_option", "FIELDS", "START", "flow",
           "answer", "question_by_id"]

CASE_KIND = "penalty_card"
HONOUR = Rank.TEN  # the lowest honour


def is_honour(card: Card) -> bool:
    return card.rank >= HONOUR


def classify(cards: tuple[Card, ...], deliberate: bool) -> tuple[str, bool]:
    """50B: the clause and whether the penalty cards are major."""
    if len(cards) > 1:
        return "50B", True  # two or more: all major
    if is_honour(cards[0]):
        return "50B", True
    return "50B", deliberate


def _major_key(cards: tuple[Card, ...], deliberate: bool) -> str:
    if len(cards) > 1:
        return "penalty.50B.several"
    if is_honour(cards[0]):
        return "penalty.50B.honour"
    return "penalty.50B.deliberate" if deliberate else "penalty.50B.minor"


@dataclass(frozen=True)
class PenaltyCardCase(CaseNotes):
    """A defender's penalty cards (Laws 49-52)."""

    #: declarer's seat
    declarer: Seat
    #: the defender whose penalty cards they are
    offender: Seat
    #: all his penalty cards on the table
    cards: tuple[Card, ...]
    #: the trick from which they are on the table (the trick being played, or led to now)
    trick: int
    #: a single low card was exposed through a deliberate play (50B)
    deliberate: bool = False
    #: the offender's partner now has the lead (50D2, 51B)
    partner_on_lead: bool = False
    #: declarer's choice then (`lead_options`)
    lead_option: LeadOption | None = None
    #: the card the offender led or played when he had to play the penalty card
    #: ``substitute`` (52)
    played: Card | None = None
    #: the penalty card he had to play instead of ``played`` (52)
    substitute: Card | None = None
    #: declarer has played from his hand or dummy after ``played`` (52B1(b))
    declarer_played_after: bool = False
    #: declarer's choice: to accept the lead or play of ``played`` (52B1)
    accept: bool | None = None
    #: it is the offender's turn to play, to ``trick`` (51A)
    offender_to_play: bool = False
    #: the suit led to the trick (None: the offender is on lead)
    suit_led: Suit | None = None
    #: whether he holds a card of the suit led beside his penalty cards (50D1(b))
    holds_suit_led: bool | None = None
    #: declarer's designation of the penalty card played (51A)
    designated: Card | None = None


# -- declarer's options when the offender's partner has the lead (50D2, 51B) ---------------

class LeadOptionKind(TextEnum):
    """What declarer does with the lead of the offender's partner (50D2, 51B): require
    the lead of a suit, prohibit it (for as long as he holds the lead), or neither."""

    REQUIRE = "require"
    PROHIBIT = "prohibit"
    NONE = "none"


@dataclass(frozen=True)
class LeadOption:
    """Declarer's choice under 50D2/51B: its ``kind`` and the ``suits`` it names (none for
    ``NONE``). A case file and a decision write it as text: ``require:S``,
    ``prohibit:SH``, ``none``."""

    kind: LeadOptionKind
    suits: tuple[Suit, ...] = ()

    @classmethod
    def parse(cls, text: str) -> LeadOption:
        """The option ``text`` writes; raises ValueError for text that is none."""
        verb, colon, letters = text.partition(":")
        kind = LeadOptionKind(verb)
        suits = tuple(Suit(ch) for ch in letters)
        if (bool(colon) is (kind is LeadOptionKind.NONE) or (colon and not suits)
                or len(set(suits)) != len(suits)):
            raise ValueError(f"not a lead option: {text!r}")
        return cls(kind, suits)

    def __str__(self) -> str:
        if self.kind is LeadOptionKind.NONE:
            return str(self.kind)
        return f"{self.kind}:" + "".join(s.value for s in self.suits)


def read_lead_option(value: str | None) -> LeadOption | None:
    """A case's ``lead_option`` as read (the text of one of `option_values`), or None."""
    return None if value is None else LeadOption.parse(value)


def _suits(cards: tuple[Card, ...]) -> tuple[Suit, ...]:
    return tuple(s for s in SUITS if any(c.suit is s for c in cards))


def _option_law(cards: tuple[Card, ...], option: LeadOption) -> str:
    """The clause of an option: 50D2 for one penalty card, 51B1 for two or more in one
    suit, 51B2 for penalty cards in several suits."""
    kind = option.kind
    if len(_suits(cards)) > 1:
        return {LeadOptionKind.REQUIRE: "51B2(a)", LeadOptionKind.PROHIBIT: "51B2(b)"}.get(
            kind, "51B2(c)")
    if len(cards) > 1:
        return {LeadOptionKind.REQUIRE: "51B1(a)", LeadOptionKind.PROHIBIT: "51B1(b)"}.get(
            kind, "50D2(b)")
    return "50D2(b)" if kind is LeadOptionKind.NONE else "50D2(a)"


def option_values(cards: tuple[Card, ...]) -> tuple[LeadOption, ...]:
    """``require:S`` for each suit of a major penalty card, ``prohibit:S`` (with several
    suits, ``prohibit:SH`` and every other set of them, 51B2(b)), and ``none``."""
    suits = _suits(cards)
    out = [LeadOption(LeadOptionKind.REQUIRE, (s,)) for s in suits]
    for n in range(1, len(suits) + 1):
        out += [LeadOption(LeadOptionKind.PROHIBIT, combo) for combo in combinations(suits, n)]
    return (*out, LeadOption(LeadOptionKind.NONE))


def option_label(option: LeadOption) -> Msg:
    names = [suit_msg(s) for s in option.suits]
    return Msg(f"penalty.option.{option.kind.value}",
               {"suits": join_msgs(names, "or" if option.kind is LeadOptionKind.REQUIRE
                                   else "and")} if names else {})


def lead_options(declarer: Seat, offender: Seat, cards: tuple[Card, ...],
                 trick: int) -> tuple[str, Msg, tuple[DecisionChoice, ...]]:
    """Declarer's choice when ``offender``'s partner has the lead to ``trick`` while
    ``offender`` has the major penalty ``cards``: the clause, the question, the answers."""
    choices = tuple(DecisionChoice(str(v), option_label(v), _option_law(cards, v))
                    for v in option_values(cards))
    law = "51B" if len(cards) > 1 else "50D2"
    question = Msg("penalty.option.question", {"declarer": seat_name(declarer),
                                               "partner": seat_name(offender.partner),
                                               "offender": seat_name(offender),
                                               "cards": cards_msg(cards), "trick": trick})
    return law, question, choices


#: The clauses that tell the table about penalty cards on it (50A-51A, and the clause
#: of the law that made them penalty cards), with what each reads once declarer's
#: choice (50D2(a), 51B) has put every one back in the offender's hand (None: nothing).
_ALL_PICKED_UP: dict[str, str | None] = {
    "penalty.50A.one": None, "penalty.50A.several": None, "penalty.50B.honour": None,
    "penalty.50B.deliberate": None, "penalty.50B.several": None, "penalty.50B.minor": None,
    "penalty.50D1": None, "penalty.51A": None, "penalty.50E": "penalty.50E.picked_up",
    "opening.54D": "opening.54D.picked_up", "loot.54D": "loot.54D.picked_up"}


def _picked_up(b: RulingBuilder, offender: Seat, staying: tuple[Card, ...]) -> None:
    """Declarer's choice put some penalty cards back in ``offender``'s hand: what the
    earlier clauses said of the cards on the table now speaks of those ``staying``
    (nothing, once none is left), so that the read-out says only what stands."""
    if staying:
        b.supersede({"penalty.50A.one": "penalty.50A.one" if len(staying) == 1
                     else "penalty.50A.several",
                     "penalty.50A.several": "penalty.50A.one" if len(staying) == 1
                     else "penalty.50A.several",
                     **({"penalty.51A": None} if len(staying) == 1 else {})},
                    {"cards": cards_msg(staying)})
        return
    b.supersede(_ALL_PICKED_UP)
    b.unauthorized = [Msg("penalty.ui.picked_up", u.params) if u.key == "penalty.ui" else u
                      for u in b.unauthorized]


def apply_lead_option(b: RulingBuilder, declarer: Seat, offender: Seat,
                      cards: tuple[Card, ...], trick: int, option: LeadOption
                      ) -> tuple[Card, ...]:
    """The clause of declarer's choice ``option`` and the lead restriction it imposes on
    the offender's partner; the penalty cards that stay on the table (what the earlier
    clauses told of those picked up is superseded, `_picked_up`)."""
    partner = offender.partner
    suits = option.suits
    law = _option_law(cards, option)
    params = {"declarer": seat_name(declarer), "partner": seat_name(partner),
              "offender": seat_name(offender), "trick": trick, "law": law}
    if option.kind is LeadOptionKind.NONE:
        b.clause(law, "penalty.option.chosen.none", {"option": str(option)},
                 params | {"cards": cards_msg(cards)})
        return cards
    picked = tuple(c for c in cards if c.suit in suits)
    prohibit = option.kind is LeadOptionKind.PROHIBIT
    b.clause(law, f"penalty.option.chosen.{option.kind.value}",
             {"option": str(option), "picked_up": [c.pbn() for c in picked]},
             params | {"suits": option_label(option).params["suits"],
                       "picked": cards_msg(picked)})
    for s in suits:
        b.stand(law, LeadRestriction(partner, trick, s, prohibited=prohibit, lasting=prohibit))
    staying = tuple(c for c in cards if c.suit not in suits)
    _picked_up(b, offender, staying)
    return staying


def settle_lead_option(b: RulingBuilder, declarer: Seat, offender: Seat,
                       cards: tuple[Card, ...], trick: int, option: LeadOption | None
                       ) -> tuple[Card, ...]:
    """Declarer's choice of 50D2/51B when ``offender``'s partner has the lead to ``trick``:
    asked (the decision ``lead_option``, `lead_options`) while ``option`` is None, else
    applied (`apply_lead_option`). The penalty cards that stay on the table."""
    if option is None:
        law, question, choices = lead_options(declarer, offender, cards, trick)
        b.decide(declarer, "lead_option", law, question, choices)
        return cards
    return apply_lead_option(b, declarer, offender, cards, trick, option)


# -- the ruling ------------------------------------------------------------------------------

def penalty_cards_clauses(b: RulingBuilder, offender: Seat, cards: tuple[Card, ...],
                          trick: int, deliberate: bool, earlier: tuple[Card, ...] = ()
                          ) -> bool:
    """50A-50E for ``offender``'s ``cards`` (on the table from ``trick``): their clauses,
    the information, and whether they are major. ``earlier``: his penalty cards already
    on the table from an earlier irregularity; with them he has two or more, all major
    (50B). The cards are not yet made standing obligations (a lead option may pick some
    up; `stand_penalty_cards`)."""
    law, major = classify(cards + earlier, deliberate)
    params = {"offender": seat_name(offender), "cards": cards_msg(cards),
              "partner": seat_name(offender.partner)}
    facts = {"offender": offender.value, "cards": [c.pbn() for c in cards], "major": major}
    b.clause("50A", "penalty.50A.one" if len(cards) == 1 else "penalty.50A.several", facts,
             params)
    if earlier:
        b.clause("50B", "penalty.50B.earlier", facts | {"earlier": [c.pbn() for c in earlier]},
                 params | {"earlier": cards_msg(earlier)})
    else:
        b.clause(law, _major_key(cards, deliberate), facts, params)
    if major:
        b.clause("50D1", "penalty.50D1", facts, params)
        if len(cards + earlier) > 1:
            b.clause("51A", "penalty.51A", facts, params)
    else:
        b.clause("50C", "penalty.50C", facts, params | {"suit": suit_msg(cards[0].suit)})
    b.clause("50E", "penalty.50E", facts, params)
    b.unauthorized.append(Msg("penalty.ui", params))
    b.adjust.append("50E3")
    return major


def stand_penalty_cards(b: RulingBuilder, offender: Seat, cards: tuple[Card, ...], trick: int,
                        major: bool) -> None:
    """The penalty ``cards`` as standing obligations (the earlier ones among them, now
    major with the new, 50B)."""
    for c in cards:
        b.stand("50D1" if major else "50C", PenaltyCard(offender, c, trick, major=major))


def rule_penalty_card(case: PenaltyCardCase, lang: str = "en") -> PlayRuling:
    """The ruling on ``case``."""
    b = RulingBuilder(CASE_KIND, case.board, lang)
    offender, cards = case.offender, case.cards
    b.clause("49", "penalty.49.one" if len(cards) == 1 else "penalty.49.several",
             {"offender": offender.value, "cards": [c.pbn() for c in cards]},
             {"offender": seat_name(offender), "cards": cards_msg(cards),
              "partner": seat_name(offender.partner)})
    major = penalty_cards_clauses(b, offender, cards, case.trick, case.deliberate)
    staying = cards
    if case.played is not None:
        staying = _failure(b, case, major)
        major = major or len(staying) > 1
    elif case.partner_on_lead and major:
        staying = settle_lead_option(b, case.declarer, offender, cards, case.trick,
                                     case.lead_option)
        b.next = Msg("play.next.lead", {"seat": seat_name(offender.partner), "trick": case.trick})
    elif case.partner_on_lead:
        b.clause("50C", "penalty.50C.partner_free", {}, {"partner": seat_name(offender.partner)})
    elif case.offender_to_play and major:
        staying = _offender_plays(b, case)
    stand_penalty_cards(b, offender, staying, case.trick, major)
    return b.build(case.declarer, facts={"offender": offender.value,
                                         "cards": [c.pbn() for c in cards], "major": major,
                                         "trick": case.trick})


def playable(case: PenaltyCardCase) -> tuple[Card, ...]:
    """The penalty cards the offender can legally play at his turn (50D1(b), 51A): on
    lead all; else those of the suit led, or all when he holds none of it."""
    if case.suit_led is None:
        return case.cards
    same = tuple(c for c in case.cards if c.suit is case.suit_led)
    if same or case.holds_suit_led:
        return same
    return case.cards


def _offender_plays(b: RulingBuilder, case: PenaltyCardCase) -> tuple[Card, ...]:
    """51A (50D1): at the offender's turn, the major penalty card he plays, designated by
    declarer among two or more that can legally be played; the cards that stay."""
    legal = playable(case)
    params = {"offender": seat_name(case.offender), "declarer": seat_name(case.declarer),
              "cards": cards_msg(legal), "trick": case.trick}
    facts = {"offender": case.offender.value, "playable": [c.pbn() for c in legal]}
    if case.suit_led is not None:
        params["suit"] = suit_msg(case.suit_led)
    if not legal:  # 50D1(b): he follows suit from his hand; the penalty cards wait
        b.clause("50D1", "penalty.51A.follow", facts, params)
        return case.cards
    if len(legal) == 1:
        b.clause("50D1", "penalty.51A.one", facts, params | {"card": card_msg(legal[0])})
        return tuple(c for c in case.cards if c != legal[0])
    if case.designated is None:
        b.decide(case.declarer, "designated", "51A", Msg("penalty.51A.question", params),
                 tuple(DecisionChoice(c.pbn(), card_msg(c), "51A") for c in legal))
        return case.cards
    b.clause("51A", "penalty.51A.designated", facts | {"designated": case.designated.pbn()},
             params | {"card": card_msg(case.designated)})
    return tuple(c for c in case.cards if c != case.designated)


def earlier_fields(law: str, when: Any, ask: bool = True) -> tuple[FactField, FactField]:
    """The facts of a defender's penalty cards already on the table when a later
    irregularity of his makes another (50B: two or more, all major; 51B2 with several
    suits): ``earlier`` (asked; absent, none) and ``earlier_cards``. ``when``: the case
    (a mapping) in which the later irregularity makes a defender's penalty card.
    ``ask`` False: only a case file gives them (a kind that already asks a list)."""
    return (
        FactField("earlier", "bool", "penalty.q.earlier", "50B", when=when, required=False,
                  ask=ask, only="when the offender is a defender whose card becomes a "
                                "penalty card",
                  choices=yes_no(("50B", Msg("penalty.leads.earlier")), None)),
        FactField("earlier_cards", "cards", "penalty.q.earlier_cards", "50B", ask=ask,
                  when=lambda c: when(c) and c.get("earlier") is True,
                  only="with earlier: true", more="penalty.q.more"),
    )


def with_earlier(case: Mapping[str, Any], *new: str) -> tuple[Card, ...]:
    """The penalty cards of a case (a mapping): the ``new`` ones, then those already on
    the table (``earlier_cards``, with ``earlier``)."""
    earlier = case.get("earlier_cards") or [] if case.get("earlier") is True else []
    return tuple(Card.from_pbn(x) for x in (*new, *earlier) if x)


def read_earlier(values: Mapping[str, Any], new: tuple[Card, ...]) -> tuple[Card, ...]:
    """A case's ``earlier_cards`` as read, none of them among the ``new`` penalty cards.

    :raises FactError: a card both earlier and new.
    """
    earlier = tuple(values.get("earlier_cards") or ()) if values.get("earlier") else ()
    both = [c.pbn() for c in earlier if c in new]
    if both:
        raise FactError("earlier_cards", f"{', '.join(both)}: the card of this irregularity")
    return earlier


def _failure(b: RulingBuilder, case: PenaltyCardCase, major: bool) -> tuple[Card, ...]:
    """Law 52: the offender led or played ``case.played`` when he had to play the penalty
    card ``case.substitute``; the penalty cards that stay on the table."""
    assert case.played is not None and case.substitute is not None
    params = {"offender": seat_name(case.offender), "card": card_msg(case.played),
              "penalty": card_msg(case.substitute), "declarer": seat_name(case.declarer)}
    facts = {"offender": case.offender.value, "played": case.played.pbn(),
             "penalty_card": case.substitute.pbn()}
    b.clause("52A", "penalty.52A", facts, params)
    b.notes.append(Msg("penalty.52.revoke", params))
    accept = True if case.declarer_played_after else case.accept
    if case.declarer_played_after:
        b.clause("52B1(b)", "penalty.52B1b", facts, params)
    if accept is None:
        b.decide(case.declarer, "accept", "52B1", Msg("penalty.52.question", params),
                 (DecisionChoice(True, Msg("penalty.52.accept"), "52B1(a)"),
                  DecisionChoice(False, Msg("penalty.52.refuse"), "52B2")))
        return case.cards
    if accept:
        b.clause("52B1(c)", "penalty.52B1c", facts, params)
        return case.cards
    b.clause("52B2", "penalty.52B2", facts, params)
    b.stand("52B2", PenaltyCard(case.offender, case.played, case.trick, major=True))
    return tuple(c for c in case.cards if c is not case.substitute)


# -- the case's facts --------------------------------------------------------------------------

def _single_low(case: Mapping[str, Any]) -> bool:
    cards = [c for c in case.get("cards") or [] if c]
    return len(cards) == 1 and Card.from_pbn(cards[0]).rank < HONOUR


def _major(case: Mapping[str, Any]) -> bool:
    cards = tuple(Card.from_pbn(x) for x in case.get("cards") or [] if x)
    return bool(cards) and classify(cards, case.get("deliberate") is True)[1]


def _failed(case: Mapping[str, Any]) -> bool:
    return case.get("failed") is True


def _to_play(case: Mapping[str, Any]) -> bool:
    return case.get("offender_to_play") is True and _major(case) \
        and case.get("partner_on_lead") is not True and not _failed(case)


def _facts_case(case: Mapping[str, Any]) -> PenaltyCardCase:
    """The little of a case `playable` needs, from its facts as a mapping."""
    suit = case.get("suit_led") if case.get("offender_leads") is False else None
    return PenaltyCardCase(Seat.S, Seat.W, tuple(Card.from_pbn(x) for x in case.get("cards")
                                                 or [] if x), 1,
                           suit_led=Suit(suit) if suit else None,
                           holds_suit_led=case.get("holds_suit_led"))


FIELDS: tuple[FactField, ...] = (
    FactField("declarer", "seat", "penalty.q.declarer", "50"),
    FactField("offender", "seat", "penalty.q.offender", "50", choices=defender_choices),
    FactField("cards", "cards", "penalty.q.cards", "50A", more="penalty.q.more"),
    FactField("deliberate", "bool", "penalty.q.deliberate", "50B", when=_single_low,
              only="for a single card below an honour (Law 50B)", required=False,
              choices=yes_no(("50B", Msg("penalty.leads.major")),
                             ("50B", Msg("penalty.leads.minor")))),
    FactField("trick", "count", "penalty.q.trick", "50D"),
    FactField("partner_on_lead", "bool", "penalty.q.partner_on_lead", "50D2", required=False,
              choices=yes_no(("50D2", Msg("penalty.leads.options")), None)),
    FactField("failed", "bool", "penalty.q.failed", "52", required=False,
              when=lambda c: c.get("partner_on_lead") is not True,
              only="when the offender plays (his partner is not on lead)",
              choices=yes_no(("52", Msg("penalty.leads.52")), None)),
    FactField("played", "card", "penalty.q.played", "52A", when=_failed,
              only="when the offender played another card (failed: true, Law 52)"),
    FactField("substitute", "choice", "penalty.q.substitute", "52B2",
              when=lambda c: _failed(c) and len([x for x in c.get("cards") or [] if x]) > 1,
              only="when the offender, who has several penalty cards, played another card",
              choices=lambda c: tuple(Choice(x, card_msg(Card.from_pbn(x)))
                                      for x in c.get("cards") or []
                                      if x and x != c.get("played"))),
    FactField("declarer_played_after", "bool", "penalty.q.declarer_played_after", "52B1",
              when=_failed, only="when the offender played another card (Law 52)",
              required=False, choices=yes_no(("52B1(b)", Msg("penalty.leads.must_accept")),
                                             None)),
    FactField("offender_to_play", "bool", "penalty.q.offender_to_play", "51A",
              when=lambda c: _major(c) and c.get("partner_on_lead") is not True
              and not _failed(c), required=False,
              only="for major penalty cards, when the offender plays (Law 51A)",
              choices=yes_no(("51A", Msg("penalty.leads.51A")), None)),
    FactField("offender_leads", "bool", "penalty.q.offender_leads", "51A", when=_to_play,
              only="at the offender's turn to play (offender_to_play: true)"),
    FactField("suit_led", "suit", "penalty.q.suit_led", "50D1",
              when=lambda c: _to_play(c) and c.get("offender_leads") is False,
              only="when the offender follows to a lead (offender_leads: false)"),
    FactField("holds_suit_led", "bool", "penalty.q.holds_suit_led", "50D1",
              when=lambda c: _to_play(c) and c.get("offender_leads") is False
              and c.get("suit_led") is not None and not any(
                  str(x)[:1].upper() == c["suit_led"] for x in c.get("cards") or [] if x),
              only="when none of his penalty cards is of the suit led (Law 50D1(b))",
              params=lambda c: {"offender": seat_name(Seat(c["offender"]))},
              choices=yes_no(("50D1", Msg("penalty.leads.follow")),
                             ("51A", Msg("penalty.leads.51A")))),
    FactField("designated", "choice", "penalty.51A.question", "51A", decision=True,
              required=False, when=_to_play,
              only="at the offender's turn to play (offender_to_play: true, Law 51A)",
              choices=lambda c: tuple(Choice(x.pbn(), card_msg(x)) for x in playable(
                  _facts_case(c)))),
    FactField("lead_option", "choice", "penalty.option.question", "50D2", decision=True,
              required=False, when=lambda c: c.get("partner_on_lead") is True and _major(c),
              only="when the offender's partner has the lead (partner_on_lead: true) and "
                   "the penalty cards are major (Law 50D2)",
              choices=lambda c: tuple(Choice(str(v), option_label(v)) for v in option_values(
                  tuple(Card.from_pbn(x) for x in c.get("cards") or [] if x)))),
    FactField("accept", "bool", "penalty.52.question", "52B1", decision=True, required=False,
              when=lambda c: _failed(c) and c.get("declarer_played_after") is not True,
              only="when the offender played another card and declarer has not played since "
                   "(Law 52B1)"),
)
#: What a session file can give before the first question.
START = ("declarer",)
flow, answer, question_by_id = question_flow(FIELDS)


def build_case(values: Mapping[str, Any]) -> PenaltyCardCase:
    """The case from its facts as read (`td_plugin.cases.play`), checked together.

    :raises FactError: facts that do not fit, naming the entry.
    """
    declarer, offender = values["declarer"], values["offender"]
    if offender.side is declarer.side:
        raise FactError("offender", f"{offender.english} is not a defender: only a defender's "
                                    f"cards become penalty cards (Law 50, 48A)")
    cards = tuple(values["cards"])
    played = values.get("played")
    if played is not None and played in cards:
        raise FactError("played", f"{played.pbn()} is one of the penalty cards")
    if values.get("partner_on_lead") and played is not None:
        raise FactError("failed", "the offender plays, so his partner is not on lead")
    substitute = values.get("substitute")
    if isinstance(substitute, str):
        substitute = Card.from_pbn(substitute)
    if played is not None and substitute is None:
        substitute = cards[0] if len(cards) == 1 else None
    if substitute is not None and substitute not in cards:
        raise FactError("substitute", f"{substitute.pbn()} is not one of the penalty cards")
    option = read_lead_option(values.get("lead_option"))
    if option is not None and not values.get("partner_on_lead"):
        raise FactError("lead_option", "only when the offender's partner has the lead")
    return PenaltyCardCase(declarer, offender, cards, values["trick"],
                           deliberate=bool(values.get("deliberate")),
                           partner_on_lead=bool(values.get("partner_on_lead")),
                           lead_option=option, played=played, substitute=substitute,
                           declarer_played_after=bool(values.get("declarer_played_after")),
                           accept=values.get("accept"), **_turn(values, cards),
                           **case_notes(values))


def _turn(values: Mapping[str, Any], cards: tuple[Card, ...]) -> dict[str, Any]:
    """51A's facts as read: the offender's turn to play, the suit led, the designation."""
    if not values.get("offender_to_play"):
        return {}
    suit = None if values["offender_leads"] else values["suit_led"]
    designated = values.get("designated")
    designated = Card.from_pbn(designated) if isinstance(designated, str) else designated
    out = {"offender_to_play": True, "suit_led": suit,
           "holds_suit_led": values.get("holds_suit_led"), "designated": designated}
    if designated is not None:
        legal = playable(PenaltyCardCase(values["declarer"], values["offender"], cards, 1,
                                         suit_led=suit,
                                         holds_suit_led=values.get("holds_suit_led")))
        if designated not in legal or len(legal) < 2:
            raise FactError("designated", f"{designated.pbn()}: declarer designates only "
                                          f"among two or more penalty cards that can "
                                          f"legally be played (Law 51A)")
    return out
rule = rule_penalty_card
