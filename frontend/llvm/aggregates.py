"""LLVM first-class aggregates: the struct-value part of the function translator.

Role: a first-class struct value whose fields are scalars is a tuple of locals
`v$<name>#<i>` (results of *.with.overflow and cmpxchg, structs loaded, stored, returned and
passed back from calls, as clang does for small structs on x86-64); `extractvalue` and
`insertvalue` read and write its fields.
"""
from __future__ import annotations

from boogie.ast import Assign, BvLit, Expr, IntLit, Loc, Var

from .ir import Aggregate, IntTy, Local, PtrTy, StructTy, Ty, Undef, Value, ZeroInit
from .names import unsupported


class AggregatesMixin:
    """Aggregate values of one function (mixed into `function.FunctionTranslator`)."""

    def agg_fields(self, t: Ty, loc: Loc) -> list[tuple[int, Ty]]:
        if not isinstance(t, StructTy) or t.fields is None or \
                not all(isinstance(f, (IntTy, PtrTy)) for f in t.fields):
            raise unsupported(loc, f"aggregate value of type {t}")
        return list(zip(self.dl.field_offsets(t), t.fields))

    def agg_vars(self, name: str, t: Ty, loc: Loc) -> list[Var]:
        return [self.declare(f"{self.local_name(name)}#{i}", self.btype(ft, loc))
                for i, (_, ft) in enumerate(self.agg_fields(t, loc))]

    def agg_vals(self, v: Value, loc: Loc) -> list[Expr]:
        fields = self.agg_fields(v.ty, loc)
        if isinstance(v, Local):
            return list(self.agg_vars(v.name, self.types.get(v.name, v.ty), loc))
        if isinstance(v, Undef):
            return [self.arbitrary(ft, loc) for _, ft in fields]
        if isinstance(v, ZeroInit):
            return [self.enc.lit(0, ft.bits) if isinstance(ft, IntTy) else self.enc.ptr_lit(0)
                    for _, ft in fields]
        if isinstance(v, Aggregate):
            return [self.val(e, loc) for e in v.elems]
        raise unsupported(loc, f"aggregate operand {type(v).__name__}")

    def pin(self, p: Expr, loc: Loc) -> Expr:
        """p as a variable or literal (it is used several times)."""
        if isinstance(p, (Var, IntLit, BvLit)):
            return p
        t = self.fresh(self.enc.ptr_type(), "p")
        self.emit(Assign((t,), (p,), loc=loc))
        return t

    def i_extractvalue(self, ins, loc, block):
        a = ins.operands[0]
        if len(ins.indices) != 1:
            raise unsupported(loc, "extractvalue of a nested aggregate")
        vals = self.agg_vals(a, loc)
        self.assign(ins, vals[ins.indices[0]], loc)

    def i_insertvalue(self, ins, loc, block):
        a, b = ins.operands
        if len(ins.indices) != 1:
            raise unsupported(loc, "insertvalue into a nested aggregate")
        vals = self.agg_vals(a, loc)
        vals[ins.indices[0]] = self.val(b, loc)
        out = self.agg_vars(ins.name, ins.ty, loc)
        self.emit(Assign(tuple(out), tuple(vals), loc=loc))
