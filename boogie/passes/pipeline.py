"""The program preparation pipeline the verifier runs before stratified inlining.

Turns a parsed Boogie program and an entry procedure into the program the verifier consumes
(Lal & Qadeer, Reachability Modulo Theories, Section 6; CORRAL TR, Section 2): procedures
without loops (loops became tail-recursive procedures, so the recursion bound bounds loop
iterations), no assertions, no contracts on procedures with a body (they became
`assume`/checks in the body) and only free contracts on body-less ones, complete `modifies`
clauses, nothing unreachable from the entry, and an entry whose ability to *return* is the
question:

    [sequentialize: concurrent programs only; single_thread: the others]
                  -> nonlocal_jumps -> specialize_memop_lengths
                  -> unroll_constant_memops -> inline_marked
                  -> infer_modifies -> extract_loops -> instrument_asserts (mode "assert")
                  -> prune_unreachable -> prune_axioms -> remove_dead_code
                  -> eliminate_map_quantifiers -> lower

`lower` leaves only what a solver backend converts term by term (so that Boogie's meaning
lives here, above `verifier/smt/`, and a second backend re-implements none of it):

    desugar_code_exprs -> fold_macros -> axiomatize_recursive_functions

code expressions become quantified disjunctions over their paths, functions defined by an
axiom get that definition as body, and recursive function bodies become axioms; every
function body left is non-recursive and is expanded by the backend at every use.

Mode "assert" (Boogie programs with assertions): the entry becomes the wrapper built by
`instrument_asserts`; bug <=> the wrapper can return.
Mode "reach" (e.g. the ldv-bpl files, whose `main_SeqInstr` already ends in
`assume !assertsPassed`): no instrumentation; any remaining `assert e` is turned into
`assume e` (in this mode only reaching the end of the entry counts), and contracts become
free; bug <=> the entry can return.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from ..ast import Assert, Assume, Call, ImplementationDecl, ProcedureDecl, Program
from ..errors import error
from .asserts import instrument_asserts, precondition_checks
from .axioms import prune_axioms
from .callgraph import prune_unreachable
from .code_exprs import desugar_code_exprs
from .common import (attach_implementations, contracts_to_commands, has_attr,
                     replace_procedures)
from .deadcode import remove_dead_code
from .inline import inline_marked
from .loops import extract_loops
from .macros import fold_macros
from .constant_memops import LONG_LEN, MAX_LEN, unroll_constant_memops
from .memop_lengths import specialize_memop_lengths
from .map_quantifiers import eliminate_map_quantifiers
from .nonlocal_jumps import nonlocal_jumps
from .modifies import infer_modifies
from .recursive_functions import axiomatize_recursive_functions
from .sequentialize import ContextBound, is_concurrent, sequentialize
from .single_thread import single_thread


@dataclass(frozen=True, slots=True)
class Prepared:
    program: Program
    entry: str                      # the procedure whose return is the bug
    error_var: str | None           # the error flag (mode "assert"), None in mode "reach"
    assert_var: str | None = None   # Corral's /assertVar hint, validated, else None
    original_entry: str = ""        # the user's entry procedure


def find_entry(p: Program, entry: str | None = None) -> str:
    """The given name, else the unique `{:entrypoint}` procedure, else `main`."""
    procs = p.procedures()
    if entry is not None:
        if entry not in procs:
            raise error("undeclared", p.loc, f"entry procedure {entry} is not declared")
        return entry
    marked = [n for n, d in procs.items() if has_attr(d.attrs, "entrypoint")]
    for d in p.decls:             # `implementation {:entrypoint} P` marks P too
        if isinstance(d, ImplementationDecl) and has_attr(d.attrs, "entrypoint") \
                and d.name not in marked:
            marked.append(d.name)
    if len(marked) == 1:
        return marked[0]
    if len(marked) > 1:
        raise error("entry", procs[marked[1]].loc,
                    f"several {{:entrypoint}} procedures ({', '.join(marked)}); name one")
    if "main" in procs:
        return "main"
    raise error("entry", p.loc, "no entry procedure: no {:entrypoint} procedure and no main")


def assumes_for_asserts(p: Program) -> Program:
    """Turns every `assert e` into `assume e`, the contracts of procedures with a body into
    `assume`s in the body (see `common.contracts_to_commands`), the non-free requires of
    body-less procedures into `assume`s before their calls, and their contracts into free
    ones."""
    procs = p.procedures()
    new: dict[str, ProcedureDecl] = {}
    for d in p.decls:
        if not isinstance(d, ProcedureDecl):
            continue
        body = d.body
        if body is not None:
            body = replace(body, blocks=tuple(replace(b, cmds=_assumed(b.cmds, procs))
                                              for b in body.blocks))
        d = contracts_to_commands(replace(d, body=body), check=False)
        new[d.name] = replace(d, requires=tuple(replace(r, free=True) for r in d.requires),
                              ensures=tuple(replace(e, free=True) for e in d.ensures))
    return replace_procedures(p, new)


def _assumed(cmds, procs) -> tuple:
    """`assert e` -> `assume e`; before a call to a body-less procedure, its non-free
    requires are assumed (what checking them becomes in this mode)."""
    out = []
    for c in cmds:
        if type(c) is Assert:
            c = Assume(c.expr, c.attrs, loc=c.loc)
        elif type(c) is Call and c.proc in procs and procs[c.proc].body is None:
            out.extend(Assume(a.expr, a.attrs, loc=a.loc)
                       for a in precondition_checks(c, procs[c.proc]))
        out.append(c)
    return tuple(out)


# the passes that only make queries easier (each an exact rewrite): `prepare(skip=...)`
# may leave them out, to measure what each one buys.  `long_memops` is not a pass of its
# own: left out, memop_lengths and constant_memops stop at constant_memops.MAX_LEN
# elements instead of LONG_LEN (the chained store equations of long memsets)
OPTIONAL_PASSES = ("memop_lengths", "constant_memops", "map_quantifiers", "long_memops")


def prepare(p: Program, entry: str | None = None, *,
            mode: Literal["assert", "reach"] = "assert", error_var: str | None = None,
            inline: bool = True, skip: tuple[str, ...] = (),
            context: ContextBound | None = None) -> Prepared:
    """Runs the pipeline; raises BoogieError on input it cannot handle, Unsupported on
    input it cannot model (a code expression with too many paths).  `skip`: names in
    OPTIONAL_PASSES left out.  A concurrent program (`async call`, `yield`) is first
    sequentialized with `context` (default: Corral's K = 2; `sequentialize.py`)."""
    if mode not in ("assert", "reach"):
        raise ValueError(f"unknown mode {mode!r}")
    assert set(skip) <= set(OPTIONAL_PASSES), f"not an optional pass: {skip}"
    name = find_entry(p, entry)
    p = attach_implementations(p)
    if is_concurrent(p):
        p = sequentialize(p, name, context or ContextBound())
    else:
        p = single_thread(p)
    p = nonlocal_jumps(p, name)
    longest = MAX_LEN if "long_memops" in skip else LONG_LEN
    if "memop_lengths" not in skip:
        p = specialize_memop_lengths(p, longest)
    if "constant_memops" not in skip:
        p = unroll_constant_memops(p, longest)
    if inline:
        p = inline_marked(p)
    p = infer_modifies(p)
    p = extract_loops(p)
    flag = assert_var = None
    start = name
    if mode == "assert":
        inst = instrument_asserts(p, name, error_var)
        p, start, flag, assert_var = inst.program, inst.entry, inst.error_var, inst.assert_var
    else:
        p = assumes_for_asserts(p)
    p = prune_unreachable(p, start)
    p = prune_axioms(p)
    p = remove_dead_code(p)
    if "map_quantifiers" not in skip:
        p = eliminate_map_quantifiers(p)
    p = lower(p)
    return Prepared(p, start, flag, assert_var, name)


def lower(p: Program) -> Program:
    """Turns `p` into a program without code expressions, whose axiom-defined functions
    have bodies and whose function bodies are non-recursive (see the module docstring):
    what `verifier.smt.factory.open_solver` expects."""
    return axiomatize_recursive_functions(fold_macros(desugar_code_exprs(p)))
