"""Reads one LLVM instruction from its canonical text line into an `ir.Instr`.

Role: the instruction part of the IR text reader: `read_instruction(line, structs, loc)`
reads the optional `%name =`, the call prefixes and flags, then dispatches on the opcode to
one reader per instruction kind (`_INSTR_READERS`); operands are read with ir_text.py's
`Parser`.  An instruction or operand form it does not know raises `UnsupportedIR`.
"""
from __future__ import annotations

from boogie.ast import Loc

from .ir import I1, PTR, VOID, ConstInt, FuncTy, Instr, StructTy, Ty, Value, VectorTy
from .ir_text import BINOPS, CASTS, Parser, UnsupportedIR, unquote

_FLAG_WORDS = {"nsw", "nuw", "exact", "disjoint", "nneg", "inbounds", "nusw", "volatile",
               "samesign", "fast", "nnan", "ninf", "nsz", "arcp", "contract", "afn",
               "reassoc"}
_CALL_PREFIX = {"tail", "musttail", "notail"}
CALL_SKIP = {"fastcc", "coldcc", "ccc", "cc", "x86_stdcallcc", "x86_fastcallcc", "noundef",
             "zeroext", "signext", "inreg", "noalias", "nonnull", "dereferenceable",
             "dereferenceable_or_null", "align", "range", "nofpclass", "fast", "nnan",
             "ninf", "nsz", "arcp", "contract", "afn", "reassoc"}


# ----------------------------------------------------------------------------- instructions

def read_instruction(line: str, structs: dict[str, StructTy], loc: Loc) -> Instr:
    p = Parser(line, structs)
    name = None
    if p.peek()[0] == "local" and p.peek(1)[1] == "=":
        name = unquote(p.next()[1][1:])
        p.next()
    flags: list[str] = []
    while p.peek()[1] in _CALL_PREFIX:
        flags.append(p.next()[1])
    op = p.next()[1]
    while p.peek()[1] in _FLAG_WORDS:
        flags.append(p.next()[1])
    ins = _INSTR_READERS.get(op)
    if ins is None:
        if op == "callbr":          # (frontend/inline_asm.py)
            raise UnsupportedIR("asm goto (inline assembly that jumps to C labels)")
        raise UnsupportedIR(f"instruction {op}")
    return ins(p, op, name, tuple(flags), loc, line)


def _r_binop(p, op, name, flags, loc, line):
    a = p.typed_value()
    p.expect(",")
    b = p.value(a.ty)
    return Instr(op, name, a.ty, (a, b), flags=flags, loc=loc, text=line)


def _r_unop(p, op, name, flags, loc, line):           # fneg, freeze
    a = p.typed_value()
    return Instr(op, name, a.ty, (a,), flags=flags, loc=loc, text=line)


def _r_cmp(p, op, name, flags, loc, line):
    pred = p.next()[1]
    while p.peek()[1] in _FLAG_WORDS:
        p.next()
    a = p.typed_value()
    p.expect(",")
    b = p.value(a.ty)
    rt = VectorTy(a.ty.count, I1) if isinstance(a.ty, VectorTy) else I1
    return Instr(op, name, rt, (a, b), pred=pred, flags=flags, loc=loc, text=line)


def _r_cast(p, op, name, flags, loc, line):
    a = p.typed_value()
    p.expect("to")
    t = p.type()
    return Instr(op, name, t, (a,), flags=flags, loc=loc, text=line)


def _r_alloca(p, op, name, flags, loc, line):
    if p.accept("inalloca"):
        raise UnsupportedIR("alloca inalloca")
    t = p.type()
    ops: tuple[Value, ...] = ()
    if p.accept(",") and not p.at("align") and not p.peek()[0] == "meta":
        ops = (p.typed_value(),)
    return Instr(op, name, PTR, ops, aux=t, flags=flags, loc=loc, text=line)


def _memory_flags(p, flags: tuple) -> tuple:
    """`atomic` and `volatile`, in that order, as a load or store may carry them."""
    for word in ("atomic", "volatile"):
        if p.accept(word):
            flags = flags + (word,)
    return flags


def _r_load(p, op, name, flags, loc, line):
    flags = _memory_flags(p, flags)
    t = p.type()
    p.expect(",")
    a = p.typed_value()
    return Instr(op, name, t, (a,), aux=t, flags=flags, loc=loc, text=line)


def _r_store(p, op, name, flags, loc, line):
    flags = _memory_flags(p, flags)
    v = p.typed_value()
    p.expect(",")
    a = p.typed_value()
    return Instr(op, None, VOID, (v, a), aux=v.ty, flags=flags, loc=loc, text=line)


def _r_gep(p, op, name, flags, loc, line):
    while p.peek()[1] in ("inbounds", "nuw", "nusw"):
        flags = flags + (p.next()[1],)
    src = p.type()
    ops = []
    while p.accept(","):
        if p.peek()[0] == "meta":
            break
        if p.at("inrange"):
            raise UnsupportedIR("getelementptr inrange")
        ops.append(p.typed_value())
    rt = ops[0].ty if ops else PTR
    return Instr(op, name, rt, tuple(ops), aux=src, flags=flags, loc=loc, text=line)


def _r_select(p, op, name, flags, loc, line):
    while p.peek()[1] in _FLAG_WORDS:
        p.next()
    c = p.typed_value()
    p.expect(",")
    a = p.typed_value()
    p.expect(",")
    b = p.typed_value()
    return Instr(op, name, a.ty, (c, a, b), flags=flags, loc=loc, text=line)


