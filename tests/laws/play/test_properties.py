"""A property test of the play period: random case files of every kind, built as the table
app builds them (random answers to the questions, then to the ruling's decisions), each
ruled in English and Danish and checked for consistency
(`tests.random_play_cases.check` says what that means); and the same cases changed
in one place, which the reader refuses with a CaseFileError and nothing else, or rules
consistently when the change still makes sense (a decision the case may carry). The long
run (20,000 cases) is ``benchmarks/fuzz_play.py``."""

from __future__ import annotations

import random

import pytest

from td_plugin.cases.files import load_case
from td_plugin.errors import CaseFileError
from tests.random_play_cases import KINDS, check, mangle, random_case

CASES = 40  # per kind


@pytest.mark.parametrize("kind", KINDS)
def test_random_cases_give_consistent_rulings(kind: str) -> None:
    rng = random.Random(f"play-{kind}")
    seen: set[tuple[str, ...]] = set()
    for _ in range(CASES):
        ruling = check(random_case(rng, kind))
        seen.add((*(c["key"] for c in ruling["clauses"]), str(ruling.get("outcome"))))
    assert len(seen) >= 3  # the cases are not all alike


@pytest.mark.parametrize("kind", KINDS)
def test_changed_cases_are_refused_naming_the_entry_or_ruled_consistently(kind: str) -> None:
    rng = random.Random(f"broken-{kind}")
    refused = 0
    for _ in range(CASES):
        changed = mangle(rng, random_case(rng, kind))
        try:
            load_case(changed)
        except CaseFileError as exc:
            refused += 1
            assert str(exc) and "Traceback" not in str(exc)
            continue
        check(changed)  # a change that still makes sense
    assert refused >= CASES // 4
