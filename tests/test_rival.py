"""A rival solver races z3 on a one-shot query (`verifier/smt/rival.py`; Bitwuzla for a query
without integer arithmetic, cvc5 otherwise).  Checks:
* each door answers SAT with the constants' values, and UNSAT; Bitwuzla refuses integers;
* the pick by the query's logic, and the pins z3 reads back (quoted names);
* a floating-point query that z3 alone leaves undecided within its work cap (x / 3 * 3 != x
  for 0.5 < x < 2: tens of seconds in z3) is SAT with the race, with z3's own model, which
  satisfies the formula -- and UNKNOWN without the rivals (PYCORRAL_RIVALS=none), the same
  cap: whether it decides is in work and CPU time, not in who was faster;
* a rival's SAT that z3 does not confirm with the rival's values is UNKNOWN, never SAT;
* end to end: a C float bug is found and replayed, with the race in the statistics.
"""
from __future__ import annotations

import json
import struct
import subprocess
import sys
from pathlib import Path

import pytest

import verifier.smt.rival as rival
from boogie.parser import parse_expr, parse_program
from boogie.typecheck import typecheck
from verifier.smt.factory import open_solver
from verifier.smt.solver import CheckResult

ROOT = Path(__file__).resolve().parents[1]
need = pytest.mark.skipif(rival.available(("bitwuzla", "cvc5")) != ("bitwuzla", "cvc5"),
                          reason="bitwuzla and cvc5 are not installed")

BV_SAT = "(declare-fun x () (_ BitVec 8))\n(assert (= (bvmul x #x03) #x15))\n"
BV_UNSAT = "(declare-fun x () (_ BitVec 8))\n(assert (= (bvmul x #x02) #x15))\n"
INT_SAT = "(declare-fun |a!1| () Int)\n(assert (and (> |a!1| 5) (< |a!1| 7)))\n"


@need
@pytest.mark.parametrize("solver, text, answer, values", [
    ("bitwuzla", BV_SAT, "sat", {"x": "#b00000111"}),
    ("bitwuzla", BV_UNSAT, "unsat", {}),
    ("cvc5", BV_SAT, "sat", {"x": "#b00000111"}),
    ("cvc5", INT_SAT, "sat", {"a!1": "6"}),
    ("cvc5", BV_UNSAT, "unsat", {}),
])
def test_doors(solver, text, answer, values):
    a = rival.Rival(solver, text, 30).wait(120)
    assert a is not None and a.answer == answer, a
    got = {k.strip("|"): v for k, v in a.values.items()}
    assert got == values


@need
def test_bitwuzla_has_no_integers():
    a = rival.Rival("bitwuzla", INT_SAT, 30).wait(120)
    assert a.answer == "error" and "Int" in a.why


def test_pick_by_logic():
    both = ("bitwuzla", "cvc5")
    assert rival.pick(False, False, both) == "bitwuzla"
    assert rival.pick(True, False, both) == "cvc5"
    assert rival.pick(True, True, both) is None
    assert rival.pick(False, False, ("cvc5",)) == "cvc5"
    assert rival.pick(True, False, ("bitwuzla",)) is None
    assert rival.pick(False, False, ()) is None


def test_pins_quote_names():
    assert rival.pinned({"|a!1|": "6", "b$c": "true", "bad|name": "1"}) == \
        "(assert (= |a!1| 6))\n(assert (= |b$c| true))\n"


FLOAT_PROG = """
function {:builtin "(_ to_fp 11 53)"} bits2d(x: bv64) returns (float53e11);
function {:builtin "fp.div"} fdiv(rm: rmode, a: float53e11, b: float53e11) returns (float53e11);
function {:builtin "fp.mul"} fmul(rm: rmode, a: float53e11, b: float53e11) returns (float53e11);
function {:builtin "fp.eq"} feq(a: float53e11, b: float53e11) returns (bool);
function {:builtin "fp.gt"} fgt(a: float53e11, b: float53e11) returns (bool);
function {:builtin "fp.lt"} flt(a: float53e11, b: float53e11) returns (bool);
function {:builtin "fp.to_ieee_bv"} d2bits(a: float53e11) returns (bv64);
var x: float53e11;
procedure p();
"""
THREE, HALF, TWO = 0x4008000000000000, 0x3fe0000000000000, 0x4000000000000000
FACT = (f"fgt(x, bits2d({HALF}bv64)) && flt(x, bits2d({TWO}bv64)) && "
        f"!feq(fmul(RNE, fdiv(RNE, x, bits2d({THREE}bv64)), bits2d({THREE}bv64)), x)")


