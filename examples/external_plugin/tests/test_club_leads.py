"""The club's lead regulation, tested with td-plugin's fixtures (``td_plugin.testing``):
``plugin_host`` is a host with the built-in plugins and the ones ``td_plugins`` lists,
``session_builder`` builds the boards to review."""

from __future__ import annotations

import pytest
import td_club_leads

from td_plugin import ReviewContext
from td_plugin.testing import SessionBuilder


@pytest.fixture
def td_plugins() -> list[object]:
    return [td_club_leads]


def test_a_result_without_its_lead_is_reported(plugin_host, session_builder: SessionBuilder):
    with_lead, without = (session_builder.board(1).contract("4S", "N").tricks(10).lead("HK")
                          .board(2).contract("3NT", "W").tricks(8).records())
    assert [f.kind for f in plugin_host.review_board(with_lead, ReviewContext()).findings] == []
    (finding,) = plugin_host.review_board(without, ReviewContext()).findings
    assert (finding.kind, finding.board, finding.record) == ("lead_card_missing", 2, 2)


def test_a_play_record_is_as_good_as_a_lead(plugin_host, session_builder: SessionBuilder):
    (record,) = (session_builder.board(3).contract("1NT", "S").tricks(7)
                 .play("HK H2 H3 H4").records())
    assert plugin_host.review_board(record, ReviewContext()).findings == []


def test_a_passed_out_board_needs_no_lead(plugin_host, session_builder: SessionBuilder):
    (record,) = session_builder.board(4).auction("Pass AP").records()
    assert plugin_host.review_board(record, ReviewContext()).findings == []
