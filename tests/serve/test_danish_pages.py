"""A Danish page speaks Danish: no finding kind's identifier and no English rank letter
(A, Q, J: Danish writes E, D, B) reaches the table app's pages or the HTML report."""

from __future__ import annotations

import re
from pathlib import Path

from lxml import html as lxml_html

from td_plugin.cli import main
from td_plugin.model.findings import FindingKind

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "club_session.pbn"
#: a suit symbol and the ranks after it, as a diagram or a text writes them
CARDS = re.compile(r"[♠♥♦♣]\s?((?:10|[2-9AKQJEDBT])+)")


def visible_text(page: str) -> str:
    doc = lxml_html.fromstring(page)
    for node in doc.xpath("//style|//script"):
        node.drop_tree()
    return " ".join(doc.text_content().split())


def english_left(text: str) -> list[str]:
    """What on a Danish page is English: finding kinds' identifiers, and rank letters
    A, Q, J (or T) after a suit symbol."""
    kinds = [k.value for k in FindingKind if re.search(rf"\b{k.value}\b", text)]
    ranks = [m.group(0) for m in CARDS.finditer(text) if set(m.group(1)) & set("AQJT")]
    return kinds + ranks


def test_the_danish_html_report_has_no_english_kind_or_rank_letter(tmp_path: Path) -> None:
    out = tmp_path / "rapport.html"
    assert main(["audit", str(EXAMPLE), "--lang", "da", "--html", str(out), "--no-equity"]) == 1
    text = visible_text(out.read_text(encoding="utf-8"))
    assert "♥ EK64" in text and "♠ EKB754" in text  # the deal, in Danish letters
    assert english_left(text) == []
    english = visible_text_of(tmp_path, "en")
    assert "♥ AK64" in english  # the same check finds the English letters on an English page
    assert english_left(english) != []


def visible_text_of(tmp_path: Path, lang: str) -> str:
    out = tmp_path / f"report-{lang}.html"
    main(["audit", str(EXAMPLE), "--lang", lang, "--html", str(out), "--no-equity"])
    return visible_text(out.read_text(encoding="utf-8"))


def test_the_danish_ruling_page_has_no_english_rank_letter(client, auth) -> None:
    case = {"kind": "penalty_card", "declarer": "S", "offender": "E", "cards": ["SQ", "HJ"],
            "trick": 4, "partner_on_lead": True}
    r = client.post("/api/rulings?lang=da", json=case, headers=auth)
    assert r.status_code == 201, r.text
    page = visible_text(client.get("/rulings/1?lang=da", headers=auth).text)
    assert "♠D" in page and "♥B" in page
    assert english_left(page) == []
