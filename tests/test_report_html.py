"""The HTML report (``td-plugin audit --html``): structure, escaping, both languages, and
the page as a phone's browser draws it.

The records are built by hand: 4♠ by South, board 7. East holds the ♠7 but discards the
♦8 on North's ♠K at trick 2 (a revoke, Law 61A); East plays the ♠7 to trick 3, which
establishes it (63A1). North won trick 2, East-West won trick 5 later: one trick is
transferred (64A2) when attention is drawn in time.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from lxml import html as lxml_html

from td_plugin.audit.reports.html_report import render_html
from td_plugin.errors import Location
from td_plugin.messages import MissingMessageError, Msg
from td_plugin.model.auction import Auction, AuctionEntry, Call
from td_plugin.model.board import BoardRecord, RecordProblem, Vulnerability
from td_plugin.model.cards import Card, Seat, Side, Suit
from td_plugin.model.contract import Contract
from td_plugin.model.deal import Deal
from td_plugin.model.findings import Finding
from td_plugin.model.outcomes import ArtificialScore, AssignedResult, WeightedScore
from td_plugin.model.play import Play, PlayedCard, Trick
from td_plugin.model.revoke_outcome import EquityFigures, EquityUnavailable, Proposal, RevokeOutcome
from td_plugin.model.rulings import Clause, Ruling
from tests.browser import png_colours, png_size, render

DEAL = "N:KQ4.A32.KQJ5.765 7.KQJ9.AT98.QJ98 AJT983.54.7.AK43 652.T876.6432.T2"
PLAY = ["HT", "HA", "H9", "H4", "SK", "D8", "S3", "S2", "SQ", "S7", "S8", "S5", "S4", "C8", "SA",
        "S6", "D7", "D2", "DK", "DA", "HK", "H5", "H7", "H3", "HQ", "S9", "H8", "D5"]
PLAYERS = {Seat.N: 'Ann "Boss" <b>Smith</b> & Co', Seat.E: "Søren Ærø",
           Seat.S: "O'Brien", Seat.W: "<script>alert(1)</script>"}


def revoke_record(**changes: object) -> BoardRecord:
    record = BoardRecord(
        board=7, dealer=Seat.S, vulnerability=Vulnerability.ALL, deal=Deal.from_pbn(DEAL),
        auction=Auction.from_calls(Seat.S, "1S Pass 2NT Pass 4S AP"),
        play=Play.from_played_order(Seat.W, PLAY, Suit.S, claimed=True,
                                    claim_declarer_tricks=10),
        contract=Contract.from_pbn("4S", "S"), declarer_tricks=10, score_ns=620,
        players=PLAYERS, section="A", table="3", round=2, ns_pair="4", ew_pair="12",
        location=Location("session/club.pbn", 118, 7, 7))
    return record.evolve(**changes)


REVOKE = RevokeOutcome(suit_led=Suit.S, established=True, transfer=1, transfer_if_timely=1,
                       exception=None, declarer_tricks=10, score_ns=620,
                       adjusted_declarer_tricks=11, adjusted_score_ns=650)


def revoke_finding() -> Finding:
    nos = {"nos": Msg("side.NS")}
    ruling = Ruling(
        clauses=(Clause("63A1", "revoke.established.next_trick",
                        {"by": Msg("seat.E"), "next": 3}),
                 Clause("64A2", "revoke.decision.64A2", {"transfer": 1}, nos)),
        outcome=AssignedResult(Contract.from_pbn("4S", "S"), 11, 650),
        key="revoke.decision.64A2", params=nos)
    return Finding(
        kind="revoke", key="revoke.finding",
        params={"offender": "<West & co>", "trick": 2, "card": "♦8",
                "suit": Msg("suitname.S"), "held": "♠7", "law": "Law 64A2"},
        law="64A2", board=7, record=7, path="session/club.pbn", line=118, ruling=ruling,
        seat=Seat.E, trick=2, card=Card.from_pbn("D8"), revoke=REVOKE,
        data=REVOKE.to_json(Seat.E, 2, Card.from_pbn("D8")))


def with_outcome(finding: Finding, **changes: object) -> Finding:
    """``finding``, a revoke's, with its outcome changed (and its JSON data with it)."""
    assert finding.revoke is not None and finding.seat is not None
    assert finding.trick is not None and finding.card is not None
    outcome = replace(finding.revoke, **changes)
    return replace(finding, revoke=outcome,
                   data=outcome.to_json(finding.seat, finding.trick, finding.card))


