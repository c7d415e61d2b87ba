"""SMACK's inline Boogie in LLVM IR: calls of `__SMACK_code`, `__SMACK_decl` and
`__SMACK_top_decl`.

Role: the LLVM front end's side of SMACK's inline Boogie (frontend/smack_inline.py reads
the text, checks the names and the program; SMACK's own translation does the same on
LLVM IR).  The text is the constant string of the first argument; each placeholder of
`__SMACK_code` is replaced in the parsed AST by its argument:
- a value is its Boogie expression (an SSA local, a constant, an address); a format
  character (`@c`, `@h`, ...) looks through clang's promotion of the argument (the `sext`/
  `zext` it emits) to the value of that width, as SMACK does;
- a placeholder the injected code writes (assignment, havoc, call result) must be a value
  clang loaded from a variable (-O0 loads a C variable before each use): the injected code
  writes the loaded local, which is then stored back to the variable (SMACK writes the
  register of the variable after mem2reg); the value is assumed in its type's range after
  the write (int encoding);
- a defined function is its procedure where a procedure name is expected (`call @(...)`),
  and names in injected calls resolve to the program's functions.
"""
from __future__ import annotations

import dataclasses

from boogie.ast import Assign, Call, Expr, Loc, Var
from boogie.visit import cmd_exprs, cmd_targets, free_vars, map_cmd_exprs, substitute

from frontend.smack_inline import (FORMAT_BITS, Injections, add_top_decls, code_site, hole,
                                   parse_code, parse_locals, relocate, template)

from .ir import Aggregate, ConstExpr, ConstInt, GlobalRef, Instr, IntTy, Local, PtrTy
from .names import ident, unsupported

_CASTS = ("sext", "zext", "trunc")


def translate_injection(ft, ins: Instr, name: str, args, loc: Loc) -> None:
    """A call of one of frontend.smack_inline.INJECTORS (ft: the function translator)."""
    sink: Injections = ft.mt.injections
    sink.locs.add(loc)
    if not args:
        raise unsupported(loc, f"{name} without a format string")
    text, fmts = template(sink, _string(ft, args[0], name, loc), name, loc)
    proc = ident(ft.f.name)
    if name == "__SMACK_code":
        _code(ft, text, fmts, args[1:], loc)
    elif fmts or len(args) > 1:
        raise unsupported(loc, f"{name} with '@' arguments")
    elif name == "__SMACK_decl":
        for d in parse_locals(sink, proc, text, loc):
            if d.name in ft.locals or d.name.startswith(("v$", "$")):
                raise unsupported(loc, f"__SMACK_decl declaring '{d.name}', a name "
                                  "pycorral's model of the program already uses")
            ft.declare(d.name, d.type)
    else:
        add_top_decls(sink, text, loc)
    if ins.name is not None:            # declared without a prototype: an arbitrary int
        ft.arbitrary(ins.ty, loc)


def _string(ft, v, name: str, loc: Loc) -> str:
    s = constant_string(ft, v)
    if s is None:
        raise unsupported(loc, f"{name} whose first argument is not a string constant")
    return s


def constant_string(ft, v) -> str | None:
    """The C string a pointer operand holds when it is a string constant (a global of
    bytes, through getelementptr/bitcast), else None."""
    while isinstance(v, ConstExpr) and v.op in ("getelementptr", "bitcast") and v.operands:
        v = v.operands[0]
    g = next((g for g in ft.mt.m.globals if isinstance(v, GlobalRef) and g.name == v.name),
             None)
    if g is None or not isinstance(g.init, Aggregate) or not all(
            isinstance(e, ConstInt) and e.ty.bits == 8 for e in g.init.elems):
        return None
    data = bytes(e.value % 256 for e in g.init.elems)
    return data.split(b"\0", 1)[0].decode("latin-1")


