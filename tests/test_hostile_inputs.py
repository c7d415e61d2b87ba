"""Hostile inputs to the command line give exactly one `file:line:col: error: message` line
on stderr and exit code 2: never a traceback, never "internal error", never a verdict.

Each case runs the real command (`python -m pycorral.cli ...`) in a subprocess with a time
limit, in a temporary folder holding the files of `tests/data/hostile/` and the hostile
file, and checks the line and column of the diagnostic against the position of the
offending text, computed here from the file itself.  The regressions of a fuzz campaign:
deep task YAML, a 5,000-digit integer in trace JSON, malformed witnesses that replay used to
answer "not reached", multi-line LLVM and clang errors, absurd bitvector widths and long
Boogie integer literals.
"""
from __future__ import annotations

import hashlib
import os
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parent / "data" / "hostile"
ROOT = Path(__file__).resolve().parent.parent
TIMEOUT = 120


def run(args: list[str], cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
    return subprocess.run([sys.executable, "-m", "pycorral.cli", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=TIMEOUT, env=env)


def position(text: str, needle: str, nth: int = 0) -> tuple[int, int]:
    """1-based (line, column) of the nth occurrence of `needle` in `text`."""
    at = -1
    for _ in range(nth + 1):
        at = text.index(needle, at + 1)
    line = text.count("\n", 0, at) + 1
    return line, at - (text.rfind("\n", 0, at) + 1) + 1


def assert_bad_input(r: subprocess.CompletedProcess, file: str, line: int | None,
                     col: int | None, message: str = "") -> str:
    """Exit 2, nothing on stdout, one diagnostic line at file:line:col (None: any)."""
    both = r.stdout + r.stderr
    assert "Traceback" not in both and "internal error" not in both, both
    assert r.returncode == 2, both
    assert r.stdout == "", both
    lines = r.stderr.splitlines()
    assert len(lines) == 1, both
    m = re.fullmatch(r"(.+):(\d+):(\d+): error: (.+)", lines[0])
    assert m, lines[0]
    assert m.group(1) == file, lines[0]
    if line is not None:
        assert (int(m.group(2)), int(m.group(3))) == (line, col), lines[0]
    assert message in m.group(4), lines[0]
    return lines[0]


@pytest.fixture
def work(tmp_path: Path) -> Path:
    for f in DATA.iterdir():
        shutil.copy(f, tmp_path / f.name)
    digest = hashlib.sha256((tmp_path / "prog.c").read_bytes()).hexdigest()
    for w in ("witness.graphml", "witness.yml"):
        p = tmp_path / w
        p.write_text(p.read_text().replace("@HASH@", digest))
    return tmp_path


def _need_replay():
    from replay.native import toolchain
    if toolchain("ILP32") is None:
        pytest.skip("no native toolchain for ILP32 replay")


# ----------------------------------------------------------------------------- svcomp tasks

TASK_HEAD = "format_version: '2.0'\n"
TASK_PROPS = "properties:\n  - property_file: unreach-call.prp\n"


def test_task_nested_1000_deep(work):
    from svcomp.yaml_input import MAX_DEPTH
    text = TASK_HEAD + "input_files: " + "[" * 1000 + "]" * 1000 + "\n"
    (work / "deep.yml").write_text(text)
    # the document's mapping is level 1, so the (MAX_DEPTH)th '[' is one level too deep
    line, col = position(text, "[")
    col += MAX_DEPTH - 1
    assert_bad_input(run(["svcomp", "deep.yml"], work), "deep.yml", line, col,
                     f"nested more than {MAX_DEPTH} levels deep")


@pytest.mark.parametrize("name,body,needle,message", [
    ("python_tag", "input_files: !!python/object/apply:os.system ['echo PWNED']\n",
     "!!python", "could not determine a constructor"),
    ("missing_file", "input_files: 'missing.c'\n" + TASK_PROPS, "'missing.c'",
     "'missing.c' does not exist"),
    ("directory", "input_files: 'sub'\n" + TASK_PROPS, "'sub'", "is a directory"),
    ("ten_thousand", "input_files:\n" + "  - prog.c\n" * 10_000 + TASK_PROPS, "- prog.c",
     "lists 10000 files"),
    ("twice", "input_files: [prog.c, ok.c, prog.c]\n" + TASK_PROPS, "prog.c]",
     "listed twice"),
    ("property_dir", "input_files: prog.c\nproperties:\n  - property_file: sub\n", "sub",
     "property file 'sub' is a directory"),
    ("data_model", "input_files: prog.c\n" + TASK_PROPS + "options:\n  data_model: ILP16\n",
     "ILP16", "unknown data_model"),
    ("syntax", "input_files: [prog.c\n" + TASK_PROPS, ":\n  - property_file",
     "expected ',' or ']'"),
    ("huge_int", "input_files: prog.c\n" + TASK_PROPS + "x: " + "9" * 5000 + "\n",
     "9999", "too many digits"),
    ("no_property", "input_files: prog.c\nproperties: []\n", "properties",
     "the task lists no property"),
])
def test_bad_task_file(work, name, body, needle, message):
    (work / "sub").mkdir()
    text = TASK_HEAD + body
    (work / "t.yml").write_text(text)
    line, col = position(text, needle)
    assert_bad_input(run(["svcomp", "t.yml"], work), "t.yml", line, col, message)


def test_empty_property_file(work):
    (work / "empty.prp").write_text("\n")
    assert_bad_input(run(["svcomp", "--property", "empty.prp", "prog.c"], work), "empty.prp",
                     1, 1, "empty property file")


# ----------------------------------------------------------------------------- replay inputs

def test_trace_json_with_5000_digit_integer(work):
    text = ('{"verdict": "bug",\n "trace": {"steps": [],\n  "nondet": [{"what": "int", '
            '"value": "1", "proc": "main", "line": ' + "7" * 5000 + '}]}}\n')
    (work / "r.json").write_text(text)
    line, col = position(text, "7777")
    assert_bad_input(run(["replay", "prog.c", "--trace-json", "r.json"], work), "r.json",
                     line, col, "a number of 5000 digits")


@pytest.mark.parametrize("name,old,new,needle,message", [
    ("nested", '"steps": []', '"steps": ' + "[" * 5000 + "]" * 5000, "[[",
     "nested more than 100 levels"),
    ("value", '"value": "1"', '"value": "one"', '"one"', "nondet value 'one'"),
    ("field_type", '"proc": "main"', '"proc": 7', "7,", "proc must be a str"),
])
def test_bad_trace_json(work, name, old, new, needle, message):
    text = ('{"verdict": "bug",\n "trace": {"steps": [],\n  "nondet": [{"what": "int", '
            '"value": "1", "proc": "main", "line": 4}]}}\n').replace(old, new)
    (work / "r.json").write_text(text)
    line, col = position(text, needle)
    if name == "nested":        # the root and the trace are 2 levels: the 99th '[' is 101
        col += 100 - 2
    assert_bad_input(run(["replay", "prog.c", "--trace-json", "r.json"], work), "r.json",
                     line, col, message)


def test_witness_templates_are_valid(work):
    """The unbroken witnesses replay to the error: the rejections below are the breaks'."""
    _need_replay()
    for w in ("witness.graphml", "witness.yml"):
        r = run(["replay", "prog.c", "--witness", w], work)
        assert r.returncode == 0 and r.stdout.startswith("confirmed by execution"), \
            r.stdout + r.stderr


GRAPHML_BREAKS = {
    # name: (old, new, the element the error is at, message)
    "assumption": ("\\result == 42;", "\\result == )(;", '<data key="assumption">',
                   "is not C expression statements"),
    "negative_line": ('<data key="startline">4<', '<data key="startline">-3<',
                      '<data key="startline">-3', "startline -3 is not a line number"),
    "line_beyond": ('<data key="startline">6<', '<data key="startline">600<',
                    '<data key="startline">600', "beyond the end of prog.c"),
    "undeclared_node": ('target="N2"', 'target="N7"', '<edge source="N1"',
                        "'N7' is not a declared node"),
    "no_entry": ('<data key="entry">true</data>', "", "<graph ", "no entry node"),
    "other_program": ('<data key="programhash">', '<data key="programhash">0',
                      '<data key="programhash">', "for another program"),
    "huge_value": ("\\result == 42;", "\\result == " + "4" * 5000 + ";",
                   '<data key="assumption">', "fits no C type"),
    "entity": ('<?xml version="1.0" encoding="UTF-8"?>',
               '<?xml version="1.0"?><!DOCTYPE g [<!ENTITY a "aaaa">]>', "<!ENTITY",
               "entity declarations"),
    "not_xml": ("</graphml>", "</graph>", "graph>\n", "not well-formed XML: mismatched tag"),
}


@pytest.mark.parametrize("name", GRAPHML_BREAKS)
def test_malformed_graphml_witness(work, name):
    old, new, needle, message = GRAPHML_BREAKS[name]
    w = work / "witness.graphml"
    text = w.read_text()
    assert old in text
    text = text.replace(old, new, 1)
    if name == "other_program":                  # keep 64 hex digits
        text = re.sub(r'(programhash">)0(\w{63})\w', r"\g<1>0\2", text)
    w.write_text(text)
    # expat places a mismatched end tag at its name: the second `graph>` is `</graph>`
    line, col = position(text, needle, 1 if name == "not_xml" else 0)
    assert_bad_input(run(["replay", "prog.c", "--witness", "witness.graphml"], work),
                     "witness.graphml", line, col, message)


YAML_BREAKS = {
    "constraint": ("value: \\result == 42", "value: \\result == )(", "\\result == )(",
                   "is not an expression"),
    "negative_line": ("line: 4", "line: -3", "-3", "line -3 is not a line number"),
    "line_beyond": ("line: 6", "line: 600", "600", "beyond the end of prog.c"),
    "no_target": ("type: target", "type: function_enter", "- segment", "no target waypoint"),
    "other_program": ("prog.c: ", "prog.c: 0", "prog.c: 0", "for another program"),
    "python_tag": ("language: C", "language: !!python/object/apply:os.system [ls]",
                   "!!python", "could not determine a constructor"),
    "deep": ("language: C", "language: " + "[" * 1000 + "]" * 1000, "[",
             "nested more than 100 levels"),
}


@pytest.mark.parametrize("name", YAML_BREAKS)
def test_malformed_yaml_witness(work, name):
    old, new, needle, message = YAML_BREAKS[name]
    w = work / "witness.yml"
    text = w.read_text()
    assert old in text
    text = text.replace(old, new, 1)
    if name == "other_program":
        text = re.sub(r"(prog.c: 0\w{63})\w", r"\1", text)
    w.write_text(text)
    line, col = position(text, needle)
    if name == "deep":          # list, entry, metadata, task: the 97th '[' is level 101
        col += 100 - 4
    assert_bad_input(run(["replay", "prog.c", "--witness", "witness.yml"], work),
                     "witness.yml", line, col, message)


# ----------------------------------------------------------------------------- LLVM front end

def test_llvm_parse_error_is_one_line_at_llvm_position(work):
    line, col = position((work / "bad.ll").read_text(), "frobnicate")
    assert_bad_input(run(["check", "bad.ll"], work), "bad.ll", line, col,
                     "expected instruction opcode")


def test_llvm_module_without_main_names_the_file(work):
    assert_bad_input(run(["check", "nomain.ll"], work), "nomain.ll", 1, 1,
                     "entry function main is not defined")


@pytest.mark.parametrize("name,data,message", [
    ("random.ll", random.Random(7).randbytes(400), "not a valid LLVM module"),
    ("text.bc", b"this is text, not bitcode\n", "expected top-level entity"),
    ("garbage.bc", b"BC\xc0\xde" + random.Random(8).randbytes(200), "not valid LLVM bitcode"),
])
def test_llvm_garbage(work, name, data, message):
    (work / name).write_bytes(data)
    assert_bad_input(run(["check", name], work), name, None, None, message)


OVERFLOW_LL = ROOT / "tests" / "data" / "llvm" / "overflow_bug.ll"


def test_llvm_intrinsic_call_missing_an_argument_is_bad_input_at_the_call(work):
    """A fuzz finding: `@llvm.sadd.with.overflow.i32( i32 1)` passes LLVM's verifier (it
    checks a call against its own type) and was an internal error (IndexError)."""
    text = OVERFLOW_LL.read_text().replace("@llvm.sadd.with.overflow.i32(i32 %x, i32 1)",
                                           "@llvm.sadd.with.overflow.i32( i32 1)")
    (work / "short.ll").write_text(text)
    line, col = position(text, "%a = call")
    assert_bad_input(run(["check", "short.ll"], work), "short.ll", line, col,
                     "call of llvm.sadd.with.overflow.i32 with 1 argument; the intrinsic "
                     "takes 2")


def test_llvm_bad_target_feature_is_at_its_attribute_group(work):
    """A fuzz finding (issue 34's campaign, seed 34): a byte flipped inside a function's
    "target-features" was placed at 1:1 -- the verifier names the function as a value
    (`ptr @reach_error`) and the feature across a line break; the error is at the attribute
    group the function's declaration names, with the whole feature in the message."""
    text = OVERFLOW_LL.read_text().replace("declare void @reach_error()",
                                           "declare void @reach_error() #0")
    text += ('\nattributes #0 = { "target-features"="+cmov,\rndd" }\n'
             '!llvm.module.flags = !{!5}\n!5 = !{i32 2, !"Debug Info Version", i32 3}\n')
    (work / "feat.ll").write_text(text)
    line = text.split("\n").index('attributes #0 = { "target-features"="+cmov,\rndd" }') + 1
    assert_bad_input(run(["check", "feat.ll"], work), "feat.ll", line, 1,
                     "must start with a '+' or '-'")


def test_llvm_verifier_error_is_at_the_line_it_quotes(work):
    """A fuzz finding: an intrinsic declared with the wrong signature was placed at 1:1 --
    the verifier quotes the call as it printed it (debug information dropped, other
    metadata renumbered), not as the file spells it."""
    text = OVERFLOW_LL.read_text().replace(
        "declare { i32, i1 } @llvm.sadd.with.overflow.i32",
        "declare { i128, i1 } @llvm.sadd.with.overflow.i32")
    text = text.replace("(i32 %x, i32 1)", "(i32 %x, i32 1), !nosanitize !7")
    text += ('\n!llvm.module.flags = !{!5}\n!5 = !{i32 2, !"Debug Info Version", i32 3}\n'
             "!7 = !{}\n")
    (work / "sig.ll").write_text(text)
    line, col = position(text, "%a = call")
    assert_bad_input(run(["check", "sig.ll"], work), "sig.ll", line, col,
                     "not a valid LLVM module")


def test_llvm_bad_module_flag_is_at_its_node(work):
    """A fuzz finding (issue 34's campaign, seed 35): a huge behaviour operand in a module
    flag was placed at 1:1 -- the verifier prints the operand as it read it (truncated to
    32 bits), which the file does not spell; the error is at the flag's metadata node."""
    text = OVERFLOW_LL.read_text() + (
        '\n!llvm.module.flags = !{!5, !6}\n!5 = !{i32 2, !"Debug Info Version", i32 3}\n'
        '!6 = !{i32 76524067137691427236089, !"PIC Level", i32 2}\n')
    (work / "flag.ll").write_text(text)
    line, _ = position(text, "!6 = !{i32 7652")
    assert_bad_input(run(["check", "flag.ll"], work), "flag.ll", line, 1,
                     "invalid behavior operand in module flag")


def test_a_clang_crash_is_unknown_not_bad_input():
    """A fuzz finding (seed 35): zig's clang died (exit 139: its stack overflowed on
    10,000-deep nesting gcc accepts) and the input was reported as bad at 1:1.  A crash
    without a diagnostic says nothing about the input: unsupported (UNKNOWN); a crash after
    a diagnostic, or an error, stays bad input at clang's position."""
    from frontend.llvm.compile import _clang_error
    crash = ("zig: error: clang frontend command failed with exit code 139 "
             "(use -v to see invocation)\n")
    e = _clang_error(crash, "p.c", 1)
    assert e.first.code == "unsupported" and "clang crashed" in e.first.message, e
    assert _clang_error("", "p.c", -11).first.code == "unsupported"
    bad = _clang_error("p.c:3:7: error: expected expression\n" + crash, "p.c", 1)
    assert bad.first.code == "parse" and (bad.first.loc.line, bad.first.loc.col) == (3, 7)
    assert _clang_error("clang: error: no such file\n", "p.c", 1).first.code == "parse"


def test_clang_error_is_one_line_at_clang_position(work):
    from frontend.llvm.compile import clang_command
    if clang_command() is None:
        pytest.skip("no clang (neither system clang nor ziglang)")
    line, col = position((work / "bad_clang.c").read_text(), ";\n}")
    assert_bad_input(run(["check", "--frontend", "llvm", "bad_clang.c"], work),
                     "bad_clang.c", line, col, "expected expression")


# ----------------------------------------------------------------------------- Boogie

@pytest.mark.parametrize("name,body,needle,message", [
    ("bv_literal", "  assert 1bv99999999999999999999 == 1bv99999999999999999999;\n",
     "1bv9", "bitvector width 99999999999999999999 is out of range"),
    ("bv_type", "  var x: bv99999999999999999999;\n", "bv9", "out of range"),
    ("bv_zero", "  var x: bv0;\n", "bv0", "bitvector width 0 is out of range"),
    ("extract", "  var x: bv8;\n  assert x[99999999999999999999:0] == x;\n", "9999",
     "extract bound"),
    ("exponent", "  var r: real;\n  r := 1e999999999;\n", "1e9", "exponent"),
    ("numeral", "  var x: int;\n  x := " + "7" * 100_001 + ";\n", "7777", "too long"),
])
def test_bad_boogie_numerals(work, name, body, needle, message):
    text = "procedure main() {\n" + body + "}\n"
    (work / "n.bpl").write_text(text)
    line, col = position(text, needle)
    assert_bad_input(run(["check", "n.bpl"], work), "n.bpl", line, col, message)


def test_empty_boogie_file(work):
    (work / "empty.bpl").write_text("")
    assert_bad_input(run(["check", "empty.bpl"], work), "empty.bpl", 1, 1, "no entry")


def test_long_integer_literals_are_legal_boogie(work):
    big = "7" * 5000
    (work / "big.bpl").write_text("procedure main() {\n  var x: int;\n  var y: bv20000;\n"
                                  f"  x := {big};\n  y := {big}bv20000;\n"
                                  f"  assert x == {big} && y == {big}bv20000;\n"
                                  "  assert x < 0;\n}\n")
    r = run(["check", "big.bpl"], work)
    assert "Traceback" not in r.stdout + r.stderr and "internal error" not in r.stdout
    assert r.returncode == 10 and r.stdout.startswith("bug found"), r.stdout + r.stderr
    assert "big.bpl:7:3  [main]  FAILS: assert x < 0;" in r.stdout   # the second one
    r = run(["bpl", "big.bpl"], work)
    assert r.returncode == 0 and f"x := {big};" in r.stdout and f"{big}bv20000" in r.stdout


def test_yaml_witness_alias_amplification(work):
    """320 aliases of one 320-waypoint list: 102,400 waypoints from a 40 kB file."""
    wp = ("    - waypoint: {type: function_return, action: avoid, constraint: {value: "
          "'\\result == 1'}, location: {file_name: prog.c, line: 4, column: 33}}\n")
    text = ("- entry_type: spare\n  w: &w\n" + wp * 320 +
            "- entry_type: violation_sequence\n  content:\n" + "  - segment: *w\n" * 320)
    (work / "amp.yml").write_text(text)
    from svcomp.witness_read import MAX_WAYPOINTS
    line, col = position(text, "- segment", MAX_WAYPOINTS // 320)
    assert_bad_input(run(["replay", "prog.c", "--witness", "amp.yml"], work), "amp.yml",
                     line, col + 2, f"more than {MAX_WAYPOINTS} waypoints")


@pytest.mark.parametrize("option", ["--witness", "--trace-json"])
def test_replay_input_that_never_ends(work, option):
    assert_bad_input(run(["replay", "prog.c", option, "/dev/zero"], work), "/dev/zero", 1, 1,
                     "not a regular file")


def test_llvm_errors_name_the_users_file_not_source_filename(work):
    (work / "sf.ll").write_text('source_filename = "elsewhere.c"\n' +
                                (work / "nomain.ll").read_text())
    assert_bad_input(run(["check", "sf.ll"], work), "sf.ll", 1, 1,
                     "entry function main is not defined")


def test_llvm_constant_of_5000_digits(work):
    """An i20000 constant has more digits than int() converts: read, then declined as an
    unsupported width (a verdict of unknown, not an internal error)."""
    (work / "wide.ll").write_text("@g = global i20000 " + "7" * 5000 + "\n"
                                  "define i32 @main() {\n  %v = load i20000, ptr @g\n"
                                  "  %c = icmp eq i20000 %v, 0\n  %r = zext i1 %c to i32\n"
                                  "  ret i32 %r\n}\n")
    r = run(["check", "wide.ll"], work)
    assert "Traceback" not in r.stdout + r.stderr and "internal error" not in r.stdout
    assert r.returncode == 20 and "integer type i20000" in r.stdout, r.stdout + r.stderr


def test_bench_folder_with_deep_task(work):
    (work / "tasks").mkdir()
    text = TASK_HEAD + "input_files: " + "[" * 1000 + "]" * 1000 + "\n"
    (work / "tasks" / "deep.yml").write_text(text)
    from svcomp.yaml_input import MAX_DEPTH
    line, col = position(text, "[")
    assert_bad_input(run(["bench", "tasks", "--out", "out"], work),
                     str(work / "tasks" / "deep.yml"), line, col + MAX_DEPTH - 1,
                     "nested more than")


# ----------------------------------------------------------------------------- more found here

@pytest.mark.parametrize("name,command", [
    ("t.yml", ["svcomp", "t.yml"]),
    ("witness.yml", ["replay", "prog.c", "--witness", "witness.yml"]),
    ("r.json", ["replay", "prog.c", "--trace-json", "r.json"]),
])
def test_not_utf8(work, name, command):
    """YAML, the SV-COMP formats and JSON are UTF-8: a byte that is not is rejected at its
    place (read with a replacement character, the file would be answered as another)."""
    text = {"t.yml": TASK_HEAD + "input_files: prog.c\n" + TASK_PROPS + "options: {lang@: C}\n",
            "witness.yml": (work / "witness.yml").read_text().replace("language", "lang@"),
            "r.json": '{"verdict": "bug", "tr@ce": {}}\n'}[name]
    line, col = position(text, "@")
    (work / name).write_bytes(text.encode().replace(b"@", b"\xfe\xff"))
    assert_bad_input(run(command, work), name, line, col, "not UTF-8: byte 0xfe")


def test_latin1_graphml_witness_is_read_in_its_encoding(work):
    _need_replay()
    w = work / "witness.graphml"
    text = w.read_text().replace('encoding="UTF-8"', 'encoding="ISO-8859-1"')
    w.write_bytes(text.replace("<graph ", "<!-- caf\xe9 -->\n  <graph ").encode("latin-1"))
    r = run(["replay", "prog.c", "--witness", "witness.graphml"], work)
    assert r.returncode == 0 and r.stdout.startswith("confirmed by execution"), \
        r.stdout + r.stderr


def test_llvm_type_nested_1000_deep_is_unsupported(work):
    (work / "deep.ll").write_text((work / "nomain.ll").read_text().replace("@f", "@main") +
                                  "@g = global " + "[1 x " * 1000 + "i32" + "]" * 1000 +
                                  " zeroinitializer\n")
    r = run(["check", "deep.ll"], work)
    assert "Traceback" not in r.stdout + r.stderr and "internal error" not in r.stdout
    assert r.returncode == 20 and "nested more than 100 levels" in r.stdout, r.stdout + r.stderr


def test_broken_llvm_module_with_debug_info_is_bad_input(work):
    """LLVM's parser ends the process (SIGABRT) on a broken module that declares debug
    information; it must be one diagnostic at the line the verifier quotes."""
    text = ('define i32 @main() !dbg !5 {\n  ret i32 0\n}\n'
            '!llvm.module.flags = !{!0, !1}\n!llvm.dbg.cu = !{!2}\n'
            '!0 = !{i32 2, !"Debug Info Version", i32 3}\n'
            '!1 = !{i32 387358725, !"wchar_size", i32 4}\n'
            '!2 = distinct !DICompileUnit(language: DW_LANG_C99, file: !3, '
            'emissionKind: FullDebug)\n!3 = !DIFile(filename: "p.c", directory: "/")\n'
            '!4 = !DISubroutineType(types: !{})\n'
            '!5 = distinct !DISubprogram(name: "main", scope: !3, file: !3, line: 1, '
            'type: !4, unit: !2, spFlags: DISPFlagDefinition)\n')
    (work / "broken.ll").write_text(text)
    line, col = position(text, "i32 387358725")
    assert_bad_input(run(["check", "broken.ll"], work), "broken.ll", line, col,
                     "invalid behavior operand in module flag")


def test_llvm_struct_type_100000_deep_does_not_crash_llvm(work):
    """LLVM's parser overflows its stack (SIGSEGV) at about 20,000 levels: declined first,
    at the bracket one level too deep."""
    text = ((work / "nomain.ll").read_text().replace("@f", "@main") +
            "@g = global " + "{ " * 100_000 + "i32" + " }" * 100_000 + " zeroinitializer\n")
    (work / "deep.ll").write_text(text)
    from frontend.llvm.reader import MAX_IR_NESTING
    line, col = position(text, "{ ")
    r = run(["check", "deep.ll"], work)
    assert "Traceback" not in r.stdout + r.stderr and "internal error" not in r.stdout
    assert r.returncode == 20 and "nested more than" in r.stdout, r.stdout + r.stderr
    assert r.stderr.startswith(f"deep.ll:{line}:{col + 2 * MAX_IR_NESTING}: error:"), r.stderr


def test_a_line_directive_in_preprocessed_c_is_bad_input(tmp_path):
    """A fuzz finding (issue 34's campaign, seed 36): `#line N` inside a .i file -- gcc
    reads preprocessed input with line markers only and rejects it ("stray '#'") -- got a
    verdict (svcomp: TRUE).  Now bad input at the directive, in `check` and `svcomp`;
    line markers and #pragma stay accepted."""
    good = '# 1 "p.c"\n#pragma once\nint main(void) {\n  int k = 0;\n  return k;\n}\n'
    bad = good.replace("  int k = 0;\n", "  int k = 0;\n#line 99999999999999999999\n")
    (tmp_path / "good.i").write_text(good)
    (tmp_path / "prog.i").write_text(bad)
    (tmp_path / "unreach-call.prp").write_text(
        "CHECK( init(main()), LTL(G ! call(reach_error())) )\n")
    assert run(["check", "good.i", "--no-replay"], tmp_path).returncode == 0
    for argv in (["check", "prog.i"],
                 ["svcomp", "--property", "unreach-call.prp", "prog.i", "--timeout", "30"]):
        r = run(argv, tmp_path)
        assert_bad_input(r, "prog.i", 5, 1, "stray '#' in program")


def test_a_bare_pycorral_prints_its_help(tmp_path):
    """A fuzz finding (seed 36): `pycorral` with no command printed its help on standard
    error and exited 2, as a usage error; it is the help, as --help prints it."""
    r = run([], tmp_path)
    assert r.returncode == 0 and r.stderr == "", r.stderr
    assert r.stdout == run(["--help"], tmp_path).stdout
