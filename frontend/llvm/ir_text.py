"""Reads types, values and constant expressions from one line of canonical LLVM IR text.

Role: llvmlite (used only by reader.py) exposes no accessors for most details of a module
(predicates, flags, the source element type of getelementptr, switch cases, constant
expressions, aggregate initializers), so the front end reads them from the canonical text
llvmlite prints, with this small recursive-descent parser: `Parser` tokenises a line and
reads types (`type()`), typed values (`typed_value()`) and constants.  IR it does not
understand raises `UnsupportedIR` naming the construct (reader.py makes it a diagnostic).
Instructions are ir_instructions.py's.
"""
from __future__ import annotations

import re

from boogie.numerals import int_of_digits
from boogie.errors import Unsupported

from .ir import (I1, PTR, VOID, Aggregate, ArrayTy, ConstExpr, ConstFloat, ConstInt, FloatTy,
                 FuncTy, GlobalRef, InlineAsm, IntTy, LabelTy, Local, MetadataTy, MetadataValue,
                 NullPtr, PtrTy, StructTy, Ty, Undef, Value, VectorTy, ZeroInit)

# ----------------------------------------------------------------------------- tokens

_TOKEN = re.compile(r"""
    \s*(?:
      (?P<str>c?"(?:[^"\\]|\\.)*")
    | (?P<local>%(?:"(?:[^"\\]|\\.)*"|[-\w.$]+))
    | (?P<global>@(?:"(?:[^"\\]|\\.)*"|[-\w.$]+))
    | (?P<meta>!(?:[A-Za-z_.][-\w.]*|\d+)?)
    | (?P<attrgrp>\#\d+)
    | (?P<num>-?(?:0x[KLMHR][0-9A-Fa-f]+|0x[0-9A-Fa-f]+|\d+(?:\.\d+)?(?:[eE][-+]?\d+)?))
    | (?P<word>[A-Za-z_][\w.]*)
    | (?P<ellipsis>\.\.\.)
    | (?P<punct>[()\[\]{}<>,=*:|])
    )""", re.X)


def int_literal(v: str) -> int:
    """An integer constant of the IR text: decimal of any length (an i20000 constant has
    up to 6,021 digits, past `int()`'s 4,300), or hex."""
    neg = v.startswith("-")
    body = v[1:] if neg else v
    n = int(body, 16) if body[:2].lower() == "0x" else int_of_digits(body)
    return -n if neg else n


def unquote(s: str) -> str:
    if s.startswith('"'):
        s = s[1:-1]
        return re.sub(r"\\([0-9A-Fa-f]{2})", lambda m: chr(int(m.group(1), 16)), s)
    return s


def cstring(s: str) -> bytes:
    body = s[2:-1]
    out = bytearray()
    i = 0
    while i < len(body):
        ch = body[i]
        if ch == "\\":
            if body[i + 1] == "\\":
                out.append(0x5C)
                i += 2
            else:
                out.append(int(body[i + 1:i + 3], 16))
                i += 3
        else:
            out.extend(ch.encode("latin-1"))
            i += 1
    return bytes(out)


MAX_NESTING = 100       # levels of types and constants within types and constants


class UnsupportedIR(Unsupported):
    """IR text this reader does not understand (reader.py reports it as unsupported)."""


