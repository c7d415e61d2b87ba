"""Turns a prepared program into a proof for every bound, or nothing: procedure summaries
from constrained Horn clauses (`--strategy chc`).

Where stratified inlining (CORRAL Fig. 2) proves a program only when every call site left
open can be summarized by a havoc, this strategy asks for real summaries.  The prepared
program (loops extracted into tail-recursive procedures, assertions turned into the error
flag, so the question is "can the entry return?") becomes Horn clauses over the VC
templates that `vc.py` builds for the inlining strategies:

* one relation S_p per procedure p with a body, over a call flag f, p's inputs, the globals
  it may read (their values at entry: `old`), its outputs and the globals it may modify
  (their values at return) -- an extracted loop's relation is a loop invariant relating the
  loop's entry state to every later state at the loop head;
* `S_p(false, ...)` for any arguments: a call site whose control literal is false is not
  executed, and its outputs are unconstrained (the template leaves them so);
* `defs_p /\\ b_entry /\\ /\\_sites S_callee(lit, args, gins, outs, gouts) ==> S_p(true, ins,
  gins, outs, gouts)`: p's VC template with every call site an application of the callee's
  relation under the site's control literal (the literal is an argument, so the rule stays
  Horn; on a path through the call it is true);
* the query: `defs_entry /\\ b_entry /\\ pre /\\ sites ==> false` (the entry cannot return).

The rules go to the Horn backend (`smt.factory.open_horn`: z3's Spacer).  A solution is
re-checked rule by rule on a fresh solver before CORRECT is reported; a solution that does
not re-check is UNKNOWN "internal error".  UNSAFE is never a bug verdict (bugs come from the
inlining strategies with a re-checked trace), and UNKNOWN is UNKNOWN.  The proved summaries
are returned with the result (`Result.summaries`, relation interpretations as Boogie
expressions where they can be written back) for later searches and witnesses.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, replace

from boogie.ast import attr

from verifier.search.call_tree import Budget, CallTree
from verifier.search.isolate import ChildDied, in_child
from verifier.limits import HORN_SCHEDULE_MIN, HORN_SHORT_SLICE_WORK

from verifier.result import ProvedFact, Result, UnknownKind, Verdict, solver_unknown_kind
from verifier.stats import Stats, horn_stats
from verifier.smt.factory import count_work, open_horn, work_done
from verifier.smt.horn import HornResult


class HornProver:
    """`--strategy chc`: prove the program for every bound by Horn-clause summaries."""
    name = "chc"
    abstraction = False        # runs on the concrete program (no variable abstraction)
    rechecks_proofs = True

    def run(self, tree: CallTree, budget: Budget) -> Result:
        return prove(tree, budget)


def reachable_procedures(tree: CallTree) -> list[str]:
    """Procedures with a body reachable from the entry through call sites, entry first."""
    gen = tree.gen
    order = [tree.root.tmpl.proc]
    seen = set(order)
    i = 0
    while i < len(order):
        for cs in gen.template(order[i]).call_sites:
            if cs.callee not in seen:
                seen.add(cs.callee)
                order.append(cs.callee)
        i += 1
    return order


def build_rules(tree: CallTree, horn, contexts: bool = True,
                contexts_out: dict | None = None) -> dict:
    """Declares one relation per called procedure and adds the rules (see module doc);
    returns the summary relations by procedure name.  With `contexts`, each called
    procedure also gets a context relation (see `_context_rules`) and its summary rule is
    guarded by it."""
    gen, s = tree.gen, tree.solver
    procs = reachable_procedures(tree)
    entry = procs[0]
    called = {cs.callee for p in procs for cs in gen.template(p).call_sites}
    rels, ctxs = {}, {}
    for p in procs:
        if p not in called:
            continue
        t = gen.template(p)
        sig = [s.true(), *t.ins, *t.gins.values(), *t.outs, *t.gouts.values()]
        rels[p] = horn.relation(f"S_{p}", sig)
        free = [s.fresh_like(x, f"{p}!any!{i}") for i, x in enumerate(sig[1:])]
        horn.rule(f"{p} (not called)", [], [], horn.apply(rels[p], [s.false(), *free]))
        if contexts:
            ctxs[p] = horn.relation(f"C_{p}", [*t.ins, *t.gins.values()])
    for p in procs:
        t = gen.template(p)
        body = [t.defs, t.internals[t.entry]]
        if p == entry:
            body.append(t.pre)
        apps = [_site_app(horn, rels, t, cs) for cs in t.call_sites]
        guard = [horn.apply(ctxs[p], [*t.ins, *t.gins.values()])] if p in ctxs else []
        if p == entry:
            horn.rule(f"{p} (query)", body, apps, None)
            if p in ctxs:        # the entry is also called (recursion): any entry state
                horn.rule(f"{p} (entry context)", [t.pre], [], guard[0])
        if p in rels:
            head = horn.apply(rels[p], [s.true(), *t.ins, *t.gins.values(), *t.outs,
                                        *t.gouts.values()])
            horn.rule(p, body, guard + apps, head)
        if contexts:
            _context_rules(tree, horn, p, p == entry, rels, ctxs)
    if contexts_out is not None:
        contexts_out.update(ctxs)
    return rels


def _site_app(horn, rels: dict, t, cs):
    """The callee's summary applied at call site `cs` of template `t`."""
    return horn.apply(rels[cs.callee], [t.internals[cs.lit], *cs.args,
                                        *(x for _, x in cs.gins), *cs.outs,
                                        *(x for _, x in cs.gouts)])


