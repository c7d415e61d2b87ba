"""Regressions found on the ldv-bpl corpus (SMACK's Linux driver tasks, Corral-instrumented).

usb_8dev: the shortest path to its bug runs the LDV harness loop seven times, so it needs
recursion bound 7 on the Corral-extracted loop procedure `main_loop_$bb1` (our count of
instances per path is Corral's RecursionDepth: a call site is blocked when the callee's
instances on its path, itself included, exceed the bound).  `harness_loop_depth7.bpl` is that
harness reduced to its state machine."""
from __future__ import annotations

from pathlib import Path

import pytest

from boogie.parser import parse_file
from verifier.engine import verify
from verifier.options import VerifyOptions
from verifier.result import Verdict

DATA = Path(__file__).parent / "data" / "ldv"


def reach(name: str, bound: int, strategy: str = "si"):
    prog = parse_file(str(DATA / name))
    return verify(prog, VerifyOptions(entry="main_SeqInstr", mode="reach", bound=bound,
                                      strategy=strategy, timeout=60))


@pytest.mark.parametrize("strategy", ["si", "static"])
def test_harness_loop_needs_bound_7(strategy):
    # six iterations in main_loop_$bb1 instances plus the instance that exits: 7 instances
    r6 = reach("harness_loop_depth7.bpl", 6, strategy)
    assert r6.verdict is Verdict.BOUNDED, r6
    r7 = reach("harness_loop_depth7.bpl", 7, strategy)
    assert r7.verdict is Verdict.BUG, r7
