"""Merge strategies: which existing node an open call site shares (PLDI 2015, Sec. 3.4).

Given the DAG, a node n and its call site s (calling q, class key k), the candidates are the
nodes of q with key k such that binding (n, s) to them keeps the DAG consistent
(`DagGraph.can_bind`).  With none, the answer is None (a fresh instance).  Otherwise:
* FIRST (the default): the oldest candidate;
* MAXC: the candidate with the most descendants (the most sharing);
* RANDOM: None with probability `RANDOM_FRESH`, else a candidate at random;
* RANDOMPICK: a candidate at random;
* OPT: the node the precomputed DAG D_o maps the site to (`opt.py`: colouring of the fully
  inlined program's conflict graphs), if one is already there; D_o is built once, from the
  full unfolding within the bound, so OPT is for measurement on small programs.
Random choices use a generator seeded by the option's seed: runs are reproducible.
"""
from __future__ import annotations

import random
from typing import Hashable

from verifier.options import DI_MERGES
from verifier.dag.graph import DagGraph

MERGE_NAMES = DI_MERGES
RANDOM_FRESH = 0.1     # RANDOM: the chance of a fresh instance although a merge is possible


class Merger:
    """A merge strategy by name; `choose` answers one open call site, `note` is told the
    node a site got (OPT keeps its embedding in D_o with it)."""

    def __init__(self, name: str, seed: int = 0, plan=None):
        assert name in MERGE_NAMES, f"unknown merge strategy {name}"
        assert (plan is not None) == (name == "opt"), "OPT, and only OPT, has a plan"
        self.name = name
        self.rng = random.Random(seed)
        self.plan = plan                       # opt.OptPlan
        self.in_plan: dict[int, int] = {0: 0}   # OPT: DAG node -> node of D_o
        self.of_plan: dict[int, int] = {0: 0}   # OPT: node of D_o -> DAG node

    def choose(self, g: DagGraph, n: int, site: int, proc: str, key: Hashable) -> int | None:
        if self.name == "first":
            return next((m for m in g.candidates(proc, key) if g.can_bind(n, site, m)), None)
        if self.name == "opt":
            at = self.in_plan.get(n)
            target = self.plan.target(at, site) if at is not None else None
            m = self.of_plan.get(target) if target is not None else None
            # D_o is consistent and the DAG embeds in it, so the test holds; it stays as
            # the guard every merge passes
            return m if m is not None and g.can_bind(n, site, m) else None
        ok = [m for m in g.candidates(proc, key) if g.can_bind(n, site, m)]
        if not ok:
            return None
        if self.name == "maxc":
            return max(ok, key=lambda m: (g.descendants(m), -m))
        if self.name == "random" and self.rng.random() < RANDOM_FRESH:
            return None
        return self.rng.choice(ok)

    def note(self, n: int, site: int, m: int) -> None:
        if self.name == "opt" and m not in self.in_plan and n in self.in_plan:
            target = self.plan.target(self.in_plan[n], site)
            if target is not None and target not in self.of_plan:
                self.in_plan[m] = target
                self.of_plan[target] = m