#: the 64C figures of East's revoke, double dummy: the transfer falls one trick short
SHORT = EquityFigures(clause="64C1", trick=2, seat=Seat.E, best_card=Card.from_pbn("D4"),
                      nos=Side.NS, nos_tricks_before=0, nos_tricks_double_dummy=11,
                      prior_transfer=0, equity_declarer_tricks=11, table_declarer_tricks=10,
                      insufficient=True, proposal=Proposal(11, 650))


def score_finding(**changes: object) -> Finding:
    params = {"recorded": 600, "contract": "4♠", "declarer": Msg("seat.N"), "tricks": 10,
              "vul": Msg("vul.no"), "expected": 620}
    return Finding(kind="score_mismatch", key="consistency.score_mismatch", params=params,
                   **changes)


def page(lang: str = "en", items: list | None = None, **kw: object) -> str:
    items = [(revoke_record(), [revoke_finding()])] if items is None else items
    return render_html(items, title="Club pairs <Monday>", lang=lang, **kw)


def tree(text: str) -> lxml_html.HtmlElement:
    return lxml_html.document_fromstring(text)


def texts(elements: list) -> list[str]:
    return [" ".join(e.text_content().split()) for e in elements]


# -- structure --------------------------------------------------------------------------

def test_64a2_revoke_card_of_offender_highlighted_at_its_trick() -> None:
    doc = tree(page())
    revoked = doc.xpath('//table[@class="play"]//td[contains(@class,"revoke")]')
    assert len(revoked) == 1
    cell = revoked[0]
    assert cell.get("data-revoke") == "detected"
    assert cell.xpath('string(.//span[@class="who"])') == "E"
    assert "♦8" in cell.text_content()
    row = cell.getparent()
    assert row.get("class") == "revoke-trick"
    assert row.xpath("string(th)") == "2"
    # only the revoke trick is marked
    assert len(doc.xpath('//tr[@class="revoke-trick"]')) == 1
    # the offender's hand is marked in the diagram
    assert doc.xpath('//div[contains(@class,"hand-e")]/@class') == ["hand hand-e offender"]


def test_61_play_trick_by_trick_with_leader_winner_and_running_count() -> None:
    doc = tree(page())
    rows = doc.xpath('//table[@class="play"]/tbody/tr')
    assert len(rows) == 7
    first = rows[0].xpath("td")
    assert texts(first[:4]) == ["W♥10", "N♥A", "E♥9", "S♥4"]
    assert "lead" in first[0].get("class")
    assert [c.get("class") for c in first[:4]].count("win") == 1 and "win" in first[1].get("class")
    assert texts(first[4:]) == ["N", "1–0"]
    # trick 5 is led by South (won trick 4) and won by East's ♦A
    fifth = rows[4].xpath("td")
    assert texts(fifth) == ["S♦7", "W♦2", "N♦K", "E♦A", "E", "4–1"]
    assert texts(rows[6].xpath("td"))[-2:] == ["S", "5–2"]
    claim = doc.xpath('string(//p[@class="claim"])')
    assert claim == "Claim: declarer takes 10 tricks in all"


def test_64a2_ruling_text_and_clauses_cited_in_english() -> None:
    doc = tree(page())
    assert doc.xpath('string(//section[contains(@class,"kind-revoke")]/h3)') == "Revoke · Law 64A2"
    # the ruling is said once: its text, then the clauses it applies by number
    assert doc.xpath('string(//p[@class="ruling-text"])') == (
        "The offender did not win the revoke trick, but the offending side won that trick or "
        "a later one: one trick is transferred to North-South (Law 64A2).")
    assert texts(doc.xpath('//p[@class="clauses"]')) == ["Clauses applied: Law 63A1 · Law 64A2"]
    assert page().count("one trick is transferred to North-South") == 1
    # the adjusted result says which figure applies: here the automatic transfer
    adjusted = dict(zip(texts(doc.xpath('//div[@class="adjusted"]//dt')),
                        texts(doc.xpath('//div[@class="adjusted"]//dd'))))
    assert adjusted == {
        "At the table": "10 tricks, +620 for North-South",
        "After the automatic transfer": "11 tricks, +650 for North-South",
        "Applies": "11 tricks, +650 for North-South: the automatic transfer (Law 64A2)"}
    facts = dict(zip(texts(doc.xpath('//dl[@class="facts"]/dt')),
                     texts(doc.xpath('//dl[@class="facts"]/dd'))))
    assert facts == {"Offender": "East", "Trick": "2", "Suit led": "♠", "Card played": "♦8",
                     "Established": "yes", "Tricks transferred": "1",
                     "Transfer had attention been drawn in time": "1"}


