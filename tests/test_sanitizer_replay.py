"""Native replay of property violations under AddressSanitizer/UBSan (replay/sanitizer.py).

* Every bug file of tests/data/properties/ (both front ends, LP64): the verifier's trace,
  replayed with `-fsanitize=address,undefined`, is confirmed by a report whose kind is the
  file's `// PROPERTY:` and whose line is the one marked `// <-` (a leak: any allocation).
* The judge on mismatching traces: the same run judged against another kind or another
  line, and a run without a report, are not confirmed ("not_reached", which the CLI turns
  into UNKNOWN); a trace whose inputs the harness cannot fix is "not_replayable".
* The report parser on the sanitizers' real output, and ILP32: confirmed when gcc -m32
  builds with the sanitizers here, else "not replayable: ILP32 sanitizer".
"""
from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cases import read_case

DATA = Path(__file__).resolve().parent / "data" / "properties"
BUGS = sorted(p for p in DATA.glob("*.c") if read_case(p).expect == "bug")
ROOT = Path(__file__).resolve().parent.parent


def _need_sanitizers(data_model: str = "LP64"):
    from replay.sanitizer import sanitizer_failure, sanitizer_toolchain
    if sanitizer_toolchain(data_model) is None:
        pytest.skip(f"no sanitizer toolchain: {sanitizer_failure(data_model)}")


def _verify(src: Path, frontend: str, data_model: str = "LP64"):
    from frontend.load import FrontendOptions, load
    from verifier.engine import verify
    from verifier.options import VerifyOptions
    case = read_case(src)
    opts = case.options()
    fe = {k: v for k, v in opts.frontend.items() if k != "frontend"}
    prog = load([str(src)], FrontendOptions(**{**fe, "frontend": frontend,
                                               "data_model": data_model})).program
    # the outer wall budget only (the inner caps are work): see tests/test_properties.py
    r = verify(prog, VerifyOptions(**{"entry": "main", "bound": 2, **opts.verify,
                                      "timeout": 600}))
    assert r.verdict.value == "bug" and r.trace.violation.kind == "property", r.reason
    return case, r


def _marked(src: Path) -> list[int]:
    return [i for i, ln in enumerate(src.read_text().splitlines(), 1) if "// <-" in ln]


@pytest.mark.parametrize("frontend", ["c", "llvm"])
@pytest.mark.parametrize("src", BUGS, ids=[p.stem for p in BUGS])
def test_every_property_bug_is_confirmed_by_its_sanitizer(src: Path, frontend: str):
    from replay.confirm import confirm
    from replay.sanitizer import parse_report
    _need_sanitizers()
    if frontend not in (read_case(src).get("FRONTENDS") or "c llvm").split():
        pytest.skip(f"{src.name}: front ends {read_case(src).get('FRONTENDS')}")
    if frontend == "llvm":
        from frontend.llvm.compile import clang_command
        if clang_command() is None:
            pytest.skip("no clang (neither system clang nor ziglang)")
    case, r = _verify(src, frontend)
    out = confirm([str(src)], r, data_model="LP64")
    kind = case.get("PROPERTY")
    from replay.sanitizer import CONFIRMABLE
    if kind not in CONFIRMABLE:     # unsigned wrap, conversions, clean-up at exit()
        assert out.status == "not_replayable" and kind in out.reason, out.reason
        return
    assert out.status == "confirmed", out.reason
    report = parse_report(out.output, [str(src)])
    assert report is not None and kind in report.kinds, (kind, report)
    assert out.reason.startswith(f"confirmed natively ({report.sanitizer}: ")
    if kind == "memory-leak":
        assert report.sanitizer == "LeakSanitizer" and out.reached_line is not None
    else:
        assert out.reached_line in _marked(src), (out.reached_line, _marked(src))


def _mismatch_cases():
    return [("use_after_free.c", "overflow", None), ("use_after_free.c", None, -1),
            ("int_max_plus_one.c", "division-by-zero", None)]


@pytest.mark.parametrize("name,kind,shift", _mismatch_cases())
def test_a_mismatching_trace_is_not_confirmed_and_the_verdict_becomes_unknown(name, kind,
                                                                              shift):
    """The real trace with its violation changed: another property kind, or another line.
    The sanitized run reports the true kind at the true line, so neither is confirmed, and
    the CLI's replay step turns the verdict into UNKNOWN."""
    from pycorral.run import replay_bug as _replay_bug
    from replay.confirm import confirm
    from verifier.result import Verdict
    from verifier.run_options import RunOptions
    _need_sanitizers()
    src = DATA / name
    _, r = _verify(src, "c")
    v = r.trace.violation
    v = dataclasses.replace(v, rule=kind or v.rule, line=v.line + (shift or 0))
    bad = dataclasses.replace(r, trace=dataclasses.replace(r.trace, violation=v))
    out = confirm([str(src)], bad, data_model="LP64")
    assert out.status == "not_reached", out
    assert "the sanitized run reports" in out.reason
    assert ("not a" in out.reason) if kind else ("not at the reported line" in out.reason)
    judged = _replay_bug(bad, [str(src)], RunOptions(data_model="LP64", frontend="c"))
    assert judged.verdict is Verdict.UNKNOWN and "sanitized run" in judged.reason
    assert _replay_bug(r, [str(src)], RunOptions(data_model="LP64", frontend="c")
                       ).verdict is Verdict.BUG