def _context_rules(tree: CallTree, horn, p: str, is_entry: bool, rels: dict,
                   ctxs: dict) -> None:
    """For each call site of p (block l, command k): the callee's context holds for the
    actual inputs and globals whenever p runs in its context along a path from p's entry to
    l (control constants f_x of the blocks before l, each with its block's constraints and
    the copies on the edge taken), the constraints of l itself hold, and every call before
    the site on that path returned (its summary).  Calls after the site are not used (a
    derivation follows execution order, so the rules stay well-founded); constraints of l
    after the call, and the summaries they would need, are kept or dropped as the template
    has them -- only executions that return matter for the question whether the entry can
    return, so restricting contexts to those is sound.  The context of a loop procedure is
    its loop invariant at the loop head."""
    gen, s = tree.gen, tree.solver
    t = gen.template(p)
    if not t.call_sites:
        return
    position = {l: i for i, l in enumerate(t.order)}
    preds: dict[str, list[str]] = {l: [] for l in t.order}
    for l in t.order:
        for x in t.blocks[l].succs:
            if x in preds:
                preds[x].append(l)
    fwd = {l: s.bool_const(f"{p}!fwd!{l}") for l in t.order}
    guard = [] if is_entry else [horn.apply(ctxs[p], [*t.ins, *t.gins.values()])]
    for cs in t.call_sites:
        l = cs.block
        here = position[l]
        body = [fwd[l]]
        if is_entry:
            body.append(t.pre)
        for x in t.order[:here + 1]:
            bi = t.blocks[x]
            body.append(s.implies(fwd[x], bi.cond))
            if position[x] > 0:
                alts = [s.and_([fwd[q], t.blocks[q].edges[x]]) if x in t.blocks[q].edges
                        else fwd[q] for q in preds[x]]
                body.append(s.implies(fwd[x], s.or_(alts)))
        earlier = [c for c in t.call_sites
                   if position[c.block] < here or (c.block == l and c.cmd_index < cs.cmd_index)]
        apps = guard + [_site_app(horn, rels, t, c) for c in earlier]
        head = horn.apply(ctxs[cs.callee], [*cs.args, *(x for _, x in cs.gins)])
        horn.rule(f"{p} -> {cs.callee} (context, site {cs.index})", body, apps, head)


@dataclass(frozen=True, slots=True)
class Configuration:
    """One way of posing and solving the Horn clauses."""
    contexts: bool           # context relations (forward invariants) next to summaries
    global_guidance: bool    # Spacer's global guidance

    @property
    def name(self) -> str:
        return f"{'contexts' if self.contexts else 'summaries'}" \
               f"{'+global' if self.global_guidance else ''}"


