"""Turns Boogie source text into a `boogie.ast.Program`.

A hand-written recursive-descent parser over the token lists of `boogie.lexer`: this module
reads declarations and statements; the token cursor, types and expressions are
expr_parser.py's (`ExprParser`, the base class).  Structured statements (`if`, `while`,
`break`) are lowered to basic blocks as each body is read (structured.py), so bodies in the
AST are always lists of blocks.

Public API: `parse_program`, `parse_file`, `parse_expr`, `parse_commands` (a straight-line
command sequence, e.g. Boogie text a C program injects).  Bad input raises `BoogieError`
with code "parse" (or "io" for unreadable files) at the offending token's location.
"""
from __future__ import annotations

import gc
import sys

from .ast import (Assert, Assign, Assume, Attr, AxiomDecl, Body, Call, Cmd, CodeExpr, ConstDecl,
                  Ensures, Expr, Formal, FunctionDecl, Goto, Havoc, ImplementationDecl, Loc,
                  MapSelect, NamedType, ProcedureDecl, Program, Requires, Return, TypeDecl, Var,
                  VarDecl, Yield)
from .errors import error
from .expr_parser import ExprParser
from .lexer import tokenize
from .structured import lower

__all__ = ["parse_program", "parse_file", "parse_expr", "parse_commands"]


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


def parse_commands(text: str, filename: str = "<input>") -> tuple[Cmd, ...]:
    """Parse a sequence of simple commands (assignments, `assume`, `assert`, `havoc`,
    `call`) and nothing else: labels, jumps and structured statements are a parse error."""
    def whole() -> tuple[Cmd, ...]:
        p = _Parser(tokenize(text, filename), filename)
        start = p.i
        items = p.guarded(p.stmts)
        cmds = []
        for item in items:
            if item[0] != "cmd":
                p.fail(f"expected simple commands (assignment, assume, assert, havoc, call) "
                       f"only, not {_STRUCTURED[item[0]]}", start)
            cmds.append(item[1])
        p.expect("EOF")
        return tuple(cmds)
    return _parsing(whole)


_STRUCTURED = {"label": "a label", "jump": "a jump (goto, return)", "if": "an if statement",
               "while": "a while loop", "break": "a break"}


# ----------------------------------------------------------------------------- parser

class _Parser(ExprParser):
    """Declarations and statements: one method per grammar rule."""

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
        blocks = lower(self.labels, items, end)
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

    def code_expr(self, loc: Loc) -> CodeExpr:
        saved, self.labels = self.labels, set()
        locals_ = self.local_vars()
        items = self.stmts()
        end = self.loc()
        self.expect("}|")
        blocks = lower(self.labels, items, end)
        self.labels = saved
        return CodeExpr(tuple(locals_), tuple(blocks), loc=loc)
