"""The PBN reader: import format (PBN 2.1 §2.1) as written by people and by real programs.

`PbnSource` reads a file one game at a time (memory does not grow with the file) and
hands out `PbnGame`s (everything as written, for lossless writing and the audit) and
`BoardRecord`s. Problems are collected per record with file, line and board, and reading
goes on with the next game; ``strict=True`` raises `ParseError` at the first one.

Tag values are resolved across games in file order:

* ``[Tag "#"]`` takes the value of the nearest previous game with a real value, and
  ``[Tag "##text"]`` sets ``text`` for this and all later games until the tag is given
  again (§4.8).
* Carry-over of omitted tags, as rpbridge.net writes its files (``carry_over``; None
  means: switch it on at the first game with an Auction or Play but no Board, Deal or
  Dealer that follows a game with a Deal). Such a game is the other room's table of the
  previous board: it takes the previous game's Board, Dealer, Vulnerable and Deal; every
  game takes the event tags (Event, Site, Date, Stage, ...) last given, and the player
  tags last given in a game of its own kind (first or second table of a board), since
  the file names the players of each room only when they change. Each record lists
  what it took in ``extra["carried"]``.
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Generator, Iterator
from typing import NoReturn, cast

from adapters.file_kinds import HEAD_BYTES, describe_content
from adapters.pbn import parts as pbn_parts
from adapters.pbn.fileview import BOM, FileView
from adapters.pbn.game import PbnGame, assemble
from adapters.pbn.parts import PartStream, PbnPart, SeekableStream, cut_parts, lead_before
from adapters.pbn.record import build_record
from adapters.pbn.tokens import MAX_GAME_BYTES, Block, ByteStream, decode, describe_stray, split_blocks
from adapters.pbn.values import NO_INHERITANCE, TAG_CHECKS, check_tag
from td_plugin.errors import InputError, Location, ParseError, WrongFormatError
from td_plugin.messages import MsgText
from td_plugin.model.board import BoardRecord, RecordProblem

__all__ = ["PbnSource", "PbnGame", "PbnPart", "PbnPartReading", "read_pbn",
           "MAX_FILE_PROBLEMS"]

#: problems outside the games listed per reading; the rest are counted in one more
MAX_FILE_PROBLEMS = 100

#: what `PbnSource.promised_games` counts, and the bytes it reads at a time
_BOARD_TAG = b"[Board "
_CHUNK = 1 << 20
_BOARD_TAGS = ("Board", "Dealer", "Vulnerable", "Deal")
_EVENT_TAGS = ("Event", "Site", "Date", "EventDate", "Stage", "HomeTeam", "VisitTeam",
               "Section", "Round", "Scoring", "Competition")
_PLAYER_TAGS = ("West", "North", "East", "South")


#: a `_Resolver`'s state: last values, ``##`` defaults, carry-over active, the previous
#: game's values, event tags, the players of first and second tables
_State = tuple[dict[str, str], dict[str, str], bool, dict[str, str] | None, dict[str, str],
               dict[str, str], dict[str, str]]


class _Resolver:
    """The state that carries tag values from game to game (§4.8 and carry-over)."""

    def __init__(self, carry_over: bool | None) -> None:
        self.last: dict[str, str] = {}
        self.defaults: dict[str, str] = {}
        self.carry_over = carry_over
        self.active = carry_over is True
        self.previous: dict[str, str] | None = None
        self.event: dict[str, str] = {}
        self.players: dict[bool, dict[str, str]] = {True: {}, False: {}}

    def resolve(self, game: PbnGame) -> None:
        values: dict[str, str] = {}
        settled: list[tuple[str, bool]] = []  # each written tag's value and whether inherited
        for index, (name, value) in enumerate(game.written_tags()):
            inherited = False
            if value[:1] == "#" and (value == "#" or value.startswith("##")):
                if name in NO_INHERITANCE:
                    game.issues.append((game.written_line(index), MsgText.of(
                        "problem.pbn.no_inheritance", {"tag": name, "value": value})))
                    value = ""
                elif value == "#":
                    value = self.last.get(name, "")
                    inherited = True
                else:
                    value = self.defaults[name] = value[2:]
            elif name in self.defaults:
                self.defaults[name] = value
            if not inherited:
                self.last[name] = value
                if name in TAG_CHECKS:
                    problem = check_tag(name, value)
                    if problem:
                        game.issues.append((game.written_line(index), problem))
            values[name] = value
            settled.append((value, inherited))
        game.settle(settled)
        for name, value in self.defaults.items():
            if name not in values:
                values[name] = value
        self._carry(game, values)
        game.values = values

    def state(self) -> _State:
        """A copy of the state, comparable and picklable."""
        return (dict(self.last), dict(self.defaults), self.active,
                None if self.previous is None else dict(self.previous), dict(self.event),
                dict(self.players[True]), dict(self.players[False]))

    def restore(self, state: _State) -> None:
        last, defaults, self.active, previous, event, first, second = state
        self.last, self.defaults, self.event = dict(last), dict(defaults), dict(event)
        self.previous = None if previous is None else dict(previous)
        self.players = {True: dict(first), False: dict(second)}

    def _carry(self, game: PbnGame, values: dict[str, str]) -> None:
        first_table = "Board" in values or "Deal" in values
        if (self.carry_over is None and not self.active and not first_table
                and "Dealer" not in values and (game.auction or game.play)
                and self.previous is not None and "Deal" in self.previous):
            self.active = True
        if self.active:
            if not first_table and self.previous is not None:
                self._take(game, values, self.previous, _BOARD_TAGS)
            self._take(game, values, self.event, _EVENT_TAGS)
            self._take(game, values, self.players[first_table], _PLAYER_TAGS)
        for name in _EVENT_TAGS:
            if name in values:
                self.event[name] = values[name]
        room = self.players[first_table]
        for name in _PLAYER_TAGS:
            if name in values:
                room[name] = values[name]
        self.previous = values

    @staticmethod
    def _take(game: PbnGame, values: dict[str, str], source: dict[str, str],
              names: tuple[str, ...]) -> None:
        for name in names:
            if name not in values and name in source:
                values[name] = source[name]
                game.carried.append(name)


class PbnSource:
    """A PBN file opened for reading (the `td_plugin.host.sources.Source` protocol, and
    `td_plugin.host.sources.PartedSource`: it can be read in parts on several processes).

    ``records()`` and ``games()`` read the file again on each call. ``file_problems()``
    holds what concerns no game (text between games, mixed encodings), known once a
    reading has finished.
    """

    format = "pbn"

    def __init__(self, path: str | os.PathLike[str], *, strict: bool = False,
                 carry_over: bool | None = None) -> None:
        self.path = str(path)
        self.strict = strict
        self.carry_over = carry_over
        #: ``ascii``, ``utf-8`` or ``cp1252``: the first non-ASCII game's (None before reading)
        self.encoding: str | None = None
        self._data: bytes | None = None
        self._file_problems: list[RecordProblem] = []
        self._unlisted = 0  # problems outside the games beyond MAX_FILE_PROBLEMS
        self._swapped = False  # the file being read ends its lines with CR alone

    @classmethod
    def from_text(cls, text: str, path: str = "<string>", **kw: object) -> PbnSource:
        """A source reading ``text`` (as UTF-8) instead of a file."""
        return cls.from_bytes(text.encode("utf-8"), path, **kw)

    @classmethod
    def from_bytes(cls, data: bytes, path: str = "<bytes>", **kw: object) -> PbnSource:
        source = cls(path, **kw)  # type: ignore[arg-type]
        source._data = data
        return source

    def _open(self) -> FileView:
        """The file as it is read (`adapters.pbn.fileview`): without its byte-order mark,
        line ends of CR alone read as LF."""
        view = FileView(io.BytesIO(self._data) if self._data is not None
                        else open(self.path, "rb"))
        self._swapped = view.swapped
        return view

    def file_problems(self) -> list[RecordProblem]:
        more = [RecordProblem(MsgText.of("problem.pbn.more_outside_games",
                                         {"n": f"{self._unlisted:,}"}),
                              self._file_problems[-1].location)] if self._unlisted else []
        return self._file_problems + more

    def blocks(self, *, plain: bool = False) -> Iterator[tuple[Block, PbnGame | None]]:
        """Every block of the file in order with its game (None for what is not a game:
        semi-empty lines, escape lines and commentary between games). ``plain``: games
        read for their records, their tags and sections assembled on first use
        (`adapters.pbn.game.read_plain`)."""
        self._file_problems, self._unlisted = [], 0
        self.encoding = None
        with self._open() as stream:
            if stream.bom:  # the blocks give back the file byte for byte
                yield Block(BOM, 1, True), None
            reading = self._read(stream, 1, _Resolver(self.carry_over), plain=plain)
            if stream.swapped:
                reading = _swapped_back(reading, stream)
            games = yield from reading
            if not games:
                self._not_pbn(stream)

    def check_read(self, records: int) -> None:
        """Raise when a reading of the whole file gave no record (then it is no PBN file),
        or fewer than half the games its Board tags promise (`promised_games`).

        :raises WrongFormatError: no record.
        :raises InputError: far fewer records than Board tags.
        """
        if records:
            promised = self.promised_games()
            if records * 2 >= promised:
                return
            raise InputError(
                f"only {records:,} record{'s' if records > 1 else ''} could be read from a "
                f"file of {promised:,} Board tags: it is damaged, or its games are not "
                "separated by empty lines as PBN separates them", Location(self.path))
        with self._open() as stream:
            self._not_pbn(stream)

    def promised_games(self) -> int:
        """How many Board tags (``[Board``) the file holds, read a chunk at a time."""
        count, tail = 0, b""
        with self._open() as stream:
            for chunk in iter(lambda: stream.read(_CHUNK), b""):
                piece = tail + chunk
                count += piece.count(_BOARD_TAG)
                tail = piece[-(len(_BOARD_TAG) - 1):]  # (a tag cut between two chunks)
        return count

    def _not_pbn(self, stream: SeekableStream) -> NoReturn:
        """No game in the whole file: it is no PBN file."""
        size = stream.seek(0, os.SEEK_END)
        stream.seek(0)
        what = describe_content(stream.read(HEAD_BYTES), size)
        raise WrongFormatError(f"not a PBN file: no game in it; the file is {what}",
                               Location(self.path))

    def _read(self, stream: ByteStream, first_line: int, resolver: _Resolver,
              final: bool = True, plain: bool = False
              ) -> Generator[tuple[Block, PbnGame | None], None, int]:
        """Every block with its game (None: no game); returns how many games there were.
        ``final``: the stream ends where the file ends; ``plain``: the games are read for
        their records (`adapters.pbn.game.read_plain`)."""
        index = 0
        stray = _Stray(self)  # runs of lines that are no game
        for block in split_blocks(stream, first_line=first_line, final=final):
            if block.blank:
                if stray.oversize:  # that game ends here
                    stray.flush()
                yield block, None
                continue
            if block.oversize or b"\0" in block.data or not _GAME_OR_COMMENT.search(block.data):
                stray.add(block)
                yield block, None
                continue
            stray.flush()
            text, encoding = decode(block.data)
            game = assemble(PbnGame(index + 1, self.path, block.first_line, block.data,
                                    text, encoding), plain)
            if game.plain is None and not game.tags:
                for line, message in game.issues:
                    self._file_problem(line, message)
                yield block, None
                continue
            index += 1
            game.cr_line_ends = self._swapped
            self._note_encoding(game)
            resolver.resolve(game)
            game._builder = build_record
            if self.strict:
                self._raise_first(game.record)
            yield block, game
        stray.flush()
        return index

    def parts(self, size: int | None = None, *, jobs: int = 1) -> list[PbnPart]:
        """The file cut into parts of whole games of about ``size`` bytes (default
        `adapters.pbn.parts.PART_SIZE`), for `read_part`. Without ``size``, a file of more
        than one part that ``jobs`` processes share is cut into a multiple of ``jobs``
        parts of one size (a 1.9 MB file into two parts of about 0.95 MB for two
        processes, not 1 MB and 0.9 MB; five megabytes into six parts, not five), the
        first a little larger (`adapters.pbn.parts.FIRST_PART`)."""
        with self._open() as stream:
            first = None
            if size is None:
                size = pbn_parts.PART_SIZE
                total = stream.seek(0, os.SEEK_END)
                stream.seek(0)
                count = -(-total // size)
                if jobs > 1 and count > 1:
                    count = -(-count // jobs) * jobs
                    size = -(-total // count)
                    first = int(size * pbn_parts.FIRST_PART)
                    size = -(-(total - first) // (count - 1))
            return cut_parts(stream, size, first)

    def read_part(self, part: PbnPart, state: object | None = None,
                  warm: int | None = None) -> PbnPartReading:
        """Read one part: from ``state`` (a `PbnPartReading.end_state` of the part before;
        None: the state at the start of the file) brought up to date with the games in
        the ``warm`` bytes before the part (default `adapters.pbn.parts.WARM_BYTES`).
        Record indexes count from 1 at the part's start."""
        return PbnPartReading(self, part, state,
                              pbn_parts.WARM_BYTES if warm is None else warm)

    def games(self) -> Iterator[PbnGame]:
        """The games in file order (``game.record`` builds the record on first use)."""
        for _block, game in self.blocks():
            if game is not None:
                yield game

    def records(self) -> Iterator[BoardRecord]:
        for _block, game in self.blocks(plain=True):
            if game is not None:
                yield game.record

    def _note_encoding(self, game: PbnGame) -> None:
        if game.encoding == "ascii":
            return
        if self.encoding is None:
            self.encoding = game.encoding
        elif game.encoding != self.encoding:
            self._file_problem(game.first_line, f"this game is {game.encoding}, earlier "
                                                f"games are {self.encoding}")

    def _file_problem(self, line: int, message: str) -> None:
        problem = RecordProblem(message, Location(self.path, line))
        if len(self._file_problems) < MAX_FILE_PROBLEMS:
            self._file_problems.append(problem)
        else:
            self._unlisted += 1
        if self.strict:
            raise ParseError(message, problem.location)

    def _raise_first(self, record: BoardRecord) -> None:
        if record.problems:
            first = record.problems[0]
            raise ParseError(first.message, first.location)


def _swapped_back(reading: Generator[tuple[Block, PbnGame | None], None, int],
                  view: FileView) -> Generator[tuple[Block, PbnGame | None], None, int]:
    """The blocks of ``reading`` with their bytes as the file has them; returns how many
    games there were."""
    games = 0
    for block, game in reading:
        games += game is not None
        yield Block(view.original(block.data), block.first_line, block.blank,
                    block.oversize), game
    return games


#: what a block must hold to be more than stray text: a tag, a comment, an escape line
_GAME_OR_COMMENT = re.compile(rb"[\[{;%]")


class _Stray:
    """Consecutive runs of lines that are no game (text without a tag or a comment in it,
    binary data) as one problem, counting them and showing how they start; or the pieces
    of one oversize game, as one problem counting its bytes."""

    def __init__(self, source: PbnSource) -> None:
        self.source = source
        self.first: Block | None = None
        self.lines = 0
        self.size = 0
        self.oversize = False

    def add(self, block: Block) -> None:
        if self.first is None or block.oversize != self.oversize:
            self.flush()
            self.first, self.oversize = block, block.oversize
        self.lines += block.data.count(b"\n") + (not block.data.endswith(b"\n"))
        self.size += len(block.data)

    def flush(self) -> None:
        first = self.first
        if first is None:
            return
        if self.oversize:
            message = (f"a game of more than {MAX_GAME_BYTES // (1 << 20)} MB without an "
                       f"empty line ({self.size:,} bytes): not read")
        else:
            message = describe_stray(first.data, self.size, self.lines)
        self.source._file_problem(first.first_line, message)
        self.first, self.lines, self.size = None, 0, 0


class PbnPartReading:
    """The reading of one part of a PBN file (`PbnSource.read_part`). ``records()``
    reads it; then ``start_state`` is the state the part was read from (after the lead:
    compare it with the previous part's ``end_state``; None when the lead was cut inside
    a comment), ``end_state`` the state after its last game, ``open_end`` whether it ends
    inside an open brace comment (the next part does not start a game), and
    ``file_problems()`` what concerns no game of the part."""

    def __init__(self, source: PbnSource, part: PbnPart, state: object | None,
                 warm: int) -> None:
        self.source = source
        self.part = part
        self._state = state
        self._warm = warm
        self.start_state: object | None = None
        self.end_state: object | None = None
        self.open_end = False

    def _snapshot(self, resolver: _Resolver) -> tuple[object, ...]:
        return resolver.state(), self.source.encoding

    def records(self) -> Iterator[BoardRecord]:
        source, part = self.source, self.part
        resolver = _Resolver(source.carry_over)
        source.encoding = None
        if self._state is not None:
            # the opaque state `_snapshot` made for the part before
            resolved, source.encoding = cast("tuple[_State, str | None]", self._state)
            resolver.restore(resolved)
        with source._open() as stream:
            lead, line = lead_before(stream, part, self._warm)
            if not lead:
                self.start_state = self._snapshot(resolver)
            source._file_problems, source._unlisted = [], 0
            read = 0  # bytes of the lead read so far
            skipped = 0  # games in the lead
            last: Block | None = None
            for block, game in source._read(PartStream(stream, lead, part), line, resolver,
                                            part.end is None, plain=True):
                last = block
                if read < len(lead):
                    read += len(block.data)
                    skipped += game is not None
                    if read == len(lead):
                        self.start_state = self._snapshot(resolver)
                        source._file_problems, source._unlisted = [], 0
                    continue
                if game is not None:
                    game.index -= skipped
                    yield game.record
            self.open_end = part.end is not None and last is not None and not last.blank
            self.end_state = self._snapshot(resolver)

    def file_problems(self) -> list[RecordProblem]:
        return self.source.file_problems()


def read_pbn(path: str | os.PathLike[str], **kw: object) -> PbnSource:
    """Open a PBN file: ``read_pbn(path, strict=False, carry_over=None)``."""
    return PbnSource(path, **kw)  # type: ignore[arg-type]
