"""Disj_blk of one procedure: which pairs of its call sites no execution runs both of.

DAG inlining, Lal and Qadeer, PLDI 2015, Sec. 3.3: two blocks are disjoint when neither
reaches the other in the procedure's (acyclic, loops extracted) control-flow graph.  Lemma 1
lifts this to configurations: two call stacks with the longest common suffix w, `u g1 w` and
`v g2 w`, are disjoint when Disj_blk(g1, g2) holds -- so one table look-up per pair decides
it.  Our blocks hold several commands; two call sites in the SAME block are never disjoint
(the block runs both).

Input: a VC `Template` (its topological block order and successors, its call sites).
Output: a `SiteTable`, computed once per template (the paper's quadratic pre-processing:
one reachability bit set per block, in reverse topological order).
"""
from __future__ import annotations

from dataclasses import dataclass

from verifier.vc import Template


@dataclass(frozen=True, slots=True)
class SiteTable:
    """Disj_blk lifted to the call sites of one template."""
    proc: str
    block_of: tuple[str, ...]          # call-site index -> its block's label
    reach: dict[str, int]              # label -> bit set of the labels it reaches (itself too)
    bit: dict[str, int]                # label -> its bit

    def disjoint(self, a: int, b: int) -> bool:
        """No execution of the procedure runs both call sites `a` and `b`."""
        la, lb = self.block_of[a], self.block_of[b]
        if la == lb:
            return False
        return not (self.reach[la] & self.bit[lb]) and not (self.reach[lb] & self.bit[la])


def site_table(tmpl: Template) -> SiteTable:
    """Disj_blk of `tmpl`'s blocks, for its call sites."""
    bit = {label: 1 << i for i, label in enumerate(tmpl.order)}
    reach: dict[str, int] = {}
    for label in reversed(tmpl.order):      # successors first: the order is topological
        r = bit[label]
        for s in tmpl.blocks[label].succs:
            r |= reach[s]
        reach[label] = r
    return SiteTable(tmpl.proc, tuple(cs.block for cs in tmpl.call_sites), reach, bit)


class SiteTables:
    """One `SiteTable` per procedure, built on first use (a side table keyed by name)."""

    def __init__(self, template_of):
        self._template_of = template_of      # proc name -> Template
        self._tables: dict[str, SiteTable] = {}

    def __call__(self, proc: str) -> SiteTable:
        t = self._tables.get(proc)
        if t is None:
            t = self._tables[proc] = site_table(self._template_of(proc))
        return t
