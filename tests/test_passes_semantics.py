"""Semantic check of the preparation pipeline: a small explicit-state interpreter runs each
program of tests/data/passes_semantics/ before and after `prepare`, over every initial state
and every input drawn from a small domain, and the verdicts must agree (and match the file's
`// EXPECT: bug|correct`):

* before: some execution from the entry fails an assertion (a non-free `requires` at a call
  or a non-free `ensures` at a return counts as an assertion);
* after: some execution of the wrapper returns (and no assertion is left to fail).

The interpreter covers int/bool scalars, calls (body-less callees havoc their outputs and
`modifies` set, then assume their `ensures`), `old`, `havoc`, nondeterministic `goto`, and
functions with bodies.  Reading an uninitialized variable is only allowed as a copy (passing
it on); any other use raises, so test programs must not depend on arbitrary initial values of
locals.  Every exploration must finish within its budget (no cut paths) for the comparison
to count.
"""
from __future__ import annotations

import itertools
import sys
from pathlib import Path

import pytest

from boogie.ast import (App, Assert, Assign, Assume, BoolLit, BoolType, Call, FunCall,
                        Havoc, IntLit, IntType, Ite, NamedType, Old, Op, Program, Return, Var)
from boogie.parser import parse_program
from boogie.passes.common import attach_implementations
from boogie.passes.pipeline import prepare
from boogie.typecheck import typecheck

from cases import read_case

DATA = Path(__file__).resolve().parent / "data" / "passes_semantics"
DOMAIN = (0, 1, 2, 3)
FAIL = ("fail",)


class _Uninit:
    def __repr__(self):
        return "?"


UNINIT = _Uninit()


class Unsupported(Exception):
    pass


def _div(a, b):
    """Euclidean division (SMT-LIB `div`)."""
    return a // b if b > 0 else -(a // -b)


_BIN = {
    Op.ADD: lambda a, b: a + b, Op.SUB: lambda a, b: a - b, Op.MUL: lambda a, b: a * b,
    Op.DIV: lambda a, b: _div(a, b), Op.MOD: lambda a, b: a - b * _div(a, b),
    Op.EQ: lambda a, b: a == b, Op.NEQ: lambda a, b: a != b, Op.LT: lambda a, b: a < b,
    Op.LE: lambda a, b: a <= b, Op.GT: lambda a, b: a > b, Op.GE: lambda a, b: a >= b,
    Op.AND: lambda a, b: a and b, Op.OR: lambda a, b: a or b,
    Op.IMP: lambda a, b: (not a) or b, Op.IFF: lambda a, b: a == b,
    Op.EXPLIES: lambda a, b: a or not b,
}


