"""SMACK's inline Boogie in C: `__SMACK_code`, `__SMACK_decl` and `__SMACK_top_decl`.

Role: turns the calls SMACK reads as Boogie text (SMACK's docs/boogie-code.md) into Boogie
commands and declarations of the translated program:
- `__SMACK_code("fmt", args...)`: the commands of the format string, at the call;
- `__SMACK_decl("var x: T;")`: locals of the calling procedure;
- `__SMACK_top_decl("...")`: program-level declarations (var, const, function, axiom,
  type, bodiless procedure), once per distinct text.
Each `@` of the format string stands for the next argument; SMACK's format characters
(`@c @b @B @h @H @i @I @f`) ask for the argument at that C type rather than its default
promotion.  The text is parsed by our Boogie parser (boogie/parser.py `parse_commands`)
with each placeholder read as a reserved identifier, which is then replaced in the AST --
never in the text -- by the argument's Boogie expression:
- a C variable whose Boogie type is the placeholder's (a scalar local or global, or a
  scalar in memory through a temporary that is stored back) is a variable, so the injected
  code may assign, havoc or `call ... := ...` it; after such a write the variable is assumed
  to hold a value of its C type (the model's invariant; SMACK's int mode would not bound
  it); any other argument is its value, read before the injected code runs;
- a C function is its procedure where a procedure name is expected (`call @(...)`), its
  address elsewhere.
Procedure names in injected calls resolve to the C function's procedure.  Every name the
injected code uses must be declared by injected code (`__SMACK_top_decl`, or
`__SMACK_decl` in the same function); SMACK's own names (`$M.0`, `$alloc`, ...) and
pycorral's internal ones are not visible, and a name that does not resolve, a clash with a
name of the model, a parse error or a type error of injected code is `unsupported` (the
verdict is UNKNOWN), never a silent drop.  SMACK's types `ref` (our pointer type) and `i1`,
`i8`, ..., `i128` (int, or bvN in the bv encoding) are declared as type synonyms when the
injected code uses them.  Every node of injected code carries the call's C location.
The names are checked, and the program type-checked, when the program is assembled
(`Injections.finish`), since declarations may come from functions translated later.
"""
from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field

from boogie.ast import (INT, AxiomDecl, BvType, Call, ConstDecl, Expr, FunCall, FunctionDecl,
                        Loc, MapType, NamedType, ProcedureDecl, Program, Quant, Type, TypeDecl,
                        Var, VarDecl)
from boogie.errors import BoogieError
from boogie.visit import cmd_exprs, cmd_targets, free_vars, map_cmd_exprs, subexprs, substitute

from .typesys import VOID, ArrayT, CType, FloatT, IntT, PtrT, unsupported
from .values import LMem, LVar, V

INJECTORS = ("__SMACK_code", "__SMACK_decl", "__SMACK_top_decl")
_FORMAT = {"c": "char", "b": "signed char", "B": "unsigned char", "h": "short",
           "H": "unsigned short", "i": "int", "I": "unsigned int", "f": "float"}
_HOLE = "$pycorral.hole"            # placeholder identifiers: $pycorral.hole0, ...
_SMACK_INTS = (1, 8, 16, 24, 32, 40, 48, 56, 64, 80, 88, 96, 128)


@dataclass(frozen=True, slots=True)
class Site:
    """The names one injection uses, checked when the program is assembled."""
    loc: Loc
    proc: str                      # the procedure it is in ("" for a top-level decl)
    names: frozenset[str]          # variables and constants
    funcs: frozenset[str]          # Boogie functions
    procs: frozenset[str]          # procedures that are not C functions
    types: frozenset[str]          # type names


@dataclass(slots=True)
class Injections:
    """Everything a program injects (one per ProgramTranslator)."""
    decls: list = field(default_factory=list)          # top-level declarations, in order
    texts: set[str] = field(default_factory=set)       # __SMACK_top_decl texts seen
    sites: list[Site] = field(default_factory=list)
    locals: dict[str, set[str]] = field(default_factory=dict)   # proc -> __SMACK_decl names
    locs: set[Loc] = field(default_factory=set)

    def __bool__(self) -> bool:
        return bool(self.sites or self.decls or self.locs)


