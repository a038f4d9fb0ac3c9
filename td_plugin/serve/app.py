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

With a Bridgemate (``td_calls``), the tables' calls for the Director: their pages and
``/api/td-calls`` (`td_plugin.serve.calls.pages`); a ruling posted with
``"td_call": ID`` resolves that call.
"""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

import anyio
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from td_plugin import messages
from td_plugin.audit.table_rulings import MatchedRuling, announce, changes_of, results_at, rule_entries
from td_plugin.cases.auction import CASE_FIELDS
from td_plugin.cases.files import parse_case
from td_plugin.cases.log import LogEntry, RulingLog
from td_plugin.cases.place import check_place, read_place
from td_plugin.errors import CaseFileError, InputError, InvalidTokenError
from td_plugin.laws import FAMILIES, flow_module
from td_plugin.laws.context import ReviewContext
from td_plugin.messages import LANGUAGES
from td_plugin.model.cards import Card
from td_plugin.model.names import card_msg
from td_plugin.model.numbers import parse_whole
from td_plugin.model.place import Place
from td_plugin.safe_output import check_outputs
from td_plugin.serve.boards import SessionBoards
from td_plugin.serve.calls.pages import resolve_call, take_call
from td_plugin.serve.calls.pages import routes as td_call_routes
from td_plugin.serve.draft import (
    SEATS,
    Draft,
    DraftError,
    answer_decision,
    apply,
    correcting_seat,
    is_decision,
    questions_of,
)
from td_plugin.serve.guard import (
    BODY_TIMEOUT,
    MAX_BODY,
    Guard,
    cookie_value,
    refusal_page,
    same_secret,
)
from td_plugin.serve.views import (
    RulingView,
    auction_grid,
    dealt_holder,
    director_problem,
    environment,
    fact,
    helpers,
    open_decisions,
    ruling_view,
)

if TYPE_CHECKING:
    from td_plugin.host.manager import PluginHost

__all__ = ["AppConfig", "create_app", "rule_data", "in_session", "PLACE_KEYS"]

#: Keys of a posted ruling that say where it happened rather than what happened.
PLACE_KEYS = ("section", "table", "round")


@dataclass
class AppConfig:
    """What the app serves: the log, the host that rules, the token, the language, the
    regulation in force by default (`td_plugin.laws.regulations`; the pages may choose
    another), and the session file whose boards it knows (None: the Director types
    them)."""

    log: RulingLog
    host: PluginHost
    token: str
    lang: str = "en"
    regulation: str = "wbf"
    session_path: str | None = None
    boards: SessionBoards = field(default_factory=SessionBoards)
    max_body: int = MAX_BODY
    body_timeout: float = BODY_TIMEOUT  # seconds a request body may take to arrive
    write_to: str | None = None  # where the session's copy with the rulings is written
    #: the tables' calls from the Bridgemate (`td_plugin.serve.calls.desk.CallDesk`), or None
    td_calls: Any = None


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
    try:
        return read_place(board, where.get("section"), where.get("table"), where.get("round"))
    except CaseFileError as exc:
        raise CaseError(str(exc)) from None


def in_session(config: AppConfig, place: Place) -> None:
    """Refuse a place that does not fit the session the app serves
    (`td_plugin.cases.place.check_place`).

    :raises CaseError: saying what the session has.
    """
    try:
        check_place(place, (r.record for r in config.boards.results))
    except CaseFileError as exc:
        raise CaseError(str(exc)) from None


def rule_data(host: PluginHost, case: Mapping[str, Any], lang: str,
              regulation: str = "wbf") -> tuple[str, dict[str, Any]]:
    """Rule on a case given as data, through the plugin host (as ``td-plugin rule``
    does), under ``regulation``: its kind and the ruling as JSON.

    :raises CaseError: the case cannot be read, makes no sense, or no plugin ruled.
    """
    try:
        incident = parse_case(case)
        ruling, _errors = host.report_incident(
            incident, ReviewContext(language=lang, regulation=host.regulation(regulation)))
    except CaseFileError as exc:
        raise CaseError(str(exc)) from None
    if ruling is None or not hasattr(ruling, "to_json"):
        raise CaseError("no plugin ruled on this case")
    return str(case.get("kind") or "auction"), ruling.to_json(lang)


def _cookie(request: Request, name: str) -> str | None:
    """A cookie of the app, read in one pass (Starlette's ``request.cookies`` unquotes every
    cookie of the header, in time quadratic in a run of backslashes)."""
    return cookie_value(request.headers.get("cookie", ""), name)


def _lang(request: Request, config: AppConfig) -> str:
    lang = request.query_params.get("lang") or _cookie(request, "td_lang") or config.lang
    return lang if lang in LANGUAGES else config.lang


def _regulation(request: Request, config: AppConfig) -> str:
    """The regulation the pages rule under: the request's, the page's choice (a cookie),
    else the app's."""
    name = (request.query_params.get("regulation") or _cookie(request, "td_regulation")
            or config.regulation)
    return name if name in config.host.regulations().names() else config.regulation


