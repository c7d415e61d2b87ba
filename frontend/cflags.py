"""Compiler-style input: the preprocessor flags of each C file of a program.

Role: what `-I DIR`, `-D NAME[=V]`, `-U NAME`, `-include FILE` and `--std` mean, in one
place, for every consumer that preprocesses or compiles the user's C: the C front end's
gcc (frontend/c/compiler.py), the LLVM front end's clang (frontend/llvm/compile.py) and the
native replay's gcc or zig cc (replay/native.py).  Inputs: the command line's flags
(`CFlags.from_options`, paths relative to the working folder) and, optionally, a build's
compilation database (`read_compile_commands`, the `compile_commands.json` that CMake,
Bear or Meson write: each entry's `arguments` or `command`, relative to its `directory`,
itself relative to the database's folder).  Output: a `BuildFlags`, the flags of each
file (`for_file`): the database's entry of the file, then the command line's flags.

Decisions (README, "Compiler-style input"):
* a file given together with `--compile-commands` that the database has no entry for is
  bad input (one line, exit 2): checking it with other flags than the build's would check
  another program;
* of a database entry only the flags that shape the program are kept (-I, -iquote,
  -isystem, -idirafter, -D, -U, -include, -std); the rest (-O2, -Wall, -c, -o, -m32, ...)
  is dropped, except what names the target's data model: `-m32`/`-mx32` (ILP32), `-m64`
  (LP64), `-target T`/`--target=T` (by the triple's architecture and system:
  `target_data_model`); `check` takes the data model from there when `--data-model` is
  not given (the entries must agree);
* a missing include folder or forced include file named on the command line is bad
  input; in a database, a missing include folder is skipped, as gcc skips it (build
  systems list folders that only some configurations create).
Bad input raises `boogie.errors.BoogieError` (code "input" or "io") whose one line is
`file:line:col: error: message`; command-line flags are placed at `<command line>:1:1`.
"""
from __future__ import annotations

import json
import os
import re
import shlex
from dataclasses import dataclass, replace
from pathlib import Path

from boogie.ast import Loc
from boogie.errors import Code, error
from frontend.msdialect import compiler_flags as ms_compiler_flags

COMMAND_LINE = "<command line>"
INCLUDE_OPTIONS = ("-I", "-iquote", "-isystem", "-idirafter")
_MACRO = re.compile(r"[A-Za-z_]\w*(\([\w\s,.]*\))?(=.*)?\Z", re.S)
_NAME = re.compile(r"[A-Za-z_]\w*\Z")
_STD = re.compile(r"(c|gnu)(89|90|99|9x|11|1x|17|18|2x|23)\Z|"
                  r"iso9899:(1990|199409|1999|199x|2011|2017|2018)\Z")
# options of a compile command whose value is the next argument (skipped with it)
_WITH_VALUE = {"-o", "-MF", "-MT", "-MQ", "-Xclang", "-Xpreprocessor", "-Xlinker",
               "-Xassembler", "-x", "-arch", "-target", "--param", "-imacros", "-isysroot",
               "--sysroot", "-aux-info", "-include-pch", "-iprefix", "-iwithprefix",
               "-iwithprefixbefore", "-dumpbase", "-dumpdir", "-main-file-name"}


