"""Turns an LLVM module (`.ll` text or `.bc` bitcode) into the front end's own data (ir.py).

Role: the only module that imports llvmlite.  llvmlite parses and verifies the module and
prints it in LLVM's canonical textual form; llvmlite exposes no accessors for most
instruction details (predicates, flags, the source element type of getelementptr, switch
cases, constant expressions, aggregate initializers), so this module reads those from the
canonical text of each global and function with a small recursive-descent parser.  Debug
locations come from the `!DILocation` / `!DISubprogram` / `!DIFile` metadata of the module.

Input errors (a file llvmlite cannot parse) raise `BoogieError` code "input"; IR this parser
does not understand raises code "unsupported" naming the construct.
"""
from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

import llvmlite.binding as llvm

from boogie.ast import Loc, NO_LOC
from boogie.errors import BoogieError, error
from frontend.inline_asm import runs_at_startup

from .ir import (BasicBlock, DebugInfo, DIType, DIVar, FuncTy, Function, Global, Instr, Module,
                 Param, StructTy)
from .ir_instructions import CALL_SKIP, read_instruction
from .ir_text import Parser, UnsupportedIR, unquote

__all__ = ["read_module", "read_modules", "read_text"]


# ----------------------------------------------------------------------------- metadata

_META_LINE = re.compile(r"^!(\d+) = (?:distinct )?!(\w+)\((.*)\)\s*$")
_FIELD = re.compile(r'(\w+): ("(?:[^"\\]|\\.)*"|![\d]+|[^,]+)')


class _Meta:
    """The `!DI*` nodes of a module, enough to map `!dbg !N` to file, line and column."""

    def __init__(self, lines: list[str]):
        self.nodes: dict[str, tuple[str, dict[str, str]]] = {}
        for ln in lines:
            m = _META_LINE.match(ln)
            if m and m.group(2) in ("DILocation", "DISubprogram", "DILexicalBlock",
                                    "DILexicalBlockFile", "DIFile", "DINamespace"):
                fields = {k: v.strip() for k, v in _FIELD.findall(m.group(3))}
                self.nodes["!" + m.group(1)] = (m.group(2), fields)
        self._files: dict[str, str] = {}

    def file_of_scope(self, ref: str) -> str:
        got = self._files.get(ref)
        if got is not None:
            return got
        name = ""
        node = self.nodes.get(ref)
        seen = 0
        while node is not None and seen < 100:
            kind, f = node
            if kind == "DIFile":
                name = _file_name(unquote(f.get("filename", '""')),
                                  unquote(f.get("directory", '""')))
                break
            if "file" in f:
                node = self.nodes.get(f["file"])
            else:
                node = self.nodes.get(f.get("scope", ""))
            seen += 1
        self._files[ref] = name
        return name

    def loc(self, ref: str | None, default_file: str) -> Loc:
        if ref is None:
            return NO_LOC
        node = self.nodes.get(ref)
        if node is None or node[0] not in ("DILocation", "DISubprogram"):
            return NO_LOC
        f = node[1]
        if node[0] == "DILocation" and f.get("line", "0") == "0" and "inlinedAt" in f:
            # line 0 inside an artificial frame (clang's `__clang_trap_msg$...` of a
            # sanitizer trap): the place it stands in for
            return self.loc(f["inlinedAt"], default_file)
        file = self.file_of_scope(f["scope"]) if "scope" in f else default_file
        if node[0] == "DISubprogram":
            file = self.file_of_scope(f.get("file", "")) or file
        return Loc(file or default_file, int(f.get("line", "0")), int(f.get("column", "0")))


def _file_name(filename: str, directory: str) -> str:
    """A `!DIFile`'s file: its name as clang wrote it (relative to the working directory
    for a file under it, as the user named it), else relative to its directory when that
    names an existing file (clang splits a `#line`-named absolute path so:
    frontend/line_directives.py)."""
    if filename and directory and not os.path.isabs(filename) and \
            not os.path.isfile(filename):
        joined = os.path.join(directory, filename)
        if os.path.isfile(joined):
            return joined
    return filename


