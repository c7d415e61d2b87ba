"""Keys a replay's nondet values by call site: each `__VERIFIER_nondet_*()` call gets the
values the trace chose at that call, in the order of its executions, whatever order the
native compiler evaluates the program's expressions in.

Why: C leaves the order in which a call's arguments are evaluated unspecified (C11
6.5.2.2p10).  Both front ends evaluate them left to right (the C front end in source order,
clang too), but gcc on x86 and x86-64 evaluates them right to left, so with one global
sequence of values `dev_ioctl(__VERIFIER_nondet_int(), __VERIFIER_nondet_int())` got the
trace's values swapped natively, and a real bug became "not reached".

Input: the program's files and, for each of the trace's nondet values (in execution order),
its call site (replay/native.py `inputs_from_trace`: file, line, column and the function
called).  Output: a `SitePlan`: the calls to rewrite, file by file; the values of each
located site in the order of its executions (`streams`); the values of the calls that could
not be located (`fallback`), which the harness hands out as before, one global sequence in
execution order.  `write_copies` writes the rewritten files into the replay's folder.

How (source rewriting): the replay compiles a copy of each input file in which every located
call `NAME()` -- the characters at the trace's line and column must spell the called
function's name, then `()` -- becomes `__pycorral_at_NAME(K)`, K the site's number.  That
function (static, defined at the end of the copy, so that the program's own declaration or
definition of NAME is the one called, as before) sets the harness's `__pycorral_site` to K,
calls NAME and clears it; the harness's NAME takes the next value of site K's stream
(replay/harness.py).  Setting the site and reading the value are one call, so no
evaluation order of the surrounding expression can separate them.  The copy starts with
`#line 1 "<the file>"` (as frontend/line_directives.py's physical copies do), so debug
information, addr2line and valgrind still name the program's file and lines; the wrappers
are placed under the harness's file name.

Why not the alternatives:
- a macro passing `__LINE__` cannot tell apart two calls on one line (the motivating
  example), and a function-like macro named like the function breaks its declarations;
- the return address of the call (`__builtin_return_address`) mapped to the source by the
  debug information: gcc -O0's line table has one row per statement -- both calls of
  `dev_ioctl(nd(), nd())` map to the statement's column -- so the calls cannot be told apart;
- the trace's columns are exact: both front ends place a nondet call at the first character
  of the called function's name (the C front end maps the preprocessor's columns back to
  the file's, frontend/c/columns.py; the LLVM front end reads clang's debug locations).

Limits (those values stay in the fallback sequence, and the replay's reason says how many):
- a call the file does not spell at its location: a macro that expands to the call (both
  front ends place it at the macro's use), a call in a header or in a file that is not an
  input, the entry harness of `--function F`;
- a witness gives lines, not columns: `pycorral replay --witness` keeps one sequence;
- the key is the call site, not the calling context: in `f(g(), g())`, where g reads one
  nondet value, both values belong to g's one call site, and gcc's first execution of g
  (for the second argument) gets the value the trace chose for the first (the C front end
  warns about such calls: frontend/c/unsequenced.py).
"""
from __future__ import annotations

import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from frontend.c.entry_harness import HARNESS_FILE
from frontend.line_directives import physical_source

from . import harness

SOURCE_ENCODING = "latin-1"          # bytes in, the same bytes out
SITE_VARIABLE = "__pycorral_site"
WRAPPER_PREFIX = "__pycorral_at_"
# the harness's own file name in debug information (native._is_program_file skips it)
HARNESS_NAME = "<pycorral harness>"
_CALL = re.compile(r"([A-Za-z_]\w*)[ \t]*\([ \t]*\)")


@dataclass(frozen=True, slots=True)
class Site:
    """Where the trace says a nondet value was read: the call of `function` at
    file:line:col (1-based; the column of the function's name)."""
    file: str
    line: int
    col: int
    function: str


@dataclass(frozen=True, slots=True)
class Rewrite:
    """One located call: `function()` at line:col, spanning `length` characters."""
    line: int
    col: int
    length: int
    function: str
    site: int              # 1-based: the harness's stream number


@dataclass(frozen=True)
class SitePlan:
    rewrites: Mapping[str, tuple[Rewrite, ...]] = field(default_factory=dict)
    streams: tuple[tuple[str, ...], ...] = ()
    fallback: tuple[str, ...] = ()
    # fallback values read by the entry harness of `--function F`, one call a statement:
    # in execution order by construction
    harness: int = 0

    @property
    def located(self) -> int:
        return sum(len(s) for s in self.streams)

    def note(self) -> str:
        """What the replay's reason says about the values it could not key by site."""
        n = len(self.fallback) - self.harness
        if n <= 0:
            return ""
        what = "value of a call" if n == 1 else "values of calls"
        return f" ({n} nondet {what} not located in the source, in execution order)"


