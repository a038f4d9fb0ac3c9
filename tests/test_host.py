"""The plugin host: built-ins registered like external plugins, blocking, tracing, a
failing plugin named while the others run; and one test per hook (``test_hook_<name>``)
showing when it fires and what its answers do."""

from __future__ import annotations

import io
import shutil
import types
from pathlib import Path

import pytest

from adapters.bws.reader import BwsData
from td_plugin import hookimpl
from td_plugin.audit.watch import SessionWatcher
from td_plugin.cases.files import load_case
from td_plugin.errors import InputError, Location
from td_plugin.host.manager import DEFAULT_PLUGINS, PluginHost, plugin_name
from td_plugin.host.sources import Follower, SessionSource
from td_plugin.laws.context import ReviewContext
from td_plugin.laws.revokes import RevokeCaseRuling
from td_plugin.messages import render
from td_plugin.model.board import BoardRecord
from td_plugin.model.changes import RecordChange
from td_plugin.model.contract import Contract
from td_plugin.model.findings import Finding
from td_plugin.model.outcomes import ArtificialScore, AssignedResult
from td_plugin.model.rulings import Attention, Clause, Ruling
from td_plugin.model.session import Session
from tests.bws_session import memory_tables, result_row, round_row, section_rows

BUILTINS = ["regulations", "consistency", "revokes", "auction", "claims", "results",
            "movement", "cases", "pbn", "lin", "usebio", "bws", "bridgemate_dc"]


def impossible_record() -> BoardRecord:
    """4S by South recorded with 14 tricks: the `results` ruler objects."""
    return BoardRecord(board=3, contract=Contract.from_pbn("4S", "S"), declarer_tricks=14,
                       location=Location(path="x.pbn", record=3))


@pytest.fixture
def host() -> PluginHost:
    return PluginHost(load_entrypoints=False)


# --- registration -------------------------------------------------------------------

def test_builtins_are_plugins_named_after_their_modules(host: PluginHost) -> None:
    assert [plugin_name(m) for m in DEFAULT_PLUGINS] == BUILTINS
    assert [name for name, _ in host.plugins()] == BUILTINS
    hooks = dict(host.plugins())
    assert hooks["bws"] == ["td_follow_source", "td_open_source", "td_write_changes"]
    assert hooks["movement"] == ["td_result_recorded", "td_round_completed", "td_session_closed"]
    assert host.source_of("bws") == "adapters.bws.plugin"
    assert host.errors == []


def test_td_plugin_disable_blocks_builtins_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TD_PLUGIN_DISABLE", "results, bws")
    host = PluginHost(load_entrypoints=False, disabled=["lin"])
    names = [n for n, _ in host.plugins()]
    assert "results" not in names and "bws" not in names and "lin" not in names
    assert host.blocked() == ["bws", "lin", "results"]
    assert host.review_board(impossible_record(), ReviewContext()).findings == []
    assert host.register(types.ModuleType("bws"), "bws") is None  # stays blocked


def test_plugin_raising_is_named_and_the_others_still_answer(host: PluginHost) -> None:
    class Broken:
        @hookimpl
        def td_review_board(self, record, context):
            raise ZeroDivisionError("division by zero")

    assert host.register(Broken(), "broken") == "broken"
    review = host.review_board(impossible_record(), ReviewContext())
    assert [f.kind for f in review.findings] == ["impossible_result"]
    (error,) = review.errors
    assert (error.plugin, error.hook) == ("broken", "td_review_board")
    assert isinstance(error.exception, ZeroDivisionError)
    assert error.describe() == ("plugin 'broken' failed in td_review_board: "
                                "ZeroDivisionError: division by zero")
    # the host goes on: the next call works and reports the failure again
    assert len(host.review_board(impossible_record(), ReviewContext()).errors) == 1
    assert len(host.errors) == 2


def test_plugin_with_unknown_hook_name_is_refused_and_named(host: PluginHost) -> None:
    class Typo:
        @hookimpl
        def td_reveiw_board(self, record, context):
            return []

    assert host.register(Typo(), "typo") is None
    assert not host.is_registered("typo")
    (error,) = host.errors
    assert error.plugin == "typo" and error.hook == "register"
    assert "td_reveiw_board" in str(error.exception)


