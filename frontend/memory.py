"""The heap model of the C front end: pointers as integers, heap maps split by type (HAVOC).

Role: decides which Boogie map holds the value of each memory access, and checks at the end
of translation that the split is sound for the program at hand.  Follows HAVOC's encoding as
described in Lal & Qadeer, "Reachability Modulo Theories" (RP 2013), Section 4, Fig. 5:
a pointer is an integer (a byte address), allocation bumps a counter, and instead of one map
`Mem` there is one map per kind of stored value.

Split: one map per scalar *value class* -- `$M.i32` for `int`, `$M.u8` for `unsigned char`,
`$M.ptr` for every pointer type, and so on -- indexed by byte address.  In the bv encoding
(and in the int encoding when a program views integers at both signednesses) the class is
the width only (`$M.b32`).  An object of a
struct type lives in the maps of its scalar leaves, at its address plus the leaf's offset.
This is sound exactly when every memory cell is only ever accessed at one value class (the
program is "type safe" in HAVOC's sense).  The translator reports every pointer conversion
here (`note_conversion`); `validate()` then rejects, as unsupported, any program whose
conversions could make one cell visible at two classes:
- a cast A* -> B* where the leaf layouts of A and B are neither equal nor one a prefix of the
  other (e.g. `char *` views of an `int`, or of a struct);
- conversions through `void *` (or integers) whose source/destination layouts are not
  pairwise compatible in that sense, where one of the two is a type some pointer is
  converted to from `void *` (a type only ever converted into `void *` is never viewed
  as another; results of malloc/calloc/alloca and of `__attribute__((malloc))` models
  count as untyped);
- unions whose members have different layouts.
Such programs are then translated again with `byte_level=True`: one map of bytes, every
scalar access reading/writing its bytes (little-endian) -- exact, slower.

Not modelled yet (gaps, each rejected as unsupported where it could matter): field-level
splitting (HAVOC's `Mem.f_S`; we split by value class only, which is coarser but sound),
byte-level memory.
"""
from __future__ import annotations

from dataclasses import dataclass

from boogie.ast import (App, BvLit, BvType, Expr, Extract, INT, IntLit, Loc, MapSelect, MapType,
                        Op, Type, Var, VarDecl)
from boogie.errors import BoogieError, error

import frontend.floatenc as floatenc
from frontend.c.typesys import (ArrayT, CType, FloatT, FuncT, IntT, PtrT, StructT, TypeTable,
                               VoidT, is_variable)

Layout = tuple[tuple[int, str], ...]      # (byte offset, value class) of each scalar leaf


@dataclass(frozen=True, slots=True)
class Conversion:
    src: CType            # pointee before (VoidT for void*/integers/untyped)
    dst: CType            # pointee after
    loc: Loc
    at: tuple[str, Expr] | None = None    # (procedure, the pointer's Boogie expression)


class SplitRetry(Exception):
    """Internal: translate again with these structs' fields not split."""

    def __init__(self, structs: frozenset[str]):
        super().__init__(", ".join(sorted(structs)))
        self.structs = structs


