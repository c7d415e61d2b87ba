"""Property checks: what a C programmer expects to be checked without writing an assert.

Role: the one registry of property kinds, the one options object saying which checks the
front ends instrument, and the numbering and listing of the checks in a program (issue 21;
CBMC's `goto-programs/goto_check_c.cpp` and SMACK's `--check` are the models).

Design
------
* **A check is a Boogie assertion with a kind.**  Both front ends (frontend/c,
  frontend/llvm) emit every instrumented check as
      assert {:property "KIND", "message", "ID"} e;
  with the command's source location (`loc`, the C file:line:col the front ends already
  attach to every command).  KIND is a key of `KINDS`; the message says what failed in
  CBMC's words ("division by zero", "arithmetic overflow on signed +", "dereference
  failure: pointer outside object bounds"); ID is CBMC's property id `F.CLASS.N` (the
  function, the kind's CBMC class, the check's number in that function and class, in
  program order), added by `number_properties` once the program is translated, so that the
  listing, the trace and the reports agree.  The verifier treats the assertion as any
  other; nothing below the front ends knows about kinds except the reporting.
* **One options object**, `PropertyChecks` (frozen): one switch per CBMC flag
  (`--bounds-check`, `--pointer-check`, `--memory-leak-check`, `--signed-overflow-check`,
  `--div-by-zero-check`, `--unsigned-overflow-check`, `--conversion-check`;
  `--memory-safety` = the first three).  It reaches the front ends through
  `frontend.load.FrontendOptions.checks`; `pycorral check` builds it from its flags
  (pycorral/property_options.py).  All off by default: only the program's own assertions.
* **Reporting.**  A failing assertion with `{:property}` becomes the trace's `Violation`
  of kind "property" (verifier/result.py): the text result says
  `FAILS: <message> [<kind>]`, JSON's `violation` carries `{"kind": "property", "rule":
  KIND, "message", "id"}`, SARIF's result has `ruleId` KIND with this registry's
  description as the rule descriptor.  `pycorral check --show-properties` lists every
  instrumented check (id, kind, location, message) without verifying.
* **SV-COMP**: each kind names the SV-COMP property it belongs to (`Kind.svcomp`:
  no-overflow; valid-deref / valid-free / valid-memtrack of valid-memsafety).

Kinds (id: CBMC's class; the SV-COMP property):
  division-by-zero    `/` `%` (C), udiv/sdiv/urem/srem (LLVM) by zero
  overflow            signed `+ - * /` (INT_MIN / -1), unary `-`, `<<` (C), nsw and
                      sdiv/srem (LLVM) leaving the type's range, a signed `<<` (LLVM:
                      clang's shift-base check, frontend/llvm/sanitizer_checks.py)
                                                                       (no-overflow)
  undefined-shift     shift amount negative or >= the width; `<<` of a negative value
  unsigned-overflow   unsigned `+ - *` and unary `-` wrapping (off by default, as in CBMC;
                      LLVM: clang's unsigned-integer-overflow check)
  conversion          an implicit integer conversion that changes the value: to a narrower
                      type, or across signedness (off by default; explicit casts are taken
                      as meant, unlike CBMC; LLVM: clang's implicit-conversion check)
  pointer_dereference a load/store through NULL, outside its object, or into a dead
                      object                                           (valid-deref)
  array_bounds        an indexed access outside its array: only as an assumption of
                      the search again after a native run stopped on undefined
                      behaviour (pycorral/ub_retry.py; C front end)   (valid-deref)
  precondition_instance  free of a pointer that is not the start of a live heap object
                      (not heap, not its start, freed before)          (valid-free)
  memory-leak         heap memory still allocated when main returns   (valid-memtrack)
  memory-cleanup      heap memory still allocated when the program terminates: main
                      returns or exit() is called (--memory-cleanup-check, as CBMC's)
                                                                       (valid-memcleanup)
  assertion           the program's own assertion (C: assert, reach_error); named only
                      under `--all-properties` (`number_assertions`)  (unreach-call)

All properties (`--all-properties`, verifier/all_properties.py): every assertion gets an
id -- a check its `{:property}` id, the program's own assertions `{:assertion "F.assertion.N"}`
(`number_assertions`) -- so that the failing one of a trace is known and can be blocked
(`block_check`: its assertion becomes an assumption) before searching again.
"""
from __future__ import annotations

from dataclasses import dataclass, fields, replace

from boogie.ast import (Assert, Assume, Attr, Block, Body, ImplementationDecl, Loc,
                        ProcedureDecl, Program, attr)

PROPERTY_ATTR = "property"
ASSERTION_ATTR = "assertion"     # {:assertion "F.assertion.N"}: a plain assertion's id

