"""DAG inlining (`--strategy di`, verifier/dag/, PLDI 2015).

* Disj_blk on real templates; the incremental consistency test (`DagGraph.can_bind`) and
  Algorithm 1 from scratch (`is_consistent`) against Definition 2 (every pair of root
  paths to a node, disjoint at the node where they diverge: Lemma 1) on random programs
  and random DAGs;
* data-driven: tests/data/dag/*.bpl|c (headers EXPECT and FLAGS, tests/cases.py) with si,
  and di under every merge strategy; the chain family's DAG stays linear in N while its
  tree doubles per level;
* traces of bugs found through shared instances are on the concrete call stack, and a C
  bug found by di is confirmed by native replay;
* a proof's re-check rebuilds the DAG and rejects an inconsistent one;
* si and di agree on every decisive verdict of the svcomp corpus at bound 2, and neither is
  wrong (about 35 s; the corral corpus is in tests/test_si.py's suite).
"""
from __future__ import annotations

import csv
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from boogie.parser import parse_file, parse_program
from boogie.passes.modifies import infer_modifies
from boogie.passes.pipeline import prepare
from boogie.typecheck import typecheck
from verifier.search.call_tree import CallTree
from verifier.dag.disjoint import SiteTable, site_table
from verifier.dag.graph import DagGraph, is_consistent
from verifier.dag.merge import MERGE_NAMES, Merger
from verifier.dag.opt import greedy_dag, opt_dag
from verifier.dag.sharing import DAG_SHAPE, DagShape
from verifier.engine import verify
from verifier.options import VerifyOptions
from verifier.search.refine import open_solver
from verifier.result import Verdict

from cases import read_case
from conftest import CORPORA, corpus_rows_missing

ROOT = Path(__file__).resolve().parents[1]
DATA = Path(__file__).parent / "data" / "dag"
BPL = sorted(DATA.glob("*.bpl"))
C_FILES = sorted(DATA.glob("*.c"))
EXPECTED = {"bug": {Verdict.BUG}, "correct": {Verdict.CORRECT}, "bounded": {Verdict.BOUNDED},
            "no-bug": {Verdict.CORRECT, Verdict.BOUNDED}}

sys.path.insert(0, str(ROOT / "scripts"))
import chain_family  # noqa: E402  (scripts/ is not a package)


def _program(text: str):
    prog = infer_modifies(parse_program(text, "t.bpl"))
    typecheck(prog)
    return prog


def _tree(text: str, **kw) -> CallTree:
    prepared = prepare(_program(text), None)
    solver, gen = open_solver(prepared.program)
    return CallTree(solver, gen, prepared.entry, VerifyOptions(**kw))


# ----------------------------------------------------------------------------- Disj_blk

DISJ = """
procedure f() { }
procedure main() {
  var c: bool; var d: bool;
  call f();                                   // site 0: before everything
  if (c) { call f(); } else { call f(); }     // sites 1, 2: disjoint
  if (d) { call f(); call f(); }              // sites 3, 4: one block
  call f();                                   // site 5: after everything
}"""


def test_site_table_is_cfg_reachability():
    main = _tree(DISJ).gen.template("main")     # the root is the pipeline's wrapper
    t = site_table(main)
    n = len(main.call_sites)
    assert n == 6
    disjoint = {(a, b) for a in range(n) for b in range(n) if t.disjoint(a, b)}
    by_line = sorted(range(n), key=lambda i: main.call_sites[i].cmd.loc.line * 100
                     + main.call_sites[i].cmd.loc.col)
    then, other = by_line[1], by_line[2]
    assert disjoint == {(then, other), (other, then)}


# ----------------------------------------------------------------------------- Algorithm 1

def _random_tables(rng: random.Random, procs: int) -> dict[str, SiteTable]:
    """Procedures p0..p{k-1}: a random acyclic CFG each, call sites in random blocks."""
    tables = {}
    for p in range(procs):
        blocks = [f"b{i}" for i in range(rng.randint(1, 5))]
        bit = {b: 1 << i for i, b in enumerate(blocks)}
        reach = {}
        for i in reversed(range(len(blocks))):
            r = bit[blocks[i]]
            for j in range(i + 1, len(blocks)):
                if rng.random() < 0.4:
                    r |= reach[blocks[j]]
            reach[blocks[i]] = r
        sites = tuple(rng.choice(blocks) for _ in range(rng.randint(0, 4)))
        tables[f"p{p}"] = SiteTable(f"p{p}", sites, reach, bit)
    return tables


