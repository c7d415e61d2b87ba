"""Boogie names of LLVM names, and the LLVM front end's `unsupported` diagnostic.

Role: the spelling rules translate.py, calls.py and memops.py share (an LLVM name may hold
characters Boogie identifiers do not, or be a Boogie keyword), kept apart so that those
modules need not import each other.
"""
from __future__ import annotations

import re

from boogie.ast import Loc
from boogie.errors import BoogieError, error

from frontend.common import BOOGIE_RESERVED


def unsupported(loc: Loc, what: str) -> BoogieError:
    return error("unsupported", loc, f"unsupported: {what}")


_ID_BAD = re.compile(r"[^A-Za-z0-9_.$#'`~^?]")
_RESERVED = BOOGIE_RESERVED | {"pycorral_main", "pycorral_error"}


def ident(name: str) -> str:
    """A Boogie identifier for an LLVM name (escaped characters, reserved words and
    bitvector type names get a `$` suffix, a leading digit a `$` prefix)."""
    s = _ID_BAD.sub(lambda m: f"${ord(m.group()):x}$", name)
    if s[:1].isdigit():
        s = "$" + s
    if s in _RESERVED or re.fullmatch(r"bv\d+", s):
        s += "$"
    return s
