"""Model libraries: C files whose function definitions stand in for the functions a program
calls without defining them, linked on use by both front ends and by the native replay.

Role: the one list of model libraries and the one rule of who defines a function.  A
library is a C file; it contributes every function it defines (read from the file itself by
`defined_functions`, a cheap scan cached by the file's size and time: no list of names is
kept by hand).  The order of `libraries(stubs)` is the priority:
  1. the program's own definition (always wins: a library is consulted only for a function
     the program calls without defining);
  2. the user's stub files (`pycorral check --stubs FILE.c`, repeatable), in the order
     given;
  3. the bundled kernel models: frontend/include/models/windows_kernel.c, then
     frontend/include/models/linux_kernel.c;
  4. the bundled C library models (frontend/include/pycorral_libc.c, and errno's cell in
     frontend/include/pycorral_errno.c, a file of its own so that only a program using
     errno declares it; fgets/fopen/fclose in frontend/include/pycorral_stdio.c, for the
     same reason: fopen's FILE object; sprintf/snprintf in
     frontend/include/pycorral_printf.c, which reads variable arguments; the <stdlib.h>
     models and strtok in frontend/include/pycorral_stdlib.c: they set errno and keep
     static state; getenv in frontend/include/pycorral_getenv.c: its strings' static
     area).
Functions a front end models itself (`front_end_function`: the harness functions, malloc
and free, memcpy/memmove/memset, printf, ...) are never taken from a library (the libc
file's memcpy/memmove/memset are the C front end's explicit fallback), and a stub file that
defines one is bad input: the stub could not be honoured.

The front ends translate a linked definition like the program's own code, so a model is a
called Boogie procedure named like the C function (a typestate rule instruments `call X`
whatever defines X).  Inputs: the stub paths; outputs: `ModelLibrary` values and
`provider(libraries, name)`.  Nothing here imports pycparser or llvmlite.
"""
from __future__ import annotations

import functools
import os
import re
from dataclasses import dataclass
from pathlib import Path

from boogie.ast import Loc
from boogie.errors import Code, error

import frontend.special as special

INCLUDE = Path(__file__).resolve().parent / "include"
LIBC_FILE = INCLUDE / "pycorral_libc.c"
WINDOWS_FILE = INCLUDE / "models" / "windows_kernel.c"
LINUX_FILE = INCLUDE / "models" / "linux_kernel.c"
ERRNO_FILE = INCLUDE / "pycorral_errno.c"
PTHREAD_FILE = INCLUDE / "pycorral_pthread.c"
STDIO_FILE = INCLUDE / "pycorral_stdio.c"
PRINTF_FILE = INCLUDE / "pycorral_printf.c"
STDLIB_FILE = INCLUDE / "pycorral_stdlib.c"
GETENV_FILE = INCLUDE / "pycorral_getenv.c"


@dataclass(frozen=True, slots=True)
class ModelLibrary:
    """One C file of models.  path: as the user gave it (stubs) or absolute (bundled);
    bundled: shipped with pycorral (its steps are library steps in traces)."""
    path: str
    bundled: bool

    @property
    def names(self) -> frozenset[str]:
        """The functions the file defines."""
        return frozenset(defined_functions(self.path))


LIBC = ModelLibrary(str(LIBC_FILE), True)
WINDOWS = ModelLibrary(str(WINDOWS_FILE), True)
LINUX = ModelLibrary(str(LINUX_FILE), True)
ERRNO = ModelLibrary(str(ERRNO_FILE), True)
PTHREAD = ModelLibrary(str(PTHREAD_FILE), True)
STDIO = ModelLibrary(str(STDIO_FILE), True)
PRINTF = ModelLibrary(str(PRINTF_FILE), True)
STDLIB = ModelLibrary(str(STDLIB_FILE), True)
GETENV = ModelLibrary(str(GETENV_FILE), True)
BUNDLED = (WINDOWS, LINUX, LIBC, ERRNO, PTHREAD, STDIO, PRINTF, STDLIB, GETENV)
KERNEL = (WINDOWS, LINUX)           # bundled models with no native definition elsewhere


def libraries(stubs: tuple[str, ...] = ()) -> tuple[ModelLibrary, ...]:
    """The model libraries of a run, in priority order: the stubs, then the bundled ones."""
    return tuple(ModelLibrary(s, False) for s in stubs) + BUNDLED


def provider(libs: tuple[ModelLibrary, ...], name: str) -> ModelLibrary | None:
    """The library whose definition of `name` a program calling it without defining it
    gets: the first that defines it, never for a function the front ends model themselves."""
    if front_end_function(name):
        return None
    return next((lib for lib in libs if name in lib.names), None)


