"""One PBN game as written: tags, commentary, escape lines and the raw data of its sections.

`assemble` turns a game's text into a `PbnGame` without interpreting values: tags in file
order with their places in the text (for lossless writing), commentary attached to what
it follows (the game start, a tag, or a place in a section's data), ``%`` lines, and for
each section (Auction, Play, tables, user sections) the runs of tokens after its tag.
Syntax problems are collected as ``(line, message)`` pairs in ``issues``; the reader turns
them into `RecordProblem`s once it knows the board.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, AnyStr, NamedTuple

from td_plugin.errors import clip_echo
from td_plugin.messages import MsgText

if TYPE_CHECKING:
    from td_plugin.model.board import BoardRecord
from adapters.pbn.tokens import (
    ITEM_BADTAG,
    ITEM_BRACE,
    ITEM_DATA,
    ITEM_ESCAPE,
    ITEM_SEMI,
    ITEM_STRING,
    ITEM_TAG,
    MAX_LINE,
    PLAIN_ITEMS,
    LineIndex,
    scan,
    unescape,
)

__all__ = ["PbnComment", "PbnTag", "PbnSection", "PbnGame", "PlainGame", "assemble",
           "read_plain", "SECTION_AUCTION",
           "SECTION_PLAY", "SECTION_TABLE", "SECTION_USER", "KNOWN_TAGS"]

SECTION_AUCTION = "auction"
SECTION_PLAY = "play"
SECTION_TABLE = "table"
SECTION_USER = "user"
_IGNORED = "ignored"

#: the tags of PBN 2.1 (§3.4, §4) that carry no section data
KNOWN_TAGS = frozenset(["Event", "Site", "Date", "Board", "West", "North", "East", "South",
                       "Dealer", "Vulnerable", "Deal", "Scoring", "Declarer", "Contract",
                       "Result", "Competition", "DealId", "Description", "FrenchMP",
                       "Generator", "Hidden", "Room", "Termination", "Score", "ScoreIMP",
                       "ScoreMP", "ScorePercentage", "ScoreRubber", "ScoreRubberHistory",
                       "OptimumScore", "BidSystemEW", "BidSystemNS", "PairEW", "PairNS",
                       "WestNA", "NorthNA", "EastNA", "SouthNA", "WestType", "NorthType",
                       "EastType", "SouthType", "EventDate", "EventSponsor", "HomeTeam",
                       "Round", "Section", "Stage", "Table", "VisitTeam", "Time", "UTCDate",
                       "UTCTime", "TimeControl", "TimeCall", "TimeCard", "Annotator",
                       "AnnotatorNA", "Application", "Mode"])


@dataclass
class PbnComment:
    """A commentary: ``kind`` ``"{"`` (brace, may span lines) or ``";"`` (rest of line);
    ``text`` without its delimiters; ``pos`` its offset in the game's text."""

    text: str
    kind: str
    line: int
    pos: int

    def pbn(self) -> str:
        return "{" + self.text + "}" if self.kind == "{" else ";" + self.text


class PbnTag:
    """A tag pair as written. ``start``/``end`` delimit the whole pair in the game's
    text and ``value_start``/``value_end`` the (escaped) value between the quotes.
    ``resolved`` is the value after ``#``/``##`` inheritance; ``duplicate`` marks a
    repeated tag, which import format ignores (§3.4); ``comments`` follow the tag."""

    __slots__ = ("name", "value", "_lines", "start", "end", "value_start", "value_end",
                 "resolved", "inherited", "duplicate", "comments")

    def __init__(self, name: str, value: str, lines: LineIndex, start: int, end: int,
                 value_start: int, value_end: int) -> None:
        self.name = name
        self.value = value
        self._lines = lines
        self.start = start
        self.end = end
        self.value_start = value_start
        self.value_end = value_end
        self.resolved = value
        self.inherited = False
        self.duplicate = False
        self.comments: list[PbnComment] = []

    @property
    def line(self) -> int:
        """The file line the tag starts on."""
        return self._lines.line_of(self.start)

    def __repr__(self) -> str:
        return f"PbnTag({self.name!r}, {self.value!r}, line={self.line})"


Piece = tuple[int, str] | PbnComment


