"""Random deterministic C programs from csmith, instrumented for differential testing.

Role: the generator of the differential campaign (replay/difftest.py).  Runs the `csmith`
tool (Debian packages `csmith` and `libcsmith-dev`) with a seed and with its features cut
down to what the front ends model (no floats, no volatiles, no unions, no bit-fields, no
packed structs, pointers only when asked, small functions and arrays), then rewrites the
output into one self-contained C file:

* `#include "csmith.h"` is replaced by a small runtime of our own: the fixed-width types,
  the safe-math wrappers the program actually calls (their text is taken from csmith's
  runtime header `safe_math.h`, integer ones only), and a checksum.
* csmith's CRC-32 checksum (table lookups and xors of variables, which the int encoding
  over-approximates) is replaced by a hash of the same values the CRC would have hashed
  (every global, in csmith's order): the sum of the running sums of their 32-bit halves,
  in a signed 64-bit integer that cannot overflow.  It is position-sensitive and linear;
  a polynomial hash wrapping modulo 2^32 made the int encoding's queries 30x slower.
* The final `platform_main_end(...)` reports the hash through `DIFFTEST_RESULT(h)`, a macro
  the caller defines (print it natively; assert `==`/`!=` a value when verifying).

Inputs: a seed and `GenOptions`.  Output: `Generated(seed, args, text)`; `text` uses the
`DIFFTEST_RESULT` contract of replay/difftest.py.  Same seed and options, same text.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

RUNTIME_DIRS = ("/usr/include/csmith", "/usr/local/include/csmith",
                "/usr/include/csmith-2.3.0", "/usr/local/include/csmith-2.3.0")


@dataclass(frozen=True, slots=True)
class CsmithTool:
    """Where csmith and its runtime headers are."""
    binary: str
    runtime_dir: str


@dataclass(frozen=True, slots=True)
class GenOptions:
    """Which C features csmith may use and how big its programs get.
    pointers: allow pointers (csmith's default pointer depth is capped at `pointer_depth`);
    structs: allow structs (plain, not packed, no bit-fields); math64: allow 64-bit types."""
    pointers: bool = False
    pointer_depth: int = 1
    structs: bool = True
    math64: bool = True
    max_funcs: int = 2
    max_block_depth: int = 2
    max_block_size: int = 3
    max_expr_complexity: int = 4
    max_array_dim: int = 1
    max_array_len: int = 3
    max_struct_fields: int = 3

    def csmith_args(self, seed: int) -> list[str]:
        args = ["--seed", str(seed), "--concise", "--no-argc", "--no-float",
                "--no-volatiles", "--no-volatile-pointers", "--no-unions", "--no-bitfields",
                "--no-packed-struct", "--no-builtins", "--no-inline-function",
                "--max-funcs", str(self.max_funcs),
                "--max-block-depth", str(self.max_block_depth),
                "--max-block-size", str(self.max_block_size),
                "--max-expr-complexity", str(self.max_expr_complexity),
                "--max-array-dim", str(self.max_array_dim),
                "--max-array-len-per-dim", str(self.max_array_len),
                "--max-struct-fields", str(self.max_struct_fields)]
        if self.pointers:
            args += ["--pointers", "--max-pointer-depth", str(self.pointer_depth),
                     "--no-const-pointers"]
        else:
            args.append("--no-pointers")
        if not self.structs:
            args.append("--no-structs")
        if not self.math64:
            args.append("--no-math64")
        return args


SIZES = {
    "tiny": GenOptions(max_funcs=1, max_block_depth=1, max_block_size=2,
                       max_expr_complexity=2, max_array_len=2, max_struct_fields=2),
    "small": GenOptions(),
    "medium": GenOptions(max_funcs=4, max_block_depth=3, max_block_size=4,
                         max_expr_complexity=6, max_array_dim=2, max_array_len=4,
                         max_struct_fields=5),
}


@dataclass(frozen=True, slots=True)
class Generated:
    """One generated program: its seed, the csmith arguments and the instrumented text."""
    seed: int
    args: tuple[str, ...]
    text: str


class GenerationError(Exception):
    """csmith failed or produced a program we cannot instrument (the campaign skips it)."""


def find_csmith() -> CsmithTool | None:
    """csmith and its runtime headers, or None when either is missing.  `$CSMITH_RUNTIME`
    names the runtime folder when it is somewhere else."""
    binary = shutil.which("csmith")
    if binary is None:
        return None
    dirs = [os.environ["CSMITH_RUNTIME"]] if os.environ.get("CSMITH_RUNTIME") else []
    for d in dirs + list(RUNTIME_DIRS):
        if os.path.isfile(os.path.join(d, "safe_math.h")):
            return CsmithTool(binary, d)
    return None


def generate(tool: CsmithTool, seed: int, opts: GenOptions = GenOptions(),
             timeout: float = 30.0) -> Generated:
    """Run csmith with `seed` and instrument its output (see the module docstring)."""
    args = opts.csmith_args(seed)
    try:
        out = subprocess.run([tool.binary] + args, capture_output=True, text=True,
                             timeout=timeout)
    except subprocess.TimeoutExpired:
        raise GenerationError(f"csmith did not finish in {timeout:.0f} s") from None
    if out.returncode != 0 or "int main" not in out.stdout:
        first = (out.stderr.strip().splitlines() or ["no program"])[0]
        raise GenerationError(f"csmith failed (exit {out.returncode}): {first}")
    safe_math = Path(tool.runtime_dir, "safe_math.h").read_text(errors="replace")
    return Generated(seed, tuple(args), instrument(out.stdout, safe_math))


# ----------------------------------------------------------------------------- rewriting

_SAFE_FUNC = re.compile(r"^STATIC [^\n]*\nFUNC_NAME\((\w+)\)\(.*?^\}\n", re.S | re.M)
_FLOAT_WORDS = re.compile(r"\b(float|double)\b")

RUNTIME = """\
/* difftest runtime (replaces csmith.h): fixed-width types, the safe-math wrappers this
   program calls, and a polynomial hash of the values csmith would CRC. */
#include <stdint.h>
#include <limits.h>
#define UNDEFINED(v) (v)
#define LOG_INDEX
#define LOG_EXEC
#define STATIC static
#define FUNC_NAME(x) (safe_##x)
{safe_math}
#undef FUNC_NAME
static uint32_t crc32_context = 0;
static long long difftest_sum = 0, difftest_hash = 0;
static void crc32_gentab(void) {{ }}
static void platform_main_begin(void) {{ }}
static void transparent_crc(uint64_t val, char *vname, int flag)
{{
    difftest_sum += (long long)(uint32_t)val + (long long)(uint32_t)(val >> 32);
    difftest_hash += difftest_sum;
}}
static void platform_main_end(uint32_t crc, int flag)
{{
    DIFFTEST_RESULT(difftest_hash);
}}
"""


def safe_math_functions(safe_math_h: str) -> dict[str, str]:
    """csmith's integer safe-math wrappers by name (`safe_add_func_int8_t_s_s` -> its
    definition text); the floating-point ones are left out."""
    funcs = {}
    for m in _SAFE_FUNC.finditer(safe_math_h):
        if not _FLOAT_WORDS.search(m.group(0)):
            funcs["safe_" + m.group(1)] = m.group(0)
    return funcs


def instrument(csmith_text: str, safe_math_h: str) -> str:
    """csmith's program with our runtime in place of `csmith.h` (see the module docstring)."""
    if '#include "csmith.h"' not in csmith_text:
        raise GenerationError("no #include \"csmith.h\" in csmith's output")
    code = re.sub(r"//[^\n]*", "", csmith_text)      # the options comment says --no-float
    if "transparent_crc_bytes" in code or _FLOAT_WORDS.search(code):
        raise GenerationError("program hashes raw bytes or uses floating point")
    funcs = safe_math_functions(safe_math_h)
    used = sorted(set(re.findall(r"\bsafe_\w+", csmith_text)))
    missing = [u for u in used if u not in funcs]
    if missing:
        raise GenerationError(f"safe-math wrapper not found in the runtime: {missing[0]}")
    runtime = RUNTIME.format(safe_math="\n".join(funcs[u] for u in used))
    return csmith_text.replace('#include "csmith.h"', runtime, 1)
