"""Memory split per points-to class (issue 36): byte-level classes read and write bytes.

Role: one Boogie-to-Boogie pass over the typed translation of a program (frontend/c/
translate.py, before `assemble`) for which frontend/c/points_to.py found byte-level
classes -- classes of memory objects whose cells are viewed at different types.  Every
heap access `$M.k[a]` (a read, or the target of `$M.k[a] := v`) whose address `a` belongs
to a byte-level class becomes the byte-level access of the scalar type map k holds
(frontend/memory.py `bytes_load`/`bytes_store`: little-endian, the same code the
whole-program byte-level model uses) on the one byte map `$M.bytes`; every other access
keeps its typed (HAVOC value-class or field) map.  On by default (`CFrontendOptions.
memory_split`, `check --memory-split`); `--no-memory-split` is the old model, in which one
byte-level class makes the whole program byte level (the differential test,
tests/test_byte_split.py, runs the cases of tests/data/c/split both ways).  memset/memcpy
through `void *` of a constant length are byte-store chains on typed memory too
(builtins.py `_byte_range`), so a class they view as bytes is byte level and its stores
land here.  Not done: the UNKNOWN class (objects reached from nondeterministic pointers
and bodiless functions) is still one class, so on a driver the IRP and the device
extension usually share it.

Soundness: an object of byte-level class R is only ever touched through `$M.bytes`.
- points_to.py's argument: a pointer whose node is in class R' != R never points into an
  object of R, and the address of every heap access has a node (none: UNKNOWN); the
  class of an access's address is looked up with the analysis' own rules (`val`), so
  every access into an object of R -- initialisers of globals, memset/memcpy models
  (C loops over bytes), accesses in threads -- is rewritten.
- a per-class type-safety check holds for every other class (points_to.py), so its
  objects are, as HAVOC requires, viewed at one value class per cell.
- the fresh-block facts (zeroed globals and calloc, realloc's copy; `heap_fact`) are
  about one block, of its lower bound's class: kept on a typed class, restated per byte
  of the block on a byte-level one (`_Split.heap_fact`).
- what this pass cannot classify exactly makes it give up, and the program falls back to
  whole-program byte level (exact): a heap map used whole other than by `havoc`
  (saved, restored, passed, a lambda update), another quantifier reading a heap map, an
  address that reads `$alloc`, a parallel assignment with a rewritten target.
- `havoc $M.k` (inline assembly, models) also havocs `$M.bytes`; extern functions
  (externs.py) havoc `$M.bytes` whenever UNKNOWN is a byte-level class and they reach
  any memory (their pointer arguments are in UNKNOWN).
- memory-safety state (`$valid`, sizes) is per object and address, not per map: the
  checks an access makes are the same in both representations.
"""
from __future__ import annotations

from dataclasses import replace

from boogie.ast import (App, Assign, Assume, Attr, BvLit, BvType, Call, CodeExpr, Expr,
                        FunCall, Havoc, INT, IntLit, MapSelect, MapType, Op, ProcedureDecl,
                        Quant, QuantKind, Var, VarDecl, attr)
from boogie.visit import children, free_vars, map_cmd_exprs, with_children

from frontend.c.points_to import Unseen
from frontend.c.typesys import PtrT, VOID

BYTES = "$M.bytes"
class GiveUp(Exception):
    """Internal: this program needs whole-program byte level."""