# No configuration dominates (measured on the shared SV-COMP tasks, Spacer time in seconds,
# 25 s cap; see the closing note of the proofs issue):
#                      summaries  summaries+global  contexts  contexts+global
#   a 100-step loop      >25          0.6             >25         0.8
#   nested_6             13.6        22.2             4.1        11.6
#   fibo_2calls_15-2      0.7        23.5             4.1        16.3
#   s3_clnt_3            22.1        11.0            >25        >25
#   Addition03-1         15.4         0.1            12.7         0.2
# The plain one proves the most (31 of the 44 TRUE tasks within 30 s, against 29 for
# contexts+global), the others a few it cannot or only slowly; so the others get a short
# slice each first (context relations first: their interpretations are loop-head
# invariants for witnesses), then the plain one all that is left.  The slices are work
# (HORN_SHORT_SLICE_WORK work seconds, verifier/limits.py: Spacer counts z3's resource
# units), and whether there are any is decided by the run's nominal budget, not by the
# clock: on a busy machine the same configurations get the same work.
CONFIGURATIONS = (Configuration(True, False), Configuration(False, True),
                  Configuration(True, True), Configuration(False, False))


def schedule(nominal: float | None) -> list[tuple[Configuration, float | None]]:
    """(configuration, work slice; None: all that is left) in the order they are tried,
    for a run whose nominal budget is `nominal` seconds (None: no limit)."""
    if nominal is None or nominal <= HORN_SCHEDULE_MIN:
        return [(CONFIGURATIONS[-1], None)]
    return [(c, HORN_SHORT_SLICE_WORK) for c in CONFIGURATIONS[:-1]] + \
        [(CONFIGURATIONS[-1], None)]


def prove(tree: CallTree, budget: Budget) -> Result:
    """The configurations of `schedule` in turn until one proves the program; each within
    the run's deadline (`budget`), and all together within `opts.work_budget`, if set."""
    figures = Stats(horn_attempts=0)       # summed over the attempts
    last: Result | None = None
    total, w0 = tree.opts.work_budget, work_done()
    for config, slice_ in schedule(tree.opts.nominal_budget()):
        work = slice_
        if total is not None:
            rest = max(0.01, total - (work_done() - w0))
            work = rest if work is None else min(work, rest)
        result = _attempt_apart(tree, config, budget.timeout(), budget, work)
        figures = figures + result.stats + Stats(horn_attempts=1)
        result = replace(result, stats=figures)
        if result.verdict is Verdict.CORRECT or result.kind is UnknownKind.INTERNAL:
            return result
        if result.kind is UnknownKind.NO_PROOF:
            return result    # every configuration poses the same clauses: no proof exists
        last = result
    assert last is not None, "at least one configuration was tried"
    return last


def _attempt_apart(tree: CallTree, config: Configuration, timeout: float | None,
                   budget: Budget, work: float | None) -> Result:
    """`_attempt` in a child process (`isolate.in_child`): when one of z3's internal checks
    fails inside Spacer, z3 prints "ASSERTION VIOLATION" and ends its process (seen at
    mbp_arrays.cpp:344 on SMACK's pthread join_return2); then this attempt is UNKNOWN with
    z3's words as the reason, nothing reaches the terminal, and the next configuration
    runs; if z3 reports a failed check and goes on (raising an exception the attempt turns
into UNKNOWN), its words become part of that UNKNOWN's reason.  The child's solver work is counted in this process too (`count_work`): a child
    that died is counted its whole slice."""
    def child() -> tuple[Result, float]:
        w0 = work_done()
        return _attempt(tree, config, timeout, budget, work), work_done() - w0
    survived: list[str] = []
    try:
        result, used = in_child(child, survived)
    except ChildDied as e:
        count_work(work or 0.0)
        return Result(Verdict.UNKNOWN, f"the Horn-clause solver failed: {e.summary()}",
                      stats=Stats(horn_configuration=config.name),
                      kind=UnknownKind.SOLVER_UNKNOWN)
    count_work(used)
    if survived and result.verdict is Verdict.UNKNOWN:
        result = replace(result, reason=f"{result.reason} ({'; '.join(sorted(set(survived)))})")
    return result


