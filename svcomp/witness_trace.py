"""Turns a verifier trace of a C program into the source-level facts a witness states.

Role: the one place that reads `verifier.result.Trace` for witnesses (GraphML and YAML
writers both use it).  Output: a `ViolationPath` of
- `inputs`: the values returned by `__VERIFIER_nondet_*` (and other undefined functions)
  along the path, in execution order, each as a C integer of the call's type (a bitvector
  model value "4294967291bv32" of an `int` call becomes -5), with the called function's name
  and the call's position (line, the column of the callee's name and of the call's closing
  parenthesis, read from the source text);
- `calls`: entries into and returns from C functions, in order, interleaved with the inputs
  (loop procedures and the verifier's wrapper are left out);
- `target`: where the error function is called (the last source location of the path).
Both come from the trace's source-level steps (verifier/ctrace.py: calls, returns and
values in execution order, the failing check) when it has them; a trace without them (read
back from an old JSON) is placed by the heuristics of `_interleave` and `_target`.
Choices that are not the result of a call (e.g. "calloc fails") carry no function and are
left out of witnesses by the writers.
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

from verifier.ctrace import Enter, Fail, Leave, Nondet
from verifier.result import NondetChoice, Trace

_LOOP_PROC = re.compile(r"^(.*?)_loop_\$")
_IDENT = re.compile(r"[A-Za-z_]\w*")
_WRAPPER_PREFIX = "pycorral_"


@dataclass(frozen=True, slots=True)
class NondetInput:
    """One value a call returned on the path."""
    file: str
    line: int
    col: int                 # column of the callee's name (1-based; 0 if unknown)
    end_col: int             # column of the call's closing parenthesis (0 if unknown)
    function: str | None     # the called function, None if the choice is not a call result
    scope: str               # the C function containing the call
    proc: str                # the Boogie procedure (a loop procedure for a loop body)
    ctype: str               # the C type of the value ("int", "unsigned char", ...)
    value: int               # the value as a C integer of `ctype`


@dataclass(frozen=True, slots=True)
class CallEvent:
    """Entering (`kind` "enter") or leaving ("return") a C function; `line` is the call's."""
    kind: str
    function: str
    file: str
    line: int


@dataclass(frozen=True, slots=True)
class Target:
    file: str
    line: int
    col: int
    function: str            # the C function in which the error function is called


@dataclass(frozen=True, slots=True)
class ViolationPath:
    inputs: tuple[NondetInput, ...]
    events: tuple[CallEvent | NondetInput, ...]   # calls and inputs in path order
    target: Target | None


def c_function(proc: str) -> str:
    """The C function of a Boogie procedure (a loop extracted as `f_loop_$k` belongs to f)."""
    m = _LOOP_PROC.match(proc)
    return m.group(1) if m else proc


# ----------------------------------------------------------------------------- values

_UNSIGNED_WORDS = ("unsigned", "_Bool", "bool", "size_t", "uintptr_t", "pointer", "*")
_LLVM_UNSIGNED = re.compile(r"^u(char|short|int|long|longlong|8|16|32|64|128)?$|^(bool|pointer"
                            r"|size_t|u\w+)$")


def is_unsigned(ctype: str) -> bool:
    """Whether a C type name (front end spelling or LLVM-ish suffix) is unsigned."""
    t = ctype.strip()
    if any(w in t for w in _UNSIGNED_WORDS):
        return True
    return bool(_LLVM_UNSIGNED.match(t))


def c_value(value: str, ctype: str) -> int:
    """A model value as an integer of the C type: "4294967291bv32" of int is -5; an int
    encoding value is already in range; booleans are 0/1."""
    v = value.strip()
    if v in ("true", "false"):
        return int(v == "true")
    m = re.fullmatch(r"(-?\d+)bv(\d+)", v)
    if m:
        n, width = int(m.group(1)), int(m.group(2))
        n %= 1 << width
        if not is_unsigned(ctype) and n >= 1 << (width - 1):
            n -= 1 << width
        return n
    m = re.fullmatch(r"\(?\s*-\s*(\d+)\s*\)?", v)       # "(- 5)" as an SMT printer writes it
    if m:
        return -int(m.group(1))
    return int(v)


# ----------------------------------------------------------------------------- source text

