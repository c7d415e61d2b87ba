"""Bitwuzla: the only module that imports it (a rival of z3 on quantifier-free bit-vector and
floating-point queries, `rival.py`).

Role: answers one SMT-LIB query given as text -- `solve(text)` returns the answer and, on
SAT, the value of every declared constant (nullary function) as SMT-LIB text, which z3 can
read back (`rival.py` pins z3's model to them).  Bitwuzla has no integer arithmetic: a query
with `Int` fails to parse here, and the caller picks cvc5 for it (`rival.pick`).  The time
limit is the caller's (the child process's CPU limit), not Bitwuzla's own wall-clock one.
"""
from __future__ import annotations

import bitwuzla as bz


def solve(text: str) -> tuple[str, dict[str, str]]:
    """("sat", values) / ("unsat", {}) / ("unknown", {}) for the SMT-LIB `text` (its
    declarations and assertions; `check-sat` and other commands in it are not run)."""
    tm = bz.TermManager()
    opts = bz.Options()
    opts.set(bz.Option.PRODUCE_MODELS, True)
    parser = bz.Parser(tm, opts)
    parser.parse(text, True, False)          # parse only, from the string
    solver = parser.bitwuzla()
    r = solver.check_sat()
    if r == bz.Result.UNSAT:
        return "unsat", {}
    if r != bz.Result.SAT:
        return "unknown", {}
    values = {}
    for t in parser.get_declared_funs():
        if t.sort().is_fun():
            continue
        values[t.symbol()] = solver.get_value(t).str()
    return "sat", values
