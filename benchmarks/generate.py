"""Write a large seeded session as a PBN file: random deals, a legal auction to the
contract, and the full legal play of all 13 tricks in PBN's column layout
(`tests.revoke_scenarios`).

By default every board is clean (no irregularity); ``--mix`` takes the scenarios of
`tests.revoke_scenarios.SCENARIOS` in turn instead, so that most boards carry an injected
revoke (or another irregularity of the play record). The same seed and size give the
same file, byte for byte.

    python benchmarks/generate.py OUT.pbn [--records 100000] [--seed 2017] [--mix]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.revoke_scenarios import SCENARIOS, session_pbn

__all__ = ["write_session", "session_path"]


def write_session(path: str | os.PathLike[str], records: int = 100_000, seed: int = 2017,
                  mix: bool = False) -> int:
    """Write ``records`` generated boards to ``path`` (CRLF line ends, ASCII); returns
    the number of bytes written. The file appears under its name only once complete."""
    scenarios = SCENARIOS if mix else ("clean",)
    path = Path(path)
    partial = path.with_name(path.name + ".part")
    with open(partial, "w", encoding="ascii", newline="\r\n") as out:
        for game in session_pbn(seed, records, scenarios):
            out.write(game)
    os.replace(partial, path)
    return path.stat().st_size


def session_path(directory: str | os.PathLike[str], records: int, seed: int = 2017,
                 mix: bool = False) -> Path:
    """Where `write_session` output for these parameters is kept in ``directory``."""
    kind = "mix" if mix else "clean"
    return Path(directory) / f"session-{kind}-seed{seed}-{records}.pbn"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="the PBN file to write")
    parser.add_argument("--records", type=int, default=100_000,
                        help="number of boards (default 100,000)")
    parser.add_argument("--seed", type=int, default=2017)
    parser.add_argument("--mix", action="store_true",
                        help="all scenarios in turn (revokes injected) instead of clean play")
    args = parser.parse_args(argv)
    if args.records < 1:
        parser.error("--records must be at least 1")
    start = time.perf_counter()
    size = write_session(args.out, args.records, args.seed, args.mix)
    seconds = time.perf_counter() - start
    print(f"{args.out}: {args.records:,} records, {size / 1e6:.1f} MB in {seconds:.1f} s "
          f"({args.records / seconds:,.0f} records/s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
