"""The one door to the front ends: files in, one type-checked Boogie program out.

Role: every driver (`pycorral check`/`translate`, `pycorral svcomp`, the differential
campaign, the corpus scripts) loads a program through `load(paths, FrontendOptions)`, as
CBMC's drivers get a language through `langapi/mode.h`.  The door owns
- dispatch: Boogie (`.bpl`, parsed by boogie.parser, with Corral's `/concat` files), C
  (`.c`, `.i`: frontend/c, pycparser) or LLVM (`.ll`, `.bc`, or C through clang:
  frontend/llvm), by extension unless `FrontendOptions.frontend` names one;
- modifies inference, once per program: the C and LLVM front ends finish their programs
  with `boogie.passes.modifies.infer_modifies` (their procedures' clauses are part of the
  translation), a Boogie file gets it here, as Corral does before verification;
- the type check, once;
- one split of failures: `Unsupported` (a construct no front end models: the verdict is
  UNKNOWN) and `BadInput` (a missing file, C that gcc rejects, a syntax or type error);
  both carry the diagnostic (a code of `boogie.errors.Code`) and its one-line form
  `file:line:col: error: message`.
"""
from __future__ import annotations

import gc
import os
import re
import struct
import time
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path

from boogie.ast import Loc, Program
from boogie.errors import BadInput as AnyBadInput, BoogieError, Code, Diagnostic, error, one_line
from boogie.errors import Unsupported as AnyUnsupported
from frontend.cflags import BuildFlags
from frontend.properties import (NO_ASSUMED, NO_CHECKS, AssumedChecks, PropertyChecks,
                                 assume_checks, number_properties)

BOOGIE_EXTENSIONS = (".bpl",)
C_EXTENSIONS = (".c", ".i")
LLVM_EXTENSIONS = (".ll", ".bc")
FRONTENDS = ("auto", "boogie", "c", "llvm")
DATA_MODELS = ("ILP32", "LP64")


def host_data_model() -> str:
    """The data model of the machine pycorral runs on, from its pointer size: LP64 on
    64-bit Linux and macOS, ILP32 on 32-bit systems.  (`pycorral check` defaults to it, as
    a compiler does; SV-COMP tasks name their own.)"""
    return "LP64" if struct.calcsize("P") == 8 else "ILP32"


def target_model(given: str | None, build: str | None, where: str,
                 source: tuple[str, str] | None = None) -> tuple[str, str]:
    """The data model of a run and where it comes from: `--data-model` ("option"), else
    the one the build's flags name for the target (`build`: -m32, -m64, --target=...;
    "build"), else the one the program's own `size_t` typedef fixes (`source`: (model,
    where) from `source_data_model`; "source"), else the host's ("host") -- never the
    dialect of the source.  A 64-bit Windows target (LLP64: 32-bit `long`, 64-bit
    pointers) is not modelled: BoogieError at `where` (the compilation database) or at
    the typedef."""
    if given is not None:
        return given, "option"
    if build == "LLP64":
        raise error(Code.INPUT, Loc(where, 1, 1), _LLP64.format("the build compiles"))
    if build is not None:
        return build, "build"
    if source is not None:
        model, at = source
        if model == "LLP64":
            file, line = at.rsplit(":", 1)
            raise error(Code.INPUT, Loc(file, int(line), 1),
                        _LLP64.format("the program's size_t typedef is"))
        return model, "source"
    return host_data_model(), "host"


_LLP64 = ("{} for 64-bit Windows (LLP64: 32-bit long, 64-bit pointers), a data model "
          "pycorral does not have: --data-model ILP32 (32-bit Windows) or LP64 checks it for "
          "another target")

# a program's own `typedef <unsigned type> size_t;` at a line's start (a preprocessed or
# CIL-produced file carries its target's): which data model accepts it
_SIZE_T = re.compile(r"^[ \t]*typedef[ \t]+(unsigned[ \t]+int|unsigned|unsigned[ \t]+long"
                     r"(?:[ \t]+int)?|unsigned[ \t]+long[ \t]+long(?:[ \t]+int)?|"
                     r"unsigned[ \t]+__int64)[ \t]+size_t[ \t]*;", re.M)
_SIZE_T_MODEL = {"unsigned int": "ILP32", "unsigned": "ILP32", "unsigned long": "LP64",
                 "unsigned long int": "LP64", "unsigned long long": "LLP64",
                 "unsigned long long int": "LLP64", "unsigned __int64": "LLP64"}


