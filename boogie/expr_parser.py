"""The token cursor, types and expressions of the Boogie parser (parser.py).

`ExprParser` walks the token lists of `boogie.lexer` and reads types and expressions by
recursive descent; binary operators use precedence climbing with loops, so long left-
associative chains do not recurse.  Precedence follows Boogie's grammar (BoogiePL.atg),
lowest first:

    <==>  (left)   ==> (right) / <== (left, not mixed with ==>)   && / || (not mixed)
    == != < <= > >= <:  (non-associative)   ++   + -   * / div mod   ** (right)
    unary ! -      postfix m[i,j]  m[i := v]  e[hi:lo]

Declarations and statements (and code expressions `|{ ... }|`, which hold statements) are
parser.py's subclass.  Bad input raises `BoogieError` code "parse" at the offending token.
"""
from __future__ import annotations

import re
from bisect import bisect_right
from fractions import Fraction
from typing import NoReturn

from .ast import (BOOL, INT, REAL, RMODE, ROUNDING_MODES, App, FloatType, RmodeLit, BoolLit, BvLit, BvType, CodeExpr, Expr, Extract, FunCall,
                  IntLit, Ite, Loc, MapSelect, MapStore, MapType, NamedType, Old, Op, Quant,
                  QuantKind, RealLit, Type, Var)
from .errors import error
from .lexer import Tokens
from .numerals import MAX_BV_WIDTH, MAX_DIGITS, MAX_EXPONENT, int_of_digits, short_digits

_BINOP = {"<==>": Op.IFF, "==>": Op.IMP, "<==": Op.EXPLIES, "||": Op.OR, "&&": Op.AND,
          "==": Op.EQ, "!=": Op.NEQ, "<": Op.LT, "<=": Op.LE, ">": Op.GT, ">=": Op.GE,
          "<:": Op.SUBTYPE, "++": Op.CONCAT, "+": Op.ADD, "-": Op.SUB, "*": Op.MUL,
          "div": Op.DIV, "mod": Op.MOD, "/": Op.RDIV, "**": Op.POW}
_RELATIONS = frozenset(("==", "!=", "<", "<=", ">", ">=", "<:"))
# precedence levels below the relations (higher binds tighter); `**` is right-associative
_ARITH_PREC = {"++": 4, "+": 5, "-": 5, "*": 6, "/": 6, "div": 6, "mod": 6, "**": 7}
_QUANTS = {"forall": QuantKind.FORALL, "exists": QuantKind.EXISTS, "lambda": QuantKind.LAMBDA}
_BV_TYPE = re.compile(r"bv([0-9]+)\Z")
_FLOAT_TYPE = re.compile(r"float([0-9]+)e([0-9]+)\Z")
_MAX_FLOAT_BITS = 1 << 16
_DECIMAL = re.compile(r"([0-9]+)(?:\.([0-9]+))?(?:e(-?[0-9]+))?")
_TYPE_START = frozenset(("bool", "int", "real", "(", "ID", "[", "<"))


class ExprParser:
    """The token cursor and one method per grammar rule of types and expressions."""

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

    def float_type(self, sig: str, exp: str, i: int) -> FloatType:
        """`float<sig>e<exp>`: SMT-LIB needs at least 2 significand bits (the hidden one
        included) and 2 exponent bits."""
        s = int(sig) if len(sig) <= 6 else _MAX_FLOAT_BITS
        e = int(exp) if len(exp) <= 6 else _MAX_FLOAT_BITS
        if not (2 <= s < _MAX_FLOAT_BITS and 2 <= e < 64):
            self.fail(f"floating-point type float{sig}e{exp} is out of range (significand 2 "
                      f"to {_MAX_FLOAT_BITS - 1} bits, exponent 2 to 63)", i)
        return FloatType(s, e)

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

    # -- types

    def type_(self) -> Type:
        k = self.kinds[self.i]
        if k == "ID":
            name = self.texts[self.i]
            self.i += 1
            m = _BV_TYPE.match(name)
            if m:
                return BvType(self.bv_width(m.group(1), self.i - 1))
            m = _FLOAT_TYPE.match(name)
            if m:
                return self.float_type(m.group(1), m.group(2), self.i - 1)
            if name == "rmode":
                return RMODE
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
            self.fail("cannot mix '&&' and '||' without parentheses")
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
            if name in ROUNDING_MODES:        # reserved words of Boogie's float support
                return RmodeLit(name, loc=loc)
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
        """`|{ locals; statements }|` (after the opening `|{`): parser.py's subclass."""
        raise NotImplementedError
