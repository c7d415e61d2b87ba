"""The registry of special functions (frontend/special.py) read the same by both front ends.

For every registered name a C program can call, a tiny program whose verdict tells the
name's kind apart from the default for a function without a body (arbitrary result,
reachable memory havocked) goes through the C front end (pycparser) and the LLVM one (clang
-> LLVM IR); both must reach the verdict the kind gives: an ERROR reached is a bug, an
ASSUME'd or STOPped path hides the error after it, an allocator's objects are fresh and
distinct, an OUTPUT function leaves the memory it is given alone, a NO_DEFAULT function is
no verdict (unsupported).  The one capability the two do not share is realloc in the LLVM
front end, which needs the memory checks' allocation map (without them: unsupported, never
a verdict).
"""
from __future__ import annotations

import pytest

from frontend.load import FrontendOptions, LoadError, load
from frontend.special import REGISTRY, Kind, kind_of, special
from verifier.engine import verify
from verifier.options import VerifyOptions
from verifier.result import Verdict


def _clang_ok() -> bool:
    from frontend.llvm.compile import clang_command
    return clang_command() is not None


needs_clang = pytest.mark.skipif(not _clang_ok(),
                                 reason="no clang: neither system clang nor ziglang")

HEAD = "extern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\n"

# prototypes the C library gives these names (without its headers: `void *` for FILE *
# and va_list); a __builtin_ name is the compilers' own and is not declared
_PROTO = {
    "exit": "void exit(int);", "_exit": "void _exit(int);", "_Exit": "void _Exit(int);",
    "abort": "void abort(void);", "__VERIFIER_silent_exit": "void __VERIFIER_silent_exit(void);",
    "malloc": "void *malloc(unsigned long);", "valloc": "void *valloc(unsigned long);",
    "alloca": "void *alloca(unsigned long);",
    "calloc": "void *calloc(unsigned long, unsigned long);",
    "realloc": "void *realloc(void *, unsigned long);", "free": "void free(void *);",
    "printf": "int printf(const char *, ...);",
    "fprintf": "int fprintf(void *, const char *, ...);",
    "vprintf": "int vprintf(const char *, void *);", "puts": "int puts(const char *);",
    "putchar": "int putchar(int);", "fputs": "int fputs(const char *, void *);",
    "fflush": "int fflush(void *);", "perror": "void perror(const char *);",
    "fputc": "int fputc(int, void *);", "putc": "int putc(int, void *);",
}
_STOP_CALL = {"exit": "exit(0)", "_exit": "_exit(0)", "_Exit": "_Exit(0)",
              "__builtin_exit": "__builtin_exit(0)"}
# an OUTPUT call given the buffer `buf` (as its string or its stream)
_OUTPUT_CALL = {
    "printf": 'printf("%s", buf)', "fprintf": 'fprintf(buf, "%s", buf)',
    "vprintf": "vprintf(buf, 0)", "puts": "puts(buf)", "putchar": "putchar(buf[0])",
    "fputs": "fputs(buf, buf)", "fflush": "fflush(buf)", "perror": "perror(buf)",
    "fputc": "fputc(65, buf)", "putc": "putc(65, buf)",
}


def _decl(name: str, default: str) -> str:
    if name.startswith("__builtin_"):
        return ""
    return _PROTO.get(name, default.replace("N", name)) + "\n"


