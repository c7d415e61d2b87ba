"""Turns a prepared program into a verdict by stratified inlining (CORRAL Fig. 2; RMT Sec. 5).

The call tree (`CallTree`) holds the dynamic procedure instances inlined so far, all asserted
on ONE incremental solver; open call sites are the tree's leaves.  Each round makes two
queries, both under assumptions (nothing about blocking persists):
* QueryUnder: every open call site blocked (`!c`).  SAT: the model's path only runs inlined
  code: a real bug (trace built and re-checked).
* QueryOver: open call sites whose recursion count RB (instances of the callee on the path
  from the root, the leaf included — RMT's RB) exceeds the current bound, or whose stack
  depth exceeds `max_stack_depth`, are blocked; the others keep their summary: outputs and
  modified globals unconstrained except by the callee's Houdini summary, which vc.py
  assumes after every call (verifier/search/houdini.py).  UNSAT with nothing blocked: CORRECT for
  every bound.  UNSAT with something blocked: no bug within this bound (the bound is raised,
  1..N, iterative deepening as in Fig. 2; at N: BOUNDED).  SAT: the open call sites on the
  model's path are inlined and the round repeats.
Bugs are real regardless of the bound.  Deepening starts above `tree.clean_bound`: in Corral's
abstraction loop, the bounds a coarser abstraction of the same program was searched to
without a bug hold none on this one either (`corral_loop.run_corral`).  `/maxStaticLoopBound` gives loop procedures (marked
by the pipeline) a bound of max(bound, static_loop_bound); Corral's `{:SIextraRecBound k}` on
a procedure adds k to its bound (as Corral's HasExceededRecursionDepth does).
"""
from __future__ import annotations

from verifier.search.call_tree import Budget, CallTree, bounded_or_proved, unknown_result
from verifier.result import Result, UnknownKind, Verdict
from verifier.smt.solver import CheckResult
from verifier.traces.trace import PathError, model_path, open_sites_on_path


class StratifiedInlining:
    """`--strategy si`: CORRAL Fig. 2 with iterative deepening."""
    name = "si"
    abstraction = True
    rechecks_proofs = False

    def run(self, tree: CallTree, budget: Budget) -> Result:
        return run_si(tree, budget)


def run_si(tree: CallTree, budget: Budget) -> Result:
    """CORRAL Fig. 2 with iterative deepening.  A solver UNKNOWN is never a verdict: an
    UNKNOWN under-approximate query with a candidate model yields a bug only if its trace
    re-checks (else the round goes on to the over-approximate query, whose UNSAT would
    still settle it); an UNKNOWN over-approximate query with a candidate model guides which call
    sites to inline (inlining is always sound), or, when its path runs through inlined
    code only, is a bug if that path re-checks."""
    s, opts = tree.solver, tree.opts
    first = max(1, min(opts.bound, tree.clean_bound + 1))
    bounds = range(first, opts.bound + 1) if opts.deepening and opts.bound > 1 \
        else [opts.bound]
    unknown: Result | None = None
    for bound in bounds:
        while True:
            under = tree.blocking(None)
            r = r_under = s.check(under, budget.timeout())
            if r is CheckResult.SAT:
                return tree.bug_result(budget, under)
            if r is CheckResult.UNKNOWN:
                unknown = unknown_result(s, "under-approximation")
                if s.has_model():
                    res = tree.bug_result(budget, under, candidate=True)
                    if res.verdict is Verdict.BUG:
                        return res
            over = tree.blocking(bound)
            if len(over) == len(tree.open):
                # every open site blocked: the over-approximation is the under-approximate
                # query just answered (UNSAT, or UNKNOWN without a confirmed bug)
                if unknown is not None and r is CheckResult.UNKNOWN:
                    return unknown
                if not over:
                    return Result(Verdict.CORRECT, "proved for every bound")
                tree.clean_bound = max(tree.clean_bound, bound)
                break
            r = s.check(over, budget.timeout(), work=opts.over_query_work)
            if r is CheckResult.UNSAT:
                if not over:
                    return Result(Verdict.CORRECT, "proved for every bound")
                tree.clean_bound = max(tree.clean_bound, bound)
                break
            todo = None
            if r is CheckResult.UNKNOWN:
                unknown = unknown_result(s, "over-approximation")
            if s.has_model():
                try:
                    todo = open_sites_on_path(model_path(s, tree.root))
                except PathError as e:
                    if r is CheckResult.SAT:
                        return Result(Verdict.UNKNOWN, f"internal error: {e}",
                                      kind=UnknownKind.INTERNAL)
                if not todo and r is CheckResult.SAT and r_under is CheckResult.UNSAT:
                    return Result(Verdict.UNKNOWN, "internal error: over-approximate path "
                                                   "through no open call site",
                                  kind=UnknownKind.INTERNAL)
                if not todo:
                    # a candidate through inlined code only (the under-approximate query,
                    # which has that path too, was not decided): a bug if its path
                    # re-checks; else the under-approximate query's unknown stands
                    res = tree.bug_result(budget, over, candidate=True)
                    if res.verdict is Verdict.BUG:
                        return res
                    if r is CheckResult.SAT and unknown is not None:
                        return unknown
            if not todo:
                # no (usable) model: inline every open site within the bound (sound, as all
                # inlining is) and ask again
                budget.timeout()
                todo = [(o.inst, o.site.index) for o in tree.open.values()
                        if not tree.beyond(o, bound)]
            for inst, site in todo:
                tree.inline(inst, site)
    return bounded_or_proved(tree, budget)
