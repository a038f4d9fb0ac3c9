"""The tokens of PBN's Auction and Play sections (2.1 §3.5, §3.6, §3.7, §3.9).

A section's data become `PbnItem`s: a call or card token as written with its
irregularity marker (``^I ^S ^R ^L``), suffix, note reference and NAGs, and the
commentary that follows it. `adapters.pbn.auction` and `adapters.pbn.play` turn them
into the domain model. Both take plain token strings as well as items (`plain_tokens`:
a section without annotations needs no item objects); a ``report(token, message)``
callback receives each problem with the token it concerns (None: the whole section).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from adapters.pbn.game import PbnComment, PbnGame, PbnSection
from td_plugin.messages import MsgText

__all__ = ["PbnItem", "Token", "Report", "parse_items", "written_items", "plain_tokens",
           "token_text", "too_many_tokens",
           "SUFFIX_NAGS", "CALL_NAGS", "CARD_NAGS"]

#: suffix -> NAG for calls; cards use these plus 6 (§3.7)
SUFFIX_NAGS = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}
CALL_NAGS = frozenset((1, 2, 3, 4, 5, 6, 13))
CARD_NAGS = frozenset((7, 8, 9, 10, 11, 12, 14))
_CALL_EVAL = frozenset(range(1, 7))
_CARD_EVAL = frozenset(range(7, 13))


class PbnItem:
    """A call or card token as written (``"1D"``, ``"pass"``, ``"SK"``, ``"-"``,
    ``"AP"``, ``"^S"``, ``"*"``, ``"+"``) with its annotations."""

    __slots__ = ("text", "pos", "line", "marker", "suffix", "note", "nags", "comments")

    def __init__(self, text: str, pos: int, line: int, marker: str | None = None) -> None:
        self.text = text
        self.pos = pos
        self.line = line
        self.marker = marker
        self.suffix = ""
        self.note: int | None = None
        self.nags: tuple[int, ...] = ()
        self.comments: list[PbnComment] = []

    def __repr__(self) -> str:
        return f"PbnItem({self.text!r}, line={self.line}, marker={self.marker!r})"


Token = str | PbnItem
Report = Callable[[Token | None, str], None]

_TOKEN = re.compile(r"[A-Za-z0-9-]+|=[^=\s]*=?|\$[^\s=$!?^*+]*|[!?]{1,2}|\^\S?|[*+]|\S")
_NOTE_REF = re.compile(r"=([0-9]{1,9})=\Z")
_NAG = re.compile(r"\$([0-9]{1,9})\Z")
_SPECIAL = re.compile(r"[=$!?^]")


def parse_items(section: PbnSection, line_of: Callable[[int], int],
                report: Callable[[int, str], None], limit: int | None = None) -> list[PbnItem]:
    """The items of an Auction or Play section; ``report(pos, message)`` gets syntax
    problems (misplaced markers, bad note references and NAGs, double suffixes).
    ``limit``: read no more than this many tokens (items and annotations). One function
    on purpose: a reader hot path, run on every token of every section (measured by
    benchmarks/bench_readers.py)."""
    is_play = section.kind == "play"
    what = "card" if is_play else "call"
    allowed = "RL" if is_play else "IS"
    evaluation = _CARD_EVAL if is_play else _CALL_EVAL
    wrong_nags = CALL_NAGS if is_play else CARD_NAGS
    items: list[PbnItem] = []
    cur: PbnItem | None = None
    pending: str | None = None
    left = limit if limit is not None else -1
    for piece in section.pieces:
        if isinstance(piece, PbnComment):
            if cur is not None:
                cur.comments.append(piece)
            continue
        base, run = piece
        for m in _TOKEN.finditer(run):
            if left == 0:
                report(base + m.start(), too_many_tokens(section, limit or 0))
                return items
            left -= 1
            tok = m.group()
            pos = base + m.start()
            c = tok[0]
            if c.isalnum() or c == "-" or c == "*" or c == "+":
                if pending and (c == "*" or c == "+"):
                    report(pos, MsgText.of(f"problem.pbn.marker_alone.{what}", {"marker": "^" + pending}))
                    pending = None
                cur = PbnItem(tok, pos, line_of(pos), pending)
                pending = None
                items.append(cur)
            elif c == "^":
                letter = tok[1:].upper()
                if letter not in allowed or not letter:
                    report(pos, MsgText.of("problem.pbn.not_irregularity", {
                        "token": repr(tok), "section": section.kind,
                        "allowed": ", ".join("^" + x for x in allowed)}))
                elif letter == "S":
                    if pending:
                        report(pos, MsgText.of(f"problem.pbn.marker_alone.{what}", {"marker": "^" + pending}))
                        pending = None
                    cur = PbnItem("^S", pos, line_of(pos), "S")
                    items.append(cur)
                else:
                    if pending:
                        report(pos, MsgText.of(f"problem.pbn.two_markers.{what}"))
                    pending = letter
            elif c not in "=$!?":
                # neither a call or card nor an annotation: kept as a token, which the
                # section's build reports and does not judge the section by
                if pending:
                    report(pos, MsgText.of(f"problem.pbn.marker_alone.{what}", {"marker": "^" + pending}))
                    pending = None
                cur = PbnItem(tok, pos, line_of(pos))
                items.append(cur)
            elif cur is None:
                report(pos, MsgText.of(f"problem.pbn.annotation_alone.{what}", {"token": repr(tok)}))
            elif c == "=":
                ref = _NOTE_REF.match(tok)
                if ref is None:
                    report(pos, MsgText.of("problem.pbn.not_note_reference", {"token": repr(tok)}))
                elif cur.note is not None:
                    report(pos, MsgText.of("problem.pbn.second_note_reference",
                                           {"token": tok, "item": cur.text}))
                else:
                    cur.note = int(ref.group(1))
                    if not 1 <= cur.note <= 32:
                        report(pos, MsgText.of("problem.pbn.note_reference_number", {"token": tok}))
            elif c == "$":
                nag = _NAG.match(tok)
                n = int(nag.group(1)) if nag else -1
                if not 0 <= n <= 255:
                    report(pos, MsgText.of("problem.pbn.not_nag", {"token": repr(tok)}))
                elif n in wrong_nags:
                    report(pos, MsgText.of(f"problem.pbn.nag_wrong_kind.{what}", {"token": tok}))
                elif n in evaluation and (cur.suffix or evaluation.intersection(cur.nags)):
                    report(pos, MsgText.of(f"problem.pbn.second_evaluation.{what}",
                                           {"item": cur.text, "token": tok}))
                else:
                    cur.nags += (n,)
            elif cur.suffix or evaluation.intersection(cur.nags):
                report(pos, MsgText.of("problem.pbn.second_suffix", {"token": repr(tok), "item": cur.text}))
            else:
                cur.suffix = tok
    if pending:
        report(section.tag.end, MsgText.of("problem.pbn.marker_at_end",
                                                {"marker": "^" + pending, "section": section.kind}))
    return items


def written_items(game: PbnGame, section: PbnSection | None) -> list[PbnItem]:
    """The calls or cards of ``game``'s Auction or Play ``section`` as written, cards in
    column order, with markers, annotations and commentary; empty without the section."""
    if section is None:
        return []
    return parse_items(section, game.line_of, lambda pos, message: None)


def too_many_tokens(section: PbnSection, limit: int) -> str:
    """The problem of a section cut after ``limit`` tokens."""
    return MsgText.of("problem.pbn.too_many_tokens", {"tag": section.tag.name, "n": f"{limit:,}"})


def plain_tokens(runs: list[str] | None) -> list[str] | None:
    """The tokens of a section's runs of tokens (`adapters.pbn.game.PbnGame.section_runs`)
    without markers or annotations (the common case), or None when `parse_items` is
    needed (None runs: commentary stands among them)."""
    if runs is None:
        return None
    joined = runs[0] if len(runs) == 1 else " ".join(runs)
    if _SPECIAL.search(joined):
        return None
    return joined.split()


def token_text(tok: Token) -> str:
    """The text of a plain token or an item."""
    return tok if isinstance(tok, str) else tok.text
