"""Turns LLVM `call` instructions into Boogie: user functions, the harness, the C library
models and the intrinsics clang emits at -O0.

Role: the call part of the function translator (function.py) (`ft`).  Choices (the same as the
C front end where both model a function):
- defined function: `call r := f(args)`; a call through a pointer branches over the
  address-taken functions of its type (`assume fp == &f; call ...`).
- the special functions of frontend/special.py, by kind (this module is the LLVM front
  end's adapter, frontend/c/builtins.py the C front end's):
  `reach_error`, `__VERIFIER_error`, `__assert_fail`, ...: `assert false`.
  `__VERIFIER_assert(c)` when the program does not define it: `assert c != 0`.
  `__VERIFIER_assume(c)`, `llvm.assume(c)`: `assume`.  `abort`, `exit`, `llvm.trap`:
  `assume false`.
- `__VERIFIER_nondet_<t>`: `havoc` of a fresh local marked `{:nondet "<t>"}`, assumed in the
  range of the result type (int encoding).
- `malloc`/`calloc`/`alloca`: a fresh 64-aligned block from the allocation counter, never
  NULL; `calloc` zeroes a block of statically known size; `free`: nothing.
- memcpy/memmove/memset (library or intrinsic) with a constant length: unrolled over the
  region's cells (reads all source cells before writing, so memmove is exact); the block
  operations themselves are memops.py's.
- `*.with.overflow`, smin/smax/umin/umax, abs, expect, lifetime/dbg markers: exact.
- functions a model library defines (frontend/models.py: the user's --stubs files, the
  kernel models, the C library models strlen, strcmp, ...): compile.py links their
  definitions, compiled by clang, so they are defined functions; a call whose types do
  not fit the model's is unsupported (also through a pointer); a defined function that is
  not a model, reached through a pointer with narrower integers, gets them zero or sign
  extended (chosen nondeterministically: the IR does not keep the declaration's
  signedness) and its wider result truncated; `__pycorral_sign_like(d)` (the C library models)
  is any int with the sign of d.
- SMACK's inline Boogie (`__SMACK_code`, `__SMACK_decl`, `__SMACK_top_decl`):
  smack_code.py.
- threads: the POSIX functions are C models (frontend/include/pycorral_pthread.c); their
  intrinsics and SV-COMP's atomic sections and functions: threads.py.
- inline asm calls: inline_asm.py (outputs arbitrary; `~{memory}` as a function without a
  body).
- other declared functions without a body: a call of their `{:extern}` procedure
  (externs.py: arbitrary result, may write the escaped regions); the functions no such
  default fits (special.py NO_DEFAULT: callbacks, non-local control, aligned allocators)
  and results that may point into an argument are unsupported.
"""
from __future__ import annotations

import os
from dataclasses import replace

from boogie.ast import (App, Assert, Assign, Assume, Attr, BoolLit, BvLit, Call, Expr, Extract,
                        Goto, Havoc, IntLit, Ite, Loc, MapSelect, MapStore, Op, Return, Var,
                        BoolType, INT)
from boogie.errors import error
from boogie.passes.nonlocal_jumps import LONGJMP, SETJMP

from frontend.nonlocal_jumps import NAMES as JUMP_NAMES, SETJMP_NAMES
from frontend.common import huge_allocation
from frontend.models import is_bundled_file
from frontend.properties import property_attr
from frontend.smack_inline import INJECTORS
from frontend.special import FORMAT_ARG, REGISTRY, Kind, kind_of, writes_through_format

from .callee_names import IGNORED_INTRINSICS as _IGNORED_INTRINSICS
from .callee_names import is_unmodelled as _is_unmodelled
from .ir import ConstInt, GlobalRef, InlineAsm, Instr, IntTy, Local, PtrTy, StructTy, VoidTy
import frontend.llvm.memsafety as memsafety
from .memops import block_length, copy_block, fill_block, memop, tmp_ptr
from .names import ident, unsupported
from .callgraph import call_targets, fits
from .inline_asm import translate_asm
from .floats import FE_TONEAREST, INTRINSICS as FLOAT_INTRINSICS, LIBM
from .sanitizer_checks import UnknownTrap, trap_check
from .smack_code import constant_string, translate_injection
from .threads import INTRINSICS as THREAD_INTRINSICS, atomic_call, is_atomic_function, is_threaded
from .threads import intrinsic as thread_intrinsic, take_async
from .varargs import pass_area, va_intrinsic


_MINMAX = {"smin": ("slt", True), "smax": ("sgt", True), "umin": ("ult", True),
           "umax": ("ugt", True)}


