"""Inconsistent axioms (verifier/search/vacuity.py): no verdict, with the axioms named, and at once;
consistent axioms change nothing.  Also the macro folding that keeps a function named in
a trigger uninterpreted (boogie/passes/macros.py), which lets z3 meet the contradiction
instead of looping on an arithmetic trigger."""
from __future__ import annotations

import pytest

from boogie.ast import AxiomDecl, FunctionDecl
from boogie.parser import parse_program
from boogie.passes.macros import fold_macros
from verifier.engine import verify
from verifier.options import VerifyOptions
from verifier.result import Verdict
from verifier.search.vacuity import inconsistent_axioms

from conftest import corpus_dir, cpu_seconds

# The storm preamble's axiom (Corral regression 004): false for size == 0.
DIVISION = """
function M(a: int, b: int, size: int) : int;
axiom (forall a: int, b: int, size: int :: {M(a, b, size)}
         size * M(a, b, size) <= a - b && a - b < size * (M(a, b, size) + 1));
"""
# Each consistent alone, not together.
ABOVE_BELOW = """
function F(int) : int;
axiom (forall a: int :: {F(a)} F(a) > a);
axiom (forall a: int :: {F(a)} F(a) < a);
"""
PROGRAM = """
var g: int;
procedure main() modifies g; { g := M(7, 3, 2); assert 4 %s 2 * g; }
"""


GROUND = """
const M: int;
function F(int) : int;
axiom M == 1;
axiom M == 2;
"""


@pytest.mark.parametrize("axioms,lines", [(DIVISION, (3,)), (ABOVE_BELOW, (3, 4)),
                                          (GROUND, (4, 5))])
@pytest.mark.parametrize("op", ["==", "!="])
def test_inconsistent_axioms_give_no_verdict(axioms, lines, op):
    src = axioms + (PROGRAM % op).replace("M(7, 3, 2)", "M(7, 3, 2)" if "M(" in axioms
                                          else "F(2) - 1")
    r = verify(parse_program(src, "in.bpl"), VerifyOptions(bound=1, timeout=30))
    assert r.verdict is Verdict.UNKNOWN
    assert "axioms are inconsistent" in r.reason, r.reason
    assert all(f"in.bpl:{n}" in r.reason for n in lines), r.reason


@pytest.mark.parametrize("op,verdict", [("<", Verdict.BUG), (">=", Verdict.CORRECT)])
def test_consistent_axioms_change_nothing(op, verdict):
    # (z3 cannot model `F(a) > a` alone: MBQI looks for a finite interpretation)
    natural = "function F(int) : int;\naxiom (forall a: int :: {F(a)} F(a) >= 0);\n"
    main = "var g: int;\nprocedure main() modifies g; { g := F(2); assert 2 * g %s 0; }\n"
    prog = parse_program(natural + main % op, "ok.bpl")
    assert inconsistent_axioms(prog) is None
    for strategy in ("si", "auto"):
        r = verify(prog, VerifyOptions(bound=1, timeout=30, strategy=strategy))
        assert r.verdict is verdict, r.reason


@pytest.mark.corpora("corral")
@pytest.mark.parametrize("path,line", [("regression/004/004.bpl", 115),
                                       ("regression/005/005.bpl", 171),
                                       ("regression/010/test.bpl", 85)])
def test_the_storm_preamble_is_found_inconsistent_quickly(path, line):
    from boogie.passes.pipeline import lower
    file = corpus_dir("corral") / path
    prog = lower(parse_program(file.read_text(), str(file)))
    t0 = cpu_seconds()                 # CPU time (with any solver process): not the load
    found = inconsistent_axioms(prog)
    assert found is not None and cpu_seconds() - t0 < 5
    assert any(w.endswith(f":{line}") for w in found.where), found.where


def test_a_function_in_a_trigger_keeps_its_defining_axiom():
    src = """
    function PLUS(a: int, n: int, b: int) : int;
    axiom (forall a: int, n: int, b: int :: {PLUS(a, n, b)} PLUS(a, n, b) == a + n * b);
    function MULT(a: int, b: int) : int;
    axiom (forall a: int, b: int :: {MULT(a, b)} MULT(a, b) == a * b);
    function Rep(int, int) : int;
    axiom (forall n: int, x: int, z: int :: {PLUS(x, n, z)} Rep(n, x) == Rep(n, PLUS(x, n, z)));
    """
    out = fold_macros(parse_program(src))
    bodies = {d.name: d.body for d in out.decls if type(d) is FunctionDecl}
    assert bodies["PLUS"] is None and bodies["MULT"] is not None   # MULT: in no trigger
    assert sum(1 for d in out.decls if type(d) is AxiomDecl) == 2