# the ghost globals of the memory checks' allocation map (frontend/memsafety.py):
# every check reads them, so the verifier's variable abstraction tracks them from the start
GHOST_GLOBALS = ("$Chunk", "$Size", "$State", "$HeapLive")


@dataclass(frozen=True, slots=True)
class Kind:
    """A property kind: `name` (the attribute's and SARIF's rule id), `cbmc` (CBMC's
    property class, the middle of an id `main.overflow.1`), `svcomp` (the SV-COMP
    property it violates, "" when none), `flag` (the `check` flag that turns it on) and
    a one-line description."""
    name: str
    cbmc: str
    svcomp: str
    flag: str
    description: str


KINDS: dict[str, Kind] = {k.name: k for k in (
    Kind("division-by-zero", "division-by-zero", "", "div_by_zero",
         "Integer division or remainder by zero."),
    Kind("float-division-by-zero", "division-by-zero", "", "float_div_by_zero",
         "Floating-point division by zero (defined in IEEE arithmetic: an infinity or "
         "NaN, often unintended; CBMC's --float-div-by-zero-check)."),
    Kind("overflow", "overflow", "no-overflow", "signed_overflow",
         "Signed arithmetic overflow (undefined behaviour in C)."),
    Kind("undefined-shift", "undefined-shift", "no-overflow", "signed_overflow",
         "A shift by a negative amount or by at least the width, or a left shift of a "
         "negative value or into the sign bit (undefined behaviour in C)."),
    Kind("unsigned-overflow", "overflow", "", "unsigned_overflow",
         "Unsigned arithmetic wraps around (defined in C, but often unintended)."),
    Kind("conversion", "overflow", "", "conversion",
         "An implicit integer conversion to a type that cannot represent the value "
         "(a narrower type, or a change of signedness)."),
    Kind("pointer_dereference", "pointer_dereference", "valid-deref", "pointer",
         "A memory access through NULL, outside its object, or into a freed or dead "
         "object."),
    Kind("array_bounds", "array_bounds", "valid-deref", "index",
         "An array access outside the array's bounds."),
    Kind("precondition_instance", "precondition_instance", "valid-free", "pointer",
         "free of a pointer that is not the start of a live heap object (not heap "
         "memory, inside an object, or freed before)."),
    Kind("memory-leak", "memory-leak", "valid-memtrack", "memory_leak",
         "Heap memory that is still allocated when the program ends."),
    Kind("memory-cleanup", "memory-cleanup", "valid-memcleanup", "memory_cleanup",
         "Heap memory that is still allocated when the program terminates (main returns "
         "or exit is called)."),
    Kind("assertion", "assertion", "unreach-call", "",
         "The program's own assertion (C: assert or a call of reach_error)."),
)}


@dataclass(frozen=True, slots=True)
class PropertyChecks:
    """Which checks the front ends instrument (CBMC's flags; all off by default)."""
    bounds: bool = False              # --bounds-check
    pointer: bool = False             # --pointer-check (dereference and free)
    memory_leak: bool = False         # --memory-leak-check
    memory_cleanup: bool = False      # --memory-cleanup-check (also at exit())
    signed_overflow: bool = False     # --signed-overflow-check (with undefined shifts)
    div_by_zero: bool = False         # --div-by-zero-check
    float_div_by_zero: bool = False   # --float-div-by-zero-check
    unsigned_overflow: bool = False   # --unsigned-overflow-check
    conversion: bool = False          # --conversion-check
    # no flag: an index of an array (of known length > 1) inside its length -- instrumented
    # only as an assumption, by the search again after a native run stopped on undefined
    # behaviour (pycorral/ub_retry.py): C front end
    index: bool = False

    @staticmethod
    def memory_safety() -> "PropertyChecks":
        """--memory-safety: bounds, pointer and leak checks (SMACK's memory-safety)."""
        return PropertyChecks(bounds=True, pointer=True, memory_leak=True)

    def union(self, other: "PropertyChecks") -> "PropertyChecks":
        return PropertyChecks(**{f.name: getattr(self, f.name) or getattr(other, f.name)
                                 for f in fields(self)})

    @property
    def any(self) -> bool:
        return any(getattr(self, f.name) for f in fields(self))

    @property
    def memory(self) -> bool:
        """Some memory check is on (the allocation map is needed)."""
        return self.bounds or self.pointer or self.memory_leak or self.memory_cleanup

    def enabled(self, kind: str) -> bool:
        flag = KINDS[kind].flag
        return not flag or bool(getattr(self, flag))     # "": the program's own, always

    def names(self) -> tuple[str, ...]:
        """The switches that are on, as their flags' names (for messages and JSON)."""
        return tuple(f.name for f in fields(self) if getattr(self, f.name))


