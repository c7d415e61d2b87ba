"""The `pycorral` command line: exit codes, one-line diagnostics, JSON shape, Corral flags,
`bpl` output that re-parses, and the bundled examples.

Tests marked `fake` replace the front end and the engine by small stand-ins, so the CLI's
own logic (option merging, rendering, error handling) is tested on its own; the others run
the real modules and skip while a module has not landed."""
from __future__ import annotations

import dataclasses
import json
import re
import subprocess
import sys
import types
from pathlib import Path

import pytest
from click.testing import CliRunner

from boogie import ast as A
from pycorral import cli
from verifier.result import Result, Trace, TraceStep, UnknownEffect, Verdict

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
ONE_LINE_ERROR = re.compile(r"^[^\n]+:\d+:\d+: error: [^\n]+\n$")


def run(*args: str):
    return CliRunner().invoke(cli.main, list(args))


# ----------------------------------------------------------------------------- fakes

@dataclasses.dataclass(frozen=True)
class FakeOptions:
    entry: str
    bound: int = 1
    strategy: str = "si"
    timeout: float | None = None
    query_timeout: float | None = None
    work_budget: float | None = None
    mode: str = "assert"
    error_var: str | None = None
    error_var_is_int: bool = False
    max_stack_depth: int | None = None
    static_loop_bound: int | None = None
    track_all: bool = False
    deepen_to: int | None = None
    core_minimize: str = "deletion"
    portfolio: tuple = ()
    jobs: int | None = None
    member_memory_mb: int | None = None
    # the run's deadline (verifier/deadline.py): an instant, so not compared
    deadline: object = dataclasses.field(default=None, compare=False)


TRACE = Trace(steps=(
    TraceStep("block", "main", 0, label="start", file="lock.c", line=2, col=1, text="x := 2"),
    TraceStep("call", "acquire", 1, file="lock.c", line=3, col=1, text="call acquire()"),
    TraceStep("block", "acquire", 1, label="L1", file="lock.c", line=7, col=3,
              text="assume x > 0", values=(("x", "2"),)),
    TraceStep("fail", "acquire", 1, file="lock.c", line=8, col=3, text="assert !locked"),
), inputs=(("x", "2"),))


@pytest.fixture
def fake(monkeypatch, tmp_path):
    """Front end and engine stand-ins; `fake.result` is what verify returns,
    `fake.seen` the options it was called with."""
    state = types.SimpleNamespace(result=Result(Verdict.CORRECT, stats={"time": 0.5}),
                                  seen=None, file=tmp_path / "p.bpl")
    state.file.write_text("// stand-in\n")
    main = A.ProcedureDecl("main", (), (), attrs=(A.Attr("entrypoint"),),
                           body=A.Body((), (A.Block("L", (), A.Return()),)))
    monkeypatch.setattr(cli, "load_program", lambda path, concat=(): A.Program((main,)))
    monkeypatch.setattr(cli, "check_program", lambda p, path, check_modifies=True: p)
    import frontend  # noqa: F401  (frontend.load is the door's function; its module:)
    door = sys.modules["frontend.load"]   # the one door every front end goes through
    monkeypatch.setattr(door, "load", lambda paths, opts: door.LoadedProgram(
        A.Program((main,)), "boogie", 0.0))

    def verify(program, opts, progress=None):
        state.seen = opts
        if isinstance(state.result, BaseException):
            raise state.result
        return state.result

    import verifier.engine as real     # the one run function's view, onto the fake verify
    engine = types.ModuleType("verifier.engine")
    engine.verify = verify
    engine.run_view = real.run_view

    def run_program(program, options, deadline, *, entry=None, progress=None, hooks=None,
                    **overrides):
        return verify(program, real.run_view(options, deadline, entry, **overrides),
                      progress)
    engine.run = run_program
    options = types.ModuleType("verifier.options")
    options.VerifyOptions = FakeOptions
    monkeypatch.setitem(sys.modules, "verifier.engine", engine)
    monkeypatch.setitem(sys.modules, "verifier.options", options)
    return state


