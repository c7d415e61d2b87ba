"""The Horn-clause prover (`--strategy chc`): proofs for every bound, each re-checked.

* every data file of tests/data/bpl and tests/data/chc through the prover: a `bug` file is
  never proved (soundness), a `correct` file is proved unless its header says
  `// CHC: unknown` (with why); a `bounded` file (correct within its bound, perhaps not
  beyond) may be either, but a proof of one stating `// CHC: unsafe` is wrong;
* the independent check rejects corrupted solutions: the true solution re-checks, while a
  summary replaced by `true` (too weak for the query) or by `false` (too strong for the
  rules that derive it) does not;
* proved summaries come back as Boogie expressions that stratified inlining can assume.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from boogie.parser import parse_file, parse_program
from boogie.passes.modifies import infer_modifies
from boogie.passes.pipeline import prepare
from boogie.typecheck import typecheck
from verifier.search.call_tree import CallTree
from verifier.engine import verify
from verifier.options import VerifyOptions
from verifier.search.refine import open_solver
from verifier.result import Verdict
from verifier.smt.factory import open_horn
from verifier.smt.horn import HornResult
from verifier.strategies.horn_prover import build_rules

from cases import read_case

DATA = Path(__file__).parent / "data"
FILES = sorted((DATA / "bpl").glob("*.bpl")) + sorted((DATA / "chc").glob("*.bpl"))


def _load(path: Path):
    prog = infer_modifies(parse_file(str(path)))
    typecheck(prog)
    return prog


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_prover_verdict(path: Path):
    case = read_case(path)
    opts = dict(case.options().verify)
    opts.pop("strategy", None)
    r = verify(_load(path), VerifyOptions(strategy="chc", timeout=10, **opts))
    assert r.verdict in (Verdict.CORRECT, Verdict.UNKNOWN), r.reason
    if case.expect == "bug" or case.get("CHC") == "unsafe":
        assert r.verdict is Verdict.UNKNOWN, "a program with a bug was proved correct"
    elif case.expect == "correct" and case.get("CHC") != "unknown":
        assert r.verdict is Verdict.CORRECT, r.reason
        assert "re-checked" in r.reason


LOOP = """
var g: int;
procedure {:entrypoint} main()
  modifies g;
{
  var i: int;
  entry:
    i := 0; g := 0;
    goto head;
  head:
    goto body, done;
  body:
    assume i < 100;
    i := i + 1; g := g + 2;
    goto head;
  done:
    assume !(i < 100);
    assert g == 200;
    return;
}
"""


def _horn_system(text: str):
    prog = infer_modifies(parse_program(text, "loop.bpl"))
    typecheck(prog)
    prep = prepare(prog)
    solver, gen = open_solver(prep.program)
    tree = CallTree(solver, gen, prep.entry, VerifyOptions(strategy="chc"))
    horn = open_horn(solver, prep.program)
    rels = build_rules(tree, horn)
    return horn, rels, solver


def test_solution_rechecks_and_corruptions_are_rejected():
    horn, rels, solver = _horn_system(LOOP)
    assert horn.solve(30) is HornResult.SAFE
    good = horn.check_solution(30)
    assert good.ok and good.rules >= 4, good
    loop = next(r for name, r in rels.items() if "loop" in name)

    def with_loop_summary(value):
        def interp(rel, args):
            return value(args) if rel is loop else horn.interpretation(rel, args)
        return interp

    too_weak = horn.check_solution(30, with_loop_summary(lambda a: solver.true()))
    assert not too_weak.ok
    assert any("query" in f or "main" in f for f in too_weak.failed), too_weak.failed
    too_strong = horn.check_solution(30, with_loop_summary(lambda a: solver.not_(a[0])))
    assert not too_strong.ok
    assert any("loop" in f for f in too_strong.failed), too_strong.failed


def test_summaries_are_boogie_and_proved():
    prog = infer_modifies(parse_program(LOOP, "loop.bpl"))
    typecheck(prog)
    # (the configuration that proves LOOP gets a slice of solver work, which the load
    # does not change: verifier/limits.py)
    r = verify(prog, VerifyOptions(strategy="chc", timeout=150))
    assert r.verdict is Verdict.CORRECT, r.reason
    from boogie.printer import format_expr
    from boogie.visit import free_vars
    loop = [f for f in r.facts if "loop" in f.proc and f.kind == "ensures"]
    assert loop, r.facts
    # the loop summary relates g to i (g == 2 * i, or an equivalent)
    names = free_vars(loop[0].expr)
    assert "g" in names and "i" in names, format_expr(loop[0].expr)


def test_bug_program_is_not_proved():
    r = verify(infer_modifies(parse_program(LOOP.replace("g == 200", "g == 199"),
                                            "bug.bpl")),
               VerifyOptions(strategy="chc", timeout=5))
    assert r.verdict is Verdict.UNKNOWN     # a counterexample, or no answer in time


def test_proved_summaries_serve_stratified_inlining():
    """The prover's summaries, assumed after calls (free ensures, like Houdini's), let
    stratified inlining prove at bound 1 what it alone leaves bounded."""
    prog = infer_modifies(parse_program(LOOP, "loop.bpl"))
    typecheck(prog)
    alone = verify(prog, VerifyOptions(strategy="si", bound=1, track_all=True))
    assert alone.verdict is Verdict.BOUNDED, alone.reason
    proof = verify(prog, VerifyOptions(strategy="chc", timeout=600))   # no load reaches it
    assert proof.verdict is Verdict.CORRECT, proof.reason
    helped = verify(prog, VerifyOptions(strategy="si", bound=1, track_all=True,
                                        assume=proof.facts))
    assert helped.verdict is Verdict.CORRECT, helped.reason


# ----------------------------------------------------------------------------- z3 failing

Z3_VIOLATION = (b"ASSERTION VIOLATION\nFile: ../src/qe/mbp/mbp_arrays.cpp\nLine: 344\n"
                b"Failed to verify: false\n\n"
                b"Please file an issue with this message and more detail about how you "
                b"encountered it at https://github.com/Z3Prover/z3/issues/new\n")

# Spacer's solve replaced by what z3 does when one of its internal checks fails (seen at
# mbp_arrays.cpp:344 on SMACK's pthread join_return2): its words on fd 2, then `exit(114)`
CRASHING_SPACER = (
    "import os\n"
    "from verifier.smt import z3horn\n"
    "def crash(self, *args):\n"
    f"    os.write(2, {Z3_VIOLATION!r})\n"
    "    os._exit(114)\n"
    "z3horn.Z3Horn.solve = crash\n")


def test_a_z3_failure_inside_spacer_is_unknown_with_its_words(monkeypatch, capfd):
    """The attempt runs in a child process: z3 ending it is UNKNOWN with z3's file and line
    as the reason; every configuration is tried; nothing reaches this process's stderr."""
    import os

    from verifier.smt import z3horn

    def crash(self, *args):
        os.write(2, Z3_VIOLATION)
        os._exit(114)
    monkeypatch.setattr(z3horn.Z3Horn, "solve", crash)
    r = verify(parse_program(LOOP, "loop.bpl"), VerifyOptions(strategy="chc", timeout=30))
    assert r.verdict is Verdict.UNKNOWN
    assert r.reason == ("the Horn-clause solver failed: z3 ASSERTION VIOLATION at "
                        "mbp_arrays.cpp:344 (exit code 114)"), r.reason
    assert r.stats.horn_attempts >= 2          # the next configurations were tried too
    assert "ASSERTION" not in capfd.readouterr().err


