"""boogie/passes/axioms.py: axioms about symbols no procedure reaches are dropped, the
others kept -- and the verdicts stay the same (Boogie's /prune)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from boogie.ast import AxiomDecl
from boogie.parser import parse_program
from boogie.passes.axioms import prune_axioms
from boogie.printer import format_program
from verifier.engine import verify
from verifier.options import VerifyOptions
from verifier.result import Verdict

from conftest import corpus_dir

ROOT = Path(__file__).resolve().parents[1]

# SMACK's floating-point prelude (a bijection between `float` and `int`) next to a program
# that uses a function constrained by its own axioms
PROGRAM = """
type float;
function $si2fp(i: int) : float;
function $fp2si(f: float) : int;
axiom (forall f: float :: $si2fp($fp2si(f)) == f);
axiom (forall i: int :: $fp2si($si2fp(i)) == i);
function $and(a: int, b: int) : int;
axiom $and(1, 1) == 1;
function helper(x: int) : int;
axiom (forall x: int :: helper(x) == $and(x, x));
const K: int;
axiom K == 3;
const unused: int;
axiom unused == 4;
axiom (forall x: int :: x + 0 == x);
procedure main() {
  var y: int;
  y := helper(1);
  assert y == 1 && K == 3;
}
"""


def _axioms(text: str) -> list[str]:
    p = prune_axioms(parse_program(text))
    return [format_program(type(p)((d,))).strip() for d in p.decls if isinstance(d, AxiomDecl)]


def test_unreached_axioms_are_dropped_and_the_chain_of_reached_ones_kept():
    kept = "\n".join(_axioms(PROGRAM))
    assert "$si2fp" not in kept and "unused" not in kept            # nothing reaches them
    assert "helper(x) == $and(x, x)" in kept                        # called by main
    assert "$and(1, 1) == 1" in kept                                # through helper's axiom
    assert "K == 3" in kept
    assert "x + 0 == x" in kept                                     # no symbol: kept


def test_an_axiom_about_a_type_the_code_uses_is_kept():
    text = """
type T;
axiom (forall a, b: T :: a == b);
procedure main() { var x, y: T; havoc x, y; assert x == y; }
"""
    assert len(_axioms(text)) == 1
    r = verify(parse_program(text), VerifyOptions(strategy="si", bound=1))
    assert r.verdict is Verdict.CORRECT, r.reason


def test_verdicts_rest_on_the_kept_axioms():
    r = verify(parse_program(PROGRAM), VerifyOptions(strategy="si", bound=1))
    assert r.verdict is Verdict.CORRECT, r.reason
    buggy = PROGRAM.replace("axiom $and(1, 1) == 1;", "axiom $and(1, 1) == 0;")
    r = verify(parse_program(buggy), VerifyOptions(strategy="si", bound=1))
    assert r.verdict is Verdict.BUG, r.reason


@pytest.mark.corpora("corral")
def test_corral_trace_regression_is_decided_without_the_float_prelude():
    # every query of this SMACK program ran past 60 s on the unused float axioms
    path = corpus_dir("corral") / "regression" / "trace" / "a.bpl"
    r = subprocess.run([sys.executable, "-m", "pycorral.cli", "check", str(path),
                        "/noTraceOnDisk", "/tryCTrace", "--timeout", "60"],
                       cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 10, r.stdout + r.stderr
    assert r.stdout.startswith("bug found"), r.stdout
