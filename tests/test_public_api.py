"""The plugin API as plugin authors import it: from `td_plugin` itself, every name the
docs cite, the module paths of earlier releases for one release, the plugin names of
earlier releases in ``TD_PLUGIN_DISABLE``."""

from __future__ import annotations

import importlib
import re
import subprocess
import sys
import warnings
from importlib.metadata import version
from pathlib import Path

import pytest

import td_plugin
from td_plugin.host.manager import RENAMED, PluginHost

REPO = Path(__file__).resolve().parents[1]
DOCS = [REPO / "docs" / "hooks.md", REPO / "docs" / "architecture.md", REPO / "README.md"]
SHIMS = ["rulings", "sources", "board", "outcomes", "session", "td_calls", "regulations",
         "play_ruling", "consistency", "rescoring", "casefile", "casefile_play", "incidents",
         "movement", "play"]


def _resolve(dotted: str) -> object:
    """The module or the name a dotted path of the docs names."""
    try:
        return importlib.import_module(dotted)
    except ModuleNotFoundError:
        parent, _, name = dotted.rpartition(".")
        return getattr(_resolve(parent), name)


def _cited() -> list[str]:
    out = set()
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        out |= {m.rstrip(".") for m in re.findall(r"`(td_plugin(?:\.\w+)+)", text)}
        for module, names in re.findall(r"^from (td_plugin[\w.]*) import ([\w, ]+)$", text, re.M):
            out |= {f"{module}.{n.strip()}" for n in names.split(",")}
    return sorted(out)


def test_the_docs_cite_names_of_the_api() -> None:
    cited = _cited()
    assert "td_plugin.Finding" in cited and "td_plugin.ReviewContext" in cited


@pytest.mark.parametrize("dotted", _cited())
def test_every_name_the_docs_cite_can_be_imported(dotted: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)  # the docs cite no old path
        assert _resolve(dotted) is not None


def test_the_api_is_one_import_away_and_what_all_says() -> None:
    for name in td_plugin.__all__:
        assert getattr(td_plugin, name) is not None, name
    assert set(td_plugin.__all__) == {"NAME", "hookimpl", "__version__",
                                      *(n for names in td_plugin._API.values() for n in names)}
    assert set(dir(td_plugin)) >= set(td_plugin.__all__)


def test_the_version_is_the_installed_distributions() -> None:
    assert td_plugin.__version__ == version("td-plugin")


def test_importing_td_plugin_imports_no_module_of_it() -> None:
    """The re-exports are lazy: ``import td_plugin`` costs pluggy and nothing of ours."""
    code = ("import sys, td_plugin; print(sorted(m for m in sys.modules "
            "if m.startswith('td_plugin.') and m != 'td_plugin._lazy'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize("old", SHIMS)
def test_an_old_module_path_still_imports_with_a_deprecation_warning(old: str) -> None:
    module = importlib.import_module(f"td_plugin.{old}")
    names = [n for n in td_plugin.__all__ if n not in ("NAME", "hookimpl", "__version__")]
    with pytest.warns(DeprecationWarning, match=f"td_plugin.{old} is deprecated"):
        value = getattr(module, names[0])
    assert value is getattr(td_plugin, names[0])
    with pytest.raises(AttributeError):
        module.no_such_name  # noqa: B018


def test_an_old_module_path_gives_what_moved_out_of_the_api_too() -> None:
    from td_plugin.model.walk import effective_contract
    from td_plugin.rulers.consistency import check_record

    old = importlib.import_module("td_plugin.consistency")
    with pytest.warns(DeprecationWarning):
        assert old.check_record is check_record
    with pytest.warns(DeprecationWarning):
        assert old.effective_contract is effective_contract


@pytest.mark.parametrize("old", sorted(RENAMED))
def test_an_old_plugin_name_blocks_the_plugin_that_holds_it_now(old: str) -> None:
    host = PluginHost(load_entrypoints=False, disabled=[old])
    new = RENAMED[old]
    assert not host.is_registered(new)
    assert host.renamed_blocked() == [(old, new)]
    assert old not in host.unknown_blocked()
    assert host.is_registered("revokes")


def test_a_misspelt_plugin_name_is_still_unknown() -> None:
    host = PluginHost(load_entrypoints=False, disabled=["incident"])
    assert host.unknown_blocked() == ["incident"] and host.renamed_blocked() == []
    assert host.is_registered("cases")
