"""td_plugin.method_cache: the methods `dataclasses` writes for the package's classes are
compiled once and then read from the cache, and the classes behave the same either way."""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from td_plugin import method_cache

REPO = Path(__file__).resolve().parents[1]

# what a new process makes and does with the package's classes, and how many texts it
# compiled itself: the same output from the cache as from compiling
_PROBE = """
import json, sys
from td_plugin import method_cache
from td_plugin.board import BoardRecord
from td_plugin.cards import Card, Seat
from td_plugin.errors import Location
from td_plugin.play import PlayedCard, Trick
from dataclasses import FrozenInstanceError, replace
loc = Location("f.pbn", 3, 7, 2)
trick = Trick((PlayedCard(Seat.N, Card.from_pbn("SA")),))
record = BoardRecord(board=7, location=loc)
try:
    loc.line = 4
    frozen = False
except FrozenInstanceError:
    frozen = True
print(json.dumps({
    "repr": [repr(loc), repr(trick)],
    "eq": [loc == Location("f.pbn", 3, 7, 2), loc == replace(loc, line=4), record == record],
    "hash": hash(loc) == hash(Location("f.pbn", 3, 7, 2)),
    "frozen": frozen,
    "defaults": [repr(record.players), repr(record.problems)],
    "compiled": len(method_cache._compiled),
    "used": sorted(method_cache._used),
}))
"""


def _probe(prefix: Path, *, write: bool = True) -> dict[str, object]:
    env = dict(os.environ, PYTHONPYCACHEPREFIX=str(prefix), PYTHONPATH=str(REPO))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if not write:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    out = subprocess.run([sys.executable, "-c", _PROBE], capture_output=True, text=True,
                         env=env, cwd=REPO, check=True)
    result: dict[str, object] = json.loads(out.stdout)
    return result


def _cache_files(prefix: Path) -> list[Path]:
    return list(prefix.rglob("dataclass-methods.*.marshal"))


def test_classes_made_from_the_cache_behave_as_compiled_ones(tmp_path: Path) -> None:
    first = _probe(tmp_path)
    assert first["compiled"] and first["compiled"] == len(first["used"])  # nothing cached yet
    assert len(_cache_files(tmp_path)) == 1
    second = _probe(tmp_path)
    assert second["compiled"] == 0 and second["used"] == first["used"]
    assert {k: v for k, v in second.items() if k != "compiled"} == \
        {k: v for k, v in first.items() if k != "compiled"}
    assert first["frozen"] is True and first["eq"] == [True, False, True] and first["hash"]


def test_nothing_is_written_where_python_writes_no_compiled_files(tmp_path: Path) -> None:
    assert _probe(tmp_path, write=False)["compiled"]
    assert _cache_files(tmp_path) == []


def test_a_cache_file_that_cannot_be_read_is_compiled_over(tmp_path: Path) -> None:
    _probe(tmp_path)
    (path,) = _cache_files(tmp_path)
    for damaged in (b"", b"not a cache", path.read_bytes()[:200]):
        path.write_bytes(damaged)
        assert _probe(tmp_path)["compiled"]  # compiled again, and written whole
        assert _probe(tmp_path)["compiled"] == 0


def test_a_folder_that_cannot_be_written_leaves_the_classes_compiled(tmp_path: Path) -> None:
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the cache's folder would be")
    assert _probe(blocked / "inside")["compiled"]  # and no error


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="the XDG folders: Linux")
def test_the_cache_is_kept_in_the_users_cache_folder(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "pycache_prefix", None)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    name = f"dataclass-methods.{sys.implementation.cache_tag}.marshal"
    assert method_cache.cache_path() == str(tmp_path / "cache" / "td-plugin" / name)
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/cache")  # ignored, as the XDG rules say
    monkeypatch.setenv("HOME", str(tmp_path))
    assert method_cache.cache_path() == str(tmp_path / ".cache" / "td-plugin" / name)
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.delenv("HOME")
    monkeypatch.setattr(os.path, "expanduser", lambda path: path)  # (no home folder at all)
    assert method_cache.cache_path() is None
    monkeypatch.setattr(method_cache, "_compiled", {"td_plugin.one"})
    method_cache.save()  # nothing written, and no error


def test_only_the_packages_own_texts_are_cached(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(method_cache, "_sections", {})
    monkeypatch.setattr(method_cache, "_cached", {})
    monkeypatch.setattr(method_cache, "_used", {})
    monkeypatch.setattr(method_cache, "_compiled", set())
    space: dict[str, object] = {"__name__": "someone_else.models"}
    method_cache.run("x = 1", space)
    assert space["x"] == 1 and method_cache._used == {}
    own: dict[str, object] = {"__name__": "adapters.pbn.game"}
    method_cache.run("y = 2", own)
    assert own["y"] == 2 and list(method_cache._used["adapters.pbn.game"]) == ["y = 2"]
    assert method_cache._compiled == {"adapters.pbn.game"}


def test_dataclasses_compile_through_the_cache_once_installed() -> None:
    assert dataclasses.__dict__.get("exec") is method_cache.run


def test_a_module_keeps_only_the_texts_its_classes_used_and_the_others_stay(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A module a process compiled a text of is written with the texts it used (a class
    since changed left its old texts); the sections of the other modules stay as read."""
    monkeypatch.setattr(sys, "pycache_prefix", str(tmp_path))
    monkeypatch.setattr(sys, "dont_write_bytecode", False)

    def fresh() -> None:
        monkeypatch.setattr(method_cache, "_sections", None)
        monkeypatch.setattr(method_cache, "_cached", {})
        monkeypatch.setattr(method_cache, "_used", {})
        monkeypatch.setattr(method_cache, "_compiled", set())

    fresh()
    for text in ("a = 1", "b = 2"):
        method_cache.code_of(text, "td_plugin.one")
    method_cache.code_of("c = 3", "td_plugin.two")
    method_cache.save()
    fresh()  # the next process: td_plugin.one's class changed (b = 2 became b = 5)
    method_cache.code_of("a = 1", "td_plugin.one")
    method_cache.code_of("b = 5", "td_plugin.one")
    assert method_cache._compiled == {"td_plugin.one"}
    method_cache.save()
    fresh()
    assert set(method_cache._section("td_plugin.one")) == {"a = 1", "b = 5"}
    assert set(method_cache._section("td_plugin.two")) == {"c = 3"}
