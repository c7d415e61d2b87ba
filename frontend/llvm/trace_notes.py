"""What the LLVM front end tells the trace (boogie/trace_attrs.py), from clang's debug info.

Role: the trace attributes of the translated program, one function per kind of command
(the translator calls them where it makes the command): a store's `{:cassign}` with its C
lvalue (csource.py) or `{:cstore}` at its address; the leaves of a struct copy (memcpy)
read back after it; a branch edge's `{:cbranch}` from clang's block names (the failing side
of glibc's `assert` is a check, not a decision); the table of global objects on the entry
(`{:cglobal}`).  `ft` is the function translator (function.py), `mt` its module
translator (translate.py).
"""
from __future__ import annotations

from boogie import trace_attrs as ta
from boogie.ast import Assume, Attr, BoolLit, Expr, Loc

from .csource import CSource, edge_meaning, llvm_tag
from .ir import GlobalRef, Instr, IntTy, PtrTy, Value


def object_table(mt) -> tuple[Attr, ...]:
    """The trace's global objects (`{:cglobal}`): globals by their C names (string
    literals by their text), defined functions."""
    out = []
    for g in mt.m.globals:
        try:
            size = mt.dl.size(g.ty)
        except TypeError:
            continue
        out.append((_global_name(mt.csrc, g), mt.addr[g.name], size))
    out += [(f.name, mt.addr[f.name], 1) for f in mt.defined.values()]
    return tuple(ta.global_object(n, a, s) for n, a, s in out)


def _global_name(csrc: CSource, g) -> str:
    """A global's C name; a string literal (`@.str`) is named by its text."""
    name = csrc.global_name(g.name)
    text = getattr(g.init, "data", None)
    if name == g.name and g.name.startswith(".str") and isinstance(text, (bytes, bytearray)):
        body = "".join(chr(b) if 32 <= b < 127 and chr(b) not in '"\\{}' else "?"
                       for b in text.rstrip(b"\0"))
        return '"' + (body if len(body) <= 16 else body[:13] + "...") + '"'
    return name


def show_store(ft, ptr: Value, v: Value, e: Expr, addr: Expr | None,
               loc: Loc) -> tuple[Attr, ...]:
    """The trace's view of `store v, ptr` (the value's expression `e`, the address's `addr`,
    None for a promoted variable): `{:cassign}` with the C lvalue when the debug
    information spells it, else `{:cstore}` at the address (nothing for a promoted
    variable without a C name: a compiler temporary); nothing for a parameter copied to
    its variable on entry."""
    if ft.src.is_param_spill(ptr, v):
        return ()
    place = ft.src.place(ptr)
    if place is None:
        if addr is None:
            return ()
        return (ta.store(llvm_tag(v.ty), addr, e),)
    holes = tuple(ft.val(h, loc) for h in place.holes)
    return (ta.assign(place.text, ft.mt.csrc.tag(place.type, v.ty), e, holes),)


def show_copy(ft, dst: Value, reg, loc: Loc) -> None:
    """After a copy into a C object the debug information spells (a struct assignment):
    the trace's `{:cassign}` of each of its scalar leaves, read back from memory, on
    `assume true` commands."""
    place = ft.src.place(dst)
    leaves = ft.mt.csrc.leaves(place.type) if place is not None else None
    if not leaves:
        return
    p = ft.val(dst, loc)
    holes = tuple(ft.val(h, loc) for h in place.holes)
    for off, path, tag, size in leaves:
        t = PtrTy() if tag == "p" else IntTy(8 * size)
        if not (reg.byte_level or (reg.split and (reg.index, size) in ft.mt.maps)
                or (not reg.split and reg.word_size == size)):
            continue                     # a cell size the region never holds
        value = ft.load(reg, ft.enc.ptr_add(p, ft.enc.ptr_lit(off)), t, loc)
        ft.emit(Assume(BoolLit(True), (ta.assign(place.text + path, tag, value, holes),),
                       loc=loc))


def branch_notes(ft, ins: Instr) -> tuple[Attr, Attr]:
    """The `{:cbranch}` of the two edges of a conditional branch."""
    m1, m2 = edge_meaning(ins.labels[0], True), edge_meaning(ins.labels[1], False)
    if _fails_at(ft, ins.labels[0]) or _fails_at(ft, ins.labels[1]):
        m1, m2 = ("assert", "true"), ("assert", "false")         # glibc's assert()
    return ta.branch(m1[0], "", m1[1]), ta.branch(m2[0], "", m2[1])


def switch_notes(ins: Instr, bits: int) -> list[Attr]:
    """The `{:cbranch}` of each edge of a switch: its cases (signed), then the default."""
    cases = [f"case {c - (1 << bits) if c >= 1 << (bits - 1) else c}" for c, _ in ins.cases]
    return [ta.branch("switch", "", out) for out in cases + ["default"]]


def _fails_at(ft, label: str) -> bool:
    """Does block `label` begin with a call of `__assert_fail` (the failing side of
    glibc's `assert`, a check rather than a decision of the program)?"""
    b = ft.blocks_by_label.get(label)
    first = next((i for i in b.instrs if i.opcode != "phi"), None) if b else None
    return first is not None and first.opcode == "call" and \
        isinstance(first.operands[-1], GlobalRef) and first.operands[-1].name == "__assert_fail"
