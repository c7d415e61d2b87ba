"""Memory split into regions by points-to class (issue 36): one set of maps per class.

Role: one Boogie-to-Boogie pass over the typed translation of a program (frontend/c/
translate.py, after byte_split.py and the type-safety check, before `assemble`).  The
C front end's heap is HAVOC's split by value class and field (`$M.i32`, `$M.ptr`,
`$M.node.next`, frontend/memory.py); points_to.py partitions the memory objects into
classes by a unification-based points-to analysis.  Here every heap access `$M.k[a]`
whose address `a` belongs to a class R other than UNKNOWN moves to a map of its own,
`$M.k$R<n>` (same type; where several classes use k), so that the objects of different
classes never share a map:
a write through a pointer of one class is, for the solver, obviously no write to
another (a format string literal and the buffer `snprintf` writes; a driver's device
extension and its request queue).  Accesses of the UNKNOWN class keep the map `$M.k`.
Inside a class HAVOC's maps stay the representation, as issue 36 asks.  On by default
(`CFrontendOptions.memory_regions`, `check --memory-regions/--no-memory-regions`); the
differential test (tests/test_region_split.py) runs C cases both ways.

Soundness: two accesses that may touch the same cell in a run of the C program use the
same map.
- points_to.py's argument: a pointer whose node is in class R != UNKNOWN points only
  into objects of R, and a pointer of UNKNOWN only into UNKNOWN's objects, so two
  accesses of one cell have addresses of one class, and the class of an access's address
  is looked up with the analysis' own rules (`val`) in the same procedure context.
  Every access is rewritten: initialisers of globals and string literals, the C models
  (loops over bytes), accesses in threads, requires/ensures and the trace's attributes.
- what the analysis has not seen gives no class: a look-up that would make a new node
  (`$alloc` read inside an address, a variable added after the analysis) raises
  `Unseen`, and the pass gives up and leaves the program as it was.  It gives up too
  on a heap map used whole other than by `havoc` (saved, restored, passed, a lambda
  update), on a quantifier over a heap map other than calloc's zero fact and realloc's
  copy fact, and on a parallel assignment to the heap.  Those two facts are about the
  fresh block at the lower bound `lo` of their guard `lo <= a && a < hi`: every cell
  they constrain is in that block, so of lo's class, and the bound `a` is given lo's
  node while they are rewritten (`heap_fact`).
- `havoc $M.k` (inline assembly, models) havocs every region of k.  Functions without a
  body (externs.py) havoc `$M.k` alone: their pointer arguments, what those reach and
  the globals whose address escapes are UNKNOWN's.
- the byte map of byte-level classes (`$M.bytes`, byte_split.py) is not split: its
  addresses are built by that pass (temporaries the analysis has not seen).
- memory-safety state (`$valid`, sizes) is per object and address, not per map.
"""
from __future__ import annotations

from dataclasses import replace

from boogie.ast import (Assign, Assume, Attr, Call, Expr, Havoc, MapSelect, ProcedureDecl,
                        Var, attr)
from boogie.visit import children, map_cmd_exprs, with_children
from frontend.c.byte_split import heap_fact_parts, rewrite_heap_reads
from frontend.c.points_to import Unseen

UNSPLIT = frozenset({"$M.bytes"})


class GiveUp(Exception):
    """Internal: this program keeps one map per value class."""


