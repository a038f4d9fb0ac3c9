"""The garbage collector paused where a command makes objects that live on: its start
(modules, classes, the plugin host) and the review of a part of a file.

Python's collector passes over the objects made since its last pass, again and again
while they live. At start-up all of them live on and none is in a reference cycle, so
the passes are wasted: about 5 ms of the 80 before an audit starts reading. `paused`
leaves them out, and freezes what was made (`gc.freeze`) for no later pass to walk it again; an
object frozen is still freed as usual when nothing refers to it any more.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["paused"]


@contextmanager
def paused() -> Iterator[None]:
    """No automatic pass of the collector inside; what lives on at the end is frozen. A
    collector turned off before stays off."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if enabled:
            gc.enable()