def _r_phi(p, op, name, flags, loc, line):
    while p.peek()[1] in _FLAG_WORDS:
        p.next()
    t = p.type()
    inc = []
    while p.accept("["):
        v = p.value(t)
        p.expect(",")
        lab = unquote(p.next()[1][1:])
        p.expect("]")
        inc.append((v, lab))
        if not p.accept(","):
            break
        if p.peek()[0] == "meta":
            break
    return Instr(op, name, t, incoming=tuple(inc), flags=flags, loc=loc, text=line)


def _label(p) -> str:
    p.expect("label")
    return unquote(p.next()[1][1:])


def _r_br(p, op, name, flags, loc, line):
    if p.at("label"):
        return Instr(op, None, VOID, labels=(_label(p),), loc=loc, text=line)
    c = p.typed_value()
    p.expect(",")
    t = _label(p)
    p.expect(",")
    e = _label(p)
    return Instr(op, None, VOID, (c,), labels=(t, e), loc=loc, text=line)


def _r_switch(p, op, name, flags, loc, line):
    v = p.typed_value()
    p.expect(",")
    d = _label(p)
    p.expect("[")
    cases = []
    while not p.at("]"):
        c = p.typed_value()
        p.expect(",")
        lab = _label(p)
        assert isinstance(c, ConstInt), c
        cases.append((c.value, lab))
    p.expect("]")
    return Instr(op, None, VOID, (v,), labels=(d,), cases=tuple(cases), loc=loc, text=line)


def _r_ret(p, op, name, flags, loc, line):
    if p.accept("void"):
        return Instr(op, None, VOID, loc=loc, text=line)
    return Instr(op, None, VOID, (p.typed_value(),), loc=loc, text=line)


def _r_unreachable(p, op, name, flags, loc, line):
    return Instr(op, None, VOID, loc=loc, text=line)


def _r_call(p, op, name, flags, loc, line):
    while True:
        k, v = p.peek()
        if k == "word" and v in CALL_SKIP:
            p.next()
            if v in ("align", "dereferenceable", "dereferenceable_or_null"):
                p.next()
            elif v in ("range", "nofpclass", "cc") and p.at("("):
                p.skip_parens()
            elif v == "cc":
                p.next()
        else:
            break
    rt = p.type()
    if isinstance(rt, FuncTy):
        fty = rt
    else:
        fty = None
    callee = p.value(PTR)
    p.expect("(")
    args = []
    byval: list[Ty | None] = []
    while not p.at(")"):
        t = p.type()
        byval.append(p.param_attrs().get("byval"))
        args.append(p.value(t))
        p.accept(",")
    p.expect(")")
    if not any(b is not None for b in byval):
        byval = []
    if fty is None:
        fty = FuncTy(rt, tuple(a.ty for a in args), False)
    ret = fty.ret
    return Instr(op, name, ret, tuple(args) + (callee,), aux=fty, flags=flags, loc=loc,
                 text=line, byval=tuple(byval))


def _r_extractvalue(p, op, name, flags, loc, line):
    a = p.typed_value()
    idx = []
    while p.accept(","):
        if p.peek()[0] == "meta":
            break
        idx.append(int(p.next()[1]))
    t = a.ty
    for i in idx:
        t = t.fields[i] if isinstance(t, StructTy) else t.elem
    return Instr(op, name, t, (a,), indices=tuple(idx), loc=loc, text=line)


def _r_insertvalue(p, op, name, flags, loc, line):
    a = p.typed_value()
    p.expect(",")
    b = p.typed_value()
    idx = []
    while p.accept(","):
        if p.peek()[0] == "meta":
            break
        idx.append(int(p.next()[1]))
    return Instr(op, name, a.ty, (a, b), indices=tuple(idx), loc=loc, text=line)


def _r_atomicrmw(p, op, name, flags, loc, line):
    if p.accept("volatile"):
        flags = flags + ("volatile",)
    kind = p.next()[1]
    a = p.typed_value()
    p.expect(",")
    v = p.typed_value()
    return Instr(op, name, v.ty, (a, v), pred=kind, flags=flags, aux=v.ty, loc=loc,
                 text=line)


def _r_cmpxchg(p, op, name, flags, loc, line):
    while p.peek()[1] in ("weak", "volatile"):
        flags = flags + (p.next()[1],)
    a = p.typed_value()
    p.expect(",")
    c = p.typed_value()
    p.expect(",")
    n = p.typed_value()
    return Instr(op, name, StructTy(None, (c.ty, I1)), (a, c, n), flags=flags, aux=c.ty,
                 loc=loc, text=line)


def _r_other(p, op, name, flags, loc, line):
    raise UnsupportedIR(f"instruction {op}")


_INSTR_READERS = {
    **{o: _r_binop for o in BINOPS},
    **{o: _r_cast for o in CASTS},
    "fneg": _r_unop, "freeze": _r_unop, "va_arg": _r_other,
    "icmp": _r_cmp, "fcmp": _r_cmp, "alloca": _r_alloca, "load": _r_load, "store": _r_store,
    "getelementptr": _r_gep, "select": _r_select, "phi": _r_phi, "br": _r_br,
    "switch": _r_switch, "ret": _r_ret, "unreachable": _r_unreachable, "call": _r_call,
    "extractvalue": _r_extractvalue, "insertvalue": _r_insertvalue,
    "atomicrmw": _r_atomicrmw, "cmpxchg": _r_cmpxchg,
}