@dataclass(frozen=True, slots=True)
class CFlags:
    """One translation unit's preprocessor flags.
    include_dirs: (option, absolute folder), option one of INCLUDE_OPTIONS, in order;
    macros: "-DNAME", "-DNAME=V" and "-UNAME" in command-line order (gcc applies them in
      that order);
    includes: absolute paths of `-include` files, in order;
    std: the C standard (`-std=` value), None for the front ends' default (gnu11);
    ms_extensions: the Microsoft C dialect (frontend/msdialect.py: its flags come first);
    data_model: the data model the build's flags name for the file's target (-m32, -m64,
      --target=...: ILP32, LP64 or LLP64), None when they name none."""
    include_dirs: tuple[tuple[str, str], ...] = ()
    macros: tuple[str, ...] = ()
    includes: tuple[str, ...] = ()
    std: str | None = None
    ms_extensions: bool = False
    data_model: str | None = None

    def __post_init__(self):
        assert all(o in INCLUDE_OPTIONS and os.path.isabs(d) for o, d in self.include_dirs), \
            self.include_dirs
        assert all(m[:2] in ("-D", "-U") for m in self.macros), self.macros
        assert all(os.path.isabs(f) for f in self.includes), self.includes

    def argv(self) -> list[str]:
        """The flags as gcc and clang spell them (without -std: `std_or` picks it)."""
        out: list[str] = ms_compiler_flags() if self.ms_extensions else []
        for opt, d in self.include_dirs:
            out += [opt, d]
        out += self.macros
        for f in self.includes:
            out += ["-include", f]
        return out

    def std_or(self, default: str) -> str:
        return f"-std={self.std or default}"

    def then(self, later: CFlags) -> CFlags:
        """These flags followed by `later`'s (its macros apply last, its -std wins)."""
        return CFlags(self.include_dirs + later.include_dirs, self.macros + later.macros,
                      self.includes + later.includes, later.std or self.std,
                      self.ms_extensions or later.ms_extensions,
                      later.data_model or self.data_model)

    def with_ms_extensions(self) -> CFlags:
        return replace(self, ms_extensions=True)

    @property
    def empty(self) -> bool:
        return self == CFlags()

    @classmethod
    def from_options(cls, include_dirs=(), macros=(), includes=(), std: str | None = None,
                     base: str = ".") -> CFlags:
        """The command line's flags: `macros` are ("D", "NAME[=V]") / ("U", "NAME") in
        command-line order; paths relative to `base`.  Bad input raises BoogieError."""
        dirs = []
        for d in include_dirs:
            full = os.path.abspath(os.path.join(base, d))
            if not os.path.isdir(full):
                what = "not a folder" if os.path.exists(full) else "no such folder"
                raise error(Code.IO, Loc(COMMAND_LINE, 1, 1),
                            f"-I {d}: include folder not found ({what})")
            dirs.append(("-I", full))
        forced = []
        for f in includes:
            full = os.path.abspath(os.path.join(base, f))
            if not os.path.isfile(full):
                raise error(Code.IO, Loc(COMMAND_LINE, 1, 1),
                            f"-include {f}: no such file")
            forced.append(full)
        return cls(tuple(dirs), tuple(_macro(kind, v) for kind, v in macros), tuple(forced),
                   _std(std))


def _macro(kind: str, value: str) -> str:
    assert kind in ("D", "U"), kind
    ok = _MACRO.match(value) if kind == "D" else _NAME.match(value)
    if not ok:
        raise error(Code.INPUT, Loc(COMMAND_LINE, 1, 1),
                    f"-{kind} {value!r}: macro names must be identifiers"
                    + (" (-D NAME or -D NAME=VALUE)" if kind == "D" else ""))
    return f"-{kind}{value}"


def _std(std: str | None) -> str | None:
    if std is None:
        return None
    if not _STD.match(std):
        raise error(Code.INPUT, Loc(COMMAND_LINE, 1, 1),
                    f"--std {std}: unknown C standard (c89, c99, c11, c17, c23 or their "
                    "gnu variants, e.g. gnu11)")
    return std


