"""Differential soundness check of --houdini against the explicit-state interpreter.

The random programs of tests/test_verifier_differential.py (three procedures with bodies,
nested calls, globals, body-less procedures) are verified with Houdini on, with typestate
candidates and a user file of generic candidates for every procedure and global
(`g == old(g)`, `g >= old(g)`, `g == 0`, `g > 0`, `!error`): many are false, some are true.
Whatever Houdini keeps, a summary must never hide a failing execution: at bound 1 (every call
site beyond it summarized) CORRECT needs the interpreter to find no failure, and BUG needs a
failing execution (as in the differential test)."""
from __future__ import annotations

import sys

import pytest

import test_passes_semantics as semantics
from test_houdini import houdini_hook, run  # noqa: F401  (the fixture is used by pytest)
from test_verifier_differential import WIDE, _interpret, random_program2
from boogie.parser import parse_program
from boogie.passes.pipeline import prepare
from verifier.options import VerifyOptions
from verifier.result import Verdict

SEEDS_FAST = 12
SEEDS = 200


def generic_candidates(program) -> str:
    prepared = prepare(program, "main")
    lines = []
    for g, d in prepared.program.global_vars().items():
        if g == prepared.error_var:
            lines.append(f"*: !{g}")
        elif type(d.type).__name__ == "IntType":
            lines += [f"*: {g} == old({g})", f"*: {g} >= old({g})", f"*: {g} == 0",
                      f"*: {g} > 0"]
    return "\n".join(lines) + "\n"


def contradictions(text: str, tmp_path, timeout: float) -> list[str]:
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20000))
    program = parse_program(text, "random.bpl")
    cand = tmp_path / "generic.cand"
    cand.write_text(generic_candidates(program))
    truth, cut = _interpret(program, semantics.DOMAIN, 30_000)
    problems = []
    for bound in (1, 3):
        r, stats = run(program, VerifyOptions(entry="main", bound=bound, houdini=True,
                                              candidates=str(cand), timeout=timeout))
        assert "internal error" not in r.reason, r.reason
        if r.verdict is Verdict.CORRECT and truth == "bug":
            problems.append(f"bound {bound}: CORRECT with Houdini "
                            f"({stats.get('houdini_proved')} summaries) but an execution fails")
        if r.verdict is Verdict.BUG and truth == "correct" and not cut:
            truth, cut = _interpret(program, WIDE, 200_000)
            if truth == "correct" and not cut:
                problems.append(f"bound {bound}: BUG with Houdini but no execution fails")
    return problems


@pytest.mark.parametrize("seed", [pytest.param(s, marks=() if s < SEEDS_FAST else
                                               pytest.mark.slow) for s in range(SEEDS)])
def test_houdini_never_hides_a_failure(seed: int, tmp_path):
    text = random_program2(seed)
    assert contradictions(text, tmp_path, 5.0 if seed < SEEDS_FAST else 30.0) == [], text
