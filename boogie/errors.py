"""Diagnostics for bad input: a code, a location and a message, printed on one line as
`file:line:col: error: message`.  Our own bugs are `assert`s, never diagnostics."""
from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from .ast import Loc, NO_LOC


class Code(StrEnum):
    """The registry of diagnostic codes (mypy's errorcodes.py): every `Diagnostic` of the
    project carries one of these.  A value is the short key shown in reports; `UNSUPPORTED`
    alone means "the verdict is UNKNOWN" (a construct we do not model), every other code is
    bad input.  Add a code here before using it."""
    IO = "io"                    # a file cannot be read
    INPUT = "input"              # bad input outside any grammar (bytes, sizes, names)
    PREPROCESS = "preprocess"    # the C preprocessor failed
    COMPILE = "compile"          # gcc or clang rejected the C / LLVM IR
    PARSE = "parse"              # syntax error
    UNDECLARED = "undeclared"    # a name without a declaration
    DUPLICATE = "duplicate"      # a name declared twice
    TYPE = "type"                # a type error
    ARITY = "arity"              # wrong number of arguments or results
    IMMUTABLE = "immutable"      # assignment to a constant, input or bound variable
    LABEL = "label"              # goto to an unknown label, duplicate label
    MODIFIES = "modifies"        # a global changed without a modifies clause
    ENTRY = "entry"              # no (or no unique) entry procedure
    UNSUPPORTED = "unsupported"  # a construct no front end / engine models: UNKNOWN


CODES = frozenset(c.value for c in Code)


@dataclass(frozen=True, slots=True)
class Diagnostic:
    code: str          # a `Code` (a str enum, so plain strings of the registry compare equal)
    loc: Loc
    message: str

    def __post_init__(self):
        assert self.code in CODES, f"diagnostic code {self.code!r} is not in boogie.errors.Code"

    @property
    def unsupported(self) -> bool:
        return self.code == Code.UNSUPPORTED

    def __str__(self) -> str:
        return f"{self.loc}: error: {self.message}"


class Unsupported(Exception):
    """A construct the verifier cannot model faithfully (polymorphism, a code expression
    with too many paths, ...): not bad input, the verdict is UNKNOWN with this reason.
    Raised by passes and by solver backends (`verifier.smt.solver` re-exports it).  The
    one type of every layer: the door's `frontend.load.Unsupported` (with its diagnostic),
    LLVM's reader's `UnsupportedIR`, the command lines' and `svcomp`'s are subclasses, so
    `except Unsupported` here catches them all (verifier/crash.py makes it UNKNOWN)."""


class BadInput(Exception):
    """Bad user input, of any layer: the command lines print one line
    `file:line:col: error: message` and exit 2 (never a verdict).  The door's
    `frontend.load.BadInput`, `pycorral.cli.InputError`, `svcomp`'s and the bench's input
    errors are subclasses.  (`BoogieError` is not: it carries diagnostics, and one of code
    UNSUPPORTED is no bad input -- the door splits them, frontend/load.py's `_split`.)"""


class BoogieError(Exception):
    """Bad Boogie input. Carries one or more diagnostics; `str()` is the first one's line."""

    def __init__(self, diagnostics: list[Diagnostic] | Diagnostic):
        if isinstance(diagnostics, Diagnostic):
            diagnostics = [diagnostics]
        assert diagnostics, "a BoogieError needs at least one diagnostic"
        self.diagnostics = list(diagnostics)
        super().__init__(str(self.diagnostics[0]))

    @property
    def first(self) -> Diagnostic:
        return self.diagnostics[0]


def error(code: Code | str, loc: Loc | None, message: str) -> BoogieError:
    return BoogieError(Diagnostic(code, loc or NO_LOC, message))


def one_line(err: Exception, path: str) -> str:
    """The first diagnostic of an error as one `file:line:col: error: message` line; an
    error without a location is placed at the start of `path` (used by the command lines)."""
    first = getattr(err, "first", None)
    if first is None:
        return f"{path}:1:1: error: {str(err).splitlines()[0] if str(err) else type(err).__name__}"
    loc = first.loc
    message = _on_one_line(first.message)
    if not loc.file or loc.line <= 0:
        return f"{loc.file or path}:{max(loc.line, 1)}:{max(loc.col, 1)}: error: {message}"
    return f"{loc}: error: {message}"


def _on_one_line(text: str) -> str:
    """A message that quotes user text (a name with a newline in it) stays one line."""
    return text.replace("\r", "\\r").replace("\n", "\\n")


_UNSUPPORTED_WORD = re.compile(r"^(?:unsupported:\s*)+", re.IGNORECASE)
_LINE_PREFIX = re.compile(r"^.*?:\d+:\d+: error: ")


def unsupported_what(message: str) -> str:
    """What a construct-not-modelled diagnostic (its message or its whole line) names,
    without the location and without a leading `unsupported: ` (one or several)."""
    return _UNSUPPORTED_WORD.sub("", _LINE_PREFIX.sub("", message, count=1))


def unsupported_reason(message: str) -> str:
    """The reason of an UNKNOWN verdict for a construct not modelled: `unsupported: WHAT`,
    the word once (a message that opens with it -- `unsupported C construct: ...` -- is
    kept as it is)."""
    what = unsupported_what(message)
    return what if what.lower().startswith("unsupported") else f"unsupported: {what}"
