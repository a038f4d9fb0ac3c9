"""The Bridgemate Data Connector of BCS 5, read through its official client
(``bridgemate-dataconnector-client``, the ``td-plugin[bridgemate]`` extra).

`DataConnectorLink` is the `td_plugin.host.services.ServiceLink` of one session. What it asks
the Data Connector, and nothing else:

- ``PollQueueForAllTdCalls``, ``PollQueueForAllResults``, ``PollQueueForAllHandrecords``
  (the client's ``poll_for_*(all=True)``): everything queued for the session, whether or
  not the club's scoring program has taken it yet;
- ``GetAllMovements`` (and ``GetMovement`` for a section it left out) through the
  client's ``send_request``: the tables, rounds, pairs and boards (a Data Connector that
  refuses them still gives the rest);
- ``ManageBCS`` asking which sessions BCS runs, only when no session was named;
- ``PutTdCalls`` (``send_td_calls``): the status the Director gave a call, so the table's
  terminal shows that the Director is coming, or that the call is dealt with.

It never accepts queue items (``Accept*QueueItems``): the queues belong to the club's
scoring program, and accepting would take its data away.

The client never raises: a failed poll gives an empty list. So the link hands the client
a transport (the client's own ``UrllibTransport``, with a shorter timeout) that keeps the
last answer or failure, and reads from it why a poll gave nothing: no answer at the
address (``unreachable``), none in time (``slow``), an answer that is not JSON or not an
answer of the Data Connector (``garbage``), the club id or licence key refused
(``licence``), the session unknown (``session_gone``). The credentials are scrubbed from
every text the link gives.

Records: each result is a `BoardRecord` at its section, table, round and board, with the
pairs, the contract (declarer's seat from ``DeclarerDirection``), declarer's tricks
(``TotalTricks``), the lead (``LeadCardSuit``/``LeadCardRank``), an artificial score for
the levels -1 to -9 (40/50/60 per side), ``not_played`` for -10, the declaring pair,
the dealer and vulnerability of the board's number, and the deal of its hand record. A deleted
result (``IsDeleted``) is left out: the watch sees it gone.

Every number from the service is bounded before it is used: a board number from 1 to
`MAX_BOARD`, at most `MAX_ROUND_BOARDS` boards in a round (a movement's round past that
gives no boards: not known), a table and a round up to `MAX_TABLE` and `MAX_ROUND`, a
call's time a time of day (hour 0-23, minute 0-59), declarer's tricks 0-13. A result or
a call outside them is left out, as one without its place is; tricks or a round outside
them are not known.
"""

from __future__ import annotations

import json
from typing import Any

from bridgemate_dataconnector import DataConnectorClient, HttpTransport, TransportException, UrllibTransport
from bridgemate_dataconnector.dto import (
    DataConnectorResponseData,
    HandrecordDTO,
    ResultDTO,
    ScoringProgramRequest,
    ScoringProgramResponse,
    SectionDTO,
    TdCallDTO,
)
from bridgemate_dataconnector.dto.error_type import ErrorType
from bridgemate_dataconnector.dto.scoring_program_data_connector_commands import (
    ScoringProgramDataConnectorCommands as Command,
)

from adapters.bws.values import holdings_deal
from td_plugin.errors import InvalidTokenError, Location
from td_plugin.host.services import (
    CallStatus,
    ServiceCredentials,
    ServicePoll,
    ServiceProblem,
    ServiceState,
    TdCall,
)
from td_plugin.model.board import BoardRecord, standard_dealer, standard_vulnerability
from td_plugin.model.cards import Card, Rank, Seat, Strain, Suit
from td_plugin.model.contract import Contract
from td_plugin.model.deal import Deal
from td_plugin.model.movement import Slot
from td_plugin.model.outcomes import ArtificialScore

__all__ = ["DataConnectorLink", "DEFAULT_TIMEOUT", "result_record", "hand_record_deal",
           "movement_slots", "MAX_BOARD", "MAX_ROUND_BOARDS", "MAX_TABLE", "MAX_ROUND"]

#: seconds the link waits for one answer (the client's own default is 100 s; the client
#: tries five times, about two seconds apart)
DEFAULT_TIMEOUT = 8.0
#: the largest board number taken from the service (BCS numbers boards up to 999)
MAX_BOARD = 999
#: the most boards one round of a movement may have (more: the round's boards not known)
MAX_ROUND_BOARDS = 100
#: the largest table and round numbers taken from the service
MAX_TABLE = 999
MAX_ROUND = 999
#: ManageBCS: ask for the sessions BCS runs now (BCSManagementRequestDTO.GetRunningSessions)
_RUNNING_SESSIONS = 2

