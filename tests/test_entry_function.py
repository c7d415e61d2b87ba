"""`pycorral check --function F`: any function as the entry, with nondeterministic
arguments, in both front ends, with native replay through the same harness.

Data files (tests/data/entry/*.c) state the run and what is expected of it:
  FLAGS        `pycorral check` options (the --function entries among them)
  EXPECT       the overall verdict (EXPECT@llvm: another one for that front end)
  VERDICT@F    function F's verdict
  REPLAY@F     the native replay of F's bug: confirmed / not_replayable
  FRONTENDS    the front ends to run it with
Runs are subprocesses (the run guard's hard stop must not end the test process).
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from cases import read_case
from verifier.result import Result, Trace, Verdict

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "entry"


def _check(args: list[str], cwd: Path = DATA, timeout: float = 240):
    return subprocess.run([sys.executable, "-m", "pycorral.cli", "check", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=timeout)


def _cases():
    for path in sorted(DATA.glob("*.c")):
        for fe in (read_case(path).get("FRONTENDS") or "c").split():
            yield pytest.param(path, fe, id=f"{path.stem}-{fe}")


@pytest.mark.parametrize("path,frontend", list(_cases()))
def test_entry_function_case(path: Path, frontend: str):
    case = read_case(path)
    special = {q: v for q, v in case.qualified("EXPECT") if q}
    r = _check([path.name, *case.flags, "--frontend", frontend, "--json"])
    assert r.returncode in (0, 10, 20, 30), (r.returncode, r.stderr)
    doc = json.loads(r.stdout)
    functions = [case.flags[i + 1] for i, w in enumerate(case.flags) if w == "--function"]
    assert [f["function"] for f in doc["functions"]] == functions
    by_name = {f["function"]: f for f in doc["functions"]}
    if frontend in special:
        assert doc["verdict"] == special[frontend], doc
        return
    assert doc["verdict"] == case.expect, doc
    for name, verdict in case.qualified("VERDICT"):
        assert by_name[name]["verdict"] == verdict, (name, by_name[name]["reason"])
    for name, replay in case.qualified("REPLAY"):
        stats = by_name[name]["stats"]
        assert stats["replay"] == replay, (name, stats.get("replay_line"))
    if doc["verdict"] == "bug":
        assert doc["reason"] == "in " + ", ".join(
            f for f in functions if by_name[f]["verdict"] == "bug")


def test_human_output_names_each_function():
    r = _check(["several.c", "--function", "safe_div", "--function", "unsafe_div",
                "--bound", "1", "--no-replay"])
    assert r.returncode == 10, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == "function safe_div:" and lines[1].startswith("correct")
    i = lines.index("function unsafe_div:")
    assert lines[i + 1] == "bug found"
    assert lines[-1] == "overall: bug found (in unsafe_div)"


def test_the_trace_starts_in_the_harness_and_calls_the_function():
    doc = json.loads(_check(["scalars.c", "--function", "classify", "--bound", "1",
                             "--json", "--no-replay"]).stdout)
    trace = doc["functions"][0]["trace"]
    calls = [s["proc"] for s in trace["steps"] if s["kind"] == "call"]
    assert calls[:2] == ["__pycorral_entry", "classify"], calls
    values = {c["what"]: int(c["value"]) for c in trace["nondet"]}
    assert values["unsigned char from __VERIFIER_nondet_uchar"] == 200
    assert values["int from __VERIFIER_nondet_int"] == -7


def test_sarif_names_the_function(tmp_path):
    out = tmp_path / "r.sarif"
    r = _check(["several.c", "--function", "safe_div", "--function", "unsafe_div",
                "--bound", "1", "--no-replay", "--sarif", str(out)])
    assert r.returncode == 10, r.stderr
    run = json.loads(out.read_text())["runs"][0]
    assert [res["properties"]["function"] for res in run["results"]] == ["unsafe_div"]
    assert run["properties"]["functions"] == {"safe_div": "correct", "unsafe_div": "bug"}


@pytest.mark.parametrize("args,message", [
    (["--function", "nope"], "error: entry function 'nope' is not defined"),
    (["--function", "area", "--entry", "area"], "--function and --entry both name"),
])
def test_bad_entry_functions(args, message):
    r = _check(["several.c", "--bound", "1", *args])
    assert r.returncode == 2 and message in r.stderr, r.stderr
    assert "Traceback" not in r.stderr


def test_harness_text_for_a_struct_pointer():
    """What the harness passes, in C (frontend/c/entry_harness.py)."""
    from frontend.c import CFrontendOptions, harness_for

    h = harness_for([str(DATA / "struct_pointer.c")],
                    CFrontendOptions(data_model="LP64", entry="check_account"))
    assert h.function == "check_account" and h.file.endswith("struct_pointer.c")
    body = [ln.strip() for ln in h.text.splitlines()]
    assert "account_t __pycorral_obj0;" in body
    assert [ln.split(" = ")[0] for ln in body if " = __VERIFIER" in ln] == [
        "__pycorral_obj0.balance.units", "__pycorral_obj0.balance.cents",
        "__pycorral_obj0.history[0]", "__pycorral_obj0.history[1]",
        "__pycorral_obj0.history[2]", "__pycorral_obj0.frozen"]
    assert "check_account(&__pycorral_obj0);" in body and h.typedefs == ("account_t",)


# ----------------------------------------------------------------------------- units

def _r(v: Verdict, reason: str = "") -> Result:
    return Result(v, reason, trace=Trace(()) if v is Verdict.BUG else None)


@pytest.mark.parametrize("verdicts,overall", [
    ("CORRECT CORRECT", Verdict.CORRECT),
    ("CORRECT BOUNDED", Verdict.BOUNDED),
    ("BOUNDED UNKNOWN CORRECT", Verdict.UNKNOWN),
    ("UNKNOWN BUG", Verdict.BUG),
    ("BUG BUG", Verdict.BUG),
])
def test_overall_verdict(verdicts, overall):
    from pycorral.functions import FunctionOutcome, overall as combine

    outs = [FunctionOutcome(f"f{i}", _r(Verdict[v]), (1, "si"))
            for i, v in enumerate(verdicts.split())]
    assert combine(outs).verdict is overall


class _Guard:
    timeout = 10.0
    expired = False

    def timeout_reason(self, phase=None):
        return "whole run"


def test_each_function_gets_a_share_of_the_time():
    from pycorral.functions import share_reason
    from verifier.deadline import Deadline

    run = Deadline.after(10.0)          # the run guard's deadline
    share = run.share(4)
    assert 2.4 < share.left() <= 2.5
    assert "share" in share_reason(_Guard(), share.left(), "the search")
    assert 9.5 < run.share(1).left() <= 10.0


def test_replay_command_runs_the_function(tmp_path):
    """`pycorral replay --function F` replays a --function trace through F's harness;
    without it, the program's main runs (and does not reach the error)."""
    r = _check(["scalars.c", "--function", "classify", "--bound", "1", "--json",
                "--no-replay"])
    saved = tmp_path / "r.json"
    saved.write_text(r.stdout)

    def replay(*extra: str):
        return subprocess.run([sys.executable, "-m", "pycorral.cli", "replay", "scalars.c",
                               "--trace-json", str(saved), *extra], cwd=DATA,
                              capture_output=True, text=True, timeout=240)
    got = replay("--function", "classify")
    assert got.returncode == 0 and got.stdout.startswith("confirmed by execution"), got
    assert replay().returncode == 1
