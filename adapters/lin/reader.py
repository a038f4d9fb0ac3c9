"""BBO LIN files: single boards, multi-board hand records and vugraph files.

LIN is a run of ``key|value|`` pairs; line breaks between pairs mean nothing (hand
history exports put one board per line). The keys read here:

- ``pn``: player names South, West, North, East; a vugraph file gives eight names once,
  the open room's four and then the closed room's;
- ``md``: the dealer (``1`` South, ``2`` West, ``3`` North, ``4`` East) and the hands
  South, West, North, East, each ``S..H..D..C..``; BBO leaves out the fourth hand, which
  is the rest of the pack;
- ``sv``: vulnerability (``o`` none, ``n`` NS, ``e`` EW, ``b`` both);
- ``ah``: the heading (``Board 9``); ``qx``: a vugraph board label (``o46`` open room,
  ``c46`` closed room, board 46);
- ``mb``: a call (``p``, ``d``, ``r``, ``1C`` .. ``7N``; a trailing ``!`` is an alert),
  ``an``: the explanation of the call before it;
- ``pc``: a card, in the order played (leader first); ``mc``: a claim accepted, with
  declarer's total tricks (a claim agreed to: LIN does not say who claimed);
- ``nt``: commentary (one beginning ``TD:`` is a Director's note, `adapters.td_notes`:
  when attention was drawn, who claimed); ``vg``: the vugraph header (event, segment,
  scoring, boards, teams);
  ``rs``: the vugraph results, two a board (open room, closed room), like ``4HE=``.

Other keys (``st``, ``rh``, ``pg`` ...) carry no record data and are skipped. A new
board starts at ``qx``, or at ``md`` or ``pn`` once the board being read has its deal.
The result is the claim when there is one, else the tricks of a complete play, else
the vugraph result. LIN has no score: ``score_ns`` stays None.

Bounds: a file of at most `MAX_BYTES`, read one board at a time (memory holds the text
and one board), each board at most `MAX_BOARD_PAIRS` pairs (the rest are counted in a
problem); numbers are read by `td_plugin.model.numbers`. A file with no board in it is
no LIN file (`td_plugin.errors.WrongFormatError`).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import NamedTuple

from adapters.file_kinds import HEAD_BYTES, describe_content
from adapters.td_notes import TdNotes, parse_td_note
from td_plugin.errors import (
    InputError,
    InvalidDealError,
    InvalidTokenError,
    Location,
    WrongFormatError,
    listed_problems,
)
from td_plugin.messages import MsgText
from td_plugin.model.auction import Auction, AuctionEntry, Call
from td_plugin.model.board import BoardRecord, RecordProblem, Vulnerability, standard_dealer
from td_plugin.model.cards import SEATS, Card, Seat, Suit
from td_plugin.model.contract import Contract
from td_plugin.model.deal import Deal, Hand
from td_plugin.model.numbers import parse_whole
from td_plugin.model.play import Play

__all__ = ["LinSource", "read_lin", "parse_lin", "Token", "tokenize"]

#: LIN files are small; a bound keeps a wrong file from being read whole.
MAX_BYTES = 32 * 1024 * 1024
#: pairs read per board (a real board has a few hundred, commentary included)
MAX_BOARD_PAIRS = 5000
#: problems outside the boards listed; the rest are counted
MAX_FILE_PROBLEMS = 100

_LIN_SEATS = (Seat.S, Seat.W, Seat.N, Seat.E)  # the order of pn names and md hands
_DEALERS = {"1": Seat.S, "2": Seat.W, "3": Seat.N, "4": Seat.E}
_VULNERABILITY = {"o": Vulnerability.NONE, "0": Vulnerability.NONE, "-": Vulnerability.NONE,
                  "n": Vulnerability.NS, "e": Vulnerability.EW, "b": Vulnerability.ALL}
_RS_RE = re.compile(r"^(?P<level>[1-7])(?P<strain>[CDHSN])(?P<declarer>[NESW])"
                    r"(?P<risk>x{0,2})(?P<result>=|[+-][0-9]{1,2})$", re.I)
_NUMBER_RE = re.compile(r"[0-9]{1,9}")
_RESULT_UNREAD = frozenset({"result"})


class Token(NamedTuple):
    """A ``key|value|`` pair and the 1-based line where its key starts."""

    key: str
    value: str
    line: int


def tokenize(text: str) -> tuple[list[Token], list[str]]:
    """The pairs of a LIN text and the problems met (a key that is not a key, a file
    that ends inside a pair)."""
    problems: list[str] = []
    return list(_pairs(text, problems)), problems


_PAIR = re.compile(r"([^|]*)\|([^|]*)\|")
# a run of pairs of nothing but whitespace, read as one (a run of bars)
_EMPTY_PAIRS = re.compile(r"(?:[^|\S]*\|[^|\S]*\|)+")


def _pairs(text: str, problems: list[str]) -> Iterator[Token]:
    """The pairs of a LIN text one at a time; ``problems`` gets what is wrong."""
    line, counted, end = 1, 0, 0
    match = _PAIR.match
    while (m := match(text, end)) is not None:  # one pair after the other, never searching
        if not m.group(1).strip() and not m.group(2).strip():  # no key and no value
            run = _EMPTY_PAIRS.match(text, m.start())
            assert run is not None
            start = m.start()
            line += text.count("\n", counted, start)
            counted, end = start, run.end()
            more = run.group().count("|") // 2 - 1
            problems.append(_at(line, MsgText.of("problem.lin.empty_pairs", {"more": f"{more:,}"})
                                if more else MsgText.of("problem.lin.empty_pair")))
            continue
        raw_key = m.group(1)
        key = raw_key.strip()
        start = m.start() + len(raw_key) - len(raw_key.lstrip())
        line += text.count("\n", counted, start)
        counted, end = start, m.end()
        if len(key) > 3 or not key.isalpha() or not key.isascii():
            problems.append(_at(line, MsgText.of("problem.lin.not_key", {"key": repr(key[:20])})))
            continue
        yield Token(key.lower(), m.group(2), line)
    rest = text[end:]
    if rest.strip():
        start = end + len(rest) - len(rest.lstrip())
        line += text.count("\n", counted, start)
        key = rest.split("|", 1)[0].strip()
        problems.append(_at(line, MsgText.of("problem.lin.ends_inside", {"key": repr(key)})
                            if "|" in rest else MsgText.of(
                                "problem.lin.text_after", {"text": repr(rest.strip()[:20])})))


class _FileProblems(list):  # type: ignore[type-arg]
    """Problems outside the boards: the first `MAX_FILE_PROBLEMS`, the rest counted."""

    def __init__(self) -> None:
        super().__init__()
        self.unlisted = 0

    def append(self, message: str) -> None:
        if len(self) < MAX_FILE_PROBLEMS:
            super().append(message)
        else:
            self.unlisted += 1

    def listed(self) -> list[str]:
        return list(self) + ([MsgText.of("problem.lin.more_outside_boards",
                                                        {"n": f"{self.unlisted:,}"})]
                             if self.unlisted else [])
_QX_KEY = re.compile(r"[qQ][xX]\s*\|")


def _has_qx(text: str) -> bool:
    """Whether a ``qx`` pair is in the text (a ``qx`` key, not a value: after the start
    or a bar, with an even number of bars before it)."""
    bars, counted = 0, 0
    for m in _QX_KEY.finditer(text):
        start = m.start()
        while start and text[start - 1].isspace():
            start -= 1
        if start and text[start - 1] != "|":
            continue
        bars += text.count("|", counted, start)
        counted = start
        if bars % 2 == 0:
            return True
    return False


@dataclass
class _Board:
    tokens: list[Token] = field(default_factory=list)
    keys: set[str] = field(default_factory=set)
    #: pairs beyond `MAX_BOARD_PAIRS`, not kept
    dropped: int = 0

    def has(self, key: str) -> bool:
        return key in self.keys

    def add(self, token: Token) -> None:
        if len(self.tokens) < MAX_BOARD_PAIRS:
            self.tokens.append(token)
            self.keys.add(token.key)
        else:
            self.dropped += 1


def _split(tokens: Iterable[Token], vugraph: bool
           ) -> Iterator[tuple[list[Token], _Board]]:
    """The boards one at a time, each with the header pairs (those before the first
    board). In a vugraph file (``vugraph``: with ``qx`` labels) each ``qx`` starts a
    board; otherwise ``pn`` or ``md`` starts one once the board being read has its deal."""
    header: list[Token] = []
    current: _Board | None = None
    for t in tokens:
        if vugraph:
            starts = t.key == "qx"
        else:
            starts = t.key in ("pn", "md") and (current is None or current.has("md"))
        if starts:
            if current is not None:
                yield header, current
            current = _Board()
        if current is None:
            if len(header) < MAX_BOARD_PAIRS:
                header.append(t)
        else:
            current.add(t)
    if current is not None:
        yield header, current


def _hand(text: str) -> Hand:
    ranks: dict[Suit, list[str]] = {suit: [] for suit in Suit}  # (joined once: linear)
    suit: Suit | None = None
    for ch in text.strip().upper():
        if ch in "SHDC":
            suit = Suit(ch)
        elif suit is None:
            raise InvalidTokenError(f"hand {text!r} has a rank before any suit")
        else:
            ranks[suit].append(ch)
    return Hand.from_pbn(".".join("".join(ranks[s]) for s in (Suit.S, Suit.H, Suit.D, Suit.C)))


def parse_md(value: str) -> tuple[Seat | None, Deal]:
    """The dealer and the deal of an ``md`` value (a missing fourth hand completed)."""
    text = value.strip()
    dealer = None
    if text[:1] in "0123456789" and text:
        dealer = _DEALERS.get(text[0])
        if dealer is None:
            raise InvalidTokenError(f"md {value!r}: dealer {text[0]!r} is not 1..4")
        text = text[1:]
    parts = text.split(",")
    if len(parts) > 4 and any(p.strip() for p in parts[4:]):
        raise InvalidTokenError(f"md {value!r} has more than four hands")
    hands: dict[Seat, Hand | None] = dict.fromkeys(SEATS)
    for seat, part in zip(_LIN_SEATS, parts):
        if part.strip():
            hands[seat] = _hand(part)
    return dealer, Deal(hands).completed()


def _call(value: str) -> tuple[Call, bool]:
    text = value.strip()
    alerted = text.endswith("!")
    text = text.rstrip("!").strip()
    return Call.from_pbn(text), alerted


def _card(value: str) -> Card:
    return Card.from_pbn(value.strip())


def _rs_tokens(header: list[Token]) -> list[str]:
    for t in header:
        if t.key == "rs":
            return [x.strip() for x in t.value.split(",")]
    return []


def _vg_fields(header: list[Token]) -> list[str]:
    for t in header:
        if t.key == "vg":
            return [x.strip() for x in t.value.split(",")]
    return []


def _rs_tricks(rs: str) -> tuple[Contract, int] | None:
    m = _RS_RE.match(rs)
    if not m:
        return None
    risk = len(m["risk"])
    contract = Contract(int(m["level"]), Contract.from_pbn(m["level"] + m["strain"]).strain,
                        risk, Seat(m["declarer"].upper()))
    result = m["result"]
    over = 0 if result == "=" else int(result)
    return contract, contract.tricks_needed + over


class _BoardPairs:
    """What the pairs of one board say, read one pair at a time: a method for each key that
    carries record data, named after it (`_PAIR_READERS`). A pair that cannot be read is a
    problem of the board (`problem`)."""

    __slots__ = ("reader", "index", "problems", "number", "room", "dealer", "deal", "vul",
                 "names", "entries", "auction_unread", "cards", "claim", "commentary", "notes",
                 "play_unread", "claim_unread")

    def __init__(self, reader: _Reader, index: int) -> None:
        self.reader = reader
        self.index = index
        self.problems: list[str] = []
        self.number: int | None = None
        self.room: str | None = None
        self.dealer: Seat | None = None
        self.deal: Deal | None = None
        self.vul: Vulnerability | None = None
        #: the file's names until the board gives its own
        self.names = list(reader.names)
        self.entries: list[AuctionEntry] = []
        #: a call (``mb``) could not be read: the auction is not the auction as made
        self.auction_unread = False
        #: a card (``pc``) could not be read: the play is known up to it, no further
        self.play_unread = False
        #: a claim (``mc``) could not be read: declarer's tricks are not known from it
        self.claim_unread = False
        #: each card played and the line of its pair
        self.cards: list[tuple[Card, int]] = []
        self.claim: int | None = None
        self.commentary: list[str] = []
        self.notes = TdNotes()

    def problem(self, t: Token, message: str) -> None:
        """A problem of the board about the pair ``t``; raised when reading strictly."""
        text = _at(t.line, message)
        reader = self.reader
        if reader.strict:
            raise InputError(message, Location(path=reader.path, line=t.line,
                                               board=self.number, record=self.index))
        self.problems.append(text)

    def qx(self, t: Token) -> None:
        """A vugraph board label: the room (``o`` open, ``c`` closed) and the board."""
        label = t.value.split(",")[0].strip()
        if label[:1].lower() in ("o", "c"):
            self.room = "open" if label[0].lower() == "o" else "closed"
        m = _NUMBER_RE.search(label)
        if m:
            self.number = int(m.group(0))

    def ah(self, t: Token) -> None:
        """The heading: the board's number unless a label gave it."""
        m = _NUMBER_RE.search(t.value)
        if m and self.number is None:
            self.number = int(m.group(0))

    def pn(self, t: Token) -> None:
        self.names = [x.strip() for x in t.value.split(",")]

    def md(self, t: Token) -> None:
        self.dealer, self.deal = parse_md(t.value)

    def sv(self, t: Token) -> None:
        self.vul = _VULNERABILITY.get(t.value.strip().lower())
        if self.vul is None:
            self.problem(t, MsgText.of("problem.lin.sv", {"value": repr(t.value)}))

    def mb(self, t: Token) -> None:
        try:
            call, alerted = _call(t.value)
        except InvalidTokenError as exc:
            self.auction_unread = True
            self.problem(t, MsgText.of("problem.lin.mb", {
                "value": t.value, "problem": MsgText.param(exc.bare_message)}))
            return
        self.entries.append(AuctionEntry(call, alert="" if alerted else None))

    def an(self, t: Token) -> None:
        """The explanation of the call before it."""
        entries = self.entries
        if not entries:
            self.problem(t, MsgText.of("problem.lin.an_first"))
        else:
            last = entries[-1]
            entries[-1] = AuctionEntry(last.call, alert=t.value.strip())

    def pc(self, t: Token) -> None:
        """A card played; after one that cannot be read none is (each card's seat follows
        from the ones before)."""
        if self.play_unread:
            return
        try:
            card = _card(t.value)
        except InvalidTokenError as exc:
            self.play_unread = True
            self.problem(t, MsgText.of("problem.lin.pc", {
                "value": t.value, "problem": MsgText.param(exc.bare_message)}))
            return
        self.cards.append((card, t.line))

    def mc(self, t: Token) -> None:
        """A claim accepted: declarer's total tricks."""
        tricks = parse_whole(t.value, 2)
        if tricks is None or tricks > 13:
            self.claim_unread = True
            self.problem(t, MsgText.of("problem.lin.mc", {"value": repr(t.value)}))
        else:
            self.claim = tricks

    def nt(self, t: Token) -> None:
        """Commentary; a Director's note in it is read (`adapters.td_notes`)."""
        self.commentary.append(t.value)
        note = parse_td_note(t.value)
        if note is not None:
            self.notes = self.notes.merge(note)

    def up(self, t: Token) -> None:
        self.problem(t, MsgText.of("problem.lin.up"))