# ----------------------------------------------------------------------------- debug info

_TUPLE_LINE = re.compile(r"^!(\d+) = (?:distinct )?!\{(.*)\}\s*$")
_TYPE_KINDS = {"DW_TAG_pointer_type": "pointer", "DW_TAG_structure_type": "struct",
               "DW_TAG_union_type": "union", "DW_TAG_member": "member",
               "DW_TAG_array_type": "array", "DW_TAG_enumeration_type": "enum",
               "DW_TAG_typedef": "typedef", "DW_TAG_const_type": "const",
               "DW_TAG_volatile_type": "volatile", "DW_TAG_restrict_type": "restrict",
               "DW_TAG_atomic_type": "atomic", "DW_TAG_reference_type": "pointer"}
_DBG_RECORD = re.compile(r'(?:#dbg_(?:declare|value)\(|call void @llvm\.dbg\.(?:declare|value)\()'
                         r'(?:metadata )?[^%,(]*?(%[-\w.$]+|%"(?:[^"\\]|\\.)*"), '
                         r'(?:metadata )?(![\d]+)')


class _Debug:
    """The `!DI*` type and variable nodes of a module (clang -g), for traces: C names of
    variables, C types of values (reader of `ir.DebugInfo`)."""

    def __init__(self, lines: list[str]):
        self.raw: dict[str, tuple[str, dict[str, str]]] = {}
        self.tuples: dict[str, tuple[str, ...]] = {}
        for ln in lines:
            m = _TUPLE_LINE.match(ln)
            if m:
                self.tuples["!" + m.group(1)] = tuple(
                    x.strip() for x in m.group(2).split(",") if x.strip())
                continue
            m = _META_LINE.match(ln)
            if m and m.group(2) in ("DIBasicType", "DIDerivedType", "DICompositeType",
                                    "DISubrange", "DISubroutineType", "DILocalVariable",
                                    "DIGlobalVariable", "DIGlobalVariableExpression",
                                    "DISubprogram"):
                self.raw["!" + m.group(1)] = (m.group(2), {k: v.strip() for k, v in
                                                           _FIELD.findall(m.group(3))})

    def var(self, ref: str) -> DIVar | None:
        node = self.raw.get(ref)
        if node is None:
            return None
        kind, f = node
        if kind == "DIGlobalVariableExpression":
            return self.var(f.get("var", ""))
        if kind not in ("DILocalVariable", "DIGlobalVariable") or "name" not in f:
            return None
        return DIVar(unquote(f["name"]), f.get("type", ""), _int(f.get("arg", "0")))

    def info(self, globals_: dict[str, str], subprograms: dict[str, str]) -> DebugInfo:
        types: dict[str, DIType] = {}
        for ref, (kind, f) in self.raw.items():
            t = self._type(kind, f)
            if t is not None:
                types[ref] = t
        gvars = {g: v for g, ref in globals_.items() if (v := self.var(ref)) is not None}
        subs = {}
        for fn, ref in subprograms.items():
            node = self.raw.get(ref)
            if node is not None and node[0] == "DISubprogram" and "type" in node[1]:
                subs[fn] = node[1]["type"]
        return DebugInfo(types, gvars, subs)

    def _type(self, kind: str, f: dict[str, str]) -> DIType | None:
        name = unquote(f["name"]) if "name" in f else ""
        size = _int(f.get("size", "0"))
        base = f.get("baseType", "")
        base = "" if base == "null" else base
        if kind == "DIBasicType":
            return DIType("basic", name, size, f.get("encoding", ""))
        if kind == "DISubroutineType":
            types = self.tuples.get(f.get("types", ""), ())
            return DIType("subroutine", members=tuple("" if t == "null" else t for t in types))
        if kind not in ("DIDerivedType", "DICompositeType"):
            return None
        k = _TYPE_KINDS.get(f.get("tag", ""), "other")
        elements = self.tuples.get(f.get("elements", ""), ())
        count = -1
        if k == "array" and elements:
            sub = self.raw.get(elements[0])
            if sub is not None and sub[0] == "DISubrange":
                count = _int(sub[1].get("count", "-1"))
        return DIType(k, name, size, base=base, offset=_int(f.get("offset", "0")),
                      members=elements if k in ("struct", "union") else (), count=count,
                      bitfield="DIFlagBitField" in f.get("flags", ""))


