"""A premature lead or play by a defender: Law 57 of the Laws of Duplicate Bridge 2017.

- 57A: when a defender leads to the next trick before his partner has played to the
  current one, or plays out of turn before his partner has played, his card becomes a
  major penalty card and declarer chooses: the partner must play the highest card he
  holds of the suit led (57A1), or the lowest (57A2), or a card of another suit declarer
  names (57A3), or no card of another suit declarer names (57A4);
- 57B: a partner who cannot comply plays any card (Law 59);
- 57C: no rectification when declarer has played from both hands (a card of dummy's is
  played once declarer has designated it), or when dummy selected a card of his own
  accord or suggested one (57C1, 57C2); declarer's own premature play (not a lead) from
  either hand is a played card and, if legal, may not be withdrawn (57C3; the case's
  offender is then declarer or dummy; an illegal card is corrected, 47B);
- 57D: a defender who attempts to play (not lead) at his right-hand opponent's turn:
  Law 16 may apply; a card that can legally be played to the trick is played at his
  proper turn, otherwise it becomes a major penalty card.

Two premature plays in one trick are one case: declarer's own (57C3) and then a defender's
before his partner (``defender_played``, ``defender``, ``defender_card``): no rectification
for the defender once declarer has played from both hands (57C1, ``declarer_played_both``,
asked), else 57A with declarer's option (the decision ``defender_option``).

The 2017 English text was read (pzbs.pl). Declarer's choice is a decision of the ruling;
the choice made is a play restriction on the partner for the current trick
(`td_plugin.laws.play.ruling.PlayRestriction`), and the card is a penalty card of 50D
(`td_plugin.laws.play.penalty_cards`).

The case (kind ``premature_play``) is `PrematurePlayCase`, ruled by `rule_premature_play`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from td_plugin.errors import FactError
from td_plugin.laws.facts import (
    Choice,
    FactField,
    defender_choices,
    question_flow,
    seat_of,
    yes_no,
)
from td_plugin.laws.play.penalty_cards import (
    earlier_fields,
    penalty_cards_clauses,
    read_earlier,
    stand_penalty_cards,
)
from td_plugin.laws.play.ruling import (
    CaseNotes,
    DecisionChoice,
    PlayRuling,
    RulingBuilder,
    card_msg,
    case_notes,
    suit_msg,
)
from td_plugin.messages import Msg, seat_name
from td_plugin.model.cards import SUITS, Card, Seat, Suit
from td_plugin.model.obligations import PlayRestriction, PlayRestrictionKind
from td_plugin.model.rulings import TextEnum

__all__ = ["PrematureCard", "PrematurePlayCase", "rule_premature_play", "PlayOptionKind", "PlayOption",
           "read_play_option", "options", "option_label",
           "rectify_57a", "FIELDS", "START", "flow", "answer", "question_by_id", "rule"]

CASE_KIND = "premature_play"


class PrematureCard(TextEnum):
    """How the card came too early (57A): led to the next trick, or played before
    partner played to this one."""

    LEAD = "lead"
    PLAY = "play"


@dataclass(frozen=True)
class PrematurePlayCase(CaseNotes):
    """A premature lead or play (57): ``offender`` led ``card`` to the next trick, or
    played it out of turn, before his partner played to ``trick``."""

    #: declarer's seat
    declarer: Seat
    #: the trick his partner had not played to yet
    trick: int
    #: a defender; or declarer, or dummy's seat for declarer's play from it (57C3)
    offender: Seat
    #: the card led or played
    card: Card
    #: ``lead``: led to the next trick; ``play``: played out of turn to ``trick``
    premature: PrematureCard
    #: the suit led to ``trick``
    suit_led: Suit
    #: declarer had played from both hands (57C1)
    declarer_played_both: bool = False
    #: dummy had selected or suggested a card (57C2)
    dummy_prompted: bool = False
    #: the offender played at his right-hand opponent's turn (57D)
    at_rho_turn: bool = False
    #: whether the card could legally be played to the trick
    legal: bool = True
    #: declarer's choice (`options`)
    option: PlayOption | None = None
    #: after declarer's own premature play (57C3), a defender played before his partner to
    #: the same trick: the defender and his card
    defender: Seat | None = None
    defender_card: Card | None = None
    #: declarer's choice of 57A on that defender's card
    defender_option: PlayOption | None = None
    #: the offender's penalty cards already on the table (50B)
    earlier: tuple[Card, ...] = ()


class PlayOptionKind(TextEnum):
    """What declarer requires of the offender's partner on the trick (57A1-57A4)."""

    HIGHEST = "highest"
    LOWEST = "lowest"
    PLAY = "play"
    FORBID = "forbid"


