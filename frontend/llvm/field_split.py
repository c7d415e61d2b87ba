"""Turns byte-level regions field-sensitive where that is exact: the field split of the
points-to analysis (regions.py).

Role: every pointer value's address modulo OBJECT_ALIGN is tracked as a set of residues
(objects start OBJECT_ALIGN-aligned; a getelementptr adds its constant offset and spreads by
gcd(OBJECT_ALIGN, stride) for a variable index), the least solution of the flow through
instructions, calls, returns and memory.  A region whose accesses of different offset or
size never touch the same byte residue gets one word map per access size.
"""
from __future__ import annotations

from math import gcd

from .callgraph import call_targets
from .ir import (ArrayTy, ConstExpr, ConstInt, GlobalRef, InlineAsm, Local, NullPtr, PtrTy,
                 StructTy, Undef, VectorTy, ZeroInit)
from .objects import ALLOCATORS, OBJECT_ALIGN, has_ptr, scalar_leaves

_ALL = (1 << OBJECT_ALIGN) - 1      # every residue


class FieldSplitMixin:
    """The field split of `regions.Regions` (mixed into it: its union-find `uf`, accesses
    `_accs`, block operations `_bulk` and regions)."""

    def _field_split(self) -> None:
        """Make byte-level regions field-sensitive where that is exact: every pointer's
        address modulo A = OBJECT_ALIGN is tracked as a set of residues (objects start
        A-aligned; a getelementptr adds its constant offset and spreads by gcd(A, stride) for a
        variable index).  If the byte residues touched by accesses of different offset or
        size never meet, no two accesses overlap partially, whatever the addresses (out of
        bounds too): the region becomes one word map per access size.  Regions touched by
        memset/memcpy/calloc or holding initialised globals stay byte-level."""
        off = self._offsets()
        no_split = {self.uf.find(k) for k in self._bulk if k is not None}
        no_split |= {self.uf.find(("@", g.name)) for g in self.module.globals
                     if g.init is not None}
        foot: dict[object, set[tuple[int, int]]] = {}
        for k, f, ptr, extra, size in self._accs:
            r = self.uf.find(k)
            if r in no_split:
                continue
            if size > 16:               # (scalars and cells are at most 16 bytes)
                no_split.add(r)
                continue
            m = _shift(self._voff(off, f, ptr), extra)
            fp = foot.setdefault(r, set())
            for res in range(OBJECT_ALIGN):
                if m >> res & 1:
                    fp.add((res, size))
        for r, reg in self.regions.items():
            if not reg.byte_level or r in no_split or r not in foot:
                continue
            fps = sorted(foot[r])
            touched = [{(a + i) % OBJECT_ALIGN for i in range(n)} for a, n in fps]
            if all(not (touched[i] & touched[j]) for i in range(len(fps))
                   for j in range(i + 1, len(fps))):
                reg.byte_level, reg.split = False, True

    def _offsets(self) -> dict:
        """Residues mod OBJECT_ALIGN (bit masks) of every pointer value's possible addresses: the
        least solution of the flow through instructions, calls, returns and memory
        (a pointer loaded from a region is one stored into it)."""
        off: dict[object, int] = {}
        stored: dict[object, int] = {}
        rets: dict[str, int] = {}
        called = self._called()
        anywhere = self._starts_anywhere()
        for f in self.module.functions:
            if f.name not in called and (anywhere or f.name == self.entry or
                                         f.name.startswith("__SMACK_")):  # any pointers
                for p in f.params:
                    off[(f.name, p.name)] = _ALL
            for p in f.params:                   # a byval copy is a fresh (aligned) object
                if p.byval is not None and f.blocks:
                    off[(f.name, p.name)] = off.get((f.name, p.name), 0) | 1

        def content(f, ptr):
            k = self.key(f, ptr)
            return None if k is None else self.uf.find(self.uf.content_of(k))

        if not self.extern_pure:     # functions without a body store any escaped pointer
            for k in self.escaped_keys:
                c = self.uf.content.get(self.uf.find(k))
                if c is not None:
                    stored[self.uf.find(c)] = _ALL

        for g in self.module.globals:
            if g.init is not None:
                c = self.uf.find(self.uf.content_of(("@", g.name)))
                for _, t, v in scalar_leaves(self.dl, g.ty, g.init):
                    if isinstance(t, PtrTy):
                        stored[c] = stored.get(c, 0) | self._voff(off, None, v)
        changed = True
        while changed:
            changed = False

            def add(table, key, mask):
                nonlocal changed
                old = table.get(key, 0)
                if old | mask != old:
                    table[key] = old | mask
                    changed = True

            for f in self.module.functions:
                for b in f.blocks:
                    for ins in b.instrs:
                        op, ops = ins.opcode, ins.operands
                        res = (f.name, ins.name)
                        if op == "store" and isinstance(ops[0].ty, PtrTy):
                            c = content(f, ops[1])
                            if c is not None:
                                add(stored, c, self._voff(off, f, ops[0]))
                        elif op == "store" and self.made_of_int and \
                                not isinstance(ops[0].ty, PtrTy):
                            # an integer stored where pointers are loaded (exposed.py): a
                            # pointer made of it may have any residue
                            c = self.uf.content.get(self.uf.find(self.key(f, ops[1]))) \
                                if self.key(f, ops[1]) is not None else None
                            if c is not None:
                                add(stored, self.uf.find(c), _ALL)
                        elif op == "store" and has_ptr(ops[0].ty) or \
                                op in ("atomicrmw", "cmpxchg") and isinstance(ins.aux, PtrTy):
                            c = content(f, ops[0] if op != "store" else ops[1])
                            if c is not None:
                                add(stored, c, _ALL)
                        elif op == "ret" and ops and isinstance(ops[0].ty, PtrTy):
                            add(rets, f.name, self._voff(off, f, ops[0]))
                        elif op == "call":
                            self._call_offsets(f, ins, off, rets, add)
                        if ins.name is None or not isinstance(ins.ty, PtrTy) or op == "call":
                            continue
                        if op == "alloca":
                            add(off, res, 1)
                        elif op == "getelementptr":
                            add(off, res, self._gep_off(self._voff(off, f, ops[0]), ins.aux,
                                                        ops[1:]))
                        elif op in ("bitcast", "addrspacecast", "freeze"):
                            add(off, res, self._voff(off, f, ops[0]))
                        elif op == "phi":
                            for v, _ in ins.incoming:
                                add(off, res, self._voff(off, f, v))
                        elif op == "select":
                            add(off, res, self._voff(off, f, ops[1]) | self._voff(off, f, ops[2]))
                        elif op == "load":
                            c = content(f, ops[0])
                            add(off, res, _ALL if c is None else stored.get(c, 0))
                        else:
                            add(off, res, _ALL)
        return off

    def _called(self) -> set[str]:
        """The functions something may call: every direct callee and every function whose
        address is taken."""
        called = set(self.address_taken)
        for f in self.module.functions:
            for b in f.blocks:
                for ins in b.instrs:
                    if ins.opcode == "call" and isinstance(ins.operands[-1], GlobalRef):
                        called.add(ins.operands[-1].name)
        return called

    def _starts_anywhere(self) -> bool:
        """Whether execution may start in any function that nothing calls and whose address
        is not taken: when no entry is known, or the module has inline assembly or SMACK's
        inline Boogie (whose text may call any function by name).  Otherwise only the entry
        and SMACK's initialisation functions (the entry runs them, translate.py) start
        with any pointers as inputs; another uncalled function never runs, so its
        parameters hold no pointer (before, every such function's parameters were any
        pointers: in the DDK drivers the unused stubs of the kernel API)."""
        if self.entry is None or self.collapsed:
            return True
        return any(isinstance(ins.operands[-1], InlineAsm) for f in self.module.functions
                   for b in f.blocks for ins in b.instrs if ins.opcode == "call")

    def _call_offsets(self, f, ins, off, rets, add) -> None:
        callee = ins.operands[-1]
        args = ins.operands[:-1]
        res = (f.name, ins.name)
        ptr_res = ins.name is not None and isinstance(ins.ty, PtrTy)
        if isinstance(callee, GlobalRef):
            g = self._funcs.get(callee.name)
            targets = [g] if g is not None and not g.is_declaration else []
            if not targets:
                if ptr_res:
                    add(off, res, 1 if callee.name in ALLOCATORS else _ALL)
                elif has_ptr(ins.ty) and ins.name is not None:
                    add(off, res, _ALL)
                return
        elif isinstance(callee, InlineAsm):     # any object, at any offset (inline_asm.py)
            if has_ptr(ins.ty) and ins.name is not None:
                add(off, res, _ALL)
            return
        else:
            targets = call_targets(self.module, self.address_taken, ins)
        for g in targets:
            for a, p in zip(args, g.params):
                if isinstance(p.ty, PtrTy):
                    add(off, (g.name, p.name), self._voff(off, f, a))
            if ptr_res:
                add(off, res, rets.get(g.name, 0))
        if not ptr_res and has_ptr(ins.ty) and ins.name is not None:
            add(off, res, _ALL)

    def _voff(self, off, f, v) -> int:
        if isinstance(v, Local):
            return off.get((f.name if f else "", v.name), 0)
        if isinstance(v, GlobalRef) or isinstance(v, (NullPtr, ZeroInit)):
            return 1
        if isinstance(v, Undef):
            return 0
        if isinstance(v, ConstExpr) and v.operands:
            if v.op == "getelementptr":
                return self._gep_off(self._voff(off, f, v.operands[0]), v.aux, v.operands[1:])
            if v.op in ("bitcast", "addrspacecast"):
                return self._voff(off, f, v.operands[0])
        return _ALL

    def _gep_off(self, mask: int, src, idx) -> int:
        t, const = src, 0
        for n, i in enumerate(idx):
            if n == 0:
                elem = t
            elif isinstance(t, StructTy) and t.fields is not None and isinstance(i, ConstInt):
                const += self.dl.field_offsets(t)[i.value]
                t = t.fields[i.value]
                continue
            elif isinstance(t, (ArrayTy, VectorTy)):
                elem = t.elem
            else:
                return _ALL
            try:
                size = self.dl.size(elem)
            except TypeError:
                return _ALL
            if isinstance(i, ConstInt):
                const += i.signed * size
            else:
                mask = _spread(mask, gcd(size, OBJECT_ALIGN))
            t = elem
        return _shift(mask, const)


def _shift(mask: int, c: int) -> int:
    """The residues of mask plus c (mod OBJECT_ALIGN)."""
    c %= OBJECT_ALIGN
    return ((mask << c) | (mask >> (OBJECT_ALIGN - c))) & _ALL if c else mask


def _spread(mask: int, g: int) -> int:
    """The residues of mask plus any multiple of g (g divides OBJECT_ALIGN)."""
    out = mask
    for k in range(g, OBJECT_ALIGN, g):
        out |= _shift(mask, k)
    return out
