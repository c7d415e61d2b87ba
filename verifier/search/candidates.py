"""Candidate postconditions for Houdini (CORRAL TR Sec. 4.2, "Using Summaries").

Input: a prepared program (`boogie.passes.pipeline.prepare`), its error flag (the bool
global `pycorral_error` of `asserts.py`, None in reach mode) and optionally a file of user
candidates.  Output: `Candidate`s per procedure -- Boogie expressions over the procedure's
declared parameters and returns, the globals it reads, and `old(g)` for those globals.

Four sources:
* **Typestate** (the paper's schema).  A *typestate global* is an int, bool or bitvector
  global compared with constants (`g == c`, `g != c`, or a bare bool `g`) in an assertion
  (after preparation: the right-hand side `!e` of an assignment to the error flag) or in a
  branch condition (an `assume`).  Its constants are those compared with it, plus constants
  assigned to it.  For a procedure that reads g (and constants c, c'):
      `old(g) == c ==> g == c'`  and  `g == c'`  (only if it may modify g)
      `old(g) == c ==> !error`   and  `!error`   (only if it may set the error flag)
  With the lock rule (`s == 0` before acquire, `s == 1` before release) these are the six
  candidates of the paper plus the plain ones.  SMACK's programs compare a global only
  after loading it into a local (`$i1 := $M.1; $i2 := $eq.i32($i1, 1)`): a local is read
  as the global last loaded into it, a two-argument function as a comparison, and type
  synonyms (`i32 = int`) are expanded.  A procedure with one integer return r also gets
  each transition under `r == 0` and `r != 0` (a kernel call that takes a lock only when
  it returns 0).  In reach mode on Corral's instrumentation (`ok_flag_of` in houdini.py:
  `assertsPassed`, true while no assertion failed) "no error" is `old(ok) ==> ok`.
* **Relations** (reach mode on Corral's instrumentation): integer globals compared with
  each other (SMACK's counters of a kernel model, `$sge.i32($i5, $i6)`) give `old(g) op
  old(h) ==> g op h`, `g op h` and `old(g) op old(h) ==> (old(ok) ==> ok)`, op among
  <=, >=, ==.
* **User file** (`--candidates FILE`), one candidate per line:
      proc: expression        # a Boogie expression; old(g) is g at the procedure's entry
      *: expression           # every procedure whose variables cover the expression
  `#` starts a comment; blank lines are ignored.  A procedure name must be declared in the
  program (loop procedures are named `<proc>_loop_<header>`).  Names refer to the
  procedure's declared parameters/returns and to globals.
* **Annotations**: `ensures {:candidate} e` (also `{:template}`, free or not) on a
  procedure.  The pipeline has already turned such an ensures into a check at each return
  (`error := !e` or, free, `assume e`); `take_annotated` removes those commands again and
  returns `e` as a candidate, so a candidate never acts as an assertion or an assumption
  (only commands whose location precedes the procedure's body, i.e. made from its
  contract: an `assert {:candidate}` in a body stays a check).  Without `--houdini` they
  stay ordinary ensures.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from boogie.ast import (App, Assert, Assign, Assume, BoolLit, BoolType, BvLit, BvType, Expr,
                        FunCall,
                        IntLit, IntType, Loc, Old, Op, Program, Var, attr)
from boogie.errors import BoogieError, error
from boogie.parser import parse_expr
from boogie.passes.common import expand_synonyms, replace_procedures, type_decls
from boogie.visit import subexprs

CANDIDATE_ATTRS = ("candidate", "template")
MAX_CONSTANTS = 6          # constants kept per typestate global
MAX_GLOBALS = 8            # typestate globals kept (those in assertions first)


@dataclass(frozen=True, slots=True)
class Candidate:
    proc: str
    expr: Expr
    origin: str              # "typestate", "file:line", or "annotation"
    loc: Loc | None = None   # where a user candidate was written
    every: bool = False      # one instance of a `*` line: skipped (not an error) in a
    #                          procedure without its variables or where it is ill-typed


# ----------------------------------------------------------------------------- typestate

def _const(e: Expr, consts: set[str]) -> bool:
    return type(e) in (IntLit, BoolLit, BvLit) or (type(e) is Var and e.name in consts)


def _comparisons(e: Expr, scalars: set[str], consts: set[str],
                 alias: dict[str, str] | None = None):
    """(global, constant) pairs of `g == c`/`g != c`, and bare bool globals as (g, None).
    `alias` maps a local to the global last loaded into it (SMACK reads a global into a
    local and compares the local: `$i1 := $M.1; $i2 := $eq.i32($i1, 1)`); a two-argument
    function application (SMACK's `$eq.i32`, `$ne.i32`, ...) counts as a comparison."""
    alias = alias or {}

    def glob(x: Expr) -> str | None:
        if type(x) is not Var:
            return None
        n = alias.get(x.name, x.name)
        return n if n in scalars else None

    for x in subexprs(e):
        if (type(x) is App and x.op in (Op.EQ, Op.NEQ)) or \
                (type(x) is FunCall and len(x.args) == 2):
            a, b = x.args
            if glob(b) is not None:
                a, b = b, a
            g = glob(a)
            if g is not None and _const(b, consts):
                yield g, b
        elif type(x) is Var and x.name in scalars:
            yield x.name, None


def typestate(prog: Program, flag: str | None, ok: str | None = None
              ) -> dict[str, list[Expr]]:
    """Typestate globals and their constants (see the module doc); `ok`, Corral's
    `assertsPassed` flag in reach mode, is no typestate global."""
    gl = prog.global_vars()
    consts = set(prog.constants())
    tdecls = type_decls(prog)
    base = {n: expand_synonyms(d.type, tdecls) for n, d in gl.items()}
    scalars = {n for n in gl
               if type(base[n]) in (IntType, BoolType, BvType) and n not in (flag, ok)}
    bools = {n for n in scalars if type(base[n]) is BoolType}
    in_assert: dict[str, list[Expr]] = {}
    in_branch: dict[str, list[Expr]] = {}
    assigned: dict[str, list[Expr]] = {}

    def note(table, g, c):
        if c is None:
            if g not in bools:
                return
            table.setdefault(g, [])
            for v in (BoolLit(False), BoolLit(True)):
                if v not in table[g]:
                    table[g].append(v)
            return
        lst = table.setdefault(g, [])
        if c not in lst:
            lst.append(c)

    for d in prog.procedures().values():
        alias: dict[str, str] = {}      # local -> the global loaded into it
        for b in (d.body.blocks if d.body is not None else ()):
            for c in b.cmds:
                t = type(c)
                if t is Assign:
                    for lhs, rhs in zip(c.lhs, c.rhs):
                        if type(lhs) is Var and lhs.name == flag:
                            for g, k in _comparisons(rhs, scalars, consts, alias):
                                note(in_assert, g, k)
                        elif type(lhs) is Var and lhs.name in scalars and _const(rhs, consts):
                            note(assigned, lhs.name, rhs)
                        elif type(lhs) is Var and lhs.name not in gl:
                            if type(rhs) is Var and rhs.name in scalars:
                                alias[lhs.name] = rhs.name
                                continue
                            # a local holding a comparison of a loaded global (SMACK)
                            for g, k in _comparisons(rhs, scalars, consts, alias):
                                if k is not None:
                                    note(in_branch, g, k)
                elif t is Assert:
                    for g, k in _comparisons(c.expr, scalars, consts, alias):
                        note(in_assert, g, k)
                elif t is Assume:
                    for g, k in _comparisons(c.expr, scalars, consts, alias):
                        if g in bools or k is not None:
                            note(in_branch, g, k)
    order = list(in_assert) + [g for g in in_branch if g not in in_assert]
    out: dict[str, list[Expr]] = {}
    for g in order[:MAX_GLOBALS]:
        cs = list(in_assert.get(g, ()))
        for k in in_branch.get(g, []) + assigned.get(g, []):
            if k not in cs:
                cs.append(k)
        out[g] = cs[:MAX_CONSTANTS]
    return out


MAX_RELATIONS = 6          # pairs of globals compared with each other kept


def relations(prog: Program, flag: str | None, ok: str | None = None
              ) -> list[tuple[str, str]]:
    """Pairs of integer globals compared with each other, each read into a local first
    (SMACK: `$i5 := $M.5; $i6 := $M.7; $i7 := $sge.i32($i5, $i6)`): the counters of a
    kernel model (files created vs. attributes used) whose relation is the invariant."""
    gl = prog.global_vars()
    tdecls = type_decls(prog)
    ints = {n for n, d in gl.items()
            if type(expand_synonyms(d.type, tdecls)) is IntType and n not in (flag, ok)}
    out: list[tuple[str, str]] = []
    for d in prog.procedures().values():
        alias: dict[str, str] = {}
        for b in (d.body.blocks if d.body is not None else ()):
            for c in b.cmds:
                if type(c) is not Assign:
                    continue
                for lhs, rhs in zip(c.lhs, c.rhs):
                    if type(lhs) is not Var or lhs.name in gl:
                        continue
                    if type(rhs) is Var and rhs.name in ints:
                        alias[lhs.name] = rhs.name
                        continue
                    for x in subexprs(rhs):
                        if type(x) not in (App, FunCall) or len(x.args) != 2:
                            continue
                        a, b2 = (alias.get(y.name, y.name) if type(y) is Var else None
                                 for y in x.args)
                        if a in ints and b2 in ints and a != b2:
                            pair = (min(a, b2), max(a, b2))
                            if pair not in out:
                                out.append(pair)
    return out[:MAX_RELATIONS]


def relation_candidates(proc: str, pairs: list[tuple[str, str]], reads: frozenset[str],
                        mods: frozenset[str], ok: str | None = None) -> list[Candidate]:
    """For each pair (g, h) the procedure reads and may change: `old(g) op old(h) ==>
    g op h` (op among <=, >=, ==), `g op h`, and with Corral's flag `old(g) op old(h) ==>
    (old(ok) ==> ok)`."""
    out: list[Expr] = []
    for g, h in pairs:
        if g not in reads or h not in reads or not ({g, h} & mods):
            continue
        for op in (Op.LE, Op.GE, Op.EQ):
            pre = App(op, (Old(Var(g)), Old(Var(h))))
            post = App(op, (Var(g), Var(h)))
            out.extend((_imp(pre, post), post))
            if ok is not None and ok in mods:
                out.append(_imp(pre, _imp(Old(Var(ok)), Var(ok))))
    return [Candidate(proc, e, "relation") for e in out]


def _eq(a: Expr, b: Expr) -> Expr:
    return App(Op.EQ, (a, b))


def _imp(a: Expr, b: Expr) -> Expr:
    return App(Op.IMP, (a, b))


def typestate_candidates(proc: str, states: dict[str, list[Expr]], reads: frozenset[str],
                         mods: frozenset[str], flag: str | None, ok: str | None = None,
                         status: tuple[str, ...] = ()) -> list[Candidate]:
    """The paper's schema for one procedure (see the module doc).  `ok`: the error flag
    of Corral's instrumentation in reach mode (`assertsPassed`: no error while true).
    `status`: the procedure's integer returns; a kernel-style function's new state may
    depend on whether it returns 0 (`mutex_lock_interruptible` takes the lock only when
    it returns 0), so each transition is also a candidate under `r == 0` and `r != 0`."""
    out: list[Expr] = []
    no_error = App(Op.NOT, (Var(flag),)) if flag is not None and flag in mods else None
    if no_error is None and ok is not None and ok in mods:
        # `old(ok) ==> ok`: Corral's instrumentation lets a procedure run on with the flag
        # already false (a loop procedure has no `free requires ok`), so no claim then
        no_error = _imp(Old(Var(ok)), Var(ok))
    for g, cs in states.items():
        if g not in reads:
            continue
        for c in cs:
            pre = _eq(Old(Var(g)), c)
            if g in mods:
                out.extend(_imp(pre, _eq(Var(g), c2)) for c2 in cs)
                for r in status[:1]:
                    for cond in (_eq(Var(r), IntLit(0)), App(Op.NEQ, (Var(r), IntLit(0)))):
                        both = App(Op.AND, (pre, cond))
                        out.extend(_imp(both, _eq(Var(g), c2)) for c2 in cs)
            if no_error is not None:
                out.append(_imp(pre, no_error))
        if g in mods:
            out.extend(_eq(Var(g), c2) for c2 in cs)
    if no_error is not None:
        out.append(no_error)
    return [Candidate(proc, e, "typestate") for e in out]


# ----------------------------------------------------------------------------- loops

MAX_BODY_CONSTANTS = 8     # integer constants of a body kept for interval candidates
MAX_INTERVAL_VARS = 8      # variables given interval candidates per procedure


def body_constants(body, limit: int = MAX_BODY_CONSTANTS) -> list[int]:
    """The integer literals of a procedure body (and 0), smallest magnitude first."""
    seen: set[int] = {0}
    for b in body.blocks:
        for c in b.cmds:
            for e in _cmd_exprs(c):
                for x in subexprs(e):
                    if type(x) is IntLit and abs(x.value) < 2**31:
                        seen.add(x.value)
                        seen.add(x.value + 1)
                        seen.add(x.value - 1)
    return sorted(seen, key=lambda v: (abs(v), v))[:limit]


def _cmd_exprs(c) -> list[Expr]:
    from boogie.visit import cmd_exprs
    return list(cmd_exprs(c))


def shape_candidates(proc: str, decl, body, ints: dict[str, str],
                     mods: frozenset[str]) -> list[Candidate]:
    """Cheap candidates for an extracted loop or a recursive procedure (seed paper 000's
    Houdini, with the interval and (in)equality schema of abstract interpretation):
    * intervals `v >= c` and `v <= c` for its integer outputs and the integer globals it
      may modify, c among the constants of its body (and their neighbours, and 0);
    * (in)equalities between an output and the input it starts from (a loop's `in_x` and
      `x`; `old(g)` and `g`): `==`, `<=`, `>=`;
    * (in)equalities between two integer outputs: `<=`, `>=`;
    * an output equal to the sum, a difference or the product of two inputs (the
      product also under both inputs non-negative).
    `ints` maps each integer name usable here to "in", "out" or "global"."""
    consts = body_constants(body)
    outs = [n for n, k in ints.items() if k == "out"]
    mglobals = [n for n, k in ints.items() if k == "global" and n in mods]
    out: list[Expr] = []
    for v in (outs + mglobals)[:MAX_INTERVAL_VARS]:
        for c in consts:
            lit = IntLit(c) if c >= 0 else App(Op.NEG, (IntLit(-c),))
            out.append(App(Op.GE, (Var(v), lit)))
            out.append(App(Op.LE, (Var(v), lit)))
    pairs: list[tuple[Expr, Expr]] = []
    params = [d.name for d in decl.params]
    for v in outs:
        start = f"in_{v}" if f"in_{v}" in params else None
        if start is not None:
            pairs.append((Var(v), Var(start)))
    for g in mglobals:
        pairs.append((Var(g), Old(Var(g))))
    for a, b in pairs:
        out.extend(App(op, (a, b)) for op in (Op.EQ, Op.LE, Op.GE))
    for i, a in enumerate(outs):
        for b in outs[i + 1:]:
            out.extend(App(op, (Var(a), Var(b))) for op in (Op.LE, Op.GE))
    # an output as a sum, difference or product of two inputs (recursive arithmetic:
    # addition and multiplication by repeated steps)
    ins = [n for n, k in ints.items() if k == "in"][:4]
    for v in outs[:2]:
        for i, a in enumerate(ins):
            for b in ins[i:]:
                prod = App(Op.EQ, (Var(v), App(Op.MUL, (Var(a), Var(b)))))
                out.append(prod)
                nonneg = App(Op.AND, (App(Op.GE, (Var(a), IntLit(0))),
                                      App(Op.GE, (Var(b), IntLit(0)))))
                out.append(App(Op.IMP, (nonneg, prod)))
                if a != b:
                    out.append(App(Op.EQ, (Var(v), App(Op.ADD, (Var(a), Var(b))))))
                    out.append(App(Op.EQ, (Var(v), App(Op.SUB, (Var(a), Var(b))))))
                    out.append(App(Op.EQ, (Var(v), App(Op.SUB, (Var(b), Var(a))))))
    return [Candidate(proc, e, "shape") for e in out]


# ----------------------------------------------------------------------------- user file

def read_candidates_file(path: str, prog: Program) -> list[Candidate]:
    """Candidates of a `--candidates` file (format in the module doc); `*` lines become one
    candidate per procedure with a body.  Bad lines raise BoogieError at file:line."""
    try:
        data = Path(path).read_bytes()
    except OSError as e:
        raise error("input", Loc(path, 0), f"cannot read candidates file: {e.strerror}")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        col = e.start - (data.rfind(b"\n", 0, e.start) + 1) + 1
        raise error("input", Loc(path, line, col),
                    "candidates file is not UTF-8 text") from None
    procs = prog.procedures()
    out: list[Candidate] = []
    for n, line in enumerate(text.splitlines(), 1):
        body = line.split("#", 1)[0].strip()
        if not body:
            continue
        loc = Loc(path, n, 1)
        name, sep, src = body.partition(":")
        name = name.strip()
        if not sep or not name or not src.strip():
            raise error("parse", loc, "expected 'procedure: expression'")
        if name != "*" and name not in procs:
            raise error("undeclared", loc, f"candidate for undeclared procedure {name}")
        try:
            e = parse_expr(src.strip(), path)
        except BoogieError as err:
            raise error("parse", loc, f"bad candidate expression: {err.first.message}")
        targets = [p for p, d in procs.items() if d.body is not None] if name == "*" \
            else [name]
        out.extend(Candidate(p, e, f"{path}:{n}", loc, every=name == "*") for p in targets)
    return out


# ----------------------------------------------------------------------------- annotations

def take_annotated(prog: Program, flag: str | None) -> tuple[Program, list[Candidate]]:
    """Removes the commands the pipeline made of `ensures {:candidate} e` and returns the
    program and the candidates.  An `error := !e` check is dropped whole: the flag is false
    wherever execution goes on (the instrumentation's invariant), so the failure branch
    after it becomes infeasible, as if the check had never been made."""
    found: list[Candidate] = []
    new = {}
    for name, d in prog.procedures().items():
        if d.body is None:
            continue
        blocks = []
        changed = False
        for b in d.body.blocks:
            cmds = []
            for c in b.cmds:
                e = _annotated(c, flag) if _before(c.loc, d.body.loc) else None
                if e is None:
                    cmds.append(c)
                    continue
                changed = True
                if not any(x.expr == e for x in found if x.proc == name):
                    found.append(Candidate(name, e, "annotation", c.loc))
            blocks.append(replace(b, cmds=tuple(cmds)) if len(cmds) != len(b.cmds) else b)
        if changed:
            new[name] = replace(d, body=replace(d.body, blocks=tuple(blocks)))
    return (replace_procedures(prog, new) if new else prog), found


def _before(loc: Loc, body: Loc) -> bool:
    """Was the command written before the body, i.e. made from a contract?  An `assert
    {:candidate}` inside the body stays a check (dropping it could hide a bug)."""
    return bool(loc.line) and loc.file == body.file and (loc.line, loc.col) < (body.line, body.col)


def _annotated(c, flag: str | None) -> Expr | None:
    attrs = getattr(c, "attrs", ())
    if not any(attr(attrs, a) is not None for a in CANDIDATE_ATTRS):
        return None
    if type(c) is Assume:
        return c.expr
    if type(c) is Assign and len(c.lhs) == 1 and type(c.lhs[0]) is Var \
            and c.lhs[0].name == flag:
        rhs = c.rhs[0]
        if type(rhs) is App and rhs.op is Op.NOT:
            return rhs.args[0]
        if type(rhs) is BoolLit:
            return BoolLit(not rhs.value)
    return None
