"""Answers queries over the terms of `z3terms.py`: the z3 backend's solver session.

Role: `Z3Solver` implements the `Solver` protocol of `solver.py` with one z3 context and
one incremental z3 solver (check under assumptions, push/pop), the one-shot fall-back,
models, unsat cores and correcting sets; its term half is `z3terms.Z3Terms`.  The factory
opens it through `z3solver.open_backend`, with the `SolverSettings` (`settings.py`) read
at the edge; what it learns while it runs (the work of its recent decided checks, which
sets the one-shot fall-back's cap) is its own, and ends with it.

With `SolverLimits.triggers_only` (`--triggers-only`) every z3 solver opened here (the
incremental one, the one-shot query; the Horn backend's validity checks, `z3horn.py`, take
the same parameters) runs with `TRIGGERS_ONLY_PARAMS`, Boogie's reading, the checks go to
z3's incremental core only (as Boogie's do), and an "incomplete quantifiers" UNKNOWN with a
model is SAT (`solver.py`'s docstring says why proofs stay sound).

Limits: a check's `timeout` is wall seconds (what is left of the user's limits), its
`work` work seconds (the engine's own caps, verifier/limits.py): z3's `rlimit`, counted
from the check's start, backed by CPU time (`z3work.py`).  z3's own wall-clock fall-back
from its incremental core to the one-shot solver (`combined_solver.solver2_timeout`) is
off; `check` makes that fall-back in work.  Contexts come from `z3context.py`.
"""
from __future__ import annotations

import collections
import threading
import time
from typing import Any, Iterable, Sequence

import z3

from boogie.ast import Program

from verifier.limits import (RACE_CONFIRM_WORK, RACE_SKIP_FACTOR, RACE_SKIP_STREAK,
                             RACE_SKIP_WORK, RLIMIT_PER_WORK_SECOND)
from verifier.smt import rival as _rival, z3float
from verifier.smt.settings import SolverSettings
from verifier.smt.solver import CheckResult, Term
from verifier.smt.z3context import _INTERRUPTS, clear_interrupt, new_context
from verifier.smt.z3terms import Z3Terms
from verifier.smt.z3work import (_UINT_MAX, _WORK_DONE, capped_check, log_query, rlimit_count,
                                  work_units)

ONE_SHOT_STREAK = 2             # one-shot wins in a row after which the core gets the short try
RECENT_OK_KEPT = 32             # decided checks whose work `_incremental_cap` looks at


# Boogie's and Corral's reading of quantifiers (`--triggers-only`): no model-based
# instantiation, and no auto-configuration -- with it, z3's one-shot tactic finds the
# contradiction of Corral's `size * M(a, b, size) <= a - b` axiom (`size` 0) outside
# E-matching, which Boogie's z3 options (`auto_config=false`) never do
TRIGGERS_ONLY_PARAMS = ("smt.mbqi", False, "auto_config", False)
# ... and the incremental core for every check of the run's solver, also without
# assumptions: z3's one-shot tactic gives no model with its "incomplete quantifiers"
# (Boogie talks to z3's incremental core too)
_INCREMENTAL_ONLY = ("combined_solver.ignore_solver1", True)


def saturated(solver: "z3.Solver") -> bool:
    """Whether an UNKNOWN of `solver` means that E-matching found no conflict (z3's
    "incomplete quantifiers"), as opposed to a timeout, a cancellation or a memory limit."""
    return "incomplete quantifiers" in solver.reason_unknown()


def _incremental_cap(recent_ok: "collections.deque[float]",
                     settings: SolverSettings) -> float:
    """How much work a check under assumptions gets in the incremental core before the
    one-shot query takes over: three times the most work of the core's recent decided
    checks (`recent_ok`, the session's), within ONE_SHOT_SOON .. ONE_SHOT_MAX
    (ONE_SHOT_AFTER before it has decided one; `settings`).  On the driver tasks it either
    answers within a fraction of a second or stalls for good on the quantified memory
    contracts; where it is merely slow (a second or two), the one-shot query is slower
    still, so a slow decided check raises the cap for the next ones.  (Work, not seconds:
    the same checks give the same caps on a busy machine.)"""
    if not recent_ok:
        return settings.one_shot_after
    return min(settings.one_shot_max, max(settings.one_shot_soon, 3 * max(recent_ok)))