@dataclass(frozen=True)
class PlayOption:
    """Declarer's choice under 57A: its ``kind`` and, to play or forbid one, the ``suit``.
    A case file and a decision write it as text: ``highest``, ``lowest``, ``play:H``,
    ``forbid:H``."""

    kind: PlayOptionKind
    suit: Suit | None = None

    @classmethod
    def parse(cls, text: str) -> PlayOption:
        """The option ``text`` writes; raises ValueError for text that is none."""
        verb, colon, letter = text.partition(":")
        kind = PlayOptionKind(verb)
        suited = kind in (PlayOptionKind.PLAY, PlayOptionKind.FORBID)
        if bool(colon) is not suited or (suited and len(letter) != 1):
            raise ValueError(f"not a play option: {text!r}")
        return cls(kind, Suit(letter) if suited else None)

    def __str__(self) -> str:
        return f"{self.kind}:{self.suit.value}" if self.suit is not None else str(self.kind)


#: what each option binds the offender's partner to
_RESTRICTS = {PlayOptionKind.HIGHEST: PlayRestrictionKind.HIGHEST,
              PlayOptionKind.LOWEST: PlayRestrictionKind.LOWEST,
              PlayOptionKind.PLAY: PlayRestrictionKind.SUIT,
              PlayOptionKind.FORBID: PlayRestrictionKind.NOT_SUIT}


def read_play_option(value: str | None) -> PlayOption | None:
    """A case's 57A option as read (the text of one of `options`), or None."""
    return None if value is None else PlayOption.parse(value)


def options(suit_led: Suit) -> tuple[tuple[PlayOption, str], ...]:
    """Declarer's choices of 57A with their clauses: ``highest``, ``lowest``,
    ``play:X`` and ``forbid:X`` for each other suit X."""
    others = [s for s in SUITS if s is not suit_led]
    return ((PlayOption(PlayOptionKind.HIGHEST), "57A1"), (PlayOption(PlayOptionKind.LOWEST), "57A2"),
            *((PlayOption(PlayOptionKind.PLAY, s), "57A3") for s in others),
            *((PlayOption(PlayOptionKind.FORBID, s), "57A4") for s in others))


def option_label(option: PlayOption) -> Msg:
    return Msg(f"premature.option.{option.kind}",
               {"suit": suit_msg(option.suit)} if option.suit is not None else {})


