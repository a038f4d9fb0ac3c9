"""Board records: what a source file or a live host knows about one table's play of a board."""

from __future__ import annotations

import datetime as dt
import enum
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from td_plugin._quick_init import quick_init
from td_plugin.errors import PROBLEM_LIMIT, InvalidTokenError, Location, clip_echo
from td_plugin.messages import Msg, MsgText, render
from td_plugin.model.auction import Auction
from td_plugin.model.cards import Card, Seat, Side, Suit
from td_plugin.model.contract import Contract
from td_plugin.model.deal import Deal
from td_plugin.model.outcomes import ArtificialScore
from td_plugin.model.place import Place
from td_plugin.model.play import Play

if TYPE_CHECKING:
    from td_plugin.model.obligations import Obligation
    from td_plugin.model.rulings import Attention

__all__ = ["Vulnerability", "BoardRecord", "RecordProblem", "standard_dealer",
           "standard_vulnerability", "UNREAD_PARTS"]

#: the parts of a record a token not read leaves unchecked (`BoardRecord.not_read`)
UNREAD_PARTS = ("auction", "play", "contract", "result", "score")


class Vulnerability(enum.Enum):
    NONE = "None"
    NS = "NS"
    EW = "EW"
    ALL = "All"

    @classmethod
    def from_pbn(cls, text: str) -> Vulnerability:
        """Parse ``None``/``Love``/``-``, ``NS``, ``EW``, ``All``/``Both`` (any case)."""
        key = text.strip().upper().replace("-", "").replace("/", "")
        v = _VUL_LOOKUP.get(key)
        if v is None:
            raise InvalidTokenError(MsgText.of("error.token.not_vulnerability", {"text": repr(text)}))
        return v

    def pbn(self) -> str:
        return self.value

    def is_vulnerable(self, seat_or_side: Seat | Side) -> bool:
        side = seat_or_side.side if isinstance(seat_or_side, Seat) else seat_or_side
        return self is Vulnerability.ALL or self.value == side.value

    def __repr__(self) -> str:
        return f"Vulnerability.{self.name}"


_VUL_LOOKUP = {"NONE": Vulnerability.NONE, "LOVE": Vulnerability.NONE, "": Vulnerability.NONE,
               "0": Vulnerability.NONE, "NS": Vulnerability.NS, "NORTHSOUTH": Vulnerability.NS,
               "EW": Vulnerability.EW, "EASTWEST": Vulnerability.EW, "ALL": Vulnerability.ALL,
               "BOTH": Vulnerability.ALL, "B": Vulnerability.ALL, "O": Vulnerability.NONE,
               "N": Vulnerability.NS, "E": Vulnerability.EW}

_VUL_CYCLE = [Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.ALL,
              Vulnerability.NS, Vulnerability.EW, Vulnerability.ALL, Vulnerability.NONE,
              Vulnerability.EW, Vulnerability.ALL, Vulnerability.NONE, Vulnerability.NS,
              Vulnerability.ALL, Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW]


def standard_dealer(board: int) -> Seat:
    """The dealer of a board number under the standard duplicate rotation."""
    return Seat((("N", "E", "S", "W"))[(board - 1) % 4])


def standard_vulnerability(board: int) -> Vulnerability:
    """The vulnerability of a board number under the standard 16-board cycle."""
    return _VUL_CYCLE[(board - 1) % 16]


@dataclass(frozen=True)
class RecordProblem:
    """A problem with the data of a record (not an irregularity at the table): a token
    that could not be read, a tag that makes no sense. ``location`` says where. A value
    echoed in ``message`` is cut to a bounded length (`td_plugin.errors.clip_echo`).

    A reader that says the problem as a message key gives it as a `td_plugin.messages.Msg`
    (``msg``, or as ``message`` itself, a `Msg` or a `td_plugin.messages.MsgText`):
    ``message`` is then its English text and `text` its text in any language of the
    catalogues."""

    message: str
    location: Location
    msg: Msg | None = None

    def __post_init__(self) -> None:
        message: str | Msg = self.message
        if isinstance(message, Msg):
            object.__setattr__(self, "msg", message)
            message = render(message.key, message.params, "en")
        elif type(message) is MsgText:
            object.__setattr__(self, "msg", message.msg)
            message = str.__str__(message)
        object.__setattr__(self, "message", clip_echo(message, PROBLEM_LIMIT))

    def text(self, lang: str = "en") -> str:
        """The problem in ``lang`` (the reader's own words where it gave no key)."""
        if self.msg is None or lang == "en":
            return self.message
        return clip_echo(render(self.msg.key, self.msg.params, lang), PROBLEM_LIMIT)

    def describe(self, lang: str = "en") -> str:
        where = self.location.describe()
        text = self.text(lang)
        return f"{where}: {text}" if where else text


