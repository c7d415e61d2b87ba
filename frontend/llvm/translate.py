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
from dataclasses import dataclass, replace

from boogie import trace_attrs as ta
from boogie.ast import (Assign, Attr, BvType, Call, INT, Loc, MapType, ProcedureDecl, Program,
                        Type, Var, VarDecl)
from boogie.errors import error

from frontend.nonlocal_jumps import declarations as jump_declarations
from frontend.cflags import BuildFlags
from frontend.models import is_bundled_file
from frontend.properties import NO_CHECKS, PropertyChecks
from frontend.smack_inline import Injections, check_types, finish
import frontend.llvm.memsafety as memsafety

from .csource import CSource
from .encoding import Enc
from .externs import Externs
from frontend.inline_asm import mark_entry as mark_asm
import frontend.encoding_choice as encoding_choice
from .ir import GlobalRef, Module, StructTy, VoidTy
from .layout import DataLayout
from .names import ident, unsupported
from .objects import FIRST_OBJECT, OBJECT_ALIGN
from .regions import Region, Regions
from .trace_notes import object_table
from .threads import declarations as thread_declarations
from .varargs import AREA_PARAM
from .function import FunctionTranslator


__all__ = ["LlvmFrontendOptions", "translate_llvm", "translate_module"]


@dataclass(frozen=True, slots=True)
class LlvmFrontendOptions:
    """Options of the LLVM front end.
    encoding: "int" (mathematical integers), "bv" (bitvectors) or "auto" (bv when a
      computed value wider than a byte is stored into a byte-level region, else int:
      frontend/encoding_choice.py);
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
        if self.encoding not in ("int", "bv", "auto"):
            raise ValueError(f"encoding must be 'int', 'bv' or 'auto', not {self.encoding!r}")
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
                          "is a pointer to void, to a function or to an incomplete type "
                          "(nondeterministic pointers; the C front end has them)")
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
    mt = ModuleTranslator(module, opts)
    prog = infer_modifies(mt.translate())
    if mt.injections:           # SMACK's inline Boogie: its type errors are unsupported
        check_types(mt.injections, prog)
    return prog


INIT_PREFIXES = ("__SMACK_init_func_", "__SMACK_INIT_")


# ----------------------------------------------------------------------------- module level

class ModuleTranslator:
    def __init__(self, module: Module, opts: LlvmFrontendOptions):
        self.m = module
        self.opts = opts
        self.dl = DataLayout(module.data_layout)
        self.file = module.source_file
        self.regions = Regions(module, self.dl, opts.extern_pure, opts.entry)
        # --encoding auto: the regions are known before anything is emitted
        self.encoding_choice = encoding_choice.choose(self.regions.byte_level()) \
            if opts.encoding == encoding_choice.AUTO else None
        self.enc = Enc(self.encoding_choice[0] if self.encoding_choice else opts.encoding,
                       self.dl.ptr_bits)
        self.externs = Externs()                    # functions without a body
        self.asm_count = 0                          # inline asm calls (inline_asm.py)
        self.asm_first: Loc | None = None
        self.corral_procs: set[str] = set()         # Corral's thread procedures (threads.py)
        self.jump_procs: set[str] = set()           # setjmp/longjmp intrinsics (calls.py)
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
            ft = FunctionTranslator(self, f)
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
        procs += jump_declarations(self.jump_procs, self.enc.ptr_type(), self.enc.int_type(32))
        decls.extend(self.enc.functions.values())
        decls.extend(mem_vars)
        decls.append(cur)
        if self.opts.checks.memory:
            decls.extend(memsafety.declarations(self.enc))
        decls.extend(procs)
        if self.injections:
            decls = finish(self.injections, decls, self.enc.ptr_type(), self.enc.bv)
        prog = mark_asm(Program(tuple(decls), loc=Loc(self.file, 0, 0)), self.asm_count,
                        self.asm_first)
        return encoding_choice.mark(prog, *self.encoding_choice) if self.encoding_choice \
            else prog

    def note_asm(self, loc: Loc) -> None:
        """One more inline asm call modelled (inline_asm.py)."""
        self.asm_count += 1
        if self.asm_first is None:
            self.asm_first = loc

    def _check_entry_not_called(self) -> None:
        for f in self.defined.values():
            for b in f.blocks:
                for ins in b.instrs:
                    if ins.opcode == "call" and isinstance(ins.operands[-1], GlobalRef) \
                            and ins.operands[-1].name == self.opts.entry:
                        raise unsupported(ins.loc, f"a call of the entry function "
                                                   f"{self.opts.entry}")

    # ------------------------------------------------------------------ initial memory
    def init_commands(self, ft: "FunctionTranslator") -> None:
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
