"""Unification-based points-to graphs (Steensgaard): one union-find for both front ends.

Role: the graph the C front end's points-to classes (frontend/c/points_to.py) and the LLVM
front end's memory regions (frontend/llvm/regions.py) are built on.  Nodes are hashable
keys; each class (root) points to at most one content class (what its values point to).
`union(a, b)` merges two classes and, recursively, their contents, so that one pointer's
targets are never split across two classes.  The class of `b` survives a union (its root
is the merged class's root), so that callers that number classes by root keep their
order.  `on_merge(kept, gone)` lets a subclass carry its own facts about a root along.
"""
from __future__ import annotations

from typing import Hashable


class Unification:
    """Union-find over hashable nodes, each root with at most one content node."""

    def __init__(self):
        self.parent: dict[Hashable, Hashable] = {}     # every node found, in order
        self.content: dict[Hashable, Hashable] = {}    # root -> its content node
        self._n = 0

    def fresh(self) -> Hashable:
        """A new node of its own class."""
        self._n += 1
        return ("#", self._n)

    def find(self, k: Hashable) -> Hashable:
        p = self.parent.setdefault(k, k)
        if p == k:
            return k
        root = k
        while self.parent[root] != root:
            root = self.parent[root]
        while self.parent[k] != root:
            self.parent[k], k = root, self.parent[k]
        return root

    def content_of(self, k: Hashable) -> Hashable:
        """The content node of k's class (made on first use)."""
        r = self.find(k)
        c = self.content.get(r)
        if c is None:
            c = self.content[r] = self.fresh()
        return c

    def union(self, a: Hashable, b: Hashable) -> Hashable:
        """Merge the classes of a and b (and their contents, recursively); the root."""
        work = [(a, b)]
        while work:
            x, y = work.pop()
            rx, ry = self.find(x), self.find(y)
            if rx == ry:
                continue
            self.parent[rx] = ry
            self.on_merge(ry, rx)
            cx, cy = self.content.pop(rx, None), self.content.get(ry)
            if cx is not None:
                if cy is None:
                    self.content[ry] = cx
                else:
                    work.append((cx, cy))
        return self.find(a)

    def on_merge(self, kept: Hashable, gone: Hashable) -> None:
        """Called when root `gone` becomes part of root `kept`."""
