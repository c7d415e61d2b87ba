"""Turns Boogie source text into a `boogie.ast.Program`.

A hand-written recursive-descent parser over the token lists of `boogie.lexer`; binary
operators use precedence climbing with loops, so long left-associative chains do not recurse.
Precedence follows Boogie's grammar (BoogiePL.atg), lowest first:

    <==>  (left)   ==> (right) / <== (left, not mixed with ==>)   && / || (not mixed)
    == != < <= > >= <:  (non-associative)   ++   + -   * / div mod   ** (right)
    unary ! -      postfix m[i,j]  m[i := v]  e[hi:lo]

Structured statements (`if`, `while`, `break`) are lowered to basic blocks here, so bodies in
the AST are always lists of blocks (see `_Lowering`).  Generated labels are `anonN`,
`anonN_Then`, `anonN_Else`, `anonN_LoopHead`, `anonN_LoopBody`, `anonN_LoopDone`, numbered
in source order and skipping any name the body already uses as a label, so the result is
deterministic and printing then re-parsing it gives an equal AST.

Public API: `parse_program`, `parse_file`, `parse_expr`.  Bad input raises `BoogieError`
with code "parse" (or "io" for unreadable files) at the offending token's location.
"""
from __future__ import annotations

import gc
import re
import sys
from bisect import bisect_right
from fractions import Fraction
from typing import NoReturn

from .ast import (BOOL, INT, REAL, App, Assert, Assign, Assume, Attr, AxiomDecl, Block, Body,
                  BoolLit, BvLit, BvType, Call, CodeExpr, ConstDecl, Ensures, Expr, Extract,
                  Formal, FunCall, FunctionDecl, Goto, Havoc, ImplementationDecl, IntLit, Ite,
                  Loc, MapSelect, MapStore, MapType, NamedType, Old, Op, ProcedureDecl, Program,
                  Quant, QuantKind, RealLit, Requires, Return, Type, TypeDecl, Var, VarDecl,
                  Yield)
from .errors import error
from .lexer import Tokens, tokenize
from .numerals import MAX_BV_WIDTH, MAX_DIGITS, MAX_EXPONENT, int_of_digits, short_digits

__all__ = ["parse_program", "parse_file", "parse_expr"]


def parse_program(text: str, filename: str = "<input>") -> Program:
    """Parse a whole Boogie program."""
    return _parsing(lambda: _parse_program(text, filename))


def _parse_program(text: str, filename: str) -> Program:
    p = _Parser(tokenize(text, filename), filename)
    return p.guarded(p.program)


_RECURSION_LIMIT = 20000


def _parsing(run):
    """Run a parse with the cyclic garbage collector paused and a raised recursion limit.

    Parsing allocates hundreds of thousands of acyclic nodes; the collector's passes over
    them doubled the parse time of the large ldv-bpl files.  Each level of expression
    nesting (parentheses, `else if then` chains) costs about eight Python frames, so the
    default limit would stop at ~120 levels; 20000 frames allow ~2500 (Python-to-Python
    calls do not use the C stack since 3.11).  Deeper input is reported as a parse error.
    Both settings are restored afterwards."""
    enabled = gc.isenabled()
    limit = sys.getrecursionlimit()
    gc.disable()
    sys.setrecursionlimit(max(limit, _RECURSION_LIMIT))
    try:
        return run()
    finally:
        sys.setrecursionlimit(limit)
        if enabled:
            gc.enable()


def parse_file(path) -> Program:
    """Parse the Boogie file at `path`; locations name the path as given."""
    name = str(path)
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
    except OSError as e:
        raise error("io", Loc(name, 0, 0), f"cannot read file: {e.strerror or e}") from None
    return parse_program(text, name)


def parse_expr(text: str, filename: str = "<input>") -> Expr:
    """Parse a single expression (the whole text)."""
    def whole() -> Expr:
        p = _Parser(tokenize(text, filename), filename)
        e = p.guarded(p.expr)
        p.expect("EOF")
        return e
    return _parsing(whole)


# ----------------------------------------------------------------------------- tables

_BINOP = {"<==>": Op.IFF, "==>": Op.IMP, "<==": Op.EXPLIES, "||": Op.OR, "&&": Op.AND,
          "==": Op.EQ, "!=": Op.NEQ, "<": Op.LT, "<=": Op.LE, ">": Op.GT, ">=": Op.GE,
          "<:": Op.SUBTYPE, "++": Op.CONCAT, "+": Op.ADD, "-": Op.SUB, "*": Op.MUL,
          "div": Op.DIV, "mod": Op.MOD, "/": Op.RDIV, "**": Op.POW}
