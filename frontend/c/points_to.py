"""Points-to classes of the C front end's memory (issue 36): which memory a pointer may reach.

Role: one pass over the typed translation of a program (the Boogie procedures the C front
end produced with its type-split heap, before `Memory.validate`) that partitions memory
objects into classes by a unification-based (Steensgaard-style) points-to analysis, and
then checks the HAVOC type-safety condition of frontend/memory.py class by class, so that
one untyped `void *` flow (a driver's `DeviceExtension` reached through `PVOID`, a
`void **` pun, a union with members of different layouts) condemns only the class it
happens in, not the whole program.  The idea follows SMACK's use of DSA (memory regions,
`--mem-mod`) and SeaHorn's SeaDsa (Gurfinkel & Navas, "A Context-Sensitive Memory Model
for Verification of C/C++ Programs", SAS 2017): a pointer of class R only ever points into
objects of class R, so the memory of each class can have maps of its own.  Here the
analysis is context-insensitive and field-insensitive (a first cut).

Why the Boogie level: in the translation every C pointer value is an integer expression
over Boogie variables, every memory access is `$M.<map>[address]` (frontend/memory.py), an
allocation reads the bump counter `$alloc`, and the address of a global object, string
literal or function is an integer literal inside that object's range
(`ProgramTranslator.objects`, `strings`, `func_addrs`).  So the analysis reads one small
IR instead of every C construct: casts, `void *` slots, struct fields, parameters,
returns, pointer arithmetic and integer/pointer casts are all already assignments,
arithmetic and calls there.

The analysis.  Every Boogie variable (a global, or a local/parameter/result of one
procedure) and every memory object (a global object, string literal or function address,
an allocation site -- a read of `$alloc`) has a node; a node's root stands for a set of
objects (its class) and has one *content* node: the class of the pointers stored in the
cells of those objects.  An expression's node is found by:
- a variable: its node; a literal inside a global object: that object's node, another
  literal: none (an integer, or null);
- `+`, `-`, bit operations, encoding functions (not those with a Boolean result: the
  comparisons of the bv encoding), `if then else`: the operands' nodes
  unified (an operand scaled by a literal, `i * 4` in `p + i * 4`, is an index, not a
  base: it is not unified -- a C pointer is never scaled);
- `$M.k[a]`: the content node of a's node (a memory read); comparisons: none.
An assignment unifies its two sides (`$M.k[a] := v`: the content of a's node with v);
a call unifies arguments with parameters and results with the callee's; unification
of two nodes unifies their contents (Steensgaard's rule).

Soundness (the class of an address expression holds every object that address may point
into, in a run of the C program):
- every flow of an integer value in the translation is an assignment, a call/return, a
  memory store/load or an operator, and each of them unifies the nodes involved, so the
  node of a value that was computed from the address of object O is O's class;
- what the analysis cannot follow is joined into one class, UNKNOWN, whose content is
  itself (objects reachable from exposed ones are exposed): arguments of calls of
  procedures without a body (extern functions, whose effects externs.py models by
  havoc: their pointers escape), results of those calls and havocked values (`havoc x`:
  a nondeterministic value, an inline assembly output, an extern's result) once used as
  an address, addresses that are literals outside every object (`(int *)0x1000`), code
  expressions, globals whose address escapes (externs.py: a body-less function may
  reach them -- when the program calls one), the inputs of an inline assembly statement
  with outputs (an output may be an input: `pt.asm_inputs`), and memory accessed
  through any of these.
  A C program can only turn an integer that did not come from a pointer into a valid
  pointer by such a route, so a pointer of class R != UNKNOWN points only into objects
  of R.
- a heap map used whole (havocked by an extern's model, saved and restored, a lambda
  update) keeps each cell at its own address: no flow between objects, except what a
  lambda's body reads (its index unifies with the addresses it reads).
- maps other than the heap's `$M.*` (allocation sizes, memory-safety state, the
  variable-argument block) are one object each: a value read from them is the content
  of that one node, field- and index-insensitively.
- threads (`async call`) are calls; every thread sees the same classes.

What is checked per class: the pointer conversions and union accesses the translator
recorded (`Memory.note_conversion`/`note_union`, each with the Boogie expression of the
converted pointer) are grouped by the class of that expression; a class whose own
conversions/unions fail frontend/memory.py's type-safety check is a *byte-level class*,
named with the location that forced it.  A conversion or union whose pointer has no node
belongs to UNKNOWN.

The classes drive the translation: byte_split.py puts the byte-level classes alone on
the byte map (`--memory-split`, the default; `--no-memory-split`: one byte-level class makes
the whole program byte level).  The classes and the byte-level classes are reported
(`--stats`, `--json`: `memory_classes`, `byte_level_classes`; the entry attribute
`byte_level_class`).  Not done (issue 36): UNKNOWN is one class for every
nondeterministic pointer source and body-less function, so on a driver it holds the IRP
and the device extension together.
"""
from __future__ import annotations

