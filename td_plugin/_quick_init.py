"""A quicker ``__init__`` for the frozen dataclasses made by the ten thousand for each file
read (records, tricks, locations, findings).

A frozen dataclass's own ``__init__`` sets each field through ``object.__setattr__``, a
call per field; `quick_init` gives it one that stores the fields straight into the new
instance's ``__dict__`` (a class of one field keeps the ``object.__setattr__`` call, which
leaves the instance without a ``__dict__`` object of its own), with the same
signature, defaults and default factories, and ``__post_init__`` called after. Nothing
else of the class changes: it stays frozen, compared, hashed and printed as before.
"""

from __future__ import annotations

import dataclasses
import inspect
from typing import Any, TypeVar

__all__ = ["quick_init"]

_T = TypeVar("_T")

#: a class of at most this many fields sets them one by one: its instance then needs no
#: ``__dict__`` object of its own, one object fewer for the garbage collector to visit
#: (worth it for one field: for more, the calls cost more than the object saves)
_FEW_FIELDS = 1


def quick_init(cls: type[_T]) -> type[_T]:
    """Replace the ``__init__`` of ``cls``, a frozen dataclass without ``__slots__``,
    init-only or keyword-only fields (applied below ``@dataclass(frozen=True)``)."""
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or "__slots__" in cls.__dict__:
        raise TypeError(f"{cls.__name__}: quick_init is for frozen dataclasses without slots")
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    original = cls.__init__
    own = list(inspect.signature(original).parameters)[1:]
    if own != [f.name for f in fields] or any(not f.init or f.kw_only for f in fields):
        raise TypeError(f"{cls.__name__}: quick_init takes plain fields only (no init-only, "
                        "keyword-only or left-out field)")
    names: dict[str, Any] = {"_FACTORY": _FACTORY, "_setattr": object.__setattr__}
    few = len(fields) <= _FEW_FIELDS
    args, body = [], [] if few else ["    d = self.__dict__"]
    for f in fields:
        value = f.name
        if f.default is not dataclasses.MISSING:
            names[f"_d_{f.name}"] = f.default
            args.append(f"{f.name}=_d_{f.name}")
        elif f.default_factory is not dataclasses.MISSING:
            names[f"_f_{f.name}"] = f.default_factory
            args.append(f"{f.name}=_FACTORY")
            value = f"_f_{f.name}() if {f.name} is _FACTORY else {f.name}"
        else:
            args.append(f.name)
        if few:
            body.append(f"    _setattr(self, {f.name!r}, {value})")
        else:
            body.append(f"    d[{f.name!r}] = {value}")
    if hasattr(cls, "__post_init__"):
        body.append("    self.__post_init__()")
    source = f"def __init__(self, {', '.join(args)}):\n" + "\n".join(body) + "\n"
    # compiled without this module's own ``from __future__`` flags (dont_inherit): the
    # method is plain code of the class's module
    exec(compile(source, f"<quick_init {cls.__module__}.{cls.__qualname__}>", "exec",
                 dont_inherit=True), names)
    init = names["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    init.__doc__ = original.__doc__
    init.__annotations__ = dict(original.__annotations__)
    setattr(cls, "__init__", init)  # noqa: B010 - a method put in place
    return cls


class _Factory:
    """The default of a field with a default factory (the factory is called)."""

    def __repr__(self) -> str:
        return "<factory>"


_FACTORY = _Factory()
