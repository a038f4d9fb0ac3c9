"""The pages where the Director enters a case by taps (`td_plugin.serve.draft`): a new
case of a kind, or a logged ruling's case being corrected.

Each tap is a form post (Post/Redirect/Get): the draft after the tap travels in the
address of the page redirected to, so the phone can reload it and go back; ``rule``
rules on the case and logs the ruling.

- ``GET /new/{kind}``, ``POST /new/{kind}``: a new case of ``kind`` (`KINDS`).
- ``GET /rulings/{id}/edit``, ``POST /rulings/{id}/edit``: the case of ruling ``id``,
  whose ruling, once ruled again, is the ruling's next version.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import Any

import anyio
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response

from td_plugin import messages
from td_plugin.cases.log import StaleVersion
from td_plugin.errors import CaseError, CaseFileError, DraftError, InvalidTokenError
from td_plugin.laws import flow_module
from td_plugin.laws.auction.incident import CASE_FIELDS
from td_plugin.model.cards import SEAT_LETTERS, Card
from td_plugin.model.names import card_msg
from td_plugin.model.numbers import parse_whole
from td_plugin.serve.draft import (
    Draft,
    apply,
    correcting_seat,
    is_decision,
    questions_of,
)
from td_plugin.serve.once import form_id, new_form_id
from td_plugin.serve.pages.common import (
    KINDS,
    AppConfig,
    Forbidden,
    config_of,
    forbidden,
    form_of,
    in_session,
    lang_of,
    not_found,
    page,
    regulation_of,
    rule_data,
    ruling_object,
    see_other,
    words,
)
from td_plugin.serve.views import auction_grid, dealt_holder, director_problem, fact, ruling_view

__all__ = ["new_case", "edit_case", "post_case", "next_to_call"]


def _editor_page(request: Request, draft: Draft, form: str | None = None) -> HTMLResponse:
    """The page of a draft: its questions (or the auction's bidding box), and the ruling
    it has so far, or why it has none yet; ``form``, its one-time value where the address
    carries none (else the page makes one)."""
    config = config_of(request)
    lang = lang_of(request)
    reg = regulation_of(request)
    preview, pending = None, None
    questions = flow_module(draft.kind) is not None
    steps, question = questions_of(draft)
    if (questions and question is None) or (not questions and draft.calls):
        try:
            preview = ruling_view(ruling_object(config, draft.case, lang, reg),
                                  draft.case, lang)
        except (CaseError, CaseFileError) as exc:
            pending = director_problem(getattr(exc, "bare_message", str(exc)),
                                       draft.kind, draft.case, lang)
    calls = ([draft.call_at(i) for i in range(len(draft.calls))]
             if draft.kind == "auction" else [])
    action = f"/rulings/{draft.correcting}/edit" if draft.correcting is not None else f"/new/{draft.kind}"
    picked = config.boards.find(draft.place) if draft.place.board else None
    final = draft.case.get("final_auction")
    final_grid = auction_grid(final, draft.case["dealer"]) \
        if isinstance(final, list) and final and draft.case.get("dealer") in SEAT_LETTERS else []
    # the Director's own facts: shown open (the session's declarer is recorded apart)
    more_open = any(fact(draft.case, f.key) is not None for f in CASE_FIELDS)
    holder = dealt_holder(draft.kind, question, draft.case) if picked else None
    dealt = picked.holding(holder) if picked and holder else None  # the cards offered
    return page(request, "case_questions.html" if questions else "case_auction.html",
                final_grid=final_grid, more_open=more_open,
                hands=picked.hands if picked else None, dealt=dealt, holder=holder,
                dealt_suits={card[0] for card in dealt or ()},
                draft=draft, calls=calls, view=preview, preview=preview, pending=pending,
                picked=picked, action_url=action, steps=steps,
                question=question, form_id=form)


def _check_dealt(config: AppConfig, draft: Draft, action: str) -> None:
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


def _draft_of(request: Request, fallback: Draft) -> Draft:
    """The draft the address shows (after a tap), else ``fallback``."""
    packed = request.query_params.get("draft")
    return Draft.unpack(packed) if packed else fallback


def _see_draft(draft: Draft, error: str | None = None, form: str | None = None) -> Response:
    """Post/Redirect/Get: the page of the draft after a tap, which the phone can
    reload and go back to; ``form``, the page's one-time value (`td_plugin.serve.once`),
    goes with it."""
    path = f"/rulings/{draft.correcting}/edit" if draft.correcting is not None else f"/new/{draft.kind}"
    return see_other(path, draft=draft.pack(), error=error, form=form_id(form))


def _based_on(draft: Draft) -> int | None:
    """The version a correction was made from (a page opened before versions were
    carried: version 0, which no ruling has, so it is refused as made from an older
    one); None for a new ruling."""
    if draft.correcting is None:
        return None
    return draft.version if draft.version is not None else 0


def next_to_call(ruling: Mapping[str, Any], seat: str | None) -> str | None:
    """The seat the Laws call on next in a ruling (``next`` of ``rule --json``), else
    ``seat``."""
    nxt = ruling.get("next")
    return nxt if nxt in SEAT_LETTERS else seat


async def new_case(request: Request) -> Response:
    kind = request.path_params["kind"]
    if kind not in KINDS:
        return not_found()
    try:
        draft = _draft_of(request, Draft.new(kind))
    except DraftError as exc:
        return see_other("/", error=words(exc, lang_of(request)))
    if draft.kind != kind or draft.correcting is not None:
        return _see_draft(draft, form=request.query_params.get("form"))
    return _editor_page(request, draft)


async def edit_case(request: Request) -> Response:
    config = config_of(request)
    entry = await anyio.to_thread.run_sync(
        lambda: config.log.get(request.path_params["id"]))
    if entry is None or entry.kind not in KINDS:
        return not_found()
    seat = entry.ruling.get("next") if entry.kind == "auction" else None
    draft = Draft(entry.kind, dict(entry.case), entry.place, correcting=entry.id,
                  finished=True, seat=seat if seat in SEAT_LETTERS else None,
                  version=entry.version)
    try:
        draft = _draft_of(request, draft)
    except DraftError as exc:
        return see_other(f"/rulings/{entry.id}", error=words(exc, lang_of(request)))
    if draft.correcting != entry.id:
        return _see_draft(draft, form=request.query_params.get("form"))
    # the correction of a version, opened again (Back): the same one-time value
    opened = None if form_id(request.query_params.get("form")) else \
        config.forms.key("edit", entry.id, entry.version)[:16]
    return _editor_page(request, draft, opened)


def _tapped(config: AppConfig, draft: Draft, action: str, form: Mapping[str, str]) -> Draft:
    """The draft after the tap ``action``; a tap on a table's result of the board
    (``pick:N``) takes what the session knows of it.

    :raises DraftError: the tap does not fit the draft.
    """
    _check_dealt(config, draft, action)
    tapped = apply(draft, action, form)
    verb, _, index = action.partition(":")
    if verb == "pick":  # a tap on a table's result of the board
        number = parse_whole(index, strip=False)
        picked = config.boards.result(number) if number is not None else None
        if picked is None:
            raise DraftError(f"no result {index!r} in the session", "app.pick.gone")
        tapped = tapped.take(picked.facts(), picked.place)
    return tapped


async def post_case(request: Request) -> Response:
    config = config_of(request)
    try:
        form = await form_of(request)
    except Forbidden:
        return forbidden(request)
    lang = lang_of(request)
    reg = regulation_of(request)
    try:
        draft = Draft.loads(form.get("draft", ""))
    except DraftError as exc:
        return see_other("/", error=words(exc, lang_of(request)))
    action = form.get("action", "")
    posted = form_id(form.get("form"))
    # a post that rules is known by its page's one-time value and the case it posts
    done_key = config.forms.key(posted, form.get("draft")) if posted and action == "rule" \
        else None
    once = posted or new_form_id()  # the page after the tap carries one from now on
    made = config.forms.made(done_key) if done_key else None
    if made is not None:  # done already (Back, then the same button): its ruling
        return RedirectResponse(f"/rulings/{made}", status_code=303)
    try:
        tapped = _tapped(config, draft, action, form)
    except DraftError as exc:
        return _see_draft(draft, words(exc, lang), once)
    draft = tapped
    if is_decision(action):  # the next call is of the player the Laws call on
        try:
            draft.seat = next_to_call(rule_data(config.host, draft.case, lang, reg)[1],
                                      draft.seat)
        except CaseError:  # not rulable yet: an unintended call's correction to come
            draft.seat = correcting_seat(draft, action) or draft.seat
    if action != "rule":
        return _see_draft(draft, form=once)
    try:
        in_session(config, draft.place)
        kind, ruling = rule_data(config.host, draft.case, lang, reg)
    except CaseError as exc:
        return _see_draft(draft, director_problem(str(exc), draft.kind, draft.case, lang), once)

    async def submit() -> int:
        entry = await asyncio.wrap_future(config.log.submit(
            draft.case, ruling, kind=kind, lang=lang, place=draft.place,
            correcting=draft.correcting, based_on=_based_on(draft)))
        return entry.id

    try:
        made = await config.forms.once(done_key, submit)
    except KeyError:  # a draft correcting no ruling of the log
        return not_found()
    except StaleVersion as exc:  # another phone corrected it since: its version shown
        return see_other(f"/rulings/{draft.correcting}", error=messages.render(
            "app.corrected_meanwhile", {"version": exc.latest.version,
                                        "at": exc.latest.at[11:16]}, lang))
    return RedirectResponse(f"/rulings/{made}", status_code=303)
