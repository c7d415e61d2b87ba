"""The solver factory: algorithms ask here for a solver and never construct a backend.

`open_solver(program, limits)` returns a solver (our `Solver` protocol) for `program` with
its axioms asserted (the program's `axiom`s other than those a backend folded into function
macros, the uniqueness constraints of `unique` constants and the function axioms), under
`limits` (`SolverLimits`: the memory limit given to the backend).  Statistics stay on the
solver (`solver.stats()`), read by whoever closes it.  Today the one backend is z3
(`z3solver.py`); a second backend is a new module and a branch here.  `open_horn` gives
the Horn-clause system (`horn.py`, backend `z3horn.py`: z3's Spacer) over a solver's terms.
"""
from __future__ import annotations

from dataclasses import dataclass

from boogie.ast import AxiomDecl, Program

from .horn import HornSystem
from .solver import Solver


@dataclass(frozen=True, slots=True)
class SolverLimits:
    memory_mb: int | None = None      # the backend's own memory limit (None: unchanged)


def open_solver(program: Program, limits: SolverLimits = SolverLimits()) -> Solver:
    from .z3solver import Z3Solver, set_memory_limit   # the only backend, imported lazily
    if limits.memory_mb is not None:
        set_memory_limit(limits.memory_mb)
    solver = Z3Solver(program)
    for t in axiom_terms(solver, program):
        solver.add(t)
    return solver


def axiom_terms(solver: Solver, program: Program) -> list:
    """The program's axioms as terms of `solver`: its `axiom`s other than those the backend
    folded into function macros, the uniqueness constraints of `unique` constants and the
    definitional axioms of recursive functions."""
    out = [solver.translate(d.expr, {}) for d in program.decls
           if isinstance(d, AxiomDecl) and id(d) not in solver.macro_axioms]
    return out + solver.unique_constraints() + solver.function_axioms()


def open_horn(solver: Solver, program: Program, params: dict | None = None) -> HornSystem:
    """A Horn-clause system over the vocabulary of `solver` (opened by `open_solver` for
    `program`): the program's constants become relation arguments, its axioms premises of
    every rule (see `z3horn.py`)."""
    from .z3horn import Z3Horn      # the Horn backend of the z3 solver, imported lazily
    return Z3Horn(solver, list(program.constants()), axiom_terms(solver, program), params)
