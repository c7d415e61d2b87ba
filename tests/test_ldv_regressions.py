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


# --- usb_8dev's leak itself, on the corpus file with a forced entry (slow) -----------------
# An entry that calls usb_8dev_start_xmit once and then ldv_check_final_state isolates the
# leak (the urb is not freed on the "couldn't find free context" path).  Without SMACK's
# quantified $memset.i8/$memcpy.i8 contracts the bug is found in seconds; with them, one
# under-approximate query (start_xmit's heap $M.0 written through both) does not finish:
# the solver-side reason the ldv tasks time out once their bound is deep enough.

USB_8DEV = ("linux-3.12-rc1.tar.xz-144_2a-drivers--net--can--usb--usb_8dev.ko-"
            "entry_point_false-unreach-call.cil.out.i.bpl.bpl")

XMIT_ENTRY = """
procedure xmit_SeqInstr() returns ($r: i32);
  free requires assertsPassed;
  modifies assertsPassed, $M.14, $M.15, $M.16, $M.17, $M.0, $M.18, $M.20, $M.13, $M.21, $M.22, $M.19, $M.12, $M.25, $M.26, $M.11, $M.1, $M.23, $M.24, $M.2, $M.4, $M.3, $M.5, $M.41, $M.42, $M.43, $CurrAddr, $M.10, $M.9;

implementation xmit_SeqInstr() returns ($r: i32)
{
  var p0: ref; var p2: ref; var x: i32;
  start:
    assertsPassed := true;
    call $initialize();
    call p0 := ldv_zalloc(32);
    call p2 := ldv_zalloc(240);
    call ldv_initialize();
    call x := usb_8dev_start_xmit(p2, $M.13);
    call ldv_check_final_state();
    assume !assertsPassed;
    return;
}
"""


def xmit_program(tmp_path, drop_quantified_mem: bool):
    from conftest import corpus_dir
    src = (corpus_dir("ldv-bpl") / USB_8DEV).read_text()
    if drop_quantified_mem:
        src = "\n".join(l for l in src.splitlines()
                        if not l.lstrip().startswith("assume (forall x: ref ::"))
    p = tmp_path / "u8_xmit.bpl"
    p.write_text(src + XMIT_ENTRY)
    return parse_file(str(p))


@pytest.mark.slow
@pytest.mark.corpora("ldv-bpl")
def test_usb_8dev_xmit_leak_is_feasible_without_mem_quantifiers(tmp_path):
    r = verify(xmit_program(tmp_path, True),
               VerifyOptions(entry="xmit_SeqInstr", mode="reach", bound=3, timeout=120))
    assert r.verdict is Verdict.BUG, r


@pytest.mark.slow
@pytest.mark.corpora("ldv-bpl")
@pytest.mark.xfail(strict=True, reason="z3 does not finish an under-approximate query with "
                   "SMACK's quantified $memset/$memcpy contracts on the heap")
def test_usb_8dev_xmit_leak_with_mem_quantifiers(tmp_path):
    r = verify(xmit_program(tmp_path, False),
               VerifyOptions(entry="xmit_SeqInstr", mode="reach", bound=3, timeout=60))
    assert r.verdict is Verdict.BUG, r
