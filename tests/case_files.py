"""Worked examples as case files with their expected ruling (``expected``: ruling keys and
values, and ``text_contains``: fragments of the text to read, by language), ruled through
``td-plugin rule --json`` as a Director runs it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from td_plugin.cases.files import load_case
from td_plugin.cli import main
from td_plugin.laws.auction.incident import Incident
from td_plugin.laws.auction.ruling import AuctionRuling
from td_plugin.laws.auction.situations import rule_incident


def rule_json(capsys: pytest.CaptureFixture[str], path: Path, lang: str) -> dict[str, Any]:
    """The ruling of a case file as ``td-plugin rule --json --lang LANG`` prints it."""
    assert main(["rule", str(path), "--json", "--lang", lang]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    return json.loads(out)  # type: ignore[no-any-return]


def assert_expected_ruling(capsys: pytest.CaptureFixture[str], path: Path) -> None:
    """The case file's ruling has every key and value its ``expected`` gives, and its text
    in each language holds the fragments listed for it."""
    expected = yaml.safe_load(path.read_text(encoding="utf-8"))["expected"]
    texts = expected.pop("text_contains", {})
    ruling = rule_json(capsys, path, "en")
    for key, value in expected.items():
        assert ruling[key] == value, f"{key}: {ruling[key]!r}\n{ruling['text']}"
    for lang, fragments in texts.items():
        text = rule_json(capsys, path, lang)["text"]
        for fragment in fragments:
            assert fragment in text, f"{lang}: {fragment!r} not in\n{text}"


def rule_auction_case(case: Incident | Any, *args: Any, **kwargs: Any) -> AuctionRuling:
    """The ruling on an auction case given as read or as a case file's data (read first:
    `rule_incident` takes an `Incident`)."""
    incident = case if isinstance(case, Incident) else load_case(case)
    assert isinstance(incident, Incident), incident
    return rule_incident(incident, *args, **kwargs)


def sc(seat: str, call: str, index: int | None = None) -> dict:
    """A call as a ruling names it; with ``index``, as a decision names the call it is
    about (its place in the case's calls)."""
    out: dict = {"seat": seat, "call": call}
    if index is not None:
        out["index"] = index
    return out
