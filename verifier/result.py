"""Verification outcomes as values: a verdict, its reason, a trace for bugs, statistics.

Exit codes (documented in the CLI's --help and README):
  0  correct: proved for every bound (and the proof re-checked)
  10 bug found (a re-checked trace is attached)
  40 possible bug: a re-checked trace whose error depends on the unknown effect of a
     function without a body (its result, or memory it may write, read on the way to the
     error: `Result.depends_on`); not a bug found, SV-COMP's UNKNOWN
  30 bounded: no bug within the bound searched; the loops and recursive functions cut
     off there are named (`Result.cutoffs`) -- not a proof, so never 0
  20 unknown (timeout, resource limit, unsupported feature, internal error; reason given)
  2  bad input or usage (one-line `file:line:col: error: ...` message)
"""
from __future__ import annotations

import enum
import os
from dataclasses import dataclass, field
from typing import Any

from boogie.ast import attr
from frontend.externs import External, pure_assumption
from frontend.properties import KINDS, PropertySite, property_of

from verifier.ctrace import SourceTrace
from verifier.stats import Stats


class Verdict(enum.Enum):
    BUG = "bug"                      # an execution reaches the error; trace re-checked
    POSSIBLE_BUG = "possible-bug"    # such a trace, but only for some effects of a function
    #                                  without a body (`Result.depends_on`): not a bug found
    CORRECT = "correct"              # proved for every bound (no call site was blocked)
    BOUNDED = "bounded"              # nothing found, but some call site was cut at the bound
    UNKNOWN = "unknown"              # timeout, resource limit, unsupported, internal error

    @property
    def exit_code(self) -> int:
        return {Verdict.BUG: 10, Verdict.CORRECT: 0, Verdict.BOUNDED: EXIT_BOUNDED,
                Verdict.UNKNOWN: 20, Verdict.POSSIBLE_BUG: EXIT_POSSIBLE_BUG}[self]

    @property
    def has_trace(self) -> bool:
        """A verdict that carries a re-checked trace (a bug, or a possible bug)."""
        return self in (Verdict.BUG, Verdict.POSSIBLE_BUG)


class UnknownKind(enum.Enum):
    """Why a verdict is UNKNOWN, as data (SARIF's ruleId, mypy's ErrorCode): code branches
    on the kind, never on the reason's text, which is for people.  The value is the JSON
    `reason_kind`."""
    TIMEOUT = "timeout"                  # the run's or a query's time ran out
    MEMORY = "memory"                    # out of memory (Python's, or z3's memory limit)
    RESOURCE = "resource"                # an engine cap: solver work, procedure instances
    UNSUPPORTED = "unsupported"          # a construct no front end / engine models
    INTERNAL = "internal"                # our defect: a crash, a check that disagreed
    SOLVER_UNKNOWN = "solver-unknown"    # the solver answered unknown (or failed inside)
    OVER_APPROXIMATION = "over-approximation"  # a bug only through an over-approximation
    NO_PROOF = "no-proof"                # a prover found no proof (and reports no bugs)
    NOT_REPLAYED = "not-replayed"        # native replay does not reproduce the bug
    VACUOUS = "vacuous"                  # the axioms are inconsistent: no verdict
    NO_ANSWER = "no-answer"              # several attempts, none answered (mixed reasons)
    POSSIBLE_BUG = "possible-bug"        # SV-COMP: a possible bug (Verdict.POSSIBLE_BUG),
    #                                      a trace that rests on a function without a body
    OTHER = "other"                      # a site that did not say (tests/test_outcomes.py
    #                                      checks that every UNKNOWN of the product does)

    @staticmethod
    def from_json(value: Any) -> "UnknownKind | None":
        """The kind of a JSON `reason_kind`; None when absent or not one of ours (output
        of an older pycorral: the caller falls back on what it did before)."""
        try:
            return UnknownKind(value)
        except ValueError:
            return None


def solver_unknown_kind(why: str) -> UnknownKind:
    """The kind of a solver's "unknown" (its `reason_unknown()`, z3's words): one of the
    engine's work caps (verifier/limits.py), the time (z3 says "timeout" or "canceled";
    z3 5.4 says "interrupted" of a check the run's deadline interrupts -- seen under load
    on tests/data/limits/slow_query.c through LLVM, which answered "solver-unknown"),
    else the solver's own unknown."""
    if why == "work limit":
        return UnknownKind.RESOURCE
    if "timeout" in why or "canceled" in why or "interrupted" in why:
        return UnknownKind.TIMEOUT
    return UnknownKind.SOLVER_UNKNOWN


