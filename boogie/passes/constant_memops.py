"""Memory operations of a constant length, without quantifiers.

Turns each call of a SMACK-style `$memset`/`$memcpy`/`$memmove` procedure whose length
argument is an integer literal `n` (0 <= n <= `max_len`) into a call of a copy of the
procedure specialized to that length, whose meaning is one store chain instead of the
quantified range facts:

    procedure $memset.i8(M: [ref]i8, dst: ref, val: i8, len: ref) returns (M.ret: [ref]i8)
    { anon0:
        assume (forall x: ref :: $sle.ref.bool(dst, x) && $slt.ref.bool(x, $add.ref(dst, len))
                                 ==> M.ret[x] == val);
        assume (forall x: ref :: $slt.ref.bool(x, dst) ==> M.ret[x] == M[x]);
        assume (forall x: ref :: $sle.ref.bool($add.ref(dst, len), x) ==> M.ret[x] == M[x]);
        return; }
    call r := $memset.i8(m, p, 0, 2);
  becomes
    procedure $memset.i8.len2(...same signature...)
    { anon0: assume M.ret == M[dst := val][dst + 1 := val]; return; }
    call r := $memset.i8.len2(m, p, 0, 2);

A long length (above `CHUNK`, up to the pipeline's `LONG_LEN`; the Linux driver tasks'
`ldv_zalloc(232)` .. `ldv_zalloc(3264)`) becomes one array lambda instead of the chain:

    assume M.ret == (lambda x: ref :: if dst <= x && x < dst + 3264 then val else M[x]);

Measured on tests/data/memops/*_long_* (232 and 3264 elements, z3 5.4.1): the lambda is
decided in 1.5-3.3 s per file, a store chain (in links of 64 stores through locals, so
that no expression is deeper than 64: one 3264-deep `MapStore` overflows Python's
recursion limit in the passes that compare expressions) in 7-12 s at 232 elements and not
within 60 s at 3264, and the quantified contract not within 60 s on memset_long_bug.
(map_quantifiers.py leaves its own lambdas off: z3's incremental core stalled on them with
a symbolic length; the one-shot fallback of verifier/smt/z3solver.py now catches stalls.)
Soundness of the lambda, by extensionality: it agrees with `T` at every index exactly when
`T[x] == E(x)` where `d <= x < d + n` and `T[x] == F[x]` elsewhere, which are the facts.

For `$memcpy`/`$memmove` the stored value is the contract's own value at `dst + k`
(`M.src[$add.ref($sub.ref(src, dst), dst + k)]`), read from the maps *before* the call, so
overlapping source and destination need no special case: the contract already says what
the result is, and the chain says the same.  Calls with any other length argument keep
the quantified procedure (map_quantifiers.py decides what happens to it).

Why: z3 answers "unknown (incomplete quantifiers)" or stalls on these quantifiers in the
Linux driver tasks (issue 20), and the lambda form that map_quantifiers.py can produce
stalls z3 5.4.1's incremental solver; a store chain is decided by the array theory alone.
This is the "unrolled stores when the size is a small constant" of issue 20.

Recognised (after inlining non-builtin function bodies, for matching only): a procedure
whose meaning is exactly a group of facts about one map `T` -- the assumes of a one-block
body without locals, or all ensures of a body-less procedure --

    forall x: int :: d <= x && x < d + L ==> T[x] == E(x)      (one "inside" fact)
    forall x: int :: x < d ==> T[x] == F[x]                     (and either this pair,
    forall x: int :: d + L <= x ==> T[x] == F[x]                 both with the same F,
    forall x: int :: !(d <= x && x < d + L) ==> T[x] == F[x]    or this single fact)

with `L` a parameter, `d` free of `x`, and `E`, `F`, `d` not reading `T` (outside `old`).
Soundness: over the mathematical integers (the bound variable's type must expand to
`int`; bit-vector encodings, where `d + L` may wrap, are left alone), with `L == n` the
inside guard holds exactly at the `n` distinct indices `d + k` (0 <= k < n) and the
outside guards hold exactly elsewhere, so `T == F[d := E(d)]...[d + n - 1 := E(d + n - 1)]`
is equivalent to the facts; the specialized copy is called only where the length argument
is the literal `n`.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from ..ast import (App, Assume, Block, Body, BoolLit, Call, Ensures, Expr, FunCall, FunctionDecl,
                   IntLit, Ite, IntType, MapSelect, MapStore, Old, Op, Program, ProcedureDecl,
                   Quant, QuantKind, Return, Type, Var, VarDecl)
from ..visit import free_vars, substitute, transform
from .common import Namer, builtin_name, expand_synonyms, program_names, type_decls

__all__ = ["unroll_constant_memops", "memop_length_params", "MAX_LEN", "LONG_LEN", "CHUNK"]

MAX_LEN = 64                # longest length unrolled without `long` (elements)
# longest length rewritten by the pipeline (above CHUNK: the lambda form, whose size does
# not grow with the length); the Linux driver tasks' `ldv_zalloc` sizes run to 33344
LONG_LEN = 1 << 16
CHUNK = 64                  # longest length written as a store chain
_INLINE_DEPTH = 8
_NAMES = ("$memset", "$memcpy", "$memmove")
_TRUE = BoolLit(True)


@dataclass(frozen=True, slots=True)
class _Spec:
    """A recognised procedure: `target == frame[d := value(d)]...` for `len_param`
    elements; `bound` is the bound variable `value` is written in."""
    len_index: int
    target: Expr                # Var (a result or a modified global)
    frame: Expr                 # Var or Old(Var)
    dst: Expr
    bound: str
    bound_type: Type
    value: Expr
    in_ensures: bool            # facts in ensures (body-less) or assumes (one block)


def memop_length_params(p: Program) -> dict[str, int]:
    """The recognised `$memset`/`$memcpy`/`$memmove` procedures of `p` (module docstring),
    each with the position of its length parameter: a call whose argument there is a
    literal is unrolled by `unroll_constant_memops`."""
    return {name: s.len_index for name, s in _specs(p).items()}


def _specs(p: Program) -> dict[str, _Spec]:
    tdecls = type_decls(p)
    funcs = p.functions()
    specs = {}
    for name, d in p.procedures().items():
        if name.startswith(_NAMES):
            s = _recognise(d, funcs, tdecls)
            if s is not None:
                specs[name] = s
    return specs


def unroll_constant_memops(p: Program, max_len: int = MAX_LEN) -> Program:
    """Turns `p` into `p` where every call of a recognised `$memset`/`$memcpy`/`$memmove`
    procedure with a literal length in [0, max_len] calls a copy specialized to it (module
    docstring); the copies are added after the original."""
    procs = p.procedures()
    specs = _specs(p)
    if not specs:
        return p
    namer = Namer(program_names(p))
    made: dict[tuple[str, int], str] = {}

    def target(c: Call) -> Call:
        s = specs.get(c.proc)
        if s is None or len(c.args) != len(procs[c.proc].params):
            return c
        n = c.args[s.len_index]
        if type(n) is not IntLit or not 0 <= n.value <= max_len:
            return c
        key = (c.proc, n.value)
        if key not in made:
            made[key] = namer.fresh(f"{c.proc}.len{n.value}")
        return replace(c, proc=made[key])

    new = []
    for d in p.decls:
        if type(d) is ProcedureDecl and d.body is not None:
            blocks = tuple(_retarget(b, target) for b in d.body.blocks)
            if any(a is not b for a, b in zip(blocks, d.body.blocks)):
                d = replace(d, body=replace(d.body, blocks=blocks))
        new.append(d)
    if not made:
        return p
    extra: dict[str, list[ProcedureDecl]] = {}
    for (name, n), fresh in sorted(made.items()):
        extra.setdefault(name, []).append(_specialize(procs[name], specs[name], n, fresh))
    out = []
    for d in new:
        out.append(d)
        if type(d) is ProcedureDecl:
            out.extend(extra.get(d.name, ()))
    return replace(p, decls=tuple(out))


def _retarget(b: Block, fn) -> Block:
    cmds = tuple(fn(c) if type(c) is Call else c for c in b.cmds)
    return b if all(x is y for x, y in zip(cmds, b.cmds)) else replace(b, cmds=cmds)


def _specialize(d: ProcedureDecl, s: _Spec, n: int, name: str) -> ProcedureDecl:
    if n <= CHUNK:
        fact = App(Op.EQ, (s.target, _stores(s, s.frame, 0, n)))
    else:       # the long form (module docstring)
        x = Var(s.bound)
        inside = App(Op.AND, (App(Op.LE, (s.dst, x)),
                              App(Op.LT, (x, App(Op.ADD, (s.dst, IntLit(n)))))))
        fact = App(Op.EQ, (s.target, Quant(QuantKind.LAMBDA, (VarDecl(s.bound, s.bound_type),),
                                           Ite(inside, s.value, MapSelect(s.frame, (x,))))))
    if s.in_ensures:
        free = all(e.free for e in d.ensures)
        return replace(d, name=name, ensures=(Ensures(fact, free, loc=d.ensures[0].loc),))
    b = d.body.blocks[0]
    first = b.cmds[0]
    blk = replace(b, cmds=(Assume(fact, first.attrs, loc=first.loc),))
    return replace(d, name=name, body=replace(d.body, blocks=(blk,)))


def _stores(s: _Spec, chain: Expr, lo: int, hi: int) -> Expr:
    """`chain[d + lo := value(d + lo)]...[d + hi - 1 := value(d + hi - 1)]`."""
    for k in range(lo, hi):
        idx = s.dst if k == 0 else App(Op.ADD, (s.dst, IntLit(k)))
        chain = MapStore(chain, (idx,), substitute(s.value, {s.bound: idx}))
    return chain


# ---------------------------------------------------------------------- recognition

def _recognise(d: ProcedureDecl, funcs: dict[str, FunctionDecl], tdecls) -> _Spec | None:
    if d.type_params:
        return None
    if d.body is None:
        exprs = [e.expr for e in d.ensures]
        in_ensures = True
    else:
        body: Body = d.body
        if body.locals or len(body.blocks) != 1:
            return None
        b = body.blocks[0]
        if type(b.transfer) is not Return or not b.cmds \
                or any(type(c) is not Assume for c in b.cmds):
            return None
        exprs = [c.expr for c in b.cmds]
        in_ensures = False
    if not 2 <= len(exprs) <= 3:
        return None
    facts = [_fact(e, funcs, tdecls) for e in exprs]
    if any(f is None for f in facts):
        return None
    targets = {f[1] for f in facts}
    if len(targets) != 1:
        return None
    tgt = facts[0][1]
    if type(tgt) is not Var:
        return None
    params = [v.name for v in d.params]
    # the inside fact: d <= x && x < d + L
    inside = []
    for x, _, guard, value, raw in facts:
        m = _range(guard, x)
        if m is not None:
            inside.append((x, m, value, raw))
    if len(inside) != 1:
        return None
    x, (dst, ln), value, raw_inside = inside[0]
    if type(ln) is not Var or ln.name not in params:
        return None
    rest = [f for f in facts if f[4] is not inside[0][3]]
    frame = None
    guards = []
    for y, _, guard, val, _ in rest:
        if type(val) is not MapSelect or val.indices != (Var(y),) \
                or y in _reads(val.map):
            return None
        if frame is not None and val.map != frame:
            return None
        frame = val.map
        guards.append(substitute(guard, {y: Var(x)}))
    if type(frame) not in (Var, Old) or type(frame) is Old and type(frame.expr) is not Var:
        return None
    x_ = Var(x)
    end = (App(Op.ADD, (dst, ln)), App(Op.ADD, (ln, dst)))
    below = App(Op.LT, (x_, dst))
    above = {App(Op.LE, (e, x_)) for e in end}
    whole = _range_exprs(dst, ln, x_)
    if len(guards) == 2:
        a, b = guards
        ok = (a == below and b in above) or (b == below and a in above)
    else:
        g = guards[0]
        ok = type(g) is App and g.op is Op.NOT and g.args[0] in whole
    if not ok:
        return None
    # nothing but the old state is read: not the target itself (outside `old`)
    t = tgt.name
    if any(t in _reads(e) for e in (value, frame, dst)):
        return None
    if x in _reads(dst):
        return None
    return _Spec(params.index(ln.name), tgt, frame, dst, x, raw_inside.bound[0].type, value,
                 in_ensures)


def _fact(e: Expr, funcs, tdecls):
    """`forall x: int :: G ==> T[x] == V` -> (x, T, G normalized, V, e)."""
    if type(e) is not Quant or e.kind is not QuantKind.FORALL or len(e.bound) != 1 \
            or e.type_params or e.triggers:
        return None
    x = e.bound[0]
    if type(expand_synonyms(x.type, tdecls)) is not IntType:
        return None
    body = e.body
    if type(body) is not App or body.op is not Op.IMP:
        return None
    guard, eq = body.args
    if type(eq) is not App or eq.op is not Op.EQ:
        return None
    sel, value = eq.args
    if type(sel) is not MapSelect or sel.indices != (Var(x.name),) \
            or x.name in free_vars(sel.map):
        return None
    return x.name, sel.map, _normalize(guard, funcs), value, e


def _range(guard: Expr, x: str):
    """(d, L) when `guard` is `d <= x && x < d + L` (either order of `+`)."""
    if type(guard) is not App or guard.op is not Op.AND:
        return None
    lo, hi = guard.args
    xv = Var(x)
    if type(lo) is not App or lo.op is not Op.LE or lo.args[1] != xv:
        return None
    if type(hi) is not App or hi.op is not Op.LT or hi.args[0] != xv:
        return None
    d, end = lo.args[0], hi.args[1]
    if type(end) is not App or end.op is not Op.ADD:
        return None
    for dd, ln in (end.args, end.args[::-1]):
        if dd == d:
            return d, ln
    return None


def _range_exprs(d: Expr, ln: Expr, x: Var) -> set[Expr]:
    lo = App(Op.LE, (d, x))
    return {App(Op.AND, (lo, App(Op.LT, (x, e))))
            for e in (App(Op.ADD, (d, ln)), App(Op.ADD, (ln, d)))}


def _reads(e: Expr) -> frozenset[str]:
    """The variables `e` reads in the current state (not under `old`)."""
    return free_vars(transform(e, lambda s: _TRUE if type(s) is Old else s))


def _normalize(e: Expr, funcs: dict[str, FunctionDecl]) -> Expr:
    """`e` with non-builtin function bodies inlined (for matching) and `a >= b` / `a > b`
    flipped into `b <= a` / `b < a`."""
    for _ in range(_INLINE_DEPTH):
        done = True

        def step(s: Expr) -> Expr:
            nonlocal done
            if type(s) is FunCall:
                f = funcs.get(s.func)
                if f is not None and f.body is not None and builtin_name(f) is None \
                        and not f.type_params and len(f.params) == len(s.args) \
                        and all(p.name for p in f.params):
                    done = False
                    return substitute(f.body, {p.name: a for p, a in zip(f.params, s.args)})
            elif type(s) is App and s.op in (Op.GE, Op.GT):
                return App(Op.LE if s.op is Op.GE else Op.LT, s.args[::-1])
            return s

        e = transform(e, step)
        if done:
            return e
    return e

