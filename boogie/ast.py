"""The Boogie abstract syntax tree: immutable, slotted dataclasses.

Role: the one data model every stage shares (parser, printer, type checker, passes, VC
generation, front ends).  Nodes are frozen; change them with `dataclasses.replace`.
Structured statements (`if`, `while`, `break`) exist only in the parser, which lowers them to
blocks, so a procedure body is always a list of basic blocks ending in `goto` or `return`.

Every node carries a source location `loc` (keyword-only, excluded from equality), so that a
program printed and re-parsed compares equal to the original.

Expressions cache their hash (they are used as dictionary keys by walkers and VC generation).
"""
from __future__ import annotations

import enum
from dataclasses import dataclass, field, fields
from fractions import Fraction
from typing import Union


# ----------------------------------------------------------------------------- locations

@dataclass(frozen=True, slots=True)
class Loc:
    """A position in a source file; line and column are 1-based, 0 means unknown."""
    file: str
    line: int
    col: int = 0

    def __str__(self) -> str:
        return f"{self.file or '<input>'}:{self.line}:{self.col}"


NO_LOC = Loc("", 0, 0)


def _loc() -> Loc:
    return field(default=NO_LOC, compare=False, repr=False, kw_only=True)


def _node(cls):
    """Frozen, slotted dataclass with a keyword-only, non-compared `loc`."""
    return dataclass(frozen=True, slots=True)(cls)


# ----------------------------------------------------------------------------- types

class Type:
    """Base of Boogie types. Types are values: they carry no location."""
    __slots__ = ()


@dataclass(frozen=True, slots=True)
class BoolType(Type):
    def __str__(self) -> str:
        return "bool"


@dataclass(frozen=True, slots=True)
class IntType(Type):
    def __str__(self) -> str:
        return "int"


@dataclass(frozen=True, slots=True)
class RealType(Type):
    def __str__(self) -> str:
        return "real"


@dataclass(frozen=True, slots=True)
class BvType(Type):
    width: int

    def __str__(self) -> str:
        return f"bv{self.width}"


@dataclass(frozen=True, slots=True)
class FloatType(Type):
    """Boogie's IEEE-754 binary floating-point type `float<sig>e<exp>` (SMT-LIB's
    `(_ FloatingPoint exp sig)`): `sig` significand bits including the hidden bit, `exp`
    exponent bits; `float24e8` is C's float, `float53e11` its double."""
    sig: int
    exp: int

    def __str__(self) -> str:
        return f"float{self.sig}e{self.exp}"


@dataclass(frozen=True, slots=True)
class RmodeType(Type):
    """Boogie's rounding-mode type `rmode` (values RNE, RNA, RTP, RTN, RTZ)."""
    def __str__(self) -> str:
        return "rmode"


@dataclass(frozen=True, slots=True)
class NamedType(Type):
    """A user type constructor (`type T;`, `type Field a;`), a synonym name, or a type
    variable bound by a polymorphic map/function/procedure; resolution is the type
    checker's job."""
    name: str
    args: tuple[Type, ...] = ()

    def __str__(self) -> str:
        if not self.args:
            return self.name
        return self.name + " " + " ".join(
            f"({a})" if isinstance(a, NamedType) and a.args else str(a) for a in self.args)


@dataclass(frozen=True, slots=True)
class MapType(Type):
    """`<a>[D1, D2]R` — type_params are the names bound by `<...>`."""
    domain: tuple[Type, ...]
    range: Type
    type_params: tuple[str, ...] = ()

    def __str__(self) -> str:
        tp = f"<{', '.join(self.type_params)}>" if self.type_params else ""
        return f"{tp}[{', '.join(map(str, self.domain))}]{self.range}"


BOOL = BoolType()
INT = IntType()
REAL = RealType()
RMODE = RmodeType()
FLOAT32 = FloatType(24, 8)
FLOAT64 = FloatType(53, 11)
# IEEE-754's rounding modes as Boogie (and SMT-LIB) spell them: to nearest, ties to even /
# away from zero; toward positive, toward negative, toward zero
ROUNDING_MODES = ("RNE", "RNA", "RTP", "RTN", "RTZ")


# ----------------------------------------------------------------------------- attributes

@_node
class Attr:
    """`{:name arg, ...}`; an argument is an expression or a string literal (`str`)."""
    name: str
    args: tuple[Union["Expr", str], ...] = ()
    loc: Loc = _loc()


Attrs = tuple[Attr, ...]


def attr(attrs: Attrs, name: str) -> Attr | None:
    """The first attribute called `name`, or None."""
    for a in attrs:
        if a.name == name:
            return a
    return None


# ----------------------------------------------------------------------------- expressions