EXIT_INPUT_ERROR = 2
EXIT_BOUNDED = 30
EXIT_POSSIBLE_BUG = 40

# the JSON/SARIF name of --triggers-only's reading of the axioms, and how a bug says it
AXIOMS_BY_TRIGGERS = "triggers"
TRIGGERS_NOTE = "axioms read through their triggers, as Corral does"


@dataclass(frozen=True, slots=True)
class CutOff:
    """A loop or recursive procedure whose unfolding a bounded search cut off: what was not
    covered.  kind: "loop" (an extracted loop of `function`), "recursion" (a procedure
    called again on a path more often than the bound allows), "depth" (a call beyond the
    stack-depth bound); `function` is the procedure (C: the function) it belongs to;
    `file`/`line` the loop head's or the procedure's first source location (0: none)."""
    proc: str
    kind: str
    function: str
    file: str = ""
    line: int = 0

    def describe(self) -> str:
        where = f" at {self.file}:{self.line}" if self.line > 0 else ""
        if self.kind == "loop":
            return f"loop in {self.function}{where}"
        if self.kind == "depth":
            return f"call of {self.function}{where} (stack depth bound)"
        return f"recursive function {self.function}{where}"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "function": self.function, "proc": self.proc,
                "file": self.file, "line": self.line}


@dataclass(frozen=True, slots=True)
class TraceStep:
    """One step of a counterexample: entering a block, calling, returning, or failing.

    kind: "block" (a basic block was executed), "call" (entered a procedure),
    "return" (left it), "fail" (the failing assertion / reached error).
    `values` maps variable names to printed model values at this step.
    `file`/`line`/`col` are the source location when known (from {:sourceloc} or the
    front end), else the Boogie location."""
    kind: str
    proc: str
    depth: int
    label: str = ""
    file: str = ""
    line: int = 0
    col: int = 0
    text: str = ""
    values: tuple[tuple[str, str], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "proc": self.proc, "depth": self.depth,
                "label": self.label, "file": self.file, "line": self.line, "col": self.col,
                "text": self.text, "values": dict(self.values)}


@dataclass(frozen=True, slots=True)
class NondetChoice:
    """One nondeterministic value the path chose, in execution order: a `havoc` marked
    `{:nondet "what"}` (the front ends mark `__VERIFIER_nondet_<t>()` results this way).
    `what` is the attribute's text (e.g. "int" or "int from __VERIFIER_nondet_int");
    `value` the model value as printed (an integer literal for int and bv encodings)."""
    what: str
    value: str
    proc: str
    file: str = ""
    line: int = 0
    col: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"what": self.what, "value": self.value, "proc": self.proc,
                "file": self.file, "line": self.line, "col": self.col}


@dataclass(frozen=True, slots=True)
class Violation:
    """The property a bug violates when it is not the program's own assertion.
    kind "rule": a typestate rule's (boogie/rules.py): the failing assertion carries
    `{:rule "name", "message", "description", "function"}` (boogie/passes/typestate.py);
    `file`/`line`/`col`: the call (or the entry's return) where the rule fails.
    kind "property": an instrumented check (frontend/properties.py) carrying
    `{:property KIND, "message", ID}`: `rule` is the property kind (SARIF's rule id),
    `id` CBMC's property id (`main.overflow.1`), `description` the kind's."""
    rule: str
    message: str
    description: str = ""
    function: str = ""           # the C function whose call the rule rejects ("": at exit)
    file: str = ""
    line: int = 0
    col: int = 0
    step: int = -1               # the index in Trace.steps of the block where it failed
    kind: str = "rule"           # "rule" | "property"
    id: str = ""                 # a property's id (CBMC's F.CLASS.N)

    def text(self) -> str:
        if self.kind == "property":
            return f"property {self.id or self.rule} violated: {self.message} [{self.rule}]"
        return f"rule {self.rule} violated: {self.message}"

    @staticmethod
    def from_json(doc: dict[str, Any]) -> "Violation":
        return Violation(**{k: doc[k] for k in ("rule", "message", "description",
                                                "function", "file", "line", "col", "step",
                                                "kind", "id")
                            if k in doc})

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule, "message": self.message,
                "description": self.description, "function": self.function,
                "file": self.file, "line": self.line, "col": self.col, "step": self.step,
                "kind": self.kind, **({"id": self.id} if self.id else {})}


