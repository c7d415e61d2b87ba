"""Typestate rules as ghost state and assertions around the named calls.

Turns a program and a set of rules (`boogie/rules.py`) into a program whose assertions also
check the rules, checked from `entry` -- the instrumentation SLIC rules get before a driver
is checked (Ball & Rajamani, SLIC: a specification language for interface checking,
MSR-TR-2001-21), as SDV does before Corral (Lal, Qadeer & Lahiri, A solver for
reachability modulo theories, CAV 2012):

* per keyed rule R (`key argN`) three ghost globals (named `pycorral_rule$R$...`: the
  verifier's own, left out of traces): `R$state: [K]int` and `R$base: [K]int`
  (K: the type of the key parameter of the rule's functions) and, with `at exit`, a counter
  `R$bad: int`.  The state of object k is `R$state[k] - R$base[k]` (state numbers: the
  order of the `states` line, the initial one 0).  The entry starts with
  `R$state := R$base` -- every object in the initial state, without a quantifier or a
  constant map: `R$base` is never written, so whatever it holds, the difference is 0.
  (A `lambda` or an assumed `forall` initialisation defeated the Horn-clause prover, which
  proves this form.)
  `R$bad` counts the objects in a state `at exit` does not accept (0 at the start: the
  initial state must be accepted); each move adds the change it makes to that count.
* per global rule (`key global`) one ghost `R$state: int`, 0 at the start of the entry.
* before every `call F(args)` whose callee is named in a rule (the procedure is the C name,
  or the C name + "$", the front ends' spelling of a Boogie-reserved word), for each rule
  naming F, with k the key argument:
      assert {:rule "R", "message", "description", "F"} k == NULL || state(k) in sources;
      R$bad := R$bad + (k == NULL ? 0 : bad(new) - bad(state(k)));   (with `at exit`)
      R$state[k] := R$base[k] + new;                                  (new: the moves)
  The move happens *before* the call, whether or not the callee returns.  A NULL key
  (the literal 0 of an int or bit-vector key type) is not an object: it is neither
  checked nor counted.  A move line with `*` has no assertion.
* a move that tests the call's result (`unlocked -> locked if result != 0`) happens after
  the call instead: the key and the state at the call are kept in two locals
  (`R$key`, `R$pre`), and when the call returns
      R$state[key] := R$base[key] + (pre == s && r != 0 ? t : ... : state(key));
  with the count following, r being the call's result variable.
* before every `return` of the entry: `assert {:rule ...} R$bad == 0` (keyed) or
  `assert {:rule ...} R$state in accepted` (global).  When the program calls the entry
  itself, a copy of it is the entry instead (a nested return is not the exit).
* the instrumented procedures modify the ghosts (`infer_modifies` completes the callers).

The assertions are ordinary ones (`asserts.py` turns them into the error flag), located at
the call (or at the entry's return), so proofs and bounded answers cover them; the verifier
reads `{:rule}` on the failing assertion to report "rule R violated: message".
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Sequence

from ..ast import (NO_LOC, App, Assert, Assign, Attr, Block, BvLit, BvType, Call, Cmd, Expr,
                   Goto, IntLit, IntType, Ite, Loc, MapSelect, MapType, Op, ProcedureDecl,
                   Program, Return, Type, Var, VarDecl)
from ..errors import Unsupported, error
from ..rules import CallRule, Rule
from .common import (Namer, attach_implementations, block_labels, code_expr_calls,
                     expand_synonyms, program_names, replace_procedures, successors,
                     type_decls, without_attr)
from .modifies import infer_modifies

# on a rule's assertion: {:rule "name", "message", "description", "C function" or ""}
RULE_ATTR = "rule"
SOURCE_ATTRS = ("sourceloc", "sourcefile", "sourceline")


@dataclass(frozen=True, slots=True)
class Unused:
    """A function a rule names that the program never calls."""
    rule: str
    function: str
    loc: Loc


@dataclass(frozen=True, slots=True)
class RulesInstrumented:
    program: Program
    entry: str                      # the entry to check (a copy when the program calls it)
    ghosts: tuple[str, ...]         # the ghost globals (worth tracking from the start)
    checked_calls: int              # call sites instrumented
    unused: tuple[Unused, ...]      # functions named in rules and never called


@dataclass(frozen=True, slots=True)
class _Ghost:
    """A rule's ghost variables in the program."""
    rule: Rule
    state: str
    base: str | None                # keyed rules only
    bad: str | None                 # keyed rules with `at exit` only
    key_type: Type | None           # keyed rules only
    null: Expr | None               # the key type's NULL, when it has one


