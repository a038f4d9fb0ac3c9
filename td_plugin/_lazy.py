"""Names a package offers from its modules, each imported when first asked for: the
package's ``__getattr__`` and ``__dir__`` (PEP 562). Importing the package, or one module
of it, imports nothing else; a name once looked up is kept in the package's namespace."""

from __future__ import annotations

import importlib
import sys
import warnings
from collections.abc import Callable, Iterable, Mapping
from typing import Any

__all__ = ["lazy_names", "moved_module"]


def lazy_names(package: str, modules: Mapping[str, Iterable[str]]
               ) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """``__getattr__`` and ``__dir__`` for ``package``, offering each name of ``modules``
    (a module's full name -> the names it gives)."""
    where = {name: module for module, names in modules.items() for name in names}

    def __getattr__(name: str) -> Any:
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        setattr(sys.modules[package], name, value)
        return value

    def __dir__() -> list[str]:
        return sorted(set(vars(sys.modules[package])) | set(where))

    return __getattr__, __dir__


def moved_module(old: str, *new: str) -> Callable[[str], Any]:
    """``__getattr__`` for a module whose names moved from ``old`` to the modules ``new``:
    each name is taken from the first that has it, with a `DeprecationWarning` that says
    where to import it from now."""

    def __getattr__(name: str) -> Any:
        if name.startswith("__"):  # what the import system asks a module (__path__, ...)
            raise AttributeError(name)
        for module in new:
            value = getattr(importlib.import_module(module), name, _MISSING)
            if value is not _MISSING:
                warnings.warn(f"{old} is deprecated and goes in the next minor release: "
                              f"import {name} from {module}", DeprecationWarning, stacklevel=2)
                return value
        raise AttributeError(f"module {old!r} has no attribute {name!r}")

    return __getattr__


_MISSING = object()
