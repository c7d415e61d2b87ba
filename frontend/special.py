"""The functions the front ends give a meaning of their own, declared once: name -> kind.

Role: the one registry of special functions (the verifier's harness, the allocators, the
output functions, the library functions no default fits).  Each front end is a thin
adapter from a `Kind` to its own Boogie: frontend/c/builtins.py (the C front end) and
frontend/llvm/calls.py with frontend/llvm/callee_names.py (the LLVM front end), so the two
agree on every name here; tests/test_special_functions.py walks the registry through both.

Kinds (what a call of an undefined function of that name means):
- ERROR: reaching the call is the error the verifier looks for (`assert false`), even
  when the program defines the function (`reach_error` has a body in SV-COMP tasks);
- ASSERT / ASSUME: `assert` / `assume` of the first argument (non-zero);
- STOP: the path ends without an error (`assume false`); `exits`: a normal termination
  of the program (the memory-cleanup property is checked there);
- NONDET: `__VERIFIER_nondet_<type>`: a fresh value of the result type, from a `havoc`
  marked `{:nondet}` (a prefix rule; each front end reads the type);
- ALLOC: a fresh object from the allocation counter, never reused (`stack`: alloca's,
  which dies with its frame); ALLOC_ZEROED: calloc's, zeroed; REALLOC: realloc's;
- FREE: nothing (addresses are never reused); the allocation map's free under the memory
  checks;
- OUTPUT: the printf family: arguments read, an arbitrary int result, memory unchanged
  (the SV-COMP convention); a format that is a string constant with a `%n` conversion,
  which writes through a pointer, makes the call unsupported (`FORMAT_ARG`,
  `writes_through_format`); a format that is not a constant is taken to have none;
- NO_DEFAULT: no model, and the default for a function without a body (arbitrary result,
  reachable memory havocked: frontend/externs.py) would be wrong -- it calls back into the
  program, transfers control, or allocates with an alignment: unsupported (UNKNOWN) unless
  a model library (frontend/models.py) defines the function.
A name not here is a user function, a model library's, a front end's own intrinsic
(threads, SMACK's inline Boogie, varargs, bit builtins, LLVM intrinsics) or gets the
sound default.  Names only one front end can meet are still declared once: a C builtin
that clang lowers (`__builtin_trap` -> `llvm.trap`) and the IR spelling it becomes have the
same kind.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Kind(Enum):
    ERROR = "error"
    ASSERT = "assert"
    ASSUME = "assume"
    STOP = "stop"
    NONDET = "nondet"
    ALLOC = "alloc"
    ALLOC_ZEROED = "alloc_zeroed"
    REALLOC = "realloc"
    FREE = "free"
    OUTPUT = "output"
    NO_DEFAULT = "no_default"


@dataclass(frozen=True, slots=True)
class Special:
    """One registered name.  `stack`: ALLOC on the stack (alloca); `exits`: STOP that
    terminates the program normally (exit); `ir_only`: a spelling only LLVM IR has (an
    intrinsic clang emits), never called from C source; `why`: NO_DEFAULT's reason."""
    name: str
    kind: Kind
    stack: bool = False
    exits: bool = False
    ir_only: bool = False
    why: str = ""


def _entries() -> dict[str, Special]:
    out: dict[str, Special] = {}

    def add(kind: Kind, names: str, **data) -> None:
        for n in names.split():
            assert n not in out, f"{n} registered twice"
            out[n] = Special(n, kind, **data)

    add(Kind.ERROR, "reach_error __VERIFIER_error __assert_fail __assert_perror_fail __assert "
                    "__assert_rtn __builtin_abort_error")
    add(Kind.ASSERT, "__VERIFIER_assert __pycorral_assert __builtin_assert assert")
    add(Kind.ASSUME, "__VERIFIER_assume __builtin_assume assume")
    add(Kind.ASSUME, "llvm.assume", ir_only=True)
    add(Kind.STOP, "exit _exit _Exit __builtin_exit", exits=True)
    add(Kind.STOP, "abort __builtin_abort __builtin_trap __builtin_unreachable "
                   "__VERIFIER_silent_exit")
    add(Kind.STOP, "llvm.trap llvm.ubsantrap", ir_only=True)
    add(Kind.ALLOC, "malloc __builtin_malloc valloc")
    add(Kind.ALLOC, "alloca __builtin_alloca", stack=True)
    add(Kind.ALLOC_ZEROED, "calloc")
    add(Kind.REALLOC, "realloc __builtin_realloc")
    add(Kind.FREE, "free")
    add(Kind.OUTPUT, "printf fprintf vprintf puts putchar fputs fflush perror fputc putc")
    add(Kind.NO_DEFAULT, "qsort bsearch atexit signal", why="it calls a function of the "
        "program (a callback the default for a function without a body never calls)")
    add(Kind.NO_DEFAULT, "fork raise kill",
        why="it transfers control (process, signal)")
    add(Kind.NO_DEFAULT, "fesetround fesetenv feupdateenv", why="it changes the rounding "
        "mode of floating-point operations (modelled as round to nearest, ties to even)")
    add(Kind.NO_DEFAULT, "memalign posix_memalign aligned_alloc",
        why="an allocator without a model (its object would be the default's external one)")
    return out


REGISTRY: dict[str, Special] = _entries()

# OUTPUT functions with a format: the index of the format argument
FORMAT_ARG = {"printf": 0, "vprintf": 0, "fprintf": 1}


def writes_through_format(fmt: str) -> bool:
    """Whether a printf format has a `%n` conversion (flags, width, precision and length
    modifiers may come between; `%%` is text)."""
    i = 0
    while i < len(fmt):
        if fmt[i] != "%":
            i += 1
            continue
        i += 1
        while i < len(fmt) and fmt[i] in "-+ #0123456789.*'hlLqjzt$I":
            i += 1
        if i < len(fmt) and fmt[i] == "n":
            return True
        i += 1
    return False
NONDET_PREFIX = "__VERIFIER_nondet"


def special(name: str) -> Special | None:
    """The registered meaning of a call of `name`, or None."""
    found = REGISTRY.get(name)
    if found is None and name.startswith(NONDET_PREFIX):
        return Special(name, Kind.NONDET)
    return found


def names(*kinds: Kind) -> frozenset[str]:
    """The registered names of these kinds (NONDET's prefix rule has none)."""
    return frozenset(n for n, s in REGISTRY.items() if s.kind in kinds)


def kind_of(name: str) -> Kind | None:
    s = special(name)
    return None if s is None else s.kind


EXITS: tuple[str, ...] = tuple(n for n, s in REGISTRY.items() if s.exits)
ALLOCATORS: frozenset[str] = names(Kind.ALLOC, Kind.ALLOC_ZEROED, Kind.REALLOC)
HEAP_ALLOCATORS: frozenset[str] = frozenset(
    n for n in ALLOCATORS if not REGISTRY[n].stack)