def _guarded_solver(monkeypatch, rivals: str, cap: str, text: str, fact: str):
    """A solver for program `text` holding `a ==> fact`, with these rivals and this
    core cap (PYCORRAL_ONE_SHOT_AFTER): (solver, its globals, a)."""
    monkeypatch.setenv("PYCORRAL_RIVALS", rivals)
    monkeypatch.setenv("PYCORRAL_ONE_SHOT_AFTER", cap)
    prog = parse_program(text)
    typecheck(prog)
    s = open_solver(prog)
    env = {n: s.const(n, d.type) for n, d in prog.global_vars().items()}
    a = s.bool_const("a")
    s.add(s.implies(a, s.translate(parse_expr(fact), env)))
    return s, env, a


def _float_solver(monkeypatch, rivals: str):
    return _guarded_solver(monkeypatch, rivals, "0.2", FLOAT_PROG, FACT)


@need
def test_race_decides_a_float_query_z3_leaves_undecided(monkeypatch):
    s, env, a = _float_solver(monkeypatch, "bitwuzla,cvc5")
    assert s.check([a], work=3.0) is CheckResult.SAT
    assert s.stats()["race_queries"] == 1 and s.stats()["race_unconfirmed"] == 0
    bits = int(s.model_value(s.translate(parse_expr("d2bits(x)"), env)).replace("bv64", ""))
    x = struct.unpack("<d", struct.pack("<Q", bits))[0]
    assert 0.5 < x < 2.0 and x / 3.0 * 3.0 != x, x
    alone, env, a = _float_solver(monkeypatch, "none")
    assert alone.check([a], work=3.0) is CheckResult.UNKNOWN
    assert alone.stats()["race_queries"] == 0


class _Liar:
    """A rival that says SAT with values that do not satisfy the query."""

    def __init__(self, solver, text, cpu, on_answer=None):
        self.answer = rival.Answer(solver, "sat", {"x": "(fp #b0 #b01111111111 #x0000000000000)"})
        if on_answer is not None:
            on_answer(self.answer)

    def wait(self, timeout=None):
        return self.answer

    def stop(self):
        pass


@need
def test_a_sat_z3_does_not_confirm_is_unknown(monkeypatch):
    monkeypatch.setattr(rival, "Rival", _Liar)
    s, env, a = _float_solver(monkeypatch, "bitwuzla")
    assert s.check([a], work=3.0) is CheckResult.UNKNOWN      # x = 1.0: 1/3*3 == 1
    assert s.stats()["race_unconfirmed"] == 1


@need
def test_c_float_bug_found_with_the_race(tmp_path):
    src = tmp_path / "third.c"
    src.write_text(
        "#include <assert.h>\n"
        "extern double __VERIFIER_nondet_double(void);\n"
        "int main(void) {\n"
        "  double x = __VERIFIER_nondet_double();\n"
        "  if (x > 0.5 && x < 2.0) {\n"
        "    double third = x / 3.0;\n"
        "    assert(third * 3.0 == x);\n"
        "  }\n"
        "  return 0;\n"
        "}\n")
    p = subprocess.run([sys.executable, "-m", "pycorral.cli", "check", str(src), "--frontend",
                        "llvm", "--encoding", "bv", "--strategy", "si", "--json", "--stats",
                        "--timeout", "500"],  # the wall clock must not decide (a busy machine)
                       cwd=ROOT, capture_output=True, text=True, timeout=600)
    doc = json.loads(p.stdout)
    assert p.returncode == 10 and doc["verdict"] == "bug", p.stdout[-2000:]
    assert "confirmed" in json.dumps(doc.get("replay", doc)), p.stdout[-2000:]
    assert doc["stats"]["race_queries"] >= 1, doc["stats"]


