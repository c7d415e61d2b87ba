"""boogie/passes/termination.py: every execution takes at most STEPS steps, as an assertion.

* The instrumented program: the counter reset at the entry, a step (increment and bound)
  at every body's start and at every block a retreating edge enters -- irreducible loops
  included --, every `assume false` (abort, exit) asserted, the assertions `keep` accepts
  kept and the others assumed; no question when the entry is called.
* Proofs: a loop of 5 iterations and a recursion of depth 3 are proved finite by the bug
  search and by the prover; an endless loop, and a loop bounded only by an input, are not
  (the step bound is a real bound: no proof of a program that can take more steps).
"""
from __future__ import annotations

import pytest

from boogie.ast import Assert, Assume
from boogie.parser import parse_program
from boogie.passes.termination import STEPS_VAR, instrument_steps, is_step_bound

LOOP = """var g: int;
procedure f(n: int) modifies g; { entry: g := n; return; }
procedure {:entrypoint} main() modifies g; { var i: int; var n: int;
  a: i := 0; goto h;
  h: goto body, out;
  body: assume i < LIM; assert i >= 0; call f(i); i := i + STEP; goto h;
  out: assume i >= LIM; return; }
"""
RECURSION = """procedure r(n: int) { entry: goto go, stop;
  go: assume n > 0; call r(n - 1); return;  stop: assume n <= 0; return; }
procedure {:entrypoint} main() { entry: call r(3); return; }
"""
# two entries into one cycle (a <-> b): no natural loop; a retreating edge all the same
IRREDUCIBLE = """procedure {:entrypoint} main() { var x: int;
  entry: goto a, b;
  a: x := x + 1; goto b;
  b: x := x - 1; goto a;
}
"""


def _steps_at(prog, proc: str) -> list[str]:
    """The labels of `proc`'s blocks that take a step."""
    d = next(d for d in prog.decls if getattr(d, "name", None) == proc and
             getattr(d, "body", None) is not None)
    return [b.label for b in d.body.blocks
            if any(isinstance(c, Assert) and is_step_bound(c.attrs) for c in b.cmds)]


def test_the_instrumented_program():
    given = parse_program(LOOP.replace("LIM", "5").replace("STEP", "1"))
    p = instrument_steps(given, "main")
    assert _steps_at(p, "main") == ["a", "h"] and _steps_at(p, "f") == ["entry"]

    def cmds(prog):
        main = next(d for d in prog.decls if getattr(d, "name", None) == "main")
        return [c for b in main.body.blocks for c in b.cmds]
    assert cmds(p)[0].lhs[0].name == STEPS_VAR             # the reset comes first
    assert not [c for c in cmds(p) if isinstance(c, Assert) and not is_step_bound(c.attrs)]
    assumes = [c for c in cmds(p) if isinstance(c, Assume)]
    own = [c for c in cmds(given) if isinstance(c, Assert)]
    assert len(own) == 1 and own[0].expr in [c.expr for c in assumes]   # i >= 0 assumed


def test_an_end_at_abort_is_asserted_unreachable_and_kept_assertions_stay():
    from boogie.ast import BoolLit
    text = """procedure {:entrypoint} main() { var x: int;
      entry: assert {:mine} x > 0; assert x > 1; goto ok, stop;
      ok: assume x > 2; return;  stop: assume {:exit "abort"} false; return; }"""
    p = instrument_steps(parse_program(text), "main",
                         keep=lambda attrs: any(a.name == "mine" for a in attrs))
    main = next(d for d in p.decls if getattr(d, "name", None) == "main")
    asserts = [c for b in main.body.blocks for c in b.cmds if isinstance(c, Assert)]
    assert any(c.expr == BoolLit(False) and is_step_bound(c.attrs) for c in asserts)
    assert [c for c in asserts if not is_step_bound(c.attrs)][0].attrs[0].name == "mine"
    assert len(asserts) == 3        # the entry's step, the kept one, abort (`x > 1` assumed)
    stop = next(b for b in main.body.blocks if b.label == "stop")
    assert [type(c).__name__ for c in stop.cmds] == ["Assert", "Assume"]   # still ends


def test_an_end_in_an_accepted_state():
    from boogie.ast import App, Op
    from boogie.parser import parse_expr
    text = """var live: int;
    procedure {:entrypoint} main() { var x: int;
      entry: assert {:mine} x > 0; goto ok, stop;
      ok: return;  stop: assume false; return; }"""
    live = parse_expr("live == 0")
    p = instrument_steps(parse_program(text), "main",
                         keep=lambda attrs: any(a.name == "mine" for a in attrs), end_ok=live)
    main = next(d for d in p.decls if getattr(d, "name", None) == "main")
    asserts = [c for b in main.body.blocks for c in b.cmds if isinstance(c, Assert)]
    mine = [c for c in asserts if not is_step_bound(c.attrs)]
    assert len(mine) == 1 and mine[0].expr == App(Op.OR, (parse_expr("x > 0"), live))
    assert [c.expr for c in asserts if is_step_bound(c.attrs)][-1] == live   # the end


def test_every_cycle_of_an_irreducible_graph_takes_a_step():
    p = instrument_steps(parse_program(IRREDUCIBLE), "main")
    steps = _steps_at(p, "main")
    assert "entry" in steps and ("a" in steps or "b" in steps)


def test_no_question_when_the_entry_is_called():
    text = "procedure {:entrypoint} main() { entry: call helper(); return; }\n" \
           "procedure helper() { entry: call main(); return; }\n"
    assert instrument_steps(parse_program(text), "main") is None


@pytest.mark.parametrize("strategy", ["si", "chc"])
@pytest.mark.parametrize("text,finite", [
    (LOOP.replace("LIM", "5").replace("STEP", "1"), True),
    (RECURSION, True),
    (LOOP.replace("LIM", "5").replace("STEP", "0"), False),     # never leaves the loop
    (LOOP.replace("LIM", "n").replace("STEP", "1"), False),     # n > STEPS iterations
], ids=["loop5", "recursion3", "endless", "input_bound"])
def test_proofs(text, finite, strategy):
    from verifier.engine import verify
    from verifier.options import VerifyOptions
    from verifier.result import Verdict
    p = instrument_steps(parse_program(text), "main")
    r = verify(p, VerifyOptions(entry="main", strategy=strategy, bound=16,
                                work_budget=5.0))
    if finite:
        assert r.verdict is Verdict.CORRECT, r.reason
    else:
        assert r.verdict is not Verdict.CORRECT, r.reason
