"""What the source says about struct layout: `#pragma pack` and the `packed`/`aligned`
attributes (GNU's spelling, and Microsoft's `__declspec(align(n))` through
frontend/include/pycorral_msc.h).

Role: reads pycparser trees (by node class names) for typesys.TypeTable.define, which lays
structs out by gcc's rules:
* `#pragma pack(n)`, `pack()`, `pack(push[, id][, n])`, `pack(pop[, id])` (gcc's and
  MSVC's forms; n a power of two up to 16, anything else ignored, as gcc does): the value
  in effect at each member's declaration caps that member's alignment -- a pragma inside
  a struct body applies to the members after it, as in gcc.  `pack_states` walks a file
  in source order (file scope, function bodies, struct bodies) once;
* `__attribute__((packed))` on a struct (after `struct`, or after its closing brace) or a
  member: alignment 1, unless the member has an `aligned` attribute;
* `__attribute__((aligned(n)))` on a member raises its alignment to n; on a struct type
  (after `struct`, or after its closing brace), the struct's.
Placements gcc reads otherwise, or that the parser does not keep (an attribute on a
typedef), are caught by frontend/c/layout_check.py, which compares the layout with gcc's.
"""
from __future__ import annotations

from dataclasses import dataclass

from .ast_memo import per_ast

_PACK_VALUES = (1, 2, 4, 8, 16)
MAX_ALIGN = 16              # `aligned` without an argument: the target's largest alignment


@dataclass(frozen=True, slots=True)
class MemberLayout:
    """A member's layout attributes: its own `aligned(n)` (user alignment) and `packed`,
    and the `#pragma pack` value in effect at its declaration (None: none)."""
    aligned: int | None = None
    packed: bool = False
    pack: int | None = None


@dataclass(frozen=True, slots=True)
class StructLayout:
    """A struct or union type's own attributes: `packed`, `aligned(n)`."""
    packed: bool = False
    aligned: int | None = None


@per_ast
def pack_states(ast) -> dict[int, int]:
    """`id(Decl node) -> pack value` for every declaration made while a `#pragma pack`
    value is in effect (the file's nodes, in source order)."""
    out: dict[int, int] = {}
    current: int | None = None
    stack: list[tuple[str | None, int | None]] = []     # pushed (identifier, value)
    todo = [ast]
    while todo:
        n = todo.pop()
        kind = type(n).__name__
        if kind == "Pragma":
            current = _pragma(n.string, current, stack)
            continue
        if kind == "Decl" and current is not None:
            out[id(n)] = current
        todo.extend(reversed([c for _, c in n.children()]))
    return out


def _pragma(text: str, current: int | None, stack: list) -> int | None:
    """The pack value after `#pragma <text>` (other pragmas leave it as it is)."""
    words = text.replace("(", " ( ").replace(")", " ) ").replace(",", " , ").split()
    if not words or words[0] != "pack":
        return current
    args = [w for w in words[1:] if w not in ("(", ")")]
    parts = [p.strip() for p in " ".join(args).split(",")] if args else []
    parts = [p for p in parts if p]
    if not parts:                                   # pack(): the default
        return None
    if parts[0] == "push":
        ident = next((p for p in parts[1:] if not p.isdigit()), None)
        value = next((int(p) for p in parts[1:] if p.isdigit()), None)
        stack.append((ident, current))
        return _valid(value, current) if value is not None else current
    if parts[0] == "pop":
        ident = next((p for p in parts[1:] if not p.isdigit()), None)
        if ident is not None:
            for i in range(len(stack) - 1, -1, -1):
                if stack[i][0] == ident:
                    current = stack[i][1]
                    del stack[i:]
                    return current
            return current
        return stack.pop()[1] if stack else current
    if parts[0].isdigit():
        return _valid(int(parts[0]), current)
    return current                                  # pack(show) and the like


def _valid(value: int, current: int | None) -> int | None:
    if value == 0:
        return None
    return value if value in _PACK_VALUES else current


def _attribute_items(spec) -> list:
    """The attribute expressions of an AttributeSpecifier or ExprList (None: none)."""
    if spec is None:
        return []
    if type(spec).__name__ == "AttributeSpecifier":
        spec = getattr(spec, "exprlist", None)
    return list(getattr(spec, "exprs", None) or [])


def _read(items, const_int) -> tuple[bool, int | None]:
    """(packed, aligned) among attribute expressions: `packed`, `aligned`, `aligned(n)`
    (with or without the underscores)."""
    packed, aligned = False, None
    for e in items:
        kind = type(e).__name__
        name = e.name if kind == "ID" else (e.name.name if kind == "FuncCall" and
                                            type(e.name).__name__ == "ID" else None)
        if name is None:
            continue
        name = name.strip("_")
        if name == "packed":
            packed = True
        elif name == "aligned":
            args = getattr(e, "args", None)
            n = const_int(args.exprs[0]) if args is not None and args.exprs else MAX_ALIGN
            if n is not None and n > 0:
                aligned = max(aligned or 0, n)
    return packed, aligned


def _declarator_attributes(t) -> list:
    """Attributes on a member's declarator (`int x __attribute__((aligned(8)))`): kept on
    its innermost TypeDeclExt/ArrayDeclExt."""
    out = []
    while t is not None:
        out += _attribute_items(getattr(t, "attributes", None))
        if type(t).__name__ in ("FuncDecl", "FuncDeclExt"):
            break
        t = getattr(t, "type", None)
    return out


def member_layout(decl, pack: int | None, const_int) -> MemberLayout:
    """The layout attributes of member declaration `decl` (leading attributes are in its
    `funcspec`, trailing ones on its declarator)."""
    items = []
    for spec in getattr(decl, "funcspec", None) or []:
        items += _attribute_items(spec)
    items += _declarator_attributes(decl.type)
    packed, aligned = _read(items, const_int)
    return MemberLayout(aligned, packed, pack)


def struct_layout(node, decl, const_int) -> StructLayout:
    """The attributes of struct type `node`: after the `struct` keyword (the parser's
    StructExt.attrib) or after the closing brace (the declaration's attributes placed
    after the struct's own position, in `decl.funcspec`)."""
    items = _attribute_items(getattr(node, "attrib", None))
    if decl is not None:
        where = getattr(node, "coord", None)
        for spec in getattr(decl, "funcspec", None) or []:
            if type(spec).__name__ != "AttributeSpecifier":
                continue
            at = getattr(getattr(spec, "exprlist", None), "coord", None)
            if where is not None and at is not None and _after(at, where):
                items += _attribute_items(spec)
    packed, aligned = _read(items, const_int)
    return StructLayout(packed, aligned)


def _after(a, b) -> bool:
    return (a.line or 0, a.column or 0) > (b.line or 0, b.column or 0)
