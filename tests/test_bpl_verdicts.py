"""Data-driven verdict tests on small Boogie programs, run through every engine.

Each tests/data/bpl/*.bpl starts with `// EXPECT: bug|correct|bounded|no-bug|possible-bug`
(no-bug = correct or bounded; possible-bug: the trace rests on a `{:extern}` procedure) and optional `// FLAGS: --bound N --reach --entry P` (read by
tests/cases.py, the flags parsed by `pycorral check`'s own parser).  Every file is
checked with stratified inlining, static inlining, Legion, DAG inlining and inertial
refinement; each must give the expected verdict
(so they also agree with each other), and every bug carries a trace."""
from __future__ import annotations

from pathlib import Path

import pytest

from boogie.parser import parse_file
from boogie.passes.modifies import infer_modifies
from boogie.typecheck import typecheck
from verifier.engine import verify
from verifier.options import VerifyOptions
from verifier.result import Verdict

from cases import read_case

DATA = Path(__file__).parent / "data" / "bpl"
FILES = sorted(DATA.glob("*.bpl"))
EXPECTED = {"bug": {Verdict.BUG}, "correct": {Verdict.CORRECT}, "bounded": {Verdict.BOUNDED},
            "no-bug": {Verdict.CORRECT, Verdict.BOUNDED},
            "possible-bug": {Verdict.POSSIBLE_BUG}}


def test_corpus_present():
    assert len(FILES) >= 10


@pytest.mark.parametrize("strategy", ["si", "static", "legion", "di", "inertial"])
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_verdict(path: Path, strategy: str):
    case = read_case(path)
    expect, opts = case.expect, case.options().verify
    prog = infer_modifies(parse_file(str(path)))
    typecheck(prog)
    r = verify(prog, VerifyOptions(strategy=strategy, timeout=60, **opts))
    assert r.verdict in EXPECTED[expect], (r.verdict, r.reason)
    if r.verdict.has_trace:
        assert r.trace is not None and r.trace.steps
    assert bool(r.depends_on) == (r.verdict is Verdict.POSSIBLE_BUG)
