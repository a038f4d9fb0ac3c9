"""What the HTML report shows of one record, as values for its templates
(``td_plugin/audit/reports/templates/report_*.html``, `td_plugin.audit.reports.html_report`).

`article` turns a record and its findings into an `Article`: where the board was played,
each finding with its facts, its ruling and the result that applies, the deal, the auction
and the play trick by trick with the revoke (or the card at fault) marked. The values are
typed (seats, suits, cards, calls and contracts as the domain has them) or plain text; the
templates write them and escape every text. `Text` gives the page's labels in one
language.

The facts of a finding are read from what it carries typed: the seat, trick and card it
is about (`Finding.seat`, ``trick``, ``card``), its ruling, and a revoke's outcome
(`Finding.revoke`: transfers, results, the 64C figures), with the cards of the record's
own play at the trick it names. Nothing is read back from ``data``, the JSON report's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from markupsafe import Markup, escape

from td_plugin import messages
from td_plugin.model.auction import AuctionEntry
from td_plugin.model.board import BoardRecord, Vulnerability
from td_plugin.model.cards import SEATS, SUITS, Card, Rank, Seat, Side, Suit
from td_plugin.model.deal import Deal
from td_plugin.model.findings import Finding, FindingKind
from td_plugin.model.outcomes import Outcome
from td_plugin.model.play import PlayedCard
from td_plugin.model.revoke_outcome import Equity, EquityFigures
from td_plugin.model.rulings import Ruling

__all__ = ["Text", "Article", "article", "Cards"]

#: Summary counts with a label of their own (``html.count.<name>``); any other count is
#: a finding kind.
COUNTS = ("files", "records", "boards", "findings", "revokes", "problems", "adjusted")
#: Auction columns, West first (the layout of a travelling score slip).
AUCTION_COLUMNS = (Seat.W, Seat.N, Seat.E, Seat.S)
#: Facts of a finding shown as a list, in this order (a revoke's results are shown in
#: the adjusted result).
FACT_KEYS = ("offender", "trick", "suit_led", "card", "established", "exception",
             "transfer", "transfer_if_timely")


class Text:
    """The page's labels (``html.<name>``), seat and suit names and finding kinds in one
    language, from the message catalogue (plain text: the templates escape it)."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def __getitem__(self, key: str) -> str:
        return messages.render(f"html.{key}", None, self.lang)

    def label(self, key: str, **params: Any) -> str:
        """The text of a whole key with parameters (``html.claim_tricks``)."""
        return messages.render(key, params, self.lang)

    def seat(self, seat: Seat) -> str:
        return messages.render(f"seat.letter.{seat.value}", None, self.lang)

    def rank(self, rank: Rank) -> str:
        """A rank as the page's language writes it: ``10``; the honours' letters A, K, Q,
        J in English, E, K, D, B in Danish."""
        letter = rank.pbn()
        if rank is Rank.TEN:
            return "10"
        return messages.render(f"revoke.rank.{letter}", None, self.lang) if letter in "AKQJ" \
            else letter

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
        return self.label(f"html.count.{key}") if key in COUNTS else self.kind(key)

    def law(self, law: str) -> str:
        return messages.law_ref(law, self.lang)

    def message(self, key: str, params: Mapping[str, Any]) -> str:
        return messages.render(key, params, self.lang)

    def rich(self, key: str, **params: Any) -> Markup:
        """The text of ``key`` escaped, with the parameters that are `Markup` (a card
        drawn by its template) put in as they are."""
        slots: dict[str, Markup] = {}
        plain: dict[str, Any] = {}
        for name, value in params.items():
            if isinstance(value, Markup):
                token = f"\x00{len(slots)}\x00"
                slots[token] = value
                plain[name] = token
            else:
                plain[name] = value
        text = str(escape(self.label(key, **plain)))
        for token, html in slots.items():
            text = text.replace(token, str(html))
        return Markup(text)


class Cards:
    """The templates' drawing of cards and suits (``report_cards.html``), for a text
    that puts one inside a sentence (the 64C figures)."""

    def __init__(self, card: Callable[[Card], Markup]) -> None:
        self.card = card


# -- the values the article template writes --------------------------------------------

@dataclass
class FindingView:
    kind_class: str
    kind: str
    law: str | None
    text: str
    facts: list[tuple[str, Any]]
    ruling: Ruling | None
    adjusted: list[tuple[str, Any, bool]]  # label, value, strong
    outcome: Outcome | None  # when there are no figures of the result to show


@dataclass
class Hand:
    seat: Seat
    css: str
    name: str | None
    suits: list[tuple[Suit, list[str]]] | None  # None: not known


@dataclass
class AuctionCell:
    entry: AuctionEntry | None  # None: the cell before the dealer's, or the stop
    css: str = ""
    refs: list[tuple[str, str]] = field(default_factory=list)  # footnote id, label


