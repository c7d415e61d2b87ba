"""Inline assembly as a sound unknown (frontend/inline_asm.py, frontend/c/inline_asm.py,
frontend/c/asm_syntax.py, frontend/llvm/inline_asm.py) in both front ends.

Data: tests/data/inline_asm/*.c, each with
  `// EXPECT: bug|possible-bug|correct|unknown`  the verdict at bound 3 (possible-bug:
                                    the error rests on the asm's unknown effect; unknown:
                                    the front end stops with an "unsupported" diagnostic
                                    naming the asm);
  `// REPLAY: confirmed|not_replayable`  (bugs) what the native replay makes of the trace:
                                    never not_reached, which would turn the bug into UNKNOWN;
  `// FRONTENDS: c`                 (optional) the front ends it runs through (a C front-end
                                    layout case whose byte view is slow in the LLVM one).
Every case runs through both front ends (the same verdict: the model is one).
"""
from __future__ import annotations

import functools
import json
import subprocess
import sys
from pathlib import Path

import pytest

from boogie.errors import BoogieError
from frontend.c.asm_syntax import rewrite_asm
from frontend.inline_asm import (asm_record, gnu_is_output, parse_llvm_constraints,
                                 runs_at_startup, split_constraints)
from frontend.llvm.compile import clang_command
from frontend.load import FrontendOptions, Unsupported, load

from cases import read_case

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data" / "inline_asm"
CASES = sorted(DATA.glob("*.c"))
needs_clang = pytest.mark.skipif(clang_command() is None,
                                 reason="no clang: neither system clang nor ziglang")


def _params(cases):
    for p in cases:
        for fe in (read_case(p).get("FRONTENDS") or "c llvm").split():
            yield pytest.param(p, fe, marks=[needs_clang] if fe == "llvm" else [],
                               id=f"{p.stem}-{fe}")


@functools.lru_cache(maxsize=None)
def _load(path: Path, frontend: str):
    return load([str(path)], FrontendOptions(frontend=frontend, data_model="LP64")).program


def test_corpus_covers_the_brief():
    names = {p.stem for p in CASES}
    assert {"output_havocked", "output_irrelevant", "memory_clobber", "no_clobber_global",
            "asm_goto", "toplevel", "toplevel_correct", "toplevel_startup"} <= names


@pytest.mark.parametrize("path,frontend", list(_params(CASES)))
def test_verdict(path: Path, frontend: str):
    from verifier.engine import verify
    from verifier.options import VerifyOptions
    expect = read_case(path).get("EXPECT")
    if expect == "unknown":
        with pytest.raises(Unsupported) as e:
            _load(path, frontend)
        assert "asm" in str(e.value), str(e.value)
        return
    r = verify(_load(path, frontend), VerifyOptions(entry="main", bound=3, timeout=120))
    got = "correct" if r.verdict.value in ("correct", "bounded") else r.verdict.value
    assert got == expect, (path.name, frontend, r.reason)


@pytest.mark.parametrize("path,frontend", list(_params(CASES)))
def test_entry_records_the_statements(path: Path, frontend: str):
    """`{:inline_asm N, loc}` on the entry: every asm statement in a function is counted;
    file-scope asm is not (it is ignored)."""
    if read_case(path).get("EXPECT") == "unknown":
        return
    text = path.read_text()
    stated = read_case(path).get("ASM")         # (asm statements in macros: stated)
    in_functions = int(stated) if stated is not None else sum(
        ln.lstrip().startswith(("__asm__", "asm")) for ln in text.splitlines()
        if ln.startswith(" "))
    rec = asm_record(_load(path, frontend), "main")
    if in_functions == 0:
        assert rec is None
    else:
        assert rec is not None and rec[0] == in_functions, rec
        assert rec[1].split(":")[0].endswith(path.name), rec


def _check(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pycorral.cli", "check", *args],
                          capture_output=True, text=True, cwd=ROOT, timeout=300)


BUGS = [p for p in CASES if read_case(p).get("EXPECT") in ("bug", "possible-bug")]


