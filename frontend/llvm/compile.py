"""Turns `.c`/`.i` files into LLVM IR files with clang (-O0 -g), and loads a program's files.

Role: the front door of the LLVM front end.  Uses the system `clang` when it is on PATH,
else the pip-installable `ziglang` package (`python -m ziglang clang`, LLVM 22) with the
glibc headers zig ships, so the LLVM road needs no system package.  Flags: `-O0 -g
-fno-discard-value-names -Xclang -disable-O0-optnone -fno-sanitize=all -ffp-contract=off`
(each floating-point operation rounded on its own); `-target
i386-linux-gnu` for ILP32 and `x86_64-linux-gnu` for LP64.

The user's compiler-style flags (frontend/cflags.py: -I, -D, -U, -include, --std) come
after these.  `frontend/llvm/include` is searched after the system headers: it holds a
`smack.h` for SMACK's regression tests; `frontend/include/threads` (pycorral's pthread.h
and the thread types of glibc's `bits/pthreadtypes.h`, for the thread models) before them.

Compiled IR is cached by content hash (file bytes and path, data model, compiler, flags) in
`$PYCORRAL_LLVM_CACHE` or `<tmp>/pycorral-llvm-cache`, so repeated runs skip clang; an
entry also records the hash of every header the file included (clang's `-MD` list), and a
header that changed since makes it stale.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from boogie.ast import Loc
from boogie.errors import BoogieError, error
from frontend.cflags import BuildFlags, CFlags
from frontend.line_directives import include_flags, physical_source
from frontend.models import ModelLibrary, libraries, provider

from .ir import Module
from .reader import read_modules

INCLUDE = Path(__file__).resolve().parent / "include"      # smack.h for SMACK's tests
# pycorral's pthread.h and the thread types, before the system's (frontend/include/threads)
THREADS = Path(__file__).resolve().parent.parent / "include" / "threads"
TARGETS = {"ILP32": "i386-linux-gnu", "LP64": "x86_64-linux-gnu"}
FLAGS = ["-S", "-emit-llvm", "-O0", "-g", "-fno-discard-value-names", "-Xclang",
         "-disable-O0-optnone", "-fno-sanitize=all", "-w", "-fno-builtin",
         "-Wno-error=implicit-function-declaration", "-Wno-error=int-conversion",
         "-Wno-error=incompatible-pointer-types", "-Wno-error=return-type",
         # every floating-point operation rounded on its own (no a * b + c contracted to
         # llvm.fmuladd): C's semantics without FP_CONTRACT, the C front end's, SV-COMP's
         # and that of the native replay (x86 without FMA)
         "-ffp-contract=off",
         # glibc's ctype.h: isspace(c) ... as calls (of pycorral_libc.c's models), not reads
         # of the locale's tables behind __ctype_b_loc(), a function without a body
         "-D__NO_CTYPE"]


def _zig_dir() -> Path | None:
    try:
        import ziglang   # noqa: F401 -- only to find its files; no code of it is used
    except ImportError:
        return None
    return Path(ziglang.__file__).parent


def clang_command() -> list[str] | None:
    """The clang to run (system clang, else ziglang's), with its include flags."""
    sys_clang = shutil.which("clang")
    if sys_clang:
        return [sys_clang]
    z = _zig_dir()
    if z is None:
        return None
    inc = z / "lib" / "libc" / "include"
    return [sys.executable, "-m", "ziglang", "clang", "-nostdinc", "-D__GLIBC_MINOR__=31",
            "-isystem", str(z / "lib" / "include"),
            "-isystem", str(inc / "x86-linux-gnu"), "-isystem", str(inc / "generic-glibc"),
            "-isystem", str(inc / "x86-linux-any"), "-isystem", str(inc / "any-linux-any")]


def cache_dir() -> Path:
    d = os.environ.get("PYCORRAL_LLVM_CACHE")
    p = Path(d) if d else Path(tempfile.gettempdir()) / "pycorral-llvm-cache"
    p.mkdir(parents=True, exist_ok=True)
    return p


def compile_c(path: str, data_model: str, timeout: float = 120.0,
              cflags: CFlags = CFlags(), source: str | None = None,
              sanitize: tuple[str, ...] = ()) -> str:
    """The path of the `.ll` file for C file `path` (compiled, or from the cache), with the
    user's flags `cflags`.  `source`: compile this file instead (a wrapper that includes
    `path`; errors and the cache key still name `path`).  `sanitize`: clang's sanitizer
    flags of the property checks that need C types (frontend/llvm/sanitizer_checks.py)."""
    cmd = clang_command()
    if cmd is None:
        raise error("unsupported", Loc(path, 0, 0),
                    "unsupported: no clang (neither system clang nor the ziglang package)")
    try:
        src = Path(path).read_bytes()
    except OSError as e:
        raise error("input", Loc(path, 0, 0), f"cannot read {path}: {e.strerror}")
    args = cmd + ["-target", TARGETS[data_model]] + FLAGS + list(sanitize) + cflags.argv() + \
        ([f"-std={cflags.std}"] if cflags.std else []) + ["-I", str(THREADS),
                                                          "-idirafter", str(INCLUDE)]
    full = str(Path(path).resolve())
    # a file with line directives is compiled from its physical copy, which names `full`
    # (frontend/line_directives.py: debug locations name the physical lines); a wrapper
    # includes that copy (entry_harness.wrapper_text)
    physical = physical_source(path, full, cflags.ms_extensions)
    args += include_flags(path, physical)
    if source is None and physical != path:
        source = physical
    if path.endswith(".i") and source is None:
        # (in the Microsoft dialect preprocessed again: its macros apply to it too)
        args += ["-x", "c" if cflags.ms_extensions else "cpp-output"]
    elif source is not None and source.endswith(".i") and cflags.ms_extensions:
        args += ["-x", "c"]
    src_file = source or full
    if source is not None:
        src += b"\0" + Path(source).read_bytes()
    # the IR names the source file (debug locations), so the path is part of the key
    h = hashlib.sha256(repr((args[1:] if args[0] == sys.executable else args,
                             full)).encode() + b"\0" + src).hexdigest()[:32]
    out = cache_dir() / f"{h}.ll"
    if out.exists() and _headers_unchanged(out):
        return str(out)
    tmp = out.with_suffix(f".{os.getpid()}.tmp")
    deps = out.with_suffix(f".{os.getpid()}.d")
    try:
        proc = subprocess.run(args + ["-MD", "-MF", str(deps), src_file, "-o", str(tmp)],
                              capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise error("unsupported", Loc(path, 0, 0), "unsupported: clang timed out")
    if proc.returncode != 0:
        deps.unlink(missing_ok=True)
        raise _clang_error(proc.stderr, path, proc.returncode)
    _record_headers(out, deps, {src_file, full})
    os.replace(tmp, out)
    return str(out)


def _file_hash(path: str) -> str | None:
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        return None


def _record_headers(out: Path, deps: Path, sources: set[str]) -> None:
    """Beside the cached IR `out`: the hash of every header clang read (its -MD list);
    without the list no record is written, and the entry is never reused."""
    try:
        text = deps.read_text(errors="replace")
    except OSError:
        return
    finally:
        deps.unlink(missing_ok=True)
    words = re.split(r"(?<!\\)\s+", text.replace("\\\n", " "))
    files = [w.replace("\\ ", " ") for w in words[1:] if w and w != "\\"]
    headers = {f: _file_hash(f) for f in files if f not in sources}
    side = out.with_suffix(".headers.json")
    tmp = side.with_suffix(f".{os.getpid()}.tmp")
    tmp.write_text(json.dumps(headers))
    os.replace(tmp, side)


def _headers_unchanged(out: Path) -> bool:
    """Whether every header the cached IR `out` was compiled from is as it was."""
    try:
        headers = json.loads(out.with_suffix(".headers.json").read_text())
    except (OSError, ValueError):
        return False
    return all(_file_hash(f) == h for f, h in headers.items())


# clang's first error: `FILE:LINE:COL: error: message` (or `fatal error:`)
_CLANG_DIAG = re.compile(r"^(.+?):(\d+):(\d+): (?:fatal )?error: (.*\S)\s*$", re.M)


# clang itself died (a signal; zig's driver says "exit code 139"): its defect, not the input's
_CLANG_CRASH = re.compile(r"command failed (?:due to signal|with exit code (?:129|1[3-9]\d|2\d\d))"
                          r"|PLEASE submit a bug report|Stack dump:")


def _clang_error(stderr: str, path: str, returncode: int = 1):
    """One diagnostic at clang's first error (in the user's spelling of the file when the
    error is in it, else at the header clang names); clang's other lines are left out.
    A clang that crashed without naming an error (e.g. its stack overflowed on deeply
    nested input that gcc accepts) says nothing about the input: UNKNOWN, unsupported."""
    m = _CLANG_DIAG.search(stderr)
    if m is None and (returncode < 0 or _CLANG_CRASH.search(stderr)):
        return error("unsupported", Loc(path, 0, 0),
                     "unsupported: clang crashed on this input (the C front end, "
                     "--frontend c, may read it)")
    if m is None:
        first = next((ln.strip() for ln in stderr.splitlines() if "error" in ln),
                     stderr.strip()[:300] or "no message")
        return error("parse", Loc(path, 0, 0), f"clang failed: {first}")
    file = m.group(1)
    try:
        if os.path.samefile(file, path):
            file = path
    except OSError:
        pass                                  # a file clang names but we cannot see
    return error("parse", Loc(file, int(m.group(2)), int(m.group(3))), m.group(4))


def load_modules(paths: list[str], data_model: str, cflags: BuildFlags = BuildFlags(),
                 sources: dict[str, str] | None = None, stubs: tuple[str, ...] = (),
                 sanitize: tuple[str, ...] = ()) -> Module:
    """Reads (compiling C first, each file with its flags) and links the files of one
    program, and the model libraries' definitions of the functions it calls without
    defining (frontend/models.py: the `stubs` files, the kernel models, the C library
    models); `sources` maps a file to the wrapper compiled in its place (an entry
    function's harness, frontend/c/entry_harness.py).  A stubs file clang rejects is bad
    input, whether or not the program needs it."""
    sources = sources or {}
    lls = [compile_c(p, data_model, cflags=cflags.for_file(p), source=sources.get(p),
                     sanitize=sanitize)
           if p.endswith((".c", ".i")) else p for p in paths]
    libs = libraries(stubs)
    for lib in libs:
        if not lib.bundled:
            compile_c(lib.path, data_model, cflags=cflags.for_file(lib.path))
    names = [str(p) for p in paths]
    return read_modules(lls, names, library=lambda undefined, defined: library_ir(
        undefined, defined, data_model, libs, cflags))


def library_ir(undefined: frozenset[str], defined: frozenset[str], data_model: str,
               libs: tuple[ModelLibrary, ...] = libraries(),
               cflags: BuildFlags = BuildFlags()) -> list[str]:
    """`.ll` files, one per model library needed, with the definitions of the functions
    among `undefined` that a library provides (frontend.models.provider: the first library
    defining it, never for a function the front end models itself), and of the functions
    those definitions refer to, transitively -- never one in `defined`, the program's own.
    A bundled library clang cannot compile is left out (the calls stay unmodelled)."""
    irs: dict[str, str | None] = {}
    bodies: dict[str, dict[str, str]] = {}      # library -> its definitions' text by name
    chosen: dict[str, ModelLibrary] = {}
    todo = sorted(undefined)
    while todo:
        name = todo.pop()
        if name in chosen or name in defined:
            continue
        lib = provider(libs, name)
        if lib is None:
            continue
        if lib.path not in irs:
            try:
                # a bundled file in the program's dialect (the modules' `wchar_size` must
                # agree), a stub with its flags
                flags = CFlags(ms_extensions=cflags.ms_extensions) if lib.bundled \
                    else cflags.for_file(lib.path)
                irs[lib.path] = Path(compile_c(lib.path, data_model, cflags=flags)).read_text()
            except BoogieError:
                if not lib.bundled:
                    raise
                irs[lib.path] = None
            bodies[lib.path] = _definitions(irs[lib.path] or "")
        body = bodies[lib.path].get(name)
        if body is None:
            continue
        chosen[name] = lib
        refs = {r.strip('"') for r in _GLOBAL_REF.findall(body)}
        todo += sorted(refs - chosen.keys() - defined)
    out = []
    for lib in libs:
        keep = {n for n, where in chosen.items() if where is lib}
        if not keep:
            continue
        full = irs[lib.path] or ""
        text = keep_definitions(full, keep, set())
        h = hashlib.sha256(full.encode() + repr(sorted(keep)).encode()).hexdigest()[:32]
        out_file = cache_dir() / f"{h}.models.ll"
        if not out_file.exists():
            tmp = out_file.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_text(text)
            os.replace(tmp, out_file)
        out.append(str(out_file))
    return out


_GLOBAL_REF = re.compile(r'@("(?:[^"\\]|\\.)*"|[-\w.$]+)')


def _definitions(ir_text: str) -> dict[str, str]:
    """The text of each function definition of an LLVM module, by name."""
    out = {}
    for m in _DEFINE.finditer(ir_text):
        end = ir_text.index("\n}\n", m.start()) + 3
        out[m.group(1).strip('"')] = ir_text[m.start():end]
    return out


_DEFINE = re.compile(r'^define\b[^@]*@("(?:[^"\\]|\\.)*"|[-\w.$]+)\(', re.M)


def keep_definitions(ir_text: str, keep: set[str], models: set[str]) -> str:
    """LLVM assembly without the function definitions that are not in `keep` or called,
    directly or through other kept models, by one in it (a definition runs from its
    `define` line to the `}` line; what it refers to stays)."""
    bodies: dict[str, tuple[int, int]] = {}
    for m in _DEFINE.finditer(ir_text):
        end = ir_text.index("\n}\n", m.start()) + 3
        bodies[m.group(1).strip('"')] = (m.start(), end)
    wanted, todo = set(), [n for n in keep if n in bodies]
    while todo:
        name = todo.pop()
        if name in wanted:
            continue
        wanted.add(name)
        start, end = bodies[name]
        todo += [n for n in models & bodies.keys() if f"@{n}(" in ir_text[start:end]]
    drop = sorted((span for n, span in bodies.items() if n not in wanted), reverse=True)
    for start, end in drop:
        ir_text = ir_text[:start] + ir_text[end:]
    return ir_text