class Z3Solver(Z3Terms):
    """One z3 context and incremental solver for one verification run of `program`."""

    def __init__(self, program: Program, triggers_only: bool = False,
                 settings: SolverSettings = SolverSettings()):
        super().__init__(program, new_context(settings.free_contexts_at_once))
        self.settings = settings
        self.triggers_only = triggers_only     # SolverLimits.triggers_only
        self._reading = TRIGGERS_ONLY_PARAMS if triggers_only else ()
        self._core_only = _INCREMENTAL_ONLY if triggers_only else ()
        self._arith = () if settings.arith_solver is None else \
            ("arith.solver", settings.arith_solver)
        self._s = z3.Solver(ctx=self.ctx)
        self._core_minimize = False     # z3's core.minimize (check_core's `minimize`)
        # z3's incremental core (used once there are assumptions or scopes) has no
        # preprocessing, and with quantified assumptions (SMACK's malloc/free `ensures`) its
        # MBQI can spin on queries the one-shot solver answers in a second: `check` asks
        # the one-shot query after a share of the work (z3's combined solver's own
        # fall-back, after a wall-clock second, is off)
        self._set_params(_UINT_MAX, 0)
        self._checked = False           # a check has run (assertions after it: incremental)
        self._incremental = False       # z3's combined solver runs its incremental core
        self._work_hit = False          # the last check was stopped by its work cap
        self.work_units = 0             # rlimit units of this solver's checks
        self._model = None
        self._opt = None                # z3.Optimize mirroring the assertions (min_correction)
        self._opt_n = 0                 # ... how many of them it holds
        self._quant_n = 0               # assertions looked at for quantifiers ...
        self._quantified = False        # ... and whether one of them has one
        self._bitvectors = False        # ... and whether one has a bit-vector constant
        self._arith_consts = False      # ... and whether one has an integer/real constant
        self.queries = 0
        self.z3_time = 0.0
        self.one_shot_queries = 0       # undecided incremental checks asked again once
        self.one_shot_decided = 0       # ... and answered SAT or UNSAT that way
        self._one_shot_streak = 0       # one-shot queries in a row that decided
        self._core_misses = 0           # the core's tries under assumptions undecided in a row
        # the work of this solver's last checks under assumptions the incremental core
        # decided (`_incremental_cap`)
        self._recent_ok: "collections.deque[float]" = \
            collections.deque(maxlen=RECENT_OK_KEPT)
        self._last = self._s            # the z3 solver of the last check (reason_unknown)
        # the rivals racing z3's one-shot queries (rival.py): queries raced, answers won
        # per solver ("z3" too), and SAT answers z3 did not confirm with the rival's values
        self.rivals = _rival.available(settings.rivals)
        self.race_queries = 0
        self.race_won: dict[str, int] = {}
        self.race_unconfirmed = 0
        self.race_skipped = 0           # one-shot queries z3 decided alone (RACE_SKIP_*)
        # the work z3 took on this solver's last one-shot queries, None where it did not
        # decide one first (`_alone_cap`)
        self._one_shot_recent: "collections.deque[float | None]" = \
            collections.deque(maxlen=RACE_SKIP_STREAK)
        self._last_used = 0.0           # work seconds of the last `_run`

    # ------------------------------------------------------------------ solving

    def _set_params(self, timeout_ms: int, rlimit: int) -> None:
        # one call: z3 resets the parameters a call does not mention.  No fall-back
        # inside z3 from its incremental core to the one-shot solver (its
        # combined_solver.solver2_timeout is wall-clock): `check` makes it, in work
        self._s.set("timeout", timeout_ms, "rlimit", rlimit,
                    "combined_solver.solver2_timeout", _UINT_MAX,
                    "combined_solver.solver2_unknown", 0,
                    "core.minimize", self._core_minimize, *self._reading, *self._core_only,
                    *self._arith)
        self._limits = (timeout_ms, rlimit)

    def _limit(self, timeout: float | None, work: float | None) -> None:
        ms = _UINT_MAX if timeout is None else max(1, int(timeout * 1000))
        if (ms, work_units(work)) != self._limits:
            self._set_params(ms, work_units(work))

    def add(self, t: Term) -> None:
        if self._checked:           # z3's combined solver is in incremental use from now
            self._incremental = True
        self._s.add(t)

    def push(self) -> None:
        self._incremental = True
        self._s.push()

    def pop(self) -> None:
        self._s.pop()

    def _run(self, solver: "z3.Solver", assumptions: list, work: float | None,
             log_as=None):
        """`solver.check(*assumptions)` with the figures: (answer, seconds, work seconds);
        notes whether its work cap `work` (set on `solver` as its rlimit, backed by CPU
        time: `z3work.CpuBackstop`) stopped it (`_work_hit`)."""
        self._last = solver
        units = work_units(work)
        before = rlimit_count(solver)
        t0, c0 = time.perf_counter(), time.thread_time()
        r = None
        try:
            r, watch = capped_check(self.ctx, work, lambda: solver.check(*assumptions))
        finally:
            spent, cpu = time.perf_counter() - t0, time.thread_time() - c0
            used = rlimit_count(solver) - before
            _WORK_DONE[0] += used
            self.work_units += used
            self.z3_time += spent
            if self.settings.query_log:
                log_query(self, spent, cpu, used, assumptions, r, log_as)
        self._work_hit = r == z3.unknown and (watch[3] or (units > 0 and used >= units))
        self._last_used = used / RLIMIT_PER_WORK_SECOND
        return r, spent, self._last_used

    def check(self, assumptions: Iterable[Term] = (), timeout: float | None = None,
              work: float | None = None, one_shot: bool = True,
              rival: bool = False) -> CheckResult:
        """The assertions under `assumptions`, within `timeout` seconds (wall time: what
        is left of the user's limits) and `work` work seconds (the engine's own caps,
        verifier/limits.py).  Under assumptions z3 runs its incremental core alone, which
        can spin where a one-shot query is answered at once (SMACK's quantified memory
        contracts on the Linux driver tasks: canceled after 30 s against 0.3 s).  So with
        `one_shot` such a check of a quantified formula, or of one without bit-vectors,
        gets `_incremental_cap` work in the core, and if it is then undecided the rest
        goes to the same query asked once, from scratch (`_one_shot`).  A check without
        assumptions on a solver in incremental use (scopes, or assertions after a check)
        gets `settings.incremental_fallback` work in the core before the one-shot query,
        as z3's combined solver did after a wall-clock second.  `rival`: a quantifier-free
        bit-vector check under assumptions goes to the one-shot query too, where a rival
        (rival.py) races z3 -- for a query asked once, such as the concrete check of
        one abstract path (search/corral_loop.py): on SMACK's kbfiltr_false driver (byte-level
        memory, bv) z3's core spun for the whole 300 s where Bitwuzla answers SAT in 0.2 s."""
        assumptions = list(assumptions)
        # for quantified formulas (the incremental core's quantifier instantiation spins)
        # and for formulas without bit-vector constants: on the Linux driver tasks' quantifier-free
        # integer and array queries the core is canceled after 2 s (the refinement checks)
        # or 20 s where the one-shot query answers in 0.05-0.2 s (issue 20, PYCORRAL_QUERY_LOG
        # on pt, cdc_eem, can-dev, iowarrior, legousbtower, timblogiw).  Not for a
        # quantifier-free bit-vector formula: there the core is merely slow at times, and
        # the one-shot query slower still (tests/data/diff/str_copy_cat.c)
        # (not under --triggers-only: z3's one-shot tactic gives no model with its
        # "incomplete quantifiers", so it could not answer SAT; Boogie, whose reading
        # this is, asks the incremental core alone too)
        fallback = (one_shot and self.settings.one_shot_after > 0 and bool(assumptions)
                    and not self.triggers_only and
                    (self.one_shot_applies() or (rival and bool(self.rivals))))
        plain = (not assumptions and self._incremental and self.settings.incremental_fallback > 0
                 and not self.triggers_only)
        first = work
        if fallback:
            # after ONE_SHOT_STREAK one-shot wins in a row on this solver, the check goes to
            # the one-shot query at once, but for every fourth, where the core gets its try
            # again: z3 overruns a short try (pt's refinement solver, under load: 0.15 s
            # asked, canceled after 0.3-1.4 s, where the one-shot query answers in 0.05 s)
            # -- every eighth, sixteenth, thirty-second while its tries keep failing
            # (Houdini on mxl5007t: 43 tries canceled at 0.47 s CPU each, 22 s in all,
            # beside 166 one-shot queries of 0.06 s)
            period = 4 << min(self._core_misses, 3)
            if self._one_shot_streak >= ONE_SHOT_STREAK and \
                    (self._one_shot_streak - ONE_SHOT_STREAK) % period != period - 1 and \
                    (timeout is None or timeout > 0.05):
                self.queries += 1
                self._model = None
                return self._one_shot(assumptions, timeout, work)
            # the one-shot query keeps at least half of a short cap (the refinement
            # checks' 2 work seconds: a core's try of 2-3 after a slow decided check
            # left it none)
            cap = _incremental_cap(self._recent_ok, self.settings)
            first = cap if work is None else min(work / 2, cap)
        elif plain:
            fall = self.settings.incremental_fallback
            first = fall if work is None else min(work, fall)
        self._limit(timeout, first)
        self.queries += 1
        self._checked = True
        if assumptions:
            self._incremental = True
        interrupts = _INTERRUPTS[0]
        r, spent, used = self._run(self._s, assumptions, first)
        if fallback and r != z3.unknown:
            self._recent_ok.append(used)
        if fallback:
            self._core_misses = 0 if r != z3.unknown else self._core_misses + 1
        if r == z3.sat:
            self._model = self._s.model()
            return CheckResult.SAT
        self._model = None
        if r == z3.unsat:
            return CheckResult.UNSAT
        try:            # a candidate model (e.g. incomplete quantifiers); never a verdict
            self._model = self._s.model()
        except z3.Z3Exception:
            self._model = None
        if self._model is not None and self.triggers_only and saturated(self._s):
            return CheckResult.SAT      # a counterexample under the trigger reading
        left = None if timeout is None else timeout - spent
        rest = None if work is None else work - used
        # the core's try undecided (by its work cap, incomplete quantifiers, ...)
        again = fallback or plain
        if (again and (left is None or left > 0.05) and (rest is None or rest > 0.01)
                and interrupts == _INTERRUPTS[0]
                and "memory" not in self._s.reason_unknown()):
            return self._one_shot(assumptions, left, rest)
        return CheckResult.UNKNOWN

    def _one_shot_solver(self, assumptions: list, timeout: float | None,
                         work: float | None) -> "z3.Solver":
        s = z3.Solver(ctx=self.ctx)
        s.set("timeout", _UINT_MAX if timeout is None else max(1, int(timeout * 1000)),
              "rlimit", work_units(work), *self._reading,
              *self._arith)
        s.add(self._s.assertions())
        s.add(*assumptions)
        return s

    def _alone_cap(self, work: float | None) -> float | None:
        """The work z3 gets alone on a one-shot query before a rival is started, or None
        (race at once): where this solver's last RACE_SKIP_STREAK one-shot queries were
        all decided by z3 within RACE_SKIP_WORK, the text and the rival's start cost more
        than the query (Houdini's queries), so z3 gets RACE_SKIP_FACTOR times the most of
        them first.  Work, not time: the load does not decide which queries are raced."""
        recent = self._one_shot_recent
        if len(recent) < RACE_SKIP_STREAK or any(w is None or w > RACE_SKIP_WORK
                                                 for w in recent):
            return None
        cap = max(0.05, RACE_SKIP_FACTOR * max(recent))
        return cap if work is None else min(work, cap)

    def _one_shot(self, assumptions: list, timeout: float | None,
                  work: float | None = None) -> CheckResult:
        """The assertions and `assumptions` (as assertions) in a fresh z3 solver of the
        same context, asked once: z3 then preprocesses and picks its tactic as for a
        one-shot SMT-LIB query.  Same terms, same answer; only the unsat core is lost
        (`check_core` never comes here).  An UNKNOWN keeps the better candidate model.
        A rival solver races z3 on the same query where one fits it (`_race`), but for
        z3's try alone first where its recent one-shot queries were cheap (`_alone_cap`)."""
        s = self._one_shot_solver(assumptions, timeout, work)
        self.one_shot_queries += 1
        r = None
        won = self.race_won.get("z3", 0)
        rival = self._rival_for(s)
        alone = None if rival is None else self._alone_cap(work)
        if alone is not None:
            interrupts = _INTERRUPTS[0]
            r, spent, used = self._run(s, [], alone, log_as=assumptions)
            left = None if timeout is None else timeout - spent
            rest = None if work is None else work - used
            if r != z3.unknown:
                self.race_skipped += 1
            elif ((left is None or left > 0.05) and (rest is None or rest > 0.01)
                  and interrupts == _INTERRUPTS[0] and "memory" not in s.reason_unknown()):
                # undecided alone: the rest of the query is raced, from scratch
                timeout, work = left, rest
                s = self._one_shot_solver(assumptions, timeout, work)
                r = None
        if r is None:
            race = None if rival is None else self._race_start(s, work, rival)
            if race is None:
                r, _, _ = self._run(s, [], work, log_as=assumptions)
            else:
                r, s = self._race(race, s, assumptions, timeout, work)
            by_z3 = race is None or self.race_won.get("z3", 0) > won
        else:
            by_z3 = True
        self._one_shot_recent.append(self._last_used if by_z3 and r != z3.unknown else None)
        if r != z3.unknown:
            self.one_shot_decided += 1
            self._one_shot_streak += 1
        else:
            self._one_shot_streak = 0
        if r == z3.sat:
            self._model = s.model()
            return CheckResult.SAT
        if r == z3.unsat:
            self._model = None
            return CheckResult.UNSAT
        try:
            model = s.model()
        except z3.Z3Exception:
            model = None                # the incremental core's candidate, if any, stays
        if model is not None and self.triggers_only and saturated(s):
            self._model = model         # a counterexample under the trigger reading
            return CheckResult.SAT
        self._model = model if model is not None else self._model
        return CheckResult.UNKNOWN

    def _rival_for(self, s: "z3.Solver") -> str | None:
        """The rival (rival.py) that fits the one-shot query `s`, or None: none installed
        or wanted, --triggers-only (the rivals read quantifiers completely), a quantified
        query, or the query's arithmetic fits none."""
        if not self.rivals or self.triggers_only:
            return None
        self._scan_assertions()
        g = z3.Goal(ctx=self.ctx)
        g.add(*s.assertions())
        if self._quantified or z3.Probe("has-quantifiers", self.ctx)(g) > 0:
            return None
        arith = z3.Probe("num-arith-consts", self.ctx)(g) > 0
        return _rival.pick(arith, False, self.rivals)

    def _race_start(self, s: "z3.Solver", work: float | None, name: str):
        """The rival `name` started on the one-shot query `s`, with the same work as its
        CPU seconds."""
        state = {"armed": True, "won": None, "interrupts": _INTERRUPTS[0]}
        lock = threading.Lock()

        def answered(a: "_rival.Answer") -> None:
            with lock:
                if state["armed"]:
                    state["won"] = a
                    self.ctx.interrupt()
        text = s.sexpr()
        self.race_queries += 1
        return _rival.Rival(name, text, work, answered), state, lock, text

    def _race(self, race, s: "z3.Solver", assumptions: list, timeout: float | None,
              work: float | None):
        """z3 on the one-shot query `s` against the rival: the first decided answer wins.
        z3 undecided (its work cap) waits for the rival's answer within the rival's own CPU
        limit, so whether the query is decided does not depend on which one was faster
        (a check without a work cap waits as long again as z3 took).
        A rival's SAT is z3's too: z3 asks the query again with the rival's values pinned
        (`rival.pinned`), and the model is z3's; an unconfirmed SAT is UNKNOWN.  That
        query goes to a fresh solver: asked on `s` after its check, z3's incremental core
        would answer it, which spun for minutes on a driver's byte-level path (SMACK's
        parport_false: 260 s, undecided) that the fresh query confirms in 0.5 s.
        Returns the answer and the solver holding its model."""
        rv, state, lock, text = race
        t0 = time.perf_counter()
        try:
            r, _, _ = self._run(s, [], work, log_as=assumptions)
        except z3.Z3Exception:
            # the rival's interrupt reached z3 outside its search (its statistics, say):
            # z3 is undecided, the rival's answer counts
            if state["won"] is None:
                raise
            r = z3.unknown
        finally:
            with lock:
                state["armed"] = False
        if r != z3.unknown:
            rv.stop()
            if state["won"] is not None and _INTERRUPTS[0] == state["interrupts"]:
                clear_interrupt(self.ctx)       # the rival's came too late: z3 answered
            self.race_won["z3"] = self.race_won.get("z3", 0) + 1
            return r, s
        a = state["won"]
        if a is None:
            spent = time.perf_counter() - t0
            left = None if timeout is None else max(0.0, timeout - spent)
            if work is None:
                # no work cap (the run's wall clock bounds the check): the rival gets as
                # long again as z3 took, not the rest of the run
                left = max(1.0, spent) if left is None else min(left, max(1.0, spent))
            while a is None and _INTERRUPTS[0] == state["interrupts"] and \
                    (left is None or left > 0):
                step = 0.05 if left is None else min(0.05, left)
                if rv.wait(step) is not None:
                    a = rv.wait(0)
                    break
                if left is not None:
                    left -= step
        rv.stop()
        if a is None or a.answer not in ("sat", "unsat"):
            return r, s
        _WORK_DONE[0] += int(a.cpu * RLIMIT_PER_WORK_SECOND)
        self.work_units += int(a.cpu * RLIMIT_PER_WORK_SECOND)
        if a.answer == "unsat":
            self.race_won[a.solver] = self.race_won.get(a.solver, 0) + 1
            return z3.unsat, s
        decls = text[:text.find("(assert")] if "(assert" in text else text
        try:
            pins = z3.parse_smt2_string(decls + _rival.pinned(a.values), ctx=self.ctx)
        except z3.Z3Exception:
            self.race_unconfirmed += 1
            return r, s
        confirm = None if work is None else max(work, 1.0)
        # first on `s`, whose state z3 reuses (a float query is confirmed at once), for
        # at most RACE_CONFIRM_WORK; undecided, on a fresh solver
        first = RACE_CONFIRM_WORK if confirm is None else min(confirm, RACE_CONFIRM_WORK)
        for solver, cap in ((s, first), (None, confirm)):
            left = None if timeout is None else timeout - (time.perf_counter() - t0)
            if left is not None and left <= 0.001:
                break
            if solver is None:
                solver = z3.Solver(ctx=self.ctx)
                solver.add(s.assertions())
            solver.add(pins)
            solver.set("timeout", _UINT_MAX if left is None else max(1, int(left * 1000)),
                       "rlimit", work_units(cap), *self._reading, *self._arith)
            r2, _, _ = self._run(solver, [], cap, log_as=assumptions)
            if r2 == z3.sat:
                self.race_won[a.solver] = self.race_won.get(a.solver, 0) + 1
                return r2, solver
            if r2 == z3.unsat:
                break
        self.race_unconfirmed += 1
        return z3.unknown, s

    def has_model(self) -> bool:
        """Whether the last check left a model: always after SAT; after UNKNOWN only a
        candidate, which callers may use to guide inlining but never as a verdict."""
        return self._model is not None

    def reason_unknown(self) -> str:
        """z3's reason for the last UNKNOWN; "work limit" when its work cap stopped it (z3
        says "canceled", as for a timeout or an interrupt)."""
        return "work limit" if self._work_hit else self._last.reason_unknown()

    def unsat_core(self) -> list[Term]:
        return list(self._s.unsat_core())

    def check_core(self, assumptions: Sequence[Term], timeout: float | None = None,
                   minimize: bool = False, work: float | None = None
                   ) -> tuple[CheckResult, tuple[int, ...]]:
        """`check` under `assumptions`; on UNSAT also the positions in `assumptions` of
        the unsat core z3 reports (with `minimize`, after z3's own `core.minimize`)."""
        if minimize != self._core_minimize:
            self._core_minimize = minimize
            self._set_params(*self._limits)
        r = self.check(assumptions, timeout, work, one_shot=False)   # the core is needed
        if r is not CheckResult.UNSAT:
            return r, ()
        ids = {t.get_id() for t in self._s.unsat_core()}
        return r, tuple(i for i, a in enumerate(assumptions) if a.get_id() in ids)

    def min_correction(self, hard: Sequence[Term], soft: Sequence[Term],
                       timeout: float | None = None, method: str = "auto",
                       work: float | None = None) -> tuple[CheckResult, tuple[int, ...]]:
        """A correcting set of `soft` over the assertions and `hard`.  "maxsat": z3's
        MaxSAT (`Optimize`, each soft literal of weight 1): a minimum one.  "grow": our
        own assumption-based grow (`_grow_correction`): a minimal one, asked of this
        solver, so it also serves quantified assertions, which `Optimize` does not
        support (it warns and ignores them).  "auto": maxsat unless an assertion is
        quantified."""
        assert method in ("auto", "maxsat", "grow"), method
        if method == "auto":
            method = "grow" if self.has_quantifiers() else "maxsat"
        if method == "grow":
            return self._grow_correction(hard, soft, timeout, work)
        asserted = self._s.assertions()
        if self._opt is None or self._s.num_scopes() > 0 or len(asserted) < self._opt_n:
            self._opt, self._opt_n = z3.Optimize(ctx=self.ctx), 0
        opt = self._opt
        for i in range(self._opt_n, len(asserted)):
            opt.add(asserted[i])
        self._opt_n = len(asserted)
        opt.set("timeout", _UINT_MAX if timeout is None else max(1, int(timeout * 1000)),
                "rlimit", work_units(work))
        self._model = None
        self.queries += 1
        t0 = time.perf_counter()
        before = rlimit_count(opt)
        opt.push()
        try:
            for h in hard:
                opt.add(h)
            for t in soft:
                opt.add_soft(t, 1)
            r, _ = capped_check(self.ctx, work, opt.check)
            used = rlimit_count(opt) - before
            _WORK_DONE[0] += used
            self.work_units += used
            if r != z3.sat:
                return (CheckResult.UNSAT if r == z3.unsat else CheckResult.UNKNOWN), ()
            m = opt.model()
            return CheckResult.SAT, tuple(
                i for i, t in enumerate(soft)
                if not z3.is_true(m.eval(t, model_completion=True)))
        finally:
            opt.pop()
            self.z3_time += time.perf_counter() - t0

    def one_shot_applies(self) -> bool:
        """Whether an undecided check under assumptions goes to the one-shot query (`check`):
        the assertions have a quantifier, or no bit-vector constant."""
        self._scan_assertions()
        # (a bit-vector query with floating point too: there a rival, rival.py, races z3's
        # one-shot query, and Bitwuzla decides in a fraction of a second what takes z3
        # tens of seconds: x / 3.0 * 3.0 == x)
        # (not with integer arithmetic too -- the int encoding's bridge to float patterns:
        # there z3's one-shot query and cvc5 are both slower than z3's core,
        # tests/data/float/float_bytes_ok.c)
        return self._quantified or not self._bitvectors or \
            (self.uses_floats and bool(self.rivals) and not self.triggers_only
             and not self._arith_consts)

    def has_quantifiers(self) -> bool:
        """Whether an assertion holds a quantifier."""
        self._scan_assertions()
        return self._quantified

    def _scan_assertions(self) -> None:
        """z3's has-quantifiers and num-bv-consts probes over the assertions added since the
        last look."""
        asserted = self._s.assertions()
        if self._s.num_scopes() > 0 or len(asserted) < self._quant_n:
            self._quant_n, self._quantified, self._bitvectors = 0, False, False
            self._arith_consts = False
        if not (self._quantified and self._bitvectors) and len(asserted) > self._quant_n:
            g = z3.Goal(ctx=self.ctx)
            for i in range(self._quant_n, len(asserted)):
                g.add(asserted[i])
            if not self._quantified:
                self._quantified = z3.Probe("has-quantifiers", self.ctx)(g) > 0
            if not self._bitvectors:
                self._bitvectors = z3.Probe("num-bv-consts", self.ctx)(g) > 0
            if not self._arith_consts:
                self._arith_consts = z3.Probe("num-arith-consts", self.ctx)(g) > 0
        self._quant_n = len(asserted)

    def _grow_correction(self, hard: Sequence[Term], soft: Sequence[Term],
                         timeout: float | None, work: float | None = None
                         ) -> tuple[CheckResult, tuple[int, ...]]:
        """Grow a satisfiable subset S of `soft` (with `hard`) one literal at a time, each
        model adding every soft literal it satisfies for free; the rest is a minimal
        correcting set.  A literal whose query is UNKNOWN, or left when `timeout` (wall)
        or `work` (work seconds) runs out, goes to the correcting set: `hard` + S is
        satisfiable, so it still corrects (only perhaps not minimally)."""
        deadline = None if timeout is None else time.perf_counter() + timeout
        spent0 = self.work_units

        def left() -> float | None:
            return None if deadline is None else max(0.001, deadline - time.perf_counter())

        def work_left() -> float | None:
            return None if work is None else \
                work - (self.work_units - spent0) / RLIMIT_PER_WORK_SECOND

        try:
            r = self.check(list(hard), left(), work_left())
            if r is not CheckResult.SAT:
                return r, ()
            kept = {i for i, t in enumerate(soft) if self.model_true(t)}
            out: list[int] = []
            for i in range(len(soft)):
                if i in kept:
                    continue
                w = work_left()
                if (deadline is not None and time.perf_counter() >= deadline) or \
                        (w is not None and w <= 0):
                    out.append(i)
                    continue
                r = self.check([*hard, *(soft[j] for j in sorted(kept)), soft[i]], left(), w)
                if r is CheckResult.SAT:
                    kept |= {j for j, t in enumerate(soft) if j not in kept
                             and self.model_true(t)}
                else:
                    out.append(i)
            return CheckResult.SAT, tuple(out)
        finally:
            self._model = None

    def model_true(self, t: Term) -> bool:
        assert self._model is not None, "no model: the last check was not SAT"
        v = self._model.eval(t, model_completion=True)
        return z3.Z3_get_bool_value(self.ctx.ref(), v.as_ast()) == z3.Z3_L_TRUE

    def model_false(self, t: Term) -> bool:
        """Whether the model makes `t` false for certain.  Not the negation of `model_true`:
        z3's evaluator leaves some terms undecided (an equality of arrays built from
        lambdas, a quantifier), which are neither."""
        assert self._model is not None, "no model: the last check was not SAT"
        v = self._model.eval(t, model_completion=True)
        return z3.Z3_get_bool_value(self.ctx.ref(), v.as_ast()) == z3.Z3_L_FALSE

    def model_value(self, t: Term) -> str:
        assert self._model is not None, "no model: the last check was not SAT"
        return value_text(self._model.eval(t, model_completion=True))

    def model_term(self, t: Term) -> Term:
        assert self._model is not None, "no model: the last check was not SAT"
        return self._model.eval(t, model_completion=True)

    def work(self) -> float:
        return self.work_units / RLIMIT_PER_WORK_SECOND

    def stats(self) -> dict[str, Any]:
        return {"queries": self.queries, "z3_time": round(self.z3_time, 3),
                "z3_work": round(self.work_units / RLIMIT_PER_WORK_SECOND, 3),
                "one_shot_queries": self.one_shot_queries,
                "one_shot_decided": self.one_shot_decided,
                "race_queries": self.race_queries,
                "race_unconfirmed": self.race_unconfirmed,
                "race_skipped": self.race_skipped,
                **{f"race_won_{k}": v for k, v in sorted(self.race_won.items())},
                "unknown_builtins": sorted(self.unknown_builtins)}


