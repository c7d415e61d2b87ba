"""Loop extraction: natural loops become tail-recursive procedures.

Turns a program whose procedure bodies may contain loops into one whose bodies are acyclic,
as Corral does before stratified inlining (CORRAL TR, Section 2: "we assume that loops are
converted to recursive procedures", so the recursion bound bounds loop iterations).

For a procedure P and a natural loop with header h and body S (back edges found by DFS from
the entry block; every retreating edge must go to a block that dominates its source, else the
control flow is irreducible and is reported as unsupported):

* the loop procedure `P_loop_h` takes the locals/parameters of P that S reads or writes and
  returns those S writes (under their original names, so traces read naturally; a written
  variable v arrives as input `in_v` and is copied to the output v on entry).  Its body is
  S; every back edge to h becomes `call outs := P_loop_h(current values); return;` and every
  edge leaving S returns.  When S can be left in more than one way (several exit targets,
  or P's own `return` inside the loop) an extra output `exit: int` records which way.
* in P, h becomes `call outs[, exit] := P_loop_h(ins, old(g)...)` followed by a branch to
  the exit targets, each guarded by `assume exit == k`, so P continues exactly where the
  loop left.
* `old(g)` inside S still means g at entry of the original P: the caller passes `old(g)`
  as an extra input and the loop procedure reads that input instead.
* the loop procedure's `modifies` are the globals S writes, directly or through callees.

Inner loops are extracted first (an innermost loop contains no other header), each into its
own procedure; several back edges to one header form one loop.  Blocks unreachable from the
entry block are dropped.  Loop procedures carry `{:extracted_loop "P", "h"}`.
"""
from __future__ import annotations

from dataclasses import replace

from ..ast import (App, Assign, Assume, Attr, Block, BoolLit, Body, Call, CodeExpr, Decl, Goto,
                   IntLit, IntType, Old, Op, ProcedureDecl, Program, Return, Var, VarDecl)
from ..errors import BoogieError, error
from ..visit import cmd_targets, subexprs
from .common import (Namer, attach_implementations, block_labels, block_vars, body_vars,
                     eliminate_old, map_block, olds_in, block_exprs, replace_procedures)

LOOP_ATTR = "extracted_loop"


def extract_loops(p: Program) -> Program:
    """Turns `p` into an equivalent program whose procedure bodies have no loops."""
    p = attach_implementations(p)
    top = {d.name for d in p.decls if getattr(d, "name", None)}
    procnames = Namer(top)
    globals_ = p.global_vars()
    mods = {n: set(d.modifies) for n, d in p.procedures().items()}
    new: dict[str, ProcedureDecl] = {}
    added: list[Decl] = []
    for d in p.decls:
        if not isinstance(d, ProcedureDecl) or d.body is None:
            continue
        _reject_cyclic_code_exprs(d)
        ex = _Extractor(d, top, procnames, globals_, mods)
        proc, loop_procs = ex.run()
        if proc is not d:
            new[d.name] = proc
        added.extend(loop_procs)
    if not new and not added:
        return p
    return replace_procedures(p, new, added)


def _reject_cyclic_code_exprs(d: ProcedureDecl) -> None:
    """Code expressions `|{ ... }|` are left alone; a loop inside one is unsupported."""
    for b in d.body.blocks:
        for e in block_exprs(b):
            for x in subexprs(e):
                if type(x) is CodeExpr and x.blocks:
                    blocks = reachable_blocks(x.blocks)
                    try:
                        cyclic = bool(natural_loops(blocks, d.name))
                    except BoogieError:
                        cyclic = True
                    if cyclic:
                        raise error("unsupported", x.loc if x.loc.line else b.loc,
                                    f"loop inside a code expression in procedure {d.name}")


# ----------------------------------------------------------------------------- graphs