#: the reading of each key that carries record data; the other keys are skipped
_PAIR_READERS: dict[str, Callable[[_BoardPairs, Token], None]] = {
    "qx": _BoardPairs.qx, "ah": _BoardPairs.ah, "pn": _BoardPairs.pn, "md": _BoardPairs.md,
    "sv": _BoardPairs.sv, "mb": _BoardPairs.mb, "an": _BoardPairs.an, "pc": _BoardPairs.pc,
    "mc": _BoardPairs.mc, "nt": _BoardPairs.nt, "up": _BoardPairs.up,
}


def _play_and_tricks(contract: Contract | None, pairs: _BoardPairs,
                     rs_result: tuple[Contract, int] | None
                     ) -> tuple[Play | None, int | None, tuple[tuple[str, int], ...]]:
    """The play of a board, declarer's tricks and where the record says them
    (`BoardRecord.results_said`): the claim's when there is one, else the tricks of a
    complete play, else the vugraph result's (none when a claim could not be read). Cards
    played with no contract (or a passed-out one, or only an auction with a call that
    could not be read) are a problem of the board."""
    play = None
    tricks = None
    said: list[tuple[str, int]] = []
    cards, claim = pairs.cards, pairs.claim
    if contract is not None and not contract.is_passed_out:
        if cards:
            play, tricks = _played(contract, cards, claim, pairs.notes)
            if pairs.play_unread:
                play = Play(play.tricks, claimed=play.claimed,
                            claim_declarer_tricks=play.claim_declarer_tricks, incomplete=True,
                            claim_by=play.claim_by, claim_disputed=play.claim_disputed,
                            unread=True)
        if claim is not None:
            said.append(("claim", claim))
        if tricks is not None:
            said.append(("play", tricks))
        if rs_result is not None and rs_result[0].same_as(contract) \
                and rs_result[0].declarer is contract.declarer:
            said.append(("rs", rs_result[1]))
        if pairs.claim_unread:
            tricks = None
        elif claim is not None:
            tricks = claim
        elif tricks is None and rs_result is not None:
            tricks = rs_result[1]
        if tricks is None or len(said) < 2:
            said = []
    elif cards and not pairs.auction_unread:
        pairs.problems.append(_at(cards[0][1], MsgText.of("problem.lin.no_contract")))
    elif cards:  # the contract of an auction with a call not read is not known
        pairs.problems.append(_at(cards[0][1], MsgText.of("problem.lin.play_unread")))
    return play, tricks, tuple(said)


