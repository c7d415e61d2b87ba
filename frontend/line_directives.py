"""Line directives in the user's C files: locations name the physical line of the file.

Role: one rule for every tool that reads the user's C (the C front end's gcc and parser,
the LLVM front end's clang, the native replay): a `#line N "file"` or `# N "file"`
directive in an input file (CIL and MSVC's preprocessor write them by the thousand, naming
files such as `C:/NTDDK/inc/wdm.h` that do not exist here) does not move locations.  Error
messages, trace steps, debug information and witnesses name the file given on the command
line and its physical line; an error message adds the directive's origin in parentheses
(`f.c:15:24: error: ... (#line: C:/NTDDK/inc/stdio.h:63)`).

How: a file with directives is compiled from its *physical copy* (`physical_source`): the
same text with every directive blanked (newlines kept, so line numbers do not move) under
a first line `#line 1 "<the name the tool would have used>"`, so the compilers name the
original file.  Copies live in a content-addressed folder under the temporary directory
(`$PYCORRAL_PHYSICAL_DIR`, else `<tmp>/pycorral-physical`) and are reused; the copy's
folder holds nothing else, and `-iquote <the original's folder>` (`include_flags`) keeps
`#include "x.h"` finding the original's neighbours first, as it did.  Headers the file
includes keep their own directives (they are not the input).  A file without directives is
used as it is.
"""
from __future__ import annotations

import hashlib
import os
import re
import tempfile
from functools import lru_cache
from pathlib import Path

# a directive: `#line N ["file"]` (also macro-expanded forms) or GNU's `# N ["file"] flags`,
# with its backslash-continued lines
_DIRECTIVE = re.compile(r'^[ \t]*#[ \t]*(?:line\b|\d)[^\n]*(?:(?<=\\)\n[^\n]*)*', re.M)
_PARTS = re.compile(r'#[ \t]*(?:line[ \t]+)?(\d+)(?:[ \t]+"((?:[^"\\\n]|\\.)*)")?')
# Microsoft's placement pragmas (code and data sections: no meaning for a verifier), which
# clang's -fms-extensions checks -- `#pragma alloc_text(PAGE, f)` before f is declared is
# an error there, and CIL's output has it -- blanked too in the Microsoft dialect
_PLACEMENT = re.compile(r'^[ \t]*#[ \t]*pragma[ \t]+(?:alloc_text|code_seg|data_seg|const_seg|'
                        r'bss_seg|section|init_seg)\b[^\n]*(?:(?<=\\)\n[^\n]*)*', re.M)
SOURCE_ENCODING = "latin-1"          # bytes in, the same bytes out


def has_directives(text: str, ms_extensions: bool = False) -> bool:
    """Whether `text` has line directives (or, in the Microsoft dialect, placement
    pragmas): then the tools read its physical copy."""
    return _DIRECTIVE.search(text) is not None or \
        (ms_extensions and _PLACEMENT.search(text) is not None)


def _blank(m: re.Match) -> str:
    return "\n" * m.group(0).count("\n")


def physical_text(text: str, name: str, preprocessed: bool = False,
                  ms_extensions: bool = False) -> str:
    """`text` with its line directives (and, in the Microsoft dialect, its placement
    pragmas) blanked, under a first line that names `name` as the file of the next line
    (GNU's `# 1 "name"` marker in preprocessed text, `#line` otherwise)."""
    quoted = name.replace("\\", "\\\\").replace('"', '\\"')
    head = f'# 1 "{quoted}"\n' if preprocessed else f'#line 1 "{quoted}"\n'
    text = _DIRECTIVE.sub(_blank, text)
    if ms_extensions:
        text = _PLACEMENT.sub(_blank, text)
    return head + text


def copy_dir() -> Path:
    d = os.environ.get("PYCORRAL_PHYSICAL_DIR")
    return Path(d) if d else Path(tempfile.gettempdir()) / "pycorral-physical"


def physical_source(path: str, name: str | None = None, ms_extensions: bool = False) -> str:
    """The file a tool compiles for input `path`: `path` itself when it has no line
    directives (or cannot be read: the tool reports that), else its physical copy, whose
    first line names `name` (default: `path` as given)."""
    try:
        data = Path(path).read_bytes()
    except OSError:
        return path
    text = data.decode(SOURCE_ENCODING)
    if not has_directives(text, ms_extensions):
        return path
    name = path if name is None else name
    copy = physical_text(text, name, preprocessed=path.endswith(".i") and not ms_extensions,
                         ms_extensions=ms_extensions)
    key = hashlib.sha256(name.encode("utf-8", "surrogateescape") + b"\0" +
                         bytes([ms_extensions]) + b"\0" + data).hexdigest()
    folder = copy_dir() / key[:32]
    target = folder / os.path.basename(path)
    if not target.is_file():
        folder.mkdir(parents=True, exist_ok=True)
        tmp = folder / f".{os.getpid()}.tmp"
        tmp.write_bytes(copy.encode(SOURCE_ENCODING))
        os.replace(tmp, target)
    return str(target)


def include_flags(path: str, compiled: str) -> list[str]:
    """The flags that keep `#include "x.h"` of `path` working when `compiled` (its
    physical copy) is what the tool reads."""
    if compiled == path:
        return []
    return ["-iquote", os.path.dirname(os.path.abspath(path))]


def origin(path: str, line: int) -> str | None:
    """Where the line directives of input `path` say its physical line `line` comes from
    (`C:/NTDDK/inc/stdio.h:63`, or `line 63` for a directive without a file), None when
    no directive precedes that line."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    table = _origins(os.path.abspath(path), st.st_mtime_ns, st.st_size)
    best = None
    for start, named_line, named_file in table:
        if start > line:
            break
        best = (start, named_line, named_file)
    if best is None:
        return None
    start, named_line, named_file = best
    shown = named_line + (line - start)
    return f"{named_file}:{shown}" if named_file else f"line {shown}"


@lru_cache(maxsize=64)
def _origins(path: str, _mtime: int, _size: int) -> tuple[tuple[int, int, str | None], ...]:
    """(first physical line after a directive, the line it names, the file it names or
    the last one named) for each directive of `path`, in order."""
    try:
        text = Path(path).read_bytes().decode(SOURCE_ENCODING)
    except OSError:
        return ()
    out = []
    named: str | None = None
    pos, lines = 0, 1               # lines counted up to pos (incrementally: large files)
    for m in _DIRECTIVE.finditer(text):
        parts = _PARTS.match(m.group(0).replace("\\\n", "").lstrip())
        lines += text.count("\n", pos, m.end())
        pos = m.end()
        end_line = lines                                    # the directive's last line
        if parts is None:
            continue
        if parts.group(2) is not None:
            named = parts.group(2).replace("\\\\", "\\").replace('\\"', '"')
        out.append((end_line + 1, int(parts.group(1)), named))
    return tuple(out)


def with_origin(message: str, path: str, line: int) -> str:
    """`message`, followed by the directive's origin of `path`'s line `line` if any."""
    where = origin(path, line) if line else None
    return f"{message} (#line: {where})" if where else message
