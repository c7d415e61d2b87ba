"""Compiler-style input end to end: -I, -D, -U, -include, --std and --compile-commands reach
both front ends and the native replay (a bug is confirmed by execution only when the replay
compiles the program the verifier checked), on the data files of tests/data/cflags and on
the two-folder example project (examples/project).  Preprocessed `.i` input replays.

Each `// RUN: FLAGS => VERDICT` line of a data file is one `pycorral check FILE FLAGS` run
from the file's folder, for each front end; VERDICT is bug (and confirmed by execution),
correct, or error (exit 2 with one line `file:line:col: error: message`).  Runs are
subprocesses (the run guard's hard stop must not end the test process).
"""
from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cases import read_case

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "cflags"
PROJECT = ROOT / "examples" / "project"
FRONTENDS = ("c", "llvm")


def _check(args: list[str], cwd: Path, timeout: float = 240) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pycorral.cli", "check", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=timeout)


def _runs():
    for path in sorted(DATA.glob("*.c")):
        for line in read_case(path).all("RUN"):
            flags, _, verdict = line.partition("=>")
            for fe in FRONTENDS:
                yield pytest.param(path.name, shlex.split(flags), verdict.strip(), fe,
                                   id=f"{path.stem}[{flags.strip()}]-{fe}")


def _assert_outcome(r: subprocess.CompletedProcess, verdict: str) -> None:
    if verdict == "error":
        lines = r.stderr.strip().splitlines()
        assert r.returncode == 2 and len(lines) == 1, (r.returncode, r.stderr)
        assert ": error: " in lines[0] and "Traceback" not in r.stderr, r.stderr
        return
    assert r.returncode in (0, 10, 30), (r.returncode, r.stdout, r.stderr)
    doc = json.loads(r.stdout)
    assert doc["verdict"] == verdict, doc
    if verdict == "bug":
        assert doc["stats"]["replay"] == "confirmed", doc["stats"]


@pytest.mark.parametrize("name,flags,verdict,frontend", list(_runs()))
def test_option_reaches_front_end_and_replay(name, flags, verdict, frontend):
    r = _check([name, *flags, "--frontend", frontend, "--json"], DATA)
    _assert_outcome(r, verdict)


def test_every_option_has_a_data_file():
    """A RUN line for each compiler-style option, with a bug only the option uncovers."""
    text = " ".join(line for p in DATA.glob("*.c") for line in read_case(p).all("RUN"))
    for option in ("-D", "-U", "-I", "-include", "--std"):
        assert f"{option} " in text or f"{option}" in text.replace(" ", ""), option


# ----------------------------------------------------------------------------- the project

PROJECT_FILES = ["src/main.c", "lib/queue.c"]
PROJECT_FLAGS = ["-I", "include", "-DQUEUE_CAPACITY=2", "-DQUEUE_FAST_PATH"]


@pytest.mark.parametrize("frontend", FRONTENDS)
def test_project_bug_needs_the_builds_flags(frontend):
    """The seeded bug (QUEUE_FAST_PATH drops the full check) is found, and confirmed
    natively, with the build's -I/-D; without -D the program checked is another one (no
    bug); without -I it does not compile (one line, exit 2)."""
    base = [*PROJECT_FILES, "--bound", "2", "--frontend", frontend, "--json"]
    r = _check([*base, *PROJECT_FLAGS], PROJECT)
    _assert_outcome(r, "bug")
    fail = json.loads(r.stdout)["trace"]["steps"][-1]
    assert fail["file"].endswith("src/main.c") and fail["line"] == 16, fail
    _assert_outcome(_check([*base, "-I", "include"], PROJECT), "correct")
    _assert_outcome(_check(base, PROJECT), "error")


@pytest.mark.parametrize("files", [PROJECT_FILES, []], ids=["given-files", "all-files"])
@pytest.mark.parametrize("frontend", FRONTENDS)
def test_project_with_compile_commands(files, frontend):
    """The flags of each file come from compile_commands.json (`arguments` and `command`
    forms, relative `directory`), with or without naming the files; from another working
    folder too."""
    r = _check([*[str(PROJECT / f) for f in files], "--compile-commands",
                str(PROJECT / "compile_commands.json"), "--bound", "2", "--frontend",
                frontend, "--json"], ROOT)
    _assert_outcome(r, "bug")


def test_compile_commands_without_the_file(tmp_path):
    other = tmp_path / "other.c"
    other.write_text("int main(void) { return 0; }\n")
    r = _check([str(other), "--compile-commands", str(PROJECT / "compile_commands.json")],
               ROOT)
    assert r.returncode == 2, r
    assert r.stderr.strip() == (f"{other}:1:1: error: no entry for this file in the "
                                f"compilation database {PROJECT / 'compile_commands.json'}")


def test_compile_commands_missing_database():
    r = _check(["--compile-commands", "no-such.json"], ROOT)
    assert r.returncode == 2 and r.stderr.strip().startswith(
        "no-such.json:1:1: error: cannot read the compilation database"), r.stderr


def test_translate_takes_the_same_flags():
    """`pycorral translate` sees the program `check` sees."""
    out = subprocess.run([sys.executable, "-m", "pycorral.cli", "translate",
                          *PROJECT_FILES, *PROJECT_FLAGS], cwd=PROJECT, capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    plain = subprocess.run([sys.executable, "-m", "pycorral.cli", "translate",
                            *PROJECT_FILES, "-I", "include"], cwd=PROJECT,
                           capture_output=True, text=True, timeout=120)
    assert plain.returncode == 0 and plain.stdout != out.stdout


# ----------------------------------------------------------------------------- .i input

@pytest.mark.parametrize("data_model", ["ILP32", "LP64"])
def test_preprocessed_input_replays(tmp_path, data_model):
    """A `.i` file (gcc -E output) is checked and its bug confirmed by execution."""
    if shutil.which("gcc") is None:
        pytest.skip("no gcc to preprocess with")
    src = DATA / "define.c"
    pre = tmp_path / "define.i"
    subprocess.run(["gcc", "-E", "-DSMALL", str(src), "-o", str(pre)], check=True)
    r = _check([str(pre), "--bound", "1", "--data-model", data_model, "--json"], tmp_path)
    _assert_outcome(r, "bug")


# ----------------------------------------------------------------------------- LLVM cache

def test_llvm_cache_notices_a_changed_header(tmp_path, monkeypatch):
    """The cached IR of a file is not reused after a header it includes changed."""
    from frontend.cflags import CFlags
    from frontend.llvm.compile import clang_command, compile_c

    if clang_command() is None:
        pytest.skip("no clang (system or ziglang)")
    monkeypatch.setenv("PYCORRAL_LLVM_CACHE", str(tmp_path / "cache"))
    (tmp_path / "inc").mkdir()
    header = tmp_path / "inc" / "v.h"
    src = tmp_path / "p.c"
    src.write_text('#include "v.h"\nint f(void) { return V; }\n')
    flags = CFlags(include_dirs=(("-I", str(tmp_path / "inc")),))
    header.write_text("#define V 11111\n")
    first = Path(compile_c(str(src), "LP64", cflags=flags)).read_text()
    assert "11111" in first
    assert Path(compile_c(str(src), "LP64", cflags=flags)).read_text() == first
    header.write_text("#define V 22222\n")
    second = Path(compile_c(str(src), "LP64", cflags=flags)).read_text()
    assert "22222" in second and "11111" not in second
    os.utime(header)           # (the hash, not the time, decides)
    assert Path(compile_c(str(src), "LP64", cflags=flags)).read_text() == second
