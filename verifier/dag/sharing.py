"""DAG inlining inside the call tree: binds an open call site to a new or a shared instance.

`DagSharing` is what `CallTree.inline` asks when DAG inlining is on (PLDI 2015, Fig. 8,
lines 19-26): the merge strategy (`merge.py`) picks a compatible node of the callee or
None; None creates a node with its own interface (`node_vc.new_node`); either way the edge
formula binds the site to the node (`node_vc.edge_formula`) and the DAG's shape
(`graph.DagGraph`) grows by the edge.  The search around it (which sites to inline, the
queries, the bound) is stratified inlining's, unchanged.

Nodes are merged only within a class key (`DagGraph`): the counts of recursive procedures
on the call stack (and the depth under a stack-depth bound), so each open site's recursion
count RB is the same on every path to it.

`shape()` is what a proof's re-check needs to rebuild the same DAG on a fresh solver
(`CallTree.replay`, via `replay`): the edges in the order they were added.  The rebuild
takes the recorded choices without asking any strategy, then runs Algorithm 1 from scratch
(`graph.is_consistent`): a proof only stands on a DAG independently found consistent.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Hashable

from boogie.ast import Call

from verifier.smt.solver import Term
from verifier.stats import Stats
from verifier.vc import CallSite, Instance, ProgramInfo
from verifier.dag.disjoint import SiteTables
from verifier.dag.graph import DagGraph, is_consistent
from verifier.dag.merge import Merger
from verifier.dag.node_vc import edge_formula, new_node

# The call tree (`verifier.search.call_tree.CallTree`) is passed in, never imported: it imports
# this module (`CallTree.replay`), and these functions only use its solver, VC generator,
# options, root, instance count and `inline`.
CallTree = "verifier.search.call_tree.CallTree"

DAG_SHAPE = "dag"        # the key of a DAG's shape in a `CallTree.shape()` dict


@dataclass(frozen=True, slots=True)
class DagShape:
    """The DAG a search ended with: its edges (node, site, node) in the order added; a
    target not seen before is a new node (numbered in creation order, the root 0)."""
    edges: tuple[tuple[int, int, int], ...]


def recursive_procs(info: ProgramInfo) -> frozenset[str]:
    """The procedures with a body that can reach themselves in the call graph (recursive
    ones and the loops extracted into tail-recursive procedures)."""
    callees = {n: {c.proc for b in pb.body.blocks for c in b.cmds
                   if type(c) is Call and c.proc in info.bodies}
               for n, pb in info.bodies.items()}
    out = set()
    for p in callees:
        seen, todo = set(), list(callees[p])
        while todo:
            q = todo.pop()
            if q == p:
                out.add(p)
                break
            if q not in seen:
                seen.add(q)
                todo.extend(callees[q])
    return frozenset(out)


def class_key(parent_key, proc: str, depth: int, recursive: frozenset[str],
              by_depth: bool) -> Hashable:
    """The class key of an instance of `proc` called from one with `parent_key` (None:
    the root) at stack depth `depth`: (depth or None, sorted (procedure, count) pairs of
    the recursive procedures on the call stack, this instance included)."""
    counts = dict(parent_key[1]) if parent_key is not None else {}
    if proc in recursive:
        counts[proc] = counts.get(proc, 0) + 1
    return (depth if by_depth else None, tuple(sorted(counts.items())))


class DagSharing:
    """The DAG of a `CallTree` (its instances are the DAG's nodes) and how sites bind."""

    def __init__(self, tree: CallTree, merger: Merger, plan: dict | None = None):
        self.solver = tree.solver
        self.tables = SiteTables(tree.gen.template)
        self.recursive = recursive_procs(tree.gen.info)
        self.by_depth = tree.opts.max_stack_depth is not None
        proc = tree.root.tmpl.proc
        self.graph = DagGraph(self.tables, proc, self._key(None, proc, 0))
        self.nodes: list[Instance] = [tree.root]
        self.iface: list[list[Term]] = [[]]
        self.node_of: dict[int, int] = {tree.root.id: 0}      # instance id -> node
        self.merger = merger
        self.plan = plan          # replay: (node, site) -> node, from a DagShape
        self.merges = 0

    def _key(self, parent_key, proc: str, depth: int) -> Hashable:
        return class_key(parent_key, proc, depth, self.recursive, self.by_depth)

    def bind(self, tree: CallTree, inst: Instance, site: CallSite) -> tuple[Instance, bool]:
        """Bind call site `site` of `inst` to a node: (the node's instance, is it new)."""
        g, s = self.graph, self.solver
        n = self.node_of[inst.id]
        key = self._key(g.key[n], site.callee, self.nodes[n].depth + 1)
        if self.plan is not None:
            m = self.plan[(n, site.index)]
            m = m if m < len(g) else None
        else:
            m = self.merger.choose(g, n, site.index, site.callee, key)
        fresh = m is None
        if fresh:
            node, iface, body = new_node(s, tree.gen.template(site.callee), tree.instances,
                                         inst, site)
            s.add(body)
            m = g.add_node(site.callee, key)
            assert m == len(self.nodes), "node numbers follow creation"
            self.nodes.append(node)
            self.iface.append(iface)
            self.node_of[node.id] = m
        else:
            assert g.proc[m] == site.callee and g.key[m] == key, "merge within a class"
            self.merges += 1
        g.bind(n, site.index, m)
        s.add(edge_formula(s, inst, site, self.nodes[m], self.iface[m]))
        self.merger.note(n, site.index, m)
        return self.nodes[m], fresh

    def shape(self) -> dict:
        return {DAG_SHAPE: DagShape(tuple(self.graph.edges))}

    def stats(self) -> Stats:
        """dag_merges, and dag_tree_instances: what tree inlining of the same call sites
        would have inlined (paths from the root, summed over the nodes)."""
        return Stats(dag_merges=self.merges, dag_tree_instances=self.graph.tree_size())

    def check(self) -> None:
        """Algorithm 1 from scratch; an inconsistent DAG is an internal error."""
        ok, why = is_consistent(self.graph.proc, self.graph.edges, self.tables)
        assert ok, f"DAG inlining built an inconsistent DAG: {why}"


def replay(tree: CallTree, shape: DagShape) -> None:
    """Rebuild the DAG of `shape` in `tree` (fresh: only its root), then check it."""
    plan = {(n, site): m for n, site, m in shape.edges}
    tree.sharing = sharing = DagSharing(tree, Merger("first"), plan)
    for n, site, _ in shape.edges:
        tree.inline(sharing.nodes[n], site)
    sharing.check()
