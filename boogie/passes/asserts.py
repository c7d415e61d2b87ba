"""Assertion instrumentation: assertions become an error flag, and the question becomes
"can the wrapper return?".

Turns a program with `assert`s and contracts, checked from an entry procedure, into an
assertion-free program posing a plain reachability question (Lal & Qadeer, Reachability
Modulo Theories, Section 6; CORRAL TR, Section 4.2):

* a fresh global `bool` error flag;
* `assert e` becomes `error := !e; if (error) return;` (the assignment keeps the assert's
  attributes and location, so a trace can name the failing assertion); `if` is spelled with
  blocks: `goto Fail, Ok; Fail: assume error; return; Ok: assume !error; ...`;
* after each call to a procedure that can (transitively) set the flag: `if (error) return;`;
* a non-free `requires` of a called procedure is checked as an assertion before each call;
  the contract of a procedure with a body becomes commands of that body: its requires are
  assumed on entry, its non-free ensures checked as assertions at each (normal) return and
  its free ensures assumed there; such procedures are left without contracts (so nothing is
  assumed about an error-flag return).  Body-less procedures keep their contracts, all
  marked `free`: callers assume their ensures after havocking outputs and `modifies`; their
  requires were checked at the call sites and mean nothing more (as in Boogie);
* every procedure that can set the flag gets it in `modifies`;
* a new `{:entrypoint}` wrapper (the only one) with no parameters: `error := false`, havoc
  the entry's inputs, assume all the entry's requires (free or not: the precondition is the
  environment), call the entry, `assume error`, return.

After this pass: the original program has a failing assertion ⇔ the wrapper can return.

`assert_var` is Corral's `/assertVar:X` (`/assertVarIsInt`): in Corral it only names the
program's own error indicator for the forward/backward search heuristic (its instrumentation
always creates its own flag), so here it is validated (a global `int` or `bool`) and passed
on as `Instrumented.assert_var`; the verdict is defined by the assertions alone.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from ..ast import (App, Assert, Assign, Assume, Attr, Block, BoolLit, BoolType, Body, Call,
                   Cmd, Expr, Goto, Havoc, IntType, NamedType, Op, ProcedureDecl, Program,
                   Return, TypeDecl, Var, VarDecl)
from ..errors import error
from ..visit import substitute
from .common import (Namer, attach_implementations, block_labels, contracts_to_commands,
                     eliminate_old, program_names, replace_procedures, without_attr)

ERROR_FLAG = "pycorral_error"
WRAPPER = "pycorral_main"


@dataclass(frozen=True, slots=True)
class Instrumented:
    program: Program
    entry: str                 # the wrapper procedure: bug <=> it can return
    error_var: str             # the fresh global bool flag
    assert_var: str | None = None   # Corral's /assertVar (a search hint, see module doc)


def _trivial(e: Expr) -> bool:
    return type(e) is BoolLit and e.value is True


def _not(e: Expr) -> Expr:
    if type(e) is BoolLit:
        return BoolLit(not e.value, loc=e.loc)
    return App(Op.NOT, (e,), loc=e.loc)


def instrument_asserts(p: Program, entry: str, error_var: str | None = None) -> Instrumented:
    """Turns `p` (checked from `entry`) into the error-flag program with a wrapper."""
    p = attach_implementations(p)
    procs = p.procedures()
    if entry not in procs:
        raise error("undeclared", p.loc, f"entry procedure {entry} is not declared")
    if error_var is not None:
        _check_assert_var(p, error_var)
    names = Namer(program_names(p))
    flag = names.fresh(ERROR_FLAG)
    wrapper = names.fresh(WRAPPER)
    checked = {n: _with_contract_checks(d, procs) for n, d in procs.items() if d.body is not None}
    setters = _error_setters(checked, procs)
    new: dict[str, ProcedureDecl] = {}
    for n, d in procs.items():
        if n in checked:
            d = replace(checked[n], body=_split(checked[n].body, flag, setters))
            if n in setters and flag not in d.modifies:
                d = replace(d, modifies=d.modifies + (flag,))
        d = replace(d, attrs=without_attr(d.attrs, "entrypoint"),
                    requires=tuple(replace(r, free=True) for r in d.requires),
                    ensures=tuple(replace(e, free=True) for e in d.ensures))
        new[n] = d
    wrap = _wrapper(procs[entry], wrapper, flag, names, p)
    flag_decl = VarDecl(flag, BoolType(), loc=procs[entry].loc)
    out = replace_procedures(p, new, [flag_decl, wrap])
    return Instrumented(out, wrapper, flag, error_var)


def _check_assert_var(p: Program, name: str) -> None:
    g = p.global_vars().get(name)
    if g is None:
        raise error("undeclared", p.loc, f"assertion variable {name} is not a global variable")
    types = {d.name: d for d in p.decls if isinstance(d, TypeDecl)}
    t = g.type
    while isinstance(t, NamedType) and t.name in types and types[t.name].synonym is not None:
        t = types[t.name].synonym
    if not isinstance(t, (IntType, BoolType)):
        raise error("type", g.loc, f"assertion variable {name} must be int or bool")


# ----------------------------------------------------------------------------- contracts

def _with_contract_checks(d: ProcedureDecl, procs: dict[str, ProcedureDecl]) -> ProcedureDecl:
    """Phase 1: callee preconditions as asserts before calls, own postconditions as asserts
    before each return."""
    blocks = []
    changed = False
    for b in d.body.blocks:
        cmds: list[Cmd] = []
        for c in b.cmds:
            if type(c) is Call and c.proc in procs:
                pre = precondition_checks(c, procs[c.proc])
                changed |= bool(pre)
                cmds.extend(pre)
            cmds.append(c)
        blocks.append(replace(b, cmds=tuple(cmds)) if len(cmds) != len(b.cmds) else b)
    if changed:
        d = replace(d, body=replace(d.body, blocks=tuple(blocks)))
    return contracts_to_commands(d, check=True)


def precondition_checks(c: Call, q: ProcedureDecl) -> list[Cmd]:
    """`assert`s of q's non-free requires for the call `c` (arguments substituted)."""
    reqs = [r for r in q.requires if not r.free and not _trivial(r.expr)]
    if not reqs:
        return []
    if len(c.args) != len(q.params):
        raise error("type", c.loc, f"call to {q.name} has the wrong number of arguments")
    mapping = {v.name: a for v, a in zip(q.params, c.args)}
    out: list[Cmd] = []
    for r in reqs:
        # old(...) in a precondition is the state at the call: drop it
        e = substitute(eliminate_old(r.expr, None, lambda n: True), mapping)
        out.append(Assert(e, r.attrs, loc=c.loc if c.loc.line else r.loc))
    return out