def _attempt(tree: CallTree, config: Configuration, timeout: float | None,
             budget: Budget, work: float | None = None) -> Result:
    """One configuration on a fresh Horn system; the result carries this attempt's
    figures (the solver's read once, after the solve; the re-check's time added)."""
    t0 = time.perf_counter()
    horn = open_horn(tree.solver, tree.gen.info.program,
                     {"fp.spacer.global": config.global_guidance})
    ctxs: dict = {}
    rels = build_rules(tree, horn, contexts=config.contexts, contexts_out=ctxs)
    stats = Stats(horn_build_time=time.perf_counter() - t0)
    r = horn.solve(timeout, work)
    stats += horn_stats(horn) + Stats(horn_configuration=config.name)
    if r is HornResult.SAFE:
        check = horn.check_solution(budget.timeout())
        stats += Stats(horn_check_time=check.time)
        if not check.ok:
            return Result(Verdict.UNKNOWN, "internal error: a Horn-clause proof did not "
                          f"re-check ({'; '.join(check.failed[:3])})", stats=stats,
                          kind=UnknownKind.INTERNAL)
        return Result(Verdict.CORRECT, "proved for every bound (procedure summaries from "
                      f"Horn clauses, {check.rules} clauses re-checked)", stats=stats,
                      facts=proved_facts(tree, horn, rels, ctxs))
    if r is HornResult.UNSAFE:
        return Result(Verdict.UNKNOWN, "no proof: the Horn clauses have a counterexample "
                      "(bugs are reported only by the inlining strategies)", stats=stats,
                      kind=UnknownKind.NO_PROOF)
    why = horn.reason_unknown()
    kind = solver_unknown_kind(why)
    if kind is UnknownKind.RESOURCE:
        return Result(Verdict.UNKNOWN, "solver work limit (Horn-clause solver)", stats=stats,
                      kind=kind)
    if kind is UnknownKind.TIMEOUT:
        return Result(Verdict.UNKNOWN, "timeout (Horn-clause solver)", stats=stats,
                      kind=kind)
    if uses_floats(tree.gen.info.program):
        # measured (z3 4.x Spacer): loop-free float programs are proved, a float that
        # flows around a loop gets "unknown" at once -- it has no interpolation for FP
        why = f"floating point ({why})"
    return Result(Verdict.UNKNOWN, f"Horn-clause solver returned unknown: {why}",
                  stats=stats, kind=kind)


def uses_floats(program) -> bool:
    """Whether a declaration of `program` mentions a floating-point type."""
    from boogie.ast import (ConstDecl, FloatType, FunctionDecl, MapType, ProcedureDecl,
                            ImplementationDecl, VarDecl)

    def has(t) -> bool:
        if isinstance(t, FloatType):
            return True
        if isinstance(t, MapType):
            return any(map(has, t.domain)) or has(t.range)
        return False
    for d in program.decls:
        if isinstance(d, (VarDecl, ConstDecl)) and has(d.type):
            return True
        if isinstance(d, FunctionDecl) and (has(d.result.type) or
                                            any(has(p.type) for p in d.params)):
            return True
        if isinstance(d, (ProcedureDecl, ImplementationDecl)):
            vs = list(d.params) + list(d.returns) + list(d.body.locals if d.body else ())
            if any(has(v.type) for v in vs):
                return True
    return False