def reachable_blocks(blocks: tuple[Block, ...]) -> tuple[Block, ...]:
    """The blocks reachable from the first one, in their original order."""
    if not blocks:
        return blocks
    by = {b.label: b for b in blocks}
    seen = {blocks[0].label}
    stack = [blocks[0]]
    while stack:
        b = stack.pop()
        if isinstance(b.transfer, Goto):
            for t in b.transfer.labels:
                if t not in by:
                    raise error("undeclared", b.transfer.loc or b.loc,
                                f"goto to undefined label {t}")
                if t not in seen:
                    seen.add(t)
                    stack.append(by[t])
    return tuple(b for b in blocks if b.label in seen)


def _succ(b: Block) -> tuple[str, ...]:
    return b.transfer.labels if isinstance(b.transfer, Goto) else ()


def dfs_edges(blocks: tuple[Block, ...]) -> tuple[list[str], list[tuple[str, str]]]:
    """An iterative depth-first search from the first block: the postorder of the blocks
    it reaches, and its retreating edges (source, target: a block still on the stack).
    Every cycle of the graph contains a retreating edge (termination.py counts a step at
    each target)."""
    by = {b.label: b for b in blocks}
    entry = blocks[0].label
    order: list[str] = []
    retreating: list[tuple[str, str]] = []
    state = {entry: 1}                    # 1 = on stack, 2 = finished
    stack = [(entry, iter(_succ(by[entry])))]
    while stack:
        node, it = stack[-1]
        for t in it:
            s = state.get(t)
            if s is None:
                state[t] = 1
                stack.append((t, iter(_succ(by[t]))))
                break
            if s == 1:
                retreating.append((node, t))
        else:
            stack.pop()
            state[node] = 2
            order.append(node)
    return order, retreating


def natural_loops(blocks: tuple[Block, ...], proc: str = "") -> dict[str, set[str]]:
    """Header label -> labels of its natural loop (header included), for the blocks
    reachable from the first block (pass `reachable_blocks(...)`).  Raises "unsupported"
    on irreducible control flow."""
    if not blocks:
        return {}
    by = {b.label: b for b in blocks}
    order, retreating = dfs_edges(blocks)
    if not retreating:
        return {}
    rpo = order[::-1]
    idom = _dominators(rpo, by)
    preds: dict[str, list[str]] = {lb: [] for lb in rpo}
    for lb in rpo:
        for t in _succ(by[lb]):
            preds[t].append(lb)
    loops: dict[str, set[str]] = {}
    for u, h in retreating:
        if not _dominates(h, u, idom):
            b = by[h]
            raise error("unsupported", b.loc,
                        f"irreducible control flow in procedure {proc} (edge {u} -> {h} "
                        "enters a loop not through its header)")
        body = loops.setdefault(h, {h})
        work = [u] if u not in body else []
        body.add(u)
        while work:
            x = work.pop()
            for y in preds[x]:
                if y not in body:
                    body.add(y)
                    work.append(y)
    return loops


def _dominators(rpo: list[str], by: dict[str, Block]) -> dict[str, str]:
    """Immediate dominators (Cooper, Harvey, Kennedy: a simple, fast dominance algorithm)."""
    index = {lb: i for i, lb in enumerate(rpo)}
    preds: dict[str, list[str]] = {lb: [] for lb in rpo}
    for lb in rpo:
        for t in _succ(by[lb]):
            preds[t].append(lb)
    entry = rpo[0]
    idom = {entry: entry}
    changed = True
    while changed:
        changed = False
        for b in rpo[1:]:
            new = None
            for q in preds[b]:
                if q in idom:
                    new = q if new is None else _intersect(q, new, idom, index)
            if idom.get(b) != new:
                idom[b] = new
                changed = True
    return idom


def _intersect(a: str, b: str, idom: dict[str, str], index: dict[str, int]) -> str:
    while a != b:
        while index[a] > index[b]:
            a = idom[a]
        while index[b] > index[a]:
            b = idom[b]
    return a


def _dominates(h: str, u: str, idom: dict[str, str]) -> bool:
    while True:
        if u == h:
            return True
        parent = idom[u]
        if parent == u:
            return False
        u = parent


# ----------------------------------------------------------------------------- irreducible flow