# ----------------------------------------------------------------------------- calls

def inject(ft, name: str, args, loc: Loc) -> V:
    """Translate a call of one of INJECTORS (ft: the FunctionTranslator)."""
    sink: Injections = ft.pt.injections
    sink.locs.add(loc)
    if not args:
        raise unsupported(loc, f"{name} without a format string")
    text, fmts = _template(args[0], name, loc)
    if name == "__SMACK_code":
        _code(ft, text, fmts, args[1:], loc)
    elif fmts or len(args) > 1:
        raise unsupported(loc, f"{name} with '@' arguments")
    elif name == "__SMACK_decl":
        _decl(ft, text, loc)
    else:
        _top_decl(ft, text, loc)
    return V(None, VOID)


def _template(node, name: str, loc: Loc) -> tuple[str, list[str | None]]:
    """The format string with every `@` (and its format character) replaced by a
    placeholder identifier, and the format characters in order."""
    from .consteval import string_bytes
    if type(node).__name__ != "Constant" or node.type != "string" or \
            node.value.startswith(("L", "u", "U")):
        raise unsupported(loc, f"{name} whose first argument is not a string literal")
    text = string_bytes(node.value, loc).decode("latin-1")
    if _HOLE in text:
        raise unsupported(loc, f"{name} text using pycorral's reserved name {_HOLE}")
    out: list[str] = []
    fmts: list[str | None] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch != "@":
            out.append(ch)
            i += 1
            continue
        fmt = text[i + 1] if i + 1 < len(text) and text[i + 1] in _FORMAT else None
        out.append(f" {_HOLE}{len(fmts)} ")
        fmts.append(fmt)
        i += 2 if fmt else 1
    return "".join(out), fmts


def _parse(what: str, parse, text: str, loc: Loc):
    try:
        return parse(text, "<injected>")
    except BoogieError as e:
        d = e.first
        raise unsupported(loc, f"Boogie code of {what} that pycorral cannot read "
                          f"(column {d.loc.col}: {d.message})") from None


def _code(ft, text: str, fmts: list[str | None], args, loc: Loc) -> None:
    from boogie.parser import parse_commands
    cmds = _parse("__SMACK_code", parse_commands, text, loc)
    if len(args) != len(fmts):
        raise unsupported(loc, f"__SMACK_code with {len(fmts)} '@' placeholder(s) and "
                          f"{len(args)} argument(s)")
    holes = [f"{_HOLE}{i}" for i in range(len(fmts))]
    written = {n for c in cmds for n in cmd_targets(c) if n in holes}
    called = {c.proc for c in cmds if isinstance(c, Call) and c.proc in holes}
    ft.pt.injections.sites.append(_site(cmds, holes, set(ft.pt.functions) |
                                        set(ft.pt.aliases), ft.info.name, loc))
    cmds = [_resolve_call(ft, c, holes, loc) for c in cmds]
    mapping: dict[str, Expr] = {}
    procs: dict[str, str] = {}
    after: list = []
    for hole, node, fmt in zip(holes, args, fmts):
        if hole in called:
            procs[hole] = _procedure_argument(ft, node, hole in written, loc)
            if any(hole in free_vars(e) for c in cmds for e in cmd_exprs(c)):
                raise unsupported(loc, "__SMACK_code using a procedure placeholder as a value")
            continue
        mapping[hole], writeback = _argument(ft, node, fmt, hole in written, loc)
        if writeback is not None:
            after.append(writeback)
    for c in cmds:
        if isinstance(c, Call) and c.proc in procs:
            c = dataclasses.replace(c, proc=procs[c.proc])
        c = map_cmd_exprs(c, lambda e: substitute(e, mapping))
        ft.emit(relocate(c, loc))
    for place, var in after:
        rng = ft.enc.in_range(var, place.type)
        if rng is not None:
            ft.assume(rng, loc)
        if isinstance(place, LMem):
            ft.store(place, V(var, place.type), loc)


