"""Data-driven verdict tests on small Boogie programs, run through every engine.

Each tests/data/bpl/*.bpl starts with `// EXPECT: bug|correct|bounded|no-bug` (no-bug =
correct or bounded) and optional `// FLAGS: --bound N --reach --entry P`.  Every file is
checked with stratified inlining and with static inlining; both must give the expected verdict
(so they also agree with each other), and every bug carries a trace."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from boogie.parser import parse_file
from boogie.passes.modifies import infer_modifies
from boogie.typecheck import typecheck
from verifier.engine import verify
from verifier.options import VerifyOptions
from verifier.result import Verdict

DATA = Path(__file__).parent / "data" / "bpl"
FILES = sorted(DATA.glob("*.bpl"))
EXPECTED = {"bug": {Verdict.BUG}, "correct": {Verdict.CORRECT}, "bounded": {Verdict.BOUNDED},
            "no-bug": {Verdict.CORRECT, Verdict.BOUNDED}}


def header(path: Path) -> tuple[str, dict]:
    text = path.read_text()
    m = re.search(r"^// EXPECT: (\S+)", text, re.M)
    assert m and m.group(1) in EXPECTED, f"{path.name}: missing or bad EXPECT header"
    opts: dict = {}
    f = re.search(r"^// FLAGS: (.*)$", text, re.M)
    words = f.group(1).split() if f else []
    while words:
        w = words.pop(0)
        if w == "--bound":
            opts["bound"] = int(words.pop(0))
        elif w == "--entry":
            opts["entry"] = words.pop(0)
        elif w == "--reach":
            opts["mode"] = "reach"
        else:
            raise AssertionError(f"{path.name}: unknown flag {w}")
    return m.group(1), opts


def test_corpus_present():
    assert len(FILES) >= 10


@pytest.mark.parametrize("strategy", ["si", "static"])
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_verdict(path: Path, strategy: str):
    expect, opts = header(path)
    prog = infer_modifies(parse_file(str(path)))
    typecheck(prog)
    r = verify(prog, VerifyOptions(strategy=strategy, timeout=60, **opts))
    assert r.verdict in EXPECTED[expect], (r.verdict, r.reason)
    if r.verdict is Verdict.BUG:
        assert r.trace is not None and r.trace.steps
