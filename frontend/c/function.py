"""Turns one C function definition into a Boogie procedure with a body of basic blocks.

Role: the function level of the C front end (translate.py is the program level and makes
one `FunctionTranslator` per function body).  The translator is one class composed of one
mixin per construct, CBMC-style (goto_convert*.cpp):

| module | construct |
|---|---|
| `statements.py` | statements to blocks and gotos (`if`, loops, `switch`, `goto`, `return`) |
| `declarations.py` | local declarations, object initialisers, facts over fresh blocks |
| `expressions.py` | expressions to Boogie expressions + commands, conversions, operators |
| `memory_access.py` | lvalues, loads/stores, bit-fields, pointer arithmetic, allocation |
| `calls.py` | direct and indirect calls, nondeterministic values (builtins.py: library) |
| `inline_asm.py` | GNU inline assembly: outputs havocked, a `"memory"` clobber as a call without a body |

This module holds the translator's state and the procedure: parameters, the body, the
entry's prologue (global initialisers, string literals, the heap start).  Integer
operations go through frontend/c/encoding.py, memory accesses through frontend/memory.py,
library and harness functions through frontend/c/builtins.py.  Every command carries the C
location; the first command of each C statement also carries `{:sourceloc "file", line,
col}`.
"""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import replace

from boogie import trace_attrs as ta
from boogie.passes.sequentialize import STEP_CONTINUES
from boogie.ast import (Assert, Assign, Assume, Attr, BoolLit, BvLit, Call, Expr, FunCall, Havoc,
                        IntLit, Loc, ProcedureDecl, Type, Var, VarDecl)

from frontend.properties import property_attr

import frontend.c.memsafety as memsafety
from .builder import ProcBuilder
from .calls import CallsMixin
from .declarations import DeclarationsMixin, scalar_init
from .expressions import ExpressionsMixin
from .floats import FloatsMixin, float_bits
from .inline_asm import InlineAsmMixin
from .memory_access import MemoryAccessMixin
from .statements import StatementsMixin
from .symbols import FuncInfo, Sym, boogie_name
from .trace_text import ctag, lvalue_text
from .typesys import VOID, ArrayT, CType, FloatT, FuncT, PtrT, StructT, VoidT, unsupported
from .values import LMem, V
from .varargs import VA_PARAM
from .vla import dim_local