def _int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        return -1


# ----------------------------------------------------------------------------- module

_DBG = re.compile(r",?\s*!dbg (![\d]+)")
_ATTACH = re.compile(r",\s*!(?:[A-Za-z_.][-\w.]*) ![\d]+")
_STRUCT_DEF = re.compile(r'^%("(?:[^"\\]|\\.)*"|[-\w.$]+) = type (.*)$')
_LABEL = re.compile(r'^("(?:[^"\\]|\\.)*"|[-\w.$]+):')


def read_module(path: str) -> Module:
    """Reads a `.ll` or `.bc` file."""
    return read_modules([path])


def read_modules(paths: list[str], names: list[str] | None = None,
                 library: Callable[[frozenset[str], frozenset[str]], list[str]] | None = None
                 ) -> Module:
    """Reads several `.ll`/`.bc` files and links them into one module (`names`: the
    user's file names, for messages).  `library(undefined, defined)`: given the functions
    the program declares without defining and those it defines, `.ll` files of
    definitions to link in as well (the model libraries, frontend/llvm/compile.py)."""
    names = names or paths
    mods = []
    for p, n in zip(paths, names):
        try:
            data = Path(p).read_bytes()
        except OSError as e:
            raise error("input", Loc(n, 0, 0), f"cannot read {n}: {e.strerror}")
        mods.append(_parse(data, p if p != n else n, n))
    # the user's own text IR: instructions without debug locations are placed at its lines
    own = len(paths) == 1 and paths[0] == names[0] and data[:2] != b"BC" and \
        data[:4] != b"\xde\xc0\x17\x0b"
    first = mods[0]
    for other in mods[1:]:
        _link(first, other, names[0])
    if library is not None:
        undefined = frozenset(f.name for f in first.functions if f.is_declaration)
        defined = frozenset(f.name for f in first.functions if not f.is_declaration)
        for lib in library(undefined, defined):
            _link(first, _parse(Path(lib).read_bytes(), lib, lib), names[0])
    return _copy(first, names[0], data.decode("utf-8", "replace") if own else None)


def _link(first, other, name: str) -> None:
    try:
        first.link_in(other)
    except RuntimeError as e:
        raise error("input", Loc(name, 0, 0),
                    f"cannot link the modules: {_first_line(str(e))}")


def read_text(text: str, name: str = "<ir>") -> Module:
    """Reads LLVM assembly from a string (tests)."""
    return _copy(_parse(text.encode("utf-8"), name, name), name)


def _parse(data: bytes, where: str, name: str):
    """llvmlite's module of a file's bytes: bitcode by its magic number, else text (as
    LLVM's own tools decide).  `where` is the file the error locations refer to: the user's
    file, or the IR clang made of it (`name`).  Only a text module with debug information
    is verified (see _DEBUG_VERSION); others are read as llvmlite parses them, as before,
    and IR this front end does not model is declined later as unsupported."""
    bitcode = data[:2] == b"BC" or data[:4] == b"\xde\xc0\x17\x0b"
    try:
        if bitcode:
            mod = llvm.parse_bitcode(data)
        else:
            text = data.decode("utf-8", "replace")
            _check_nesting(text, where)
            if _DEBUG_VERSION in text:
                with _quiet_stderr():      # LLVM's warning that it drops the debug info
                    copy = llvm.parse_assembly(text.replace(_DEBUG_VERSION, _NO_DEBUG_VERSION))
                _verify(copy, text, where, name)
            mod = llvm.parse_assembly(text)
    except RuntimeError as e:
        raise _parse_error(str(e), where, name, bitcode) from None
    return mod


