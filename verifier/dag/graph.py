"""The shape of a DAG-inlined program and its consistency (Lal and Qadeer, PLDI 2015, Sec. 3).

Nodes are dynamic procedure instances, possibly shared; an edge (n, site, m) binds call
site `site` of node n to node m.  A DAG is consistent (Definition 2) when the call stacks
of every node -- one per path from the root -- are pairwise disjoint; then its VC is
satisfiable exactly when the program has an execution (Theorem 1).

Algorithm 1 decides consistency without enumerating paths: at every node x, two out-edges
whose targets share a descendant must be disjoint call sites (Disj_blk, `disjoint.py`).
Paths from the root diverge at such an x, and by Lemma 1 their call stacks are disjoint
exactly when the sites they take there are.  `DagGraph.can_bind` is that test made
incremental: adding the edge (n, s, m) only creates common descendants (those of m) below
pairs of out-edges of an ancestor x of n where one edge leads to n (or is the new one, at
x = n); each such pair is tested once, so a bind costs O(ancestors of n x out-degree^2)
bit-set operations and never looks at a path.  Descendant and ancestor sets are bit sets
(Python integers) kept up to date as edges are added.

`is_consistent` is Algorithm 1 over a whole DAG with its descendant sets recomputed from
the edges alone: the independent check a proof's re-check runs (and the tests).
"""
from __future__ import annotations

from typing import Callable, Hashable, Iterator

from verifier.dag.disjoint import SiteTable


def bits(x: int) -> Iterator[int]:
    """The positions of the 1 bits of `x`, lowest first."""
    while x:
        low = x & -x
        yield low.bit_length() - 1
        x ^= low


class DagGraph:
    """Nodes (procedure, class key), their bound call sites, ancestor/descendant bit sets.

    The class key of a node is what the bound rule reads from its call stack (the counts
    of recursive procedures on it, and the depth when a stack-depth bound is set): only
    nodes of the same procedure and key are merged, so every path to a node gives its open
    call sites the same recursion count RB and depth, and the bound means what it means
    for tree inlining."""

    def __init__(self, tables: Callable[[str], SiteTable], root_proc: str,
                 root_key: Hashable):
        self.tables = tables
        self.proc: list[str] = []
        self.key: list[Hashable] = []
        self.out: list[dict[int, int]] = []      # node -> {site index: target node}
        self.anc: list[int] = []                 # node -> ancestors, itself included
        self.desc: list[int] = []                # node -> descendants, itself included
        self.by_class: dict[tuple[str, Hashable], list[int]] = {}
        self.edges: list[tuple[int, int, int]] = []   # (n, site, m) in the order added
        self.add_node(root_proc, root_key)

    def __len__(self) -> int:
        return len(self.proc)

    def add_node(self, proc: str, key: Hashable) -> int:
        n = len(self.proc)
        self.proc.append(proc)
        self.key.append(key)
        self.out.append({})
        self.anc.append(1 << n)
        self.desc.append(1 << n)
        self.by_class.setdefault((proc, key), []).append(n)
        return n

    def candidates(self, proc: str, key: Hashable) -> list[int]:
        """The nodes of `proc` with class key `key`, oldest first."""
        return self.by_class.get((proc, key), [])

    def can_bind(self, n: int, site: int, m: int) -> bool:
        """Is the DAG plus the edge (n, site, m) still consistent (and acyclic)?"""
        assert site not in self.out[n], "a call site is bound once"
        if (self.anc[n] >> m) & 1:
            return False                         # m is n or above it: a cycle
        reach_m = self.desc[m]
        for x in bits(self.anc[n]):
            outs = self.out[x]
            if not outs:
                continue
            hit = [s2 for s2, y in outs.items() if self.desc[y] & reach_m]
            if not hit:
                continue
            if x == n:
                toward = [site]
            else:
                toward = [s1 for s1, y in outs.items() if (self.desc[y] >> n) & 1]
            table = self.tables(self.proc[x])
            for a in toward:
                for b in hit:
                    if a != b and not table.disjoint(a, b):
                        return False
        return True

    def can_share(self, n1: int, s1: int, n2: int, s2: int) -> bool:
        """Could the open call sites (n1, s1) and (n2, s2) both be bound to one fresh node
        (no descendants yet) and the DAG stay consistent?  Their paths diverge at a common
        ancestor x; the out-edges they take there must be disjoint (or the same edge)."""
        for x in bits(self.anc[n1] & self.anc[n2]):
            table = self.tables(self.proc[x])
            first = [s1] if x == n1 else \
                [s for s, y in self.out[x].items() if (self.desc[y] >> n1) & 1]
            second = [s2] if x == n2 else \
                [s for s, y in self.out[x].items() if (self.desc[y] >> n2) & 1]
            for a in first:
                for b in second:
                    if a != b and not table.disjoint(a, b):
                        return False
        return True

    def bind(self, n: int, site: int, m: int) -> None:
        """Add the edge (n, site, m): the caller has checked it (`can_bind`, or m new)."""
        assert site not in self.out[n], "a call site is bound once"
        self.out[n][site] = m
        self.edges.append((n, site, m))
        up, down = self.anc[n], self.desc[m]
        for x in bits(up):
            self.desc[x] |= down
        for y in bits(down):
            self.anc[y] |= up

    def descendants(self, m: int) -> int:
        return self.desc[m].bit_count()

    def tree_size(self) -> int:
        """The instances tree inlining of the same call sites makes: paths from the root,
        summed over the nodes."""
        return sum(tree_paths(len(self.proc), self.edges))