def rule_premature_play(case: PrematurePlayCase, lang: str = "en") -> PlayRuling:
    """The ruling on ``case``."""
    b = RulingBuilder(CASE_KIND, case.board, lang)
    offender, partner, trick = case.offender, case.offender.partner, case.trick
    params = {"offender": seat_name(offender), "partner": seat_name(partner),
              "card": card_msg(case.card), "trick": trick, "suit": suit_msg(case.suit_led),
              "declarer": seat_name(case.declarer)}
    facts = {"offender": offender.value, "card": case.card.pbn(), "trick": trick,
             "premature": str(case.premature)}
    out = {**facts, "suit_led": case.suit_led.value}
    if offender.side is case.declarer.side:
        # 57C3: declarer's premature play from either hand is a played card
        if case.legal:
            b.clause("57C3", "premature.57C3", facts, params)
        else:
            b.clause("57C3", "premature.57C3.illegal", facts, params)
            b.clause("47B", "premature.47B", facts, params)
        if case.defender is None:
            return b.build(case.declarer, facts=out | {"rectified": False})
        return _then_a_defender(b, case, out)
    if case.premature is PrematureCard.PLAY and case.declarer_played_both:
        b.clause("57C1", "premature.57C1", facts, params)
        return b.build(case.declarer, facts=out | {"rectified": False})
    if case.premature is PrematureCard.PLAY and case.dummy_prompted:
        b.clause("57C2", "premature.57C2", facts, params)
        return b.build(case.declarer, facts=out | {"rectified": False})
    if case.premature is PrematureCard.PLAY and case.at_rho_turn:
        b.clause("57D", "premature.57D", facts, params)
        b.clause("16", "premature.16", facts, params)
        b.adjust.append("16B")
        if case.legal:
            b.clause("57D", "premature.57D.legal", facts, params)
            return b.build(case.declarer, facts=out | {"rectified": False})
        b.clause("57D", "premature.57D.illegal", facts, params)
        major = penalty_cards_clauses(b, offender, (case.card,), trick, deliberate=True,
                                      earlier=case.earlier)
        stand_penalty_cards(b, offender, (case.card, *case.earlier), trick, major)
        return b.build(case.declarer, facts=out | {"rectified": True})
    b.clause("57A", f"premature.57A.{case.premature}", facts, params)
    rectify_57a(b, case.declarer, offender, case.card, trick, case.suit_led, case.option,
                "option", facts, case.earlier)
    return b.build(case.declarer, facts=out | {"rectified": True})


def _then_a_defender(b: RulingBuilder, case: PrematurePlayCase,
                     out: dict[str, Any]) -> PlayRuling:
    """After declarer's own premature play (57C3), a defender's play before his partner to
    the same trick: 57C1 when declarer has played from both hands, else 57A."""
    assert case.defender is not None and case.defender_card is not None
    defender, card = case.defender, case.defender_card
    params = {"offender": seat_name(defender), "partner": seat_name(defender.partner),
              "card": card_msg(card), "trick": case.trick, "suit": suit_msg(case.suit_led),
              "declarer": seat_name(case.declarer)}
    facts = {"offender": defender.value, "card": card.pbn(), "trick": case.trick,
             "premature": str(PrematureCard.PLAY)}
    out = out | {"defender": defender.value, "defender_card": card.pbn()}
    if case.declarer_played_both:
        b.clause("57C1", "premature.57C1", facts, params)
        return b.build(case.declarer, facts=out | {"rectified": False})
    b.clause("57A", "premature.57A.play", facts, params)
    rectify_57a(b, case.declarer, defender, card, case.trick, case.suit_led,
                case.defender_option, "defender_option", facts)
    return b.build(case.declarer, facts=out | {"rectified": True})


def rectify_57a(b: RulingBuilder, declarer: Seat, offender: Seat, card: Card, trick: int,
                suit_led: Suit, option: PlayOption | None, field: str,
                facts: dict[str, Any], earlier: tuple[Card, ...] = ()) -> None:
    """57A for ``offender``'s ``card`` played before his partner: a major penalty card
    (50), and declarer's option (asked as ``field`` while ``option`` is None), a play
    restriction on the partner for ``trick`` (57A1-57A4), 57B. Laws 53C and 58A use it
    too."""
    partner = offender.partner
    params = {"offender": seat_name(offender), "partner": seat_name(partner),
              "card": card_msg(card), "trick": trick, "suit": suit_msg(suit_led),
              "declarer": seat_name(declarer)}
    major = penalty_cards_clauses(b, offender, (card,), trick, deliberate=True, earlier=earlier)
    stand_penalty_cards(b, offender, (card, *earlier), trick, major)
    laws = dict(options(suit_led))
    if option is None:
        b.decide(declarer, field, "57A", Msg("premature.question", params),
                 tuple(DecisionChoice(str(v), option_label(v), law) for v, law in laws.items()))
        return
    how = _RESTRICTS[option.kind]
    b.clause(laws[option], f"premature.chosen.{option.kind}", facts | {"option": str(option)},
             params | ({"chosen": suit_msg(option.suit)} if option.suit is not None else {}))
    b.stand(laws[option], PlayRestriction(partner, trick, how, option.suit))
    b.clause("57B", "premature.57B", facts, params)
    b.next = Msg("premature.next", params)