def index(libs: tuple[ModelLibrary, ...]) -> dict[str, ModelLibrary]:
    """`provider` for every name at once (read the files once per program)."""
    out: dict[str, ModelLibrary] = {}
    for lib in libs:
        for name in lib.names:
            if not front_end_function(name):
                out.setdefault(name, lib)
    return out


@functools.lru_cache(maxsize=256)
def is_bundled_file(path: str) -> bool:
    """Whether a source file is one of the bundled model libraries (trace: library steps)."""
    if os.path.basename(path) not in {os.path.basename(lib.path) for lib in BUNDLED}:
        return False
    try:
        return any(os.path.samefile(path, lib.path) for lib in BUNDLED)
    except OSError:
        return any(os.path.basename(path) == os.path.basename(lib.path) for lib in BUNDLED)


# ----------------------------------------------------------------------------- front-end names

# functions both front ends model themselves (frontend/c/builtins.py, frontend/llvm/calls.py)
# the special functions with a meaning of their own (frontend/special.py; the ones without
# a default may come from a model), and the others the front ends model
_FRONT_END = (frozenset(special.REGISTRY) - special.names(special.Kind.NO_DEFAULT)) | frozenset({
    "memcpy", "memmove", "memset", "abs", "labs", "llabs", "setjmp", "longjmp", "_setjmp",
    "_longjmp", "va_start", "va_arg", "va_end", "va_copy"})
_FRONT_END_PREFIXES = ("__VERIFIER_", "__builtin_", "__SMACK_", "__sync_", "__atomic_",
                       "llvm.")
# the intrinsics of the thread models (frontend/include/pycorral_pthread.c)
THREAD_INTRINSICS = frozenset({"__pycorral_async_next", "__pycorral_thread_id"})
# the bundled models' own helpers; a stub may not define them either
RESERVED_PREFIX = "__pycorral_"


def front_end_function(name: str) -> bool:
    """Whether the front ends model `name` themselves (no library definition is used)."""
    return name in _FRONT_END or name.startswith(_FRONT_END_PREFIXES) or \
        name in ("__pycorral_sign_like", "__pycorral_assert") or name in THREAD_INTRINSICS


def check_stubs(stubs: tuple[str, ...]) -> None:
    """Bad stub files, before any front end reads them: a missing file, or a definition of
    a function the front ends model themselves or of a reserved name (BoogieError at the
    definition, code "io" or "input").  Syntax errors are the front ends' (gcc, clang)."""
    for path in stubs:
        if not os.path.isfile(path):
            what = "a folder" if os.path.isdir(path) else "No such file or directory"
            raise error(Code.IO, Loc(path, 1, 1), f"cannot read the stubs file: {what}")
        for name, (line, col) in sorted(defined_functions(path).items(),
                                        key=lambda kv: kv[1]):
            if front_end_function(name):
                raise error(Code.INPUT, Loc(path, line, col), f"'{name}' is modelled by "
                            "pycorral itself; a stub cannot replace it")
            if name.startswith(RESERVED_PREFIX):
                raise error(Code.INPUT, Loc(path, line, col), f"'{name}': names starting "
                            f"with {RESERVED_PREFIX} are reserved for pycorral's models")


def native_libraries(paths: list[str] | tuple[str, ...], stubs: tuple[str, ...] = ()
                     ) -> tuple[tuple[str, frozenset[str]], ...]:
    """The model files a native build of the program links (replay/build.py), each with the
    functions of it the build keeps: every stub file (all its functions), and each bundled
    kernel library with the functions of it that the program's text (or a stub) calls
    and the program does not define itself -- the ones the verifier linked.  (The C
    library models are not needed natively: libc has those functions.)  The build makes
    the kept definitions weak and renames the others away, so that the program's own
    definitions, static ones included, are the only ones of their names."""
    text, own = "", set()
    for p in paths:
        try:
            text += Path(p).read_text(encoding="latin-1")
        except OSError:
            continue
        own |= set(defined_functions(p))
    for s in stubs:
        try:
            text += Path(s).read_text(encoding="latin-1")
        except OSError:
            continue
    called = set(re.findall(r"\b([A-Za-z_]\w*)\s*\(", text)) - own
    out = [(s, frozenset(defined_functions(s))) for s in stubs]
    for lib in KERNEL:
        keep = called & lib.names
        if keep:
            helpers = {n for n in lib.names if n.startswith(RESERVED_PREFIX)}
            out.append((lib.path, frozenset(keep | helpers)))
    return tuple(out)


