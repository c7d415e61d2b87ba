"""The <stdlib.h>, rest-of-<string.h> and formatted-output models (frontend/include/
pycorral_libc.c, pycorral_stdlib.c, pycorral_printf.c) against glibc: each model file is compiled natively (its
functions renamed `model_*`) next to a driver that calls the model and glibc with the same
inputs and compares the results, the buffers written, `*endptr` and errno.

The models' nondeterministic choices (`__VERIFIER_nondet_*`) come from a queue the driver
fills (empty: 0): for a nondeterministic model the driver derives the choices that should
give glibc's outcome, and checks that the model then gives it (glibc's behaviour is among
the model's).  Covered: strnlen strdup strndup strrchr memchr strstr strspn strcspn strpbrk
strncat strtok over strings from a fixed pseudo-random sequence; strtol strtoll strtoul
strtoull atoi atol atoll over a table of edge cases (signs, prefixes, overflow at every
width, bad bases) and random digit strings in bases 0 2 8 10 16 36; qsort (ties: the choice
"stop", glibc's stable order) and bsearch over arrays with duplicates, ints and 3-byte
records; getenv of a set and an unset variable; snprintf/sprintf over exact formats at
every buffer size 0..14, and formats the model over-approximates (width, precision, %p)
replayed through the model's choices.  A model changed to differ fails here (the last test
changes three and expects the differences)."""
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
INCLUDE = ROOT / "frontend" / "include"
LIBC = INCLUDE / "pycorral_libc.c"
PRINTF = INCLUDE / "pycorral_printf.c"
STDLIB = INCLUDE / "pycorral_stdlib.c"
GETENV = INCLUDE / "pycorral_getenv.c"

pytestmark = pytest.mark.skipif(shutil.which("gcc") is None, reason="gcc not installed")

_DEF = re.compile(r"^[A-Za-z_][\w \*]*?\b(\w+)\([^;{]*\)\s*\{", re.M)

