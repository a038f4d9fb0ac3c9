"""Entering a case by taps: the draft the Director builds on the phone, and what each tap
does to it.

The page carries the draft (the case as a case file would hold it, where it happened,
and which call is open for details) in a hidden field, so the app keeps no state between
taps and a page can be reloaded. `apply` takes a draft and one tap (``action``, plus the
form's fields) and returns the new draft; nothing here knows HTTP or HTML.

Cases entered by questions (`td_plugin.laws.facts`; a revoke follows the flowchart of
seed article 002): one question at a time, each answer showing the clause it leads to; an
earlier answer can be changed.

Auction cases: the Director picks who called and taps the call in the bidding box; the
seat moves on clockwise. A tap on a call in the list opens it: unintended (25A), the
suits an artificial call showed, and its meaning for Law 23 (strength, a suit's length, a
stated purpose).
"""

from __future__ import annotations

import base64
import json
import zlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from td_plugin.cases.log import MAX_ID
from td_plugin.errors import DraftError, InvalidTokenError, QuestionError
from td_plugin.laws import FAMILIES, fact_family, flow_module
from td_plugin.laws.auction.comparable_calls import HCP_RANGE, LENGTH_RANGE
from td_plugin.laws.auction.incident import CALL_FIELDS, CASE_FIELDS
from td_plugin.laws.facts import MORE, FactField, Question, Step, choices_of
from td_plugin.model.auction import Call
from td_plugin.model.cards import SEAT_LETTERS, SUIT_LETTERS, Seat
from td_plugin.model.place import Place
from td_plugin.serve.weighted import PREFIX as WEIGHTED
from td_plugin.serve.weighted import weighted_judgement

__all__ = ["Draft", "apply", "answer_decision", "questions_of", "question_key",
           "USUAL_ANSWERS", "correcting_seat", "is_decision", "drop_stale_answers",
           "drop_stale_decisions", "ANSWERS",
           "VULNERABILITIES", "BID_STRAINS"]

VULNERABILITIES = ("None", "NS", "EW", "All")
BID_STRAINS = ("C", "D", "H", "S", "NT")
_MAX_CALLS = 80
#: What an auction case takes from the session's record: the board's dealer and
#: vulnerability, and who declared the contract it reached, as the case's
#: ``recorded_declarer``: a default that the auction entered overrides (Law 26B reads
#: the auction's declarer, and while the auction is not over nobody's).
_FROM_SESSION = {"dealer": "dealer", "vulnerable": "vulnerable",
                 "declarer": "recorded_declarer"}
_MAX_DRAFT = 256 * 1024  # the largest draft read back from an address, in bytes
#: The longest packed draft (`Draft.pack`) a page's address carries: well within what
#: every HTTP parser takes for a request line (a real case packs into a few hundred).
MAX_PACKED = 8 * 1024


def _take_session_facts(case: dict[str, Any], facts: Mapping[str, Any]) -> None:
    """An auction case's facts from a table's result (`_FROM_SESSION`); a result without
    a declarer leaves none recorded."""
    for key, name in _FROM_SESSION.items():
        if key in facts:
            case[name] = facts[key]
        elif name == "recorded_declarer":
            case.pop(name, None)


def _unreadable() -> DraftError:
    return DraftError("the page's draft cannot be read; start again", "app.problem.draft")


