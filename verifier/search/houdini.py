"""Turns a prepared program into one whose procedures carry inferred summaries (Houdini).

Houdini (Flanagan & Leino, FME 2001), used as Corral uses it (CORRAL TR Sec. 4.2 "Using
Summaries"; RMT Sec. 6): given candidate postconditions per procedure (`candidates.py`),
find the largest subset that is inductive, and hand it to stratified inlining as free
postconditions.

The fixpoint: every candidate k of procedure p gets a selector literal a_{p,k}.  On one
solver we assert, once, each candidate procedure's VC template (`vc.py`), and at each of its
call sites `c ==> S_q(site)`, where c is the call's control literal and
S_q = (!old(error) ==> /\\_k (a_{q,k} ==> cand_{q,k})) is the callee's current summary in the
call site's vocabulary; the body of q is never inlined.  The query for p assumes p returns
(b_entry), entered with the error flag clear, the selectors of p and its callees (true for
live candidates, false for dropped ones) and the negation of p's own live candidates.
UNSAT: p's live candidates hold (given its callees' summaries).  SAT: the candidates false in
the model are dropped and the callers of p re-queued.  Recursive calls (loops became
tail-recursive procedures) assume the candidates being proved: that is what makes the
result inductive, hence valid for every terminating execution, whatever its depth.  A
solver UNKNOWN drops all of p's candidates (sound); running out of Houdini's share of the
run drops all candidates of every procedure (an unfinished fixpoint proves nothing).  The
share is HOUDINI_SHARE of the run's nominal budget in work seconds (verifier/limits.py),
counted by its solver -- not of the wall time left, so that the load does not decide how
far the fixpoint gets; the run's own deadline still stops it.  HOUDINI_CPU_SHARE caps the
process CPU time of the whole of it (templates, fixpoint and re-check): on large programs
the Python side, which the solver's work does not see, costs the most, and the bounded
search after Houdini must keep its time.

The error flag guard: the instrumentation (asserts.py) only calls procedures with the flag
clear (a set flag returns at once), so summaries are proved under `!old(error)` and stated
as `!old(error) ==> cand`.

Reach mode has no error flag; on Corral's instrumentation (`ok_flag_of`: the entry sets
`assertsPassed := true`, calls main, ends in `assume !assertsPassed`) the candidates
claim that flag only under `old(ok)` (candidates.py), and the engine runs Houdini even
unasked (`VerifyOptions.houdini` None; engine._corral_instrumented).

Use: each proved candidate becomes `free ensures {:houdini} ...` of its procedure; `vc.py`
assumes such ensures after every call (open or inlined), so stratified inlining's
over-approximation of an open call site is the summary instead of a plain havoc, and the
all-summarized query of `si.bounded_or_proved` can prove the program for every bound.
"""
from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass, replace

from boogie.ast import (App, Assign, Attr, BoolLit, Call, Ensures, Expr, Old, Op,
                        Program, Var)
from boogie.errors import error
from boogie.passes.common import type_decls
from boogie.passes.common import replace_procedures
from boogie.visit import free_vars

from verifier.search.candidates import (Candidate, read_candidates_file, relation_candidates,
                                       relations, shape_candidates, take_annotated,
                                       typestate, typestate_candidates)
from verifier.options import VerifyOptions
from verifier.smt.solver import CheckResult, Solver, Term, Unsupported
from verifier.smt.factory import open_solver
from verifier.smt.solver import SolverLimits
from verifier.limits import HOUDINI_CPU_SHARE, HOUDINI_SHARE
from verifier.stats import Stats
from verifier.vc import Template, VCGen

SUMMARY_ATTR = "houdini"


@dataclass(frozen=True, slots=True)
class HoudiniResult:
    summaries: dict[str, tuple[Expr, ...]]   # proved candidates per procedure, as stated
    candidates: int                          # candidates checked
    queries: int
    unknown: int                             # procedures whose candidates an UNKNOWN dropped
    status: str                              # "fixpoint", "timeout", "no candidates",
    #                                          "re-check failed (...)"


# ----------------------------------------------------------------------------- entry point

