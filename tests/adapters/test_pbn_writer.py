"""The PBN writer: lossless write-back (a copy that differs only where a ruling changed
something) and the export format of the standard, read back to the same records."""

from __future__ import annotations

import difflib
import io
import re
from pathlib import Path

import pytest

from adapters.pbn.reader import PbnSource
from adapters.pbn.sections import SUFFIX_NAGS
from adapters.pbn.writer import MANDATORY_TAGS, write_export, write_lossless
from td_plugin.cases.files import load_case
from td_plugin.errors import InputError
from td_plugin.host.manager import PluginHost
from td_plugin.laws.context import ReviewContext
from td_plugin.model.board import BoardRecord
from td_plugin.model.changes import RecordChange, TextNote
from td_plugin.model.contract import Contract
from td_plugin.model.outcomes import AssignedResult, ScoreOnly
from tests.conftest import LARGE_PBN, REALWORLD

PBN_FILES = sorted(p.name for p in (REALWORLD / "pbn").glob("*.pbn")) or ["<none>"]
#: the real files, the large one (7,632 games) marked slow
PBN_PARAMS = [pytest.param(n, marks=pytest.mark.slow) if n == LARGE_PBN else n for n in PBN_FILES]


def _assigned(source: Path, index: int, tricks: int, score: int | None = None) -> AssignedResult:
    """The game's own contract (or its auction's) with ``tricks``, scored ``score``."""
    record = list(PbnSource(source).records())[index - 1]
    contract = record.contract or record.auction.contract()
    return AssignedResult(contract, tricks, score)


def _notes(*texts: str) -> tuple[TextNote, ...]:
    return tuple(TextNote(t) for t in texts)


FOUR_SPADES = Contract.from_pbn("4S", "S")


def _changed_lines(before: bytes, after: bytes, encoding: str = "latin-1") -> tuple[list[str], list[str]]:
    old = before.decode(encoding).splitlines()
    new = after.decode(encoding).splitlines()
    removed, added = [], []
    for line in difflib.unified_diff(old, new, n=0, lineterm=""):
        if line.startswith(("---", "+++", "@@")):
            continue
        (removed if line[0] == "-" else added).append(line[1:])
    return removed, added


# -- lossless ------------------------------------------------------------------------------

@pytest.mark.realworld
@pytest.mark.parametrize("name", PBN_FILES)
def test_lossless_copy_is_byte_for_byte(realworld: Path, tmp_path: Path, name: str) -> None:
    source = realworld / "pbn" / name
    dest = tmp_path / name
    write_lossless(source, dest, {})
    assert dest.read_bytes() == source.read_bytes()


@pytest.mark.realworld
def test_lossless_change_touches_only_result_score_and_commentary(realworld: Path,
                                                                  tmp_path: Path) -> None:
    # rpbridge style: the second game omits what it shares with the first
    source = realworld / "pbn" / "rpbridge_spingold2014_shared_deals.pbn"
    dest = tmp_path / "out.pbn"
    changes = {2: [RecordChange(2, _assigned(source, 2, 8, 800),
                                annotations=_notes("Law 64A1: one trick to the defenders"))],
               3: [RecordChange(3, annotations=_notes("checked, no change"))]}
    write_lossless(source, dest, changes)
    removed, added = _changed_lines(source.read_bytes(), dest.read_bytes())
    assert removed == ['[Result "9"]', '[Result "12"]']
    assert added == ['[Result "8"] {Law 64A1: one trick to the defenders}',
                     '[Score "NS 800"]',  # the game had no Score tag
                     '[Result "12"] {checked, no change}']
    before, after = list(PbnSource(source).records()), list(PbnSource(dest).records())
    assert (after[1].declarer_tricks, after[1].score_ns, after[1].problems) == (8, 800, ())
    assert after[1].board == before[1].board == 62  # still carried from the first game
    for a, b in zip(before, after):
        assert (a.deal, a.auction, a.play, a.contract) == (b.deal, b.auction, b.play, b.contract)


@pytest.mark.realworld
@pytest.mark.parametrize("name, index, change, removed, added", [
    # "NS 11" by North: the file's form is kept
    ("pbnref_correct_21.pbn", 2, (10, 130),
     ['[Result "NS 11"]', '[Score "NS +550"]', '[ScoreIMP "NS +10"]'],
     ['[Result "NS 10"]', '[Score "NS +130"]', '[ScoreIMP "NS +10"]']),
    # a plain Score is declarer's: East-West declared 4S
    ("eyc1998_vienna_2boards.pbn", 1, (None, 100), ['[Score "NS -50"]'],
     ['[Score "NS 100"]']),
    # "NS 9 EW 4" keeps both sides
    ("pbnref_correct_10.pbn", 2, (8, None),
     ['[Result "NS 9 EW 4"]'], ['[Result "NS 8 EW 5"]']),
])
def test_lossless_writes_in_the_files_own_form(realworld: Path, tmp_path: Path, name: str,
                                               index: int, change: tuple, removed: list[str],
                                               added: list[str]) -> None:
    source = realworld / "pbn" / name
    dest = tmp_path / name
    tricks, score = change
    outcome = _assigned(source, index, tricks, score) if tricks is not None else ScoreOnly(score)
    write_lossless(source, dest, {index: [RecordChange(index, outcome)]})
    got_removed, got_added = _changed_lines(source.read_bytes(), dest.read_bytes())
    assert (got_removed, got_added) == (
        [r for r in removed if r not in added], [a for a in added if a not in removed])


