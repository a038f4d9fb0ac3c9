"""A stand-in Bridgemate Data Connector for the tests: an HTTP server on this computer that
answers the wire protocol of the official client (``bridgemate-dataconnector-client``)
as the Data Connector of BCS 5 does, so the adapter is driven through the client's real
HTTP transport.

- ``GET /`` answers the ping text the client looks for.
- ``POST /dc-scoringprogram`` takes a JSON ``ScoringProgramRequest`` and answers a JSON
  ``ScoringProgramResponse``; requests and answers are read and built with the client's
  own DTOs (``ScoringProgramRequest.from_dict``, ``ScoringProgramResponse.to_dict``,
  ``TdCallDTO``, ``ResultDTO``, ``HandrecordDTO``, ``SectionDTO``), never by hand.

It holds what a test fills in: the sessions BCS runs, the queues of TD calls, results
and hand records, and the movement; ``PutTdCalls`` changes a queued call's status as BCS
would. Every request is recorded (``requests``), the credentials with it, so a test can
check what was sent and that nothing was accepted. ``fault`` makes it misbehave:
``"slow"`` (answers after ``slow_seconds``), ``"garbage"`` (an HTML page instead of
JSON), ``"busy"`` (an HTTP 503); `go_down` / `come_back` close and reopen its port.
A wrong club id or licence key gets the Data Connector's validation error, a session it
does not know an ``EntryUnknown`` error.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from bridgemate_dataconnector.dto import (
    DataConnectorResponseData,
    HandrecordDTO,
    ResultDTO,
    RoundDTO,
    ScoringProgramRequest,
    ScoringProgramResponse,
    SectionDTO,
    TableDTO,
    TdCallDTO,
)
from bridgemate_dataconnector.dto.error_type import ErrorType
from bridgemate_dataconnector.dto.scoring_program_data_connector_commands import (
    ScoringProgramDataConnectorCommands as Cmd,
)

__all__ = ["StandIn", "Recorded", "ACCEPTS", "CLUB_ID", "LICENCE_KEY", "SESSION_GUID"]

CLUB_ID = "club-4711"
LICENCE_KEY = "LK-9F3A-77C2-SECRET"
SESSION_GUID = "0F1E2D3C4B5A69788796A5B4C3D2E1F0"
PING = "Bridgemate dataconnector service version 5.0.1041 (stand-in)"

#: the commands that take items off a queue: the plugin must never send one
ACCEPTS = frozenset({Cmd.AcceptResultQueueItems, Cmd.AcceptPlayerDataQueueItems,
                     Cmd.AcceptParticipantQueueItems, Cmd.AcceptHandrecordQueueItems,
                     Cmd.AcceptTdCallQueueItems})


@dataclass(frozen=True)
class Recorded:
    """One request as it arrived: the command, the session, the credentials, the data
    (parsed from the nested JSON) and the body as sent."""

    command: Cmd
    session_guid: str | None
    club_id: str | None
    licence_key: str | None
    data: Any
    body: str


def _key(call: TdCallDTO) -> tuple[Any, ...]:
    return (call.session_guid, call.section_letters, call.table_number, call.round_number,
            call.hour, call.minute)


class StandIn:
    """The stand-in Data Connector; use as a context manager (it serves on a free port of
    127.0.0.1; ``url`` is its address)."""

    def __init__(self, club_id: str = CLUB_ID, licence_key: str = LICENCE_KEY) -> None:
        self.club_id = club_id
        self.licence_key = licence_key
        #: the sessions BCS runs: guid -> name
        self.sessions: dict[str, str] = {SESSION_GUID: "Tuesday pairs"}
        self.td_calls: list[TdCallDTO] = []
        self.results: list[ResultDTO] = []
        self.handrecords: list[HandrecordDTO] = []
        self.sections: list[SectionDTO] = []
        self.requests: list[Recorded] = []
        self.fault: str | None = None
        self.slow_seconds = 1.0
        #: set when the port closes: a slow answer still waiting ends then, its thread with it
        self._closing = threading.Event()
        self._lock = threading.Lock()
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None
        self.port = 0

    # --- filling the queues -------------------------------------------------------------

    def add_td_call(self, section: str, table: int, round_: int, hour: int, minute: int,
                    status: int = TdCallDTO.TdCallStatus_Launched) -> TdCallDTO:
        call = TdCallDTO(session_guid=SESSION_GUID, section_letters=section, table_number=table,
                         round_number=round_, hour=hour, minute=minute, status=status)
        with self._lock:
            self.td_calls.append(call)
        return call

    def add_result(self, section: str, table: int, round_: int, board: int, ns: int, ew: int,
                   contract: str, declarer: str, tricks: int, lead: str = "") -> ResultDTO:
        """A result as the terminal sends it: ``contract`` like ``4SX`` or ``Pass``,
        ``declarer`` a seat letter, ``lead`` like ``H7`` (empty: not entered)."""
        result = ResultDTO(session_guid=SESSION_GUID, section_letters=section,
                           table_number=table, round_number=round_, board_number=board,
                           scoring_direction=ResultDTO.ScoringDirection_NSEW,
                           pair_north_south=ns, pair_east_west=ew)
        if contract.upper() == "PASS":
            result.level = ResultDTO.ContractLevel_Pass
        else:
            result.level = int(contract[0])
            strain = contract[1:].rstrip("X").rstrip("x")
            result.denomination = {"C": 1, "D": 2, "H": 3, "S": 4, "NT": 5}[strain.upper()]
            result.stake = contract.upper().count("X")
            result.declarer_direction = "NESW".index(declarer) + 1
            result.declaring_pair = ns if declarer in "NS" else ew
            result.total_tricks = tricks
        if lead:
            result.lead_card_suit = "CDHS".index(lead[0].upper()) + 1
            rank = lead[1:].upper()
            result.lead_card_rank = {"A": 14, "K": 13, "Q": 12, "J": 11, "T": 10}.get(
                rank, int(rank) if rank.isdigit() else 0)
        with self._lock:
            self.results.append(result)
        return result

    def add_handrecord(self, section: str, board: int, pbn: str) -> HandrecordDTO:
        """A hand record from a PBN deal starting with North: ``N:AKQ.. ...``."""
        hands = pbn.split(":", 1)[1].split()
        dto = HandrecordDTO(session_guid=SESSION_GUID, scoring_group_number=1,
                            section_letters=section, board_number=board)
        for seat, hand in zip(("north", "east", "south", "west"), hands):
            for suit, cards in zip(("spades", "hearts", "diamonds", "clubs"), hand.split(".")):
                setattr(dto, f"{seat}_{suit}", cards)
        with self._lock:
            self.handrecords.append(dto)
        return dto

    def set_mitchell(self, section: str, tables: int, rounds: int, boards_per_round: int) -> None:
        """A Mitchell movement: NS pair n stays at table n, EW pair n starts at table n and
        moves up one table a round, the boards move down."""
        dto = SectionDTO(session_guid=SESSION_GUID, scoring_group_number=1, letters=section,
                         winners=2, game_type=SectionDTO.GameType_Pairs, tables=[])
        for t in range(1, tables + 1):
            table = TableDTO(session_guid=SESSION_GUID, section_letters=section, table_number=t,
                             rounds=[])
            for r in range(1, rounds + 1):
                ew = (t - r) % tables + 1
                set_ = (t + r - 2) % tables
                low = set_ * boards_per_round + 1
                assert table.rounds is not None
                table.rounds.append(RoundDTO(
                    session_guid=SESSION_GUID, section_letters=section, table_number=t,
                    round_number=r, low_board_number=low,
                    high_board_number=low + boards_per_round - 1, pair_ns=t, pair_ew=ew))
            assert dto.tables is not None
            dto.tables.append(table)
        with self._lock:
            self.sections = [s for s in self.sections if s.letters != section] + [dto]

    def call_status(self, section: str, table: int, round_: int) -> list[int]:
        """The statuses of the queued calls of a table and round, oldest first."""
        with self._lock:
            return [c.status for c in self.td_calls if c.section_letters == section
                    and c.table_number == table and c.round_number == round_]

    def commands(self) -> list[Cmd]:
        with self._lock:
            return [r.command for r in self.requests]

    # --- serving --------------------------------------------------------------------------

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> StandIn:
        self._start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.go_down()

    def _start(self) -> None:
        stand_in = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:  # quiet
                pass

            def do_GET(self) -> None:
                stand_in._answer(self, 200, PING, "text/plain")

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length).decode("utf-8")
                if self.path.rstrip("/") != "/dc-scoringprogram":
                    stand_in._answer(self, 404, "Not Found", "text/plain")
                    return
                status, text = stand_in._handle(body)
                stand_in._answer(self, status, text,
                                 "application/json" if status == 200 else "text/html")

        self._server = ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        self._server.daemon_threads = True
        self.port = self._server.server_address[1]
        self._thread = threading.Thread(target=self._server.serve_forever, args=(0.05,), daemon=True,
                                        name="stand-in data connector")
        self._thread.start()

    def go_down(self) -> None:
        """Close the port: the client's connections are refused."""
        if self._server is not None:
            self._closing.set()
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def come_back(self) -> None:
        """Open the same port again."""
        if self._server is None:
            self._closing.clear()
            self._start()

    def _answer(self, handler: BaseHTTPRequestHandler, status: int, text: str,
                content_type: str) -> None:
        data = text.encode("utf-8")
        try:
            handler.send_response(status)
            handler.send_header("Content-Type", f"{content_type}; charset=utf-8")
            handler.send_header("Content-Length", str(len(data)))
            handler.end_headers()
            handler.wfile.write(data)
        except OSError:  # the client gave up waiting (a slow answer)
            pass

    # --- the protocol ---------------------------------------------------------------------

    def _handle(self, body: str) -> tuple[int, str]:
        request = ScoringProgramRequest.from_dict(json.loads(body))
        try:
            data = json.loads(request.serialized_data) if request.serialized_data else None
        except ValueError:
            data = request.serialized_data
        with self._lock:
            self.requests.append(Recorded(request.command, request.session_guid,
                                          request.club_id, request.licence_key, data, body))
            fault = self.fault
        if fault == "slow":
            self._closing.wait(self.slow_seconds)
        elif fault == "garbage":
            return 200, "<html><body>Service Unavailable</body></html>"
        elif fault == "busy":
            return 503, "<html><body>503</body></html>"
        with self._lock:
            response = self._respond(request, data)
        return 200, json.dumps(response.to_dict(), separators=(",", ":"))

    def _respond(self, request: ScoringProgramRequest, data: Any) -> ScoringProgramResponse:
        command = request.command
        guid = request.session_guid
        if request.club_id != self.club_id or request.licence_key != self.licence_key:
            return _error(command, guid, ErrorType.Validation,
                          "The club id and licence key do not match.")
        if command == Cmd.ManageBCS:
            info = [{"EventGuid": "E1", "SessionDateTime": "2026-12-03T19:00:00",
                     "SessionGuid": g, "SessionName": n} for g, n in self.sessions.items()]
            return _data(command, "", DataConnectorResponseData.EventInfo,
                         {"EventGuid": "E1", "SessionInformation": info, "IsRunning": True,
                          "ScoringFilePath": "C:\\BCS\\scoring.bcs"})
        if guid not in self.sessions:
            return _error(command, guid, ErrorType.EntryUnknown, f"Unknown session '{guid}'.")
        polls = {Cmd.PollQueueForAllTdCalls: (DataConnectorResponseData.TdCalls, self.td_calls),
                 Cmd.PollQueueForAllResults: (DataConnectorResponseData.Results, self.results),
                 Cmd.PollQueueForAllHandrecords: (DataConnectorResponseData.Handrecords,
                                                  self.handrecords)}
        if command in polls:
            kind, items = polls[command]
            mine = [i.to_dict() for i in items if i.session_guid == guid]
            return _data(command, guid, kind, mine, last=len(mine))
        if command == Cmd.GetAllMovements:
            return _data(command, guid, DataConnectorResponseData.Sessions,
                         [s.to_dict() for s in self.sections])
        if command == Cmd.GetMovement:
            letters = data.get("Letters") if isinstance(data, dict) else None
            for s in self.sections:
                if s.letters == letters:
                    return _data(command, guid, DataConnectorResponseData.Movement, s.to_dict())
            return _error(command, guid, ErrorType.Movement, f"Unknown section '{letters}'.")
        if command == Cmd.PutTdCalls:
            for item in data or []:
                sent = TdCallDTO.from_dict(item)
                for queued in self.td_calls:
                    if _key(queued) == _key(sent):
                        queued.status = sent.status
            return _ok(command, guid)
        if command in ACCEPTS:
            return _ok(command, guid)
        return _error(command, guid, ErrorType.NotImplemented, "Not supported by the stand-in.")


def _ok(command: Cmd, guid: str | None) -> ScoringProgramResponse:
    return ScoringProgramResponse(request_command=command, data_type=DataConnectorResponseData.OK,
                                  session_guid=guid, serialized_data=json.dumps("OK"))


def _data(command: Cmd, guid: str | None, kind: DataConnectorResponseData, value: Any,
          last: int = 0) -> ScoringProgramResponse:
    return ScoringProgramResponse(request_command=command, data_type=kind, last_queue_item_id=last,
                                  session_guid=guid, serialized_data=json.dumps(value))


def _error(command: Cmd, guid: str | None, error: ErrorType, message: str) -> ScoringProgramResponse:
    return ScoringProgramResponse(request_command=command, data_type=DataConnectorResponseData.Error,
                                  error_type=error, session_guid=guid,
                                  serialized_data=json.dumps(message))