@dataclass
class PlayCell:
    played: PlayedCard
    css: str
    revoke: str | None  # "detected" or "marked"
    badge: str | None  # "revoke", "flag"
    title: str = ""


@dataclass
class PlayRow:
    number: int
    cells: list[PlayCell | None]
    winner: Seat | None
    tally: str
    revoke_trick: bool


@dataclass
class Article:
    anchor: str
    board: Any
    record: BoardRecord
    place: list[str]
    players: list[str]
    source: list[str]
    findings: list[FindingView]
    hands: list[Hand]
    centre: list[str]
    auction: list[list[AuctionCell]] | None
    notes: list[tuple[str, str, str]]  # footnote id, label, text
    play: list[PlayRow] | None
    claim: str
    legend: list[str]


def article(anchor: str, record: BoardRecord, findings: Sequence[Finding], t: Text,
            cards: Cards) -> Article:
    """The view of one record shown in full (``anchor``: its id on the page)."""
    board = record.board if record.board is not None else findings[0].board
    marks = _play_marks(record, findings)
    rows, notes = _auction(record, anchor, t)
    play, legend = _play(record, marks, t)
    return Article(
        anchor=anchor, board=board, record=record, place=_place(record, t),
        players=_players(record, t), source=_source(record, findings[0], t),
        findings=[_finding(f, record, t, cards) for f in findings],
        hands=[_hand(record.deal, seat, record, seat in marks.offenders, t)
               for seat in SEATS] if record.deal is not None else [],
        centre=_centre(record, t), auction=rows, notes=notes, play=play,
        claim=_claim(record, t), legend=legend)


# -- where -----------------------------------------------------------------------------

def _place(record: BoardRecord, t: Text) -> list[str]:
    return [f"{t[key]} {value}" for key, value in (
        ("section", record.section), ("table", record.table), ("round", record.round))
        if value is not None and value != ""]


def _source(record: BoardRecord, finding: Finding, t: Text) -> list[str]:
    loc = record.location
    path = finding.path or loc.path
    index = finding.record if finding.record is not None else loc.record
    line = finding.line if finding.line is not None else loc.line
    source = [path] if path else []
    if index is not None:
        source.append(f"{t['record']} {index}")
    if line is not None:
        source.append(f"{t['line']} {line}")
    return source


def _players(record: BoardRecord, t: Text) -> list[str]:
    pairs = []
    for side, seats, pair in ((Side.NS, (Seat.N, Seat.S), record.ns_pair),
                              (Side.EW, (Seat.E, Seat.W), record.ew_pair)):
        text = " – ".join(record.players[s] for s in seats if record.players.get(s))
        if pair:
            text = f"{text} ({pair})" if text else str(pair)
        if text:
            pairs.append(f"{t.side(side)}: {text}")
    return pairs


# -- a finding -------------------------------------------------------------------------

def _finding(finding: Finding, record: BoardRecord, t: Text, cards: Cards) -> FindingView:
    adjusted = _adjusted(finding, t, cards)
    outcome = finding.ruling.outcome if finding.ruling is not None and not adjusted else None
    return FindingView(
        kind_class="".join(ch if ch.isalnum() else "-" for ch in finding.kind),
        kind=t.kind(finding.kind), law=t.law(finding.law) if finding.law else None,
        text=t.message(finding.key, finding.params), facts=_facts(finding, record, t),
        ruling=finding.ruling, adjusted=adjusted, outcome=outcome)


def _played(record: BoardRecord, finding: Finding) -> tuple[PlayedCard, Suit] | None:
    """The card the finding's seat played at the trick it names, and the suit led to that
    trick, from the record's play."""
    trick = finding.trick
    play = record.play
    if finding.seat is None or trick is None or play is None or not 1 <= trick <= len(play.tricks):
        return None
    cards = play.tricks[trick - 1].cards
    played = next((pc for pc in cards if pc.seat is finding.seat), None)
    return (played, cards[0].card.suit) if played is not None else None


def _facts(finding: Finding, record: BoardRecord, t: Text) -> list[tuple[str, Any]]:
    """The finding's facts in the order of `FACT_KEYS`: who revoked, the trick and the
    card at fault (the card of the record's play, with the suit led to its trick), and a
    revoke's establishment, exception and transfers."""
    played = _played(record, finding)
    revoke = finding.revoke
    card = played[0].card if played is not None else finding.card
    values: dict[str, Any] = {"trick": finding.trick, "card": card}
    if revoke is not None:
        values |= {
            "offender": None if finding.seat is None else t.seat_name(finding.seat),
            "suit_led": played[1] if played is not None else revoke.suit_led,
            "established": revoke.established,
            "exception": None if revoke.exception is None else t.law(revoke.exception),
            "transfer": revoke.transfer, "transfer_if_timely": revoke.transfer_if_timely}
    rows: list[tuple[str, Any]] = []
    for key in FACT_KEYS:
        value = values.get(key)
        if value is None:
            continue
        if isinstance(value, bool):
            value = t["yes"] if value else t["no"]
        rows.append((t[key], value))
    return rows


