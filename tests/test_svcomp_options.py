"""`pycorral svcomp` honours the front-end options of `pycorral check`: each test runs one
small program of tests/data/svcomp_options/ with and without an option and shows that the
option changes what svcomp does (the answer, or the front end / encoding of its attempts)."""
from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from pycorral.svcomp_cmd import svcomp_cmd
from svcomp.svcomp_mode import SvcompOptions, run_svcomp
from svcomp.task import parse_property_text

from conftest import ROOT

DATA = ROOT / "tests" / "data" / "svcomp_options"
UNREACH = "CHECK( init(main()), LTL(G ! call(reach_error())) )\n"


def _svcomp(tmp_path, name: str, *options: str) -> tuple[str, list[str]]:
    prp = tmp_path / "unreach-call.prp"
    prp.write_text(UNREACH)
    res = CliRunner().invoke(svcomp_cmd, ["--property", str(prp), "--timeout", "60",
                                          *options, str(DATA / name)])
    lines = res.output.strip().splitlines()
    assert lines and lines[-1].startswith("Result: "), res.output
    assert res.exit_code == (20 if "UNKNOWN" in lines[-1] else 0), res.output
    return lines[-1], [ln for ln in lines[:-1] if not ln.startswith("[portfolio]")]


def test_malloc_may_fail(tmp_path):
    assert _svcomp(tmp_path, "malloc_null.c")[0] == "Result: TRUE"
    assert _svcomp(tmp_path, "malloc_null.c", "--malloc-may-fail")[0] == \
        "Result: FALSE(unreach-call)"


def test_data_model(tmp_path):
    assert _svcomp(tmp_path, "long_size.c", "--data-model", "ILP32")[0] == "Result: TRUE"
    assert _svcomp(tmp_path, "long_size.c", "--data-model", "LP64")[0] == \
        "Result: FALSE(unreach-call)"


def test_entry(tmp_path):
    assert _svcomp(tmp_path, "other_entry.c")[0] == "Result: TRUE"
    assert _svcomp(tmp_path, "other_entry.c", "--entry", "other")[0] == \
        "Result: FALSE(unreach-call)"


@pytest.mark.parametrize("encoding", ["int", "bv"])
def test_encoding(tmp_path, encoding):
    line, attempts = _svcomp(tmp_path, "bitand.c", "--encoding", encoding)
    assert line == "Result: TRUE"
    assert attempts and all(a.startswith(f"[c/{encoding}] ") for a in attempts), attempts


@pytest.mark.parametrize("frontend", ["c", "llvm"])
def test_frontend(tmp_path, frontend):
    line, attempts = _svcomp(tmp_path, "long_size.c", "--frontend", frontend,
                             "--data-model", "LP64")
    assert line == "Result: FALSE(unreach-call)"
    assert attempts and all(re.match(rf"\[{frontend}/int\] ", a) for a in attempts), attempts


def test_options_reach_the_front_end_in_run_svcomp():
    """The strategy itself (not only the command line) passes the options to the door."""
    prop = parse_property_text(UNREACH, "unreach-call.prp")
    path = [str(DATA / "malloc_null.c")]
    assert run_svcomp(path, prop, SvcompOptions(timeout=60)).status == "TRUE"
    assert run_svcomp(path, prop, SvcompOptions(timeout=60, malloc_may_fail=True)).status \
        == "FALSE"
