"""Every worked example of the seed articles (000 unintended calls, 001 lead
restrictions, 003 changes of call) as a case file under tests/cases, with its expected
ruling. Each file holds ``case`` (the case-file format of docs/cases.md) and
``expected``: the keys of the JSON ruling that must match exactly, plus optional
``text_contains`` per language."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from td_plugin.cases.files import load_case
from td_plugin.laws.auction.situations import rule_incident

CASES = Path(__file__).resolve().parent / "cases"
FILES = sorted(p for p in CASES.iterdir() if p.suffix in (".json", ".yaml", ".yml"))


def test_every_seed_with_worked_examples_has_cases() -> None:
    seeds = {p.name[:3] for p in FILES}
    assert seeds == {"000", "001", "003"}
    assert any(p.suffix == ".yaml" for p in FILES)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_seed_case(path: Path) -> None:
    expected = yaml.safe_load(path.read_text(encoding="utf-8"))["expected"]
    texts = expected.pop("text_contains", {})
    incident = load_case(path)
    ruling = rule_incident(incident).to_json()
    for key, value in expected.items():
        assert ruling[key] == value, f"{key}: {ruling[key]!r}\n{ruling['text']}"
    for lang, fragments in texts.items():
        text = rule_incident(incident, lang).text
        for fragment in fragments:
            assert fragment in text, f"{lang}: {fragment!r} not in\n{text}"


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_seed_case_renders_in_both_languages(path: Path) -> None:
    incident = load_case(path)
    en, da = rule_incident(incident, "en").text, rule_incident(incident, "da").text
    assert "{" not in en and "{" not in da  # every placeholder filled
    if rule_incident(incident).laws:
        assert "Law" in en and "§ " in da and "Law" not in da
