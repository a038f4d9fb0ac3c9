"""The whole command, as a Director runs it: ``td-plugin audit`` as a process, start-up
and report included, against endplay's parse-only, side by side in one run; and the peak
memory of an audit whose findings run into the hundreds of thousands.

Speed (each command a fresh process, the best of ``--repeat`` runs, its report written to
a file; the commands run in turn, round after round, so that a machine that speeds up or
slows down during the run weighs on each alike, and the endplay / JSON ratio of each
round is printed too):

* ``endplay``: ``python -c "from endplay.parsers import pbn; pbn.load(...)"``, parsing
  the file and nothing else (the extra ``td-plugin[dds]``);
* ``audit --json``: ``td-plugin audit --json FILE``, on as many processes as the machine
  has processors (the default);
* ``audit (text)``: ``td-plugin audit FILE``, the report for a person;
* ``club session``: ``td-plugin audit --json`` on a generated club session of 400 boards
  with full play, a revoke on one board in a hundred (each gets the Law 64C check).

on the real rpbridge vugraph file (``../shared/realworld``, or ``--file``). The targets:
the JSON audit at least 3 times as fast as endplay's parse-only, the text report at most
1.2 times the JSON one, the club session in under half a second.

Memory (``--memory``): ``td-plugin audit --json --jobs 4`` on a generated session of
``--memory-mb`` megabytes (default 200) with an irregularity on most boards
(`benchmarks/generate.py --mix`), without the double-dummy check (``--no-equity``: it
costs a millisecond a revoke and no memory that grows); the peak resident memory of the
largest process and of the whole tree of processes (sampled every 50 ms), the findings
and the size of the JSON written. The target: the same peak, within 1.5 times, as on a
file a tenth of the size.

The interpreter's compiled files are kept in a folder of the system's temporary
directory (``PYTHONPYCACHEPREFIX``), as an installed package has them; the first run of
each command, which writes them, is not counted.

    python benchmarks/bench_commands.py [--repeat 3] [--file FILE] [--memory]
                                        [--memory-mb 200] [--quick]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parent
ROOT = BENCHMARKS.parent
REAL_FILE = (ROOT / ".." / "shared" / "realworld" / "pbn"
             / "rpbridge_world_championships_vugraph.pbn")
TD_PLUGIN = [sys.executable, "-m", "td_plugin.cli"]

#: targets (issue "every input answered honestly, every report fast and readable")
JSON_VS_ENDPLAY = 3.0  # the JSON audit at least this many times as fast as endplay
TEXT_VS_JSON = 1.2  # the text report at most this many times the JSON one
CLUB_SECONDS = 0.5  # a club session of 400 boards
MEMORY_10X = 1.5  # a file 10 times larger: less than this many times the peak memory

_ENDPLAY = ("import sys\nfrom endplay.parsers import pbn\n"
            "with open(sys.argv[1], encoding='utf-8', errors='replace') as f:\n"
            "    boards = pbn.load(f)\nprint(len(boards))\n")


def _env(cache: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(cache)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return env


def _timed(cmd: list[str], env: dict[str, str], out: Path) -> tuple[float, int]:
    """Run ``cmd`` with its standard output into ``out``: (seconds, exit status)."""
    with open(out, "wb") as fh:
        start = time.perf_counter()
        proc = subprocess.run(cmd, stdout=fh, stderr=subprocess.PIPE, env=env, cwd=ROOT)
        seconds = time.perf_counter() - start
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(cmd)} failed ({proc.returncode}):\n"
                         + proc.stderr.decode("utf-8", "replace")[-2000:])
    return seconds, proc.returncode


def _rounds(runs: dict[str, tuple[list[str], Path]], env: dict[str, str], repeat: int
            ) -> dict[str, list[float]]:
    """The seconds of each command in ``repeat`` rounds, each round running every command
    once, one after the other: a machine that speeds up or slows down during the run
    weighs on every command alike (a first round, not counted, writes the compiled
    files)."""
    for cmd, out in runs.values():
        _timed(cmd, env, out)
    times: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(repeat):
        for name, (cmd, out) in runs.items():
            times[name].append(_timed(cmd, env, out)[0])
    return times


def speed(args: argparse.Namespace, work: Path, env: dict[str, str]
          ) -> list[tuple[str, float, float, bool | None]]:
    """The speed table and the targets: (what, measured, target, passed)."""
    sys.path.insert(0, str(ROOT))
    from tests.revoke_scenarios import session_pbn

    club = work / "club-400.pbn"  # a club night's revokes: one board in a hundred
    club.write_text("".join(session_pbn(2017, 400, ("clean",) * 99 + ("a2_later",))),
                    encoding="utf-8")
    path = str(args.file)
    rows = []
    have_endplay = subprocess.run([sys.executable, "-c", "import endplay"],
                                  capture_output=True).returncode == 0
    runs = {"json": ([*TD_PLUGIN, "audit", "--json", path], work / "audit.json"),
            "text": ([*TD_PLUGIN, "audit", path], work / "audit.txt"),
            "club": ([*TD_PLUGIN, "audit", "--json", str(club)], work / "club.json")}
    if have_endplay:
        runs["endplay"] = ([sys.executable, "-c", _ENDPLAY, path], work / "endplay.out")
    times = _rounds(runs, env, args.repeat)
    as_json, as_text, club_json = (min(times[name]) for name in ("json", "text", "club"))
    endplay = min(times["endplay"]) if have_endplay else None
    findings = json.loads((work / "audit.json").read_text(encoding="utf-8"))["summary"]
    print(f"\n{args.file.name}: {findings['records']:,} records, {findings['findings']:,} "
          f"findings; JSON {(work / 'audit.json').stat().st_size / 1e6:.1f} MB, text "
          f"{(work / 'audit.txt').stat().st_size / 1e6:.1f} MB\n")
    print("| command (whole process, best of %d) | seconds |" % args.repeat)
    print("|---|---:|")
    if endplay is not None:
        print(f"| endplay parse-only | {endplay:.2f} |")
    print(f"| td-plugin audit --json | {as_json:.2f} |")
    print(f"| td-plugin audit (text) | {as_text:.2f} |")
    print(f"| td-plugin audit --json, club session of 400 boards | {club_json:.2f} |")
    if endplay is not None:
        ratios = sorted(e / j for e, j in zip(times["endplay"], times["json"]))
        print(f"\nendplay / audit --json, round by round: median {statistics.median(ratios):.2f} "
              f"(from {ratios[0]:.2f} to {ratios[-1]:.2f})")
        rows.append(("endplay parse-only / audit --json", endplay / as_json, JSON_VS_ENDPLAY,
                     endplay / as_json >= JSON_VS_ENDPLAY))
    else:
        rows.append(("endplay parse-only / audit --json (endplay not installed)", 0.0,
                     JSON_VS_ENDPLAY, None))
    rows.append(("audit (text) / audit --json", as_text / as_json, TEXT_VS_JSON,
                 as_text / as_json <= TEXT_VS_JSON))
    rows.append(("club session of 400 boards, seconds", club_json, CLUB_SECONDS,
                 club_json < CLUB_SECONDS))
    return rows


def _tree_rss(pid: int) -> int:
    """The resident memory of ``pid`` and its children, in KiB (Linux)."""
    total = 0
    pids = [pid]
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            pids += [int(p) for p in f.read().split()]
    except OSError:
        pass
    for p in pids:
        try:
            with open(f"/proc/{p}/status") as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1])
        except OSError:
            pass
    return total


def _peak(cmd: list[str], env: dict[str, str], out: Path) -> dict[str, float]:
    """Run ``cmd``: seconds, the largest process's peak and the sampled peak of the tree
    (MB), and the size of what it wrote."""
    tree_peak = [0]
    with open(out, "wb") as fh:
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=fh, stderr=subprocess.PIPE, env=env, cwd=ROOT)

        def sample() -> None:
            while proc.poll() is None:
                tree_peak[0] = max(tree_peak[0], _tree_rss(proc.pid))
                time.sleep(0.05)

        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        _, err = proc.communicate()
        sampler.join()
        seconds = time.perf_counter() - start
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(cmd)} failed:\n" + err.decode("utf-8", "replace")[-2000:])
    largest = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    largest_mb = largest / (1024 * 1024) if sys.platform == "darwin" else largest / 1024
    return {"seconds": seconds, "largest_mb": largest_mb, "tree_mb": tree_peak[0] / 1024,
            "out_mb": out.stat().st_size / 1e6}


def memory(args: argparse.Namespace, work: Path, env: dict[str, str]
           ) -> list[tuple[str, float, float, bool | None]]:
    sys.path.insert(0, str(BENCHMARKS))
    from generate import write_session

    data = Path(args.data)
    data.mkdir(parents=True, exist_ok=True)
    records = int(args.memory_mb * 1e6 / 530)  # about 530 bytes a mixed board
    results = {}
    for n in (records // 10, records):
        path = data / f"session-mix-seed2017-{n}.pbn"
        if not path.exists():
            start = time.perf_counter()
            write_session(path, n, 2017, mix=True)
            print(f"generated {path.name} ({path.stat().st_size / 1e6:.0f} MB) in "
                  f"{time.perf_counter() - start:.0f} s", flush=True)
        # one process each (a fresh RUSAGE_CHILDREN): the measurement runs in a child
        cmd = [sys.executable, str(Path(__file__).resolve()), "--peak", str(path)]
        proc = subprocess.run(cmd, capture_output=True, text=True, env=env)
        if proc.returncode != 0:
            raise SystemExit(proc.stderr[-2000:])
        results[n] = json.loads(proc.stdout.strip().splitlines()[-1])
        r = results[n]
        print(f"| {path.name} | {path.stat().st_size / 1e6:.0f} MB | {n:,} | "
              f"{r['findings']:,} | {r['seconds']:.0f} s | {r['largest_mb']:.0f} | "
              f"{r['tree_mb']:.0f} | {r['out_mb']:.0f} MB |", flush=True)
    small, large = results[records // 10], results[records]
    ratio = large["largest_mb"] / small["largest_mb"]
    tree = large["tree_mb"] / small["tree_mb"] if small["tree_mb"] else 0.0
    return [("peak memory of the largest process, 10x the file", ratio, MEMORY_10X,
             ratio < MEMORY_10X),
            ("peak memory of all the processes, 10x the file", tree, MEMORY_10X,
             tree < MEMORY_10X)]


def _peak_child(path: str) -> None:
    """In a child of the benchmark: audit ``path`` and print the measurements."""
    env = _env(Path(os.environ.get("PYTHONPYCACHEPREFIX", tempfile.gettempdir())))
    with tempfile.TemporaryDirectory(prefix="td-plugin-bench-") as tmp:
        out = Path(tmp) / "audit.json"
        r = _peak([*TD_PLUGIN, "audit", "--json", "--jobs", "4", "--no-equity", path], env, out)
        with open(out, encoding="utf-8") as f:  # the summary is the last line
            for line in f:
                last = line
        r["findings"] = json.loads(last[len('"summary": '):-2])["findings"]
    print(json.dumps(r))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--file", type=Path, default=REAL_FILE)
    parser.add_argument("--memory", action="store_true",
                        help="also measure the peak memory on a large generated session")
    parser.add_argument("--memory-mb", type=float, default=200.0)
    parser.add_argument("--data", type=Path,
                        default=Path(tempfile.gettempdir()) / "td-plugin-bench")
    parser.add_argument("--quick", action="store_true",
                        help="a smoke run: one repetition, the memory run on 2 MB; no verdict")
    parser.add_argument("--peak", metavar="FILE", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.peak:
        _peak_child(args.peak)
        return 0
    if args.quick:
        args.repeat, args.memory_mb = 1, 2.0
    if not args.file.exists():
        print(f"{args.file} not found: give one with --file")
        return 2
    print(f"# td-plugin, whole commands: {platform.platform()}, Python "
          f"{platform.python_version()}, {os.cpu_count()} processors")
    cache = Path(tempfile.gettempdir()) / "td-plugin-bench-pycache"
    env = _env(cache)
    with tempfile.TemporaryDirectory(prefix="td-plugin-bench-") as tmp:
        work = Path(tmp)
        targets = speed(args, work, env)
        if args.memory:
            print("\n| file | size | records | findings | time | largest process, peak MB "
                  "| all processes, peak MB | JSON written |")
            print("|---|---:|---:|---:|---:|---:|---:|---:|")
            targets += memory(args, work, env)
    print("\n| target | measured | target | verdict |\n|---|---:|---:|---|")
    failed = False
    for what, measured, target, ok in targets:
        verdict = "n/a" if ok is None or args.quick else ("PASS" if ok else "FAIL")
        failed |= verdict == "FAIL"
        print(f"| {what} | {measured:.2f} | {target:g} | {verdict} |")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