@pytest.mark.parametrize("verdict,code,line", [
    (Verdict.CORRECT, 0, "correct (proved for every bound)"),
    (Verdict.BOUNDED, 30, "no bug found within bound 1 (bounded: not a proof)"),
])
def test_fake_no_bug_verdicts_exit_0_or_30(fake, verdict, code, line):
    fake.result = Result(verdict, stats={"time": 0.25, "inlined": 3})
    r = run("check", str(fake.file))
    assert r.exit_code == code
    assert r.output.splitlines()[0] == line
    assert "summary: time 0.25s, bound 1, strategy auto, 3 procedures inlined" in r.output


def test_fake_bug_prints_trace_and_exits_10(fake):
    fake.result = Result(Verdict.BUG, trace=TRACE, stats={"time": 1.0})
    r = run("check", str(fake.file))
    assert r.exit_code == 10
    lines = r.output.splitlines()
    assert lines[0] == "bug found"
    assert "inputs: x = 2" in r.output
    start = next(ln for ln in lines if "start: x := 2" in ln)
    call = next(ln for ln in lines if "call acquire()" in ln)
    fail = next(ln for ln in lines if "FAILS: assert !locked" in ln)
    assert "lock.c:2:1" in start and "lock.c:3:1" in call and "lock.c:8:3" in fail
    assert "call call" not in r.output
    # a callee's steps are indented one level deeper than the caller's
    assert len(fail) - len(fail.lstrip()) > len(start) - len(start.lstrip())
    assert "(x = 2)" in next(ln for ln in lines if "assume x > 0" in ln)


def test_failure_without_location_is_shown_at_the_last_located_block():
    from verifier.report.render import trace_lines

    steps = TRACE.steps[:-1] + (
        TraceStep("block", "acquire", 1, label="error_return"),          # instrumentation
        TraceStep("fail", "main", 0, label="error_return", text="error reached"),)
    lines = trace_lines(Trace(steps))
    assert not any("error_return" in ln for ln in lines)
    assert lines[-1].strip().startswith("lock.c:7:3  [acquire]  FAILS:")


POSSIBLE = Result(Verdict.POSSIBLE_BUG, "depends on the unknown effect of acquire",
                  trace=TRACE, stats={"time": 1.0},
                  depends_on=(UnknownEffect("acquire", "result", "lock.c", 3),))


def test_fake_possible_bug_exits_40_with_its_line_and_trace(fake):
    fake.result = POSSIBLE
    r = run("check", str(fake.file))
    assert r.exit_code == 40
    lines = r.output.splitlines()
    assert lines[0] == "possible bug (depends on the unknown effect of acquire)"
    assert lines[1].startswith("note: the path to the error reads the result of acquire "
                               "(at lock.c:3)")
    assert any("FAILS: assert !locked" in ln for ln in lines)
    assert not any(ln.startswith("bug found") for ln in lines)


def test_fake_possible_bug_json_kind_and_sarif(fake, tmp_path):
    fake.result = POSSIBLE
    r = run("check", str(fake.file), "--json")
    assert r.exit_code == 40
    data = json.loads(r.output)
    assert data["verdict"] == "possible-bug" and "reason_kind" not in data
    assert data["depends_on"] == [{"function": "acquire", "kind": "result",
                                   "file": "lock.c", "line": 3}]
    assert data["trace"]["steps"][-1]["kind"] == "fail"
    out = tmp_path / "r.sarif"
    assert run("check", str(fake.file), "--sarif", str(out)).exit_code == 40
    sarif = json.loads(out.read_text())["runs"][0]
    assert sarif["properties"]["verdict"] == "possible-bug"
    (res,) = sarif["results"]
    assert (res["kind"], res["level"]) == ("review", "warning")
    assert res["properties"]["dependsOn"][0]["function"] == "acquire"
    assert sarif["invocations"][0]["exitCode"] == 40


