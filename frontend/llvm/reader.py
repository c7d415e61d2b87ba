"""Turns an LLVM module (`.ll` text or `.bc` bitcode) into the front end's own data (ir.py).

Role: the only module that imports llvmlite.  llvmlite parses and verifies the module and
prints it in LLVM's canonical textual form; llvmlite exposes no accessors for most
instruction details (predicates, flags, the source element type of getelementptr, switch
cases, constant expressions, aggregate initializers), so this module reads those from the
canonical text of each global and function with a small recursive-descent parser.  Debug
locations come from the `!DILocation` / `!DISubprogram` / `!DIFile` metadata of the module.

Input errors (a file llvmlite cannot parse) raise `BoogieError` code "input"; IR this parser
does not understand raises code "unsupported" naming the construct.
"""
from __future__ import annotations

import os
import re
import sys
from contextlib import contextmanager
from pathlib import Path

import llvmlite.binding as llvm

from boogie.ast import Loc, NO_LOC
from boogie.errors import BoogieError, error
from boogie.numerals import int_of_digits

from .ir import (I1, PTR, VOID, Aggregate, ArrayTy, BasicBlock, ConstExpr, ConstFloat,
                 ConstInt, FloatTy, FuncTy, Function, Global, GlobalRef, InlineAsm, Instr,
                 IntTy, LabelTy, Local, MetadataTy, MetadataValue, Module, NullPtr, Param,
                 PtrTy, StructTy, Ty, Undef, Value, VectorTy, VoidTy, ZeroInit)

__all__ = ["read_module", "read_modules", "read_text"]


# ----------------------------------------------------------------------------- tokens

_TOKEN = re.compile(r"""
    \s*(?:
      (?P<str>c?"(?:[^"\\]|\\.)*")
    | (?P<local>%(?:"(?:[^"\\]|\\.)*"|[-\w.$]+))
    | (?P<global>@(?:"(?:[^"\\]|\\.)*"|[-\w.$]+))
    | (?P<meta>!(?:[A-Za-z_.][-\w.]*|\d+)?)
    | (?P<attrgrp>\#\d+)
    | (?P<num>-?(?:0x[0-9A-Fa-f]+|[KLMHR]?0x[0-9A-Fa-f]+|\d+(?:\.\d+)?(?:[eE][-+]?\d+)?))
    | (?P<word>[A-Za-z_][\w.]*)
    | (?P<ellipsis>\.\.\.)
    | (?P<punct>[()\[\]{}<>,=*:|])
    )""", re.X)


def _int_literal(v: str) -> int:
    """An integer constant of the IR text: decimal of any length (an i20000 constant has
    up to 6,021 digits, past `int()`'s 4,300), or hex."""
    neg = v.startswith("-")
    body = v[1:] if neg else v
    n = int(body, 16) if body[:2].lower() == "0x" else int_of_digits(body)
    return -n if neg else n


def _unquote(s: str) -> str:
    if s.startswith('"'):
        s = s[1:-1]
        return re.sub(r"\\([0-9A-Fa-f]{2})", lambda m: chr(int(m.group(1), 16)), s)
    return s


def _cstring(s: str) -> bytes:
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


