"""LLVM values and scalar instructions: the value part of the function translator.

Role: `val` turns an operand (local, constant, global address, undef, constant expression)
into a Boogie expression; the integer instructions (arithmetic and bit operations with
their property checks, `icmp`, `select`, `freeze`) and the casts (`trunc`/`zext`/`sext`,
`ptrtoint`/`inttoptr`, pointer bitcasts) become one assignment each (encoding.py).
"""
from __future__ import annotations

from boogie.ast import App, Assume, Expr, Havoc, Ite, Loc, Op, Var

from .checks import arith_checks
from .floats import is_float
from .ir import (ConstExpr, ConstFloat, ConstInt, GlobalRef, IntTy, Local, NullPtr, PtrTy, StructTy, Ty, Undef,
                 Value, ZeroInit)
from .known_bits import disjoint
from .names import unsupported
from .objects import below_objects


class ScalarsMixin:
    """Values and scalar instructions of one function (mixed into
    `function.FunctionTranslator`, whose state -- `self.enc`, `self.mt`, the locals -- it
    uses)."""

    # ------------------------------------------------------------------ values
    def val(self, v: Value, loc: Loc) -> Expr:
        if isinstance(v, Local):
            t = self.types.get(v.name, v.ty)
            if isinstance(t, StructTy):
                raise unsupported(loc, f"aggregate value %{v.name} used as a scalar")
            return Var(self.local_name(v.name))
        if isinstance(v, ConstInt):
            return self.enc.lit(v.value, v.ty.bits)
        if isinstance(v, NullPtr):
            return self.enc.ptr_lit(0)
        if isinstance(v, GlobalRef):
            if v.name not in self.mt.addr:
                raise unsupported(loc, f"reference to unknown global @{v.name}")
            return self.enc.ptr_lit(self.mt.addr[v.name])
        if isinstance(v, Undef):
            return self.arbitrary(v.ty, loc)
        if isinstance(v, ConstFloat):
            return self.float_const(v.text, v.ty, loc)
        if isinstance(v, ZeroInit) and is_float(v.ty):
            return self.float_zero(v.ty, loc)
        if isinstance(v, ZeroInit) and isinstance(v.ty, (IntTy, PtrTy)):
            return self.enc.lit(0, v.ty.bits) if isinstance(v.ty, IntTy) else self.enc.ptr_lit(0)
        if isinstance(v, ConstExpr):
            return self.const_expr(v, loc)
        raise unsupported(loc, f"operand {type(v).__name__} of type {getattr(v, 'ty', '?')}")

    def arbitrary(self, t: Ty, loc: Loc) -> Expr:
        x = self.fresh(self.btype(t, loc), "undef")
        self.emit(Havoc((x.name,), loc=loc))
        self.assume_range(x, t, loc)
        return x

    def assume_range(self, x: Expr, t: Ty, loc: Loc) -> None:
        if not isinstance(t, (IntTy, PtrTy)):
            return                            # a float: every value of its type is one
        r = (self.enc.in_range(x, t.bits) if isinstance(t, IntTy)
             else self.enc.ptr_in_range(x))
        if r is not None:
            self.emit(Assume(r, loc=loc))

    def const_expr(self, v: ConstExpr, loc: Loc) -> Expr:
        if v.op == "getelementptr":
            return self.gep(self.val(v.operands[0], loc), v.aux, v.operands[1:], loc)
        if v.op in ("bitcast", "addrspacecast") and isinstance(v.ty, PtrTy):
            return self.val(v.operands[0], loc)
        if v.op == "ptrtoint" and isinstance(v.ty, IntTy):
            return self.enc.ptr_to_int(self.val(v.operands[0], loc), v.ty.bits)
        if v.op == "inttoptr" and isinstance(v.ty, PtrTy):
            return self.int_to_ptr(v.operands[0], loc)
        if v.op in ("trunc", "zext", "sext") and isinstance(v.ty, IntTy):
            a = v.operands[0]
            return self.cast(v.op, self.val(a, loc), a.ty, v.ty, loc)
        if v.op in ("add", "sub", "mul", "and", "or", "xor", "shl", "lshr", "ashr") \
                and isinstance(v.ty, IntTy) and v.ty.bits > 1:
            return self.enc.binop(v.op, self.val(v.operands[0], loc),
                                  self.val(v.operands[1], loc), v.ty.bits, v.flags)
        raise unsupported(loc, f"constant expression {v.op}")



    def i_add(self, ins, loc, block):
        bits = self._int_bits(ins.ty, loc, ins.opcode)
        a, b = (self.val(v, loc) for v in ins.operands)
        if bits == 1:
            e = {"add": App(Op.NEQ, (a, b)), "sub": App(Op.NEQ, (a, b)),
                 "xor": App(Op.NEQ, (a, b)), "and": App(Op.AND, (a, b)),
                 "or": App(Op.OR, (a, b)), "mul": App(Op.AND, (a, b))}.get(ins.opcode)
            if e is None:
                raise unsupported(loc, f"'{ins.opcode}' on i1")
            self.assign(ins, e, loc)
            return
        for c in arith_checks(self.enc, self.mt.opts.checks, ins.opcode, a, b, bits,
                              ins.flags, loc):
            self.emit(c)
        if ins.opcode in ("or", "xor") and not self.enc.bv and disjoint(self.defs, ins, bits):
            # no common 1 bit (a bit-field update): the sum, stated linearly (known_bits.py)
            self.assign(ins, self.enc.from_u(App(Op.ADD, (self.enc.to_u(a, bits),
                                                          self.enc.to_u(b, bits))), bits), loc)
            return
        self.assign(ins, self.enc.binop(ins.opcode, a, b, bits, ins.flags), loc)

    i_sub = i_mul = i_udiv = i_sdiv = i_urem = i_srem = i_shl = i_lshr = i_ashr = i_add
    i_and = i_or = i_xor = i_add

    def i_icmp(self, ins, loc, block):
        a_v, b_v = ins.operands
        a, b = self.val(a_v, loc), self.val(b_v, loc)
        if isinstance(a_v.ty, PtrTy):
            self.assign(ins, self.enc.ptr_cmp(ins.pred, a, b), loc)
            return
        bits = self._int_bits(a_v.ty, loc, "icmp")
        self.assign(ins, self.enc.icmp(ins.pred, a, b, bits), loc)

    def i_select(self, ins, loc, block):
        c, a, b = (self.val(v, loc) for v in ins.operands)
        self.btype(ins.ty, loc)
        self.assign(ins, Ite(c, a, b), loc)

    def i_freeze(self, ins, loc, block):
        self.assign(ins, self.val(ins.operands[0], loc), loc)

    def cast(self, op: str, e: Expr, src: Ty, dst: Ty, loc: Loc) -> Expr:
        if op in ("trunc", "zext", "sext"):
            sb, db = self._int_bits(src, loc, op), self._int_bits(dst, loc, op)
            return getattr(self.enc, op)(e, sb, db)
        if op == "ptrtoint":
            return self.enc.ptr_to_int(e, self._int_bits(dst, loc, op))
        if op in ("bitcast", "addrspacecast") and isinstance(src, PtrTy) \
                and isinstance(dst, PtrTy):
            return e
        if op == "bitcast" and src == dst:
            return e
        raise unsupported(loc, f"cast {op} from {src} to {dst}")

    def i_trunc(self, ins, loc, block):
        a = ins.operands[0]
        if is_float(a.ty) or is_float(ins.ty):
            self.float_cast(ins, loc)
            return
        if ins.opcode == "inttoptr":
            self.assign(ins, self.int_to_ptr(a, loc), loc)
            return
        self.assign(ins, self.cast(ins.opcode, self.val(a, loc), a.ty, ins.ty, loc), loc)

    i_zext = i_sext = i_ptrtoint = i_inttoptr = i_bitcast = i_addrspacecast = i_trunc

    def int_to_ptr(self, a: Value, loc: Loc) -> Expr:
        """The pointer `inttoptr` makes of integer `a` (an instruction's operand or a
        constant expression's): the integer as address.  regions.py put it in the node of
        the exposed objects (exposed.py) or gave the module ONE memory region, unless `a`
        is a constant below every object."""
        bits = self._int_bits(a.ty, loc, "inttoptr")
        if isinstance(a, ConstInt) and a.value == 0:
            return self.enc.ptr_lit(0)
        regions = self.mt.regions
        assert regions.collapsed or regions.made_of_int or below_objects(a), \
            "regions.py missed an inttoptr"
        return self.enc.int_to_ptr(self.val(a, loc), bits)