import bisect
from dataclasses import dataclass, field

from boogie.ast import (App, Assign, BoolType, BvLit, Call, CodeExpr, Expr, Extract, FunCall, Havoc,
                        Ite, IntLit, MapSelect, MapStore, Op, Old, ProcedureDecl, Quant,
                        QuantKind, Var)
from boogie.visit import free_vars
from frontend.unification import Unification

_NO_FLOW = frozenset({Op.NOT, Op.IFF, Op.IMP, Op.EXPLIES, Op.OR, Op.AND, Op.EQ, Op.NEQ,
                      Op.LT, Op.LE, Op.GT, Op.GE, Op.SUBTYPE})


@dataclass(frozen=True, slots=True)
class ByteLevelClass:
    """A class whose cells are viewed at different types: its name, the representative
    objects it holds, and where and why (frontend/memory.py's message)."""
    name: str
    objects: tuple[str, ...]
    where: str
    what: str


@dataclass(frozen=True, slots=True)
class MemoryClasses:
    """The outcome: how many classes of memory the program accesses, and the byte-level
    ones."""
    count: int
    byte_level: tuple[ByteLevelClass, ...]
    # for frontend/c/byte_split.py: the byte-level classes' roots in the analysis' graph
    roots: frozenset = frozenset()
    analysis: object = field(default=None, compare=False, repr=False)


class Unseen(Exception):
    """A look-up after the analysis met what the analysis has not seen (a new node)."""


class _Graph(Unification):
    """The points-to graph, with the roots holding a nondeterministic value, the roots
    holding an object, and the object nodes' names."""

    def __init__(self):
        super().__init__()
        self.havoc: set = set()            # roots holding a nondeterministic value
        self.label: dict = {}              # object nodes: the object's name
        self.objects: set = set()          # roots whose class holds an object
        self.frozen = False                # the analysis is done: look-ups only

    def fresh(self):
        if self.frozen:
            raise Unseen("a node the analysis has not made")
        return super().fresh()

    def union(self, a, b):
        if self.frozen and self.find(a) != self.find(b):
            raise Unseen("a flow the analysis has not seen")
        return super().union(a, b)

    def mark_object(self, n, name: str) -> None:
        self.label[n] = name
        self.objects.add(self.find(n))

    def on_merge(self, kept, gone) -> None:
        if gone in self.havoc:
            self.havoc.add(kept)
        if gone in self.objects:
            self.objects.add(kept)