class Interp:
    """Explores all executions; results are ("ret", globals, outs) or FAIL."""

    def __init__(self, p: Program, max_steps: int = 400, max_depth: int = 40,
                 max_nodes: int = 100_000):
        p = attach_implementations(p)
        self.procs = p.procedures()
        self.funcs = p.functions()
        self.globals = p.global_vars()
        self.synonyms = {d.name: d.synonym for d in p.decls
                         if type(d).__name__ == "TypeDecl" and d.synonym is not None}
        self.max_steps, self.max_depth = max_steps, max_depth
        self.nodes_left = max_nodes      # total block visits over the whole exploration
        self.cut = False

    def values(self, t):
        while isinstance(t, NamedType) and t.name in self.synonyms:
            t = self.synonyms[t.name]
        if isinstance(t, BoolType):
            return (False, True)
        if isinstance(t, IntType):
            return DOMAIN
        raise Unsupported(f"type {t}")

    # ----------------------------------------------------------------- expressions
    def ev(self, e, env, G, old):
        t = type(e)
        if t is BoolLit or t is IntLit:
            return e.value
        if t is Var:
            if e.name in env:
                return env[e.name]
            if e.name in G:
                return G[e.name]
            raise Unsupported(f"name {e.name}")
        if t is Old:
            return self.ev(e.expr, env, {**G, **old}, old)
        if t is Ite:
            c = self._val(self.ev(e.cond, env, G, old))
            return self.ev(e.then if c else e.else_, env, G, old)
        if t is App:
            args = [self._val(self.ev(a, env, G, old)) for a in e.args]
            if e.op is Op.NOT:
                return not args[0]
            if e.op is Op.NEG:
                return -args[0]
            return _BIN[e.op](*args)
        if t is FunCall:
            f = self.funcs[e.func]
            if f.body is None:
                raise Unsupported(f"uninterpreted function {f.name}")
            args = [self.ev(a, env, G, old) for a in e.args]
            return self.ev(f.body, {x.name: v for x, v in zip(f.params, args)}, G, old)
        raise Unsupported(t.__name__)

    @staticmethod
    def _val(v):
        if v is UNINIT:
            raise Unsupported("use of an uninitialized value")
        return v

    def holds(self, e, env, G, old) -> bool:
        return bool(self._val(self.ev(e, env, G, old)))

    # ----------------------------------------------------------------- procedures
    def call(self, name, args, G, depth):
        q = self.procs[name]
        if depth > self.max_depth:
            self.cut = True
            return
        env = {v.name: a for v, a in zip(q.params, args)}
        for r in q.requires:
            if not r.free and not self.holds(r.expr, env, G, G):
                yield FAIL
                return
        if not all(self.holds(r.expr, env, G, G) for r in q.requires):
            return
        old = dict(G)
        if q.body is None:
            names = [v.name for v in q.returns] + list(q.modifies)
            types = [v.type for v in q.returns] + [self.globals[g].type for g in q.modifies]
            for vals in itertools.product(*(self.values(t) for t in types)):
                env2 = dict(env)
                G2 = dict(G)
                for n, v in zip(names, vals):
                    (env2 if n in env2 or n in {r.name for r in q.returns} else G2)[n] = v
                if all(self.holds(e.expr, env2, G2, old) for e in q.ensures):
                    yield ("ret", G2, [env2[v.name] for v in q.returns])
            return
        for v in q.returns + q.body.locals:
            env[v.name] = UNINIT
        blocks = {b.label: b for b in q.body.blocks}
        blocks[None] = {v.name: v.type for v in q.params + q.returns + q.body.locals}
        for res in self.run(blocks, q.body.blocks[0].label, 0, env, G, old, 0, depth):
            if res is FAIL:
                yield FAIL
                continue
            _, env2, G2 = res
            failed = False
            for e in q.ensures:
                if not self.holds(e.expr, env2, G2, old):
                    if not e.free:
                        yield FAIL
                    failed = True
                    break
            if not failed:
                yield ("ret", G2, [env2[v.name] for v in q.returns])

    def run(self, blocks, label, i, env, G, old, steps, depth):
        self.nodes_left -= 1
        if steps > self.max_steps or self.nodes_left < 0:
            self.cut = True
            return
        b = blocks[label]
        cmds = b.cmds
        while i < len(cmds):
            c = cmds[i]
            t = type(c)
            if t is Assign:
                vals = [self.ev(r, env, G, old) for r in c.rhs]
                env, G = dict(env), dict(G)
                for lhs, v in zip(c.lhs, vals):
                    if type(lhs) is not Var:
                        raise Unsupported("map assignment")
                    (env if lhs.name in env else G)[lhs.name] = v
            elif t is Assume:
                if not self.holds(c.expr, env, G, old):
                    return
            elif t is Assert:
                if not self.holds(c.expr, env, G, old):
                    yield FAIL
                    return
            elif t is Havoc:
                types = [blocks[None][n] if n in blocks[None] else self.globals[n].type
                         for n in c.names]
                for vals in itertools.product(*(self.values(ty) for ty in types)):
                    env2, G2 = dict(env), dict(G)
                    for n, v in zip(c.names, vals):
                        (env2 if n in env2 else G2)[n] = v
                    yield from self.run(blocks, label, i + 1, env2, G2, old, steps + 1, depth)
                return
            elif t is Call:
                args = [self.ev(a, env, G, old) for a in c.args]
                for res in self.call(c.proc, args, G, depth + 1):
                    if res is FAIL:
                        yield FAIL
                        continue
                    _, G2, outs = res
                    env2, G2 = dict(env), dict(G2)
                    for n, v in zip(c.outs, outs):
                        (env2 if n in env2 else G2)[n] = v
                    yield from self.run(blocks, label, i + 1, env2, G2, old, steps + 1, depth)
                return
            else:
                raise Unsupported(t.__name__)
            i += 1
        if isinstance(b.transfer, Return):
            yield ("ret", env, G)
            return
        for t in b.transfer.labels:
            yield from self.run(blocks, t, 0, env, G, old, steps + 1, depth)

    # ----------------------------------------------------------------- verdicts
    def initial_states(self):
        names = list(self.globals)
        for vals in itertools.product(*(self.values(self.globals[g].type) for g in names)):
            yield dict(zip(names, vals))

    def entry_runs(self, entry):
        q = self.procs[entry]
        for G in self.initial_states():
            for args in itertools.product(*(self.values(v.type) for v in q.params)):
                env = {v.name: a for v, a in zip(q.params, args)}
                if not all(self.holds(r.expr, env, G, G) for r in q.requires):
                    continue
                yield from self.call(entry, list(args), G, 0)


def original_verdict(p: Program, entry: str, max_nodes: int = 100_000) -> tuple[str, bool]:
    it = Interp(p, max_nodes=max_nodes)
    for res in it.entry_runs(entry):
        if res is FAIL:
            return "bug", it.cut
    return "correct", it.cut


def prepared_verdict(p: Program, entry: str, max_nodes: int = 100_000) -> tuple[str, bool]:
    it = Interp(p, max_nodes=max_nodes)
    for res in it.entry_runs(entry):
        assert res is not FAIL, "an assertion survived the pipeline"
        return "bug", it.cut
    return "correct", it.cut


def _cases():
    return [pytest.param(f, id=f.stem) for f in sorted(DATA.glob("*.bpl"))]