_SEATS = {1: Seat.N, 2: Seat.E, 3: Seat.S, 4: Seat.W}
_STRAINS = {1: Strain.C, 2: Strain.D, 3: Strain.H, 4: Strain.S, 5: Strain.NT}
_SUITS = {1: Suit.C, 2: Suit.D, 3: Suit.H, 4: Suit.S}
#: the artificial scores of ``Level`` -1 ... -9: North-South's and East-West's percentage
_ARTIFICIAL = {-1: (40, 40), -2: (40, 50), -3: (40, 60), -4: (50, 40), -5: (50, 50),
               -6: (50, 60), -7: (60, 40), -8: (60, 50), -9: (60, 60)}
_NOT_PLAYED = -10


class _KeepingTransport(HttpTransport):
    """The client's own transport, keeping the last answer (``body``) or failure
    (``error``) so the link can tell why a poll came back empty."""

    def __init__(self, timeout: float) -> None:
        self._inner = UrllibTransport(timeout_seconds=timeout)
        self.body: str | None = None
        self.error: TransportException | None = None

    def get(self, url: str) -> str:
        return self._keep(lambda: str(self._inner.get(url)))

    def post(self, url: str, json_body: str) -> str:
        return self._keep(lambda: str(self._inner.post(url, json_body)))

    def _keep(self, call: Any) -> str:
        self.body, self.error = None, None
        try:
            body: str = call()
        except TransportException as exc:
            self.error = exc
            raise
        self.body = body
        return body


def _timed_out(exc: BaseException) -> bool:
    cause = exc.__cause__
    return isinstance(cause, TimeoutError) or isinstance(getattr(cause, "reason", None), TimeoutError)


