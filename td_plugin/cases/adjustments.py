"""The Director's list of adjusted scores, as given to ``td-plugin adjust``.

A list (JSON or YAML) of entries, each naming a board and the two pairs of a table, with
exactly one of:

- ``assigned: "4S S 9"``: an assigned result (Law 12C1(a)): contract, declarer, tricks
  taken by declarer (``"PASS"`` for a board passed out);
- ``artificial: "60/40"``: an artificial score (Law 12C2), North-South's percentage
  first; ``variable: true`` makes average-plus the pair's session percentage when
  higher (and average-minus the session percentage when lower);
- ``weighted: [{result: "4S S 10", weight: 0.6}, {result: "4S S 9", weight: 0.4}]``: a
  weighted score (Law 12C1(c)); weights are numbers, fractions ``"1/3"`` or
  percentages ``"60%"`` and must sum to exactly 1;

with the ``law`` behind it and an optional ``note`` (the text for the players). For
example::

    - {board: 1, ns_pair: 2, ew_pair: 15, artificial: "60/40", law: "12C2"}

Pairs are matched by number; ``"2"`` matches ``"2NS"`` of a Mitchell file. Every
mistake in the list is reported at once, one a line, each naming its entry: those of the
list itself (`check_adjustments`) and those only the results file shows, a table or board
it does not have (`match_adjustments`). The list is read by `td_plugin.cases.text_files` (UTF-8
or Windows-1252 as Notepad saves it, within bounds, no YAML aliases). The kinds are the
outcomes of `td_plugin.model.outcomes` that name an entry key (`ENTRY_KINDS`), each reading its
own value (`Outcome.from_entry`). `record_changes` turns the entries into the
`RecordChange`s of the records they adjust, for the writer of the file's format.

A fouled board (Law 87B) is one entry for the board, naming the tables that played each
changed form (`FouledBoard`)::

    - {board: 1, fouled: [{ns_pair: 1, ew_pair: 1}, {ns_pair: 2, ew_pair: 13}], law: "87B"}
    - {board: 4, fouled: [[{ns_pair: 1, ew_pair: 1}], [{ns_pair: 5, ew_pair: 8}]], law: "87B"}

The results not listed are the board's correct form; each group is scored among itself
(`td_plugin.model.fouled`), a regulation's rule for groups too small to score
(``small_groups: acbl-1991``, else the regulation's ``fouled_small_groups``) applied.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from td_plugin.cases.text_files import echo, parse_json, parse_yaml, read_text
from td_plugin.errors import PROBLEM_LIMIT, InputError, Location, clip_echo
from td_plugin.laws.regulations import Regulation
from td_plugin.model.board import BoardRecord, standard_vulnerability
from td_plugin.model.changes import RecordChange
from td_plugin.model.fouled import SMALL_GROUP_RULES, ScoringGroup
from td_plugin.model.outcomes import ENTRY_KINDS, Outcome, WeightedScore
from td_plugin.model.place import pair_number

__all__ = ["Adjustment", "FouledBoard", "Entry", "AdjustmentFileError", "parse_adjustments",
           "check_adjustments",
           "parse_adjustments_text", "read_adjustments", "parse_weighted", "find",
           "record_changes", "match_adjustments", "mistakes_error", "check_regulation"]

_KNOWN_KEYS = ({"board", "ns_pair", "ew_pair", "law", "note"} | set(ENTRY_KINDS)
               | {option for kind in ENTRY_KINDS.values() for option in kind.entry_options})
_FOULED_KEYS = {"board", "fouled", "law", "note", "small_groups"}


class AdjustmentFileError(InputError):
    """An adjustments list that cannot be applied; the message names every bad entry,
    one a line."""


def mistakes_error(errors: Sequence[str], source: str | None,
                   error: type[InputError] = AdjustmentFileError) -> InputError:
    """One error listing ``errors``, one a line, under a line that counts them."""
    head = "1 mistake" if len(errors) == 1 else f"{len(errors)} mistakes"
    return error(f"{head}, nothing written:\n  " + "\n  ".join(errors), Location(path=source))


@dataclass(frozen=True)
class Adjustment:
    """One entry of the list: which table, what the Director gave, under which law.
    ``entry`` is its 1-based position in the list."""

    entry: int
    board: int
    ns_pair: str
    ew_pair: str
    outcome: Outcome
    law: str
    note: str | None = None

    def describe(self) -> str:
        return f"entry {self.entry} (board {self.board}, {self.ns_pair} v {self.ew_pair})"

    def matches(self, board: int, ns_pair: str, ew_pair: str) -> bool:
        return (board == self.board and pair_number(ns_pair) == pair_number(self.ns_pair)
                and pair_number(ew_pair) == pair_number(self.ew_pair))

    def render(self, lang: str = "en") -> str:
        """The Director's note, as written (an `td_plugin.host.sources.Annotation`)."""
        return self.note or ""