def _adjusted(finding: Finding, t: Text, cards: Cards) -> list[tuple[str, Any, bool]]:
    """The result at the table, after the automatic transfer, and the one that applies
    (the Law 64C score double dummy points to, for the Director's judgement, when the
    transfer does not compensate the non-offending side, else the transfer, else the
    table's), from a revoke's outcome; empty for other findings."""
    revoke = finding.revoke
    if revoke is None:
        return []
    rows: list[tuple[str, Any, bool]] = []
    tricks, score = revoke.declarer_tricks, revoke.score_ns
    after, after_score = revoke.adjusted_declarer_tricks, revoke.adjusted_score_ns
    equity = revoke.equity
    proposal = equity.proposal if isinstance(equity, EquityFigures) and equity.insufficient \
        else None
    transferred = after is not None and (after, after_score) != (tricks, score)
    if after is not None or proposal:
        if tricks is not None:
            rows.append((t["at_table"], _result(tricks, score, t), False))
        if transferred:
            rows.append((t["after_transfer"], _result(after, after_score, t), False))
        elif revoke.exception is not None:
            rows.append((t["after_transfer"], t.label(
                "html.no_transfer", law=t.law(revoke.exception)), False))
    if equity is not None:
        rows.append((t["equity"], _equity(equity, t, cards), False))
    if proposal:
        applies = t.label("html.applies.equity", result=_result(
            proposal.declarer_tricks, proposal.score_ns, t))
    elif transferred:
        applies = t.label("html.applies.transfer", result=_result(after, after_score, t),
                          law=t.law(finding.law or "64A"))
    elif after is not None:
        applies = t.label("html.applies.table", result=_result(tricks, score, t))
    else:
        applies = ""
    if applies:
        rows.append((t["applies"], applies, True))
    return rows


def _result(tricks: Any, score: Any, t: Text) -> str:
    """``10 tricks, +620 for North-South``."""
    return t.label("html.result_line", tricks=tricks if tricks is not None else "?",
                   score="?" if not isinstance(score, int) else f"{score:+d}" if score else "0")


def _or_unknown(value: Any) -> Any:
    return "?" if value is None else value


def _equity(eq: Equity, t: Text, cards: Cards) -> Markup:
    """The 64C figures in a sentence: the double-dummy tricks against the table's, and
    the proposal when the non-offending side is not sufficiently compensated. The seat is
    the figures' own: the player of the best card (under 64C2(b), where both sides
    revoked, the first revoker, from whose position the figures are measured)."""
    if not isinstance(eq, EquityFigures):
        return t.rich("html.equity.unavailable", why=eq.how or eq.reason or "?")
    parts = [t.rich(
        "html.equity.dd", seat=t.seat_name(eq.seat), card=cards.card(eq.best_card),
        equity=eq.equity_declarer_tricks, table=_or_unknown(eq.table_declarer_tricks))]
    proposal = eq.proposal
    if eq.insufficient and proposal:
        score = proposal.score_ns
        parts.append(t.rich("html.equity.assign", tricks=proposal.declarer_tricks,
                            score="?" if score is None else f"{score:+d}"))
    elif eq.insufficient is False:
        parts.append(t.rich("html.equity.enough"))
    return Markup("; ").join(parts)


# -- the deal --------------------------------------------------------------------------

def _centre(record: BoardRecord, t: Text) -> list[str]:
    centre = [f"{t['board']} {record.board}"] if record.board is not None else []
    if record.dealer is not None:
        centre.append(f"{t['dealer']} {t.seat(record.dealer)}")
    if record.vulnerability is not None:
        vul = {Vulnerability.NONE: t["none"], Vulnerability.NS: "NS",
               Vulnerability.EW: t.side(Side.EW), Vulnerability.ALL: t["all"]}
        centre.append(f"{t['vulnerable']} {vul[record.vulnerability]}")
    return centre


def _hand(deal: Deal, seat: Seat, record: BoardRecord, offender: bool, t: Text) -> Hand:
    hand = deal.hands[seat]
    suits = None if hand is None else [(suit, [t.rank(r) for r in hand.ranks(suit)])
                                       for suit in SUITS]
    css = f"hand hand-{seat.value.lower()}" + (" offender" if offender else "")
    return Hand(seat, css, record.players.get(seat) or None, suits)


# -- the auction -----------------------------------------------------------------------

