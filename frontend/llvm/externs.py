"""Calls of declared functions without a body (and without a model): the sound default.

Role: the LLVM front end's side of frontend/externs.py.  A call of a declared function
that calls.py does not model (callee_names.gets_default) is `call r := X(args)` of one
procedure per function, marked `{:extern}`, whose body gives the result an arbitrary value
of its type (a pointer: any address in [2^(P-2), 2^(P-1)), above every program object,
SMACK's convention; `havoc {:nondet "T from X"}` so that traces, witnesses and native
replay see it; a flat struct: one arbitrary output per field) and havocs the maps of every *escaped* region: the regions such a function
can reach.  LLVM IR has no `const`: every pointer argument is taken as writable.

Escaped regions and aliasing (`escape`, run by regions.py before the regions are made).
A function without a body may read and write every object it can reach, keep any pointer
it is given and use it in a later call, and store any pointer it can reach into any
pointer cell it can reach.  The objects it can reach are those of the nodes
- of the pointer arguments of every call of such a function (direct, or through a pointer
  that may reach one);
- of the globals whose address escapes.  A global with external linkage can be named by
  code outside the module: it escapes once a pointer in its node is stored into memory,
  passed to a call (not an intrinsic) or written in an initialiser.  A `static` global
  (private or internal linkage) cannot be named there: its address reaches such a function
  only along the pointers it is given (the closure below), or when it is stored into (or
  written in the initialiser of) a global that can be named;
- of the objects such functions return (regions.EXTERNAL);
- of every pointer turned into an integer (the integer may be passed to such a function
  or stored where it reads),
and every node their pointer cells point to (the closure under the points-to edge).  All
of them are written by every call of such a function (the same escaped set for all).  For
aliasing: a pointer cell of an escaped node may afterwards hold a pointer to any escaped
object, so when some escaped node holds pointers, Steensgaard's single points-to edge
forces every escaped node to be one node that points to itself (unified here).  When no
escaped node holds pointers, nothing can be stored, and the nodes stay apart (the precise
case: functions given only pointers to integers or to pointer-free structs).  Pointers
loaded from an escaped node may then point anywhere in it, at any offset (regions.py's
field split sees every residue there).  With `--extern-pure` nothing is unified (the
functions write no memory) and the escaped regions are only reported.
Function pointers passed to such a function are not called (callbacks need a model).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from boogie import trace_attrs as ta
from boogie.ast import (App, Assume, Attr, Block, Body, Call, Havoc, Loc, Op, ProcedureDecl,
                        Return, Type, Var, VarDecl)

from frontend.externs import extern_attrs

from .callee_names import gets_default
from .csource import llvm_tag
from .inline_asm import acts_as_extern
import frontend.floatenc as floatenc
from .floats import float_bits
from .ir import (FloatTy, FuncTy, Function, GlobalRef, InlineAsm, Instr, IntTy, PtrTy, StructTy,
                 VoidTy)
from .names import ident, unsupported

_CTYPES = {"s8": "signed char", "u8": "unsigned char", "s16": "short",
           "u16": "unsigned short", "s32": "int", "u32": "unsigned int",
           "s64": "long long", "u64": "unsigned long long", "s128": "__int128",
           "u128": "unsigned __int128", "b": "_Bool", "p": "void *"}


@dataclass(slots=True)
class _Extern:
    f: Function
    first_call: Loc
    c_name: str = ""            # (inline asm: "asm"; else f's name)
    any_pointer: bool = False   # a pointer result may point anywhere (inline asm)


@dataclass(slots=True)
class Externs:
    """The declared functions without a body the module calls (by name)."""
    functions: dict[str, _Extern] = field(default_factory=dict)

    def call(self, ft, ins: Instr, name: str, args, loc: Loc) -> None:
        """`call r := name(fixed arguments)`; variable arguments are evaluated, not passed
        (regions.py counts them among the escaping pointers)."""
        f = ft.mt.declared.get(name)
        if f is None or not f.is_declaration or not gets_default(name):
            raise unsupported(loc, f"call of {name}")
        if len(args) < len(f.ty.params) or (len(args) > len(f.ty.params) and
                                            not f.ty.vararg):
            raise unsupported(loc, f"call of {name} with {len(args)} arguments")
        vals = tuple(ft.val(a, loc) for a in args)
        for a in args[:len(f.ty.params)]:
            ft.btype(a.ty, loc)                       # a type the procedure can take
        outs: tuple[str, ...] = ()
        if isinstance(f.ty.ret, StructTy):      # a flat struct: one output per field
            ft.agg_fields(f.ty.ret, loc)
            outs = tuple(x.name for x in ft.agg_vars(ins.name, ins.ty, loc)) \
                if ins.name is not None else tuple(
                    ft.fresh(ft.btype(t, loc), "ignored").name
                    for _, t in ft.agg_fields(f.ty.ret, loc))
        elif not isinstance(f.ty.ret, VoidTy):
            if ins.name is not None:
                outs = (ft.result(ins, loc).name,)
            else:
                outs = (ft.fresh(ft.btype(f.ty.ret, loc), "ignored").name,)
        self.functions.setdefault(name, _Extern(f, loc))
        ft.emit(Call(ident(name), vals[:len(f.ty.params)], outs, loc=loc))

    def call_asm(self, ft, ins: Instr, loc: Loc) -> None:
        """An inline asm call that may write memory (inline_asm.py): `call r := asm$N()` of
        a procedure of its own (its result type), the default's body for the C name `asm`
        -- arbitrary results, the escaped regions havocked; a pointer result is not kept
        apart from the program's objects (the asm may return one of its operands)."""
        name = f"asm${len(self.functions) + 1}"
        while name in self.functions or name in ft.mt.declared:
            name += "$"
        f = Function(name, FuncTy(ins.ty, ()), (), ())
        self.functions[name] = _Extern(f, loc, "asm", any_pointer=True)
        outs: tuple[str, ...] = ()
        if isinstance(ins.ty, StructTy):
            ft.agg_fields(ins.ty, loc)
            outs = tuple(x.name for x in ft.agg_vars(ins.name, ins.ty, loc)) \
                if ins.name is not None else tuple(
                    ft.fresh(ft.btype(t, loc), "ignored").name
                    for _, t in ft.agg_fields(ins.ty, loc))
        elif not isinstance(ins.ty, VoidTy):
            outs = ((ft.result(ins, loc) if ins.name is not None
                     else ft.fresh(ft.btype(ins.ty, loc), "ignored")).name,)
        ft.emit(Call(ident(name), (), outs, loc=loc))

    def procedures(self, mt) -> list[ProcedureDecl]:
        if not self.functions:
            return []
        maps = tuple(sorted({mt.maps[key][0] for key in mt.maps
                             if key[0] in mt.regions.escaped_indices()}))
        pure = mt.opts.extern_pure
        return [_procedure(mt, e, maps, pure) for _, e in sorted(self.functions.items())]