@dataclass(frozen=True, slots=True)
class BuildFlags:
    """The flags of every C file of a program: a file's compilation-database entry (when a
    database was given), then the command line's flags (`common`)."""
    common: CFlags = CFlags()
    per_file: tuple[tuple[str, CFlags], ...] = ()   # (real path, the database's flags)
    database: str | None = None                     # where per_file came from

    def with_ms_extensions(self) -> BuildFlags:
        """These flags in the Microsoft dialect (every file of a program alike)."""
        return BuildFlags(self.common.with_ms_extensions(),
                          tuple((p, f.with_ms_extensions()) for p, f in self.per_file),
                          self.database)

    @property
    def ms_extensions(self) -> bool:
        return self.common.ms_extensions

    @property
    def data_model(self) -> str | None:
        """The data model the build's flags name for the program's target (None: none
        named); BoogieError at the database when two files name different ones."""
        named = {f.data_model: p for p, f in self.per_file if f.data_model is not None}
        if len(named) > 1:
            (m1, p1), (m2, p2) = sorted(named.items())[:2]
            raise error(Code.INPUT, Loc(self.database or COMMAND_LINE, 1, 1),
                        f"the build compiles {p1} for {m1} and {p2} for {m2}: one program "
                        "has one data model")
        return next(iter(named), None)

    @property
    def search_dirs(self) -> tuple[str, ...]:
        """Every folder any file's -I/-iquote/... options name, in order, once each."""
        dirs = [d for _, d in self.common.include_dirs]
        dirs += [d for _, f in self.per_file for _, d in f.include_dirs]
        return tuple(dict.fromkeys(dirs))

    def for_file(self, path: str) -> CFlags:
        key = os.path.realpath(path)
        for p, flags in self.per_file:
            if p == key:
                return flags.then(self.common)
        return self.common

    @property
    def empty(self) -> bool:
        return self.common.empty and not self.per_file


# ----------------------------------------------------------------------------- database

@dataclass(frozen=True, slots=True)
class DatabaseEntry:
    file: str           # absolute path of the source file
    flags: CFlags


def read_compile_commands(db_path: str) -> list[DatabaseEntry]:
    """The C entries of a compilation database (JSON array of {directory, file,
    arguments | command}); bad input raises BoogieError at the database."""
    try:
        text = Path(db_path).read_text(encoding="utf-8")
    except OSError as e:
        raise error(Code.IO, Loc(db_path, 1, 1),
                    f"cannot read the compilation database: {e.strerror or e}") from None
    try:
        doc = json.loads(text)
    except ValueError as e:
        line, col = getattr(e, "lineno", 1), getattr(e, "colno", 1)
        raise error(Code.INPUT, Loc(db_path, line, col),
                    f"not a compilation database: {getattr(e, 'msg', e)}") from None
    if not isinstance(doc, list):
        raise error(Code.INPUT, Loc(db_path, 1, 1),
                    "not a compilation database: expected a JSON array of entries")
    base = os.path.dirname(os.path.abspath(db_path))
    entries = []
    for i, entry in enumerate(doc):
        entries.append(_entry(entry, i, base, db_path))
    return [e for e in entries if e.file.endswith((".c", ".i"))]


def _entry(entry: object, i: int, base: str, db_path: str) -> DatabaseEntry:
    def bad(msg: str):
        return error(Code.INPUT, Loc(db_path, 1, 1), f"entry {i + 1}: {msg}")

    if not isinstance(entry, dict) or not isinstance(entry.get("file"), str) or \
            not isinstance(entry.get("directory", "."), str):
        raise bad("expected an object with \"directory\" and \"file\" strings")
    directory = os.path.normpath(os.path.join(base, entry.get("directory", ".")))
    args = entry.get("arguments")
    if args is None:
        command = entry.get("command")
        if not isinstance(command, str):
            raise bad("neither \"arguments\" nor \"command\"")
        try:
            args = shlex.split(command)
        except ValueError as e:
            raise bad(f"cannot split \"command\": {e}") from None
    if not isinstance(args, list) or not all(isinstance(a, str) for a in args):
        raise bad("\"arguments\" must be a list of strings")
    file = os.path.normpath(os.path.join(directory, entry["file"]))
    return DatabaseEntry(file, flags_from_args(args[1:], directory))