class _Regions:
    def __init__(self, mem, an):
        self.mem, self.an = mem, an
        self.heap = {m for m in mem.maps if m.startswith("$M.") and m not in UNSPLIT}
        self.unknown = an.g.find(an.unknown)
        self.names: dict[object, str] = {}        # class root -> "R<n>"
        self.parts: dict[str, set[str]] = {}      # map -> its region maps
        self.count = 0                            # accesses moved to a region map
        self.uses: dict[str, list] = {}           # map -> the class roots accessing it
        self.naming: dict | None = None           # (map, root) -> map name (2nd pass)

    def region_map(self, base: str, addr: Expr) -> str:
        try:
            n = self.an.val(addr)
        except Unseen:
            raise GiveUp("an address the analysis has not seen") from None
        r = self.an.g.find(n if n is not None else self.an.unknown)
        if self.naming is None:                   # the first pass: who uses which map
            self.uses.setdefault(base, []).append(r) if r not in self.uses.get(base, ()) \
                else None
            return base
        part = self.naming[(base, r)]
        if part != base:
            self.parts.setdefault(base, set()).add(part)
            self.count += 1
        return part

    def name_regions(self) -> None:
        """The second pass' names: a map one class uses keeps its name; of a map several
        classes use, UNKNOWN's accesses keep the name and every other class's get
        `$M.k$R<n>` (n: the class, numbered in the order first met)."""
        self.naming = {}
        for base, roots in self.uses.items():
            for r in roots:
                if len(roots) == 1 or r == self.unknown:
                    self.naming[(base, r)] = base
                else:
                    name = self.names.setdefault(r, f"R{len(self.names)}")
                    self.naming[(base, r)] = f"{base}${name}"

    def expr(self, e: Expr) -> Expr:
        """e with every heap read on its class's map."""
        return rewrite_heap_reads(
            e, self.heap, lambda x, idx: MapSelect(
                Var(self.region_map(x.map.name, x.indices[0])), idx), GiveUp)

    def heap_fact(self, c: Assume) -> Assume:
        """calloc's zero fact or realloc's copy fact (frontend/c/declarations.py):
        `assume {:heap_fact "M"} (forall a :: {M[a]} lo <= a && a < hi ==> ...)` about
        the fresh block at `lo`, whose cells are all of lo's class: the bound `a` takes
        lo's node while the body and triggers are rewritten, and the attribute names the
        map the trigger's cell ends on (prune.py drops facts over unused maps)."""
        q = c.expr
        parts = heap_fact_parts(q)
        if parts is None:
            raise GiveUp("a heap fact of another shape")
        name, lo = parts
        try:
            node = self.an.val(lo)
        except Unseen:
            raise GiveUp("an address the analysis has not seen") from None
        saved = dict(self.an.bound)
        self.an.bound[name] = node if node is not None else self.an.unknown
        try:
            body = self.expr(q.body)
            triggers = tuple(tuple(self.expr(t) for t in ts) for ts in q.triggers)
        finally:
            self.an.bound = saved
        cells = [t for ts in triggers for t in ts if isinstance(t, MapSelect)
                 and isinstance(t.map, Var)]
        new_q = replace(q, body=body, triggers=triggers)
        attrs = tuple(Attr(a.name, (cells[0].map.name,), loc=a.loc)
                      if a.name == "heap_fact" and cells else a for a in c.attrs)
        return replace(c, expr=new_q, attrs=attrs)

    def command(self, c):
        if isinstance(c, Assume) and attr(c.attrs, "heap_fact") is not None:
            return self.heap_fact(c)
        if isinstance(c, Havoc):
            return c            # regions added in `finish` (every map known by then)
        if isinstance(c, Assign):
            if len(c.lhs) != 1 and any(isinstance(l, MapSelect) for l in c.lhs):
                raise GiveUp("parallel assignment to the heap")
            lhs, rhs = [], []
            for l, r in zip(c.lhs, c.rhs):
                if isinstance(l, Var) and l.name in self.heap:
                    raise GiveUp("heap map assigned whole")
                if isinstance(l, MapSelect) and isinstance(l.map, Var) and \
                        l.map.name in self.heap:
                    idx = tuple(self.expr(i) for i in l.indices)
                    l = MapSelect(Var(self.region_map(l.map.name, l.indices[0])), idx)
                elif isinstance(l, MapSelect):
                    l = with_children(l, tuple(self.expr(k) if i else k
                                               for i, k in enumerate(children(l))))
                lhs.append(l)
                rhs.append(self.expr(r))
            return replace(c, lhs=tuple(lhs), rhs=tuple(rhs))
        if isinstance(c, Call) and set(c.outs) & self.heap:
            raise GiveUp("heap map as a call result")
        return map_cmd_exprs(c, self.expr)

    def attrs(self, c):
        attrs = getattr(c, "attrs", ())
        new = tuple(a if a.name == "heap_fact" else
                    Attr(a.name, tuple(self.expr(x) if isinstance(x, Expr) else x
                                       for x in a.args), loc=a.loc) for a in attrs)
        return replace(c, attrs=new) if new != attrs else c

    def procedure(self, p: ProcedureDecl) -> ProcedureDecl:
        self.an.proc = p.name
        self.an.local = {v.name for v in p.params + p.returns}
        if p.body is None:
            return p
        self.an.local |= {v.name for v in p.body.locals}
        blocks = []
        for b in p.body.blocks:
            blocks.append(replace(b, cmds=tuple(self.attrs(self.command(c)) for c in b.cmds)))
        reqs = tuple(replace(r, expr=self.expr(r.expr)) for r in p.requires)
        ens = tuple(replace(e, expr=self.expr(e.expr)) for e in p.ensures)
        return replace(p, body=replace(p.body, blocks=tuple(blocks)), requires=reqs,
                       ensures=ens)

    def finish(self, p: ProcedureDecl) -> ProcedureDecl:
        """Every `havoc $M.k` also havocs k's regions."""
        if p.body is None:
            return p

        def cmd(c):
            if isinstance(c, Havoc) and set(c.names) & set(self.parts):
                extra = tuple(sorted(q for n in c.names for q in self.parts.get(n, ())))
                return replace(c, names=c.names + extra)
            return c
        blocks = tuple(replace(b, cmds=tuple(cmd(c) for c in b.cmds)) for b in p.body.blocks)
        return replace(p, body=replace(p.body, blocks=blocks))


def split_regions(mem, an, procedures: list[ProcedureDecl]
                  ) -> tuple[list[ProcedureDecl], int, int] | None:
    """`procedures` with each heap access on the map of its address' points-to class
    (analysis `an`, points_to.py), the new maps declared in `mem`; with the number of
    accesses moved and of classes given maps.  None: the program as it was (see the
    module docstring for when)."""
    s = _Regions(mem, an)
    try:
        for p in procedures:
            s.procedure(p)
        s.name_regions()
        out = [s.procedure(p) for p in procedures]
    except GiveUp:
        return None
    out = [s.finish(p) for p in out]
    for base, parts in s.parts.items():
        for part in parts:
            mem.maps[part] = mem.maps[base]
            if base in mem.cell_types:
                mem.cell_types[part] = mem.cell_types[base]
    return out, s.count, len(s.names)


__all__ = ["split_regions"]
