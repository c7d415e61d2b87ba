"""Points-to classes of the C front end's memory (frontend/c/points_to.py, issue 36):
the number of classes and of byte-level classes of the verdict cases that state them
(`// CLASSES: N`, `// BYTE_LEVEL_CLASSES: B` in tests/data/c/verdict/), what the
analysis unifies, and the statistics of `check --json`."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from boogie.ast import ProcedureDecl
from cases import read_case
from frontend.c import CFrontendOptions, translate_files

ROOT = Path(__file__).resolve().parent.parent
VERDICT = sorted(p for p in (ROOT / "tests" / "data" / "c" / "verdict").glob("*.c")
                 if read_case(p).get("CLASSES") is not None)


def _classes(path: Path, **opts) -> tuple[int, int, list[tuple]]:
    prog = translate_files([str(path)], CFrontendOptions(**opts))
    entry = next(d for d in prog.decls if isinstance(d, ProcedureDecl)
                 and any(a.name == "entrypoint" for a in d.attrs))
    count = [a.args for a in entry.attrs if a.name == "memory_classes"]
    bad = [a.args for a in entry.attrs if a.name == "byte_level_class"]
    if not count:           # a type-safe program is not marked
        assert not bad
        return None, 0, []
    assert len(count) == 1
    n, b = (int(x) for x in count[0])
    assert b == len(bad)
    return n, b, bad


def test_the_cases_exist():
    assert len(VERDICT) >= 4


@pytest.mark.parametrize("encoding", ["int", "bv"])
@pytest.mark.parametrize("src", VERDICT, ids=[p.stem for p in VERDICT])
def test_class_counts(src: Path, encoding: str):
    case = read_case(src)
    n, b, bad = _classes(src, encoding=encoding)
    assert (n, b) == (int(case.get("CLASSES")), int(case.get("BYTE_LEVEL_CLASSES")))
    for name, _objects, where, what in bad:      # machine-readable: class, file:line, why
        assert name.startswith("R") and where.startswith(str(src)) and what


def _write(tmp_path: Path, text: str) -> Path:
    f = tmp_path / "t.c"
    f.write_text(text)
    return f


def test_typed_program_has_no_byte_level_class(tmp_path):
    # (and its Boogie text carries no class attributes: golden files stay as they were)
    f = _write(tmp_path, "int a[4]; int *p; struct s { int x; int *q; } v;\n"
               "int main(void) { p = a; v.q = &a[1]; *v.q = 2; return p[1]; }\n")
    n, b, _ = _classes(f)
    assert b == 0 and n is None


def test_one_pun_condemns_its_class_only(tmp_path):
    f = _write(tmp_path, "int a[2]; short b[2]; char c[4];\n"
               "int main(void) { short *s = (short *)c; s[0] = 1; a[0] = 2; b[1] = 3;\n"
               "  return a[0] + b[1] + c[0]; }\n")
    n, b, bad = _classes(f)
    assert b == 1 and n >= 3
    assert "char" in bad[0][3] and "c" in bad[0][1].split()


def test_unifying_through_a_void_slot_joins_the_classes(tmp_path):
    # the same slot holds both objects: one class, so the pun on b reaches a's class too
    f = _write(tmp_path, "int a[2]; char b[4]; void *slot;\n"
               "int main(int argc, char **argv) { if (argc) slot = a; else slot = b;\n"
               "  int *p = (int *)slot; return *p; }\n")
    n, b, bad = _classes(f)
    assert b == 1
    assert {"a", "b"} <= set(bad[0][1].split())


def test_arguments_of_an_extern_function_are_exposed(tmp_path):
    # both objects escape to a function without a body: they share the unknown class
    f = _write(tmp_path, "extern void take(void *x);\nint a[2]; char b[4];\n"
               "int main(void) { take(a); take(b); int *p = (int *)(void *)b; return *p; }\n")
    _, b, bad = _classes(f)
    assert b == 1 and bad[0][0] == "R?"


def test_check_json_reports_the_classes():
    src = ROOT / "tests" / "data" / "c" / "verdict" / "pts_device_extension_ok.c"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    p = subprocess.run([sys.executable, "-c", "from pycorral.cli import main; main()",
                        "check", str(src), "--frontend", "c", "--bound", "1", "--json"],
                       capture_output=True, text=True, env=env, cwd=ROOT)
    doc = json.loads(p.stdout.strip().splitlines()[-1])
    stats = doc.get("stats", doc)
    assert stats["memory_classes"] == 4 and stats["byte_level_classes"] == 1
    assert "note: byte-level class R" in p.stderr


VIEWS = ROOT / "tests" / "data" / "c" / "verdict"


@pytest.mark.parametrize("encoding", ["int", "bv"])
@pytest.mark.parametrize("stem", ["views_dead_char_view_ok", "views_union_one_member_ok"])
def test_a_view_no_access_is_made_through_leaves_the_class_typed(stem: str, encoding: str):
    # `char *t = malloc(sizeof(struct S)); return (void *)t;` reads no char, and a union
    # member the program never names reads nothing: neither makes its class byte level
    # (their twins views_live_char_view_bug.c / views_union_other_member_bug.c, which do
    # access through the other view, state one byte-level class in their headers)
    n, b, _ = _classes(VIEWS / f"{stem}.c", encoding=encoding)
    assert (n, b) == (None, 0)


def test_the_same_views_with_an_access_through_each_make_the_class_byte_level(tmp_path):
    f = _write(tmp_path, "#include <stdlib.h>\nstruct S { int a; short b; };\n"
               "int main(void) { char *t = malloc(sizeof(struct S)); struct S *s = (void *)t;\n"
               "  s->a = 1; return t[1]; }\n")
    _, b, bad = _classes(f)
    assert b == 1 and "char" in bad[0][3]


def test_accesses_no_class_can_be_given_count_in_every_class():
    # a heap map used whole (other than havoc), or read at an address made from a
    # quantifier's bound variable, is accessed wherever: its value class is live in
    # every class (so a view at that class is checked)
    from boogie.ast import INT, Assign, IntLit, MapSelect, Quant, QuantKind, Var, VarDecl
    from frontend.c.points_to import _Analysis
    an = _Analysis({"$M.i8", "$M.i32"}, [], {})
    an.proc = "p"
    x = VarDecl("x", INT)
    lam = Quant(QuantKind.LAMBDA, (x,), MapSelect(Var("$M.i8"), (Var("x"),)))
    an.command(Assign((Var("$M.i8"),), (lam,)))
    an.command(Assign((MapSelect(Var("$M.i32"), (Var("q"),)),), (IntLit(0),)))
    assert an.anywhere == {"$M.i8"}
    assert [k for k, _ in an.accesses] == ["$M.i32"]


def test_views_in_different_classes_leave_the_program_typed(tmp_path):
    # `int *` and `char *` each through a `void *` of its own: the program as a whole
    # views memory at both types (the whole-program check fails), but no class does,
    # so no map is byte level (before, this made the whole program byte level)
    f = _write(tmp_path, "int a[2]; char b[4]; void *va, *vb;\n"
               "int main(void) { va = a; vb = b; int *p = va; char *q = vb;\n"
               "  p[1] = 7; q[2] = 'x'; return p[1] + q[2]; }\n")
    n, b, _ = _classes(f)
    assert b == 0
    prog = translate_files([str(f)], CFrontendOptions())
    assert "$M.bytes" not in {d.name for d in prog.decls if hasattr(d, "name")}
