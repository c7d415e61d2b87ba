"""Refinement (CORRAL TR Sec. 3.1): Algorithms 1 (hrefine) and 2 (vcrefine) return a minimal
set of globals (Theorem 1) within Lemma 1's number of checks.

* `minimal_set` (the recursion both share) on synthetic monotone oracles: the answer is in
  the family, minimal, and found within max(2|G - T| - 1, 0) checks;
* both algorithms on constructed spurious paths over ten globals: the answer is exactly the
  globals the infeasibility needs, and removing any one of them makes the path feasible
  again (checked independently, with the plain abstraction on a fresh solver).
"""
from __future__ import annotations

import random

import pytest

from boogie.parser import parse_program
from boogie.passes.abstract import abstract_globals
from boogie.passes.modifies import infer_modifies
from boogie.passes.pipeline import prepare
from verifier.search.corral_loop import run_inlining
from verifier.options import VerifyOptions
from verifier.search.refine import (PathCheck, RefineStats, cut_program, minimal_set, open_solver,
                             path_from_trace, refine)
from verifier.result import Verdict
from verifier.stats import Stats
from verifier.search.call_tree import Budget
from verifier.smt.solver import CheckResult


# ----------------------------------------------------------------------------- synthetic

def _family_oracle(minimal_sets, calls):
    def infeasible(s):
        calls.append(s)
        return any(m <= s for m in minimal_sets)
    return infeasible


