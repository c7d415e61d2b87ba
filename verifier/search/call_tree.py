"""The partially inlined program shared by the inlining strategies (`verifier/strategies/`).

`CallTree` holds the dynamic procedure instances inlined so far, all asserted on ONE
incremental solver (VC templates from `vc.py`, instantiated per call site as Boogie's
StratifiedVC does); open call sites are the tree's leaves, each with its recursion count RB
(instances of the callee on the path from the root, the leaf included -- RMT's RB) and its
blocking assumption.  `beyond` is the bound rule every strategy shares: RB above the bound
(`/maxStaticLoopBound` raises it for loop procedures, `{:SIextraRecBound k}` by k, as
Corral's HasExceededRecursionDepth does) or a stack depth above `max_stack_depth`.
`Budget` is the run's time budget; `bounded_or_proved` the common ending of a search that
found nothing within the bound.
"""
from __future__ import annotations

from dataclasses import dataclass

from boogie.ast import attr

from verifier.deadline import Deadline
from verifier.options import VerifyOptions
from verifier.result import Result, UnknownKind, Verdict, solver_unknown_kind
from verifier.smt.solver import CheckResult, Solver, Term
from verifier.traces.trace import (PathError, build_trace, confirm, entry_inputs, model_path,
                    open_sites_on_path, path_trace)
from verifier.vc import CallSite, Instance, VCGen, instantiate, root_instance

LOOP_ATTRS = ("extracted_loop", "LoopProcedure")


class Timeout(Exception):
    """The whole-run time budget is spent."""


class ResourceLimit(Exception):
    """Too many instances inlined (max_instances)."""


@dataclass(slots=True)
class Budget:
    """The time limits of one search: the run's `Deadline` (an instant on the monotonic
    clock, or a `Deadline` itself, or None) and the per-query cap `query_timeout`."""
    deadline: Deadline | float | None
    query_timeout: float | None
    progress: object = None      # a `progress.Progress` the search reports to, if any

    def __post_init__(self):
        self.deadline = Deadline.of(self.deadline)

    def timeout(self) -> float | None:
        """The time a query may take now; raises Timeout when nothing is left."""
        t = self.query_timeout
        if self.deadline.expired():
            raise Timeout()
        left = self.deadline.left()
        if left is not None:
            t = left if t is None else min(t, left)
        return t


@dataclass(slots=True)
class OpenSite:
    inst: Instance
    site: CallSite
    rb: int                      # instances of the callee on the path, this one included
    neg: Term                    # !c, the blocking assumption


