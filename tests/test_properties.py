"""Property checks (frontend/properties.py, issue 21): data-driven bug and correct twins
through both front ends and both encodings, the numbering and listing of checks, and how
a violated property is reported (text, JSON, SARIF).

Data files: tests/data/properties/*.c with `// EXPECT: bug|correct`, `// PROPERTY: KIND`
(the kind a bug violates), `// FLAGS: ...` (`pycorral check` flags, tests/cases.py), and
optionally `// FRONTENDS: c` / `// ENCODINGS: bv`, `// XFAIL: c-bv ...: why` for a
known failure of one combination and `// SKIP: c-bv ...: why` for one too slow to run; the line a bug fails on carries `// <-`.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from cases import read_case

DATA = Path(__file__).resolve().parent / "data" / "properties"
CASES = sorted(DATA.glob("*.c"))
ROOT = Path(__file__).resolve().parent.parent


def _run(src: Path, frontend: str, encoding: str):
    from frontend.load import FrontendOptions, load
    from verifier.engine import verify
    from verifier.options import VerifyOptions
    case = read_case(src)
    opts = case.options()
    fe = {k: v for k, v in opts.frontend.items() if k != "frontend"}
    prog = load([str(src)], FrontendOptions(**{**fe, "frontend": frontend,
                                               "encoding": encoding,
                                               "data_model": "ILP32"})).program
    # the outer wall budget only (the inner caps are work): realloc_stale's LLVM run took
    # over 60 s at load ~11 for 7 s of CPU
    return case, verify(prog, VerifyOptions(**{"entry": "main", "bound": 2, **opts.verify,
                                               "timeout": 600}))


@pytest.mark.parametrize("encoding", ["int", "bv"])
@pytest.mark.parametrize("frontend", ["c", "llvm"])
@pytest.mark.parametrize("src", CASES, ids=[p.stem for p in CASES])
def test_property_case(src: Path, frontend: str, encoding: str, request):
    case = read_case(src)
    known = case.get("XFAIL") or ""
    if f"{frontend}-{encoding}" in known.split(":")[0].split():
        request.node.add_marker(pytest.mark.xfail(reason=known, strict=False))
    skip = case.get("SKIP") or ""
    if f"{frontend}-{encoding}" in skip.split(":")[0].split():
        pytest.skip(f"{src.name}: {skip}")
    if frontend not in (case.get("FRONTENDS") or "c llvm").split():
        pytest.skip(f"{src.name}: front ends {case.get('FRONTENDS')}")
    if encoding not in (case.get("ENCODINGS") or "int bv").split():
        pytest.skip(f"{src.name}: encodings {case.get('ENCODINGS')}")
    if frontend == "llvm":
        from frontend.llvm.compile import clang_command
        if clang_command() is None:
            pytest.skip("no clang (neither system clang nor ziglang)")
    case, r = _run(src, frontend, encoding)
    if case.expect == "bug":
        assert r.verdict.value == "bug", (r.verdict, r.reason)
        v = r.trace.violation
        assert v is not None and v.kind == "property", v
        assert v.rule == case.get("PROPERTY"), v
        marked = [i for i, ln in enumerate(src.read_text().splitlines(), 1) if "// <-" in ln]
        assert v.line in marked, (v.line, marked)
        assert v.id.startswith("main.") and v.id.split(".")[1] == \
            _kinds()[v.rule].cbmc, v.id
    else:
        assert case.expect == "correct"
        assert r.verdict.value in ("correct", "bounded"), (r.verdict, r.reason)


def _kinds():
    from frontend.properties import KINDS
    return KINDS


def test_cases_cover_each_arithmetic_kind_with_a_correct_twin():
    kinds = {read_case(p).get("PROPERTY") for p in CASES if read_case(p).expect == "bug"}
    assert {"overflow", "division-by-zero", "undefined-shift"} <= kinds
    assert any(read_case(p).expect == "correct" for p in CASES)


def test_checks_are_numbered_per_function_and_class(tmp_path):
    from frontend.load import FrontendOptions, load
    from frontend.properties import PropertyChecks, property_sites
    src = tmp_path / "n.c"
    src.write_text("int f(int a, int b) { return a / b + a % b; }\n"
                   "int main(void) { int x = 7; return f(x, 2) - x; }\n")
    prog = load([str(src)], FrontendOptions(checks=PropertyChecks(
        div_by_zero=True, signed_overflow=True))).program
    sites = property_sites(prog)
    ids = [s.id for s in sites]
    assert len(ids) == len(set(ids))
    by_fn = {s.id for s in sites if s.procedure == "f"}
    assert {"f.division-by-zero.1", "f.division-by-zero.2", "f.overflow.1"} <= by_fn
    assert all(s.line in (1, 2) and s.file == str(src) for s in sites)


def test_no_checks_without_flags(tmp_path):
    from frontend.load import FrontendOptions, load
    from frontend.properties import property_sites
    src = tmp_path / "n.c"
    src.write_text("int main(void) { int x = 7; return 100 / x + x * x; }\n")
    assert property_sites(load([str(src)], FrontendOptions()).program) == []


def _cli(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "pycorral.cli", *args], cwd=cwd or ROOT,
                          capture_output=True, text=True, timeout=300)


def test_show_properties_lists_id_kind_location(tmp_path):
    src = DATA / "div_by_zero.c"
    p = _cli("check", "--show-properties", "--div-by-zero-check", "--json", str(src))
    assert p.returncode == 0, p.stderr
    props = json.loads(p.stdout)["properties"]
    assert [x["kind"] for x in props] == ["division-by-zero"]
    assert props[0]["id"] == "main.division-by-zero.1" and props[0]["line"] == 11
    text = _cli("check", "--show-properties", "--div-by-zero-check", str(src))
    assert "[main.division-by-zero.1] division-by-zero: division by zero" in text.stdout


def test_violation_in_json_and_sarif(tmp_path):
    src = DATA / "int_max_plus_one.c"
    sarif = tmp_path / "out.sarif"
    p = _cli("check", "--signed-overflow-check", "--bound", "2", "--no-replay", "--json",
             "--sarif", str(sarif), str(src))
    assert p.returncode == 10, p.stderr
    doc = json.loads(p.stdout)
    v = doc["violation"]
    assert (v["kind"], v["rule"], v["id"], v["line"]) == ("property", "overflow",
                                                          "main.overflow.1", 9)
    run = json.loads(sarif.read_text())["runs"][0]
    res = run["results"][0]
    assert res["ruleId"] == "overflow"
    assert res["properties"]["propertyId"] == "main.overflow.1"
    assert "overflow" in {r["id"] for r in run["tool"]["driver"]["rules"]}
    assert res["locations"][0]["physicalLocation"]["region"]["startLine"] == 9


def test_property_flags_are_for_c_and_llvm(tmp_path):
    bpl = tmp_path / "a.bpl"
    bpl.write_text("procedure {:entrypoint} main() { assert true; }\n")
    p = _cli("check", "--memory-safety", str(bpl))
    assert p.returncode == 2 and "for C or LLVM input" in p.stderr


def test_flags_reach_the_front_end_and_the_verifier():
    from cases import check_options
    from frontend.properties import GHOST_GLOBALS, PropertyChecks
    opts = check_options(["--memory-safety", "--div-by-zero-check"], "x.c")
    assert opts.frontend["checks"] == PropertyChecks(bounds=True, pointer=True,
                                                     memory_leak=True, div_by_zero=True)
    assert set(GHOST_GLOBALS) <= set(opts.verify["track"])    # tracked from the start
    assert "checks" not in check_options(["--bound", "2"], "x.c").frontend


_CHECKED_OPS = """unsigned __VERIFIER_nondet_uint(void);
int __VERIFIER_nondet_int(void);
static unsigned half(unsigned u) { return u / 2u; }
int main(void) {
  unsigned a = __VERIFIER_nondet_uint(), b = __VERIFIER_nondet_uint();
  int x = __VERIFIER_nondet_int();
  unsigned r = a + b;
  r = r - a;
  r = r * b;
  r = -r;
  unsigned char c = x;
  r = half(x);
  int y = x << 3;
  int e = (int)a + (unsigned char)x;
  return (int)r + c + y + e;
}
"""
# line -> the kinds checked there (the explicit casts of line 14 are not checked)
_EXPECTED = {7: {"unsigned-overflow"}, 8: {"unsigned-overflow"}, 9: {"unsigned-overflow"},
             10: {"unsigned-overflow"}, 11: {"conversion"}, 12: {"conversion"},
             13: {"overflow"}}


@pytest.mark.parametrize("frontend", ["c", "llvm"])
def test_unsigned_and_conversion_checks_sit_where_c_says(tmp_path, frontend):
    """Both front ends put the unsigned-overflow and conversion checks (and the overflow
    of a signed `<<`) on the same lines; for LLVM this also checks that the sanitizer
    handler numbers of frontend/llvm/sanitizer_checks.py are those of the clang in use."""
    from frontend.load import FrontendOptions, load
    from frontend.properties import PropertyChecks, property_sites
    if frontend == "llvm":
        from frontend.llvm.compile import clang_command
        if clang_command() is None:
            pytest.skip("no clang (neither system clang nor ziglang)")
    src = tmp_path / "ops.c"
    src.write_text(_CHECKED_OPS)
    prog = load([str(src)], FrontendOptions(frontend=frontend, data_model="ILP32",
                                            checks=PropertyChecks(unsigned_overflow=True,
                                                                  conversion=True,
                                                                  signed_overflow=True))).program
    got: dict[int, set[str]] = {}
    for s in property_sites(prog):
        if s.kind in ("unsigned-overflow", "conversion") or s.message == "arithmetic overflow on signed '<<'":
            got.setdefault(s.line, set()).add(s.kind)
    assert got == _EXPECTED
    messages = {s.message for s in property_sites(prog) if s.kind == "unsigned-overflow"}
    assert {"arithmetic overflow on unsigned '+'", "arithmetic overflow on unsigned '-'",
            "arithmetic overflow on unsigned '*'",
            "arithmetic overflow on unsigned unary '-'"} == messages
