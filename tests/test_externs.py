"""Functions without a body (frontend/externs.py, frontend/c/externs.py,
frontend/llvm/externs.py): the sound default in both front ends, `--extern-pure`, and what
a run reports about them.

Data: tests/data/externs/*.c, each with
  `// EXPECT: bug|correct` the verdict under the default (`EXPECT@c:` / `EXPECT@llvm:` when
                           the front ends differ on purpose, e.g. `const` exists only in C),
  `// PURE: ...`           the verdict with --extern-pure,
  `// HAVOCS@c: maps`      the heap maps the C front end's procedures havoc (optional).
Every case runs through both front ends in both modes at bound 3; the front ends must
agree wherever the file does not say otherwise (the differential check).
"""
from __future__ import annotations

import functools
import json
import subprocess
import sys
from pathlib import Path

import pytest

from boogie.ast import Call, Havoc, ProcedureDecl, attr
from frontend.externs import EXTERN, External, externals, note, pure_assumption
from frontend.llvm.compile import clang_command
from frontend.load import FrontendOptions, load

from cases import read_case

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data" / "externs"
CASES = sorted(DATA.glob("*.c"))
FRONTENDS = ("c", "llvm")
needs_clang = pytest.mark.skipif(clang_command() is None,
                                 reason="no clang: neither system clang nor ziglang")


def _expected(path: Path, key: str, frontend: str) -> str:
    """The value of `key` for a front end: `KEY@frontend:` if stated, else `KEY:`."""
    plain = None
    for qual, value in read_case(path).qualified(key):
        if qual == frontend:
            return value
        if qual is None:
            plain = value
    assert plain is not None, f"{path.name}: no {key} for {frontend}"
    return plain


@functools.lru_cache(maxsize=None)
def _program(path: Path, frontend: str, pure: bool):
    return load([str(path)], FrontendOptions(frontend=frontend, data_model="LP64",
                                             extern_pure=pure)).program


@functools.lru_cache(maxsize=None)
def _verdict(path: Path, frontend: str, pure: bool) -> str:
    from verifier.engine import verify
    from verifier.options import VerifyOptions
    r = verify(_program(path, frontend, pure), VerifyOptions(entry="main", bound=3,
                                                             timeout=120))
    assert r.verdict.value != "unknown", (path.name, frontend, r.reason)
    return "correct" if r.verdict.value in ("correct", "bounded") else r.verdict.value


def _params():
    for p in CASES:
        for fe in FRONTENDS:
            marks = [needs_clang] if fe == "llvm" else []
            for pure in (False, True):
                yield pytest.param(p, fe, pure, marks=marks,
                                   id=f"{p.stem}-{fe}{'-pure' if pure else ''}")


def test_corpus_covers_the_cases():
    names = {p.stem for p in CASES}
    assert {"write_through_arg", "const_arg", "escaped_global", "private_global",
            "struct_pointer_field", "retained_pointer"} <= names


@pytest.mark.parametrize("path,frontend,pure", list(_params()))
def test_verdict(path: Path, frontend: str, pure: bool):
    want = _expected(path, "PURE" if pure else "EXPECT", frontend)
    assert _verdict(path, frontend, pure) == want


@needs_clang
@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_front_ends_agree(path: Path):
    """Differential: the same verdict from both front ends, in both modes, unless the file
    states per-front-end expectations (and then exactly those)."""
    for pure in (False, True):
        key = "PURE" if pure else "EXPECT"
        got = {fe: _verdict(path, fe, pure) for fe in FRONTENDS}
        want = {fe: _expected(path, key, fe) for fe in FRONTENDS}
        assert got == want
        if want["c"] == want["llvm"]:
            assert got["c"] == got["llvm"], (path.name, pure, got)


@pytest.mark.parametrize("path", [p for p in CASES if read_case(p).qualified("HAVOCS")],
                         ids=lambda p: p.stem)
def test_c_havoc_sets(path: Path):
    want = sorted(_expected(path, "HAVOCS", "c").split())
    exts = externals(_program(path, "c", False))
    assert exts and all(sorted(e.havocs) == want for e in exts), exts
    pure = externals(_program(path, "c", True))
    assert all(not e.havocs and sorted(e.assumed) == want for e in pure), pure


@pytest.mark.parametrize("frontend", [pytest.param("c"),
                                      pytest.param("llvm", marks=needs_clang)])
def test_representation(frontend: str):
    """One `{:extern}` procedure per function, named as in C, called at every site; its
    body havocs the result (marked `{:nondet}`) and the maps; --extern-pure keeps memory."""
    path = DATA / "retained_pointer.c"
    prog = _program(path, frontend, False)
    procs = prog.procedures()
    for name in ("reg", "tick"):
        p = procs[name]
        assert attr(p.attrs, EXTERN) is not None and attr(p.attrs, "cfunction") is not None
        havocs = [c for b in p.body.blocks for c in b.cmds if isinstance(c, Havoc)]
        assert havocs and set(havocs[-1].names) == set(
            next(e for e in externals(prog) if e.name == name).havocs)
        assert set(p.modifies) >= set(havocs[-1].names)
    calls = [c.proc for b in procs["main"].body.blocks for c in b.cmds if isinstance(c, Call)]
    assert calls.count("reg") == 1 and calls.count("tick") == 1
    get = _program(DATA / "result_only.c", frontend, False).procedures()["get"]
    first = get.body.blocks[0].cmds[0]
    assert isinstance(first, Havoc) and attr(first.attrs, "nondet").args[0].endswith(
        "from get")
    pure = _program(path, frontend, True).procedures()
    assert not pure["reg"].modifies and attr(pure["reg"].attrs, "extern_pure").args


