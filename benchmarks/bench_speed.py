"""The speed figures of the whole commands, each measured apart, paired between
installations in one run.

For each Python given with ``--python`` (an interpreter with td-plugin installed: the
default is this one; give two to compare a change with what it replaces), and round
after round so that a machine that speeds up or slows down weighs on each alike:

* ``endplay``: endplay's ``pbn.load`` of the vugraph file, parse only (the first Python's
  endplay, extra ``td-plugin[dds]``): the reference;
* ``audit --json``: ``td-plugin audit --json`` on the vugraph file, its CPU time (user and
  system, the workers included) and its wall time on every processor;
* ``rule``: ``td-plugin rule`` on one case file, the start-up and one ruling;
* ``10x``: ``td-plugin audit --json`` on the vugraph file ten times over, records per
  second.

The commands run in a folder of their own (so that the installed package is measured,
not a source tree), their compiled files kept in a temporary folder (the first, warming
run is not counted). Medians of ``--rounds`` rounds; the targets (CPU at most 0.75 of
endplay's, wall at least 2.5 times as fast as endplay) are printed with each Python's
figures.

    python benchmarks/bench_speed.py [--python PY ...] [--rounds 5] [--file FILE] [--quick]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_commands import _ENDPLAY  # endplay's parse-only, as bench_commands runs it

ROOT = Path(__file__).resolve().parents[1]
REAL_FILE = ROOT.parent / "shared" / "realworld" / "pbn" / "rpbridge_world_championships_vugraph.pbn"
CASE = ROOT / "tests" / "cases" / "000_2s_meant_1s_west_passed.json"
CPU_VS_ENDPLAY = 0.75  # the JSON audit's CPU time at most this share of endplay's
WALL_VS_ENDPLAY = 2.5  # and its wall time on every processor this many times as fast



def run(cmd: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, float]:
    """``cmd`` as a process, its output discarded: (wall seconds, CPU seconds of it and
    the children it waited for)."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(cmd)}: exit status {proc.returncode}")
    return wall, usage.ru_utime + usage.ru_stime


def records(path: Path) -> int:
    """The games of a PBN file, as td-plugin reads them."""
    from adapters.pbn.reader import PbnSource

    return sum(1 for _ in PbnSource(str(path)).games())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--python", action="append", help="an interpreter with td-plugin "
                        "installed (repeat to compare); default: this one")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--file", type=Path, default=REAL_FILE)
    parser.add_argument("--quick", action="store_true", help="one round of a small file "
                        "(the smoke run of the tests)")
    args = parser.parse_args(argv)
    pythons = args.python or [sys.executable]
    if not args.file.exists():
        raise SystemExit(f"{args.file}: not found (--file FILE)")
    with tempfile.TemporaryDirectory(prefix="td-plugin-speed-") as tmp:
        work = Path(tmp)
        data = args.file.read_bytes()
        if args.quick:
            data = data[: data.find(b"[Event", 200_000) if len(data) > 200_000 else len(data)]
            args.rounds = 1
        one, ten = work / "one.pbn", work / "ten.pbn"
        one.write_bytes(data)
        ten.write_bytes(b"\r\n".join([data] * 10))
        envs = []
        for n, _ in enumerate(pythons):
            env = dict(os.environ, PYTHONPYCACHEPREFIX=str(work / f"pycache{n}"))
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            env.pop("PYTHONPATH", None)
            envs.append(env)
        commands = {"endplay": lambda py: [pythons[0], "-c", _ENDPLAY, str(one)],
                    "audit --json": lambda py: [py, "-m", "td_plugin.cli", "audit", "--json",
                                                str(one)],
                    "rule": lambda py: [py, "-m", "td_plugin.cli", "rule", str(CASE)],
                    "10x": lambda py: [py, "-m", "td_plugin.cli", "audit", "--json",
                                       str(ten)]}
        times: dict[tuple[int, str], list[tuple[float, float]]] = {}
        for n, py in enumerate(pythons):  # warming: compiled files written, not counted
            for name, cmd in commands.items():
                if name != "10x":
                    run(cmd(py), work, envs[n])
        for _ in range(args.rounds):
            for name, cmd in commands.items():
                for n, py in enumerate(pythons):
                    if name == "endplay" and n:
                        continue
                    times.setdefault((n, name), []).append(run(cmd(py), work, envs[n]))
        median = {key: (statistics.median(w for w, _ in v), statistics.median(c for _, c in v))
                  for key, v in times.items()}
        ew, ec = median[(0, "endplay")]
        print(f"{os.cpu_count()} processors, {args.rounds} rounds, medians; "
              f"{args.file.name}: {records(one):,} records; endplay parse-only "
              f"{ew:.3f} s wall, {ec:.3f} s CPU")
        print("| python | audit --json CPU s | CPU / endplay (<= 0.75) | wall s | "
              "endplay / wall (>= 2.5) | rule s (start-up) | 10x records/s |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        for n, py in enumerate(pythons):
            aw, ac = median[(n, "audit --json")]
            rw, _ = median[(n, "rule")]
            tw, _ = median[(n, "10x")]
            print(f"| {py} | {ac:.3f} | {ac / ec:.2f} | {aw:.3f} | {ew / aw:.2f} | {rw:.3f} | "
                  f"{records(ten) / tw:,.0f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
