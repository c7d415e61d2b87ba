"""Termination as an assertion: every execution of the entry takes at most `STEPS` steps.

Role: `pycorral svcomp` answers TRUE(valid-memsafety) for a program that allocates heap
memory only when every execution ends where main returns (svcomp/properties.py: the leak
check sits there); a proof of this pass's output says that every execution is finite.

The program gets one integer global, `$pycorral_steps`: the entry's first block sets it to
0, and it goes up by one, followed by `assert {:termination_bound} $pycorral_steps <= STEPS`,

* at the start of every procedure body (a call is a step: recursion), and
* at the start of every block that a retreating edge of a depth-first search from the entry
  block enters -- every cycle of a control-flow graph contains a retreating edge of any
  depth-first search, so every loop iteration, reducible or not, is a step.

Every `assume false` -- where the front ends end a path at abort, exit, a trap or an
unreachable point -- gets `assert {:termination_bound} END_OK` before it (`end_ok`,
default false; the path still ends there): the question is also whether an execution can end there other than in a state the
caller accepts (svcomp_mode.py: no heap memory allocated, so none lost).  Of the other
assertions, those `keep` accepts stay assertions, as `assert e || END_OK` (svcomp_mode.py
keeps the program's own: an execution that fails one ends there), and the rest become
assumptions (assume_assertions.py): the property's checks, whose proof is asked
separately, so that the executions asked about are all executions.  A proof that no
assertion of the result fails (for every bound) means that every execution ends where the
entry returns, or elsewhere in an END_OK state, after at most STEPS steps: an execution
with finitely many calls and loop iterations in acyclic bodies is finite.  STEPS only needs to be finite; a
large one costs nothing to a search that closes its call tree (each open call site havocs
the counter, so the search inlines until none is reachable).

`instrument_steps` returns None (no termination question can be asked this way) when the
entry is itself called (resetting the counter there would forget the steps before) or a
code expression, whose blocks could loop too, occurs in a command.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ..ast import (App, Assert, Assign, Assume, Attr, Attrs, Block, BoolLit, Call, CodeExpr,
                   Expr, ImplementationDecl, IntLit, INT, Op, ProcedureDecl, Program, Var, VarDecl)
from ..visit import cmd_exprs, subexprs
from .assume_assertions import assume_other_assertions
from .loops import dfs_edges

STEPS = 1_000_000
STEPS_VAR = "$pycorral_steps"
BOUND_ATTR = "termination_bound"


def is_step_bound(attrs) -> bool:
    """Whether an assertion's attributes mark it as this pass's step bound."""
    return any(a.name == BOUND_ATTR for a in attrs)


def instrument_steps(p: Program, entry: str, keep: Callable[[Attrs], bool] | None = None,
                     end_ok: Expr | None = None) -> Program | None:
    """`p` with the step counter and its bound, an assertion of `end_ok` (None: false)
    before every `assume false`, the assertions `keep` accepts kept (or `end_ok`) and the others
    assumed (see the module's docstring); None when `entry` is called within `p`."""
    bodies = [d for d in p.decls
              if isinstance(d, (ProcedureDecl, ImplementationDecl)) and d.body is not None]
    cmds = [c for d in bodies for b in d.body.blocks for c in b.cmds]
    if any(isinstance(c, Call) and c.proc == entry for c in cmds):
        return None
    if any(isinstance(x, CodeExpr) for c in cmds for e in cmd_exprs(c) for x in subexprs(e)):
        return None         # a code expression's blocks may loop too
    assert STEPS_VAR not in {getattr(d, "name", None) for d in p.decls}, \
        "the step counter's name is the pass's own"
    ok = BoolLit(False) if end_ok is None else end_ok

    def kept(attrs) -> bool:
        return keep is not None and keep(attrs)
    decls = []
    for d in p.decls:
        if isinstance(d, (ProcedureDecl, ImplementationDecl)) and d.body is not None:
            d = replace(d, body=replace(d.body, blocks=_counted(d.body.blocks,
                                                                d.name == entry, kept, ok)))
        decls.append(d)
    counter = VarDecl(STEPS_VAR, INT)
    return assume_other_assertions(replace(p, decls=(counter, *decls)),
                                   lambda attrs: is_step_bound(attrs) or kept(attrs))


def _counted(blocks: tuple[Block, ...], is_entry: bool, kept: Callable[[Attrs], bool],
             ok: Expr) -> tuple[Block, ...]:
    """The blocks with a step at the body's start and at every retreating edge's target,
    an assertion of `ok` before every end (`assume false`), every kept assertion
    `e || ok`."""
    if not blocks:
        return blocks
    heads = {target for _, target in dfs_edges(blocks)[1]}

    def ended(c) -> tuple:
        if isinstance(c, Assume) and c.expr == BoolLit(False):
            return Assert(ok, (Attr(BOUND_ATTR),), loc=c.loc), c     # the path still ends
        if isinstance(c, Assert) and kept(c.attrs) and ok != BoolLit(False):
            return (replace(c, expr=App(Op.OR, (c.expr, ok))),)
        return (c,)
    out = []
    for i, b in enumerate(blocks):
        cmds = tuple(x for c in b.cmds for x in ended(c))
        if i == 0 or b.label in heads:
            cmds = _step(b) + cmds
        if i == 0 and is_entry:
            cmds = (Assign((Var(STEPS_VAR),), (IntLit(0),), loc=b.loc),) + cmds
        out.append(replace(b, cmds=cmds))
    return tuple(out)


def _step(b: Block) -> tuple:
    count = Var(STEPS_VAR)
    return (Assign((count,), (App(Op.ADD, (count, IntLit(1))),), loc=b.loc),
            Assert(App(Op.LE, (count, IntLit(STEPS))), (Attr(BOUND_ATTR),), loc=b.loc))