def translate_call(ft, ins: Instr, loc: Loc) -> None:
    callee = ins.operands[-1]
    args = ins.operands[:-1]
    if not isinstance(callee, GlobalRef):
        return _indirect(ft, ins, callee, loc)
    name = callee.name
    if name.startswith("llvm."):
        return _intrinsic(ft, ins, name, args, loc)
    kind = kind_of(name)        # the special functions (frontend/special.py)
    if kind is Kind.ERROR:
        ft.emit(Assert(BoolLit(False), loc=loc))
        return _havoc_result(ft, ins, loc)
    if name in ft.mt.defined:
        outs = ()
        callee_f = ft.mt.defined[name]
        # a model returning a wider integer than the program's declaration says (or a
        # target of an indirect call: callgraph.py `fits`): its result is received whole,
        # then truncated to the declared width (as C converts it)
        wide_ret = ins.name is not None and _narrower_int(ins.ty, callee_f.ty.ret) and \
            not _is_model(ft, callee_f)
        if ins.name is not None and isinstance(ins.ty, StructTy):
            outs = tuple(x.name for x in ft.agg_vars(ins.name, ins.ty, loc))
        elif wide_ret:
            outs = (ft.fresh(ft.enc.int_type(callee_f.ty.ret.bits), "wide").name,)
        elif ins.name is not None and not isinstance(ins.ty, VoidTy):
            outs = (ft.result(ins, loc).name,)
        if len(callee_f.params) != len(args) and not (
                callee_f.ty.vararg and len(args) >= len(callee_f.params)):
            raise unsupported(loc, f"call of {name} with {len(args)} arguments")
        _check_byval(ins, callee_f, loc)
        if _is_model(ft, callee_f):
            _check_types(ins, callee_f, args, name, loc)
        # a variadic function gets its fixed arguments, and the area of the others when
        # its body reads them (varargs.py)
        vals = tuple(_arg(ft, a, p.ty, loc) for a, p in zip(args, callee_f.params))
        if name in ft.mt.regions.va_readers:
            vals += (pass_area(ft, callee_f, args[len(callee_f.params):], loc),)
        call = Call(ident(name), vals, outs, is_async=take_async(ft), loc=loc)
        if is_atomic_function(name):
            return atomic_call(ft, lambda: ft.emit(call), loc)
        ft.emit(call)
        if wide_ret:
            ft.assign(ins, ft.enc.trunc(Var(outs[0]),
                                        callee_f.ty.ret.bits, ins.ty.bits), loc)
        return
    if name in INJECTORS:
        return translate_injection(ft, ins, name, args, loc)
    if name in JUMP_NAMES:
        return _nonlocal_jump(ft, ins, name, args, loc)
    if name in THREAD_INTRINSICS:
        return thread_intrinsic(ft, ins, name, loc)
    if kind is Kind.ASSERT:
        ft.emit(Assert(_truth(ft, args[0], loc), loc=loc))
        return
    if kind is Kind.ASSUME:
        ft.emit(Assume(_truth(ft, args[0], loc), loc=loc))
        return
    if kind is Kind.STOP:
        memsafety.exit_called(ft, name, loc)
        ft.emit(Assume(BoolLit(False), loc=loc))
        return _havoc_result(ft, ins, loc)
    if kind is Kind.NONDET and not _is_unmodelled(name):
        return _nondet(ft, ins, name, loc)
    if kind is Kind.ALLOC:
        return _malloc(ft, ins, args[0], None, loc,
                       "alloca" if REGISTRY[name].stack else "malloc")
    if kind is Kind.ALLOC_ZEROED:
        return _malloc(ft, ins, args[0], args[1], loc)
    if kind is Kind.FREE and ft.mt.opts.checks.memory:
        return memsafety.free(ft, ft.val(args[0], loc), loc)
    if kind is Kind.REALLOC and ft.mt.opts.checks.memory and len(args) == 2:
        return _realloc(ft, ins, args, loc)
    if name in ("memcpy", "memmove", "memset"):
        memsafety.block_checks(ft, name, args, loc)
        memop(ft, name, args, loc)
        if ins.name is not None:
            ft.assign(ins, ft.val(args[0], loc), loc)
        return
    if kind is Kind.OUTPUT and name in FORMAT_ARG and len(args) > FORMAT_ARG[name]:
        fmt = constant_string(ft, args[FORMAT_ARG[name]])
        if fmt is not None and writes_through_format(fmt):
            raise unsupported(loc, f"call of {name} with %n in its format (a write through "
                                   "a pointer the model of the printf family does not make)")
    if kind in (Kind.OUTPUT, Kind.FREE):      # free: nothing without the memory checks
        return _havoc_result(ft, ins, loc)
    if name == "__pycorral_sign_like" and len(args) == 1 and isinstance(ins.ty, IntTy):
        return _sign_like(ft, ins, args[0], loc)
    if name in ("abs", "labs", "llabs") and len(args) == 1 and isinstance(ins.ty, IntTy):
        bits = ins.ty.bits
        a = ft.val(args[0], loc)
        neg = ft.enc.binop("sub", ft.enc.lit(0, bits), a, bits, ())
        ft.assign(ins, Ite(ft.enc.icmp("slt", a, ft.enc.lit(0, bits), bits), neg, a), loc)
        return
    if name in LIBM:
        return ft.libm_call(ins, name, args, loc)
    if name == "fegetround" and isinstance(ins.ty, IntTy) and not args:
        # the rounding mode is never changed (fesetround is unsupported: special.py)
        if ins.name is not None:
            ft.assign(ins, ft.enc.lit(FE_TONEAREST, ins.ty.bits), loc)
        return
    if _is_unmodelled(name):
        raise unsupported(loc, f"call of {name}")
    # a function without a body: the sound default (externs.py)
    return ft.mt.externs.call(ft, ins, name, args, loc)


