"""A TD call as the plugin knows it, and the event hook the host fires for it."""

from __future__ import annotations

import datetime as dt

import pytest

from td_plugin import hookimpl
from td_plugin.host.manager import PluginHost
from td_plugin.host.services import CallStatus, ServiceCredentials, TdCall, waited_minutes
from td_plugin.model.session import Session


def test_a_call_is_named_by_where_and_when_it_was_made() -> None:
    call = TdCall("A", 3, 2, 19, 42, boards=(7, 8))
    assert call.id == "A-3-2-1942" and call.time == "19:42"
    assert call.to_json() == {"id": "A-3-2-1942", "section": "A", "table": 3, "round": 2,
                              "time": "19:42", "status": "launched", "boards": [7, 8]}


def test_the_statuses_and_the_services_numbers() -> None:
    assert [CallStatus.from_code(n) for n in (1, 2, 3, 4)] == list(CallStatus)
    assert [s.code for s in CallStatus] == [1, 2, 3, 4]
    assert [s.is_open for s in CallStatus] == [True, True, False, False]
    with pytest.raises(ValueError):
        CallStatus.from_code(0)


def test_how_long_a_call_has_waited_across_midnight() -> None:
    now = dt.datetime(2026, 12, 3, 0, 5)
    assert waited_minutes(TdCall("A", 1, 1, 23, 58), now) == 7
    assert waited_minutes(TdCall("A", 1, 1, 0, 1), now) == 4


def test_credentials_never_show() -> None:
    secret = ServiceCredentials("club-1", "KEY-123")
    assert "KEY-123" not in repr(secret) and "club-1" not in str(secret)
    assert secret.scrub("bad key KEY-123 for club-1") == "bad key *** for ***"


def test_hook_td_director_called_reaches_every_plugin() -> None:
    seen = []

    class Pager:
        @hookimpl
        def td_director_called(self, call, previous):
            seen.append((call.id, call.status, previous and previous.status))

    host = PluginHost(load_entrypoints=False)
    host.register(Pager(), "pager")
    call = TdCall("B", 4, 1, 20, 15)
    assert host.director_called(Session(), call) == []
    assert host.director_called(Session(), call.with_status(CallStatus.IN_PROGRESS), call) == []
    assert seen == [("B-4-1-2015", CallStatus.LAUNCHED, None),
                    ("B-4-1-2015", CallStatus.IN_PROGRESS, CallStatus.LAUNCHED)]
