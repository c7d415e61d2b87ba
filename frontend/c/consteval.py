"""C literals and integer constant expressions.

Role: reads integer, character and string literals (C11 6.4.4, 6.4.5) into values with their
C types, and evaluates integer constant expressions (array sizes, enumerators, case labels,
static initialisers) with C semantics (truncating division, wrap-around in the result type),
and the length of an array of unspecified size from its initializer (`int a[] = {...}`).
"""
from __future__ import annotations

import re

from boogie.errors import error

from .parse import node_loc
from .typesys import ArrayT, DataModel, IntT, PtrT, StructT, unsupported

_INT_RE = re.compile(r"^(0[xX][0-9a-fA-F]+|0[bB][01]+|0[0-7]*|[1-9][0-9]*)([uUlL]*)$")
_ESCAPES = {"n": 10, "t": 9, "r": 13, "0": 0, "a": 7, "b": 8, "f": 12, "v": 11, "\\": 92,
            "'": 39, '"': 34, "?": 63, "e": 27}


# The most digits a literal of at most 64 bits can have (leading zeros aside), by base.
_MAX_DIGITS = {16: 16, 2: 64, 8: 22, 10: 20}


def int_literal(text: str, dm: DataModel, loc) -> tuple[int, IntT]:
    """Value and type of an integer literal (C11 6.4.4.1).  A literal too large for every
    integer type violates a constraint (C11 6.4.4p2): gcc only warns, clang rejects it, and
    so do we (the digit count is checked first, so no huge number is ever built)."""
    if text.startswith("'"):        # a multi-character constant (pycparser types it int)
        return char_literal(text, loc), dm.INT
    m = _INT_RE.match(text)
    if not m:
        raise error("unsupported", loc, f"unsupported C construct: literal '{text}'")
    digits, suffix = m.group(1), m.group(2).lower()
    if digits[:2] in ("0x", "0X"):
        base, body, decimal = 16, digits[2:], False
    elif digits[:2] in ("0b", "0B"):
        base, body, decimal = 2, digits[2:], False
    elif digits.startswith("0") and len(digits) > 1:
        base, body, decimal = 8, digits[1:], False
    else:
        base, body, decimal = 10, digits, True
    body = body.lstrip("0") or "0"
    if len(body) > _MAX_DIGITS[base] or int(body, base) >= 1 << 64:
        raise error("type", loc, "integer constant is too large for its type")
    v = int(body, base)
    unsigned = "u" in suffix
    longs = suffix.count("l")
    order = ["int", "long", "long long"][min(longs, 2):]
    cands: list[str] = []
    for base in order:
        if unsigned:
            cands.append("unsigned " + base)
        else:
            cands.append(base)
            if not decimal:
                cands.append("unsigned " + base)
    for c in cands:
        t = dm.ints[c]
        if t.min <= v <= t.max:
            return v, t
    return v % (1 << 64), dm.ints["unsigned long long"]


def _unescape(body: str, loc=None) -> list[int]:
    """The byte values of a C string/char literal body (without quotes).  The source was
    read as Latin-1 (parse.py), so each character is one byte of the source."""
    out: list[int] = []
    i = 0
    while i < len(body):
        ch = body[i]
        if ch != "\\":
            code = ord(ch)
            out.extend((code,) if code < 256 else ch.encode("utf-8"))
            i += 1
            continue
        i += 1
        if i >= len(body):
            raise error("type", loc, "a literal ends in a lone backslash")
        e = body[i]
        if e in "01234567":
            j = i
            while j < len(body) and j < i + 3 and body[j] in "01234567":
                j += 1
            out.append(int(body[i:j], 8) & 0xFF)
            i = j
        elif e == "x":
            j = i + 1
            while j < len(body) and body[j] in "0123456789abcdefABCDEF":
                j += 1
            if j == i + 1:
                raise error("type", loc, "\\x used with no following hex digits")
            # (C11 6.4.4.4p9: the value must fit in a char; gcc warns and keeps the low byte)
            out.append(int(body[max(i + 1, j - 2):j], 16))
            i = j
        else:
            out.append(_ESCAPES.get(e, ord(e) & 0xFF))
            i += 1
    return out


def char_literal(text: str, loc) -> int:
    """Value of a character constant (type int; plain char is signed).  A multi-character
    constant such as a pool tag `'dvxE'` has gcc's and clang's value: the characters'
    bytes shifted in one at a time, the last 32 bits read as an int."""
    if text.startswith(("L'", "u'", "U'")):
        raise error("unsupported", loc, "unsupported C construct: wide character constant")
    vals = _unescape(text[1:-1], loc)
    if not vals:
        raise error("unsupported", loc, f"unsupported C construct: character constant {text}")
    if len(vals) == 1:
        v = vals[0]
        return v - 256 if v >= 128 else v
    v = 0
    for b in vals:
        v = ((v << 8) | b) & 0xFFFFFFFF
    return v - (1 << 32) if v >= 1 << 31 else v


