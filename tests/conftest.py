"""Shared fixtures: the real-world files in ``../shared/realworld``, and the ``realworld``
marker on every test that reads them.

Tests that need them skip with a clear reason where the folder is absent (someone
else's clone), but never when ``CI=true``: there they fail.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

# The suite starts td-plugin in a few hundred processes, and pytest rewrites the asserts of
# every module of the package (it is a pytest plugin): without bytecode caches each of them
# compiles the package again. Where PYTHONDONTWRITEBYTECODE is set (container images set
# it), the suite still writes them, into the ignored __pycache__ folders.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
# The double-dummy extra imports matplotlib, which keeps a folder of its own: the suite's
# is in the repository's ignored cache folder, not in the user's home.
os.environ.setdefault("MPLCONFIGDIR", str(Path(__file__).resolve().parents[1] / ".pytest_cache"
                                          / "matplotlib"))

REPO = Path(__file__).resolve().parents[1]
REALWORLD = REPO.parent / "shared" / "realworld"
DATA = Path(__file__).resolve().parent / "data"
#: the largest real PBN file (7,632 games): a test over it alone is slow
LARGE_PBN = "rpbridge_world_championships_vugraph.pbn"

#: pytest's own fixtures for running pytest on a test file (tests/test_testing.py)
pytest_plugins = ["pytester"]


def realworld_dir() -> Path:
    """The real-world folder, or skip (fail under CI=true) when it is absent."""
    if REALWORLD.is_dir():
        return REALWORLD
    reason = f"real-world files not found at ../shared/realworld (looked in {REALWORLD.parent.name}/)"
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(reason + " and CI=true: they must be there")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def realworld() -> Path:
    """The real files; a test that asks for them, itself or through a fixture, is marked
    ``realworld`` (`pytest_collection_modifyitems`)."""
    return realworld_dir()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "realworld" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.realworld)
    # the slow tests first (in their order), so that on several workers the quick ones
    # fill in at the end instead of one long test finishing alone
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


@pytest.fixture
def data_dir() -> Path:
    return DATA