@dataclass
class PbnSection:
    """A section: its tag and what follows it until the next section tag.

    ``pieces`` are, in file order, ``(offset, text)`` runs of tokens (strings for tables
    come as their own runs, quotes included) and commentary inside the data. ``notes``
    are the Note tags written inside an Auction or Play section.
    """

    tag: PbnTag
    kind: str
    pieces: list[Piece] = field(default_factory=list)
    notes: list[PbnTag] = field(default_factory=list)
    #: whether commentary stands among the pieces
    commented: bool = False


class PlainGame(NamedTuple):
    """What a game that is nothing but tag pairs and the calls and cards of its Auction and
    Play sections holds, read in bulk (`read_plain`): ``tags`` as ``(name, value)`` in
    file order, and the runs of tokens of each section (None: no such section; an empty
    list: the section's tag without data)."""

    tags: list[tuple[str, str]]
    auction: list[str] | None
    play: list[str] | None


@dataclass
class PbnGame:
    """A game of a PBN file, as written and as read.

    ``raw`` is the game's bytes (from its first to its last line, line ends included)
    and ``text`` their decoding in ``encoding``. ``tags`` are in file order (Note tags
    included); ``leading_comments`` precede the first tag; ``escapes`` are the ``%``
    lines as ``(line, text)``. ``auction``, ``play`` and ``sections`` (supplemental
    sections in file order) hold raw section data (`adapters.pbn.sections.written_items`
    reads them token by token); the reader fills ``values`` (tag name -> value after
    inheritance and carry-over) and ``carried``, and ``record`` is built on first use
    (with ``tables``; the notes of each section are in ``record.extra``).

    A game read for its record alone may come as ``plain`` (`read_plain`): its tags,
    comments and sections are then assembled from the text on first use.
    """

    index: int
    path: str
    first_line: int
    raw: bytes
    text: str
    encoding: str
    _tags: list[PbnTag] = field(default_factory=list)
    _leading_comments: list[PbnComment] = field(default_factory=list)
    _escapes: list[tuple[int, str]] = field(default_factory=list)
    _auction: PbnSection | None = None
    _play: PbnSection | None = None
    _sections: list[PbnSection] = field(default_factory=list)
    issues: list[tuple[int, str]] = field(default_factory=list)
    values: dict[str, str] = field(default_factory=dict)
    carried: list[str] = field(default_factory=list)
    plain: PlainGame | None = field(default=None, repr=False)
    _settled: list[tuple[str, bool]] | None = field(default=None, repr=False)
    _tables: dict[str, Any] = field(default_factory=dict, repr=False)
    _lines: LineIndex | None = field(default=None, repr=False)
    _record: BoardRecord | None = field(default=None, repr=False)
    _builder: Callable[[PbnGame], BoardRecord] | None = field(default=None, repr=False)
    #: the file ends its lines with CR alone: ``raw`` and ``text`` have LF for them
    #: (`adapters.pbn.fileview`), and a game written back has CR again
    cr_line_ends: bool = field(default=False, repr=False)

    @property
    def tags(self) -> list[PbnTag]:
        self._unfold()
        return self._tags

    @property
    def leading_comments(self) -> list[PbnComment]:
        self._unfold()
        return self._leading_comments

    @property
    def escapes(self) -> list[tuple[int, str]]:
        self._unfold()
        return self._escapes

    @property
    def auction(self) -> PbnSection | None:
        self._unfold()
        return self._auction

    @property
    def play(self) -> PbnSection | None:
        self._unfold()
        return self._play

    @property
    def sections(self) -> list[PbnSection]:
        self._unfold()
        return self._sections

    def _unfold(self) -> None:
        """Assemble a plain game's tags and sections (with their places in the text)."""
        if self.plain is None:
            return
        self.plain = None
        issues: list[tuple[int, str]] = []
        _assemble_items(self, issues)
        assert not issues, "a plain game has no syntax problem"
        if self._settled is not None:
            self.settle(self._settled)

    def written_tags(self) -> list[tuple[str, str]]:
        """``(name, value)`` of the tags that take part in resolving values across games,
        in file order: neither Note tags nor ignored repeats."""
        if self.plain is not None:
            return self.plain.tags  # a plain game has neither
        return [(t.name, t.value) for t in self._written()]

    def _written(self) -> list[PbnTag]:
        return [t for t in self.tags if not t.duplicate and t.name and t.name != "Note"]

    def written_line(self, index: int) -> int:
        """The line of the tag at ``index`` in `written_tags`."""
        return self._written()[index].line

    def settle(self, resolved: list[tuple[str, bool]]) -> None:
        """Give each tag of `written_tags` its ``(value after inheritance, inherited)``."""
        if self.plain is not None:
            self._settled = resolved
            return
        for tag, (value, inherited) in zip(self._written(), resolved):
            tag.resolved = value
            tag.inherited = inherited

    def has_section(self, kind: str) -> bool:
        """Whether the game has an Auction (``kind`` `SECTION_AUCTION`) or Play section."""
        if self.plain is not None:
            return self._plain_runs(kind) is not None
        return (self._auction if kind == SECTION_AUCTION else self._play) is not None

    def section(self, kind: str) -> PbnSection:
        """The Auction or Play section as written (`has_section`; a plain game's is
        assembled from its text)."""
        section = self.auction if kind == SECTION_AUCTION else self.play
        assert section is not None, "the game has that section"
        return section

    def section_runs(self, kind: str) -> list[str] | None:
        """The runs of tokens of the Auction or Play section (`has_section`), or None when
        commentary stands among them (read the section's pieces then)."""
        if self.plain is not None:
            runs = self._plain_runs(kind)
            assert runs is not None, "the game has that section"
            return runs
        section = self.section(kind)
        if section.commented:
            return None
        return [piece[1] for piece in section.pieces]  # type: ignore[index]

    def section_notes(self, kind: str) -> list[PbnTag]:
        """The Note tags of the Auction or Play section (`has_section`)."""
        if self.plain is not None:
            return []  # a plain game has none
        return self.section(kind).notes

    def _plain_runs(self, kind: str) -> list[str] | None:
        assert self.plain is not None
        return self.plain.auction if kind == SECTION_AUCTION else self.plain.play

    @property
    def lines(self) -> LineIndex:
        """Offsets in ``text`` to file lines."""
        if self._lines is None:
            self._lines = LineIndex(self.text, self.first_line)
        return self._lines

    def line_of(self, pos: int) -> int:
        """The file line of an offset in ``text``."""
        return self.lines.line_of(pos)

    def tag(self, name: str) -> PbnTag | None:
        """The first (governing) occurrence of a tag written in this game."""
        for t in self.tags:
            if t.name == name and not t.duplicate:
                return t
        return None

    @property
    def record(self) -> BoardRecord:
        """The `BoardRecord` of this game (built on first use)."""
        if self._record is None:
            assert self._builder is not None, "a game read by the reader knows its builder"
            self._record = self._builder(self)
        return self._record

    @property
    def problems(self) -> tuple[Any, ...]:
        return self.record.problems

    @property
    def tables(self) -> dict[str, Any]:
        """The supplemental tables by name (`adapters.pbn.tables.PbnTable`), read with the
        record."""
        tables: dict[str, Any] = self.record.extra["tables"]
        return tables


