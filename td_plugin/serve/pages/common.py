"""What the table app's pages share: the app's configuration (`AppConfig`, read from
``request.app.state.config``), the page's language and regulation (a cookie each),
rendering a page, reading a form with its check value, redirects, and ruling on a case
through the plugin host (`rule_data`).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

from jinja2 import Environment
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse

from td_plugin import messages
from td_plugin.cases.files import parse_case
from td_plugin.cases.log import RulingLog
from td_plugin.cases.place import check_place
from td_plugin.errors import CaseError, CaseFileError, DraftError
from td_plugin.laws import FAMILIES
from td_plugin.laws.context import ReviewContext
from td_plugin.messages import LANGUAGES
from td_plugin.model.place import Place
from td_plugin.serve.boards import SessionBoards
from td_plugin.serve.guard import BODY_TIMEOUT, MAX_BODY, cookie_value, refusal_page, same_secret
from td_plugin.serve.once import DoneForms, form_id, new_form_id
from td_plugin.serve.views import environment, helpers

if TYPE_CHECKING:
    from td_plugin.host.manager import PluginHost
    from td_plugin.serve.calls.desk import CallDesk

__all__ = ["AppConfig", "KINDS", "PLACE_KEYS", "config_of", "lang_of",
           "regulation_of", "page", "Forbidden", "form_of", "forbidden", "not_found",
           "see_other", "words", "in_session", "rule_data", "ruling_object"]

#: Keys of a posted ruling that say where it happened rather than what happened.
PLACE_KEYS = ("section", "table", "round")
#: The kinds of case the pages enter (``/new/{kind}``).
KINDS = tuple(FAMILIES)


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
    #: the tables' calls from the Bridgemate (`td_plugin.serve.calls.desk`), or None
    td_calls: CallDesk | None = None
    #: the form posts that made a ruling, each done once (`td_plugin.serve.once`)
    forms: DoneForms = field(default_factory=DoneForms)


def config_of(request: Request) -> AppConfig:
    """The configuration of the app serving ``request``."""
    config: AppConfig = request.app.state.config
    return config


# --- the page's choices --------------------------------------------------------------------

def _cookie(request: Request, name: str) -> str | None:
    """A cookie of the app, read in one pass (Starlette's ``request.cookies`` unquotes every
    cookie of the header, in time quadratic in a run of backslashes)."""
    return cookie_value(request.headers.get("cookie", ""), name)


def lang_of(request: Request) -> str:
    """The language the pages speak: the request's, the page's choice (a cookie), else
    the app's."""
    config = config_of(request)
    lang = request.query_params.get("lang") or _cookie(request, "td_lang") or config.lang
    return lang if lang in LANGUAGES else config.lang


def regulation_of(request: Request) -> str:
    """The regulation the pages rule under: the request's, the page's choice (a cookie),
    else the app's."""
    config = config_of(request)
    name = (request.query_params.get("regulation") or _cookie(request, "td_regulation")
            or config.regulation)
    return name if name in config.host.regulations().names() else config.regulation


# --- pages, forms and redirects ------------------------------------------------------------

@functools.cache
def _templates() -> Environment:
    return environment()


def page(request: Request, name: str, status: int = 200, **context: Any) -> HTMLResponse:
    """The template ``name`` rendered for ``request``, in the page's language, with the
    session's boards, the kinds of case, the regulations and the tables' calls, and with
    the error a redirect carried (a tap that could not be done) unless ``context`` has
    one."""
    config = config_of(request)
    lang = lang_of(request)
    if context.get("error") is None and request.query_params.get("error"):
        # a tap that could not be done, told on the page the post redirected to
        context["error"] = request.query_params["error"][:500]
        status = 400
    # the form's one-time value: the page's own, the address's (Back gives the same),
    # else a new one
    once = context.pop("form_id", None) or form_id(request.query_params.get("form")) \
        or new_form_id()
    values = {**helpers(lang), "request": request, "csrf": request.scope["state"]["csrf"],
              "form_id": once,
              "boards": config.boards, "kinds": KINDS,
              "regulation": regulation_of(request),
              "regulations": config.host.regulations().names(), "td_calls": config.td_calls,
              **context}
    return HTMLResponse(_templates().get_template(name).render(values), status_code=status)


class Forbidden(Exception):
    """A form post without the page's check value."""


async def form_of(request: Request) -> dict[str, str]:
    """The text fields of a posted form.

    :raises Forbidden: the form's check value is not this session's.
    """
    form = await request.form()
    values = {k: v for k, v in form.items() if isinstance(v, str)}
    state = request.scope["state"]
    if not state.get("by_request") and not same_secret(values.get("csrf"), state["csrf"]):
        raise Forbidden
    return values


def forbidden(request: Request) -> HTMLResponse:
    """A form post whose check value is wrong: the page it came from is not this
    session's (a server started with a new token); say what to do."""
    return HTMLResponse(refusal_page("form", lang_of(request)), status_code=403)


def not_found() -> PlainTextResponse:
    """The answer to an address the app has nothing at."""
    return PlainTextResponse("Not Found", status_code=404)


def see_other(path: str, **query: str | None) -> RedirectResponse:
    """A redirect (303 See Other) to ``path`` with the ``query`` values given."""
    values = {k: v for k, v in query.items() if v}
    return RedirectResponse(path + (f"?{urlencode(values)}" if values else ""), status_code=303)


def words(exc: DraftError, lang: str) -> str:
    """A refused tap, in the Director's words in the page's language."""
    return messages.render(exc.msg.key, exc.msg.params, lang)


# --- ruling on a case ----------------------------------------------------------------------

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


def ruling_object(config: AppConfig, case: Mapping[str, Any], lang: str,
                  regulation: str) -> Any:
    """The ruling object on a case (what `td_plugin.serve.views.ruling_view` shows).

    :raises CaseFileError: the case cannot be read.
    :raises CaseError: no plugin ruled.
    """
    incident = parse_case(case)
    ruling, _errors = config.host.report_incident(
        incident, ReviewContext(language=lang, regulation=config.host.regulation(regulation)))
    if ruling is None:
        raise CaseError("no plugin ruled on this case")
    return ruling
