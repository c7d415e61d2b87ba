"""verifier/smt/z3context.py: a dead z3 context is freed by z3 only at the next
`new_context`, after the garbage collection that finalized it has released its terms.

A solver's terms sit in reference cycles (a call tree's instances point at their parent
and children), so the cyclic collector frees a solver as a whole and runs every finalizer
first (PEP 442): freeing the context there met terms that still held references, and z3's
teardown of leaked terms took 2.4-2.7 s CPU per refinement solver on the ldv task pt.
"""
from __future__ import annotations

import gc
import time

import z3

from verifier.smt import z3context as Z


def _cycle_with_terms(n: int) -> None:
    """A context whose terms are reachable only through a reference cycle."""
    ctx = Z.new_context()
    x = z3.Int("x", ctx)
    s = z3.Solver(ctx=ctx)
    terms = [x + i for i in range(n)]
    s.add(*[t > 0 for t in terms])
    holder: dict = {"terms": terms, "solver": s, "ctx": ctx}
    holder["self"] = holder


def test_a_context_in_a_cycle_is_freed_at_the_next_new_context():
    gc.collect()
    Z._free_dead()
    _cycle_with_terms(100)
    assert not Z._DEAD_CONTEXTS        # the cycle keeps it alive
    gc.collect()
    assert len(Z._DEAD_CONTEXTS) == 1  # finalized, not yet freed by z3
    dead = Z._DEAD_CONTEXTS[0]
    assert dead.ctx is not None and dead not in Z._LIVE_CONTEXTS
    fresh = Z.new_context()
    assert dead.ctx is None            # freed by z3 now
    assert not Z._DEAD_CONTEXTS
    assert z3.Int("y", fresh).sexpr() == "y"


def test_the_deferred_free_is_quick_after_many_terms():
    """The terms are released before z3 frees the context: no teardown of leaked terms
    (which grows with their number)."""
    gc.collect()
    Z._free_dead()
    _cycle_with_terms(50_000)
    gc.collect()
    (dead,) = Z._DEAD_CONTEXTS
    c0 = time.process_time()
    Z._free_dead()
    assert dead.ctx is None
    assert time.process_time() - c0 < 0.5
