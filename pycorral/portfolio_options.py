"""The portfolio options of `pycorral check` and `pycorral svcomp`: `--portfolio S1,S2,...`
(strategy names, each once; checked here so that a bad name is a usage error, exit 2).
The portfolio itself is `verifier/search/portfolio.py`."""
from __future__ import annotations

import click

from verifier.strategies import STRATEGIES


def portfolio_names(ctx, param, value):
    """click callback: the strategy names of `--portfolio`, known and each named once."""
    if value is None:
        return None
    names = tuple(n.strip() for n in value.split(","))
    for n in names:
        if n not in STRATEGIES:
            raise click.BadParameter(f"unknown strategy {n!r} (one of "
                                     f"{', '.join(STRATEGIES)})")
    if len(set(names)) != len(names):
        raise click.BadParameter("a strategy is named twice")
    return names
