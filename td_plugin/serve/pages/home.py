"""The home page and the choices made on it: the log's rulings matched to the session's
results, writing them into a copy of the session file, and the page's language and
regulation (each kept in a cookie).

- ``GET /``: the rulings, the session's results they fit (or why none), the tables'
  calls when the app serves a Bridgemate.
- ``POST /session/write``: the rulings written into the session's copy (``write_to``).
- ``GET /lang/{code}``, ``GET /regulation/{name}``: back to the page (``next``) with the
  choice kept.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from td_plugin import messages
from td_plugin.audit.scorer_entry import ruling_entry
from td_plugin.audit.table_rulings import MatchedRuling, announce, changes_of, results_at, rule_entries
from td_plugin.cases.log import LogEntry
from td_plugin.errors import InputError
from td_plugin.laws.context import ReviewContext
from td_plugin.messages import LANGUAGES
from td_plugin.safe_output import check_outputs
from td_plugin.serve.pages.common import (
    AppConfig,
    Forbidden,
    config_of,
    forbidden,
    form_of,
    lang_of,
    page,
    regulation_of,
    see_other,
)
from td_plugin.serve.views import director_problem

__all__ = ["home", "write_back", "set_lang", "set_regulation", "WriteBack"]


@dataclass(frozen=True)
class WriteBack:
    """What writing the rulings into the session did: the copy written and how many
    rulings went into it, or why nothing was written; the rulings left out because they
    change no result and the file keeps results alone (their ids)."""

    path: str | None = None
    rulings: int = 0
    error: str | None = None
    skipped: tuple[int, ...] = ()


def _written_path(config: AppConfig) -> str:
    """Where writing the rulings into the session puts its copy."""
    assert config.write_to is not None and config.boards.path is not None
    return os.path.join(config.write_to, os.path.basename(config.boards.path))


def _session_rulings(request: Request, entries: list[LogEntry]) -> list[MatchedRuling]:
    config = config_of(request)
    if not config.boards:
        return []
    context = ReviewContext(language=lang_of(request), regulation=config.host.regulation(
        regulation_of(request)))
    return rule_entries(config.host, entries, config.boards.indexed(), context)


def _no_result(config: AppConfig, tables: list[MatchedRuling]) -> list[MatchedRuling]:
    """The matched rulings that change no result, where the session's file keeps results
    alone (a .bws): writing leaves them out."""
    if config.boards.keeps_commentary:
        return []
    return [t for t in tables if t.change is not None and t.change.outcome is None]


def _scorer_lines(tables: list[MatchedRuling], lang: str) -> list[str]:
    """What to enter in the scorer for each matched ruling that changes the result: the
    list offered where no copy of the file can be written."""
    lines = []
    for t in tables:
        if t.ruling is not None and t.record is not None and t.index is not None:
            entry = ruling_entry(t.record, t.ruling)
            if entry is not None:
                lines.append(entry.text(lang))
    return lines


def _ids(tables: list[MatchedRuling]) -> str:
    return ", ".join(f"#{t.entry.id}" for t in tables if t.entry is not None)


def _unmatched_words(config: AppConfig, table: MatchedRuling, lang: str) -> str:
    """Why a ruling fits no result of the session, in the Director's words."""
    place = table.place
    if table.ruling is None:  # the case itself cannot be ruled on
        case = table.entry.case if table.entry else {}
        return director_problem(table.problem_text(lang), table.kind, case, lang)
    if place.board is None:
        return messages.render("app.unmatched.no_board", {}, lang)
    found = len(results_at(place, config.boards.indexed()))
    key = "app.unmatched.none" if found == 0 else "app.unmatched.several"
    return messages.render(key, {"board": place.board, "n": found}, lang)


async def home(request: Request) -> Response:
    config = config_of(request)
    written = None
    if request.query_params.get("written", "").isdigit() and config.write_to \
            and config.boards.path:
        skipped = tuple(int(i) for i in request.query_params.get("skipped", "").split(",")
                        if i.isdigit() and len(i) < 10)
        written = WriteBack(_written_path(config), int(request.query_params["written"]),
                            skipped=skipped)
    entries = await anyio.to_thread.run_sync(config.log.latest)
    name = Path(config.boards.path).name if config.boards.path else ""
    tables = _session_rulings(request, entries)
    unmatched = {t.entry.id: _unmatched_words(config, t, lang_of(request))
                 for t in tables if t.index is None and t.entry}
    results = {e.id: config.boards.find(e.place) for e in entries if e.place.board}
    lang = lang_of(request)
    return page(request, "home.html", entries=entries, session_name=name, results=results,
                unmatched=unmatched, matched=len(tables) - len(unmatched),
                write_to=config.write_to, written=written,
                no_result=_ids(_no_result(config, tables)),
                scorer=_scorer_lines(tables, lang) if config.boards.write_problem else [])


async def write_back(request: Request) -> Response:
    config = config_of(request)
    try:
        await form_of(request)
    except Forbidden:
        return forbidden(request)
    if not (config.boards and config.write_to and config.boards.path):
        return see_other("/", error=messages.render(
            "app.writeback.off", {}, lang_of(request)))
    lang = lang_of(request)
    if config.boards.write_problem:  # the page said so instead of offering the button
        return see_other("/", error=config.boards.write_problem)
    entries = await anyio.to_thread.run_sync(config.log.latest)
    tables = _session_rulings(request, entries)
    left_out = _no_result(config, tables)
    tables = [t for t in tables if t not in left_out]
    source = config.boards.path
    dest = _written_path(config)

    def write() -> WriteBack:
        check_outputs([source, config.log.path], [(dest, "the session's copy")])
        os.makedirs(config.write_to or ".", exist_ok=True)
        config.host.write_changes(source, dest, changes_of(tables), lang)
        announce(config.host, tables)
        return WriteBack(dest, sum(1 for t in tables if t.index is not None),
                         skipped=tuple(t.entry.id for t in left_out if t.entry is not None))

    try:
        done = await anyio.to_thread.run_sync(write)
    except (InputError, OSError) as exc:
        return see_other("/", error=str(exc))
    return see_other("/", written=str(done.rulings),
                     skipped=",".join(map(str, done.skipped)) or None)


def _remember(request: Request, cookie: str, value: str, known: Any) -> Response:
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
    return _remember(request, "td_lang", request.path_params["code"], LANGUAGES)


async def set_regulation(request: Request) -> Response:
    return _remember(request, "td_regulation", request.path_params["name"],
                     config_of(request).host.regulations().names())