class Memory:
    """Heap maps of one translated program."""

    def __init__(self, types: TypeTable, is_bv: bool, by_width: bool = False,
                 byte_level: bool = False, unsplit: frozenset[str] = frozenset()):
        self.types = types
        self.is_bv = is_bv
        # Field splitting (HAVOC's `Mem.f_S`): a scalar field of a struct gets its own map
        # unless its address is taken somewhere (`&x.f`, by name) or the struct (or one
        # containing it) takes part in a pointer conversion or union -- `unsplit` lists the
        # structs found so in an earlier attempt (`validate` asks for a new attempt).
        self.unsplit = unsplit
        self.addr_taken_fields: set[str] = set()
        # The sound fallback for programs that are not type safe: one map of bytes; a
        # scalar access reads/writes its bytes (little-endian), exactly in both encodings.
        self.byte_level = byte_level
        # Integers of one width share a map regardless of signedness: always in the bv
        # encoding (a bitvector has no sign); in the int encoding only on request
        # (`normalize_signedness`), and then the map stores the unsigned representation.
        self.by_width = by_width or is_bv
        self.maps: dict[str, Type] = {}          # map name -> value type
        # map name -> the C type whose representation its cells hold (byte_split.py reads
        # a cell of a byte-level class as the bytes of this type)
        self.cell_types: dict[str, CType] = {}
        self.conversions: list[Conversion] = []
        # pointee types of pointers converted to integers (VoidT for void *): what an
        # integer may point to (frontend/c/externs.py)
        self.to_int: set[CType] = set()
        # union member accesses: (union, location, the member's type; None: every member)
        self.unions: list[tuple[StructT, Loc, CType | None]] = []
        # where each conversion/union access happens, for frontend/c/points_to.py: the
        # procedure being translated and the pointer's Boogie expression
        self.current_proc = ""
        self.union_uses: list[tuple[StructT, Loc, tuple[str, Expr] | None,
                                    CType | None]] = []

    # ------------------------------------------------------------------ map choice
    def value_class(self, t: CType) -> str:
        """The map class of a scalar type: `i32`, `u8`, `ptr`, ... (`bytes` at byte level)"""
        if self.byte_level:
            return "bytes"
        if isinstance(t, PtrT):
            return "ptr"
        if isinstance(t, FloatT):       # the IEEE pattern of a float: a class of its own
            return f"f{t.bits}" if t.bits is not None else "f" + t.name.replace(" ", "_")
        assert isinstance(t, IntT), t
        if t.name == "_Bool":
            return "bool"
        if self.by_width:
            return "b" + str(t.bits)
        return ("i" if t.signed else "u") + str(t.bits)

    @property
    def normalize_signedness(self) -> bool:
        """int encoding with maps shared across signedness: stores convert signed values to
        their unsigned representation, loads convert back."""
        return self.by_width and not self.is_bv

    def map_for(self, t: CType) -> str:
        name = "$M." + self.value_class(t)
        if name not in self.maps:
            ptr_bits = self.types.dm.ptr_bits
            if self.is_bv:
                w = 8 if self.byte_level else self._nbytes(t) * 8
                self.maps[name] = MapType((BvType(ptr_bits),), BvType(w))
            elif isinstance(t, FloatT) and not self.byte_level:
                # a float's pattern is a bit-vector in the int encoding too (no bridge
                # through integers between a float and its own map)
                self.maps[name] = MapType((INT,), BvType(self._nbytes(t) * 8))
            else:
                self.maps[name] = MapType((INT,), INT)
            self._note_cell_type(name, t)
        return name

    def _note_cell_type(self, name: str, t: CType) -> None:
        if isinstance(t, IntT) and self.normalize_signedness:
            t = self.types.dm.unsigned_twin(t)     # the map holds the unsigned representation
        self.cell_types.setdefault(name, t)

    def cell(self, addr: Expr, t: CType, field_map: str | None = None) -> Expr:
        """The map cell holding the scalar of type t at address addr (readable and, as an
        assignment target, writable)."""
        return MapSelect(Var(field_map or self.map_for(t)), (addr,))

    def field_map(self, st: CType, fname: str, ft: CType) -> str | None:
        """The own map of scalar field `fname` of struct st, or None (use the type's map)."""
        if self.byte_level or not isinstance(st, StructT) or st.is_union or \
                st.key in self.unsplit or fname in self.addr_taken_fields or \
                not (isinstance(ft, (IntT, PtrT)) or (isinstance(ft, FloatT) and ft.bits)) or \
                fname.startswith("$"):
            return None
        tag = st.key.split(" ", 1)[-1].replace("#", "$")
        name = f"$M.{tag}.{fname}"
        if name not in self.maps:
            self.maps[name] = self.maps[self.map_for(ft)]
            self._note_cell_type(name, ft)
        return name

    def field_maps(self) -> list[str]:
        """Every field map of the program (created up front by `declare_field_maps`)."""
        return sorted(n for n in self.maps if n.count(".") >= 2)

    def declare_field_maps(self) -> None:
        for key, info in list(self.types.structs.items()):
            if info.complete and not info.is_union:
                for f in info.fields:
                    self.field_map(StructT(key, False), f.name, f.type)

    def _nbytes(self, t: CType) -> int:
        if isinstance(t, FloatT):
            assert t.bits is not None, f"a value of {t} in memory"
        return (self.types.dm.ptr_bits if isinstance(t, PtrT) else t.bits) // 8

    def load(self, addr: Expr, t: CType, enc, addr_add, field_map: str | None = None) -> Expr:
        """The value of the scalar of type t at addr (`enc`: the integer encoding,
        `addr_add(addr, k)`: address arithmetic)."""
        if not self.byte_level:
            cell = self.cell(addr, t, field_map)
            if self.normalize_signedness and isinstance(t, IntT) and t.signed:
                return enc.convert(cell, self.types.dm.unsigned_twin(t), t)
            return cell
        return self.bytes_load(Var(self.map_for(t)), addr, t, enc, addr_add)

    def bytes_load(self, m: Var, addr: Expr, t: CType, enc, addr_add) -> Expr:
        """The scalar of type t at addr read from byte map m (little-endian)."""
        n = self._nbytes(t)
        cells = [MapSelect(m, (addr_add(addr, i),)) for i in range(n)]
        if self.is_bv:
            e = cells[-1]
            for c in reversed(cells[:-1]):
                e = App(Op.CONCAT, (e, c))
            return e
        e = cells[0]
        for i, c in enumerate(cells[1:], 1):
            e = App(Op.ADD, (e, App(Op.MUL, (c, IntLit(1 << (8 * i))))))
        if isinstance(t, IntT) and t.signed:
            return enc.convert(e, self.types.dm.unsigned_twin(t), t)
        if isinstance(t, FloatT):        # a float's memory value is its pattern, a bit-vector
            return floatenc.int2bv(enc.functions, e, 8 * n)
        return e

    def store(self, addr: Expr, t: CType, value: Expr, enc, addr_add,
              field_map: str | None = None) -> list[tuple[Expr, Expr]]:
        """Assignments (target cell, value) that store `value` of type t at addr, in order.
        At byte level `value` must not read the byte map (the caller copies it first)."""
        if not self.byte_level:
            if self.normalize_signedness and isinstance(t, IntT) and t.signed:
                value = enc.convert(value, t, self.types.dm.unsigned_twin(t))
            return [(self.cell(addr, t, field_map), value)]
        return self.bytes_store(Var(self.map_for(t)), addr, t, value, enc, addr_add)

    def bytes_store(self, m: Var, addr: Expr, t: CType, value: Expr, enc,
                    addr_add) -> list[tuple[Expr, Expr]]:
        """Assignments storing `value` of type t at addr as its bytes in byte map m."""
        n = self._nbytes(t)
        if self.is_bv:
            return [(MapSelect(m, (addr_add(addr, i),)), Extract(value, 8 * i + 8, 8 * i))
                    for i in range(n)]
        if isinstance(t, IntT) and t.signed:
            value = enc.convert(value, t, self.types.dm.unsigned_twin(t))
        if isinstance(t, FloatT):
            value = floatenc.bv2nat(enc.functions, value, 8 * n)
        out = []
        for i in range(n):
            v = value if i == 0 else App(Op.DIV, (value, IntLit(1 << (8 * i))))
            out.append((MapSelect(m, (addr_add(addr, i),)), App(Op.MOD, (v, IntLit(256)))))
        return out

    def zero_cells(self, leaf_types: list[CType], a: Expr) -> list[tuple[Expr, Expr]]:
        """(cell at a, zero) for each map the given scalar types live in."""
        out: dict[str, tuple[Expr, Expr]] = {}
        for t in leaf_types:
            name = self.map_for(t)
            rng = self.maps[name].range
            zero = BvLit(0, rng.width) if isinstance(rng, BvType) else IntLit(0)
            out.setdefault(name, (MapSelect(Var(name), (a,)), zero))
        return list(out.values())

    def decls(self) -> list[VarDecl]:
        return [VarDecl(n, ty) for n, ty in sorted(self.maps.items())]

    # ------------------------------------------------------------------ layouts
    def layout(self, t: CType, loc: Loc, limit: int = 4096) -> Layout:
        """Scalar leaves of t with their offsets (arrays of unknown length: one element)."""
        out: list[tuple[int, str]] = []
        stack: list[tuple[CType, int]] = [(t, 0)]
        while stack:
            ty, off = stack.pop()
            if isinstance(ty, (IntT, PtrT)):
                out.append((off, self.value_class(ty)))
            elif isinstance(ty, ArrayT):
                # (of variable length or variably sized elements: one element, too)
                n = ty.length if ty.length is not None and not is_variable(ty.elem) else 1
                size = self.types.sizeof(ty.elem, loc) if n > 1 else 0
                if n * len(self.layout(ty.elem, loc)) > limit:
                    n = max(1, limit // max(1, len(self.layout(ty.elem, loc))))
                for i in reversed(range(n)):
                    stack.append((ty.elem, off + i * size))
            elif isinstance(ty, StructT):
                info = self.types.structs.get(ty.key)
                if info is None or not info.complete:
                    continue
                for f in reversed(info.fields):
                    stack.append((f.type, off + f.offset))
            elif isinstance(ty, FloatT):
                out.append((off, self.value_class(ty)))
        return tuple(sorted(out))

    def leaves(self, t: CType, loc: Loc, members_only: bool = False
               ) -> list[tuple[int, CType, str | None]]:
        """Scalar leaves (offset, type, field map or None) of an object type, for copies
        and initialisation; arrays must have a known length.  `members_only`: a struct
        assignment or initialisation, which leaves a flexible array member alone (C11
        6.7.2.1p18); otherwise (a block copy or fill of the object's bytes) such a member
        is unsupported, as any array of unknown length."""
        out: list[tuple[int, CType, str | None]] = []
        stack: list[tuple[CType, int, str | None]] = [(t, 0, None)]
        while stack:
            ty, off, fmap = stack.pop()
            if isinstance(ty, (IntT, PtrT)):
                out.append((off, ty, fmap))
            elif isinstance(ty, ArrayT):
                if ty.length is None:
                    raise error("unsupported", loc,
                                "unsupported C construct: copy of an array of unknown length")
                size = self.types.sizeof(ty.elem, loc)
                for i in reversed(range(ty.length)):
                    stack.append((ty.elem, off + i * size, None))
            elif isinstance(ty, StructT):
                info = self.types.structs.get(ty.key)
                if info is None or not info.complete:
                    raise error("unsupported", loc,
                                f"unsupported C construct: use of incomplete type {ty}")
                for f in reversed(info.fields):
                    if members_only and isinstance(f.type, ArrayT) and f.type.length is None:
                        continue    # a flexible array member
                    stack.append((f.type, off + f.offset, self.field_map(ty, f.name, f.type)))
            elif isinstance(ty, FloatT):
                if ty.bits is None:
                    raise error("unsupported", loc, f"unsupported C construct: {ty}")
                out.append((off, ty, fmap))
            if len(out) > 100000:
                raise error("unsupported", loc,
                            f"unsupported C construct: object of type {t} too large to copy")
        out.sort(key=lambda x: x[0])
        return out

    # ------------------------------------------------------------------ type safety
    def note_conversion(self, src: CType, dst: CType, loc: Loc,
                        expr: Expr | None = None) -> None:
        """Record a pointer conversion src* -> dst* (VoidT for void*, integers, untyped);
        `expr`: the converted pointer (its points-to class, frontend/c/points_to.py)."""
        if src == dst:
            return
        at = (self.current_proc, expr) if expr is not None else None
        self.conversions.append(Conversion(src, dst, loc, at))

    def note_union(self, t: StructT, loc: Loc, base: Expr | None = None,
                   member: CType | None = None) -> None:
        """Record an access to member `member` (its type; None: any member) of union t
        (`base`: the union's address).  Every read or write of a union through one of
        its members is noted (member access, `&u.m`, a designated initialiser): the
        type-safety check compares the layouts of the members a program uses."""
        self.unions.append((t, loc, member))
        self.union_uses.append((t, loc, (self.current_proc, base) if base is not None
                                else None, member))

    def _compatible(self, a: CType, b: CType, loc: Loc) -> bool:
        if a == b or isinstance(a, (VoidT, FuncT)) or isinstance(b, (VoidT, FuncT)):
            return True
        la, lb = self.layout(a, loc, 256), self.layout(b, loc, 256)
        if not la or not lb:
            return True       # incomplete types: no access through them
        if la[:len(lb)] == lb or lb[:len(la)] == la:
            return True
        ka, kb = {k for _, k in la}, {k for _, k in lb}
        return len(ka) == 1 and ka == kb

    def structs_in(self, t: CType) -> set[str]:
        """Keys of the structs/unions t is or contains (through arrays and members)."""
        out: set[str] = set()
        stack = [t]
        while stack:
            ty = stack.pop()
            if isinstance(ty, ArrayT):
                stack.append(ty.elem)
            elif isinstance(ty, StructT) and ty.key not in out:
                out.add(ty.key)
                info = self.types.structs.get(ty.key)
                if info is not None:
                    stack.extend(f.type for f in info.fields)
        return out

    def validate(self, by_class: bool = False) -> None:
        """Raise `SplitRetry` when a struct whose fields were split takes part in a pointer
        conversion or union (translate again without splitting it), and `unsupported` when
        the type-split heap could be unsound for this program (`by_class`: the check was
        made per points-to class, frontend/c/points_to.py)."""
        if self.byte_level:
            return
        involved: set[str] = set()
        for c in self.conversions:
            involved |= self.structs_in(c.src) | self.structs_in(c.dst)
        for t, _, _ in self.unions:
            involved |= self.structs_in(t)
        involved -= set(self.unsplit)
        if involved and any(m.count(".") >= 2 for m in self.maps):
            raise SplitRetry(frozenset(involved))
        why = None if by_class else self.unsafe(self.conversions, self.unions)
        if why is not None:
            raise why

    def unsafe(self, conversions: list[Conversion],
               unions: list[tuple[StructT, Loc, CType | None]],
               accessed: frozenset[str] | None = None) -> BoogieError | None:
        """Why the type-split heap could be unsound for memory seen through these
        conversions and union accesses (an `unsupported` error), or None.

        `accessed`: the value classes (`value_class`) at which the memory in question is
        ever read or written (frontend/c/points_to.py, per points-to class), or None (not
        known: any).  A view -- a type some pointer to this memory has, or a union member
        -- none of whose scalar leaves has an accessed value class is *dead*: no access
        is ever made through it (every access through a T* reads or writes a leaf of T at
        that leaf's value class), so it cannot make one cell visible at two classes and is
        left out (a driver model's `char *tmp = malloc(sizeof(MDL)); return (void *)tmp;`
        never reads a char).  Union members are those the program uses (`note_union`;
        None: every member); a union copied or zero-filled whole writes every member's
        cells, each in its own map, so no cell is read at a class it was not written at."""
        def live(t: CType, loc: Loc) -> bool:
            return accessed is None or isinstance(t, (VoidT, FuncT)) or \
                any(k in accessed for _, k in self.layout(t, loc, 256))

        members: dict[str, tuple[Loc, set]] = {}
        for t, loc, m in unions:
            info = self.types.structs.get(t.key)
            if info is None:
                continue
            used = members.setdefault(t.key, (loc, set()))[1]
            for mt in ([f.type for f in info.fields] if m is None else [m]):
                if live(mt, loc):
                    used.add(self.layout(mt, loc, 256))
        for key, (loc, layouts) in members.items():
            base = max(layouts, key=len) if layouts else ()
            for lay in layouts:
                if base[:len(lay)] != lay:
                    return error("unsupported", loc, f"unsupported C construct: "
                                 f"{StructT(key, True)} whose members overlap at different "
                                 "types (needs byte-level memory)")
        through_void: list[Conversion] = []
        for c in conversions:
            if isinstance(c.src, VoidT) or isinstance(c.dst, VoidT):
                through_void.append(c)
            elif live(c.src, c.loc) and live(c.dst, c.loc) and \
                    not self._compatible(c.src, c.dst, c.loc):
                return error("unsupported", c.loc, f"unsupported C construct: type-unsafe "
                             f"pointer cast from {c.src}* to {c.dst}* (needs byte-level memory)")
        # A cell of an object of type A is read at type B through void* only if some
        # pointer is converted from void* (or an integer) to B*: a pair of types needs
        # checking when one of them is such a destination.  Pointers that only go INTO
        # void* (passed to a `void *` parameter of a model that never looks through it,
        # e.g. ExFreePool or KeWaitForSingleObject) are never viewed at another type.
        seen: dict[CType, Loc] = {}
        viewed: set[CType] = set()
        for c in through_void:
            t = c.dst if isinstance(c.src, VoidT) else c.src
            if not isinstance(t, VoidT) and live(t, c.loc):
                seen.setdefault(t, c.loc)
                if isinstance(c.src, VoidT):
                    viewed.add(t)
        typed = list(seen.items())
        for i, (a, _) in enumerate(typed):
            for b, loc in typed[i + 1:]:
                if (a in viewed or b in viewed) and not self._compatible(a, b, loc):
                    return error("unsupported", loc, "unsupported C construct: memory viewed "
                                f"as both {a} and {b} through void* or integer casts "
                                "(needs byte-level memory)")
        return None
