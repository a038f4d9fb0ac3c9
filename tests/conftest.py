"""Shared fixtures: the real-world files in ``../shared/realworld``.

Tests that need them skip with a clear reason where the folder is absent (someone
else's clone), but never when ``CI=true``: there they fail.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
REALWORLD = REPO.parent / "shared" / "realworld"
DATA = Path(__file__).resolve().parent / "data"

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


@pytest.fixture
def realworld() -> Path:
    return realworld_dir()


@pytest.fixture
def data_dir() -> Path:
    return DATA
