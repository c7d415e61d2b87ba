"""Turns a prepared program into a verdict by static inlining: the baseline for SI.

Every call site is inlined up to the recursion bound (the same RB count and stack-depth rule
as stratified inlining, `call_tree.CallTree.beyond`), breadth first, into one VC on one solver;
call sites beyond the bound are blocked; then ONE query.  SAT: a bug (trace re-checked);
UNKNOWN with a candidate model: a bug only if the candidate's trace re-checks, else UNKNOWN.
UNSAT: CORRECT when nothing was blocked, else one more query with the blocked
sites summarized instead (`call_tree.bounded_or_proved`): CORRECT or no bug within the bound.  `--strategy static`
must agree with SI on every program both finish (CORRAL TR App. B compares the two).
"""
from __future__ import annotations

from verifier.search.call_tree import Budget, CallTree, bounded_or_proved, unknown_result
from verifier.result import Result, Verdict
from verifier.smt.solver import CheckResult


class StaticInlining:
    """`--strategy static`: everything within the bound inlined, one query."""
    name = "static"
    abstraction = True
    rechecks_proofs = False

    def run(self, tree: CallTree, budget: Budget) -> Result:
        return run_static(tree, budget)


def run_static(tree: CallTree, budget: Budget) -> Result:
    bound = tree.opts.bound
    while True:
        todo = [k for k, o in tree.open.items() if not tree.beyond(o, bound)]
        if not todo:
            break
        for inst_id, site in todo:
            o = tree.open[(inst_id, site)]
            tree.inline(o.inst, site)
        budget.timeout()              # raises Timeout when the run's budget is spent
    blocked = tree.blocking(None)
    r = tree.solver.check(blocked, budget.timeout())
    if r is CheckResult.SAT:
        return tree.bug_result(budget, blocked)
    if r is CheckResult.UNKNOWN:
        # a candidate model (e.g. incomplete quantifiers) is a bug only if its path
        # re-checks; anything else stays UNKNOWN, never UNSAT
        unknown = unknown_result(tree.solver, "static")
        if tree.solver.has_model():
            res = tree.bug_result(budget, blocked, candidate=True)
            if res.verdict is Verdict.BUG:
                return res
        return unknown
    if blocked:
        return bounded_or_proved(tree, budget)
    return Result(Verdict.CORRECT, "proved for every bound")