class Op(enum.Enum):
    """Built-in operators. Values are unique keys; `SYMBOL` gives the concrete syntax."""
    NOT = "!"
    NEG = "neg"
    IFF = "<==>"
    IMP = "==>"
    EXPLIES = "<=="
    OR = "||"
    AND = "&&"
    EQ = "=="
    NEQ = "!="
    LT = "<"
    LE = "<="
    GT = ">"
    GE = ">="
    SUBTYPE = "<:"
    CONCAT = "++"
    ADD = "+"
    SUB = "-"
    MUL = "*"
    DIV = "div"
    MOD = "mod"
    RDIV = "/"
    POW = "**"

    @property
    def symbol(self) -> str:
        return "-" if self is Op.NEG else self.value

    @property
    def is_unary(self) -> bool:
        return self in (Op.NOT, Op.NEG)


class Expr:
    """Base of expressions. Subclasses are frozen slotted dataclasses; the hash is cached
    in the `_h` slot on first use."""
    __slots__ = ("_h",)

    def __hash__(self) -> int:
        try:
            return self._h
        except AttributeError:
            h = hash((type(self).__name__,) + tuple(
                getattr(self, f.name) for f in fields(self) if f.compare))
            object.__setattr__(self, "_h", h)
            return h


def _expr(cls):
    cls = dataclass(frozen=True, slots=True)(cls)
    cls.__hash__ = Expr.__hash__
    return cls


@_expr
class BoolLit(Expr):
    value: bool
    loc: Loc = _loc()


@_expr
class IntLit(Expr):
    value: int
    loc: Loc = _loc()


@_expr
class RealLit(Expr):
    value: Fraction
    loc: Loc = _loc()


@_expr
class BvLit(Expr):
    """`5bv32`: value in [0, 2**width)."""
    value: int
    width: int
    loc: Loc = _loc()


@_expr
class RmodeLit(Expr):
    """A rounding-mode constant (`RNE`, `RNA`, `RTP`, `RTN`, `RTZ`: ast.ROUNDING_MODES)."""
    value: str
    loc: Loc = _loc()


@_expr
class Var(Expr):
    """A reference to a variable, constant, or (in `call` outputs) a name."""
    name: str
    loc: Loc = _loc()


@_expr
class Old(Expr):
    expr: Expr
    loc: Loc = _loc()


@_expr
class App(Expr):
    """A built-in operator applied to its arguments (one for unary, two for binary)."""
    op: Op
    args: tuple[Expr, ...]
    loc: Loc = _loc()


@_expr
class FunCall(Expr):
    """Application of a declared `function`."""
    func: str
    args: tuple[Expr, ...]
    loc: Loc = _loc()


@_expr
class Extract(Expr):
    """Bitvector extract `e[hi:lo]` (hi exclusive, as in Boogie)."""
    expr: Expr
    hi: int
    lo: int
    loc: Loc = _loc()


@_expr
class MapSelect(Expr):
    map: Expr
    indices: tuple[Expr, ...]
    loc: Loc = _loc()


@_expr
class MapStore(Expr):
    """`m[i := v]`."""
    map: Expr
    indices: tuple[Expr, ...]
    value: Expr
    loc: Loc = _loc()


@_expr
class Ite(Expr):
    cond: Expr
    then: Expr
    else_: Expr
    loc: Loc = _loc()


class QuantKind(enum.Enum):
    FORALL = "forall"
    EXISTS = "exists"
    LAMBDA = "lambda"


@_expr
class Quant(Expr):
    """`(forall <a> x: T, ... :: {:attr} {trigger} body)`."""
    kind: QuantKind
    bound: tuple["VarDecl", ...]
    body: Expr
    type_params: tuple[str, ...] = ()
    triggers: tuple[tuple[Expr, ...], ...] = ()
    attrs: Attrs = ()
    loc: Loc = _loc()


@_expr
class CodeExpr(Expr):
    """`|{ var x: T; L: cmds; return e; }|` — blocks whose `return` carries the value."""
    locals: tuple["VarDecl", ...]
    blocks: tuple["Block", ...]
    loc: Loc = _loc()


# ----------------------------------------------------------------------------- commands

class Cmd:
    """Base of the closed command set."""
    __slots__ = ()


@_node
class Assign(Cmd):
    """Parallel assignment `a, m[i] := e1, e2`; a left side is a Var or a MapSelect chain
    rooted at a Var (map-update sugar)."""
    lhs: tuple[Expr, ...]
    rhs: tuple[Expr, ...]
    attrs: Attrs = ()
    loc: Loc = _loc()


@_node
class Assume(Cmd):
    expr: Expr
    attrs: Attrs = ()
    loc: Loc = _loc()


@_node
class Assert(Cmd):
    expr: Expr
    attrs: Attrs = ()
    loc: Loc = _loc()


@_node
class Havoc(Cmd):
    names: tuple[str, ...]
    attrs: Attrs = ()
    loc: Loc = _loc()


@_node
class Call(Cmd):
    """`call o1, o2 := P(a1, a2)`; `is_async` marks Corral's `async call` (concurrency)."""
    proc: str
    args: tuple[Expr, ...]
    outs: tuple[str, ...] = ()
    attrs: Attrs = ()
    is_async: bool = False
    loc: Loc = _loc()


