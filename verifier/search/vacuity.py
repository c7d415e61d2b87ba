"""Inconsistent axioms: a no-bug verdict that holds only vacuously.

Role: before the engine searches, it asks whether the program's axioms (its `axiom`s and
the distinctness of `const unique` constants) can be satisfied at all.  If they cannot,
every query is UNSAT whatever the program does: no bug can be found and "no bug" would
say nothing, so the verdict is UNKNOWN at once, naming the axioms of an unsat core.

Why: Corral's regression tests 004, 005, 010 and 011 declare
`axiom (forall a, b, size :: size * M(a, b, size) <= a - b < size * (M(a, b, size) + 1))`,
false for `size == 0`.  Corral (Boogie's z3 options: `smt.mbqi=false`, instantiation only
through triggers) never meets a term `M(a, b, 0)` and reports bugs there; a complete
first-order reading proves every assertion vacuously.  Neither answer is a fact about the
program, so pycorral says UNKNOWN with the reason, which ends with a hint: `--triggers-only`
asks for Corral's reading.  Under that option (`SolverLimits.triggers_only`) this check
reads the axioms the same way (E-matching only): Corral's axiom then has no instance and
no contradiction is found, so the search runs, and its bugs are bugs under that reading;
a contradiction E-matching does find (`axiom false;`, ground axioms) still gives UNKNOWN.

Only a detection: z3 may not find a contradiction within the cap (then nothing changes,
as before).  The check: each quantified axiom alone (tiny queries, where a one-axiom
contradiction is found at once), then all axioms together, under tracking literals so
that the unsat core names the axioms (ground axioms, such as those the C and LLVM front
ends write, are decided at once: `axiom false;` is found too).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from boogie.ast import (AxiomDecl, BoolType, BvType, ImplementationDecl, IntType,
                        ProcedureDecl, Program, Quant)
from boogie.errors import BoogieError
from boogie.passes.pipeline import lower
from boogie.visit import subexprs

from verifier.deadline import NO_DEADLINE, Deadline
from verifier.limits import VACUITY_ALL_WORK, VACUITY_ONE_WORK, VACUITY_TOTAL_WORK
from verifier.result import Result, UnknownKind, Verdict
from verifier.smt.factory import open_solver
from verifier.smt.solver import CheckResult, SolverLimits, Unsupported

# z3 finds a one-axiom contradiction in milliseconds (the storm preamble's: 3-7 ms), while
# on an axiom it cannot model (a set-theory or memory axiom) it runs to the cap: so the caps
# (verifier/limits.py, in work seconds) are small, and the whole check stays a fraction of
# a second (0.3 s on Corral's inline/simple.bpl, whose 29 quantified axioms z3 mostly
# leaves undecided).


def vacuity_check(program: Program, deadline: Deadline = NO_DEADLINE,
                  limits: SolverLimits = SolverLimits(),
                  budget: float | None = None) -> Result | None:
    """UNKNOWN if `program`'s axioms are inconsistent (found within VACUITY_TOTAL_WORK work
    seconds and a tenth of the run's nominal `budget`, read as `limits` says; and within
    the run's `deadline`), else None: then no model, hence no bug,
    exists, and any proof is vacuous, so the engine does not search."""
    decls = tuple(d for d in program.decls
                  if type(d) not in (ProcedureDecl, ImplementationDecl))
    cap = VACUITY_TOTAL_WORK if budget is None else min(VACUITY_TOTAL_WORK, budget / 10)
    try:
        found = inconsistent_axioms(lower(replace(program, decls=decls)), cap, limits,
                                    deadline)
    except (Unsupported, BoogieError):
        return None                 # input z3 cannot take: the search meets it too
    if found is None:
        return None
    return Result(Verdict.UNKNOWN, found.reason(limits.triggers_only),
                  kind=UnknownKind.VACUOUS)


@dataclass(frozen=True, slots=True)
class Inconsistency:
    """The axioms of an unsat core, as `file:line` strings."""
    where: tuple[str, ...]

    def reason(self, triggers_only: bool = False) -> str:
        """Why there is no verdict; read completely (the default), with the hint to
        `--triggers-only` (Corral's reading, under which they may be consistent)."""
        head = ("the program's axioms are inconsistent (unsatisfiable together"
                + (", even read through their triggers only" if triggers_only else "")
                + ": " + ", ".join(self.where) + "), so every assertion holds vacuously; "
                "no verdict on what the program does")
        if triggers_only:
            return head
        return head + ("; for Corral's reading of the axioms (instantiated only through "
                       "their triggers), use --triggers-only")


def inconsistent_axioms(program: Program, cap: float = VACUITY_TOTAL_WORK,
                        limits: SolverLimits = SolverLimits(),
                        deadline: Deadline = NO_DEADLINE) -> Inconsistency | None:
    """An unsat core of `program`'s axioms (lowered by `boogie.passes.pipeline.lower`),
    if z3 finds one within the caps (`cap` work seconds in all, reading them as `limits`
    says; and the run's `deadline`); None otherwise
    (consistent, or undecided)."""
    axioms = [d for d in program.decls if type(d) is AxiomDecl]
    if not axioms:
        return None
    bare = replace(program, decls=tuple(d for d in program.decls if type(d) is not AxiomDecl))
    solver = open_solver(bare, limits)  # the `unique` constants' distinctness only
    lits = []
    for i, d in enumerate(axioms):
        lit = solver.bool_const(f"axiom!{i}")
        solver.add(solver.implies(lit, solver.translate(d.expr, {})))
        lits.append(lit)
    # arithmetic axioms first (over int, bool, bit-vectors: where the contradictions we
    # know of are, and quickly decided); map and user-type axioms after, while time lasts
    order = sorted((i for i, d in enumerate(axioms)
                    if any(type(e) is Quant for e in subexprs(d.expr))),
                   key=lambda i: not _scalar(axioms[i]))
    def left() -> tuple[float, float | None]:
        """(work, seconds) left; raises _Spent when either is spent."""
        work = cap - solver.work()
        wall = deadline.left()
        if work <= 0 or deadline.expired():
            raise _Spent()
        return work, wall

    try:
        for i in order:
            work, wall = left()
            r, core = solver.check_core([lits[i]], wall, work=min(VACUITY_ONE_WORK, work))
            if r is CheckResult.UNSAT:
                return Inconsistency((_where(axioms[i]),))
        work, wall = left()
    except _Spent:
        return None
    r, core = solver.check_core(lits, wall, work=min(VACUITY_ALL_WORK, work))
    if r is CheckResult.UNSAT:
        return Inconsistency(tuple(_where(axioms[i]) for i in core))
    return None


class _Spent(Exception):
    """The check's work or time is spent."""


def _scalar(d: AxiomDecl) -> bool:
    """Are all the axiom's bound variables integers, booleans or bit-vectors?"""
    return all(type(b.type) in (IntType, BoolType, BvType)
               for e in subexprs(d.expr) if type(e) is Quant for b in e.bound)


def _where(d: AxiomDecl) -> str:
    loc = d.loc
    return f"axiom at {loc.file}:{loc.line}" if loc is not None else "an axiom"