def make_reducible(proc: ProcedureDecl, top: set[str] = frozenset()) -> ProcedureDecl:
    """Turns a body with multi-entry cycles into an equivalent reducible one.

    For each strongly connected region with several entry blocks e1..ek (found top-down in
    the loop-nesting forest: an SCC, then the SCCs of its single-entry body without its
    header), every edge u -> ei becomes u -> `sel := i; goto dispatch` and
    `dispatch: goto d1..dk; di: assume sel == i; goto ei`; the dispatcher is then the
    region's only entry, i.e. a loop header.  A fresh int local `sel` per region records
    the entry taken, so behaviour is unchanged (no node duplication, linear size)."""
    while True:
        region = _multi_entry_region(proc.body.blocks)
        if region is None:
            return proc
        proc = _add_dispatcher(proc, *region, top)


def _sccs(nodes: list[str], succ) -> list[list[str]]:
    """Tarjan's strongly connected components, iteratively."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on: set[str] = set()
    stack: list[str] = []
    out: list[list[str]] = []
    for root in nodes:
        if root in index:
            continue
        work = [(root, iter(succ(root)))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            for w in it:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(succ(w))))
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on.discard(w)
                        comp.append(w)
                        if w == v:
                            break
                    out.append(comp)
    return out


def _multi_entry_region(blocks: tuple[Block, ...]) -> tuple[list[str], list[str]] | None:
    """(region, its entries in block order) for some cycle region with several entries."""
    if not blocks:
        return None
    by = {b.label: b for b in blocks}
    pos = {b.label: i for i, b in enumerate(blocks)}
    preds: dict[str, list[str]] = {b.label: [] for b in blocks}
    for b in blocks:
        for t in _succ(b):
            preds[t].append(b.label)
    entry = blocks[0].label
    work = [set(by)]
    while work:
        nodes = work.pop()
        order = sorted(nodes, key=pos.__getitem__)
        for comp in _sccs(order, lambda v: [t for t in _succ(by[v]) if t in nodes]):
            cset = set(comp)
            if len(comp) == 1 and comp[0] not in _succ(by[comp[0]]):
                continue
            entries = sorted((v for v in comp
                              if v == entry or any(u not in cset for u in preds[v])),
                             key=pos.__getitem__)
            if len(entries) > 1:
                return sorted(comp, key=pos.__getitem__), entries
            work.append(cset - {entries[0]})
    return None


def _add_dispatcher(proc: ProcedureDecl, region: list[str], entries: list[str],
                    top: set[str]) -> ProcedureDecl:
    blocks = proc.body.blocks
    labels = Namer(block_labels(blocks))
    sel = Namer(top | set(body_vars(proc))).fresh("entry_sel")
    loc = proc.body.block(entries[0]).loc
    dispatch = labels.fresh("dispatch")
    num = {e: k for k, e in enumerate(entries, 1)}
    cases = [labels.fresh(f"dispatch_{e}") for e in entries]

    def setter(label: str, k: int, target: str) -> Block:
        return Block(label, (Assign((Var(sel, loc=loc),), (IntLit(k, loc=loc),), loc=loc),),
                     Goto((dispatch,), loc=loc), loc=loc)

    out: list[Block] = []
    extra: list[Block] = []
    if blocks[0].label in num:
        first = labels.fresh("start")
        out.append(setter(first, num[blocks[0].label], blocks[0].label))
    for b in blocks:
        if isinstance(b.transfer, Goto) and any(t in num for t in b.transfer.labels):
            targets = []
            for t in b.transfer.labels:
                if t in num:
                    tramp = labels.fresh(f"{b.label}_to_{t}")
                    extra.append(setter(tramp, num[t], t))
                    t = tramp
                targets.append(t)
            b = replace(b, transfer=replace(b.transfer, labels=tuple(targets)))
        out.append(b)
        if b.label == entries[0]:
            out.append(Block(dispatch, (), Goto(tuple(cases), loc=loc), loc=loc))
            for lb, e in zip(cases, entries):
                cond = App(Op.EQ, (Var(sel, loc=loc), IntLit(num[e], loc=loc)), loc=loc)
                out.append(Block(lb, (Assume(cond, loc=loc),), Goto((e,), loc=loc), loc=loc))
    out.extend(extra)
    locals_ = proc.body.locals + (VarDecl(sel, IntType(), loc=loc),)
    return replace(proc, body=replace(proc.body, locals=locals_, blocks=tuple(out)))


# ----------------------------------------------------------------------------- extraction

class _Extractor:
    """Extracts the loops of one procedure, innermost first (a builder: mutable)."""

    def __init__(self, proc: ProcedureDecl, top: set[str], procnames: Namer,
                 globals_: dict[str, VarDecl], mods: dict[str, set[str]]):
        self.proc = proc
        self.top = top
        self.procnames = procnames
        self.globals = globals_
        self.mods = mods
        self.loop_procs: list[ProcedureDecl] = []

    def run(self) -> tuple[ProcedureDecl, list[ProcedureDecl]]:
        proc = self.proc
        blocks = reachable_blocks(proc.body.blocks)
        if blocks != proc.body.blocks:
            proc = replace(proc, body=replace(proc.body, blocks=blocks))
        proc = make_reducible(proc, self.top)
        while True:
            loops = natural_loops(proc.body.blocks, proc.name)
            if not loops:
                return proc, self.loop_procs
            headers = set(loops)
            h = next(b.label for b in proc.body.blocks
                     if b.label in loops and not (loops[b.label] - {b.label}) & headers)
            proc = self._extract(proc, h, loops[h])

    def _extract(self, proc: ProcedureDecl, h: str, loop: set[str]) -> ProcedureDecl:
        vars_ = body_vars(proc)
        is_global = lambda n: n in self.globals and n not in vars_  # noqa: E731
        inside = [b for b in proc.body.blocks if b.label in loop]
        reads: set[str] = set()
        writes: set[str] = set()
        olds: set[str] = set()
        exits: list[str | None] = []      # exit targets in order; None = P's own return
        for b in inside:
            r, w = block_vars(b)
            reads |= r
            writes |= w
            for e in block_exprs(b):
                olds |= olds_in(e, is_global)
            if isinstance(b.transfer, Return):
                if None not in exits:
                    exits.append(None)
            else:
                exits.extend(t for t in b.transfer.labels if t not in loop and t not in exits)
        used = [v for v in vars_.values() if v.name in reads | writes]
        written = [v for v in used if v.name in writes]
        snaps = sorted(olds)
        lp_name = self.procnames.fresh(f"{proc.name}_loop_{h}")
        lp = self._loop_proc(proc, lp_name, h, inside, loop, used, written, snaps, exits,
                             is_global)
        self.loop_procs.append(lp)
        return self._caller(proc, lp, h, loop, used, written, snaps, exits)

    def _loop_proc(self, proc, name, h, inside, loop, used, written, snaps, exits, is_global):
        names = Namer(self.top | {v.name for v in used})
        wnames = {v.name for v in written}
        in_names = {v.name: (names.fresh(f"in_{v.name}") if v.name in wnames else v.name)
                    for v in used}
        snap_vars = {g: Var(names.fresh(f"old_{g}")) for g in snaps}
        exit_var = names.fresh("exit") if len(exits) > 1 else None
        labels = Namer(block_labels(inside))
        entry_label = labels.fresh("entry")
        rec_label = labels.fresh(f"{h}_iterate")
        exit_labels = [labels.fresh(f"{h}_done_{k}") for k in range(1, len(exits) + 1)]
        exit_of = {t: exit_labels[k] for k, t in enumerate(exits)}
        loc = next(b.loc for b in inside if b.label == h)

        def edge(t: str) -> str:
            if t == h:
                return rec_label
            return t if t in loop else exit_of[t]

        params = tuple(VarDecl(in_names[v.name], v.type, loc=v.loc) for v in used) + \
            tuple(VarDecl(sv.name, self.globals[g].type, loc=loc) for g, sv in snap_vars.items())
        returns = tuple(VarDecl(v.name, v.type, loc=v.loc) for v in written)
        if exit_var:
            returns += (VarDecl(exit_var, IntType(), loc=loc),)
        copy_in = ()
        if written:
            copy_in = (Assign(tuple(Var(v.name) for v in written),
                              tuple(Var(in_names[v.name]) for v in written), loc=loc),)
        blocks = [Block(entry_label, copy_in, Goto((h,), loc=loc), loc=loc)]
        for b in inside:
            b = map_block(b, lambda e: eliminate_old(e, snap_vars, is_global))
            tr = b.transfer
            if isinstance(tr, Goto):
                tr = replace(tr, labels=tuple(dict.fromkeys(edge(t) for t in tr.labels)))
            else:
                tr = Goto((exit_of[None],), loc=tr.loc)
            blocks.append(replace(b, transfer=tr))
        outs = tuple(v.name for v in written) + ((exit_var,) if exit_var else ())
        args = tuple(Var(v.name) for v in used) + tuple(snap_vars.values())
        rec = Call(name, args, outs, loc=loc)
        blocks.append(Block(rec_label, (rec,), Return(loc=loc), loc=loc))
        for k, lb in enumerate(exit_labels, 1):
            cmds = (Assign((Var(exit_var),), (IntLit(k),), loc=loc),) if exit_var else ()
            blocks.append(Block(lb, cmds, Return(loc=loc), loc=loc))
        modifies = self._modifies(inside, name, is_global)
        self.mods[name] = set(modifies)
        attrs = (Attr(LOOP_ATTR, (proc.name, h), loc=loc),)
        return ProcedureDecl(name, params, returns, modifies=modifies,
                             body=Body((), tuple(blocks), loc=loc),
                             type_params=proc.type_params, attrs=attrs, loc=loc)

    def _modifies(self, inside, name, is_global) -> tuple[str, ...]:
        out: set[str] = set()
        for b in inside:
            for c in b.cmds:
                out.update(n for n in cmd_targets(c) if is_global(n))
                if type(c) is Call:
                    out |= self.mods.get(c.proc, set())
        order = list(self.globals)
        return tuple(sorted(out, key=lambda g: (order.index(g) if g in self.globals
                                                else len(order), g)))

    def _caller(self, proc, lp, h, loop, used, written, snaps, exits) -> ProcedureDecl:
        names = Namer(self.top | set(body_vars(proc)))
        labels = Namer(block_labels(proc.body.blocks))
        header = proc.body.block(h)
        loc = header.loc
        exit_local = names.fresh(f"exit_{h}") if len(exits) > 1 else None
        args = tuple(Var(v.name, loc=loc) for v in used) + \
            tuple(Old(Var(g, loc=loc), loc=loc) for g in snaps)
        outs = tuple(v.name for v in written) + ((exit_local,) if exit_local else ())
        call = Call(lp.name, args, outs, attrs=(), loc=loc)
        guards: list[Block] = []
        if not exits:
            call_block = Block(h, (call, Assume(BoolLit(False), loc=loc)), Return(loc=loc),
                               loc=loc)
        elif not exit_local:
            t = exits[0]
            call_block = Block(h, (call,), Return(loc=loc) if t is None else Goto((t,), loc=loc),
                               loc=loc)
        else:
            glabels = [labels.fresh(f"{h}_exit_{k}") for k in range(1, len(exits) + 1)]
            call_block = Block(h, (call,), Goto(tuple(glabels), loc=loc), loc=loc)
            for k, (lb, t) in enumerate(zip(glabels, exits), 1):
                cond = App(Op.EQ, (Var(exit_local, loc=loc), IntLit(k, loc=loc)), loc=loc)
                guards.append(Block(lb, (Assume(cond, loc=loc),),
                                    Return(loc=loc) if t is None else Goto((t,), loc=loc),
                                    loc=loc))
        blocks: list[Block] = []
        for b in proc.body.blocks:
            if b.label == h:
                blocks.append(call_block)
                blocks.extend(guards)
            elif b.label not in loop:
                blocks.append(b)
        locals_ = proc.body.locals
        if exit_local:
            locals_ += (VarDecl(exit_local, IntType(), loc=loc),)
        mods = list(proc.modifies)
        mods.extend(g for g in lp.modifies if g not in mods)
        return replace(proc, modifies=tuple(mods),
                       body=replace(proc.body, locals=locals_, blocks=tuple(blocks)))