class DataConnectorLink:
    """One session of a Data Connector (see the module text).

    :param address: the Data Connector's URL (``http://192.168.1.50:5079``), or None for
        the one on this computer (the client finds its port on Windows).
    :param credentials: the club's id and licence key.
    :param session_guid: the session; None: the one BCS runs (asked at each poll until
        one is found).
    :param timeout: seconds to wait for one answer.
    """

    def __init__(self, address: str | None, credentials: ServiceCredentials,
                 session_guid: str | None = None, timeout: float = DEFAULT_TIMEOUT) -> None:
        self._credentials = credentials
        self._transport = _KeepingTransport(timeout)
        self._client = DataConnectorClient(credentials.club_id, credentials.licence_key,
                                           address, transport=self._transport)
        self.address: str = str(self._client.base_address)
        self.session_guid = session_guid.strip().upper() if session_guid else None
        self._session_name = ""

    def __repr__(self) -> str:
        return f"DataConnectorLink({self.address!r}, session={self.session_guid!r})"

    # --- reading ------------------------------------------------------------------------

    def poll(self) -> ServicePoll:
        """The session's calls, results, hand records and movement (see the module text)."""
        try:
            return self._poll()
        except (AttributeError, TypeError, ValueError, KeyError) as exc:
            # the client builds its DTOs from what came: a list of numbers, a text where
            # a list of tables belongs, ... is no answer of the Data Connector's
            return ServicePoll(problem=ServiceProblem(
                "garbage", self._scrub(f"the answer cannot be read: {type(exc).__name__}")))

    def _poll(self) -> ServicePoll:
        if self.session_guid is None:
            problem = self._find_session()
            if problem is not None:
                return ServicePoll(problem=problem)
        guid = self.session_guid or ""
        calls_dto = self._client.poll_for_td_calls(guid, all=True)
        problem = self._poll_problem(DataConnectorResponseData.TdCalls)
        if problem is not None:
            return ServicePoll(problem=problem)
        results_dto = self._client.poll_for_results(guid, all=True)
        problem = self._poll_problem(DataConnectorResponseData.Results)
        if problem is not None:
            return ServicePoll(problem=problem)
        hands_dto = self._client.poll_for_handrecords(guid, all=True)
        problem = self._poll_problem(DataConnectorResponseData.Handrecords)
        if problem is not None:
            return ServicePoll(problem=problem)
        sections, problem = self._movement(guid, {r.section_letters or "" for r in results_dto}
                                           | {c.section_letters or "" for c in calls_dto})
        if problem is not None:
            return ServicePoll(problem=problem)
        slots = tuple(s for section in sections for s in movement_slots(section))
        deals = {}
        for h in hands_dto:
            deal = hand_record_deal(h)
            if deal is not None and h.section_letters and _within(h.board_number, 1, MAX_BOARD):
                deals[(h.section_letters, h.board_number)] = deal
        boards = {(s.section, int(s.table), s.round): s.boards for s in slots if s.table.isdigit()}
        calls = []
        for c in calls_dto:
            call = self._call(c, boards)
            if call is not None:
                calls.append(call)
        records = tuple(r for r in (result_record(dto, deals, self.address) for dto in results_dto)
                        if r is not None)
        return ServicePoll(ServiceState(tuple(calls), records, deals, slots, self._session_name,
                                        guid))

    def _call(self, dto: TdCallDTO, boards: dict[tuple[str, int, int], tuple[int, ...]]
              ) -> TdCall | None:
        try:
            status = CallStatus.from_code(dto.status)
        except ValueError:
            return None
        section = dto.section_letters or ""
        if not section or not _within(dto.table_number, 1, MAX_TABLE) \
                or not _within(dto.round_number, 0, MAX_ROUND) \
                or not _within(dto.hour, 0, 23) or not _within(dto.minute, 0, 59):
            return None
        return TdCall(section, dto.table_number, dto.round_number, dto.hour, dto.minute, status,
                      boards.get((section, dto.table_number, dto.round_number), ()))

    def _find_session(self) -> ServiceProblem | None:
        """Take the session BCS runs; a problem when it runs none or several."""
        data = json.dumps({"Command": _RUNNING_SESSIONS, "ValidationMessages": None})
        response = self._send(Command.ManageBCS, "", data)
        problem = self._response_problem(response)
        if problem is not None:
            return problem
        try:
            info = json.loads(response.serialized_data or "null")
            sessions = [(str(s["SessionGuid"]), str(s.get("SessionName") or ""))
                        for s in info["SessionInformation"] or []]
        except (ValueError, KeyError, TypeError):
            return ServiceProblem("garbage", "the list of sessions cannot be read")
        if len(sessions) != 1:
            names = ", ".join(f"{name} ({guid})" for guid, name in sessions)
            return ServiceProblem("no_session", self._scrub(
                f"BCS runs {len(sessions)} sessions{': ' + names if names else ''}"))
        self.session_guid, self._session_name = sessions[0]
        return None

    def _movement(self, guid: str, wanted: set[str]) -> tuple[list[SectionDTO], ServiceProblem | None]:
        response = self._send(Command.GetAllMovements, guid, "")
        problem = self._response_problem(response)
        if problem is not None:
            # a Data Connector that will not give the movement still gives the calls:
            # their boards come from the session file or the results then
            return [], None if problem.kind == "refused" else problem
        sections = _sections(response.serialized_data)
        for letters in sorted(wanted - {s.letters for s in sections} - {""}):
            one = self._send(Command.GetMovement, guid, json.dumps(
                SectionDTO(session_guid=guid, letters=letters).to_dict()))
            if one.data_type == DataConnectorResponseData.Movement:
                sections += _sections(one.serialized_data)
        return sections, None

    def _send(self, command: Command, guid: str, data: str) -> ScoringProgramResponse:
        request = ScoringProgramRequest(command=command, session_guid=guid, serialized_data=data)
        response: ScoringProgramResponse = self._client.send_request(request)
        return response

    # --- what went wrong ----------------------------------------------------------------

    def _scrub(self, text: str) -> str:
        return self._credentials.scrub(text)

    def _poll_problem(self, expected: DataConnectorResponseData) -> ServiceProblem | None:
        """Why the last poll gave nothing, from the transport's last exchange; None when
        it went well."""
        error = self._transport.error
        if error is not None:
            return self._transport_problem(error)
        try:
            decoded = json.loads(self._transport.body or "")
        except ValueError:
            return ServiceProblem("garbage", "the answer is not JSON")
        if not isinstance(decoded, dict):
            return ServiceProblem("garbage", "the answer is not a Data Connector response")
        response = ScoringProgramResponse.from_dict(decoded)
        problem = self._response_problem(response)
        if problem is None and response.data_type not in (
                expected, DataConnectorResponseData.None_, DataConnectorResponseData.OK):
            return ServiceProblem("garbage", f"answered {response.data_type.name} data to a poll "
                                             f"for {expected.name}")
        return problem

    def _transport_problem(self, error: TransportException) -> ServiceProblem:
        detail = self._scrub(str(error))
        if _timed_out(error):
            return ServiceProblem("slow", detail)
        if error.status_code is not None:
            return ServiceProblem("garbage", detail)
        return ServiceProblem("unreachable", detail)

    def _response_problem(self, response: ScoringProgramResponse) -> ServiceProblem | None:
        if response.data_type != DataConnectorResponseData.Error:
            return None
        error = self._transport.error
        if error is not None:  # the client's own "no connection" answer after its retries
            return self._transport_problem(error)
        try:
            message = str(json.loads(response.serialized_data or '""'))
        except ValueError:
            message = str(response.serialized_data or "")
        detail = self._scrub(f"{response.error_type.name}: {message}")
        if response.error_type == ErrorType.Validation:
            return ServiceProblem("licence", detail)
        if response.error_type in (ErrorType.EntryUnknown, ErrorType.Movement):
            return ServiceProblem("session_gone", detail)
        if response.error_type in (ErrorType.NoConnection, ErrorType.EmptyResponse):
            return ServiceProblem("garbage", detail)
        return ServiceProblem("refused", detail)

    # --- writing ------------------------------------------------------------------------

    def send_statuses(self, calls: list[TdCall]) -> ServiceProblem | None:
        """``PutTdCalls`` with the calls' new statuses."""
        guid = self.session_guid
        if guid is None:
            return ServiceProblem("no_session", "no session yet")
        dtos = [TdCallDTO(session_guid=guid, section_letters=c.section, table_number=c.table,
                          round_number=c.round, hour=c.hour, minute=c.minute,
                          status=c.status.code) for c in calls]
        response = self._client.send_td_calls(guid, dtos)
        if response.data_type == DataConnectorResponseData.Error:
            return self._response_problem(response)
        return None

    def close(self) -> None:
        """Nothing to release: each request is its own HTTP exchange."""


