"""Inline assembly as a sound unknown: what both front ends read from an asm statement.

Role: the shared vocabulary of the model of GNU inline assembly (`asm volatile ("..." :
outputs : inputs : clobbers)`, C front end: frontend/c/inline_asm.py) and of LLVM's inline
asm calls (`call T asm sideeffect "...", "=r,r,~{memory}"(...)`, LLVM front end:
frontend/llvm/inline_asm.py).  The template is never read: an asm statement is an unknown
piece of code whose effect on the program is bounded by its operands, as GCC's manual
("Extended Asm") requires of it:
- every output operand (`=` or `+`; LLVM: `=`, the result, and `=*`, written through a
  pointer argument) gets an arbitrary value of its type, from a `havoc {:nondet "T from
  asm"}` that traces, witnesses and native replay see;
- with a `"memory"` clobber (LLVM: `~{memory}`) the asm may read and write any memory its
  operands reach: it is modelled as a call of a function without a body (frontend/externs.py:
  the same maps/regions, the same `--extern-pure` convention), named `asm` in traces;
- otherwise it writes nothing the program can read (what it does to devices is no
  program state);
- an asm whose template is empty (white space only: the kernel's `barrier()`, `asm
  volatile("" ::: "memory")`) executes no instruction: it writes no memory whatever its
  clobbers say (they only restrain the compiler); its outputs are still havocked (a
  register output holds whatever the register held).
`asm goto` (jumps to C labels; LLVM's `callbr`) is unsupported.  File-scope `asm("...")`
defines symbols and sections and runs no code of its own, except through the start-up
sections a loader runs (`.init_array`, `.ctors`, ...): such a top-level asm is unsupported,
any other is ignored (a function it defines is a function without a body for the program).

The entry procedure records the count and the first location: `{:inline_asm N, "file:line:col"}`
(the command line's note and the `inline_asm` statistic read it: `asm_note`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace

from boogie.ast import Attr, IntLit, Loc, Program, ProcedureDecl, attr

ATTR = "inline_asm"           # entry attribute: (count, "file:line:col" of the first)
C_NAME = "asm"                # the C name of the procedure of a memory-clobbering asm
WHAT = "asm"                  # nondet choices are "T from asm"

# sections whose contents the loader runs before or after main
_STARTUP_SECTIONS = re.compile(r"\.(?:init_array|preinit_array|fini_array|ctors|dtors|init|"
                               r"fini)\b")


# ---------------------------------------------------------------------- GNU C constraints

def gnu_is_output(constraint: str) -> bool:
    """An output operand's constraint starts with `=` or `+` (GCC's constraint modifiers;
    `+` is read and written)."""
    c = constraint.lstrip()
    return c.startswith(("=", "+"))


def gnu_clobbers_memory(clobbers: list[str]) -> bool:
    return any(c.strip() == "memory" for c in clobbers)


def no_instructions(template: str) -> bool:
    """Whether an asm template is empty (white space only): the asm executes nothing."""
    return not template.strip()


def runs_at_startup(template: str) -> bool:
    """Whether a file-scope asm's text places something in a section the loader runs."""
    return _STARTUP_SECTIONS.search(template) is not None


# ---------------------------------------------------------------------- LLVM constraints

@dataclass(frozen=True, slots=True)
class LlvmConstraints:
    """An LLVM inline asm constraint string, read (LangRef, "Inline Asm Constraint
    String"): `direct` outputs (the call's result: one value, or a struct of them),
    the argument indices written through (`=*` indirect outputs), read through (`*`
    indirect inputs), whether memory is clobbered (`~{memory}`), and label operands
    (`!i`: asm goto, only in `callbr`)."""
    direct: int
    written: tuple[int, ...]
    read: tuple[int, ...]
    arguments: int
    memory: bool
    labels: int


def split_constraints(text: str) -> list[str]:
    """The comma-separated codes of a constraint string (commas inside `{...}` are part
    of a register name)."""
    out, cur, depth = [], [], 0
    for ch in text:
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth = max(0, depth - 1)
        if ch == "," and depth == 0:
            out.append("".join(cur).strip())
            cur = []
        else:
            cur.append(ch)
    if cur or out:
        out.append("".join(cur).strip())
    return [c for c in out if c]


def parse_llvm_constraints(text: str) -> LlvmConstraints:
    """Read a constraint string.  Each code is an output (`=`, then `*` for an indirect
    one, `&` early clobber), an input (a digit ties it to an output; `*` reads through a
    pointer), a clobber (`~{reg}`) or a label (`!i`).  Indirect outputs and inputs take
    the call's arguments in order; direct outputs make its result."""
    direct = arguments = labels = 0
    written: list[int] = []
    read: list[int] = []
    memory = False
    for code in split_constraints(text):
        if code.startswith("~"):
            if code[1:].strip().lower() == "{memory}":
                memory = True
            continue
        if code.startswith("!"):
            labels += 1
            continue
        if code.startswith("="):
            rest = code[1:].lstrip("&")
            if rest.startswith("*"):
                written.append(arguments)
                arguments += 1
            else:
                direct += 1
            continue
        if code.lstrip("&").startswith("*"):
            read.append(arguments)
        arguments += 1
    return LlvmConstraints(direct, tuple(written), tuple(read), arguments, memory, labels)


# ---------------------------------------------------------------------- the entry's record

def mark_entry(prog: Program, count: int, first: Loc | None) -> Program:
    """`prog` with `{:inline_asm count, "file:line:col"}` on its entry procedure."""
    if not count or first is None:
        return prog
    mark = Attr(ATTR, (IntLit(count), f"{first.file}:{first.line}:{first.col}"))
    decls = tuple(replace(x, attrs=x.attrs + (mark,))
                  if isinstance(x, ProcedureDecl) and any(a.name == "entrypoint"
                                                          for a in x.attrs) else x
                  for x in prog.decls)
    return replace(prog, decls=decls)


def asm_record(prog: Program, entry: str) -> tuple[int, str] | None:
    """(count, location of the first) of the asm statements the front end modelled."""
    proc = prog.procedures().get(entry)
    a = attr(proc.attrs, ATTR) if proc is not None else None
    if a is None or len(a.args) != 2 or not isinstance(a.args[0], IntLit):
        return None
    return a.args[0].value, str(a.args[1])


def asm_note(count: int, where: str) -> str:
    """The one-line note the command line prints (unless --quiet)."""
    what = "statement" if count == 1 else "statements"
    return (f"note: {count} inline assembly {what} modelled as unknown code (outputs "
            f"arbitrary; a \"memory\" clobber havocs what a function without a body may "
            f"write), the first at {where}")