def string_bytes(text: str, loc=None) -> bytes:
    """The bytes of a (possibly concatenated) narrow string literal, without the NUL."""
    out: list[int] = []
    for part in re.findall(r'"((?:[^"\\]|\\.)*)"', text, re.DOTALL):
        out.extend(_unescape(part, loc))
    return bytes(out)


def _trunc_div(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


# Values are computed exactly (casts wrap them); a value wider than this is not one any C
# type holds, so the expression is treated as not constant rather than built as a huge number
# (`1 << 100000000`).
_MAX_BITS = 256


def _binary(op: str, a: int, b: int | None) -> int | None:
    if b is None or (op in ("/", "%") and b == 0):
        return None
    if op in ("<<", ">>") and not 0 <= b < _MAX_BITS:
        return None
    ops = {"+": lambda: a + b, "-": lambda: a - b, "*": lambda: a * b,
           "/": lambda: _trunc_div(a, b), "%": lambda: a - b * _trunc_div(a, b),
           "<<": lambda: a << b, ">>": lambda: a >> b,
           "&": lambda: a & b, "|": lambda: a | b, "^": lambda: a ^ b,
           "<": lambda: int(a < b), "<=": lambda: int(a <= b), ">": lambda: int(a > b),
           ">=": lambda: int(a >= b), "==": lambda: int(a == b), "!=": lambda: int(a != b),
           "&&": lambda: int(bool(a) and bool(b)), "||": lambda: int(bool(a) or bool(b))}
    f = ops.get(op)
    v = f() if f else None
    return v if v is None or v.bit_length() <= _MAX_BITS else None


def const_eval(pt, node) -> int | None:
    """The value of an integer constant expression, or None if it is not one."""
    kind = type(node).__name__
    loc = node_loc(node, pt.file)
    if kind == "Constant":
        if node.type == "char":
            return char_literal(node.value, loc)
        if node.type in ("int", "unsigned int", "long int", "long long int",
                         "unsigned long int", "unsigned long long int"):
            return int_literal(node.value, pt.dm, loc)[0]
        return None
    if kind == "ID":
        s = pt.lookup(node.name)
        return s.value if s is not None and s.kind == "enum" else None
    if kind == "UnaryOp":
        if node.op == "sizeof":
            try:
                t = _operand_type(pt, node.expr)
                # (an array of unknown or variable length: not a constant)
                return pt.types.sizeof(t, loc) if t is not None else None
            except RecursionError:
                raise
            except Exception:
                return None
        a = const_eval(pt, node.expr)
        if a is None:
            return None
        return {"-": -a, "+": a, "~": ~a, "!": int(not a)}.get(node.op)
    if kind == "BinaryOp":
        # a left-associative chain (`1 + 2 + ... + n`) is walked along its left spine, not
        # recursively: such chains can be as long as the input
        spine = []
        while type(node).__name__ == "BinaryOp":
            spine.append(node)
            node = node.left
        a = const_eval(pt, node)
        for n in reversed(spine):
            if a is None:
                return None
            a = _binary(n.op, a, const_eval(pt, n.right))
        return a
    if kind == "TernaryOp":
        c = const_eval(pt, node.cond)
        if c is None:
            return None
        return const_eval(pt, node.iftrue if c else node.iffalse)
    if kind == "Cast":
        v = const_eval(pt, node.expr)
        if v is None:
            v = null_member_offset(pt, node.expr)
        if v is None:
            return _float_constant_cast(pt, node)
        try:
            t = pt.resolve_type(node.to_type)
        except RecursionError:
            raise
        except Exception:
            return None
        if isinstance(t, IntT):
            m = 1 << t.bits
            v %= m
            if t.signed and v >= m >> 1:
                v -= m
            return v
        return None
    if kind == "FuncCall" and is_offsetof(pt, node):
        return offsetof_value(pt, node)
    return None


def _operand_type(pt, node):
    """The type of sizeof's operand when it is a type name or a designation of a declared
    object (`x`, `x[i]`, `*x`, `x.m`, `x->m`, a string literal), else None."""
    kind = type(node).__name__
    if kind == "Typename":
        return pt.resolve_type(node)
    if kind == "ID":
        s = pt.lookup(node.name)
        return s.type if s is not None and s.kind in ("var", "mem") else None
    if kind == "Constant" and node.type == "string":
        return ArrayT(pt.dm.CHAR, len(string_bytes(node.value)) + 1)
    if kind in ("ArrayRef", "UnaryOp") and (kind == "ArrayRef" or node.op == "*"):
        base = _operand_type(pt, node.name if kind == "ArrayRef" else node.expr)
        return base.elem if isinstance(base, ArrayT) else \
            base.target if isinstance(base, PtrT) else None
    if kind == "StructRef":
        base = _operand_type(pt, node.name)
        if node.type == "->":
            base = base.elem if isinstance(base, ArrayT) else \
                base.target if isinstance(base, PtrT) else None
        if isinstance(base, StructT):
            found = pt.types.member(base, node.field.name, node_loc(node, pt.file))
            return found[1] if found is not None else None
    return None


def _float_constant_cast(pt, node) -> int | None:
    """`(int)2.5`: a double constant as the immediate operand of a cast to an integer type
    is part of an integer constant expression (C11 6.6p6): the literal's double value
    truncated toward zero (C11 6.3.1.4), None when it is out of the type's range (undefined)
    or not such a cast (other floating types are not folded)."""
    from .floats import literal_value
    e = node.expr
    if type(e).__name__ != "Constant" or e.type not in ("double", "float"):
        return None
    try:
        q, _, suffix = literal_value(e.value, node_loc(node, pt.file))
        t = pt.resolve_type(node.to_type)
    except RecursionError:
        raise
    except Exception:
        return None
    if suffix or not isinstance(t, IntT) or t.name == "_Bool":
        return None
    try:
        v = int(float(q))       # the nearest double (C11 6.4.4.2p3), truncated
    except OverflowError:
        return None
    return v if t.min <= v <= t.max else None


def null_member_offset(pt, node) -> int | None:
    """The address `&((T *)0)->m...` (the offsetof idiom of kernel headers: a member's
    address in a struct at address 0) as an integer -- the member's offset -- when cast
    to an integer type; None if `node` is not of that form.  Steps: `->`/`.` members,
    constant `[index]`."""
    if type(node).__name__ != "UnaryOp" or node.op != "&":
        return None
    steps = []
    d = node.expr
    while type(d).__name__ in ("StructRef", "ArrayRef"):
        steps.append(d)
        if type(d).__name__ == "StructRef" and d.type == "->":
            break
        d = d.name
    if not steps or type(steps[-1]).__name__ != "StructRef" or steps[-1].type != "->":
        return None
    base = steps[-1].name
    if type(base).__name__ != "Cast" or const_eval(pt, base.expr) != 0:
        return None
    try:
        t = pt.resolve_type(base.to_type)
    except RecursionError:
        raise
    except Exception:
        return None
    if not isinstance(t, PtrT):
        return None
    loc = node_loc(node, pt.file)
    t, off = t.target, 0
    for s in reversed(steps):
        if type(s).__name__ == "StructRef":
            if not isinstance(t, StructT):
                return None
            found = pt.types.member(t, s.field.name, loc)
            if found is None:
                return None
            more, t = found
        else:
            i = const_eval(pt, s.subscript)
            if i is None or not isinstance(t, ArrayT):
                return None
            more, t = i * pt.types.sizeof(t.elem, loc), t.elem
        off += more
    return off


def is_offsetof(pt, node) -> bool:
    """`offsetof(type, member)` (the parser's keyword; stddef.h's `__builtin_offsetof` is
    read as it, parse.py), unless the program calls something of its own by that name."""
    return type(node.name).__name__ == "ID" and node.name.name == "offsetof" and \
        pt.lookup("offsetof") is None and node.args is not None and \
        len(node.args.exprs) == 2 and type(node.args.exprs[0]).__name__ == "Typename"


def offsetof_value(pt, node) -> int:
    """The value of `offsetof(type, designator)`: member names (through anonymous
    members), `.member` and constant `[index]` steps."""
    loc = node_loc(node, pt.file)
    t = pt.resolve_type(node.args.exprs[0])
    steps = []
    d = node.args.exprs[1]
    while type(d).__name__ in ("StructRef", "ArrayRef"):
        steps.append(d)
        d = d.name
    if type(d).__name__ != "ID":
        raise unsupported(loc, "offsetof designator")
    off, t = _member_offset(pt, t, d.name, loc)
    for s in reversed(steps):
        if type(s).__name__ == "StructRef":
            if s.type != ".":
                raise unsupported(loc, "offsetof designator")
            more, t = _member_offset(pt, t, s.field.name, loc)
        else:
            i = const_eval(pt, s.subscript)
            if i is None or not isinstance(t, ArrayT):
                raise unsupported(loc, "offsetof with a non-constant index")
            more, t = i * pt.types.sizeof(t.elem, loc), t.elem
        off += more
    return off


def _member_offset(pt, t, name: str, loc):
    if not isinstance(t, StructT):
        raise error("type", loc, f"offsetof in a non-struct type {t}")
    found = pt.types.member(t, name, loc)
    if found is None:
        raise error("type", loc, f"{t} has no member '{name}'")
    return found


def init_length(init, pt=None) -> int:
    """The length of an array of unspecified size from its initializer."""
    kind = type(init).__name__
    if kind == "InitList":
        n, i = 0, 0
        for e in init.exprs:
            if type(e).__name__ == "NamedInitializer":
                idx = pt.const_int(e.name[0]) if pt is not None and len(e.name) == 1 else None
                if idx is None:
                    raise unsupported(node_loc(init, pt.file if pt else ""),
                                      "designated initializer for an array of unspecified size")
                i = idx
            i += 1
            n = max(n, i)
        return n
    if kind == "Constant" and init.type == "string":
        return len(string_bytes(init.value)) + 1
    raise unsupported(node_loc(init, pt.file if pt else ""),
                      "initializer for an array of unspecified size")
