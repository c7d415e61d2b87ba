"""Native replay of C counterexamples (replay/harness.py, replay/native.py, `pycorral replay`).

Data-driven: each tests/data/replay/*.c states `// REPLAY: <status>` (the outcome of
replaying the trace pycorral finds, in both encodings; `// FLAGS:` may set the data model)
and/or `// VALUES[@line]: v... => <status>` lines (replay_values with a hand-made sequence
and expected line); headers are read by tests/cases.py.  Skipped, with the reason, when no C compiler for the data model works
here.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from replay import harness
from replay.confirm import confirm
from replay.native import (ReplayOutcome, replay_trace, replay_values, toolchain,
                           trace_from_json)
from verifier.result import NondetChoice, Result, Trace, TraceStep, Verdict

from cases import read_case

DATA = Path(__file__).parent / "data" / "replay"
ROOT = Path(__file__).resolve().parents[1]


def _need(dm: str) -> None:
    if toolchain(dm) is None:
        pytest.skip(f"no working C compiler for {dm} on this machine")


def _data_model(path: Path) -> str:
    return read_case(path).options().frontend.get("data_model", "ILP32")


def _verify(path: Path, encoding: str, dm: str) -> Result:
    from frontend.c import CFrontendOptions, translate_files
    from verifier.engine import verify
    from verifier.options import VerifyOptions
    prog = translate_files([str(path)], CFrontendOptions(encoding=encoding, data_model=dm))
    return verify(prog, VerifyOptions(entry="main", bound=3, timeout=60))


# ----------------------------------------------------------------------------- harness text

def test_harness_defines_every_nondet_spelling_the_front_end_knows():
    header = (ROOT / "frontend" / "include" / "pycorral_builtins.h").read_text()
    names = set(re.findall(r"\b(__VERIFIER_nondet_\w+)\s*\(", header))
    assert len(names) > 30
    src = harness.harness_source([])
    missing = [n for n in sorted(names) if not re.search(rf"\b{n}\(void\)", src)]
    assert not missing, missing
    assert "__VERIFIER_nondet(void)" in src       # SMACK's spelling


@pytest.mark.parametrize("text,expected", [
    ("-5", (1 << 64) - 5), ("200", 200), ("4294967291bv32", 4294967291),
    ("-56", (1 << 64) - 56), ("128bv8", 128), ("true", 1), ("false", 0), ("True", 1),
    (-1, (1 << 64) - 1), ("0.1f64", 0x3FB999999999999A), ("-0.0f64", 1 << 63),
    ("0.10000000149011612f32", 0x3DCCCCCD), ("-inff32", 0xFF800000),
    ("nanf64", 0x7FF8000000000000), ("5e-324f64", 1),
])
def test_values_are_stored_modulo_2_to_the_64(text, expected):
    assert harness.value_to_u64(text) == expected


def test_harness_embeds_values_in_order_and_stubs():
    src = harness.harness_source(["-1", "7bv8"], stubs={"ext_f": ["3"]})
    assert "{ 18446744073709551615ULL, 7ULL }" in src
    assert re.search(r"long long ext_f\(\) \{\n.*\{ 3ULL \}", src)
    assert "__attribute__((weak, noreturn)) void reach_error(void)" in src


# ----------------------------------------------------------------------------- traces

TRACE_CASES = [(p.name, enc) for p in sorted(DATA.glob("*.c")) if read_case(p).get("REPLAY")
               and "c" in (read_case(p).get("FRONTENDS") or "c").split()
               for enc in ("int", "bv")]


@pytest.mark.parametrize("name,encoding", TRACE_CASES)
def test_replay_of_the_verifiers_trace(name, encoding):
    path = DATA / name
    dm = _data_model(path)
    _need(dm)
    expected = read_case(path).get("REPLAY")
    result = _verify(path, encoding, dm)
    # `// EXPECT: possible-bug`: the error rests on a function without a body
    assert result.verdict.value == read_case(path).get("EXPECT", "bug"), result.reason
    out = confirm([str(path)], result, data_model=dm)
    assert out.status == expected, out
    if expected == "confirmed":
        assert out.reached_line is not None, out
        text = path.read_text().splitlines()[out.reached_line - 1]
        assert re.search(r"reach_error|assert", text), (out, text)


FRONTEND_CASES = [(p.name, fe) for p in sorted(DATA.glob("*.c"))
                  for fe in (read_case(p).get("FRONTENDS") or "").split()]


@pytest.mark.parametrize("name,frontend", FRONTEND_CASES)
def test_replay_in_each_front_end(name, frontend):
    """`// FRONTENDS: c llvm`: the trace of each front end replays natively (gcc for LP64)
    with the expected outcome -- the nondet values keyed by call site, so the compiler's
    order of evaluation does not matter (replay/sites.py)."""
    from frontend.llvm.compile import clang_command
    from frontend.load import FrontendOptions, load
    from verifier.engine import verify
    from verifier.options import VerifyOptions
    path = DATA / name
    dm = _data_model(path)
    _need(dm)
    if frontend == "llvm" and clang_command() is None:
        pytest.skip("no clang for the LLVM front end")
    prog = load([str(path)], FrontendOptions(frontend=frontend, data_model=dm)).program
    result = verify(prog, VerifyOptions(entry="main", bound=4, timeout=60))
    assert result.verdict is Verdict.BUG, result.reason
    out = confirm([str(path)], result, data_model=dm)
    assert out.status == read_case(path).get("REPLAY"), out
    assert "not located" not in out.reason or "macro" in name, out


def test_values_are_keyed_by_call_site_and_occurrence(tmp_path):
    """Hand-made sites: the sites' values go to the calls in any order of evaluation; a
    value whose call is not spelled at its location stays in the sequence."""
    from replay.sites import Site, plan
    src = tmp_path / "p.c"
    src.write_text("int f(int, int);\nint g(void) {\n"
                   "  return f(__VERIFIER_nondet_int(), __VERIFIER_nondet_int ( ));\n}\n")
    a, b = (Site(str(src), 3, 12, "__VERIFIER_nondet_int"),
            Site(str(src), 3, 37, "__VERIFIER_nondet_int"))
    miss = Site(str(src), 3, 10, "__VERIFIER_nondet_int")    # `f(` is not the call
    p = plan([str(src)], ["1", "2", "3", "4", "5"], [a, b, a, b, miss])
    assert p.streams == (("1", "3"), ("2", "4"))
    assert p.fallback == ("5",) and "1 nondet value of a call" in p.note()
    rewritten = [r.col for r in p.rewrites[str(src)]]
    assert rewritten == [12, 37]
    assert p.rewrites[str(src)][1].length == len("__VERIFIER_nondet_int ( )")
    # a fuzz finding (a trace file's column past the line, past C's ssize_t even): a
    # site not located, not an OverflowError
    far = [Site(str(src), 3, col, "__VERIFIER_nondet_int") for col in (200, 10 ** 30)]
    assert plan([str(src)], ["6", "7"], far).fallback == ("6", "7")


VALUE_CASES = [(p.name, line, spec) for p in sorted(DATA.glob("*.c"))
               for line, spec in read_case(p).qualified("VALUES")]


@pytest.mark.parametrize("name,line,spec", VALUE_CASES)
def test_replay_of_hand_made_value_sequences(name, line, spec):
    _need("ILP32")
    m = re.match(r"(.*?)\s*=>\s*(\w+)$", spec)
    assert m, spec
    out = replay_values([str(DATA / name)], m.group(1).split(),
                        expected_line=int(line) if line else None)
    assert out.status == m.group(2), out


def test_a_trace_whose_values_miss_the_error_is_not_reached():
    """A defect simulated: the trace's value does not lead to the error natively."""
    _need("ILP32")
    path = DATA / "signed_char.c"
    result = _verify(path, "int", "ILP32")
    bad = tuple(NondetChoice(c.what, "0", c.proc, c.file, c.line, c.col)
                for c in result.trace.nondet)
    out = replay_trace([str(path)], Trace(result.trace.steps, result.trace.inputs, bad))
    assert out.status == "not_reached", out
    assert "without reaching the error" in out.reason


