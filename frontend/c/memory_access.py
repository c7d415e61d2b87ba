"""Places and memory: lvalues, loads and stores, bit-fields, pointer arithmetic, allocation.

Role: `lvalue(node)` gives a place -- a Boogie variable (`LVar`), a memory object at an
address (`LMem`, with a struct field's own map when it has one) or a bit-field (`LBits`);
`load`/`store` read and write a place, a struct member by member.  Which heap map holds an
access is frontend/memory.py's decision (`Memory.load`/`store`); a bit-field is extracted
from / spliced into its storage unit.  Pointers are integers of the pointer width: `p + i`
moves by i elements, and `allocate` takes a fresh block from the counter `$alloc`
(`p := $alloc; havoc $alloc; assume $alloc > p + size`), HAVOC-style (Lal & Qadeer,
"Reachability Modulo Theories", Section 4).
"""
from __future__ import annotations

from dataclasses import replace

from boogie import trace_attrs as ta
from boogie.ast import (App, Assign, Attr, BvLit, Expr, Extract, Havoc, IntLit, Loc, MapSelect, Op,
                        Var)
from boogie.errors import BoogieError, error
from boogie.visit import free_vars

import frontend.c.memsafety as memsafety
from .floats import float_bits
from .symbols import Sym
from .trace_text import ctag, leaf_paths
from .typesys import (VOID, ArrayT, CType, FloatT, FuncT, IntT, PtrT, StructT, VoidT,
                      unsupported)
from .values import LBits, LMem, LVar, V
from .vla import is_variable, require_known, size_of


