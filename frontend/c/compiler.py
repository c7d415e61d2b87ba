"""The system C compiler (gcc) as the front end's preprocessor and judge of valid C.

Role: the one place that knows how the C front end calls gcc.
* `preprocessor_flags(data_model, cflags)`: the flags of every gcc call (`-m32`/`-m64`,
  the user's include folders, the headers pycorral ships in frontend/include/ instead of
  the system's, the macros the front end defines, then the user's -D/-U/-include of
  frontend/cflags.py), so the preprocessor and the syntax check see the same program.
* `syntax_check(path, data_model, cflags)`: `gcc -fsyntax-only -std=gnu11` (or the user's
  `--std`) on the input.  C that gcc
  rejects is bad input (code "compile", at gcc's first error) and is never verified: our
  parser and translator accept some programs no compiler accepts (e.g. a `switch` with two
  equal `case` labels), and a verdict on such a program means nothing.  Only gcc's *errors*
  reject; its warnings (implicit declarations, which SV-COMP inputs contain) do not.  Without
  gcc, or when gcc itself fails (times out, crashes), the check is skipped: the front end's
  own checks still apply.
* `first_error(stderr, default_file)`: gcc's first `file:line[:col]: [fatal ]error: message`
  as a location and a message (for the preprocessor's errors too).
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

from boogie.ast import Loc
from boogie.errors import error
from frontend.cflags import CFlags
from frontend.line_directives import include_flags, physical_source

INCLUDE_DIR = Path(__file__).resolve().parent.parent / "include"
SYNTAX_CHECK_TIMEOUT = 60.0     # seconds; past it the check is skipped, not failed

# gcc diagnostics are read in the C locale: plain ASCII quotes, English messages.
_GCC_ENV = {**os.environ, "LC_ALL": "C", "LANG": "C", "LANGUAGE": "C"}
_ERROR_LINE = re.compile(r"^(?P<file>.+?):(?P<line>-?\d+):(?:(?P<col>\d+):)? "
                         r"(?:fatal )?error: (?P<msg>.*)$")


DEFAULT_STD = "gnu11"


def preprocessor_flags(data_model: str, cflags: CFlags = CFlags()) -> list[str]:
    """The flags shared by the preprocessor and the syntax check: the user's include
    folders are searched before pycorral's headers (which stand in for the system's), the
    user's macros are defined after pycorral's (so a -U can undo one of them); the C
    standard is the user's --std when given (else gcc's default for -E, DEFAULT_STD for
    the syntax check)."""
    dirs = [a for opt, d in cflags.include_dirs for a in (opt, d)]
    rest = CFlags(macros=cflags.macros, includes=cflags.includes,
                  ms_extensions=cflags.ms_extensions).argv()
    return ["-m32" if data_model == "ILP32" else "-m64", "-nostdinc", *dirs,
            "-I", str(INCLUDE_DIR), "-D__PYCORRAL__=1", "-U__GNUC__", "-D__GNUC__=4",
            *([f"-std={cflags.std}"] if cflags.std else []), *rest]


def diagnostic_flags() -> list[str]:
    """Only errors, one at a time, without the source line: gcc's messages are read, not
    shown, and on hostile input (10 MB of random bytes) printing every warning with its
    line takes minutes."""
    return ["-w", "-fmax-errors=1", "-fno-diagnostics-show-caret", "-fdiagnostics-color=never"]


def gcc_path(path: str) -> str:
    """`path` as a gcc argument: a name starting with '-' would be read as an option."""
    return os.path.join(".", path) if path.startswith("-") else path


def gcc_env() -> dict[str, str]:
    return _GCC_ENV


def first_error(stderr: str, default_file: str) -> tuple[Loc, str] | None:
    """The location and message of gcc's first error in `stderr` (None: no error line).
    A line without a column (`f.c:2: error: unterminated #if`) is placed at column 1; a
    line number gcc got wrong (`#line 4000000000` wraps around) at line 1."""
    for line in stderr.splitlines():
        m = _ERROR_LINE.match(line)
        if m:
            col = int(m.group("col")) if m.group("col") else 1
            return Loc(m.group("file") or default_file, max(int(m.group("line")), 1), col), \
                m.group("msg").strip()
    return None


def source_args(path: str, cflags: CFlags) -> list[str]:
    """The input file as gcc's last arguments: its physical copy when it has line
    directives (frontend/line_directives.py: locations name its physical lines), with the
    folder of the original searched for its quoted includes; a `.i` file is preprocessed
    again in the Microsoft dialect (`-x c`: the dialect's macros apply to it too)."""
    compiled = physical_source(path, ms_extensions=cflags.ms_extensions)
    lang = ["-x", "c"] if cflags.ms_extensions and path.endswith(".i") else []
    return [*include_flags(path, compiled), *lang, gcc_path(compiled)]


def syntax_check(path: str, data_model: str, cflags: CFlags = CFlags()) -> bool:
    """Raise a "compile" diagnostic at gcc's first error if gcc rejects `path` (a `.c` file
    is preprocessed with `preprocessor_flags`, a `.i` file is read as it is).  True: gcc
    accepts it; False: the check could not run (no gcc, gcc timed out or crashed)."""
    gcc = shutil.which("gcc")
    if gcc is None:
        return False
    # __fp16 (clang's and ARM gcc's half float, which x86 gcc lacks) is read as float, as
    # parse.py's clean-up reads it.
    cmd = [gcc, "-fsyntax-only", *([] if cflags.std else [f"-std={DEFAULT_STD}"]),
           *diagnostic_flags(), "-D__fp16=float",
           *preprocessor_flags(data_model, cflags), *source_args(path, cflags)]
    try:
        out = subprocess.run(cmd, capture_output=True, env=_GCC_ENV,
                             timeout=SYNTAX_CHECK_TIMEOUT)
    except (OSError, subprocess.TimeoutExpired):
        return False
    if out.returncode == 0:
        return True
    # (undecodable bytes, e.g. in an `#error` line, become U+FFFD: the line must print)
    found = first_error(out.stderr.decode("utf-8", errors="replace"), path)
    if found is None:          # gcc crashed or was killed without naming an error
        return False
    loc, msg = found
    raise error("compile", loc, msg)


DIALECT_TEXT_TIMEOUT = 60.0     # seconds; past it the switch reads the source text instead


def dialect_text(path: str, cflags: CFlags = CFlags(), data_model: str = "LP64"
                 ) -> str | None:
    """The text of `path` as the Microsoft C switch reads it (frontend/msdialect.py
    `detect`): `gcc -E` with the program's own flags but not the dialect's, so that what
    an `#if` leaves out (`#if defined(_MSC_VER)`: gcc does not define it) is not there,
    with line markers naming each line's file (system headers flagged); a `.i` file is
    read as it is.  None when gcc cannot do it (not installed, an error, a timeout): the
    switch then reads the source text itself."""
    if path.lower().endswith(".i"):
        try:
            return Path(path).read_bytes().decode("latin-1")
        except OSError:
            return None
    gcc = shutil.which("gcc")
    if gcc is None:
        return None
    plain = CFlags(include_dirs=cflags.include_dirs, macros=cflags.macros,
                   includes=cflags.includes, std=cflags.std)
    cmd = [gcc, "-E", *diagnostic_flags(), *preprocessor_flags(data_model, plain),
           *source_args(path, plain)]
    try:
        out = subprocess.run(cmd, capture_output=True, env=_GCC_ENV,
                             timeout=DIALECT_TEXT_TIMEOUT)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return out.stdout.decode("latin-1") if out.returncode == 0 else None