class _Analysis:
    def __init__(self, heap_maps: set[str], objects: list[tuple[int, int, str]],
                 bodies: dict[str, ProcedureDecl], predicates: frozenset[str] = frozenset()):
        self.g = _Graph()
        self.predicates = predicates       # functions with a Boolean result (comparisons)
        self.heap = heap_maps
        self.bodies = bodies
        self.nodes: dict[tuple[str, str], int] = {}
        self.objects = sorted(objects)
        self.starts = [a for a, _, _ in self.objects]
        self.object_nodes: dict[int, int] = {}
        self.unknown = self.g.fresh()
        self.g.mark_object(self.unknown, "?")
        self.g.union(self.g.content_of(self.unknown), self.unknown)
        self.addresses: list[int] = []     # nodes used as heap addresses
        # (heap map, address node) of every read and write of one cell; the maps also
        # accessed where no class says which (used whole other than by `havoc`, or at an
        # address made from a quantifier's bound variable): `accessed_classes`
        self.accesses: list[tuple[str, int]] = []
        self.anywhere: set[str] = set()
        self.proc = ""
        self.local: set[str] = set()
        self.bound: dict[str, int] = {}
        self.extern_calls = False          # a procedure without a body is called
        # pointer arithmetic `p + i` / `p - i` as the translator made it (its set
        # `ptr_sums` of (procedure, expression)): the sum is p's node; (p's node, i's
        # node) pairs for `resolve`
        self.ptr_sums: frozenset = frozenset()
        self.offsets: list[tuple[int, int]] = []

    # ----------------------------------------------------------- nodes
    def var(self, name: str, proc: str | None = None) -> int:
        if proc is None:
            proc = self.proc if name in self.local else ""
        key = (proc, name)
        n = self.nodes.get(key)
        if n is None:
            n = self.nodes[key] = self.g.fresh()
        return n

    def literal(self, value: int) -> int | None:
        i = bisect.bisect_right(self.starts, value) - 1
        if i < 0:
            return None
        start, size, name = self.objects[i]
        if value >= start + max(size, 1):
            return None
        n = self.object_nodes.get(start)
        if n is None:
            n = self.object_nodes[start] = self.g.fresh()
            self.g.mark_object(n, name)
        return n

    def join(self, nodes) -> int | None:
        out = None
        for n in nodes:
            if n is not None:
                out = n if out is None else self.g.union(out, n)
        return out

    def address(self, idx: Expr, heap_map: str) -> int:
        a = self.val(idx)
        if a is None:
            a = self.unknown
        self.addresses.append(a)
        if self.bound and free_vars(idx) & self.bound.keys():
            self.anywhere.add(heap_map)
        else:
            self.accesses.append((heap_map, a))
        return a

    # ----------------------------------------------------------- expressions
    def val(self, e: Expr | None) -> int | None:
        if e is None:
            return None
        if isinstance(e, Var):
            if e.name in self.bound:
                return self.bound[e.name]
            if e.name in self.heap:
                self.whole_map(e.name)
                return None
            if e.name == "$alloc":          # an allocation site: an object of its own
                return self.g.fresh()
            return self.var(e.name)
        if isinstance(e, (IntLit, BvLit)):
            return self.literal(e.value)
        if (self.proc, e) in self.ptr_sums:
            return self.pointer_sum(e)
        if isinstance(e, App):
            if e.op in _NO_FLOW:
                for a in e.args:
                    self.val(a)
                return None
            nodes = []
            for a in e.args:
                n = self.val(a)
                if e.op in (Op.ADD, Op.SUB) and _scaled(a):
                    continue
                nodes.append(n)
            return self.join(nodes)
        if isinstance(e, FunCall):
            nodes = [self.val(a) for a in e.args]
            return None if e.func in self.predicates else self.join(nodes)
        if isinstance(e, Extract):
            return self.val(e.expr)
        if isinstance(e, Old):
            return self.val(e.expr)
        if isinstance(e, Ite):
            self.val(e.cond)
            return self.join([self.val(e.then), self.val(e.else_)])
        if isinstance(e, MapSelect):
            if isinstance(e.map, Var) and e.map.name in self.heap:
                return self.g.content_of(self.address(e.indices[0], e.map.name))
            m = self.map_node(e.map)
            for i in e.indices:
                self.val(i)
            return self.g.content_of(m)
        if isinstance(e, MapStore):
            self.store(e.map, e.indices, e.value)
            return None
        if isinstance(e, Quant):
            saved = dict(self.bound)
            for b in e.bound:
                self.bound[b.name] = self.g.fresh()
            body = self.val(e.body)
            if e.kind is QuantKind.LAMBDA and body is not None:
                # a map built by a lambda: its cell at index x holds the body
                self.g.union(self.g.content_of(self.bound[e.bound[0].name]), body)
            self.bound = saved
            return None
        if isinstance(e, CodeExpr):
            return self.unknown
        return None

    def pointer_sum(self, e: Expr) -> int | None:
        """`p + i` or `p - i` (C pointer arithmetic, i an integer; `FunCall` in the bv
        encoding): p's node.  The offset's node is joined later only if it holds objects
        (`resolve`)."""
        if len(e.args) != 2:
            return self.join([self.val(a) for a in e.args])
        base, off = e.args
        b, o = self.val(base), self.val(off)
        if b is None:                   # (T *)0 + i: a pointer made from an integer
            return o
        if o is not None:
            self.offsets.append((b, o))
        return b

    def map_node(self, m: Expr) -> int:
        """A map that is not the heap's: one object (index-insensitive)."""
        if isinstance(m, Var):
            return self.var(m.name)
        n = self.val(m)
        return n if n is not None else self.unknown

    def whole_map(self, name: str) -> None:
        """A heap map used whole (copied, saved, passed): no new flow between cells of
        different objects (a copy keeps each cell at its address); its cells are accessed
        in every class."""
        self.anywhere.add(name)

    def store(self, m: Expr, indices, value: Expr) -> None:
        v = self.val(value)
        if isinstance(m, Var) and m.name in self.heap:
            a = self.address(indices[0], m.name)
            if v is not None:
                self.g.union(self.g.content_of(a), v)
            return
        if isinstance(m, MapSelect) or isinstance(m, MapStore):
            self.val(m)
        node = self.map_node(m) if not isinstance(m, (MapSelect, MapStore)) else self.unknown
        for i in indices:
            self.val(i)
        if v is not None:
            self.g.union(self.g.content_of(node), v)

    # ----------------------------------------------------------- commands
    def procedure(self, p: ProcedureDecl) -> None:
        self.proc = p.name
        self.local = {v.name for v in p.params + p.returns}
        if p.body is not None:
            self.local |= {v.name for v in p.body.locals}
            for b in p.body.blocks:
                for c in b.cmds:
                    self.command(c)
        for r in p.requires:
            self.val(r.expr)
        for en in p.ensures:
            self.val(en.expr)

    def command(self, c) -> None:
        if isinstance(c, Assign):
            for lhs, rhs in zip(c.lhs, c.rhs):
                if isinstance(lhs, Var):
                    if lhs.name in self.heap:
                        self.anywhere.add(lhs.name)     # a whole-map update
                        self.heap_value(rhs)
                        continue
                    v = self.val(rhs)
                    if v is not None:
                        if isinstance(rhs, Var) and rhs.name == "$alloc":
                            self.g.mark_object(v, f"{lhs.name.lstrip('$')}@{self.proc}")
                        self.g.union(self.var(lhs.name), v)
                elif isinstance(lhs, MapSelect):
                    self.store(lhs.map, lhs.indices, rhs)
        elif isinstance(c, Havoc):
            for name in c.names:
                if name not in self.heap:
                    self.g.havoc.add(self.g.find(self.var(name)))
        elif isinstance(c, Call):
            args = [self.val(a) for a in c.args]
            callee = self.bodies.get(c.proc)
            if callee is None:        # no body: its arguments escape, its results are unknown
                self.extern_calls = True
                for a in args:
                    if a is not None:
                        self.g.union(self.unknown, a)
                for o in c.outs:
                    if o not in self.heap:
                        self.g.havoc.add(self.g.find(self.var(o)))
                return
            for a, p in zip(args, callee.params):
                if a is not None:
                    self.g.union(self.var(p.name, callee.name), a)
            for o, r in zip(c.outs, callee.returns):
                if o not in self.heap:
                    self.g.union(self.var(o), self.var(r.name, callee.name))
        else:
            for e in _exprs(c):
                self.val(e)

    def heap_value(self, rhs: Expr) -> None:
        """`$M.k := rhs`: the flows of a whole-map update."""
        self.val(rhs)

    def finish(self) -> None:
        """The offsets that hold objects joined (`resolve`) and havocked values used as
        addresses joined with UNKNOWN (they may point at any exposed object), until
        neither changes a class; then the graph takes look-ups only."""
        while True:
            n = len(self.g.parent)
            before = sum(1 for k, v in self.g.parent.items() if k == v)
            self.resolve()
            for a in self.addresses:
                if self.g.find(a) in self.g.havoc and \
                        self.g.find(a) != self.g.find(self.unknown):
                    self.g.union(self.unknown, a)
            after = sum(1 for k, v in self.g.parent.items() if k == v)
            if after == before and len(self.g.parent) == n:
                break
        self.g.frozen = True

    def resolve(self) -> None:
        """Pointer arithmetic `p + i` joins i with p only if i's class holds an object
        (an offset made from pointers, `p + ((uintptr_t)q - (uintptr_t)p)`): C pointer
        arithmetic stays in p's object, and an index -- a nondeterministic one, say -- is
        not a pointer; were it joined, the buffer `s` of `s[i]` would share the class of
        every value `i` came from.  Applied until nothing changes (joining makes more
        classes hold objects).  An offset of UNKNOWN's class (an integer stored into
        or read from memory a body-less function may reach, `%n`'s target say) is not
        joined either: in C, arithmetic on a pointer never reaches another object (C11
        6.5.6), so i's provenance does not matter."""
        g = self.g
        changed = True
        while changed:
            changed = False
            unknown = g.find(self.unknown)
            for b, o in self.offsets:
                ro = g.find(o)
                if ro in g.objects and ro != unknown and ro != g.find(b):
                    g.union(b, o)
                    changed = True


