"""Outcomes as data (STYLE.md): every UNKNOWN carries a reason kind (`UnknownKind`), code
branches on the kind, never on the reason's text, and one helper (verifier/crash.py) turns
an exception into an UNKNOWN.

* the engine's UNKNOWNs in typical situations carry the right kind (a timeout, a solver
  work limit, an unsupported construct, a crash -- monkeypatched -- and running out of
  memory), and the JSON says it (`reason_kind`);
* every `Result(Verdict.UNKNOWN, ...)` of the product names its kind (an AST walk);
* no module of the product parses a `reason` with `startswith`/`endswith`/`in`/`split`
  (an AST walk), but for the allow-listed places below, each with why.
"""
from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from boogie.errors import BadInput, Unsupported
from boogie.parser import parse_program
from verifier.crash import unknown_from
from verifier.engine import verify
from verifier.options import VerifyOptions
from verifier.result import Result, UnknownKind, Verdict, solver_unknown_kind

from imports import ROOT

PRODUCT = ("boogie", "frontend", "verifier", "replay", "svcomp", "pycorral", "bench")

SIMPLE_BUG = """
var g: int;
procedure set(v: int) modifies g; { g := v; }
procedure {:entrypoint} main() modifies g; { call set(1); assert g == 0; }"""

POLYMORPHIC = """
var m: <a>[a]int;
procedure {:entrypoint} main() modifies m; { havoc m; assert false; }"""

# a bit-vector factoring problem (tests/test_load_independence.py): Spacer needs a while
FACTORING = """
var x: bv64; var y: bv64;
function {:bvbuiltin "bvmul"} bvmul(bv64, bv64) : bv64;
function {:bvbuiltin "bvugt"} bvugt(bv64, bv64) : bool;
function {:bvbuiltin "bvult"} bvult(bv64, bv64) : bool;
procedure {:entrypoint} main() modifies x, y; {
  havoc x; havoc y;
  assume bvugt(x, 1bv64) && bvugt(y, 1bv64);
  assume bvult(x, 4294967296bv64) && bvult(y, 4294967296bv64);
  assert bvmul(x, y) != 999985999949bv64;
}"""


def _run(src: str, **kw) -> Result:
    return verify(parse_program(src, "t.bpl"), VerifyOptions(**kw))


def _kind_in_json(r: Result) -> str:
    return json.loads(json.dumps(r.to_json()))["reason_kind"]


# ----------------------------------------------------------------------------- the engine

def test_a_timeout_is_kind_timeout():
    r = _run(SIMPLE_BUG, timeout=0.0)
    assert r.verdict is Verdict.UNKNOWN and r.kind is UnknownKind.TIMEOUT, r.reason
    assert r.reason == "timeout" and _kind_in_json(r) == "timeout"


def test_a_solver_work_limit_is_kind_resource():
    r = _run(FACTORING, strategy="chc", work_budget=0.001, timeout=60)
    assert r.verdict is Verdict.UNKNOWN and r.kind is UnknownKind.RESOURCE, r.reason
    assert r.reason.startswith("solver work limit")


def test_an_unsupported_construct_is_kind_unsupported():
    r = _run(POLYMORPHIC)
    assert r.verdict is Verdict.UNKNOWN and r.kind is UnknownKind.UNSUPPORTED, r.reason
    assert r.reason.startswith("unsupported") and _kind_in_json(r) == "unsupported"


def test_a_crash_is_kind_internal(monkeypatch):
    import verifier.engine as engine

    def boom(*args, **kw):
        raise RuntimeError("boom\nsecond line")
    monkeypatch.setattr(engine, "prepare", boom)
    r = _run(SIMPLE_BUG)
    assert r.verdict is Verdict.UNKNOWN and r.kind is UnknownKind.INTERNAL
    assert r.reason.startswith("internal error: RuntimeError: boom (")
    assert "second line" not in r.reason and _kind_in_json(r) == "internal"