class _Split:
    def __init__(self, pt, an, bad_roots: set[int]):
        self.pt, self.an, self.mem = pt, an, pt.mem
        self.bad = bad_roots
        self.heap = {m for m in self.mem.maps if m.startswith("$M.")}
        self.count = 0
        self.temps: list[VarDecl] = []
        self.facts: set[Expr] = set()     # the byte facts of the current run of assumes

    def addr_add(self, addr: Expr, off: int) -> Expr:
        if off == 0:
            return addr
        enc = self.pt.enc
        if enc.is_bv:
            return enc.binary("+", addr, enc.lit(off, PtrT(VOID)), self.pt.dm.UINTPTR, None,
                              None)
        return App(Op.ADD, (addr, enc.lit(off, PtrT(VOID))))

    def byte_class(self, addr: Expr) -> bool:
        if "$alloc" in free_vars(addr):
            raise GiveUp("address reads $alloc")
        try:
            n = self.an.val(addr)
        except Unseen:
            raise GiveUp("an address the analysis has not seen") from None
        n = self.an.unknown if n is None else n
        return self.an.g.find(n) in self.bad

    def expr(self, e: Expr) -> Expr:
        """e with every heap read of a byte-level class turned into a byte read."""
        def read(x: MapSelect, idx: tuple) -> Expr:
            if self.byte_class(x.indices[0]):
                self.count += 1
                return self.mem.bytes_load(Var(BYTES), idx[0], self.mem.cell_types[x.map.name],
                                           self.pt.enc, self.addr_add)
            return MapSelect(x.map, idx)
        return rewrite_heap_reads(e, self.heap, read, GiveUp)

    def temp(self, e: Expr, ty) -> Expr:
        if BYTES not in free_vars(e):
            return e
        v = VarDecl(f"$split.t{len(self.temps)}", ty)
        self.temps.append(v)
        return Var(v.name)

    def heap_fact(self, c: Assume) -> Assume | None:
        """A fresh block's zero fact (calloc, a zeroed global) or copy fact (realloc),
        `assume {:heap_fact "M"} (forall a :: {M[a]} lo <= a && a < hi ==> M[a] == e)`
        (frontend/c/declarations.py): about cells of lo's class alone.  A typed class keeps
        it on M (its body's reads rewritten with `a` of lo's class); in a byte-level class
        it becomes the same fact on every byte of the block -- `$M.bytes[a] == 0`, or
        `$M.bytes[a] == $M.bytes[src + (a - lo)]` when the source block is byte level
        too -- which is exact: a typed zero (copy) at every address of the block is a
        zero (copy) at every byte of it, and no byte outside [lo, hi) is constrained.
        None: the procedure already assumes that byte fact."""
        parts = heap_fact_parts(c.expr)
        if parts is None:
            raise GiveUp("a heap fact of another shape")
        name, lo = parts
        q = c.expr
        node = self._node(lo)
        saved = dict(self.an.bound)
        self.an.bound[name] = node
        try:
            if self.an.g.find(node) not in self.bad:
                body = self.expr(q.body)
                triggers = tuple(tuple(self.expr(t) for t in ts) for ts in q.triggers)
                return replace(c, expr=replace(q, body=body, triggers=triggers))
            guard, fact = q.body.args
            if not (isinstance(fact, App) and fact.op is Op.EQ and
                    isinstance(fact.args[0], MapSelect) and fact.args[0].indices ==
                    (Var(name),) and isinstance(fact.args[0].map, Var) and
                    fact.args[0].map.name in self.heap):
                raise GiveUp("a heap fact of another shape")
            cell = MapSelect(Var(BYTES), (Var(name),))
            other = fact.args[1]
            if isinstance(other, (BvLit, IntLit)) and other.value == 0:
                value = BvLit(0, 8) if self.pt.enc.is_bv else IntLit(0)
            elif isinstance(other, MapSelect) and isinstance(other.map, Var) and \
                    other.map.name in self.heap and \
                    self.an.g.find(self._node(other.indices[0])) in self.bad:
                value = MapSelect(Var(BYTES), other.indices)
            else:
                raise GiveUp("a heap fact across a byte-level and a typed class")
            body = App(Op.IMP, (guard, App(Op.EQ, (cell, value))))
            new_q = replace(q, body=body, triggers=((cell,),))
            if new_q in self.facts:
                # the fact just assumed, from the block's fact about another of its maps
                # (a struct has a map per field), in the same state (`facts` holds the
                # run of heap facts since the last other command): said once on the
                # bytes (a zeroed 32 KB array of structs in SV-COMP's pcc-cpufreq task
                # gave 1,318 copies)
                return None
            self.facts.add(new_q)
            self.count += 1
            attrs = tuple(Attr(a.name, (BYTES,), loc=a.loc) if a.name == "heap_fact" else a
                          for a in c.attrs)
            return replace(c, expr=new_q, attrs=attrs)
        finally:
            self.an.bound = saved

    def _node(self, e: Expr) -> int:
        try:
            n = self.an.val(e)
        except Unseen:
            raise GiveUp("an address the analysis has not seen") from None
        return self.an.unknown if n is None else n

    def command(self, c) -> list:
        if isinstance(c, Assume) and attr(c.attrs, "heap_fact") is not None:
            fact = self.heap_fact(c)
            return [] if fact is None else [fact]
        self.facts = set()          # (a later fact is about a later state)
        if isinstance(c, Havoc):
            if set(c.names) & self.heap and BYTES not in c.names:
                return [replace(c, names=c.names + (BYTES,))]
            return [c]
        if isinstance(c, Assign):
            out = []
            lhs, rhs = [], []
            for l, r in zip(c.lhs, c.rhs):
                if isinstance(l, MapSelect) and isinstance(l.map, Var) and \
                        l.map.name in self.heap and self.byte_class(l.indices[0]):
                    if len(c.lhs) != 1:
                        raise GiveUp("parallel assignment to the heap")
                    self.count += 1
                    t = self.mem.cell_types[l.map.name]
                    a, v = self.expr(l.indices[0]), self.expr(r)
                    ptr_t = self.mem.maps[BYTES].domain[0]
                    val_t = self.mem.maps[l.map.name].range
                    ta, tv = self.temp(a, ptr_t), self.temp(v, val_t)
                    if ta is not a or tv is not v:
                        pre = [(x, y) for x, y in ((ta, a), (tv, v)) if x is not y]
                        out.append(Assign(tuple(x for x, _ in pre), tuple(y for _, y in pre),
                                          loc=c.loc))
                    stores = self.mem.bytes_store(Var(BYTES), ta, t, tv, self.pt.enc,
                                                  self.addr_add)
                    for i, (cl, cv) in enumerate(stores):     # the trace's step: once
                        out.append(Assign((cl,), (cv,), attrs=c.attrs if i == 0 else (),
                                          loc=c.loc))
                    return out
                if isinstance(l, Var) and l.name in self.heap:
                    raise GiveUp("heap map assigned whole")
                if isinstance(l, MapSelect):
                    l = with_children(l, tuple(self.expr(k) if i else k
                                               for i, k in enumerate(children(l))))
                lhs.append(l)
                rhs.append(self.expr(r))
            return [replace(c, lhs=tuple(lhs), rhs=tuple(rhs))]
        if isinstance(c, Call) and set(c.outs) & self.heap:
            raise GiveUp("heap map as a call result")
        new = map_cmd_exprs(c, self.expr)
        attrs = tuple(Attr(a.name, (BYTES,)) if a.name == "heap_fact" else a
                      for a in getattr(new, "attrs", ()))
        return [replace(new, attrs=attrs) if attrs != getattr(new, "attrs", ()) else new]

    def attrs(self, c):
        """c with the expressions of its attributes (trace display) rewritten too."""
        attrs = getattr(c, "attrs", ())
        new = tuple(Attr(a.name, tuple(self.expr(x) if isinstance(x, Expr) else x
                                       for x in a.args), loc=a.loc) for a in attrs)
        return replace(c, attrs=new) if new != attrs else c

    def procedure(self, p: ProcedureDecl) -> ProcedureDecl:
        self.an.proc = p.name
        self.an.local = {v.name for v in p.params + p.returns}
        if p.body is None:
            return p
        self.an.local |= {v.name for v in p.body.locals}
        self.temps = []
        blocks = []
        for b in p.body.blocks:
            self.facts = set()
            cmds = []
            for c in b.cmds:
                cmds += [self.attrs(x) for x in self.command(c)]
            blocks.append(replace(b, cmds=tuple(cmds)))
        reqs = tuple(replace(r, expr=self.expr(r.expr)) for r in p.requires)
        ens = tuple(replace(e, expr=self.expr(e.expr)) for e in p.ensures)
        body = replace(p.body, locals=p.body.locals + tuple(self.temps), blocks=tuple(blocks))
        return replace(p, body=body, requires=reqs, ensures=ens)


