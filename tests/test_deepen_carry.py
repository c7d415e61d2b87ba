"""The bounds of one deepening share what does not depend on the bound (issue 36).

`check --max-bound N` searches the bounds 1, 2, 4, ..., each a fresh search.  On the
ldv-bpl tasks (250-900 KB of Boogie) the preparation and Houdini (up to a quarter of the
budget) were redone at every bound, and every bound's abstraction loop started again from
the error flag alone, re-finding by refinement the typestate globals the bound before had
found.  Now (`corral_loop.Carry`) the preparation and Houdini's summaries are made once,
and each bound starts from the previous bound's tracked globals and call tree.  The bug
must still be found (and re-checked on the concrete program)."""
from __future__ import annotations

from pathlib import Path

import boogie.passes.pipeline as pipeline
import verifier.engine as engine
import verifier.search.houdini as houdini
from boogie.parser import parse_file
from verifier.engine import verify
from verifier.options import VerifyOptions
from verifier.result import Verdict

DATA = Path(__file__).parent / "data" / "deepen_carry"


def _counting(monkeypatch):
    calls = {"prepare": 0, "houdini": 0}
    real_prepare, real_houdini = engine.prepare, houdini.apply_houdini

    def prepare(*a, **k):
        calls["prepare"] += 1
        return real_prepare(*a, **k)

    def apply_houdini(*a, **k):
        calls["houdini"] += 1
        return real_houdini(*a, **k)
    monkeypatch.setattr(engine, "prepare", prepare)
    monkeypatch.setattr(houdini, "apply_houdini", apply_houdini)
    return calls


def _opts(**kw) -> VerifyOptions:
    return VerifyOptions(**{"strategy": "si", "mode": "reach", "entry": "main_SeqInstr",
                            "deepen_to": 4, "timeout": 120, **kw})


def test_bug_at_bound_2_found_with_one_preparation_and_one_houdini(monkeypatch):
    calls = _counting(monkeypatch)
    r = verify(parse_file(DATA / "double_lock_bound2.bpl"), _opts())
    assert r.verdict is Verdict.BUG, r.reason
    assert r.trace is not None and r.trace.steps
    assert r.stats.bounds_tried == (1, 2)
    assert calls == {"prepare": 1, "houdini": 1}
    # bound 1: nothing tracked, then the flag, then `$M.1` (two spurious traces), then
    # bounded; bound 2 starts with those tracked: one search, the real bug (6 without)
    assert r.stats.abstraction_iterations == 4
    assert "$M.9" not in r.stats.tracked


def test_bound_1_alone_has_no_bug():
    r = verify(parse_file(DATA / "double_lock_bound2.bpl"), _opts(deepen_to=None, bound=1))
    assert r.verdict is Verdict.BOUNDED, r.reason
