"""Families of pathological inputs for every reader, and how to tell a linear reader.

A *family* makes an input of any size ``n``: a context that opens one kind of token (a
tag, its name, its value, a brace or ``;`` comment, an escape line, a string, a section;
a LIN key or value, a hand; an XML element, attribute, comment, CDATA; a Bridgemate
value) followed by a run of ``n`` characters of one class (spaces, tabs, line ends of
each kind, letters, digits, backslashes, quotes, brackets, braces, bars, dashes, commas,
non-ASCII and control characters), left unterminated or closed after the run. A reader
that rescans an unterminated token from its start, or a regular expression that
backtracks over a run, takes four times as long for twice the input; a linear one about
twice as long.

`tests/test_linear_readers.py` reads every family at two sizes and bounds the ratio of
the times; ``benchmarks/bench_readers.py`` prints the seconds per megabyte of the worst
family of each reader, and ``benchmarks/fuzz_inputs.py --families`` runs the families of
the formats it mutates through the whole audit.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["Family", "families", "READERS", "Reading", "Read", "seconds", "ratio", "FLOOR"]

#: the readers with families, in the order they are reported
READERS = ("pbn", "lin", "usebio", "bws", "case", "adjustments")


@dataclass(frozen=True)
class Family:
    """``prefix`` + ``run`` * n + ``suffix``: an input of about ``n`` runs."""

    reader: str
    name: str
    prefix: bytes
    run: bytes
    suffix: bytes = b""

    def make(self, n: int) -> bytes:
        return self.prefix + self.run * n + self.suffix


# the character classes a run is made of (each a few bytes at most)
_CLASSES = {
    "spaces": b" ", "tabs": b"\t", "LF": b"\n", "CR": b"\r", "CRLF": b"\r\n",
    "blank lines": b"\n \n", "letters": b"a", "digits": b"9", "words": b"ab ",
    "backslashes": b"\\", "quotes": b'"', "escaped quotes": b'\\"', "apostrophes": b"'",
    "open brackets": b"[", "close brackets": b"]", "open braces": b"{", "close braces": b"}",
    "semicolons": b";", "percents": b"%", "bars": b"|", "dashes": b"-", "commas": b",",
    "colons": b":", "equals": b"=", "dollars": b"$", "carets": b"^", "stars": b"*",
    "less-than": b"<", "greater-than": b">", "ampersands": b"&", "suit letters": b"S",
    "Latin-1": b"\xe9", "UTF-8": "\u00e9".encode(), "NUL": b"\0", "control": b"\x01",
    "C1 control": "\u0080".encode(), "NEL": "\u0085".encode(),
}
_WHITE_AND_TEXT = ("spaces", "tabs", "LF", "CR", "CRLF", "blank lines", "letters", "digits",
                   "words", "backslashes", "Latin-1", "UTF-8", "NUL", "control", "NEL")
#: the classes each reader's inputs are made of: whitespace and text, and the characters
#: its format gives a meaning
_READER_CLASSES = {
    "pbn": _WHITE_AND_TEXT + ("quotes", "escaped quotes", "open brackets", "close brackets",
                              "open braces", "close braces", "semicolons", "percents",
                              "dashes", "colons", "equals", "dollars", "carets", "stars",
                              "C1 control"),
    "lin": _WHITE_AND_TEXT + ("bars", "commas", "dashes", "suit letters", "colons"),
    "usebio": _WHITE_AND_TEXT + ("less-than", "greater-than", "ampersands", "quotes",
                                 "close brackets", "dashes", "semicolons"),
    "bws": _WHITE_AND_TEXT + ("dashes", "commas", "percents", "suit letters", "equals"),
    "case": _WHITE_AND_TEXT + ("colons", "dashes", "quotes", "apostrophes", "open brackets",
                               "open braces", "commas", "ampersands", "stars", "percents"),
}
_READER_CLASSES["adjustments"] = _READER_CLASSES["case"]

_EVENT = b'[Event "x"]\n'
_PBN_CONTEXTS = {
    "before any tag": (b"", b""),
    "after a tag": (_EVENT, b""),
    "after a tag, a game after": (_EVENT, b'\n\n[Event "y"]\n'),
    "an open tag": (_EVENT + b"[", b""),
    "a tag name": (_EVENT + b"[Decla", b""),
    "a tag name, closed": (_EVENT + b"[Decla", b'rer "N"]\n'),
    "after a tag name": (_EVENT + b"[Declarer ", b""),
    "a tag value": (_EVENT + b'[Declarer "', b""),
    "a tag value, closed": (_EVENT + b'[Declarer "', b'"]\n'),
    "after a tag value": (_EVENT + b'[Declarer "N"', b""),
    "a brace comment": (_EVENT + b"{", b""),
    "a brace comment, closed": (_EVENT + b"{", b"}\n"),
    "a ; comment": (_EVENT + b";", b""),
    "an escape line": (_EVENT + b"%", b""),
    "a string in a section": (_EVENT + b'[Auction "N"]\n"', b""),
    "an Auction section": (_EVENT + b'[Auction "N"]\n1C ', b""),
    "a Play section": (_EVENT + b'[Contract "1C"]\n[Declarer "N"]\n[Play "E"]\nSA ', b""),
    "a note": (_EVENT + b'[Auction "N"]\n1C =1= Pass\n[Note "1:', b'"]\n'),
    "a deal": (_EVENT + b'[Deal "N:', b'"]\n'),
    "a score table": (_EVENT + b'[ScoreTable "Score_NS\\6R;PairId_NS\\2R"]\n', b""),
    "a score table cell": (_EVENT + b'[ScoreTable "Score_NS\\6R;PairId_NS\\2R"]\n"', b""),
    "a user section": (_EVENT + b'[MyTag "x"]\n', b""),
}

_LIN_CONTEXTS = {
    "a key": (b"", b""),
    "a key, closed": (b"", b"|x|"),
    "a value": (b"pn|", b""),
    "a value, closed": (b"pn|", b"|"),
    "a hand": (b"md|4S5", b""),
    "a hand, closed": (b"md|4S5", b"|"),
    "a board, then a hand": (b"md|3SAKQJHAKQDAKQCAKQ,S2345H2345D2345C2,S6789H6789D6789C3,|"
                             b"ah|Board 1|mb|p|md|4S5", b"|"),
    "a call": (b"md|3SAKQJHAKQDAKQCAKQ,,,|ah|Board 1|mb|", b"|"),
    "a card": (b"md|3SAKQJHAKQDAKQCAKQ,,,|ah|Board 1|mb|1N|mb|p|mb|p|mb|p|pc|", b"|"),
    "a claim": (b"md|3SAKQJHAKQDAKQCAKQ,,,|ah|Board 1|mc|", b"|"),
    "commentary": (b"md|3SAKQJHAKQDAKQCAKQ,,,|ah|Board 1|nt|", b"|"),
    "a Director's note": (b"md|3SAKQJHAKQDAKQCAKQ,,,|ah|Board 1|nt|TD:", b"|"),
    "a vugraph header": (b"vg|", b"|"),
    "a vugraph result": (b"vg|a,b,I,1,2,c,0,d,0|rs|", b"|qx|o1|md|3SAKQJHAKQDAKQCAKQ,,,|"),
    "a board label": (b"qx|", b"|md|3SAKQJHAKQDAKQCAKQ,,,|"),
}

_USEBIO_HEAD = (b'<?xml version="1.0" encoding="UTF-8"?>\n<USEBIO Version="1.2">'
                b"<CLUB><CLUB_NAME>x</CLUB_NAME></CLUB><EVENT EVENT_TYPE=\"PAIRS\">")
_USEBIO_CONTEXTS = {
    "element text": (_USEBIO_HEAD + b"<EVENT_DESCRIPTION>", b""),
    "element text, closed": (_USEBIO_HEAD + b"<EVENT_DESCRIPTION>",
                             b"</EVENT_DESCRIPTION></EVENT></USEBIO>"),
    "a start tag": (_USEBIO_HEAD + b"<EVENT_DESCRIPTION", b""),
    "an attribute value": (_USEBIO_HEAD + b'<BOARD BOARD_NUMBER="', b""),
    "a comment": (_USEBIO_HEAD + b"<!--", b""),
    "a comment, closed": (_USEBIO_HEAD + b"<!--", b"--></EVENT></USEBIO>"),
    "CDATA": (_USEBIO_HEAD + b"<EVENT_DESCRIPTION><![CDATA[", b""),
    "a processing instruction": (_USEBIO_HEAD + b"<?x ", b""),
    "between elements": (_USEBIO_HEAD, b"</EVENT></USEBIO>"),
    "a board": (_USEBIO_HEAD + b"<BOARD><BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE>"
                b"<CONTRACT>", b"</CONTRACT></TRAVELLER_LINE></BOARD></EVENT></USEBIO>"),
    "a score": (_USEBIO_HEAD + b"<BOARD><BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE>"
                b"<SCORE>", b"</SCORE></TRAVELLER_LINE></BOARD></EVENT></USEBIO>"),
}

#: the Bridgemate values a run is put in (the columns of ``ReceivedData``)
_BWS_COLUMNS = ("Contract", "Result", "LeadCard", "Remarks", "NS/EW", "Declarer",
                "PairNS", "Round")
_CASE_CONTEXTS = {
    "a YAML value": (b"board: 1\ncontract: ", b"\n"),
    "a YAML key": (b"board: 1\n", b": 1\n"),
    "a YAML string": (b'board: 1\ncontract: "', b""),
    "a JSON string": (b'{"board": 1, "contract": "', b""),
    "a JSON list": (b'{"board": 1, "auction": [', b""),
}
_ADJUSTMENT_CONTEXTS = {
    "a YAML value": (b"- board: 1\n  artificial: ", b"\n"),
    "a YAML string": (b"- board: 1\n  artificial: '", b""),
    "a JSON string": (b'[{"board": 1, "artificial": "', b""),
}

#: families whose run is a whole element, for the readers whose files repeat elements:
#: every dimension of a USEBIO file read in linear time (a board's traveller lines, the
#: boards of an event and of a hand set, the pairs). The board's lines each come with
#: three comments beside them in one family: a lookup among all a board's children for
#: every line (the board's average, as it once was looked up) shows at the sizes the
#: test reads, where lines alone would need ten times as many (a board of 40,000 lines
#: took 66 s so)
_LINE = (b"<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>"
         b"<CONTRACT>3NT</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>9</TRICKS><SCORE>400</SCORE>"
         b"</TRAVELLER_LINE>\n")
_BOARD_1 = b"<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>"
_ELEMENT_FAMILIES = {"usebio": {
    "a board: traveller lines, three comments each":
        (_USEBIO_HEAD + _BOARD_1, b"<TRAVELLER_LINE/><!--t--><!--t--><!--t-->",
         b"<BOARD_AVERAGE>10</BOARD_AVERAGE></BOARD></EVENT></USEBIO>"),
    "an event: boards": (_USEBIO_HEAD, _BOARD_1 + b"<TRAVELLER_LINE/></BOARD>",
                         b"</EVENT></USEBIO>"),
    "an event: pairs": (_USEBIO_HEAD + b"<PARTICIPANTS>",
                        b"<PAIR><PAIR_NUMBER>1</PAIR_NUMBER></PAIR>",
                        b"</PARTICIPANTS>" + _BOARD_1 + _LINE + b"</BOARD></EVENT></USEBIO>"),
    "a hand set: boards": (_USEBIO_HEAD + _BOARD_1 + _LINE + b"</BOARD></EVENT><HANDSET>",
                           _BOARD_1 + b"</BOARD>", b"</HANDSET></USEBIO>"),
}}

_CONTEXTS = {"pbn": _PBN_CONTEXTS, "lin": _LIN_CONTEXTS, "usebio": _USEBIO_CONTEXTS,
             "case": _CASE_CONTEXTS, "adjustments": _ADJUSTMENT_CONTEXTS,
             "bws": dict.fromkeys(_BWS_COLUMNS, (b"", b""))}


def families(reader: str) -> Iterator[Family]:
    """Every family of ``reader``: each context with a run of each character class, and
    the runs of whole elements of its format (`_ELEMENT_FAMILIES`)."""
    for context, (prefix, suffix) in _CONTEXTS[reader].items():
        for cls in _READER_CLASSES[reader]:
            yield Family(reader, f"{context}: {cls}", prefix, _CLASSES[cls], suffix)
    for name, (prefix, run, suffix) in _ELEMENT_FAMILIES.get(reader, {}).items():
        yield Family(reader, name, prefix, run, suffix)


# -- reading ---------------------------------------------------------------------------

#: a reading of one input, ready to run: the number of records and problems it gave
Read = Callable[[], int]


class Reading:
    """Readings of inputs the way each reader is given a file (written into ``folder``
    first: the writing is not timed), as far as its records and their problems."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def __call__(self, family: Family, data: bytes) -> Read:
        if family.reader == "bws":  # (the family's context is the column of the run)
            return self._bws(family.name.split(":")[0], data)
        prepare: Callable[[bytes], Read] = getattr(self, "_" + family.reader)
        return prepare(data)

    def _file(self, data: bytes, suffix: str) -> Path:
        path = self.folder / f"input{suffix}"
        path.write_bytes(data)
        return path

    def _pbn(self, data: bytes) -> Read:
        from adapters.pbn.reader import PbnSource

        return lambda: _count(PbnSource.from_bytes(data, "input.pbn"))

    def _lin(self, data: bytes) -> Read:
        from adapters.lin.reader import LinSource

        path = self._file(data, ".lin")
        return lambda: _count(LinSource(path))

    def _usebio(self, data: bytes) -> Read:
        from adapters.usebio.reader import UsebioSource

        path = self._file(data, ".xml")
        return lambda: _count(UsebioSource(path))

    def _bws(self, column: str, data: bytes) -> Read:
        from adapters.bws.reader import BwsData
        from tests.bws_session import memory_tables, result_row, round_row, section_rows

        row = result_row(1, 1, 1, 1, 1, 1, 1, "N", "3 NT", "=", "19:00:00")
        row[column] = data.decode("latin-1")

        def read() -> int:
            bws = BwsData.read(memory_tables(Section=section_rows(("A", 1)),
                                             RoundData=[round_row(1, 1, 1, 1, 1, 1, 2)],
                                             ReceivedData=[row]), "input.bws")
            return sum(1 + len(r.problems) for r in bws.records()) + len(bws.problems)

        return read

    def _case(self, data: bytes) -> Read:
        from td_plugin.cases.files import load_case
        from td_plugin.errors import InputError

        path = self._file(data, ".json" if data[:1] == b"{" else ".yaml")

        def read() -> int:
            try:
                load_case(path)
            except InputError:
                return 0
            return 1

        return read

    def _adjustments(self, data: bytes) -> Read:
        from td_plugin.cases.adjustments import read_adjustments
        from td_plugin.errors import InputError

        path = self._file(data, ".json" if data[:1] == b"[" else ".yaml")

        def read() -> int:
            try:
                adjustments, mistakes = read_adjustments(path)
            except InputError:
                return 0
            return len(adjustments) + len(mistakes)

        return read


def _count(source: Any) -> int:
    """Records and problems of a source's reading (none when it is refused)."""
    from td_plugin.errors import InputError

    try:
        return sum(1 + len(r.problems) for r in source.records()) + len(source.file_problems())
    except InputError:
        return 0


def seconds(prepare: Callable[[Family, bytes], Read], family: Family, n: int,
            repeat: int = 3) -> float:
    """The least processor time of ``repeat`` readings of ``family`` at size ``n`` (the
    time of this process: other processes on a busy machine do not count)."""
    read = prepare(family, family.make(n))
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        read()
        best = min(best, time.process_time() - start)
    return best


#: times below this are taken as this (a timer's and a busy machine's noise)
FLOOR = 2e-4


def ratio(prepare: Callable[[Family, bytes], Read], family: Family, n: int) -> float:
    """How much longer reading ``family`` takes at ``2 n`` than at ``n``."""
    small = seconds(prepare, family, n)
    return max(seconds(prepare, family, 2 * n), FLOOR) / max(small, FLOOR)
