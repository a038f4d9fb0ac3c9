"""The watch: replaying the real Bridgemate session through the hooks, attention timing
for revokes (Law 64B5), the TD report, the live poller's retries, the command."""

from __future__ import annotations

import argparse
import datetime as dt
import io
import json
import shutil
from pathlib import Path

import pytest

from adapters.bws.live import BwsPoller
from adapters.bws.reader import BwsData, read_bws
from td_plugin import hookimpl
from td_plugin.audit.watch import SessionWatcher
from td_plugin.cli import main
from td_plugin.commands import watch as watch_command
from td_plugin.host.manager import PluginHost
from td_plugin.laws.context import ReviewContext
from td_plugin.model.cards import Seat, Suit
from td_plugin.model.deal import Deal
from td_plugin.model.outcomes import AssignedResult
from td_plugin.model.rulings import Attention
from td_plugin.safe_output import LineLog
from tests.bws_session import (
    action_rows,
    hand_record_row,
    memory_tables,
    play_with_revoke,
    result_row,
    round_row,
    section_rows,
)

BWS = "bws/acbl_club_pairs_2025-12-23_2sections_redacted.bws"


@pytest.fixture(scope="module")
def real_data(realworld: Path) -> BwsData:
    return read_bws(str(realworld / BWS))


class Recorder:
    """A plugin that remembers every result it was told about and every review."""

    def __init__(self) -> None:
        self.results: list[tuple[str, object]] = []
        self.reviews: list[tuple[object, Attention]] = []
        self.rounds: list[tuple[str, int]] = []
        self.opened = self.closed = 0

    @hookimpl
    def td_session_opened(self, session: object) -> None:
        self.opened += 1

    @hookimpl
    def td_result_recorded(self, record: object, previous: object) -> list:
        self.results.append((record, previous))
        return []

    @hookimpl
    def td_review_board(self, record: object, context: ReviewContext) -> list:
        self.reviews.append((record, context.attention))
        return []

    @hookimpl
    def td_round_completed(self, section: str, round: int) -> list:
        self.rounds.append((section, round))
        return []

    @hookimpl
    def td_session_closed(self) -> list:
        self.closed += 1
        return []


def replay(data: BwsData, host: PluginHost, context: ReviewContext | None = None):
    watcher = SessionWatcher(host, data.session(), context or ReviewContext(equity=False))
    for moment, entries in data.timeline():
        watcher.observe(entries, now=moment)
    return watcher.close()


# --- the real session -----------------------------------------------------------------

def test_replay_real_session_sends_all_384_results_in_time_order(real_data: BwsData) -> None:
    host = PluginHost(load_entrypoints=False)
    rec = Recorder()
    host.register(rec, "recorder")
    report = replay(real_data, host)
    assert rec.opened == 1 and rec.closed == 1
    assert len(rec.results) == 384
    assert all(previous is None for _, previous in rec.results)
    times = [r.time for r, _ in rec.results]
    assert times == sorted(times)
    assert times[0] == dt.datetime(2025, 12, 23, 10, 51, 38)
    assert [r for r, _ in rec.reviews] == [r for r, _ in rec.results]
    # every round of both sections is reported over, in order within a section
    assert sorted(rec.rounds) == [("A", r) for r in range(1, 9)] + [("B", r) for r in range(1, 8)]
    assert report.total_reviewed == 384
    assert report.reviewed[("A", 1)] == 27 and report.reviewed[("B", 7)] == 24
    assert report.errors == []


def test_replay_real_session_late_entry_is_reviewed_after_the_round(real_data: BwsData) -> None:
    """Section A, table 9 entered board 15 of round 1 at 11:26:10, after its first
    round-2 result (11:17:20): the table had moved on, so attention is after the round."""
    host = PluginHost(load_entrypoints=False)
    rec = Recorder()
    host.register(rec, "recorder")
    replay(real_data, host)
    timing = {(r.section, r.table, r.round, r.board): a for r, a in rec.reviews}
    assert timing[("A", "9", 1, 15)] is Attention.AFTER_ROUND
    assert timing[("A", "9", 1, 14)] is Attention.DURING_ROUND
    assert timing[("A", "9", 2, 1)] is Attention.DURING_ROUND