def instrument_rules(p: Program, rules: Sequence[Rule], entry: str) -> RulesInstrumented:
    """Turns `p` (checked from `entry`) into the program with the rules' ghost state and
    assertions (see the module docstring)."""
    p = attach_implementations(p)
    procs = p.procedures()
    if entry not in procs or procs[entry].body is None:
        raise error("undeclared", p.loc, f"entry procedure {entry} has no body")
    names = Namer(program_names(p))
    called = _called(p)
    table: dict[str, list[tuple[_Ghost, CallRule]]] = {}
    ghosts: list[_Ghost] = []
    unused: list[Unused] = []
    for rule in rules:
        resolved = []
        for c in rule.calls:
            proc = _procedure(c.function, procs)
            if proc is None or proc not in called:
                unused.append(Unused(rule.name, c.function, c.loc))
            else:
                resolved.append((c, proc))
        if rule.key is not None and not resolved:
            continue                # no object ever leaves the initial state
        g = _ghost(rule, resolved, procs, names, p)
        ghosts.append(g)
        for c, proc in resolved:
            table.setdefault(proc, []).append((g, c))
    _reject_code_expression_calls(p, table)
    new: dict[str, ProcedureDecl] = {}
    count = 0
    types = type_decls(p)
    for n, d in procs.items():
        if d.body is None:
            continue
        d, k = _Site(d, procs, names, types).run(table)
        count += k
        if k:
            new[n] = d
    start = entry
    added: list = [v for g in ghosts for v in _decls(g)]
    entry_decl = new.get(entry, procs[entry])
    if entry in called:             # the program calls its entry: check a copy of it
        start = names.fresh(f"{entry}$rules")
        entry_decl = replace(entry_decl, name=start,
                             attrs=without_attr(entry_decl.attrs, "entrypoint"))
        added.append(_with_entry_checks(entry_decl, ghosts))
    else:
        new[entry] = _with_entry_checks(entry_decl, ghosts)
    out = infer_modifies(replace_procedures(p, new, added))
    return RulesInstrumented(out, start, tuple(v.name for v in added if isinstance(v, VarDecl)),
                             count, tuple(unused))


# ----------------------------------------------------------------------------- resolution

def _called(p: Program) -> set[str]:
    """The procedures the program calls (calls inside code expressions included)."""
    out: set[str] = set()
    for d in p.decls:
        if isinstance(d, ProcedureDecl) and d.body is not None:
            for b in d.body.blocks:
                out.update(c.proc for c in b.cmds if type(c) is Call)
                out.update(c.proc for c in code_expr_calls(b))
    return out


def _procedure(function: str, procs: dict[str, ProcedureDecl]) -> str | None:
    """The procedure of a C function: its name, or its name + "$" (a Boogie-reserved
    word, as the front ends spell it)."""
    if function in procs:
        return function
    if function + "$" in procs:
        return function + "$"
    return None


def _ghost(rule: Rule, resolved, procs: dict[str, ProcedureDecl], names: Namer,
           p: Program) -> _Ghost:
    state = names.fresh(f"pycorral_rule${rule.name}$state")
    if rule.key is None:
        return _Ghost(rule, state, None, None, None, None)
    key_type: Type | None = None
    first = ""
    for c, proc in resolved:
        params = procs[proc].params
        if c.key > len(params):
            raise error("arity", c.loc, f"rule {rule.name}: {c.function} has {len(params)} "
                        f"parameter(s), so it has no argument arg{c.key}")
        t = params[c.key - 1].type
        if key_type is None:
            key_type, first = t, c.function
        elif t != key_type:
            raise error("type", c.loc, f"rule {rule.name}: the key of {c.function} "
                        f"(arg{c.key}) is of type {t}, the key of {first} of type {key_type}")
    base = names.fresh(f"pycorral_rule${rule.name}$base")
    bad = names.fresh(f"pycorral_rule${rule.name}$bad") if rule.exit is not None else None
    return _Ghost(rule, state, base, bad, key_type, _null(key_type, p))