def _nonlocal_jump(ft, ins: Instr, name: str, args, loc: Loc) -> None:
    """`setjmp(buf)` / `longjmp(buf, v)` (and their other names): calls of the intrinsics
    boogie/passes/nonlocal_jumps.py gives a meaning (frontend/nonlocal_jumps.py)."""
    want = 1 if name in SETJMP_NAMES else 2
    if len(args) < want or not isinstance(args[0].ty, PtrTy) or (
            want == 2 and not isinstance(args[1].ty, IntTy)):
        raise unsupported(loc, f"call of {name} with these arguments")
    buf = ft.val(args[0], loc)
    if name in SETJMP_NAMES:
        if ins.name is not None and ins.ty != IntTy(32):
            raise unsupported(loc, f"call of {name} returning {ins.ty}")
        ft.mt.jump_procs.add(SETJMP)
        out = ft.result(ins, loc).name if ins.name is not None else \
            ft.fresh(ft.enc.int_type(32), "setjmp").name
        ft.emit(Call(SETJMP, (buf,), (out,), loc=loc))
        return
    v = ft.val(args[1], loc)
    if args[1].ty != IntTy(32):
        raise unsupported(loc, f"call of {name} with a value of type {args[1].ty}")
    ft.mt.jump_procs.add(LONGJMP)
    ft.emit(Call(LONGJMP, (buf, v), (), loc=loc))


def _indirect(ft, ins: Instr, callee, loc: Loc) -> None:
    """A call through a pointer: one branch per address-taken function of the call's type,
    guarded by `fp == address`; no other target is possible without undefined behaviour
    (the pointer can only hold a function's address if it came from one)."""
    if isinstance(callee, InlineAsm):
        return translate_asm(ft, ins, loc)
    if ins.aux is None:
        raise unsupported(loc, "call through a function pointer of unknown type")
    fp = ft.val(callee, loc)
    if not isinstance(fp, Var):
        t = ft.fresh(ft.enc.ptr_type(), "fp")
        ft.emit(Assign((t,), (fp,), loc=loc))
        fp = t
    targets = call_targets(ft.mt.m, ft.mt.regions.address_taken, ins)
    ft.counter += 1
    base = f"{ft.bb(ft.block)}$icall{ft.counter}"
    labels = [f"{base}${k}" for k in range(len(targets))]
    ft.close(Goto(tuple(labels) if labels else (f"{base}$none",), loc=loc), loc)
    # the result is declared even when no target exists: the code after the call (its
    # block is unreachable then) still names it
    if ins.name is not None and isinstance(ins.ty, StructTy):
        ft.agg_vars(ins.name, ins.ty, loc)
    elif ins.name is not None and not isinstance(ins.ty, VoidTy):
        ft.result(ins, loc)
    if not targets:
        ft.start(f"{base}$none")
        ft.emit(Assume(BoolLit(False), loc=loc))
        ft.close(Return(loc=loc), loc)
        ft.start(f"{base}$join")               # unreachable; keeps the block structure
        return
    for label, g in zip(labels, targets):
        ft.start(label)
        ft.emit(Assume(App(Op.EQ, (fp, ft.enc.ptr_lit(ft.mt.addr[g.name]))), loc=loc))
        translate_call(ft, replace(ins, operands=ins.operands[:-1] + (GlobalRef(g.name),)),
                       loc)
        ft.close(Goto((f"{base}$join",), loc=loc), loc)
    ft.start(f"{base}$join")


