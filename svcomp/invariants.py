"""Turns the facts a prover proved (`verifier.result.ProvedFact`) into C invariants for
correctness witnesses.

Role: a loop-head invariant of an extracted loop (kind "loop", over the variables of the C
function the loop is in, at the loop's source line) and a function-entry invariant (kind
"requires", over the function's parameters -- the C front end names a parameter `x`
`in$x` -- and the globals) become C expressions, conjunct by conjunct: a conjunct whose
variables are all C identifiers and whose operators all mean the same in C is kept, the
others are dropped (a conjunct of a proved invariant is itself proved, so dropping keeps
the witness true).  `div`/`mod` (Euclidean in Boogie, truncating in C), maps (the heap),
`old` and the front end's own variables (`$`-names) are dropped, and so are conjuncts over
variables the C source uses as pointers or arrays (the front end's addresses are its own).
Variables are cast to `long long`: Boogie's integers are mathematical, and 32-bit C values
neither wrap nor change signedness there.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from boogie.ast import App, BoolLit, Expr, IntLit, Ite, Op, Var

_C_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_C_OPS = {Op.AND: "&&", Op.OR: "||", Op.EQ: "==", Op.NEQ: "!=", Op.LT: "<", Op.LE: "<=",
          Op.GT: ">", Op.GE: ">=", Op.ADD: "+", Op.SUB: "-", Op.MUL: "*"}
_RESERVED = {"pycorral_error"}


@dataclass(frozen=True, slots=True)
class CInvariant:
    kind: str            # "loop_invariant" or "function_entry"
    function: str        # the C function it is in (its scope)
    file: str
    line: int
    text: str            # a C expression


def c_expression(e: Expr, rename: dict[str, str] | None = None) -> str | None:
    """`e` as a C expression, or None if some part has no C meaning here."""
    rename = rename or {}
    t = type(e)
    if t is BoolLit:
        return "1" if e.value else "0"
    if t is IntLit:
        return f"{e.value}LL"
    if t is Var:
        name = rename.get(e.name, e.name)
        if not _C_NAME.match(name) or name in _RESERVED:
            return None
        # mathematical integers in Boogie: C evaluates in long long, where sums and
        # products of 32-bit values neither wrap nor change signedness
        return f"(long long){name}"
    if t is Ite:
        parts = [c_expression(x, rename) for x in (e.cond, e.then, e.else_)]
        return None if None in parts else f"({parts[0]} ? {parts[1]} : {parts[2]})"
    if t is not App:
        return None
    args = [c_expression(a, rename) for a in e.args]
    if None in args:
        return None
    if e.op is Op.NOT:
        return f"!({args[0]})"
    if e.op is Op.NEG:
        return f"-({args[0]})"
    if e.op is Op.IMP:
        return f"(!({args[0]}) || ({args[1]}))"
    if e.op is Op.IFF:
        return f"(!({args[0]}) == !({args[1]}))"
    if e.op in _C_OPS:
        return f"({args[0]} {_C_OPS[e.op]} {args[1]})"
    return None


def _conjuncts(e: Expr) -> list[Expr]:
    out, stack = [], [e]
    while stack:
        x = stack.pop()
        if type(x) is App and x.op is Op.AND:
            stack.extend(reversed(x.args))
        else:
            out.append(x)
    return out


def c_text(e: Expr, rename: dict[str, str] | None = None,
           exclude: set[str] | frozenset[str] = frozenset()) -> str | None:
    """The C text of the conjuncts of `e` that have one and name none of `exclude`, joined
    by `&&`; None if none."""
    from boogie.visit import free_vars

    parts = [c for x in _conjuncts(e) if not (free_vars(x) & exclude)
             and (c := c_expression(x, rename)) is not None]
    return " && ".join(parts) if parts else None


def pointer_like_names(texts: list[str]) -> set[str]:
    """Names the C source dereferences, declares as pointers or indexes (`*p`, `p[`): the C
    front end models pointers and arrays as integer addresses of its own memory layout, so
    an invariant over them has no meaning in the real program."""
    out: set[str] = set()
    for text in texts:
        toks = re.findall(r"[A-Za-z_]\w*|->|&&|\S", text)
        for i, tok in enumerate(toks):
            nxt = toks[i + 1] if i + 1 < len(toks) else ""
            if tok in ("*", "&") and _C_NAME.match(nxt):
                prev = toks[i - 1] if i > 0 else ";"
                operand = (_C_NAME.match(prev) and prev not in _TYPE_WORDS) or prev in ")]"
                if not operand:             # a declarator, a dereference or address-of
                    out.add(nxt)
            elif _C_NAME.match(tok) and nxt in ("[", "->", "."):
                out.add(tok)
    return out


_TYPE_WORDS = {"int", "char", "short", "long", "unsigned", "signed", "void", "float",
               "double", "_Bool", "const", "volatile", "struct", "union", "enum", "return",
               "sizeof", "case"}


def c_invariants(facts, c_files: tuple[str, ...]) -> list[CInvariant]:
    """The loop and function-entry invariants of `facts` located in the C files."""
    import os

    def ours(f: str) -> bool:
        return any(os.path.abspath(f) == os.path.abspath(c) for c in c_files)

    sources = []
    for c in c_files:
        try:
            with open(c, encoding="utf-8", errors="replace") as fh:
                sources.append(fh.read())
        except OSError:
            return []           # cannot tell pointers from integers: no invariants
    exclude = pointer_like_names(sources)
    texts: dict[tuple[str, str, int], list[str]] = {}
    for f in facts:
        if f.kind == "loop" and f.line > 0 and ours(f.file):
            text = c_text(f.expr, exclude=exclude)
            if text:
                texts.setdefault((f.origin, f.file, f.line), []).append(text)
    # several facts about one loop head: one invariant, their conjunction
    return [CInvariant("loop_invariant", fn, file, line, " && ".join(dict.fromkeys(ts)))
            for (fn, file, line), ts in texts.items()]
