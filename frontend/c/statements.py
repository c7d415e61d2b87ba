"""C statements into Boogie blocks and gotos: the statement part of the function translator.

Role: `statement(node)` dispatches on the pycparser node to `st_<Kind>`: blocks and scopes,
`if`, the three loops (a head block, a body, a `cont` block for `continue`, an exit), `break`/
`continue`/`return`, labels and `goto`, and `switch` (a dispatch block per case label, then
the body with C's fall-through).  A controlling expression becomes a Boogie bool
(expressions.py `cond`); its two outcomes are `assume`d in their own blocks, so other jumps
into a branch target do not inherit them.  Declarations inside a function go to
declarations.py.
"""
from __future__ import annotations

from boogie import trace_attrs as ta
from boogie.ast import App, Assign, BoolLit, Expr, Loc, Op, Var
from boogie.errors import error

from .expressions import EXPR_KINDS, negate
from .trace_text import expr_text as c_text
from .symbols import Sym
from .typesys import IntT, StructT, VoidT, unsupported
from .values import V

TRUE = BoolLit(True)


class StatementsMixin:
    """Statements of one function (mixed into `function.FunctionTranslator`,
    whose state -- `self.b` the procedure builder, `self.pt` the program, the break/continue/
    case label stacks -- it uses)."""

    def statement(self, node) -> None:
        kind = type(node).__name__
        loc = self.loc(node)
        if kind == "Compound":
            with self.scope():
                for item in node.block_items or []:
                    self.statement(item)
            return
        self.b.statement(loc)
        handler = getattr(self, "st_" + kind, None)
        if handler is not None:
            handler(node, loc)
            return
        if kind in EXPR_KINDS:
            self.effect(node)
            return
        raise unsupported(loc, f"statement {kind}")

    def st_Decl(self, node, loc):
        self.local_decl(node)

    def st_DeclList(self, node, loc):
        for d in node.decls:
            self.local_decl(d)

    def st_Typedef(self, node, loc):
        self.pt.scopes[-1][node.name] = Sym("typedef", self.pt.resolve_type(node.type))

    def st_EmptyStatement(self, node, loc):
        pass

    def st_Pragma(self, node, loc):
        pass

    def st_StaticAssert(self, node, loc):
        pass

    def st_If(self, node, loc):
        c = self.cond(node.cond)
        text = c_text(node.cond)
        then_l, else_l, join = (self.b.new_label(x) for x in ("then", "else", "endif"))
        self.b.goto([then_l, else_l], loc)
        self.b.start(then_l, loc)
        self.assume(c, loc, (ta.branch("if", text, "true"),))
        if node.iftrue is not None:
            self.statement(node.iftrue)
        self.b.goto([join], loc)
        self.b.start(else_l, loc)
        self.assume(negate(c), loc, (ta.branch("if", text, "false"),))
        if node.iffalse is not None:
            self.statement(node.iffalse)
        self.b.goto([join], loc)
        self.b.start(join, loc)

    def branch(self, cond, true_l: str, false_l: str, loc: Loc, kind: str) -> None:
        """Evaluate a controlling expression and jump to true_l or false_l; the branch
        assumptions live in their own blocks, so other jumps into true_l/false_l (e.g.
        `break`) do not inherit them.  `kind`: the loop (while, for, do), for the trace."""
        c = self.cond(cond) if cond is not None else TRUE
        if isinstance(c, BoolLit):
            self.b.goto([true_l if c.value else false_l], loc)
            return
        text = c_text(cond)
        t_blk, f_blk = self.b.new_label("true"), self.b.new_label("false")
        self.b.goto([t_blk, f_blk], loc)
        self.b.start(t_blk, loc)
        self.assume(c, loc, (ta.branch(kind, text, "true"),))
        self.b.goto([true_l], loc)
        self.b.start(f_blk, loc)
        self.assume(negate(c), loc, (ta.branch(kind, text, "false"),))
        self.b.goto([false_l], loc)

    def loop(self, loc, cond, body, nxt=None, do_while=False, kind="while"):
        head, body_l, exit_l, cont = (self.b.new_label(x) for x in
                                      ("loop", "body", "endloop", "cont"))
        if do_while:
            self.b.start(body_l, loc)
        else:
            self.b.start(head, loc)
            self.branch(cond, body_l, exit_l, loc, kind)
            self.b.start(body_l, loc)
        self.breaks.append(exit_l)
        self.continues.append(cont)
        if body is not None:
            self.statement(body)
        self.breaks.pop()
        self.continues.pop()
        self.b.start(cont, loc)
        if nxt is not None:
            self.effect(nxt)
        if do_while:
            self.branch(cond, body_l, exit_l, loc, "do")
        else:
            self.b.goto([head], loc)
        self.b.start(exit_l, loc)

    def st_While(self, node, loc):
        self.loop(loc, node.cond, node.stmt)

    def st_DoWhile(self, node, loc):
        self.loop(loc, node.cond, node.stmt, do_while=True)

    def st_For(self, node, loc):
        with self.scope():
            if node.init is not None:
                if type(node.init).__name__ == "DeclList":
                    for d in node.init.decls:
                        self.local_decl(d)
                else:
                    self.effect(node.init)
            self.loop(loc, node.cond, node.stmt, nxt=node.next, kind="for")

    def st_Break(self, node, loc):
        if not self.breaks:
            raise error("type", loc, "break outside a loop or switch")
        self.b.goto([self.breaks[-1]], loc)

    def st_Continue(self, node, loc):
        if not self.continues:
            raise error("type", loc, "continue outside a loop")
        self.b.goto([self.continues[-1]], loc)

    def st_Return(self, node, loc):
        if node.expr is not None:
            v = self.rvalue(node.expr)
            if isinstance(self.ret_type, StructT):
                v = self.struct_copy(v, loc)
                # the copy is the caller's value: it outlives this frame (memory checks)
                self.stack_objects.pop(getattr(v.expr, "name", ""), None)
                self.emit(Assign((Var("$r"),), (v.expr,), loc=loc))
            elif not isinstance(self.ret_type, VoidT):
                v = self.convert(v, self.ret_type, loc)
                self.emit(Assign((Var("$r"),), (v.expr,), loc=loc))
        self.b.ret(loc)

    def label(self, name: str) -> str:
        if name not in self.labels:
            self.labels[name] = self.b.new_label("L." + name + ".")
        return self.labels[name]

    def st_Label(self, node, loc):
        self.b.start(self.label(node.name), loc)
        if node.stmt is not None:
            self.statement(node.stmt)

    def st_Goto(self, node, loc):
        if not isinstance(node.name, str):
            raise unsupported(loc, "computed goto")
        self.b.goto([self.label(node.name)], loc)

    def st_Switch(self, node, loc):
        v = self.rvalue(node.cond)
        if not isinstance(v.type, IntT):
            raise unsupported(loc, f"switch on {v.type}")
        t = self.dm.promote(v.type)
        v = self.temp_of(self.convert(v, t, loc))
        cases = _collect_cases(node.stmt)
        labels: dict[int, str] = {}
        dispatch: list[str] = []
        exit_l = self.b.new_label("endswitch")
        conds: list[tuple[str, Expr, object]] = []
        default_l = None
        for c in cases:
            lab = self.b.new_label("case")
            labels[id(c)] = lab
            if type(c).__name__ == "Default":
                default_l = lab
                continue
            conds.append((lab, self.case_cond(c.expr, v, t, loc), c))
        for _ in conds:
            d = self.b.new_label("match")
            dispatch.append(d)
        dflt = self.b.new_label("nomatch")
        self.b.goto(dispatch + [dflt], loc)
        text = c_text(node.cond)
        for (lab, cnd, c), d in zip(conds, dispatch):
            self.b.start(d, loc)
            self.assume(cnd, loc, (ta.branch("switch", text, f"case {c_text(c.expr)}"),))
            self.b.goto([lab], loc)
        self.b.start(dflt, loc)
        self.assume(TRUE, loc, (ta.branch("switch", text, "default" if default_l else
                                          "no case"),))
        for _, cnd, _ in conds:
            self.assume(negate(cnd), loc)
        self.b.goto([default_l or exit_l], loc)
        self.switch_cases.append(labels)
        self.breaks.append(exit_l)
        self.b.start(self.b.new_label("dead"), loc)
        self.b.goto([exit_l], loc)   # code before the first case is unreachable
        self.b.start(self.b.new_label("dead"), loc)
        self.statement(node.stmt)
        self.breaks.pop()
        self.switch_cases.pop()
        self.b.start(exit_l, loc)

    def case_cond(self, expr, v: V, t: IntT, loc: Loc) -> Expr:
        if type(expr).__name__ == "RangeExpression":
            lo, hi = self.pt.const_int(expr.first), self.pt.const_int(expr.last)
            if lo is None or hi is None:
                raise error("type", loc, "case range is not constant")
            return App(Op.AND, (self.enc.compare(">=", v.expr, self.enc.lit(lo, t), t),
                                self.enc.compare("<=", v.expr, self.enc.lit(hi, t), t)))
        c = self.pt.const_int(expr)
        if c is None:
            raise error("type", loc, "case label is not an integer constant")
        return App(Op.EQ, (v.expr, self.enc.lit(c, t)))

    def st_Case(self, node, loc):
        self.b.start(self.switch_cases[-1][id(node)], loc)
        for s in node.stmts or []:
            self.statement(s)

    def st_Default(self, node, loc):
        self.st_Case(node, loc)

    def st_FuncDef(self, node, loc):
        raise unsupported(loc, "nested function definition")


def _collect_cases(stmt) -> list:
    """The case/default labels of a switch body (not those of nested switches)."""
    out = []
    stack = [stmt]
    while stack:
        n = stack.pop()
        k = type(n).__name__
        if k in ("Case", "Default"):
            out.append(n)
        if k == "Switch":
            continue
        kids = [c for _, c in n.children()]
        stack.extend(reversed(kids))
    return out
