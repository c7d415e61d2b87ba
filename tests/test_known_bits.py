"""frontend/llvm/known_bits.py: the bits that may be 1, and when an `or` is a sum.

The arithmetic the int encoding writes for such an `or` (and for a mask clearing one run of
bits) is checked against native execution by tests/data/semantics/bitfield_updates.c
(tests/test_difftest.py); here, that the analysis never claims two operands disjoint when a
bit may be 1 in both."""
from __future__ import annotations

import itertools

from frontend.llvm.ir import ConstInt, Instr, IntTy, Local
from frontend.llvm.known_bits import disjoint, may_be_one

I16 = IntTy(16)


def _c(v: int) -> ConstInt:
    return ConstInt(I16, v & 0xFFFF)


def _defs(*instrs: Instr) -> dict:
    return {i.name: i for i in instrs}


# clang -O0's update of a 3-bit field at bit 3 of a 16-bit unit:
#   %clear = and %load, ~(7 << 3);  %val = and %v, 7;  %shl = shl %val, 3;  %set = or %clear, %shl
LOAD, V = Local("load", I16), Local("v", I16)
CLEAR = Instr("and", "clear", I16, (LOAD, _c(~(7 << 3))))
VAL = Instr("and", "val", I16, (V, _c(7)))
SHL = Instr("shl", "shl", I16, (Local("val", I16), _c(3)))
SET = Instr("or", "set", I16, (Local("clear", I16), Local("shl", I16)))
DEFS = _defs(CLEAR, VAL, SHL, SET)


def test_bit_field_update_is_disjoint():
    assert may_be_one(DEFS, Local("clear", I16), 16) == 0xFFFF & ~0x38
    assert may_be_one(DEFS, Local("shl", I16), 16) == 0x38
    assert disjoint(DEFS, SET, 16)


def test_overlapping_or_is_not_disjoint():
    wide = Instr("shl", "shl", I16, (Local("val", I16), _c(2)))     # bits 2..4 overlap 3..5
    assert not disjoint(_defs(CLEAR, VAL, wide, SET), SET, 16)
    # an operand with nothing known: every bit
    assert not disjoint(DEFS, Instr("or", "x", I16, (LOAD, _c(1))), 16)
    assert not disjoint(DEFS, Instr("or", "x", I16, (LOAD, V)), 16)


def test_llvm_disjoint_flag_is_taken():
    assert disjoint({}, Instr("or", "x", I16, (LOAD, V), flags=("disjoint",)), 16)


def test_may_be_one_covers_every_concrete_value():
    """Exhaustively over 4-bit inputs: every bit the concrete result has is in the mask."""
    i4 = IntTy(4)
    a, b = Local("a", i4), Local("b", i4)
    shapes = [
        (Instr("and", "r", i4, (a, ConstInt(i4, 0b0110))), lambda x, y: x & 0b0110),
        (Instr("or", "r", i4, (a, ConstInt(i4, 0b1000))), lambda x, y: x | 0b1000),
        (Instr("shl", "r", i4, (a, ConstInt(i4, 1))), lambda x, y: (x << 1) & 0xF),
        (Instr("lshr", "r", i4, (a, ConstInt(i4, 2))), lambda x, y: x >> 2),
        (Instr("xor", "r", i4, (a, b)), lambda x, y: x ^ y),
    ]
    for ins, f in shapes:
        mask = may_be_one({"r": ins}, Local("r", i4), 4)
        for x, y in itertools.product(range(16), repeat=2):
            assert f(x, y) & ~mask == 0, (ins.opcode, x, y, mask)
