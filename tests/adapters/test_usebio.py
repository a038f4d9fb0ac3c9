"""The USEBIO adapter: reading every real Compscore file, safe parsing, and the lossless
writer (only the changed elements differ; rescoring an unchanged file changes nothing)."""

from __future__ import annotations

import hashlib
import os
import re
from fractions import Fraction

import pytest
from lxml import etree

from adapters.usebio import reader as usebio
from adapters.usebio import writer as usebio_writer
from adapters.usebio.reader import UsebioSource, load_usebio, parse_artificial, parse_lead, read_usebio
from adapters.usebio.writer import adjust_usebio, rescore_usebio, write_changes
from td_plugin.cases.adjustments import parse_adjustments
from td_plugin.errors import InputError, ParseError
from td_plugin.host.sources import Source
from td_plugin.model.cards import Card, Seat
from td_plugin.model.changes import RecordChange
from td_plugin.model.contract import Contract
from td_plugin.model.outcomes import ArtificialScore, AssignedResult
from td_plugin.model.scoring import score_ns

FILES = ["compscore3_butler_howell.xml", "compscore3_butler_mitchell.xml",
         "compscore3_cross_imp_howell.xml", "compscore3_mp_pairs_howell.xml",
         "compscore3_mp_pairs_mitchell.xml", "compscore3_mp_pairs_mitchell_02.xml",
         "compscore3_mp_pairs_mitchell_03.xml", "compscore3_mp_pairs_mitchell_04.xml",
         "compscore3_mp_pairs_mitchell_adjusted_02.xml"]

SMALL = "usebio_v13_mitchell_latin1.xml"


def _path(realworld, name):
    return realworld / "usebio" / name


# --- reading ------------------------------------------------------------------------------

@pytest.mark.realworld
@pytest.mark.parametrize("name", FILES)
def test_every_real_file_reads_without_problems(realworld, name):
    path = _path(realworld, name)
    source = UsebioSource(path)
    assert isinstance(source, Source) and source.format == "usebio"
    records = list(source.records())
    lines = etree.parse(str(path)).getroot().find("EVENT").iter("TRAVELLER_LINE")
    assert len(records) == sum(1 for _ in lines)
    assert [p.describe() for r in records for p in r.problems] == []
    assert source.file_problems() == []
    assert [r.location.record for r in records] == list(range(1, len(records) + 1))
    assert all(r.deal is not None and r.deal.is_complete for r in records)


@pytest.mark.realworld
@pytest.mark.parametrize("name", FILES)
def test_recorded_scores_are_the_scores_of_contract_and_tricks(realworld, name):
    # Law 77 on every table result: USEBIO has no vulnerability, the standard rotation is
    # right for every line of these files
    checked = 0
    for r in read_usebio(_path(realworld, name)):
        if r.contract is None or r.contract.is_passed_out:
            continue
        vulnerable = r.vulnerability.is_vulnerable(r.contract.declarer)
        assert score_ns(r.contract, r.declarer_tricks, vulnerable) == r.score_ns, r.label()
        checked += 1
    assert checked > 100


@pytest.mark.realworld
def test_first_traveller_line_of_a_mitchell(realworld):
    r = read_usebio(_path(realworld, "compscore3_mp_pairs_mitchell_02.xml"))[0]
    assert (r.board, r.ns_pair, r.ew_pair) == (1, "1NS", "1EW")
    assert r.contract == Contract.from_pbn("2S", "S")
    assert (r.declarer_tricks, r.score_ns) == (8, 110)
    assert r.lead == Card.from_pbn("D2")
    assert r.extra["matchpoints"] == (20.0, 20.0)
    assert r.extra["ns_players"] == ("GRAHAM MCMAHON", "PETER JONKER")
    assert r.scoring == "MP" and r.event == "EL Thu 1.00pm Open (28-Jul-22)"
    assert (r.extra["club"], r.extra["date"]) == ("NSBC@Lindfield", "28/07/2022")
    assert r.location.line == 831 and r.location.board == 1
    assert r.dealer is Seat.N