def source_data_model(paths: list[str]) -> tuple[str, str] | None:
    """The data model a C program's own text fixes, and where: a file that defines
    `size_t` itself (a preprocessed `.i` file, CIL's output: SMACK's and SV-COMP's Windows
    drivers say `typedef unsigned int size_t;`) was produced for a target where that is
    the size type, and a compiler for another target rejects it ("typedef redefinition
    with different types").  `unsigned int` is ILP32, `unsigned long` LP64, `unsigned
    long long`/`unsigned __int64` LLP64.  None when no file says; files that disagree:
    BoogieError (one line) at the second one's typedef.  Only C files are read (the raw
    text: a typedef in a header the program includes is the header's, not the target's
    evidence -- the compiler's own headers follow the host)."""
    found: tuple[str, str] | None = None
    for path in paths:
        if not path.lower().endswith(C_EXTENSIONS):
            continue
        try:
            text = Path(path).read_text(encoding="latin-1")
        except OSError:
            continue
        m = _SIZE_T.search(text)
        if m is None:
            continue
        model = _SIZE_T_MODEL[" ".join(m.group(1).split())]
        where = f"{path}:{text.count(chr(10), 0, m.start()) + 1}"
        if found is not None and found[0] != model:
            file, line = where.rsplit(":", 1)
            raise error(Code.INPUT, Loc(file, int(line), 1),
                        f"this file's size_t is for {model}, {found[1]}'s for {found[0]}: "
                        "one program has one data model (--data-model chooses it)")
        found = found or (model, where)
    return found


@dataclass(frozen=True, slots=True)
class FrontendOptions:
    """How to load a program.
    frontend: "auto" (by extension), "boogie", "c" or "llvm";
    encoding: C integers as "int" (mathematical, explicit wrap-around) or "bv", or
      "auto": the front end chooses (bv when the program stores computed values wider
      than a byte into byte-level memory, else int) and records the choice on the entry
      (frontend/encoding_choice.py);
    data_model: "ILP32" (gcc -m32) or "LP64";
    entry: the C function where execution starts (None: main); Boogie ignores it here
      (the entry procedure is chosen after loading);
    malloc_may_fail: C front end: malloc/realloc may return NULL (LLVM: no effect);
    concat: more Boogie files read into the program (Corral's /concat:F), relative to
      the first file's folder;
    cflags: C and LLVM: each C file's compiler-style flags (-I, -D, -U, -include, --std;
      frontend/cflags.py), for the preprocessor, clang and the native replay;
    ms_extensions: C and LLVM: the Microsoft C dialect (frontend/msdialect.py; the
      commands decide it with `msdialect.resolve`, and put it in `cflags` as well, which
      the native replay reads);
    extern_pure: C and LLVM: functions without a body write no memory (SMACK's
      convention); by default they may write what they can reach (frontend/externs.py);
    stubs: C and LLVM: C files of the user's models (`--stubs`): their definitions
      stand in for functions the program calls without defining, before the bundled
      models (frontend/models.py);
    checks: C and LLVM: the property checks to instrument (frontend/properties.py:
      division by zero, overflow, memory safety); each becomes an assertion carrying
      `{:property KIND, MESSAGE, ID}`; Boogie input ignores them;
    memory_split: C: byte-level memory only for the points-to classes that need it
      (frontend/c/byte_split.py); False: the whole program as soon as one class does;
    memory_regions: C: each points-to class's memory on maps of its own
      (frontend/c/region_split.py); False: one map per value class and field;
    assumed_checks: C and LLVM: the checks that are assumptions instead of assertions (`properties.assume_checks`): the retry of a
      trace that ran into undefined behaviour natively (pycorral/ub_retry.py)."""
    frontend: str = "auto"
    encoding: str = "int"
    data_model: str = "ILP32"
    entry: str | None = None
    malloc_may_fail: bool = False
    concat: tuple[str, ...] = ()
    cflags: BuildFlags = BuildFlags()
    ms_extensions: bool = False
    extern_pure: bool = False
    stubs: tuple[str, ...] = ()
    checks: PropertyChecks = NO_CHECKS
    memory_split: bool = True
    memory_regions: bool = True
    assumed_checks: AssumedChecks = NO_ASSUMED

    def __post_init__(self):
        assert self.frontend in FRONTENDS, f"front end {self.frontend}"
        assert self.encoding in ("int", "bv", "auto"), f"encoding {self.encoding}"
        assert self.data_model in ("ILP32", "LP64"), f"data model {self.data_model}"


@dataclass(frozen=True, slots=True)
class LoadedProgram:
    program: Program          # type-checked, complete modifies clauses
    frontend: str             # the front end that ran: boogie, c or llvm
    seconds: float            # time spent in the door


