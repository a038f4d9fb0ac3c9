"""The play period (Laws 24, 41-67) on random case files: no crash, every ruling
consistent.

``--cases`` random case files (default 20,000), spread over the kinds, each built as the
table app builds one (random answers to the kind's questions, then to the ruling's
decisions), ruled in English and Danish and checked by `tests.random_play_cases.check`
(its docstring lists what "consistent" means); and each case changed in one place
(`mangle`), which the reader must refuse with a CaseFileError and nothing else, or, when
the change still makes sense, rule consistently like the rest. Prints
the cases per kind, the rulings still waiting for a decision, the clauses reached, the
broken cases refused, and every failure with its case; exit status 1 when any failed.

    python benchmarks/fuzz_play.py [--cases 20000] [--seed 2017]
"""

from __future__ import annotations

import argparse
import collections
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from td_plugin.cases.files import load_case
from td_plugin.errors import CaseFileError
from tests.random_play_cases import KINDS, check, mangle, random_case


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=2017)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    kinds: collections.Counter[str] = collections.Counter()
    waiting = 0
    laws: set[str] = set()
    refused = accepted = 0
    failures: list[tuple[str, dict, str]] = []
    start = time.perf_counter()
    for i in range(args.cases):
        kind = KINDS[i % len(KINDS)]
        case: dict = {"kind": kind}
        try:
            case = random_case(rng, kind)
            ruling = check(case)
        except Exception as exc:  # every failure is reported with its case
            failures.append(("ruling", case, f"{type(exc).__name__}: {exc}"))
            continue
        kinds[kind] += 1
        waiting += ruling["status"] == "needs_decision"
        laws.update(ruling["laws"])
        broken = mangle(rng, case)
        try:
            load_case(broken)
        except CaseFileError:
            refused += 1
            continue
        except Exception as exc:
            failures.append(("reader", broken, f"{type(exc).__name__}: {exc}"))
            continue
        accepted += 1  # a change that still makes sense: ruled, and checked like the rest
        try:
            check(broken)
        except Exception as exc:
            failures.append(("changed", broken, f"{type(exc).__name__}: {exc}"))
    seconds = time.perf_counter() - start
    print(f"{args.cases:,} random cases in {seconds:.1f} s, seed {args.seed}")
    for kind in KINDS:
        print(f"  {kind:<18} {kinds[kind]:>7,}")
    print(f"rulings waiting for a decision: {waiting:,}")
    print(f"clauses reached ({len(laws)}): {', '.join(sorted(laws))}")
    print(f"changed cases: {refused:,} refused with a CaseFileError, {accepted:,} still valid "
          f"(ruled and checked)")
    print(f"failures: {len(failures)}")
    for where, case, message in failures[:20]:
        print(f"  {where}: {message}\n    {json.dumps(case, ensure_ascii=False)}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