_RELATIONS = frozenset(("==", "!=", "<", "<=", ">", ">=", "<:"))
# precedence levels below the relations (higher binds tighter); `**` is right-associative
_ARITH_PREC = {"++": 4, "+": 5, "-": 5, "*": 6, "/": 6, "div": 6, "mod": 6, "**": 7}
_QUANTS = {"forall": QuantKind.FORALL, "exists": QuantKind.EXISTS, "lambda": QuantKind.LAMBDA}
_BV_TYPE = re.compile(r"bv([0-9]+)\Z")
_DECIMAL = re.compile(r"([0-9]+)(?:\.([0-9]+))?(?:e(-?[0-9]+))?")
_TYPE_START = frozenset(("bool", "int", "real", "(", "ID", "[", "<"))


# ----------------------------------------------------------------------------- parser

class _Parser:
    """The token cursor and one method per grammar rule."""

    def __init__(self, tokens: Tokens, filename: str):
        self.kinds, self.texts = tokens.kinds, tokens.texts
        self.starts, self.line_starts = tokens.starts, tokens.line_starts
        self.file = filename
        self.i = 0
        self.labels: set[str] = set()     # user labels of the body being parsed

    # -- cursor helpers

    def guarded(self, rule):
        try:
            return rule()
        except RecursionError:
            raise error("parse", self.loc(), "expression nested too deeply") from None

    def loc(self, i: int | None = None) -> Loc:
        if i is None:
            i = self.i
        offset = self.starts[i]
        line = bisect_right(self.line_starts, offset)
        return Loc(self.file, line, offset - self.line_starts[line - 1] + 1)

    def fail(self, message: str, i: int | None = None) -> NoReturn:
        raise error("parse", self.loc(i), message)

    # -- numerals (boogie/numerals.py: any length, within its limits)

    def natural(self, digits: str, i: int) -> int:
        if len(digits) > MAX_DIGITS:
            self.fail(f"numeral of {len(digits)} digits is too long (at most {MAX_DIGITS})", i)
        return int_of_digits(digits)

    def bv_width(self, digits: str, i: int) -> int:
        width = int(digits) if len(digits) <= 10 else MAX_BV_WIDTH + 1
        if not 0 < width <= MAX_BV_WIDTH:
            shown = digits if len(digits) <= 40 else f"{digits[:12]}...({len(digits)} digits)"
            self.fail(f"bitvector width {shown} is out of range (1 to {MAX_BV_WIDTH})", i)
        return width

    def decimal(self, text: str, i: int) -> Fraction:
        m = _DECIMAL.fullmatch(text)
        assert m, f"the lexer's DEC token {text!r} is a decimal"
        whole, frac, exp = m.group(1), m.group(2) or "", m.group(3) or "0"
        if len(exp.lstrip("-")) > 6 or abs(int(exp)) > MAX_EXPONENT:
            self.fail(f"exponent of the decimal literal is out of range (at most "
                      f"{MAX_EXPONENT} in size)", i)
        value = Fraction(self.natural(whole + frac, i), 10 ** len(frac))
        power = int(exp)
        return value * 10 ** power if power >= 0 else value / 10 ** -power

    def found(self, i: int | None = None) -> str:
        if i is None:
            i = self.i
        return "end of file" if self.kinds[i] == "EOF" else repr(self.texts[i])

    def expect(self, kind: str) -> str:
        i = self.i
        if self.kinds[i] != kind:
            what = "end of file" if kind == "EOF" else repr(kind)
            self.fail(f"expected {what} but found {self.found()}")
        self.i = i + 1
        return self.texts[i]

    def accept(self, kind: str) -> bool:
        if self.kinds[self.i] == kind:
            self.i += 1
            return True
        return False

    def ident(self, what: str = "identifier") -> str:
        i = self.i
        if self.kinds[i] != "ID":
            self.fail(f"expected {what} but found {self.found()}")
        self.i = i + 1
        return self.texts[i]

    def idents(self, what: str = "identifier") -> list[str]:
        names = [self.ident(what)]
        while self.accept(","):
            names.append(self.ident(what))
        return names

    # -- program and declarations

    def program(self) -> Program:
        decls = []
        kinds = self.kinds
        start = self.loc()
        while kinds[self.i] != "EOF":
            k = kinds[self.i]
            if k == "var":
                decls.extend(self.var_decl())
            elif k == "procedure":
                decls.append(self.procedure())
            elif k == "implementation":
                decls.append(self.implementation())
            elif k == "function":
                decls.append(self.function())
            elif k == "const":
                decls.extend(self.const_decl())
            elif k == "axiom":
                loc = self.loc()
                self.i += 1
                attrs = self.attrs()
                e = self.expr()
                self.expect(";")
                decls.append(AxiomDecl(e, attrs, loc=loc))
            elif k == "type":
                decls.extend(self.type_decl())
            else:
                self.fail(f"expected a declaration but found {self.found()}")
        return Program(tuple(decls), loc=start)

    def attrs(self) -> tuple[Attr, ...]:
        kinds = self.kinds
        if kinds[self.i] != "{" or kinds[self.i + 1] != ":":
            return ()
        out = []
        while kinds[self.i] == "{" and kinds[self.i + 1] == ":":
            loc = self.loc()
            self.i += 2
            if kinds[self.i] != "ID" and not self.texts[self.i][:1].isalpha():
                self.fail(f"expected attribute name but found {self.found()}")
            name = self.texts[self.i]
            self.i += 1
            args: list = []
            if kinds[self.i] != "}":
                args.append(self.attr_arg())
                while self.accept(","):
                    args.append(self.attr_arg())
            self.expect("}")
            out.append(Attr(name, tuple(args), loc=loc))
        return tuple(out)

    def attr_arg(self):
        if self.kinds[self.i] == "STR":
            s = self.texts[self.i]
            self.i += 1
            return s[1:-1].replace('\\"', '"')
        return self.expr()

    def type_params(self) -> tuple[str, ...]:
        if not self.accept("<"):
            return ()
        names = self.idents("type parameter")
        self.expect(">")
        return tuple(names)

    def var_decl(self) -> list[VarDecl]:
        self.i += 1                                   # 'var'
        attrs = self.attrs()
        out = self.typed_idents(attrs, allow_where=True)
        self.expect(";")
        return out

    def typed_idents(self, attrs, allow_where: bool) -> list[VarDecl]:
        """`x, y: T where e, z: U` (the groups of a var declaration, parameter list or
        bound-variable list); `attrs` apply to every name."""
        out: list[VarDecl] = []
        while True:
            group_attrs = attrs + self.attrs()
            locs = [self.loc()]
            names = [self.ident()]
            while self.accept(","):
                locs.append(self.loc())
                names.append(self.ident())
            self.expect(":")
            t = self.type_()
            where = None
            if allow_where and self.accept("where"):
                where = self.expr()
            out.extend(VarDecl(n, t, where, group_attrs, loc=loc) for n, loc in zip(names, locs))
            if not self.accept(","):
                return out

    def const_decl(self) -> list[ConstDecl]:
        self.i += 1                                   # 'const'
        attrs = self.attrs()
        unique = self.accept("unique")
        locs, names = [self.loc()], [self.ident()]
        while self.accept(","):
            locs.append(self.loc())
            names.append(self.ident())
        self.expect(":")
        t = self.type_()
        if self.kinds[self.i] in ("extends", "complete"):
            self.fail(f"'{self.kinds[self.i]}' (constant partial orders) is not supported")
        self.expect(";")
        return [ConstDecl(n, t, unique, attrs, loc=loc) for n, loc in zip(names, locs)]

    def type_decl(self) -> list[TypeDecl]:
        self.i += 1                                   # 'type'
        attrs = self.attrs()
        if self.kinds[self.i] == "finite":
            self.fail("'finite' types are not supported")
        out = []
        while True:
            loc = self.loc()
            name = self.ident("type name")
            params = []
            while self.kinds[self.i] == "ID":
                params.append(self.ident())
            synonym = self.type_() if self.accept("=") else None
            out.append(TypeDecl(name, tuple(params), synonym, attrs, loc=loc))
            if not self.accept(","):
                break
        self.expect(";")
        return out

    def function(self) -> FunctionDecl:
        loc = self.loc()
        self.i += 1                                   # 'function'
        attrs = self.attrs()
        name = self.ident("function name")
        tparams = self.type_params()
        self.expect("(")
        params = []
        if self.kinds[self.i] != ")":
            params.append(self.formal())
            while self.accept(","):
                params.append(self.formal())
        self.expect(")")
        params = self.name_formals(params)
        if self.accept("returns"):
            self.expect("(")
            result = self.formal()
            self.expect(")")
        elif self.kinds[self.i] == ":":
            self.i += 1
            result = Formal(None, self.type_(), loc=self.loc(self.i - 1))
        else:
            self.fail(f"expected 'returns' or ':' but found {self.found()}")
        attrs = attrs + self.attrs()
        body = None
        if self.accept("{"):
            body = self.expr()
            self.expect("}")
        else:
            self.expect(";")
        return FunctionDecl(name, tuple(params), result, body, tparams, attrs, loc=loc)

    def name_formals(self, params: list[Formal]) -> list[Formal]:
        """Boogie's rule for function arguments: when some are named, a bare name before
        a named one is a parameter of that later type (`f(x, y: int)`)."""
        if all(f.name is None for f in params):
            return params
        out, later = [], None
        for f in reversed(params):
            if f.name is not None:
                later = f.type
            elif later is None:
                raise error("parse", f.loc, "the type of the last parameter is unspecified")
            elif type(f.type) is NamedType and not f.type.args:
                f = Formal(f.type.name, later, loc=f.loc)
            else:
                raise error("parse", f.loc, "expected an identifier as parameter name")
            out.append(f)
        out.reverse()
        return out

    def formal(self) -> Formal:
        """A function argument or result: `x: T` or just `T`."""
        self.attrs()                                  # attributes on formals are dropped
        loc = self.loc()
        if self.kinds[self.i] == "ID" and self.kinds[self.i + 1] == ":":
            name = self.texts[self.i]
            self.i += 2
            return Formal(name, self.type_(), loc=loc)
        return Formal(None, self.type_(), loc=loc)

    def signature(self):
        tparams = self.type_params()
        self.expect("(")
        params = self.typed_idents((), True) if self.kinds[self.i] != ")" else []
        self.expect(")")
        returns = []
        if self.accept("returns"):
            self.expect("(")
            returns = self.typed_idents((), True) if self.kinds[self.i] != ")" else []
            self.expect(")")
        return tparams, tuple(params), tuple(returns)

    def procedure(self) -> ProcedureDecl:
        loc = self.loc()
        self.i += 1                                   # 'procedure'
        attrs = self.attrs()
        name = self.ident("procedure name")
        tparams, params, returns = self.signature()
        has_semi = self.accept(";")
        requires, ensures, modifies = [], [], []
        kinds = self.kinds
        while True:
            k = kinds[self.i]
            sloc = self.loc()
            free = k == "free"
            if free:
                self.i += 1
                k = kinds[self.i]
                if k not in ("requires", "ensures"):
                    self.fail(f"expected 'requires' or 'ensures' after 'free' "
                              f"but found {self.found()}")
            if k == "requires" or k == "ensures":
                self.i += 1
                sattrs = self.attrs()
                e = self.expr()
                self.expect(";")
                cls, dest = (Requires, requires) if k == "requires" else (Ensures, ensures)
                dest.append(cls(e, free, sattrs, loc=sloc))
            elif k == "modifies":
                self.i += 1
                if kinds[self.i] != ";":
                    modifies.extend(self.idents("variable name"))
                self.expect(";")
            else:
                break
        body = None
        if not has_semi:
            if kinds[self.i] != "{":
                self.fail(f"expected ';' or '{{' but found {self.found()}")
            body = self.body()
        return ProcedureDecl(name, params, returns, tuple(requires), tuple(ensures),
                             tuple(modifies), body, tparams, attrs, loc=loc)

    def implementation(self) -> ImplementationDecl:
        loc = self.loc()
        self.i += 1                                   # 'implementation'
        attrs = self.attrs()
        name = self.ident("procedure name")
        tparams, params, returns = self.signature()
        if self.kinds[self.i] != "{":
            self.fail(f"expected '{{' but found {self.found()}")
        return ImplementationDecl(name, params, returns, self.body(), tparams, attrs, loc=loc)

    # -- bodies and statements

    def body(self) -> Body:
        loc = self.loc()
        self.expect("{")
        saved, self.labels = self.labels, set()
        locals_ = self.local_vars()
        items = self.stmts()
        end = self.loc()
        self.expect("}")
        blocks = _Lowering(self.labels, self).lower(items, end)
        self.labels = saved
        return Body(tuple(locals_), tuple(blocks), loc=loc)

    def local_vars(self) -> list[VarDecl]:
        out = []
        while self.kinds[self.i] == "var":
            out.extend(self.var_decl())
        return out

    def stmts(self) -> list:
        """Statements up to (not including) a closing `}` or `}|`, as lowering items:
        ("label", name, loc), ("cmd", Cmd), ("jump", Goto | Return), ("if", ...),
        ("while", ...), ("break", label | None, loc)."""
        items: list = []
        kinds = self.kinds
        while True:
            k = kinds[self.i]
            if k == "}" or k == "}|" or k == "EOF":
                return items
            if k == "ID":
                if kinds[self.i + 1] == ":":
                    items.append(self.label())
                else:
                    items.append(("cmd", self.assignment()))
            elif k == "assume" or k == "assert":
                items.append(("cmd", self.predicate(Assume if k == "assume" else Assert)))
            elif k == "call" or k == "async":
                items.append(("cmd", self.call()))
            elif k == "if":
                items.append(self.if_stmt())
            elif k == "while":
                items.append(self.while_stmt())
            else:
                items.append(self.other_stmt(k))

    def other_stmt(self, k: str):
        """`havoc`, `goto`, `return`, `break`, `yield` (all end with `;`)."""
        loc = self.loc()
        if k not in ("havoc", "goto", "return", "break", "yield"):
            if k == "var":
                self.fail("local variables must be declared at the start of the body")
            self.fail(f"expected a statement but found {self.found()}")
        self.i += 1
        if k == "break":
            target = self.ident("label") if self.kinds[self.i] == "ID" else None
            self.expect(";")
            return ("break", target, loc)
        attrs = self.attrs()
        if k == "havoc":
            item = ("cmd", Havoc(tuple(self.idents("variable name")), attrs, loc=loc))
        elif k == "goto":
            item = ("jump", Goto(tuple(self.idents("label")), attrs, loc=loc))
        elif k == "return":
            value = self.expr() if self.kinds[self.i] != ";" else None
            item = ("jump", Return(value, attrs, loc=loc))
        else:
            item = ("cmd", Yield(attrs, loc=loc))
        self.expect(";")
        return item

    def label(self):
        loc = self.loc()
        name = self.texts[self.i]
        if name in self.labels:
            self.fail(f"duplicate label '{name}'")
        self.labels.add(name)
        self.i += 2
        return ("label", name, loc)

    def predicate(self, cls):
        """`assume` / `assert` with attributes."""
        loc = self.loc()
        self.i += 1
        attrs = self.attrs()
        e = self.expr()
        self.expect(";")
        return cls(e, attrs, loc=loc)

    def assignment(self) -> Assign:
        loc = self.loc()
        lhs = [self.lhs()]
        while self.accept(","):
            lhs.append(self.lhs())
        if self.kinds[self.i] != ":=":
            self.fail(f"expected ':=' but found {self.found()}")
        self.i += 1
        attrs = self.attrs()
        rhs = [self.expr()]
        while self.accept(","):
            rhs.append(self.expr())
        self.expect(";")
        return Assign(tuple(lhs), tuple(rhs), attrs, loc=loc)

    def lhs(self) -> Expr:
        loc = self.loc()
        e: Expr = Var(self.ident("variable name"), loc=loc)
        while self.accept("["):
            idx = []
            if self.kinds[self.i] != "]":
                idx.append(self.expr())
                while self.accept(","):
                    idx.append(self.expr())
            self.expect("]")
            e = MapSelect(e, tuple(idx), loc=loc)
        return e

    def call(self) -> Call:
        loc = self.loc()
        is_async = self.accept("async")
        self.expect("call")
        attrs = self.attrs()
        outs = []
        name = self.ident("procedure name")
        if self.kinds[self.i] in (",", ":="):
            outs.append(name)
            while self.accept(","):
                outs.append(self.ident("variable name"))
            self.expect(":=")
            name = self.ident("procedure name")
        self.expect("(")
        args = self.expr_list(")")
        self.expect(";")
        return Call(name, tuple(args), tuple(outs), attrs, is_async, loc=loc)

    def guard(self) -> Expr | None:
        self.expect("(")
        if self.kinds[self.i] == "*" and self.kinds[self.i + 1] == ")":
            self.i += 2
            return None
        e = self.expr()
        self.expect(")")
        return e

    def block_stmts(self) -> list:
        self.expect("{")
        items = self.stmts()
        self.expect("}")
        return items

    def if_stmt(self):
        loc = self.loc()
        self.i += 1                                   # 'if'
        self.attrs()                                  # attributes of `if` are dropped
        guard = self.guard()
        then = self.block_stmts()
        else_ = None
        if self.accept("else"):
            if self.kinds[self.i] == "if":
                else_ = [self.if_stmt()]
            else:
                else_ = self.block_stmts()
        return ("if", guard, then, else_, loc)

    def while_stmt(self):
        loc = self.loc()
        self.i += 1                                   # 'while'
        guard = self.guard()
        invariants = []
        kinds = self.kinds
        while kinds[self.i] in ("invariant", "free"):
            iloc = self.loc()
            free = self.accept("free")
            self.expect("invariant")
            attrs = self.attrs()
            e = self.expr()
            self.expect(";")
            invariants.append((free, e, attrs, iloc))
        body = self.block_stmts()
        return ("while", guard, invariants, body, loc)

    # -- types

    def type_(self) -> Type:
        k = self.kinds[self.i]
        if k == "ID":
            name = self.texts[self.i]
            self.i += 1
            m = _BV_TYPE.match(name)
            if m:
                return BvType(self.bv_width(m.group(1), self.i - 1))
            return NamedType(name, self.type_args())
        if k == "int":
            self.i += 1
            return INT
        if k == "bool":
            self.i += 1
            return BOOL
        if k == "real":
            self.i += 1
            return REAL
        if k == "(":
            self.i += 1
            t = self.type_()
            self.expect(")")
            return t
        if k == "[" or k == "<":
            return self.map_type()
        self.fail(f"expected a type but found {self.found()}")

    def type_args(self) -> tuple[Type, ...]:
        """Arguments of a type constructor: atoms and bare names, a map type ends them."""
        args: list[Type] = []
        kinds = self.kinds
        while kinds[self.i] in _TYPE_START:
            k = kinds[self.i]
            if k == "ID":
                name = self.texts[self.i]
                self.i += 1
                m = _BV_TYPE.match(name)
                args.append(BvType(self.bv_width(m.group(1), self.i - 1)) if m
                            else NamedType(name))
            elif k == "[" or k == "<":
                args.append(self.map_type())
                break
            else:
                args.append(self.type_())
        return tuple(args)

    def map_type(self) -> MapType:
        tparams = self.type_params()
        self.expect("[")
        domain = []
        if self.kinds[self.i] != "]":
            domain.append(self.type_())
            while self.accept(","):
                domain.append(self.type_())
        self.expect("]")
        return MapType(tuple(domain), self.type_(), tparams)

    # -- expressions

    def expr(self) -> Expr:
        e = self.implies(False)
        kinds = self.kinds
        while kinds[self.i] == "<==>":
            self.i += 1
            e = App(Op.IFF, (e, self.implies(False)), loc=e.loc)
        return e

    def implies(self, no_explies: bool) -> Expr:
        e = self.logical()
        k = self.kinds[self.i]
        if k == "==>":
            self.i += 1
            return App(Op.IMP, (e, self.implies(True)), loc=e.loc)
        if k == "<==" and not no_explies:
            while self.kinds[self.i] == "<==":
                self.i += 1
                e = App(Op.EXPLIES, (e, self.logical()), loc=e.loc)
        return e

    def logical(self) -> Expr:
        e = self.relational()
        kinds = self.kinds
        k = kinds[self.i]
        if k != "&&" and k != "||":
            return e
        op = _BINOP[k]
        while kinds[self.i] == k:
            self.i += 1
            e = App(op, (e, self.relational()), loc=e.loc)
        other = kinds[self.i]
        if other == "&&" or other == "||":
            self.fail(f"cannot mix '&&' and '||' without parentheses")
        return e

    def relational(self) -> Expr:
        e = self.arith(4)
        k = self.kinds[self.i]
        if k in _RELATIONS:
            self.i += 1
            e = App(_BINOP[k], (e, self.arith(4)), loc=e.loc)
            if self.kinds[self.i] in _RELATIONS:
                self.fail(f"relational operators do not chain; add parentheses before "
                          f"{self.found()}")
        return e

    def arith(self, min_prec: int) -> Expr:
        """Precedence climbing over `++ + - * / div mod **` (loops for left-assoc chains)."""
        lhs = self.unary()
        kinds = self.kinds
        prec = _ARITH_PREC
        while True:
            k = kinds[self.i]
            p = prec.get(k)
            if p is None or p < min_prec:
                return lhs
            self.i += 1
            rhs = self.arith(p if k == "**" else p + 1)
            lhs = App(_BINOP[k], (lhs, rhs), loc=lhs.loc)

    def unary(self) -> Expr:
        kinds = self.kinds
        k = kinds[self.i]
        if k != "!" and k != "-":
            return self.postfix()
        ops = []
        while k == "!" or k == "-":
            ops.append((Op.NOT if k == "!" else Op.NEG, self.loc()))
            self.i += 1
            k = kinds[self.i]
        # `-5` / `-2.5` is a negative literal (the printer relies on this); `-(5)` is not
        if (ops[-1][0] is Op.NEG and kinds[self.i] in ("NUM", "DEC")
                and kinds[self.i + 1] != "["):
            lit = self.atom()
            _, loc = ops.pop()
            e = (IntLit if type(lit) is IntLit else RealLit)(-lit.value, loc=loc)
            e = self.postfix_ops(e)
        else:
            e = self.postfix()
        for op, loc in reversed(ops):
            e = App(op, (e,), loc=loc)
        return e

    def postfix(self) -> Expr:
        return self.postfix_ops(self.atom())

    def postfix_ops(self, e: Expr) -> Expr:
        kinds = self.kinds
        while kinds[self.i] == "[":
            self.i += 1
            if kinds[self.i] == "]":
                self.i += 1
                e = MapSelect(e, (), loc=e.loc)
                continue
            first = self.expr()
            if kinds[self.i] == ":":
                self.i += 1
                lo = self.expr()
                self.expect("]")
                e = self.extract(e, first, lo)
                continue
            idx = [first]
            while kinds[self.i] == ",":
                self.i += 1
                idx.append(self.expr())
            if kinds[self.i] == ":=":
                self.i += 1
                value = self.expr()
                self.expect("]")
                e = MapStore(e, tuple(idx), value, loc=e.loc)
            else:
                self.expect("]")
                e = MapSelect(e, tuple(idx), loc=e.loc)
        return e

    def extract(self, e: Expr, hi: Expr, lo: Expr) -> Extract:
        for bound in (hi, lo):
            if type(bound) is not IntLit:
                raise error("parse", bound.loc,
                            "bitvector extract bounds must be integer literals")
            if not 0 <= bound.value <= MAX_BV_WIDTH:
                raise error("parse", bound.loc, f"bitvector extract bound "
                                                f"{short_digits(bound.value)} is out of range "
                                                f"(0 to {MAX_BV_WIDTH})")
        if hi.value < lo.value:
            raise error("parse", hi.loc, f"bitvector extract [{short_digits(hi.value)}:"
                                         f"{short_digits(lo.value)}] has its upper bound "
                                         "below its lower bound")
        return Extract(e, hi.value, lo.value, loc=e.loc)

    def atom(self) -> Expr:
        i = self.i
        k = self.kinds[i]
        loc = self.loc(i)
        if k == "ID":
            name = self.texts[i]
            self.i = i + 1
            if self.kinds[i + 1] == "(":
                self.i += 1
                return FunCall(name, tuple(self.expr_list(")")), loc=loc)
            return Var(name, loc=loc)
        self.i = i + 1
        if k == "NUM":
            return IntLit(self.natural(self.texts[i], i), loc=loc)
        if k == "true" or k == "false":
            return BoolLit(k == "true", loc=loc)
        if k == "BV":
            digits, width_text = self.texts[i].split("bv")
            width = self.bv_width(width_text, i)
            value = self.natural(digits, i)
            if value.bit_length() > width:
                self.fail(f"bitvector literal {short_digits(value)}bv{width} does not fit in "
                          f"{width} bits", i)
            return BvLit(value, width, loc=loc)
        if k == "DEC":
            return RealLit(self.decimal(self.texts[i], i), loc=loc)
        if k == "(":
            q = self.kinds[i + 1]
            if q in _QUANTS:
                return self.quantifier(loc)
            e = self.expr()
            self.expect(")")
            return e
        if k == "old":
            self.expect("(")
            e = self.expr()
            self.expect(")")
            return Old(e, loc=loc)
        if k == "if":
            cond = self.expr()
            self.expect("then")
            then = self.expr()
            self.expect("else")
            return Ite(cond, then, self.expr(), loc=loc)
        if k == "|{":
            return self.code_expr(loc)
        self.i = i
        self.fail(f"expected an expression but found {self.found()}")

    def expr_list(self, close: str) -> list[Expr]:
        """Comma-separated expressions up to and including `close` (already after '(')."""
        if self.kinds[self.i] == close:
            self.i += 1
            return []
        out = [self.expr()]
        while self.kinds[self.i] == ",":
            self.i += 1
            out.append(self.expr())
        self.expect(close)
        return out

    def quantifier(self, loc: Loc) -> Quant:
        kind = _QUANTS[self.kinds[self.i]]
        self.i += 1
        tparams = self.type_params()
        bound = []
        if not (tparams and self.kinds[self.i] == "::"):
            bound = self.typed_idents((), allow_where=False)
        self.expect("::")
        attrs, triggers = [], []
        kinds = self.kinds
        while kinds[self.i] == "{":
            if kinds[self.i + 1] == ":":
                attrs.extend(self.attrs())
            else:
                self.i += 1
                triggers.append(tuple(self.expr_list("}")))
        body = self.expr()
        self.expect(")")
        return Quant(kind, tuple(bound), body, tparams, tuple(triggers), tuple(attrs), loc=loc)

    def code_expr(self, loc: Loc) -> CodeExpr:
        saved, self.labels = self.labels, set()
        locals_ = self.local_vars()
        items = self.stmts()
        end = self.loc()
        self.expect("}|")
        blocks = _Lowering(self.labels, self).lower(items, end)
        self.labels = saved
        return CodeExpr(tuple(locals_), tuple(blocks), loc=loc)