def _scaled(e: Expr) -> bool:
    """An index scaled by an element size (`i * 4`): never a pointer."""
    return isinstance(e, App) and e.op is Op.MUL and \
        any(isinstance(a, (IntLit, BvLit)) for a in e.args)


def _exprs(c) -> list[Expr]:
    e = getattr(c, "expr", None)
    return [e] if e is not None else []


def memory_classes(pt, procedures: list[ProcedureDecl]) -> MemoryClasses:
    """The points-to classes of the translated `procedures` of program translator `pt`
    (frontend/c/translate.py) and the classes that fail the type-safety check."""
    objects = [(addr, size, name) for name, addr, size in pt.objects]
    objects += [(addr, len(data) + 1, "string") for data, (addr, _) in pt.strings.items()]
    objects += [(addr, 1, name) for name, addr in pt.func_addrs.items()]
    heap = {m for m in pt.mem.maps if m.startswith("$M.")}
    predicates = frozenset(f.name for f in pt.enc.functions.values()
                           if isinstance(f.result.type, BoolType))
    an = _Analysis(heap, objects, {p.name: p for p in procedures if p.body is not None},
                   predicates)
    an.ptr_sums = frozenset(pt.ptr_sums)
    for p in procedures:
        an.procedure(p)
    escaped = {n.rsplit("$", 1)[-1] for n in pt.escape_amp}
    for addr, _, name in objects:        # globals an extern function may reach
        if an.extern_calls and name in escaped:
            an.g.union(an.unknown, an.literal(addr))
    for at in pt.asm_inputs:             # inline assembly's inputs escape (inline_asm.py)
        an.g.union(an.unknown, _at(an, at))
    convs = [(_at(an, c.at), c) for c in pt.mem.conversions]
    unions = [(_at(an, at), (t, loc, m)) for t, loc, at, m in pt.mem.union_uses]
    an.finish()
    g = an.g
    accessed = _accessed(an, pt.mem)
    classes = {g.find(a) for a in an.addresses} | {g.find(n) for n in an.object_nodes.values()}
    members: dict[int, list[str]] = {}
    for n, label in g.label.items():
        members.setdefault(g.find(n), []).append(label)
    by_root: dict[int, tuple[list, list]] = {}
    for n, c in convs:
        by_root.setdefault(g.find(n), ([], []))[0].append(c)
    for n, u in unions:
        by_root.setdefault(g.find(n), ([], []))[1].append(u)
    order = sorted(classes | set(by_root), key=lambda r: (r != g.find(an.unknown), r))
    names = {r: ("R?" if r == g.find(an.unknown) else f"R{i}") for i, r in enumerate(order)}
    bad = []
    roots: set[int] = set()
    for r in order:
        if r not in by_root:
            continue
        why = pt.mem.unsafe(*by_root[r], accessed=None if accessed is None else
                            accessed[0] | accessed[1].get(r, frozenset()))
        if why is not None:
            d = why.first
            objs = tuple(sorted(set(members.get(r, ())))[:4])
            what = d.message.removeprefix("unsupported C construct: ").replace(
                " (needs byte-level memory)", "")
            bad.append(ByteLevelClass(names[r], objs, f"{d.loc.file}:{d.loc.line}", what))
            roots.add(r)
    return MemoryClasses(len(order), tuple(bad), frozenset(roots), an)


