"""VC generation (verifier/vc.py) and the z3 encoder on small hand-checked procedures.

Each test builds templates for a loop-free program written directly in the form the
pipeline produces and asks whether the entry can return, with call sites inlined
(`inline=True`, up to a small bound), left open (their havoc summary) or blocked."""
from __future__ import annotations

import pytest

from boogie.parser import parse_program
from boogie.passes.pipeline import lower
from verifier.options import VerifyOptions
from verifier.search.call_tree import Budget, CallTree
from verifier.smt.solver import CheckResult, Unsupported
from verifier.smt.factory import open_solver
from verifier.strategies.static_inlining import run_static
from verifier.traces.trace import model_path
from verifier.vc import VCGen


def _setup(src: str, entry: str = "main", bound: int = 3):
    prog = lower(parse_program(src, "t.bpl"))     # what the pipeline's prepare ends with
    solver = open_solver(prog)                   # axioms and unique constants asserted
    gen = VCGen(prog, solver)
    tree = CallTree(solver, gen, entry, VerifyOptions(bound=bound))
    return solver, tree


def reach(src: str, entry: str = "main", *, calls: str = "inline", bound: int = 3):
    """Can `entry` return?  calls: inline (everything up to bound, rest blocked) / open /
    blocked."""
    solver, tree = _setup(src, entry, bound)
    if calls == "inline":
        return run_static(tree, Budget(None, None)).verdict.value
    blocked = tree.blocking(None) if calls == "blocked" else []
    return solver.check(blocked).value


def test_diamond_join_incarnations():
    src = """
    procedure main() {
      var x: int;
      start: goto l, r;
      l: x := 1; goto join;
      r: x := 2; goto join;
      join: assume x == %s; return;
    }"""
    assert reach(src % "2", calls="open") == "sat"
    assert reach(src % "1", calls="open") == "sat"
    assert reach(src % "3", calls="open") == "unsat"


def test_diamond_path_follows_the_model():
    src = """
    procedure main() {
      var x: int;
      start: goto l, r;
      l: x := 1; goto join;
      r: x := 2; goto join;
      join: assume x == 2; return;
    }"""
    solver, tree = _setup(src)
    assert solver.check([]) is CheckResult.SAT
    labels = [e.label for e in model_path(solver, tree.root) if e.kind == "block"]
    assert labels == ["start", "r", "join"]


def test_edge_copies_do_not_constrain_other_paths():
    # b assigns x on one edge into `join` only; a path start->b->out must stay feasible
    src = """
    procedure main() {
      var x: int;
      start: x := 0; goto a, b;
      a: x := 5; goto join;
      b: goto join, out;
      join: assume x == 5; goto out;
      out: assume x == 0; return;
    }"""
    assert reach(src, calls="open") == "sat"


def test_havoc_and_assume():
    src = """
    procedure main() {
      var x: int;
      start: x := 1; havoc x; assume x == 7; return;
    }"""
    assert reach(src, calls="open") == "sat"
    assert reach(src.replace("havoc x;", ""), calls="open") == "unsat"


CALLS = """
var g: int;
procedure inc(a: int) returns (r: int) { start: r := a + 1; return; }
procedure bump() modifies g; { start: g := old(g) + 5; return; }
procedure main() modifies g; {
  var y: int;
  start: g := 1; call y := inc(1); call bump(); assume %s; return;
}
"""


@pytest.mark.parametrize("cond,inlined,summary", [
    ("y == 2 && g == 6", "correct", "sat"),   # feasible: 'correct' = the entry returns?
])
def test_calls_with_outputs_and_globals(cond, inlined, summary):
    src = CALLS % cond
    # reach(..., inline) answers with a verdict of the reachability question:
    # "bug" = the entry can return
    assert reach(src) == "bug"
    assert reach(src, calls="open") == summary
    assert reach(src, calls="blocked") == "unsat"


