"""Calls, suits, clauses and lists as language-neutral message values (`messages.Msg`).

Rulings keep their facts as these values; the text is rendered later in English or
Danish ("1NT"/"1ut", "pass"/"pas", "Law 25B1"/"§ 25B1").
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from td_plugin.messages import Msg, MsgList, seat_name
from td_plugin.model.auction import Call, CallKind
from td_plugin.model.cards import Card, Seat, Side, Suit
from td_plugin.model.contract import Contract
from td_plugin.model.outcomes import ArtificialScore

__all__ = ["artificial_text", "call_msg", "seat_call_msg", "suit_msg", "side_msg", "law_msg", "laws_msg",
           "seat_msg", "join_msgs", "contract_msg", "card_msg"]


#: the messages of calls, cards and contracts made so far: a message is not changed once
#: made (`Msg`), and the same few recur in every finding (each made once, and its text
#: found again by identity)
_CALLS: dict[Call, Msg] = {}
_CARDS: dict[Card, Msg] = {}
_CONTRACTS: dict[tuple[Contract, bool], Msg] = {}


def call_msg(call: Call) -> Msg:
    """``1♦``, ``1NT`` (da ``1ut``), ``pass`` (``pas``), ``double`` (``dobling``)."""
    msg = _CALLS.get(call)
    if msg is None:
        if call.kind is CallKind.BID:
            assert call.strain is not None
            msg = Msg("callname.bid", {"level": call.level,
                                       "strain": Msg(f"callname.strain.{call.strain.value}")})
        else:
            msg = Msg(f"callname.{call.kind.value}")
        _CALLS[call] = msg
    return msg


def card_msg(card: Card) -> Msg:
    """``♥5``, ``♦K`` (``♦K`` in Danish too, ``♠E`` for the ace), ``♣10``."""
    msg = _CARDS.get(card)
    if msg is None:
        rank = card.rank.pbn()
        rank_text: Any = Msg(f"revoke.rank.{rank}") if rank in "AKQJ" else (
            "10" if rank == "T" else rank)
        msg = _CARDS[card] = Msg("revoke.card", {"suit": card.suit.symbol, "rank": rank_text})
    return msg


def contract_msg(contract: Contract, declarer: bool = False) -> Msg:
    """``4♠X`` (``3ut`` in Danish), ``passed out``; with ``declarer``, ``4♠X by South``
    when the contract names one."""
    key = (contract, declarer)
    msg = _CONTRACTS.get(key)
    if msg is None:
        if len(_CONTRACTS) >= 4096:  # (contracts of every level, strain, risk, declarer)
            _CONTRACTS.clear()
        msg = _CONTRACTS[key] = _contract_msg(contract, declarer)
    return msg


def _contract_msg(contract: Contract, declarer: bool) -> Msg:
    if contract.is_passed_out:
        return Msg("callname.passed_out")
    bid = Call.bid(contract.level, contract.strain)  # type: ignore[arg-type]
    text = Msg("callname.contract", {"call": call_msg(bid), "risk": "X" * contract.risk})
    if declarer and contract.declarer is not None:
        return Msg("callname.contract_by", {"contract": text,
                                            "declarer": seat_name(contract.declarer)})
    return text


def seat_msg(seat: Seat) -> Msg:
    return seat_name(seat)


def seat_call_msg(seat: Seat, call: Call) -> Msg:
    """"South's 1♦" as one value (``{seat}s`` in Danish)."""
    return Msg("callname.of_seat", {"seat": seat_name(seat), "call": call_msg(call)})


def suit_msg(suit: Suit) -> Msg:
    return Msg(f"suitname.{suit.value}")


def side_msg(side: Side) -> Msg:
    return Msg(f"side.{side.value}")


def law_msg(law: str) -> Msg:
    """A clause cited in running text: "Law 27D" / "§ 27D"."""
    return Msg("lawname.one", {"law": law})


def laws_msg(laws: Iterable[str]) -> Msg:
    """Several clauses cited together: "Laws 25B2, 16C, 26B" / "§ 25B2, § 16C, § 26B"."""
    laws = list(laws)
    if len(laws) == 1:
        return law_msg(laws[0])
    items = MsgList(Msg("lawname.item", {"law": law}) for law in laws)
    return Msg("lawname.list", {"laws": items})


def join_msgs(items: Iterable[Msg | str], word: str = "and") -> Msg | str:
    """Items joined as "a, b and c" ("a, b og c"); ``word`` is ``"and"`` or ``"or"``.
    The items before the last are one flat `MsgList`, however many there are."""
    items = list(items)
    if not items:
        return Msg("listname.none")
    if len(items) == 1:
        return items[0]
    head: Msg | str | MsgList = items[0] if len(items) == 2 else MsgList(items[:-1])
    return Msg(f"listname.{word}", {"a": head, "b": items[-1]})


def artificial_text(score: ArtificialScore) -> str:
    """An artificial score in the scorers' vocabulary: ``60%-40%`` (North-South first)."""
    return f"{score.ns_percent}%-{score.ew_percent}%"
