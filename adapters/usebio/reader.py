"""USEBIO XML results (versions 1.2 and 1.3): reader and lossless writer.

USEBIO is the results interchange of EBUScore, Compscore, BridgeWebs and the ABF. A file
holds the club, the event with its participants (pairs with totals, percentages and
places), one ``BOARD`` per board number with a ``TRAVELLER_LINE`` per table result, and
a ``HANDSET`` with the deals. Each traveller line becomes a `BoardRecord`:

- ``contract`` from ``CONTRACT`` (``4HX``, ``1NTX``, ``PASS``) and ``PLAYED_BY``;
- ``declarer_tricks`` from ``TRICKS`` (tricks taken by declarer);
- ``score_ns`` from ``SCORE`` (North-South's score); an artificial score ``A6040``
  (North-South 60 %, East-West 40 %) is ``artificial``, an `ArtificialScore`;
- ``lead``: the opening lead (``LEAD`` is written rank first, ``TD``, by Compscore and
  suit first, ``DT``, by others: both are read);
- ``extra["matchpoints"]``, ``extra["butler"]`` or ``extra["cross_imps"]``: the
  North-South and East-West points of the line; ``extra["board_average"]``: the Butler
  datum;
- the deal from the hand set; dealer and vulnerability by the standard rotation (USEBIO
  has no element for them);
- the auction and play of a ``LIN_DATA`` element (a BBO LIN record of the table, read
  by `adapters.lin.reader`) when the line has one;
- ``extra["club"]``, ``extra["date"]`` (as written, ``dd/mm/yyyy``), ``extra["event_type"]``
  and the pair's player names in ``extra["ns_players"]``/``extra["ew_players"]``.

Parsing is safe: no entity is expanded, no DTD or anything else is fetched, the file
size is bounded, and a file declaring entities (a "billion laughs" or an external entity)
is refused with an `InputError`.

Writing adjusted and rescored copies is `adapters.usebio.writer`.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from td_plugin.errors import InputError, InvalidTokenError, Location, ParseError
from td_plugin.messages import MsgText
from td_plugin.model.board import BoardRecord, RecordProblem, standard_dealer, standard_vulnerability
from td_plugin.model.cards import SEATS, Card, Seat, Suit
from td_plugin.model.contract import Contract
from td_plugin.model.deal import Deal, Hand
from td_plugin.model.numbers import parse_number, parse_whole
from td_plugin.model.outcomes import ArtificialScore, Outcome, ScoreOnly, TableResult

__all__ = ["MAX_BYTES", "UsebioSource", "read_usebio", "load_usebio",
           "read_event", "UsebioDocument", "UsebioEvent", "TravellerLine", "parse_lead",
           "parse_artificial", "POINT_ELEMENTS", "child_text"]

#: Files larger than this are refused (the largest real USEBIO files are a few hundred KB).
MAX_BYTES = 64 * 1024 * 1024

_SUPPORTED_VERSIONS = ("1.2", "1.3")
_ENTITY_RE = re.compile(rb"<!ENTITY\s+(?:%\s+)?([^\s>]+)")
#: The points elements of a traveller line and the kind of scoring each means.
POINT_ELEMENTS = (("NS_MATCH_POINTS", "EW_MATCH_POINTS", "matchpoints"),
           ("NS_BUTLER_POINTS", "EW_BUTLER_POINTS", "butler"),
           ("NS_CROSS_IMP_POINTS", "EW_CROSS_IMP_POINTS", "cross_imps"))
_SCORING = {"matchpoints": "MP", "butler": "Butler", "cross_imps": "Cross-IMPs"}
_KIND_BY_EVENT_TYPE = {"MP_PAIRS": "matchpoints", "PAIRS": "matchpoints",
                       "BUTLER_PAIRS": "butler", "SWISS_PAIRS_BUTLER_IMPS": "butler",
                       "CROSS_IMP": "cross_imps", "CROSS_IMPS": "cross_imps",
                       "SWISS_PAIRS_CROSS_IMPS": "cross_imps"}
_SUIT_ELEMENTS = (("SPADES", Suit.S), ("HEARTS", Suit.H), ("DIAMONDS", Suit.D), ("CLUBS", Suit.C))


# --- loading --------------------------------------------------------------------------

@dataclass
class UsebioDocument:
    """A USEBIO file parsed safely: its bytes, text, encoding and lxml tree."""

    path: str
    data: bytes
    encoding: str
    tree: Any

    @property
    def root(self) -> Any:
        return self.tree.getroot()

    @property
    def text(self) -> str:
        return _decode(self.data, self.encoding)


def _decode(data: bytes, encoding: str) -> str:
    if encoding.lower().replace("-", "") == "utf8" and data.startswith(b"\xef\xbb\xbf"):
        return data.decode("utf-8-sig")
    return data.decode(encoding)


def _safe_parser() -> Any:
    from lxml import etree  # (imported when a USEBIO file is read: the other formats never need it)

    return etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False,
                           huge_tree=False, dtd_validation=False, remove_blank_text=False)


def load_usebio(path: str | os.PathLike[str]) -> UsebioDocument:
    """Read and parse a USEBIO file safely.

    :raises InputError: too large, not XML, declaring entities, or not USEBIO.
    """
    path = os.fspath(path)
    loc = Location(path=path)
    size = os.path.getsize(path)
    if size > MAX_BYTES:
        raise InputError(f"file of {size} bytes is larger than the {MAX_BYTES} bytes a "
                         "USEBIO file is allowed", loc)
    with open(path, "rb") as f:
        data = f.read(MAX_BYTES + 1)
    root_at = data.find(b"<USEBIO")
    declared = _ENTITY_RE.findall(data[:root_at] if root_at >= 0 else data)
    if declared:
        names = ", ".join(sorted({n.decode("ascii", "replace") for n in declared})[:5])
        raise InputError(f"the file declares XML entities ({names}); refused: USEBIO needs "
                         "none, and expanding them could exhaust memory or read other files",
                         loc)
    from lxml import etree

    try:
        root = etree.fromstring(data, _safe_parser())
    except etree.XMLSyntaxError as exc:
        line = exc.position[0] if exc.position else None
        raise ParseError(f"not well-formed XML: {exc.msg}", Location(path=path, line=line)) from None
    tree = root.getroottree()
    dtd = tree.docinfo.internalDTD
    entities = [e.name for e in dtd.iterentities()] if dtd is not None else []
    if entities:
        raise InputError(f"the file declares XML entities ({', '.join(entities[:5])}); "
                         "refused: USEBIO needs none, and expanding them could exhaust "
                         "memory or read other files", loc)
    if any(isinstance(node, etree._Entity) for node in root.iter()):
        raise InputError("the file refers to XML entities it does not declare; refused", loc)
    if root.tag != "USEBIO":
        raise InputError(f"not a USEBIO file: the root element is <{root.tag}>", loc)
    encoding = tree.docinfo.encoding or "UTF-8"
    return UsebioDocument(path, data, encoding, tree)


# --- the event as the file has it -------------------------------------------------------

@dataclass
class TravellerLine:
    """A traveller line as read: its element, its 1-based index in the file, the board,
    the pairs, the result for scoring (a `TableResult`, a `ScoreOnly` score without a
    contract, an `ArtificialScore`, or None), the contract and tricks, the lead, and the
    stored North-South/East-West points."""

    element: Any
    index: int
    board: int | None
    ns_pair: str | None
    ew_pair: str | None
    result: Outcome | None = None
    contract: Contract | None = None
    tricks: int | None = None
    lead: Card | None = None
    points: tuple[Fraction, Fraction] | None = None
    points_text: tuple[str, str] | None = None
    problems: list[str] = field(default_factory=list)
    #: the parts whose element could not be read (`BoardRecord.unread`)
    unread: set[str] = field(default_factory=set)

    def child(self, tag: str) -> Any:
        return self.element.find(tag)

    def describe_result(self) -> str:
        """``"2S S 8 +110"``, ``"A5050"``, ``"PASS 0"``: the result as the traveller has it."""
        score = (self.child("SCORE").text or "").strip() if self.child("SCORE") is not None else ""
        ns_score = self.result.ns_score() if self.result is not None else None
        if self.result is None or self.result.artificial() is not None or not self.contract:
            return score or "no result"
        if self.contract.is_passed_out:
            return "PASS"
        declarer = self.contract.declarer.value if self.contract.declarer else "?"
        sign = "+" if ns_score is not None and ns_score > 0 else ""
        return f"{self.contract.pbn()} {declarer} {self.tricks} {sign}{score}"


@dataclass
class UsebioEvent:
    """The event of a USEBIO file: its lines in file order, pairs, deals and scoring."""

    doc: UsebioDocument
    kind: str | None  # "matchpoints", "butler", "cross_imps" or None
    event_type: str | None
    two_winners: bool
    lines: list[TravellerLine]
    board_elements: dict[int, Any]
    pairs: dict[str, Any]
    deals: dict[int, Deal]
    deal_problems: dict[int, str]
    file_problems: list[str]
    #: each board's ``BOARD_AVERAGE`` (the Butler datum), read once per board
    board_averages: dict[int, int] = field(default_factory=dict)
    _by_board: dict[int | None, list[TravellerLine]] | None = field(default=None, repr=False)

    def lines_of(self, board: int) -> list[TravellerLine]:
        """The board's lines in file order (the lines by board are gathered once: asking
        for every board goes through the lines once, not once a board)."""
        if self._by_board is None:
            self._by_board = {}
            for line in self.lines:
                self._by_board.setdefault(line.board, []).append(line)
        return list(self._by_board.get(board, ()))

    def direction(self, pair: str) -> str | None:
        el = self.pairs.get(pair)
        text = (el.findtext("DIRECTION") or "").strip().upper() if el is not None else ""
        if text in ("NS", "EW"):
            return text
        upper = pair.upper()
        return upper[-2:] if upper.endswith(("NS", "EW")) else None

    def group(self, pair: str) -> str | None:
        """The pair's group for places: its direction in a two-winner event."""
        return self.direction(pair) if self.two_winners else None


