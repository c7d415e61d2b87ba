"""SMACK's inline Boogie in C: `__SMACK_code`, `__SMACK_decl` and `__SMACK_top_decl`.

Role: the C front end's side of SMACK's inline Boogie (frontend/smack_inline.py reads the
text, checks the names and the program): turns a call into Boogie commands at the call
(`__SMACK_code`), locals of the calling procedure (`__SMACK_decl`) or program-level
declarations (`__SMACK_top_decl`).  The placeholders of `__SMACK_code` are replaced in the
parsed AST by the arguments' Boogie expressions:
- a C variable whose Boogie type is the placeholder's (a scalar local or global, or a
  scalar in memory through a temporary that is stored back) is a variable, so the injected
  code may assign, havoc or `call ... := ...` it; after such a write the variable is assumed
  to hold a value of its C type (the model's invariant; SMACK's int mode would not bound
  it); any other argument is its value (default promotions, or the type of the format
  character), read before the injected code runs;
- a C function is its procedure where a procedure name is expected (`call @(...)`), its
  address elsewhere.
Procedure names in injected calls resolve to the C function's procedure; a C function
without a body is unsupported there.  Pointers crossing between C and injected code
(placeholders, parameters and results of C functions called from it) count as
conversions through `void *` for the memory model's type-safety check, so a program that
sees memory at different types across that boundary gets the more general memory model.
"""
from __future__ import annotations

import dataclasses

from boogie.ast import Call, Expr, Loc, Var
from boogie.visit import cmd_exprs, cmd_targets, free_vars, map_cmd_exprs, substitute

from frontend.smack_inline import (FORMATS, INJECTORS, Injections, add_top_decls, code_site,
                                   hole, parse_code, parse_locals, relocate, template)

from .typesys import VOID, ArrayT, CType, FloatT, FuncT, IntT, PtrT, unsupported
from .values import LMem, LVar, V
from .varargs import VA_PARAM


def inject(ft, name: str, args, loc: Loc) -> V:
    """Translate a call of one of INJECTORS (ft: the FunctionTranslator)."""
    sink: Injections = ft.pt.injections
    sink.locs.add(loc)
    if not args:
        raise unsupported(loc, f"{name} without a format string")
    text, fmts = template(sink, _string(args[0], name, loc), name, loc)
    if name == "__SMACK_code":
        _code(ft, text, fmts, args[1:], loc)
    elif fmts or len(args) > 1:
        raise unsupported(loc, f"{name} with '@' arguments")
    elif name == "__SMACK_decl":
        _decl(ft, text, loc)
    else:
        add_top_decls(sink, text, loc)
    return V(None, VOID)


def _string(node, name: str, loc: Loc) -> str:
    from .consteval import string_bytes
    if type(node).__name__ != "Constant" or node.type != "string" or \
            node.value.startswith(("L", "u", "U")):
        raise unsupported(loc, f"{name} whose first argument is not a string literal")
    return string_bytes(node.value, loc).decode("latin-1")


def _code(ft, text: str, fmts: list[str | None], args, loc: Loc) -> None:
    sink: Injections = ft.pt.injections
    cmds = parse_code(sink, text, len(args), len(fmts), loc)
    holes = [hole(i) for i in range(len(fmts))]
    written = {n for c in cmds for n in cmd_targets(c) if n in holes}
    called = {c.proc for c in cmds if isinstance(c, Call) and c.proc in holes}
    sink.sites.append(code_site(cmds, holes, set(ft.pt.functions) | set(ft.pt.aliases),
                                ft.info.name, loc))
    cmds = [_resolve_call(ft, c, holes, loc) for c in cmds]
    mapping: dict[str, Expr] = {}
    procs: dict[str, str] = {}
    after: list = []
    for h, node, fmt in zip(holes, args, fmts):
        if h in called:
            procs[h] = _procedure_argument(ft, node, h in written, loc)
            if any(h in free_vars(e) for c in cmds for e in cmd_exprs(c)):
                raise unsupported(loc, "__SMACK_code using a procedure placeholder as a value")
            continue
        mapping[h], writeback = _argument(ft, node, fmt, h in written, loc)
        if writeback is not None:
            after.append(writeback)
    for c in cmds:
        if isinstance(c, Call) and c.proc in procs:
            c = dataclasses.replace(c, proc=procs[c.proc])
        c = map_cmd_exprs(c, lambda e: substitute(e, mapping))
        ft.emit(relocate(c, loc))
    for place, var in after:
        rng = ft.enc.in_range(var, place.type)
        if rng is not None:
            ft.assume(rng, loc)
        if isinstance(place, LMem):
            ft.store(place, V(var, place.type), loc)


