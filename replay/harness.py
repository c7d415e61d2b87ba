"""Generates the C test harness that replays a counterexample natively.

Role: given the values a trace chose for the `__VERIFIER_nondet_*` calls -- by call site
where replay/sites.py located the call in the source, else in execution order -- write a C
file that, compiled together with the user's program, defines

- every `__VERIFIER_nondet_<type>` spelling (SV-COMP and SMACK), each returning the next
  value converted by the function's own return type (so a value passed modulo 2^64 becomes
  the right `char`, `unsigned short`, ... on the target): the next value of call site k's
  stream when the call was made through the site's wrapper (which sets `__pycorral_site`
  to k), else the next value of the global sequence;
- `__VERIFIER_assume(c)`: a false condition ends the run quietly (the replayed path is not
  feasible natively) with exit code EXIT_ASSUME;
- the error markers `reach_error`, `__VERIFIER_error`, `__assert_fail` (what glibc's and
  musl's `assert` call), `__assert`, `__assert_perror_fail`, `__pycorral_assert` and
  `__pycorral_assert_fail` (the stand-in smack.h's `assert`): they
  print MARKER, the frame-pointer chain of return addresses (mapped to source lines with
  addr2line afterwards), and end the run with exit code EXIT_ERROR; the program is compiled
  with -finstrument-functions and the harness's `__cyg_profile_func_enter` fires the
  marker on entry to `reach_error`/`__VERIFIER_error`, so that a program's own definition
  (SV-COMP programs use `void reach_error(){}` too) is still the error, as for the verifier;
- a stop (`Stop`, for a typestate rule's violation, `--rules`): the hooks end the run as
  an error STOP_WHAT at the n-th entry into the function the rule rejects a call of (or
  the n-th return from the entry, for an `at exit` check), so the judge can tell whether
  the native run follows the trace to that call;
- stubs for undefined external functions (`stubs`): each returns the next value the trace
  chose for that function (then 0), mirroring the verifier's model of an external function
  (arbitrary result, memory unchanged); undefined external variables (`data`) are
  zero-filled arrays.

Every definition is weak: when the program defines one of these functions itself (SV-COMP
programs define `reach_error` as a call of `__assert_fail`, some define their own
`__VERIFIER_nondet_int`), the program's definition wins.  A definition in the executable
also wins over libc's `__assert_fail`.

When a site's stream or the sequence is exhausted, a nondet function returns 0 and the
run notes it once (NOTE_EXHAUSTED on stderr): the verifier does not record a value for a
call whose result is never used, so extra calls are legitimate; the judge still requires
the error itself.

`smack_header()` is the text of a stand-in `smack.h` (assert/assume, SMACK's nondet
declarations, `__SMACK_INIT` functions as constructors run in definition order) put on the
include path of the native compile.  SMACK's inline Boogie cannot run natively: the
harness's `__SMACK_code` does nothing but print NOTE_INJECTED, and a run that executed it
is judged not replayable (replay/native.py).
"""
from __future__ import annotations

import re
import struct
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from frontend.floatenc import pattern_of_text

MARKER = "PYCORRAL-REPLAY-ERROR"
NOTE_ASSUME = "PYCORRAL-REPLAY-ASSUME-FALSE"
NOTE_EXHAUSTED = "PYCORRAL-REPLAY-EXHAUSTED"
NOTE_INJECTED = "PYCORRAL-REPLAY-SMACK-CODE"
NOTE_NO_STOP = "PYCORRAL-REPLAY-NO-STOP-FUNCTION"
STOP_WHAT = "__pycorral_rule_stop"
EXIT_ERROR = 87
EXIT_ASSUME = 86
FRAME_DEPTH = 12
DATA_STUB_BYTES = 1 << 16