@pytest.mark.parametrize("frontend", ["c", "llvm"])
def test_a_crash_before_the_error_names_the_crash_and_the_checks(frontend):
    """Undefined behaviour on the trace's path that the run does not check (a write through
    NULL): the native run is killed by SIGSEGV, and the unknown verdict says so and names
    the checks that look for it -- not only "a front-end or verifier defect"; with
    --memory-safety the write itself is the confirmed bug."""
    _need("ILP32")
    if frontend == "llvm":
        from frontend.llvm.compile import clang_command
        if clang_command() is None:
            pytest.skip("no clang")
    import subprocess
    import sys
    path = DATA / "null_write_before_error.c"

    def check(*flags):
        return subprocess.run([sys.executable, "-m", "pycorral.cli", "check", "--frontend",
                               frontend, "--data-model", "ILP32", "--json", *flags, str(path)],
                              capture_output=True, text=True, timeout=300, cwd=ROOT)
    r = check()
    doc = json.loads(r.stdout)
    assert doc["verdict"] == "unknown", doc
    # ILP32 runs under zig's runtime checks, which name the undefined behaviour and its line
    assert "stopped at line 10 on undefined behaviour (store of null pointer" in doc["reason"] \
        or "killed by SIGSEGV (an invalid memory access)" in doc["reason"], doc["reason"]
    assert "--memory-safety" in doc["reason"], doc["reason"]
    r = check("--memory-safety")
    doc = json.loads(r.stdout)
    assert doc["verdict"] == "bug" and doc["violation"]["line"] == 10, doc["violation"]