def _check_byval(ins: Instr, callee, loc: Loc) -> None:
    """The callee copies its `byval` arguments (function.py `byval_copies`); a call whose
    `byval` attributes differ from the callee's (possible through a pointer or in
    hand-written IR; undefined behaviour in LLVM) is unsupported rather than guessed."""
    for i, p in enumerate(callee.params):
        at_call = ins.byval[i] if i < len(ins.byval) else None
        if at_call != p.byval:
            raise unsupported(loc, f"call of {callee.name} whose argument {i + 1} is "
                                   f"{'byval(' + str(at_call) + ')' if at_call else 'not byval'}"
                                   f" while the parameter is "
                                   f"{'byval(' + str(p.byval) + ')' if p.byval else 'not byval'}")


def _is_model(ft, f) -> bool:
    """Whether a defined function comes from a model library (frontend/models.py)."""
    file = f.loc.file
    return bool(file) and (is_bundled_file(file) or any(
        os.path.basename(file) == os.path.basename(s) for s in ft.mt.opts.stubs))


def _check_types(ins: Instr, callee, args, name: str, loc: Loc) -> None:
    """A call of a model whose argument or result types differ from the model's (its
    prototype does not fit the program's declaration; clang links it anyway) is
    unsupported, as in the C front end (frontend/c/libraries.py `fits`).  An integer
    narrower than the model's is unsupported too: the C front end accepts it when the
    signedness agrees (a 32-bit kernel's `size_t`), but the IR keeps neither the
    signedness nor the pointee types of the declaration, and a width that differs is
    often the only sign of a declaration that does not fit at all (`short f(short *)`
    against a model's `long f(long *)`) -- directly or through a pointer (the call
    graph's targets admit it: callgraph.py `fits`)."""
    for i, (a, p) in enumerate(zip(args, callee.params)):
        if not _same_shape(a.ty, p.ty):
            raise unsupported(loc, f"call of {name} whose argument {i + 1} is {a.ty} while "
                                   f"its definition takes {p.ty}")
    if ins.name is not None and not _same_shape(ins.ty, callee.ty.ret):
        raise unsupported(loc, f"call of {name} expecting {ins.ty} while its definition "
                               f"returns {callee.ty.ret}")


def _narrower_int(a, b) -> bool:
    """Whether a is an integer type narrower than the integer type b (neither i1): the
    case callgraph.py `fits` admits beside equal types."""
    return a != b and fits(a, b)


def _same_shape(a, b) -> bool:
    """Equal types, named structs compared by their fields (linked modules rename them)."""
    if isinstance(a, StructTy) and isinstance(b, StructTy):
        return a.packed == b.packed and a.fields is not None and b.fields is not None and \
            len(a.fields) == len(b.fields) and all(map(_same_shape, a.fields, b.fields))
    return a == b


def _arg(ft, a, pty, loc) -> Expr:
    """An argument as the callee's parameter type.  An integer narrower than the
    parameter (only a model's: `_check_types`) is widened as C would convert it to the
    model's type -- but LLVM's `i32` does not say whether the program declared it signed
    or unsigned, so the value is either its zero or its sign extension, chosen
    nondeterministically: sound for both, and exact whenever its top bit is clear."""
    v = ft.val(a, loc)
    if not _narrower_int(a.ty, pty):
        return v
    src, dst = a.ty.bits, pty.bits
    w = ft.fresh(ft.enc.int_type(dst), "widened")
    ft.emit(Havoc((w.name,), loc=loc))
    ft.emit(Assume(App(Op.OR, (App(Op.EQ, (w, ft.enc.zext(v, src, dst))),
                               App(Op.EQ, (w, ft.enc.sext(v, src, dst))))), loc=loc))
    return w


def _truth(ft, v, loc) -> Expr:
    e = ft.val(v, loc)
    if isinstance(v.ty, IntTy) and v.ty.bits == 1:
        return e
    if isinstance(v.ty, IntTy):
        return App(Op.NEQ, (e, ft.enc.lit(0, v.ty.bits)))
    return App(Op.NEQ, (e, ft.enc.ptr_lit(0)))


def _havoc_result(ft, ins: Instr, loc: Loc, attrs=()) -> None:
    if ins.name is None or isinstance(ins.ty, VoidTy):
        return
    if isinstance(ins.ty, StructTy):
        raise unsupported(loc, f"call returning {ins.ty}")
    r = ft.result(ins, loc)
    ft.emit(Havoc((r.name,), attrs=attrs, loc=loc))
    ft.assume_range(r, ins.ty, loc)


