"""The possible callees of LLVM calls: the functions whose address is taken, and the ones an
indirect call may reach (same parameter and result types).  Used by the points-to analysis
(regions.py, field_split.py), externs.py and calls.py.
"""
from __future__ import annotations

from .ir import Aggregate, ConstExpr, Function, GlobalRef, Instr, IntTy, Module


def address_taken(module: Module) -> list[str]:
    """Functions whose address is used other than as the callee of a direct call, in
    module order: the possible targets of calls through pointers."""
    names = {f.name for f in module.functions}
    taken: set[str] = set()

    def scan(v) -> None:
        stack = [v]
        while stack:
            x = stack.pop()
            if isinstance(x, GlobalRef) and x.name in names:
                taken.add(x.name)
            elif isinstance(x, ConstExpr):
                stack.extend(x.operands)
            elif isinstance(x, Aggregate):
                stack.extend(x.elems)

    for g in module.globals:
        if g.init is not None:
            scan(g.init)
    for f in module.functions:
        for b in f.blocks:
            for ins in b.instrs:
                ops = ins.operands[:-1] if ins.opcode == "call" else ins.operands
                for v in ops:
                    scan(v)
                for v, _ in ins.incoming:
                    scan(v)
    return [f.name for f in module.functions if f.name in taken]


def call_targets(module: Module, taken: list[str], ins: Instr) -> list[Function]:
    """The address-taken functions an indirect call may reach: same number of parameters
    and the same parameter and result types (a call through a pointer of another type is
    undefined behaviour) -- where an integer of the call may be narrower than the
    function's (`fits`: a model library's definition wider than the program's declaration,
    `strlen` declared `unsigned int` by a 32-bit kernel's size_t; calls.py widens the
    arguments and truncates the result as for a direct call)."""
    fty = ins.aux
    actual = [a.ty for a in ins.operands[:-1]]
    out = []
    for name in taken:
        f = module.function(name)
        if f is None or not fits(fty.ret, f.ty.ret):
            continue
        if fty.vararg:
            # an unprototyped pointer (`void (*)()`) calls with the actual argument types
            fixed = list(f.ty.params)
            if (len(fixed) == len(actual) if not f.ty.vararg else len(fixed) <= len(actual)) \
                    and all(map(fits, actual[:len(fixed)], fixed)):
                out.append(f)
            continue
        if f.ty.vararg or len(f.ty.params) != len(fty.params) or \
                not all(map(fits, fty.params, f.ty.params)):
            continue
        out.append(f)
    return out


def fits(at_call, in_function) -> bool:
    """A type at a call fits the callee's: equal, or integers narrower at the call."""
    return at_call == in_function or (
        isinstance(at_call, IntTy) and isinstance(in_function, IntTy)
        and 1 < at_call.bits < in_function.bits)
