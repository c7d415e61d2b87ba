"""The C library's edges in both front ends: what stays unsupported is named (a printf-family
format with %n, whose write the OUTPUT model would miss: frontend/special.py), setjmp and
longjmp become the intrinsics of frontend/nonlocal_jumps.py (their verdicts:
tests/test_nonlocal_jumps.py), and the library models are linked (the models' verdicts: tests/data/{c,llvm}/
verdict/libc_*.c; against glibc: tests/test_libc_more_native.py)."""
from __future__ import annotations

import pytest

from boogie.errors import BoogieError
from frontend.c.translate import CFrontendOptions, translate_files
from frontend.llvm.compile import clang_command
from frontend.llvm.translate import LlvmFrontendOptions, translate_llvm
from frontend.special import writes_through_format

PERCENT_N = """#include <stdio.h>
int main(void) {
  int n = 0;
  fprintf(stdout, "x%5n\\n", &n);
  return n;
}
"""
SETJMP = """#include <setjmp.h>
jmp_buf b;
void f(void) { longjmp(b, 1); }
int main(void) {
  if (setjmp(b) == 0)
    f();
  return 0;
}
"""
PLAIN = """#include <stdio.h>
int main(void) {
  printf("100%% n%d\\n", 3);
  return 0;
}
"""


def test_format_scan():
    assert writes_through_format("a%n") and writes_through_format("%-5hhn")
    assert not writes_through_format("100%%n") and not writes_through_format("%d %s\\n")


def _translate(frontend: str, path: str):
    if frontend == "c":
        return translate_files([path], CFrontendOptions())
    if clang_command() is None:
        pytest.skip("no clang")
    return translate_llvm([path], LlvmFrontendOptions())


@pytest.mark.parametrize("frontend", ["c", "llvm"])
def test_percent_n_is_unsupported_and_named(tmp_path, frontend):
    src = tmp_path / "n.c"
    src.write_text(PERCENT_N)
    with pytest.raises(BoogieError, match=r"fprintf with %n"):
        _translate(frontend, str(src))
    ok = tmp_path / "plain.c"
    ok.write_text(PLAIN)
    _translate(frontend, str(ok))        # %% then n is text


@pytest.mark.parametrize("frontend", ["c", "llvm"])
def test_setjmp_longjmp_become_the_intrinsics(tmp_path, frontend):
    from boogie.ast import Call, ProcedureDecl
    from boogie.passes import nonlocal_jumps as nj
    src = tmp_path / "j.c"
    src.write_text(SETJMP)
    prog = _translate(frontend, str(src))
    called = {c.proc for d in prog.decls if isinstance(d, ProcedureDecl) and d.body
              for b in d.body.blocks for c in b.cmds if isinstance(c, Call)}
    assert {nj.SETJMP, nj.LONGJMP} <= called
    assert not called & {"setjmp", "_setjmp", "longjmp"}