@pytest.mark.realworld
def test_lossless_adds_missing_tags_after_the_identification_section(realworld: Path,
                                                                     tmp_path: Path) -> None:
    source = realworld / "pbn" / "bbo_skyclub_2013_play_missing_contract.pbn"
    game = next(g for g in PbnSource(source).games() if g.tag("Result") is None)
    dest = tmp_path / "out.pbn"
    write_lossless(source, dest, {game.index: [RecordChange(
        game.index, _assigned(source, game.index, 7, -50), annotations=_notes("a", "b"))]})
    removed, added = _changed_lines(source.read_bytes(), dest.read_bytes())
    assert removed == [] and added == ['[Result "7"] {a} {b}', '[Score "NS -50"]']
    lines = dest.read_bytes().decode("ascii").split("\r\n")
    at = lines.index('[Result "7"] {a} {b}')
    assert lines[at - 1].startswith("[Deal ") and lines[at + 2] == '[Auction "N"]'
    written = next(g for g in PbnSource(dest).games() if g.index == game.index).record
    assert written.declarer_tricks == 7 and written.problems == ()


@pytest.mark.realworld
def test_lossless_keeps_encoding_and_line_ends(realworld: Path, tmp_path: Path) -> None:
    source = realworld / "pbn" / "pl_kops_sm0807_per_table_results_iso8859.pbn"
    dest = tmp_path / "out.pbn"
    write_lossless(source, dest, {1: [RecordChange(1, _assigned(source, 1, 8),
                                                   annotations=_notes("Spilfører: 8 stik"))]})
    data = dest.read_bytes()
    assert b"Chorz\xf3w" in data and "Spilfører".encode("latin-1") in data
    assert data.count(b"\n") == data.count(b"\r\n") == source.read_bytes().count(b"\r\n")
    record = next(PbnSource(dest).records())
    assert record.declarer_tricks == 8 and "Chorzów" in record.event


@pytest.mark.realworld
def test_lossless_keeps_utf8(realworld: Path, tmp_path: Path) -> None:
    source = realworld / "pbn" / "realbridge_2021_online_qual_open_r2.pbn"
    dest = tmp_path / "out.pbn"
    write_lossless(source, dest, {3: [RecordChange(3, annotations=_notes("♣ and ø"))]})
    removed, added = _changed_lines(source.read_bytes(), dest.read_bytes(), "utf-8")
    assert len(removed) == len(added) == 1 and added[0].endswith("{♣ and ø}")


def test_comment_text_cannot_break_the_commentary(tmp_path: Path) -> None:
    source = tmp_path / "in.pbn"
    source.write_bytes(b'[Declarer "S"]\n[Contract "4S"]\n[Result "10"]\n')
    dest = tmp_path / "out.pbn"
    write_lossless(source, dest, {1: [RecordChange(1, annotations=_notes("a } b\n\n%c"))]})
    game = next(PbnSource(dest).games())
    assert game.record.problems == ()
    assert [c.text for c in game.tag("Result").comments] == ["a ) b\n %c"]


@pytest.mark.realworld
def test_lossless_refuses_to_write_over_its_source(realworld: Path, tmp_path: Path) -> None:
    source = tmp_path / "copy.pbn"
    source.write_bytes((realworld / "pbn" / "pbnref_basic_10.pbn").read_bytes())
    before = source.read_bytes()
    with pytest.raises(InputError):
        write_lossless(source, source, {1: [RecordChange(1, _assigned(source, 1, 1))]})
    with pytest.raises(InputError):
        write_lossless(source, tmp_path / "." / "copy.pbn", {})
    assert source.read_bytes() == before


def test_lossless_unknown_record_writes_nothing(tmp_path: Path) -> None:
    source = tmp_path / "in.pbn"
    source.write_bytes(b'[Board "1"]\n')
    dest = tmp_path / "out.pbn"
    with pytest.raises(InputError, match="no record 2"):
        write_lossless(source, dest, {2: [RecordChange(2, AssignedResult(FOUR_SPADES, 1))]})
    assert list(tmp_path.iterdir()) == [source]


