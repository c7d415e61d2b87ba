"""The C front end's part of `--encoding auto` (frontend/encoding_choice.py): does a
translated program store computed integers into byte-level memory?

Role: reads a program the C front end translated in the int encoding -- its entry's marks
of byte-level memory (`{:byte_level_memory ...}`: the whole-program byte model, translate.py;
`{:byte_level_class ...}`: a points-to class alone on bytes, points_to.py and
byte_split.py) and its stores into the byte map `$M.bytes` -- and says whether it has the
int encoding's slow case: a byte `(v div 256^k) mod 256`, k >= 1, of a value `v` that is
not a constant (`Memory.bytes_store`).  Constants fold and single bytes need no division:
those stay `int`.
"""
from __future__ import annotations

from boogie.ast import App, Assign, IntLit, Loc, Op, ProcedureDecl, Program, attr

BYTE_LEVEL = "byte_level_memory"        # entry attribute: why the byte-level model was used
BYTE_LEVEL_CLASS = "byte_level_class"  # entry attribute: "class", "objects", "file:line", "what"
BYTE_MAP = "$M.bytes"        # the byte map (frontend/memory.py, byte_split.py)


def byte_level_memory(prog: Program) -> str | None:
    """What of `prog`'s memory is byte level, as the command line's notes name it: the
    byte-level classes ("class R3 (objects: a b): f.c:12: what", the first of them and how
    many more), or the whole program's byte-level model ("f.c:12: what"); None when the
    memory is typed throughout."""
    entry = next((d for d in prog.decls if isinstance(d, ProcedureDecl)
                  and any(a.name == "entrypoint" for a in d.attrs)), None)
    if entry is None:
        return None
    whole = attr(entry.attrs, BYTE_LEVEL)
    if whole is not None and len(whole.args) == 2:
        return f"the whole program: {whole.args[0]}: {whole.args[1]}"
    classes = [a.args for a in entry.attrs if a.name == BYTE_LEVEL_CLASS and len(a.args) == 4]
    if not classes:
        return None
    name, objects, where, what = classes[0]
    more = f" and {len(classes) - 1} more" if len(classes) > 1 else ""
    return f"class {name} (objects: {objects or '?'}): {where}: {what}{more}"


def wide_byte_stores(prog: Program) -> str | None:
    """`prog`'s (int encoding) stores of a computed value wider than a byte into its
    byte-level memory -- a byte `(v div 256^k) mod 256` of a `v` that is not a constant,
    the int encoding's slow case (frontend/encoding_choice.py) -- as the note names them:
    the byte-level memory (`byte_level_memory`), where the first store is and how many
    there are; None when there is none."""
    from boogie.visit import lhs_root, subexprs

    what = byte_level_memory(prog)
    if what is None:                    # typed memory throughout: nothing to look for
        return None
    stores: set[Loc] = set()          # (a store writes several bytes: counted once)
    first = None
    for proc in prog.decls:
        if not isinstance(proc, ProcedureDecl) or proc.body is None:
            continue
        for block in proc.body.blocks:
            for c in block.cmds:
                if isinstance(c, Assign) and any(
                        lhs_root(lhs) == BYTE_MAP and any(map(_upper_byte, subexprs(rhs)))
                        for lhs, rhs in zip(c.lhs, c.rhs)):
                    stores.add(c.loc)
                    first = first or c.loc
    if first is None:
        return None
    many = f" (the first of {len(stores)})" if len(stores) > 1 else ""
    return f"{what}; a computed value wider than a byte stored into it at " \
        f"{first.file}:{first.line}{many}"


def _upper_byte(e) -> bool:
    """`(v div 256^k) mod 256` with `v` not a literal: a byte above the lowest of a
    computed value (Memory.bytes_store in the int encoding)."""
    if not (isinstance(e, App) and e.op is Op.MOD and e.args[1] == IntLit(256)):
        return False
    d = e.args[0]
    return isinstance(d, App) and d.op is Op.DIV and isinstance(d.args[1], IntLit) and \
        not isinstance(d.args[0], IntLit)
