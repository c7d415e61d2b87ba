"""Warns where the order in which a call's arguments are evaluated can change what the
program does (clang's -Wunsequenced, and the calls it does not look into).

Role: a check of the C front end over the parsed files, before translation; it changes
nothing in the translation.  C leaves the order of a call's arguments unspecified (C11
6.5.2.2p10): both front ends evaluate them left to right (README), gcc on x86-64 right to
left, so a program whose behaviour depends on that order is verified for one order of
several, and its trace may not replay on another compiler.  For every call with two or more
arguments the first pair of arguments i < j (in that order of kinds) where
- one modifies a variable the other reads or modifies, in the argument expressions
  themselves: `f(i++, i)` (undefined behaviour, C11 6.5p2; clang's "unsequenced
  modification and access");
- both read a nondeterministic value, a `__VERIFIER_nondet_*()` call in the expression or
  in a function it calls: `f(__VERIFIER_nondet_int(), __VERIFIER_nondet_int())` (the values
  go to other parameters in another order; a witness names them by line only);
- a function one of them calls writes a global variable the other reads or writes, there
  or in a function it calls: `f(x, g())` where g assigns x
gives one warning at the call, `file:line:col: warning: message`.

Conservative: a variable is a plain identifier (writes through pointers, to array
elements and to struct members are not followed); a call through a function pointer, or of
a function without a body, has no known effect; names follow C's scopes only as far as
"local to the function or not" (a global is a file-scope variable no local shadows).
Only calls in the input files are reported, not in headers.

Input: the parsed files (pycparser syntax trees, dispatched on class names as the
translator does) and the input files' paths.  Output: (Loc, message) pairs in source
order, one per call.
"""
from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from boogie.ast import Loc

from .parse import ParsedFile, node_loc

NONDET_PREFIX = "__VERIFIER_nondet"
_UNEVALUATED = ("sizeof", "_Alignof", "__alignof__", "__alignof")
_STEP = ("p++", "p--", "++", "--")
_NOT_CALLS = ("offsetof", "__builtin_offsetof")


@dataclass(frozen=True, slots=True)
class Effects:
    """What evaluating an expression does: variables it modifies and reads itself
    (`writes`, `reads`), global variables the functions it calls modify and read
    (`call_writes`, `call_reads`), and whether it reads a nondeterministic value."""
    writes: frozenset[str] = frozenset()
    reads: frozenset[str] = frozenset()
    call_writes: frozenset[str] = frozenset()
    call_reads: frozenset[str] = frozenset()
    nondet: bool = False

    def __or__(self, o: Effects) -> Effects:
        if o is NONE:
            return self
        if self is NONE:
            return o
        return Effects(self.writes | o.writes, self.reads | o.reads,
                       self.call_writes | o.call_writes, self.call_reads | o.call_reads,
                       self.nondet or o.nondet)


NONE = Effects()


@dataclass(frozen=True, slots=True)
class Summary:
    """A function's effects on global variables, with the functions it calls."""
    writes: frozenset[str]
    reads: frozenset[str]
    nondet: bool


def unsequenced_calls(files: Sequence[ParsedFile], inputs: Sequence[str]
                      ) -> list[tuple[Loc, str]]:
    """The warnings of the module docstring, one per call, in source order."""
    functions = [ext for pf in files for ext in pf.ast.ext
                 if type(ext).__name__ == "FuncDef"]
    globals_ = {ext.name for pf in files for ext in pf.ast.ext
                if type(ext).__name__ == "Decl" and ext.name and
                type(ext.type).__name__ != "FuncDecl" and "typedef" not in ext.storage}
    summaries = _summaries(functions, globals_)
    mine = {os.path.realpath(p) for p in inputs}
    out: dict[tuple[str, int, int], str] = {}
    for fd in functions:
        walker = _Walker(_locals(fd), globals_, summaries)
        for call in _calls(fd.body):
            loc = node_loc(call)
            if not loc.line or os.path.realpath(loc.file) not in mine:
                continue
            message = walker.order_dependence(call)
            if message is not None:
                out.setdefault((loc.file, loc.line, loc.col), message)
    return [(Loc(f, ln, col), m) for (f, ln, col), m in sorted(out.items())]