def child_text(el: Any, tag: str) -> str | None:
    """The stripped text of the element's first child ``tag``; None when it has no such
    child or the child is empty."""
    child = el.find(tag)
    if child is None or child.text is None:
        return None
    text: str = child.text.strip()
    return text


def parse_lead(text: str) -> Card:
    """A lead written rank first (``TD``, Compscore) or suit first (``DT``)."""
    t = text.strip().upper()
    if t and t[0] in "SHDC":
        return Card.from_pbn(t)
    if len(t) >= 2 and t[-1] in "SHDC":
        return Card.from_pbn(t[-1] + t[:-1])
    raise InvalidTokenError(f"not a lead card: {text!r}")


def parse_artificial(text: str) -> ArtificialScore | None:
    """``A6040`` (North-South 60 %, East-West 40 %) or None when not of that form."""
    t = text.strip().upper()
    if not t.startswith("A") or parse_whole(t[1:], 6) is None or len(t) not in (5, 6, 7):
        return None
    digits = t[1:]
    half = len(digits) // 2 if len(digits) == 4 else (3 if digits.startswith("100") else 2)
    return ArtificialScore(int(digits[:half]), int(digits[half:]))


def _signed(text: str) -> int | None:
    """A whole number with an optional sign (`td_plugin.model.numbers`), else None."""
    text = text.strip()
    sign = text[:1] if text[:1] in ("+", "-") else ""
    number = parse_whole(text[len(sign):], strip=False)
    return None if number is None else (-number if sign == "-" else number)