def _played(contract: Contract, cards: list[tuple[Card, int]], claim: int | None,
            notes: TdNotes) -> tuple[Play, int | None]:
    """The play of ``cards`` in the order played, declarer's left-hand opponent leading:
    claimed when a claim is recorded (``mc``, or a Director's note of who claimed) before
    the last card, incomplete when it stops short otherwise; and declarer's tricks when all
    52 cards were played and no claim was recorded (else None)."""
    trump = contract.strain.suit if contract.strain else None
    assert contract.declarer is not None
    play = Play.from_played_order(contract.declarer.next, [c for c, _ in cards], trump)
    complete = len(cards) == 52
    claimed = (claim is not None or notes.claim_by is not None) and not complete
    play = Play(play.tricks, claimed=claimed, claim_declarer_tricks=claim,
                incomplete=not claimed and not complete,
                claim_by=notes.claim_by if claimed else None,
                claim_disputed=(notes.claim_disputed if notes.claim_disputed
                                is not None else (False if claim is not None
                                                  else None)) if claimed else None)
    if complete and claim is None:
        return play, play.tricks_won(trump)[contract.declarer.side]
    return play, None


class _Reader:
    """Builds the records of one LIN text."""

    def __init__(self, path: str | None, text: str, strict: bool) -> None:
        self.path = path
        self.strict = strict
        # lines that end with CR alone (old Mac editors) are lines: they count
        self.text = text.replace("\r", "\n") if "\n" not in text and "\r" in text else text
        #: problems outside the boards, complete once `records` is consumed
        self.file_problems = _FileProblems()
        self.header: list[Token] = []
        self.names: list[str] = []
        self.rs: list[str] = []
        self.event: str | None = None
        self.first_board: int | None = None

    def _take_header(self, header: list[Token]) -> None:
        self.header = header
        self.rs = _rs_tokens(header)
        vg = _vg_fields(header)
        self.event = vg[0] if vg else None
        self.first_board = parse_whole(vg[3]) if len(vg) > 3 else None
        for t in header:
            if t.key == "pn":
                self.names = [x.strip() for x in t.value.split(",")]

    def records(self) -> Iterator[BoardRecord]:
        pairs = _pairs(self.text, self.file_problems)
        index = 0
        for header, board in _split(pairs, _has_qx(self.text)):
            if not index:
                self._take_header(header)
            if self.strict and self.file_problems:
                raise InputError(self.file_problems[0], Location(path=self.path))
            index += 1
            yield self._record(index, board)
        if self.strict and self.file_problems:
            raise InputError(self.file_problems[0], Location(path=self.path))

    def _record(self, index: int, board: _Board) -> BoardRecord:
        """The record of ``board``, the ``index``-th of the file: its pairs read one at a
        time, each by the reading of its key (`_PAIR_READERS`: the reader's hot path, one
        look-up and one call a pair; a pair that cannot be read is a problem of the board),
        then put together (`_assemble`)."""
        pairs = _BoardPairs(self, index)
        reading = _PAIR_READERS.get
        for t in board.tokens:
            read = reading(t.key)
            if read is None:  # a key that carries no record data
                continue
            try:
                read(pairs, t)
            except (InvalidTokenError, InvalidDealError) as exc:
                pairs.problem(t, MsgText.of("problem.lin.pair", {
                    "key": t.key, "value": t.value, "problem": MsgText.param(exc.bare_message)}))
            except ValueError as exc:  # a Director's note that cannot be read
                pairs.problem(t, str(exc))
        return self._assemble(index, board, pairs)

    def _assemble(self, index: int, board: _Board, pairs: _BoardPairs) -> BoardRecord:
        """The record of what the pairs of ``board`` said: the deal checked, the dealer of a
        board without one the standard one, the contract the auction's (else the vugraph
        result's), the play and declarer's tricks (`_play_and_tricks`), and the board's
        problems (raised at once when reading strictly)."""
        problems = pairs.problems
        number, room, dealer, deal = pairs.number, pairs.room, pairs.dealer, pairs.deal
        line = board.tokens[0].line if board.tokens else None
        if deal is not None:
            try:
                deal.validate()
            except InvalidDealError as exc:
                problems.append(_at(line, exc.bare_message))
        if dealer is None and number is not None:
            dealer = standard_dealer(number)
        players = self._players(pairs.names, room)
        entries = pairs.entries
        unread = pairs.auction_unread
        auction = Auction(dealer, tuple(entries), unread=unread) if (
            dealer is not None and (entries or unread)) else None
        contract = auction.contract() if auction is not None and not unread else None
        rs = self._rs_for(number, room)
        rs_result = _rs_tricks(rs) if rs else None
        if contract is None and rs_result is not None:
            contract = rs_result[0]
        play, tricks, said = _play_and_tricks(contract, pairs, rs_result)
        if number is None:
            problems.append(_at(line, MsgText.of("problem.lin.no_board")))
        if board.dropped:
            problems.append(_at(line, MsgText.of("problem.lin.dropped", {
                "n": f"{board.dropped:,}", "max": f"{MAX_BOARD_PAIRS:,}"})))
        extra: dict[str, object] = {}
        if room:
            extra["room"] = room
        if pairs.commentary:
            extra["commentary"] = tuple(pairs.commentary)
        if rs:
            extra["rs"] = rs
        loc = Location(path=self.path, line=line, board=number, record=index)
        if self.strict and problems:
            raise InputError(problems[0], loc)
        notes = pairs.notes
        return BoardRecord(
            board=number, dealer=dealer, vulnerability=pairs.vul, deal=deal, auction=auction,
            play=play, contract=contract, declarer_tricks=tricks, players=players,
            event=self.event, location=loc,
            problems=tuple(RecordProblem(p, loc) for _, p in listed_problems(
                [(None, p) for p in problems])), extra=extra,
            attention=notes.attention, obligations=notes.obligations,
            unread=_RESULT_UNREAD if pairs.claim_unread else frozenset(), results_said=said)

    def _players(self, names: list[str], room: str | None) -> dict[Seat, str]:
        if len(names) >= 8:
            names = names[4:8] if room == "closed" else names[:4]
        return {seat: name for seat, name in zip(_LIN_SEATS, names) if name}

    def _rs_for(self, number: int | None, room: str | None) -> str | None:
        if not self.rs or number is None or room is None or self.first_board is None:
            return None
        i = 2 * (number - self.first_board) + (0 if room == "open" else 1)
        if 0 <= i < len(self.rs) and self.rs[i]:
            return self.rs[i]
        return None


