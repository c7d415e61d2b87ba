"""boogie/passes/map_quantifiers.py: quantified map facts (SMACK's $malloc/$free frames,
$memcpy/$memset contracts, calloc facts) become equations -- and the verdicts stay the same.

Data: tests/data/map_facts/*.bpl, bug and correct twins (`// EXPECT`, `// FLAGS`).  Each is
verified with the pass as the pipeline runs it, and with the pass switched off; the first
must give the expected verdict, the second, where it decides, the same one.  The golden
forms of the rewrite are in tests/data/passes/map_quantifiers/ (tests/test_passes.py).
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import boogie.passes.pipeline as pipeline
from boogie.ast import MapSelect, Quant, QuantKind
from boogie.parser import parse_file, parse_program
from boogie.passes.map_quantifiers import eliminate_map_quantifiers
from boogie.passes.pipeline import prepare
from boogie.printer import format_program
from boogie.typecheck import typecheck
from boogie.visit import subexprs
from verifier.engine import verify
from verifier.options import VerifyOptions
from verifier.result import Verdict

from cases import read_case
from conftest import corpus_dir

ROOT = Path(__file__).resolve().parents[1]
DATA = Path(__file__).parent / "data" / "map_facts"
FILES = sorted(DATA.glob("*.bpl"))
EXPECTED = {"bug": Verdict.BUG, "correct": Verdict.CORRECT}


def _map_foralls(program) -> list[Quant]:
    """The universal quantifiers of the procedures whose body reads a map at a bound
    variable (the facts the pass is about)."""
    out = []
    for d in program.procedures().values():
        exprs = [c.expr for c in d.ensures] + [c.expr for c in d.requires]
        if d.body is not None:
            for b in d.body.blocks:
                exprs += [getattr(c, "expr", None) for c in b.cmds]
        for e in exprs:
            if e is None:
                continue
            for q in subexprs(e):
                if type(q) is Quant and q.kind is QuantKind.FORALL and any(
                        type(x) is MapSelect for x in subexprs(q.body)):
                    out.append(q)
    return out


def test_corpus_present():
    assert len(FILES) >= 8
    assert {read_case(f).expect for f in FILES} == {"bug", "correct"}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_facts_are_gone_after_the_pipeline(path: Path, monkeypatch):
    prog = parse_file(str(path))
    assert _map_foralls(prog), "the case must state a quantified map fact"
    prepared = prepare(prog).program
    typecheck(prepared)
    if path.stem.startswith("smack_alloc"):     # frames: store equations, also without lambdas
        assert not _map_foralls(prepared)
    monkeypatch.setattr(pipeline, "eliminate_map_quantifiers",
                        lambda p: eliminate_map_quantifiers(p, lambdas=True))
    prepared = prepare(prog).program
    typecheck(prepared)
    assert not _map_foralls(prepared)


def _with_lambdas(p):
    return eliminate_map_quantifiers(p, lambdas=True)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_verdicts_with_and_without_the_rewrite(path: Path, monkeypatch):
    """The full rewrite (lambdas included) gives the expected verdict; the quantified
    original, where it decides, the same one."""
    case = read_case(path)
    opts = VerifyOptions(strategy="si", timeout=60, **case.options().verify)
    prog = parse_file(str(path))
    monkeypatch.setattr(pipeline, "eliminate_map_quantifiers", _with_lambdas)
    got = verify(prog, opts)
    assert got.verdict is EXPECTED[case.expect], got.reason
    if got.verdict is Verdict.BUG:
        assert got.trace is not None
    monkeypatch.setattr(pipeline, "eliminate_map_quantifiers", lambda p: p)
    without = verify(prog, opts)
    if without.verdict in (Verdict.BUG, Verdict.CORRECT):
        assert without.verdict is got.verdict, without.reason


@pytest.mark.parametrize("path", [f for f in FILES if f.stem.startswith("smack_alloc")],
                         ids=lambda p: p.stem)
def test_pipeline_verdicts(path: Path):
    """The pipeline's own setting (stores only) on SMACK's $malloc/$free frames."""
    case = read_case(path)
    got = verify(parse_file(str(path)),
                 VerifyOptions(strategy="si", timeout=60, **case.options().verify))
    assert got.verdict is EXPECTED[case.expect], got.reason


def test_overlapping_guards_with_different_values_are_not_merged():
    text = """