class Sources:
    """The lines of the program's files, read once (positions of calls are found in them)."""

    def __init__(self) -> None:
        self._lines: dict[str, list[str]] = {}

    def line(self, file: str, line: int) -> str:
        if file not in self._lines:
            try:
                self._lines[file] = Path(file).read_text(encoding="utf-8",
                                                         errors="replace").splitlines()
            except OSError:
                self._lines[file] = []
        lines = self._lines[file]
        return lines[line - 1] if 0 < line <= len(lines) else ""

    def callee_at(self, file: str, line: int, col: int) -> tuple[str | None, int]:
        """The identifier called at (line, col) and the column of the call's closing
        parenthesis (same line only), or (None, 0)."""
        text = self.line(file, line)
        if not text or col <= 0:
            return None, 0
        m = _IDENT.match(text, col - 1)
        if not m:
            return None, 0
        i = m.end()
        while i < len(text) and text[i] in " \t":
            i += 1
        if i >= len(text) or text[i] != "(":
            return None, 0
        depth = 0
        for j in range(i, len(text)):
            if text[j] == "(":
                depth += 1
            elif text[j] == ")":
                depth -= 1
                if depth == 0:
                    return m.group(0), j + 1
        return m.group(0), 0

    def call_column(self, file: str, line: int, name: str) -> int:
        """The column of the first call of `name` on the line (0 if none)."""
        m = re.search(r"\b" + re.escape(name) + r"\s*\(", self.line(file, line))
        return m.start() + 1 if m else 0


def sha256_of(path: str) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


# ----------------------------------------------------------------------------- the path

def _called_type(what: str) -> tuple[str, str | None]:
    """The C type and the named function of a choice's `what` ("int from rand")."""
    if " from " in what:
        t, f = what.split(" from ", 1)
        return t.strip(), f.strip().split("(")[0] or None
    return what.strip(), None


def nondet_input(choice: NondetChoice, sources: Sources) -> NondetInput:
    ctype, named = _called_type(choice.what)
    callee, end_col = sources.callee_at(choice.file, choice.line, choice.col)
    function = callee or named
    try:
        value = c_value(choice.value, ctype)
    except ValueError:
        value = 0
        function = None       # not an integer: no witness statement about it
    return NondetInput(choice.file, choice.line, choice.col, end_col, function,
                       c_function(choice.proc), choice.proc, ctype, value)


def violation_path(trace: Trace, error_function: str = "reach_error") -> ViolationPath:
    sources = Sources()
    inputs = tuple(nondet_input(c, sources) for c in trace.nondet)
    v = trace.violation
    if v is not None and v.kind == "property" and v.line > 0 and v.file:
        # an instrumented check (no-overflow, memory safety): the target is the check
        events = None
        if trace.source is not None and trace.source.language == "c" and \
                not trace.source.threads:
            events = _source_events(trace, inputs)
        proc = trace.steps[v.step].proc if 0 <= v.step < len(trace.steps) else \
            next((s.proc for s in reversed(trace.steps) if s.line > 0), "")
        return ViolationPath(inputs, events if events is not None else
                             _interleave(trace, inputs, sources),
                             Target(v.file, v.line, v.col, c_function(proc)))
    if trace.source is not None and trace.source.language == "c" and \
            not trace.source.threads:
        # the source-level trace has calls, returns and inputs in execution order (a
        # concurrent program's is in schedule order: its calls do not nest)
        events = _source_events(trace, inputs)
        target = _source_target(trace, sources, error_function)
        if events is not None and target is not None:
            return ViolationPath(inputs, events, target)
    events = _interleave(trace, inputs, sources)
    target = _target(trace, sources, error_function)
    return ViolationPath(inputs, events, target)


def _source_events(trace: Trace, inputs: tuple[NondetInput, ...]
                   ) -> tuple[CallEvent | NondetInput, ...] | None:
    """Calls of C functions (not the entry) and inputs, in the source trace's order: its
    Nondet steps are the trace's choices one for one (both come from the same walk);
    a return is located at its call.  None when they do not line up."""
    assert trace.source is not None
    out: list[CallEvent | NondetInput] = []
    pending = list(inputs)
    calls: list[tuple[str, int] | None] = []
    for s in trace.source.steps:
        if isinstance(s, Nondet):
            if not pending:
                return None
            out.append(pending.pop(0))
        elif isinstance(s, Enter):
            if s.depth == 0 or not s.inlined:
                calls.append(None)                 # the entry function
                continue
            calls.append((s.file, s.line))
            out.append(CallEvent("enter", s.function, s.file, s.line))
        elif isinstance(s, Leave):
            site = calls.pop() if calls else None
            if site is not None:
                out.append(CallEvent("return", s.function, site[0], site[1]))
    if pending:
        return None
    return tuple(out)