def _closed(string: str) -> bool:
    """Whether a string item (`adapters.pbn.tokens.scan` kind ``ITEM_STRING``) ends with
    its closing quote: a final quote after an even run of backslashes."""
    if len(string) < 2 or string[-1] != '"':
        return False
    body = string[1:-1]
    return (len(body) - len(body.rstrip("\\"))) % 2 == 0
_LONG_LINE = re.compile(r"[^\r\n]{%d,}" % (MAX_LINE + 1))
_BAD_BYTES = re.compile(rb"[\x00-\x08\x0e-\x1f\x7f]")
_GOOD_ASCII = bytes(b for b in range(128) if not _BAD_BYTES.match(bytes([b])))
_BAD_CP1252_BYTES = re.compile(rb"[\x00-\x08\x0e-\x1f\x7f-\x9f]")
_BAD_CHARS = re.compile("[\x00-\x08\x0e-\x1f\x7f-\x9f]")


def assemble(game: PbnGame, plain: bool = False) -> PbnGame:
    """Fill ``game`` (index, path, raw, text set) from its text; returns it. ``plain``:
    a game `read_plain` can read comes as ``game.plain``, its tags and sections assembled
    on first use (the same, with the same problems)."""
    if not (plain and read_plain(game)):
        _assemble_items(game, game.issues)
    _check_characters(game)
    return game


