"""The tables' calls for the Director in the table app, read from the Bridgemate Data
Connector (``td-plugin serve --bridgemate URL``).

`CallDesk` keeps what the app knows of the service: the calls with their status, the
results reviewed as they arrive, and whether the service answers. Its `poll_once` reads
the service (`td_plugin.host.services.ServiceLink.poll`), and `start` does so every few
seconds on a thread of its own, so no request ever waits for the service (the client
takes two seconds and more on each failure). Each poll:

- takes in the calls; a new call, or a status the terminal changed, fires
  `td_director_called` and is logged (`td_plugin.serve.calls.log`);
- reviews the results as the ``.bws`` watch does (`td_plugin.audit.watch.SessionWatcher`:
  contract, result and score, the lead against the hand record, the movement, results
  missing when a round is over); the findings show on the home page;
- resolves a call in progress once a ruling is logged at its table and round;
- sends the statuses the Director set that the service has not been told yet (a tap
  wakes the poller, so the terminal shows it at once; set while the service could not be
  reached, they go when it answers again).

When the service cannot be read the desk keeps what it had, and says since when and why
(the home page puts it in the Director's words); the app carries on with the session
file. The routes of the calls' pages and JSON API are `routes`.
"""

from __future__ import annotations

import datetime as dt
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from td_plugin import messages
from td_plugin.audit.watch import SessionWatcher, WatchEvent
from td_plugin.cases.log import LogEntry
from td_plugin.host.services import (
    CallStatus,
    ServiceLink,
    ServiceProblem,
    ServiceState,
    TdCall,
    waited_minutes,
)
from td_plugin.laws.context import ReviewContext
from td_plugin.model.board import BoardRecord, standard_dealer, standard_vulnerability
from td_plugin.model.cards import Seat
from td_plugin.model.deal import Deal
from td_plugin.model.movement import Movement, Slot
from td_plugin.model.place import Place
from td_plugin.model.session import Session, sections_from_movement
from td_plugin.serve.boards import BoardResult, SessionBoards
from td_plugin.serve.calls.log import BY_DIRECTOR, BY_TERMINAL, CallEvent, CallLog

__all__ = ["CallDesk", "CallView", "BoardView", "DEFAULT_INTERVAL", "SETTABLE"]

#: seconds between two polls of the service (and the home page's refresh)
DEFAULT_INTERVAL = 5.0
#: the statuses the Director may give a call
SETTABLE = (CallStatus.IN_PROGRESS, CallStatus.RESOLVED, CallStatus.DEFERRED)
#: the findings the home page shows, newest first
SHOWN_FINDINGS = 20


@dataclass(frozen=True)
class BoardView:
    """A board of a call's round as its page shows it: the facts a case starts from, the
    place, the deal (None: no hand record) and the table's result when it is in."""

    board: int
    place: Place
    facts: dict[str, Any]
    deal: Deal | None
    result: BoardResult | None

    def hands(self) -> list[tuple[str, str]]:
        """Each seat's hand as text (``AKQ2.K32.A2.K432``; ``–`` unknown), North first."""
        if self.deal is None:
            return []
        return [(seat.value, hand.pbn() if (hand := self.deal.hands.get(seat)) else "–")
                for seat in (Seat.N, Seat.E, Seat.S, Seat.W)]


@dataclass(frozen=True)
class CallView:
    """A call with what the app knows of its table: minutes waited, the pairs, the
    boards, and its log."""

    call: TdCall
    waited: int
    ns_pair: str | None
    ew_pair: str | None
    boards: tuple[BoardView, ...] = ()
    history: tuple[CallEvent, ...] = ()


@dataclass
class _Pending:
    """A status the Director set that the service has not been told yet."""

    call: TdCall
    seq: int


@dataclass
class _Health:
    last_ok: dt.datetime | None = None
    down_since: dt.datetime | None = None
    problem: ServiceProblem | None = None
    polls: int = 0
    session_name: str = ""