# `__VERIFIER_nondet_<suffix>` -> the C return type (the front ends' table, plus a few
# spellings seen in SV-COMP and SMACK programs).  "" is SMACK's `__VERIFIER_nondet()`.
NONDET_TYPES: dict[str, str] = {
    "bool": "_Bool", "_Bool": "_Bool", "char": "char", "schar": "signed char",
    "signed_char": "signed char", "uchar": "unsigned char", "unsigned_char": "unsigned char",
    "u8": "unsigned char", "short": "short", "signed_short": "short",
    "signed_short_int": "short", "short_int": "short", "ushort": "unsigned short",
    "unsigned_short": "unsigned short", "unsigned_short_int": "unsigned short",
    "u16": "unsigned short", "int": "int", "signed_int": "int", "s32": "int",
    "uint": "unsigned int", "unsigned": "unsigned int", "unsigned_int": "unsigned int",
    "u32": "unsigned int", "long": "long", "signed_long": "long", "long_int": "long",
    "signed_long_int": "long", "ulong": "unsigned long", "unsigned_long": "unsigned long",
    "unsigned_long_int": "unsigned long", "longlong": "long long", "long_long": "long long",
    "signed_long_long": "long long", "long_long_int": "long long",
    "signed_long_long_int": "long long", "ulonglong": "unsigned long long",
    "unsigned_long_long": "unsigned long long",
    "unsigned_long_long_int": "unsigned long long", "u64": "unsigned long long",
    "loff_t": "long", "sector_t": "unsigned long", "size_t": "__SIZE_TYPE__",
    "ssize_t": "long", "pointer": "void *", "pchar": "char *", "charp": "char *",
    "float": "float", "double": "double", "": "int",
}

# the float types' nondet functions reinterpret the value's low bits (their IEEE pattern)
_FLOAT_BITS = {"float": "unsigned int", "double": "unsigned long long"}

_ERROR_FUNCS = """\
__attribute__((weak, noreturn)) void __assert_fail(const char *e, const char *f,
                                                   unsigned int l, const char *fn)
{ __pycorral_error("__assert_fail", (long)l); }
__attribute__((weak, noreturn)) void __assert_perror_fail(int n, const char *f,
                                                          unsigned int l, const char *fn)
{ __pycorral_error("__assert_perror_fail", (long)l); }
__attribute__((weak, noreturn)) void __assert(const char *e, const char *f, int l)
{ __pycorral_error("__assert", (long)l); }
__attribute__((weak, noreturn)) void reach_error(void)
{ __pycorral_error("reach_error", 0L); }
__attribute__((weak, noreturn)) void __VERIFIER_error(void)
{ __pycorral_error("__VERIFIER_error", 0L); }
__attribute__((weak)) void __pycorral_assert(int c)
{ if (!c) __pycorral_error("__pycorral_assert", 0L); }
__attribute__((weak, noreturn)) void __pycorral_assert_fail(int l)
{ __pycorral_error("assert", (long)l); }
/* The program is compiled with -finstrument-functions: entering reach_error or
   __VERIFIER_error is the error even when the program gives it a body (an empty one, say),
   as in the front ends. */
__attribute__((no_instrument_function))
void __cyg_profile_func_enter(void *fn, void *site)
{
  if (fn == (void *)reach_error) __pycorral_error("reach_error", 0L);
  if (fn == (void *)__VERIFIER_error) __pycorral_error("__VERIFIER_error", 0L);
  __pycorral_stop_at(fn, 0);
}
__attribute__((no_instrument_function))
void __cyg_profile_func_exit(void *fn, void *site) { __pycorral_stop_at(fn, 1); }
/* SMACK's inline Boogie cannot run natively: __SMACK_code notes that the run skipped it;
   declarations (__SMACK_decl, __SMACK_top_decl) have no effect on a run. */
__attribute__((weak)) void __SMACK_code(const char *fmt, ...)
{
  static int noted;
  static const char m[] = "\\n" "%(injected)s" "\\n";
  if (!noted++) (void)write(2, m, sizeof m - 1);
}
__attribute__((weak)) void __SMACK_decl(const char *fmt, ...) { }
__attribute__((weak)) void __SMACK_top_decl(const char *fmt, ...) { }
__attribute__((weak)) void __VERIFIER_assume(int c)
{
  if (!c) {
    static const char m[] = "\\n" "%(assume)s" "\\n";
    (void)write(2, m, sizeof m - 1);
    _exit(%(exit_assume)d);
  }
}
"""

