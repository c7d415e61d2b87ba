"""Witnesses: written for our own bug tasks (tests/data/svcomp) and for bug tasks of the
SV-COMP corpus when it is present (GraphML and YAML 2.0), checked against the format
documentation's rules (`svcomp.witness_check`), read back by `svcomp.witness_read` (the
values must be the trace's nondeterministic choices as C values), and replayed natively
(`replay.native`) when a C toolchain is present.  Broken witnesses (of our own ones_bug
task) must be rejected by the checks."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from svcomp.svcomp_mode import SvcompOptions, run_svcomp, witness_text
from svcomp.task import read_property, read_task
from svcomp.witness_check import assumption_problems, check_graphml, check_witness, \
    check_yaml
from svcomp.witness_read import WitnessError, read_witness
from svcomp.witness_trace import c_value, is_unsigned, violation_path

from cases import read_case
from conftest import ROOT, corpus_dir

DATA = ROOT / "tests" / "data" / "svcomp"

# quick bug tasks of the SV-COMP corpus (a few seconds each; they need the corpus), and our
# own data files, whose headers state the inputs a bug needs
CORPUS_BUG_TASKS = ["recursive-simple/id_o3.yml", "recursive/Addition02.yml",
                    "recursive/BallRajamani-SPIN2000-Fig1.yml", "loop-simple/nested_1b.yml"]
BUG_TASKS = CORPUS_BUG_TASKS + ["data:ones_bug.yml"]
# the good examples that the checks' tests break: our task, its input (3) read at line 16,
# reach_error called at line 19
GOOD = "data:ones_bug.yml"
INPUT_LINE, ERROR_LINE = 16, 19


def _param(name: str, *rest):
    """A parameter naming a task: one of the corpus needs the corpus."""
    marks = () if name.startswith("data:") else (pytest.mark.corpora("svcomp"),)
    return pytest.param(name, *rest, marks=marks)


def _task_path(name: str) -> Path:
    if name.startswith("data:"):
        return DATA / name[5:]
    return corpus_dir("svcomp") / "c" / name


_answers: dict = {}


def _answer(name: str, encoding: str = "auto", frontend: str = "auto"):
    """Run the task once per configuration (cached across tests)."""
    key = (name, encoding, frontend)
    if key not in _answers:
        task = read_task(str(_task_path(name)))
        prop = read_property(task.property_for(None).property_file)
        ans = run_svcomp(list(task.input_files), prop, SvcompOptions(
            data_model=task.data_model, timeout=60, encoding=encoding, frontend=frontend))
        _answers[key] = (task, prop, ans)
    return _answers[key]


def _expected_inputs(c_file: Path) -> list[int] | None:
    inputs = read_case(c_file).get("INPUTS")
    return [int(x) for x in inputs.split()] if inputs is not None else None


CASES = [_param(t, "auto", "auto") for t in BUG_TASKS] + [_param(*c) for c in [
    ("data:neg_values.yml", "int", "c"), ("data:neg_values.yml", "bv", "c"),
    ("data:neg_values.yml", "bv", "llvm"), ("data:loop_calls.yml", "auto", "c"),
    ("data:loop_calls.yml", "auto", "llvm")]]


@pytest.mark.parametrize("fmt", ["graphml", "yaml"])
@pytest.mark.parametrize("name,encoding,frontend", CASES)
def test_violation_witness_round_trip(tmp_path, name, encoding, frontend, fmt):
    task, prop, ans = _answer(name, encoding, frontend)
    if frontend == "llvm" and ans.status == "UNKNOWN" and "clang" in ans.reason:
        pytest.skip(f"no clang: {ans.reason}")
    assert ans.status == "FALSE", ans.result_line()
    text = witness_text(ans, list(task.input_files), prop, task.data_model, fmt)
    out = tmp_path / ("w.graphml" if fmt == "graphml" else "w.yml")
    out.write_text(text)
    assert check_witness(str(out)) == []
    wp = read_witness(str(out))
    trace = ans.result.trace
    want = [c_value(c.value, violation_path(trace).inputs[i].ctype)
            for i, c in enumerate(trace.nondet)]
    assert [int(i.value) for i in wp.inputs] == want
    assert all(i.function and i.function.startswith("__VERIFIER_nondet_") for i in wp.inputs)
    assert [i.line for i in wp.inputs] == [c.line for c in trace.nondet]
    src = Path(task.input_files[0]).read_text().splitlines()
    assert wp.target_line is not None and "reach_error" in src[wp.target_line - 1]
    expected = _expected_inputs(Path(task.input_files[0]))
    if expected is not None:
        assert wp.values == tuple(expected)


@pytest.mark.parametrize("name", [_param(t) for t in
                                  BUG_TASKS + ["data:neg_values.yml", "data:loop_calls.yml"]])
def test_witness_replays_natively(tmp_path, name):
    native = pytest.importorskip("replay.native")
    task, prop, ans = _answer(name)
    if native.toolchain(task.data_model) is None:
        pytest.skip(f"no C toolchain for {task.data_model}")
    out = tmp_path / "w.graphml"
    out.write_text(witness_text(ans, list(task.input_files), prop, task.data_model))
    wp = read_witness(str(out))
    outcome = native.replay_values(list(task.input_files), list(wp.values),
                                   data_model=task.data_model, timeout=20,
                                   expected_line=wp.target_line)
    assert outcome.status == "confirmed", outcome


@pytest.mark.parametrize("name,frontend", [("neg_values.yml", "c"), ("neg_values.yml", "llvm"),
                                           ("loop_calls.yml", "c"), ("loop_calls.yml", "llvm")])
def test_path_order_of_calls_and_inputs(name, frontend):
    """The header `// EVENTS:` of the data file states the order of inputs and C calls the
    witness must follow (inputs placed between the right calls, loops included)."""
    from svcomp.witness_trace import NondetInput

    task, prop, ans = _answer("data:" + name, "auto", frontend)
    if ans.status == "UNKNOWN" and "clang" in ans.reason:
        pytest.skip(f"no clang: {ans.reason}")
    assert ans.status == "FALSE", ans.result_line()
    events = read_case(task.input_files[0]).get("EVENTS")
    got = [f"input@{e.line}" if isinstance(e, NondetInput) else f"{e.kind}:{e.function}@{e.line}"
           for e in violation_path(ans.result.trace).events]
    assert got == events.split()


@pytest.mark.parametrize("name", [_param("data:ones_ok.yml"),
                                  _param("recursive-simple/id_i15_o15-1.yml")])
def test_correctness_witness(name):
    task, prop, ans = _answer(name)
    assert ans.status == "TRUE"
    text = witness_text(ans, list(task.input_files), prop, task.data_model)
    assert check_graphml(text) == []
    assert "correctness_witness" in text and "violation" not in text.split("</key>")[-1]
    with pytest.raises(WitnessError):
        from svcomp.witness_read import read_graphml
        read_graphml(text)


# ----------------------------------------------------------------------------- values

@pytest.mark.parametrize("value,ctype,expected", [
    ("4294967291bv32", "int", -5), ("4294967291bv32", "unsigned int", 4294967291),
    ("200bv8", "unsigned char", 200), ("200bv8", "uchar", 200), ("200bv8", "char", -56),
    ("128bv8", "signed char", -128), ("1bv1", "_Bool", 1), ("-5", "int", -5),
    ("18446744073709551615bv64", "long", -1), ("18446744073709551615bv64", "ulong",
                                               18446744073709551615),
    ("65535bv16", "short", -1), ("65535bv16", "ushort", 65535), ("true", "bool", 1),
    ("(- 7)", "int", -7), ("3", "int from rand", 3),
])
def test_c_values(value, ctype, expected):
    assert c_value(value, ctype.split(" from ")[0]) == expected


def test_unsigned_names():
    assert all(is_unsigned(t) for t in ["unsigned int", "uint", "uchar", "ulong", "_Bool",
                                        "size_t", "unsigned long long"])
    assert not any(is_unsigned(t) for t in ["int", "char", "long", "short", "signed char",
                                            "long long"])


# ----------------------------------------------------------------------------- broken ones

@pytest.fixture(scope="module")
def good_graphml() -> str:
    task, prop, ans = _answer(GOOD)
    text = witness_text(ans, list(task.input_files), prop, task.data_model)
    assert check_graphml(text) == []
    return text


def _sub(text: str, pattern: str, repl: str, count: int = 1) -> str:
    new = re.sub(pattern, repl, text, count=count, flags=re.S)
    assert new != text, f"mutation {pattern!r} did not apply"
    return new


GRAPHML_BREAKS = {
    "missing entry": (r'<data key="entry">true</data>', "", "entry node"),
    "two entries": (r'<node id="N1" />', '<node id="N1"><data key="entry">true</data></node>',
                    "exactly one entry"),
    "dangling edge": (r'target="N1"', 'target="N99"', "is not a node"),
    "duplicate node": (r'<node id="N1" />', '<node id="N0" />', "used twice"),
    "bad key type": (r'<key id="startline" attr.name="startline" attr.type="int"',
                     '<key id="startline" attr.name="startline" attr.type="integer"',
                     "attr.type"),
    "key for wrong domain": (r'<key id="startline" attr.name="startline" attr.type="int" '
                             r'for="edge"',
                             '<key id="startline" attr.name="startline" attr.type="int" '
                             'for="node"', "declared for"),
    "key without attr.name": (r'<key id="control" attr.name="control"', '<key id="control"',
                              "attr.name"),
    "undeclared key": (r'<data key="startline">', '<data key="startLine">', "not declared"),
    "missing graph data": (r'<data key="programhash">[^<]*</data>', "", "programhash"),
    "bad hash": (r'<data key="programhash">[^<]*</data>',
                 '<data key="programhash">abc123</data>', "SHA-256"),
    "bad time": (r'<data key="creationtime">[^<]*</data>',
                 '<data key="creationtime">21.11.2026 13:00</data>', "ISO 8601"),
    "bad witness type": (r'violation_witness', 'error_witness', "witness-type"),
    "no violation node": (r'<data key="violation">true</data>', "", "violation node"),
    "line not an integer": (f'<data key="startline">{INPUT_LINE}</data>',
                            '<data key="startline">sixteen</data>', "integer"),
    "assumption without ;": (r'\\result == 3;', r'\\result == 3', "';'"),
    "assumption calls": (r'\\result == 3;', r'\\result == f(3);', "calls a function"),
    "result without function": (r'<data key="assumption.resultfunction">[^<]*</data>', "",
                                "resultfunction"),
    "bad control": (f'<data key="startline">{INPUT_LINE}</data>',
                    f'<data key="startline">{INPUT_LINE}</data><data key="control">then</data>',
                    "control"),
    "not xml": (r'</graphml>', "", "XML"),
    "not graphml": (r'<graphml (.*)</graphml>', r'<graph-ml \1</graph-ml>', "graphml"),
}


@pytest.mark.parametrize("name", list(GRAPHML_BREAKS))
def test_graphml_checks_reject(good_graphml, name):
    pattern, repl, expect = GRAPHML_BREAKS[name]
    bad = _sub(good_graphml, pattern, repl)
    problems = check_graphml(bad)
    assert problems and any(expect in p for p in problems), problems


def test_unreachable_violation_rejected(good_graphml):
    # cut the chain: the edge into the violation node leaves from a node nobody reaches
    bad = _sub(good_graphml, r'(<edge source=")N\d+(" target="N\d+">\s*<data key="startline">'
                             f'{ERROR_LINE})', r'\1N0\2')
    bad = _sub(bad, r'<edge source="N0" target="N1">', '<edge source="N1" target="N1">')
    bad = _sub(bad, r'(<edge source=")N0(" target="N\d+">\s*<data key="startline">'
                    f'{ERROR_LINE})', r'\1N5\2')
    assert any("reachable" in p for p in check_graphml(bad))


@pytest.fixture(scope="module")
def good_yaml() -> str:
    task, prop, ans = _answer(GOOD)
    text = witness_text(ans, list(task.input_files), prop, task.data_model, "yaml")
    assert check_yaml(text) == []
    return text


YAML_BREAKS = {
    "version": (r"format_version: '2.0'", "format_version: '1.0'", "format_version"),
    "uuid": (r"uuid: \S+", "uuid: not-a-uuid", "UUID"),
    "time": (r"creation_time: '[^']*'", "creation_time: yesterday", "ISO 8601"),
    "hash": (r"(input_file_hashes:\n\s+\S+: )\w+", r"\1abc", "SHA-256"),
    "data model": (r"data_model: ILP32", "data_model: ILP16", "data_model"),
    "no target": (r"  - segment:\n    - waypoint:\n        type: target.*", "",
                  "final segment"),
    "target not last": (r"type: function_return", "type: target", "target waypoint"),
    "function_return format": (r"format: acsl_expression", "format: c_expression",
                               "acsl_expression"),
    "function_return value": (r"value: \\result == 3", "value: x == 3", "\\result"),
    "avoid at end": (r"action: follow", "action: avoid", "follow"),
    "bad type": (r"type: function_return", "type: function_exit", "type"),
    "line": (f"line: {INPUT_LINE}", "line: 0", "location.line"),
    "extra key": (r"action: follow", "action: follow\n        note: hi", "unknown keys"),
    "constraint on target": (r"(type: target\n        action: follow)",
                             r"\1\n        constraint: {value: '1'}", "no constraint"),
    "entry type": (r"entry_type: violation_sequence", "entry_type: violation_set",
                   "entry_type"),
}


@pytest.mark.parametrize("name", list(YAML_BREAKS))
def test_yaml_checks_reject(good_yaml, name):
    pattern, repl, expect = YAML_BREAKS[name]
    bad = _sub(good_yaml, pattern, repl)
    problems = check_yaml(bad)
    assert problems and any(expect in p for p in problems), problems


@pytest.mark.parametrize("text,ok", [
    ("x == 1;", True), ("x == 1; y == -2;", True), ("(int)x >= 0;", True),
    ("sizeof(x) == 4;", True), ("x == 1", False), ("f(x) == 1;", False), (";;", False),
    ("(x == 1;", False), ("", False),
])
def test_assumption_rules(text, ok):
    assert (assumption_problems(text, False) == []) == ok


def test_reader_rejects_non_witnesses(tmp_path):
    f = tmp_path / "w.graphml"
    f.write_text("<graphml><graph><node id='a'/></graph></graphml>")
    with pytest.raises(WitnessError, match="entry"):
        read_witness(str(f))
    y = tmp_path / "w.yml"
    y.write_text("- entry_type: invariant_set\n")
    with pytest.raises(WitnessError, match="violation_sequence"):
        read_witness(str(y))