@_node
class Yield(Cmd):
    """Corral's `yield` (concurrency); parsed so such files load, rejected by the verifier."""
    attrs: Attrs = ()
    loc: Loc = _loc()


# ----------------------------------------------------------------------------- blocks

class Transfer:
    __slots__ = ()


@_node
class Goto(Transfer):
    labels: tuple[str, ...]
    attrs: Attrs = ()
    loc: Loc = _loc()


@_node
class Return(Transfer):
    """Ends the procedure; inside a code expression `value` is the expression's result."""
    value: Expr | None = None
    attrs: Attrs = ()
    loc: Loc = _loc()


@_node
class Block:
    label: str
    cmds: tuple[Cmd, ...]
    transfer: Transfer
    loc: Loc = _loc()


@_node
class Body:
    locals: tuple["VarDecl", ...]
    blocks: tuple[Block, ...]
    loc: Loc = _loc()

    def block(self, label: str) -> Block:
        for b in self.blocks:
            if b.label == label:
                return b
        raise KeyError(label)


# ----------------------------------------------------------------------------- declarations

class Decl:
    __slots__ = ()


@_node
class VarDecl(Decl):
    """A global `var`, a local, a parameter, or a bound variable."""
    name: str
    type: Type
    where: Expr | None = None
    attrs: Attrs = ()
    loc: Loc = _loc()


@_node
class ConstDecl(Decl):
    name: str
    type: Type
    unique: bool = False
    attrs: Attrs = ()
    loc: Loc = _loc()


@_node
class TypeDecl(Decl):
    """`type T a b;` or the synonym `type T a = U;`."""
    name: str
    params: tuple[str, ...] = ()
    synonym: Type | None = None
    attrs: Attrs = ()
    loc: Loc = _loc()


@_node
class Formal:
    """A function argument or result; the name is optional in Boogie."""
    name: str | None
    type: Type
    loc: Loc = _loc()


@_node
class FunctionDecl(Decl):
    name: str
    params: tuple[Formal, ...]
    result: Formal
    body: Expr | None = None
    type_params: tuple[str, ...] = ()
    attrs: Attrs = ()
    loc: Loc = _loc()


@_node
class AxiomDecl(Decl):
    expr: Expr
    attrs: Attrs = ()
    loc: Loc = _loc()


@_node
class Requires:
    expr: Expr
    free: bool = False
    attrs: Attrs = ()
    loc: Loc = _loc()


@_node
class Ensures:
    expr: Expr
    free: bool = False
    attrs: Attrs = ()
    loc: Loc = _loc()


@_node
class ProcedureDecl(Decl):
    """A procedure signature with its contract, and optionally an inline body
    (`procedure P() { ... }`)."""
    name: str
    params: tuple[VarDecl, ...]
    returns: tuple[VarDecl, ...]
    requires: tuple[Requires, ...] = ()
    ensures: tuple[Ensures, ...] = ()
    modifies: tuple[str, ...] = ()
    body: Body | None = None
    type_params: tuple[str, ...] = ()
    attrs: Attrs = ()
    loc: Loc = _loc()


@_node
class ImplementationDecl(Decl):
    """A separate `implementation P(...) { ... }` of a declared procedure."""
    name: str
    params: tuple[VarDecl, ...]
    returns: tuple[VarDecl, ...]
    body: Body
    type_params: tuple[str, ...] = ()
    attrs: Attrs = ()
    loc: Loc = _loc()


@_node
class Program:
    decls: tuple[Decl, ...]
    loc: Loc = _loc()

    def procedures(self) -> dict[str, ProcedureDecl]:
        return {d.name: d for d in self.decls if isinstance(d, ProcedureDecl)}

    def implementations(self) -> dict[str, list[ImplementationDecl]]:
        out: dict[str, list[ImplementationDecl]] = {}
        for d in self.decls:
            if isinstance(d, ImplementationDecl):
                out.setdefault(d.name, []).append(d)
        return out

    def functions(self) -> dict[str, FunctionDecl]:
        return {d.name: d for d in self.decls if isinstance(d, FunctionDecl)}

    def global_vars(self) -> dict[str, VarDecl]:
        return {d.name: d for d in self.decls if isinstance(d, VarDecl)}

    def constants(self) -> dict[str, ConstDecl]:
        return {d.name: d for d in self.decls if isinstance(d, ConstDecl)}


# Node classes by category, for walkers that must handle every class (tests check this).
EXPR_CLASSES = (BoolLit, IntLit, RealLit, BvLit, RmodeLit, Var, Old, App, FunCall, Extract,
                MapSelect, MapStore, Ite, Quant, CodeExpr)
CMD_CLASSES = (Assign, Assume, Assert, Havoc, Call, Yield)
TRANSFER_CLASSES = (Goto, Return)
DECL_CLASSES = (VarDecl, ConstDecl, TypeDecl, FunctionDecl, AxiomDecl, ProcedureDecl,
                ImplementationDecl)
TYPE_CLASSES = (BoolType, IntType, RealType, BvType, FloatType, RmodeType, NamedType, MapType)