_PRELUDE = """\
/* Generated by pycorral's replay harness: replays a counterexample natively. */
#include <unistd.h>
#include <stdint.h>

static const unsigned long long __pycorral_values[] = { %(values)s };
static const unsigned long __pycorral_count = %(count)d;
static unsigned long __pycorral_next_index;
/* values by call site (replay/sites.py): site k's are __pycorral_site_values[first[k-1]]
   up to first[k]; a located call sets __pycorral_site to k around its call */
unsigned long __pycorral_site;
static const unsigned long long __pycorral_site_values[] = { %(site_values)s };
static const unsigned long __pycorral_site_first[] = { %(site_first)s };
static const unsigned long __pycorral_sites = %(sites)d;
static unsigned long __pycorral_site_next[%(sites_size)d];

static unsigned long long __pycorral_exhausted(void)
{
  static int noted;
  static const char m[] = "\\n" "%(exhausted)s" "\\n";
  if (!noted++) (void)write(2, m, sizeof m - 1);
  return 0ULL;
}

static unsigned long long __pycorral_next(void)
{
  unsigned long site = __pycorral_site;
  __pycorral_site = 0;
  if (site > 0 && site <= __pycorral_sites) {
    unsigned long i = __pycorral_site_first[site - 1] + __pycorral_site_next[site - 1]++;
    return i < __pycorral_site_first[site] ? __pycorral_site_values[i]
                                           : __pycorral_exhausted();
  }
  if (__pycorral_next_index < __pycorral_count)
    return __pycorral_values[__pycorral_next_index++];
  return __pycorral_exhausted();
}

__attribute__((no_instrument_function)) static void __pycorral_put(const char *s)
{
  unsigned long n = 0;
  while (s[n]) n++;
  (void)write(2, s, n);
}

__attribute__((no_instrument_function))
static void __pycorral_put_hex(unsigned long long v)
{
  char buf[20];
  int i = 19;
  buf[i] = 0;
  do { buf[--i] = "0123456789abcdef"[v & 15]; v >>= 4; } while (v && i > 2);
  buf[--i] = 'x';
  buf[--i] = '0';
  __pycorral_put(buf + i);
}

__attribute__((no_instrument_function)) static void __pycorral_stop_at(void *, int);

/* called first when the error fires (the thread-schedule runtime sets it) */
static void (*__pycorral_error_hook)(void);

/* Prints MARKER, the error function, its line argument and the return addresses along
   the frame-pointer chain (compiled with -fno-omit-frame-pointer), then exits. */
__attribute__((noinline, noreturn, no_instrument_function))
static void __pycorral_error(const char *what, long line)
{
  void **fp = (void **)__builtin_frame_address(0);
  int depth;
  if (__pycorral_error_hook)
    __pycorral_error_hook();
  __pycorral_put("\\n%(marker)s ");
  __pycorral_put(what);
  __pycorral_put(" ");
  __pycorral_put_hex((unsigned long long)line);
  for (depth = 0; fp && depth < %(depth)d; depth++) {
    void **up = (void **)fp[0];
    __pycorral_put(" ");
    __pycorral_put_hex((unsigned long long)(uintptr_t)fp[1]);
    if (up <= fp || (uintptr_t)up - (uintptr_t)fp > (1u << 24)) break;
    fp = up;
  }
  __pycorral_put("\\n");
  _exit(%(exit_error)d);
}
"""