def program(name: str) -> tuple[str, str]:
    """(C text, expected outcome: "bug", "correct" or "rejected") for a call of `name`."""
    kind = kind_of(name)
    if kind is Kind.ERROR:
        return HEAD + _decl(name, "void N();") + \
            f"int main(void) {{ {name}(); return 0; }}\n", "bug"
    if kind is Kind.ASSERT:
        return HEAD + _decl(name, "void N(int);") + \
            f"int main(void) {{ int x = __VERIFIER_nondet_int(); {name}(x != 5); " \
            "return 0; }\n", "bug"
    if kind is Kind.ASSUME:
        return HEAD + _decl(name, "void N(int);") + \
            f"int main(void) {{ int x = __VERIFIER_nondet_int(); {name}(x == 5);\n" \
            "  if (x != 5) reach_error(); return 0; }\n", "correct"
    if kind is Kind.STOP:
        call = _STOP_CALL.get(name, f"{name}()")
        return HEAD + _decl(name, "void N(void);") + \
            f"int main(void) {{ {call}; reach_error(); return 0; }}\n", "correct"
    if kind is Kind.NONDET and name.endswith(("pointer", "pchar")):
        # any address: a global's too (the default's pointers lie above every object)
        return HEAD + f"void *{name}(void);\nint g;\n" + \
            f"int main(void) {{ void *p = {name}(); if (p == (void *)&g) reach_error(); " \
            "return 0; }\n", "bug"
    if kind is Kind.NONDET:
        return HEAD + _decl(name, "int N(void);") + \
            f"int main(void) {{ int x = {name}(); if (x == 7) reach_error(); " \
            "return 0; }\n", "bug"
    if kind is Kind.ALLOC:
        return HEAD + _decl(name, "void *N(unsigned long);") + \
            f"int main(void) {{ int *p = {name}(8); int *q = {name}(8);\n" \
            "  if (p == 0 || q == 0 || p == q) reach_error(); return 0; }\n", "correct"
    if kind is Kind.ALLOC_ZEROED:
        return HEAD + _decl(name, "void *N(unsigned long, unsigned long);") + \
            f"int main(void) {{ int *p = {name}(2, sizeof(int));\n" \
            "  if (p != 0 && p[1] != 0) reach_error(); return 0; }\n", "correct"
    if kind is Kind.REALLOC:
        return HEAD + _decl(name, "void *N(void *, unsigned long);") + \
            f"int main(void) {{ int *p = {name}(0, 8);\n" \
            "  if (p != 0 && p == &__VERIFIER_nondet_int) reach_error(); return 0; }\n", \
            "correct"
    if kind is Kind.FREE:
        return HEAD + _PROTO["malloc"] + "\n" + _decl(name, "void N(void *);") + \
            "int main(void) { int *p = malloc(4); int *q = malloc(4); *q = 5;\n" \
            f"  {name}(p); if (*q != 5) reach_error(); return 0; }}\n", "correct"
    if kind is Kind.OUTPUT:
        return HEAD + _decl(name, "int N(const char *);") + \
            'int main(void) { char buf[4] = "ab";\n' \
            f"  {_OUTPUT_CALL[name]}; if (buf[0] != 'a') reach_error(); return 0; }}\n", \
            "correct"
    assert kind is Kind.NO_DEFAULT, (name, kind)
    return HEAD + _decl(name, "int N();") + \
        f"int main(void) {{ {name}(0); return 0; }}\n", "rejected"


def outcome(path: str, frontend: str) -> str:
    try:
        prog = load([path], FrontendOptions(frontend=frontend, encoding="int",
                                            data_model="ILP32")).program
    except LoadError as e:
        return "rejected: " + e.line
    r = verify(prog, VerifyOptions(strategy="si", timeout=120))
    if r.verdict is Verdict.BUG:
        return "bug"
    if r.verdict in (Verdict.CORRECT, Verdict.BOUNDED):
        return "correct"
    return f"unknown: {r.reason}"


SOURCE_NAMES = sorted(n for n, s in REGISTRY.items() if not s.ir_only) + \
    ["__VERIFIER_nondet_int", "__VERIFIER_nondet_uint", "__VERIFIER_nondet_char",
     "__VERIFIER_nondet_pointer", "__VERIFIER_nondet_pchar"]


def test_registry_is_well_formed():
    assert all(s.name == n for n, s in REGISTRY.items())
    assert all(bool(s.why) == (s.kind is Kind.NO_DEFAULT) for s in REGISTRY.values())
    assert all(s.kind is Kind.ALLOC for s in REGISTRY.values() if s.stack)
    assert all(s.kind is Kind.STOP for s in REGISTRY.values() if s.exits)
    assert special("__VERIFIER_nondet_short").kind is Kind.NONDET
    assert special("my_function") is None
    # the C builtins clang lowers to an intrinsic mean what the intrinsic does
    assert kind_of("__builtin_trap") is kind_of("llvm.trap") is Kind.STOP
    assert kind_of("__VERIFIER_assume") is kind_of("llvm.assume") is Kind.ASSUME


@needs_clang
@pytest.mark.parametrize("name", SOURCE_NAMES)
def test_both_front_ends_read_the_name_alike(name, tmp_path, monkeypatch):
    monkeypatch.setenv("PYCORRAL_LLVM_CACHE", str(tmp_path / "cache"))
    text, want = program(name)
    path = tmp_path / "p.c"
    path.write_text(text)
    got = {fe: outcome(str(path), fe) for fe in ("c", "llvm")}
    if kind_of(name) is Kind.REALLOC:     # LLVM: only with the allocation map
        assert got["llvm"].startswith("rejected: ") and "unsupported" in got["llvm"], got
        got.pop("llvm")
    for fe, o in got.items():
        if want == "rejected":
            assert o.startswith("rejected: ") and "unsupported" in o, (fe, o, text)
        else:
            assert o == want, (fe, o, text)
