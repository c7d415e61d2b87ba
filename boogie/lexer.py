"""Turns Boogie source text into a token stream for `boogie.parser`.

One compiled regular expression with named groups is matched repeatedly over the whole text
(no per-character Python loop).  Tokens are returned as four parallel lists (kind, text,
line, column) ending with an `EOF` token.  Token kinds:

- keywords and operators: the keyword or operator text itself (`"if"`, `":="`, `"<==>"`);
- `ID` identifiers (letters, digits and ``_ . $ # ' ` ~ ^ ?``, not starting with a digit),
  `NUM` natural numbers, `DEC` decimals (`1.5`, `1e3`, `1.5e-3`), `BV` bitvector literals
  (`5bv32`), `STR` string literals (text keeps the quotes), `EOF`.

Comments (`//` to end of line, nested `/* */`) and white space are skipped.  Bad input raises
`BoogieError` (code "parse") at the exact line and column.
"""
from __future__ import annotations

import re

from .ast import Loc
from .errors import error

KEYWORDS = frozenset("""
    assert assume async axiom bool break call complete const div else ensures exists extends
    false finite forall free function goto havoc if implementation int invariant lambda mod
    modifies old procedure real requires return returns then true type unique var where while
    yield
""".split())

_TOKEN = re.compile(r"""
  (?P<ws>[ \t\r\n\f\v]+)
| (?P<lc>//[^\n]*)
| (?P<bc>/\*)
| (?P<BV>[0-9]+bv[0-9]+)
| (?P<DEC>[0-9]+(?:\.[0-9]+(?:e-?[0-9]+)?|e-?[0-9]+))
| (?P<NUM>[0-9]+)
| (?P<ID>[A-Za-z'~\#$^_.?`][A-Za-z0-9'~\#$^_.?`]*)
| (?P<STR>"(?:[^"\\\n]|\\.)*")
| (?P<ustr>")
| (?P<op><==>|==>|<==|::|:=|==|!=|<=|>=|<:|&&|\|\||\+\+|\*\*|\|\{|\}\||[()\[\]{}<>,;:=!+\-*/])
| (?P<bad>.)
""", re.X | re.S)

_COMMENT_EDGE = re.compile(r"/\*|\*/")

Tokens = tuple[list[str], list[str], list[int], list[int]]


def tokenize(text: str, filename: str = "<input>") -> Tokens:
    """Kinds, texts, lines and columns (1-based) of all tokens, ending with `EOF`."""
    kinds: list[str] = []
    texts: list[str] = []
    lines: list[int] = []
    cols: list[int] = []
    match = _TOKEN.match
    kw = KEYWORDS
    line, line_start, pos, end = 1, 0, 0, len(text)
    while pos < end:
        m = match(text, pos)
        group = m.lastgroup
        tok = m.group()
        if group == "ws" or group == "lc":
            nl = tok.count("\n")
            if nl:
                line += nl
                line_start = pos + tok.rfind("\n") + 1
            pos = m.end()
            continue
        if group == "bc":
            close = _skip_comment(text, pos)
            if close < 0:
                raise error("parse", Loc(filename, line, pos - line_start + 1),
                            "unterminated comment")
            body = text[pos:close]
            nl = body.count("\n")
            if nl:
                line += nl
                line_start = pos + body.rfind("\n") + 1
            pos = close
            continue
        if group == "op":
            kinds.append(tok)
        elif group == "ID":
            kinds.append(tok if tok in kw else "ID")
        elif group == "bad" or group == "ustr":
            loc = Loc(filename, line, pos - line_start + 1)
            if group == "ustr":
                raise error("parse", loc, "unterminated string literal")
            raise error("parse", loc, f"unknown character {tok!r}")
        else:
            kinds.append(group)
        texts.append(tok)
        lines.append(line)
        cols.append(pos - line_start + 1)
        pos = m.end()
    kinds.append("EOF")
    texts.append("")
    lines.append(line)
    cols.append(pos - line_start + 1)
    return kinds, texts, lines, cols


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