# LLVM's parser recurses once per level of brackets: at about 20,000 levels (a struct type
# `{ { { ... i32 } } }`) it overflows the C++ stack and the process dies with SIGSEGV.
MAX_IR_NESTING = 1_000
_BRACKETS = re.compile(r'"[^"]*"|;[^\n]*|[\[{(<]|[\]})>]')


def _check_nesting(text: str, where: str) -> None:
    """Decline IR nested deeper than MAX_IR_NESTING before llvmlite sees it."""
    if sum(text.count(c) for c in "[{(<") <= MAX_IR_NESTING:
        return
    depth = 0
    for m in _BRACKETS.finditer(text):
        c = m.group()
        if c in "[{(<":
            depth += 1
            if depth > MAX_IR_NESTING:
                at = m.start()
                line = text.count("\n", 0, at) + 1
                raise error("unsupported", Loc(where, line, at - text.rfind("\n", 0, at)),
                            f"LLVM IR nested more than {MAX_IR_NESTING} levels "
                            "deep (LLVM's own parser would overflow its stack)")
        elif c in "]})>":
            depth -= 1


# LLVM's parser checks a module that declares this debug-info version and, if the module
# is broken, ends the process ("LLVM ERROR: Broken module found", SIGABRT) instead of
# reporting an error.  Such a module is first read with the flag renamed: no check, the
# debug information dropped, and llvmlite's verifier, which returns its findings, decides.
_DEBUG_VERSION = '!"Debug Info Version"'
_NO_DEBUG_VERSION = '!"pycorral: Debug Info Version not read"'


@contextmanager
def _quiet_stderr():
    """File descriptor 2 to /dev/null for a moment (LLVM writes its warnings there)."""
    sys.stderr.flush()
    saved = os.dup(2)
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(devnull)


def _verify(mod, text: str, where: str, name: str) -> None:
    """A broken module (the LLVM verifier's findings) is bad input, located at the first
    line of `text` the verifier quotes."""
    try:
        mod.verify()
    except RuntimeError as e:
        found = [ln.strip() for ln in str(e).splitlines() if ln.strip()]
        if len(found) > 1 and found[0].count("'") % 2:     # a quoted name broke the line
            found[:2] = [f"{found[0]}\\n{found[1]}"]
        what = "not a valid LLVM module" if where == name else \
            f"the LLVM IR clang made of {name} is not a valid LLVM module"
        line = col = 1
        for quoted in found[1:]:
            at = _quoted_at(text, quoted) or _function_at(text, quoted, " ".join(found)) \
                or _module_flag_at(text, found[0])
            if at is not None:
                line, col = at
                break
        raise error("input", Loc(where, line, col),
                    f"{what}: {found[0] if found else 'the LLVM verifier rejects it'}") \
            from None


_FUNCTION_VALUE = re.compile(r"^ptr @([-\w.$]+)$")
_MODULE_FLAGS = re.compile(r"^!llvm\.module\.flags\s*=\s*!\{([^}]*)\}", re.M)
# a module flag's first operand: its behaviour, a small i32 (LLVM's ModFlagBehavior)
_FLAG_BEHAVIOUR = re.compile(r"^!\{\s*i32\s+[1-8]\s*,")


def _module_flag_at(text: str, message: str) -> tuple[int, int] | None:
    """Where the verifier rejects a module flag (`!llvm.module.flags` names nodes
    `!{i32 BEHAVIOUR, !"name", value}`; it prints only the operand, as it read it): the
    first listed node whose behaviour is not a small integer."""
    if "module flag" not in message:
        return None
    m = _MODULE_FLAGS.search(text)
    if m is None:
        return None
    listed = set(re.findall(r"!(\d+)", m.group(1)))
    lines = text.split("\n")
    for i, ln in enumerate(lines):
        node = re.match(r"^!(\d+)\s*=\s*(?:distinct\s+)?(!\{.*)$", ln)
        if node and node.group(1) in listed and not _FLAG_BEHAVIOUR.match(node.group(2)):
            return i + 1, 1
    return text.count("\n", 0, m.start()) + 1, 1