def read_plain(game: PbnGame) -> bool:
    """Read a game that is nothing but tag pairs of PBN 2.1 (`KNOWN_TAGS`), each given
    once, and the calls and cards after its Auction and Play tags, as ``game.plain``:
    with no commentary, escape line, string, backslash or tab, its assembly would find no
    problem. False (``game`` untouched) for any other game."""
    text = game.text
    if "{" in text or ";" in text or "%" in text or "\\" in text or "\t" in text:
        return False  # (a quick look first; such characters in a tag value are seldom)
    tags: list[tuple[str, str]] = []
    seen: set[str] = set()
    auction: list[str] | None = None
    play: list[str] | None = None
    runs: list[str] | None = None  # those of the section being read
    for name, value, run, _other in PLAIN_ITEMS.findall(text):
        if name:
            if name in seen:
                return False
            seen.add(name)
            tags.append((name, value))
            if name in KNOWN_TAGS:
                runs = None
            elif name == "Auction":
                runs = auction = []
            elif name == "Play":
                runs = play = []
            else:
                return False
        elif run and runs is not None:
            runs.append(run)
        elif run or _other:
            return False
    if not tags:
        return False
    game.plain = PlainGame(tags, auction, play)
    return True


#: a tag pair whose value is written without quotes, read as written: a name, and a value
#: of no quote, bracket or line end (``[Event Random]``)
_UNQUOTED = re.compile(r'\[\s*([A-Za-z0-9_]+)\s+([^"\[\]\s](?:[^"\[\]\r\n]*[^"\[\]\s])?)\s*\]')


def _assemble_items(game: PbnGame, issues: list[tuple[int, str]]) -> None:
    """Tags, commentary, escape lines and sections of ``game`` from its text, with the
    syntax problems met in ``issues``. One function on purpose: a reader hot path, run on
    every line of every game (measured by benchmarks/bench_readers.py)."""
    text = game.text
    lines = game.lines
    line_of = lines.line_of
    tags = game._tags
    seen: set[str] = set()
    section: PbnSection | None = None
    user_tag: PbnTag | None = None
    comments = game._leading_comments
    unquoted: list[tuple[int, str]] = []  # the tags whose value has no quotes
    for m in scan(text):
        kind = m.lastindex or 0  # one group of the scanner matched
        start = m.start(kind)
        if kind == ITEM_BADTAG and (bare := _UNQUOTED.fullmatch(text, start, m.end())):
            kind = ITEM_TAG  # a value without its quotes, read as written (and said)
            (name, value), (vstart, vend) = bare.group(1, 2), bare.span(2)
            unquoted.append((line_of(start), name))
        elif kind == ITEM_TAG:
            (name, value), (vstart, vend) = m.group(2, 3), m.span(3)
        if kind == ITEM_TAG:
            if "\\" in value:
                value = unescape(value)
            tag = PbnTag(name, value, lines, start, m.end(), vstart, vend)
            tags.append(tag)
            comments = tag.comments
            user_tag = None
            if "\t" in value:
                issues.append((line_of(start), MsgText.of("problem.pbn.tab_in_value", {"tag": name})))
            if name == "Note":
                if section is not None and section.kind in (SECTION_AUCTION, SECTION_PLAY):
                    section.notes.append(tag)
                elif section is None or section.kind != _IGNORED:
                    issues.append((line_of(start),
                                   MsgText.of("problem.pbn.note_outside_section")))
                continue
            if name in seen:
                tag.duplicate = True
                issues.append((line_of(start),
                               MsgText.of("problem.pbn.tag_twice", {"tag": name})))
                section = PbnSection(tag, _IGNORED)
                continue
            seen.add(name)
            if name in KNOWN_TAGS:
                section = None
            elif name == "Auction":
                section = game._auction = PbnSection(tag, SECTION_AUCTION)
            elif name == "Play":
                section = game._play = PbnSection(tag, SECTION_PLAY)
            elif name.endswith("Table"):
                section = PbnSection(tag, SECTION_TABLE)
                game._sections.append(section)
            else:
                section = None
                user_tag = tag
        elif kind in (ITEM_DATA, ITEM_STRING):
            item = m.group(kind)
            if section is None and user_tag is not None:
                section = PbnSection(user_tag, SECTION_USER)
                game._sections.append(section)
                user_tag = None
            if kind == ITEM_STRING and not _closed(item):
                issues.append((line_of(start), MsgText.of(
                    "problem.pbn.string_not_closed", {"text": repr(clip_echo(item))})))
            if section is not None:
                section.pieces.append((start, item))
            else:
                first = clip_echo(item.split("\n", 1)[0].rstrip())
                issues.append((line_of(start), MsgText.of("problem.pbn.text_outside", {"text": repr(first)})))
        elif kind in (ITEM_BRACE, ITEM_SEMI):
            raw = m.group(kind)
            line = line_of(start)
            if raw[0] == "{":
                closed = raw.endswith("}")
                comment = PbnComment(raw[1:-1] if closed else raw[1:], "{", line, start)
                if not closed:
                    issues.append((line, MsgText.of("problem.pbn.brace_not_closed")))
            else:
                comment = PbnComment(raw[1:], ";", line, start)
            if section is not None and section.pieces:
                if section.kind == SECTION_TABLE:
                    issues.append((line, MsgText.of("problem.pbn.table_commentary")))
                section.pieces.append(comment)
                section.commented = True
            else:
                comments.append(comment)
        elif kind == ITEM_ESCAPE:
            game._escapes.append((line_of(start), m.group(kind)))
        elif kind == ITEM_BADTAG:
            issues.append((line_of(start), MsgText.of("problem.pbn.malformed_tag", {"text": repr(m[kind])})))
            section = PbnSection(PbnTag("", "", lines, start, m.end(), start, start), _IGNORED)
        else:
            bad = m.group(kind)
            issues.append((line_of(start), MsgText.of(f"problem.pbn.unexpected.{1 if len(bad) == 1 else 'n'}",
                                                      {"text": repr(clip_echo(bad))})))
    if unquoted:  # one problem a game, the same text for the same tags (said once a file)
        issues.append((unquoted[0][0], MsgText.of(
            "problem.pbn.unquoted_values", {"tags": ", ".join(f"[{name}]" for _, name in unquoted)})))


