"""GNU asm spellings the parser does not read, rewritten in the preprocessed text.

Role: part of parse.py's GNU clean-up (`_gnu_cleanup` calls `rewrite_asm` before
parsing).  pycparserext reads `asm [volatile] ("..." : outputs : inputs : clobbers)` in a
function; it does not read
- symbolic operand names, `[name] "=r"(x)`: the `[name]` is blanked (the template, which
  refers to it as `%[name]`, is never read: frontend/inline_asm.py);
- the `inline` qualifier (`asm inline (...)`, a size hint to gcc): blanked;
- a file-scope `asm("...")`: blanked, i.e. ignored -- it defines symbols and sections and
  runs no code, unless it puts something in a section the loader runs (`.init_array`,
  `.ctors`, ...: `runs_at_startup`), which is unsupported; a function the program calls
  that only such an asm defines is a function without a body (the sound default);
- `asm goto` (jumps to C labels): unsupported, at its position.
Blanks are spaces of the same length (newlines kept), so every other token keeps its line
and column.  String and character literals and line markers are skipped, never changed.
"""
from __future__ import annotations

import re

from boogie.ast import Loc
from boogie.errors import error

from frontend.inline_asm import runs_at_startup

_ANY_ASM = re.compile(r"\b(?:__asm__|__asm|asm)\b")
_TOKEN = re.compile(r"""(?P<marker>^[ \t]*\#[^\n]*)
    | (?P<str>L?"(?:[^"\\\n]|\\.)*")
    | (?P<chr>L?'(?:[^'\\\n]|\\.)*')
    | (?P<word>[A-Za-z_]\w*)
    | (?P<space>\s+)
    | (?P<other>.)""", re.M | re.X | re.S)
_ASM_WORDS = {"asm", "__asm", "__asm__"}
_QUALIFIERS = {"volatile", "__volatile", "__volatile__", "inline", "__inline",
               "__inline__", "goto"}
_MARKER = re.compile(r'^[ \t]*#[ \t]*(?:line[ \t]+)?(\d+)(?:[ \t]+"((?:[^"\\]|\\.)*)")?',
                     re.M)


def rewrite_asm(text: str, path: str) -> str:
    """`text` with the asm spellings above rewritten (see the module docstring)."""
    if _ANY_ASM.search(text) is None:
        return text
    toks = [(m.lastgroup, m.start(), m.end()) for m in _TOKEN.finditer(text)]
    out = list(text)
    depth = 0                   # of (), [] and {} together
    prev = ";"                  # the last significant token's text (file start: as ';')
    i = 0
    while i < len(toks):
        kind, a, b = toks[i]
        if kind in ("space", "marker"):
            i += 1
            continue
        word = text[a:b]
        if kind == "word" and word in _ASM_WORDS:
            i = _asm(text, toks, i, out, path, top=depth == 0 and prev in (";", "}"))
            prev = ";"
            continue
        if kind == "other":
            if word in "([{":
                depth += 1
            elif word in ")]}":
                depth = max(0, depth - 1)
        prev = word
        i += 1
    return "".join(out)


def _asm(text: str, toks, i: int, out: list[str], path: str, top: bool) -> int:
    """Rewrite the asm starting at token i; the index of the token after it."""
    start = toks[i][1]
    j = _next(toks, i + 1)
    while j < len(toks) and toks[j][0] == "word" and text[toks[j][1]:toks[j][2]] in _QUALIFIERS:
        w = text[toks[j][1]:toks[j][2]]
        if w == "goto":
            raise error("unsupported", _location(text, toks[j][1], path),
                        "unsupported C construct: asm goto (inline assembly that jumps to "
                        "C labels)")
        if w.endswith("inline"):
            _blank(out, toks[j][1], toks[j][2])
        j = _next(toks, j + 1)
    if j >= len(toks) or text[toks[j][1]:toks[j][2]] != "(":
        return j                # not an asm statement (e.g. an identifier in a marker)
    depth, k = 0, j
    strings: list[str] = []
    while k < len(toks):
        kind, a, b = toks[k]
        t = text[a:b]
        if kind == "other" and t == "(":
            depth += 1
        elif kind == "other" and t == ")":
            depth -= 1
            if depth == 0:
                break
        elif kind == "str":
            strings.append(t)
        elif kind == "other" and t == "[":       # `[name] "c"(e)`: a symbolic name
            name = _next(toks, k + 1)
            close = _next(toks, name + 1)
            after = _next(toks, close + 1)
            if name < len(toks) and toks[name][0] == "word" and \
                    _text(text, toks, close) == "]" and after < len(toks) and \
                    toks[after][0] == "str":
                _blank(out, a, toks[close][2])
                k = after
                continue
        k += 1
    end = k + 1
    if top:
        if runs_at_startup(" ".join(strings)):
            raise error("unsupported", _location(text, start, path),
                        "unsupported C construct: file-scope asm that places code or data in "
                        "a section the loader runs (.init_array, .ctors, ...)")
        semi = _next(toks, end)
        if semi < len(toks) and _text(text, toks, semi) == ";":
            end = semi + 1
        _blank(out, start, toks[end - 1][2] if end - 1 < len(toks) else len(text))
    return end


def _next(toks, i: int) -> int:
    """The first significant token at or after i."""
    while i < len(toks) and toks[i][0] in ("space", "marker"):
        i += 1
    return i


def _text(text: str, toks, i: int) -> str:
    return text[toks[i][1]:toks[i][2]] if i < len(toks) else ""


def _blank(out: list[str], a: int, b: int) -> None:
    for x in range(a, b):
        if out[x] != "\n":
            out[x] = " "


def _location(text: str, offset: int, path: str) -> Loc:
    """The source position of `offset` in preprocessed text, by its line markers."""
    file, line, base = path, 1, 0
    for m in _MARKER.finditer(text, 0, offset):
        file = m.group(2) if m.group(2) is not None else file
        line = int(m.group(1))
        nl = text.find("\n", m.end())
        base = min(offset, nl + 1 if nl >= 0 else len(text))
    line += text.count("\n", base, offset)
    col = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return Loc(file, line, col)
