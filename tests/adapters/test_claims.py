"""Claims in play records (issue 11 point 9): a record that stops without a claim mark is
not a claim; where the file says who claimed and whether it was disputed, Law 63A3
(the offending side's claim) and 63A4 (its agreement to the opponents' claim) follow it.

Claim marks: PBN ``*`` before the last trick, BBO's rows of ``-`` out to trick 13, LIN
``mc`` (a claim accepted), and a Director's note ``TD: claim SEAT [agreed|disputed]``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from td_plugin.host.manager import PluginHost
from td_plugin.laws.context import ReviewContext
from td_plugin.laws.revokes import review_revokes
from td_plugin.model.cards import Seat
from td_plugin.model.rulings import Attention

HOST = PluginHost(load_entrypoints=False)
DURING = ReviewContext(attention=Attention.DURING_ROUND, equity=False)
# 2H by South, West leads: East ruffs the first spade (holding four) and wins trick 1.
GAME = """[Event "Claims"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:QJT9.87.QJT9.T98 5432.654..A76532 AK.AKQJT9.AK.KQJ 876.32.8765432.4"]
[Declarer "S"]
[Contract "2H"]
[Result "11"]{note}
[Play "W"]
S8 S9 H4 SA
{rest}
"""


def record(tmp_path: Path, rest: str = "", note: str = "", suffix: str = ".pbn",
           text: str | None = None):
    path = tmp_path / f"game{suffix}"
    path.write_text(text if text is not None else
                    "% PBN 2.1\n" + GAME.replace("{note}", "\n" + note if note else "")
                    .replace("{rest}", rest))
    return next(HOST.open_source(str(path)).records())


def established(tmp_path: Path, rest: str = "", note: str = "") -> tuple[list[str], str]:
    finding = review_revokes(record(tmp_path, rest, note), DURING)[0]
    return finding.ruling.laws, finding.render()


def test_63a_a_record_that_stops_without_a_claim_mark_is_not_a_claim(tmp_path: Path) -> None:
    play = record(tmp_path).play
    assert not play.claimed and play.incomplete
    laws, text = established(tmp_path)
    assert "62A" in laws and "63A3" not in laws and "63A4" not in laws


def test_63a_star_before_the_last_trick_is_a_claim_whose_not_said(tmp_path: Path) -> None:
    play = record(tmp_path, "*").play
    assert play.claimed and not play.incomplete and play.claim_by is None
    laws, text = established(tmp_path, "*")
    assert "63A3" in laws and "Laws 63A3, 63A4" in text


def test_63a_bbo_dash_rows_out_to_trick_13_are_a_claim(tmp_path: Path) -> None:
    assert record(tmp_path, "- - - -\n" * 12).play.claimed
    short = record(tmp_path, "- - - -\n" * 5).play  # unknown cards, not a claim
    assert not short.claimed and short.incomplete


def test_63a_star_after_the_thirteenth_trick_claims_nothing(tmp_path: Path) -> None:
    path = Path(__file__).resolve().parents[2] / "examples" / "club_session.pbn"
    text = path.read_bytes().decode("latin-1").replace(
        "SQ CQ CT DT\n", "SQ CQ CT DT\n*\n")  # board 4's last trick
    play = record(tmp_path, text=text).play
    assert len(play.tricks) == 13 and not play.claimed and not play.incomplete


def test_63a3_the_offending_sides_claim_from_a_directors_note(tmp_path: Path) -> None:
    play = record(tmp_path, "*", "{TD: claim E}").play
    assert play.claim_by is Seat.E and play.claim_disputed is None
    laws, text = established(tmp_path, "*", "{TD: claim E}")
    assert "63A3" in laws and "63A4" not in laws
    assert "when East, of the offending side, claimed or conceded (Law 63A3)" in text


def test_63a4_the_opponents_claim_agreed_to(tmp_path: Path) -> None:
    laws, text = established(tmp_path, "*", "{TD: claim S agreed}")
    assert "63A4" in laws and "63A3" not in laws
    assert "agreed to the opponents' claim or concession (Law 63A4)" in text


def test_63a4_a_disputed_claim_of_the_opponents_does_not_establish(tmp_path: Path) -> None:
    # Laws digest A14 (WBFLC minute of January 2000): the revoke stays unestablished.
    laws, _ = established(tmp_path, "*", "{TD: claim S disputed}")
    assert "62A" in laws and not {"63A3", "63A4"} & set(laws)


def test_63a3_the_offending_sides_claim_even_disputed_establishes(tmp_path: Path) -> None:
    laws, _ = established(tmp_path, "*", "{TD: concession W disputed}")
    assert "63A3" in laws  # 63A3: made a claim or concession, whatever the opponents said


def test_a_directors_note_of_a_claim_marks_a_record_that_simply_stops(tmp_path: Path) -> None:
    play = record(tmp_path, "", "{TD: claim S}").play
    assert play.claimed and play.claim_by is Seat.S


def test_lin_mc_is_a_claim_agreed_to_and_a_note_says_whose(tmp_path: Path) -> None:
    lin = ("pn|s,w,n,e|md|3SAKHAKQJT9DAKCKQJ,S876H32D8765432C4,SQJT9H87DQJT9CT98,|"
           "sv|o|ah|Board 1|mb|2H|mb|p|mb|p|mb|p|pc|S8|pc|S9|pc|H4|pc|SA|{extra}mc|11|")
    play = record(tmp_path, suffix=".lin", text=lin.replace("{extra}", "")).play
    assert play.claimed and play.claim_disputed is False and play.claim_by is None
    noted = record(tmp_path, suffix=".lin",
                   text=lin.replace("{extra}", "nt|TD: claim S|")).play
    assert noted.claim_by is Seat.S and noted.claim_disputed is False


def test_claims_in_the_real_lin_files_are_agreed(realworld: Path) -> None:
    claims = 0
    for path in sorted((realworld / "lin").glob("*.lin")):
        text = path.read_text(encoding="utf-8", errors="replace")
        claimed = [r for r in HOST.open_source(str(path)).records()
                   if r.play is not None and r.play.claimed]
        marks = len(re.findall(r"(?:^|\|)\s*mc\|", text, re.MULTILINE))
        assert len(claimed) == marks  # each claim mark, and nothing else
        for r in claimed:
            assert r.play.claim_disputed is False and r.play.claim_by is None
        claims += len(claimed)
    assert claims == 37  # 30 in the vugraph file, 7 in BBO's boards


@pytest.mark.parametrize("name, padded", [
    ("bbo_annamar_2013_play_dash_padding.pbn", 20),
    ("bbo_wronie_pairs_2013_play.pbn", 253),
    ("bbo_acbl_speedball_2013_play.pbn", 306),
])
def test_claims_in_the_real_bbo_pbn_files_are_their_dash_rows(realworld: Path, name: str,
                                                             padded: int) -> None:
    records = list(HOST.open_source(str(realworld / "pbn" / name)).records())
    assert sum(1 for r in records if r.play is not None and r.play.claimed) == padded
    for r in records:  # a record that stops without a mark is incomplete, not claimed
        if r.play is not None and r.play.tricks and r.play.complete_tricks < 13:
            assert r.play.claimed != r.play.incomplete


def test_star_after_a_complete_play_in_the_real_vugraph_file_is_no_claim(realworld: Path) -> None:
    records = HOST.open_source(str(realworld / "pbn" / "rpbridge_world_championships_vugraph.pbn"))
    complete = [r for r in records.records() if r.play is not None and r.play.complete_tricks == 13]
    assert len(complete) >= 286 and not any(r.play.claimed for r in complete)
