"""Turns an LLVM module into a memory-region split: unification-based points-to (Steensgaard).

Role: SMACK's memory model (Rakamaric & Emmi, "SMACK: Decoupling Source Language Details
from Verifier Implementations", CAV 2014, Section 3; its DSA is field-sensitive, ours is not
yet): every pointer value belongs to one abstract node; a node's pointers may only point to
objects of that node; each node with loads/stores becomes its own Boogie map (a *region*).
Unification: a getelementptr/cast/phi/select result and its operands share a node; passing a
pointer to a parameter or returning it unifies; storing pointer `v` through `p` unifies
`v`'s node with the *contents* node of `p`'s node (and loading likewise); memcpy/memmove
unify source and destination, and so does the copy a `byval` parameter gets on entry (the
parameter's node is its argument's).

Each region is then either
- a *word* map `[ptr]T` when all its loads/stores have one size S (a power of two <= 16),
  and every address used in it is a multiple of S: objects start 64-aligned, and every
  getelementptr into it moves by multiples of S (constant offsets and index strides), and
  memcpy/memset lengths are multiples of S.  Then two accesses either hit the same cell or
  disjoint bytes, so one cell per address is exact;
- otherwise a *byte* map `[ptr]bv8` (bv) or `[ptr]int` of bytes (int) with little-endian
  multi-byte accesses.

Allocas whose address is only loaded from and stored to, at their own scalar type, are
*promoted* (`promotable_allocas`): the translator keeps them in Boogie locals (as LLVM's
mem2reg would), and they get no region.  Pointers still flow through them for the
unification above.

`inttoptr` of a non-constant value (or of a constant above every object, `(PVOID)-1`)
may produce a pointer into any object whose address was ever turned into an integer: such
pointers and those *exposed* objects share one node (exposed.py, the provenance model
PNVI-ae).  A constant `inttoptr` of an address where an object may lie gets ONE region for
all memory (every node unified: `collapsed`), which is sound and slow; one below
FIRST_OBJECT, the lowest address an object may have, points into no object, so it is kept
apart as null is (pthread_exit((void *)5) of SMACK's tests).  The promoted allocas above
stay out of it: their address is never used as a value.  A module passing a pointer to
SMACK's inline Boogie (`__SMACK_code`) is collapsed too: the injected text may hand it to
any procedure or store it anywhere, and this analysis does not read the text.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from frontend.special import Kind, kind_of
from frontend.unification import Unification

from .ir import (Aggregate, ArrayTy, ConstExpr, ConstInt, Function, GlobalRef, InlineAsm,
                 Instr, IntTy, Local, Module, PtrTy, StructTy, Undef, Value, VectorTy, ZeroInit,
                 as_int)
from .callgraph import address_taken, call_targets
from .exposed import INTTOPTR, Exposure
from .externs import escape
from .inline_asm import asm_regions
from .field_split import FieldSplitMixin
from .layout import DataLayout
from .objects import ALLOCATORS, below_objects, has_ptr, scalar_leaves
from .varargs import area_key, va_readers

Key = tuple[str, str]               # ("%f", local) / ("@", global) / ("ret", f) / ("#", n)


@dataclass
class Region:
    """What the translator needs to know about one region."""
    index: int
    sizes: set[int] = field(default_factory=set)
    strides: set[int] = field(default_factory=set)    # offsets/strides of GEPs and lengths
    byte_level: bool = False
    split: bool = False          # one word map per access size (field-sensitive)
    read: bool = False           # some load/memcpy/atomic reads it (else stores are dead)

    @property
    def word_size(self) -> int | None:
        return None if self.byte_level or self.split else next(iter(self.sizes), 1)


class Regions(FieldSplitMixin):
    """Points-to result: `node(f, value)` for pointer values, `region(node)` descriptions."""

    def __init__(self, module: Module, dl: DataLayout, extern_pure: bool = False,
                 entry: str | None = None):
        self.dl = dl
        self.extern_pure = extern_pure
        self.entry = entry      # where execution starts (None: any uncalled function may)
        self.uf = Unification()
        self._sizes: dict[object, set[int]] = {}
        self._strides: dict[object, set[int]] = {}
        self._funcs = {f.name: f for f in module.functions}
        self.module = module
        self.address_taken = address_taken(module)
        for g in module.globals:
            self.uf.find(("@", g.name))
            if g.init is not None:
                self._init_pointers(("@", g.name), g.init)
                for _, t, v in scalar_leaves(dl, g.ty, g.init):
                    if not isinstance(v, (ZeroInit, Undef)):
                        self._access(("@", g.name), dl.ptr_bits // 8 if isinstance(t, PtrTy)
                                     else dl.store_size(t))
        self._accs: list = []           # (key, function, pointer operand, offset, size)
        self._bulk: list = []           # keys of memset/memcpy/calloc'd blocks
        self._reads: list = []          # keys read through (loads, atomics, memcpy sources)
        self.promoted: dict[str, dict[str, object]] = {}
        self._outside_pointers: set = set()     # nondeterministic pointers' nodes
        self.va_readers = va_readers(module)     # they get an argument area (varargs.py)
        self.exposure = Exposure(dl.ptr_bits)   # pointers made of integers (exposed.py)
        for g in module.globals:
            if g.init is not None:
                self.exposure.constants(self, None, g.init)
        for f in module.functions:
            self.promoted[f.name] = promotable_allocas(f)
            if f.blocks:
                self._byval_params(f)
            for b in f.blocks:
                for ins in b.instrs:
                    self._instr(f, ins)
        # what functions without a body can reach, unified where they may store pointers;
        # pointers made of integers and the exposed objects in one node (exposed.py)
        self.escaped_keys = self.exposure.unify(
            self, lambda: escape(self, extern_pure, EXTERNAL, call_targets))
        self.made_of_int = self.exposure.made_of_int
        self.collapsed = self.exposure.fixed_address or any(
            _injects_pointer(ins) for f in module.functions for b in f.blocks
            for ins in b.instrs)
        if self.collapsed:
            keys = list(self.uf.parent)
            for k in keys[1:]:
                self.uf.union(keys[0], k)
        self.regions: dict[object, Region] = {}
        roots = set(self._sizes) | set(self._strides)
        for r in sorted({self.uf.find(k) for k in roots}, key=repr):
            self.regions[r] = Region(len(self.regions))
        for k, s in self._sizes.items():
            self.regions[self.uf.find(k)].sizes |= s
        for k, s in self._strides.items():
            self.regions[self.uf.find(k)].strides |= s
        for reg in self.regions.values():
            reg.byte_level = not _word_ok(reg)
        if not self.collapsed:
            self._split_argument_areas()
        for k in self._reads:
            reg = self.regions.get(self.uf.find(k)) if k is not None else None
            if reg is not None:
                reg.read = True
        if not self.collapsed and any(r.byte_level for r in self.regions.values()):
            self._field_split()

    # ------------------------------------------------------------------ queries
    def key(self, f: Function | None, v: Value):
        """The node key of a pointer operand, or None (null, undef, integers)."""
        if isinstance(v, Local):
            return (f.name if f else "", v.name)
        if isinstance(v, GlobalRef):
            return ("@", v.name)
        if isinstance(v, ConstExpr) and v.operands:
            if v.op in ("getelementptr", "bitcast", "addrspacecast"):
                return self.key(f, v.operands[0])
            if v.op == "inttoptr" and not below_objects(v.operands[0]):
                return INTTOPTR             # EXPOSED's node, or the one region of all memory
        return None

    def region_of(self, f: Function | None, ptr: Value) -> Region | None:
        k = self.key(f, ptr)
        if k is None:
            return None
        return self.regions.get(self.uf.find(k))

    def escaped_indices(self) -> set[int]:
        """The regions functions without a body may write (externs.py `escape`)."""
        roots = {self.uf.find(k) for k in self.escaped_keys}
        return {reg.index for r, reg in self.regions.items() if r in roots}

    def byte_level(self) -> str | None:
        """The byte-level memory the integer encoding is slow on (frontend/encoding_choice.py):
        the stores of a computed value (not a constant) wider than a byte into a byte-level
        region that is read (a region never read has no map), as the command line's note
        names them -- the first one's region, with its access sizes and up to three of its
        objects (globals, `function:%local`), where it is, and how many there are; None
        when there is none."""
        first: tuple[Region, Instr, Function] | None = None
        count = 0
        for f in self.module.functions:
            for b in f.blocks:
                for ins in b.instrs:
                    reg = self._wide_byte_store(f, ins)
                    if reg is not None:
                        count += 1
                        first = first or (reg, ins, f)
        if first is None:
            return None
        reg, ins, fn = first
        objects = []
        for k in self.uf.parent:
            if len(objects) > 3:
                break
            if isinstance(k, tuple) and len(k) == 2 and isinstance(k[1], str) and \
                    k[0] not in ("ret", "#") and \
                    self.regions.get(self.uf.find(k)) is reg and \
                    (k[0] == "@" or k in self._objects()):
                objects.append(f"@{k[1]}" if k[0] == "@" else f"{k[0]}:%{k[1]}")
        shown = ", ".join(objects[:3]) + (", ..." if len(objects) > 3 else "")
        at = f"{ins.loc.file}:{ins.loc.line}" if ins.loc.line else f"function {fn.name}"
        many = f" (the first of {count})" if count > 1 else ""
        return (f"region {reg.index} (objects: {shown or '?'}; access sizes "
                f"{', '.join(map(str, sorted(reg.sizes)))}): a computed value wider than a "
                f"byte stored into it at {at}{many}")

    def _wide_byte_store(self, f: Function, ins: Instr) -> Region | None:
        """The byte-level region `ins` stores a computed value wider than a byte into (the
        int encoding splits it with a division and a remainder per byte), else None."""
        if ins.opcode not in ("store", "atomicrmw", "cmpxchg"):
            return None
        ptr = ins.operands[1] if ins.opcode == "store" else ins.operands[0]
        value = ins.operands[0] if ins.opcode == "store" else ins.operands[-1]
        if not isinstance(value, Local) or self._is_promoted(f, ptr):
            return None
        try:
            if self.dl.store_size(value.ty) <= 1:
                return None
        except (TypeError, ValueError, KeyError):
            pass                        # a type without a plain size: counted as wide
        reg = self.region_of(f, ptr)
        return reg if reg is not None and reg.byte_level and reg.read else None

    def _objects(self) -> set[Key]:
        """The keys of the objects functions create: allocas and allocation calls."""
        if not hasattr(self, "_object_keys"):
            self._object_keys = {(f.name, ins.name) for f in self.module.functions
                                 for b in f.blocks for ins in b.instrs
                                 if ins.name is not None and
                                 (ins.opcode == "alloca" or ins.opcode == "call" and
                                  getattr(ins.operands[-1], "name", None) in ALLOCATORS)}
        return self._object_keys

    def area_region(self, name: str) -> Region | None:
        """The region of the variable arguments passed to function `name` (varargs.py)."""
        return self.regions.get(self.uf.find(area_key(name)))

    def _split_argument_areas(self) -> None:
        """A byte-level region holding nothing but argument areas (varargs.py) gets one word
        map per access size, as the field split gives (field_split.py), though a slot's
        int and its 8-byte read meet at the same bytes.  Why that is sound: the caller
        stores each argument at its slot's start at its own type, and the callee reads a
        slot only through `va_arg` (clang's lowering), at the slot's start, at the type it
        names.  A read of another size than the one stored is a `va_arg` of a type not
        compatible with the argument passed, undefined behaviour (C11 7.16.1.1p2; the
        compatible pairs -- signed/unsigned, `void *`/`char *` -- have one LLVM size); it
        reads a cell nothing wrote, i.e. any value, which is what native code gives (the
        rest of a register or slot).  Exact for every other read, and the int encoding no
        longer splits each argument into bytes.  Not done when the region also holds a
        global, an alloca or a heap block, a byval copy, a pointer from outside (an entry's
        parameter, a nondeterministic or external pointer, one made of an integer), or is
        touched by a block operation: then other accesses than va_arg's may meet a slot."""
        areas = {area_key(name) for name in self.va_readers}
        members: dict[object, list] = {}
        for k in self.uf.parent:
            members.setdefault(self.uf.find(k), []).append(k)
        foreign = set(self._objects()) | set(self.escaped_keys) | self._outside_pointers
        foreign |= {EXTERNAL, INTTOPTR}
        called = self._called()
        for f in self.module.functions:
            for p in f.params:
                if p.byval is not None or f.name not in called:
                    foreign.add((f.name, p.name))
        bulk = {self.uf.find(k) for k in self._bulk if k is not None and k not in areas}
        for r, reg in self.regions.items():
            keys = members.get(r, ())
            if reg.byte_level and max(reg.sizes, default=16) <= 8 and r not in bulk and \
                    any(k in areas for k in keys) and \
                    not any(k in foreign or isinstance(k, tuple) and k[0] == "@" for k in keys):
                reg.byte_level, reg.split = False, True

    # ------------------------------------------------------------------ analysis
    def _node(self, f, v):
        k = self.key(f, v)
        if k is None:
            return None
        while isinstance(v, ConstExpr) and v.operands:     # nested constant GEPs too
            if v.op == "getelementptr":
                self._gep_strides(k, v.aux, v.operands[1:])
            elif v.op not in ("bitcast", "addrspacecast"):
                break
            v = v.operands[0]
        return k

    def _unify(self, f, a, b) -> None:
        ka, kb = self._node(f, a), self._node(f, b)
        if ka is not None and kb is not None:
            self.uf.union(ka, kb)

    def _access(self, k, size: int) -> None:
        if k is not None:
            # keyed by the root at this time; __init__ re-finds roots after all unions
            self._sizes.setdefault(self.uf.find(k), set()).add(size)

    def _stride(self, k, n: int) -> None:
        if k is not None:
            self._strides.setdefault(self.uf.find(k), set()).add(n)

    def _scalars(self, k, t, f=None, ptr=None) -> None:
        """Record a load/store of type t (a scalar, or a struct of scalars) through k
        (the pointer operand `ptr` of function f, for the field split).  A float is in
        memory as the integer of its width (frontend/floatenc.py)."""
        t = as_int(t)
        if isinstance(t, StructTy) and t.fields is not None:
            for off, ft in zip(self.dl.field_offsets(t), t.fields):
                ft = as_int(ft)
                if isinstance(ft, (IntTy, PtrTy)):
                    size = self.dl.ptr_bits // 8 if isinstance(ft, PtrTy) \
                        else self.dl.store_size(ft)
                    self._access(k, size)
                    self._stride(k, off)
                    self._accs.append((k, f, ptr, off, size))
                    if isinstance(ft, IntTy) and k is not None:
                        self.exposure.int_accessed.append(k)
            return
        if isinstance(t, IntTy) and k is not None:
            self.exposure.int_accessed.append(k)
        if isinstance(t, (IntTy, PtrTy)):
            size = self.dl.ptr_bits // 8 if isinstance(t, PtrTy) else self.dl.store_size(t)
            self._access(k, size)
            self._accs.append((k, f, ptr, 0, size))

    def _init_pointers(self, gk, init: Value) -> None:
        stack = [init]
        while stack:
            v = stack.pop()
            if isinstance(v, Aggregate):
                stack.extend(v.elems)
            elif isinstance(v, (GlobalRef, ConstExpr)):
                k = self._node(None, v)
                if k is not None and isinstance(v.ty, PtrTy):
                    self.uf.union(self.uf.content_of(gk), k)

    def _gep_strides(self, k, src, idx) -> None:
        t = src
        const = 0
        for n, i in enumerate(idx):
            if n == 0:
                elem = t
            elif isinstance(t, StructTy):
                fi = i.value if isinstance(i, ConstInt) else 0
                const += self.dl.field_offsets(t)[fi]
                t = t.fields[fi]
                continue
            elif isinstance(t, (ArrayTy, VectorTy)):
                elem = t.elem
            else:
                break
            size = self.dl.size(elem)
            if isinstance(i, ConstInt):
                const += i.signed * size
            else:
                self._stride(k, size)
            t = elem
        self._stride(k, const)

    def _byval_params(self, f: Function) -> None:
        """A `byval` parameter points to the callee's own copy, made on entry from the
        argument (function.py): a memcpy from the argument's object to a fresh one.  The
        parameter's node is the argument's (`_bind`), so source and copy share a region,
        as memcpy's do; the copy's length counts as a stride and the region is `bulk`
        (never field-split)."""
        for p in f.params:
            if p.byval is None:
                continue
            k = (f.name, p.name)
            self.uf.find(k)
            self._bulk.append(k)
            try:
                self._stride(k, self.dl.size(p.byval))
            except TypeError:
                self._stride(k, 1)              # translate.py rejects it

    def _instr(self, f: Function, ins: Instr) -> None:
        op = ins.opcode
        res = Local(ins.name, ins.ty) if ins.name is not None else None
        ops = ins.operands
        for v in ops:                          # constant GEPs used as operands
            if isinstance(v, ConstExpr):
                self._node(f, v)
                self.exposure.constants(self, f, v)
        if op == "alloca":
            self.uf.find((f.name, ins.name))
        elif op == "load":
            k = self._node(f, ops[0])
            self._reads.append(k)
            if not self._is_promoted(f, ops[0]):
                self._scalars(k, ins.ty, f, ops[0])
            if k is not None and has_ptr(ins.ty):
                self.uf.union(self.uf.content_of(k), (f.name, ins.name))
        elif op == "store":
            k = self._node(f, ops[1])
            v = ops[0]
            if not self._is_promoted(f, ops[1]):
                self._scalars(k, v.ty, f, ops[1])
            if k is not None and has_ptr(v.ty):
                kv = self._node(f, v)
                if kv is not None:
                    self.uf.union(self.uf.content_of(k), kv)
        elif op in ("atomicrmw", "cmpxchg"):
            k = self._node(f, ops[0])
            self._reads.append(k)
            t = ins.aux
            self._scalars(k, t, f, ops[0])
            if k is not None and isinstance(t, PtrTy):
                for v in ops[1:]:
                    kv = self._node(f, v)
                    if kv is not None:
                        self.uf.union(self.uf.content_of(k), kv)
                if op == "atomicrmw":
                    self.uf.union(self.uf.content_of(k), (f.name, ins.name))
        elif op == "inttoptr":
            self.uf.find((f.name, ins.name))
            self.exposure.inttoptr(ops[0], (f.name, ins.name))
        elif op == "ptrtoint":
            self.exposure.ptrtoint(self._node(f, ops[0]))
        elif op == "getelementptr":
            k = self._node(f, ops[0])
            if k is not None:
                self.uf.union(k, (f.name, ins.name))
                self._gep_strides(k, ins.aux, ops[1:])
        elif op in ("bitcast", "addrspacecast") and isinstance(ins.ty, PtrTy):
            self._unify(f, ops[0], res)
        elif op in ("phi",) and isinstance(ins.ty, PtrTy):
            for v, _ in ins.incoming:
                self._unify(f, v, res)
        elif op == "select" and isinstance(ins.ty, PtrTy):
            self._unify(f, ops[1], res)
            self._unify(f, ops[2], res)
        elif op == "extractvalue" and has_ptr(ins.ty):
            self._unify(f, ops[0], res)
        elif op == "insertvalue" and has_ptr(ins.ty):
            self._unify(f, ops[0], res)
            if has_ptr(ops[1].ty):
                self._unify(f, ops[1], res)
        elif op == "ret" and ops and has_ptr(ops[0].ty):
            k = self._node(f, ops[0])
            if k is not None:
                self.uf.union(k, ("ret", f.name))
        elif op == "call":
            self._call(f, ins)

    def _is_promoted(self, f: Function, v: Value) -> bool:
        return isinstance(v, Local) and v.name in self.promoted.get(f.name, ())

    def _call(self, f: Function, ins: Instr) -> None:
        callee = ins.operands[-1]
        args = ins.operands[:-1]
        if isinstance(callee, InlineAsm):
            asm_regions(self, f, ins, EXTERNAL)
            return
        if not isinstance(callee, GlobalRef):
            for g in call_targets(self.module, self.address_taken, ins):
                self._bind(f, ins, args, g)
            return
        name = callee.name
        if name in ("calloc",) and ins.name is not None:
            self._bulk.append((f.name, ins.name))
        if name.startswith(("llvm.memcpy", "llvm.memmove", "llvm.memset")) or \
                name in ("memcpy", "memmove", "memset"):
            self._bulk.append(self._node(f, args[0]))
        if (name.startswith(("llvm.mem", "memcpy", "memmove", "memset")) and ins.name is not None
                and isinstance(ins.ty, PtrTy)):
            self._unify(f, args[0], Local(ins.name, ins.ty))      # returns its destination
        if name == "realloc" and ins.name is not None and len(args) == 2:
            # the new block holds the old one's bytes (calls.py `_realloc`): one region
            d, s = self._node(f, Local(ins.name, ins.ty)), self._node(f, args[0])
            self._reads.append(s)
            self._bulk.append(d)
            if d is not None and s is not None:
                self.uf.union(d, s)
            self._stride(d, 1)
            return
        if name.startswith(("llvm.memcpy", "llvm.memmove")) or name in ("memcpy", "memmove"):
            d, s = self._node(f, args[0]), self._node(f, args[1])
            self._reads.append(s)
            if d is not None and s is not None:
                self.uf.union(d, s)
            n = args[2]
            self._stride(d, n.value if isinstance(n, ConstInt) else 1)
            return
        if name.startswith("llvm.memset") or name == "memset":
            n = args[2]
            self._stride(self._node(f, args[0]), n.value if isinstance(n, ConstInt) else 1)
            return
        if name.startswith(("llvm.va_start", "llvm.va_copy")):
            self._va_list(f, name, args)
            return
        if name.startswith("llvm.threadlocal.address") and ins.name is not None:
            self._unify(f, args[0], Local(ins.name, ins.ty))   # the thread's copy: @g
            return
        g = self._funcs.get(name)
        if g is None or g.is_declaration:
            if ins.name is not None and isinstance(ins.ty, PtrTy):
                if kind_of(name) is Kind.NONDET:
                    # `__VERIFIER_nondet_pointer()`: any address; a node of its own, which
                    # the flow of the value unifies as any other pointer's (calls.py)
                    self.uf.find((f.name, ins.name))
                    self._outside_pointers.add((f.name, ins.name))
                elif name not in ALLOCATORS:
                    # external functions' pointers: one node for all of them (they may
                    # alias each other, never the program's objects: calls.py)
                    self.uf.union((f.name, ins.name), EXTERNAL)
            return
        self._bind(f, ins, args, g)

    def _va_list(self, f: Function, name: str, args) -> None:
        """va_start stores the area's address into the va_list (x86-64: also an int and a
        null pointer), va_copy copies one (varargs.py `va_intrinsic`, the same fields): the
        va_list's contents point into the area."""
        k = self._node(f, args[0])
        if k is None:
            return
        ptr = self.dl.ptr_bits // 8
        for off, size in (((0, 4), (8, ptr), (16, ptr)) if ptr == 8 else ((0, ptr),)):
            self._access(k, size)
            self._accs.append((k, f, args[0], off, size))
        if name.startswith("llvm.va_start"):
            self.uf.union(self.uf.content_of(k), area_key(f.name))
        else:
            s = self._node(f, args[1])
            self._reads.append(s)
            if s is not None:
                self.uf.union(k, s)

    def _bind(self, f: Function, ins: Instr, args, g: Function) -> None:
        if g.is_declaration:
            return
        if g.name in self.va_readers:       # the call stores `...` into g's area
            area = area_key(g.name)
            self.uf.find(area)
            self._bulk.append(area)
            for a in args[len(g.params):]:
                if isinstance(a.ty, PtrTy):
                    self._access(area, self.dl.ptr_bits // 8)
                    ka = self._node(f, a)
                    if ka is not None:
                        self.uf.union(self.uf.content_of(area), ka)
                elif isinstance(a.ty, IntTy):
                    self._access(area, self.dl.store_size(a.ty))
        for a, p in zip(args, g.params):
            if isinstance(p.ty, PtrTy):
                ka = self._node(f, a)
                if ka is not None:
                    self.uf.union(ka, (g.name, p.name))
        if has_ptr(ins.ty) and ins.name is not None:
            self.uf.union((f.name, ins.name), ("ret", g.name))


_MARKERS = ("llvm.dbg.", "llvm.lifetime.")
EXTERNAL = ("ext", "")              # the node of pointers returned by external functions


def _injects_pointer(ins: Instr) -> bool:
    """A `__SMACK_code` call with a pointer argument: the injected Boogie may hand it to any
    procedure or map (frontend/llvm/smack_code.py), which this analysis does not read."""
    callee = ins.operands[-1] if ins.opcode == "call" and ins.operands else None
    return isinstance(callee, GlobalRef) and callee.name == "__SMACK_code" and \
        any(isinstance(a.ty, PtrTy) for a in ins.operands[1:-1])


def promotable_allocas(f: Function) -> dict[str, object]:
    """Allocas of f's entry block holding one integer or pointer, whose every use is a
    non-atomic load or store of that type through it (or a dbg/lifetime marker): name ->
    allocated type.  Their address never escapes, so a local variable models them exactly
    (one alloca per call: at -O0 clang puts them all in the entry block)."""
    if not f.blocks:
        return {}
    cand: dict[str, object] = {}
    for ins in f.blocks[0].instrs:
        if ins.opcode == "alloca" and isinstance(as_int(ins.aux), (IntTy, PtrTy)) and ins.name and (
                not ins.operands or (isinstance(ins.operands[0], ConstInt)
                                     and ins.operands[0].value == 1)):
            cand[ins.name] = ins.aux
    for b in f.blocks:
        for ins in b.instrs:
            if not cand:
                return cand
            op = ins.opcode
            ops = list(ins.operands) + [v for v, _ in ins.incoming]
            if op == "alloca":
                continue
            if op == "call" and isinstance(ins.operands[-1], GlobalRef) and \
                    ins.operands[-1].name.startswith(_MARKERS):
                continue
            through = None
            if op == "load" and "atomic" not in ins.flags:
                through, t, ops = ins.operands[0], ins.ty, []
            elif op == "store" and "atomic" not in ins.flags:
                through, t, ops = ins.operands[1], ins.operands[0].ty, [ins.operands[0]]
            if isinstance(through, Local) and through.name in cand and \
                    cand[through.name] != t:
                del cand[through.name]
            for v in ops:
                if isinstance(v, Local) and v.name in cand:
                    del cand[v.name]
    return cand


def _word_ok(reg: Region) -> bool:
    if len(reg.sizes) != 1:
        return False
    s = next(iter(reg.sizes))
    if s not in (1, 2, 4, 8, 16):
        return False
    return all(x % s == 0 for x in reg.strides)
