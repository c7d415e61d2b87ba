"""Incremental refinement: after a refinement adds tracked globals, the next search starts
from the previous abstraction's call tree (`corral_loop.run_corral`, `reusable`), as
Corral reuses its call tree.  Differential check: on every program whose abstraction loop
refines (the abstraction tests' programs, the sequential Corral regressions that refine
with /trackAllVars left out), the verdict is the same with and without the reuse, and a
refinement reuses at least one instance."""
from __future__ import annotations

import csv
from pathlib import Path

import pytest

from boogie.parser import parse_file
from boogie.passes.modifies import infer_modifies
from boogie.typecheck import typecheck
from cases import read_case
from conftest import CORPORA, corpus_dir
from verifier.corral_flags import parse_corral_flags
from verifier.engine import verify
from verifier.options import VerifyOptions
from verifier.result import Verdict

ABS = sorted((Path(__file__).parent / "data" / "bpl").glob("abs_*.bpl"))
# the sequential Corral regressions whose loop refines (measured: 2 or 3 iterations); the
# slow regression/smack/a.bpl is left to the measurement
CORRAL = ["regression/017/f.bpl", "regression/codeexpr/f1.bpl", "regression/codeexpr/f2.bpl",
          "fwdbck/4/simp4.bpl", "fwdbck/5/simp5.bpl", "fwdbck/11/simp11.bpl",
          "fwdbck/12/simp12.bpl", "fwdbck/15/simp15.bpl", "fwdbck/17/simp17.bpl"]


def _load(path: Path):
    prog = infer_modifies(parse_file(str(path)))
    typecheck(prog)
    return prog


def _both(prog, **kw):
    on = verify(prog, VerifyOptions(timeout=60, strategy="si", **kw))
    off = verify(prog, VerifyOptions(timeout=60, strategy="si", reuse_call_tree=False, **kw))
    assert on.verdict is off.verdict, (on.verdict, on.reason, off.verdict, off.reason)
    assert on.verdict is not Verdict.UNKNOWN, on.reason
    assert off.stats.reused_instances is None
    if on.stats.abstraction_iterations > 1:
        assert on.stats.reused_instances >= 1
        assert on.stats.abstraction_iterations == off.stats.abstraction_iterations
    return on


@pytest.mark.parametrize("path", ABS, ids=lambda p: p.stem)
def test_reuse_keeps_verdicts_on_the_abstraction_tests(path):
    _both(_load(path), **read_case(path).options().verify)


def _corral_rows() -> dict[str, dict]:
    d = corpus_dir("corral")
    with open(d / "expected.csv", newline="") as fh:
        return {r["file"]: r for r in csv.DictReader(fh)}


def corral_refining() -> list:
    """(program, options) of the refining Corral regressions, as Corral's flags say
    (/trackAllVars left out, so that the abstraction refines)."""
    rows = _corral_rows()
    out = []
    for name in CORRAL:
        flags = [f for f in rows[name]["corral_flags"].split()
                 if f.lower() != "/trackallvars"]
        opts = parse_corral_flags(flags).options
        opts.pop("timeout", None)
        opts.pop("strategy", None)
        out.append((_load(CORPORA / "corral" / name), opts))
    return out


# our own refining programs, and with the corpus present Corral's too
SOURCES = ["own", pytest.param("own+corral", marks=pytest.mark.corpora("corral"))]


@pytest.mark.corpora("corral")
@pytest.mark.parametrize("name", CORRAL)
def test_reuse_keeps_verdicts_on_refining_corral_tests(name):
    row = _corral_rows()[name]
    flags = [f for f in row["corral_flags"].split() if f.lower() != "/trackallvars"]
    opts = parse_corral_flags(flags).options
    opts.pop("timeout", None)
    opts.pop("strategy", None)
    r = _both(_load(CORPORA / "corral" / name), **opts)
    assert r.stats.abstraction_iterations >= 2
    want = {Verdict.BUG} if row["expected"].strip() == "bug" else \
        {Verdict.CORRECT, Verdict.BOUNDED}
    assert r.verdict in want, (r.verdict, row["expected"])


def _resume_both(prog, knob="resume_bound", **kw):
    """The verdict with the optimisation `knob` on (the default: deepening resumed after a
    refinement) and off (restarted from bound 1): the same; and the queries each asked."""
    on = verify(prog, VerifyOptions(timeout=60, strategy="si", **kw))
    off = verify(prog, VerifyOptions(timeout=60, strategy="si", **{knob: False}, **kw))
    assert on.verdict is off.verdict, (on.verdict, on.reason, off.verdict, off.reason)
    assert on.verdict is not Verdict.UNKNOWN, on.reason
    return on.stats.queries, off.stats.queries


@pytest.mark.parametrize("source", SOURCES)
def test_resumed_deepening_keeps_verdicts_and_saves_queries(source):
    """Every refining program of the tests above, at its own bound and at bound 4 (so that
    deepening has bounds to skip): verdicts equal, and over them all fewer queries."""
    saved = 0
    for path in ABS:
        kw = read_case(path).options().verify
        for extra in ({}, {"bound": max(4, kw.get("bound", 1))}):
            on, off = _resume_both(_load(path), **{**kw, **extra})
            saved += off - on
    for prog, opts in corral_refining() if source == "own+corral" else []:
        on, off = _resume_both(prog, **{**opts, "bound": 4})
        saved += off - on
    assert saved > 0, saved


def test_one_recheck_per_abstract_trace_keeps_verdicts_and_saves_queries():
    """An abstract trace is re-checked once, on the concrete program after concretization
    (`single_recheck`), not also on the abstraction: the same verdicts on the abstraction
    tests, with a query saved per spurious trace."""
    saved = 0
    for path in ABS:
        on, off = _resume_both(_load(path), "single_recheck", **read_case(path).options().verify)
        assert on <= off, path.stem
        saved += off - on
    assert saved > 0
