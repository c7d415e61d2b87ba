"""Differential test of the C integer semantics: gcc computes the value of each expression
natively; the front end's Boogie model (both encodings) must prove `expr == value` and must
find the bug in `expr != value`.  Operands come from nondeterministic inputs pinned by
`__VERIFIER_assume`, so nothing is constant-folded away.  Programs are loop-free and call-free
so that the verdicts do not depend on bounds.
"""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from frontend.c import CFrontendOptions, translate_files

# operands: name -> (C type, value)
OPERANDS = {
    "i1": ("int", -7), "i2": ("int", 3), "i3": ("int", 2147483647), "i4": ("int", -2147483647),
    "u1": ("unsigned int", 5), "u2": ("unsigned int", 4294967295), "u3": ("unsigned int", 16),
    "c1": ("char", -3), "c2": ("char", 100), "uc": ("unsigned char", 250),
    "s1": ("short", -300), "us": ("unsigned short", 65535),
    "l1": ("long long", -5000000000), "ul": ("unsigned long long", 18446744073709551615),
    "k": ("int", 3), "b1": ("_Bool", 1),
}

EXPRESSIONS = [
    "i1 / i2", "i1 % i2", "-i1 / i2", "-i1 % i2", "i1 / -i2", "i1 % -i2", "i3 / i1",
    "u2 / u1", "u2 % u3", "u1 - 7u", "u2 + u1", "u1 * u2", "i1 + u1", "i1 < u1", "c1 < uc",
    "i1 * i2 - c1", "(unsigned char)i1", "(signed char)uc", "(short)u2", "(unsigned short)s1",
    "(int)u2", "(long long)u2", "(unsigned long long)i1", "(int)l1", "(unsigned)l1",
    "l1 / i2", "l1 % 7", "ul / 3ull", "ul + 2ull", "us + 1", "uc + uc", "c2 * c2",
    "i1 & 0xff", "i1 | 16", "i1 ^ 5", "u2 & 12345u", "uc & 15", "~i1", "~u1", "~uc",
    "i1 >> 1", "i1 >> k", "u2 >> 4", "u2 >> k", "u1 << 3", "i2 << k", "u1 << k",
    "!i1", "!b1", "b1 + b1", "(_Bool)i1", "(_Bool)0", "i1 == -7", "u2 == -1",
    "i1 ? u1 : i2", "(i1 > 0) + (u1 > 0)", "-u1", "-uc", "s1 * us", "i4 - 1",
    "(char)300", "(unsigned char)-1", "l1 >> 3", "(long long)i1 * i3",
]
# over-approximated in the int encoding (exact in bv): checked with the bv encoding only
BV_EXACT_ONLY = ["i1 & i2", "i1 | i2", "u2 ^ u1", "u1 & u3", "uc | c1", "i1 & -i2"]


def _compile_expected(tmp: Path, m32: bool) -> list[int]:
    decls = "".join(f"  {t} {n} = ({t}){v}{'ull' if v > 2**63 else 'll'};\n"
                    for n, (t, v) in OPERANDS.items())
    prints = "".join(f'  printf("%llu\\n", (unsigned long long)({e}));\n'
                     for e in EXPRESSIONS + BV_EXACT_ONLY)
    src = tmp / "native.c"
    src.write_text(f"#include <stdio.h>\nint main(void) {{\n{decls}{prints}  return 0;\n}}\n")
    exe = tmp / "native"
    flags = ["-m32"] if m32 else []
    r = subprocess.run(["gcc", *flags, "-O0", "-w", "-fwrapv", "-o", str(exe), str(src)],
                       capture_output=True, text=True)
    if r.returncode != 0:
        pytest.skip(f"cannot compile natively: {r.stderr[:200]}")
    out = subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout
    return [int(x) for x in out.split()]


def _model_program(exprs: list[str], values: list[int]) -> str:
    lines = ["extern int __VERIFIER_nondet_int(void);",
             "extern void __VERIFIER_assume(int);",
             "extern long long __VERIFIER_nondet_longlong(void);",
             "extern void reach_error(void);",
             "int main(void) {"]
    for n, (t, v) in OPERANDS.items():
        lines.append(f"  {t} {n} = ({t})__VERIFIER_nondet_longlong();")
        lines.append(f"  __VERIFIER_assume({n} == ({t}){v}{'ull' if v > 2**63 else 'll'});")
    for e, v in zip(exprs, values):
        lines.append(f"  if (!((unsigned long long)({e}) == {v}ull)) reach_error();")
    lines.append("  return 0;\n}")
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="module")
def native_values(tmp_path_factory):
    if shutil.which("gcc") is None:
        pytest.skip("gcc not installed")
    tmp = tmp_path_factory.mktemp("native")
    # -m32 needs a 32-bit libc; fall back to the LP64 values of the ILP32-independent types
    try:
        return "ILP32", _compile_expected(tmp, m32=True)
    except BaseException:
        return "LP64", _compile_expected(tmp, m32=False)


CHUNK = 8


def _verify(path: Path, encoding: str, data_model: str):
    from verifier.engine import verify
    from verifier.options import VerifyOptions
    prog = translate_files([str(path)], CFrontendOptions(encoding=encoding,
                                                         data_model=data_model))
    return verify(prog, VerifyOptions(entry="main", bound=1, timeout=120))


@pytest.mark.parametrize("data_model", ["ILP32", "LP64"])
@pytest.mark.parametrize("encoding", ["int", "bv"])
def test_expressions_agree_with_gcc(native_values, tmp_path, encoding, data_model):
    """(The operand types have the same widths in ILP32 and LP64, so one native run serves
    both data models.)"""
    _, values = native_values
    dm = data_model
    assert len(values) == len(EXPRESSIONS) + len(BV_EXACT_ONLY)
    exprs = EXPRESSIONS + BV_EXACT_ONLY if encoding == "bv" else EXPRESSIONS
    for start in range(0, len(exprs), CHUNK):
        chunk = exprs[start:start + CHUNK]
        src = tmp_path / f"model{start}.c"
        src.write_text(_model_program(chunk, values[start:start + len(chunk)]))
        r = _verify(src, encoding, dm)
        assert r.verdict.value == "correct", (chunk, r.verdict, r.reason, r.trace and [
            (s.line, s.values) for s in r.trace.steps if s.kind == "fail"])


@pytest.mark.parametrize("encoding", ["int", "bv"])
def test_each_wrong_value_is_found(native_values, tmp_path, encoding):
    """Every expression with a wrong expected value is a reachable error (checked one by
    one on a sample, so that an over-constrained model cannot pass the positive test)."""
    dm, values = native_values
    for idx in (0, 10, 17, 33, 41, 47, 60):
        wrong = list(values)
        wrong[idx] = (wrong[idx] + 1) % 2 ** 64    # a literal must fit in 64 bits
        src = tmp_path / f"wrong{idx}.c"
        src.write_text(_model_program([EXPRESSIONS[idx]], [wrong[idx]]))
        r = _verify(src, encoding, dm)
        assert r.verdict.value == "bug", (EXPRESSIONS[idx], r.verdict, r.reason)