def test_bv_values_of_narrow_signed_types_convert(tmp_path):
    _need("ILP32")
    path = DATA / "signed_char.c"
    steps = (TraceStep("fail", "main", 1, file=str(path), line=13),)
    trace = Trace(steps, (), (NondetChoice("char", "128bv8", "main", str(path), 9, 12),
                              NondetChoice("unsigned char", "-55", "main", str(path), 10, 21),
                              NondetChoice("unsigned int", "4294967295bv32", "main",
                                           str(path), 11, 20)))
    out = replay_trace([str(path)], trace)
    assert (out.status, out.reached_line) == ("confirmed", 13), out


def test_compile_failure_and_timeout_are_errors(tmp_path):
    _need("ILP32")
    bad = tmp_path / "bad.c"
    bad.write_text("int main(void) { return undeclared_variable; }\n")
    out = replay_values([str(bad)], [])
    assert out.status == "error" and "compile failed" in out.reason
    loop = tmp_path / "loop.c"
    loop.write_text("int main(void) { volatile int x = 1; while (x) ; return 0; }\n")
    out = replay_values([str(loop)], [], timeout=1.0)
    assert out.status == "error" and "timed out" in out.reason


def test_confirm_refuses_verdicts_without_a_trace():
    out = confirm(["x.c"], Result(Verdict.CORRECT))
    assert out.status == "not_replayable"
    with pytest.raises(AssertionError):
        ReplayOutcome("maybe", "")


# ----------------------------------------------------------------------------- CLI

def _cli(args):
    from click.testing import CliRunner

    from pycorral.replay_cmd import replay_cmd
    return CliRunner().invoke(replay_cmd, args)


def test_cli_replays_check_json(tmp_path):
    _need("ILP32")
    path = DATA / "signed_char.c"
    doc = _verify(path, "bv", "ILP32").to_json()
    j = tmp_path / "r.json"
    j.write_text(json.dumps(doc))
    assert trace_from_json(doc["trace"]) == _verify(path, "bv", "ILP32").trace
    r = _cli([str(path), "--trace-json", str(j)])
    assert r.exit_code == 0, r.output
    assert r.output.startswith("confirmed by execution:")
    r = _cli([str(path), "--trace-json", str(j), "--json"])
    assert json.loads(r.output)["status"] == "confirmed"


def test_cli_replays_a_graphml_witness(tmp_path):
    _need("ILP32")
    pytest.importorskip("svcomp.witness_read")
    path = DATA / "values_paths.c"
    w = tmp_path / "w.graphml"
    edges = [("17", "7", "__VERIFIER_nondet_int"), ("21", "300", "__VERIFIER_nondet_uchar")]
    body = "".join(
        f'<edge source="n{i}" target="n{i + 1}"><data key="startline">{ln}</data>'
        f'<data key="assumption">\\result == {v};</data>'
        f'<data key="assumption.resultfunction">{f}</data></edge>'
        for i, (ln, v, f) in enumerate(edges))
    w.write_text('<?xml version="1.0"?><graphml xmlns="http://graphml.graphdrawing.org/xmlns">'
                 '<graph edgedefault="directed"><data key="witness-type">violation_witness'
                 '</data><node id="n0"><data key="entry">true</data></node><node id="n1"/>'
                 '<node id="n2"/><node id="n3"><data key="violation">true</data></node>'
                 + body + '<edge source="n2" target="n3"><data key="startline">22</data>'
                 '</edge></graph></graphml>')
    r = _cli([str(path), "--witness", str(w)])
    assert r.exit_code == 0, r.output
    w.write_text(w.read_text().replace("== 300;", "== 43;"))
    r = _cli([str(path), "--witness", str(w)])
    assert r.exit_code == 1, r.output
    assert r.output.startswith("not confirmed by execution (not reached)"), r.output


def test_cli_usage_and_bad_input(tmp_path):
    path = str(DATA / "signed_char.c")
    assert _cli([path]).exit_code == 2
    assert _cli([path, "--witness", "a", "--trace-json", "b"]).exit_code == 2
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    r = _cli([path, "--trace-json", str(bad)])
    assert r.exit_code == 2 and "error: not valid JSON" in r.output
    bad.write_text(json.dumps({"verdict": "correct", "trace": None}))
    r = _cli([path, "--trace-json", str(bad)])
    assert r.exit_code == 2 and "not the JSON of a bug verdict" in r.output
    r = _cli([str(tmp_path / "missing.c"), "--trace-json", str(bad)])
    assert r.exit_code == 2 and "cannot read file" in r.output
