"""Turns each loop-free procedure into a VC template over its interface (RMT Sec. 3.1).

Input: a prepared program (loops extracted into tail-recursive procedures, assertions turned
into an error flag by `boogie.passes.pipeline.prepare`) and a `Solver`.  Output: one
`Template` per procedure with a body, built once and instantiated per call site by
substitution (`instantiate`), as Boogie's StratifiedVC does.

Encoding (passification, RMT Fig. 4, in the block-equation form of Legion Sec. 2.2):
* SSA incarnations: `x := e` binds x to the term of e (let-style; z3 shares the DAG), `havoc x`
  gives x a fresh constant, `m[i] := v` is `m := m[i := v]`; at a join each variable whose
  incarnations differ and that is live there gets a fresh constant, equated to the
  predecessor's term on the edge (dead variables keep the first predecessor's term).
* Each block l has a control constant b_l constrained by
      b_l ==> C(l) /\\ \\/_{s in succ(l)} (E(l,s) /\\ b_s)
  (an implication, not Legion's equation: assumed facts, e.g. the quantified `ensures` of
  SMACK's `$malloc`, then only occur positively, which e-matching/MBQI need)
  where C(l) is the conjunction of the block's assumes (and, for a return block, the binding
  of the interface outputs).  The procedure can return iff b_entry; every path that follows
  true control constants in a model is an execution (`trace.py` relies on this).
* A call to a procedure with a body is a call site: a control literal c (a conjunct of C(l),
  true iff the path executes the call) plus the actual inputs, the caller's incarnation of
  the globals the callee may read, and fresh constants for the outputs and the globals the
  callee may modify (transitively).  Left alone those fresh constants are unconstrained
  (the havoc summary of CORRAL Fig. 2); inlining asserts `c ==> callee VC`; blocking assumes
  `!c`.  The `ensures` of a procedure with a body are NOT assumed at its call sites: the
  pipeline checks them as assertions inside the callee and then marks them free, and a
  caller assuming them would cut off the very path on which one fails.  The exception are
  Houdini summaries (`free ensures {:houdini}`, verifier/search/houdini.py), proved for every
  return of the callee: they are assumed after the call, so an open call site is
  over-approximated by the summary instead of a plain havoc.
* A call to a body-less procedure havocs its outputs and `modifies` globals and assumes its
  `ensures` (free or not); `requires` are ignored (the pipeline instrumented assertions).
* A procedure's `free requires` are assumed at its entry (the pipeline checks the
  non-free ones before each call, returning on failure, and marks them free); the entry
  procedure also assumes its other `requires` (`Template.pre`, asserted for the root only).
* `assert true` is skipped; any other `assert` left in a body is unsupported (the pipeline
  must have turned it into the error flag).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from boogie.ast import (Assert, Assign, Assume, Block, BoolLit, Body, Call, Goto, Havoc,
                        MapSelect, Program, Return, Type, VarDecl, Yield, attr)
from boogie.trace_attrs import value_exprs
from boogie.visit import (cmd_exprs, cmd_targets, desugar_lhs, free_vars, lhs_root,
                          successors)

from verifier.smt.solver import Solver, Term, Unsupported


# ----------------------------------------------------------------------------- program facts

@dataclass(frozen=True, slots=True)
class ProcBody:
    name: str
    params: tuple[VarDecl, ...]
    returns: tuple[VarDecl, ...]
    body: Body


class ProgramInfo:
    """Side tables about a program: bodies, globals, and the transitive sets of globals each
    procedure may read (`reads`) and modify (`mods`)."""

    def __init__(self, program: Program):
        self.program = program
        self.procs = program.procedures()
        self.globals: dict[str, VarDecl] = program.global_vars()
        impls = program.implementations()
        self.bodies: dict[str, ProcBody] = {}
        for name, p in self.procs.items():
            if name in impls:
                i = impls[name][0]
                self.bodies[name] = ProcBody(name, i.params, i.returns, i.body)
            elif p.body is not None:
                self.bodies[name] = ProcBody(name, p.params, p.returns, p.body)
        self.reads: dict[str, frozenset[str]] = {}
        self.mods: dict[str, frozenset[str]] = {}
        self._compute_effects()

    def _direct_effects(self, name: str) -> tuple[set[str], set[str], set[str]]:
        """(globals read, globals written, callees) of one procedure body."""
        pb = self.bodies[name]
        local = {d.name for d in pb.params + pb.returns + pb.body.locals}
        reads: set[str] = set()
        writes: set[str] = set()
        callees: set[str] = set()
        proc = self.procs[name]
        for r in proc.requires:
            if r.free:
                reads.update(free_vars(r.expr))
        for b in pb.body.blocks:
            for c in b.cmds:
                for e in cmd_exprs(c) + value_exprs(c.attrs):
                    reads.update(free_vars(e))
                if type(c) is Assign:
                    writes.update(lhs_root(x) for x in c.lhs)
                elif type(c) is Havoc:
                    writes.update(c.names)
                elif type(c) is Call:
                    writes.update(c.outs)
                    callees.add(c.proc)
        g = self.globals
        return ({x for x in reads if x in g and x not in local},
                {x for x in writes if x in g and x not in local}, callees)

    def _compute_effects(self) -> None:
        direct = {n: self._direct_effects(n) for n in self.bodies}
        reads = {n: set(d[0]) | set(d[1]) for n, d in direct.items()}
        mods = {n: set(d[1]) for n, d in direct.items()}
        for n, (_, _, callees) in direct.items():
            for c in callees:
                if c not in self.bodies and c in self.procs:
                    p = self.procs[c]
                    ms = {m for m in p.modifies if m in self.globals}
                    mods[n] |= ms
                    reads[n] |= ms
                    for e in p.ensures:
                        reads[n].update(x for x in free_vars(e.expr) if x in self.globals)
        changed = True
        while changed:
            changed = False
            for n, (_, _, callees) in direct.items():
                for c in callees:
                    if c in self.bodies:
                        if not mods[c] <= mods[n]:
                            mods[n] |= mods[c]
                            changed = True
                        if not reads[c] <= reads[n]:
                            reads[n] |= reads[c]
                            changed = True
        for n in self.bodies:
            reads[n] |= mods[n]
            self.reads[n] = frozenset(reads[n])
            self.mods[n] = frozenset(mods[n])


# ----------------------------------------------------------------------------- templates

@dataclass(slots=True)
class CallSite:
    """A call to a procedure with a body, in template vocabulary."""
    index: int
    callee: str
    block: str
    cmd_index: int
    lit: int                         # index of the control literal in Template.internals
    args: tuple[Term, ...]
    gins: tuple[tuple[str, Term], ...]
    outs: tuple[Term, ...]
    gouts: tuple[tuple[str, Term], ...]
    cmd: Call
    packed: Term = None              # args + gins + outs + gouts in one term (see instantiate)


@dataclass(slots=True)
class BlockInfo:
    label: str
    var: int                         # index of b_l in Template.internals
    succs: tuple[str, ...]
    edges: dict[str, Term]           # successor -> E(l, s) (true when no copies needed)
    calls: tuple[int, ...]           # indices into Template.call_sites, in command order
    env_in: dict[str, Term]
    env_out: dict[str, Term]
    block: Block
    cond: Term = None                # C(l): the block's own constraints
    cmd_values: tuple = ()           # per command: ((name, term), ...) it assigned (traces)
    # per command: the terms of its trace attribute's expressions, in the state before it
    # (boogie/trace_attrs.py; () for a command without one)
    cmd_traced: tuple = ()


@dataclass(slots=True)
class Template:
    proc: str
    defs: Term
    entry: int                       # index of b_entry in internals
    pre: Term                        # non-free requires (assumed for the root only)
    ins: tuple[Term, ...]
    gins: dict[str, Term]
    outs: tuple[Term, ...]
    gouts: dict[str, Term]
    internals: list[Term]
    internal_names: list[str]
    blocks: dict[str, BlockInfo]
    order: tuple[str, ...]           # topological order of reachable blocks
    call_sites: list[CallSite]
    var_types: dict[str, Type] = field(default_factory=dict)
    in_names: tuple[str, ...] = ()


class VCGen:
    """Builds templates on demand (each once) for a program and a solver."""

    def __init__(self, program: Program, solver: Solver, info: ProgramInfo | None = None):
        self.solver = solver
        self.info = info or ProgramInfo(program)
        self._templates: dict[str, Template] = {}

    def template(self, proc: str) -> Template:
        t = self._templates.get(proc)
        if t is None:
            t = self._templates[proc] = _TemplateBuilder(self, proc).build()
        return t

    def has_body(self, proc: str) -> bool:
        return proc in self.info.bodies


class _TemplateBuilder:
    def __init__(self, gen: VCGen, proc: str):
        self.s = gen.solver
        self.info = gen.info
        self.proc = proc
        self.pb = self.info.bodies[proc]
        self.decl = self.info.procs[proc]
        self.internals: list[Term] = []
        self.names: list[str] = []
        self.call_sites: list[CallSite] = []
        self.types: dict[str, Type] = {}
        self._n = 0

    def _new(self, base: str, typ: Type) -> Term:
        self._n += 1
        name = f"{self.proc}!{base}!{self._n}"
        c = self.s.const(name, typ)
        self.internals.append(c)
        self.names.append(name)
        return c

    def _new_bool(self, base: str) -> int:
        self._n += 1
        name = f"{self.proc}!{base}!{self._n}"
        self.internals.append(self.s.bool_const(name))
        self.names.append(name)
        return len(self.internals) - 1

    def build(self) -> Template:
        s, pb, info = self.s, self.pb, self.info
        env: dict[str, Term] = {}
        ins = []
        for d in pb.params:
            c = s.const(f"{self.proc}!in!{d.name}", d.type)
            env[d.name] = c
            ins.append(c)
        gins = {}
        for g in sorted(info.reads[self.proc]):
            gins[g] = env[g] = s.const(f"{self.proc}!gin!{g}", info.globals[g].type)
        for d in pb.returns + pb.body.locals:
            env[d.name] = self._new(d.name, d.type)
        for d in pb.params + pb.returns + pb.body.locals:
            self.types[d.name] = d.type
        for g in info.globals:
            self.types.setdefault(g, info.globals[g].type)
            if g not in env:      # never read or written here: any constant will do
                env[g] = s.const(f"{self.proc}!gin!{g}", info.globals[g].type)
        old_env = dict(env)
        # every environment of the body has these names in this order (`_join` visits
        # the live ones in it)
        self.pos = {n: i for i, n in enumerate(env)}
        # the implementation's parameter names may differ from the declaration's
        decl_env = dict(env)
        for dp, ip in zip(self.decl.params, pb.params):
            decl_env[dp.name] = env[ip.name]
        free_pre = [s.translate(r.expr, decl_env, old_env) for r in self.decl.requires if r.free]
        pre = s.and_([s.translate(r.expr, decl_env, old_env)
                      for r in self.decl.requires if not r.free])
        outs = tuple(s.const(f"{self.proc}!out!{d.name}", d.type) for d in pb.returns)
        gouts = {g: s.const(f"{self.proc}!gout!{g}", info.globals[g].type)
                 for g in sorted(info.mods[self.proc])}
        order = _topo_order(pb.body, self.proc)
        blocks = {b.label: b for b in pb.body.blocks}
        conds: dict[str, list[Term]] = {}
        infos: dict[str, BlockInfo] = {}
        exit_env: dict[str, dict[str, Term]] = {}
        preds: dict[str, list[str]] = {l: [] for l in order}
        for l in order:
            for sl in successors(blocks[l]):
                preds[sl].append(l)
        self.live = _live_in(pb, order, blocks, info, set(gouts))
        for i, l in enumerate(order):
            b = blocks[l]
            if i == 0:
                e_in = env
                cond = list(free_pre)
            else:
                e_in = self._join(l, preds[l], exit_env, infos)
                cond = []
            e = dict(e_in)
            calls = []
            cmd_values = []
            cmd_traced = []
            for k, c in enumerate(b.cmds):
                traced = value_exprs(c.attrs) if c.attrs else ()
                cmd_traced.append(tuple(s.translate(x, e, old_env) for x in traced))
                self._cmd(c, e, old_env, cond, l, k, calls)
                cmd_values.append(tuple((n, e[n]) for n in cmd_targets(c) if n in e))
            if isinstance(b.transfer, Return):
                cond.extend(s.eq(o, e[d.name]) for o, d in zip(outs, pb.returns))
                cond.extend(s.eq(go, e[g]) for g, go in gouts.items())
            exit_env[l] = e
            conds[l] = cond
            infos[l] = BlockInfo(l, self._new_bool(f"b_{l}"), successors(b), {},
                                 tuple(calls), e_in, e, b, cmd_values=tuple(cmd_values),
                                 cmd_traced=tuple(cmd_traced))
        defs = []
        for l in reversed(order):
            bi = infos[l]
            parts = list(conds[l])
            bi.cond = s.and_(conds[l])
            if isinstance(blocks[l].transfer, Goto):
                alts = []
                for sl in bi.succs:
                    edge = bi.edges.get(sl)
                    bs = self.internals[infos[sl].var]
                    alts.append(s.and_([edge, bs]) if edge is not None else bs)
                parts.append(s.or_(alts))
            defs.append(s.implies(self.internals[bi.var], s.and_(parts)))
        return Template(self.proc, s.and_(defs), infos[order[0]].var, pre, tuple(ins), gins,
                        outs, gouts, self.internals, self.names, infos, tuple(order), self.call_sites,
                        self.types, tuple(d.name for d in pb.params))

    def _join(self, l: str, preds: list[str], exit_env, infos) -> dict[str, Term]:
        envs = [exit_env[p] for p in preds]
        if len(envs) == 1:
            return envs[0]
        first = envs[0]
        out = dict(first)
        copies: dict[str, list[Term]] = {p: [] for p in preds}
        live = self.live[l]
        if len(live) * 4 < len(first) and all(n in self.pos for n in live):
            # few live names among many (globals): visit those, in the environment's order
            names = sorted((n for n in live if n in first), key=self.pos.__getitem__)
        else:
            names = [n for n in first if n in live]
        for name in names:
            t = first[name]
            if all(e[name] is t for e in envs[1:]):
                continue      # a dead variable keeps the first predecessor's term
            j = self._new(f"{name}@{l}", self.types[name])
            out[name] = j
            for p, e in zip(preds, envs):
                copies[p].append(self.s.eq(j, e[name]))
        for p in preds:
            if copies[p]:
                infos[p].edges[l] = self.s.and_(copies[p])
        return out

    def _cmd(self, c, env: dict, old_env: dict, cond: list, label: str, k: int,
             calls: list) -> None:
        s = self.s
        t = type(c)
        if t is Assume:
            cond.append(s.translate(c.expr, env, old_env))
        elif t is Assign:
            vals = []
            for lhs, rhs in zip(c.lhs, c.rhs):
                name, val = desugar_lhs(lhs, rhs)
                vals.append((name, s.translate(val, env, old_env)))
            for name, v in vals:
                env[name] = v
        elif t is Havoc:
            for n in c.names:
                env[n] = self._new(n, self.types[n])
        elif t is Call:
            self._call(c, env, old_env, cond, label, k, calls)
        elif t is Assert:
            if not (type(c.expr) is BoolLit and c.expr.value):
                raise Unsupported(f"{c.loc}: assert left in {self.proc} (the pipeline turns "
                                  "assertions into the error flag)")
        elif t is Yield:
            raise Unsupported("concurrency not supported (yield)")
        else:
            raise AssertionError(f"vc: unknown command class {t.__name__}")

    def _call(self, c: Call, env, old_env, cond, label, k, calls) -> None:
        s, info = self.s, self.info
        if c.is_async:
            raise Unsupported("concurrency not supported (async call)")
        callee = info.procs.get(c.proc)
        if callee is None:
            raise Unsupported(f"{c.loc}: call of undeclared procedure {c.proc}")
        if callee.type_params:
            raise Unsupported(f"polymorphic procedure {c.proc}")
        args = [s.translate(a, env, old_env) for a in c.args]
        pre_globals = {g: env[g] for g in info.globals}
        if c.proc not in info.bodies:
            cenv = dict(pre_globals)
            for p, a in zip(callee.params, args):
                cenv[p.name] = a
            for m in callee.modifies:
                if m in info.globals:
                    env[m] = cenv[m] = self._new(m, info.globals[m].type)
            for r, o in zip(callee.returns, c.outs):
                env[o] = cenv[r.name] = self._new(o, self.types[o])
            cond.extend(s.translate(e.expr, cenv, pre_globals) for e in callee.ensures)
            return
        lit = self._new_bool(f"call{len(self.call_sites)}_{c.proc}")
        cond.append(self.internals[lit])
        gins = tuple((g, env[g]) for g in sorted(info.reads[c.proc]))
        outs = tuple(self._new(o, self.types[o]) for o in c.outs)
        gouts = tuple((g, self._new(g, info.globals[g].type))
                      for g in sorted(info.mods[c.proc]))
        cs = CallSite(len(self.call_sites), c.proc, label, k, lit, tuple(args), gins, outs,
                      gouts, c)
        cs.packed = s.pack(list(cs.args) + [t for _, t in gins] + list(outs)
                           + [t for _, t in gouts])
        self.call_sites.append(cs)
        calls.append(cs.index)
        for g, t in gouts:
            env[g] = t
        for o, t in zip(c.outs, outs):   # after gouts: `call g := p()` with p modifying g
            env[o] = t                   # leaves g the output (the assignment comes last)
        summary = [e for e in callee.ensures if e.free and attr(e.attrs, "houdini")]
        if summary:
            cenv = dict(pre_globals)
            cenv.update(gouts)
            cenv.update((p.name, a) for p, a in zip(callee.params, args))
            cenv.update((r.name, t) for r, t in zip(callee.returns, outs))
            cond.extend(s.translate(e.expr, cenv, pre_globals) for e in summary)


def _live_in(pb: ProcBody, order: list[str], blocks: dict[str, Block], info: ProgramInfo,
             gouts: set[str]) -> dict[str, frozenset[str]]:
    """Variables live at each block's entry (read before written on some path onward);
    at a return the outputs and the modified globals are live.  Joins only need fresh
    incarnations for live variables."""
    live_in: dict[str, frozenset[str]] = {}
    at_return = {d.name for d in pb.returns} | gouts
    for l in reversed(order):
        b = blocks[l]
        if isinstance(b.transfer, Return):
            live = set(at_return)
        else:
            live = set()
            for sl in successors(b):
                live |= live_in[sl]
        for c in reversed(b.cmds):
            t = type(c)
            if t is Assign:
                for lhs in c.lhs:
                    if type(lhs) is not MapSelect:
                        live.discard(lhs.name)
                for lhs in c.lhs:
                    if type(lhs) is MapSelect:
                        live.add(lhs_root(lhs))
            elif t is Havoc:
                live.difference_update(c.names)
            elif t is Call:
                live.difference_update(c.outs)
                if c.proc in info.bodies:
                    live.difference_update(info.mods[c.proc])
                    live |= info.reads[c.proc]
                elif c.proc in info.procs:
                    callee = info.procs[c.proc]
                    live.difference_update(callee.modifies)
                    for e in callee.ensures:
                        live |= free_vars(e.expr)
                    live.update(callee.modifies)
            for e in cmd_exprs(c) + value_exprs(c.attrs):
                live |= free_vars(e)
        live_in[l] = frozenset(live)
    return live_in


def _topo_order(body: Body, proc: str) -> list[str]:
    """Reachable blocks from the first, in topological order; a cycle is unsupported (the
    pipeline extracts loops into procedures)."""
    blocks = {b.label: b for b in body.blocks}
    if not body.blocks:
        raise Unsupported(f"procedure {proc} has an empty body")
    state: dict[str, int] = {}
    out: list[str] = []
    stack: list[tuple[str, int]] = [(body.blocks[0].label, 0)]
    state[body.blocks[0].label] = 1
    while stack:
        l, i = stack.pop()
        succ = successors(blocks[l])
        if i < len(succ):
            stack.append((l, i + 1))
            n = succ[i]
            if n not in blocks:
                raise Unsupported(f"{proc}: goto to unknown label {n}")
            st = state.get(n, 0)
            if st == 1:
                raise Unsupported(f"procedure {proc} contains a loop (at {n}); loops must be "
                                  "extracted by the pipeline")
            if st == 0:
                state[n] = 1
                stack.append((n, 0))
        else:
            state[l] = 2
            out.append(l)
    out.reverse()
    return out


# ----------------------------------------------------------------------------- instances

@dataclass(slots=True)
class Instance:
    """A dynamic instance of a procedure (a node of the call tree)."""
    id: int
    tmpl: Template
    pairs: list[tuple[Term, Term]]   # template constant -> instance term
    internals: list[Term]            # instance terms, aligned with tmpl.internals
    parent: "Instance | None"
    site: int                        # call-site index in the parent's template (-1: root)
    depth: int                       # stack depth (root 0)
    children: dict[int, "Instance"] = field(default_factory=dict)

    def term(self, t: Term, solver: Solver) -> Term:
        """A template term in this instance's vocabulary."""
        return solver.substitute(t, self.pairs)

    def var(self, idx: int) -> Term:
        return self.internals[idx]