def _function_at(text: str, quoted: str, message: str) -> tuple[int, int] | None:
    """Where the verifier names a function as a value (`ptr @f`): its `define`/`declare`
    line; for a finding about attributes (a target feature, say), the attribute group that
    line names, if any."""
    m = _FUNCTION_VALUE.match(quoted)
    if m is None:
        return None
    lines = text.split("\n")
    head = re.compile(r"^\s*(define|declare)\b.*@" + re.escape(m.group(1)) + r"\(")
    for i, ln in enumerate(lines):
        if head.match(ln):
            group = re.search(r"#(\d+)\s*(\{|$)", ln)
            if group and ("attribute" in message or "feature" in message):
                mark = f"attributes #{group.group(1)} ="
                for j, other in enumerate(lines):
                    if other.startswith(mark):
                        return j + 1, 1
            return i + 1, ln.index("@" + m.group(1)) + 1
    return None


def _quoted_at(text: str, quoted: str) -> tuple[int, int] | None:
    """(line, column) of a line the LLVM verifier quotes: as it stands, else by its text
    without blanks and metadata attachments (the verifier prints the module as read with
    its debug information dropped, the other attachments renumbered)."""
    if len(quoted) <= 3:
        return None
    at = text.find(quoted)
    if at >= 0:
        return text.count("\n", 0, at) + 1, at - (text.rfind("\n", 0, at) + 1) + 1
    key = _squeeze(quoted)
    for i, ln in enumerate(text.split("\n")):
        if _squeeze(ln) == key:
            return i + 1, len(ln) - len(ln.lstrip()) + 1
    return None


# llvmlite's parse error: a heading line, then LLVM's `<string>:LINE:COL: error: message`,
# the source line and a caret line.
_LLVM_DIAG = re.compile(r"^<string>:(\d+):(\d+): error: (.*\S)\s*$", re.M)


def _parse_error(text: str, where: str, name: str, bitcode: bool) -> BoogieError:
    """One diagnostic, at LLVM's line and column, from llvmlite's multi-line message."""
    what = "not valid LLVM bitcode" if bitcode else "not a valid LLVM module"
    if where != name:
        what = f"the LLVM IR clang made of {name} is {what}"
    m = _LLVM_DIAG.search(text)
    if m:
        return error("input", Loc(where, int(m.group(1)), int(m.group(2))),
                     f"{what}: {m.group(3)}")
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    detail = lines[-1] if len(lines) > 1 else (lines[0] if lines else "unreadable")
    return error("input", Loc(where, 1, 1), f"{what}: {detail}")


def _first_line(text: str) -> str:
    return next((ln.strip() for ln in text.splitlines() if ln.strip()), text)


def _copy(mod, path: str, own_text: str | None = None) -> Module:
    """Our module of llvmlite's; `own_text`: the IR as the user wrote it (a `.ll` file),
    whose lines locate the instructions that carry no debug location."""
    text = str(mod)
    lines = text.split("\n")
    meta_lines = [ln for ln in lines if ln.startswith("!")]
    meta = _Meta(meta_lines)
    debug = _Debug(meta_lines)
    # the user's file, as they spelled it: llvmlite names a module without
    # `source_filename` "<string>", and clang records the absolute path it was given
    src = path
    structs = _structs([ln for ln in lines if ln.startswith("%")], path)
    # file-scope asm defines symbols and runs no code, unless the loader runs its section
    if runs_at_startup("\n".join(ln for ln in lines if ln.startswith("module asm "))):
        raise error("unsupported", Loc(path, 0, 0), "unsupported: module-level asm that "
                    "places code or data in a section the loader runs (.init_array, ...)")
    unalias = _aliases([ln for ln in lines if ln.startswith("@") and " alias " in ln], path)
    text_of = _ValueTexts(lines)
    try:
        globals_ = tuple(_global(unalias(text_of.global_(g)), structs, meta, src)
                         for g in mod.global_variables)
    except UnsupportedIR as e:
        raise error("unsupported", Loc(path, 0, 0), f"unsupported global: {e}")
    own_lines = own_text.split("\n") if own_text is not None else None
    functions = tuple(_function(f, structs, meta, src, path, unalias, debug, own_lines,
                                text_of.function(f)) for f in mod.functions)
    gdbg = {}
    for g in mod.global_variables:
        m = _DBG.search(text_of.global_(g).split("\n")[0])
        if m:
            gdbg[g.name] = m.group(1)
    subs = {}
    for f in mod.functions:
        header = next((ln for ln in text_of.function(f).split("\n")
                       if ln.startswith("define")), "")
        m = re.search(r"!dbg (![\d]+)", header)
        if m:
            subs[f.name] = m.group(1)
    return Module(src, mod.triple, mod.data_layout, structs, globals_, functions,
                  debug.info(gdbg, subs))


