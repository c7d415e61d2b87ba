"""The data model: `pycorral check` (and translate, and replay of check's traces) default to
the host's, as a compiler does; `pycorral svcomp` keeps the task's (ILP32 unless it says
LP64).  tests/data/data_model/long_size.c fails exactly when `long` or pointers are not
32 bits wide."""
from __future__ import annotations

import json
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from frontend.load import host_data_model
from svcomp.svcomp_mode import SvcompOptions
from verifier.run_options import RunOptions

ROOT = Path(__file__).resolve().parent.parent
PROG = ROOT / "tests" / "data" / "data_model" / "long_size.c"
UNREACH_CALL = "CHECK( init(main()), LTL(G ! call(reach_error())) )\n"


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pycorral.cli", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=240)


def test_host_data_model_is_the_pointer_size():
    assert host_data_model() == ("LP64" if struct.calcsize("P") == 8 else "ILP32")


def test_run_options_default_to_the_host_svcomp_to_ilp32():
    assert RunOptions().data_model == host_data_model()
    assert SvcompOptions().data_model == "ILP32"


@pytest.mark.parametrize("frontend", ["c", "llvm"])
def test_check_defaults_to_the_host(frontend):
    r = _run("check", str(PROG), "--bound", "1", "--frontend", frontend, "--json")
    doc = json.loads(r.stdout)
    assert doc["verdict"] == ("bug" if host_data_model() == "LP64" else "correct"), doc
    if doc["verdict"] == "bug":         # the replay compiles for the same data model
        assert doc["stats"]["replay"] == "confirmed", doc["stats"]
    r = _run("check", str(PROG), "--bound", "1", "--frontend", frontend, "--json",
             "--data-model", "ILP32")
    assert json.loads(r.stdout)["verdict"] == "correct"


def test_help_names_the_default():
    r = _run("check", "--help")
    assert f"else the host's ({host_data_model()} here)" in " ".join(r.stdout.split())


def test_svcomp_keeps_ilp32(tmp_path):
    prp = tmp_path / "unreach-call.prp"
    prp.write_text(UNREACH_CALL)
    r = _run("svcomp", "--property", str(prp), "--timeout", "60", str(PROG))
    assert r.stdout.strip().splitlines()[-1] == "Result: TRUE", r.stdout + r.stderr
    r = _run("svcomp", "--property", str(prp), "--timeout", "60", "--data-model", "LP64",
             str(PROG))
    assert r.stdout.strip().splitlines()[-1] == "Result: FALSE(unreach-call)", r.stdout


@pytest.mark.parametrize("frontend", ["c", "llvm"])
def test_a_program_that_defines_size_t_names_its_target(tmp_path, frontend):
    """A preprocessed 32-bit program (SMACK's CIL'd Windows drivers) says `typedef unsigned
    int size_t;`: without --data-model it is checked as ILP32 (clang for LP64 rejects the
    typedef; the C front end would read long as 64 bits), with a note that says why."""
    src = tmp_path / "drv.c"
    src.write_text("typedef unsigned int size_t;\nextern void reach_error(void);\n"
                   "int main(void) {\n  if (sizeof(long) != 4 || sizeof(size_t) != 4)\n"
                   "    reach_error();\n  return 0;\n}\n")
    r = _run("check", str(src), "--frontend", frontend)
    assert r.returncode == 0, r.stdout + r.stderr
    assert f"note: data model ILP32, the one the program's own size_t typedef is for " \
           f"({src}:1)" in r.stderr
    r = _run("check", str(src), "--frontend", frontend, "--data-model", "LP64")
    assert "data model ILP32" not in r.stderr
    assert r.returncode == 10, r.stdout + r.stderr      # long is 64 bits there: the bug
