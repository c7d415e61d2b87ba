"""Turns a SAT model of the inlined VC into an execution: a path, a re-check, a `Trace`.

Role: follows the true block control constants from the root instance's entry (vc.py's
encoding guarantees any such walk is an execution), descending into inlined call instances
(a DAG node shared by several call sites is entered through the one the path takes, and
viewed at that call stack);
open call sites on the path are what stratified inlining inlines next.  A bug trace is
re-checked before it is reported: the straight-line path (only the blocks and edges it
takes, in every instance it enters) is asserted in a push/pop scope, the entry inputs are
fixed to the model's values, every open call site is blocked, and the query must be SAT.

Source locations: a block's step takes the first `{:sourceloc "f", line, col}` (SMACK,
Corral) or `{:sourcefile "f"} {:sourceline n}` attribute on its commands, else the Boogie
location of the block's first command.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, replace

from boogie.ast import IntLit, Return
from boogie.ast import attr as find_attr
from frontend.properties import check_id

from verifier.traces.ctrace_build import source_trace
from verifier.limits import PINNED_RECHECK_WORK
from verifier.result import Trace, TraceStep, Violation, rule_violation
from verifier.smt.solver import CheckResult, Solver, Term
from verifier.vc import Instance


class PathError(Exception):
    """The model does not describe a path (an internal error of the encoding)."""


@dataclass(frozen=True, slots=True)
class Event:
    kind: str                    # "block" | "call" | "return"
    inst: Instance
    label: str = ""
    site: int = -1               # call-site index (call/return)
    child: Instance | None = None   # None: the call site is open (not inlined)


def model_path(solver: Solver, root: Instance) -> list[Event]:
    """The execution the current model describes, as block/call/return events."""
    events: list[Event] = []
    stack: list[tuple] = [("blk", root, root.tmpl.order[0], 0)]
    while stack:
        item = stack.pop()
        if item[0] == "ret":
            _, inst, site, child = item
            events.append(Event("return", inst, "", site, child))
            continue
        _, inst, label, pos = item
        tmpl = inst.tmpl
        bi = tmpl.blocks[label]
        if pos == 0:
            # b_l ==> C(l) /\ \/ (E /\ b_s): only the entry and branch choices need the
            # model (a block with one successor passes its truth on)
            if inst is root and label == tmpl.order[0] and \
                    not solver.model_true(inst.var(bi.var)):
                raise PathError(f"entry block {tmpl.proc}:{label} is not true")
            events.append(Event("block", inst, label))
        if pos < len(bi.calls):
            site = tmpl.call_sites[bi.calls[pos]]
            stack.append(("blk", inst, label, pos + 1))
            child = _on_path(inst, site.index, inst.children.get(site.index))
            events.append(Event("call", inst, label, site.index, child))
            if child is not None:
                stack.append(("ret", inst, site.index, child))
                stack.append(("blk", child, child.tmpl.order[0], 0))
            else:
                events.append(Event("return", inst, label, site.index, None))
            continue
        if isinstance(bi.block.transfer, Return):
            continue
        nxt = _next_block(solver, inst, bi)
        if nxt is None:
            raise PathError(f"no true successor of {tmpl.proc}:{label}")
        stack.append(("blk", inst, nxt, 0))
    return events


def _on_path(inst: Instance, site: int, child: Instance | None) -> Instance | None:
    """`child` as reached from call site `site` of `inst`.  In a tree that is `child`
    itself; a DAG node shared by several call sites (DAG inlining, verifier/dag/) is viewed
    at this call stack: its parent, call site and depth are the path's, its constants
    (and children) the node's own."""
    if child is None or (child.parent is inst and child.site == site
                         and child.depth == inst.depth + 1):
        return child
    return replace(child, parent=inst, site=site, depth=inst.depth + 1)