NO_CHECKS = PropertyChecks()


def property_attr(kind: str, message: str) -> Attr:
    """The attribute of a check of `kind` (an id is added by `number_properties`)."""
    assert kind in KINDS, f"unknown property kind {kind}"
    return Attr(PROPERTY_ATTR, (kind, message))


def check(e, kind: str, message: str, loc: Loc) -> Assert:
    """The assertion of one check."""
    return Assert(e, (property_attr(kind, message),), loc=loc)


@dataclass(frozen=True, slots=True)
class PropertySite:
    """One instrumented check: its CBMC-style id, kind, message and source location."""
    id: str
    kind: str
    message: str
    file: str
    line: int
    col: int
    procedure: str

    def to_json(self) -> dict:
        return {"id": self.id, "kind": self.kind, "message": self.message,
                "file": self.file, "line": self.line, "col": self.col,
                "function": self.procedure}


def property_of(attrs) -> tuple[str, str, str] | None:
    """(kind, message, id) of a check's `{:property}` attribute, or None."""
    a = attr(attrs, PROPERTY_ATTR)
    if a is None or len(a.args) < 2 or not all(isinstance(x, str) for x in a.args):
        return None
    return a.args[0], a.args[1], a.args[2] if len(a.args) > 2 else ""


def number_properties(prog: Program) -> Program:
    """Turns each check's `{:property KIND, MSG}` into `{:property KIND, MSG, ID}` with
    CBMC's id `F.CLASS.N` (numbered per procedure and class in block order).  A program
    without checks is returned as is."""
    decls = []
    changed = False
    for d in prog.decls:
        if isinstance(d, (ProcedureDecl, ImplementationDecl)) and d.body is not None:
            body = _number_body(d.name, d.body)
            if body is not d.body:
                d, changed = replace(d, body=body), True
        decls.append(d)
    return replace(prog, decls=tuple(decls)) if changed else prog


def _number_body(proc: str, body: Body) -> Body:
    counts: dict[str, int] = {}
    blocks: list[Block] = []
    changed = False
    for b in body.blocks:
        cmds = []
        for c in b.cmds:
            p = property_of(c.attrs) if isinstance(c, Assert) else None
            if p is not None and not p[2]:
                cls = KINDS[p[0]].cbmc
                counts[cls] = counts.get(cls, 0) + 1
                a = Attr(PROPERTY_ATTR, (p[0], p[1], f"{proc}.{cls}.{counts[cls]}"))
                c = replace(c, attrs=tuple(a if x.name == PROPERTY_ATTR else x
                                           for x in c.attrs))
                changed = True
            cmds.append(c)
        blocks.append(replace(b, cmds=tuple(cmds)) if changed else b)
    return replace(body, blocks=tuple(blocks)) if changed else body


def property_sites(prog: Program) -> list[PropertySite]:
    """Every instrumented check of a numbered program (and, after `number_assertions`,
    every plain assertion), in declaration and block order."""
    out = []
    for d in prog.decls:
        if not isinstance(d, (ProcedureDecl, ImplementationDecl)) or d.body is None:
            continue
        for b in d.body.blocks:
            for c in b.cmds:
                if not isinstance(c, Assert):
                    continue
                p = property_of(c.attrs) or _assertion_of(c)
                if p is not None:
                    f, ln, col = source_loc(c)
                    out.append(PropertySite(p[2], p[0], p[1], f, ln, col, d.name))
    return out


def source_loc(c) -> tuple[str, int, int]:
    """A command's C location: its `{:sourceloc F, L, C}` when it has one, else `loc`."""
    a = attr(c.attrs, "sourceloc")
    if a is not None and len(a.args) >= 2 and isinstance(a.args[0], str) and \
            all(isinstance(x, int) for x in a.args[1:3]):
        return a.args[0], a.args[1], a.args[2] if len(a.args) > 2 else 0
    return c.loc.file, c.loc.line, c.loc.col


def _assertion_of(c: Assert) -> tuple[str, str, str] | None:
    a = attr(c.attrs, ASSERTION_ATTR)
    if a is None or not a.args or not isinstance(a.args[0], str):
        return None
    return "assertion", _assertion_message(c), a.args[0]


def _assertion_message(c: Assert) -> str:
    err = attr(c.attrs, "error")
    if err is not None and err.args and isinstance(err.args[0], str):
        return f"{err.args[0]} called"
    rule = attr(c.attrs, "rule")
    if rule is not None and len(rule.args) >= 2:
        return f"rule {rule.args[0]}: {rule.args[1]}"
    return "assertion"