Table = tuple[str, str]


@dataclass(frozen=True)
class FouledBoard:
    """A fouled board's entry (Law 87B): the tables (North-South and East-West pairs)
    that played each changed form of the board, one group a form; the tables not listed
    played the correct form. ``small_groups`` names the rule for groups too small to
    score (`td_plugin.model.fouled.SMALL_GROUP_RULES`; None: the regulation's)."""

    entry: int
    board: int
    groups: tuple[tuple[Table, ...], ...]
    law: str
    note: str | None = None
    small_groups: str | None = None

    def describe(self) -> str:
        return f"entry {self.entry} (board {self.board}, fouled)"

    def render(self, lang: str = "en") -> str:
        """The Director's note, as written."""
        return self.note or ""

    def form_of(self, ns_pair: str, ew_pair: str) -> int:
        """The form a table played: 1, 2, ... as listed, 0 the correct one."""
        key = (pair_number(ns_pair), pair_number(ew_pair))
        for form, group in enumerate(self.groups, 1):
            if any((pair_number(ns), pair_number(ew)) == key for ns, ew in group):
                return form
        return 0

    def to_entry(self) -> dict[str, Any]:
        """The entry as the list writes it (JSON or YAML)."""
        groups = [[{"ns_pair": ns, "ew_pair": ew} for ns, ew in g] for g in self.groups]
        entry: dict[str, Any] = {"board": self.board,
                                 "fouled": groups[0] if len(groups) == 1 else groups,
                                 "law": self.law}
        if self.note:
            entry["note"] = self.note
        if self.small_groups:
            entry["small_groups"] = self.small_groups
        return entry


#: An entry of the list: one table's adjusted score, or a fouled board's groups.
Entry = Adjustment | FouledBoard


def parse_weighted(value: Any) -> WeightedScore:
    """A weighted score as a list gives it: ``[{result, weight}, ...]``, weights summing
    to exactly 1; not scored yet (`WeightedScore.scored`).

    :raises ValueError: saying what is wrong with the list.
    """
    return WeightedScore.from_entry(value, {})


def _pair(value: Any, name: str) -> str:
    text = value.strip() if isinstance(value, str) else (
        str(value) if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10 ** 6
        else "")
    if not text or len(text) > 20 or "\n" in text:
        raise ValueError(f"{name} must be a pair number, not {echo(value)}")
    return text


def _table(item: Any) -> Table:
    if not isinstance(item, dict) or set(map(str, item)) != {"ns_pair", "ew_pair"}:
        raise ValueError(f"a table of fouled is {{ns_pair, ew_pair}}, not {echo(item)}")
    return _pair(item["ns_pair"], "ns_pair"), _pair(item["ew_pair"], "ew_pair")


