"""Turns a prepared program into a verdict by DAG inlining (Lal and Qadeer, PLDI 2015).

Stratified inlining (`stratified_inlining.run_si`: the same under- and over-approximate
queries, recursion bound, iterative deepening, Houdini summaries at open call sites and the
all-summarized proof query) over a call graph unfolded to a DAG instead of a tree: an open
call site the search inlines is bound to an existing instance of its callee whenever no
execution can run both (`verifier/dag/`: Disj_blk, Algorithm 1, the merge strategies,
the shared node's VC of Fig. 8).  `--di-merge` picks the merge strategy (FIRST by default).

Verdicts keep their meaning: a bug is a model's path, reported on the concrete call stack
(`trace.model_path` views a shared node where the path enters it) and re-checked like SI's;
a proof is re-checked on a fresh solver after the DAG is rebuilt and Algorithm 1 has run
on it from scratch (`dag.sharing.replay`); the same check closes every search that ends
without a bug.  Statistics (`DagSharing.stats`, added by `corral_loop.run_inlining`):
dag_merges and dag_tree_instances next to procedures_inlined.
"""
from __future__ import annotations

from verifier.search.call_tree import Budget, CallTree
from verifier.dag.merge import Merger
from verifier.dag.sharing import DagSharing
from verifier.result import Result, Verdict
from verifier.strategies.stratified_inlining import run_si


class DagInlining:
    """`--strategy di`: stratified inlining unfolding the call graph to a DAG."""
    name = "di"
    abstraction = True
    rechecks_proofs = False

    def run(self, tree: CallTree, budget: Budget) -> Result:
        plan = None
        if tree.opts.di_merge == "opt":
            from verifier.dag.opt import opt_plan
            plan = opt_plan(tree)
        tree.sharing = sharing = DagSharing(tree, Merger(tree.opts.di_merge, 0, plan))
        result = run_si(tree, budget)
        if result.verdict is not Verdict.BUG:
            sharing.check()
        return result
