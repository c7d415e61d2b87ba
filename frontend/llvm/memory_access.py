"""LLVM memory instructions: the memory part of the function translator.

Role: `alloca` (a promoted alloca is a local; any other bumps `$CurrAddr`, allocation.py),
`load` and `store` through the region maps of regions.py (word maps, field-split maps, byte
maps; memory checks from memsafety.py), the initial contents of globals (`store_const`), and
`getelementptr` address arithmetic.
"""
from __future__ import annotations

from boogie import trace_attrs as ta
from boogie.ast import (App, Assert, Assign, Assume, Attr, BoolLit, BvLit, Expr, Extract, Havoc, INT,
                        IntLit, Ite, Loc, MapSelect, MapStore, Op, Var)

from frontend.common import huge_allocation, int_lit
from frontend.properties import property_attr
import frontend.llvm.memsafety as memsafety

from .allocation import bump
from .ir import (ArrayTy, ConstFloat, ConstInt, Instr, IntTy, Local, NullPtr, PtrTy, StructTy, Ty, Undef,
                 Value, VectorTy, ZeroInit)
from .memops import block_length, fill_block
from .names import unsupported
from .floats import float_bits, is_float
import frontend.floatenc as floatenc
from .objects import scalar_leaves
from .regions import Region
from .trace_notes import show_store


_MAX_UNROLL = 4096          # scalars of an initialiser stored one by one


