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

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping

from .ast import (Assert, Assign, Assume, Call, Cmd, ConstDecl, Expr, FunctionDecl, Goto, Havoc,
                  ImplementationDecl, Loc, MapSelect, NamedType, NO_LOC, ProcedureDecl, Program,
                  Return, Type, TypeDecl, Var, VarDecl, AxiomDecl, Yield)
from .errors import BoogieError, Diagnostic, error
from .typecheck_expr import _ExprChecker
from .typecheck_types import (_at, _builtin, _CONST, _Ctx, _dups, _ERR, _expand_known, _fmt,
                              _FPARAM, FunctionSig, _GLOBAL, _IMMUTABLE, _IN, _LOCAL, _match,
                              _named, _OUT, ProcedureSig, _Resolver, _same, _subst_type)

__all__ = ["typecheck", "TypeInfo", "FunctionSig", "ProcedureSig"]


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


class _Checker(_ExprChecker):
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