# ----------------------------------------------------------------------------- syntax

def _children(n) -> Iterator:
    for _, c in n.children():
        yield c


def _walk(root) -> Iterator:
    stack = [root]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(reversed(list(_children(n))))


def _calls(body) -> Iterator:
    """The calls with two or more arguments in a function body."""
    for n in _walk(body):
        if type(n).__name__ == "FuncCall" and n.args is not None and \
                len(n.args.exprs) >= 2 and _callee(n) not in _NOT_CALLS:
            yield n


def _callee(call) -> str | None:
    return call.name.name if type(call.name).__name__ == "ID" else None


def _locals(fd) -> frozenset[str]:
    """The parameters and every variable a function body declares."""
    names = set()
    params = getattr(fd.decl.type, "args", None)
    for p in (params.params if params is not None else ()):
        if type(p).__name__ == "Decl" and p.name:
            names.add(p.name)
    for n in _walk(fd.body):
        if type(n).__name__ == "Decl" and n.name:
            names.add(n.name)
    return frozenset(names)


# ----------------------------------------------------------------------------- effects

def _summaries(functions: list, globals_: set[str]) -> dict[str, Summary]:
    """Each defined function's effects on globals, through the functions it calls (a
    fixpoint over the call graph)."""
    direct: dict[str, tuple[set[str], set[str], bool, set[str]]] = {}
    for fd in functions:
        local = _locals(fd)
        e = _Walker(local, globals_, {}).effects(fd.body)
        callees = {_callee(n) for n in _walk(fd.body) if type(n).__name__ == "FuncCall"}
        direct[fd.decl.name] = (set(e.writes & globals_ - local),
                                set(e.reads & globals_ - local), e.nondet,
                                {c for c in callees if c is not None and c not in local})
    changed = True
    while changed:
        changed = False
        for name, (w, r, nd, callees) in direct.items():
            for c in callees & direct.keys():
                cw, cr, cnd, _ = direct[c]
                if not (cw <= w and cr <= r and (nd or not cnd)):
                    w |= cw
                    r |= cr
                    nd = nd or cnd
                    direct[name] = (w, r, nd, callees)
                    changed = True
    return {n: Summary(frozenset(w), frozenset(r), nd) for n, (w, r, nd, _) in direct.items()}