_ALIAS = re.compile(r'^@("(?:[^"\\]|\\.)*"|[-\w.$]+) = .*\balias [^@]*, ptr @("(?:[^"\\]|\\.)*"|[-\w.$]+)\s*$')


def _aliases(lines: list[str], path: str):
    """`@a = alias T, ptr @f` lines: a function rewriting `@a` to `@f` in IR text (an alias
    to anything but a plain global is unsupported)."""
    table: dict[str, str] = {}
    for ln in lines:
        m = _ALIAS.match(ln)
        if m is None:
            raise error("unsupported", Loc(path, 0, 0), f"unsupported: alias {ln[:80]}")
        table[m.group(1)] = m.group(2)
    if not table:
        return lambda text: text
    for a in list(table):                      # resolve chains of aliases
        seen = 0
        while table[a] in table and seen < 100:
            table[a] = table[table[a]]
            seen += 1
    pat = re.compile(r"@(" + "|".join(re.escape(a) for a in table) + r")(?![-\w.$])")
    return lambda text: pat.sub(lambda m: "@" + table[m.group(1)], text)


def _structs(lines: list[str], path: str) -> dict[str, StructTy]:
    raw: dict[str, str] = {}
    for ln in lines:
        m = _STRUCT_DEF.match(ln)
        if m:
            raw[unquote(m.group(1))] = m.group(2)
    done: dict[str, StructTy] = {}

    class Lazy(dict):
        def get(self, name, default=None):
            if name in done:
                return done[name]
            if name not in raw:
                return default
            body = raw[name]
            if body.strip() == "opaque":
                done[name] = StructTy(name, None)
            else:
                p = Parser(body, self)
                t = p.type()
                assert isinstance(t, StructTy), body
                done[name] = StructTy(name, t.fields, t.packed)
            return done[name]

    lazy = Lazy()
    try:
        for name in raw:
            lazy.get(name)
    except (UnsupportedIR, RecursionError) as e:
        raise error("unsupported", Loc(path, 0, 0), f"unsupported type definition: {e}")
    return done


_GLOBAL_SKIP = {"private", "internal", "external", "weak", "weak_odr", "linkonce",
                "linkonce_odr", "common", "appending", "extern_weak", "available_externally",
                "dso_local", "dso_preemptable", "hidden", "protected", "default",
                "unnamed_addr", "local_unnamed_addr", "externally_initialized", "thread_local",
                "dllimport", "dllexport"}


def _global(line: str, structs, meta: _Meta, src: str) -> Global:
    line = line.strip().split("\n")[0]
    dbg = _DBG.search(line)
    p = Parser(line, structs)
    k, v = p.next()
    name = unquote(v[1:])
    p.expect("=")
    external = local = False
    while p.peek()[1] in _GLOBAL_SKIP or p.peek()[1] == "addrspace":
        w = p.next()[1]
        if w == "external" or w == "extern_weak":
            external = True
        if w in ("private", "internal"):
            local = True
        if w == "thread_local" and p.at("("):
            p.skip_parens()
        if w == "addrspace":
            p.skip_parens()
    kind = p.next()[1]
    if kind not in ("global", "constant"):
        raise UnsupportedIR(f"global @{name} ({kind})")
    t = p.type()
    init = None
    if not external and not p.at(",") and not p.done():
        init = p.value(t)
    align = 0
    while p.accept(","):
        if p.accept("align"):
            align = int(p.next()[1])
        else:
            break
    loc = NO_LOC
    if dbg:
        node = meta.nodes.get(dbg.group(1))
        loc = Loc(src, 0, 0) if node is None else NO_LOC
    return Global(name, t, init, kind == "constant", align, loc=loc, local=local)


