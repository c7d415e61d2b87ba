"""Turns LLVM modules (clang's -O0 output, read by reader.py) into one Boogie `Program`.

Role: the LLVM road from C, after SMACK (Rakamaric & Emmi, CAV 2014): each defined function
becomes a procedure; SSA values become locals; each basic block becomes a Boogie block, a
conditional branch or switch becomes a `goto` to one edge block per successor whose first
command assumes the edge's condition, and phi nodes become parallel assignments in those
edge blocks.  Memory is split into regions by unification-based points-to (regions.py);
addresses are integers (int) or bitvectors (bv): globals get fixed 64-aligned addresses,
allocas and malloc bump `$CurrAddr`, so every object is disjoint from every other.

Harness (as the C front end): `reach_error`, `__VERIFIER_error`, `__assert_fail` -> `assert
false`; `__VERIFIER_assume(e)` -> `assume`; `abort`/`exit` -> `assume false`;
`__VERIFIER_nondet_<t>` -> a fresh value in range from a `havoc` marked `{:nondet "<t>"}`;
other external functions return an arbitrary value and leave memory unchanged (the SV-COMP
convention), except the C library functions with memory effects we do not model, which are
unsupported.  Every command carries the `!dbg` location; the first command of each source
line carries `{:sourceloc "file", line, col}`.

Public API: `translate_llvm(paths, LlvmFrontendOptions(...)) -> Program`.  Anything not
modelled raises `BoogieError` code "unsupported" naming the construct and its source line.
"""
from __future__ import annotations

import os
from contextlib import contextmanager
from dataclasses import dataclass, replace

from boogie import trace_attrs as ta
from boogie.ast import (App, Assign, Assume, Attr, Block, Body, BoolLit, BvLit, BvType, Call, Cmd,
                        Expr, Extract, Goto, Havoc, INT, IntLit, Ite, Loc, MapSelect, MapStore,
                        MapType, Op, ProcedureDecl, Program, Return, Type, Var, VarDecl, BOOL)
from boogie.errors import BoogieError, error
from boogie.passes.sequentialize import STEP_CONTINUES

from frontend.cflags import BuildFlags
from frontend.common import int_lit
from frontend.models import is_bundled_file
from frontend.properties import NO_CHECKS, PropertyChecks
from frontend.smack_inline import Injections, check_types, finish

from .allocation import bump
from .atomics import atomicrmw, cmpxchg
from .calls import translate_call
from .checks import arith_checks
import frontend.llvm.memsafety as memsafety
from .csource import CSource
from .encoding import Enc
from .externs import Externs
from .ir import (Aggregate, ArrayTy, ConstExpr, ConstInt, Function, GlobalRef, Instr, IntTy, Local,
                 Module, NullPtr, PtrTy, StructTy, Ty, Undef, Value, VectorTy, VoidTy, ZeroInit)
from .layout import DataLayout
from .memops import block_length, copy_block, fill_block
from .names import ident, unsupported
from .regions import FIRST_OBJECT, OBJECT_ALIGN, Region, Regions, below_objects, scalar_leaves
from .trace_notes import branch_notes, object_table, show_store, switch_notes
from .threads import atomic_instruction, declarations as thread_declarations
from .varargs import AREA_PARAM

__all__ = ["LlvmFrontendOptions", "translate_llvm", "translate_module"]


@dataclass(frozen=True, slots=True)
class LlvmFrontendOptions:
    """Options of the LLVM front end.
    encoding: "int" (mathematical integers) or "bv" (bitvectors);
    data_model: "ILP32" (clang -target i386-linux-gnu) or "LP64" (x86_64-linux-gnu);
      used to compile .c/.i inputs (a .ll/.bc input keeps its own data layout);
    entry: the function where execution starts;
    cflags: each C file's compiler-style flags (frontend/cflags.py) for clang;
    extern_pure: functions without a body write no memory (SMACK's convention; by
      default they may write the regions they can reach: externs.py);

    stubs: C files of the user's models (`--stubs`), linked on use before the bundled
      ones (frontend/models.py, compile.py `library_ir`);
    checks: the property checks to instrument (frontend/properties.py)."""
    encoding: str = "int"
    data_model: str = "ILP32"
    entry: str = "main"
    cflags: BuildFlags = BuildFlags()
    extern_pure: bool = False
    stubs: tuple[str, ...] = ()
    checks: PropertyChecks = NO_CHECKS

    def __post_init__(self):
        if self.encoding not in ("int", "bv"):
            raise ValueError(f"encoding must be 'int' or 'bv', not {self.encoding!r}")
        if self.data_model not in ("ILP32", "LP64"):
            raise ValueError(f"data model must be 'ILP32' or 'LP64', not {self.data_model!r}")


def translate_llvm(paths: list[str], opts: LlvmFrontendOptions) -> Program:
    """Translate one program given as `.ll`, `.bc`, `.c` or `.i` files (C is compiled with
    clang -O0 -g; several files are linked).  An entry function other than main, in C
    input, is called by the C front end's harness (frontend/c/entry_harness.py), compiled
    with the file that defines it; in IR input it is the entry itself, its arguments any
    values of their types."""
    from .compile import load_modules
    from .sanitizer_checks import sanitize_flags
    sanitize = sanitize_flags(opts.checks)
    c_paths = [p for p in paths if p.endswith((".c", ".i"))]
    if opts.entry == "main" or not c_paths:
        return translate_module(load_modules(paths, opts.data_model, opts.cflags,
                                             stubs=opts.stubs, sanitize=sanitize), opts)
    import tempfile

    from frontend.c import CFrontendOptions, harness_for
    from frontend.c.entry_harness import HARNESS_FUNCTION, wrapper_text
    harness = harness_for(c_paths, CFrontendOptions(data_model=opts.data_model,
                                                    entry=opts.entry, cflags=opts.cflags,
                                                    stubs=opts.stubs))
    if "__VERIFIER_nondet_pointer" in harness.text:    # calls.py: no such values here
        raise unsupported(Loc(harness.file, 1, 1), f"an argument of '{opts.entry}' that "
                          "holds a pointer (nondeterministic pointers; the C front end "
                          "has them)")
    with tempfile.TemporaryDirectory(prefix="pycorral-entry-") as d:
        wrapper = os.path.join(d, "entry.c")
        with open(wrapper, "w") as fh:
            fh.write(wrapper_text(harness, ms_extensions=opts.cflags.ms_extensions))
        module = load_modules(paths, opts.data_model, opts.cflags, {harness.file: wrapper},
                              stubs=opts.stubs, sanitize=sanitize)
    return translate_module(module, replace(opts, entry=HARNESS_FUNCTION))