def _source_target(trace: Trace, sources: Sources, error_function: str) -> Target | None:
    """The failing check of the source trace: the error function's call on its line."""
    assert trace.source is not None
    fail = next((s for s in reversed(trace.source.steps) if isinstance(s, Fail)), None)
    if fail is None or fail.line <= 0 or not fail.file:
        return None
    col = sources.call_column(fail.file, fail.line, error_function)
    return Target(fail.file, fail.line, col or fail.col, c_function(fail.proc))


def _target(trace: Trace, sources: Sources, error_function: str) -> Target | None:
    """Where the error function is called: the last block of the path starts at or before
    that call (a block can span a condition and the call in its branch), so the first call
    of the error function from that block's line on (declarations skipped), else the
    block's own location."""
    for s in reversed(trace.steps):
        if s.kind == "block" and s.line > 0 and s.file:
            for ln in range(s.line, s.line + _TARGET_LOOKAHEAD):
                text = sources.line(s.file, ln)
                if _DECLARATION.match(text) or not sources.call_column(s.file, ln,
                                                                       error_function):
                    continue
                return Target(s.file, ln, sources.call_column(s.file, ln, error_function),
                              c_function(s.proc))
            return Target(s.file, s.line, s.col, c_function(s.proc))
    return None


_TARGET_LOOKAHEAD = 50
_DECLARATION = re.compile(r"^\s*(extern\s+)?(static\s+)?(void|int)\s+\w+\s*\(")


def _interleave(trace: Trace, inputs: tuple[NondetInput, ...],
                sources: Sources) -> tuple[CallEvent | NondetInput, ...]:
    """Calls of C functions and inputs in path order.  The trace lists the inputs of a
    block when the block is entered, but not which block: an input goes with the next
    block of its procedure that starts on its line (statement-sized blocks, as the C front
    end makes them); if that does not place every input, with the next block of its
    procedure unless the run of blocks ends in a call of a C function on an earlier line
    (LLVM basic blocks).  A block takes one input per call position (line, column).
    Either way the inputs keep their order."""
    exact = _placed(trace, inputs, sources, exact=True)
    if exact is not None:
        return exact
    placed = _placed(trace, inputs, sources, exact=False)
    assert placed is not None, "the loose placement places every input"
    return placed


def _placed(trace: Trace, inputs: tuple[NondetInput, ...], sources: Sources,
            exact: bool) -> tuple[CallEvent | NondetInput, ...] | None:
    out: list[CallEvent | NondetInput] = []
    pending = list(inputs)
    steps = trace.steps
    for i, s in enumerate(steps):
        if s.kind == "block":
            taken: set[tuple[int, int]] = set()   # a call runs once per block execution

            def fits(inp: NondetInput) -> bool:
                return inp.proc == s.proc and (inp.line, inp.col) not in taken

            if exact:
                while pending and fits(pending[0]) and pending[0].line == s.line:
                    taken.add((pending[0].line, pending[0].col))
                    out.append(pending.pop(0))
                continue
            nxt = next((t for t in steps[i + 1:] if t.kind != "block"), None)
            limit = nxt.line if nxt is not None and nxt.kind == "call" and nxt.line \
                and c_function(nxt.proc) == nxt.proc else None
            while pending and fits(pending[0]) and (limit is None or pending[0].line <= limit):
                taken.add((pending[0].line, pending[0].col))
                out.append(pending.pop(0))
        elif s.kind in ("call", "return"):
            if s.depth <= 1 or s.proc.startswith(_WRAPPER_PREFIX) \
                    or c_function(s.proc) != s.proc:
                continue      # the entry function (called by the wrapper) or a loop
            if not s.file or not sources.call_column(s.file, s.line, s.proc):
                continue      # not a C call written on that line
            out.append(CallEvent("enter" if s.kind == "call" else "return", s.proc,
                                 s.file, s.line))
    if pending and exact:
        return None
    out.extend(pending)
    return tuple(out)
