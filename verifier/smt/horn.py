"""Our Horn-clause boundary: constrained Horn clauses over the terms of a `Solver`.

Role: the second kind of backend (next to the incremental SMT solver of `solver.py`).  A
`HornSystem` is built over the vocabulary of an existing solver (the VC templates' terms):
the caller declares relations (one per procedure summary), adds rules

    body /\\ R1(a1) /\\ ... /\\ Rn(an)  ==>  head          (head: R(a) or false)

and asks whether the rules have a solution -- an interpretation of every relation that makes
each rule valid.  A solution is a proof of safety: `HornResult.SAFE`; `UNSAFE` means the
rules derive `false` (a Horn-clause counterexample exists; the verifier never turns it into a
bug verdict by itself); `UNKNOWN` is never read as either.

Every SAFE answer can be checked independently (`check_solution`): each rule with the
relations replaced by their interpretations is checked valid by a plain SMT query on a fresh
solver, the proof analogue of re-checking a trace.

The program constants (Boogie `const`) are not free symbols of a Horn problem: a backend
passes them along as extra arguments of every relation, so a summary may mention them.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any, Protocol, Sequence

from verifier.smt.solver import Term

Relation = Any          # an opaque relation handle


class HornResult(enum.Enum):
    SAFE = "safe"           # the rules have a solution (the interpretations prove safety)
    UNSAFE = "unsafe"       # the rules derive false
    UNKNOWN = "unknown"     # timeout, a theory out of reach, or the engine gave up


@dataclass(frozen=True, slots=True)
class SolutionCheck:
    """The outcome of checking a solution rule by rule on a fresh solver."""
    ok: bool
    rules: int              # rules checked
    failed: tuple[str, ...] = ()   # names of rules that did not check, with why
    time: float = 0.0       # seconds spent in the checking solver


class HornSystem(Protocol):
    def relation(self, name: str, signature: Sequence[Term]) -> Relation:
        """A relation whose arguments have the sorts of the terms in `signature`."""
        ...

    def apply(self, rel: Relation, args: Sequence[Term]) -> Term: ...

    def rule(self, name: str, body: Sequence[Term], apps: Sequence[Term],
             head: Term | None) -> None:
        """`/\\ body /\\ /\\ apps ==> head` (head None: false), universally closed over every
        free symbol that is not a program constant."""
        ...

    def solve(self, timeout: float | None, work: float | None = None) -> HornResult:
        """Solve within `timeout` seconds (wall time) and `work` work seconds (the
        engine's caps, verifier/limits.py); a limit gives UNKNOWN."""
        ...

    def reason_unknown(self) -> str:
        """Why the last solve was UNKNOWN: "timeout", "work limit", or the solver's."""
        ...

    def interpretation(self, rel: Relation, args: Sequence[Term]) -> Term:
        """After SAFE: the relation's interpretation applied to `args` (a formula)."""
        ...

    def check_solution(self, timeout: float | None) -> SolutionCheck: ...

    def conjuncts(self, t: Term) -> list[Term]:
        """The top-level conjuncts of a formula."""
        ...

    def to_boogie(self, t: Term, names: dict[str, Any]) -> Any:
        """A term as a Boogie expression (free symbols by `names`), or None."""
        ...

    def stats(self) -> dict[str, Any]: ...
