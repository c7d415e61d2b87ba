"""Compares the C front end's struct layout with gcc's, where the source shapes it.

Role: a check after the file-scope declarations are read (translate.translate_files).  Our
layout (typesys.TypeTable, with frontend/c/layout_attrs.py) follows gcc's rules for the
common spellings of `#pragma pack`, `packed` and `aligned`; gcc honours more placements
than the parser keeps (an attribute on a typedef, GNU's attribute positions in a
declaration).  When a translation unit uses any of them, or is Microsoft C (whose
`-malign-double` layout is ours too), gcc checks every size, alignment and member offset
of the file-scope structs and unions we laid out (tags and typedef names), in one
`gcc -fsyntax-only` run over the file followed by assertions
(`typedef char n[(sizeof(T) == 12 && __alignof__(T) == 4) ? 1 : -1];`).  A disagreement is
unsupported (the verdict is UNKNOWN: a program read with another layout than its
compiler's is another program), naming the struct and both figures.  Bit-field members
have no offset to compare (their struct's size is compared).  Without gcc, or when gcc
fails otherwise, the check is skipped.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess

from boogie.ast import Loc
from frontend.cflags import CFlags
from frontend.line_directives import include_flags, physical_source

from .compiler import SYNTAX_CHECK_TIMEOUT, diagnostic_flags, gcc_env, preprocessor_flags
from .typesys import StructT, TypeTable, unsupported

_SHAPING = re.compile(r"\b(?:__)?(?:packed|aligned)(?:__)?\b|^[ \t]*#[ \t]*pragma[ \t]+pack\b",
                      re.M)
_NEGATIVE = re.compile(r"'__pycorral_layout_(\d+)'")


def needs_check(text: str, cflags: CFlags) -> bool:
    """Whether a translation unit's layout is shaped by pragmas or attributes (or the
    Microsoft dialect), so that gcc should confirm it."""
    return cflags.ms_extensions or _SHAPING.search(text) is not None


def _members(types: TypeTable, st: StructT, prefix: str = ""):
    """(C member name, offset) of every named non-bit-field member, through anonymous
    members (whose members are named through the outer struct)."""
    info = types.structs[st.key]
    for f in info.fields:
        if f.name.startswith("$bits"):
            continue
        if f.name.startswith("$anon"):
            if isinstance(f.type, StructT):
                for name, off in _members(types, f.type):
                    yield name, f.offset + off
            continue
        yield f.name, f.offset


def assertions(types: TypeTable, names: list[tuple[str, StructT, Loc]]) -> tuple[str, list]:
    """The C text of the assertions, and what each one states (C name, what, ours, loc)."""
    lines, facts = [], []
    for c_name, st, loc in names:
        info = types.structs.get(st.key)
        if info is None or not info.complete:
            continue
        facts.append((c_name, "size and alignment", f"{info.size} and {info.align}", loc))
        lines.append(f"typedef char __pycorral_layout_{len(facts) - 1}[(sizeof({c_name}) == "
                     f"{info.size} && __alignof__({c_name}) == {info.align}) ? 1 : -1];")
        for member, off in _members(types, st):
            facts.append((c_name, f"offset of {member}", str(off), loc))
            lines.append(f"typedef char __pycorral_layout_{len(facts) - 1}[(__builtin_offsetof("
                         f"{c_name}, {member}) == {off}) ? 1 : -1];")
    return "\n".join(lines) + "\n", facts


def check_layout(path: str, data_model: str, cflags: CFlags, types: TypeTable,
                 names: list[tuple[str, StructT, Loc]]) -> None:
    """Raise unsupported if gcc lays out one of `names` (file-scope structs of `path`)
    otherwise than `types` does."""
    gcc = shutil.which("gcc")
    if gcc is None or not names:
        return
    text, facts = assertions(types, names)
    physical = physical_source(path, ms_extensions=cflags.ms_extensions)
    target = os.path.abspath(physical)
    source = f"#include \"{target}\"\n{text}"
    cmd = [gcc, "-fsyntax-only", "-std=" + (cflags.std or "gnu11"), *diagnostic_flags(),
           "-D__fp16=float", *preprocessor_flags(data_model, cflags),
           *include_flags(path, physical), "-x", "c", "-"]
    try:
        out = subprocess.run(cmd, input=source.encode("latin-1", "replace"),
                             capture_output=True, env=gcc_env(), timeout=SYNTAX_CHECK_TIMEOUT)
    except (OSError, subprocess.TimeoutExpired):
        return
    if out.returncode == 0:
        return
    m = _NEGATIVE.search(out.stderr.decode("utf-8", errors="replace"))
    if m is None:               # gcc failed otherwise (not on an assertion): no verdict
        return
    c_name, what, ours, loc = facts[int(m.group(1))]
    raise unsupported(loc, f"layout of {c_name} differs from gcc's ({what}: ours {ours}); "
                      "an attribute or pragma the front end does not read shapes it")