@dataclass
class Draft:
    """A case being entered: its ``kind``, the ``case`` as a case file holds it, the
    ``place``, the seat whose call the bidding box enters next, the call whose details
    are open, and the ruling it corrects (None: a new ruling)."""

    kind: str = "auction"
    case: dict[str, Any] = field(default_factory=dict)
    place: Place = field(default_factory=Place)
    seat: str | None = None
    open_call: int | None = None
    correcting: int | None = None
    finished: bool = False  # revoke cases: no other revoke on the board
    asking: str | None = None  # revoke cases: an answered question asked again
    final: bool = False  # auction cases: the bidding box enters the final auction
    doubled: str = ""  # revoke cases: the contract is being entered doubled or redoubled
    assumed: list[str] = field(default_factory=list)  # questions given their usual answer
    #: the version of the ruling ``correcting`` the correction was made from: saved only
    #: while that is still the ruling's latest (`td_plugin.cases.log.StaleVersion`)
    version: int | None = None

    @classmethod
    def new(cls, kind: str = "auction", facts: Mapping[str, Any] | None = None,
            place: Place = Place()) -> Draft:
        module = flow_module(kind)
        if module is not None:
            return cls(kind, {"kind": kind, **_start(module, facts or {})}, place)
        case: dict[str, Any] = {"dealer": "N", "calls": []}
        if facts:
            _take_session_facts(case, facts)
        return cls(kind, case, place, seat=case["dealer"])

    def take(self, facts: Mapping[str, Any], place: Place) -> Draft:
        """The draft with what the session knows of a table's result: dealer and
        vulnerability, declarer (and the first call's seat), or for a revoke the board's
        facts."""
        case = json.loads(json.dumps(self.case))
        module = flow_module(self.kind)
        if module is not None:
            case.update(_start(module, facts))
            drop_stale_decisions(self.case, case, module)
            return replace(self, case=case, place=place)
        _take_session_facts(case, facts)
        drop_stale_answers(self.case, case)
        seat = self.seat if self.calls else case.get("dealer", self.seat)
        return replace(self, case=case, place=place, seat=seat)

    @classmethod
    def loads(cls, text: str) -> Draft:
        """The draft from the page's hidden field.

        :raises DraftError: not a draft.
        """
        try:
            data = json.loads(text)
            place = Place(**data.get("place", {}))
            draft = cls(str(data["kind"]), dict(data["case"]), place, seat=data.get("seat"),
                        open_call=data.get("open_call"), correcting=data.get("correcting"),
                        finished=bool(data.get("finished")), asking=data.get("asking"),
                        doubled=str(data.get("doubled") or ""), final=bool(data.get("final")),
                        assumed=[str(k) for k in data.get("assumed") or []],
                        version=data.get("version"))
        except (ValueError, TypeError, KeyError, AttributeError):
            raise _unreadable() from None
        problem = _shape_problem(draft)
        if problem is not None:
            raise DraftError(f"the page's draft cannot be read: {problem}",
                             "app.problem.draft_shape", problem=problem)
        return draft

    def dumps(self) -> str:
        return json.dumps({"kind": self.kind, "case": self.case, "place": self.place.to_json(),
                           "seat": self.seat, "open_call": self.open_call,
                           "correcting": self.correcting, "finished": self.finished,
                           "asking": self.asking, "doubled": self.doubled,
                           "final": self.final, "assumed": self.assumed,
                           "version": self.version},
                          ensure_ascii=False)

    def pack(self) -> str:
        """The draft as a short URL-safe text, for the address of the page that shows it
        (`unpack` reads it back)."""
        return base64.urlsafe_b64encode(zlib.compress(self.dumps().encode(), 9)).decode()

    @classmethod
    def unpack(cls, text: str) -> Draft:
        """The draft from `pack`'s text.

        :raises DraftError: not a draft.
        """
        try:
            raw = zlib.decompressobj().decompress(base64.urlsafe_b64decode(text.encode()),
                                                  _MAX_DRAFT)
        except (ValueError, zlib.error):
            raise _unreadable() from None
        return cls.loads(raw.decode("utf-8", "replace"))

    @property
    def calls(self) -> list[Any]:
        calls: list[Any] = self.case.setdefault("calls", [])
        return calls

    def call_at(self, index: int) -> dict[str, Any]:
        """Call ``index`` as a mapping (short forms such as ``"S 1D"`` are expanded)."""
        calls = self.calls
        if not 0 <= index < len(calls):
            raise DraftError(f"there is no call {index + 1}", "app.problem.no_call", n=index + 1)
        item = calls[index]
        if isinstance(item, str):
            seat, _, call = item.partition(" ")
            item = calls[index] = {"seat": seat, "call": call.strip()}
        entry: dict[str, Any] = item
        return entry



#: What a call of an auction draft may hold beside its seat and call, and the shape of
#: each value (the case file's own check comes after: this one keeps the app's code to
#: the shapes it reads).
_CALL_FLAGS = tuple(f.key for f in CALL_FIELDS if f.input == "bool") + ("unintended",)
_CALL_CHOICES = tuple(f.key for f in CALL_FIELDS if f.input != "bool")


def _is_count(value: Any, top: int = 10**6) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= top


def _is_count_text(value: Any) -> bool:
    """A count as a draft keeps it: none yet, a whole number, or its digits."""
    return value is None or (isinstance(value, int) and not isinstance(value, bool)
                             and 0 <= value <= 99) or (isinstance(value, str) and value.isascii()
                                                       and value.isdigit() and len(value) <= 2)


def _is_range(value: Any) -> bool:
    return (isinstance(value, list) and len(value) == 2 and all(_is_count(v, 40) for v in value))


def _is_call(value: Any) -> bool:
    try:
        return isinstance(value, str) and bool(Call.said(value))
    except InvalidTokenError:
        return False


