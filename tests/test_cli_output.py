"""`pycorral check` output formats: SARIF 2.1.0 (validated with jsonschema), colour,
--memlimit, and the nondeterministic choices in the human trace."""
from __future__ import annotations

import json
import os
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from pycorral.cli import main
from verifier.report.render import nondet_value

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = json.loads((ROOT / "tests/data/sarif/sarif-2.1.0-subset.schema.json").read_text())
NONDET_C = """\
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  unsigned char c = __VERIFIER_nondet_uchar();
  if (x == -5 && c == 200) reach_error();
  return 0;
}
"""


def _check(*args: str) -> tuple[int, str]:
    r = CliRunner().invoke(main, ["check", *args])
    return r.exit_code, r.output


def _sarif(tmp_path: Path, *args: str) -> tuple[int, dict]:
    out = tmp_path / "out.sarif"
    code, _ = _check(*args, "--sarif", str(out))
    log = json.loads(out.read_text())
    jsonschema.Draft4Validator(SCHEMA).validate(log)
    return code, log


def test_sarif_bug_has_one_result_with_the_trace_as_code_flow(tmp_path):
    code, log = _sarif(tmp_path, str(ROOT / "examples/lock.bpl"))
    assert code == 10
    run = log["runs"][0]
    assert run["properties"]["verdict"] == "bug"
    assert len(run["results"]) == 1
    res = run["results"][0]
    assert res["level"] == "error" and res["ruleId"] == run["tool"]["driver"]["rules"][0]["id"]
    flow = res["codeFlows"][0]["threadFlows"][0]["locations"]
    lines = [f["location"]["physicalLocation"]["region"]["startLine"] for f in flow]
    assert 14 in lines and 46 in lines and 47 in lines      # acquire, both calls in main
    assert [f["executionOrder"] for f in flow] == list(range(1, len(flow) + 1))
    assert res["locations"][0]["physicalLocation"]["region"]["startLine"] == 14


def test_sarif_records_the_nondeterministic_inputs(tmp_path):
    src = tmp_path / "nd.c"
    src.write_text(NONDET_C)
    code, log = _sarif(tmp_path, str(src), "--encoding", "bv")
    assert code == 10
    res = log["runs"][0]["results"][0]
    assert [c["line"] for c in res["properties"]["nondet"]] == [5, 6]
    assert "line 5" in res["message"]["text"]


def test_sarif_correct_and_unknown_have_no_result(tmp_path):
    code, log = _sarif(tmp_path, str(ROOT / "examples/lock_ok.bpl"))
    assert code == 0 and log["runs"][0]["results"] == []
    # unknown: a construct pycorral does not support (deterministic, unlike a tiny
    # --timeout, whose hard stop would end the test runner's own process)
    conc = tmp_path / "poly.bpl"
    conc.write_text("var m: <a>[a]int;\n"
                    "procedure {:entrypoint} main() modifies m; { havoc m; assert false; }\n")
    code, log = _sarif(tmp_path, str(conc))
    run = log["runs"][0]
    assert code == 20 and run["results"] == []
    note = run["invocations"][0]["toolExecutionNotifications"][0]
    assert note["message"]["text"].startswith("unknown")


def test_the_schema_check_rejects_a_broken_log(tmp_path):
    _, log = _sarif(tmp_path, str(ROOT / "examples/lock.bpl"))
    flow = log["runs"][0]["results"][0]["codeFlows"][0]["threadFlows"][0]["locations"]
    flow[0]["location"]["physicalLocation"]["region"]["startLine"] = 0
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft4Validator(SCHEMA).validate(log)
    del log["runs"][0]["tool"]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft4Validator(SCHEMA).validate(log)


@pytest.mark.skipif(not os.environ.get("PYCORRAL_SARIF_SCHEMA"),
                    reason="set PYCORRAL_SARIF_SCHEMA to OASIS's sarif-schema-2.1.0.json "
                           "to validate against the official schema as well")
def test_sarif_against_the_official_schema(tmp_path):
    official = json.loads(Path(os.environ["PYCORRAL_SARIF_SCHEMA"]).read_text())
    for example in ("lock.bpl", "lock_ok.bpl"):
        out = tmp_path / "o.sarif"
        _check(str(ROOT / "examples" / example), "--sarif", str(out))
        jsonschema.Draft4Validator(official).validate(json.loads(out.read_text()))


def test_sarif_to_stdout_replaces_the_human_output():
    code, out = _check(str(ROOT / "examples/lock.bpl"), "--sarif", "-")
    assert code == 10
    assert json.loads(out)["version"] == "2.1.0"


