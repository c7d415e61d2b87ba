"""Round trip: parse -> print -> parse gives an equal AST, and printing is idempotent.

Runs over every corral regression file and a sample of the large ldv-bpl files by default
(the full ldv set is marked slow), plus randomly generated expressions that stress the
printer's parenthesization against the parser's precedence rules."""
from __future__ import annotations

import random
import time
from fractions import Fraction

import pytest

from conftest import corpus_dir

parser = pytest.importorskip("boogie.parser", reason="boogie.parser not available yet")

from boogie.ast import (App, BoolLit, BvLit, Extract, FunCall, IntLit, Ite, MapSelect,  # noqa: E402
                        MapStore, Old, Op, Quant, QuantKind, RealLit, Var, VarDecl, INT)
from boogie.printer import format_expr, format_program  # noqa: E402


def _check_round_trip(text: str, name: str) -> float:
    """Checks the round trip; returns the CPU seconds spent printing the first AST."""
    first = parser.parse_program(text, name)
    t0 = time.process_time()             # CPU time: the test machine is shared
    printed = format_program(first)
    elapsed = time.process_time() - t0
    second = parser.parse_program(printed, name + ".printed")
    assert second == first, f"{name}: re-parsed AST differs"
    assert format_program(second) == printed, f"{name}: printing is not idempotent"
    return elapsed


def _corral_files():
    return sorted(corpus_dir("corral").rglob("*.bpl"))


def _ldv_files():
    return sorted(corpus_dir("ldv-bpl").glob("*.bpl"))


@pytest.mark.corpora("corral")
def test_corral_corpus_round_trips():
    files = _corral_files()
    assert len(files) == 90
    for f in files:
        _check_round_trip(f.read_text(encoding="utf-8", errors="replace"), str(f))


# Four files of different families and sizes (the smallest, a bitvector task, the largest).
_LDV_SAMPLE = ("m0_true-unreach-call_drivers-hwmon-s3c-hwmon-ko",
               "43_2a_bitvector_linux-3.16-rc1",
               "linux-4.0-rc1---drivers--usb--misc--yurex",
               "32_7a_cilled_true-unreach-call_linux-3.8-rc1-32_7a-drivers--block--paride--pt")


@pytest.mark.corpora("ldv-bpl")
def test_ldv_sample_round_trips():
    files = [f for f in _ldv_files() if f.name.startswith(_LDV_SAMPLE)]
    assert len(files) == len(_LDV_SAMPLE)
    slowest = max(_check_round_trip(f.read_text(encoding="utf-8", errors="replace"), str(f))
                  for f in files)
    assert slowest < 2.0, f"printing one ldv file took {slowest:.2f}s of CPU"


@pytest.mark.slow
@pytest.mark.corpora("ldv-bpl")
def test_ldv_corpus_round_trips():
    files = _ldv_files()
    assert len(files) == 32
    for f in files:
        _check_round_trip(f.read_text(encoding="utf-8", errors="replace"), str(f))


# ----------------------------------------------------------------------------- random exprs

_BINOPS = list(Op)
_BINOPS.remove(Op.NOT)
_BINOPS.remove(Op.NEG)


def _random_expr(rng: random.Random, depth: int):
    if depth == 0 or rng.random() < 0.15:
        choice = rng.randrange(6)
        if choice == 0:
            return IntLit(rng.randrange(-20, 20))
        if choice == 1:
            return RealLit(Fraction(rng.randrange(-40, 40), rng.choice((1, 2, 4, 10))))
        if choice == 2:
            return BvLit(rng.randrange(0, 256), 8)
        if choice == 3:
            return BoolLit(rng.random() < 0.5)
        return Var(rng.choice(("a", "b", "$p0", "x.1")))
    sub = lambda: _random_expr(rng, depth - 1)  # noqa: E731
    kind = rng.randrange(12)
    if kind < 5:
        return App(rng.choice(_BINOPS), (sub(), sub()))
    if kind == 5:
        return App(rng.choice((Op.NOT, Op.NEG)), (sub(),))
    if kind == 6:
        return Ite(sub(), sub(), sub())
    if kind == 7:
        return MapSelect(sub(), tuple(sub() for _ in range(rng.randrange(1, 3))))
    if kind == 8:
        return MapStore(sub(), (sub(),), sub())
    if kind == 9:
        lo = rng.randrange(0, 8)
        return Extract(sub(), lo + rng.randrange(0, 8), lo)
    if kind == 10:
        return FunCall("f", tuple(sub() for _ in range(rng.randrange(0, 3))))
    if rng.random() < 0.5:
        return Old(sub())
    return Quant(rng.choice(list(QuantKind)), (VarDecl("i", INT),), sub(),
                 triggers=((sub(),),) if rng.random() < 0.3 else ())


def test_random_expressions_round_trip():
    rng = random.Random(20261121)
    for _ in range(3000):
        e = _random_expr(rng, rng.randrange(1, 6))
        text = format_expr(e)
        back = parser.parse_expr(text)
        assert back == e, f"{text!r} re-parsed as {format_expr(back)!r}"


KITCHEN_SINK = r'''
type {:datatype} Field a; type ref; type i64 = int; type Heap = <a>[ref, Field a]a;
type Pair a b = [a]b;
var {:global} H: Heap; var w: int where w >= 0; var m: [int, bool][int]bv8;
const unique null: ref; const {:count 4} k: i64;
function {:inline} inc(x: int) : int { x + 1 }
function id<a>(x: a) returns (r: a);
function pick(x, y: int) : int;
function {:bvbuiltin "bvadd"} add8(bv8, bv8) : bv8;
axiom {:name "ax \"1\""} (forall <a> f: Field a, o: ref :: {:qid "q"} { H[o, f] } H[o, f] == H[o, f]);
axiom (exists i: int, j: int :: { inc(i), pick(i, j) } { id(j) } i < j && -2.0 ** 2.0 == 4.0);
axiom (lambda i: int :: i + -1)[0] == -1 && 2.5 / 0.5 == 5.0 && 1 div 2 mod 3 == 0;
axiom (forall <a> :: true) && (m[1, true][2] ++ 1bv8)[12:4] == 0bv8 && null <: null;
axiom (if w > 0 then 1 else 2) + 1 == 2 <==> (true ==> false ==> true) <== false;
procedure {:entrypoint} P<a>(x: int where x > 0, y: a) returns (r: int, s: bool);
  free requires {:id 1} x > k;
  modifies H, w;
  ensures old(w) <= w;
  free ensures |{ var t: bool; A: t := s; goto B, C; B: return t; C: return !t; }|;
implementation {:verify false} P<b>(x: int, y: b) returns (r: int, s: bool)
{
  var {:local} t: int where t == 0;
  start:
    r, s := {:assign} 0, true;
    w := w + 1;
    havoc {:h} t;
    assume {:partition} t > 0;
    assert {:sourceloc "a.c", 3, 1} r >= 0;
    call {:si_unique_call 1} r, s := P(x, y);
    async call Q();
    yield;
    goto {:g} done, start;
  done:
    return;
}
procedure Q() { L: return; }
'''


def test_kitchen_sink_round_trips():
    _check_round_trip(KITCHEN_SINK, "sink.bpl")
    program = parser.parse_program(KITCHEN_SINK, "sink.bpl")
    assert len(program.decls) > 20