def _fouled(n: int, item: dict[Any, Any], board: int) -> FouledBoard:
    unknown = sorted(set(map(str, item)) - _FOULED_KEYS)
    if unknown:
        raise ValueError(f"a fouled board's entry names its tables in fouled: unknown "
                         f"key(s) {', '.join(unknown)}")
    value = item["fouled"]
    if not isinstance(value, list) or not value:
        raise ValueError("fouled must list the tables of each changed form")
    lists = value if all(isinstance(v, list) for v in value) else [value]
    groups = []
    seen: dict[tuple[str, str], int] = {}
    for form, group in enumerate(lists, 1):
        if not group:
            raise ValueError(f"group {form} of fouled holds no table")
        tables = tuple(_table(t) for t in group)
        for ns, ew in tables:
            key = (pair_number(ns), pair_number(ew))
            if key in seen:
                where = "twice in group" if seen[key] == form else "in groups"
                raise ValueError(f"{ns} v {ew} is {where} "
                                 f"{seen[key]}{'' if seen[key] == form else f' and {form}'}:"
                                 " a result is scored in one group")
            seen[key] = form
        groups.append(tables)
    rule = item.get("small_groups")
    if rule is not None and rule not in SMALL_GROUP_RULES:
        raise ValueError(f"small_groups must be one of {', '.join(SMALL_GROUP_RULES)}, "
                         f"not {echo(rule)}")
    law = item.get("law")
    if not isinstance(law, (str, int)) or not str(law).strip():
        raise ValueError(f"law must name a clause like \"87B\", not {echo(law)}")
    note = item.get("note")
    if note is not None and not isinstance(note, str):
        raise ValueError(f"note must be text, not {echo(note)}")
    return FouledBoard(n, board, tuple(groups), str(law).strip(), note, rule)


def _entry(n: int, item: Any) -> Entry:
    if isinstance(item, dict) and "fouled" in item:
        board = item.get("board")
        if isinstance(board, bool) or not isinstance(board, int) or board < 1:
            raise ValueError(f"board must be a board number, not {echo(board)}")
        return _fouled(n, item, board)
    if not isinstance(item, dict):
        raise ValueError("an entry is a mapping with board, ns_pair, ew_pair, law and "
                         f"one of {'/'.join(ENTRY_KINDS)}")
    unknown = sorted(set(map(str, item)) - _KNOWN_KEYS)
    if unknown:
        raise ValueError(f"unknown key(s) {', '.join(unknown)}")
    for key in ("board", "ns_pair", "ew_pair", "law"):
        if key not in item:
            raise ValueError(f"{key} is missing")
    board = item["board"]
    if isinstance(board, bool) or not isinstance(board, int) or board < 1:
        raise ValueError(f"board must be a board number, not {echo(board)}")
    kinds = [k for k in ENTRY_KINDS if k in item]
    if len(kinds) != 1:
        raise ValueError(f"give exactly one of {', '.join(ENTRY_KINDS)}"
                         + (f" (found {', '.join(kinds)})" if kinds else ""))
    kind = ENTRY_KINDS[kinds[0]]
    for other in ENTRY_KINDS.values():
        for option in other.entry_options:
            if option in item and option not in kind.entry_options:
                raise ValueError(f"{option} applies only to {other.entry_name}")
    law = item["law"]
    if not isinstance(law, (str, int)) or not str(law).strip():
        raise ValueError(f"law must name a clause like \"12C2\", not {echo(law)}")
    note = item.get("note")
    if note is not None and not isinstance(note, str):
        raise ValueError(f"note must be text, not {echo(note)}")
    outcome = kind.from_entry(item[kinds[0]], item)
    return Adjustment(n, board, _pair(item["ns_pair"], "ns_pair"),
                      _pair(item["ew_pair"], "ew_pair"), outcome, str(law).strip(), note)


def parse_adjustments(data: Any, source: str | None = None) -> list[Entry]:
    """Check and build the adjustments from loaded JSON/YAML data.

    :raises AdjustmentFileError: listing every bad entry, each by its number (and board
        and pairs where they could be read).
    """
    out, errors = check_adjustments(data, source)
    if errors:
        raise mistakes_error(errors, source)
    return out


