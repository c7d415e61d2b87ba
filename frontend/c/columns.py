"""Turns the columns of preprocessed C into the columns of the file the user wrote.

Role: a step of parse.py, right after parsing.  `gcc -E` keeps every token on its line
(line markers name the file and line) but not at its column: it collapses white space,
drops comments and expands macros, so pycparser's `f.c:7:16` was the 16th character of the
*preprocessed* line.  Traces, witnesses, warnings and the native replay (which finds a
nondet call at its trace location, replay/sites.py) need the file's own column, the one
gcc's diagnostics and clang's debug information (the LLVM front end) name.

How: per line, the tokens of the preprocessed line are aligned with the tokens of the
file's line (difflib's longest matching blocks over the token texts).  A token that matches
takes its column in the file; a token of a macro's expansion takes the column of the first
token the expansion replaced -- the macro's name, as clang's expansion locations do.  Lines
that did not change keep their columns; so do lines of files that cannot be read (a `.i`
file's markers may name files that are not here) and lines too long to align
(`MAX_TOKENS`).

Input: the text pycparser read (after parse._gnu_cleanup) and its syntax tree, fresh from
the parser.  Output: the tree with the columns of its `Coord`s changed in place (each
Coord object once: nodes may share one); nothing else holds the tree yet.
"""
from __future__ import annotations

import re
from difflib import SequenceMatcher

SOURCE_ENCODING = "latin-1"
MAX_TOKENS = 2000             # per line, either side: the alignment is quadratic
_MARKER = re.compile(r'[ \t]*#[ \t]*(?:line[ \t]+)?(\d+)(?:[ \t]+"([^"\n]*)")?')
_TOKEN = re.compile(r"""
      [ \t\f\v\r]+                                  # white space
    | /\*.*?\*/ | //.*                              # a comment (within the line)
    | (?P<tok> [A-Za-z_$][\w$]*
             | \.?[0-9](?:[eEpP][+-]|[\w.])*
             | "(?:[^"\\]|\\.)*" | '(?:[^'\\]|\\.)*'
             | \.\.\. | <<= | >>= | -> | \+\+ | -- | << | >> | && | \|\| | \#\#
             | [-+*/%&|^!=<>]= | . )""", re.X)


def source_columns(ast, text: str, default_file: str) -> None:
    """Move the columns of the tree's coordinates to the source file's (see the module
    docstring); `text`: what the parser read, `default_file`: the file before any line
    marker."""
    changed = _changed_lines(text, default_file)
    if not changed:
        return
    maps: dict[tuple[str, int], dict[int, int] | None] = {}
    seen: set[int] = set()
    stack = [ast]
    while stack:
        node = stack.pop()
        coord = getattr(node, "coord", None)
        if coord is not None and id(coord) not in seen:
            seen.add(id(coord))
            key = (coord.file, coord.line)
            if key in changed and coord.column:
                if key not in maps:
                    maps[key] = _column_map(*changed[key])
                col = (maps[key] or {}).get(coord.column)
                if col is not None:
                    coord.column = col
        stack.extend(child for _, child in node.children())


def _changed_lines(text: str, default_file: str) -> dict[tuple[str, int], tuple[str, str]]:
    """(file, line) -> (the preprocessed line, the file's line) for each line the
    preprocessor changed, in files that can be read."""
    pre: dict[tuple[str, int], str | None] = {}
    file, line = default_file, 1
    for raw in text.split("\n"):
        m = _MARKER.match(raw)
        if m:
            line, file = int(m.group(1)), file if m.group(2) is None else m.group(2)
            continue
        key = (file, line)
        # a file included twice may show one line twice: only the same text is mapped
        pre[key] = raw if pre.get(key, raw) == raw else None
        line += 1
    sources: dict[str, list[str] | None] = {}
    out: dict[tuple[str, int], tuple[str, str]] = {}
    for (f, ln), raw in pre.items():
        if raw is None:
            continue
        if f not in sources:
            sources[f] = _read_lines(f)
        lines = sources[f]
        if lines is None or ln > len(lines):
            continue
        orig = lines[ln - 1].rstrip("\r")
        if orig != raw:
            out[(f, ln)] = (raw, orig)
    return out


def _read_lines(path: str) -> list[str] | None:
    try:
        with open(path, "rb") as fh:
            return fh.read().decode(SOURCE_ENCODING).split("\n")
    except (OSError, ValueError):
        return None


def _tokens(line: str) -> list[tuple[int, str]]:
    """(1-based column, text) of each token of one line."""
    return [(m.start("tok") + 1, m.group("tok")) for m in _TOKEN.finditer(line)
            if m.group("tok") is not None]


def _column_map(pre: str, orig: str) -> dict[int, int] | None:
    """The file's column of each token column of the preprocessed line, or None when
    the line has no tokens or is too long to align."""
    a, b = _tokens(pre), _tokens(orig)
    if not a or not b or len(a) > MAX_TOKENS or len(b) > MAX_TOKENS:
        return None
    out: dict[int, int] = {}
    blocks = SequenceMatcher(None, [t for _, t in a], [t for _, t in b], autojunk=False)
    for tag, i1, i2, j1, j2 in blocks.get_opcodes():
        for k in range(i1, i2):
            if tag == "equal":
                out[a[k][0]] = b[j1 + k - i1][0]
            else:
                # an expansion: the first token it replaced (or, replacing none, the
                # token before it)
                out[a[k][0]] = b[j1][0] if j1 < j2 else b[max(j1 - 1, 0)][0]
    return out
