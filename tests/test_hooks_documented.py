"""Every hook is documented in docs/hooks.md under a heading spelled as its signature,
and has a test named ``test_hook_<name>``."""

from __future__ import annotations

import ast
import functools
import inspect
import re
from pathlib import Path

import pytest

from td_plugin import hookspecs

ROOT = Path(__file__).resolve().parents[1]


def _hooks() -> list[tuple[str, list[str]]]:
    out = []
    for name, fn in inspect.getmembers(hookspecs, inspect.isfunction):
        if name.startswith("td_"):
            out.append((name, list(inspect.signature(fn).parameters)))
    return out


def test_every_hook_is_found() -> None:
    names = [n for n, _ in _hooks()]
    assert "td_review_board" in names and len(names) >= 11
    assert sorted(names) == sorted(n for n in hookspecs.__all__ if n.startswith("td_"))


@pytest.mark.parametrize("name,args", _hooks())
def test_hook_is_documented(name: str, args: list[str]) -> None:
    text = (ROOT / "docs" / "hooks.md").read_text(encoding="utf-8")
    heading = f"### `{name}({', '.join(args)})`"
    assert heading in text.splitlines(), f"docs/hooks.md has no heading {heading}"
    section = text.split(heading, 1)[1].split("\n### ", 1)[0]
    assert "@hookimpl" in section, f"{name}: no example"
    first_result = getattr(hookspecs, name).td_plugin_spec.get("firstresult", False)
    assert ("**First-result**" in section) == first_result, name
    if not first_result:
        assert "Not first-result." in section, name


@functools.cache
def _test_names() -> frozenset[str]:
    names = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names |= {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}
    return frozenset(names)


@pytest.mark.parametrize("name", [n for n, _ in _hooks()])
def test_hook_has_a_test(name: str) -> None:
    tests = _test_names()
    assert any(re.fullmatch(f"test_hook_{name}(_.*)?", t) for t in tests), \
        f"no test named test_hook_{name}"
