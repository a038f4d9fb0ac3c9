"""Writing PBN: lossless write-back, and (from `adapters.pbn_export`) the export format.

`write_lossless` copies a file and applies the changes rulings ask for: only the values
of the Result and Score tags change (in the file's own form: ``"9"``, ``"NS 9"``,
``"NS 9 EW 4"``; ``"NS 620"``, ``"EW -620"``, a plain score for declarer), a tag the game
lacks is added after the last tag of its identification section, and each comment is
added as ``{...}`` commentary right after the changed tag (after the Result tag when
only comments are given). Every other byte, the encoding and the line ends stay as they
were; an unchanged game comes out byte for byte. The source is never written to.

`write_export` (re-exported here) writes games or records in export format.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Mapping, Sequence

from adapters.pbn_export import MANDATORY_TAGS, write_export
from adapters.pbn_game import PbnGame
from adapters.pbn_reader import PbnSource
from adapters.pbn_tokens import encode, eol_of, escape, file_encoding, tag_pair
from adapters.pbn_values import parse_result, parse_score
from td_plugin.board import BoardRecord
from td_plugin.cards import Seat, Side
from td_plugin.errors import InputError
from td_plugin.safe_output import atomic_output, check_outputs
from td_plugin.sources import RecordChange

__all__ = ["write_lossless", "write_export", "apply_changes", "PbnWriter", "MANDATORY_TAGS"]

_SECTION_TAGS = frozenset(("Auction", "Play", "Note"))


def write_lossless(source_path: str | os.PathLike[str], dest_path: str | os.PathLike[str],
                   changes: Mapping[int, Sequence[RecordChange]]) -> None:
    """Copy ``source_path`` to ``dest_path`` applying ``changes`` (keyed by the 1-based
    record index). The source is never written to; ``dest_path`` must differ from it.

    ``dest_path`` is written whole or not at all (`td_plugin.safe_output`).

    :raises InputError: ``dest_path`` is the source, or a change names a record the
        file does not have (then nothing is written).
    """
    source, dest = Path(source_path), Path(dest_path)
    check_outputs([str(source)], [(str(dest), "the changed copy")])
    pending = {index: list(items) for index, items in changes.items() if items}
    encoding = file_encoding(source)
    with atomic_output(dest) as out:
        for block, game in PbnSource(source).blocks():
            if game is None or game.index not in pending:
                out.write(block.data)
            else:
                out.write(apply_changes(game, pending.pop(game.index), encoding))
        if pending:
            raise InputError(f"{source} has no record {', '.join(map(str, sorted(pending)))}")


class PbnWriter:
    """The writer of PBN files for the hook ``td_write_changes`` (lossless write-back)."""

    format = "pbn"

    def write(self, source_path: str, dest_path: str,
              changes: Mapping[int, list[RecordChange]]) -> None:
        write_lossless(source_path, dest_path, changes)


def apply_changes(game: PbnGame, changes: Sequence[RecordChange], encoding: str) -> bytes:
    """The bytes of ``game`` with ``changes`` applied (see `write_lossless`); ``encoding``
    is the file's, used for text added to an ASCII game."""
    tricks = next((c.declarer_tricks for c in reversed(changes)
                   if c.declarer_tricks is not None), None)
    score = next((c.score_ns for c in reversed(changes) if c.score_ns is not None), None)
    comments = [text for c in changes for text in c.comments]
    text = game.text
    eol = eol_of(text)
    record = game.record
    declarer = record.declarer
    if declarer is None and record.auction is not None:
        derived = record.auction.contract()
        declarer = derived.declarer if derived is not None else None
    edits: list[tuple[int, int, str]] = []
    new_tags: list[str] = []
    result_tag, score_tag = game.tag("Result"), game.tag("Score")
    if tricks is not None:
        value = _result_value(result_tag.value if result_tag else "", tricks, declarer,
                              _caret(record, tricks, declarer))
        if result_tag is not None:
            edits.append((result_tag.value_start, result_tag.value_end, escape(value)))
        else:
            new_tags.append(tag_pair("Result", value))
    if score is not None:
        value = _score_value(score_tag.value if score_tag else "", score, declarer)
        if score_tag is not None:
            edits.append((score_tag.value_start, score_tag.value_end, escape(value)))
        else:
            new_tags.append(tag_pair("Score", value))
    if comments:
        braces = " ".join(_brace_comment(c, eol) for c in comments)
        # after the Result tag (or the Score tag when only the score changes)
        name = "Score" if tricks is None and score is not None else "Result"
        anchor = game.tag(name) or (score_tag if tricks is None else None)
        new_line = next((i for i, t in enumerate(new_tags) if t.startswith(f"[{name} ")), None)
        if anchor is not None:
            edits.append((anchor.end, anchor.end, " " + braces))
        elif new_line is not None:
            new_tags[new_line] += " " + braces
        else:
            new_tags.append(braces)
    if new_tags:
        edits.append(_insertion(game, new_tags, eol))
    for start, end, replacement in sorted(edits, key=lambda e: e[0], reverse=True):
        text = text[:start] + replacement + text[end:]
    return encode(text, game.encoding if game.encoding != "ascii" else encoding)