class MemoryAccessMixin:
    """Places, memory and addresses (mixed into `function.FunctionTranslator`)."""

    def place_of(self, sym: Sym):
        if sym.kind == "var":
            return LVar(sym.name, sym.type)
        return LMem(sym.addr, sym.type)

    # ---------------------------------------------------------------- places
    def lvalue(self, node):
        kind = type(node).__name__
        loc = self.loc(node)
        if kind == "ID":
            sym = self.pt.lookup(node.name)
            if sym is None or sym.kind not in ("var", "mem"):
                raise error("type", loc, f"'{node.name}' is not a variable")
            return self.place_of(sym)
        if kind == "UnaryOp" and node.op == "*":
            p = self.rvalue(node.expr)
            if not isinstance(p.type, PtrT):
                raise error("type", loc, f"dereference of a non-pointer ({p.type})")
            if isinstance(p.type.target, FuncT):
                raise unsupported(loc, "call through a function pointer")
            if isinstance(p.type.target, VoidT):
                raise error("type", loc, "dereference of a void pointer")
            return self.mem_place(p.expr, p.type.target)
        if kind == "ArrayRef":
            base, idx = self.rvalue(node.name), self.rvalue(node.subscript)
            if isinstance(idx.type, PtrT) and isinstance(base.type, IntT):
                base, idx = idx, base
            if not isinstance(base.type, PtrT):
                raise error("type", loc, f"subscript of a non-pointer ({base.type})")
            self.subscripts[id(node)] = idx
            if self.enc.checks.index:
                self.index_check(node.name, idx, loc)
            p = self.pointer_arith("+", base, idx, loc)
            return self.mem_place(p.expr, base.type.target)
        if kind == "StructRef":
            if node.type == "->":
                p = self.rvalue(node.name)
                if not isinstance(p.type, PtrT) or not isinstance(p.type.target, StructT):
                    raise error("type", loc, f"'->' on {p.type}")
                base, st = p.expr, p.type.target
            else:
                inner = self.lvalue_or_struct(node.name)
                if not isinstance(inner.type, StructT):
                    raise error("type", loc, f"'.' on {inner.type}")
                base, st = inner.addr, inner.type
            bf = self.bitfield(st, node.field.name)
            if bf is not None:
                unit = self.mem_place(self.addr_add(base, bf.unit_offset), bf.unit_type)
                return LBits(unit.addr, bf.type, bf.unit_type, bf.bit, bf.width)
            off, ft, owner = self.field(st, node.field.name, loc, base)
            pl = self.mem_place(self.addr_add(base, off), ft)
            fmap = self.mem.field_map(owner, node.field.name, ft)
            return replace(pl, map=fmap) if fmap else pl
        if kind == "Compound":
            raise unsupported(loc, "statement expression used as an lvalue")
        if kind == "CompoundLiteral":
            t = self.pt.resolve_type(node.type)
            size = self.pt.types.sizeof(t, loc)
            addr = self.allocate(V(self.enc.lit(size, self.dm.SIZE_T), self.dm.SIZE_T), loc,
                                 "literal", how="copy")
            self.init_object(addr, t, node.init, loc, zero=True)
            return LMem(addr, t)
        if kind == "Cast":
            raise unsupported(loc, "cast used as an lvalue")
        raise error("type", loc, f"expression {kind} is not an lvalue")

    def index_check(self, array, idx: V, loc: Loc) -> None:
        """`array[idx]` with `array` of array type T[N], N > 1 (a trailing T[0] or T[1] is
        often a flexible member in disguise): the check 0 <= idx < N (kind array_bounds;
        only ever an assumption, frontend/properties.py)."""
        at = self.type_of(array)
        if not isinstance(at, ArrayT) or at.length is None or at.length <= 1 or \
                not isinstance(idx.type, IntT):
            return
        zero = V(self.enc.lit(0, self.dm.INT), self.dm.INT)
        n = V(self.enc.lit(at.length, self.dm.INT), self.dm.INT)
        inside = App(Op.AND, (self.relation(">=", idx, zero, loc),
                              self.relation("<", idx, n, loc)))
        self.check(inside, loc, "array index out of bounds", "array_bounds")

    def lvalue_or_struct(self, node) -> LMem:
        """A struct-typed operand of '.': an lvalue, or an rvalue struct (its copy)."""
        kind = type(node).__name__
        if kind in ("ID", "UnaryOp", "ArrayRef", "StructRef", "CompoundLiteral"):
            pl = self.lvalue(node)
            if isinstance(pl, LMem):
                return pl
        v = self.rvalue(node)
        return LMem(v.expr, v.type)

    def mem_place(self, addr: Expr, t: CType) -> LMem:
        if any(v in self.mem.maps for v in free_vars(addr)):
            addr = self.temp_of(V(addr, PtrT(t))).expr
        return LMem(addr, t)

    def mem_load(self, addr: Expr, t: CType, fmap: str | None = None) -> Expr:
        if self.pt.checks.memory:
            memsafety.access(self, addr, self.pt.types.sizeof(t, self.cur_loc), self.cur_loc)
        return self.mem.load(addr, t, self.enc, self.addr_add, fmap)

    def mem_store(self, addr: Expr, t: CType, value: Expr, loc: Loc,
                  fmap: str | None = None, show=None, shown: V | None = None) -> None:
        """Store `value` at addr; `show` = (lvalue text, holes) puts the trace's
        `{:cassign}` on the first command, with the value `shown` (a bit-field's own value;
        default: the value stored)."""
        if self.pt.checks.memory:
            memsafety.access(self, addr, self.pt.types.sizeof(t, loc), loc)
        if self.mem.byte_level and any(x in self.mem.maps for x in free_vars(value)):
            value = self.temp_of(V(value, t)).expr       # read before the bytes change
        attrs = ()
        if show is not None:
            sv = shown if shown is not None else V(value, t)
            attrs = (ta.assign(show[0], ctag(sv.type), sv.expr, show[1]),)
        for lhs, rhs in self.mem.store(addr, t, value, self.enc, self.addr_add, fmap):
            self.emit(Assign((lhs,), (rhs,), attrs, loc=loc))
            attrs = ()

    def bitfield(self, st: StructT, name: str):
        info = self.pt.types.structs.get(st.key)
        return info.bitfields.get(name) if info is not None else None

    def load_bits(self, pl: LBits) -> V:
        t, w = pl.type, pl.width
        unit = self.mem_load(pl.addr, pl.unit_type)
        if self.enc.is_bv:
            raw = Extract(unit, pl.bit + w, pl.bit)
            return V(self.enc.convert(raw, IntT("bitfield", w, t.signed), t), t)
        raw = App(Op.MOD, (App(Op.DIV, (unit, IntLit(1 << pl.bit))), IntLit(1 << w)))
        if t.signed:
            raw = self.enc.wrap(raw, IntT("bitfield", w, True))
        return V(raw, t)

    def store_bits(self, pl: LBits, v: V, loc: Loc, show=None) -> None:
        t, w, ub = pl.type, pl.width, pl.unit_type.bits
        cell = self.temp_of(V(self.mem_load(pl.addr, pl.unit_type), pl.unit_type)).expr
        if self.enc.is_bv:
            vb = self.enc.convert(v.expr, t, IntT("bitfield", w, False)) if w != t.bits \
                else v.expr
            if t.bits != w and not isinstance(vb, BvLit):
                vb = Extract(v.expr, w, 0)
            new = vb
            if pl.bit > 0:
                new = App(Op.CONCAT, (new, Extract(cell, pl.bit, 0)))
            if pl.bit + w < ub:
                new = App(Op.CONCAT, (Extract(cell, ub, pl.bit + w), new))
        else:
            vb = App(Op.MOD, (v.expr, IntLit(1 << w)))
            old = App(Op.MOD, (App(Op.DIV, (cell, IntLit(1 << pl.bit))), IntLit(1 << w)))
            new = App(Op.ADD, (cell, App(Op.MUL, (App(Op.SUB, (vb, old)),
                                                  IntLit(1 << pl.bit)))))
        self.mem_store(pl.addr, pl.unit_type, new, loc, show=show, shown=v)

    def field(self, st: StructT, name: str, loc: Loc,
              base: Expr | None = None) -> tuple[int, CType, StructT]:
        """Offset and type of member `name`, and the struct that declares it (an anonymous
        member's struct for its flattened fields)."""
        info = self.pt.types.structs.get(st.key)
        if info is None or not info.complete:
            raise error("type", loc, f"member access in incomplete {st}")
        f = info.field(name)
        if f is not None:
            if st.is_union:
                self.mem.note_union(st, loc, base, f.type)
            return f.offset, f.type, st
        for g in info.fields:
            if g.name.startswith("$anon") and isinstance(g.type, StructT):
                try:
                    off, t, owner = self.field(g.type, name, loc, base)
                    if st.is_union:
                        self.mem.note_union(st, loc, base, g.type)
                    return g.offset + off, t, owner
                except BoogieError:
                    continue
        raise error("type", loc, f"{st} has no member '{name}'")

    def load(self, pl, loc: Loc) -> V:
        if isinstance(pl, LVar):
            v = V(Var(pl.name, loc=loc), pl.type)
            # in a threaded program a read of shared memory is a step of its own, so that
            # another thread may run between it and the write that uses it (threads.py)
            return self.temp_of(v) if self.pt.threaded and pl.name in self.pt.global_vars \
                else v
        if isinstance(pl, LBits):
            return self.load_bits(pl)
        t = pl.type
        if isinstance(t, ArrayT):
            return V(pl.addr, PtrT(t.elem))
        if isinstance(t, StructT):
            return V(pl.addr, t)
        if isinstance(t, FloatT):        # the value of the pattern in memory (floats.py)
            bits = float_bits(t, loc)
            v = V(self.float_of_pattern(self.mem_load(pl.addr, t, pl.map), bits), t)
            return self.temp_of(v) if self.pt.threaded else v
        if isinstance(t, FuncT):
            raise unsupported(loc, "function pointer")
        if isinstance(t, VoidT):
            raise error("type", loc, "read of a void object")
        v = V(self.mem_load(pl.addr, t, pl.map), t)
        return self.temp_of(v) if self.pt.threaded else v

    def store(self, pl, v: V, loc: Loc, show=None) -> None:
        """Write v into place pl; `show` = (lvalue text, holes) when the trace is to show
        the write (an assignment of the program, not an initialisation or a copy)."""
        if isinstance(pl, LVar):
            attrs = (ta.assign(show[0], ctag(pl.type), v.expr, show[1]),) if show else ()
            self.emit(Assign((Var(pl.name, loc=loc),), (v.expr,), attrs, loc=loc))
            return
        if isinstance(pl, LBits):
            self.store_bits(pl, v, loc, show)
            return
        t = pl.type
        if isinstance(t, (IntT, PtrT)):
            self.mem_store(pl.addr, t, v.expr, loc, pl.map, show)
            return
        if isinstance(t, FloatT):         # a pattern of the value (floats.py)
            pattern = self.pattern_of_float(v.expr, float_bits(t, loc), loc)
            self.mem_store(pl.addr, t, pattern, loc, pl.map, show, shown=v)
            return
        if isinstance(t, StructT):
            if v.type != t:
                raise error("type", loc, f"assignment of {v.type} to {t}")
            src = self.temp_of(v).expr if any(x in self.mem.maps for x in free_vars(v.expr)) \
                else v.expr
            paths = {off: path for off, path, _ in
                     (leaf_paths(self.pt.types, t, loc) or ())} if show else {}
            for off, lt, fmap in self.mem.leaves(t, loc, members_only=True):
                leaf = (show[0] + paths[off], show[1]) if off in paths else None
                self.mem_store(self.addr_add(pl.addr, off), lt,
                               self.mem_load(self.addr_add(src, off), lt, fmap), loc, fmap,
                               leaf)
            return
        raise unsupported(loc, f"assignment to an object of type {t}")

    # ---------------------------------------------------------------- addresses
    def addr_add(self, addr: Expr, off: int) -> Expr:
        if off == 0:
            return addr
        pt = PtrT(VOID)
        if self.enc.is_bv:
            if isinstance(addr, BvLit):
                return self.enc.lit(addr.value + off, pt)
            return self.enc.binary("+", addr, self.enc.lit(off, pt), self.dm.UINTPTR, self,
                                   self.cur_loc)
        if isinstance(addr, IntLit):
            return IntLit(addr.value + off)
        return App(Op.ADD, (addr, IntLit(off)))

    def ptr_add_int(self, addr: Expr, n: V) -> Expr:
        """addr + n (bytes), n an integer value."""
        off = self.convert(n, self.dm.UINTPTR if self.enc.is_bv else self.dm.PTRDIFF_T,
                           self.cur_loc)
        if self.enc.is_bv:
            return self.enc.binary("+", addr, off.expr, self.dm.UINTPTR, self, self.cur_loc)
        return App(Op.ADD, (addr, off.expr))

    def ptr_cmp(self, op: str, a: Expr, b: Expr) -> Expr:
        return self.enc.compare(op, a, b, PtrT(VOID))

    def pointer_arith(self, op: str, p: V, i: V, loc: Loc) -> V:
        """p + i or p - i (i an integer): moves by i elements."""
        assert isinstance(p.type, PtrT)
        if not isinstance(i.type, IntT):
            raise error("type", loc, f"pointer arithmetic with {i.type}")
        diff_t = self.dm.PTRDIFF_T
        iv = self.enc.offset(i.expr, i.type, diff_t) if isinstance(i.type, IntT) and \
            i.type.bits == diff_t.bits and i.type.name != "_Bool" else \
            self.convert(i, diff_t, loc).expr
        if is_variable(p.type.target):      # a row of a variable-length array (vla.py)
            return self.pointer_step(op, p, iv, size_of(self, p.type.target, loc), loc)
        require_known(p.type.target, "pointer arithmetic or indexing", loc)
        size = self.pt.types.sizeof(p.type.target, loc)
        c = self.enc.const_value(iv, diff_t)
        if c is not None:
            off = c * size * (1 if op == "+" else -1)
            return V(self.addr_add(p.expr, off) if off >= 0 else
                     self.addr_sub(p.expr, -off), p.type)
        if size == 1:
            scaled = iv
        elif self.enc.is_bv:     # wraps like the machine; not a C-level signed overflow
            scaled = self.enc.binary("*", iv, self.enc.lit(size, diff_t),
                                     self.dm.ints["unsigned " + diff_t.name], self, loc)
        else:
            scaled = App(Op.MUL, (iv, IntLit(size)))
        if self.enc.is_bv:
            r = self.enc.binary(op, p.expr, scaled, self.dm.UINTPTR, self, loc)
        else:
            r = App(Op.ADD if op == "+" else Op.SUB, (p.expr, scaled))
        self.pt.ptr_sums.add((self.mem.current_proc, r))    # points_to.py: in p's object
        return V(r, p.type)

    def pointer_step(self, op: str, p: V, iv: Expr, size: V, loc: Loc) -> V:
        """p + iv * size or p - iv * size: iv a ptrdiff_t value, size (a size_t value) known
        at run time only."""
        diff_t = self.dm.PTRDIFF_T
        if self.enc.is_bv:     # wraps like the machine, as pointer_arith's constant stride
            udiff = self.dm.ints["unsigned " + diff_t.name]
            sz = self.convert(size, udiff, loc).expr
            scaled = self.enc.binary("*", iv, sz, udiff, self, loc)
            return V(self.enc.binary(op, p.expr, scaled, self.dm.UINTPTR, self, loc), p.type)
        scaled = App(Op.MUL, (iv, size.expr))
        return V(App(Op.ADD if op == "+" else Op.SUB, (p.expr, scaled)), p.type)

    def addr_sub(self, addr: Expr, off: int) -> Expr:
        if self.enc.is_bv:
            return self.enc.binary("-", addr, self.enc.lit(off, PtrT(VOID)), self.dm.UINTPTR,
                                   self, self.cur_loc)
        return App(Op.SUB, (addr, IntLit(off)))

    # ---------------------------------------------------------------- allocation
    def allocate(self, size: V, loc: Loc, why: str, name: str = "",
                 how: str = "") -> Expr:
        """A fresh, non-null block of `size` bytes, disjoint from every other block:
        p := $alloc; havoc $alloc; assume $alloc > p + size (no wrap-around).  The trace
        knows it as object `name` (a C variable; heap blocks are numbered) made by `how`
        (local, heap, copy)."""
        p = self.fresh(self.ptr_type(), hint="p")
        # sizes are unsigned: the block ends size bytes above p (no wrap to "negative")
        n = self.convert(size, self.dm.UINTPTR, loc).expr
        self.emit(Assign((p,), (Var("$alloc"),), attrs=(Attr("alloc", (why,)),
                                                ta.obj(name, how or why, n)), loc=loc))
        # the rest is one step with the read of $alloc: no other thread allocates between
        with self.step_continues():
            self._allocated(p, n, why, loc)
        return p

    def _allocated(self, p: Var, n: Expr, why: str, loc: Loc) -> None:
        alloc = Var("$alloc")
        end = self.enc.binary("+", p, n, self.dm.UINTPTR, self, loc) if self.enc.is_bv \
            else App(Op.ADD, (p, n))
        if self.pt.checks.memory:       # the next chunk boundary above the block
            memsafety.bump(self, end, loc)
        else:
            self.emit(Havoc(("$alloc",), loc=loc))
            self.assume(self.ptr_cmp(">", alloc, end), loc)
        if self.enc.is_bv:
            self.assume(self.ptr_cmp("<=", p, end), loc)
        # addresses stay in the lower half of the address space, in both encodings, so that
        # pointer <-> integer round trips agree
        self.assume(self.ptr_cmp("<", alloc, self.enc.lit(1 << (self.dm.ptr_bits - 1),
                                                           PtrT(VOID))), loc)
        if self.pt.track_sizes:     # realloc reads the size of the block it moves
            self.emit(Assign((MapSelect(Var("$size"), (p,)),), (n,), loc=loc))
        if self.pt.checks.memory:
            memsafety.new_object(self, p, n, why in memsafety.HEAP_ALLOCATORS, loc)
