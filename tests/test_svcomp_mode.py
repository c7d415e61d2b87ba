"""SV-COMP mode: verdict mapping (every Verdict), the result line, and end-to-end
`pycorral svcomp` runs on our own tasks and property files (tests/data/svcomp) and on quick
tasks of the SV-COMP corpus when it is present (TRUE, FALSE, UNKNOWN for an unsupported
property), bad input (exit 2, one line) and the strategy's fallbacks."""
from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from pycorral.svcomp_cmd import svcomp_cmd
from svcomp.svcomp_mode import SvcompAnswer, SvcompOptions, map_verdict, run_svcomp
from svcomp.task import UNREACH_CALL_TEXT, parse_property_text
from verifier.result import Result, Trace, UnknownEffect, UnknownKind, Verdict

from conftest import ROOT, corpus_dir

DATA = ROOT / "tests" / "data" / "svcomp"
PRP = DATA / "properties"                      # our own copies of SV-COMP's property files
RESULT_LINE = re.compile(r"^Result: (TRUE|FALSE\([a-z-]+\)|UNKNOWN \(.+\))$")
EXPECTED_STATUS = {Verdict.BUG: "FALSE", Verdict.CORRECT: "TRUE",
                   Verdict.BOUNDED: "UNKNOWN", Verdict.UNKNOWN: "UNKNOWN",
                   Verdict.POSSIBLE_BUG: "UNKNOWN"}


def _result(v: Verdict, reason: str = "", bound: int = 3) -> Result:
    effects = (UnknownEffect("qsort", "memory", "s.c", 7),) \
        if v is Verdict.POSSIBLE_BUG else ()
    return Result(v, reason, Trace(()) if v.has_trace else None, {"bound": bound},
                  depends_on=effects)


def test_a_possible_bug_is_unknown_never_false():
    """A trace through the unknown effect of a function without a body is no FALSE: the
    SV-COMP answer is UNKNOWN, its reason says so and its kind is possible-bug."""
    r = _result(Verdict.POSSIBLE_BUG, "depends on the unknown effect of qsort")
    assert map_verdict(r) == ("UNKNOWN",
                              "possible bug (depends on the unknown effect of qsort)")
    with pytest.raises(AssertionError, match="FALSE rests on a bug trace"):
        SvcompAnswer("FALSE", result=r)
    a = SvcompAnswer("UNKNOWN", map_verdict(r)[1], result=r,
                     reason_kind=UnknownKind.POSSIBLE_BUG)
    assert a.result_line() == \
        "Result: UNKNOWN (possible bug (depends on the unknown effect of qsort))"
    assert a.exit_code == 20


@pytest.mark.parametrize("verdict", list(Verdict), ids=lambda v: v.name)
def test_every_verdict_is_mapped(verdict):
    status, reason = map_verdict(_result(verdict, "why not"))
    assert status == EXPECTED_STATUS[verdict]
    if status == "UNKNOWN":
        assert reason          # an UNKNOWN always says why
    else:
        assert reason == ""


def test_bounded_is_unknown_with_the_bound():
    assert map_verdict(_result(Verdict.BOUNDED, "no bug found", bound=8)) == \
        ("UNKNOWN", "no bug within bound 8")
    assert map_verdict(_result(Verdict.UNKNOWN, "timeout")) == ("UNKNOWN", "timeout")
    assert map_verdict(Result(Verdict.UNKNOWN, "")) == ("UNKNOWN", "unknown")


def test_result_lines_and_exit_codes():
    t = SvcompAnswer("TRUE", result=_result(Verdict.CORRECT))
    f = SvcompAnswer("FALSE", result=_result(Verdict.BUG))
    u = SvcompAnswer("UNKNOWN", "timeout\n(after bound 4)")
    assert (t.result_line(), t.exit_code) == ("Result: TRUE", 0)
    assert (f.result_line(), f.exit_code) == ("Result: FALSE(unreach-call)", 0)
    assert (u.result_line(), u.exit_code) == ("Result: UNKNOWN (timeout (after bound 4))", 20)


@pytest.mark.parametrize("verdict", [Verdict.BOUNDED, Verdict.UNKNOWN, Verdict.BUG])
def test_true_needs_a_proof(verdict):
    with pytest.raises(AssertionError):
        SvcompAnswer("TRUE", result=_result(verdict))


@pytest.mark.parametrize("verdict", [Verdict.BOUNDED, Verdict.UNKNOWN, Verdict.CORRECT])
def test_false_needs_a_bug(verdict):
    with pytest.raises(AssertionError):
        SvcompAnswer("FALSE", result=_result(verdict))


