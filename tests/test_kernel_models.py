"""Model libraries: the bundled kernel models (frontend/include/models/*.c) and the user's
`--stubs` files, linked on use by both front ends and compiled into the native replay
(frontend/models.py, frontend/c/libraries.py, frontend/llvm/compile.py, replay/build.py).

The cases are tests/data/kmodels/*.c, each run by `pycorral check` in a subprocess through
BOTH front ends; their headers (tests/cases.py) say
  EXPECT          the verdict both front ends must give
  FLAGS           more `check` options
  DATA_MODEL      ILP32 or LP64 (default LP64)
  STUBS           a stubs file, relative to the case (repeatable), given as --stubs
  WITHOUT_STUBS   the verdict without the STUBS files (a stub that decides the verdict)
  REPLAY          the native replay's status of the bug found (e.g. `confirmed`: the
                  program, with the models compiled in, reaches the error natively)
"""
from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from cases import read_case
from pycorral.cli import main

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).parent / "data" / "kmodels"
PYCORRAL = [sys.executable, "-c", "from pycorral.cli import entry; entry()"]
FRONTENDS = ("c", "llvm")


def _clang_ok() -> bool:
    from frontend.llvm.compile import clang_command
    return clang_command() is not None


def check(path: Path, frontend: str, *flags: str, timeout: float = 240) -> tuple[int, str, str]:
    proc = subprocess.run([*PYCORRAL, "check", str(path), "--frontend", frontend, *flags],
                          capture_output=True, text=True, timeout=timeout, cwd=ROOT)
    return proc.returncode, proc.stdout, proc.stderr


def _cases():
    for p in sorted(DATA.glob("*.c")):
        for fe in FRONTENDS:
            yield pytest.param(p, fe, id=f"{p.stem}-{fe}")


@pytest.mark.parametrize("path,frontend", list(_cases()))
def test_case(path: Path, frontend: str, tmp_path, monkeypatch):
    if frontend == "llvm" and not _clang_ok():
        pytest.skip("no clang: neither system clang nor ziglang")
    monkeypatch.setenv("PYCORRAL_LLVM_CACHE", str(tmp_path))
    case = read_case(path)
    stubs = [a for s in case.all("STUBS") for a in ("--stubs", str(path.parent / s))]
    base = ["--data-model", case.get("DATA_MODEL", "LP64"), *case.flags, "--json"]
    runs = [(stubs, case.expect)]
    if case.get("WITHOUT_STUBS"):
        runs.append(([], case.get("WITHOUT_STUBS")))
    for extra, want in runs:
        # in-process (the program's own time limits are not tested here)
        res = CliRunner().invoke(main, ["check", str(path), "--frontend", frontend, *base,
                                        *extra])
        doc, err = json.loads(res.stdout), res.stderr
        got = doc["verdict"]
        ok = got in ("correct", "bounded") if want == "no-bug" else got == want
        assert ok, (want, got, doc["reason"], err)
        if got == "bug" and case.get("REPLAY") and extra == stubs:
            assert doc["stats"].get("replay") == case.get("REPLAY"), doc["stats"]


# ----------------------------------------------------------------------------- the scan

def test_scan_finds_what_the_parsers_define():
    """The cheap scan of a library's defined functions agrees with pycparser on every
    bundled library, and with clang's `define`s (static helpers included)."""
    from frontend.c.parse import parse_file
    from frontend.models import BUNDLED, defined_functions
    for lib in BUNDLED:
        ast = parse_file(lib.path, "LP64", check=False).ast
        parsed = {e.decl.name for e in ast.ext if type(e).__name__ == "FuncDef"}
        assert set(defined_functions(lib.path)) == parsed, lib.path
    if _clang_ok():
        from frontend.llvm.compile import compile_c
        for lib in BUNDLED:
            ir = Path(compile_c(lib.path, "ILP32")).read_text()
            defined = set(re.findall(r'^define\b[^@]*@"?([\w.$]+)"?\(', ir, re.M))
            assert defined == set(defined_functions(lib.path)), lib.path


@pytest.mark.parametrize("text,names", [
    ("static int f(int x) { return x; }", {"f"}),
    ("__attribute__((malloc)) void *g(unsigned long n) __attribute__((noinline)) {}", {"g"}),
    ("void(__attribute__((__fastcall__)) Ex)(void *m) {}", {"Ex"}),   # CIL's spelling
    ("void (*signal(int s, void (*h)(int)))(int) { return 0; }", {"signal"}),
    ("struct s { int a; }; int arr[] = { 1, 2 }; int v = (1);", set()),
    ("/* int h(void) { } */ char *s = \"int z(void) {\";\n#define M(a) int a(void) {}\n",
     set()),
    ("int outer(void) { if (1) { return 0; } }\nint next(void) { return 1; }",
     {"outer", "next"}),
])
def test_scan_cases(text, names):
    from frontend.models import scan_definitions
    assert set(scan_definitions(text)) == names


