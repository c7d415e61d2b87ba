"""Traces in C terms (verifier/ctrace*.py): golden traces of small C programs in both C front
ends, `--trace full`, and the same trace in JSON and in SARIF code flows.

Golden files: each `tests/data/ctrace/NAME.c` states its verdict and flags in its header
(tests/cases.py); its trace through the pycparser front end is `NAME.c.trace`, through clang
and LLVM `NAME.llvm.trace` (the human output without the timing summary, paths relative to
the repository).  `pytest --update-golden` or PYCORRAL_UPDATE_GOLDEN=1 rewrites them; review
the diff.  The programs force every value the trace shows (the failing condition pins the
nondeterministic inputs), so a golden changes only when the trace's wording or the
path changes, not with the solver's choice of model.
"""
from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from cases import read_case
from frontend.llvm.compile import clang_command
from pycorral.cli import main

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "ctrace"
PROGRAMS = sorted(DATA.glob("*.c"))
FRONTENDS = ("c", "llvm")
needs_clang = pytest.mark.skipif(clang_command() is None,
                                 reason="no clang: neither system clang nor ziglang")

# what a C trace never shows: Boogie names, temporaries, heap maps, block labels, loop
# procedures, calls of the verifier's own procedures
BOOGIE_WORDS = re.compile(r"\$|\bv\$|_loop_|Store\(|\bK\(|pycorral_|return from|\[main\]|"
                          r"\bin\$|\bentry:|_ok\b|_iterate\b")


def _check(*args: str) -> tuple[int, str]:
    r = CliRunner().invoke(main, ["check", *args])
    return r.exit_code, r.output.replace(str(ROOT) + "/", "")


def _run(src: Path, frontend: str, *extra: str) -> tuple[int, str]:
    case = read_case(src)
    return _check(str(src), *case.flags, "--frontend", frontend, "--no-color", *extra)


def _trace_text(output: str) -> str:
    return "".join(ln + "\n" for ln in output.splitlines() if not ln.startswith("summary:"))


def _updating(request) -> bool:
    return bool(request.config.getoption("--update-golden")) or \
        os.environ.get("PYCORRAL_UPDATE_GOLDEN") == "1"


def _marks(frontend: str):
    return [needs_clang] if frontend == "llvm" else []


@pytest.mark.parametrize("src,frontend", [
    pytest.param(p, fe, marks=_marks(fe), id=f"{p.stem}-{fe}")
    for p in PROGRAMS for fe in FRONTENDS])
def test_golden_trace(src: Path, frontend: str, request):
    case = read_case(src)
    code, out = _run(src, frontend)
    assert case.expect == "bug" and code == 10, out
    text = _trace_text(out)
    assert not BOOGIE_WORDS.search(text), BOOGIE_WORDS.search(text).group(0) + "\n" + text
    expected = src.with_suffix(f".{frontend}.trace")
    if _updating(request) or not expected.exists():
        expected.write_text(text)
        if not _updating(request):
            pytest.fail(f"golden trace {expected.name} was missing and has been written")
    assert text == expected.read_text(), f"{expected.name} differs (--update-golden)"


def test_every_program_has_both_goldens():
    assert len(PROGRAMS) >= 5
    for p in PROGRAMS:
        for fe in FRONTENDS:
            assert p.with_suffix(f".{fe}.trace").exists(), p.name


def _steps(text: str) -> list[tuple[str, str]]:
    """(location, step text) of each trace line."""
    out = []
    for ln in text.splitlines():
        m = re.match(r"  (\S.*?:\d+(?::\d+)?)  +(\S.*)$", ln)
        if m:
            out.append((m.group(1), m.group(2)))
    return out


@pytest.mark.parametrize("frontend", [
    pytest.param(fe, marks=_marks(fe)) for fe in FRONTENDS])
