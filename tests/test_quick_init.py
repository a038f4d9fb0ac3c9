"""`td_plugin._quick_init`: the quicker ``__init__`` of the frozen dataclasses made for every
record keeps what the dataclass's own does (signature, defaults, default factories,
``__post_init__``, frozen, equality, pickling)."""

from __future__ import annotations

import dataclasses
import inspect
import pickle
from dataclasses import dataclass, field

import pytest

from td_plugin._quick_init import quick_init
from td_plugin.errors import Location
from td_plugin.model.board import BoardRecord
from td_plugin.model.findings import Finding, FindingKind


@dataclass(frozen=True)
class _Plain:
    a: int
    b: str = "b"
    c: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        object.__setattr__(self, "b", self.b.upper())


@quick_init
@dataclass(frozen=True)
class _Quick:
    a: int
    b: str = "b"
    c: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        object.__setattr__(self, "b", self.b.upper())


def test_the_same_signature_defaults_and_post_init() -> None:
    assert str(inspect.signature(_Quick)) == str(inspect.signature(_Plain))
    for args, kw in (((1,), {}), ((1, "x"), {}), ((1,), {"c": [2]}), ((), {"a": 3, "b": "y"})):
        plain, quick = _Plain(*args, **kw), _Quick(*args, **kw)
        assert dataclasses.astuple(plain) == dataclasses.astuple(quick)
    assert _Quick(1).c is not _Quick(1).c  # a new list from the factory each time
    with pytest.raises(TypeError):
        _Quick()  # type: ignore[call-arg]


def test_still_frozen_equal_hashed_and_pickled() -> None:
    q = _Quick(1, "x", [])
    with pytest.raises(dataclasses.FrozenInstanceError):
        q.a = 2  # type: ignore[misc]
    assert q == _Quick(1, "X") and q != _Quick(2)
    assert pickle.loads(pickle.dumps(q)) == q
    loc = Location("f.pbn", 3, 1, 2)
    assert hash(loc) == hash(Location("f.pbn", 3, 1, 2))
    assert dataclasses.replace(loc, line=4) == Location("f.pbn", 4, 1, 2)


def test_the_model_classes_keep_their_behaviour() -> None:
    record = BoardRecord(board=7)
    assert record.players == {} and record.extra == {} and record.location == Location()
    assert record.extra is not BoardRecord().extra
    finding = Finding("card_not_held", "consistency.card_not_held")
    assert finding.kind is FindingKind.CARD_NOT_HELD  # its __post_init__ ran


def test_refuses_what_it_cannot_keep() -> None:
    @dataclass
    class NotFrozen:
        a: int

    @dataclass(frozen=True, slots=True)
    class Slotted:
        a: int

    @dataclass(frozen=True)
    class KeywordOnly:
        a: int = field(kw_only=True)

    for cls in (NotFrozen, Slotted, KeywordOnly):
        with pytest.raises(TypeError):
            quick_init(cls)
