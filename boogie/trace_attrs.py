"""The trace vocabulary: attributes a front end puts on Boogie commands and procedures so that
a bug trace can be told in the source language (verifier/ctrace.py reads them).

This module is the one place that documents them (as CBMC documents its instruction set in
one header); front ends build them with the constructors below, the verifier reads them
with `trace_attr`.  A program without any of them (a `.bpl` input) gets a Boogie-level trace.

Commands.  Expression arguments are evaluated in the state *before* the command (so the
value of `m[a] := v` is `v`, and a hole reading memory the command overwrites still shows
the old contents); `vc.py` translates them with the command and keeps their terms.

  {:cassign "lvalue", "tag", value, hole...}
      the command writes `value` into the C lvalue; each `{tag}` in the lvalue text is
      filled with the value of the next hole expression (array indices), read by the tag.
      Without `value` (a `havoc`), the value is the target's after the command.
  {:cstore "tag", addr, value}
      the command writes `value` at address `addr`; the trace names the place from the
      objects it knows (`heap1.val`, `arr[+8]`).  For stores whose lvalue the front end
      cannot spell.
  {:cbranch "kind", "condition", "outcome"}
      on the `assume` that starts a branch edge: the C construct ("if", "while", "for",
      "do", "switch", "?:", "&&", "||"), its condition as C text ("" when unknown: the
      trace shows the source line), and the edge taken ("true", "false", "case 3",
      "default").
  {:cobject "name", "kind", size}
      the command's first target receives the base address of a new object of `size`
      bytes: kind "local" (a C variable), "copy" (a temporary copy of a struct value),
      else the allocating function ("malloc", "calloc", "alloca", ...: a heap block,
      name "", numbered heap1, heap2, ... by the trace).
  {:cinit}
      the entry's prologue: initialisers of globals and string literals (not shown).

Procedures.
  {:cfunction "name", "return tag", "param", "tag", ...}
      a C function with the C names and tags of its formals, in order.
  {:clibrary}
      a library model written in C (pycorral_libc.c): the compact trace shows its calls,
      not its steps.
  {:cglobal "name", addr, size}   (on the entry procedure, one per object)
      a global object at a fixed address (arrays, structs, address-taken scalars, string
      literals, functions).

Tags say how a value reads in C: "s8".."s128" signed, "u8".."u128" unsigned, "p" pointer,
"b" boolean, "" anything else (printed as the model gives it).
"""
from __future__ import annotations

from .ast import Attr, Attrs, Expr, IntLit, attr

ASSIGN = "cassign"
STORE = "cstore"
BRANCH = "cbranch"
OBJECT = "cobject"
INIT = "cinit"
FUNCTION = "cfunction"
LIBRARY = "clibrary"
GLOBAL = "cglobal"

COMMAND_ATTRS = frozenset({ASSIGN, STORE, BRANCH, OBJECT, INIT})
# the command attributes whose expression arguments the verifier evaluates
VALUE_ATTRS = frozenset({ASSIGN, STORE, OBJECT})


def assign(lvalue: str, tag: str, value: Expr | None = None,
           holes: tuple[Expr, ...] = ()) -> Attr:
    assert value is not None or not holes, "holes need a value"
    return Attr(ASSIGN, (lvalue, tag) + ((value,) + tuple(holes) if value is not None else ()))


def store(tag: str, addr: Expr, value: Expr) -> Attr:
    return Attr(STORE, (tag, addr, value))


def branch(kind: str, cond: str, outcome: str) -> Attr:
    return Attr(BRANCH, (kind, cond, outcome))


def obj(name: str, kind: str, size: Expr | int) -> Attr:
    return Attr(OBJECT, (name, kind, IntLit(size) if isinstance(size, int) else size))


def init() -> Attr:
    return Attr(INIT)


def function(name: str, ret_tag: str, params: tuple[tuple[str, str], ...]) -> Attr:
    return Attr(FUNCTION, (name, ret_tag) + tuple(x for p in params for x in p))


def library() -> Attr:
    return Attr(LIBRARY)


def global_object(name: str, addr: int, size: int) -> Attr:
    return Attr(GLOBAL, (name, IntLit(addr), IntLit(size)))


def trace_attr(attrs: Attrs) -> Attr | None:
    """The command's trace attribute (one per command), or None."""
    for a in attrs:
        if a.name in COMMAND_ATTRS:
            return a
    return None


def value_exprs(attrs: Attrs) -> tuple[Expr, ...]:
    """The expression arguments the verifier evaluates for a command (see VALUE_ATTRS)."""
    for a in attrs:
        if a.name in VALUE_ATTRS:
            return tuple(x for x in a.args if isinstance(x, Expr))
    return ()


def has(attrs: Attrs, name: str) -> bool:
    return attr(attrs, name) is not None
