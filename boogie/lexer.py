"""Turns Boogie source text into a token stream for `boogie.parser`.

One compiled regular expression with named groups is scanned over the whole text with
`finditer` (no per-character Python loop); white space and `//` comments are absorbed into the
prefix of each match, nested `/* */` comments are skipped by a small depth-counting search.
Tokens are parallel lists (kind, text, start offset) ending with an `EOF` token; line and
column are computed only when asked (`Tokens.position`).  Token kinds:

- keywords and operators: the keyword or operator text itself (`"if"`, `":="`, `"<==>"`);
- `ID` identifiers (letters, digits and ``_ . $ # ' ` ~ ^ ?``, not starting with a digit),
  `NUM` natural numbers, `DEC` decimals (`1.5`, `1e3`, `1.5e-3`), `BV` bitvector literals
  (`5bv32`), `STR` string literals (text keeps the quotes), `EOF`.

Comments (`//` to end of line, nested `/* */`) and white space are skipped.  Bad input raises
`BoogieError` (code "parse") at the exact line and column.
"""
from __future__ import annotations

import re
from bisect import bisect_right

from .ast import Loc
from .errors import error

KEYWORDS = frozenset("""
    assert assume async axiom bool break call complete const div else ensures exists extends
    false finite forall free function goto havoc if implementation int invariant lambda mod
    modifies old procedure real requires return returns then true type unique var where while
    yield
""".split())

# Each match is optional white space / line comments, then one token (or the end).
_TOKEN = re.compile(r"""
  (?:[ \t\r\n\f\v]+|//[^\n]*)*
  (?:
    (?P<BV>[0-9]+bv[0-9]+)
  | (?P<DEC>[0-9]+(?:\.[0-9]+(?:e-?[0-9]+)?|e-?[0-9]+))
  | (?P<NUM>[0-9]+)
  | (?P<ID>[A-Za-z'~\#$^_.?`][A-Za-z0-9'~\#$^_.?`]*)
  | (?P<op><==>|==>|<==|::|:=|==|!=|<=|>=|<:|&&|\|\||\+\+|\*\*|\|\{|\}\||/\*
          |[()\[\]{}<>,;:=!+\-*/])
  | (?P<STR>"(?:[^"\\\n]|\\.)*")
  | (?P<ustr>")
  | (?P<EOF>\Z)
  | (?P<bad>.)
  )
""", re.X | re.S)

_GROUPS = [None] * (_TOKEN.groups + 1)
for _name, _index in _TOKEN.groupindex.items():
    _GROUPS[_index] = _name
_COMMENT_EDGE = re.compile(r"/\*|\*/")
_NEWLINE = re.compile(r"\n")


class Tokens:
    """Parallel lists `kinds`, `texts`, `starts` (offsets) of the tokens, ending with
    `EOF`; `position(i)` gives the token's 1-based (line, column), computed on demand."""
    __slots__ = ("kinds", "texts", "starts", "line_starts")

    def __init__(self, kinds, texts, starts, line_starts):
        self.kinds, self.texts, self.starts, self.line_starts = kinds, texts, starts, line_starts

    def position(self, i: int) -> tuple[int, int]:
        return offset_position(self.line_starts, self.starts[i])


def offset_position(line_starts: list[int], offset: int) -> tuple[int, int]:
    line = bisect_right(line_starts, offset)
    return line, offset - line_starts[line - 1] + 1


def tokenize(text: str, filename: str = "<input>") -> Tokens:
    """All tokens of `text`, ending with `EOF`; raises BoogieError on bad input."""
    line_starts = [0]
    line_starts.extend(m.end() for m in _NEWLINE.finditer(text))
    kinds: list[str] = []
    texts: list[str] = []
    starts: list[int] = []
    kw = KEYWORDS
    groups = _GROUPS
    pos = 0
    while True:
        for m in _TOKEN.finditer(text, pos):
            index = m.lastindex
            group = groups[index]
            tok = m.group(index)
            if group == "ID":
                kinds.append(tok if tok in kw else "ID")
            elif group == "op":
                if tok == "/*":
                    break                      # nested comment: skip it, restart the scan
                kinds.append(tok)
            elif group == "EOF":
                kinds.append("EOF")
                texts.append("")
                starts.append(len(text))
                return Tokens(kinds, texts, starts, line_starts)
            elif group == "bad" or group == "ustr":
                loc = Loc(filename, *offset_position(line_starts, m.start(index)))
                if group == "ustr":
                    raise error("parse", loc, "unterminated string literal")
                raise error("parse", loc, f"unknown character {tok!r}")
            else:
                kinds.append(group)
            texts.append(tok)
            starts.append(m.start(index))
        else:
            raise AssertionError("tokenize: the scan ended without EOF")
        comment = m.start(index)
        pos = _skip_comment(text, comment)
        if pos < 0:
            raise error("parse", Loc(filename, *offset_position(line_starts, comment)),
                        "unterminated comment")


def _skip_comment(text: str, start: int) -> int:
    """The offset just after the `*/` closing the (nested) comment opened at `start`,
    or -1 when the comment never closes."""
    depth = 0
    search = _COMMENT_EDGE.search
    pos = start
    while True:
        m = search(text, pos)
        if m is None:
            return -1
        depth += 1 if m.group() == "/*" else -1
        pos = m.end()
        if depth == 0:
            return pos
