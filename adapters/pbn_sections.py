"""The Auction and Play sections of PBN (2.1 §3.5, §3.6, §3.9): tokens and what they record.

A section's data become `PbnItem`s: a call or card token as written with its
irregularity marker (``^I ^S ^R ^L``), suffix, note reference and NAGs, and the
commentary that follows it. `build_auction` and `build_play` turn items into the domain
model: the auction from the first caller, the play in *played order* (PBN lists each
trick in fixed columns, one per player clockwise from the Play tag's seat; who led a
trick follows from who won the one before).

Both builders take plain token strings as well as items, so that a section without
annotations needs no item objects; a ``report(item, message)`` callback receives each
problem with the item it concerns (None: the section as a whole).
"""

from __future__ import annotations

import re
from typing import Callable, Sequence, Union

from adapters.pbn_game import PbnComment, PbnSection
from td_plugin.auction import Auction, AuctionEntry, Call
from td_plugin.cards import SEATS, SUITS, Card, Seat, Suit
from td_plugin.play import Play, PlayedCard, Trick

__all__ = ["PbnItem", "parse_items", "plain_tokens", "build_auction", "build_play",
           "SUFFIX_NAGS", "CALL_NAGS", "CARD_NAGS", "CALLS", "CARDS"]

#: suffix -> NAG for calls; cards use these plus 6 (§3.7)
SUFFIX_NAGS = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}
CALL_NAGS = frozenset((1, 2, 3, 4, 5, 6, 13))
CARD_NAGS = frozenset((7, 8, 9, 10, 11, 12, 14))
_CALL_EVAL = frozenset(range(1, 7))
_CARD_EVAL = frozenset(range(7, 13))


class PbnItem:
    """A call or card token as written (``"1D"``, ``"pass"``, ``"SK"``, ``"-"``,
    ``"AP"``, ``"^S"``, ``"*"``, ``"+"``) with its annotations."""

    __slots__ = ("text", "pos", "line", "marker", "suffix", "note", "nags", "comments")

    def __init__(self, text: str, pos: int, line: int, marker: str | None = None) -> None:
        self.text = text
        self.pos = pos
        self.line = line
        self.marker = marker
        self.suffix = ""
        self.note: int | None = None
        self.nags: tuple[int, ...] = ()
        self.comments: list[PbnComment] = []

    def __repr__(self) -> str:
        return f"PbnItem({self.text!r}, line={self.line}, marker={self.marker!r})"


Token = Union[str, PbnItem]
Report = Callable[[Union[Token, None], str], None]

_TOKEN = re.compile(r"[A-Za-z0-9-]+|=[^=\s]*=?|\$[^\s=$!?^*+]*|[!?]{1,2}|\^\S?|[*+]|\S")
_NOTE_REF = re.compile(r"=(\d+)=\Z")
_NAG = re.compile(r"\$(\d+)\Z")
_SPECIAL = re.compile(r"[=$!?^]")