class _Unsupported(Exception):
    pass


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
                raise _Unsupported(f"cannot read {text[pos:pos + 30]!r}")
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
            raise _Unsupported(f"expected {v!r}, found {t[1]!r}")

    def done(self) -> bool:
        return self.i >= len(self.toks)

    # ------------------------------------------------------------------ types
    def _nest(self, delta: int) -> None:
        """Types and constants are read recursively: a program's nest a few levels, and
        past MAX_NESTING (e.g. `[1 x [1 x ... i32]]` 1,000 deep, which llvmlite accepts)
        the module is declined before Python's stack runs out."""
        self.nesting += delta
        if self.nesting > MAX_NESTING:
            raise _Unsupported(f"a type or constant nested more than {MAX_NESTING} levels "
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
                        self._skip_param_attrs()
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
            name = _unquote(v[1:])
            st = self.structs.get(name)
            if st is None:
                raise _Unsupported(f"unknown type %{name}")
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
        raise _Unsupported(f"type {v!r}")

    def _fields(self, close: str) -> tuple[Ty, ...]:
        out = []
        while not self.at(close):
            out.append(self.type())
            self.accept(",")
        self.expect(close)
        return tuple(out)

    def _skip_param_attrs(self) -> None:
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
                    self._skip_parens()
            elif k == "word" and v in ("inalloca", "preallocated"):
                raise _Unsupported(f"parameter attribute {v}")
            elif k == "word" and v in self.TYPED_ATTRS:
                self.i += 1
                if not self.accept("("):
                    raise _Unsupported(f"parameter attribute {v} without a type")
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
                    self._skip_parens()
            else:
                return out

    def _skip_parens(self) -> None:
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
        self._skip_param_attrs()
        self._nest(1)
        v = self.value(t)
        self.nesting -= 1
        return v

    def value(self, t: Ty) -> Value:
        kind, v = self.next()
        if kind == "local":
            return Local(_unquote(v[1:]), t)
        if kind == "global":
            return GlobalRef(_unquote(v[1:]), t)
        if kind == "num":
            if isinstance(t, IntTy):
                n = _int_literal(v)
                return ConstInt(t, n % (1 << t.bits))
            return ConstFloat(t, v)
        if kind == "str" and v.startswith("c"):
            data = _cstring(v)
            return Aggregate(t, tuple(ConstInt(IntTy(8), b) for b in data))
        if kind == "meta":
            return self._metadata(v)
        if kind != "word" and v not in ("[", "{", "<"):
            raise _Unsupported(f"value {v!r}")
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
            parts = [self.next()[1]]
            if self.accept(","):
                parts.append(self.next()[1])
            return InlineAsm(" ".join(parts))
        if v in ("blockaddress", "dso_local_equivalent", "no_cfi", "splat", "ptrauth"):
            raise _Unsupported(f"constant {v}")
        return self._const_expr(v, t)

    def _metadata(self, v: str) -> Value:
        if v == "!" and self.at("{"):
            self._skip_parens()
        elif v in ("!DIExpression", "!DILocation", "!DIArgList") or v.startswith("!DI"):
            self._skip_parens()
        return MetadataValue(v)

    def _const_expr(self, op: str, t: Ty) -> Value:
        flags = []
        while self.peek()[1] in ("inbounds", "nuw", "nsw", "nusw", "exact", "disjoint"):
            flags.append(self.next()[1])
        if op == "getelementptr":
            if self.at("inrange"):
                raise _Unsupported("getelementptr inrange")
            self.expect("(")
            src = self.type()
            self.expect(",")
            ops = [self.typed_value()]
            while self.accept(","):
                if self.at("inrange"):
                    raise _Unsupported("getelementptr inrange")
                ops.append(self.typed_value())
            self.expect(")")
            return ConstExpr("getelementptr", t, tuple(ops), aux=src, flags=tuple(flags))
        if op in _CASTS:
            self.expect("(")
            a = self.typed_value()
            self.expect("to")
            dst = self.type()
            self.expect(")")
            return ConstExpr(op, dst, (a,), flags=tuple(flags))
        if op in _BINOPS:
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
        raise _Unsupported(f"constant expression {op}")


_CASTS = {"trunc", "zext", "sext", "ptrtoint", "inttoptr", "bitcast", "addrspacecast",
          "fptrunc", "fpext", "fptoui", "fptosi", "uitofp", "sitofp", "ptrtoaddr"}
_BINOPS = {"add", "sub", "mul", "udiv", "sdiv", "urem", "srem", "shl", "lshr", "ashr", "and",
           "or", "xor", "fadd", "fsub", "fmul", "fdiv", "frem"}
_FLAG_WORDS = {"nsw", "nuw", "exact", "disjoint", "nneg", "inbounds", "nusw", "volatile",
               "samesign", "fast", "nnan", "ninf", "nsz", "arcp", "contract", "afn",
               "reassoc"}
_CALL_PREFIX = {"tail", "musttail", "notail"}
_CALL_SKIP = {"fastcc", "coldcc", "ccc", "cc", "x86_stdcallcc", "x86_fastcallcc", "noundef",
              "zeroext", "signext", "inreg", "noalias", "nonnull", "dereferenceable",
              "dereferenceable_or_null", "align", "range", "nofpclass", "fast", "nnan",
              "ninf", "nsz", "arcp", "contract", "afn", "reassoc"}


# ----------------------------------------------------------------------------- instructions

def _instr(line: str, structs: dict[str, StructTy], loc: Loc) -> Instr:
    p = Parser(line, structs)
    name = None
    if p.peek()[0] == "local" and p.peek(1)[1] == "=":
        name = _unquote(p.next()[1][1:])
        p.next()
    flags: list[str] = []
    while p.peek()[1] in _CALL_PREFIX:
        flags.append(p.next()[1])
    op = p.next()[1]
    while p.peek()[1] in _FLAG_WORDS:
        flags.append(p.next()[1])
    ins = _INSTR_READERS.get(op)
    if ins is None:
        raise _Unsupported(f"instruction {op}")
    return ins(p, op, name, tuple(flags), loc, line)


def _r_binop(p, op, name, flags, loc, line):
    a = p.typed_value()
    p.expect(",")
    b = p.value(a.ty)
    return Instr(op, name, a.ty, (a, b), flags=flags, loc=loc, text=line)


def _r_unop(p, op, name, flags, loc, line):           # fneg, freeze
    a = p.typed_value()
    return Instr(op, name, a.ty, (a,), flags=flags, loc=loc, text=line)


def _r_cmp(p, op, name, flags, loc, line):
    pred = p.next()[1]
    while p.peek()[1] in _FLAG_WORDS:
        p.next()
    a = p.typed_value()
    p.expect(",")
    b = p.value(a.ty)
    rt = VectorTy(a.ty.count, I1) if isinstance(a.ty, VectorTy) else I1
    return Instr(op, name, rt, (a, b), pred=pred, flags=flags, loc=loc, text=line)


def _r_cast(p, op, name, flags, loc, line):
    a = p.typed_value()
    p.expect("to")
    t = p.type()
    return Instr(op, name, t, (a,), flags=flags, loc=loc, text=line)


def _r_alloca(p, op, name, flags, loc, line):
    if p.accept("inalloca"):
        raise _Unsupported("alloca inalloca")
    t = p.type()
    ops: tuple[Value, ...] = ()
    if p.accept(",") and not p.at("align") and not p.peek()[0] == "meta":
        ops = (p.typed_value(),)
    return Instr(op, name, PTR, ops, aux=t, flags=flags, loc=loc, text=line)


def _r_load(p, op, name, flags, loc, line):
    if p.accept("atomic"):
        flags = flags + ("atomic",)
    if p.accept("volatile"):
        flags = flags + ("volatile",)
    t = p.type()
    p.expect(",")
    a = p.typed_value()
    return Instr(op, name, t, (a,), aux=t, flags=flags, loc=loc, text=line)


def _r_store(p, op, name, flags, loc, line):
    if p.accept("atomic"):
        flags = flags + ("atomic",)
    if p.accept("volatile"):
        flags = flags + ("volatile",)
    v = p.typed_value()
    p.expect(",")
    a = p.typed_value()
    return Instr(op, None, VOID, (v, a), aux=v.ty, flags=flags, loc=loc, text=line)


def _r_gep(p, op, name, flags, loc, line):
    while p.peek()[1] in ("inbounds", "nuw", "nusw"):
        flags = flags + (p.next()[1],)
    src = p.type()
    ops = []
    while p.accept(","):
        if p.peek()[0] == "meta":
            break
        if p.at("inrange"):
            raise _Unsupported("getelementptr inrange")
        ops.append(p.typed_value())
    rt = ops[0].ty if ops else PTR
    return Instr(op, name, rt, tuple(ops), aux=src, flags=flags, loc=loc, text=line)


def _r_select(p, op, name, flags, loc, line):
    while p.peek()[1] in _FLAG_WORDS:
        p.next()
    c = p.typed_value()
    p.expect(",")
    a = p.typed_value()
    p.expect(",")
    b = p.typed_value()
    return Instr(op, name, a.ty, (c, a, b), flags=flags, loc=loc, text=line)


def _r_phi(p, op, name, flags, loc, line):
    while p.peek()[1] in _FLAG_WORDS:
        p.next()
    t = p.type()
    inc = []
    while p.accept("["):
        v = p.value(t)
        p.expect(",")
        lab = _unquote(p.next()[1][1:])
        p.expect("]")
        inc.append((v, lab))
        if not p.accept(","):
            break
        if p.peek()[0] == "meta":
            break
    return Instr(op, name, t, incoming=tuple(inc), flags=flags, loc=loc, text=line)


def _label(p) -> str:
    p.expect("label")
    return _unquote(p.next()[1][1:])


def _r_br(p, op, name, flags, loc, line):
    if p.at("label"):
        return Instr(op, None, VOID, labels=(_label(p),), loc=loc, text=line)
    c = p.typed_value()
    p.expect(",")
    t = _label(p)
    p.expect(",")
    e = _label(p)
    return Instr(op, None, VOID, (c,), labels=(t, e), loc=loc, text=line)


def _r_switch(p, op, name, flags, loc, line):
    v = p.typed_value()
    p.expect(",")
    d = _label(p)
    p.expect("[")
    cases = []
    while not p.at("]"):
        c = p.typed_value()
        p.expect(",")
        lab = _label(p)
        assert isinstance(c, ConstInt), c
        cases.append((c.value, lab))
    p.expect("]")
    return Instr(op, None, VOID, (v,), labels=(d,), cases=tuple(cases), loc=loc, text=line)


def _r_ret(p, op, name, flags, loc, line):
    if p.accept("void"):
        return Instr(op, None, VOID, loc=loc, text=line)
    return Instr(op, None, VOID, (p.typed_value(),), loc=loc, text=line)


def _r_unreachable(p, op, name, flags, loc, line):
    return Instr(op, None, VOID, loc=loc, text=line)


def _r_call(p, op, name, flags, loc, line):
    while True:
        k, v = p.peek()
        if k == "word" and v in _CALL_SKIP:
            p.next()
            if v in ("align", "dereferenceable", "dereferenceable_or_null"):
                p.next()
            elif v in ("range", "nofpclass", "cc") and p.at("("):
                p._skip_parens()
            elif v == "cc":
                p.next()
        else:
            break
    rt = p.type()
    if isinstance(rt, FuncTy):
        fty = rt
    else:
        fty = None
    callee = p.value(PTR)
    p.expect("(")
    args = []
    byval: list[Ty | None] = []
    while not p.at(")"):
        t = p.type()
        byval.append(p.param_attrs().get("byval"))
        args.append(p.value(t))
        p.accept(",")
    p.expect(")")
    if not any(b is not None for b in byval):
        byval = []
    if fty is None:
        fty = FuncTy(rt, tuple(a.ty for a in args), False)
    ret = fty.ret
    return Instr(op, name, ret, tuple(args) + (callee,), aux=fty, flags=flags, loc=loc,
                 text=line, byval=tuple(byval))


def _r_extractvalue(p, op, name, flags, loc, line):
    a = p.typed_value()
    idx = []
    while p.accept(","):
        if p.peek()[0] == "meta":
            break
        idx.append(int(p.next()[1]))
    t = a.ty
    for i in idx:
        t = t.fields[i] if isinstance(t, StructTy) else t.elem
    return Instr(op, name, t, (a,), indices=tuple(idx), loc=loc, text=line)


def _r_insertvalue(p, op, name, flags, loc, line):
    a = p.typed_value()
    p.expect(",")
    b = p.typed_value()
    idx = []
    while p.accept(","):
        if p.peek()[0] == "meta":
            break
        idx.append(int(p.next()[1]))
    return Instr(op, name, a.ty, (a, b), indices=tuple(idx), loc=loc, text=line)


def _r_atomicrmw(p, op, name, flags, loc, line):
    if p.accept("volatile"):
        flags = flags + ("volatile",)
    kind = p.next()[1]
    a = p.typed_value()
    p.expect(",")
    v = p.typed_value()
    return Instr(op, name, v.ty, (a, v), pred=kind, flags=flags, aux=v.ty, loc=loc,
                 text=line)


def _r_cmpxchg(p, op, name, flags, loc, line):
    while p.peek()[1] in ("weak", "volatile"):
        flags = flags + (p.next()[1],)
    a = p.typed_value()
    p.expect(",")
    c = p.typed_value()
    p.expect(",")
    n = p.typed_value()
    return Instr(op, name, StructTy(None, (c.ty, I1)), (a, c, n), flags=flags, aux=c.ty,
                 loc=loc, text=line)


def _r_other(p, op, name, flags, loc, line):
    raise _Unsupported(f"instruction {op}")


_INSTR_READERS = {
    **{o: _r_binop for o in _BINOPS},
    **{o: _r_cast for o in _CASTS},
    "fneg": _r_unop, "freeze": _r_unop, "va_arg": _r_other,
    "icmp": _r_cmp, "fcmp": _r_cmp, "alloca": _r_alloca, "load": _r_load, "store": _r_store,
    "getelementptr": _r_gep, "select": _r_select, "phi": _r_phi, "br": _r_br,
    "switch": _r_switch, "ret": _r_ret, "unreachable": _r_unreachable, "call": _r_call,
    "extractvalue": _r_extractvalue, "insertvalue": _r_insertvalue,
    "atomicrmw": _r_atomicrmw, "cmpxchg": _r_cmpxchg,
}


# ----------------------------------------------------------------------------- metadata

_META_LINE = re.compile(r"^!(\d+) = (?:distinct )?!(\w+)\((.*)\)\s*$")
_FIELD = re.compile(r'(\w+): ("(?:[^"\\]|\\.)*"|![\d]+|[^,]+)')


class _Meta:
    """The `!DI*` nodes of a module, enough to map `!dbg !N` to file, line and column."""

    def __init__(self, lines: list[str]):
        self.nodes: dict[str, tuple[str, dict[str, str]]] = {}
        for ln in lines:
            m = _META_LINE.match(ln)
            if m and m.group(2) in ("DILocation", "DISubprogram", "DILexicalBlock",
                                    "DILexicalBlockFile", "DIFile", "DINamespace"):
                fields = {k: v.strip() for k, v in _FIELD.findall(m.group(3))}
                self.nodes["!" + m.group(1)] = (m.group(2), fields)
        self._files: dict[str, str] = {}

    def file_of_scope(self, ref: str) -> str:
        got = self._files.get(ref)
        if got is not None:
            return got
        name = ""
        node = self.nodes.get(ref)
        seen = 0
        while node is not None and seen < 100:
            kind, f = node
            if kind == "DIFile":
                name = _unquote(f.get("filename", '""'))
                break
            if "file" in f:
                node = self.nodes.get(f["file"])
            else:
                node = self.nodes.get(f.get("scope", ""))
            seen += 1
        self._files[ref] = name
        return name

    def loc(self, ref: str | None, default_file: str) -> Loc:
        if ref is None:
            return NO_LOC
        node = self.nodes.get(ref)
        if node is None or node[0] not in ("DILocation", "DISubprogram"):
            return NO_LOC
        f = node[1]
        file = self.file_of_scope(f["scope"]) if "scope" in f else default_file
        if node[0] == "DISubprogram":
            file = self.file_of_scope(f.get("file", "")) or file
        return Loc(file or default_file, int(f.get("line", "0")), int(f.get("column", "0")))


# ----------------------------------------------------------------------------- module

_DBG = re.compile(r",?\s*!dbg (![\d]+)")
_ATTACH = re.compile(r",\s*!(?:[A-Za-z_.][-\w.]*) ![\d]+")
_STRUCT_DEF = re.compile(r'^%("(?:[^"\\]|\\.)*"|[-\w.$]+) = type (.*)$')
_LABEL = re.compile(r'^("(?:[^"\\]|\\.)*"|[-\w.$]+):')


def read_module(path: str) -> Module:
    """Reads a `.ll` or `.bc` file."""
    return read_modules([path])


def read_modules(paths: list[str], names: list[str] | None = None) -> Module:
    """Reads several `.ll`/`.bc` files and links them into one module (`names`: the
    user's file names, for messages)."""
    names = names or paths
    mods = []
    for p, n in zip(paths, names):
        try:
            data = Path(p).read_bytes()
        except OSError as e:
            raise error("input", Loc(n, 0, 0), f"cannot read {n}: {e.strerror}")
        mods.append(_parse(data, p if p != n else n, n))
    first = mods[0]
    for other in mods[1:]:
        try:
            first.link_in(other)
        except RuntimeError as e:
            raise error("input", Loc(names[0], 0, 0),
                        f"cannot link the modules: {_first_line(str(e))}")
    return _copy(first, names[0])


def read_text(text: str, name: str = "<ir>") -> Module:
    """Reads LLVM assembly from a string (tests)."""
    return _copy(_parse(text.encode("utf-8"), name, name), name)


def _parse(data: bytes, where: str, name: str):
    """llvmlite's module of a file's bytes: bitcode by its magic number, else text (as
    LLVM's own tools decide).  `where` is the file the error locations refer to: the user's
    file, or the IR clang made of it (`name`).  Only a text module with debug information
    is verified (see _DEBUG_VERSION); others are read as llvmlite parses them, as before,
    and IR this front end does not model is declined later as unsupported."""
    bitcode = data[:2] == b"BC" or data[:4] == b"\xde\xc0\x17\x0b"
    try:
        if bitcode:
            mod = llvm.parse_bitcode(data)
        else:
            text = data.decode("utf-8", "replace")
            _check_nesting(text, where)
            if _DEBUG_VERSION in text:
                with _quiet_stderr():      # LLVM's warning that it drops the debug info
                    copy = llvm.parse_assembly(text.replace(_DEBUG_VERSION, _NO_DEBUG_VERSION))
                _verify(copy, text, where, name)
            mod = llvm.parse_assembly(text)
    except RuntimeError as e:
        raise _parse_error(str(e), where, name, bitcode) from None
    return mod


# LLVM's parser recurses once per level of brackets: at about 20,000 levels (a struct type
# `{ { { ... i32 } } }`) it overflows the C++ stack and the process dies with SIGSEGV.
MAX_IR_NESTING = 1_000
_BRACKETS = re.compile(r'"[^"]*"|;[^\n]*|[\[{(<]|[\]})>]')


def _check_nesting(text: str, where: str) -> None:
    """Decline IR nested deeper than MAX_IR_NESTING before llvmlite sees it."""
    if sum(text.count(c) for c in "[{(<") <= MAX_IR_NESTING:
        return
    depth = 0
    for m in _BRACKETS.finditer(text):
        c = m.group()
        if c in "[{(<":
            depth += 1
            if depth > MAX_IR_NESTING:
                at = m.start()
                line = text.count("\n", 0, at) + 1
                raise error("unsupported", Loc(where, line, at - text.rfind("\n", 0, at)),
                            f"LLVM IR nested more than {MAX_IR_NESTING} levels "
                            "deep (LLVM's own parser would overflow its stack)")
        elif c in "]})>":
            depth -= 1


# LLVM's parser checks a module that declares this debug-info version and, if the module
# is broken, ends the process ("LLVM ERROR: Broken module found", SIGABRT) instead of
# reporting an error.  Such a module is first read with the flag renamed: no check, the
# debug information dropped, and llvmlite's verifier, which returns its findings, decides.
_DEBUG_VERSION = '!"Debug Info Version"'
_NO_DEBUG_VERSION = '!"pycorral: Debug Info Version not read"'


@contextmanager
def _quiet_stderr():
    """File descriptor 2 to /dev/null for a moment (LLVM writes its warnings there)."""
    sys.stderr.flush()
    saved = os.dup(2)
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(devnull)


def _verify(mod, text: str, where: str, name: str) -> None:
    """A broken module (the LLVM verifier's findings) is bad input, located at the first
    line of `text` the verifier quotes."""
    try:
        mod.verify()
    except RuntimeError as e:
        found = [ln.strip() for ln in str(e).splitlines() if ln.strip()]
        what = "not a valid LLVM module" if where == name else \
            f"the LLVM IR clang made of {name} is not a valid LLVM module"
        line = col = 1
        for quoted in found[1:]:
            at = text.find(quoted) if len(quoted) > 3 else -1
            if at >= 0:
                line = text.count("\n", 0, at) + 1
                col = at - (text.rfind("\n", 0, at) + 1) + 1
                break
        raise error("input", Loc(where, line, col),
                    f"{what}: {found[0] if found else 'the LLVM verifier rejects it'}") \
            from None


# llvmlite's parse error: a heading line, then LLVM's `<string>:LINE:COL: error: message`,
# the source line and a caret line.
_LLVM_DIAG = re.compile(r"^<string>:(\d+):(\d+): error: (.*\S)\s*$", re.M)


def _parse_error(text: str, where: str, name: str, bitcode: bool) -> BoogieError:
    """One diagnostic, at LLVM's line and column, from llvmlite's multi-line message."""
    what = "not valid LLVM bitcode" if bitcode else "not a valid LLVM module"
    if where != name:
        what = f"the LLVM IR clang made of {name} is {what}"
    m = _LLVM_DIAG.search(text)
    if m:
        return error("input", Loc(where, int(m.group(1)), int(m.group(2))),
                     f"{what}: {m.group(3)}")
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    detail = lines[-1] if len(lines) > 1 else (lines[0] if lines else "unreadable")
    return error("input", Loc(where, 1, 1), f"{what}: {detail}")


def _first_line(text: str) -> str:
    return next((ln.strip() for ln in text.splitlines() if ln.strip()), text)


def _copy(mod, path: str) -> Module:
    text = str(mod)
    lines = text.split("\n")
    meta = _Meta([ln for ln in lines if ln.startswith("!")])
    # the user's file, as they spelled it: llvmlite names a module without
    # `source_filename` "<string>", and clang records the absolute path it was given
    src = path
    structs = _structs([ln for ln in lines if ln.startswith("%")], path)
    unalias = _aliases([ln for ln in lines if ln.startswith("@") and " alias " in ln], path)
    try:
        globals_ = tuple(_global(unalias(str(g)), structs, meta, src)
                         for g in mod.global_variables)
    except _Unsupported as e:
        raise error("unsupported", Loc(path, 0, 0), f"unsupported global: {e}")
    functions = tuple(_function(f, structs, meta, src, path, unalias) for f in mod.functions)
    return Module(src, mod.triple, mod.data_layout, structs, globals_, functions)


_ALIAS = re.compile(r'^@("(?:[^"\\]|\\.)*"|[-\w.$]+) = .*\balias [^@]*, ptr @("(?:[^"\\]|\\.)*"|[-\w.$]+)\s*$')


def _aliases(lines: list[str], path: str):
    """`@a = alias T, ptr @f` lines: a function rewriting `@a` to `@f` in IR text (an alias
    to anything but a plain global is unsupported)."""
    table: dict[str, str] = {}
    for ln in lines:
        m = _ALIAS.match(ln)
        if m is None:
            raise error("unsupported", Loc(path, 0, 0), f"unsupported: alias {ln[:80]}")
        table[m.group(1)] = m.group(2)
    if not table:
        return lambda text: text
    for a in list(table):                      # resolve chains of aliases
        seen = 0
        while table[a] in table and seen < 100:
            table[a] = table[table[a]]
            seen += 1
    pat = re.compile(r"@(" + "|".join(re.escape(a) for a in table) + r")(?![-\w.$])")
    return lambda text: pat.sub(lambda m: "@" + table[m.group(1)], text)


def _structs(lines: list[str], path: str) -> dict[str, StructTy]:
    raw: dict[str, str] = {}
    for ln in lines:
        m = _STRUCT_DEF.match(ln)
        if m:
            raw[_unquote(m.group(1))] = m.group(2)
    done: dict[str, StructTy] = {}

    class Lazy(dict):
        def get(self, name, default=None):
            if name in done:
                return done[name]
            if name not in raw:
                return default
            body = raw[name]
            if body.strip() == "opaque":
                done[name] = StructTy(name, None)
            else:
                p = Parser(body, self)
                t = p.type()
                assert isinstance(t, StructTy), body
                done[name] = StructTy(name, t.fields, t.packed)
            return done[name]

    lazy = Lazy()
    try:
        for name in raw:
            lazy.get(name)
    except (_Unsupported, RecursionError) as e:
        raise error("unsupported", Loc(path, 0, 0), f"unsupported type definition: {e}")
    return done


_GLOBAL_SKIP = {"private", "internal", "external", "weak", "weak_odr", "linkonce",
                "linkonce_odr", "common", "appending", "extern_weak", "available_externally",
                "dso_local", "dso_preemptable", "hidden", "protected", "default",
                "unnamed_addr", "local_unnamed_addr", "externally_initialized", "thread_local",
                "dllimport", "dllexport"}


def _global(line: str, structs, meta: _Meta, src: str) -> Global:
    line = line.strip().split("\n")[0]
    dbg = _DBG.search(line)
    p = Parser(line, structs)
    k, v = p.next()
    name = _unquote(v[1:])
    p.expect("=")
    external = False
    while p.peek()[1] in _GLOBAL_SKIP or p.peek()[1] == "addrspace":
        w = p.next()[1]
        if w == "external" or w == "extern_weak":
            external = True
        if w == "thread_local" and p.at("("):
            p._skip_parens()
        if w == "addrspace":
            p._skip_parens()
    kind = p.next()[1]
    if kind not in ("global", "constant"):
        raise _Unsupported(f"global @{name} ({kind})")
    t = p.type()
    init = None
    if not external and not p.at(",") and not p.done():
        init = p.value(t)
    align = 0
    while p.accept(","):
        if p.accept("align"):
            align = int(p.next()[1])
        else:
            break
    loc = NO_LOC
    if dbg:
        node = meta.nodes.get(dbg.group(1))
        loc = Loc(src, 0, 0) if node is None else NO_LOC
    return Global(name, t, init, kind == "constant", align, loc=loc)


def _function(f, structs, meta: _Meta, src: str, path: str, unalias=lambda t: t) -> Function:
    text = unalias(str(f))
    lines = text.split("\n")
    header_i = next(i for i, ln in enumerate(lines) if ln.startswith(("define", "declare")))
    header = lines[header_i]
    dbg = re.search(r"!dbg (![\d]+)", header)
    floc = meta.loc(dbg.group(1), src) if dbg else Loc(src, 0, 0)
    try:
        fty, params = _signature(header, structs)
    except _Unsupported as e:
        raise error("unsupported", floc, f"unsupported signature of @{f.name}: {e}")
    if f.is_declaration:
        return Function(f.name, fty, params, (), loc=floc)
    blocks: list[BasicBlock] = []
    label: str | None = None
    instrs: list[Instr] = []
    # the first block is unnamed when no label line precedes it: LLVM numbers it after
    # the unnamed parameters
    first_num = sum(1 for q in params if q.name.isdigit())
    pending = ""
    for ln in lines[header_i + 1:]:
        s = ln.strip()
        if not s or s.startswith(";") or s.startswith("#dbg_") or s == "}":
            continue
        if pending:
            pending += " " + s
            if s.startswith("]"):
                s, pending = pending, ""
            else:
                continue
        elif s.endswith("["):                         # switch: cases on the next lines
            pending = s
            continue
        m = _LABEL.match(s) if not s.startswith("%") else None
        if m and not s.startswith(("br ", "ret ")):
            if label is not None or instrs:
                blocks.append(BasicBlock(label if label is not None else str(first_num),
                                         tuple(instrs)))
            label, instrs = _unquote(m.group(1)), []
            continue
        d = _DBG.search(s)
        loc = meta.loc(d.group(1), src) if d else NO_LOC
        body = _ATTACH.sub("", _DBG.sub("", s))
        try:
            instrs.append(_instr(body, structs, loc))
        except _Unsupported as e:
            raise error("unsupported", loc if loc.line else floc,
                        f"unsupported LLVM construct in @{f.name}: {e}: {s.strip()[:120]}")
        except (IndexError, ValueError, AssertionError, AttributeError) as e:
            raise error("unsupported", loc if loc.line else floc,
                        f"cannot read LLVM instruction in @{f.name} ({type(e).__name__}): "
                        f"{s.strip()[:120]}")
    blocks.append(BasicBlock(label if label is not None else str(first_num), tuple(instrs)))
    return Function(f.name, fty, params, tuple(blocks), loc=floc)


def _signature(header: str, structs) -> tuple[FuncTy, tuple[Param, ...]]:
    body = re.sub(r"!dbg ![\d]+", "", header)
    p = Parser(body, structs)
    p.next()                                          # define / declare
    while True:
        k, v = p.peek()
        if k == "word" and (v in _GLOBAL_SKIP or v in _CALL_SKIP or v in Parser.PARAM_ATTRS):
            p.next()
            if v in ("align", "dereferenceable", "dereferenceable_or_null"):
                p.next()
            elif p.at("(") and v in ("range", "nofpclass"):
                p._skip_parens()
        else:
            break
    ret = p.type()
    p._skip_param_attrs()
    p.next()                                          # @name
    p.expect("(")
    params: list[Param] = []
    vararg = False
    counter = 0
    while not p.at(")"):
        if p.accept("..."):
            vararg = True
            continue
        t = p.type()
        attrs = p.param_attrs()
        if p.peek()[0] == "local":
            name = _unquote(p.next()[1][1:])
        else:
            name = str(counter)
        if name.isdigit():
            counter += 1
        params.append(Param(name, t, byval=attrs.get("byval")))
        p.accept(",")
    p.expect(")")
    return FuncTy(ret, tuple(q.ty for q in params), vararg), tuple(params)
