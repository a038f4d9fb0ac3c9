"""The garbage collector paused at start-up and while a part is reviewed
(`td_plugin.collector`)."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from td_plugin import collector


@pytest.fixture(autouse=True)
def _thawed() -> Iterator[None]:
    yield
    gc.unfreeze()  # (what a test froze goes back to the collector)
    gc.enable()


def test_no_pass_inside_and_what_lives_on_is_frozen_after() -> None:
    frozen = gc.get_freeze_count()
    with collector.paused():
        assert not gc.isenabled()
        kept = [[] for _ in range(100)]
    assert gc.isenabled()
    assert gc.get_freeze_count() >= frozen + len(kept)


def test_the_collector_runs_again_after_an_error_inside() -> None:
    with pytest.raises(ZeroDivisionError), collector.paused():
        1 / 0  # noqa: B018
    assert gc.isenabled()


def test_a_collector_turned_off_before_stays_off() -> None:
    gc.disable()
    with collector.paused():
        pass
    assert not gc.isenabled()
