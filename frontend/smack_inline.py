"""SMACK's inline Boogie, the part both front ends share: reading the text, the names it
uses, and the program-level checks.

Role: SMACK (docs/boogie-code.md of smackers/smack) reads three calls as Boogie text:
`__SMACK_code("fmt", args...)` (commands at the call), `__SMACK_decl("...")` (locals of the
calling procedure) and `__SMACK_top_decl("...")` (program-level declarations).  Each `@` of
the text stands for the next argument; SMACK's format characters (`@c @b @B @h @H @i @I
@f`) ask for the argument at that C type rather than its default promotion.  Here:
- `template` replaces each placeholder by a reserved identifier (`$pycorral.hole<i>`), so
  that the text is parsed by our Boogie parser (boogie/parser.py) and the placeholders are
  then replaced in the AST -- never in the text -- by the front end
  (frontend/c/smack_code.py, frontend/llvm/smack_code.py);
- every name injected code uses must be declared by injected code: `__SMACK_top_decl`, or
  `__SMACK_decl` in the same procedure.  SMACK's own names (`$M.0`, `$alloc`, ...) and the
  model's internal ones are not visible: a name that does not resolve, a declaration that
  clashes with a name of the model, a parse error or a type error of injected code is
  unsupported (the verdict is UNKNOWN), never a silent drop;
- SMACK's types `ref` (the model's pointer type) and `i1`, `i8`, ..., `i128` (int, or bvN
  in the bv encoding) are declared as type synonyms when injected code uses them;
- every node of injected code carries the call's source location (`relocate`).
Names are checked (`finish`) and the program type-checked (`check_types`) when the program
is assembled, since declarations may come from functions translated later.
"""
from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from boogie.ast import (INT, AxiomDecl, BvType, Call, ConstDecl, Expr, FunCall, FunctionDecl,
                        Loc, MapType, NamedType, ProcedureDecl, Program, Quant, Type, TypeDecl,
                        VarDecl)
from boogie.errors import BoogieError
from boogie.visit import cmd_exprs, cmd_targets, free_vars, subexprs

INJECTORS = ("__SMACK_code", "__SMACK_decl", "__SMACK_top_decl")
FORMATS = {"c": "char", "b": "signed char", "B": "unsigned char", "h": "short",
           "H": "unsigned short", "i": "int", "I": "unsigned int", "f": "float"}
FORMAT_BITS = {"c": 8, "b": 8, "B": 8, "h": 16, "H": 16, "i": 32, "I": 32, "f": 32}
HOLE = "$pycorral.hole"            # placeholder identifiers: $pycorral.hole0, ...
_SMACK_INTS = (1, 8, 16, 24, 32, 40, 48, 56, 64, 80, 88, 96, 128)


@dataclass(frozen=True, slots=True)
class Site:
    """The names one injection uses, checked when the program is assembled."""
    loc: Loc
    proc: str                      # the procedure it is in ("" for a top-level decl)
    names: frozenset[str]          # variables and constants
    funcs: frozenset[str]          # Boogie functions
    procs: frozenset[str]          # procedures that are not the program's functions
    types: frozenset[str]          # type names


@dataclass(slots=True)
class Injections:
    """Everything a program injects (one per translation); `fail(loc, what)` is the front
    end's unsupported diagnostic."""
    fail: Callable[[Loc, str], BoogieError]
    decls: list = field(default_factory=list)          # top-level declarations, in order
    texts: set[str] = field(default_factory=set)       # __SMACK_top_decl texts seen
    sites: list[Site] = field(default_factory=list)
    locals: dict[str, set[str]] = field(default_factory=dict)   # proc -> __SMACK_decl names
    locs: set[Loc] = field(default_factory=set)

    def __bool__(self) -> bool:
        return bool(self.sites or self.decls or self.locs)


def hole(i: int) -> str:
    return f"{HOLE}{i}"


def template(sink: Injections, text: str, name: str, loc: Loc) -> tuple[str, list[str | None]]:
    """The text with every `@` (and its format character) replaced by a placeholder
    identifier, and the format characters in order."""
    sink.locs.add(loc)
    if HOLE in text:
        raise sink.fail(loc, f"{name} text using pycorral's reserved name {HOLE}")
    out: list[str] = []
    fmts: list[str | None] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch != "@":
            out.append(ch)
            i += 1
            continue
        fmt = text[i + 1] if i + 1 < len(text) and text[i + 1] in FORMATS else None
        out.append(f" {hole(len(fmts))} ")
        fmts.append(fmt)
        i += 2 if fmt else 1
    return "".join(out), fmts


