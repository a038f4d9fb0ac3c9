"""The table app under load: concurrent clients posting rulings to ``td-plugin serve``.

Starts the real server (``td-plugin serve --port 0``, a fresh log in a temporary folder)
as its own process, then runs ``--clients`` clients on loopback, each posting a ruling
(the case files under ``tests/cases``, in turn) and, as soon as the answer is in, the
next one, for ``--seconds``; ``--think`` adds a pause between a client's posts. Every
client keeps its connection open, as a phone does. Reports the rulings per second and the
latency of a ruling (post to answer) at p50, p90, p99 and the worst, then reads the log
back through ``GET /api/rulings`` and checks that it holds exactly what was posted: one
ruling per answered post, each with the case that was posted, and nothing else. On Linux
it also gives the server's CPU time a ruling, which depends less than the rate on what
else the machine runs.

Target: p99 at most 100 ms with 50 clients on 2 cores.

``--python PY`` (given twice or more) compares installations, paired: each an
interpreter with td-plugin installed (its own code and its own packages: httptools and
uvloop or not), run in turn ``--rounds`` times, so that what else the machine does falls
on each alike; the medians of the rounds are printed side by side.

    python benchmarks/bench_serve.py [--clients 50] [--seconds 60] [--think 0]
                                     [--python PY ...] [--rounds 1]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TOKEN = "bench-token"
TARGET_P99_MS = 100.0


def cases() -> list[dict]:
    out = []
    for path in sorted((ROOT / "tests" / "cases").glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        out.append(data.get("case", data))
    return out


def start_server(db: Path, python: str | None = None) -> tuple[subprocess.Popen, str, int]:
    """The server on this tree (``python`` None), or as installed for ``python`` (run
    outside the tree, without PYTHONPATH)."""
    env, cwd = None, ROOT
    if python is not None:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        cwd = db.parent
    proc = subprocess.Popen(
        [python or sys.executable, "-m", "td_plugin.cli", "serve", "--db", str(db), "--port",
         "0", "--token", TOKEN, "--no-qr"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=cwd, env=env)
    assert proc.stdout is not None
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        if "http://" in line:
            address = line.split("http://", 1)[1].split("/", 1)[0]
            host, port = address.rsplit(":", 1)
            return proc, host, int(port)
    proc.kill()
    raise SystemExit("the server did not start")


async def _request(reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                   method: str, path: str, body: bytes = b"") -> tuple[int, bytes]:
    head = (f"{method} {path} HTTP/1.1\r\nHost: bench\r\nAuthorization: Bearer {TOKEN}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n")
    writer.write(head.encode() + body)
    await writer.drain()
    header = await reader.readuntil(b"\r\n\r\n")
    lines = header.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    length = next(int(v) for k, _, v in (x.partition(":") for x in lines[1:])
                  if k.lower() == "content-length")
    return status, await reader.readexactly(length)


async def client(host: str, port: int, bodies: list[bytes], offset: int, stop_at: float,
                 think: float, latencies: list[float], posted: dict[int, bytes],
                 failures: list[str]) -> None:
    reader, writer = await asyncio.open_connection(host, port)
    i = offset
    try:
        while time.perf_counter() < stop_at:
            body = bodies[i % len(bodies)]
            i += 1
            t0 = time.perf_counter()
            status, answer = await _request(reader, writer, "POST", "/api/rulings", body)
            latencies.append(time.perf_counter() - t0)
            if status != 201:
                failures.append(f"{status}: {answer[:200]!r}")
                continue
            ruling_id = json.loads(answer)["id"]
            if ruling_id in posted:
                failures.append(f"id {ruling_id} answered twice")
            posted[ruling_id] = body
            if think:
                await asyncio.sleep(think)
    finally:
        writer.close()


async def run_load(host: str, port: int, clients: int, seconds: float,
                   think: float) -> tuple[list[float], dict[int, bytes], list[str]]:
    bodies = [json.dumps(c, ensure_ascii=False).encode() for c in cases()]
    latencies: list[float] = []
    posted: dict[int, bytes] = {}
    failures: list[str] = []
    stop_at = time.perf_counter() + seconds
    await asyncio.gather(*(client(host, port, bodies, k, stop_at, think, latencies, posted,
                                  failures) for k in range(clients)))
    return latencies, posted, failures


async def read_log(host: str, port: int) -> list[dict]:
    reader, writer = await asyncio.open_connection(host, port)
    try:
        status, body = await _request(reader, writer, "GET", "/api/rulings")
    finally:
        writer.close()
    assert status == 200, status
    return json.loads(body)["rulings"]


def cpu_seconds(pid: int) -> float | None:
    """The CPU seconds (user and system) process ``pid`` has used, where the system
    tells (Linux's ``/proc``); None elsewhere."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def measure(args: argparse.Namespace, python: str | None) -> dict[str, float]:
    """One run of the load against a fresh server; its figures (printed as it goes)."""
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.td-rulings.sqlite"
        proc, host, port = start_server(db, python)
        try:
            cpu_before = cpu_seconds(proc.pid)
            latencies, posted, failures = asyncio.run(
                run_load(host, port, args.clients, args.seconds, args.think))
            cpu_after = cpu_seconds(proc.pid)
            log = asyncio.run(read_log(host, port))
        finally:
            proc.terminate()
            proc.wait(timeout=10)
    ms = [x * 1000 for x in latencies]
    stored = {e["id"]: e for e in log}
    exact = (set(stored) == set(posted) and all(
        e["version"] == 1 and e["case"] == json.loads(posted[i]) for i, e in stored.items()))
    p99 = percentile(ms, 99) if ms else float("nan")
    print(f"clients {args.clients}, {args.seconds:g} s, think {args.think:g} s, "
          f"{os.cpu_count()} cores")
    print(f"rulings posted: {len(latencies)} ({len(latencies) / args.seconds:.0f}/s), "
          f"failed: {len(failures)}")
    if ms:
        print(f"latency ms: p50 {percentile(ms, 50):.1f}  p90 {percentile(ms, 90):.1f}  "
              f"p99 {p99:.1f}  max {max(ms):.1f}  mean {statistics.fmean(ms):.1f}")
    print(f"log holds {len(stored)} rulings; exactly what was posted: {'yes' if exact else 'NO'}")
    cpu_ms = float("nan")
    if cpu_before is not None and cpu_after is not None and latencies:
        cpu_ms = (cpu_after - cpu_before) / len(latencies) * 1000
        print(f"server CPU a ruling: {cpu_ms:.2f} ms")
    for f in failures[:5]:
        print("  failure:", f)
    ok = exact and not failures and p99 <= TARGET_P99_MS
    print(f"target p99 <= {TARGET_P99_MS:g} ms: {'PASS' if p99 <= TARGET_P99_MS else 'FAIL'}")
    return {"rate": len(latencies) / args.seconds, "ok": float(ok), "cpu": cpu_ms,
            **({"p50": percentile(ms, 50), "p90": percentile(ms, 90), "p99": p99,
                "max": max(ms)} if ms else {})}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--clients", type=int, default=50)
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--think", type=float, default=0.0,
                    help="seconds a client waits between its posts (default 0)")
    ap.add_argument("--python", action="append",
                    help="an interpreter with td-plugin installed; twice or more: paired")
    ap.add_argument("--rounds", type=int, default=1,
                    help="runs of each installation, in turn (default 1)")
    args = ap.parse_args(argv)
    pythons: list[str | None] = list(args.python or [None])
    runs: dict[int, list[dict[str, float]]] = {}
    for r in range(args.rounds):
        for n, python in enumerate(pythons):
            print(f"--- round {r + 1}, {python or 'this tree'}")
            runs.setdefault(n, []).append(measure(args, python))
    if len(pythons) > 1 or args.rounds > 1:
        print(f"\nmedians of {args.rounds} round(s), {args.clients} clients, {args.seconds:g} s:")
        print("| installation | rulings/s | p50 ms | p90 ms | p99 ms | worst ms | "
              "server CPU ms a ruling |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        for n, python in enumerate(pythons):
            figures = [statistics.median(run.get(k, float("nan")) for run in runs[n])
                       for k in ("rate", "p50", "p90", "p99", "max", "cpu")]
            print(f"| {python or 'this tree'} | {figures[0]:,.0f} | "
                  + " | ".join(f"{x:.1f}" for x in figures[1:5]) + f" | {figures[5]:.2f} |")
    return 0 if all(run["ok"] for n in runs for run in runs[n]) else 1


if __name__ == "__main__":
    sys.exit(main())
