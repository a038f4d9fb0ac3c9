"""Checks of a result as the scorer received it from the table.

A table terminal's entry carries more than a contract and a result: the opening lead, the
number of the declaring pair, and, instead of a result, a remark such as an artificial
score or "not played". The record has the lead (`BoardRecord.lead`, from a Bridgemate or
a USEBIO file) and an artificial score (`BoardRecord.artificial`); a Bridgemate file
also hands on in `BoardRecord.extra`:

- ``declaring_pair``: the number of the declaring pair as entered (str);
- ``not_played``: True when the board was entered as not played.

Finding kinds:

- ``impossible_result``: declarer would take fewer than 0 or more than 13 tricks.
- ``declarer_mismatch``: the declaring pair is not the pair in the declarer's seat.
- ``artificial_score``: an artificial score was entered (Law 12C2); the Director checks
  it was awarded, and the scorer takes it as entered.
- ``not_played``: no result was obtained; the Director awards an artificial score (12C2).
- ``lead_not_held``: the opening leader does not hold the lead card entered.
- ``lead_mismatch``: the play record starts with another card than the lead entered.
"""

from __future__ import annotations

from td_plugin import messages
from td_plugin.board import BoardRecord
from td_plugin.messages import Msg, seat_name
from td_plugin.rulings import ArtificialScore, Finding, FindingKind, ReviewContext

__all__ = ["check_recorded_result", "artificial_text"]

messages.register("en", {
    "result.impossible":
        "{contract} {result} would give declarer {tricks} tricks: correct the result "
        "entered at the table.",
    "result.declarer_mismatch":
        "Declarer is {seat}, but the declaring pair is entered as {pair} (the pairs are "
        "{ns_pair} North-South and {ew_pair} East-West): check who declared.",
    "result.artificial":
        "An artificial score {score} was entered (Law 12C2): check that the Director "
        "awarded it; the scorer takes it as entered.",
    "result.not_played":
        "The board is entered as not played: award an artificial score (Law 12C2), "
        "e.g. 40%-40% when neither side is at fault, 60%-40% when one side is.",
    "result.lead_not_held":
        "The opening lead is entered as {card}, but the opening leader {seat} does not hold "
        "it ({holder_text}): check the lead card.",
    "result.lead_holder": "the deal gives it to {holder}",
    "result.lead_mismatch":
        "The opening lead is entered as {card}, but the play record starts with {played}.",
})
messages.register("da", {
    "result.impossible":
        "{contract} {result} ville give spilfører {tricks} stik: ret resultatet, der blev "
        "indtastet ved bordet.",
    "result.declarer_mismatch":
        "Spilfører er {seat}, men spilførerparret er indtastet som {pair} (parrene er "
        "{ns_pair} Nord-Syd og {ew_pair} Øst-Vest): kontroller, hvem der var spilfører.",
    "result.artificial":
        "En kunstig score {score} er indtastet (§ 12C2): kontroller, at turneringslederen "
        "har tildelt den; regneprogrammet tager den som indtastet.",
    "result.not_played":
        "Spillet er indtastet som ikke spillet: giv en kunstig score (§ 12C2), f.eks. "
        "40%-40% når ingen side har skylden, 60%-40% når den ene side har.",
    "result.lead_not_held":
        "Udspillet er indtastet som {card}, men udspilleren {seat} har ikke kortet "
        "({holder_text}): kontroller udspillet.",
    "result.lead_holder": "kortfordelingen giver det til {holder}",
    "result.lead_mismatch":
        "Udspillet er indtastet som {card}, men spilforløbet starter med {played}.",
})


def artificial_text(score: ArtificialScore) -> str:
    """An artificial score in the scorers' vocabulary: ``60%-40%`` (North-South first)."""
    return f"{score.ns_percent}%-{score.ew_percent}%"


def _result_text(delta: int) -> str:
    return "=" if delta == 0 else f"{delta:+d}"


def check_recorded_result(record: BoardRecord, context: ReviewContext | None = None
                          ) -> list[Finding]:
    """Every finding about the result as entered (see the module docstring)."""
    out: list[Finding] = []
    loc = record.location

    def add(kind: FindingKind, key: str, law: str | None = None, data: dict | None = None,
            **params: object) -> None:
        out.append(Finding(kind=kind, key=key, params=params, law=law, board=record.board,
                           record=loc.record, path=loc.path, line=loc.line,
                           data=data or {}))

    extra = record.extra
    artificial = record.artificial
    if artificial is not None:
        add(FindingKind.ARTIFICIAL_SCORE, "result.artificial", law="12C2",
            data={"ns_percent": artificial.ns_percent, "ew_percent": artificial.ew_percent},
            score=artificial_text(artificial))
    if extra.get("not_played"):
        add(FindingKind.NOT_PLAYED, "result.not_played", law="12C2")

    contract = record.contract
    tricks = record.declarer_tricks
    if contract is not None and not contract.is_passed_out and tricks is not None \
            and not 0 <= tricks <= 13:
        delta = tricks - contract.tricks_needed
        add(FindingKind.IMPOSSIBLE_RESULT, "result.impossible", data={"tricks": tricks},
            contract=contract.pbn(), result=_result_text(delta), tricks=tricks)

    declarer = record.declarer
    pair = extra.get("declaring_pair")
    if declarer is not None and pair is not None and record.ns_pair is not None \
            and record.ew_pair is not None and record.ns_pair != record.ew_pair:
        expected = record.ns_pair if declarer.side.value == "NS" else record.ew_pair
        if str(pair) != expected:
            add(FindingKind.DECLARER_MISMATCH, "result.declarer_mismatch",
                data={"declarer": declarer.value, "declaring_pair": str(pair)},
                seat=seat_name(declarer), pair=pair, ns_pair=record.ns_pair,
                ew_pair=record.ew_pair)

    lead = record.lead
    if lead is not None and declarer is not None:
        leader = declarer.lho
        hand = record.deal[leader] if record.deal is not None else None
        if hand is not None and lead not in hand:
            holder = record.deal.holder(lead)
            holder_text = Msg("result.lead_holder", {"holder": seat_name(holder)}) if holder else ""
            out.append(Finding(kind=FindingKind.LEAD_NOT_HELD, key="result.lead_not_held",
                               params={"card": lead.pbn(), "seat": seat_name(leader),
                                       "holder_text": holder_text},
                               board=record.board, record=loc.record, path=loc.path,
                               line=loc.line, seat=leader,
                               data={"card": lead.pbn(), "leader": leader.value,
                                     "holder": holder.value if holder else None}))
        play = record.play
        if play is not None and len(play):
            first = next(iter(play.cards())).card
            if first is not lead:
                add(FindingKind.LEAD_MISMATCH, "result.lead_mismatch",
                    data={"card": lead.pbn(), "played": first.pbn()},
                    card=lead.pbn(), played=first.pbn())
    return out