def test_human_trace_lists_nondeterministic_choices_as_c_values(tmp_path):
    src = tmp_path / "nd.c"
    src.write_text(NONDET_C)
    for enc in ("int", "bv"):
        code, out = _check(str(src), "--encoding", enc, "--no-color")
        assert code == 10
        lines = [ln.split() for ln in out.splitlines()]
        # in place, in execution order: each value before the assignment that uses it
        assert [f"{src}:5:11", "__VERIFIER_nondet_int()", "=", "-5"] in lines
        assert [f"{src}:6:21", "__VERIFIER_nondet_uchar()", "=", "200"] in lines
        order = [" ".join(ln[1:]) for ln in lines if ln and ln[0].startswith(str(src))]
        assert order[1:6] == ["__VERIFIER_nondet_int() = -5", "x = -5",
                              "__VERIFIER_nondet_uchar() = 200", "c = 200",
                              "if (x == -5 && c == 200) -> true"], order
        assert "$alloc" not in out


def test_nondet_value_reads_bitvectors_by_the_c_type():
    assert nondet_value("4294967291bv32", "int") == "-5"
    assert nondet_value("4294967291bv32", "unsigned int from __VERIFIER_nondet_uint") \
        == "4294967291"
    assert nondet_value("200bv8", "uchar") == "200"
    assert nondet_value("200bv8", "char") == "-56"
    assert nondet_value("-7", "int") == "-7"


def test_color_only_when_asked_or_on_a_terminal():
    code, out = _check(str(ROOT / "examples/lock.bpl"), "--color")
    assert code == 10 and "\x1b[31m" in out.splitlines()[0]
    code, out = _check(str(ROOT / "examples/lock.bpl"))
    assert "\x1b[" not in out                      # CliRunner's output is not a terminal


def test_memlimit_reached_gives_unknown_not_a_verdict(tmp_path):
    # in a child process (the limit would stay set); loading LLVM alone takes ~80 MB
    import subprocess
    import sys
    src = tmp_path / "nd.c"
    src.write_text(NONDET_C)
    cmd = [sys.executable, "-m", "pycorral.cli", "check", str(src), "--frontend", "llvm"]
    p = subprocess.run(cmd + ["--memlimit", "64"], capture_output=True, text=True, timeout=120)
    assert p.returncode == 20, p.stdout + p.stderr
    assert p.stdout.startswith("unknown: resource limit: memory limit of 64 MB")
    p = subprocess.run(cmd + ["--memlimit", "2000"], capture_output=True, text=True,
                       timeout=120)
    assert p.returncode == 10 and p.stdout.startswith("bug found")


def test_malloc_may_fail_is_a_c_front_end_choice(tmp_path):
    src = tmp_path / "mf.c"
    src.write_text("#include <stdlib.h>\nvoid reach_error(void);\nint main(void) {\n"
                   "  int *p = malloc(sizeof(int));\n  if (!p) reach_error();\n"
                   "  free(p);\n  return 0;\n}\n")
    code, out = _check(str(src))
    assert code == 0 and out.startswith("correct")       # SV-COMP: allocation succeeds
    code, out = _check(str(src), "--malloc-may-fail")
    assert code == 10 and out.startswith("bug found")
    code, out = _check(str(src), "--malloc-may-fail", "--frontend", "llvm")
    assert code == 2 and "C front-end option" in out


def test_check_replays_c_bugs_natively(tmp_path):
    src = tmp_path / "nd.c"
    src.write_text(NONDET_C)
    code, out = _check(str(src))
    assert code == 10
    assert out.splitlines()[1].startswith("confirmed by execution:")
    code, out = _check(str(src), "--no-replay")
    assert code == 10 and "confirmed" not in out
    r = CliRunner().invoke(main, ["check", str(src), "--json"])
    assert json.loads(r.output)["stats"]["replay"] == "confirmed"


def test_a_bug_that_native_execution_does_not_reach_becomes_unknown(tmp_path, monkeypatch):
    import replay.confirm
    import replay.native
    src = tmp_path / "nd.c"
    src.write_text(NONDET_C)
    monkeypatch.setattr(replay.confirm, "confirm", lambda *a, **k: replay.native.ReplayOutcome(
        "not_reached", "the program exited with status 0"))
    code, out = _check(str(src))
    assert code == 20
    assert out.startswith("unknown: the trace does not reach the error")
    monkeypatch.setattr(replay.confirm, "confirm", lambda *a, **k: replay.native.ReplayOutcome(
        "not_replayable", "the trace depends on the external function f"))
    code, out = _check(str(src))
    assert code == 10
    assert "not confirmed by execution (not replayable)" in out.splitlines()[1]


def test_the_fail_step_names_the_failing_assertion_not_the_last_block(tmp_path):
    src = tmp_path / "late.c"
    src.write_text("extern int __VERIFIER_nondet_int(void);\nvoid __VERIFIER_assert(int c);\n"
                   "int g;\nint f(int x) {\n  __VERIFIER_assert(x != 3);\n  g = x;\n"
                   "  return x + 1;\n}\nint main(void) {\n  int y = f(__VERIFIER_nondet_int());\n"
                   "  g = y;\n  return 0;\n}\n")
    r = CliRunner().invoke(main, ["check", str(src), "--json", "--no-replay"])
    steps = json.loads(r.output)["trace"]["steps"]
    assert steps[-1]["kind"] == "fail" and steps[-1]["line"] == 5
