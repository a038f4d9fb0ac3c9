"""The cost of comparing the forms of every board (Law 87, `td_plugin.laws.fouled`)
against the audit's own review of the same records, in one process, paired round by
round.

Per round, on the records of ``--file`` (read once, kept in memory): the CPU time of
reviewing every record through the plugin host (``PluginHost.review_board``, the
audit's work on a record), and the CPU time of gathering the forms of every record
(`BoardVersions.add`) and comparing them (`BoardVersions.findings`). Medians of
``--rounds`` rounds, and the share of the second in the first. Target: at most 10 %
(issue 32). ``bench_speed.py`` measures the whole command before and after.

With ``--as-rounds`` each board's results are given rounds in file order (a results
file that records none, e.g. Compscore's USEBIO, made to look like a Bridgemate file):
the double-dummy signal of a possible fouled board then solves one table per board whose
results have no play, and its cost is in the second column (run once without and once
with it on the same file, e.g. ``--file .../usebio/compscore3_mp_pairs_mitchell.xml``).

    python benchmarks/bench_fouled.py [--file FILE] [--rounds 5] [--as-rounds]
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from td_plugin.host.manager import PluginHost
from td_plugin.laws.context import ReviewContext
from td_plugin.laws.fouled import BoardVersions

ROOT = Path(__file__).resolve().parents[1]
REAL_FILE = ROOT.parent / "shared" / "realworld" / "pbn" / "rpbridge_world_championships_vugraph.pbn"
TARGET = 0.10


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--file", type=Path, default=REAL_FILE)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--as-rounds", action="store_true",
                        help="give each board's results rounds in file order")
    args = parser.parse_args(argv)
    if not args.file.exists():
        raise SystemExit(f"{args.file}: not found (--file FILE)")
    host = PluginHost()
    records = list(host.open_source(str(args.file)).records())
    if args.as_rounds:
        seen: dict[object, int] = {}
        for i, r in enumerate(records):
            seen[r.section, r.board] = n = seen.get((r.section, r.board), 0) + 1
            records[i] = dataclasses.replace(r, round=n)
    context = ReviewContext()
    review, compare = [], []
    findings = 0
    for _ in range(args.rounds):
        start = time.process_time()
        for record in records:
            host.review_board(record, context)
        review.append(time.process_time() - start)
        start = time.process_time()
        versions = BoardVersions()
        for record in records:
            versions.add(record)
        findings = len(versions.findings(str(args.file)))
        compare.append(time.process_time() - start)
    r, c = statistics.median(review), statistics.median(compare)
    print(f"{args.file.name}: {len(records):,} records, {args.rounds} rounds, medians; "
          f"fouled_board findings: {findings}"
          f"{'; rounds in file order' if args.as_rounds else ''}")
    print("| review of every record, CPU s | forms gathered and compared, CPU s | share "
          f"(<= {TARGET:.0%}) |")
    print("|---:|---:|---:|")
    print(f"| {r:.3f} | {c:.4f} | {c / r:.1%} |")
    return 0 if c / r <= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