@pytest.mark.parametrize("args", [["--strategy", "chc"], []])
def test_a_z3_failure_never_reaches_the_terminal(tmp_path, args):
    """The command line, with the prover alone and in the default portfolio next to the
    bug search: z3's words are nowhere in the output; alone, the verdict's reason says what
    happened; in the portfolio the search answers."""
    import subprocess
    import sys
    prog = tmp_path / "loop.bpl"
    prog.write_text(LOOP)
    script = CRASHING_SPACER + (
        "import sys\nfrom pycorral.cli import main\n"
        "sys.argv = ['pycorral', 'check'] + sys.argv[1:]\nmain()\n")
    p = subprocess.run([sys.executable, "-c", script, str(prog), "--timeout", "60", "--json",
                        *args], capture_output=True, text=True, timeout=300,
                       cwd=Path(__file__).resolve().parent.parent)
    assert "ASSERTION" not in p.stderr and "Z3Prover" not in p.stderr, p.stderr
    import json
    out = json.loads(p.stdout)
    if args:
        assert p.returncode == 20 and "mbp_arrays.cpp:344" in out["reason"], out
    else:
        assert out["verdict"] in ("bounded", "correct"), out
        assert out["stats"]["portfolio"]["chc"].startswith("undecided"), out["stats"]
