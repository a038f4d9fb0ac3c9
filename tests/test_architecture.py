"""The layering docs/architecture.md states, checked against the imports of every module
of td_plugin and adapters (module-level and inside functions alike; imports under
``if TYPE_CHECKING:`` count only where the rule says so)."""

from __future__ import annotations

import ast
import importlib
import re
from dataclasses import dataclass
from pathlib import Path

from td_plugin.host.manager import DEFAULT_PLUGINS

REPO = Path(__file__).resolve().parents[1]
DOC = REPO / "docs" / "architecture.md"

#: The layers, lowest first: a module imports only from its own layer or from a layer below,
#: but for the rulers and the adapters, which import neither each other. A name is a package
#: (all its modules) or a module. docs/architecture.md draws the same table.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("td_plugin", "td_plugin.errors", "td_plugin.messages", "td_plugin.safe_output",
     "td_plugin.crash_report", "td_plugin._quick_init", "td_plugin._entry_points",
     "td_plugin._lazy"),  # 0: the floor
    ("td_plugin.model",),  # 1
    ("td_plugin.laws",),  # 2
    ("td_plugin.cases",),  # 3
    ("td_plugin.host", "td_plugin.hookspecs"),  # 4
    ("td_plugin.rulers", "adapters"),  # 5: plugins, loaded by name
    ("td_plugin.audit",),  # 6
    ("td_plugin.testing",),  # 7
    ("td_plugin.serve", "td_plugin.commands", "td_plugin.cli"),  # 8: the faces
)
FACES = LAYERS[-1]
#: the one layer whose packages are independent of each other: plugins loaded by name
PLUGINS = LAYERS[5]
#: old module paths kept for one release, each a module that only forwards its names
#: (with a DeprecationWarning) to where they moved
SHIMS = ("td_plugin.rulings", "td_plugin.sources", "td_plugin.board", "td_plugin.outcomes",
         "td_plugin.session", "td_plugin.td_calls", "td_plugin.regulations",
         "td_plugin.play_ruling", "td_plugin.consistency", "td_plugin.rescoring",
         "td_plugin.casefile", "td_plugin.casefile_play", "td_plugin.incidents",
         "td_plugin.movement", "td_plugin.play")


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
                           and ast.unparse(block.test) in ("TYPE_CHECKING",
                           "typing.TYPE_CHECKING") for stmt in block.body for node in
                           ast.walk(stmt)}
            for node in ast.walk(tree):
                if isinstance(node, ast.Import):
                    out += [Import(module, a.name, None, id(node) in typing_only) for a in
                    node.names]
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
                  for i in IMPORTS if _under(i.module, importers) and _under(i.target,
                  forbidden) and (count_typing or not i.typing_only))


def test_the_imports_are_read_from_every_module() -> None:
    modules = {i.module for i in IMPORTS}
    assert {"td_plugin.host.manager", "td_plugin.laws.revokes.review", "adapters.pbn.reader",
            "td_plugin.serve.app", "td_plugin.cli"} <= modules
    assert Import("td_plugin.host.manager", "td_plugin.model.walk", "PlayWalk", False) in IMPORTS


def _place(module: str) -> tuple[int, str] | None:
    """The layer of ``module`` and the package it belongs to there (the longest name of the
    table it falls under; a shim sits on the floor)."""
    if module in SHIMS:
        return 0, module
    best: tuple[int, str] | None = None
    for rank, names in enumerate(LAYERS):
        for name in names:
            if (module == name or (name != "td_plugin" and module.startswith(name + "."))) \
                    and (best is None or len(name) > len(best[1])):
                best = rank, name
    return best


def _upward() -> list[str]:
    """Every import of a module of td_plugin or adapters that points at a layer above its
    own, or from the rulers into the adapters and back."""
    out = []
    for i in IMPORTS:
        target = i.target
        if not (_under(target, "td_plugin") or _under(target, "adapters")):
            continue
        if i.module == "td_plugin" and i.typing_only:
            continue  # the package's re-exports of the plugin API, for type checkers only
        own, their = _place(i.module), _place(target)
        assert own is not None, f"{i.module} is in no layer of LAYERS"
        assert their is not None, f"{target} (imported by {i.module}) is in no layer of LAYERS"
        if their[0] < own[0] or their[1] == own[1] or (own[0] == their[0] and own[1] not in PLUGINS):
            continue
        out.append(f"{i.module} (layer {own[0]}) imports {target}" + (f".{i.name}" if i.name else "")
                   + f" (layer {their[0]})" + (" under TYPE_CHECKING" if i.typing_only else ""))
    return sorted(out)


def test_every_module_is_in_a_layer() -> None:
    unplaced = sorted({i.module for i in IMPORTS if _place(i.module) is None})
    assert unplaced == []


def test_each_module_imports_only_its_own_package_or_a_layer_below() -> None:
    """At module level, inside functions and under ``if TYPE_CHECKING:`` alike."""
    assert _upward() == []


def test_the_layer_rule_sees_an_upward_import() -> None:
    assert _place("td_plugin.model.cards") == (1, "td_plugin.model")
    assert _place("td_plugin.laws.revokes.case") == (2, "td_plugin.laws")
    assert _place("adapters.pbn.reader") == (5, "adapters")
    assert _place("td_plugin") == (0, "td_plugin")
    assert _place("td_plugin.cli") == (8, "td_plugin.cli")


def test_no_core_module_imports_an_adapter() -> None:
    """The host loads the built-in adapters by name (`DEFAULT_PLUGINS`), as any plugin."""
    assert [f"{i.module} imports {i.target}" for i in IMPORTS
            if _under(i.module, "td_plugin") and _under(i.target, "adapters")] == []
    for name in DEFAULT_PLUGINS:
        assert importlib.util.find_spec(name) is not None, name


def test_docs_architecture_draws_the_same_layers() -> None:
    """The layer table of docs/architecture.md: one row per layer, the same names."""
    rows = re.findall(r"^\| (\d+) \| (.+?) \|$", DOC.read_text(encoding="utf-8"), re.M)
    drawn = [tuple(re.findall(r"`([\w.]+)`", names)) for _, names in rows]
    assert [int(rank) for rank, _ in rows] == list(range(len(LAYERS)))
    assert drawn == list(LAYERS)


def test_adapters_import_no_law_the_notes_carry_values_of_the_model() -> None:
    """The penalty cards and lead restrictions a Director's notes carry are values of
    `td_plugin.model.obligations`: an adapter needs no law module, which could decide."""
    assert [f"{i.module} imports {i.target}" for i in IMPORTS
            if _under(i.module, "adapters") and _under(i.target, "td_plugin.laws")] == []
    assert any(_under(i.module, "adapters") and i.target == "td_plugin.model.obligations"
               for i in IMPORTS)


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
    assert "td_plugin.cases.files" in graph["td_plugin.rulers.cases"]  # read when a case comes
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


def _functions() -> list[tuple[int, str, bool]]:
    """Every function of td_plugin and adapters: its length in lines, where it is, and
    whether its docstring says it is a measured hot path."""
    out = []
    for package in ("td_plugin", "adapters"):
        for path in sorted((REPO / package).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    out.append((node.end_lineno - node.lineno + 1,
                                f"{path.relative_to(REPO)}:{node.lineno} {node.name}",
                                "hot path" in (ast.get_docstring(node) or "")))
    return out


def test_no_function_is_over_100_lines_and_one_over_80_is_a_hot_path_that_says_so() -> None:
    functions = _functions()
    assert len(functions) > 1000
    assert [where for lines, where, _ in functions if lines > 100] == []
    assert [where for lines, where, hot in functions if lines > 80 and not hot] == []