def _read_line(el: Any, index: int, board: int | None) -> TravellerLine:
    line = TravellerLine(el, index, board, child_text(el, "NS_PAIR_NUMBER"),
                         child_text(el, "EW_PAIR_NUMBER"))
    score = child_text(el, "SCORE")
    artificial = parse_artificial(score) if score else None
    score_ns = None
    if artificial is not None:
        line.result = artificial
    elif score:
        score_ns = _signed(score)
        if score_ns is None:
            line.unread.add("score")
            line.problems.append(MsgText.of("problem.usebio.score", {"value": repr(score)}))
    contract_text = child_text(el, "CONTRACT")
    if contract_text and artificial is None:
        try:
            contract = Contract.from_pbn(contract_text)
            played_by = child_text(el, "PLAYED_BY")
            if not contract.is_passed_out:
                if played_by:
                    contract = contract.with_declarer(Seat.from_pbn(played_by))
                else:
                    line.problems.append(MsgText.of(
                        "problem.usebio.no_played_by", {"contract": contract_text}))
            line.contract = contract
        except InvalidTokenError as exc:
            line.unread.add("contract")
            line.problems.append(MsgText.of(
                "problem.pbn.not_checked.contract", {"problem": MsgText.param(exc.bare_message)}))
    tricks = child_text(el, "TRICKS")
    if tricks and line.contract is not None and not line.contract.is_passed_out:
        taken = parse_whole(tricks, 2)
        if taken is not None and taken <= 13:
            line.tricks = taken
        else:
            line.unread.add("result")
            line.problems.append(MsgText.of("problem.usebio.tricks",
                                            {"value": repr(tricks)}))
    if score_ns is not None:
        line.result = (TableResult(line.contract, line.tricks, score_ns)
                       if line.contract is not None else ScoreOnly(score_ns))
    lead = child_text(el, "LEAD")
    if lead:
        try:
            line.lead = parse_lead(lead)
        except InvalidTokenError as exc:
            line.problems.append(exc.bare_message)
    for ns_tag, ew_tag, _ in POINT_ELEMENTS:
        ns, ew = child_text(el, ns_tag), child_text(el, ew_tag)
        if ns is not None and ew is not None:
            points = (parse_number(ns), parse_number(ew))
            if points[0] is not None and points[1] is not None:
                line.points = points  # type: ignore[assignment]
                line.points_text = (ns, ew)
            else:
                line.problems.append(MsgText.of("problem.usebio.points", {
                    "ns_tag": ns_tag, "ew_tag": ew_tag, "ns": repr(ns), "ew": repr(ew)}))
            break
    return line