def _call_shape(item: Any, n: int) -> str | None:
    """What is wrong with call ``n`` of a draft (None: nothing)."""
    if isinstance(item, str):
        seat, _, call = item.partition(" ")
        return None if seat in SEAT_LETTERS and _is_call(call.strip()) else \
            f"call {n}: not a seat and a call: {item[:20]!r}"
    if not isinstance(item, dict):
        return f"call {n}: not a call"
    if item.get("seat") not in SEAT_LETTERS:
        return f"call {n}: no seat"
    if not _is_call(item.get("call")):
        return f"call {n}: not a call"
    if "intended" in item and not _is_call(item["intended"]):
        return f"call {n}: the intended call is not a call"
    if any(item.get(k) not in (None, True, False) for k in _CALL_FLAGS) or any(
            not isinstance(item.get(k), (str, type(None))) for k in _CALL_CHOICES):
        return f"call {n}: a fact that is not a choice"
    shows = item.get("shows")
    if shows is not None and not (isinstance(shows, list)
                                  and all(s in SUIT_LETTERS for s in shows)):
        return f"call {n}: what it shows is not a list of suits"
    meaning = item.get("meaning")
    if meaning is None:
        return None
    suits = meaning.get("suits") if isinstance(meaning, dict) else None
    if not isinstance(meaning, dict) or not (meaning.get("hcp") is None or _is_range(
            meaning["hcp"])) or not (suits is None or (isinstance(suits, dict) and all(
            s in SUIT_LETTERS and _is_range(r) for s, r in suits.items()))) or not isinstance(
            meaning.get("purpose", ""), str):
        return f"call {n}: its meaning is not strength, suit lengths and a purpose"
    return None


_SCALAR = (str, int, float, bool, type(None))


def _facts_problem(facts: Mapping[str, Any], within: str = "",
                   tables: frozenset[str] = frozenset()) -> str | None:
    """What is wrong with the facts of a case entered by questions: each a single value,
    but the cards (a list of cards), the revokes (a list of facts), the facts given as a
    list of tables (``tables``: each a few single values) and the options."""
    for key, value in facts.items():
        if key == "cards" and not within:
            # (None: the place of the next one, asked once "another?" was answered yes)
            if not (isinstance(value, list) and all(isinstance(c, (str, type(None)))
                                                    for c in value)):
                return "the cards are not a list of cards"
        elif key in tables:  # each table as typed ("3-12") or as its facts
            if not (isinstance(value, list) and all(isinstance(t, (str, type(None))) or (
                    isinstance(t, dict) and all(isinstance(v, _SCALAR) for v in t.values()))
                    for t in value)):
                return f"{key}: not a list of tables"
        elif key == "revokes" and not within:
            if not (isinstance(value, list) and all(isinstance(r, dict) for r in value)):
                return "the revokes are not a list"
            for r in value:
                problem = _facts_problem(r, "revokes")
                if problem:
                    return problem
        elif key == "options" and isinstance(value, dict):
            if not all(isinstance(v, _SCALAR) for v in value.values()):
                return "options: not a single value"
        elif not isinstance(value, _SCALAR):
            return f"{key}: not a single value"
    return None


def _shape_problem(draft: Draft) -> str | None:
    """What is wrong with the shape of a draft read back from a page (None: nothing)."""
    case = draft.case
    if draft.kind not in FAMILIES:
        return f"no such kind of case: {draft.kind[:20]!r}"
    place = draft.place
    if not all(v is None or _is_count(v) for v in (place.board, place.round, place.record)) \
            or not all(v is None or isinstance(v, str) for v in (place.section, place.table)):
        return "the place is not a board, section, table and round"
    if draft.seat is not None and draft.seat not in SEAT_LETTERS:
        return "not a seat"
    if isinstance(draft.correcting, (bool, float)):
        return "not a ruling's number"
    if not (draft.version is None or (_is_count(draft.version, MAX_ID) and draft.version > 0)):
        return "not a ruling's version"
    asking: Any = draft.asking  # (as read from the page: any value)
    if not isinstance(asking, (str, type(None))):
        return "not a question"
    if flow_module(draft.kind) is not None:
        fields = fact_family(draft.kind).FIELDS if FAMILIES[draft.kind].facts else ()
        seats = [f.key for f in fields if f.input == "seat"
                 and case.get(f.key) not in (None, *SEAT_LETTERS)]
        if seats:
            return f"{seats[0]}: not a seat"
        counts = [f.key for f in fields if f.input == "count" and not _is_count_text(case.get(f.key))]
        if counts:
            return f"{counts[0]}: not a number of tricks or a trick"
        return _facts_problem(case, tables=frozenset(f.key for f in fields
                                                     if f.input == "tables"))
    calls = case.get("calls", [])
    if not isinstance(calls, list):
        return "the calls are not a list"
    if draft.open_call is not None and not (_is_count(draft.open_call)
                                            and draft.open_call < len(calls)):
        return "no such call"
    for key in ("dealer", "declarer"):
        if case.get(key) is not None and case[key] not in SEAT_LETTERS:
            return f"{key}: not a seat"
    if case.get("vulnerable") is not None and case["vulnerable"] not in VULNERABILITIES:
        return "not a vulnerability"
    final = case.get("final_auction")
    if final is not None and not (isinstance(final, list) and all(c == "AP" or _is_call(c) for c in final)):
        return "the final auction is not a list of calls"
    for i, item in enumerate(calls):
        problem = _call_shape(item, i + 1)
        if problem:
            return problem
    return None


def _seat(value: str) -> str:
    if value not in SEAT_LETTERS:
        raise DraftError(f"not a seat: {value!r}")
    return value