def _next_block(solver: Solver, inst: Instance, bi) -> str | None:
    """The successor the model takes: its block is true and so is its edge condition.
    z3's evaluator can leave an edge condition undecided (an equality of arrays built from
    lambdas, after a one-shot query's preprocessing: tests/data/oneshot_model/); since the
    model satisfies `b_l ==> \\/ (E_s /\\ b_s)`, a true block whose edge is not false is
    then the one taken (a bug path is re-checked on its own in any case)."""
    blocks = inst.tmpl.blocks
    if len(bi.succs) == 1:
        return bi.succs[0]
    open_edge = None
    for s in bi.succs:
        if not solver.model_true(inst.var(blocks[s].var)):
            continue
        edge = bi.edges.get(s)
        if edge is None:
            return s
        e = inst.term(edge, solver)
        if solver.model_true(e):
            return s
        if open_edge is None and not solver.model_false(e):
            open_edge = s
    return open_edge


def open_sites_on_path(events: list[Event]) -> list[tuple[Instance, int]]:
    return [(e.inst, e.site) for e in events if e.kind == "call" and e.child is None]


# ----------------------------------------------------------------------------- re-check

def entry_inputs(solver: Solver, root: Instance) -> list[tuple[Term, Term]]:
    """The root's inputs (parameters, globals at entry) with their model values."""
    tm = root.tmpl
    terms = list(tm.ins) + list(tm.gins.values())
    return [(t, solver.model_term(t)) for t in terms]


def recheck(solver: Solver, events: list[Event], inputs: list[tuple[Term, Term]],
            blocked: list[Term], timeout: float | None, exclusive: bool = False,
            work: float | None = None) -> CheckResult:
    """Is the straight-line path of `events` feasible from the given entry inputs, with the
    open call sites blocked (`blocked`: their blocking assumptions `!c`)?  With
    `exclusive`, only that path: in every instance it enters, the blocks and call sites it
    does not take are asserted false, so that nothing off the path (a quantified `assume`
    the solver cannot model, say) can leave the check undecided -- for a candidate model
    of an `unknown` query.  (Not always: z3 can stall on SMACK's memory axioms with the
    blocks fixed, tests/data/kmodels/linux_copy_from_user.c through LLVM.)"""
    parts = [solver.eq(t, v) for t, v in inputs]
    if exclusive:
        parts += off_path(solver, events)
    blocks = [e for e in events if e.kind == "block"]
    for i, e in enumerate(blocks):
        bi = e.inst.tmpl.blocks[e.label]
        parts.append(e.inst.term(bi.cond, solver))
        parts.append(e.inst.var(bi.var))
    for e in events:
        if e.kind == "call":
            site = e.inst.tmpl.call_sites[e.site]
            parts.append(e.inst.var(site.lit))
    # the edges taken: consecutive blocks of the same instance
    last: dict[int, tuple[Instance, str]] = {}
    for e in blocks:
        prev = last.get(e.inst.id)
        if prev is not None:
            edge = prev[0].tmpl.blocks[prev[1]].edges.get(e.label)
            if edge is not None:
                parts.append(e.inst.term(edge, solver))
        last[e.inst.id] = (e.inst, e.label)
    solver.push()
    try:
        solver.add(solver.and_(parts))
        return solver.check(list(blocked), timeout, work=work, rival=True)
    finally:
        solver.pop()


def confirm(solver: Solver, events: list[Event], inputs: list[tuple[Term, Term]],
            blocked: list[Term], timeout: float | None, exclusive: bool = False
            ) -> tuple[CheckResult, bool]:
    """`recheck` from the model's entry inputs, and if that is undecided, of the path
    alone (no inputs fixed): SAT then shows that some input runs the same straight-line
    path to the error, which is a bug as real as the first (the solver's model is the
    re-check's: the caller rebuilds the trace's values from it); if that is undecided too,
    of the path alone with everything off it asserted false (`recheck`'s `exclusive`).  Why: with the inputs
    fixed to the model's concrete maps, z3 can spin on SMACK's quantified memory contracts
    (a `$memset` behind a wrapper, tests/data/oneshot/memset_wrapper_bug.bpl), where the
    path alone is answered at once.  The first try gets PINNED_RECHECK_WORK work seconds
    (verifier/limits.py) and half the time left (`timeout`, wall: the run's).  Returns the
    answer and whether the inputs were fixed in it."""
    t0 = time.perf_counter()
    r = recheck(solver, events, inputs, blocked,
                None if timeout is None else timeout / 2, exclusive, PINNED_RECHECK_WORK)
    if r is not CheckResult.UNKNOWN or not inputs:
        return r, True
    left = None if timeout is None else timeout - (time.perf_counter() - t0)
    if left is not None and left <= 0.05:
        return r, True
    r = recheck(solver, events, [], blocked, None if left is None else left / 2, exclusive)
    if r is not CheckResult.UNKNOWN or exclusive:
        return r, False
    # z3 can still answer "incomplete quantifiers" on the path alone (a quantified `assume`
    # off the path it cannot model; it did so in CI on memset_wrapper_bug.bpl, depending
    # on the terms made before): the path alone with every block and call site off it
    # asserted false has nothing else to model
    left = None if timeout is None else timeout - (time.perf_counter() - t0)
    if left is not None and left <= 0.05:
        return r, False
    return recheck(solver, events, [], blocked, left, True), False