def apply_houdini(prog: Program, entry: str, opts: VerifyOptions, budget, stats: Stats) -> Program:
    """The prepared `prog` with Houdini summaries as `free ensures {:houdini}`; statistics
    are added to `stats` (houdini_time, houdini_candidates, houdini_proved, houdini_queries,
    houdini_procedures, houdini_status, houdini_unknown)."""
    t0 = time.perf_counter()
    flag = error_flag_of(prog, entry) if opts.mode == "assert" else None
    ok = ok_flag_of(prog, entry) if opts.mode == "reach" else None
    prog, annotated = take_annotated(prog, flag)
    user = read_candidates_file(opts.candidates, prog) if opts.candidates else []
    share = opts.nominal_budget()
    cap = None if share is None else HOUDINI_SHARE * share
    res = infer(prog, entry, flag, annotated + user, budget, opts.solver_limits(), cap, ok=ok,
                cpu=None if share is None else HOUDINI_CPU_SHARE * share)
    out = with_summaries(prog, res.summaries)
    stats += Stats(houdini_time=time.perf_counter() - t0, houdini_candidates=res.candidates,
                   houdini_proved=sum(len(v) for v in res.summaries.values()),
                   houdini_procedures=len(res.summaries), houdini_queries=res.queries,
                   houdini_status=res.status, houdini_unknown=res.unknown or None)
    return out


def error_flag_of(prog: Program, entry: str) -> str | None:
    """The error flag of the instrumentation wrapper `entry` (its first command is
    `flag := false`, see asserts.py), or None."""
    d = prog.procedures().get(entry)
    if d is None or d.body is None or not d.body.blocks or not d.body.blocks[0].cmds:
        return None
    c = d.body.blocks[0].cmds[0]
    gl = prog.global_vars()
    if type(c) is Assign and len(c.lhs) == 1 and type(c.lhs[0]) is Var \
            and c.lhs[0].name in gl and c.rhs[0] == BoolLit(False):
        return c.lhs[0].name
    return None


def ok_flag_of(prog: Program, entry: str) -> str | None:
    """The flag of Corral's assertion instrumentation (SeqInstr), which reach mode checks:
    the entry's first command after its assumptions is `ok := true` (a bool global), one of its blocks ends in
    `assume !ok; return` -- a run of the entry returns exactly when some assertion failed
    (`ok := false` where it failed).  None for any other entry."""
    from boogie.ast import Assume, Return
    d = prog.procedures().get(entry)
    if d is None or d.body is None or not d.body.blocks or not d.body.blocks[0].cmds:
        return None
    first = d.body.blocks[0].cmds
    # skip the entry's preconditions (`free requires ok` became `assume ok`)
    c = next((x for x in first if type(x) is not Assume), first[0])
    gl = prog.global_vars()
    if not (type(c) is Assign and len(c.lhs) == 1 and type(c.lhs[0]) is Var
            and c.lhs[0].name in gl and c.rhs[0] == BoolLit(True)):
        return None
    name = c.lhs[0].name
    neg = App(Op.NOT, (Var(name),))
    for b in d.body.blocks:
        if type(b.transfer) is Return and b.cmds and type(b.cmds[-1]) is Assume \
                and b.cmds[-1].expr == neg:
            return name
    return None


def with_summaries(prog: Program, summaries: dict[str, tuple[Expr, ...]]) -> Program:
    """Adds each summary expression as `free ensures {:houdini}` of its procedure."""
    procs = prog.procedures()
    new = {}
    for name, exprs in summaries.items():
        d = procs[name]
        ens = tuple(Ensures(e, True, (Attr(SUMMARY_ATTR),), loc=d.loc) for e in exprs)
        new[name] = replace(d, ensures=d.ensures + ens)
    return replace_procedures(prog, new) if new else prog


# ----------------------------------------------------------------------------- fixpoint

