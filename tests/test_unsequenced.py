"""The C front end's warning for calls whose arguments' order of evaluation matters
(frontend/c/unsequenced.py), and the evaluation order both front ends assume.

Data-driven: each tests/data/unsequenced/*.c file, and each tests/data/replay/*.c file with
WARNING lines, states `// WARNING@<line>: <text>` for every warning it must produce (the
text is the start of the message); no other line of the file may have one.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from frontend.c import CFrontendOptions, translate_files
from frontend.c.translate import c_warnings

from cases import read_case

DATA = Path(__file__).parent / "data"
CASES = sorted((DATA / "unsequenced").glob("*.c")) + \
    [p for p in sorted((DATA / "replay").glob("*.c")) if read_case(p).qualified("WARNING")]


def _warnings(path: Path, **opts) -> list[tuple[str, int, int, str]]:
    prog = translate_files([str(path)], CFrontendOptions(**opts))
    out = []
    for line in c_warnings(prog):
        m = re.match(r"(.*?):(\d+):(\d+): warning: (.*)", line)
        assert m, line
        out.append((m.group(1), int(m.group(2)), int(m.group(3)), m.group(4)))
    return out


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.name)
def test_warnings_as_stated(path: Path):
    expected = {int(q): text for q, text in read_case(path).qualified("WARNING")}
    got = _warnings(path)
    assert all(f == str(path) for f, *_ in got), got
    assert sorted(ln for _, ln, _, _ in got) == sorted(expected), got
    for _, ln, _, message in got:
        assert message.startswith(expected[ln]), (ln, message)


def test_warning_names_the_call_and_its_column(tmp_path):
    src = tmp_path / "p.c"
    src.write_text("extern int __VERIFIER_nondet_int(void);\nvoid f(int a, int b) { }\n"
                   "int main(void) { f(1, 2);   f(__VERIFIER_nondet_int(), "
                   "__VERIFIER_nondet_int()); return 0; }\n")
    # the file's column, not the preprocessed line's (gcc -E collapses the spaces: 27)
    assert [(ln, col) for _, ln, col, _ in _warnings(src)] == [(3, 29)]


def test_the_warning_does_not_change_the_translation(tmp_path, monkeypatch):
    """The program translates the same with the check as without it, but for the
    warnings on the entry's attributes: the verdict cannot change."""
    import frontend.c.translate as translate
    from boogie.printer import format_program
    src = tmp_path / "p.c"
    src.write_text("extern int __VERIFIER_nondet_int(void);\nextern void reach_error(void);\n"
                   "void f(int a, int b) { if (a == 3 && b == 7) reach_error(); }\n"
                   "int main(void) { f(__VERIFIER_nondet_int(), __VERIFIER_nondet_int()); "
                   "return 0; }\n")
    warned = format_program(translate_files([str(src)], CFrontendOptions()))
    monkeypatch.setattr(translate, "unsequenced_calls", lambda files, paths: [])
    plain = format_program(translate_files([str(src)], CFrontendOptions()))
    assert warned != plain
    assert re.sub(r' \{:c_warning "[^"]*", "[^"]*"\}', "", warned) == plain


def test_check_prints_each_warning_once_on_stderr(tmp_path):
    from click.testing import CliRunner

    from pycorral.cli import main
    src = tmp_path / "p.c"
    src.write_text("extern int __VERIFIER_nondet_int(void);\nextern void reach_error(void);\n"
                   "void f(int a, int b) { if (a == 3 && b == 7) reach_error(); }\n"
                   "int main(void) { for (int k = 0; k < 2; k++)\n"
                   "    f(__VERIFIER_nondet_int(), __VERIFIER_nondet_int());\n"
                   "  return 0; }\n")
    r = CliRunner().invoke(main, ["check", "--no-replay", "--bound", "2", str(src)])
    assert r.stdout.startswith("bug found"), r.output
    lines = [ln for ln in r.stderr.splitlines() if ": warning: " in ln]
    assert lines == [f"{src}:5:5: warning: arguments 1 and 2 of 'f' both read "
                     "nondeterministic values: C leaves their order unspecified (pycorral "
                     "evaluates arguments left to right; gcc on x86-64, right to left)"]
    quiet = CliRunner().invoke(main, ["check", "--no-replay", "--quiet", "--bound", "2",
                                      str(src)])
    assert ": warning: " not in quiet.stderr and quiet.stdout.startswith("bug found")
