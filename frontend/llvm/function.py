"""Turns one LLVM function into a Boogie procedure body: the function translator.

Role: the state of one function's translation (its locals, the blocks built so far, the
current block's commands) and the emitting primitives (`emit` adds the `{:sourceloc}` of the
first command of each source line), the body's walk (entry initialisation, byval copies,
one Boogie block per LLVM block) and the dispatch of each instruction to its `i_<opcode>`
method.  The constructs are mixins, one module each, as on the C side: scalars.py (values,
integer instructions, casts), memory_access.py (alloca, load, store, getelementptr),
control.py (branches, switch, return), aggregates.py (struct values); calls go to calls.py,
atomics to atomics.py.
"""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import replace

from boogie import trace_attrs as ta
from boogie.ast import Assign, Attr, Block, Body, Cmd, Expr, IntLit, Loc, Type, Var, VarDecl
from boogie.errors import BoogieError
from boogie.passes.sequentialize import STEP_CONTINUES

import frontend.llvm.memsafety as memsafety

from .atomics import atomicrmw, cmpxchg
from .calls import translate_call
from .ir import Function, Instr, IntTy, Local, PtrTy, Ty
from .memops import copy_block
from .names import ident, unsupported
from .threads import atomic_instruction
from .scalars import ScalarsMixin
from .memory_access import MemoryAccessMixin
from .control import ControlMixin
from .aggregates import AggregatesMixin
from .floats import FloatsMixin, float_bits
from .ir import FloatTy
import frontend.floatenc as floatenc


_BYVAL_UNROLL = 256        # cells of a byval copy unrolled (a lambda is slower to decide)


class FunctionTranslator(ScalarsMixin, MemoryAccessMixin, ControlMixin, AggregatesMixin,
                         FloatsMixin):
    """One function's translation; `mt` is the module's (translate.py)."""

    def __init__(self, mt: "ModuleTranslator", f: Function):
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
        self.defs: dict[str, Instr] = {}        # each named result's instruction
        for b in f.blocks:
            for ins in b.instrs:
                if ins.name is not None:
                    self.types[ins.name] = ins.ty
                    self.defs[ins.name] = ins

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
        if isinstance(t, FloatTy):
            return floatenc.float_type(float_bits(t, loc))
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

    # ------------------------------------------------------------------ atomics
    def i_atomicrmw(self, ins, loc, block):
        atomic_instruction(self, lambda: atomicrmw(self, ins, loc), loc)

    def i_cmpxchg(self, ins, loc, block):
        atomic_instruction(self, lambda: cmpxchg(self, ins, loc), loc)


    # ------------------------------------------------------------------ calls
    def i_call(self, ins, loc, block):
        translate_call(self, ins, loc)
