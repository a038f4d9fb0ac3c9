"""The pages and JSON API of the tables' calls for the Director (`td_plugin.serve.calls.desk`),
added to the table app when it serves a Bridgemate (``td-plugin serve --bridgemate``).

Pages (the home page lists the open calls and refreshes itself; ``_td_calls.html``):

- ``POST /td-calls/{id}/status`` (a form: ``status``): the Director taps a call (in
  progress: the page of the call follows), defers it or marks it resolved.
- ``GET /td-calls/{id}``: the call, its table's pairs and boards, each board's deal and
  result when known, and a button per kind of case that starts the case with board,
  section, table, round, dealer and vulnerability (and what the result says) filled in.

JSON API (the token rules of the rest of the API):

- ``GET /api/td-calls``: ``{"td_calls": [{"id", "section", "table", "round", "time",
  "status", "boards"}]}``, newest first; ``status`` is one of ``launched``,
  ``in_progress``, ``resolved``, ``deferred``.
- ``POST /api/td-calls/{id}`` with ``{"status": "in_progress" | "resolved" |
  "deferred"}``: answers ``{"td_call": ...}``; ``400`` for another status, ``404`` for
  no such call.
- A ruling posted to ``/api/rulings`` with ``"td_call": ID`` takes the call's section,
  table and round (unless the ruling gives its own) and resolves the call
  (`take_call`, `resolve_call`).
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

import anyio
from starlette.requests import Request
from starlette.responses import (
    HTMLResponse,
    JSONResponse,
    PlainTextResponse,
    RedirectResponse,
    Response,
)
from starlette.routing import Route

from td_plugin import messages
from td_plugin.host.services import CallStatus, TdCall
from td_plugin.serve.calls.desk import SETTABLE, BoardView, CallDesk, CallView
from td_plugin.serve.draft import Draft
from td_plugin.serve.guard import refusal_page

__all__ = ["routes", "take_call", "resolve_call", "case_drafts"]

Page = Callable[..., Response]
FormOf = Callable[[Request], Awaitable[dict[str, str]]]


def _status(value: Any) -> CallStatus | None:
    try:
        status = CallStatus(value) if isinstance(value, str) else None
    except ValueError:
        return None
    return status if status in SETTABLE else None


def _deal_text(board: BoardView) -> str:
    return board.deal.pbn() if board.deal is not None else ""


def case_drafts(view: CallView, board: BoardView, kinds: tuple[str, ...], lang: str
                ) -> list[tuple[str, str]]:
    """For each kind of case, the draft (as the page carries it) that starts it on
    ``board`` of the call: place, dealer, vulnerability and what the result says, and a
    description naming the call, the pairs and the deal."""
    call = view.call
    description = messages.render("app.td_call.description", {
        "section": call.section, "table": call.table, "round": call.round, "time": call.time,
        "ns": view.ns_pair or "?", "ew": view.ew_pair or "?",
        "deal": _deal_text(board) or messages.render("app.td_call.no_deal", {}, lang)}, lang)
    out = []
    for kind in kinds:
        draft = Draft.new(kind, board.facts, board.place)
        draft.case["board"] = board.board
        draft.case["description"] = description
        out.append((kind, draft.dumps()))
    return out


def take_call(desk: CallDesk | None, data: Any) -> tuple[TdCall | None, str | None]:
    """The call a posted ruling names (``"td_call": ID``, taken out of ``data``), whose
    section, table and round the ruling takes unless it gives its own; an error text when
    it names no call the app knows."""
    if not isinstance(data, dict) or "td_call" not in data:
        return None, None
    call_id = data.pop("td_call")
    call = desk.get(str(call_id)) if desk is not None else None
    if call is None:
        return None, f"no such TD call: {call_id!r}"
    if not any(k in data for k in ("section", "table", "round")):
        data.update(section=call.section, table=call.table, round=call.round)
    return call, None


async def resolve_call(desk: CallDesk, call: TdCall, ruling_id: int) -> TdCall:
    """Resolve a call with the ruling logged for it."""
    return await anyio.to_thread.run_sync(desk.set_status, call.id, CallStatus.RESOLVED, ruling_id)


def routes(desk: CallDesk, page: Page, form_of: FormOf, forbidden: type[Exception],
           kinds: tuple[str, ...], lang_of: Callable[[Request], str]) -> list[Route]:
    """The routes of the calls' pages and API (see the module text)."""

    async def set_status(request: Request) -> Response:
        try:
            form = await form_of(request)
        except forbidden:
            return HTMLResponse(refusal_page("form", lang_of(request)), status_code=403)
        call_id = request.path_params["id"]
        status = _status(form.get("status"))
        if status is None or desk.get(call_id) is None:
            return PlainTextResponse("Not Found", status_code=404)
        await anyio.to_thread.run_sync(desk.set_status, call_id, status)
        target = f"/td-calls/{call_id}" if status is CallStatus.IN_PROGRESS else "/"
        return RedirectResponse(target, status_code=303)

    async def show(request: Request) -> Response:
        call = desk.get(request.path_params["id"])
        if call is None:
            return PlainTextResponse("Not Found", status_code=404)
        view = await anyio.to_thread.run_sync(desk.view, call, True)
        lang = lang_of(request)
        drafts = {b.board: case_drafts(view, b, kinds, lang) for b in view.boards}
        return page(request, "td_call.html", view=view, drafts=drafts)

    async def api_list(request: Request) -> Response:
        return JSONResponse({"td_calls": [c.to_json() for c in desk.calls()]})

    async def api_set(request: Request) -> Response:
        call_id = request.path_params["id"]
        try:
            data = json.loads(await request.body())
        except (ValueError, RecursionError):
            return JSONResponse({"error": "the body is not JSON"}, status_code=400)
        if desk.get(call_id) is None:
            return JSONResponse({"error": "no such TD call"}, status_code=404)
        status = _status(data.get("status") if isinstance(data, Mapping) else None)
        if status is None:
            return JSONResponse({"error": "status: expected one of "
                                 + ", ".join(s.value for s in SETTABLE)}, status_code=400)
        call = await anyio.to_thread.run_sync(desk.set_status, call_id, status)
        return JSONResponse({"td_call": call.to_json()})

    return [
        Route("/td-calls/{id}", show, methods=["GET"]),
        Route("/td-calls/{id}/status", set_status, methods=["POST"]),
        Route("/api/td-calls", api_list, methods=["GET"]),
        Route("/api/td-calls/{id}", api_set, methods=["POST"]),
    ]