def _procedure(mt, e: _Extern, maps: tuple[str, ...], pure: bool) -> ProcedureDecl:
    f, enc = e.f, mt.enc
    c_name = e.c_name or f.name
    loc = f.loc if f.loc.line else e.first_call
    cmds: list = []
    params = tuple(VarDecl(f"in$p{i + 1}", _btype(mt, t, loc), loc=loc)
                   for i, t in enumerate(f.ty.params))
    rets: tuple[VarDecl, ...] = ()
    ret_tag = llvm_tag(f.ty.ret)
    if isinstance(f.ty.ret, StructTy):          # fields of arbitrary values
        fields = [t for t in f.ty.ret.fields]
        rets = tuple(VarDecl(f"$r#{i}", _btype(mt, t, loc), loc=loc)
                     for i, t in enumerate(fields))
        if e.any_pointer:           # inline asm: each output a choice replay names
            cmds += [Havoc((r.name,), attrs=(Attr("nondet", (
                f"{_CTYPES.get(llvm_tag(t), str(t))} from {c_name}",)),), loc=loc)
                for r, t in zip(rets, fields)]
        else:
            cmds.append(Havoc(tuple(r.name for r in rets), loc=loc))
        for r, t in zip(rets, fields):
            rng = enc.in_range(Var(r.name), t.bits) if isinstance(t, IntTy) else \
                enc.ptr_in_range(Var(r.name))
            if rng is not None:
                cmds.append(Assume(rng, loc=loc))
    elif not isinstance(f.ty.ret, VoidTy):
        rets = (VarDecl("$r", _btype(mt, f.ty.ret, loc), loc=loc),)
        what = f"{_CTYPES.get(ret_tag, str(f.ty.ret))} from {c_name}"
        cmds.append(Havoc(("$r",), attrs=(Attr("nondet", (what,)),), loc=loc))
        r = Var("$r")
        if isinstance(f.ty.ret, PtrTy):
            if mt.opts.checks.memory:       # not an object of the allocation map
                raise unsupported(loc, f"memory checks: the pointer result of {c_name}, "
                                       "a function without a body")
            bits = mt.dl.ptr_bits
            if e.any_pointer:
                rng = enc.ptr_in_range(r)
                if rng is not None:
                    cmds.append(Assume(rng, loc=loc))
            else:
                cmds.append(Assume(App(Op.AND, (
                    enc.ptr_cmp("uge", r, enc.ptr_lit(1 << (bits - 2))),
                    enc.ptr_cmp("ult", r, enc.ptr_lit(1 << (bits - 1))))), loc=loc))
        elif isinstance(f.ty.ret, IntTy):
            rng = enc.in_range(r, f.ty.ret.bits)
            if rng is not None:
                cmds.append(Assume(rng, loc=loc))
    if maps and not pure:
        cmds.append(Havoc(maps, loc=loc))
    body = Body((), (Block("$entry", tuple(cmds), Return(loc=loc), loc=loc),), loc=loc)
    tags = tuple((f"p{i + 1}", llvm_tag(t)) for i, t in enumerate(f.ty.params))
    attrs = extern_attrs(c_name, maps, pure, e.first_call,
                         isinstance(f.ty.ret, StructTy))
    attrs += (ta.function(c_name, ret_tag, tags),)
    return ProcedureDecl(ident(f.name), params, rets, body=body, attrs=attrs, loc=loc)


