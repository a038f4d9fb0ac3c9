"""``td-plugin rule`` on every kind of the play period: the worked examples under
tests/cases/play, each a case file (``case``, docs/cases.md) with the JSON ruling keys it
must give (``expected``) and fragments of its text in English and Danish, ruled through
the plugin host; the readable panel in both languages; a case file that makes no sense,
refused naming the entry."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from td_plugin.cli import main
from td_plugin.laws import FACT_KINDS
from tests.case_files import assert_expected_ruling, rule_json

CASES = Path(__file__).resolve().parent / "cases" / "play"
FILES = sorted(CASES.glob("*.yaml"))


def test_every_kind_has_a_worked_example() -> None:
    kinds = {yaml.safe_load(p.read_text(encoding="utf-8"))["case"]["kind"] for p in FILES}
    assert kinds == set(FACT_KINDS)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_play_case(capsys: pytest.CaptureFixture[str], path: Path) -> None:
    assert_expected_ruling(capsys, path)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_play_case_reads_in_both_languages(capsys: pytest.CaptureFixture[str],
                                           path: Path) -> None:
    en, da = rule_json(capsys, path, "en"), rule_json(capsys, path, "da")
    assert en["laws"] == da["laws"] and en["obligations"] == da["obligations"]
    assert "{" not in en["text"] + da["text"]
    assert "Law " in en["text"] and "§ " in da["text"] and "Law " not in da["text"]
    for lang, title in (("en", "Ruling"), ("da", "Kendelse")):
        assert main(["rule", str(path), "--lang", lang]) == 0
        out = capsys.readouterr().out
        assert title in out
        assert en["laws"][0] in out


@pytest.mark.parametrize("body, message", [
    ({"kind": "opening_lead", "declarer": "N", "offender": "W", "card": "H44"},
     "case.yaml: card: unknown card 'H44'"),
    ({"kind": "penalty_card", "declarer": "S", "offender": "E", "cards": ["SK"]},
     "case.yaml: missing 'trick'"),
    ({"kind": "premature_play", "declarer": "S", "trick": 3, "offender": "W", "card": "SK",
      "premature": "late", "suit_led": "H"},
     "case.yaml: premature: 'late' is not one of lead, play"),
    ({"kind": "defective_trick", "declarer": "S", "contract": "3NT", "trick": 5,
      "offender": "E", "fault": "no_card", "colour": "red"},
     "case.yaml: unknown key 'colour'"),
    ({"kind": "revoke_correction", "declarer": "S", "contract": "4S", "offender": "E",
      "trick": 5, "suit_led": "D", "card": "D4"},
     "case.yaml: card: D4 follows suit to a trick led in D: not a revoke (Law 61A)"),
])
def test_a_case_file_that_makes_no_sense_is_refused_naming_the_entry(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], body: dict, message: str) -> None:
    path = tmp_path / "case.yaml"
    path.write_text(yaml.safe_dump(body))
    assert main(["rule", str(path)]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def _docs_section() -> str:
    page = (Path(__file__).resolve().parents[1] / "docs" / "cases.md").read_text("utf-8")
    return page.split("## The play period", 1)[1]


def test_docs_document_every_key_of_every_play_kind() -> None:
    from td_plugin.laws import fact_family

    docs = _docs_section()
    for kind in FACT_KINDS:
        assert f"`kind: {kind}`" in docs or f"| `{kind}` |" in docs, kind
        part = docs.split(f"`kind: {kind}`", 1)[1].split("\n### ", 1)[0]
        for field in fact_family(kind).FIELDS:
            assert f"`{field.key}`" in part, (kind, field.key)


def test_docs_play_examples_rule_as_documented() -> None:
    """Each YAML example of docs/cases.md's play section, and the text the page says it
    gives (lines of it, in order of appearance)."""
    from td_plugin.cases.files import load_case
    from td_plugin.rulers.cases import rule_play_case

    blocks = [b.split("```", 1)[0] for b in _docs_section().split("```")[1::2]]
    examples = [(blocks[i], blocks[i + 1]) for i in range(len(blocks) - 1)
                if blocks[i].startswith("yaml") and blocks[i + 1].startswith("text")]
    kinds = [yaml.safe_load(source.split("\n", 1)[1])["kind"] for source, _ in examples]
    assert set(kinds) == set(FACT_KINDS)  # an example of each kind, some of two cases
    for source, shown in examples:
        data = yaml.safe_load(source.split("\n", 1)[1])
        text = " ".join(rule_play_case(load_case(data)).text.split())
        paragraphs = " ".join(shown.split("\n", 1)[1].split()).split(". ")
        for fragment in paragraphs:
            assert fragment.strip() in text, fragment
