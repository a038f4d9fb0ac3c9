"""From a PBN game, its tags resolved, to a `BoardRecord`.

Everything a TD's audit needs is read here: board, dealer, vulnerability, deal, the
auction (from its first caller), the play in played order, contract and declarer
(``^X``: declarer and dummy swapped), declarer's tricks from every Result form
(``^``: an agreed result), North-South's score, players and event data. Problems come
with the line of the token they concern. Nothing is repaired: where the data disagree
with each other the record says what the file says, and the audit judges. A Director's
note in the game's commentary (``{TD: attention after-round; claim S}``,
`adapters.td_notes`) gives the record's ``attention``, ``obligations`` and who claimed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from adapters.pbn.auction import build_auction
from adapters.pbn.game import SECTION_AUCTION, SECTION_PLAY, PbnComment, PbnGame, PbnSection
from adapters.pbn.play import build_play
from adapters.pbn.sections import PbnItem, Token, parse_items, plain_tokens, too_many_tokens
from adapters.pbn.tables import build_table
from adapters.pbn.values import (
    UNKNOWN,
    VULNERABLE,
    declarer_tricks_of,
    parse_contract,
    parse_deal,
    parse_note,
    parse_result,
    parse_score,
    parse_seat_value,
    rubber_vulnerability,
    score_ns_of,
)
from adapters.td_notes import TdNotes, parse_td_note
from td_plugin.errors import Location, listed_problems
from td_plugin.messages import MsgText
from td_plugin.model.auction import Auction
from td_plugin.model.board import BoardRecord, RecordProblem
from td_plugin.model.cards import SEATS, Seat, Suit
from td_plugin.model.contract import Contract
from td_plugin.model.deal import Deal
from td_plugin.model.numbers import parse_whole
from td_plugin.model.play import Play

__all__ = ["build_record", "MAX_SECTION_TOKENS"]

#: tokens read from an Auction or Play section (a real one has a few hundred at most: 319
#: calls is the longest auction, 52 cards the longest play, each with its annotations)
MAX_SECTION_TOKENS = 2000

_PLAYER_TAGS = (("West", Seat.W), ("North", Seat.N), ("East", Seat.E), ("South", Seat.S))


class _Retry(Exception):
    """A plain-token section met a problem: read it again with positions."""


def _retry(tok: Token | None, message: str) -> None:
    raise _Retry


def _read_section(game: PbnGame, kind: str, build: Callable[..., Any],
                  issues: list[tuple[int, str]]) -> Any:
    """Run ``build(tokens, report)`` on the plain tokens of the game's Auction or Play
    section (``kind``) when possible (the problems it reports then stand on their tokens'
    lines, `_plain_lines`), else on items; a section of more than `MAX_SECTION_TOKENS`
    tokens is read up to there."""
    tokens = plain_tokens(game.section_runs(kind))
    if tokens is not None and len(tokens) > MAX_SECTION_TOKENS:
        del tokens[MAX_SECTION_TOKENS:]
        section = game.section(kind)
        issues.append((section.tag.line, too_many_tokens(section, MAX_SECTION_TOKENS)))
        try:
            return build(tokens, _retry)
        except _Retry:
            pass
    elif tokens is not None:
        reported: list[tuple[Token | None, str]] = []
        built = build(tokens, lambda tok, message: reported.append((tok, message)))
        lines = _plain_lines(game, game.section(kind), tokens, reported) if reported else []
        if lines is not None:
            issues += lines
            return built
    section = game.section(kind)
    items = parse_items(section, game.line_of,
                        lambda pos, msg: issues.append((game.line_of(pos), msg)),
                        MAX_SECTION_TOKENS)

    def report(tok: Token | None, message: str) -> None:
        line = tok.line if isinstance(tok, PbnItem) else section.tag.line
        issues.append((line, message))

    return build(items, report)


def _tag_line(game: PbnGame, kind: str) -> int:
    """The line of the tag of the game's Auction or Play section."""
    return game.section(kind).tag.line


#: what makes a section's items other than the tokens `plain_tokens` splits it into (those
#: are runs of letters, digits and '-', and '*' or '+' alone, between whitespace)
_NOT_SIMPLE = re.compile(r"[^A-Za-z0-9\-*+\s]|[*+]\S|\S[*+]")
_WORD = re.compile(r"\S+")