var B: [int]int;
procedure p() modifies B; {
  anon0:
    assume (forall x: int :: x <= 0 ==> B[x] == 1);
    assume (forall x: int :: 0 <= x ==> B[x] == 2);
    assert false;
    return;
}
"""
    out = format_program(eliminate_map_quantifiers(parse_program(text), lambdas=True))
    assert "if x <= 0 then 1 else B[x]" in out and "if 0 <= x then 2 else B[x]" in out
    # the merged equation would make B[0] == 1 satisfy both: it must not appear
    assert "then 1 else if" not in out


def test_a_covering_group_drops_the_self_reference_and_an_open_one_keeps_it():
    text = """
var R: [int]int;
var M: [int]int;
procedure p(d: int, n: int) modifies R; {
  anon0:
    assume (forall x: int :: d <= x && x < d + n ==> R[x] == 0);
    assume (forall x: int :: x < d ==> R[x] == M[x]);
    assume (forall x: int :: d + n <= x ==> R[x] == M[x]);
    return;
}
procedure q(d: int, n: int) modifies R; {
  anon0:
    assume (forall x: int :: d <= x && x < d + n ==> R[x] == 0);
    assume (forall x: int :: x < d ==> R[x] == M[x]);
    return;
}
"""
    out = format_program(eliminate_map_quantifiers(parse_program(text), lambdas=True))
    p_text, q_text = out.split("procedure q")
    assert "R == (lambda x: int :: if d <= x && x < d + n then 0 else M[x]);" in p_text
    assert "else if x < d then M[x] else R[x]" in q_text
    assert "forall" not in out


def test_renaming_a_bound_variable_never_captures_a_free_one():
    text = """
var R: [int]int;
var M: [int]int;
var x: int;
procedure p(d: int) modifies R; {
  anon0:
    assume (forall x: int :: x < d ==> R[x] == 0);
    assume (forall y: int :: d <= y ==> R[y] == M[x]);
    return;
}
"""
    out = format_program(eliminate_map_quantifiers(parse_program(text), lambdas=True))
    assert "(lambda y: int :: if d <= y then M[x] else R[y])" in out
    assert "(lambda x: int :: if x < d then 0 else R[x])" in out


@pytest.mark.slow
@pytest.mark.corpora("corral")
def test_corpus_verdicts_with_and_without_the_pass(tmp_path):
    """Differential over the Corral regressions that use SMACK's memory model: the verdict
    with the pass (the pipeline's) and without it agree wherever both decide."""
    corral = corpus_dir("corral")
    files = sorted(p for p in corral.rglob("*.bpl")
                   if "$Alloc" in p.read_text(errors="replace"))[:12]
    assert files
    script = ("import sys, boogie.passes.pipeline as pl\n"
              "if sys.argv[1] == 'off': pl.eliminate_map_quantifiers = lambda p: p\n"
              "from pycorral.cli import main\n"
              "sys.argv = ['pycorral', 'check'] + sys.argv[2:]\nmain()\n")
    for f in files:
        got = {}
        for mode in ("on", "off"):
            r = subprocess.run([sys.executable, "-c", script, mode, str(f), "--bound", "3",
                                "--timeout", "30", "--strategy", "si"],
                               capture_output=True, text=True, cwd=ROOT, timeout=120)
            first = (r.stdout.splitlines() or [""])[0]
            got[mode] = ("bug" if first.startswith("bug") else
                         "correct" if first.startswith("correct") else "undecided")
        if "undecided" not in got.values():
            assert got["on"] == got["off"], (f, got)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_skipped_pass_keeps_the_quantifiers_and_the_verdict(path):
    """`prepare(skip=("map_quantifiers",))` (the hidden `check --ablate map_quantifiers`,
    for measurements) leaves the facts quantified; the verdict is the same either way
    (a bound of 2, as the cases above)."""
    prog = parse_file(str(path))
    typecheck(prog)
    kept = _map_foralls(prepare(prog, skip=("map_quantifiers",)).program)
    assert kept
    if path.stem.startswith("smack_alloc"):     # the pass removes these by default
        assert not _map_foralls(prepare(prog).program)
    kw = read_case(path).options().verify
    on = verify(prog, VerifyOptions(timeout=10, strategy="si", **kw))
    off = verify(prog, VerifyOptions(timeout=10, strategy="si",
                                     skip_passes=("map_quantifiers",), **kw))
    assert Verdict.UNKNOWN in (on.verdict, off.verdict) or on.verdict is off.verdict, \
        (on.verdict, off.verdict, off.reason)
