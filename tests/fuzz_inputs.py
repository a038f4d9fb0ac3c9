"""Mutated and hostile inputs for every reader, and what each must do with them.

The formats are the session files the audit reads (PBN, LIN) and the Director's own
files (``rule`` case files, ``adjust`` lists). An input is a seed (a real file, or one of
the project's own) changed by a few `Mutation`s: bytes replaced, deleted, repeated or
inserted, and hostile tokens put in (numbers of thousands of digits, superscript digits,
an unclosed brace or string, hundreds of thousands of ``|``, YAML aliases, deep nesting,
a byte-order mark, binary data). `check` reads the input the way the command does, down
to the report, and fails on anything but the documented answer: the records with their
problems, or an `td_plugin.errors.InputError` saying why the file cannot be read. It also
checks the documented bounds (problems listed per game and per file, echoed values).

`tests/test_fuzz_inputs.py` runs a few hundred of them through hypothesis;
``benchmarks/fuzz_inputs.py`` runs thousands a format and reports time and memory.
"""

from __future__ import annotations

import io
import json
import random
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
REALWORLD = REPO.parent / "shared" / "realworld"

FORMATS = ("pbn", "lin", "case", "adjustments")

#: the operations of a mutation (``value`` changes a value of a JSON or YAML file)
OPS = ("replace", "delete", "repeat", "insert", "flip", "value")


@dataclass(frozen=True)
class Mutation:
    """One change of an input: ``op`` at ``at`` (a fraction of the input's length, in
    1/65536), over ``length`` bytes, with ``token`` for ``replace`` and ``insert``
    (``repeat`` repeats the span ``length`` times, ``flip`` xors one byte with it;
    ``value`` replaces the value at ``at`` of a JSON or YAML document by `VALUES`
    [``length``])."""

    op: str
    at: int
    length: int
    token: bytes = b""


_DIGITS = b"9" * 5000
#: what a hostile or careless file holds, in every format
HOSTILE: tuple[bytes, ...] = (
    _DIGITS, "\u00b2".encode(), "\u00b3".encode(), "\u0663".encode(), "1\u00b2".encode(),
    b"{", b"}", b'"', b"\\", b"[", b"]", b"|", b"|" * 20000, b"\x00", b"\xff\xfe",
    b"\xef\xbb\xbf", b"\x81\x8d\xe9\xf8", b"\r", b"\n\n", b"\n", b"%", b";", b"^R", b"^L",
    b"^S", b"^I", b"*", b"+", b"-", b"=", b"$", b"#", b"##", b" " * 300, b"\t",
    b'[Board "' + _DIGITS + b'"]\n', b'[Round "\xc2\xb2"]\n', b'[Note "' + _DIGITS + b':x"]\n',
    b"=" + _DIGITS + b"=", b"$" + _DIGITS, b'[Result "\xc2\xb9\xc2\xb2"]\n',
    b'[Play "N"]\n', b'[Auction "N"]\n', b'[Deal "N:AKQJ.AKQ.AKQ.AKQ - - -"]\n',
    b'[Contract "7NTXX"]\n', b'[Score "NS ' + _DIGITS + b'"]\n',
    b'[ScoreTable "Score_NS\\999999999;PairId_NS\\2R"]\n', b'[ScoreRubberHistory "NS '
    + _DIGITS + b' / 1 EW 2 / 3"]\n', b"mc|1\xc2\xb2|", b"md|9|", b"md|" + _DIGITS + b"|",
    b"qx|o" + _DIGITS + b"|", b"pc|S\xc2\xb2|", b"mb|8N|", b"nt|" + b"x" * 3000 + b"|",
    b"vg|a,b,c," + _DIGITS + b"|", b"rs|7NNXX+99,|", b"ah|Board " + _DIGITS + b"|",
    b"&a [1, 2]", b"*a", b"[" * 3000, b"{a: " * 500, b"- " * 500, b": ", b"'", b"!!python/object:os.system",
    b"1e999999999", b"1/0", b"-1", b"0x10", b"NaN", b"true", b"null", b"~",
)


#: values a case file or an adjustment list may hold where another was expected
VALUES: tuple[Any, ...] = (
    None, "", " ", "Q", "N", "S 1D", "1NT", "8S", "7NTXX", "\u00b2", "9" * 300, -1, 0, 14,
    10 ** 30, 3.5, float("inf"), True, [], {}, [[[]]], {"a": [1, {"b": None}]},
    ["N", "E", "S", "W"], "60/40", "4S S 14", "1/3", "60%", "1e-999999999", "revoke",
    "after_round", "63A1", "H5", "SA", "\u2665K", {"hcp": [40, 3]}, [1, 2, 3],
)