def _run_result(output: str, returncode: int = 1, error_what: str = ""):
    from replay.native import RunResult
    return RunResult(returncode, output, False, error_what)


UBSAN_OUT = ("/tmp/x/prog.c:9:12: runtime error: signed integer overflow: 2147483647 + 1 "
             "cannot be represented in type 'int'\n")
ASAN_OUT = """\
=================================================================
==1==ERROR: AddressSanitizer: heap-use-after-free on address 0x602000000010 at pc 0x4016d9
READ of size 4 at 0x602000000010 thread T0
    #0 0x4016d8 in main /tmp/x/prog.c:13
    #1 0x7f84b0a45249 in __libc_start_call_main ../sysdeps/nptl/libc_start_call_main.h:58
freed by thread T0 here:
    #0 0x7f84b14b76a8 in __interceptor_free ../../src/libsanitizer/asan/asan_malloc_linux.cpp:52
    #1 0x4016b0 in main /tmp/x/prog.c:12
"""
FREE_OUT = ("==1==ERROR: AddressSanitizer: attempting free on address which was not "
            "malloc()-ed: 0x7fb876300020 in thread T0\n"
            "    #0 0x7fb8790b76a8 in __interceptor_free asan_malloc_linux.cpp:52\n"
            "    #1 0x401715 in main /tmp/x/prog.c:10\n")


@pytest.mark.parametrize("output,sanitizer,message,lines,kinds", [
    (UBSAN_OUT, "UndefinedBehaviorSanitizer", "signed integer overflow", (9,), ("overflow",)),
    (ASAN_OUT, "AddressSanitizer", "heap-use-after-free", (13, 12),
     ("pointer_dereference", "array_bounds")),
    (FREE_OUT, "AddressSanitizer", "attempting free on address which was not malloc()-ed",
     (10,), ("precondition_instance",)),
    ("==7==ERROR: LeakSanitizer: detected memory leaks\n\nDirect leak of 8 byte(s)\n"
     "    #0 0x7f in __interceptor_malloc asan_malloc_linux.cpp:69\n"
     "    #1 0x40145c in main /tmp/x/prog.c:8\n", "LeakSanitizer", "detected memory leaks",
     (8,), ("memory-leak",)),
])
def test_parse_report(output, sanitizer, message, lines, kinds):
    from replay.sanitizer import parse_report
    rep = parse_report("program output\n" + output, ["/elsewhere/prog.c"])
    assert rep.sanitizer == sanitizer and rep.message.startswith(message)
    assert rep.lines == lines and rep.kinds == kinds


def test_judge_needs_kind_and_line_and_a_report():
    from replay.native import ReplayInputs
    from replay.sanitizer import judge, parse_report
    at9 = ReplayInputs((), expected_line=9)
    rep = parse_report(UBSAN_OUT, ["prog.c"])
    assert judge(at9, "overflow", _run_result(UBSAN_OUT), rep).status == "confirmed"
    assert judge(ReplayInputs((), expected_line=10), "overflow", _run_result(UBSAN_OUT),
                 rep).status == "not_reached"
    assert judge(at9, "division-by-zero", _run_result(UBSAN_OUT), rep).status == \
        "not_reached"
    none = judge(at9, "overflow", _run_result("", 0), None)
    assert none.status == "not_reached" and "without a sanitizer report" in none.reason
    own = judge(at9, "overflow", _run_result("PYCORRAL", 87, "__assert_fail"), None)
    assert own.status == "not_reached" and "another error (__assert_fail)" in own.reason
    # inputs the harness cannot fix: a matching report confirms only a run with stubs
    open_inputs = dataclasses.replace(at9, unfixed=("the parameters of the entry function",))
    assert judge(open_inputs, "overflow", _run_result(UBSAN_OUT), rep).status == \
        "not_replayable"
    assert judge(open_inputs, "overflow", _run_result("", 0), None).status == \
        "not_replayable"
    assert judge(at9, "overflow", _run_result("", None), None).status == "error"


def test_ilp32_is_confirmed_or_says_there_is_no_ilp32_sanitizer():
    from replay.confirm import confirm
    from replay.sanitizer import sanitizer_toolchain
    src = DATA / "use_after_free.c"
    _, r = _verify(src, "c", data_model="ILP32")
    out = confirm([str(src)], r, data_model="ILP32")
    if sanitizer_toolchain("ILP32") is None:
        assert out.status == "not_replayable" and out.reason.startswith("ILP32 sanitizer: ")
    else:
        assert out.status == "confirmed", out.reason


def test_cli_prints_the_sanitizer_confirmation():
    _need_sanitizers()
    src = DATA / "div_by_zero.c"
    p = subprocess.run([sys.executable, "-m", "pycorral.cli", "check", "--data-model", "LP64",
                        "--div-by-zero-check", "--bound", "2", str(src)], cwd=ROOT,
                       capture_output=True, text=True, timeout=300,
                       env={**os.environ, "NO_COLOR": "1"})
    assert p.returncode == 10, p.stdout + p.stderr
    assert p.stdout.splitlines()[1] == ("confirmed by execution: confirmed natively "
                                        "(UndefinedBehaviorSanitizer: division by zero at "
                                        "line 11)")
