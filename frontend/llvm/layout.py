"""Sizes, alignments and field offsets of LLVM types under a module's data layout string.

Role: getelementptr offsets, alloca/global sizes and memcpy granularity come from here.
Follows the LLVM LangRef "Data Layout" section: `p[n]:<size>:<abi>`, `i<size>:<abi>`,
`f<size>:<abi>`, `a:<abi>`; unspecified integer alignments take the next larger specified
one (or the largest), as LLVM does; struct fields are padded to their ABI alignment unless
the struct is packed.
"""
from __future__ import annotations

from .ir import ArrayTy, FloatTy, IntTy, PtrTy, StructTy, Ty, VectorTy


class DataLayout:
    def __init__(self, spec: str):
        self.ptr_bits = 64
        self.ptr_align = 8
        self.int_align: dict[int, int] = {1: 1, 8: 1, 16: 2, 32: 4, 64: 4}
        self.float_align: dict[int, int] = {16: 2, 32: 4, 64: 8, 80: 16, 128: 16}
        explicit_i64 = False
        for part in spec.split("-"):
            if not part:
                continue
            if part.startswith("p") and (len(part) == 1 or part[1] in ":0123456789"):
                head, *nums = part.split(":")
                if head in ("p", "p0") and nums:
                    self.ptr_bits = int(nums[0])
                    self.ptr_align = int(nums[1]) // 8 if len(nums) > 1 else self.ptr_bits // 8
            elif part[0] == "i" and part[1:2].isdigit():
                head, *nums = part.split(":")
                self.int_align[int(head[1:])] = int(nums[0]) // 8
                explicit_i64 |= head == "i64"
            elif part[0] == "f" and part[1:2].isdigit():
                head, *nums = part.split(":")
                self.float_align[int(head[1:])] = int(nums[0]) // 8
        if not explicit_i64 and self.ptr_bits == 64:
            self.int_align[64] = 8
        # LLVM's default for i64 is 4 only in old layouts; clang always states it on x86-64
        if not explicit_i64 and self.ptr_bits == 32:
            self.int_align[64] = 4

    # ------------------------------------------------------------------ queries
    def size(self, t: Ty) -> int:
        """The allocation size in bytes (`alloc size`: store size rounded to alignment)."""
        if isinstance(t, IntTy):
            return _round((t.bits + 7) // 8, self.align(t))
        if isinstance(t, PtrTy):
            return self.ptr_bits // 8
        if isinstance(t, ArrayTy):
            return t.count * self.size(t.elem)
        if isinstance(t, VectorTy):
            return _round(t.count * self.size(t.elem), self.align(t))
        if isinstance(t, StructTy):
            offs, size = self._struct(t)
            return size
        if isinstance(t, FloatTy):
            bits = {"half": 16, "bfloat": 16, "float": 32, "double": 64, "x86_fp80": 80,
                    "fp128": 128, "ppc_fp128": 128}[t.kind]
            return _round((bits + 7) // 8, self.align(t))
        raise TypeError(f"no size for type {t}")

    def store_size(self, t: Ty) -> int:
        if isinstance(t, IntTy):
            return (t.bits + 7) // 8
        return self.size(t)

    def align(self, t: Ty) -> int:
        if isinstance(t, IntTy):
            if t.bits in self.int_align:
                return self.int_align[t.bits]
            larger = [b for b in self.int_align if b > t.bits]
            if larger:
                return self.int_align[min(larger)]
            return self.int_align[max(self.int_align)]
        if isinstance(t, PtrTy):
            return self.ptr_align
        if isinstance(t, ArrayTy):
            return self.align(t.elem)
        if isinstance(t, VectorTy):
            return max(1, min(16, _pow2(self.size(t.elem) * t.count)))
        if isinstance(t, StructTy):
            if t.packed:
                return 1
            return max((self.align(f) for f in t.fields or ()), default=1)
        if isinstance(t, FloatTy):
            bits = {"half": 16, "bfloat": 16, "float": 32, "double": 64, "x86_fp80": 80,
                    "fp128": 128, "ppc_fp128": 128}[t.kind]
            return self.float_align.get(bits, 8)
        raise TypeError(f"no alignment for type {t}")

    def field_offsets(self, t: StructTy) -> tuple[int, ...]:
        return self._struct(t)[0]

    def _struct(self, t: StructTy) -> tuple[tuple[int, ...], int]:
        if t.fields is None:
            raise TypeError(f"opaque struct {t}")
        off = 0
        offs = []
        for f in t.fields:
            if not t.packed:
                off = _round(off, self.align(f))
            offs.append(off)
            off += self.size(f)
        return tuple(offs), _round(off, self.align(t))


def _round(n: int, a: int) -> int:
    return (n + a - 1) // a * a if a > 1 else n


def _pow2(n: int) -> int:
    p = 1
    while p < n:
        p *= 2
    return p