def _paths(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(data, dict):
        for k, v in data.items():
            out += _paths(v, path + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += _paths(v, path + (i,))
    return out


def _with_value(raw: bytes, at: int, value: Any) -> bytes:
    """``raw`` (JSON or YAML) with the value at the ``at``-th place (in 1/65536 of its
    places) replaced, written back the same way; unchanged when it does not parse."""
    import yaml

    try:
        data = yaml.safe_load(raw.decode("utf-8"))
    except Exception:  # noqa: BLE001 - a mutated input: leave it be
        return raw
    paths = _paths(data)
    path = paths[at * len(paths) >> 16]
    if not path:
        data = value
    else:
        parent = data
        for key in path[:-1]:
            parent = parent[key]
        parent[path[-1]] = value
    if raw.lstrip()[:1] in (b"{", b"["):
        return json.dumps(data, allow_nan=True).encode()
    return yaml.safe_dump(data, allow_unicode=True).encode()


def _seed_files(fmt: str) -> list[Path]:
    own = {"pbn": [REPO / "examples" / "club_session.pbn",
                   REPO / "tests" / "data" / "scoretable_mitchell.pbn"],
           "case": sorted((REPO / "tests" / "cases").rglob("*.json"))[:12]
           + sorted((REPO / "tests" / "cases").rglob("*.yaml"))[:12]}.get(fmt, [])
    real = []
    if REALWORLD.is_dir():
        folder = {"pbn": "pbn", "lin": "lin"}.get(fmt)
        if folder:
            real = sorted(p for p in (REALWORLD / folder).glob(f"*.{fmt}")
                          if p.stat().st_size < 64 * 1024)
    return own + real


_LIN_SEED = (b"pn|South,West,North,East|st||md|3SAKQJHAKQDAKQCAKQ,S2345H2345D2345C2,"
             b"S6789H6789D6789C3,|rh||ah|Board 1|sv|b|mb|1C!|an|strong|mb|p|mb|1N|mb|p|"
             b"mb|3N|mb|p|mb|p|mb|p|pc|D2|pc|DA|pc|D6|pc|D3|pc|SA|mc|12|pg||\n")
_ADJUSTMENTS_SEED = (
    b"- {board: 1, ns_pair: 1NS, ew_pair: 1EW, artificial: '50/50', law: '12C2'}\n"
    b"- {board: 1, ns_pair: 2, ew_pair: 15, artificial: '60/40', variable: true, law: '12C2'}\n"
    b"- board: 2\n  ns_pair: 3\n  ew_pair: 12\n  weighted:\n"
    b"    - {result: '4S S 10', weight: '60%'}\n    - {result: '4S S 9', weight: 0.4}\n"
    b"  law: '12C1(c)'\n  note: Revoke at trick 8\n"
    b"- {board: 3, ns_pair: 4, ew_pair: 9, assigned: '3NTX W 7', law: '64C'}\n")


def seeds(fmt: str) -> list[tuple[str, bytes]]:
    """The inputs mutations start from: the project's own files and small real ones."""
    out = [(p.name, p.read_bytes()) for p in _seed_files(fmt)]
    if fmt == "lin":
        out.append(("board.lin", _LIN_SEED))
    elif fmt == "adjustments":
        out.append(("adjustments.yaml", _ADJUSTMENTS_SEED))
        out.append(("adjustments.json", json.dumps(
            [{"board": 1, "ns_pair": 2, "ew_pair": 15, "artificial": "60/40",
              "law": "12C2"}]).encode()))
    return out


def mutate(data: bytes, mutations: Sequence[Mutation]) -> bytes:
    """``data`` with each mutation applied in turn."""
    for m in mutations:
        n = len(data)
        at = m.at * n >> 16
        end = min(n, at + m.length)
        if m.op == "replace":
            data = data[:at] + m.token + data[end:]
        elif m.op == "delete":
            data = data[:at] + data[end:]
        elif m.op == "repeat":
            data = data[:at] + data[at:end] * min(m.length, 64) + data[end:]
        elif m.op == "insert":
            data = data[:at] + m.token + data[at:]
        elif m.op == "flip" and n:
            at = min(at, n - 1)
            data = data[:at] + bytes([data[at] ^ (m.length & 0xFF or 1)]) + data[at + 1:]
        elif m.op == "value":
            data = _with_value(data, m.at, VALUES[m.length % len(VALUES)])
    return data


def random_mutations(rng: random.Random, most: int = 6, structured: bool = False
                     ) -> list[Mutation]:
    """A few mutations drawn from ``rng`` (the longer run's way to draw them);
    ``structured``: mostly values changed (a case file or an adjustment list)."""
    out = []
    for _ in range(rng.randint(1, most)):
        if structured and rng.random() < 0.7:
            out.append(Mutation("value", rng.randrange(1 << 16), rng.randrange(len(VALUES))))
            continue
        op = rng.choice(OPS[:-1])
        token = rng.choice(HOSTILE) if rng.random() < 0.8 else rng.randbytes(rng.randint(1, 16))
        out.append(Mutation(op, rng.randrange(1 << 16), rng.choice((1, 2, 8, 64, 1000)), token))
    return out


# -- the fourth run's inputs, made again --------------------------------------------------

_DEAL = (b'[Event "x"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
         b'[Deal "N:AKQJ.AKQ.AKQ.AKQ 5432.5432.5432.5 T98.T98.T9876.T9 76.J76.J.J876432"]\n')
_USEBIO_ROOT = b'<?xml version="1.0" encoding="UTF-8"?>\n<USEBIO Version="1.2">'
_CLUB = b"<CLUB><CLUB_NAME>x</CLUB_NAME></CLUB>"


def _weighted_revoke_case(components: int) -> bytes:
    """A revoke case whose 64C judgement is a weighted score of ``components`` results."""
    head = (b"kind: revoke\nvulnerable: NS\ncontract: 4H\ndeclarer: N\ndeclarer_tricks: 10\n"
            b"attention: after_round\nrevokes:\n  - {offender: E, trick: 5, suit_led: D, "
            b"card: C3, established: true, established_by: W, revoke_trick_won_by: N, "
            b"offending_side_tricks_from_revoke: 2}\nequity_weighted:\n")
    return head + b"".join(b'  - {result: "4H N %d", weight: "1/%d"}\n' % (10 + i % 2, components)
                           for i in range(components))


#: the inputs of the fourth fuzzing run (18,072 inputs) that were answered otherwise than
#: documented, made again: ``(format, what it is, the input, what it must give)``, the
#: answer ``"read"`` (records, findings, problems) or the start of the sentence refusing
#: it. Before: exit 3 for the first two (a message nested once per ``^S``, per weighted
#: result), exit 0 for the empty USEBIO files and the note (no session), 382 MB for the
#: game of quotes; a board of 40,000 traveller lines took 66 s (its family in
#: `tests.pathological_inputs`, "a board: traveller lines").
FOURTH_RUN: tuple[tuple[str, str, bytes, str], ...] = (
    ("pbn", "an auction of 493 ^S", _DEAL + b'[Auction "N"]\n' + b"^S " * 493
     + b"1C Pass Pass Pass\n", "read"),
    ("case", "a revoke case of 500 weighted results", _weighted_revoke_case(500), "read"),
    ("usebio", "an empty root", _USEBIO_ROOT + b"</USEBIO>\n",
     "no result in it: the file has no EVENT element"),
    ("usebio", "a CLUB only", _USEBIO_ROOT + _CLUB + b"</USEBIO>\n",
     "no result in it: the file has no EVENT element"),
    ("usebio", "an EVENT without boards", _USEBIO_ROOT + _CLUB
     + b'<EVENT EVENT_TYPE="PAIRS"><DATE>01/01/2024</DATE></EVENT></USEBIO>\n',
     "no result in it: its EVENT has no BOARD"),
    ("pbn", "a Markdown note quoting two PBN tags",
     b'# Tuesday\n\nThe scorer wrote [Board "3"] and [Dealer "N"] on the traveller.\n',
     "no deal, auction, play, contract, result or score in its record"),
    ("pbn", "a 1 MB game of double quotes", _DEAL + b'"' * (1 << 20), "read"),
)


# -- what each format must do ----------------------------------------------------------------

class Bug(AssertionError):
    """An input made td-plugin fail otherwise than the documented way."""


@dataclass
class Checked:
    """What one input gave: records read, findings, problems, or the error that said why
    the file cannot be read."""

    records: int = 0
    findings: int = 0
    problems: int = 0
    error: str | None = None


class Checker:
    """Reads inputs of every format the way the commands do, in a scratch folder, with
    one plugin host."""

    def __init__(self, folder: str | Path, equity: bool = False) -> None:
        from td_plugin.host.manager import PluginHost
        from td_plugin.laws.context import ReviewContext

        self.folder = Path(folder)
        self.host = PluginHost(load_entrypoints=False)
        self.context = ReviewContext(equity=equity)

    def check(self, fmt: str, data: bytes, name: str = "") -> Checked:
        """Read ``data`` as ``fmt``; raise `Bug` on anything undocumented."""
        from td_plugin.errors import InputError

        run: Callable[[Path], Checked] = getattr(self, f"_{fmt}")
        suffix = {"pbn": ".pbn", "lin": ".lin", "usebio": ".xml"}.get(fmt) or (
            ".json" if name.endswith(".json") else ".yaml")
        path = self.folder / f"input{suffix}"
        path.write_bytes(data)
        try:
            return run(path)
        except InputError as exc:
            message = str(exc)
            if len(message) > 3000:
                raise Bug(f"an error of {len(message):,} characters") from exc
            return Checked(error=message)
        except Bug:
            raise
        except Exception as exc:  # noqa: BLE001 - that is what is looked for
            raise Bug(f"{type(exc).__name__}: {exc}"[:500]) from exc

    # the session files: the audit, down to its reports

    def _audit(self, path: Path) -> Checked:
        from rich.console import Console

        from td_plugin.audit.reports.json_report import audit_json
        from td_plugin.audit.reports.text_report import print_audit
        from td_plugin.audit.run import run_audit

        result = run_audit([str(path)], self.host, self.context)
        report = result.inputs[0]
        if report.error is not None:
            if len(report.error) > 3000:
                raise Bug(f"an error of {len(report.error):,} characters")
            return Checked(error=report.error)
        json.dumps(audit_json(result), ensure_ascii=False)
        print_audit(result, Console(file=io.StringIO(), width=80))
        _check_problems(report.problems)
        return Checked(report.records, len(result.findings), len(report.problems))

    def _pbn(self, path: Path) -> Checked:
        from adapters.pbn.reader import PbnSource
        from td_plugin.errors import WrongFormatError

        data = path.read_bytes()
        try:
            whole = b"".join(block.data for block, _ in PbnSource(path).blocks())
        except WrongFormatError:  # no game: the audit says the same
            whole = data
        if whole != data:
            raise Bug("the blocks of the file do not give back its bytes")
        return self._audit(path)

    def _lin(self, path: Path) -> Checked:
        return self._audit(path)

    def _usebio(self, path: Path) -> Checked:
        return self._audit(path)

    # the Director's files

    def _case(self, path: Path) -> Checked:
        from rich.console import Console

        from td_plugin.cases.files import load_case
        from td_plugin.commands.rule import render, render_revoke
        from td_plugin.laws.revokes import RevokeCaseRuling

        case = load_case(path)
        ruling, errors = self.host.report_incident(case, self.context)
        if errors:
            raise Bug("; ".join(e.describe() for e in errors))
        json.dumps(ruling.to_json("en"), ensure_ascii=False)
        console = Console(file=io.StringIO(), width=80)
        for lang in ("en", "da"):
            (render_revoke if isinstance(ruling, RevokeCaseRuling) else render)(ruling, console, lang)
        return Checked(records=1)

    def _adjustments(self, path: Path) -> Checked:
        from td_plugin.cases.adjustments import match_adjustments, read_adjustments

        adjustments, mistakes = read_adjustments(path)
        results = REPO / "tests" / "data" / "usebio_v13_mitchell_latin1.xml"
        applied, unmatched = match_adjustments(adjustments,
                                               self.host.open_source(str(results)).records())
        problems = mistakes + unmatched
        for line in problems:
            if len(line) > 3000 or "\n" in line:
                raise Bug(f"a mistake not on one line of bounded length: {line[:200]!r}")
        if applied and not problems:
            changes: dict[int, list[Any]] = {}
            for _, change in applied:
                changes.setdefault(change.record, []).append(change)
            self.host.write_changes(str(results), str(self.folder / "adjusted.xml"), changes, "en")
        return Checked(records=len(applied), problems=len(problems))


def _check_problems(problems: Sequence[Any]) -> None:
    from adapters.pbn.reader import MAX_FILE_PROBLEMS
    from td_plugin.errors import MAX_RECORD_PROBLEMS, PROBLEM_LIMIT

    per_record: dict[Any, int] = {}
    for p in problems:
        if len(p.message) > PROBLEM_LIMIT + 40:
            raise Bug(f"a problem of {len(p.message):,} characters")
        per_record[p.location.record] = per_record.get(p.location.record, 0) + 1
    for record, n in per_record.items():
        most = MAX_FILE_PROBLEMS + 2 if record is None else MAX_RECORD_PROBLEMS + 1
        if n > most:
            raise Bug(f"{n} problems listed for record {record}")


def scratch() -> tempfile.TemporaryDirectory[str]:
    return tempfile.TemporaryDirectory(prefix="td-plugin-fuzz-")