def test_agreed_result_caret_when_the_play_says_otherwise(tmp_path: Path) -> None:
    # 13 tricks played, declarer won all of them: an assigned 12 differs from the play
    hands = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
    rows = "\n".join(f"{a} {b} {c} {d}" for a, b, c, d in zip(
        ["S2", "H2", "H3", "H4", "H5", "D2", "D3", "D4", "D5", "C2", "C3", "C4", "C5"],
        ["SA", "HA", "HK", "HQ", "SK", "DA", "DK", "DQ", "SQ", "CA", "CK", "CQ", "SJ"],
        ["S7", "HJ", "HT", "H9", "S8", "DJ", "DT", "D9", "S9", "CJ", "CT", "C9", "ST"],
        ["S3", "H8", "H7", "H6", "S4", "D8", "D7", "D6", "S5", "C8", "C7", "C6", "S6"]))
    source = tmp_path / "in.pbn"
    source.write_text(f'[Deal "{hands}"]\n[Declarer "N"]\n[Contract "7NT"]\n[Result "13"]\n'
                      f'[Play "W"]\n{rows}\n')
    assert next(PbnSource(source).records()).problems == ()
    dest = tmp_path / "out.pbn"
    write_lossless(source, dest, {1: [RecordChange(1, _assigned(source, 1, 12))]})
    record = next(PbnSource(dest).records())
    assert (record.declarer_tricks, record.result_agreed) == (12, True)
    write_lossless(source, dest, {1: [RecordChange(1, _assigned(source, 1, 13))]})
    assert next(PbnSource(dest).records()).result_agreed is False


# -- export format -----------------------------------------------------------------------

FIELDS = ("board", "dealer", "vulnerability", "deal", "play", "contract", "declarer_tricks",
          "result_agreed", "declarer_swapped", "score_ns", "players", "event", "section",
          "table", "round", "scoring")


def _auction(auction):
    """The auction with suffixes as NAGs (export writes ``!`` as ``$1``, §3.5.2)."""
    if auction is None:
        return None
    return auction.dealer, auction.truncated, [
        (e.call, e.insufficient, e.skipped, e.notes,
         sorted(set(e.nags) | ({SUFFIX_NAGS[e.suffix]} if e.suffix else set())))
        for e in auction.entries]


def _export(games: list) -> bytes:
    buf = io.BytesIO()
    assert write_export(games, buf) == len(games)
    return buf.getvalue()


@pytest.mark.realworld
@pytest.mark.parametrize("name", PBN_PARAMS)
def test_export_reads_back_to_the_same_records(realworld: Path, name: str) -> None:
    games = list(PbnSource(realworld / "pbn" / name).games())
    back = list(PbnSource.from_bytes(_export(games)).games())
    assert len(back) == len(games)
    for game, again in zip(games, back):
        a, b = game.record, again.record
        assert [getattr(a, f) for f in FIELDS] == [getattr(b, f) for f in FIELDS], game.index
        assert _auction(a.auction) == _auction(b.auction), game.index
        assert a.auction_notes == b.auction_notes, game.index
        assert a.extra["play_notes"] == b.extra["play_notes"], game.index
        assert {n: (t.header_value, t.rows) for n, t in a.extra["tables"].items()} == \
            {n: (t.header_value, t.rows) for n, t in b.extra["tables"].items()}
        for tag, value in a.extra["tags"].items():
            if tag not in MANDATORY_TAGS and tag not in ("Auction", "Play"):
                assert b.extra["tags"][tag] == value, (game.index, tag)
        # export adds nothing wrong: problems only where the input had them
        assert {p.message for p in b.problems} <= {p.message for p in a.problems} | {
            "line longer than 254 characters (§2.3)"}


@pytest.mark.realworld
def test_export_format_rules(realworld: Path) -> None:
    games = list(PbnSource(realworld / "pbn" / "rpbridge_world_championships_vugraph.pbn").games())
    data = _export(games[:40])
    text = data.decode("latin-1")
    assert "\t" not in text and re.search(r"(?<!\r)\n", text) is None  # CRLF only
    lines = text.split("\r\n")
    assert lines[:2] == ["% PBN 2.1", "% EXPORT"]
    games_text = "\r\n".join(lines[2:]).strip().split("\r\n\r\n")
    assert len(games_text) == 40
    for game in games_text:
        game_lines = game.split("\r\n")
        tags = [re.match(r'\[(\w+) "', line).group(1) for line in game_lines
                if line.startswith("[")]
        assert tuple(tags[:15]) == MANDATORY_TAGS
        others = [t for t in tags[15:] if t not in ("Auction", "Play", "TextNote")]
        assert others == sorted(others)
        assert all(line.count("[") <= 1 for line in game_lines)  # one tag per line
        auction_at = game_lines.index(next(line for line in game_lines
                                           if line.startswith("[Auction")))
        assert game_lines[auction_at] == f'[Auction "{_value(game_lines, "Dealer")}"]'
        calls = game_lines[auction_at + 1].split()
        assert len(calls) == 4 or game_lines[auction_at + 2].startswith("[")
    first = games_text[1]  # the closed room: carried tags written out
    assert '[Board "1"]' in first and '[Deal "N:' in first and '[Contract "4SX"]' in first


