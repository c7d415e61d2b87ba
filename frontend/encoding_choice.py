"""The integer encoding `auto` stands for: bit-vectors where integers are stored as bytes.

Role: what both front ends share about `--encoding auto` (`pycorral check`'s and
`translate`'s default, issue 37).  C integers are mathematical integers with explicit
wrap-around (`int`) unless the translated program stores a computed value (not a
constant) wider than a byte into byte-level memory -- a byte-level points-to class or the
whole-program byte-level model of the C front end (frontend/c/points_to.py,
byte_split.py, frontend/memory.py), a byte-level region of the LLVM front end
(frontend/llvm/regions.py, after its field split) -- and then exact bit-vectors (`bv`):
such a store is a division and a remainder by 256 per byte in the int encoding, which z3
decides slowly or not at all (`bench/programs/p3_qsort.c`: qsort of three ints through
the byte-copying C model), and an extract in bv.  Byte-level memory that only receives
constants and single bytes keeps `int`: there bit-vectors only make the address and loop
arithmetic dearer (SMACK's data/two_arrays1.c: proved in `int`, not within 40 s in `bv`).
An explicit `--encoding int|bv` is obeyed.
- The LLVM front end knows its regions and stores before it emits anything: it decides
  at once (`Regions.byte_level`).
- The C front end's points-to classes are computed over the procedures it emitted: it
  translates in `int`, looks for the stores in the program when it has byte-level memory
  (`translate.wide_byte_stores`), and a program that has them is translated once more, in
  `bv`, from the same parsed files (preprocessing, gcc's check and parsing are not
  repeated).
The front end records the choice on the entry procedure, `{:encoding "bv", "why"}`
(`mark`); the command line reads it back (`chosen`: the note, `--stats` and JSON's
`encoding` and `encoding_reason`).  `pycorral svcomp`'s `auto` starts from the same
choice and adds its own step during the search (svcomp/svcomp_mode.py): from `int` to
`bv` when a bug rests on an over-approximated operation.
"""
from __future__ import annotations

from dataclasses import replace

from boogie.ast import Attr, Program, ProcedureDecl, attr

AUTO = "auto"
ENCODINGS = ("int", "bv")
ATTR = "encoding"               # entry attribute: ("int" | "bv", why)
NO_BYTES = "no computed value wider than a byte is stored into byte-level memory"


def choose(wide_stores: str | None) -> tuple[str, str]:
    """(encoding, why) for a program whose stores of computed values wider than a byte
    into byte-level memory are described by `wide_stores` (None: it has none)."""
    if wide_stores is None:
        return "int", f"auto: {NO_BYTES}"
    return "bv", f"auto: byte-level memory, {wide_stores}"


def mark(prog: Program, encoding: str, why: str) -> Program:
    """`prog` with `{:encoding "ENC", "why"}` on its entry procedure."""
    assert encoding in ENCODINGS, encoding
    a = Attr(ATTR, (encoding, why))
    return replace(prog, decls=tuple(
        replace(x, attrs=x.attrs + (a,)) if isinstance(x, ProcedureDecl) and
        any(b.name == "entrypoint" for b in x.attrs) else x for x in prog.decls))


def chosen(prog: Program, entry: str | None = None) -> tuple[str, str] | None:
    """(encoding, why) as `auto` chose it for `prog`, read on procedure `entry` (None: the
    `{:entrypoint}`); None when the encoding was given."""
    if entry is None:
        entry = next((d.name for d in prog.decls if isinstance(d, ProcedureDecl)
                      and any(a.name == "entrypoint" for a in d.attrs)), "")
    proc = prog.procedures().get(entry)
    a = attr(proc.attrs, ATTR) if proc is not None else None
    if a is None or len(a.args) != 2 or a.args[0] not in ENCODINGS:
        return None
    return str(a.args[0]), str(a.args[1])


def note(encoding: str, why: str) -> str | None:
    """The command line's note: only when `auto` departs from the integer encoding."""
    if encoding != "bv" or not why.startswith(AUTO):
        return None
    return f"note: encoding bv ({why}; --encoding int overrides)"