def value_to_u64(value: str | int) -> int:
    """A trace value as the harness stores it: the integer modulo 2^64.  Accepts "-5",
    "200", "4294967291bv32" (unsigned bitvector literal), "true"/"false" (any case), and
    a float as the verifier writes it ("0.1f64", "-0.0f32", "inff64", "nanf32":
    verifier/smt/z3float.py) or as a trace shows it ("0.1", "0.1f", "-inff", "nan":
    frontend/floatenc.c_text), stored as its IEEE bit pattern (NaN: the default quiet
    NaN -- SMT-LIB has one NaN value)."""
    if isinstance(value, int):
        return value % (1 << 64)
    text = value.strip()
    if text.lower() in ("true", "false"):
        return int(text.lower() == "true")
    pattern = pattern_of_text(text)     # a float (or its C text in a trace: 0.1f, -0.0)
    if pattern is not None:
        return pattern
    digits = text.split("bv", 1)[0] if "bv" in text else text
    return int(digits, 0) % (1 << 64)


def float_pattern(x: float, width: int) -> int:
    """The IEEE pattern of `x` in binary32 / binary64 (x is exact in that format)."""
    if width == 64:
        return struct.unpack("<Q", struct.pack("<d", x))[0]
    return struct.unpack("<I", struct.pack("<f", x))[0]


@dataclass(frozen=True, slots=True)
class Stop:
    """Where a replay ends as an error of its own: the `count`-th entry into `function`
    (with `leave`: the `count`-th return from it) -- the call a typestate rule rejects (the
    rule's state lives in the model, not in the native run)."""
    function: str
    count: int
    leave: bool = False


def harness_source(values: Sequence[str | int], *,
                   stubs: Mapping[str, Sequence[str | int]] | None = None,
                   data: Sequence[str] = (), stop: Stop | None = None,
                   sites: Sequence[Sequence[str | int]] = ()) -> str:
    """The C harness for `values` (the nondet results in order, for calls not keyed by
    site); `sites`: the results of each located call site (replay/sites.py: site k's are
    `sites[k - 1]`, in the order of its executions); `stubs` maps the names of
    undefined external functions to the results the trace chose for them; `data` names
    undefined external variables (defined zero-filled, DATA_STUB_BYTES long); `stop`: the
    call where the run ends as an error (STOP_WHAT)."""
    nums = [value_to_u64(v) for v in values]
    site_nums = [value_to_u64(v) for vals in sites for v in vals]
    first = [0]
    for vals in sites:
        first.append(first[-1] + len(vals))
    parts = [_PRELUDE % {
        "values": ", ".join(f"{n}ULL" for n in nums) or "0ULL", "count": len(nums),
        "site_values": ", ".join(f"{n}ULL" for n in site_nums) or "0ULL",
        "site_first": ", ".join(f"{n}UL" for n in first), "sites": len(sites),
        "sites_size": max(len(sites), 1),
        "exhausted": NOTE_EXHAUSTED, "marker": MARKER, "depth": FRAME_DEPTH,
        "exit_error": EXIT_ERROR}]
    parts.append(_ERROR_FUNCS % {"assume": NOTE_ASSUME, "exit_assume": EXIT_ASSUME,
                                 "injected": NOTE_INJECTED})
    for suffix, ctype in NONDET_TYPES.items():
        name = "__VERIFIER_nondet" + (f"_{suffix}" if suffix else "")
        if ctype in _FLOAT_BITS:            # the value is the float's bit pattern
            parts.append(f"__attribute__((weak)) {ctype} {name}(void) {{\n"
                         f"  {_FLOAT_BITS[ctype]} b = ({_FLOAT_BITS[ctype]})__pycorral_next();"
                         f"\n  {ctype} x;\n  __builtin_memcpy(&x, &b, sizeof x);\n"
                         f"  return x;\n}}\n")
            continue
        conv = "(%s)(uintptr_t)" % ctype if "*" in ctype else "(%s)" % ctype
        parts.append(f"__attribute__((weak)) {ctype} {name}(void) "
                     f"{{ return {conv}__pycorral_next(); }}\n")
    for name, vals in sorted((stubs or {}).items()):
        parts.append(_stub(name, [value_to_u64(v) for v in vals]))
    for name in data:
        parts.append(f"__attribute__((weak, aligned(16))) char {name}[{DATA_STUB_BYTES}];\n")
    parts.append(_stop(stop, set(stubs or ()) | set(data)))
    return "".join(parts)