@pytest.mark.parametrize("error,kind,reason", [
    (MemoryError(), UnknownKind.MEMORY, "resource limit: out of memory"),
    (Unsupported("unsupported: polymorphic maps"), UnknownKind.UNSUPPORTED,
     "unsupported: polymorphic maps"),
    (RecursionError("too deep"), UnknownKind.INTERNAL, "internal error: recursion limit"),
])
def test_the_engine_maps_exceptions_through_the_one_helper(monkeypatch, error, kind, reason):
    import verifier.engine as engine

    def fail(*args, **kw):
        raise error
    monkeypatch.setattr(engine, "prepare", fail)
    r = _run(SIMPLE_BUG)
    assert r.kind is kind and r.reason.startswith(reason), r.reason


def test_a_solver_out_of_memory_is_kind_memory():
    import z3
    r = unknown_from(z3.Z3Exception("out of memory"))
    assert r.kind is UnknownKind.MEMORY
    assert r.reason == "resource limit: the solver ran out of memory"


@pytest.mark.parametrize("message", [b"canceled", "canceled"])
def test_a_solver_interrupted_outside_a_check_is_a_timeout(message):
    """z3 raises "canceled" when an interrupt (a deadline's, a rival's answer) reaches a
    call other than a check (SV-COMP's virtio_blk task once answered "internal error:
    Z3Exception: b'canceled'" so): a limit, not a defect; any other z3 error stays one."""
    import z3
    r = unknown_from(z3.Z3Exception(message))
    assert r.kind is UnknownKind.TIMEOUT and r.reason == "timeout (the solver was interrupted)"
    r = unknown_from(z3.Z3Exception(b"Sort mismatch"))
    assert r.kind is UnknownKind.INTERNAL and "Sort mismatch" in r.reason


def test_a_solver_interrupted_between_checks_ends_as_a_timeout():
    """The interrupt really raises "canceled" outside a check: a tactic applied on an
    interrupted context (z3 keeps the cancel flag while the call runs)."""
    import threading
    import z3
    from verifier.smt.z3context import is_interrupted
    ctx = z3.Context()
    xs = [z3.BitVec(f"x{i}", 64, ctx=ctx) for i in range(8)]
    g = z3.Goal(ctx=ctx)
    prod = xs[0]
    for x in xs[1:]:
        prod = prod * x
    g.add(prod == 0x123456789ABCDEF1, *[x > 1 for x in xs])
    timer = threading.Timer(0.2, ctx.interrupt)
    timer.start()
    try:
        z3.Tactic("bit-blast", ctx=ctx)(z3.Tactic("simplify", ctx=ctx)(g)[0])
        z3.Then("simplify", "bit-blast", "sat", ctx=ctx)(g)
    except z3.Z3Exception as e:
        assert is_interrupted(e), e
    else:
        pytest.skip("the tactics finished before the interrupt")
    finally:
        timer.cancel()


def test_the_solver_unknown_classification():
    assert solver_unknown_kind("work limit") is UnknownKind.RESOURCE
    assert solver_unknown_kind("timeout") is UnknownKind.TIMEOUT
    assert solver_unknown_kind("canceled") is UnknownKind.TIMEOUT
    assert solver_unknown_kind("interrupted") is UnknownKind.TIMEOUT
    assert solver_unknown_kind("incomplete quantifiers") is UnknownKind.SOLVER_UNKNOWN


def test_only_unknown_carries_a_kind_and_json_round_trips():
    assert Result(Verdict.CORRECT).kind is None
    assert "reason_kind" not in Result(Verdict.CORRECT).to_json()
    assert Result(Verdict.UNKNOWN, "?").kind is UnknownKind.OTHER
    with pytest.raises(AssertionError):
        Result(Verdict.CORRECT, kind=UnknownKind.TIMEOUT)
    for k in UnknownKind:
        assert UnknownKind.from_json(k.value) is k
    assert UnknownKind.from_json(None) is None and UnknownKind.from_json("nope") is None