def _read_deal(board_el: Any) -> Deal:
    hands: dict[Seat, Hand | None] = dict.fromkeys(SEATS)
    for hand_el in board_el.findall("HAND"):
        seat = Seat.from_pbn(child_text(hand_el, "DIRECTION") or "?")
        text = ".".join((child_text(hand_el, tag) or "") for tag, _ in _SUIT_ELEMENTS)
        hands[seat] = Hand.from_pbn(text)
    deal = Deal(hands)
    deal.validate()
    return deal


def read_event(doc: UsebioDocument) -> UsebioEvent:
    """The event of a parsed USEBIO document."""
    root = doc.root
    problems: list[str] = []
    version = (root.get("Version") or "").strip()
    if version not in _SUPPORTED_VERSIONS:
        problems.append(MsgText.of("problem.usebio.version",
                                   {"version": repr(version or "(none)")}))
    event = root.find("EVENT")
    if event is None:
        problems.append(MsgText.of("problem.usebio.no_event"))
        from lxml import etree

        event = etree.Element("EVENT")
    event_type = (event.get("EVENT_TYPE") or "").strip().upper() or None
    two_winners = (child_text(event, "WINNER_TYPE") or "") == "2"
    lines: list[TravellerLine] = []
    board_elements: dict[int, Any] = {}
    board_averages: dict[int, int] = {}
    kind = None
    for board_el in event.iter("BOARD"):
        tl = board_el.findall("TRAVELLER_LINE")
        if not tl:
            continue
        number_text = child_text(board_el, "BOARD_NUMBER")
        board = parse_whole(number_text) if number_text else None
        if board is not None and board not in board_elements:
            board_elements[board] = board_el
            average = child_text(board_el, "BOARD_AVERAGE")
            datum = _signed(average) if average else None
            if datum is not None:
                board_averages[board] = datum
        for el in tl:
            line = _read_line(el, len(lines) + 1, board)
            if board is None:
                line.problems.append(MsgText.of("problem.usebio.board_number",
                                                      {"value": repr(number_text)}))
            lines.append(line)
            if kind is None:
                kind = next((k for ns, _, k in POINT_ELEMENTS if el.find(ns) is not None), None)
    if kind is None and event_type:
        kind = _KIND_BY_EVENT_TYPE.get(event_type)
    pairs: dict[str, Any] = {}
    for pair_el in event.iter("PAIR"):
        number = child_text(pair_el, "PAIR_NUMBER")
        if number:
            pairs.setdefault(number, pair_el)
    deals: dict[int, Deal] = {}
    deal_problems: dict[int, str] = {}
    handset = root.find("HANDSET")
    if handset is not None:
        for board_el in handset.findall("BOARD"):
            number_text = child_text(board_el, "BOARD_NUMBER") or ""
            board_number = parse_whole(number_text)
            if board_number is None:
                problems.append(MsgText.of("problem.usebio.hand_set", {
                    "problem": MsgText.of("problem.usebio.board_number",
                                          {"value": repr(number_text)}).msg}))
                continue
            try:
                deals[board_number] = _read_deal(board_el)
            except (InvalidTokenError, InputError) as exc:
                deal_problems[board_number] = MsgText.of(
                    "problem.usebio.hand_set", {"problem": MsgText.param(exc.bare_message)})
    return UsebioEvent(doc, kind, event_type, two_winners, lines, board_elements, pairs,
                       deals, deal_problems, problems, board_averages)


# --- the reader -----------------------------------------------------------------------

