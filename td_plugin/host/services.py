"""The players' calls for the Director from the table terminals, and the scoring service
that carries them.

A table terminal (a Bridgemate) has a button that calls the Director. Bridgemate Control
Software 5 queues each call with its section, table, round and time, and a status the
terminal shows: launched (the players are waiting), in progress (the Director is
coming), resolved, deferred. `TdCall` is one call as the plugin knows it; `CallStatus`
its status, with the numbers the service uses.

A club's scoring service (the Bridgemate Data Connector) is reached through a
`ServiceLink`, which an adapter gives for a URL (`td_connect_service`): each `poll`
reads everything the service holds for the session (its calls, results, hand records and
movement) without taking anything off its queues, and `send_statuses` tells it the status
the Director gave calls. A poll that fails says why in a `ServiceProblem`, whose ``kind``
the faces turn into the Director's words. The club's id and licence key travel in
`ServiceCredentials`, which never show their values (not in a repr, a log or an error).

Nothing here does I/O.
"""

from __future__ import annotations

import datetime as dt
import enum
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from td_plugin.model.board import BoardRecord
    from td_plugin.model.deal import Deal
    from td_plugin.model.movement import Slot

__all__ = ["CallStatus", "TdCall", "ServiceCredentials", "ServiceProblem", "ServiceState",
           "ServicePoll", "ServiceLink", "PROBLEM_KINDS", "waited_minutes"]


class CallStatus(str, enum.Enum):
    """Where a TD call stands; ``code`` is the number the Data Connector uses."""

    LAUNCHED = "launched"
    IN_PROGRESS = "in_progress"
    RESOLVED = "resolved"
    DEFERRED = "deferred"

    @property
    def code(self) -> int:
        return _CODES[self]

    @classmethod
    def from_code(cls, code: int) -> CallStatus:
        """The status of a service's number (1 launched ... 4 deferred).

        :raises ValueError: not one of the four.
        """
        for status, number in _CODES.items():
            if number == code:
                return status
        raise ValueError(f"not a TD call status: {code!r}")

    @property
    def is_open(self) -> bool:
        """Still asks for the Director: launched or in progress."""
        return self in (CallStatus.LAUNCHED, CallStatus.IN_PROGRESS)


_CODES = {CallStatus.LAUNCHED: 1, CallStatus.IN_PROGRESS: 2, CallStatus.RESOLVED: 3,
          CallStatus.DEFERRED: 4}


@dataclass(frozen=True)
class TdCall:
    """One call for the Director: where (section, table, round), when (the terminal's
    hour and minute), its status, and the boards that table plays in that round (empty
    when nothing says). The service gives a call no number of its own, so its ``id`` is
    made of where and when it was made: ``A-3-2-1942``."""

    section: str
    table: int
    round: int
    hour: int
    minute: int
    status: CallStatus = CallStatus.LAUNCHED
    boards: tuple[int, ...] = ()

    @property
    def id(self) -> str:
        return f"{self.section}-{self.table}-{self.round}-{self.hour:02d}{self.minute:02d}"

    @property
    def time(self) -> str:
        """``19:42``."""
        return f"{self.hour:02d}:{self.minute:02d}"

    def with_status(self, status: CallStatus) -> TdCall:
        return replace(self, status=status)

    def to_json(self) -> dict[str, object]:
        """The call as the JSON API gives it."""
        return {"id": self.id, "section": self.section, "table": self.table,
                "round": self.round, "time": self.time, "status": self.status.value,
                "boards": list(self.boards)}


def waited_minutes(call: TdCall, now: dt.datetime) -> int:
    """How many minutes the call has waited at ``now`` (the terminal gives the time of
    day only: a call that seems later than now was made before midnight)."""
    made = now.replace(hour=call.hour % 24, minute=call.minute % 60, second=0, microsecond=0)
    if made > now:
        made -= dt.timedelta(days=1)
    return int((now - made).total_seconds() // 60)


@dataclass(frozen=True)
class ServiceCredentials:
    """The club's id and licence key for the scoring service. Their values show nowhere:
    `repr` and `str` hide them, and `scrub` removes them from any text."""

    club_id: str = field(repr=False)
    licence_key: str = field(repr=False)

    def __repr__(self) -> str:
        return "ServiceCredentials(club_id=***, licence_key=***)"

    __str__ = __repr__

    def scrub(self, text: str) -> str:
        """``text`` with the club id and licence key replaced by ``***``."""
        for secret in (self.licence_key, self.club_id):
            if secret:
                text = text.replace(secret, "***")
        return text


#: What can go wrong with the service, each with its own text for the Director:
#: ``unreachable`` (no answer at the address), ``slow`` (no answer in time), ``garbage``
#: (an answer that is not the service's), ``licence`` (the club id or licence key
#: refused), ``session_gone`` (the service does not know the session), ``no_session``
#: (no session is in progress, or several and none was chosen), ``refused`` (another
#: error the service reports).
PROBLEM_KINDS = ("unreachable", "slow", "garbage", "licence", "session_gone", "no_session",
                 "refused")


@dataclass(frozen=True)
class ServiceProblem:
    """Why a poll or a send failed: one of `PROBLEM_KINDS` and the technical detail
    (credentials already removed)."""

    kind: str
    detail: str = ""


@dataclass(frozen=True)
class ServiceState:
    """Everything the service holds for the session at one poll: its calls, its results
    (as board records, each with its place), the deals of its hand records by (section,
    board), the movement's slots, and the session's name and id."""

    calls: tuple[TdCall, ...] = ()
    results: tuple[BoardRecord, ...] = ()
    deals: Mapping[tuple[str, int], Deal] = field(default_factory=dict)
    slots: tuple[Slot, ...] = ()
    session_name: str = ""
    session_guid: str = ""


@dataclass(frozen=True)
class ServicePoll:
    """What one poll gave: the service's state, or the problem that stopped it."""

    state: ServiceState | None = None
    problem: ServiceProblem | None = None


@runtime_checkable
class ServiceLink(Protocol):
    """A club's scoring service, reached at one address for one session (an adapter's
    answer to `td_connect_service`). A call may take seconds when the service is slow or
    down; the faces call it beside their work, never in a request."""

    #: where the service is (the URL, never the credentials)
    address: str

    def poll(self) -> ServicePoll:
        """Read everything the service holds for the session, taking nothing off its
        queues."""
        ...

    def send_statuses(self, calls: list[TdCall]) -> ServiceProblem | None:
        """Tell the service the status the Director gave these calls; None when it took
        them."""
        ...

    def close(self) -> None:
        ...