def test_the_exception_types_are_one_family():
    """Every layer's Unsupported and bad-input types are the two of boogie/errors.py."""
    from bench.runner import BenchInputError
    from frontend.llvm.ir_text import UnsupportedIR
    from frontend.load import BadInput as LoadBadInput, Unsupported as LoadUnsupported
    from pycorral.cli import InputError, Unsupported as CliUnsupported
    from svcomp.svcomp_mode import SvcompInputError, _Unsupported
    for t in (UnsupportedIR, LoadUnsupported, CliUnsupported, _Unsupported):
        assert issubclass(t, Unsupported), t
    for t in (LoadBadInput, InputError, SvcompInputError, BenchInputError):
        assert issubclass(t, BadInput), t


# ----------------------------------------------------------------------------- the sources

def _product_files():
    for layer in PRODUCT:
        yield from sorted((ROOT / layer).rglob("*.py"))


def test_every_unknown_of_the_product_names_its_kind():
    missing = []
    for path in _product_files():
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Call) and node.args and \
                    getattr(node.func, "id", getattr(node.func, "attr", None)) == "Result":
                first = node.args[0]
                if isinstance(first, ast.Attribute) and first.attr == "UNKNOWN" and \
                        not any(k.arg == "kind" for k in node.keywords):
                    missing.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not missing, "Result(Verdict.UNKNOWN, ...) without kind=: " + ", ".join(missing)


# where a reason's text may still be read, and why (module path -> the why)
ALLOWED = {
    # a BOUNDED reason's own composition ("no bug found within bound N; WHY"), written by
    # verifier/search/deepening.py and read back to print WHY: not an UNKNOWN's reason
    "verifier/report/render.py": "a bounded reason's parts",
    # the JSON of a pycorral too old to write reason_kind: the text is the fallback
    "bench/runner.py": "output without reason_kind",
}


def _is_reason(node: ast.AST) -> bool:
    """A name or attribute called `reason` (or `..._reason`): the text of an outcome."""
    name = node.id if isinstance(node, ast.Name) else \
        node.attr if isinstance(node, ast.Attribute) else ""
    return name == "reason" or name.endswith("_reason")


def _reason_parses(tree: ast.AST):
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                node.func.attr in ("startswith", "endswith", "split", "find", "index") and \
                _is_reason(node.func.value):
            yield node.lineno
        if isinstance(node, ast.Compare) and any(isinstance(op, (ast.In, ast.NotIn))
                                                 for op in node.ops) and \
                any(_is_reason(c) for c in node.comparators):
            yield node.lineno


def test_no_module_parses_a_reason():
    found = []
    for path in _product_files():
        rel = str(path.relative_to(ROOT))
        if rel in ALLOWED:
            continue
        found += [f"{rel}:{n}" for n in _reason_parses(ast.parse(path.read_text(), rel))]
    assert not found, "branch on Result.kind (verifier.result.UnknownKind), not on the " \
        "reason's text: " + ", ".join(found)


def test_the_allow_list_is_still_needed():
    for rel in ALLOWED:
        tree = ast.parse((ROOT / rel).read_text(), rel)
        assert list(_reason_parses(tree)), f"{rel} no longer reads a reason: drop it"


def test_the_reason_walk_finds_what_it_looks_for():
    src = ("if r.reason.startswith('timeout'): pass\n"
           "if 'timeout' in result.reason: pass\n"
           "if reason.startswith('x') or 'y' in why: pass\n")
    assert list(_reason_parses(ast.parse(src))) == [1, 2, 3]


def test_product_files_are_found():
    assert any(p == Path(ROOT / "verifier" / "engine.py") for p in _product_files())


def test_sarif_names_the_kind():
    from verifier.report.sarif import render_sarif
    doc = json.loads(render_sarif(Result(Verdict.UNKNOWN, "timeout", kind=UnknownKind.TIMEOUT),
                                  ["p.bpl"]))
    assert doc["runs"][0]["properties"]["reason_kind"] == "timeout"
