"""Pointers made of integers: the exposed objects of the points-to analysis (regions.py).

Role: `inttoptr` of a non-constant integer, and of a constant above every object (the
sentinels `(PVOID)-1`, `(void *)0xFFDF0000` of Windows drivers), makes a pointer that may
point into any object whose address became an integer -- an *exposed* object (the C
provenance model PNVI-ae, ISO/IEC TS 6010: a pointer made of an integer takes the
provenance of an exposed object at that address, or points into none).  Such pointers and
the exposed objects share one node, EXPOSED (regions.py used to make one region of all
memory instead).  Exposed are the nodes of
- the operands of `ptrtoint` (instructions, constant expressions, initialisers);
- the pointers whose representation is read or written as an integer: the contents of a
  node accessed with an integer type.  The analysis is field-insensitive, so a struct with
  an integer and a pointer member counts; and a pointer loaded from a cell an integer was
  stored into is a pointer made of that integer;
- the escaped nodes (externs.py): a function without a body may turn their addresses into
  integers and return them; and whatever those reach, again (`escape` runs once more after
  each round of unions, until nothing changes).
Constants below FIRST_OBJECT stay null-like values (no node); a constant at an address
where an object may lie (`inttoptr (i32 4096)`) still makes one region of all memory
(regions.py `collapsed`): the address may be any object's, exposed or not.  What a pointer
of EXPOSED reads and writes is EXPOSED's region; the field split sees every residue for it
(field_split.py: inttoptr results, and pointers loaded from cells integers were stored
into).
"""
from __future__ import annotations

from .ir import Aggregate, ConstExpr, ConstInt, Value
from .objects import FIRST_OBJECT

EXPOSED = ("exp", "")               # the node of exposed objects and pointers made of integers
INTTOPTR = ("int", "")              # the node of constant inttoptr expressions (not null-like)


def in_no_object(v: Value, ptr_bits: int) -> bool:
    """Whether integer constant `v`, as an address, lies where no object can: below
    FIRST_OBJECT or at 2^(P-1) and above (objects, external ones too, lie below 2^(P-1):
    objects.py, externs.py)."""
    if not isinstance(v, ConstInt):
        return False
    a = v.value % (1 << ptr_bits)
    return a < FIRST_OBJECT or a >= 1 << (ptr_bits - 1)


def fixed_object_address(v: Value, ptr_bits: int) -> bool:
    """Whether `inttoptr` of `v` is a constant address where an object may lie."""
    return isinstance(v, ConstInt) and not in_no_object(v, ptr_bits)


def const_casts(v: Value):
    """The `ptrtoint` and `inttoptr` constant expressions in constant `v` (nested ones and
    aggregates' elements too)."""
    stack = [v]
    while stack:
        x = stack.pop()
        if isinstance(x, ConstExpr):
            if x.op in ("ptrtoint", "inttoptr"):
                yield x
            stack.extend(x.operands)
        elif isinstance(x, Aggregate):
            stack.extend(x.elems)


class Exposure:
    """What regions.py collects while it walks the module, and the unions at the end."""

    def __init__(self, ptr_bits: int):
        self.ptr_bits = ptr_bits
        self.made_of_int = False        # some pointer is made of an integer
        self.fixed_address = False      # some constant address where an object may lie
        self.exposed: list = []         # node keys: ptrtoint operands, pointers of integers
        self.int_accessed: list = []    # node keys accessed with an integer type

    def inttoptr(self, operand: Value, result_key) -> None:
        """`inttoptr` of `operand` (an instruction's, `result_key` its result's node key,
        or a constant expression's, whose key is INTTOPTR)."""
        if isinstance(operand, ConstInt) and operand.value % (1 << self.ptr_bits) < \
                FIRST_OBJECT:
            return                      # null-like: a value, no node
        if fixed_object_address(operand, self.ptr_bits):
            self.fixed_address = True
            return
        self.made_of_int = True
        self.exposed.append(result_key)

    def ptrtoint(self, key) -> None:
        if key is not None:
            self.exposed.append(key)

    def constants(self, regions, f, v: Value) -> None:
        """The casts in constant operand `v` of function f (None: an initialiser)."""
        for x in const_casts(v):
            if x.op == "inttoptr":
                self.inttoptr(x.operands[0], INTTOPTR)
            else:
                self.ptrtoint(regions._node(f, x.operands[0]))

    def unify(self, regions, escape_again) -> list:
        """The unions of the module docstring; `escape_again()` recomputes the escaped
        keys (externs.py `escape`), which it returns at the end."""
        uf = regions.uf
        escaped = escape_again()
        if not self.made_of_int:
            return escaped
        for k in self.exposed:
            uf.union(EXPOSED, k)
        while True:
            changed = False
            for k in self.int_accessed:
                c = uf.content.get(uf.find(k))
                if c is not None and uf.find(c) != uf.find(EXPOSED):
                    uf.union(c, EXPOSED)
                    changed = True
            for k in escaped:
                if uf.find(k) != uf.find(EXPOSED):
                    uf.union(k, EXPOSED)
                    changed = True
            if not changed:
                return escaped
            escaped = escape_again()