@pytest.mark.realworld
def test_artificial_and_passed_out_lines(realworld):
    records = read_usebio(_path(realworld, "compscore3_mp_pairs_mitchell_adjusted_02.xml"))
    artificial = [r for r in records if r.artificial is not None]
    assert [(r.board, r.ns_pair, r.artificial) for r in artificial] == [
        (1, "1NS", ArtificialScore(50, 50)), (1, "2NS", ArtificialScore(60, 40)),
        (2, "9NS", ArtificialScore(60, 60)), (3, "1NS", ArtificialScore(50, 50))]
    assert all(r.contract is None and r.score_ns is None for r in artificial)
    assert records[1].extra["matchpoints"] == (24.0, 16.0)
    passed = [r for r in records if r.contract is not None and r.contract.is_passed_out]
    assert passed and all(r.score_ns == 0 and r.declarer_tricks is None for r in passed)


@pytest.mark.realworld
def test_butler_and_cross_imp_points(realworld):
    butler = read_usebio(_path(realworld, "compscore3_butler_howell.xml"))[1]
    assert butler.extra["butler"] == (-1.0, 1.0) and butler.extra["board_average"] == 160
    assert butler.scoring == "Butler"
    cross = read_usebio(_path(realworld, "compscore3_cross_imp_howell.xml"))[0]
    assert cross.extra["cross_imps"] == (3.67, -3.67) and cross.scoring == "Cross-IMPs"


def test_usebio_13_latin1_file_with_suit_first_leads(data_dir):
    records = read_usebio(data_dir / SMALL)
    assert [p for r in records for p in r.problems] == []
    assert records[3].lead == Card.from_pbn("S4") and records[0].lead == Card.from_pbn("H4")
    assert records[0].extra["ns_players"] == ("Søren Hansen", "Mette Kjær")
    assert records[1].extra["ns_players"] == ("Ann O'Brien", "Bo Lund")


@pytest.mark.parametrize("text, card", [("TD", "DT"), ("DT", "DT"), ("2C", "C2"), ("s4", "S4"),
                                        ("10H", "HT"), ("H10", "HT")])
def test_lead_rank_first_or_suit_first(text, card):
    assert parse_lead(text) is Card.from_pbn(card)


def test_artificial_score_forms():
    assert parse_artificial("A6040") == ArtificialScore(60, 40)
    assert parse_artificial("A5050") == ArtificialScore(50, 50)
    assert parse_artificial("A10040") == ArtificialScore(100, 40)
    assert parse_artificial("-140") is None and parse_artificial("A60") is None


def test_bad_values_are_problems_of_their_record_and_strict_raises(tmp_path, data_dir):
    text = (data_dir / SMALL).read_bytes().decode("latin-1")
    text = text.replace("<CONTRACT>4S</CONTRACT>", "<CONTRACT>4Z</CONTRACT>", 1)
    text = text.replace("<LEAD>C2</LEAD>", "<LEAD>X9</LEAD>", 1)
    bad = tmp_path / "bad.xml"
    bad.write_bytes(text.encode("latin-1"))
    records = read_usebio(bad)
    assert [p.message for p in records[0].problems] == [
        "not a contract: '4Z': the contract is not checked"]
    assert records[0].unread == {"contract"} and records[0].contract is None
    assert records[0].problems[0].location.line == records[0].location.line
    assert [p.message for p in records[1].problems] == ["not a lead card: 'X9'"]
    assert len(records) == 8 and not records[2].problems
    with pytest.raises(InputError, match=r"bad\.xml, line \d+, board 1: not a contract"):
        read_usebio(bad, strict=True)


# --- safe parsing -------------------------------------------------------------------------

def test_billion_laughs_is_refused(data_dir):
    with pytest.raises(InputError, match=r"declares XML entities .*refused"):
        read_usebio(data_dir / "usebio_billion_laughs.xml")


def test_external_entity_is_refused_and_nothing_is_read(data_dir):
    with pytest.raises(InputError, match=r"declares XML entities \(club\)"):
        load_usebio(data_dir / "usebio_external_entity.xml")


