"""The click options generated from the option table (the `RunOptions` declarations).

Role: the command line's side of `verifier/option_table.py`.  `table_options(command)`
decorates a click command with every run option whose declaration names `command`, in the
fields' order, a group of options declared elsewhere (the compiler-style flags of
`cc_options`, the property flags of `property_options`) taking its field's place;
`table_options(command, *names)` with the named fields' options only, so that a command
with options of its own between them (`translate`, `bpl`) keeps its order.  The symbolic
types of the declarations become click's here: "seconds" -> `limits.SECONDS`, "file" ->
a path that is not a folder, "file_or_dash" -> the same or '-', `choices` -> a Choice,
`min`/`max` -> an IntRange, callback "strategy_list" -> `portfolio_names`.
"""
from __future__ import annotations

from dataclasses import fields
from typing import Any, Callable

import click

from pycorral.cc_options import compiler_options
from pycorral.limits import SECONDS
from pycorral.portfolio_options import portfolio_names
from pycorral.property_options import property_options
from verifier.option_table import Flag, flag_of, spec_of
from verifier.run_options import RunOptions

_TYPES: dict[str, Callable[[], Any]] = {
    "seconds": lambda: SECONDS,
    "file": lambda: click.Path(dir_okay=False),
    "file_or_dash": lambda: click.Path(dir_okay=False, allow_dash=True),
}
_CALLBACKS = {"strategy_list": portfolio_names}
_GROUPS = {"compiler": compiler_options, "properties": property_options}


def click_option(flag: Flag) -> Callable:
    """The click option of one declaration."""
    kw = flag.keywords()
    if "choices" in kw:
        kw["type"] = click.Choice(list(kw.pop("choices")))
    if "min" in kw or "max" in kw:
        kw["type"] = click.IntRange(**{k: kw.pop(k) for k in ("min", "max") if k in kw})
    if isinstance(kw.get("type"), str):
        kw["type"] = _TYPES[kw["type"]]()
    if "callback" in kw:
        kw["callback"] = _CALLBACKS[kw["callback"]]
    return click.option(*flag.decls, flag.param, **kw)


def _decorators(command: str, names: tuple[str, ...]) -> list[Callable]:
    out = []
    for f in fields(RunOptions):
        if names and f.name not in names:
            continue
        flag, group = flag_of(f), spec_of(f).group
        if flag is not None and command in flag.commands:
            out.append(click_option(flag))
        elif group is not None and not names and command == "check":
            out.append(_GROUPS[group])
    assert not names or len(out) == len(names), f"{command}: not all of {names} are options"
    return out


def table_options(command: str, *names: str) -> Callable:
    """A decorator adding the table's options of `command` (all of them, or the fields
    `names`) in the table's order."""
    decorators = _decorators(command, names)

    def decorate(f):
        for d in reversed(decorators):      # click lists the last one applied first
            f = d(f)
        return f
    return decorate