def _definition2(procs: list[str], edges, tables) -> bool:
    """Definition 2 by enumerating the root paths of every node (Lemma 1 at the node
    where two paths diverge)."""
    memo: dict[int, list[tuple]] = {}

    def root_paths(m: int) -> list[tuple]:
        if m in memo:
            return memo[m]
        res = [()] if m == 0 else []
        for n, s, t in edges:
            if t == m:
                res += [p + ((n, s),) for p in root_paths(n)]
        memo[m] = res
        return res

    for m in range(len(procs)):
        ps = root_paths(m)
        for a in range(len(ps)):
            for b in range(a + 1, len(ps)):
                k = next(i for i, (x, y) in enumerate(zip(ps[a], ps[b])) if x != y)
                (x, s1), (_, s2) = ps[a][k], ps[b][k]
                if not tables[procs[x]].disjoint(s1, s2):
                    return False
    return True


def _random_dag_checks(seed: int) -> int:
    """Build a random DAG over random procedures, checking every candidate merge against
    Definition 2; the number of candidates checked."""
    rng = random.Random(seed)
    tables = _random_tables(rng, 4)
    # each call site's callee: a later procedure (the program is hierarchical)
    callee = {(p, i): f"p{rng.randint(int(p[1:]) + 1, 3)}"
              for p, t in tables.items() if p != "p3" for i in range(len(t.block_of))}
    g = DagGraph(tables.__getitem__, "p0", None)
    todo = [(0, s) for s in range(len(tables["p0"].block_of))]
    checked = 0
    while todo and len(g) < 14:
        n, s = todo.pop(rng.randrange(len(todo)))
        q = callee.get((g.proc[n], s))
        if q is None:
            continue
        allowed = []
        for m in g.candidates(q, None):
            want = _definition2(g.proc, g.edges + [(n, s, m)], tables)
            assert g.can_bind(n, s, m) == want, (seed, n, s, m, g.edges)
            checked += 1
            if want:
                allowed.append(m)
        if allowed and rng.random() < 0.8:
            m = rng.choice(allowed)
        else:
            m = g.add_node(q, None)
            todo += [(m, i) for i in range(len(tables[q].block_of))]
        g.bind(n, s, m)
        assert is_consistent(g.proc, g.edges, tables.__getitem__)[0], (seed, g.edges)
    return checked


def test_incremental_consistency_agrees_with_definition_2():
    assert sum(_random_dag_checks(seed) for seed in range(150)) > 300


def test_algorithm_1_rejects_an_inconsistent_dag():
    gen = _tree(DISJ).gen
    tables = {"main": site_table(gen.template("main")), "f": site_table(gen.template("f"))}
    sites = gen.template("main").call_sites
    first, last = sites[0].index, sites[-1].index
    ok, why = is_consistent(["main", "f"], [(0, first, 1), (0, last, 1)], tables.__getitem__)
    assert not ok and "not disjoint" in why


# ----------------------------------------------------------------------------- data-driven

def _verify_file(path: Path, **kw):
    case = read_case(path)
    prog = infer_modifies(parse_file(str(path)))
    typecheck(prog)
    return case, verify(prog, VerifyOptions(timeout=60, **{**case.options().verify, **kw}))


@pytest.mark.parametrize("merge", MERGE_NAMES)
@pytest.mark.parametrize("path", BPL, ids=lambda p: p.stem)
def test_dag_case(path: Path, merge: str):
    case, r = _verify_file(path, strategy="di", di_merge=merge)
    assert r.verdict in EXPECTED[case.expect], (r.verdict, r.reason)
    if r.verdict is Verdict.BUG:
        assert r.trace is not None and r.trace.steps[-1].kind == "fail"


@pytest.mark.parametrize("path", BPL, ids=lambda p: p.stem)
def test_dag_case_with_si_and_houdini(path: Path):
    case, r = _verify_file(path, strategy="si")
    assert r.verdict in EXPECTED[case.expect], (r.verdict, r.reason)
    case, r = _verify_file(path, strategy="di", houdini=True)
    assert r.verdict in EXPECTED[case.expect], (r.verdict, r.reason)


@pytest.mark.parametrize("n", [3, 5, 7, 16])
def test_chain_dag_grows_linearly_while_the_tree_doubles(n: int):
    for variant in ("correct", "buggy"):
        prog = _program(chain_family.chain_bpl(n, variant == "buggy"))
        kw = dict(bound=1, track_all=True, timeout=60)
        di = verify(prog, VerifyOptions(strategy="di", **kw))
        want = Verdict.BUG if variant == "buggy" else Verdict.CORRECT
        assert di.verdict is want, di.reason
        si = verify(prog, VerifyOptions(strategy="si", **kw)) if n < 8 else None
        assert si is None or si.verdict is want, si.reason
        # nodes: the pipeline's entry wrapper, main, P0..Pn; a proof is re-checked on the
        # DAG rebuilt on a fresh solver (so twice that)
        nodes = n + 3
        if variant == "buggy":
            assert di.stats.procedures_inlined <= nodes, di.stats.procedures_inlined
            continue
        assert di.stats.procedures_inlined == 2 * nodes
        tree = 2 + 2 ** (n + 1) - 1                  # wrapper, main, 1 + 2 + ... + 2^n
        assert di.stats.dag_tree_instances == tree
        assert si is None or si.stats.procedures_inlined == 2 * tree
        assert di.stats.dag_merges == n