class LoadError(Exception):
    """A program that could not be loaded; `line` is `file:line:col: error: message`."""

    def __init__(self, diagnostic: Diagnostic, path: str):
        self.diagnostic = diagnostic
        self.line = one_line(BoogieError(diagnostic), path)
        super().__init__(self.line)


class BadInput(LoadError, AnyBadInput):
    """Bad input: the command lines print `line` and exit 2."""


class Unsupported(LoadError, AnyUnsupported):
    """A construct the front end does not model: the verdict is UNKNOWN (never a guess)."""


def _bad(code: Code, path: str, message: str) -> BadInput:
    return BadInput(Diagnostic(code, Loc(path, 1, 1), message), path)


def frontend_by_extension(paths: list[str]) -> str | None:
    """boogie, c or llvm from the files' extensions (C goes to LLVM when mixed with IR);
    None when the extensions name no single front end."""
    exts = {os.path.splitext(p)[1].lower() for p in paths}
    if exts <= set(BOOGIE_EXTENSIONS):
        return "boogie"
    if exts <= set(C_EXTENSIONS):
        return "c"
    if exts <= set(C_EXTENSIONS + LLVM_EXTENSIONS):
        return "llvm"
    return None


def choose_frontend(paths: list[str], requested: str = "auto") -> str:
    """The front end for `paths`: the one requested, else by extension; BadInput when the
    extensions name none."""
    assert paths, "a program has at least one file"
    if requested != "auto":
        return requested
    chosen = frontend_by_extension(paths)
    if chosen is not None:
        return chosen
    known = {*BOOGIE_EXTENSIONS, *C_EXTENSIONS, *LLVM_EXTENSIONS}
    odd = [p for p in paths if os.path.splitext(p)[1].lower() not in known]
    if odd:
        raise _bad(Code.INPUT, odd[0], "cannot tell the front end from the file name (use "
                   ".bpl, .c, .i, .ll or .bc, or --frontend)")
    bpl = next(p for p in paths if p.lower().endswith(".bpl"))
    raise _bad(Code.INPUT, bpl, "a Boogie file cannot be checked together with C or LLVM "
               "files")


def load(paths: list[str], opts: FrontendOptions = FrontendOptions()) -> LoadedProgram:
    """Translate or parse `paths` into one type-checked Boogie program.  Raises BadInput or
    Unsupported; anything else is our bug (the caller's top level makes it UNKNOWN)."""
    t0 = time.perf_counter()
    paths = list(paths)
    frontend = choose_frontend(paths, opts.frontend)
    with _fewer_collections():
        if frontend == "boogie":
            prog = check_boogie(_boogie(paths, opts.concat), paths[0])
        else:
            prog = number_properties(_translate(paths, frontend, opts))
            prog = _typecheck(assume_checks(prog, opts.assumed_checks.switches,
                                                   opts.assumed_checks.lines), paths[0])
    return LoadedProgram(prog, frontend, time.perf_counter() - t0)


@contextmanager
def _fewer_collections():
    """Loading allocates millions of small objects that live until it ends (syntax trees,
    Boogie nodes); under CPython's default thresholds (700, 10, 10) the cyclic collector
    scans them again and again -- half the C front end's CPU time on a 30,000-line driver
    (scripts/frontend_speed.py).  A young collection every 50,000 allocations and older
    ones rarely keep the same peak memory there; the thresholds are restored after."""
    old = gc.get_threshold()
    gc.set_threshold(50_000, 20, 100)
    try:
        yield
    finally:
        gc.set_threshold(*old)


def _typecheck(prog: Program, path: str) -> Program:
    from boogie.typecheck import typecheck

    try:
        typecheck(prog, check_modifies=True)
    except BoogieError as e:            # e.g. nested past the checker's recursion: unsupported
        raise _split(e, path) from None
    return prog


# ----------------------------------------------------------------------------- Boogie

def check_boogie(prog: Program, path: str) -> Program:
    """A parsed Boogie program with its missing modifies clauses inferred (as Corral does),
    type-checked; BadInput or Unsupported (`pycorral bpl` uses it on what it printed)."""
    from boogie.passes.modifies import infer_modifies

    try:
        prog = infer_modifies(prog)
    except BoogieError as e:
        raise _split(e, path) from None
    return _typecheck(prog, path)


