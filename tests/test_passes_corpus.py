"""The preparation pipeline over the real corpora: every sequential Corral regression file
(entry from its `/main:` flag, else the default) in mode "assert", and the ldv-bpl files in
mode "reach" from `main_SeqInstr`.  Each result must type-check, have loop-free procedure
bodies, no assertions, no contracts on procedures with a body and only free ones on the
others, and a declared entry with a body.
The ldv part is slow (parsing 250-900 KB files) except for the smallest two files."""
from __future__ import annotations


import pytest

from boogie.ast import Assert, ProcedureDecl
from boogie.errors import BoogieError
from boogie.parser import parse_file
from boogie.typecheck import typecheck
from boogie.passes.loops import natural_loops, reachable_blocks
from boogie.passes.pipeline import Prepared, prepare
from conftest import CORPORA, corpus_dir, corpus_rows_missing, corral_rows


def check_prepared(r: Prepared, mode: str) -> None:
    p = r.program
    typecheck(p)
    procs = p.procedures()
    assert r.entry in procs and procs[r.entry].body is not None
    if mode == "assert":
        assert r.error_var in p.global_vars()
        marked = [n for n, d in procs.items() if any(a.name == "entrypoint" for a in d.attrs)]
        assert marked == [r.entry]
    for d in p.decls:
        if not isinstance(d, ProcedureDecl):
            continue
        assert all(c.free for c in d.requires + d.ensures), d.name
        if d.body is None:
            continue
        assert not d.requires and not d.ensures, f"{d.name}: contracts left on a body"
        assert reachable_blocks(d.body.blocks) == d.body.blocks, d.name
        assert natural_loops(d.body.blocks, d.name) == {}, f"{d.name} still has a loop"
        assert not any(type(c) is Assert for b in d.body.blocks for c in b.cmds), d.name


@pytest.mark.corpora("corral")
@pytest.mark.parametrize("row", corral_rows(slow=frozenset()))
def test_corral_sequential(row):
    d = corpus_dir("corral")
    flags = row["corral_flags"].split()
    entry = next((f[len("/main:"):] for f in flags if f.startswith("/main:")), None)
    assert_var = next((f[len("/assertVar:"):] for f in flags if f.startswith("/assertVar:")),
                      None)
    r = prepare(parse_file(d / row["file"]), entry, mode="assert", error_var=assert_var)
    check_prepared(r, "assert")
    assert r.assert_var == assert_var


@pytest.mark.corpora("corral")
def test_corral_count():
    corpus_dir("corral")
    assert len(corral_rows()) == 45


def _ldv_files():
    d = CORPORA / "ldv-bpl"
    if not d.is_dir():
        return corpus_rows_missing("ldv-bpl")
    files = sorted(d.glob("*.bpl"), key=lambda f: f.stat().st_size)
    return [pytest.param(f, id=f.name[:70], marks=() if i < 2 else pytest.mark.slow)
            for i, f in enumerate(files)]


@pytest.mark.corpora("ldv-bpl")
@pytest.mark.parametrize("path", _ldv_files())
def test_ldv_reach(path):
    p = parse_file(path)
    if "main_SeqInstr" not in p.procedures():
        # The vivi task is a Corral dump without main_SeqInstr (its `main` has no body and
        # ten procedures are marked {:entrypoint}): rejected with a diagnostic.
        with pytest.raises(BoogieError) as exc:
            prepare(p, "main_SeqInstr", mode="reach")
        assert exc.value.first.code == "undeclared"
        return
    r = prepare(p, "main_SeqInstr", mode="reach")
    check_prepared(r, "reach")
    assert r.error_var is None and r.entry == "main_SeqInstr"