class CallTree:
    """The partially inlined program: instances asserted on the solver, open call sites."""

    def __init__(self, solver: Solver, gen: VCGen, entry: str, opts: VerifyOptions):
        self.solver, self.gen, self.opts = solver, gen, opts
        tmpl = gen.template(entry)
        self.root = root_instance(tmpl)
        solver.add(tmpl.defs)
        solver.add(tmpl.pre)
        solver.add(self.root.var(tmpl.entry))
        self.instances = 1
        self.progress = None         # a `progress.Progress`: told the instance count
        self.open: dict[tuple[int, int], OpenSite] = {}
        # DAG inlining (`dag.sharing.DagSharing`, set by `--strategy di`): binds call sites
        # to shared instances; None: a tree
        self.sharing = None
        # every bound up to this one is known to hold no bug on this program: searched by
        # a previous abstraction of it, which over-approximates this one (the corral loop
        # only adds tracked globals), so iterative deepening may start above it
        self.clean_bound = 0
        # re-check a SAT query's bug trace here; False when the caller re-checks every trace
        # itself on the program that matters (the corral loop concretizes an abstract trace
        # on the concrete program and re-checks that), so this re-check would be repeated
        self.recheck_bugs = True
        self.loop_procs = frozenset(n for n, p in gen.info.procs.items()
                                    if any(attr(p.attrs, a) for a in LOOP_ATTRS))
        # Corral's {:SIextraRecBound k}: that procedure may recurse k more times
        self._extra: dict[str, int] = {}
        for n, p in gen.info.procs.items():
            a = attr(p.attrs, "SIextraRecBound")
            if a is not None and a.args and hasattr(a.args[0], "value"):
                self._extra[n] = int(a.args[0].value)
        self._add_sites(self.root)

    def _add_sites(self, inst: Instance) -> None:
        for site in inst.tmpl.call_sites:
            rb = 1
            p = inst
            while p is not None:
                if p.tmpl.proc == site.callee:
                    rb += 1
                p = p.parent
            self.open[(inst.id, site.index)] = OpenSite(
                inst, site, rb, self.solver.not_(inst.var(site.lit)))

    def bound_for(self, proc: str, bound: int) -> int:
        if self.opts.static_loop_bound is not None and proc in self.loop_procs:
            bound = max(bound, self.opts.static_loop_bound)
        return bound + self._extra.get(proc, 0)

    def beyond(self, o: OpenSite, bound: int) -> bool:
        """Must this open site stay blocked under `bound`?"""
        if o.rb > self.bound_for(o.site.callee, bound):
            return True
        d = self.opts.max_stack_depth
        return d is not None and o.inst.depth + 1 > d

    def inline(self, inst: Instance, site_index: int) -> Instance:
        o = self.open.pop((inst.id, site_index))
        if self.instances >= self.opts.max_instances:
            raise ResourceLimit()
        if self.sharing is not None:       # DAG inlining: the site may share an instance
            child, fresh = self.sharing.bind(self, inst, o.site)
            inst.children[site_index] = child
            if fresh:
                self._count(child)
            return child
        tmpl = self.gen.template(o.site.callee)
        child, formula = instantiate(self.solver, tmpl, self.instances, inst, o.site)
        self.solver.add(formula)
        inst.children[site_index] = child
        self._count(child)
        return child

    def _count(self, child: Instance) -> None:
        self.instances += 1
        if self.progress is not None:
            self.progress.inlined(self.instances)
        self._add_sites(child)

    def shape(self) -> dict:
        """What `replay` needs to rebuild this tree on another solver: the call tree's
        shape (`tree_shape`), or a DAG's (`dag.sharing.DagShape` under its key)."""
        if self.sharing is not None:
            return self.sharing.shape()
        return tree_shape(self.root)

    def replay(self, shape: dict) -> None:
        """Inline (this fresh tree) as `shape` says."""
        from verifier.dag.sharing import DAG_SHAPE, replay
        if DAG_SHAPE in shape:
            replay(self, shape[DAG_SHAPE])
            return
        stack = [(self.root, shape)]
        while stack:
            inst, d = stack.pop()
            for site, sub in d.items():
                stack.append((self.inline(inst, site), sub))

    def blocking(self, bound: int | None) -> list[Term]:
        """Assumptions blocking every open site (bound None) or those beyond `bound`."""
        if bound is None:
            return [o.neg for o in self.open.values()]
        return [o.neg for o in self.open.values() if self.beyond(o, bound)]

    def cutoffs(self) -> tuple:
        """The loops and recursive procedures of the open sites blocked at the bound."""
        from verifier.search.cutoffs import cutoffs

        cut: dict[str, str] = {}
        bound = self.opts.bound
        for o in self.open.values():
            if o.rb > self.bound_for(o.site.callee, bound):
                cut[o.site.callee] = "bound"
            elif self.beyond(o, bound):
                cut.setdefault(o.site.callee, "depth")
        return cutoffs(self.gen.info.procs, cut)

    def bug_result(self, budget: Budget, blocked: list[Term], candidate: bool = False
                   ) -> Result:
        """From the SAT model of a query whose `blocked` sites were blocked: the trace,
        re-checked (unless `recheck_bugs` is off: the caller re-checks it), or UNKNOWN.  `candidate`: the model of an UNKNOWN query, re-checked on
        its path alone (`trace.recheck`'s exclusive form)."""
        s = self.solver
        try:
            events = model_path(s, self.root)
        except PathError as e:
            return Result(Verdict.UNKNOWN, f"internal error: {e}", kind=UnknownKind.INTERNAL)
        if open_sites_on_path(events):
            return Result(Verdict.UNKNOWN, "internal error: bug path runs through an open "
                                           "call site", kind=UnknownKind.INTERNAL)
        if not candidate and not self.recheck_bugs:
            # the caller concretizes the path and reports the concrete trace
            return Result(Verdict.BUG, "", path_trace(events) if self.opts.path_traces
                          else build_trace(s, events, self.opts.track_all,
                                           self.gen.info.program))
        trace = build_trace(s, events, self.opts.track_all, self.gen.info.program)
        inputs = entry_inputs(s, self.root)
        r, pinned = confirm(s, events, inputs, self.blocking(None), budget.timeout(),
                            candidate)
        if r is CheckResult.SAT and not pinned:     # the values of the confirming model
            trace = build_trace(s, events, self.opts.track_all, self.gen.info.program)
        if r is CheckResult.UNKNOWN:       # a limit, not a defect: the bug is unconfirmed
            return unknown_result(s, "re-check")
        if r is not CheckResult.SAT:
            return Result(Verdict.UNKNOWN, "internal error: trace did not re-check",
                          kind=UnknownKind.INTERNAL)
        return Result(Verdict.BUG, "", trace)