class MemoryAccessMixin:
    """Memory of one function (mixed into `function.FunctionTranslator`)."""

    def region(self, ptr: Value, loc: Loc) -> Region:
        reg = self.mt.regions.region_of(self.f, ptr)
        if reg is None:
            raise unsupported(loc, f"memory access through {type(ptr).__name__} "
                                   f"{getattr(ptr, 'name', '')}".rstrip())
        return reg

    def promoted_var(self, ptr: Value, loc: Loc) -> Var | None:
        """The local holding a promoted alloca's contents, when ptr is such an alloca."""
        if isinstance(ptr, Local) and ptr.name in self.promoted:
            return self.declare(self.local_name(ptr.name),
                                self.btype(self.promoted[ptr.name], loc))
        return None

    def i_alloca(self, ins, loc, block):
        x = self.promoted_var(Local(ins.name, ins.ty), loc) if ins.name else None
        if x is not None:
            # fresh stack memory: any value of the type (once per call: entry block)
            self.emit(Havoc((x.name,), loc=loc))
            t = self.promoted[ins.name]
            if not self.enc.bv and not (isinstance(t, IntTy) and t.bits == 1):
                self.assume_range(x, t, loc)
            return
        try:
            size = self.dl.size(ins.aux)
        except TypeError as e:
            raise unsupported(loc, f"alloca of {ins.aux}: {e}")
        if ins.operands:
            n = ins.operands[0]
            if isinstance(n, ConstInt):
                self.allocate(ins, self.enc.ptr_lit(size * n.value), loc, const=size * n.value)
            else:
                self._int_bits(n.ty, loc, "alloca count")
                cnt = self.pin(block_length(self, n, loc)[1], loc)
                total = self.pin(self.enc.ptr_mul(cnt, size), loc)
                # a huge (or negative) length: an empty block, no end of the path
                # (common.huge_allocation)
                huge = self.enc.ptr_cmp("uge", total,
                                        self.enc.ptr_lit(huge_allocation(self.dl.ptr_bits)))
                self.allocate(ins, Ite(huge, self.enc.ptr_lit(0), total), loc)
            return
        self.allocate(ins, self.enc.ptr_lit(size), loc, const=size)

    def to_ptr_width(self, e: Expr, bits: int) -> Expr:
        if not self.enc.bv or bits == self.dl.ptr_bits:
            return e
        return Extract(e, self.dl.ptr_bits, 0) if bits > self.dl.ptr_bits else \
            self.enc.zext_bv(e, bits, self.dl.ptr_bits)

    def allocate(self, ins: Instr, size: Expr, loc: Loc, const: int | None = None,
                 how: str = "local") -> None:
        """`r := $CurrAddr; $CurrAddr := $CurrAddr + size (aligned)`; for a size not
        known statically the new counter is assumed not to wrap around.  `how`: "local"
        (an alloca: the trace names it by its C variable) or the allocating function."""
        var = self.src.var(ins.name) if how == "local" and ins.name else None
        name = var.name if var is not None else ("" if how != "local" else ins.name or "")
        self.allocate_to(self.result(ins, loc), size, loc, const,
                         ta.obj(name, how if var is not None or how != "local" else "copy",
                                size), kind=how)

    def allocate_to(self, r: Var, size: Expr, loc: Loc, const: int | None = None,
                    obj: Attr | None = None, kind: str = "") -> None:
        """`kind` (memory checks): "malloc"/"calloc" a heap object, "local"/"alloca" one
        of this frame, "" none."""
        self.emit(Assign((r,), (Var("$CurrAddr"),), (obj,) if obj is not None else (), loc=loc))
        with self.step_continues():     # one step with the read: allocation.py
            bump(self, r, size, loc, const, kind)

    def i_load(self, ins, loc, block):
        if "atomic" in ins.flags and not isinstance(ins.ty, (IntTy, PtrTy)):
            raise unsupported(loc, "atomic load")   # a scalar's: one step (threads.py)
        t = ins.ty
        if isinstance(t, StructTy):
            reg = self.region(ins.operands[0], loc)
            p = self.pin(self.val(ins.operands[0], loc), loc)
            for x, (off, ft) in zip(self.agg_vars(ins.name, t, loc), self.agg_fields(t, loc)):
                self.emit(Assign((x,), (self.load(reg, self.enc.ptr_add(
                    p, self.enc.ptr_lit(off)), ft, loc),), loc=loc))
                if not self.enc.bv and not (isinstance(ft, IntTy) and ft.bits == 1):
                    self.assume_range(x, ft, loc)
            return
        if is_float(t):
            return self.float_load(ins, loc)
        if not isinstance(t, (IntTy, PtrTy)):
            raise unsupported(loc, f"load of type {t}")
        x = self.promoted_var(ins.operands[0], loc)
        if x is not None:
            self.assign(ins, x, loc)
            return
        reg = self.region(ins.operands[0], loc)
        p = self.val(ins.operands[0], loc)
        self.assign(ins, self.load(reg, p, t, loc), loc)
        if not self.enc.bv and not (isinstance(t, IntTy) and t.bits == 1):
            # memory never written holds arbitrary integers: keep values canonical
            self.assume_range(self.result(ins, loc), t, loc)

    def i_store(self, ins, loc, block):
        if "atomic" in ins.flags and not isinstance(ins.operands[0].ty, (IntTy, PtrTy)):
            raise unsupported(loc, "atomic store")
        v = ins.operands[0]
        if isinstance(v.ty, StructTy):
            reg = self.region(ins.operands[1], loc)
            p = self.pin(self.val(ins.operands[1], loc), loc)
            for e, (off, ft) in zip(self.agg_vals(v, loc), self.agg_fields(v.ty, loc)):
                self.store(reg, self.enc.ptr_add(p, self.enc.ptr_lit(off)), ft, e, loc)
            return
        if is_float(v.ty):
            return self.float_store(ins, loc)
        if not isinstance(v.ty, (IntTy, PtrTy)):
            raise unsupported(loc, f"store of type {v.ty}")
        x = self.promoted_var(ins.operands[1], loc)
        if x is not None:
            e = self.val(v, loc)
            self.emit(Assign((x,), (e,), show_store(self, ins.operands[1], v, e, None, loc),
                             loc=loc))
            return
        reg = self.region(ins.operands[1], loc)
        p = self.val(ins.operands[1], loc)
        e = self.val(v, loc)
        self.store(reg, p, v.ty, e, loc, show_store(self, ins.operands[1], v, e, p, loc))

    def float_load(self, ins, loc: Loc) -> None:
        """A float from memory: the integer of its width there is its pattern (floats.py)."""
        bits = float_bits(ins.ty, loc, "load")
        x = self.promoted_var(ins.operands[0], loc)
        if x is not None:
            self.assign(ins, x, loc)
            return
        reg = self.region(ins.operands[0], loc)
        e = self.load(reg, self.val(ins.operands[0], loc), IntTy(bits), loc)
        self.assign(ins, self.float_of_int_bits(e, bits), loc)

    def float_store(self, ins, loc: Loc) -> None:
        """A float into memory as its pattern (any NaN pattern for a NaN: floatenc.py)."""
        v, ptr = ins.operands
        bits = float_bits(v.ty, loc, "store")
        e = self.val(v, loc)
        x = self.promoted_var(ptr, loc)
        if x is not None:
            self.emit(Assign((x,), (e,), show_store(self, ptr, v, e, None, loc), loc=loc))
            return
        reg = self.region(ptr, loc)
        p = self.val(ptr, loc)
        attrs = show_store(self, ptr, v, e, p, loc)
        self.store(reg, p, IntTy(bits), self.int_bits_of_float(e, bits, loc), loc, attrs)

    def _size(self, t: Ty) -> int:
        return self.dl.ptr_bits // 8 if isinstance(t, PtrTy) else self.dl.store_size(t)

    def load(self, reg: Region, p: Expr, t: Ty, loc: Loc) -> Expr:
        size = self._size(t)
        if self.mt.opts.checks.memory:
            memsafety.access(self, p, size, loc)
        m = self.mt.map_of(reg, size if reg.split else 0)
        if not reg.byte_level:
            assert reg.split or reg.word_size == size, (reg, t)
            cell = MapSelect(m, (p,))
            if isinstance(t, IntTy) and t.bits == 1:
                return App(Op.NEQ, (cell, self.enc.lit(0, 8)))
            if isinstance(t, IntTy) and t.bits != 8 * size:
                return self.enc.trunc(cell, 8 * size, t.bits) if self.enc.bv else cell
            return cell
        cells = [MapSelect(m, (self.enc.ptr_add(p, self.enc.ptr_lit(k)),)) for k in range(size)]
        bits = 8 * size
        if self.enc.bv:
            e = cells[0]
            for c in cells[1:]:
                e = App(Op.CONCAT, (c, e))
            if isinstance(t, IntTy) and t.bits == 1:
                return App(Op.NEQ, (e, BvLit(0, 8)))
            if isinstance(t, IntTy) and t.bits != bits:
                return Extract(e, t.bits, 0)
            return e
        for c in cells:                       # bytes never written are still bytes
            self.emit(Assume(App(Op.AND, (App(Op.LE, (IntLit(0), c)),
                                          App(Op.LT, (c, IntLit(256))))), loc=loc))
        e = cells[0]
        for k, c in enumerate(cells[1:], 1):
            e = App(Op.ADD, (e, App(Op.MUL, (c, IntLit(1 << (8 * k))))))
        if isinstance(t, IntTy) and t.bits == 1:
            return App(Op.NEQ, (e, IntLit(0)))
        if isinstance(t, PtrTy):
            return e
        return self.enc.from_u(e, bits) if t.bits == bits else self.enc.wrap_s(e, t.bits)

    def store(self, reg: Region, p: Expr, t: Ty, v: Expr, loc: Loc,
              attrs: tuple[Attr, ...] = ()) -> None:
        """Write v (of type t) at p; `attrs` (the trace's view) go on the first command."""
        if self.mt.opts.checks.memory:
            memsafety.access(self, p, self._size(t), loc)
        if not reg.read:
            if attrs:                         # nothing reads this region: the trace still does
                self.emit(Assume(BoolLit(True), attrs, loc=loc))
            return
        size = self._size(t)
        m = self.mt.map_of(reg, size if reg.split else 0)
        if isinstance(t, IntTy) and t.bits == 1:
            v, t = self.enc.of_bool(v, 8), IntTy(8)
        if not reg.byte_level:
            assert reg.split or reg.word_size == size, (reg, t)
            if self.enc.bv and isinstance(t, IntTy) and t.bits != 8 * size:
                v = self.enc.zext_bv(v, t.bits, 8 * size)
            self.emit(Assign((MapSelect(m, (p,)),), (v,), attrs, loc=loc))
            return
        e: Expr = m
        if self.enc.bv:
            if isinstance(t, IntTy) and t.bits != 8 * size:
                v = self.enc.zext_bv(v, t.bits, 8 * size)
            for k in range(size):
                e = MapStore(e, (self.enc.ptr_add(p, self.enc.ptr_lit(k)),),
                             Extract(v, 8 * k + 8, 8 * k))
        else:
            u = v if isinstance(t, PtrTy) else self.enc.to_u(v, t.bits)
            if size > 1 and isinstance(u, IntLit):
                n = u.value % (1 << (8 * size))
                byts: list[Expr] = [IntLit(n >> (8 * k) & 255) for k in range(size)]
            elif size > 1:
                byts, attrs = self._bytes_of(u, size, attrs, loc), ()
            else:
                byts = [u]
            for k, byte in enumerate(byts):
                e = MapStore(e, (self.enc.ptr_add(p, self.enc.ptr_lit(k)),), byte)
        self.emit(Assign((m,), (e,), attrs, loc=loc))

    def _bytes_of(self, u: Expr, size: int, attrs: tuple[Attr, ...], loc: Loc) -> list[Var]:
        """int encoding: the `size` little-endian bytes of `u` mod 2^(8 size), as fresh
        locals b_k with 0 <= b_k < 256 and u == b_0 + 256 b_1 + ... + 2^(8 size) q (q a
        fresh integer): the representation is unique, so this is exact for any integer u,
        and linear, where `u div 256^k mod 256` gives the solver a division term per byte
        (a pointer store then costs it several; the byte-level regions of the DDK drivers
        spent minutes there).  `attrs` (the trace's view of the store) go on the first
        command."""
        if attrs:
            self.emit(Assume(BoolLit(True), attrs, loc=loc))
        byts = [self.fresh(INT, "b") for _ in range(size)]
        q = self.fresh(INT, "q")
        self.emit(Havoc(tuple(b.name for b in byts) + (q.name,), loc=loc))
        total: Expr = App(Op.MUL, (q, IntLit(1 << (8 * size))))
        for k, b in enumerate(byts):
            self.emit(Assume(App(Op.AND, (App(Op.LE, (IntLit(0), b)),
                                          App(Op.LT, (b, IntLit(256))))), loc=loc))
            total = App(Op.ADD, (App(Op.MUL, (b, IntLit(1 << (8 * k)))) if k else b, total))
        self.emit(Assume(App(Op.EQ, (u, total)), loc=loc))
        return byts

    def store_const(self, reg: Region, addr: int, t: Ty, init: Value, loc: Loc) -> None:
        """Initial contents of a global: zero subtrees first (whole cells), then the other
        scalar leaves of `init`, stored at `addr`; undef leaves stay arbitrary."""
        leaves = scalar_leaves(self.dl, t, init)
        if len(leaves) > _MAX_UNROLL:
            raise unsupported(loc, f"initialiser with {len(leaves)} scalars")
        step = 1 if reg.byte_level else reg.word_size
        for a, lt, v in leaves:
            if isinstance(v, ZeroInit) or (isinstance(v, ConstInt) and v.value == 0) \
                    or isinstance(v, NullPtr):
                n = self.dl.size(lt) if not isinstance(lt, IntTy) else self.dl.store_size(lt)
                lo, hi = (addr + a) // step * step, -(-(addr + a + n) // step) * step
                fill_block(self, reg, self.enc.ptr_lit(lo), hi - lo, None, 0, loc)
        for a, lt, v in leaves:
            if isinstance(v, (ZeroInit, Undef, NullPtr)) or \
                    (isinstance(v, ConstInt) and v.value == 0):
                continue
            if is_float(lt) and isinstance(v, ConstFloat):
                bits = float_bits(lt, loc, "initialiser")
                pattern = floatenc.bits_of_text(v.text, bits)
                if pattern is None:
                    raise unsupported(loc, f"floating-point constant {v.text} of type {lt}")
                self.store(reg, self.enc.ptr_lit(addr + a), IntTy(bits),
                           self.enc.lit(pattern, bits), loc)
                continue
            if not isinstance(lt, (IntTy, PtrTy)):
                raise unsupported(loc, f"initialiser {type(v).__name__} of type {lt}")
            self.store(reg, self.enc.ptr_lit(addr + a), lt, self.val(v, loc), loc)

    def gep(self, base: Expr, src: Ty, idx: tuple[Value, ...], loc: Loc) -> Expr:
        t = src
        e = base
        const = 0
        for n, i in enumerate(idx):
            if n == 0:
                elem = t
            elif isinstance(t, StructTy):
                if not isinstance(i, ConstInt):
                    raise unsupported(loc, "getelementptr with a variable struct index")
                const += self.dl.field_offsets(t)[i.value]
                t = t.fields[i.value]
                continue
            elif isinstance(t, (ArrayTy, VectorTy)):
                elem = t.elem
            else:
                raise unsupported(loc, f"getelementptr into {t}")
            try:
                size = self.dl.size(elem)
            except TypeError as err:
                raise unsupported(loc, f"getelementptr over {elem}: {err}")
            if isinstance(i, ConstInt):
                const += i.signed * size
            elif isinstance(i.ty, IntTy):
                iv = self.val(i, loc)
                if n > 0 and isinstance(t, ArrayTy) and t.count > 1 and \
                        self.mt.opts.checks.index:
                    self._index_check(iv, i.ty.bits, t.count, loc)
                if self.enc.bv:
                    iv = self.enc.resize_signed(iv, i.ty.bits, self.dl.ptr_bits)
                e = self.enc.ptr_add(e, self.enc.ptr_mul(iv, size))
            else:
                raise unsupported(loc, f"getelementptr index of type {i.ty}")
            t = elem
        if const:
            e = self.enc.ptr_add(e, self.enc.ptr_lit(const % (1 << self.dl.ptr_bits))
                                 if self.enc.bv else int_lit(const))
        return e

    def _index_check(self, iv: Expr, bits: int, count: int, loc: Loc) -> None:
        """An index into [count x T] (count > 1: a trailing [0 x T] or [1 x T] is often a
        flexible member) within 0..count, one past the end included (the address only:
        a getelementptr does not access): kind array_bounds, only ever an assumption
        (frontend/properties.py)."""
        if self.enc.bv:
            ok = App(Op.AND, (self.enc.bvop("bvsge", bits, iv, self.enc.lit(0, bits),
                                            pred=True),
                              self.enc.bvop("bvsle", bits, iv, self.enc.lit(count, bits),
                                            pred=True)))
        else:
            ok = App(Op.AND, (App(Op.LE, (IntLit(0), iv)), App(Op.LE, (iv, IntLit(count)))))
        self.emit(Assert(ok, (property_attr("array_bounds", "array index out of bounds"),),
                         loc=loc))

    def i_getelementptr(self, ins, loc, block):
        if isinstance(ins.ty, VectorTy):
            raise unsupported(loc, "vector getelementptr")
        self.assign(ins, self.gep(self.val(ins.operands[0], loc), ins.aux,
                                  ins.operands[1:], loc), loc)