def _resolve_call(ft, c, holes: list[str], loc: Loc):
    """A call of a C function names the function's procedure."""
    if not isinstance(c, Call) or c.proc in holes:
        return c
    info = ft.pt.functions.get(ft.pt.aliases.get(c.proc, c.proc))
    if info is None:
        return c                     # a procedure of __SMACK_top_decl (checked at the end)
    if info.node is None:
        raise unsupported(loc, f"__SMACK_code calling the C function '{c.proc}', which the "
                          "program does not define")
    return dataclasses.replace(c, proc=info.name)


def _procedure_argument(ft, node, written: bool, loc: Loc) -> str:
    name = node.name if type(node).__name__ == "ID" else None
    sym = ft.pt.lookup(name) if name else None
    name = ft.pt.aliases.get(name, name) if name else None
    info = ft.pt.functions.get(name) if name else None
    if info is None or (sym is not None and sym.kind != "func") or written:
        raise unsupported(loc, "__SMACK_code calling '@' whose argument is not a C function")
    if info.node is None:
        raise unsupported(loc, f"__SMACK_code calling the C function '{name}', which the "
                          "program does not define")
    return info.name


def _argument(ft, node, fmt: str | None, written: bool, loc: Loc):
    """The Boogie expression a placeholder stands for, and (place, variable) when the
    injected code writes it."""
    place = _scalar_place(ft, node)
    ctype = place.type if place is not None else ft.type_of(node)
    if isinstance(ctype, ArrayT):
        ctype = PtrT(ctype.elem)
    if isinstance(ctype, FloatT) or (fmt == "f"):
        raise unsupported(loc, "__SMACK_code with a floating-point argument")
    if not isinstance(ctype, (IntT, PtrT)):
        raise unsupported(loc, f"__SMACK_code with an argument of type {ctype}")
    if fmt is not None:
        if not isinstance(ctype, IntT):
            raise unsupported(loc, f"__SMACK_code format '@{fmt}' for a pointer argument")
        target: CType = ft.dm.ints[_FORMAT[fmt]]
    else:
        target = ft.dm.promote(ctype) if isinstance(ctype, IntT) else ctype
    same = place is not None and ft.enc.btype(place.type) == ft.enc.btype(target) and \
        (fmt is None or target == place.type)
    if written and not same:
        raise unsupported(loc, "__SMACK_code writing a placeholder whose argument is not a "
                          "variable of the placeholder's type")
    if same and isinstance(place, LVar):
        return Var(place.name), ((place, Var(place.name)) if written else None)
    if same:
        tmp = ft.temp_of(ft.load(place, loc))
        assert isinstance(tmp.expr, Var), "a memory load is not a literal"
        return tmp.expr, ((place, tmp.expr) if written else None)
    v = ft.temp_of(ft.convert(ft.rvalue(node), target, loc))
    return v.expr, None


def _scalar_place(ft, node):
    """The place of an argument that names a scalar object, else None."""
    kind = type(node).__name__
    if kind == "ID":
        sym = ft.pt.lookup(node.name)
        if sym is None or sym.kind not in ("var", "mem") or node.name in ft.pt.aliases:
            return None
    elif not (kind in ("ArrayRef", "StructRef") or (kind == "UnaryOp" and node.op == "*")):
        return None
    place = ft.lvalue(node)
    if not isinstance(place, (LVar, LMem)) or not isinstance(place.type, (IntT, PtrT)):
        return None
    return place