def test_file_larger_than_the_bound_is_refused(data_dir, monkeypatch):
    monkeypatch.setattr(usebio, "MAX_BYTES", 1000)
    with pytest.raises(InputError, match="larger than the 1000 bytes"):
        load_usebio(data_dir / SMALL)


def test_malformed_xml_names_the_line(tmp_path):
    bad = tmp_path / "broken.xml"
    bad.write_text('<?xml version="1.0"?>\n<USEBIO Version="1.2">\n<CLUB>\n</USEBIO>\n')
    with pytest.raises(ParseError, match=r"broken\.xml, line 4: not well-formed XML"):
        load_usebio(bad)


def test_not_usebio(tmp_path):
    other = tmp_path / "other.xml"
    other.write_text('<?xml version="1.0"?><RESULTS/>')
    with pytest.raises(InputError, match="root element is <RESULTS>"):
        load_usebio(other)


# --- lossless writing -----------------------------------------------------------------------

@pytest.mark.realworld
@pytest.mark.parametrize("name", [n for n in FILES if n not in (
    "compscore3_mp_pairs_mitchell.xml", "compscore3_mp_pairs_mitchell_02.xml")])
def test_rescoring_an_unchanged_file_writes_it_back_byte_for_byte(realworld, name):
    # every point, datum, total, percentage, place and master point award is what the
    # scorer wrote, so the rescored text is the file itself
    path = _path(realworld, name)
    data, report = rescore_usebio(path)
    assert data == path.read_bytes()
    assert report.pairs == [] and report.points == []


@pytest.mark.realworld
def test_rescoring_finds_what_the_scorer_wrote_differently(realworld):
    # compscore3_mp_pairs_mitchell.xml: a top and a bottom on board 15 (played 18 times,
    # 19 expected) come out 1/180 apart in Compscore's totals: 456.95 and 416.05
    _, report = rescore_usebio(_path(realworld, "compscore3_mp_pairs_mitchell.xml"))
    assert [(p.pair, p.total) for p in report.pairs] == [
        ("2EW", ("416.05", "416.06")), ("8NS", ("456.95", "456.94"))]
    # the _02 export carries totals from before two of its own adjustments
    _, report = rescore_usebio(_path(realworld, "compscore3_mp_pairs_mitchell_02.xml"))
    assert len(report.pairs) == 42


def _elements(data: bytes):
    root = etree.fromstring(data, etree.XMLParser(resolve_entities=False))
    return [(el.tag, (el.text or "").strip(), el.attrib) for el in root.iter()
            if isinstance(el.tag, str)]


@pytest.mark.realworld
@pytest.mark.parametrize("name", FILES)
def test_writing_an_adjustment_changes_only_the_affected_elements(realworld, name):
    path = _path(realworld, name)
    first = read_usebio(path)[0]
    adj = parse_adjustments([{"board": first.board, "ns_pair": first.ns_pair,
                              "ew_pair": first.ew_pair, "artificial": "60/40",
                              "law": "12C2"}])
    data, report = adjust_usebio(path, adj)
    original = path.read_bytes()
    # byte for byte, once the values that follow from the scores are masked and the
    # adjusted line's table result is taken out of the original
    scored = r"SCORE|NS_\w+_POINTS|EW_\w+_POINTS|TOTAL_SCORE|PERCENTAGE|PLACE|" \
             r"MASTER_POINTS_AWARDED|BOARD_AVERAGE"

    def mask(text: str) -> str:
        return re.sub(rf"<({scored})>[^<]*</\1>", r"<\1>#</\1>", text)

    text = original.decode()
    start = text.index("<TRAVELLER_LINE>")
    end = text.index("</TRAVELLER_LINE>", start)
    line = re.sub(r"\s*<(CONTRACT|PLAYED_BY|LEAD|TRICKS)>[^<]*</\1>", "", text[start:end])
    assert mask(data.decode()) == mask(text[:start] + line + text[end:])
    # element by element: the same tree but for the adjusted line's table result, and the
    # same text in every element whose value does not follow from the scores
    before, after = _elements(original), _elements(data)
    first_line = next(i for i, e in enumerate(before) if e[0] == "TRAVELLER_LINE")
    table_result = ("CONTRACT", "PLAYED_BY", "LEAD", "TRICKS")
    end = first_line + 1
    while end < len(before) and before[end][0] != "TRAVELLER_LINE":
        end += 1
    before = before[:first_line] + [e for e in before[first_line:end]
                                     if e[0] not in table_result] + before[end:]
    assert [e[0] for e in after] == [e[0] for e in before]
    scored = {"SCORE", "TOTAL_SCORE", "PERCENTAGE", "PLACE", "MASTER_POINTS_AWARDED",
              "BOARD_AVERAGE"}
    for b, a in zip(before, after):
        if b[0] not in scored and not b[0].endswith("_POINTS"):
            assert (b[1], dict(b[2])) == (a[1], dict(a[2])), b[0]
    assert report.lines[0].after.startswith("A6040")
    assert read_usebio(path)[0].artificial != ArtificialScore(60, 40)  # input untouched


