"""Turns C source files into pycparser syntax trees: preprocessing, GNU clean-up, parsing.

Role: the one module that imports pycparser/pycparserext (the boundary of the C front end).
`.c` files go through the system preprocessor (`gcc -E`, with the flags of
frontend/c/compiler.py: `-m32`/`-m64` for the data model, `-nostdinc` and the headers
pycorral ships in frontend/include/); `.i` files are already preprocessed and are parsed as
they are.  `read_source` also has gcc check the file (compiler.syntax_check): C that gcc
rejects is never translated.  A file with `#line` directives is read from its physical copy
(frontend/line_directives.py), so that every location names its physical lines; in the
Microsoft dialect (frontend/msdialect.py) a `.i` file is preprocessed again.  GNU extensions (`__attribute__`, `__extension__`, `asm`
labels and statements, statement expressions, `typeof`) are handled by pycparserext's
GnuCParser; the few spellings it does not know are rewritten here, in `_gnu_cleanup`, and
nowhere else (the asm ones by asm_syntax.py).

Sources are read as Latin-1, one character per byte, so that every byte survives (a string
literal holds exactly the bytes of the source, as in gcc); consteval.py maps the characters
of literals back to bytes.  Every error is placed where it happened: the preprocessor's and
gcc's own `file:line:col`, the parser's next token, or the end of the last token when the
input ends too early; running out of recursion depth raises deep.NestingTooDeep at the
parser's position (deep.run_deep retries on a big stack).

The translator never imports pycparser: it dispatches on node class names and reads node
fields, so this module re-exports the pieces it needs (`c_ast`, `Coord`).
"""
from __future__ import annotations

import os
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

from pycparser import c_ast  # noqa: F401  (re-exported for the translator)
from pycparser.c_parser import ParseError
from pycparserext.ext_c_parser import GnuCParser

from boogie.ast import Loc
from boogie.errors import BoogieError, error
from frontend.cflags import CFlags

from frontend.line_directives import has_directives, physical_text

from .asm_syntax import rewrite_asm
from .columns import source_columns
from .compiler import (diagnostic_flags, first_error, gcc_env,
                       preprocessor_flags, source_args, syntax_check)
from .deep import NestingTooDeep
from .syntax_messages import compiler_message, expected_message

# Sources are bytes: Latin-1 maps each byte to one character and back (see the docstring).
SOURCE_ENCODING = "latin-1"

# Spellings GnuCParser does not accept, rewritten before parsing (token-level, by regex on
# identifiers only, so string literals containing them are not touched in practice).
_GNU_REWRITES = (
    (re.compile(r"\b__extension__\b"), ""),      # a no-op that only silences warnings
    (re.compile(r"\b__builtin_offsetof\b"), "offsetof"),    # the parser's keyword
    (re.compile(r"\b__signed__\b"), "signed"),
    (re.compile(r"\b__signed\b"), "signed"),
    (re.compile(r"\b__volatile__\b"), "volatile"),
    (re.compile(r"\b_Noreturn\b"), ""),
    (re.compile(r"\b__thread\b"), "_Thread_local"),     # kept: translate.py reads it
    # the interchange types: their C spelling, or a combination of specifiers C does not
    # have that type_decls.py reads as the format the front end does not model (never a
    # silent double: `long long double` is binary128, `short float` half precision)
    (re.compile(r"\b_Float32\b"), "float"),
    (re.compile(r"\b_Float(64|32x)\b"), "double"),
    (re.compile(r"\b_Float64x\b"), "long double"),
    (re.compile(r"\b(__float128|_Float128x?)\b"), "long long double"),
    (re.compile(r"\b__fp16\b"), "short float"),
    # i386 calling conventions (Windows headers, CIL's spelling of `__stdcall`): no meaning
    # for the translator, and GnuCParser rejects an attribute inside a parenthesized
    # declarator, `NTSTATUS (__attribute__((__stdcall__)) *f)(...)`
    (re.compile(r"\b__attribute__\s*\(\(\s*(?:__)?(?:stdcall|cdecl|fastcall|thiscall|"
                r"vectorcall|ms_abi|sysv_abi)(?:__)?\s*\)\)"), ""),
    # an attribute inside the parenthesized name of a function declarator (CIL prints
    # the kernel's `static inline T *(__attribute__((__always_inline__)) get_current)(void)`),
    # which GnuCParser rejects: inlining hints and warnings (`long (__attribute__((
    # __warn_unused_result__)) IS_ERR)(void const *ptr)`), no meaning for the translator
    (re.compile(r"(?<=\()\s*__attribute__\s*\(\(\s*(?:__)?(?:always_inline|noinline|"
                r"gnu_inline|cold|hot|unused|used|noclone|flatten|warn_unused_result|"
                r"deprecated|artificial)(?:__)?\s*\)\)"
                r"(?=\s*[A-Za-z_]\w*\s*\)\s*\()"), ""),
)


