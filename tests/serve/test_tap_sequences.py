"""Random tap sequences through the table app's pages, as the pages render them (a
property test, hypothesis): each step parses the page's HTML, picks one of the buttons it
shows and posts exactly that button's form (its hidden and typed fields as rendered, and
the button's own name and value), follows the redirect, and checks:

- the draft the page now holds is the one before with exactly what was tapped (a
  reference of what each tap means, written apart from the app's code);
- no answer survived a change of a fact it depended on (a call's acceptance, withdrawal
  or comparable judgement after a change of that call or an earlier one; the 64C
  judgement after a change of a revoke's facts);
- the read-out (the text to read and the laws of the status line) is the structured
  ruling's: its clauses' texts and laws, and for a revoke the score it ends with is the
  ruling's adjusted score.

Sequences cover the auction page (calls, seats, the call's details, undo, the case's
facts), the ruling page (the questions' answers) and its correction, and the revoke's
questions (answers, and changes of earlier answers).
"""

from __future__ import annotations

import copy
import html
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest
from hypothesis import HealthCheck, Phase, given, note, settings
from hypothesis import strategies as st

from td_plugin import messages
from td_plugin.cases.log import RulingLog
from td_plugin.host.manager import PluginHost
from td_plugin.laws.auction.incident import CALL_FIELDS, CASE_FIELDS
from td_plugin.serve.app import AppConfig, create_app, rule_data
from td_plugin.serve.draft import Draft
from tests.serve.conftest import TOKEN, TestClient

SAME = {"sec-fetch-site": "same-origin"}
ANSWER_KEYS = ("accept", "comparable", "withdraw")
#: the case's facts beside the calls that the answers depend on (the declarer and the
#: reading of 32A2(b) decide only Law 26B: a change of them drops no answer)
DEPENDED_ON = ("screens", "opening_lead_faced", "options.cancelled_call_bars_correction")
EQUITY = ("equity_declarer_tricks", "equity_weighted")


@dataclass
class Button:
    """A button as rendered: its name and value, its text, the fields its form posts
    with it, and where it stands: its classes, the call of the list it is inside (its
    place in the list), the label of its row and the legend of its group."""

    name: str
    value: str
    text: str
    action: str
    fields: dict[str, str]
    classes: str = ""
    within: tuple[str, ...] = ()  # the classes of the elements it is inside
    call: int | None = None
    label: str = ""
    legend: str = ""


@dataclass
class _Form:
    action: str
    fields: dict[str, str] = field(default_factory=dict)
    buttons: list[Button] = field(default_factory=list)


_VOID = {"input", "meta", "link", "br", "img", "hr"}


