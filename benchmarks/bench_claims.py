"""Contested claims (Laws 68-71): the time of one ruling from the position of the claim.

A ruling on a contested claim plays every normal line of the claimer (at most 96) against
the actual layout, the other side playing the double-dummy solver's card
(`td_plugin.laws.claims.normal_lines`, extra ``td-plugin[dds]``). This measures
`rule_claim` on seeded random positions with 13, 9, 5 and 2 cards left, in a suit
contract with the trump anywhere in the order (70C: the most lines) and in notrump;
seconds per ruling, median and maximum, each size paired in the same run with the same
rulings made without the solver's cache (every line solving every position again).
Target: every ruling within 2 s.

    python benchmarks/bench_claims.py [--positions 10] [--seed 2017] [--quick]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from td_plugin.laws.claims import contested_claims, normal_lines
from td_plugin.laws.claims.contested_claims import ClaimCase, rule_claim
from td_plugin.laws.revokes.double_dummy import HAVE_DDS, solve_best
from td_plugin.model.board import Vulnerability
from td_plugin.model.cards import ALL_CARDS, SEATS
from td_plugin.model.contract import Contract
from td_plugin.model.deal import Hand

TARGET = 2.0


def position(rng: random.Random, cards: int, strain: str) -> ClaimCase:
    """A claim by declarer South of every remaining trick, doubted at once, from a
    random layout of ``cards`` cards each."""
    pack = list(ALL_CARDS)
    rng.shuffle(pack)
    hands = {s: Hand(pack[i * cards:(i + 1) * cards]) for i, s in enumerate(SEATS)}
    contract = Contract.from_pbn(f"4{strain}").with_declarer(SEATS[2])
    trick = 14 - cards
    return ClaimCase(contract, Vulnerability.NONE, trick, rng.choice(SEATS), hands,
                     (trick - 1) // 2, SEATS[2], cards, "", "during_play",
                     trump_unaware=True if strain != "NT" else None)


def timed(case: ClaimCase, cached: bool) -> tuple[float, float]:
    """Wall and CPU seconds of one ruling; without the cache, each position is solved
    every time it is met."""
    saved = normal_lines.cached_solver
    if not cached:
        contested_claims.cached_solver = lambda: solve_best  # type: ignore[assignment]
    try:
        start, cpu = time.perf_counter(), time.process_time()
        rule_claim(case)
        return time.perf_counter() - start, time.process_time() - cpu
    finally:
        contested_claims.cached_solver = saved


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=10, help="positions per size and strain")
    ap.add_argument("--seed", default="2017")
    ap.add_argument("--quick", action="store_true", help="two positions of 5 and 2 cards")
    args = ap.parse_args(argv)
    if not HAVE_DDS:
        print("claims: not measured (needs the extra: pip install 'td-plugin[dds]')")
        return 0
    sizes = (5, 2) if args.quick else (13, 9, 5, 2)
    count = 1 if args.quick else args.positions
    rng = random.Random(args.seed)
    rule_claim(position(rng, 2, "S"))  # the solver's import, once
    worst = 0.0
    print(f"load average before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} processors")
    print("| cards left | strain | rulings | wall median s | wall max s | CPU max s | "
          "uncached wall median s | uncached wall max s |")
    print("|---:|---|---:|---:|---:|---:|---:|---:|")
    for cards in sizes:
        for strain in ("S", "NT"):
            cases = [position(rng, cards, strain) for _ in range(count)]
            pairs = [(timed(c, True), timed(c, False)) for c in cases]
            wall = [p[0][0] for p in pairs]
            unc = [p[1][0] for p in pairs]
            worst = max(worst, *wall)
            print(f"| {cards} | {strain} | {count} | {statistics.median(wall):.3f} | "
                  f"{max(wall):.3f} | {max(p[0][1] for p in pairs):.3f} | "
                  f"{statistics.median(unc):.3f} | {max(unc):.3f} |")
    verdict = "" if args.quick else (" PASS" if worst <= TARGET else " FAIL")
    print(f"slowest ruling (wall): {worst:.3f} s (target <= {TARGET} s){verdict}")
    print(f"load average after: {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
