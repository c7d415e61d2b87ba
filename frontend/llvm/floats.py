"""LLVM floating point: `float` and `double` values, instructions, casts, memory and the math
intrinsics, in the vocabulary of frontend/floatenc.py (whose docstring says what a float is
in a variable and in memory).

Role: the floating-point part of the function translator (a mixin of function.py, as
scalars.py for integers).  `fadd fsub fmul fdiv frem fneg`, `fcmp` (every ordered and
unordered predicate), `fptosi fptoui` (out of range -- C's undefined behaviour -- the result
is any integer of the type; with the conversion check, CBMC's `--conversion-check`, the
out-of-range conversion is a property violation), `sitofp uitofp fpext fptrunc`, `bitcast` between a float and
the integer of its width (a value's pattern: exact; a NaN's: any NaN pattern), the
intrinsics clang emits for math.h (`llvm.fabs sqrt floor ceil trunc round rint nearbyint
roundeven minnum maxnum copysign fma fmuladd is.fpclass`; `fmuladd` is fused or not,
either -- clang emits it only where the program asks for contraction, `#pragma STDC
FP_CONTRACT ON`, since frontend/llvm/compile.py compiles with `-ffp-contract=off`) and the
same functions called by their C names when the program does not define them (`sqrt`,
`fabsf`, `fmod`, ...; errno is not written).  Other math functions (`sin`, `exp`, ...) get
the default of a function without a body: any result.  Other widths (`half`, x86's 80-bit
`long double`, `fp128`) are unsupported.
"""
from __future__ import annotations

from boogie.ast import BOOL, App, Assert, Assume, BoolLit, Expr, Havoc, Ite, Loc, Op

from frontend.properties import property_attr

import frontend.floatenc as fe

from .ir import FloatTy, Instr, IntTy, Ty
from .names import unsupported

_WIDTH = {"float": 32, "double": 64}
_NAMES = {"half": "half-precision floating point", "bfloat": "bfloat16 floating point",
          "x86_fp80": "x86 long double (80-bit floating point)",
          "fp128": "128-bit floating point (long double)",
          "ppc_fp128": "PowerPC long double"}

# C library names -> (operation, width); their intrinsic forms are llvm.<op>.f32/.f64
_LIBM: dict[str, tuple[str, int]] = {}
for _op, _c in (("sqrt", "sqrt"), ("fabs", "fabs"), ("floor", "floor"), ("ceil", "ceil"),
                ("trunc", "trunc"), ("round", "round"), ("rint", "rint"),
                ("nearbyint", "nearbyint"), ("roundeven", "roundeven"), ("minnum", "fmin"),
                ("maxnum", "fmax"), ("copysign", "copysign"), ("fma", "fma"), ("frem", "fmod")):
    _LIBM[_c] = (_op, 64)
    _LIBM[_c + "f"] = (_op, 32)
INTRINSICS = frozenset(("fabs", "sqrt", "floor", "ceil", "trunc", "round", "rint", "nearbyint",
                        "roundeven", "minnum", "maxnum", "copysign", "fma", "fmuladd",
                        "is.fpclass", "minimum", "maximum"))


def float_bits(t: Ty, loc: Loc, what: str = "") -> int:
    """32 or 64 for `float` / `double`; anything else is unsupported."""
    if isinstance(t, FloatTy):
        if t.kind in _WIDTH:
            return _WIDTH[t.kind]
        raise unsupported(loc, _NAMES.get(t.kind, f"floating-point type {t.kind}"))
    raise unsupported(loc, f"{what or 'operation'} on type {t}")


def is_float(t: Ty) -> bool:
    return isinstance(t, FloatTy)


FE_TONEAREST = fe.FE_TONEAREST     # fegetround's answer
LIBM = frozenset(_LIBM)      # the math.h functions modelled by their C names (when not defined)


