"""The fixtures and helpers for plugin authors (`td_plugin.testing`): the session builder,
the ``plugin_host`` fixture, and the pytest plugin as a plugin's own tests load it."""

from __future__ import annotations

from pathlib import Path

import pytest

from td_plugin.model.board import Vulnerability
from td_plugin.model.cards import Seat
from td_plugin.model.contract import Contract
from td_plugin.testing import SessionBuilder

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "external_plugin"


def test_builder_gives_each_board_its_standard_dealer_vulnerability_and_score() -> None:
    first, second = (SessionBuilder("club.pbn").board(2).contract("4S", "E").tricks(11)
                     .board(3).auction("1NT Pass 3NT AP").tricks(8).records())
    assert (first.dealer, first.vulnerability, first.score_ns) == (Seat.E, Vulnerability.NS, -450)
    assert (second.dealer, second.vulnerability) == (Seat.S, Vulnerability.EW)
    assert second.contract == Contract.from_pbn("3NT", "S")
    assert second.score_ns == -50  # 3NT by South one down, not vulnerable
    assert [(r.location.path, r.location.record, r.location.board) for r in (first, second)] \
        == [("club.pbn", 1, 2), ("club.pbn", 2, 3)]


def test_builder_keeps_a_given_score_and_leads_the_play_from_declarers_left() -> None:
    (record,) = (SessionBuilder().board(1).contract("2H", "S").tricks(8).score(100)
                 .play("SA S2 S3 S4 HA").lead("SA").set(table="3").records())
    assert record.score_ns == 100 and record.table == "3"
    assert record.play is not None and record.play.leader is Seat.W
    assert record.play.tricks[1].leader is Seat.W  # the ace of spades won the first trick
    assert SessionBuilder().board(1).auction("Pass AP").records()[0].score_ns == 0
    assert SessionBuilder().board(1, score_ns=90).contract("2H", "S").tricks(8) \
        .records()[0].score_ns == 90


def test_builder_refuses_fields_before_a_board_and_a_play_without_a_declarer() -> None:
    with pytest.raises(ValueError, match="call board"):
        SessionBuilder().tricks(9)
    with pytest.raises(ValueError, match="contract with its declarer"):
        SessionBuilder().board(1).play("SA")


def test_builder_session_holds_the_records() -> None:
    session = SessionBuilder("s.pbn", name="Monday").board(1).board(2).session()
    assert (session.name, session.path, [r.board for r in session.results]) == \
        ("Monday", "s.pbn", [1, 2])


@pytest.fixture
def example_tests(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> pytest.Pytester:
    """The example plugin's own tests, copied where pytest runs them, its package importable."""
    monkeypatch.syspath_prepend(str(EXAMPLE))
    pytester.makepyfile(test_club_leads=(EXAMPLE / "tests" / "test_club_leads.py").read_text())
    return pytester


def test_the_example_plugins_tests_pass_with_the_entry_point(example_tests: pytest.Pytester) -> None:
    example_tests.runpytest_inprocess("-p", "no:cacheprovider").assert_outcomes(passed=3)


def test_the_fixtures_load_with_dash_p_where_entry_points_are_off(
        example_tests: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
    example_tests.runpytest_inprocess("-p", "no:cacheprovider").assert_outcomes(errors=3)
    example_tests.runpytest_inprocess("-p", "no:cacheprovider", "-p", "td_plugin.testing") \
        .assert_outcomes(passed=3)


def test_plugin_host_fails_the_test_when_a_plugin_raised(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_broken="""
        import pytest
        from td_plugin import hookimpl
        from td_plugin.laws.context import ReviewContext

        class Broken:
            @hookimpl
            def td_review_board(self, record, context):
                raise RuntimeError("no lead table")

        @pytest.fixture
        def td_plugins():
            return [Broken()]

        def test_review(plugin_host, session_builder):
            (record,) = session_builder.board(1).records()
            plugin_host.review_board(record, ReviewContext())
    """)
    result = pytester.runpytest_inprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, errors=1)
    result.stdout.fnmatch_lines(["*plugin 'Broken' failed in td_review_board: RuntimeError: no lead table*"])
