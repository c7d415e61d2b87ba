"""Marks on the translated entry procedure that the CLI reads: the C front end's warnings,
why the byte-level memory model was used, the points-to classes and the region maps.

Role: small helpers of frontend/c/translate.py (moved out to keep it under the module size
limit); each adds attributes to the procedure marked `{:entrypoint}`.
"""
from __future__ import annotations

from dataclasses import replace

from boogie.ast import Attr, Loc, Program, ProcedureDecl
from boogie.errors import BoogieError

from .byte_stores import BYTE_LEVEL, BYTE_LEVEL_CLASS
from .points_to import MemoryClasses


WARNING = "c_warning"     # entry attribute: a warning about the program ("file:line:col", text)


def _byte_level_because(prog: Program, why: BoogieError) -> Program:
    """`prog` (translated with the byte-level memory model) with the reason the typed
    models were refused on its entry procedure: `{:byte_level_memory "file:line", "what"}`
    (the CLI's note and statistics read it)."""
    d = why.first
    what = d.message.removeprefix("unsupported C construct: ").replace(
        " (needs byte-level memory)", "")
    return _mark_entry(prog, (Attr(BYTE_LEVEL, (f"{d.loc.file}:{d.loc.line}", what)),))


MEMORY_CLASSES = "memory_classes"    # entry attribute: "classes", "byte-level classes"


MEMORY_REGIONS = "memory_regions"    # entry attribute: classes with maps of their own


def _with_classes(prog: Program, classes: MemoryClasses | None, regions: int = 0) -> Program:
    """`prog` with the points-to classes of its memory (frontend/c/points_to.py) on its
    entry procedure: `{:memory_classes "N", "B"}` and, for each class whose cells are
    viewed at different types, `{:byte_level_class "R3", "obj1 obj2", "file:line", "what"}`
    (the CLI's statistics read them).  Only programs with a byte-level class are marked:
    a type-safe program's Boogie text stays as it was, but for `{:memory_regions "N"}`:
    the classes region_split.py gave maps of their own, where it gave any."""
    if regions:
        prog = _mark_entry(prog, (Attr(MEMORY_REGIONS, (str(regions),)),))
    if classes is None or not classes.byte_level:
        return prog
    marks = (Attr(MEMORY_CLASSES, (str(classes.count), str(len(classes.byte_level)))),)
    marks += tuple(Attr(BYTE_LEVEL_CLASS, (c.name, " ".join(c.objects), c.where, c.what))
                   for c in classes.byte_level)
    return _mark_entry(prog, marks)


def _with_warnings(prog: Program, warnings: list[tuple[Loc, str]]) -> Program:
    """`prog` with each warning (unsequenced.py) on its entry procedure:
    `{:c_warning "file:line:col", "message"}` (the CLI prints them, `c_warnings`)."""
    return _mark_entry(prog, tuple(Attr(WARNING, (str(loc), text))
                                   for loc, text in warnings))


def _mark_entry(prog: Program, marks: tuple[Attr, ...]) -> Program:
    if not marks:
        return prog
    decls = tuple(replace(x, attrs=x.attrs + marks)
                  if isinstance(x, ProcedureDecl) and any(a.name == "entrypoint"
                                                          for a in x.attrs) else x
                  for x in prog.decls)
    return replace(prog, decls=decls)


def c_warnings(prog: Program) -> tuple[str, ...]:
    """The C front end's warnings about a translated program, as the CLI prints them:
    `file:line:col: warning: message`."""
    return tuple(f"{a.args[0]}: warning: {a.args[1]}"
                 for d in prog.decls if isinstance(d, ProcedureDecl)
                 and any(a.name == "entrypoint" for a in d.attrs)
                 for a in d.attrs if a.name == WARNING and len(a.args) == 2)