def _sections(serialized: str | None) -> list[SectionDTO]:
    try:
        value = json.loads(serialized or "null")
    except ValueError:
        return []
    items = value if isinstance(value, list) else [value] if isinstance(value, dict) else []
    return [SectionDTO.from_dict(item) for item in items if isinstance(item, dict)]


def _within(value: Any, low: int, high: int) -> bool:
    """Whether ``value`` is a whole number from ``low`` to ``high``."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def movement_slots(section: SectionDTO) -> list[Slot]:
    """A section's tables and rounds as slots (a round with a pair missing is a sit-out);
    a round whose boards are not within `MAX_BOARD` and `MAX_ROUND_BOARDS` has none
    known."""
    out = []
    for table in section.tables or []:
        if not _within(table.table_number, 1, MAX_TABLE):
            continue
        for r in table.rounds or []:
            if not _within(r.round_number, 0, MAX_ROUND):
                continue
            low, high = r.low_board_number, r.high_board_number
            boards = tuple(range(low, high + 1)) if _within(low, 1, MAX_BOARD) \
                and _within(high, low, min(MAX_BOARD, low + MAX_ROUND_BOARDS - 1)) else ()
            out.append(Slot(section.letters or "", str(table.table_number), r.round_number,
                            str(r.pair_ns), str(r.pair_ew), boards,
                            sitout=not (r.pair_ns and r.pair_ew)))
    return out


def hand_record_deal(dto: HandrecordDTO) -> Deal | None:
    """The deal of a hand record; None when it holds no card or cannot be read."""
    try:
        return holdings_deal(lambda seat, suit: getattr(dto, f"{seat}_{suit}") or "")
    except InvalidTokenError:
        return None


def result_record(dto: ResultDTO, deals: dict[tuple[str, int], Deal], address: str) -> BoardRecord | None:
    """One result as a board record (see the module text); None for a deleted result or
    one without its place."""
    section, board = dto.section_letters or "", dto.board_number
    if dto.is_deleted or not section or not _within(board, 1, MAX_BOARD) \
            or not _within(dto.table_number, 1, MAX_TABLE):
        return None
    contract = artificial = lead = None
    tricks: int | None = None
    not_played = False
    if dto.level > 0 and dto.denomination in _STRAINS:
        contract = Contract(dto.level, _STRAINS[dto.denomination], min(max(dto.stake, 0), 2),
                            _SEATS.get(dto.declarer_direction))
        tricks = dto.total_tricks if _within(dto.total_tricks, 0, 13) else None
    elif dto.level == 0:
        contract = Contract.PASSED_OUT
    elif dto.level in _ARTIFICIAL:
        artificial = ArtificialScore(*_ARTIFICIAL[dto.level], variable=True)
    elif dto.level == _NOT_PLAYED:
        not_played = True
    if dto.lead_card_suit in _SUITS and 2 <= dto.lead_card_rank <= 14:
        lead = Card.of(_SUITS[dto.lead_card_suit], Rank(dto.lead_card_rank))
    return BoardRecord(
        board=board, dealer=standard_dealer(board), vulnerability=standard_vulnerability(board),
        deal=deals.get((section, board)), contract=contract, declarer_tricks=tricks, lead=lead,
        artificial=artificial, section=section, table=str(dto.table_number),
        round=dto.round_number if _within(dto.round_number, 1, MAX_ROUND) else None,
        ns_pair=str(dto.pair_north_south or "") or None,
        ew_pair=str(dto.pair_east_west or "") or None,
        declaring_pair=str(dto.declaring_pair) if dto.declaring_pair else None,
        not_played=not_played, location=Location(path=address, board=board))