def test_full_trace_adds_statements_to_the_compact_one(frontend):
    """`--trace full` keeps every compact step, in order, and adds the statements executed
    (with their source text) and the objects made for locals."""
    src = DATA / "list.c"
    _, compact = _run(src, frontend)
    code, full = _run(src, frontend, "--trace", "full")
    assert code == 10
    short, long_ = _steps(compact), _steps(full)
    it = iter(long_)
    assert all(any(s == x for x in it) for s in short), "a compact step is missing"
    extra = [t for _, t in long_ if (_, t) not in short]
    stmts = [t for t in extra if t.startswith("[stmt] ")]
    assert "[stmt] sum += p->val;" in stmts and "[stmt] n->next = head;" in stmts
    assert len(long_) > len(short) + 10
    _, full = _run(DATA / "structs.c", frontend, "--trace", "full")
    assert "new object a (8 bytes, local)" in full and "new object r (20 bytes, local)" in full


def test_json_carries_the_source_trace_and_renders_like_the_text():
    """The JSON trace's source steps, read back, render exactly as the human trace (one
    model, two outputs); the steps say what happened in C terms."""
    from verifier.ctrace import SourceTrace
    from verifier.traces.ctrace_text import source_trace_lines
    from verifier.report.render import SourceLines

    src = DATA / "twofuncs.c"
    _, text = _run(src, "c")
    code, out = _run(src, "c", "--json")
    assert code == 10
    doc = json.loads(out)
    source = doc["trace"]["source"]
    assert source["language"] == "c"
    kinds = [s["kind"] for s in source["steps"] if not s["full"]]
    assert kinds == ["enter", "nondet", "assign", "enter", "enter", "decide", "decide",
                     "leave", "assign", "decide", "fail"]
    clamp = next(s for s in source["steps"] if s["kind"] == "enter" and
                 s["function"] == "clamp")
    assert clamp["args"] == [["v", "150"], ["lo", "0"], ["hi", "100"]]
    leave = next(s for s in source["steps"] if s["kind"] == "leave")
    assert leave["function"] == "clamp" and leave["value"] == "100"
    check = next(s for s in source["steps"] if s["kind"] == "enter" and
                 s["function"] == "check")
    assert check["args"] == [["slot", "&x"]]
    st = SourceTrace.from_json(source)
    lines = [ln.replace(str(ROOT) + "/", "")
             for ln in source_trace_lines(st, SourceLines())]
    shown = [ln for ln in text.splitlines() if ln.startswith("  ")]
    assert lines == shown
    # the Boogie-level steps and the nondeterministic choices the replay reads are kept
    assert doc["trace"]["steps"] and doc["trace"]["nondet"][0]["value"] == "150"


def test_sarif_code_flow_is_the_source_trace(tmp_path):
    """One thread-flow location per compact step, in order, with the step's text, its
    depth as nesting level, calls and returns marked, ending at the failing check."""
    src = DATA / "twofuncs.c"
    _, text = _run(src, "c")
    out = tmp_path / "r.sarif"
    code, _ = _run(src, "c", "--sarif", str(out))
    assert code == 10
    res = json.loads(out.read_text())["runs"][0]["results"][0]
    flow = res["codeFlows"][0]["threadFlows"][0]["locations"]
    steps = _steps(text)
    assert [f["location"]["message"]["text"] for f in flow] == [t for _, t in steps]
    assert [f"{Path(f['location']['physicalLocation']['artifactLocation']['uri']).name}:"
            f"{f['location']['physicalLocation']['region']['startLine']}" for f in flow] == \
        [":".join(loc.split("/")[-1].split(":")[:2]) for loc, _ in steps]
    kinds = [f.get("kinds", []) for f in flow]
    assert kinds[0] == ["call", "function"] and ["return", "function"] in kinds
    levels = [f["nestingLevel"] for f in flow]
    assert levels[0] == 0 and max(levels) == 3          # main, check, clamp
    assert flow[-1]["location"]["message"]["text"] == "FAILS: reach_error();"
    assert res["locations"][0]["physicalLocation"]["region"]["startLine"] == 20


@pytest.mark.parametrize("frontend", [
    pytest.param(fe, marks=_marks(fe)) for fe in FRONTENDS])
