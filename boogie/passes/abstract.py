"""Variable abstraction: turns a prepared program into one that tracks only some globals.

CORRAL TR (Lal, Qadeer, Lahiri), Section 3, Fig. 3 (`abstract_globals`) and Fig. 5
(`parameterize_globals`, the parameterized form Algorithm 2 needs).  Input: a program after
`boogie.passes.pipeline.prepare` (loop-free bodies, assertions turned into the error flag)
and the set T of tracked globals.  Output: a program with the same procedures, the same
blocks (same labels, same gotos) and the same calls in the same order -- so that a path of
the abstract program is a path of the concrete one -- in which, per command:

* `v := e` with v an untracked global disappears (one pair of a parallel assignment; a
  command left empty becomes `assume true`, keeping its attributes);
* `v := e` where e reads an untracked global: `havoc v`; for a map target `m[i] := e` only
  the element is havocked (`m[i] := t[i]`, t a fresh havocked local of m's type) when the
  indices are tracked, the whole map when an index is not;
* `assume e` over an untracked global: `assume true`; `assert e`: `assert false`;
* `havoc v` of an untracked global disappears;
* call arguments over untracked globals are replaced by fresh havocked locals, call outputs
  that are untracked globals are written into fresh locals instead;
* contracts (requires/ensures, free or not) over untracked globals are dropped: in a
  prepared program every contract is an assumption (non-free checks were instrumented as
  error-flag assignments), so dropping one over-approximates; `modifies` loses the
  untracked globals; their declarations disappear.

The abstract program over-approximates the concrete one (Fig. 3's invariant): every
execution of the concrete program, projected on T, is one of the abstraction.

The parameterized form (Fig. 5) keeps every variable and gives each global v of a chosen set
a Boolean constant b_v; with the constants fixed, it behaves as `abstract_globals` with
T = {v | b_v}.  To keep the blocks unchanged the `if`s of Fig. 5 become expressions:
`v := e` -> `havoc t; v := (if Tracked(e) then e else t)`, `assume e` ->
`assume Tracked(e) ==> e`, `assert e` -> `assert Tracked(e) && e`, where Tracked(e) is the
conjunction of b_v over e's untracked globals.  An untracked variable's own value is never
observed (every read of it is guarded), so its writes are kept as they are.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Iterable, Mapping

from ..ast import (App, Assert, Assign, Assume, Attr, BoolLit, BoolType, Body, Call, Cmd,
                   ConstDecl, Expr, Havoc, Ite, MapSelect, MapStore, Op, ProcedureDecl,
                   Program, Type, Var, VarDecl, Yield)
from ..visit import attr_exprs, free_vars, lhs_root
from .common import Namer, body_vars, program_names

def abstract_globals(p: Program, tracked: Iterable[str]) -> Program:
    """Fig. 3: `p` keeping only the globals in `tracked` (others are abstracted away)."""
    keep = set(tracked)
    flags = {g: (g in keep) for g in p.global_vars()}
    return _Abstraction(p, flags).program()


def parameterize_globals(p: Program, params: Iterable[str],
                         prefix: str = "pycorral_track_") -> tuple[Program, dict[str, str]]:
    """Fig. 5: each global in `params` gets a fresh Boolean constant b_v (returned as
    global -> constant name); the others stay tracked."""
    names = Namer(program_names(p))
    gl = p.global_vars()
    consts = {g: names.fresh(prefix + g) for g in sorted(set(params)) if g in gl}
    flags: dict[str, object] = {g: consts.get(g, True) for g in gl}
    out = _Abstraction(p, flags, names).program()
    decls = tuple(ConstDecl(c, BoolType(), loc=gl[g].loc) for g, c in consts.items())
    return replace(out, decls=out.decls + decls), consts


def _and(parts: list[Expr]) -> Expr:
    e = parts[0]
    for x in parts[1:]:
        e = App(Op.AND, (e, x))
    return e


class _Abstraction:
    """One run of the transformation over a program, with the flags of its globals."""

    def __init__(self, p: Program, flags: Mapping[str, object], names: Namer | None = None):
        self.p = p
        self.flags = flags
        self.gl = p.global_vars()
        self.procs = p.procedures()
        self.names = names or Namer(program_names(p))
        self.concrete = all(isinstance(f, bool) for f in flags.values())

    # --- Tracked(e) for the current procedure's scope
    def tracked(self, e: Expr | None, local: set[str]) -> bool | Expr:
        """True, False, or the condition (conjunction of b_v) under which e is tracked."""
        if e is None:
            return True
        conds: list[Expr] = []
        for x in sorted(free_vars(e)):
            if x in local or x not in self.flags:
                continue
            f = self.flags[x]
            if f is False:
                return False
            if f is not True:
                conds.append(Var(f))
        return _and(conds) if conds else True

    def untracked(self, name: str, local: set[str]) -> bool:
        return name not in local and self.flags.get(name, True) is False

    # --- program
    def program(self) -> Program:
        decls = []
        for d in self.p.decls:
            if isinstance(d, VarDecl):
                if self.flags.get(d.name, True) is False:
                    continue
                if d.where is not None and self.tracked(d.where, set()) is not True:
                    d = replace(d, where=None)
            elif isinstance(d, ProcedureDecl):
                d = self.procedure(d)
            decls.append(d)
        return replace(self.p, decls=tuple(decls))

    def procedure(self, d: ProcedureDecl) -> ProcedureDecl:
        local = set(body_vars(d))
        req = tuple(x for x in (self.contract(r, local) for r in d.requires) if x is not None)
        ens = tuple(x for x in (self.contract(e, local) for e in d.ensures) if x is not None)
        mods = tuple(m for m in d.modifies if not self.untracked(m, local))
        d = replace(d, requires=req, ensures=ens, modifies=mods)
        if d.body is None:
            return d
        self.temps: list[VarDecl] = []
        self.local = local
        self.cur_vars = body_vars(d)
        blocks = tuple(replace(b, cmds=tuple(x for c in b.cmds for x in self.cmd(c)))
                       for b in d.body.blocks)
        body = Body(d.body.locals + tuple(self.temps), blocks, loc=d.body.loc)
        return replace(d, body=body)

    def contract(self, c, local: set[str]):
        t = self.tracked(c.expr, local)
        if t is True:
            return c
        if t is False:
            return None
        return replace(c, expr=App(Op.IMP, (t, c.expr), loc=c.expr.loc))

    # --- commands
    def temp(self, base: str, typ: Type, loc) -> str:
        n = self.names.fresh(f"pycorral_abs_{base}")
        self.temps.append(VarDecl(n, typ, loc=loc))
        return n

    def attrs(self, attrs: tuple[Attr, ...]) -> tuple[Attr, ...]:
        """Attributes whose expressions mention a removed global are dropped."""
        if not self.concrete or not attrs:
            return attrs
        return tuple(a for a in attrs
                     if all(self.tracked(x, self.local) is True for x in attr_exprs((a,))))

    def cmd(self, c: Cmd) -> list[Cmd]:
        """The abstraction of one command; attributes mentioning a removed global go (a
        trace attribute may read variables its command does not)."""
        out = self._cmd(c)
        if not self.concrete:
            return out
        return [r if not r.attrs or (kept := self.attrs(r.attrs)) == r.attrs
                else replace(r, attrs=kept) for r in out]

    def _cmd(self, c: Cmd) -> list[Cmd]:
        t = type(c)
        if t is Assign:
            return self.assign(c)
        if t is Assume or t is Assert:
            cond = self.tracked(c.expr, self.local)
            if cond is True:
                return [c]
            if cond is False:
                value = BoolLit(t is Assume, loc=c.expr.loc)
                return [t(value, self.attrs(c.attrs), loc=c.loc)]
            op = Op.IMP if t is Assume else Op.AND
            return [t(App(op, (cond, c.expr), loc=c.expr.loc), c.attrs, loc=c.loc)]
        if t is Havoc:
            names = tuple(n for n in c.names if not self.untracked(n, self.local))
            if names == c.names:
                return [c]
            if not names:
                return [Assume(BoolLit(True, loc=c.loc), self.attrs(c.attrs), loc=c.loc)]
            return [replace(c, names=names, attrs=self.attrs(c.attrs))]
        if t is Call:
            return self.call(c)
        if t is Yield:
            return [c]
        raise AssertionError(f"abstract: unknown command class {t.__name__}")

    def assign(self, c: Assign) -> list[Cmd]:
        if len(c.lhs) == 1 and type(c.lhs[0]) is Var \
                and not self.untracked(c.lhs[0].name, self.local) \
                and self.tracked(c.rhs[0], self.local) is False:
            # `v := <untracked>`: Fig. 3's `havoc v`
            return [Havoc((c.lhs[0].name,), self.attrs(c.attrs), loc=c.loc)]
        pre: list[Cmd] = []
        lhs_out: list[Expr] = []
        rhs_out: list[Expr] = []
        changed = False
        for lhs, rhs in zip(c.lhs, c.rhs):
            root = lhs_root(lhs)
            if self.untracked(root, self.local):
                changed = True
                continue
            idx = _indices(lhs)
            t_idx = self.tracked_all(idx)
            t_rhs = self.tracked(rhs, self.local)
            if t_idx is True and t_rhs is True:
                lhs_out.append(lhs)
                rhs_out.append(rhs)
                continue
            changed = True
            typ = self.var_type(root)
            tmp = Var(self.temp(root, typ, c.loc), loc=c.loc)
            pre.append(Havoc((tmp.name,), loc=c.loc))
            if t_idx is False:                 # an untracked index: the whole map
                lhs_out.append(Var(root, loc=lhs.loc))
                rhs_out.append(tmp)
                continue
            elem = _rebase(lhs, tmp)            # t[i] (or t for a plain variable)
            if t_rhs is False:
                val = elem
            elif t_rhs is True:
                val = rhs
            else:
                val = Ite(t_rhs, rhs, elem, loc=rhs.loc)
            if t_idx is True:
                lhs_out.append(lhs)
                rhs_out.append(val)
            else:                               # parameterized index: store or havoc all
                whole = _desugar(lhs, val)
                lhs_out.append(Var(root, loc=lhs.loc))
                rhs_out.append(Ite(t_idx, whole, tmp, loc=rhs.loc))
        if not changed:
            return [c]
        if not lhs_out:
            return [Assume(BoolLit(True, loc=c.loc), self.attrs(c.attrs), loc=c.loc)]
        return pre + [Assign(tuple(lhs_out), tuple(rhs_out), self.attrs(c.attrs), loc=c.loc)]

    def tracked_all(self, es: list[Expr]) -> bool | Expr:
        conds: list[Expr] = []
        for e in es:
            t = self.tracked(e, self.local)
            if t is False:
                return False
            if t is not True:
                conds.append(t)
        return _and(conds) if conds else True

    def var_type(self, name: str) -> Type:
        d = self.cur_vars.get(name) or self.gl.get(name)
        assert d is not None, f"abstract: unknown variable {name}"
        return d.type

    def call(self, c: Call) -> list[Cmd]:
        callee = self.procs.get(c.proc)
        pre: list[Cmd] = []
        args = list(c.args)
        for i, a in enumerate(c.args):
            t = self.tracked(a, self.local)
            if t is True:
                continue
            assert callee is not None and i < len(callee.params), \
                f"abstract: call of {c.proc} with an unknown parameter"
            tmp = self.temp(f"{c.proc}_arg{i}", callee.params[i].type, c.loc)
            pre.append(Havoc((tmp,), loc=c.loc))
            args[i] = Var(tmp, loc=a.loc) if t is False else Ite(t, a, Var(tmp, loc=a.loc),
                                                                  loc=a.loc)
        outs = list(c.outs)
        for i, o in enumerate(c.outs):
            if self.untracked(o, self.local):
                outs[i] = self.temp(o, self.gl[o].type, c.loc)
        if not pre and outs == list(c.outs):
            return [c]
        return pre + [replace(c, args=tuple(args), outs=tuple(outs), attrs=self.attrs(c.attrs))]


def _indices(lhs: Expr) -> list[Expr]:
    out: list[Expr] = []
    while type(lhs) is MapSelect:
        out.extend(lhs.indices)
        lhs = lhs.map
    return out


def _rebase(lhs: Expr, root: Var) -> Expr:
    """`m[i][j]` with m replaced by `root`: `root[i][j]`."""
    if type(lhs) is MapSelect:
        return MapSelect(_rebase(lhs.map, root), lhs.indices, loc=lhs.loc)
    return root


def _desugar(lhs: Expr, rhs: Expr) -> Expr:
    """The new value of the root of `lhs := rhs` (`m[i] := v` is `m := m[i := v]`)."""
    while type(lhs) is MapSelect:
        rhs = MapStore(lhs.map, lhs.indices, rhs, loc=lhs.loc)
        lhs = lhs.map
    return rhs