@pytest.mark.realworld
def test_write_changes_applies_an_audit_trick_transfer(realworld, tmp_path):
    src = _path(realworld, "compscore3_mp_pairs_howell.xml")
    digest = hashlib.sha256(src.read_bytes()).hexdigest()
    first = read_usebio(src)[0]  # 5C by W, 11 tricks, -400
    dest = tmp_path / src.name
    transfer = AssignedResult(first.contract, 10)  # scored by the writer for the board
    write_changes(str(src), str(dest), {1: [RecordChange(1, transfer, law="64A1")]})
    after = read_usebio(dest)[0]
    assert after.declarer_tricks == 10 and after.score_ns == 50
    assert after.contract == first.contract and after.lead == first.lead is not None
    assert hashlib.sha256(src.read_bytes()).hexdigest() == digest
    with pytest.raises(InputError, match="would overwrite the input"):
        write_changes(str(src), str(src), {})


def test_write_changes_without_changes_copies_the_bytes(data_dir, tmp_path):
    dest = tmp_path / SMALL
    write_changes(str(data_dir / SMALL), str(dest), {})
    assert dest.read_bytes() == (data_dir / SMALL).read_bytes()


def test_writer_keeps_encoding_comments_references_and_empty_elements(data_dir):
    path = data_dir / SMALL
    adj = parse_adjustments([{"board": 2, "ns_pair": 3, "ew_pair": 4, "assigned": "2S N 6",
                              "law": "12C1(a)"}])
    data, report = adjust_usebio(path, adj)
    text = data.decode("latin-1")
    assert text.startswith('<?xml version="1.0" encoding="ISO-8859-1"?>')
    assert "<!-- a small Mitchell" in text and "<VENUE/>" in text
    assert "Ann O&#39;Brien" in text and "S\u00f8ren" in text
    assert "<PARTICIPANTS EVENT_TYPE='MP_PAIRS'>" in text
    records = read_usebio_bytes(data)
    line = records[6]
    assert (str(line.contract), line.declarer_tricks, line.score_ns) == ("2S N", 6, -200)
    assert line.lead == Card.from_pbn("CK")  # same declarer: the lead stays
    assert [r.extra["matchpoints"] for r in records[4:]] == [(6.0, 0.0), (4.0, 2.0), (0.0, 6.0),
                                                            (2.0, 4.0)]
    assert report.lines[0].before == "2S N 8 +110" and report.lines[0].after == "2S N 6 -200"


def read_usebio_bytes(data: bytes):
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        p = os.path.join(d, "copy.xml")
        with open(p, "wb") as f:
            f.write(data)
        return read_usebio(p)