@pytest.mark.parametrize("path,frontend", list(_params(BUGS)))
def test_replay_never_rejects_an_asm_bug(path: Path, frontend: str):
    """A native run executes the real instructions: it may reproduce the bug (confirmed:
    a possible bug -- the trace rests on the asm's unknown effect -- becomes a bug found)
    or not -- then the trace names the asm's output or memory as what the harness cannot
    fix (not_replayable), and the verdict stays a possible bug."""
    r = _check(str(path), "--frontend", frontend, "--bound", "3", "--json")
    j = json.loads(r.stdout)
    want = read_case(path).get("REPLAY")
    assert j["verdict"] == ("bug" if want == "confirmed" else "possible-bug"), \
        r.stdout + r.stderr
    assert j["stats"]["replay"] == want, j["stats"].get("replay_line")
    if want == "not_replayable":
        line = j["stats"]["replay_line"]
        assert "inline assembly" in line or "without a body asm" in line, line


@pytest.mark.parametrize("frontend", [pytest.param("c"),
                                      pytest.param("llvm", marks=needs_clang)])
def test_note_and_stats(frontend: str):
    path = DATA / "memory_clobber.c"
    r = _check(str(path), "--frontend", frontend, "--bound", "3", "--no-replay", "--stats")
    note = [ln for ln in r.stderr.splitlines() if "inline assembly" in ln]
    assert len(note) == 1 and note[0].startswith(
        "note: 1 inline assembly statement modelled as unknown code (outputs arbitrary; a "
        "\"memory\" clobber havocs what a function without a body may write), the first "
        "at ") and note[0].endswith("inline_asm/memory_clobber.c:8:3"), r.stderr
    j = json.loads(_check(str(path), "--frontend", frontend, "--bound", "3", "--no-replay",
                          "--json").stdout)
    assert j["stats"]["inline_asm"] == 1 and "asm" in j["stats"]["externals"]
    quiet = _check(str(path), "--frontend", frontend, "--bound", "3", "--no-replay", "-q")
    assert "inline assembly" not in quiet.stderr


def test_memory_stays_split_by_class_around_a_memory_clobber():
    """An asm with a "memory" clobber is a call of a function without a body whose
    arguments are its pointer inputs and memory operands: they escape to the points-to
    class UNKNOWN, and the rest of memory keeps its classes -- one byte-level class stays
    alone on byte level (every SV-COMP Linux driver task went whole-program byte level
    on its first `readl`), and a heap object the asm never gets a pointer to keeps its
    value (memory_clobber_other_class_ok.c: a possible bug before)."""
    r = _check(str(DATA / "memory_operand_clobber.c"), "--frontend", "c", "--bound", "3",
               "--no-replay", "--json")
    s = json.loads(r.stdout)["stats"]
    assert s["byte_level_classes"] == 1 and s["memory_classes"] >= 2, s
    assert "the whole program" not in s["encoding_reason"], s["encoding_reason"]


# ------------------------------------------------------------------ the syntax rewrites

def test_symbolic_names_and_inline_are_blanked_in_place():
    src = 'void f(int *p){int x; asm inline volatile("%[o]" : [o] "=r"(x) : [in] "r"(p));}'
    out = rewrite_asm(src, "t.c")
    assert len(out) == len(src)
    assert out == ('void f(int *p){int x; asm        volatile("%[o]" :     "=r"(x) :      '
                   '"r"(p));}')


def test_file_scope_asm_goes_and_strings_stay():
    src = ('# 1 "a.c"\nint g(void) asm("gg");\nstruct s { int a; };\n'
           'asm(".globl h\\nh: ret");\nchar *t = "[x] \\"y\\" asm(\\"z\\")";\n')
    out = rewrite_asm(src, "t.c")
    assert out.count("\n") == src.count("\n") and len(out) == len(src)
    assert 'asm("gg")' in out and ".globl" not in out and out.split("\n")[4] == \
        src.split("\n")[4]


def test_asm_goto_and_startup_sections_are_unsupported_where_they_are():
    with pytest.raises(BoogieError) as e:
        rewrite_asm('# 7 "k.h"\nvoid f(void) {\n  asm volatile goto("" :::: l); l:;\n}\n',
                    "t.c")
    assert str(e.value.first.loc) .startswith("k.h:8:")
    assert "asm goto" in e.value.first.message
    assert runs_at_startup('.section .init_array,"aw"') and runs_at_startup(".ctors")
    assert not runs_at_startup(".section .comment") and not runs_at_startup(".initx")


# ------------------------------------------------------------------ constraint strings

def test_gnu_outputs():
    assert gnu_is_output("=r") and gnu_is_output("+m") and gnu_is_output("=&r")
    assert not gnu_is_output("r") and not gnu_is_output("0")