def _null(t: Type, p: Program) -> Expr | None:
    """NULL of a key type: 0 of an integer or bit-vector type (the front ends' pointers);
    None for other types (a Boogie `ref`, say: no NULL is known)."""
    t = expand_synonyms(t, type_decls(p))
    if isinstance(t, IntType):
        return IntLit(0)
    if isinstance(t, BvType):
        return BvLit(0, t.width)
    return None


def _decls(g: _Ghost) -> list[VarDecl]:
    loc = g.rule.loc
    if g.key_type is None:
        return [VarDecl(g.state, IntType(), loc=loc)]
    m = MapType((g.key_type,), IntType())
    out = [VarDecl(g.state, m, loc=loc), VarDecl(g.base, m, loc=loc)]
    if g.bad is not None:
        out.append(VarDecl(g.bad, IntType(), loc=loc))
    return out


def _reject_code_expression_calls(p: Program, table) -> None:
    """A call inside a code expression has no place for a check before it: unsupported
    (never left unchecked)."""
    for d in p.decls:
        if isinstance(d, ProcedureDecl) and d.body is not None:
            for b in d.body.blocks:
                for c in code_expr_calls(b):
                    if c.proc in table:
                        raise Unsupported(f"{c.loc}: a rule's function ({c.proc}) is called "
                                          "inside a code expression")


# ----------------------------------------------------------------------------- calls

class _Site:
    """Instruments the calls of one procedure; the locals that hold a key and a state
    across a call whose result a move tests are declared once per rule."""

    def __init__(self, d: ProcedureDecl, procs: dict[str, ProcedureDecl], names: Namer,
                 types: dict):
        self.d, self.procs, self.names, self.types = d, procs, names, types
        self.locals: dict[str, tuple[VarDecl, VarDecl | None]] = {}

    def saved(self, g: _Ghost) -> tuple[Var, Var | None]:
        """(the pre-call state's local, the key's local or None)."""
        if g.rule.name not in self.locals:
            pre = VarDecl(self.names.fresh(f"pycorral_rule${g.rule.name}$pre"), IntType())
            key = VarDecl(self.names.fresh(f"pycorral_rule${g.rule.name}$key"), g.key_type) \
                if g.key_type is not None else None
            self.locals[g.rule.name] = (pre, key)
        pre, key = self.locals[g.rule.name]
        return Var(pre.name), (Var(key.name) if key is not None else None)

    def around(self, c: Call, g: _Ghost, rc: CallRule) -> tuple[list[Cmd], list[Cmd]]:
        """The commands before and after the call `c` for one rule naming its callee."""
        rule, loc = g.rule, c.loc
        key = None if rc.key is None else c.args[rc.key - 1]
        before: list[Cmd] = []
        after: list[Cmd] = []
        if rc.tests_result:             # the key and the state as they were at the call
            pre, saved_key = self.saved(g)
            if saved_key is not None:
                before.append(Assign((saved_key,), (key,), loc=loc))
                key = saved_key
            before.append(Assign((pre,), (_state_of(g, key),), loc=loc))
        st = _state_of(g, key)
        sources = rc.sources()
        if sources is not None:
            ok = _is(st, [rule.code(s) for s in sources])
            if key is not None and g.null is not None:
                ok = App(Op.OR, (App(Op.EQ, (key, g.null)), ok))
            before.append(Assert(ok, _rule_attrs(rule, rc.message, c, rc.function), loc=loc))
        if any(m.when is None for m in rc.moves):
            before.extend(_update(g, key, _moved_now(rule, rc, st), loc))
        if rc.tests_result:
            result = self.result(c, rule, rc)
            new = _moved_after(rule, rc, pre, result, st)
            after.extend(_update(g, key, new, loc))
        return before, after

    def result(self, c: Call, rule: Rule, rc: CallRule) -> tuple[Expr, Type]:
        q = self.procs[c.proc]
        if not q.returns or not c.outs:
            raise error("arity", rc.loc, f"rule {rule.name}: {rc.function} returns no result "
                        "for a move to test")
        return Var(c.outs[0]), expand_synonyms(q.returns[0].type, self.types)

    def run(self, table) -> tuple[ProcedureDecl, int]:
        d = self.d
        count = 0
        blocks = []
        touched: list[str] = []
        for b in d.body.blocks:
            cmds: list[Cmd] = []
            for c in b.cmds:
                if type(c) is Call and c.proc in table:
                    later: list[Cmd] = []
                    for g, rule_call in table[c.proc]:
                        before, after = self.around(c, g, rule_call)
                        cmds.extend(before)
                        later.extend(after)
                        touched.extend(n for n in (g.state, g.bad) if n is not None)
                    count += 1
                    cmds.append(c)
                    cmds.extend(later)
                else:
                    cmds.append(c)
            blocks.append(replace(b, cmds=tuple(cmds)) if len(cmds) != len(b.cmds) else b)
        if not count:
            return d, 0
        new_locals = tuple(v for pair in self.locals.values() for v in pair if v is not None)
        mods = d.modifies + tuple(n for n in dict.fromkeys(touched) if n not in d.modifies)
        body = replace(d.body, locals=d.body.locals + new_locals, blocks=tuple(blocks))
        return replace(d, modifies=mods, body=body), count