class Page(HTMLParser):
    """The forms, buttons and links of a page, and the texts of its read-out."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.forms: list[_Form] = []
        self.links: list[str] = []
        self.sections: dict[str, list[str]] = {}  # "read", "status": their paragraphs
        self._form: _Form | None = None
        self._button: Button | None = None
        self._open: list[tuple[str, str]] = []  # (tag, class) of the open elements
        self._calls = -1  # the place of the call item open in the list of calls
        self._text: list[str] | None = None  # a paragraph, label or legend being read
        self._label = ""
        self._legend = ""
        self.feed(text)

    def _inside(self, cls: str) -> bool:
        return any(cls in c.split() for _, c in self._open)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        cls = a.get("class", "")
        if tag == "form":
            self._form = _Form(a.get("action", ""))
            self.forms.append(self._form)
        elif tag == "input" and self._form is not None and a.get("name"):
            self._form.fields[a["name"]] = a.get("value", "")
        elif tag == "button" and self._form is not None:
            in_calls = self._inside("calls") and any(t == "li" for t, _ in self._open)
            self._button = Button(a.get("name", ""), a.get("value", ""), "", self._form.action,
                                  self._form.fields, cls, tuple(c for _, c in self._open),
                                  self._calls if in_calls else None, self._label,
                                  self._legend)
        elif tag == "a" and a.get("href"):
            self.links.append(a["href"])
        elif tag == "li" and self._inside("calls"):
            self._calls += 1
        elif tag == "div" and "row" in cls.split():
            self._label = ""
        elif tag == "fieldset":
            self._legend = ""
        if tag in ("p", "legend") or (tag == "span" and self._inside("row")
                                      and not self._label and self._button is None):
            self._text = []
        if tag not in _VOID:
            self._open.append((tag, cls))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._form = None
        elif tag == "button" and self._button is not None and self._form is not None:
            self._button.text = self._button.text.strip()
            self._form.buttons.append(self._button)
            self._button = None
        elif tag == "fieldset":
            self._legend = ""
        elif tag == "div":
            self._label = ""
        if self._text is not None and tag in ("p", "legend", "span"):
            text = " ".join("".join(self._text).split())
            self._text = None
            if tag == "legend":
                self._legend = text
            elif tag == "span":
                self._label = text
            elif self._inside("read"):
                self.sections.setdefault("read", []).append(text)
            elif any(c.startswith("status") for _, c in self._open[-1:]):
                self.sections.setdefault("status", []).append(text)
        while self._open:
            opened, _ = self._open.pop()
            if opened == tag:
                break

    def handle_data(self, data: str) -> None:
        if self._button is not None:
            self._button.text += data
        if self._text is not None:
            self._text.append(data)

    @property
    def buttons(self) -> list[Button]:
        return [b for f in self.forms for b in f.buttons if b.name]


# --- what a button means, from what it shows and where --------------------------------

def _en(key: str) -> str:
    return messages.render(key, {}, "en")


SEAT_NAMES = {_en(f"seat.{s}"): s for s in "NESW"}
SUIT_SYMBOLS = {"\u2660": "S", "\u2665": "H", "\u2666": "D", "\u2663": "C"}
CALL_LABELS = {_en(f"app.field.{f.key}"): f for f in CALL_FIELDS}
CASE_LABELS = {_en(f"app.field.{f.key}"): f for f in CASE_FIELDS}
BOOL_TEXTS = {_en("app.yes"): "true", _en("app.no"): "false", _en("app.unsaid"): ""}


def _label_key(label: str, fields: dict[str, Any]) -> Any:
    """The field a row's label names (the label may end with its law and a colon)."""
    return next((f for name, f in fields.items() if label.startswith(name)), None)


def _choice_value(f: Any, b: Button) -> str:
    on = "on" in b.classes.split()
    if f.input == "bool":
        return BOOL_TEXTS[b.text]
    if f.input == "seat":
        return "" if on else SEAT_NAMES[b.text]
    value = next(c.value for c in f.choices if _en(f"app.field.{f.key}.{c.value}") == b.text)
    return "" if on else value


def meant(b: Button) -> str | None:
    """The tap a button of the auction page means, by what it shows and where it stands
    (None: a button this reference does not read)."""
    if "box" in b.within:
        text = b.text
        for symbol, suit in SUIT_SYMBOLS.items():
            text = text.replace(symbol, suit)
        return f"call:{text}"
    if "who" in " ".join(b.within):
        return f"seat:{SEAT_NAMES[b.text]}"
    if b.legend == _en("app.dealer"):
        return f"dealer:{SEAT_NAMES[b.text]}"
    if b.call is not None:
        i = b.call
        if "call-item" in b.classes:
            return f"open:{i}"
        if "toggle" in b.classes:
            return f"unintended:{i}"
        if b.label.startswith(_en("app.call.shows")):
            suit = SUIT_SYMBOLS.get(b.text)
            return f"shows:{i}:{suit or 'natural'}"
        f = _label_key(b.label, CALL_LABELS)
        if f is not None:
            return f"callset:{i}:{f.key}={_choice_value(f, b)}"
        return None
    if "fact" in " ".join(b.within):
        f = _label_key(b.label, CASE_LABELS)
        if f is not None:
            return f"set:{f.key}={_choice_value(f, b)}"
    if b.text == _en("app.undo"):
        return "undo"
    return None


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    path = tmp_path_factory.mktemp("taps") / "rulings.sqlite"
    with RulingLog(path) as log:
        served = create_app(AppConfig(log=log, host=PluginHost(load_entrypoints=False),
                                      token=TOKEN))
        with TestClient(served, base_url="http://testserver") as c:
            c.get(f"/?token={TOKEN}", headers={"accept": "text/html"})
            yield c


def post(client: TestClient, button: Button) -> tuple[str, str]:
    """Tap ``button``: its form's fields as rendered, and its own name and value. The
    page after the redirect, and its address."""
    r = client.post(button.action, data={**button.fields, button.name: button.value},
                    headers=SAME, follow_redirects=False)
    assert r.status_code in (303, 403), r.text[:300]
    assert r.status_code == 303, "a rendered button was refused"
    shown = client.get(r.headers["location"])
    return shown.text, r.headers["location"]


