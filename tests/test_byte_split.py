"""The memory split per points-to class (frontend/c/byte_split.py, issue 36; opt-in with
PYCORRAL_C_MEMORY_SPLIT=1): a program with one byte-level class keeps typed maps for the
others (read in its Boogie), and the verdict cases that state classes give the same
verdict split and whole-program byte level (a differential check), in both encodings."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from boogie.ast import Assign, MapSelect, ProcedureDecl, Var
from boogie.visit import subexprs
from cases import read_case
from frontend.c import CFrontendOptions, translate_files
from frontend.c.byte_split import BYTES, ENV

ROOT = Path(__file__).resolve().parent.parent
VERDICT = sorted(p for p in (ROOT / "tests" / "data" / "c" / "verdict").glob("pts_*.c"))


def _maps(path: Path, split: bool, **opts) -> dict[str, set[str]]:
    """Heap maps read or written per procedure."""
    old = os.environ.get(ENV)
    os.environ[ENV] = "1" if split else "0"
    try:
        prog = translate_files([str(path)], CFrontendOptions(**opts))
    finally:
        if old is None:
            del os.environ[ENV]
        else:
            os.environ[ENV] = old
    out: dict[str, set[str]] = {}
    for d in prog.decls:
        if isinstance(d, ProcedureDecl) and d.body is not None:
            for b in d.body.blocks:
                for c in b.cmds:
                    exprs = list(getattr(c, "lhs", ())) + list(getattr(c, "rhs", ())) + \
                        [e for e in (getattr(c, "expr", None),) if e is not None]
                    for e in exprs:
                        for x in subexprs(e):
                            if isinstance(x, MapSelect) and isinstance(x.map, Var) and \
                                    x.map.name.startswith("$M."):
                                out.setdefault(d.name, set()).add(x.map.name)
    return out


@pytest.mark.parametrize("encoding", ["int", "bv"])
def test_one_unsafe_class_keeps_typed_maps(encoding: str):
    src = ROOT / "tests" / "data" / "c" / "verdict" / "pts_void_pun_ok.c"
    whole = set().union(*_maps(src, False, encoding=encoding,
                               data_model="ILP32").values())
    split = set().union(*_maps(src, True, encoding=encoding, data_model="ILP32").values())
    assert whole == {BYTES}                 # today: everything byte level
    assert BYTES in split and len(split) > 1   # the int array / struct keep typed maps


def _check(path: Path, split: bool, encoding: str) -> str:
    case = read_case(path)
    env = dict(os.environ, **{ENV: "1" if split else "0"})
    env["PYTHONPATH"] = str(ROOT)
    flags = (case.get("FLAGS") or "").split()
    r = subprocess.run([sys.executable, "-c", "from pycorral.cli import main; main()",
                        "check", str(path), "--encoding", encoding, "--timeout", "120"]
                       + flags, capture_output=True, text=True, env=env, cwd=ROOT)
    out = r.stdout
    if "FAILS" in out or "bug" in out.splitlines()[0].lower():
        return "bug"
    if out.startswith("correct") or "no bug" in out:
        return "correct"
    return "unknown"


@pytest.mark.parametrize("encoding", ["int", "bv"])
@pytest.mark.parametrize("src", VERDICT, ids=[p.stem for p in VERDICT])
def test_split_same_verdict_as_byte_level(src: Path, encoding: str):
    expected = read_case(src).get("EXPECT")
    split, whole = _check(src, True, encoding), _check(src, False, encoding)
    assert split in (expected, "unknown") and whole in (expected, "unknown")   # 0 wrong
    assert split == expected or whole == "unknown"     # nothing decided lost
