"""Turns one C function definition into a Boogie procedure with a body of basic blocks.

Role: statements become blocks and gotos (`if`/loops/`switch` with fall-through/`goto`/
`break`/`continue`/`return`); expressions become Boogie expressions, their side effects
(assignments, calls, allocation) commands emitted before the expression is used.  Integer
operations go through frontend/c/encoding.py, memory accesses through frontend/memory.py,
library and harness functions through frontend/c/builtins.py.  Every command carries the C
location; the first command of each C statement also carries `{:sourceloc "file", line, col}`.
Evaluation order is left to right; `&&`, `||` and `?:` become control flow when an operand
has side effects.
"""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import replace

from boogie.ast import (App, Assert, Assign, Assume, Attr, BoolLit, BoolType, BvLit, Expr, Extract,
                        FunCall, Havoc, IntLit, Ite, Loc, MapSelect, Op, ProcedureDecl, Quant,
                        QuantKind, Type, Var, VarDecl, Call)
from boogie.errors import BoogieError, error
from boogie.visit import free_vars

from .builder import ProcBuilder
from .consteval import char_literal, int_literal, string_bytes
from .translate import FuncInfo, ProgramTranslator, Sym, boogie_name
from .typesys import (VOID, ArrayT, CType, FloatT, FuncT, IntT, PtrT, StructT, VoidT,
                      unsupported)
from .values import LBits, LMem, LVar, V

_REL = ("<", "<=", ">", ">=", "==", "!=")
_ARITH = ("+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^")
TRUE, FALSE = BoolLit(True), BoolLit(False)


CHAIN_TEMP = 64      # operators of a left-associative chain per Boogie expression


def _left_spine(node, same) -> list:
    """The BinaryOp nodes from `node` down its left operands while `same(n)` holds (the
    operators of a left-associative chain, outermost first)."""
    spine = [node]
    while type(spine[-1].left).__name__ == "BinaryOp" and same(spine[-1].left):
        spine.append(spine[-1].left)
    return spine


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


def _pure_skips_children(n) -> bool:
    """`sizeof e` does not evaluate e: its operand's effects do not count."""
    return type(n).__name__ == "UnaryOp" and n.op == "sizeof"


def _not(e: Expr) -> Expr:
    if isinstance(e, BoolLit):
        return BoolLit(not e.value)
    if isinstance(e, App) and e.op is Op.NOT:
        return e.args[0]
    return App(Op.NOT, (e,))