def test_watch_replay_command_on_real_file_ends_with_td_report(realworld: Path, tmp_path: Path,
                                                                capsys: pytest.CaptureFixture) -> None:
    log = tmp_path / "rulings.jsonl"
    args = watch_command_args(str(realworld / BWS), replay=True, log=str(log))
    status = watch_command.run(args)
    out = capsys.readouterr().out
    assert "TD report: Bridge game 2025-12-23" in out
    assert "Results reviewed: 384" in out
    assert "section A: r1 27, r2 27, r3 27, r4 27, r5 27, r6 27, r7 27, r8 27" in out
    assert "section B: r1 24, r2 24, r3 24, r4 24, r5 24, r6 24, r7 24" in out
    # the real session is clean: no result outside the movement, none impossible
    assert "Findings: 0" in out and status == 0
    assert log.read_text() == ""


@pytest.mark.parametrize("replay", [True, False])
def test_watch_goes_through_the_host_and_refuses_a_blocked_adapter(
        realworld: Path, capsys: pytest.CaptureFixture, monkeypatch: pytest.MonkeyPatch,
        replay: bool) -> None:
    monkeypatch.setenv("TD_PLUGIN_DISABLE", "bws")
    status = main(["watch", str(realworld / BWS), *(["--replay"] if replay else [])])
    err = capsys.readouterr().err
    assert status == 2
    assert ("no adapter knows this file" if replay else "no adapter follows this file") in err


def test_watch_replay_needs_a_session_file(realworld: Path,
                                           capsys: pytest.CaptureFixture) -> None:
    pbn = realworld / "pbn" / "pbnref_basic_10.pbn"
    assert main(["watch", "--replay", str(pbn)]) == 2
    assert "a pbn file holds no session as it is played" in capsys.readouterr().err


def test_replay_real_session_with_slips_reports_them(real_data: BwsData) -> None:
    """The real rows with three classic scoring slips: pairs entered the wrong way
    round (so the declaring pair no longer sits in declarer's seat), a mistyped board
    number (so the board it should have been is missing), and an artificial score in
    Remarks. The later results of the mistyped board's pairs are not flagged as
    duplicates: the misplaced entry is already reported."""
    from adapters.bws.tables import MemoryTables

    tables = _real_tables(real_data)
    rows = tables["ReceivedData"]
    wrong_way = next(r for r in rows if r["ID"] == 56)  # A, t9, r2, b1: NS 9, EW 8
    wrong_way["PairNS"], wrong_way["PairEW"] = 8, 9
    typo = next(r for r in rows if r["ID"] == 3)  # A, t1, r1, board 1
    typo["Board"] = 11
    artificial = next(r for r in rows if r["ID"] == 5)
    artificial.update(Contract="", Result="", Remarks="60%-40%", **{"NS/EW": ""})
    data = BwsData.read(MemoryTables(tables, path="session.bws"))
    report = replay(data, PluginHost(load_entrypoints=False))
    kinds = {(e.finding.kind, e.finding.data.get("reason"), e.place.key) for e in report.events}
    assert ("movement_mismatch", "wrong_direction", ("A", "9", 2, 1)) in kinds
    assert ("movement_mismatch", "wrong_board", ("A", "1", 1, 11)) in kinds
    assert ("missing_result", None, ("A", "1", 1, 1)) in kinds
    assert ("artificial_score", None, ("B", "5", 1, 7)) in kinds
    assert ("declarer_mismatch", None, ("A", "9", 2, 1)) in kinds
    assert len(report.events) == 5


def _real_tables(data: BwsData) -> dict[str, list[dict]]:
    """The real file's tables as rows (read once per module through access-parser)."""
    from adapters.bws.tables import AccessParserTables

    tables = AccessParserTables(data.path)
    return {name: tables.rows(name) for name in ("Session", "Section", "RoundData",
                                                 "ReceivedData", "Tables")}


# --- play records: revokes and attention timing ----------------------------------------

DEAL = Deal.from_pbn("N:KT653.QJ9.64.AQ2 94.86.A872.J9864 Q2.AT7.KQT93.T53 AJ87.K5432.J5.K7")
START = dt.datetime(2025, 12, 23, 19, 0, 0)


