"""The C library models through both front ends against glibc: the same calls with the same
concrete inputs, once natively (gcc, glibc) and once verified (pycorral, the models).

A driver evaluates each call in `CALLS` in order into `v[i]`.  Natively it prints the
values; then two programs of the same calls are checked in each front end:
* every `v[i] == <glibc's value>` asserted: must be "correct" (the models give glibc's
  results on every path, within the bound the deepening reaches);
* the negation of their conjunction asserted: must be "bug" (so the first answer is not
  vacuous: the calls' paths are feasible and reach the assertion).
tests/test_libc_more_native.py compares the model files compiled natively; this checks what
the front ends make of them.

A nondeterministic model (`NONDET`: getenv, the stdio functions, printf's result) is an
over-approximation, so only the second check applies to it: glibc's outcome must be one of
the model's.  `test_every_modelled_function_is_compared` keeps the list whole: every
function of README's table of C library models is called here or named in `ELSEWHERE`
with the test that compares it."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# slow: ten programs of loops over strings, each checked twice (several minutes)
NEEDS_GCC = pytest.mark.skipif(shutil.which("gcc") is None, reason="gcc not installed")

HEADER = r"""#include <assert.h>
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
"""
# functions a group's calls use (only there: each brings its model's memory into the program)
HELPERS = {
    "sort": r"""static int cmpint(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}
