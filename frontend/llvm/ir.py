"""The LLVM IR data model of the LLVM front end: frozen copies of what llvmlite reads.

Role: `reader.py` (the only module importing llvmlite) turns a module into these values; every
other module of the front end works on them only.  The model is the subset of LLVM IR that
clang emits at -O0: first-class types, constants (including constant expressions and
aggregate initializers), globals, functions of basic blocks of instructions, and the
`!dbg` source location of each instruction.

An instruction keeps its opcode and the details its opcode needs (predicate, flags, the
auxiliary type of alloca/load/getelementptr, branch targets, switch cases, phi incomings,
the callee); operands are `Value`s.  Local values are named as in the textual IR without the
`%` sigil (`x`, `0`, `call1`); globals and functions likewise without `@`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from boogie.ast import Loc, NO_LOC


# ----------------------------------------------------------------------------- types

class Ty:
    __slots__ = ()


@dataclass(frozen=True, slots=True)
class IntTy(Ty):
    bits: int

    def __str__(self) -> str:
        return f"i{self.bits}"


@dataclass(frozen=True, slots=True)
class PtrTy(Ty):
    addrspace: int = 0

    def __str__(self) -> str:
        return "ptr"


@dataclass(frozen=True, slots=True)
class FloatTy(Ty):
    kind: str            # half, bfloat, float, double, x86_fp80, fp128, ppc_fp128

    def __str__(self) -> str:
        return self.kind


@dataclass(frozen=True, slots=True)
class VoidTy(Ty):
    def __str__(self) -> str:
        return "void"


@dataclass(frozen=True, slots=True)
class LabelTy(Ty):
    def __str__(self) -> str:
        return "label"


@dataclass(frozen=True, slots=True)
class MetadataTy(Ty):
    def __str__(self) -> str:
        return "metadata"


@dataclass(frozen=True, slots=True)
class ArrayTy(Ty):
    count: int
    elem: Ty

    def __str__(self) -> str:
        return f"[{self.count} x {self.elem}]"


@dataclass(frozen=True, slots=True)
class VectorTy(Ty):
    count: int
    elem: Ty

    def __str__(self) -> str:
        return f"<{self.count} x {self.elem}>"


@dataclass(frozen=True, slots=True)
class StructTy(Ty):
    """A literal struct (`name` None) or a named one (`%struct.S`); `fields` None is opaque."""
    name: str | None
    fields: tuple[Ty, ...] | None
    packed: bool = False

    def __str__(self) -> str:
        if self.name is not None:
            return f"%{self.name}"
        inner = ", ".join(map(str, self.fields or ()))
        return f"<{{ {inner} }}>" if self.packed else f"{{ {inner} }}"


@dataclass(frozen=True, slots=True)
class FuncTy(Ty):
    ret: Ty
    params: tuple[Ty, ...]
    vararg: bool = False

    def __str__(self) -> str:
        ps = [str(p) for p in self.params] + (["..."] if self.vararg else [])
        return f"{self.ret} ({', '.join(ps)})"


def as_int(t: Ty) -> Ty:
    """A `float` / `double` as the integer of its width (how memory holds it: its IEEE
    pattern, frontend/floatenc.py); any other type unchanged."""
    if isinstance(t, FloatTy) and t.kind in ("float", "double"):
        return IntTy(32 if t.kind == "float" else 64)
    return t


I1 = IntTy(1)
PTR = PtrTy()
VOID = VoidTy()


# ----------------------------------------------------------------------------- values

class Value:
    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Local(Value):
    """`%name`: an argument or an instruction result."""
    name: str
    ty: Ty


@dataclass(frozen=True, slots=True)
class GlobalRef(Value):
    """`@name`: the address of a global variable or function (type `ptr`)."""
    name: str
    ty: Ty = PTR


@dataclass(frozen=True, slots=True)
class ConstInt(Value):
    """An integer constant; `value` is the unsigned bit pattern in [0, 2**bits)."""
    ty: IntTy
    value: int

    @property
    def signed(self) -> int:
        b = self.ty.bits
        return self.value - (1 << b) if self.value >= 1 << (b - 1) else self.value


@dataclass(frozen=True, slots=True)
class ConstFloat(Value):
    ty: Ty
    text: str


@dataclass(frozen=True, slots=True)
class NullPtr(Value):
    ty: Ty = PTR


@dataclass(frozen=True, slots=True)
class Undef(Value):
    """`undef` or `poison` (`poison` True): an arbitrary value of the type."""
    ty: Ty
    poison: bool = False


@dataclass(frozen=True, slots=True)
class ZeroInit(Value):
    ty: Ty


@dataclass(frozen=True, slots=True)
class Aggregate(Value):
    """A constant array/struct/vector; a `c"..."` string is an array of i8 constants."""
    ty: Ty
    elems: tuple[Value, ...]


@dataclass(frozen=True, slots=True)
class ConstExpr(Value):
    """A constant expression: `getelementptr` (aux = source element type, flags incl.
    "inbounds"), a cast (aux None), a binary operation, `icmp` (pred)."""
    op: str
    ty: Ty
    operands: tuple[Value, ...]
    aux: Ty | None = None
    pred: str = ""
    flags: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class MetadataValue(Value):
    """A metadata operand (of `llvm.dbg.*` calls and the like); kept as text."""
    text: str
    ty: Ty = MetadataTy()


@dataclass(frozen=True, slots=True)
class InlineAsm(Value):
    """The callee of an inline asm call: its template and constraint string (unquoted);
    frontend/llvm/inline_asm.py models it."""
    template: str
    constraints: str
    ty: Ty = PTR


# ----------------------------------------------------------------------------- code

@dataclass(frozen=True, slots=True)
class Instr:
    """One instruction.  `name` is the result's name (None for no result); `ty` the result
    type.  Opcode-specific fields:
      pred      icmp/fcmp predicate (`slt`, `eq`, ...)
      flags     `nsw`, `nuw`, `exact`, `inbounds`, `volatile`, `disjoint`, `nneg`, `tail`...
      aux       alloca: allocated type; load/store: value type; getelementptr: source
                element type; call: the function type
      labels    br: targets (then, else) or (dest,); switch: default
      cases     switch: (value, label) pairs
      incoming  phi: (value, predecessor label) pairs
      indices   extractvalue/insertvalue constant indices
      byval     call: per argument, the type of its `byval(<ty>)` attribute or None
                (empty when no argument has one)
    """
    opcode: str
    name: str | None
    ty: Ty
    operands: tuple[Value, ...] = ()
    pred: str = ""
    flags: tuple[str, ...] = ()
    aux: Ty | None = None
    labels: tuple[str, ...] = ()
    cases: tuple[tuple[int, str], ...] = ()
    incoming: tuple[tuple[Value, str], ...] = ()
    indices: tuple[int, ...] = ()
    byval: tuple[Ty | None, ...] = ()
    loc: Loc = field(default=NO_LOC, compare=False)
    text: str = field(default="", compare=False, repr=False)
    # its line in the user's own IR file, for diagnostics when `loc` is none (no debug
    # location): not a source location of the program, so no command carries it
    at: Loc = field(default=NO_LOC, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class BasicBlock:
    label: str
    instrs: tuple[Instr, ...]


@dataclass(frozen=True, slots=True)
class Param:
    """A formal parameter.  `byval`: the type of its `byval(<ty>)` attribute, or None.  A
    byval parameter is a pointer to the callee's OWN copy of a `byval`-sized object (the
    caller's object is copied on the call: writes through it never reach the caller)."""
    name: str
    ty: Ty
    byval: Ty | None = None


