"""Counterexample paths, their concrete re-check, and refinement of the tracked globals.

CORRAL TR, Section 3.1: a bug trace of the abstract program is a *path* (the procedure
instances it runs through and the blocks it takes in each); `PathCheck` fixes that path in a
program that has the same blocks and calls (the concrete program, or any abstraction of it,
see `boogie.passes.abstract`) and asks whether it can reach the error:
* the call tree of the path is inlined (the same call sites of the same instances), every
  other call site is blocked;
* the path is asserted: the control constant of every block on it, the edges between its
  consecutive blocks and the control literal of every call it makes.
SAT on the concrete program = a real bug (its trace is built from that model); UNSAT = the
abstract trace was spurious.

Refinement finds a minimal set R of globals (T <= R <= G) such that the path abstracted with
R is infeasible (Theorem 1), by divide and conquer:
* `hrefine` (Algorithm 1): each check abstracts the path program with a candidate set
  (`abstract_globals`) and builds its VC on a fresh solver;
* `vcrefine` (Algorithm 2, the default): the path program is abstracted once with a Boolean
  constant per undecided global (`parameterize_globals`), its VC is built once on one
  solver, and each check is a query under assumptions fixing the constants.
Both run `minimal_set`, the recursion of Fig. 4 over an oracle "is the path infeasible when
tracking S?".  An oracle answer of unknown (a limit) counts as feasible: tracking more is
always sound, only minimality is lost.

The path program given to refinement is the concrete program with every procedure off the
path cut (its body becomes `assume false`) and, in the path's procedures, only the blocks
the path takes (`path_blocks`; `opts.prune_path`): the checks only build VCs for that part
of the program, and the candidate globals G are the ones it mentions (a global no block of
the path mentions is the same tracked or not, on this path).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Callable, Iterable

from boogie.ast import (Assume, Block, BoolLit, Body, Goto, ImplementationDecl, ProcedureDecl,
                        Program, Return)
from boogie.passes.abstract import abstract_globals, parameterize_globals

from verifier.limits import REFINE_HIER_QUERY_WORK, REFINE_VC_QUERY_WORK
from verifier.options import VerifyOptions
from verifier.result import Trace
from verifier.smt.solver import CheckResult, Solver, SolverLimits, Term
from verifier.smt.factory import open_solver as smt_open_solver
from verifier.traces.trace import Event
from verifier.stats import solver_stats
from verifier.vc import Instance, ProgramInfo, VCGen


class PathMismatch(Exception):
    """A trace's steps do not fit the program's blocks and calls (an internal error)."""


# ----------------------------------------------------------------------------- paths

@dataclass(slots=True)
class PathNode:
    """One procedure instance on a path: the blocks it takes, in order, and the instances
    its calls enter, keyed by (block label, position among the block's call sites)."""
    proc: str
    blocks: list[str] = field(default_factory=list)
    calls: dict[tuple[str, int], "PathNode"] = field(default_factory=dict)

    def procedures(self) -> set[str]:
        out, stack = set(), [self]
        while stack:
            n = stack.pop()
            out.add(n.proc)
            stack.extend(n.calls.values())
        return out

    def size(self) -> int:
        return len(self.blocks) + sum(c.size() for c in self.calls.values())


def path_from_trace(trace: Trace, entry: str) -> PathNode:
    """The path of a bug trace (its block/call/return steps, as `build_trace` writes them)."""
    root = PathNode(entry)
    stack: list[list] = [[root, None, 0]]          # node, current label, calls seen in it
    for st in trace.steps:
        top = stack[-1]
        if st.kind == "block":
            if st.proc != top[0].proc:
                raise PathMismatch(f"block {st.proc}:{st.label} inside {top[0].proc}")
            top[0].blocks.append(st.label)
            top[1], top[2] = st.label, 0
        elif st.kind == "call":
            if top[1] != st.label:
                raise PathMismatch(f"call of {st.proc} outside block {top[1]}")
            key = (top[1], top[2])
            top[2] += 1
            if "(not inlined)" in st.text:
                raise PathMismatch(f"call of {st.proc} on the path was not inlined")
            child = top[0].calls[key] = PathNode(st.proc)
            stack.append([child, None, 0])
        elif st.kind == "return":
            if len(stack) < 2:
                raise PathMismatch("return from the entry")
            stack.pop()
    if len(stack) != 1:
        raise PathMismatch("the trace ends inside a call")
    return root


def path_blocks(path: PathNode) -> dict[str, set[str]]:
    """Per procedure on the path, the labels of the blocks some instance of it takes."""
    out: dict[str, set[str]] = {}
    stack = [path]
    while stack:
        n = stack.pop()
        out.setdefault(n.proc, set()).update(n.blocks)
        stack.extend(n.calls.values())
    return out


def cut_program(p: Program, keep: set[str],
                blocks: dict[str, set[str]] | None = None) -> Program:
    """`p` with the bodies of the procedures not in `keep` replaced by `assume false`
    (they stay procedures with a body, so call sites keep their numbering).  With
    `blocks` (`path_blocks`), a kept procedure keeps only those blocks (and its first),
    its gotos only the targets among them: a path fixes its blocks, so the others
    constrain nothing on it, and its VC is built from the path's part of the body."""
    decls = []
    for d in p.decls:
        if isinstance(d, ProcedureDecl) and d.body is not None and d.name not in keep:
            blk = Block("cut", (Assume(BoolLit(False, loc=d.loc), loc=d.loc),),
                        Return(loc=d.loc), loc=d.loc)
            d = replace(d, body=Body((), (blk,), loc=d.loc), requires=(), ensures=(),
                        modifies=())
        elif blocks is not None and isinstance(d, (ProcedureDecl, ImplementationDecl)) \
                and d.body is not None and d.name in blocks:
            d = replace(d, body=_prune(d.body, blocks[d.name]))
        decls.append(d)
    return replace(p, decls=tuple(decls))


def _prune(body: Body, labels: set[str]) -> Body:
    first = body.blocks[0].label
    kept = []
    for b in body.blocks:
        if b.label != first and b.label not in labels:
            continue
        t = b.transfer
        if isinstance(t, Goto):
            targets = tuple(x for x in t.labels if x in labels)
            if targets != t.labels:
                # no target left: the block is on no path through this procedure
                b = replace(b, transfer=replace(t, labels=targets)) if targets else \
                    replace(b, cmds=b.cmds + (Assume(BoolLit(False, loc=b.loc), loc=b.loc),),
                            transfer=Return(loc=t.loc))
        kept.append(b)
    return replace(body, blocks=tuple(kept))


# ----------------------------------------------------------------------------- solvers

def open_solver(prog: Program, limits: SolverLimits = SolverLimits()
                ) -> tuple[Solver, VCGen]:
    """A solver with the program's axioms (and unique/function axioms) asserted, and a VC
    generator for it; `limits` as the run's options say (`VerifyOptions.solver_limits`)."""
    solver = smt_open_solver(prog, limits)
    return solver, VCGen(prog, solver)


class PathCheck:
    """A path fixed on one solver: `fix()` inlines its call tree and asserts it (in the
    current scope); `events` are its execution steps for `build_trace`."""

    def __init__(self, solver: Solver, gen: VCGen, entry: str, path: PathNode,
                 opts: VerifyOptions):
        from verifier.search.call_tree import CallTree  # call_tree imports nothing from here; no cycle
        self.solver, self.path = solver, path
        self.tree = CallTree(solver, gen, entry, opts)
        self.events: list[Event] = []
        parts: list[Term] = []
        self._walk(self.tree.root, path, parts)
        solver.add(solver.and_(parts))

    def _walk(self, inst: Instance, node: PathNode, parts: list[Term]) -> None:
        s, tmpl = self.solver, inst.tmpl
        if tmpl.proc != node.proc:
            raise PathMismatch(f"instance of {tmpl.proc} for a path node of {node.proc}")
        prev = None
        edges: list[Term] = []      # in template names: one substitution for them all
        for label in node.blocks:
            bi = tmpl.blocks.get(label)
            if bi is None:
                raise PathMismatch(f"no block {label} in {tmpl.proc}")
            parts.append(inst.var(bi.var))
            if prev is not None:
                pb = tmpl.blocks[prev]
                if label not in pb.succs:
                    raise PathMismatch(f"{tmpl.proc}: no edge {prev} -> {label}")
                edge = pb.edges.get(label)
                if edge is not None:
                    edges.append(edge)
            prev = label
            self.events.append(Event("block", inst, label))
            for pos, site_index in enumerate(bi.calls):
                child_node = node.calls.get((label, pos))
                if child_node is None:
                    raise PathMismatch(f"{tmpl.proc}:{label}: call {pos} not on the path")
                site = tmpl.call_sites[site_index]
                parts.append(inst.var(site.lit))
                child = self.tree.inline(inst, site_index)
                self.events.append(Event("call", inst, label, site_index, child))
                self._walk(child, child_node, parts)
                self.events.append(Event("return", inst, "", site_index, child))
        if prev is None or not isinstance(tmpl.blocks[prev].block.transfer, Return):
            raise PathMismatch(f"the path in {tmpl.proc} does not end at a return")
        if edges:
            parts.append(inst.term(s.and_(edges), s))

    def blocked(self) -> list[Term]:
        """The blocking assumptions (`!c`) of the open call sites, all off the path."""
        return self.tree.blocking(None)


# ----------------------------------------------------------------------------- refinement

Oracle = Callable[[frozenset[str]], bool]     # is the path infeasible tracking this set?


def minimal_set(tracked: frozenset[str], dont: frozenset[str], universe: frozenset[str],
                infeasible: Oracle) -> frozenset[str]:
    """Fig. 4 (Algorithms 1 and 2 share it): given that the path is infeasible tracking
    universe - dont, a minimal R with tracked <= R <= universe - dont keeping it so."""
    if tracked | dont == universe:
        return tracked
    if infeasible(tracked):
        return tracked
    rest = sorted(universe - tracked - dont)
    if len(rest) == 1:
        return universe - dont
    half = len(rest) // 2
    t1, t2 = frozenset(rest[:half]), frozenset(rest[half:])
    s1 = minimal_set(tracked | t2, dont, universe, infeasible)
    keep1 = s1 & t1
    return minimal_set(tracked | keep1, dont | (t1 - keep1), universe, infeasible)




@dataclass(slots=True)
class RefineStats:
    checks: int = 0
    unknown: int = 0
    fallbacks: int = 0
    queries: int = 0
    z3_time: float = 0.0
    z3_work: float = 0.0
    queries_core: int = 0       # vcrefine's unsat-core queries (`_core_candidates`)
    core_dropped: int = 0       # candidates those cores left out


def _outcome(r: CheckResult, st: RefineStats) -> bool:
    st.checks += 1
    if r is CheckResult.UNKNOWN:
        st.unknown += 1
    return r is CheckResult.UNSAT


def _add_solver_stats(st: RefineStats, solver: Solver) -> None:
    s = solver_stats(solver)
    st.queries += s.queries
    st.z3_time += s.z3_time
    st.z3_work += s.z3_work or 0.0


def _abstract_oracle(path_prog: Program, entry: str, path: PathNode, opts: VerifyOptions,
                     timeout: Callable[[], float | None], st: RefineStats) -> Oracle:
    """Algorithm 1's check: the path on `Abstract(P, S)`, a fresh VC and solver each time."""
    def infeasible(s: frozenset[str]) -> bool:
        solver, gen = open_solver(abstract_globals(path_prog, s), opts.solver_limits())
        try:
            pc = PathCheck(solver, gen, entry, path, opts)
            return _outcome(solver.check(pc.blocked(), timeout(),
                                         work=REFINE_HIER_QUERY_WORK), st)
        finally:
            _add_solver_stats(st, solver)
    return infeasible


def hrefine(path_prog: Program, entry: str, path: PathNode, tracked: frozenset[str],
            candidates: frozenset[str], opts: VerifyOptions, timeout: Callable[[], float | None],
            st: RefineStats) -> frozenset[str]:
    """Algorithm 1: one abstraction, VC and solver per check."""
    infeasible = _abstract_oracle(path_prog, entry, path, opts, timeout, st)
    return minimal_set(tracked, frozenset(), tracked | candidates, infeasible)


def vcrefine(path_prog: Program, entry: str, path: PathNode, tracked: frozenset[str],
             candidates: frozenset[str], opts: VerifyOptions,
             timeout: Callable[[], float | None], st: RefineStats) -> frozenset[str]:
    """Algorithm 2: the path abstracted once with a Boolean constant per candidate, its VC
    on one solver, each check a query under assumptions.  z3 can stall on the
    parameterized form where quantified assumptions sit under a `b_v ==>` (e.g. the
    memory axioms of `calloc`): a query that does not finish within REFINE_VC_QUERY_WORK
    work seconds (verifier/limits.py) is asked again as Algorithm 1's check
    (`vc_fallbacks`), so the answer stays the same -- when the path's formula is
    quantified.  A quantifier-free query that does not finish counts as feasible, as
    Algorithm 1 counts its own: there the parameterized form is not what is hard
    (tests/data/semantics/shifts.c in bit-vectors: both fallback checks of its refinement
    were feasible, after 46-48 M resource units, 12-18 s CPU, where the capped queries
    had taken 2-3 s)."""
    prog, consts = parameterize_globals(abstract_globals(path_prog, tracked | candidates),
                                        candidates)
    solver, gen = open_solver(prog, opts.solver_limits())
    fallback = _abstract_oracle(path_prog, entry, path, opts, timeout, st)
    try:
        pc = PathCheck(solver, gen, entry, path, opts)
        for c in pc.blocked():          # the same for every query: asserted once
            solver.add(c)
        b = {g: solver.program_constant(c) for g, c in consts.items()}
        candidates = _core_candidates(solver, b, candidates, timeout, st)

        def infeasible(s: frozenset[str]) -> bool:
            psi = [b[g] if g in s else solver.not_(b[g]) for g in b]
            r = solver.check(psi, timeout(), work=REFINE_VC_QUERY_WORK)
            if r is CheckResult.UNKNOWN and solver.has_quantifiers():
                st.fallbacks += 1
                return fallback(s)
            return _outcome(r, st)
        return minimal_set(tracked, frozenset(), tracked | candidates, infeasible)
    finally:
        _add_solver_stats(st, solver)


def _core_candidates(solver: Solver, b: dict[str, Term], candidates: frozenset[str],
                     timeout: Callable[[], float | None], st: RefineStats) -> frozenset[str]:
    """The candidates an unsat core keeps: the path is infeasible tracking every candidate
    (the concrete check said so); asked again with each candidate's constant as an
    assumption, z3's core names the ones it used.  The core's constants alone, whatever
    the others, make the path infeasible -- in particular with the others abstracted --
    so `minimal_set` may start from tracked + core (its precondition holds) and runs
    its divide and conquer over that handful instead of every global the path mentions
    (the DDK driver kbfiltr_false, LLVM front end: 88 checks and 229 s of its 300 before,
    12 checks and 61 s after).  Anything but UNSAT within REFINE_VC_QUERY_WORK keeps every candidate."""
    names = sorted(b)
    r, core = solver.check_core([b[g] for g in names], timeout(), work=REFINE_VC_QUERY_WORK)
    st.queries_core += 1
    if r is not CheckResult.UNSAT:
        return candidates
    kept = frozenset(names[i] for i in core)
    st.core_dropped += len(candidates - kept)
    return candidates & kept


def refine(concrete: Program, entry: str, path: PathNode, tracked: Iterable[str],
           opts: VerifyOptions, timeout: Callable[[], float | None],
           st: RefineStats) -> frozenset[str]:
    """The new tracked set after a spurious path (`opts.refine`: "vc" or "hier")."""
    tracked = frozenset(tracked)
    path_prog = cut_program(concrete, path.procedures(),
                            path_blocks(path) if opts.prune_path else None)
    # the globals the path's procedures (and the body-less ones they call) read or write
    candidates = ProgramInfo(path_prog).reads[entry] - tracked
    run = vcrefine if opts.refine == "vc" else hrefine
    return run(path_prog, entry, path, tracked, candidates, opts, timeout, st)
