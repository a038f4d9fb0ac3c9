"""The stand-in Data Connector answers the official client as BCS 5's does: the client's
own methods and HTTP transport, unchanged, get the queues the test filled."""

from __future__ import annotations

import pytest

pytest.importorskip("bridgemate_dataconnector", reason="the bridgemate extra brings the client")

from bridgemate_dataconnector import DataConnectorClient
from bridgemate_dataconnector.dto import TdCallDTO

from tests.dataconnector_standin import CLUB_ID, LICENCE_KEY, SESSION_GUID, StandIn


def test_the_client_reads_the_queues_and_puts_a_status() -> None:
    with StandIn() as dc:
        dc.add_td_call("A", 3, 2, 19, 42)
        dc.add_result("A", 3, 2, 5, 3, 12, "4SX", "S", 9, lead="H7")
        dc.set_mitchell("A", 4, 3, 2)
        client = DataConnectorClient(CLUB_ID, LICENCE_KEY, dc.url)
        assert client.connect().error_type == 0
        (call,) = client.poll_for_td_calls(SESSION_GUID, all=True)
        assert (call.section_letters, call.table_number, call.round_number, call.status) == \
            ("A", 3, 2, TdCallDTO.TdCallStatus_Launched)
        (result,) = client.poll_for_results(SESSION_GUID, all=True)
        assert (result.level, result.denomination, result.stake, result.total_tricks) == (4, 4, 1, 9)
        call.status = TdCallDTO.TdCallStatus_InProgress
        assert client.send_td_calls(SESSION_GUID, [call]).data_type == 1  # OK
        assert dc.call_status("A", 3, 2) == [TdCallDTO.TdCallStatus_InProgress]
        first = dc.requests[0]
        assert (first.club_id, first.licence_key, first.session_guid) == (CLUB_ID, LICENCE_KEY, SESSION_GUID)


def test_a_wrong_licence_key_gets_nothing() -> None:
    with StandIn() as dc:
        dc.add_td_call("A", 1, 1, 19, 0)
        client = DataConnectorClient(CLUB_ID, "wrong", dc.url)
        assert client.poll_for_td_calls(SESSION_GUID, all=True) == []
