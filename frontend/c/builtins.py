"""Calls: user functions, harness functions (SV-COMP / SMACK), and C library models.

Role: turns a C call into Boogie commands.  The models, and the choices they make:
- `reach_error()`, `__VERIFIER_error()`, `__assert_fail(...)` (what `assert` expands to in
  glibc), a failing `assert(e)` / `__VERIFIER_assert(e)` (when the program does not define
  it): a Boogie `assert` at the call's location -- the error the verifier looks for.
  `reach_error` is the error even when the program gives it a body.
- `__VERIFIER_assume(e)`: `assume`.  `abort()`, `exit()`, `__builtin_trap()`,
  `__builtin_unreachable()`: `assume false` (the path ends without an error).
- `__VERIFIER_nondet_<type>()` (every SV-COMP and SMACK spelling, unless the program defines
  it): a fresh value in the type's range, from a `havoc` marked `{:nondet "<type>"}` so that
  traces can list the inputs chosen.
- `malloc`/`alloca` return a fresh, non-null block disjoint from all others (the allocation
  counter of HAVOC's Fig. 5); its contents are arbitrary.  `calloc` returns NULL or a zeroed
  fresh block.  `free` does nothing (addresses are never reused).
- `memset`/`memcpy`/`memmove` with a size that is a constant multiple of the pointee size
  are unrolled over the scalar leaves of the pointee type; other sizes are unsupported.
- `printf` and friends: arguments evaluated, result arbitrary, memory unchanged.
- A function without a body and without a model: a call of its `{:extern}` procedure,
  whose result is arbitrary and which may write the memory it can reach
  (frontend/c/externs.py).
- SMACK's inline Boogie (`__SMACK_code`, `__SMACK_decl`, `__SMACK_top_decl`):
  frontend/c/smack_code.py.  Variadic argument access: frontend/c/varargs.py.
- Threads: the POSIX functions are C models (frontend/include/pycorral_pthread.c, linked
  as a model library); their intrinsics, `__VERIFIER_atomic_begin/end` and SV-COMP's
  `__VERIFIER_atomic_*` functions: frontend/c/threads.py.  Thread functions without a
  model (thread-specific data, ...) stay unsupported.
- <math.h>'s modelled functions, GCC's float classification builtins, `__builtin_inf`
  / `__builtin_nan`: frontend/c/floats.py.
- setjmp/longjmp: calls of the intrinsics of frontend/nonlocal_jumps.py.
- other SMACK `__SMACK_*` intrinsics, `fesetround`: `unsupported`.
"""
from __future__ import annotations

from boogie.ast import (App, Assign, Attr, BoolLit, BvType, Call, Havoc, IntLit, Ite, Loc,
                        MapSelect, Op, Var)
from boogie.passes.nonlocal_jumps import LONGJMP, SETJMP
from frontend.nonlocal_jumps import NAMES as JUMP_NAMES, SETJMP_NAMES
from frontend.memsafety import EXITS, cleanup_check
from frontend.common import huge_allocation
from frontend.models import LIBC
from frontend.special import FORMAT_ARG, REGISTRY, Kind, kind_of, names, writes_through_format

import frontend.c.memsafety as memsafety
from .consteval import is_offsetof, offsetof_value
from .libraries import library_for, link
from .smack_code import INJECTORS, inject
from .threads import INTRINSICS as THREAD_INTRINSICS, atomic_call, is_atomic_function
from .threads import intrinsic as thread_intrinsic
from .varargs import ARG, COPY, END, START, pass_varargs, va_builtin
from .floats import CLASSIFY, CONSTANTS as FLOAT_CONSTANTS, LIBM, float_bits
import frontend.floatenc as fe
from frontend.floatenc import FE_TONEAREST
from .typesys import (VOID, CType, FloatT, FuncT, IntT, PtrT, StructT, VoidT,
                      unsupported)
from .vla import is_variable
from .values import LMem, V

# the special functions (frontend/special.py): this module is the C front end's adapter
_ERRORS = names(Kind.ERROR)
_ASSERTS = names(Kind.ASSERT)
_ASSUMES = names(Kind.ASSUME)
_STOPS = names(Kind.STOP)
_IO = names(Kind.OUTPUT)
_SYNC_OPS = {"add": "+", "sub": "-", "or": "|", "and": "&", "xor": "^", "nand": "nand"}
_UNSUPPORTED_PREFIX = ("pthread_", "__SMACK_", "__builtin_va_", "__VERIFIER_atomic",
                       "fesetround", "signal",
                       "__VERIFIER_nondet_uint128", "__VERIFIER_nondet_int128", "fork",
                       "__builtin___memcpy_chk",
                       "__builtin___memset_chk")

_NONDET_TYPES = {
    "bool": "_Bool", "char": "char", "schar": "signed char", "signed_char": "signed char",
    "uchar": "unsigned char", "unsigned_char": "unsigned char", "u8": "unsigned char",
    "short": "short", "signed_short": "short", "signed_short_int": "short",
    "short_int": "short", "ushort": "unsigned short", "unsigned_short": "unsigned short",
    "unsigned_short_int": "unsigned short", "u16": "unsigned short", "int": "int",
    "signed_int": "int", "uint": "unsigned int", "unsigned": "unsigned int",
    "unsigned_int": "unsigned int", "u32": "unsigned int", "long": "long",
    "signed_long": "long", "long_int": "long", "signed_long_int": "long",
    "ulong": "unsigned long", "unsigned_long": "unsigned long",
    "unsigned_long_int": "unsigned long", "longlong": "long long", "long_long": "long long",
    "signed_long_long": "long long", "long_long_int": "long long",
    "signed_long_long_int": "long long", "ulonglong": "unsigned long long",
    "unsigned_long_long": "unsigned long long", "unsigned_long_long_int": "unsigned long long",
    "u64": "unsigned long long", "loff_t": "long", "sector_t": "unsigned long",
    "size_t": "size_t", "": "int",
}


