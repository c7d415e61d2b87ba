"""The run's one deadline (verifier/deadline.py): made once, derived by `share`, `minus`
and `earlier`, read by `left`; the engine's doors start it from a relative `timeout`
only when none is given; the deepening's `retry` hook searches a bound again on another
program (SV-COMP mode's switch to bit-vectors)."""
from __future__ import annotations

import pickle
import time
from dataclasses import replace

from verifier.deadline import MIN_SLICE_S, NO_DEADLINE, Deadline
from verifier.search.deepening import deepen
from verifier.options import VerifyOptions
from verifier.result import Result, Trace, UnknownKind, Verdict
from verifier.stats import Stats


def test_no_deadline_is_unlimited():
    assert NO_DEADLINE.unlimited and NO_DEADLINE.left() is None
    assert not NO_DEADLINE.expired()
    assert NO_DEADLINE.share(3) is NO_DEADLINE and NO_DEADLINE.minus(1.0) is NO_DEADLINE
    assert Deadline.after(None) is NO_DEADLINE and Deadline.of(None) is NO_DEADLINE


def test_derived_deadlines():
    d = Deadline.after(10.0)
    assert 9.5 < d.left() <= 10.0 and not d.expired()
    assert 2.4 < d.share(4).left() <= 2.5
    assert 8.5 < d.minus(1.0).left() <= 9.0
    assert d.earlier(d.minus(1.0)) == d.minus(1.0) or d.earlier(d.minus(1.0)).at < d.at
    assert d.earlier(NO_DEADLINE) is d and NO_DEADLINE.earlier(d) is d
    assert Deadline.of(d.at) == d and Deadline.of(d) is d
    # a part that must end before its parent still gets a moment to start and stop
    short = Deadline.after(0.1).minus(5.0)
    assert 0 < short.left() <= MIN_SLICE_S
    assert Deadline(time.monotonic() - 1).expired() and Deadline(time.monotonic() - 1).left() == 0
    assert pickle.loads(pickle.dumps(d)) == d       # a portfolio member receives it


def test_the_engine_door_starts_the_deadline_once():
    opts = VerifyOptions(timeout=5.0)
    assert opts.deadline.unlimited                  # options compare as given
    started = opts.started()
    assert 4.5 < started.deadline.left() <= 5.0
    assert started.started() is started              # never re-derived
    given = VerifyOptions(timeout=5.0, deadline=Deadline.after(100.0))
    assert given.started() is given
    assert VerifyOptions().started().deadline.unlimited


def test_deepening_retries_a_bound_on_another_program():
    """An unconfirmed bug through an over-approximation at bound 2: `retry` gives the
    exact program, bound 2 is searched again on it, and the deepening goes on."""
    seen: list[tuple[str, int]] = []
    notes: list[tuple[int, str]] = []

    def run(program, opts):
        seen.append((program, opts.bound))
        if program == "int" and opts.bound == 2:
            r = Result(Verdict.UNKNOWN, "over", kind=UnknownKind.OVER_APPROXIMATION)
        elif program == "bv" and opts.bound == 4:
            r = Result(Verdict.BUG, "", trace=Trace(steps=()))
        else:
            r = Result(Verdict.BOUNDED, "b")
        return replace(r, stats=Stats(bound=opts.bound))

    r = deepen("int", VerifyOptions(deepen_to=8), run, retry=lambda res: "bv",
               note=lambda b, res: notes.append((b, res.verdict.value)))
    assert r.verdict is Verdict.BUG
    assert seen == [("int", 1), ("int", 2), ("bv", 2), ("bv", 4)]
    assert notes == [(1, "bounded"), (2, "unknown"), (2, "bounded"), (4, "bug")]
    assert r.stats.bounds_tried == (1, 2, 4)


def test_deepening_without_a_retry_keeps_the_bound_searched():
    def run(program, opts):
        r = Result(Verdict.UNKNOWN, "over", kind=UnknownKind.OVER_APPROXIMATION) \
            if opts.bound == 2 else Result(Verdict.BOUNDED, "b")
        return replace(r, stats=Stats(bound=opts.bound))

    r = deepen("int", VerifyOptions(deepen_to=8), run, retry=lambda res: None)
    assert r.verdict is Verdict.BOUNDED and r.stats.bound == 1