def translate_module(module: Module, opts: LlvmFrontendOptions) -> Program:
    """Each procedure's `modifies` lists exactly the maps (and the allocation counter) it or
    its callees can change (boogie.passes.modifies), so a summarised or not-yet-inlined
    call havocs no more memory than it may write."""
    from boogie.passes.modifies import infer_modifies
    mt = _ModuleTranslator(module, opts)
    prog = infer_modifies(mt.translate())
    if mt.injections:           # SMACK's inline Boogie: its type errors are unsupported
        check_types(mt.injections, prog)
    return prog


INIT_PREFIXES = ("__SMACK_init_func_", "__SMACK_INIT_")
_MAX_UNROLL = 4096          # scalars of an initialiser stored one by one
_BYVAL_UNROLL = 256        # cells of a byval copy unrolled (a lambda is slower to decide)


# ----------------------------------------------------------------------------- module level

class _ModuleTranslator:
    def __init__(self, module: Module, opts: LlvmFrontendOptions):
        self.m = module
        self.opts = opts
        self.dl = DataLayout(module.data_layout)
        self.enc = Enc(opts.encoding, self.dl.ptr_bits)
        self.file = module.source_file
        self.regions = Regions(module, self.dl, opts.extern_pure)
        self.externs = Externs()                    # functions without a body
        self.corral_procs: set[str] = set()         # Corral's thread procedures (threads.py)
        self.csrc = CSource(module, self.dl)        # C names and types, for traces
        self.defined = {f.name: f for f in module.functions if not f.is_declaration}
        self.declared = {f.name: f for f in module.functions}
        self.addr: dict[str, int] = {}            # global / function -> address
        self.global_objects: list[tuple[int, int]] = []     # (address, size) of globals
        self.heap_base = self._layout_globals()
        self.injections = Injections(unsupported)      # SMACK's inline Boogie
        # SMACK's initialisation functions (`__SMACK_INIT(x)`), run by the entry in order
        self.init_functions = [f for f in self.defined.values()
                               if f.name.startswith(INIT_PREFIXES)]
        self.maps: dict[tuple[int, int], tuple[str, Type]] = {}   # (region, cell size)
        for reg in self.regions.regions.values():
            if not reg.read:                        # written, never read: no map at all
                continue
            if reg.split:                           # field-sensitive: a map per size
                for size in sorted(reg.sizes):
                    self.maps[(reg.index, size)] = (f"$M.{reg.index}.{size}",
                                                    self._cell_map_type(size))
            else:
                self.maps[(reg.index, 0)] = (f"$M.{reg.index}", self._map_type(reg))

    # ------------------------------------------------------------------ memory layout
    def _layout_globals(self) -> int:
        a = FIRST_OBJECT                            # the first page stays unmapped (NULL)
        for g in self.m.globals:
            try:
                size = self.dl.size(g.ty)
            except TypeError as e:
                raise unsupported(Loc(self.file, 0, 0), f"global @{g.name}: {e}")
            self.addr[g.name] = a
            self.global_objects.append((a, size))
            a = _align(a + max(size, 1))
        for f in self.m.functions:                  # functions get addresses too
            self.addr[f.name] = a
            a += OBJECT_ALIGN
        return _align(a + OBJECT_ALIGN)

    def _map_type(self, reg: Region) -> Type:
        pt = self.enc.ptr_type()
        if reg.byte_level:
            return MapType((pt,), BvType(8) if self.enc.bv else INT)
        ws = reg.word_size
        return MapType((pt,), BvType(8 * ws) if self.enc.bv else INT)

    def _cell_map_type(self, size: int) -> Type:
        return MapType((self.enc.ptr_type(),), BvType(8 * size) if self.enc.bv else INT)

    def map_of(self, reg: Region, size: int = 0) -> Var:
        """The region's map; for a field-split region, the map of `size`-byte cells."""
        assert reg.split == (size != 0) or not reg.split, "split regions need a size"
        return Var(self.maps[(reg.index, size if reg.split else 0)][0])

    # ------------------------------------------------------------------ program
    def translate(self) -> Program:
        entry = self.defined.get(self.opts.entry)
        if entry is None:
            raise error("input", Loc(self.file, 0, 0),
                        f"entry function {self.opts.entry} is not defined")
        self._check_entry_not_called()
        for f in self.init_functions:
            if f.params or not isinstance(f.ty.ret, VoidTy):
                raise unsupported(f.loc, f"SMACK initialisation function {f.name} with "
                                         "parameters or a result")
        decls: list = []
        mem_vars = [VarDecl(n, t) for n, t in self.maps.values()]
        cur = VarDecl("$CurrAddr", self.enc.ptr_type())
        procs = []
        modifies: tuple[str, ...] = ()          # inferred in translate_module
        for f in self.defined.values():
            ft = _FunctionTranslator(self, f)
            body = ft.translate(init=f is entry)
            params = tuple(VarDecl(ft.param_name(p), ft.btype(p.ty, f.loc), loc=f.loc)
                           for p in f.params)
            if f.name in self.regions.va_readers:     # its `...` arguments (varargs.py)
                params += (VarDecl(AREA_PARAM, self.enc.ptr_type(), loc=f.loc),)
            if isinstance(f.ty.ret, VoidTy):
                rets = ()
            elif isinstance(f.ty.ret, StructTy):
                rets = tuple(VarDecl(f"$r#{i}", ft.btype(t, f.loc), loc=f.loc)
                             for i, (_, t) in enumerate(ft.agg_fields(f.ty.ret, f.loc)))
            else:
                rets = (VarDecl("$r", ft.btype(f.ty.ret, f.loc), loc=f.loc),)
            attrs = (Attr("entrypoint"),) if f is entry else ()
            ret_tag, sig = self.csrc.signature(f)
            attrs += (ta.function(f.name, ret_tag, sig),)
            if is_bundled_file(f.loc.file):       # a bundled model: its calls, not steps
                attrs += (ta.library(),)
            if f is entry:
                attrs += object_table(self)
            procs.append(ProcedureDecl(ident(f.name), params, rets, modifies=modifies,
                                       body=body, attrs=attrs, loc=f.loc))
        procs += self.externs.procedures(self) + thread_declarations(self)
        decls.extend(self.enc.functions.values())
        decls.extend(mem_vars)
        decls.append(cur)
        if self.opts.checks.memory:
            decls.extend(memsafety.declarations(self.enc))
        decls.extend(procs)
        if self.injections:
            decls = finish(self.injections, decls, self.enc.ptr_type(), self.enc.bv)
        return Program(tuple(decls), loc=Loc(self.file, 0, 0))

    def _check_entry_not_called(self) -> None:
        for f in self.defined.values():
            for b in f.blocks:
                for ins in b.instrs:
                    if ins.opcode == "call" and isinstance(ins.operands[-1], GlobalRef) \
                            and ins.operands[-1].name == self.opts.entry:
                        raise unsupported(ins.loc, f"a call of the entry function "
                                                   f"{self.opts.entry}")

    # ------------------------------------------------------------------ initial memory
    def init_commands(self, ft: "_FunctionTranslator") -> None:
        """Commands run first in the entry procedure: the allocation counter, the
        initialisers of globals, then SMACK's initialisation functions in definition order
        (SMACK's `$initialize`)."""
        loc = ft.f.loc
        ft.emit(Assign((Var("$CurrAddr"),), (self.enc.ptr_lit(self.heap_base),), loc=loc))
        if self.opts.checks.memory:
            memsafety.initial(ft, self.global_objects, loc)
        for g in self.m.globals:
            if g.init is None:
                continue                      # external: arbitrary contents
            reg = self.regions.region_of(None, GlobalRef(g.name))
            if reg is None or not reg.read:
                continue                      # never loaded
            ft.store_const(reg, self.addr[g.name], g.ty, g.init, loc)
        for f in self.init_functions:
            ft.emit(Call(ident(f.name), (), (), loc=f.loc))