def off_path(solver: Solver, events: list[Event]) -> list[Term]:
    """`not b` for each block and `not c` for each call site of the instances `events`
    enter that the path does not take."""
    insts: dict[int, Instance] = {}
    taken: set[tuple[int, str]] = set()
    calls: set[tuple[int, int]] = set()
    for e in events:
        insts.setdefault(e.inst.id, e.inst)
        if e.kind == "block":
            taken.add((e.inst.id, e.label))
        elif e.kind == "call":
            calls.add((e.inst.id, e.site))
    out: list[Term] = []
    for iid, inst in insts.items():
        tmpl = inst.tmpl
        for label, bi in tmpl.blocks.items():
            if (iid, label) not in taken:
                out.append(solver.not_(inst.var(bi.var)))
        for site in tmpl.call_sites:
            if (iid, site.index) not in calls:
                out.append(solver.not_(inst.var(site.lit)))
    return out


# ----------------------------------------------------------------------------- trace

def _source_loc(bi) -> tuple[str, int, int]:
    for c in bi.block.cmds:
        loc = cmd_source_loc(c)
        if loc is not None:
            return loc
    loc = bi.block.cmds[0].loc if bi.block.cmds else bi.block.loc
    return (loc.file, loc.line, loc.col)


def cmd_source_loc(c) -> tuple[str, int, int] | None:
    """A command's `{:sourceloc}` / `{:sourcefile}{:sourceline}` location, if it has one."""
    a = find_attr(c.attrs, "sourceloc")
    if a is not None and len(a.args) >= 2:
        f, ln = a.args[0], a.args[1]
        col = a.args[2] if len(a.args) > 2 else 0
        return (str(f), _int(ln), _int(col))
    sf, sl = find_attr(c.attrs, "sourcefile"), find_attr(c.attrs, "sourceline")
    if sf is not None and sl is not None and sf.args and sl.args:
        return (str(sf.args[0]), _int(sl.args[0]), 0)
    return None


def _int(x) -> int:
    if isinstance(x, IntLit):
        return x.value
    try:
        return int(str(x))
    except ValueError:
        return 0


# variables the instrumentation adds (the error flag) are not the user's
HIDDEN_PREFIXES = ("pycorral_",)


def path_trace(events: list[Event]) -> Trace:
    """The steps of the path `events` only (blocks, calls, returns; no values, inputs or
    source-level trace): what `refine.path_from_trace` reads.  The abstraction loop's
    searches hand their traces to the concretization, which builds the reported trace
    from the concrete model; building values and the C trace of every abstract trace
    (`build_trace`) was a tenth of the run on refinement-heavy tasks."""
    steps: list[TraceStep] = []
    for e in events:
        tmpl = e.inst.tmpl
        if e.kind == "block":
            f, ln, col = _source_loc(tmpl.blocks[e.label])
            steps.append(TraceStep("block", tmpl.proc, e.inst.depth, e.label, f, ln, col))
        else:
            steps.append(_call_step(e))
    return Trace(tuple(steps))


def _call_step(e: Event) -> TraceStep:
    """The step of a call or return event (at the call site's location)."""
    site = e.inst.tmpl.call_sites[e.site]
    loc = site.cmd.loc
    text = f"call {site.callee}" + ("" if e.child is not None or e.kind == "return"
                                    else " (not inlined)")
    return TraceStep(e.kind, site.callee, e.inst.depth + 1, site.block,
                     loc.file, loc.line, loc.col, text)


