"""PBN files as other editors save them, and files of which (nearly) nothing is PBN.

A UTF-8 byte-order mark is no text of the file; lines that end with CR alone (the old Mac
editors' line end) are lines; the blocks of either still give back the file byte for
byte, and a copy written keeps them. A file of which no record, or far fewer records than
its Board tags, can be read is said to be unreadable, and the audit exits 2.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from adapters.pbn import parts as pbn_parts
from adapters.pbn.reader import PbnSource
from adapters.pbn.writer import write_lossless
from td_plugin import cli
from td_plugin.audit.run import run_audit
from td_plugin.errors import InputError, WrongFormatError
from td_plugin.host.manager import PluginHost
from td_plugin.laws.context import ReviewContext
from td_plugin.model.changes import RecordChange, TextNote

#: a real file of 108 games (ISO 8859-1, CRLF line ends)
REAL_108 = "pl_kops_sm0807_per_table_results_iso8859.pbn"
GAME = ('[Event "x"]\n[Board "{n}"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
        '[Deal "N:AKQJ.AKQ.AKQ.AKQ 5432.5432.5432.5 T98.T98.T9876.T9 76.J76.J.J876432"]\n'
        '[Contract "3NT"]\n[Declarer "N"]\n[Result "9"]\n')


def _games(n: int, eol: str = "\n") -> bytes:
    return (eol.join(GAME.format(n=i + 1) for i in range(n))).replace("\n", eol).encode()


def _read(data: bytes) -> tuple[PbnSource, list]:
    source = PbnSource.from_bytes(data, "x.pbn")
    return source, list(source.records())


def _problems(source: PbnSource, records: list) -> list[str]:
    return [p.message for r in records for p in r.problems] + [
        p.message for p in source.file_problems()]


def test_a_real_file_saved_with_cr_only_line_ends_reads_as_its_108_games(
        realworld: Path, tmp_path: Path) -> None:
    data = (realworld / "pbn" / REAL_108).read_bytes()
    lf = data.replace(b"\r\n", b"\n")
    cr = tmp_path / "cr.pbn"
    cr.write_bytes(lf.replace(b"\n", b"\r"))
    plain, cr_source = PbnSource.from_bytes(lf, "lf.pbn"), PbnSource(cr)
    expected = [(r.board, r.location.line, r.contract, r.declarer_tricks, len(r.problems))
                for r in plain.records()]
    got = [(r.board, r.location.line, r.contract, r.declarer_tricks, len(r.problems))
           for r in cr_source.records()]
    assert len(got) == 108 and got == expected
    assert b"".join(b.data for b, _ in cr_source.blocks()) == cr.read_bytes()
    assert cli.main(["audit", str(cr)]) in (0, 1)


def test_a_copy_of_a_cr_only_file_keeps_its_line_ends(tmp_path: Path) -> None:
    source = tmp_path / "cr.pbn"
    source.write_bytes(_games(3, "\r"))
    change = RecordChange(2, law="79C", annotations=(TextNote("Law 79C: the result corrected"),))
    write_lossless(source, tmp_path / "copy.pbn", {2: [change]})
    copy = (tmp_path / "copy.pbn").read_bytes()
    assert b"\n" not in copy and b"Law 79C" in copy
    assert copy.count(b"\r\r") == 2  # the empty lines between the three games


def test_a_utf8_byte_order_mark_is_accepted_silently(tmp_path: Path) -> None:
    data = "\ufeff% PBN 2.1\n".encode() + _games(2)
    source, records = _read(data)
    assert [r.board for r in records] == [1, 2]
    assert not any("\ufeff" in m or "outside" in m or "%" in m
                   for m in _problems(source, records))
    assert b"".join(b.data for b, _ in source.blocks()) == data
    path = tmp_path / "bom.pbn"
    path.write_bytes(data)
    change = RecordChange(1, law="12C", annotations=(TextNote("Law 12C"),))
    write_lossless(path, tmp_path / "copy.pbn", {1: [change]})
    assert (tmp_path / "copy.pbn").read_bytes().startswith(b"\xef\xbb\xbf% PBN 2.1\n")


def test_a_file_of_fewer_records_than_half_its_board_tags_is_unreadable(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "glued.pbn"
    path.write_bytes(_games(6).replace(b"\n\n", b"\n"))  # no empty line between the games
    with pytest.raises(InputError, match="only 1 record could be read from a file of 6 "
                                         "Board tags"):
        PbnSource(path).check_read(1)
    assert cli.main(["audit", str(path)]) == 2
    said = " ".join(capsys.readouterr().out.split())  # (the console wraps long lines)
    assert "only 1 record could be read from a file of 6 Board tags" in said


def test_a_file_of_as_many_records_as_board_tags_is_read(tmp_path: Path) -> None:
    path = tmp_path / "six.pbn"
    path.write_bytes(_games(6))
    PbnSource(path).check_read(6)
    PbnSource(path).check_read(3)  # (half: a second table's game may leave out its Board)
    assert cli.main(["audit", str(path)]) in (0, 1)


def test_a_file_read_in_parts_of_which_nothing_is_read_exits_2(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "junk.pbn"
    path.write_bytes(b"x y z\n\n" * 6000)  # no game in it, long enough for four parts
    monkeypatch.setattr(pbn_parts, "PART_SIZE", 10_000)
    result = run_audit([str(path)], PluginHost(load_entrypoints=False),
                       ReviewContext(equity=False), jobs=2)
    (report,) = result.inputs
    assert report.records == 0
    assert report.error is not None and "not a PBN file: no game in it" in report.error
    with pytest.raises(WrongFormatError):
        PbnSource(path).check_read(0)