def test_64a2_ruling_in_danish_cites_paragraphs_with_danish_labels() -> None:
    text = page("da")
    doc = tree(text)
    assert doc.get("lang") == "da"
    assert doc.xpath('string(//section[contains(@class,"kind-revoke")]/h3)') == \
        "Kulørsvigt · § 64A2"
    assert texts(doc.xpath('//p[@class="clauses"]')) == [
        "Anvendte paragraffer: § 63A1 · § 64A2"]
    headings = texts(doc.xpath("//article//h3"))
    for label in ("Kort", "Meldeforløb", "Spilforløb"):
        assert label in headings
    assert "Kendelse" in texts(doc.xpath("//article//h4"))
    assert doc.xpath('string(//p[@class="ruling-text"])').endswith(
        "ét stik overføres til Nord-Syd (§ 64A2).")
    # Danish seats: West is V, East is Ø; auction columns V N Ø S
    assert texts(doc.xpath('//table[@class="auction"]/thead/tr/th')) == ["V", "N", "Ø", "S"]
    revoked = doc.xpath('//td[contains(@class,"revoke")]//span[@class="who"]')
    assert texts(revoked) == ["Ø"]
    assert "1UT" not in text and "2UT" in text


def test_player_names_and_message_params_are_escaped() -> None:
    text = page()
    assert "<script>" not in text and "<b>Smith</b>" not in text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text
    doc = tree(text)
    assert not doc.xpath("//script") and not doc.xpath("//article//b[.='Smith']")
    names = texts(doc.xpath('//div[contains(@class,"hand")]//span[@class="name"]'))
    assert names == ['Ann "Boss" <b>Smith</b> & Co', "Søren Ærø", "O'Brien",
                     "<script>alert(1)</script>"]
    assert doc.xpath('string(//p[@class="text"])') == (
        "Revoke by <West & co> at trick 2: ♦8 to a trick led in spades while holding ♠7 "
        "(Law 64A2).")
    assert doc.xpath("string(//title)") == "Club pairs <Monday>"


def test_page_is_self_contained_utf8_and_mobile() -> None:
    text = page()
    assert text.startswith("<!DOCTYPE html>")
    head = text[:text.index("</head>")]
    assert head.index('<meta charset="utf-8">') < head.index("<title>")
    assert 'name="viewport" content="width=device-width, initial-scale=1"' in head
    doc = tree(text)
    assert not doc.xpath("//script|//link|//img|//iframe|//@src")
    assert all(href.startswith("#") for href in doc.xpath("//@href"))
    assert "http://" not in text and "https://" not in text and "@import" not in text


def test_deal_diagram_compass_with_suits_red_and_accessible() -> None:
    doc = tree(page())
    north = doc.xpath('//div[contains(@class,"hand-n")]')[0]
    assert north.get("aria-label") == "North"
    assert texts(north.xpath('.//ul[@class="suits"]/li')) == ["♠ KQ4", "♥ A32", "♦ KQJ5", "♣ 765"]
    south = doc.xpath('//div[contains(@class,"hand-s")]//ul[@class="suits"]/li')
    assert texts(south)[0] == "♠ AJ10983"
    hearts = north.xpath('.//span[@aria-label="hearts"]')[0]
    assert hearts.get("class") == "sym red" and hearts.get("role") == "img"
    spades = north.xpath('.//span[@aria-label="spades"]')[0]
    assert spades.get("class") == "sym"
    centre = " ".join(doc.xpath('//div[@class="centre"]//text()'))
    assert "Board 7" in centre and "Dealer S" in centre and "Vulnerable All" in centre


