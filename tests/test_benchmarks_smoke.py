"""The benchmark scripts still run (on a few hundred records; no timing is asserted)."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def _run(script: str, *args: str, ok: tuple[int, ...] = (0,)) -> str:
    proc = subprocess.run([sys.executable, str(BENCHMARKS / script), *args],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode in ok, proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc.stdout


def test_generate_writes_the_session_it_was_asked_for(tmp_path: Path) -> None:
    out = tmp_path / "session.pbn"
    _run("generate.py", str(out), "--records", "40", "--seed", "7")
    data = out.read_bytes()
    assert data.count(b'[Board "') == 40
    assert data.count(b'[Play "') == 40
    assert b"\r\n" in data and b"\n" not in data.replace(b"\r\n", b"")
    again = tmp_path / "again.pbn"
    _run("generate.py", str(again), "--records", "40", "--seed", "7")
    assert again.read_bytes() == data  # seeded


def test_generated_session_is_clean_by_default_and_mixed_on_request(tmp_path: Path) -> None:
    from adapters.pbn.reader import PbnSource
    from td_plugin.audit.run import run_audit
    from td_plugin.host.manager import PluginHost
    from td_plugin.laws.context import ReviewContext

    host = PluginHost(load_entrypoints=False)
    context = ReviewContext(equity=False)
    clean, mixed = tmp_path / "clean.pbn", tmp_path / "mixed.pbn"
    _run("generate.py", str(clean), "--records", "60")
    _run("generate.py", str(mixed), "--records", "60", "--mix")
    records = list(PbnSource(clean).records())
    assert len(records) == 60
    assert all(not r.problems and r.play is not None and r.play.complete_tricks == 13
               for r in records)
    assert run_audit([str(clean)], host, context).findings == []
    kinds = {f.kind for f in run_audit([str(mixed)], host, context).findings}
    assert "revoke" in kinds


@pytest.mark.slow
def test_bench_audit_quick_run_prints_every_measurement_and_target(tmp_path: Path) -> None:
    out = _run("bench_audit.py", "--quick", "--data", str(tmp_path))
    rows = [line for line in out.splitlines() if line.startswith("generated ")
            and "|" in line]
    assert len(rows) == 2  # 100 and 1,000 records
    for row in rows:
        cells = row.split("|")[1:]
        assert len(cells) == 5  # reader, audit, audit on one process, no revokes, endplay
        for cell in cells[:3]:
            rate, peak = cell.split()
            assert float(rate.replace(",", "")) > 0 and float(peak) > 0
    assert re.search(r"full audit / endplay parse-only rate .* (PASS|FAIL|n/a)", out)
    assert re.search(r"audit time with revokes / without .* (PASS|FAIL)", out)
    assert re.search(r"peak memory of the audit, .* (PASS|FAIL)", out)
    assert "64C double-dummy check" in out


def test_bench_revokes_runs_small() -> None:
    out = _run("bench_revokes.py", "--revokes", "20", "--equity", "2", "--clean", "20")
    assert re.search(r"exactness: \d+ generated revokes, 0 boards disagree", out)


def test_bench_host_runs_small() -> None:
    out = _run("bench_host.py", "--boards", "20", "--rounds", "1", "--repeat", "1", ok=(0, 1))
    assert "through the host" in out and "rulers directly" in out


@pytest.mark.slow
def test_bench_serve_runs_small() -> None:
    out = _run("bench_serve.py", "--clients", "4", "--seconds", "0.5", ok=(0, 1))
    assert re.search(r"rulings posted: [1-9]\d*", out)
    assert "exactly what was posted: yes" in out
    assert re.search(r"latency ms: p50 [\d.]+ +p90 [\d.]+ +p99 [\d.]+", out)


@pytest.mark.slow
def test_bench_commands_quick_run_times_the_whole_commands_and_prints_the_targets(
        realworld: Path) -> None:
    out = _run("bench_commands.py", "--quick", "--file",
               str(realworld / "pbn" / "bbo_annamar_2013_play_dash_padding.pbn"))
    assert "| td-plugin audit --json |" in out and "| td-plugin audit (text) |" in out
    assert "club session of 400 boards" in out
    # each round runs every command: the ratio of each round is printed where endplay is
    assert ("endplay / audit --json, round by round: median" in out) == (
        importlib.util.find_spec("endplay") is not None)
    targets = [line for line in out.splitlines() if line.startswith("| ") and
               line.rstrip().endswith(("n/a |", "PASS |", "FAIL |"))]
    assert len(targets) == 3 and all(t.rstrip().endswith("n/a |") for t in targets)


@pytest.mark.slow
def test_bench_speed_quick_run_prints_each_figure_apart(realworld: Path) -> None:
    if importlib.util.find_spec("endplay") is None:
        pytest.skip("endplay (extra td-plugin[dds]) is the reference of this benchmark")
    out = _run("bench_speed.py", "--quick", "--file",
               str(realworld / "pbn" / "bbo_annamar_2013_play_dash_padding.pbn"))
    row = next(line for line in out.splitlines() if line.startswith(f"| {sys.executable} |"))
    assert len(row.split("|")) == 9 and "endplay parse-only" in out


@pytest.mark.slow
def test_fuzz_inputs_runs_every_format_and_counts_what_must_never_happen() -> None:
    out = _run("fuzz_inputs.py", "--inputs", "5")
    rows = [line.split("|") for line in out.splitlines()
            if line.startswith(("| pbn", "| lin", "| case", "| adjustments"))]
    assert [r[1].strip() for r in rows] == ["pbn", "lin", "case", "adjustments"]
    for row in rows:
        assert row[2].strip() == "5" and row[6].strip() == "0"  # no traceback, timeout


def test_bench_readers_prints_the_worst_family_of_each_reader() -> None:
    out = _run("bench_readers.py", "--size", "4000", "--screen", "2000", "--top", "1")
    rows = [line.split("|") for line in out.splitlines() if line.startswith("| ")][1:]
    assert [r[1].strip() for r in rows] == ["pbn", "lin", "usebio", "bws", "case",
                                           "adjustments"]
    for row in rows:
        assert ":" in row[3] and float(row[5]) >= 0  # a family, and its seconds a MB


@pytest.mark.slow
def test_fuzz_inputs_reads_the_pathological_families_too() -> None:
    out = _run("fuzz_inputs.py", "--inputs", "1", "--formats", "lin", "--families",
               "--family-bytes", "20000")
    (row,) = [line.split("|") for line in out.splitlines() if line.startswith("| lin")]
    assert int(row[2].replace(",", "")) > 100 and row[6].strip() == "0"
    assert "slowest a MB:" in out


def test_bench_fouled_runs_small() -> None:
    data = Path(__file__).resolve().parent / "data" / "scoretable_mitchell.pbn"
    out = _run("bench_fouled.py", "--file", str(data), "--rounds", "1", ok=(0, 1))
    assert re.search(r"forms gathered and compared, CPU s", out) and "fouled_board findings: 0" in out


def test_bench_claims_runs() -> None:
    out = _run("bench_claims.py", "--quick")
    if importlib.util.find_spec("endplay") is None:
        assert "not measured" in out
        return
    assert "| 5 | S | 1 |" in out and "| 2 | NT | 1 |" in out and "slowest ruling" in out