def parse_items(section: PbnSection, line_of: Callable[[int], int],
                report: Callable[[int, str], None]) -> list[PbnItem]:
    """The items of an Auction or Play section; ``report(pos, message)`` gets syntax
    problems (misplaced markers, bad note references and NAGs, double suffixes)."""
    is_play = section.kind == "play"
    what = "card" if is_play else "call"
    allowed = "RL" if is_play else "IS"
    evaluation = _CARD_EVAL if is_play else _CALL_EVAL
    wrong_nags = CALL_NAGS if is_play else CARD_NAGS
    items: list[PbnItem] = []
    cur: PbnItem | None = None
    pending: str | None = None
    for piece in section.pieces:
        if isinstance(piece, PbnComment):
            if cur is not None:
                cur.comments.append(piece)
            continue
        base, run = piece
        for m in _TOKEN.finditer(run):
            tok = m.group()
            pos = base + m.start()
            c = tok[0]
            if c.isalnum() or c == "-" or c == "*" or c == "+":
                if pending and (c == "*" or c == "+"):
                    report(pos, f"^{pending} is not followed by a {what}")
                    pending = None
                cur = PbnItem(tok, pos, line_of(pos), pending)
                pending = None
                items.append(cur)
            elif c == "^":
                letter = tok[1:].upper()
                if letter not in allowed or not letter:
                    report(pos, f"{tok!r} is not an irregularity of the {section.kind} "
                                f"({', '.join('^' + x for x in allowed)}, §3.9)")
                elif letter == "S":
                    if pending:
                        report(pos, f"^{pending} is not followed by a {what}")
                        pending = None
                    cur = PbnItem("^S", pos, line_of(pos), "S")
                    items.append(cur)
                else:
                    if pending:
                        report(pos, f"two irregularity markers before one {what}")
                    pending = letter
            elif c not in "=$!?":
                report(pos, f"unexpected {tok!r} in the {section.kind}")
            elif cur is None:
                report(pos, f"{tok!r} does not follow a {what}")
            elif c == "=":
                ref = _NOTE_REF.match(tok)
                if ref is None:
                    report(pos, f"{tok!r} is not a note reference (=1= .. =32=)")
                elif cur.note is not None:
                    report(pos, f"second note reference {tok} after {cur.text} (§3.5.2)")
                else:
                    cur.note = int(ref.group(1))
                    if not 1 <= cur.note <= 32:
                        report(pos, f"note reference {tok}: notes are numbered 1 to 32 (§3.5.4)")
            elif c == "$":
                nag = _NAG.match(tok)
                n = int(nag.group(1)) if nag else -1
                if not 0 <= n <= 255:
                    report(pos, f"{tok!r} is not a NAG ($0 .. $255, §3.7)")
                elif n in wrong_nags:
                    report(pos, f"NAG {tok} is for {'calls' if is_play else 'cards'}, "
                                f"not {what}s (§3.7)")
                elif n in evaluation and (cur.suffix or evaluation.intersection(cur.nags)):
                    report(pos, f"second evaluation of {cur.text} ({tok}); one suffix or "
                                "evaluation NAG per " + what + " (§3.5.2)")
                else:
                    cur.nags += (n,)
            elif cur.suffix or evaluation.intersection(cur.nags):
                report(pos, f"second suffix {tok!r} after {cur.text} (§3.5.2)")
            else:
                cur.suffix = tok
    if pending:
        report(section.tag.end, f"^{pending} at the end of the {section.kind}")
    return items


def plain_tokens(section: PbnSection) -> list[str] | None:
    """The tokens of a section without commentary, markers or annotations (the common
    case), or None when `parse_items` is needed."""
    if section.commented:
        return None
    joined = " ".join([piece[1] for piece in section.pieces])  # type: ignore[index]
    if _SPECIAL.search(joined):
        return None
    return joined.split()


# -- the auction ------------------------------------------------------------------------

#: calls by their upper-case PBN text
CALLS: dict[str, Call] = {
    spelling.upper(): Call.from_pbn(spelling)
    for spelling in ["Pass", "X", "XX"] + [f"{level}{strain}" for level in range(1, 8)
                                          for strain in ("C", "D", "H", "S", "NT")]}
_PLAIN_ENTRY = {call: AuctionEntry(call) for call in CALLS.values()}
_SKIPPED = AuctionEntry(None, skipped=True)
_PASS_ENTRY = _PLAIN_ENTRY[Call.PASS]  # type: ignore[attr-defined]
#: the usual spellings of plain calls, for a quick look-up
_PLAIN_TEXT = {variant: _PLAIN_ENTRY[call] for text, call in CALLS.items()
               for variant in {text, text.lower(), text.capitalize(), call.pbn()}}


def _text(tok: Token) -> str:
    return tok if type(tok) is str else tok.text


def build_auction(tokens: Sequence[Token], tag_seat: Seat, dealer: Seat | None,
                  report: Report) -> tuple[Auction, list[tuple[int, Token]]]:
    """The auction of a section whose tag names ``tag_seat``, and its note references.

    Leading ``-`` placeholders move the first call clockwise from ``tag_seat``; the
    auction starts with the first caller, whoever the dealer is (a mismatch is
    reported, not repaired). ``AP`` adds the passes that end the auction; ``*`` (no
    further calls) and ``+`` (the next call is still to be made) mark it truncated.
    """
    entries: list[AuctionEntry] = []
    refs: list[tuple[int, Token]] = []
    dashes = 0
    end: str | None = None
    truncated = False
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
        text = _text(tok)
        if end is not None:
            if text != "-" or end != "+":
                report(tok, f"{text!r} after {end!r} (§3.5)")
                break
            continue
        if text.strip("-") == "":
            if first is not None:
                report(tok, "'-' placeholder after the first call (§3.5)")
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
        item = tok if type(tok) is not str else None
        if text == "^S":
            entries.append(_SKIPPED)
            continue
        key = text.upper()
        if key == "AP":
            entries.extend([_PASS_ENTRY] * _passes_to_end(entries))
            end = "AP"
            if item is not None and (item.marker or item.note):
                report(tok, "AP cannot carry a marker or note")
            continue
        call = CALLS.get(key)
        if call is None:
            report(tok, f"{text!r} is not a call (Pass, X, XX, 1C .. 7NT, AP, §3.5.1)")
            continue
        if item is None:
            entries.append(_PLAIN_ENTRY[call])
        else:
            insufficient = item.marker == "I"
            if insufficient:
                if not call.is_bid:
                    report(tok, f"^I before {text}, which is not a bid (§3.9)")
                elif call.rank > last_bid_rank:
                    report(tok, f"^I marks {text} as insufficient, but it is sufficient (§3.9)")
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
        report(first, f"{dashes} '-' placeholders; at most 3 players call before the dealer")
    start = tag_seat.offset(dashes)
    if dealer is not None and start is not dealer and (entries or truncated):
        report(first, f"the auction starts with {start.english} but the dealer is "
                      f"{dealer.english} (§3.5)")
    return Auction(start, tuple(entries), truncated), refs


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


