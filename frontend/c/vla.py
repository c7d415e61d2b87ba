"""Variable-length array types (C11 6.7.6.2): their size expressions and run-time sizes.

Turns the size expression of a variable-length array declarator into a hidden local of
the function, assigned where the declarator is reached (a declaration, a typedef, a cast
or a type name under `sizeof`: C11 6.7.6.2p5, 6.8p3), and the size of a type built on
such arrays into a size_t value computed from those locals.  A later change of the
variables in the size expression does not change the type's size (C11 6.7.6.2p5,
6.7.8p3: a typedef's size is fixed where the typedef is).
- `dim_local(ft, node, loc)`: evaluates the size expression (its side effects included)
  into a fresh local `$vlaN`, the `dim` of the `ArrayT` (typesys.py) that type_decls.py
  builds while a function body is translated (`ProgramTranslator.vla_eval`).  At file
  scope, in a prototype's parameters and in struct members there is no such local: the
  array type has an unknown length, and what needs its size is unsupported.
- `is_variable(t)` (typesys.py): whether t's size depends on such a local (`int[n]`, `int[4][n]`,
  `int[n][4]`; a pointer to one has a constant size).
- `size_of(ft, t, loc)`: the size of t as a size_t value, a literal when constant; the
  product wraps as size_t arithmetic does (the declaration's allocation, `sizeof`, the
  stride of pointer arithmetic and indexing through a pointer to a row).
A size expression that is not greater than zero is undefined behaviour; it is not
checked, and a negative one counts as 0 (`dim_local`).
"""
from __future__ import annotations

from boogie.ast import Assign, BoolLit, Ite, Loc, Var

from .typesys import ArrayT, CType, IntT, is_variable, unsupported
from .values import V


def dim_local(ft, node, loc: Loc) -> str:
    """Evaluate the size expression `node` of an array declarator, as a size_t value, into
    a fresh local; its name.  A negative length (undefined behaviour) is taken as 0, so
    that the path goes on (a block of the converted, huge size could not be allocated and
    would end it, silently): a bug found beyond it is then replayed natively, where the
    undefined behaviour shows."""
    size_t = ft.dm.SIZE_T
    v = ft.rvalue(node)
    n = ft.convert(v, size_t, loc).expr
    if isinstance(v.type, IntT) and v.type.signed:
        zero = V(ft.enc.lit(0, v.type), v.type)
        positive = ft.relation(">", v, zero, loc)
        if not (isinstance(positive, BoolLit) and positive.value):
            n = Ite(positive, n, ft.enc.lit(0, size_t))
    var = ft.fresh(ft.enc.btype(size_t), hint="vla")
    ft.emit(Assign((var,), (n,), loc=loc))
    return var.name


def size_of(ft, t: CType, loc: Loc) -> V:
    """The size of type t in bytes, a size_t value (a literal unless t is variable)."""
    size_t = ft.dm.SIZE_T
    if not is_variable(t):
        return V(ft.enc.lit(ft.pt.types.sizeof(t, loc), size_t), size_t)
    assert isinstance(t, ArrayT), t
    elem = size_of(ft, t.elem, loc)
    if t.length is not None:
        count = ft.enc.lit(t.length, size_t)
    else:
        count = Var(t.dim)
    return V(ft.enc.binary("*", count, elem.expr, size_t, ft, loc), size_t)


def require_known(t: CType, what: str, loc: Loc) -> None:
    """Unsupported when t is an array of unknown length without a size (a pointer to a
    variably modified parameter's row, for instance): `what` names the construct."""
    while isinstance(t, ArrayT):
        if t.length is None and t.dim is None:
            raise unsupported(loc, f"{what} over the array type {t}, whose length is "
                              "unknown here")
        t = t.elem
