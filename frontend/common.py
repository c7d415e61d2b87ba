"""Helpers both front ends (c/ and llvm/) share: Boogie spellings of integer literals, the
reserved words a source identifier must not take, `{:bvbuiltin}` function declarations.
(The model libraries both front ends link, C library models included: frontend/models.py.)

Role: one copy of what the C encoding (frontend/c/encoding.py) and the LLVM encoding
(frontend/llvm/encoding.py) both need.  The encodings themselves stay apart: C values carry
a C type (signedness, a data model), LLVM values only a width, and the int encodings differ
(C keeps the mathematical value of a signed overflow; LLVM wraps unless `nsw`).
"""
from __future__ import annotations

from boogie.ast import App, Attr, Expr, Formal, FunctionDecl, IntLit, Op, Type

# C library functions whose pointer result may point into one of their arguments.  The
# default for a function without a body (frontend/externs.py) takes a pointer result to be
# an object of its own, never the program's: for these that is wrong, so a call of one
# the program does not define is unsupported (both front ends).
RESULT_INTO_ARGUMENT = frozenset({
    "strstr", "strrchr", "strpbrk", "strtok", "strtok_r", "strsep", "memchr", "memrchr",
    "rawmemchr", "strchrnul", "index", "rindex", "stpcpy", "stpncpy", "strncat", "memccpy",
    "mempcpy", "fgets", "gets", "getcwd", "realpath", "strcasestr", "memmem", "basename",
    "dirname", "wcschr", "wcsrchr", "wcsstr", "wcscpy", "wcsncpy", "wcscat", "wcsncat",
    "wmemchr", "wmemcpy", "wmemmove", "wmemset", "bsearch", "lfind", "lsearch",
    "strerror_r"})

# Boogie keywords and other reserved spellings a source identifier must not take as is.
BOOGIE_RESERVED = frozenset({
    "assert", "assume", "axiom", "bool", "break", "call", "complete", "const", "div",
    "else", "ensures", "exists", "extends", "false", "finite", "forall", "free", "function",
    "goto", "havoc", "if", "implementation", "int", "invariant", "lambda", "mod", "modifies",
    "old", "procedure", "real", "requires", "return", "returns", "then", "true", "type",
    "unique", "var", "where", "while", "yield", "async", "par", "linear", "pure", "atomic",
    "left", "right", "both", "public", "datatype", "uses",
})


def int_lit(v: int) -> Expr:
    """The Boogie integer literal of v (a negative value is `-(n)`: Boogie has no negative
    literals)."""
    return IntLit(v) if v >= 0 else App(Op.NEG, (IntLit(-v),))


def int_value(e: Expr) -> int | None:
    """The value of an integer literal as `int_lit` spells it, else None."""
    if isinstance(e, IntLit):
        return e.value
    if isinstance(e, App) and e.op is Op.NEG and isinstance(e.args[0], IntLit):
        return -e.args[0].value
    return None


def builtin_function(name: str, builtin: str, params: tuple[Type, ...], res: Type,
                     key: str = "bvbuiltin") -> FunctionDecl:
    """`function {:key "builtin"} name(x0: P0, ...): res;` -- an SMT-LIB operation."""
    return FunctionDecl(name, tuple(Formal(f"x{i}", t) for i, t in enumerate(params)),
                        Formal(None, res), attrs=(Attr(key, (builtin,)),))


def huge_allocation(ptr_bits: int) -> int:
    """The size (bytes) from which an allocation may be refused, in both front ends: an
    eighth of the address space (2^61 bytes at LP64, 512 MiB at ILP32).  From there on
    malloc/calloc/realloc may return NULL (glibc does above PTRDIFF_MAX, and the system for
    less), and must where the block cannot fit below the front end's address limit, so that
    no path ends at an allocation; an alloca or variable-length array of such a size gets an
    empty block (natively the stack pointer wraps or the stack overflows: any access is then
    out of its object)."""
    return 1 << (ptr_bits - 3)