def heap_fact_parts(q: Expr) -> tuple[str, Expr] | None:
    """(the bound variable, the block's lower bound `lo`) of a heap fact
    `forall a :: lo <= a && a < hi ==> ...` (frontend/c/declarations.py), None for
    another shape.  (byte_split.py and region_split.py.)"""
    if not (isinstance(q, Quant) and q.kind is QuantKind.FORALL and len(q.bound) == 1
            and isinstance(q.body, App) and q.body.op is Op.IMP
            and isinstance(q.body.args[0], App) and q.body.args[0].op is Op.AND):
        return None
    name = q.bound[0].name
    lo = q.body.args[0].args[0]
    if not (isinstance(lo, (App, FunCall)) and len(lo.args) == 2 and
            lo.args[1] == Var(name)):
        return None
    return name, lo.args[0]


def rewrite_heap_reads(e: Expr, heap: set[str], read, give_up) -> Expr:
    """e with each read `M[i, ...]` of a heap map M in `heap` replaced by `read(read's
    expression, its rewritten indices)`; a heap map used otherwise (whole, or under a
    quantifier) raises `give_up(why)`.  (byte_split.py and region_split.py.)"""
    memo: dict = {}
    stack = [(e, False)]
    while stack:
        x, done = stack.pop()
        if x in memo:
            continue
        if isinstance(x, (Quant, CodeExpr)):
            if free_vars(x) & heap:
                raise give_up("quantifier over the heap")
            memo[x] = x
            continue
        kids = children(x)
        heap_read = isinstance(x, MapSelect) and isinstance(x.map, Var) and \
            x.map.name in heap
        if not done:
            stack.append((x, True))
            stack.extend((k, False) for k in (x.indices if heap_read else kids)
                         if k not in memo)
            continue
        if isinstance(x, Var) and x.name in heap:
            raise give_up(f"heap map {x.name} used whole")
        if heap_read:
            memo[x] = read(x, tuple(memo[i] for i in x.indices))
            continue
        new = tuple(memo[k] for k in kids)
        memo[x] = x if new == kids else with_children(x, new)
    return memo[e]


def split_bytes(pt, an, bad_roots: set[int], procedures: list[ProcedureDecl]
                ) -> tuple[list[ProcedureDecl], int] | None:
    """`procedures` with the accesses of the byte-level classes (roots `bad_roots` of
    analysis `an`) on `$M.bytes`, and the number of accesses rewritten; None when the
    program needs whole-program byte level (see the module docstring)."""
    mem = pt.mem
    ptr_bits = pt.dm.ptr_bits
    mem.maps.setdefault(BYTES, MapType((BvType(ptr_bits),), BvType(8)) if pt.enc.is_bv
                        else MapType((INT,), INT))
    s = _Split(pt, an, bad_roots)
    try:
        out = [s.procedure(p) for p in procedures]
    except GiveUp:
        del mem.maps[BYTES]
        return None
    return out, s.count


__all__ = ["BYTES", "heap_fact_parts", "rewrite_heap_reads", "split_bytes"]