def infer(prog: Program, entry: str, flag: str | None, extra: list[Candidate],
          budget, limits: SolverLimits = SolverLimits(), work: float | None = None,
          ok: str | None = None, cpu: float | None = None) -> HoudiniResult:
    """Runs the fixpoint over typestate candidates and `extra` (annotations, user file),
    its queries within `work` work seconds in all (None: no cap), the re-check within as
    much again.  `ok`: reach mode's flag of Corral's instrumentation (`ok_flag_of`).
    `cpu`: the process CPU seconds the whole of it (VC templates, fixpoint, re-check) may
    use (None: no cap) -- the solver's work does not count the Python side, which on large
    programs is most of it; past the cap the result is "timeout" (no summaries), so the
    search after it keeps its time."""
    cpu_until = None if cpu is None else time.process_time() + cpu
    solver = open_solver(prog, limits)
    gen = VCGen(prog, solver)
    info = gen.info
    states = typestate(prog, flag, ok)
    pairs = relations(prog, flag, ok) if ok is not None else []
    td = type_decls(prog)
    cands: dict[str, list[Candidate]] = {}
    for p in _bottom_up(info, entry):
        if p == entry:
            continue
        cs = typestate_candidates(p, states, info.reads[p], info.mods[p], flag, ok,
                                  _int_returns(td, info.procs[p]))
        cs += relation_candidates(p, pairs, info.reads[p], info.mods[p], ok)
        cands[p] = cs
    for p in _loops_and_recursion(info, entry):
        cands.setdefault(p, []).extend(_shape(info, p))
    for c in extra:
        if c.proc in info.bodies and c.proc != entry:
            cands.setdefault(c.proc, []).append(c)
    cands = {p: cs for p, cs in cands.items() if cs}
    if not cands:
        return HoudiniResult({}, 0, 0, 0, "no candidates")
    h = _Houdini(solver, gen, cands, flag, budget, work, cpu_until)
    res = h.run()
    if not res.summaries:
        return res
    return _recheck(prog, flag, h.survivors(), res, budget, limits, work, cpu_until)


def _recheck(prog: Program, flag: str | None, survivors: dict[str, list[Candidate]],
             res: HoudiniResult, budget, limits: SolverLimits = SolverLimits(),
             work: float | None = None, cpu_until: float | None = None) -> HoudiniResult:
    """The independent re-check of a fixpoint: its surviving candidates alone, on a fresh
    solver (its own z3 context, VC templates built anew), one more Houdini run; a correct
    fixpoint loses none of them.  If any is dropped (or the re-check runs out of time)
    nothing is kept: fewer summaries are always sound, wrong ones never are."""
    solver = open_solver(prog, limits)
    again = _Houdini(solver, VCGen(prog, solver), survivors, flag, budget, work,
                     cpu_until).run()
    if again.status == "fixpoint" and again.summaries == res.summaries:
        return replace(res, queries=res.queries + again.queries)
    why = "timeout" if again.status == "timeout" else "candidates dropped"
    return HoudiniResult({}, res.candidates, res.queries + again.queries, res.unknown,
                         f"re-check failed ({why}): no summaries kept")


def _int_returns(td, decl) -> tuple[str, ...]:
    """The return of `decl` if it has one, an integer (a status code; type synonyms `td`
    expanded): an extracted loop's many outputs are no status."""
    from boogie.ast import IntType
    from boogie.passes.common import expand_synonyms
    if len(decl.returns) != 1:
        return ()
    return tuple(r.name for r in decl.returns
                 if type(expand_synonyms(r.type, td)) is IntType)


def _loops_and_recursion(info, entry: str) -> list[str]:
    """Extracted loop procedures and (mutually) recursive procedures reachable from
    `entry` (the procedures whose summaries stratified inlining cannot unfold fully)."""
    from boogie.ast import attr as _attr
    out = []
    for p in _bottom_up(info, entry):
        if p == entry:
            continue
        if _attr(info.procs[p].attrs, "extracted_loop") is not None or _recursive(info, p):
            out.append(p)
    return out


def _recursive(info, p: str) -> bool:
    seen, stack = set(), list(_callees(info, p))
    while stack:
        q = stack.pop()
        if q == p:
            return True
        if q in seen or q not in info.bodies:
            continue
        seen.add(q)
        stack.extend(_callees(info, q))
    return False


def _shape(info, p: str) -> list[Candidate]:
    from boogie.ast import IntType as _Int
    decl = info.procs[p]
    ints: dict[str, str] = {}
    for d in decl.params:
        if isinstance(d.type, _Int):
            ints[d.name] = "in"
    for d in decl.returns:
        if isinstance(d.type, _Int):
            ints[d.name] = "out"
    for g in info.reads[p]:
        if isinstance(info.globals[g].type, _Int):
            ints.setdefault(g, "global")
    return shape_candidates(p, decl, info.bodies[p].body, ints, info.mods[p])