def _call(value: str) -> str:
    try:
        return Call.said(value).pbn()  # a bid of more than seven as well (Law 38)
    except InvalidTokenError:
        raise DraftError(f"not a call: {value!r}") from None


def _index(value: str) -> int:
    if not (value.isascii() and value.isdigit()) or len(value) > 3:
        raise DraftError(f"not a call number: {value!r}")
    return int(value)


def _range(form: Mapping[str, str], lo_key: str, hi_key: str, limits: tuple[int, int]
           ) -> list[int] | None:
    lo, hi = form.get(lo_key, "").strip(), form.get(hi_key, "").strip()
    if not lo and not hi:
        return None
    try:
        low = int(lo) if lo else limits[0]
        high = int(hi) if hi else limits[1]
    except ValueError:
        raise DraftError(f"not a number: {lo or hi!r}", "app.problem.number",
                         value=lo or hi) from None
    if not limits[0] <= low <= high <= limits[1]:
        raise DraftError(f"{low}-{high} is not a range within {limits[0]}-{limits[1]}",
                         "app.problem.range", low=low, high=high, lo=limits[0], hi=limits[1])
    return [low, high]


def _place_from(form: Mapping[str, str], place: Place) -> Place:
    def number(key: str, old: int | None) -> int | None:
        if key not in form:
            return old
        text = form[key].strip()
        if not text:
            return None
        if not (text.isascii() and text.isdigit()) or len(text) > 4:
            raise DraftError(f"{key}: not a number: {text!r}", "app.problem.number", value=text)
        return int(text)

    def name(key: str, old: str | None) -> str | None:
        if key not in form:
            return old
        return form[key].strip()[:20] or None

    new = Place(number("board", place.board), name("section", place.section),
                name("table", place.table), number("round", place.round))
    if (new.board, new.section, new.table, new.round) == \
            (place.board, place.section, place.table, place.round):
        new = replace(new, record=place.record)  # still the result picked in the session
    return new


def _field(fields: tuple[FactField, ...], key: str) -> FactField:
    for f in fields:
        if f.key == key:
            return f
    raise DraftError(f"unknown fact {key!r}")


def _set(target: dict[str, Any], field: FactField, key: str, value: str) -> None:
    """Set (or, with an empty value, clear) a single-choice fact; ``options.x`` goes
    into ``options``."""
    if field.input == "bool":
        parsed: Any = {"true": True, "false": False, "": None}.get(value)
        if parsed is None and value:
            raise DraftError(f"{key}: expected true or false, not {value!r}")
    elif field.input == "seat":
        parsed = _seat(value) if value else None
    else:
        choices = [str(c.value) for c in choices_of(field, target)]
        if value and value not in choices:
            raise DraftError(f"{key}: expected one of {', '.join(choices)}")
        parsed = value or None
    head, _, tail = key.partition(".")
    where = target.setdefault(head, {}) if tail else target
    name = tail or head
    if parsed is None:
        where.pop(name, None)
        if tail and not where:
            target.pop(head, None)
    else:
        where[name] = parsed


def apply(draft: Draft, action: str, form: Mapping[str, str]) -> Draft:
    """The draft after one tap. ``action`` is ``verb`` or ``verb:argument``; ``form``
    holds the page's other fields (place, meaning of the open call). The answers that
    depended on a fact the tap changed are dropped (`drop_stale_answers`), so the ruling
    asks for them again.

    :raises DraftError: the tap makes no sense for this draft.
    """
    old = draft
    new = _apply(draft, action, form)
    if flow_module(new.kind) is None:
        drop_stale_answers(old.case, new.case)
    else:
        drop_stale_decisions(old.case, new.case, flow_module(new.kind))
    if len(new.pack()) > MAX_PACKED:
        raise DraftError("the case has grown too long for one page: shorten the calls' "
                         "stated purposes")
    return new


#: What a player or the Director decided about a call (the ruling's questions), as
#: against what happened at the table.
ANSWERS = ("accept", "comparable", "withdraw")
#: The case's facts beside the calls that the auction's answers depend on: who dealt,
#: screens (25B, 27), the opening lead faced (25A5), the reading of 25A4 (the
#: vulnerability, the final auction, the declarer, the reading of 32A2(b) and where it
#: happened decide only Law 26B, and no answer).
_AUCTION_FACTS = ("dealer", "screens", "opening_lead_faced",
                  "options.cancelled_call_bars_correction")


def correcting_seat(draft: Draft, action: str) -> str | None:
    """After a tap marking a call unintended whose intended call is not entered yet: the
    player who made it, who corrects it next (Law 25A1); else None."""
    verb, _, arg = action.partition(":")
    if verb != "unintended" or not arg.isdigit() or int(arg) >= len(draft.calls):
        return None
    item = draft.call_at(int(arg))
    later = [draft.call_at(j)["seat"] for j in range(int(arg) + 1, len(draft.calls))]
    return str(item["seat"]) if item.get("unintended") and item["seat"] not in later else None


