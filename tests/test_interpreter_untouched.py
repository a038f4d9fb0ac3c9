"""The interpreter is left as it was found (docs/guarantees.md, "Nothing else written,
nothing changed in the interpreter").

Each test runs in a fresh process, as another program that imports td_plugin would: it
loads the package and its pytest plugin, audits a session on one process and with
workers, rules a case, and then compares the standard library, the garbage collector,
the signal handlers and the import machinery with what they were before; the process's
home, cache and temporary folders are fresh and must still be empty at the end.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "examples" / "club_session.pbn"
CASE = REPO / "tests" / "cases" / "000_2s_meant_1s_west_passed.json"

#: the program run in the fresh process; it prints one line of JSON with what differs
PROGRAM = r'''
import atexit, builtins, dataclasses, gc, importlib, inspect, io, json, os, signal, sys
import threading, types, typing, weakref
import multiprocessing, pickle, tempfile, sqlite3, copy, functools, operator, re

WATCHED = [builtins, dataclasses, gc, atexit, importlib, inspect, io, os, signal, sys,
           threading, types, typing, multiprocessing, pickle, tempfile, sqlite3, copy,
           functools, operator, re, json, weakref]
IGNORED = {"__warningregistry__", "last_exc", "last_type", "last_value",
           "last_traceback", "_"}

def attributes():
    """Each module's attributes; a submodule imported later is bound in its package's
    namespace by the import system itself, not by anyone's patch."""
    return {m.__name__: {k: id(v) for k, v in vars(m).items()
                         if k not in IGNORED and not isinstance(v, types.ModuleType)}
            for m in WATCHED}

def signals():
    return {int(s): repr(signal.getsignal(s)) for s in signal.valid_signals()
            if signal.getsignal(s) is not None}

def state():
    return {"gc": [gc.isenabled(), list(gc.get_threshold()), gc.get_freeze_count(),
                   len(gc.callbacks)],
            "meta_path": [repr(f) for f in sys.meta_path],
            "path_hooks": [repr(h) for h in sys.path_hooks],
            "hooks": [repr(h) for h in (sys.excepthook, sys.displayhook,
                                         sys.breakpointhook, threading.excepthook)],
            "signals": signals(), "recursion": sys.getrecursionlimit(),
            "switch": sys.getswitchinterval(),
            "profile": [repr(sys.getprofile()), repr(sys.gettrace())]}

# The libraries td-plugin builds on, imported first: what they do when imported is theirs
# (on Python 3.10 anyio's exceptiongroup replaces sys.excepthook and typing_extensions
# patches typing's internals; six adds an importer); what follows must change nothing more.
import anyio, jinja2, lxml.etree, orjson, pluggy, rich.console, starlette.applications
import uvicorn, yaml
try:  # six adds an importer of its own (through the double-dummy extra's matplotlib);
    import six  # endplay itself is not imported here: it starts a thread of its solver
except ImportError:
    pass

before_attrs, before = attributes(), state()

import td_plugin, td_plugin.testing  # the package and its pytest plugin (entry point)
from td_plugin import hookimpl
from td_plugin.audit.run import run_audit
from td_plugin.host.manager import PluginHost
from td_plugin.laws.context import ReviewContext
from td_plugin.cases.log import Place
from td_plugin.audit.table_rulings import rule_case

class Node:
    pass

made = []
reviewers = set()  # the processes that reviewed boards (a forked worker writes its own)

class Cycles:
    """A plugin that makes one small reference cycle per board it reviews."""
    @hookimpl
    def td_review_board(self, record, context):
        a, b = Node(), Node()
        a.other, b.other = b, a
        made.append(weakref.ref(a))
        if os.getpid() not in reviewers:
            reviewers.add(os.getpid())
            with open("reviewers", "a") as fh:
                fh.write(f"{os.getpid()}\n")
        return []

import adapters.pbn.parts
adapters.pbn.parts.PART_SIZE = 64 * 1024  # (the test's own: parts for the workers)
counts = {}
big = sys.argv[2]
for jobs in (2, 1, 1):  # (workers first: forked while this process runs one thread)
    host = PluginHost()
    host.register(Cycles(), "cycles")
    result = run_audit([big], host, ReviewContext(), jobs=jobs)
    counts[jobs] = result.finding_count
    del result, host
case = json.load(open(sys.argv[3], encoding="utf-8"))
ruling = rule_case(PluginHost(), case, Place(board=1), [])
gc.collect()

@dataclasses.dataclass
class Made:
    x: int
    y: "list[str]" = dataclasses.field(default_factory=list)

out = {
    "changed": {},
    "state_before": before, "state_after": state(),
    "hints": repr(typing.get_type_hints(Made.__init__)),
    "signature": str(inspect.signature(Made)),
    "cycles_made": len(made), "cycles_alive": sum(r() is not None for r in made),
    "reviewers": len(open("reviewers").read().split()),
    "counts": counts, "ruled": ruling.ruling is not None,
}
after_attrs = attributes()
for name, attrs in after_attrs.items():
    old = before_attrs[name]
    lazy = hasattr(sys.modules[name], "__getattr__")  # names a module makes on first use
    diff = sorted(k for k in set(old) | set(attrs) if old.get(k) != attrs.get(k)
                  and not (lazy and k not in old))
    if diff:
        out["changed"][name] = diff