def _check_characters(game: PbnGame) -> None:
    text = game.text
    if len(text) > MAX_LINE and max(map(len, text.split("\n"))) > MAX_LINE:
        for m in _LONG_LINE.finditer(text):
            game.issues.append((game.line_of(m.start()),
                                MsgText.of("problem.pbn.long_line", {"n": MAX_LINE})))
    raw = game.raw
    if game.encoding == "ascii" and not raw.translate(None, _GOOD_ASCII):
        return  # the usual game: no control character (deleting the good bytes leaves none)

    def report(lines_before: int, byte: int) -> None:
        game.issues.append((game.first_line + lines_before,
                            MsgText.of("problem.pbn.control_character", {"code": f"0x{byte:02x}"})))

    if game.encoding == "utf-8":
        at, counted = 0, 0  # the byte offset of character ``counted``
        for lines_before, start in _firsts_per_line(text, "\n", _BAD_CHARS):
            at += len(text[counted:start].encode("utf-8"))
            counted = start
            report(lines_before, raw[at])
    else:
        pattern = _BAD_CP1252_BYTES if game.encoding == "cp1252" else _BAD_BYTES
        for lines_before, start in _firsts_per_line(raw, b"\n", pattern):
            report(lines_before, raw[start])


def _firsts_per_line(subject: AnyStr, newline: AnyStr, pattern: re.Pattern[AnyStr]
                     ) -> Iterator[tuple[int, int]]:
    """The first match of ``pattern`` on each line of ``subject`` that has one, as (lines
    before it, its position): the search goes on from the next line, so each character
    is looked at once however many matches a line holds."""
    lines, counted, pos = 0, 0, 0
    while (m := pattern.search(subject, pos)) is not None:
        start = m.start()
        lines += subject.count(newline, counted, start)
        counted = start
        yield lines, start
        pos = subject.find(newline, start) + 1
        if not pos:
            return
