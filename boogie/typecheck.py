"""Turns a parsed Boogie `Program` into a `TypeInfo` (resolved signatures and expanded types),
or raises `BoogieError` with every resolution and type diagnostic found.

Role: the checker between the parser and every later stage; a pass that produces Boogie can
run `typecheck` on its output (STYLE.md: "validate after every pass").  Rules follow Boogie's
own type checker (Leino, "This is Boogie 2", sections 2-4):

- names resolve: variables and constants (one namespace), functions and procedures (one
  namespace, as Boogie's "funcdures"), types, and labels (per body); no duplicates;
- `+ - *` and `< <= > >=` take two ints or two reals; `div mod` ints; `/` ints or reals and
  yields real; `**` reals; unary `-` int or real; `! && || ==> <== <==>` bools; `== != <:`
  need equal types; `++` concatenates bitvectors (widths add); `e[hi:lo]` needs
  `0 <= lo <= hi <= width`.  Like Boogie, arithmetic on bitvectors is an error (it is written
  with `{:bvbuiltin}` functions);
- map select/update arity and index types; function and procedure argument counts and types;
  polymorphic maps and functions by simple first-order matching of type parameters;
- `old` only in postconditions and procedure bodies; assignments, `havoc` and call outputs
  only to mutable variables (not constants, in-parameters or bound variables); the left and
  right sides of an assignment agree in number and type;
- an implementation's signature matches its procedure's; `modifies` lists global variables,
  and (with `check_modifies`) every global a body writes, directly or through a callee's
  `modifies` clause, is in its procedure's `modifies` clause.

Attribute arguments are not checked (they may mention anything).  Diagnostic codes:
"undeclared", "duplicate", "type", "arity", "immutable", "modifies", "label", "unsupported".
Expressions are walked with the iterative `boogie.visit.postorder`, so long chains are safe.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping

from .ast import (App, Assert, Assign, Assume, BoolLit, BvLit, BvType, Call, Cmd, CodeExpr,
                  ConstDecl, Expr, Extract, FunCall, FunctionDecl, Goto, Havoc,
                  ImplementationDecl, IntLit, Ite, Loc, MapSelect, MapStore, MapType,
                  NamedType, NO_LOC, Old, Op, ProcedureDecl, Program, Quant, QuantKind,
                  RealLit, Return, Type, TypeDecl, Var, VarDecl, AxiomDecl, Yield,
                  BOOL, INT, REAL)
from .errors import BoogieError, Diagnostic, error
from .printer import format_type
from .visit import postorder

__all__ = ["typecheck", "TypeInfo", "FunctionSig", "ProcedureSig"]

# The type of an expression that already has an error: accepted everywhere, so that one
# mistake yields one diagnostic.
_ERR = NamedType("<error>")

_BUILTIN_NAMES = {"int": INT, "bool": BOOL, "real": REAL}
_BV_NAME = re.compile(r"bv([0-9]+)$")

_LOGICAL = (Op.IFF, Op.IMP, Op.EXPLIES, Op.AND, Op.OR)
_ORDER = (Op.LT, Op.LE, Op.GT, Op.GE)
_ARITH = (Op.ADD, Op.SUB, Op.MUL)
_FIXED_RESULT = {Op.LT: BOOL, Op.LE: BOOL, Op.GT: BOOL, Op.GE: BOOL, Op.DIV: INT, Op.MOD: INT,
                 Op.RDIV: REAL, Op.POW: REAL}

# Kinds of names in scope; the first four cannot be assigned.
_CONST, _IN, _BOUND, _FPARAM = "constant", "in-parameter", "bound variable", "function parameter"
_GLOBAL, _OUT, _LOCAL = "global variable", "out-parameter", "local variable"
_IMMUTABLE = frozenset((_CONST, _IN, _BOUND, _FPARAM))


# ----------------------------------------------------------------------------- results

@dataclass(frozen=True)
class FunctionSig:
    name: str
    type_params: tuple[str, ...]
    params: tuple[Type, ...]          # expanded
    result: Type                      # expanded


@dataclass(frozen=True)
class ProcedureSig:
    name: str
    type_params: tuple[str, ...]
    params: tuple[Type, ...]          # expanded
    returns: tuple[Type, ...]         # expanded
    param_names: tuple[str, ...]
    return_names: tuple[str, ...]
    modifies: frozenset[str]


@dataclass(frozen=True)
class TypeInfo:
    """What the checker learned: resolved, synonym-free signatures of every global name."""
    type_decls: Mapping[str, TypeDecl]
    synonyms: Mapping[str, tuple[tuple[str, ...], Type]]   # name -> (params, expanded body)
    var_types: Mapping[str, Type]                          # global variables
    const_types: Mapping[str, Type]
    functions: Mapping[str, FunctionSig]
    procedures: Mapping[str, ProcedureSig]
    _cache: dict = field(default_factory=dict, repr=False, compare=False)

    def expand(self, t: Type) -> Type:
        """`t` with every type synonym replaced by its definition, recursively."""
        try:
            return self._cache[t]
        except KeyError:
            pass
        out = _expand_known(t, self.synonyms, frozenset())
        self._cache[t] = out
        return out

    def global_type(self, name: str) -> Type | None:
        """Type of a global variable or constant, or None."""
        return self.var_types.get(name) or self.const_types.get(name)

    def body_scope(self, decl: ProcedureDecl | ImplementationDecl) -> dict[str, Type]:
        """Expanded types of the parameters, results and locals of a procedure body."""
        out = {d.name: self.expand(d.type) for d in decl.params + decl.returns}
        if decl.body is not None:
            out.update((d.name, self.expand(d.type)) for d in decl.body.locals)
        return out

    def type_of(self, e: Expr, scope: Mapping[str, Type] | None = None) -> Type:
        """The (expanded) type of `e`, whose free names are looked up in `scope` first and
        then among globals; raises BoogieError if `e` is ill-typed."""
        checker = _Checker(self, check_modifies=False)
        ctx = _Ctx({n: (t, _LOCAL) for n, t in (scope or {}).items()}, old_ok=True,
                   loc=getattr(e, "loc", NO_LOC))
        t = checker.expr_type(e, ctx)
        if checker.diags:
            raise BoogieError(checker.sorted_diags())
        return t


def typecheck(program: Program, *, check_modifies: bool = True) -> TypeInfo:
    """Check `program`; return its TypeInfo or raise BoogieError with all diagnostics."""
    decls = _Declarations(program)
    info = decls.info()
    checker = _Checker(info, check_modifies)
    checker.diags.extend(decls.diags)
    try:
        checker.check_program(program)
    except RecursionError:
        # valid Boogie nested deeper than the checker's recursion (e.g. hundreds of nested
        # quantifiers): not bad input, but nothing we can verify -- UNKNOWN
        raise error("unsupported", program.loc, "unsupported: expression nested too deeply "
                                                "to type check") from None
    if checker.diags:
        raise BoogieError(checker.sorted_diags())
    return info


# ----------------------------------------------------------------------------- types

def _expand_known(t: Type, synonyms, tvars: frozenset) -> Type:
    """Expansion without diagnostics (for already checked programs)."""
    tt = type(t)
    if tt is NamedType:
        args = tuple(_expand_known(a, synonyms, tvars) for a in t.args)
        if t.name in tvars and not args:
            return t
        syn = synonyms.get(t.name)
        if syn is not None and len(syn[0]) == len(args):
            return _subst_type(syn[1], dict(zip(syn[0], args)))
        builtin = _builtin(t.name) if not args else None
        return builtin or (NamedType(t.name, args) if args != t.args else t)
    if tt is MapType:
        inner = tvars | set(t.type_params)
        return MapType(tuple(_expand_known(d, synonyms, inner) for d in t.domain),
                       _expand_known(t.range, synonyms, inner), t.type_params)
    return t


def _builtin(name: str) -> Type | None:
    if name in _BUILTIN_NAMES:
        return _BUILTIN_NAMES[name]
    m = _BV_NAME.match(name)
    return BvType(int(m.group(1))) if m else None


def _subst_type(t: Type, mapping: Mapping[str, Type]) -> Type:
    if not mapping:
        return t
    tt = type(t)
    if tt is NamedType:
        if not t.args and t.name in mapping:
            return mapping[t.name]
        return NamedType(t.name, tuple(_subst_type(a, mapping) for a in t.args)) if t.args else t
    if tt is MapType:
        inner = {k: v for k, v in mapping.items() if k not in t.type_params}
        return MapType(tuple(_subst_type(d, inner) for d in t.domain),
                       _subst_type(t.range, inner), t.type_params)
    return t


def _match(pattern: Type, actual: Type, tvars: frozenset, subst: dict) -> bool:
    """First-order matching of `pattern` (whose free names in `tvars` are type parameters)
    against `actual`, extending `subst`."""
    if actual is _ERR or pattern is _ERR:
        return True
    if type(pattern) is NamedType and not pattern.args and pattern.name in tvars:
        bound = subst.get(pattern.name)
        if bound is None:
            subst[pattern.name] = actual
            return True
        return bound == actual
    if type(pattern) is not type(actual):
        return False
    if type(pattern) is NamedType:
        return (pattern.name == actual.name and len(pattern.args) == len(actual.args)
                and all(_match(p, a, tvars, subst) for p, a in zip(pattern.args, actual.args)))
    if type(pattern) is MapType:
        if len(pattern.domain) != len(actual.domain) or \
                len(pattern.type_params) != len(actual.type_params):
            return False
        ren = {b: NamedType(a) for a, b in zip(pattern.type_params, actual.type_params)}
        inner = tvars - set(pattern.type_params)
        return all(_match(p, _subst_type(a, ren), inner, subst)
                   for p, a in zip(pattern.domain + (pattern.range,),
                                   actual.domain + (actual.range,)))
    return pattern == actual


def _same(a: Type, b: Type) -> bool:
    return a == b or a is _ERR or b is _ERR or (
        type(a) is MapType and type(b) is MapType and _match(a, b, frozenset(), {}))


def _fmt(t: Type) -> str:
    return format_type(t)


# ----------------------------------------------------------------------------- declarations

class _Resolver:
    """Resolves and expands declared types, reporting unknown names and wrong arity."""

    def __init__(self, type_decls, synonyms, diags: list[Diagnostic]):
        self.type_decls: dict[str, TypeDecl] = type_decls
        self.synonyms: dict[str, tuple[tuple[str, ...], Type]] = synonyms
        self.diags = diags
        self.cache: dict[Type, Type] = {}

    def resolve(self, t: Type, loc: Loc, tvars: frozenset = frozenset()) -> Type:
        """`t` expanded; names in `tvars` are type parameters in scope."""
        if not tvars:
            hit = self.cache.get(t)
            if hit is not None:
                return hit
        before = len(self.diags)
        out = self._resolve(t, loc, tvars)
        if not tvars and len(self.diags) == before:
            self.cache[t] = out
        return out

    def _resolve(self, t: Type, loc: Loc, tvars: frozenset) -> Type:
        tt = type(t)
        if tt is MapType:
            if len(set(t.type_params)) != len(t.type_params):
                self._report("duplicate", loc, f"duplicate type parameter in map type {_fmt(t)}")
            inner = tvars | set(t.type_params)
            return MapType(tuple(self._resolve(x, loc, inner) for x in t.domain),
                           self._resolve(t.range, loc, inner), t.type_params)
        if tt is not NamedType:
            return t
        args = tuple(self._resolve(a, loc, tvars) for a in t.args)
        if t.name in tvars:
            if args:
                self._report("arity", loc, f"type parameter '{t.name}' takes no arguments")
                return _ERR
            return t
        d = self.type_decls.get(t.name)
        if d is None:
            builtin = _builtin(t.name)
            if builtin is not None and not args:
                return builtin
            self._report("undeclared", loc, f"undeclared type '{t.name}'")
            return _ERR
        if len(args) != len(d.params):
            self._report("arity", loc, f"type '{t.name}' expects {len(d.params)} "
                                       f"argument(s), {len(args)} given")
            return _ERR
        if d.synonym is not None:
            syn = self.synonyms.get(t.name)
            if syn is None:               # only inside a cyclic definition (reported)
                return _ERR
            return _subst_type(syn[1], dict(zip(syn[0], args)))
        return NamedType(t.name, args)

    def _report(self, code: str, loc: Loc, message: str) -> None:
        self.diags.append(Diagnostic(code, loc, message))


class _Declarations:
    """First pass: collects global names, resolves types and signatures, reports duplicates
    and bad types in declarations."""

    def __init__(self, program: Program):
        self.diags: list[Diagnostic] = []
        self.type_decls: dict[str, TypeDecl] = {}
        self.synonyms: dict[str, tuple[tuple[str, ...], Type]] = {}
        self._collect_types(program)
        self.resolver = _Resolver(self.type_decls, self.synonyms, self.diags)
        self.resolve = self.resolver.resolve
        self._expand_synonyms()
        self.resolver.cache.clear()
        self.var_types: dict[str, Type] = {}
        self.const_types: dict[str, Type] = {}
        self.functions: dict[str, FunctionSig] = {}
        self.procedures: dict[str, ProcedureSig] = {}
        self._collect_values(program)

    def report(self, code: str, loc: Loc, message: str) -> None:
        self.diags.append(Diagnostic(code, loc, message))

    def info(self) -> TypeInfo:
        return TypeInfo(MappingProxyType(self.type_decls), MappingProxyType(self.synonyms),
                        MappingProxyType(self.var_types), MappingProxyType(self.const_types),
                        MappingProxyType(self.functions), MappingProxyType(self.procedures))

    # -- types

    def _collect_types(self, program: Program) -> None:
        for d in program.decls:
            if type(d) is not TypeDecl:
                continue
            if d.name in self.type_decls or _builtin(d.name):
                self.report("duplicate", d.loc, f"duplicate declaration of type '{d.name}'")
                continue
            if len(set(d.params)) != len(d.params):
                self.report("duplicate", d.loc, f"duplicate type parameter in '{d.name}'")
            self.type_decls[d.name] = d

    def _expand_synonyms(self) -> None:
        state: dict[str, int] = {}       # 1 = in progress, 2 = done
        for name in self.type_decls:
            self._synonym(name, state)

    def _synonym(self, name: str, state: dict) -> None:
        d = self.type_decls[name]
        if d.synonym is None or state.get(name) == 2:
            return
        if state.get(name) == 1:
            self.report("type", d.loc, f"type synonym '{name}' is defined in terms of itself")
            self.synonyms[name] = (d.params, _ERR)
            state[name] = 2
            return
        state[name] = 1
        for dep in _named(d.synonym):
            if dep in self.type_decls and dep not in d.params:
                self._synonym(dep, state)
        if state.get(name) == 2:          # a cycle through this synonym was reported
            return
        body = self.resolve(d.synonym, d.loc, frozenset(d.params))
        self.synonyms[name] = (d.params, body)
        state[name] = 2

    # -- variables, constants, functions, procedures

    def _collect_values(self, program: Program) -> None:
        values: dict[str, Loc] = {}
        funcdures: dict[str, Loc] = {}
        for d in program.decls:
            t = type(d)
            if t is VarDecl or t is ConstDecl:
                if d.name in values:
                    self.report("duplicate", d.loc, f"duplicate declaration of '{d.name}'")
                    continue
                values[d.name] = d.loc
                ty = self.resolve(d.type, d.loc)
                (self.var_types if t is VarDecl else self.const_types)[d.name] = ty
            elif t is FunctionDecl or t is ProcedureDecl:
                if d.name in funcdures:
                    kind = "function" if t is FunctionDecl else "procedure"
                    self.report("duplicate", d.loc,
                                f"duplicate declaration of {kind} '{d.name}'")
                    continue
                funcdures[d.name] = d.loc
                if t is FunctionDecl:
                    self.functions[d.name] = self._function_sig(d)
                else:
                    self.procedures[d.name] = self._procedure_sig(d)

    def _function_sig(self, d: FunctionDecl) -> FunctionSig:
        tv = frozenset(d.type_params)
        names = [f.name for f in d.params if f.name is not None]
        for n in _dups(names):
            self.report("duplicate", d.loc, f"duplicate parameter '{n}' of function '{d.name}'")
        params = tuple(self.resolve(f.type, f.loc if f.loc != NO_LOC else d.loc, tv)
                       for f in d.params)
        result = self.resolve(d.result.type, d.result.loc if d.result.loc != NO_LOC else d.loc,
                              tv)
        return FunctionSig(d.name, d.type_params, params, result)

    def _procedure_sig(self, d: ProcedureDecl) -> ProcedureSig:
        tv = frozenset(d.type_params)
        names = [p.name for p in d.params + d.returns]
        for n in _dups(names):
            self.report("duplicate", d.loc,
                        f"duplicate parameter '{n}' of procedure '{d.name}'")
        params = tuple(self.resolve(p.type, p.loc, tv) for p in d.params)
        returns = tuple(self.resolve(p.type, p.loc, tv) for p in d.returns)
        return ProcedureSig(d.name, d.type_params, params, returns,
                            tuple(p.name for p in d.params), tuple(p.name for p in d.returns),
                            frozenset(d.modifies))


def _named(t: Type):
    """Names of type constructors and synonyms mentioned in `t`."""
    stack = [t]
    while stack:
        x = stack.pop()
        if type(x) is NamedType:
            yield x.name
            stack.extend(x.args)
        elif type(x) is MapType:
            stack.extend(x.domain)
            stack.append(x.range)


def _dups(names) -> list[str]:
    seen: set[str] = set()
    out = []
    for n in names:
        if n in seen and n not in out:
            out.append(n)
        seen.add(n)
    return out


# ----------------------------------------------------------------------------- checking

@dataclass
class _Ctx:
    """Where an expression or command is checked: local names (name -> (type, kind)), whether
    `old` is allowed, and the location to blame when a node has none."""
    scope: dict
    old_ok: bool
    loc: Loc
    tvars: frozenset = frozenset()
    modifies: frozenset | None = None      # checked against when not None
    labels: frozenset = frozenset()
    in_code_expr: bool = False


class _Checker:
    def __init__(self, info: TypeInfo, check_modifies: bool):
        self.info = info
        self.check_modifies = check_modifies
        self.diags: list[Diagnostic] = []
        self.globals: dict[str, tuple[Type, str]] = {}
        self.globals.update((n, (t, _CONST)) for n, t in info.const_types.items())
        self.globals.update((n, (t, _GLOBAL)) for n, t in info.var_types.items())
        self.resolve = _Resolver(dict(info.type_decls), dict(info.synonyms),
                                 self.diags).resolve

    def report(self, code: str, loc: Loc, message: str) -> None:
        self.diags.append(Diagnostic(code, loc, message))

    def sorted_diags(self) -> list[Diagnostic]:
        """By location, without repeats (declaration types are resolved by both passes)."""
        unique = list(dict.fromkeys(self.diags))
        return sorted(unique, key=lambda d: (d.loc.file, d.loc.line, d.loc.col))

    # -- program

    def check_program(self, program: Program) -> None:
        for d in program.decls:
            t = type(d)
            if t is VarDecl:
                if d.where is not None:
                    ctx = _Ctx({}, old_ok=False, loc=d.loc)
                    self.expect_bool(d.where, ctx, "where clause")
            elif t is AxiomDecl:
                self.expect_bool(d.expr, _Ctx({}, old_ok=False, loc=d.loc), "axiom")
            elif t is FunctionDecl:
                self.check_function(d)
            elif t is ProcedureDecl:
                self.check_procedure(d)
            elif t is ImplementationDecl:
                self.check_implementation(d)
            elif t is TypeDecl or t is ConstDecl:
                pass
            else:
                raise AssertionError(f"typecheck: unknown declaration class {t.__name__}")

    def check_function(self, d: FunctionDecl) -> None:
        if d.body is None:
            return
        tv = frozenset(d.type_params)
        scope = {f.name: (self.resolve(f.type, _at(f, d.loc), tv), _FPARAM)
                 for f in d.params if f.name}
        result = self.resolve(d.result.type, _at(d.result, d.loc), tv)
        t = self.expr_type(d.body, _Ctx(scope, old_ok=False, loc=d.loc, tvars=tv))
        if not _same(t, result):
            self.report("type", _at(d.body, d.loc),
                        f"body of function '{d.name}' has type {_fmt(t)}, "
                        f"but its result type is {_fmt(result)}")

    def _params_scope(self, params, returns, tvars, loc) -> dict:
        scope = {}
        for p in params:
            scope[p.name] = (self.resolve(p.type, _at(p, loc), tvars), _IN)
        for p in returns:
            scope[p.name] = (self.resolve(p.type, _at(p, loc), tvars), _OUT)
        return scope

    def check_procedure(self, d: ProcedureDecl) -> None:
        tv = frozenset(d.type_params)
        if len(set(tv)) != len(d.type_params):
            self.report("duplicate", d.loc, f"duplicate type parameter in procedure '{d.name}'")
        ins = self._params_scope(d.params, (), tv, d.loc)
        full = self._params_scope(d.params, d.returns, tv, d.loc)
        for p in d.params + d.returns:
            if p.where is not None:
                self.expect_bool(p.where, _Ctx(full, old_ok=True, loc=d.loc, tvars=tv),
                                 "where clause")
        for r in d.requires:
            self.expect_bool(r.expr, _Ctx(ins, old_ok=False, loc=_at(r, d.loc), tvars=tv),
                             "precondition")
        for e in d.ensures:
            self.expect_bool(e.expr, _Ctx(full, old_ok=True, loc=_at(e, d.loc), tvars=tv),
                             "postcondition")
        for name in d.modifies:
            entry = self.globals.get(name)
            if entry is None:
                self.report("undeclared", d.loc, f"undeclared variable '{name}' in modifies clause")
            elif entry[1] != _GLOBAL:
                self.report("modifies", d.loc,
                            f"modifies clause may list only global variables, not {entry[1]} "
                            f"'{name}'")
        if d.body is not None:
            self.check_body(d.body, full, tv, frozenset(d.modifies), d.loc)

    def check_implementation(self, d: ImplementationDecl) -> None:
        sig = self.info.procedures.get(d.name)
        tv = frozenset(d.type_params)
        scope = self._params_scope(d.params, d.returns, tv, d.loc)
        for n in _dups([p.name for p in d.params + d.returns]):
            self.report("duplicate", d.loc, f"duplicate parameter '{n}' of implementation "
                                            f"'{d.name}'")
        if sig is None:
            self.report("undeclared", d.loc,
                        f"implementation of undeclared procedure '{d.name}'")
            modifies = frozenset()
        else:
            self._match_signature(d, sig, scope)
            modifies = sig.modifies
        self.check_body(d.body, scope, tv, modifies, d.loc)

    def _match_signature(self, d: ImplementationDecl, sig: ProcedureSig, scope) -> None:
        if len(d.type_params) != len(sig.type_params):
            self.report("arity", d.loc, f"implementation '{d.name}' has {len(d.type_params)} "
                                        f"type parameter(s), its procedure "
                                        f"{len(sig.type_params)}")
            return
        ren = {a: NamedType(b) for a, b in zip(d.type_params, sig.type_params)}
        for what, mine, theirs in (("in-parameters", d.params, sig.params),
                                   ("out-parameters", d.returns, sig.returns)):
            if len(mine) != len(theirs):
                self.report("arity", d.loc,
                            f"implementation '{d.name}' has {len(mine)} {what}, its "
                            f"procedure {len(theirs)}")
                continue
            for p, want in zip(mine, theirs):
                got = _subst_type(scope[p.name][0], ren)
                if not _same(got, want):
                    self.report("type", _at(p, d.loc),
                                f"parameter '{p.name}' of implementation '{d.name}' has type "
                                f"{_fmt(got)}, but the procedure declares {_fmt(want)}")

    # -- bodies and commands

    def check_body(self, body, params_scope, tvars, modifies, loc) -> None:
        scope = dict(params_scope)
        seen = set(params_scope)
        for v in body.locals:
            if v.name in seen:
                self.report("duplicate", _at(v, loc), f"duplicate declaration of '{v.name}'")
            seen.add(v.name)
            scope[v.name] = (self.resolve(v.type, _at(v, loc), tvars), _LOCAL)
        labels = self._labels(body.blocks, loc)
        ctx = _Ctx(scope, old_ok=True, loc=loc, tvars=tvars,
                   modifies=modifies if self.check_modifies else None, labels=labels)
        for v in body.locals:
            if v.where is not None:
                self.expect_bool(v.where, ctx, "where clause")
        self.check_blocks(body.blocks, ctx)

    def _labels(self, blocks, loc) -> frozenset:
        labels = set()
        for b in blocks:
            if b.label in labels:
                self.report("duplicate", _at(b, loc), f"duplicate label '{b.label}'")
            labels.add(b.label)
        return frozenset(labels)

    def check_blocks(self, blocks, ctx: _Ctx) -> None:
        for b in blocks:
            for c in b.cmds:
                ctx.loc = c.loc if c.loc != NO_LOC else ctx.loc
                self.check_cmd(c, ctx)
            tr = b.transfer
            where = tr.loc if tr.loc != NO_LOC else ctx.loc
            if type(tr) is Goto:
                for lab in tr.labels:
                    if lab not in ctx.labels:
                        self.report("label", where, f"undeclared label '{lab}'")
            elif type(tr) is Return:
                if ctx.in_code_expr:
                    if tr.value is None:
                        self.report("type", where, "return in a code expression needs a value")
                    else:
                        self.expect_bool(tr.value, ctx, "code expression result")
                elif tr.value is not None:
                    self.report("type", where, "return with a value outside a code expression")
            else:
                raise AssertionError(f"typecheck: unknown transfer {type(tr).__name__}")

    def check_cmd(self, c: Cmd, ctx: _Ctx) -> None:
        t = type(c)
        if t is Assume or t is Assert:
            self.expect_bool(c.expr, ctx, "assume" if t is Assume else "assert")
        elif t is Assign:
            self.check_assign(c, ctx)
        elif t is Havoc:
            for n in _dups(c.names):
                self.report("duplicate", ctx.loc, f"variable '{n}' is havocked twice")
            for n in c.names:
                self.target(n, ctx.loc, ctx)
        elif t is Call:
            self.check_call(c, ctx)
        elif t is Yield:
            pass
        else:
            raise AssertionError(f"typecheck: unknown command class {t.__name__}")

    def target(self, name: str, loc: Loc, ctx: _Ctx) -> Type:
        """Type of an assigned variable; reports unknown, immutable and unlisted globals."""
        entry = ctx.scope.get(name) or self.globals.get(name)
        if entry is None:
            self.report("undeclared", loc, f"undeclared variable '{name}'")
            return _ERR
        ty, kind = entry
        if kind in _IMMUTABLE:
            self.report("immutable", loc, f"cannot assign to {kind} '{name}'")
        elif kind == _GLOBAL and ctx.modifies is not None and name not in ctx.modifies:
            self.report("modifies", loc, f"global variable '{name}' is assigned but not in "
                                         f"the procedure's modifies clause")
        return ty

    def check_assign(self, c: Assign, ctx: _Ctx) -> None:
        if len(c.lhs) != len(c.rhs):
            self.report("arity", ctx.loc, f"assignment has {len(c.lhs)} left-hand side(s) "
                                          f"but {len(c.rhs)} right-hand side(s)")
        roots = []
        counts_agree = len(c.lhs) == len(c.rhs)
        pairs = zip(c.lhs, c.rhs) if counts_agree else ((x, None) for x in c.lhs)
        for lhs, rhs in pairs:
            root = lhs
            while type(root) is MapSelect:
                root = root.map
            if type(root) is not Var:
                self.report("type", _at(lhs, ctx.loc), "assignment target is not a variable")
                continue
            roots.append(root.name)
            loc = _at(root, ctx.loc)
            var_t = self.target(root.name, loc, ctx)
            lt = var_t if lhs is root or var_t is _ERR else self.expr_type(lhs, ctx)
            if rhs is None:
                continue
            rt = self.expr_type(rhs, ctx)
            if not _same(lt, rt):
                what = root.name if lhs is root else root.name + "[...]"
                self.report("type", _at(rhs, ctx.loc), f"cannot assign a value of type "
                                                        f"{_fmt(rt)} to '{what}' of type "
                                                        f"{_fmt(lt)}")
        if not counts_agree:
            for r in c.rhs:
                self.expr_type(r, ctx)
        for n in _dups(roots):
            self.report("duplicate", ctx.loc,
                        f"variable '{n}' is assigned more than once in a parallel assignment")

    def check_call(self, c: Call, ctx: _Ctx) -> None:
        sig = self.info.procedures.get(c.proc)
        arg_types = [self.expr_type(a, ctx) for a in c.args]
        out_types = [self.target(n, ctx.loc, ctx) for n in c.outs]
        for n in _dups(c.outs):
            self.report("duplicate", ctx.loc, f"variable '{n}' is assigned twice by a call")
        if sig is None:
            extra = " (it is a function)" if c.proc in self.info.functions else ""
            self.report("undeclared", ctx.loc, f"undeclared procedure '{c.proc}'{extra}")
            return
        if len(c.args) != len(sig.params):
            self.report("arity", ctx.loc, f"call to '{c.proc}' has {len(c.args)} argument(s), "
                                          f"procedure expects {len(sig.params)}")
        if len(c.outs) != len(sig.returns) and not (c.is_async and not c.outs):
            self.report("arity", ctx.loc, f"call to '{c.proc}' has {len(c.outs)} output(s), "
                                          f"procedure returns {len(sig.returns)}")
        tv = frozenset(sig.type_params)
        subst: dict = {}
        for a, at, want in zip(c.args, arg_types, sig.params):
            if not _match(want, at, tv, subst):
                self.report("type", _at(a, ctx.loc),
                            f"argument of type {_fmt(at)} passed to '{c.proc}' where "
                            f"{_fmt(_subst_type(want, subst))} is expected")
        if len(c.outs) == len(sig.returns):
            for n, ot, want in zip(c.outs, out_types, sig.returns):
                if not _match(want, ot, tv, subst):
                    self.report("type", ctx.loc,
                                f"output '{n}' of type {_fmt(ot)} receives a result of type "
                                f"{_fmt(_subst_type(want, subst))} from '{c.proc}'")
        if ctx.modifies is not None:
            for g in sorted(sig.modifies - ctx.modifies):
                self.report("modifies", ctx.loc,
                            f"call to '{c.proc}' modifies global variable '{g}', which is not "
                            f"in the calling procedure's modifies clause")

    # -- expressions

    def expect_bool(self, e: Expr, ctx: _Ctx, what: str) -> None:
        t = self.expr_type(e, ctx)
        if t != BOOL and t is not _ERR:
            self.report("type", _at(e, ctx.loc), f"{what} must be of type bool, not {_fmt(t)}")

    def expr_type(self, e: Expr, ctx: _Ctx) -> Type:
        t = type(e)
        if t is Var:
            return self.var_type(e, ctx)
        if t is IntLit:
            return INT
        if t is BoolLit:
            return BOOL
        return postorder(e, lambda node, kids: self._visit(node, kids, ctx))

    def var_type(self, e: Var, ctx: _Ctx) -> Type:
        entry = ctx.scope.get(e.name) or self.globals.get(e.name)
        if entry is None:
            self.report("undeclared", _at(e, ctx.loc),
                        f"undeclared variable or constant '{e.name}'")
            return _ERR
        return entry[0]

    def _visit(self, e: Expr, kids: tuple, ctx: _Ctx) -> Type:
        t = type(e)
        if t is Var:
            return self.var_type(e, ctx)
        if t is App:
            return self._app(e, kids, ctx)
        if t is FunCall:
            return self._funcall(e, kids, ctx)
        if t is IntLit:
            return INT
        if t is BoolLit:
            return BOOL
        if t is BvLit:
            if e.width < 0 or not 0 <= e.value < (1 << e.width):
                self.report("type", _at(e, ctx.loc),
                            f"bitvector literal {e.value}bv{e.width} does not fit its width")
            return BvType(e.width)
        if t is RealLit:
            return REAL
        if t is MapSelect or t is MapStore:
            return self._map_access(e, kids, ctx)
        if t is Extract:
            return self._extract(e, kids[0], ctx)
        if t is Ite:
            return self._ite(e, kids, ctx)
        if t is Old:
            if not ctx.old_ok:
                self.report("type", _at(e, ctx.loc), "old(...) is allowed only in "
                                                      "postconditions and procedure bodies")
            return kids[0]
        if t is Quant:
            return self._quant(e, ctx)
        if t is CodeExpr:
            return self._code_expr(e, ctx)
        raise AssertionError(f"typecheck: unknown expression class {t.__name__}")

    def _app(self, e: App, kids: tuple, ctx: _Ctx) -> Type:
        op = e.op
        if op.is_unary:
            (a,) = kids
            if a is _ERR:
                return BOOL if op is Op.NOT else _ERR
            if op is Op.NOT and a == BOOL:
                return BOOL
            if op is Op.NEG and (a == INT or a == REAL):
                return a
            self.report("type", _at(e, ctx.loc),
                        f"invalid argument type ({_fmt(a)}) to unary operator {op.symbol}")
            return BOOL if op is Op.NOT else _ERR
        a, b = kids
        result = self._binary(op, a, b)
        if result is None:
            self.report("type", _at(e, ctx.loc), f"invalid argument types ({_fmt(a)} and "
                                                  f"{_fmt(b)}) to binary operator {op.symbol}")
            if op in _LOGICAL or op in _ORDER or op in (Op.EQ, Op.NEQ, Op.SUBTYPE):
                return BOOL
            return _ERR
        return result

    @staticmethod
    def _binary(op: Op, a: Type, b: Type) -> Type | None:
        """Result type of a binary operator, or None when the operand types are wrong."""
        if op in _LOGICAL:
            return BOOL if (a == BOOL or a is _ERR) and (b == BOOL or b is _ERR) else None
        if op is Op.EQ or op is Op.NEQ or op is Op.SUBTYPE:
            return BOOL if _same(a, b) else None
        if a is _ERR or b is _ERR:
            return _FIXED_RESULT.get(op, _ERR)       # the result type when it is known
        if op in _ARITH:
            return a if a == b and (a == INT or a == REAL) else None
        if op in _ORDER:
            return BOOL if a == b and (a == INT or a == REAL) else None
        if op is Op.DIV or op is Op.MOD:
            return INT if a == INT and b == INT else None
        if op is Op.RDIV:
            return REAL if a in (INT, REAL) and b in (INT, REAL) else None
        if op is Op.POW:
            return REAL if a == REAL and b == REAL else None
        if op is Op.CONCAT:
            if type(a) is BvType and type(b) is BvType:
                return BvType(a.width + b.width)
            return None
        raise AssertionError(f"typecheck: unknown operator {op}")

    def _funcall(self, e: FunCall, kids: tuple, ctx: _Ctx) -> Type:
        sig = self.info.functions.get(e.func)
        if sig is None:
            extra = " (it is a procedure; use call)" if e.func in self.info.procedures else ""
            self.report("undeclared", _at(e, ctx.loc), f"undeclared function '{e.func}'{extra}")
            return _ERR
        if len(kids) != len(sig.params):
            self.report("arity", _at(e, ctx.loc),
                        f"function '{e.func}' expects {len(sig.params)} argument(s), "
                        f"{len(kids)} given")
            return sig.result if not sig.type_params else _ERR
        tv = frozenset(sig.type_params)
        subst: dict = {}
        for arg, at, want in zip(e.args, kids, sig.params):
            if not _match(want, at, tv, subst):
                self.report("type", _at(arg, _at(e, ctx.loc)),
                            f"argument of type {_fmt(at)} passed to function '{e.func}' where "
                            f"{_fmt(_subst_type(want, subst))} is expected")
        if not tv:
            return sig.result
        return self._instantiate(sig.result, tv, subst, f"function '{e.func}'", e, ctx)

    def _instantiate(self, t: Type, tvars: frozenset, subst: dict, what: str, e, ctx) -> Type:
        """`t` with inferred type arguments; a type parameter that the arguments do not
        determine would need a type coercion (`f() : int`), which we do not support."""
        missing = sorted(n for n in tvars - set(subst) if n in set(_named(t)))
        if missing:
            self.report("unsupported", _at(e, ctx.loc),
                        f"cannot infer type parameter '{missing[0]}' of {what} from its "
                        f"arguments (type coercions are not supported)")
            return _ERR
        return _subst_type(t, subst)

    def _map_access(self, e, kids: tuple, ctx: _Ctx) -> Type:
        m = kids[0]
        store = type(e) is MapStore
        idx = kids[1:-1] if store else kids[1:]
        if m is _ERR:
            return _ERR
        loc = _at(e, ctx.loc)
        if type(m) is not MapType:
            self.report("type", loc, f"cannot index a value of non-map type {_fmt(m)}")
            return _ERR
        if len(idx) != len(m.domain):
            self.report("arity", loc, f"map of type {_fmt(m)} takes {len(m.domain)} index(es), "
                                      f"{len(idx)} given")
            return m if store else (m.range if not m.type_params else _ERR)
        tv = frozenset(m.type_params)
        subst: dict = {}
        for i, (it, want) in enumerate(zip(idx, m.domain)):
            if not _match(want, it, tv, subst):
                self.report("type", _at(e.indices[i], loc),
                            f"index of type {_fmt(it)} used for a map of type {_fmt(m)}")
        if store:
            if not _match(m.range, kids[-1], tv, subst):
                self.report("type", _at(e.value, loc),
                            f"value of type {_fmt(kids[-1])} stored into a map of type {_fmt(m)}")
            return m
        if not tv:
            return m.range
        return self._instantiate(m.range, tv, subst, f"map type {_fmt(m)}", e, ctx)

    def _extract(self, e: Extract, a: Type, ctx: _Ctx) -> Type:
        if a is _ERR:
            return _ERR
        loc = _at(e, ctx.loc)
        if type(a) is not BvType:
            self.report("type", loc, f"bitvector extract [{e.hi}:{e.lo}] from a value of type "
                                     f"{_fmt(a)}")
            return _ERR
        if not 0 <= e.lo <= e.hi <= a.width:
            self.report("type", loc, f"bitvector extract [{e.hi}:{e.lo}] out of bounds for "
                                     f"bv{a.width}")
            return _ERR
        return BvType(e.hi - e.lo)

    def _ite(self, e: Ite, kids: tuple, ctx: _Ctx) -> Type:
        c, a, b = kids
        if c != BOOL and c is not _ERR:
            self.report("type", _at(e.cond, _at(e, ctx.loc)),
                        f"if-then-else condition must be of type bool, not {_fmt(c)}")
        if not _same(a, b):
            self.report("type", _at(e, ctx.loc), f"branches of if-then-else have different "
                                                  f"types ({_fmt(a)} and {_fmt(b)})")
            return _ERR
        return b if a is _ERR else a

    def _quant(self, q: Quant, ctx: _Ctx) -> Type:
        loc = _at(q, ctx.loc)
        tv = ctx.tvars | set(q.type_params)
        scope = dict(ctx.scope)
        for n in _dups([d.name for d in q.bound]):
            self.report("duplicate", loc, f"duplicate bound variable '{n}'")
        bound_types = []
        for d in q.bound:
            bt = self.resolve(d.type, _at(d, loc), frozenset(tv))
            bound_types.append(bt)
            scope[d.name] = (bt, _BOUND)
        inner = _Ctx(scope, ctx.old_ok, loc, frozenset(tv))
        for d in q.bound:
            if d.where is not None:
                self.expect_bool(d.where, inner, "where clause")
        body = self.expr_type(q.body, inner)
        for trig in q.triggers:
            for x in trig:
                self.expr_type(x, inner)
        if q.kind is QuantKind.LAMBDA:
            return MapType(tuple(bound_types), body, q.type_params)
        if body != BOOL and body is not _ERR:
            self.report("type", _at(q.body, loc),
                        f"body of {q.kind.value} must be of type bool, not {_fmt(body)}")
        return BOOL

    def _code_expr(self, c: CodeExpr, ctx: _Ctx) -> Type:
        loc = _at(c, ctx.loc)
        scope = dict(ctx.scope)
        for n in _dups([d.name for d in c.locals]):
            self.report("duplicate", loc, f"duplicate declaration of '{n}'")
        for d in c.locals:
            scope[d.name] = (self.resolve(d.type, _at(d, loc), ctx.tvars), _LOCAL)
        inner = _Ctx(scope, ctx.old_ok, loc, ctx.tvars, modifies=ctx.modifies,
                     labels=self._labels(c.blocks, loc), in_code_expr=True)
        self.check_blocks(c.blocks, inner)
        return BOOL


def _at(node, fallback: Loc) -> Loc:
    loc = getattr(node, "loc", NO_LOC)
    return fallback if loc == NO_LOC else loc