class FunctionTranslator(StatementsMixin, DeclarationsMixin, ExpressionsMixin,
                         MemoryAccessMixin, CallsMixin, InlineAsmMixin, FloatsMixin):
    """The translation of one function body.  `pt`: the ProgramTranslator
    (frontend/c/translate.py) holding the program's scopes, types, globals and memory."""

    def __init__(self, pt, info: FuncInfo, is_entry: bool):
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
        self.subscripts: dict[int, V] = {}     # array index values, by ArrayRef node id
        self.stack_objects: dict[str, int] = {}    # memory checks: this frame's objects
        self.async_next = False     # the next call starts a thread (threads.py)
        self.continuing_step = False    # emit marks commands STEP_CONTINUES

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
        if self.continuing_step:
            cmd = replace(cmd, attrs=cmd.attrs + (Attr(STEP_CONTINUES),))
        self.b.emit(cmd)

    @contextmanager
    def step_continues(self):
        """The commands emitted inside continue the step of the command before them: in a
        program with threads, no context switch comes between them (an allocation;
        boogie/passes/sequentialize.py)."""
        before, self.continuing_step = self.continuing_step, True
        try:
            yield
        finally:
            self.continuing_step = before

    def fresh(self, t: Type, attrs: tuple[Attr, ...] = (), hint: str = "t") -> Var:
        v = self.b.fresh(t, hint, self.cur_loc)
        if attrs:
            self.emit(Havoc((v.name,), attrs=attrs, loc=self.cur_loc))
        return v

    def assume(self, e: Expr, loc: Loc, attrs: tuple[Attr, ...] = ()) -> None:
        if isinstance(e, BoolLit) and e.value and not attrs:
            return
        self.emit(Assume(e, attrs, loc=loc))

    def check(self, e: Expr, loc: Loc, what: str, kind: str = "overflow") -> None:
        """A property check (frontend/properties.py): `e` must hold here."""
        if isinstance(e, BoolLit) and e.value:
            return
        self.emit(Assert(e, (property_attr(kind, what),), loc=loc))

    def assert_(self, e: Expr, loc: Loc, attrs: tuple[Attr, ...] = ()) -> None:
        self.emit(Assert(e, attrs, loc=loc))

    def fun_app(self, name: str, args) -> Expr:
        return FunCall(name, tuple(args))

    def temp_of(self, v: V) -> V:
        """Materialise a value in a fresh local (so later side effects do not change it)."""
        if v.expr is None or isinstance(v.expr, (IntLit, BvLit, BoolLit)):
            return v
        t = self.fresh(self.enc.btype(v.type) if not isinstance(v.type, StructT)
                       else self.ptr_type())
        self.emit(Assign((t,), (v.expr,), loc=self.cur_loc))
        return replace(v, expr=t)

    def read_now(self, v: V, later) -> V:
        """`v` held in a temporary when it is a global variable that a side effect of the
        expressions `later` (evaluated after it) may change: C leaves the order of a call's
        arguments and of a binary operator's operands unspecified; both front ends
        evaluate them left to right, as clang does (README).  A local variable not in
        memory can change there only by an assignment in `later` itself: undefined
        behaviour (C11 6.5p2), so it is read when used."""
        if isinstance(v.expr, Var) and not isinstance(v.type, StructT) and \
                v.expr.name in self.pt.global_vars and \
                not all(self.is_pure(n) for n in later):
            return self.temp_of(v)
        return v

    def show(self, node, stable: bool = False) -> tuple[str, tuple[Expr, ...]]:
        """How the trace spells the lvalue `node` (trace_text.lvalue_text); `stable`: nothing
        runs between the lvalue's evaluation and the store (a pure right side), so an index
        may read globals and memory too."""
        return lvalue_text(node, self.subscripts, None if stable else set(self.b.locals),
                           self.pt.const_int)

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
        self.mem.current_proc = self.info.name     # (points_to.py: where conversions are)
        if isinstance(ft.ret, FloatT):
            float_bits(ft.ret, loc)
        params: list[VarDecl] = []
        returns: list[VarDecl] = []
        with self.scope():
            for pname, ptype in zip(self.info.param_names, ft.params):
                params.append(self.parameter(pname, ptype, loc))
            if self.info.varargs:       # the block of its variable arguments (varargs.py)
                params.append(VarDecl(VA_PARAM, self.ptr_type(), loc=loc))
            if not isinstance(ft.ret, VoidT):
                returns.append(VarDecl("$r", self.value_btype(ft.ret), loc=loc))
            # variable-length array types are evaluated where the body reaches them
            saved, self.pt.vla_eval = self.pt.vla_eval, \
                lambda dim, dloc: dim_local(self, dim, dloc)
            try:
                self.variable_parameters()
                self.statement(node.body)
            finally:
                self.pt.vla_eval = saved
        if not isinstance(ft.ret, VoidT) and self.b.is_open:
            if self.info.name == "main":    # C11 5.1.2.2.3: reaching } of main returns 0
                self.emit(Assign((Var("$r"),), (self.enc.lit(0, ft.ret),), loc=self.cur_loc))
            else:
                rv = self.fresh(self.value_btype(ft.ret))
                self.emit(Assign((Var("$r"),), (rv,), loc=self.cur_loc))
        body = self.b.finish(self.cur_loc)
        if self.pt.checks.memory:
            body = memsafety.finish_body(self, body)
        if self.is_entry:
            body = self.with_prologue(body, params, ft, loc)
        attrs = (Attr("entrypoint"),) if self.is_entry else ()
        attrs += (ta.function(self.info.c_name, ctag(ft.ret),
                              tuple((n or f"${i}", ctag(t)) for i, (n, t) in enumerate(
                                  zip(self.info.param_names, ft.params)))),)
        if self.pt.is_model(self.info):
            attrs += (ta.library(),)
        return ProcedureDecl(self.info.name, tuple(params), tuple(returns), body=body,
                             attrs=attrs, loc=loc)

    def value_btype(self, t: CType) -> Type:
        """The Boogie type of a value of C type t (a struct value is its object's address)."""
        return self.ptr_type() if isinstance(t, StructT) else self.enc.btype(t)

    def parameter(self, pname: str | None, ptype: CType, loc: Loc) -> VarDecl:
        if isinstance(ptype, FloatT):
            float_bits(ptype, loc)
        pname = pname or f"$anon{len(self.b.locals)}"
        formal = "in$" + pname
        d = VarDecl(formal, self.value_btype(ptype), loc=loc)
        if isinstance(ptype, StructT):
            # passed by value: the caller made a fresh copy, the formal is its address
            self.pt.scopes[-1][pname] = Sym("mem", ptype, name=pname, addr=Var(formal))
            return d
        self.declare_local(pname, ptype, loc, init=V(Var(formal), ptype))
        return d

    def variable_parameters(self) -> None:
        """On entry, the size expressions of the parameters of variably modified type are
        evaluated, in order (C11 6.9.1p10): `int (*p)[n]`, `int a[][n]` get their row's
        size (the type of the signature, read at file scope, has an unknown length)."""
        fd = self.info.node.decl.type
        while type(fd).__name__ not in ("FuncDecl", "FuncDeclExt"):
            fd = fd.type
        for p in (fd.args.params if fd.args is not None else ()):
            if type(p).__name__ != "Decl" or p.name is None or \
                    not self._variable_declarator(p.type):
                continue
            sym = self.pt.lookup(p.name)
            t = self.pt.resolve_type(p.type)
            if isinstance(t, ArrayT):          # adjusted to a pointer (C11 6.7.6.3p7)
                t = PtrT(t.elem)
            if sym is not None and sym.kind in ("var", "mem") and \
                    self.enc.btype(t) == self.enc.btype(sym.type):
                self.pt.scopes[-1][p.name] = replace(sym, type=t)

    def _variable_declarator(self, n) -> bool:
        """Does a parameter's declarator have an array dimension that is not constant
        (outside the parameter lists of function types inside it)?"""
        while n is not None:
            k = type(n).__name__
            if k in ("ArrayDecl", "ArrayDeclExt"):
                if n.dim is not None and self.pt.const_int(n.dim) is None:
                    return True
            elif k not in ("TypeDecl", "TypeDeclExt", "PtrDecl"):
                return False
            n = getattr(n, "type", None)
        return False

    def struct_copy(self, v: V, loc: Loc) -> V:
        """A fresh object holding a copy of the struct value v (pass/return by value)."""
        size = self.pt.types.sizeof(v.type, loc)
        addr = self.allocate(V(self.enc.lit(size, self.dm.SIZE_T), self.dm.SIZE_T), loc, "copy",
                             how="copy")
        self.store(LMem(addr, v.type), v, loc)
        return V(addr, v.type)

    def with_prologue(self, body, params, ft: FuncT, loc: Loc):
        """Entry only: global initialisers, the allocation counter and SMACK's
        initialisation functions (`__SMACK_INIT`) run before the body."""
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
            if self.pt.checks.memory:
                memsafety.initial(self, loc)
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
            if self.pt.checks.memory:     # a deterministic heap (frontend/c/memsafety.py)
                memsafety.bump(self, gl, loc)
            self.assume(self.ptr_cmp(">", Var("$alloc"), gl), loc)
            self.assume(self.ptr_cmp("<", Var("$alloc"),
                                     self.enc.lit(1 << (self.dm.ptr_bits - 2), PtrT(VOID))), loc)
            for info, iloc in self.pt.init_functions:     # SMACK's, after the globals
                self.emit(Call(info.name, (), (), loc=iloc))
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
                v = self.convert(self.rvalue(scalar_init(gi.init)), gi.type, gi.loc)
            self.emit(Assign((Var(sym.name),), (v.expr,), loc=gi.loc))
            return
        self.init_object(sym.addr, gi.type, gi.init, gi.loc, zero=True)