def plan(paths: Sequence[str], values: Sequence[str],
         sites: Sequence[Site | None]) -> SitePlan:
    """Which of the values (in execution order, `sites[i]` where values[i] was read, or
    None) go to a located call site's stream, and which stay in the global sequence."""
    if not sites:
        return SitePlan(fallback=tuple(values))
    assert len(sites) == len(values), "one site (or None) per value"
    files = _Files(paths)
    located: dict[Site, tuple[str, int]] = {}     # site -> (program file, call length)
    streams: dict[Site, list[str]] = {}
    fallback: list[str] = []
    harness_values = 0
    for value, site in zip(values, sites):
        if site is not None and site not in located:
            found = files.call_at(site)
            if found is not None:
                located[site] = found
        if site is not None and site in located:
            streams.setdefault(site, []).append(value)
        else:
            fallback.append(value)
            harness_values += site is not None and site.file == HARNESS_FILE
    rewrites: dict[str, list[Rewrite]] = {}
    for number, site in enumerate(streams, 1):
        path, length = located[site]
        rewrites.setdefault(path, []).append(
            Rewrite(site.line, site.col, length, site.function, number))
    return SitePlan({p: tuple(r) for p, r in rewrites.items()},
                    tuple(tuple(v) for v in streams.values()), tuple(fallback),
                    harness_values)


class _Files:
    """The program's files, read once, and where a site's call is spelled in them."""

    def __init__(self, paths: Sequence[str]) -> None:
        self.paths = list(paths)
        self._lines: dict[str, list[str]] = {}

    def _path(self, file: str) -> str | None:
        """The input file a location names: the same file, else the one input of that
        base name (a trace written elsewhere names the file as it was given there; the
        call must still be spelled at the location)."""
        if not file:
            return None
        real = os.path.realpath(file)
        for p in self.paths:
            if os.path.realpath(p) == real:
                return p
        same = [p for p in self.paths if os.path.basename(p) == os.path.basename(file)]
        return same[0] if len(same) == 1 else None

    def lines(self, path: str) -> list[str]:
        if path not in self._lines:
            try:
                with open(path, "rb") as fh:
                    self._lines[path] = fh.read().decode(SOURCE_ENCODING).split("\n")
            except OSError:
                self._lines[path] = []
        return self._lines[path]

    def call_at(self, site: Site) -> tuple[str, int] | None:
        """(the input file, the call's length) when the file spells `function()` at the
        site; None otherwise."""
        if harness.nondet_suffix(site.function) is None or site.line <= 0 or site.col <= 0:
            return None
        path = self._path(site.file)
        lines = self.lines(path) if path is not None else []
        if not site.line <= len(lines):
            return None
        text = lines[site.line - 1]
        at = site.col - 1
        if at >= len(text):         # a column past the line (a trace file's, say)
            return None
        m = _CALL.match(text, at)
        if m is None or m.group(1) != site.function or \
                (at > 0 and (text[at - 1].isalnum() or text[at - 1] == "_")):
            return None
        return path, m.end() - at


def write_copies(p: SitePlan, workdir: str, ms_extensions: Mapping[str, bool]
                 ) -> dict[str, str]:
    """Write the rewritten copy of each file with located calls into `workdir`; returns
    {input file: its copy}.  `ms_extensions`: the files read in the Microsoft dialect
    (their placement pragmas are blanked, as frontend/line_directives.py does)."""
    out: dict[str, str] = {}
    for i, (path, rewrites) in enumerate(sorted(p.rewrites.items())):
        full = os.path.abspath(path)
        compiled = physical_source(path, full, ms_extensions.get(path, False))
        with open(compiled, "rb") as fh:
            text = fh.read().decode(SOURCE_ENCODING)
        # a physical copy's first line is its `#line 1` directive
        shift = 0 if compiled == path else 1
        folder = os.path.join(workdir, "sites", str(i))
        os.makedirs(folder, exist_ok=True)
        target = os.path.join(folder, os.path.basename(path))
        with open(target, "wb") as fh:
            fh.write(copy_text(text, rewrites, shift, full).encode(SOURCE_ENCODING))
        out[path] = target
    return out


def copy_text(text: str, rewrites: Sequence[Rewrite], shift: int, name: str) -> str:
    """`text` with each rewrite's call naming its site (`shift`: lines before the file's
    first line), under the wrappers' declarations and a `#line 1 "name"` directive (unless
    the text has one), followed by the wrappers' definitions."""
    lines = text.split("\n")
    for r in sorted(rewrites, key=lambda r: (r.line, r.col), reverse=True):
        ln = r.line - 1 + shift
        s = lines[ln]
        at = r.col - 1
        lines[ln] = s[:at] + f"{WRAPPER_PREFIX}{r.function}({r.site})" + s[at + r.length:]
    functions = sorted({r.function for r in rewrites})
    quoted = name.replace("\\", "\\\\").replace('"', '\\"')
    head = f"extern unsigned long {SITE_VARIABLE};\n" + "".join(
        f"static {_ctype(f)} {WRAPPER_PREFIX}{f}(unsigned long);\n" for f in functions)
    head += "" if shift else f'#line 1 "{quoted}"\n'
    tail = f'\n#line 1 "{HARNESS_NAME}"\n' + "".join(
        f"__attribute__((unused, no_instrument_function))\n"
        f"static {_ctype(f)} {WRAPPER_PREFIX}{f}(unsigned long site)\n"
        f"{{\n  {_ctype(f)} v;\n  {SITE_VARIABLE} = site;\n  v = {f}();\n"
        f"  {SITE_VARIABLE} = 0;\n  return v;\n}}\n" for f in functions)
    body = "\n".join(lines)
    bom = "\xef\xbb\xbf" if body.startswith("\xef\xbb\xbf") else ""   # gcc: only first
    return bom + head + body[len(bom):] + tail


def _ctype(function: str) -> str:
    suffix = harness.nondet_suffix(function)
    assert suffix is not None, f"{function} is a nondet function"
    return harness.NONDET_TYPES[suffix]