def test_a_possible_bug_names_what_it_depends_on():
    with pytest.raises(AssertionError, match="names the unknown effects"):
        Result(Verdict.POSSIBLE_BUG, trace=TRACE)
    with pytest.raises(AssertionError, match="names the unknown effects"):
        Result(Verdict.BUG, trace=TRACE, depends_on=POSSIBLE.depends_on)
    with pytest.raises(AssertionError, match="carries a trace"):
        Result(Verdict.POSSIBLE_BUG, depends_on=POSSIBLE.depends_on)


def test_fake_unknown_exits_20_with_reason(fake):
    fake.result = Result(Verdict.UNKNOWN, reason="timeout after 5s")
    r = run("check", str(fake.file))
    assert r.exit_code == 20
    assert r.output.splitlines()[0] == "unknown: timeout after 5s"


def test_fake_json_is_one_object_with_verdict_trace_stats(fake):
    fake.result = Result(Verdict.BUG, trace=TRACE, stats={"time": 1.0, "queries": 4})
    r = run("check", str(fake.file), "--json")
    assert r.exit_code == 10
    data = json.loads(r.output)
    assert data["verdict"] == "bug"
    assert data["trace"]["steps"][-1]["kind"] == "fail"
    assert data["trace"]["inputs"] == {"x": "2"}
    assert data["stats"]["queries"] == 4
    assert "wall_time" in data["stats"]


def test_fake_stats_block(fake):
    fake.result = Result(Verdict.CORRECT, stats={"time": 2.0, "z3_time": 1.5, "queries": 7,
                                                 "inlined": 5})
    r = run("check", str(fake.file), "--stats")
    assert r.exit_code == 0
    assert re.search(r"queries:\s+7", r.output)
    assert re.search(r"procedures inlined:\s+5", r.output)
    assert "Z3 1.500s (75%), Python 0.500s" in r.output
    assert re.search(r"peak memory:\s+\d+ MB", r.output)


def test_fake_options_and_corral_flags_reach_the_engine(fake):
    r = run("check", str(fake.file), "/main:main", "/recursionBound:4", "/trackAllVars",
            "/assertVar:err", "/assertVarIsInt", "/stackDepthBound:9", "/maxStaticLoopBound:11",
            "/staticInlining", "/timeLimit:30", "/cex:2", "--query-timeout", "5")
    assert r.exit_code == 0, r.output
    assert 0 < fake.seen.timeout <= 30.0       # the front end's time is taken off
    # ... but not off the budget the engine's shares are taken from (verifier/limits.py)
    assert dataclasses.replace(fake.seen, timeout=30.0) == FakeOptions(
                                    entry="main", bound=4, strategy="static", timeout=30.0,
                                    query_timeout=5.0, work_budget=30.0,
                                    error_var="err", error_var_is_int=True,
                                    max_stack_depth=9, static_loop_bound=11, track_all=True)
    assert "note: Corral flag /cex:2 accepted" in r.output


def test_fake_explicit_options_win_over_corral_flags(fake):
    r = run("check", "/recursionBound:4", str(fake.file), "--bound", "2", "/si",
            "--strategy", "static")
    assert r.exit_code == 0, r.output
    assert (fake.seen.bound, fake.seen.mode, fake.seen.strategy) == (2, "reach", "static")
    assert r.output.splitlines()[-1].startswith("summary:")


def test_fake_reach_flag_and_entrypoint_attribute(fake):
    assert run("check", str(fake.file), "--reach").exit_code == 0
    assert (fake.seen.entry, fake.seen.mode) == ("main", "reach")


def test_fake_internal_error_is_unknown_without_traceback(fake):
    fake.result = RuntimeError("boom\nsecond line")
    r = run("check", str(fake.file))
    assert r.exit_code == 20
    assert r.output.splitlines()[0] == "unknown: internal error: RuntimeError: boom"
    assert "Traceback" not in r.output


def test_fake_internal_error_in_json_mode_is_unknown_json(fake):
    fake.result = ZeroDivisionError("x")
    r = run("check", str(fake.file), "--json")
    assert r.exit_code == 20
    assert json.loads(r.output)["verdict"] == "unknown"


