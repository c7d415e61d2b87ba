"""VC templates kept across the abstraction loop's rounds (`verifier/template_cache.py`,
option `reuse_templates`, ablation `--ablate reuse_templates`).

* the key: a procedure an abstraction leaves as it was keeps its key; one whose callee
  reads a newly tracked global (its interface grows) or whose own body changes does not;
* a template taken from the cache is the one a fresh build gives (same blocks, call sites,
  interface sizes and formula size);
* differential: on every program whose abstraction loop refines (the abstraction tests, the
  refining sequential Corral regressions) the verdict is the same with and without reuse,
  and over them all at least one template is reused.
"""
from __future__ import annotations

import pytest

from boogie.parser import parse_program
from boogie.passes.abstract import abstract_globals
from boogie.passes.modifies import infer_modifies
from boogie.typecheck import typecheck
from cases import read_case
from conftest import CORPORA
from test_tree_reuse import ABS, CORRAL, _corral_rows, _load
from verifier.corral_flags import parse_corral_flags
from verifier.engine import verify
from verifier.options import VerifyOptions
from verifier.result import Verdict
from verifier.template_cache import TemplateCache, template_key
from verifier.vc import ProgramInfo

SRC = """
var a: int;
var b: int;
var c: int;
procedure leaf() modifies c; { c := c + 1; }
procedure reads_b() returns (r: int) { r := b; }
procedure mid() modifies c; { var x: int; call leaf(); call x := reads_b(); }
procedure {:entrypoint} main() modifies a, c; {
  a := 1; call mid(); assert a == 1;
}
"""


def _prog():
    p = infer_modifies(parse_program(SRC))
    typecheck(p)
    return p


def test_key_follows_what_the_template_reads():
    p = _prog()
    k1 = ProgramInfo(abstract_globals(p, {"a", "c"}))
    k2 = ProgramInfo(abstract_globals(p, {"a", "b", "c"}))
    # leaf mentions only c, tracked in both: the same key
    assert template_key(k1, "leaf") == template_key(k2, "leaf")
    # reads_b's body reads b: abstracted away in the first, kept in the second
    assert template_key(k1, "reads_b") != template_key(k2, "reads_b")
    # mid's body is the same, but its callee now reads b: its call site passes b
    assert template_key(k1, "mid") != template_key(k2, "mid")


def test_a_cached_template_is_the_fresh_one():
    p = _prog()
    cache = TemplateCache()
    s1, g1 = cache.open_solver(abstract_globals(p, {"a", "c"}))
    s2, g2 = cache.open_solver(abstract_globals(p, {"a", "b", "c"}))
    assert s2.context is s1.context
    t1, t2 = g1.template("leaf"), g2.template("leaf")
    assert t2 is t1 and cache.reused == 1
    assert g2.template("mid") is not g1.template("mid")
    # a solver of its own (no cache) builds an equal template: same shape and size
    from verifier.refine import open_solver
    _, g3 = open_solver(abstract_globals(p, {"a", "b", "c"}))
    t3 = g3.template("leaf")
    assert (t3.order, list(t3.gins), list(t3.gouts), len(t3.internals)) == \
        (t1.order, list(t1.gins), list(t1.gouts), len(t1.internals))
    assert len(str(t3.defs)) == len(str(t1.defs))


def _both(prog, **kw):
    on = verify(prog, VerifyOptions(timeout=60, strategy="si", **kw))
    off = verify(prog, VerifyOptions(timeout=60, strategy="si", reuse_templates=False, **kw))
    assert on.verdict is off.verdict, (on.verdict, on.reason, off.verdict, off.reason)
    assert on.verdict is not Verdict.UNKNOWN, on.reason
    assert off.stats.reused_templates is None
    return on


def test_reuse_keeps_verdicts_on_refining_programs():
    reused = 0
    for path in ABS:
        reused += _both(_load(path), **read_case(path).options().verify).stats \
            .reused_templates or 0
    rows = _corral_rows()
    for name in CORRAL:
        flags = [f for f in rows[name]["corral_flags"].split()
                 if f.lower() != "/trackallvars"]
        opts = parse_corral_flags(flags).options
        opts.pop("timeout", None)
        opts.pop("strategy", None)
        r = _both(_load(CORPORA / "corral" / name), **opts)
        want = {Verdict.BUG} if rows[name]["expected"].strip() == "bug" else \
            {Verdict.CORRECT, Verdict.BOUNDED}
        assert r.verdict in want, (name, r.verdict)
        reused += r.stats.reused_templates or 0
    assert reused > 0


@pytest.mark.parametrize("track_all", [True])
def test_no_abstraction_no_cache(track_all):
    r = verify(_prog(), VerifyOptions(timeout=60, strategy="si", track_all=track_all))
    assert r.verdict is Verdict.CORRECT or r.verdict is Verdict.BOUNDED
    assert r.stats.reused_templates is None
