"""Local declarations and object initialisers: the declaration part of the function translator.

Role: a local variable becomes a Boogie local (a scalar whose address is never taken) or a
fresh memory object (`p := $alloc; ...`: arrays, structs, address-taken scalars; a
variable-length array gets the size its declarator evaluated, vla.py);
`static` and `extern` locals are globals.  `init_object` stores an initializer into an
object (C11 6.7.9: strings, nested and designated initializers, missing parts zero, bit-
fields); large zero-initialised objects get a quantified `assume` instead of one store per
cell.  `assume_zero_range` and `copy_range` state the contents of a freshly allocated block
(calloc's zeros, realloc's copy) as heap facts that prune.py may drop.
"""
from __future__ import annotations

from boogie import trace_attrs as ta
from boogie.ast import (App, Assign, Attr, BvLit, BvType, Expr, Havoc, IntLit, Ite, Loc,
                        MapSelect, Op, Quant, QuantKind, Var, VarDecl)

from frontend.common import huge_allocation

from .consteval import init_length, string_bytes
from .floats import float_bits
from .symbols import Sym, boogie_name
from .typesys import VOID, ArrayT, CType, FloatT, FuncT, IntT, PtrT, StructT, unsupported
from .trace_text import MAX_LEAVES, ctag
from .values import LBits, LMem, V
from .vla import is_variable, size_of


