"""Writing PBN: lossless write-back, and (from `adapters.pbn.export`) the export format.

`write_lossless` copies a file and applies the changes rulings and adjustments ask for.
A change of a game's own result: only the values of the Result and Score tags change, to
what the change's outcome holds (a result's tricks and score, a score alone; an
artificial or a weighted score has no tag, so only its commentary is written), in the
file's own form (``"9"``, ``"NS 9"``, ``"NS 9 EW 4"``; ``"NS 620"``, ``"EW -620"``, a plain
score for declarer); a tag the game lacks is added after the last tag of its
identification section, and each annotation is added, rendered in the language of the
write, as ``{...}`` commentary right after the changed tag (after the Result tag when
only annotations are given). A change that names a table's pairs goes into the game's
ScoreTable (`adapters.pbn.scoretable`). Every other byte, the encoding and the line ends
stay as they were; an unchanged game comes out byte for byte. The source is never
written to.

`write_export` (re-exported here) writes games or records in export format.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path

from adapters.pbn.export import MANDATORY_TAGS, write_export
from adapters.pbn.fileview import SWAP
from adapters.pbn.game import PbnGame
from adapters.pbn.reader import PbnSource
from adapters.pbn.scoretable import adjusted_text, scoretable_edits
from adapters.pbn.tokens import brace_comments, encode, eol_of, escape, file_encoding, tag_pair
from adapters.pbn.values import parse_result, parse_score
from td_plugin.errors import InputError, Location
from td_plugin.model.board import BoardRecord
from td_plugin.model.cards import Seat, Side
from td_plugin.model.changes import RecordChange
from td_plugin.model.rescoring import RescoreReport
from td_plugin.safe_output import atomic_output, check_outputs

__all__ = ["write_lossless", "write_export", "apply_changes", "PbnWriter", "MANDATORY_TAGS"]

_SECTION_TAGS = frozenset(("Auction", "Play", "Note"))


def write_lossless(source_path: str | os.PathLike[str], dest_path: str | os.PathLike[str],
                   changes: Mapping[int, Sequence[RecordChange]],
                   lang: str = "en") -> RescoreReport:
    """Copy ``source_path`` to ``dest_path`` applying ``changes`` (keyed by the 1-based
    record index), annotations rendered in ``lang``. The source is never written to;
    ``dest_path`` must differ from it. Returns what scoring ScoreTables again changed.

    ``dest_path`` is written whole or not at all (`td_plugin.safe_output`).

    :raises InputError: ``dest_path`` is the source, a change names a record the file
        does not have, or a table no ScoreTable of its game lists (then nothing is
        written; every such change is named).
    """
    source, dest = Path(source_path), Path(dest_path)
    check_outputs([str(source)], [(str(dest), "the changed copy")])
    pending = {index: list(items) for index, items in changes.items() if items}
    # a table's change may go to every game of its board: placed once is enough
    listed = {(c.describe(), c.pairs): (index, c) for index, items in pending.items()
              for c in items if c.pairs is not None}
    placed: set[tuple[str, tuple[str, str] | None]] = set()
    boards: dict[int, str] = {}
    errors: list[str] = []
    report = RescoreReport()
    encoding = file_encoding(source)
    with atomic_output(dest) as out:
        for block, game in PbnSource(source).blocks():
            if game is None or game.index not in pending:
                out.write(block.data)
                continue
            boards[game.index] = game.values.get("Board", "?")
            try:
                data, done = apply_changes(game, pending.pop(game.index), encoding, lang,
                                           report)
            except InputError as exc:
                errors.append(str(exc))
                data, done = block.data, []
            placed.update((c.describe(), c.pairs) for c in done)
            out.write(data)
        if pending:
            raise InputError(f"{source} has no record {', '.join(map(str, sorted(pending)))}")
        errors.extend(f"{change.describe()}: no ScoreTable of board {boards[index]} "
                      "lists this table"
                      for key, (index, change) in listed.items() if key not in placed)
        if errors:
            raise InputError("\n".join(errors), Location(path=str(source)))
    if placed:
        report.notes.append(("adjust.note.totals_pbn", {}))
    return report


class PbnWriter:
    """The writer of PBN files for the hook ``td_write_changes`` (lossless write-back)."""

    format = "pbn"

    def write(self, source_path: str, dest_path: str,
              changes: Mapping[int, list[RecordChange]], lang: str = "en") -> RescoreReport:
        return write_lossless(source_path, dest_path, changes, lang)


def apply_changes(game: PbnGame, changes: Sequence[RecordChange], encoding: str,
                  lang: str = "en", report: RescoreReport | None = None
                  ) -> tuple[bytes, list[RecordChange]]:
    """The bytes of ``game`` with ``changes`` applied (see `write_lossless`), and the
    changes that name a table its ScoreTable lists; ``encoding`` is the file's, used for
    text added to an ASCII game; ``report`` gets what scoring the ScoreTable again
    changed.

    :raises InputError: the game's ScoreTable cannot be scored again.
    """
    own = [c for c in changes if c.pairs is None]
    listed = [c for c in changes if c.pairs is not None]
    edits = _tag_edits(game, own, lang)
    placed: list[RecordChange] = []
    if listed:
        table_edits, placed = scoretable_edits(game, listed, report or RescoreReport(), lang)
        edits += table_edits
    text = game.text
    for start, end, replacement in sorted(edits, key=lambda e: e[0], reverse=True):
        text = text[:start] + replacement + text[end:]
    data = encode(text, game.encoding if game.encoding != "ascii" else encoding)
    return (data.translate(SWAP) if game.cr_line_ends else data), placed


def _tag_edits(game: PbnGame, changes: Sequence[RecordChange],
               lang: str) -> list[tuple[int, int, str]]:
    """The edits of the Result and Score tags and the commentary for the game's own
    changes: the last outcome that has a result gives the tricks, the last that has one
    score gives the score (a result not scored leaves the Score tag as it is)."""
    record = game.record
    tricks = score = None
    for c in reversed(changes):
        outcome = c.outcome
        if outcome is None:
            continue
        result = outcome.result()
        if tricks is None and result is not None:
            tricks = result.declarer_tricks
        if score is None:
            score = outcome.ns_score()
    comments = []
    for c in changes:
        if c.outcome is not None and c.outcome.result() is None and c.outcome.ns_score() is None:
            # no tag holds an artificial or a weighted score: the commentary says it
            comments.append(adjusted_text(c, c.outcome, record.board or "?",
                                          record.ns_pair or "?", record.ew_pair or "?", lang))
        else:
            comments.extend(c.texts(lang))
    text = game.text
    eol = eol_of(text)
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
        # after the Result tag (or the Score tag when only the score changes)
        name = "Score" if tricks is None and score is not None else "Result"
        anchor = game.tag(name) or (score_tag if tricks is None else None)
        new_line = next((i for i, t in enumerate(new_tags) if t.startswith(f"[{name} ")), None)
        if anchor is not None:
            column = anchor.end - (text.rfind("\n", 0, anchor.end) + 1)
            edits.append((anchor.end, anchor.end, brace_comments(comments, eol, column)))
        elif new_line is not None:
            new_tags[new_line] += brace_comments(comments, eol, len(new_tags[new_line]))
        else:
            new_tags.append(brace_comments(comments, eol))
    if new_tags:
        edits.append(_insertion(game, new_tags, eol))
    return edits


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