class CallDesk:
    """The calls of one session, kept up to date from the service (see the module text).

    :param link: the service (an adapter's `td_connect_service`).
    :param host: the plugin host that fires the hooks and reviews the results.
    :param log_path: the session's rulings log (the calls' statuses go in beside them).
    :param rulings: gives the latest version of every ruling (``RulingLog.latest``).
    :param boards: the session file's results (may be empty).
    :param file_slots: the session file's movement, when it has one.
    :param context: the review context (language, regulation) of the results.
    :param interval: seconds between polls.
    :param clock: what time it is (local time).
    """

    def __init__(self, link: ServiceLink, host: Any, log_path: str,
                 rulings: Callable[[], list[LogEntry]], *, boards: SessionBoards | None = None,
                 file_slots: Sequence[Slot] = (), context: ReviewContext | None = None,
                 interval: float = DEFAULT_INTERVAL,
                 clock: Callable[[], dt.datetime] = dt.datetime.now) -> None:
        self.link = link
        self.host = host
        self.log = CallLog(log_path)
        self._rulings = rulings
        self.boards = boards or SessionBoards()
        self.file_slots = tuple(file_slots)
        self.context = context or ReviewContext()
        self.interval = interval
        self.clock = clock
        self._lock = threading.RLock()
        self._calls: dict[str, TdCall] = {}
        self._state = ServiceState()
        self._health = _Health()
        self.session = Session(format="bridgemate")
        self._watcher = SessionWatcher(host, self.session, self.context)
        #: the ids of stored calls that cannot be read (a time that is no time of day):
        #: skipped, and said when the app starts
        self.unreadable: list[str] = []
        self._pending: dict[str, _Pending] = {}
        for k, e in self.log.unsent().items():
            call = self._restored(e)
            if call is None:
                self.unreadable.append(k)
            else:
                self._pending[k] = _Pending(call, e.seq)
        self._taken = {k: e.at for k, e in self.log.latest().items()
                       if e.status is CallStatus.IN_PROGRESS}
        self._stop = threading.Event()
        #: set when the Director gave a call a status: the poller sends it at once
        self._wake = threading.Event()
        self._thread: threading.Thread | None = None

    @staticmethod
    def _restored(event: CallEvent) -> TdCall | None:
        """The call of a stored status; None when its id is not one a call has
        (``A-3-2-1942``: section, table, round, hour and minute)."""
        parts = event.call_id.rsplit("-", 3)
        numbers = [p for p in parts[1:] if p.isascii() and p.isdigit()]
        if len(parts) != 4 or not parts[0] or len(numbers) != 3 or len(parts[3]) != 4:
            return None
        table, round_, hhmm = (int(p) for p in numbers)
        hour, minute = divmod(hhmm, 100)
        if not (table >= 1 and hour <= 23 and minute <= 59):
            return None
        return TdCall(parts[0], table, round_, hour, minute, event.status)

    # --- running beside the app ---------------------------------------------------------

    def start(self) -> None:
        """Poll every ``interval`` seconds on a thread of its own until `stop`."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, daemon=True,
                                            name="td-plugin bridgemate")
            self._thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                self.poll_once()
            except Exception as exc:  # noqa: BLE001 - the polling goes on, the page says why
                with self._lock:
                    if self._health.down_since is None:
                        self._health.down_since = self.clock()
                    self._health.problem = ServiceProblem("refused", type(exc).__name__)
            self._wake.wait(self.interval)
            self._wake.clear()

    def stop(self) -> None:
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout=30)
        self.link.close()
        self.log.close()

    # --- one poll -----------------------------------------------------------------------

    def poll_once(self) -> None:
        """Read the service once and take in what it holds (see the module text)."""
        poll = self.link.poll()
        now = self.clock()
        with self._lock:
            self._health.polls += 1
            if poll.state is None:
                if self._health.down_since is None:
                    self._health.down_since = now
                self._health.problem = poll.problem or ServiceProblem("garbage")
                return
            self._health.last_ok, self._health.down_since, self._health.problem = now, None, None
            self._health.session_name = poll.state.session_name
            self._state = poll.state
            self._take_movement(poll.state)
            self._take_calls(poll.state.calls)
            self._watcher.observe({("bridgemate", *Place.of(r).key): r for r in poll.state.results}, now)
            self._resolve_by_rulings()
        self._send_pending()

    def _take_movement(self, state: ServiceState) -> None:
        slots = state.slots or self.file_slots
        if slots != self.session.movement.slots:
            self.session.movement = Movement(slots)
            self.session.sections = sections_from_movement(self.session.movement)
        self.session.name = state.session_name
        self.session.path = self.link.address

    def _take_calls(self, calls: Iterable[TdCall]) -> None:
        for polled in calls:
            pending = self._pending.get(polled.id)
            status = pending.call.status if pending is not None else polled.status
            call = polled.with_status(status)
            if not call.boards:
                call = TdCall(call.section, call.table, call.round, call.hour, call.minute,
                              call.status, self._boards_of(call))
            before = self._calls.get(call.id)
            self._calls[call.id] = call
            if before is None or before.status is not call.status:
                logged = self.log.latest().get(call.id)
                if logged is None or logged.status is not call.status:
                    self.log.add(call.id, call.status, BY_TERMINAL, sent=True)
                self.host.director_called(self.session, call, before)

    def _resolve_by_rulings(self) -> None:
        """A call in progress is resolved by a ruling logged at its table and round since
        the Director took it."""
        taken = {k: at for k, at in self._taken.items()
                 if k in self._calls and self._calls[k].status is CallStatus.IN_PROGRESS}
        if not taken:
            return
        for entry in self._rulings():
            for call_id, at in list(taken.items()):
                call = self._calls[call_id]
                p = entry.place
                if (p.section, p.table, p.round) == (call.section, str(call.table), call.round) \
                        and entry.at >= at:
                    self._set(call, CallStatus.RESOLVED, entry.id)
                    del taken[call_id]

    def _send_pending(self) -> None:
        with self._lock:
            pending = list(self._pending.values())
        if not pending:
            return
        problem = self.link.send_statuses([p.call for p in pending])
        with self._lock:
            if problem is not None:
                if self._health.down_since is None:
                    self._health.down_since = self.clock()
                self._health.problem = problem
                return
            sent = [p for p in pending if self._pending.get(p.call.id) is p]
            for p in sent:
                del self._pending[p.call.id]
            self.log.mark_sent([p.seq for p in sent])

    # --- the Director's side ------------------------------------------------------------

    def set_status(self, call_id: str, status: CallStatus, ruling_id: int | None = None) -> TdCall:
        """The Director gives a call a status (the poller, woken, tells the service at once;
        when it cannot be reached, at the first poll it answers).

        :raises KeyError: no such call.
        :raises ValueError: a status the Director cannot give.
        """
        if status not in SETTABLE:
            raise ValueError(f"a call can be set {', '.join(s.value for s in SETTABLE)}, "
                             f"not {status.value}")
        with self._lock:
            call = self._calls[call_id]
            return self._set(call, status, ruling_id)

    def _set(self, call: TdCall, status: CallStatus, ruling_id: int | None) -> TdCall:
        new = call.with_status(status)
        event = self.log.add(call.id, status, BY_DIRECTOR, ruling_id=ruling_id)
        if status is CallStatus.IN_PROGRESS:
            self._taken[call.id] = event.at
        self._calls[call.id] = new
        self._pending[call.id] = _Pending(new, event.seq)
        self.host.director_called(self.session, new, call)
        self._wake.set()
        return new

    def flush(self) -> None:
        """Send what waits to be sent now (the poller does it at every poll)."""
        self._send_pending()

    # --- what the pages show ------------------------------------------------------------

    def calls(self, open_only: bool = False) -> list[TdCall]:
        """The calls, newest first (the open ones alone with ``open_only``)."""
        with self._lock:
            calls = list(self._calls.values())
        calls = [c for c in calls if c.status.is_open or not open_only]
        return sorted(calls, key=lambda c: (c.hour, c.minute, c.section, c.table), reverse=True)

    def get(self, call_id: str) -> TdCall | None:
        with self._lock:
            return self._calls.get(call_id)

    def view(self, call: TdCall, with_boards: bool = False) -> CallView:
        """What the pages show of a call."""
        with self._lock:
            slot = self._slot(call)
            results = self._table_results(call)
        ns = slot.ns_pair if slot else next((r.ns_pair for r in results if r.ns_pair), None)
        ew = slot.ew_pair if slot else next((r.ew_pair for r in results if r.ew_pair), None)
        boards = tuple(self._board_view(call, b, results) for b in call.boards) if with_boards else ()
        history = tuple(self.log.history(call.id)) if with_boards else ()
        return CallView(call, waited_minutes(call, self.clock()), ns, ew, boards, history)

    def findings(self) -> list[WatchEvent]:
        """The findings of the results so far, newest first."""
        with self._lock:
            return list(reversed(self._watcher.report.events[-SHOWN_FINDINGS:]))

    def finding_lines(self, lang: str) -> list[tuple[WatchEvent, str]]:
        """The findings of the results so far, newest first, each with its text."""
        return [(e, messages.render(e.finding.key, e.finding.params, lang))
                for e in self.findings()]

    @property
    def problem(self) -> ServiceProblem | None:
        return self._health.problem

    @property
    def down_since(self) -> dt.datetime | None:
        return self._health.down_since

    @property
    def last_ok(self) -> dt.datetime | None:
        return self._health.last_ok

    @property
    def session_name(self) -> str:
        return self._health.session_name

    @property
    def polls(self) -> int:
        return self._health.polls

    def unsent(self) -> int:
        """Statuses waiting to be sent."""
        with self._lock:
            return len(self._pending)

    def problem_text(self, lang: str) -> str:
        """Why the service cannot be read, in the Director's words."""
        problem = self._health.problem
        if problem is None:
            return ""
        return messages.render(f"bridgemate.problem.{problem.kind}",
                               {"address": self.link.address, "detail": problem.detail}, lang)

    # --- where a call's boards come from ------------------------------------------------

    def _slot(self, call: TdCall) -> Slot | None:
        for slots in (self._state.slots, self.file_slots):
            for s in slots:
                if (s.section, s.table, s.round) == (call.section, str(call.table), call.round):
                    return s
        return None

    def _table_results(self, call: TdCall) -> list[BoardRecord]:
        """The results in from the call's table and round: the service's, else the
        session file's."""
        where = (call.section, str(call.table), call.round)
        found = [r for r in self._state.results if (r.section, r.table, r.round) == where]
        return found or [t.record for t in self.boards.results
                         if (t.record.section, t.record.table, t.record.round) == where]

    def _boards_of(self, call: TdCall) -> tuple[int, ...]:
        """The boards of the call's round: the movement's (the service's, else the session
        file's), else those of the results already in from that table."""
        slot = self._slot(call)
        if slot is not None and slot.boards:
            return slot.boards
        return tuple(sorted({r.board for r in self._table_results(call) if r.board is not None}))

    def _board_view(self, call: TdCall, board: int, results: list[BoardRecord]) -> BoardView:
        place = Place(board, call.section, str(call.table), call.round)
        record = next((r for r in results if r.board == board), None)
        result = BoardResult(0, record) if record is not None else None
        facts = result.facts() if result is not None else {
            "dealer": standard_dealer(board).value,
            "vulnerable": standard_vulnerability(board).value}
        deal = self._state.deals.get((call.section, board)) or next(
            (d for (_, b), d in self._state.deals.items() if b == board), None)
        if deal is None:
            deal = next((t.record.deal for t in self.boards.of_board(board)
                         if t.record.deal is not None), None)
        return BoardView(board, place, facts, deal, result)