def _resolve_call(ft, c, holes: list[str], loc: Loc):
    """A call of a C function names the function's procedure."""
    if not isinstance(c, Call) or c.proc in holes:
        return c
    info = ft.pt.functions.get(ft.pt.aliases.get(c.proc, c.proc))
    if info is None:
        return c                     # a procedure of __SMACK_top_decl (checked at the end)
    if info.node is None:
        raise unsupported(loc, f"__SMACK_code calling the C function '{c.proc}', which the "
                          "program does not define")
    _crossing(ft, info.type, loc)
    return dataclasses.replace(c, proc=info.name)


def _crossing(ft, fty, loc: Loc) -> None:
    """A C function called from injected code gets its pointers from Boogie and hands its
    result back: for the memory model's type-safety check these are conversions through
    `void *` (frontend/memory.py), as pointers the injected code reads or writes are."""
    for t in fty.params:
        _pointer_crossing(ft, t, True, loc)
    _pointer_crossing(ft, fty.ret, False, loc)


def _pointer_crossing(ft, t, into_c: bool, loc: Loc) -> None:
    if isinstance(t, PtrT) and not isinstance(t.target, FuncT):
        # the injected code may hand the pointer anywhere: no per-class memory split
        # (translate.py `_split_or_validate`)
        ft.pt.untracked_pointers = ft.pt.untracked_pointers or loc
        if into_c:
            ft.mem.note_conversion(VOID, t.target, loc)
        else:
            ft.mem.note_conversion(t.target, VOID, loc)


def _procedure_argument(ft, node, written: bool, loc: Loc) -> str:
    name = node.name if type(node).__name__ == "ID" else None
    sym = ft.pt.lookup(name) if name else None
    name = ft.pt.aliases.get(name, name) if name else None
    info = ft.pt.functions.get(name) if name else None
    if info is None or (sym is not None and sym.kind != "func") or written:
        raise unsupported(loc, "__SMACK_code calling '@' whose argument is not a C function")
    if info.node is None:
        raise unsupported(loc, f"__SMACK_code calling the C function '{name}', which the "
                          "program does not define")
    _crossing(ft, info.type, loc)
    return info.name


def _argument(ft, node, fmt: str | None, written: bool, loc: Loc):
    """The Boogie expression a placeholder stands for, and (place, variable) when the
    injected code writes it."""
    place = _place(ft, node)
    ctype = place.type if place is not None else ft.type_of(node)
    if isinstance(ctype, ArrayT):
        ctype = PtrT(ctype.elem)
    if isinstance(ctype, FloatT) or (fmt == "f"):
        raise unsupported(loc, "__SMACK_code with a floating-point argument")
    if not isinstance(ctype, (IntT, PtrT)):
        raise unsupported(loc, f"__SMACK_code with an argument of type {ctype}")
    if fmt is not None:
        if not isinstance(ctype, IntT):
            raise unsupported(loc, f"__SMACK_code format '@{fmt}' for a pointer argument")
        target: CType = ft.dm.ints[FORMATS[fmt]]
    else:
        target = ft.dm.promote(ctype) if isinstance(ctype, IntT) else ctype
    same = isinstance(place, (LVar, LMem)) and \
        ft.enc.btype(place.type) == ft.enc.btype(target) and (fmt is None or target == place.type)
    if written and not same:
        raise unsupported(loc, "__SMACK_code writing a placeholder whose argument is not a "
                          "variable of the placeholder's type")
    _pointer_crossing(ft, ctype, False, loc)
    if written:
        _pointer_crossing(ft, ctype, True, loc)
    if same and isinstance(place, LVar):
        return Var(place.name), ((place, Var(place.name)) if written else None)
    if same:
        tmp = ft.temp_of(ft.load(place, loc))
        assert isinstance(tmp.expr, Var), "a memory load is not a literal"
        return tmp.expr, ((place, tmp.expr) if written else None)
    value = ft.load(place, loc) if place is not None else ft.rvalue(node)  # evaluated once
    v = ft.temp_of(ft.convert(value, target, loc))
    return v.expr, None


def _place(ft, node):
    """The place an argument designates (a variable, an object in memory, a bit-field), or
    None when it is only a value."""
    kind = type(node).__name__
    if kind == "ID":
        sym = ft.pt.lookup(node.name)
        if sym is None or sym.kind not in ("var", "mem") or node.name in ft.pt.aliases:
            return None
    elif not (kind in ("ArrayRef", "StructRef") or (kind == "UnaryOp" and node.op == "*")):
        return None
    return ft.lvalue(node)


def _decl(ft, text: str, loc: Loc) -> None:
    for d in parse_locals(ft.pt.injections, ft.info.name, text, loc):
        if d.name in ft.b.locals or d.name in ft.local_names or d.name in ft.pt.global_vars \
                or d.name in ft.pt.functions or d.name.startswith("in$") or \
                d.name in ("$r", VA_PARAM):
            raise unsupported(loc, f"__SMACK_decl declaring '{d.name}', a name pycorral's "
                              "model of the program already uses")
        ft.b.declare(d.name, d.type, loc)


__all__ = ["INJECTORS", "inject"]