def is_decision(action: str) -> bool:
    """Whether a tap of the auction's page is a decision on a call (the Director's
    judgement that it was unintended, a player's acceptance or withdrawal, the
    comparable-call judgement), after which the Laws say who calls next."""
    verb, _, arg = action.partition(":")
    if verb == "unintended":
        return True
    if verb == "set":
        return arg.partition("=")[0] in ("accept", "comparable")
    key = arg.partition(":")[2].partition("=")[0]
    return verb == "callset" and key in ANSWERS


def drop_stale_answers(old: Mapping[str, Any], new: dict[str, Any]) -> None:
    """Drop from ``new`` (an auction case after a tap) every answer that depended on a
    fact the tap changed. An answer on a call was given on the auction up to that call:
    a changed fact of call ``i`` (its call, unintended, what it showed, its meaning)
    drops the answers on call ``i`` and every later call; a changed answer on call ``i``
    drops the answers on the later calls; a changed fact of the case that an answer
    depends on (`_AUCTION_FACTS`: the dealer, screens, ...) drops every answer, and one
    no answer depends on (the declarer, the vulnerability, the final auction) none. The
    case's own ``accept`` and ``comparable`` (the first irregularity's) go with any
    change of a fact. Calls added at the end or
    undone change no earlier answer."""
    def facts(call: Any) -> dict[str, Any]:
        item = _expanded(call)
        return {k: v for k, v in item.items() if k not in ANSWERS}

    def answers(call: Any) -> dict[str, Any]:
        item = _expanded(call)
        return {k: v for k, v in item.items() if k in ANSWERS}

    old_calls, new_calls = list(old.get("calls") or []), list(new.get("calls") or [])
    pairs = list(zip(old_calls, new_calls))
    case_fact = any(_case_fact(old, k) != _case_fact(new, k) for k in _AUCTION_FACTS)
    first: int | None = 0 if case_fact else None  # the first call whose answers go
    for i, (was, now) in enumerate(pairs):
        if first is not None:
            break
        if facts(was) != facts(now):
            first = i
        elif answers(was) != answers(now):
            first = i + 1
    if case_fact or any(facts(w) != facts(n) for w, n in pairs):
        for key in ("accept", "comparable"):
            new.pop(key, None)
    if first is None:
        return
    for i in range(first, len(new_calls)):
        item = new_calls[i]
        if isinstance(item, Mapping) and any(k in item for k in ANSWERS):
            new_calls[i] = {k: v for k, v in item.items() if k not in ANSWERS}
    new["calls"] = new_calls


def _case_fact(case: Mapping[str, Any], key: str) -> Any:
    """A case's fact by its key (``options.x`` inside ``options``)."""
    head, _, tail = key.partition(".")
    value = case.get(head)
    return (value.get(tail) if isinstance(value, Mapping) else None) if tail else value


def drop_stale_decisions(old: Mapping[str, Any], new: dict[str, Any], module: Any) -> None:
    """Drop from ``new`` (a case entered by questions, after a tap) the decisions given
    on the ruling's page once a fact of the case changed: the Director's Law 64C
    judgement after a revoke (the flow's ``DECISIONS``), a player's choice after an
    irregularity of the play (its ``FIELDS`` marked ``decision``). The ruling asks for
    them again."""
    decided = getattr(module, "DECISIONS", None)
    if decided is None:
        decided = tuple(f.key for f in getattr(module, "FIELDS", ()) if f.decision)
    if {k: v for k, v in old.items() if k not in decided} != \
            {k: v for k, v in new.items() if k not in decided}:
        for key in decided:
            new.pop(key, None)


def _expanded(call: Any) -> dict[str, Any]:
    if isinstance(call, str):
        seat, _, name = call.partition(" ")
        return {"seat": seat, "call": name.strip()}
    return dict(call) if isinstance(call, Mapping) else {}


def _apply(draft: Draft, action: str, form: Mapping[str, str]) -> Draft:
    draft = replace(draft, case=json.loads(json.dumps(draft.case)))
    draft.place = _place_from(form, draft.place)
    verb, _, arg = action.partition(":")
    if verb == "board":  # a board of the session tapped (empty: pick another)
        if arg and (not arg.isdigit() or len(arg) > 4):
            raise DraftError(f"not a board number: {arg!r}")
        draft.place = Place(int(arg)) if arg else Place()
    if draft.place.board is not None:
        draft.case["board"] = draft.place.board
    else:
        draft.case.pop("board", None)
    if verb == "board":
        return draft
    questions = flow_module(draft.kind) is not None
    tap = (_QUESTION_TAPS if questions else _AUCTION_TAPS).get(verb)
    if tap is None:
        raise DraftError(f"unknown action {(verb if questions else action)!r}")
    tap(draft, arg, form)
    return draft


#: A tap's verb done: it changes the draft (a copy) in place, given the tap's argument
#: and the page's form (`_AUCTION_TAPS`, `_QUESTION_TAPS`).
Tap = Callable[[Draft, str, Mapping[str, str]], None]


