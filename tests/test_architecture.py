"""The layering docs/architecture.md states, checked against the imports of every module
of td_plugin and adapters (module-level and inside functions alike; imports under
``if TYPE_CHECKING:`` count only where the rule says so)."""

from __future__ import annotations

import ast
import importlib
import inspect
from dataclasses import dataclass
from pathlib import Path

import pytest

from td_plugin.host.manager import DEFAULT_PLUGINS

REPO = Path(__file__).resolve().parents[1]
DOC = REPO / "docs" / "architecture.md"

#: the faces: what a user runs, and nothing below imports
FACES = ("td_plugin.cli", "td_plugin.commands", "td_plugin.serve")
#: the domain model: values with no law, host or face in them
MODEL = ("td_plugin.model", "td_plugin.errors")
#: the host and what runs on it: the laws know none of it
HOST_AND_PIPELINE = ("td_plugin.host.manager", "td_plugin.hookspecs", "td_plugin.rulers",
                     "td_plugin.audit.run", "td_plugin.audit.result", "td_plugin.audit.parts",
                     "td_plugin.audit.reports.output", "td_plugin.audit.reports.text_report",
                     "td_plugin.audit.reports.json_report",
                     "td_plugin.audit.reports.findings", "td_plugin.audit.reports.html_report",
                     "td_plugin.audit.watch",
                     "td_plugin.cases.log", "td_plugin.testing")


@dataclass(frozen=True)
class Import:
    module: str  # the importing module
    target: str  # the module imported from
    name: str | None  # the name imported (``from target import name``), None for ``import``
    typing_only: bool  # under ``if TYPE_CHECKING:``


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(REPO).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports() -> list[Import]:
    out = []
    for package in ("td_plugin", "adapters"):
        for path in sorted((REPO / package).rglob("*.py")):
            module = _module_name(path)
            tree = ast.parse(path.read_text(encoding="utf-8"))
            typing_only = {id(node) for block in ast.walk(tree) if isinstance(block, ast.If)
                           and ast.unparse(block.test) in ("TYPE_CHECKING", "typing.TYPE_CHECKING")
                           for stmt in block.body for node in ast.walk(stmt)}
            for node in ast.walk(tree):
                if isinstance(node, ast.Import):
                    out += [Import(module, a.name, None, id(node) in typing_only) for a in node.names]
                elif isinstance(node, ast.ImportFrom):
                    target = node.module or ""
                    if node.level:  # relative: resolve against the importing package
                        base = module.split(".")[: len(module.split(".")) - node.level
                                                 + (path.name == "__init__.py")]
                        target = ".".join([*base, target] if target else base)
                    out += [Import(module, target, a.name, id(node) in typing_only)
                            for a in node.names]
    return out


IMPORTS = _imports()


def _under(name: str, prefixes: tuple[str, ...] | str) -> bool:
    prefixes = (prefixes,) if isinstance(prefixes, str) else prefixes
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def _violations(importers: tuple[str, ...] | str, forbidden: tuple[str, ...] | str,
                *, count_typing: bool = True) -> list[str]:
    return sorted(f"{i.module} imports {i.target}" + (f".{i.name}" if i.name else "")
                  for i in IMPORTS if _under(i.module, importers) and _under(i.target, forbidden)
                  and (count_typing or not i.typing_only))


def test_the_imports_are_read_from_every_module() -> None:
    modules = {i.module for i in IMPORTS}
    assert {"td_plugin.host.manager", "td_plugin.laws.revokes.review", "adapters.pbn.reader",
            "td_plugin.serve.app", "td_plugin.cli"} <= modules
    assert Import("td_plugin.host.manager", "td_plugin.consistency", "PlayWalk", False) in IMPORTS


def test_no_core_module_imports_an_adapter() -> None:
    """The host loads the built-in adapters by name (`DEFAULT_PLUGINS`), as any plugin."""
    assert _violations("td_plugin", "adapters") == []
    for name in DEFAULT_PLUGINS:
        assert importlib.util.find_spec(name) is not None, name


