"""The layering of STYLE.md, enforced by walking imports: dependencies point downward
(pycorral -> svcomp -> replay -> verifier -> frontend -> boogie), and each third-party library has one boundary."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LAYERS = ["boogie", "frontend", "verifier", "replay", "svcomp", "pycorral"]   # bottom to top

# library -> the only places (path prefixes relative to ROOT) allowed to import it
BOUNDARIES = {
    "z3": ("verifier/smt/",),
    "pycparser": ("frontend/c/",),
    "pycparserext": ("frontend/c/",),
    "llvmlite": ("frontend/llvm/reader.py",),
    "benchexec": ("svcomp/benchexec_tool.py",),
    "dask": ("svcomp/bench_dask.py",),
    "distributed": ("svcomp/bench_dask.py",),
    "matplotlib": ("svcomp/report.py",),
}


def _modules():
    for layer in LAYERS:
        for path in sorted((ROOT / layer).rglob("*.py")):
            yield layer, path


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


@pytest.mark.parametrize("layer,path", list(_modules()),
                         ids=lambda x: str(x.relative_to(ROOT)) if isinstance(x, Path) else x)
def test_imports_point_downward(layer: str, path: Path):
    rel = str(path.relative_to(ROOT))
    allowed_layers = set(LAYERS[:LAYERS.index(layer) + 1])
    for name in _imports(path):
        top = name.split(".")[0]
        if top in LAYERS:
            assert top in allowed_layers, f"{rel} imports {name}: {layer} may not depend on {top}"
        if top in BOUNDARIES:
            assert rel.startswith(BOUNDARIES[top]), \
                f"{rel} imports {top}; only {BOUNDARIES[top]} may"


def test_layering_test_sees_modules():
    assert sum(1 for _ in _modules()) >= 5
