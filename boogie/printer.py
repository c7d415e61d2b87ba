"""Turns Boogie AST nodes back into Boogie text.

Role: the inverse of `boogie/parser.py`.  For every program the parser produces,
`parse_program(format_program(p)) == p` (locations excluded) and printing is idempotent.
Procedure bodies are printed in the normal form the parser produces: labelled basic blocks
ending in an explicit `goto` or `return`.

Parentheses are minimal but always correct, by Boogie's precedence (loosest first):
`<==>`; `==>` (right assoc) and `<==` (left); `&&` / `||` (one level, never mixed without
parentheses); relations `== != < <= > >= <:` (non-associative); `++`; `+ -`; `* / div mod`;
`**` (right assoc); unary `! -`; postfix select / update / extract; atoms.  `if then else`
extends as far right as possible, so it is parenthesized whenever it is an operand.

Expressions are printed with an explicit work stack (no recursion), so long operator chains
(thousands of `&&` or `+` terms) print in linear time and never hit the recursion limit.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Union

from .ast import (App, Assert, Assign, Assume, Attr, Attrs, Block, Body, BoolLit, BoolType,
                  BvLit, BvType, Call, Cmd, CodeExpr, ConstDecl, Decl, Expr,
                  Extract, Formal, FunCall, FunctionDecl, Goto, Havoc, ImplementationDecl,
                  IntLit, IntType, Ite, MapSelect, MapStore, MapType, NamedType, Old, Op,
                  ProcedureDecl, Program, Quant, RealLit, RealType, Return,
                  FloatType, RmodeLit, RmodeType,
                  Transfer, Type, TypeDecl, Var, VarDecl, AxiomDecl, Yield)
from .numerals import digits_of

__all__ = ["format_program", "format_decl", "format_body", "format_block", "format_cmd",
           "format_expr", "format_type", "format_attrs", "format_real", "format_string"]

# Negative literals.  The parser folds a minus sign directly in front of a numeric literal
# into the literal (`-5` is IntLit(-5)), so IntLit(-5) prints as `-5`, and negation of a
# non-negative literal, App(NEG, IntLit(5)), prints as `-(5)` to stay distinct.
FOLDS_NEGATIVE_LITERALS = True

# ----------------------------------------------------------------------------- precedence

_ITE, _IFF, _IMP, _ANDOR, _REL, _CONCAT, _ADD, _MUL, _POW, _UNARY, _POSTFIX, _ATOM = range(12)

_BINARY_LEVEL = {
    Op.IFF: _IFF, Op.IMP: _IMP, Op.EXPLIES: _IMP, Op.AND: _ANDOR, Op.OR: _ANDOR,
    Op.EQ: _REL, Op.NEQ: _REL, Op.LT: _REL, Op.LE: _REL, Op.GT: _REL, Op.GE: _REL,
    Op.SUBTYPE: _REL, Op.CONCAT: _CONCAT, Op.ADD: _ADD, Op.SUB: _ADD, Op.MUL: _MUL,
    Op.DIV: _MUL, Op.MOD: _MUL, Op.RDIV: _MUL, Op.POW: _POW,
}
_LEFT_ASSOC = {_IFF, _CONCAT, _ADD, _MUL}


def _level(e: Expr) -> int:
    t = type(e)
    if t is App:
        return _UNARY if e.op.is_unary else _BINARY_LEVEL[e.op]
    if t is MapSelect or t is MapStore or t is Extract:
        return _POSTFIX
    if t is Ite:
        return _ITE
    if (t is IntLit or t is RealLit) and e.value < 0:
        return _UNARY
    return _ATOM


def _starts_with_minus(e: Expr) -> bool:
    t = type(e)
    if t is App:
        return e.op is Op.NEG
    return (t is IntLit or t is RealLit) and e.value < 0


def _operand_ok(op: Op, child: Expr, left: bool) -> bool:
    """True when `child` as the left/right operand of binary `op` needs no parentheses."""
    level = _BINARY_LEVEL[op]
    cl = _level(child)
    if cl > level:
        return True
    if cl < level:
        return False
    cop = child.op       # same level: child is a binary App
    if level == _IMP:
        return cop is op and ((op is Op.IMP) != left)      # a ==> (b ==> c); (a <== b) <== c
    if level == _ANDOR:
        return left and cop is op                           # no mixing of && and ||
    if level == _POW:
        return not left                                     # right associative
    if level in _LEFT_ASSOC:
        return left
    return False                                            # relations: non-associative


# ----------------------------------------------------------------------------- expressions

def format_expr(e: Expr) -> str:
    out: list[str] = []
    _emit_expr(e, out)
    return "".join(out)


def _emit_expr(root: Expr, out: list[str]) -> None:
    """Append the text of `root` to `out`, using a stack of pending strings and nodes."""
    stack: list[Union[str, Expr]] = [root]
    push = stack.append
    while stack:
        item = stack.pop()
        if type(item) is str:
            out.append(item)
            continue
        parts = _expr_parts(item)
        if type(parts) is str:
            out.append(parts)
        else:
            for p in reversed(parts):
                push(p)


def _paren(e: Expr, ok: bool) -> list:
    return [e] if ok else ["(", e, ")"]


def _expr_parts(e: Expr):
    """The text of `e` as a string, or a list of strings and sub-expressions to print."""
    t = type(e)
    if t is Var:
        return e.name
    if t is App:
        op = e.op
        if op.is_unary:
            (arg,) = e.args
            ok = _level(arg) >= _UNARY and not (op is Op.NEG and _starts_with_minus(arg))
            if (FOLDS_NEGATIVE_LITERALS and op is Op.NEG and type(arg) in (IntLit, RealLit)):
                ok = False
            return [op.symbol] + _paren(arg, ok)
        left, right = e.args
        return (_paren(left, _operand_ok(op, left, True)) + [f" {op.symbol} "]
                + _paren(right, _operand_ok(op, right, False)))
    if t is IntLit:
        return digits_of(e.value)
    if t is BoolLit:
        return "true" if e.value else "false"
    if t is BvLit:
        return f"{digits_of(e.value)}bv{e.width}"
    if t is RealLit:
        return format_real(e.value)
    if t is RmodeLit:
        return e.value
    if t is FunCall:
        return [e.func, "("] + _comma_list(e.args) + [")"]
    if t is MapSelect:
        return (_paren(e.map, _level(e.map) >= _POSTFIX) + ["["] + _comma_list(e.indices)
                + ["]"])
    if t is MapStore:
        return (_paren(e.map, _level(e.map) >= _POSTFIX) + ["["] + _comma_list(e.indices)
                + [" := ", e.value, "]"])
    if t is Extract:
        return _paren(e.expr, _level(e.expr) >= _POSTFIX) + [f"[{e.hi}:{e.lo}]"]
    if t is Ite:
        return ["if ", e.cond, " then ", e.then, " else ", e.else_]
    if t is Old:
        return ["old(", e.expr, ")"]
    if t is Quant:
        return _quant_parts(e)
    if t is CodeExpr:
        return _code_expr_text(e)
    raise AssertionError(f"format_expr: unknown expression class {t.__name__}")


def _comma_list(es) -> list:
    parts: list = []
    for i, x in enumerate(es):
        if i:
            parts.append(", ")
        parts.append(x)
    return parts


def _quant_parts(q: Quant) -> list:
    parts: list = ["(", q.kind.value]
    if q.type_params:
        parts.append(f" <{', '.join(q.type_params)}>")
    for i, d in enumerate(q.bound):
        parts.append(", " if i else " ")
        parts.extend(_typed_ident_parts(d))
    parts.append(" ::")
    for a in q.attrs:
        parts.append(" ")
        parts.extend(_attr_parts(a))
    for trig in q.triggers:
        parts.append(" { ")
        parts.extend(_comma_list(trig))
        parts.append(" }")
    parts.extend([" ", q.body, ")"])
    return parts


def _code_expr_text(c: CodeExpr) -> str:
    text = ["|{ "]
    for d in c.locals:
        text.append(f"var {_var_decl_text(d)}; ")
    for b in c.blocks:
        text.append(f"{b.label}: ")
        for cmd in b.cmds:
            text.append(format_cmd(cmd) + " ")
        text.append(_transfer_text(b.transfer) + " ")
    text.append("}|")
    return "".join(text)


def format_real(v: Fraction) -> str:
    """An exact decimal (`2.5`, `-0.125`, `3.0`) when the denominator has only factors 2
    and 5.  Other fractions have no decimal literal; they print as a division `(1.0 / 3.0)`,
    which denotes the same value but re-parses as an application of `/`."""
    v = Fraction(v)
    num, den = v.numerator, v.denominator
    d, twos = _multiplicity(den, 2)
    d, fives = _multiplicity(d, 5)
    if d != 1:
        return f"({digits_of(num)}.0 / {digits_of(den)}.0)"
    digits = max(twos, fives)
    scaled = abs(num) * (10 ** digits // den)
    sign = "-" if num < 0 else ""
    if digits == 0:
        return f"{sign}{digits_of(scaled)}.0"
    s = digits_of(scaled).rjust(digits + 1, "0")
    return f"{sign}{s[:-digits]}.{s[-digits:]}"


def _multiplicity(n: int, f: int) -> tuple[int, int]:
    """(n / f**k, k) for the largest k with f**k dividing n: powers f, f**2, f**4, ... are
    divided out first, so a denominator like 10**100000 takes a few dozen divisions."""
    if n % f:
        return n, 0
    n, k = _multiplicity(n, f * f)
    k *= 2
    if n % f == 0:
        n //= f
        k += 1
    return n, k


# ----------------------------------------------------------------------------- attributes

def _attr_parts(a: Attr) -> list:
    parts: list = ["{:", a.name]
    for i, x in enumerate(a.args):
        parts.append(", " if i else " ")
        parts.append(format_string(x) if isinstance(x, str) else x)
    parts.append("}")
    return parts


def format_string(s: str) -> str:
    """A Boogie string literal.  Boogie strings have no escapes except `\\"` for a quote;
    other characters, backslashes included (Windows paths), are kept as they are."""
    return '"' + s.replace('"', '\\"') + '"'


def format_attrs(attrs: Attrs) -> str:
    """`{:a 1} {:b "s"} ` (with a trailing space) or the empty string."""
    if not attrs:
        return ""
    out: list[str] = []
    for a in attrs:
        for p in _attr_parts(a):
            if type(p) is str:
                out.append(p)
            else:
                _emit_expr(p, out)
        out.append(" ")
    return "".join(out)


# ----------------------------------------------------------------------------- types

def format_type(t: Type) -> str:
    tt = type(t)
    if tt is IntType:
        return "int"
    if tt is BoolType:
        return "bool"
    if tt is BvType:
        return f"bv{t.width}"
    if tt is RealType:
        return "real"
    if tt is FloatType:
        return f"float{t.sig}e{t.exp}"
    if tt is RmodeType:
        return "rmode"
    if tt is NamedType:
        if not t.args:
            return t.name
        return " ".join([t.name] + [_type_arg(a) for a in t.args])
    if tt is MapType:
        tp = f"<{', '.join(t.type_params)}>" if t.type_params else ""
        return f"{tp}[{', '.join(map(format_type, t.domain))}]{format_type(t.range)}"
    raise AssertionError(f"format_type: unknown type class {tt.__name__}")


def _type_arg(t: Type) -> str:
    s = format_type(t)
    if (type(t) is NamedType and t.args) or type(t) is MapType:
        return f"({s})"
    return s


# ----------------------------------------------------------------------------- commands

def format_cmd(c: Cmd) -> str:
    """One command, ending in `;`, without indentation."""
    t = type(c)
    if t is Assign:
        return (f"{', '.join(map(format_expr, c.lhs))} := {format_attrs(c.attrs)}"
                f"{', '.join(map(format_expr, c.rhs))};")
    if t is Assume:
        return f"assume {format_attrs(c.attrs)}{format_expr(c.expr)};"
    if t is Assert:
        return f"assert {format_attrs(c.attrs)}{format_expr(c.expr)};"
    if t is Havoc:
        return f"havoc {format_attrs(c.attrs)}{', '.join(c.names)};"
    if t is Call:
        outs = f"{', '.join(c.outs)} := " if c.outs else ""
        kw = "async call" if c.is_async else "call"
        return (f"{kw} {format_attrs(c.attrs)}{outs}{c.proc}"
                f"({', '.join(map(format_expr, c.args))});")
    if t is Yield:
        return f"yield {format_attrs(c.attrs)}".rstrip() + ";"
    raise AssertionError(f"format_cmd: unknown command class {t.__name__}")


def _transfer_text(tr: Transfer) -> str:
    if type(tr) is Goto:
        return f"goto {format_attrs(tr.attrs)}{', '.join(tr.labels)};"
    if type(tr) is Return:
        val = "" if tr.value is None else " " + format_expr(tr.value)
        return f"return{(' ' + format_attrs(tr.attrs).rstrip()) if tr.attrs else ''}{val};"
    raise AssertionError(f"unknown transfer class {type(tr).__name__}")


def format_block(b: Block, indent: str = "  ") -> str:
    lines = [f"{indent}{b.label}:"]
    inner = indent + "  "
    for c in b.cmds:
        lines.append(inner + format_cmd(c))
    lines.append(inner + _transfer_text(b.transfer))
    return "\n".join(lines)


def format_body(body: Body) -> str:
    parts = ["{"]
    for d in body.locals:
        parts.append(f"  var {_var_decl_text(d)};")
    if body.locals:
        parts.append("")
    for i, b in enumerate(body.blocks):
        if i:
            parts.append("")
        parts.append(format_block(b))
    parts.append("}")
    return "\n".join(parts)


# ----------------------------------------------------------------------------- declarations

def _typed_ident_parts(d: VarDecl) -> list:
    parts: list = [format_attrs(d.attrs), d.name, ": ", format_type(d.type)]
    if d.where is not None:
        parts.extend([" where ", d.where])
    return parts


def _var_decl_text(d: VarDecl) -> str:
    out: list[str] = []
    for p in _typed_ident_parts(d):
        if type(p) is str:
            out.append(p)
        else:
            _emit_expr(p, out)
    return "".join(out)


def _formal_text(f: Formal) -> str:
    return format_type(f.type) if f.name is None else f"{f.name}: {format_type(f.type)}"


def _named_if_mixed(params: tuple[Formal, ...]) -> tuple[Formal, ...]:
    """Boogie reads `f(x, y: int)` as two int parameters, so an unnamed argument cannot
    precede a named one; when names are mixed, unnamed arguments get fresh names (`$argN`),
    which changes no meaning.  (The parser never produces mixed lists.)"""
    if all(f.name is None for f in params) or all(f.name is not None for f in params):
        return params
    used = {f.name for f in params}
    out = []
    for i, f in enumerate(params):
        if f.name is None:
            name = f"$arg{i}"
            while name in used:
                name += "_"
            used.add(name)
            f = Formal(name, f.type, loc=f.loc)
        out.append(f)
    return tuple(out)


def _type_params(tps: tuple[str, ...]) -> str:
    return f"<{', '.join(tps)}>" if tps else ""


def _signature(name: str, tps, params, returns) -> str:
    s = f"{name}{_type_params(tps)}({', '.join(map(_var_decl_text, params))})"
    if returns:
        s += f" returns ({', '.join(map(_var_decl_text, returns))})"
    return s


def _spec_lines(p: ProcedureDecl) -> list[str]:
    lines = []
    for r in p.requires:
        free = "free " if r.free else ""
        lines.append(f"  {free}requires {format_attrs(r.attrs)}{format_expr(r.expr)};")
    if p.modifies:
        lines.append(f"  modifies {', '.join(p.modifies)};")
    for e in p.ensures:
        free = "free " if e.free else ""
        lines.append(f"  {free}ensures {format_attrs(e.attrs)}{format_expr(e.expr)};")
    return lines


def format_decl(d: Decl) -> str:
    t = type(d)
    if t is VarDecl:
        return f"var {_var_decl_text(d)};"
    if t is ConstDecl:
        unique = "unique " if d.unique else ""
        return f"const {format_attrs(d.attrs)}{unique}{d.name}: {format_type(d.type)};"
    if t is TypeDecl:
        head = " ".join((d.name,) + d.params)
        syn = "" if d.synonym is None else f" = {format_type(d.synonym)}"
        return f"type {format_attrs(d.attrs)}{head}{syn};"
    if t is FunctionDecl:
        return _function_text(d)
    if t is AxiomDecl:
        return f"axiom {format_attrs(d.attrs)}{format_expr(d.expr)};"
    if t is ProcedureDecl:
        head = (f"procedure {format_attrs(d.attrs)}"
                f"{_signature(d.name, d.type_params, d.params, d.returns)}")
        specs = _spec_lines(d)
        if d.body is None:
            return "\n".join([head + ";"] + specs)
        return "\n".join([head] + specs + [format_body(d.body)])
    if t is ImplementationDecl:
        head = (f"implementation {format_attrs(d.attrs)}"
                f"{_signature(d.name, d.type_params, d.params, d.returns)}")
        return head + "\n" + format_body(d.body)
    raise AssertionError(f"format_decl: unknown declaration class {t.__name__}")


def _function_text(d: FunctionDecl) -> str:
    params = ", ".join(map(_formal_text, _named_if_mixed(d.params)))
    if d.result.name is None:
        result = f" : {format_type(d.result.type)}"
    else:
        result = f" returns ({_formal_text(d.result)})"
    head = (f"function {format_attrs(d.attrs)}{d.name}{_type_params(d.type_params)}"
            f"({params}){result}")
    if d.body is None:
        return head + ";"
    return f"{head}\n{{\n  {format_expr(d.body)}\n}}"


def format_program(p: Program) -> str:
    return "\n\n".join(format_decl(d) for d in p.decls) + "\n"
