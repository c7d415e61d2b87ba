"""Golden tests for the program transformations in boogie/passes/.

Each tests/data/passes/<pass>/<case>.bpl is parsed, run through <pass>, printed, and compared
with <case>.expected.bpl (`pytest --update-golden` rewrites those files; review the diff).
Header comments configure a case: `// ENTRY: name`, `// MODE: reach`, `// ASSERT_VAR: x`,
and `// ERROR: code` for input the pass must reject with that diagnostic code (read by
tests/cases.py).
Every output must type-check (modifies clauses included) and re-parse to the same text.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from boogie.errors import BoogieError, Unsupported
from boogie.parser import parse_program
from boogie.printer import format_program
from boogie.typecheck import typecheck
from boogie.passes.asserts import instrument_asserts
from boogie.passes.callgraph import prune_unreachable
from boogie.passes.code_exprs import desugar_code_exprs
from boogie.passes.deadcode import remove_dead_code
from boogie.passes.common import attach_implementations
from boogie.passes.inline import inline_marked
from boogie.passes.loops import extract_loops
from boogie.passes.macros import fold_macros
from boogie.passes.constant_memops import unroll_constant_memops
from boogie.passes.memop_lengths import specialize_memop_lengths
from boogie.passes.map_quantifiers import eliminate_map_quantifiers
from boogie.passes.modifies import infer_modifies
from boogie.passes.pipeline import prepare
from boogie.passes.recursive_functions import axiomatize_recursive_functions

from cases import read_case

DATA = Path(__file__).resolve().parent / "data" / "passes"

PASSES = {
    "callgraph": lambda p, h: prune_unreachable(p, h.get("ENTRY", "main")),
    "modifies": lambda p, h: infer_modifies(p),
    "inline": lambda p, h: inline_marked(p),
    "loops": lambda p, h: extract_loops(p),
    "asserts": lambda p, h: instrument_asserts(p, h.get("ENTRY", "main"),
                                               h.get("ASSERT_VAR")).program,
    "deadcode": lambda p, h: remove_dead_code(p),
    "code_exprs": lambda p, h: desugar_code_exprs(p),
    "macros": lambda p, h: fold_macros(p),
    "map_quantifiers": lambda p, h: eliminate_map_quantifiers(attach_implementations(p),
                                                             lambdas=True),
    "constant_memops": lambda p, h: unroll_constant_memops(attach_implementations(p)),
    "memop_lengths": lambda p, h: specialize_memop_lengths(attach_implementations(p)),
    "recursive_functions": lambda p, h: axiomatize_recursive_functions(p),
    "pipeline": lambda p, h: prepare(p, h.get("ENTRY"), mode=h.get("MODE", "assert"),
                                     error_var=h.get("ASSERT_VAR")).program,
}


def _cases():
    return [pytest.param(path, id=f"{path.parent.name}/{path.stem}")
            for path in sorted(DATA.glob("*/*.bpl")) if not path.name.endswith(".expected.bpl")]


@pytest.mark.parametrize("path", _cases())
def test_golden(path: Path, update_golden: bool):
    text = path.read_text()
    headers = read_case(path)
    run = PASSES[path.parent.name]
    program = parse_program(text, path.name)
    if headers.get("ERROR") == "unsupported" and path.parent.name == "code_exprs":
        with pytest.raises(Unsupported):      # not bad input: the verdict is UNKNOWN
            run(program, headers)
        return
    if headers.get("ERROR"):
        with pytest.raises(BoogieError) as exc:
            run(program, headers)
        assert exc.value.first.code == headers.get("ERROR")
        assert exc.value.first.loc.line > 0, "diagnostics must carry a location"
        return
    result = run(program, headers)
    typecheck(result)
    printed = format_program(result)
    # (Attributes on assignments have no concrete syntax, so compare printed forms.)
    assert format_program(parse_program(printed, "printed")) == printed
    expected = path.with_name(path.stem + ".expected.bpl")
    if update_golden or not expected.exists():
        expected.write_text(printed)
        if not update_golden:
            pytest.fail(f"{expected.name} was missing and has been written; review it")
    assert printed == expected.read_text()
