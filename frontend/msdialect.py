"""The Microsoft C dialect of driver sources (`pycorral check --ms-extensions`).

Role: what switches the dialect on and what it means to the compilers, in one place for
both front ends and the native replay.  Inputs: the program's C files; outputs: a
`Dialect` (on or off, and why) and the compiler flags of the dialect.

* **Switch.**  `--ms-extensions` turns it on, `--no-ms-extensions` off; by default
  (`resolve`) it is on when the program's own code -- what the preprocessor keeps of the
  input files and of the headers that are not system headers, so never a branch of an
  `#if` that is not taken (`#if defined(_MSC_VER)` / `#pragma warning(...)` in a portable
  header is not Microsoft C: gcc and clang do not define `_MSC_VER`); the source text
  itself when gcc cannot preprocess it -- shows a spelling only Microsoft C has
  (`detect`): `__declspec`, `__stdcall`/`__fastcall`/`__cdecl`/...,
  `__int8`...`__int64`, `__forceinline`, `__ptr32`/`__ptr64`, `__unaligned`, `__w64`,
  `__try`/`__except`/`__finally`/`__leave`, Microsoft's pragmas (`#pragma warning`,
  `alloc_text`, `comment`, `code_seg`, `data_seg`, `intrinsic`, `function`, ...), or a
  `typedef unsigned short wchar_t` (MSVC's wchar_t).  Comments and string literals are
  not looked at.  The commands say so once on stderr, and in the JSON statistics
  (`ms_extensions`).
* **Data model.**  The dialect does not decide it: the target does (`--data-model`, else
  the build's `-m32`/`-m64`/`--target=...`, else the host's: frontend/load.py
  `target_model`).  A 32-bit Windows driver is ILP32 (`int`, `long` and pointers are 32
  bits; the DDK's `typedef unsigned long ULONG_PTR` is a pointer-sized integer only
  there): `--data-model ILP32`; when the dialect is on and the data model is the host's,
  the note says so.  64-bit Windows is LLP64 (32-bit `long`, 64-bit pointers), which
  neither front end has: a build that names it is refused; `--data-model LP64` with the
  dialect checks the program as LP64 (64-bit `long`), not as Windows would run it.
* **Meaning** (`compiler_flags`; the same flags for gcc and clang, so the C front end, the
  LLVM front end and the native replay read one program):
  - `-fms-extensions`: anonymous members of a tagged struct or union type, or of a
    typedef of one (`struct A { struct B; };`), as MSVC allows;
  - `-fshort-wchar`: `wchar_t` is `unsigned short`, as MSVC's, so that a source that
    typedefs it itself (`typedef unsigned short wchar_t;`) agrees with the headers (ours
    and the system's), and `L"..."` holds 16-bit units;
  - `-malign-double`: 8-byte scalars (`__int64`, `double`) are 8-aligned inside structs,
    as MSVC lays them out on x86 (the i386 System V ABI aligns them to 4);
  - `-fgnu89-inline`: an `inline` (`__inline`, `__forceinline`) definition is an ordinary
    external definition, as MSVC emits it (C99 would emit no symbol for it);
  - `-include pycorral_msc.h` (frontend/include): the keywords gcc does not know, as
    macros -- calling conventions (`__stdcall`, `__fastcall`, `__cdecl`, ...) mean
    nothing; `__int8/16/32/64` are `char/short/int/long long`; `__forceinline` is
    `__inline__`; `__ptr32`, `__ptr64`, `__unaligned`, `__w64` mean nothing; `__assume(e)`
    is dropped; `__declspec(x)` is the GNU attribute of the same meaning (`align(n)` ->
    `aligned(n)`, `noreturn`, `noinline`, `deprecated`, `nothrow`, `selectany` -> `weak`)
    or nothing (`dllimport`, `dllexport`, `naked`, `thread` (one thread), `novtable`,
    `allocate`, `code_seg`, `uuid`, ...).  One attribute per `__declspec`.
  (`-fms-compatibility` is not used: on a Linux target it does not make clang accept a
  source's `typedef unsigned short wchar_t;` after glibc's headers -- `-fshort-wchar` does
  -- and it relaxes C's rules in ways gcc does not follow.)
  `#pragma pack` is the compilers' own (gcc and clang honour it; the C front end lays
  structs out by the same rules).  Bit-fields keep the System V layout (`-mms-bitfields`
  is not used).  Structured exception handling (`__try`) and `__asm` blocks are not
  modelled: such a program is unsupported (UNKNOWN); so is `__declspec(align(n))` written
  before `struct` (MSVC aligns the type, gcc and clang ignore the attribute there).
* A `.i` input is preprocessed again under the dialect (by every tool), so that the
  macros above apply to it too.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

HEADER = Path(__file__).resolve().parent / "include" / "pycorral_msc.h"
FLAGS = ("-fms-extensions", "-fshort-wchar", "-malign-double", "-fgnu89-inline")

# Microsoft-only spellings, by kind (one alternation; the first in the file wins)
_KEYWORDS = ("__declspec", "__stdcall", "__fastcall", "__cdecl", "__thiscall",
             "__vectorcall", "__clrcall", "__int8", "__int16", "__int32", "__int64",
             "__forceinline", "__ptr32", "__ptr64", "__sptr", "__uptr", "__unaligned",
             "__w64", "__try", "__except", "__finally", "__leave")
_PRAGMAS = ("warning", "alloc_text", "comment", "code_seg", "data_seg", "const_seg",
            "bss_seg", "intrinsic", "function", "init_seg", "auto_inline", "check_stack",
            "inline_depth", "inline_recursion", "component")
_SPELLING = re.compile(
    r"\b(?P<kw>" + "|".join(_KEYWORDS) + r")\b"
    r"|^[ \t]*#[ \t]*pragma[ \t]+(?P<pragma>" + "|".join(_PRAGMAS) + r")\b"
    r"|\b(?P<wchar>typedef[ \t]+unsigned[ \t]+short(?:[ \t]+int)?[ \t]+wchar_t)\b", re.M)
# What the dialect does not model: the verdict would be UNKNOWN (checked after the switch)
UNSUPPORTED = {"__try": "structured exception handling (__try)",
               "__except": "structured exception handling (__except)",
               "__finally": "structured exception handling (__finally)",
               "__leave": "structured exception handling (__leave)",
               "__asm": "Microsoft inline assembly (an __asm block)",
               "__declspec(align)": "__declspec(align(n)) before 'struct' or 'union' (MSVC "
                                    "aligns the type; gcc and clang ignore it there: write "
                                    "'struct __declspec(align(n)) S')"}
# (`__asm` followed by a brace: Microsoft's block; GNU's `__asm(...)` is another thing)
_UNSUPPORTED = re.compile(r"\b(__try|__except|__finally|__leave)\b|\b_?(_asm)\b(?=\s*\{)"
                          r"|\b(__declspec)\s*\(\s*align\s*\([^()]*\)\s*\)\s*"
                          r"(?:struct|union)\b")
# comments and literals: blanked before the search (newlines kept, so lines still count)
_NOT_CODE = re.compile(r'//[^\n]*|/\*.*?\*/|"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'',
                       re.S)


@dataclass(frozen=True, slots=True)
class Spelling:
    """A Microsoft-only spelling in an input file: what, and where (1-based)."""
    text: str
    file: str
    line: int
    col: int

    def where(self) -> str:
        return f"{self.file}:{self.line}"


@dataclass(frozen=True, slots=True)
class Dialect:
    """Whether the program is read as Microsoft C, and why: "option" (--ms-extensions),
    or the spelling that switched it on; `host_model`: the data model when it is the
    host's (no --data-model, no target in the build's flags: said in the note)."""
    on: bool = False
    found: Spelling | None = None
    host_model: str | None = None

    @property
    def reason(self) -> str | None:
        """The JSON statistic: "option", "auto: __declspec at f.c:12", or None (off)."""
        if not self.on:
            return None
        return "option" if self.found is None else \
            f"auto: {self.found.text} at {self.found.where()}"

    def note(self) -> str | None:
        """The one line on stderr when the dialect was switched on by the source, or the
        data model is the host's (a Windows driver's target is not the host)."""
        if not self.on or (self.found is None and self.host_model is None):
            return None
        text = "note: Microsoft C extensions on" + (
            "" if self.found is None else f" ({self.found.text} at {self.found.where()}); "
            "--no-ms-extensions turns them off")
        if self.host_model is not None:
            text += (f"; data model {self.host_model}, the host's (the target decides it: "
                     "a 32-bit Windows driver is --data-model ILP32)")
        return text


def _code(text: str) -> str:
    """`text` with comments and string/character literals blanked (newlines kept)."""
    return _NOT_CODE.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)


def _read(path: str) -> str | None:
    try:
        return Path(path).read_bytes().decode("latin-1")
    except OSError:
        return None


def _position(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


_INCLUDE = re.compile(r'^[ \t]*#[ \t]*include[ \t]*(?:"([^"\n]+)"|<([^>\n]+)>)', re.M)
_MAX_HEADERS = 500


def _included(path: str, text: str, include_dirs: tuple[str, ...]) -> list[str]:
    """The files `text` (of `path`) includes that are the program's own: `"x.h"` next to
    `path`, then `"x.h"` or `<x.h>` in one of `include_dirs` (-I folders); system headers
    are not looked at."""
    out = []
    for m in _INCLUDE.finditer(text):
        name = m.group(1) or m.group(2)
        dirs = ((str(Path(path).parent),) if m.group(1) else ()) + include_dirs
        for d in dirs:
            cand = Path(d) / name
            if cand.is_file():
                out.append(str(cand))
                break
    return out


# a line marker of gcc -E: `# 12 "file.c" 2 3` (flag 3: what follows is a system header)
_MARKER = re.compile(r'^#\s*(\d+)\s+"((?:[^"\\]|\\.)*)"((?:\s+\d+)*)\s*$')


def _spelled(m: re.Match) -> str:
    return {"kw": m.group("kw"), "pragma": f"#pragma {m.group('pragma')}",
            "wchar": "typedef unsigned short wchar_t"}[m.lastgroup]


def _in_preprocessed(text: str, path: str) -> Spelling | None:
    """The first Microsoft-only spelling in preprocessed `text` (of `path`), in the
    program's own lines: the line markers say which file each line is from; lines of a
    system header, or of a header pycorral ships (frontend/include), are not looked at."""
    ours = str(HEADER.parent)
    file, line, skip = path, 1, False
    for raw in text.split("\n"):
        m = _MARKER.match(raw)
        if m is not None:
            file, line = m.group(2).replace('\\"', '"'), int(m.group(1))
            skip = "3" in m.group(3).split() or file.startswith(ours)
            continue
        if not skip:
            found = _SPELLING.search(_code(raw))
            if found is not None:
                return Spelling(_spelled(found), file, line, found.start(found.lastgroup) + 1)
        line += 1
    return None


def detect(paths: list[str], include_dirs: tuple[str, ...] = (),
           preprocessed: Callable[[str], str | None] | None = None) -> Spelling | None:
    """The first Microsoft-only spelling of the program: with `preprocessed` (a C file's
    text after the preprocessor, without the dialect: `frontend.c.compiler.dialect_text`),
    in what the preprocessor keeps of the program's own files -- never in a branch of an
    `#if` that is not taken, such as a portable header's `#if defined(_MSC_VER)` /
    `#pragma warning(...)`; where it gives none (gcc missing, or failing on the file:
    the compilers will say why), and without it, in the source text of the C files
    among `paths` and of the headers of the program's own they include (next to the file,
    or in `include_dirs`).  None: no such spelling.  The preprocessor runs only when the
    source text (the files and the own headers found as above) shows such a spelling, so
    that a program without any pays nothing -- a macro bomb is preprocessed once, under the
    run's limits, as before; a spelling only a macro builds (`__decl##spec`) or only a
    header included through a macro holds is not looked for, as before."""
    c_files = [p for p in paths if p.lower().endswith((".c", ".i"))]
    if preprocessed is not None and detect(c_files, include_dirs) is None:
        return None     # no such spelling in the text at all: no preprocessor run needed
    if preprocessed is not None:
        raw: list[str] = []
        for path in c_files:
            text = preprocessed(path)
            if text is None:
                raw.append(path)
                continue
            found = _in_preprocessed(text, path)
            if found is not None:
                return found
        c_files = raw
    todo = list(c_files)
    seen: set[str] = set()
    while todo and len(seen) < _MAX_HEADERS:
        path = todo.pop(0)
        key = str(Path(path).resolve())
        if key in seen:
            continue
        seen.add(key)
        text = _read(path)
        if text is None:
            continue
        code = _code(text)
        m = _SPELLING.search(code)
        if m is not None:
            line, col = _position(code, m.start(m.lastgroup))
            return Spelling(_spelled(m), path, line, col)
        todo += _included(path, text, include_dirs)     # (the names are literals)
    return None


def resolve(paths: list[str], requested: bool | None,
            include_dirs: tuple[str, ...] = (),
            preprocessed: Callable[[str], str | None] | None = None) -> Dialect:
    """The dialect of a program: `requested` (True: --ms-extensions, False:
    --no-ms-extensions), else on when the program shows a Microsoft-only spelling
    (`detect`: after the preprocessor when `preprocessed` is given)."""
    if requested is not None:
        return Dialect(on=requested)
    found = detect(paths, include_dirs, preprocessed)
    return Dialect(on=found is not None, found=found)


def unsupported_spelling(paths: list[str]) -> Spelling | None:
    """The first construct of the dialect that is not modelled (`__try`, `__asm`, ...) in
    the C files among `paths`, else None."""
    for path in paths:
        if not path.lower().endswith((".c", ".i")):
            continue
        text = _read(path)
        if text is None:
            continue
        code = _code(text)
        m = _UNSUPPORTED.search(code)
        if m is not None:
            line, col = _position(code, m.start())
            what = m.group(1) or ("__asm" if m.group(2) else "__declspec(align)")
            return Spelling(what, path, line, col)
    return None


def compiler_flags() -> list[str]:
    """The flags of the dialect, for gcc and clang alike (see the module docstring)."""
    return [*FLAGS, "-include", str(HEADER)]
