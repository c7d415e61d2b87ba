"""C names, C types and C lvalues of LLVM values, from clang's debug information (`-g`).

Role: what the LLVM front end tells the trace (boogie/trace_attrs.py).  clang -O0 keeps
every C variable in an `alloca` (or a global) described by a `#dbg_declare` record and a
`!DILocalVariable` / `!DIGlobalVariable`; reads and writes go through `load`/`store` of
addresses built by `getelementptr` from those objects or from loaded pointers.  Walking back
from a store's address over that chain spells the C lvalue: `p.y` (a field of local p),
`n->val` (a field of the struct that pointer n points to), `arr[{s32}]` (an element, the
index read from the model), `*q`.  Field names come from the `!DICompositeType` members
(matched to LLVM struct fields by offset), value tags (signed/unsigned width, pointer) from
the `!DIBasicType` encodings.  Anything the chain does not explain gives None (the trace
then names the place by its address's object).

Input: `ir.Module` (its `debug` tables and each function's `dbg_vars`) and the data layout.
"""
from __future__ import annotations

from dataclasses import dataclass

from .ir import (ArrayTy, ConstExpr, ConstInt, DebugInfo, DIType, DIVar, Function, GlobalRef,
                 Instr, IntTy, Local, Module, PtrTy, StructTy, Ty, Value)
from .layout import DataLayout

_QUALIFIERS = ("typedef", "const", "volatile", "restrict", "atomic", "other")
_SIGNED = ("DW_ATE_signed", "DW_ATE_signed_char")
_UNSIGNED = ("DW_ATE_unsigned", "DW_ATE_unsigned_char", "DW_ATE_boolean", "DW_ATE_UTF")


@dataclass(frozen=True, slots=True)
class Place:
    """An lvalue: its C text (with `{tag}` holes), the hole values (LLVM index operands), its
    DI type ref ("" unknown), and `via`: the pointer text when the place is `*via` (so a
    member is spelled `via->m`)."""
    text: str
    holes: tuple[Value, ...]
    type: str
    via: str | None = None


def llvm_tag(t: Ty) -> str:
    """A value tag from the LLVM type alone (integers read as signed)."""
    if isinstance(t, PtrTy):
        return "p"
    if isinstance(t, IntTy):
        return "b" if t.bits == 1 else f"s{t.bits}"
    return ""


