"""The Bridgemate Data Connector as a plugin (``bridgemate_dc``): connects to the Data
Connector of BCS 5 (`adapters.bridgemate_dc.link`) for ``td-plugin serve --bridgemate``. The
client comes with the ``td-plugin[bridgemate]`` extra; without it the plugin answers
nothing and the host says what to install. The adapter's module is imported only when a
connection is asked for."""

from __future__ import annotations

import importlib.util
from typing import TYPE_CHECKING

from td_plugin import hookimpl

if TYPE_CHECKING:
    from td_plugin.host.services import ServiceCredentials, ServiceLink


@hookimpl
def td_connect_service(url: str | None, credentials: ServiceCredentials,
                       session_id: str | None) -> ServiceLink | None:
    """An ``http(s)://`` address (or none: the Data Connector on this computer) is a Data
    Connector's, when its client is installed."""
    if url is not None and not url.lower().startswith(("http://", "https://")):
        return None
    if importlib.util.find_spec("bridgemate_dataconnector") is None:
        return None
    from adapters.bridgemate_dc.link import DataConnectorLink

    return DataConnectorLink(url, credentials, session_id)
