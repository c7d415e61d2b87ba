"""Model libraries in the C front end: the definition of a function the program calls without
defining it, linked from a C file of models (frontend/models.py: the user's `--stubs`
files, the bundled kernel models, the C library models, in that priority).

Role: part of the program level (translate.py's ProgramTranslator `pt`).
* Pass 1 (`declare_libraries`, after the program's own declarations): the libraries the
  program needs -- those providing a function the program names without defining it, and,
  transitively, those providing what their functions name -- are parsed (once per
  process), and the file-scope declarations of theirs that the program lacks are added:
  typedefs, struct/union/enum tags, prototypes and global variables (a model's state, such
  as the Windows IRQL, declared in pass 1 so that the entry's prologue initialises it).
  Stub files are always parsed, after gcc's syntax check: a bad stubs file is bad input.
* On a call (`link`): the model's definition is translated like the program's functions,
  into a procedure named like the C function (after the program's own functions), if the
  program's declaration fits the model's prototype (`fits`: the same types up to
  qualifiers, where the model's `void *` parameter or result stands for any object
  pointer, and an integer parameter may be narrower than the model's of its signedness,
  as a 32-bit kernel's `size_t` is against a model's `unsigned long`, and so may an integer
  result); otherwise the call is unsupported, naming both prototypes.  The program's own declaration stays what its
  code sees; a call converts its arguments to the declared parameter types, then (a
  value-preserving widening) to the model's, and the result back to the declared type
  (builtins.py `library_call`).
* A model marked `__attribute__((malloc))` returns fresh memory: its result is untyped for
  the memory model's type-safety check (frontend/memory.py), as malloc's result is.
"""
from __future__ import annotations

import os

from boogie.ast import Loc

from frontend.cflags import CFlags
from frontend.models import LIBC, ModelLibrary

from .ast_memo import per_ast
from .parse import ParsedFile, parse_source, read_source
from .symbols import FuncInfo
from .typesys import FuncT, IntT, PtrT, VoidT, unsupported

# parsed library files, by (absolute path, size, mtime, data model, flags)
_PARSED: dict[tuple, ParsedFile] = {}
_MAX_PARSED = 32


def parsed_library(pt, lib: ModelLibrary) -> ParsedFile:
    """The parse of a library file (stubs: checked by gcc first, with the program's
    command-line flags; bundled: as they are)."""
    cflags = CFlags() if lib.bundled else pt.opts.cflags.for_file(lib.path)
    st = os.stat(lib.path)
    key = (os.path.abspath(lib.path), st.st_size, st.st_mtime_ns, pt.opts.data_model, cflags)
    found = _PARSED.get(key)
    if found is None:
        src = read_source(lib.path, pt.opts.data_model, check=not lib.bundled, cflags=cflags)
        found = parse_source(src)
        if len(_PARSED) >= _MAX_PARSED:
            _PARSED.clear()
        _PARSED[key] = found
    return found


def library_for(pt, name: str) -> tuple[ModelLibrary, str] | None:
    """The library that defines `name` for this program, and the name it defines it under
    (`__builtin_strlen` is the C library's strlen)."""
    lib = pt.library_index.get(name)
    if lib is not None:
        return lib, name
    if name.startswith("__builtin_"):
        name = name[len("__builtin_"):]
        lib = pt.library_index.get(name)
        if lib is not None and lib == LIBC:
            return lib, name
    return None


def declare_libraries(pt, files: list[ParsedFile]) -> None:
    """Pass 1: parse the stub files, and declare what the program lacks of the libraries
    it needs (see the module docstring)."""
    for lib in pt.libraries:
        if not lib.bundled:
            parsed_library(pt, lib)
    own = {n for n, f in pt.functions.items() if f.node is not None}
    todo: list[str] = []
    for pf in files:
        todo += sorted(identifiers(pf.ast) - own)
    seen: set[str] = set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        found = library_for(pt, name)
        if found is None or found[0].path in pt.library_files:
            continue
        pf = declare_library(pt, found[0])
        todo += sorted(identifiers(pf.ast) - own - seen)


def declare_library(pt, lib: ModelLibrary) -> ParsedFile:
    """Add the file-scope declarations of a library that the program lacks."""
    pf = parsed_library(pt, lib)
    pt.library_files[lib.path] = pf
    pt.scan_file(pf.ast)
    saved = pt.file
    pt.file = pf.path
    try:
        for ext in pf.ast.ext:
            kind = type(ext).__name__
            if kind == "Typedef" and ext.name not in pt.scopes[0]:
                pt.typedef(ext)
            elif kind == "Decl":
                _declare(pt, ext)
    finally:
        pt.file = saved
    return pf