MAP_ENTRIES_SHOWN = 12      # a map value's entries shown in a trace before "..."


def value_text(v) -> str:
    """A model's value as a trace shows it: bit-vectors as `5bv32`, floats as
    z3float.value_text, fractions as `n/d`, a map as its entries and default,
    `{1 -> 7, 3 -> 0, else -> 84}` (latest store first wins; z3's own text is a chain of
    `Store(...)` around `K(...)`, printed over many lines), anything else z3's text on one
    line, at most 200 characters."""
    if z3.is_bv_value(v):
        return f"{v.as_string()}bv{v.size()}"     # as_long() stops at 4,300 digits
    if z3.is_fp_value(v):
        return z3float.value_text(v)
    if z3.is_rational_value(v) and v.denominator().as_string() != "1":
        return f"{v.numerator().as_string()}/{v.denominator().as_string()}"
    if z3.is_store(v) or z3.is_const_array(v):
        text = _map_text(v)
        if text is not None:
            return text
    s = " ".join(str(v).split())
    return s if len(s) <= 200 else s[:197] + "..."


def _map_text(v) -> str | None:
    entries: list[tuple[str, str]] = []
    seen: set[str] = set()
    while z3.is_store(v):
        *index, value = [v.arg(k) for k in range(1, v.num_args())]
        key = ", ".join(value_text(i) for i in index)
        if key not in seen:
            seen.add(key)
            entries.append((key, value_text(value)))
        v = v.arg(0)
    if not z3.is_const_array(v):
        return None
    entries.reverse()                       # in the order they were stored
    shown = [f"{k} -> {x}" for k, x in entries[:MAP_ENTRIES_SHOWN]]
    if len(entries) > MAP_ENTRIES_SHOWN:
        shown.append(f"... ({len(entries) - MAP_ENTRIES_SHOWN} more)")
    shown.append(f"else -> {value_text(v.arg(0))}")
    return "{" + ", ".join(shown) + "}"
