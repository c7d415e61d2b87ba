"""The project's modules and the imports between them, read from the source (no import runs).

Used by tests/test_layering.py (dependencies point downward) and tests/test_import_cycles.py
(no cycles).  Every import statement counts, wherever it is -- at the top of a module or
deferred inside a function (deferred imports are how cycles used to be hidden) -- and
relative imports are resolved to absolute module names.
"""
from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# every package of the product (pyproject.toml's [tool.setuptools] packages) and bench
PACKAGES = ("boogie", "boogie.passes", "frontend", "frontend.c", "frontend.llvm", "verifier",
            "verifier.smt", "verifier.strategies", "verifier.dag", "verifier.traces", "verifier.report", "verifier.search", "replay", "svcomp", "pycorral",
            "bench")


@dataclass(frozen=True, slots=True)
class Import:
    """One imported name: `module` absolute; `line` of the statement; `deferred` when the
    statement is inside a function (it runs when the function is called)."""
    module: str
    line: int
    deferred: bool


def project_packages() -> list[str]:
    """The packages found on disk: folders with an `__init__.py` under the top-level
    packages of PACKAGES (tests/ and scripts/ are not packages of the product)."""
    tops = sorted({p.split(".")[0] for p in PACKAGES})
    found = []
    for top in tops:
        for init in sorted((ROOT / top).rglob("__init__.py")):
            found.append(".".join(init.parent.relative_to(ROOT).parts))
    return found


def modules() -> dict[str, Path]:
    """Module name -> file, for every module of PACKAGES (a package is its __init__.py)."""
    out: dict[str, Path] = {}
    for pkg in PACKAGES:
        for path in sorted((ROOT / pkg.replace(".", "/")).glob("*.py")):
            out[pkg if path.stem == "__init__" else f"{pkg}.{path.stem}"] = path
    return out


def imports_of(path: Path) -> list[Import]:
    """Every name a module imports: `import a.b` gives `a.b`; `from a import b` gives `a` and
    `a.b` (b may be a module); relative imports are resolved against the module's package."""
    tree = ast.parse(path.read_text(), str(path))
    package = path.relative_to(ROOT).parent.parts     # a module's package, or a package itself
    out: list[Import] = []

    def visit(node: ast.AST, deferred: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inner = deferred or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                   ast.Lambda))
            if isinstance(child, ast.Import):
                out.extend(Import(a.name, child.lineno, deferred) for a in child.names)
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    assert child.level <= len(package), f"{path}: relative import beyond top"
                    base = ".".join(package[:len(package) - child.level + 1])
                    module = f"{base}.{child.module}" if child.module else base
                else:
                    module = child.module or ""
                out.append(Import(module, child.lineno, deferred))
                out.extend(Import(f"{module}.{a.name}", child.lineno, deferred)
                           for a in child.names if a.name != "*")
            visit(child, inner)

    visit(tree, False)
    return out