def _code(ft, text: str, fmts: list[str | None], args, loc: Loc) -> None:
    sink: Injections = ft.mt.injections
    cmds = parse_code(sink, text, len(args), len(fmts), loc)
    holes = [hole(i) for i in range(len(fmts))]
    written = {n for c in cmds for n in cmd_targets(c) if n in holes}
    called = {c.proc for c in cmds if isinstance(c, Call) and c.proc in holes}
    sink.sites.append(code_site(cmds, holes, set(ft.mt.declared), ident(ft.f.name), loc))
    cmds = [_resolve_call(ft, c, holes, loc) for c in cmds]
    mapping: dict[str, Expr] = {}
    procs: dict[str, str] = {}
    after: list = []
    for h, v, fmt in zip(holes, args, fmts):
        if h in called:
            if not (isinstance(v, GlobalRef) and v.name in ft.mt.defined) or h in written or \
                    any(h in free_vars(e) for c in cmds for e in cmd_exprs(c)):
                raise unsupported(loc, "__SMACK_code calling '@' whose argument is not a "
                                  "defined function")
            procs[h] = ident(v.name)
            continue
        v = _at_format(ft, v, fmt, loc)
        if h in written:
            after.append(_written(ft, v, loc))
            mapping[h] = after[-1][0]
        else:
            mapping[h] = ft.val(v, loc)
    for c in cmds:
        if isinstance(c, Call) and c.proc in procs:
            c = dataclasses.replace(c, proc=procs[c.proc])
        ft.emit(relocate(map_cmd_exprs(c, lambda e: substitute(e, mapping)), loc))
    for var, v, ptr in after:
        ft.assume_range(var, v.ty, loc)
        x = ft.promoted_var(ptr, loc)
        if x is not None:
            ft.emit(Assign((x,), (var,), loc=loc))
        else:
            ft.store(ft.region(ptr, loc), ft.val(ptr, loc), v.ty, var, loc)


def _resolve_call(ft, c, holes: list[str], loc: Loc):
    if not isinstance(c, Call) or c.proc in holes or c.proc not in ft.mt.declared:
        return c                     # a procedure of __SMACK_top_decl (checked at the end)
    if c.proc not in ft.mt.defined:
        raise unsupported(loc, f"__SMACK_code calling the function '{c.proc}', which the "
                          "program does not define")
    return dataclasses.replace(c, proc=ident(c.proc))


def _definition(ft, v) -> Instr | None:
    if not isinstance(v, Local):
        return None
    for b in ft.f.blocks:
        for ins in b.instrs:
            if ins.name == v.name:
                return ins
    return None


def _at_format(ft, v, fmt: str | None, loc: Loc):
    """The argument at the width its format character asks for (SMACK looks through the
    promotion clang applied to a variadic argument)."""
    if fmt is None:
        return v
    bits = FORMAT_BITS[fmt]
    if fmt == "f" or not isinstance(v.ty, IntTy):
        raise unsupported(loc, f"__SMACK_code format '@{fmt}' for an argument of type {v.ty}")
    if v.ty.bits == bits:
        return v
    d = _definition(ft, v)
    if d is not None and d.opcode in _CASTS and isinstance(d.operands[0].ty, IntTy) and \
            d.operands[0].ty.bits == bits:
        return d.operands[0]
    raise unsupported(loc, f"__SMACK_code format '@{fmt}' for a {v.ty} argument")


def _written(ft, v, loc: Loc) -> tuple[Var, object, object]:
    """(the local the injected code writes, the value, the variable it was loaded from)."""
    d = _definition(ft, v)
    if d is None or d.opcode != "load" or not isinstance(v.ty, (IntTy, PtrTy)) or \
            "atomic" in d.flags:
        raise unsupported(loc, "__SMACK_code writing a placeholder whose argument is not a "
                          "variable")
    var = ft.val(v, loc)
    assert isinstance(var, Var), "an SSA local is a Boogie variable"
    return var, v, d.operands[0]


__all__ = ["translate_injection"]
