"""boogie/passes/memop_lengths.py: a memop length that is a constant only at a wrapper's
call site (SMACK's `ldv_memset(p, c, n)`, `calloc(n, s)` behind `ldv_zalloc(n)`) is
folded into a literal in a copy of the wrapper, so that constant_memops unrolls the
quantified contract -- and the verdicts stay the same.

Data: tests/data/memop_lengths/*.bpl, the Linux driver tasks' SMACK shapes, bug and
correct twins (`// EXPECT`, `// FLAGS`), and `undominated_ok`, whose length local is
assigned on one branch only (it must not be folded).  Checks:
* after the pipeline, the wrapper and calloc files call no quantified memop (every call
  is a `.len` copy), the undominated file still calls the quantified one;
* the copies are specialized exactly: the literal at the call site is the literal in the
  copy's memop call (a fold through locals, `$mul.i64` and a dominating block);
* differential: each file gets its expected verdict with the pass, and without it (only
  constant_memops, as before), where that run decides, the same.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from boogie.ast import Call, IntLit
from boogie.parser import parse_file, parse_program
from boogie.passes.common import attach_implementations
from boogie.passes.memop_lengths import specialize_memop_lengths
from boogie.passes.pipeline import prepare
from boogie.typecheck import typecheck
from cases import read_case
from test_constant_memops import _quantified_memops
from verifier.engine import verify
from verifier.options import VerifyOptions
from verifier.result import Verdict

DATA = Path(__file__).parent / "data" / "memop_lengths"
FILES = sorted(DATA.glob("*.bpl"))
EXPECTED = {"bug": Verdict.BUG, "correct": Verdict.CORRECT}


def _calls(program) -> list[Call]:
    return [c for d in program.procedures().values() if d.body
            for b in d.body.blocks for c in b.cmds if type(c) is Call]


def test_corpus_present():
    assert len(FILES) >= 5
    assert {read_case(f).expect for f in FILES} == {"bug", "correct"}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_called_memops_after_the_pipeline(path: Path):
    prepared = prepare(parse_file(str(path))).program
    typecheck(prepared)
    called = {c.proc for c in _calls(prepared)}
    quantified = set(_quantified_memops(prepared)) & called
    if path.stem.startswith("undominated"):
        assert quantified == {"$memset.i8"}, called
    else:
        assert not quantified, called
        assert any(n.startswith("$memset.i8.len") for n in called), called


def test_copies_carry_the_folded_lengths():
    prog = attach_implementations(parse_file(str(DATA / "zalloc_ok.bpl")))
    out = specialize_memop_lengths(prog)
    typecheck(out)
    procs = out.procedures()
    main_calls = [c.proc for b in procs["main"].body.blocks for c in b.cmds
                  if type(c) is Call and c.proc.startswith("ldv_zalloc")]
    assert sorted(main_calls) == ["ldv_zalloc.n0_2", "ldv_zalloc.n0_24"], main_calls
    lengths = {}
    for name, d in procs.items():
        if name.startswith("calloc."):
            (m,) = [c for b in d.body.blocks for c in b.cmds
                    if type(c) is Call and c.proc == "$memset.i8"]
            lengths[name] = m.args[3]
    # calloc(1, $i0) in the original ldv_zalloc gets a copy for its literal first argument
    # too, whose length stays a product with a parameter
    assert lengths == {"calloc.n0_1.n1_24": IntLit(24), "calloc.n0_1.n1_2": IntLit(2),
                       "calloc.n0_1": lengths["calloc.n0_1"]}
    assert type(lengths["calloc.n0_1"]) is not IntLit
    # the originals stay for calls with unknown lengths
    assert {"calloc", "ldv_zalloc", "ldv_memset"} <= set(procs)


_DOMINATED = """
type ref = int;
var Mem: [ref]int;
function {:inline} $add.ref(p1: ref, p2: ref) : ref { p1 + p2 }
procedure $memset.i8(M: [ref]int, dst: ref, val: int, len: ref) returns (M.ret: [ref]int);
implementation $memset.i8(M: [ref]int, dst: ref, val: int, len: ref) returns (M.ret: [ref]int)
{
  anon0:
    assume (forall x: ref :: dst <= x && x < $add.ref(dst, len) ==> M.ret[x] == val);
    assume (forall x: ref :: !(dst <= x && x < $add.ref(dst, len)) ==> M.ret[x] == M[x]);
    return;
}
procedure main(p: ref, b: bool);
  modifies Mem;
implementation main(p: ref, b: bool)
{
  var n: int; var k: int;
  a: n := 3 * 2; goto l, r;
  l: assume b; goto j;
  r: assume !b; goto j;
  j: k := n + 1; call Mem := $memset.i8(Mem, p, 0, k); call Mem := $memset.i8(Mem, p, 0, LEN); return;
}
"""


@pytest.mark.parametrize("second, folded", [("n", 6), ("k", 7), ("n * k", 42), ("b2", None)])
def test_fold_through_a_dominating_block(second, folded):
    text = _DOMINATED.replace("LEN", second)
    if second == "b2":
        text = text.replace("var n: int;", "var n: int; var b2: int;")
    prog = attach_implementations(parse_program(text))
    out = specialize_memop_lengths(prog)
    typecheck(out)
    first, last = [c.args[3] for c in _calls(out) if c.proc == "$memset.i8"]
    assert first == IntLit(7)
    assert last == (IntLit(folded) if folded is not None else prog.procedures()["main"]
                    .body.blocks[-1].cmds[-1].args[3])


def _opts(path: Path, **kw) -> VerifyOptions:
    return VerifyOptions(**{"strategy": "si", "timeout": 30,
                            **read_case(path).options().verify, **kw})


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_same_verdict_with_and_without_the_pass(path: Path):
    prog = parse_file(str(path))
    typecheck(prog)
    want = EXPECTED[read_case(path).expect]
    on = verify(prog, _opts(path))
    assert on.verdict is want, on.reason
    off = verify(prog, _opts(path, timeout=10, skip_passes=("memop_lengths",)))
    if off.verdict in (Verdict.BUG, Verdict.CORRECT):
        assert off.verdict is want, off.reason
