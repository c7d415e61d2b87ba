"""Where objects lie and which values hold pointers: the facts the points-to analysis
(regions.py, field_split.py) and the translator share.  Objects start at multiples of
OBJECT_ALIGN, none below FIRST_OBJECT (the first page stays unmapped, so NULL and small
constants point into no object).
"""
from __future__ import annotations

import frontend.special as special

from .ir import (Aggregate, ArrayTy, ConstInt, FloatTy, IntTy, PtrTy, StructTy, Undef, Value, VectorTy,
                 ZeroInit)
from .layout import DataLayout

OBJECT_ALIGN = 64       # every object starts at a multiple of this (translate.py, allocation.py)
FIRST_OBJECT = 1 << 12  # no object below: the first page stays unmapped
# functions returning a fresh object (its address is OBJECT_ALIGN-aligned)
ALLOCATORS = special.ALLOCATORS


def below_objects(v: Value) -> bool:
    """Whether `v` is an integer constant below FIRST_OBJECT: as an address, in no object."""
    return isinstance(v, ConstInt) and v.value < FIRST_OBJECT


def has_ptr(t) -> bool:
    return isinstance(t, PtrTy) or (isinstance(t, StructTy) and t.fields is not None and
                                    any(isinstance(f, PtrTy) for f in t.fields))


def scalar_leaves(dl: DataLayout, t, v: Value) -> list[tuple[int, object, Value]]:
    """The (offset, type, value) leaves of a constant initialiser; a zero or undef subtree
    is one leaf with its aggregate type."""
    out = []
    stack = [(0, t, v)]
    while stack:
        a, t, v = stack.pop()
        if isinstance(v, (ZeroInit, Undef)) or isinstance(t, (IntTy, PtrTy, FloatTy)):
            out.append((a, t, v))
        elif isinstance(t, (ArrayTy, VectorTy)) and isinstance(v, Aggregate):
            es = dl.size(t.elem)
            for i, e in enumerate(v.elems):
                stack.append((a + i * es, t.elem, e))
        elif isinstance(t, StructTy) and t.fields is not None and isinstance(v, Aggregate):
            for o, ft, e in zip(dl.field_offsets(t), t.fields, v.elems):
                stack.append((a + o, ft, e))
        else:
            out.append((a, t, v))           # the translator rejects it
    return out
