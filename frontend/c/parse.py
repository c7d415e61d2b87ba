"""Turns C source files into pycparser syntax trees: preprocessing, GNU clean-up, parsing.

Role: the one module that imports pycparser/pycparserext (the boundary of the C front end).
`.c` files go through the system preprocessor (`gcc -E -P`, with `-m32`/`-m64` for the data
model, `-nostdinc` and the headers pycorral ships in frontend/include/); `.i` files are
already preprocessed and are parsed as they are.  GNU extensions (`__attribute__`,
`__extension__`, `asm` labels, statement expressions, `typeof`) are handled by pycparserext's
GnuCParser; the few spellings it does not know are rewritten here, in `_gnu_cleanup`, and
nowhere else.

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

INCLUDE_DIR = Path(__file__).resolve().parent.parent / "include"

# Spellings GnuCParser does not accept, rewritten before parsing (token-level, by regex on
# identifiers only, so string literals containing them are not touched in practice).
_GNU_REWRITES = (
    (re.compile(r"\b__extension__\b"), ""),      # a no-op that only silences warnings
    (re.compile(r"\b__signed__\b"), "signed"),
    (re.compile(r"\b__signed\b"), "signed"),
    (re.compile(r"\b__volatile__\b"), "volatile"),
    (re.compile(r"\b_Noreturn\b"), ""),
    (re.compile(r"\b__thread\b"), ""),
    (re.compile(r"\b__float128\b"), "double"),
    (re.compile(r"\b__fp16\b"), "float"),
    (re.compile(r"\b_Float(32|64|128)x?\b"), "double"),
)


@dataclass(frozen=True, slots=True)
class ParsedFile:
    """One C translation unit: its path (as given), the preprocessed text and the tree."""
    path: str
    text: str
    ast: object          # pycparser c_ast.FileAST


def preprocess(path: str, data_model: str) -> str:
    """The preprocessed text of `path` (`.i` files are read as they are)."""
    if path.endswith(".i"):
        return Path(path).read_text(errors="replace")
    flag = "-m32" if data_model == "ILP32" else "-m64"
    cmd = ["gcc", "-E", flag, "-nostdinc", "-I", str(INCLUDE_DIR),
           "-D__PYCORRAL__=1", "-U__GNUC__", "-D__GNUC__=4", path]
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired) as ex:
        raise error("preprocess", Loc(path, 0, 0), f"cannot run the preprocessor: {ex}")
    if out.returncode != 0:
        msg = out.stderr.strip().splitlines()
        raise error("preprocess", Loc(path, 0, 0),
                    "preprocessing failed: " + (msg[0] if msg else "gcc -E failed"))
    return out.stdout


def _gnu_cleanup(text: str) -> str:
    for pat, repl in _GNU_REWRITES:
        text = pat.sub(repl, text)
    return text


def parse_text(text: str, path: str) -> object:
    """Parse preprocessed C text (with `# line` markers) into a FileAST."""
    parser = GnuCParser()
    try:
        return parser.parse(_gnu_cleanup(text), filename=path)
    except ParseError as ex:
        raise _parse_error(str(ex), path, parser)
    except (AssertionError, TypeError, AttributeError, IndexError) as ex:
        # pycparserext raises these on constructs it does not support.
        raise error("unsupported", Loc(path, 0, 0),
                    f"C construct not supported by the parser: {ex}")


def _parse_error(msg: str, path: str, parser) -> BoogieError:
    m = re.match(r"(.*?):(\d+):(\d+): (.*)", msg)
    if m:
        return error("parse", Loc(m.group(1), int(m.group(2)), int(m.group(3))), m.group(4))
    msg = msg.split(": ", 1)[-1]
    try:    # the parser's next token tells where it stopped (pycparser gives no coord here)
        tok = parser._peek()
        line = parser._tok_coord(tok)
        return error("parse", Loc(line.file or path, line.line or 0, line.column or 0),
                     f"{msg} near '{tok.value}'")
    except Exception:
        return error("parse", Loc(path, 0, 0), msg)


def parse_file(path: str, data_model: str) -> ParsedFile:
    """Preprocess (for `.c`) and parse one C file."""
    if not os.path.isfile(path):
        raise error("input", Loc(path, 0, 0), "no such file")
    text = preprocess(path, data_model)
    return ParsedFile(path, text, parse_text(text, path))


def node_loc(node, default_file: str = "") -> Loc:
    """The source location of a pycparser node (file:line:col), or the file alone."""
    coord = getattr(node, "coord", None)
    if coord is None:
        return Loc(default_file, 0, 0)
    return Loc(coord.file or default_file, coord.line or 0, coord.column or 0)
