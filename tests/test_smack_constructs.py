"""SMACK's constructs beyond plain C: inline Boogie (`__SMACK_code`, `__SMACK_decl`,
`__SMACK_top_decl`), initialisation functions (`__SMACK_INIT`) and variable arguments
(`va_arg`).

- The SMACK corpus's bug tests of these constructs go through plain `pycorral check FILE`
  (no flags, in a subprocess, as a user runs it): each is a bug, with the native replay's
  honest answer (a program running injected Boogie is not replayable; the others are
  confirmed by execution).
- The pieces: the placeholder template (SMACK's format characters), the Boogie command
  parser the injected text goes through, and the relocation of injected code to its call.
The data-driven verdicts are tests/data/c/verdict/smack_*.c and vararg_*.c (both
encodings), tests/data/llvm/verdict/smack_*.c (LLVM front end), the diagnostics
tests/data/c/unsupported/smack_*.c and vararg_*.c, and the replays tests/data/replay/.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from boogie.ast import Assign, Call, Loc, Var
from boogie.errors import BoogieError, error
from boogie.parser import parse_commands
from frontend.smack_inline import Injections, hole, relocate, template

from conftest import corpus_dir

ROOT = Path(__file__).resolve().parents[1]

# file -> the replay line plain `check` prints
CORPUS_BUGS = {
    "init_funcs_example_fail.c": "not confirmed by execution (not replayable): the program "
                                 "injects Boogie code (__SMACK_code)",
    "init_funcs_global_fail.c": "confirmed by execution",
    "smack_code_call_fail.c": "not confirmed by execution (not replayable): the program "
                              "injects Boogie code (__SMACK_code)",
    "uninterpreted_fail.c": "not confirmed by execution (not replayable): the program "
                            "injects Boogie code (__SMACK_code)",
    "vararg_fail.c": "confirmed by execution",
}


@pytest.mark.corpora("smack")
@pytest.mark.parametrize("name", sorted(CORPUS_BUGS))
def test_corpus_bug_found_by_plain_check(name):
    path = corpus_dir("smack") / "basic" / name
    r = subprocess.run([sys.executable, "-m", "pycorral.cli", "check", str(path)],
                       capture_output=True, text=True, cwd=ROOT, timeout=300,
                       env={**os.environ, "PYTHONPATH": str(ROOT)})
    lines = r.stdout.splitlines()
    assert r.returncode == 10 and lines[:1] == ["bug found"], r.stdout + r.stderr
    assert lines[1].startswith(CORPUS_BUGS[name]), lines[1]


@pytest.mark.corpora("smack")
@pytest.mark.parametrize("name", sorted(n.replace("_fail", "") for n in CORPUS_BUGS))
def test_corpus_correct_twin_is_not_a_bug(name):
    """The corpus's correct twin of each test: proved or bounded, never a bug."""
    from frontend.c import CFrontendOptions, translate_files
    from verifier.engine import verify
    from verifier.options import VerifyOptions
    path = corpus_dir("smack") / "basic" / name
    prog = translate_files([str(path)], CFrontendOptions())
    r = verify(prog, VerifyOptions(entry="main", bound=3, timeout=60))
    assert r.verdict.value in ("correct", "no bug within bound"), (r.verdict, r.reason)


def _sink() -> Injections:
    return Injections(lambda loc, what: error("unsupported", loc, f"unsupported: {what}"))


@pytest.mark.parametrize("text,expected,fmts", [
    ("@ := FOO(@);", f" {hole(0)}  := FOO( {hole(1)} );", [None, None]),
    ("@c := ID8(@c);", f" {hole(0)}  := ID8( {hole(1)} );", ["c", "c"]),
    ("assume @h == @I && @x;", f"assume  {hole(0)}  ==  {hole(1)}  &&  {hole(2)} x;",
     ["h", "I", None]),
    ("assume true;", "assume true;", []),
])
def test_template_reads_placeholders_and_format_characters(text, expected, fmts):
    assert template(_sink(), text, "__SMACK_code", Loc("f.c", 3, 1)) == (expected, fmts)


def test_template_refuses_the_reserved_name():
    with pytest.raises(BoogieError, match="reserved name"):
        template(_sink(), f"assume {hole(0)} > 0;", "__SMACK_code", Loc("f.c", 3, 1))


def test_parse_commands_reads_simple_commands_only():
    cmds = parse_commands("x := 1; call r := f(x); assume x > 0; assert {:a} x > 0; "
                          "havoc x, y; m[x] := 2;")
    assert [type(c).__name__ for c in cmds] == ["Assign", "Call", "Assume", "Assert",
                                                 "Havoc", "Assign"]
    assert cmds[1] == Call("f", (Var("x"),), ("r",))
    assert parse_commands("") == ()
    for text, what in (("if (x > 0) { x := 1; }", "an if statement"),
                       ("goto L;", "a jump"), ("L: x := 1;", "a label"),
                       ("while (true) { }", "a while loop")):
        with pytest.raises(BoogieError, match=f"only, not {what}"):
            parse_commands(text)
    with pytest.raises(BoogieError, match="expected"):
        parse_commands("x := 1")


def test_relocate_puts_every_node_at_the_call():
    at = Loc("prog.c", 12, 3)
    (c,) = parse_commands("x := (forall p: int :: m[p] == y);", "<injected>")
    moved = relocate(c, at)
    assert moved == c                       # locations do not take part in equality
    assert isinstance(moved, Assign) and moved.loc == at
    stack = [moved.rhs[0]]
    seen = 0
    while stack:
        e = stack.pop()
        assert e.loc == at, e
        seen += 1
        stack.extend(x for x in getattr(e, "args", ()) if hasattr(x, "loc"))
        for name in ("body", "map"):
            if hasattr(e, name):
                stack.append(getattr(e, name))
        stack.extend(getattr(e, "indices", ()))
    assert seen >= 5