# -- the play ---------------------------------------------------------------------------

#: cards by their upper-case PBN text
CARDS: dict[str, Card] = {c.pbn(): c for c in Card.all()}
_PLAYED = [[PlayedCard(s, c) for c in Card.all()] for s in SEATS]
_SEAT_INDEX = {s: i for i, s in enumerate(SEATS)}
_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
_DASH = "-"
_PLUS = "+"
_BAD = "?"  # a token that is not a card (reported): unknown, like '-'


def _winner(c0: Card, c1: Card, c2: Card, c3: Card, trump: int) -> int:
    """Position (0-3, in played order) of the card that wins a trick; ``trump`` is the
    trump suit's index in SUITS or -1. Card indices run suit by suit, ace first, so
    within a suit the lower index is the higher card."""
    best = 0
    best_index = c0.index
    best_suit = best_index // 13
    k = 0
    for card in (c1, c2, c3):
        k += 1
        index = card.index
        suit = index // 13
        if suit == best_suit:
            if index < best_index:
                best, best_index = k, index
        elif suit == trump:
            best, best_index, best_suit = k, index, suit
    return best


_ORDER = ((0, 1, 2, 3), (1, 2, 3, 0), (2, 3, 0, 1), (3, 0, 1, 2))


def _slots(tokens: Sequence[Token], report: Report
           ) -> tuple[list[Card | str], Sequence[Token], bool, int]:
    """Cards (or ``-``/``+``) in column order, their tokens, whether ``*`` ended the
    section, and how many ``+`` it has."""
    if tokens and type(tokens[0]) is str:
        slots: list[Card | str] = [CARDS.get(t) for t in tokens]  # type: ignore[misc]
        star = bool(slots) and slots[-1] is None and tokens[-1] == "*"
        if star:
            slots.pop()
        if None not in slots:
            return slots, tokens, star, 0
    slots = []
    slot_tokens: list[Token] = []
    star = False
    pluses = 0
    for tok in tokens:
        text = _text(tok)
        if star:
            report(tok, f"{text!r} after '*' (§3.6)")
            break
        card = CARDS.get(text) or CARDS.get(text.upper())
        if card is not None:
            slots.append(card)
        elif text == "*":
            if pluses:
                report(tok, "'*' after '+': the play cannot both end and go on (§3.6)")
            star = True
            continue
        elif text == "+":
            pluses += 1
            if pluses == 2:
                report(tok, "a second '+' (§3.6)")
            slots.append(_PLUS)
        elif text.strip("-") == "":
            slots.append(_DASH)
        else:
            report(tok, f"{text!r} is not a card (§3.6.1)")
            slots.append(_BAD)
        slot_tokens.append(tok)
    return slots, slot_tokens, star, pluses