def test_builtin_that_fails_to_import_is_reported_not_raised() -> None:
    host = PluginHost(load_entrypoints=False,
                      builtins=("td_plugin.rulers.consistency", "tests.data_missing_module_x"))
    assert [n for n, _ in host.plugins()] == ["consistency"]  # absent modules are skipped
    broken = PluginHost(load_entrypoints=False, builtins=("tests.broken_plugin_for_host",))
    (error,) = broken.errors
    assert error.plugin == "broken_plugin_for_host" and error.hook == "load"


def test_trace_prints_each_hook_call() -> None:
    stream = io.StringIO()
    host = PluginHost(load_entrypoints=False, trace=True, trace_stream=stream)
    host.review_board(impossible_record(), ReviewContext())
    host.close()
    host.review_board(impossible_record(), ReviewContext())
    lines = stream.getvalue().splitlines()
    assert lines[0].startswith("[td_plugin] td_review_board(record, context, walk) -> results, ")
    assert lines[1].startswith("[td_plugin] td_review_board = [")
    assert len(lines) == 2  # tracing stopped by close()


def test_trace_env_variable(monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    monkeypatch.setenv("TD_PLUGIN_TRACE", "1")
    host = PluginHost(load_entrypoints=False)
    with pytest.raises(InputError):
        host.open_source(str(Path(__file__)))
    assert "[td_plugin] td_open_source(path, strict)" in capsys.readouterr().err


def test_open_source_unknown_file_names_the_file(host: PluginHost, tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("nothing bridge here\n")
    with pytest.raises(InputError) as info:
        host.open_source(str(path))
    assert str(path) in str(info.value)
    assert "no adapter knows this file" in str(info.value)
    assert "bws" in str(info.value)  # the adapters loaded are listed


def test_later_plugin_replaces_a_builtin_first_result(host: PluginHost, tmp_path: Path) -> None:
    class Mine:
        format, path = "mine", ""

        def records(self):
            return iter(())

        def file_problems(self):
            return []

    class Replacement:
        @hookimpl
        def td_open_source(self, path, strict):
            return Mine()

    host.register(Replacement(), "club_bws")
    assert isinstance(host.open_source(str(tmp_path / "x.bws")), Mine)


# --- one test per hook ----------------------------------------------------------------

def small_session():
    tables = memory_tables(
        Section=section_rows(("A", 1)),
        RoundData=[round_row(1, 1, 1, 1, 1, 1, 2), round_row(1, 1, 2, 1, 1, 3, 3)],
        ReceivedData=[result_row(1, 1, 1, 1, 1, 1, 1, "N", "3 NT", "=", "19:00:00"),
                      result_row(2, 1, 1, 1, 2, 1, 1, "E", "4 S", "-1", "19:08:00"),
                      result_row(3, 1, 1, 2, 3, 1, 1, "S", "2 H", "+1", "19:20:00")])
    return BwsData.read(tables)


class Spy:
    def __init__(self) -> None:
        self.calls: list[tuple] = []

    @hookimpl
    def td_session_opened(self, session):
        self.calls.append(("opened", session.name, len(session.movement)))

    @hookimpl
    def td_round_completed(self, session, section, round):
        self.calls.append(("round", section, round, len(session.results)))
        return [Finding(kind="round_note", key="note", data={"section": section})]

    @hookimpl
    def td_session_closed(self, session):
        self.calls.append(("closed", len(session.results)))
        return []


def run_session(host: PluginHost, data: BwsData):
    watcher = SessionWatcher(host, data.session(), ReviewContext(equity=False))
    for moment, entries in data.timeline():
        watcher.observe(entries, now=moment)
    return watcher.close()


def test_hook_td_session_opened(host: PluginHost) -> None:
    spy = Spy()
    host.register(spy, "spy")
    run_session(host, small_session())
    assert spy.calls[0] == ("opened", "", 2)
    assert [c[0] for c in spy.calls].count("opened") == 1


def test_hook_td_result_recorded(host: PluginHost) -> None:
    seen = []

    class Rec:
        @hookimpl
        def td_result_recorded(self, session, record, previous):
            seen.append((record.board, previous, record in session.results))
            return [Finding(kind="seen", key="seen")] if record.board == 2 else []

    host.register(Rec(), "rec")
    report = run_session(host, small_session())
    assert seen == [(1, None, True), (2, None, True), (3, None, True)]
    assert [(e.finding.kind, e.hook, e.place.key) for e in report.events] == \
        [("seen", "td_result_recorded", ("A", "1", 1, 2))]


def test_hook_td_auction_recorded(host: PluginHost) -> None:
    import datetime as dt

    from tests.bws_session import action_rows

    bids = [("N", "1NT"), ("E", "PASS"), ("S", "3NT"), ("W", "PASS"), ("N", "PASS")]
    start = dt.datetime(2025, 12, 23, 18, 55)
    tables = memory_tables(
        Section=section_rows(("A", 1)), RoundData=[round_row(1, 1, 1, 1, 1, 1, 2)],
        ReceivedData=[result_row(1, 1, 1, 1, 1, 1, 1, "N", "3 NT", "=", "19:00:00")],
        BiddingData=action_rows("Bid", 1, 1, 1, 1, bids + [("E", "PASS")], start))
    seen = []

    class Rec:
        @hookimpl
        def td_auction_recorded(self, record):
            seen.append((record.auction.pbn(), record.in_play))
            return []

    host.register(Rec(), "rec")
    run_session(host, BwsData.read(tables))
    # fired once, when the sixth call completed the auction, before the result came in
    assert seen == [("1NT Pass 3NT Pass Pass Pass", True)]


def test_hook_td_play_recorded(host: PluginHost) -> None:
    from tests.test_watch import revoke_session

    seen = []

    class Rec:
        @hookimpl
        def td_play_recorded(self, record):
            seen.append((record.board, record.table, len(record.play), record.play.claimed))
            return []

    host.register(Rec(), "rec")
    run_session(host, BwsData.read(revoke_session("19:05:00")))
    assert seen == [(1, "1", 52, False)]


def test_hook_td_round_completed(host: PluginHost) -> None:
    spy = Spy()
    host.register(spy, "spy")
    report = run_session(host, small_session())
    assert ("round", "A", 1, 2) in spy.calls  # after boards 1 and 2 were in
    assert [e.finding.kind for e in report.events] == ["round_note", "round_note"]
    assert report.events[0].hook == "td_round_completed"


def test_hook_td_session_closed(host: PluginHost) -> None:
    spy = Spy()
    host.register(spy, "spy")
    data = small_session()
    report = run_session(host, data)
    assert spy.calls[-1] == ("closed", 3)
    # a board never entered is reported when the session closes
    tables = memory_tables(Section=section_rows(("A", 1)),
                           RoundData=[round_row(1, 1, 1, 1, 1, 1, 2)],
                           ReceivedData=[result_row(1, 1, 1, 1, 1, 1, 1, "N", "3 NT", "=",
                                                    "19:00:00")])
    report = run_session(PluginHost(load_entrypoints=False), BwsData.read(tables))
    assert [(e.finding.kind, e.hook, e.place.key) for e in report.events] == \
        [("missing_result", "td_session_closed", ("A", "1", 1, 2))]


def test_hook_td_review_board(host: PluginHost) -> None:
    contexts = []

    class Rec:
        @hookimpl
        def td_review_board(self, record, context):
            contexts.append(context.attention)
            return [Finding(kind="club", key="club")]

    host.register(Rec(), "rec")
    review = host.review_board(impossible_record(), ReviewContext(attention=Attention.DURING_ROUND))
    assert sorted(f.kind for f in review.findings) == ["club", "impossible_result"]
    assert contexts == [Attention.DURING_ROUND]


def test_review_board_asks_as_pluggy_does(host: PluginHost) -> None:
    """pluggy calls `td_review_board`'s implementations: last registered first, each with
    the arguments it names; a plugin registered or removed later is seen; a wrapper sees
    the answers."""
    calls: list[str] = []

    class Ask:
        def __init__(self, name: str) -> None:
            self.name = name

        @hookimpl
        def td_review_board(self, walk, record):
            calls.append(self.name)
            assert walk.record is record
            return [Finding(kind=self.name, key="club")]

    host.register(Ask("first"), "first")
    review = host.review_board(impossible_record(), ReviewContext())
    assert calls == ["first"]
    assert [f.kind for f in review.findings] == ["first", "impossible_result"]
    host.register(Ask("second"), "second")
    host.review_board(impossible_record(), ReviewContext())
    assert calls == ["first", "second", "first"]
    host.unregister("first")
    assert [f.kind for f in host.review_board(impossible_record(), ReviewContext()).findings] \
        == ["second", "impossible_result"]
    seen: list[list[str]] = []

    class Wrap:
        @hookimpl(wrapper=True)
        def td_review_board(self, record):
            answers = yield
            seen.append(sorted(f.kind for answer in answers for f in answer))
            return answers

    host.register(Wrap(), "wrap")
    review = host.review_board(impossible_record(), ReviewContext())
    assert [f.kind for f in review.findings] == ["second", "impossible_result"]
    assert seen == [["impossible_result", "second"]]


def test_implementations_are_registered_guarded_and_the_plugin_left_as_given(
        host: PluginHost) -> None:
    """The host registers a stand-in holding each implementation in its guard: pluggy's
    `HookImpl` keeps the function it was registered with, and the plugin is unchanged."""
    class Club:
        @hookimpl
        def td_review_board(self, record):
            raise RuntimeError("club ruler broke")

    club = Club()
    own = Club.__dict__["td_review_board"]
    host.register(club, "club")
    impls = [i for i in host.pm.hook.td_review_board.get_hookimpls() if i.plugin_name == "club"]
    assert len(impls) == 1 and impls[0].plugin is not club
    assert impls[0].function is impls[0].plugin.td_review_board  # as registered
    assert impls[0].function.__wrapped__ == club.td_review_board
    assert impls[0].argnames == ("record",)
    assert Club.__dict__["td_review_board"] is own and "td_review_board" not in vars(club)
    review = host.review_board(impossible_record(), ReviewContext())
    assert [e.plugin for e in review.errors] == ["club"]
    assert [f.kind for f in review.findings] == ["impossible_result"]


def test_hook_td_one_process_keeps_the_audit_on_one_process(host: PluginHost) -> None:
    assert host.single_process_reason() is None

    class Counter:
        @hookimpl
        def td_one_process(self):
            return True

    class Pure:
        @hookimpl
        def td_one_process(self):
            return False

    host.register(Pure(), "pure")
    assert host.single_process_reason() is None
    host.register(Counter(), "counter")
    assert host.single_process_reason() == ("plugin 'counter' keeps state from board to "
                                            "board (td_one_process)")


def test_hook_td_incident_reported(host: PluginHost) -> None:
    """The built-in ``cases`` plugin rules (Law 25A1: an unintended call replaced);
    a club plugin asked first may answer instead; nonsense is an input error."""
    case = {"dealer": "N", "calls": ["N 1NT", "E Pass",
                                     {"seat": "S", "call": "Pass", "unintended": True}, "S 3NT"]}
    ruling, errors = host.report_incident(case, ReviewContext())
    assert errors == [] and ruling.laws == ["25A1"]

    club = Ruling(clauses=(Clause("25A1", "club.unintended"),))
    asked = []

    class First:
        @hookimpl(tryfirst=True)
        def td_incident_reported(self, incident, context):
            asked.append(incident)
            return club if context.regulation == "club" else None

    host.register(First(), "first")
    assert host.report_incident(case, ReviewContext(regulation="club"))[0] is club
    assert host.report_incident(case, ReviewContext())[0].laws == ["25A1"]
    assert len(asked) == 2
    with pytest.raises(InputError, match="impossible call '14NT'"):
        host.report_incident({"dealer": "N", "calls": ["N 1NT", "E 14NT"]}, ReviewContext())


def test_hook_td_incident_reported_revoke_case(host: PluginHost) -> None:
    """The built-in ``cases`` plugin rules a revoke case (Law 64A1: East ruffed and won
    the revoke trick, the defence won a later trick); blocked, no plugin rules on it, and
    blocking ``revokes`` (the play record's review) leaves it ruled."""
    case = {"kind": "revoke", "vulnerable": "NS", "contract": "4H", "declarer": "N",
            "declarer_tricks": 10,
            "revokes": [{"offender": "E", "trick": 5, "suit_led": "D", "card": "H5",
                         "revoke_trick_won_by": "E", "offending_side_tricks_from_revoke": 3,
                         "established": True}]}
    ruling, errors = host.report_incident(load_case(case), ReviewContext(language="da"))
    assert errors == [] and isinstance(ruling, RevokeCaseRuling)
    assert ruling.laws == ["61A", "63A", "64A1"] and ruling.lang == "da"
    assert host.report_incident(case, ReviewContext())[0].laws == ruling.laws  # as data
    blocked = PluginHost(load_entrypoints=False, disabled=["cases"])
    assert blocked.report_incident(load_case(case), ReviewContext()) == (None, [])
    review_off = PluginHost(load_entrypoints=False, disabled=["revokes"])
    assert review_off.report_incident(load_case(case), ReviewContext())[0].laws == ruling.laws


def test_hook_td_adjustment_decided(host: PluginHost) -> None:
    got = []

    class Store:
        @hookimpl
        def td_adjustment_decided(self, record, change):
            got.append((record.board, change.outcome.declarer_tricks, change.law))

    host.register(Store(), "store")
    transfer = AssignedResult(Contract.from_pbn("4S", "S"), 10, 620)
    errors = host.adjustment_decided(impossible_record(),
                                     RecordChange(record=3, outcome=transfer, law="64A1"))
    assert errors == [] and got == [(3, 10, "64A1")]


def test_hook_td_open_source(host: PluginHost, realworld: Path) -> None:
    source = host.open_source(str(realworld / "bws" / "acbl_club_pairs_2025-12-23_2sections_redacted.bws"))
    assert source.format == "bws"
    first = next(iter(source.records()))
    assert (first.section, first.table, first.round, first.board) == ("A", "8", 1, 13)
    assert first.contract == Contract.from_pbn("2S", "E") and first.declarer_tricks == 9


def test_hook_td_write_changes(host: PluginHost, tmp_path: Path) -> None:
    written = []

    class Writer:
        @hookimpl
        def td_write_changes(self, source_path, dest_path, changes):
            if not source_path.endswith(".myf"):
                return None
            written.append((source_path, dest_path, dict(changes)))
            return True

    host.register(Writer(), "myf")  # a writer may leave out the language
    change = RecordChange(record=1, outcome=AssignedResult(Contract.from_pbn("4S", "S"), 9))
    assert host.write_changes("a.myf", "b.myf", {1: [change]}, "da") is None
    assert written == [("a.myf", "b.myf", {1: [change]})]
    with pytest.raises(InputError, match="no adapter writes this format"):
        host.write_changes(str(tmp_path / "a.unknown"), str(tmp_path / "b"), {})


def test_hook_td_write_changes_renders_annotations_in_the_language(host: PluginHost) -> None:
    """The writer is given the language and renders the change's annotations in it: a
    ruling given at the table is written in the Director's language."""
    written = []

    class Writer:
        @hookimpl(tryfirst=True)
        def td_write_changes(self, source_path, changes, lang):
            written.extend(text for items in changes.values() for c in items
                           for text in c.texts(lang))
            return True

    host.register(Writer(), "myf")
    ruling = Ruling((Clause("12C2", "k"),), ArtificialScore(60, 40), key="result.not_played")
    change = RecordChange(record=1, outcome=ruling.outcome, law="12C2", annotations=(ruling,))
    host.write_changes("a.myf", "b.myf", {1: [change]}, "da")
    assert written == [render("result.not_played", {}, "da")]
    assert written[0].startswith("Spillet er indtastet som ikke spillet")


def test_hook_td_follow_source(host: PluginHost, tmp_path: Path, realworld: Path) -> None:
    live = tmp_path / "live.bws"  # not there yet: following it is still possible
    follower = host.follow_source(str(live))
    try:
        assert isinstance(follower, Follower) and follower.poll().problem is not None
        shutil.copyfile(realworld / "bws" / "acbl_club_pairs_2025-12-23_2sections_redacted.bws",
                        live)
        data = follower.poll().data
        assert isinstance(data, SessionSource) and len(data.entries()) == 384
        assert data.session().name == "Bridge game"
    finally:
        follower.close()
    with pytest.raises(InputError, match="no adapter follows this file"):
        host.follow_source(str(tmp_path / "session.pbn"))
    blocked = PluginHost(load_entrypoints=False, disabled=["bws"])
    with pytest.raises(InputError, match="no adapter follows this file"):
        blocked.follow_source(str(live))


def test_session_close_fires_once_even_when_asked_twice(host: PluginHost) -> None:
    spy = Spy()
    host.register(spy, "spy")
    watcher = SessionWatcher(host, Session(name="s"), ReviewContext())
    watcher.close()
    watcher.close()
    assert [c[0] for c in spy.calls] == ["opened", "closed"]


def test_recipe_builds_an_equal_host_until_a_plugin_is_registered_by_hand() -> None:
    host = PluginHost(load_entrypoints=False, disabled=["revokes"])
    rebuilt = PluginHost(**host.recipe)  # type: ignore[arg-type]
    assert rebuilt.plugins() == host.plugins() and "revokes" in rebuilt.blocked()
    host.register(object(), "by_hand")
    assert host.recipe is None
