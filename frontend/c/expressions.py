"""C expressions into Boogie expressions: the expression part of the function translator.

Role: `rvalue(node)` gives a `V` (a Boogie expression and its C type) and emits the
commands of the expression's side effects first; `cond(node)` gives a Boogie bool; `effect`
evaluates for side effects only.  Evaluation is left to right; `&&`, `||` and `?:` become
control flow (fresh blocks) only when an operand has side effects (`is_pure`).  Long left-
associative chains are walked along their left spine and broken into temporaries every
CHAIN_TEMP operators.  Integer operations and conversions (C11 6.3) go through
frontend/c/encoding.py; places and memory through memory_access.py; calls through calls.py.
"""
from __future__ import annotations

from boogie.ast import App, Assign, BoolLit, BoolType, Expr, IntLit, Ite, Loc, Op
from boogie.errors import BoogieError, error

from .consteval import char_literal, int_literal, string_bytes
from .typesys import (VOID, ArrayT, CType, FloatT, FuncT, IntT, PtrT, StructT, VoidT,
                      unsupported)
from .values import LBits, LVar, V
from .varargs import is_va_arg, va_arg
from .vla import is_variable, require_known, size_of

_REL = ("<", "<=", ">", ">=", "==", "!=")
CHAIN_TEMP = 64      # operators of a left-associative chain per Boogie expression
_INT_CONSTANT_TYPES = {"int", "unsigned int", "long int", "unsigned long int", "long long int",
                       "unsigned long long int"}
# the statement kinds that are expressions (an expression statement)
EXPR_KINDS = {"Assignment", "FuncCall", "UnaryOp", "BinaryOp", "ID", "Constant", "Cast",
              "TernaryOp", "ExprList", "ArrayRef", "StructRef", "CompoundLiteral"}


def _left_spine(node, same) -> list:
    """The BinaryOp nodes from `node` down its left operands while `same(n)` holds (the
    operators of a left-associative chain, outermost first)."""
    spine = [node]
    while type(spine[-1].left).__name__ == "BinaryOp" and same(spine[-1].left):
        spine.append(spine[-1].left)
    return spine


def _pure_skips_children(n) -> bool:
    """`sizeof e` and `_Alignof e` do not evaluate e: its operand's effects do not count
    (but see `ExpressionsMixin._sizeof_evaluates`)."""
    return type(n).__name__ == "UnaryOp" and n.op in ("sizeof", "_Alignof")


def _variable_type_name(node) -> bool:
    """Does a type name spell an array type with a dimension that is not an integer
    literal (a variable-length array type, or possibly one, whose size expressions `sizeof`
    evaluates)?  Not a pointer to one (`int (*)[n]`)."""
    n = node.type
    while type(n).__name__ in ("TypeDecl", "TypeDeclExt", "ArrayDecl", "ArrayDeclExt"):
        if type(n).__name__ in ("ArrayDecl", "ArrayDeclExt") and n.dim is not None and \
                type(n.dim).__name__ != "Constant":
            return True
        n = n.type
    return False


def _unevaluated_length(t: CType) -> bool:
    """An array of a length not known (a size expression not evaluated) among t's array
    dimensions?"""
    while isinstance(t, ArrayT):
        if t.length is None and t.dim is None:
            return True
        t = t.elem
    return False


def negate(e: Expr) -> Expr:
    """`!e`, simplified when e is a literal or a negation."""
    if isinstance(e, BoolLit):
        return BoolLit(not e.value)
    if isinstance(e, App) and e.op is Op.NOT:
        return e.args[0]
    return App(Op.NOT, (e,))