def _state_of(g: _Ghost, key: Expr | None) -> Expr:
    if key is None:
        return Var(g.state)
    return App(Op.SUB, (MapSelect(Var(g.state), (key,)), MapSelect(Var(g.base), (key,))))


def _is(e: Expr, codes) -> Expr:
    """e == c1 || e == c2 || ... (false for no codes)."""
    out: Expr | None = None
    for c in codes:
        test = App(Op.EQ, (e, IntLit(c)))
        out = test if out is None else App(Op.OR, (out, test))
    return out if out is not None else App(Op.NEQ, (e, e))


def _rule_attrs(rule: Rule, message: str, c, function: str) -> tuple[Attr, ...]:
    own = Attr(RULE_ATTR, (rule.name, message, rule.description, function))
    return (own,) + tuple(a for a in getattr(c, "attrs", ()) if a.name in SOURCE_ATTRS)


def _update(g: _Ghost, key: Expr | None, new: Expr, loc: Loc) -> list[Cmd]:
    """The state of `key` (the rule's state when global) becomes `new`; the count of
    objects outside the accepted exit states follows (a NULL key is not an object)."""
    rule = g.rule
    st = _state_of(g, key)
    out: list[Cmd] = []
    if g.bad is not None:
        accepted = [rule.code(s) for s in rule.exit.accepted]
        delta = App(Op.SUB, (_bad(new, accepted), _bad(st, accepted)))
        if g.null is not None:
            delta = Ite(App(Op.EQ, (key, g.null)), IntLit(0), delta)
        out.append(Assign((Var(g.bad),), (App(Op.ADD, (Var(g.bad), delta)),), loc=loc))
    if key is None:
        out.append(Assign((Var(g.state),), (new,), loc=loc))
    else:
        value = App(Op.ADD, (MapSelect(Var(g.base), (key,)), new))
        out.append(Assign((MapSelect(Var(g.state), (key,)),), (value,), loc=loc))
    return out


def _moved_now(rule: Rule, rc: CallRule, st: Expr) -> Expr:
    """The state at the call, after the moves that do not test the result: a conditional
    over the state before.  After the assertion the state is one of the listed sources
    (or `*` covers the rest), so without `*` and moves testing the result the last move
    needs no test; a state whose moves test the result keeps its state until the call
    returns."""
    now = [m for m in rc.moves if m.source is not None and m.when is None]
    later = list(dict.fromkeys(m.source for m in rc.moves if m.when is not None))
    star = next((m for m in rc.moves if m.source is None), None)
    cases: list[tuple[str, Expr]] = [(m.source, IntLit(rule.code(m.target))) for m in now]
    cases += [(s, st) for s in later]
    if star is not None:
        out: Expr = IntLit(rule.code(star.target))
    elif later:
        out = st
    else:
        out = cases.pop()[1]
    for source, value in reversed(cases):
        if value != out:
            out = Ite(App(Op.EQ, (st, IntLit(rule.code(source)))), value, out)
    return out


