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

import asyncio
import json
from dataclasses import dataclass, field
from typing import Any, Mapping

from pathlib import Path

import anyio
from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import (HTMLResponse, JSONResponse, PlainTextResponse,
                                 RedirectResponse, Response)
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from td_plugin import messages
from td_plugin.auction import Call
from td_plugin.casefile import CALL_FIELDS, CASE_FIELDS, parse_case
from td_plugin.errors import CaseFileError, InvalidTokenError
from td_plugin.laws.call_names import call_msg
from td_plugin.laws.revokes import RevokeCaseRuling
from td_plugin.laws.revokes.ruling import render_revoke_text
from td_plugin.messages import LANGUAGES
from td_plugin.rulings import ReviewContext
from td_plugin.questions import FLOWS, flow_module
from td_plugin.ruling_log import LogEntry, Place, RulingLog, Status
from td_plugin.serve.boards import SessionBoards, TableResult
from td_plugin.serve.editor import (BID_STRAINS, SEATS, VULNERABILITIES, Draft, DraftError,
                                    answer_decision, apply, question_key, questions_of)
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


# --- pages --------------------------------------------------------------------------------

_TEMPLATES = Path(__file__).resolve().parent / "templates"
_STATIC = Path(__file__).resolve().parent / "static"
KINDS = ("auction", *FLOWS)


@dataclass
class Question:
    """A decision still open, asked on the ruling's page: its place among the ruling's
    decisions, the question, and the answers (pairs of value and label, or ``"call"``
    for a bidding box)."""

    index: int
    text: str
    answers: Any


@dataclass
class RulingView:
    """A ruling as the pages show it."""

    status: str
    laws: str
    read: list[str]
    rows: list[tuple[str, str]] = field(default_factory=list)
    grid: list[list[str | None]] = field(default_factory=list)
    grid_seats: tuple[str, ...] = ("W", "N", "E", "S")
    questions: list[Question] = field(default_factory=list)
    adjusted_tricks: int | None = None  # declarer's tricks after the ruling, when known


def _grid(ruling_json: Mapping[str, Any], dealer: str) -> list[list[str | None]]:
    """The legal auction in rows West, North, East, South."""
    order = ("W", "N", "E", "S")
    cells: list[str | None] = [None] * order.index(dealer)
    cells += [sc["call"] for sc in ruling_json.get("auction", [])]
    return [cells[i:i + 4] + [None] * (4 - len(cells[i:i + 4])) for i in range(0, len(cells), 4)]


def open_decisions(ruling: Mapping[str, Any]) -> list[dict[str, Any]]:
    """What the Director or a player may still decide on a ruling (``rule --json``): its
    ``decisions``, and for a revoke the Director's Law 64C judgement while he has not
    given it."""
    out = [dict(d) for d in ruling.get("decisions", [])]
    equity = ruling.get("equity")
    if isinstance(equity, Mapping) and equity.get("judgement") is None \
            and not any(d.get("decide") == "equity" for d in out):
        out.append({"seat": None, "decide": "equity", "law": equity.get("law")})
    return out


def ruling_view(ruling: Any, case: Mapping[str, Any], lang: str) -> RulingView:
    """What the pages show of a ruling object (``td-plugin rule``'s value): the text to
    read to the players, what stands, and the questions still open."""
    t = lambda key, **p: messages.render(key, p, lang)  # noqa: E731
    data = ruling.to_json(lang)
    view = RulingView(status=Status.of(data).value,
                      laws=messages.laws_ref(list(data.get("laws", [])), lang), read=[])
    texts: list[str] = []
    if isinstance(ruling, RevokeCaseRuling):
        view.read = [render_revoke_text(item.ruling, lang) for item in ruling.revokes]
        view.adjusted_tricks = ruling.adjusted_declarer_tricks
        view.rows = [(t("revoke.case.heading.result") if i == 0 else "", line)
                     for i, line in enumerate(ruling.result_lines(lang))]
        redress = ruling.redress
        if redress is not None:  # the questions of 64C, or the judgement (not how to
            # enter one in a case file: the page asks for it)
            lines = [messages.render(m.key, m.params, lang)
                     for m in (*redress.questions, redress.text) if m is not None]
            view.rows += [(t("revoke.case.heading.redress") if i == 0 else "", line)
                          for i, line in enumerate(lines)]
    else:
        view.read = list(ruling.clause_texts(lang))
        notes = [messages.render(n.key, n.params, lang) for n in ruling.notes]
        view.rows = list(ruling.stands(lang)) + [(t("rule.notes"), n) for n in notes]
        texts = ruling.decision_texts(lang)
        if isinstance(case.get("dealer"), str) and case["dealer"] in SEATS:
            view.grid = _grid(data, case["dealer"])
    for i, d in enumerate(open_decisions(data)):
        if d.get("decide") == "equity":
            view.questions.append(Question(i, t("app.equity", law=messages.law_ref(
                str(d.get("law") or "64C"), lang)), "count"))
        elif i < len(texts):
            answers: Any = "call" if d.get("decide") == "replacement" else [
                ("yes", t("app.yes")), ("no", t("app.no"))]
            if d.get("choices"):  # a choice of the play period, with its answers
                answers = [(str(c["value"]), c["label"]) for c in d["choices"]]
            view.questions.append(Question(i, texts[i], answers))
    return view