async def _json_body(request: Request) -> Any:
    try:
        return json.loads(await request.body())
    except (ValueError, RecursionError):
        raise CaseError("the body is not JSON") from None


def _error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


# --- pages --------------------------------------------------------------------------------

_STATIC = Path(__file__).resolve().parent / "static"
KINDS = tuple(FAMILIES)


def _ruling_object(config: AppConfig, case: Mapping[str, Any], lang: str,
                   regulation: str) -> Any:
    incident = parse_case(case)
    ruling, _errors = config.host.report_incident(
        incident, ReviewContext(language=lang, regulation=config.host.regulation(regulation)))
    if ruling is None:
        raise CaseError("no plugin ruled on this case")
    return ruling


def create_app(config: AppConfig) -> Guard:
    """The app for one session, behind its guard."""
    env = environment()

    def page(request: Request, name: str, status: int = 200, **context: Any) -> HTMLResponse:
        lang = _lang(request, config)
        if context.get("error") is None and request.query_params.get("error"):
            # a tap that could not be done, told on the page the post redirected to
            context["error"] = request.query_params["error"][:500]
            status = 400
        values = {**helpers(lang), "request": request, "csrf": request.scope["state"]["csrf"],
                  "boards": config.boards, "kinds": KINDS,
                  "regulation": _regulation(request, config),
                  "regulations": config.host.regulations().names(), "td_calls": config.td_calls,
                  **context}
        return HTMLResponse(env.get_template(name).render(values), status_code=status)

    def unmatched_words(table: MatchedRuling, lang: str) -> str:
        """Why a ruling fits no result of the session, in the Director's words."""
        place = table.place
        if table.ruling is None:  # the case itself cannot be ruled on
            case = table.entry.case if table.entry else {}
            return director_problem(table.problem or "", table.kind, case, lang)
        if place.board is None:
            return messages.render("app.unmatched.no_board", {}, lang)
        found = len(results_at(place, config.boards.indexed()))
        key = "app.unmatched.none" if found == 0 else "app.unmatched.several"
        return messages.render(key, {"board": place.board, "n": found}, lang)

    def forbidden(request: Request) -> HTMLResponse:
        """A form post whose check value is wrong: the page it came from is not this
        session's (a server started with a new token); say what to do."""
        return HTMLResponse(refusal_page("form", _lang(request, config)), status_code=403)

    async def form_of(request: Request) -> dict[str, str]:
        form = await request.form()
        values = {k: v for k, v in form.items() if isinstance(v, str)}
        state = request.scope["state"]
        if not state.get("by_request") and not same_secret(values.get("csrf"), state["csrf"]):
            raise _Forbidden
        return values

    def session_rulings(request: Request, entries: list[LogEntry]) -> list[MatchedRuling]:
        if not config.boards:
            return []
        context = ReviewContext(language=_lang(request, config), regulation=config.host.regulation(
            _regulation(request, config)))
        return rule_entries(config.host, entries, config.boards.indexed(), context)

    async def home(request: Request) -> Response:
        written = None
        if request.query_params.get("written", "").isdigit() and config.write_to \
                and config.boards.path:
            written = WriteBack(_written_path(config), int(request.query_params["written"]))
        entries = await anyio.to_thread.run_sync(config.log.latest)
        name = Path(config.boards.path).name if config.boards.path else ""
        tables = session_rulings(request, entries)
        unmatched = {t.entry.id: unmatched_words(t, _lang(request, config))
                     for t in tables if t.index is None and t.entry}
        results = {e.id: config.boards.find(e.place) for e in entries if e.place.board}
        return page(request, "home.html", entries=entries, session_name=name, results=results,
                    unmatched=unmatched, matched=len(tables) - len(unmatched),
                    write_to=config.write_to, written=written)

    async def write_back(request: Request) -> Response:
        try:
            await form_of(request)
        except _Forbidden:
            return forbidden(request)
        if not (config.boards and config.write_to and config.boards.path):
            return see_other("/", error=messages.render(
                "app.writeback.off", {}, _lang(request, config)))
        lang = _lang(request, config)
        entries = await anyio.to_thread.run_sync(config.log.latest)
        tables = session_rulings(request, entries)
        source = config.boards.path
        dest = _written_path(config)

        def write() -> WriteBack:
            check_outputs([source, config.log.path], [(dest, "the session's copy")])
            os.makedirs(config.write_to or ".", exist_ok=True)
            config.host.write_changes(source, dest, changes_of(tables), lang)
            announce(config.host, tables)
            return WriteBack(dest, sum(1 for t in tables if t.index is not None))

        try:
            done = await anyio.to_thread.run_sync(write)
        except (InputError, OSError) as exc:
            return see_other("/", error=str(exc))
        return see_other("/", written=str(done.rulings))

    def remember(request: Request, cookie: str, value: str, known: Any) -> Response:
        """Back to the page the choice was made on (this site only), keeping the choice
        in a cookie when it is one of ``known``."""
        target = request.query_params.get("next", "/")
        if not target.startswith("/") or target.startswith("//"):
            target = "/"
        response = RedirectResponse(target, status_code=303)
        if value in known:
            response.set_cookie(cookie, value, httponly=True, samesite="strict")
        return response

    async def set_lang(request: Request) -> Response:
        return remember(request, "td_lang", request.path_params["code"], LANGUAGES)

    async def set_regulation(request: Request) -> Response:
        return remember(request, "td_regulation", request.path_params["name"],
                        config.host.regulations().names())

    def editor_page(request: Request, draft: Draft) -> HTMLResponse:
        lang = _lang(request, config)
        reg = _regulation(request, config)
        preview, pending = None, None
        questions = flow_module(draft.kind) is not None
        steps, question = questions_of(draft)
        if (questions and question is None) or (not questions and draft.calls):
            try:
                preview = ruling_view(_ruling_object(config, draft.case, lang, reg),
                                      draft.case, lang)
            except (CaseError, CaseFileError) as exc:
                pending = director_problem(getattr(exc, "bare_message", str(exc)),
                                           draft.kind, draft.case, lang)
        calls = ([draft.call_at(i) for i in range(len(draft.calls))]
                 if draft.kind == "auction" else [])
        action = f"/rulings/{draft.correcting}/edit" if draft.correcting else f"/new/{draft.kind}"
        picked = config.boards.find(draft.place) if draft.place.board else None
        final = draft.case.get("final_auction")
        final_grid = auction_grid(final, draft.case["dealer"]) \
            if isinstance(final, list) and final and draft.case.get("dealer") in SEATS else []
        from_session = picked.facts() if picked else {}
        more_open = any(fact(draft.case, f.key) is not None
                        and fact(draft.case, f.key) != from_session.get(f.key)
                        for f in CASE_FIELDS)  # the Director's own facts: shown open
        holder = dealt_holder(draft.kind, question, draft.case) if picked else None
        dealt = picked.holding(holder) if picked and holder else None  # the cards offered
        return page(request, "case_questions.html" if questions else "case_auction.html",
                    final_grid=final_grid, more_open=more_open,
                    hands=picked.hands if picked else None, dealt=dealt, holder=holder,
                    dealt_suits={card[0] for card in dealt or ()},
                    draft=draft, calls=calls, view=preview, preview=preview, pending=pending,
                    picked=picked, action_url=action, steps=steps,
                    question=question)

    def check_dealt(draft: Draft, action: str, lang: str) -> None:
        """A card or suit answered where the session has the deal: one of the player's
        dealt cards, a suit he was dealt (the page offers no other).

        :raises DraftError: in the Director's words.
        """
        verb, _, arg = action.partition(":")
        picked = config.boards.find(draft.place) if draft.place.board else None
        if verb != "answer" or picked is None:
            return
        _, question = questions_of(draft)
        seat = dealt_holder(draft.kind, question, draft.case)
        dealt = picked.holding(seat) if seat else None
        value = arg.partition("=")[2].upper()
        if question is None or seat is None or not dealt:
            return
        params = {"seat": messages.Msg(f"seat.{seat}")}
        if question.input == "suit" and not any(card[0] == value for card in dealt):
            raise DraftError(f"{seat} was dealt no {value}", "app.problem.suit_not_dealt",
                             **params, suit=messages.Msg(f"suitname.{value}"))
        if question.input == "card" and value not in dealt:
            try:
                card: Any = card_msg(Card.from_pbn(value))
            except InvalidTokenError:
                card = value
            raise DraftError(f"{value} was not dealt to {seat}", "app.problem.not_dealt",
                             **params, card=card)

    def draft_of(request: Request, fallback: Draft) -> Draft:
        """The draft the address shows (after a tap), else ``fallback``."""
        packed = request.query_params.get("draft")
        return Draft.unpack(packed) if packed else fallback

    def see_draft(draft: Draft, error: str | None = None) -> Response:
        """Post/Redirect/Get: the page of the draft after a tap, which the phone can
        reload and go back to."""
        path = f"/rulings/{draft.correcting}/edit" if draft.correcting else f"/new/{draft.kind}"
        return see_other(path, draft=draft.pack(), error=error)

    async def new_case(request: Request) -> Response:
        kind = request.path_params["kind"]
        if kind not in KINDS:
            return PlainTextResponse("Not Found", status_code=404)
        try:
            draft = draft_of(request, Draft.new(kind))
        except DraftError as exc:
            return see_other("/", error=words(exc, _lang(request, config)))
        if draft.kind != kind or draft.correcting is not None:
            return see_draft(draft)
        return editor_page(request, draft)

    async def edit_case(request: Request) -> Response:
        entry = await anyio.to_thread.run_sync(
            lambda: config.log.get(request.path_params["id"]))
        if entry is None or entry.kind not in KINDS:
            return PlainTextResponse("Not Found", status_code=404)
        seat = entry.ruling.get("next") if entry.kind == "auction" else None
        draft = Draft(entry.kind, dict(entry.case), entry.place, correcting=entry.id,
                      finished=True, seat=seat if seat in SEATS else None)
        try:
            draft = draft_of(request, draft)
        except DraftError as exc:
            return see_other(f"/rulings/{entry.id}", error=words(exc, _lang(request, config)))
        if draft.correcting != entry.id:
            return see_draft(draft)
        return editor_page(request, draft)

    async def post_case(request: Request) -> Response:
        try:
            form = await form_of(request)
        except _Forbidden:
            return forbidden(request)
        lang = _lang(request, config)
        reg = _regulation(request, config)
        try:
            draft = Draft.loads(form.get("draft", ""))
        except DraftError as exc:
            return see_other("/", error=words(exc, _lang(request, config)))
        action = form.get("action", "")
        try:
            check_dealt(draft, action, lang)
            tapped = apply(draft, action, form)
            verb, _, index = action.partition(":")
            if verb == "pick":  # a tap on a table's result of the board
                number = parse_whole(index, strip=False)
                picked = config.boards.result(number) if number is not None else None
                if picked is None:
                    raise DraftError(f"no result {index!r} in the session", "app.pick.gone")
                tapped = tapped.take(picked.facts(), picked.place)
        except DraftError as exc:
            return see_draft(draft, words(exc, lang))
        draft = tapped
        if is_decision(action):  # the next call is of the player the Laws call on
            try:
                draft.seat = next_to_call(rule_data(config.host, draft.case, lang, reg)[1],
                                          draft.seat)
            except CaseError:  # not rulable yet: an unintended call's correction to come
                draft.seat = correcting_seat(draft, action) or draft.seat
        if action != "rule":
            return see_draft(draft)
        try:
            in_session(config, draft.place)
            kind, ruling = rule_data(config.host, draft.case, lang, reg)
        except CaseError as exc:
            return see_draft(draft, director_problem(str(exc), draft.kind, draft.case, lang))
        try:
            entry = await asyncio.wrap_future(config.log.submit(
                draft.case, ruling, kind=kind, lang=lang, place=draft.place,
                correcting=draft.correcting))
        except KeyError:  # a draft correcting no ruling of the log
            return PlainTextResponse("Not Found", status_code=404)
        return RedirectResponse(f"/rulings/{entry.id}", status_code=303)

    async def show_ruling(request: Request) -> Response:
        ruling_id = request.path_params["id"]
        history = await anyio.to_thread.run_sync(lambda: config.log.history(ruling_id))
        if not history:
            return PlainTextResponse("Not Found", status_code=404)
        entry = history[-1]
        lang = _lang(request, config)
        reg = _regulation(request, config)
        try:
            view = ruling_view(_ruling_object(config, entry.case, lang, reg), entry.case, lang)
        except (CaseError, CaseFileError) as exc:
            view = RulingView(entry.status.value, "", [str(exc)])
        picked = config.boards.find(entry.place) if entry.place.board else None
        return page(request, "ruling.html", entry=entry, history=history, view=view,
                    picked=picked, hands=picked.hands if picked else None, deal_open=True)

    async def answer(request: Request) -> Response:
        try:
            form = await form_of(request)
        except _Forbidden:
            return forbidden(request)
        ruling_id = request.path_params["id"]
        lang = _lang(request, config)
        reg = _regulation(request, config)
        entry = await anyio.to_thread.run_sync(lambda: config.log.get(ruling_id))
        if entry is None:
            return PlainTextResponse("Not Found", status_code=404)
        if form.get("version") != str(entry.version):  # answered meanwhile: not again
            return see_other(f"/rulings/{ruling_id}",
                             error=messages.render("app.answered_meanwhile", {}, lang))
        text, _, value = form.get("answer", "").partition(":")
        index = parse_whole(text, strip=False)
        decisions = open_decisions(entry.ruling)
        try:
            if index is None or index >= len(decisions):
                raise DraftError("this question is no longer open", "app.problem.stale")
            case = answer_decision(entry.case, decisions[index], value)
            kind, ruling = rule_data(config.host, case, lang, reg)
        except DraftError as exc:
            return see_other(f"/rulings/{ruling_id}", error=words(exc, lang))
        except CaseError as exc:
            return see_other(f"/rulings/{ruling_id}", error=director_problem(
                str(exc), entry.kind, entry.case, lang))
        await asyncio.wrap_future(config.log.submit(case, ruling, kind=kind, lang=lang,
                                                    place=None, correcting=ruling_id))
        return RedirectResponse(f"/rulings/{ruling_id}", status_code=303)

    async def api_post(request: Request) -> Response:
        lang = _lang(request, config)
        reg = _regulation(request, config)
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
        if call is not None:
            answer["td_call"] = (await resolve_call(config.td_calls, call, entry.id)).to_json()
        return JSONResponse(answer, status_code=201)

    async def api_list(request: Request) -> Response:
        entries = await anyio.to_thread.run_sync(config.log.latest)
        return JSONResponse({"rulings": [e.to_json() for e in entries]})

    async def api_get(request: Request) -> Response:
        ruling_id = request.path_params["id"]
        versions = await anyio.to_thread.run_sync(lambda: config.log.history(ruling_id))
        if not versions:
            return _error("no such ruling", 404)
        return JSONResponse({"id": ruling_id, "versions": [e.to_json() for e in versions]})

    async def api_correct(request: Request) -> Response:
        ruling_id = request.path_params["id"]
        lang = _lang(request, config)
        reg = _regulation(request, config)
        try:
            case, place = _split(await _json_body(request))
            in_session(config, place)
            kind, ruling = rule_data(config.host, case, lang, reg)
        except CaseError as exc:
            return _error(str(exc))
        try:
            entry = await asyncio.wrap_future(config.log.submit(
                case, ruling, kind=kind, lang=lang, place=None if place == Place() else place,
                correcting=ruling_id))
        except KeyError:
            return _error("no such ruling", 404)
        return JSONResponse({"id": entry.id, "version": entry.version, "ruling": ruling},
                            status_code=201)

    async def not_found(request: Request, exc: Exception) -> Response:
        return PlainTextResponse("Not Found", status_code=404)

    routes = [
        Route("/", home, methods=["GET"]),
        Route("/session/write", write_back, methods=["POST"]),
        Route("/lang/{code}", set_lang, methods=["GET"]),
        Route("/regulation/{name}", set_regulation, methods=["GET"]),
        Route("/new/{kind}", new_case, methods=["GET"]),
        Route("/new/{kind}", post_case, methods=["POST"]),
        Route("/rulings/{id:int}", show_ruling, methods=["GET"]),
        Route("/rulings/{id:int}", answer, methods=["POST"]),
        Route("/rulings/{id:int}/edit", edit_case, methods=["GET"]),
        Route("/rulings/{id:int}/edit", post_case, methods=["POST"]),
        Route("/api/rulings", api_post, methods=["POST"]),
        Route("/api/rulings", api_list, methods=["GET"]),
        Route("/api/rulings/{id:int}", api_get, methods=["GET"]),
        Route("/api/rulings/{id:int}", api_correct, methods=["POST"]),
        Mount("/static", app=StaticFiles(directory=str(_STATIC)), name="static"),
    ]
    if config.td_calls is not None:
        routes[-1:-1] = td_call_routes(config.td_calls, page, form_of, _Forbidden, KINDS,
                                       lambda request: _lang(request, config))
    app = Starlette(routes=routes, exception_handlers={404: not_found})
    app.state.config = config
    return Guard(app, config.token, config.max_body, config.body_timeout, config.lang)


def see_other(path: str, **query: str | None) -> RedirectResponse:
    """A redirect (303 See Other) to ``path`` with the ``query`` values given."""
    values = {k: v for k, v in query.items() if v}
    return RedirectResponse(path + (f"?{urlencode(values)}" if values else ""), status_code=303)


def next_to_call(ruling: Mapping[str, Any], seat: str | None) -> str | None:
    """The seat the Laws call on next in a ruling (``next`` of ``rule --json``), else
    ``seat``."""
    nxt = ruling.get("next")
    return nxt if nxt in SEATS else seat


def _written_path(config: AppConfig) -> str:
    """Where writing the rulings into the session puts its copy."""
    assert config.write_to is not None and config.boards.path is not None
    return os.path.join(config.write_to, os.path.basename(config.boards.path))


@dataclass(frozen=True)
class WriteBack:
    """What writing the rulings into the session did: the copy written and how many
    rulings went into it, or why nothing was written."""

    path: str | None = None
    rulings: int = 0
    error: str | None = None


def words(exc: DraftError, lang: str) -> str:
    """A refused tap, in the Director's words in the page's language."""
    return messages.render(exc.msg.key, exc.msg.params, lang)


class _Forbidden(Exception):
    """A form post without the page's check value."""