def _plain_lines(game: PbnGame, section: PbnSection, tokens: list[str],
                 reported: list[tuple[Token | None, str]]) -> list[tuple[int, str]] | None:
    """The problems a build on a section's plain tokens reported, each on the line of its
    token, as a build on its items reports them; None when that cannot be known here (a
    section whose items are not its plain tokens, a token of one character, which may
    stand for any of its repeats)."""
    if any(_NOT_SIMPLE.search(piece[1]) for piece in section.pieces):  # type: ignore[index]
        return None
    at: dict[int, int] = {}  # the line of each token reported, by the token's identity
    for tok, _message in reported:
        if tok is not None:
            if not isinstance(tok, str) or len(tok) < 2:
                return None
            at[id(tok)] = -1
    if at:
        index = 0
        for piece in section.pieces:
            base, run = piece  # type: ignore[misc]
            for m in _WORD.finditer(run):
                if id(tokens[index]) in at:
                    at[id(tokens[index])] = game.line_of(base + m.start())
                index += 1
        if -1 in at.values():  # a token not of the section (none is, today)
            return None
    line = section.tag.line
    return [(line if tok is None else at[id(tok)], message) for tok, message in reported]


def _notes(game: PbnGame, kind: str, refs: Sequence[tuple[int, Token]],
           issues: list[tuple[int, str]]) -> dict[int, str]:
    """The notes of the game's Auction or Play section, checked against its note
    references (§3.5.4-5)."""
    if not refs and not game.section_notes(kind):
        return {}
    section = game.section(kind)
    notes: dict[int, str] = {}
    numbers = []
    for tag in section.notes:
        n, text, problem = parse_note(tag.value)
        if problem:
            issues.append((tag.line, problem))
        numbers.append((n, tag))
        if n is None:
            continue
        if n in notes:
            issues.append((tag.line, MsgText.of("problem.pbn.note_twice", {"n": n})))
            continue
        notes[n] = text.strip()
    referred = set()
    for n, tok in refs:
        if n not in notes and n not in referred:
            line = tok.line if isinstance(tok, PbnItem) else section.tag.line
            issues.append((line, MsgText.of("problem.pbn.note_missing", {"n": n})))
        referred.add(n)
    for n, tag in numbers:
        if n is not None and 1 <= n <= 32 and n not in referred:
            issues.append((tag.line, MsgText.of(
                "problem.pbn.note_unreferred", {"n": n, "section": section.kind})))
    return notes


def _seat(text: str | None) -> Seat | None:
    seat, _ = parse_seat_value("", text or "")
    return seat


def _hands(deal: Deal | None) -> list[int] | None:
    """The mask of each seat's hand (by index in SEATS) of a complete deal, else None."""
    if deal is None or not deal.is_complete:
        return None
    return [deal.hands[s].mask for s in SEATS]  # type: ignore[union-attr]


def build_record(game: PbnGame) -> BoardRecord:
    """The record of a game whose ``values`` have been resolved by the reader."""
    values = game.values
    issues = list(game.issues)

    def written(name: str) -> int | None:
        """The line of the tag when the game writes it (None when inherited or carried)."""
        tag = game.tag(name)
        return tag.line if tag is not None else None

    board = parse_whole(values.get("Board", "")) or None
    dealer, problem = parse_seat_value("Dealer", values.get("Dealer") or "")
    if problem and (at := written("Dealer")):
        issues.append((at, problem))
    unread: set[str] = set()
    vulnerability = VULNERABLE.get(values.get("Vulnerable", "").strip().lower())
    deal_text = values.get("Deal", "")
    deal, problem = parse_deal(deal_text)
    if problem and (at := written("Deal")):
        issues.append((at, problem))
    declarer_text = values.get("Declarer", "").strip()
    swapped = declarer_text.startswith("^")
    contract, strain, problem, declarer = _contract(values.get("Contract", ""), declarer_text)
    if problem:
        _not_read(unread, "contract", written("Contract"), problem, issues)
    if declarer is None and declarer_text.lstrip("^") and declarer_text not in UNKNOWN:
        _, problem = parse_seat_value("Declarer", declarer_text.lstrip("^"))
        if problem:
            _not_read(unread, "contract", written("Declarer"), problem, issues)

    auction, auction_notes, auction_seat = _auction(game, dealer, issues)
    needs_auction = declarer is None or (contract is None and strain is None)
    auction_contract = auction.contract() if auction is not None and needs_auction else None
    play, play_notes, play_seat, leader_first = _play(
        game, deal, deal_text, contract, strain, declarer, auction_contract, issues)

    acting_declarer = declarer or (auction_contract.declarer if auction_contract else None)
    passed_out = (contract is not None and contract.is_passed_out) or (
        contract is None and strain is None and "Declarer" in values and declarer_text == "")
    notes = _td_notes(game, issues)
    if play is not None and notes.claim_by is not None:
        complete = sum(1 for t in play.tricks if len(t.cards) == 4)
        play = replace(play, claimed=complete < 13, incomplete=False, claim_by=notes.claim_by,
                       claim_disputed=notes.claim_disputed)
    tricks, agreed = _result(values, acting_declarer, passed_out, written, issues, unread)
    score_ns = _score(values, acting_declarer, written, issues, unread)
    _check_rubber(values, vulnerability, written, issues)
    tables = _tables(game, issues)

    players = {seat: values[name] for name, seat in _PLAYER_TAGS
               if values.get(name, "").strip() not in UNKNOWN}
    location = Location(game.path, game.first_line, board, game.index)
    problems = tuple(RecordProblem(msg, Location(game.path, line, board, game.index))
                     for line, msg in listed_problems(issues)) if issues else ()  # type: ignore[arg-type]
    extra = {
        "tags": values,  # (the game's own, never changed once resolved)
        "play_notes": play_notes,
        "tables": tables,
        "auction_seat": auction_seat,
        "play_seat": play_seat,
        "carried": list(game.carried),
        "encoding": game.encoding,
    }
    if strain is not None and contract is None:
        extra["trump_strain"] = strain
    return BoardRecord(
        board=board, dealer=dealer, vulnerability=vulnerability, deal=deal,
        auction=auction, play=play, contract=contract, declarer_tricks=tricks,
        result_agreed=agreed, declarer_swapped=swapped, score_ns=score_ns,
        players=players, event=_text(values, "Event"), section=_text(values, "Section"),
        table=_text(values, "Table"), round=parse_whole(values.get("Round", "")),
        ns_pair=_text(values, "PairNS"), ew_pair=_text(values, "PairEW"),
        scoring=_text(values, "Scoring"), location=location, problems=problems, extra=extra,
        attention=notes.attention, obligations=notes.obligations, auction_notes=auction_notes,
        leader_first_rows=tuple(leader_first), unread=frozenset(unread) if unread else _NONE)


