"""How a model's values read in a trace (verifier/smt/z3session.value_text): a map as its
entries and default on one line, not z3's `Store(Store(K(...)))` spread over many lines
(a SMACK model's `$M.7` in an ldv-bpl trace was fifteen stores deep); scalars as before."""
from __future__ import annotations

import z3

from verifier.smt.z3session import MAP_ENTRIES_SHOWN, value_text


def test_a_map_reads_as_its_entries_and_default():
    m = z3.Store(z3.Store(z3.K(z3.IntSort(), z3.IntVal(84)), 1, 7), 3, 0)
    assert value_text(m) == "{1 -> 7, 3 -> 0, else -> 84}"


def test_the_latest_store_of_an_index_wins():
    m = z3.Store(z3.Store(z3.K(z3.IntSort(), z3.IntVal(0)), 1, 7), 1, 9)
    assert value_text(m) == "{1 -> 9, else -> 0}"


def test_bit_vector_maps_and_long_maps():
    b = z3.Store(z3.K(z3.BitVecSort(8), z3.BitVecVal(0, 8)), z3.BitVecVal(3, 8),
                 z3.BitVecVal(9, 8))
    assert value_text(b) == "{3bv8 -> 9bv8, else -> 0bv8}"
    m = z3.K(z3.IntSort(), z3.IntVal(84))
    for i in range(MAP_ENTRIES_SHOWN + 3):
        m = z3.Store(m, i, i)
    text = value_text(m)
    assert text.endswith("... (3 more), else -> 84}") and "\n" not in text


def test_a_model_map_and_scalars():
    a = z3.Array("a", z3.IntSort(), z3.IntSort())
    s = z3.Solver()
    s.add(a[3] == 4, a[5] == 6)
    assert s.check() == z3.sat
    text = value_text(s.model().eval(a, model_completion=True))
    assert text.startswith("{") and "else ->" in text and "Store" not in text
    assert value_text(z3.BitVecVal(5, 32)) == "5bv32"
    assert value_text(z3.IntVal(-3)) == "-3"
    assert value_text(z3.RealVal("1/3")) == "1/3"