DRIVER = r"""
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int __pycorral_sign_like(int d) { return d; }
size_t model_strnlen(const char *, size_t);
char *model_strdup(const char *);
char *model_strndup(const char *, size_t);
char *model_strrchr(const char *, int);
void *model_memchr(const void *, int, size_t);
char *model_strstr(const char *, const char *);
size_t model_strspn(const char *, const char *);
size_t model_strcspn(const char *, const char *);
char *model_strpbrk(const char *, const char *);
char *model_strncat(char *, const char *, size_t);
char *model_strtok(char *, const char *);
long model_strtol(const char *, char **, int);
long long model_strtoll(const char *, char **, int);
unsigned long model_strtoul(const char *, char **, int);
unsigned long long model_strtoull(const char *, char **, int);
int model_atoi(const char *);
long model_atol(const char *);
long long model_atoll(const char *);
void model_qsort(void *, size_t, size_t, int (*)(const void *, const void *));
void *model_bsearch(const void *, const void *, size_t, size_t, int (*)(const void *, const void *));
char *model_getenv(const char *);
int model_snprintf(char *, size_t, const char *, ...);
int model_sprintf(char *, const char *, ...);

static long long queue[512];
static int nq, used;
static void choose(long long v) { queue[nq++] = v; }
static void reset(void) { nq = used = 0; }
int __VERIFIER_nondet_int(void) { return used < nq ? (int)queue[used++] : (used++, 0); }
unsigned int __VERIFIER_nondet_uint(void) { return used < nq ? (unsigned)queue[used++] : (used++, 0u); }
char __VERIFIER_nondet_char(void) { return used < nq ? (char)queue[used++] : (used++, 0); }
void __VERIFIER_assume(int c) { if (!c) { printf("DIFF an assumption of the model fails\n"); exit(3); } }

static int bad = 0;
static void fail(const char *what, const char *input, long long a, long long b) {
  if (bad++ < 30) printf("DIFF %s(\"%s\"): model %lld, library %lld\n", what, input, a, b);
}
static unsigned state = 4242u;
static unsigned next(void) { state = state * 1103515245u + 12345u; return (state >> 16) & 0x7fff; }
static void fill(char *s, size_t n, const char *alphabet) {
  size_t i, k = strlen(alphabet);
  for (i = 0; i < n; i++) s[i] = alphabet[next() % k];
  s[n] = 0;
}
#define POS(p, base) ((long long)((p) ? (const char *)(p) - (const char *)(base) : -1))

static void strings(void) {
  int k;
  for (k = 0; k < 4000; k++) {
    char a[16], b[8], t1[16], t2[16], m1[40], m2[40];
    size_t la = next() % 12, lb = next() % 4, n = next() % 14;
    int ch = "abc\0"[next() % 4];
    char *p, *q;
    fill(a, la, "abc, ");
    fill(b, lb, "abc, ");
    if (model_strnlen(a, n) != strnlen(a, n)) fail("strnlen", a, model_strnlen(a, n), strnlen(a, n));
    if (model_strrchr(a, ch) != strrchr(a, ch)) fail("strrchr", a, POS(model_strrchr(a, ch), a), POS(strrchr(a, ch), a));
    if (model_memchr(a, ch, n < la + 1 ? n : la + 1) != memchr(a, ch, n < la + 1 ? n : la + 1)) fail("memchr", a, 0, 1);
    if (model_strstr(a, b) != strstr(a, b)) fail("strstr", a, POS(model_strstr(a, b), a), POS(strstr(a, b), a));
    if (model_strspn(a, b) != strspn(a, b)) fail("strspn", a, model_strspn(a, b), strspn(a, b));
    if (model_strcspn(a, b) != strcspn(a, b)) fail("strcspn", a, model_strcspn(a, b), strcspn(a, b));
    if (model_strpbrk(a, b) != strpbrk(a, b)) fail("strpbrk", a, POS(model_strpbrk(a, b), a), POS(strpbrk(a, b), a));
    p = model_strdup(a); q = strdup(a);
    if (strcmp(p, q) != 0) fail("strdup", a, 0, 1);
    free(p); free(q);
    p = model_strndup(a, n); q = strndup(a, n);
    if (strlen(p) != strlen(q) || strcmp(p, q) != 0) fail("strndup", a, (long long)strlen(p), (long long)strlen(q));
    free(p); free(q);
    memset(m1, 'x', sizeof m1); memset(m2, 'x', sizeof m2);
    strcpy(m1, b); strcpy(m2, b);
    if (model_strncat(m1, a, n) != m1 || (strncat(m2, a, n), memcmp(m1, m2, sizeof m1))) fail("strncat", a, (long long)n, 0);
    /* strtok: the whole sequence of tokens, and the string it leaves */
    strcpy(t1, a); strcpy(t2, a);
    p = model_strtok(t1, b); q = strtok(t2, b);
    for (;;) {
      if (POS(p, t1) != POS(q, t2)) { fail("strtok", a, POS(p, t1), POS(q, t2)); break; }
      if (!p) break;
      p = model_strtok(NULL, b); q = strtok(NULL, b);
    }
    if (memcmp(t1, t2, la + 1)) fail("strtok (the string)", a, 0, 1);
  }
}

static const char *NUMS[] = {
  "0", "42", "  42", "\t\n -17xyz", "+5", "-", "+", "", "   ", "x", "0x", "0X1f", "-0x1F",
  "0xg", " 0x", "077", "08", "0b101", "1a", "z", "Zz", "9223372036854775807",
  "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
  "18446744073709551615", "18446744073709551616", "-18446744073709551615",
  "-18446744073709551616", "2147483647", "2147483648", "-2147483648", "-2147483649",
  "4294967295", "4294967296", "99999999999999999999999", "-1", "0x7fffffffffffffff",
  "0xffffffffffffffff", "0x10000000000000000", "\x80" "1", "12\x80", "1 2", "- 1", "00x1",
};
static const int BASES[] = {0, 2, 8, 10, 16, 36, 1, 37, -1, 3};

#define CMP(f, T, FMT) do { \
    char *e1 = (char *)0x1, *e2 = (char *)0x1; T v1, v2; int er1, er2; \
    errno = 0; v1 = model_##f(s, &e1, base); er1 = errno; \
    errno = 0; v2 = f(s, &e2, base); er2 = errno; \
    if (v1 != v2 || er1 != er2 || e1 != e2) { \
      if (bad++ < 30) printf("DIFF " #f "(\"%s\", %d): model " FMT " end %lld errno %d, library " FMT " end %lld errno %d\n", \
                             s, base, v1, e1 == (char *)0x1 ? -9 : (long long)(e1 - s), er1, v2, e2 == (char *)0x1 ? -9 : (long long)(e2 - s), er2); } \
  } while (0)

static void number(const char *s, int base) {
  CMP(strtol, long, "%ld");
  CMP(strtoll, long long, "%lld");
  CMP(strtoul, unsigned long, "%lu");
  CMP(strtoull, unsigned long long, "%llu");
  if (base == 10) {
    int e1, e2;
    errno = 0; long long a1 = model_atoi(s); e1 = errno; errno = 0; long long a2 = atoi(s); e2 = errno;
    if (a1 != a2 || e1 != e2) fail("atoi", s, a1, a2);
    if (model_atol(s) != atol(s)) fail("atol", s, model_atol(s), atol(s));
    if (model_atoll(s) != atoll(s)) fail("atoll", s, model_atoll(s), atoll(s));
  }
}

static void numbers(void) {
  size_t i, j;
  int k;
  for (i = 0; i < sizeof NUMS / sizeof NUMS[0]; i++)
    for (j = 0; j < sizeof BASES / sizeof BASES[0]; j++)
      number(NUMS[i], BASES[j]);
  for (k = 0; k < 3000; k++) {
    char s[32];
    fill(s, next() % 24, "0123456789abcdefxXzZ-+ ");
    number(s, BASES[next() % 6]);
  }
}

static int calls;
static int cmp_int(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  calls++;
  return (x > y) - (x < y);
}
static int cmp_rec(const void *a, const void *b) {       /* 3-byte records by their first byte */
  return (int)((const unsigned char *)a)[0] - (int)((const unsigned char *)b)[0];
}

static void sorting(void) {
  int k;
  for (k = 0; k < 2000; k++) {
    int a1[12], a2[12], key, i;
    unsigned char r1[30], r2[30];
    size_t n = next() % 12;
    for (i = 0; i < (int)n; i++) a1[i] = a2[i] = (int)(next() % 7) - 3;
    for (i = 0; i < 30; i++) r1[i] = r2[i] = (unsigned char)(i % 3 ? next() : next() % 4);
    reset();
    model_qsort(a1, n, sizeof a1[0], cmp_int);
    qsort(a2, n, sizeof a2[0], cmp_int);
    if (memcmp(a1, a2, n * sizeof a1[0])) fail("qsort int", "", (long long)n, 0);
    model_qsort(r1, n < 10 ? n : 10, 3, cmp_rec);
    qsort(r2, n < 10 ? n : 10, 3, cmp_rec);
    if (memcmp(r1, r2, sizeof r1)) fail("qsort records (stable)", "", (long long)n, 0);
    key = (int)(next() % 9) - 4;
    if (model_bsearch(&key, a1, n, sizeof a1[0], cmp_int) != bsearch(&key, a1, n, sizeof a1[0], cmp_int))
      fail("bsearch", "", POS(model_bsearch(&key, a1, n, sizeof a1[0], cmp_int), a1),
           POS(bsearch(&key, a1, n, sizeof a1[0], cmp_int), a1));
  }
}

static void environment(void) {
  const char *real = getenv("PYCORRAL_TEST_VAR");
  char *m;
  size_t i;
  reset();
  choose((long long)strlen(real)); choose(0);
  for (i = 0; real[i]; i++) choose(real[i]);
  m = model_getenv("PYCORRAL_TEST_VAR");
  if (!m || strcmp(m, real) != 0) fail("getenv", "PYCORRAL_TEST_VAR", 0, 1);
  reset(); choose(0); choose(1);
  if (model_getenv("PYCORRAL_UNSET_VAR") != getenv("PYCORRAL_UNSET_VAR")) fail("getenv", "PYCORRAL_UNSET_VAR", 0, 1);
}

static const char *EXACT[] = {"", "abc", "%d", "%i|%u", "%x%X", "[%s]", "%c%c", "100%%", "%ld", "%lld",
                              "%lu %lx", "%hd %hhd", "%hu %hhx", "%zu", "a%sb%dc", "%n"};
static const char *OVER[] = {"%5d", "%-3s|", "%.2s", "%p", "%08x", "%+d", "%#x", "% i", "%*d"};

#define BOTH(fmt, ...) do { \
    char b1[64], b2[64]; int r1, r2; size_t n; \
    for (n = 0; n <= 14; n++) { \
      memset(b1, 'Q', sizeof b1); memset(b2, 'Q', sizeof b2); reset(); \
      r1 = model_snprintf(b1, n, fmt, __VA_ARGS__); r2 = snprintf(b2, n, fmt, __VA_ARGS__); \
      if (r1 != r2 || memcmp(b1, b2, sizeof b1)) { fail("snprintf", fmt, r1, r2); break; } } \
    memset(b1, 'Q', sizeof b1); memset(b2, 'Q', sizeof b2); \
    r1 = model_sprintf(b1, fmt, __VA_ARGS__); r2 = sprintf(b2, fmt, __VA_ARGS__); \
    if (r1 != r2 || memcmp(b1, b2, sizeof b1)) fail("sprintf", fmt, r1, r2); \
  } while (0)

/* an over-approximated format: glibc's output replayed as the model's choices */
#define REPLAY(fmt, ...) do { \
    char b1[64], b2[64]; int r1, r2, i; size_t n; \
    for (n = 0; n <= 14; n++) { \
      memset(b1, 'Q', sizeof b1); memset(b2, 'Q', sizeof b2); \
      r2 = snprintf(b2, n, fmt, __VA_ARGS__); \
      { char full[64]; int pre; snprintf(full, sizeof full, fmt, __VA_ARGS__); \
        pre = (int)(strchr(fmt, '%') - fmt); reset(); choose(r2); \
        for (i = pre; i < r2; i++) choose(full[i]); choose(0); } \
      r1 = model_snprintf(b1, n, fmt, __VA_ARGS__); \
      if (r1 != r2 || memcmp(b1, b2, sizeof b1) || used != nq) { fail("snprintf (over-approximated)", fmt, r1, r2); break; } } \
  } while (0)

static void formats(void) {
  int k, x;
  for (k = 0; k < 400; k++) {
    int v = (int)next() * (next() % 2 ? -1 : 1) * (int)(next() % 300), w = (int)next();
    long lv = (long)v * 100003L * (long)(next() % 5000);
    char s[8];
    fill(s, next() % 6, "ab%c ");
    BOTH(EXACT[0], 0); BOTH(EXACT[1], 0); BOTH(EXACT[2], v); BOTH(EXACT[3], v, (unsigned)v);
    BOTH(EXACT[4], (unsigned)v, (unsigned)w); BOTH(EXACT[5], s); BOTH(EXACT[6], 'a' + k % 26, 0);
    BOTH(EXACT[7], 0); BOTH(EXACT[8], lv); BOTH(EXACT[9], (long long)lv * 77777LL);
    BOTH(EXACT[10], (unsigned long)lv, (unsigned long)lv); BOTH(EXACT[11], v, v);
    BOTH(EXACT[12], v, v); BOTH(EXACT[13], (size_t)w); BOTH(EXACT[14], s, v);
    BOTH("%d", INT_MIN); BOTH("%ld", LONG_MIN); BOTH("%lld", LLONG_MIN); BOTH("%llu", ULLONG_MAX);
    REPLAY(OVER[0], v); REPLAY(OVER[1], s); REPLAY(OVER[2], s); REPLAY(OVER[3], (void *)s);
    REPLAY(OVER[4], (unsigned)v); REPLAY(OVER[5], v); REPLAY(OVER[6], (unsigned)w);
    REPLAY(OVER[7], v); REPLAY(OVER[8], k % 7, v);
  }
  { int n1 = -1, n2 = -1; char b1[16], b2[16];
    model_snprintf(b1, sizeof b1, "ab%nc", &n1); snprintf(b2, sizeof b2, "ab%nc", &n2);
    if (n1 != n2 || strcmp(b1, b2)) fail("snprintf %n", "ab%nc", n1, n2); }
  (void)x;
}

int main(void) {
  strings();
  numbers();
  sorting();
  environment();
  formats();
  printf("%d differences\n", bad);
  return bad != 0;
}
"""


