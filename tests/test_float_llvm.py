"""Floating point in the LLVM front end beyond the verdict cases (tests/data/llvm/verdict/
float_*.c, tests/data/llvm/float_ops.ll): the conversion check, what stays unsupported
(x86 long double, a changed rounding mode), the constants' exact patterns
(frontend/floatenc.py)."""
from __future__ import annotations

import math
import struct

import pytest

from boogie.errors import BoogieError
from frontend import floatenc
from frontend.llvm.compile import clang_command
from frontend.llvm.translate import LlvmFrontendOptions, translate_llvm
from frontend.properties import PropertyChecks

needs_clang = pytest.mark.skipif(clang_command() is None, reason="no clang")


def _verify(path, **fe):
    from verifier.engine import verify
    from verifier.options import VerifyOptions
    prog = translate_llvm([str(path)], LlvmFrontendOptions(**fe))
    return verify(prog, VerifyOptions(entry="main", bound=2, timeout=60))


TO_INT = """
extern double __VERIFIER_nondet_double(void);
int main(void) {
  double d = __VERIFIER_nondet_double();
  if (d > 0.0 && d < %s) return (int)d;
  return 0;
}
"""


@needs_clang
@pytest.mark.parametrize("bound, verdict", [("1e10", "bug"), ("2147483647.0", "correct")])
def test_conversion_check(tmp_path, bound, verdict):
    """Out of range, the conversion to int is undefined (CBMC's float-to-int overflow):
    a property violation under the conversion check; without it, any value."""
    p = tmp_path / "t.c"
    p.write_text(TO_INT % bound)
    r = _verify(p, encoding="bv", checks=PropertyChecks(conversion=True))
    assert r.verdict.value == verdict, r.reason
    if verdict == "bug":
        assert "floating-point to signed integer conversion" in str(r.trace.violation)
    assert _verify(p, encoding="bv").verdict.value == "correct"


@needs_clang
@pytest.mark.parametrize("body, what", [
    ("long double x = 1.0L; return (int)x;", "long double"),
    ("fesetround(0); return 0;", "fesetround"),
])
def test_unsupported(tmp_path, body, what):
    p = tmp_path / "t.c"
    p.write_text("#include <fenv.h>\nint main(void) { " + body + " }\n")
    with pytest.raises(BoogieError, match=what):
        translate_llvm([str(p)], LlvmFrontendOptions(data_model="LP64"))


@pytest.mark.parametrize("text, bits, value", [
    ("5.000000e-01", 64, 0.5), ("0x3FB999999999999A", 64, 0.1),
    ("0x3FB99999A0000000", 32, 0.1), ("-0.000000e+00", 64, -0.0),
    ("0x7FF0000000000000", 32, math.inf), ("1.000000e+308", 64, 1e308),
])
def test_constant_patterns(text, bits, value):
    fmt = "<d" if bits == 64 else "<f"
    ifmt = "<Q" if bits == 64 else "<I"
    assert floatenc.bits_of_text(text, bits) == struct.unpack(ifmt, struct.pack(fmt, value))[0]
    assert floatenc.bits_of_text("0xK3FFF8000000000000000", 64) is None


def test_pow2_patterns():
    fs: dict = {}
    e = floatenc.pow2(fs, 31, 32, negative=True)
    assert e.args[0].value == struct.unpack("<I", struct.pack("<f", -2.0 ** 31))[0]
    e = floatenc.pow2(fs, 64, 64)
    assert e.args[0].value == struct.unpack("<Q", struct.pack("<d", 2.0 ** 64))[0]


CONTRACT = """%s
extern float __VERIFIER_nondet_float(void);
int main(void) {
  float x = __VERIFIER_nondet_float(), y = __VERIFIER_nondet_float();
  return x * y + 1.0f > 0.0f;
}
"""


@needs_clang
@pytest.mark.parametrize("pragma, fused", [("", False), ("#pragma STDC FP_CONTRACT ON", True)])
def test_contraction_only_where_the_program_asks(tmp_path, pragma, fused):
    """clang runs with -ffp-contract=off: `x * y + 1` is two rounded operations; a program
    that turns FP_CONTRACT on gets llvm.fmuladd, modelled as fused or not."""
    from boogie.printer import format_program
    p = tmp_path / "t.c"
    p.write_text(CONTRACT % pragma)
    text = format_program(translate_llvm([str(p)], LlvmFrontendOptions()))
    assert ("fp.fma" in text) == fused
