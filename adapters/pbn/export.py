"""The export format of PBN (2.1 §2.1, §3): what a program writes for any other to read.

`write_export` writes games (read by `adapters.pbn.reader`) or bare `BoardRecord`s:
CRLF line ends, ``% PBN 2.1`` and ``% EXPORT`` first, one empty line between games, one
tag per line, the 15 mandatory tags in their order (``?`` where unknown) and then the
others alphabetically, upper-case values, the auction four calls a line from the dealer,
the play a trick a line from the opening leader in column order, notes after their
section, supplemental tables alphabetically with their columns padded. Commentary stays
with what it follows; inherited values are written out; values that cannot be read are
written as they came. The output is UTF-8 when the games came from a UTF-8 file, else
ISO 8859-1 (the character set of PBN, §2.2; a character it lacks becomes ``?``); a
Windows-1252 input keeps its bytes.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import IO, Any

from adapters.pbn.auction import CALLS
from adapters.pbn.game import PbnComment, PbnGame, PbnTag
from adapters.pbn.play import CARDS
from adapters.pbn.sections import SUFFIX_NAGS, PbnItem, written_items
from adapters.pbn.tables import PbnTable, format_row
from adapters.pbn.tokens import encode, file_encoding, tag_pair
from adapters.pbn.values import VULNERABLE, parse_contract, parse_deal
from td_plugin.model.auction import Auction
from td_plugin.model.board import BoardRecord
from td_plugin.model.cards import Seat
from td_plugin.model.numbers import parse_whole
from td_plugin.model.play import Play
from td_plugin.safe_output import atomic_output, check_outputs

__all__ = ["write_export", "MANDATORY_TAGS"]

#: the Mandatory Tag Set in export order (§3.4)
MANDATORY_TAGS = ("Event", "Site", "Date", "Board", "West", "North", "East", "South",
                  "Dealer", "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result")
_SECTION_TAGS = frozenset(("Auction", "Play", "Note"))
_CRLF = "\r\n"
_MAX_LINE = 79


def write_export(games: Iterable[PbnGame | BoardRecord], dest: str | os.PathLike[str] | IO[Any],
                 *, encoding: str | None = None) -> int:
    """Write games or records in export format to a path or an open file (binary, or
    text for a text stream); returns the number of games written. A path is written
    whole or not at all, and never over the file the games come from
    (`td_plugin.safe_output`).

    ``encoding`` None follows the file the first game came from: UTF-8 stays UTF-8, a
    Windows-1252/ISO 8859-1 file stays so, and anything else is written in ISO 8859-1
    (``?`` for what it cannot hold)."""
    items = iter(games)
    first = next(items, None)
    if encoding is None:
        encoding = _source_encoding(first) or "ascii"
    chunks = _export_chunks(first, items)
    if isinstance(dest, (str, os.PathLike)):
        source = first.path if isinstance(first, PbnGame) else (
            first.location.path if first is not None else None)
        if source and os.path.isfile(source):
            check_outputs([source], [(os.fspath(dest), "the export")])
        with atomic_output(dest) as fp:
            return _write_chunks(chunks, fp, encoding)
    text_dest: object = dest  # an open text stream, or a binary one
    if isinstance(text_dest, io.TextIOBase):
        count = 0
        for text in chunks:
            text_dest.write(text)
            count += 1
        return count - 1
    return _write_chunks(chunks, dest, encoding)


def _source_encoding(first: PbnGame | BoardRecord | None) -> str | None:
    """The encoding of the file the first game or record came from."""
    if first is None:
        return None
    path = first.path if isinstance(first, PbnGame) else first.location.path
    if path and os.path.isfile(path):
        return file_encoding(path)
    return first.encoding if isinstance(first, PbnGame) else first.extra.get("encoding")


def _write_chunks(chunks: Iterator[str], fp: IO[bytes], encoding: str) -> int:
    count = 0
    for text in chunks:
        if encoding in ("ascii", "utf-8", "cp1252"):
            fp.write(encode(text, encoding))
        else:
            fp.write(text.encode(encoding, "replace"))
        count += 1
    return count - 1


def _export_chunks(first: PbnGame | BoardRecord | None,
                   rest: Iterator[PbnGame | BoardRecord]) -> Iterator[str]:
    yield "% PBN 2.1" + _CRLF + "% EXPORT" + _CRLF
    if first is None:
        return
    yield _export_one(first)
    for item in rest:
        yield _CRLF + _export_one(item)


def _export_one(item: PbnGame | BoardRecord) -> str:
    lines = (_GameExport(item) if isinstance(item, PbnGame) else _RecordExport(item)).lines()
    return "".join(line + _CRLF for line in lines)


def _comment_text(comment: PbnComment) -> str:
    text = comment.text.replace("\r\n", "\n").replace("\n", _CRLF)
    return comment.pbn() if comment.kind == ";" else "{" + text + "}"


class _Flow:
    """Lays out section tokens: ``per_line`` units a line, broken early by long lines
    and after rest-of-line commentary."""

    def __init__(self, per_line: int) -> None:
        self.per_line = per_line
        self.lines: list[str] = []
        self.current: list[str] = []
        self.units = 0

    def add(self, unit: str, comments: Sequence[PbnComment] = (), counts: bool = True) -> None:
        if self.units >= self.per_line or (
                self.current and len(" ".join(self.current)) + len(unit) > _MAX_LINE):
            self.flush()
        self.current.append(unit)
        self.units += counts
        for c in comments:
            self.current.append(_comment_text(c))
            if c.kind == ";":
                self.flush()

    def flush(self) -> None:
        if self.current:
            self.lines.append(" ".join(self.current))
        self.current = []
        self.units = 0

    def done(self) -> list[str]:
        self.flush()
        return self.lines


def _annotations(note: int | None, nags: Iterable[int], suffix: str, offset: int) -> str:
    """Note reference, then NAGs ascending with the suffix turned into its NAG (§3.5.2)."""
    all_nags = sorted(set(nags) | ({SUFFIX_NAGS[suffix] + offset} if suffix else set()))
    out = [f"={note}="] if note is not None else []
    out += [f"${n}" for n in all_nags]
    return (" " + " ".join(out)) if out else ""


def _call_text(text: str) -> str:
    """A call token in upper case (``pass`` -> ``Pass``); a bad token stays as it is."""
    call = CALLS.get(text.upper())
    return call.pbn() if call is not None else ("AP" if text.upper() == "AP" else text)


def _card_text(text: str) -> str:
    """A card token in upper case (``--`` -> ``-``); a bad token stays as it is."""
    if text.strip("-") == "":
        return "-"
    card = CARDS.get(text.upper())
    return card.pbn() if card is not None else text


class _Export:
    """What both kinds of export share: the tag order and the value normalisation."""

    values: dict[str, str]
    record: BoardRecord

    def tag_values(self) -> list[tuple[str, str]]:
        """MTS in order (with ``?`` for what is unknown), then the others alphabetically."""
        v = self.values
        out = []
        for name in MANDATORY_TAGS:
            value = v.get(name)
            out.append((name, self.normalise(name, value) if value is not None
                        else self.missing(name)))
        others = sorted(n for n in v if n not in MANDATORY_TAGS and n not in _SECTION_TAGS
                        and not self.is_section(n))
        out += [(n, v[n]) for n in others]
        return out

    def is_section(self, name: str) -> bool:
        return name.endswith("Table")

    def missing(self, name: str) -> str:
        record = self.record
        passed_out = record.contract is not None and record.contract.is_passed_out
        if name in ("Declarer", "Result") and passed_out:
            return ""
        if name == "Result" and record.declarer_tricks is not None:
            return f"{'^' if record.result_agreed else ''}{record.declarer_tricks}"
        return "?"

    def normalise(self, name: str, value: str) -> str:
        v = value.strip()
        record = self.record
        if name == "Board" and parse_whole(v) is not None:
            return str(parse_whole(v))
        if name in ("Dealer", "Declarer"):
            return v.upper() if len(v.lstrip("^")) == 1 and v[-1] in "NESWnesw" else value
        if name == "Vulnerable":
            vul = VULNERABLE.get(v.lower())
            return vul.value if vul is not None else value
        if name == "Deal":
            deal, _ = parse_deal(value)
            if deal is None:
                return value
            return deal.pbn(record.dealer or Seat(v[0].upper()))
        if name == "Contract":
            contract, strain, _ = parse_contract(value)
            if contract is not None:
                return contract.pbn()
            return strain.value if strain is not None else value
        if name == "Result" and record.declarer_tricks is not None:
            return f"{'^' if record.result_agreed else ''}{record.declarer_tricks}"
        return value


class _GameExport(_Export):
    """Export of a game read from a file: tags, commentary, sections as written."""

    def __init__(self, game: PbnGame) -> None:
        self.game = game
        self.record = game.record
        self.values = game.values
        self.sections = {s.tag.name for s in game.sections}

    def is_section(self, name: str) -> bool:
        return name in self.sections

    def lines(self) -> list[str]:
        game = self.game
        out = [text for _, text in game.escapes
               if not text[1:].strip().upper().startswith(("PBN", "EXPORT"))]
        out += [_comment_text(c) for c in game.leading_comments]
        for name, value in self.tag_values():
            out.append(tag_pair(name, value))
            tag = game.tag(name)
            if tag is not None:
                out += [_comment_text(c) for c in tag.comments]
        if game.auction is not None and self.record.auction is not None:
            out += self.auction_lines()
        if game.play is not None and self.record.play is not None:
            out += self.play_lines()
        for section in sorted(game.sections, key=lambda s: s.tag.name):
            out.append(tag_pair(section.tag.name, section.tag.resolved))
            out += [_comment_text(c) for c in section.tag.comments]
            table = game.tables.get(section.tag.name)
            if isinstance(table, PbnTable) and section.kind == "table":
                out += [format_row(table.columns, row) for row in table.rows]
            else:
                out += [text for piece in section.pieces
                        if not isinstance(piece, PbnComment) for text in [piece[1]]]
        return out

    def auction_lines(self) -> list[str]:
        game, section = self.game, self.game.auction
        auction = self.record.auction
        assert section is not None and auction is not None, "asked only of a game with one"
        items = written_items(game, section)
        leading = 0
        while leading < len(items) and items[leading].text.strip("-") == "":
            leading += 1
        if auction.dealer is self.record.dealer:
            seat, items = auction.dealer, items[leading:]
        else:
            seat = self.record.extra["auction_seat"]
        out = [tag_pair("Auction", seat.value)] + [_comment_text(c)
                                                    for c in section.tag.comments]
        flow = _Flow(4)
        for item in items:
            flow.add(self.item_text(item, _call_text, 0), item.comments)
        out += flow.done()
        out += self.note_lines(section.notes)
        return out

    def play_lines(self) -> list[str]:
        game, section = self.game, self.game.play
        assert section is not None, "asked only of a game with a play"
        items = written_items(game, section)
        out = [tag_pair("Play", section.tag.resolved.strip().upper())]
        out += [_comment_text(c) for c in section.tag.comments]
        flow = _Flow(4)
        for item in items:
            if item.text == "*":
                flow.flush()
            flow.add(self.item_text(item, _card_text, 6), item.comments)
        out += flow.done()
        out += self.note_lines(section.notes)
        return out

    @staticmethod
    def item_text(item: PbnItem, normal: Callable[[str], str], offset: int) -> str:
        if item.text in ("*", "+", "^S"):
            return item.text
        marker = f"^{item.marker} " if item.marker and item.marker != "S" else ""
        return marker + normal(item.text) + _annotations(item.note, item.nags, item.suffix,
                                                         offset)

    @staticmethod
    def note_lines(notes: list[PbnTag]) -> list[str]:
        out = []
        for tag in notes:
            out.append(tag_pair("Note", tag.value))
            out += [_comment_text(c) for c in tag.comments]
        return out


class _RecordExport(_Export):
    """Export of a bare record (no file behind it): everything from the domain model."""

    def __init__(self, record: BoardRecord) -> None:
        self.record = record
        self.values = self._values(record)

    @staticmethod
    def _values(record: BoardRecord) -> dict[str, str]:
        values = dict(record.extra.get("tags", {}))
        names = {Seat.W: "West", Seat.N: "North", Seat.E: "East", Seat.S: "South"}
        for seat, name in names.items():
            if seat in record.players:
                values[name] = record.players[seat]
        fields = {"Board": record.board, "Event": record.event, "Section": record.section,
                  "Table": record.table, "Round": record.round, "Scoring": record.scoring,
                  "PairNS": record.ns_pair, "PairEW": record.ew_pair}
        for name, value in fields.items():
            if value is not None:
                values[name] = str(value)
        if record.dealer is not None:
            values["Dealer"] = record.dealer.value
        if record.vulnerability is not None:
            values["Vulnerable"] = record.vulnerability.value
        if record.deal is not None:
            values["Deal"] = record.deal.pbn(record.dealer or Seat.N)
        if record.contract is not None:
            values["Contract"] = record.contract.pbn()
            if record.contract.declarer is not None:
                values["Declarer"] = ("^" if record.declarer_swapped else "") + \
                    record.contract.declarer.value
            elif record.contract.is_passed_out:
                values["Declarer"] = ""
        if record.declarer_tricks is not None:
            values["Result"] = f"{'^' if record.result_agreed else ''}{record.declarer_tricks}"
        if record.score_ns is not None:
            values["Score"] = f"NS {record.score_ns}"
        for name in ("Auction", "Play"):
            values.pop(name, None)
        return values

    def lines(self) -> list[str]:
        record = self.record
        out = [tag_pair(name, value) for name, value in self.tag_values()]
        if record.auction is not None:
            out += self.auction_lines(record.auction, record.auction_notes)
        if record.play is not None and record.play.tricks:
            out += self.play_lines(record.play, record.extra.get("play_notes", {}))
        tables = record.extra.get("tables", {})
        for name in sorted(tables):
            table = tables[name]
            out.append(tag_pair(name, table.header_value))
            out += [format_row(table.columns, row) for row in table.rows]
        return out

    def is_section(self, name: str) -> bool:
        return name in self.record.extra.get("tables", {})

    @staticmethod
    def auction_lines(auction: Auction, notes: Mapping[int, str]) -> list[str]:
        flow = _Flow(4)
        for entry in auction.entries:
            if entry.call is None:
                flow.add("^S")
                continue
            text = ("^I " if entry.insufficient else "") + entry.call.pbn()
            note = entry.notes[0] if entry.notes else None
            flow.add(text + _annotations(note, entry.nags, entry.suffix, 0))
        if auction.truncated:
            flow.add("*")
        out = [tag_pair("Auction", auction.dealer.value)] + flow.done()
        out += [tag_pair("Note", f"{n}:{text}") for n, text in sorted(notes.items())]
        return out

    @staticmethod
    def play_lines(play: Play, notes: Mapping[int, str]) -> list[str]:
        leader = play.tricks[0].leader
        out = [tag_pair("Play", leader.value)]
        for trick in play.tricks:
            cells = []
            for seat in leader.clockwise():
                pc = trick.card_of(seat)
                if pc is None:
                    cells.append("-")
                    continue
                marker = f"^{pc.marker} " if pc.marker else ""
                note = pc.notes[0] if pc.notes else None
                cells.append(marker + pc.card.pbn() + _annotations(note, pc.nags, "", 6))
            out.append(" ".join(cells))
        if play.claimed:
            out.append("*")
        out += [tag_pair("Note", f"{n}:{text}") for n, text in sorted(notes.items())]
        return out