def test_merge_strategies_full_unfolding_sizes():
    tree = _tree(chain_family.chain_bpl(8, False), bound=1)
    first = greedy_dag(tree, Merger("first"))      # wrapper, main, P0..P8
    assert first.tree_size() == 1 + 2 ** 9 and len(first) == 11
    assert len(opt_dag(tree)) == 11
    assert len(greedy_dag(tree, Merger("maxc"))) == 11
    assert len(greedy_dag(tree, Merger("randompick", 3))) == 11
    assert 11 <= len(greedy_dag(tree, Merger("random", 3))) < 2 ** 9
    # Fig. 5: A|B then C|D -- two nodes at best
    fig5 = """
    procedure foo() { }
    procedure main() { var a: bool; var b: bool;
      if (a) { call foo(); } else { call foo(); }
      if (b) { call foo(); } else { call foo(); } }"""
    tree = _tree(fig5)
    assert len(opt_dag(tree)) == 4 and len(greedy_dag(tree, Merger("first"))) == 4
    for name in ("first", "maxc"):
        g = greedy_dag(tree, Merger(name))
        assert is_consistent(g.proc, g.edges, g.tables)[0]


# ----------------------------------------------------------------------------- traces

def test_bug_trace_is_the_concrete_call_stack():
    n = 6
    prog = _program(chain_family.chain_bpl(n, True))
    for track_all in (True, False):     # alone, and inside Corral's abstraction loop
        r = verify(prog, VerifyOptions(strategy="di", bound=1, track_all=track_all))
        assert r.verdict is Verdict.BUG, r.reason
        calls = [(s.proc, s.depth) for s in r.trace.steps if s.kind == "call"]
        assert calls == [("main", 1)] + [(f"P{i}", i + 2) for i in range(n + 1)]
        # the path takes P{n-1}'s else branch (the broken one)
        blocks = [s for s in r.trace.steps if s.kind == "block" and s.proc == f"P{n - 1}"]
        assert any("Else" in s.label for s in blocks), [s.label for s in blocks]


DEPTHS = """
var g: int;
procedure leaf(x: int) modifies g; { g := g + x; }
procedure A() modifies g; { call leaf(5); }
procedure main() modifies g; {
  var c: bool;
  g := 0;
  if (c) { call A(); } else { call leaf(1); }
  assert g != %d;
}"""


@pytest.mark.parametrize("fails,path", [(5, [("main", 1), ("A", 2), ("leaf", 3)]),
                                        (1, [("main", 1), ("leaf", 2)])])
def test_shared_instance_at_two_depths_is_traced_where_the_path_enters_it(fails, path):
    # leaf's instance under A (depth 3) and main's own call of leaf (depth 2) share one
    # node; whichever call created it, the trace shows the stack the failing path has.
    # A 1 us over-approximate query has no model: every open site is inlined, breadth
    # first, so the DAG has both edges into leaf before the bug is found
    for track_all in (True, False):
        r = verify(_program(DEPTHS % fails), VerifyOptions(
            strategy="di", bound=1, over_query_work=1e-6, track_all=track_all))
        assert r.verdict is Verdict.BUG, r.reason
        assert [(s.proc, s.depth) for s in r.trace.steps if s.kind == "call"] == path
        assert [(s.proc, s.depth) for s in r.trace.steps if s.kind == "return"] == \
            list(reversed(path))
        assert ("g", str(fails)) in [v for s in r.trace.steps for v in s.values]
    if fails == 5:
        # leaf was made for main's own call (inlined a round earlier), A's call shares it:
        # the failing path enters the node through the merged edge, one level deeper
        r = verify(_program(DEPTHS % fails), VerifyOptions(
            strategy="di", bound=1, over_query_work=1e-6, track_all=True))
        assert r.stats.dag_merges == 1


def test_c_bug_found_by_di_is_confirmed_by_native_replay():
    from replay.native import toolchain
    if toolchain("ILP32") is None:
        pytest.skip("no working C compiler for ILP32 on this machine")
    path = DATA / "chain_c_n5_buggy.c"
    p = subprocess.run([sys.executable, "-m", "pycorral.cli", "check", str(path),
                        "--strategy", "di", "--bound", "1", "--data-model", "ILP32",
                        "--timeout", "120", "--json", "--quiet"],
                       cwd=ROOT, capture_output=True, text=True, timeout=300)
    out = json.loads(p.stdout)
    assert out["verdict"] == "bug", out
    assert out["stats"]["replay"] == "confirmed", out["stats"]
    assert out["stats"]["dag_tree_instances"] > out["stats"].get("dag_merges", 0)


