"""Helpers shared by the program transformations in `boogie/passes/`.

Role: the small vocabulary every pass needs: fold separate `implementation`s into their
procedure (`attach_implementations`, the normal form all passes produce), fresh names,
the variables of a procedure body, whole-command expression maps that also reach attribute
arguments, `old(...)` elimination, and rebuilding a program with replaced procedures.
Inputs and outputs are `Program`s; nothing here changes meaning.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Callable, Iterable, Mapping

from ..ast import (Assert, Assume, Attrs, Block, Body, Call, Cmd, CodeExpr, Decl, Expr,
                   FunctionDecl, Goto, ImplementationDecl, MapType, NamedType, Old,
                   ProcedureDecl, Program, Return, Type, TypeDecl, Var, VarDecl, attr)
from ..errors import Unsupported, error
from ..visit import (attr_exprs, cmd_exprs, cmd_targets, free_vars, map_cmd_exprs,
                     subexprs, substitute, successors, transform)


# ----------------------------------------------------------------------------- names

class Namer:
    """Hands out names not in `taken` (and remembers them): `base`, `base_1`, `base_2`..."""

    def __init__(self, taken: Iterable[str] = ()):
        self.taken = set(taken)

    def fresh(self, base: str) -> str:
        name, i = base, 0
        while name in self.taken:
            i += 1
            name = f"{base}_{i}"
        self.taken.add(name)
        return name


def program_names(p: Program) -> set[str]:
    """Every name declared anywhere: top-level declarations, parameters and locals (a new
    global must not be shadowed by any local, a new procedure must not clash with anything)."""
    names: set[str] = set()
    for d in p.decls:
        name = getattr(d, "name", None)
        if name:
            names.add(name)
        if isinstance(d, (ProcedureDecl, ImplementationDecl)):
            names.update(v.name for v in d.params + d.returns)
            if d.body is not None:
                names.update(v.name for v in d.body.locals)
    return names


def body_vars(proc: ProcedureDecl) -> dict[str, VarDecl]:
    """Parameters, results and locals of a procedure with a body, by name."""
    out = {v.name: v for v in proc.params + proc.returns}
    if proc.body is not None:
        out.update((v.name, v) for v in proc.body.locals)
    return out


def block_labels(blocks: Iterable[Block]) -> set[str]:
    return {b.label for b in blocks}


# ----------------------------------------------------------------------------- types

def expand_synonyms(typ: Type, type_decls: Mapping[str, TypeDecl], depth: int = 0) -> Type:
    """`typ` with every type synonym (`type i32 = int;`, `type P a = [a]a;`) replaced by
    its definition, recursively; a chain longer than 100 is a cycle (unsupported)."""
    if isinstance(typ, NamedType):
        d = type_decls.get(typ.name)
        if d is not None and d.synonym is not None:
            if depth > 100:
                raise Unsupported(f"cyclic type synonym {typ.name}")
            syn = d.synonym
            if d.params:
                syn = _subst_type(syn, dict(zip(d.params, typ.args)))
            return expand_synonyms(syn, type_decls, depth + 1)
        return NamedType(typ.name, tuple(expand_synonyms(a, type_decls, depth + 1)
                                         for a in typ.args))
    if isinstance(typ, MapType):
        return MapType(tuple(expand_synonyms(a, type_decls, depth + 1) for a in typ.domain),
                       expand_synonyms(typ.range, type_decls, depth + 1), typ.type_params)
    return typ


def type_decls(p: Program) -> dict[str, TypeDecl]:
    return {d.name: d for d in p.decls if isinstance(d, TypeDecl)}


def _subst_type(t: Type, m: Mapping[str, Type]) -> Type:
    if isinstance(t, NamedType):
        if not t.args and t.name in m:
            return m[t.name]
        return NamedType(t.name, tuple(_subst_type(a, m) for a in t.args))
    if isinstance(t, MapType):
        mm = {k: v for k, v in m.items() if k not in t.type_params}
        return MapType(tuple(_subst_type(a, mm) for a in t.domain), _subst_type(t.range, mm),
                       t.type_params)
    return t


# ----------------------------------------------------------------------------- expressions

def map_attrs(attrs: Attrs, fn: Callable[[Expr], Expr]) -> Attrs:
    if not any(isinstance(a, Expr) for at in attrs for a in at.args):
        return attrs
    return tuple(replace(at, args=tuple(fn(a) if isinstance(a, Expr) else a for a in at.args))
                 for at in attrs)


def map_cmd(c: Cmd, fn: Callable[[Expr], Expr]) -> Cmd:
    """`map_cmd_exprs`, and also the expression arguments of the command's attributes."""
    c = map_cmd_exprs(c, fn)
    if c.attrs:
        new = map_attrs(c.attrs, fn)
        if new is not c.attrs:
            c = replace(c, attrs=new)
    return c