@need
def test_time_solvers_script(tmp_path):
    """scripts/time_solvers.py times each solver on each query (a tiny one here) and prints
    their answers; the bundled set (bench/queries/) is there for it."""
    (tmp_path / "tiny.smt2").write_text("; a tiny query\n" + BV_SAT)
    p = subprocess.run([sys.executable, str(ROOT / "scripts" / "time_solvers.py"),
                        str(tmp_path), "--runs", "1", "--cpu", "30"],
                       cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr[-2000:]
    rows = [r for r in p.stdout.splitlines() if r.startswith("| tiny.smt2")]
    assert [r.split(" | ")[1:3] for r in rows] == \
        [["bitwuzla", "sat"], ["cvc5", "sat"], ["z3", "sat"]], p.stdout
    assert len(list((ROOT / "bench" / "queries").glob("*.smt2"))) >= 3


# Each: a query whose only freedom is an open result (SMT-LIB leaves it unspecified), once
# with one value and once with another.  A solver reading it as any value answers SAT both
# times; one fixing a value would answer UNSAT once, and its UNSAT would then not be z3's.
_OPEN = [
    ("(_ FloatingPoint 8 24)", "(and (fp.isZero x) (fp.isPositive x))",
     ["(fp.isNegative (fp.min x (_ -zero 8 24)))",
      "(not (fp.isNegative (fp.min x (_ -zero 8 24))))",
      "(fp.isNegative (fp.max x (_ -zero 8 24)))",
      "(not (fp.isNegative (fp.max x (_ -zero 8 24))))"]),
    ("(_ FloatingPoint 8 24)", "(fp.isInfinite x)",
     ["(= ((_ fp.to_sbv 8) RTZ x) #x00)", "(= ((_ fp.to_sbv 8) RTZ x) #x80)",
      "(= ((_ fp.to_ubv 8) RTZ x) #x17)", "(= ((_ fp.to_ubv 8) RTZ x) #xff)"]),
    ("(_ FloatingPoint 8 24)", "(fp.isNaN x)",
     ["(= ((_ fp.to_sbv 8) RTZ x) #x01)", "(= ((_ fp.to_sbv 8) RTZ x) #x7f)"]),
]


@pytest.mark.parametrize("solver", ["z3", *rival.available(rival.SOLVERS)])
def test_open_results_are_any_value_in_every_solver(solver):
    for sort, given, wanted in _OPEN:
        for w in wanted:
            q = f"(declare-const x {sort})\n(assert {given})\n(assert {w})\n(check-sat)\n"
            p = subprocess.run([sys.executable, "-m", "verifier.smt.rival", solver, "20"],
                               input=q, capture_output=True, text=True, cwd=ROOT, timeout=120)
            assert json.loads(p.stdout)["answer"] == "sat", (solver, w, p.stdout, p.stderr)


BV_PROG = """
function {:bvbuiltin "bvmul"} mul32(a: bv32, b: bv32) returns (bv32);
function {:bvbuiltin "bvugt"} ugt32(a: bv32, b: bv32) returns (bool);
var x: bv32;
var y: bv32;
procedure p();
"""
# a product of two factors above 1: z3's core needs more than the tiny cap set below
BV_FACT = "ugt32(x, 1bv32) && ugt32(y, 1bv32) && mul32(x, y) == 3837425707bv32"


def _bv_solver(monkeypatch, rivals: str):
    return _guarded_solver(monkeypatch, rivals, "0.0001", BV_PROG, BV_FACT)


@need
def test_a_query_asked_once_is_raced_on_bit_vectors_too(monkeypatch):
    # the concrete check of an abstract path and a bug's re-check (`rival=True`): a
    # quantifier-free bit-vector query goes from the core's cap to the one-shot query,
    # where Bitwuzla races z3 (kbfiltr_false: z3's core spun 300 s, Bitwuzla 0.2 s);
    # z3 confirms the rival's SAT with its values and the model is z3's
    s, env, a = _bv_solver(monkeypatch, "bitwuzla")
    assert s.check([a], work=30.0, rival=True) is CheckResult.SAT
    assert s.stats()["race_queries"] == 1 and s.stats()["race_unconfirmed"] == 0
    x = int(s.model_value(env["x"]).replace("bv32", ""))
    y = int(s.model_value(env["y"]).replace("bv32", ""))
    assert x > 1 and y > 1 and (x * y) % 2**32 == 3837425707
    # any other check of a quantifier-free bit-vector formula stays in z3's core
    plain, env, a = _bv_solver(monkeypatch, "bitwuzla")
    plain.check([a], work=30.0)
    assert plain.stats()["race_queries"] == 0

