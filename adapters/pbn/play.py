"""The Play section of PBN (2.1 §3.6, §3.9) read into a `Play` in played order.

PBN lists each trick in fixed columns, one per player clockwise from the Play tag's
seat, not in the order the cards were played: who led a trick follows from who won the
one before (a ``^L`` card leads its trick instead).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from adapters.pbn.sections import SUFFIX_NAGS, PbnItem, Report, Token, token_text
from td_plugin.messages import MsgText, seat_name
from td_plugin.model.cards import SEATS, SUITS, Card, Seat, Suit
from td_plugin.model.play import PLAIN_PLAYED, Play, PlayedCard, Trick, winning_position

__all__ = ["build_play", "CARDS"]

#: cards by their upper-case PBN text
CARDS: dict[str, Card] = {c.pbn(): c for c in Card.all()}
#: the plain played cards (`td_plugin.model.play.PLAIN_PLAYED`) of each seat by their PBN text
_PLAYED_BY_TEXT = [{c.pbn(): by_seat[c.index] for c in Card.all()} for by_seat in PLAIN_PLAYED]
_INDEX_BY_TEXT = {c.pbn(): c.index for c in Card.all()}
#: for each seat of the Play tag (by index), each column's player's played card by its text
_COLUMN_CARDS = [tuple(_PLAYED_BY_TEXT[(p0 + c) & 3].get for c in range(4)) for p0 in range(4)]
_SEAT_INDEX = {s: i for i, s in enumerate(SEATS)}
_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
_DASH = "-"
_PLUS = "+"
_BAD = "?"  # a token that is not a card (reported): unknown, like '-'


_ORDER = ((0, 1, 2, 3), (1, 2, 3, 0), (2, 3, 0, 1), (3, 0, 1, 2))
#: the slots of plain tokens by their text: the cards, and '-' for an unknown card
_PLAIN_SLOTS: dict[str, Card | str] = {**CARDS, "-": _DASH}


def _slots(tokens: Sequence[Token], report: Report
           ) -> tuple[list[Card | str], Sequence[Token], bool, int]:
    """Cards (or ``-``/``+``) in column order, their tokens, whether ``*`` ended the
    section, and how many ``+`` it has."""
    if tokens and type(tokens[0]) is str:
        # a section's tokens are all plain text or all items (`parse_items`)
        plain = list(map(_PLAIN_SLOTS.get, cast("Sequence[str]", tokens)))
        star = bool(plain) and plain[-1] is None and tokens[-1] == "*"
        if star:
            plain.pop()
        if None not in plain:
            return cast("list[Card | str]", plain), tokens, star, 0
    slots: list[Card | str] = []
    slot_tokens: list[Token] = []
    star = False
    pluses = 0
    for tok in tokens:
        text = token_text(tok)
        if star:
            report(tok, MsgText.of("problem.pbn.card_after_star", {"token": repr(text)}))
            break
        card = CARDS.get(text) or CARDS.get(text.upper())
        if card is not None:
            slots.append(card)
        elif text == "*":
            if pluses:
                report(tok, MsgText.of("problem.pbn.star_after_plus"))
            star = True
            continue
        elif text == "+":
            pluses += 1
            if pluses == 2:
                report(tok, MsgText.of("problem.pbn.second_plus"))
            slots.append(_PLUS)
        elif text.strip("-") == "":
            slots.append(_DASH)
        else:
            report(tok, MsgText.of("problem.pbn.not_card", {"token": repr(text)}))
            slots.append(_BAD)
        slot_tokens.append(tok)
    return slots, slot_tokens, star, pluses


def build_play(tokens: Sequence[Token], play_seat: Seat, trump: Suit | None,
               trump_known: bool, hands: Sequence[int] | None,
               report: Report) -> tuple[Play, list[int], list[tuple[int, Token]]]:
    """The play in played order, the trick numbers whose row would only fit the deal
    when read leader-first (``hands``: the mask of each seat's hand by index in SEATS,
    for a complete deal), and the note references.

    One function on purpose: a reader hot path, run on every card of every play
    (measured by benchmarks/bench_readers.py).

    Cards stand in columns, one per player clockwise from ``play_seat``; the winner of
    each trick leads the next (a ``^L`` card leads its trick instead). The play stops at
    the first unknown card (``-``) or ``+``. A claim is what the record marks as one:
    ``*`` before the thirteenth trick is complete, or rows of ``-`` filling the record out
    to thirteen tricks (as BBO conversions write a claim); a record that simply stops is
    incomplete, not a claim. Without the trump (``trump_known`` false) the tricks stay in
    column order.
    """
    p0 = _SEAT_INDEX[play_seat]
    trump_index = _SUIT_INDEX[trump] if trump is not None else -1
    if trump_known and tokens and type(tokens[0]) is str:
        # the leading rows of four plain cards, the usual play record (all of it, mostly)
        tricks, leader_first, lead_col, done = _plain_tricks(
            cast("Sequence[str]", tokens), p0, trump_index, hands)  # all plain, as the first
    else:
        tricks, leader_first, lead_col, done = [], [], 0, 0
    slots, slot_tokens, star, pluses = _slots(tokens[done * 4:], report)
    annotated = bool(slot_tokens) and type(slot_tokens[0]) is not str
    refs: list[tuple[int, Token]] = [(tok.note, tok) for tok in slot_tokens
            if isinstance(tok, PbnItem) and tok.note is not None] if annotated else []
    rows = [slots[i:i + 4] for i in range(0, len(slots), 4)]
    padded = done + len(rows) == 13  # BBO's claim: dash rows out to the thirteenth trick
    dashes = 0
    while rows and all(s is _DASH for s in rows[-1]):
        rows.pop()
        dashes += 1
    padded = padded and dashes > 0
    if not trump_known:
        tricks = [Trick(tuple(_played((p0 + c) & 3, s, slot_tokens[r * 4 + c])
                              for c, s in enumerate(row) if type(s) is Card))
                  for r, row in enumerate(rows)]
        return Play(tuple(t for t in tricks if t.cards), claimed=star and _BAD not in slots,
                    incomplete=not star or _BAD in slots, unread=_BAD in slots), [], refs
    stop: str | None = None
    played_cards = PLAIN_PLAYED
    for r0, row in enumerate(rows):
        r = done + r0
        row_tokens = slot_tokens[r0 * 4:r0 * 4 + 4]
        if stop is not None:
            for c, s in enumerate(row):
                if type(s) is Card and stop is not _BAD:
                    report(row_tokens[c], MsgText.of("problem.pbn.card_after_stop", {
                        "card": s.pbn(), "stop": repr(stop), "trick": len(tricks)}))
                    break
            else:
                continue
            break
        if _BAD in row:  # a token not read: this row's cards may stand in the wrong columns
            stop = _BAD
            break
        if annotated:
            lead_col = _lead_out_of_turn(row_tokens, lead_col, play_seat, report)
        full: tuple[Card, Card, Card, Card] | None = None  # the trick's cards, when all known
        if len(row) == 4:
            o = _ORDER[lead_col]
            c0, c1, c2, c3 = row[o[0]], row[o[1]], row[o[2]], row[o[3]]
            if type(c0) is Card and type(c1) is Card and type(c2) is Card and type(c3) is Card:
                full = (c0, c1, c2, c3)
        if full is not None and not annotated:
            ls = p0 + lead_col
            played: Sequence[PlayedCard] = (
                played_cards[ls & 3][full[0].index], played_cards[(ls + 1) & 3][full[1].index],
                played_cards[(ls + 2) & 3][full[2].index], played_cards[(ls + 3) & 3][full[3].index])
        else:
            played = []
            for k in range(4):
                c = (lead_col + k) & 3
                s = row[c] if c < len(row) else _DASH
                if not isinstance(s, Card):
                    stop = s
                    if s is _PLUS:
                        _cards_after_plus(row, row_tokens, lead_col, k, report)
                    elif hands is not None:
                        _cards_after_unknown(row, row_tokens, p0, lead_col, k, hands,
                                             len(tricks) + 1, report)
                    break
                played.append(_played((p0 + c) & 3, s, row_tokens[c]))
            if annotated:
                _check_revoke_marks(played, row_tokens, lead_col, report)
        if played:
            tricks.append(Trick(tuple(played)))
        if stop is not None:
            continue
        if hands is not None and lead_col and _fits_leader_first(row, p0, lead_col, hands):
            leader_first.append(r + 1)
        assert full is not None  # no card unknown: the play did not stop
        won = winning_position(full[0].index, full[1].index, full[2].index, full[3].index,
                               trump_index)
        lead_col = (lead_col + won) & 3
    return _ended(tricks, done, stop, (star or padded) and not pluses), leader_first, refs


def _ended(tricks: list[Trick], done: int, stop: str | None, claim_marked: bool) -> Play:
    """The play of ``tricks`` (``done`` of them read plainly) as its section ends: up to a
    token not read, which leaves the rest unknown (`Play.unread`); else claimed when the
    section marks a claim (``claim_marked``) before the thirteenth trick, else incomplete
    when it stops short."""
    if stop is _BAD:
        return Play(tuple(tricks), incomplete=True, unread=True)
    complete = done + sum(1 for t in tricks[done:] if len(t.cards) == 4)
    claimed = claim_marked and complete < 13
    return Play(tuple(tricks), claimed=claimed, incomplete=not claimed and complete < 13)


def _plain_tricks(tokens: Sequence[str], p0: int, trump: int, hands: Sequence[int] | None
                  ) -> tuple[list[Trick], list[int], int, int]:
    """The tricks of the leading rows of four cards written plainly (upper case, no
    annotation): the tricks, the leader-first rows, the column that leads next, and how
    many rows were read."""
    tricks = []
    leader_first = []
    # each column's player's card by its text, and each card's index by its text
    col0, col1, col2, col3 = _COLUMN_CARDS[p0]
    index = _INDEX_BY_TEXT.get
    columns = _COLUMN_SEATS[p0]
    if hands is not None:  # each column's player's hand
        h0, h1, h2, h3 = hands[p0], hands[(p0 + 1) & 3], hands[(p0 + 2) & 3], hands[(p0 + 3) & 3]
    lead = 0
    rows = 0
    t0, t1, t2, t3 = tokens[0::4], tokens[1::4], tokens[2::4], tokens[3::4]
    for a, b, c, d, ia, ib, ic, id_ in zip(map(col0, t0), map(col1, t1), map(col2, t2),
                                          map(col3, t3), map(index, t0), map(index, t1),
                                          map(index, t2), map(index, t3)):
        if a is None or b is None or c is None or d is None:
            break
        if lead == 0:
            tricks.append(Trick((a, b, c, d)))
            best = winning_position(ia, ib, ic, id_, trump)
        else:
            if lead == 1:
                tricks.append(Trick((b, c, d, a)))
                best = winning_position(ib, ic, id_, ia, trump)
            elif lead == 2:
                tricks.append(Trick((c, d, a, b)))
                best = winning_position(ic, id_, ia, ib, trump)
            else:
                tricks.append(Trick((d, a, b, c)))
                best = winning_position(id_, ia, ib, ic, trump)
            if hands is not None and not (
                    h0 >> ia & 1 and h1 >> ib & 1 and h2 >> ic & 1 and h3 >> id_ & 1) \
                    and _fits(a.card, b.card, c.card, d.card, columns[lead], hands):
                leader_first.append(rows + 1)  # see _fits_leader_first
        lead = (lead + best) & 3
        rows += 1
    return tricks, leader_first, lead, rows


def _played(seat: int, card: Card, tok: Token) -> PlayedCard:
    if isinstance(tok, str) or not (tok.marker or tok.note is not None or tok.nags or tok.suffix):
        return PLAIN_PLAYED[seat][card.index]
    nags = tok.nags + (SUFFIX_NAGS[tok.suffix] + 6,) if tok.suffix else tok.nags
    return PlayedCard(SEATS[seat], card, tok.marker,
                      () if tok.note is None else (tok.note,), tuple(sorted(nags)))


def _lead_out_of_turn(row_tokens: Sequence[Token], lead_col: int, play_seat: Seat,
                      report: Report) -> int:
    """The column that leads: the ``^L`` card's, else ``lead_col``."""
    marked = [c for c, tok in enumerate(row_tokens)
              if not isinstance(tok, str) and tok.marker == "L"]
    if not marked:
        return lead_col
    if len(marked) > 1:
        report(row_tokens[marked[1]], MsgText.of("problem.pbn.two_leads_marked"))
    if marked[0] == lead_col:
        report(row_tokens[marked[0]], MsgText.of(
            "problem.pbn.lead_mark_in_turn", {"seat": seat_name(play_seat.offset(lead_col))}))
    return marked[0]


