"""Compiles the user's program for native replay: its files with their own flags, the entry
function's harness, and the replay harness.

Role: the build half of replay/native.py (which judges the run).  Inputs: the toolchain's
command (native.Toolchain), the program's files, a `Build` (each file's compiler-style
flags, frontend/cflags.py, and for `--function F` the entry harness of
frontend/c/entry_harness.py) and the replay harness's C file.  Output: gcc's (or zig cc's)
return code and log, and the executable.
* Without flags and without an entry harness: one command compiles and links everything,
  as before (`.i` files are compiled as C, `-x c`: zig cc knows no `.i` extension and no
  `-x cpp-output`; preprocessing preprocessed text again changes nothing).
* Otherwise each file is compiled on its own (`-c`) with its flags, the replay harness
  without them, and the objects are linked.
* `--function F`: the file that defines F is compiled through a wrapper that includes it
  and appends the entry harness (so a `static` F is reachable) and a `main` that calls the
  harness; every file of the program is compiled with `-Dmain=__pycorral_program_main`, so
  the program's own main does not clash with it.  The harness is the very text the front
  ends verified, so its `__VERIFIER_nondet_*` calls take the trace's values in order.
* Model libraries (frontend/models.py `native_libraries`): the user's stub files and the
  bundled kernel models the program calls without defining are compiled too, each
  through a wrapper that makes the definitions kept weak (`#pragma weak`, before the file
  is included: gcc and clang both honour it there) and renames the library's other
  functions away (`#define f __pycorral_unused_f`), so that the program's own
  definitions -- static ones too -- are the only ones of their names, as in the verifier;
  the stubs come first, so a stub wins over a bundled model.  (The C library models are
  not needed natively: libc has those functions.)
"""
from __future__ import annotations

import os
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass

from frontend.c.entry_harness import wrapper_text
from frontend.cflags import BuildFlags, CFlags
from frontend.line_directives import include_flags, physical_source
from frontend.models import defined_functions, native_libraries

COMPILE_TIMEOUT = 120.0
WRAPPER = "pycorral_entry_wrapper.c"
PROGRAM_MAIN = "__pycorral_program_main"


# the C math library, linked into every replay (a program calling sqrt needs it; the
# verifier models math.h: frontend/llvm/floats.py)
LIBM = ("-lm",)

@dataclass(frozen=True)
class Build:
    """How the program is compiled: each file's flags, the entry harness (None: the
    program's main is the entry), and the user's stub files (`--stubs`)."""
    cflags: BuildFlags = BuildFlags()
    entry: object | None = None        # frontend.c.entry_harness.EntryHarness
    stubs: tuple[str, ...] = ()
    # (input file, the copy compiled in its place): the files whose nondet calls name
    # their call sites (replay/sites.py)
    copies: tuple[tuple[str, str], ...] = ()
    # the program's units only (not the harness): instrumentation and macros of the
    # thread-schedule replay (replay/threads.py); and flags of the link
    unit_flags: tuple[str, ...] = ()
    link_flags: tuple[str, ...] = ()

    def compiled(self, path: str) -> str | None:
        """The copy compiled in place of `path`, if any."""
        return next((c for p, c in self.copies if p == path), None)

    @property
    def plain(self) -> bool:
        return self.entry is None and self.cflags.empty and not self.unit_flags


def entry_build(paths: Sequence[str], data_model: str, cflags: BuildFlags,
                entry: str | None, stubs: tuple[str, ...] = ()) -> Build:
    """The Build of a replay: with an entry function other than main, its harness (the C
    front end reads the program's declarations; BoogieError if it cannot)."""
    if entry is None or entry == "main":
        return Build(cflags, stubs=stubs)
    from frontend.c import CFrontendOptions, harness_for
    return Build(cflags, harness_for(list(paths), CFrontendOptions(
        data_model=data_model, entry=entry, cflags=cflags, stubs=stubs)), stubs)