class _OwnLines:
    """Where the instructions of one function stand in the user's own IR text (`Instr.at`,
    where a diagnostic about an instruction without a debug location points): llvmlite
    prints a module anew (its own spacing, metadata renumbered), so an instruction is found
    by its text without blanks and attachments, searched forward from the last one found
    within the function's body."""

    def __init__(self, lines: list[str] | None, name: str):
        self.lines = lines or []
        self.at = self.end = 0
        header = re.compile(r"^define\b.*@" + re.escape(name) + r"\(") if lines else None
        for i, ln in enumerate(self.lines):
            if header is not None and header.match(ln) and "{" in ln[ln.find(")"):]:
                self.at = i + 1
                self.end = next((j for j in range(i + 1, len(self.lines))
                                 if self.lines[j].startswith("}")), len(self.lines))
                break

    def loc(self, body: str, src: str) -> Loc:
        key = _squeeze(body)
        for i in range(self.at, self.end):
            if _squeeze(self.lines[i]) == key:
                self.at = i + 1
                ln = self.lines[i]
                return Loc(src, i + 1, len(ln) - len(ln.lstrip()) + 1)
        return NO_LOC


def _squeeze(line: str) -> str:
    """An instruction's text without comments, metadata attachments and blanks."""
    code = line.split(";", 1)[0] if '"' not in line else line
    return re.sub(r"\s+", "", _ATTACH.sub("", _DBG.sub("", code)))


class _ValueTexts:
    """The text of a global variable or function as `str(value)` prints it, cut from the
    module's text: llvmlite prints each value with a fresh slot tracker of the whole
    module, so printing every function and global one by one costs time quadratic in the
    module's size (seconds on a 30,000-line driver).  A global is its `@name = ...` line,
    a function its `declare` line or its `define` line through the closing `}`; a value
    whose name is not found so (an escaped name) is printed by llvmlite."""

    _NAME = re.compile(r'(@(?:"[^"]*"|[-a-zA-Z$._0-9]+))')

    def __init__(self, lines: list[str]):
        self.globals: dict[str, str] = {}
        self.functions: dict[str, str] = {}
        i = 0
        while i < len(lines):
            ln = lines[i]
            if ln.startswith("@"):
                self.globals.setdefault(ln.split(" = ", 1)[0], ln)
            elif ln.startswith(("define ", "declare ")):
                m = self._NAME.search(ln)
                j = i + 1
                if ln.startswith("define "):
                    while j < len(lines) and lines[j] != "}":
                        j += 1
                    j += 1
                if m is not None:
                    self.functions.setdefault(m.group(1), "\n".join(lines[i:j]))
                i = j
                continue
            i += 1

    def function(self, f) -> str:
        return self._find(self.functions, f)

    def global_(self, g) -> str:
        return self._find(self.globals, g)

    @staticmethod
    def _find(table: dict[str, str], value) -> str:
        for key in ("@" + value.name, '@"' + value.name + '"'):
            found = table.get(key)
            if found is not None:
                return found
        return str(value)


