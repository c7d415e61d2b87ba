"""Hostile C for the C front end: regressions of a fuzz campaign, run through the real
command line (`python -m pycorral.cli check FILE --no-replay`) in a subprocess.

Every case: never a traceback, never "internal error".  C that gcc rejects is bad input
(exit 2, one `file:line:col: error: message` line at gcc's position), never a verdict; C
that gcc accepts gets a verdict, or "unknown" (exit 20) with the reason and its location
when our front end cannot read it (e.g. nested too deeply).  Cases marked "without gcc"
run with a PATH that has no gcc (a `.i` file needs no preprocessor), to check the front
end's own diagnostics.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import child_cpu_seconds

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT = 120

needs_gcc = pytest.mark.skipif(shutil.which("gcc") is None, reason="gcc not installed")


def check(path: Path, *extra: str, gcc: bool = True) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
    if not gcc:
        env["PATH"] = str(path.parent / "no-gcc-here")
    r = subprocess.run([sys.executable, "-m", "pycorral.cli", "check", path.name,
                        "--no-replay", "--timeout", "60", *extra], cwd=path.parent,
                       capture_output=True, text=True, timeout=TIMEOUT, env=env)
    both = r.stdout + r.stderr
    assert "Traceback" not in both and "internal error" not in both, both
    return r


def bad_input(r: subprocess.CompletedProcess) -> str:
    """Exit 2 and exactly one diagnostic line on stderr, nothing on stdout; the line."""
    assert r.returncode == 2, r.stdout + r.stderr
    assert r.stdout == "", r.stdout
    lines = r.stderr.splitlines()
    assert len(lines) == 1, r.stderr
    assert re.fullmatch(r".+:\d+:\d+: error: .+", lines[0]), lines[0]
    return lines[0]


def write(tmp_path: Path, name: str, text: str | bytes) -> Path:
    p = tmp_path / name
    if isinstance(text, bytes):
        p.write_bytes(text)
    else:
        p.write_text(text)
    return p


PROLOGUE = "extern void reach_error(void);\n"

# ------------------------------------------------------------------ 1. gcc's syntax check


@needs_gcc
def test_duplicate_case_is_rejected_at_gccs_position(tmp_path):
    p = write(tmp_path, "dup.c", PROLOGUE + "int main(void) {\n  int x = 1;\n  switch (x) {\n"
              "    case 1: reach_error(); break;\n    case 1: break;\n  }\n  return 0;\n}\n")
    assert bad_input(check(p)) == "dup.c:6:5: error: duplicate case value"


@needs_gcc
def test_gcc_warnings_do_not_reject(tmp_path):
    # an implicit declaration and an int-to-pointer conversion: warnings, as in SV-COMP
    p = write(tmp_path, "warn.c", "int main(void) {\n  int *q = 4096;\n"
              "  int x = __VERIFIER_nondet_int();\n  if (x == 3) reach_error();\n"
              "  return q == 0;\n}\n")
    r = check(p)
    assert r.returncode == 10 and "bug found" in r.stdout, r.stdout + r.stderr


@needs_gcc
def test_error_in_an_included_header_names_the_header(tmp_path):
    write(tmp_path, "bad.h", "int f(void) { return }\n")
    p = write(tmp_path, "inc.c", '#include "bad.h"\nint main(void) { return f(); }\n')
    assert bad_input(check(p)) == "bad.h:1:22: error: expected expression before '}' token"


# ------------------------------------------------------------------ 2. any byte in a literal

RAW = (b"extern void reach_error(void);\nint main(void) {\n"
       b"  char *s = \"\xff-raw-byte\";\n  char c = '\xfe';\n"
       b"  if (s[0] != (char)0xff || c != (char)0xfe || s[1] != '-') reach_error();\n"
       b"  return 0;\n}\n")


@pytest.mark.parametrize("ext", [".c", ".i"])
def test_raw_bytes_in_literals_are_the_source_bytes(tmp_path, ext):
    r = check(write(tmp_path, "raw" + ext, RAW))
    assert r.returncode == 0, r.stdout + r.stderr


def test_raw_byte_assertion_that_fails_is_a_bug(tmp_path):
    r = check(write(tmp_path, "rawbug.c", RAW.replace(b"(char)0xff", b"(char)0xfe")))
    assert r.returncode == 10 and "bug found" in r.stdout, r.stdout + r.stderr


# ------------------------------------------------------------------ 3. deep nesting


def test_1000_nested_parentheses(tmp_path):
    p = write(tmp_path, "parens.c", PROLOGUE + "int main(void) { int x = " + "(" * 1000 + "1"
              + ")" * 1000 + ";\n  if (x != 1) reach_error(); return 0; }\n")
    assert check(p).returncode == 0


def test_3000_nested_blocks(tmp_path):
    p = write(tmp_path, "blocks.c", PROLOGUE + "int main(void) { int x = 0; " + "{" * 3000
              + "x++;" + "}" * 3000 + "\n  if (x != 1) reach_error(); return 0; }\n")
    assert check(p).returncode == 0


def test_long_sum_is_walked_without_recursion(tmp_path):
    # (30,000 terms keep the test fast -- pycparser needs about 3 s for them; 100,000 work
    # the same way, in 10 s)
    n = 30000
    p = write(tmp_path, "sum.c", PROLOGUE + "int main(void) { int a = 1; int x; x = "
              + "+".join(["a"] * n) + f";\n  if (x != {n}) reach_error(); return 0; }}\n")
    r = check(p)
    assert r.returncode == 0, r.stdout + r.stderr


def test_long_condition_chain(tmp_path):
    n = 5000
    p = write(tmp_path, "and.c", PROLOGUE + "int main(void) { int a = 1;\n  if ("
              + " && ".join(["a"] * n) + ") reach_error(); return 0; }\n")
    r = check(p)
    assert r.returncode == 10, r.stdout + r.stderr


def test_beyond_reach_is_unknown_at_the_real_position(tmp_path):
    text = "int main(void) { int x = " + "(" * 30000 + "1" + ")" * 30000 + "; return x; }\n"
    r = check(write(tmp_path, "deep.i", text))
    assert r.returncode == 20 and "unknown: unsupported: nested too deeply" in r.stdout, \
        r.stdout + r.stderr
    m = re.search(r"^deep\.i:1:(\d+): error: nested too deeply$", r.stderr, re.M)
    assert m and 1000 < int(m.group(1)) <= text.index("1)"), r.stderr


# ------------------------------------------------------------------ 4. error locations


def test_end_of_input_is_placed_after_the_last_token_without_gcc(tmp_path):
    p = write(tmp_path, "eof.i", "int main(void) {\n  int x = 1;\n  return x;\n")
    assert bad_input(check(p, gcc=False)) == "eof.i:3:12: error: expected '}' at end of input"


@needs_gcc
def test_end_of_input_with_gcc(tmp_path):
    p = write(tmp_path, "eof.c", "int main(void) {\n  int x = 1;\n  return x;\n")
    assert bad_input(check(p)) == \
        "eof.c:3:3: error: expected declaration or statement at end of input"


@needs_gcc
@pytest.mark.parametrize("text, line", [
    ('int x;\n#include "missing.h"\nint main(void) { return 0; }\n',
     "pp.c:2:10: error: missing.h: No such file or directory"),
    ("int x;\n#error boom\nint main(void) { return 0; }\n", "pp.c:2:2: error: #error boom"),
    ("int x;\n#if 1\nint main(void) { return 0; }\n", "pp.c:2:1: error: unterminated #if"),
    ("#define F(a) a\nint main(void) { return F(1, 2); }\n",
     'pp.c:2:31: error: macro "F" passed 2 arguments, but takes just 1'),
])
def test_preprocessor_errors_at_their_position(tmp_path, text, line):
    assert bad_input(check(write(tmp_path, "pp.c", text))) == line


# ------------------------------------------------------------------ 5. huge literals

HUGE = "int main(void) {\n  long long v = 1" + "0" * 4999 + ";\n  return 0;\n}\n"


@pytest.mark.parametrize("ext, gcc", [(".c", True), (".i", False)])
def test_5000_digit_literal_is_a_diagnostic(tmp_path, ext, gcc):
    if gcc and shutil.which("gcc") is None:
        pytest.skip("gcc not installed")
    p = write(tmp_path, "huge" + ext, HUGE)
    assert bad_input(check(p, gcc=gcc)) == \
        f"huge{ext}:2:17: error: integer constant is too large for its type"


def test_leading_zeros_are_not_too_large(tmp_path):
    p = write(tmp_path, "zeros.i", PROLOGUE + "int main(void) {\n  int v = 0" + "0" * 5000
              + "7;\n  if (v != 7) reach_error();\n  return 0;\n}\n")
    assert check(p, gcc=False).returncode == 0


# ------------------------------------------------------------------ other hostile files


@pytest.mark.parametrize("name, data", [("empty.c", b""), ("nul.c", b"\0" * 1000),
                                        ("nul.i", b"\0" * 1000)])
def test_no_main(tmp_path, name, data):
    r = check(write(tmp_path, name, data))
    assert bad_input(r) == f"{name}:1:1: error: entry function 'main' is not defined"


@pytest.mark.parametrize("data", [b"int main(void)\r\n{\r\n  return 0;\r\n}\r\n",
                                  b"int main(void)\r{\r return 0;\r}\r",
                                  b"int main(void)\x0c{\x0b return 0;\0 }\n"])
def test_white_space_gcc_accepts_in_i_files(tmp_path, data):
    assert check(write(tmp_path, "ws.i", data)).returncode == 0


@needs_gcc
def test_array_too_large_for_ilp32_is_rejected(tmp_path):
    p = write(tmp_path, "big.c", "int a[1000000000000];\nint main(void) { return a[5]; }\n")
    assert bad_input(check(p, "--data-model", "ILP32")) == \
        "big.c:1:5: error: size of array 'a' is too large"


def test_array_too_large_without_gcc(tmp_path):
    p = write(tmp_path, "big.i", "int a[1000000000000];\nint main(void) { return a[5]; }\n")
    assert bad_input(check(p, "--data-model", "ILP32", gcc=False)) == \
        "big.i:1:5: error: size of array is too large"


def test_huge_array_in_lp64_is_translated(tmp_path):
    p = write(tmp_path, "big64.i", PROLOGUE + "char s[1000000000000] = \"ab\";\n"
              "int main(void) { if (s[1] != 'b' || s[999999999999] != 0) reach_error();"
              " return 0; }\n")
    assert check(p, "--data-model", "LP64", gcc=False).returncode == 0


@needs_gcc
def test_valid_c_our_parser_cannot_read_is_unknown(tmp_path):
    # gcc reads UTF-8 identifiers (its preprocessor spells them as \u escapes); pycparser
    # does not: valid C that we cannot read is unknown, not bad input
    p = write(tmp_path, "utf8.c", "int main(void) {\n  int caf\u00e9 = 0;\n"
              "  return caf\u00e9;\n}\n")
    r = check(p)
    assert r.returncode == 20 and "unknown: unsupported" in r.stdout, r.stdout + r.stderr
    assert r.stderr.startswith("utf8.c:2:"), r.stderr


def test_deadline_during_a_deep_run_ends_the_run(tmp_path):
    # 20,000 nested struct declarations: the parse on the big stack takes about 17 s of CPU;
    # the deadline interrupts the caller waiting for it, and the deep run is abandoned (the
    # process ends: its CPU time stays near the 2 s limit; measured as CPU, not wall time)
    n = 20000
    text = "".join(f"struct s{i} {{" for i in range(n)) + "int x;" + "} f;" * n + \
        "\nint main(void) { return 0; }\n"
    p = write(tmp_path, "slow.i", text)
    before = child_cpu_seconds()
    r = check(p, "--timeout", "2", gcc=False)
    assert r.returncode == 20 and "unknown: timeout" in r.stdout, r.stdout + r.stderr
    assert child_cpu_seconds() - before < 8


@needs_gcc
def test_utf8_file_name_in_locations(tmp_path):
    # the preprocessor's line markers hold the name's UTF-8 bytes: read as a path
    p = write(tmp_path, "caf\u00e9.c", PROLOGUE + "int main(void) {\n  int x = 1;\n"
              "  if (x) reach_error();\n  return 0;\n}\n")
    r = check(p)
    assert r.returncode == 10 and "caf\u00e9.c:4:" in r.stdout, r.stdout + r.stderr