def nondet_type(ft, name: str) -> CType | None:
    """The result type of `__VERIFIER_nondet_<suffix>`, or None if not such a name."""
    if not name.startswith("__VERIFIER_nondet"):
        return None
    suffix = name[len("__VERIFIER_nondet"):].lstrip("_")
    if suffix in ("pointer", "pchar"):
        return PtrT(ft.dm.CHAR if suffix == "pchar" else VOID)
    if suffix in ("float", "double"):
        return FloatT(suffix)
    base = _NONDET_TYPES.get(suffix)
    if base is None:
        return None
    if base == "size_t":
        return ft.dm.SIZE_T
    return ft.dm.ints[base]


def call(ft, node, loc: Loc) -> V:
    """Translate a call expression (ft: the FunctionTranslator)."""
    if is_offsetof(ft.pt, node):            # offsetof(type, member): a constant
        t = ft.dm.SIZE_T
        return V(ft.enc.lit(offsetof_value(ft.pt, node), t), t)
    args = list(node.args.exprs) if node.args is not None else []
    sym = ft.pt.lookup(node.name.name) if type(node.name).__name__ == "ID" else None
    if type(node.name).__name__ == "ID" and node.name.name in ft.pt.aliases:
        sym = None                 # an alias declaration shadows a same-named variable
    if type(node.name).__name__ != "ID" or (sym is not None and sym.kind in ("var", "mem")):
        fv = ft.rvalue(node.name)
        if not isinstance(fv.type, PtrT) or not isinstance(fv.type.target, FuncT):
            raise ft_error(loc, f"call of a non-function ({fv.type})")
        return ft.call_indirect(fv, args, loc)
    name = node.name.name
    if name in ft.pt.aliases and (sym is None or sym.kind == "func"):
        name = ft.pt.aliases[name]
    info = ft.pt.functions.get(name)
    # a definition linked from a model library is not the program's (libraries.py)
    defined = info is not None and info.node is not None and info.model is None
    if name in _ERRORS:
        if ft.pt.errors_are_assertions:
            ft.assert_(BoolLit(False), loc, (Attr("error", (name,)),))
        else:       # another property is checked: the program just stops here
            ft.assume(BoolLit(False), loc, (Attr("exit", (name,)),))
        return V(None, VOID)
    if name in INJECTORS and not defined:
        return inject(ft, name, args, loc)
    if name in THREAD_INTRINSICS and not defined:
        return thread_intrinsic(ft, name, args, loc)
    if name in (START, ARG, COPY, END) and not defined:
        return va_builtin(ft, name, args, loc)
    if name in JUMP_NAMES and not defined:
        return _nonlocal_jump(ft, name, args, loc)
    if not defined:
        model = _model(ft, name, args, loc)
        if model is not None:
            return model
        found = library_for(ft.pt, name)
        if found is not None:
            return library_call(ft, found[1], found[0], args, loc)
    if (name.startswith(_UNSUPPORTED_PREFIX) or name.startswith("__builtin_") or
            kind_of(name) is Kind.NO_DEFAULT) and not defined:
        # compiler builtins have a definite meaning: never an arbitrary external result
        raise unsupported(loc, f"call to '{name}'")
    if info is None:        # implicitly declared: int f()
        fty = FuncT(ft.dm.INT, (), False, has_proto=False)
    else:
        fty = info.type
    if not defined:         # no body, no model: the sound default (externs.py)
        return ft.pt.externs.call(ft, info, name, fty, args, loc)
    if is_atomic_function(name):
        return atomic_call(ft, lambda: _defined_call(ft, info, fty, args, loc), loc)
    return _defined_call(ft, info, fty, args, loc)


def _defined_call(ft, info, fty: FuncT, args, loc: Loc) -> V:
    vals = evaluate_args(ft, fty, args, loc)
    if fty.variadic:        # the variable arguments are passed if it reads them
        extra = vals[len(fty.params):]
        vals = vals[:len(fty.params)]
        if info.varargs:
            vals.append(pass_varargs(ft, extra, loc))
    return ft.call_user(info, vals, loc)


def evaluate_args(ft, fty: FuncT, args, loc: Loc) -> list[V]:
    """The arguments' values, evaluated left to right (as clang does, README): a global
    passed as it is is read before a later argument's side effects (`f(x, g())` passes x
    as it was before g ran), not when the call is made."""
    vals = []
    for i, a in enumerate(args):
        vals.append(ft.read_now(pass_argument(ft, fty, i, ft.rvalue(a), loc), args[i + 1:]))
    if fty.has_proto and len(args) < len(fty.params):
        raise ft_error(loc, "too few arguments in call")
    return vals