rule = rule_premature_play


# -- the case's facts --------------------------------------------------------------------------

def _play(case: Mapping[str, Any]) -> bool:
    return case.get("premature") == PrematureCard.PLAY


def _declaring(case: Mapping[str, Any]) -> bool:
    """The offender is declarer, or declarer playing from dummy (57C3)."""
    declarer, offender = seat_of(case, "declarer"), seat_of(case, "offender")
    return declarer is not None and offender is not None and offender.side is declarer.side


def _defending_play(case: Mapping[str, Any]) -> bool:
    return _play(case) and not _declaring(case)


def _then_defender(case: Mapping[str, Any]) -> bool:
    """Declarer's own legal premature play, then a defender's before his partner."""
    return _play(case) and _declaring(case) and case.get("legal") is not False \
        and case.get("defender_played") is True


def _offenders(case: Mapping[str, Any]) -> tuple[Choice, ...]:
    declarer = seat_of(case, "declarer")
    return tuple(Choice(s.value, seat_name(s),
                        ("57C3", Msg("premature.leads.57C3")) if declarer is not None
                        and s.side is declarer.side else ("57A", Msg("premature.leads.57A")))
                 for s in Seat)


FIELDS: tuple[FactField, ...] = (
    FactField("declarer", "seat", "premature.q.declarer", "57"),
    FactField("trick", "count", "premature.q.trick", "57A"),
    FactField("offender", "seat", "premature.q.offender", "57A", choices=_offenders),
    FactField("premature", "choice", "premature.q.premature", "57A",
              params=lambda c: {"offender": seat_name(Seat(c["offender"]))},
              choices=lambda c: tuple(
                  Choice(str(v), Msg(f"premature.premature.{v}"),
                         ("57A", Msg("premature.leads.57A")))
                  for v in PrematureCard
                  if v is PrematureCard.PLAY or (c.get("trick") != 13 and not _declaring(c)))),
    FactField("card", "card", "premature.q.card", "57A",
              params=lambda c: {"offender": seat_name(Seat(c["offender"]))}),
    FactField("suit_led", "suit", "premature.q.suit_led", "57A",
              params=lambda c: {"trick": c["trick"]}),
    FactField("declarer_played_both", "bool", "premature.q.declarer_played_both", "57C1",
              when=lambda c: _defending_play(c) or _then_defender(c),
              only="for a defender's play out of turn (Law 57C1)",
              required=False,
              choices=yes_no(("57C1", Msg("premature.leads.57C")), None)),
    FactField("dummy_prompted", "bool", "premature.q.dummy_prompted", "57C2",
              when=lambda c: _defending_play(c) and c.get("declarer_played_both") is not True,
              only="for a defender's play out of turn (Law 57C2)", required=False,
              choices=yes_no(("57C2", Msg("premature.leads.57C")), None)),
    FactField("at_rho_turn", "bool", "premature.q.at_rho_turn", "57D",
              when=lambda c: _defending_play(c) and c.get("declarer_played_both") is not True
              and c.get("dummy_prompted") is not True,
              only="for a defender's play out of turn (Law 57D)", required=False,
              choices=yes_no(("57D", Msg("premature.leads.57D")), None)),
    FactField("legal", "bool", "premature.q.legal", "57D",
              when=lambda c: _play(c) and (c.get("at_rho_turn") is True or _declaring(c)),
              only="for a play at the right-hand opponent's turn (Law 57D), or declarer's "
                   "(Law 57C3)", required=False,
              choices=yes_no(("57D", Msg("premature.leads.57D.legal")),
                             ("57D", Msg("premature.leads.57D.illegal")))),
    FactField("defender_played", "bool", "premature.q.defender_played", "57C1",
              when=lambda c: _play(c) and _declaring(c) and c.get("legal") is not False,
              only="after declarer's own legal premature play (Law 57C3)", required=False,
              choices=yes_no(("57C1", Msg("premature.leads.defender_played")), None)),
    FactField("defender", "seat", "premature.q.defender", "57A", when=_then_defender,
              only="when a defender then played before his partner (defender_played: true)",
              choices=defender_choices),
    FactField("defender_card", "card", "premature.q.card", "57A", when=_then_defender,
              only="when a defender then played before his partner (defender_played: true)",
              params=lambda c: {"offender": seat_name(Seat(c["defender"]))}),
    FactField("defender_option", "choice", "premature.question", "57A", decision=True,
              required=False,
              when=lambda c: _then_defender(c) and c.get("declarer_played_both") is not True,
              only="when declarer has the options of Law 57A on the defender's card",
              params=lambda c: {"partner": seat_name(Seat(c["defender"]).partner)},
              choices=lambda c: tuple(Choice(str(v), option_label(v)) for v, _ in options(
                  Suit(c["suit_led"]) if c.get("suit_led") in ("S", "H", "D", "C") else Suit.S))),
    *earlier_fields("57A", lambda c: not _declaring(c) and c.get("offender") is not None),
    FactField("option", "choice", "premature.question", "57A", decision=True, required=False,
              when=lambda c: not _declaring(c) and not (
                  _play(c) and (c.get("declarer_played_both") is True
                                or c.get("dummy_prompted") is True
                                or c.get("at_rho_turn") is True)),
              only="when declarer has the options of Law 57A",
              choices=lambda c: tuple(Choice(str(v), option_label(v)) for v, _ in options(
                  Suit(c["suit_led"]) if c.get("suit_led") in ("S", "H", "D", "C") else Suit.S))),
)
#: What a session file can give before the first question.
START = ("declarer",)
flow, answer, question_by_id = question_flow(FIELDS)


