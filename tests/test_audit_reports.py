"""The audit's reports as a Director meets them: written as the audit goes (``--json``,
``--jsonl``, text), saying per file what its data allowed to check and which plugins
were blocked, readable when piped, quiet when the reader goes away (``| head``), and
honest when a file is not what it claims."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from td_plugin.audit.reports.json_report import JsonReport
from td_plugin.audit.reports.output import AuditOutput, PluginSummary
from td_plugin.audit.reports.text_report import TextReport, wrap
from td_plugin.audit.run import RecordOutput, run_audit
from td_plugin.cli import main
from td_plugin.host.manager import PluginHost
from td_plugin.laws.context import ReviewContext
from tests.revoke_scenarios import session_pbn

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "examples" / "club_session.pbn"
CONTEXT = ReviewContext(equity=False)


def _mixed(tmp_path: Path, boards: int, name: str = "mixed.pbn") -> Path:
    path = tmp_path / name
    path.write_text("".join(session_pbn(7, boards)), encoding="utf-8")
    return path


# -- written as the audit goes ----------------------------------------------------------

class _Nowhere(io.TextIOBase):
    """A text stream that keeps nothing (what is written is the reader's, not the
    audit's memory)."""

    def write(self, text: str) -> int:
        return len(text)


class _Order:
    """A report that notes when it is called."""

    def __init__(self) -> None:
        self.calls: list[str] = []

    def begin(self, report) -> None:  # type: ignore[no-untyped-def]
        self.calls.append("begin")

    def take(self, report, output: RecordOutput) -> None:  # type: ignore[no-untyped-def]
        self.calls.extend("finding" for _ in output.findings)

    def end(self, report) -> None:  # type: ignore[no-untyped-def]
        self.calls.append("end")

    def finish(self, result, host) -> None:  # type: ignore[no-untyped-def]
        self.calls.append("finish")


def test_findings_reach_the_reports_as_they_are_found_and_are_not_kept(tmp_path: Path) -> None:
    order = _Order()
    result = run_audit([str(EXAMPLE)], PluginHost(load_entrypoints=False), CONTEXT,
                       sink=AuditOutput([order]))
    assert order.calls == ["begin"] + ["finding"] * 4 + ["end"]
    assert result.findings == [] and result.flagged == [] and result.finding_count == 4
    assert result.kinds == {"revoke": 1, "recorded_irregularity": 1, "score_mismatch": 1,
                            "result_mismatch": 1}


@pytest.mark.parametrize("jobs", [1, 2])
def test_no_finding_is_kept_once_the_reports_have_it(tmp_path: Path, jobs: int,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """What memory holds does not grow with the findings: once written, no finding, no
    record output and no record is left (the peak on a file ten times larger is measured
    by benchmarks/bench_commands.py --memory)."""
    import gc

    from adapters.pbn import parts as pbn_parts
    from td_plugin.model.board import BoardRecord
    from td_plugin.model.findings import Finding

    monkeypatch.setattr(pbn_parts, "PART_SIZE", 64 * 1024)
    path = _mixed(tmp_path, 600)
    kinds = (Finding, RecordOutput, BoardRecord)
    gc.collect()
    before = {id(o) for o in gc.get_objects() if isinstance(o, kinds)}  # other tests' own
    sink = AuditOutput([JsonReport(_Nowhere()), TextReport(_Nowhere())])
    result = run_audit([str(path)], PluginHost(load_entrypoints=False), CONTEXT, sink=sink,
                       jobs=jobs, keep_changes=False)
    sink.finish(result, PluginSummary())
    assert result.finding_count > 600  # findings on most boards
    # freed as soon as nothing refers to them, without the collector: a cycle among them
    # would be kept until the collector's next pass
    alive = [o for o in gc.get_objects() if isinstance(o, kinds) and id(o) not in before]
    assert alive == []


@pytest.mark.parametrize("finding", [
    {"path": "a \"b\".pbn", "board": 3, "record": 12, "line": 40, "kind": "revoke", "law": "64A1",
     "message": "\u2663Q \u00e6\u00f8", "cards": [{"trick": 1, "seat": "N"}], "ruling": None},
    {"path": "x.pbn", "board": None, "record": None, "line": None, "kind": "k"},
    {"path": "x.pbn", "board": 1, "record": 2},  # nothing after the record
    {"board": 1, "path": "x.pbn", "record": 2, "line": 1},  # another order
    {"path": "x.pbn", "board": 1, "record": True, "line": 1},  # not an index
])
def test_the_json_made_on_a_worker_is_the_json_of_the_finding(
        finding: dict[str, object]) -> None:
    """A worker writes each finding's JSON, cut around its record index, which the parent
    shifts by the records of the parts before: the JSON is what ``json.dumps`` writes
    without spaces, in UTF-8, before and after the shift."""
    from td_plugin.audit.reports.output import json_pieces, pieces_json

    def compact(value: object) -> bytes:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()

    pieces = json_pieces(finding)
    assert pieces_json(pieces) == compact(finding)
    if isinstance(pieces, tuple) and isinstance(finding["record"], int):
        output = RecordOutput(1, findings_json=[pieces])
        AuditOutput([]).take(None, output, 100)  # type: ignore[arg-type]
        assert pieces_json(output.findings_json[0]) == compact(
            {**finding, "record": finding["record"] + 100})


@pytest.mark.parametrize("value", [
    {"n": 2 ** 70, "text": "\u2663"},  # beyond orjson's 64 bits: the standard library's
    "\ud800",  # a lone surrogate (not Unicode): escaped, as the standard library does
    {1: "a", None: [1.5, True], "\u00e6": "\u2663"},  # keys that are not text
])
def test_what_orjson_refuses_is_written_in_ascii(value: object) -> None:
    from td_plugin.audit.reports.findings import json_bytes

    assert json_bytes(value) == json.dumps(value, separators=(",", ":")).encode("ascii")


def test_json_is_utf8_whatever_the_locale(tmp_path: Path) -> None:
    """The JSON reports write UTF-8 to a stream's buffer, whatever its own encoding."""
    path = tmp_path / "out.json"
    with open(path, "w", encoding="cp1252") as out:
        out.write("")
        report = JsonReport(out)
        sink = AuditOutput([report], "da")
        result = run_audit([str(EXAMPLE)], PluginHost(load_entrypoints=False), CONTEXT,
                           sink=sink)
        sink.finish(result, PluginSummary())
    text = path.read_bytes().decode("utf-8")
    assert json.loads(text)["summary"]["findings"] == 4 and "\u2663" in text


def test_json_document_is_the_findings_then_the_inputs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["audit", "--json", str(EXAMPLE)]) == 1
    out = capsys.readouterr().out
    report = json.loads(out)
    assert list(report) == ["findings", "inputs", "plugin_errors", "disabled", "summary"]
    assert out.startswith('{"findings": [\n{"path":')  # one finding a line, as they come
    assert len(out.splitlines()) < 20
    summary = report["summary"]
    assert summary["findings"] == 4 and summary["kinds"]["revoke"] == 1


def test_jsonl_is_one_finding_a_line_then_the_inputs_and_the_summary(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["audit", "--jsonl", str(EXAMPLE)]) == 1
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [line["type"] for line in lines] == ["finding"] * 4 + ["input", "summary"]
    assert main(["audit", "--json", str(EXAMPLE)]) == 1
    document = json.loads(capsys.readouterr().out)
    assert [{k: v for k, v in line.items() if k != "type"} for line in lines[:4]] == \
        document["findings"]
    assert lines[-1]["findings"] == 4 and lines[-2]["path"] == str(EXAMPLE)


def test_json_and_jsonl_go_not_together(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["audit", "--json", "--jsonl", str(EXAMPLE)])
    assert "not allowed with" in capsys.readouterr().err


# -- what was checked -------------------------------------------------------------------

RESULTS_ONLY = "".join(f'[Event "Club"]\n[Board "{n}"]\n[Contract "3NT"]\n[Declarer "N"]\n'
                       f'[Result "9"]\n\n' for n in range(1, 5))


def test_each_file_says_what_its_data_allowed_to_check(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "results.pbn"
    path.write_text(RESULTS_ONLY)
    assert main(["audit", str(path)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert (f"{path}: 4 records (4 with a result; no deal, no auction, no play, no score). "
            "Not checked: deals, auctions, the play, revokes, scores.") in out
    assert main(["audit", "--json", str(path)]) == 0
    coverage = json.loads(capsys.readouterr().out)["inputs"][0]["coverage"]
    assert coverage == {"deals": 0, "auctions": 0, "plays": 0, "results": 4, "scores": 0,
                        "not_checked": ["deals", "auctions", "play", "revokes", "scores"]}
    assert main(["audit", "--lang", "da", str(path)]) == 0
    assert "Ikke kontrolleret: kortfordelinger, meldeforløb" in \
        " ".join(capsys.readouterr().out.split())


def test_plugins_blocked_are_named_and_an_unknown_name_is_warned(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("TD_PLUGIN_DISABLE", "revokes,revoke")
    assert main(["audit", str(EXAMPLE)]) == 1
    captured = capsys.readouterr()
    assert "TD_PLUGIN_DISABLE names 'revoke', but no plugin has that name" in captured.err
    assert "Blocked by TD_PLUGIN_DISABLE, so their checks were not made: revoke, revokes." \
        in captured.out
    assert "revoke Law" not in captured.out  # no revoke found: the check was not made
    assert main(["audit", "--json", str(EXAMPLE)]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["disabled"] == {"plugins": ["revoke", "revokes"], "unknown": ["revoke"]}


def test_an_unreadable_file_is_never_followed_by_no_findings(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    binary = tmp_path / "session.pbn"
    binary.write_bytes(b"\x7fELF\x02\x01\x01" + bytes(range(256)) * 400)
    assert main(["audit", str(binary)]) == 2
    out = capsys.readouterr().out
    assert "No findings" not in out and "\\x" not in out
    assert len(out.splitlines()) <= 5  # the sentence (wrapped), the count and the summary
    out = " ".join(out.split())
    assert (f"{binary}: not a PBN file: no game in it; the file is a program (102,407 bytes)"
            in out)
    assert "1 file(s) could not be read: nothing in them was checked." in out


# -- the text report ---------------------------------------------------------------------

def test_wrap_indents_the_lines_after_the_first_and_pads_none() -> None:
    text = wrap("Revoke by East at trick 5: ♥5 to a trick led in diamonds while holding ♦4 "
                "(Law 64B5).", 40, 4, 2)
    assert text.splitlines() == ["  Revoke by East at trick 5: ♥5 to a",
                                 "    trick led in diamonds while holding",
                                 "    ♦4 (Law 64B5)."]
    assert wrap("x" * 50, 40, 2) == "  " + "x" * 50  # a long word stays whole


def test_wrap_keeps_a_clause_reference_together_in_both_languages() -> None:
    """Never "(§" at a line's end and "27A1)" on the next: "Law 27A1" and "§ 27A1" stay
    together, as do "Laws 62B1, 50" at their first number."""
    for ref in ("(Law 27A1).", "(§ 27A1).", "(Laws 62B1, 50)."):
        for width in range(20, 60):
            text = wrap("Nords 1♣ var et utilstrækkeligt bud over 1♠, det står ved magt " + ref,
                        width, 2)
            for line in text.splitlines():
                assert not line.rstrip().endswith(("§", "Law", "Laws", "(§", "(Law", "(Laws")), \
                    (width, text)


def test_text_report_kinds_are_named_in_the_reports_language() -> None:
    """A Danish report names a finding's kind in Danish, never its identifier
    (``recorded_irregularity``)."""
    out = io.StringIO()
    run_audit([str(EXAMPLE)], PluginHost(load_entrypoints=False), CONTEXT,
              sink=AuditOutput([TextReport(out, "da", styled=False)]))
    text = out.getvalue()
    assert "Uregelmæssighed i meldeforløbet § 27A1" in text
    assert "recorded_irregularity" not in text and "score_mismatch" not in text


def test_text_report_piped_has_indented_wrapped_lines_no_padding_and_suit_symbols(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["audit", str(EXAMPLE)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert all(line == line.rstrip() for line in lines)
    assert all(len(line) <= 80 for line in lines)
    ruling = next(i for i, line in enumerate(lines) if line.startswith("  Ruling: East revoked"))
    assert lines[ruling + 1].startswith("  ") and not lines[ruling + 1].startswith("  Ruling")
    text = "\n".join(lines)
    assert "3♣ by West with 8 tricks" in text and "3C " not in text


def test_the_styled_report_is_for_a_terminal_only() -> None:
    out = io.StringIO()
    report = TextReport(out)  # not a terminal: plain
    assert type(report.w).__name__ == "_Plain"


# -- a reader that goes away -------------------------------------------------------------

def _closed_stdout(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    """Run td-plugin with its standard output a pipe whose reader has gone."""
    read, write = os.pipe()
    os.close(read)
    try:
        proc = subprocess.run([sys.executable, "-m", "td_plugin.cli", *args], stdout=write,
                              stderr=subprocess.PIPE, cwd=REPO, timeout=120)
    finally:
        os.close(write)
    return proc


@pytest.mark.parametrize("args", [
    ["audit", str(EXAMPLE)], ["audit", "--json", str(EXAMPLE)],
    ["audit", "--jsonl", str(EXAMPLE)], ["plugins"], ["--help"],
    ["rule", str(REPO / "tests" / "cases" / "001_insufficient_bid_accepted.json")],
])
def test_a_reader_that_goes_away_ends_the_command_quietly(args: list[str]) -> None:
    proc = _closed_stdout(*args)
    err = proc.stderr.decode()
    assert proc.returncode == 0, err
    assert "Broken pipe" not in err and "Traceback" not in err and "Exception" not in err


def test_adjust_says_what_it_wrote_though_its_report_cannot_be(tmp_path: Path) -> None:
    source = REPO / "tests" / "data" / "usebio_v13_mitchell_latin1.xml"
    adjustments = tmp_path / "a.yaml"
    adjustments.write_text("- {board: 1, ns_pair: 1, ew_pair: 1, artificial: '50/50', "
                           "law: '12C2'}\n")
    proc = _closed_stdout("adjust", str(source), str(adjustments), "--write-to",
                          str(tmp_path / "out"))
    err = proc.stderr.decode()
    assert proc.returncode == 0 and (tmp_path / "out" / source.name).exists()
    assert f"Wrote {tmp_path / 'out' / source.name}." in err and "Broken pipe" not in err


def test_watch_replay_to_a_reader_that_goes_away(realworld: Path) -> None:
    proc = _closed_stdout("watch", "--replay",
                          str(realworld / "bws" / "acbl_club_pairs_2025-12-23_2sections_redacted.bws"))
    assert proc.returncode == 0 and b"Broken pipe" not in proc.stderr


# -- a folder given as a file ------------------------------------------------------------

@pytest.mark.parametrize("args, said", [
    (["audit", "{dir}"], "this is a folder, not a file"),
    (["rule", "{dir}"], "this is a folder, not a case file"),
    (["adjust", "{dir}", "{dir}", "--write-to", "{dir}/out"], "this is a folder, not a results file"),
    (["adjust", str(EXAMPLE), "{dir}", "--write-to", "{dir}/out"],
     "this is a folder, not a list of adjustments"),
    (["watch", "{dir}"], "this is a folder, not a file"),
])
def test_a_folder_given_as_a_file_is_called_a_folder(tmp_path: Path, args: list[str], said: str,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    code = main([a.format(dir=tmp_path) for a in args])
    captured = capsys.readouterr()
    assert code == 2
    said_all = " ".join((captured.out + captured.err).split())
    assert said in said_all and "Errno" not in said_all