@pytest.mark.parametrize("path", C_FILES, ids=lambda p: p.stem)
def test_c_chain_cases(path: Path):
    p = subprocess.run([sys.executable, "-m", "pycorral.cli", "check", str(path),
                        "--strategy", "di", "--no-replay", "--timeout", "120", "--json",
                        "--quiet", *read_case(path).get("FLAGS", "").split()],
                       cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert json.loads(p.stdout)["verdict"] == read_case(path).expect


# ----------------------------------------------------------------------------- proofs

SEQ = """
var g: int;
procedure inc() modifies g; { g := g + 1; }
procedure main() modifies g; { g := 0; call inc(); call inc(); assert g != 2; }"""


def test_proof_recheck_rejects_an_inconsistent_dag():
    tree = _tree(SEQ, bound=1)
    (w,) = (cs.index for cs in tree.root.tmpl.call_sites)       # the wrapper calls main
    a, b = (cs.index for cs in tree.gen.template("main").call_sites)
    # both sequential calls bound to one instance: its VC is UNSAT (the bug is lost), and
    # the rebuild's Algorithm 1 must refuse to let that stand as a proof
    with pytest.raises(AssertionError, match="inconsistent DAG"):
        tree.replay({DAG_SHAPE: DagShape(((0, w, 1), (1, a, 2), (1, b, 2)))})


def test_di_deepens_the_bound_and_runs_under_the_engine_defaults():
    src = (DATA / "recursion_branches.bpl").read_text()
    r = verify(_program(src), VerifyOptions(strategy="di", deepen_to=8, timeout=60))
    assert r.verdict is Verdict.BUG and r.stats.bound >= 4


# ----------------------------------------------------------------------------- svcomp

def _svcomp_rows():
    path = CORPORA / "svcomp" / "tasks.csv"
    if not path.is_file():
        return corpus_rows_missing("svcomp")
    rows = [r for r in csv.DictReader(open(path)) if r["property"].endswith("unreach-call")]
    return [pytest.param(r, id=r["task"]) for r in rows]


@pytest.mark.corpora("svcomp")
@pytest.mark.parametrize("row", _svcomp_rows())
def test_svcomp_si_and_di_agree(row):
    """Bound 2, 60 s each: no wrong verdict, and si and di agree when both decide."""
    from frontend.load import FrontendOptions, Unsupported, load
    try:
        prog = load([str(CORPORA / "svcomp" / row["input_file"])],
                    FrontendOptions(data_model=row["data_model"])).program
    except Unsupported as e:        # UNKNOWN for every strategy: nothing to compare
        pytest.skip(f"the front end does not support it: {e}")
    expected_bug = row["expected_verdict"] == "false"
    verdicts = {}
    for strategy in ("si", "di"):
        r = verify(prog, VerifyOptions(entry="main", bound=2, strategy=strategy,
                                       timeout=60))
        if r.verdict is Verdict.BUG:
            assert expected_bug, (strategy, r.reason)
        if r.verdict is Verdict.CORRECT:
            assert not expected_bug, (strategy, r.reason)
        if r.verdict in (Verdict.BUG, Verdict.CORRECT, Verdict.BOUNDED):
            verdicts[strategy] = r.verdict is Verdict.BUG
    assert len(set(verdicts.values())) <= 1, verdicts


# ----------------------------------------------------------------------------- plumbing

def test_corral_flag_di_selects_dag_inlining():
    from verifier.corral_flags import parse_corral_flags
    assert parse_corral_flags(["/di"]).options == {"strategy": "di"}


@pytest.mark.parametrize("members", [("di", "chc"), ("di", "legion")])
def test_di_is_a_portfolio_member(members):
    # the chain's bug, found by the portfolio (di,legion: Legion+ with DAG inlining)
    prog = _program(chain_family.chain_bpl(10, True))
    r = verify(prog, VerifyOptions(bound=1, timeout=60, portfolio=members))
    assert r.verdict is Verdict.BUG, r.reason
    assert r.stats.portfolio_winner in members
    assert {name for name, _ in r.stats.portfolio} == set(members)


def test_opt_beyond_its_limits_is_unknown_not_a_verdict(monkeypatch):
    import verifier.dag.opt as opt
    monkeypatch.setattr(opt, "MAX_NODES", 3)
    r = verify(_program(chain_family.chain_bpl(6, False)),
               VerifyOptions(strategy="di", di_merge="opt", bound=1, track_all=True))
    assert r.verdict is Verdict.UNKNOWN and "OPT" in r.reason, r.reason
