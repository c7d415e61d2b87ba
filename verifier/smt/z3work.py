"""What a z3 check costs: its work (z3's resource count), the caps on it, the query log.

Role: the accounting under `z3session.py` and `z3horn.py` (z3 is imported only in this
package).  The engine's inner caps are work seconds (`verifier/limits.py`): `work_units`
turns them into z3's `rlimit` parameter, which z3 counts from the start of each check;
`rlimit_count` reads a context's count, so that each check's own work is known (its
solver's `work()`, the `z3_work` statistic) and `work_done()` sums the work of every check
of the process -- the clock, unaffected by the load, that the engine's shares of a run are
measured on.  `backstop` stops a capped check by CPU time where z3's count stalls.  With
PYCORRAL_QUERY_LOG=DIR every check appends one line to DIR/queries.log (`log_query`: wall
seconds, CPU seconds of its thread, resource units, answer, assertions, assumptions; the
input of scripts/work_calibration.py), and a check slower than PYCORRAL_QUERY_DUMP_S
seconds (default 2) is written as SMT-LIB to DIR/q<pid>_<n>.smt2 (both read into the
solver's `SolverSettings`, `settings.py`).
"""
from __future__ import annotations

import contextlib
import os
import threading
import time
from typing import Any, Iterator

import z3

from verifier import limits as _limits
from verifier.limits import RLIMIT_PER_WORK_SECOND
from verifier.smt.z3context import _INTERRUPTS, clear_interrupt, is_interrupted

_UINT_MAX = 4294967295          # z3's "no limit" for its timeout and rlimit parameters
_WORK_DONE = [0]                # rlimit units of every check of this process (work_done)


class CpuBackstop:
    """Stops a capped check that does work z3 does not count: one daemon thread reads the
    CPU clock of each armed check's thread every `POLL` seconds and interrupts its context
    past `limits.CPU_BACKSTOP_FACTOR` CPU seconds per work second of the cap.  z3's
    resource count leaves out some of its work -- on tests/data/oneshot/memset_wrapper_bug
    .bpl a bug's re-check allocated for 3 s CPU while counting 0.1 work seconds --, and
    without this only the run's deadline would stop such a check.  CPU time, unlike wall
    time, does not grow with the load (but for cache contention), and the factor keeps it
    behind the resource count on every check that is counted."""

    POLL = 0.02

    def __init__(self):
        self._lock = threading.Lock()
        self._armed: dict[int, list] = {}       # token -> [clock, cpu limit, ctx, fired]
        self._next = 0
        self._wake = threading.Event()
        self._thread: threading.Thread | None = None

    @contextlib.contextmanager
    def __call__(self, ctx: "z3.Context", work: float | None) -> Iterator[list]:
        """Arms the backstop for a check of `work` work seconds on `ctx` in this thread
        (None: nothing to do); the yielded entry's last item says whether it fired."""
        if work is None:
            yield [None, None, None, False]
            return
        clock = time.pthread_getcpuclockid(threading.get_ident())
        limit = time.clock_gettime(clock) + max(_limits.CPU_BACKSTOP_MIN_S,
                                                _limits.CPU_BACKSTOP_FACTOR * work)
        entry = [clock, limit, ctx, False]
        with self._lock:
            token, self._next = self._next, self._next + 1
            self._armed[token] = entry
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._watch, daemon=True,
                                                name="pycorral-cpu-backstop")
                self._thread.start()
        self._wake.set()
        try:
            yield entry
        finally:
            with self._lock:            # no interrupt for this check after this point
                del self._armed[token]

    def _watch(self) -> None:
        while True:
            self._wake.wait()
            with self._lock:
                if not self._armed:
                    self._wake.clear()
                    continue
                for entry in self._armed.values():
                    clock, limit, ctx, fired = entry
                    if not fired and time.clock_gettime(clock) >= limit:
                        entry[3] = True
                        ctx.interrupt()
            time.sleep(self.POLL)


backstop = CpuBackstop()


