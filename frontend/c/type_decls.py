"""C type declarations: the type part of the program level of the C front end.

Role: `resolve_type` turns a pycparser type node into a `CType` (typesys.py): base type
words, typedef names, pointers, arrays (constant or variable length), function types
(parameters adjusted to pointers), struct and union definitions with their members' layout
(layout_attrs.py: packing, alignment, bit-fields), forward declarations and redefinitions in
inner scopes, and enum definitions (their enumerators become constants in the current scope).
"""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import replace

from boogie.ast import Loc
from boogie.errors import error

from .layout_attrs import MemberLayout, member_layout, struct_layout
from .symbols import Sym
from .typesys import (VOID, ArrayT, CType, FloatT, FuncT, IntT, PtrT, StructT, VoidT,
                      unsupported)

_BASE_WORDS = {"void", "char", "short", "int", "long", "float", "double", "signed",
               "unsigned", "_Bool", "__int128", "_Complex", "const", "volatile"}



class TypeDeclsMixin:
    """Types of declarations (mixed into translate.py's `ProgramTranslator`, whose scopes,
    tags, type table `types` and data model `dm` it uses)."""

    def resolve_decl_type(self, decl) -> CType:
        """The type of declaration `decl` (whose attributes after a struct's closing brace
        belong to the struct: layout_attrs.struct_layout)."""
        saved, self.struct_decl = self.struct_decl, decl
        try:
            return self.resolve_type(decl.type)
        finally:
            self.struct_decl = saved

    def resolve_type(self, node) -> CType:
        """The C type denoted by a pycparser type node."""
        kind = type(node).__name__
        loc = self.loc(node)
        if kind in ("TypeDecl", "TypeDeclExt", "Typename"):
            return self.resolve_type(node.type)
        if kind == "IdentifierType":
            return self.base_type(node.names, loc)
        if kind == "PtrDecl":
            return PtrT(self.resolve_type(node.type))
        if kind in ("ArrayDecl", "ArrayDeclExt"):
            elem = self.resolve_type(node.type)
            if node.dim is None:
                return ArrayT(elem, None)
            n = self.const_int(node.dim)
            if n is None:
                # variable length: inside a function body its size expression is evaluated
                # here, after the inner dimensions' (as gcc does; frontend/c/vla.py);
                # elsewhere the length is unknown
                dim = self.vla_eval(node.dim, loc) if self.vla_eval is not None else None
                return ArrayT(elem, None, dim)
            if n < 0:
                raise error("type", loc, "size of array is negative")
            return ArrayT(elem, n)
        if kind in ("FuncDecl", "FuncDeclExt"):
            return self.function_type(node)
        if kind in ("Struct", "Union", "StructExt"):
            return self.struct_type(node, kind == "Union")
        if kind == "Enum":
            return self.enum_type(node)
        if kind in ("TypeOfExpression", "TypeOfDeclaration"):
            raise unsupported(loc, "typeof")
        raise unsupported(loc, f"type {kind}")

    def base_type(self, names: list[str], loc: Loc) -> CType:
        words = [n for n in names if n not in ("signed",)] if "unsigned" not in names else names
        signed_kw = "signed" in names
        ns = [n for n in names if n not in ("const", "volatile")]
        if len(ns) == 1 and ns[0] not in _BASE_WORDS:
            sym = self.lookup(ns[0])
            if sym is None or sym.kind != "typedef":
                if ns[0] == "__builtin_va_list":
                    return PtrT(VOID)
                raise error("type", loc, f"unknown type name '{ns[0]}'")
            return sym.type
        del words
        if "void" in ns:
            return VOID
        if "_Complex" in ns or "__complex__" in ns or "_Imaginary" in ns:
            raise unsupported(loc, "complex numbers")
        if "float" in ns or "double" in ns:
            return self.types.float_type(ns)
        if "_Bool" in ns:
            return self.dm.BOOL
        unsigned = "unsigned" in ns
        longs = ns.count("long")
        if "char" in ns:
            base = "char" if not unsigned and not signed_kw else \
                ("unsigned char" if unsigned else "signed char")
            return self.dm.ints[base]
        if "__int128" in ns:
            base = "__int128"
        elif "short" in ns:
            base = "short"
        elif longs >= 2:
            base = "long long"
        elif longs == 1:
            base = "long"
        else:
            base = "int"
        return self.dm.ints[("unsigned " if unsigned else "") + base]

    @contextmanager
    def no_vla_eval(self):
        """Types read inside are not evaluated: a size expression of variable length stays
        unknown (prototypes, struct members, constant expressions, types only looked at)."""
        saved, self.vla_eval = self.vla_eval, None
        try:
            yield
        finally:
            self.vla_eval = saved

    def function_type(self, node) -> FuncT:
        with self.no_vla_eval():      # a prototype's sizes are not evaluated (C11 6.9.1p10)
            return self._function_type(node)

    def _function_type(self, node) -> FuncT:
        ret = self.resolve_type(node.type)
        params: list[CType] = []
        variadic = False
        has_proto = node.args is not None and type(node.args).__name__ == "ParamList"
        if node.args is not None:
            for p in node.args.params:
                pk = type(p).__name__
                if pk == "EllipsisParam":
                    variadic = True
                    continue
                if pk == "ID":           # K&R identifier list
                    has_proto = False
                    continue
                t = self.resolve_type(p.type)
                if isinstance(t, VoidT):
                    continue
                params.append(_adjust_param(t))
        return FuncT(ret, tuple(params), variadic, has_proto)

    def struct_type(self, node, is_union: bool) -> StructT:
        loc = self.loc(node)
        # the declaration's trailing attributes are this struct's, not its members' types'
        decl, self.struct_decl = self.struct_decl, None
        try:
            return self._struct_type(node, is_union, loc, decl)
        finally:
            self.struct_decl = decl

    def _struct_type(self, node, is_union: bool, loc: Loc, decl) -> StructT:
        word = "union" if is_union else "struct"
        if node.name is not None and node.decls is None:
            found = self.lookup_tag(f"{word} {node.name}")
            if found is not None:
                return found
            t = StructT(f"{word} {node.name}", is_union)
            self.tags[0][f"{word} {node.name}"] = t     # forward declaration
            return t
        seen = self.struct_nodes.get(id(node))
        if seen is not None and seen[0] is node:
            # the same definition again: `typedef struct S {...} S, *PS;` (pycparser gives
            # each declarator the definition's node)
            return seen[1]
        if node.name is None:
            self.anon += 1
            key = f"{word} $anon{self.anon}"
        else:
            key = f"{word} {node.name}"
            existing = self.tags[-1].get(key)
            if existing is not None and self.types.structs.get(existing.key) and \
                    self.types.structs[existing.key].complete:
                self.anon += 1
                key = f"{key}#{self.anon}"   # a redefinition in an inner scope
        t = StructT(key, is_union)
        self.struct_nodes[id(node)] = (node, t)
        if node.name is not None:
            self.tags[-1][f"{word} {node.name}"] = t
        members: list[tuple[str, CType, int | None, MemberLayout]] = []
        for d in node.decls or []:
            if type(d).__name__ == "Pragma":
                if d.string.split("(")[0].strip() == "pack":
                    # gcc applies the value at the closing brace to every member, clang
                    # (as MSVC) the value at the opening one: no one layout to take
                    raise unsupported(self.loc(d), f"#pragma pack inside the body of {key} "
                                      "(gcc and clang lay it out differently)")
                continue
            with self.no_vla_eval():     # (a member of variable size is unsupported below)
                mt = self.resolve_type(d.type)
            bits = self.const_int(d.bitsize) if d.bitsize is not None else None
            ml = member_layout(d, self.pack_of.get(id(d)), self.const_int)
            align = self.alignas(d)
            if align:
                ml = replace(ml, aligned=max(ml.aligned or 0, align))
            if d.name is None and d.bitsize is None:
                if not self.anonymous_member(d.type, mt):
                    continue                # `struct T;`: declares a tag, not a member
                # anonymous struct/union member: its fields are found through it
                members.append((f"$anon{len(members)}", mt, None, ml))
                continue
            if isinstance(mt, ArrayT) and mt.length is None and \
                    getattr(d.type, "dim", None) is not None:
                raise unsupported(self.loc(d), f"size of member array '{d.name}' that the "
                                  "front end does not evaluate to a constant")
            members.append((d.name, mt, bits, ml))
        self.types.define(key, is_union, members, loc,
                          struct_layout(node, decl, self.const_int))
        if len(self.tags) == 1 and node.name is not None:
            self.layout_names.append((f"{word} {node.name}", t, loc))
        return t

    def alignas(self, d) -> int:
        """The strictest `_Alignas(n)` / `_Alignas(type)` of declaration `d` (C11 6.7.5;
        0 when it has none: `_Alignas(0)` has no effect either)."""
        out = 0
        for spec in getattr(d, "align", None) or []:
            a = spec.alignment
            if type(a).__name__ == "Typename":
                n = self.types.alignof(self.resolve_type(a.type), self.loc(d))
            else:
                n = self.const_int(a)
            if n is None or n < 0 or n & (n - 1):
                raise error("type", self.loc(d), "_Alignas of a value that is not a "
                            "non-negative power of two")
            out = max(out, n)
        return out

    def anonymous_member(self, type_node, t: CType) -> bool:
        """Whether a member declaration without a name is an anonymous member: C11's
        untagged struct or union definition; in the Microsoft dialect also a tagged struct
        or union type, or a typedef of one (gcc and clang: -fms-extensions)."""
        if not isinstance(t, StructT):
            return False
        if self.opts.cflags.ms_extensions:
            return True
        return type(type_node).__name__ in ("Struct", "Union", "StructExt") and \
            type_node.name is None and type_node.decls is not None

    def enum_type(self, node) -> IntT:
        if node.values is not None:
            v = 0
            for e in node.values.enumerators:
                if e.value is not None:
                    c = self.const_int(e.value)
                    if c is None:
                        raise error("type", self.loc(e), "enumerator value is not constant")
                    v = c
                self.scopes[-1][e.name] = Sym("enum", self.dm.INT, value=v)
                v += 1
        return self.dm.INT


def _adjust_param(t: CType) -> CType:
    if isinstance(t, ArrayT):
        return PtrT(t.elem)
    if isinstance(t, FuncT):
        return PtrT(t)
    return t