def test_no_law_module_imports_an_adapter_the_host_or_a_face() -> None:
    assert _violations("td_plugin.laws", ("adapters", *HOST_AND_PIPELINE, *FACES)) == []


def test_the_domain_model_imports_no_law_host_or_face_but_for_annotations() -> None:
    assert _violations(MODEL, ("td_plugin.laws", *HOST_AND_PIPELINE, *FACES),
                       count_typing=False) == []


def test_the_rulers_import_no_adapter_and_no_face() -> None:
    assert _violations("td_plugin.rulers", ("adapters", *FACES)) == []


def test_no_module_below_the_faces_imports_a_face() -> None:
    assert sorted(f"{i.module} imports {i.target}" for i in IMPORTS
                  if not _under(i.module, FACES) and _under(i.target, FACES)) == []


def test_adapters_import_no_face_and_no_ruler() -> None:
    assert _violations("adapters", (*FACES, "td_plugin.rulers", "td_plugin.audit.run",
                                    "td_plugin.audit.parts", "td_plugin.audit.watch")) == []


def test_adapters_take_values_from_the_laws_never_a_decision() -> None:
    """What an adapter imports from a law module is a class or a type (a penalty card, a
    lead restriction read from a Director's note), never a function that rules."""
    taken = [i for i in IMPORTS if _under(i.module, "adapters") and _under(i.target, "td_plugin.laws")]
    assert taken, "the Director's notes carry penalty cards and lead restrictions"
    for i in taken:
        assert i.name is not None, f"{i.module} imports the module {i.target}"
        value = getattr(importlib.import_module(i.target), i.name)
        assert not (inspect.isfunction(value) or inspect.ismodule(value)), \
            f"{i.module} imports {i.target}.{i.name}, which decides"


@pytest.mark.parametrize("module", ["td_plugin.laws", "adapters", "td_plugin.host.manager",
                                    "td_plugin.rulers", "td_plugin.model.rulings", "adapters.pbn",
                                    "td_plugin.cli", "td_plugin.serve"])
def test_the_map_names_each_layer(module: str) -> None:
    assert f"`{module}" in DOC.read_text(encoding="utf-8"), module


def _import_graph() -> dict[str, set[str]]:
    """Each module of td_plugin and adapters -> the modules of theirs it imports when run
    (inside functions too; not under ``if TYPE_CHECKING:``). ``from package import name``
    where ``name`` is a module leads to that module; a module's import of a package it
    belongs to is no edge (the package is being imported already)."""
    modules = {_module_name(p) for package in ("td_plugin", "adapters")
               for p in (REPO / package).rglob("*.py")}
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for i in IMPORTS:
        target = i.target
        if i.name and f"{target}.{i.name}" in modules:
            target = f"{target}.{i.name}"
        if (i.typing_only or target not in modules or target == i.module
                or i.module.startswith(target + ".")):
            continue
        graph[i.module].add(target)
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of ``graph`` of more than one module (Tarjan),
    each sorted: every module of one reaches every other through imports."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)


def test_the_cycle_finder_names_the_modules_of_each_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"f"}, "f": {"e"},
             "g": {"a"}}
    assert _cycles(graph) == [["a", "b", "c"], ["e", "f"]]
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def test_the_import_graph_counts_imports_inside_functions() -> None:
    graph = _import_graph()
    assert "td_plugin.cases.files" in graph["td_plugin.rulers.revokes"]  # read when a case comes
    assert "adapters.pbn.sections" in graph["adapters.pbn.record"]


def test_the_imports_of_td_plugin_and_adapters_have_no_cycle() -> None:
    """A module never imports, through others, a module that imports it: each name is
    placed where both sides can take it from below (an import inside a function counts
    as any other)."""
    graph = _import_graph()
    cycles = _cycles(graph)
    assert cycles == [], "import cycles:\n" + "\n".join(
        ", ".join(c) + "\n  " + "; ".join(f"{m} imports {t}" for m in c
                                         for t in sorted(graph[m]) if t in c)
        for c in cycles)