def test_reserved_word_gets_a_dollar(tmp_path: Path):
    src = tmp_path / "r.c"
    src.write_text("int type(int *p);\nint main(void) { int x = 0; type(&x); "
                   "return x; }\n")
    prog = load([str(src)], FrontendOptions(frontend="c")).program
    assert "type$" in prog.procedures()
    assert [e.name for e in externals(prog)] == ["type"]


def test_note_and_assumption_wording():
    a = External("IoOpenDeviceRegistryKey", ("$M.ptr",), (), "d.c:3")
    b = External("KeQueryPerformanceCounter", (), (), "d.c:9")
    assert note(()) is None
    assert note((a,)) == ("note: 1 function without a body is modelled as arbitrary (it "
                          "may write memory reachable from its arguments): "
                          "IoOpenDeviceRegistryKey")
    assert note((a, a)).startswith("note: 2 functions without a body are modelled as "
                                   "arbitrary (they may write memory reachable from their "
                                   "arguments): ")
    assert "1 may write memory" in note((a, b))
    assert pure_assumption((a, b)) is None
    p = External("IoOpenDeviceRegistryKey", (), ("$M.ptr",), "d.c:3")
    assert pure_assumption((p,)) == ("assuming IoOpenDeviceRegistryKey does not write "
                                     "memory (--extern-pure)")
    many = tuple(External(f"f{i}", (), ("m",)) for i in range(12))
    assert pure_assumption(many).endswith("and 4 more do not write memory (--extern-pure)")


# ----------------------------------------------------------------------------- the CLI

def _check(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pycorral.cli", "check", *args],
                          capture_output=True, text=True, cwd=ROOT, timeout=300)


@pytest.mark.parametrize("frontend", [pytest.param("c"),
                                      pytest.param("llvm", marks=needs_clang)])
def test_cli_possible_bug_trace(frontend: str):
    """The error rests on the memory the function may write: a possible bug (exit 40),
    not a bug found; the note names the call, the trace shows it, and the native replay
    (a stub that writes nothing: it cannot show what the real function does) confirms
    nothing, so the answer stays a possible bug."""
    path = str(DATA / "write_through_arg.c")
    r = _check(path, "--frontend", frontend, "--bound", "2")
    assert r.returncode == 40, r.stdout + r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == "possible bug (depends on the unknown effect of set)"
    assert lines[1].startswith("note: the path to the error reads memory written by set "
                               "(at write_through_arg.c:9)"), lines[1]
    assert lines[2].startswith("not confirmed by execution (not replayable): "), r.stdout
    assert "memory written by the function without a body set" in lines[2]
    assert any("set(p" in ln and "= &x)" in ln for ln in lines), r.stdout
    assert ("note: 1 function without a body is modelled as arbitrary (it may write "
            "memory reachable from its arguments): set") in lines


def test_cli_extern_pure_names_the_assumption():
    path = str(DATA / "write_through_arg.c")
    r = _check(path, "--bound", "2", "--extern-pure", "--stats")
    assert r.returncode == 0, r.stdout + r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == "correct (proved for every bound)"
    assert lines[1] == "assuming set does not write memory (--extern-pure)"
    assert any(ln.split() == ["externals:", "set"] for ln in lines), r.stdout
    j = json.loads(_check(path, "--bound", "2", "--extern-pure", "--json").stdout)
    assert j["assumptions"] == ["assuming set does not write memory (--extern-pure)"]
    assert j["externals"] == [{"name": "set", "havocs": [], "first_call": path + ":9",
                               "assumed_pure": ["$M.i32"]}]
    assert j["stats"]["externals"] == ["set"]
    bug = json.loads(_check(str(DATA / "result_only.c"), "--bound", "2", "--extern-pure",
                            "--json", "--no-replay").stdout)
    # a (possible) bug rests on nothing --extern-pure assumes
    assert bug["verdict"] == "possible-bug" and "assumptions" not in bug
    assert bug["depends_on"] == [{"function": "get", "kind": "result",
                                  "file": str(DATA / "result_only.c"), "line": 8}]


def test_cli_json_lists_the_havocs_and_replay_reads_them_back(tmp_path: Path):
    path = str(DATA / "struct_pointer_field.c")
    r = _check(path, "--bound", "2", "--json")
    j = json.loads(r.stdout)
    assert j["verdict"] == "possible-bug" and r.returncode == 40
    assert [e["function"] for e in j["depends_on"]] == ["fill"]
    assert j["externals"] == [{"name": "fill", "havocs": ["$M.S.data", "$M.S.n", "$M.i32"],
                               "first_call": path + ":11"}]
    assert j["trace"]["memory_writes"] == [{"function": "fill", "file": path, "line": 11}]
    saved = tmp_path / "r.json"
    saved.write_text(r.stdout)
    rep = subprocess.run([sys.executable, "-m", "pycorral.cli", "replay", path,
                          "--trace-json", str(saved)], capture_output=True, text=True,
                         cwd=ROOT, timeout=300)
    assert rep.returncode == 20, rep.stdout + rep.stderr
    assert "memory written by the function without a body fill" in rep.stdout


def test_extern_pure_is_for_c_input():
    r = _check(str(ROOT / "examples" / "lock.bpl"), "--extern-pure")
    assert r.returncode == 2 and "--extern-pure is for C input" in r.stderr


def test_procedures_carry_their_first_call():
    prog = _program(DATA / "escaped_global.c", "c", False)
    poke = next(d for d in prog.decls if isinstance(d, ProcedureDecl) and d.name == "poke")
    assert externals(prog)[0].first_call.endswith("escaped_global.c:10")
    assert attr(poke.attrs, "cname").args == ("poke",)
