"""The field split (frontend/llvm/field_split.py) knows where execution starts: a function
that nothing calls, whose address is not taken and that is not the entry never runs, so its
parameters are no "any pointer" that would spread every address it stores (the DDK
drivers' unused kernel-API stubs).  The entry, and any uncalled function of a module with
inline assembly, keep them (a function whose address is taken gets the arguments of the
calls through pointers, as before).
Also scripts/byte_regions.py, the diagnosis of byte-level regions."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from test_frontend_llvm import _LP64, _map_types

ROOT = Path(__file__).resolve().parents[1]

_UNUSED = "define void @unused(ptr %p) {\n  store ptr %p, ptr @slot\n  ret void\n}\n"
_MAIN = ("define i32 @main() {\n  %a = call ptr @malloc(i64 16)\n"
         "  %f = getelementptr %struct.n, ptr %a, i64 0, i32 1\n  store ptr %a, ptr %f\n"
         "  store ptr %a, ptr @slot\n  %q = load ptr, ptr @slot\n  store i32 1, ptr %q\n"
         "  %v = load i32, ptr %a\n")
_HEAD = "%struct.n = type { i32, ptr }\ndeclare ptr @malloc(i64)\n@slot = global ptr null\n"


def _split(body: str) -> bool:
    """Whether the malloc'd struct's region got one map per access size."""
    maps = _map_types(_HEAD + body)
    return any(re.fullmatch(r"\$M\.\d+\.(4|8)", n) for n in maps)


def test_an_uncalled_function_does_not_spread_addresses():
    assert _split(_UNUSED + _MAIN + "  ret i32 %v\n}\n")
    assert _split(_MAIN + "  ret i32 %v\n}\n")


def test_inline_assembly_may_run_any_function():
    """Its text may call @unused by name, with any pointer."""
    assert not _split(_UNUSED + _MAIN + '  call void asm sideeffect "nop", ""()\n'
                      "  ret i32 %v\n}\n")


def test_the_entry_keeps_any_pointer():
    """@main(ptr %p) stores its parameter itself: any address, as from an uncalled
    function that may run."""
    assert not _split(_MAIN.replace("@main()", "@main(ptr %p)")
                      + "  store ptr %p, ptr @slot\n  ret i32 %v\n}\n")


def test_byte_regions_script_names_the_sources(tmp_path):
    ll = tmp_path / "m.ll"
    ll.write_text(_LP64 + _HEAD + _MAIN.replace("@main()", "@main(ptr %p)")
                  + "  store ptr %p, ptr @slot\n  ret i32 %v\n}\n")
    out = subprocess.run([sys.executable, str(ROOT / "scripts" / "byte_regions.py"), str(ll)],
                         capture_output=True, text=True, check=True).stdout
    assert "region 1: byte-level, access sizes [4, 8]" in out, out
    assert "overlapping pairs" in out and "spread accesses in main" in out, out
    assert "source: main: entry parameters ['p']" in out, out

