"""Diagnostics for bad input: a code, a location and a message, printed on one line as
`file:line:col: error: message`.  Our own bugs are `assert`s, never diagnostics."""
from __future__ import annotations

from dataclasses import dataclass

from .ast import Loc, NO_LOC


@dataclass(frozen=True, slots=True)
class Diagnostic:
    code: str          # short registry key, e.g. "parse", "undeclared", "type"
    loc: Loc
    message: str

    def __str__(self) -> str:
        return f"{self.loc}: error: {self.message}"


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


def error(code: str, loc: Loc | None, message: str) -> BoogieError:
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