def _decl(ft, text: str, loc: Loc) -> None:
    from boogie.parser import parse_program
    decls = _parse("__SMACK_decl", parse_program, text, loc).decls
    taken = ft.pt.injections.locals.setdefault(ft.info.name, set())
    for d in decls:
        if not isinstance(d, VarDecl) or d.where is not None:
            raise unsupported(loc, "__SMACK_decl declaring something other than a variable")
        if d.name in ft.b.locals or d.name in ft.local_names or d.name in ft.pt.global_vars \
                or d.name in ft.pt.functions or d.name.startswith(_HOLE):
            raise unsupported(loc, f"__SMACK_decl declaring '{d.name}', a name pycorral's "
                              "model of the program already uses")
        ft.b.declare(d.name, d.type, loc)
        taken.add(d.name)
        ft.pt.injections.sites.append(Site(loc, ft.info.name, frozenset(), frozenset(),
                                           frozenset(), frozenset(_type_names(d.type))))


def _top_decl(ft, text: str, loc: Loc) -> None:
    from boogie.parser import parse_program
    sink: Injections = ft.pt.injections
    if text in sink.texts:
        return
    sink.texts.add(text)
    for d in _parse("__SMACK_top_decl", parse_program, text, loc).decls:
        if isinstance(d, ProcedureDecl) and d.body is not None or \
                not isinstance(d, (VarDecl, ConstDecl, FunctionDecl, AxiomDecl, TypeDecl,
                                   ProcedureDecl)):
            raise unsupported(loc, "__SMACK_top_decl declaring a procedure with a body or "
                              "an implementation")
        sink.decls.append(relocate(d, loc))
        sink.sites.append(_decl_site(d, loc))


# ----------------------------------------------------------------------------- names

def _site(cmds, holes: list[str], c_functions: set[str], proc: str, loc: Loc) -> Site:
    """The names commands use (placeholders and C functions excepted)."""
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
    procs -= set(holes) | c_functions
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
    that traces and diagnostics of injected code point at the C call.  Recursive over the
    dataclass fields: injected code is short."""
    if isinstance(node, tuple):
        return tuple(relocate(x, loc) for x in node)
    if isinstance(node, Type) or not dataclasses.is_dataclass(node) or isinstance(node, Loc):
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
    model = {n for d in decls for n in _declared(d)}
    for d in sink.decls:
        clash = _declared(d) & model
        if clash:
            raise unsupported(d.loc, f"__SMACK_top_decl declaring '{sorted(clash)[0]}', a "
                              "name pycorral's model of the program already uses")
    used_types = {t for s in sink.sites for t in s.types}
    synonyms = []
    for name in sorted(used_types - kinds["type"]):
        t = _smack_type(name, ptr_type, is_bv)
        if t is None:
            site = next(s for s in sink.sites if name in s.types)
            raise unsupported(site.loc, f"injected Boogie code using the type '{name}', which "
                              "no __SMACK_top_decl declares")
        if name in model:
            raise unsupported(sink.sites[0].loc, f"SMACK's type '{name}' clashes with a "
                              "name of pycorral's model of the program")
        synonyms.append(TypeDecl(name, (), t))
    for s in sink.sites:
        local = sink.locals.get(s.proc, set())
        for what, used, known in (("variable or constant", s.names, kinds["var"] | local),
                                  ("function", s.funcs, kinds["func"]),
                                  ("procedure", s.procs, kinds["proc"])):
            missing = sorted(used - known)
            if missing:
                raise unsupported(s.loc, f"injected Boogie code naming the {what} "
                                  f"'{missing[0]}', which no __SMACK_top_decl or "
                                  "__SMACK_decl declares (SMACK's own declarations and "
                                  "pycorral's are not visible)")
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
                raise unsupported(d.loc, f"injected Boogie code that does not type-check in "
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


def _declared(d) -> set[str]:
    return {d.name} if _kind(d) is not None else set()


def _smack_type(name: str, ptr_type: Type, is_bv: bool) -> Type | None:
    if name == "ref":
        return ptr_type
    m = re.fullmatch(r"i(\d+)", name)
    if m and int(m.group(1)) in _SMACK_INTS:
        return BvType(int(m.group(1))) if is_bv else INT
    return None


__all__ = ["INJECTORS", "Injections", "inject", "finish", "check_types", "relocate"]