def check_adjustments(data: Any, source: str | None = None
                      ) -> tuple[list[Entry], list[str]]:
    """The good entries of loaded JSON/YAML data and the mistakes of the others, each
    naming its entry (and board and pairs where they could be read).

    :raises AdjustmentFileError: the data is not a list at all.
    """
    if isinstance(data, dict) and set(data) == {"adjustments"}:
        data = data["adjustments"]
    if not isinstance(data, list):
        raise AdjustmentFileError("the adjustments must be a list of entries",
                                  Location(path=source))
    out: list[Entry] = []
    errors: list[str] = []
    seen: dict[tuple[int, str, str], int] = {}
    fouled: dict[int, int] = {}
    for n, item in enumerate(data, 1):
        try:
            adj = _entry(n, item)
        except (ValueError, TypeError, ZeroDivisionError) as exc:
            where = f"entry {n}"
            if isinstance(item, dict) and "fouled" in item:
                where += f" (board {_plain(item.get('board'))}, fouled)"
            elif isinstance(item, dict) and "board" in item:
                where += (f" (board {_plain(item.get('board'))}, {_plain(item.get('ns_pair'))}"
                          f" v {_plain(item.get('ew_pair'))})")
            errors.append(clip_echo(f"{where}: {exc}".replace("\n", " "), PROBLEM_LIMIT))
            continue
        if isinstance(adj, FouledBoard):
            if adj.board in fouled:
                errors.append(f"{adj.describe()}: board {adj.board} is already fouled in "
                              f"entry {fouled[adj.board]} (one entry a board, a group a form)")
                continue
            fouled[adj.board] = n
            out.append(adj)
            continue
        key = (adj.board, pair_number(adj.ns_pair), pair_number(adj.ew_pair))
        if key in seen:
            errors.append(f"{adj.describe()}: the same table as entry {seen[key]}")
            continue
        seen[key] = n
        out.append(adj)
    return out, errors


def _plain(value: Any) -> str:
    """A value as an entry's heading shows it: text as it is, the rest bounded."""
    return value if isinstance(value, str) and len(value) <= 40 else (
        str(value) if isinstance(value, int) and abs(value) < 10 ** 9 else echo(value))


def load_adjustments_text(text: str, source: str | None = None) -> Any:
    """The data of an adjustments list written as JSON or YAML (JSON when it starts like
    JSON, else YAML, which also reads most JSON)."""
    if text.lstrip()[:1] in ("[", "{"):
        try:
            return parse_json(text, source, AdjustmentFileError)
        except AdjustmentFileError:
            pass
    return parse_yaml(text, source, AdjustmentFileError)


def parse_adjustments_text(text: str, source: str | None = None) -> list[Entry]:
    """Parse an adjustments list written as JSON or YAML (JSON is tried first)."""
    return parse_adjustments(load_adjustments_text(text, source), source)


def read_adjustments(path: str | os.PathLike[str]) -> tuple[list[Entry], list[str]]:
    """The good entries of an adjustments file and the mistakes of the others
    (`check_adjustments`).

    :raises AdjustmentFileError: the file cannot be read or is not a list.
    """
    path = os.fspath(path)
    text = read_text(path, "list of adjustments", AdjustmentFileError)
    return check_adjustments(load_adjustments_text(text, path), path)


def check_regulation(adjustments: Sequence[Entry], regulation: Regulation,
                     source: str | None = None) -> None:
    """Refuse what the regulation in force does not allow: a weighted score where it
    elected Law 12C1(e) instead of 12C1(c).

    :raises AdjustmentFileError: naming every entry refused.
    """
    if regulation.weighted_scores:
        return
    refused = [f"{a.describe()}: the regulation in force ({regulation.name}) allows no "
               f"weighted scores (Law 12C1(e) instead of 12C1(c))"
               for a in adjustments
               if isinstance(a, Adjustment) and isinstance(a.outcome, WeightedScore)]
    if refused:
        raise AdjustmentFileError("; ".join(refused), Location(path=source))


def find(adjustments: Sequence[Entry], board: int, ns_pair: str,
         ew_pair: str) -> Adjustment | None:
    """The adjustment for a table, if any."""
    for adj in adjustments:
        if isinstance(adj, Adjustment) and adj.matches(board, ns_pair, ew_pair):
            return adj
    return None


def record_changes(adjustments: Sequence[Entry], records: Iterable[BoardRecord],
                   path: str | None = None, small_groups: str | None = None
                   ) -> list[tuple[BoardRecord, RecordChange]]:
    """Each adjustment as the change of the record of its table, with that record: the
    record of its board played by its pairs; else every record of its board that names
    no pairs (one listing the results of several tables, a PBN ``ScoreTable``), with the
    pairs in the change for the writer to find the table. The outcome is scored for the
    board's vulnerability; the entry itself is the change's annotation (its note).

    :raises InputError: naming every entry whose table the records do not have.
    """
    out, errors = match_adjustments(adjustments, records, small_groups)
    if errors:
        raise mistakes_error(errors, path, InputError)
    return out