def _sign_like(ft, ins: Instr, d, loc: Loc) -> None:
    """`__pycorral_sign_like(d)` (the C library models call it): any int with the sign of
    d -- the C standard fixes only the sign of strcmp/strncmp/memcmp results."""
    if ins.name is None:
        return
    bits = ins.ty.bits
    dv = ft.val(d, loc)
    r = ft.result(ins, loc)
    ft.emit(Havoc((r.name,), attrs=(Attr("unspecified", ("library result",), loc=loc),),
                  loc=loc))
    ft.assume_range(r, ins.ty, loc)
    zero = ft.enc.lit(0, bits)
    for pred in ("slt", "eq", "sgt"):
        ft.emit(Assume(App(Op.IFF, (ft.enc.icmp(pred, dv, zero, bits),
                                    ft.enc.icmp(pred, r, zero, bits))), loc=loc))


def _nondet(ft, ins: Instr, name: str, loc: Loc) -> None:
    """A fresh value of the result type.  A pointer (`__VERIFIER_nondet_pointer`,
    `__VERIFIER_nondet_pchar`): any address, null included, as in the C front end; what
    it reads and writes is the memory of its own points-to class (regions.py `_call`
    gives it a node of its own, whose address residues are unknown to the field split),
    as the C front end's reads and writes through it go to the map of its static type."""
    suffix = name[len("__VERIFIER_nondet"):].lstrip("_") or "int"
    if isinstance(ins.ty, StructTy):
        raise unsupported(loc, f"{name} returning {ins.ty}")
    _havoc_result(ft, ins, loc, attrs=(Attr("nondet", (f"{suffix} from {name}",), loc=loc),))


def _realloc(ft, ins: Instr, args, loc: Loc) -> None:
    """realloc(p, n) under memory checks (the allocation map knows p's size): a fresh heap
    block of n bytes holding the first min(n, size of p's block) bytes of p's, then p is
    freed (with free's checks: NULL, or the start of a live heap block).  realloc(NULL, n)
    is malloc(n).  The allocation succeeds, as malloc's does here.  (regions.py puts the
    result in p's region, as for memcpy.)"""
    p = tmp_ptr(ft, ft.val(args[0], loc), loc)
    n = tmp_ptr(ft, block_length(ft, args[1], loc)[1], loc)
    if ins.name is None:            # the result is lost: the old block is freed all the same
        memsafety.lost_block(ft, loc)
        memsafety.free(ft, p, loc)
        return
    const = args[1].value if isinstance(args[1], ConstInt) else None
    ft.allocate(ins, n, loc, const=const, how="malloc")
    r = ft.result(ins, loc)
    old = memsafety.size_of(ft, p)
    keep = Ite(ft.enc.ptr_cmp("ule", n, old), n, old)
    keep = tmp_ptr(ft, Ite(App(Op.EQ, (p, ft.enc.ptr_lit(0))), ft.enc.ptr_lit(0), keep), loc)
    reg = ft.mt.regions.region_of(ft.f, _local(ins))
    if reg is not None and reg.read:
        if const is not None and const <= REALLOC_UNROLL_BYTES:
            _guarded_copy(ft, reg, r, p, const, keep, loc)
        else:
            copy_block(ft, reg, r, p, None, keep, loc, "memcpy")
    memsafety.free(ft, p, loc)


REALLOC_UNROLL_BYTES = 512      # a constant new size up to this: a copy without quantifier


def _guarded_copy(ft, reg, d: Expr, s: Expr, length: int, keep: Expr, loc: Loc) -> None:
    """Copy the cells of [s, s+length) that lie below `keep` bytes to d (the rest of the
    new block keeps its unspecified contents): one store per cell, no quantifier."""
    m = ft.mt.map_of(reg)
    step = 1 if reg.byte_level else reg.word_size
    e: Expr = m
    for k in range(0, length - length % step, step):
        off = ft.enc.ptr_lit(k)
        at = ft.enc.ptr_add(d, off)
        kept = ft.enc.ptr_cmp("ult", off, keep)
        e = MapStore(e, (at,), Ite(kept, MapSelect(m, (ft.enc.ptr_add(s, off),)),
                                   MapSelect(m, (at,))))
    ft.emit(Assign((m,), (e,), loc=loc))


