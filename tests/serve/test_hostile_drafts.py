"""Hostile drafts (the draft a page carries, changed by hand or by a fuzzer): every
malformed draft gets a page saying what is wrong (400), never a server error. A
property test over draft shapes: a real draft of each kind with one of its values
replaced by a value of another shape (a number, a list, a mapping, blank, none)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from td_plugin.errors import DraftError
from td_plugin.serve.draft import Draft
from td_plugin.serve.pages.common import KINDS
from tests.serve.conftest import TOKEN

CASES = Path(__file__).resolve().parents[1] / "cases"


def _case(path: Path) -> dict[str, Any]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return dict(data.get("case", data))


def _drafts() -> list[dict[str, Any]]:
    """Real drafts: a new one of each kind, and case files of each kind as drafts with a
    call open, a question asked again, a place and a ruling corrected."""
    out = [json.loads(Draft.new(kind).dumps()) for kind in KINDS]
    files = sorted(CASES.glob("*.json"))[::6] + sorted(CASES.glob("*/*.yaml"))[::3]
    for path in files:
        case = _case(path)
        kind = str(case.get("kind") or "auction")
        draft = json.loads(Draft(kind, case, seat="N", open_call=0 if kind == "auction"
                                 else None, correcting=1).dumps())
        draft["place"] = {"board": 3, "section": "A", "table": "2", "round": 1}
        out.append(draft)
    return out


DRAFTS = _drafts()
HOSTILE = st.one_of(
    st.none(), st.booleans(), st.integers(-2**70, 2**70), st.floats(allow_nan=True),
    st.sampled_from(["", " ", "N", "Z", "1H", "S 1H", "X", "-1", "1e9", "\x00", "N" * 300]),
    st.lists(st.sampled_from(["N", 1, None, "1H", [], {}]), max_size=3),
    st.dictionaries(st.sampled_from(["seat", "call", "hcp", "S", "x"]),
                    st.sampled_from(["N", 1, None, [1, 2], "1H", {}]), max_size=3))
ACTIONS = ["rule", "add:1H", "add:P", "open:0", "open:1", "unintended:0", "intended:1S",
           "shows:0", "meaning:0", "undo", "dealer:E", "vulnerable:NS", "seat:S",
           "answer:offender=N", "answer:card=SA", "change:offender", "board:3", "pick:1",
           "fact:accept=true", "callfact:0:unintended=true", "mode:final", "doubled:X"]


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value (mapping keys and list items), the value itself too."""
    out = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            out += _paths(value, prefix + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            out += _paths(value, prefix + (i,))
    return out


def _replace(node: Any, path: tuple[Any, ...], value: Any, drop: bool) -> Any:
    if not path:
        return value
    head, rest = path[0], path[1:]
    copy = json.loads(json.dumps(node))
    if drop and not rest:
        del copy[head]
    else:
        copy[head] = _replace(copy[head], rest, value, drop)
    return copy


@st.composite
def hostile_drafts(draw: st.DrawFn) -> tuple[str, Any]:
    draft = draw(st.sampled_from(DRAFTS))
    path = draw(st.sampled_from(_paths(draft)[1:]))
    changed = _replace(draft, path, draw(HOSTILE), draw(st.booleans()))
    return str(draft["kind"]), changed


def _no_server_error(response: Any) -> None:
    """A page (the redirects of a form post followed), never a server error; a refusal
    says what is wrong in the page's alert."""
    assert response.status_code in (200, 400, 404), response.text[:300]
    if response.status_code == 400:
        said = re.search(r'<p class="error" role="alert">([^<]+)</p>', response.text)
        assert said and len(said.group(1).strip()) > 10, response.text[:300]


@pytest.fixture(scope="module")
def hostile_client(tmp_path_factory):
    from td_plugin.cases.log import RulingLog
    from td_plugin.host.manager import PluginHost
    from td_plugin.serve.app import AppConfig, create_app
    from tests.serve.conftest import TestClient

    with RulingLog(tmp_path_factory.mktemp("log") / "rulings.sqlite") as log:
        log.add({"dealer": "N", "calls": ["N 1C"]}, {"status": "ruled"}, kind="auction",
                lang="en")
        app = create_app(AppConfig(log=log, host=PluginHost(load_entrypoints=False),
                                   token=TOKEN))
        with TestClient(app, base_url="http://testserver",
                        headers={"Authorization": f"Bearer {TOKEN}"}) as c:
            yield c


@settings(max_examples=150, deadline=None,
          derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(hostile_drafts(), st.sampled_from(ACTIONS))
def test_a_hostile_draft_is_a_page_saying_what_is_wrong_never_a_500(hostile_client, drawn,
                                                                     action):
    kind, data = drawn
    text = json.dumps(data)
    where = f"/new/{kind}" if kind in KINDS else "/new/auction"
    posted = hostile_client.post(where, data={"draft": text, "action": action})
    _no_server_error(posted)
    try:
        draft = Draft.loads(text)
    except Exception:  # noqa: BLE001 - the post above was refused: nothing to show
        return
    shown = hostile_client.get(where, params={"draft": draft.pack()})
    _no_server_error(shown)


@pytest.mark.parametrize("calls", [
    [{"call": "1H"}],  # a call without its seat
    [5], [["N", "1H"]], [{"seat": "N", "call": 5}], [{"seat": "N", "call": ["1H"]}],
    [{"seat": "N", "call": "1H", "meaning": ["hcp"]}],  # a meaning that is a list
    [{"seat": "N", "call": "1H", "meaning": {"hcp": "x"}}],
    [{"seat": "N", "call": "1H", "shows": "H"}],
])
def test_a_malformed_auction_draft_is_refused_in_words(hostile_client, calls):
    data = {"kind": "auction", "case": {"dealer": "N", "calls": calls}, "seat": "E"}
    r = hostile_client.post("/new/auction", data={"draft": json.dumps(data), "action": "rule"})
    assert r.status_code == 400 and "cannot be read (call 1:" in r.text


def test_a_blank_offender_is_refused_in_words(hostile_client):
    data = json.loads(Draft.new("lead_out_of_turn").dumps())
    data["case"]["offender"] = ""
    r = hostile_client.post("/new/lead_out_of_turn",
                            data={"draft": json.dumps(data), "action": "rule"})
    assert r.status_code == 400


@pytest.mark.parametrize("kind, case", [
    ("card_in_auction", {"offender": "S", "cards": ["SK", None]}),  # "another card?" yes
    ("fouled_board", {"what": "cards", "changed": ["1-1", None]}),  # "another table?" yes
    ("fouled_board", {"what": "cards", "changed": [{"ns_pair": 1, "ew_pair": 1}]}),
])
def test_a_list_the_questions_are_filling_is_a_draft(kind: str, case: dict[str, Any]) -> None:
    """The lists a flow of questions fills in (cards, tables) hold the place of the next
    one while it is asked: such a draft is read back, not refused."""
    draft = Draft(kind, case)
    assert Draft.loads(draft.dumps()).case == case


def test_a_table_list_of_other_things_is_refused() -> None:
    with pytest.raises(DraftError, match="changed: not a list of tables"):
        Draft.loads(Draft("fouled_board", {"changed": [["1", "1"]]}).dumps())


def test_a_seat_that_is_not_a_seat_is_refused_in_words() -> None:
    """A correction's draft with ``offender: false`` once reached the law module as
    Seat(False): a 500."""
    with pytest.raises(DraftError, match="offender: not a seat"):
        Draft.loads(Draft("opening_lead", {"declarer": "N", "offender": False}).dumps())


@pytest.mark.parametrize("trick", [float("nan"), float("inf"), 2.5, True, "-1", "x", 10**6])
def test_a_count_that_is_not_a_count_is_refused_in_words(trick: Any) -> None:
    """A claim's draft whose trick is not a whole number once reached the law module as
    int(nan): a 500."""
    with pytest.raises(DraftError, match="trick: not a number of tricks or a trick"):
        Draft.loads(Draft("claim", {"declarer": "S", "trick": trick}).dumps())