def _run(tmp_path, libc_text: str, printf_text: str):
    lib = tmp_path / "libc_model.c"
    lib.write_text(libc_text)
    pf = tmp_path / "printf_model.c"
    pf.write_text(printf_text)
    names = sorted({m.group(1) for m in _DEF.finditer(libc_text)} |
                   {m.group(1) for m in _DEF.finditer(printf_text)})
    renames = [f"-D{n}=model_{n}" for n in names if not n.startswith("__pycorral")]
    for src in (lib, pf):
        subprocess.run(["gcc", "-O0", "-w", "-fno-builtin", *renames, "-c", str(src), "-o",
                        str(src.with_suffix(".o"))], check=True, capture_output=True, text=True)
    driver = tmp_path / "driver.c"
    driver.write_text(DRIVER)
    exe = tmp_path / "diff"
    subprocess.run(["gcc", "-O0", "-w", "-fno-builtin", str(driver), str(lib.with_suffix(".o")),
                    str(pf.with_suffix(".o")), "-o", str(exe)], check=True, capture_output=True,
                   text=True)
    return subprocess.run([str(exe)], capture_output=True, text=True, timeout=120,
                          env={"PYCORRAL_TEST_VAR": "some value=1", "LC_ALL": "C"})


def _libc() -> str:
    """The string, ctype and stdlib models as one file (the stdlib file declares what it
    uses of the other)."""
    return LIBC.read_text() + "\n" + STDLIB.read_text() + "\n" + GETENV.read_text()


