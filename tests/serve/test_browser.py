"""The table app as a Director meets it: tapped through in a real browser (Debian's
Chromium driven by Playwright) at a phone's size (390x844) and a desktop's (1280x800),
against ``td-plugin serve`` running as its own process. Each test keeps a screenshot of
where it ended in ``test-artifacts/serve/``.

The worked examples of the source articles, at both sizes: an unintended call (article
000), a change of call that LHO does not accept (article 003), an insufficient bid
replaced by a call the Director judges comparable (article 001), a revoke from the facts
(article 002); the log after the server restarted. The other tests (Danish, a script
typed into a field, an answer changed) tap through the same pages at the phone's size
alone (`PHONE_ONLY`), the Director's device: the desktop's layout of those pages is
already checked by the examples.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("playwright.sync_api", reason="the test extra installs playwright")
from playwright.sync_api import Browser, Page, expect

#: every test drives Chromium through the app: a second or more each
pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts" / "serve"
TOKEN = "browser-test-token"
VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}


class Server:
    """``td-plugin serve`` in its own process, on a free port."""

    def __init__(self, db: Path, *extra: str, token: str | None = TOKEN) -> None:
        self.db = db
        self.extra = (*(("--token", token) if token else ()), *extra)
        self.proc: subprocess.Popen[str] | None = None
        self.url = ""

    def start(self) -> Server:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "td_plugin.cli", "serve", "--db", str(self.db), "--port", "0",
             "--no-qr", *self.extra],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=REPO)
        assert self.proc.stdout is not None
        self.banner = []
        for line in self.proc.stdout:
            self.banner.append(line)
            m = re.search(r"(http://\S+)", line)
            if m:
                self.url = m.group(1)
            if line.startswith("Ctrl-C"):
                return self
        raise AssertionError("the server did not start: " + "".join(self.banner))

    def stop(self) -> str:
        assert self.proc is not None
        self.proc.terminate()
        out, _ = self.proc.communicate(timeout=20)
        return out

    @property
    def base(self) -> str:
        return self.url.split("/?", 1)[0]


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Iterator[Server]:
    """One server for the module's tests (each test's rulings are told apart by their
    board); the restart test has its own."""
    s = Server(tmp_path_factory.mktemp("serve") / "club.td-rulings.sqlite").start()
    yield s
    s.stop()


#: a test that runs at the phone's size alone
PHONE_ONLY = pytest.mark.parametrize("page", ["phone"], indirect=True)


@pytest.fixture(params=list(VIEWPORTS))
def page(request, browser, server) -> Iterator[Page]:
    context = browser.new_context(viewport=VIEWPORTS[request.param])
    pg = context.new_page()
    pg.set_default_timeout(15_000)
    pg.goto(server.url)  # the printed URL, as the QR code gives it
    expect(pg.locator("header")).to_contain_text("Table rulings")
    pg.screenshot_name = f"{request.node.originalname}-{request.param}"  # type: ignore[attr-defined]
    yield pg
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    pg.screenshot(path=str(ARTIFACTS / f"{pg.screenshot_name}.png"), full_page=True)  # type: ignore[attr-defined]
    assert pg.evaluate("document.documentElement.scrollWidth") <= VIEWPORTS[request.param]["width"]
    context.close()


def tap(page: Page, action: str) -> None:
    page.locator(f"button[value='{action}']").first.click()


def enter_calls(page: Page, dealer: str, calls: list[str]) -> None:
    """Tap the dealer, then each call as ``SEAT CALL`` (the seat only when it is not the
    one the app offers next)."""
    tap(page, f"dealer:{dealer}")
    for item in calls:
        seat, call = item.split()
        if "on" not in (page.locator(f"button[value='seat:{seat}']").get_attribute("class") or ""):
            tap(page, f"seat:{seat}")
        tap(page, f"call:{call}")


def answer(page: Page, question: str, value: str) -> None:
    form = page.locator("form.question", has_text=question)
    expect(form).to_be_visible()
    form.locator(f"button[value$=':{value}']").click()


def test_000_unintended_call_then_west_keeps_his_pass(page: Page) -> None:
    """Article 000: North 1♥, East pass, South 2♠ meaning 1♠ (a mechanical error), West
    pass, South corrects to 1♠: 1♠ stands (25A1); West may withdraw his pass (25A6) and
    keeps it."""
    page.get_by_role("link", name="Auction irregularity", exact=True).click()
    page.fill("input[name=board]", "5")
    page.fill("input[name=table]", "3")
    enter_calls(page, "N", ["N 1H", "E Pass", "S 2S", "W Pass", "S 1S"])
    tap(page, "open:2")
    tap(page, "unintended:2")
    expect(page.locator(".calls li").nth(2)).to_contain_text("Unintended (Law 25A)")
    expect(page.locator(".preview")).to_contain_text("Law 25A1")
    page.get_by_role("button", name="Give the ruling").click()
    expect(page.locator("h1")).to_contain_text("Ruling")
    expect(page.locator(".status").first).to_contain_text("waiting for a decision")
    read = page.locator(".read")
    expect(read).to_contain_text("South's 2♠ was unintended")
    expect(read).to_contain_text("(Law 25A1)")
    answer(page, "whether to withdraw West's pass (Law 25A6)", "no")
    expect(page.locator(".status").first).to_contain_text("ruled")
    expect(page.locator(".where")).to_contain_text("Board 5, Table 3 · version 2")
    expect(page.locator(".stands")).to_contain_text("North 1♥, East pass, South 1♠, West pass")
    expect(page.locator(".stands")).to_contain_text("Next to call")


def test_003_change_of_call_west_does_not_accept(page: Page) -> None:
    """Article 003: South opens 1♦ and changes to 1NT on purpose; West does not accept:
    1NT is cancelled and 1♦ stands, no obligation to pass (25B2), 16C, 26B."""
    page.get_by_role("link", name="Auction irregularity", exact=True).click()
    enter_calls(page, "S", ["S 1D", "S 1NT"])
    page.get_by_role("button", name="Give the ruling").click()
    expect(page.locator(".status").first).to_contain_text("waiting for a decision")
    answer(page, "whether to accept South's 1NT (Law 25B1)", "no")
    expect(page.locator(".status").first).to_contain_text("ruled · Laws 25B2, 16C, 26B")
    read = page.locator(".read")
    expect(read).to_contain_text("1NT is cancelled and 1♦ stands")
    expect(read).to_contain_text("no obligation to pass")
    expect(page.locator(".stands")).to_contain_text("declarer may prohibit North")


def test_001_insufficient_bid_replaced_by_a_comparable_double(page: Page) -> None:
    """Article 001 (WBF commentary example): 1♣ - 1♠ - 1♥ insufficient, not accepted;
    South doubles instead, and the Director judges the double comparable: no further
    rectification and no lead restriction (23A, 27B1(b), 26A)."""
    page.get_by_role("link", name="Auction irregularity", exact=True).click()
    board = "21" if page.viewport_size["width"] < 500 else "22"  # one server, two sizes
    page.fill("input[name=board]", board)
    enter_calls(page, "N", ["N 1C", "E 1S", "S 1H"])
    page.get_by_role("button", name="Give the ruling").click()
    answer(page, "West, whether to accept South's 1♥ (Law 27A1)", "no")
    form = page.locator("form.question", has_text="which legal call replaces South's 1♥")
    form.locator("button[value$=':X']").click()
    answer(page, "whether South's double is comparable with South's 1♥ (Law 23A)", "yes")
    expect(page.locator(".status").first).to_contain_text("ruled · Laws 23A, 27B1(b), 26A")
    expect(page.locator(".read")).to_contain_text("there is no lead restriction")
    page.get_by_role("link", name="All rulings").click()
    entry = page.locator("ol.log li", has_text=re.compile(rf"Board {board}\b"))
    expect(entry).to_have_count(1)
    expect(entry).to_contain_text("v4")


@PHONE_ONLY
def test_danish(page: Page) -> None:
    """The same app in Danish, through the same catalogue as the command line."""
    page.get_by_role("link", name="Dansk").click()
    page.get_by_role("link", name="Uregelmæssighed i meldeforløbet", exact=True).click()
    enter_calls(page, "S", ["S 1D", "S 1NT"])
    page.get_by_role("button", name="Afsig kendelsen").click()
    answer(page, "Vest, om Syds 1ut accepteres (§ 25B1)", "no")
    expect(page.locator(".read")).to_contain_text("1ut annulleres, og 1♦ står ved magt")


def test_the_log_after_the_server_restarted(browser: Browser, tmp_path) -> None:
    """A ruling given, the server stopped and started again on the same log: the
    ruling is still there, with its place and status."""
    db = tmp_path / "club.td-rulings.sqlite"
    first = Server(db).start()
    context = browser.new_context(viewport=VIEWPORTS["phone"])
    pg = context.new_page()
    pg.set_default_timeout(15_000)
    try:
        pg.goto(first.url)
        pg.get_by_role("link", name="Auction irregularity", exact=True).click()
        pg.fill("input[name=board]", "12")
        pg.fill("input[name=round]", "4")
        enter_calls(pg, "S", ["S 1D", "S 1NT"])
        pg.get_by_role("button", name="Give the ruling").click()
        expect(pg.locator("h1")).to_contain_text("Ruling 1")
    finally:
        output = first.stop()
    assert TOKEN not in output  # the request log never shows the token
    second = Server(db).start()
    try:
        assert any("1 rulings so far" in line for line in second.banner)
        pg.goto(second.base + "/")  # the browser still has its cookie
        entry = pg.locator("ol.log li")
        expect(entry).to_have_count(1)
        expect(entry).to_contain_text("Board 12, Round 4")
        expect(entry).to_contain_text("waiting for a decision")
        entry.locator("a").click()
        expect(pg.locator(".read")).to_contain_text("South changed his intended 1♦ to 1NT")
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        pg.screenshot(path=str(ARTIFACTS / "log-after-restart-phone.png"), full_page=True)
    finally:
        second.stop()
        context.close()


@PHONE_ONLY
def test_script_typed_into_a_field_stays_text(page: Page, server: Server) -> None:
    """Whatever a field holds is shown as text: a script typed as the call's purpose and
    the table's name never runs."""
    page.get_by_role("link", name="Auction irregularity", exact=True).click()
    page.fill("input[name=table]", "<img src=x onerror=document.title='pwned'>")
    enter_calls(page, "N", ["N 1C", "E 1S", "S 1H"])
    tap(page, "open:2")
    page.fill("input[name=purpose]", "<script>document.title='pwned'</script>")
    tap(page, "meaning:2")
    page.get_by_role("button", name="Give the ruling").click()
    page.get_by_role("link", name="All rulings").click()
    expect(page.locator("ol.log")).to_contain_text("<img src=x")
    assert page.title() != "pwned"
    assert page.locator("ol.log img").count() == 0