def test_12c2_artificial_score_removes_the_table_result(data_dir):
    adj = parse_adjustments([{"board": 2, "ns_pair": "1NS", "ew_pair": "2EW",
                              "artificial": "60/40", "law": "12C2"}])
    data, report = adjust_usebio(data_dir / SMALL, adj)
    line = read_usebio_bytes(data)[4]
    assert line.contract is None and line.artificial == ArtificialScore(60, 40)
    assert line.lead is None
    # 60 % and 40 % of a top of 6; the other three Neuberg-factored from 3 to 4 results
    assert line.extra["matchpoints"] == (3.6, 2.4)
    text = data.decode("latin-1")
    block = text[text.index("<NS_PAIR_NUMBER>1NS</NS_PAIR_NUMBER>\n    <EW_PAIR_NUMBER>2EW"):]
    assert block.split("</TRAVELLER_LINE>")[0].splitlines()[2:] == [
        "    <SCORE>A6040</SCORE>", "    <NS_MATCH_POINTS>3.6</NS_MATCH_POINTS>",
        "    <EW_MATCH_POINTS>2.4</EW_MATCH_POINTS>", "  "]
    assert report.lines[0].points_after == ("3.6", "2.4")


def test_an_unknown_table_names_the_entry(data_dir):
    adj = parse_adjustments([{"board": 1, "ns_pair": 1, "ew_pair": 3, "artificial": "50/50",
                              "law": "12C2"}])
    with pytest.raises(InputError, match=r"entry 1 \(board 1, 1 v 3\): no such table in the "
                                         r"file \(board 1 was played by 1NS v 1EW, 2NS v 2EW"):
        adjust_usebio(data_dir / SMALL, adj)


def test_variable_average_plus_uses_the_pairs_percentage_on_the_other_boards(data_dir):
    # 2NS scored 6 of 6 on board 1; given a variable average-plus on board 2 it keeps
    # its 100 % there; 3EW, its opponents, get a fixed 40 % (their session is 100 %)
    adj = parse_adjustments([{"board": 2, "ns_pair": 2, "ew_pair": 3, "artificial": "60/40",
                              "variable": True, "law": "12C2"}])
    data, report = adjust_usebio(data_dir / SMALL, adj)
    line = read_usebio_bytes(data)[5]
    assert line.artificial == ArtificialScore(100, 40)
    assert line.extra["matchpoints"] == (6.0, 2.4)
    assert report.lines[0].after == "A10040 (variable)"


def test_butler_adjustment_rewrites_the_datum(realworld):
    path = _path(realworld, "compscore3_butler_howell.xml")
    adj = parse_adjustments([{"board": 1, "ns_pair": 2, "ew_pair": 7, "assigned": "4S S 10",
                              "law": "12C1(a)"}])
    data, report = adjust_usebio(path, adj)
    # 420 140 150 170 -> datum (150 + 170) / 2 = 160: unchanged; 420 - 160 = 260 = 6 IMPs
    records = read_usebio_bytes(data)
    assert records[0].score_ns == 420 and records[0].extra["butler"] == (6.0, -6.0)
    adj = parse_adjustments([{"board": 1, "ns_pair": 3, "ew_pair": 6, "assigned": "4S S 10",
                              "law": "12C1(a)"}])
    data, report = adjust_usebio(path, adj)
    # 170 420 150 170 -> datum 170
    records = read_usebio_bytes(data)
    assert [r.extra["board_average"] for r in records[:4]] == [170] * 4
    assert [r.extra["butler"][0] for r in records[:4]] == [0.0, 6.0, -1.0, 0.0]
    assert ("adjust.note.datum", {"board": 1, "before": "160", "after": 170}) in report.notes
    totals = {p.pair: p.total for p in report.pairs}
    assert totals["3"] == ("25.00", f"{25 + 6 + 1:.2f}")


def test_fractions_of_points_are_exact_until_written():
    assert usebio_writer._format_points("matchpoints", Fraction(1265, 100), True) == "12.6"
    assert usebio_writer._format_points("matchpoints", Fraction(1895, 100), True) == "19.0"
    assert usebio_writer._format_points("matchpoints", Fraction(24), False) == "24"
    assert usebio_writer._format_points("cross_imps", Fraction(11, 3), True) == "3.67"
    assert usebio_writer._format_points("butler", Fraction(-6), True) == "-6"