# ----------------------------------------------------------------------------- the scan

def defined_functions(path: str) -> dict[str, tuple[int, int]]:
    """The functions a C file defines at file scope, with the line and column of each name:
    a scan of the text (comments, literals and preprocessor lines skipped), cached by the
    file's path, size and modification time.  A definition generated by a macro is not
    seen (write the definitions of a stub file out)."""
    try:
        st = os.stat(path)
    except OSError:
        return {}
    return dict(_scan_cached(os.path.abspath(path), st.st_size, st.st_mtime_ns))


@functools.lru_cache(maxsize=64)
def _scan_cached(path: str, size: int, mtime: int) -> tuple[tuple[str, tuple[int, int]], ...]:
    try:
        text = Path(path).read_text(encoding="latin-1")
    except OSError:
        return ()
    return tuple(scan_definitions(text).items())


_TOKEN = re.compile(r"""
    (?P<comment>/\*.*?\*/|//[^\n]*)
  | (?P<literal>"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')
  | (?P<directive>^[ \t]*\#(?:[^\n\\]|\\.)*)
  | (?P<ident>[A-Za-z_]\w*)
  | (?P<punct>[{}();,=\[\]])
  | (?P<other>[^\sA-Za-z_{}();,=\[\]"'/#]+|/|\#)
""", re.S | re.M | re.X)
_NOT_NAMES = frozenset({"__attribute__", "__attribute", "__declspec", "__asm__", "__asm",
                        "asm", "if", "while", "for", "switch", "return", "sizeof"})


def scan_definitions(text: str) -> dict[str, tuple[int, int]]:
    """The names of the functions `text` defines at file scope: a `{` at brace depth 0
    right after the `)` of a parameter list (attributes after the list are skipped); the
    name is the identifier before that list's `(`, or the last identifier inside a
    parenthesised declarator `void (__stdcall f)(int) {`."""
    toks: list[tuple[str, str, int]] = []      # (kind, text, offset)
    for m in _TOKEN.finditer(text):
        kind = m.lastgroup
        if kind in ("comment", "directive"):
            continue
        toks.append((kind, m.group(), m.start()))
    out: dict[str, tuple[int, int]] = {}
    match: dict[int, int] = {}                 # index of ')' -> index of its '('
    stack: list[int] = []
    depth = 0
    for i, (kind, t, _) in enumerate(toks):
        if t == "(":
            stack.append(i)
        elif t == ")" and stack:
            match[i] = stack.pop()
        elif t == "{":
            if depth == 0:
                found = _definition_name(toks, i, match)
                if found is not None:
                    j = found
                    line = text.count("\n", 0, toks[j][2]) + 1
                    col = toks[j][2] - (text.rfind("\n", 0, toks[j][2]) + 1) + 1
                    out.setdefault(toks[j][1], (line, col))
            depth += 1
        elif t == "}":
            depth = max(0, depth - 1)
    return out


def _definition_name(toks, brace: int, match: dict[int, int]) -> int | None:
    """The token index of the name of the function whose body starts at `brace`."""
    k = brace - 1
    while k >= 0 and toks[k][1] == ")":
        opening = match.get(k)
        if opening is None or opening == 0:
            return None
        before = toks[opening - 1]
        if before[0] == "ident" and before[1] in _NOT_NAMES:
            k = opening - 2               # an attribute after the parameter list
            continue
        if before[0] == "ident":
            return opening - 1
        if before[1] == ")":              # `(declarator)(params)`: the name is inside
            inner = match.get(opening - 1)
            if inner is None:
                return None
            names = [j for j in range(inner + 1, opening - 1)
                     if toks[j][0] == "ident" and toks[j][1] not in _NOT_NAMES
                     and not _inside_attribute(toks, j, inner)]
            # `(*f(params))(int)`: a function returning a function pointer is named
            # before its own parameter list
            called = [j for j in names if toks[j + 1][1] == "("]
            return called[0] if called else (names[-1] if names else None)
        return None
    return None


def _inside_attribute(toks, j: int, start: int) -> bool:
    """Whether token j sits inside an `__attribute__((...))` group after `start`."""
    depth, attr_depth = 0, None
    for k in range(start + 1, j):
        t = toks[k][1]
        if t == "(":
            depth += 1
            if attr_depth is None and toks[k - 1][1] in _NOT_NAMES:
                attr_depth = depth
        elif t == ")":
            if attr_depth is not None and depth == attr_depth:
                attr_depth = None
            depth -= 1
    return attr_depth is not None

