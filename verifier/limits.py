"""The engine's inner limits, counted in solver work so that the load never changes them.

Role: one table of every cap inside the engine -- how long a refinement query, an
over-approximate query, a re-check's first try, the incremental core before the one-shot
query, a Horn configuration's slice, Houdini, the axiom check may run.  These caps decide
what the engine does next (fall back, inline everything, try the next configuration, give
up a refinement check), so if they were wall-clock seconds the same command could give
another verdict on a busy machine than on an idle one (issue 34).  They are counted in
**work seconds** instead: z3's resource count (`rlimit`, deterministic: the same queries
in the same order count the same, whatever the load), scaled so that one work second is
about one CPU second of z3 on the machine below.  The backend turns work seconds into its
own units (`verifier/smt/z3work.py`, with `RLIMIT_PER_WORK_SECOND`); callers pass them as
`Solver.check(..., work=...)` and `HornSystem.solve(..., work=...)`.  A query stopped by
its work cap answers UNKNOWN (z3: "canceled"; `reason_unknown()` says "work limit"), never
UNSAT.

Wall time is left only where the user set it: the whole run's `--timeout` (the CLI's run
guard, `pycorral/limits.py`, and the engine's deadline derived from it, which every query
also obeys; without it `check`'s 30 s deepening budget) and `--query-timeout`, and slices
of that: a portfolio member's, each `--function`'s.  The shares of a run below (Houdini's,
the deepening's, the prover's) are taken from the budget as given (`VerifyOptions.
work_budget`), never from what the clock has left of it.  The portfolio's limit for a
prover once the search has ended undecided is CPU time (`verifier/search/portfolio.py`).  README
"Which limits are wall time" has the table.

Calibration (`RLIMIT_PER_WORK_SECOND`): every query of a few typical runs logged with its
resource count and the CPU time of its thread, then the rate of the totals:

    PYCORRAL_QUERY_LOG=DIR PYCORRAL_QUERY_DUMP_S=1000 \
        python scripts/verdict_table.py run OUT --corpus corral --timeout 20 --jobs 1
    python scripts/work_calibration.py DIR/queries.log

on the 2-core development machine (z3-solver 5.4.1, Python 3.11), never idle (other
sessions: load average 5-12), checks of at least 0.02 s CPU:

    Corral's 45 sequential tests, load ~6        46 checks, 13.9 s CPU   3.0 M units/s
    the same, load ~12 (three slow tests)        37 checks, 17.9 s CPU   2.4 M units/s
    tests/data/semantics/shifts.c c/bv, load ~5  17 checks,  6.6 s CPU   4.4 M units/s
    the same, load ~10                            7 checks, 25.5 s CPU   3.2 M units/s
    one 64-bit factoring query, load ~7           1 check,   2.0 s CPU   5.9 M units/s

The same query's CPU time for the same count grows with the load (one refinement check of
shifts.c: 48.3 M units in 12.1 s CPU at load ~6, 17.7 s at load ~8): the CPU second is not
a fixed amount of work either.  4 M units per work second is about one CPU second at a
moderate load and a little less idle, so the caps below are about the wall-clock caps
they replace on a lightly loaded machine.  Another machine can redo this and set
PYCORRAL_RLIMIT_PER_WORK_SECOND (a measurement knob: the caps move with it).
"""
from __future__ import annotations

import os

# z3 resource units (the "rlimit count" statistic) per work second; the environment
# variable is a measurement knob (another machine's calibration), not an option
RLIMIT_PER_WORK_SECOND = int(os.environ.get("PYCORRAL_RLIMIT_PER_WORK_SECOND", 4_000_000))

# z3's count leaves out some of its work (allocation-bound model building: a re-check of
# tests/data/oneshot/memset_wrapper_bug.bpl allocated for 3 s CPU while counting 0.1 work
# seconds): a capped check also stops after this many CPU seconds of its thread per work
# second of its cap, and at least CPU_BACKSTOP_MIN_S (z3work.CpuBackstop).  CPU time is
# no wall time: the load changes it only through cache contention, and the factor keeps it
# far behind the count on every check the count does measure
CPU_BACKSTOP_FACTOR = 3.0
CPU_BACKSTOP_MIN_S = 0.25