def revoke_session(result_clock: str):
    """Three tables, two rounds of a Mitchell; at table 1, round 1, board 1 East revokes
    on trick 2 of 1S by South (played to the end, 7 tricks recorded: 1S=). Bidding and
    play rows as the terminals write them, one second apart."""
    cards = play_with_revoke(DEAL, Seat.W, Suit.S, revoke_trick=2, revoker=Seat.E)
    bids = [("N", "PASS"), ("E", "PASS"), ("S", "1S"), ("W", "PASS"), ("N", "PASS"),
            ("E", "PASS")]
    return memory_tables(
        Section=section_rows(("A", 3)),
        RoundData=[round_row(1, 1, 1, 1, 1, 1, 1), round_row(1, 2, 1, 2, 2, 2, 2),
                   round_row(1, 3, 1, 3, 3, 3, 3), round_row(1, 1, 2, 1, 3, 2, 2),
                   round_row(1, 2, 2, 2, 1, 3, 3), round_row(1, 3, 2, 3, 2, 1, 1)],
        ReceivedData=[result_row(1, 1, 1, 1, 1, 1, 1, "S", "1 S", "=", result_clock),
                      result_row(2, 1, 2, 1, 2, 2, 2, "N", "3 NT", "=", "19:10:00"),
                      result_row(3, 1, 3, 1, 3, 3, 3, "E", "4 H", "-1", "19:11:00"),
                      result_row(4, 1, 1, 2, 2, 1, 3, "N", "3 NT", "-1", "19:20:00"),
                      result_row(5, 1, 2, 2, 3, 2, 1, "E", "4 H", "=", "19:21:00"),
                      result_row(6, 1, 3, 2, 1, 3, 2, "S", "2 S", "=", "19:22:00")],
        BiddingData=action_rows("Bid", 1, 1, 1, 1, bids, START),
        PlayData=action_rows("Card", 1, 1, 1, 1, [(s.value, c.pbn()) for s, c in cards],
                             START + dt.timedelta(minutes=1)),
        HandRecord=[hand_record_row(1, 1, DEAL)])


def test_64a2_revoke_seen_during_the_round_gets_the_automatic_transfer() -> None:
    data = BwsData.read(revoke_session("19:05:00"))
    report = replay(data, PluginHost(load_entrypoints=False))
    revokes = [e for e in report.events if e.finding.kind == "revoke"]
    assert len(revokes) == 1
    event = revokes[0]
    assert event.attention is Attention.DURING_ROUND
    assert event.place.key == ("A", "1", 1, 1)
    assert event.finding.seat is Seat.E and event.finding.data["trick"] == 2
    outcome = event.finding.ruling.outcome
    assert isinstance(outcome, AssignedResult) and outcome.declarer_tricks == 8
    assert event.entry.text() == ("Board 1, section A, table 1, round 1: 1S= becomes 1S+1 "
                                  "(Laws 61A, 63A1, 64A2, one trick)")
    assert [e.finding.kind for e in report.events] == ["revoke"]


def test_64b5_revoke_seen_after_the_round_has_no_automatic_transfer() -> None:
    """The same board entered at 19:25, after table 1 had recorded its round-2 result
    (19:20): attention is drawn after the round, so no trick is transferred."""
    data = BwsData.read(revoke_session("19:25:00"))
    report = replay(data, PluginHost(load_entrypoints=False))
    (event,) = [e for e in report.events if e.finding.kind == "revoke"]
    assert event.attention is Attention.AFTER_ROUND
    assert event.finding.data["transfer"] == 0
    assert event.finding.data["transfer_if_timely"] == 1
    assert "64B5" in event.finding.ruling.laws
    assert event.entry is None  # nothing to enter in the scorer


def test_live_watch_started_late_sees_finished_rounds_after_the_round() -> None:
    """A watch that starts when round 2 is in: round 1's revoke is after the round."""
    data = BwsData.read(revoke_session("19:05:00"))
    watcher = SessionWatcher(PluginHost(load_entrypoints=False), data.session(),
                             ReviewContext(equity=False))
    watcher.observe(data.entries())
    (event,) = [e for e in watcher.close().events if e.finding.kind == "revoke"]
    assert event.attention is Attention.AFTER_ROUND


def test_correction_replaces_the_erased_result() -> None:
    """The terminal erases the row and adds a corrected one: the hooks get the new
    record with the erased one as ``previous``, and the session holds only the new."""
    tables = revoke_session("19:05:00")
    rows = tables.rows("ReceivedData")
    rows[1]["Erased"] = True
    rows.append(result_row(7, 1, 2, 1, 2, 2, 2, "N", "3 NT", "+1", "19:12:00"))
    from adapters.bws.tables import MemoryTables

    data = BwsData.read(MemoryTables({**{n: tables.rows(n) for n in tables.table_names()},
                                      "ReceivedData": rows}))
    host = PluginHost(load_entrypoints=False)
    rec = Recorder()
    host.register(rec, "recorder")
    report = replay(data, host)
    corrected = [(r, p) for r, p in rec.results if p is not None]
    assert len(corrected) == 1
    new, old = corrected[0]
    assert (old.extra["bws_id"], old.declarer_tricks) == (2, 9)
    assert (new.extra["bws_id"], new.declarer_tricks) == (7, 10)
    assert report.corrections == 1
    held = [r for r in report.session.results if (r.table, r.board) == ("2", 2)]
    assert [r.extra["bws_id"] for r in held] == [7]


