"""The rules of seed article 002 ("Kulørsvigt", Laws 61-64) as worked examples: each
step of its flowchart — the five ways a revoke becomes established, the seven cases of
no transfer, the redress in every case, the corrections of an unestablished revoke and
the one- and two-trick transfers — is a revoke case file under tests/cases/revoke with
its expected ruling, ruled by ``td-plugin rule`` through the plugin host.

Each file holds ``case`` (docs/cases.md) and ``expected``: keys of the JSON ruling that
must match exactly, plus ``text_contains: {en: [...], da: [...]}``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from td_plugin.cases.files import parse_case
from td_plugin.cli import main
from td_plugin.laws.revokes import rule_revoke_case
from tests.case_files import assert_expected_ruling, rule_json

CASES = Path(__file__).resolve().parent / "cases" / "revoke"
FILES = sorted(CASES.glob("*.json"))

#: The article's steps and the clause each is decided by.
STEPS = {
    "established_1": "63A1", "established_2": "63A2", "established_3": "63A3",
    "established_4": "63A4", "established_5": "43B2(b)",
    "no_transfer_1": "64B1", "no_transfer_2": "64B2", "no_transfer_3": "64B3",
    "no_transfer_4": "64B4", "no_transfer_5": "64B5", "no_transfer_6": "64B6",
    "no_transfer_7": "64B7", "equity_always": "64C1", "not_established": "62A",
    "transfer_offender_won": "64A1", "transfer_partner_won": "64A2",
}


def test_every_step_of_the_flowchart_has_a_case() -> None:
    names = [p.stem for p in FILES]
    for step, law in STEPS.items():
        cases = [n for n in names if n.startswith(f"002_{step}")]
        assert cases, step
        for name in cases:
            expected = yaml.safe_load((CASES / f"{name}.json").read_text(encoding="utf-8"))
            assert law in expected["expected"]["laws"], name


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_seed_002_case(capsys: pytest.CaptureFixture[str], path: Path) -> None:
    assert_expected_ruling(capsys, path)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_seed_002_case_reads_in_both_languages(capsys: pytest.CaptureFixture[str],
                                               path: Path) -> None:
    en, da = rule_json(capsys, path, "en")["text"], rule_json(capsys, path, "da")["text"]
    assert "{" not in en and "{" not in da
    assert "revoke." not in en + da  # no message key left unrendered
    assert "Law " in en and "§ " in da and "Law " not in da
    for lang in ("en", "da"):
        assert main(["rule", str(path), "--lang", lang]) == 0
        out = capsys.readouterr().out
        assert ("Ruling" if lang == "en" else "Kendelse") in out


def test_docs_revoke_examples_rule_as_documented() -> None:
    """The JSON and YAML examples of docs/cases.md's revoke section, and the text the
    page says they give."""
    page = (Path(__file__).resolve().parents[1] / "docs" / "cases.md").read_text("utf-8")
    section = page.split("## Revoke cases", 1)[1].split("## The play period", 1)[0]
    blocks = [b.split("```", 1)[0] for b in section.split("```")[1::2]]
    examples = [(blocks[i], blocks[i + 1]) for i in range(len(blocks) - 1)
                if blocks[i].startswith(("json", "yaml")) and blocks[i + 1].startswith("text")]
    assert len(examples) == 2
    for source, shown in examples:
        data = yaml.safe_load(source.split("\n", 1)[1])
        text = " ".join(rule_revoke_case(parse_case(data)).text.split())
        for line in shown.split("\n", 1)[1].split("\n"):
            fragment = " ".join(line.split()).split("(...)")[0].strip()
            assert fragment in text or not fragment, fragment