def _source(path: str, ms_extensions: bool = False, copy: str | None = None) -> list[str]:
    """A source file as compiler arguments (`.i` files as C, see the module docstring):
    `copy` when given (replay/sites.py: it names the file and its lines), else its
    physical copy when it has line directives (frontend/line_directives.py: debug
    information names the physical lines), its own folder searched for its quoted
    includes."""
    p = os.path.abspath(path)
    physical = copy or physical_source(path, p, ms_extensions)
    src = p if physical == path else physical
    return [*include_flags(path, physical),
            *(["-x", "c", src, "-x", "none"] if p.endswith(".i") else [src])]


def _flags(cflags: CFlags) -> list[str]:
    return cflags.argv() + ([f"-std={cflags.std}"] if cflags.std else [])


def compile_program(tc_argv: Sequence[str], paths: Sequence[str], workdir: str,
                    harness_path: str, exe: str, build: Build) -> tuple[int, str]:
    """Compile and link; returns (return code, compiler output); -1 on a timeout."""
    include = ["-I", os.path.join(workdir, "include")]
    models = _model_units(paths, build.stubs, workdir)
    if build.plain:
        argv = [*tc_argv, *include,
                *[a for p in paths for a in _source(p, copy=build.compiled(p))], *models,
                harness_path, "-o", exe, *build.link_flags, *LIBM]
        return _run(argv, workdir)
    units = []
    for p in paths:
        ms = build.cflags.for_file(p).ms_extensions
        copy = build.compiled(p)
        src = _source(p, ms, copy)
        extra = _flags(build.cflags.for_file(p)) + list(build.unit_flags)
        if build.entry is not None:
            extra.append(f"-Dmain={PROGRAM_MAIN}")
            if os.path.realpath(p) == os.path.realpath(build.entry.file):
                wrapper = os.path.join(workdir, WRAPPER)
                with open(wrapper, "w") as fh:
                    fh.write(wrapper_text(build.entry, with_main=True, ms_extensions=ms,
                                          source=copy))
                src = [*include_flags(p, copy or physical_source(p, os.path.abspath(p),
                                                                 ms)),
                       wrapper]
        units.append((src, extra))
    units += [([m], _flags(build.cflags.for_file(m)) + list(build.unit_flags))
              for m in models]
    objs = []
    log = ""
    for i, (src, extra) in enumerate(units):
        obj = os.path.join(workdir, f"unit{i}.o")
        rc, out = _run([*tc_argv, *include, *extra, "-c", *src, "-o", obj], workdir)
        log += out
        if rc != 0:
            return rc, log
        objs.append(obj)
    rc, out = _run([*tc_argv, *objs, harness_path, "-o", exe, *build.link_flags, *LIBM], workdir)
    return rc, log + out


def _model_units(paths: Sequence[str], stubs: tuple[str, ...], workdir: str) -> list[str]:
    """A wrapper per model library to link: the definitions the build keeps made weak, the
    library's other functions renamed away, then the file."""
    out = []
    for i, (lib, keep) in enumerate(native_libraries(list(paths), stubs)):
        wrapper = os.path.join(workdir, f"pycorral_models{i}.c")
        names = sorted(defined_functions(lib))
        text = "".join(f"#pragma weak {n}\n" for n in names if n in keep)
        text += "".join(f"#define {n} __pycorral_unused_{n}\n" for n in names
                        if n not in keep)
        with open(wrapper, "w") as fh:
            fh.write(f"{text}#include \"{os.path.abspath(lib)}\"\n")
        out.append(wrapper)
    return out


def _run(argv: list[str], workdir: str) -> tuple[int, str]:
    try:
        r = subprocess.run(argv, capture_output=True, text=True, timeout=COMPILE_TIMEOUT,
                           cwd=workdir, errors="replace")
    except subprocess.TimeoutExpired:
        return -1, f"compile timed out after {COMPILE_TIMEOUT:.0f}s"
    return r.returncode, r.stdout + r.stderr