def _accessed(an: _Analysis, mem) -> tuple[frozenset, dict] | None:
    """The value classes (memory.py `value_class`) at which memory is read or written:
    those accessed in every class (maps used whole, or at a quantifier's bound address)
    and, per class root, those accessed at an address of the class; None when a map's
    value class is not known (then every view of a class counts)."""
    def vc(name: str) -> str | None:
        t = mem.cell_types.get(name)
        return None if t is None else mem.value_class(t)
    everywhere = {vc(k) for k in an.anywhere}
    per: dict[int, set] = {}
    for k, n in an.accesses:
        per.setdefault(an.g.find(n), set()).add(vc(k))
    if None in everywhere or any(None in v for v in per.values()):
        return None
    return frozenset(everywhere), {r: frozenset(v) for r, v in per.items()}


def _at(an: _Analysis, at) -> int:
    """The node of a recorded pointer (procedure, Boogie expression), UNKNOWN if none."""
    if at is None:
        return an.unknown
    proc, expr = at
    p = an.bodies.get(proc)
    an.proc = proc
    an.local = set() if p is None else \
        {v.name for v in p.params + p.returns + p.body.locals}
    n = an.val(expr)
    return n if n is not None else an.unknown


__all__ = ["ByteLevelClass", "MemoryClasses", "memory_classes"]