def _no_change(draft: Draft, arg: str, form: Mapping[str, str]) -> None:
    """A tap that changes nothing but the place (the form's), or that the app acts on
    itself (``pick``: a table's result; ``rule``)."""


# --- the taps of an auction case -----------------------------------------------------------

def _dealer(draft: Draft, arg: str, form: Mapping[str, str]) -> None:
    draft.case["dealer"] = _seat(arg)
    if not draft.calls:
        draft.seat = arg


def _vulnerable(draft: Draft, arg: str, form: Mapping[str, str]) -> None:
    if arg not in VULNERABILITIES:
        raise DraftError(f"not a vulnerability: {arg!r}")
    draft.case["vulnerable"] = arg


def _next_seat(draft: Draft, arg: str, form: Mapping[str, str]) -> None:
    draft.seat = _seat(arg)


def _mode(draft: Draft, arg: str, form: Mapping[str, str]) -> None:
    draft.final = arg == "final"


def _set_fact(draft: Draft, arg: str, form: Mapping[str, str]) -> None:
    key, _, value = arg.partition("=")
    _set(draft.case, _field(CASE_FIELDS, key), key, value)


def _set_call_fact(draft: Draft, arg: str, form: Mapping[str, str]) -> None:
    index, _, rest = arg.partition(":")
    key, _, value = rest.partition("=")
    _set(draft.call_at(_index(index)), _field(CALL_FIELDS, key), key, value)


def _add_call(draft: Draft, arg: str, form: Mapping[str, str]) -> None:
    """A call of the bidding box: the next of the auction (by the seat whose turn it
    is), or of the final auction while the box enters that."""
    if draft.final:
        final = draft.case.setdefault("final_auction", [])
        if len(final) >= _MAX_CALLS:
            raise DraftError(f"at most {_MAX_CALLS} calls", "app.problem.calls", n=_MAX_CALLS)
        final.append("AP" if arg == "AP" else _call(arg))
        return
    if len(draft.calls) >= _MAX_CALLS:
        raise DraftError(f"at most {_MAX_CALLS} calls", "app.problem.calls", n=_MAX_CALLS)
    seat = draft.seat or draft.case.get("dealer", "N")
    draft.calls.append({"seat": seat, "call": _call(arg)})
    draft.seat = Seat(seat).next.value
    draft.open_call = None


def _undo(draft: Draft, arg: str, form: Mapping[str, str]) -> None:
    """The last call taken back (of the final auction while the box enters that)."""
    if draft.final:
        final = draft.case.get("final_auction") or []
        if final:
            final.pop()
        if not final:
            draft.case.pop("final_auction", None)
        return
    if draft.calls:
        last = draft.call_at(len(draft.calls) - 1)
        draft.calls.pop()
        draft.seat = last["seat"]
    draft.open_call = None


def _open(draft: Draft, arg: str, form: Mapping[str, str]) -> None:
    i = _index(arg)
    draft.call_at(i)
    draft.open_call = None if draft.open_call == i else i


def _unintended(draft: Draft, arg: str, form: Mapping[str, str]) -> None:
    item = draft.call_at(_index(arg))
    if item.get("unintended"):
        item.pop("unintended")
        item.pop("intended", None)
    else:
        item["unintended"] = True


def _intended(draft: Draft, arg: str, form: Mapping[str, str]) -> None:
    """The call an unintended call was meant to be (Law 25A)."""
    item = draft.call_at(_index(arg))
    meant = form.get("intended", "").strip()
    if not item.get("unintended"):
        raise DraftError("only an unintended call has an intended call")
    if meant:
        item["intended"] = _call(meant)
    else:
        item.pop("intended", None)


def _shows(draft: Draft, arg: str, form: Mapping[str, str]) -> None:
    index, _, suit = arg.partition(":")
    item = draft.call_at(_index(index))
    if suit == "natural":
        item.pop("shows", None)
    else:
        if suit not in SUIT_LETTERS:
            raise DraftError(f"not a suit: {suit!r}")
        shows = set(item.get("shows") or [])
        shows ^= {suit}
        item["shows"] = [s for s in SUIT_LETTERS if s in shows]


def _meaning(draft: Draft, arg: str, form: Mapping[str, str]) -> None:
    """A call's meaning for Law 23 from the form: strength, a suit's length, a stated
    purpose."""
    item = draft.call_at(_index(arg))
    meaning: dict[str, Any] = {}
    hcp = _range(form, "hcp_lo", "hcp_hi", HCP_RANGE)
    if hcp is not None:
        meaning["hcp"] = hcp
    suits = {}
    for s in SUIT_LETTERS:
        r = _range(form, f"len_{s}_lo", f"len_{s}_hi", LENGTH_RANGE)
        if r is not None:
            suits[s] = r
    if suits:
        meaning["suits"] = suits
    purpose = form.get("purpose", "").strip()[:200]
    if purpose:
        meaning["purpose"] = purpose
    if meaning:
        item["meaning"] = meaning
    else:
        item.pop("meaning", None)
    draft.open_call = None