_NONE: frozenset[str] = frozenset()


def _not_read(unread: set[str], part: str, line: int | None, problem: str,
              issues: list[tuple[int, str]]) -> None:
    """A tag value that could not be read: its part of the record is not checked
    (`BoardRecord.unread`), and the problem says so (on the tag's line when the game
    writes it; an inherited value's problem is the game's that wrote it)."""
    unread.add(part)
    if line is not None:
        issues.append((line, MsgText.of(f"problem.pbn.not_checked.{part}",
                                           {"problem": MsgText.param(problem)})))


_TD = re.compile(r"(?i)\bTD\s*:")
_NO_NOTES = TdNotes()


def _td_notes(game: PbnGame, issues: list[tuple[int, str]]) -> TdNotes:
    """The Director's notes among the game's commentary (`adapters.td_notes`)."""
    text = game.text
    if game.plain is not None or "TD" not in text.upper() or not _TD.search(text):
        return _NO_NOTES  # a plain game has no commentary; a quick look first: seldom there
    notes = _NO_NOTES
    comments = list(game.leading_comments)
    for tag in game.tags:
        comments += tag.comments
    for section in (game.auction, game.play, *game.sections):
        if section is not None:
            comments += [p for p in section.pieces if isinstance(p, PbnComment)]
    for comment in comments:
        try:
            found = parse_td_note(comment.text)
        except ValueError as exc:
            issues.append((comment.line, str(exc)))
            continue
        if found is not None:
            notes = notes.merge(found)
    return notes


_CONTRACTS: dict[tuple[str, str], tuple[Contract | None, Any, str | None, Seat | None]] = {}


def _contract(contract_text: str, declarer_text: str
              ) -> tuple[Contract | None, Any, str | None, Seat | None]:
    """``(contract with its declarer, strain, problem, declarer)`` of the two tag values
    (remembered: the same few pairs recur, and contracts are immutable)."""
    key = (contract_text, declarer_text)
    out = _CONTRACTS.get(key)
    if out is None:
        declarer = _seat(declarer_text.lstrip("^"))
        contract, strain, problem = parse_contract(contract_text)
        if contract is not None and not contract.is_passed_out:
            contract = contract.with_declarer(declarer)
        if len(_CONTRACTS) >= 4096:
            _CONTRACTS.clear()
        out = _CONTRACTS[key] = (contract, strain, problem, declarer)
    return out


def _text(values: dict[str, str], name: str) -> str | None:
    v = values.get(name)
    return None if v is None or v.strip() in UNKNOWN else v


def _auction(game: PbnGame, dealer: Seat | None, issues: list[tuple[int, str]]
             ) -> tuple[Auction | None, dict[int, str], Seat | None]:
    if not game.has_section(SECTION_AUCTION):
        return None, {}, None
    seat, problem = parse_seat_value("Auction", game.values["Auction"])
    if problem and not game.section(SECTION_AUCTION).tag.value.startswith("#"):
        issues.append((_tag_line(game, SECTION_AUCTION), problem))
    if seat is None:
        return None, {}, None
    if dealer is None:
        issues.append((_tag_line(game, SECTION_AUCTION), MsgText.of("problem.pbn.auction_no_dealer")))
    # an auction read without a problem or a note reference is remembered by its text:
    # the same auctions recur board after board, and an auction is immutable
    runs = game.section_runs(SECTION_AUCTION)
    key = None if runs is None else (seat, dealer, *runs)
    auction = _AUCTIONS.get(key) if key is not None else None
    if auction is not None:
        return auction, _notes(game, SECTION_AUCTION, (), issues), seat
    known = len(issues)
    auction, refs = _read_section(
        game, SECTION_AUCTION, lambda toks, rep: build_auction(toks, seat, dealer, rep), issues)
    if key is not None and not refs and len(issues) == known:
        if len(_AUCTIONS) >= 4096:
            _AUCTIONS.clear()
        _AUCTIONS[key] = auction
    return auction, _notes(game, SECTION_AUCTION, refs, issues), seat