def _declare(pt, decl) -> None:
    t = decl.type
    kind = type(t).__name__
    if decl.name is None:                       # a tag: struct/union/enum
        if kind == "Enum":
            names = [e.name for e in t.values.enumerators] if t.values is not None else []
            if any(n in pt.scopes[0] for n in names):
                return
        elif kind in ("Struct", "Union", "StructExt") and t.name is not None:
            word = "union" if kind == "Union" else "struct"
            have = pt.lookup_tag(f"{word} {t.name}")
            info = pt.types.structs.get(have.key) if have is not None else None
            if info is not None and info.complete:
                return                          # the program's definition is used
        pt.global_decl(decl)
        return
    if decl.name in pt.scopes[0] or decl.name in pt.functions:
        return                                  # the program declares it itself
    pt.global_decl(decl)


def link(pt, name: str, lib: ModelLibrary, loc: Loc) -> FuncInfo:
    """The procedure of `lib`'s definition of `name`, linked into the program on first use
    (translated after the program's own functions)."""
    info = pt.functions.get(name)
    if info is not None and info.model is not None:
        return info
    assert info is None or info.node is None, f"{name}: the program's definition wins"
    pf = pt.library_files.get(lib.path)
    if pf is None:               # needed only during pass 2 (the libc byte-loop fallback)
        pf = declare_library(pt, lib)
    node = next((e for e in pf.ast.ext if type(e).__name__ == "FuncDef"
                 and e.decl.name == name), None)
    if node is None:
        raise unsupported(loc, f"'{name}' is not defined by {lib.path} once preprocessed "
                          "(a definition made by a macro is not seen)")
    declared = info.type if info is not None else None
    saved_file, saved_sym = pt.file, pt.scopes[0].get(name)
    pt.file = pf.path
    try:
        model_t = pt.resolve_type(node.decl.type)
        assert isinstance(model_t, FuncT), model_t
        if declared is not None and not fits(declared, model_t):
            what = "the C library's" if lib == LIBC else \
                f"the model's in {os.path.basename(lib.path)}"
            raise unsupported(loc, f"'{name}' declared as {declared}, which does not fit "
                              f"{what} {model_t}")
        pt.function_definition(node)
    finally:
        pt.file = saved_file
        if saved_sym is not None:     # the program's code keeps seeing its declaration
            pt.scopes[0][name] = saved_sym
    info = pt.functions[name]
    info.type = model_t
    info.model = lib.path
    info.declared = declared
    info.allocator = has_attribute(node.decl, ("malloc", "__malloc__"))
    pt.pending.append(info)
    return info


def fits(program: FuncT, model: FuncT) -> bool:
    """Whether a program's declaration fits a model's prototype: the same result and
    parameter types up to qualifiers, where the model's `void *` stands for any object
    pointer; a declaration without a prototype fits any parameters.  An integer parameter
    may be narrower than the model's (`widens`), and an integer result too (the model's
    result is converted to it, as the call reads the low bytes of the real one's)."""
    if not _fits_type(program.ret, model.ret) and not widens(program.ret, model.ret):
        return False
    if not program.has_proto:
        return True
    return program.variadic == model.variadic and len(program.params) == len(model.params) \
        and all(_fits_type(p, m) or widens(p, m) for p, m in zip(program.params, model.params))


def widens(program, model) -> bool:
    """Whether a declared integer parameter type converts to the model's without changing
    any value: the same signedness, fewer bits (neither `_Bool`)."""
    return isinstance(program, IntT) and isinstance(model, IntT) and \
        program.signed == model.signed and program.bits < model.bits and \
        "_Bool" not in (program.name, model.name)


def _fits_type(program, model) -> bool:
    """The same type, or the same representation: integer types of one width and
    signedness (`long` and `int` under ILP32 share their maps, frontend/memory.py), and
    pointers to such; the model's `void *` accepts any object pointer."""
    if program == model:
        return True
    if isinstance(program, IntT) and isinstance(model, IntT):
        return program.bits == model.bits and program.signed == model.signed and \
            "_Bool" not in (program.name, model.name)
    if isinstance(program, PtrT) and isinstance(model, PtrT):
        if isinstance(model.target, VoidT):
            return not isinstance(program.target, FuncT)
        return isinstance(model.target, (IntT, PtrT)) and \
            _fits_type(program.target, model.target)
    return False


def has_attribute(decl, names: tuple[str, ...]) -> bool:
    """Whether a declaration carries `__attribute__((name))` (before the declarator, or
    after the parameter list)."""
    lists = [getattr(s, "exprlist", None) for s in (decl.funcspec or [])]
    t = decl.type
    while t is not None:
        if type(t).__name__ == "FuncDeclExt":
            lists.append(getattr(t, "attributes", None))
        t = getattr(t, "type", None)
    for exprs in lists:
        for e in (exprs.exprs if exprs is not None else []):
            n = e.name if type(e).__name__ == "FuncCall" else e
            if type(n).__name__ == "ID" and n.name in names:
                return True
    return False


@per_ast
def identifiers(ast) -> set[str]:
    """Every identifier occurring in an expression of a file."""
    out: set[str] = set()
    stack = [ast]
    while stack:
        n = stack.pop()
        if type(n).__name__ == "ID":
            out.add(n.name)
        stack.extend(c for _, c in n.children())
    return out