class DeclarationsMixin:
    """Declarations and initialisers (mixed into `function.FunctionTranslator`)."""

    def declare_local(self, c_name: str, t: CType, loc: Loc, init: V | None = None,
                      init_node=None) -> Sym:
        if isinstance(t, FloatT):
            float_bits(t, loc)
        if is_variable(t) and (init is not None or init_node is not None):
            # (C23's `= {}`; gcc before 13 rejects any initializer)
            raise unsupported(loc, f"initializer of the variable-length array '{c_name}'")
        if isinstance(t, ArrayT) and t.length is None and init_node is not None:
            t = ArrayT(t.elem, init_length(init_node, self.pt))
        if self.pt.needs_memory(c_name, t):
            if is_variable(t):      # its size from the lengths its declarator evaluated
                # a huge size gets an empty block: no path ends here (common.huge_allocation)
                n = self.temp_of(self.convert(size_of(self, t, loc), self.dm.SIZE_T, loc))
                huge = self.enc.compare(">=", n.expr, self.enc.lit(
                    huge_allocation(self.dm.ptr_bits), self.dm.SIZE_T), self.dm.SIZE_T)
                n = self.temp_of(V(Ite(huge, self.enc.lit(0, self.dm.SIZE_T), n.expr),
                                   self.dm.SIZE_T))
                addr = self.allocate(n, loc, "alloca", c_name, "local")
            else:
                if isinstance(t, ArrayT) and t.length is None:
                    raise unsupported(loc, f"array '{c_name}' of unknown size")
                size = self.pt.types.sizeof(t, loc)
                addr = self.allocate(V(self.enc.lit(size, self.dm.SIZE_T), self.dm.SIZE_T),
                                     loc, "local", c_name, "local")
            sym = Sym("mem", t, name=c_name, addr=addr)
            self.pt.scopes[-1][c_name] = sym
            if init is not None:
                self.store(LMem(addr, t), init, loc)
            elif init_node is not None:
                self.init_object(addr, t, init_node, loc, zero=False, show=c_name)
            return sym
        name = self.unique_local(c_name)
        self.b.declare(name, self.enc.btype(t), loc)
        sym = Sym("var", t, name=name)
        if init_node is not None:
            self.pt.scopes[-1][c_name] = sym     # in scope in its own initializer (C11 6.2.1)
            v = self.convert(self.rvalue(scalar_init(init_node)), t, loc)
            self.emit(Assign((Var(name),), (v.expr,), (ta.assign(c_name, ctag(t), v.expr),),
                             loc=loc))
        else:
            self.pt.scopes[-1][c_name] = sym
            if init is not None:
                self.emit(Assign((Var(name),), (init.expr,), loc=loc))
            else:        # an indeterminate value: any value of the type
                self.emit(Havoc((name,), (ta.assign(c_name, ctag(t)),), loc=loc))
                rng = self.enc.in_range(Var(name), t)
                if rng is not None:
                    self.assume(rng, loc)
        return sym

    def local_decl(self, node) -> None:
        loc = self.loc(node)
        if node.name is None:
            self.pt.resolve_decl_type(node)
            return
        t = self.pt.resolve_decl_type(node)
        storage = node.storage or []
        if isinstance(t, FuncT):
            self.pt.declare_function(node.name, t, loc)
            self.pt.scopes[-1][node.name] = Sym("func", t, name=boogie_name(node.name))
            return
        if "extern" in storage:
            g = self.pt.scopes[0].get(node.name)
            if g is None:
                g = self.pt.define_global(node.name, t, None, loc, extern=True)
            self.pt.scopes[-1][node.name] = g
            return
        if "static" in storage:
            self.pt.require_folded_length(node, t, loc)
            saved = self.pt.scopes
            self.pt.scopes = [saved[0]]
            name = f"{self.info.name}${node.name}"
            if node.name in self.pt.address_taken:      # the scan saw `&x` by its C name
                self.pt.address_taken.add(name)
            try:
                sym = self.pt.define_global(name, t, node.init, loc)
            finally:
                self.pt.scopes = saved
            del self.pt.scopes[0][name]
            self.pt.scopes[-1][node.name] = sym
            return
        if isinstance(t, ArrayT) and t.length is None and node.init is None and \
                not is_variable(t):
            raise unsupported(loc, f"array '{node.name}' without a size")
        self.declare_local(node.name, t, loc, init_node=node.init)

    # ---------------------------------------------------------------- object initialisers
    def init_object(self, addr: Expr, t: CType, init, loc: Loc, zero: bool,
                    fmap: str | None = None, show: str | None = None) -> None:
        """Initialise the object at addr from an initializer (missing parts become zero;
        with zero=True and no initializer the whole object is zeroed); `fmap`: the field
        map of a scalar struct member; `show`: the lvalue the trace names the parts given
        by (a local's initialiser)."""
        if init is None:
            if zero:
                self.zero_fill(addr, t, loc, fmap)
            return
        kind = type(init).__name__
        if isinstance(t, ArrayT) and kind == "Constant" and init.type == "string":
            data = string_bytes(init.value, loc)
            n = t.length if t.length is not None else len(data) + 1
            if n - len(data) > 64:      # a long zero tail: zero the array, then the bytes
                self.zero_fill(addr, t, loc)
                n = len(data)
            for i in range(n):
                byte = data[i] if i < len(data) else 0
                self.store(LMem(self.addr_add(addr, i), t.elem),
                           V(self.enc.lit(byte - 256 if byte >= 128 else byte, t.elem),
                             t.elem), loc)
            return
        if kind != "InitList":
            v = self.rvalue(init)
            self.store(LMem(addr, t, fmap), self.convert(v, t, loc)
                       if not isinstance(t, StructT) else v, loc,
                       (show, ()) if show is not None else None)
            return
        if isinstance(t, (IntT, PtrT, FloatT)):
            self.init_object(addr, t, init.exprs[0] if init.exprs else None, loc, True, fmap,
                             show)
            return
        if isinstance(t, ArrayT):
            esize = self.pt.types.sizeof(t.elem, loc)
            given: dict[int, object] = {}
            i = 0
            for e in init.exprs:
                if type(e).__name__ == "NamedInitializer":
                    if len(e.name) != 1 or type(e.name[0]).__name__ == "ID":
                        raise unsupported(loc, "nested designated initializer")
                    i = self.pt.const_int(e.name[0])
                    e = e.expr
                given[i] = e
                i += 1
            n = t.length if t.length is not None else max(given, default=-1) + 1
            if n - len(given) > 64:
                self.zero_fill(addr, t, loc)      # then overwrite the parts given
                missing: list[int] = []
            else:
                missing = [k for k in range(n) if k not in given]
            for k in missing:
                self.zero_fill(self.addr_add(addr, k * esize), t.elem, loc)
            if len(given) > MAX_LEAVES:
                show = None
            for k, e in sorted(given.items()):
                self.init_object(self.addr_add(addr, k * esize), t.elem, e, loc, True,
                                 show=f"{show}[{k}]" if show is not None else None)
        elif isinstance(t, StructT):
            info = self.pt.types.structs[t.key]
            names = info.members        # declared order, bit-fields included
            fgiven: dict[str, object] = {}
            fi = 0
            for e in init.exprs:
                if type(e).__name__ == "NamedInitializer":
                    if len(e.name) != 1 or type(e.name[0]).__name__ != "ID":
                        raise unsupported(loc, "nested designated initializer")
                    if e.name[0].name not in names:
                        raise unsupported(loc, f"designated initializer .{e.name[0].name}")
                    fi = names.index(e.name[0].name)
                    e = e.expr
                if fi >= len(names):
                    break
                fgiven[names[fi]] = e
                fi += 1
                if t.is_union:
                    break
            if t.is_union or info.bitfields:
                self.zero_fill(addr, t, loc)
            if t.is_union:
                for name in fgiven:     # the member written (memory.py `note_union`)
                    f = None if name in info.bitfields else info.field(name)
                    self.mem.note_union(t, loc, addr, f.type if f is not None else None)
            for f in info.fields:
                fm = self.mem.field_map(t, f.name, f.type)
                if f.name in fgiven:
                    self.init_object(self.addr_add(addr, f.offset), f.type, fgiven[f.name], loc,
                                     True, fm, f"{show}.{f.name}" if show is not None else None)
                elif not t.is_union and not info.bitfields:
                    self.zero_fill(self.addr_add(addr, f.offset), f.type, loc, fm)
            for name, e in fgiven.items():
                bf = info.bitfields.get(name)
                if bf is not None:
                    v = self.rvalue(scalar_init(e))
                    unit = self.addr_add(addr, bf.unit_offset)
                    self.store(LBits(unit, bf.type, bf.unit_type, bf.bit, bf.width),
                               self.convert(v, bf.type, loc), loc)
        else:
            raise unsupported(loc, f"initializer for {t}")

    def zero_fill(self, addr: Expr, t: CType, loc: Loc, fmap: str | None = None) -> None:
        if isinstance(t, FloatT):
            float_bits(t, loc)
        if isinstance(t, (IntT, PtrT, FloatT)):
            self.store(LMem(addr, t, fmap), V(self.enc.lit(0, t), t), loc)
            return
        if _leaf_count(t, self.pt.types) <= 64:
            for off, leaf_t, lmap in self.mem.leaves(t, loc, members_only=True):
                self.store(LMem(self.addr_add(addr, off), leaf_t, lmap),
                           V(self.enc.lit(0, leaf_t), leaf_t), loc)
            return
        # a large, fresh object: constrain its (never written) cells to zero
        size = self.pt.types.sizeof(t, loc)
        self.assume_zero_range(addr, V(self.enc.lit(size, self.dm.SIZE_T), self.dm.SIZE_T),
                               self.leaf_types(t, loc), loc, self.mem.field_maps())

    def _zero_of(self, map_name: str) -> Expr:
        rng = self.mem.maps[map_name].range
        return BvLit(0, rng.width) if isinstance(rng, BvType) else IntLit(0)

    def leaf_types(self, t: CType, loc: Loc) -> list[CType]:
        out: dict[str, CType] = {}
        stack = [t]
        while stack:
            ty = stack.pop()
            if isinstance(ty, (IntT, PtrT)) or (isinstance(ty, FloatT) and ty.bits):
                out.setdefault(self.mem.value_class(ty), ty)
            elif isinstance(ty, ArrayT):
                stack.append(ty.elem)
            elif isinstance(ty, StructT):
                stack.extend(f.type for f in self.pt.types.structs[ty.key].fields)
        return list(out.values())

    def assume_zero_range(self, addr: Expr, size: V, leaf_types: list[CType], loc: Loc,
                          field_maps: list[str] = ()) -> None:
        """Only for freshly allocated memory: every cell in [addr, addr+size) reads 0."""
        pt = PtrT(VOID)
        a = Var("$a")
        end = self.ptr_add_int(addr, size)
        inside = App(Op.AND, (self.ptr_cmp("<=", addr, a), self.ptr_cmp("<", a, end)))
        cells = self.mem.zero_cells(leaf_types, a)
        for name in field_maps:
            cells.append((MapSelect(Var(name), (a,)), self._zero_of(name)))
        for cell, zero in cells:
            body = App(Op.IMP, (inside, App(Op.EQ, (cell, zero))))
            q = Quant(QuantKind.FORALL, (VarDecl("$a", self.enc.btype(pt)),), body,
                      triggers=((cell,),))
            # (dropped by prune.py when no other command uses the map)
            self.assume(q, loc, (Attr("heap_fact", (cell.map.name,)),))

    def copy_range(self, dst: Expr, src: Expr, size: Expr, leaf_types: list[CType],
                   loc: Loc, field_maps: list[str] = ()) -> None:
        """Only for freshly allocated memory at dst: every cell in [dst, dst+size) holds
        what the cell at the same offset from src holds, in every map (realloc's copy)."""
        pt = PtrT(VOID)
        a = Var("$a")
        if self.enc.is_bv:
            end = self.enc.binary("+", dst, size, self.dm.UINTPTR, self, loc)
        else:       # size is a non-negative uintptr value: no wrap-around to undo
            end = App(Op.ADD, (dst, size))
        inside = App(Op.AND, (self.ptr_cmp("<=", dst, a), self.ptr_cmp("<", a, end)))
        if self.enc.is_bv:
            off = self.enc.binary("-", a, dst, self.dm.UINTPTR, self, loc)
            there = self.enc.binary("+", src, off, self.dm.UINTPTR, self, loc)
        else:
            there = App(Op.ADD, (src, App(Op.SUB, (a, dst))))
        names = [name for name in (self.mem.map_for(t) for t in leaf_types)]
        names += list(field_maps)
        # assume (forall a :: {M[a]} inside ==> M[a] == M[there]): the fresh block's cells
        # were unconstrained, so this is exact.  (A lambda assignment, or a havoc of M with
        # a quantified frame, left z3 incomplete more often in our tests.)  z3 may still
        # answer unknown (the verdict is then unknown).
        for name in dict.fromkeys(names):
            cell = MapSelect(Var(name), (a,))
            body = App(Op.IMP, (inside, App(Op.EQ, (cell, MapSelect(Var(name), (there,))))))
            q = Quant(QuantKind.FORALL, (VarDecl("$a", self.enc.btype(pt)),), body,
                      triggers=((cell,),))
            self.assume(q, loc, (Attr("heap_fact", (name,)),))     # see prune.py


def _leaf_count(t: CType, types) -> int:
    """How many scalar leaves an object of type t has (as Memory.layout counts them: an
    array of unknown length as one element), without listing them: an array may have 10^12."""
    if isinstance(t, ArrayT):
        return (t.length if t.length is not None else 1) * _leaf_count(t.elem, types)
    if isinstance(t, StructT):
        info = types.structs.get(t.key)
        if info is None or not info.complete:
            return 0
        return sum(_leaf_count(f.type, types) for f in info.fields)
    return 1 if isinstance(t, (IntT, PtrT, FloatT)) else 0


def scalar_init(init):
    """The expression of a scalar initializer (`= e` or `= { e }`)."""
    if type(init).__name__ == "InitList":
        if not init.exprs:
            return None
        return scalar_init(init.exprs[0])
    return init

