"""``td-plugin serve``: the Director's phone app, where rulings are given at the table.

A small web application on a standard ASGI stack (Starlette, served by uvicorn, pages
from Jinja2 templates; no JavaScript, every asset inside the package): the Director
enters what happened by tapping, the same engine as ``td-plugin rule`` rules, and every
ruling goes into the session's log (`td_plugin.cases.log`) the moment it is given.

- `td_plugin.serve.guard`: the secret token, cross-site request and body-size checks
  every request passes first.
- `td_plugin.serve.app`: the app's routes.
- `td_plugin.serve.pages`: the pages and the JSON API, one module per family of pages.
- `td_plugin.serve.draft`: a case being entered by taps, and what each tap does to it.
- `td_plugin.serve.views`: what the pages show of a ruling, and the templates' helpers.
- `td_plugin.serve.boards`: the session's results, for picking the table.
"""
