"""The TD report as one self-contained HTML page, readable on a phone.

The page says what was read (each file: its records, what its data allowed to check, its
problems as a table of line, board and message), then the findings grouped by kind with
their counts. Each kind shows its first records in full (`FULL_PER_KIND`): where the
board was played (board, section, table, round, players, file and record), each finding
with its ruling (said once, with the clauses it applies) and the result that applies
(the table's, the automatic transfer, or the Law 64C score the Director should assign),
then the evidence: the deal diagram, the auction and the play trick by trick with the
revoke (or the card at fault) highlighted. The other findings of the kind are a table, a
click away (``<details>``, no script). Every label is in the page's language.

`render_html` builds the page of a list of records and findings; `HtmlReport` is the
audit's report, taking the findings as the audit makes them (`td_plugin.audit_report`)
and writing the page whole at the end (`td_plugin.safe_output`): the findings beyond the
first of each kind wait in temporary files, so memory does not grow with them.

The page has inline CSS only: no scripts, no external resources. Every text that comes
from a record or a message is escaped.
"""

from __future__ import annotations

import functools
import io
import os
import tempfile
from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import IO, Any

from td_plugin import messages
from td_plugin.auction import Auction, AuctionEntry, Call
from td_plugin.board import BoardRecord, Vulnerability
from td_plugin.cards import SEATS, SUITS, Card, Rank, Seat, Side, Strain, Suit
from td_plugin.contract import Contract
from td_plugin.deal import Deal
from td_plugin.errors import InputError, Location
from td_plugin.play import Play, PlayedCard
from td_plugin.ruling_log import Place
from td_plugin.rulings import Finding, Outcome, Ruling
from td_plugin.table_rulings import place_label

__all__ = ["render_html", "HtmlReport", "FULL_PER_KIND", "MAX_PROBLEM_ROWS"]

#: Summary counts with a label of their own (``html.count.<name>``); any other count is
#: a finding kind.
_COUNTS = ("files", "records", "boards", "findings", "revokes", "problems", "adjusted")
#: Auction columns, West first (the layout of a travelling score slip).
_AUCTION_COLUMNS = (Seat.W, Seat.N, Seat.E, Seat.S)


#: records shown in full for each kind of finding; the rest of the kind is a table
FULL_PER_KIND = 5
#: problems of a file listed in its table; the rest are counted
MAX_PROBLEM_ROWS = 100


def render_html(items: Iterable[tuple[BoardRecord | None, list[Finding]]], *, title: str,
                lang: str = "en", summary: Mapping[str, int] | None = None,
                inputs: list[dict[str, Any]] | None = None) -> str:
    """The report page: ``items`` pairs each record with its findings (records without
    findings are left out; a finding about no single record, such as a missing result,
    comes with None), ``summary`` counts shown at the top, ``inputs`` one row per
    file read (as the JSON report has them). ``lang`` is one of `messages.LANGUAGES`
    (labels, seats, message texts)."""
    from td_plugin.report import finding_json

    t = _Text(lang)
    page = _Page(t)
    for record, findings in items:
        if not findings:
            continue
        page.add([finding_json(f, lang) for f in findings], (record, findings))
    head = [f"<h1>{escape(title)}</h1>"]
    if summary:
        head.append(_summary(summary, t))
    if inputs:
        head.append(_inputs(inputs, t))
        tables = [r for row in inputs for r in row.get("table_rulings") or ()]
        if tables:
            head.append(_table_rulings(tables, t))
    out = io.StringIO()
    page.write(out, title, "".join(head), {k: g.count for k, g in page.groups.items()})
    return out.getvalue()


class _Group:
    """The findings of one kind: the records shown in full, and a table of the rest kept
    in a temporary file."""

    def __init__(self) -> None:
        self.articles: list[str] = []
        self.rows: IO[str] = tempfile.SpooledTemporaryFile(1 << 20, "w+", encoding="utf-8")
        self.row_count = 0
        self.count = 0  # findings of the kind
        self.path: str | None = None