def build_trace(solver: Solver, events: list[Event], track_all: bool = False,
                program=None) -> Trace:
    """The trace of the path `events` in the current model: Boogie-level steps (blocks with
    the values they assign, calls, returns, the failure), entry inputs, nondeterministic
    choices, and the source-level trace (`ctrace_build.source_trace`; C names when
    `program` carries the front ends' trace attributes)."""
    steps: list[TraceStep] = []
    failed: TraceStep | None = None     # where the error flag was set
    violation: Violation | None = None  # the rule it violates, when a rule's
    check = ""                          # the failing assertion's id (`check_id`)
    for e in events:
        tmpl = e.inst.tmpl
        if e.kind == "block":
            bi = tmpl.blocks[e.label]
            f, ln, col = _source_loc(bi)
            if failed is None:
                failed, violation, check = _failing_command(solver, e, bi)
            if track_all:
                names = sorted(n for n in bi.env_out if n in tmpl.var_types)
                values = tuple((n, solver.model_value(e.inst.term(bi.env_out[n], solver)))
                               for n in names if n in bi.env_out)
            else:
                # each assignment's own value, in command order (a value at the end of the
                # block could already reflect a later call's effect)
                values = tuple((n, solver.model_value(e.inst.term(t, solver)))
                               for cmd_vals in bi.cmd_values for n, t in cmd_vals
                               if not n.startswith(HIDDEN_PREFIXES))
            steps.append(TraceStep("block", tmpl.proc, e.inst.depth, e.label, f, ln, col,
                                   "", values))
        else:
            steps.append(_call_step(e))
    if failed is not None:
        steps.append(failed)
    elif steps:
        last = next((s for s in reversed(steps) if s.kind == "block"), steps[-1])
        steps.append(TraceStep("fail", last.proc, last.depth, last.label, last.file,
                               last.line, last.col, "error reached"))
    source, nondet, fail_event, memory = source_trace(solver, events, program)
    if violation is not None:
        # a step per event (then the fail step): the steps before the failing one are
        # what the path did before the check
        assert len(steps) == len(events) + 1, "a trace step per event"
        violation = replace(violation, step=fail_event)
    root = events[0].inst if events else None
    inputs: tuple = ()
    if root is not None:
        # the entry's parameters, and for Boogie its globals at entry (a C program's
        # globals start at their initial values: they are not inputs)
        tm = root.tmpl
        names = list(tm.ins) + (list(tm.gins.values()) if source.language != "c" else [])
        labels = list(tm.in_names) + (list(tm.gins) if source.language != "c" else [])
        inputs = tuple((lab, solver.model_value(t)) for lab, t in zip(labels, names))
    return Trace(tuple(steps), inputs, nondet, source, violation=violation,
                 memory=memory, check=check)


ERROR_FLAG = "pycorral_error"      # boogie/passes/asserts.py's flag


def _failing_command(solver: Solver, e: Event,
                     bi) -> tuple[TraceStep | None, Violation | None, str]:
    """The "fail" step at the assertion that failed: the command of this block that sets
    the error flag to true in the model (the instrumentation keeps the assertion's
    location and attributes on that assignment), and the rule it violates when it carries
    `{:rule}`, and the assertion's id (frontend/properties.py `check_id`: "" for none);
    (None, None, "") when the block has none."""
    for c, vals in zip(bi.block.cmds, bi.cmd_values):
        for n, t in vals:
            if n != ERROR_FLAG:
                continue
            if solver.model_value(e.inst.term(t, solver)) not in ("True", "true", "1"):
                continue
            f, ln, col = cmd_source_loc(c) or (c.loc.file, c.loc.line, c.loc.col)
            violation = rule_violation(c.attrs, f, ln, col)
            return TraceStep("fail", e.inst.tmpl.proc, e.inst.depth, e.label, f, ln, col,
                             violation.text() if violation else "error reached"), violation, \
                check_id(c.attrs)
    return None, None, ""

