"""Calls: the call forms of the function translator.

Role: a call expression goes to builtins.py (`call`), which picks the callee's model
(harness, library, external) or comes back here: `call_user` (a defined function: `call
r := f(args)`), `call_indirect` (a call through a pointer: a case split over the functions
whose address is taken and whose type matches; any other target ends the path, marked
`{:invalid_call}`), `function_address`, and `nondet` (a fresh value of a C type, in range).
"""
from __future__ import annotations

from boogie.ast import App, Assign, Attr, BoolLit, Call, Havoc, IntLit, Loc, Op

from .builtins import call, evaluate_args, library_call_values
from .libraries import library_for, link
from .symbols import FuncInfo
from .threads import take_async
from .varargs import pass_varargs
from .typesys import VOID, CType, FloatT, FuncT, IntT, PtrT, StructT, VoidT, unsupported
from .values import V


class CallsMixin:
    """Calls (mixed into `function.FunctionTranslator`)."""

    def ex_FuncCall(self, node, loc) -> V:
        return call(self, node, loc)

    def nondet(self, t: CType, loc: Loc, what: str) -> V:
        if isinstance(t, FloatT):
            return self.float_nondet(t, loc, what)
        if isinstance(t, VoidT):
            return V(None, VOID)
        if isinstance(t, StructT):
            raise unsupported(loc, f"struct-valued function {what}")
        v = self.b.fresh(self.enc.btype(t), "nd", loc)
        self.emit(Havoc((v.name,), attrs=(Attr("nondet", (f"{t} from {what}",)),), loc=loc))
        rng = self.enc.in_range(v, t)
        if rng is not None:
            self.assume(rng, loc)
        if isinstance(t, IntT) and t.name == "_Bool":
            self.assume(App(Op.LE, (v, IntLit(1))) if not self.enc.is_bv else
                        self.enc.compare("<=", v, self.enc.lit(1, t), t), loc)
        return V(v, t)

    def call_user(self, info: FuncInfo, args: list[V], loc: Loc) -> V:
        ft = info.type
        if info.c_name == self.pt.opts.entry and info.node is not None:
            raise unsupported(loc, f"call to the entry function '{info.name}'")
        outs: tuple[str, ...] = ()
        res = V(None, VOID)
        if not isinstance(ft.ret, VoidT):
            r = self.fresh(self.value_btype(ft.ret), hint="r")
            outs = (r.name,)
            res = V(r, ft.ret)
        self.emit(Call(info.name, tuple(a.expr for a in args), outs, is_async=take_async(self),
                       loc=loc))
        return res

    def function_address(self, name: str, loc: Loc) -> V:
        info = self.pt.functions[name]
        addr = self.pt.func_addrs.get(name)
        if addr is None:
            # the pre-scan found every function used as a value; this one escaped it
            raise unsupported(loc, f"address of function '{name}' taken in an unusual way")
        return V(self.enc.lit(addr, PtrT(info.type)), PtrT(info.type))

    def call_indirect(self, fv: V, args, loc: Loc) -> V:
        """A call through a function pointer: a case split over the functions whose address
        is taken and whose type matches (calling anything else is undefined: the path
        ends)."""
        fty = fv.type.target
        fp = self.temp_of(fv)
        vals = evaluate_args(self, fty, args, loc)
        cands = [self.pt.functions[n] for n in sorted(self.pt.func_addrs)
                 if _compatible_call(self.pt.functions[n].type, fty, len(vals))]
        res = None
        if not isinstance(fty.ret, VoidT):
            if isinstance(fty.ret, StructT):
                raise unsupported(loc, "indirect call returning a struct")
            res = self.fresh(self.enc.btype(fty.ret), hint="fr")
        join, none = self.b.new_label("fjoin"), self.b.new_label("fnone")
        labels = [self.b.new_label("fcall") for _ in cands]
        self.b.goto(labels + [none], loc)
        for lab, info in zip(labels, cands):
            self.b.start(lab, loc)
            self.assume(App(Op.EQ, (fp.expr, self.enc.lit(self.pt.func_addrs[info.c_name],
                                                           fv.type))), loc)
            cvals = [self.convert(v, t, loc) for v, t in zip(vals, info.type.params)]
            if not info.type.variadic:
                cvals += vals[len(info.type.params):]
            elif info.varargs:
                cvals.append(pass_varargs(self, vals[len(info.type.params):], loc))
            if info.node is not None:
                r = self.call_user(info, cvals, loc)
            elif info.c_name == "free":
                r = V(None, VOID)
            elif (lib := library_for(self.pt, info.c_name)) is not None and \
                    not info.type.variadic:
                # a model library's definition (e.g. fgets passed as a reader callback)
                r = library_call_values(self, link(self.pt, info.c_name, lib[0], loc),
                                        cvals, loc)
            else:               # no body: the sound default (externs.py)
                r = self.pt.externs.call_values(self, info, info.c_name, info.type, cvals,
                                                [v.type for v in vals], info.const_params,
                                                loc)
            if res is not None:
                self.emit(Assign((res,), (self.convert(r, fty.ret, loc).expr,), loc=loc))
            self.b.goto([join], loc)
        self.b.start(none, loc)
        for info in cands:
            self.assume(App(Op.NEQ, (fp.expr, self.enc.lit(self.pt.func_addrs[info.c_name],
                                                            fv.type))), loc)
        self.assume(BoolLit(False), loc, (Attr("invalid_call", ()),))
        self.b.goto([join], loc)
        self.b.start(join, loc)
        return V(res, fty.ret) if res is not None else V(None, VOID)


def _compatible_call(target: FuncT, pointer: FuncT, nargs: int) -> bool:
    """Could a call through a pointer of type `pointer` with nargs arguments reach `target`?
    (Same number of parameters -- or an unprototyped side -- and both void or both not.)"""
    if isinstance(target.ret, VoidT) != isinstance(pointer.ret, VoidT):
        return False
    if target.variadic:
        return nargs >= len(target.params)
    if target.has_proto:
        return len(target.params) == nargs
    return True