# --- caps of single queries, in work seconds
# refinement (verifier/search/refine.py): Algorithm 2's query under assumptions, before the same
# question goes to Algorithm 1's check; Algorithm 1's check (unknown counts as feasible)
REFINE_VC_QUERY_WORK = 2.0
REFINE_HIER_QUERY_WORK = 20.0
# stratified inlining's over-approximate queries (VerifyOptions.over_query_work): past it,
# a query only guides inlining no more (every open site within the bound is inlined)
OVER_QUERY_WORK = 5.0
# deepening (verifier/search/deepening.py): a bound's over-approximate queries get at most this
# share of the work left of the run's nominal budget, and at least OVER_QUERY_FLOOR_WORK
OVER_QUERY_SHARE = 0.1
OVER_QUERY_FLOOR_WORK = 0.5
# a bug's re-check from the model's inputs, before the path alone (verifier/traces/trace.py)
PINNED_RECHECK_WORK = 2.0
# a check under assumptions in z3's incremental core before the same query is asked once
# from scratch (z3solver.Z3Solver.check): three times the most work of the core's recent
# decided checks, within SOON .. MAX (AFTER before it has decided one)
ONE_SHOT_AFTER_WORK = 1.0
ONE_SHOT_SOON_WORK = 0.15
ONE_SHOT_MAX_WORK = 3.0
# a rival's SAT: its confirmation by z3 on the raced solver, before a fresh solver takes
# over (verifier/smt/z3session.py `_race`)
RACE_CONFIRM_WORK = 3.0
# a one-shot query goes to z3 alone first (no rival started, no SMT-LIB text written for
# one) when the solver's last RACE_SKIP_STREAK one-shot queries were all decided by z3
# within RACE_SKIP_WORK each: alone for RACE_SKIP_FACTOR times the most of those, and if
# it is undecided then, the rest is raced as before (z3session._one_shot).  Houdini's
# queries on mxl5007t (ldv-bpl): 162 one-shot queries of 0.07 s each, whose text alone
# took 24 s
RACE_SKIP_STREAK = 4
RACE_SKIP_WORK = 0.5
RACE_SKIP_FACTOR = 4.0
# a check without assumptions on an incremental solver: the core's share before the
# one-shot query (z3's own combined_solver.solver2_timeout was a wall-clock 1 s)
INCREMENTAL_FALLBACK_WORK = 1.0
# legion's deletion-based core minimization: this many times the round's blocked query,
# at least the floor (verifier/strategies/legion.py)
MINIMIZE_FACTOR = 3.0
MINIMIZE_FLOOR_WORK = 0.5
# inertial refinement's minimal correcting set (verifier/strategies/inertial.py)
MCS_FACTOR = 5.0
MCS_FLOOR_WORK = 2.0
# the axiom consistency check before the search (verifier/search/vacuity.py): one axiom alone,
# all together, the whole check
VACUITY_ONE_WORK = 0.02
VACUITY_ALL_WORK = 0.1
VACUITY_TOTAL_WORK = 0.3

# --- shares of a run
# Houdini (verifier/search/houdini.py): at most this share of the run's nominal budget, in work
HOUDINI_SHARE = 0.5
# ... and at most this share of it in process CPU seconds for the whole of it (VC templates,
# fixpoint, re-check: the Python side the solver's work does not count), so that the bounded
# search after it keeps its time on large programs (ldv-bpl, issue 36)
HOUDINI_CPU_SHARE = 0.25
# the Horn-clause prover (verifier/strategies/horn_prover.py): each configuration but the
# last gets this much; the schedule has them only when the nominal budget is over
# HORN_SCHEDULE_MIN seconds
HORN_SHORT_SLICE_WORK = 2.0
HORN_SCHEDULE_MIN = 4 * HORN_SHORT_SLICE_WORK
# a portfolio's prover without a whole-run timeout (verifier/engine.py)
PROVER_WORK = 10.0
