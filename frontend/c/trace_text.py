"""What the C front end tells the trace (boogie/trace_attrs.py): tags of C types, lvalues and
conditions as C text.

Role: `ctag` says how a value of a C type reads (signed/unsigned width, pointer); `lvalue_text`
spells an assigned lvalue as C with a `{}` hole per array index whose value the trace fills
in (`arr[{}]` with the index expression, so the trace says `arr[2] = 5`); `leaf_paths` names
the scalar leaves of a struct or array (`.next`, `[1].x`) for aggregate assignments.  The text
of other expressions (conditions) comes from `expr_text`, a small precedence-aware printer
(pycparser's own generator, `parse.c_text`, for what it does not know).
"""
from __future__ import annotations

from boogie.ast import BoolLit, BvLit, Expr, IntLit
from boogie.visit import free_vars

from .parse import c_text
from .typesys import ArrayT, CType, FuncT, IntT, PtrT, StructT

MAX_LEAVES = 16          # aggregate assignments with more leaves are not spelled out

# C operator precedence (higher binds tighter), for printing expressions with only the
# parentheses they need
_BINARY = {"*": 13, "/": 13, "%": 13, "+": 12, "-": 12, "<<": 11, ">>": 11, "<": 10,
           "<=": 10, ">": 10, ">=": 10, "==": 9, "!=": 9, "&": 8, "^": 7, "|": 6, "&&": 5,
           "||": 4}
_UNARY, _POSTFIX, _TERNARY, _ASSIGN, _COMMA = 14, 15, 3, 2, 1


def expr_text(node) -> str:
    """A C expression as C with the parentheses precedence needs (pycparser's generator
    parenthesises every operand); "" for a node it cannot print."""
    try:
        return _expr(node, 0)
    except RecursionError:
        return ""


def _expr(n, outer: int) -> str:
    kind = type(n).__name__
    text, prec = None, _POSTFIX + 1
    if kind == "ID":
        text = n.name
    elif kind == "Constant":
        text = n.value
    elif kind == "BinaryOp" and n.op in _BINARY:
        prec = _BINARY[n.op]
        text = f"{_expr(n.left, prec)} {n.op} {_expr(n.right, prec + 1)}"
    elif kind == "UnaryOp":
        if n.op in ("p++", "p--"):
            prec, text = _POSTFIX, _expr(n.expr, _POSTFIX) + n.op[1:]
        elif n.op in ("sizeof", "_Alignof", "__alignof__", "__alignof"):
            prec, text = _UNARY, c_text(n) or f"{n.op}(...)"
            rest = text[len(n.op):].strip() if text.startswith(n.op) else None
            if rest is not None and type(n.expr).__name__ == "Typename":
                # the generator drops the parentheses of `_Alignof(T)` (`_Alignofstruct S`)
                text = f"{n.op}({rest})" if not rest.startswith("(") else n.op + rest
        else:
            prec, text = _UNARY, n.op + _expr(n.expr, _UNARY)
    elif kind == "ArrayRef":
        prec, text = _POSTFIX, f"{_expr(n.name, _POSTFIX)}[{_expr(n.subscript, 0)}]"
    elif kind == "StructRef":
        prec, text = _POSTFIX, f"{_expr(n.name, _POSTFIX)}{n.type}{n.field.name}"
    elif kind == "FuncCall":
        args = ", ".join(_expr(a, _ASSIGN) for a in (n.args.exprs if n.args else ()))
        prec, text = _POSTFIX, f"{_expr(n.name, _POSTFIX)}({args})"
    elif kind == "TernaryOp":
        prec = _TERNARY
        text = (f"{_expr(n.cond, prec + 1)} ? {_expr(n.iftrue, 0)} : "
                f"{_expr(n.iffalse, prec)}")
    elif kind == "Assignment":
        prec, text = _ASSIGN, f"{_expr(n.lvalue, _UNARY)} {n.op} {_expr(n.rvalue, _ASSIGN)}"
    elif kind == "ExprList":
        prec, text = _COMMA, ", ".join(_expr(e, _ASSIGN) for e in n.exprs)
    elif kind == "Cast" and type(n.expr).__name__ == "Constant" and n.expr.value == "0" \
            and c_text(n.to_type).replace(" ", "") == "void*":
        text = "NULL"                               # NULL, as the preprocessor left it
    if text is None:
        return c_text(n) or "?"
    return f"({text})" if prec < outer else text


def ctag(t: CType) -> str:
    if isinstance(t, IntT):
        return f"{'s' if t.signed else 'u'}{t.bits}"
    if isinstance(t, (PtrT, ArrayT, FuncT)):
        return "p"
    return ""


def _simple(node) -> bool:
    return type(node).__name__ in ("ID", "StructRef", "ArrayRef", "Constant")


def lvalue_text(node, subscripts: dict, locals_: set[str] | None,
                const_index) -> tuple[str, tuple[Expr, ...]]:
    """The lvalue `node` as C text with a hole `{tag}` for each array index to be read
    from the model (`subscripts`: the index values, by node, as the translation computed
    them; unless `locals_` is None, an index reading anything but those locals -- memory or
    globals, which may change before the store -- is printed as written instead), and the
    hole expressions in order."""
    holes: list[Expr] = []

    def text(n) -> str:
        kind = type(n).__name__
        if kind == "ID":
            return n.name
        if kind == "StructRef":
            return f"{text(n.name)}{n.type}{n.field.name}"
        if kind == "ArrayRef":
            base = text(n.name)
            c = const_index(n.subscript)
            if c is not None:
                return f"{base}[{c}]"
            v = subscripts.get(id(n))
            idx = v.expr if v is not None else None
            if idx is not None and not isinstance(idx, BoolLit) and \
                    (locals_ is None or free_vars(idx) <= locals_):
                if isinstance(idx, (IntLit, BvLit)):
                    return f"{base}[{idx.value}]"
                holes.append(idx)
                return f"{base}[{{{ctag(v.type) or 's64'}}}]"
            return f"{base}[{expr_text(n.subscript).replace('{', '(').replace('}', ')')}]"
        if kind == "UnaryOp" and n.op == "*":
            inner = text(n.expr)
            return f"*{inner}" if _simple(n.expr) else f"*({inner})"
        return expr_text(n).replace("{", "(").replace("}", ")") or "?"

    return text(node), tuple(holes)


def leaf_paths(types, t: CType, loc) -> list[tuple[int, str, CType]] | None:
    """(offset, path, type) of the scalar leaves of an aggregate (`.x`, `[2].next`), in
    offset order; None when there are more than MAX_LEAVES or a part has no name."""
    out: list[tuple[int, str, CType]] = []
    stack: list[tuple[CType, int, str]] = [(t, 0, "")]
    while stack:
        ty, off, path = stack.pop()
        if isinstance(ty, (IntT, PtrT)):
            out.append((off, path, ty))
        elif isinstance(ty, ArrayT) and ty.length is not None:
            size = types.sizeof(ty.elem, loc)
            for i in reversed(range(ty.length)):
                stack.append((ty.elem, off + i * size, f"{path}[{i}]"))
        elif isinstance(ty, StructT):
            info = types.structs.get(ty.key)
            if info is None or not info.complete or info.bitfields:
                return None
            for f in reversed(info.fields):
                if f.name.startswith("$"):
                    return None
                stack.append((f.type, off + f.offset, f"{path}.{f.name}"))
        else:
            return None
        if len(out) > MAX_LEAVES:
            return None
    out.sort(key=lambda x: x[0])
    return out