def flags_from_args(args: list[str], directory: str) -> CFlags:
    """The program-shaping flags of a compiler's arguments (everything else dropped);
    relative paths are relative to `directory`.  Missing include folders are skipped."""
    dirs: list[tuple[str, str]] = []
    macros: list[str] = []
    includes: list[str] = []
    std = None
    model = None
    i = 0
    while i < len(args):
        a = args[i]
        nxt = args[i + 1] if i + 1 < len(args) else None
        opt, value, used = _split_option(a, nxt)
        i += used
        if a in _MODEL_FLAGS:
            model = _MODEL_FLAGS[a]
        elif opt == "-target" and value:
            model = target_data_model(value) or model
        if opt in INCLUDE_OPTIONS and value is not None:
            full = os.path.normpath(os.path.join(directory, value))
            if os.path.isdir(full):
                dirs.append((opt, full))
        elif opt in ("-D", "-U") and value:
            macros.append(opt + value)
        elif opt == "-include" and value is not None:
            includes.append(os.path.normpath(os.path.join(directory, value)))
        elif opt == "-std" and value:
            std = value if _STD.match(value) else std
    return CFlags(tuple(dirs), tuple(macros), tuple(includes), std, data_model=model)


_MODEL_FLAGS = {"-m32": "ILP32", "-mx32": "ILP32", "-m64": "LP64"}
_ILP32_ARCH = re.compile(r"(i[3-6]86|x86|arm(v\w*)?|thumb\w*|armeb|mips(el)?|ppc|powerpc|"
                         r"riscv32|wasm32|sparc|m68k|hexagon|xtensa|avr|msp430)\Z")
_LP64_ARCH = re.compile(r"(x86_64|amd64|aarch64(_be)?|arm64(e)?|mips64(el)?|ppc64(le)?|"
                        r"powerpc64(le)?|riscv64|s390x|sparcv9|sparc64|loongarch64|wasm64)\Z")


def target_data_model(triple: str) -> str | None:
    """The data model of a target triple (`x86_64-linux-gnu`, `i686-pc-windows-msvc`,
    ...): ILP32 for a 32-bit architecture, LP64 for a 64-bit one, except LLP64 for 64-bit
    Windows (`-windows`, `-win32`, `-mingw32`, `-cygwin` in the triple); None when the
    architecture is not one of those listed."""
    parts = triple.lower().split("-")
    arch = parts[0]
    if _ILP32_ARCH.match(arch):
        return "ILP32"
    if _LP64_ARCH.match(arch):
        return "LLP64" if any(p.startswith(("windows", "win32", "mingw", "cygwin"))
                              for p in parts[1:]) else "LP64"
    return None


def _split_option(a: str, nxt: str | None) -> tuple[str | None, str | None, int]:
    """(option, value, arguments used) of one compiler argument."""
    for opt in ("-include", *INCLUDE_OPTIONS[1:], "-I", "-D", "-U"):
        if a == opt:
            return opt, nxt, 2
        if a.startswith(opt) and opt in ("-I", "-D", "-U"):
            return opt, a[len(opt):], 1
    if a.startswith("-std="):
        return "-std", a[5:], 1
    if a.startswith(("--target=", "-target=")):
        return "-target", a.split("=", 1)[1], 1
    if a in ("-target", "--target"):
        return "-target", nxt, 2
    if a in _WITH_VALUE:
        return None, None, 2
    return None, None, 1


def build_flags(common: CFlags, paths: list[str], database: str | None) -> BuildFlags:
    """The flags of the program's files `paths`: with a database, each file must have an
    entry in it (else BoogieError at the file)."""
    if database is None:
        return BuildFlags(common)
    entries = {os.path.realpath(e.file): e.flags for e in read_compile_commands(database)}
    per_file = []
    for p in paths:
        key = os.path.realpath(p)
        if key not in entries:
            if p.endswith((".ll", ".bc")):
                continue
            raise error(Code.INPUT, Loc(p, 1, 1), f"no entry for this file in the "
                        f"compilation database {database}")
        per_file.append((key, entries[key]))
    return BuildFlags(common, tuple(per_file), database)


def database_files(database: str) -> list[str]:
    """Every C file of a compilation database (the program when no FILE is given), in the
    database's order, each once."""
    seen: list[str] = []
    for e in read_compile_commands(database):
        if e.file not in seen:
            seen.append(e.file)
    if not seen:
        raise error(Code.INPUT, Loc(database, 1, 1), "the compilation database has no C files")
    return seen
