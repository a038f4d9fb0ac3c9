"""The table app's pages, one module per family of pages: module-level endpoints that
read the app's `td_plugin.serve.pages.common.AppConfig` from ``request.app.state.config``
(`td_plugin.serve.app` puts the routes together).

- `td_plugin.serve.pages.home`: the home page, writing the rulings into the session, the
  page's language and regulation.
- `td_plugin.serve.pages.cases`: a case entered by taps, new or correcting a ruling.
- `td_plugin.serve.pages.rulings`: a ruling's page, and the decisions answered on it.
- `td_plugin.serve.pages.api`: the JSON API of the rulings.
- `td_plugin.serve.pages.common`: what they share: the configuration, rendering a page,
  the cookies and forms, ruling on a case.
"""