def parse_code(sink: Injections, text: str, nargs: int, nholes: int, loc: Loc):
    """The commands of a `__SMACK_code` text (after `template`)."""
    from boogie.parser import parse_commands
    cmds = _parse(sink, "__SMACK_code", parse_commands, text, loc)
    if nargs != nholes:
        raise sink.fail(loc, f"__SMACK_code with {nholes} '@' placeholder(s) and {nargs} "
                        "argument(s)")
    return cmds


def parse_locals(sink: Injections, proc: str, text: str, loc: Loc) -> list[VarDecl]:
    """The variables of a `__SMACK_decl` text, recorded as locals of `proc` (the front end
    declares them and checks them against its own names)."""
    from boogie.parser import parse_program
    decls = _parse(sink, "__SMACK_decl", parse_program, text, loc).decls
    taken = sink.locals.setdefault(proc, set())
    out = []
    for d in decls:
        if not isinstance(d, VarDecl) or d.where is not None:
            raise sink.fail(loc, "__SMACK_decl declaring something other than a variable")
        if d.name.startswith(HOLE):
            raise sink.fail(loc, f"__SMACK_decl declaring '{d.name}', a name pycorral's "
                            "model of the program already uses")
        taken.add(d.name)
        sink.sites.append(Site(loc, proc, frozenset(), frozenset(), frozenset(),
                               frozenset(_type_names(d.type))))
        out.append(relocate(d, loc))
    return out


def add_top_decls(sink: Injections, text: str, loc: Loc) -> None:
    """The declarations of a `__SMACK_top_decl` text (once per distinct text)."""
    from boogie.parser import parse_program
    if text in sink.texts:
        return
    sink.texts.add(text)
    for d in _parse(sink, "__SMACK_top_decl", parse_program, text, loc).decls:
        if isinstance(d, ProcedureDecl) and d.body is not None or \
                not isinstance(d, (VarDecl, ConstDecl, FunctionDecl, AxiomDecl, TypeDecl,
                                   ProcedureDecl)):
            raise sink.fail(loc, "__SMACK_top_decl declaring a procedure with a body or an "
                            "implementation")
        sink.decls.append(relocate(d, loc))
        sink.sites.append(_decl_site(d, loc))


def _parse(sink: Injections, what: str, parse, text: str, loc: Loc):
    try:
        return parse(text, "<injected>")
    except BoogieError as e:
        d = e.first
        raise sink.fail(loc, f"Boogie code of {what} that pycorral cannot read "
                        f"(column {d.loc.col}: {d.message})") from None


# ----------------------------------------------------------------------------- names

def code_site(cmds, holes: list[str], functions: set[str], proc: str, loc: Loc) -> Site:
    """The names commands use, placeholders and the program's functions (`functions`, as
    call targets) excepted."""
    names: set[str] = set()
    funcs: set[str] = set()
    types: set[str] = set()
    procs: set[str] = set()
    for c in cmds:
        names.update(cmd_targets(c))
        for e in cmd_exprs(c):
            _expr_names(e, names, funcs, types)
        if isinstance(c, Call):
            procs.add(c.proc)
        for a in c.attrs:
            for x in a.args:
                if isinstance(x, Expr):
                    _expr_names(x, names, funcs, types)
    procs -= set(holes) | functions
    return Site(loc, proc, frozenset(names - set(holes)), frozenset(funcs), frozenset(procs),
                frozenset(types))


def _expr_names(e: Expr, names: set, funcs: set, types: set) -> None:
    names.update(free_vars(e))
    for x in subexprs(e):
        if isinstance(x, FunCall):
            funcs.add(x.func)
        elif isinstance(x, Quant):
            for d in x.bound:
                types.update(_type_names(d.type, frozenset(x.type_params)))


def _decl_site(d, loc: Loc) -> Site:
    names: set[str] = set()
    funcs: set[str] = set()
    types: set[str] = set()
    if isinstance(d, (VarDecl, ConstDecl)):
        types.update(_type_names(d.type))
        if isinstance(d, VarDecl) and d.where is not None:
            _expr_names(d.where, names, funcs, types)
    elif isinstance(d, FunctionDecl):
        bound = frozenset(d.type_params)
        for f in (*d.params, d.result):
            types.update(_type_names(f.type, bound))
        if d.body is not None:
            _expr_names(d.body, names, funcs, types)
            names -= {f.name for f in d.params if f.name}
    elif isinstance(d, AxiomDecl):
        _expr_names(d.expr, names, funcs, types)
    elif isinstance(d, TypeDecl):
        if d.synonym is not None:
            types.update(_type_names(d.synonym, frozenset(d.params)))
    else:
        bound = frozenset(d.type_params)
        for v in (*d.params, *d.returns):
            types.update(_type_names(v.type, bound))
        for spec in (*d.requires, *d.ensures):
            _expr_names(spec.expr, names, funcs, types)
        names -= {v.name for v in (*d.params, *d.returns)}
        names.update(d.modifies)
    return Site(loc, "", frozenset(names), frozenset(funcs), frozenset(), frozenset(types))


