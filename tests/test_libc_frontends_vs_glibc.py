"""The C library models through both front ends against glibc: the same calls with the same
concrete inputs, once natively (gcc, glibc) and once verified (pycorral, the models).

A driver evaluates each call in `CALLS` in order into `v[i]`.  Natively it prints the
values; then two programs of the same calls are checked in each front end:
* every `v[i] == <glibc's value>` asserted: must be "correct" (the models give glibc's
  results on every path, within the bound the deepening reaches);
* the negation of their conjunction asserted: must be "bug" (so the first answer is not
  vacuous: the calls' paths are feasible and reach the assertion).
tests/test_libc_more_native.py compares the model files compiled natively; this checks what
the front ends make of them."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# slow: ten programs of loops over strings, each checked twice (several minutes)
pytestmark = [pytest.mark.skipif(shutil.which("gcc") is None, reason="gcc not installed"),
              pytest.mark.slow]

HEADER = r"""#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
"""
DECLS = r"""  char s1[] = "hello", s2[] = "help", s3[] = "helium", n1[] = "0x1f;";
  char b1[16] = "ab", b2[8] = "", b3[8];
  char *e = 0, *d = 0;
  long long v[N];
"""
# (group, function, C expression of an integer type); each group is one program
CALLS = [
    ("string", "strlen", "strlen(s1)"), ("string", "strnlen", "strnlen(s1, 3)"),
    ("string", "strcmp", "strcmp(s1, s2) > 0"), ("string", "strcmp", "strcmp(s1, s1)"),
    ("string", "strncmp", "strncmp(s1, s3, 3)"), ("string", "strchr", "strchr(s1, 'l') - s1"),
    ("string", "strrchr", "strrchr(s1, 'l') - s1"), ("string", "strstr", 'strstr(s1, "lo") - s1'),
    ("string", "strspn", 'strspn(s1, "leh")'), ("string", "strcspn", 'strcspn(s1, "o")'),
    ("string", "strpbrk", 'strpbrk(s1, "ol") - s1'),
    ("string", "memchr", "(char *)memchr(s1, 'o', 5) - s1"),
    ("string", "memcmp", "memcmp(s1, s3, 3) == 0"),
    ("copy", "strcpy", "(strcpy(b1, s2), b1[2])"), ("copy", "strcat", '(strcat(b1, "!"), strlen(b1))'),
    ("copy", "strncpy", "(strncpy(b2, s1, 2), b2[1])"),
    ("copy", "memset", "(memset(b2, 'z', 3), b2[2])"), ("copy", "memcpy", "(memcpy(b2, s1, 4), b2[3])"),
    ("copy", "strdup", "(d = strdup(s1), d ? (long long)strlen(d) : -1)"),
    ("number", "atoi", 'atoi(" -42x")'), ("number", "atol", 'atol("123")'),
    ("number", "strtol", "strtol(n1, &e, 0)"), ("number", "strtol endptr", "e - n1"),
    ("number", "strtoul", 'strtoul("077", &e, 8)'), ("number", "abs", "abs(-7)"),
    ("number", "labs", "labs(-9L)"),
    ("ctype", "isdigit", "isdigit('7') != 0"), ("ctype", "isalpha", "isalpha('7') != 0"),
    ("ctype", "isspace", "isspace('\\t') != 0"), ("ctype", "toupper", "toupper('q')"),
    ("ctype", "tolower", "tolower('Q')"),
    ("format", "snprintf", 'snprintf(b3, 4, "%d-%s", 125, "ab")'),
    ("format", "snprintf bytes", "b3[2] * 1000 + b3[3]"),
    ("format", "sprintf", '(sprintf(b3, "%x", 255), b3[1])'),
]
GROUPS = sorted({g for g, _, _ in CALLS})


def _driver(group: str, tail: str) -> str:
    calls = [c for g, _, c in CALLS if g == group]
    body = "".join(f"  v[{i}] = {c};\n" for i, c in enumerate(calls))
    return (HEADER + "int main(void) {\n" + DECLS.replace("N", str(len(calls))) + body
            + tail + "  return 0;\n}\n")


def _native(group: str, tmp: Path) -> list[int]:
    n = sum(1 for g, _, _ in CALLS if g == group)
    src = tmp / f"{group}_native.c"
    src.write_text(_driver(group, f'  for (int i = 0; i < {n}; i++) printf("%lld\\n", v[i]);\n'))
    exe = tmp / f"{group}_native"
    subprocess.run(["gcc", "-O0", "-w", "-o", str(exe), str(src)], check=True)
    out = subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout
    return [int(x) for x in out.split()]


def _check(src: Path, frontend: str) -> dict:
    p = subprocess.run([sys.executable, "-m", "pycorral.cli", "check", str(src), "--frontend",
                        frontend, "--json", "--no-replay", "--timeout", "600"],
                       cwd=ROOT, capture_output=True, text=True, timeout=900)
    return json.loads(p.stdout)


@pytest.mark.parametrize("frontend", ["c", "llvm"])
@pytest.mark.parametrize("group", GROUPS)
def test_models_give_glibcs_values(tmp_path: Path, group: str, frontend: str, request):
    if (group, frontend) == ("format", "c"):
        # the C front end's translation of the printf model does not finish bound 4 within
        # 600 s here (bounded at 2): a speed limit, not a wrong value
        request.applymarker(pytest.mark.xfail(reason="snprintf model too slow in the C "
                                                     "front end", strict=False))
    values = _native(group, tmp_path)
    eqs = [f"v[{i}] == {x}LL" for i, x in enumerate(values)]
    same = tmp_path / f"{group}_same.c"
    same.write_text(_driver(group, "".join(f"  assert({e});\n" for e in eqs)))
    got = _check(same, frontend)
    assert got["verdict"] == "correct", (group, frontend, got.get("reason"),
                                         got.get("trace", "")[-1500:] if isinstance(got.get("trace"), str) else "")
    differs = tmp_path / f"{group}_differs.c"
    differs.write_text(_driver(group, f"  assert(!({' && '.join(eqs)}));\n"))
    got = _check(differs, frontend)
    assert got["verdict"] == "bug", (group, frontend, got.get("reason"))