def _ruling_object(config: AppConfig, case: Mapping[str, Any], lang: str) -> Any:
    incident = parse_case(case)
    ruling, _errors = config.host.report_incident(incident, ReviewContext(language=lang))
    if ruling is None:
        raise CaseError("no plugin ruled on this case")
    return ruling


def _environment() -> Environment:
    env = Environment(loader=FileSystemLoader(str(_TEMPLATES)),
                      autoescape=select_autoescape(["html"]), trim_blocks=True,
                      lstrip_blocks=True)
    return env


def _helpers(lang: str) -> dict[str, Any]:
    def t(key: str, **params: Any) -> str:
        return messages.render(key, params, lang)

    def call_name(text: str) -> str:
        try:
            msg = call_msg(Call.from_pbn(text))
        except InvalidTokenError:
            return text
        return messages.render(msg.key, msg.params, lang)

    def call_class(text: str) -> str:
        upper = text.upper()
        return "red" if upper[1:] in ("H", "D") else ""

    def place_text(place: Place) -> str:
        parts = []
        for key, value in (("app.board", place.board), ("app.section", place.section),
                           ("app.table", place.table), ("app.round", place.round)):
            if value not in (None, ""):
                parts.append(f"{t(key)} {value}")
        return ", ".join(parts) or "–"

    def suits_text(suits: Any) -> str:
        return " ".join(_SYMBOLS.get(s, s) for s in suits) if suits else "–"

    def meaning_text(m: Mapping[str, Any]) -> str:
        parts = []
        if m.get("hcp"):
            parts.append(f"{m['hcp'][0]}–{m['hcp'][1]} {t('app.call.hcp').lower()}")
        for s, r in (m.get("suits") or {}).items():
            parts.append(f"{r[0]}–{r[1]}{_SYMBOLS.get(s, s)}")
        if m.get("purpose"):
            parts.append(str(m["purpose"]))
        return ", ".join(parts)

    def msg(value: Any) -> str:
        if isinstance(value, messages.Msg):
            return messages.render(value.key, value.params, lang)
        return str(value)

    def answer_text(q: Any, value: Any) -> str:
        choice = q.choice(value)
        if choice is not None:
            return msg(choice.label)
        if q.input == "suit":
            return _SYMBOLS.get(value, str(value))
        if q.input == "card" and isinstance(value, str) and len(value) == 2:
            return _SYMBOLS.get(value[0], value[0]) + rank_name(value[1])
        if q.input == "contract" and isinstance(value, str):
            level, rest = value[:1], value[1:]
            strain = rest.rstrip("X")
            return level + (_SYMBOLS.get(strain) or call_name("1NT")[1:]) + rest[len(strain):]
        return str(value)

    def rank_name(rank: str) -> str:
        return "10" if rank == "T" else messages.render(f"revoke.rank.{rank}", {}, lang) \
            if rank in "AKQJ" else rank

    return {
        "t": t, "lang": lang, "msg": msg, "answer_text": answer_text, "rank_name": rank_name,
        "qkey": question_key, "law_ref": lambda law: messages.law_ref(law, lang),
        "ranks": ("A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"), "other_lang": next((x for x in LANGUAGES if x != lang), lang),
        "seat_name": lambda s: messages.render(f"seat.{s}", {}, lang) if s in SEATS else str(s),
        "call_name": call_name, "call_class": call_class, "place_text": place_text,
        "laws_text": lambda laws: messages.laws_ref(list(laws), lang),
        "suit_symbol": lambda s: _SYMBOLS.get(s, s),
        "strain_symbol": lambda s: _SYMBOLS.get(s, s) if s != "NT" else call_name("1NT")[1:],
        "suits_text": suits_text, "meaning_text": meaning_text,
        "seats": SEATS, "vulnerabilities": VULNERABILITIES, "strains": BID_STRAINS,
        "case_fields": CASE_FIELDS, "call_fields": CALL_FIELDS, "fact": fact,
        "suits": ("S", "H", "D", "C"),
    }