class FunctionTranslator:
    def __init__(self, pt: ProgramTranslator, info: FuncInfo, is_entry: bool):
        self.pt = pt
        self.enc = pt.enc
        self.mem = pt.mem
        self.dm = pt.dm
        self.info = info
        self.is_entry = is_entry
        self.b = ProcBuilder(info.name, "$body" if is_entry else "$entry")
        self.local_names: set[str] = set()
        self.labels: dict[str, str] = {}
        self.breaks: list[str] = []
        self.continues: list[str] = []
        self.switch_cases: list[dict[int, str]] = []
        self.ret_type: CType = info.type.ret
        self.file = info.file
        self.cur_loc = pt.loc(info.node) if info.node is not None else Loc(self.file, 0, 0)
        assert info.c_name, "FuncInfo without its C name"
        self.dry = 0
        self.pure: dict[int, tuple[object, bool]] = {}     # is_pure answers, by node id

    # ================================================================== helpers
    def loc(self, node) -> Loc:
        loc = self.pt.loc(node)
        if loc.line:
            self.cur_loc = loc
            return loc
        return self.cur_loc

    def ptr_type(self) -> Type:
        return self.enc.btype(PtrT(VOID))

    def emit(self, cmd) -> None:
        self.b.emit(cmd)

    def fresh(self, t: Type, attrs: tuple[Attr, ...] = (), hint: str = "t") -> Var:
        v = self.b.fresh(t, hint, self.cur_loc)
        if attrs:
            self.emit(Havoc((v.name,), attrs=attrs, loc=self.cur_loc))
        return v

    def assume(self, e: Expr, loc: Loc, attrs: tuple[Attr, ...] = ()) -> None:
        if isinstance(e, BoolLit) and e.value and not attrs:
            return
        self.emit(Assume(e, attrs, loc=loc))

    def check(self, e: Expr, loc: Loc, what: str) -> None:
        self.emit(Assert(e, (Attr("overflow", (what,)),), loc=loc))

    def temp_of(self, v: V) -> V:
        """Materialise a value in a fresh local (so later side effects do not change it)."""
        if v.expr is None or isinstance(v.expr, (IntLit, BvLit, BoolLit)):
            return v
        t = self.fresh(self.enc.btype(v.type) if not isinstance(v.type, StructT)
                       else self.ptr_type())
        self.emit(Assign((t,), (v.expr,), loc=self.cur_loc))
        return replace(v, expr=t)

    def unique_local(self, c_name: str) -> str:
        base = boogie_name(c_name)
        name = base
        i = 0
        while name in self.local_names or name in self.pt.global_vars or \
                name in self.pt.functions or name in self.b.locals:
            i += 1
            name = f"{base}${i}"
        self.local_names.add(name)
        return name

    @contextmanager
    def scope(self):
        self.pt.scopes.append({})
        self.pt.tags.append({})
        try:
            yield
        finally:
            self.pt.scopes.pop()
            self.pt.tags.pop()

    @contextmanager
    def dry_run(self):
        """Translate an expression only for its type (sizeof): commands are discarded."""
        saved = self.b
        self.b = ProcBuilder("$dry")
        self.b._counter = saved._counter       # fresh names never collide with real ones
        self.dry += 1
        try:
            yield
        finally:
            saved._counter = self.b._counter
            self.b = saved
            self.dry -= 1

    # ================================================================== procedure
    def translate(self) -> ProcedureDecl:
        node = self.info.node
        loc = self.loc(node)
        ft = self.info.type
        if ft.variadic and _uses_varargs(node.body):
            raise unsupported(loc, f"variadic function '{self.info.name}' reading its "
                              "variable arguments")
        if isinstance(ft.ret, FloatT):
            raise unsupported(loc, f"function '{self.info.name}' returning floating point")
        params: list[VarDecl] = []
        returns: list[VarDecl] = []
        with self.scope():
            for pname, ptype in zip(self.info.param_names, ft.params):
                params.append(self.parameter(pname, ptype, loc))
            if not isinstance(ft.ret, VoidT):
                returns.append(VarDecl("$r", self.value_btype(ft.ret), loc=loc))
            self.statement(node.body)
        if not isinstance(ft.ret, VoidT) and self.b.is_open:
            if self.info.name == "main":    # C11 5.1.2.2.3: reaching } of main returns 0
                self.emit(Assign((Var("$r"),), (self.enc.lit(0, ft.ret),), loc=self.cur_loc))
            else:
                rv = self.fresh(self.value_btype(ft.ret))
                self.emit(Assign((Var("$r"),), (rv,), loc=self.cur_loc))
        body = self.b.finish(self.cur_loc)
        if self.is_entry:
            body = self.with_prologue(body, params, ft, loc)
        attrs = (Attr("entrypoint"),) if self.is_entry else ()
        return ProcedureDecl(self.info.name, tuple(params), tuple(returns), body=body,
                             attrs=attrs, loc=loc)

    def value_btype(self, t: CType) -> Type:
        """The Boogie type of a value of C type t (a struct value is its object's address)."""
        return self.ptr_type() if isinstance(t, StructT) else self.enc.btype(t)

    def parameter(self, pname: str | None, ptype: CType, loc: Loc) -> VarDecl:
        if isinstance(ptype, FloatT):
            raise unsupported(loc, f"floating-point parameter in '{self.info.name}'")
        pname = pname or f"$anon{len(self.b.locals)}"
        formal = "in$" + pname
        d = VarDecl(formal, self.value_btype(ptype), loc=loc)
        if isinstance(ptype, StructT):
            # passed by value: the caller made a fresh copy, the formal is its address
            self.pt.scopes[-1][pname] = Sym("mem", ptype, name=pname, addr=Var(formal))
            return d
        self.declare_local(pname, ptype, loc, init=V(Var(formal), ptype))
        return d

    def struct_copy(self, v: V, loc: Loc) -> V:
        """A fresh object holding a copy of the struct value v (pass/return by value)."""
        size = self.pt.types.sizeof(v.type, loc)
        addr = self.allocate(V(self.enc.lit(size, self.dm.SIZE_T), self.dm.SIZE_T), loc, "copy")
        self.store(LMem(addr, v.type), v, loc)
        return V(addr, v.type)

    def with_prologue(self, body, params, ft: FuncT, loc: Loc):
        """Entry only: global initialisers and the allocation counter run before the body."""
        saved = self.b
        self.b = ProcBuilder(self.info.name)
        for name, d in saved.locals.items():
            self.b.locals[name] = d
        self.b._counter = saved._counter
        with self.scope():
            for p, t in zip(params, ft.params):
                rng = self.enc.in_range(Var(p.name), t)
                if rng is not None:
                    self.assume(rng, loc)
            for gi in list(self.pt.global_inits):
                self.cur_loc = gi.loc
                self.global_init(gi)
            start = self.pt.next_global_addr
            for data, (addr, sloc) in sorted(self.pt.strings.items(), key=lambda x: x[1][0]):
                self.cur_loc = sloc
                a = self.enc.lit(addr, PtrT(VOID))
                for i, byte in enumerate(data + b"\0"):
                    self.store(LMem(self.addr_add(a, i), self.dm.CHAR),
                               V(self.enc.lit(byte - 256 if byte >= 128 else byte,
                                              self.dm.CHAR), self.dm.CHAR), sloc)
            assert self.pt.next_global_addr == start, "strings created by string stores"
            # the heap starts above every global object
            gl = self.enc.lit(start + 16, PtrT(VOID))
            self.assume(self.ptr_cmp(">", Var("$alloc"), gl), loc)
            self.assume(self.ptr_cmp("<", Var("$alloc"),
                                     self.enc.lit(1 << (self.dm.ptr_bits - 2), PtrT(VOID))), loc)
        self.b.goto(["$body"], loc)
        pro = self.b.finish(loc, external_labels=("$body",))
        self.b = saved
        return replace(body, locals=pro.locals, blocks=pro.blocks + body.blocks)

    def global_init(self, gi) -> None:
        sym: Sym = gi.sym
        if sym.kind == "var":
            if gi.init is None:
                v = V(self.enc.lit(0, gi.type), gi.type)
            else:
                v = self.convert(self.rvalue(_single(gi.init)), gi.type, gi.loc)
            self.emit(Assign((Var(sym.name),), (v.expr,), loc=gi.loc))
            return
        self.init_object(sym.addr, gi.type, gi.init, gi.loc, zero=True)

    # ================================================================== declarations
    def declare_local(self, c_name: str, t: CType, loc: Loc, init: V | None = None,
                      init_node=None, vla_dim=None) -> Sym:
        if isinstance(t, FloatT) or (isinstance(t, ArrayT) and isinstance(t.elem, FloatT)):
            raise unsupported(loc, f"floating-point variable '{c_name}'")
        if isinstance(t, ArrayT) and t.length is None and init_node is not None:
            from .translate import _init_length
            t = ArrayT(t.elem, _init_length(init_node, self.pt))
        if self.pt.needs_memory(c_name, t):
            if vla_dim is not None:
                n = self.convert(self.rvalue(vla_dim), self.dm.SIZE_T, loc)
                size = self.enc.binary("*", n.expr, self.enc.lit(
                    self.pt.types.sizeof(t.elem, loc), self.dm.SIZE_T), self.dm.SIZE_T,
                    self, loc)
                addr = self.allocate(V(size, self.dm.SIZE_T), loc, "alloca")
            else:
                if isinstance(t, ArrayT) and t.length is None:
                    raise unsupported(loc, f"array '{c_name}' of unknown size")
                size = self.pt.types.sizeof(t, loc)
                addr = self.allocate(V(self.enc.lit(size, self.dm.SIZE_T), self.dm.SIZE_T),
                                     loc, "local")
            sym = Sym("mem", t, name=c_name, addr=addr)
            self.pt.scopes[-1][c_name] = sym
            if init is not None:
                self.store(LMem(addr, t), init, loc)
            elif init_node is not None:
                self.init_object(addr, t, init_node, loc, zero=False)
            return sym
        name = self.unique_local(c_name)
        self.b.declare(name, self.enc.btype(t), loc)
        sym = Sym("var", t, name=name)
        if init_node is not None:
            self.pt.scopes[-1][c_name] = sym     # in scope in its own initializer (C11 6.2.1)
            v = self.convert(self.rvalue(_single(init_node)), t, loc)
            self.emit(Assign((Var(name),), (v.expr,), loc=loc))
        else:
            self.pt.scopes[-1][c_name] = sym
            if init is not None:
                self.emit(Assign((Var(name),), (init.expr,), loc=loc))
            else:        # an indeterminate value: any value of the type
                self.emit(Havoc((name,), loc=loc))
                rng = self.enc.in_range(Var(name), t)
                if rng is not None:
                    self.assume(rng, loc)
        return sym

    def local_decl(self, node) -> None:
        loc = self.loc(node)
        if node.name is None:
            self.pt.resolve_type(node.type)
            return
        t = self.pt.resolve_type(node.type)
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
            saved = self.pt.scopes
            self.pt.scopes = [saved[0]]
            try:
                sym = self.pt.define_global(f"{self.info.name}${node.name}", t, node.init, loc)
            finally:
                self.pt.scopes = saved
            del self.pt.scopes[0][f"{self.info.name}${node.name}"]
            self.pt.scopes[-1][node.name] = sym
            return
        vla = None
        if isinstance(t, ArrayT) and t.length is None and node.init is None:
            vla = _array_dim(node.type)
            if vla is None:
                raise unsupported(loc, f"array '{node.name}' without a size")
            if isinstance(t.elem, ArrayT) and t.elem.length is None:
                raise unsupported(loc, "multi-dimensional variable-length array")
        if node.name in self.pt.address_taken or not isinstance(t, (IntT, PtrT)):
            self.declare_local(node.name, t, loc, init_node=node.init, vla_dim=vla)
        else:
            self.declare_local(node.name, t, loc, init_node=node.init)

    # ---------------------------------------------------------------- object initialisers
    def init_object(self, addr: Expr, t: CType, init, loc: Loc, zero: bool,
                    fmap: str | None = None) -> None:
        """Initialise the object at addr from an initializer (missing parts become zero;
        with zero=True and no initializer the whole object is zeroed); `fmap`: the field
        map of a scalar struct member."""
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
                       if not isinstance(t, StructT) else v, loc)
            return
        if isinstance(t, (IntT, PtrT)):
            self.init_object(addr, t, init.exprs[0] if init.exprs else None, loc, True, fmap)
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
            for k, e in sorted(given.items()):
                self.init_object(self.addr_add(addr, k * esize), t.elem, e, loc, True)
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
            for f in info.fields:
                fm = self.mem.field_map(t, f.name, f.type)
                if f.name in fgiven:
                    self.init_object(self.addr_add(addr, f.offset), f.type, fgiven[f.name], loc,
                                     True, fm)
                elif not t.is_union and not info.bitfields:
                    self.zero_fill(self.addr_add(addr, f.offset), f.type, loc, fm)
            for name, e in fgiven.items():
                bf = info.bitfields.get(name)
                if bf is not None:
                    v = self.rvalue(_single(e))
                    unit = self.addr_add(addr, bf.unit_offset)
                    self.store(LBits(unit, bf.type, bf.unit_type, bf.bit, bf.width),
                               self.convert(v, bf.type, loc), loc)
        else:
            raise unsupported(loc, f"initializer for {t}")

    def zero_fill(self, addr: Expr, t: CType, loc: Loc, fmap: str | None = None) -> None:
        if isinstance(t, (IntT, PtrT)):
            self.store(LMem(addr, t, fmap), V(self.enc.lit(0, t), t), loc)
            return
        if _leaf_count(t, self.pt.types) <= 64:
            for off, leaf_t, lmap in self.mem.leaves(t, loc):
                self.store(LMem(self.addr_add(addr, off), leaf_t, lmap),
                           V(self.enc.lit(0, leaf_t), leaf_t), loc)
            return
        # a large, fresh object: constrain its (never written) cells to zero
        size = self.pt.types.sizeof(t, loc)
        self.assume_zero_range(addr, V(self.enc.lit(size, self.dm.SIZE_T), self.dm.SIZE_T),
                               self.leaf_types(t, loc), loc, self.mem.field_maps())

    def _zero_of(self, map_name: str) -> Expr:
        rng = self.mem.maps[map_name].range
        return BvLit(0, rng.width) if self.enc.is_bv else IntLit(0)

    def leaf_types(self, t: CType, loc: Loc) -> list[CType]:
        out: dict[str, CType] = {}
        stack = [t]
        while stack:
            ty = stack.pop()
            if isinstance(ty, (IntT, PtrT)):
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

    # ================================================================== statements
    def statement(self, node) -> None:
        kind = type(node).__name__
        loc = self.loc(node)
        if kind == "Compound":
            with self.scope():
                for item in node.block_items or []:
                    self.statement(item)
            return
        self.b.statement(loc)
        handler = getattr(self, "st_" + kind, None)
        if handler is not None:
            handler(node, loc)
            return
        if kind in _EXPR_KINDS:
            self.effect(node)
            return
        if kind in ("Asm",):
            raise unsupported(loc, "inline assembly")
        raise unsupported(loc, f"statement {kind}")

    def st_Decl(self, node, loc):
        self.local_decl(node)

    def st_DeclList(self, node, loc):
        for d in node.decls:
            self.local_decl(d)

    def st_Typedef(self, node, loc):
        self.pt.scopes[-1][node.name] = Sym("typedef", self.pt.resolve_type(node.type))

    def st_EmptyStatement(self, node, loc):
        pass

    def st_Pragma(self, node, loc):
        pass

    def st_StaticAssert(self, node, loc):
        pass

    def st_If(self, node, loc):
        c = self.cond(node.cond)
        then_l, else_l, join = (self.b.new_label(x) for x in ("then", "else", "endif"))
        self.b.goto([then_l, else_l], loc)
        self.b.start(then_l, loc)
        self.assume(c, loc)
        if node.iftrue is not None:
            self.statement(node.iftrue)
        self.b.goto([join], loc)
        self.b.start(else_l, loc)
        self.assume(_not(c), loc)
        if node.iffalse is not None:
            self.statement(node.iffalse)
        self.b.goto([join], loc)
        self.b.start(join, loc)

    def branch(self, cond, true_l: str, false_l: str, loc: Loc) -> None:
        """Evaluate a controlling expression and jump to true_l or false_l; the branch
        assumptions live in their own blocks, so other jumps into true_l/false_l (e.g.
        `break`) do not inherit them."""
        c = self.cond(cond) if cond is not None else TRUE
        if isinstance(c, BoolLit):
            self.b.goto([true_l if c.value else false_l], loc)
            return
        t_blk, f_blk = self.b.new_label("true"), self.b.new_label("false")
        self.b.goto([t_blk, f_blk], loc)
        self.b.start(t_blk, loc)
        self.assume(c, loc)
        self.b.goto([true_l], loc)
        self.b.start(f_blk, loc)
        self.assume(_not(c), loc)
        self.b.goto([false_l], loc)

    def loop(self, loc, cond, body, nxt=None, do_while=False):
        head, body_l, exit_l, cont = (self.b.new_label(x) for x in
                                      ("loop", "body", "endloop", "cont"))
        if do_while:
            self.b.start(body_l, loc)
        else:
            self.b.start(head, loc)
            self.branch(cond, body_l, exit_l, loc)
            self.b.start(body_l, loc)
        self.breaks.append(exit_l)
        self.continues.append(cont)
        if body is not None:
            self.statement(body)
        self.breaks.pop()
        self.continues.pop()
        self.b.start(cont, loc)
        if nxt is not None:
            self.effect(nxt)
        if do_while:
            self.branch(cond, body_l, exit_l, loc)
        else:
            self.b.goto([head], loc)
        self.b.start(exit_l, loc)

    def st_While(self, node, loc):
        self.loop(loc, node.cond, node.stmt)

    def st_DoWhile(self, node, loc):
        self.loop(loc, node.cond, node.stmt, do_while=True)

    def st_For(self, node, loc):
        with self.scope():
            if node.init is not None:
                if type(node.init).__name__ == "DeclList":
                    for d in node.init.decls:
                        self.local_decl(d)
                else:
                    self.effect(node.init)
            self.loop(loc, node.cond, node.stmt, nxt=node.next)

    def st_Break(self, node, loc):
        if not self.breaks:
            raise error("type", loc, "break outside a loop or switch")
        self.b.goto([self.breaks[-1]], loc)

    def st_Continue(self, node, loc):
        if not self.continues:
            raise error("type", loc, "continue outside a loop")
        self.b.goto([self.continues[-1]], loc)

    def st_Return(self, node, loc):
        if node.expr is not None:
            v = self.rvalue(node.expr)
            if isinstance(self.ret_type, StructT):
                v = self.struct_copy(v, loc)
                self.emit(Assign((Var("$r"),), (v.expr,), loc=loc))
            elif not isinstance(self.ret_type, VoidT):
                v = self.convert(v, self.ret_type, loc)
                self.emit(Assign((Var("$r"),), (v.expr,), loc=loc))
        self.b.ret(loc)

    def label(self, name: str) -> str:
        if name not in self.labels:
            self.labels[name] = self.b.new_label("L." + name + ".")
        return self.labels[name]

    def st_Label(self, node, loc):
        self.b.start(self.label(node.name), loc)
        if node.stmt is not None:
            self.statement(node.stmt)

    def st_Goto(self, node, loc):
        if not isinstance(node.name, str):
            raise unsupported(loc, "computed goto")
        self.b.goto([self.label(node.name)], loc)

    def st_Switch(self, node, loc):
        v = self.rvalue(node.cond)
        if not isinstance(v.type, IntT):
            raise unsupported(loc, f"switch on {v.type}")
        t = self.dm.promote(v.type)
        v = self.temp_of(self.convert(v, t, loc))
        cases = _collect_cases(node.stmt)
        labels: dict[int, str] = {}
        dispatch: list[str] = []
        exit_l = self.b.new_label("endswitch")
        conds: list[tuple[str, Expr]] = []
        default_l = None
        for c in cases:
            lab = self.b.new_label("case")
            labels[id(c)] = lab
            if type(c).__name__ == "Default":
                default_l = lab
                continue
            conds.append((lab, self.case_cond(c.expr, v, t, loc)))
        for lab, cnd in conds:
            d = self.b.new_label("match")
            dispatch.append(d)
        dflt = self.b.new_label("nomatch")
        self.b.goto(dispatch + [dflt], loc)
        for (lab, cnd), d in zip(conds, dispatch):
            self.b.start(d, loc)
            self.assume(cnd, loc)
            self.b.goto([lab], loc)
        self.b.start(dflt, loc)
        for _, cnd in conds:
            self.assume(_not(cnd), loc)
        self.b.goto([default_l or exit_l], loc)
        self.switch_cases.append(labels)
        self.breaks.append(exit_l)
        self.b.start(self.b.new_label("dead"), loc)
        self.b.goto([exit_l], loc)   # code before the first case is unreachable
        self.b.start(self.b.new_label("dead"), loc)
        self.statement(node.stmt)
        self.breaks.pop()
        self.switch_cases.pop()
        self.b.start(exit_l, loc)

    def case_cond(self, expr, v: V, t: IntT, loc: Loc) -> Expr:
        if type(expr).__name__ == "RangeExpression":
            lo, hi = self.pt.const_int(expr.first), self.pt.const_int(expr.last)
            if lo is None or hi is None:
                raise error("type", loc, "case range is not constant")
            return App(Op.AND, (self.enc.compare(">=", v.expr, self.enc.lit(lo, t), t),
                                self.enc.compare("<=", v.expr, self.enc.lit(hi, t), t)))
        c = self.pt.const_int(expr)
        if c is None:
            raise error("type", loc, "case label is not an integer constant")
        return App(Op.EQ, (v.expr, self.enc.lit(c, t)))

    def st_Case(self, node, loc):
        self.b.start(self.switch_cases[-1][id(node)], loc)
        for s in node.stmts or []:
            self.statement(s)

    def st_Default(self, node, loc):
        self.st_Case(node, loc)

    def st_FuncDef(self, node, loc):
        raise unsupported(loc, "nested function definition")

    # ================================================================== expressions
    def effect(self, node) -> None:
        """Evaluate an expression for its side effects only."""
        kind = type(node).__name__
        if kind == "UnaryOp" and node.op in ("p++", "p--", "++", "--"):
            self.incdec(node, want_old=False)
            return
        if kind == "ExprList":
            for e in node.exprs:
                self.effect(e)
            return
        self.rvalue(node)

    def is_pure(self, node) -> bool:
        """No side effects (and, with overflow checking, no arithmetic that asserts).
        The answer is kept for every node of the subtree (`self.pure`), so nested
        conditionals asking about their operands at each level cost linear time."""
        pure = self.pure
        if id(node) in pure:
            return pure[id(node)][1]
        stack: list[tuple[object, bool]] = [(node, False)]
        while stack:                        # post-order: children first
            n, done = stack.pop()
            if id(n) in pure:
                continue
            kids = [] if _pure_skips_children(n) else [c for _, c in n.children()]
            if not done:
                stack.append((n, True))
                stack.extend((c, False) for c in kids if id(c) not in pure)
                continue
            # (the node is kept with its answer, so that its id is not reused meanwhile)
            pure[id(n)] = (n, self._pure_here(n) and all(pure[id(c)][1] for c in kids))
        return pure[id(node)][1]

    def _pure_here(self, n) -> bool:
        k = type(n).__name__
        if k in ("FuncCall", "Assignment", "Compound", "CompoundLiteral"):
            return k == "FuncCall" and type(n.name).__name__ == "ID" and \
                n.name.name in ("__builtin_expect",)
        if k == "UnaryOp" and n.op in ("p++", "p--", "++", "--"):
            return False
        if self.enc.check_overflow and k in ("BinaryOp", "UnaryOp") and \
                n.op in ("+", "-", "*", "/", "<<"):
            return False
        return True

    def cond(self, node) -> Expr:
        """A C controlling expression as a Boogie bool."""
        kind = type(node).__name__
        loc = self.loc(node)
        if kind == "BinaryOp" and node.op in _REL:
            return self.relation(node.op, self.rvalue(node.left), self.rvalue(node.right), loc)
        if kind == "BinaryOp" and node.op in ("&&", "||"):
            # along the left spine of a chain `a && b || ...`, as in ex_BinaryOp
            spine = _left_spine(node, lambda n: n.op in ("&&", "||"))
            locs = [self.loc(n) for n in spine]
            acc = self.cond(spine[-1].left)
            for k in range(len(spine) - 1, -1, -1):
                n = spine[k]
                if self.is_pure(n.right):
                    acc = App(Op.AND if n.op == "&&" else Op.OR, (acc, self.cond(n.right)))
                else:
                    acc = self.short_circuit(n.op, acc, n.right, locs[k])
                if k and k % CHAIN_TEMP == 0:
                    t = self.fresh(BoolType(), hint="sc")
                    self.emit(Assign((t,), (acc,), loc=locs[k]))
                    acc = t
            return acc
        if kind == "UnaryOp" and node.op == "!":
            return _not(self.cond(node.expr))
        v = self.rvalue(node)
        return self.truth(v, loc)

    def truth(self, v: V, loc: Loc) -> Expr:
        if isinstance(v.type, (IntT, PtrT)):
            c = self.enc.const_value(v.expr, v.type) if isinstance(v.type, IntT) else None
            if c is not None:
                return BoolLit(c != 0)
            return self.enc.is_true(v.expr, v.type)
        if isinstance(v.type, FloatT):
            raise unsupported(loc, "floating point")
        raise error("type", loc, f"a value of type {v.type} used as a condition")

    def short_circuit(self, op: str, a: Expr, right, loc: Loc) -> Expr:
        t = self.fresh(BoolType(), hint="sc")
        rhs_l, skip_l, join = (self.b.new_label(x) for x in ("rhs", "skip", "join"))
        self.b.goto([rhs_l, skip_l], loc)
        self.b.start(rhs_l, loc)
        self.assume(a if op == "&&" else _not(a), loc)
        bval = self.cond(right)
        self.emit(Assign((t,), (bval,), loc=loc))
        self.b.goto([join], loc)
        self.b.start(skip_l, loc)
        self.assume(_not(a) if op == "&&" else a, loc)
        self.emit(Assign((t,), (BoolLit(op == "||"),), loc=loc))
        self.b.goto([join], loc)
        self.b.start(join, loc)
        return t

    def rvalue(self, node) -> V:
        kind = type(node).__name__
        loc = self.loc(node)
        handler = getattr(self, "ex_" + kind, None)
        if handler is None:
            raise unsupported(loc, f"expression {kind}")
        return handler(node, loc)

    # ---------------------------------------------------------------- leaves
    def ex_Constant(self, node, loc) -> V:
        t = node.type
        if t == "char":
            return V(self.enc.lit(char_literal(node.value, loc), self.dm.INT), self.dm.INT)
        if t == "string":
            if node.value.startswith(("L", "u", "U")):
                raise unsupported(loc, "wide string literal")
            addr = self.pt.string_literal(string_bytes(node.value, loc), loc)
            return V(self.enc.lit(addr, PtrT(self.dm.CHAR)), PtrT(self.dm.CHAR))
        if t not in _INT_CONSTANT_TYPES:
            raise unsupported(loc, f"floating-point constant {node.value}")
        v, it = int_literal(node.value, self.dm, loc)
        return V(self.enc.lit(v, it), it)

    def ex_ID(self, node, loc) -> V:
        name = node.name
        sym = self.pt.lookup(name)
        if name in self.pt.aliases:     # an alias declaration shadows a same-named variable
            target = self.pt.aliases[name]
            if target in self.pt.functions:
                return self.function_address(target, loc)
        if sym is None:
            if name in ("__func__", "__FUNCTION__", "__PRETTY_FUNCTION__"):
                addr = self.pt.string_literal(self.info.name.encode(), loc)
                return V(self.enc.lit(addr, PtrT(self.dm.CHAR)), PtrT(self.dm.CHAR))
            if name in self.pt.functions:
                sym = self.pt.scopes[0][name]
            else:
                raise error("type", loc, f"use of undeclared identifier '{name}'")
        if sym.kind == "enum":
            return V(self.enc.lit(sym.value, self.dm.INT), self.dm.INT)
        if sym.kind == "func":
            return self.function_address(name, loc)
        if sym.kind == "typedef":
            raise error("type", loc, f"type name '{name}' used as a value")
        return self.load(self.place_of(sym), loc)

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
            off, ft, owner = self.field(st, node.field.name, loc)
            pl = self.mem_place(self.addr_add(base, off), ft)
            fmap = self.mem.field_map(owner, node.field.name, ft)
            return replace(pl, map=fmap) if fmap else pl
        if kind == "Compound":
            raise unsupported(loc, "statement expression used as an lvalue")
        if kind == "CompoundLiteral":
            t = self.pt.resolve_type(node.type)
            size = self.pt.types.sizeof(t, loc)
            addr = self.allocate(V(self.enc.lit(size, self.dm.SIZE_T), self.dm.SIZE_T), loc,
                                 "literal")
            self.init_object(addr, t, node.init, loc, zero=True)
            return LMem(addr, t)
        if kind == "Cast":
            raise unsupported(loc, "cast used as an lvalue")
        raise error("type", loc, f"expression {kind} is not an lvalue")

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
        return self.mem.load(addr, t, self.enc, self.addr_add, fmap)

    def mem_store(self, addr: Expr, t: CType, value: Expr, loc: Loc,
                  fmap: str | None = None) -> None:
        if self.mem.byte_level and any(x in self.mem.maps for x in free_vars(value)):
            value = self.temp_of(V(value, t)).expr       # read before the bytes change
        for lhs, rhs in self.mem.store(addr, t, value, self.enc, self.addr_add, fmap):
            self.emit(Assign((lhs,), (rhs,), loc=loc))

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

    def store_bits(self, pl: LBits, v: V, loc: Loc) -> None:
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
        self.mem_store(pl.addr, pl.unit_type, new, loc)

    def field(self, st: StructT, name: str, loc: Loc) -> tuple[int, CType, StructT]:
        """Offset and type of member `name`, and the struct that declares it (an anonymous
        member's struct for its flattened fields)."""
        info = self.pt.types.structs.get(st.key)
        if info is None or not info.complete:
            raise error("type", loc, f"member access in incomplete {st}")
        if st.is_union:
            self.mem.note_union(st, loc)
        f = info.field(name)
        if f is not None:
            return f.offset, f.type, st
        for g in info.fields:
            if g.name.startswith("$anon") and isinstance(g.type, StructT):
                try:
                    off, t, owner = self.field(g.type, name, loc)
                    return g.offset + off, t, owner
                except BoogieError:
                    continue
        raise error("type", loc, f"{st} has no member '{name}'")

    def load(self, pl, loc: Loc) -> V:
        if isinstance(pl, LVar):
            return V(Var(pl.name, loc=loc), pl.type)
        if isinstance(pl, LBits):
            return self.load_bits(pl)
        t = pl.type
        if isinstance(t, ArrayT):
            return V(pl.addr, PtrT(t.elem))
        if isinstance(t, StructT):
            return V(pl.addr, t)
        if isinstance(t, FloatT):
            raise unsupported(loc, "floating point")
        if isinstance(t, FuncT):
            raise unsupported(loc, "function pointer")
        if isinstance(t, VoidT):
            raise error("type", loc, "read of a void object")
        return V(self.mem_load(pl.addr, t, pl.map), t)

    def store(self, pl, v: V, loc: Loc) -> None:
        if isinstance(pl, LVar):
            self.emit(Assign((Var(pl.name, loc=loc),), (v.expr,), loc=loc))
            return
        if isinstance(pl, LBits):
            self.store_bits(pl, v, loc)
            return
        t = pl.type
        if isinstance(t, (IntT, PtrT)):
            self.mem_store(pl.addr, t, v.expr, loc, pl.map)
            return
        if isinstance(t, StructT):
            if v.type != t:
                raise error("type", loc, f"assignment of {v.type} to {t}")
            src = self.temp_of(v).expr if any(x in self.mem.maps for x in free_vars(v.expr)) \
                else v.expr
            for off, lt, fmap in self.mem.leaves(t, loc):
                self.mem_store(self.addr_add(pl.addr, off), lt,
                               self.mem_load(self.addr_add(src, off), lt, fmap), loc, fmap)
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
        size = self.pt.types.sizeof(p.type.target, loc)
        diff_t = self.dm.PTRDIFF_T
        iv = self.convert(i, diff_t, loc).expr
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
        return V(r, p.type)

    def addr_sub(self, addr: Expr, off: int) -> Expr:
        if self.enc.is_bv:
            return self.enc.binary("-", addr, self.enc.lit(off, PtrT(VOID)), self.dm.UINTPTR,
                                   self, self.cur_loc)
        return App(Op.SUB, (addr, IntLit(off)))

    # ---------------------------------------------------------------- conversions
    def convert(self, v: V, t: CType, loc: Loc, explicit: bool = False) -> V:
        src = v.type
        if src == t:
            return v
        if isinstance(t, VoidT):
            return V(None, VOID)
        if isinstance(src, FloatT) or isinstance(t, FloatT):
            raise unsupported(loc, "floating point")
        if isinstance(src, VoidT):
            raise error("type", loc, "use of a void value")
        if isinstance(t, IntT):
            if isinstance(src, PtrT):
                self.mem.note_conversion(src.target, VOID, loc)
            elif not isinstance(src, IntT):
                raise error("type", loc, f"conversion from {src} to {t}")
            return V(self.enc.convert(v.expr, src, t), t)
        if isinstance(t, PtrT):
            if isinstance(src, IntT):
                c = self.enc.const_value(v.expr, src)
                if c == 0:
                    return V(self.enc.lit(0, t), t, null=True)
                self.mem.note_conversion(VOID, t.target, loc)
                return V(self.enc.convert(v.expr, src, t), t)
            if isinstance(src, PtrT):
                if not v.fresh and not v.null and not isinstance(t.target, FuncT) and \
                        not isinstance(src.target, FuncT):
                    self.mem.note_conversion(src.target, t.target, loc)
                return V(v.expr, t, fresh=v.fresh, null=v.null)
            raise error("type", loc, f"conversion from {src} to {t}")
        if isinstance(t, StructT):
            raise error("type", loc, f"conversion from {src} to {t}")
        raise unsupported(loc, f"conversion from {src} to {t}")

    # ---------------------------------------------------------------- operators
    def ex_Cast(self, node, loc) -> V:
        t = self.pt.resolve_type(node.to_type)
        if isinstance(t, VoidT):
            self.effect(node.expr)
            return V(None, VOID)
        return self.convert(self.rvalue(node.expr), t, loc, explicit=True)

    def ex_UnaryOp(self, node, loc) -> V:
        op = node.op
        if op in ("p++", "p--", "++", "--"):
            return self.incdec(node, want_old=op.startswith("p"))
        if op == "&":
            if type(node.expr).__name__ == "ID":
                sym = self.pt.lookup(node.expr.name)
                if sym is not None and sym.kind == "func":
                    return self.function_address(node.expr.name, loc)
            if type(node.expr).__name__ == "UnaryOp" and node.expr.op == "*":
                p = self.rvalue(node.expr.expr)
                return p
            pl = self.lvalue(node.expr)
            if isinstance(pl, LVar):
                raise AssertionError(f"address of a register variable {pl.name}")
            if isinstance(pl, LBits):
                raise error("type", loc, "address of a bit-field")
            return V(pl.addr, PtrT(pl.type))
        if op == "*":
            p = self.rvalue(node.expr)
            if isinstance(p.type, PtrT) and isinstance(p.type.target, FuncT):
                return p        # *fp designates the function, which decays back to fp
            return self.load(self.lvalue(node), loc)
        if op == "sizeof":
            t = self.type_of(node.expr)
            return V(self.enc.lit(self.pt.types.sizeof(t, loc), self.dm.SIZE_T), self.dm.SIZE_T)
        if op == "_Alignof":
            t = self.type_of(node.expr)
            return V(self.enc.lit(self.pt.types.alignof(t, loc), self.dm.SIZE_T),
                     self.dm.SIZE_T)
        if op == "!":
            return V(self.enc.of_bool(_not(self.cond(node.expr)), self.dm.INT), self.dm.INT)
        v = self.rvalue(node.expr)
        if not isinstance(v.type, IntT):
            if isinstance(v.type, FloatT):
                raise unsupported(loc, "floating point")
            raise error("type", loc, f"unary '{op}' on {v.type}")
        t = self.dm.promote(v.type)
        v = self.convert(v, t, loc)
        if op == "+":
            return v
        if op in ("-", "~"):
            return V(self.enc.unary(op, v.expr, t, self, loc), t)
        raise unsupported(loc, f"unary operator {op}")

    def type_of(self, node) -> CType:
        """The type of an expression or type name, without evaluating it (sizeof)."""
        if type(node).__name__ == "Typename":
            return self.pt.resolve_type(node)
        with self.dry_run():
            kind = type(node).__name__
            if kind in ("ID", "ArrayRef", "StructRef") or \
                    (kind == "UnaryOp" and node.op == "*"):
                if kind == "ID":
                    sym = self.pt.lookup(node.name)
                    if sym is not None and sym.kind in ("var", "mem"):
                        return sym.type
                return self.lvalue(node).type
            if kind == "Constant" and node.type == "string":
                return ArrayT(self.dm.CHAR, len(string_bytes(node.value)) + 1)
            return self.rvalue(node).type

    def incdec(self, node, want_old: bool) -> V:
        loc = self.loc(node)
        pl = self.lvalue(node.expr)
        old = self.load(pl, loc)
        if want_old:
            old = self.temp_of(old)
        one = V(self.enc.lit(1, self.dm.INT), self.dm.INT)
        op = "+" if "+" in node.op else "-"
        new = self.binop(op, old, one, loc)
        self.store(pl, self.convert(new, pl.type, loc), loc)
        return old if want_old else self.load(pl, loc)

    def ex_BinaryOp(self, node, loc) -> V:
        if node.op in ("&&", "||"):
            return V(self.enc.of_bool(self.cond(node), self.dm.INT), self.dm.INT)
        # A left-associative chain (`a + b + ... + z`, as long as the input) is walked
        # along its left spine, not recursively; every CHAIN_TEMP operators the value so far
        # goes into a fresh local, so no Boogie expression nests deeper than that.
        spine = _left_spine(node, lambda n: n.op not in ("&&", "||"))
        locs = [self.loc(n) for n in spine]
        acc = self.rvalue(spine[-1].left)
        for k in range(len(spine) - 1, -1, -1):
            n = spine[k]
            b = self.rvalue(n.right)
            if n.op in _REL:
                acc = V(self.enc.of_bool(self.relation(n.op, acc, b, locs[k]), self.dm.INT),
                        self.dm.INT)
            else:
                acc = self.binop(n.op, acc, b, locs[k])
            if k and k % CHAIN_TEMP == 0:
                acc = self.temp_of(acc)
        return acc

    def relation(self, op: str, a: V, b: V, loc: Loc) -> Expr:
        if isinstance(a.type, PtrT) or isinstance(b.type, PtrT):
            pt = a.type if isinstance(a.type, PtrT) else b.type
            a2 = V(a.expr, pt) if isinstance(a.type, PtrT) else self.convert(a, pt, loc)
            b2 = V(b.expr, pt) if isinstance(b.type, PtrT) else self.convert(b, pt, loc)
            return self.ptr_cmp(op, a2.expr, b2.expr)
        if not isinstance(a.type, IntT) or not isinstance(b.type, IntT):
            if isinstance(a.type, FloatT) or isinstance(b.type, FloatT):
                raise unsupported(loc, "floating point")
            raise error("type", loc, f"comparison of {a.type} and {b.type}")
        t = self.dm.usual(a.type, b.type)
        ea, eb = self.convert(a, t, loc).expr, self.convert(b, t, loc).expr
        ca, cb = self.enc.const_value(ea, t), self.enc.const_value(eb, t)
        if ca is not None and cb is not None:
            return BoolLit({"<": ca < cb, "<=": ca <= cb, ">": ca > cb, ">=": ca >= cb,
                            "==": ca == cb, "!=": ca != cb}[op])
        return self.enc.compare(op, ea, eb, t)

    def binop(self, op: str, a: V, b: V, loc: Loc) -> V:
        if op in ("+", "-") and isinstance(a.type, PtrT):
            if op == "-" and isinstance(b.type, PtrT):
                return self.pointer_diff(a, b, loc)
            return self.pointer_arith(op, a, b, loc)
        if op == "+" and isinstance(b.type, PtrT):
            return self.pointer_arith(op, b, a, loc)
        if not isinstance(a.type, IntT) or not isinstance(b.type, IntT):
            if isinstance(a.type, FloatT) or isinstance(b.type, FloatT):
                raise unsupported(loc, "floating point")
            raise error("type", loc, f"operator '{op}' on {a.type} and {b.type}")
        if op in ("<<", ">>"):
            t, bt = self.dm.promote(a.type), self.dm.promote(b.type)
            ea, eb = self.convert(a, t, loc).expr, self.convert(b, bt, loc).expr
            if not self.enc.is_bv and bt != t:
                eb = self.enc.convert(eb, bt, t) if bt.bits > t.bits else eb
            return V(self.enc.binary(op, ea, eb, t, self, loc, b_type=bt), t)
        t = self.dm.usual(a.type, b.type)
        ea, eb = self.convert(a, t, loc).expr, self.convert(b, t, loc).expr
        return V(self.enc.binary(op, ea, eb, t, self, loc), t)

    def pointer_diff(self, a: V, b: V, loc: Loc) -> V:
        size = self.pt.types.sizeof(a.type.target, loc)
        dt = self.dm.PTRDIFF_T
        if self.enc.is_bv:
            d = self.enc.binary("-", a.expr, b.expr, self.dm.UINTPTR, self, loc)
            d = V(d, self.dm.UINTPTR)
            d = self.convert(d, dt, loc)
            if size == 1:
                return d
            return V(self.enc.binary("/", d.expr, self.enc.lit(size, dt), dt, self, loc), dt)
        d = App(Op.SUB, (a.expr, b.expr))
        if size != 1:
            d = App(Op.DIV, (d, IntLit(size)))
        return V(d, dt)

    def ex_Assignment(self, node, loc) -> V:
        op = node.op
        pl = self.lvalue(node.lvalue)
        rv = self.rvalue(node.rvalue)
        if op == "=":
            if isinstance(pl.type, StructT):
                self.store(pl, rv, loc)
                return self.load(pl, loc)
            nv = self.convert(rv, pl.type, loc)
        else:
            old = self.load(pl, loc)
            nv = self.convert(self.binop(op[:-1], old, rv, loc), pl.type, loc)
        self.store(pl, nv, loc)
        return self.load(pl, loc)

    def ex_TernaryOp(self, node, loc) -> V:
        c = self.cond(node.cond)
        if self.is_pure(node.iftrue) and self.is_pure(node.iffalse):
            a, b = self.rvalue(node.iftrue), self.rvalue(node.iffalse)
            t = self.common_type(a, b, loc)
            if isinstance(t, VoidT):
                return V(None, VOID)
            ea, eb = self.convert(a, t, loc).expr, self.convert(b, t, loc).expr
            if isinstance(c, BoolLit):
                return V(ea if c.value else eb, t)
            return V(Ite(c, ea, eb), t)
        then_l, else_l, join = (self.b.new_label(x) for x in ("ctrue", "cfalse", "cjoin"))
        with self.dry_run():
            ta, tb = self.rvalue(node.iftrue), self.rvalue(node.iffalse)
        t = self.common_type(ta, tb, loc)
        res = None if isinstance(t, VoidT) else self.fresh(
            self.enc.btype(t) if not isinstance(t, StructT) else self.ptr_type(), hint="c")
        self.b.goto([then_l, else_l], loc)
        for lab, cc, branch in ((then_l, c, node.iftrue), (else_l, _not(c), node.iffalse)):
            self.b.start(lab, loc)
            self.assume(cc, loc)
            v = self.rvalue(branch)
            if res is not None:
                self.emit(Assign((res,), (self.convert(v, t, loc).expr,), loc=loc))
            self.b.goto([join], loc)
        self.b.start(join, loc)
        return V(res, t)

    def common_type(self, a: V, b: V, loc: Loc) -> CType:
        if isinstance(a.type, VoidT) or isinstance(b.type, VoidT):
            return VOID
        if isinstance(a.type, IntT) and isinstance(b.type, IntT):
            return self.dm.usual(a.type, b.type)
        if isinstance(a.type, PtrT) and (b.null or isinstance(b.type, IntT)):
            return a.type
        if isinstance(b.type, PtrT) and (a.null or isinstance(a.type, IntT)):
            return b.type
        if isinstance(a.type, PtrT) and isinstance(b.type, PtrT):
            if isinstance(a.type.target, VoidT):
                return a.type
            return b.type if isinstance(b.type.target, VoidT) else a.type
        if a.type == b.type:
            return a.type
        if isinstance(a.type, FloatT) or isinstance(b.type, FloatT):
            raise unsupported(loc, "floating point")
        raise error("type", loc, f"conditional with {a.type} and {b.type}")

    def ex_ExprList(self, node, loc) -> V:
        for e in node.exprs[:-1]:
            self.effect(e)
        return self.rvalue(node.exprs[-1])

    def ex_Compound(self, node, loc) -> V:
        """GNU statement expression `({ ...; e; })`."""
        items = node.block_items or []
        with self.scope():
            for item in items[:-1]:
                self.statement(item)
            if items and type(items[-1]).__name__ in _EXPR_KINDS:
                return self.temp_of(self.rvalue(items[-1]))
            if items:
                self.statement(items[-1])
        return V(None, VOID)

    def ex_ArrayRef(self, node, loc) -> V:
        return self.load(self.lvalue(node), loc)

    def ex_StructRef(self, node, loc) -> V:
        return self.load(self.lvalue(node), loc)

    def ex_CompoundLiteral(self, node, loc) -> V:
        return self.load(self.lvalue(node), loc)

    def ex_Typename(self, node, loc) -> V:
        raise error("type", loc, "type name used as a value")

    def ex_FuncCall(self, node, loc) -> V:
        from .builtins import call
        return call(self, node, loc)

    # ---------------------------------------------------------------- allocation
    def allocate(self, size: V, loc: Loc, why: str) -> Expr:
        """A fresh, non-null block of `size` bytes, disjoint from every other block:
        p := $alloc; havoc $alloc; assume $alloc > p + size (no wrap-around)."""
        p = self.fresh(self.ptr_type(), hint="p")
        alloc = Var("$alloc")
        self.emit(Assign((p,), (alloc,), attrs=(Attr("alloc", (why,)),), loc=loc))
        self.emit(Havoc(("$alloc",), loc=loc))
        # sizes are unsigned: the block ends size bytes above p (no wrap to "negative")
        n = self.convert(size, self.dm.UINTPTR, loc).expr
        end = self.enc.binary("+", p, n, self.dm.UINTPTR, self, loc) if self.enc.is_bv \
            else App(Op.ADD, (p, n))
        self.assume(self.ptr_cmp(">", alloc, end), loc)
        if self.enc.is_bv:
            self.assume(self.ptr_cmp("<=", p, end), loc)
        # addresses stay in the lower half of the address space, in both encodings, so that
        # pointer <-> integer round trips agree
        self.assume(self.ptr_cmp("<", alloc, self.enc.lit(1 << (self.dm.ptr_bits - 1),
                                                           PtrT(VOID))), loc)
        if self.pt.track_sizes:     # realloc reads the size of the block it moves
            self.emit(Assign((MapSelect(Var("$size"), (p,)),), (n,), loc=loc))
        return p

    # ---------------------------------------------------------------- call helpers
    def nondet(self, t: CType, loc: Loc, what: str) -> V:
        if isinstance(t, FloatT):
            raise unsupported(loc, f"floating-point nondeterministic value ({what})")
        if isinstance(t, VoidT):
            return V(None, VOID)
        if isinstance(t, StructT):
            raise unsupported(loc, f"struct-valued function {what}")
        v = self.b.fresh(self.enc.btype(t), "nd", loc)
        self.emit(Havoc((v.name,), attrs=(Attr("nondet", (f"{t} from {what}",)),), loc=loc))
        rng = self.enc.in_range(v, t)
        if rng is not None:
            self.assume(rng, loc)
        if isinstance(t, IntT) and t.name == "_Bool":
            self.assume(App(Op.LE, (v, IntLit(1))) if not self.enc.is_bv else
                        self.enc.compare("<=", v, self.enc.lit(1, t), t), loc)
        return V(v, t)

    def call_user(self, info: FuncInfo, args: list[V], loc: Loc) -> V:
        ft = info.type
        if info.c_name == self.pt.opts.entry and info.node is not None:
            raise unsupported(loc, f"call to the entry function '{info.name}'")
        outs: tuple[str, ...] = ()
        res = V(None, VOID)
        if not isinstance(ft.ret, VoidT):
            r = self.fresh(self.value_btype(ft.ret), hint="r")
            outs = (r.name,)
            res = V(r, ft.ret)
        self.emit(Call(info.name, tuple(a.expr for a in args), outs, loc=loc))
        return res

    def function_address(self, name: str, loc: Loc) -> V:
        info = self.pt.functions[name]
        addr = self.pt.func_addrs.get(name)
        if addr is None:
            # the pre-scan found every function used as a value; this one escaped it
            raise unsupported(loc, f"address of function '{name}' taken in an unusual way")
        return V(self.enc.lit(addr, PtrT(info.type)), PtrT(info.type))

    def call_indirect(self, fv: V, args, loc: Loc) -> V:
        """A call through a function pointer: a case split over the functions whose address
        is taken and whose type matches (calling anything else is undefined: the path
        ends)."""
        from .builtins import evaluate_args, external
        fty = fv.type.target
        fp = self.temp_of(fv)
        vals = evaluate_args(self, fty, args, loc)
        cands = [self.pt.functions[n] for n in sorted(self.pt.func_addrs)
                 if _compatible_call(self.pt.functions[n].type, fty, len(vals))]
        res = None
        if not isinstance(fty.ret, VoidT):
            if isinstance(fty.ret, StructT):
                raise unsupported(loc, "indirect call returning a struct")
            res = self.fresh(self.enc.btype(fty.ret), hint="fr")
        join, none = self.b.new_label("fjoin"), self.b.new_label("fnone")
        labels = [self.b.new_label("fcall") for _ in cands]
        self.b.goto(labels + [none], loc)
        for lab, info in zip(labels, cands):
            self.b.start(lab, loc)
            self.assume(App(Op.EQ, (fp.expr, self.enc.lit(self.pt.func_addrs[info.c_name],
                                                           fv.type))), loc)
            cvals = [self.convert(v, t, loc) for v, t in zip(vals, info.type.params)]
            if not info.type.variadic:
                cvals += vals[len(info.type.params):]
            if info.node is not None:
                r = self.call_user(info, cvals, loc)
            elif info.c_name == "free":
                r = V(None, VOID)
            else:
                if any(isinstance(v.type, PtrT) for v in cvals):
                    raise unsupported(loc, f"indirect call of the undefined function "
                                      f"'{info.name}' with pointer arguments")
                r = external(self, info.name, info.type.ret, loc)
            if res is not None:
                self.emit(Assign((res,), (self.convert(r, fty.ret, loc).expr,), loc=loc))
            self.b.goto([join], loc)
        self.b.start(none, loc)
        for info in cands:
            self.assume(App(Op.NEQ, (fp.expr, self.enc.lit(self.pt.func_addrs[info.c_name],
                                                            fv.type))), loc)
        self.assume(FALSE, loc, (Attr("invalid_call", ()),))
        self.b.goto([join], loc)
        self.b.start(join, loc)
        return V(res, fty.ret) if res is not None else V(None, VOID)

    def assert_(self, e: Expr, loc: Loc, attrs: tuple[Attr, ...] = ()) -> None:
        self.emit(Assert(e, attrs, loc=loc))

    def fun_app(self, name: str, args) -> Expr:
        return FunCall(name, tuple(args))