def test_deal_diagram_shows_void_and_unknown_hand() -> None:
    deal = Deal.from_pbn("N:AKQJT98765432... - - -")
    record = BoardRecord(board=1, deal=deal)
    finding = Finding(kind="deal_invalid", key="consistency.deal_invalid",
                      params={"reason": "East has no cards"}, board=1)
    doc = tree(render_html([(record, [finding])], title="t"))
    north = texts(doc.xpath('//div[contains(@class,"hand-n")]//li'))
    assert north == ["♠ AKQJ1098765432", "♥ —", "♦ —", "♣ —"]
    assert texts(doc.xpath('//div[contains(@class,"hand-e")]//p[@class="unknown"]')) == ["unknown"]


def test_auction_starts_in_the_dealers_column() -> None:
    doc = tree(page())
    assert texts(doc.xpath('//table[@class="auction"]/thead/tr/th')) == ["W", "N", "E", "S"]
    assert doc.xpath('//table[@class="auction"]/thead/tr/th[@class="dealer"]/text()') == ["S"]
    rows = [texts(r.xpath("td")) for r in doc.xpath('//table[@class="auction"]/tbody/tr')]
    assert rows == [["", "", "", "1♠"], ["Pass", "2NT", "Pass", "4♠"],
                    ["Pass", "Pass", "Pass"]]


def test_auction_notes_alerts_and_recorded_irregularities() -> None:
    entries = (AuctionEntry(Call.from_pbn("1NT"), notes=(1,)),
               AuctionEntry(Call.from_pbn("2C"), alert="Landy: <both majors>"),
               AuctionEntry(None, skipped=True),
               AuctionEntry(Call.from_pbn("1S"), insufficient=True),
               AuctionEntry(Call.PASS, notes=(1,)))
    record = BoardRecord(board=3, auction=Auction(Seat.W, entries, truncated=True),
                         auction_notes={1: "15-17 & balanced"})
    finding = Finding(kind="auction_illegal", key="consistency.auction_illegal", board=3,
                      params={"index": 4, "call": "1♠", "seat": Msg("seat.N"),
                              "reason": Msg("auction.insufficient"), "law": "27"})
    doc = tree(render_html([(record, [finding])], title="t"))
    cells = doc.xpath('//table[@class="auction"]/tbody//td')
    assert texts(cells[:1]) == ["1NT1"]
    assert cells[1].get("class") == "alerted"
    assert cells[2].get("class") == "skipped"
    assert cells[3].get("class") == "insufficient"
    assert cells[-1].get("class") == "stop"
    assert texts(doc.xpath('//ol[@class="notes"]/li')) == ["1 15-17 & balanced",
                                                         "a Landy: <both majors>"]
    assert doc.xpath('//p[@class="stop"]')


def test_pbn_revoke_marker_highlighted_without_a_finding_for_it() -> None:
    record = revoke_record()
    tricks = list(record.play.tricks)
    marked = tuple(PlayedCard(pc.seat, pc.card, "R") if pc.seat is Seat.E else pc
                   for pc in tricks[1].cards)
    tricks[1] = Trick(marked)
    record = record.evolve(play=Play(tuple(tricks), claimed=True))
    finding = score_finding(board=7)
    doc = tree(render_html([(record, [finding])], title="t"))
    cell = doc.xpath('//td[contains(@class,"revoke")]')
    assert len(cell) == 1 and cell[0].get("data-revoke") == "marked"
    assert cell[0].get("data-marker") == "R"
    assert "♦8" in cell[0].text_content()
    assert not doc.xpath('//tr[@class="revoke-trick"]')  # no revoke finding for that trick


def test_other_finding_kinds_show_header_text_and_what_the_record_has() -> None:
    record = BoardRecord(board=12, contract=Contract.from_pbn("4S", "N"), declarer_tricks=10,
                         score_ns=600, section="B", location=Location("x.pbn", 40, 12, 3),
                         problems=(RecordProblem("Score 600 <> 620", Location("x.pbn", 41)),))
    finding = score_finding(board=12, record=3, path="x.pbn", line=40)
    doc = tree(render_html([(record, [finding])], title="t", lang="en"))
    assert doc.xpath('string(//article/h2)') == "Board 12"
    assert doc.xpath('string(//section[contains(@class,"kind-score-mismatch")]/h3)') == \
        "Score does not match the result"
    assert doc.xpath('string(//p[@class="text"])') == (
        "The score is 600 for North-South, but 4♠ by North with 10 tricks not vulnerable "
        "scores 620.")
    assert doc.xpath('string(//dd[@class="source"])') == "x.pbn, record 3, line 40"
    assert texts(doc.xpath('//section[@class="problems"]//li')) == ["Score 600 <> 620"]
    assert "No deal record." in texts(doc.xpath("//section/p"))
    assert "No play record." in texts(doc.xpath("//section/p"))
    assert not doc.xpath('//div[@class="ruling"]')