def pass_argument(ft, fty: FuncT, i: int, v: V, loc: Loc) -> V:
    """Argument `i`'s value `v` as the call passes it: a struct copied, converted to its
    parameter's type (or promoted past the prototype), held in a temporary unless simple."""
    if isinstance(v.type, StructT):
        return ft.struct_copy(v, loc)
    if fty.has_proto and i < len(fty.params):
        v = ft.convert(v, fty.params[i], loc)
    elif isinstance(v.type, IntT):
        v = ft.convert(v, ft.dm.promote(v.type), loc)
    elif isinstance(v.type, FloatT):     # default argument promotion: float to double
        v = ft.convert(v, FloatT("double"), loc)
    if v.expr is not None and not isinstance(v.expr, (Var, IntLit)):
        v = ft.temp_of(v)
    return v


def ft_error(loc: Loc, msg: str):
    from boogie.errors import error
    return error("type", loc, msg)


def _nonlocal_jump(ft, name: str, args, loc: Loc) -> V:
    """`setjmp(buf)` / `longjmp(buf, v)` (and their other names): calls of the intrinsics
    boogie/passes/nonlocal_jumps.py gives a meaning (frontend/nonlocal_jumps.py)."""
    want = 1 if name in SETJMP_NAMES else 2
    if len(args) < want:
        raise ft_error(loc, f"too few arguments to function '{name}'")
    buf = ft.convert(ft.rvalue(args[0]), PtrT(VOID), loc)
    if name in SETJMP_NAMES:
        for a in args[1:]:                  # sigsetjmp's savemask: no signals are modelled
            ft.effect(a)
        r = ft.fresh(ft.enc.btype(ft.dm.INT), hint="setjmp")
        ft.pt.jump_procs.add(SETJMP)
        ft.emit(Call(SETJMP, (buf.expr,), (r.name,), loc=loc))
        return V(r, ft.dm.INT)
    v = ft.convert(ft.rvalue(args[1]), ft.dm.INT, loc)
    ft.pt.jump_procs.add(LONGJMP)
    ft.emit(Call(LONGJMP, (buf.expr, v.expr), (), loc=loc))
    return V(None, VOID)


def _model(ft, name: str, args, loc: Loc) -> V | None:
    """A model of a harness or library function, or None when `name` is not one."""
    dm = ft.dm
    if name in _ASSERTS:
        c = ft.cond(args[0])
        if ft.pt.errors_are_assertions:
            ft.assert_(c, loc)
        else:
            ft.assume(c, loc)
        return V(None, VOID)
    if name in _ASSUMES:
        ft.assume(ft.cond(args[0]), loc)
        return V(None, VOID)
    if name in _STOPS:
        for a in args:
            ft.effect(a)
        if name in EXITS and ft.pt.checks.memory_cleanup:
            cleanup_check(ft.emit, loc)
        ft.assume(BoolLit(False), loc, (Attr("exit", (name,)),))
        return V(None, VOID)
    nt = nondet_type(ft, name)
    if nt is not None:
        info = ft.pt.functions.get(name)
        if info is not None and not isinstance(info.type.ret, VoidT):
            nt = info.type.ret
        return ft.nondet(nt, loc, name)
    if name in ("__VERIFIER_nondet",):
        return ft.nondet(dm.INT, loc, name)
    if name in ("abs", "labs", "llabs", "__builtin_abs", "__builtin_labs",
                "__builtin_llabs") and len(args) == 1:
        # |x| in the argument's type (abs of the minimum is signed overflow, as -x is)
        t = dm.ints[{"abs": "int", "labs": "long"}.get(name.replace("__builtin_", ""),
                                                       "long long")]
        v = ft.temp_of(ft.convert(ft.rvalue(args[0]), t, loc))
        neg = ft.enc.unary("-", v.expr, t, ft, loc, source=True)
        return V(Ite(ft.enc.compare("<", v.expr, ft.enc.lit(0, t), t), neg, v.expr), t)
    if name in LIBM:
        return ft.math_call(name, args, loc)
    if name in CLASSIFY:
        return ft.classify_call(name, args, loc)
    if name in FLOAT_CONSTANTS:
        return ft.float_builtin_const(name, args, loc)
    if name == "fegetround" and not args:    # the rounding mode is never changed
        return V(ft.enc.lit(FE_TONEAREST, dm.INT), dm.INT)
    if name == "__builtin_prefetch":      # a cache hint: its arguments are evaluated
        for a in args:
            ft.effect(a)
        return V(None, VOID)
    if name == "__builtin_object_size":
        # the size of the object its pointer points into when the compiler knows it,
        # else (size_t)-1 (type 0, 1) or 0 (type 2, 3); what an optimising compiler knows
        # is not modelled: any size_t.  GCC never evaluates the arguments.
        return ft.nondet(dm.SIZE_T, loc, name)
    if name == "__builtin_expect":
        v = ft.rvalue(args[0])
        ft.effect(args[1])
        return ft.convert(v, dm.LONG, loc)
    kind = kind_of(name)
    if kind is Kind.ALLOC:
        n = ft.temp_of(ft.convert(ft.rvalue(args[0]), dm.SIZE_T, loc))
        huge = _huge(ft, n)
        if REGISTRY[name].stack:        # alloca: a huge size gets an empty block
            if huge is not None:
                n = ft.temp_of(V(Ite(huge, ft.enc.lit(0, dm.SIZE_T), n.expr), dm.SIZE_T))
            return V(ft.allocate(n, loc, name), PtrT(VOID), fresh=True)
        if huge is None and not ft.pt.opts.malloc_may_fail:
            return V(ft.allocate(n, loc, name), PtrT(VOID), fresh=True)
        fail = _fail_choice(ft, huge, name, loc)
        p = ft.allocate(_unless(ft, fail, n), loc, name)
        return V(_null_if(ft, p, fail, loc), PtrT(VOID), fresh=True)
    if kind is Kind.ALLOC_ZEROED:
        return _calloc(ft, args, loc)
    if kind is Kind.REALLOC:
        return _realloc(ft, name, args, loc)
    if name == "__pycorral_sign_like":
        return _sign_like(ft, args, loc)
    if kind is Kind.FREE:
        if ft.pt.checks.memory:
            memsafety.free(ft, ft.rvalue(args[0]).expr, loc)
        else:
            ft.effect(args[0])
        return V(None, VOID)
    if name in ("memset", "__builtin_memset", "memcpy", "memmove", "__builtin_memcpy",
                "__builtin_memmove"):
        if "memset" in name:
            return _memset(ft, args, loc)
        return _memcpy(ft, name.replace("__builtin_", ""), args, loc)
    if name in _BITCOUNT:
        return _bitcount(ft, name, args, loc)
    if name.startswith("__sync_") or name.startswith("__atomic_"):
        return _sync(ft, name, args, loc)
    if name in _IO:
        _no_percent_n(name, args, loc)
        for a in args:
            v = ft.rvalue(a)
            if isinstance(v.type, FloatT):
                float_bits(v.type, loc)
        return ft.nondet(dm.INT, loc, name)
    return None