_INT_CONSTANT_TYPES = {"int", "unsigned int", "long int", "unsigned long int", "long long int",
                       "unsigned long long int"}
_EXPR_KINDS = {"Assignment", "FuncCall", "UnaryOp", "BinaryOp", "ID", "Constant", "Cast",
               "TernaryOp", "ExprList", "ArrayRef", "StructRef", "CompoundLiteral"}


def _uses_varargs(body) -> bool:
    """Does a variadic function's body read its variable arguments (va_start & co.)?"""
    stack = [body]
    while stack:
        n = stack.pop()
        if type(n).__name__ == "ID" and n.name.startswith("__builtin_va_"):
            return True
        stack.extend(c for _, c in n.children())
    return False


def _compatible_call(target: FuncT, pointer: FuncT, nargs: int) -> bool:
    """Could a call through a pointer of type `pointer` with nargs arguments reach `target`?
    (Same number of parameters -- or an unprototyped side -- and both void or both not.)"""
    if isinstance(target.ret, VoidT) != isinstance(pointer.ret, VoidT):
        return False
    if target.variadic:
        return nargs >= len(target.params)
    if target.has_proto:
        return len(target.params) == nargs
    return True


def _single(init):
    """The expression of a scalar initializer (`= e` or `= { e }`)."""
    if type(init).__name__ == "InitList":
        if not init.exprs:
            return None
        return _single(init.exprs[0])
    return init


def _array_dim(type_node):
    n = type_node
    while n is not None and type(n).__name__ not in ("ArrayDecl", "ArrayDeclExt"):
        n = getattr(n, "type", None)
    return None if n is None else n.dim


def _collect_cases(stmt) -> list:
    """The case/default labels of a switch body (not those of nested switches)."""
    out = []
    stack = [stmt]
    while stack:
        n = stack.pop()
        k = type(n).__name__
        if k in ("Case", "Default"):
            out.append(n)
        if k == "Switch":
            continue
        kids = [c for _, c in n.children()]
        stack.extend(reversed(kids))
    return out