_AUCTIONS: dict[tuple[Any, ...], Auction] = {}


def _play(game: PbnGame, deal: Deal | None, deal_text: str, contract: Contract | None,
          strain: Any, declarer: Seat | None, auction_contract: Contract | None,
          issues: list[tuple[int, str]]
          ) -> tuple[Play | None, dict[int, str], Seat | None, list[int]]:
    if not game.has_section(SECTION_PLAY):
        return None, {}, None, []
    seat, problem = parse_seat_value("Play", game.values["Play"])
    if problem and not game.section(SECTION_PLAY).tag.value.startswith("#"):
        issues.append((_tag_line(game, SECTION_PLAY), problem))
    if seat is None:
        return None, {}, None, []
    if deal_text.strip() in UNKNOWN:
        issues.append((_tag_line(game, SECTION_PLAY), MsgText.of("problem.pbn.play_no_deal")))
    trump: Suit | None = None
    trump_known = True
    if strain is not None:
        trump = strain.suit
    elif (contract is not None and contract.is_passed_out) or (
            contract is None and auction_contract is not None
            and auction_contract.is_passed_out):
        trump_known = False
        issues.append((_tag_line(game, SECTION_PLAY), MsgText.of(
            "problem.pbn.play_after_pass_out")))
    elif auction_contract is not None:
        assert auction_contract.strain is not None  # not passed out
        trump = auction_contract.strain.suit
    else:
        trump_known = False
        issues.append((_tag_line(game, SECTION_PLAY), MsgText.of(
            "problem.pbn.play_no_contract")))
    full_contract = contract is not None or (auction_contract is not None and strain is None)
    if full_contract and declarer is None and (
            auction_contract is None or auction_contract.declarer is None):
        issues.append((_tag_line(game, SECTION_PLAY), MsgText.of("problem.pbn.play_no_declarer")))
    hands = _hands(deal)
    play, leader_first, refs = _read_section(
        game, SECTION_PLAY,
        lambda toks, rep: build_play(toks, seat, trump, trump_known, hands, rep), issues)
    return play, _notes(game, SECTION_PLAY, refs, issues), seat, leader_first


def _result(values: dict[str, str], declarer: Seat | None, passed_out: bool,
            written: Callable[[str], int | None], issues: list[tuple[int, str]],
            unread: set[str]) -> tuple[int | None, bool]:
    sided, problem = parse_result(values.get("Result", ""))
    if problem:
        _not_read(unread, "result", written("Result"), problem, issues)
    if sided is None:
        return None, False
    if passed_out and written("Result"):
        issues.append((written("Result"),  # type: ignore[arg-type]
                       MsgText.of("problem.pbn.result_passed_out")))
    return declarer_tricks_of(sided, declarer), sided.caret


def _score(values: dict[str, str], declarer: Seat | None,
           written: Callable[[str], int | None], issues: list[tuple[int, str]],
           unread: set[str]) -> int | None:
    sided, problem = parse_score(values.get("Score", ""))
    if problem:
        _not_read(unread, "score", written("Score"), problem, issues)
    return score_ns_of(sided, declarer) if sided is not None else None


def _check_rubber(values: dict[str, str], vulnerability: Any,
                  written: Callable[[str], int | None], issues: list[tuple[int, str]]) -> None:
    history = values.get("ScoreRubberHistory")
    line = written("ScoreRubberHistory") if history is not None else None
    if history is None or vulnerability is None or line is None:
        return
    implied = rubber_vulnerability(history)
    if implied is not None and implied is not vulnerability:
        issues.append((line, MsgText.of("problem.pbn.rubber_vulnerability", {
            "implied": implied.value, "given": vulnerability.value})))


def _tables(game: PbnGame, issues: list[tuple[int, str]]) -> dict[str, Any]:
    tables = game._tables
    if not tables and game.plain is None:  # a plain game has no table
        for section in game.sections:
            if section.kind != "table":
                continue
            table = build_table(section, section.tag.resolved,
                                lambda pos, msg: issues.append((game.line_of(pos), msg)))
            tables[table.name] = table
    return tables
