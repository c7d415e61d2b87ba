"""A bug trace told in the source language: the step types, and how values read in C.

Role: the model of the trace people read (`render.py`, text), tools read (`--json`, SARIF code
flows in `sarif.py`) and witnesses are written from (`svcomp/witness_trace.py`).  Built by
`ctrace_build.py` from the model of a bug (the verifier's `Event`s, the front ends' trace
attributes, boogie/trace_attrs.py); kept next to the Boogie-level `result.Trace.steps`,
which the refinement and the replay read.

Steps are in strict execution order: a value appears at the command that produces it, a call
splits its caller's block, the trace ends at the failing check.  `language` is "c" for a
program from a C front end (C names and values, loops as iterations of the C loop) and
"boogie" for a `.bpl` input (its blocks, variables and procedures, as its users read them).

Each step has the C call depth (plus one per enclosing loop) and its source location; `full`
steps (statements executed, the insides of library models, allocations of locals) are shown
only with `--trace full`.

A concurrent program's trace (`SourceTrace.threads` not empty, ctrace_threads.py) has each
step's `thread` (1 = the entry's, then 2, 3... in creation order) and `round` (the execution
context it ran in), its steps in the order the threads really ran, `Spawn` and `Join` steps,
and each thread's depths counted from its start routine.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, fields
from typing import Any

from frontend.floatenc import c_text


@dataclass(frozen=True, slots=True, kw_only=True)
class Step:
    depth: int
    proc: str = ""               # the Boogie procedure (a C function, a loop procedure)
    file: str = ""
    line: int = 0
    col: int = 0
    full: bool = False           # shown with --trace full only
    thread: int = 0              # concurrent programs: the thread that ran it (0: none)
    round: int = 0               # concurrent programs: the execution context (round) it ran in

    @property
    def kind(self) -> str:
        return type(self).__name__.lower()

    def to_json(self) -> dict[str, Any]:
        d = {"kind": self.kind}
        for f in fields(self):
            v = getattr(self, f.name)
            if f.name in ("thread", "round") and not self.thread:
                continue                # a sequential program's steps have no thread
            d[f.name] = [list(x) for x in v] if f.name in ("args", "values") else v
        return d


@dataclass(frozen=True, slots=True, kw_only=True)
class Enter(Step):
    """A call of `function` with its arguments (parameter name, value)."""
    function: str
    args: tuple[tuple[str, str], ...] = ()
    inlined: bool = True         # False: the call site was not inlined (its effect havocked)


@dataclass(frozen=True, slots=True, kw_only=True)
class Leave(Step):
    """`function` returns (`value` "" for void)."""
    function: str
    value: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Assign(Step):
    """A write of `value` to the C lvalue `lvalue` (a Boogie variable for .bpl input)."""
    lvalue: str
    value: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Decide(Step):
    """A branch taken: the construct (if, while, for, do, switch, ...), its condition
    ("" when the front end did not spell it: the source line says it), the outcome
    ("true", "false", "case 3", "default"), and a note ("loop ends after 3
    iterations")."""
    construct: str
    cond: str
    outcome: str
    note: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Nondet(Step):
    """A nondeterministic value: `what` is the function whose result it is
    (`__VERIFIER_nondet_int`) or the front end's description, `ctype` the C type."""
    what: str
    ctype: str
    value: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Iteration(Step):
    """Iteration `n` of the loop at the step's location begins; `construct`/`cond` are the
    loop test that let it begin ("" when the loop has no test at its head, e.g. do-while)."""
    n: int
    construct: str = ""
    cond: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Alloc(Step):
    """A new object: `name` (heap objects are numbered heap1, heap2, ...), its size in
    bytes and how it was made (local, copy, or the allocating function: malloc, ...)."""
    name: str
    size: str
    how: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Statement(Step):
    """A statement starts at the step's location (its text is the source's)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Block(Step):
    """(Boogie input) block `label` runs; `values` are the assignments of this stretch of
    it, in command order; `continued`: the stretch after a call returned."""
    label: str
    values: tuple[tuple[str, str], ...] = ()
    continued: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Fail(Step):
    """The failing check (`text` from the front end, else the source line says it);
    `violation`: what it violates when it is not the program's own assertion ("rule
    spinlock violated: lock acquired twice")."""
    text: str = ""
    violation: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Spawn(Step):
    """The step's thread creates thread `child` (`name`: its start routine)."""
    child: int
    name: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Join(Step):
    """The step's thread waits until thread `child` (`name`: its start routine) has ended."""
    child: int
    name: str = ""


STEP_TYPES = (Enter, Leave, Assign, Decide, Nondet, Iteration, Alloc, Statement, Block, Fail,
              Spawn, Join)
_BY_KIND = {t.__name__.lower(): t for t in STEP_TYPES}


@dataclass(frozen=True, slots=True)
class SourceTrace:
    language: str                # "c" or "boogie"
    steps: tuple[Step, ...]
    threads: tuple[str, ...] = ()   # concurrent: thread n's name (its start routine) at n-1

    def thread_name(self, tid: int) -> str:
        return self.threads[tid - 1] if 0 < tid <= len(self.threads) else ""

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"language": self.language,
                             "steps": [s.to_json() for s in self.steps]}
        if self.threads:
            d["threads"] = list(self.threads)
        return d

    @staticmethod
    def from_json(doc: dict[str, Any]) -> "SourceTrace":
        steps = []
        for s in doc.get("steps", ()):
            s = dict(s)
            cls = _BY_KIND[s.pop("kind")]
            for k in ("args", "values"):
                if k in s:
                    s[k] = tuple(tuple(x) for x in s[k])
            steps.append(cls(**s))
        return SourceTrace(doc.get("language", "c"), tuple(steps),
                           tuple(doc.get("threads", ())))