def rule_violation(attrs, file: str = "", line: int = 0, col: int = 0) -> Violation | None:
    """The typestate rule a failing assertion checks: its `{:rule "name", "message",
    "description", "function"}` attribute (boogie/passes/typestate.py); or the property
    check it is (`{:property KIND, "message", ID}`, frontend/properties.py); or None."""
    prop = property_of(attrs)
    if prop is not None and prop[0] in KINDS:
        kind, message, pid = prop
        return Violation(kind, message, KINDS[kind].description, "", file, line, col,
                         kind="property", id=pid)
    a = attr(attrs, "rule")
    if a is None or len(a.args) < 2 or not all(isinstance(x, str) for x in a.args):
        return None
    more = tuple(a.args[2:4]) + ("",) * (4 - len(a.args[:4]))
    return Violation(a.args[0], a.args[1], more[0], more[1], file, line, col)


@dataclass(frozen=True, slots=True)
class MemoryWrite:
    """A call on the path of a function without a body that may write memory (its
    `{:extern}` procedure havocs heap maps, frontend/externs.py), or (kind "result") whose
    result is a struct of arbitrary contents: a native run cannot reproduce either.
    `file`/`line` are the call's."""
    function: str
    file: str = ""
    line: int = 0
    kind: str = "memory"

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"function": self.function, "file": self.file,
                             "line": self.line}
        if self.kind != "memory":
            d["kind"] = self.kind
        return d

    def describe(self) -> str:
        where = f" (at {os.path.basename(self.file)}:{self.line})" if self.line else ""
        if self.kind == "result":
            return f"the struct result of the function without a body {self.function}{where}"
        return f"memory written by the function without a body {self.function}{where}"


@dataclass(frozen=True, slots=True)
class UnknownEffect:
    """An effect of a function without a body (`{:extern}`, frontend/externs.py) that a
    possible bug's path reads on its way to the error (verifier/traces/dependence.py):
    kind "result" (its result, an output) or "memory" (memory or a global it may write);
    `file`/`line`: the call (0: not known)."""
    function: str
    kind: str = "result"
    file: str = ""
    line: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"function": self.function, "kind": self.kind, "file": self.file,
                "line": self.line}

    @staticmethod
    def from_json(doc: dict[str, Any]) -> "UnknownEffect":
        return UnknownEffect(str(doc.get("function", "")), str(doc.get("kind", "result")),
                             str(doc.get("file", "")), int(doc.get("line", 0) or 0))

    def describe(self) -> str:
        where = f" (at {os.path.basename(self.file)}:{self.line})" if self.line else ""
        if self.kind == "result":
            return f"the result of {self.function}{where}"
        return f"memory written by {self.function}{where}"


def depends_text(effects: tuple[UnknownEffect, ...]) -> str:
    """The possible bug's words: `depends on the unknown effect of F[, G]`."""
    names = list(dict.fromkeys(e.function for e in effects))
    return "depends on the unknown effect of " + ", ".join(names)


@dataclass(frozen=True, slots=True)
class Trace:
    """A bug's path: `steps` at the Boogie level (blocks, calls, returns; what the
    refinement and the replay read), the entry inputs, the nondeterministic choices, and
    `source`, the trace told in the source language (verifier/ctrace.py; what people, SARIF
    and witnesses read) when it was built from a model."""
    steps: tuple[TraceStep, ...]
    inputs: tuple[tuple[str, str], ...] = ()   # entry inputs (parameters, globals at entry)
    nondet: tuple[NondetChoice, ...] = ()      # nondeterministic choices in execution order
    source: SourceTrace | None = None
    violation: Violation | None = None         # the rule violated, when it is a rule's
    memory: tuple[MemoryWrite, ...] = ()       # calls that may write memory (no body)
    check: str = ""          # the failing assertion's id (--all-properties), "" for none

    def to_json(self) -> dict[str, Any]:
        d = {"steps": [s.to_json() for s in self.steps], "inputs": dict(self.inputs),
             "nondet": [c.to_json() for c in self.nondet]}
        if self.memory:
            d["memory_writes"] = [m.to_json() for m in self.memory]
        if self.source is not None:
            d["source"] = self.source.to_json()
        if self.violation is not None:
            d["violation"] = self.violation.to_json()
        return d


@dataclass(frozen=True, slots=True)
class ProvedFact:
    """A proved property of a procedure, as a Boogie expression (re-checked with the proof):
    kind "ensures": a summary over its parameters, `old(g)` (globals at entry), its outputs
    and g (at return), holding at every return; kind "requires": holding at every entry
    that can lead to a return of the program's entry (parameters and globals); kind "loop":
    for an extracted loop, holding at the loop head (over the loop's own variable names,
    those of the procedure it came from), at `file:line` of the loop when known."""
    proc: str
    kind: str
    expr: Any
    origin: str = ""         # for "loop": the procedure the loop was extracted from
    file: str = ""
    line: int = 0


