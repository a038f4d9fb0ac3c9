"""Fixtures and helpers for testing a td-plugin plugin: a pytest plugin.

Installing td-plugin declares this module under pytest's ``pytest11`` entry-point group,
so its fixtures are there in every test of a project that has td-plugin installed
(``pytest -p td_plugin.testing`` loads it by hand where entry points are off,
``-p no:td_plugin.testing`` leaves it out):

- ``plugin_host``: a `PluginHost` with the built-in plugins and the test's own, those the
  ``td_plugins`` fixture lists (a test module overrides it), and no installed entry
  points, so a test sees what it asks for and nothing else. The host reports a plugin
  that raises inside a hook instead of raising (`PluginError`); the fixture fails the
  test at its end if one did, naming the plugin and the hook.
- ``session_builder``: a new `SessionBuilder`.

`SessionBuilder` builds the records a test reviews, a board at a time, from the
notations a Director reads off a traveller::

    records = (SessionBuilder("club.pbn")
               .board(1).deal("N:AKQJ.T98.765.432 ...").contract("4S", "N").tricks(10)
               .board(2).auction("1NT Pass 3NT AP").tricks(8).lead("HK")
               .records())

A board's dealer and vulnerability are the standard ones of its number; its contract
comes from the auction when none is given; its score is worked out from contract,
tricks and vulnerability unless given (`score`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace
from typing import Any

import pytest

from td_plugin.errors import Location
from td_plugin.host.manager import PluginHost
from td_plugin.model.auction import Auction
from td_plugin.model.board import BoardRecord, standard_dealer, standard_vulnerability
from td_plugin.model.cards import Card, Seat
from td_plugin.model.contract import Contract
from td_plugin.model.deal import Deal
from td_plugin.model.play import Play
from td_plugin.model.scoring import score_ns
from td_plugin.model.session import Session

__all__ = ["SessionBuilder", "plugin_host", "session_builder", "td_plugins"]


class SessionBuilder:
    """A session's records, built board by board (see the module text). Every method but
    `records` and `session` returns the builder, so calls chain; the methods after
    `board` set a field of that board."""

    def __init__(self, path: str | None = None, *, name: str = "") -> None:
        self._path = path
        self._name = name
        self._boards: list[dict[str, Any]] = []

    def board(self, number: int, **fields: Any) -> SessionBuilder:
        """Start a board; ``fields`` set any `BoardRecord` field at once."""
        self._boards.append({"board": number, "dealer": standard_dealer(number),
                             "vulnerability": standard_vulnerability(number), **fields})
        return self

    def _set(self, **fields: Any) -> SessionBuilder:
        if not self._boards:
            raise ValueError("SessionBuilder: call board(number) before setting its fields")
        self._boards[-1].update(fields)
        return self

    def deal(self, pbn: str) -> SessionBuilder:
        """The deal in PBN (``N:AKQJ.T98.765.432 ...``)."""
        return self._set(deal=Deal.from_pbn(pbn))

    def auction(self, calls: str) -> SessionBuilder:
        """The calls from the dealer on, PBN tokens (``1S Pass 4S AP``)."""
        return self._set(auction=Auction.from_calls(self._boards[-1]["dealer"], calls))

    def contract(self, contract: str, declarer: Seat | str | None = None) -> SessionBuilder:
        """The contract in PBN (``4SX``) and its declarer."""
        return self._set(contract=Contract.from_pbn(contract, declarer))

    def tricks(self, tricks: int) -> SessionBuilder:
        """The tricks declarer took."""
        return self._set(declarer_tricks=tricks)

    def play(self, cards: str | Iterable[str]) -> SessionBuilder:
        """The cards in the order played, from the opening lead (declarer's left-hand
        opponent) on; each trick's winner leads the next."""
        contract = self._contract()
        if contract is None or contract.declarer is None:
            raise ValueError("SessionBuilder: a play needs a contract with its declarer first")
        cards = cards.split() if isinstance(cards, str) else list(cards)
        trump = contract.strain.suit if contract.strain else None
        return self._set(play=Play.from_played_order(contract.declarer.next, cards, trump))

    def lead(self, card: str) -> SessionBuilder:
        """The opening lead as a table terminal records it (``HK``)."""
        return self._set(lead=Card.from_pbn(card))

    def score(self, score_ns: int) -> SessionBuilder:
        """The recorded score from North-South's side (instead of the computed one)."""
        return self._set(score_ns=score_ns)

    def players(self, **names: str) -> SessionBuilder:
        """The players by seat: ``players(N="Hansen", S="Berg")``."""
        return self._set(players={Seat(seat): name for seat, name in names.items()})

    def set(self, **fields: Any) -> SessionBuilder:
        """Any other `BoardRecord` field of the board (``table="3"``, ``round=2``)."""
        return self._set(**fields)

    def _contract(self) -> Contract | None:
        fields = self._boards[-1] if self._boards else {}
        contract: Contract | None = fields.get("contract")
        if contract is None and fields.get("auction") is not None:
            contract = fields["auction"].contract()
        return contract

    def records(self) -> list[BoardRecord]:
        """The boards as `BoardRecord`s, each with its place in the session (``record``
        1, 2, ... and the builder's path)."""
        out = []
        for n, fields in enumerate(self._boards, 1):
            record = BoardRecord(**fields, location=Location(self._path, None, fields["board"], n))
            if record.contract is None and record.auction is not None:
                record = replace(record, contract=record.auction.contract())
            if "score_ns" not in fields:  # given by score(), board() or set()
                record = replace(record, score_ns=_score(record))
            out.append(record)
        return out

    def session(self) -> Session:
        """A `Session` with the records as its results."""
        return Session(name=self._name, path=self._path, results=self.records())


def _score(record: BoardRecord) -> int | None:
    contract, tricks, vul = record.contract, record.declarer_tricks, record.vulnerability
    if contract is None or contract.is_passed_out:
        return 0 if contract is not None else None
    if tricks is None or vul is None or contract.declarer is None:
        return None
    return score_ns(contract, tricks, vul.is_vulnerable(contract.declarer))


@pytest.fixture
def td_plugins() -> list[object]:
    """The plugins under test, registered by ``plugin_host`` after the built-ins: plugin
    modules or objects. Empty here; a test module overrides the fixture to list its own."""
    return []


@pytest.fixture
def plugin_host(td_plugins: list[object]) -> Iterator[PluginHost]:
    """A host with the built-in plugins and those of ``td_plugins``, without installed
    entry points. A plugin that raised inside a hook fails the test."""
    host = PluginHost(load_entrypoints=False)
    for plugin in td_plugins:
        if host.register(plugin) is None:
            failed = "; ".join(e.describe() for e in host.errors) or "it is blocked"
            pytest.fail(f"plugin {plugin!r} could not be registered: {failed}")
    yield host
    host.close()
    if host.errors:
        pytest.fail("a plugin failed during the test: "
                    + "; ".join(e.describe() for e in host.errors), pytrace=False)


@pytest.fixture
def session_builder() -> SessionBuilder:
    """A new `SessionBuilder`."""
    return SessionBuilder()
