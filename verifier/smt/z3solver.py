"""The z3 backend's door: what the factory (`factory.py`, `BACKENDS["z3"]`) asks of it.

Role: `open_backend` opens a `Z3Solver` (`z3session.py`, over the terms of `z3terms.py`)
for a program with what `SolverLimits` says the backend enforces itself (its memory limit,
the trigger reading of quantifiers) and the solver settings read at the edge
(`SolverLimits.settings`, `settings.py`); `work_done` / `count_work` are this backend's
work clock (`z3work.py`).  The contexts' life is `z3context.py`'s.  z3 is imported only
in this package (`verifier/smt/`).
"""
from __future__ import annotations

from boogie.ast import Program

from verifier.smt.settings import settings_from_environment
from verifier.smt.solver import SolverLimits
from verifier.smt.z3context import set_memory_limit
from verifier.smt.z3session import Z3Solver
from verifier.smt.z3work import count_work, work_done  # noqa: F401 - the factory's work clock

__all__ = ["count_work", "open_backend", "work_done"]


def open_backend(program: Program, limits: SolverLimits) -> "Z3Solver":
    """The factory's entry to this backend (`factory.BACKENDS["z3"]`)."""
    if limits.memory_mb is not None:
        set_memory_limit(limits.memory_mb)
    if limits.random_seed is not None:      # z3's global parameters: every solver after
        import z3
        z3.set_param("smt.random_seed", limits.random_seed)
        z3.set_param("sat.random_seed", limits.random_seed)
    settings = limits.settings if limits.settings is not None else \
        settings_from_environment()
    return Z3Solver(program, triggers_only=limits.triggers_only, settings=settings)