class _Page:
    """Findings grouped by kind as they come, and the page written from them."""

    def __init__(self, t: _Text, per_kind: int = FULL_PER_KIND) -> None:
        self.t = t
        self.per_kind = per_kind
        self.groups: dict[str, _Group] = {}
        self._articles = 0

    def add(self, findings: list[dict[str, Any]],
            full: tuple[BoardRecord | None, list[Finding]] | None) -> None:
        """One record's findings (as JSON), with the record and its findings to show in
        full when ``full`` is given and its kind still has room."""
        t = self.t
        shown_kind = None
        anchor = None
        if full is not None and findings:
            kind = str(findings[0]["kind"])
            group = self.groups.setdefault(kind, _Group())
            if len(group.articles) < self.per_kind:
                record, objects = full
                if record is None:
                    record = BoardRecord(board=objects[0].board)
                self._articles += 1
                anchor = f"r{self._articles}"
                group.articles.append(_article(anchor, record, objects, t))
                shown_kind = kind
        for f in findings:
            kind = str(f["kind"])
            group = self.groups.setdefault(kind, _Group())
            group.count += 1
            if kind == shown_kind:
                continue
            if f.get("path") != group.path:
                group.path = f.get("path")
                group.rows.write(f'<tr class="file"><th colspan="4">{escape(str(group.path))}'
                                 "</th></tr>")
            record = f.get("record")
            cell = escape(str(record if record is not None else ""))
            if anchor is not None:
                cell = f'<a href="#{anchor}">{cell}</a>'
            group.rows.write(
                f"<tr><td>{escape(str(f.get('board') if f.get('board') is not None else '?'))}"
                f"</td><td>{cell}</td><td>{escape(str(f.get('line') or ''))}</td>"
                f"<td>{escape(str(f.get('message') or ''))}</td></tr>")
            group.row_count += 1

    def write(self, out: IO[str], title: str, head: str, counts: Mapping[str, int]) -> None:
        t = self.t
        write = out.write
        write("<!DOCTYPE html>\n"
              f'<html lang="{t.lang}"><head><meta charset="utf-8">'
              '<meta name="viewport" content="width=device-width, initial-scale=1">'
              f"<title>{escape(title)}</title><style>{_CSS}</style></head>"
              f'<body><header class="page">{head}</header><main>')
        kinds = [k for k in sorted(self.groups, key=lambda k: (-counts.get(k, 0), k))
                 if counts.get(k)]
        if not kinds:
            write(f'<p class="empty">{t["no_findings"]}</p>')
        else:
            items = "".join(f'<li><a href="#kind-{_slug(k)}">{escape(t.kind(k))}</a> '
                            f'<span class="count">{counts[k]:,}</span></li>' for k in kinds)
            write(f'<nav aria-label="{t["findings"]}"><h2>{t["findings"]}</h2>'
                  f"<ol>{items}</ol></nav>")
        for kind in kinds:
            group = self.groups[kind]
            write(f'<section class="kind" id="kind-{_slug(kind)}"><h2>{escape(t.kind(kind))} '
                  f'<span class="count">{counts[kind]:,}</span></h2>')
            write("".join(group.articles))
            if group.row_count:
                label = t.label("html.more_of_kind", n=f"{group.row_count:,}")
                write(f'<details class="rest"><summary>{escape(label)}</summary>'
                      f'<div class="scroll"><table class="rows"><thead><tr>'
                      f'<th>{t["board"]}</th><th>{t["record"]}</th><th>{t["line"]}</th>'
                      f'<th>{t["message"]}</th></tr></thead><tbody>')
                group.rows.seek(0)
                for chunk in iter(functools.partial(group.rows.read, 1 << 16), ""):
                    write(chunk)
                write("</tbody></table></div></details>")
            group.rows.close()
            write("</section>")
        write("</main></body></html>\n")


def _slug(kind: str) -> str:
    return "".join(ch if ch.isalnum() else "-" for ch in kind)


class HtmlReport:
    """The audit's HTML report (a report of `td_plugin.audit_report.AuditOutput`):
    findings grouped by kind as they come, the first ``per_kind`` records of each in full,
    the page written to ``path`` whole when the audit is done."""

    def __init__(self, path: str, lang: str = "en", per_kind: int = FULL_PER_KIND) -> None:
        self.path = path
        self.lang = lang
        self.t = _Text(lang)
        self.records_per_kind = per_kind
        self._page = _Page(self.t, per_kind)
        self._problems: dict[int, list[dict[str, Any]]] = {}

    def begin(self, report: Any) -> None:
        pass

    def take(self, report: Any, output: Any) -> None:
        if output.problems:
            listed = self._problems.setdefault(id(report), [])
            listed.extend(output.problems[:MAX_PROBLEM_ROWS - len(listed)])
        if output.findings:
            self._page.add(output.findings, output.extra)

    def end(self, report: Any) -> None:
        pass

    def finish(self, result: Any, host: Any) -> None:
        from td_plugin.safe_output import atomic_output

        t = self.t
        names = ", ".join(os.path.basename(i.path) for i in result.inputs)
        title = t.label("html.title", files=names)
        summary = {"files": len(result.inputs), "records": result.records,
                   "findings": result.finding_count,
                   "problems": sum(i.problem_count for i in result.inputs)}
        head = [f"<h1>{escape(title)}</h1>", _summary(summary, t),
                _read(result.inputs, self._problems, t)]
        if host.blocked:
            disabled = t.label("report.disabled", plugins=", ".join(host.blocked))
            head.append(f'<p class="note">{escape(disabled)}</p>')
        tables = [r.to_json(self.lang) for i in result.inputs for r in i.table_rulings]
        if tables:
            head.append(_table_rulings(tables, t))
        try:
            with atomic_output(self.path, "w", encoding="utf-8", newline="\n") as out:
                self._page.write(out, title, "".join(head), result.kinds)
        except OSError as exc:  # (the page is left as it was, or not made)
            raise InputError(f"the HTML report was not written: {exc.strerror or exc}",
                             Location(path=self.path)) from None


def _read(inputs: Sequence[Any], problems: Mapping[int, list[dict[str, Any]]], t: _Text) -> str:
    """What was read: per file its format, records, problems, findings, what its data
    allowed to check (or why it could not be read) and its copy; then each file's problems
    as a table."""
    from td_plugin.audit_report import coverage_text

    rows = []
    tables = []
    for report in inputs:
        if report.error is not None:
            checked = f'<span class="error">{escape(report.error)}</span>'
        else:
            checked = escape(coverage_text(report, t.lang, with_path=False))
        copy = report.written or (f"{t['not_written']}: {report.not_written}"
                                  if report.not_written else "")
        rows.append(f"<tr><td>{escape(report.path)}</td><td>{escape(report.format or '')}</td>"
                    f"<td>{report.records:,}</td><td>{report.problem_count:,}</td>"
                    f"<td>{report.findings:,}</td><td>{checked}</td>"
                    + (f"<td>{escape(copy)}</td>" if any(i.written or i.not_written
                                                       for i in inputs) else "") + "</tr>")
        listed = problems.get(id(report), []) + [
            {"line": p.location.line, "board": p.location.board, "message": p.message}
            for p in report.problems]
        if listed:
            cells = "".join(f"<tr><td>{escape(str(p['line'] or ''))}</td>"
                            f"<td>{escape(str(p['board'] or ''))}</td>"
                            f"<td>{escape(str(p['message']))}</td></tr>" for p in listed)
            more = report.problem_count - len(listed)
            note = (f'<p class="note">{escape(t.label("report.more", n=f"{more:,}"))}</p>'
                    if more > 0 else "")
            heading = t.label("html.problems_of", path=report.path, n=f"{report.problem_count:,}")
            tables.append(f'<details class="problems"><summary>{escape(heading)}'
                          f'</summary><div class="scroll"><table class="rows"><thead><tr>'
                          f'<th>{t["line"]}</th><th>{t["board"]}</th><th>{t["message"]}</th>'
                          f"</tr></thead><tbody>{cells}</tbody></table></div>{note}</details>")
    copy_head = (f"<th>{t['copy']}</th>" if any(i.written or i.not_written for i in inputs)
                 else "")
    head = (f"<th>{t['file']}</th><th>{t['format']}</th><th>{t.label('html.count.records')}</th>"
            f"<th>{t.label('html.count.problems')}</th><th>{t.label('html.count.findings')}</th>"
            f"<th>{t['checked']}</th>{copy_head}")
    return (f'<section class="inputs"><h2>{t["inputs"]}</h2><div class="scroll">'
            f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
            f"</div>{''.join(tables)}</section>")


