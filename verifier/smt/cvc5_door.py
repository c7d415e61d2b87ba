"""cvc5: the only module that imports it (a rival of z3 on quantifier-free queries with
integer arithmetic, arrays, bit-vectors and floating point, `rival.py`).

Role: answers one SMT-LIB query given as text -- `solve(text)` returns the answer and, on
SAT, the value of every declared constant (nullary function) of a sort z3 can read back
(Booleans, integers, reals, bit-vectors, floating point, rounding modes and arrays of
those; not uninterpreted sorts, whose values cvc5 writes as abstract `@` names).  The
time limit is the caller's (the child process's CPU limit).
"""
from __future__ import annotations

import cvc5


def solve(text: str) -> tuple[str, dict[str, str]]:
    """("sat", values) / ("unsat", {}) / ("unknown", {}) for the SMT-LIB `text` (its
    declarations and assertions; `check-sat` and other commands in it are not run)."""
    tm = cvc5.TermManager()
    solver = cvc5.Solver(tm)
    solver.setOption("produce-models", "true")
    solver.setLogic("ALL")
    symbols = cvc5.SymbolManager(tm)
    parser = cvc5.InputParser(solver, symbols)
    parser.setStringInput(cvc5.InputLanguage.SMT_LIB_2_6, text, "query")
    while True:
        cmd = parser.nextCommand()
        if cmd.isNull():
            break
        if "check-sat" in str(cmd) or "set-logic" in str(cmd):
            continue
        cmd.invoke(solver, symbols)
    r = solver.checkSat()
    if r.isUnsat():
        return "unsat", {}
    if not r.isSat():
        return "unknown", {}
    values = {}
    for t in symbols.getDeclaredTerms():
        s = t.getSort()
        if s.isFunction() or not _readable(s):
            continue
        values[t.getSymbol()] = str(solver.getValue(t))
    return "sat", values


def _readable(sort) -> bool:
    if sort.isBoolean() or sort.isInteger() or sort.isReal() or sort.isBitVector() \
            or sort.isFloatingPoint() or sort.isRoundingMode():
        return True
    if sort.isArray():
        return _readable(sort.getArrayIndexSort()) and _readable(sort.getArrayElementSort())
    return False