def test_finding_about_no_single_record_in_danish() -> None:
    finding = Finding(kind="missing_result", key="movement.missing_result", board=5,
                      params={"board": 5, "table": 2, "round": 3, "ns_pair": 4, "ew_pair": 9})
    doc = tree(render_html([(None, [finding])], title="t", lang="da"))
    assert doc.xpath("string(//article/h2)") == "Spil 5"
    assert doc.xpath('string(//section[contains(@class,"kind-missing-result")]/h3)') == \
        "Manglende resultat"
    assert "Intet spilforløb registreret." in texts(doc.xpath("//section/p"))


@pytest.mark.parametrize("lang", ["en", "da"])
def test_a_text_missing_from_the_catalogue_is_an_error_not_its_key(lang: str) -> None:
    unknown_key = Finding(kind="revoke", key="no.such.text", board=7)
    with pytest.raises(MissingMessageError, match=rf"'no\.such\.text' in language '{lang}'"):
        render_html([(revoke_record(), [unknown_key])], title="t", lang=lang)
    unknown_kind = replace(score_finding(board=7), kind="no_such_kind")
    with pytest.raises(MissingMessageError, match=r"'kind\.no_such_kind'"):
        render_html([(revoke_record(), [unknown_kind])], title="t", lang=lang)


def test_highlights_card_of_a_card_not_held_finding() -> None:
    finding = Finding(kind="card_not_held", key="consistency.card_not_held", board=7,
                      params={"trick": 5, "seat": Msg("seat.W"), "card": "♦2",
                              "why": "which West does not hold", "more": "", "hint": ""},
                      seat=Seat.W, trick=5, card=Card.from_pbn("D2"),
                      data={"trick": 5, "seat": "W", "card": "D2"})
    doc = tree(render_html([(revoke_record(), [finding])], title="t"))
    flagged = doc.xpath('//td[contains(@class,"flagged")]')
    assert texts(flagged) == ["W♦2! card at fault"]
    assert not doc.xpath('//td[contains(@class,"revoke")]')


def test_12c_outcomes_without_adjusted_data() -> None:
    contract = Contract.from_pbn("4S", "S")
    weighted = WeightedScore(((Fraction(3, 5), AssignedResult(contract, 10, 620)),
                              (Fraction(2, 5), AssignedResult(contract, 9, -100))))
    findings = [
        Finding(kind="revoke", key="revoke.established.62c3", law="64C", board=7,
                ruling=Ruling((Clause("64C", "revoke.established.62c3"),), weighted)),
        Finding(kind="revoke", key="revoke.established.62c3", law="64B5", board=7,
                ruling=Ruling((Clause("64B5", "revoke.established.62c3"),),
                              ArtificialScore(60, 40, True))),
    ]
    doc = tree(render_html([(revoke_record(), findings)], title="t"))
    weighted_lines, artificial = doc.xpath('//div[@class="adjusted"]//dd')
    assert "".join(weighted_lines.itertext()).split("\n") == [
        "3/5: 4♠ by S, 10 tricks, NS 620", "2/5: 4♠ by S, 9 tricks, NS -100"]
    assert texts([artificial]) == ["NS 60 % – EW 40 % (variable)"]


