"""The solver factory: algorithms ask here for a solver and never construct a backend.

`open_solver(program, limits)` returns a solver (our `Solver` protocol) for `program` with
its axioms asserted (the program's `axiom`s other than those a backend folded into function
macros, the uniqueness constraints of `unique` constants and the function axioms), under
`limits` (`SolverLimits`: the memory limit given to the backend).  Statistics stay on the
solver (`solver.stats()`), read by whoever closes it.  Today the one backend is z3
(`z3solver.py`); a second backend is a new module and a branch here.
"""
from __future__ import annotations

from dataclasses import dataclass

from boogie.ast import AxiomDecl, Program

from .solver import Solver


@dataclass(frozen=True, slots=True)
class SolverLimits:
    memory_mb: int | None = None      # the backend's own memory limit (None: unchanged)


def open_solver(program: Program, limits: SolverLimits = SolverLimits()) -> Solver:
    from .z3solver import Z3Solver, set_memory_limit   # the only backend, imported lazily
    if limits.memory_mb is not None:
        set_memory_limit(limits.memory_mb)
    solver = Z3Solver(program)
    for d in program.decls:
        if isinstance(d, AxiomDecl) and id(d) not in solver.macro_axioms:
            solver.add(solver.translate(d.expr, {}))
    for t in solver.unique_constraints() + solver.function_axioms():
        solver.add(t)
    return solver