class _Text:
    """The page's labels (``html.<name>``), seat and suit names and finding kinds in one
    language, from the message catalogue."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def __getitem__(self, key: str) -> str:
        return messages.render(f"html.{key}", None, self.lang)

    def label(self, key: str, **params: Any) -> str:
        """The text of a whole key with parameters (``html.claim_tricks``)."""
        return messages.render(key, params, self.lang)

    def seat(self, seat: Seat) -> str:
        return messages.render(f"seat.letter.{seat.value}", None, self.lang)

    def seat_name(self, seat: Seat) -> str:
        return messages.render(f"seat.{seat.value}", None, self.lang)

    def suit_name(self, suit: Suit) -> str:
        return messages.render(f"suitname.{suit.value}", None, self.lang)

    def side(self, side: Side) -> str:
        return "NS" if side is Side.NS else self.seat(Seat.E) + self.seat(Seat.W)

    def kind(self, kind: str) -> str:
        """A finding kind's name (``kind.<kind>``; a plugin's kinds from its catalogue)."""
        return messages.render(f"kind.{kind}", None, self.lang)

    def count(self, key: str) -> str:
        """A summary count's label: the known counts, and finding kinds."""
        return self.label(f"html.count.{key}") if key in _COUNTS else self.kind(key)

    def law(self, law: str) -> str:
        return escape(messages.law_ref(law, self.lang))

    def message(self, key: str, params: Mapping[str, Any]) -> str:
        return escape(messages.render(key, params, self.lang))


# -- cards, calls, contracts -----------------------------------------------------------

def _rank(rank: Rank) -> str:
    return "10" if rank is Rank.TEN else rank.pbn()


def _suit(suit: Suit, t: _Text) -> str:
    red = " red" if suit in (Suit.H, Suit.D) else ""
    return (f'<span class="sym{red}" role="img" aria-label="{t.suit_name(suit)}">'
            f"{suit.symbol}</span>")


def _card(card: Card, t: _Text) -> str:
    return f'<span class="card">{_suit(card.suit, t)}{_rank(card.rank)}</span>'


def _strain(strain: Strain | None, t: _Text) -> str:
    assert strain is not None, "a bid or a contract above level 0 has a strain"
    return t["nt"] if strain.suit is None else _suit(strain.suit, t)


def _call(call: Call, t: _Text) -> str:
    if call.is_bid:
        return f"{call.level}{_strain(call.strain, t)}"
    return t["pass"] if call.is_pass else call.pbn()


def _contract(contract: Contract, t: _Text) -> str:
    if contract.is_passed_out:
        return t["passed_out"]
    text = f"{contract.level}{_strain(contract.strain, t)}{'X' * contract.risk}"
    if contract.declarer is not None:
        text += f" {t['by']} {t.seat(contract.declarer)}"
    return text


def _seat_of(value: Any) -> Seat | None:
    """A seat from a finding's data (a `Seat` or its letter), or None."""
    if isinstance(value, Seat):
        return value
    if isinstance(value, str) and value.strip()[:1].upper() in ("N", "E", "S", "W"):
        return Seat.from_pbn(value)
    return None


def _suit_of(value: Any) -> Suit | None:
    """A suit from a finding's data (a `Suit` or its letter), or None."""
    if isinstance(value, Suit):
        return value
    if isinstance(value, str) and value.strip().upper() in ("S", "H", "D", "C"):
        return Suit.from_pbn(value)
    return None


def _card_of(value: Any) -> Card | None:
    if isinstance(value, Card):
        return value
    if isinstance(value, str):
        try:
            return Card.from_pbn(value)
        except ValueError:
            return None
    return None