#: What each tap of an auction case's page does (``verb`` or ``verb:argument``).
_AUCTION_TAPS: dict[str, Tap] = {
    "dealer": _dealer,
    "vulnerable": _vulnerable,
    "seat": _next_seat,
    "mode": _mode,
    "set": _set_fact,
    "callset": _set_call_fact,
    "call": _add_call,
    "undo": _undo,
    "open": _open,
    "unintended": _unintended,
    "intended": _intended,
    "shows": _shows,
    "meaning": _meaning,
    "place": _no_change,
    "pick": _no_change,
    "rule": _no_change,
    "": _no_change,
}


def _is_decided_call(item: Any, target: Mapping[str, Any]) -> bool:
    """Whether the case's call ``item`` is the call ``target`` names (by seat and call;
    an unintended call also by the intended call given as its fact, which the ruling
    names in its place)."""
    expanded = _expanded(item)
    if expanded.get("seat") != target.get("seat"):
        return False
    try:
        wanted = Call.from_pbn(str(target.get("call")))
        return any(Call.from_pbn(str(expanded[k]).strip()) is wanted
                   for k in ("call", "intended") if isinstance(expanded.get(k), str))
    except InvalidTokenError:
        return False


def _find(calls: list[Any], target: Any) -> int:
    """The index of the call a decision is about: the one at ``target["index"]`` (the
    ruling names the very call), which must still be that seat's call; a decision logged
    without an index names the last call by ``target["seat"]`` that is
    ``target["call"]``."""
    if not isinstance(target, Mapping):
        raise DraftError("this question is no longer open", "app.problem.stale")
    index = target.get("index")
    if index is not None:
        if not isinstance(index, int) or isinstance(index, bool) \
                or not 0 <= index < len(calls) or not _is_decided_call(calls[index], target):
            raise DraftError("this question is no longer open", "app.problem.stale")
        candidates: range = range(index, index + 1)
    else:
        candidates = range(len(calls) - 1, -1, -1)
    for i in candidates:
        if _is_decided_call(calls[i], target):
            if not isinstance(calls[i], Mapping):
                calls[i] = _expanded(calls[i])
            return i
    raise DraftError("this question is no longer open", "app.problem.stale")


def answer_decision(case: Mapping[str, Any], decision: Mapping[str, Any], value: str
                    ) -> dict[str, Any]:
    """The case with a decision the ruling waited for (``decisions`` of ``rule --json``)
    answered: ``yes``/``no`` for accept (25B1, 27A1, 27B4, 29A), withdraw (25A6) and the
    Director's comparable-call judgement (23A), a call for the replacement of an
    insufficient bid (27B), declarer's tricks for the Director's Law 64C judgement after a
    revoke (``equity``; or a weighted score, ``w:11@60,10@40``, `td_plugin.serve.weighted`)
    and once tricks 12 and 13 were played again after a revoke on trick 12 was corrected
    (``replayed``, 62D1), and for the play period's choices (a decision naming its case
    ``field`` and its ``choices``) one of the choices' values.

    :raises DraftError: the answer does not fit the question.
    """
    answered: dict[str, Any] = json.loads(json.dumps(case))
    calls = answered.get("calls", [])
    decide = decision.get("decide")
    if decision.get("field") and decision.get("choices"):  # the play period's: one of its answers
        chosen = [c["value"] for c in decision["choices"]
                  if str(c["value"]).lower() == value.lower()]
        if not chosen:
            raise DraftError(f"{value!r} is not an answer to this question")
        answered[str(decision["field"])] = chosen[0]
    elif decide in ("accept", "withdraw", "comparable"):
        if value not in ("yes", "no"):
            raise DraftError(f"answer yes or no, not {value!r}")
        flag = value == "yes"
        if decide == "accept":
            calls[_find(calls, decision.get("call"))]["accept"] = flag
        elif decide == "comparable":
            calls[_find(calls, decision.get("replacement"))]["comparable"] = flag
        else:
            for target in decision.get("calls") or []:
                calls[_find(calls, target)]["withdraw"] = flag
    elif decide == "equity" and value.startswith(WEIGHTED):  # a weighted score, 12C1(c)
        answered["equity_weighted"] = weighted_judgement(answered, value)
        answered.pop("equity_declarer_tricks", None)
    elif decide in ("equity", "replayed"):
        if not (value.isascii() and value.isdigit()) or not 0 <= int(value) <= 13:
            raise DraftError(f"expected declarer's tricks (0 to 13), not {value!r}")
        answered[f"{decide}_declarer_tricks"] = int(value)
        if decide == "equity":
            answered.pop("equity_weighted", None)
    elif decide == "replacement":
        seat = decision.get("seat")
        if seat not in SEAT_LETTERS:
            raise DraftError("this question is no longer open", "app.problem.stale")
        calls.append({"seat": seat, "call": _call(value)})
    else:
        raise DraftError(f"the app cannot answer {decide!r} yet")
    return answered