def build_case(values: Mapping[str, Any]) -> PrematurePlayCase:
    """The case from its facts as read (`td_plugin.cases.play`)."""
    declarer, offender = values["declarer"], values["offender"]
    premature = PrematureCard(values["premature"])
    if offender.side is declarer.side and premature is PrematureCard.LEAD:
        raise FactError("premature", "declarer leading before the trick is complete leads "
                                     "out of turn: a lead out of turn case (Law 55)")
    defender = values.get("defender")
    if defender is not None and defender.side is declarer.side:
        raise FactError("defender", f"{defender.english} is not a defender")
    if values.get("defender_card") is not None and values["defender_card"] == values["card"]:
        raise FactError("defender_card", "declarer's own card")
    if premature is PrematureCard.LEAD and values["trick"] == 13:
        raise FactError("trick", "no trick follows trick 13 to lead to")
    return PrematurePlayCase(declarer, values["trick"], offender, values["card"], premature,
                             values["suit_led"],
                             declarer_played_both=bool(values.get("declarer_played_both")),
                             dummy_prompted=bool(values.get("dummy_prompted")),
                             at_rho_turn=bool(values.get("at_rho_turn")),
                             legal=values.get("legal", True) is not False,
                             option=read_play_option(values.get("option")),
                             defender=values.get("defender"),
                             defender_card=values.get("defender_card"),
                             defender_option=read_play_option(values.get("defender_option")),
                             earlier=read_earlier(values, (values["card"],)),
                             **case_notes(values))