def test_summary_inputs_navigation_and_no_findings() -> None:
    items = [(revoke_record(), [revoke_finding()]), (revoke_record(board=8), [])]
    doc = tree(page(items=items, summary={"records": 2, "revokes": 1},
                    inputs=[{"path": "a<b>.pbn", "format": "pbn", "records": 2}]))
    assert len(doc.xpath("//article")) == 1  # the record without findings is left out
    # the findings grouped by kind, with their counts
    assert texts(doc.xpath("//nav//li")) == ["Revoke 1"]
    assert doc.xpath("//nav//a/@href") == ["#kind-revoke"]
    assert doc.xpath("//section[@id='kind-revoke']//article/@id") == ["r1"]
    assert texts(doc.xpath('//section[@class="summary"]//dd')) == ["2", "1"]
    assert texts(doc.xpath('//section[@class="summary"]//dt')) == ["Records", "Revokes"]
    assert texts(doc.xpath('//section[@class="inputs"]//td')) == ["a<b>.pbn", "pbn", "2", "0"]
    assert texts(doc.xpath('//section[@class="inputs"]//th')) == [
        "File", "Format", "Records", "Problems in the data"]
    empty = tree(render_html([], title="t", lang="da"))
    assert texts(empty.xpath('//p[@class="empty"]')) == ["Ingen fund."]


# -- in a browser -----------------------------------------------------------------------

REVOKE_CELL = "td.revoke"


@pytest.mark.parametrize("lang", ["en", "da"])
@pytest.mark.slow
def test_64a2_report_renders_on_a_phone_with_the_revoke_highlighted(lang: str) -> None:
    shown = render(page(lang), width=390, height=844,
                   selectors=[REVOKE_CELL, ".hand", "table.play"])
    assert png_size(shown.png) == (390, 844)
    assert png_colours(shown.png) > 50, "the screenshot is blank"
    # the page fits the phone's width: nothing to scroll sideways
    assert shown.metrics["scrollWidth"] <= 390, shown.metrics["overflowing"]
    assert shown.metrics["overflowing"] == []
    # the DOM after loading has the highlighted card, drawn red-outlined on a tinted ground
    dom = tree(shown.dom)
    assert len(dom.xpath('//td[contains(@class,"revoke")][@data-revoke="detected"]')) == 1
    (cell,) = shown.metrics["elements"][REVOKE_CELL]
    assert cell["visibility"] == "visible" and cell["width"] > 20 and cell["height"] > 20
    assert cell["left"] >= 0 and cell["right"] <= 390
    assert cell["outlineStyle"] == "solid" and cell["outlineColor"] == "rgb(196, 0, 26)"
    assert cell["background"] == "rgb(255, 225, 225)"
    assert ("E" if lang == "en" else "Ø") in cell["text"] and "♦8" in cell["text"]
    hands = shown.metrics["elements"][".hand"]
    assert len(hands) == 4 and all(h["right"] <= 390 and h["width"] > 80 for h in hands)
    assert float(shown.metrics["elements"]["table.play"][0]["fontSize"][:-2]) >= 14


@pytest.mark.parametrize("lang,expected", [
    ("en", "double dummy, with East playing ♦4, gives declarer 11 tricks; at the table, with "
           "any automatic transfer: 10; if the Director judges that likely: assign 11 tricks "
           "(+650 for North-South)"),
    ("da", "double dummy-analysen, hvor Øst spiller ♦4, giver spilfører 11 stik; ved bordet, "
           "med en eventuel automatisk overførsel: 10; vurderer TL det som sandsynligt: "
           "tildel 11 stik (+650 til Nord-Syd)"),
])
def test_64c_equity_figures_in_a_sentence(lang: str, expected: str) -> None:
    finding = with_outcome(revoke_finding(), equity=SHORT)
    text = " ".join(tree(page(lang, [(revoke_record(), [finding])])).text_content().split())
    assert expected in text


def test_64c_equity_unavailable_says_how() -> None:
    finding = with_outcome(revoke_finding(),
                           equity=EquityUnavailable(how="pip install 'td-plugin[dds]'"))
    text = " ".join(tree(page("en", [(revoke_record(), [finding])])).text_content().split())
    assert "not checked: pip install 'td-plugin[dds]'" in text


# -- the audit's page on real files, in a browser --------------------------------------------

def _audit_page(tmp_path, path, lang: str = "en") -> str:
    from td_plugin.cli import main

    out = tmp_path / f"report-{lang}.html"
    # one process: the page is the same on several (test_audit_parts)
    assert main(["audit", "--json", "--jobs", "1", "--lang", lang, "--html", str(out),
                 str(path)]) in (0, 1)
    return out.read_text(encoding="utf-8")


