"""The type checker's vocabulary: resolved signatures, type matching and substitution, the
resolution of written types, and the context an expression or command is checked in.

Role: shared by the parts of the type checker (`typecheck.py`: the door, declarations,
commands; `typecheck_expr.py`: expressions); nothing here reports on a program by itself
but `_Resolver`, which resolves a written type against the declared ones.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Mapping

from .ast import (BvType, FloatType, RMODE, Loc, MapType, NamedType, NO_LOC, Op, Type, TypeDecl, BOOL, INT, REAL)
from .errors import Diagnostic
from .printer import format_type


# The type of an expression that already has an error: accepted everywhere, so that one
# mistake yields one diagnostic.
_ERR = NamedType("<error>")

_BUILTIN_NAMES = {"int": INT, "bool": BOOL, "real": REAL, "rmode": RMODE}
_BV_NAME = re.compile(r"bv([0-9]+)$")
_FLOAT_NAME = re.compile(r"float([0-9]+)e([0-9]+)$")

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
    if m:
        return BvType(int(m.group(1)))
    m = _FLOAT_NAME.match(name)
    return FloatType(int(m.group(1)), int(m.group(2))) if m else None


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


def _at(node, fallback: Loc) -> Loc:
    loc = getattr(node, "loc", NO_LOC)
    return fallback if loc == NO_LOC else loc