def test_models_are_clean_c():
    """The bundled models compile without warnings natively, in both data models."""
    from frontend.models import BUNDLED
    if shutil.which("gcc") is None:
        pytest.skip("no gcc")
    for lib in BUNDLED:
        for m in ("-m32", "-m64"):
            r = subprocess.run(["gcc", "-fsyntax-only", "-Wall", "-Wextra", "-Werror",
                                "-Wno-unused-parameter", "-std=gnu11", "-fno-builtin", m,
                                lib.path], capture_output=True, text=True)
            assert r.returncode == 0, r.stderr


def test_provider_priority(tmp_path):
    """Stubs first (in the order given), then the bundled models; never a function the
    front ends model themselves."""
    from frontend.models import LIBC, WINDOWS, libraries, provider
    a, b = tmp_path / "a.c", tmp_path / "b.c"
    a.write_text("void *ExAllocatePool(int t, unsigned long n) { return 0; }\n")
    b.write_text("void *ExAllocatePool(int t, unsigned long n) { return 0; }\n"
                 "int extra(void) { return 1; }\n")
    libs = libraries((str(a), str(b)))
    assert provider(libs, "ExAllocatePool").path == str(a)
    assert provider(libs, "extra").path == str(b)
    assert provider(libs, "KeGetCurrentIrql") == WINDOWS
    assert provider(libs, "strlen") == LIBC
    assert provider(libs, "memcpy") is None and provider(libs, "nothing") is None


def test_native_libraries_follow_the_calls(tmp_path):
    """The native build links the kernel models the program calls without defining (the
    ones the verifier linked), and every stub."""
    from frontend.models import LINUX, WINDOWS, native_libraries
    p = tmp_path / "p.c"
    p.write_text("static unsigned char KeGetCurrentIrql(void) { return 2; }\n"
                 "int main(void) { void *q = kmalloc(4, 0); return KeGetCurrentIrql(); }\n")
    assert native_libraries([str(p)]) == ((LINUX.path, frozenset({"kmalloc"})),)
    s = tmp_path / "s.c"
    s.write_text("int helper(void) { return KeLowerIrql(0), 1; }\n")
    assert native_libraries([str(p)], (str(s),)) == (
        (str(s), frozenset({"helper"})), (WINDOWS.path, frozenset({"KeLowerIrql"})),
        (LINUX.path, frozenset({"kmalloc"})))


# ----------------------------------------------------------------------------- prototypes

def test_fits():
    from frontend.c.libraries import fits
    from frontend.c.typesys import VOID, DataModel, FuncT, PtrT, StructT
    dm = DataModel("ILP32")
    s = StructT("struct _IRP", False)
    long_, int_, ulong = dm.ints["long"], dm.ints["int"], dm.ints["unsigned long"]
    model = FuncT(VOID, (PtrT(VOID), dm.ints["char"]), False, True)
    assert fits(FuncT(VOID, (PtrT(s), dm.ints["char"]), False, True), model)
    assert not fits(FuncT(VOID, (PtrT(s), int_), False, True), model)
    assert not fits(FuncT(VOID, (PtrT(FuncT(VOID, (), False, True)), dm.ints["char"]),
                          False, True), model)           # a function pointer is no object
    assert fits(FuncT(VOID, (), False, False), model)    # no prototype: any parameters
    inc = FuncT(long_, (PtrT(long_),), False, True)
    assert fits(FuncT(int_, (PtrT(int_),), False, True), inc)        # same representation
    assert not fits(FuncT(ulong, (PtrT(long_),), False, True), inc)  # another signedness


@pytest.mark.parametrize("frontend", FRONTENDS)
def test_prototype_that_does_not_fit_is_unsupported(frontend, tmp_path, monkeypatch):
    if frontend == "llvm" and not _clang_ok():
        pytest.skip("no clang")
    monkeypatch.setenv("PYCORRAL_LLVM_CACHE", str(tmp_path))
    p = tmp_path / "p.c"
    p.write_text("short InterlockedIncrement(short *Addend);\nextern void reach_error(void);\n"
                 "int main(void) { short c = 0;\n"
                 "  if (InterlockedIncrement(&c) != 1) reach_error();\n  return 0; }\n")
    code, out, err = check(p, frontend, "--bound", "2")
    assert code == 20 and out.startswith("unknown:"), out
    assert "InterlockedIncrement" in out and err.startswith(f"{p}:4:"), err