@pytest.mark.realworld
def test_12c1a_assigned_results_put_back_the_table_result_elements(realworld):
    # undo Compscore's two averages on board 1: the result elements come back in their
    # USEBIO order and indentation, and a board with all 21 results scores in integers
    path = _path(realworld, "compscore3_mp_pairs_mitchell_adjusted_02.xml")
    adj = parse_adjustments([
        {"board": 1, "ns_pair": 1, "ew_pair": 1, "assigned": "2S S 8", "law": "12C1(a)"},
        {"board": 1, "ns_pair": 2, "ew_pair": 15, "assigned": "4S S 9", "law": "12C1(a)"}])
    data, _ = adjust_usebio(path, adj)
    text = data.decode()
    line = text[text.index("<NS_PAIR_NUMBER>2NS</NS_PAIR_NUMBER>"):]
    assert line[:line.index("</TRAVELLER_LINE>")].splitlines()[1:] == [
        "    <EW_PAIR_NUMBER>15EW</EW_PAIR_NUMBER>", "    <CONTRACT>4S</CONTRACT>",
        "    <PLAYED_BY>S</PLAYED_BY>", "    <TRICKS>9</TRICKS>", "    <SCORE>-50</SCORE>",
        "    <NS_MATCH_POINTS>18</NS_MATCH_POINTS>", "    <EW_MATCH_POINTS>22</EW_MATCH_POINTS>",
        "  "]
    records = read_usebio_bytes(data)
    assert [r.extra["matchpoints"] for r in records[:3]] == [(26.0, 14.0), (18.0, 22.0),
                                                            (31.0, 9.0)]


def test_text_editor_edits_only_what_it_is_told():
    from adapters.usebio.xmlspans import TextEditor, scan

    text = ('<?xml version="1.0"?>\n<!-- <A>not an element</A> -->\n<R a="x>y">\n'
            '  <A><![CDATA[<B/>]]></A>\n  <C/>\n  <D>1</D>\n</R>\n')
    spans = scan(text)
    assert [s.tag for s in spans] == ["R", "A", "C", "D"]
    editor = TextEditor(text)
    editor.set_text(spans[2], "x<y")
    editor.insert_after(spans[3], "E", "2")
    editor.remove(spans[1])
    assert editor.result() == ('<?xml version="1.0"?>\n<!-- <A>not an element</A> -->\n'
                               '<R a="x>y">\n  <C>x&lt;y</C>\n  <D>1</D>\n  <E>2</E>\n</R>\n')
    editor = TextEditor(text)
    editor.set_text(spans[3], "2")
    editor.remove(spans[3])
    with pytest.raises(ValueError, match="overlapping edits"):
        editor.result()


def test_lin_data_gives_the_line_its_auction_and_play(data_dir, tmp_path):
    # a traveller line may carry the table's BBO LIN record (LIN_DATA)
    lin = ("pn|a,b,c,d|md|3SJT9876H65DAKQC76,S5HJT98DJT98CJT98,SAKQH432D432C5432,|"
           "sv|o|ah|Board 1|mb|p|mb|p|mb|1S|mb|p|mb|4S|mb|p|mb|p|mb|p|pc|HJ|pc|H2|pc|HA|pc|H5|mc|10|")
    text = (data_dir / SMALL).read_bytes().decode("latin-1")
    text = text.replace("<LEAD>H4</LEAD>", f"<LEAD>H4</LEAD>\n    <LIN_DATA>{lin}</LIN_DATA>", 1)
    path = tmp_path / "with_lin.xml"
    path.write_bytes(text.encode("latin-1"))
    r = read_usebio(path)[0]
    assert r.problems == ()
    assert r.auction.contract() == r.contract == Contract.from_pbn("4S", "S")
    assert r.play.claimed and r.play.claim_declarer_tricks == 10
    assert r.play.tricks[0].cards[0].seat is Seat.W
    assert read_usebio(path)[1].auction is None