def _no_percent_n(name: str, args, loc: Loc) -> None:
    """A printf-family call whose format literal has `%n` (a write the OUTPUT model does
    not make) is unsupported (frontend/special.py)."""
    i = FORMAT_ARG.get(name)
    node = args[i] if i is not None and i < len(args) else None
    if type(node).__name__ == "Constant" and node.type == "string" and \
            not node.value.startswith(("L", "u", "U")):
        from .consteval import string_bytes
        if writes_through_format(string_bytes(node.value, loc).decode("latin-1")):
            raise unsupported(loc, f"call of {name} with %n in its format (a write through "
                                   "a pointer the model of the printf family does not make)")


# GCC bit builtins: name -> (operation, argument type name)
_BITCOUNT = {}
for _suffix, _tname in (("", "unsigned int"), ("l", "unsigned long"),
                        ("ll", "unsigned long long")):
    for _op in ("popcount", "clz", "ctz", "parity", "ffs"):
        _BITCOUNT[f"__builtin_{_op}{_suffix}"] = (_op, _tname)
for _bits, _tname in ((16, "unsigned short"), (32, "unsigned int"), (64, "unsigned long long")):
    _BITCOUNT[f"__builtin_bswap{_bits}"] = ("bswap", _tname)
for _bits, _tname in ((8, "unsigned char"), (16, "unsigned short"), (32, "unsigned int"),
                      (64, "unsigned long long")):
    _BITCOUNT[f"__builtin_bitreverse{_bits}"] = ("bitreverse", _tname)


def _bitcount(ft, name: str, args, loc: Loc) -> V:
    """Exact models of popcount/clz/ctz/parity/ffs/bswap/bitreverse in both encodings, built
    from the operand's bits (`bit_i(x)` is an extract in bv, `(x div 2^i) mod 2` in int).
    clz/ctz of 0 are undefined in C: the model then yields an arbitrary value."""
    from boogie.ast import Extract
    op, tname = _BITCOUNT[name]
    dm, enc = ft.dm, ft.enc
    t = dm.ints[tname] if tname != "unsigned long" else dm.ULONG
    if op == "ffs":
        t = dm.ints[{"unsigned int": "int", "unsigned long long": "long long"}.get(tname, "long")]
    x = ft.temp_of(ft.convert(ft.rvalue(args[0]), t, loc))
    w = t.bits
    ut = dm.unsigned_twin(t)
    xu = enc.convert(x.expr, t, ut)

    def bit(i):            # the i-th bit as a 0/1 value of type int
        if enc.is_bv:
            b = Extract(xu, i + 1, i)
            return enc.convert(b, _bv1(), dm.INT)
        return App(Op.MOD, (App(Op.DIV, (xu, IntLit(1 << i))), IntLit(2)))

    def is_set(i):
        return App(Op.EQ, (bit(i), enc.lit(1, dm.INT)))

    res_t = dm.INT
    if op in ("popcount", "parity"):
        r = bit(0)
        for i in range(1, w):
            r = enc.binary("+", r, bit(i), dm.INT, ft, loc)
        if op == "parity":
            r = enc.binary("%", r, enc.lit(2, dm.INT), dm.INT, ft, loc)
        return V(r, res_t)
    if op in ("clz", "ctz", "ffs"):
        order = range(w - 1, -1, -1) if op == "clz" else range(w)
        if op == "ffs":
            r = enc.lit(0, res_t)
        else:   # clz/ctz of 0 are undefined: any value
            r = ft.nondet(res_t, loc, f"{name}(0)").expr
        for k, i in reversed(list(enumerate(order))):
            r = Ite(is_set(i), enc.lit(k + 1 if op == "ffs" else k, res_t), r)
        return V(r, res_t)
    if op == "bitreverse":
        if enc.is_bv:
            r = Extract(xu, 1, 0)             # bit 0 ends up on top
            for i in range(1, w):
                r = App(Op.CONCAT, (r, Extract(xu, i + 1, i)))
            return V(r, t)
        r = IntLit(0)
        for i in range(w):
            r = App(Op.ADD, (r, App(Op.MUL, (bit(i), IntLit(1 << (w - 1 - i))))))
        return V(r, t)
    assert op == "bswap"
    nbytes = w // 8
    if enc.is_bv:
        from boogie.ast import App as _App
        parts = [Extract(xu, 8 * (k + 1), 8 * k) for k in range(nbytes)]   # low byte first
        r = parts[0]
        for p in parts[1:]:
            r = _App(Op.CONCAT, (r, p))         # the low byte ends up on top
        return V(r, t)
    r = IntLit(0)
    for k in range(nbytes):
        byte = App(Op.MOD, (App(Op.DIV, (xu, IntLit(1 << (8 * k)))), IntLit(256)))
        r = App(Op.ADD, (r, App(Op.MUL, (byte, IntLit(1 << (8 * (nbytes - 1 - k)))))))
    return V(r, t)