def _value(lines: list[str], name: str) -> str:
    line = next(line for line in lines if line.startswith(f"[{name} "))
    return line.split('"')[1]


@pytest.mark.realworld
def test_export_normalises_to_upper_case(realworld: Path) -> None:
    games = list(PbnSource(realworld / "pbn" / "pl_kops_pch1003_per_table_results.pbn").games())
    assert any(g.values["Contract"].endswith("x") for g in games)  # "5Cx" in the file
    text = _export(games).decode("latin-1")
    assert re.search(r'\[Contract "[^"]*x"\]', text) is None
    assert '[Contract "5CX"]' in text


@pytest.mark.realworld
def test_export_encodings(realworld: Path, tmp_path: Path) -> None:
    utf8 = list(PbnSource(realworld / "pbn" / "realbridge_2021_online_qual_open_r2.pbn").games())
    assert "♣" in _export(utf8).decode("utf-8")
    latin = list(PbnSource(realworld / "pbn" /
                           "pl_kops_sm0807_per_table_results_iso8859.pbn").games())
    path = tmp_path / "out.pbn"
    write_export(latin, path)
    assert b"Chorz\xf3w" in path.read_bytes()


@pytest.mark.realworld
def test_export_of_bare_records(realworld: Path) -> None:
    games = list(PbnSource(realworld / "pbn" / "bbo_wronie_pairs_2013_play.pbn").games())[:30]
    records = [BoardRecord(board=g.record.board, dealer=g.record.dealer,
                           vulnerability=g.record.vulnerability, deal=g.record.deal,
                           auction=g.record.auction, play=g.record.play,
                           contract=g.record.contract, declarer_tricks=g.record.declarer_tricks,
                           players=g.record.players, event=g.record.event,
                           auction_notes=g.record.auction_notes)
               for g in games]
    buf = io.BytesIO()
    assert write_export(records, buf) == 30
    back = list(PbnSource.from_bytes(buf.getvalue()).records())
    for record, again in zip(records, back):
        assert again.problems == ()
        for f in ("board", "dealer", "vulnerability", "deal", "play", "contract",
                  "declarer_tricks", "players", "event"):
            assert getattr(again, f) == getattr(record, f), f
        assert _auction(again.auction) == _auction(record.auction)
        assert again.auction_notes == record.auction_notes


def test_export_to_a_text_stream() -> None:
    games = list(PbnSource.from_text('[Board "2"]\n[Dealer "e"]\n').games())
    out = io.StringIO()
    assert write_export(games, out) == 1
    assert '[Board "2"]\r\n' in out.getvalue() and '[Dealer "E"]\r\n' in out.getvalue()


def test_a_table_ruling_is_written_as_commentary_in_the_directors_language(
        data_dir: Path, tmp_path: Path) -> None:
    """An auction ruling given at the table, written back to the session's PBN file in
    Danish: every line the Director announced, as ``{}`` commentary after the Result tag
    of the table's game; to a table its ScoreTable lists, after the table's tag."""
    host = PluginHost(load_entrypoints=False)
    case = Path(__file__).resolve().parents[1] / "cases" / "003_change_1d_to_1nt_accepted.json"
    ruling, _ = host.report_incident(load_case(case), ReviewContext(language="da"))
    source = data_dir / "scoretable_mitchell.pbn"
    dest = tmp_path / "out.pbn"
    host.write_changes(str(source), str(dest), {
        1: [RecordChange(1, annotations=(ruling,))],
        2: [RecordChange(2, annotations=(ruling,), pairs=("3", "4"))]}, "da")
    games = list(PbnSource(dest).games())
    assert [g.problems for g in games] == [(), ()]
    (comment,) = games[0].tag("Result").comments
    announced = ruling.text_lines("da")
    assert len(announced) > 3 and max(map(len, announced)) > 254  # wrapped where too long
    assert comment.text.split() == " ".join(announced).split()
    assert "§ 25B1" in comment.text and "Law " not in comment.text
    assert [r.declarer_tricks for r in PbnSource(dest).records()] == [10, 8]  # unchanged
    text = dest.read_text(encoding="utf-8")
    assert max(len(line) for line in text.splitlines()) <= 254
    after_table = text.split("[ScoreTable ", 2)[2].split("\n", 1)[1]
    assert after_table.startswith("{" + announced[0])