def _check_revoke_marks(played: list[PlayedCard], row_tokens: Sequence[Token], lead_col: int,
                        report: Report) -> None:
    """``^R`` cannot mark the card led, nor a card of the suit led."""
    for k, pc in enumerate(played):
        if pc.marker != "R":
            continue
        tok = row_tokens[(lead_col + k) & 3]
        if k == 0:
            report(tok, MsgText.of("problem.pbn.revoke_mark_lead",
                                   {"card": pc.card.pbn()}))
        elif pc.card.suit is played[0].card.suit:
            report(tok, MsgText.of("problem.pbn.revoke_mark_follows",
                                   {"card": pc.card.pbn()}))


def _cards_after_plus(row: list[Card | str], row_tokens: Sequence[Token], lead_col: int,
                      k: int, report: Report) -> None:
    for k2 in range(k + 1, 4):
        c = (lead_col + k2) & 3
        if c < len(row) and type(row[c]) is Card:
            report(row_tokens[c], MsgText.of(
                "problem.pbn.card_after_plus", {"card": row[c].pbn()}))  # type: ignore[union-attr]
            return


def _cards_after_unknown(row: list[Card | str], row_tokens: Sequence[Token], p0: int,
                        lead_col: int, k: int, hands: Sequence[int], trick: int,
                        report: Report) -> None:
    """A card after an unknown one (``- - - HK``) cannot be put in played order; that is
    legal PBN, but when its column's player was not dealt it, the row is wrong: say so."""
    for k2 in range(k + 1, 4):
        c = (lead_col + k2) & 3
        card = row[c] if c < len(row) else None
        if type(card) is not Card:
            continue
        bit = 1 << card.index
        if not hands[(p0 + c) & 3] & bit:
            column = SEATS[(p0 + c) & 3]
            holder = next(s for s, hand in zip(SEATS, hands) if hand & bit)
            report(row_tokens[c], MsgText.of("problem.pbn.card_after_unknown", {
                "card": card.pbn(), "column": seat_name(column), "trick": trick,
                "holder": seat_name(holder)}))
            return


_COLUMN_SEATS = [[tuple((p0 + lead + j) & 3 for j in range(4)) for lead in range(4)]
                 for p0 in range(4)]


def _fits(a: Card, b: Card, c: Card, d: Card, seats: tuple[int, ...],
          hands: Sequence[int]) -> bool:
    """Whether each of the four cards was dealt to the seat (index) standing with it."""
    return bool(hands[seats[0]] >> a.index & 1 and hands[seats[1]] >> b.index & 1
                and hands[seats[2]] >> c.index & 1 and hands[seats[3]] >> d.index & 1)


def _fits_leader_first(row: list[Card | str], p0: int, lead_col: int,
                       hands: Sequence[int]) -> bool:
    """Whether a complete row has a card its column's player was not dealt, while every
    card fits when the row is read from the leader on (the leader not in column 0)."""
    by_column = _COLUMN_SEATS[p0]
    a, b, c, d = row
    return not _fits(a, b, c, d, by_column[0], hands) and _fits(  # type: ignore[arg-type]
        a, b, c, d, by_column[lead_col], hands)  # type: ignore[arg-type]
