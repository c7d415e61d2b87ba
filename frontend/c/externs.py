"""Calls of functions without a body (and without a model): the sound default.

Role: a called function that has no definition in the program and no model (builtins.py,
the C models of pycorral_libc.c) becomes one Boogie procedure marked `{:extern}`
(frontend/externs.py) that every call site calls.  Its body
- gives the result an arbitrary value of the result type (a pointer result is any address
  in the upper half of the address space, where the program's own objects never are:
  external objects may alias each other, not the program's -- SMACK's convention), from a
  `havoc {:nondet "T from X"}` so that traces, witnesses and native replay see it; a
  struct result is a fresh object the caller allocates after the call (never written
  before: its contents are arbitrary);
- havocs the heap maps (frontend/memory.py) of every object a function without a body can
  reach.  That set is the same for all of them (`Externs.reachable_maps`), because such a
  function may keep any pointer it is given and write through it in a later call:
  * the pointee types of the pointer arguments of every call of such a function (the
    argument's type before a conversion to `void *`), except that the cells of a
    `const T *` argument are kept (what its pointer fields point to is not);
  * the types of the globals whose address escapes (`&g`, an array used as a value);
  * the pointee types of the pointers such functions return;
  * through every pointer field of a type reached, its pointee type; through the
    program's recorded pointer conversions (frontend/memory.py `conversions`), every type
    an object of a reached type may really have (a `T *` that came from `void *` may
    point to any type that went to `void *`); a `void *` reached points to an object of a
    type the program converts to or from `void *` (or to an object the program never
    reads); in the byte-level model it means every map; and an integer argument or field
    of pointer width may carry any pointer the program converted to an integer.
  Integers passed or stored are values, not memory.  Scalars kept in Boogie variables
  (locals and globals whose address is never taken) are never written: a function
  without a body reaches a global by name only if its address escapes.
- `CFrontendOptions.extern_pure` (`--extern-pure`, SMACK's convention): no memory effect;
  the procedure records the maps it would have havocked (`{:extern_pure}`).
Function pointers passed to such a function are not called (callbacks need a model).
A pointer result is taken to be an object of the function's own: C library functions whose
result may point into an argument (frontend/common.py RESULT_INTO_ARGUMENT) are
unsupported; another function that returns a pointer into an argument needs a model.
A function called with arguments of other Boogie types than its first call (no
prototype) is unsupported.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from boogie import trace_attrs as ta
from boogie.ast import (Assume, Attr, Call, Havoc, Loc, ProcedureDecl, Type, Var,
                        VarDecl)

from frontend.common import RESULT_INTO_ARGUMENT
from frontend.externs import extern_attrs

from .ast_memo import per_ast
from .builder import ProcBuilder
from .builtins import pass_argument
from .symbols import boogie_name
from .trace_text import ctag
from .typesys import (ArrayT, CType, FloatT, FuncT, IntT, PtrT, StructT, VOID, VoidT,
                      unsupported)
from .values import V


@dataclass(slots=True)
class ExternFunction:
    name: str                        # Boogie procedure name
    c_name: str
    params: tuple[Type, ...]         # Boogie types of the arguments passed
    param_tags: tuple[tuple[str, str], ...]
    ret: CType
    first_call: Loc
    loc: Loc                         # its declaration (or first call)


@dataclass(slots=True)
class Externs:
    """The functions without a body a program calls, and what they may reach."""
    functions: dict[str, ExternFunction] = field(default_factory=dict)
    roots: set[tuple[CType, bool]] = field(default_factory=set)   # (type, own cells written)
    int_args: bool = False           # an integer of pointer width was passed to one

    # ------------------------------------------------------------------ call sites
    def call(self, ft, info, name: str, fty: FuncT, args, loc: Loc) -> V:
        """`call r := X(args)` for function `name` (info: its FuncInfo or None)."""
        vals, types = _evaluate(ft, fty, args, loc)
        consts = info.const_params if info is not None else ()
        return self.call_values(ft, info, name, fty, vals, types, consts, loc)

    def call_values(self, ft, info, name: str, fty: FuncT, vals: list[V],
                    types: list[CType], consts: tuple[bool, ...], loc: Loc) -> V:
        """The call on evaluated arguments (`types`: their types before conversion)."""
        if name in RESULT_INTO_ARGUMENT:
            raise unsupported(loc, f"call to '{name}' (its result may point into its "
                              "arguments)")
        for t in (fty.ret, *(v.type for v in vals)):
            if isinstance(t, FloatT) and t.bits is None:
                raise unsupported(loc, f"call of {name} with a value of type {t}")
        if ft.dry:              # `sizeof f(x)`: not called, only its type matters
            return V(None, VOID) if isinstance(fty.ret, VoidT) else \
                V(ft.fresh(ft.value_btype(fty.ret), hint="r"), fty.ret)
        if isinstance(fty.ret, StructT) and ft.pt.types.structs.get(fty.ret.key) is None:
            raise unsupported(loc, f"result of {name} of incomplete type {fty.ret}")
        for i, t in enumerate(types):
            self.note_argument(ft, t, i < len(consts) and consts[i])
        passed = vals[:len(fty.params)] if fty.has_proto else vals
        bts = tuple(ft.value_btype(v.type) for v in passed)
        ef = self.functions.get(name)
        if ef is None:
            pnames = list(info.param_names) if info is not None else []
            tags = tuple((pnames[i] if i < len(pnames) and pnames[i] else f"p{i + 1}",
                          ctag(v.type)) for i, v in enumerate(passed))
            decl = info.decl_loc if info is not None and info.decl_loc is not None else loc
            c_name = info.c_name if info is not None and info.c_name else name
            boogie = info.name if info is not None else boogie_name(name)
            ef = self.functions[name] = ExternFunction(boogie, c_name, bts, tags, fty.ret,
                                                       loc, decl)
            if isinstance(fty.ret, PtrT):
                self.roots.add((fty.ret.target, True))
            elif isinstance(fty.ret, StructT):      # what its pointers point to
                self.roots.add((fty.ret, False))
        elif ef.params != bts:
            raise unsupported(loc, f"call of the function without a body '{name}' with "
                              "arguments of other types than at its first call (line "
                              f"{ef.first_call.line})")
        outs: tuple[str, ...] = ()
        res = V(None, VOID)
        if not isinstance(fty.ret, (VoidT, StructT)):
            r = ft.fresh(ft.value_btype(fty.ret), hint="r")
            outs, res = (r.name,), V(r, fty.ret)
        ft.emit(Call(ef.name, tuple(v.expr for v in passed), outs, loc=loc))
        if isinstance(fty.ret, StructT):     # a fresh object: arbitrary contents
            size = ft.pt.types.sizeof(fty.ret, loc)
            addr = ft.allocate(V(ft.enc.lit(size, ft.dm.SIZE_T), ft.dm.SIZE_T), loc,
                               "copy", how="copy")
            res = V(addr, fty.ret)
        return res

    def note_argument(self, ft, t: CType, const: bool) -> None:
        if isinstance(t, ArrayT):
            t = PtrT(t.elem)
        if isinstance(t, PtrT):
            self.roots.add((t.target, not const))
        elif isinstance(t, StructT):            # a copy: only what its pointers reach
            self.roots.add((t, False))
        elif isinstance(t, IntT) and t.bits >= ft.dm.ptr_bits:
            self.int_args = True

    # ------------------------------------------------------------------ the procedures
    def procedures(self, pt, used_maps: set[str]) -> list[ProcedureDecl]:
        """One procedure per function (after the whole program is translated: the maps
        reached depend on every call and conversion); `used_maps`: the maps the program's
        own procedures use (no other map needs a havoc)."""
        if not self.functions:
            return []
        maps = sorted(self.reachable_maps(pt, pt.escaped_globals()) & used_maps)
        if pt.extern_bytes and "$M.bytes" not in maps:    # byte_split.py: UNKNOWN is bytes
            maps.append("$M.bytes")
        pure = pt.opts.extern_pure
        return [_procedure(pt, ef, tuple(maps), pure)
                for _, ef in sorted(self.functions.items())]

    def reachable_maps(self, pt, escaped: list[CType]) -> set[str]:
        mem = pt.mem
        reach = _Reach(pt)      # (byte level: every scalar is in the one byte map)
        for t, own in sorted(self.roots, key=repr):
            reach.add(t, own)
        for t in escaped:
            reach.add(t, True)
        if self.int_args:
            reach.through_integers()
        reach.run()
        return set(mem.maps) if reach.everything else reach.maps


class _Reach:
    """Maps reachable from root types (the closure described in the module docstring)."""

    def __init__(self, pt):
        self.pt = pt
        self.mem = pt.mem
        self.maps: set[str] = set()
        self.everything = False
        self.seen: set[tuple[CType, bool]] = set()
        self.work: list[tuple[CType, bool]] = []
        conv = self.mem.conversions
        self.to_void = {c.src for c in conv if isinstance(c.dst, VoidT)}
        self.from_void = {c.dst for c in conv if isinstance(c.src, VoidT)}
        self.related: dict[CType, set[CType]] = {}
        for c in conv:
            if not isinstance(c.src, VoidT) and not isinstance(c.dst, VoidT):
                self.related.setdefault(c.src, set()).add(c.dst)
                self.related.setdefault(c.dst, set()).add(c.src)
        self.to_int = set(self.mem.to_int)
        self.int_done = False

    def add(self, t: CType, own: bool) -> None:
        if (t, own) not in self.seen:
            self.seen.add((t, own))
            self.work.append((t, own))

    def through_integers(self) -> None:
        """Pointers hidden in integers: any type the program converted to an integer."""
        if self.int_done:
            return
        self.int_done = True
        for t in self.to_int:
            self.add(t, True)

    def run(self) -> None:
        while self.work and not self.everything:
            t, own = self.work.pop()
            if isinstance(t, VoidT):
                if self.mem.byte_level:
                    self.everything = True
                    return
                # an object behind a `void *` is of a type the program converted to or
                # from `void *` (or an integer): the split heap is sound only because
                # every such conversion is recorded and checked (frontend/memory.py)
                for u in self.to_void | self.from_void:
                    self.add(u, own)
                continue
            for u in self.related.get(t, ()):
                self.add(u, own)
            if t in self.from_void:
                for u in self.to_void:
                    self.add(u, own)
            self.walk(t, own)

    def walk(self, t: CType, own: bool) -> None:
        """The maps of an object of type t (when `own`) and the pointees of its pointers."""
        stack: list[tuple[CType, str | None]] = [(t, None)]
        ptr_bits = self.pt.dm.ptr_bits
        while stack:
            ty, fmap = stack.pop()
            if isinstance(ty, IntT):
                if own:
                    self.maps.add(fmap or self.mem.map_for(ty))
                if ty.bits >= ptr_bits and self.to_int:
                    self.through_integers()
            elif isinstance(ty, FloatT):
                if own and ty.bits is not None:
                    self.maps.add(fmap or self.mem.map_for(ty))
            elif isinstance(ty, PtrT):
                if own:
                    self.maps.add(fmap or self.mem.map_for(ty))
                if not isinstance(ty.target, FuncT):
                    self.add(ty.target, True)
            elif isinstance(ty, ArrayT):
                stack.append((ty.elem, None))
            elif isinstance(ty, StructT):
                info = self.pt.types.structs.get(ty.key)
                if info is None or not info.complete:
                    continue
                for f in info.fields:
                    stack.append((f.type, self.mem.field_map(ty, f.name, f.type)))
            # functions, void (a pointee: handled in run) have no cells here


def _procedure(pt, ef: ExternFunction, maps: tuple[str, ...], pure: bool) -> ProcedureDecl:
    enc, dm, loc = pt.enc, pt.dm, ef.loc
    b = ProcBuilder(ef.name)
    params = tuple(VarDecl(f"in$p{i + 1}", t, loc=loc) for i, t in enumerate(ef.params))
    returns: tuple[VarDecl, ...] = ()
    if not isinstance(ef.ret, (VoidT, StructT)):
        returns = (VarDecl("$r", enc.btype(ef.ret), loc=loc),)
        b.emit(Havoc(("$r",), attrs=(Attr("nondet", (f"{ef.ret} from {ef.c_name}",)),),
                     loc=loc))
        r = Var("$r")
        facts = []
        if isinstance(ef.ret, PtrT):
            half = enc.lit(1 << (dm.ptr_bits - 1), PtrT(VOID))
            facts.append(enc.compare(">=", r, half, PtrT(VOID)))
        rng = enc.in_range(r, ef.ret)
        if rng is not None:
            facts.append(rng)
        if isinstance(ef.ret, IntT) and ef.ret.name == "_Bool":
            facts.append(enc.compare("<=", r, enc.lit(1, ef.ret), ef.ret))
        for e in facts:
            b.emit(Assume(e, loc=loc))
    if maps and not pure:
        b.emit(Havoc(maps, loc=loc))
    body = b.finish(loc)
    attrs = extern_attrs(ef.c_name, maps, pure, ef.first_call,
                         isinstance(ef.ret, StructT))
    attrs += (ta.function(ef.c_name, ctag(ef.ret), ef.param_tags),)
    return ProcedureDecl(ef.name, params, returns, body=body, attrs=attrs, loc=loc)


def _evaluate(ft, fty: FuncT, args, loc: Loc) -> tuple[list[V], list[CType]]:
    """The arguments converted as for a call (builtins.pass_argument), and
    each one's type before an explicit conversion to `void *` (what the object is; the
    implicit conversion to a `void *` parameter comes after)."""
    vals: list[V] = []
    types: list[CType] = []
    for i, a in enumerate(args):
        node, cast = a, False
        while type(node).__name__ == "Cast":
            with ft.pt.no_vla_eval():       # only looked at: the cast evaluates it if kept
                t = ft.pt.resolve_type(node.to_type)
            if not (isinstance(t, PtrT) and isinstance(t.target, VoidT)):
                break
            node, cast = node.expr, True
        v = ft.rvalue(node)
        types.append(v.type)
        if cast:
            v = ft.convert(v, PtrT(VOID), loc, explicit=True)
        vals.append(pass_argument(ft, fty, i, v, loc))
    if fty.has_proto and len(args) < len(fty.params):
        from boogie.errors import error
        raise error("type", loc, "too few arguments in call")
    return vals, types


# ---------------------------------------------------------------------- syntactic scans

@per_ast
def escaping_names(ast) -> tuple[set[str], set[str]]:
    """(names whose address is taken: `&x`, `&x.f`, `&x[i]`; names used where an array
    would decay to a pointer: not as `x[i]`, `sizeof x` or `&x`)."""
    amp: set[str] = set()
    values: set[str] = set()
    stack = [(ast, "")]
    while stack:
        n, ctx = stack.pop()
        kind = type(n).__name__
        if kind == "UnaryOp" and n.op == "&":
            e = n.expr
            while type(e).__name__ in ("ArrayRef", "StructRef"):
                if type(e).__name__ == "StructRef" and e.type == "->":
                    break
                e = e.name
            if type(e).__name__ == "ID":
                amp.add(e.name)
        if kind == "ID" and ctx == "value":
            values.add(n.name)
        for cname, c in n.children():
            if kind == "ArrayRef" and cname == "name" or \
                    kind == "UnaryOp" and n.op in ("sizeof", "&") or \
                    kind == "FuncCall" and cname == "name" or \
                    kind == "StructRef" and cname == "field" or kind in ("Decl", "Typename"):
                stack.append((c, "" if kind != "Decl" or cname != "init" else "value"))
            else:
                stack.append((c, "value"))
    return amp, values


def is_const(node, const_typedefs: set[str]) -> bool:
    """Whether a pycparser type node is const-qualified (by itself or by its typedef)."""
    kind = type(node).__name__
    if kind in ("TypeDecl", "TypeDeclExt"):
        if "const" in (node.quals or []):
            return True
        inner = node.type
        return type(inner).__name__ == "IdentifierType" and len(inner.names) == 1 and \
            inner.names[0] in const_typedefs
    if kind in ("ArrayDecl", "ArrayDeclExt"):
        return is_const(node.type, const_typedefs)
    return False


def points_to_const(node, const_typedefs: set[str], const_ptrs: set[str]) -> bool:
    """Whether a (parameter's) type node is a pointer to const: `const T *`, `const T[]`,
    or a typedef of such a pointer."""
    kind = type(node).__name__
    if kind in ("PtrDecl", "ArrayDecl", "ArrayDeclExt"):
        return is_const(node.type, const_typedefs)
    if kind in ("TypeDecl", "TypeDeclExt"):
        inner = node.type
        return type(inner).__name__ == "IdentifierType" and len(inner.names) == 1 and \
            inner.names[0] in const_ptrs
    return False


def const_params(fdecl_type, const_typedefs: set[str], const_ptrs: set[str]
                 ) -> tuple[bool, ...]:
    """For each parameter of a function declarator: is it a pointer to const?"""
    fd = fdecl_type
    while type(fd).__name__ not in ("FuncDecl", "FuncDeclExt"):
        if not hasattr(fd, "type"):
            return ()
        fd = fd.type
    out: list[bool] = []
    for p in (fd.args.params if fd.args is not None else ()):
        if type(p).__name__ not in ("Decl", "Typename"):
            continue
        out.append(points_to_const(p.type, const_typedefs, const_ptrs))
    return tuple(out)