def _bv1():
    return IntT("bit", 1, False)


def _sync(ft, name: str, args, loc: Loc) -> V:
    """GCC's `__sync` and `__atomic` builtins: a read-modify-write, in a threaded program
    inside an atomic section (threads.py), so no other thread runs between its read and
    its write; the memory order arguments are evaluated and otherwise ignored (the
    sequentialization's schedules are sequentially consistent)."""
    if name in ("__sync_synchronize", "__atomic_thread_fence", "__atomic_signal_fence"):
        for a in args:
            ft.effect(a)
        return V(None, VOID)
    if not ft.pt.threaded:
        return _sync_step(ft, name, args, loc)
    return atomic_call(ft, lambda: _sync_step(ft, name, args, loc), loc)


_ATOMIC_N = {"__atomic_load_n": 1, "__atomic_store_n": 2, "__atomic_exchange_n": 2}


def _sync_step(ft, name: str, args, loc: Loc) -> V:
    p = ft.rvalue(args[0])
    scalar = (IntT, PtrT) if name in _ATOMIC_N else IntT
    if not isinstance(p.type, PtrT) or not isinstance(p.type.target, scalar):
        raise unsupported(loc, f"{name} on {p.type}")
    p = ft.temp_of(p)
    place = LMem(p.expr, p.type.target)
    t = p.type.target
    old = ft.temp_of(ft.load(place, loc))
    if name in _ATOMIC_N:
        for a in args[_ATOMIC_N[name]:]:     # the memory order
            ft.effect(a)
        if name != "__atomic_load_n":
            ft.store(place, ft.temp_of(ft.convert(ft.rvalue(args[1]), t, loc)), loc)
        return V(None, VOID) if name == "__atomic_store_n" else old
    parts = name.split("_")        # __sync_fetch_and_add / __sync_add_and_fetch
    if name.startswith("__sync_fetch_and_") or (name.startswith("__sync_") and
                                                name.endswith("_and_fetch")):
        opname = parts[-1] if name.startswith("__sync_fetch_and_") else parts[3]
        if opname not in _SYNC_OPS:
            raise unsupported(loc, f"call to '{name}'")
        v = ft.rvalue(args[1])
        op = _SYNC_OPS[opname]
        if op == "nand":
            new = ft.binop("&", old, v, loc)
            new = V(ft.enc.unary("~", new.expr, new.type, ft, loc), new.type)
        else:
            new = ft.binop(op, old, v, loc)
        new = ft.temp_of(ft.convert(new, t, loc))
        ft.store(place, new, loc)
        return old if name.startswith("__sync_fetch_and_") else new
    if name == "__sync_lock_test_and_set":
        ft.store(place, ft.convert(ft.rvalue(args[1]), t, loc), loc)
        return old
    if name == "__sync_lock_release":
        ft.store(place, V(ft.enc.lit(0, t), t), loc)
        return V(None, VOID)
    if name in ("__sync_bool_compare_and_swap", "__sync_val_compare_and_swap"):
        expect = ft.convert(ft.rvalue(args[1]), t, loc)
        new = ft.convert(ft.rvalue(args[2]), t, loc)
        same = App(Op.EQ, (old.expr, expect.expr))
        ft.store(place, V(Ite(same, new.expr, old.expr), t), loc)
        if name == "__sync_bool_compare_and_swap":
            return V(ft.enc.of_bool(same, ft.dm.BOOL), ft.dm.BOOL)
        return old
    raise unsupported(loc, f"call to '{name}'")


def library_call(ft, name: str, lib, args, loc: Loc) -> V:
    """A call of the model library `lib`'s definition of `name` (linked on first use):
    the arguments evaluated as the program's declaration passes them, then
    `library_call_values`."""
    info = link(ft.pt, name, lib, loc)
    decl = info.declared
    vals = evaluate_args(ft, decl if decl is not None and decl.has_proto else info.type,
                         args, loc)
    return library_call_values(ft, info, vals, loc)