class ExpressionsMixin:
    """Expressions (mixed into `function.FunctionTranslator`)."""

    def effect(self, node) -> None:
        """Evaluate an expression for its side effects only."""
        kind = type(node).__name__
        if kind == "UnaryOp" and node.op in ("p++", "p--", "++", "--"):
            self.incdec(node, want_old=False)
            return
        if kind == "ExprList":
            for e in node.exprs:
                self.effect(e)
            return
        if kind == "Assignment" and self.pt.threaded:
            # no read-back of the value stored: in a threaded program the read would be a
            # shared access of its own (a context switch before it), one the compiled
            # program never makes -- the native replay of a thread schedule follows the
            # accesses (replay/schedule.py).  (Sequential programs keep it: with
            # --memory-safety it repeats the store's check, and their Boogie is unchanged.)
            self.assignment(node, self.loc(node), want_value=False)
            return
        self.rvalue(node)

    def is_pure(self, node) -> bool:
        """No side effects (and, with overflow checking, no arithmetic that asserts).
        The answer is kept for every node of the subtree (`self.pure`), so nested
        conditionals asking about their operands at each level cost linear time."""
        pure = self.pure
        if id(node) in pure:
            return pure[id(node)][1]
        stack: list[tuple[object, bool]] = [(node, False)]
        while stack:                        # post-order: children first
            n, done = stack.pop()
            if id(n) in pure:
                continue
            kids = [] if _pure_skips_children(n) and not self._sizeof_evaluates(n) \
                else [c for _, c in n.children()]
            if not done:
                stack.append((n, True))
                stack.extend((c, False) for c in kids if id(c) not in pure)
                continue
            # (the node is kept with its answer, so that its id is not reused meanwhile)
            pure[id(n)] = (n, self._pure_here(n) and all(pure[id(c)][1] for c in kids))
        return pure[id(node)][1]

    def _sizeof_evaluates(self, n) -> bool:
        """May `sizeof` evaluate its operand (a variable-length array type, C11
        6.5.3.4p2)?  A type name is judged by its spelling, an expression by its type."""
        if n.op != "sizeof":
            return False
        if type(n.expr).__name__ == "Typename":
            return _variable_type_name(n.expr)
        try:
            with self.pt.no_vla_eval():
                t = self.type_of(n.expr)
        except BoogieError:     # (a name declared inside a statement expression)
            return True
        return isinstance(t, ArrayT) and t.length is None or is_variable(t)

    def _pure_here(self, n) -> bool:
        k = type(n).__name__
        if k in ("FuncCall", "Assignment", "Compound", "CompoundLiteral"):
            return k == "FuncCall" and type(n.name).__name__ == "ID" and \
                n.name.name in ("__builtin_expect",)
        if k == "UnaryOp" and n.op in ("p++", "p--", "++", "--"):
            return False
        if self.enc.check_overflow and k in ("BinaryOp", "UnaryOp") and \
                n.op in ("+", "-", "*", "/", "%", "<<", ">>"):
            return False
        if self.enc.checks.div_by_zero and k == "BinaryOp" and n.op in ("/", "%"):
            return False
        if self.enc.checks.memory and (k == "ArrayRef" or (k == "StructRef" and
                                                           n.type == "->") or
                                       (k == "UnaryOp" and n.op == "*")):
            return False            # a memory access asserts it is valid
        return True

    def cond(self, node) -> Expr:
        """A C controlling expression as a Boogie bool."""
        kind = type(node).__name__
        loc = self.loc(node)
        if kind == "BinaryOp" and node.op in _REL:
            return self.relation(node.op, self.rvalue(node.left), self.rvalue(node.right), loc)
        if kind == "BinaryOp" and node.op in ("&&", "||"):
            # along the left spine of a chain `a && b || ...`, as in ex_BinaryOp
            spine = _left_spine(node, lambda n: n.op in ("&&", "||"))
            locs = [self.loc(n) for n in spine]
            acc = self.cond(spine[-1].left)
            for k in range(len(spine) - 1, -1, -1):
                n = spine[k]
                if self.is_pure(n.right):
                    acc = App(Op.AND if n.op == "&&" else Op.OR, (acc, self.cond(n.right)))
                else:
                    acc = self.short_circuit(n.op, acc, n.right, locs[k])
                if k and k % CHAIN_TEMP == 0:
                    t = self.fresh(BoolType(), hint="sc")
                    self.emit(Assign((t,), (acc,), loc=locs[k]))
                    acc = t
            return acc
        if kind == "UnaryOp" and node.op == "!":
            return negate(self.cond(node.expr))
        v = self.rvalue(node)
        return self.truth(v, loc)

    def truth(self, v: V, loc: Loc) -> Expr:
        if isinstance(v.type, (IntT, PtrT)):
            c = self.enc.const_value(v.expr, v.type) if isinstance(v.type, IntT) else None
            if c is not None:
                return BoolLit(c != 0)
            return self.enc.is_true(v.expr, v.type)
        if isinstance(v.type, FloatT):
            return self.float_truth(v)
        raise error("type", loc, f"a value of type {v.type} used as a condition")

    def short_circuit(self, op: str, a: Expr, right, loc: Loc) -> Expr:
        t = self.fresh(BoolType(), hint="sc")
        rhs_l, skip_l, join = (self.b.new_label(x) for x in ("rhs", "skip", "join"))
        self.b.goto([rhs_l, skip_l], loc)
        self.b.start(rhs_l, loc)
        self.assume(a if op == "&&" else negate(a), loc)
        bval = self.cond(right)
        self.emit(Assign((t,), (bval,), loc=loc))
        self.b.goto([join], loc)
        self.b.start(skip_l, loc)
        self.assume(negate(a) if op == "&&" else a, loc)
        self.emit(Assign((t,), (BoolLit(op == "||"),), loc=loc))
        self.b.goto([join], loc)
        self.b.start(join, loc)
        return t

    def rvalue(self, node) -> V:
        kind = type(node).__name__
        loc = self.loc(node)
        handler = getattr(self, "ex_" + kind, None)
        if handler is None:
            raise unsupported(loc, f"expression {kind}")
        return handler(node, loc)

    # ---------------------------------------------------------------- leaves
    def ex_Constant(self, node, loc) -> V:
        t = node.type
        if t == "char":
            return V(self.enc.lit(char_literal(node.value, loc), self.dm.INT), self.dm.INT)
        if t == "string":
            if node.value.startswith(("L", "u", "U")):
                raise unsupported(loc, "wide string literal")
            addr = self.pt.string_literal(string_bytes(node.value, loc), loc)
            return V(self.enc.lit(addr, PtrT(self.dm.CHAR)), PtrT(self.dm.CHAR))
        if t not in _INT_CONSTANT_TYPES:
            return self.float_const(node.value, loc)
        v, it = int_literal(node.value, self.dm, loc)
        return V(self.enc.lit(v, it), it)

    def ex_ID(self, node, loc) -> V:
        name = node.name
        sym = self.pt.lookup(name)
        if name in self.pt.aliases:     # an alias declaration shadows a same-named variable
            target = self.pt.aliases[name]
            if target in self.pt.functions:
                return self.function_address(target, loc)
        if sym is None:
            if name in ("__func__", "__FUNCTION__", "__PRETTY_FUNCTION__"):
                addr = self.pt.string_literal(self.info.name.encode(), loc)
                return V(self.enc.lit(addr, PtrT(self.dm.CHAR)), PtrT(self.dm.CHAR))
            if name in self.pt.functions:
                sym = self.pt.scopes[0][name]
            else:
                raise error("type", loc, f"use of undeclared identifier '{name}'")
        if sym.kind == "enum":
            return V(self.enc.lit(sym.value, self.dm.INT), self.dm.INT)
        if sym.kind == "func":
            return self.function_address(name, loc)
        if sym.kind == "typedef":
            raise error("type", loc, f"type name '{name}' used as a value")
        return self.load(self.place_of(sym), loc)

    # ---------------------------------------------------------------- conversions
    def convert(self, v: V, t: CType, loc: Loc, explicit: bool = False) -> V:
        src = v.type
        if src == t:
            return v
        if isinstance(t, VoidT):
            return V(None, VOID)
        if isinstance(src, FloatT) or isinstance(t, FloatT):
            if isinstance(src, VoidT):
                raise error("type", loc, "use of a void value")
            return self.float_convert(v, t, loc)
        if isinstance(src, VoidT):
            raise error("type", loc, "use of a void value")
        if isinstance(t, IntT):
            if isinstance(src, PtrT):
                self.mem.note_conversion(src.target, VOID, loc, v.expr)
                self.mem.to_int.add(src.target)
            elif not isinstance(src, IntT):
                raise error("type", loc, f"conversion from {src} to {t}")
            elif self.enc.checks.conversion and not explicit and t.name != "_Bool":
                self.enc.conversion_check(v.expr, src, t, self, loc)
            return V(self.enc.convert(v.expr, src, t), t)
        if isinstance(t, PtrT):
            if isinstance(src, IntT):
                c = self.enc.const_value(v.expr, src)
                if c == 0:
                    return V(self.enc.lit(0, t), t, null=True)
                self.mem.note_conversion(VOID, t.target, loc, v.expr)
                return V(self.enc.convert(v.expr, src, t), t)
            if isinstance(src, PtrT):
                if not v.fresh and not v.null and not isinstance(t.target, FuncT) and \
                        not isinstance(src.target, FuncT):
                    self.mem.note_conversion(src.target, t.target, loc, v.expr)
                return V(v.expr, t, fresh=v.fresh, null=v.null)
            raise error("type", loc, f"conversion from {src} to {t}")
        if isinstance(t, StructT):
            raise error("type", loc, f"conversion from {src} to {t}")
        raise unsupported(loc, f"conversion from {src} to {t}")

    # ---------------------------------------------------------------- operators
    def ex_Cast(self, node, loc) -> V:
        t = self.pt.resolve_type(node.to_type)
        if isinstance(t, VoidT):
            self.effect(node.expr)
            return V(None, VOID)
        return self.convert(self.rvalue(node.expr), t, loc, explicit=True)

    def ex_UnaryOp(self, node, loc) -> V:
        op = node.op
        if op in ("p++", "p--", "++", "--"):
            return self.incdec(node, want_old=op.startswith("p"))
        if op == "&":
            if type(node.expr).__name__ == "ID":
                sym = self.pt.lookup(node.expr.name)
                if sym is not None and sym.kind == "func":
                    return self.function_address(node.expr.name, loc)
            if type(node.expr).__name__ == "UnaryOp" and node.expr.op == "*":
                p = self.rvalue(node.expr.expr)
                return p
            pl = self.lvalue(node.expr)
            if isinstance(pl, LVar):
                raise AssertionError(f"address of a register variable {pl.name}")
            if isinstance(pl, LBits):
                raise error("type", loc, "address of a bit-field")
            return V(pl.addr, PtrT(pl.type))
        if op == "*" and is_va_arg(node):
            return va_arg(self, node, loc)
        if op == "*":
            # the operand is evaluated once, by rvalue or by lvalue (`*p++`, `*--p`): its
            # type alone (a dry run) tells which
            pt = self.type_of(node.expr)
            if isinstance(pt, PtrT) and isinstance(pt.target, FuncT):
                return self.rvalue(node.expr)   # *fp designates the function: fp again
            return self.load(self.lvalue(node), loc)
        if op == "sizeof":
            return self.size_of_operand(node.expr, loc)
        if op == "_Alignof":
            with self.pt.no_vla_eval():       # the operand is not evaluated
                t = self.type_of(node.expr)
            return V(self.enc.lit(self.pt.types.alignof(t, loc), self.dm.SIZE_T),
                     self.dm.SIZE_T)
        if op == "!":
            return V(self.enc.of_bool(negate(self.cond(node.expr)), self.dm.INT), self.dm.INT)
        v = self.rvalue(node.expr)
        if not isinstance(v.type, IntT):
            if isinstance(v.type, FloatT):
                return self.float_unary(op, v, loc)
            raise error("type", loc, f"unary '{op}' on {v.type}")
        t = self.dm.promote(v.type)
        v = self.convert(v, t, loc)
        if op == "+":
            return v
        if op in ("-", "~"):
            return V(self.enc.unary(op, v.expr, t, self, loc, source=True), t)
        raise unsupported(loc, f"unary operator {op}")

    def size_of_operand(self, node, loc: Loc) -> V:
        """`sizeof` of an expression or a type name.  When its type is a variable-length
        array type the operand is evaluated (C11 6.5.3.4p2): a type name's size
        expressions here (type_of), an expression as an lvalue, and the size is read from
        the lengths its type was given where it was declared (vla.py)."""
        kind = type(node).__name__
        if kind == "Typename":
            with self.pt.no_vla_eval():
                t = self.type_of(node)
            if _unevaluated_length(t):          # `int[n]`, `int[4][n]`: evaluated now
                t = self.type_of(node)          # (`int (*)[n]` is not: C11 6.5.3.4p2)
            return size_of(self, t, loc)
        t = self.type_of(node)
        if is_variable(t):
            if kind not in ("ID", "ArrayRef", "UnaryOp", "StructRef"):
                raise unsupported(loc, f"sizeof of a {kind} of variable-length array type")
            t = self.lvalue(node).type          # evaluated, its type from the real run
        return size_of(self, t, loc)

    def type_of(self, node) -> CType:
        """The type of an expression or type name, without evaluating it (sizeof)."""
        if type(node).__name__ == "Typename":
            return self.pt.resolve_type(node)
        with self.dry_run():
            kind = type(node).__name__
            if kind in ("ID", "ArrayRef", "StructRef") or \
                    (kind == "UnaryOp" and node.op == "*"):
                if kind == "ID":
                    sym = self.pt.lookup(node.name)
                    if sym is not None and sym.kind in ("var", "mem"):
                        return sym.type
                return self.lvalue(node).type
            if kind == "Constant" and node.type == "string":
                return ArrayT(self.dm.CHAR, len(string_bytes(node.value)) + 1)
            return self.rvalue(node).type

    def incdec(self, node, want_old: bool) -> V:
        loc = self.loc(node)
        pl = self.lvalue(node.expr)
        old = self.load(pl, loc)
        if want_old:
            old = self.temp_of(old)
        one = V(self.enc.lit(1, self.dm.INT), self.dm.INT)
        op = "+" if "+" in node.op else "-"
        new = self.binop(op, old, one, loc)
        self.store(pl, self.convert(new, pl.type, loc), loc, self.show(node.expr, True))
        return old if want_old else self.load(pl, loc)

    def ex_BinaryOp(self, node, loc) -> V:
        if node.op in ("&&", "||"):
            return V(self.enc.of_bool(self.cond(node), self.dm.INT), self.dm.INT)
        # A left-associative chain (`a + b + ... + z`, as long as the input) is walked
        # along its left spine, not recursively; every CHAIN_TEMP operators the value so far
        # goes into a fresh local, so no Boogie expression nests deeper than that.
        spine = _left_spine(node, lambda n: n.op not in ("&&", "||"))
        locs = [self.loc(n) for n in spine]
        acc = self.rvalue(spine[-1].left)
        for k in range(len(spine) - 1, -1, -1):
            n = spine[k]
            # left to right: `x + g()` adds x as it was before g ran
            acc = self.read_now(acc, (n.right,))
            b = self.rvalue(n.right)
            if n.op in _REL:
                acc = V(self.enc.of_bool(self.relation(n.op, acc, b, locs[k]), self.dm.INT),
                        self.dm.INT)
            else:
                acc = self.binop(n.op, acc, b, locs[k])
            if k and k % CHAIN_TEMP == 0:
                acc = self.temp_of(acc)
        return acc

    def relation(self, op: str, a: V, b: V, loc: Loc) -> Expr:
        if isinstance(a.type, PtrT) or isinstance(b.type, PtrT):
            pt = a.type if isinstance(a.type, PtrT) else b.type
            a2 = V(a.expr, pt) if isinstance(a.type, PtrT) else self.convert(a, pt, loc)
            b2 = V(b.expr, pt) if isinstance(b.type, PtrT) else self.convert(b, pt, loc)
            return self.ptr_cmp(op, a2.expr, b2.expr)
        if not isinstance(a.type, IntT) or not isinstance(b.type, IntT):
            if isinstance(a.type, FloatT) or isinstance(b.type, FloatT):
                return self.float_relation(op, a, b, loc)
            raise error("type", loc, f"comparison of {a.type} and {b.type}")
        t = self.dm.usual(a.type, b.type)
        ea, eb = self.convert(a, t, loc).expr, self.convert(b, t, loc).expr
        ca, cb = self.enc.const_value(ea, t), self.enc.const_value(eb, t)
        if ca is not None and cb is not None:
            return BoolLit({"<": ca < cb, "<=": ca <= cb, ">": ca > cb, ">=": ca >= cb,
                            "==": ca == cb, "!=": ca != cb}[op])
        return self.enc.compare(op, ea, eb, t)

    def binop(self, op: str, a: V, b: V, loc: Loc) -> V:
        if op in ("+", "-") and isinstance(a.type, PtrT):
            if op == "-" and isinstance(b.type, PtrT):
                return self.pointer_diff(a, b, loc)
            return self.pointer_arith(op, a, b, loc)
        if op == "+" and isinstance(b.type, PtrT):
            return self.pointer_arith(op, b, a, loc)
        if not isinstance(a.type, IntT) or not isinstance(b.type, IntT):
            if isinstance(a.type, FloatT) or isinstance(b.type, FloatT):
                return self.float_binop(op, a, b, loc)
            raise error("type", loc, f"operator '{op}' on {a.type} and {b.type}")
        if op in ("<<", ">>"):
            t, bt = self.dm.promote(a.type), self.dm.promote(b.type)
            ea, eb = self.convert(a, t, loc).expr, self.convert(b, bt, loc).expr
            if not self.enc.is_bv and bt != t:
                eb = self.enc.convert(eb, bt, t) if bt.bits > t.bits else eb
            return V(self.enc.binary(op, ea, eb, t, self, loc, b_type=bt, source=True), t)
        t = self.dm.usual(a.type, b.type)
        ea, eb = self.convert(a, t, loc).expr, self.convert(b, t, loc).expr
        return V(self.enc.binary(op, ea, eb, t, self, loc, source=True), t)

    def pointer_diff(self, a: V, b: V, loc: Loc) -> V:
        dt = self.dm.PTRDIFF_T
        if is_variable(a.type.target):      # rows of a variable-length array (vla.py)
            size = self.convert(size_of(self, a.type.target, loc), dt, loc).expr
            if self.enc.is_bv:
                d = self.enc.binary("-", a.expr, b.expr, self.dm.UINTPTR, self, loc)
                d = self.convert(V(d, self.dm.UINTPTR), dt, loc)
                return V(self.enc.binary("/", d.expr, size, dt, self, loc), dt)
            return V(App(Op.DIV, (App(Op.SUB, (a.expr, b.expr)), size)), dt)
        require_known(a.type.target, "pointer subtraction", loc)
        size = self.pt.types.sizeof(a.type.target, loc)
        if self.enc.is_bv:
            d = self.enc.binary("-", a.expr, b.expr, self.dm.UINTPTR, self, loc)
            d = V(d, self.dm.UINTPTR)
            d = self.convert(d, dt, loc)
            if size == 1:
                return d
            return V(self.enc.binary("/", d.expr, self.enc.lit(size, dt), dt, self, loc), dt)
        d = App(Op.SUB, (a.expr, b.expr))
        if size != 1:
            d = App(Op.DIV, (d, IntLit(size)))
        return V(d, dt)

    def ex_Assignment(self, node, loc) -> V:
        return self.assignment(node, loc, want_value=True)

    def assignment(self, node, loc, want_value: bool) -> V:
        """`lvalue op= rvalue`; its value (read back from the lvalue) when `want_value`."""
        op = node.op
        pl = self.lvalue(node.lvalue)
        rv = self.rvalue(node.rvalue)
        show = self.show(node.lvalue, self.is_pure(node.rvalue))
        if op == "=":
            if isinstance(pl.type, StructT):
                self.store(pl, rv, loc, show)
                return self.load(pl, loc) if want_value else V(None, VOID)
            nv = self.convert(rv, pl.type, loc)
        else:
            old = self.load(pl, loc)
            nv = self.convert(self.binop(op[:-1], old, rv, loc), pl.type, loc)
        self.store(pl, nv, loc, show)
        return self.load(pl, loc) if want_value else V(None, VOID)

    def ex_TernaryOp(self, node, loc) -> V:
        c = self.cond(node.cond)
        if self.is_pure(node.iftrue) and self.is_pure(node.iffalse):
            a, b = self.rvalue(node.iftrue), self.rvalue(node.iffalse)
            t = self.common_type(a, b, loc)
            if isinstance(t, VoidT):
                return V(None, VOID)
            ea, eb = self.convert(a, t, loc).expr, self.convert(b, t, loc).expr
            if isinstance(c, BoolLit):
                return V(ea if c.value else eb, t)
            return V(Ite(c, ea, eb), t)
        then_l, else_l, join = (self.b.new_label(x) for x in ("ctrue", "cfalse", "cjoin"))
        with self.dry_run():
            ta, tb = self.rvalue(node.iftrue), self.rvalue(node.iffalse)
        t = self.common_type(ta, tb, loc)
        res = None if isinstance(t, VoidT) else self.fresh(
            self.enc.btype(t) if not isinstance(t, StructT) else self.ptr_type(), hint="c")
        self.b.goto([then_l, else_l], loc)
        for lab, cc, branch in ((then_l, c, node.iftrue), (else_l, negate(c), node.iffalse)):
            self.b.start(lab, loc)
            self.assume(cc, loc)
            v = self.rvalue(branch)
            if res is not None:
                self.emit(Assign((res,), (self.convert(v, t, loc).expr,), loc=loc))
            self.b.goto([join], loc)
        self.b.start(join, loc)
        return V(res, t)

    def common_type(self, a: V, b: V, loc: Loc) -> CType:
        if isinstance(a.type, VoidT) or isinstance(b.type, VoidT):
            return VOID
        if isinstance(a.type, IntT) and isinstance(b.type, IntT):
            return self.dm.usual(a.type, b.type)
        if isinstance(a.type, PtrT) and (b.null or isinstance(b.type, IntT)):
            return a.type
        if isinstance(b.type, PtrT) and (a.null or isinstance(a.type, IntT)):
            return b.type
        if isinstance(a.type, PtrT) and isinstance(b.type, PtrT):
            if isinstance(a.type.target, VoidT):
                return a.type
            return b.type if isinstance(b.type.target, VoidT) else a.type
        if isinstance(a.type, (IntT, FloatT)) and isinstance(b.type, (IntT, FloatT)):
            return self.float_usual(a, b, loc)
        if a.type == b.type:
            return a.type
        raise error("type", loc, f"conditional with {a.type} and {b.type}")

    def ex_ExprList(self, node, loc) -> V:
        for e in node.exprs[:-1]:
            self.effect(e)
        return self.rvalue(node.exprs[-1])

    def ex_Compound(self, node, loc) -> V:
        """GNU statement expression `({ ...; e; })`."""
        items = node.block_items or []
        with self.scope():
            for item in items[:-1]:
                self.statement(item)
            if items and type(items[-1]).__name__ in EXPR_KINDS:
                return self.temp_of(self.rvalue(items[-1]))
            if items:
                self.statement(items[-1])
        return V(None, VOID)

    def ex_ArrayRef(self, node, loc) -> V:
        return self.load(self.lvalue(node), loc)

    def ex_StructRef(self, node, loc) -> V:
        return self.load(self.lvalue(node), loc)

    def ex_CompoundLiteral(self, node, loc) -> V:
        return self.load(self.lvalue(node), loc)

    def ex_Typename(self, node, loc) -> V:
        raise error("type", loc, "type name used as a value")