""",
    "format2": r"""static int vs(char *b, size_t n, const char *f, ...) {
  va_list ap;
  va_start(ap, f);
  int r = n ? vsnprintf(b, n, f, ap) : vsprintf(b, f, ap);
  va_end(ap);
  return r;
}
"""}
# the variables the calls use (name, declaration); a group's program declares only those
# its calls name, so that it has no memory the comparison does not need
DECLS = [("s1", 'char s1[] = "hello";'), ("s2", 'char s2[] = "help";'),
         ("s3", 'char s3[] = "helium";'), ("n1", 'char n1[] = "0x1f;";'),
         ("b1", 'char b1[16] = "ab";'), ("b2", 'char b2[8] = "";'), ("b3", "char b3[8];"),
         ("t1", 'char t1[] = " a,b";'), ("b4", 'char b4[12] = "xy";'),
         ("m1", 'char m1[8] = "abcdef";'), ("q", "int q[4] = {3, 1, 2, 0};"),
         ("key", "int key = 2;"), ("e", "char *e = 0;"), ("d", "char *d = 0;"),
         ("f", "FILE *f = 0;")]
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
    ("string2", "strncat", '(strncat(b4, "abc", 2), strlen(b4))'),
    ("string2", "strtok", '(d = strtok(t1, " ,"), d - t1)'),
    ("string2", "strtok next", '(d = strtok(0, ","), d ? d - t1 : -1)'),
    ("string2", "strtok end", "strtok(0, \",\") == 0"),
    ("string2", "memmove", "(memmove(m1 + 1, m1, 4), m1[4] * 1000 + m1[1])"),
    ("string2", "strndup", "(d = strndup(s1, 2), d ? (long long)strlen(d) * 1000 + d[1] : -1)"),
    ("ctype2", "isalnum", "isalnum('z') != 0"), ("ctype2", "isalnum _", "isalnum('_') != 0"),
    ("ctype2", "isblank", "isblank(' ') != 0"), ("ctype2", "iscntrl", "iscntrl(127) != 0"),
    ("ctype2", "islower", "islower('A') != 0"), ("ctype2", "isprint", "isprint('~') != 0"),
    ("ctype2", "ispunct", "ispunct('!') != 0"), ("ctype2", "isupper", "isupper('Q') != 0"),
    ("ctype2", "isxdigit", "isxdigit('g') != 0"), ("ctype2", "isgraph", "isgraph(' ') != 0"),
    ("number2", "strtoll", 'strtoll(" -12", &e, 10)'),
    ("number2", "strtoull", 'strtoull("ffff", &e, 16)'), ("number2", "atoll", 'atoll(" +77")'),
    ("number2", "llabs", "llabs(-5LL)"),
    ("sort", "qsort", "(qsort(q, 4, sizeof q[0], cmpint), q[0] * 1000 + q[1] * 100 + q[2] * 10 + q[3])"),
    ("sort", "bsearch", "(int *)bsearch(&key, q, 4, sizeof q[0], cmpint) - q"),
    # the C front end's calloc may return NULL (README), glibc's here does not: the value
    # compared is the zeroed byte, and NULL gives the same value so that it is not a difference
    ("alloc", "calloc", "(d = calloc(4, 1), d ? d[3] : 0)"),
    ("format2", "vsnprintf", 'vs(b3, 3, "%u", 4567u)'), ("format2", "vsnprintf bytes", "b3[1]"),
    ("format2", "vsprintf", '(vs(b3, 0, "%c%c", 65, 66), b3[1])'),
    # nondeterministic models: glibc's outcome (stdin from /dev/null) must be one of theirs
    ("nondet", "getenv", 'getenv("PYCORRAL_UNSET_VARIABLE") == 0'),
    ("nondet", "fopen", '(f = fopen("/nonexistent/pycorral", "r")) == 0'),
    ("nondet", "fclose", '(f = fopen("/dev/null", "r")) != 0 && fclose(f) == 0'),
    ("nondet", "fgetc", "fgetc(stdin)"), ("nondet", "getc", "getc(stdin)"),
    ("nondet", "getchar", "getchar()"), ("nondet", "fgets", "fgets(b3, 4, stdin) == 0"),
    ("nondet", "fread", "(long long)fread(b3, 1, 4, stdin)"),
    ("nondet", "feof", "feof(stdin) != 0"), ("nondet", "ferror", "ferror(stdin) != 0"),
    ("nondet", "fwrite", '(long long)fwrite("ab", 1, 2, stderr)'),
    ("nondet", "printf", 'printf("%s", "")'), ("nondet", "puts", 'puts("") >= 0'),
    ("nondet", "fputs", 'fputs("", stderr) >= 0'), ("nondet", "putchar", "putchar('\\n') >= 0"),
]
NONDET = {"nondet"}

# functions of README's table compared elsewhere (the test that does it) or not values
ELSEWHERE = {
    "malloc": "allocation: tests/data/*/verdict and the memory-safety tests",
    "free": "the memory-safety tests", "alloca": "tests/data/*/verdict (alloca cases)",
    "realloc": "tests/test_libc_models_native.py; the LLVM front end needs --memory-safety",
    "exit": "ends the path", "_Exit": "ends the path", "abort": "ends the path",
    "errno": "tests/test_libc_more_native.py (errno of the strtol family)",
    "__errno_location": "errno's cell (above)",
    "fprintf": "printf's model", "vprintf": "printf's model", "fputc": "putchar's model",
    "putc": "putchar's model", "fflush": "no effect, any result", "perror": "no effect",
    "setjmp": "tests/test_nonlocal_jumps.py (glibc's setjmp replayed)",
    "_setjmp": "tests/test_nonlocal_jumps.py", "sigsetjmp": "tests/test_nonlocal_jumps.py",
    "longjmp": "tests/test_nonlocal_jumps.py", "_longjmp": "tests/test_nonlocal_jumps.py",
    "siglongjmp": "tests/test_nonlocal_jumps.py",
    "atexit": "unsupported", "signal": "unsupported", "memalign": "unsupported",
    "posix_memalign": "unsupported", "aligned_alloc": "unsupported",
}
GROUPS = sorted({g for g, _, _ in CALLS})


def _driver(group: str, tail: str) -> str:
    calls = [c for g, _, c in CALLS if g == group]
    body = "".join(f"  v[{i}] = {c};\n" for i, c in enumerate(calls))
    used = set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", " ".join(calls)))
    decls = "".join(f"  {d}\n" for name, d in DECLS if name in used)
    return (HEADER + HELPERS.get(group, "") + "int main(void) {\n" + decls
            + f"  long long v[{len(calls)}];\n" + body
            + tail + "  return 0;\n}\n")


def _native(group: str, tmp: Path) -> list[int]:
    n = sum(1 for g, _, _ in CALLS if g == group)
    src = tmp / f"{group}_native.c"
    src.write_text(_driver(group, f'  for (int i = 0; i < {n}; i++) printf("%lld\\n", v[i]);\n'))
    exe = tmp / f"{group}_native"
    subprocess.run(["gcc", "-O0", "-w", "-o", str(exe), str(src)], check=True)
    out = subprocess.run([str(exe)], stdin=subprocess.DEVNULL, capture_output=True, text=True,
                         check=True).stdout
    return [int(x) for x in out.split()]


def _check(src: Path, frontend: str) -> dict:
    p = subprocess.run([sys.executable, "-m", "pycorral.cli", "check", str(src), "--frontend",
                        frontend, "--json", "--no-replay", "--timeout", "600"],
                       cwd=ROOT, capture_output=True, text=True, timeout=900)
    return json.loads(p.stdout)


@pytest.mark.slow
@NEEDS_GCC
@pytest.mark.parametrize("frontend", ["c", "llvm"])
@pytest.mark.parametrize("group", GROUPS)
def test_models_give_glibcs_values(tmp_path: Path, group: str, frontend: str, request):
    if (group, frontend) in (("format", "llvm"), ("format2", "llvm"), ("sort", "llvm")):
        # the printf model's format loop does not reach the bound these calls need within
        # 600 s through the LLVM front end (bounded at 2 for snprintf/sprintf, at 4 for
        # vsnprintf through a variadic wrapper; the one-shot query of bound 4 is ten
        # times the C front end's): a speed limit, not a wrong value.  The C front end
        # decides both groups since each program declares only the variables its calls use.
        # qsort and bsearch through LLVM: bounded at 2 in 600 s (the C front end: 268 s).
        request.applymarker(pytest.mark.xfail(reason="model too slow through LLVM here",
                                              strict=False))
    values = _native(group, tmp_path)
    eqs = [f"v[{i}] == {x}LL" for i, x in enumerate(values)]
    if group not in NONDET:
        _same(tmp_path, group, frontend, eqs)
    differs = tmp_path / f"{group}_differs.c"
    differs.write_text(_driver(group, f"  assert(!({' && '.join(eqs)}));\n"))
    got = _check(differs, frontend)
    assert got["verdict"] == "bug", (group, frontend, got.get("reason"))


def _same(tmp_path: Path, group: str, frontend: str, eqs: list[str]) -> None:
    same = tmp_path / f"{group}_same.c"
    same.write_text(_driver(group, "".join(f"  assert({e});\n" for e in eqs)))
    got = _check(same, frontend)
    assert got["verdict"] == "correct", (group, frontend, got.get("reason"),
                                         got.get("trace", "")[-1500:] if isinstance(got.get("trace"), str) else "")


def _readme_models() -> set[str]:
    """The functions named in the first column of README's table of C library models."""
    text = (ROOT / "README.md").read_text()
    section = text.split("### The C library models", 1)[1].split("\n### ", 1)[0]
    names: set[str] = set()
    for line in section.splitlines():
        if line.startswith("| `"):
            names |= set(re.findall(r"`([A-Za-z_][A-Za-z0-9_]*)`", line.split("|")[1]))
    return names


def test_every_modelled_function_is_compared():
    named = _readme_models()
    assert {"strlen", "qsort", "snprintf", "getenv"} <= named    # the table was found
    called = {name.split()[0] for _, name, _ in CALLS}
    missing = sorted(named - called - set(ELSEWHERE))
    assert not missing, f"modelled in README but compared nowhere: {missing}"