# ----------------------------------------------------------------------------- debug info

@dataclass(frozen=True, slots=True)
class DIType:
    """A `!DI*Type` node (clang -g), as much as traces need to name C places and read C
    values.  kind: "basic" (name, size in bits, encoding: DW_ATE_signed, ...), "pointer"
    (base), "struct" / "union" (members: refs of "member" nodes), "member" (name, base,
    offset in bits, bitfield), "array" (base, count of the first dimension, -1 unknown),
    "enum" (size), "typedef" / "const" / "volatile" / ... (base), "subroutine"
    (members: return type then parameter types, "" for void), "other"."""
    kind: str
    name: str = ""
    size: int = 0
    encoding: str = ""
    base: str = ""                           # ref of the base type, "" for void
    members: tuple[str, ...] = ()
    offset: int = 0
    count: int = -1
    bitfield: bool = False


@dataclass(frozen=True, slots=True)
class DIVar:
    """A `!DILocalVariable` / `!DIGlobalVariable`: its C name, parameter position (0: not a
    parameter) and type ref."""
    name: str
    type: str
    arg: int = 0


@dataclass(frozen=True, slots=True)
class DebugInfo:
    """The module's debug information: types by ref, the C variables of globals (by LLVM
    name), and each defined function's subprogram type (by LLVM name)."""
    types: dict[str, DIType] = field(default_factory=dict)
    globals: dict[str, DIVar] = field(default_factory=dict)
    subprograms: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Function:
    name: str
    ty: FuncTy
    params: tuple[Param, ...]
    blocks: tuple[BasicBlock, ...]          # empty for a declaration
    loc: Loc = field(default=NO_LOC, compare=False)
    # `#dbg_declare` / `#dbg_value` records (or llvm.dbg.* calls): local value -> C variable
    dbg_vars: tuple[tuple[str, DIVar], ...] = field(default=(), compare=False)

    @property
    def is_declaration(self) -> bool:
        return not self.blocks


@dataclass(frozen=True, slots=True)
class Global:
    name: str
    ty: Ty                                   # the value type (what the address points to)
    init: Value | None                       # None: external declaration
    constant: bool = False
    align: int = 0
    loc: Loc = field(default=NO_LOC, compare=False)
    local: bool = False                      # private/internal linkage (C `static`): no
    #                                          code outside the module can name it


@dataclass(frozen=True, slots=True)
class Module:
    source_file: str
    triple: str
    data_layout: str
    structs: dict[str, StructTy]
    globals: tuple[Global, ...]
    functions: tuple[Function, ...]
    debug: DebugInfo = field(default_factory=DebugInfo, compare=False)

    def function(self, name: str) -> Function | None:
        for f in self.functions:
            if f.name == name:
                return f
        return None

