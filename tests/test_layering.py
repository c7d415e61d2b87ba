"""The layering of STYLE.md, enforced by walking imports: dependencies point downward
(pycorral -> svcomp -> replay -> verifier -> frontend -> boogie), and each third-party library has one boundary.
`bench` (measurement) sits on top next to `pycorral`: it may import everything, and nothing
imports it (`pycorral bench` names it in the CLI's table of lazily loaded commands, as a
string); an audit runs `pycorral check` and finds neither Dask nor matplotlib loaded."""
from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from imports import ROOT, imports_of

LAYERS = ["boogie", "frontend", "verifier", "replay", "svcomp", "pycorral", "bench"]  # bottom to top

# library -> the only places (path prefixes relative to ROOT) allowed to import it
BOUNDARIES = {
    "z3": ("verifier/smt/",),
    "bitwuzla": ("verifier/smt/bitwuzla_door.py",),
    "cvc5": ("verifier/smt/cvc5_door.py",),
    "pycparser": ("frontend/c/",),
    "pycparserext": ("frontend/c/",),
    "llvmlite": ("frontend/llvm/reader.py",),
    "benchexec": ("svcomp/benchexec_tool.py",),
    "dask": ("bench/dask_pool.py",),
    "distributed": ("bench/dask_pool.py",),
    "matplotlib": ("bench/report.py",),
}


def _modules():
    for layer in LAYERS:
        for path in sorted((ROOT / layer).rglob("*.py")):
            yield layer, path


def _imports(path: Path) -> set[str]:
    """Every module `path` imports, deferred imports included (tests/imports.py)."""
    return {i.module for i in imports_of(path)}


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
    assert any(layer == "bench" for layer, _ in _modules())


def test_product_does_not_load_the_bench_libraries():
    """`pycorral check` (and the other product commands' modules) run without loading Dask,
    matplotlib or the bench package: an import audit in a fresh interpreter."""
    audit = textwrap.dedent("""
        import sys
        from click.testing import CliRunner
        import pycorral.cli, pycorral.svcomp_cmd, pycorral.replay_cmd, svcomp.svcomp_mode
        r = CliRunner().invoke(pycorral.cli.main, ["check", sys.argv[1], "--no-replay"])
        assert r.exit_code == 10, r.output
        for cmd in ("svcomp", "replay", "translate", "bpl"):
            pycorral.cli.main.get_command(None, cmd)
        loaded = sorted({m.split(".")[0] for m in sys.modules} & {"dask", "distributed",
                                                                  "matplotlib", "bench"})
        assert not loaded, loaded
    """)
    p = subprocess.run([sys.executable, "-c", audit, str(ROOT / "examples" / "lock.bpl")],
                       cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr[-2000:]


# inside verifier/: its parts in layers, bottom to top; a module imports only from its own
# layer or below (tests/test_import_cycles.py keeps the modules of one layer acyclic)
VERIFIER_LAYERS = [
    # what every part shares: the result, its C trace, statistics, the limits and the deadline
    ("verifier", "verifier.limits", "verifier.deadline", "verifier.stats", "verifier.progress",
     "verifier.ctrace", "verifier.result"),
    ("verifier.smt",),                                      # the one door to the solver
    ("verifier.options", "verifier.option_table", "verifier.corral_flags",
     "verifier.run_options", "verifier.crash", "verifier.vc"),    # options, the VC
    ("verifier.traces",),                                   # traces from a model
    ("verifier.search", "verifier.dag", "verifier.strategies"),   # the search
    ("verifier.engine", "verifier.all_properties"),         # the engine's one entry point
    ("verifier.report",),                                   # what the CLI prints of a result
]
VERIFIER_TOP_LEVEL_MAX = 14


def _verifier_layer(module: str) -> int | None:
    best = None
    for i, names in enumerate(VERIFIER_LAYERS):
        for n in names:
            if module == n or module.startswith(n + ".") and n != "verifier":
                if best is None or len(n) > best[1]:
                    best = (i, len(n))
    return None if best is None else best[0]


_VERIFIER = [p for layer, p in _modules() if layer == "verifier"]


@pytest.mark.parametrize("path", _VERIFIER, ids=lambda p: str(p.relative_to(ROOT)))
def test_verifier_parts_import_downward(path: Path):
    rel = path.relative_to(ROOT).with_suffix("")
    me = ".".join(rel.parts[:-1] if rel.parts[-1] == "__init__" else rel.parts)
    mine = _verifier_layer(me)
    assert mine is not None, f"{me} is in no layer of VERIFIER_LAYERS: place it"
    for name in _imports(path):
        if name.split(".")[0] != "verifier":
            continue
        theirs = _verifier_layer(name)
        assert theirs is not None, f"{me} imports {name}, which is in no layer"
        assert theirs <= mine, \
            f"{me} (layer {VERIFIER_LAYERS[mine][0]}) imports {name} " \
            f"(layer {VERIFIER_LAYERS[theirs][0]}, above it)"


def test_verifier_top_level_is_small():
    """verifier/ groups its modules in sub-packages; its top level holds the shared types,
    the options and the engine's entry point."""
    top = sorted(p.name for p in (ROOT / "verifier").glob("*.py") if p.name != "__init__.py")
    assert len(top) <= VERIFIER_TOP_LEVEL_MAX, f"{len(top)} modules at verifier/'s top: {top}"


def test_verifier_layer_check_catches_an_upward_import():
    assert _verifier_layer("verifier.result") < _verifier_layer("verifier.traces.trace")
    assert _verifier_layer("verifier.search.call_tree") > _verifier_layer("verifier.smt.z3solver")
    assert _verifier_layer("verifier.nonexistent") is None