def test_models_behave_like_glibc(tmp_path):
    run = _run(tmp_path, _libc(), PRINTF.read_text())
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.strip().endswith("0 differences")


@pytest.mark.parametrize("which,old,new", [
    ("libc", "if (acc > cutoff || (acc == cutoff && d > cutlim))",
     "if (acc > cutoff || (acc == cutoff && d >= cutlim))"),      # overflow one early
    ("libc", "    if (s[i] == (char)c)\n      found = s + i;",
     "    if (s[i] == (char)c && found == 0)\n      found = s + i;"),   # strrchr = strchr
    ("printf", "(upper ? 'A' : 'a')", "'A'"),                        # %x in upper case
    ("libc", "if (c < 0 || (c == 0 && !__VERIFIER_nondet_int()))",
     "if (c < 0 || (c == 0 && __VERIFIER_nondet_int()))"),         # ties reordered
])
def test_a_changed_model_fails(tmp_path, which, old, new):
    libc, printf = _libc(), PRINTF.read_text()
    if which == "libc":
        assert old in libc
        libc = libc.replace(old, new)
    else:
        assert old in printf
        printf = printf.replace(old, new)
    run = _run(tmp_path, libc, printf)
    assert run.returncode != 0 and "DIFF" in run.stdout, run.stdout