def capped_check(ctx: "z3.Context", work: float | None, check) -> tuple[Any, list]:
    """`check()` under the backstop: (its answer, the backstop's entry, whose last item says
    whether it fired).  An interrupt of the backstop that reaches z3 outside its search (a
    preprocessing step raises "canceled" where a search answers unknown) is the work cap
    stopping the check: unknown, as the search would have answered -- not the run's
    timeout, which the exception would otherwise become (verifier/crash.py).  One that
    lands as the check ends is forgotten (`clear_interrupt`), so that the answer's model
    can be read, unless the run's deadline interrupted every context meanwhile."""
    interrupts, watch = _INTERRUPTS[0], None
    try:
        with backstop(ctx, work) as watch:
            try:
                return check(), watch
            except z3.Z3Exception as e:
                if not (watch[3] and is_interrupted(e)):
                    raise
                return z3.unknown, watch
    finally:
        if watch is not None and watch[3] and _INTERRUPTS[0] == interrupts:
            clear_interrupt(ctx)


def work_units(work: float | None) -> int:
    """z3's `rlimit` parameter for a cap of `work` work seconds (0: no cap)."""
    if work is None:
        return 0
    return max(1, min(_UINT_MAX, int(work * RLIMIT_PER_WORK_SECOND)))


def work_done() -> float:
    """The work (work seconds) of every check this process has made: a load-independent
    clock for the engine's shares of a run."""
    return _WORK_DONE[0] / RLIMIT_PER_WORK_SECOND


def count_work(work: float) -> None:
    """Adds `work` work seconds done elsewhere (a forked child's checks, `isolate.in_child`)
    to this process's `work_done`."""
    _WORK_DONE[0] += int(work * RLIMIT_PER_WORK_SECOND)


def rlimit_count(solver: "z3.Solver | z3.Optimize") -> int:
    """The resource count of `solver`'s context (z3 counts per context; each check's cap
    is relative to the count at its start)."""
    ctx = solver.ctx.ref()
    st = z3.Z3_optimize_get_statistics(ctx, solver.optimize) if isinstance(
        solver, z3.Optimize) else z3.Z3_solver_get_statistics(ctx, solver.solver)
    z3.Z3_stats_inc_ref(ctx, st)
    try:
        for i in range(z3.Z3_stats_size(ctx, st)):
            if z3.Z3_stats_get_key(ctx, st, i) == "rlimit count":
                return int(z3.Z3_stats_get_uint_value(ctx, st, i)
                           if z3.Z3_stats_is_uint(ctx, st, i)
                           else z3.Z3_stats_get_double_value(ctx, st, i))
        return 0
    finally:
        z3.Z3_stats_dec_ref(ctx, st)


def log_query(solver: Any, seconds: float, cpu: float, units: int, assumptions: list, r,
              one_shot_of: list | None = None) -> None:
    """PYCORRAL_QUERY_LOG's line for the last check of `solver` (a `Z3Solver`), and its
    SMT-LIB when slow (`solver.settings`: the log's directory, the dump's threshold)."""
    log_dir = solver.settings.query_log
    os.makedirs(log_dir, exist_ok=True)
    last = solver._last
    kind = " one-shot" if one_shot_of is not None else ""
    if one_shot_of is not None:
        assumptions = one_shot_of
    answer = f" {r}" + (f" ({last.reason_unknown()})" if r == z3.unknown else "")
    asserted = solver._s.assertions()
    dumped = ""
    if seconds >= solver.settings.query_dump_s:
        path = os.path.join(log_dir, f"q{os.getpid()}_{solver.queries}.smt2")
        whole = z3.Solver(ctx=solver.ctx)      # the assertions and the assumptions
        whole.add(*asserted, *assumptions)
        reading = solver._reading
        with open(path, "w") as out:
            out.write("".join(f"(set-option :{k} {str(v).lower()})\n"
                              for k, v in zip(reading[::2], reading[1::2]))
                      + whole.sexpr() + "(check-sat)\n")
        dumped = " " + path
    with open(os.path.join(log_dir, "queries.log"), "a") as out:
        out.write(f"{os.getpid()} q{solver.queries} {seconds:.3f}s cpu={cpu:.3f}s "
                  f"rlimit={units} assertions={len(asserted)} "
                  f"assumptions={len(assumptions)} scopes={solver._s.num_scopes()}"
                  f"{kind}{answer}{dumped}\n")
