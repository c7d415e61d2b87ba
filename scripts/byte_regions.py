"""Why the LLVM front end keeps a region byte-level: a diagnosis for the field split.

    python scripts/byte_regions.py FILE.c|FILE.ll [--data-model ILP32] [--ms-extensions]
        [--extern-pure] [--entry main]

For every byte-level region of the points-to analysis (frontend/llvm/regions.py) it prints
what stops `field_split.py` from turning it into word maps, the two reasons that module has:
- *bulk*: a memset/memcpy/memmove/calloc/realloc touches it (such regions stay byte-level);
- *spread*: accesses whose address residues modulo OBJECT_ALIGN overlap partially, and the
  *sources* of the spread: the pointer values whose residues are "any" (or many) while
  their operands' are not (an entry's parameter, a nondeterministic pointer, an
  `inttoptr`, a function without a body, a variable index), and whether the region's
  contents are written by functions without a body (escaped, not --extern-pure: any
  pointer is stored there, so every pointer loaded from it has every residue).

A residue set is "spread" here when it has more than 4 members.  The analysis is the one
the translator runs; this script only reads its tables (a diagnosis, no verdict).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from frontend.cflags import BuildFlags                       # noqa: E402
from frontend.llvm import field_split                        # noqa: E402
from frontend.llvm.compile import load_modules               # noqa: E402
from frontend.llvm.ir import PtrTy                           # noqa: E402
from frontend.llvm.layout import DataLayout                  # noqa: E402
from frontend.llvm.objects import OBJECT_ALIGN               # noqa: E402
from frontend.llvm.reader import read_module                 # noqa: E402
from frontend.llvm.regions import Regions                    # noqa: E402

SPREAD = 4          # more residues than this: a spread address


def _count(mask: int) -> int:
    return bin(mask).count("1")


def diagnose(module, extern_pure: bool = False, entry: str = "main") -> list[str]:
    """One line per finding, region by region (byte-level regions only)."""
    dl = DataLayout(module.data_layout)
    r = Regions(module, dl, extern_pure, entry)
    off = r._offsets()
    byte = {k: reg for k, reg in r.regions.items() if reg.byte_level}
    out: list[str] = []
    bulk = {r.uf.find(k) for k in r._bulk if k is not None}
    escaped = {r.uf.find(k) for k in r.escaped_keys}
    for root, reg in sorted(byte.items(), key=lambda kv: kv[1].index):
        out.append(f"region {reg.index}: byte-level, access sizes {sorted(reg.sizes)}")
        if root in bulk:
            out.append(f"region {reg.index}: bulk (memset/memcpy/calloc/realloc touch it)")
        if not extern_pure and root in escaped:
            out.append(f"region {reg.index}: escaped (functions without a body reach it)")
        foot: set[tuple[int, int]] = set()
        per_fn: dict[str, int] = {}
        for k, f, ptr, extra, size in r._accs:
            if r.uf.find(k) != root:
                continue
            m = field_split._shift(r._voff(off, f, ptr), extra)
            foot |= {(a, size) for a in range(OBJECT_ALIGN) if m >> a & 1}
            if _count(m) > SPREAD:
                per_fn[f.name] = per_fn.get(f.name, 0) + 1
        fps = sorted(foot)
        touched = [{(a + i) % OBJECT_ALIGN for i in range(n)} for a, n in fps]
        overlaps = sum(1 for i in range(len(fps)) for j in range(i + 1, len(fps))
                       if touched[i] & touched[j])
        out.append(f"region {reg.index}: {len(fps)} (residue, size) footprints, "
                   f"{overlaps} overlapping pairs")
        for name, n in sorted(per_fn.items()):
            out.append(f"region {reg.index}: {n} spread accesses in {name}")
    for f in module.functions:
        for b in f.blocks:
            for ins in b.instrs:
                if not ins.name or not isinstance(ins.ty, PtrTy) or \
                        ins.opcode in ("load", "phi", "select", "bitcast", "freeze"):
                    continue
                if _count(off.get((f.name, ins.name), 0)) <= SPREAD:
                    continue
                ops = [_count(r._voff(off, f, o)) for o in ins.operands
                       if isinstance(getattr(o, "ty", None), PtrTy)]
                if all(n <= SPREAD for n in ops):
                    what = ins.operands[-1] if ins.opcode == "call" else ins.opcode
                    what = getattr(what, "name", what)
                    out.append(f"source: {f.name}: %{ins.name} = {ins.opcode} ({what})")
        if f.params and all(_count(off.get((f.name, p.name), 0)) == OBJECT_ALIGN
                            for p in f.params if isinstance(p.ty, PtrTy)) and \
                (f.name == entry or r._starts_anywhere()):
            ptrs = [p.name for p in f.params if isinstance(p.ty, PtrTy)]
            if ptrs:
                out.append(f"source: {f.name}: entry parameters {ptrs} (any pointer)")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file")
    ap.add_argument("--data-model", default="ILP32")
    ap.add_argument("--ms-extensions", action="store_true")
    ap.add_argument("--extern-pure", action="store_true")
    ap.add_argument("--entry", default="main")
    a = ap.parse_args(argv)
    if a.file.endswith(".ll"):
        module = read_module(a.file)
    else:
        flags = BuildFlags().with_ms_extensions() if a.ms_extensions else BuildFlags()
        module = load_modules([a.file], a.data_model, flags)
    for line in diagnose(module, a.extern_pure, a.entry):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