@pytest.mark.parametrize("cond", ["y == 3", "g == 1", "g == 5"])
def test_calls_infeasible_when_inlined_feasible_as_summary(cond):
    src = CALLS % cond
    assert reach(src) == "correct"          # nothing blocked, UNSAT: proved
    assert reach(src, calls="open") == "sat"  # havoc summary over-approximates


def test_bodyless_procedure_havocs_and_assumes_ensures():
    src = """
    var g: int;
    procedure get() returns (r: int); modifies g; ensures r > old(g) && g == r;
    procedure main() modifies g; {
      var y: int;
      start: g := 10; call y := get(); assume %s; return;
    }"""
    assert reach(src % "y == 11 && g == 11") == "bug"
    assert reach(src % "y == 10") == "correct"
    assert reach(src % "g != y") == "correct"


def test_free_requires_assumed_at_entry():
    src = """
    procedure main(x: int) free requires x > 3; { start: assume x < 2; return; }"""
    assert reach(src) == "correct"


def test_recursion_bound_counts_instances():
    # count(n) recurses n times before returning; reaching the end of main with n == k
    # needs k+1 instances of count on one path
    src = """
    procedure count(n: int) {
      start: goto done, more;
      done: assume n <= 0; return;
      more: assume n > 0; call count(n - 1); return;
    }
    procedure main() { start: call count(2); return; }"""
    assert reach(src, bound=3) == "bug"
    assert reach(src, bound=2) == "bounded"


def test_maps_update_sugar_and_multi_index():
    src = """
    var m: [int]int;
    var n: [int,bool]int;
    var mm: [int][int]int;
    procedure main() modifies m, n, mm; {
      start:
        havoc m; m[1] := 5; n[2, true] := 7; mm[1][2] := 9;
        assume %s; return;
    }"""
    assert reach(src % "m[1] == 5 && n[2, true] == 7 && mm[1][2] == 9") == "bug"
    assert reach(src % "m[1] != 5") == "correct"
    assert reach(src % "mm[1][2] != 9") == "correct"
    assert reach(src % "n[2, false] == 3") == "bug"      # other index unconstrained


def test_old_in_two_levels():
    src = """
    var g: int;
    procedure p() modifies g; { start: g := g + 1; call q(); assume old(g) == 0; return; }
    procedure q() modifies g; { start: g := old(g) * 10; return; }
    procedure main() modifies g; { start: g := 0; call p(); assume g == %s; return; }"""
    assert reach(src % "10") == "bug"
    assert reach(src % "1") == "correct"


def test_bitvector_builtins():
    src = """
    function {:bvbuiltin "bvadd"} add(bv8, bv8) returns (bv8);
    function {:bvbuiltin "bvslt"} slt(bv8, bv8) returns (bool);
    function {:bvbuiltin "(_ sign_extend 8)"} sext(bv8) returns (bv16);
    function {:bvbuiltin "(_ zero_extend 8)"} zext(bv8) returns (bv16);
    procedure main() {
      var x: bv8;
      start: x := add(255bv8, 2bv8); assume %s; return;
    }"""
    assert reach(src % "x == 1bv8") == "bug"
    assert reach(src % "x == 2bv8 || x == 0bv8") == "correct"
    assert reach(src % "slt(255bv8, 0bv8)") == "bug"
    assert reach(src % "sext(255bv8) == 65535bv16 && zext(255bv8) == 255bv16") == "bug"
    assert reach(src % "x[8:4] ++ x[4:0] == 1bv8") == "bug"


def test_int_div_mod_are_euclidean_and_rem_builtin():
    src = """
    function {:builtin "rem"} rem(int, int) returns (int);
    procedure main() { start: assume %s; return; }"""
    assert reach(src % "(-7) div 2 == -4 && (-7) mod 2 == 1") == "bug"
    assert reach(src % "7 div -2 == -3 && 7 mod -2 == 1") == "bug"
    assert reach(src % "rem(-7, 2) == 1") == "bug"      # SMT-LIB rem, as Boogie emits it


