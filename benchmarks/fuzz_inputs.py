"""The longer run of the mutation tests: thousands of mutated and hostile inputs a format
(PBN, LIN, ``rule`` case files, ``adjust`` lists), each read the way the command reads
it, down to its reports (`tests.fuzz_inputs`); the suite runs a few hundred through
hypothesis.

For each format it counts the inputs, how they were answered (records read, or a
sentence saying why the file cannot be read), and what must never happen: a traceback
(an exception other than the documented `td_plugin.errors.InputError`), an input taking
longer than ``--timeout`` seconds, or more than ``--memory-mb`` of peak resident memory
(measured per input on Linux, where the peak can be reset). The run is repeatable: the
same ``--seed`` draws the same inputs. The exit status is 1 when anything failed.

It also gives the seconds a megabyte of the slowest reading (the reader alone, as far
as its records and their problems, timed again in processor time) of an input of at
least 16 KB. ``--families`` reads every pathological
family of `tests.pathological_inputs` of each format too, at about ``--family-bytes``,
the same way, and gives the seconds a megabyte of the slowest.

    python benchmarks/fuzz_inputs.py [--inputs 10000] [--seed 2017] [--formats pbn,lin,...]
                                     [--families] [--family-bytes 262144]
"""

from __future__ import annotations

import argparse
import random
import signal
import sys
import time
import traceback
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.fuzz_inputs import FORMATS, Bug, Checker, mutate, random_mutations, scratch, seeds
from tests.pathological_inputs import Family, Reading, families


class _TimedOut(Exception):
    pass


def _on_alarm(signum: int, frame: object) -> None:
    raise _TimedOut


def _reset_peak() -> bool:
    """Reset this process's peak resident memory (Linux 4.0 and later)."""
    try:
        with open("/proc/self/clear_refs", "w") as f:
            f.write("5")
        return True
    except OSError:
        return False


def _peak_mb() -> float:
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


#: inputs smaller than this are left out of the seconds a megabyte
_PER_MB_FROM = 16 * 1024


def _inputs(fmt: str, inputs: int, seed: int, family_bytes: int | None
            ) -> Iterator[tuple[str, bytes]]:
    """The mutated inputs of ``fmt``, then its pathological families (``family_bytes``)."""
    rng = random.Random(f"{seed}-{fmt}")
    pool = seeds(fmt)
    for _ in range(inputs):
        name, data = rng.choice(pool)
        yield name, mutate(data, random_mutations(rng, structured=fmt in ("case",
                                                                          "adjustments")))
    if family_bytes is not None:
        for family in families(fmt):
            n = max(1, family_bytes // len(family.run))
            yield ("input.json" if family.prefix[:1] in (b"{", b"[") else family.name,
                   family.make(n))


def run(fmt: str, inputs: int, seed: int, timeout: float, memory_mb: float,
        checker: Checker, family_bytes: int | None = None) -> dict[str, object]:
    answers: Counter[str] = Counter()
    failures: list[str] = []
    worst_seconds, worst_mb, records, total = 0.0, 0.0, 0, 0.0
    worst_per_mb, slowest_per_mb = 0.0, ""
    reading = Reading(checker.folder / "read")
    reading.folder.mkdir(exist_ok=True)
    per_input_memory = _reset_peak()
    n = -1
    for n, (name, mutated) in enumerate(_inputs(fmt, inputs, seed, family_bytes)):
        if per_input_memory:
            _reset_peak()
        signal.setitimer(signal.ITIMER_REAL, timeout)
        start = time.perf_counter()
        try:
            checked = checker.check(fmt, mutated, name)
        except _TimedOut:
            failures.append(f"input {n} ({name}): more than {timeout:g} s")
            continue
        except Bug as exc:
            failures.append(f"input {n} ({name}): {exc}\n"
                            + "".join(traceback.format_exception(exc.__cause__ or exc)[-4:]))
            continue
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        seconds = time.perf_counter() - start
        total += seconds
        worst_seconds = max(worst_seconds, seconds)
        if len(mutated) >= _PER_MB_FROM:  # the reading alone, again
            read = reading(Family(fmt, name, b"", b""), mutated)
            start = time.process_time()  # (this process's: a busy machine does not count)
            read()
            per_mb = (time.process_time() - start) / (len(mutated) / 1e6)
            if per_mb > worst_per_mb:
                worst_per_mb = per_mb
                slowest_per_mb = f"input {n} ({name}, {len(mutated):,} bytes)"
        peak = _peak_mb()
        worst_mb = max(worst_mb, peak)
        if peak > memory_mb:
            failures.append(f"input {n} ({name}): {peak:.0f} MB")
        records += checked.records
        answers["an error in a sentence" if checked.error else "read"] += 1
    return {"inputs": n + 1, "answers": dict(answers), "records": records,
            "failures": failures, "worst_seconds": worst_seconds, "worst_mb": worst_mb,
            "seconds": total, "per_input_memory": per_input_memory,
            "worst_per_mb": worst_per_mb, "slowest_per_mb": slowest_per_mb}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=10_000, help="inputs a format")
    parser.add_argument("--seed", type=int, default=2017)
    parser.add_argument("--formats", default=",".join(FORMATS))
    parser.add_argument("--timeout", type=float, default=10.0,
                        help="seconds an input may take (default 10)")
    parser.add_argument("--memory-mb", type=float, default=512.0,
                        help="peak resident memory an input may take (default 512)")
    parser.add_argument("--families", action="store_true",
                        help="read the pathological families of each format too")
    parser.add_argument("--family-bytes", type=int, default=256 * 1024,
                        help="the size of a family's input (default 256 KB)")
    args = parser.parse_args(argv)
    signal.signal(signal.SIGALRM, _on_alarm)
    failed = False
    print("| format | inputs | read | refused in a sentence | records read | tracebacks, "
          "timeouts, memory | slowest input | slowest read a MB | peak memory | time |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    with scratch() as folder:
        checker = Checker(folder, equity=True)
        for fmt in args.formats.split(","):
            r = run(fmt, args.inputs, args.seed, args.timeout, args.memory_mb, checker,
                    args.family_bytes if args.families else None)
            answers = r["answers"]
            failures = r["failures"]
            assert isinstance(answers, dict) and isinstance(failures, list)
            failed |= bool(failures)
            memory = f"{r['worst_mb']:.0f} MB" + ("" if r["per_input_memory"] else " (process)")
            print(f"| {fmt} | {r['inputs']:,} | {answers.get('read', 0):,} | "
                  f"{answers.get('an error in a sentence', 0):,} | {r['records']:,} | "
                  f"{len(failures)} | {r['worst_seconds']:.2f} s | "
                  f"{r['worst_per_mb']:.2f} s | {memory} | "
                  f"{r['seconds']:.0f} s |", flush=True)
            if r["slowest_per_mb"]:
                print(f"  slowest a MB: {r['slowest_per_mb']}")
            for failure in failures[:20]:
                print("  " + failure.replace("\n", "\n  "))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