def _malloc(ft, ins: Instr, n, m, loc: Loc, how: str = "malloc") -> None:
    if ins.name is not None and isinstance(ins.ty, IntTy):
        # declared without a prototype (`int malloc();` of CIL'd drivers): the address as
        # an integer; the pointer made of it is exposed (regions.py, exposed.py), and a
        # calloc'd block is left unzeroed (its node is not known here: any contents)
        at = replace(ins, name=f"{ins.name}$ptr", ty=PtrTy())
        _malloc(ft, at, n, m, loc, how)
        ft.assign(ins, ft.enc.ptr_to_int(ft.result(at, loc), ins.ty.bits), loc)
        return
    how = "calloc" if m is not None else how
    if ins.name is None:
        if ft.mt.opts.checks.memory and how != "alloca":
            memsafety.lost_block(ft, loc)       # a heap block nothing points to: a leak
        return
    const = None
    if isinstance(n, ConstInt) and (m is None or isinstance(m, ConstInt)) and \
            n.value * (m.value if m is not None else 1) < huge_allocation(ft.dl.ptr_bits):
        const = n.value * (m.value if m is not None else 1)
        size = ft.enc.ptr_lit(const)
        ft.allocate(ins, size, loc, const=const, how=how)
    else:
        size = block_length(ft, n, loc)[1]
        if m is not None:
            size = tmp_ptr(ft, size, loc)
            count = block_length(ft, m, loc)[1]
            size = ft.enc.bvop("bvmul", ft.dl.ptr_bits, size, count) if ft.enc.bv else \
                App(Op.MUL, (size, count))
        size = tmp_ptr(ft, size, loc)
        huge = ft.enc.ptr_cmp("uge", size, ft.enc.ptr_lit(huge_allocation(ft.dl.ptr_bits)))
        if how == "alloca":
            # no path ends here: an empty block (common.huge_allocation)
            size = tmp_ptr(ft, Ite(huge, ft.enc.ptr_lit(0), size), loc)
            ft.allocate(ins, size, loc, how=how)
        else:
            # may fail from a huge size on, and must where the block cannot fit: the
            # failed call allocates nothing and returns NULL (common.huge_allocation)
            fail = ft.fresh(BoolType(), "fail")
            ft.emit(Havoc((fail.name,), attrs=(Attr("nondet", (f"{how} fails",)),),
                          loc=loc))
            ft.emit(Assume(App(Op.IMP, (fail, huge)), loc=loc))
            size = tmp_ptr(ft, Ite(fail, ft.enc.ptr_lit(0), size), loc)
            ft.allocate(ins, size, loc, how=how)
            r = ft.result(ins, loc)
            ft.emit(Assign((r,), (Ite(fail, ft.enc.ptr_lit(0), r),), loc=loc))
    if m is not None:                           # calloc: zero the block
        reg = ft.mt.regions.region_of(ft.f, _local(ins))
        if reg is not None:
            if const is not None and not reg.byte_level:
                const = -(-const // reg.word_size) * reg.word_size
            fill_block(ft, reg, ft.result(ins, loc), const, None if const is not None else size,
                  0, loc)


def _local(ins: Instr):
    return Local(ins.name, ins.ty)


# ----------------------------------------------------------------------------- intrinsics

# the operands each intrinsic's translation reads: a call with fewer is bad input (LLVM's
# verifier checks a call against its own function type, not against the intrinsic's, so
# `call @llvm.sadd.with.overflow.i32(i32 1)` reaches us)
_OPERANDS = {"memcpy": 3, "memmove": 3, "memset": 3, "assume": 1, "va_start": 1,
             "va_copy": 2, "va_end": 1, "expect": 2, "threadlocal": 1, "stackrestore": 1,
             **{b: 2 for b in _MINMAX}, "abs": 2, "bswap": 1, "ctpop": 1, "ctlz": 2,
             "cttz": 2, "bitreverse": 1, "fshl": 3, "fshr": 3,
             **{k + op: 2 for k in "su" for op in ("add", "sub", "mul")}}


def _check_operands(name: str, base: str, ins: Instr, args, loc: Loc) -> None:
    """Bad input: fewer operands than the intrinsic has; an overflow intrinsic whose two
    operands are not integers of one width."""
    need = _OPERANDS.get(base, 0)
    if len(args) < need:
        raise error("arity", loc, f"call of {name} with {len(args)} argument"
                    f"{'' if len(args) == 1 else 's'}; the intrinsic takes {need}")
    if ".with.overflow." in name and base in _OPERANDS:
        widths = {a.ty.bits if isinstance(a.ty, IntTy) else None for a in args[:2]}
        if len(widths) != 1 or None in widths:
            raise error("type", loc, f"call of {name} with operands of types "
                        f"{', '.join(str(a.ty) for a in args[:2])}; the intrinsic takes two "
                        "integers of one width")


def _intrinsic(ft, ins: Instr, name: str, args, loc: Loc) -> None:
    if name.startswith(_IGNORED_INTRINSICS):
        return
    base = name.split(".")[1]
    _check_operands(name, base, ins, args, loc)
    if name.startswith("llvm.is.fpclass."):
        return ft.float_call(ins, "is.fpclass", args, loc)
    if base in FLOAT_INTRINSICS:
        return ft.float_call(ins, base, args, loc)
    if base in ("memcpy", "memmove", "memset"):
        if len(args) > 3 and isinstance(args[3], ConstInt) and args[3].value:
            raise unsupported(loc, f"volatile {name}")
        memsafety.block_checks(ft, base, args, loc)
        return memop(ft, base, args, loc)
    kind = kind_of(name)        # the special functions (frontend/special.py)
    if kind is Kind.ASSUME:
        ft.emit(Assume(_truth(ft, args[0], loc), loc=loc))
        return
    if base in ("va_start", "va_copy", "va_end"):
        return va_intrinsic(ft, base, args, loc)
    if base == "ubsantrap":         # a check clang inserted (sanitizer_checks.py)
        code = args[0].value if args and isinstance(args[0], ConstInt) else None
        try:
            what = trap_check(code, ft.mt.opts.checks)
        except UnknownTrap as e:
            raise unsupported(loc, str(e)) from None
        if what is not None:
            ft.emit(Assert(BoolLit(False), (property_attr(*what),), loc=loc))
    if kind is Kind.STOP:
        ft.emit(Assume(BoolLit(False), loc=loc))
        return
    if base == "stacksave":                     # VLAs: the stack is never reused
        ft.assign(ins, Var("$CurrAddr"), loc)
        return
    if base == "stackrestore":
        return
    if base == "expect":
        ft.assign(ins, ft.val(args[0], loc), loc)
        return
    if base == "threadlocal":           # `threadlocal.address(@g)`: this thread's copy
        if is_threaded(ft.mt):          # one cell for every thread: a false race
            raise unsupported(loc, "thread-local variable in a program that starts threads "
                                   "(a copy per thread is not modelled)")
        ft.assign(ins, ft.val(args[0], loc), loc)      # one thread: the one copy
        return
    if base in _MINMAX:
        bits = ins.ty.bits
        a, b = ft.val(args[0], loc), ft.val(args[1], loc)
        pred = _MINMAX[base][0]
        ft.assign(ins, Ite(ft.enc.icmp(pred, a, b, bits), a, b), loc)
        return
    if base == "abs":
        bits = ins.ty.bits
        a = ft.val(args[0], loc)
        neg = ft.enc.binop("sub", ft.enc.lit(0, bits), a, bits, ())
        ft.assign(ins, Ite(ft.enc.icmp("slt", a, ft.enc.lit(0, bits), bits), neg, a), loc)
        return
    if base in ("bswap", "ctpop", "ctlz", "cttz", "fshl", "fshr", "bitreverse"):
        return _bit_intrinsic(ft, ins, base, args, loc)
    if ".with.overflow." in name and base[:1] in "su" and base[1:] in ("add", "sub", "mul"):
        return _overflow(ft, ins, base, args, loc)
    if base == "objectsize" and isinstance(ins.ty, IntTy):
        # __builtin_object_size: the object's size when the compiler knows it, else -1
        # (0 with `min`); what an optimising compiler knows is not modelled: any value,
        # as the C front end's (frontend/c/builtins.py)
        what = "unsigned long from __builtin_object_size"
        return _havoc_result(ft, ins, loc, attrs=(Attr("nondet", (what,), loc=loc),))
    raise unsupported(loc, f"intrinsic {name}")


def _overflow(ft, ins: Instr, base: str, args, loc: Loc) -> None:
    """`{iN, i1} @llvm.[su](add|sub|mul).with.overflow.iN(a, b)`: the wrapped result and
    whether the mathematical result is out of range; results in locals `v$<name>#0/#1`."""
    kind, op = base[0], base[1:4]
    bits = args[0].ty.bits
    enc = ft.enc
    a, b = ft.val(args[0], loc), ft.val(args[1], loc)
    res = ft.declare(f"{ft.local_name(ins.name)}#0", enc.int_type(bits))
    ovf = ft.declare(f"{ft.local_name(ins.name)}#1", enc.int_type(1))
    if enc.bv:
        w = 2 * bits
        ext = enc.sext_bv if kind == "s" else enc.zext_bv
        wide = enc.bvop("bv" + op, w, ext(a, bits, w), ext(b, bits, w))
        r = enc.bvop("bv" + op, bits, a, b)
        ft.emit(Assign((res,), (r,), loc=loc))
        ft.emit(Assign((ovf,), (App(Op.NEQ, (ext(res, bits, w), wide)),), loc=loc))
        return
    if kind == "u":
        a, b = enc.to_u(a, bits), enc.to_u(b, bits)
    math = App({"add": Op.ADD, "sub": Op.SUB, "mul": Op.MUL}[op], (a, b))
    t = ft.fresh(INT, "math")
    ft.emit(Assign((t,), (math,), loc=loc))
    ft.emit(Assign((res,), (enc.wrap_s(t, bits),), loc=loc))
    if kind == "s":
        ft.emit(Assign((ovf,), (App(Op.NEQ, (t, res)),), loc=loc))
    else:
        ft.emit(Assign((ovf,), (App(Op.OR, (App(Op.LT, (t, IntLit(0))),
                                             App(Op.GE, (t, IntLit(1 << bits))))),), loc=loc))


def _bit_intrinsic(ft, ins: Instr, base: str, args, loc: Loc) -> None:
    """bswap, bitreverse, ctpop, ctlz, cttz, fshl, fshr: exact, on the bitvector view of the
    operands (in the int encoding through int2bv / bv2nat)."""
    if not isinstance(ins.ty, IntTy) or ins.ty.bits < 2:
        raise unsupported(loc, f"intrinsic llvm.{base} on {ins.ty}")
    enc = ft.enc
    n = ins.ty.bits
    poison_zero = base in ("ctlz", "cttz") and isinstance(args[1], ConstInt) and \
        args[1].value == 1
    if poison_zero and isinstance(args[0], ConstInt) and args[0].value == 0:
        ft.assign(ins, ft.arbitrary(ins.ty, loc), loc)     # poison: any value
        return
    consts = [a.value for a in args if isinstance(a, ConstInt)]
    if len(consts) == len(args):
        ft.assign(ins, enc.lit(_fold_bits(base, n, consts), n), loc)
        return
    xs = [ft.val(a, loc) for a in args]
    bv = [x if enc.bv else enc.int2bv(x, n) for x in xs[:3 if base.startswith("fsh") else 1]]
    x = bv[0]

    def bit(i: int) -> Expr:
        return App(Op.EQ, (Extract(x, i + 1, i), BvLit(1, 1)))

    def back(e: Expr) -> Expr:
        return e if enc.bv else enc.from_u(enc.bv2nat(e, n), n)

    if base == "bswap":
        if n % 16:
            raise unsupported(loc, f"llvm.bswap on i{n}")
        e = Extract(x, 8, 0)
        for k in range(1, n // 8):
            e = App(Op.CONCAT, (e, Extract(x, 8 * k + 8, 8 * k)))
        r = back(e)
    elif base == "bitreverse":
        e = Extract(x, 1, 0)
        for k in range(1, n):
            e = App(Op.CONCAT, (e, Extract(x, k + 1, k)))
        r = back(e)
    elif base == "ctpop":
        r = enc.lit(0, n)
        for i in range(n):
            r = enc.binop("add", r, Ite(bit(i), enc.lit(1, n), enc.lit(0, n)), n, ("nsw",))
    elif base == "ctlz":
        r = enc.lit(n, n)                       # also the value for zero (defined or poison)
        for i in range(n):                      # from the lowest bit up: the highest wins
            r = Ite(bit(i), enc.lit(n - 1 - i, n), r)
    elif base == "cttz":
        r = enc.lit(n, n)
        for i in reversed(range(n)):
            r = Ite(bit(i), enc.lit(i, n), r)
    else:                                       # fshl / fshr on the concatenation a ++ b
        a, b, c = bv
        w = 2 * n
        amount = enc.zext_bv(enc.bvop("bvurem", n, c, BvLit(n, n)), n, w)
        wide = App(Op.CONCAT, (a, b))
        if base == "fshl":
            r = back(Extract(enc.bvop("bvshl", w, wide, amount), w, n))
        else:
            r = back(Extract(enc.bvop("bvlshr", w, wide, amount), n, 0))
    if poison_zero:                             # ctlz/cttz(0, true) is poison: any value
        r = Ite(App(Op.EQ, (xs[0], enc.lit(0, n))), ft.arbitrary(ins.ty, loc), r)
    ft.assign(ins, r, loc)


def _fold_bits(base: str, n: int, vs: list[int]) -> int:
    """The value of a bit intrinsic on constants (unsigned bit patterns)."""
    x = vs[0]
    if base == "bswap":
        return int.from_bytes(x.to_bytes(n // 8, "little"), "big")
    if base == "bitreverse":
        return int(format(x, f"0{n}b")[::-1], 2)
    if base == "ctpop":
        return bin(x).count("1")
    if base == "ctlz":
        return n - x.bit_length()
    if base == "cttz":
        return (x & -x).bit_length() - 1 if x else n
    a, b, c = vs[0], vs[1], vs[2] % n
    wide = (a << n) | b
    if base == "fshl":
        return ((wide << c) >> n) % (1 << n)
    return (wide >> c) % (1 << n)
