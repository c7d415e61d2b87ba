"""Our solver boundary: the operations VC generation, stratified inlining and traces need.

Role: everything above `verifier/smt/` talks to an SMT solver only through this protocol, so
that z3 is imported only in this package (`z3solver.py` opens its backend).  Terms are
opaque handles (`Term`); Boogie expressions become terms through `translate`, which
resolves variables through an environment (the current incarnation of each variable, as
passification needs).

Outcomes of `check` are a `CheckResult`; UNKNOWN is never read as UNSAT (pysmt's rule).

Reading of quantified axioms (`SolverLimits.triggers_only`, `pycorral check
--triggers-only`): by default the backend reads quantifiers completely (z3's model-based
instantiation), so an UNKNOWN is undecided.  With `triggers_only` it reads them as Boogie
and Corral do: instantiated only through their triggers (E-matching; z3 with
`smt.mbqi=false` and `auto_config=false`), and a query left undecided because E-matching
saturated without a conflict ("incomplete quantifiers") is SAT with that model -- a
counterexample under that reading, which is Boogie's.  A timeout, cancellation or memory
limit stays UNKNOWN, and nothing is ever read as UNSAT.  Proof and bounded verdicts stay
sound under any instantiation: the instances E-matching makes are true consequences of the
axioms, so an UNSAT answer under the weaker reading is UNSAT under the complete one (fewer
instances only make fewer queries UNSAT).  A bug, though, is then a bug under the trigger
reading: when the axioms are inconsistent in first-order logic (Corral's regression tests
004, 005, 010, 011: see `verifier/search/vacuity.py`), the complete reading has no model at all.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Protocol, Sequence

from boogie.ast import Expr, Type
from boogie.errors import Unsupported  # noqa: F401 - re-exported: backends raise it

from verifier.smt.settings import SolverSettings

Term = Any          # an opaque solver term


class CheckResult(enum.Enum):
    SAT = "sat"
    UNSAT = "unsat"
    UNKNOWN = "unknown"


@dataclass(frozen=True, slots=True)
class SolverLimits:
    """What `factory.open_solver` hands a backend besides the program: what the backend
    enforces itself (its memory limit, how far it instantiates quantifiers)."""
    # the backend's measurement knobs (`settings.py`), read at the edge; None: the factory
    # reads them from the environment when it opens the solver
    settings: SolverSettings | None = None
    memory_mb: int | None = None      # the backend's own memory limit (None: unchanged)
    # quantifiers instantiated only through their triggers, and a query E-matching leaves
    # undecided is SAT (Boogie's and Corral's reading; see the module docstring)
    triggers_only: bool = False
    # the seed of the backend's random choices (z3: smt.random_seed, sat.random_seed;
    # `--z3-seed`), None: the backend's default
    random_seed: int | None = None


class Solver(Protocol):
    """What a backend implements (`z3session.Z3Solver`); `factory.open_solver` opens one.
    A backend converts terms only: the program it gets has been through
    `boogie.passes.pipeline.lower` (no code expressions, no recursive function bodies)."""

    # --- vocabulary
    def const(self, name: str, typ: Type) -> Term: ...
    def bool_const(self, name: str) -> Term: ...
    def program_constant(self, name: str) -> Term: ...    # a Boogie `const` of the program
    def fresh_like(self, term: Term, name: str) -> Term: ...
    def fresh_copies(self, terms: Sequence[Term], names: Sequence[str],
                     suffix: str) -> list[Term]: ...
    def pack(self, terms: Sequence[Term]) -> Term: ...     # one term holding `terms`
    def unpack(self, packed: Term, n: int) -> list[Term]: ...
    def translate(self, e: Expr, env: Mapping[str, Term],
                  old_env: Mapping[str, Term] | None = None) -> Term: ...
    def true(self) -> Term: ...
    def false(self) -> Term: ...
    def and_(self, terms: Sequence[Term]) -> Term: ...
    def or_(self, terms: Sequence[Term]) -> Term: ...
    def not_(self, t: Term) -> Term: ...
    def implies(self, a: Term, b: Term) -> Term: ...
    def eq(self, a: Term, b: Term) -> Term: ...
    def distinct(self, terms: Sequence[Term]) -> Term: ...
    def substitute(self, t: Term, pairs: Sequence[tuple[Term, Term]]) -> Term: ...

    # --- assertions and checking
    def add(self, t: Term) -> None: ...
    def push(self) -> None: ...
    def pop(self) -> None: ...
    # `timeout`: seconds of wall time (what is left of the user's limits); `work`: work
    # seconds (the engine's own caps, verifier/limits.py: the backend's deterministic
    # resource count, the same under any load).  Either limit reached: UNKNOWN, never UNSAT.
    # `rival`: a query on its own (one path, asked once), which a rival solver may race
    # whatever its theories (the backend's choice otherwise)
    def check(self, assumptions: Iterable[Term] = (), timeout: float | None = None,
              work: float | None = None, rival: bool = False) -> CheckResult: ...
    # why the last check was UNKNOWN; "work limit" when its `work` cap stopped it
    def reason_unknown(self) -> str: ...
    def unsat_core(self) -> list[Term]: ...
    def has_quantifiers(self) -> bool: ...     # does an assertion hold a quantifier?
    # `check` under `assumptions` (literals: Boolean constants or their negations); on
    # UNSAT also the positions in `assumptions` of an unsat core (a subset whose
    # assumptions with the assertions are unsatisfiable; `minimize`: the backend's own
    # core minimization, no guarantee of minimality); otherwise ()
    def check_core(self, assumptions: Sequence[Term], timeout: float | None = None,
                   minimize: bool = False, work: float | None = None
                   ) -> tuple[CheckResult, tuple[int, ...]]: ...

    # a minimum correcting set (MaxSAT): with the assertions and `hard` (literals), the
    # positions in `soft` (literals) of a smallest set whose removal makes the rest of
    # `soft` satisfiable.  SAT: that set (empty: everything is satisfiable together);
    # UNSAT: the assertions with `hard` alone are unsatisfiable (); UNKNOWN: past
    # `timeout` or `work`, or undecided (), never a verdict.  Leaves no model behind.  `method`:
    # "maxsat" (a minimum set), "grow" (a minimal one by assumption queries; past the
    # timeout the undecided literals join it, so it still corrects), "auto" (maxsat
    # unless the assertions are quantified)
    def min_correction(self, hard: Sequence[Term], soft: Sequence[Term],
                       timeout: float | None = None, method: str = "auto",
                       work: float | None = None) -> tuple[CheckResult, tuple[int, ...]]: ...

    # --- models (of the last SAT check; after UNKNOWN perhaps a candidate)
    def has_model(self) -> bool: ...
    def model_term(self, t: Term) -> Term: ...
    def model_true(self, t: Term) -> bool: ...
    def model_false(self, t: Term) -> bool: ...    # false for certain (not: not true)
    def model_value(self, t: Term) -> str: ...

    # --- statistics
    def stats(self) -> dict[str, Any]: ...
    def work(self) -> float: ...     # work seconds of this solver's checks so far