def library_call_values(ft, info, vals: list[V], loc: Loc) -> V:
    """The call of a linked model (`info`, libraries.py `link`) -- directly or through a
    function pointer (calls.py) -- on argument values of the program's declared parameter
    types: each converted to the model's (the same representation, or a value-preserving
    widening: libraries.py `fits`), the result back to the declared type; an
    `__attribute__((malloc))` model's result is fresh."""
    fty = info.type
    vals = [v if v.type == m else ft.temp_of(ft.convert(v, m, loc))
            for v, m in zip(vals, fty.params)] + list(vals[len(fty.params):])
    if fty.variadic:        # the variable arguments are passed if the model reads them
        extra = vals[len(fty.params):]
        vals = vals[:len(fty.params)]
        if info.varargs:
            vals.append(pass_varargs(ft, extra, loc))
    res = ft.call_user(info, vals, loc)
    if res.expr is None:
        return res
    if info.allocator:
        res = V(res.expr, res.type, fresh=True)
    want = info.declared.ret if info.declared is not None else None
    if want is not None and not isinstance(want, VoidT) and want != res.type:
        res = ft.convert(res, want, loc)
    return res


def _sign_like(ft, args, loc: Loc) -> V:
    """`__pycorral_sign_like(d)` (used by the C models): any int with the sign of d -- the
    C standard fixes only the sign of strcmp/strncmp/memcmp results."""
    dm, enc = ft.dm, ft.enc
    d = ft.temp_of(ft.convert(ft.rvalue(args[0]), dm.INT, loc))
    r = ft.b.fresh(enc.btype(dm.INT), "sign", loc)
    ft.emit(Havoc((r.name,), attrs=(Attr("unspecified", ("library result",)),), loc=loc))
    rng = enc.in_range(r, dm.INT)
    if rng is not None:
        ft.assume(rng, loc)
    zero = enc.lit(0, dm.INT)
    for op in ("<", "==", ">"):
        same = App(Op.IFF, (enc.compare(op, d.expr, zero, dm.INT),
                            enc.compare(op, r, zero, dm.INT)))
        ft.assume(same, loc)
    return V(r, dm.INT)


def _huge(ft, n: V):
    """n (size_t) is huge (common.huge_allocation); None for a constant below it."""
    limit = huge_allocation(ft.dm.ptr_bits)
    c = ft.enc.const_value(n.expr, n.type)
    if c is not None and c < limit:
        return None
    return ft.enc.compare(">=", n.expr, ft.enc.lit(limit, ft.dm.SIZE_T), ft.dm.SIZE_T)


def _fail_choice(ft, also, what: str, loc: Loc) -> Var:
    """Whether the allocation fails (a nondeterministic input): free with malloc_may_fail,
    else only where `also` holds (None: never); `also` includes a huge size (`_huge`)."""
    fail = ft.b.fresh(_bool(), "fail", loc)
    ft.emit(Havoc((fail.name,), attrs=(Attr("nondet", (f"{what} fails",)),), loc=loc))
    if not ft.pt.opts.malloc_may_fail:
        ft.assume(App(Op.IMP, (fail, also)) if also is not None else App(Op.NOT, (fail,)),
                  loc)
    return fail


def _unless(ft, fail: Var, n: V) -> V:     # the size n, or 0 when the allocation fails
    return ft.temp_of(V(Ite(fail, ft.enc.lit(0, n.type), n.expr), n.type))


def _null_if(ft, p, fail: Var, loc: Loc):     # p, or NULL where the allocation failed
    r = ft.fresh(ft.ptr_type(), hint="p")
    ft.emit(_assign(r, Ite(fail, ft.enc.lit(0, PtrT(VOID)), p), loc))
    if ft.pt.checks.memory:
        memsafety.failed_allocation(ft, p, fail, loc)
    return r


def _either(a, b):
    return b if a is None else a if b is None else App(Op.OR, (a, b))

_ALL_CLASSES = ("char", "unsigned char", "short", "unsigned short", "int", "unsigned int",
                "long long", "unsigned long long", "_Bool")


def _realloc(ft, name: str, args, loc: Loc) -> V:
    """realloc(p, n): a fresh block of n bytes holding the first min(n, size of p's block)
    bytes of p's block (every heap map constrained over the fresh range), or, for p NULL,
    a plain fresh block.  Sizes come from `$size`, written by every allocation of a program
    that calls realloc.  The old block is freed (a no-op).  NULL is returned when
    malloc_may_fail allows it, and may be when n is 0 (implementation-defined)."""
    dm, enc = ft.dm, ft.enc
    p = ft.rvalue(args[0])
    # every map is copied, so the block is not viewed at a type: no conversion is noted
    p = ft.temp_of(V(p.expr, PtrT(VOID)) if isinstance(p.type, PtrT) else
                   ft.convert(p, PtrT(VOID), loc))
    n = ft.temp_of(ft.convert(ft.rvalue(args[1]), dm.SIZE_T, loc))
    assert ft.pt.track_sizes, "realloc was not seen by the pre-scan"
    old = ft.temp_of(V(MapSelect(Var("$size"), (p.expr,)), dm.UINTPTR))
    zero_size = App(Op.EQ, (n.expr, enc.lit(0, dm.SIZE_T)))
    fail = _fail_choice(ft, _either(zero_size, _huge(ft, n)), name, loc)
    n = _unless(ft, fail, n)            # a failed call allocates and copies nothing
    q = ft.allocate(n, loc, name)
    nn = ft.convert(n, dm.UINTPTR, loc).expr
    null = enc.lit(0, PtrT(VOID))
    k = Ite(App(Op.EQ, (p.expr, null)), enc.lit(0, dm.UINTPTR),
            Ite(enc.compare("<", old.expr, nn, dm.UINTPTR), old.expr, nn))
    k = ft.temp_of(V(k, dm.UINTPTR))
    classes = [dm.ints[c] for c in _ALL_CLASSES] + [PtrT(VOID), FloatT("float"),
                                                     FloatT("double")]
    ft.copy_range(q, p.expr, k.expr, classes, loc, ft.mem.field_maps())
    if ft.pt.checks.memory:         # the old block is freed (after its bytes were read)
        memsafety.free(ft, p.expr, loc)
    return V(_null_if(ft, q, fail, loc), PtrT(VOID), fresh=True)