def tree_shape(inst: Instance) -> dict:
    """The inlined call tree below `inst`: call-site index -> the child's shape."""
    out: dict = {}
    stack = [(inst, out)]
    while stack:
        i, d = stack.pop()
        for site, child in i.children.items():
            d[site] = {}
            stack.append((child, d[site]))
    return out


def unknown_result(solver: Solver, what: str) -> Result:
    why = solver.reason_unknown()
    kind = solver_unknown_kind(why)
    if kind is UnknownKind.RESOURCE:        # one of the engine's caps (verifier/limits.py)
        return Result(Verdict.UNKNOWN, f"solver work limit ({what} query)", kind=kind)
    if kind is UnknownKind.TIMEOUT:
        return Result(Verdict.UNKNOWN, f"timeout ({what} query)", kind=kind)
    return Result(Verdict.UNKNOWN, f"solver returned unknown ({what} query): {why}", kind=kind)


def bounded_or_proved(tree: CallTree, budget: Budget) -> Result:
    """The search within the bound found nothing, and some call site was cut off there.
    One more over-approximate query with EVERY open call site summarized (havoc of its
    outputs and modified globals) and none blocked: UNSAT proves the program correct for
    every bound (the summaries over-approximate every deeper unfolding).  SAT, a limit
    (the work cap `over_query_work`, or the budget) or unknown leave the verdict at
    BOUNDED."""
    bounded = Result(Verdict.BOUNDED, bounded_reason(tree.opts), cutoffs=tree.cutoffs())
    try:
        t = budget.timeout()
    except Timeout:
        return bounded
    if tree.solver.check([], t, work=tree.opts.over_query_work) is CheckResult.UNSAT:
        return Result(Verdict.CORRECT, "proved for every bound (call sites beyond the bound "
                                       "summarized)")
    return bounded


def shorter(a: float | None, b: float | None) -> float | None:
    if a is None:
        return b
    return a if b is None else min(a, b)


def bounded_reason(opts: VerifyOptions) -> str:
    why = f"no bug found within recursion bound {opts.bound}"
    if opts.static_loop_bound is not None:
        why += f" (loops: {max(opts.bound, opts.static_loop_bound)})"
    if opts.max_stack_depth is not None:
        why += f", stack depth bound {opts.max_stack_depth}"
    return why
