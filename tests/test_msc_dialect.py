"""The Microsoft C dialect of driver sources (frontend/msdialect.py, frontend/include/
pycorral_msc.h, frontend/c/layout_attrs.py, frontend/c/layout_check.py) and line
directives (frontend/line_directives.py), through both front ends and the native replay.

Data-driven: each tests/data/msc/*.c says what it checks (`// WHAT:`), its verdict
(`// EXPECT:`), its flags (`// FLAGS:`), the structs whose layout is compared with the
compilers' (`// LAYOUT: struct P1: c, i, l`) and, for a trace, where it fails and lines it
passes (`// FAILS_AT:`, `// STEPS_AT:`).  Every file runs through `pycorral check` with
both front ends (a bug must be confirmed by the native replay, which compiles the file
in the dialect too); the layouts the C front end computes are compared with gcc's (the
numbers gcc emits for a natively compiled copy) and clang's (a native run printing them).
The verdicts themselves test the layout of both front ends: each file asserts the sizes
and offsets that gcc's native layout has.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from frontend import msdialect
from frontend.c.layout_attrs import pack_states
from frontend.cflags import BuildFlags, CFlags
from frontend.line_directives import has_directives, origin, physical_text

from cases import read_case

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data" / "msc"
CASES = sorted(DATA.glob("*.c"))
LAYOUT_CASES = [p for p in CASES if read_case(p).all("LAYOUT")]
ONE_LINE = re.compile(r"^(?P<file>[^:\n]+):(?P<line>\d+):(?P<col>\d+): error: (?P<msg>.+)$")


def _check(path: Path | str, frontend: str, *flags: str, timeout: float = 240):
    r = subprocess.run([sys.executable, "-m", "pycorral.cli", "check", str(path),
                        "--frontend", frontend, "--json", *flags],
                       capture_output=True, text=True, cwd=ROOT, timeout=timeout)
    doc = json.loads(r.stdout) if r.stdout.strip().startswith("{") else None
    return r, doc


# ----------------------------------------------------------------------------- verdicts

@pytest.mark.parametrize("frontend", ["c", "llvm"])
@pytest.mark.parametrize("path", CASES, ids=lambda p: p.name)
def test_case(path: Path, frontend: str):
    case = read_case(path)
    assert case.get("WHAT"), f"{path.name}: no // WHAT: header"
    r, doc = _check(path.relative_to(ROOT), frontend, *case.flags)
    assert doc is not None, r.stderr
    assert doc["verdict"] == case.expect, doc.get("reason") or doc
    given = "--ms-extensions" in case.flags
    stat = doc["stats"].get("ms_extensions")
    assert stat == "option" if given else stat.startswith("auto: "), stat
    if not given:       # said once on stderr, naming the spelling and where
        notes = [ln for ln in r.stderr.splitlines() if ln.startswith("note: Microsoft C")]
        assert len(notes) == 1 and stat[len("auto: "):] in notes[0], r.stderr
    if case.expect == "bug":
        assert doc["stats"].get("replay") == "confirmed", doc["stats"]
    if case.get("FAILS_AT"):
        steps = doc["trace"]["steps"]
        files = {os.path.basename(s["file"]) for s in steps if s.get("file")}
        assert files == {path.name}, files          # no step names a #line file
        assert steps[-1]["kind"] == "fail" and steps[-1]["line"] == int(case.get("FAILS_AT"))
        lines = {s["line"] for s in steps}
        assert {int(n) for n in case.get("STEPS_AT").split()} <= lines, lines
        assert f"at line {case.get('FAILS_AT')}" in doc["stats"]["replay_line"]


# ----------------------------------------------------------------------------- layout

def _layout_items(path: Path) -> list[tuple[str, str | None]]:
    """(C type name, member or None for the whole type) of the file's LAYOUT lines."""
    items = []
    for line in read_case(path).all("LAYOUT"):
        name, _, members = line.partition(":")
        items.append((name.strip(), None))
        items += [(name.strip(), m.strip()) for m in members.split(",") if m.strip()]
    return items


def _expressions(items) -> list[str]:
    out = []
    for t, m in items:
        out += [f"sizeof({t})", f"__alignof__({t})"] if m is None else \
            [f"__builtin_offsetof({t}, {m})"]
    return out