# ----------------------------------------------------------------------------- values

_BV = re.compile(r"(-?\d+)bv(\d+)")
_SMT_NEG = re.compile(r"\(?\s*-\s*(\d+)\s*\)?")


def model_int(value: str) -> int | None:
    """A model value as an integer: "5", "-5", "(- 5)", "5bv32" (unsigned), true/false."""
    v = value.strip()
    if v in ("true", "True"):
        return 1
    if v in ("false", "False"):
        return 0
    m = _BV.fullmatch(v)
    if m:
        return int(m.group(1)) % (1 << int(m.group(2)))
    m = _SMT_NEG.fullmatch(v)
    if m and "-" in v:
        return -int(m.group(1))
    try:
        return int(v)
    except ValueError:
        return None


def tag_bits(tag: str) -> tuple[bool, int] | None:
    """("s32" -> (True, 32), "u8" -> (False, 8)); None for other tags."""
    if len(tag) > 1 and tag[0] in "su" and tag[1:].isdigit():
        return tag[0] == "s", int(tag[1:])
    return None


def int_of_tag(n: int, tag: str) -> int:
    """n read as an integer of the tag's type (two's complement for signed)."""
    sb = tag_bits(tag)
    if sb is None:
        return n
    signed, bits = sb
    n %= 1 << bits
    if signed and n >= 1 << (bits - 1):
        n -= 1 << bits
    return n


_UNSIGNED_WORDS = ("unsigned", "uchar", "ushort", "uint", "ulong", "size_t", "_Bool", "bool")


def nondet_value(value: str, what: str) -> str:
    """A bitvector model value (`4294967291bv32`) shown as the C value: two's complement
    for signed types (the type is the first word(s) of `what`), unsigned otherwise."""
    m = _BV.fullmatch(value.strip())
    if not m:
        return c_text(value) or value
    n, w = int(m.group(1)), int(m.group(2))
    ctype = what.split(" from ", 1)[0]
    signed = not any(word in ctype for word in _UNSIGNED_WORDS) and "*" not in ctype
    if signed and n >= 1 << (w - 1):
        n -= 1 << w
    return str(n)


@dataclass(slots=True)
class Obj:
    name: str
    base: int
    size: int
    how: str


class Objects:
    """The objects a trace knows (globals at fixed addresses, and the locals and heap
    blocks its allocations made), for reading pointers as `&obj` / `&obj[+offset]`."""

    def __init__(self, ptr_bits: int = 0) -> None:
        self.objs: list[Obj] = []
        self.heap = 0
        self.ptr_bits = ptr_bits

    def add(self, name: str, base: int, size: int, how: str) -> str:
        if how not in ("local", "copy", "global") or not name:
            self.heap += 1
            name = f"heap{self.heap}"
        self.objs.append(Obj(name, base, size, how))
        return name

    def find(self, addr: int) -> tuple[Obj, int] | None:
        """The object holding addr (the latest one made; one past the end counts)."""
        best = None
        for o in reversed(self.objs):
            if o.base <= addr < o.base + max(o.size, 1):
                return o, addr - o.base
            if best is None and addr == o.base + o.size and o.size > 0:
                best = (o, o.size)
        return best

    def pointer(self, addr: int) -> str:
        if addr == 0:
            return "NULL"
        hit = self.find(addr)
        if hit is None:
            return hex(addr) if addr > 0 else str(addr)
        o, off = hit
        return f"&{o.name}" if off == 0 else f"&{o.name}[+{off}]"

    def place(self, addr: int) -> str:
        """The lvalue at addr: `arr[+8]`, `heap1`, or `*0x7000` when no object holds it."""
        hit = self.find(addr)
        if hit is None or hit[1] >= max(hit[0].size, 1):
            return f"*{hex(addr) if addr >= 0 else addr}"
        o, off = hit
        return o.name if off == 0 else f"{o.name}[+{off}]"


def c_value(value: str, tag: str, objects: Objects | None = None) -> str:
    """A model value as C shows it, by the tag of its type (boogie/trace_attrs.py)."""
    n = model_int(value)
    if n is None:
        return c_text(value) or value
    if tag == "p":
        if objects is None:
            return str(n)
        if objects.ptr_bits and n < 0:
            n %= 1 << objects.ptr_bits
        return objects.pointer(n)
    if tag == "b":
        if value.strip() in ("true", "false", "True", "False"):
            return value.strip().lower()
        return str(n)
    if tag_bits(tag) is not None:
        return str(int_of_tag(n, tag))
    if value.strip() in ("true", "false", "True", "False"):
        return value.strip().lower()
    return str(n)