def test_nondet_values_in_execution_order_replay_natively(frontend):
    """The nondeterministic choices the native replay feeds the program are in execution
    order (a value after a call comes after the callee's), so the replay reaches the
    error; the order per Boogie block did not."""
    src = DATA / "nondet_order.c"
    code, out = _run(src, frontend, "--json")
    doc = json.loads(out)
    assert code == 10
    assert [(c["line"], c["value"]) for c in doc["trace"]["nondet"]] == \
        [(13, "1"), (10, "2"), (15, "3")]
    code, out = _check(str(src), "--bound", "1", "--strategy", "si", "--frontend", frontend)
    assert code == 10 and "confirmed by execution" in out, out


BPL = sorted((DATA / "bpl").glob("*.bpl"))


@pytest.mark.parametrize("src", BPL, ids=[p.stem for p in BPL])
def test_boogie_trace_golden(src: Path, request):
    """A .bpl input keeps its Boogie-level trace (blocks, their values, calls), in strict
    order: a value assigned after a call is shown after the callee's steps."""
    case = read_case(src)
    code, out = _check(str(src), *case.flags, "--no-color")
    assert case.expect == "bug" and code == 10, out
    text = _trace_text(out)
    expected = src.with_suffix(".trace")
    if _updating(request) or not expected.exists():
        expected.write_text(text)
        if not _updating(request):
            pytest.fail(f"golden trace {expected.name} was missing and has been written")
    assert text == expected.read_text(), f"{expected.name} differs (--update-golden)"


def test_boogie_trace_ends_at_the_failure():
    """examples/lock.bpl: the failing assertion is the last step; nothing of the way back
    to the entry (`return from ...`) follows it, and every call returns before its caller
    goes on."""
    code, out = _check(str(ROOT / "examples" / "lock.bpl"), "--no-color")
    assert code == 10
    lines = [ln for ln in out.splitlines() if ln.startswith("    ")]
    assert "FAILS: assert !locked;" in lines[-1]
    depth = [len(ln) - len(ln.lstrip()) for ln in lines]
    calls = [i for i, ln in enumerate(lines) if "return from" in ln]
    assert calls and all(depth[i + 1] < depth[i] for i in calls if i + 1 < len(lines))


def test_entry_harness_reads_as_the_call_it_makes(tmp_path):
    """`--function f`: the harness pycorral writes is not a call in the trace; its
    nondeterministic arguments lead to the call of f, with the object p points to named
    without the harness's prefix."""
    src = tmp_path / "fn.c"
    src.write_text("#include <assert.h>\nstruct point { int x; int y; };\n"
                   "int f(struct point *p, int k) {\n  p->x = p->x + k;\n"
                   "  assert(p->x != 10);\n  return p->x;\n}\n")
    code, out = _check(str(src), "--function", "f", "--bound", "2", "--strategy", "si",
                       "--no-replay", "--no-color")
    assert code == 10, out
    steps = [t for _, t in _steps(out)]
    assert "__pycorral" not in out
    call = next(i for i, t in enumerate(steps) if t.startswith("f("))
    assert re.fullmatch(r"f\(p = &obj0, k = -?\d+\)", steps[call]), steps[call]
    assert all(re.fullmatch(r"__VERIFIER_nondet_int\(\) = -?\d+|obj0\.[xy] = -?\d+|"
                            r"arg1 = -?\d+", t) for t in steps[:call]), steps[:call]
    assert steps[call + 1:] == ["p->x = 10", "FAILS: assert(p->x != 10);"]


def test_alignof_of_a_type_keeps_its_parentheses_in_trace_text():
    """pycparser's generator prints `_Alignof(struct S)` as `_Alignofstruct S`; a branch's
    condition in a trace is C that reads back."""
    from pycparserext.ext_c_parser import GnuCParser

    from frontend.c.trace_text import expr_text
    ast = GnuCParser().parse("struct S { int x; }; int f(void) { int a; return "
                             "_Alignof(struct S) != 8 || sizeof(struct S) || sizeof a; }")
    ret = ast.ext[1].body.block_items[1].expr
    assert expr_text(ret) == "_Alignof(struct S) != 8 || sizeof(struct S) || sizeof(a)"