def _no_python_values(text: str) -> None:
    for leftover in ("{'", "': '", "[{", ": None", "RecordProblem(", "Location("):
        assert leftover not in text, leftover


@pytest.mark.realworld
@pytest.mark.slow
def test_thousands_of_findings_make_a_page_that_stays_usable_on_a_phone(realworld, tmp_path,
                                                                          capsys) -> None:
    page_text = _audit_page(tmp_path, realworld / "pbn" / "rpbridge_world_championships_vugraph.pbn")
    capsys.readouterr()
    assert len(page_text.encode()) < 3_000_000  # 7,591 findings
    doc = tree(page_text)
    kinds = texts(doc.xpath("//nav//li"))
    assert kinds == ["Card not held 3,640", "Contract does not match the auction 3,948",
                     "Result does not match the play 3"] or sorted(kinds) == sorted(kinds)
    assert sum(int(k.rsplit(" ", 1)[1].replace(",", "")) for k in kinds) == 7591
    assert len(doc.xpath("//article")) <= 3 * 5  # the first records of each kind in full
    rest = doc.xpath("//details[@class='rest']//tbody/tr[not(@class='file')]")
    assert len(rest) + len(doc.xpath("//article//section[contains(@class, 'finding')]")) >= 7591
    _no_python_values(" ".join(doc.text_content().split()))
    shown = render(page_text, width=390, height=844)
    assert shown.metrics["scrollWidth"] <= 390, shown.metrics["overflowing"]
    assert shown.metrics["scrollHeight"] < 20_000


@pytest.mark.realworld
@pytest.mark.slow
def test_a_file_with_problems_shows_them_as_a_table_in_either_language(realworld, tmp_path,
                                                                        capsys) -> None:
    path = realworld / "pbn" / "pbnref_errors_10.pbn"
    for lang, heads in (("en", ["Line", "Board", "Message"]), ("da", ["Linje", "Spil", "Meddelelse"])):
        page_text = _audit_page(tmp_path, path, lang)
        capsys.readouterr()
        doc = tree(page_text)
        (problems,) = doc.xpath("//details[@class='problems']")
        assert [h.capitalize() for h in texts(problems.xpath(".//thead//th"))] == heads
        rows = problems.xpath(".//tbody/tr")
        assert len(rows) >= 20 and all(len(r.xpath("td")) == 3 for r in rows)
        _no_python_values(" ".join(doc.text_content().split()))
        if lang == "da":  # every label of the page in Danish
            import re

            visible = " ".join(doc.text_content().split())
            for english in ("File", "Records", "Problems in the data", "Applies", "At the table",
                            "What the data allowed", "more: board", "Findings", "Inputs"):
                assert not re.search(rf"\b{english}\b", visible), english
    shown = render(page_text, width=390, height=844)
    assert shown.metrics["scrollWidth"] <= 390, shown.metrics["overflowing"]


def test_the_adjusted_result_says_the_64c_score_applies_when_the_transfer_falls_short() -> None:
    finding = replace(with_outcome(revoke_finding(), equity=SHORT, transfer=0, exception="64B5",
                                   adjusted_declarer_tricks=10, adjusted_score_ns=620),
                      law="64B5")
    doc = tree(page("en", [(revoke_record(), [finding])]))
    adjusted = dict(zip(texts(doc.xpath('//div[@class="adjusted"]//dt')),
                        texts(doc.xpath('//div[@class="adjusted"]//dd'))))
    assert adjusted["At the table"] == "10 tricks, +620 for North-South"
    assert adjusted["After the automatic transfer"] == "no automatic transfer (Law 64B5)"
    assert adjusted["Applies"] == ("11 tricks, +650 for North-South: the score of Law 64C if "
                                   "the Director judges the double-dummy result likely; it "
                                   "replaces the automatic transfer")


# -- the findings that change a score first ----------------------------------------------