def check_id(attrs) -> str:
    """The id of an assertion: its `{:property}` id or its `{:assertion}` id ("": none)."""
    p = property_of(attrs)
    if p is not None:
        return p[2]
    a = attr(attrs, ASSERTION_ATTR)
    return a.args[0] if a is not None and a.args and isinstance(a.args[0], str) else ""


def number_assertions(prog: Program) -> Program:
    """Turns each assertion without an id (the program's own: C's assert and reach_error,
    a Boogie program's asserts, a rule's) into one with `{:assertion "F.assertion.N"}`,
    numbered per procedure in block order, as CBMC names them."""
    return _map_asserts(prog, _name_assertions)


def _name_assertions(proc: str, cmds: list, counter: list[int]) -> list:
    out = []
    for c in cmds:
        if isinstance(c, Assert) and not check_id(c.attrs):
            counter[0] += 1
            c = replace(c, attrs=c.attrs + (Attr(ASSERTION_ATTR,
                                                 (f"{proc}.assertion.{counter[0]}",)),))
        out.append(c)
    return out


def block_check(prog: Program, ident: str) -> Program:
    """Turns the assertion with id `ident` into an assumption (CBMC's --all-properties: a
    property found failing is assumed afterwards, so that the next search looks for another
    one on the executions where it holds).  Only the source location is kept."""
    def rewrite(proc, cmds, counter):
        return [_assumed(c) if isinstance(c, Assert) and check_id(c.attrs) == ident else c
                for c in cmds]
    return _map_asserts(prog, rewrite)


@dataclass(frozen=True, slots=True)
class AssumedChecks:
    """Checks instrumented as assumptions: those of the `switches` (PropertyChecks field
    names), only on the source `lines` when some are given.  Empty: none."""
    switches: frozenset[str] = frozenset()
    lines: frozenset[int] = frozenset()

    def __bool__(self) -> bool:
        return bool(self.switches)


NO_ASSUMED = AssumedChecks()


def assume_checks(prog: Program, flags: frozenset[str],
                  lines: frozenset[int] = frozenset()) -> Program:
    """Turns every check whose kind is switched on by one of `flags` (PropertyChecks
    field names: "bounds", "pointer", ...) into an assumption -- when `lines` are given,
    those on these lines of the source, and the others of these kinds are dropped: the
    search then looks only at executions free of the undefined behaviour those checks
    describe (there).  Used when a trace ran into such behaviour natively
    (pycorral/ub_retry.py, which switches on only checks the run did not ask for);
    never for a proof."""
    def rewrite(proc, cmds, counter):
        out = []
        for c in cmds:
            p = property_of(c.attrs) if isinstance(c, Assert) else None
            if p is not None and p[0] in KINDS and KINDS[p[0]].flag in flags:
                if lines and c.loc.line not in lines:
                    continue
                c = _assumed(c)
            out.append(c)
        return out
    return _map_asserts(prog, rewrite) if flags else prog


def _assumed(c: Assert) -> Assume:
    """The assertion `c` as an assumption; only its source location is kept."""
    return Assume(c.expr, tuple(a for a in c.attrs if a.name == "sourceloc"), loc=c.loc)


def _map_asserts(prog: Program, rewrite) -> Program:
    decls = []
    for d in prog.decls:
        if isinstance(d, (ProcedureDecl, ImplementationDecl)) and d.body is not None:
            counter = [0]
            blocks = tuple(replace(b, cmds=tuple(rewrite(d.name, list(b.cmds), counter)))
                           for b in d.body.blocks)
            d = replace(d, body=replace(d.body, blocks=blocks))
        decls.append(d)
    return replace(prog, decls=tuple(decls))


# `pycorral check` flags -> PropertyChecks fields (pycorral/property_options.py)
FLAG_FIELDS = {"bounds_check": "bounds", "pointer_check": "pointer",
               "memory_leak_check": "memory_leak", "memory_cleanup_check": "memory_cleanup",
               "signed_overflow_check": "signed_overflow",
               "div_by_zero_check": "div_by_zero",
               "float_div_by_zero_check": "float_div_by_zero",
               "unsigned_overflow_check": "unsigned_overflow",
               "conversion_check": "conversion"}


def checks_from_params(params) -> PropertyChecks:
    """The checks `pycorral check`'s parameters ask for (absent ones are off)."""
    checks = PropertyChecks(**{f: bool(params.get(p)) for p, f in FLAG_FIELDS.items()})
    if params.get("memory_safety"):
        checks = checks.union(PropertyChecks.memory_safety())
    return checks
