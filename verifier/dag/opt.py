"""Full unfoldings to a DAG: OPT's D_o, the greedy strategies' DAGs (PLDI 2015, Sec. 3.4).

The fully inlined program is every call site within the bound (the rule of
`CallTree.beyond`: recursion count RB and stack depth) unfolded; no solver is involved, only
the templates' call sites and Disj_blk.

* `opt_dag`: the paper's D_o.  Instances are grouped in classes (procedure, class key;
  `sharing.class_key`); the class graph is acyclic (a class key grows along recursion), so
  the classes are processed in a topological order of it.  When a class's turn comes, all
  its incoming call sites are known (their callers are placed); two of them conflict
  (an edge of the conflict graph, Sec. 2) when one node cannot serve both
  (`DagGraph.can_share`).  A minimum colouring of that graph gives one node per colour.
  Merging per class in this order keeps D_o a DAG whose nodes have one child per call
  site; the colouring is exact (DSatur branch and bound) within `COLOUR_STEPS`, else OPT is
  not computable (`Unsupported`), which is why OPT is for small programs.
* `greedy_dag`: the same unfolding with a merge strategy (`merge.Merger`) deciding each
  call site in breadth-first order: the DAG sizes of Fig. 17.
* `opt_plan`: D_o as the OPT strategy's plan (`merge.Merger("opt")`).

Sizes: `DagGraph.tree_size()` of any of them is the fully inlined tree's size.
"""
from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Hashable

from verifier.smt.solver import Unsupported
from verifier.dag.disjoint import SiteTables
from verifier.dag.graph import DagGraph, bits
from verifier.dag.merge import Merger
from verifier.dag.sharing import class_key, recursive_procs

if TYPE_CHECKING:
    from verifier.search.call_tree import CallTree

MAX_NODES = 50_000        # a full unfolding larger than this is not built
COLOUR_STEPS = 200_000    # search steps of one exact colouring
TOO_BIG = f"OPT: the full unfolding has more than {MAX_NODES} instances"


class Unfolder:
    """The fully inlined program's call sites, per node of a DAG being built."""

    def __init__(self, tree: CallTree):
        self.tree, self.gen = tree, tree.gen
        self.tables = SiteTables(tree.gen.template)
        self.recursive = recursive_procs(tree.gen.info)
        self.by_depth = tree.opts.max_stack_depth is not None
        self.root_proc = tree.root.tmpl.proc

    def root_key(self) -> Hashable:
        return class_key(None, self.root_proc, 0, self.recursive, self.by_depth)

    def open_sites(self, g: DagGraph, n: int, depth: int):
        """(site index, callee, class key) of node n's call sites within the bound."""
        opts = self.tree.opts
        for cs in self.gen.template(g.proc[n]).call_sites:
            key = class_key(g.key[n], cs.callee, depth + 1, self.recursive, self.by_depth)
            rb = dict(key[1]).get(cs.callee, 1)   # a recursive callee counts itself
            if rb > self.tree.bound_for(cs.callee, opts.bound):
                continue
            if opts.max_stack_depth is not None and depth + 1 > opts.max_stack_depth:
                continue
            yield cs.index, cs.callee, key


def greedy_dag(tree: CallTree, merger: Merger) -> DagGraph:
    """The full unfolding, each call site (breadth first) decided by `merger`."""
    u = Unfolder(tree)
    g = DagGraph(u.tables, u.root_proc, u.root_key())
    depth = [0]
    todo = deque((0, s, q, k) for s, q, k in u.open_sites(g, 0, 0))
    while todo:
        n, site, callee, key = todo.popleft()
        m = merger.choose(g, n, site, callee, key)
        if m is None:
            m = g.add_node(callee, key)
            depth.append(depth[n] + 1)
            if len(g) > MAX_NODES:
                raise Unsupported(TOO_BIG)
            todo.extend((m, s, q, k) for s, q, k in u.open_sites(g, m, depth[m]))
        g.bind(n, site, m)
        merger.note(n, site, m)
    return g