def _calloc(ft, args, loc: Loc) -> V:
    dm = ft.dm
    n = ft.convert(ft.rvalue(args[0]), dm.SIZE_T, loc)
    m = ft.convert(ft.rvalue(args[1]), dm.SIZE_T, loc)
    size = V(ft.enc.binary("*", n.expr, m.expr, dm.SIZE_T, ft, loc), dm.SIZE_T)
    if not (ft.pt.checks.memory and memsafety.constant_size(size.expr) is not None):
        size = ft.temp_of(size)         # (the memory checks keep a constant size)
    fail = ft.b.fresh(_bool(), "fail", loc)
    ft.emit(Havoc((fail.name,), attrs=(Attr("nondet", ("calloc fails",)),), loc=loc))
    size = size if _huge(ft, size) is None else _unless(ft, fail, size)   # fails: nothing
    p = ft.allocate(size, loc, "calloc")
    # the block is fresh: constrain every value class to read zero inside it
    classes = [dm.ints[k] for k in ("char", "unsigned char", "short", "unsigned short", "int",
                                    "unsigned int", "long long", "unsigned long long",
                                    "_Bool")]
    classes += [PtrT(VOID), FloatT("float"), FloatT("double")]     # zero bytes: +0.0
    ft.assume_zero_range(p, size, classes, loc, ft.mem.field_maps())
    r = ft.fresh(ft.ptr_type(), hint="p")
    ft.emit(_assign(r, Ite(fail, ft.enc.lit(0, PtrT(VOID)), p), loc))
    if ft.pt.checks.memory:
        memsafety.failed_allocation(ft, p, fail, loc)
    return V(r, PtrT(VOID), fresh=True)


def _bool():
    from boogie.ast import BoolType
    return BoolType()


def _assign(lhs, rhs, loc):
    from boogie.ast import Assign
    return Assign((lhs,), (rhs,), loc=loc)


def _typed_pointer(ft, node, loc: Loc) -> V:
    """A pointer argument of memset/memcpy with its type before conversion to void*."""
    kind = type(node).__name__
    while kind == "Cast":
        with ft.pt.no_vla_eval():       # only looked at: the cast evaluates it if kept
            t = ft.pt.resolve_type(node.to_type)
        if not (isinstance(t, PtrT) and isinstance(t.target, VoidT)):
            break
        node = node.expr
        kind = type(node).__name__
    v = ft.rvalue(node)
    if not isinstance(v.type, PtrT):
        raise unsupported(loc, "memset/memcpy on a non-pointer")
    return ft.temp_of(v)


def _unrolled_count(ft, target: CType, nbytes: V, loc: Loc) -> int | None:
    """How many pointee objects the call covers, when it can be unrolled over their scalar
    leaves (a constant size that is a multiple of a typed pointee, not too large)."""
    c = ft.enc.const_value(nbytes.expr, nbytes.type)
    if c is None or isinstance(target, (VoidT, FuncT)) or is_variable(target):
        return None
    size = ft.pt.types.sizeof(target, loc)
    if size == 0 or c % size:
        return None
    n = c // size
    if n * max(1, len(ft.mem.layout(target, loc))) > 4096:
        return None
    return n


# longest constant length a byte-level memset/memcpy/memmove writes byte by byte
BYTE_CHAIN = 256


def _byte_range(ft, dst: V, n: V, loc: Loc, value=None, src: V | None = None) -> bool:
    """memset (`value`: the byte, a temporary) or memcpy/memmove (`src`) of a constant
    length `n` up to BYTE_CHAIN on byte-level memory, as that many byte stores in a row
    (a memmove first reads every source byte) instead of the C model's loop -- which the
    recursion bound cuts off after that many bytes, so that a `memset(ext, 0, sizeof
    *ext)` through a `void *` blocked every path through it below bound sizeof *ext (the
    bug of SMACK's kbfiltr_false lies past such a call: "no bug within bound 32").  Exact:
    the same bytes in the same order as the loop, each store checked under the memory
    checks as the loop's are; memmove's order (read all, then write) is memcpy's where
    the ranges do not overlap (where they do, memcpy is undefined).  Not used with
    threads: an atomic copy would hide the states another thread may see between the
    loop's steps.  A longer or non-constant length keeps the loop (z3 stalled on the
    lambda form of one map update even at 64 bytes; the 44-byte example of
    tests/test_memop_bytes.py took 44 s as a store chain, 120 s as the loop at bound 65).
    On typed memory (the program's or, frontend/c/byte_split.py, a class's) the chain
    stores `unsigned char` cells and records the conversions the C model's loop makes
    (`void *` -> `unsigned char *` of each pointer), so the type-safety check and the
    points-to classes see the same byte view as for the loop: a class viewed so at
    another type is byte level, and byte_split.py puts these stores on its byte map.
    True when done."""
    count = ft.enc.const_value(n.expr, ft.dm.SIZE_T)
    if ft.pt.threaded or count is None or not 0 < count <= BYTE_CHAIN:
        return False
    u8 = ft.dm.ints["unsigned char"]
    if not ft.mem.byte_level:
        for p in (dst,) if src is None else (dst, src):
            ft.mem.note_conversion(p.type.target, u8, loc, p.expr)
    if src is not None:             # memmove: every byte read before any is written
        read = [ft.temp_of(ft.load(LMem(ft.addr_add(src.expr, i), u8, None), loc))
                for i in range(count)]
    for i in range(count):
        ft.store(LMem(ft.addr_add(dst.expr, i), u8, None),
                 V(value, u8) if src is None else read[i], loc)
    return True


