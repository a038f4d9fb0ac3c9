"""td_plugin: a tournament director's assistant for duplicate bridge.

The core (this package) knows bridge and the Laws and no file format or host; the
`adapters` package knows the formats. Plugins import the marker from here::

    from td_plugin import hookimpl
"""

import pluggy

NAME = "td_plugin"
#: The marker for hook implementations; the entry-point group has the same name.
hookimpl = pluggy.HookimplMarker(NAME)

__version__ = "0.1.0"
__all__ = ["NAME", "hookimpl", "__version__"]
