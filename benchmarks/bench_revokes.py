"""Revokes (Laws 61-64) on generated sessions: exactness, speed, and the 64C check.

1. Exactness: detection and the computed transfers against what the generator built
   (`tests.revoke_scenarios`), on ``--revokes`` injected revokes (default 10,000).
2. Speed: microseconds per record of `review_revokes` on clean boards (no revoke), the
   cost every record of an audit pays.
3. 64C: milliseconds per established revoke of the double-dummy check (`equity_check`,
   extra ``td-plugin[dds]``), median, 90th percentile and maximum over ``--equity``
   revokes. Target: at most 100 ms median.
4. With ``--pbn FILE``: write ``--records`` generated records (default 100,000) as PBN
   and report how long it took.

    python benchmarks/bench_revokes.py [--revokes 10000] [--equity 500] [--pbn out.pbn]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from td_plugin.laws.context import ReviewContext
from td_plugin.laws.revokes import (
    detect_revokes,
    equity_check,
    establishment,
    review_revokes,
    table_tricks,
    tally,
)
from td_plugin.laws.revokes import double_dummy as dd
from td_plugin.model.play import replay
from tests.revoke_scenarios import generate_session, session_pbn


def exactness(revokes: int, seed: int) -> tuple[int, int, float]:
    """(revokes checked, boards that disagree, seconds)."""
    start = time.perf_counter()
    checked = wrong = 0
    for board in generate_session(seed, 10 * revokes):
        found = [(f.seat, f.data["trick"], f.data["card"], f.data["established"],
                  f.data["transfer_if_timely"], f.data["exception"], f.law, f.data["transfer"])
                 for f in review_revokes(board.record, board.context(),
                                         obligations=board.obligations) if f.kind == "revoke"]
        expected = [(e.offender, e.trick, e.card.pbn(), e.established, e.transfer_if_timely,
                     e.exception, e.law, e.transfer) for e in board.expected]
        wrong += found != expected
        checked += len(expected)
        if checked >= revokes:
            break
    return checked, wrong, time.perf_counter() - start


def clean_cost(boards: int, seed: int) -> float:
    """Microseconds per clean record."""
    records = [b.record for b in generate_session(seed, boards, scenarios=["clean"])]
    context = ReviewContext(equity=False)
    start = time.perf_counter()
    for record in records:
        review_revokes(record, context)
    return (time.perf_counter() - start) / len(records) * 1e6


def equity_times(count: int, seed: int) -> list[float]:
    """Seconds of `equity_check` for each of ``count`` established generated revokes."""
    times: list[float] = []
    for board in generate_session(seed, 10 * count):
        record = board.record
        contract, play, deal = record.contract, record.play, record.deal
        if replay(deal, play, record.trump).problems:
            continue  # a card not held: review_revokes checks nothing here either
        tricks = table_tricks(record, contract)
        counts = tally(play, contract.strain.suit, contract.declarer, tricks)
        vul = record.vulnerability.is_vulnerable(contract.declarer)
        for revoke in detect_revokes(deal, play, contract.declarer, board.obligations):
            if not establishment(revoke, play).established:
                continue
            start = time.perf_counter()
            equity_check(deal, play, revoke, contract, counts, None, tricks, vul)
            times.append(time.perf_counter() - start)
        if len(times) >= count:
            break
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--revokes", type=int, default=10_000)
    parser.add_argument("--equity", type=int, default=500)
    parser.add_argument("--clean", type=int, default=5_000)
    parser.add_argument("--seed", type=int, default=2017)
    parser.add_argument("--pbn", type=Path)
    parser.add_argument("--records", type=int, default=100_000)
    args = parser.parse_args(argv)

    checked, wrong, seconds = exactness(args.revokes, args.seed)
    print(f"exactness: {checked} generated revokes, {wrong} boards disagree ({seconds:.1f} s)")
    print(f"review_revokes on clean records: {clean_cost(args.clean, args.seed):.0f} µs/record")
    if dd.HAVE_DDS:
        times = sorted(equity_times(args.equity, args.seed))
        p90 = times[int(0.9 * (len(times) - 1))]
        print(f"64C double-dummy check: {len(times)} revokes, median "
              f"{statistics.median(times) * 1e3:.1f} ms, p90 {p90 * 1e3:.1f} ms, "
              f"max {times[-1] * 1e3:.1f} ms (target: median ≤ 100 ms)")
    else:
        print(f"64C double-dummy check not measured: {dd.DDS_HINT}")
    if args.pbn is not None:
        start = time.perf_counter()
        with open(args.pbn, "w", encoding="ascii", newline="\r\n") as out:
            for game in session_pbn(args.seed, args.records):
                out.write(game)
        print(f"PBN: {args.records} records written to {args.pbn} in "
              f"{time.perf_counter() - start:.1f} s")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
