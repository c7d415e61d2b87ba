"""Search strategies: one module per strategy, all behind the `Strategy` protocol.

A strategy turns a call tree (`verifier.search.call_tree.CallTree`: the entry's VC asserted on one
solver, the shared VC templates, the open call sites and the bound rule) and the run's
`Budget` into a `Result`.  The engine picks one by its `--strategy` name from `STRATEGIES`.

Adding a strategy is one new module here with a class that has a `name` and a
`run(tree, budget) -> Result`, plus its line in `STRATEGIES` below (the CLI's `--strategy`
choices read the names from here) and its name in `verifier.options.STRATEGY_NAMES` (which
`VerifyOptions` checks; the options sit below this package, which imports the call tree,
which imports the options).
"""
from __future__ import annotations

from typing import Protocol

from verifier.search.call_tree import Budget, CallTree
from verifier.options import STRATEGY_NAMES
from verifier.result import Result
from verifier.strategies.dag_inlining import DagInlining
from verifier.strategies.horn_prover import HornProver
from verifier.strategies.inertial import Inertial
from verifier.strategies.legion import Legion
from verifier.strategies.static_inlining import StaticInlining
from verifier.strategies.stratified_inlining import StratifiedInlining


class Strategy(Protocol):
    name: str
    abstraction: bool     # may Corral's variable-abstraction loop (and Houdini) wrap it?
    # does its CORRECT carry its own independent re-check (chc: every Horn clause re-checked
    # on a fresh context)?  If not, the CORRECT rests on its call tree with every open site
    # summarized, and `corral_loop.run_inlining` re-checks that on a fresh solver
    rechecks_proofs: bool

    def run(self, tree: CallTree, budget: Budget) -> Result: ...


STRATEGIES: dict[str, Strategy] = {s.name: s for s in (
    StratifiedInlining(),   # --strategy si (default): CORRAL Fig. 2
    StaticInlining(),       # --strategy static: the papers' baseline
    HornProver(),           # --strategy chc: summaries from Horn clauses (z3's Spacer)
    Legion(),               # --strategy legion: UnderWidenSI (seed paper 001, Alg. 3)
    DagInlining(),          # --strategy di: SI unfolding to a DAG (PLDI 2015; Corral /di)
    Inertial(),             # --strategy inertial: REF-IR (seed paper 003, Alg. 2)
)}
assert tuple(STRATEGIES) == STRATEGY_NAMES, "verifier.options.STRATEGY_NAMES lists STRATEGIES"


def strategy(name: str) -> Strategy:
    """The strategy called `name` (an option already checked against `STRATEGIES`)."""
    assert name in STRATEGIES, f"unknown strategy {name}"
    return STRATEGIES[name]