FAILURE, SUCCESS, UNDECIDED = "FAILURE", "SUCCESS", "UNKNOWN"


@dataclass(frozen=True, slots=True)
class PropertyOutcome:
    """One property's row of `--all-properties` (verifier/all_properties.py): its site
    (id, kind, message, location), status FAILURE (with the re-checked `trace`), SUCCESS
    (proved for every bound) or UNKNOWN (`detail`: bounded at a bound, or why not
    decided)."""
    site: PropertySite
    status: str
    detail: str = ""
    trace: Trace | None = None

    def to_json(self) -> dict[str, Any]:
        d = {**self.site.to_json(), "status": self.status, "detail": self.detail}
        if self.trace is not None:
            d["trace"] = self.trace.to_json()
        return d


@dataclass(frozen=True, slots=True)
class Result:
    verdict: Verdict
    reason: str = ""                   # why unknown / which bound was reached
    trace: Trace | None = None
    stats: Stats = field(default_factory=Stats)
    # what a prover proved along with a CORRECT verdict (re-checked with it)
    facts: tuple["ProvedFact", ...] = ()
    # BOUNDED: the loops and recursive procedures cut off at the bound (what was not covered)
    cutoffs: tuple[CutOff, ...] = ()
    # the functions without a body the program calls (frontend/externs.py)
    externals: tuple[External, ...] = ()
    # a concurrent program: the execution contexts per thread explored (Corral's /k); a
    # proof of its sequentialization covers only those schedules, so it is BOUNDED
    context_bound: int | None = None
    # --all-properties: one row per property (the verdict is BUG when one fails)
    properties: tuple[PropertyOutcome, ...] = ()
    # --triggers-only: the axioms were read as Boogie and Corral read them (instantiated
    # only through their triggers), so a bug is a bug under that reading
    triggers_only: bool = False
    # UNKNOWN: why, as data (`reason` says it to people); None for every other verdict
    kind: UnknownKind | None = None
    # POSSIBLE_BUG: the effects of functions without a body the trace depends on
    depends_on: tuple[UnknownEffect, ...] = ()

    def __post_init__(self):
        if self.verdict is Verdict.UNKNOWN and self.kind is None:
            object.__setattr__(self, "kind", UnknownKind.OTHER)
        assert self.kind is None or self.verdict is Verdict.UNKNOWN, \
            "only an UNKNOWN verdict carries a reason kind"
        if not isinstance(self.stats, Stats):    # figures handed over as a plain mapping
            object.__setattr__(self, "stats", Stats.from_json(self.stats, strict=True))
        assert self.verdict.has_trace == (self.trace is not None), \
            "a (possible) bug verdict carries a trace, and only such a verdict does"
        assert (self.verdict is Verdict.POSSIBLE_BUG) == bool(self.depends_on), \
            "a possible bug names the unknown effects it depends on, and only it does"

    def to_json(self) -> dict[str, Any]:
        out = {"verdict": self.verdict.value, "reason": self.reason,
               **({"reason_kind": self.kind.value} if self.kind is not None else {}),
               "trace": self.trace.to_json() if self.trace else None,
               "stats": self.stats.to_json()}
        if self.trace is not None and self.trace.violation is not None:
            out["violation"] = self.trace.violation.to_json()
        if self.verdict is Verdict.BOUNDED:
            out["bound"] = self.stats.bound
            out["cutoffs"] = [c.to_json() for c in self.cutoffs]
        if self.context_bound is not None:
            out["context_bound"] = self.context_bound
        if self.triggers_only:
            out["axiom_reading"] = AXIOMS_BY_TRIGGERS
        if self.externals:
            out["externals"] = [e.to_json() for e in self.externals]
        if self.assumptions():
            out["assumptions"] = list(self.assumptions())
        if self.properties:
            out["properties"] = [p.to_json() for p in self.properties]
        if self.depends_on:
            out["depends_on"] = [e.to_json() for e in self.depends_on]
        return out

    def assumptions(self) -> tuple[str, ...]:
        """What a proof or a bounded answer rests on beyond the program (--extern-pure:
        functions without a body write no memory); a bug does not rest on it (its trace
        is also a run of the model where they may write)."""
        if self.verdict not in (Verdict.CORRECT, Verdict.BOUNDED):
            return ()
        text = pure_assumption(self.externals)
        return (text,) if text else ()
