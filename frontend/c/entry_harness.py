"""Turns an entry function F (`pycorral check --function F`) into a C harness that calls F
with nondeterministic arguments.

Role: the one definition of what verifying "any call of F" means, written as C so that all
three consumers see the same program and the same inputs in the same order: the C front
end translates it with the program (translate.py, as one more translation unit), the LLVM
front end compiles it with F's file (frontend/llvm/translate.py) and the native replay
compiles it with F's file to confirm a bug (replay/native.py).  Input: the program's
file-scope declarations (ProgramTranslator.declare, pass 1).  Output: an EntryHarness: C
text defining `void __pycorral_entry(void)`, which becomes the entry (so the global
initialisers run first, as they do before main), and the file that defines F.

What the harness passes (the CBMC `--function` convention, documented in README):
* an integer or enum argument: a nondeterministic value of its type;
* a pointer to an object type T (a complete struct or union, an integer, a pointer, an
  array of known length): the address of a fresh object of type T, local to the harness,
  whose scalars get nondeterministic values one by one (a union: its first member);
* a pointer *inside* such an object (a field, an element, the object itself when T is a
  pointer type), to an object type U: NULL or, by a nondeterministic choice, the address
  of a fresh object of type U filled the same way -- a tree of distinct objects, at most
  MAX_LEVELS deep (the argument's object is level 1; pointers in a level-MAX_LEVELS
  object, and past MAX_OBJECTS objects, are NULL), never shared or cyclic; a pointer
  inside an object to void, to a function or to an incomplete type is NULL.  These are
  the harness' assumptions (README "Entry functions"): a shape outside them (a cycle,
  sharing, a longer list, a string longer than one char) needs a harness of the user's
  own, a `main`.  Every object is a real one, so both front ends take it and the native
  replay rebuilds it;
* a top-level pointer to void, to a function, to an incomplete type: a nondeterministic
  address (the LLVM front end: unsupported);
* a struct or union by value: a fresh object as above.
Every value comes from a `__VERIFIER_nondet_<type>()` call, one statement each, so the
trace records them in order and the replay harness feeds them back.  At most MAX_SCALARS
scalars get a value; the rest of a larger object stays uninitialised (arbitrary in the
model too).  Floating-point and __int128 arguments are unsupported.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass

from boogie.ast import Loc
from boogie.errors import error
from frontend.line_directives import physical_source

from .typesys import ArrayT, CType, FloatT, FuncT, IntT, PtrT, StructT, VoidT, unsupported

HARNESS_FILE = "<pycorral harness>"
HARNESS_FUNCTION = "__pycorral_entry"
MAX_SCALARS = 256
MAX_LEVELS = 3         # the argument's object, and two levels of objects below it
MAX_OBJECTS = 64       # fresh objects per harness, the argument's included

# canonical integer type -> its `__VERIFIER_nondet_<suffix>` (the harness's spelling)
NONDET_SUFFIX = {
    "_Bool": "bool", "char": "char", "signed char": "schar", "unsigned char": "uchar",
    "short": "short", "unsigned short": "ushort", "int": "int", "unsigned int": "uint",
    "long": "long", "unsigned long": "ulong", "long long": "longlong",
    "unsigned long long": "ulonglong",
}


@dataclass(frozen=True, slots=True)
class EntryHarness:
    """The harness of entry function `function`, defined in `file` (as given)."""
    function: str
    file: str
    text: str            # C: a line marker, declarations, `void __pycorral_entry(void)`
    unset: int = 0       # scalars of argument objects past MAX_SCALARS (no value given)
    typedefs: tuple[str, ...] = ()      # the program's typedef names the text uses


def wrapper_text(harness: EntryHarness, with_main: bool = False,
                 ms_extensions: bool = False, source: str | None = None) -> str:
    """A C file compiled in place of the file that defines the entry function: that file
    (`source`: a copy compiled in its place, replay/sites.py), then the harness (under its
    own line marker); `with_main`: and a `main` that calls the harness, the program's own
    main being renamed away (`#undef main` ends the rename by `-Dmain=...` for the harness;
    native replay, replay/build.py)."""
    full = os.path.abspath(harness.file)
    # (its physical copy when it has line directives: frontend/line_directives.py)
    physical = source or physical_source(harness.file, full, ms_extensions)
    text = f"#include {json.dumps(full if physical == harness.file else physical)}\n"
    if with_main:
        text += "#undef main\n"
    text += harness.text
    if with_main:
        text += f"int main(void) {{ {HARNESS_FUNCTION}(); return 0; }}\n"
    return text


def entry_harness(pt, name: str) -> EntryHarness:
    """The harness for function `name` of a program whose declarations `pt` (a
    ProgramTranslator after `declare`) has read; bad input when `name` has no body."""
    info = pt.functions.get(name)
    if info is None or info.node is None:
        raise error("input", Loc(pt.file or HARNESS_FILE, 1, 1),
                    f"entry function '{name}' is not defined")
    return _Writer(pt, info).write()


class _Writer:
    def __init__(self, pt, info):
        self.pt = pt
        self.info = info
        self.loc = pt.loc(info.node)
        self.decls: list[str] = []
        self.stmts: list[str] = []
        self.nondets: dict[str, str] = {}       # function name -> its C return type
        self.scalars = 0
        self.unset = 0
        self.typedefs: list[str] = []
        self.objects = 0

    def write(self) -> EntryHarness:
        info = self.info
        args = [self.argument(i, t) for i, t in enumerate(info.type.params)]
        protos = [f"extern {ret} {fn}();" for fn, ret in sorted(self.nondets.items())]
        body = ["void %s(void)" % HARNESS_FUNCTION, "{",
                *("  " + d for d in self.decls), *("  " + s for s in self.stmts),
                f"  {info.c_name}({', '.join(args)});", "}"]
        text = "\n".join([f'# 1 "{HARNESS_FILE}"', *protos, *body]) + "\n"
        return EntryHarness(info.c_name, info.file, text, self.unset, tuple(self.typedefs))

    # ------------------------------------------------------------------ arguments
    def argument(self, i: int, t: CType) -> str:
        var = f"__pycorral_arg{i}"
        if isinstance(t, PtrT) and self.is_object(t.target):
            obj = f"__pycorral_obj{i}"
            self.decls.append(self.spell(t.target, obj) + ";")
            self.objects += 1
            self.fill(t.target, obj, 1)
            return f"&{obj}"
        if isinstance(t, PtrT):
            self.decls.append(f"void *{var};")
            self.stmts.append(f"{var} = {self.nondet(t)};")
            return var
        if isinstance(t, IntT) or _modelled_float(t):
            self.decls.append(self.spell(t, var) + ";")
            self.stmts.append(f"{var} = {self.nondet(t)};")
            return var
        if isinstance(t, StructT) and self.is_object(t):
            self.decls.append(self.spell(t, var) + ";")
            self.objects += 1
            self.fill(t, var, 1)
            return var
        raise unsupported(self.loc, f"argument {i + 1} of entry function "
                          f"'{self.info.c_name}' of type {t}")

    def is_object(self, t: CType) -> bool:
        """A type the harness can make a fresh object of (known size, spellable)."""
        if isinstance(t, (IntT, PtrT)) or _modelled_float(t):
            return True
        if isinstance(t, ArrayT):
            return t.length is not None and t.length > 0 and self.is_object(t.elem)
        if isinstance(t, StructT):
            s = self.pt.types.structs.get(t.key)
            return s is not None and s.complete
        return False

    # ------------------------------------------------------------------ values
    def fill(self, t: CType, path: str, level: int) -> None:
        """Nondeterministic values for the scalars of the object at `path` (an object of
        level `level`), in order; its pointers are NULL or fresh objects (`point`)."""
        if isinstance(t, PtrT):
            self.point(t, path, level)
        elif isinstance(t, IntT) or _modelled_float(t):
            if self.scalars >= MAX_SCALARS:
                self.unset += 1
                return
            self.scalars += 1
            self.stmts.append(f"{path} = {self.nondet(t)};")
        elif isinstance(t, ArrayT):
            for k in range(t.length or 0):
                self.fill(t.elem, f"{path}[{k}]", level)
        elif isinstance(t, StructT):
            s = self.pt.types.structs[t.key]
            members = s.members[:1] if s.is_union else s.members
            for m in members:
                bf = s.bitfields.get(m)
                mt = bf.type if bf is not None else s.field(m).type
                if isinstance(mt, ArrayT) and mt.length is None:
                    continue                    # a flexible array member: no storage
                # an anonymous member's fields are named as the enclosing struct's
                self.fill(mt, path if m.startswith("$anon") else f"{path}.{m}", level)
        else:
            raise unsupported(self.loc, f"argument of entry function "
                              f"'{self.info.c_name}' holding a value of type {t}")

    def point(self, t: PtrT, path: str, level: int) -> None:
        """The pointer at `path`, inside an object of level `level`: NULL, or (a
        nondeterministic choice) the address of a fresh object of level + 1."""
        if (level >= MAX_LEVELS or self.objects >= MAX_OBJECTS
                or not self.is_object(t.target)):
            self.stmts.append(f"{path} = 0;")
            return
        obj = f"__pycorral_obj{len(self.decls)}_{self.objects}"
        self.objects += 1
        self.decls.append(self.spell(t.target, obj) + ";")
        self.fill(t.target, obj, level + 1)
        self.nondets["__VERIFIER_nondet_bool"] = "_Bool"
        self.stmts.append(f"{path} = __VERIFIER_nondet_bool() ? &{obj} : 0;")

    def nondet(self, t: CType) -> str:
        if isinstance(t, PtrT):
            fn, ret = "__VERIFIER_nondet_pointer", "void *"
        elif isinstance(t, IntT) and t.name in NONDET_SUFFIX:
            fn, ret = f"__VERIFIER_nondet_{NONDET_SUFFIX[t.name]}", t.name
        elif _modelled_float(t):
            fn, ret = f"__VERIFIER_nondet_{t.name}", t.name
        else:
            raise unsupported(self.loc, f"argument of entry function "
                              f"'{self.info.c_name}' holding a value of type {t}")
        self.nondets[fn] = ret
        return f"{fn}()"

    # ------------------------------------------------------------------ C spelling
    def spell(self, t: CType, inner: str) -> str:
        """A declaration of `inner` with type t, in C."""
        if isinstance(t, IntT) or _modelled_float(t):
            return f"{t.name} {inner}"
        if isinstance(t, VoidT):
            return f"void {inner}"
        if isinstance(t, StructT):
            return f"{self.struct_name(t)} {inner}"
        if isinstance(t, PtrT):
            wrap = isinstance(t.target, (ArrayT, FuncT))
            return self.spell(t.target, f"(*{inner})" if wrap else f"*{inner}")
        if isinstance(t, ArrayT) and t.length is not None:
            return self.spell(t.elem, f"{inner}[{t.length}]")
        if isinstance(t, FuncT):
            params = [self.spell(p, "") for p in t.params] or ["void"]
            if t.variadic:
                params.append("...")
            return self.spell(t.ret, f"{inner}({', '.join(params)})")
        raise unsupported(self.loc, f"argument of entry function '{self.info.c_name}' of "
                          f"type {t}")

    def struct_name(self, t: StructT) -> str:
        """`struct S`, or the typedef name of an unnamed struct."""
        if "$anon" not in t.key and "#" not in t.key:
            return t.key
        for name, sym in self.pt.scopes[0].items():
            if sym.kind == "typedef" and sym.type == t:
                if name not in self.typedefs:
                    self.typedefs.append(name)
                return name
        raise unsupported(self.loc, f"argument of entry function '{self.info.c_name}' of "
                          "an unnamed struct or union type (give it a tag or a typedef)")


def _modelled_float(t: CType) -> bool:
    """`float` or `double` (a nondeterministic value of it: `__VERIFIER_nondet_<type>`)."""
    return isinstance(t, FloatT) and t.bits is not None