@pytest.mark.parametrize("frontend", FRONTENDS)
@pytest.mark.parametrize("text,message", [
    ("int read_sensor(int *out) {\n  return 0\n}\n", ":2:"),
    ("void *malloc(unsigned long n) { return 0; }\n",
     ":1:7: error: 'malloc' is modelled by pycorral itself; a stub cannot replace it"),
    ("int __pycorral_irql_get(void) { return 0; }\n", ":1:5: error: '__pycorral_irql_get': "),
    (None, ":1:1: error: cannot read the stubs file: No such file or directory"),
])
def test_bad_stubs_file(frontend, text, message, tmp_path, monkeypatch):
    """A bad stubs file is bad input, one line at its place, exit 2: whether or not the
    program needs it."""
    if frontend == "llvm" and not _clang_ok():
        pytest.skip("no clang")
    monkeypatch.setenv("PYCORRAL_LLVM_CACHE", str(tmp_path))
    p = tmp_path / "p.c"
    p.write_text("int main(void) { return 0; }\n")
    stub = tmp_path / "stub.c"
    if text is not None:
        stub.write_text(text)
    code, out, err = check(p, frontend, "--bound", "1", "--stubs", str(stub))
    lines = err.strip().splitlines()
    assert code == 2 and len(lines) == 1 and lines[0].startswith(f"{stub}{message}"), err


# ----------------------------------------------------------------------------- the C front end

def _boogie(text: str, tmp_path, *flags: str) -> str:
    p = tmp_path / "p.c"
    p.write_text(text)
    proc = subprocess.run([*PYCORRAL, "translate", str(p), "--frontend", "c", *flags],
                          capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_void_parameters_keep_the_typed_maps(tmp_path):
    """Objects of two struct types passed to `void *` parameters that the model never
    looks through keep the typed heap maps (memory.py: only a conversion FROM void* makes
    a view); viewing an int through void* as bytes still needs byte-level memory."""
    decls = ("typedef struct { char c; short s; } A; typedef struct { long l; } B;\n"
             "void ExFreePool(void *P);\nvoid *ExAllocatePool(int t, unsigned long n);\n")
    typed = _boogie(decls + "int main(void) { A *a = ExAllocatePool(0, sizeof(A));\n"
                    "  B *b = ExAllocatePool(0, sizeof(B));\n"
                    "  if (!a || !b) return 0; a->s = 1; b->l = 2;\n"
                    "  ExFreePool(a); ExFreePool(b); return 0; }\n", tmp_path)
    assert "$M.bytes" not in typed and "$M.i16" in typed
    viewed = _boogie("int x; int main(void) { void *p = &x; char *c = p; return *c; }\n",
                     tmp_path)
    assert "$M.bytes" in viewed


def test_bundled_models_are_library_procedures_and_stubs_are_not(tmp_path):
    stub = tmp_path / "stub.c"
    stub.write_text("int read_sensor(int *out) { *out = 1; return 0; }\n")
    text = _boogie("extern int read_sensor(int *out);\nunsigned char KeGetCurrentIrql(void);\n"
                   "int main(void) { int v; read_sensor(&v); return KeGetCurrentIrql(); }\n",
                   tmp_path, "--stubs", str(stub))
    procs = {m.group(1): m.group(0) for m in re.finditer(r"procedure (?:\{[^}]*\} )*(\w+)"
                                                         r"\(.*", text)}
    assert "{:clibrary}" in procs["KeGetCurrentIrql"] and \
        "{:clibrary}" not in procs["read_sensor"]
    assert re.search(r"call (\{[^}]*\} )?\S+ := KeGetCurrentIrql\(\)", text)   # called


def test_one_type_per_struct_definition(tmp_path):
    """`typedef struct S {...} A, *PA;`: A and *PA name one struct type (pycparser repeats
    the definition's node in each declarator), so the model's `union _LARGE_INTEGER *`
    fits the program's PLARGE_INTEGER."""
    from frontend.c.parse import ParsedFile, parse_text
    from frontend.c.translate import CFrontendOptions, ProgramTranslator
    src = "typedef union U { struct { int a; } u; long long q; } A, *PA; struct V { int b; } v, *pv;"
    pt = ProgramTranslator(CFrontendOptions()).declare([ParsedFile("x.c", src,
                                                                    parse_text(src, "x.c"))])
    assert pt.lookup("PA").type.target == pt.lookup("A").type
    assert pt.lookup("pv").type.target == pt.lookup("v").type


def test_multi_character_constants_have_gccs_value(tmp_path):
    from frontend.c.consteval import char_literal
    assert char_literal("'dvxE'", None) == 0x64767845
    assert char_literal("'\\xff\\xfe\\x01\\x02\\x03'", None) == -33488381   # gcc's value
    assert char_literal("'a'", None) == 97