def _align(n: int) -> int:
    """Objects start at multiples of OBJECT_ALIGN (regions.py's field split relies on it)."""
    return (n + OBJECT_ALIGN - 1) // OBJECT_ALIGN * OBJECT_ALIGN


# ----------------------------------------------------------------------------- functions

class _FunctionTranslator:
    def __init__(self, mt: _ModuleTranslator, f: Function):
        self.mt = mt
        self.enc = mt.enc
        self.dl = mt.dl
        self.f = f
        self.locals: dict[str, VarDecl] = {}
        self.blocks: list[Block] = []
        self.cmds: list[Cmd] = []
        self.label: str | None = ""
        self.counter = 0
        self.last_line = -1
        self.continuing_step = False    # emit marks commands STEP_CONTINUES
        self.types: dict[str, Ty] = {p.name: p.ty for p in f.params}
        self.promoted = mt.regions.promoted.get(f.name, {})    # allocas kept in locals
        self.stack_objects: dict[str, int] = {}     # memory checks: frame's objects, size
        self.is_entry = False
        self.src = mt.csrc.function(f)                          # C names, for traces
        self.blocks_by_label = {b.label: b for b in f.blocks}
        for b in f.blocks:
            for ins in b.instrs:
                if ins.name is not None:
                    self.types[ins.name] = ins.ty

    # ------------------------------------------------------------------ names and types
    def local_name(self, name: str) -> str:
        return "v$" + ident(name)

    def param_name(self, p) -> str:
        """The formal of parameter p: its local name, except for a `byval` parameter,
        whose formal is the incoming pointer (`$byval.<name>`, never a local name) and
        whose local holds the callee's copy (`byval_copies`)."""
        return "$byval." + ident(p.name) if p.byval is not None else self.local_name(p.name)

    def btype(self, t: Ty, loc: Loc) -> Type:
        if isinstance(t, IntTy):
            if t.bits > 128:
                raise unsupported(loc, f"integer type {t}")
            return self.enc.int_type(t.bits)
        if isinstance(t, PtrTy):
            return self.enc.ptr_type()
        raise unsupported(loc, f"values of type {t}")

    def fresh(self, t: Type, hint: str = "t") -> Var:
        self.counter += 1
        name = f"${hint}{self.counter}"
        self.locals[name] = VarDecl(name, t)
        return Var(name)

    def declare(self, name: str, t: Type) -> Var:
        if name not in self.locals:
            self.locals[name] = VarDecl(name, t)
        return Var(name)

    # ------------------------------------------------------------------ emitting
    @contextmanager
    def step_continues(self):
        """Commands emitted inside continue the step before them (sequentialize.py)."""
        before, self.continuing_step = self.continuing_step, True
        try:
            yield
        finally:
            self.continuing_step = before

    def emit(self, cmd: Cmd) -> None:
        if self.continuing_step:
            cmd = replace(cmd, attrs=cmd.attrs + (Attr(STEP_CONTINUES),))
        loc = cmd.loc
        if loc.line and loc.line != self.last_line:
            self.last_line = loc.line
            cmd = replace(cmd, attrs=(Attr("sourceloc", (loc.file, IntLit(loc.line),
                                                         IntLit(loc.col)), loc=loc),)
                          + cmd.attrs)
        self.cmds.append(cmd)

    def close(self, transfer, loc: Loc) -> None:
        self.blocks.append(Block(self.label, tuple(self.cmds), transfer, loc=loc))
        self.cmds = []
        self.last_line = -1
        self.label = None

    def start(self, label: str) -> None:
        self.label = label
        self.cmds = []
        self.last_line = -1

    def bb(self, label: str) -> str:
        return "$bb." + ident(label)

    # ------------------------------------------------------------------ function body
    def translate(self, init: bool) -> Body:
        f = self.f
        first = True
        self.is_entry = init
        for b in f.blocks:
            self.start(self.bb(b.label))
            if first and self.mt.opts.checks.memory:
                self._later_allocas(f.blocks[1:])
            if first and init:
                self.mt.init_commands(self)
                for prm in f.params:          # inputs of the entry: any value of the type
                    self.btype(prm.ty, f.loc)
                    self.assume_range(Var(self.param_name(prm)), prm.ty, f.loc)
            if first:
                self.byval_copies()
            first = False
            for ins in b.instrs:
                assert self.label is not None, f"{f.name}: instruction after a terminator"
                self.instr(ins, b.label)
            assert self.label is None, f"block {b.label} of {f.name} has no terminator"
        return Body(tuple(self.locals.values()), tuple(self.blocks), loc=f.loc)

    def _later_allocas(self, blocks) -> None:
        """Memory checks: allocas after the entry block start as NULL, so that a return
        on a path that skipped one kills no object (memsafety.kill_frame)."""
        for b in blocks:
            for ins in b.instrs:
                if ins.opcode == "alloca" and ins.name and ins.name not in self.promoted:
                    x = self.result(ins, self.f.loc)
                    self.emit(Assign((x,), (self.enc.ptr_lit(0),), loc=self.f.loc))

    def byval_copies(self) -> None:
        """On entry, each `byval` parameter gets the callee's own copy of the argument's
        object (LLVM's semantics: the caller's object is copied on the call; SMACK copies
        at the call site, we copy here, so that calls through pointers are covered too):
        a fresh object of the byval type's size, disjoint from every other as an alloca,
        whose bytes are copied from the incoming pointer; the parameter's local is the
        fresh pointer.  Source and copy share a region (regions.py `_byval_params`)."""
        for prm in self.f.params:
            if prm.byval is None:
                continue
            loc = self.f.loc
            if not isinstance(prm.ty, PtrTy):
                raise unsupported(loc, f"byval parameter %{prm.name} of type {prm.ty}")
            try:
                size = self.dl.size(prm.byval)
            except TypeError as e:
                raise unsupported(loc, f"byval parameter %{prm.name} of type "
                                       f"{prm.byval}: {e}")
            dst = self.declare(self.local_name(prm.name), self.enc.ptr_type())
            self.allocate_to(dst, self.enc.ptr_lit(size), loc, const=size,
                             obj=ta.obj(prm.name, "copy", size), kind="local")
            reg = self.mt.regions.region_of(self.f, Local(prm.name, prm.ty))
            if reg is not None and size:
                copy_block(self, reg, dst, Var(self.param_name(prm)), size,
                           self.enc.ptr_lit(size), loc, "byval parameter",
                           unroll=_BYVAL_UNROLL)

    def loc(self, ins: Instr) -> Loc:
        return ins.loc if ins.loc.line else (self.f.loc if self.f.loc.line else
                                             Loc(self.mt.file, 0, 0))

    # ------------------------------------------------------------------ values
    def val(self, v: Value, loc: Loc) -> Expr:
        if isinstance(v, Local):
            t = self.types.get(v.name, v.ty)
            if isinstance(t, StructTy):
                raise unsupported(loc, f"aggregate value %{v.name} used as a scalar")
            return Var(self.local_name(v.name))
        if isinstance(v, ConstInt):
            return self.enc.lit(v.value, v.ty.bits)
        if isinstance(v, NullPtr):
            return self.enc.ptr_lit(0)
        if isinstance(v, GlobalRef):
            if v.name not in self.mt.addr:
                raise unsupported(loc, f"reference to unknown global @{v.name}")
            return self.enc.ptr_lit(self.mt.addr[v.name])
        if isinstance(v, Undef):
            return self.arbitrary(v.ty, loc)
        if isinstance(v, ZeroInit) and isinstance(v.ty, (IntTy, PtrTy)):
            return self.enc.lit(0, v.ty.bits) if isinstance(v.ty, IntTy) else self.enc.ptr_lit(0)
        if isinstance(v, ConstExpr):
            return self.const_expr(v, loc)
        raise unsupported(loc, f"operand {type(v).__name__} of type {getattr(v, 'ty', '?')}")

    def arbitrary(self, t: Ty, loc: Loc) -> Expr:
        x = self.fresh(self.btype(t, loc), "undef")
        self.emit(Havoc((x.name,), loc=loc))
        self.assume_range(x, t, loc)
        return x

    def assume_range(self, x: Expr, t: Ty, loc: Loc) -> None:
        r = (self.enc.in_range(x, t.bits) if isinstance(t, IntTy)
             else self.enc.ptr_in_range(x))
        if r is not None:
            self.emit(Assume(r, loc=loc))

    def const_expr(self, v: ConstExpr, loc: Loc) -> Expr:
        if v.op == "getelementptr":
            return self.gep(self.val(v.operands[0], loc), v.aux, v.operands[1:], loc)
        if v.op in ("bitcast", "addrspacecast") and isinstance(v.ty, PtrTy):
            return self.val(v.operands[0], loc)
        if v.op == "ptrtoint" and isinstance(v.ty, IntTy):
            return self.enc.ptr_to_int(self.val(v.operands[0], loc), v.ty.bits)
        if v.op == "inttoptr" and isinstance(v.ty, PtrTy):
            return self.int_to_ptr(v.operands[0], loc)
        if v.op in ("trunc", "zext", "sext") and isinstance(v.ty, IntTy):
            a = v.operands[0]
            return self.cast(v.op, self.val(a, loc), a.ty, v.ty, loc)
        if v.op in ("add", "sub", "mul", "and", "or", "xor", "shl", "lshr", "ashr") \
                and isinstance(v.ty, IntTy) and v.ty.bits > 1:
            return self.enc.binop(v.op, self.val(v.operands[0], loc),
                                  self.val(v.operands[1], loc), v.ty.bits, v.flags)
        raise unsupported(loc, f"constant expression {v.op}")

    # ------------------------------------------------------------------ instructions
    def instr(self, ins: Instr, block: str) -> None:
        self.block = block
        op = ins.opcode
        loc = self.loc(ins)
        h = getattr(self, "i_" + op, None)
        try:
            if h is None:
                raise unsupported(loc, f"LLVM instruction '{op}'")
            h(ins, loc, block)
        except BoogieError as e:
            if ins.loc.line or not ins.at.line:
                raise
            # no debug location: the diagnostic points at the instruction in the IR file
            raise BoogieError([replace(d, loc=ins.at) if d.loc == loc else d
                               for d in e.diagnostics]) from None

    def assign(self, ins: Instr, e: Expr, loc: Loc) -> None:
        x = self.declare(self.local_name(ins.name), self.btype(ins.ty, loc))
        self.emit(Assign((x,), (e,), loc=loc))

    def result(self, ins: Instr, loc: Loc) -> Var:
        return self.declare(self.local_name(ins.name), self.btype(ins.ty, loc))

    def _int_bits(self, t: Ty, loc: Loc, what: str) -> int:
        if not isinstance(t, IntTy):
            raise unsupported(loc, f"{what} on type {t}")
        return t.bits

    def i_add(self, ins, loc, block):
        bits = self._int_bits(ins.ty, loc, ins.opcode)
        a, b = (self.val(v, loc) for v in ins.operands)
        if bits == 1:
            e = {"add": App(Op.NEQ, (a, b)), "sub": App(Op.NEQ, (a, b)),
                 "xor": App(Op.NEQ, (a, b)), "and": App(Op.AND, (a, b)),
                 "or": App(Op.OR, (a, b)), "mul": App(Op.AND, (a, b))}.get(ins.opcode)
            if e is None:
                raise unsupported(loc, f"'{ins.opcode}' on i1")
            self.assign(ins, e, loc)
            return
        for c in arith_checks(self.enc, self.mt.opts.checks, ins.opcode, a, b, bits,
                              ins.flags, loc):
            self.emit(c)
        self.assign(ins, self.enc.binop(ins.opcode, a, b, bits, ins.flags), loc)

    i_sub = i_mul = i_udiv = i_sdiv = i_urem = i_srem = i_shl = i_lshr = i_ashr = i_add
    i_and = i_or = i_xor = i_add

    def i_icmp(self, ins, loc, block):
        a_v, b_v = ins.operands
        a, b = self.val(a_v, loc), self.val(b_v, loc)
        if isinstance(a_v.ty, PtrTy):
            self.assign(ins, self.enc.ptr_cmp(ins.pred, a, b), loc)
            return
        bits = self._int_bits(a_v.ty, loc, "icmp")
        self.assign(ins, self.enc.icmp(ins.pred, a, b, bits), loc)

    def i_select(self, ins, loc, block):
        c, a, b = (self.val(v, loc) for v in ins.operands)
        self.btype(ins.ty, loc)
        self.assign(ins, Ite(c, a, b), loc)

    def i_freeze(self, ins, loc, block):
        self.assign(ins, self.val(ins.operands[0], loc), loc)

    def cast(self, op: str, e: Expr, src: Ty, dst: Ty, loc: Loc) -> Expr:
        if op in ("trunc", "zext", "sext"):
            sb, db = self._int_bits(src, loc, op), self._int_bits(dst, loc, op)
            return getattr(self.enc, op)(e, sb, db)
        if op == "ptrtoint":
            return self.enc.ptr_to_int(e, self._int_bits(dst, loc, op))
        if op in ("bitcast", "addrspacecast") and isinstance(src, PtrTy) \
                and isinstance(dst, PtrTy):
            return e
        if op == "bitcast" and src == dst:
            return e
        raise unsupported(loc, f"cast {op} from {src} to {dst}")

    def i_trunc(self, ins, loc, block):
        a = ins.operands[0]
        if ins.opcode == "inttoptr":
            self.assign(ins, self.int_to_ptr(a, loc), loc)
            return
        self.assign(ins, self.cast(ins.opcode, self.val(a, loc), a.ty, ins.ty, loc), loc)

    i_zext = i_sext = i_ptrtoint = i_inttoptr = i_bitcast = i_addrspacecast = i_trunc

    def int_to_ptr(self, a: Value, loc: Loc) -> Expr:
        """The pointer `inttoptr` makes of integer `a` (an instruction's operand or a
        constant expression's): the integer as address.  regions.py gave the module ONE
        memory region unless `a` is a constant below every object."""
        bits = self._int_bits(a.ty, loc, "inttoptr")
        if isinstance(a, ConstInt) and a.value == 0:
            return self.enc.ptr_lit(0)
        assert self.mt.regions.collapsed or below_objects(a), "regions.py missed an inttoptr"
        return self.enc.int_to_ptr(self.val(a, loc), bits)

    # ------------------------------------------------------------------ memory
    def region(self, ptr: Value, loc: Loc) -> Region:
        reg = self.mt.regions.region_of(self.f, ptr)
        if reg is None:
            raise unsupported(loc, f"memory access through {type(ptr).__name__} "
                                   f"{getattr(ptr, 'name', '')}".rstrip())
        return reg

    def promoted_var(self, ptr: Value, loc: Loc) -> Var | None:
        """The local holding a promoted alloca's contents, when ptr is such an alloca."""
        if isinstance(ptr, Local) and ptr.name in self.promoted:
            return self.declare(self.local_name(ptr.name),
                                self.btype(self.promoted[ptr.name], loc))
        return None

    def i_alloca(self, ins, loc, block):
        x = self.promoted_var(Local(ins.name, ins.ty), loc) if ins.name else None
        if x is not None:
            # fresh stack memory: any value of the type (once per call: entry block)
            self.emit(Havoc((x.name,), loc=loc))
            t = self.promoted[ins.name]
            if not self.enc.bv and not (isinstance(t, IntTy) and t.bits == 1):
                self.assume_range(x, t, loc)
            return
        try:
            size = self.dl.size(ins.aux)
        except TypeError as e:
            raise unsupported(loc, f"alloca of {ins.aux}: {e}")
        if ins.operands:
            n = ins.operands[0]
            if isinstance(n, ConstInt):
                self.allocate(ins, self.enc.ptr_lit(size * n.value), loc, const=size * n.value)
            else:
                self._int_bits(n.ty, loc, "alloca count")
                cnt = self.pin(block_length(self, n, loc)[1], loc)
                self.allocate(ins, self.enc.ptr_mul(cnt, size), loc)
            return
        self.allocate(ins, self.enc.ptr_lit(size), loc, const=size)

    def to_ptr_width(self, e: Expr, bits: int) -> Expr:
        if not self.enc.bv or bits == self.dl.ptr_bits:
            return e
        return Extract(e, self.dl.ptr_bits, 0) if bits > self.dl.ptr_bits else \
            self.enc.zext_bv(e, bits, self.dl.ptr_bits)

    def allocate(self, ins: Instr, size: Expr, loc: Loc, const: int | None = None,
                 how: str = "local") -> None:
        """`r := $CurrAddr; $CurrAddr := $CurrAddr + size (aligned)`; for a size not
        known statically the new counter is assumed not to wrap around.  `how`: "local"
        (an alloca: the trace names it by its C variable) or the allocating function."""
        var = self.src.var(ins.name) if how == "local" and ins.name else None
        name = var.name if var is not None else ("" if how != "local" else ins.name or "")
        self.allocate_to(self.result(ins, loc), size, loc, const,
                         ta.obj(name, how if var is not None or how != "local" else "copy",
                                size), kind=how)

    def allocate_to(self, r: Var, size: Expr, loc: Loc, const: int | None = None,
                    obj: Attr | None = None, kind: str = "") -> None:
        """`kind` (memory checks): "malloc"/"calloc" a heap object, "local"/"alloca" one
        of this frame, "" none."""
        self.emit(Assign((r,), (Var("$CurrAddr"),), (obj,) if obj is not None else (), loc=loc))
        with self.step_continues():     # one step with the read: allocation.py
            bump(self, r, size, loc, const, kind)

    def i_load(self, ins, loc, block):
        if "atomic" in ins.flags and not isinstance(ins.ty, (IntTy, PtrTy)):
            raise unsupported(loc, "atomic load")   # a scalar's: one step (threads.py)
        t = ins.ty
        if isinstance(t, StructTy):
            reg = self.region(ins.operands[0], loc)
            p = self.pin(self.val(ins.operands[0], loc), loc)
            for x, (off, ft) in zip(self.agg_vars(ins.name, t, loc), self.agg_fields(t, loc)):
                self.emit(Assign((x,), (self.load(reg, self.enc.ptr_add(
                    p, self.enc.ptr_lit(off)), ft, loc),), loc=loc))
                if not self.enc.bv and not (isinstance(ft, IntTy) and ft.bits == 1):
                    self.assume_range(x, ft, loc)
            return
        if not isinstance(t, (IntTy, PtrTy)):
            raise unsupported(loc, f"load of type {t}")
        x = self.promoted_var(ins.operands[0], loc)
        if x is not None:
            self.assign(ins, x, loc)
            return
        reg = self.region(ins.operands[0], loc)
        p = self.val(ins.operands[0], loc)
        self.assign(ins, self.load(reg, p, t, loc), loc)
        if not self.enc.bv and not (isinstance(t, IntTy) and t.bits == 1):
            # memory never written holds arbitrary integers: keep values canonical
            self.assume_range(self.result(ins, loc), t, loc)

    def i_store(self, ins, loc, block):
        if "atomic" in ins.flags and not isinstance(ins.operands[0].ty, (IntTy, PtrTy)):
            raise unsupported(loc, "atomic store")
        v = ins.operands[0]
        if isinstance(v.ty, StructTy):
            reg = self.region(ins.operands[1], loc)
            p = self.pin(self.val(ins.operands[1], loc), loc)
            for e, (off, ft) in zip(self.agg_vals(v, loc), self.agg_fields(v.ty, loc)):
                self.store(reg, self.enc.ptr_add(p, self.enc.ptr_lit(off)), ft, e, loc)
            return
        if not isinstance(v.ty, (IntTy, PtrTy)):
            raise unsupported(loc, f"store of type {v.ty}")
        x = self.promoted_var(ins.operands[1], loc)
        if x is not None:
            e = self.val(v, loc)
            self.emit(Assign((x,), (e,), show_store(self, ins.operands[1], v, e, None, loc),
                             loc=loc))
            return
        reg = self.region(ins.operands[1], loc)
        p = self.val(ins.operands[1], loc)
        e = self.val(v, loc)
        self.store(reg, p, v.ty, e, loc, show_store(self, ins.operands[1], v, e, p, loc))

    def _size(self, t: Ty) -> int:
        return self.dl.ptr_bits // 8 if isinstance(t, PtrTy) else self.dl.store_size(t)

    def load(self, reg: Region, p: Expr, t: Ty, loc: Loc) -> Expr:
        size = self._size(t)
        if self.mt.opts.checks.memory:
            memsafety.access(self, p, size, loc)
        m = self.mt.map_of(reg, size if reg.split else 0)
        if not reg.byte_level:
            assert reg.split or reg.word_size == size, (reg, t)
            cell = MapSelect(m, (p,))
            if isinstance(t, IntTy) and t.bits == 1:
                return App(Op.NEQ, (cell, self.enc.lit(0, 8)))
            if isinstance(t, IntTy) and t.bits != 8 * size:
                return self.enc.trunc(cell, 8 * size, t.bits) if self.enc.bv else cell
            return cell
        cells = [MapSelect(m, (self.enc.ptr_add(p, self.enc.ptr_lit(k)),)) for k in range(size)]
        bits = 8 * size
        if self.enc.bv:
            e = cells[0]
            for c in cells[1:]:
                e = App(Op.CONCAT, (c, e))
            if isinstance(t, IntTy) and t.bits == 1:
                return App(Op.NEQ, (e, BvLit(0, 8)))
            if isinstance(t, IntTy) and t.bits != bits:
                return Extract(e, t.bits, 0)
            return e
        for c in cells:                       # bytes never written are still bytes
            self.emit(Assume(App(Op.AND, (App(Op.LE, (IntLit(0), c)),
                                          App(Op.LT, (c, IntLit(256))))), loc=loc))
        e = cells[0]
        for k, c in enumerate(cells[1:], 1):
            e = App(Op.ADD, (e, App(Op.MUL, (c, IntLit(1 << (8 * k))))))
        if isinstance(t, IntTy) and t.bits == 1:
            return App(Op.NEQ, (e, IntLit(0)))
        if isinstance(t, PtrTy):
            return e
        return self.enc.from_u(e, bits) if t.bits == bits else self.enc.wrap_s(e, t.bits)

    def store(self, reg: Region, p: Expr, t: Ty, v: Expr, loc: Loc,
              attrs: tuple[Attr, ...] = ()) -> None:
        """Write v (of type t) at p; `attrs` (the trace's view) go on the first command."""
        if self.mt.opts.checks.memory:
            memsafety.access(self, p, self._size(t), loc)
        if not reg.read:
            if attrs:                         # nothing reads this region: the trace still does
                self.emit(Assume(BoolLit(True), attrs, loc=loc))
            return
        size = self._size(t)
        m = self.mt.map_of(reg, size if reg.split else 0)
        if isinstance(t, IntTy) and t.bits == 1:
            v, t = self.enc.of_bool(v, 8), IntTy(8)
        if not reg.byte_level:
            assert reg.split or reg.word_size == size, (reg, t)
            if self.enc.bv and isinstance(t, IntTy) and t.bits != 8 * size:
                v = self.enc.zext_bv(v, t.bits, 8 * size)
            self.emit(Assign((MapSelect(m, (p,)),), (v,), attrs, loc=loc))
            return
        e: Expr = m
        if self.enc.bv:
            if isinstance(t, IntTy) and t.bits != 8 * size:
                v = self.enc.zext_bv(v, t.bits, 8 * size)
            for k in range(size):
                e = MapStore(e, (self.enc.ptr_add(p, self.enc.ptr_lit(k)),),
                             Extract(v, 8 * k + 8, 8 * k))
        else:
            u = v if isinstance(t, PtrTy) else self.enc.to_u(v, t.bits)
            if size > 1 and not isinstance(u, (IntLit, Var)):
                tmp = self.fresh(INT, "u")
                self.emit(Assign((tmp,), (u,), attrs, loc=loc))
                attrs = ()
                u = tmp
            for k in range(size):
                byte = u if size == 1 else App(Op.MOD, (
                    App(Op.DIV, (u, IntLit(1 << (8 * k)))) if k else u, IntLit(256)))
                e = MapStore(e, (self.enc.ptr_add(p, self.enc.ptr_lit(k)),), byte)
        self.emit(Assign((m,), (e,), attrs, loc=loc))

    def store_const(self, reg: Region, addr: int, t: Ty, init: Value, loc: Loc) -> None:
        """Initial contents of a global: zero subtrees first (whole cells), then the other
        scalar leaves of `init`, stored at `addr`; undef leaves stay arbitrary."""
        leaves = scalar_leaves(self.dl, t, init)
        if len(leaves) > _MAX_UNROLL:
            raise unsupported(loc, f"initialiser with {len(leaves)} scalars")
        step = 1 if reg.byte_level else reg.word_size
        for a, lt, v in leaves:
            if isinstance(v, ZeroInit) or (isinstance(v, ConstInt) and v.value == 0) \
                    or isinstance(v, NullPtr):
                n = self.dl.size(lt) if not isinstance(lt, IntTy) else self.dl.store_size(lt)
                lo, hi = (addr + a) // step * step, -(-(addr + a + n) // step) * step
                fill_block(self, reg, self.enc.ptr_lit(lo), hi - lo, None, 0, loc)
        for a, lt, v in leaves:
            if isinstance(v, (ZeroInit, Undef, NullPtr)) or \
                    (isinstance(v, ConstInt) and v.value == 0):
                continue
            if not isinstance(lt, (IntTy, PtrTy)):
                raise unsupported(loc, f"initialiser {type(v).__name__} of type {lt}")
            self.store(reg, self.enc.ptr_lit(addr + a), lt, self.val(v, loc), loc)

    def gep(self, base: Expr, src: Ty, idx: tuple[Value, ...], loc: Loc) -> Expr:
        t = src
        e = base
        const = 0
        for n, i in enumerate(idx):
            if n == 0:
                elem = t
            elif isinstance(t, StructTy):
                if not isinstance(i, ConstInt):
                    raise unsupported(loc, "getelementptr with a variable struct index")
                const += self.dl.field_offsets(t)[i.value]
                t = t.fields[i.value]
                continue
            elif isinstance(t, (ArrayTy, VectorTy)):
                elem = t.elem
            else:
                raise unsupported(loc, f"getelementptr into {t}")
            try:
                size = self.dl.size(elem)
            except TypeError as err:
                raise unsupported(loc, f"getelementptr over {elem}: {err}")
            if isinstance(i, ConstInt):
                const += i.signed * size
            elif isinstance(i.ty, IntTy):
                iv = self.val(i, loc)
                if self.enc.bv:
                    iv = self.enc.resize_signed(iv, i.ty.bits, self.dl.ptr_bits)
                e = self.enc.ptr_add(e, self.enc.ptr_mul(iv, size))
            else:
                raise unsupported(loc, f"getelementptr index of type {i.ty}")
            t = elem
        if const:
            e = self.enc.ptr_add(e, self.enc.ptr_lit(const % (1 << self.dl.ptr_bits))
                                 if self.enc.bv else int_lit(const))
        return e

    def i_getelementptr(self, ins, loc, block):
        if isinstance(ins.ty, VectorTy):
            raise unsupported(loc, "vector getelementptr")
        self.assign(ins, self.gep(self.val(ins.operands[0], loc), ins.aux,
                                  ins.operands[1:], loc), loc)

    # ------------------------------------------------------------------ control
    def phi_assigns(self, src: str, dst: str, loc: Loc) -> None:
        target = next(b for b in self.f.blocks if b.label == dst)
        lhs, rhs = [], []
        for ins in target.instrs:
            if ins.opcode != "phi":
                break
            vals = [v for v, lab in ins.incoming if lab == src]
            if not vals:
                raise unsupported(loc, f"phi %{ins.name} without a value for %{src}")
            lhs.append(self.result(ins, loc))
            rhs.append(self.val(vals[0], loc))
        if lhs:
            self.emit(Assign(tuple(lhs), tuple(rhs), loc=loc))

    def i_phi(self, ins, loc, block):
        pass                                   # assigned on the incoming edges

    def edge(self, src: str, dst: str, cond: Expr | None, loc: Loc, k: int,
             attrs: tuple[Attr, ...] = ()) -> str:
        """The block of the edge src -> dst: assume its condition (with the trace's
        `{:cbranch}`), then the phi assignments of dst for src."""
        label = f"{self.bb(src)}${k}"
        self.start(label)
        if cond is not None:
            self.emit(Assume(cond, attrs, loc=loc))
        self.phi_assigns(src, dst, loc)
        self.close(Goto((self.bb(dst),), loc=loc), loc)
        return label

    def i_br(self, ins, loc, block):
        if len(ins.labels) == 1:
            self.phi_assigns(block, ins.labels[0], loc)
            self.close(Goto((self.bb(ins.labels[0]),), loc=loc), loc)
            return
        c = self.val(ins.operands[0], loc)
        if not isinstance(c, Var) and not isinstance(c, BoolLit):
            t = self.fresh(BOOL, "c")
            self.emit(Assign((t,), (c,), loc=loc))
            c = t
        here = self.bb(block)
        self.close(Goto((f"{here}$1", f"{here}$2"), loc=loc), loc)
        n1, n2 = branch_notes(self, ins)
        self.edge(block, ins.labels[0], c, loc, 1, (n1,))
        self.edge(block, ins.labels[1], App(Op.NOT, (c,)), loc, 2, (n2,))
        self.label = None

    def i_switch(self, ins, loc, block):
        v_val = ins.operands[0]
        bits = self._int_bits(v_val.ty, loc, "switch")
        v = self.val(v_val, loc)
        if not isinstance(v, Var):
            t = self.fresh(self.enc.int_type(bits), "sw")
            self.emit(Assign((t,), (v,), loc=loc))
            v = t
        here = self.bb(block)
        targets, conds = [], []
        for k, (c, lab) in enumerate(ins.cases, 1):
            eq = App(Op.EQ, (v, self.enc.lit(c, bits)))
            conds.append(eq)
            targets.append((lab, eq))
        default = None
        for _, eq in targets:
            ne = App(Op.NOT, (eq,))
            default = ne if default is None else App(Op.AND, (default, ne))
        targets.append((ins.labels[0], default))
        self.close(Goto(tuple(f"{here}${k}" for k in range(1, len(targets) + 1)), loc=loc),
                   loc)
        for k, ((lab, cond), note) in enumerate(zip(targets, switch_notes(ins, bits)), 1):
            self.edge(block, lab, cond, loc, k, (note,))
        self.label = None

    def i_ret(self, ins, loc, block):
        if ins.operands and isinstance(ins.operands[0].ty, StructTy):
            v = ins.operands[0]
            vals = self.agg_vals(v, loc)
            self.emit(Assign(tuple(Var(f"$r#{i}") for i in range(len(vals))), tuple(vals),
                             loc=loc))
        elif ins.operands:
            v = ins.operands[0]
            self.btype(v.ty, loc)
            self.emit(Assign((Var("$r"),), (self.val(v, loc),), loc=loc))
        if self.mt.opts.checks.memory:
            memsafety.function_returns(self, loc)
        self.close(Return(loc=loc), loc)
        self.label = None

    def i_unreachable(self, ins, loc, block):
        self.emit(Assume(BoolLit(False), loc=loc))
        self.close(Return(loc=loc), loc)
        self.label = None

    # ------------------------------------------------------------------ atomics
    def i_atomicrmw(self, ins, loc, block):
        atomic_instruction(self, lambda: atomicrmw(self, ins, loc), loc)

    def i_cmpxchg(self, ins, loc, block):
        atomic_instruction(self, lambda: cmpxchg(self, ins, loc), loc)

    # ------------------------------------------------------------------ aggregates
    # A first-class struct value whose fields are scalars is a tuple of locals
    # `v$<name>#<i>` (results of *.with.overflow and cmpxchg, structs loaded, stored,
    # returned and passed back from calls, as clang does for small structs on x86-64).
    def agg_fields(self, t: Ty, loc: Loc) -> list[tuple[int, Ty]]:
        if not isinstance(t, StructTy) or t.fields is None or \
                not all(isinstance(f, (IntTy, PtrTy)) for f in t.fields):
            raise unsupported(loc, f"aggregate value of type {t}")
        return list(zip(self.dl.field_offsets(t), t.fields))

    def agg_vars(self, name: str, t: Ty, loc: Loc) -> list[Var]:
        return [self.declare(f"{self.local_name(name)}#{i}", self.btype(ft, loc))
                for i, (_, ft) in enumerate(self.agg_fields(t, loc))]

    def agg_vals(self, v: Value, loc: Loc) -> list[Expr]:
        fields = self.agg_fields(v.ty, loc)
        if isinstance(v, Local):
            return list(self.agg_vars(v.name, self.types.get(v.name, v.ty), loc))
        if isinstance(v, Undef):
            return [self.arbitrary(ft, loc) for _, ft in fields]
        if isinstance(v, ZeroInit):
            return [self.enc.lit(0, ft.bits) if isinstance(ft, IntTy) else self.enc.ptr_lit(0)
                    for _, ft in fields]
        if isinstance(v, Aggregate):
            return [self.val(e, loc) for e in v.elems]
        raise unsupported(loc, f"aggregate operand {type(v).__name__}")

    def pin(self, p: Expr, loc: Loc) -> Expr:
        """p as a variable or literal (it is used several times)."""
        if isinstance(p, (Var, IntLit, BvLit)):
            return p
        t = self.fresh(self.enc.ptr_type(), "p")
        self.emit(Assign((t,), (p,), loc=loc))
        return t

    def i_extractvalue(self, ins, loc, block):
        a = ins.operands[0]
        if len(ins.indices) != 1:
            raise unsupported(loc, "extractvalue of a nested aggregate")
        vals = self.agg_vals(a, loc)
        self.assign(ins, vals[ins.indices[0]], loc)

    def i_insertvalue(self, ins, loc, block):
        a, b = ins.operands
        if len(ins.indices) != 1:
            raise unsupported(loc, "insertvalue into a nested aggregate")
        vals = self.agg_vals(a, loc)
        vals[ins.indices[0]] = self.val(b, loc)
        out = self.agg_vars(ins.name, ins.ty, loc)
        self.emit(Assign(tuple(out), tuple(vals), loc=loc))

    # ------------------------------------------------------------------ calls
    def i_call(self, ins, loc, block):
        translate_call(self, ins, loc)
