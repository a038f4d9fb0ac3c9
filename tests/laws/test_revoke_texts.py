"""Every text of a revoke ruling renders completely, in English and Danish: the ruling
for the players and the text of each clause cited (Laws 61-64)."""

from __future__ import annotations

import pytest

from td_plugin import messages
from td_plugin.laws.context import ReviewContext
from td_plugin.laws.revokes import review_revokes
from td_plugin.model.rulings import Attention
from tests.revoke_scenarios import generate_session


def rendered(key: str, params: object, lang: str) -> str:
    text = messages.render(key, params, lang)  # type: ignore[arg-type]
    assert "{" not in text and "}" not in text, (key, text)
    assert "['" not in text, (key, text)  # no Python list leaking into the text
    return text


@pytest.mark.parametrize("attention", list(Attention))
@pytest.mark.parametrize("lang", ["en", "da"])
def test_revoke_rulings_and_clauses_render_completely(attention: Attention, lang: str) -> None:
    context = ReviewContext(attention=attention, language=lang, equity=False)
    laws_seen: set[str] = set()
    for board in generate_session(seed=64, boards=400):
        for finding in review_revokes(board.record, context):
            rendered(finding.key, finding.params, lang)
            if finding.ruling is None:
                continue
            rendered(finding.ruling.key, finding.ruling.params, lang)
            for clause in finding.ruling.clauses:
                text = rendered(clause.key, clause.message_params, lang)
                assert text.strip()
                laws_seen.add(clause.law)
    assert {"61A", "63A1", "64A1", "64A2", "64B1", "64B2", "64B3", "64B6", "64B7"} <= laws_seen
