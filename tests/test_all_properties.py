"""`--all-properties` (verifier/all_properties.py): every property's status, golden tables.

Data files: tests/data/all_properties/*.c|*.bpl with `// FLAGS:` (`pycorral check` flags)
and `// FRONTENDS:` (c, llvm or boogie); each front end's table (`pycorral check
--no-trace --no-replay`, from `properties:` to the count line) is compared with
`<file>.<frontend>.golden` (`--update-golden` rewrites it).  Then: every strategy finds the
same failures, JSON carries one result per property and SARIF one per failure, a blocked
property really is assumed, and native replay runs on each failure.
"""
from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from cases import read_case

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data" / "all_properties"
CASES = [(p, fe) for p in sorted(DATA.glob("*.[cb]*")) if p.suffix in (".c", ".bpl")
         for fe in (read_case(p).get("FRONTENDS") or "c").split()]


def _cli(*args):
    return subprocess.run([sys.executable, "-m", "pycorral.cli", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)


def _check(src: Path, frontend: str, *extra: str):
    flags = shlex.split(read_case(src).get("FLAGS") or "")
    fe = ["--frontend", frontend] if frontend != "boogie" else []
    return _cli("check", *flags, *fe, "--no-replay", *extra, str(src))


def _table(stdout: str) -> str:
    lines = stdout.splitlines()
    start = lines.index("properties:")
    end = next(i for i in range(start, len(lines)) if re.match(r"\d+ propert", lines[i]))
    return "\n".join(lines[start:end + 1]) + "\n"


@pytest.mark.parametrize("src,frontend", CASES, ids=[f"{p.name}-{fe}" for p, fe in CASES])
def test_table_golden(src: Path, frontend: str, update_golden: bool):
    if frontend == "llvm":
        from frontend.llvm.compile import clang_command
        if clang_command() is None:
            pytest.skip("no clang (neither system clang nor ziglang)")
    p = _check(src, frontend, "--no-trace")
    table = _table(p.stdout)
    failing = table.count(" FAILURE")
    assert p.returncode == (10 if failing else 0), (p.returncode, p.stdout, p.stderr)
    golden = src.with_name(f"{src.name}.{frontend}.golden")
    if update_golden:
        golden.write_text(table)
    assert table == golden.read_text()


def _rows(stdout: str) -> dict[str, str]:
    doc = json.loads(stdout)
    return {r["id"]: r["status"] for r in doc["properties"]}


@pytest.mark.parametrize("strategy", ["si", "static", "legion", "inertial", "di", "auto"])
def test_every_strategy_finds_the_same_failures(strategy: str):
    src = DATA / "three_fail.bpl"
    p = _check(src, "boogie", "--json", "--strategy", strategy)
    rows = _rows(p.stdout)
    failing = {k for k, v in rows.items() if v == "FAILURE"}
    assert failing == {"main.assertion.1", "main.assertion.2", "main.assertion.3"}, rows
    # the one that holds: proved (a prover) or not decided within the bound, never FAILURE
    assert rows["main.assertion.4"] in ("SUCCESS", "UNKNOWN")


def test_json_one_result_per_property_and_sarif_one_per_failure(tmp_path):
    src = DATA / "three_kinds.c"
    sarif = tmp_path / "out.sarif"
    p = _check(src, "c", "--json", "--sarif", str(sarif))
    assert p.returncode == 10, p.stderr
    doc = json.loads(p.stdout)
    props = doc["properties"]
    assert len({r["id"] for r in props}) == len(props) >= 4
    failures = [r for r in props if r["status"] == "FAILURE"]
    assert {r["kind"] for r in failures} == {"division-by-zero", "overflow",
                                             "pointer_dereference"}
    for r in failures:              # each with its own trace, failing at its own line
        steps = r["trace"]["steps"]
        assert steps[-1]["kind"] == "fail" and steps[-1]["line"] == r["line"], r["id"]
    assert all("trace" not in r for r in props if r["status"] != "FAILURE")
    run = json.loads(sarif.read_text())["runs"][0]
    assert [(x["ruleId"], x["properties"]["propertyId"]) for x in run["results"]] == \
        [(r["kind"], r["id"]) for r in failures]
    rules = [r["id"] for r in run["tool"]["driver"]["rules"]]
    assert {r["kind"] for r in props} <= set(rules)
    for x in run["results"]:
        assert rules[x["ruleIndex"]] == x["ruleId"]
    assert [r["status"] for r in run["properties"]["properties"]] == \
        [r["status"] for r in props]


def test_a_blocked_property_is_assumed(tmp_path):
    # the second assertion can only fail where the first one fails: once the first is
    # found and assumed, the second holds (CBMC's semantics)
    src = tmp_path / "dep.bpl"
    src.write_text("procedure {:entrypoint} main(x: int) {\n  assert x != 3;\n"
                   "  assert x != 3 || false;\n  assert x != 4;\n}\n")
    p = _cli("check", "--all-properties", "--bound", "1", "--json", str(src))
    assert _rows(p.stdout) == {"main.assertion.1": "FAILURE", "main.assertion.2": "SUCCESS",
                               "main.assertion.3": "FAILURE"}


def test_without_failures_the_verdict_is_the_last_search(tmp_path):
    src = tmp_path / "ok.bpl"
    src.write_text("procedure {:entrypoint} main(x: int) {\n  var y: int;\n"
                   "  call y := down(x);\n  assert y >= 0;\n}\n"
                   "procedure down(n: int) returns (r: int) {\n"
                   "  if (n <= 0) { r := 0; } else { call r := down(n - 1); }\n}\n")
    p = _cli("check", "--all-properties", "--bound", "1", "--strategy", "si", "--json", str(src))
    doc = json.loads(p.stdout)
    assert p.returncode == 30 and doc["verdict"] == "bounded"
    assert [(r["status"], r["detail"]) for r in doc["properties"]] == \
        [("UNKNOWN", "bounded: no failure within bound 1")]
    assert doc["properties"][0]["line"] == 4


def test_native_replay_of_each_failure(tmp_path):
    src = tmp_path / "two.c"
    src.write_text("#include <assert.h>\nint __VERIFIER_nondet_int(void);\n"
                   "int main(void) {\n  int x = __VERIFIER_nondet_int();\n"
                   "  assert(x != 3);\n  assert(x != 4);\n  return 0;\n}\n")
    p = _cli("check", "--all-properties", "--bound", "1", "--json", "--frontend", "c",
             str(src))
    if "no C compiler" in p.stdout:
        pytest.skip("no toolchain for native replay")
    doc = json.loads(p.stdout)
    assert [(r["line"], r["status"]) for r in doc["properties"]] == \
        [(5, "FAILURE"), (6, "FAILURE")]
    for r in doc["properties"]:
        assert r["detail"].startswith("confirmed by execution") and \
            f"line {r['line']}" in r["detail"], r


def test_all_properties_is_for_one_run():
    p = _cli("check", "--all-properties", "--reach", str(DATA / "three_fail.bpl"))
    assert p.returncode == 2 and "--all-properties" in p.stderr


def test_show_properties_lists_the_assertions_too():
    src = DATA / "three_fail.bpl"
    p = _cli("check", "--show-properties", "--all-properties", "--json", str(src))
    assert p.returncode == 0, p.stderr
    props = json.loads(p.stdout)["properties"]
    assert [(x["id"], x["line"]) for x in props] == \
        [("main.assertion.1", 7), ("main.assertion.2", 9), ("main.assertion.3", 10),
         ("main.assertion.4", 11)]