class FloatsMixin:
    """The floating-point instructions of one function (mixed into
    `function.FunctionTranslator`: `self.enc`, `self.val`, `self.assign`, ...)."""

    # ------------------------------------------------------------------ values
    def float_const(self, text: str, t: Ty, loc: Loc) -> Expr:
        bits = float_bits(t, loc)
        pattern = fe.bits_of_text(text, bits)
        if pattern is None:
            raise unsupported(loc, f"floating-point constant {text} of type {t}")
        return fe.const(self.enc.functions, pattern, bits)

    def float_zero(self, t: Ty, loc: Loc) -> Expr:
        return fe.const(self.enc.functions, 0, float_bits(t, loc))

    # ------------------------------------------------------------------ bits
    def float_of_int_bits(self, e: Expr, bits: int) -> Expr:
        """The float whose pattern is the iN value `e` (in the integer encoding)."""
        b = e if self.enc.bv else self.enc.int2bv(e, bits)
        return fe.of_bits(self.enc.functions, b, bits)

    def int_bits_of_float(self, x: Expr, bits: int, loc: Loc) -> Expr:
        """An iN value (in the integer encoding) holding a pattern of float `x`: a fresh
        bit-vector constrained to be x's pattern (any NaN pattern for a NaN)."""
        from boogie.ast import BvType
        b = self.fresh(BvType(bits), "fbits")
        self.emit(Havoc((b.name,), loc=loc))
        self.emit(Assume(fe.bits_constraint(self.enc.functions, b, x, bits), loc=loc))
        if self.enc.bv:
            return b
        return self.enc.from_u(self.enc.bv2nat(b, bits), bits)

    def _as_bv(self, e: Expr, bits: int) -> Expr:
        return e if self.enc.bv else self.enc.int2bv(e, bits)

    # ------------------------------------------------------------------ instructions
    def i_fadd(self, ins, loc, block):
        bits = float_bits(ins.ty, loc, ins.opcode)
        a, b = (self.val(v, loc) for v in ins.operands)
        if ins.opcode == "fdiv" and self.mt.opts.checks.float_div_by_zero:
            self.emit(Assert(App(Op.NOT, (fe.predicate(self.enc.functions, "fp.isZero", b,
                                                        bits),)),
                             (property_attr("float-division-by-zero",
                                            "floating-point division by zero"),), loc=loc))
        self.assign(ins, fe.binop(self.enc.functions, ins.opcode, a, b, bits), loc)

    i_fsub = i_fmul = i_fdiv = i_frem = i_fadd

    def i_fneg(self, ins, loc, block):
        bits = float_bits(ins.ty, loc, "fneg")
        self.assign(ins, fe.unary(self.enc.functions, "fneg", self.val(ins.operands[0], loc),
                                  bits), loc)

    def i_fcmp(self, ins, loc, block):
        a_v, b_v = ins.operands
        bits = float_bits(a_v.ty, loc, "fcmp")
        self.assign(ins, fe.cmp(self.enc.functions, ins.pred, self.val(a_v, loc),
                                self.val(b_v, loc), bits), loc)

    def float_cast(self, ins: Instr, loc: Loc) -> None:
        """fptosi fptoui sitofp uitofp fpext fptrunc, and bitcast float <-> integer."""
        op, a = ins.opcode, ins.operands[0]
        fs = self.enc.functions
        e = self.val(a, loc)
        if op in ("fpext", "fptrunc"):
            self.assign(ins, fe.convert(fs, e, float_bits(a.ty, loc, op),
                                        float_bits(ins.ty, loc, op)), loc)
            return
        if op in ("sitofp", "uitofp"):
            bits = float_bits(ins.ty, loc, op)
            width = self._int_bits(a.ty, loc, op)
            if width == 1:
                e = self.enc.of_bool(e, 8, signed=op == "sitofp")
                width = 8
            self.assign(ins, fe.from_int(fs, self._as_bv(e, width), width, op == "sitofp",
                                         bits), loc)
            return
        if op in ("fptosi", "fptoui"):
            bits = float_bits(a.ty, loc, op)
            width = self._int_bits(ins.ty, loc, op)
            if width == 1:
                raise unsupported(loc, f"{op} to i1")
            ok, value = fe.to_int(fs, e, bits, width, op == "fptosi")
            if self.mt.opts.checks.conversion:          # CBMC's float-to-int overflow
                self.emit(Assert(ok, (property_attr(
                    "conversion", "arithmetic overflow on floating-point to "
                    f"{'signed' if op == 'fptosi' else 'unsigned'} integer conversion"),),
                    loc=loc))
            if not self.enc.bv:             # the pattern's canonical (signed) iN value
                value = self.enc.from_u(self.enc.bv2nat(value, width), width)
            # out of range (NaN, infinities, too large): undefined in C -- any value
            r = self.result(ins, loc)
            self.emit(Havoc((r.name,), loc=loc))
            self.assume_range(r, ins.ty, loc)
            self.emit(Assume(App(Op.IMP, (ok, App(Op.EQ, (r, value)))), loc=loc))
            return
        if op == "bitcast":
            if is_float(a.ty) and isinstance(ins.ty, IntTy):
                bits = float_bits(a.ty, loc, op)
                self.assign(ins, self.int_bits_of_float(e, bits, loc), loc)
                return
            if isinstance(a.ty, IntTy) and is_float(ins.ty):
                bits = float_bits(ins.ty, loc, op)
                self.assign(ins, self.float_of_int_bits(e, bits), loc)
                return
            if a.ty == ins.ty:
                self.assign(ins, e, loc)
                return
        raise unsupported(loc, f"cast {op} from {a.ty} to {ins.ty}")

    def i_fptosi(self, ins, loc, block):
        self.float_cast(ins, loc)

    i_fptoui = i_sitofp = i_uitofp = i_fpext = i_fptrunc = i_fptosi

    # ------------------------------------------------------------------ math functions
    def float_call(self, ins: Instr, base: str, args, loc: Loc) -> None:
        """A math intrinsic (`llvm.<base>.f64`) or its C library function."""
        fs = self.enc.functions
        if ins.name is None:
            return                         # no effect but its result (errno not modelled)
        if base == "is.fpclass":
            return self._fpclass(ins, args, loc)
        bits = float_bits(ins.ty, loc, base)
        vals = [self.val(a, loc) for a in args]
        for a in args:
            float_bits(a.ty, loc, base)
        if base == "fma":
            e = fe.fma(fs, *vals[:3], bits)
        elif base == "fmuladd":
            # clang's contraction of a * b + c: fused or not, as the target decides
            fused = self.fresh(BOOL, "fused")
            self.emit(Havoc((fused.name,), loc=loc))
            e = Ite(fused, fe.fma(fs, *vals[:3], bits),
                    fe.binop(fs, "fadd", fe.binop(fs, "fmul", vals[0], vals[1], bits),
                             vals[2], bits))
        elif base == "frem":
            e = fe.binop(fs, "frem", vals[0], vals[1], bits)
        elif base in ("minnum", "maxnum"):
            e = fe.min_max(fs, base[:3], vals[0], vals[1], bits)
        elif base in ("minimum", "maximum"):
            # IEEE 754-2019's: NaN if either is NaN, -0 < +0
            nan = fe.cmp(fs, "uno", vals[0], vals[1], bits)
            e = Ite(nan, fe.binop(fs, "fadd", vals[0], vals[1], bits),
                    fe.min_max(fs, base[:3], vals[0], vals[1], bits))
        elif base == "copysign":
            sign = self.fresh(BOOL, "nansign")
            self.emit(Havoc((sign.name,), loc=loc))
            e = fe.copysign(fs, vals[0], vals[1], bits, sign)
        else:
            e = fe.unary(fs, base, vals[0], bits)
        self.assign(ins, e, loc)

    def _fpclass(self, ins: Instr, args, loc: Loc) -> None:
        """`llvm.is.fpclass(x, mask)`: mask bits 0 signalling NaN, 1 quiet NaN, 2 -inf,
        3 -normal, 4 -subnormal, 5 -0, 6 +0, 7 +subnormal, 8 +normal, 9 +inf.  SMT-LIB has
        one NaN: with only one of the two NaN bits, a NaN's answer is arbitrary."""
        fs = self.enc.functions
        x_v, m_v = args
        bits = float_bits(x_v.ty, loc, "llvm.is.fpclass")
        if not hasattr(m_v, "value"):
            raise unsupported(loc, "llvm.is.fpclass with a variable mask")
        mask = m_v.value
        x = self.val(x_v, loc)
        p = lambda name: fe.predicate(fs, name, x, bits)   # noqa: E731
        neg, pos = p("fp.isNegative"), p("fp.isPositive")
        classes = {2: App(Op.AND, (p("fp.isInfinite"), neg)),
                   3: App(Op.AND, (p("fp.isNormal"), neg)),
                   4: App(Op.AND, (p("fp.isSubnormal"), neg)),
                   5: App(Op.AND, (p("fp.isZero"), neg)),
                   6: App(Op.AND, (p("fp.isZero"), pos)),
                   7: App(Op.AND, (p("fp.isSubnormal"), pos)),
                   8: App(Op.AND, (p("fp.isNormal"), pos)),
                   9: App(Op.AND, (p("fp.isInfinite"), pos))}
        parts: list[Expr] = [c for k, c in classes.items() if mask >> k & 1]
        nan_bits = mask & 3
        if nan_bits == 3:
            parts.append(p("fp.isNaN"))
        elif nan_bits:
            which = self.fresh(BOOL, "nankind")
            self.emit(Havoc((which.name,), loc=loc))
            parts.append(App(Op.AND, (p("fp.isNaN"), which)))
        e: Expr = BoolLit(False)
        for c in parts:
            e = c if isinstance(e, BoolLit) else App(Op.OR, (e, c))
        self.assign(ins, e, loc)

    def libm_call(self, ins: Instr, name: str, args, loc: Loc) -> None:
        op, bits = _LIBM[name]
        if len(args) != (3 if op == "fma" else 2 if op in ("minnum", "maxnum", "copysign",
                                                           "frem") else 1):
            raise unsupported(loc, f"call of {name} with {len(args)} arguments")
        for a in args:
            if float_bits(a.ty, loc, name) != bits:
                raise unsupported(loc, f"call of {name} with an argument of type {a.ty}")
        if ins.name is not None and float_bits(ins.ty, loc, name) != bits:
            raise unsupported(loc, f"call of {name} returning {ins.ty}")
        self.float_call(ins, op, args, loc)
