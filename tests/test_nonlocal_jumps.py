"""setjmp/longjmp (boogie/passes/nonlocal_jumps.py; both front ends call its intrinsics,
frontend/nonlocal_jumps.py).  Data: tests/data/jumps/ -- C programs (through both front
ends, end to end: every bug replayed natively by the real setjmp/longjmp of the C library,
so the model is checked against the library) and Boogie programs calling the intrinsics
directly (the pass alone; the jump to a frame that has returned is undefined behaviour,
checked as an assertion).  Each states `// EXPECT: bug|correct`.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from boogie.parser import parse_file
from boogie.passes.modifies import infer_modifies
from boogie.passes.nonlocal_jumps import LONGJMP, SETJMP, nonlocal_jumps
from boogie.typecheck import typecheck
from cases import read_case
from verifier.engine import verify
from verifier.options import VerifyOptions

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data" / "jumps"
C_CASES = sorted(DATA.glob("*.c"))
BPL_CASES = sorted(DATA.glob("*.bpl"))


def test_cases_cover_both_verdicts():
    got = {read_case(p).expect for p in C_CASES + BPL_CASES}
    assert got == {"bug", "correct"} and len(C_CASES) >= 5


@pytest.mark.parametrize("frontend", ["c", "llvm"])
@pytest.mark.parametrize("src", C_CASES, ids=lambda p: p.stem)
def test_c_verdict_and_replay(src: Path, frontend: str):
    p = subprocess.run([sys.executable, "-m", "pycorral.cli", "check", str(src), "--frontend",
                        frontend, "--json", "--timeout", "300"],
                       cwd=ROOT, capture_output=True, text=True, timeout=600)
    doc = json.loads(p.stdout)
    expect = read_case(src).expect
    assert doc["verdict"] == expect, (doc["verdict"], doc.get("reason"))
    if expect == "bug":
        assert doc["stats"].get("replay") == "confirmed", doc["stats"].get("replay_line")


@pytest.mark.parametrize("src", BPL_CASES, ids=lambda p: p.stem)
def test_boogie_verdict(src: Path):
    prog = infer_modifies(parse_file(str(src)))
    typecheck(prog)
    r = verify(prog, VerifyOptions(entry="main", bound=4, timeout=300))
    assert r.verdict.value == read_case(src).expect, r.reason


def test_the_pass_leaves_no_intrinsic_call_and_type_checks():
    from boogie.ast import Call, ProcedureDecl
    for src in BPL_CASES:
        out = nonlocal_jumps(parse_file(str(src)), "main")
        typecheck(infer_modifies(out))
        called = {c.proc for d in out.decls if isinstance(d, ProcedureDecl) and d.body
                  for b in d.body.blocks for c in b.cmds if isinstance(c, Call)}
        assert not called & {SETJMP, LONGJMP}, src.name


def test_a_program_without_jumps_is_unchanged():
    prog = parse_file(str(ROOT / "examples" / "lock.bpl"))
    assert nonlocal_jumps(prog, "main") is prog