def _byte_loop(ft, name: str, vals: list[V], loc: Loc) -> V:
    """The C model of memset/memcpy/memmove (a loop over bytes) on evaluated arguments.
    Under the memory checks, the whole ranges are checked at the call first (the
    destination's, and memcpy's/memmove's source's): the loop touches every byte of
    them, so a range that is not inside one live object is a violation of the call
    whatever the recursion bound -- the loop's own per-byte checks would reach it only
    below the bound (inih's 49-byte copy out of an 8-byte line buffer, issue #107).
    The same check as the LLVM front end's (frontend/memsafety.py `access_range`)."""
    info = link(ft.pt, name, LIBC, loc)
    conv = [ft.temp_of(ft.convert(v, t, loc)) for v, t in zip(vals, info.type.params)]
    if ft.pt.checks.memory:
        memsafety.access_range(ft, conv[0].expr, conv[2].expr, loc)
        if name != "memset":
            memsafety.access_range(ft, conv[1].expr, conv[2].expr, loc)
    return ft.call_user(info, conv, loc)


def _memset(ft, args, loc: Loc) -> V:
    dm = ft.dm
    p = _typed_pointer(ft, args[0], loc)
    val = ft.temp_of(ft.convert(ft.rvalue(args[1]), dm.INT, loc))
    nbytes = ft.temp_of(ft.convert(ft.rvalue(args[2]), dm.SIZE_T, loc))
    n = _unrolled_count(ft, p.type.target, nbytes, loc)
    byte = ft.enc.const_value(val.expr, dm.INT)
    leaves = ft.mem.leaves(p.type.target, loc) if n is not None else []
    if n is None or (byte is None and any(not isinstance(lt, IntT) or lt.bits != 8
                                          for _, lt, _ in leaves)):
        u8 = dm.ints["unsigned char"]
        if _byte_range(ft, p, nbytes, loc,
                       value=ft.temp_of(V(ft.enc.convert(val.expr, dm.INT, u8), u8)).expr):
            return V(p.expr, PtrT(VOID))
        return _byte_loop(ft, "memset", [p, val, nbytes], loc)
    size = ft.pt.types.sizeof(p.type.target, loc)
    for i in range(n):
        for off, lt, fmap in leaves:
            if byte is not None:
                nb = ft.pt.types.sizeof(lt, loc)
                b = byte & 0xFF
                word = int.from_bytes(bytes([b]) * nb, "little")
                # a float leaf gets the float of that pattern (stored as exactly it)
                v = V(fe.const(ft.enc.functions, word, 8 * nb) if isinstance(lt, FloatT)
                      else ft.enc.lit(word, lt), lt)
            else:       # a one-byte leaf (checked above)
                v = ft.convert(val, lt, loc)
            ft.store(LMem(ft.addr_add(p.expr, i * size + off), lt, fmap), v, loc)
    return V(p.expr, PtrT(VOID))


def _memcpy(ft, name: str, args, loc: Loc) -> V:
    dst = _typed_pointer(ft, args[0], loc)
    src = _typed_pointer(ft, args[1], loc)
    nbytes = ft.temp_of(ft.convert(ft.rvalue(args[2]), ft.dm.SIZE_T, loc))
    target = dst.type.target
    n = _unrolled_count(ft, target, nbytes, loc)
    if n is None:
        if _byte_range(ft, dst, nbytes, loc, src=src):
            return V(dst.expr, PtrT(VOID))
        return _byte_loop(ft, name, [dst, src, nbytes], loc)
    if dst.type.target != src.type.target and not isinstance(src.type.target, VoidT):
        ft.mem.note_conversion(src.type.target, dst.type.target, loc, src.expr)
    size = ft.pt.types.sizeof(target, loc)
    leaves = ft.mem.leaves(target, loc)
    cells = []
    for i in range(n):
        for off, lt, fmap in leaves:
            at = ft.addr_add(src.expr, i * size + off)
            if isinstance(lt, FloatT):    # the pattern itself (a NaN's bits too)
                raw = ft.fresh(BvType(ft.pt.types.sizeof(lt, loc) * 8), hint="fbits")
                ft.emit(Assign((raw,), (ft.mem_load(at, lt, fmap),), loc=loc))
                cells.append((i * size + off, lt, fmap, raw))
                continue
            tmp = ft.temp_of(ft.load(LMem(at, lt, fmap), loc))
            cells.append((i * size + off, lt, fmap, tmp))
    for off, lt, fmap, tmp in cells:      # memmove semantics: read everything first
        if isinstance(lt, FloatT):
            ft.mem_store(ft.addr_add(dst.expr, off), lt, tmp, loc, fmap)
            continue
        ft.store(LMem(ft.addr_add(dst.expr, off), lt, fmap), tmp, loc)
    return V(dst.expr, PtrT(VOID))


__all__ = ["call", "nondet_type", "App", "Op"]