def test_decided_revoke_goes_to_the_write_back_plugins() -> None:
    data = BwsData.read(revoke_session("19:05:00"))
    host = PluginHost(load_entrypoints=False)
    decided = []

    class Store:
        @hookimpl
        def td_adjustment_decided(self, record, change):
            decided.append((record.extra["bws_id"], change.outcome.declarer_tricks, change.law))

    host.register(Store(), "store")
    watcher = SessionWatcher(host, data.session(), ReviewContext(equity=False))
    for moment, entries in data.timeline():
        watcher.observe(entries, now=moment)
    (event,) = [e for e in watcher.report.events if e.finding.kind == "revoke"]
    change = watcher.decide(event)
    assert change is not None and decided == [(1, 8, change.law)]


def test_plugin_raising_in_watch_is_named_in_report_and_rest_runs(capsys) -> None:
    data = BwsData.read(revoke_session("19:05:00"))
    host = PluginHost(load_entrypoints=False)

    class Broken:
        @hookimpl
        def td_review_board(self, record, context):
            raise RuntimeError("club rule crashed")

    host.register(Broken(), "broken_rule")
    report = replay(data, host)
    assert [e.finding.kind for e in report.events] == ["revoke"]
    assert len(report.errors) == 6  # one per result reviewed
    assert {(e.plugin, e.hook) for e in report.errors} == {("broken_rule", "td_review_board")}
    out = io.StringIO()
    watch_command.print_report(report, out)
    text = out.getvalue()
    assert "Plugins that failed (the others still ran):" in text
    assert "plugin 'broken_rule' failed in td_review_board: RuntimeError: club rule crashed" in text
    assert "1S= becomes 1S+1" in text


# --- the command, live -------------------------------------------------------------------

def watch_command_args(path: str, **kw) -> argparse.Namespace:
    base = {"path": path, "replay": False, "speed": 0.0, "interval": 0.0, "polls": 0, "log": None,
            "lang": "en", "backend": "auto", "no_equity": True, "rulings_log": None}
    base.update(kw)
    return argparse.Namespace(**base)


def test_live_watch_retries_a_missing_file_then_reads_it(realworld: Path, tmp_path: Path,
                                                         capsys) -> None:
    live = tmp_path / "live.bws"
    polls = []

    def sleep(_: float) -> None:  # the file appears after the second poll
        polls.append(1)
        if len(polls) == 2:
            shutil.copyfile(realworld / BWS, live)

    args = watch_command_args(str(live), polls=4)
    report = watch_command._watch(args, PluginHost(load_entrypoints=False),
                                  ReviewContext(equity=False), io.StringIO(), None, sleep=sleep)
    err = capsys.readouterr().err
    assert err.count("the file is missing") == 2
    assert report.total_reviewed == 384


