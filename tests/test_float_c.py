"""Floating point in the C front end (frontend/c/floats.py, in frontend/floatenc.py's
vocabulary): literals rounded as gcc rounds them, the formats that stay unsupported, the
Microsoft dialect's long double, float values as C text in traces and back.  The verdict
cases are data: tests/data/float (read by both front ends' verdict tests and the
differential test), tests/data/c/verdict/float_*.c, tests/data/replay/float_*.c."""
from __future__ import annotations

import pytest

from boogie.errors import BoogieError
from frontend import floatenc
from frontend.c import CFrontendOptions, translate_files
from frontend.c.floats import literal_value
from frontend.cflags import BuildFlags


def _verify(path, **fe):
    from verifier.engine import verify
    from verifier.options import VerifyOptions
    prog = translate_files([str(path)], CFrontendOptions(**fe))
    return verify(prog, VerifyOptions(entry="main", bound=2, timeout=60))


# the patterns gcc 12 (x86-64) gives these literals
@pytest.mark.parametrize("text, bits, pattern", [
    ("0.1f", 32, 0x3DCCCCCD), ("0.1", 64, 0x3FB999999999999A), ("0x1.8p1", 64, 0x4008 << 48),
    # 1 + 2^-24 + 2^-60: rounded to double first it is the midpoint 1 + 2^-24, which ties
    # to 1.0f; rounded once (as gcc) it is above the midpoint
    ("0x1.000001000000001p0f", 32, 0x3F800001),
    ("1.000000059604644775390625000000001f", 32, 0x3F800001),
    ("0x1p-150f", 32, 0), ("0x1.000001p-150f", 32, 1),          # subnormal rounding
    ("0x1.fffffffffffff8p1023", 64, 0x7FF0000000000000),        # carries to infinity
    ("3.4028235677973366e38f", 32, 0x7F7FFFFF), ("1e400", 64, 0x7FF0000000000000),
    ("1.", 64, 0x3FF << 52), (".5F", 32, 0x3F000000),
])
def test_literals_round_once_from_their_exact_value(text, bits, pattern):
    q, negative, suffix = literal_value(text, None)
    assert suffix == ("f" if bits == 32 else "")
    assert floatenc.nearest_bits(q, bits, negative) == pattern


@pytest.mark.parametrize("body, what", [
    ("long double x = 1.0L; return x > 0;", "long double (x86's 80-bit format)"),
    ("double d = 1.5L; return d > 0;", "long double"),
    ("__float128 q = 1.0; return q > 0;", "__float128"),
    ("_Float128 q = 1.0; return q > 0;", "__float128"),
    ("double _Complex z = 1.0; return 0;", "complex numbers"),
    ("fesetround(0); return 0;", "fesetround"),
    ("struct { long double x; int y; } s, t; t.y = 1; s = t; return s.y;", "long double"),
])
def test_unsupported_formats_are_named(tmp_path, body, what):
    p = tmp_path / "t.c"
    p.write_text("#include <fenv.h>\nint main(void) { " + body + " }\n")
    for dm in ("ILP32", "LP64"):
        with pytest.raises(BoogieError) as e:
            translate_files([str(p)], CFrontendOptions(data_model=dm))
        assert e.value.first.code == "unsupported" and what in e.value.first.message
        assert e.value.first.loc.line == 2


def test_microsoft_long_double_is_double(tmp_path):
    p = tmp_path / "t.c"
    p.write_text("#include <float.h>\nextern void reach_error(void);\n"
                 "int main(void) { long double x = 0.1L; double y = 0.1;\n"
                 "  if (x != y || sizeof(long double) != 8 || LDBL_MANT_DIG != 53) "
                 "reach_error();\n  return 0; }\n")
    ms = BuildFlags().with_ms_extensions()
    assert _verify(p, cflags=ms).verdict.value == "correct"
    with pytest.raises(BoogieError, match="long double"):
        translate_files([str(p)], CFrontendOptions())


@pytest.mark.parametrize("model, shown", [
    ("0.1f64", "0.1"), ("-0.0f64", "-0.0"), ("0.10000000149011612f32", "0.1f"),
    ("-0.0f32", "-0.0f"), ("inff64", "inf"), ("-inff32", "-inff"), ("nanf32", "nanf"),
    ("5e-324f64", "5e-324"), ("16777216.0f32", "16777216.0f"),
])
def test_trace_text_is_c_and_reads_back_to_the_pattern(model, shown):
    assert floatenc.c_text(model) == shown
    assert floatenc.pattern_of_text(shown) == floatenc.pattern_of_text(model)
    assert floatenc.pattern_of_text("5") is None and floatenc.pattern_of_text("7bv32") is None


def test_float_trace_of_the_c_front_end(tmp_path):
    """The trace shows assignments and nondeterministic values as C text."""
    p = tmp_path / "t.c"
    p.write_text("extern float __VERIFIER_nondet_float(void);\n"
                 "extern void reach_error(void);\n"
                 "int main(void) { float f = __VERIFIER_nondet_float();\n"
                 "  double d = f; if (f == 0.5f) reach_error(); return 0; }\n")
    r = _verify(p, encoding="bv")
    assert r.verdict.value == "bug", r.reason
    from verifier.traces.ctrace_text import source_trace_lines
    text = "\n".join(source_trace_lines(r.trace.source, None))
    assert "__VERIFIER_nondet_float() = 0.5f" in text and "d = 0.5\n" in text + "\n", text


def test_entry_function_with_float_arguments(tmp_path):
    """`--function f`: a double argument and a float member of a pointed-to object get
    nondeterministic values from the harness (frontend/c/entry_harness.py)."""
    from frontend.c.translate import harness_for
    p = tmp_path / "t.c"
    p.write_text("extern void reach_error(void);\nstruct P { float w; int k; };\n"
                 "int f(double x, struct P *q) {\n"
                 "  if (x > 1.0 && q->w == 0.5f) reach_error();\n  return 0; }\n")
    text = harness_for([str(p)], CFrontendOptions(entry="f")).text
    assert "__VERIFIER_nondet_double()" in text and "__VERIFIER_nondet_float()" in text
    from verifier.engine import verify
    from verifier.options import VerifyOptions
    prog = translate_files([str(p)], CFrontendOptions(entry="f"))
    r = verify(prog, VerifyOptions(entry="__pycorral_entry", bound=2, timeout=60))
    assert r.verdict.value == "bug", r.reason
