"""The C library models (frontend/include/pycorral_libc.c) against the real C library: the
model file is compiled natively (its functions renamed `model_*`) next to a driver that calls
the model and glibc with the same inputs and compares what they give.

- <ctype.h>: every class and case mapping, for EOF and every unsigned char value, in the "C"
  locale (a program that never calls setlocale runs in it);
- <string.h>: strlen, strcpy, strncpy, strcat, strcmp, strncmp, strchr, memcmp, memmove,
  memcpy, memset over strings from a fixed pseudo-random sequence (sign only where the
  standard gives only the sign: `__pycorral_sign_like(d)` is d here, as one of its allowed
  values).
A model that differs from the library fails here with the function and its input."""
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MODELS = ROOT / "frontend" / "include" / "pycorral_libc.c"

pytestmark = pytest.mark.skipif(shutil.which("gcc") is None, reason="gcc not installed")

CTYPE = ("isupper", "islower", "isdigit", "isalpha", "isalnum", "isxdigit", "isblank",
         "isspace", "iscntrl", "isprint", "isgraph", "ispunct", "tolower", "toupper")

DRIVER = r"""
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#define B(x) ((x) != 0)
#define SIGN(x) (((x) > 0) - ((x) < 0))
int __pycorral_sign_like(int d) { return d; }
/* the nondeterministic models' choices (qsort, getenv: covered by test_libc_more_native.py) */
int __VERIFIER_nondet_int(void) { return 0; }
unsigned int __VERIFIER_nondet_uint(void) { return 0; }
char __VERIFIER_nondet_char(void) { return 0; }
void __VERIFIER_assume(int c) { (void)c; }
%(decls)s
static unsigned state = 12345u;
static unsigned next(void) { state = state * 1103515245u + 12345u; return (state >> 16) & 0x7fff; }
static void fill(char *s, size_t n) {       /* a string of n bytes from a small alphabet */
  size_t i;
  for (i = 0; i < n; i++) s[i] = "ab\x01\x7f\x80\xff"[next() %% 6];
  s[n] = 0;
}
static int bad = 0;
static void fail(const char *what, long a, long b) {
  if (bad++ < 20) printf("DIFF %%s: model %%ld, library %%ld\n", what, a, b);
}
int main(void) {
  int c, k;
  for (c = -1; c < 256; c++) {
%(ctype)s
  }
  for (k = 0; k < 3000; k++) {
    char a[16], b[16], m1[40], m2[40];
    size_t la = next() %% 8, lb = next() %% 8, n = next() %% 10;
    int ch = "ab\x01\x7f\x80\xff"[next() %% 6], v = (int)(next() %% 512) - 256;
    char *p1, *p2;
    fill(a, la); fill(b, lb);
    if (next() %% 3 == 0) memcpy(b, a, la + 1);
    if (model_strlen(a) != strlen(a)) fail("strlen", (long)model_strlen(a), (long)strlen(a));
    if (SIGN(model_strcmp(a, b)) != SIGN(strcmp(a, b))) fail("strcmp", model_strcmp(a, b), strcmp(a, b));
    if (SIGN(model_strncmp(a, b, n)) != SIGN(strncmp(a, b, n))) fail("strncmp", model_strncmp(a, b, n), strncmp(a, b, n));
    if (SIGN(model_memcmp(a, b, la < lb ? la : lb)) != SIGN(memcmp(a, b, la < lb ? la : lb))) fail("memcmp", 0, 1);
    p1 = model_strchr(a, ch); p2 = strchr(a, ch);
    if (p1 != p2) fail("strchr", (long)(p1 ? p1 - a : -1), (long)(p2 ? p2 - a : -1));
    p1 = model_strchr(a, 0); p2 = strchr(a, 0);
    if (p1 != p2) fail("strchr NUL", (long)(p1 ? p1 - a : -1), (long)(p2 ? p2 - a : -1));
    memset(m1, 'x', sizeof m1); memset(m2, 'x', sizeof m2);
    if (model_strcpy(m1, a) != m1 || (strcpy(m2, a), memcmp(m1, m2, sizeof m1))) fail("strcpy", 0, 1);
    if (model_strcat(m1, b) != m1 || (strcat(m2, b), memcmp(m1, m2, sizeof m1))) fail("strcat", 0, 1);
    memset(m1, 'x', sizeof m1); memset(m2, 'x', sizeof m2);
    if (model_strncpy(m1, a, n) != m1 || (strncpy(m2, a, n), memcmp(m1, m2, sizeof m1))) fail("strncpy", (long)n, 0);
    if (model_memset(m1, v, n) != m1 || (memset(m2, v, n), memcmp(m1, m2, sizeof m1))) fail("memset", v, 0);
    if (model_memcpy(m1 + 20, a, la) != m1 + 20 || (memcpy(m2 + 20, a, la), memcmp(m1, m2, sizeof m1))) fail("memcpy", 0, 1);
    memcpy(m1, a, la + 1); memcpy(m2, a, la + 1);
    if (model_memmove(m1 + 2, m1, la) != m1 + 2 || (memmove(m2 + 2, m2, la), memcmp(m1, m2, sizeof m1))) fail("memmove up", 0, 1);
    if (model_memmove(m1, m1 + 3, la) != m1 || (memmove(m2, m2 + 3, la), memcmp(m1, m2, sizeof m1))) fail("memmove down", 0, 1);
  }
  printf("%%d differences\n", bad);
  return bad != 0;
}
"""


_DEF = re.compile(r"^[A-Za-z_][\w \*]*?\b(\w+)\([^;{]*\)\s*\{", re.M)   # a definition's head


def _defined(text: str) -> list[str]:
    """The functions the model file defines (a definition starts at the line's start)."""
    return sorted({m.group(1) for m in _DEF.finditer(text)})


def test_models_behave_like_the_c_library(tmp_path):
    text = MODELS.read_text()
    names = _defined(text)
    for need in CTYPE + ("strlen", "strcpy", "strncpy", "strcat", "strcmp", "strncmp",
                         "strchr", "memcmp", "memmove", "memcpy", "memset"):
        assert need in names, f"{need} is not modelled in {MODELS.name} any more"
    decls = "\n".join(re.sub(r"\b(" + "|".join(names) + r")\(", r"model_\1(", m.group(0))
                      .rstrip("{").rstrip() + ";"
                      for m in _DEF.finditer(text) if not m.group(0).startswith("static"))
    decls = decls.replace("__SIZE_TYPE__", "size_t")
    ctype = "\n".join(f"    if (model_{f}(c) != {f}(c) && (B(model_{f}(c)) != B({f}(c)) || "
                      f"{'1' if f.startswith('to') else '0'})) {{ printf(\"c = %d: \", c); "
                      f"fail(\"{f}\", model_{f}(c), {f}(c)); }}"
                      for f in CTYPE)
    (tmp_path / "driver.c").write_text(DRIVER % {"decls": decls, "ctype": ctype})
    renames = [f"-D{n}=model_{n}" for n in names]
    exe = tmp_path / "diff"
    subprocess.run(["gcc", "-O0", "-fno-builtin", *renames, "-c", str(MODELS), "-o",
                    str(tmp_path / "models.o")], check=True, capture_output=True, text=True)
    subprocess.run(["gcc", "-O0", "-fno-builtin", str(tmp_path / "driver.c"),
                    str(tmp_path / "models.o"), "-o", str(exe)], check=True,
                   capture_output=True, text=True)
    run = subprocess.run([str(exe)], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stdout
    assert run.stdout.strip().endswith("0 differences")