class CSource:
    """The debug tables of a module, read for traces."""

    def __init__(self, module: Module, dl: DataLayout):
        self.debug: DebugInfo = module.debug
        self.dl = dl
        self.types = module.debug.types

    def resolve(self, ref: str) -> DIType | None:
        """The type behind typedefs and qualifiers."""
        seen = 0
        t = self.types.get(ref)
        while t is not None and t.kind in _QUALIFIERS and seen < 50:
            t = self.types.get(t.base) if t.base else None
            seen += 1
        return t

    def tag(self, ref: str, fallback: Ty | None = None) -> str:
        t = self.resolve(ref)
        if t is None:
            return llvm_tag(fallback) if fallback is not None else ""
        if t.kind == "pointer":
            return "p"
        if t.kind in ("basic", "enum") and t.size:
            if t.kind == "enum" or t.encoding in _SIGNED:
                return f"s{t.size}"
            if t.encoding in _UNSIGNED:
                return f"u{t.size}"
        return llvm_tag(fallback) if fallback is not None else ""

    def leaves(self, ref: str, limit: int = 16) -> list[tuple[int, str, str, int]] | None:
        """(byte offset, path, tag, byte size) of the scalar leaves of an aggregate type
        (`.x`, `[1].next`), or None (a bit-field, an unknown part, more than `limit`)."""
        out: list[tuple[int, str, str, int]] = []
        stack: list[tuple[str, int, str]] = [(ref, 0, "")]
        while stack:
            r, off, path = stack.pop()
            t = self.resolve(r)
            if t is None:
                return None
            if t.kind == "struct":
                for mref in reversed(t.members):
                    m = self.types.get(mref)
                    if m is None or m.kind != "member" or m.bitfield or not m.name:
                        return None
                    stack.append((m.base, off + m.offset // 8, f"{path}.{m.name}"))
            elif t.kind == "array" and t.count > 0:
                et = self.resolve(t.base)
                esize = t.size // t.count // 8 if t.size else 0
                if et is None or esize <= 0:
                    return None
                for i in reversed(range(t.count)):
                    stack.append((t.base, off + i * esize, f"{path}[{i}]"))
            elif t.kind in ("basic", "enum", "pointer") and t.size:
                out.append((off, path, self.tag(r), (t.size or self.dl.ptr_bits) // 8))
            else:
                return None
            if len(out) > limit:
                return None
        return sorted(out) or None

    def global_name(self, name: str) -> str:
        v = self.debug.globals.get(name)
        return v.name if v is not None else name

    def signature(self, f: Function) -> tuple[str, tuple[tuple[str, str], ...]]:
        """(return tag, ((parameter name, tag), ...)) of a defined function: names from
        its parameters' `!DILocalVariable`s (arg: N), tags from its subprogram type."""
        sub = self.types.get(self.debug.subprograms.get(f.name, ""))
        sig = sub.members if sub is not None and sub.kind == "subroutine" else ()
        by_arg = {v.arg: v.name for _, v in f.dbg_vars if v.arg > 0}
        params = []
        for i, p in enumerate(f.params, 1):
            ref = sig[i] if i < len(sig) else ""
            params.append((by_arg.get(i, p.name), self.tag(ref, p.ty)))
        ret = self.tag(sig[0], f.ty.ret) if sig else llvm_tag(f.ty.ret)
        return ret, tuple(params)

    def function(self, f: Function) -> "FunctionSource":
        return FunctionSource(self, f)


class FunctionSource:
    """C lvalues of one function's pointers (memoized per value name)."""

    def __init__(self, cs: CSource, f: Function):
        self.cs = cs
        self.f = f
        self.vars: dict[str, DIVar] = {}
        for name, v in f.dbg_vars:
            self.vars.setdefault(name, v)
        self.defs: dict[str, Instr] = {ins.name: ins for b in f.blocks for ins in b.instrs
                                       if ins.name is not None}
        self.params = {p.name for p in f.params}
        self._memo: dict[str, Place | None] = {}

    def var(self, name: str) -> DIVar | None:
        return self.vars.get(name)

    def is_param_spill(self, ptr: Value, value: Value) -> bool:
        """`store %a, %a.addr` at entry: a parameter copied to its variable (the call
        already shows the argument)."""
        v = self.vars.get(ptr.name) if isinstance(ptr, Local) else None
        return v is not None and v.arg > 0 and isinstance(value, Local) and \
            value.name in self.params

    # ------------------------------------------------------------------ places
    def place(self, ptr: Value) -> Place | None:
        """The C lvalue at address `ptr`, or None."""
        if isinstance(ptr, GlobalRef):
            v = self.cs.debug.globals.get(ptr.name)
            return Place(v.name, (), v.type) if v is not None else None
        if isinstance(ptr, ConstExpr) and ptr.op == "getelementptr":
            return self._gep(ptr.operands[0], ptr.aux, ptr.operands[1:])
        if not isinstance(ptr, Local):
            return None
        if ptr.name in self._memo:
            return self._memo[ptr.name]
        self._memo[ptr.name] = None          # a cycle (phi) explains nothing
        got = self._place_of_local(ptr.name)
        self._memo[ptr.name] = got
        return got

    def _place_of_local(self, name: str) -> Place | None:
        v = self.vars.get(name)
        ins = self.defs.get(name)
        if v is not None and (ins is None or ins.opcode == "alloca"):
            return Place(v.name, (), v.type)
        if ins is None:
            return None
        if ins.opcode == "getelementptr":
            return self._gep(ins.operands[0], ins.aux, ins.operands[1:])
        if ins.opcode in ("bitcast", "addrspacecast") and ins.operands:
            return self.place(ins.operands[0])
        if ins.opcode == "load" and ins.operands:
            return self._deref(ins.operands[0])
        return None

    def _deref(self, addr: Value) -> Place | None:
        """The object a pointer loaded from `addr` points to: `*p` (of p's pointee type)."""
        holder = self.place(addr)
        if holder is None:
            return None
        t = self.cs.resolve(holder.type)
        if t is None or t.kind != "pointer":
            return None
        via = holder.text
        return Place(f"*{via}" if _simple(via) else f"*({via})", holder.holes, t.base, via)

    def _gep(self, base: Value, src: Ty | None, idx: tuple[Value, ...]) -> Place | None:
        p = self.place(base)
        if p is None or src is None or not idx:
            return None
        first = idx[0]
        if not (isinstance(first, ConstInt) and first.value == 0):
            if p.via is None:
                return None                      # arithmetic on an object's own address
            p = self._index(Place(p.via, p.holes, p.type), first)
        t: Ty = src
        for i in idx[1:]:
            if isinstance(t, StructTy):
                if not isinstance(i, ConstInt) or t.fields is None:
                    return None
                p = self._member(p, t, i.value)
                t = t.fields[i.value]
            elif isinstance(t, ArrayTy):
                at = self.cs.resolve(p.type) if p is not None else None
                if at is None or at.kind != "array":
                    return None
                p = self._index(Place(p.text, p.holes, at.base), i)
                t = t.elem
            else:
                return None
            if p is None:
                return None
        return p

    def _index(self, p: Place, i: Value) -> Place:
        """Element i of the array (or of the pointer's target) `p`; p.type is the element
        type."""
        if isinstance(i, ConstInt):
            return Place(f"{p.text}[{i.signed}]", p.holes, p.type)
        tag = llvm_tag(i.ty) if isinstance(i.ty, IntTy) else "s64"
        return Place(f"{p.text}[{{{tag}}}]", p.holes + (i,), p.type)

    def _member(self, p: Place, st: StructTy, k: int) -> Place | None:
        t = self.cs.resolve(p.type)
        if t is None or t.kind not in ("struct", "union"):
            return None
        off = self.cs.dl.field_offsets(st)[k] * 8
        size = self.cs.dl.size(st.fields[k]) * 8 if st.fields else 0
        cands = [m for ref in t.members if (m := self.cs.types.get(ref)) is not None
                 and m.kind == "member" and not m.bitfield and m.offset == off]
        if len(cands) > 1:
            cands = [m for m in cands if m.size == size] or cands
        if len(cands) != 1:
            return None
        m = cands[0]
        text = f"{p.via}->{m.name}" if p.via is not None else f"{p.text}.{m.name}"
        return Place(text, p.holes, m.base)


def _simple(text: str) -> bool:
    return text.replace("_", "a").replace(".", "a").replace("->", "aa").isalnum()


# ----------------------------------------------------------------------------- branches

# clang's names of the blocks a branch goes to, without their numeric suffix: the C
# construct and which way the condition went
_TARGETS = {"if.then": ("if", "true"), "if.else": ("if", "false"), "if.end": ("if", "false"),
            "for.body": ("for", "true"), "for.end": ("for", "false"),
            "for.cond.cleanup": ("for", "false"),
            "while.body": ("while", "true"), "while.end": ("while", "false"),
            "do.body": ("do", "true"), "do.end": ("do", "false"),
            "land.lhs.true": ("&&", "true"), "land.rhs": ("&&", "true"),
            "land.end": ("&&", "false"), "lor.lhs.false": ("||", "false"),
            "lor.rhs": ("||", "false"), "lor.end": ("||", "true"),
            "cond.true": ("?:", "true"), "cond.false": ("?:", "false"),
            "cond.end": ("?:", "")}


def _base_label(label: str) -> str:
    return label.rstrip("0123456789")


def edge_meaning(label: str, first: bool) -> tuple[str, str]:
    """(C construct, outcome) of the edge of a conditional branch to block `label`
    (clang's block names): ("if", "true") for `if.then`, ("for", "false") for `for.end`;
    an edge inside a condition (`&&`, `||`, `?:`) is one the trace does not show; other
    names: ("branch", "true" for the first target, "false" for the second)."""
    hit = _TARGETS.get(_base_label(label))
    if hit is not None:
        return hit
    return "branch", "true" if first else "false"