_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}


def fact(case: Mapping[str, Any], key: str) -> Any:
    """A case's single-choice fact by its key (``options.x`` inside ``options``)."""
    head, _, tail = key.partition(".")
    value = case.get(head)
    return value.get(tail) if tail and isinstance(value, Mapping) else (None if tail else value)


def create_app(config: AppConfig) -> Guard:
    """The app for one session, behind its guard."""
    env = _environment()

    def page(request: Request, name: str, status: int = 200, **context: Any) -> HTMLResponse:
        lang = _lang(request, config)
        values = {**_helpers(lang), "request": request, "csrf": request.scope["state"]["csrf"],
                  "boards": config.boards, "kinds": KINDS, **context}
        return HTMLResponse(env.get_template(name).render(values), status_code=status)

    async def form_of(request: Request) -> dict[str, str]:
        form = await request.form()
        values = {k: v for k, v in form.items() if isinstance(v, str)}
        state = request.scope["state"]
        if not state.get("by_request") and not _same(values.get("csrf"), state["csrf"]):
            raise _Forbidden()
        return values

    async def home(request: Request) -> Response:
        entries = await anyio.to_thread.run_sync(config.log.latest)
        name = Path(config.boards.path).name if config.boards.path else ""
        return page(request, "home.html", entries=entries, session_name=name)

    async def set_lang(request: Request) -> Response:
        code = request.path_params["code"]
        target = request.query_params.get("next", "/")
        if not target.startswith("/") or target.startswith("//"):
            target = "/"
        response = RedirectResponse(target, status_code=303)
        if code in LANGUAGES:
            response.set_cookie("td_lang", code, httponly=True, samesite="strict")
        return response

    def editor_page(request: Request, draft: Draft, error: str | None = None,
                    picked: TableResult | None = None) -> HTMLResponse:
        lang = _lang(request, config)
        preview, pending = None, None
        questions = flow_module(draft.kind) is not None
        steps, question = questions_of(draft)
        if questions and question is None:
            try:
                preview = ruling_view(_ruling_object(config, draft.case, lang), draft.case, lang)
            except (CaseError, CaseFileError) as exc:
                pending = getattr(exc, "bare_message", str(exc))
        elif not questions and draft.calls:
            try:
                preview = ruling_view(_ruling_object(config, draft.case, lang), draft.case, lang)
            except (CaseError, CaseFileError) as exc:
                pending = getattr(exc, "bare_message", str(exc))
        calls = ([draft.call_at(i) for i in range(len(draft.calls))]
                 if draft.kind == "auction" else [])
        action = f"/rulings/{draft.correcting}/edit" if draft.correcting else f"/new/{draft.kind}"
        picked = picked or (config.boards.find(draft.place) if draft.place.board else None)
        final = draft.case.get("final_auction")
        final_grid = _grid({"auction": [{"call": c} for c in final]}, draft.case["dealer"]) \
            if isinstance(final, list) and final and draft.case.get("dealer") in SEATS else []
        more_open = any(fact(draft.case, f.key) is not None for f in CASE_FIELDS)
        return page(request, "case_questions.html" if questions else "case_auction.html",
                    status=400 if error else 200,
                    final_grid=final_grid, more_open=more_open,
                    draft=draft, calls=calls, view=preview, preview=preview, pending=pending,
                    error=error, picked=picked, action_url=action, steps=steps,
                    question=question)

    async def new_case(request: Request) -> Response:
        kind = request.path_params["kind"]
        if kind not in KINDS:
            return PlainTextResponse("Not Found", status_code=404)
        return editor_page(request, Draft.new(kind))

    async def edit_case(request: Request) -> Response:
        entry = await anyio.to_thread.run_sync(
            lambda: config.log.get(request.path_params["id"]))
        if entry is None or entry.kind not in KINDS:
            return PlainTextResponse("Not Found", status_code=404)
        draft = Draft(entry.kind, dict(entry.case), entry.place, correcting=entry.id,
                      finished=True)
        return editor_page(request, draft)

    async def post_case(request: Request) -> Response:
        try:
            form = await form_of(request)
        except _Forbidden:
            return PlainTextResponse("Forbidden", status_code=403)
        lang = _lang(request, config)
        try:
            draft = Draft.loads(form.get("draft", ""))
        except DraftError as exc:
            return page(request, "home.html", status=400, error=str(exc),
                        entries=config.log.latest(), session_name="")
        action = form.get("action", "")
        picked = None
        try:
            draft = apply(draft, action, form)
            if action == "pick" and form.get("result", "").isdigit():
                picked = config.boards.result(int(form["result"]))
                if picked is not None:
                    draft = draft.take(picked.facts(), picked.place)
        except DraftError as exc:
            return editor_page(request, draft, str(exc))
        if action != "rule":
            return editor_page(request, draft, picked=picked)
        try:
            kind, ruling = rule_data(config.host, draft.case, lang)
        except CaseError as exc:
            return editor_page(request, draft, str(exc))
        entry = await asyncio.wrap_future(config.log.submit(
            draft.case, ruling, kind=kind, lang=lang, place=draft.place,
            correcting=draft.correcting))
        return RedirectResponse(f"/rulings/{entry.id}", status_code=303)

    async def show_ruling(request: Request) -> Response:
        ruling_id = request.path_params["id"]
        history = await anyio.to_thread.run_sync(lambda: config.log.history(ruling_id))
        if not history:
            return PlainTextResponse("Not Found", status_code=404)
        entry = history[-1]
        lang = _lang(request, config)
        try:
            view = ruling_view(_ruling_object(config, entry.case, lang), entry.case, lang)
        except (CaseError, CaseFileError) as exc:
            view = RulingView(entry.status.value, "", [str(exc)])
        return page(request, "ruling.html", entry=entry, history=history, view=view)

    async def answer(request: Request) -> Response:
        try:
            form = await form_of(request)
        except _Forbidden:
            return PlainTextResponse("Forbidden", status_code=403)
        ruling_id = request.path_params["id"]
        lang = _lang(request, config)
        entry = await anyio.to_thread.run_sync(lambda: config.log.get(ruling_id))
        if entry is None:
            return PlainTextResponse("Not Found", status_code=404)
        if form.get("version") != str(entry.version):  # someone else answered meanwhile
            return RedirectResponse(f"/rulings/{ruling_id}", status_code=303)
        index, _, value = form.get("answer", "").partition(":")
        decisions = open_decisions(entry.ruling)
        try:
            if not index.isdigit() or int(index) >= len(decisions):
                raise DraftError("this question is no longer open")
            case = answer_decision(entry.case, decisions[int(index)], value)
            kind, ruling = rule_data(config.host, case, lang)
        except (DraftError, CaseError) as exc:
            view = ruling_view(_ruling_object(config, entry.case, lang), entry.case, lang)
            history = config.log.history(ruling_id)
            return page(request, "ruling.html", status=400, entry=entry, history=history,
                        view=view, error=str(exc))
        await asyncio.wrap_future(config.log.submit(case, ruling, kind=kind, lang=lang,
                                                    place=None, correcting=ruling_id))
        return RedirectResponse(f"/rulings/{ruling_id}", status_code=303)

    async def api_post(request: Request) -> Response:
        lang = _lang(request, config)
        try:
            case, place = _split(await _json_body(request))
            kind, ruling = rule_data(config.host, case, lang)
        except CaseError as exc:
            return _error(str(exc))
        entry = await asyncio.wrap_future(
            config.log.submit(case, ruling, kind=kind, lang=lang, place=place))
        return JSONResponse({"id": entry.id, "version": entry.version, "ruling": ruling},
                            status_code=201)

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
        try:
            case, place = _split(await _json_body(request))
            kind, ruling = rule_data(config.host, case, lang)
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
        Route("/lang/{code}", set_lang, methods=["GET"]),
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
    app = Starlette(routes=routes, exception_handlers={404: not_found})
    app.state.config = config
    return Guard(app, config.token, config.max_body)


class _Forbidden(Exception):
    """A form post without the page's check value."""


def _same(a: str | None, b: str) -> bool:
    import hmac

    return a is not None and hmac.compare_digest(a.encode(), b.encode())
