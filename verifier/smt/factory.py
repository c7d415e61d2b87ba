"""The solver factory: algorithms ask here for a solver and never construct a backend.

`open_solver(program, limits, backend=...)` returns a solver (our `Solver` protocol) for
`program` with its axioms asserted: the program's `axiom`s and the distinctness of its
`const unique` constants, per type (synonyms expanded).  `limits` (`SolverLimits`) carries
what the backend enforces itself (its memory limit) and its measurement knobs
(`SolverSettings`, `settings.py`: read from the environment here when `limits` has none,
never at import).  Statistics stay on the solver
(`solver.stats()`), read by whoever closes it.  `open_horn` gives the Horn-clause system
(`horn.py`, backend `z3horn.py`: z3's Spacer) over a solver's terms.

The program must have been through `boogie.passes.pipeline.lower` (the pipeline's
`prepare` runs it): a backend only converts terms, so Boogie's meaning lives above it --
code expressions are desugared by `boogie/passes/code_exprs.py`, axioms defining a
function became its body (`boogie/passes/macros.py`), recursive function bodies became
axioms (`boogie/passes/recursive_functions.py`); `const unique` is read here.

A second backend (an SMT-LIB writer for another solver, say) is one new module of this
package with a function `open_backend(program, limits) -> Solver`, and one line in
`BACKENDS` naming it; callers then pass `backend="<name>"` (z3 is the default).  Backend
modules are imported only when first asked for.
"""
from __future__ import annotations

import importlib
import sys

from boogie.ast import AxiomDecl, Program, Type
from boogie.passes.common import expand_synonyms, type_decls

from verifier.smt.horn import HornSystem
from verifier.smt.solver import Solver, SolverLimits

__all__ = ["BACKENDS", "SolverLimits", "axiom_terms", "open_horn", "count_work",
           "open_solver", "work_done"]

BACKENDS = {"z3": "z3solver"}      # backend name -> module of this package


def open_solver(program: Program, limits: SolverLimits = SolverLimits(),
                backend: str = "z3") -> Solver:
    if backend not in BACKENDS:
        raise ValueError(f"unknown solver backend {backend!r} (one of {sorted(BACKENDS)})")
    module = importlib.import_module(f"{__package__}.{BACKENDS[backend]}")
    solver = module.open_backend(program, limits)
    for t in axiom_terms(solver, program):
        solver.add(t)
    return solver


def work_done() -> float:
    """The work (work seconds, verifier/limits.py) of every check this process has made,
    on any backend loaded: the clock the engine measures its shares of a run on, which
    the load does not change."""
    total = 0.0
    for name in BACKENDS.values():
        module = sys.modules.get(f"{__package__}.{name}")
        if module is not None:
            total += module.work_done()
    return total


def count_work(work: float, backend: str = "z3") -> None:
    """Counts `work` work seconds done in a forked child (`verifier/search/isolate.py`) as this
    process's, on `backend`'s clock."""
    module = importlib.import_module(f"{__package__}.{BACKENDS[backend]}")
    module.count_work(work)


def axiom_terms(solver: Solver, program: Program) -> list:
    """The program's axioms as terms of `solver`: its `axiom`s, then the distinctness of
    the `unique` constants of each type."""
    out = [solver.translate(d.expr, {}) for d in program.decls if isinstance(d, AxiomDecl)]
    types = type_decls(program)
    groups: dict[Type, list] = {}
    for d in program.constants().values():
        if d.unique:
            groups.setdefault(expand_synonyms(d.type, types), []).append(
                solver.program_constant(d.name))
    return out + [solver.distinct(g) for g in groups.values() if len(g) > 1]


def open_horn(solver: Solver, program: Program, params: dict | None = None) -> HornSystem:
    """A Horn-clause system over the vocabulary of `solver` (opened by `open_solver` for
    `program`): the program's constants become relation arguments, its axioms premises of
    every rule (see `z3horn.py`)."""
    from verifier.smt.z3horn import Z3Horn      # the Horn backend of the z3 solver, imported lazily
    return Z3Horn(solver, list(program.constants()), axiom_terms(solver, program), params)