def _auction(record: BoardRecord, anchor: str, t: Text
             ) -> tuple[list[list[AuctionCell]] | None, list[tuple[str, str, str]]]:
    """The auction's rows of four cells from West, and its footnotes (the record's notes
    and alerts)."""
    auction = record.auction
    if auction is None:
        return None, []
    texts = record.auction_notes
    notes: list[tuple[str, str, str]] = []
    cells = [AuctionCell(None) for _ in range(AUCTION_COLUMNS.index(auction.dealer))]
    for _seat, entry in auction:
        cells.append(_auction_cell(entry, anchor, texts, notes, t))
    if auction.truncated:
        cells.append(AuctionCell(None, "stop"))
    return [cells[i:i + 4] for i in range(0, len(cells), 4)], notes


def _auction_cell(entry: AuctionEntry, anchor: str, texts: Mapping[int, str],
                  notes: list[tuple[str, str, str]], t: Text) -> AuctionCell:
    if entry.call is None:
        return AuctionCell(entry, "skipped")
    css = ["insufficient"] if entry.insufficient else []
    refs = []
    for n in entry.notes:
        fid = f"{anchor}-n{n}"
        if all(f != fid for f, _, _ in notes):
            notes.append((fid, str(n), texts.get(n, f"{t['note']} {n}")))
        refs.append((fid, str(n)))
    if entry.alert:
        fid = f"{anchor}-a{len(notes) + 1}"
        letter = chr(ord("a") + sum(1 for f, _, _ in notes if "-a" in f) % 26)
        notes.append((fid, letter, entry.alert))
        refs.append((fid, letter))
        css.append("alerted")
    return AuctionCell(entry, " ".join(css), refs)


# -- the play --------------------------------------------------------------------------

class _Marks:
    """The cards of a play to highlight: (trick, seat) -> revoke or other card at fault."""

    def __init__(self) -> None:
        self.revokes: set[tuple[int, Seat]] = set()
        self.flagged: set[tuple[int, Seat]] = set()
        self.revoke_tricks: set[int] = set()
        self.offenders: set[Seat] = set()


def _play_marks(record: BoardRecord, findings: Sequence[Finding]) -> _Marks:
    """The card each finding is about: its seat's card at the trick it names."""
    marks = _Marks()
    for f in findings:
        played = _played(record, f)
        if played is None or f.trick is None:
            continue
        trick, seat = f.trick, played[0].seat
        if f.kind == FindingKind.REVOKE:
            marks.revokes.add((trick, seat))
            marks.revoke_tricks.add(trick)
            marks.offenders.add(seat)
        else:
            marks.flagged.add((trick, seat))
    return marks


def _play(record: BoardRecord, marks: _Marks, t: Text) -> tuple[list[PlayRow] | None, list[str]]:
    """The play trick by trick (None: no play record) and the legend's entries."""
    play = record.play
    if play is None or not play.tricks:
        return None, []
    contract = record.contract or (record.auction.contract() if record.auction else None)
    known_trump = contract is not None and not contract.is_passed_out
    trump = contract.strain.suit if known_trump and contract and contract.strain else None
    won = {Side.NS: 0, Side.EW: 0}
    rows = []
    for n, trick in enumerate(play.tricks, 1):
        winner = trick.winner(trump) if known_trump and trick.is_complete else None
        if winner is not None:
            won[winner.side] += 1
        cells = [_play_cell(trick.cards[i], n, i == 0, winner, marks, t)
                 if i < len(trick.cards) else None for i in range(4)]
        rows.append(PlayRow(n, cells, winner, f"{won[Side.NS]}–{won[Side.EW]}" if winner
                            else "", n in marks.revoke_tricks))
    legend = ["won"]
    if marks.revokes or any(pc.marker == "R" for pc in play.cards()):
        legend.append("revoke")
    if marks.flagged:
        legend.append("flag")
    return rows, legend


def _claim(record: BoardRecord, t: Text) -> str:
    play = record.play
    if play is None or not play.claimed:
        return ""
    claim = t["claim"]
    if play.claim_declarer_tricks is not None:
        claim += ": " + t.label("html.claim_tricks", n=play.claim_declarer_tricks)
    return claim


def _play_cell(pc: PlayedCard, trick: int, lead: bool, winner: Seat | None, marks: _Marks,
               t: Text) -> PlayCell:
    css = ["lead"] if lead else []
    revoke = badge = None
    title = ""
    detected = (trick, pc.seat) in marks.revokes
    if detected or pc.marker == "R":
        css.append("revoke")
        revoke, badge = ("detected" if detected else "marked"), "revoke"
        title = t["revoke"] if detected else t["marked"]
    elif (trick, pc.seat) in marks.flagged:
        css.append("flagged")
        badge, title = "flag", t["flagged"]
    if pc.seat is winner:
        css.append("win")
    return PlayCell(pc, " ".join(css), revoke, badge, title)