def _btype(mt, t, loc: Loc) -> Type:
    if isinstance(t, IntTy):
        if t.bits > 128:
            raise unsupported(loc, f"integer type {t}")
        return mt.enc.int_type(t.bits)
    if isinstance(t, PtrTy):
        return mt.enc.ptr_type()
    if isinstance(t, FloatTy):           # any float (NaN included) is a possible result
        return floatenc.float_type(float_bits(t, loc))
    raise unsupported(loc, f"values of type {t}")


# ----------------------------------------------------------------------------- escape

def escape(regions, extern_pure: bool, external, call_targets) -> list:
    """The node keys of the escaped set (module docstring), after unifying them when a
    pointer may be stored among them (not under --extern-pure).  Called by regions.py
    after every instruction was seen and before the regions are made; `external` is the
    node of the objects functions without a body return, `call_targets` regions.py's
    targets of a call through a pointer."""
    EXTERNAL = external
    module, uf = regions.module, regions.uf
    defaults = {f.name for f in module.functions if f.is_declaration and gets_default(f.name)}
    keys: list = []
    # (pointer, where it is stored or None): escapes if either node holds a nameable global
    candidates: list = []
    any_call = False
    for f in module.functions:
        for b in f.blocks:
            for ins in b.instrs:
                candidates.extend(_escaping_uses(regions, f, ins))
                if ins.opcode == "ptrtoint":     # the integer may reach one: any object
                    k = regions._node(f, ins.operands[0])
                    if k is not None:
                        keys.append(k)
                if ins.opcode != "call":
                    continue
                callee, args = ins.operands[-1], ins.operands[:-1]
                if isinstance(callee, GlobalRef):
                    hits = callee.name in defaults
                elif isinstance(callee, InlineAsm):     # inline_asm.py
                    hits = acts_as_extern(ins)
                else:
                    hits = any(g.name in defaults
                               for g in call_targets(module, regions.address_taken, ins))
                if not hits:
                    continue
                any_call = True
                for a in args:
                    if isinstance(a.ty, PtrTy):
                        k = regions._node(f, a)
                        if k is not None:
                            keys.append(k)
                if ins.name is not None and isinstance(ins.ty, PtrTy) and \
                        not isinstance(callee, GlobalRef):
                    uf.union((f.name, ins.name), EXTERNAL)      # as direct calls do
    for g in module.globals:
        if g.init is not None:
            candidates.extend((k, ("@", g.name)) for k in _init_pointers(regions, g.init))
    if not any_call:
        return []
    nameable = {uf.find(("@", g.name)) for g in module.globals if not g.local}
    keys += [k for k, into in candidates
             if uf.find(k) in nameable or (into is not None and uf.find(into) in nameable)]
    keys.append(EXTERNAL)
    uf.find(EXTERNAL)
    closure = _closure(uf, keys)
    if not extern_pure and any(uf.content.get(uf.find(k)) is not None for k in closure):
        for k in closure[1:]:
            uf.union(closure[0], k)
        root = uf.find(closure[0])
        uf.union(uf.content_of(root), root)
    return closure


def _closure(uf, keys: list) -> list:
    """One key per node reachable from `keys` through the points-to edge."""
    seen: set = set()
    out: list = []
    work = list(keys)
    while work:
        k = work.pop()
        r = uf.find(k)
        if r in seen:
            continue
        seen.add(r)
        out.append(k)
        c = uf.content.get(r)
        if c is not None:
            work.append(c)
    return out


def _escaping_uses(regions, f, ins: Instr) -> list:
    """(node key, node key of the memory it is stored into, or None) of the pointers that
    leave through `ins`: stored as a value, passed to a call (not an intrinsic), turned
    into an integer."""
    op, ops = ins.opcode, ins.operands
    vals = []
    into = None
    if op == "store" and isinstance(ops[0].ty, PtrTy):
        vals = [ops[0]]
        into = regions._node(f, ops[1])
    elif op == "ptrtoint":
        vals = [ops[0]]
    elif op == "call":
        callee = ops[-1]
        if isinstance(callee, GlobalRef) and callee.name.startswith("llvm."):
            return []       # intrinsics (memcpy of an initialiser, markers) keep addresses
        vals = [a for a in ops[:-1] if isinstance(a.ty, PtrTy)]
    elif op in ("atomicrmw", "cmpxchg"):
        vals = [v for v in ops[1:] if isinstance(v.ty, PtrTy)]
        into = regions._node(f, ops[0])
    out = []
    for v in vals:
        k = regions._node(f, v)
        if k is not None:
            out.append((k, into))
    return out


def _init_pointers(regions, init) -> list:
    from .ir import Aggregate, ConstExpr
    out, stack = [], [init]
    while stack:
        v = stack.pop()
        if isinstance(v, Aggregate):
            stack.extend(v.elems)
        elif isinstance(v, (GlobalRef, ConstExpr)) and isinstance(v.ty, PtrTy):
            k = regions._node(None, v)
            if k is not None:
                out.append(k)
    return out