def _ours(path: Path, items) -> list[int]:
    """The C front end's layout of `items` (after reading the file's declarations)."""
    from frontend.c.parse import parse_source, read_source
    from frontend.c.translate import CFrontendOptions, ProgramTranslator
    flags = BuildFlags().with_ms_extensions()
    src = read_source(str(path), "ILP32", cflags=flags.for_file(str(path)))
    pt = ProgramTranslator(CFrontendOptions(data_model="ILP32", cflags=flags)).declare(
        [parse_source(src)])
    out = []
    for t, m in items:
        st = pt.lookup_tag(t) if t.startswith(("struct ", "union ")) else pt.lookup(t).type
        info = pt.types.structs[st.key]
        out += [info.size, info.align] if m is None else [pt.types.member(st, m, None)[0]]
    return out


def _native_source(path: Path, exprs: list[str], printing: bool) -> str:
    body = ", ".join(exprs)
    text = f'#define main __pycorral_program_main\n#include "{path}"\n#undef main\n'
    text += f"const unsigned int __pycorral_layout[] = {{ {body} }};\n"
    if printing:
        text += ("int printf(const char *, ...);\nint main(void) { for (unsigned i = 0; i < "
                 "sizeof __pycorral_layout / sizeof *__pycorral_layout; i++) "
                 "printf(\"%u\\n\", __pycorral_layout[i]); return 0; }\n")
    return text


