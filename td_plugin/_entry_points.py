"""The installed entry points of a group, by `importlib.metadata`, only when one may exist.

Importing `importlib.metadata` (with the ``email``, ``zipfile`` and ``csv`` modules it
needs) and asking it for a group takes about 14 ms, a tenth of the start of every command,
while on most machines no installed distribution declares a td_plugin entry point.
`entry_points` first looks, with a directory listing of each folder on ``sys.path``, whether
any ``*.dist-info`` or ``*.egg-info`` there has a section of the group in its
``entry_points.txt``; only then does it ask `importlib.metadata`, which reads them as
always. Where the look cannot be sure (a zip or egg on the path, a finder of distributions
other than Python's own), it asks `importlib.metadata` too.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

__all__ = ["entry_points", "may_declare"]

_INFO = (".dist-info", ".egg-info")


def entry_points(group: str) -> list[EntryPoint]:
    """The entry points of ``group`` (`importlib.metadata.entry_points`)."""
    if not may_declare(group):
        return []
    from importlib.metadata import entry_points as installed

    return list(installed(group=group))


def may_declare(group: str) -> bool:
    """Whether a distribution on ``sys.path`` may declare entry points of ``group``: False
    only when every place distributions are found from is a folder and no
    ``entry_points.txt`` of the distributions in them has a section of the group."""
    from importlib.machinery import PathFinder

    for finder in sys.meta_path:
        if hasattr(finder, "find_distributions") and finder is not PathFinder:
            return True
    for entry in sys.path:
        folder = entry or "."
        if folder.lower().endswith(".egg"):
            return True
        try:
            names = os.listdir(folder)
        except NotADirectoryError:
            return True  # a zip file: distributions may be inside
        except (OSError, TypeError):
            continue  # nothing there (importlib.metadata skips it too)
        for name in names:
            if name.lower().endswith(_INFO) and _mentions(
                    os.path.join(folder, name, "entry_points.txt"), group):
                return True
    return False


def _mentions(path: str, group: str) -> bool:
    """Whether the ``entry_points.txt`` at ``path`` has a section ``[group]``."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
    except OSError:  # no such file (most distributions), or a file, not a folder
        return False
    if group not in text:
        return False
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("[") and line.endswith("]") and line.strip("[]").strip() == group:
            return True
    return False