def parse_lin(text: str, path: str | None = None, strict: bool = False) -> list[BoardRecord]:
    """The records of a LIN text (for a LIN record carried inside another format)."""
    return list(_Reader(path, text, strict).records())


def _decode(data: bytes) -> tuple[str, str | None]:
    try:
        return data.decode("utf-8-sig"), None
    except UnicodeDecodeError:
        return data.decode("latin-1"), "not UTF-8: read as Latin-1"


class LinSource:
    """A LIN file as a `td_plugin.host.sources.Source`: one record per board (per room in a
    vugraph file)."""

    format = "lin"

    def __init__(self, path: str | os.PathLike[str], strict: bool = False) -> None:
        self.path = os.fspath(path)
        self.strict = strict
        self._file_problems: list[RecordProblem] = []

    def records(self) -> Iterator[BoardRecord]:
        size = os.path.getsize(self.path)
        if size > MAX_BYTES:
            raise InputError(f"file of {size} bytes is larger than the {MAX_BYTES} bytes a "
                             "LIN file is allowed", Location(path=self.path))
        with open(self.path, "rb") as f:
            text, encoding_problem = _decode(f.read())
        loc = Location(path=self.path)
        if encoding_problem and self.strict:
            raise InputError(encoding_problem, loc)
        reader = _Reader(self.path, text, self.strict)
        count = 0
        for record in reader.records():
            count += 1
            yield record
        self._file_problems = [RecordProblem(p, loc) for p in
                               ([encoding_problem] if encoding_problem else [])
                               + reader.file_problems.listed()]
        if not count:
            with open(self.path, "rb") as f:
                what = describe_content(f.read(HEAD_BYTES), size)
            raise WrongFormatError(f"not a LIN file: no board in it; the file is {what}", loc)

    def file_problems(self) -> list[RecordProblem]:
        return list(self._file_problems)


def read_lin(path: str | os.PathLike[str], strict: bool = False) -> list[BoardRecord]:
    """Every record of a LIN file."""
    return list(LinSource(path, strict).records())


def _at(line: int | None, problem: str) -> MsgText:
    """A problem at a line of the file (``line 12: ...``)."""
    return MsgText.of("problem.lin.at_line", {"line": line, "problem": MsgText.param(problem)})
