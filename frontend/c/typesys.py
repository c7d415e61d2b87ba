"""C types and their layout under a data model (ILP32 or LP64).

Role: the front end's model of C types: integer kinds with their width and signedness,
pointers, arrays, structs/unions (fields laid out with C alignment rules), functions, and
the conversions of C11 6.3.1 (integer promotions, usual arithmetic conversions).
Inputs: pycparser type nodes (read by class name; pycparser is imported only in parse.py).
Outputs: `CType` values, sizes and field offsets in bytes.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from boogie.ast import Loc
from boogie.errors import error

from .layout_attrs import MemberLayout, StructLayout


class CType:
    __slots__ = ()


@dataclass(frozen=True, slots=True)
class VoidT(CType):
    def __str__(self):
        return "void"


@dataclass(frozen=True, slots=True)
class IntT(CType):
    """An integer type; `name` is its canonical C spelling."""
    name: str
    bits: int
    signed: bool

    def __str__(self):
        return self.name

    @property
    def min(self) -> int:
        return -(1 << (self.bits - 1)) if self.signed else 0

    @property
    def max(self) -> int:
        return (1 << (self.bits - 1)) - 1 if self.signed else (1 << self.bits) - 1


@dataclass(frozen=True, slots=True)
class FloatT(CType):
    """A floating-point type: `float` (binary32) and `double` (binary64) are modelled
    (frontend/floatenc.py); `long double` (x86's 80-bit format), `__float128` and `__fp16`
    are sized and laid out, and any value of them is unsupported (frontend/c/floats.py)."""
    name: str

    @property
    def bits(self) -> int | None:
        """32 or 64 for the modelled formats, else None."""
        return {"float": 32, "double": 64}.get(self.name)

    def __str__(self):
        return self.name


@dataclass(frozen=True, slots=True)
class PtrT(CType):
    target: CType

    def __str__(self):
        return f"{self.target}*"


@dataclass(frozen=True, slots=True)
class ArrayT(CType):
    """An array type.  `length` None: unknown or variable length; a variable-length array
    type (C11 6.7.6.2p4) whose size expression was evaluated also names `dim`, the hidden
    local of the function that holds its length (a size_t value) from where the
    declarator, type name or typedef was reached (frontend/c/vla.py).  `dim` is not part
    of the type's identity: `int[n]` and `int[m]` are compatible types (C11 6.7.6.2p6)."""
    elem: CType
    length: int | None          # None: unknown / variable length
    dim: str | None = field(default=None, compare=False)

    def __str__(self):
        return f"{self.elem}[{'' if self.length is None else self.length}]"


@dataclass(frozen=True, slots=True)
class StructT(CType):
    """A struct or union, by its unique key; members live in the TypeTable."""
    key: str                    # unique per definition, e.g. "struct S" or "union U#2"
    is_union: bool = False

    def __str__(self):
        return self.key


@dataclass(frozen=True, slots=True)
class FuncT(CType):
    ret: CType
    params: tuple[CType, ...]
    variadic: bool = False
    has_proto: bool = True

    def __str__(self):
        return f"{self.ret}({', '.join(map(str, self.params))}{', ...' if self.variadic else ''})"


VOID = VoidT()


@dataclass(frozen=True, slots=True)
class Field:
    name: str
    type: CType
    offset: int
    bitfield: int | None = None


@dataclass(frozen=True, slots=True)
class BitField:
    """A bit-field: `width` bits at bit `bit` of the storage unit at byte `unit_offset`;
    the unit is a hidden member of the unsigned twin of the declared type."""
    name: str
    type: IntT            # the declared type (its signedness decides sign extension)
    unit_offset: int
    unit_type: IntT
    bit: int
    width: int


@dataclass(slots=True)
class StructInfo:
    key: str
    is_union: bool
    fields: list[Field] = field(default_factory=list)
    bitfields: dict[str, BitField] = field(default_factory=dict)
    members: list[str] = field(default_factory=list)   # declared named members, in order
    size: int = 0
    align: int = 1
    complete: bool = False

    def field(self, name: str) -> Field | None:
        for f in self.fields:
            if f.name == name:
                return f
        return None


class DataModel:
    """Integer widths and pointer size of ILP32 (`-m32`) or LP64 (`-m64`)."""

    def __init__(self, name: str):
        assert name in ("ILP32", "LP64"), name
        self.name = name
        long_bits = 32 if name == "ILP32" else 64
        self.ptr_bits = long_bits
        mk = IntT
        self.ints = {
            "_Bool": mk("_Bool", 8, False),
            "char": mk("char", 8, True),
            "signed char": mk("signed char", 8, True),
            "unsigned char": mk("unsigned char", 8, False),
            "short": mk("short", 16, True),
            "unsigned short": mk("unsigned short", 16, False),
            "int": mk("int", 32, True),
            "unsigned int": mk("unsigned int", 32, False),
            "long": mk("long", long_bits, True),
            "unsigned long": mk("unsigned long", long_bits, False),
            "long long": mk("long long", 64, True),
            "unsigned long long": mk("unsigned long long", 64, False),
            "__int128": mk("__int128", 128, True),
            "unsigned __int128": mk("unsigned __int128", 128, False),
        }
        self.BOOL = self.ints["_Bool"]
        self.CHAR = self.ints["char"]
        self.INT = self.ints["int"]
        self.UINT = self.ints["unsigned int"]
        self.LONG = self.ints["long"]
        self.ULONG = self.ints["unsigned long"]
        self.SIZE_T = self.ULONG if name == "LP64" else self.UINT
        self.PTRDIFF_T = self.LONG if name == "LP64" else self.INT
        # An integer type that holds a pointer value exactly (for pointer <-> int casts).
        self.UINTPTR = self.ULONG

    def unsigned_twin(self, t: IntT) -> IntT:
        if not t.signed:
            return t
        if t.name in ("char", "signed char"):
            return self.ints["unsigned char"]
        return self.ints["unsigned " + t.name]

    def rank(self, t: IntT) -> int:
        base = t.name.replace("unsigned ", "").replace("signed ", "")
        return {"_Bool": 0, "char": 1, "short": 2, "int": 3, "long": 4, "long long": 5,
                "__int128": 6}[base]

    def promote(self, t: IntT) -> IntT:
        """C11 6.3.1.1: integer promotion."""
        if self.rank(t) < self.rank(self.INT):
            return self.INT
        return t

    def usual(self, a: IntT, b: IntT) -> IntT:
        """C11 6.3.1.8: the common type of two (promoted) integer operands."""
        a, b = self.promote(a), self.promote(b)
        if a == b:
            return a
        if a.signed == b.signed:
            return a if self.rank(a) >= self.rank(b) else b
        u, s = (a, b) if not a.signed else (b, a)
        if self.rank(u) >= self.rank(s):
            return u
        if s.bits > u.bits:
            return s
        return self.ints["unsigned " + s.name]


def unsupported(loc: Loc, what: str):
    return error("unsupported", loc, f"unsupported C construct: {what}")


class TypeTable:
    """Struct/union definitions and type layout (sizes, alignments, offsets), by gcc's
    rules (i386 System V for ILP32, x86-64 for LP64; `align_double`: 8-byte scalars are
    8-aligned in ILP32 too, gcc's -malign-double, the Microsoft dialect's layout)."""

    def __init__(self, dm: DataModel, align_double: bool = False,
                 long_double_is_double: bool = False):
        self.dm = dm
        self.align_double = align_double
        # Microsoft C: `long double` is `double` (MSVC's data model); elsewhere x86's
        # 80-bit extended format, which is not modelled
        self.long_double_is_double = long_double_is_double
        self.structs: dict[str, StructInfo] = {}
        # no object may be larger than PTRDIFF_MAX bytes (gcc rejects such types)
        self.max_object_size = (1 << (dm.ptr_bits - 1)) - 1

    def sizeof(self, t: CType, loc: Loc) -> int:
        if isinstance(t, IntT):
            return t.bits // 8
        if isinstance(t, PtrT):
            return self.dm.ptr_bits // 8
        if isinstance(t, ArrayT):
            if t.length is None:
                what = "variable" if t.dim is not None else "unknown or variable"
                raise unsupported(loc, f"size of an array of {what} length ({t}) here")
            size = t.length * self.sizeof(t.elem, loc)
            if size > self.max_object_size:     # gcc: an error, as the object cannot exist
                raise error("type", loc, "size of array is too large")
            return size
        if isinstance(t, StructT):
            info = self.structs.get(t.key)
            if info is None or not info.complete:
                raise unsupported(loc, f"sizeof of incomplete type {t}")
            return info.size
        if isinstance(t, FloatT):
            if t.name == "long double":
                return 16 if self.dm.name == "LP64" else 12
            return {"float": 4, "double": 8, "__fp16": 2}.get(t.name, 16)
        if isinstance(t, (VoidT, FuncT)):
            return 1           # GNU: sizeof(void) == 1, arithmetic on void* is bytewise
        raise AssertionError(f"sizeof: {t!r}")

    def alignof(self, t: CType, loc: Loc) -> int:
        small = self.dm.name == "ILP32" and not self.align_double
        if isinstance(t, IntT):
            size = t.bits // 8
            # i386 System V: 8-byte scalars are 4-aligned inside structs
            return min(size, 4) if small else size
        if isinstance(t, PtrT):
            return self.dm.ptr_bits // 8
        if isinstance(t, ArrayT):
            return self.alignof(t.elem, loc)
        if isinstance(t, StructT):
            info = self.structs.get(t.key)
            return info.align if info and info.complete else 1
        if isinstance(t, FloatT):
            return min(self.sizeof(t, loc), 4 if small else 16)
        return 1

    def float_type(self, words: list[str]) -> "FloatT":
        """The floating type of a list of specifiers (`long double`; parse.py spells
        `__float128` `long long double` and `__fp16` `short float`)."""
        longs = words.count("long")
        if "short" in words:
            return FloatT("__fp16")
        if "double" not in words:
            return FloatT("float")
        if longs >= 2:
            return FloatT("__float128")
        if longs == 1:
            return FloatT("double" if self.long_double_is_double else "long double")
        return FloatT("double")

    def member(self, st: StructT, name: str, loc: Loc) -> tuple[int, CType] | None:
        """Offset and type of member `name` of `st` (found through anonymous members too),
        None when there is none; a bit-field is unsupported here (offsetof)."""
        info = self.structs.get(st.key)
        if info is None or not info.complete:
            raise error("type", loc, f"member access in incomplete {st}")
        if name in info.bitfields:
            raise error("type", loc, f"offsetof of bit-field '{name}'")
        f = info.field(name)
        if f is not None:
            return f.offset, f.type
        for g in info.fields:
            if g.name.startswith("$anon") and isinstance(g.type, StructT):
                inner = self.member(g.type, name, loc)
                if inner is not None:
                    return g.offset + inner[0], inner[1]
        return None

    def member_align(self, t: CType, ml: MemberLayout, sl: StructLayout, loc: Loc) -> int:
        """A member's alignment in its struct (gcc): its type's, 1 when packed, raised by
        its own `aligned(n)`, capped by the `#pragma pack` in effect."""
        a = self.alignof(t, loc)
        if ml.packed or sl.packed:
            a = 1
        if ml.aligned:
            a = max(a, ml.aligned)
        if ml.pack:
            a = min(a, ml.pack)
        return a

    def _mixed_run(self, members, i: int, layout: StructLayout, loc: Loc, off: int) -> list:
        """The run of non-zero-width bit-fields starting at members[i] when their declared
        types differ in width (CIL declares each with its smallest type: the kernel's
        `struct held_lock`) or when the run starts at an offset `off` not aligned for its
        type (`u8 a; unsigned int b : 1;`: gcc puts b in a's unit, at bit 8), else [] (one
        width, aligned: `define`'s units)."""
        run = []
        for member in members[i:]:
            if not member[2]:
                break
            run.append(member)
        if self._packed_run(run, layout, loc):
            return run
        units = {self._unit_type(m[1], m[0], loc) for m in run}
        if len({u.bits for u in units}) < 2 and \
                all(off % self.alignof(u, loc) == 0 for u in units) and \
                not self._tail_shared(members, i + len(run), run, layout, loc):
            return []
        for m in run:
            ml = m[3] if len(m) > 3 else MemberLayout()
            ut = self._unit_type(m[1], m[0], loc)
            if self.member_align(ut, ml, layout, loc) != self.alignof(ut, loc):
                raise unsupported(loc, f"bit-field '{m[0]}' of a packed layout")
        return run

    def _packed_run(self, run, layout: StructLayout, loc: Loc) -> bool:
        """Whether a run of bit-fields is packed (`__attribute__((packed))` on the struct or
        on each of them): gcc then places each at the very next bit, across byte and unit
        boundaries (`_lay_mixed` with `packed`).  A run packed only in part, or by a
        `#pragma pack`, is not."""
        for m in run:
            ml = m[3] if len(m) > 3 else MemberLayout()
            if not (ml.packed or layout.packed) or ml.aligned or ml.pack:
                return False
        return True

    def _tail_shared(self, members, nxt: int, run, layout: StructLayout, loc: Loc) -> bool:
        """Whether gcc puts members[nxt], the member after a one-width run of bit-fields,
        into the run's last storage unit (`unsigned int f : 1; u8 g;` puts g at byte 1):
        the run fits in one unit and the member's alignment leaves it room there."""
        if nxt >= len(members) or members[nxt][2] is not None:
            return False
        ut = self._unit_type(run[0][1], run[0][0], loc)
        used = sum(m[2] for m in run)
        if used > ut.bits:
            return False
        t = members[nxt][1]
        if isinstance(t, ArrayT) and t.length is None:
            t = t.elem
        ml = members[nxt][3] if len(members[nxt]) > 3 else MemberLayout()
        if isinstance(t, (FuncT, VoidT)) or (isinstance(t, StructT) and not self.structs.get(
                t.key, StructInfo(t.key, False)).complete):
            return False
        a = self.member_align(t, ml, layout, loc)
        return _round_up((used + 7) // 8, a) < ut.bits // 8

    def _unit_type(self, t: CType, name, loc: Loc) -> IntT:
        if not isinstance(t, IntT):
            raise unsupported(loc, f"bit-field '{name}' of type {t}")
        return self.dm.unsigned_twin(t) if t.name != "_Bool" else self.dm.ints["unsigned char"]

    def _lay_mixed(self, info: StructInfo, run, off: int, loc: Loc, packed: bool = False
                   ) -> tuple[int, int, tuple[int, int]]:
        """Place a run of bit-fields of different widths by gcc's rule (System V: a
        bit-field goes at the next free bit unless it would cross a boundary of its
        declared type's alignment; then at that boundary; `packed`: always at the next
        free bit, alignment 1) and store the run in ONE unit: the unsigned type of the
        run's bytes rounded up to 1, 2, 4 or 8 (`define` checks that the bytes it adds are
        padding).  Returns (the offset after the run, the alignment it asks of the struct,
        the unit's byte span)."""
        bitpos, align, placed = off * 8, 1, []
        for m in run:
            name, t, bits = m[:3]
            ut = self._unit_type(t, name, loc)
            if bits > ut.bits:
                raise error("type", loc, f"bit-field '{name}' wider than its type")
            a = self.alignof(ut, loc)
            if not packed and bitpos // (8 * a) != (bitpos + bits - 1) // (8 * a):
                bitpos = _round_up(bitpos, 8 * a)
            placed.append((name, t, bitpos, bits))
            bitpos += bits
            if not packed:
                align = max(align, a)
        first, end = placed[0][2] // 8, (bitpos + 7) // 8
        width = next((w for w in (1, 2, 4, 8) if w >= end - first), None)
        if width is None:
            raise unsupported(loc, f"bit-fields of different widths in {info.key} spanning "
                              f"{end - first} bytes")
        ut = self.dm.ints[_UNITS[width]]
        info.fields.append(Field(f"$bits{len(info.fields)}", ut, first))
        for name, t, pos, bits in placed:
            if name is not None:
                info.bitfields[name] = BitField(name, t, first, ut, pos - first * 8, bits)
                info.members.append(name)
        return end, align, (first, end, first + width)

    def define(self, key: str, is_union: bool,
               members: list[tuple[str, CType, int | None] |
                             tuple[str, CType, int | None, MemberLayout]],
               loc: Loc, layout: StructLayout = StructLayout()) -> StructInfo:
        """Lay out a struct/union from (name, type, bit-field width[, MemberLayout])
        members and the type's own attributes (frontend/c/layout_attrs.py)."""
        info = self.structs.setdefault(key, StructInfo(key, is_union))
        off, align, size = 0, 1, 0
        unit: tuple[int, IntT, int] | None = None      # (offset, unit type, next free bit)
        mixed: list[tuple[int, int, int]] = []          # mixed runs: unit, run's end, unit end
        i = 0
        while i < len(members):
            member = members[i]
            i += 1
            name, t, bits = member[:3]
            ml = member[3] if len(member) > 3 else MemberLayout()
            if bits and unit is None and not is_union:
                run = self._mixed_run(members, i - 1, layout, loc, off)
                if run:
                    off, a, span = self._lay_mixed(info, run, off, loc,
                                                   self._packed_run(run, layout, loc))
                    align = max(align, a)
                    mixed.append(span)
                    i += len(run) - 1
                    continue
            if bits is not None:
                # Bit-fields of one declared width share storage units of that width (a
                # simplification of gcc's packing: units never straddle other members, so
                # sizeof may exceed gcc's when small members precede a bit-field).
                if is_union or not isinstance(t, IntT):
                    raise unsupported(loc, f"bit-field '{name}' in {key}")
                ut = self.dm.unsigned_twin(t) if t.name != "_Bool" else self.dm.ints[
                    "unsigned char"]
                if unit is not None and unit[1].bits != ut.bits:
                    raise unsupported(loc, f"bit-fields of different widths in {key}")
                if bits == 0:
                    unit = None
                    continue
                if bits > ut.bits:
                    raise error("type", loc, f"bit-field '{name}' wider than its type")
                if self.member_align(ut, ml, layout, loc) != self.alignof(ut, loc):
                    # gcc packs such bit-fields bit by bit, across unit boundaries
                    raise unsupported(loc, f"bit-field '{name}' of a packed layout in {key}")
                if unit is None or unit[2] + bits > ut.bits:
                    a = self.alignof(ut, loc)
                    off = _round_up(off, a)
                    align = max(align, a)
                    info.fields.append(Field(f"$bits{len(info.fields)}", ut, off))
                    unit = (off, ut, 0)
                    off += ut.bits // 8
                if name is not None:
                    info.bitfields[name] = BitField(name, t, unit[0], ut, unit[2], bits)
                    info.members.append(name)
                unit = (unit[0], ut, unit[2] + bits)
                continue
            unit = None
            info.members.append(name)
            if isinstance(t, ArrayT) and t.length is None:
                # flexible array member: no size of its own
                a = self.member_align(t.elem, ml, layout, loc)
                off = _round_up(off, a) if not is_union else 0
                info.fields.append(Field(name, t, off))
                align = max(align, a)
                continue
            a, s = self.member_align(t, ml, layout, loc), self.sizeof(t, loc)
            align = max(align, a)
            if is_union:
                info.fields.append(Field(name, t, 0))
                size = max(size, s)
            else:
                off = _round_up(off, a)
                info.fields.append(Field(name, t, off))
                off += s
        if layout.aligned:
            align = max(align, layout.aligned)
        info.size = _round_up(size if is_union else off, align)
        if info.size > self.max_object_size:
            raise error("type", loc, f"type '{key}' is too large")
        for lo, end, hi in mixed:
            # A unit wider than its run covers padding, or members wholly in the bytes after
            # the run (`unsigned lineno:18; unsigned char flags;`: gcc puts flags at byte 3
            # of lineno's 4-byte unit).  Those bytes are never a bit-field's: a bit-field's
            # write reads the unit and writes its other bits back unchanged, so in byte-level
            # memory the member's byte keeps its value, and in typed memory the member and
            # the unit are separate maps whose unit bits there are never read.
            for f in info.fields:
                if isinstance(f.type, ArrayT) and f.type.length is None or f.offset == lo:
                    continue
                fs = self.sizeof(f.type, loc)
                if f.offset < hi and lo < f.offset + fs and not (
                        f.offset >= end and f.offset + fs <= hi):
                    raise unsupported(loc, f"bit-fields of different widths in {key} (their "
                                      "storage unit would overlap another member)")
            if hi > info.size:
                raise unsupported(loc, f"bit-fields of different widths in {key} (their "
                                  "storage unit would reach past the end of the struct)")
        info.align = align
        info.complete = True
        return info


_UNITS = {1: "unsigned char", 2: "unsigned short", 4: "unsigned int", 8: "unsigned long long"}


def _round_up(n: int, a: int) -> int:
    return (n + a - 1) // a * a


def is_variable(t: CType) -> bool:
    """Is the size of t only known at run time: an array of variable length (whose size
    expression was evaluated, frontend/c/vla.py) among its array dimensions?"""
    while isinstance(t, ArrayT):
        if t.length is None and t.dim is not None:
            return True
        t = t.elem
    return False


def is_scalar(t: CType) -> bool:
    return isinstance(t, (IntT, PtrT))


def decay(t: CType) -> CType:
    """Array-to-pointer and function-to-pointer conversion (C11 6.3.2.1)."""
    if isinstance(t, ArrayT):
        return PtrT(t.elem)
    if isinstance(t, FuncT):
        return PtrT(t)
    return t