class _Walker:
    """Effects of the expressions of one function (`local`: its own variable names),
    kept by node so that nested calls are walked once."""

    def __init__(self, local: frozenset[str], globals_: set[str],
                 summaries: dict[str, Summary]) -> None:
        self.local = local
        self.globals = globals_
        self.summaries = summaries
        self.memo: dict[int, Effects] = {}

    def effects(self, root) -> Effects:
        """Post-order over `root`, iteratively (deeply nested expressions)."""
        memo = self.memo
        stack = [(root, False)]
        while stack:
            n, done = stack.pop()
            if id(n) in memo:
                continue
            parts = self._parts(n)
            if not done:
                stack.append((n, True))
                stack.extend((p, False) for p in parts if id(p) not in memo)
                continue
            e = self._own(n)
            for p in parts:
                e = e | memo[id(p)]
            memo[id(n)] = e
        return memo[id(root)]

    def _parts(self, n) -> list:
        """The sub-expressions whose effects are part of `n`'s."""
        k = type(n).__name__
        if k == "ID" or k.startswith("TypeOf"):
            return []
        if k == "UnaryOp":
            if n.op in _UNEVALUATED or (n.op in _STEP + ("&",) and
                                        type(n.expr).__name__ == "ID"):
                return []
            return [n.expr]
        if k == "Assignment":
            lv = [] if type(n.lvalue).__name__ == "ID" else [n.lvalue]
            return lv + [n.rvalue]
        if k == "FuncCall":
            if _callee(n) in _NOT_CALLS:
                return []
            args = [n.args] if n.args is not None else []
            return args if _callee(n) is not None else [n.name] + args
        if k == "StructRef":
            return [n.name]             # not the member's name
        if k == "Cast":
            return [n.expr]
        return list(_children(n))

    def _own(self, n) -> Effects:
        k = type(n).__name__
        if k == "ID":
            return Effects(reads=frozenset((n.name,)))
        if k == "UnaryOp" and n.op in _STEP and type(n.expr).__name__ == "ID":
            name = frozenset((n.expr.name,))
            return Effects(writes=name, reads=name)
        if k == "Assignment" and type(n.lvalue).__name__ == "ID":
            name = frozenset((n.lvalue.name,))
            return Effects(writes=name, reads=name if n.op != "=" else frozenset())
        if k == "FuncCall":
            callee = _callee(n)
            if callee is None:
                return NONE
            if callee in self.local:            # a pointer variable: read
                return Effects(reads=frozenset((callee,)))
            if callee.startswith(NONDET_PREFIX):
                return Effects(nondet=True)
            s = self.summaries.get(callee)
            if s is not None:
                return Effects(call_writes=s.writes, call_reads=s.reads, nondet=s.nondet)
        return NONE

    def order_dependence(self, call) -> str | None:
        """Why the order of `call`'s arguments matters (a warning's message), or None."""
        args = list(call.args.exprs)
        effects = [self.effects(a) for a in args]
        name = _callee(call)
        of = f"'{name}'" if name is not None else "the call"
        found = None
        for i in range(len(args)):
            for j in range(i + 1, len(args)):
                why = self._conflict(effects[i], effects[j], args[i], args[j], i + 1, j + 1)
                if why is not None and (found is None or why[0] < found[0]):
                    found = why
        if found is None:
            return None
        kind, text = found
        if kind == 0:
            return f"{text} in the arguments of {of} (undefined behaviour)"
        return (f"{text.format(of=of)}: C leaves their order unspecified (pycorral evaluates "
                "arguments left to right; gcc on x86-64, right to left)")

    def _conflict(self, a: Effects, b: Effects, na, nb, i: int, j: int
                  ) -> tuple[int, str] | None:
        """(kind, what) of the first dependence between arguments i < j: 0 undefined
        behaviour, 1 nondeterministic values, 2 global variables through calls."""
        both = sorted(a.writes & b.writes)
        if both:
            return 0, f"multiple unsequenced modifications to '{both[0]}'"
        access = sorted((a.writes & b.reads) | (a.reads & b.writes))
        if access:
            return 0, f"unsequenced modification and access to '{access[0]}'"
        if a.nondet and b.nondet:
            return 1, f"arguments {i} and {j} of {{of}} both read nondeterministic values"
        glob_w = [(x.writes & self.globals) - self.local for x in (a, b)]
        glob_r = [(x.reads & self.globals) - self.local for x in (a, b)]
        for (x, nx, k), (y, ny, m), yw, yr in (((a, na, i), (b, nb, j), glob_w[1], glob_r[1]),
                                               ((b, nb, j), (a, na, i), glob_w[0], glob_r[0])):
            shared = sorted(x.call_writes & (y.call_writes | y.call_reads | yw | yr))
            if shared:
                v = shared[0]
                writer = self._writer(nx, v)
                other = "writes" if v in y.call_writes or v in yw else "reads"
                return 2, (f"'{writer}' in argument {k} of {{of}} writes '{v}', which "
                           f"argument {m} {other}")
        return None

    def _writer(self, arg, var: str) -> str:
        """The function called in `arg` whose summary writes `var`."""
        for n in _walk(arg):
            if type(n).__name__ == "FuncCall":
                s = self.summaries.get(_callee(n) or "")
                if s is not None and var in s.writes and _callee(n) not in self.local:
                    return _callee(n)
        return "a call"