def _caret(record: BoardRecord, tricks: int, declarer: Seat | None) -> bool:
    """``^`` (§3.4.15) when the record's play is complete and the new result differs
    from the tricks declarer actually won in it."""
    play = record.play
    trump = record.trump
    if record.contract is None and record.auction is not None:
        derived = record.auction.contract()
        trump = derived.strain.suit if derived and derived.strain else None
    if play is None or declarer is None or play.complete_tricks != 13:
        return False
    won = play.tricks_won(trump)[declarer.side]
    return won != tricks


def _result_value(old: str, tricks: int, declarer: Seat | None, caret: bool) -> str:
    sided, _ = parse_result(old)
    mark = "^" if caret else ""
    if sided is None or sided.plain is not None or declarer is None:
        return f"{mark}{tricks}"
    ns = tricks if declarer.side is Side.NS else 13 - tricks
    parts = {"NS": f"NS {ns}", "EW": f"EW {13 - ns}"}
    return mark + " ".join(parts[side] for side in sided.form.split())


def _score_value(old: str, score_ns: int, declarer: Seat | None) -> str:
    sided, _ = parse_score(old)
    plus = sided is not None and sided.plus

    def number(n: int) -> str:
        return f"+{n}" if plus and n > 0 else str(n)

    if sided is None:
        return f"NS {number(score_ns)}"
    if sided.plain is not None:
        if declarer is None:
            return f"NS {number(score_ns)}"
        return number(score_ns if declarer.side is Side.NS else -score_ns)
    parts = {"NS": f"NS {number(score_ns)}", "EW": f"EW {number(-score_ns)}"}
    return " ".join(parts[side] for side in sided.form.split())


def _brace_comment(text: str, eol: str) -> str:
    """A brace comment holding ``text``: no ``}`` inside, no empty line, no line that
    starts with ``%`` (an escape line for readers of PBN before 2.1)."""
    lines = [line.strip() for line in text.replace("}", ")").splitlines()]
    lines = [(" " + line) if line.startswith("%") else line for line in lines if line]
    return "{" + eol.join(lines) + "}"


def _insertion(game: PbnGame, new_tags: list[str], eol: str) -> tuple[int, int, str]:
    """Where new tags go: on lines of their own after the last tag of the identification
    section (and its commentary), before any section."""
    text = game.text
    first_section = min((s.tag.start for s in [game.auction, game.play, *game.sections]
                         if s is not None), default=len(text))
    anchor = None
    for tag in game.tags:
        if tag.start < first_section and tag.name not in _SECTION_TAGS:
            anchor = tag
    if anchor is None:
        start = text.rfind("\n", 0, first_section) + 1
        return start, start, "".join(t + eol for t in new_tags)
    end = anchor.end
    if anchor.comments:
        last = anchor.comments[-1]
        end = max(end, last.pos + len(last.pbn()))
    newline = text.find("\n", end)
    position = newline + 1 if newline >= 0 else len(text)
    if position > first_section:
        return first_section, first_section, " ".join(new_tags) + " "
    if newline < 0:
        return position, position, "".join(eol + t for t in new_tags)
    return position, position, "".join(t + eol for t in new_tags)
