"""A property test of the play period: random case files of every kind, built as the table
app builds them (random answers to the questions, then to the ruling's decisions), each
ruled in English and Danish and checked for consistency
(`td_plugin.random_play_cases.check` says what that means); and the same cases broken in
one place, which the reader refuses with a CaseFileError and nothing else. The long run
(20,000 cases) is ``benchmarks/fuzz_play.py``."""

from __future__ import annotations

import random

import pytest

from td_plugin.casefile import load_case
from td_plugin.errors import CaseFileError
from td_plugin.random_play_cases import KINDS, check, mangle, random_case

CASES = 40  # per kind


@pytest.mark.parametrize("kind", KINDS)
def test_random_cases_give_consistent_rulings(kind: str) -> None:
    rng = random.Random(f"play-{kind}")
    laws: set[str] = set()
    for _ in range(CASES):
        laws.update(check(random_case(rng, kind))["laws"])
    assert len(laws) >= 3  # the cases are not all alike


@pytest.mark.parametrize("kind", KINDS)
def test_broken_cases_are_refused_naming_the_entry(kind: str) -> None:
    rng = random.Random(f"broken-{kind}")
    refused = 0
    for _ in range(CASES):
        try:
            load_case(mangle(rng, random_case(rng, kind)))
        except CaseFileError as exc:
            refused += 1
            assert str(exc) and "Traceback" not in str(exc)
    assert refused >= CASES // 4