def opt_dag(tree: CallTree) -> DagGraph:
    """D_o: per class in topological order, a minimum colouring of its call sites'
    conflict graph, one node per colour."""
    u = Unfolder(tree)
    g = DagGraph(u.tables, u.root_proc, u.root_key())
    depth = [0]
    pending: dict[tuple[str, Hashable], list[tuple[int, int]]] = {}
    for s, q, k in u.open_sites(g, 0, 0):
        pending.setdefault((q, k), []).append((0, s))
    for cls in _class_order(u, g):
        sites = pending.pop(cls, [])
        if not sites:
            continue
        colour = min_colouring(len(sites), lambda i, j: not g.can_share(
            sites[i][0], sites[i][1], sites[j][0], sites[j][1]))
        node_of: dict[int, int] = {}
        for (n, site), c in zip(sites, colour):
            if c not in node_of:
                m = node_of[c] = g.add_node(*cls)
                depth.append(depth[n] + 1)
                if len(g) > MAX_NODES:
                    raise Unsupported(TOO_BIG)
            m = node_of[c]
            assert g.can_bind(n, site, m), "a colour class shares one node"
            g.bind(n, site, m)
        for m in node_of.values():
            for s, q, k in u.open_sites(g, m, depth[m]):
                pending.setdefault((q, k), []).append((m, s))
    assert not pending, "every class processed"
    return g


def _class_order(u: Unfolder, g: DagGraph) -> list[tuple[str, Hashable]]:
    """The classes reachable from the root's, in a topological order of the class graph
    (a class's callers before it).  The depth is a class's own under a stack-depth bound,
    else any path's (the bound rule then reads only the recursion counts)."""
    probe = DagGraph(u.tables, u.root_proc, u.root_key())
    root = (u.root_proc, u.root_key())
    succ: dict = {}
    node_of = {root: 0}
    depth = {root: 0}
    todo = [root]
    while todo:
        c = todo.pop()
        succ[c] = []
        for _, q, k in u.open_sites(probe, node_of[c], depth[c]):
            d = (q, k)
            succ[c].append(d)
            if d not in node_of:
                node_of[d] = probe.add_node(q, k)
                depth[d] = depth[c] + 1
                if len(probe) > MAX_NODES:
                    raise Unsupported(f"OPT: more than {MAX_NODES} procedure classes")
                todo.append(d)
    indeg = {c: 0 for c in succ}
    for c in succ:
        for d in set(succ[c]):
            indeg[d] += 1
    order, ready = [], [c for c in succ if indeg[c] == 0]
    while ready:
        c = ready.pop()
        order.append(c)
        for d in set(succ[c]):
            indeg[d] -= 1
            if indeg[d] == 0:
                ready.append(d)
    assert len(order) == len(succ), "the class graph is acyclic"
    return order


def min_colouring(n: int, conflict) -> list[int]:
    """A colouring of vertices 0..n-1 with the fewest colours, `conflict(i, j)` the edges
    (exact: DSatur order, branch and bound; Unsupported past COLOUR_STEPS steps)."""
    if n > 2000:
        raise Unsupported("OPT: a conflict graph above 2000 call sites")
    adj = [0] * n
    for i in range(n):
        for j in range(i + 1, n):
            if conflict(i, j):
                adj[i] |= 1 << j
                adj[j] |= 1 << i
    best = _greedy(n, adj)
    best_k = max(best, default=-1) + 1
    colour = [-1] * n
    steps = [0]

    def search(coloured: int, k: int) -> None:
        nonlocal best, best_k
        if k >= best_k:
            return
        if coloured == n:
            best, best_k = list(colour), k
            return
        steps[0] += 1
        if steps[0] > COLOUR_STEPS:
            raise Unsupported("OPT: colouring a conflict graph takes too long")
        v = max((i for i in range(n) if colour[i] < 0),
                key=lambda i: (len({colour[j] for j in bits(adj[i]) if colour[j] >= 0}),
                               adj[i].bit_count()))
        used = {colour[j] for j in bits(adj[v]) if colour[j] >= 0}
        for c in range(min(k + 1, best_k - 1)):
            if c not in used:
                colour[v] = c
                search(coloured + 1, max(k, c + 1))
                colour[v] = -1

    search(0, 0)
    return best


def _greedy(n: int, adj: list[int]) -> list[int]:
    colour = [-1] * n
    for v in range(n):
        used = {colour[j] for j in bits(adj[v]) if colour[j] >= 0}
        colour[v] = next(c for c in range(n) if c not in used)
    return colour


class OptPlan:
    """D_o for the OPT merge strategy: where call site `site` of D_o's node x leads."""

    def __init__(self, g: DagGraph):
        self.graph = g

    def target(self, x: int, site: int) -> int | None:
        return self.graph.out[x].get(site)


def opt_plan(tree: CallTree) -> OptPlan:
    return OptPlan(opt_dag(tree))
