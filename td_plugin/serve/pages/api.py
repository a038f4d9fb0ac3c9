"""The JSON API of the rulings (token in ``Authorization: Bearer TOKEN`` or
``?token=TOKEN``):

- ``POST /api/rulings``: a case file's JSON, with optional ``board``, ``section``,
  ``table``, ``round`` (or ``{"case": {...}, "table": 3, ...}``); answers ``201`` and
  ``{"id": ..., "version": 1, "ruling": <what td-plugin rule --json prints>}``, or ``400``
  with ``{"error": ...}`` naming what is wrong in the case.
- ``GET /api/rulings``: the log, the latest version of each ruling, with its id.
- ``GET /api/rulings/{id}``: one ruling, every version.
- ``POST /api/rulings/{id}``: a correction: a new version of that ruling (the old ones
  stay), made from the version it names (``{"case": {...}, "version": N}``); ``409`` with
  the ruling's latest version (``latest``) when that is no longer ``N``: nothing is
  written.

With a Bridgemate (``td_calls``), a ruling posted with ``"td_call": ID`` resolves that
call (`td_plugin.serve.calls.pages`).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Mapping
from typing import Any

import anyio
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from td_plugin.cases.log import StaleVersion, is_ruling_id
from td_plugin.cases.place import read_place
from td_plugin.errors import CaseError, CaseFileError
from td_plugin.model.place import Place
from td_plugin.serve.calls.pages import resolve_call, take_call
from td_plugin.serve.pages.common import (
    PLACE_KEYS,
    config_of,
    in_session,
    lang_of,
    regulation_of,
    rule_data,
)

__all__ = ["api_post", "api_list", "api_get", "api_correct"]


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
    try:
        return read_place(board, where.get("section"), where.get("table"), where.get("round"))
    except CaseFileError as exc:
        raise CaseError(str(exc)) from None


async def _json_body(request: Request) -> Any:
    try:
        return json.loads(await request.body())
    except (ValueError, RecursionError):
        raise CaseError("the body is not JSON") from None


def _error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


async def api_post(request: Request) -> Response:
    config = config_of(request)
    lang = lang_of(request)
    reg = regulation_of(request)
    try:
        data = await _json_body(request)
        call, call_error = take_call(config.td_calls, data)
        if call_error is not None:
            raise CaseError(call_error)
        case, place = _split(data)
        in_session(config, place)
        kind, ruling = rule_data(config.host, case, lang, reg)
    except CaseError as exc:
        return _error(str(exc))
    entry = await asyncio.wrap_future(
        config.log.submit(case, ruling, kind=kind, lang=lang, place=place))
    answer = {"id": entry.id, "version": entry.version, "ruling": ruling}
    if call is not None and config.td_calls is not None:  # (a call comes from the desk)
        answer["td_call"] = (await resolve_call(config.td_calls, call, entry.id)).to_json()
    return JSONResponse(answer, status_code=201)


async def api_list(request: Request) -> Response:
    entries = await anyio.to_thread.run_sync(config_of(request).log.latest)
    return JSONResponse({"rulings": [e.to_json() for e in entries]})


async def api_get(request: Request) -> Response:
    config = config_of(request)
    ruling_id = request.path_params["id"]
    versions = await anyio.to_thread.run_sync(lambda: config.log.history(ruling_id))
    if not versions:
        return _error("no such ruling", 404)
    return JSONResponse({"id": ruling_id, "versions": [e.to_json() for e in versions]})


async def api_correct(request: Request) -> Response:
    config = config_of(request)
    ruling_id = request.path_params["id"]
    lang = lang_of(request)
    reg = regulation_of(request)
    try:
        data = await _json_body(request)
        based_on = data.get("version") if isinstance(data, Mapping) else None
        if not is_ruling_id(based_on):
            raise CaseError('a correction names the version it is made from: '
                            '{"case": {...}, "version": N}')
        case, place = _split({k: v for k, v in data.items() if k != "version"})
        in_session(config, place)
        kind, ruling = rule_data(config.host, case, lang, reg)
    except CaseError as exc:
        return _error(str(exc))
    try:
        entry = await asyncio.wrap_future(config.log.submit(
            case, ruling, kind=kind, lang=lang, place=None if place == Place() else place,
            correcting=ruling_id, based_on=based_on))
    except KeyError:
        return _error("no such ruling", 404)
    except StaleVersion as exc:
        return JSONResponse({"error": str(exc), "latest": exc.latest.to_json()},
                            status_code=409)
    return JSONResponse({"id": entry.id, "version": entry.version, "ruling": ruling},
                        status_code=201)