def _error_setters(checked: dict[str, ProcedureDecl],
                   procs: dict[str, ProcedureDecl]) -> set[str]:
    """Procedures whose execution can set the flag: they (after phase 1) contain an
    assertion, or call one that can."""
    setters = {n for n, d in checked.items()
               if any(type(c) is Assert and not _trivial(c.expr)
                      for b in d.body.blocks for c in b.cmds)}
    callers: dict[str, set[str]] = {}
    for n, d in checked.items():
        for b in d.body.blocks:
            for c in b.cmds:
                if type(c) is Call:
                    callers.setdefault(c.proc, set()).add(n)
    work = list(setters)
    while work:
        q = work.pop()
        for n in callers.get(q, ()):
            if n not in setters:
                setters.add(n)
                work.append(n)
    return setters


# ----------------------------------------------------------------------------- splitting

def _split(body: Body, flag: str, setters: set[str]) -> Body:
    """Phase 2: `assert e` -> `flag := !e; if (flag) return;`, and `if (flag) return;`
    after calls to procedures that can set the flag."""
    labels = Namer(block_labels(body.blocks))
    fail = labels.fresh("error_return")
    fv = Var(flag)
    out: list[Block] = []
    used_fail = False
    for b in body.blocks:
        label, cmds, loc = b.label, [], b.loc
        for c in b.cmds:
            if type(c) is Assert:
                if _trivial(c.expr):
                    if c.attrs:
                        cmds.append(Assume(c.expr, c.attrs, loc=c.loc))
                    continue
                cmds.append(Assign((Var(flag, loc=c.loc),), (_not(c.expr),), c.attrs,
                                   loc=c.loc))
            else:
                cmds.append(c)
                if not (type(c) is Call and c.proc in setters):
                    continue
            cont = labels.fresh(f"{b.label}_ok")
            out.append(Block(label, tuple(cmds), Goto((fail, cont), loc=c.loc), loc=loc))
            used_fail = True
            label, loc = cont, c.loc
            cmds = [Assume(_not(fv), loc=c.loc)]
        out.append(Block(label, tuple(cmds), b.transfer, loc=loc))
    if used_fail:
        out.append(Block(fail, (Assume(fv),), Return()))
    return replace(body, blocks=tuple(out))


# ----------------------------------------------------------------------------- wrapper

def _wrapper(entry: ProcedureDecl, name: str, flag: str, names: Namer,
             p: Program) -> ProcedureDecl:
    loc = entry.loc
    mapping: dict[str, Var] = {}
    locals_: list[VarDecl] = []
    for v in entry.params + entry.returns:
        new = names.fresh(f"{entry.name}_{v.name}")
        mapping[v.name] = Var(new, loc=loc)
        locals_.append(VarDecl(new, v.type, loc=v.loc))
    ins = tuple(mapping[v.name] for v in entry.params)
    cmds: list[Cmd] = [Assign((Var(flag, loc=loc),), (BoolLit(False, loc=loc),), loc=loc)]
    if ins:
        cmds.append(Havoc(tuple(v.name for v in ins), loc=loc))
    for r in entry.requires:
        e = substitute(eliminate_old(r.expr, None, lambda n: True), mapping)
        cmds.append(Assume(e, r.attrs, loc=r.loc))
    cmds.append(Call(entry.name, ins, tuple(mapping[v.name].name for v in entry.returns),
                     loc=loc))
    cmds.append(Assume(Var(flag, loc=loc), loc=loc))
    mods = (flag,) + tuple(g for g in entry.modifies if g != flag)
    body = Body(tuple(locals_), (Block("start", tuple(cmds), Return(loc=loc), loc=loc),), loc=loc)
    return ProcedureDecl(name, (), (), modifies=mods, body=body,
                         attrs=(Attr("entrypoint", (), loc=loc),), loc=loc)