def tree_paths(nodes: int, edges: list[tuple[int, int, int]]) -> list[int]:
    """For each node, the number of paths from node 0 to it (edges in an order where a
    node's in-edges come after the edge that created it, as `DagGraph.edges` are)."""
    order = topological(nodes, edges)
    assert order is not None, "a DAG"
    into: list[list[int]] = [[] for _ in range(nodes)]
    for n, _, m in edges:
        into[m].append(n)
    paths = [0] * nodes
    paths[0] = 1
    for m in order:
        if m:
            paths[m] = sum(paths[n] for n in into[m])
    return paths


def topological(nodes: int, edges: list[tuple[int, int, int]]) -> list[int] | None:
    """The nodes in a topological order of `edges` (None: a cycle)."""
    succ: list[list[int]] = [[] for _ in range(nodes)]
    indeg = [0] * nodes
    for n, _, m in edges:
        succ[n].append(m)
        indeg[m] += 1
    todo = [n for n in range(nodes) if indeg[n] == 0]
    order = []
    while todo:
        n = todo.pop()
        order.append(n)
        for m in succ[n]:
            indeg[m] -= 1
            if indeg[m] == 0:
                todo.append(m)
    return order if len(order) == nodes else None


def is_consistent(procs: list[str], edges: list[tuple[int, int, int]],
                  tables: Callable[[str], SiteTable]) -> tuple[bool, str]:
    """Algorithm 1 on the DAG of `edges` over nodes 0..len(procs)-1 (0 the root), from
    scratch: (True, "") or (False, why)."""
    nodes = len(procs)
    order = topological(nodes, edges)
    if order is None:
        return False, "the graph has a cycle"
    out: list[dict[int, int]] = [{} for _ in range(nodes)]
    for n, s, m in edges:
        if s in out[n]:
            return False, f"call site {s} of node {n} bound twice"
        out[n][s] = m
    desc = [1 << n for n in range(nodes)]
    for n in reversed(order):
        for m in out[n].values():
            desc[n] |= desc[m]
    for x in range(nodes):
        items = list(out[x].items())
        table = tables(procs[x])
        for i, (s1, y1) in enumerate(items):
            for s2, y2 in items[i + 1:]:
                if desc[y1] & desc[y2] and not table.disjoint(s1, s2):
                    return False, (f"node {x} ({procs[x]}): call sites {s1} and {s2} are "
                                   "not disjoint but reach a common node")
    return True, ""