# ----------------------------------------------------------------------------- end to end

def _svcomp(*args: str):
    r = CliRunner().invoke(svcomp_cmd, list(args), catch_exceptions=False)
    lines = r.output.strip().splitlines()
    return r.exit_code, lines


@pytest.mark.parametrize("task,expected", [
    ("ones_bug.yml", "Result: FALSE(unreach-call)"),
    ("ones_ok.yml", "Result: TRUE"),
])
def test_own_tasks(task, expected):
    code, lines = _svcomp(str(DATA / task), "--timeout", "60")
    assert lines[-1] == expected, lines
    assert code == 0
    assert sum(1 for ln in lines if ln.startswith("Result:")) == 1


@pytest.mark.corpora("svcomp")
@pytest.mark.parametrize("task,expected", [
    ("recursive-simple/id_o3.yml", "Result: FALSE(unreach-call)"),
    ("recursive-simple/id_i15_o15-1.yml", "Result: TRUE"),
    ("recursive/BallRajamani-SPIN2000-Fig1.yml", "Result: FALSE(unreach-call)"),
    ("recursive/Addition02.yml", "Result: FALSE(unreach-call)"),
])
def test_corpus_tasks(task, expected):
    base = corpus_dir("svcomp") / "c"
    code, lines = _svcomp(str(base / task), "--timeout", "60")
    assert lines[-1] == expected, lines
    assert code == 0
    assert sum(1 for ln in lines if ln.startswith("Result:")) == 1


def test_unsupported_property_is_unknown():
    code, lines = _svcomp("--property", str(PRP / "termination.prp"), str(DATA / "ones_ok.c"))
    assert lines[-1] == "Result: UNKNOWN (unsupported property: termination)"
    assert code == 20


def test_files_with_property_and_data_model():
    code, lines = _svcomp("--property", str(PRP / "unreach-call.prp"),
                          "--data-model", "LP64", str(DATA / "ones_bug.c"))
    assert (code, lines[-1]) == (0, "Result: FALSE(unreach-call)")
    code, lines = _svcomp("--property", str(PRP / "no-overflow.prp"),
                          str(ROOT / "tests" / "data" / "properties" / "mul_overflow.c"))
    assert (code, lines[-1]) == (0, "Result: FALSE(no-overflow)")


@pytest.mark.corpora("svcomp")
def test_corpus_files_with_property_and_data_model():
    base = corpus_dir("svcomp") / "c"
    code, lines = _svcomp("--property", str(base / "properties" / "unreach-call.prp"),
                          "--data-model", "LP64", str(base / "recursive-simple" / "id_o3.c"))
    assert (code, lines[-1]) == (0, "Result: FALSE(unreach-call)")
    code, lines = _svcomp("--property", str(base / "properties" / "no-overflow.prp"),
                          str(base / "bitvector" / "jain_6-2.i"))
    assert (code, lines[-1]) == (0, "Result: FALSE(no-overflow)")


def test_bounded_search_is_unknown_not_true(tmp_path):
    """A loop without a bug: whatever the verifier manages, the answer agrees with the
    last attempt; "no bug within bound" at --max-bound is UNKNOWN, never TRUE."""
    prog = tmp_path / "count.c"
    prog.write_text("extern int __VERIFIER_nondet_int(void);\nvoid reach_error(void);\n"
                    "int main(void) {\n  unsigned x = 0;\n"
                    "  while (__VERIFIER_nondet_int()) { x = x + 2; }\n"
                    "  if (x % 2 == 1) reach_error();\n  return 0;\n}\n")
    prop = parse_property_text(UNREACH_CALL_TEXT, "unreach-call.prp")
    answer = run_svcomp([str(prog)], prop, SvcompOptions(timeout=60, max_bound=2))
    last = answer.attempts[-1]
    assert answer.status != "FALSE"
    assert max(a.bound for a in answer.attempts) <= 2
    if last.outcome == Verdict.BOUNDED.value:
        assert answer.status == "UNKNOWN" and "no bug within bound 2" in answer.reason
    else:
        assert last.outcome == Verdict.CORRECT.value and answer.status == "TRUE"


def test_timeout_is_unknown():
    # a program neither the search nor the prover decides in 2 s (a factorization), run as
    # its own process: the run guard's hard stop ends the process it runs in
    import subprocess
    import sys
    p = subprocess.run([sys.executable, "-m", "pycorral.cli", "svcomp", "--timeout", "2",
                        "--property", str(PRP / "unreach-call.prp"),
                        str(ROOT / "tests" / "data" / "limits" / "slow_query.c")],
                       capture_output=True, text=True, timeout=120)
    lines = p.stdout.strip().splitlines()
    assert p.returncode == 20 and lines[-1].startswith("Result: UNKNOWN (timeout"), lines