def _bottom_up(info, entry: str) -> list[str]:
    """Procedures with a body reachable from `entry`, callees before callers."""
    seen: set[str] = set()
    out: list[str] = []
    stack = [(entry, iter(sorted(_callees(info, entry))))]
    seen.add(entry)
    while stack:
        p, it = stack[-1]
        q = next(it, None)
        if q is None:
            stack.pop()
            out.append(p)
        elif q not in seen and q in info.bodies:
            seen.add(q)
            stack.append((q, iter(sorted(_callees(info, q)))))
    return out


def _callees(info, p: str) -> set[str]:
    return {c.proc for b in info.bodies[p].body.blocks for c in b.cmds if type(c) is Call}


class _Houdini:
    def __init__(self, solver: Solver, gen: VCGen, cands: dict[str, list[Candidate]],
                 flag: str | None, budget, work: float | None = None,
                 cpu_until: float | None = None):
        self.s, self.gen, self.info, self.flag = solver, gen, gen.info, flag
        self.budget = budget
        self.work = work            # work seconds for all its queries (None: no cap)
        self.cpu_until = cpu_until  # process CPU time it must stop at (None: no cap)
        self.spent = False          # the CPU cap was reached while setting up
        self.tmpl: dict[str, Template] = {}
        self.terms: dict[str, list[Term]] = {}      # candidate terms, template vocabulary
        self.exprs: dict[str, list[Expr]] = {}
        self.sel: dict[str, list[Term]] = {}
        self.live: dict[str, list[bool]] = {}
        self.goal: dict[str, Term] = {}
        self.callers: dict[str, set[str]] = {}
        self.callees: dict[str, set[str]] = {}
        self.total = 0
        self.queries = 0
        self.unknown = 0
        for p, cs in cands.items():
            if self._over_cpu():
                self.spent = True
                return
            self._setup(p, cs)
        for p in list(self.tmpl):
            if self._over_cpu():
                self.spent = True
                return
            self._link(p)

    def _over_cpu(self) -> bool:
        return self.cpu_until is not None and time.process_time() >= self.cpu_until

    def _setup(self, p: str, cs: list[Candidate]) -> None:
        s = self.s
        try:
            tmpl = self.gen.template(p)
        except Unsupported:
            return
        decl = self.info.procs[p]
        env: dict[str, Term] = {}
        env.update(zip((d.name for d in decl.params), tmpl.ins))
        env.update(zip(tmpl.in_names, tmpl.ins))
        env.update(zip((d.name for d in decl.returns), tmpl.outs))
        for g, t in tmpl.gins.items():
            env[g] = tmpl.gouts.get(g, t)
        old_env = dict(tmpl.gins)
        allowed = set(env) | set(self.info.program.constants())
        terms, exprs = [], []
        for c in cs:
            names = free_vars(c.expr)
            if not names <= allowed:
                bad = sorted(names - allowed - set(self.info.globals))
                if bad and c.origin != "typestate" and not c.every:
                    raise error("undeclared", c.loc,
                                f"candidate for {p} ({c.origin}) names {bad[0]}, not a "
                                "parameter, return or global of it")
                continue       # a global p never touches: the candidate says nothing new
            try:
                t = s.translate(c.expr, env, old_env)
            except Unsupported:
                continue
            except Exception as e:   # noqa: BLE001 -- e.g. an ill-typed user candidate
                if c.origin == "typestate" or c.every:
                    continue
                raise error("type", c.loc, f"candidate for {p} ({c.origin}) cannot be "
                                          f"encoded: {e}")
            terms.append(t)
            exprs.append(c.expr)
        if not terms:
            return
        self.tmpl[p] = tmpl
        self.terms[p], self.exprs[p] = terms, exprs
        self.sel[p] = [s.bool_const(f"houdini!{p}!{k}") for k in range(len(terms))]
        self.live[p] = [True] * len(terms)
        self.total += len(terms)
        s.add(tmpl.defs)
        g = self.goal[p] = s.bool_const(f"houdini!goal!{p}")
        s.add(s.implies(g, s.not_(self._summary_body(p))))

    def _summary_body(self, p: str) -> Term:
        s = self.s
        return s.and_([s.implies(a, t) for a, t in zip(self.sel[p], self.terms[p])])

    def _guard(self, p: str) -> Term | None:
        g = self.tmpl[p].gins.get(self.flag) if self.flag is not None else None
        return None if g is None else self.s.not_(g)

    def _stated(self, p: str, e: Expr) -> Expr:
        """A proved candidate as the summary states it: `!old(flag) ==> e` when the proof
        assumed the flag clear on entry."""
        if self._guard(p) is None:
            return e
        return App(Op.IMP, (App(Op.NOT, (Old(Var(self.flag)),)), e))

    def _link(self, p: str) -> None:
        """At every call site of p to a candidate procedure q: `c ==> S_q(site)`."""
        s = self.s
        tmpl = self.tmpl[p]
        self.callees[p] = set()
        for site in tmpl.call_sites:
            q = site.callee
            if q not in self.tmpl:
                continue
            qt = self.tmpl[q]
            summary = self._summary_body(q)
            guard = self._guard(q)
            if guard is not None:
                summary = s.implies(guard, summary)
            gins, gouts = dict(site.gins), dict(site.gouts)
            pairs = list(zip(qt.ins, site.args)) + list(zip(qt.outs, site.outs))
            pairs += [(t, gins[g]) for g, t in qt.gins.items()]
            pairs += [(t, gouts[g]) for g, t in qt.gouts.items()]
            s.add(s.implies(tmpl.internals[site.lit], s.substitute(summary, pairs)))
            self.callees[p].add(q)
            self.callers.setdefault(q, set()).add(p)

    def _work_left(self) -> float | None:
        if self._over_cpu():
            raise _OutOfTime()
        if self.work is None:
            return None
        left = self.work - self.s.work()
        if left <= 0:
            raise _OutOfTime()
        return left

    def _check(self, p: str) -> CheckResult:
        s = self.s
        tmpl = self.tmpl[p]
        assume = [self.goal[p], tmpl.internals[tmpl.entry]]
        guard = self._guard(p)
        if guard is not None:
            assume.append(guard)
        # in a fixed order (not a set's, which PYTHONHASHSEED decides): z3's incremental
        # core is sensitive to the order of the assumptions, and a run must not depend on
        # the process's hash seed (mxl5007t's Houdini took 30 s or 60 s by the seed)
        for q in (p, *sorted(self.callees[p] - {p})):
            assume.extend(a if live else s.not_(a) for a, live in zip(self.sel[q], self.live[q]))
        work = self._work_left()
        self.queries += 1
        return s.check(assume, self.budget.timeout(), work=work)

    def _drop(self, p: str) -> bool:
        """One query for p; drops refuted candidates; True if something was dropped."""
        r = self._check(p)
        if r is CheckResult.UNSAT:
            return False
        live = self.live[p]
        if r is CheckResult.SAT:
            failed = [k for k, ok in enumerate(live)
                      if ok and not self.s.model_true(self.terms[p][k])]
        else:
            failed = []
            self.unknown += 1
        if not failed:         # UNKNOWN (or no witness in the model): drop everything
            failed = [k for k, ok in enumerate(live) if ok]
        for k in failed:
            live[k] = False
        return True

    def survivors(self) -> dict[str, list[Candidate]]:
        """The live candidates, as candidates (for the re-check)."""
        out = {p: [Candidate(p, e, "houdini") for e, ok in zip(self.exprs[p], self.live[p])
                   if ok] for p in self.tmpl}
        return {p: cs for p, cs in out.items() if cs}

    def run(self) -> HoudiniResult:
        work = deque(self.tmpl)
        queued = set(work)
        try:
            if self.spent:
                raise _OutOfTime()
            while work:
                p = work.popleft()
                queued.discard(p)
                changed = False
                while any(self.live[p]) and self._drop(p):
                    changed = True
                if changed:
                    for q in sorted(self.callers.get(p, ())):   # (order: see _check)
                        if q not in queued:
                            work.append(q)
                            queued.add(q)
        except _OutOfTime:
            return HoudiniResult({}, self.total, self.queries, self.unknown, "timeout")
        out = {p: tuple(self._stated(p, e) for e, ok in zip(self.exprs[p], self.live[p]) if ok)
               for p in self.tmpl}
        return HoudiniResult({p: v for p, v in out.items() if v}, self.total, self.queries,
                             self.unknown, "fixpoint")


class _OutOfTime(Exception):
    """Houdini's share of the run is spent."""
