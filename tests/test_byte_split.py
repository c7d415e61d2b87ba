"""The memory split per points-to class (frontend/c/byte_split.py, issue 36; on by default,
`--no-memory-split` is the whole-program byte-level model): a program with one byte-level
class keeps typed maps for the others (read in its Boogie), and the cases of
tests/data/c/split (and the verdict cases with byte-level classes) give the expected
verdict split and whole-program byte level, the split deciding whatever the other does
(a differential check through `check --json`)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from boogie.ast import Assign, Assume, MapSelect, ProcedureDecl, Var, attr
from boogie.visit import subexprs
from cases import read_case
from frontend.c import CFrontendOptions, translate_files
from frontend.c.byte_split import BYTES

ROOT = Path(__file__).resolve().parent.parent
# the split's own cases, and the verdict cases with byte-level classes
CASES = sorted((ROOT / "tests" / "data" / "c" / "split").glob("*.c")) + sorted(
    p for p in (ROOT / "tests" / "data" / "c" / "verdict").glob("*.c")
    if p.stem.startswith(("pts_", "memset_void", "byte_level_", "memmove_", "sign_views_",
                          "memcmp_ok", "views_live", "views_union_other",
                          "views_union_designated")))


def _maps(path: Path, split: bool, **opts) -> dict[str, set[str]]:
    """Heap maps read or written per procedure."""
    prog = translate_files([str(path)], CFrontendOptions(memory_split=split, **opts))
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


@pytest.mark.parametrize("encoding", ["int", "bv"])
def test_a_fresh_blocks_zero_fact_keeps_the_split(encoding: str):
    """calloc's zero fact (a quantified assumption over the block's map) about a
    byte-level class is restated on the block's bytes: the other classes keep their typed
    maps (it made the whole program byte level before, as every SV-COMP Linux driver
    task's zeroed globals did)."""
    src = ROOT / "tests" / "data" / "c" / "split" / "calloc_bytes_bug.c"
    split = set().union(*_maps(src, True, encoding=encoding, data_model="ILP32").values())
    assert BYTES in split and len(split) > 1, split


def test_a_zeroed_blocks_byte_fact_is_said_once():
    """A zeroed block of a byte-level class gets its zero fact once, however many field
    maps its typed translation had a fact for (each became the same byte fact)."""
    src = ROOT / "tests" / "data" / "c" / "split" / "zeroed_struct_fields_bug.c"
    prog = translate_files([str(src)], CFrontendOptions(memory_split=True, encoding="bv"))
    facts = [c for d in prog.decls if isinstance(d, ProcedureDecl) and d.body is not None
             for b in d.body.blocks for c in b.cmds
             if isinstance(c, Assume) and attr(c.attrs, "heap_fact") is not None]
    assert len(facts) == 1 and attr(facts[0].attrs, "heap_fact").args == (BYTES,), facts


def _check(path: Path, split: bool) -> tuple[str, dict]:
    """The verdict (`pycorral check --json`) and its statistics, split or whole-program
    byte level."""
    case = read_case(path)
    r = subprocess.run([sys.executable, "-c", "from pycorral.cli import main; main()",
                        "check", str(path), "--json", "--stats", "--timeout", "120",
                        "--memory-split" if split else "--no-memory-split", *case.flags],
                       capture_output=True, text=True, env=dict(os.environ,
                                                                PYTHONPATH=str(ROOT)),
                       cwd=ROOT)
    assert r.returncode != 2 and r.stdout, r.stderr[-2000:]      # 2: bad input
    out = json.loads(r.stdout)
    return out["verdict"], out.get("stats") or {}


@pytest.mark.parametrize("src", CASES, ids=[p.stem for p in CASES])
def test_split_same_verdict_as_byte_level(src: Path):
    """Differential: the split and the whole-program byte-level model give the expected
    verdict (or unknown -- never the other one) and the split decides whatever the
    byte-level model decides."""
    expected = read_case(src).expect
    split, stats = _check(src, True)
    whole, _ = _check(src, False)
    assert stats.get("byte_level_classes"), "the case must have a byte-level class"
    assert split in (expected, "unknown") and whole in (expected, "unknown")   # 0 wrong
    assert split == expected or whole == "unknown"     # nothing decided lost
