"""Values and places of translated C expressions.

`V` is an rvalue: a Boogie expression with its C type (a struct value is represented by the
address of an object holding it; `void` has no expression).  A place is either a Boogie
variable (`LVar`, a scalar whose address is never taken) or a memory object (`LMem`, at an
address, of any object type).
"""
from __future__ import annotations

from dataclasses import dataclass

from boogie.ast import Expr

from .typesys import CType


@dataclass(frozen=True, slots=True)
class V:
    expr: Expr | None
    type: CType
    fresh: bool = False       # a just-allocated, still untyped block (malloc/calloc/alloca)
    null: bool = False        # a null pointer constant


@dataclass(frozen=True, slots=True)
class LVar:
    name: str
    type: CType


@dataclass(frozen=True, slots=True)
class LMem:
    addr: Expr
    type: CType
    map: str | None = None    # a field's own heap map (HAVOC's Mem.f_S), else by type


@dataclass(frozen=True, slots=True)
class LBits:
    """A bit-field: `width` bits at bit `bit` of the unit (of `unit_type`) at `addr`."""
    addr: Expr
    type: CType
    unit_type: CType
    bit: int
    width: int


Place = LVar | LMem | LBits
