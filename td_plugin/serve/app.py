"""The table app (Starlette): its routes, each to an endpoint of `td_plugin.serve.pages`.

`create_app` builds the application for one session: the log it writes every ruling
to, the session file whose boards it knows (optional), the secret token, the default
language (`AppConfig`, which every endpoint reads from ``request.app.state.config``).
Every request passes `td_plugin.serve.guard.Guard` first.

The pages: the home page (`td_plugin.serve.pages.home`), a case entered by taps
(`td_plugin.serve.pages.cases`), a ruling's page (`td_plugin.serve.pages.rulings`), and
the JSON API (`td_plugin.serve.pages.api`). With a Bridgemate (``td_calls``), the
tables' calls for the Director: their pages and ``/api/td-calls``
(`td_plugin.serve.calls.pages`).
"""

from __future__ import annotations

from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from td_plugin.serve.calls.pages import routes as td_call_routes
from td_plugin.serve.guard import Guard
from td_plugin.serve.pages import api, cases, home, rulings
from td_plugin.serve.pages.common import (
    KINDS,
    PLACE_KEYS,
    AppConfig,
    Forbidden,
    form_of,
    in_session,
    lang_of,
    not_found,
    page,
    rule_data,
)

__all__ = ["AppConfig", "create_app", "rule_data", "in_session", "PLACE_KEYS"]

_STATIC = Path(__file__).resolve().parent / "static"


async def _not_found(request: Request, exc: Exception) -> Response:
    return not_found()


def create_app(config: AppConfig) -> Guard:
    """The app for one session, behind its guard."""
    routes: list[BaseRoute] = [
        Route("/", home.home, methods=["GET"]),
        Route("/session/write", home.write_back, methods=["POST"]),
        Route("/lang/{code}", home.set_lang, methods=["GET"]),
        Route("/regulation/{name}", home.set_regulation, methods=["GET"]),
        Route("/new/{kind}", cases.new_case, methods=["GET"]),
        Route("/new/{kind}", cases.post_case, methods=["POST"]),
        Route("/rulings/{id:int}", rulings.show_ruling, methods=["GET"]),
        Route("/rulings/{id:int}", rulings.answer, methods=["POST"]),
        Route("/rulings/{id:int}/edit", cases.edit_case, methods=["GET"]),
        Route("/rulings/{id:int}/edit", cases.post_case, methods=["POST"]),
        Route("/api/rulings", api.api_post, methods=["POST"]),
        Route("/api/rulings", api.api_list, methods=["GET"]),
        Route("/api/rulings/{id:int}", api.api_get, methods=["GET"]),
        Route("/api/rulings/{id:int}", api.api_correct, methods=["POST"]),
        Mount("/static", app=StaticFiles(directory=str(_STATIC)), name="static"),
    ]
    if config.td_calls is not None:
        routes[-1:-1] = td_call_routes(config.td_calls, page, form_of, Forbidden, KINDS, lang_of)
    app = Starlette(routes=routes, exception_handlers={404: _not_found})
    app.state.config = config
    return Guard(app, config.token, config.max_body, config.body_timeout, config.lang)