def proved_facts(tree: CallTree, horn, rels: dict, ctxs: dict) -> tuple:
    """The interpretations of the relations as Boogie expressions (`ProvedFact`s): the
    conjuncts that can be written back (a conjunct of a proved fact is proved too)."""
    from boogie.ast import Old, Var

    gen, s = tree.gen, tree.solver
    consts = {c: Var(c) for c in gen.info.program.constants()}
    out = []
    for p, rel in rels.items():
        t = gen.template(p)
        decl = gen.info.procs[p]
        names = dict(consts)
        names.update((str(x), Var(d.name)) for x, d in zip(t.ins, decl.params))
        names.update((str(x), Var(d.name)) for x, d in zip(t.outs, decl.returns))
        names.update((str(x), Old(Var(g))) for g, x in t.gins.items())
        names.update((str(x), Var(g)) for g, x in t.gouts.items())
        interp = horn.interpretation(rel, [s.true(), *t.ins, *t.gins.values(), *t.outs,
                                           *t.gouts.values()])
        e = _boogie(horn, interp, names)
        if e is not None:
            out.append(ProvedFact(p, "ensures", e))
        if attr(decl.attrs, "extracted_loop") is not None:
            # every state at a loop's head is a state its procedure may return in: the
            # summary's conjuncts over the current values (outputs, the inputs the loop
            # does not write, globals at return) hold at the loop head
            fact = _loop_fact(horn, p, decl, t, interp, consts, current_only=True)
            if fact is not None:
                out.append(fact)
    for p, rel in ctxs.items():
        t = gen.template(p)
        decl = gen.info.procs[p]
        interp = horn.interpretation(rel, [*t.ins, *t.gins.values()])
        names = dict(consts)
        names.update((str(x), Var(g)) for g, x in t.gins.items())
        loop = attr(decl.attrs, "extracted_loop")
        if loop is None:
            names.update((str(x), Var(d.name)) for x, d in zip(t.ins, decl.params))
            e = _boogie(horn, interp, names)
            if e is not None:
                out.append(ProvedFact(p, "requires", e))
            continue
        fact = _loop_fact(horn, p, decl, t, interp, consts, current_only=False)
        if fact is not None:
            out.append(fact)
    return tuple(out)


def _loop_fact(horn, p: str, decl, t, interp, consts: dict, current_only: bool):
    """A loop-head invariant from a loop procedure's context (over its inputs: the values
    at the loop head) or, `current_only`, from its summary (over its outputs, the inputs it
    does not write, and the globals at return).  The loop's own recursive call passes its
    variables under their names in the procedure the loop came from."""
    from boogie.ast import Var

    again = next((cs for cs in t.call_sites if cs.callee == p), None)
    if again is None:
        return None
    names = dict(consts)
    written = {d.name for d in decl.returns}
    for x, a, d in zip(t.ins, again.cmd.args, decl.params):
        if isinstance(a, Var) and (not current_only or a.name not in written):
            names[str(x)] = a
    if current_only:
        names.update((str(x), Var(d.name)) for x, d in zip(t.outs, decl.returns))
        names.update((str(x), Var(g)) for g, x in t.gouts.items())
    else:
        names.update((str(x), Var(g)) for g, x in t.gins.items())
    e = _boogie(horn, interp, names)
    if e is None:
        return None
    loop = attr(decl.attrs, "extracted_loop")
    origin = loop.args[0] if loop.args and isinstance(loop.args[0], str) else ""
    file, line = _loop_location(decl, t)
    return ProvedFact(p, "loop", e, origin, file, line)


def _boogie(horn, interp, names: dict):
    from boogie.ast import App, Op

    parts = [e for c in horn.conjuncts(interp) if (e := horn.to_boogie(c, names)) is not None]
    if not parts:
        return None
    e = parts[0]
    for x in parts[1:]:
        e = App(Op.AND, (e, x))
    return e


def _loop_location(decl, t) -> tuple[str, int]:
    """The source location of a loop: the first source location in its head block."""
    head = attr(decl.attrs, "extracted_loop")
    label = head.args[1] if head is not None and len(head.args) > 1 else None
    blocks = [t.blocks[label].block] if label in t.blocks else []
    blocks += [t.blocks[l].block for l in t.order]
    for b in blocks:
        for c in b.cmds:
            a = attr(getattr(c, "attrs", ()), "sourceloc")
            if a is not None and len(a.args) >= 2:
                return str(a.args[0]), int(getattr(a.args[1], "value", 0))
    return "", 0