def _value(key: str, value: Any, t: _Text) -> str:
    """A finding's data value for display: seats, suits, cards and laws in the page's
    language, booleans as yes/no, anything else escaped as text."""
    if isinstance(value, bool):
        return t["yes"] if value else t["no"]
    if key in ("offender", "seat") and (seat := _seat_of(value)):
        return t.seat_name(seat)
    if key == "suit_led" and (suit := _suit_of(value)):
        return _suit(suit, t)
    if key == "card" and (card := _card_of(value)):
        return _card(card, t)
    if key == "exception" and isinstance(value, str):
        return t.law(value)
    if key == "equity" and isinstance(value, Mapping):
        return _equity(value, t)
    if isinstance(value, Mapping):
        return "; ".join(f"{escape(str(k))}: {_value(str(k), v, t)}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return ", ".join(_value(key, v, t) for v in value)
    return escape(str(value))


def _or_unknown(value: Any) -> Any:
    return "?" if value is None else value


def _equity(eq: Mapping[str, Any], t: _Text) -> str:
    """The 64C figures in a sentence: the double-dummy tricks against the table's, and
    the proposal when the non-offending side is not sufficiently compensated."""
    if not eq.get("available"):
        why = eq.get("how") or eq.get("reason") or "?"
        return escape(t.label("html.equity.unavailable", why=why))
    seat = _seat_of(eq.get("seat"))
    card = _card_of(eq.get("best_card"))
    parts = [t.label(
        "html.equity.dd", seat=t.seat_name(seat) if seat else escape(str(eq.get("seat"))),
        card=_card(card, t) if card else escape(str(eq.get("best_card"))),
        equity=_or_unknown(eq.get("equity_declarer_tricks")),
        table=_or_unknown(eq.get("table_declarer_tricks")))]
    proposal = eq.get("proposal")
    if eq.get("insufficient") and proposal:
        score = proposal.get("score_ns")
        parts.append(t.label("html.equity.assign", tricks=proposal.get("declarer_tricks"),
                             score="?" if score is None else f"{score:+d}"))
    elif eq.get("insufficient") is False:
        parts.append(t.label("html.equity.enough"))
    return "; ".join(parts)


# -- the page header -------------------------------------------------------------------

def _summary(summary: Mapping[str, int], t: _Text) -> str:
    rows = "".join(f"<dt>{escape(t.count(str(k)))}</dt><dd>{escape(str(v))}</dd>"
                   for k, v in summary.items())
    return f'<section class="summary"><h2>{t["summary"]}</h2><dl>{rows}</dl></section>'


def _table_rulings(tables: list[dict[str, Any]], t: _Text) -> str:
    """The rulings given at the table (each input's ``table_rulings``): where, what, its
    clauses and text, and why one could not be written back."""
    items = []
    for r in tables:
        place = Place(r.get("board"), r.get("section"), r.get("table"), r.get("round"))
        heading = messages.render("report.table_ruling", {
            "place": place_label(place, t.lang), "kind": messages.Msg(f"app.kind.{r['kind']}"),
            "status": messages.Msg(f"app.status.{r.get('status') or 'ruled'}"),
            "laws": messages.laws_ref(r.get("laws") or [], t.lang)}, t.lang)
        text = "".join(f"<p>{escape(x)}</p>" for x in (r.get("text") or "").splitlines())
        problem = ""
        if r.get("problem"):
            note = messages.render("report.table_ruling_unmatched", {"problem": r["problem"]},
                                   t.lang)
            problem = f'<p class="note">{escape(note)}</p>'
        items.append(f"<li><h3>{escape(heading)}</h3>{text}{problem}</li>")
    title = escape(messages.render("report.table_rulings.title", None, t.lang))
    return (f'<section class="table-rulings"><h2>{title}</h2>'
            f'<ol>{"".join(items)}</ol></section>')


def _inputs(inputs: list[dict[str, Any]], t: _Text) -> str:
    """The files read, from their JSON (`td_plugin.audit_report.audit_json`): a row each, then
    each file's problems as a table of line, board and message."""
    rows, tables = [], []
    for row in inputs:
        problems = row.get("problems") or []
        count = row.get("problem_count", len(problems))
        rows.append(f"<tr><td>{escape(str(row.get('path') or ''))}</td>"
                    f"<td>{escape(str(row.get('format') or ''))}</td>"
                    f"<td>{escape(str(row.get('records', '')))}</td>"
                    f"<td>{escape(str(count))}</td></tr>")
        if problems:
            cells = "".join(f"<tr><td>{escape(str(p.get('line') or ''))}</td>"
                            f"<td>{escape(str(p.get('board') or ''))}</td>"
                            f"<td>{escape(str(p.get('message') or ''))}</td></tr>"
                            for p in problems[:MAX_PROBLEM_ROWS])
            label = t.label("html.problems_of", path=row.get("path"), n=count)
            tables.append(f'<details class="problems"><summary>{escape(label)}</summary>'
                          f'<div class="scroll"><table class="rows"><thead><tr>'
                          f'<th>{t["line"]}</th><th>{t["board"]}</th><th>{t["message"]}</th>'
                          f"</tr></thead><tbody>{cells}</tbody></table></div></details>")
    head = (f"<th>{t['file']}</th><th>{t['format']}</th><th>{t.label('html.count.records')}</th>"
            f"<th>{t.label('html.count.problems')}</th>")
    return (f'<section class="inputs"><h2>{t["inputs"]}</h2><div class="scroll">'
            f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
            f"</div>{''.join(tables)}</section>")


# -- one record ------------------------------------------------------------------------

def _article(anchor: str, record: BoardRecord, findings: list[Finding], t: _Text) -> str:
    board = record.board if record.board is not None else findings[0].board
    title = f"{t['board']} {escape(str(board))}" if board is not None else t["board"] + " ?"
    marks = _play_marks(record, findings)
    parts = [f'<article id="{anchor}"><h2>{title}</h2>', _where(record, findings[0], t)]
    parts.extend(_finding(f, t) for f in findings)
    if record.problems:
        items = "".join(f"<li>{escape(p.message)}</li>" for p in record.problems)
        parts.append(f'<section class="problems"><h3>{t["problems"]}</h3><ul>{items}</ul>'
                     "</section>")
    parts.append(_deal_section(record, marks, t))
    parts.append(_auction_section(record, anchor, t))
    parts.append(_play_section(record, marks, t))
    parts.append("</article>")
    return "".join(parts)


def _where(record: BoardRecord, finding: Finding, t: _Text) -> str:
    place = []
    for key, value in (("section", record.section), ("table", record.table),
                       ("round", record.round)):
        if value is not None and value != "":
            place.append(f"{t[key]} {escape(str(value))}")
    loc = record.location
    path = finding.path or loc.path
    index = finding.record if finding.record is not None else loc.record
    line = finding.line if finding.line is not None else loc.line
    source = [escape(path)] if path else []
    if index is not None:
        source.append(f"{t['record']} {index}")
    if line is not None:
        source.append(f"{t['line']} {line}")
    rows = []
    if place:
        rows.append(f"<dt>{t['where']}</dt><dd>{' · '.join(place)}</dd>")
    players = _players(record, t)
    if players:
        rows.append(f"<dt>{t['players']}</dt><dd>{players}</dd>")
    contract = record.contract
    if contract is not None:
        result = _contract(contract, t)
        if record.declarer_tricks is not None and not contract.is_passed_out:
            result += f", {record.declarer_tricks} {t['tricks']}"
        rows.append(f"<dt>{t['contract']}</dt><dd>{result}</dd>")
    if record.score_ns is not None:
        rows.append(f"<dt>{t['score_ns']}</dt><dd>{record.score_ns}</dd>")
    if source:
        rows.append(f'<dt>{t["record"].capitalize()}</dt><dd class="source">'
                    f"{', '.join(source)}</dd>")
    return f'<dl class="where">{"".join(rows)}</dl>'


def _players(record: BoardRecord, t: _Text) -> str:
    pairs = []
    for side, seats, pair in ((Side.NS, (Seat.N, Seat.S), record.ns_pair),
                              (Side.EW, (Seat.E, Seat.W), record.ew_pair)):
        names = [escape(record.players[s]) for s in seats if record.players.get(s)]
        text = " – ".join(names)
        if pair:
            text = f"{text} ({escape(str(pair))})" if text else escape(str(pair))
        if text:
            pairs.append(f"{t.side(side)}: {text}")
    return "<br>".join(pairs)


def _finding(finding: Finding, t: _Text) -> str:
    kind_class = "".join(ch if ch.isalnum() else "-" for ch in finding.kind)
    parts = [f'<section class="finding kind-{kind_class}"><h3>{_heading(finding, t)}</h3>',
             f'<p class="text">{t.message(finding.key, finding.params)}</p>']
    facts = _facts(finding.data, t)
    if facts:
        parts.append(facts)
    if finding.ruling is not None:
        parts.append(_ruling(finding.ruling, t))
    parts.append(_adjusted(finding, t))
    parts.append("</section>")
    return "".join(parts)


def _heading(finding: Finding, t: _Text) -> str:
    text = escape(t.kind(finding.kind))
    return text + (f" · {t.law(finding.law)}" if finding.law else "")


#: Facts of a finding shown as a list, in this order (the rest of ``data`` is shown in
#: the adjusted result or not at all).
_FACT_KEYS = ("offender", "trick", "suit_led", "card", "established", "exception",
              "transfer", "transfer_if_timely")


def _facts(data: Mapping[str, Any], t: _Text) -> str:
    rows = []
    for key in _FACT_KEYS:
        if key in data and data[key] is not None:
            rows.append(f"<dt>{t[key]}</dt><dd>{_value(key, data[key], t)}</dd>")
    return f'<dl class="facts">{"".join(rows)}</dl>' if rows else ""


def _ruling(ruling: Ruling, t: _Text) -> str:
    """The ruling once: its text, then the clauses it applies by number; a ruling with no
    text of its own is the text of each clause."""
    parts = [f'<div class="ruling"><h4>{t["ruling"]}</h4>']
    if ruling.key:
        parts.append(f'<p class="ruling-text">{t.message(ruling.key, ruling.params)}</p>')
        if ruling.clauses:
            laws = " · ".join(f'<span class="law">{t.law(c.law)}</span>'
                              for c in ruling.clauses)
            parts.append(f'<p class="clauses">{t["clauses"]}: {laws}</p>')
    elif ruling.clauses:
        items = "".join(
            f'<li><span class="law">{t.law(c.law)}</span> '
            f'<span class="clause-text">{t.message(c.key, c.message_params)}</span></li>'
            for c in ruling.clauses)
        parts.append(f'<h4>{t["clauses"]}</h4><ul class="clauses">{items}</ul>')
    parts.append("</div>")
    return "".join(parts)


def _adjusted(finding: Finding, t: _Text) -> str:
    """The result at the table, after the automatic transfer, and the one that applies
    (the Law 64C score the Director should assign when the transfer does not compensate
    the non-offending side, else the transfer, else the table's), from the finding's data;
    else the ruling's outcome."""
    data = finding.data
    rows = []
    tricks, score = data.get("declarer_tricks"), data.get("score_ns")
    after, after_score = data.get("adjusted_declarer_tricks"), data.get("adjusted_score_ns")
    equity = data.get("equity") if isinstance(data.get("equity"), Mapping) else None
    proposal = equity.get("proposal") if equity and equity.get("insufficient") else None
    if after is not None or proposal:
        if tricks is not None:
            rows.append(f"<dt>{t['at_table']}</dt><dd>{escape(_result(tricks, score, t))}</dd>")
        transferred = after is not None and (after, after_score) != (tricks, score)
        if transferred:
            rows.append(f"<dt>{t['after_transfer']}</dt>"
                        f"<dd>{escape(_result(after, after_score, t))}</dd>")
        elif isinstance(data.get("exception"), str):
            rows.append(f"<dt>{t['after_transfer']}</dt><dd>"
                        + escape(t.label("html.no_transfer", law=messages.law_ref(
                            data["exception"], t.lang))) + "</dd>")
    if equity is not None:
        rows.append(f"<dt>{t['equity']}</dt><dd>{_value('equity', equity, t)}</dd>")
    if proposal:
        applies = t.label("html.applies.equity", result=_result(
            proposal.get("declarer_tricks"), proposal.get("score_ns"), t))
    elif after is not None and (after, after_score) != (tricks, score):
        applies = t.label("html.applies.transfer", result=_result(after, after_score, t),
                          law=messages.law_ref(finding.law or "64A", t.lang))
    elif after is not None:
        applies = t.label("html.applies.table", result=_result(tricks, score, t))
    else:
        applies = ""
    if applies:
        rows.append(f'<dt>{t["applies"]}</dt><dd class="applies"><strong>{escape(applies)}'
                    "</strong></dd>")
    outcome = finding.ruling.outcome if finding.ruling is not None else None
    if not rows and outcome is not None:
        rows.append(_outcome(outcome, t))
    if not rows:
        return ""
    return f'<div class="adjusted"><h4>{t["adjusted"]}</h4><dl>{"".join(rows)}</dl></div>'


def _result(tricks: Any, score: Any, t: _Text) -> str:
    """``10 tricks, +620 for North-South`` (not escaped)."""
    return t.label("html.result_line", tricks=tricks if tricks is not None else "?",
                   score="?" if not isinstance(score, int) else f"{score:+d}" if score else "0")


def _change(before: Any, after: Any) -> str:
    if before is None or before == after:
        return f"<strong>{escape(str(after))}</strong>"
    return f"{escape(str(before))} → <strong>{escape(str(after))}</strong>"


def _outcome(outcome: Outcome, t: _Text) -> str:
    result, artificial, results = outcome.result(), outcome.artificial(), outcome.results()
    if result is not None:
        return (f"<dt>{t['result']}</dt><dd>{_contract(result.contract, t)}, "
                f"{result.declarer_tricks} {t['tricks']}</dd>"
                f"<dt>{t['score_ns']}</dt><dd><strong>{result.score_ns}</strong></dd>")
    if artificial is not None:
        variable = f" ({t['variable']})" if artificial.variable else ""
        return (f"<dt>{t['artificial']}</dt><dd>NS {artificial.ns_percent} % – "
                f"{t.side(Side.EW)} {artificial.ew_percent} %{variable}</dd>")
    if results:
        parts = "<br>\n".join(
            f"{weight.numerator}/{weight.denominator}: {_contract(r.contract, t)}, "
            f"{r.declarer_tricks} {t['tricks']}, NS {r.score_ns}"
            for weight, r in results)
        return f"<dt>{t['weighted']}</dt><dd>{parts}</dd>"
    return ""


# -- the deal --------------------------------------------------------------------------

def _deal_section(record: BoardRecord, marks: _Marks, t: _Text) -> str:
    deal: Deal | None = record.deal
    if deal is None:
        return f'<section class="deal-section"><h3>{t["deal"]}</h3><p>{t["no_deal"]}</p></section>'
    hands = "".join(_hand(deal, seat, record, seat in marks.offenders, t) for seat in SEATS)
    centre = [f"{t['board']} {escape(str(record.board))}" if record.board is not None else ""]
    if record.dealer is not None:
        centre.append(f"{t['dealer']} {t.seat(record.dealer)}")
    if record.vulnerability is not None:
        centre.append(f"{t['vulnerable']} {_vulnerability(record.vulnerability, t)}")
    middle = "<br>".join(c for c in centre if c)
    return (f'<section class="deal-section"><h3>{t["deal"]}</h3>'
            f'<div class="deal">{hands}<div class="centre">{middle}</div></div></section>')


def _vulnerability(vul: Vulnerability, t: _Text) -> str:
    return {Vulnerability.NONE: t["none"], Vulnerability.NS: "NS",
            Vulnerability.EW: t.side(Side.EW), Vulnerability.ALL: t["all"]}[vul]


def _hand(deal: Deal, seat: Seat, record: BoardRecord, offender: bool, t: _Text) -> str:
    name = record.players.get(seat)
    who = f'<span class="seat">{t.seat(seat)}</span>'
    if name:
        who += f' <span class="name">{escape(name)}</span>'
    hand = deal.hands[seat]
    cls = f"hand hand-{seat.value.lower()}" + (" offender" if offender else "")
    if hand is None:
        body = f'<p class="unknown">{t["unknown_hand"]}</p>'
    else:
        lines = []
        for suit in SUITS:
            ranks = "".join(_rank(r) for r in hand.ranks(suit)) or \
                f'<span class="void" title="{t["void"]}">—</span>'
            lines.append(f"<li>{_suit(suit, t)} {ranks}</li>")
        body = f'<ul class="suits">{"".join(lines)}</ul>'
    return (f'<div class="{cls}" aria-label="{escape(t.seat_name(seat))}">'
            f'<div class="who">{who}</div>{body}</div>')


# -- the auction -----------------------------------------------------------------------

def _auction_section(record: BoardRecord, anchor: str, t: _Text) -> str:
    auction: Auction | None = record.auction
    head = f'<section class="auction-section"><h3>{t["auction"]}</h3>'
    if auction is None:
        return head + f'<p>{t["no_auction"]}</p></section>'
    notes_text = record.auction_notes
    footnotes: list[tuple[str, str]] = []
    cells = ["<td></td>"] * _AUCTION_COLUMNS.index(auction.dealer)
    for _seat, entry in auction:
        cells.append(_auction_cell(entry, anchor, notes_text, footnotes, t))
    if auction.truncated:
        cells.append(f'<td class="stop" title="{t["truncated"]}">…</td>')
    rows = "".join("<tr>" + "".join(cells[i:i + 4]) + "</tr>" for i in range(0, len(cells), 4))
    header = "".join(
        f'<th scope="col"{" class=dealer" if s is auction.dealer else ""}>{t.seat(s)}</th>'
        for s in _AUCTION_COLUMNS)
    parts = [head, f'<table class="auction"><thead><tr>{header}</tr></thead>'
                   f"<tbody>{rows}</tbody></table>"]
    if auction.truncated:
        parts.append(f'<p class="stop">{t["truncated"]}</p>')
    if footnotes:
        items = "".join(f'<li id="{fid}">{text}</li>' for fid, text in footnotes)
        parts.append(f'<h4>{t["notes"]}</h4><ol class="notes">{items}</ol>')
    parts.append("</section>")
    return "".join(parts)


def _auction_cell(entry: AuctionEntry, anchor: str, notes_text: Mapping[int, str],
                  footnotes: list[tuple[str, str]], t: _Text) -> str:
    if entry.call is None:
        return (f'<td class="skipped" title="{t["skipped"]}">–'
                f'<span class="sr"> {t["skipped"]}</span></td>')
    text = _call(entry.call, t)
    cls = []
    if entry.insufficient:
        cls.append("insufficient")
        text += f'<sup title="{t["insufficient"]}">!</sup>'
    refs = []
    for n in entry.notes:
        fid = f"{anchor}-n{n}"
        if all(f != fid for f, _ in footnotes):
            body = escape(notes_text.get(n, f"{t['note']} {n}"))
            footnotes.append((fid, f"<b>{n}</b> {body}"))
        refs.append(f'<a href="#{fid}">{n}</a>')
    if entry.alert:
        fid = f"{anchor}-a{len(footnotes) + 1}"
        letter = chr(ord("a") + sum(1 for f, _ in footnotes if "-a" in f) % 26)
        footnotes.append((fid, f"<b>{letter}</b> {escape(entry.alert)}"))
        refs.append(f'<a href="#{fid}">{letter}</a>')
        cls.append("alerted")
    if refs:
        text += f"<sup>{','.join(refs)}</sup>"
    attr = f' class="{" ".join(cls)}"' if cls else ""
    return f"<td{attr}>{text}</td>"


# -- the play --------------------------------------------------------------------------

class _Marks:
    """The cards of a play to highlight: (trick, seat) -> revoke or other card at fault."""

    def __init__(self) -> None:
        self.revokes: set[tuple[int, Seat]] = set()
        self.flagged: set[tuple[int, Seat]] = set()
        self.revoke_tricks: set[int] = set()
        self.offenders: set[Seat] = set()


def _play_marks(record: BoardRecord, findings: list[Finding]) -> _Marks:
    marks = _Marks()
    play = record.play
    for f in findings:
        trick = f.data.get("trick")
        if not isinstance(trick, int) or play is None or not 1 <= trick <= len(play.tricks):
            continue
        seat = _seat_of(f.data.get("offender")) or _seat_of(f.data.get("seat")) or f.seat
        card = _card_of(f.data.get("card"))
        cards = play.tricks[trick - 1].cards
        match = next((pc for pc in cards if seat is not None and pc.seat is seat), None) \
            or next((pc for pc in cards if card is not None and pc.card is card), None)
        if match is None:
            continue
        if f.kind == "revoke":
            marks.revokes.add((trick, match.seat))
            marks.revoke_tricks.add(trick)
            marks.offenders.add(match.seat)
        else:
            marks.flagged.add((trick, match.seat))
    return marks


def _play_section(record: BoardRecord, marks: _Marks, t: _Text) -> str:
    play: Play | None = record.play
    head = f'<section class="play-section"><h3>{t["play"]}</h3>'
    if play is None or not play.tricks:
        return head + f'<p>{t["no_play"]}</p></section>'
    contract = record.contract or (record.auction.contract() if record.auction else None)
    known_trump = contract is not None and not contract.is_passed_out
    trump = contract.strain.suit if known_trump and contract and contract.strain else None
    won = {Side.NS: 0, Side.EW: 0}
    rows = []
    for n, trick in enumerate(play.tricks, 1):
        winner = trick.winner(trump) if known_trump and trick.is_complete else None
        if winner is not None:
            won[winner.side] += 1
        cells = [f'<th scope="row">{n}</th>']
        for i in range(4):
            pc = trick.cards[i] if i < len(trick.cards) else None
            cells.append(_play_cell(pc, n, i == 0, winner, marks, t))
        cells.append(f'<td class="winner">{t.seat(winner) if winner else ""}</td>')
        cells.append(f'<td class="tally">{won[Side.NS]}–{won[Side.EW]}</td>'
                     if winner else '<td class="tally"></td>')
        cls = ' class="revoke-trick"' if n in marks.revoke_tricks else ""
        rows.append(f"<tr{cls}>{''.join(cells)}</tr>")
    header = "".join(f'<th scope="col">{h}</th>' for h in (
        "#", t["lead"], t["second"], t["third"], t["fourth"], t["won"], t["running"]))
    parts = [head, f'<table class="play"><thead><tr>{header}</tr></thead>'
                   f"<tbody>{''.join(rows)}</tbody></table>"]
    if play.claimed:
        claim = t["claim"]
        if play.claim_declarer_tricks is not None:
            claim += ": " + t.label("html.claim_tricks", n=play.claim_declarer_tricks)
        parts.append(f'<p class="claim">{claim}</p>')
    elif play.incomplete:
        parts.append(f'<p class="stop">{t["incomplete"]}</p>')
    legend = [f'<span class="win">{t.seat(Seat.N)}</span> = {t["legend_won"]}']
    if marks.revokes or any(pc.marker == "R" for pc in play.cards()):
        legend.append(f'<span class="badge">R</span> = {t["revoke"]}')
    if marks.flagged:
        legend.append(f'<span class="badge flag">!</span> = {t["flagged"]}')
    parts.append(f'<p class="legend">{" · ".join(legend)}</p></section>')
    return "".join(parts)


def _play_cell(pc: PlayedCard | None, trick: int, lead: bool, winner: Seat | None,
               marks: _Marks, t: _Text) -> str:
    if pc is None:
        return "<td></td>"
    cls = ["lead"] if lead else []
    badge = ""
    detected = (trick, pc.seat) in marks.revokes
    if detected or pc.marker == "R":
        cls.append("revoke")
        title = t["revoke"] if detected else t["marked"]
        badge = f'<span class="badge" title="{title}">R<span class="sr"> {title}</span></span>'
    elif (trick, pc.seat) in marks.flagged:
        cls.append("flagged")
        badge = (f'<span class="badge flag" title="{t["flagged"]}">!'
                 f'<span class="sr"> {t["flagged"]}</span></span>')
    if pc.seat is winner:
        cls.append("win")
    data = ""
    if "revoke" in cls:
        data = f' data-revoke="{"detected" if detected else "marked"}"' + (
            ' data-marker="R"' if pc.marker == "R" else "")
    return (f'<td class="{" ".join(cls)}"{data}><span class="who">{t.seat(pc.seat)}</span>'
            f"{_card(pc.card, t)}{badge}</td>")


_CSS = """
:root{--ink:#1b1b1b;--muted:#555;--line:#cfcfcf;--red:#c4001a;--paper:#fff;--bg:#f3f2ef;
--revoke:#c4001a;--revoke-bg:#ffe1e1;--trick-bg:#fff5f5;--flag:#a15c00;--flag-bg:#fff0cc}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--ink);
font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif}
header.page,main{max-width:46rem;margin:0 auto;padding:0 .6rem}
h1{font-size:1.3rem;margin:.8rem 0 .4rem;overflow-wrap:anywhere}
h2{font-size:1.15rem;margin:0 0 .3rem}
h3{font-size:1rem;margin:1rem 0 .35rem;border-bottom:1px solid var(--line)}
h4{font-size:.95rem;margin:.6rem 0 .2rem}
nav ol{margin:.2rem 0;padding-left:1.4rem}
nav a{color:inherit}
article{background:var(--paper);border:1px solid var(--line);border-radius:8px;
padding:.6rem .6rem .8rem;margin:.9rem 0}
dl{display:grid;grid-template-columns:fit-content(50%) minmax(0,1fr);gap:.1rem .6rem;
margin:.3rem 0}
dt{color:var(--muted);overflow-wrap:anywhere}
dd{margin:0;overflow-wrap:anywhere}
.source{font-size:.85rem}
.finding{border-left:4px solid var(--line);padding-left:.5rem;margin:.7rem 0}
.finding.kind-revoke{border-left-color:var(--revoke)}
.finding h3{border:0;margin-top:.2rem}
.text,.ruling-text{margin:.3rem 0}
.ruling-text{font-weight:600}
.clauses{margin:.2rem 0;padding-left:1.1rem}
p.clauses{padding-left:0;font-size:.9rem}
.applies strong{font-size:1rem}
.count{display:inline-block;min-width:1.6rem;padding:0 .35rem;border-radius:.8rem;
background:var(--line);font-size:.8rem;font-weight:600;text-align:center}
section.kind>h2{margin-top:1.2rem}
details{margin:.5rem 0;overflow-x:auto}
summary{cursor:pointer;font-weight:600}
table.rows{font-size:.85rem}
table.rows td{border-bottom:1px solid #eee;overflow-wrap:anywhere}
table.rows td:first-child,table.rows td:nth-child(2){white-space:nowrap}
table.rows tr.file th{padding-top:.5rem;overflow-wrap:anywhere}
.note{font-size:.85rem;color:var(--muted)}
.error{color:var(--red)}
.law{font-weight:700;white-space:nowrap}
.adjusted strong{font-size:1.05rem}
.sym{font-style:normal}
.red{color:var(--red)}
.deal{display:grid;grid-template-columns:repeat(3,minmax(0,1fr));
grid-template-areas:". n ." "w c e" ". s .";gap:.3rem;align-items:center}
.hand-n{grid-area:n}.hand-e{grid-area:e}.hand-s{grid-area:s}.hand-w{grid-area:w}
.centre{grid-area:c;text-align:center;font-size:.8rem;color:var(--muted);
border:1px solid var(--line);border-radius:6px;padding:.3rem .1rem}
.hand .who{font-size:.85rem;overflow-wrap:anywhere}
.hand .seat{font-weight:700}
.hand.offender .seat{color:var(--revoke)}
.suits{list-style:none;margin:0;padding:0;font-variant-numeric:tabular-nums;
overflow-wrap:anywhere}
.void{color:var(--muted)}
table{border-collapse:collapse;width:100%}
th,td{padding:.25rem .15rem;text-align:left;vertical-align:top}
thead th{font-size:.8rem;color:var(--muted);font-weight:600;border-bottom:1px solid var(--line)}
.auction{table-layout:fixed}
.auction th.dealer{text-decoration:underline}
.auction sup a{color:inherit}
.notes{margin:.2rem 0;padding-left:0;list-style:none;font-size:.9rem}
.play{table-layout:fixed;font-size:.95rem}
.play th:first-child{width:1.7rem}
.play th:nth-child(6){width:3.3rem}
.play th:nth-child(7){width:3rem}
.play thead th:nth-child(n+6){font-size:.7rem}
.play td{white-space:nowrap}
.play tbody tr{border-bottom:1px solid #eee}
.play .who{display:block;font-size:.7rem;color:var(--muted);line-height:1}
.play .lead .who{font-weight:700;color:var(--ink)}
.play .win .card{font-weight:700;text-decoration:underline;text-underline-offset:3px}
.win{font-weight:700;text-decoration:underline}
.winner,.tally{font-variant-numeric:tabular-nums}
tr.revoke-trick{background:var(--trick-bg)}
td.revoke{background:var(--revoke-bg);outline:3px solid var(--revoke);outline-offset:-3px;
border-radius:4px}
td.revoke .card{font-weight:800}
td.flagged{background:var(--flag-bg);outline:3px dashed var(--flag);outline-offset:-3px}
.badge{display:inline-block;margin-left:.15rem;padding:0 .2rem;border-radius:3px;
background:var(--revoke);color:#fff;font-size:.7rem;font-weight:700;vertical-align:super;
line-height:1.2}
.badge.flag{background:var(--flag)}
.legend,.claim,.stop{font-size:.85rem;color:var(--muted);margin:.4rem 0}
.scroll{overflow-x:auto}
.inputs table{font-size:.85rem}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);
white-space:nowrap}
@media (min-width:40rem){body{font-size:17px}.play{font-size:1rem}}
@media print{body{background:#fff}article{break-inside:avoid;border:0}}
""".strip()