class UsebioSource:
    """A USEBIO file as a `td_plugin.host.sources.Source`: one record per traveller line."""

    format = "usebio"

    def __init__(self, path: str | os.PathLike[str], strict: bool = False) -> None:
        self.path = os.fspath(path)
        self.strict = strict
        self._file_problems: list[RecordProblem] = []
        self._event: UsebioEvent | None = None

    @property
    def event(self) -> UsebioEvent:
        if self._event is None:
            self._event = read_event(load_usebio(self.path))
        return self._event

    def records(self) -> Iterator[BoardRecord]:
        event = self.event
        self._file_problems = [RecordProblem(p, Location(path=self.path))
                               for p in event.file_problems]
        if self.strict and self._file_problems:
            raise InputError(event.file_problems[0], Location(path=self.path))
        root = event.doc.root
        event_el = root.find("EVENT")
        description = child_text(event_el, "EVENT_DESCRIPTION") if event_el is not None else None
        common: dict[str, Any] = {"event_type": event.event_type}
        club = root.find("CLUB")
        if club is not None and child_text(club, "CLUB_NAME"):
            common["club"] = child_text(club, "CLUB_NAME")
        if event_el is not None and child_text(event_el, "DATE"):
            common["date"] = child_text(event_el, "DATE")
        names = {number: [(child_text(p, "PLAYER_NAME") or "") for p in el.findall("PLAYER")]
                 for number, el in event.pairs.items()}
        for line in event.lines:
            yield self._record(event, line, description, names, common)

    def _record(self, event: UsebioEvent, line: TravellerLine, description: str | None,
                names: Mapping[str, list[str]], common: Mapping[str, Any]) -> BoardRecord:
        loc = Location(path=self.path, line=line.element.sourceline, board=line.board,
                       record=line.index)
        messages = list(line.problems)
        if line.board is not None and line.board in event.deal_problems:
            messages.append(event.deal_problems[line.board])
        extra: dict[str, Any] = dict(common)
        if line.points is not None and event.kind is not None:
            extra[event.kind] = (float(line.points[0]), float(line.points[1]))
        if line.board is not None and line.board in event.board_averages:
            extra["board_average"] = event.board_averages[line.board]
        for key, pair in (("ns_players", line.ns_pair), ("ew_players", line.ew_pair)):
            if pair is not None and pair in names:
                extra[key] = tuple(names[pair])
        board = line.board
        dealer = standard_dealer(board) if board else None
        deal = event.deals.get(board) if board is not None else None
        auction = play = None
        lin_data = child_text(line.element, "LIN_DATA")
        if lin_data:
            from adapters.lin.reader import parse_lin

            lin = parse_lin(lin_data, self.path)
            if len(lin) != 1:
                messages.append(MsgText.of("problem.usebio.lin_boards", {"n": len(lin)}))
            else:
                auction, play = lin[0].auction, lin[0].play
                dealer = lin[0].dealer or dealer
                deal = deal or lin[0].deal
                messages.extend(MsgText.of("problem.usebio.lin_data",
                                           {"problem": p.msg or p.message})
                                for p in lin[0].problems)
        if self.strict and messages:
            raise InputError(messages[0], loc)
        return BoardRecord(
            board=board,
            dealer=dealer,
            vulnerability=standard_vulnerability(board) if board else None,
            deal=deal,
            auction=auction,
            play=play,
            contract=line.contract,
            declarer_tricks=line.tricks,
            score_ns=line.result.ns_score() if line.result is not None else None,
            lead=line.lead,
            artificial=line.result.artificial() if line.result is not None else None,
            event=description,
            ns_pair=line.ns_pair,
            ew_pair=line.ew_pair,
            scoring=_SCORING.get(event.kind or ""),
            location=loc,
            problems=tuple(RecordProblem(m, loc) for m in messages),
            extra=extra,
            unread=frozenset(line.unread),
        )

    def file_problems(self) -> list[RecordProblem]:
        return list(self._file_problems)

    def check_read(self, records: int) -> None:
        """Raise when a reading of the whole file gave no record: a USEBIO file with no
        traveller line is no session to check (an empty root, a ``CLUB`` only, an
        ``EVENT`` without boards, boards with deals and no results), and says which.

        :raises InputError: no record.
        """
        if records:
            return
        event = self.event.doc.root.find("EVENT")
        if event is None:
            why = "the file has no EVENT element"
        else:
            boards = sum(1 for _ in event.iter("BOARD"))
            why = ("its EVENT has no BOARD" if not boards else
                   f"none of its {boards:,} BOARD elements has a TRAVELLER_LINE")
        raise InputError(f"no result in it: {why}, so there is nothing to check",
                         Location(path=self.path))


def read_usebio(path: str | os.PathLike[str], strict: bool = False) -> list[BoardRecord]:
    """Every record of a USEBIO file."""
    return list(UsebioSource(path, strict).records())