def map_block(b: Block, fn: Callable[[Expr], Expr]) -> Block:
    tr = b.transfer
    if isinstance(tr, Return) and tr.value is not None:
        tr = replace(tr, value=fn(tr.value))
    if tr.attrs:
        tr = replace(tr, attrs=map_attrs(tr.attrs, fn))
    return replace(b, cmds=tuple(map_cmd(c, fn) for c in b.cmds), transfer=tr)


def rename_block(b: Block, mapping: Mapping[str, Expr]) -> Block:
    """Substitute variables everywhere in a block (commands, targets, attributes)."""
    if not mapping:
        return b
    return map_block(b, lambda e: substitute(e, mapping))


def cmd_reads(c: Cmd) -> frozenset[str]:
    """Free variables a command mentions in expressions (incl. attribute arguments)."""
    out: set[str] = set()
    for e in cmd_exprs(c):
        out |= free_vars(e)
    for e in attr_exprs(c.attrs):
        out |= free_vars(e)
    return frozenset(out)


def block_vars(b: Block) -> tuple[set[str], set[str]]:
    """(names read, names written) by a block, attributes and transfer included."""
    reads: set[str] = set()
    writes: set[str] = set()
    for c in b.cmds:
        reads |= cmd_reads(c)
        writes.update(cmd_targets(c))
    for e in attr_exprs(b.transfer.attrs):
        reads |= free_vars(e)
    if isinstance(b.transfer, Return) and b.transfer.value is not None:
        reads |= free_vars(b.transfer.value)
    return reads, writes


def eliminate_old(e: Expr, snapshot: Mapping[str, Expr] | None,
                  is_global: Callable[[str], bool]) -> Expr:
    """Rewrite every `old(x)`: globals inside it are replaced by `snapshot[g]`, or kept as
    they are when `snapshot` is None (for contexts where old state == current state, such
    as a precondition evaluated at its call)."""
    def fn(x: Expr) -> Expr:
        if type(x) is not Old:
            return x
        inner = x.expr
        if snapshot is None:
            return inner
        mapping = {g: snapshot[g] for g in free_vars(inner) if is_global(g)}
        return substitute(inner, mapping)
    if not any(type(s) is Old for s in _all_subexprs(e)):
        return e
    return transform(e, fn)


def olds_in(e: Expr, is_global: Callable[[str], bool]) -> set[str]:
    """Globals that occur inside some `old(...)` of `e`."""
    out: set[str] = set()
    for s in _all_subexprs(e):
        if type(s) is Old:
            out.update(g for g in free_vars(s.expr) if is_global(g))
    return out


def _all_subexprs(e: Expr):
    return subexprs(e)


def code_expr_calls(b: Block) -> list[Call]:
    """Calls inside code expressions anywhere in a block's expressions."""
    out: list[Call] = []
    for e in block_exprs(b):
        for s in subexprs(e):
            if type(s) is CodeExpr:
                for cb in s.blocks:
                    out.extend(c for c in cb.cmds if type(c) is Call)
    return out


def block_exprs(b: Block) -> list[Expr]:
    out: list[Expr] = []
    for c in b.cmds:
        out.extend(cmd_exprs(c))
        out.extend(attr_exprs(c.attrs))
    out.extend(attr_exprs(b.transfer.attrs))
    return out


# ----------------------------------------------------------------------------- programs

def attach_implementations(p: Program) -> Program:
    """Turns `procedure P; implementation P {...}` into `procedure P {...}` (the normal form
    every pass produces).  Implementation formals named differently from the procedure's are
    renamed to the procedure's names (so contracts and body agree).  Two bodies for one
    procedure, or an implementation without a procedure, are reported."""
    impls = p.implementations()
    if not impls:
        return p
    procs = p.procedures()
    for name, lst in impls.items():
        if name not in procs:
            raise error("undeclared", lst[0].loc, f"implementation of undeclared procedure {name}")
        if len(lst) > 1 or procs[name].body is not None:
            raise error("unsupported", lst[-1].loc,
                        f"more than one implementation of procedure {name} is not supported")
    decls: list[Decl] = []
    for d in p.decls:
        if isinstance(d, ImplementationDecl):
            continue
        if isinstance(d, ProcedureDecl) and d.name in impls:
            d = _attach(d, impls[d.name][0])
        decls.append(d)
    return replace(p, decls=tuple(decls))


