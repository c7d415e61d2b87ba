"""What a bounded search did not cover: the loops and recursive procedures it cut off.

`cutoffs(procs, cut)`: `cut` maps the callee of each open call site left blocked at the
bound to why ("bound": its recursion count exceeds the bound; "depth": the stack-depth
bound), `procs` the prepared program's procedures by name.  A procedure the loop
extraction made (`{:extracted_loop "f", "head"}`, or SMACK/Corral's `{:LoopProcedure}`) is
a loop of the function it came from (followed through nested loops to the user's
function), located at the first source location of its head block; any other procedure
cut at the bound is recursion, located at the first source location of its body.
"""
from __future__ import annotations

from typing import Mapping

from boogie.ast import attr

from verifier.result import CutOff
from verifier.traces.trace import cmd_source_loc


def cutoffs(procs: Mapping[str, object], cut: Mapping[str, str]) -> tuple[CutOff, ...]:
    out = [_one(procs, name, why) for name, why in cut.items()]
    return tuple(sorted(out, key=lambda c: (c.file, c.line, c.function, c.proc)))


def _one(procs: Mapping[str, object], name: str, why: str) -> CutOff:
    decl = procs.get(name)
    loop = attr(getattr(decl, "attrs", ()), "extracted_loop") if decl is not None else None
    smack_loop = decl is not None and attr(getattr(decl, "attrs", ()), "LoopProcedure")
    file, line = _location(decl, loop.args[1] if loop is not None and len(loop.args) > 1
                           else None)
    if why == "depth":
        return CutOff(name, "depth", _function(procs, name), file, line)
    if loop is not None or smack_loop:
        return CutOff(name, "loop", _function(procs, name), file, line)
    return CutOff(name, "recursion", name, file, line)


def _function(procs: Mapping[str, object], name: str) -> str:
    """The user's procedure a (possibly nested) extracted loop came from."""
    seen = set()
    while name not in seen:
        seen.add(name)
        decl = procs.get(name)
        loop = attr(getattr(decl, "attrs", ()), "extracted_loop") if decl is not None \
            else None
        if loop is None or not loop.args or not isinstance(loop.args[0], str):
            return name
        name = loop.args[0]
    return name


def _location(decl, head: object) -> tuple[str, int]:
    body = getattr(decl, "body", None)
    blocks = list(getattr(body, "blocks", ()) or ())
    if isinstance(head, str):
        blocks = [b for b in blocks if b.label == head] + blocks
    for b in blocks:
        for c in b.cmds:
            loc = cmd_source_loc(c)
            if loc is not None and loc[1] > 0:
                return loc[0], loc[1]
    return "", 0