def draft_of(page: Page, location: str) -> Draft:
    """The draft the page holds, which is the draft of its address."""
    draft = Draft.loads(next(f.fields["draft"] for f in page.forms if "draft" in f.fields))
    packed = parse_qs(urlparse(location).query).get("draft")
    if packed:
        assert Draft.unpack(packed[0]).dumps() == draft.dumps()
    return draft


def error_of(text: str) -> str | None:
    m = re.search(r'role="alert">([^<]*)<', text)
    return html.unescape(m.group(1)) if m else None


# --- what a tap means (the reference) --------------------------------------------------

def expanded(calls: list[Any]) -> list[dict[str, Any]]:
    out = []
    for c in calls:
        if isinstance(c, str):
            seat, _, call = c.partition(" ")
            c = {"seat": seat, "call": call}
        out.append(dict(c))
    return out


def without_answers(calls: list[dict[str, Any]], first: int) -> None:
    for c in calls[first:]:
        for k in ANSWER_KEYS:
            c.pop(k, None)


def expected_auction(before: Draft, action: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The case's facts and calls a tap on the auction page should leave."""
    case = copy.deepcopy(before.case)
    calls = expanded(case.pop("calls", []))
    verb, _, arg = action.partition(":")
    case_answers_go = False
    if verb == "call" and not before.final:
        calls.append({"seat": before.seat or case.get("dealer", "N"), "call": arg})
    elif verb == "undo" and not before.final:
        calls = calls[:-1]
    elif verb == "dealer":
        if case.get("dealer") != arg:
            without_answers(calls, 0)
            case_answers_go = True
        case["dealer"] = arg
    elif verb == "unintended":
        i = int(arg)
        if calls[i].pop("unintended", None) is None:
            calls[i]["unintended"] = True
        without_answers(calls, i)
        case_answers_go = True
    elif verb == "shows":
        index, _, suit = arg.partition(":")
        i = int(index)
        old = calls[i].get("shows")
        if suit == "natural":
            calls[i].pop("shows", None)
        else:
            shown = set(old or []) ^ {suit}
            calls[i]["shows"] = [s for s in "SHDC" if s in shown]
        if calls[i].get("shows") != old:
            without_answers(calls, i)
            case_answers_go = True
    elif verb == "callset":
        index, _, rest = arg.partition(":")
        i = int(index)
        key, _, value = rest.partition("=")
        old = calls[i].get(key)
        new: Any = {"true": True, "false": False}.get(value, value) if value else None
        if new is None:
            calls[i].pop(key, None)
        else:
            calls[i][key] = new
        if new != old:
            answers = {k: calls[i][k] for k in ANSWER_KEYS if k in calls[i]}
            without_answers(calls, i if key not in ANSWER_KEYS else i + 1)
            calls[i].update(answers if key in ANSWER_KEYS else {})
            case_answers_go = key not in ANSWER_KEYS
    elif verb == "set":
        key, _, value = arg.partition("=")
        head, _, tail = key.partition(".")
        where = case.setdefault(head, {}) if tail else case
        name = tail or head
        old = where.get(name)
        new = {"true": True, "false": False}.get(value, value) if value else None
        if new is None:
            where.pop(name, None)
            if tail and not where:
                case.pop(head)
        else:
            where[name] = new
        if new != old and key in DEPENDED_ON:
            without_answers(calls, 0)
            case_answers_go = True
    elif verb == "vulnerable":
        case["vulnerable"] = arg
    if case_answers_go:
        for k in ("accept", "comparable"):
            if not action.startswith(f"set:{k}="):
                case.pop(k, None)
    return case, calls


def check_auction_tap(before: Draft, action: str, after: Draft) -> None:
    case, calls = expected_auction(before, action)
    got = copy.deepcopy(after.case)
    got_calls = expanded(got.pop("calls", []))
    assert got_calls == calls, action
    assert {k: v for k, v in got.items() if k != "final_auction"} == \
        {k: v for k, v in case.items() if k != "final_auction"}, action
    verb, _, arg = action.partition(":")
    if verb == "seat":
        assert after.seat == arg
    if verb == "call" and not before.final:
        assert calls[-1]["seat"] == (before.seat or before.case.get("dealer", "N"))


# --- the read-out is the structured ruling's --------------------------------------------

def check_read_out(client: TestClient, page: Page, case: dict[str, Any]) -> None:
    """The text to read and the status line's laws are the ruling's, as the engine gives
    it for the case the page holds; a revoke's read-out ends with its adjusted score."""
    read = page.sections.get("read")
    if read is None:
        return
    host = client.app.app.state.config.host
    _, ruling = rule_data(host, case, "en")
    status = page.sections["status"][0]
    laws = messages.laws_ref(list(ruling["laws"]), "en")
    assert status.endswith(laws) if laws else "·" not in status
    if ruling.get("kind") == "revoke":
        texts = [r["text"] for r in ruling["revokes"]]
        assert read[:len(texts)] == texts
        equity = ruling.get("equity") or {}
        if equity.get("judgement") is not None:
            assert read[len(texts):] == [equity["text"].split("\n")[-1]] or \
                read[-1] in equity["text"]
        score = ruling.get("adjusted_score_ns")
        scores = re.findall(r"([+-]\d+) for North-South", " ".join(read))
        if score is not None and ruling.get("transfer"):
            assert scores[-1] == f"{score:+d}"
        elif equity.get("judgement") is None:
            assert not scores
    else:
        assert read == [c["text"] for c in ruling["clauses"]]


# --- the sequences ------------------------------------------------------------------------

AUCTION_VERBS = ("call", "call", "call", "seat", "open", "open", "undo", "set", "dealer",
                 "rule")
#: while a call is open: its details
DETAIL_VERBS = ("unintended", "shows", "shows", "callset", "callset", "callset", "open",
                "call")


class Taps:
    """The Director's choices, drawn from a random source hypothesis gives each example
    (so every choice is as likely as any other), each tap noted for the report of a
    failing sequence."""

    def __init__(self, rnd: random.Random) -> None:
        self.rnd = rnd

    def choice(self, items: list[Any]) -> Any:
        return self.rnd.choice(items)

    def count(self, low: int, high: int) -> int:
        return self.rnd.randint(low, high)

    def button(self, buttons: list[Button], verbs: tuple[str, ...]) -> Button:
        """One of the page's buttons: a kind of tap among those the page offers
        (``verbs`` listed more than once weigh more), then one button of that kind."""
        offered = {b.value.partition(":")[0] for b in buttons}
        verb = self.choice([v for v in verbs if v in offered])
        button = self.choice([b for b in buttons if b.value.partition(":")[0] == verb])
        note(f"tap {button.value} ({button.text})")
        return button


#: no shrinking: a failing sequence is reported as drawn (shrinking one re-runs the app
#: hundreds of times)
PHASES = (Phase.explicit, Phase.reuse, Phase.generate)


@settings(max_examples=12, deadline=None, derandomize=True, phases=PHASES,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(rnd=st.randoms(use_true_random=False))
def test_auction_taps_keep_what_was_tapped(app: TestClient, rnd: random.Random) -> None:
    taps = Taps(rnd)
    text = app.get("/new/auction").text
    location = "/new/auction"
    for _ in range(taps.count(6, 20)):
        page = Page(text)
        if "/rulings/" in location and "/edit" not in location:  # the ruling's page
            check_ruling_page(app, page, location)
            answers = [b for b in page.buttons if b.name == "answer"]
            if answers and taps.count(0, 1):
                text, location = post(app, taps.choice(answers))
                continue
            location = next(h for h in page.links if h.endswith("/edit"))
            text = app.get(location).text
            continue
        before = draft_of(page, location)
        details = any(b.value.startswith("shows:") for b in page.buttons)
        button = taps.button(page.buttons, DETAIL_VERBS if details else AUCTION_VERBS)
        if button.value != "rule":  # the button names what it shows it changes
            assert meant(button) == button.value, button
        text, location = post(app, button)
        if button.value == "rule" and error_of(text) is None:
            assert "/rulings/" in location
            continue
        assert error_of(text) is None or button.value == "rule", (button.value, error_of(text))
        page = Page(text)
        after = draft_of(page, location)
        check_auction_tap(before, button.value, after)
        if button.value.startswith("unintended:") or any(
                f":{k}=" in button.value for k in ANSWER_KEYS):  # a decision on a call
            check_next_caller(app, before, button.value, after)
        check_read_out(app, page, after.case)


def check_next_caller(client: TestClient, before: Draft, action: str, after: Draft) -> None:
    """After a decision the bidding box enters the call of the player the Laws call on
    (the ruling's next to call), where the ruling says who; a call just marked
    unintended whose caller has not called since: its caller, who corrects it (25A1)."""
    host = client.app.app.state.config.host
    try:
        _, ruling = rule_data(host, after.case, "en")
    except ValueError:  # not a case yet: the seat stays, or the unintended call's caller
        index = int(action.partition(":")[2]) if action.startswith("unintended:") else None
        calls = expanded(after.case.get("calls") or [])
        if index is not None and calls[index].get("unintended") and all(
                c["seat"] != calls[index]["seat"] for c in calls[index + 1:]):
            assert after.seat == calls[index]["seat"]
        else:
            assert after.seat == before.seat
        return
    assert after.seat == (ruling["next"] or before.seat)


def check_ruling_page(client: TestClient, page: Page, location: str) -> None:
    """The ruling's page reads out the logged ruling of its case."""
    ruling_id = urlparse(location).path.rsplit("/", 1)[1]
    entry = client.get(f"/api/rulings/{ruling_id}").json()["versions"][-1]
    check_read_out(client, page, entry["case"])


@settings(max_examples=6, deadline=None, derandomize=True, phases=PHASES,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(rnd=st.randoms(use_true_random=False))
def test_revoke_answers_keep_what_was_tapped(app: TestClient, rnd: random.Random) -> None:
    """A revoke answered to the end and ruled, the 64C judgement given on the ruling's
    page, then corrected: earlier answers changed and the questions answered again,
    ruled again; four rounds. Facts that cannot all be true are refused with the reason
    when the ruling is asked for, and the next round changes some of them."""
    taps = Taps(rnd)
    text, location = app.get("/new/revoke").text, "/new/revoke"
    for _ in range(4):
        changes = taps.count(1, 3) if "/edit" in location or error_of(text) else 0
        for _ in range(changes):
            text, location = tap_revoke(app, text, location, taps, ("change", "answer"))
        for _ in range(60):  # every question answered (a change asks again what it drops)
            page = Page(text)
            if not any(b.value.startswith("answer:") for b in page.buttons):
                break
            text, location = tap_revoke(app, text, location, taps, ("answer",))
        rule = [b for b in Page(text).buttons if b.value == "rule"]
        assert rule, ("every question answered, and no ruling to give", location)
        text, location = post(app, rule[0])
        if error_of(text) is not None:  # facts that cannot all be true: said so, and
            continue  # the Director changes one of them
        page = Page(text)
        check_ruling_page(app, page, location)
        equity = [b for b in page.buttons if b.name == "answer"]
        if equity:
            text, location = post(app, taps.choice(equity))
            check_ruling_page(app, Page(text), location)
        location = next(h for h in Page(text).links if h.endswith("/edit"))
        text = app.get(location).text


def tap_revoke(app: TestClient, text: str, location: str, taps: Taps,
               verbs: tuple[str, ...]) -> tuple[str, str]:
    """One tap on a revoke's page, checked: the answer is where its question puts it, a
    judgement given on other facts is gone, the read-out is the ruling's."""
    page = Page(text)
    before = draft_of(page, location)
    button = taps.button(page.buttons, verbs)
    text, location = post(app, button)
    assert error_of(text) is None, (button.value, error_of(text))
    page = Page(text)
    after = draft_of(page, location)
    if button.value.startswith("answer:"):
        check_revoke_answer(before, button.value, after)
    facts = {k: v for k, v in before.case.items() if k not in EQUITY}
    if {k: v for k, v in after.case.items() if k not in EQUITY} != facts:
        assert not any(k in after.case for k in EQUITY)  # judged on other facts
    else:
        assert all(after.case.get(k) == before.case.get(k) for k in EQUITY)
    check_read_out(app, page, after.case)
    return text, location


def check_revoke_answer(before: Draft, action: str, after: Draft) -> None:
    """The answer tapped is in the case, where its question puts it."""
    from td_plugin.laws.facts import MORE, parse_answer
    from td_plugin.serve.draft import question_key, questions_of

    key, _, value = action.partition(":")[2].partition("=")
    _, asked = questions_of(before)
    assert asked is not None and question_key(asked) == key
    if asked.id == MORE:
        assert after.finished == (value.lower() != "true")
        return
    answer = parse_answer(asked, value)
    if asked.revoke is None:
        assert after.case[asked.field] == answer
    else:
        assert after.case["revokes"][asked.revoke][asked.field] == answer