@dataclass(frozen=True, slots=True)
class ParsedFile:
    """One C translation unit: its path (as given), the preprocessed text and the tree."""
    path: str
    text: str
    ast: object          # pycparser c_ast.FileAST


def preprocess(path: str, data_model: str, cflags: CFlags = CFlags()) -> str:
    """The preprocessed text of `path` (`.i` files are read as they are), with the user's
    compiler-style flags (frontend/cflags.py)."""
    if path.endswith(".i") and not cflags.ms_extensions:
        try:
            text = Path(path).read_bytes().decode(SOURCE_ENCODING)
        except OSError as ex:
            raise error("input", Loc(path, 1, 1), f"cannot read file: {ex.strerror or ex}")
        _only_line_markers(text, path)
        # locations name the physical lines (frontend/line_directives.py)
        return physical_text(text, path, preprocessed=True) if has_directives(text) else text
    cmd = ["gcc", "-E", *diagnostic_flags(), *preprocessor_flags(data_model, cflags),
           *source_args(path, cflags)]
    try:
        out = subprocess.run(cmd, capture_output=True, env=gcc_env(), timeout=60)
    except (OSError, subprocess.TimeoutExpired) as ex:
        raise error("preprocess", Loc(path, 1, 1), f"cannot run the preprocessor: {ex}")
    if out.returncode != 0:
        stderr = out.stderr.decode("utf-8", errors="replace")
        found = first_error(stderr, path)
        if found is not None:
            header = _system_header(found[1], cflags)
            if header is not None:
                raise error("unsupported", found[0],
                            f"unsupported C construct: header <{header}>: the C front end has "
                            "no model of it (the system's is there: --frontend llvm reads it)")
            raise error("preprocess", found[0], found[1])
        lines = stderr.strip().splitlines()
        raise error("preprocess", Loc(path, 1, 1),
                    "preprocessing failed: " + (lines[0] if lines else "gcc -E failed"))
    return out.stdout.decode(SOURCE_ENCODING)


_MISSING = re.compile(r"^(?:fatal error: )?(?P<h>[^\s:]+): No such file or directory$")