def build_play(tokens: Sequence[Token], play_seat: Seat, trump: Suit | None,
               trump_known: bool, seats: list[int] | None,
               report: Report) -> tuple[Play, list[int], list[tuple[int, Token]]]:
    """The play in played order, the trick numbers whose row would only fit the deal
    when read leader-first (``seats``: card index -> seat index in SEATS, for a complete
    deal), and the note references.

    Cards stand in columns, one per player clockwise from ``play_seat``; the winner of
    each trick leads the next (a ``^L`` card leads its trick instead). The play stops at
    the first unknown card (``-``) or ``+``; ``*`` or rows of ``-`` padding after the last
    card (as BBO conversions write a claim) mark it claimed. Without the trump
    (``trump_known`` false) the tricks stay in column order.
    """
    slots, slot_tokens, star, pluses = _slots(tokens, report)
    annotated = bool(slot_tokens) and type(slot_tokens[0]) is not str
    refs = [(tok.note, tok) for tok in slot_tokens
            if tok.note is not None] if annotated else []  # type: ignore[union-attr]
    p0 = _SEAT_INDEX[play_seat]
    trump_index = _SUIT_INDEX[trump] if trump is not None else -1
    if annotated or not trump_known:
        tricks, leader_first, lead_col, done = [], [], 0, 0
    else:
        tricks, leader_first, lead_col, done = _plain_tricks(slots, p0, trump_index, seats)
    rows = [slots[i:i + 4] for i in range(done * 4, len(slots), 4)]
    padded = False
    while rows and all(s is _DASH for s in rows[-1]):
        rows.pop()
        padded = True
    if not trump_known:
        tricks = [Trick(tuple(_played((p0 + c) & 3, s, slot_tokens[r * 4 + c])
                              for c, s in enumerate(row) if type(s) is Card))
                  for r, row in enumerate(rows)]
        play = Play(tuple(t for t in tricks if t.cards), claimed=star, incomplete=not star)
        return play, [], refs
    stop: str | None = None
    played_cards = _PLAYED
    for r0, row in enumerate(rows):
        r = done + r0
        row_tokens = slot_tokens[r * 4:r * 4 + 4]
        if stop is not None:
            for c, s in enumerate(row):
                if type(s) is Card and stop is not _BAD:
                    report(row_tokens[c], f"{s.pbn()} after {stop!r}: the play stopped at "
                                          f"trick {len(tricks)} (§3.6)")
                    break
            else:
                continue
            break
        if annotated:
            lead_col = _lead_out_of_turn(row_tokens, lead_col, play_seat, report)
        full = False
        if len(row) == 4:
            o = _ORDER[lead_col]
            c0, c1, c2, c3 = row[o[0]], row[o[1]], row[o[2]], row[o[3]]
            full = (type(c0) is Card and type(c1) is Card and type(c2) is Card
                    and type(c3) is Card)
        if full and not annotated:
            ls = p0 + lead_col
            played: Sequence[PlayedCard] = (
                played_cards[ls & 3][c0.index], played_cards[(ls + 1) & 3][c1.index],  # type: ignore[union-attr]
                played_cards[(ls + 2) & 3][c2.index], played_cards[(ls + 3) & 3][c3.index])  # type: ignore[union-attr]
        else:
            played = []
            for k in range(4):
                c = (lead_col + k) & 3
                s = row[c] if c < len(row) else _DASH
                if type(s) is not Card:
                    stop = s  # type: ignore[assignment]
                    if s is _PLUS:
                        _cards_after_plus(row, row_tokens, lead_col, k, report)
                    break
                played.append(_played((p0 + c) & 3, s, row_tokens[c]))  # type: ignore[arg-type]
            if annotated:
                _check_revoke_marks(played, row_tokens, lead_col, report)
        if played:
            tricks.append(Trick(tuple(played)))
        if stop is not None:
            continue
        if seats is not None and lead_col and _fits_leader_first(row, p0, lead_col, seats):
            leader_first.append(r + 1)
        lead_col = (lead_col + _winner(c0, c1, c2, c3, trump_index)) & 3  # type: ignore[arg-type]
    claimed = (star or padded) and not pluses
    complete = done + sum(1 for t in tricks[done:] if len(t.cards) == 4)
    play = Play(tuple(tricks), claimed=claimed, incomplete=not claimed and complete < 13)
    return play, leader_first, refs