def _attach(proc: ProcedureDecl, impl: ImplementationDecl) -> ProcedureDecl:
    if len(proc.params) != len(impl.params) or len(proc.returns) != len(impl.returns):
        raise error("type", impl.loc,
                    f"implementation of {proc.name} does not match its procedure's signature")
    formals = list(zip(impl.params + impl.returns, proc.params + proc.returns))
    body = impl.body
    mapping = {q.name: Var(pd.name) for q, pd in formals if q.name != pd.name}
    if mapping:
        targets = {pd.name for _, pd in formals}
        own = {q.name for q, _ in formals} | {v.name for v in body.locals}
        used: set[str] = set()
        for b in body.blocks:
            r, w = block_vars(b)
            used |= r | w
        if (used - own) & targets:
            raise error("unsupported", impl.loc,
                        f"implementation of {proc.name} renames a parameter to the name of a "
                        "global it uses")
        namer = Namer(own | targets | used)
        locals_ = []
        for v in body.locals:
            if v.name in targets:
                new = namer.fresh(v.name)
                mapping[v.name] = Var(new)
                v = replace(v, name=new)
            locals_.append(v)
        body = replace(body, locals=tuple(locals_),
                       blocks=tuple(rename_block(b, mapping) for b in body.blocks))
    names = {a.name for a in proc.attrs}
    attrs = proc.attrs + tuple(a for a in impl.attrs if a.name not in names)
    return replace(proc, body=body, attrs=attrs)


def contracts_to_commands(d: ProcedureDecl, check: bool) -> ProcedureDecl:
    """Turns the contract of a procedure with a body into commands of that body: `assume`
    of every requires on entry; at every `return`, the ensures (`assert` when `check` and
    not free, else `assume`).  The result has no requires/ensures: callers see the body
    only, so nothing is assumed about a return that the body did not establish (an
    error-flag return in particular)."""
    if d.body is None or not (d.requires or d.ensures):
        return d
    blocks = list(d.body.blocks)
    if d.requires and blocks:
        pre = tuple(Assume(eliminate_old(r.expr, None, lambda n: True), r.attrs, loc=r.loc)
                    for r in d.requires)
        first = blocks[0]
        if any(first.label in successors(b) for b in blocks):
            label = Namer(block_labels(blocks)).fresh("entry")
            blocks.insert(0, Block(label, pre, Goto((first.label,), loc=first.loc),
                                   loc=first.loc))
        else:
            blocks[0] = replace(first, cmds=pre + first.cmds)
    if d.ensures:
        post = tuple((Assert if check and not e.free else Assume)(e.expr, e.attrs, loc=e.loc)
                     for e in d.ensures)
        blocks = [replace(b, cmds=b.cmds + post) if isinstance(b.transfer, Return) else b
                  for b in blocks]
    return replace(d, requires=(), ensures=(),
                   body=replace(d.body, blocks=tuple(blocks)))


def replace_procedures(p: Program, new: Mapping[str, ProcedureDecl],
                       added: Iterable[Decl] = ()) -> Program:
    """`p` with the named procedures replaced (in place) and `added` appended."""
    decls = [new.get(d.name, d) if isinstance(d, ProcedureDecl) else d for d in p.decls]
    decls.extend(added)
    return replace(p, decls=tuple(decls))


def is_global_in(p: Program, proc: ProcedureDecl) -> Callable[[str], bool]:
    gl = set(p.global_vars())
    local = set(body_vars(proc)) if proc.body is not None else \
        {v.name for v in proc.params + proc.returns}
    return lambda n: n in gl and n not in local


def calls_in(body: Body) -> Iterable[Call]:
    for b in body.blocks:
        for c in b.cmds:
            if type(c) is Call:
                yield c


def builtin_name(f: FunctionDecl) -> str | None:
    """The SMT-LIB operation a `{:bvbuiltin "..."}` / `{:builtin "..."}` function stands for."""
    a = attr(f.attrs, "bvbuiltin") or attr(f.attrs, "builtin")
    if a is None or not a.args or not isinstance(a.args[0], str):
        return None
    return a.args[0].strip()


def has_attr(attrs: Attrs, name: str) -> bool:
    return any(a.name == name for a in attrs)


def without_attr(attrs: Attrs, name: str) -> Attrs:
    return tuple(a for a in attrs if a.name != name)