print(json.dumps(out))
'''


def _fresh_env(tmp_path: Path) -> dict[str, str]:
    """An environment whose home, caches and temporary folder are new and empty."""
    env = dict(os.environ)
    for name in ("home", "cache", "config", "tmp"):
        (tmp_path / name).mkdir()
    env.update(HOME=str(tmp_path / "home"), XDG_CACHE_HOME=str(tmp_path / "cache"),
               XDG_CONFIG_HOME=str(tmp_path / "config"), TMPDIR=str(tmp_path / "tmp"),
               PYTHONDONTWRITEBYTECODE="1")
    env.pop("PYTHONPYCACHEPREFIX", None)
    return env


def _written(tmp_path: Path) -> list[str]:
    return sorted(str(p.relative_to(tmp_path)) for name in ("home", "cache", "config", "tmp")
                  for p in (tmp_path / name).rglob("*"))


def _big_session(tmp_path: Path, copies: int = 120) -> Path:
    """The example session many times over: large enough for workers."""
    path = tmp_path / "big.pbn"
    path.write_bytes(b"\r\n".join([EXAMPLE.read_bytes()] * copies))
    return path


def test_importing_auditing_and_ruling_leave_the_interpreter_as_it_was(tmp_path: Path) -> None:
    big = _big_session(tmp_path)
    env = _fresh_env(tmp_path)
    done = subprocess.run([sys.executable, "-c", PROGRAM, "x", str(big), str(CASE)],
                          capture_output=True, text=True, env=env, cwd=tmp_path, timeout=300)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout.splitlines()[-1])
    # no attribute of a module of the standard library replaced, added or removed
    assert out["changed"] == {}
    # the collector on, with its thresholds, nothing more frozen, no callback; same signals,
    # import machinery, hooks and tracing
    assert out["state_after"] == out["state_before"]
    assert out["state_after"]["gc"][0] is True  # (what another library froze stays frozen)
    # a dataclass made afterwards is an ordinary one: its hints resolve, its signature
    # shows the types
    assert out["hints"] == "{'x': <class 'int'>, 'y': list[str], 'return': <class 'NoneType'>}"
    assert out["signature"] == "(x: int, y: 'list[str]' = <factory>) -> None"
    # a plugin's garbage is collected: one cycle per board made, none left alive
    assert out["cycles_made"] > 2 * 120 * 12 and out["cycles_alive"] == 0
    assert out["reviewers"] >= 2  # the audit with jobs=2 did run on workers
    assert out["counts"]["1"] == out["counts"]["2"] > 0  # the same audit on workers
    assert out["ruled"]
    assert _written(tmp_path) == []  # nothing in home, caches or the temporary folder


LIBRARY = r'''
import atexit, sys
log_path, marker, session = sys.argv[1:4]
log = open(log_path, "w", buffering=1 << 16)  # a plugin's buffered log, never closed
log.write("x" * 327)
atexit.register(lambda: open(marker, "w").write("ran"))
sys.argv = ["td-plugin", "audit", session]
from td_plugin.cli import console
sys.exit(console())
'''


def test_the_command_ends_as_any_program_does(tmp_path: Path) -> None:
    """Another library's exit function runs and its buffered file is flushed (they were
    lost to an immediate exit), with the command's own exit status."""
    log, marker = tmp_path / "plugin.log", tmp_path / "atexit"
    done = subprocess.run([sys.executable, "-c", LIBRARY, str(log), str(marker), str(EXAMPLE)],
                          capture_output=True, text=True, env=_fresh_env(tmp_path), timeout=120)
    assert done.returncode == 1, done.stderr  # findings
    assert log.stat().st_size == 327
    assert marker.read_text() == "ran"


def test_a_profiler_keeps_its_output(tmp_path: Path) -> None:
    """``python -m cProfile -o`` writes its profile when the command has ended (it was
    lost to an immediate exit)."""
    out = tmp_path / "profile"
    done = subprocess.run([sys.executable, "-m", "cProfile", "-o", str(out), "-m",
                           "td_plugin.cli", "audit", str(EXAMPLE)], capture_output=True,
                          text=True, env=_fresh_env(tmp_path), timeout=300)
    assert "Board" in done.stdout, done.stderr
    assert out.stat().st_size > 1000


def test_the_pytest_plugin_leaves_other_projects_dataclasses_alone(tmp_path: Path) -> None:
    """pytest loads td_plugin's fixtures (entry point ``pytest11``) in every session of
    the environment: another project's dataclasses must stay ordinary."""
    test = tmp_path / "test_other.py"
    test.write_text(textwrap.dedent('''
        import dataclasses, inspect, typing

        @dataclasses.dataclass(frozen=True)
        class P:
            x: int

        def test_hints():
            assert typing.get_type_hints(P.__init__) == {"x": int, "return": type(None)}
            assert str(inspect.signature(P)) == "(x: int) -> None"
        '''))
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           "-n", "0", "--trace-config", str(test)], capture_output=True,
                          text=True, env=_fresh_env(tmp_path), cwd=tmp_path, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "td_plugin.testing" in done.stdout  # the plugin was loaded
    assert _written(tmp_path) == []