def _function(f, structs, meta: _Meta, src: str, path: str, unalias=lambda t: t,
              debug: _Debug | None = None, own_lines: list[str] | None = None,
              text: str | None = None) -> Function:
    own = _OwnLines(own_lines, f.name)
    text = unalias(str(f) if text is None else text)
    lines = text.split("\n")
    header_i = next(i for i, ln in enumerate(lines) if ln.startswith(("define", "declare")))
    header = lines[header_i]
    dbg = re.search(r"!dbg (![\d]+)", header)
    floc = meta.loc(dbg.group(1), src) if dbg else Loc(src, 0, 0)
    try:
        fty, params = _signature(header, structs)
    except UnsupportedIR as e:
        raise error("unsupported", floc, f"unsupported signature of @{f.name}: {e}")
    if f.is_declaration:
        return Function(f.name, fty, params, (), loc=floc)
    blocks: list[BasicBlock] = []
    label: str | None = None
    instrs: list[Instr] = []
    # the first block is unnamed when no label line precedes it: LLVM numbers it after
    # the unnamed parameters
    first_num = sum(1 for q in params if q.name.isdigit())
    pending = ""
    dbg_vars: list[tuple[str, DIVar]] = []
    for ln in lines[header_i + 1:]:
        s = ln.strip()
        if debug is not None and ("#dbg_" in s or "@llvm.dbg." in s):
            m = _DBG_RECORD.search(s)
            var = debug.var(m.group(2)) if m else None
            if var is not None:
                dbg_vars.append((unquote(m.group(1)[1:]), var))
        if not s or s.startswith(";") or s.startswith("#dbg_") or s == "}":
            continue
        if pending:
            pending += " " + s
            if s.startswith("]"):
                s, pending = pending, ""
            else:
                continue
        elif s.endswith("["):                         # switch: cases on the next lines
            pending = s
            continue
        m = _LABEL.match(s) if not s.startswith("%") else None
        if m and not s.startswith(("br ", "ret ")):
            if label is not None or instrs:
                blocks.append(BasicBlock(label if label is not None else str(first_num),
                                         tuple(instrs)))
            label, instrs = unquote(m.group(1)), []
            continue
        d = _DBG.search(s)
        loc = meta.loc(d.group(1), src) if d else NO_LOC
        body = _ATTACH.sub("", _DBG.sub("", s))
        try:
            ins = read_instruction(body, structs, loc)
            instrs.append(ins if d else replace(ins, at=own.loc(body, src)))
        except UnsupportedIR as e:
            raise error("unsupported", loc if loc.line else floc,
                        f"unsupported LLVM construct in @{f.name}: {e}: {s.strip()[:120]}")
        except (IndexError, ValueError, AssertionError, AttributeError) as e:
            raise error("unsupported", loc if loc.line else floc,
                        f"cannot read LLVM instruction in @{f.name} ({type(e).__name__}): "
                        f"{s.strip()[:120]}")
    blocks.append(BasicBlock(label if label is not None else str(first_num), tuple(instrs)))
    return Function(f.name, fty, params, tuple(blocks), loc=floc, dbg_vars=tuple(dbg_vars))


def _signature(header: str, structs) -> tuple[FuncTy, tuple[Param, ...]]:
    body = re.sub(r"!dbg ![\d]+", "", header)
    p = Parser(body, structs)
    p.next()                                          # define / declare
    while True:
        k, v = p.peek()
        if k == "word" and (v in _GLOBAL_SKIP or v in CALL_SKIP or v in Parser.PARAM_ATTRS):
            p.next()
            if v in ("align", "dereferenceable", "dereferenceable_or_null"):
                p.next()
            elif p.at("(") and v in ("range", "nofpclass"):
                p.skip_parens()
        else:
            break
    ret = p.type()
    p.skip_param_attrs()
    p.next()                                          # @name
    p.expect("(")
    params: list[Param] = []
    vararg = False
    counter = 0
    while not p.at(")"):
        if p.accept("..."):
            vararg = True
            continue
        t = p.type()
        attrs = p.param_attrs()
        if p.peek()[0] == "local":
            name = unquote(p.next()[1][1:])
        else:
            name = str(counter)
        if name.isdigit():
            counter += 1
        params.append(Param(name, t, byval=attrs.get("byval")))
        p.accept(",")
    p.expect(")")
    return FuncTy(ret, tuple(q.ty for q in params), vararg), tuple(params)