def _gcc_layout(path: Path, exprs: list[str]) -> list[int]:
    """The numbers gcc compiles into a copy of the file (gcc -m32 -S: the data it emits)."""
    if shutil.which("gcc") is None:
        pytest.skip("no gcc")
    cmd = ["gcc", "-m32", "-S", "-o", "-", "-w", "-nostdinc", "-I",
           str(ROOT / "frontend" / "include"), *CFlags(ms_extensions=True).argv(), "-x", "c",
           "-"]
    r = subprocess.run(cmd, input=_native_source(path, exprs, False), capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    data = r.stdout.split("__pycorral_layout:", 1)[1]
    return [int(v) for v in re.findall(r"^\s*\.long\s+(\d+)", data, re.M)][:len(exprs)]


def _clang_layout(path: Path, exprs: list[str], tmp_path: Path) -> list[int]:
    """The numbers a natively compiled and run copy prints (the replay's ILP32 compiler:
    gcc -m32 where it links, else zig's clang)."""
    from replay.native import toolchain
    tc = toolchain("ILP32")
    if tc is None:
        pytest.skip("no C compiler that links ILP32 programs here")
    src = tmp_path / "layout.c"
    src.write_text(_native_source(path, exprs, True))
    exe = tmp_path / "layout"
    argv = [a for a in tc.argv if a != "-finstrument-functions"]
    # (the program's own main is renamed and never runs: the linker drops it, and with it
    # its calls of functions without a definition)
    r = subprocess.run([*argv, *CFlags(ms_extensions=True).argv(), str(src), "-o", str(exe),
                        "-ffunction-sections", "-Wl,--gc-sections"],
                       capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    run = subprocess.run([str(exe)], capture_output=True, text=True, timeout=30)
    return [int(v) for v in run.stdout.split()]


@pytest.mark.parametrize("path", LAYOUT_CASES, ids=lambda p: p.name)
def test_layout_agrees_with_native_compilers(path: Path, tmp_path: Path):
    items = _layout_items(path)
    exprs = _expressions(items)
    ours = _ours(path, items)
    gcc = _gcc_layout(path, exprs)
    assert len(gcc) == len(exprs)
    assert dict(zip(exprs, ours)) == dict(zip(exprs, gcc))
    native = _clang_layout(path, exprs, tmp_path)
    assert dict(zip(exprs, native)) == dict(zip(exprs, gcc))


# ----------------------------------------------------------------------------- #line

LINE_SOURCE = """int f(void);
#line 63 "C:\\\\NTDDK\\\\inc\\\\stdio.h"
typedef unsigned int size_t;
# 1088 "C:/NTDDK/inc/ddk/ntddk.h"
struct S { int a; };
int g(void) {
  return 1
}
"""


@pytest.mark.parametrize("frontend", ["c", "llvm"])
def test_syntax_error_after_line_directive_names_the_real_line(frontend: str, tmp_path):
    path = tmp_path / "drv.c"
    path.write_text(LINE_SOURCE)
    r, _ = _check(path, frontend, "--bound", "1")
    assert r.returncode == 2, r.stdout + r.stderr
    lines = [ln for ln in r.stderr.splitlines() if not ln.startswith("note:")]
    assert len(lines) == 1, r.stderr
    m = ONE_LINE.match(lines[0])
    assert m and m.group("file") == str(path), lines[0]
    assert m.group("line") == "7", lines[0]            # after `return 1`
    assert m.group("msg").endswith("(#line: C:/NTDDK/inc/ddk/ntddk.h:1090)"), lines[0]


@pytest.mark.parametrize("frontend", ["c", "llvm"])
def test_type_error_after_line_directive_names_the_real_line(frontend: str, tmp_path):
    path = tmp_path / "types.c"
    path.write_text('int x;\n#line 63 "C:\\\\NTDDK\\\\inc\\\\stdio.h"\nchar *x;\n'
                    'int main(void) { return 0; }\n')
    r, _ = _check(path, frontend, "--bound", "1", "--data-model", "ILP32")
    assert r.returncode == 2, r.stdout + r.stderr
    m = ONE_LINE.match(r.stderr.strip().splitlines()[-1])
    assert m and m.group("file") == str(path) and m.group("line") == "3", r.stderr
    assert m.group("msg").endswith("(#line: C:\\NTDDK\\inc\\stdio.h:63)"), r.stderr


def test_line_directives_are_blanked_and_origins_kept(tmp_path):
    text = 'a\n#line 10 "C:\\\\x.h"\nb\n#  line 20\nc\n# 5 "y.c" 1 3\nd\n#line 7 \\\n "z.h"\ne\n'
    out = physical_text(text, "f.c")
    assert out.splitlines()[0] == '#line 1 "f.c"'
    body = out.splitlines()[1:]
    assert body == ["a", "", "b", "", "c", "", "d", "", "", "e"]
    assert not has_directives("\n".join(body))
    path = tmp_path / "f.c"
    path.write_text(text)
    assert [origin(str(path), n) for n in (1, 3, 5, 7, 10)] == [
        None, "C:\\x.h:10", "C:\\x.h:20", "y.c:5", "z.h:7"]


def test_header_typedefs_do_not_leak(tmp_path):
    """assert.h and stdint.h define neither wchar_t nor size_t (as the C library's do not):
    a source that defines them itself is valid C without the dialect."""
    path = tmp_path / "own.c"
    path.write_text("#include <assert.h>\n#include <stdint.h>\ntypedef unsigned short "
                    "wchar_t;\ntypedef short size_t;\nint main(void) { wchar_t w = 1; "
                    "size_t s = 2; assert(w + s == 3); return 0; }\n")
    for frontend in ("c", "llvm"):
        r, doc = _check(path, frontend, "--bound", "1", "--no-ms-extensions")
        assert doc is not None and doc["verdict"] == "correct", r.stderr
        assert "ms_extensions" not in doc["stats"]


# ----------------------------------------------------------------------------- unsupported

UNSUPPORTED = [
    ("int main(void) { int r = 0;\n  __try { r = 1; } __finally { r = 2; }\n  return r; }\n",
     "structured exception handling (__try)", ("c", "llvm")),
    ("__declspec(align(16)) struct S { int x; };\nint main(void) { return 0; }\n",
     "__declspec(align(n)) before 'struct'", ("c", "llvm")),
    ("struct S { char a;\n#pragma pack(1)\n int b; };\n#pragma pack()\n"
     "int main(void) { struct S s; s.b = 1; return s.b - 1; }\n",
     "#pragma pack inside the body of struct S", ("c",)),
    ("typedef struct { char c; int i; } __attribute__((packed)) T2;\n"
     "int main(void) { T2 t; t.i = 1; return t.i - 1; }\n",
     "layout of T2 differs from gcc's", ("c",)),
]


@pytest.mark.parametrize("source,reason,frontends", UNSUPPORTED,
                         ids=["seh", "align-before-struct", "pack-in-body", "layout-check"])
def test_unsupported_is_unknown(source: str, reason: str, frontends, tmp_path):
    path = tmp_path / "u.c"
    path.write_text(source)
    for frontend in frontends:
        r, doc = _check(path, frontend, "--bound", "1", "--ms-extensions")
        assert doc is not None and doc["verdict"] == "unknown", r.stdout + r.stderr
        assert reason in doc["reason"], doc["reason"]


# ----------------------------------------------------------------------------- bad input

@pytest.mark.parametrize("frontend", ["c", "llvm"])
def test_bad_microsoft_c_is_one_line_exit_2(frontend: str, tmp_path):
    path = tmp_path / "bad.c"
    path.write_text("struct __declspec(align(8) S { int x; };\nint main(void) { return 0; }\n")
    r, _ = _check(path, frontend, "--bound", "1")
    assert r.returncode == 2
    lines = [ln for ln in r.stderr.splitlines() if not ln.startswith("note:")]
    assert len(lines) == 1 and ONE_LINE.match(lines[0]), r.stderr
    assert lines[0].startswith(f"{path}:"), lines[0]
    assert "Traceback" not in r.stderr


def test_ms_extensions_is_for_c_input():
    r = subprocess.run([sys.executable, "-m", "pycorral.cli", "check", "examples/lock.bpl",
                        "--ms-extensions"], capture_output=True, text=True, cwd=ROOT,
                       timeout=60)
    assert r.returncode == 2 and "--ms-extensions is for C input" in r.stderr


# ----------------------------------------------------------------------------- switch

@pytest.mark.parametrize("text,found", [
    ("int __stdcall f(void);", "__stdcall"),
    ("/* __declspec */ char *s = \"__int64\";\n#pragma warning(disable: 4201)\n",
     "#pragma warning"),
    ("// __cdecl\ntypedef unsigned short wchar_t;\n", "typedef unsigned short wchar_t"),
    ("int x; /* __int64 */\n#pragma pack(1)\nlong long y;\n", None),
    ("int __stdcall__;\nstruct S { __attribute__((__stdcall__)) int (*f)(void); };", None),
])
def test_detect_finds_the_first_microsoft_spelling_outside_comments(text, found, tmp_path):
    path = tmp_path / "d.c"
    path.write_text(text)
    got = msdialect.detect([str(path)])
    assert (got.text if got else None) == found
    dialect = msdialect.resolve([str(path)], None)
    assert dialect.on == (found is not None)
    assert not msdialect.resolve([str(path)], False).on
    assert msdialect.resolve([str(path)], True).reason == "option"


def test_position_of_the_spelling(tmp_path):
    path = tmp_path / "p.c"
    path.write_text("int a;\n\n  int __fastcall g(int);\n")
    got = msdialect.detect([str(path)])
    assert (got.line, got.col) == (3, 7)
    assert msdialect.resolve([str(path)], None).note() == (
        f"note: Microsoft C extensions on (__fastcall at {path}:3); --no-ms-extensions "
        "turns them off")


PORTABLE_H = """\
#if defined(_MSC_VER)
#pragma warning(push)
typedef unsigned __int64 u64;
#else
typedef unsigned long long u64;
#endif
static int first(const char *s) { return s[0]; }
"""


def _reader(tmp_path: Path, *dirs: tuple[str, str]):
    from frontend.c.compiler import dialect_text
    flags = CFlags(include_dirs=dirs)
    return lambda path: dialect_text(path, flags)


@pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc (the preprocessor)")
def test_an_if_not_taken_is_not_microsoft_c(tmp_path):
    """A portable header's `#if defined(_MSC_VER)` branch is not the program's code: after
    the preprocessor (gcc, which does not define _MSC_VER) nothing Microsoft is left, so
    the dialect stays off and the data model is the host's.  The source text alone (no
    preprocessor) still finds it, as before."""
    (tmp_path / "portable.h").write_text(PORTABLE_H)
    src = tmp_path / "p.c"
    src.write_text('#include "portable.h"\nint main(void) { return first("a") - 97; }\n')
    assert msdialect.detect([str(src)]) is not None               # the text shows it
    assert msdialect.detect([str(src)], preprocessed=_reader(tmp_path)) is None
    dialect = msdialect.resolve([str(src)], None, preprocessed=_reader(tmp_path))
    assert not dialect.on
    r = subprocess.run([sys.executable, "-m", "pycorral.cli", "check", str(src), "--json",
                        "--no-replay"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert "Microsoft C" not in r.stderr, r.stderr
    assert json.loads(r.stdout)["stats"].get("ms_extensions") is None


@pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc (the preprocessor)")
def test_a_branch_taken_is_microsoft_c_at_its_line(tmp_path):
    (tmp_path / "api.h").write_text("#define WIN 1\n#if WIN\nint __stdcall f(void);\n"
                                    "#endif\n")
    src = tmp_path / "m.c"
    src.write_text('int a;\n#include "api.h"\nint main(void) { return 0; }\n')
    got = msdialect.detect([str(src)], preprocessed=_reader(tmp_path))
    assert got is not None and got.text == "__stdcall"
    assert (Path(got.file).name, got.line) == ("api.h", 3)


@pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc (the preprocessor)")
def test_system_headers_are_not_the_program(tmp_path):
    sys_dir = tmp_path / "sys"
    sys_dir.mkdir()
    (sys_dir / "vendor.h").write_text("int __cdecl vendor(void);\n")
    src = tmp_path / "s.c"
    src.write_text("#include <vendor.h>\nint main(void) { return 0; }\n")
    as_system = _reader(tmp_path, ("-isystem", str(sys_dir)))
    as_ours = _reader(tmp_path, ("-I", str(sys_dir)))
    dirs = (str(sys_dir),)          # the callers' search folders (cflags.search_dirs)
    assert msdialect.detect([str(src)], dirs, preprocessed=as_system) is None
    assert msdialect.detect([str(src)], dirs, preprocessed=as_ours).text == "__cdecl"


def test_no_spelling_in_the_text_runs_no_preprocessor(tmp_path):
    """The preprocessor pass runs only to confirm a spelling the text shows: a program
    without any (a macro bomb, say) is preprocessed once, by the front end, under the
    run's limits (tests/test_limits.py)."""
    src = tmp_path / "plain.c"
    src.write_text("int main(void) { return 0; }\n")
    called = []
    assert msdialect.detect([str(src)], preprocessed=lambda p: called.append(p)) is None
    assert called == []


def test_without_the_preprocessor_the_text_decides(tmp_path):
    """gcc failing on a file (here: a header it cannot find) leaves the source text."""
    src = tmp_path / "n.c"
    src.write_text("#include <ntddk.h>\nint __stdcall f(void);\n")
    got = msdialect.detect([str(src)], preprocessed=lambda path: None)
    assert got is not None and (got.text, got.line) == ("__stdcall", 2)


def test_pragma_pack_states():
    from frontend.c.parse import parse_text
    text = """
#pragma pack(push, 2)
struct A { int a; };
#pragma pack(push, r1, 1)
#pragma pack(4)
struct B { int b; };
#pragma pack(pop, r1)
struct C { int c; };
#pragma pack(3)
struct D { int d; };
#pragma pack(pop)
struct E { int e; };
#pragma pack(8)
#pragma pack()
struct F { int f; };
"""
    ast = parse_text(text, "p.c")
    states = pack_states(ast)
    members = {d.name: states.get(id(d)) for e in ast.ext if type(e).__name__ == "Decl"
               for d in e.type.decls}
    assert members == {"a": 2, "b": 4, "c": 2, "d": 2, "e": None, "f": None}


SIZES = ("__declspec(noinline) int f(void) { return 0; }\n"
         "int main(void) { if (sizeof(long) == 4 && sizeof(void *) == 4) "
         "__VERIFIER_error(); return f(); }\nvoid __VERIFIER_error(void);\n")


def _sizes_program(tmp_path: Path) -> Path:
    src = tmp_path / "d.c"
    src.write_text("void __VERIFIER_error(void);\n" + SIZES.replace(
        "\nvoid __VERIFIER_error(void);\n", "\n"))
    return src


@pytest.mark.parametrize("frontend", ["c", "llvm"])
def test_the_dialect_does_not_choose_the_data_model(frontend, tmp_path):
    """Microsoft C on (a __declspec) without --data-model: the host's data model (LP64
    here: the ILP32-only error is not reachable), said in the note; the target's when the
    option or the build names it (-m32 in the compilation database: reachable)."""
    from frontend.load import host_data_model
    if host_data_model() != "LP64":
        pytest.skip("the host is not LP64")
    src = _sizes_program(tmp_path)
    r, doc = _check(src, frontend, "--no-replay")
    assert doc is not None and doc["verdict"] == "correct", r.stderr
    notes = [ln for ln in r.stderr.splitlines() if ln.startswith("note: Microsoft C")]
    assert len(notes) == 1 and "data model LP64, the host's" in notes[0], r.stderr
    r, doc = _check(src, frontend, "--no-replay", "--data-model", "ILP32")
    assert doc is not None and doc["verdict"] == "bug", r.stderr
    assert "the host's" not in r.stderr
    db = tmp_path / "compile_commands.json"
    db.write_text(json.dumps([{"directory": str(tmp_path), "file": "d.c",
                               "arguments": ["cc", "-m32", "-c", "d.c"]}]))
    r, doc = _check(src, frontend, "--no-replay", "--compile-commands", str(db))
    assert doc is not None and doc["verdict"] == "bug", r.stderr
    db.write_text(json.dumps([{"directory": str(tmp_path), "file": "d.c",
                               "arguments": ["cl", "--target=x86_64-pc-windows-msvc", "-c",
                                             "d.c"]}]))
    r, doc = _check(src, frontend, "--compile-commands", str(db))
    assert r.returncode == 2 and doc is None
    assert r.stderr.strip().endswith("data model pycorral does not have: --data-model "
                                     "ILP32 (32-bit Windows) or LP64 checks it for another "
                                     "target"), r.stderr
    assert len(r.stderr.strip().splitlines()) == 1, r.stderr