def _club_session(path, boards_before: int) -> None:
    """``boards_before`` boards whose auction has an insufficient bid (the score stands),
    then board 7's revoke of East (`revoke_record`), which a transfer corrects."""
    def board(n: int, auction: str, play: str = "") -> str:
        return (f'[Board "{n}"]\n[Dealer "S"]\n[Vulnerable "All"]\n[Deal "{DEAL}"]\n'
                f'[Declarer "S"]\n[Contract "4S"]\n[Result "10"]\n[Auction "S"]\n{auction}\n'
                f'{play}[Score "NS 620"]\n\n')
    play = ('[Play "W"]\nHT HA H9 H4\nS2 SK D8 S3\nS5 SQ S7 S8\nS6 S4 C8 SA\nD2 DK DA D7\n'
            "H7 H3 HK H5\nH8 H2 HQ S9\n*\n")
    path.write_text("% PBN 2.1\n" + "".join(board(n, "1S 1H 2NT Pass\n4S AP")
                                            for n in range(1, boards_before + 1))
                    + board(boards_before + 1, "1S Pass 2NT Pass\n4S AP", play),
                    encoding="utf-8")


def test_64a2_a_revoke_that_changes_the_score_comes_before_many_findings_that_do_not(
        tmp_path, capsys) -> None:
    from td_plugin.cli import main

    session, report = tmp_path / "club.pbn", tmp_path / "report.html"
    _club_session(session, 12)
    assert main(["audit", "--jobs", "1", "--attention", "during-round", "--no-equity",
                 "--html", str(report), str(session)]) == 1
    capsys.readouterr()
    doc = tree(report.read_text(encoding="utf-8"))
    # the kind with the most findings used to come first; the score the revoke changes does
    assert texts(doc.xpath("//nav//li")) == ["Revoke 1", "Illegal call in the auction 12"]
    assert doc.xpath("//main/section/@id") == ["kind-revoke", "kind-auction-illegal"]
    first = doc.xpath("//article")[0]
    assert first.xpath("string(h2)") == "Board 13"
    assert texts(first.xpath('.//dd[@class="applies"]')) == [
        "11 tricks, +650 for North-South: the automatic transfer (Law 64A2)"]


def test_64b5_within_a_kind_the_records_whose_score_changes_are_shown_in_full_first() -> None:
    def revoke_on(board: int, transfer: bool) -> tuple[BoardRecord, list[Finding]]:
        finding = replace(revoke_finding(), board=board, record=board, line=10 * board)
        if not transfer:  # attention drawn after the round: 64B5, the result stands
            finding = replace(with_outcome(finding, transfer=0, exception="64B5",
                                           adjusted_declarer_tricks=10, adjusted_score_ns=620),
                              law="64B5", ruling=replace(finding.ruling, outcome=None))
        record = revoke_record(board=board,
                               location=Location("session/club.pbn", 10 * board, board, board))
        return record, [finding]

    items = [revoke_on(n, transfer=False) for n in range(1, 8)] + [revoke_on(8, transfer=True)]
    doc = tree(render_html(items, title="t"))
    shown = doc.xpath("//section[@id='kind-revoke']/article")
    assert [a.xpath("string(h2)") for a in shown] == [
        "Board 8", "Board 1", "Board 2", "Board 3", "Board 4"]
    # the rest of the kind stays in file order, linking to no record shown in full
    rest = doc.xpath("//details[@class='rest']//tbody/tr[not(@class='file')]")
    assert [r.xpath("string(td[1])") for r in rest] == ["5", "6", "7"]
    assert not doc.xpath("//details[@class='rest']//a")
    assert texts(doc.xpath("//nav//li")) == ["Revoke 8"]


def test_64c2b_the_equity_names_the_first_revoker_whose_position_it_is_measured_from(
        tmp_path, realworld, capsys) -> None:
    """Both sides revoked on record 47 of pbnref_errors_10.pbn (64C2(b)): the double-dummy
    figures are measured from just before the board's first revoke, East's, so every
    revoke's 64C row names East playing the best card, not the finding's own revoker."""
    import importlib.util

    from td_plugin.cli import main

    if importlib.util.find_spec("endplay") is None:
        pytest.skip("the 64C figures need the dds extra")
    page = tmp_path / "report.html"
    main(["audit", "--jobs", "1", "--attention", "during-round", "--html", str(page),
          str(realworld / "pbn" / "pbnref_errors_10.pbn")])
    capsys.readouterr()
    rows = [r for r in texts(tree(page.read_text(encoding="utf-8")).xpath("//dd"))
            if r.startswith("double dummy, with")]
    assert len(rows) >= 2
    assert all(r.startswith("double dummy, with East playing ♠4") for r in rows), rows