def test_002_revoke_from_the_facts_two_tricks_transferred(page: Page) -> None:
    """Article 002's flowchart, one question at a time: East ruffs a diamond at trick 5
    while holding one, wins the trick, and East-West win two more tricks; the revoke was
    established by the next trick and noticed during the round: two tricks go to
    North-South (63A1, 64A1), 4♥ by North makes 12 tricks, +680. Then the Director's
    Law 64C judgement: North-South are sufficiently compensated."""
    page.get_by_role("link", name="Revoke", exact=True).click()
    page.fill("input[name=board]", "7")

    def ask(question: str, value: str, leads: str | None = None) -> None:
        box = page.locator("section.ask")
        expect(box.locator("h2")).to_contain_text(question)
        box.locator(f"button[value$='={value}']").first.click()
        if leads:
            expect(page.locator("ol.trail li").last).to_contain_text(leads)

    ask("What is the contract?", "4H")
    ask("Who is declarer?", "N")
    ask("Who is vulnerable?", "NS")
    ask("How many tricks did declarer take", "10")
    ask("Who revoked?", "E")
    ask("At which trick did East revoke?", "5")
    ask("Which suit was led to trick 5?", "D")
    ask("Which card did East play?", "H5")
    ask("Has a player of East-West since played", "True")
    expect(page.locator("ol.trail")).to_contain_text("Law 63A Established")
    ask("Who of East-West played or named a card to trick 6?", "W")
    ask("Who won trick 5, the revoke trick?", "E")
    expect(page.locator("ol.trail")).to_contain_text("Law 64A1 The offender won the revoke trick")
    ask("How many tricks did East-West win from trick 5 on", "3")
    expect(page.locator("ol.trail li", has_text="When was attention first drawn")).to_contain_text(
        "usual answer")
    expect(page.locator(".preview .status")).to_contain_text("adjusted · Laws 61A, 63A1, 64A1")
    page.get_by_role("button", name="Give the ruling").click()
    expect(page.locator("h1")).to_contain_text("Ruling")
    expect(page.locator(".read")).to_contain_text("two tricks are transferred to North-South "
                                                  "(Law 64A1)")
    stands = page.locator(".stands")
    expect(stands).to_contain_text("4♥ by North: 10 tricks at the table (+620 for North-South)")
    expect(stands).to_contain_text("After the transfer of 2 tricks: 12 tricks, +680")
    expect(page.locator(".status").first).to_contain_text("adjusted")
    form = page.locator("form.question", has_text="Law 64C")
    form.locator("button[value$=':12']").click()  # the result after the ruling: compensated
    expect(page.locator(".where")).to_contain_text("Board 7 · version 2")
    expect(page.locator(".stands")).to_contain_text("sufficiently compensated")


@PHONE_ONLY
def test_002_changing_an_earlier_answer(page: Page) -> None:
    """An answer can be changed: the questions that depended on it are asked again."""
    page.get_by_role("link", name="Revoke", exact=True).click()
    for value in ("4S", "S", "None", "9", "W", "6", "C", "D3", "True", "E", "W"):
        page.locator(f"section.ask button[value$='={value}']").first.click()
    page.locator("ol.trail li", has_text="Has a player of East-West").get_by_role(
        "button", name="Change").click()
    page.locator("section.ask button[value$='=False']").click()
    expect(page.locator("ol.trail")).to_contain_text("Law 62A Not established")
    expect(page.locator("ol.trail")).not_to_contain_text("Who won trick 6")
    expect(page.locator("section.ask h2")).to_contain_text("already faced on the table")
