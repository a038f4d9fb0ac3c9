"""The table app's pages and JSON API (Starlette).

`create_app` builds the application for one session: the log it writes every ruling
to, the session file whose boards it knows (optional), the secret token, the default
language. Every request passes `td_plugin.serve.guard.Guard` first.

JSON API (token in ``Authorization: Bearer TOKEN`` or ``?token=TOKEN``):

- ``POST /api/rulings``: a case file's JSON, with optional ``board``, ``section``,
  ``table``, ``round`` (or ``{"case": {...}, "table": 3, ...}``); answers ``201`` and
  ``{"id": ..., "version": 1, "ruling": <what td-plugin rule --json prints>}``, or ``400``
  with ``{"error": ...}`` naming what is wrong in the case.
- ``GET /api/rulings``: the log, the latest version of each ruling, with its id.
- ``GET /api/rulings/{id}``: one ruling, every version.
- ``POST /api/rulings/{id}``: a correction: a new version of that ruling (the old ones
  stay).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Mapping

import anyio
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from td_plugin.casefile import parse_case
from td_plugin.errors import CaseFileError
from td_plugin.messages import LANGUAGES
from td_plugin.rulings import ReviewContext
from td_plugin.ruling_log import LogEntry, Place, RulingLog
from td_plugin.serve.boards import SessionBoards
from td_plugin.serve.guard import MAX_BODY, Guard

__all__ = ["AppConfig", "create_app", "rule_data", "PLACE_KEYS"]

#: Keys of a posted ruling that say where it happened rather than what happened.
PLACE_KEYS = ("section", "table", "round")


@dataclass
class AppConfig:
    """What the app serves: the log, the host that rules, the token, the language, and
    the session file whose boards it knows (None: the Director types them)."""

    log: RulingLog
    host: Any
    token: str
    lang: str = "en"
    session_path: str | None = None
    boards: SessionBoards = field(default_factory=SessionBoards)
    max_body: int = MAX_BODY


class CaseError(ValueError):
    """A posted case that cannot be ruled on; the message says why."""


def _split(data: Any) -> tuple[dict[str, Any], Place]:
    """The case and the place of a posted ruling."""
    if not isinstance(data, Mapping):
        raise CaseError("expected a JSON object: a case file's content")
    data = dict(data)
    case = data.pop("case") if isinstance(data.get("case"), Mapping) else None
    where = {k: data.pop(k) for k in PLACE_KEYS if k in data}
    if case is None:
        case = data
        board = case.get("board")
    else:
        case = dict(case)
        board = data.get("board", case.get("board"))
    return case, _place(board, where)


def _place(board: Any, where: Mapping[str, Any]) -> Place:
    def number(value: Any, name: str) -> int | None:
        if value is None or value == "":
            return None
        if isinstance(value, bool) or not isinstance(value, (int, str)) \
                or not str(value).strip().isdigit() or len(str(value).strip()) > 6:
            raise CaseError(f"{name}: expected a number, not {value!r}")
        return int(value)

    def text(value: Any, name: str) -> str | None:
        if value is None or value == "":
            return None
        if isinstance(value, bool) or not isinstance(value, (int, str)) or len(str(value)) > 20:
            raise CaseError(f"{name}: expected a short name or number, not {value!r}")
        return str(value).strip()

    return Place(number(board, "board"), text(where.get("section"), "section"),
                 text(where.get("table"), "table"), number(where.get("round"), "round"))


def rule_data(host: Any, case: Mapping[str, Any], lang: str) -> tuple[str, dict[str, Any]]:
    """Rule on a case given as data, through the plugin host (as ``td-plugin rule``
    does): its kind and the ruling as JSON.

    :raises CaseError: the case cannot be read, makes no sense, or no plugin ruled.
    """
    try:
        incident = parse_case(case)
        ruling, _errors = host.report_incident(incident, ReviewContext(language=lang))
    except CaseFileError as exc:
        raise CaseError(str(exc)) from None
    if ruling is None or not hasattr(ruling, "to_json"):
        raise CaseError("no plugin ruled on this case")
    return str(case.get("kind") or "auction"), ruling.to_json(lang)


def _lang(request: Request, config: AppConfig) -> str:
    lang = request.query_params.get("lang") or request.cookies.get("td_lang") or config.lang
    return lang if lang in LANGUAGES else config.lang


async def _json_body(request: Request) -> Any:
    try:
        return json.loads(await request.body())
    except (ValueError, RecursionError):
        raise CaseError("the body is not JSON") from None


def _error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def create_app(config: AppConfig) -> Guard:
    """The app for one session, behind its guard."""

    def entry_json(entry: LogEntry) -> dict[str, Any]:
        return entry.to_json()

    async def api_post(request: Request) -> Response:
        lang = _lang(request, config)
        try:
            case, place = _split(await _json_body(request))
            kind, ruling = rule_data(config.host, case, lang)
        except CaseError as exc:
            return _error(str(exc))
        entry = await anyio.to_thread.run_sync(
            lambda: config.log.add(case, ruling, kind=kind, lang=lang, place=place))
        return JSONResponse({"id": entry.id, "version": entry.version, "ruling": ruling},
                            status_code=201)

    async def api_list(request: Request) -> Response:
        entries = await anyio.to_thread.run_sync(config.log.latest)
        return JSONResponse({"rulings": [entry_json(e) for e in entries]})

    async def api_get(request: Request) -> Response:
        ruling_id = request.path_params["id"]
        versions = await anyio.to_thread.run_sync(lambda: config.log.history(ruling_id))
        if not versions:
            return _error("no such ruling", 404)
        return JSONResponse({"id": ruling_id, "versions": [entry_json(e) for e in versions]})

    async def api_correct(request: Request) -> Response:
        ruling_id = request.path_params["id"]
        lang = _lang(request, config)
        try:
            case, place = _split(await _json_body(request))
            kind, ruling = rule_data(config.host, case, lang)
        except CaseError as exc:
            return _error(str(exc))
        keep_place = place == Place() or None

        def write() -> LogEntry | None:
            try:
                return config.log.correct(ruling_id, case, ruling, kind=kind, lang=lang,
                                          place=None if keep_place else place)
            except KeyError:
                return None

        entry = await anyio.to_thread.run_sync(write)
        if entry is None:
            return _error("no such ruling", 404)
        return JSONResponse({"id": entry.id, "version": entry.version, "ruling": ruling},
                            status_code=201)

    routes = [
        Route("/api/rulings", api_post, methods=["POST"]),
        Route("/api/rulings", api_list, methods=["GET"]),
        Route("/api/rulings/{id:int}", api_get, methods=["GET"]),
        Route("/api/rulings/{id:int}", api_correct, methods=["POST"]),
    ]
    app = Starlette(routes=routes)
    app.state.config = config
    return Guard(app, config.token, config.max_body)
