"""Inline asm calls (`call T asm sideeffect "...", "=r,r,~{memory}"(...)`) as sound unknown
code: the LLVM front end's side of frontend/inline_asm.py.

Role: the constraint string (frontend/inline_asm.py `parse_llvm_constraints`) says what the
asm may change; the template is never read.
- Its direct outputs (the call's result: one value, or a struct of them) get arbitrary
  values (`havoc {:nondet "T from asm"}`, in the range of their types).
- With an indirect output (`=*m`: written through a pointer argument), or `~{memory}` and
  a template that is not empty (frontend/inline_asm.py `no_instructions`), it
  is a call of a function without a body (externs.py `call_asm`: a procedure `asm$N` of its
  own, C name `asm`): the escaped regions are havocked, and for the region analysis
  (regions.py, externs.py `escape`) its pointer arguments escape as a call's do
  (`acts_as_extern`) -- exactly the default of an external function.
- A pointer result (`acts_as_extern` too) may be one of its pointer operands (the kernel's
  RELOC_HIDE returns its input) or any object an external function could reach:
  `asm_regions` puts it in the node of its pointer arguments and of the external objects,
  and its value is not kept apart from the program's objects.
- Otherwise the asm changes nothing the program can read.
A label constraint (`!i`, asm goto, only in `callbr`, which ir_instructions.py does not
read) is unsupported; so is a constraint string that names another number of operands
than the call passes.
"""
from __future__ import annotations

from functools import lru_cache

from boogie.ast import Attr, Havoc, Loc

from frontend.inline_asm import (WHAT, LlvmConstraints, no_instructions,
                                 parse_llvm_constraints)

from .csource import llvm_tag
from .ir import InlineAsm, Instr, IntTy, PtrTy, StructTy, VoidTy
from .objects import has_ptr
from .names import unsupported

_CTYPES = {"s8": "signed char", "u8": "unsigned char", "s16": "short",
           "u16": "unsigned short", "s32": "int", "u32": "unsigned int",
           "s64": "long long", "u64": "unsigned long long", "p": "void *"}


@lru_cache(maxsize=1024)
def constraints(callee: InlineAsm) -> LlvmConstraints:
    return parse_llvm_constraints(callee.constraints)


def acts_as_extern(ins: Instr) -> bool:
    """Whether the asm call is, for the region analysis, a call of a function without a
    body: it may write memory, or it returns a pointer."""
    c = constraints(ins.operands[-1])
    return _writes_memory(ins.operands[-1], c) or (ins.name is not None and has_ptr(ins.ty))


def _writes_memory(callee: InlineAsm, c: LlvmConstraints) -> bool:
    """An indirect output (an output operand: havocked whatever the template), or
    `~{memory}` unless the template is empty (no instruction: the kernel's barrier())."""
    return bool(c.written) or (c.memory and not no_instructions(callee.template))


def asm_regions(regions, f, ins: Instr, external) -> None:
    """regions.py's step for an asm call: a pointer result joins the node of the
    external objects and of every pointer argument (it may be any of them)."""
    if ins.name is None or not has_ptr(ins.ty):
        return
    res = (f.name, ins.name)
    regions.uf.union(res, external)
    for a in ins.operands[:-1]:
        if isinstance(a.ty, PtrTy):
            k = regions._node(f, a)
            if k is not None:
                regions.uf.union(k, res)


def translate_asm(ft, ins: Instr, loc: Loc) -> None:
    """The call's model (module docstring)."""
    callee = ins.operands[-1]
    c = constraints(callee)
    args = ins.operands[:-1]
    if c.labels:
        raise unsupported(loc, "asm goto (inline assembly that jumps to C labels)")
    if c.arguments != len(args):
        raise unsupported(loc, f"inline assembly whose constraints \"{callee.constraints}\" "
                               f"take {c.arguments} operands, called with {len(args)}")
    if ft.mt.opts.checks.memory and ins.name is not None and has_ptr(ins.ty):
        raise unsupported(loc, "memory checks: a pointer output of inline assembly")
    ft.mt.note_asm(loc)
    if _writes_memory(callee, c):
        ft.mt.externs.call_asm(ft, ins, loc)
        return
    if ins.name is None or isinstance(ins.ty, VoidTy):
        return
    if isinstance(ins.ty, StructTy):
        for v, (_, t) in zip(ft.agg_vars(ins.name, ins.ty, loc), ft.agg_fields(ins.ty, loc)):
            _havoc(ft, v, t, loc)
    else:
        _havoc(ft, ft.result(ins, loc), ins.ty, loc)


def _havoc(ft, v, t, loc: Loc) -> None:
    if not isinstance(t, (IntTy, PtrTy)):
        raise unsupported(loc, f"inline assembly output of type {t}")
    what = f"{_CTYPES.get(llvm_tag(t), str(t))} from {WHAT}"
    ft.emit(Havoc((v.name,), attrs=(Attr("nondet", (what,), loc=loc),), loc=loc))
    ft.assume_range(v, t, loc)