def test_reach_error_bug_data_file():
    code, lines = _svcomp(str(DATA / "neg_values.yml"))
    assert (code, lines[-1]) == (0, "Result: FALSE(unreach-call)")


@pytest.mark.parametrize("args,message", [
    (["nonexistent.yml"], "cannot read task file"),
    (["--property", "nonexistent.prp", "x.c"], "cannot read property file"),
])
def test_bad_input_files(args, message):
    code, lines = _svcomp(*args)
    assert code == 2 and len(lines) == 1 and ": error: " in lines[0] and message in lines[0]


def test_syntax_error_is_bad_input(tmp_path):
    prog = tmp_path / "bad.c"
    prog.write_text("int main(void) {\n  return 0 +;\n}\n")
    prp = tmp_path / "u.prp"
    prp.write_text(UNREACH_CALL_TEXT)
    code, lines = _svcomp("--property", str(prp), "--frontend", "c", str(prog))
    assert code == 2 and len(lines) == 1 and lines[0].startswith(f"{prog}:2:")


def test_usage_errors():
    r = CliRunner().invoke(svcomp_cmd, ["prog.c"])
    assert r.exit_code == 2 and "--property" in r.output


def test_c_frontend_rejection_falls_back_to_llvm(tmp_path):
    """A construct the C front end does not model (here a complex number) is retried with
    the LLVM front end; whatever it answers, the attempts show both front ends, and no
    answer is TRUE/FALSE without a verifier result."""
    prog = tmp_path / "f.c"
    prog.write_text("void reach_error(void);\n"
                    "int main(void) {\n  double _Complex f = 1.0;\n"
                    "  int x = 1;\n  if (x == 2) reach_error();\n  return 0;\n}\n")
    prop = parse_property_text(UNREACH_CALL_TEXT, "unreach-call.prp")
    answer = run_svcomp([str(prog)], prop, SvcompOptions(timeout=60))
    fronts = [a.frontend for a in answer.attempts]
    assert fronts[0] == "c" and answer.attempts[0].outcome == "unsupported"
    assert "llvm" in fronts
    if answer.status != "UNKNOWN":
        assert answer.frontend == "llvm" and answer.result is not None


@pytest.mark.parametrize("task,fmt,kind", [
    ("ones_bug.yml", "graphml", "violation_witness"),
    ("ones_bug.yml", "yaml", "violation_sequence"),
    ("ones_ok.yml", "graphml", "correctness_witness"),
])
def test_cli_writes_checked_witness(tmp_path, task, fmt, kind):
    from svcomp.witness_check import check_witness

    out = tmp_path / f"w.{fmt}"
    code, lines = _svcomp(str(DATA / task), "--witness", str(out), "--witness-format", fmt)
    assert code == 0 and f"witness written to {out}" in lines
    assert kind in out.read_text() and check_witness(str(out)) == []


def test_cli_no_witness_for_unknown(tmp_path):
    out = tmp_path / "w.graphml"
    code, lines = _svcomp("--property", str(PRP / "termination.prp"), str(DATA / "ones_ok.c"),
                          "--witness", str(out))
    assert code == 20 and not out.exists()


def test_a_possible_bug_task_answers_unknown(tmp_path):
    """End to end: the error depends on the result of a function without a body -- the
    answer is UNKNOWN with the possible bug's line, never FALSE; the same program whose
    error does not depend on it is FALSE."""
    prog = tmp_path / "p.c"
    prog.write_text("void reach_error(void);\nint get(void);\n"
                    "int main(void) {\n  if (get() == 42) reach_error();\n  return 0;\n}\n")
    code, lines = _svcomp("--property", str(PRP / "unreach-call.prp"), str(prog),
                          "--timeout", "60")
    assert lines[-1].startswith("Result: UNKNOWN (") and "possible bug" in lines[-1], lines
    assert "unknown effect of get" in lines[-1] and code == 20
    real = tmp_path / "q.c"
    real.write_text("void reach_error(void);\nint get(void);\n"
                    "extern int __VERIFIER_nondet_int(void);\nint main(void) {\n"
                    "  int v = get();\n  if (__VERIFIER_nondet_int() == 42) reach_error();\n"
                    "  return v;\n}\n")
    code, lines = _svcomp("--property", str(PRP / "unreach-call.prp"), str(real),
                          "--timeout", "60")
    assert (code, lines[-1]) == (0, "Result: FALSE(unreach-call)"), lines