class Parser:
    """Reads types, values and instructions from one line of canonical LLVM text."""

    # keywords that may precede a type or a value and carry no meaning for us
    PARAM_ATTRS = {"noundef", "nonnull", "noalias", "nocapture", "readonly", "writeonly",
                   "signext", "zeroext", "inreg", "returned", "nofree", "immarg", "noext",
                   "dead_on_unwind", "writable", "noescape", "nest", "swiftself",
                   "swifterror", "allocalign", "allocptr", "readnone", "initializes"}
    # attributes carrying a type: `byval(%struct.s)`
    TYPED_ATTRS = {"byval", "sret", "byref", "elementtype"}

    def __init__(self, text: str, structs: dict[str, StructTy] | None = None):
        self.text = text
        self.toks: list[tuple[str, str]] = []
        pos = 0
        n = len(text)
        while pos < n:
            m = _TOKEN.match(text, pos)
            if m is None or m.end() == pos:
                if text[pos:].strip() == "":
                    break
                if text[pos] == ";":          # comment
                    break
                raise UnsupportedIR(f"cannot read {text[pos:pos + 30]!r}")
            kind = m.lastgroup
            self.toks.append((kind, m.group(kind)))
            pos = m.end()
        self.i = 0
        self.nesting = 0
        self.structs = structs if structs is not None else {}

    # ------------------------------------------------------------------ token access
    def peek(self, k: int = 0) -> tuple[str, str]:
        j = self.i + k
        return self.toks[j] if j < len(self.toks) else ("eof", "")

    def next(self) -> tuple[str, str]:
        t = self.peek()
        self.i += 1
        return t

    def at(self, v: str) -> bool:
        return self.peek()[1] == v

    def accept(self, v: str) -> bool:
        if self.at(v):
            self.i += 1
            return True
        return False

    def expect(self, v: str) -> None:
        t = self.next()
        if t[1] != v:
            raise UnsupportedIR(f"expected {v!r}, found {t[1]!r}")

    def done(self) -> bool:
        return self.i >= len(self.toks)

    # ------------------------------------------------------------------ types
    def _nest(self, delta: int) -> None:
        """Types and constants are read recursively: a program's nest a few levels, and
        past MAX_NESTING (e.g. `[1 x [1 x ... i32]]` 1,000 deep, which llvmlite accepts)
        the module is declined before Python's stack runs out."""
        self.nesting += delta
        if self.nesting > MAX_NESTING:
            raise UnsupportedIR(f"a type or constant nested more than {MAX_NESTING} levels "
                               "deep")

    def type(self) -> Ty:
        self._nest(1)
        t = self._type()
        self.nesting -= 1
        return t

    def _type(self) -> Ty:
        t = self._base_type()
        while True:
            if self.at("*"):
                self.i += 1
                t = PTR
            elif self.at("("):                  # function type
                self.i += 1
                params, vararg = [], False
                while not self.at(")"):
                    if self.accept("..."):
                        vararg = True
                    else:
                        params.append(self.type())
                        self.skip_param_attrs()
                    self.accept(",")
                self.expect(")")
                t = FuncTy(t, tuple(params), vararg)
            else:
                return t

    def _base_type(self) -> Ty:
        kind, v = self.next()
        if kind == "word":
            if re.fullmatch(r"i\d+", v):
                return IntTy(int(v[1:]))
            if v == "ptr":
                if self.at("addrspace"):
                    self.i += 1
                    self.expect("(")
                    n = int(self.next()[1])
                    self.expect(")")
                    return PtrTy(n)
                return PTR
            if v == "void":
                return VOID
            if v in ("half", "bfloat", "float", "double", "x86_fp80", "fp128", "ppc_fp128"):
                return FloatTy(v)
            if v == "label":
                return LabelTy()
            if v == "metadata":
                return MetadataTy()
            if v == "opaque":
                return StructTy(None, None)
        if kind == "local":
            name = unquote(v[1:])
            st = self.structs.get(name)
            if st is None:
                raise UnsupportedIR(f"unknown type %{name}")
            return st
        if v == "[":
            n = int(self.next()[1])
            self.expect("x")
            el = self.type()
            self.expect("]")
            return ArrayTy(n, el)
        if v == "<":
            if self.at("{"):
                self.i += 1
                fields = self._fields("}")
                self.expect(">")
                return StructTy(None, fields, packed=True)
            n = int(self.next()[1])
            self.expect("x")
            el = self.type()
            self.expect(">")
            return VectorTy(n, el)
        if v == "{":
            return StructTy(None, self._fields("}"))
        raise UnsupportedIR(f"type {v!r}")

    def _fields(self, close: str) -> tuple[Ty, ...]:
        out = []
        while not self.at(close):
            out.append(self.type())
            self.accept(",")
        self.expect(close)
        return tuple(out)

    def skip_param_attrs(self) -> None:
        self.param_attrs()

    def param_attrs(self) -> dict[str, Ty | None]:
        """Reads the parameter attributes at this point: name -> the type of a typed
        attribute (`byval(<ty>)`, `sret(<ty>)`, `byref(<ty>)`, `elementtype(<ty>)`), else
        None.  `inalloca` and `preallocated` (the argument lives in the caller's stack
        frame, set up by special intrinsics) are unsupported."""
        out: dict[str, Ty | None] = {}
        while True:
            k, v = self.peek()
            if k == "word" and v in self.PARAM_ATTRS:
                self.i += 1
                out[v] = None
                if v == "initializes":
                    self.skip_parens()
            elif k == "word" and v in ("inalloca", "preallocated"):
                raise UnsupportedIR(f"parameter attribute {v}")
            elif k == "word" and v in self.TYPED_ATTRS:
                self.i += 1
                if not self.accept("("):
                    raise UnsupportedIR(f"parameter attribute {v} without a type")
                out[v] = self.type()
                self.expect(")")
            elif k == "word" and v in ("align", "dereferenceable", "dereferenceable_or_null",
                                        "captures", "range", "nofpclass", "memory",
                                        "alignstack"):
                self.i += 1
                out[v] = None
                if v == "align":
                    self.next()
                elif self.at("("):
                    self.skip_parens()
            else:
                return out

    def skip_parens(self) -> None:
        depth = 0
        while True:
            k, v = self.next()
            if k == "eof":
                return
            if v in "([{<" and k == "punct":
                depth += 1
            elif v in ")]}>" and k == "punct":
                depth -= 1
                if depth == 0:
                    return

    # ------------------------------------------------------------------ values
    def typed_value(self) -> Value:
        t = self.type()
        self.skip_param_attrs()
        self._nest(1)
        v = self.value(t)
        self.nesting -= 1
        return v

    def value(self, t: Ty) -> Value:
        kind, v = self.next()
        if kind == "local":
            return Local(unquote(v[1:]), t)
        if kind == "global":
            return GlobalRef(unquote(v[1:]), t)
        if kind == "num":
            if isinstance(t, IntTy):
                n = int_literal(v)
                return ConstInt(t, n % (1 << t.bits))
            return ConstFloat(t, v)
        if kind == "str" and v.startswith("c"):
            data = cstring(v)
            return Aggregate(t, tuple(ConstInt(IntTy(8), b) for b in data))
        if kind == "meta":
            return self._metadata(v)
        if kind != "word" and v not in ("[", "{", "<"):
            raise UnsupportedIR(f"value {v!r}")
        if v == "true":
            return ConstInt(I1, 1)
        if v == "false":
            return ConstInt(I1, 0)
        if v == "null":
            return NullPtr(t)
        if v in ("undef", "poison"):
            return Undef(t, v == "poison")
        if v == "zeroinitializer":
            return ZeroInit(t)
        if v in ("[", "{", "<"):
            close = {"[": "]", "{": "}", "<": ">"}[v]
            if v == "<" and self.at("{"):
                self.i += 1
                close = "}"
            elems = []
            while not self.at(close):
                elems.append(self.typed_value())
                self.accept(",")
            self.expect(close)
            if close == "}" and v == "<":
                self.expect(">")
            return Aggregate(t, tuple(elems))
        if v == "asm":
            while self.peek()[0] == "word":          # sideeffect, alignstack, ...
                self.next()
            template = unquote(self.next()[1])
            constraints = unquote(self.next()[1]) if self.accept(",") else ""
            return InlineAsm(template, constraints)
        if v in ("blockaddress", "dso_local_equivalent", "no_cfi", "splat", "ptrauth"):
            raise UnsupportedIR(f"constant {v}")
        return self._const_expr(v, t)

    def _metadata(self, v: str) -> Value:
        if v == "!" and self.at("{"):
            self.skip_parens()
        elif v in ("!DIExpression", "!DILocation", "!DIArgList") or v.startswith("!DI"):
            self.skip_parens()
        return MetadataValue(v)

    def _const_expr(self, op: str, t: Ty) -> Value:
        flags = []
        while self.peek()[1] in ("inbounds", "nuw", "nsw", "nusw", "exact", "disjoint"):
            flags.append(self.next()[1])
        if op == "getelementptr":
            if self.at("inrange"):
                raise UnsupportedIR("getelementptr inrange")
            self.expect("(")
            src = self.type()
            self.expect(",")
            ops = [self.typed_value()]
            while self.accept(","):
                if self.at("inrange"):
                    raise UnsupportedIR("getelementptr inrange")
                ops.append(self.typed_value())
            self.expect(")")
            return ConstExpr("getelementptr", t, tuple(ops), aux=src, flags=tuple(flags))
        if op in CASTS:
            self.expect("(")
            a = self.typed_value()
            self.expect("to")
            dst = self.type()
            self.expect(")")
            return ConstExpr(op, dst, (a,), flags=tuple(flags))
        if op in BINOPS:
            self.expect("(")
            a = self.typed_value()
            self.expect(",")
            b = self.typed_value()
            self.expect(")")
            return ConstExpr(op, t, (a, b), flags=tuple(flags))
        if op == "icmp":
            pred = self.next()[1]
            self.expect("(")
            a = self.typed_value()
            self.expect(",")
            b = self.typed_value()
            self.expect(")")
            return ConstExpr(op, t, (a, b), pred=pred)
        raise UnsupportedIR(f"constant expression {op}")


CASTS = {"trunc", "zext", "sext", "ptrtoint", "inttoptr", "bitcast", "addrspacecast",
         "fptrunc", "fpext", "fptoui", "fptosi", "uitofp", "sitofp", "ptrtoaddr"}
BINOPS = {"add", "sub", "mul", "udiv", "sdiv", "urem", "srem", "shl", "lshr", "ashr", "and",
          "or", "xor", "fadd", "fsub", "fmul", "fdiv", "frem"}