def root_instance(tmpl: Template) -> Instance:
    """The root uses the template's own constants (no substitution)."""
    return Instance(0, tmpl, [], list(tmpl.internals), None, -1, 0)


def site_terms(solver: Solver, parent: Instance, site: CallSite) -> list[Term]:
    """The call site's args, gins, outs and gouts (in that order) in the parent's names."""
    n = len(site.args) + len(site.gins) + len(site.outs) + len(site.gouts)
    if not parent.pairs:
        return list(site.args) + [t for _, t in site.gins] + list(site.outs) + \
            [t for _, t in site.gouts]
    return solver.unpack(solver.substitute(site.packed, parent.pairs), n)


def instantiate(solver: Solver, tmpl: Template, inst_id: int, parent: Instance,
                site: CallSite) -> tuple[Instance, Term]:
    """A fresh copy of `tmpl` for `site` of `parent`; returns the instance and the formula
    to assert: `c ==> (defs /\\ b_entry)` over the instance's names."""
    actual = site_terms(solver, parent, site)
    formal = list(tmpl.ins) + [tmpl.gins[g] for g, _ in site.gins] + list(tmpl.outs) + \
        [tmpl.gouts[g] for g, _ in site.gouts]
    assert len(formal) == len(actual), f"interface mismatch calling {tmpl.proc}"
    internals = solver.fresh_copies(tmpl.internals, tmpl.internal_names, f"#{inst_id}")
    pairs = list(zip(formal, actual)) + list(zip(tmpl.internals, internals))
    inst = Instance(inst_id, tmpl, pairs, internals, parent, site.index, parent.depth + 1)
    lit = parent.var(site.lit)
    body = solver.substitute(solver.and_([tmpl.defs, tmpl.internals[tmpl.entry]]), pairs)
    return inst, solver.implies(lit, body)
