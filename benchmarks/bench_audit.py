"""Throughput and peak memory of the PBN reader and of the full audit, against endplay's
PBN parser, on the same files in one run.

Two generated sessions with full legal play (`benchmarks/generate.py`; ``--records``
boards, default 100,000, and a tenth of that), and the real rpbridge vugraph file when
``../shared/realworld`` is present (or any ``--file``), are each measured:

* ``reader``: our PBN reader alone (`adapters.pbn.reader.PbnSource.records`);
* ``audit``: the full audit through the plugin host with every built-in ruler, as
  ``td-plugin audit`` runs it without ``--html`` (`td_plugin.audit.run.run_audit` with its
  context, findings without their records, on as many processes as the machine has
  processors, `td_plugin.audit.parts`);
* ``audit 1 proc``: the same on one process (``--jobs 1``);
* ``no revokes``: the audit on one process with the revoke ruler blocked
  (``disabled=["revokes"]``, as ``TD_PLUGIN_DISABLE=revokes`` does);
* ``endplay``: endplay's parser (``endplay.parsers.pbn.load``), parsing only, when the
  extra ``td-plugin[dds]`` is installed.

Each measurement runs in a fresh Python process, so its peak resident memory
(``ru_maxrss``, imports included) is its own; the time excludes start-up and imports.
Finally the Law 64C double-dummy check is timed per revoke (`bench_revokes.equity_times`).
The targets are checked and printed with PASS or FAIL; the exit status is 1 when one
fails (never with ``--quick``, a smoke run on a thousand records).

    python benchmarks/bench_audit.py [--records 100000] [--repeat 1] [--dds 200] [--quick]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parent
ROOT = BENCHMARKS.parent
REAL_FILE = (ROOT / ".." / "shared" / "realworld" / "pbn"
             / "rpbridge_world_championships_vugraph.pbn")

#: what each child process can measure, in table order
MEASURES = ("reader", "audit", "audit 1 proc", "no revokes", "endplay")

#: targets (issues 2 and 3)
AUDIT_VS_ENDPLAY = 3.0  # the full audit at least this many times endplay's parse-only rate
REVOKE_COST = 1.3  # the audit with revoke checks at most this many times as long as without
MEMORY_10X = 1.5  # a file 10 times larger costs less than this many times the peak memory
DDS_MEDIAN_MS = 100.0  # the 64C check, median milliseconds per revoke


# -- the child process ---------------------------------------------------------------------

def _peak_mb() -> float:
    """This process's peak resident memory in MB: Linux's ``VmHWM`` (``ru_maxrss`` there
    would include the parent's memory at the fork), else ``ru_maxrss``."""
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024  # KiB
    except OSError:
        pass
    import resource

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024  # bytes / KiB


def _children_peak_mb() -> float:
    """The largest peak resident memory of this process's finished children, in MB (it
    counts the memory a forked child shares with its parent as its own)."""
    import resource

    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


def _measure(kind: str, path: str, dds: int, seed: int) -> dict[str, object]:
    """Run one measurement in this process: records, seconds, peak MB, and more."""
    sys.path.insert(0, str(ROOT))
    if kind == "reader":
        from adapters.pbn.reader import PbnSource

        start = time.perf_counter()
        records = sum(1 for _ in PbnSource(path).records())
        seconds = time.perf_counter() - start
        return {"records": records, "seconds": seconds, "peak_mb": _peak_mb()}
    if kind in ("audit", "audit 1 proc", "no revokes"):
        from td_plugin.audit.parts import default_jobs
        from td_plugin.audit.run import run_audit
        from td_plugin.host.manager import PluginHost
        from td_plugin.laws.context import ReviewContext

        host = PluginHost(load_entrypoints=False,
                          disabled=["revokes"] if kind == "no revokes" else [])
        context = ReviewContext()  # what `td-plugin audit` reviews with by default
        jobs = default_jobs() if kind == "audit" else 1
        start = time.perf_counter()
        result = run_audit([path], host, context, jobs=jobs, keep_flagged=False)
        seconds = time.perf_counter() - start
        peak = _peak_mb()
        if jobs > 1:  # and each worker process's, counted in full
            peak += jobs * _children_peak_mb()
        return {"records": result.records, "seconds": seconds, "peak_mb": peak,
                "findings": len(result.findings), "plugin_errors": len(result.plugin_errors)}
    if kind == "endplay":
        try:
            from endplay.parsers import pbn
        except ImportError:
            return {"unavailable": "endplay is not installed (pip install 'td-plugin[dds]')"}
        start = time.perf_counter()
        with open(path, encoding="utf-8", errors="replace") as fp:
            boards = pbn.load(fp)
        seconds = time.perf_counter() - start
        return {"records": len(boards), "seconds": seconds, "peak_mb": _peak_mb()}
    if kind == "dds":
        sys.path.insert(0, str(BENCHMARKS))
        from bench_revokes import equity_times

        from td_plugin.laws.revokes import double_dummy as dd

        if not dd.HAVE_DDS:
            return {"unavailable": dd.DDS_HINT}
        times = equity_times(dds, seed)
        return {"revokes": len(times), "median_ms": statistics.median(times) * 1e3,
                "max_ms": max(times) * 1e3}
    raise ValueError(f"unknown measurement {kind!r}")


def _child(kind: str, path: str, dds: int = 0, seed: int = 2017) -> dict[str, object]:
    """One measurement in a fresh interpreter."""
    cmd = [sys.executable, str(Path(__file__).resolve()), "--measure", kind, path,
           "--dds", str(dds), "--seed", str(seed)]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        return {"error": (proc.stderr.strip().splitlines() or ["failed"])[-1]}
    return json.loads(proc.stdout.strip().splitlines()[-1])


# -- the parent ----------------------------------------------------------------------------

@dataclass
class Cell:
    """The best of the repetitions of one measurement on one file."""

    records: int = 0
    seconds: float = 0.0
    peak_mb: float = 0.0
    note: str = ""

    @property
    def rate(self) -> float:
        return self.records / self.seconds if self.seconds else 0.0

    @property
    def ok(self) -> bool:
        return not self.note and self.seconds > 0


def _best(runs: list[dict[str, object]]) -> Cell:
    good = [r for r in runs if "seconds" in r]
    if not good:
        first = runs[0]
        return Cell(note=str(first.get("unavailable") or first.get("error") or "failed"))
    fastest = min(good, key=lambda r: r["seconds"])
    return Cell(int(fastest["records"]), float(fastest["seconds"]),  # type: ignore[arg-type]
                max(float(r["peak_mb"]) for r in good))  # type: ignore[arg-type]


def _files(args: argparse.Namespace) -> list[tuple[str, Path]]:
    sys.path.insert(0, str(BENCHMARKS))
    from generate import session_path, write_session

    args.data.mkdir(parents=True, exist_ok=True)
    out = []
    for n in (args.records // 10, args.records):
        path = session_path(args.data, n, args.seed)
        if not path.exists():
            start = time.perf_counter()
            write_session(path, n, args.seed)
            print(f"generated {path.name} ({n:,} records) in {time.perf_counter() - start:.1f} s",
                  flush=True)
        out.append((f"generated {n:,}", path))
    for extra in args.file:
        out.append((extra.name, extra))
    return out


def _verdict(ok: bool | None) -> str:
    return "n/a" if ok is None else ("PASS" if ok else "FAIL")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=100_000,
                        help="boards in the large generated file (the small one has a tenth)")
    parser.add_argument("--seed", type=int, default=2017)
    parser.add_argument("--repeat", type=int, default=1,
                        help="runs of each measurement; the fastest counts")
    parser.add_argument("--dds", type=int, default=200,
                        help="revokes for the 64C double-dummy timing (0: skip)")
    parser.add_argument("--data", type=Path,
                        default=Path(tempfile.gettempdir()) / "td-plugin-bench",
                        help="where the generated files are kept between runs")
    parser.add_argument("--file", type=Path, action="append", default=[],
                        help="a further PBN file to measure (repeatable); default: the real "
                             "rpbridge vugraph file when ../shared/realworld is present")
    parser.add_argument("--quick", action="store_true",
                        help="a smoke run: 100 and 1,000 records, 3 revokes, no verdict")
    parser.add_argument("--measure", nargs=2, metavar=("KIND", "PATH"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    if args.measure:
        kind, path = args.measure
        print(json.dumps(_measure(kind, path, args.dds, args.seed)))
        return 0
    if args.quick:
        args.records, args.dds, args.repeat = 1_000, min(args.dds, 3), 1
    if not args.file and not args.quick and REAL_FILE.exists():
        args.file = [REAL_FILE.resolve()]

    files = _files(args)
    try:
        endplay_version = metadata.version("endplay")
    except metadata.PackageNotFoundError:
        endplay_version = "not installed"
    print(f"Python {platform.python_version()}, {os.cpu_count()} CPUs, "
          f"endplay {endplay_version}, best of {args.repeat}", flush=True)

    cells: dict[tuple[str, str], Cell] = {}
    for label, path in files:
        runs: dict[str, list[dict[str, object]]] = {m: [] for m in MEASURES}
        for _ in range(args.repeat):  # interleaved, so the machine's noise is shared
            for measure in MEASURES:
                runs[measure].append(_child(measure, str(path)))
        for measure in MEASURES:
            cells[(label, measure)] = _best(runs[measure])
        print(f"measured {label}", flush=True)
    dds = _child("dds", "-", args.dds, args.seed) if args.dds > 0 else {"unavailable": "skipped"}

    _print_table(files, cells)
    small, large = files[0][0], files[1][0]
    checks = _targets(cells, small, large, dds)
    print()
    print(f"{'target':<66} {'measured':>10} {'target':>10}  verdict")
    for name, measured, target, ok in checks:
        print(f"{name:<66} {measured:>10} {target:>10}  "
              f"{_verdict(ok) if not args.quick else _verdict(ok) + ' (quick run)'}")
    failed = any(ok is False for _, _, _, ok in checks)
    return 1 if failed and not args.quick else 0


def _print_table(files: list[tuple[str, Path]], cells: dict[tuple[str, str], Cell]) -> None:
    print()
    head = f"{'file':<42} {'records':>8}"
    sub = f"{'':<42} {'':>8}"
    for m in MEASURES:
        head += f" | {m:^18}"
        sub += f" | {'rec/s':>8} {'peak MB':>9}"
    print(head)
    print(sub)
    for label, _ in files:
        records = next((cells[(label, m)].records for m in MEASURES if cells[(label, m)].ok), 0)
        line = f"{label:<42} {records:>8,}"
        for m in MEASURES:
            c = cells[(label, m)]
            line += (f" | {c.rate:>8,.0f} {c.peak_mb:>9.1f}" if c.ok
                     else f" | {c.note[:18]:>18}")
        print(line)
    notes = {c.note for c in cells.values() if c.note}
    for note in sorted(notes):
        print(f"  note: {note}")


def _targets(cells: dict[tuple[str, str], Cell], small: str, large: str,
             dds: dict[str, object]) -> list[tuple[str, str, str, bool | None]]:
    out: list[tuple[str, str, str, bool | None]] = []
    audit, single, bare = (cells[(large, m)] for m in ("audit", "audit 1 proc", "no revokes"))
    ours = cells[(large, "reader")]
    theirs = cells[(large, "endplay")]
    if audit.ok and theirs.ok:
        ratio = audit.rate / theirs.rate
        out.append((f"full audit / endplay parse-only rate ({large})", f"{ratio:.2f}x",
                    f">= {AUDIT_VS_ENDPLAY:g}x", ratio >= AUDIT_VS_ENDPLAY))
    else:
        out.append((f"full audit / endplay parse-only rate ({large})", "n/a",
                    f">= {AUDIT_VS_ENDPLAY:g}x", None))
    if single.ok and theirs.ok:
        out.append((f"audit on one process / endplay parse-only rate ({large}, no target)",
                    f"{single.rate / theirs.rate:.2f}x", "-", None))
    if single.ok and bare.ok:
        ratio = single.seconds / bare.seconds
        out.append((f"audit time with revokes / without ({large})", f"{ratio:.2f}",
                    f"<= {REVOKE_COST:g}", ratio <= REVOKE_COST))
    for name, measure in (("audit", "audit"), ("audit on one process", "audit 1 proc"),
                          ("reader", "reader")):
        a, b = cells[(small, measure)], cells[(large, measure)]
        if a.ok and b.ok:
            ratio = b.peak_mb / a.peak_mb
            out.append((f"peak memory of the {name}, {large} / {small}", f"{ratio:.2f}",
                        f"< {MEMORY_10X:g}", ratio < MEMORY_10X))
    if ours.ok and theirs.ok:
        out.append((f"reader / endplay parse-only rate ({large}, no target)",
                    f"{ours.rate / theirs.rate:.2f}x", "-", None))
    if "median_ms" in dds:
        median = float(dds["median_ms"])  # type: ignore[arg-type]
        out.append((f"64C double-dummy check, median of {dds['revokes']} revokes",
                    f"{median:.1f} ms", f"<= {DDS_MEDIAN_MS:g} ms", median <= DDS_MEDIAN_MS))
    else:
        reason = str(dds.get("unavailable") or dds.get("error") or "not measured")
        out.append((f"64C double-dummy check ({reason[:30]})", "n/a",
                    f"<= {DDS_MEDIAN_MS:g} ms", None))
    return out


if __name__ == "__main__":
    sys.exit(main())