def _type_names(t: Type, bound: frozenset = frozenset()) -> set[str]:
    out: set[str] = set()
    stack = [(t, bound)]
    while stack:
        t, b = stack.pop()
        if isinstance(t, NamedType):
            if t.name not in b:
                out.add(t.name)
            stack.extend((a, b) for a in t.args)
        elif isinstance(t, MapType):
            inner = b | frozenset(t.type_params)
            stack.extend((x, inner) for x in (*t.domain, t.range))
    return out


def relocate(node, loc: Loc):
    """`node` (a command, declaration or expression) with every location set to `loc`, so
    that traces and diagnostics of injected code point at the call.  Recursive over the
    dataclass fields: injected code is short."""
    if isinstance(node, tuple):
        return tuple(relocate(x, loc) for x in node)
    if isinstance(node, (Type, Loc)) or not dataclasses.is_dataclass(node):
        return node
    changes = {}
    for f in dataclasses.fields(node):
        if not f.init:
            continue
        v = getattr(node, f.name)
        if f.name == "loc":
            changes["loc"] = loc
        elif isinstance(v, tuple) or (dataclasses.is_dataclass(v) and not isinstance(v, Type)):
            changes[f.name] = relocate(v, loc)
    return dataclasses.replace(node, **changes)


# ----------------------------------------------------------------------------- the program

def finish(sink: Injections, decls: list, ptr_type: Type, is_bv: bool) -> list:
    """The program's declarations with the injected ones and SMACK's type synonyms added,
    after checking that every name injected code uses is declared by injected code and
    that injected declarations do not clash with the model's names."""
    kinds: dict[str, set[str]] = {"var": set(), "func": set(), "proc": set(), "type": set()}
    for d in sink.decls:
        kind = _kind(d)
        if kind is not None:
            kinds[kind].add(d.name)
    model = {d.name for d in decls if _kind(d) is not None}
    for d in sink.decls:
        if _kind(d) is not None and d.name in model:
            raise sink.fail(d.loc, f"__SMACK_top_decl declaring '{d.name}', a name "
                            "pycorral's model of the program already uses")
    used_types = {t for s in sink.sites for t in s.types}
    synonyms = []
    for name in sorted(used_types - kinds["type"]):
        site = next(s for s in sink.sites if name in s.types)
        t = _smack_type(name, ptr_type, is_bv)
        if t is None:
            raise sink.fail(site.loc, f"injected Boogie code using the type '{name}', which "
                            "no __SMACK_top_decl declares")
        if name in model:
            raise sink.fail(site.loc, f"SMACK's type '{name}' clashes with a name of "
                            "pycorral's model of the program")
        synonyms.append(TypeDecl(name, (), t, loc=site.loc))
    for s in sink.sites:
        local = sink.locals.get(s.proc, set())
        for what, used, known in (("variable or constant", s.names, kinds["var"] | local),
                                  ("function", s.funcs, kinds["func"]),
                                  ("procedure", s.procs, kinds["proc"])):
            missing = sorted(used - known)
            if missing:
                raise sink.fail(s.loc, f"injected Boogie code naming the {what} "
                                f"'{missing[0]}', which no __SMACK_top_decl or __SMACK_decl "
                                "declares (SMACK's own declarations and pycorral's are not "
                                "visible)")
    return synonyms + list(decls) + list(sink.decls)


def check_types(sink: Injections, prog: Program) -> None:
    """Type errors in injected code are unsupported (the text was written for SMACK's
    model, not ours); other diagnostics are left to the loader's type check."""
    from boogie.typecheck import typecheck
    try:
        typecheck(prog, check_modifies=True)
    except BoogieError as e:
        for d in e.diagnostics:
            if d.loc in sink.locs:
                raise sink.fail(d.loc, f"injected Boogie code that does not type-check in "
                                f"pycorral's model ({d.message})") from None


def _kind(d) -> str | None:
    if isinstance(d, (VarDecl, ConstDecl)):
        return "var"
    if isinstance(d, FunctionDecl):
        return "func"
    if isinstance(d, ProcedureDecl):
        return "proc"
    if isinstance(d, TypeDecl):
        return "type"
    return None


def _smack_type(name: str, ptr_type: Type, is_bv: bool) -> Type | None:
    if name == "ref":
        return ptr_type
    m = re.fullmatch(r"i(\d+)", name)
    if m and int(m.group(1)) in _SMACK_INTS:
        return BvType(int(m.group(1))) if is_bv else INT
    return None


__all__ = ["INJECTORS", "FORMATS", "FORMAT_BITS", "HOLE", "Injections", "Site", "hole",
           "template", "parse_code", "parse_locals", "add_top_decls", "code_site",
           "relocate", "finish", "check_types"]