def _boogie(paths: list[str], concat: tuple[str, ...]) -> Program:
    """Parse the file and the /concat files into one program."""
    if len(paths) != 1:
        raise _bad(Code.INPUT, paths[1], "a Boogie check takes one .bpl file (use /concat:F "
                   "to add more)")
    path = paths[0]
    prog = _read_boogie(path)
    for extra in concat:
        extra_path = extra if os.path.isabs(extra) else os.path.join(os.path.dirname(path),
                                                                     extra)
        more = _read_boogie(extra_path)
        prog = Program(prog.decls + more.decls, loc=prog.loc)
    return prog


def read_boogie(path: str) -> Program:
    """One Boogie file, parsed (not type-checked); BadInput when it cannot be read or
    parsed.  (`pycorral bpl` prints a program as parsed.)"""
    return _read_boogie(path)


def _read_boogie(path: str) -> Program:
    from boogie.parser import parse_program

    if os.path.exists(path) and not os.path.isfile(path):
        raise _bad(Code.IO, path, "cannot read: "
                   + ("a folder" if os.path.isdir(path) else "not a regular file"))
    try:
        text = Path(path).read_text(encoding="utf-8", errors="replace")
    except OSError as e:
        raise _bad(Code.IO, path, f"cannot read file: {e.strerror or type(e).__name__}") \
            from None
    try:
        return parse_program(text, path)
    except BoogieError as e:
        raise BadInput(e.first, path) from None
    except RecursionError:
        raise _bad(Code.INPUT, path, "input nested too deeply to parse") from None


# ----------------------------------------------------------------------------- C and LLVM

def _translate(paths: list[str], frontend: str, opts: FrontendOptions) -> Program:
    """The C or LLVM front end (each ends with modifies inference, boogie.passes.modifies)."""
    for p in paths:
        if os.path.exists(p) and not os.path.isfile(p):
            raise _bad(Code.IO, p, "cannot read: "
                       + ("a folder" if os.path.isdir(p) else "not a regular file"))
        if not os.path.isfile(p):
            raise _bad(Code.IO, p, "cannot read file: No such file or directory")
    entry = opts.entry or "main"
    if opts.ms_extensions or opts.cflags.ms_extensions:
        opts = replace(opts, cflags=opts.cflags.with_ms_extensions())
        _dialect_limits(paths)
    try:
        from frontend.models import check_stubs
        check_stubs(opts.stubs)
        if frontend == "c":
            bad = [p for p in paths if not p.lower().endswith(C_EXTENSIONS)]
            if bad:
                raise _bad(Code.INPUT, bad[0], "the C front end reads .c and .i files")
            from frontend.c import CFrontendOptions, translate_files
            return translate_files(paths, CFrontendOptions(
                encoding=opts.encoding, data_model=opts.data_model, entry=entry,
                malloc_may_fail=opts.malloc_may_fail, cflags=opts.cflags,
                extern_pure=opts.extern_pure, stubs=opts.stubs, checks=opts.checks,
                memory_split=opts.memory_split, memory_regions=opts.memory_regions))
        from frontend.llvm.translate import LlvmFrontendOptions, translate_llvm
        return translate_llvm(paths, LlvmFrontendOptions(
            encoding=opts.encoding, data_model=opts.data_model, entry=entry,
            cflags=opts.cflags, extern_pure=opts.extern_pure, stubs=opts.stubs,
            checks=opts.checks))
    except BoogieError as e:
        raise _split(e, paths[0], paths) from None


def _dialect_limits(paths: list[str]) -> None:
    """Unsupported (UNKNOWN) when a file of the Microsoft dialect uses what it does not
    model (structured exception handling, `__asm` blocks; frontend/msdialect.py)."""
    import frontend.msdialect as msdialect

    found = msdialect.unsupported_spelling(paths)
    if found is not None:
        raise Unsupported(Diagnostic(Code.UNSUPPORTED, Loc(found.file, found.line, found.col),
                                     "unsupported: Microsoft C " +
                                     msdialect.UNSUPPORTED[found.text]), found.file)


def _split(err: BoogieError, path: str, inputs: list[str] = ()) -> LoadError:
    """The one split: the code `unsupported` means UNKNOWN, every other code bad input.  A
    location in an input file with line directives is its physical line; the message
    names the directive's origin too (frontend/line_directives.py)."""
    from frontend.line_directives import with_origin

    kind = Unsupported if err.first.code == Code.UNSUPPORTED else BadInput
    d = err.first
    if d.loc.file and d.loc.file.lower().endswith(C_EXTENSIONS) and \
            os.path.realpath(d.loc.file) in {os.path.realpath(p) for p in inputs}:
        d = replace(d, message=with_origin(d.message, d.loc.file, d.loc.line))
    return kind(d, path)