def _moved_after(rule: Rule, rc: CallRule, pre: Expr, result: tuple[Expr, Type],
                 st: Expr) -> Expr:
    """The state when the call returns: the first move testing the result whose source
    was the state at the call and whose test holds, else the state as it is."""
    out: Expr = st
    value, typ = result
    for m in reversed([m for m in rc.moves if m.when is not None]):
        op, n = m.when
        test = App(Op.EQ if op == "==" else Op.NEQ, (value, _literal(n, typ, rc)))
        cond = App(Op.AND, (App(Op.EQ, (pre, IntLit(rule.code(m.source)))), test))
        out = Ite(cond, IntLit(rule.code(m.target)), out)
    return out


def _literal(n: int, typ: Type, rc: CallRule) -> Expr:
    """n as a value of the result's type: an integer, or a bit vector (two's complement)."""
    if isinstance(typ, BvType):
        return BvLit(n % (1 << typ.width), typ.width)
    if isinstance(typ, IntType):
        return IntLit(n) if n >= 0 else App(Op.NEG, (IntLit(-n),))
    raise error("type", rc.loc, f"{rc.function} returns a {typ}, which a move cannot test "
                "against a number")


def _bad(v: Expr, accepted: list[int]) -> Expr:
    """1 when the state v is not accepted at exit, else 0."""
    if type(v) is IntLit:
        return IntLit(0 if v.value in accepted else 1)
    return Ite(_is(v, accepted), IntLit(0), IntLit(1))


# ----------------------------------------------------------------------------- the entry

def _with_entry_checks(d: ProcedureDecl, ghosts: list[_Ghost]) -> ProcedureDecl:
    """The ghosts set to the initial state on entry; the `at exit` checks before every
    return."""
    init: list[Cmd] = []
    checks: list[tuple[_Ghost, Expr]] = []
    loc = d.loc
    for g in ghosts:
        if g.key_type is None:
            init.append(Assign((Var(g.state),), (IntLit(0),), loc=loc))
            if g.rule.exit is not None:
                accepted = [g.rule.code(s) for s in g.rule.exit.accepted]
                checks.append((g, _is(Var(g.state), accepted)))
        else:
            init.append(Assign((Var(g.state),), (Var(g.base),), loc=loc))
            if g.bad is not None:
                init.append(Assign((Var(g.bad),), (IntLit(0),), loc=loc))
                checks.append((g, App(Op.EQ, (Var(g.bad), IntLit(0)))))
    if not init:
        return d
    blocks = list(d.body.blocks)
    first = blocks[0]
    if any(first.label in successors(b) for b in blocks):   # a loop head: a block before it
        label = Namer(block_labels(blocks)).fresh("rules_init")
        blocks.insert(0, Block(label, tuple(init), Goto((first.label,), loc=first.loc),
                               loc=first.loc))
    else:
        blocks[0] = replace(first, cmds=tuple(init) + first.cmds)
    out = []
    for b in blocks:
        if isinstance(b.transfer, Return) and checks:
            where = _return_loc(b, d)
            b = replace(b, cmds=b.cmds + tuple(
                Assert(e, (Attr(RULE_ATTR, (g.rule.name, g.rule.exit.message,
                                            g.rule.description, "")),), loc=where)
                for g, e in checks))
        out.append(b)
    mods = d.modifies + tuple(n for g in ghosts for n in (g.state, g.bad)
                              if n is not None and n not in d.modifies)
    return replace(d, modifies=mods, body=replace(d.body, blocks=tuple(out)))


def _return_loc(b: Block, d: ProcedureDecl) -> Loc:
    """Where the entry returns: the `return`'s location, else the block's last located
    command, else the procedure's."""
    if b.transfer.loc.line > 0:
        return b.transfer.loc
    for c in reversed(b.cmds):
        if c.loc.line > 0:
            return c.loc
    return d.loc if d.loc.line > 0 else NO_LOC