@pytest.mark.parametrize("path", _cases())
def test_verdict_preserved(path: Path):
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20000))
    text = path.read_text()
    case = read_case(path)
    expect = case.expect
    program = parse_program(text, path.name)
    prep = prepare(program, case.get("ENTRY"))
    typecheck(prep.program)
    before, cut1 = original_verdict(program, prep.original_entry)
    after, cut2 = prepared_verdict(prep.program, prep.entry)
    assert before == expect, f"interpreter disagrees with the file's EXPECT (cut={cut1})"
    if expect == "correct":
        assert not cut1 and not cut2, "exploration budget hit: inconclusive"
    assert after == before


# ----------------------------------------------------------------------------- random CFGs

def random_program(seed: int) -> str:
    """A random program with arbitrary (often irreducible, nested, multi-exit) control flow
    in two procedures, asserts, old(), calls (the callee is sometimes recursive, sometimes
    `{:inline N}`, and has random free/checked contracts; a body-less procedure havocs its
    modifies set under its ensures) and havoc.  A global `fuel` bounds every
    execution, so exploration always terminates."""
    import random
    rnd = random.Random(seed)

    def body(n_blocks: int, callee: str | None, out: str) -> str:
        lines = []
        for i in range(n_blocks):
            cmds = ["assume fuel > 0;", "fuel := fuel - 1;"]
            for _ in range(rnd.randint(0, 2)):
                k = rnd.randint(0, 3)
                choice = rnd.choice(["inc", "inc", "glob", "havoc", "assume", "assert",
                                     "assert", "old", "lt", "ge", "ext",
                                     "call" if callee else "inc"])
                cmds.append({
                    "inc": f"x := x + {k};",
                    "glob": "g := g + x;",
                    "havoc": "havoc y;",
                    "assume": f"assume y != {k};",
                    "lt": f"assume x < {k + 1};",
                    "ge": f"assume x >= {k};",
                    "assert": f"assert x + y != {k + 2};",
                    "old": f"assert g != old(g) + {k + 1};",
                    "call": f"call {out} := {callee}(y);",
                    "ext": "call x := ext(x);",
                }[choice])
            targets = rnd.sample(range(n_blocks), min(n_blocks, rnd.choice((1, 2, 2, 3))))
            if rnd.random() < 0.15 or i == n_blocks - 1:
                tr = "return;"
            else:
                tr = "goto " + ", ".join(f"B{t}" for t in targets) + ";"
            lines.append(f"  B{i}:\n    " + "\n    ".join(cmds + [tr]))
        return "\n".join(lines)

    inline = rnd.choice(["", "", "{:inline 1} ", "{:inline 2} "])
    recursive = rnd.random() < 0.4
    contract = ""
    for kind in ("requires", "ensures"):
        if rnd.random() < 0.4:
            free = rnd.choice(["", "free "])
            cond = f"a != {rnd.randint(0, 3)}" if kind == "requires" else \
                rnd.choice([f"x != {rnd.randint(0, 4)}", f"g >= old(g) - {rnd.randint(0, 2)}"])
            contract += f"  {free}{kind} {cond};\n"
    callee = f"""
procedure ext(a: int) returns (r: int);
  modifies g;
  ensures r >= a && r <= a + 1;
  ensures g == old(g) || g == old(g) + r;

procedure {inline}p(a: int) returns (x: int)
  modifies g, fuel;
{contract}{{
  var y: int;
  start:
    x := a;
    havoc y;
    goto B0;
{body(rnd.randint(2, 4), "p" if recursive else None, "x")}
}}
"""
    main = f"""
procedure main()
  modifies g, fuel;
{{
  var x: int;
  var y: int;
  start:
    fuel := 6;
    x := 0;
    havoc y;
    goto {", ".join(f"B{t}" for t in rnd.sample(range(3), rnd.randint(1, 2)))};
{body(rnd.randint(3, 6), "p", "x")}
}}
"""
    return "var g: int;\nvar fuel: int;\n" + callee + main


# the default run's seeds: the first 40 whose programs the explorer decides within its state
# budget (the budget is a count, so this is fixed); seeds 10, 13, 17-19, 24-26, 28, 29, 34 and
# 36 hit it and only skipped ("exploration budget hit") -- they run with -m slow, as the rest
DEFAULT_SEEDS = frozenset((*range(10), 11, 12, 14, 15, 16, 20, 21, 22, 23, 27, 30, 31, 32, 33,
                           35, *range(37, 52)))


@pytest.mark.parametrize("seed", [pytest.param(s, marks=() if s in DEFAULT_SEEDS
                                               else pytest.mark.slow) for s in range(300)])
def test_random_programs(seed: int):
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20000))
    text = random_program(seed)
    program = parse_program(text, f"random{seed}.bpl")
    prep = prepare(program, "main")
    typecheck(prep.program)
    before, cut1 = original_verdict(program, "main", 30_000)
    after, cut2 = prepared_verdict(prep.program, prep.entry, 60_000)
    if cut1 or cut2:
        pytest.skip("exploration budget hit")
    assert after == before, text