def match_adjustments(adjustments: Sequence[Entry], records: Iterable[BoardRecord],
                      small_groups: str | None = None
                      ) -> tuple[list[tuple[BoardRecord, RecordChange]], list[str]]:
    """`record_changes` without raising: the changes of the entries whose table the
    records have, and a mistake for each of the others. ``small_groups``: the rule for a
    fouled board's small groups where its entry names none (the regulation's)."""
    by_board: dict[int, list[BoardRecord]] = {}
    for record in records:
        if record.board is not None and record.location.record is not None:
            by_board.setdefault(record.board, []).append(record)
    out: list[tuple[BoardRecord, RecordChange]] = []
    errors = []
    for adj in adjustments:
        here = by_board.get(adj.board, [])
        if isinstance(adj, FouledBoard):
            changes, mistakes = _fouled_changes(adj, here, small_groups)
            out.extend(changes)
            errors.extend(mistakes)
            continue
        played = [r for r in here if r.ns_pair and r.ew_pair
                  and adj.matches(adj.board, r.ns_pair, r.ew_pair)]
        listing = [r for r in here if not r.ns_pair and not r.ew_pair]
        targets = played[:1] or listing
        pairs = None if played else (adj.ns_pair, adj.ew_pair)
        if not targets:
            tables = ", ".join(f"{r.ns_pair} v {r.ew_pair}" for r in here)
            errors.append(f"{adj.describe()}: no such table in the file"
                          + (f" (board {adj.board} was played by {tables})" if tables
                             else f" (no board {adj.board})"))
            continue
        for record in targets:
            vulnerability = record.vulnerability or standard_vulnerability(adj.board)
            index = record.location.record
            assert index is not None
            out.append((record, RecordChange(index, adj.outcome.scored(vulnerability),
                                             adj.law, (adj,), pairs)))
    return out, errors


def _tables_text(records: Sequence[BoardRecord]) -> str:
    return ", ".join(f"{r.ns_pair} v {r.ew_pair}" for r in records)


def _fouled_changes(adj: FouledBoard, here: Sequence[BoardRecord], small_groups: str | None
                    ) -> tuple[list[tuple[BoardRecord, RecordChange]], list[str]]:
    """The changes of a fouled board's entry: each listed table's record, given the
    group of its form; or the mistakes (a table that did not play the board, a group
    holding every result of the board)."""
    name = adj.small_groups or small_groups
    rule = SMALL_GROUP_RULES.get(name) if name else None
    played = [r for r in here if r.ns_pair and r.ew_pair]
    listing = [r for r in here if not r.ns_pair and not r.ew_pair]
    out: list[tuple[BoardRecord, RecordChange]] = []
    errors = []
    if not here:
        return [], [f"{adj.describe()}: no board {adj.board} in the file"]
    for form, group in enumerate(adj.groups, 1):
        tables = {(pair_number(ns), pair_number(ew)) for ns, ew in group}
        if played and not listing and len(group) == len(played) and all(
                (pair_number(r.ns_pair or ""), pair_number(r.ew_pair or "")) in tables
                for r in played):
            errors.append(f"{adj.describe()}: group {form} holds every result of board "
                          f"{adj.board}: nothing is left to compare it with")
        for ns, ew in group:
            change_group = ScoringGroup(adj.board, form, rule)
            record = next((r for r in played if (pair_number(r.ns_pair or ""),
                                                 pair_number(r.ew_pair or ""))
                           == (pair_number(ns), pair_number(ew))), None)
            if record is None and not listing:
                errors.append(f"{adj.describe()}: {ns} v {ew} did not play board "
                              f"{adj.board} (it was played by {_tables_text(played)})")
                continue
            for target in ([record] if record is not None else listing):
                index = target.location.record
                assert index is not None
                out.append((target, RecordChange(index, None, adj.law, (adj,),
                                                 None if record is not None else (ns, ew),
                                                 change_group)))
    return out, errors
