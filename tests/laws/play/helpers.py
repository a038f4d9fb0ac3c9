"""Ruling a play-period case from a mapping, as `td-plugin rule` does (through the case
reader), in English and Danish."""

from __future__ import annotations

from typing import Any

import pytest

from td_plugin.cases.files import load_case
from td_plugin.errors import CaseFileError
from td_plugin.laws.play.ruling import PlayRuling
from td_plugin.rulers.cases import rule_play_case


def rule(case: dict[str, Any], lang: str = "en") -> PlayRuling:
    return rule_play_case(load_case(case), lang)


def text(case: dict[str, Any], lang: str = "en") -> str:
    return rule(case, lang).render(lang)


def error(case: dict[str, Any]) -> str:
    with pytest.raises(CaseFileError) as exc:
        load_case(case)
    return exc.value.bare_message


def obligations(ruling: PlayRuling) -> list[dict[str, Any]]:
    return ruling.to_json()["obligations"]


def decision(ruling: PlayRuling) -> dict[str, Any]:
    """The one decision the ruling waits for."""
    data = ruling.to_json()
    assert data["status"] == "needs_decision" and len(data["decisions"]) == 1
    return data["decisions"][0]