# ----------------------------------------------------------------------------- lowering

class _Loop:
    """A break target: the structured statement's labels and its exit label."""
    __slots__ = ("labels", "is_loop", "exit", "after", "guarded", "lowering")

    def __init__(self, labels, is_loop, exit_label, guarded, lowering):
        self.labels = labels
        self.is_loop = is_loop
        self.exit = exit_label
        self.after = None
        self.guarded = guarded
        self.lowering = lowering

    def target(self) -> str:
        """Where `break` goes.  A guarded loop's exit block starts with `assume !guard`,
        which a `break` must bypass, so it gets a separate continuation block."""
        if not (self.is_loop and self.guarded):
            return self.exit
        if self.after is None:
            self.after = self.lowering.fresh(("",))[0]
        return self.after


class _Lowering:
    """Turns parsed statement items into basic blocks.

    - A label starts a block; a block left open falls through with `goto next`, the last
      open block gets `return`; commands before any label (or after a jump) go into a block
      with a generated label.
    - `if (e) {A} else {B}` ends the current block with `goto T, E`; T starts `assume e`,
      E starts `assume !e`, both jump to a join block where lowering continues.
    - `while (e) invariant I; {S}` ends the current block (a fresh one if none is open,
      so the entry block is never a loop head) with a jump to a head block holding `assert I` (`assume` for a
      free invariant) that jumps to a body block (`assume e; S; goto head`) and an exit
      block (`assume !e`).  `*` guards produce no assumes.  `break` jumps past the exit
      block's assume.
    """

    def __init__(self, user_labels: set[str], parser: _Parser):
        self.used = set(user_labels)
        self.parser = parser
        self.n = 0
        self.blocks: list[Block] = []
        self.label = ""
        self.cmds: list = []
        self.block_loc: Loc | None = None
        self.open = False

    def fresh(self, suffixes) -> list[str]:
        while True:
            names = [f"anon{self.n}{s}" for s in suffixes]
            self.n += 1
            if not any(name in self.used for name in names):
                self.used.update(names)
                return names

    def start(self, label: str, loc: Loc) -> None:
        if self.open:
            self.close(Goto((label,), loc=loc))
        self.label, self.cmds, self.block_loc, self.open = label, [], loc, True

    def close(self, transfer) -> None:
        self.blocks.append(Block(self.label, tuple(self.cmds), transfer, loc=self.block_loc))
        self.open = False

    def ensure_open(self, loc: Loc) -> None:
        if not self.open:
            self.start(self.fresh(("",))[0], loc)

    def emit(self, cmd) -> None:
        self.ensure_open(cmd.loc)
        self.cmds.append(cmd)

    def lower(self, items: list, end: Loc) -> list[Block]:
        self.items(items, [])
        if not self.blocks:
            self.ensure_open(end)
        if self.open:
            self.close(Return(loc=end))
        return self.blocks

    def items(self, items: list, targets: list[_Loop]) -> None:
        pending: list[str] = []          # labels directly in front of the next statement
        for item in items:
            tag = item[0]
            if tag == "label":
                self.start(item[1], item[2])
                pending.append(item[1])
                continue
            labels, pending = pending, []
            if tag == "cmd":
                self.emit(item[1])
            elif tag == "jump":
                self.ensure_open(item[1].loc)
                self.close(item[1])
            elif tag == "if":
                self.if_stmt(item, labels, targets)
            elif tag == "while":
                self.while_stmt(item, labels, targets)
            else:
                self.break_stmt(item, targets)

    def if_stmt(self, item, labels, targets) -> None:
        _, guard, then, else_, loc = item
        self.ensure_open(loc)
        then_label, else_label, join = self.fresh(("_Then", "_Else", ""))
        self.close(Goto((then_label, else_label), loc=loc))
        inner = targets + [_Loop(labels, False, join, guard is not None, self)]
        for label, branch, assume in ((then_label, then, guard),
                                      (else_label, else_ or [], _negate(guard))):
            self.start(label, loc)
            if assume is not None:
                self.emit(Assume(assume, loc=assume.loc))
            self.items(branch, inner)
            if self.open:
                self.close(Goto((join,), loc=loc))
        self.start(join, loc)

    def while_stmt(self, item, labels, targets) -> None:
        _, guard, invariants, body, loc = item
        self.ensure_open(loc)            # the entry block is never a loop head
        head, body_label, done = self.fresh(("_LoopHead", "_LoopBody", "_LoopDone"))
        self.start(head, loc)
        for free, e, attrs, iloc in invariants:
            self.emit((Assume if free else Assert)(e, attrs, loc=iloc))
        self.close(Goto((body_label, done), loc=loc))
        loop = _Loop(labels, True, done, guard is not None, self)
        self.start(body_label, loc)
        if guard is not None:
            self.emit(Assume(guard, loc=guard.loc))
        self.items(body, targets + [loop])
        if self.open:
            self.close(Goto((head,), loc=loc))
        self.start(done, loc)
        if guard is not None:
            self.emit(Assume(_negate(guard), loc=guard.loc))
        if loop.after is not None:
            self.start(loop.after, loc)

    def break_stmt(self, item, targets) -> None:
        _, label, loc = item
        for t in reversed(targets):
            if (label is None and t.is_loop) or (label is not None and label in t.labels):
                self.ensure_open(loc)
                self.close(Goto((t.target(),), loc=loc))
                return
        if label is None:
            raise error("parse", loc, "'break' outside of a loop")
        raise error("parse", loc, f"'break {label}' is not inside a statement labeled '{label}'")


def _negate(e: Expr | None) -> Expr | None:
    return None if e is None else App(Op.NOT, (e,), loc=e.loc)
