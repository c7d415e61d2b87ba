"""boogie/passes/assume_assertions.py: only the kept assertions stay checks; the others
(and contracts) become assumptions; verdicts follow (the program's own failing assertion
is no bug once assumed, a kept property check still fails)."""
from __future__ import annotations

from boogie.ast import Assert, Assume, ProcedureDecl
from boogie.parser import parse_program
from boogie.passes.assume_assertions import assume_other_assertions
from boogie.typecheck import typecheck
from frontend.properties import property_of
from verifier.engine import verify
from verifier.options import VerifyOptions

TEXT = """
procedure {:entrypoint} main(x: int)
  requires x > 0;
{
  assert x != 7;
  assert {:property "overflow", "arithmetic overflow", "main.overflow.1"} x < 100;
  call f(x);
}
procedure f(y: int) requires y > 0; ensures true;
{ assert y != 3; }
"""


def _cmds(p):
    return [c for d in p.decls if isinstance(d, ProcedureDecl) and d.body is not None
            for b in d.body.blocks for c in b.cmds]


def _keep_properties(attrs):
    return property_of(attrs) is not None


def test_only_kept_assertions_remain():
    p = parse_program(TEXT)
    out = assume_other_assertions(p, _keep_properties)
    typecheck(out)
    asserts = [c for c in _cmds(out) if isinstance(c, Assert)]
    assert [property_of(c.attrs)[2] for c in asserts] == ["main.overflow.1"]
    assert sum(isinstance(c, Assume) for c in _cmds(out)) >= 2
    assert all(r.free for d in out.decls if isinstance(d, ProcedureDecl)
               for r in d.requires + d.ensures)
    assert assume_other_assertions(out, _keep_properties) is out       # nothing left


def test_verdicts_follow():
    opts = VerifyOptions(strategy="si", bound=1)
    assert verify(parse_program(TEXT), opts).verdict.value == "bug"
    kept = assume_other_assertions(parse_program(TEXT), _keep_properties)
    r = verify(kept, opts)
    assert r.verdict.value == "bug" and r.trace.violation.id == "main.overflow.1"
    none = assume_other_assertions(parse_program(TEXT), lambda attrs: False)
    assert verify(none, opts).verdict.value in ("correct", "bounded")