@pytest.mark.parametrize("backend", ["access-parser", "auto"])
def test_live_poller_reports_truncated_file_and_recovers(realworld: Path, tmp_path: Path,
                                                         backend: str) -> None:
    """Cut mid-page (a copy taken while the file grew) or at a page boundary (pages
    still missing): neither reaches the watch, which would see results vanish."""
    live = tmp_path / "live.bws"
    whole = (realworld / BWS).read_bytes()
    with BwsPoller(str(live), backend) as poller:
        live.write_bytes(whole[: len(whole) // 3])
        mid_page = poller.poll()
        assert mid_page.data is None and "truncated" in mid_page.problem
        live.write_bytes(whole[: 2048 * 501])
        whole_pages = poller.poll()
        assert whole_pages.data is None
        assert "damaged or cut short" in whole_pages.problem and "ReceivedData" in whole_pages.problem
        assert poller.failures == 2
        live.write_bytes(whole)
        good = poller.poll()
        assert good.problem is None and len(good.data.results) == 384
        assert good.data.path == str(live) and poller.failures == 0
        assert poller.poll() == type(good)()  # unchanged: not read again
    assert (realworld / BWS).read_bytes() == whole


def test_ctrl_c_closes_the_session_and_leaves_a_complete_log(realworld: Path, tmp_path: Path,
                                                            capsys) -> None:
    """Ctrl-C while waiting between polls: the session is closed, the report printed,
    every log line is whole JSON."""
    live = tmp_path / "live.bws"
    shutil.copyfile(realworld / BWS, live)
    log_path = tmp_path / "log.jsonl"

    def interrupt(_: float) -> None:
        raise KeyboardInterrupt

    host = PluginHost(load_entrypoints=False)
    closed = []

    class Closer:
        @hookimpl
        def td_session_closed(self, session):
            closed.append(session.name)
            return []

    host.register(Closer(), "closer")
    with LineLog.open(log_path) as log:
        report = watch_command._watch(watch_command_args(str(live)), host,
                                      ReviewContext(equity=False), io.StringIO(), log,
                                      sleep=interrupt)
    assert closed == ["Bridge game"]
    assert report.total_reviewed == 384
    assert "interrupted: closing the session" in capsys.readouterr().err
    for line in log_path.read_text().splitlines():
        json.loads(line)


def test_watch_replay_log_has_one_json_line_per_finding(tmp_path: Path, monkeypatch) -> None:
    data = BwsData.read(revoke_session("19:05:00"))
    monkeypatch.setattr("adapters.bws.reader.read_bws", lambda path, backend="auto": data)
    log = tmp_path / "rulings.jsonl"
    out = io.StringIO()
    monkeypatch.setattr("sys.stdout", out)
    status = watch_command.run(watch_command_args("session.bws", replay=True, log=str(log)))
    assert status == 1
    (line,) = [json.loads(x) for x in log.read_text().splitlines()]
    assert (line["section"], line["table"], line["round"], line["board"]) == ("A", "1", 1, 1)
    assert line["kind"] == "revoke" and line["attention"] == "during-round"
    assert line["scorer"].endswith("1S= becomes 1S+1 (Laws 61A, 63A1, 64A2, one trick)")
    text = out.getvalue()
    assert "section A, table 1, round 1, board 1: Revoke [Law 64A2]" in text
    assert "Enter in the scorer:\n  Board 1, section A, table 1, round 1: 1S= becomes 1S+1" in text


def test_watch_log_on_a_full_disk_says_so_and_keeps_reviewing(monkeypatch, capsys) -> None:
    """``--log /dev/full``: no line can be written; the watch says so at once, reviews
    every result, prints its report and ends with status 2 (an output not written)."""
    data = BwsData.read(revoke_session("19:05:00"))
    monkeypatch.setattr("adapters.bws.reader.read_bws", lambda path, backend="auto": data)
    status = watch_command.run(watch_command_args("session.bws", replay=True,
                                                  log="/dev/full"))
    out, err = capsys.readouterr()
    assert status == 2
    assert "section A, table 1, round 1, board 1: Revoke [Law 64A2]" in out
    assert "Enter in the scorer:\n  Board 1, section A, table 1, round 1: 1S= becomes 1S+1" in out
    assert "the log /dev/full: a line was not written (No space left on device)" in err
    assert "the log /dev/full is not complete: 1 of its lines were not written" in err
    assert err.index("a line was not written") < err.index("is not complete")


def test_a_log_line_the_disk_takes_in_part_is_taken_back(tmp_path: Path) -> None:
    """A disk that takes half a line, then no more: nothing of the line stays, the next
    lines are written whole once there is room again."""
    import errno
    import os

    room = [True]

    def write(fd: int, data: memoryview) -> int:
        if room[0]:
            return os.write(fd, data)
        if len(data) > 4:  # half of what is asked, then a full disk
            return os.write(fd, data[:len(data) // 2])
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    path = tmp_path / "log.jsonl"
    with LineLog.open(path, write=write) as log:
        assert log.write_line('{"board": 1}')
        room[0] = False
        assert not log.write_line('{"board": 2, "kind": "revoke"}')
        assert path.read_text() == '{"board": 1}\n'
        room[0] = True
        assert log.write_line('{"board": 3}')
    assert [json.loads(line)["board"] for line in path.read_text().splitlines()] == [1, 3]
    assert (log.written, log.lost, log.error) == (2, 1, "No space left on device")


def test_delete_and_insert_seen_in_two_polls_is_still_a_correction() -> None:
    """A poll can fall between the terminal's delete and its insert: the result that
    comes back at the same place replaces the deleted one."""
    data = BwsData.read(revoke_session("19:05:00"))
    host = PluginHost(load_entrypoints=False)
    rec = Recorder()
    host.register(rec, "recorder")
    watcher = SessionWatcher(host, data.session(), ReviewContext(equity=False))
    entries = data.entries()
    watcher.observe(entries)
    deleted = entries.pop(2)
    watcher.observe(entries)
    assert deleted not in watcher.session.results
    corrected = deleted.evolve(declarer_tricks=10, extra={**deleted.extra, "bws_id": 7})
    watcher.observe({**entries, 7: corrected})
    assert rec.results[-1] == (corrected, deleted)
    assert watcher.report.corrections == 1
    assert corrected in watcher.session.results


def test_td_report_in_danish() -> None:
    report = replay(BwsData.read(revoke_session("19:05:00")), PluginHost(load_entrypoints=False),
                    ReviewContext(equity=False, language="da"))
    out = io.StringIO()
    (event,) = report.events
    watch_command.print_event(event, out, "da")
    watch_command.print_report(report, out, "da")
    text = out.getvalue()
    assert text.startswith("19:05:00 række A, bord 1, runde 1, spil 1, NS 1, ØV 1: Kulørsvigt "
                           "[§ 64A2]")
    assert "revoke" not in text  # the kind named in Danish
    assert "Kendelse (opmærksomhed under runden)" in text
    assert "TL-rapport: -\nResultater gennemgået: 6\n  række A: r1 3, r2 3\n6 resultater (2 med " \
           "kortfordeling, 1 med meldeforløb, 1 med spilforløb, 6 med resultat; ingen " \
           "score). Ikke kontrolleret: scorer.\nFund: 1" in text
    assert "Indtast i regneprogrammet:\n  Spil 1, række A, bord 1, runde 1: 1S= ændres til 1S+1 " \
           "(§ 61A, § 63A1, § 64A2, ét stik)" in text


# --- a watch stopped early -----------------------------------------------------------------

def _three_rounds(results: list) -> BwsData:
    """Two tables, three rounds, two boards a round; ``results`` as (id, table, round,
    board) rows entered at the table."""
    rounds = [round_row(1, t, r, t, 3 - t if r % 2 else t, 2 * r - 1, 2 * r)
              for r in (1, 2, 3) for t in (1, 2)]
    rows = [result_row(i, 1, t, r, b, t, 3 - t if r % 2 else t, "N", "3 NT", "=",
                       f"19:{10 * r + i:02d}:00") for i, t, r, b in results]
    return BwsData.read(memory_tables(Section=section_rows(("A", 2)), RoundData=rounds,
                                      ReceivedData=rows))


def test_a_watch_stopped_early_reports_missing_results_only_for_rounds_that_should_be_over() -> None:
    # round 1: table 2 never entered board 2; round 2 under way (one result in); round 3
    # not started: only board 2 of round 1 at table 2 is missing, not the 6 others
    data = _three_rounds([(1, 1, 1, 1), (2, 1, 1, 2), (3, 2, 1, 1), (4, 1, 2, 3)])
    report = replay(data, PluginHost(load_entrypoints=False))
    missing = [e.place.key for e in report.events if e.finding.kind == "missing_result"]
    assert missing == [("A", "2", 1, 2)]
    out = io.StringIO()
    watch_command.print_report(report, out)
    assert ("Section A: round(s) 2, 3 not over when the watch ended; their boards are not "
            "reported missing.") in out.getvalue()


def test_a_session_that_reached_its_last_round_reports_its_missing_boards() -> None:
    entered = [(i + 1, t, r, b) for i, (t, r, b) in enumerate(
        (t, r, b) for r in (1, 2, 3) for t in (1, 2) for b in (2 * r - 1, 2 * r))]
    data = _three_rounds(entered[:-1])  # the last board of the last round never entered
    report = replay(data, PluginHost(load_entrypoints=False))
    missing = [e.place.key for e in report.events if e.finding.kind == "missing_result"]
    assert missing == [("A", "2", 3, 6)]


def test_blocked_plugins_are_named_in_the_td_report_and_an_unknown_name_is_warned(
        realworld: Path, monkeypatch, capsys) -> None:
    monkeypatch.setenv("TD_PLUGIN_DISABLE", "movement,movment")
    assert main(["watch", "--replay", str(realworld / BWS)]) == 0
    captured = capsys.readouterr()
    assert "TD_PLUGIN_DISABLE names 'movment', but no plugin has that name" in captured.err
    assert ("Blocked by TD_PLUGIN_DISABLE, so their checks were not made: movement, movment."
            in captured.out)
