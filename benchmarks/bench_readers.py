"""Seconds a megabyte of the worst pathological input of each reader.

Every family of `tests.pathological_inputs` (runs of each character class inside each
kind of token, unterminated or closed) is read at about ``--screen`` bytes; the slowest
``--top`` families of each reader are read again at about ``--size`` bytes (the least of
three readings), and the worst of them is printed with its seconds per megabyte, in
processor time of this process. Case files and adjustment lists are read at half a
megabyte: a larger one is refused unread.

    python benchmarks/bench_readers.py [--readers pbn,lin,...] [--size 1000000]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.pathological_inputs import READERS, Family, Reading, families, seconds

#: the largest input a reader is measured at (case files and adjustment lists are at
#: most 1 MB)
_LARGEST = {"case": 500_000, "adjustments": 500_000}


def per_mb(read: Reading, family: Family, size: int, repeat: int) -> tuple[float, int]:
    """Seconds a megabyte of ``family`` at about ``size`` bytes, and its size."""
    n = max(1, (size - len(family.prefix) - len(family.suffix)) // len(family.run))
    length = len(family.make(n))
    return seconds(read, family, n, repeat) / (length / 1e6), length


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--readers", default=",".join(READERS))
    parser.add_argument("--size", type=int, default=1_000_000, help="bytes (default 1 MB)")
    parser.add_argument("--screen", type=int, default=200_000,
                        help="bytes every family is read at first (default 200 KB)")
    parser.add_argument("--top", type=int, default=8,
                        help="families of each reader read again at --size (default 8)")
    args = parser.parse_args(argv)
    print("| reader | families | worst family | size | seconds a MB |")
    print("|---|---:|---|---:|---:|")
    with tempfile.TemporaryDirectory(prefix="td-plugin-bench-") as folder:
        read = Reading(Path(folder))
        for reader in args.readers.split(","):
            largest = min(args.size, _LARGEST.get(reader, args.size))
            every = list(families(reader))
            screened = sorted(every, key=lambda f: -per_mb(read, f, min(args.screen, largest),
                                                           1)[0])
            worst = max((per_mb(read, f, largest, 3) + (f.name,) for f in screened[:args.top]),
                        key=lambda r: r[0])
            print(f"| {reader} | {len(every)} | {worst[2]} | {worst[1] / 1e6:.2f} MB | "
                  f"{worst[0]:.2f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