# --- cases entered by questions (a revoke: the flowchart's) ---------------------------------

def _start(module: Any, facts: Mapping[str, Any]) -> dict[str, Any]:
    return {k: facts[k] for k in module.START if k in facts}


def question_key(q: Question) -> str:
    """How a page names a question: ``id`` or ``id@index``."""
    return q.id if q.revoke is None else f"{q.id}@{q.revoke}"


def questions_of(draft: Draft) -> tuple[list[Step], Question | None]:
    """The answered questions of a draft entered by questions and the one to ask now (an
    answered one when the Director asked to change it)."""
    module = flow_module(draft.kind)
    if module is None:
        return [], None
    steps, nxt = module.flow(draft.case, draft.finished)
    if draft.asking:
        qid, _, index = draft.asking.partition("@")
        try:
            nxt = module.question_by_id(draft.case, qid, int(index) if index else None,
                                        draft.finished)
        except (QuestionError, ValueError):
            pass
    return steps, nxt


def _answer(draft: Draft, arg: str, form: Mapping[str, str]) -> None:
    """The question asked answered (``id=value``), and the usual answers of the next
    ones given."""
    module = flow_module(draft.kind)
    assert module is not None, "asked only of a kind entered by questions"
    key, _, value = arg.partition("=")
    steps, q = questions_of(draft)
    if q is None or question_key(q) != key:
        raise DraftError("this question is no longer open; answer the one shown",
                         "app.problem.stale")
    if q.input == "table" and not value:  # typed into the page's field: "3-12"
        value = str(form.get("pairs") or "")
    if q.input in ("text", "hands") and not value:  # typed into the page's field
        value = str(form.get("text") or "")
    if q.id == MORE:
        draft.finished = value.lower() != "true"
    try:
        draft.case = module.answer(draft.case, q, value)
    except QuestionError as exc:
        raise DraftError(str(exc), "app.problem.answer") from None
    draft.asking = None
    if key in draft.assumed:  # the Director's own answer now
        draft.assumed.remove(key)
    if q.id == "contract":
        draft.doubled = ""
    _assume_usual_answers(draft, module)


def _change(draft: Draft, arg: str, form: Mapping[str, str]) -> None:
    """An answered question asked again."""
    steps, _ = questions_of(draft)
    if not any(question_key(s.question) == arg for s in steps) \
            and not (arg == MORE and draft.finished):
        raise DraftError("there is no such answer to change", "app.problem.stale")
    draft.asking = arg
    if arg == MORE:
        draft.finished = False


def _doubled(draft: Draft, arg: str, form: Mapping[str, str]) -> None:
    """The contract being entered doubled (``X``), redoubled (``XX``) or neither."""
    if arg not in ("", "X", "XX"):
        raise DraftError(f"not a double: {arg!r}")
    draft.doubled = arg


#: What each tap of a case entered by questions does.
_QUESTION_TAPS: dict[str, Tap] = {
    "answer": _answer,
    "change": _change,
    "doubled": _doubled,
    "place": _no_change,
    "pick": _no_change,
    "rule": _no_change,
    "": _no_change,
}


#: The usual answers, given without a tap where the Laws make them the rule and the
#: other answers exceptions; each is shown among the answers as the usual one, and a tap
#: on Change asks it. A revoke: a failure to follow suit (61A; the other failures are the
#: exceptions of 61B and 64B3), established by a later trick played (63A1; the others
#: are a named card, a claim, a concession), attention drawn during the round (the
#: Director is at the table; 64B4 and 64B5 are the late cases), and no other revoke on
#: the board. An opening lead out of turn: none of the exceptions of Law 54 (the right
#: leader had not led face down, declarer did not begin to spread his hand, 54A, nor
#: could he see dummy's cards, 54C), and the offender had no penalty card from the
#: auction on the table (24E, 50B).
USUAL_ANSWERS: dict[str, dict[str, str]] = {
    "revoke": {"failure": "follow_suit", "established_how": "next_trick",
               "attention": "during_round", MORE: "False"},
    "opening_lead": {"partner_led_face_down": "False", "declarer_spread": "False",
                     "dummy_exposed": "False", "earlier": "False"},
}


def _assume_usual_answers(draft: Draft, module: Any) -> None:
    """Give the next questions their usual answers (`USUAL_ANSWERS`) as long as the one
    asked next has one, noting each in ``draft.assumed``."""
    usual = USUAL_ANSWERS.get(draft.kind, {})
    for _ in range(len(usual)):
        _, q = questions_of(draft)
        if q is None or q.id not in usual or draft.asking:
            return
        key = question_key(q)
        value = usual[q.id]
        if q.id == MORE:
            draft.finished = value.lower() != "true"
        else:
            draft.case = module.answer(draft.case, q, value)
        if key not in draft.assumed:
            draft.assumed.append(key)
