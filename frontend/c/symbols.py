"""What C identifiers denote while a program is translated: scope entries (`Sym`), function
signatures (`FuncInfo`), pending global initialisers (`GlobalInit`), and the Boogie spelling
of a C name (`boogie_name`).

Role: the small shared vocabulary of the program level (translate.py) and the function
level (function.py and its construct modules), kept apart so neither imports the other.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from boogie.ast import Expr, Loc

from frontend.common import BOOGIE_RESERVED

from .typesys import CType, FuncT

_BV_NAME = re.compile(r"^bv\d+$")


def boogie_name(c_name: str) -> str:
    """A Boogie identifier for a C identifier (reserved words get a `$` suffix)."""
    if c_name in BOOGIE_RESERVED or _BV_NAME.match(c_name):
        return c_name + "$"
    return c_name


@dataclass(slots=True)
class Sym:
    """What a C identifier denotes in a scope."""
    kind: str                   # "var" | "mem" | "func" | "enum" | "typedef"
    type: CType
    name: str = ""              # Boogie variable / procedure name
    addr: Expr | None = None    # "mem": the object's address
    value: int = 0              # "enum": the constant


@dataclass(slots=True)
class FuncInfo:
    name: str                   # Boogie procedure name
    type: FuncT
    node: object | None = None  # the FuncDef, when there is a body
    file: str = ""
    param_names: list[str] = field(default_factory=list)
    c_name: str = ""            # the C name (differs when it is a Boogie keyword)
    varargs: bool = False       # variadic and reads its variable arguments (varargs.py)
    # for a function without a body (externs.py): which parameters point to `const`,
    # and where it was declared
    const_params: tuple[bool, ...] = ()
    decl_loc: Loc | None = None
    # a definition linked from a model library (frontend/models.py, libraries.py): the
    # library's path; the program's own declaration (None: none, or implicit); whether the
    # model is marked `__attribute__((malloc))` (its result is fresh, untyped memory)
    model: str | None = None
    declared: FuncT | None = None
    allocator: bool = False


@dataclass(slots=True)
class GlobalInit:
    sym: Sym
    init: object | None         # the initializer node (None: zero)
    type: CType
    loc: Loc
