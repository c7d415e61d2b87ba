"""Which bits of an integer value may be 1, from the instructions that compute it -- so that
the int encoding can write a bit-field update as arithmetic.

Role: a query of the function translator (scalars.py), for the int encoding only.  At -O0
clang updates a bit-field as `or (and %unit, ~M), (shl (and %v, m), s)` (or with a constant
in place of the shifted value): the two operands of the `or` have no 1 bit in common.  Such
an `or` is an addition, which the int encoding states linearly, where the general `or` goes
through int2bv/bv2nat -- a mix that z3 decides slowly (a packed kernel struct with five
bit-fields: over 50 s of z3 against 0.3 s in the bv encoding).

`may_be_one(defs, v)` over-approximates the set of bits that can be 1 in v: a constant's own
bits; `and` with a constant: the other operand's, masked; `shl`/`lshr` by a constant: the
operand's, shifted; `zext`: the operand's; `or`/`xor`: the union; anything else (a load, a
parameter, a phi, ...): every bit.  So "no common bit" is never claimed wrongly, and the
addition is exact whenever it is used.  The walk is bounded in depth; at the bound the
answer is "every bit".
"""
from __future__ import annotations

from .ir import ConstInt, Instr, IntTy, Local, Value

_DEPTH = 8


def may_be_one(defs: dict[str, Instr], v: Value, bits: int, depth: int = _DEPTH) -> int:
    """A mask over `bits` bits holding every bit that may be 1 in v (an iN value)."""
    full = (1 << bits) - 1
    if isinstance(v, ConstInt):
        return v.value & full
    if depth == 0 or not isinstance(v, Local) or v.name not in defs:
        return full
    ins = defs[v.name]
    ops = ins.operands
    if ins.opcode == "and":
        return may_be_one(defs, ops[0], bits, depth - 1) & \
            may_be_one(defs, ops[1], bits, depth - 1)
    if ins.opcode in ("or", "xor"):
        return may_be_one(defs, ops[0], bits, depth - 1) | \
            may_be_one(defs, ops[1], bits, depth - 1)
    if ins.opcode in ("shl", "lshr") and isinstance(ops[1], ConstInt) and \
            0 <= ops[1].value < bits:
        k, x = ops[1].value, may_be_one(defs, ops[0], bits, depth - 1)
        return (x << k) & full if ins.opcode == "shl" else x >> k
    if ins.opcode == "zext" and isinstance(ops[0].ty, IntTy):
        return may_be_one(defs, ops[0], ops[0].ty.bits, depth - 1)
    return full


def disjoint(defs: dict[str, Instr], ins: Instr, bits: int) -> bool:
    """Whether the two operands of `or`/`xor` instruction `ins` have no 1 bit in common
    (LLVM's own `disjoint` flag, or `may_be_one`): then the result is their sum."""
    if "disjoint" in ins.flags:
        return True
    return may_be_one(defs, ins.operands[0], bits) & may_be_one(defs, ins.operands[1], bits) == 0
