"""LLVM control flow: the control part of the function translator.

Role: turns `br`, `switch`, `ret` and `unreachable` into Boogie transfers.  A conditional
branch or switch jumps to one edge block per successor, which assumes the edge's condition
(with the trace's branch note, trace_notes.py) and then makes the phi assignments of that
edge as one parallel assignment; `unreachable` is `assume false`.
"""
from __future__ import annotations

from boogie.ast import App, Assign, Assume, Attr, BoolLit, Expr, Goto, Loc, Op, Return, Var, BOOL

import frontend.llvm.memsafety as memsafety

from .ir import StructTy
from .names import unsupported
from .trace_notes import branch_notes, switch_notes


class ControlMixin:
    """Control flow of one function (mixed into `function.FunctionTranslator`)."""

    def phi_assigns(self, src: str, dst: str, loc: Loc) -> None:
        target = next(b for b in self.f.blocks if b.label == dst)
        lhs, rhs = [], []
        for ins in target.instrs:
            if ins.opcode != "phi":
                break
            vals = [v for v, lab in ins.incoming if lab == src]
            if not vals:
                raise unsupported(loc, f"phi %{ins.name} without a value for %{src}")
            lhs.append(self.result(ins, loc))
            rhs.append(self.val(vals[0], loc))
        if lhs:
            self.emit(Assign(tuple(lhs), tuple(rhs), loc=loc))

    def i_phi(self, ins, loc, block):
        pass                                   # assigned on the incoming edges

    def edge(self, src: str, dst: str, cond: Expr | None, loc: Loc, k: int,
             attrs: tuple[Attr, ...] = ()) -> str:
        """The block of the edge src -> dst: assume its condition (with the trace's
        `{:cbranch}`), then the phi assignments of dst for src."""
        label = f"{self.bb(src)}${k}"
        self.start(label)
        if cond is not None:
            self.emit(Assume(cond, attrs, loc=loc))
        self.phi_assigns(src, dst, loc)
        self.close(Goto((self.bb(dst),), loc=loc), loc)
        return label

    def i_br(self, ins, loc, block):
        if len(ins.labels) == 1:
            self.phi_assigns(block, ins.labels[0], loc)
            self.close(Goto((self.bb(ins.labels[0]),), loc=loc), loc)
            return
        c = self.val(ins.operands[0], loc)
        if not isinstance(c, Var) and not isinstance(c, BoolLit):
            t = self.fresh(BOOL, "c")
            self.emit(Assign((t,), (c,), loc=loc))
            c = t
        here = self.bb(block)
        self.close(Goto((f"{here}$1", f"{here}$2"), loc=loc), loc)
        n1, n2 = branch_notes(self, ins)
        self.edge(block, ins.labels[0], c, loc, 1, (n1,))
        self.edge(block, ins.labels[1], App(Op.NOT, (c,)), loc, 2, (n2,))
        self.label = None

    def i_switch(self, ins, loc, block):
        v_val = ins.operands[0]
        bits = self._int_bits(v_val.ty, loc, "switch")
        v = self.val(v_val, loc)
        if not isinstance(v, Var):
            t = self.fresh(self.enc.int_type(bits), "sw")
            self.emit(Assign((t,), (v,), loc=loc))
            v = t
        here = self.bb(block)
        targets, conds = [], []
        for k, (c, lab) in enumerate(ins.cases, 1):
            eq = App(Op.EQ, (v, self.enc.lit(c, bits)))
            conds.append(eq)
            targets.append((lab, eq))
        default = None
        for _, eq in targets:
            ne = App(Op.NOT, (eq,))
            default = ne if default is None else App(Op.AND, (default, ne))
        targets.append((ins.labels[0], default))
        self.close(Goto(tuple(f"{here}${k}" for k in range(1, len(targets) + 1)), loc=loc),
                   loc)
        for k, ((lab, cond), note) in enumerate(zip(targets, switch_notes(ins, bits)), 1):
            self.edge(block, lab, cond, loc, k, (note,))
        self.label = None

    def i_ret(self, ins, loc, block):
        if ins.operands and isinstance(ins.operands[0].ty, StructTy):
            v = ins.operands[0]
            vals = self.agg_vals(v, loc)
            self.emit(Assign(tuple(Var(f"$r#{i}") for i in range(len(vals))), tuple(vals),
                             loc=loc))
        elif ins.operands:
            v = ins.operands[0]
            self.btype(v.ty, loc)
            self.emit(Assign((Var("$r"),), (self.val(v, loc),), loc=loc))
        if self.mt.opts.checks.memory:
            memsafety.function_returns(self, loc)
        self.close(Return(loc=loc), loc)
        self.label = None

    def i_unreachable(self, ins, loc, block):
        self.emit(Assume(BoolLit(False), loc=loc))
        self.close(Return(loc=loc), loc)
        self.label = None
