"""Correctness witnesses carry the prover's loop invariants, in C, at the loop's line.

A loop task (our tests/data/svcomp/grid_walk.c, and the SV-COMP corpus's nested_4.c when
the corpus is present) is proved by the Horn-clause prover; its TRUE
answer's witness (GraphML 1.0 and YAML 2.0 `invariant_set`) must hold the loop-head
invariant as a C expression over the C variables at the `while` line, and pass our witness
checker; a witness whose invariant is not C is rejected by the checker.
"""
from __future__ import annotations

import re

import pytest

from frontend.load import FrontendOptions, load
from svcomp.invariants import c_expression, c_text, pointer_like_names
from svcomp.svcomp_mode import SvcompAnswer, witness_text
from svcomp.task import read_property
from svcomp.witness_check import check_graphml, check_yaml
from verifier.engine import verify
from verifier.options import VerifyOptions
from verifier.result import Verdict
from verifier.strategies import horn_prover

from conftest import ROOT, corpus_dir

OWN = ROOT / "tests" / "data" / "svcomp"
# (task, the line of the first loop fact, the names its invariant speaks of)
TASKS = {"own": ("grid_walk.c", 13, r"\b(col|lay)\b"),     # three nested loops up to 5
         "corpus": ("loop-simple/nested_4.c", 23, r"\b[bcd]\b")}   # four, up to 6


@pytest.fixture(scope="module", params=[
    "own", pytest.param("corpus", marks=pytest.mark.corpora("svcomp"))])
def proved(request):
    name, line, names = TASKS[request.param]
    c = OWN if request.param == "own" else corpus_dir("svcomp") / "c"
    path = str(c / name)
    prog = load([path], FrontendOptions(data_model="ILP32")).program
    # the first configurations (context relations: loop-head invariants) get a short
    # slice of work each (the same under any load); this test is about the witness, so
    # the slice is made long enough for the contexts configuration to prove the task
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(horn_prover, "HORN_SHORT_SLICE_WORK", 30.0)
        r = verify(prog, VerifyOptions(strategy="chc", timeout=150))
    assert r.verdict is Verdict.CORRECT, r.reason
    prop = read_property(str(c / "properties" / "unreach-call.prp"))
    return path, r, prop, line, names


def test_loop_invariant_is_a_proved_fact(proved):
    _, r, _, line, names = proved
    loops = [f for f in r.facts if f.kind == "loop"]
    assert loops and loops[0].line == line and loops[0].origin == "main"
    text = c_text(loops[0].expr)
    assert text and re.search(names, text), text


@pytest.mark.parametrize("fmt", ["graphml", "yaml"])
def test_witness_carries_the_invariant_and_checks(proved, fmt):
    path, r, prop, line, _ = proved
    answer = SvcompAnswer("TRUE", result=r)
    text = witness_text(answer, [path], prop, "ILP32", fmt)
    assert text is not None
    check = check_graphml if fmt == "graphml" else check_yaml
    assert check(text) == []
    if fmt == "graphml":
        assert '<data key="invariant">' in text and f">{line}<" in text
        assert '<data key="invariant.scope">main</data>' in text
    else:
        assert "loop_invariant" in text and f"line: {line}" in text


def test_checker_rejects_a_non_c_invariant(proved):
    path, r, prop, _, _ = proved
    text = witness_text(SvcompAnswer("TRUE", result=r), [path], prop, "ILP32", "graphml")
    broken = re.sub(r'(<data key="invariant">)[^<]*', r"\1x ==> y", text, count=1)
    assert any("not a C expression" in p for p in check_graphml(broken))
    ytext = witness_text(SvcompAnswer("TRUE", result=r), [path], prop, "ILP32", "yaml")
    ybroken = re.sub(r"value: .*", "value: x ==> (y", ytext, count=1)
    assert any("not a C expression" in p for p in check_yaml(ybroken))


def test_c_expression_drops_what_c_cannot_say():
    from boogie.parser import parse_expr
    assert c_expression(parse_expr("x + 1 <= y")) == \
        "(((long long)x + 1LL) <= (long long)y)"
    assert c_expression(parse_expr("x mod 2 == 0")) is None      # Euclidean, not C's %
    assert c_expression(parse_expr("$M.i32[p] == 0")) is None     # the heap
    assert c_text(parse_expr("x >= 0 && $p1 > 3 && y < 5")) == \
        "((long long)x >= 0LL) && ((long long)y < 5LL)"
    assert c_text(parse_expr("x >= 0 && p > 3"), exclude={"p"}) == "((long long)x >= 0LL)"
    names = pointer_like_names(["int *p; a[i] = 0; f(&q); x = y * z; if (u && v) w = -1;"])
    assert {"p", "a", "q"} <= names and not names & {"x", "y", "z", "u", "v", "w"}