def _stop(stop: Stop | None, defined: set[str]) -> str:
    """`__pycorral_stop_at(fn, leaving)`, which the function hooks call: with `stop`, the
    run ends as an error (STOP_WHAT) when it enters `stop.function` for the
    `stop.count`-th time (leaves it, with `stop.leave`); the function is referenced weakly
    (a static one cannot be: the run notes NOTE_NO_STOP and never stops)."""
    if stop is None:
        return ("__attribute__((no_instrument_function))\n"
                "static void __pycorral_stop_at(void *fn, int leaving) { }\n")
    name = stop.function
    decl = "" if name in defined else f"extern char {name}[] __attribute__((weak));\n"
    return (decl + f"static unsigned long __pycorral_stop_seen;\n"
            f"__attribute__((no_instrument_function))\n"
            f"static void __pycorral_stop_at(void *fn, int leaving)\n{{\n"
            f"  if (leaving == {int(stop.leave)} && fn == (void *){name} && (void *){name}\n"
            f"      && ++__pycorral_stop_seen == {stop.count}UL)\n"
            f"    __pycorral_error(\"{STOP_WHAT}\", 0L);\n}}\n"
            f"__attribute__((constructor, no_instrument_function))\n"
            f"static void __pycorral_stop_check(void)\n{{\n"
            f"  void *volatile f = (void *){name};\n"
            f"  if (!f) __pycorral_put(\"\\n{NOTE_NO_STOP}\\n\");\n}}\n")


def _stub(name: str, nums: list[int]) -> str:
    """An external function returning the trace's results in order, then 0.  Declared
    without a prototype and returning `long long`: the caller reads the low bits in the
    return register, which is its own result type on x86 and x86-64."""
    arr = ", ".join(f"{n}ULL" for n in nums) or "0ULL"
    return (f"__attribute__((weak)) long long {name}() {{\n"
            f"  static const unsigned long long v[] = {{ {arr} }};\n"
            f"  static unsigned long i;\n"
            f"  return (long long)(i < {len(nums)} ? v[i++] : 0ULL);\n}}\n")


def smack_header() -> str:
    """A stand-in for SMACK's `smack.h`: assert, assume and the nondet declarations."""
    decls = "".join(
        f"{ctype} __VERIFIER_nondet{'_' + s if s else ''}(void);\n"
        for s, ctype in NONDET_TYPES.items())
    return ("#ifndef PYCORRAL_REPLAY_SMACK_H\n#define PYCORRAL_REPLAY_SMACK_H\n"
            "#include <stdlib.h>\n#include <limits.h>\n"
            "void __VERIFIER_assume(int);\n"
            "void __pycorral_assert_fail(int);\n"
            "#define assume(e) __VERIFIER_assume(e)\n"
            "void __SMACK_code(const char *, ...);\n"
            "void __SMACK_decl(const char *, ...);\n"
            "void __SMACK_top_decl(const char *, ...);\n"
            # SMACK runs initialisation functions before main in definition order:
            # constructors with increasing priorities
            "#define __SMACK_INIT(x) __attribute__((constructor(101 + __COUNTER__))) "
            "void __SMACK_init_func_##x(void)\n"
            "#undef assert\n"
            "#define assert(e) ((e) ? (void)0 : __pycorral_assert_fail(__LINE__))\n"
            + decls + "#endif\n")


def nondet_suffix(name: str) -> str | None:
    """The type suffix of a harness nondet function name, or None if `name` is not one."""
    if name == "__VERIFIER_nondet":
        return ""
    if name.startswith("__VERIFIER_nondet_") and name[18:] in NONDET_TYPES:
        return name[18:]
    return None
