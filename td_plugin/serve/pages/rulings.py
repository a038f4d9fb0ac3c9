"""A logged ruling's page, and the decisions answered on it.

- ``GET /rulings/{id}``: the ruling to read to the players, what stands, its versions,
  the deal when the session has it, and the decisions still open (``?weigh=``: a
  weighted Law 64C judgement being tapped, `td_plugin.serve.weighted`).
- ``POST /rulings/{id}`` (a form: ``answer`` ``INDEX:VALUE``, ``version``): an open
  decision answered; the case ruled again is the ruling's next version.
"""

from __future__ import annotations

import asyncio

import anyio
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from td_plugin import messages
from td_plugin.cases.log import StaleVersion
from td_plugin.errors import CaseError, CaseFileError, DraftError
from td_plugin.model.numbers import parse_whole
from td_plugin.serve.draft import answer_decision
from td_plugin.serve.once import form_id
from td_plugin.serve.pages.common import (
    Forbidden,
    config_of,
    forbidden,
    form_of,
    lang_of,
    not_found,
    page,
    regulation_of,
    rule_data,
    ruling_object,
    see_other,
    words,
)
from td_plugin.serve.views import (
    RulingView,
    decision_about,
    director_problem,
    open_decisions,
    ruling_view,
)
from td_plugin.serve.weighted import read_weighing

__all__ = ["show_ruling", "answer"]


async def show_ruling(request: Request) -> Response:
    config = config_of(request)
    ruling_id = request.path_params["id"]
    history = await anyio.to_thread.run_sync(lambda: config.log.history(ruling_id))
    if not history:
        return not_found()
    entry = history[-1]
    lang = lang_of(request)
    reg = regulation_of(request)
    try:
        view = ruling_view(ruling_object(config, entry.case, lang, reg), entry.case, lang)
    except (CaseError, CaseFileError) as exc:
        view = RulingView(entry.status.value, "", [str(exc)])
    picked = config.boards.find(entry.place) if entry.place.board else None
    # a Law 64C judgement may be weighted where the regulation allows it (12C1(c))
    weighted = config.host.regulation(reg).weighted_scores \
        and isinstance(entry.case.get("contract"), str) \
        and isinstance(entry.case.get("declarer"), str)
    return page(request, "ruling.html", entry=entry, history=history, view=view,
                picked=picked, hands=picked.hands if picked else None, deal_open=True,
                weighted=weighted,
                weighing=read_weighing(request.query_params.get("weigh")) if weighted else None)


async def answer(request: Request) -> Response:
    config = config_of(request)
    try:
        form = await form_of(request)
    except Forbidden:
        return forbidden(request)
    ruling_id = request.path_params["id"]
    lang = lang_of(request)
    reg = regulation_of(request)
    # an answer is known by its page's one-time value, the ruling, the version it was
    # answered on, and the answer (another phone's same answer is its own: answered
    # meanwhile)
    once = form_id(form.get("form"))
    done_key = config.forms.key("answer", once, ruling_id, form.get("version"),
                                form.get("answer")) if once else None
    if done_key and config.forms.made(done_key) is not None:  # given already (a double tap)
        return RedirectResponse(f"/rulings/{ruling_id}", status_code=303)
    entry = await anyio.to_thread.run_sync(lambda: config.log.get(ruling_id))
    if entry is None:
        return not_found()
    version = parse_whole(form.get("version", ""), strip=False)
    meanwhile = see_other(f"/rulings/{ruling_id}",
                          error=messages.render("app.answered_meanwhile", {}, lang))
    if version != entry.version:  # answered meanwhile: not again
        return meanwhile
    text, _, value = form.get("answer", "").partition(":")
    index = parse_whole(text, strip=False)
    try:
        # the decisions the page asked: those of the case ruled now, each naming the
        # very call it is about (a ruling logged before they did is asked the same way)
        decisions = open_decisions(rule_data(config.host, entry.case, lang, reg)[1])
        about = form.get("about", "")
        if index is None or index >= len(decisions) \
                or (about and decision_about(decisions[index]) != about):
            raise DraftError("this question is no longer open", "app.problem.stale")
        case = answer_decision(entry.case, decisions[index], value)
        kind, ruling = rule_data(config.host, case, lang, reg)
    except DraftError as exc:
        return see_other(f"/rulings/{ruling_id}", error=words(exc, lang))
    except CaseError as exc:
        return see_other(f"/rulings/{ruling_id}", error=director_problem(
            str(exc), entry.kind, entry.case, lang))

    async def submit() -> int:  # written only while the page's version is still the
        # latest (the log's check, in its transaction: of two answers at once, one is
        # written)
        entry = await asyncio.wrap_future(config.log.submit(
            case, ruling, kind=kind, lang=lang, place=None, correcting=ruling_id,
            based_on=version))
        return entry.id

    try:
        await config.forms.once(done_key, submit)
    except StaleVersion:
        return meanwhile
    return RedirectResponse(f"/rulings/{ruling_id}", status_code=303)
