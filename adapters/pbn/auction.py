"""The Auction section of PBN (2.1 §3.5, §3.9) read into an `Auction`."""

from __future__ import annotations

from collections.abc import Sequence

from adapters.pbn.sections import PbnItem, Report, Token, token_text
from td_plugin.messages import MsgText, seat_name
from td_plugin.model.auction import CALL_SPELLINGS, Auction, AuctionEntry, Call
from td_plugin.model.cards import Seat

__all__ = ["build_auction", "CALLS"]

#: calls by their upper-case text: the model's one table of spellings, so ``1N`` .. ``7N``,
#: ``P``, ``D`` and ``R`` as the programs write them are read as the LIN reader reads them.
#: A ``!`` after a call stays the standard's suffix (a good call, §3.5.3), not a LIN alert.
CALLS: dict[str, Call] = CALL_SPELLINGS
_PLAIN_ENTRY = {call: AuctionEntry(call) for call in CALLS.values()}
_SKIPPED = AuctionEntry(None, skipped=True)
_PASS_ENTRY = _PLAIN_ENTRY[Call.PASS]  # type: ignore[attr-defined]
#: the usual spellings of plain calls, for a quick look-up
_PLAIN_TEXT = {variant: _PLAIN_ENTRY[call] for text, call in CALLS.items()
               for variant in {text, text.lower(), text.capitalize(), call.pbn()}}


def build_auction(tokens: Sequence[Token], tag_seat: Seat, dealer: Seat | None,
                  report: Report) -> tuple[Auction, list[tuple[int, Token]]]:
    """The auction of a section whose tag names ``tag_seat``, and its note references.
    One function on purpose: a reader hot path, run on every call of every auction
    (measured by benchmarks/bench_readers.py).

    Leading ``-`` placeholders move the first call clockwise from ``tag_seat``; the
    auction starts with the first caller, whoever the dealer is (a mismatch is
    reported, not repaired). ``AP`` adds the passes that end the auction; ``*`` (no
    further calls) and ``+`` (the next call is still to be made) mark it truncated. A
    token that is no call is reported and marks the auction unread (`Auction.unread`).
    """
    entries: list[AuctionEntry] = []
    refs: list[tuple[int, Token]] = []
    dashes = 0
    end: str | None = None
    truncated = False
    unread = False
    last_bid_rank = -1
    first: Token | None = None
    for tok in tokens:
        entry = _PLAIN_TEXT.get(tok) if type(tok) is str and end is None else None
        if entry is not None:
            if first is None:
                first = tok
            entries.append(entry)
            if entry.call.rank > last_bid_rank:  # type: ignore[union-attr]
                last_bid_rank = entry.call.rank  # type: ignore[union-attr]
            continue
        text = token_text(tok)
        if end is not None:
            if text != "-" or end != "+":
                report(tok, MsgText.of("problem.pbn.call_after_end",
                                           {"token": repr(text), "end": repr(end)}))
                break
            continue
        if text.strip("-") == "":
            if first is not None:
                report(tok, MsgText.of("problem.pbn.late_placeholder"))
            else:
                dashes += 1
            continue
        if first is None:
            first = tok
        if text == "*":
            truncated = True
            end = "*"
            continue
        if text == "+":
            truncated = True
            end = "+"
            continue
        item = tok if isinstance(tok, PbnItem) else None
        if text == "^S":
            entries.append(_SKIPPED)
            continue
        key = text.upper()
        if key == "AP":
            entries.extend([_PASS_ENTRY] * _passes_to_end(entries))
            end = "AP"
            if item is not None and (item.marker or item.note):
                report(tok, MsgText.of("problem.pbn.ap_annotated"))
            continue
        call = CALLS.get(key)
        if call is None:
            report(tok, MsgText.of("problem.pbn.not_call", {"token": repr(text)}))
            unread = True
            continue
        if item is None:
            entries.append(_PLAIN_ENTRY[call])
        else:
            insufficient = item.marker == "I"
            if insufficient:
                if not call.is_bid:
                    report(tok, MsgText.of("problem.pbn.insufficient_not_bid",
                                                   {"call": text}))
                elif call.rank > last_bid_rank:
                    report(tok, MsgText.of(
                        "problem.pbn.insufficient_sufficient", {"call": text}))
            if item.note is not None:
                refs.append((item.note, tok))
            nags = tuple(sorted(item.nags))
            if item.suffix or item.note is not None or nags or insufficient:
                entries.append(AuctionEntry(call, insufficient=insufficient,
                                            notes=() if item.note is None else (item.note,),
                                            nags=nags, suffix=item.suffix))
            else:
                entries.append(_PLAIN_ENTRY[call])
        if call.is_bid:
            last_bid_rank = max(last_bid_rank, call.rank)
    if dashes > 3:
        report(first, MsgText.of(
            "problem.pbn.too_many_placeholders", {"n": dashes}))
    start = tag_seat.offset(dashes)
    if dealer is not None and start is not dealer and (entries or truncated):
        report(first, MsgText.of("problem.pbn.auction_start", {
            "start": seat_name(start), "dealer": seat_name(dealer)}))
    return Auction(start, tuple(entries), truncated, unread), refs


def _passes_to_end(entries: list[AuctionEntry]) -> int:
    """How many passes ``AP`` stands for after ``entries``."""
    trailing = 0
    for e in reversed(entries):
        if e.call is None:
            continue
        if not e.call.is_pass:
            break
        trailing += 1
    opened = any(e.call is not None and not e.call.is_pass for e in entries)
    return max((3 if opened else 4) - trailing, 0)
