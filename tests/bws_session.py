"""Building Bridgemate tables in Python for tests: a ``.bws`` cannot be written here, so
sessions with bidding and play records are made as rows and read through the same
`adapters.bws.tables.TableReader` interface (`MemoryTables`) the adapter reads files with.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from typing import Any

from adapters.bws.tables import MemoryTables
from td_plugin.model.cards import SEATS, Card, Seat, Suit
from td_plugin.model.deal import Deal
from td_plugin.model.play import PlayedCard, trick_winner

DATE = "2025-12-23 00:00:00"


def time_log(clock: str) -> str:
    """``"19:05:00"`` -> a TimeLog value as access-parser gives it."""
    return f"1899-12-30 {clock}"


def section_rows(*letters_tables: tuple[str, int]) -> list[dict[str, Any]]:
    return [{"ID": i, "Letter": f"{letter:<3}", "Tables": tables, "MissingPair": 0}
            for i, (letter, tables) in enumerate(letters_tables, start=1)]


def round_row(section: int, table: int, round_: int, ns: int, ew: int, low: int,
              high: int) -> dict[str, Any]:
    return {"Section": section, "Table": table, "Round": round_, "NSPair": ns, "EWPair": ew,
            "LowBoard": low, "HighBoard": high, "CustomBoards": None}


def result_row(id_: int, section: int, table: int, round_: int, board: int, ns: int, ew: int,
               declarer: str, contract: str, result: str, clock: str, *, lead: str = "",
               remarks: str = "", erased: bool = False) -> dict[str, Any]:
    pair = ns if declarer in ("N", "S") else ew
    return {"ID": id_, "Section": section, "Table": table, "Round": round_, "Board": board,
            "PairNS": ns, "PairEW": ew, "Declarer": pair if declarer else 0, "NS/EW": declarer,
            "Contract": contract, "Result": result, "LeadCard": lead, "Remarks": remarks,
            "DateLog": DATE, "TimeLog": time_log(clock), "Processed": False,
            "Processed1": False, "Processed2": False, "Processed3": False,
            "Processed4": False, "Erased": erased, "ExternalUpdate": False,
            "SuspiciousContract": 0}


def action_rows(column: str, section: int, table: int, round_: int, board: int,
                actions: Iterable[tuple[str, str]], start: dt.datetime,
                first_id: int = 1) -> list[dict[str, Any]]:
    """``BiddingData`` (column "Bid") or ``PlayData`` (column "Card") rows, one second
    apart from ``start``."""
    out = []
    for i, (direction, value) in enumerate(actions):
        when = start + dt.timedelta(seconds=i)
        out.append({"ID": first_id + i, "Section": section, "Table": table, "Round": round_,
                    "Board": board, "Counter": i + 1, "Direction": direction, column: value,
                    "DateLog": DATE, "TimeLog": time_log(when.strftime("%H:%M:%S")),
                    "Erased": False})
    return out


def hand_record_row(section: int, board: int, deal: Deal) -> dict[str, Any]:
    row: dict[str, Any] = {"Section": section, "Board": board}
    for seat, name in ((Seat.N, "North"), (Seat.E, "East"), (Seat.S, "South"), (Seat.W, "West")):
        hand = deal[seat]
        for suit, suit_name in ((Suit.S, "Spades"), (Suit.H, "Hearts"), (Suit.D, "Diamonds"),
                                (Suit.C, "Clubs")):
            row[f"{name}{suit_name}"] = "".join(c.rank.pbn() for c in hand.cards_of(suit))
    return row


def play_with_revoke(deal: Deal, leader: Seat, trump: Suit | None, revoke_trick: int,
                     revoker: Seat) -> list[tuple[Seat, Card]]:
    """A whole play, in played order: the leader plays his highest card, the others
    follow with their lowest card of the suit led (or their lowest card when void),
    except that on ``revoke_trick`` (1-based) ``revoker`` plays his lowest card of
    another suit although he holds the suit led."""
    hands = {s: list(deal[s]) for s in SEATS}
    out: list[tuple[Seat, Card]] = []
    seat = leader
    for trick_no in range(1, 14):
        trick: list[PlayedCard] = []
        for _ in range(4):
            hand = hands[seat]
            if not trick:
                card = max(hand, key=lambda c: (len([x for x in hand if x.suit is c.suit]), c.rank))
            else:
                led = trick[0].card.suit
                follow = [c for c in hand if c.suit is led]
                other = [c for c in hand if c.suit is not led]
                if trick_no == revoke_trick and seat is revoker and follow and other:
                    card = min(other, key=lambda c: c.rank)
                elif follow:
                    card = min(follow, key=lambda c: c.rank)
                else:
                    card = min(hand, key=lambda c: c.rank)
            hand.remove(card)
            trick.append(PlayedCard(seat, card))
            out.append((seat, card))
            seat = seat.next
        seat = trick_winner(trick, trump)
    return out


def memory_tables(**tables: list[dict[str, Any]]) -> MemoryTables:
    return MemoryTables(tables, path="session.bws")


__all__ = ["DATE", "time_log", "section_rows", "round_row", "result_row", "action_rows",
           "hand_record_row", "play_with_revoke", "memory_tables"]