def _plain_tricks(slots: list[Card | str], p0: int, trump: int, seats: list[int] | None
                  ) -> tuple[list[Trick], list[int], int, int]:
    """The tricks of the leading rows that hold four cards and no annotation: the tricks,
    the leader-first rows, the column that leads next, and how many rows were read."""
    tricks = []
    leader_first = []
    played = _PLAYED
    columns = _COLUMN_SEATS[p0]
    lead = 0
    base = 0
    end = len(slots) - 3
    while base < end:
        a, b, c, d = slots[base:base + 4]
        if type(a) is not Card or type(b) is not Card or type(c) is not Card \
                or type(d) is not Card:
            break
        if lead == 0:
            c0, c1, c2, c3 = a, b, c, d
        elif lead == 1:
            c0, c1, c2, c3 = b, c, d, a
        elif lead == 2:
            c0, c1, c2, c3 = c, d, a, b
        else:
            c0, c1, c2, c3 = d, a, b, c
        ls = p0 + lead
        tricks.append(Trick((played[ls & 3][c0.index], played[(ls + 1) & 3][c1.index],
                             played[(ls + 2) & 3][c2.index], played[(ls + 3) & 3][c3.index])))
        if seats is not None and lead:
            dealt = (seats[a.index], seats[b.index], seats[c.index], seats[d.index])
            if dealt != columns[0] and dealt == columns[lead]:
                leader_first.append(base // 4 + 1)
        # the winner (see _winner), unrolled
        best = 0
        best_index = c0.index
        best_suit = best_index // 13
        i = c1.index
        if i // 13 == best_suit:
            if i < best_index:
                best, best_index = 1, i
        elif i // 13 == trump:
            best, best_index, best_suit = 1, i, trump
        i = c2.index
        if i // 13 == best_suit:
            if i < best_index:
                best, best_index = 2, i
        elif i // 13 == trump:
            best, best_index, best_suit = 2, i, trump
        i = c3.index
        if i // 13 == best_suit:
            if i < best_index:
                best = 3
        elif i // 13 == trump:
            best = 3
        lead = (lead + best) & 3
        base += 4
    return tricks, leader_first, lead, base // 4


def _played(seat: int, card: Card, tok: Token) -> PlayedCard:
    if type(tok) is str or not (tok.marker or tok.note is not None or tok.nags or tok.suffix):
        return _PLAYED[seat][card.index]
    nags = tok.nags + (SUFFIX_NAGS[tok.suffix] + 6,) if tok.suffix else tok.nags
    return PlayedCard(SEATS[seat], card, tok.marker,
                      () if tok.note is None else (tok.note,), tuple(sorted(nags)))


def _lead_out_of_turn(row_tokens: list[Token], lead_col: int, play_seat: Seat,
                      report: Report) -> int:
    """The column that leads: the ``^L`` card's, else ``lead_col``."""
    marked = [c for c, tok in enumerate(row_tokens)
              if type(tok) is not str and tok.marker == "L"]
    if not marked:
        return lead_col
    if len(marked) > 1:
        report(row_tokens[marked[1]], "two leads out of turn (^L) in one trick (§3.9)")
    if marked[0] == lead_col:
        report(row_tokens[marked[0]], f"^L marks {play_seat.offset(lead_col).english}'s "
                                      "card, but it was their turn to lead (§3.9)")
    return marked[0]


def _check_revoke_marks(played: list[PlayedCard], row_tokens: list[Token], lead_col: int,
                        report: Report) -> None:
    """``^R`` cannot mark the card led, nor a card of the suit led."""
    for k, pc in enumerate(played):
        if pc.marker != "R":
            continue
        tok = row_tokens[(lead_col + k) & 3]
        if k == 0:
            report(tok, f"^R marks {pc.card.pbn()}, which leads the trick (§3.9)")
        elif pc.card.suit is played[0].card.suit:
            report(tok, f"^R marks {pc.card.pbn()}, which follows suit (§3.9)")


def _cards_after_plus(row: list[Card | str], row_tokens: list[Token], lead_col: int,
                      k: int, report: Report) -> None:
    for k2 in range(k + 1, 4):
        c = (lead_col + k2) & 3
        if c < len(row) and type(row[c]) is Card:
            report(row_tokens[c], f"{row[c].pbn()} after '+': '+' stands for the next "  # type: ignore[union-attr]
                                  "card to be played (§3.6)")
            return


_COLUMN_SEATS = [[tuple((p0 + lead + j) & 3 for j in range(4)) for lead in range(4)]
                 for p0 in range(4)]


def _fits_leader_first(row: list[Card | str], p0: int, lead_col: int,
                       seats: list[int]) -> bool:
    """Whether a complete row has a card its column's player was not dealt, while every
    card fits when the row is read from the leader on (the leader not in column 0)."""
    dealt = (seats[row[0].index], seats[row[1].index],  # type: ignore[union-attr]
             seats[row[2].index], seats[row[3].index])  # type: ignore[union-attr]
    by_column = _COLUMN_SEATS[p0]
    return dealt != by_column[0] and dealt == by_column[lead_col]
