"""The CLI on C and LLVM inputs: front end chosen by extension, verdicts and exit codes,
unsupported constructs give UNKNOWN (exit 20) with a one-line diagnostic, bad C gives a
one-line error (exit 2), `translate` writes Boogie that re-parses and type-checks."""
from __future__ import annotations

import json
import textwrap

import pytest
from click.testing import CliRunner

from boogie.parser import parse_program
from boogie.typecheck import typecheck
from pycorral.cli import main

BUG = """\
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main() {
  int x = __VERIFIER_nondet_int();
  int y = x * 2;
  if (x > 5 && y == 14) reach_error();
  return 0;
}
"""
OK = BUG.replace("y == 14", "y == 13")


def run(*args):
    return CliRunner().invoke(main, list(args))


@pytest.fixture
def cfile(tmp_path):
    def make(text, name="prog.c"):
        p = tmp_path / name
        p.write_text(textwrap.dedent(text))
        return str(p)
    return make


@pytest.mark.parametrize("encoding", ["int", "bv"])
def test_c_bug_and_trace_names_c_lines(cfile, encoding):
    path = cfile(BUG)
    r = run("check", path, "--encoding", encoding, "--json")
    assert r.exit_code == 10, r.output
    out = json.loads(r.output)
    assert out["verdict"] == "bug"
    lines = {s["line"] for s in out["trace"]["steps"] if s["file"] == path}
    assert 6 in lines                      # the reach_error call
    assert out["stats"]["frontend"] == "c"


@pytest.mark.parametrize("encoding", ["int", "bv"])
def test_c_correct_is_exit_0(cfile, encoding):
    r = run("check", cfile(OK), "--encoding", encoding)
    assert r.exit_code == 0, r.output
    assert r.output.startswith(("correct", "no bug found"))


def test_llvm_front_end_agrees(cfile):
    r = run("check", cfile(BUG), "--frontend", "llvm", "--json")
    if "clang" in r.output and "not found" in r.output:
        pytest.skip("no clang available")
    assert r.exit_code == 10, r.output
    assert json.loads(r.output)["stats"]["frontend"] == "llvm"


def test_unsupported_construct_is_unknown_with_a_located_diagnostic(cfile):
    path = cfile("int main() { long double f = 1.0; return f > 0; }\n")
    r = run("check", path)                 # output holds stdout and stderr (click 8.2+)
    assert r.exit_code == 20
    assert f"{path}:1:26: error: unsupported C construct: long double" in r.stderr
    assert "unknown: unsupported" in r.output
    assert "Traceback" not in r.output


def test_bad_c_is_one_line_exit_2(cfile):
    path = cfile("int main() { int x = ; }\n")
    r = run("check", path)
    assert r.exit_code == 2
    assert r.output.startswith(f"{path}:1:")
    assert ": error: " in r.output and len(r.output.strip().splitlines()) == 1


def test_missing_c_file_is_one_line_exit_2():
    r = run("check", "no/such/prog.c")
    assert r.exit_code == 2
    assert r.output.strip() == "no/such/prog.c:1:1: error: cannot read file: No such file or directory"


def test_translate_writes_checked_boogie(cfile, tmp_path):
    out = tmp_path / "prog.bpl"
    r = run("translate", cfile(BUG), "-o", str(out), "--encoding", "bv")
    assert r.exit_code == 0, r.output
    prog = parse_program(out.read_text(), str(out))
    typecheck(prog)
    assert "main" in prog.procedures()


def test_several_c_files_of_one_program(cfile):
    lib = cfile("int twice(int x) { return 2 * x; }\n", "lib.c")
    main_c = cfile("""\
        extern void reach_error(void);
        int twice(int);
        int main() { if (twice(3) != 6) reach_error(); return 0; }
        """, "main.c")
    r = run("check", main_c, lib)
    assert r.exit_code == 0, r.output


def test_unknown_extension_is_a_usage_error(tmp_path):
    p = tmp_path / "x.txt"
    p.write_text("")
    assert run("check", str(p)).exit_code == 2


def test_bug_through_overapproximated_bit_operation_is_unknown(cfile):
    """In the int encoding `x ^ y` of two variables is over-approximated; a bug that needs
    the over-approximation is not reported as a bug (bv refutes it)."""
    path = cfile("""\
        extern int __VERIFIER_nondet_int(void);
        extern void reach_error(void);
        int main() {
          int x = __VERIFIER_nondet_int();
          int y = __VERIFIER_nondet_int();
          if (x == 1 && y == 2 && (x ^ y) == 0) reach_error();
          return 0;
        }
        """)
    r = run("check", path, "--encoding", "int")
    assert r.exit_code == 20, r.output
    assert "over-approximated operation ('^' at " in r.output
    assert run("check", path, "--encoding", "bv").exit_code == 0