def _system_header(message: str, cflags: CFlags) -> str | None:
    """The header of gcc's "X: No such file or directory" when the system's compiler finds
    it (with the user's include folders): valid C whose header pycorral's own headers, which
    stand in for the system's, do not have -- unsupported, not bad input.  None otherwise."""
    m = _MISSING.match(message)
    if m is None:
        return None
    header = m.group("h")
    dirs = [a for opt, d in cflags.include_dirs for a in (opt, d)]
    try:
        out = subprocess.run(["gcc", "-E", "-w", *dirs, "-x", "c", "-"],
                             input=f"#include <{header}>\n".encode(), capture_output=True,
                             env=gcc_env(), timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return header if out.returncode == 0 else None


# what a preprocessed file may hold of directives: GNU's line markers `# N "file" flags`,
# `#pragma`, `#ident` and an empty `#` (gcc -fpreprocessed rejects the rest, `#line` too)
_PREPROCESSED_DIRECTIVE = re.compile(r"^[ \t]*#[ \t]*(?:\d|pragma\b|ident\b|$)")
_ANY_DIRECTIVE = re.compile(r"^[ \t]*#", re.M)


def _only_line_markers(text: str, path: str) -> None:
    """Bad input, as gcc says, for a directive a preprocessed (.i) file cannot hold (the
    fuzz campaign's seed 36: `#line N` in a .i file got a verdict gcc's "stray '#'"
    refuses)."""
    for m in _ANY_DIRECTIVE.finditer(text):
        end = text.find("\n", m.start())
        line_text = text[m.start():end if end >= 0 else len(text)]
        if not _PREPROCESSED_DIRECTIVE.match(line_text):
            line = text.count("\n", 0, m.start()) + 1
            col = m.end() - m.start()
            raise error("preprocess", Loc(path, line, col),     # gcc's: a compiler's no
                        "stray '#' in program: a preprocessed file (.i) holds no directive "
                        "but line markers ('# N \"file\"') and #pragma")


@dataclass(frozen=True, slots=True)
class Source:
    """One input file, preprocessed; `gcc_accepts`: gcc's syntax check ran and passed, so
    whatever our parser cannot read is valid C it does not support (not bad input)."""
    path: str
    text: str
    gcc_accepts: bool


def read_source(path: str, data_model: str, check: bool = True,
                cflags: CFlags = CFlags()) -> Source:
    """The preprocessed text of one input file, after gcc has checked it (`check`)."""
    if not os.path.isfile(path):
        raise error("input", Loc(path, 1, 1), "no such file")
    text = preprocess(path, data_model, cflags)
    accepted = syntax_check(path, data_model, cflags) if check else False
    return Source(path, text, accepted)


def parse_source(src: Source) -> ParsedFile:
    return ParsedFile(src.path, src.text, parse_text(src.text, src.path, src.gcc_accepts))


def _gnu_cleanup(text: str, path: str = "") -> str:
    for pat, repl in _GNU_REWRITES:
        text = pat.sub(repl, text)
    # asm spellings the parser does not read: symbolic operand names, `inline`, file-scope
    # asm (ignored), `asm goto` (unsupported) -- asm_syntax.py
    return rewrite_asm(_marker_names(_normalize_whitespace(text)), path)


# `# 12 "file"` / `#line 12 "file"`: the file name is a path, not literal bytes; read as
# UTF-8 (as Python reads command-line paths) so that locations name the file as given.
_MARKER = re.compile(r'^([ \t]*#[ \t]*(?:line[ \t]+)?\d+[ \t]+")([^"\n]*)"', re.M)


def _marker_names(text: str) -> str:
    if text.isascii():
        return text
    return _MARKER.sub(lambda m: m.group(1) + m.group(2).encode(SOURCE_ENCODING).decode(
        "utf-8", errors="replace") + '"', text)


# Outside literals gcc reads form feed, vertical tab and NUL as white space and a lone CR
# as a line end; pycparser's lexer knows only space, tab and LF.  (`gcc -E` output has
# none of them; `.i` files may.)  Inside string and character literals they are bytes.
_ODD_SPACE = re.compile(r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'|[\f\v\0]')


def _normalize_whitespace(text: str) -> str:
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    if "\f" in text or "\v" in text or "\0" in text:
        text = _ODD_SPACE.sub(lambda m: m.group(0) if len(m.group(0)) > 1 else " ", text)
    return text


class _Parser(GnuCParser):
    """pycparserext's GNU C parser, whose "expected token" errors name the token, as a
    compiler's do (`expected ';' before 'return'`; pycparser says `before: return`)."""

    def _expect(self, token_type: str):
        tok = self._peek()
        if tok is not None and tok.type == token_type:
            return self._advance()
        message = expected_message(token_type, None if tok is None else tok.value)
        self._parse_error(message, self.clex.filename if tok is None else
                          self._tok_coord(tok))


def parse_text(text: str, path: str, gcc_accepts: bool = False,
               typedefs: tuple[str, ...] = ()) -> object:
    """Parse preprocessed C text (with `# line` markers) into a FileAST.  A syntax error
    is bad input ("parse"), unless gcc accepted the file (`gcc_accepts`): then it is C
    our parser does not read ("unsupported": the verdict is unknown).  `typedefs`: type
    names declared elsewhere (an entry harness names the program's typedefs)."""
    parser = _Parser()
    clean = _gnu_cleanup(text, path)
    try:
        ast = parser.parse(clean, filename=path, initial_type_symbols=frozenset(typedefs))
    except ParseError as ex:
        err = _parse_error(str(ex), path, parser)
        if gcc_accepts:
            d = err.first
            raise error("unsupported", d.loc, "C syntax our parser does not read (gcc "
                        f"accepts it): {d.message}") from None
        raise err from None
    except RecursionError:
        raise NestingTooDeep(_parser_position(parser, path)) from None
    except Exception as ex:
        # pycparserext raises AssertionError, TypeError, ... on constructs it does not
        # support: a limit of the parser, not bad input
        raise error("unsupported", _parser_position(parser, path),
                    f"C construct not supported by the parser: {type(ex).__name__}: {ex}")
    # locations name the columns of the file, not of the preprocessed text (columns.py)
    source_columns(ast, clean, path)
    return ast


def _parse_error(msg: str, path: str, parser) -> BoogieError:
    """A syntax error in a compiler's words (syntax_messages.py), at pycparser's location
    when it names one, else at the parser's next token (or just after the last token when
    the input ended)."""
    m = re.match(r"(.*?):(\d+):(\d+): (.*)", msg, re.S)
    if m:
        loc = Loc(m.group(1), int(m.group(2)), int(m.group(3)))
        return error("parse", loc, compiler_message(m.group(4), None, tail=False))
    msg = msg.split(": ", 1)[-1]
    tok = _next_token(parser)
    if tok is None:     # the input ended too early: place it just after the last token
        return error("parse", _end_position(parser, path), compiler_message(msg, None))
    return error("parse", _parser_position(parser, path), compiler_message(msg, tok.value))


def _next_token(parser):
    try:
        return parser._peek()
    except Exception:       # a lexer error at that point: no token to show
        return None


def _parser_position(parser, path: str) -> Loc:
    """Where the parser stands: its next token, else the end of the input."""
    tok = _next_token(parser)
    if tok is None:
        return _end_position(parser, path)
    coord = parser._tok_coord(tok)
    return Loc(coord.file or path, coord.line or 1, coord.column or 1)


def _end_position(parser, path: str) -> Loc:
    """Just after the last token read (gcc's "at end of input" position), in the file the
    line markers name; the start of the file when there was no token at all."""
    toks = [t for t in getattr(parser._tokens, "_buffer", []) if t is not None]
    lexer = parser.clex
    if not toks:
        return Loc(lexer.filename or path, 1, 1)
    last = toks[-1]
    lines = last.value.split("\n")        # (a token holds no newline; kept for safety)
    line = last.lineno + len(lines) - 1
    col = (last.column + len(last.value)) if len(lines) == 1 else len(lines[-1]) + 1
    return Loc(lexer.filename or path, line, col)


def parse_file(path: str, data_model: str, check: bool = True) -> ParsedFile:
    """Check (`check`), preprocess (for `.c`) and parse one C file."""
    return parse_source(read_source(path, data_model, check))


def node_loc(node, default_file: str = "") -> Loc:
    """The source location of a pycparser node (file:line:col), or the file alone."""
    coord = getattr(node, "coord", None)
    if coord is None:
        return Loc(default_file, 0, 0)
    return Loc(coord.file or default_file, coord.line or 0, coord.column or 0)


def c_text(node) -> str:
    """A C expression node printed back as C (for traces: conditions, lvalues); "" when
    the generator cannot print it."""
    from pycparserext.ext_c_generator import GnuCGenerator
    try:
        return " ".join(GnuCGenerator(reduce_parentheses=True).visit(node).split())
    except Exception:  # noqa: BLE001 - a node the generator does not know: no text
        return ""