def test_fake_debug_shows_the_traceback(fake, capfd):
    fake.result = RuntimeError("boom")
    r = CliRunner().invoke(cli.main, ["check", str(fake.file), "--debug"])
    assert r.exit_code == 20
    assert "Traceback" in r.output + capfd.readouterr().err


def test_unknown_corral_flag_is_a_usage_error(tmp_path):
    f = tmp_path / "p.bpl"
    f.write_text("")
    r = run("check", str(f), "/frobnicate")
    assert r.exit_code == 2
    assert "unknown Corral flag /frobnicate" in r.output


def test_no_file_and_two_files_are_usage_errors():
    assert run("check").exit_code == 2
    assert run("check", "a.bpl", "b.bpl").exit_code == 2


def test_missing_file_is_one_line_exit_2():
    r = run("check", "no/such/file.bpl")
    assert r.exit_code == 2
    assert r.output == "no/such/file.bpl:1:1: error: cannot read file: No such file or directory\n"


def test_missing_file_from_the_console_script():
    p = subprocess.run([sys.executable, "-m", "pycorral.cli", "check", "/no/such.bpl"],
                       capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert p.returncode == 2
    assert ONE_LINE_ERROR.match(p.stderr), p.stderr
    assert p.stdout == ""


def test_help_documents_exit_codes_and_examples():
    r = run("check", "--help")
    assert r.exit_code == 0
    for text in ("10  bug found", "20  unknown", "2   bad input", "0   correct",
                 "30  bounded", "40  possible bug", "Examples:", "/recursionBound:N", "--unwind"):
        assert text in r.output
    # the default budget of the deepening is shown
    assert "time budget (30s unless --timeout is given)" in " ".join(r.output.split())
    assert "Exit codes" in run("--help").output


# ----------------------------------------------------------------------------- real modules

def _need(*modules: str) -> None:
    for m in modules:
        pytest.importorskip(m, reason=f"{m} has not landed yet")


def test_syntax_error_is_one_line_exit_2(tmp_path):
    _need("boogie.parser")
    f = tmp_path / "bad.bpl"
    f.write_text("procedure main()\n{\n  x := ;\n}\n")
    r = CliRunner().invoke(cli.main, ["check", str(f)])
    assert r.exit_code == 2
    assert ONE_LINE_ERROR.match(r.output), r.output
    assert r.output.startswith(f"{f}:3:")
    assert "Traceback" not in r.output


def test_type_error_is_one_line_exit_2(tmp_path):
    _need("boogie.parser", "boogie.typecheck", "boogie.passes.modifies")
    f = tmp_path / "ill.bpl"
    f.write_text("var g: int;\nprocedure main()\n  modifies g;\n{\n  g := true;\n}\n")
    r = CliRunner().invoke(cli.main, ["check", str(f)])
    assert r.exit_code == 2
    assert ONE_LINE_ERROR.match(r.output), r.output
    assert r.output.startswith(f"{f}:5:")
    assert "Traceback" not in r.output


def test_bpl_output_reparses_to_the_same_program():
    _need("boogie.parser", "boogie.printer")
    from boogie.parser import parse_file, parse_program

    r = run("bpl", str(EXAMPLES / "lock.bpl"))
    assert r.exit_code == 0, r.output
    assert parse_program(r.output, "printed.bpl") == parse_file(str(EXAMPLES / "lock.bpl"))


def test_bpl_instrument_output_reparses():
    _need("boogie.parser", "boogie.printer", "boogie.typecheck", "boogie.passes.pipeline",
          "boogie.passes.modifies")
    from boogie.parser import parse_program

    r = run("bpl", str(EXAMPLES / "lock.bpl"), "--instrument")
    assert r.exit_code == 0, r.output
    prog = parse_program(r.output, "instrumented.bpl")
    assert "acquire" in prog.procedures()
    assert r.output != run("bpl", str(EXAMPLES / "lock.bpl")).output


def test_bpl_typecheck_only():
    _need("boogie.parser", "boogie.typecheck", "boogie.passes.modifies")
    r = run("bpl", str(EXAMPLES / "lock_ok.bpl"), "--typecheck-only")
    assert r.exit_code == 0 and r.output.strip().endswith(": ok")


def test_example_lock_has_a_bug_with_a_trace():
    _need("boogie.parser", "boogie.typecheck", "verifier.engine", "verifier.options")
    r = run("check", str(EXAMPLES / "lock.bpl"))
    assert r.exit_code == 10, r.output
    assert r.output.splitlines()[0] == "bug found"
    assert "acquire" in r.output and "read_device" in r.output
    fail = next(ln for ln in r.output.splitlines() if "FAILS:" in ln)
    assert "lock.bpl:14:" in fail and "assert !locked" in fail    # the double acquire
    assert "req1 = 2" in r.output                                  # the error request
    data = json.loads(run("check", str(EXAMPLES / "lock.bpl"), "--json").output)
    assert data["verdict"] == "bug" and data["trace"]["steps"]


def test_example_lock_ok_has_no_bug():
    _need("boogie.parser", "boogie.typecheck", "verifier.engine", "verifier.options")
    r = run("check", str(EXAMPLES / "lock_ok.bpl"), "--bound", "2")
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[0] in ("correct (proved for every bound)",
                                        "no bug found within bound 2")


# ----------------------------------------------------------------------------- benchmarks

def test_bench_runner_kills_the_whole_process_group():
    from bench.corpus_bench import run_limited

    import time

    code, out, _, wall = run_limited(["bash", "-c", "sleep 20.4317 & sleep 20.4317; echo done"],
                                     1.0)
    assert code is None and "done" not in out      # killed, not ended after its 20 s
    for _ in range(50):            # killed processes may take a moment to disappear
        ps = subprocess.run(["pgrep", "-f", "sleep 20.4317"], capture_output=True, text=True)
        if not ps.stdout.strip():
            break
        time.sleep(0.1)
    assert ps.stdout.strip() == ""


def test_bench_runner_reads_json_and_errors():
    from bench.corpus_bench import _interpret

    verdict, reason, stats = _interpret(10, 'note\n{"verdict": "bug", "reason": "", '
                                            '"trace": {}, "stats": {"inlined": 3}}\n', "")
    assert (verdict, stats["inlined"]) == ("bug", 3)
    assert _interpret(2, "", "f.bpl:3:4: error: bad\n")[:2] == ("error", "error: bad")
    assert _interpret(-9, "", "")[0] == "unknown"
    assert _interpret(1, "garbage", "Traceback ...\nKeyError: x")[0] == "unknown"


def test_bench_scoring():
    from bench.corpus_bench import TaskRun, corral_outcome, ldv_outcome

    def r(expected, verdict, reason=""):
        return TaskRun("f.bpl", expected, "si", verdict, reason)

    assert corral_outcome(r("correct", "no bug within bound"), False) == "right"
    assert corral_outcome(r("correct", "bug"), False) == "wrong"
    assert corral_outcome(r("bug", "correct"), False) == "wrong"
    assert corral_outcome(r("bug", "timeout"), False) == "unknown"
    assert corral_outcome(r("bug", "bug"), True) == "right"
    assert corral_outcome(r("bug", "no bug within bound"), True) == "missed"
    assert corral_outcome(r("correct", "no bug within bound"), True) == "right"
    assert corral_outcome(r("correct", "bug"), True) == "wrong"
    assert corral_outcome(r("correct", "correct"), True) == "wrong"   # never a proof
    assert corral_outcome(r("bug", "timeout"), True) == "unknown"
    assert ldv_outcome(r("correct", "bug")) == "overapprox"
    assert ldv_outcome(r("bug", "no bug within bound")) == "missed"
    assert ldv_outcome(r("bug", "correct")) == "wrong"
    assert ldv_outcome(r("bug", "bug")) == "right"