@quick_init
@dataclass(frozen=True)
class BoardRecord:
    """One table's result of one board, as far as the source knows it.

    Every field may be None when the source does not say. ``declarer_tricks`` is the
    result as recorded; ``result_agreed`` is true when the record says the agreed result
    differs from the tricks actually won (PBN ``Result "^9"``). ``declarer_swapped``
    marks PBN ``Declarer "^S"`` (declarer and dummy swapped). ``score_ns`` is the
    recorded score from North-South's side. ``players`` maps seats to names.

    What a table terminal or a results file records beside the result: ``lead``, the
    opening lead as entered (a play record's first card is in ``play``); ``artificial``,
    an artificial score entered instead of a result (Law 12C2); ``remarks``, the remark
    entered with the result, as written.

    What the Director noted in the file (adapters/td_notes.py): ``attention``, when
    attention was drawn to an irregularity on this board (a `td_plugin.model.rulings.Attention`,
    None: not said); ``obligations``, the penalty cards and lead restrictions of rulings
    given at the table (`td_plugin.laws.revokes.PenaltyCard`, `LeadRestriction`), which
    the revoke review checks the play against (Law 61A, 64B3).

    What a table terminal records while the session runs (a Bridgemate file):
    ``declaring_pair``, the number of the declaring pair as entered; ``not_played``, the
    board entered as not played; ``in_play``, a board still being played (calls or cards
    entered, no result yet); ``time``, when the result, or the last call or card, was
    entered.

    What a file's record says beside the auction and the play: ``auction_notes``, the
    notes of the auction by number (PBN ``Note`` tags: alerts and explanations);
    ``leader_first_rows``, the tricks (1-based) whose cards the record wrote in the order
    played rather than in the fixed order of its columns.

    ``unread``: the parts of the record holding a token the reader could not read
    (``"contract"``, ``"result"``, ``"score"``; an auction or a play says it itself,
    `Auction.unread`, `Play.unread`): nothing is judged from them (`not_read` lists them
    all), and the problem of each names the token and its line.

    ``results_said``: where the record gives declarer's tricks more than once, each
    account as ``(source, tricks)`` (``"claim"``: a claim agreed to, LIN ``mc``;
    ``"play"``: a complete play; ``"rs"``: a vugraph result line), the one the record's
    ``declarer_tricks`` takes first; empty when it gives them once or not at all.

    ``extra`` keeps what one format alone has and no code of the core reads (ids, raw
    values, what a writer needs to write the file back); each adapter's docstring lists
    its keys.
    """

    board: int | None = None
    dealer: Seat | None = None
    vulnerability: Vulnerability | None = None
    deal: Deal | None = None
    auction: Auction | None = None
    play: Play | None = None
    contract: Contract | None = None
    declarer_tricks: int | None = None
    result_agreed: bool = False
    declarer_swapped: bool = False
    score_ns: int | None = None
    lead: Card | None = None
    artificial: ArtificialScore | None = None
    remarks: str | None = None
    players: Mapping[Seat, str] = field(default_factory=dict)
    event: str | None = None
    section: str | None = None
    table: str | None = None
    round: int | None = None
    ns_pair: str | None = None
    ew_pair: str | None = None
    scoring: str | None = None
    location: Location = field(default_factory=Location)
    problems: tuple[RecordProblem, ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)
    attention: Attention | None = None
    obligations: tuple[Obligation, ...] = ()
    declaring_pair: str | None = None
    not_played: bool = False
    in_play: bool = False
    time: dt.datetime | None = None
    auction_notes: Mapping[int, str] = field(default_factory=dict)
    leader_first_rows: tuple[int, ...] = ()
    unread: frozenset[str] = frozenset()
    results_said: tuple[tuple[str, int], ...] = ()

    @property
    def declarer(self) -> Seat | None:
        return self.contract.declarer if self.contract else None

    @property
    def trump(self) -> Suit | None:
        return self.contract.strain.suit if self.contract and self.contract.strain else None

    @property
    def declarer_vulnerable(self) -> bool | None:
        if self.vulnerability is None or self.declarer is None:
            return None
        return self.vulnerability.is_vulnerable(self.declarer)

    def not_read(self) -> tuple[str, ...]:
        """The parts of the record that hold a token the reader could not read, in the
        order ``auction``, ``play``, ``contract``, ``result``, ``score``: none of them is
        checked."""
        auction, play, unread = self.auction, self.play, self.unread
        if not unread and (auction is None or not auction.unread) and (
                play is None or not play.unread):
            return ()
        parts = {"auction": auction is not None and auction.unread,
                 "play": play is not None and play.unread}
        return tuple(part for part in UNREAD_PARTS if parts.get(part) or part in unread)

    def label(self) -> str:
        """A short human label: ``board 7, section A, table 3, round 2`` (`Place.text`)."""
        return Place.of(self).text()

    def evolve(self, **changes: Any) -> BoardRecord:
        return replace(self, **changes)
