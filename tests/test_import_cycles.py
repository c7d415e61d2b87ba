"""No import cycles between the project's modules, and no module over 800 lines.

A cycle (a imports b, b imports a, possibly through others) means the two modules are one
unit split along the wrong line (STYLE.md: "never split along an import cycle"); hiding it
behind an import inside a function only defers the failure.  So every import counts here,
deferred ones included, relative ones resolved (tests/imports.py).  The graph is the whole
project (all packages of tests/imports.py's PACKAGES), so a cycle within one package and one
through a subpackage (verifier <-> verifier.strategies) are both found; tests/test_layering.py
already rules out cycles between top-level packages.
"""
from __future__ import annotations

import tomllib
from pathlib import Path

from imports import PACKAGES, ROOT, Import, imports_of, modules, project_packages

MAX_LINES = 800


def import_graph() -> dict[str, dict[str, Import]]:
    """Module -> {imported project module: the first import statement naming it}."""
    mods = modules()
    graph: dict[str, dict[str, Import]] = {}
    for name, path in mods.items():
        edges: dict[str, Import] = {}
        for imp in imports_of(path):
            if imp.module in mods and imp.module != name:
                edges.setdefault(imp.module, imp)
        graph[name] = edges
    return graph


def cycles(graph: dict[str, dict[str, Import]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan's algorithm,
    iterative), each as a list of module names, sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            v, successors = work[-1]
            w = next(successors, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(graph[w]))))
                elif w in on_stack:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
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
    return found


def describe(component: list[str], graph: dict[str, dict[str, Import]]) -> str:
    """The imports inside one cycle, with their lines ("deferred": inside a function)."""
    mods = modules()
    lines = ["cycle among " + ", ".join(component) + ":"]
    for a in component:
        for b, imp in sorted(graph[a].items()):
            if b in component:
                where = f"{mods[a].relative_to(ROOT)}:{imp.line}"
                lines.append(f"  {a} imports {b} ({where}{', deferred' if imp.deferred else ''})")
    return "\n".join(lines)


def test_no_import_cycles():
    graph = import_graph()
    found = cycles(graph)
    assert not found, "import cycles:\n" + "\n".join(describe(c, graph) for c in found)


def test_every_package_is_walked():
    """A new package must be added to PACKAGES and to pyproject.toml's package list (a
    non-editable install has only the packages listed there)."""
    assert sorted(project_packages()) == sorted(PACKAGES)
    listed = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]
    assert sorted(listed) == sorted(PACKAGES)


def test_cycle_finder_finds_cycles():
    """The finder itself: a three-module cycle and a self-contained chain."""
    imp = Import("x", 1, False)
    graph = {"a": {"b": imp}, "b": {"c": imp}, "c": {"a": imp, "d": imp}, "d": {}, "e": {"d": imp}}
    assert cycles(graph) == [["a", "b", "c"]]
    assert cycles({"a": {"b": imp}, "b": {}}) == []


def test_relative_and_deferred_imports_are_resolved():
    """`from .x import y` inside a function of frontend/c/m.py counts as frontend.c.x."""
    path = ROOT / "frontend" / "c" / "function.py"
    got = {i.module for i in imports_of(path)}
    assert "frontend.c.statements" in got and "frontend.c.statements.StatementsMixin" in got
    deferred = [i for i in imports_of(ROOT / "frontend" / "llvm" / "translate.py") if i.deferred]
    assert any(i.module == "frontend.llvm.compile" for i in deferred)


def _python_files() -> list[Path]:
    tops = sorted({p.split(".")[0] for p in PACKAGES}) + ["tests", "scripts"]
    return [p for top in tops for p in sorted((ROOT / top).rglob("*.py"))]


def test_no_module_over_800_lines():
    """A module past 800 lines does several things: split it by construct or stage (the
    product's modules, the tests' and the scripts')."""
    assert len(_python_files()) > 100
    long = {str(p.relative_to(ROOT)): n for p in _python_files()
            if (n := len(p.read_text(encoding="utf-8", errors="replace").splitlines())) > MAX_LINES}
    assert not long, f"modules over {MAX_LINES} lines: {long}"