def test_inline_functions_and_definitional_axioms():
    src = """
    function {:inline} twice(x: int) returns (int) { x + x }
    function f(x: int) returns (int);
    axiom (forall x: int :: f(x) == x * 3);
    procedure main() { start: assume twice(4) == %s && f(2) == 6; return; }"""
    assert reach(src % "8") == "bug"
    assert reach(src % "9") == "correct"


def test_quantified_axiom_with_trigger():
    src = """
    function h(int) returns (int);
    axiom (forall x: int :: {h(x)} h(x) > x);
    procedure main() { start: assume h(5) <= 5; return; }"""
    assert reach(src) == "correct"


def test_code_expression_is_a_disjunction_over_paths():
    src = """
    procedure main() {
      var g: int;
      start: g := 0; assume |{ var b: bool; A: goto B, C; B: b := g == 1; return b;
                                 C: b := g == 0; return b; }|; return;
    }"""
    assert reach(src) == "bug"


def test_uninterpreted_types_and_unique_constants():
    src = """
    type T;
    const unique a: T;
    const unique b: T;
    procedure main() { var x: T; start: havoc x; assume x == a && x == b; return; }"""
    solver, tree = _setup(src)
    assert solver.check([]) is CheckResult.UNSAT


def test_type_synonyms_are_expanded():
    src = """
    type i32 = int;
    type ref = i32;
    var M: [ref]i32;
    procedure main() modifies M; { start: M[1] := 3; assume M[1] + 1 == 4; return; }"""
    assert reach(src) == "bug"


def test_polymorphic_map_is_unsupported():
    src = """
    var m: <a>[a]int;
    procedure main() modifies m; { start: havoc m; return; }"""
    with pytest.raises(Unsupported):
        reach(src)


def test_loop_in_body_is_unsupported():
    src = """
    procedure main() { start: goto start; }"""
    with pytest.raises(Unsupported):
        reach(src)


def test_unknown_builtin_left_uninterpreted_and_recorded():
    src = """
    function {:builtin "fp.weird"} w(int) returns (int);
    procedure main() { start: assume w(1) == 2; return; }"""
    solver, tree = _setup(src)
    assert solver.check([]) is CheckResult.SAT
    assert solver.unknown_builtins == {"fp.weird"}


def test_template_is_built_once_per_procedure():
    src = """
    procedure leaf() { start: return; }
    procedure main() { start: call leaf(); call leaf(); call leaf(); return; }"""
    solver, tree = _setup(src)
    run_static(tree, Budget(None, None))
    assert tree.instances == 4
    assert set(tree.gen._templates) == {"main", "leaf"}


def test_call_site_actuals_in_nested_instances():
    # constants and expressions as actuals below the root (renamed through the parent's
    # substitution; z3 must not reorder them)
    src = """
    procedure q(a: int, b: int) returns (r: int) { start: r := a - b; return; }
    procedure p(k: int) returns (r: int) { start: call r := q(7, k + 1); return; }
    procedure main() { var y: int; start: call y := p(2); assume y == %s; return; }"""
    assert reach(src % "4") == "bug"
    assert reach(src % "-4") == "correct"


def test_code_expression_reaching_the_backend_is_unsupported():
    # the pipeline's lower desugars code expressions; a backend only converts terms
    prog = parse_program("procedure main() { start: assume |{ A: return true; }|; return; }",
                         "t.bpl")
    solver = open_solver(prog)
    block = prog.procedures()["main"].body.blocks[0]
    with pytest.raises(Unsupported, match="code expression"):
        solver.translate(block.cmds[0].expr, {})


def test_factory_names_its_backends():
    from verifier.smt.factory import BACKENDS
    prog = parse_program("procedure main() { start: return; }", "t.bpl")
    assert "z3" in BACKENDS
    assert open_solver(prog, backend="z3").check([]) is CheckResult.SAT
    with pytest.raises(ValueError, match="unknown solver backend"):
        open_solver(prog, backend="nope")
