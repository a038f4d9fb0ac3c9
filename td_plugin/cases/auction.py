"""The auction case as a case file holds it (kind ``auction``, docs/cases.md): the calls
as they were made, with what the Director established of each, read into an
`td_plugin.laws.auction.incident.Incident`. Every mistake is a `CaseFileError` that names
the entry (``calls[3]: unknown seat 'Q'``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from td_plugin.cases.reader import CaseReader, type_name
from td_plugin.errors import CaseFileError
from td_plugin.laws.auction.comparable_calls import HCP_RANGE, LENGTH_RANGE, Meaning
from td_plugin.laws.auction.incident import AwareFrom, Incident, IncidentCall, Options
from td_plugin.laws.regulations import OPTIONS
from td_plugin.model.auction import Auction, AuctionEntry, Call
from td_plugin.model.cards import Seat, Suit

__all__ = ["read_auction_case", "CASE_KEYS", "CALL_KEYS", "MAX_CALLS"]


CASE_KEYS = ("kind", "dealer", "vulnerable", "screens", "calls", "accept", "comparable",
             "final_auction", "declarer", "opening_lead_faced", "options", "board",
             "description", "recorded_declarer")


CALL_KEYS = ("seat", "call", "unintended", "intended", "shows", "meaning", "accept",
             "comparable", "aware_from", "withdraw", "simultaneous")


MEANING_KEYS = ("hcp", "suits", "purpose")


#: readings of the Laws a case may set over its regulation's (td_plugin.laws.regulations)
OPTION_KEYS = OPTIONS


AWARE_FROM = tuple(str(a) for a in AwareFrom)


#: the most calls a case's ``calls`` or ``final_auction`` may hold: the longest legal
#: auction has 319, irregular calls add a few (a case of thousands would hold the
#: table app's event loop for seconds)
MAX_CALLS = 400


class _AuctionReader(CaseReader):
    def meaning(self, value: Any, where: str) -> Meaning:
        m = self.mapping(value, where, MEANING_KEYS)
        hcp = self.range(m["hcp"], f"{where}.hcp", HCP_RANGE) if m.get("hcp") is not None \
            else None
        suits: dict[Suit, tuple[int, int]] = {}
        if m.get("suits") is not None:
            raw = m["suits"]
            if not isinstance(raw, Mapping):
                raise self.fail(f"{where}.suits", f"expected a mapping such as {{H: [4, 13]}}, "
                                                  f"not {type_name(raw)}")
            for k, v in raw.items():
                suit = self.suit(k, f"{where}.suits")
                suits[suit] = self.range(v, f"{where}.suits.{suit.value}", LENGTH_RANGE)
        purpose = m.get("purpose")
        if purpose is not None and not isinstance(purpose, str):
            raise self.fail(f"{where}.purpose", f"expected text, not {type_name(purpose)}")
        return Meaning.of(hcp, suits, purpose)

    def incident_call(self, value: Any, where: str) -> IncidentCall:
        if isinstance(value, str):
            parts = value.replace(":", " ").split()
            if len(parts) != 2:
                raise self.fail(where, f"expected 'SEAT CALL' such as 'S 1D', not {value!r}")
            return IncidentCall(self.seat(parts[0], where), self.call(parts[1], where))
        m = self.mapping(value, where, CALL_KEYS)
        for key in ("seat", "call"):
            if key not in m:
                raise self.fail(where, f"missing {key!r}")
        intended = m.get("intended")
        if intended is not None and not m.get("unintended"):
            raise self.fail(f"{where}.intended", "only on a call marked unintended: true "
                                                 "(what the player meant, Law 25A)")
        aware = m.get("aware_from")
        if aware is not None and aware not in AWARE_FROM:
            raise self.fail(f"{where}.aware_from", f"expected one of {', '.join(AWARE_FROM)}, "
                                                   f"not {aware!r}")
        return IncidentCall(
            seat=self.seat(m["seat"], where),
            call=self.call(m["call"], where),
            unintended=bool(self.flag(m.get("unintended"), f"{where}.unintended")),
            intended=self.call(intended, f"{where}.intended") if intended is not None
            else None,
            shows=self.suits(m["shows"], f"{where}.shows") if m.get("shows") is not None else None,
            meaning=self.meaning(m["meaning"], f"{where}.meaning")
            if m.get("meaning") is not None else None,
            accept=self.flag(m.get("accept"), f"{where}.accept"),
            comparable=self.flag(m.get("comparable"), f"{where}.comparable"),
            aware_from=AwareFrom(aware) if aware is not None else None,
            withdraw=self.flag(m.get("withdraw"), f"{where}.withdraw"),
            simultaneous=bool(self.flag(m.get("simultaneous"), f"{where}.simultaneous")),
        )

    def final_auction(self, value: Any, dealer: Seat
                      ) -> tuple[Auction, dict[int, frozenset[Suit]]]:
        items = value.split() if isinstance(value, str) else value
        if not isinstance(items, list):
            raise self.fail("final_auction", f"expected calls from the dealer, as text or a "
                                             f"list, not {type_name(value)}")
        if len(items) > MAX_CALLS:
            raise self.fail("final_auction", f"{len(items)} calls, more than an auction holds "
                                             f"(at most {MAX_CALLS}; the longest legal auction "
                                             f"has 319)")
        entries: list[AuctionEntry] = []
        shows: dict[int, frozenset[Suit]] = {}
        for i, item in enumerate(items):
            where = f"final_auction[{i}]"
            token = item.get("call") if isinstance(item, Mapping) else item
            if isinstance(item, Mapping):
                self.mapping(item, where, ("call", "shows"))
                if item.get("shows") is not None:
                    shows[len(entries)] = self.suits(item["shows"], f"{where}.shows")
            if isinstance(token, str) and token.strip().upper() == "AP":
                entries.extend([AuctionEntry(Call.PASS)] * 3)  # type: ignore[attr-defined]
            elif isinstance(token, str) and token.strip() == "^S":
                entries.append(AuctionEntry(None, skipped=True))
            else:
                entries.append(AuctionEntry(self.call(token, where)))
        return Auction(dealer, tuple(entries)), shows

    def case(self, data: Any) -> Incident:
        m = self.mapping(data, "", CASE_KEYS)
        if "dealer" not in m:
            raise self.fail("", "missing 'dealer'")
        dealer = self.seat(m["dealer"], "dealer")
        raw_calls = m.get("calls")
        if not isinstance(raw_calls, list) or not raw_calls:
            raise self.fail("calls", "expected a non-empty list of calls in the order they "
                                     "happened")
        if len(raw_calls) > MAX_CALLS:
            raise self.fail("calls", f"{len(raw_calls)} calls, more than an auction holds "
                                     f"(at most {MAX_CALLS}; the longest legal auction has 319)")
        calls = tuple(self.incident_call(c, f"calls[{i}]") for i, c in enumerate(raw_calls))
        vulnerable = (self.vulnerability(m["vulnerable"]) if m.get("vulnerable") is not None
                      else None)
        final, final_shows = (self.final_auction(m["final_auction"], dealer)
                              if m.get("final_auction") is not None else (None, {}))
        options = Options()
        if m.get("options") is not None:
            o = self.mapping(m["options"], "options", OPTION_KEYS)
            options = Options(**{k: self.flag(o.get(k), f"options.{k}") for k in OPTION_KEYS})
        board, description = self.notes(m)
        return Incident(
            dealer=dealer, calls=calls, vulnerable=vulnerable,
            screens=bool(self.flag(m.get("screens"), "screens")),
            accept=self.flag(m.get("accept"), "accept"),
            comparable=self.flag(m.get("comparable"), "comparable"),
            final_auction=final, final_shows=final_shows,
            declarer=self.seat(m["declarer"], "declarer") if m.get("declarer") is not None
            else None,
            recorded_declarer=self.seat(m["recorded_declarer"], "recorded_declarer")
            if m.get("recorded_declarer") is not None else None,
            opening_lead_faced=bool(self.flag(m.get("opening_lead_faced"), "opening_lead_faced")),
            options=options, board=board, description=description, source=self.source,
        )


def read_auction_case(data: Any, source: str | None = None) -> Incident:
    """An `Incident` from a case file's parsed data (``source`` names it in errors)."""
    return _AuctionReader(source).case(data)


def refuse_kind(kind: Any, kinds: list[str], source: str | None = None) -> CaseFileError:
    """The error for a case of a ``kind`` no law here rules, listing ``kinds``."""
    return _AuctionReader(source).fail("kind", f"unknown kind {kind!r} ({', '.join(kinds)})")