@pytest.mark.parametrize("seed", range(40))
def test_minimal_set_on_random_monotone_oracles(seed):
    rnd = random.Random(seed)
    universe = frozenset(f"g{i}" for i in range(rnd.randint(1, 14)))
    tracked = frozenset(rnd.sample(sorted(universe), rnd.randint(0, len(universe) // 3)))
    # an upward-closed family of "infeasible" sets containing the whole universe
    family = [frozenset(rnd.sample(sorted(universe), rnd.randint(0, min(3, len(universe)))))
              for _ in range(rnd.randint(1, 3))]
    calls: list = []
    r = minimal_set(tracked, frozenset(), universe, _family_oracle(family, calls))
    assert tracked <= r <= universe
    assert any(m <= r for m in family)
    for x in r - tracked:
        assert not any(m <= r - {x} for m in family), (sorted(r), x)
    assert len(calls) <= max(2 * len(universe - tracked) - 1, 0)


def test_minimal_set_logarithmic_for_two_of_many():
    """Lemma 1(a): two needed globals among 64 take O(k log n) checks, not |G|."""
    universe = frozenset(f"v{i:02d}" for i in range(64))
    calls: list = []
    r = minimal_set(frozenset(), frozenset(), universe,
                    _family_oracle([frozenset({"v05", "v41"})], calls))
    assert r == {"v05", "v41"}
    assert len(calls) <= 2 * 6 * 2 + 1


# ----------------------------------------------------------------------------- real paths

TEN = "\n".join(f"var g{i}: int;" for i in range(10))
MODS = ", ".join(f"g{i}" for i in range(10))

PROGRAMS = {
    # infeasible only with g3 and g7 (their sum decides the assertion)
    "pair": (f"""{TEN}
procedure {{:entrypoint}} main() modifies {MODS}; {{
  g0 := 1; g1 := g0 + 2; g2 := g1; g3 := 4; g4 := g2 * 2;
  g5 := g4; g6 := 9; g7 := 5; g8 := g6 + g5; g9 := g8;
  assert g3 + g7 == 9;
}}""", {"g3", "g7"}),
    # a chain of copies through two procedures: all four links are needed
    "chain": (f"""{TEN}
procedure set() modifies {MODS}; {{ g1 := 7; g5 := 0; g2 := g1; }}
procedure copy() modifies {MODS}; {{ g4 := g2; g9 := g5 + 1; g8 := g4; }}
procedure {{:entrypoint}} main() modifies {MODS}; {{
  call set();
  g0 := g9;
  call copy();
  assert g8 == 7;
}}""", {"g1", "g2", "g4", "g8"}),
    # a heap map and the pointer into it
    # a branch the path does not take writes other globals: only g2 and g6 are needed,
    # and the pruned path program does not mention g0, g1, g8, g9 at all
    "branch": (f"""{TEN}
procedure other() modifies {MODS}; {{ g8 := g9 + 1; }}
procedure {{:entrypoint}} main() modifies {MODS}; {{
  g2 := 3; g6 := 4;
  if (g2 == 7) {{ g0 := 1; g1 := g0; call other(); g6 := g1 + g8; }}
  else {{ g5 := g6; }}
  assert g2 + g6 == 7;
}}""", {"g2", "g6"}),
    "map": ("""var M: [int]int; var p: int; var a: int; var b: int; var c: int;
var d: int; var e: int; var f: int; var h: int; var k: int;
procedure {:entrypoint} main() modifies M, p, a, b, c, d, e, f, h, k; {
  p := 3; a := 1; b := a; M[p] := 11; c := M[p + 1]; d := c; e := 2; f := e; h := 0;
  k := M[p];
  assert k == 11;
}""", {"M", "p", "k"}),
}


def _spurious_path(src: str):
    prog = infer_modifies(parse_program(src, "t.bpl"))
    pr = prepare(prog)
    tracked = frozenset({pr.error_var})
    opts = VerifyOptions(timeout=60)
    r = run_inlining(abstract_globals(pr.program, tracked), pr.entry, opts,
                     Budget(None, None), Stats())
    assert r.verdict is Verdict.BUG, "the first abstraction must have a trace"
    return pr, tracked, opts, path_from_trace(r.trace, pr.entry)


def _infeasible(pr, path, opts, s) -> bool:
    """Independent check: the path on the plain abstraction with `s` tracked."""
    prog = abstract_globals(cut_program(pr.program, path.procedures()), s)
    solver, gen = open_solver(prog)
    pc = PathCheck(solver, gen, pr.entry, path, opts)
    r = solver.check([solver.not_(b) for b in pc.blocked()], 30)
    assert r is not CheckResult.UNKNOWN
    return r is CheckResult.UNSAT


@pytest.mark.parametrize("prune", [True, False])
@pytest.mark.parametrize("algo", ["vc", "hier"])
@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_refinement_is_minimal_on_constructed_paths(name, algo, prune):
    """With the path program pruned to the path's blocks (`prune_path`) and without: the
    same minimal set, checked against the unpruned program."""
    src, needed = PROGRAMS[name]
    pr, tracked, opts, path = _spurious_path(src)
    assert not _infeasible(pr, path, opts, tracked)
    assert _infeasible(pr, path, opts, frozenset(pr.program.global_vars()))
    st = RefineStats()
    opts = VerifyOptions(timeout=60, refine=algo, prune_path=prune)
    r = refine(pr.program, pr.entry, path, tracked, opts, lambda: 30.0, st)
    assert r - tracked == needed
    assert _infeasible(pr, path, opts, r)
    for x in r - tracked:                          # Theorem 1: every one is needed
        assert not _infeasible(pr, path, opts, r - {x}), x
    n_candidates = len(set(pr.program.global_vars()) - tracked)
    assert 1 <= st.checks <= 2 * n_candidates - 1
    assert st.unknown == 0


def test_vcrefine_uses_one_solver_and_fewer_queries_than_checks_plus_one():
    """Algorithm 2 asks all its checks on one solver (queries counted by that solver)."""
    src, _ = PROGRAMS["pair"]
    pr, tracked, _, path = _spurious_path(src)
    st = RefineStats()
    refine(pr.program, pr.entry, path, tracked, VerifyOptions(refine="vc"), lambda: 30.0, st)
    assert st.queries == st.checks + st.queries_core


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_vcrefine_searches_only_the_unsat_core(name):
    """Algorithm 2 first asks for an unsat core over the candidates' constants (every
    candidate tracked: infeasible) and divides and conquers only over the core: with the
    needed globals k of n candidates, at most 2k + 1 checks instead of about 2k log n;
    the result is the same minimal set (test_refinement_is_minimal_on_constructed_paths)."""
    src, needed = PROGRAMS[name]
    pr, tracked, _, path = _spurious_path(src)
    st = RefineStats()
    r = refine(pr.program, pr.entry, path, tracked, VerifyOptions(refine="vc"),
               lambda: 30.0, st)
    assert r - tracked == needed
    assert st.queries_core == 1 and st.core_dropped >= 1
    assert st.checks <= 2 * len(needed) + 1


def test_a_pruned_path_program_keeps_only_the_path():
    """`cut_program(..., path_blocks(path))`: the path's procedures keep the blocks it takes
    (fewer than all of them here), the others are cut, and the candidate globals are those
    the kept blocks mention."""
    from verifier.search.refine import path_blocks
    from verifier.vc import ProgramInfo
    src, needed = PROGRAMS["branch"]
    pr, tracked, opts, path = _spurious_path(src)
    full = cut_program(pr.program, path.procedures())
    pruned = cut_program(pr.program, path.procedures(), path_blocks(path))
    nb = {p: len(d.body.blocks) for p, d in full.procedures().items() if d.body}
    pb = {p: len(d.body.blocks) for p, d in pruned.procedures().items() if d.body}
    assert pb["main"] < nb["main"]
    kept = {b.label for b in pruned.procedures()["main"].body.blocks}
    assert path_blocks(path)["main"] <= kept and "anon1_Then" not in kept
    reads_full = ProgramInfo(full).reads[pr.entry]
    reads_pruned = ProgramInfo(pruned).reads[pr.entry]
    assert needed <= reads_pruned < reads_full
    assert not {"g0", "g1", "g8", "g9"} & reads_pruned


@pytest.mark.parametrize("source", ["own", pytest.param("own+corral",
                                                         marks=pytest.mark.corpora("corral"))])
@pytest.mark.parametrize("knob", ["prune_path", "path_traces"])
def test_refinement_optimisations_keep_verdicts_on_refining_programs(knob, source):
    """Differential (`knob` on and off: the path program pruned to the path's blocks;
    abstract traces built as paths only) over every program whose abstraction loop
    refines (the abstraction tests and the refining sequential Corral regressions): the
    same verdicts, and a bug's reported trace the same length (it is the concrete
    one)."""
    from cases import read_case
    from test_tree_reuse import ABS, _load, corral_refining
    from verifier.engine import verify

    progs = [(_load(p), read_case(p).options().verify) for p in ABS]
    if source == "own+corral":
        progs += corral_refining()
    for prog, kw in progs:
        on = verify(prog, VerifyOptions(timeout=60, strategy="si", **kw))
        off = verify(prog, VerifyOptions(timeout=60, strategy="si", **{knob: False}, **kw))
        assert on.verdict is off.verdict, (on.verdict, on.reason, off.verdict, off.reason)
        assert on.verdict is not Verdict.UNKNOWN, on.reason
        if on.verdict is Verdict.BUG and knob == "path_traces":
            assert on.trace.source is not None and off.trace.source is not None
            assert [st.kind for st in on.trace.steps] == [st.kind for st in off.trace.steps]
