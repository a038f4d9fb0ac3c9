"""The long run of the play period's random cases (benchmarks/fuzz_play.py) still runs,
on a few cases (its 20,000 are a benchmark, not part of the suite)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "fuzz_play.py"


def test_fuzz_play_runs_and_finds_no_failure() -> None:
    proc = subprocess.run([sys.executable, str(SCRIPT), "--cases", "90", "--seed", "3"],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "90 random cases" in proc.stdout and "failures: 0" in proc.stdout
    assert "penalty_card" in proc.stdout and "clauses reached" in proc.stdout