def test_llvm_constraints():
    c = parse_llvm_constraints("=r,r,*m,0,~{memory},~{dirflag},~{fpsr},~{flags}")
    assert (c.direct, c.written, c.read, c.arguments, c.memory, c.labels) == \
        (1, (), (1,), 3, True, 0)
    c = parse_llvm_constraints("=*m,=&r,*m,~{cc}")
    assert (c.direct, c.written, c.read, c.arguments, c.memory) == (1, (0,), (1,), 2, False)
    c = parse_llvm_constraints("=r|m,{ax},!i,~{Memory}")
    assert (c.direct, c.arguments, c.memory, c.labels) == (1, 1, True, 1)
    assert split_constraints("={ax},{r8,x},r") == ["={ax}", "{r8,x}", "r"]
    assert parse_llvm_constraints("").arguments == 0


@pytest.mark.parametrize("frontend", [pytest.param("c"),
                                      pytest.param("llvm", marks=needs_clang)])
def test_pointer_output_under_memory_checks_is_unsupported(tmp_path: Path, frontend: str):
    """An arbitrary pointer is no object of the allocation map: a dereference would be a
    false invalid-dereference bug."""
    src = tmp_path / "p.c"
    src.write_text('int main(void) {\n  int x = 1;\n  int *q;\n'
                   '  __asm__("" : "=r"(q) : "0"(&x));\n  return *q;\n}\n')
    r = _check(str(src), "--frontend", frontend, "--bound", "2", "--memory-safety",
               "--no-replay")
    assert "memory checks: a pointer output of inline assembly" in r.stdout + r.stderr
    assert r.stdout.splitlines()[0].startswith("unknown"), r.stdout


# ------------------------------------------------------------------ mixed-width bit-fields

def _c_program(tmp_path: Path, text: str):
    src = tmp_path / "b.c"
    src.write_text(text)
    return load([str(src)], FrontendOptions(frontend="c", data_model="LP64")).program


def _verify_c(tmp_path: Path, text: str):
    """The C program `text` verified at bound 2 (the result)."""
    from verifier.engine import verify
    from verifier.options import VerifyOptions
    return verify(_c_program(tmp_path, text), VerifyOptions(entry="main", bound=2, timeout=120))


def test_mixed_bitfields_take_gccs_size(tmp_path: Path):
    """`char c; unsigned short a:3; unsigned char b:7; char d;`: b crosses a byte boundary
    of its type and moves to byte 2, d follows at 3, sizeof 4 (gcc -m64); the run's
    two-byte unit covers bytes 1-2 only."""
    r = _verify_c(tmp_path, "#include <assert.h>\nstruct t { char c; unsigned short a : 3;"
                      " unsigned char b : 7; char d; };\nint main(void) {\n"
                      "  struct t x = {1, 5, 100, 7};\n  assert(sizeof(struct t) == 4);\n"
                      "  assert(x.c == 1 && x.a == 5 && x.b == 100 && x.d == 7);\n"
                      "  return 0;\n}\n")
    assert r.verdict.value in ("correct", "bounded"), r.reason


def test_a_member_in_the_bytes_a_mixed_run_leaves_takes_gccs_place(tmp_path: Path):
    """`unsigned short a:13; unsigned char b:7; char c;`: the run uses bytes 0-2 of its
    four-byte unit and gcc puts c at byte 3 (sizeof 4): no longer refused; each write keeps
    the others (tests/data/c/verdict/bitfield_unit_member_ok.c is the kernel's case)."""
    r = _verify_c(tmp_path, "#include <assert.h>\nstruct t { unsigned short a : 13; "
                      "unsigned char b : 7; char c; };\nint main(void) {\n  struct t x = {0};\n"
                      "  assert(__builtin_offsetof(struct t, c) == 3 && sizeof(struct t) == 4);\n"
                      "  x.c = 1; x.a = 8191; x.b = 127; x.c = x.c + 1;\n"
                      "  assert(x.c == 2 && x.a == 8191 && x.b == 127);\n  return 0;\n}\n")
    assert r.verdict.value == "correct", r.reason


def test_mixed_bitfields_whose_unit_would_pass_the_struct_end_are_unsupported(tmp_path: Path):
    """A packed three-byte run in a three-byte struct: its four-byte unit would reach past
    the struct."""
    with pytest.raises(Unsupported) as e:
        _c_program(tmp_path, "struct __attribute__((packed)) t { unsigned char a : 7; "
                   "unsigned short b : 10; unsigned char c : 5; };\n"
                   "int main(void) { struct t x; x.c = 1; return x.c; }\n")
    assert "bit-fields of different widths" in str(e.value)
    assert "past the end of the struct" in str(e.value)
