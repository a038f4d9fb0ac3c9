"""The session generator (`tests.revoke_scenarios`) against the revoke engine: detection and
the computed transfers must be exact on generated revokes whose expected rulings the
generator works out from how it built each board (Laws 61-64).

The number of generated revokes checked is 10,000 by default; set
``TD_PLUGIN_REVOKE_CHECKS`` to check more (or fewer).
"""

from __future__ import annotations

import collections
import os

import pytest

from td_plugin.laws.revokes import review_revokes
from td_plugin.model.play import replay
from tests.revoke_scenarios import SCENARIOS, generate_session, session_pbn

REVOKES = int(os.environ.get("TD_PLUGIN_REVOKE_CHECKS", "10000"))


def _expected(board):
    return [(e.offender, e.trick, e.suit_led.value, e.card.pbn(), e.established,
             e.transfer_if_timely, e.exception, e.law, e.transfer) for e in board.expected]


def _found(findings):
    return [(f.seat, f.data["trick"], f.data["suit_led"], f.data["card"], f.data["established"],
             f.data["transfer_if_timely"], f.data["exception"], f.law, f.data["transfer"])
            for f in findings if f.kind == "revoke"]


def _mismatches(findings):
    return sorted((f.data["trick"], f.seat, "spurious" if f.data["marked"] else "unmarked")
                  for f in findings if f.kind == "revoke_marker_mismatch")


@pytest.mark.slow
def test_61_64_detection_and_transfers_exact_on_generated_revokes() -> None:
    checked = 0
    branches: collections.Counter[str] = collections.Counter()
    for board in generate_session(seed=20170, boards=10 * REVOKES):
        findings = review_revokes(board.record, board.context(), obligations=board.obligations)
        assert _found(findings) == _expected(board), (board.scenario, board.number)
        assert _mismatches(findings) == sorted((m.trick, m.seat, m.which)
                                               for m in board.mismatches), board.number
        revokes = [f for f in findings if f.kind == "revoke"]
        if revokes:
            assert {f.data["adjusted_declarer_tricks"] for f in revokes} == \
                {board.expected_adjusted}, board.number
            assert {f.data["declarer_tricks"] for f in revokes} == {board.declarer_tricks}
        for e in board.expected:
            branches[e.law if e.exception not in ("64B4", "64B5") else e.exception] += 1
            if e.exception in ("64B4", "64B5") or e.exception is None:
                branches[f"timely-{e.transfer_if_timely}"] += 1
        checked += len(board.expected)
        if checked >= REVOKES:
            break
    assert checked >= REVOKES
    for law in ("62A", "64A1", "64A2", "64B1", "64B2", "64B3", "64B4", "64B5", "64B6",
                "64B7", "64B8", "timely-1", "timely-2"):
        assert branches[law] > 0, f"no generated revoke decided by {law}"


def test_generated_play_is_legal_apart_from_the_injected_revokes() -> None:
    for board in generate_session(seed=7, boards=400):
        record = board.record
        problems = replay(record.deal, record.play, record.trump).problems
        if board.scenario == "not_held":
            assert problems and not board.expected
        else:
            assert not problems
        if board.scenario == "clean":
            assert board.expected == () and review_revokes(record, board.context()) == []


def test_every_scenario_is_generated_and_reaches_its_branch() -> None:
    boards = list(generate_session(seed=3, boards=20 * len(SCENARIOS)))
    assert {b.scenario for b in boards} == set(SCENARIOS)
    laws = collections.defaultdict(set)
    for b in boards:
        laws[b.scenario].update(e.law for e in b.expected)
        laws[b.scenario].update(e.exception for e in b.expected if e.exception)
    assert "64B2" in laws["b2"] and "64B3" in laws["b3_dummy"] and "64B3" in laws["b3_penalty"]
    assert "64B6" in laws["b6"] and "64B7" in laws["b7"] and "64B8" in laws["b8"]
    assert "62A" in laws["unestablished"]
    assert all(b.mismatches for b in boards if b.scenario.startswith("marker_"))


def test_same_seed_same_session() -> None:
    one = "".join(session_pbn(seed=11, boards=30))
    two = "".join(session_pbn(seed=11, boards=30))
    assert one == two and one != "".join(session_pbn(seed=12, boards=30))


def test_pbn_layout_columns_from_the_opening_leader() -> None:
    board = next(b for b in generate_session(seed=5, boards=20) if b.scenario == "clean")
    text = board.pbn()
    lines = text.splitlines()
    leader = board.contract.declarer.lho
    play_at = lines.index(f'[Play "{leader.value}"]')
    first_trick = lines[play_at + 1].split()
    assert first_trick == [pc.card.pbn() for pc in board.record.play.tricks[0].cards]
    # Later tricks are written by seat (column), not in the order played.
    for n, trick in enumerate(board.record.play.tricks[1:], 2):
        row = lines[play_at + n].split()
        by_seat = {pc.seat: pc.card.pbn() for pc in trick.cards}
        assert row == [by_seat[s] for s in leader.clockwise()]
    assert f'[Result "{board.declarer_tricks}"]' in lines
    assert f'[Deal "{board.dealer.value}:' in text


def test_pbn_claim_and_stopped_record_endings() -> None:
    boards = list(generate_session(seed=9, boards=4 * len(SCENARIOS)))
    claimed = next(b for b in boards if b.scenario == "claim")
    stopped = next(b for b in boards if b.scenario == "unestablished")
    assert claimed.pbn().splitlines()[-2] == "*"
    assert stopped.pbn().splitlines()[-2] == "+"


def test_generated_pbn_reads_back_to_the_same_findings(tmp_path) -> None:
    reader = pytest.importorskip("adapters.pbn.reader")
    boards = list(generate_session(seed=4, boards=300))
    path = tmp_path / "session.pbn"
    path.write_text("".join(session_pbn(seed=4, boards=300)), encoding="ascii")
    records = list(reader.PbnSource(path).records())
    assert len(records) == len(boards)
    for board, record in zip(boards, records):
        mine = review_revokes(board.record, board.context(), obligations=board.obligations)
        read = review_revokes(record, board.context(), obligations=board.obligations)
        assert _found(read) == _found(mine) == _expected(board), board.number
        assert _mismatches(read) == _mismatches(mine)
        assert [f.data["adjusted_declarer_tricks"] for f in read if f.kind == "revoke"] == \
            [f.data["adjusted_declarer_tricks"] for f in mine if f.kind == "revoke"]
