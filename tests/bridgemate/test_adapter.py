"""The Data Connector adapter against the stand-in, through the client's real HTTP
transport: what it reads, what it writes (TD-call statuses alone), that it never accepts
queue items, and how each misbehaviour of the service comes back."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("bridgemate_dataconnector", reason="the bridgemate extra brings the client")

from bridgemate_dataconnector.dto.scoring_program_data_connector_commands import (
    ScoringProgramDataConnectorCommands as Cmd,
)

from adapters.bridgemate_dc.link import DataConnectorLink
from td_plugin.host.manager import PluginHost
from td_plugin.host.services import CallStatus, ServiceCredentials
from td_plugin.model.cards import Card, Seat
from tests.dataconnector_standin import ACCEPTS, CLUB_ID, LICENCE_KEY, SESSION_GUID, StandIn

CREDENTIALS = ServiceCredentials(CLUB_ID, LICENCE_KEY)
DEAL = "N:AKQ2.K32.A2.K432 J9876.QJ4.KQ.AJ7 T54.A765.J543.Q5 3.T98.T9876.T986"


@pytest.fixture
def dc():
    with StandIn() as stand_in:
        stand_in.set_mitchell("A", 4, 3, 2)
        yield stand_in


def link(dc: StandIn, **kw) -> DataConnectorLink:
    return DataConnectorLink(dc.url, ServiceCredentials(kw.pop("club", CLUB_ID),
                                                        kw.pop("key", LICENCE_KEY)),
                             kw.pop("session", SESSION_GUID), timeout=kw.pop("timeout", 2.0))


def test_hook_td_connect_service_gives_the_data_connector_link(dc: StandIn) -> None:
    host = PluginHost(load_entrypoints=False)
    found = host.connect_service(dc.url, CREDENTIALS, SESSION_GUID)
    assert isinstance(found, DataConnectorLink) and found.address == dc.url
    assert LICENCE_KEY not in repr(found) and CLUB_ID not in repr(found)
    assert dc.requests == []  # connecting reads nothing yet


def test_a_poll_reads_calls_results_hand_records_and_movement(dc: StandIn) -> None:
    dc.add_td_call("A", 3, 2, 19, 42)
    dc.add_result("A", 3, 2, 7, 3, 2, "4SX", "E", 9, lead="H7")
    dc.add_handrecord("A", 7, DEAL)
    poll = link(dc).poll()
    assert poll.problem is None and poll.state is not None
    (call,) = poll.state.calls
    assert (call.id, call.status, call.time) == ("A-3-2-1942", CallStatus.LAUNCHED, "19:42")
    # Mitchell, 4 tables, 2 boards a round: table 3 plays the fourth set in round 2
    assert call.boards == (7, 8)
    (record,) = poll.state.results
    assert (record.section, record.table, record.round, record.board) == ("A", "3", 2, 7)
    assert (record.ns_pair, record.ew_pair) == ("3", "2")
    assert record.contract is not None and record.contract.pbn() == "4SX"
    assert record.declarer is Seat.E and record.declarer_tricks == 9
    assert record.lead == Card.from_pbn("H7")
    assert record.deal is not None and record.deal.pbn() == DEAL
    assert len(poll.state.slots) == 12


def test_no_request_ever_accepts_queue_items(dc: StandIn) -> None:
    dc.add_td_call("A", 1, 1, 19, 5)
    dc.add_result("A", 1, 1, 1, 1, 1, "3NT", "N", 9)
    one = link(dc)
    for _ in range(3):
        state = one.poll().state
        assert state is not None
    assert one.send_statuses([state.calls[0].with_status(CallStatus.IN_PROGRESS)]) is None
    commands = set(dc.commands())
    assert not commands & ACCEPTS
    assert commands == {Cmd.PollQueueForAllTdCalls, Cmd.PollQueueForAllResults,
                        Cmd.PollQueueForAllHandrecords, Cmd.GetAllMovements, Cmd.PutTdCalls}


def test_the_status_sent_is_the_terminal_s(dc: StandIn) -> None:
    dc.add_td_call("A", 2, 1, 20, 1)
    one = link(dc)
    (call,) = one.poll().state.calls
    assert one.send_statuses([call.with_status(CallStatus.RESOLVED)]) is None
    assert dc.call_status("A", 2, 1) == [3]
    (again,) = one.poll().state.calls
    assert again.status is CallStatus.RESOLVED


def test_without_a_session_the_one_bcs_runs_is_taken(dc: StandIn) -> None:
    dc.add_td_call("A", 1, 1, 19, 0)
    one = link(dc, session=None)
    state = one.poll().state
    assert state is not None and state.session_guid == SESSION_GUID
    assert state.session_name == "Tuesday pairs" and len(state.calls) == 1
    dc.sessions["AB" * 16] = "Evening"
    other = link(dc, session=None).poll()
    assert other.problem is not None and other.problem.kind == "no_session"
    assert "Evening" in other.problem.detail


# no answer, a slow one and one that is not JSON: test_serve_calls.py, in the Director's words


def test_a_wrong_licence_key_and_the_credentials_never_shown(dc: StandIn) -> None:
    poll = link(dc, key="LK-WRONG-KEY-1234").poll()
    assert poll.problem is not None and poll.problem.kind == "licence"
    assert "LK-WRONG-KEY-1234" not in poll.problem.detail and CLUB_ID not in poll.problem.detail


def test_a_session_that_disappears(dc: StandIn) -> None:
    one = link(dc)
    assert one.poll().state is not None
    dc.sessions.clear()
    poll = one.poll()
    assert poll.problem is not None and poll.problem.kind == "session_gone"


def test_queue_items_that_are_not_dtos_are_garbage(dc: StandIn) -> None:
    """The answer's list holds numbers where TD calls belong."""
    one = link(dc)
    original = dc._respond

    def numbers(request, data):
        response = original(request, data)
        if request.command == Cmd.PollQueueForAllTdCalls:
            response.serialized_data = "[1, 2]"
        return response

    dc._respond = numbers
    poll = one.poll()
    assert poll.problem is not None and poll.problem.kind == "garbage"


def test_a_data_connector_that_will_not_give_the_movement_still_gives_the_calls(dc: StandIn) -> None:
    dc.add_td_call("A", 3, 2, 19, 42)
    original = dc._respond

    def no_movements(request, data):
        if request.command in (Cmd.GetAllMovements, Cmd.GetMovement):
            return original(type(request)(command=Cmd.TestData, club_id=request.club_id,
                                          licence_key=request.licence_key,
                                          session_guid=request.session_guid), data)
        return original(request, data)

    dc._respond = no_movements
    state = link(dc).poll().state
    assert state is not None and state.slots == ()
    (call,) = state.calls
    assert call.boards == ()


def test_a_result_s_numbers_from_the_service_are_bounded(dc: StandIn) -> None:
    """A board, table, round or trick count past what a session can hold is not taken:
    the result is left out (board, table) or the number not known (round, tricks)."""
    from adapters.bridgemate_dc.link import MAX_BOARD, result_record

    def record(**changes: int) -> Any:
        dto = dc.add_result("A", 2, 1, 5, 2, 3, "4S", "N", 10)
        for key, value in changes.items():
            setattr(dto, key, value)
        return result_record(dto, {}, "here")

    assert record().declarer_tricks == 10 and record().round == 1
    assert record(board_number=MAX_BOARD + 1) is None
    assert record(board_number=30_000_000) is None and record(table_number=10**9) is None
    assert record(total_tricks=14).declarer_tricks is None
    assert record(total_tricks=-1).declarer_tricks is None
    assert record(round_number=10**9).round is None
