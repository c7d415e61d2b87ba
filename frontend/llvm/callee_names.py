"""Which called functions the LLVM front end models, and which get the default for a
function without a body (frontend/llvm/externs.py).

Role: the names calls.py dispatches on, in one place, so that the points-to analysis
(regions.py, externs.py) and the call translation agree on which calls are calls of a
function without a body: every declared function that is not one of these.
"""
from __future__ import annotations

from frontend.common import RESULT_INTO_ARGUMENT
from frontend.smack_inline import INJECTORS

from .threads import INTRINSICS as THREAD_INTRINSICS


ERRORS = {"reach_error", "__VERIFIER_error", "__assert_fail", "__assert_perror_fail",
          "__assert", "__assert_rtn", "__builtin_abort_error"}
ASSUMES = {"__VERIFIER_assume", "__builtin_assume"}
STOPS = {"abort", "exit", "_exit", "_Exit", "__VERIFIER_silent_exit", "llvm.trap",
         "llvm.ubsantrap"}
NO_EFFECT = {"printf", "fprintf", "puts", "putchar", "fputs", "fflush", "perror", "fputc",
             "putc", "vprintf", "free"}
IGNORED_INTRINSICS = ("llvm.dbg.", "llvm.lifetime.", "llvm.experimental.noalias",
                      "llvm.invariant.", "llvm.var.annotation", "llvm.codeview",
                      "llvm.donothing", "llvm.sideeffect", "llvm.assume.separate")
# C library functions whose effect on memory or whose result matters and is not modelled
UNMODELLED = {"realloc", "strcpy", "strncpy", "strcmp", "strncmp", "strcat", "strchr",
              "strrchr", "strstr", "memcmp", "strlen", "strdup", "sprintf", "snprintf",
              "scanf", "sscanf", "fscanf", "fgets", "gets", "read", "fread", "memchr",
              "setjmp", "_setjmp", "longjmp", "_longjmp", "sigsetjmp", "siglongjmp",
              "signal", "fork", "atoi", "atol", "strtol", "strtoul", "qsort", "bsearch",
              "getenv", "time", "rand", "srand", "random", "toupper", "tolower",
              "isdigit", "isalpha", "isalnum", "isspace", "isupper", "islower", "isprint",
              "sqrt", "pow", "floor", "ceil", "fabs", "sin", "cos", "exp", "log", "atof",
              "fopen", "fclose", "fgetc", "getc", "getchar", "ungetc", "fseek", "ftell",
              "fwrite", "write", "open", "close", "memalign", "posix_memalign",
              "aligned_alloc", "strtok", "strspn", "strcspn", "strpbrk", "wcslen",
              "localtime", "gettimeofday", "clock", "sleep", "usleep", "nanosleep",
              "vsprintf", "vsnprintf", "asprintf", "getline", "getopt", "system",
              "atexit", "raise", "kill", "getpid", "errno", "__errno_location",
              "strerror", "memrchr", "stpcpy", "strnlen", "strndup", "index", "rindex"}


def is_unmodelled(name: str) -> bool:
    if name in UNMODELLED or name in RESULT_INTO_ARGUMENT:
        return True
    if name.startswith(("pthread_", "__SMACK_", "__VERIFIER_atomic", "llvm.va_",
                        "__builtin_")):
        return True
    return name.startswith("__VERIFIER_nondet_") and any(
        w in name for w in ("float", "double", "pointer", "pchar", "128"))


ALLOCATORS = ("malloc", "calloc", "alloca", "__builtin_alloca", "valloc")
_MODELLED = {"__VERIFIER_assert", "memcpy", "memmove", "memset", "__pycorral_sign_like",
             "abs", "labs", "llabs", *ALLOCATORS, *INJECTORS, *THREAD_INTRINSICS}


def gets_default(name: str) -> bool:
    """Whether a call of the declared (bodiless) function `name` is translated as a call of
    a function without a body: not an intrinsic, a harness function, a model, or a C
    library function the front end rejects."""
    if name.startswith("llvm.") or name in ERRORS | ASSUMES | STOPS | NO_EFFECT | _MODELLED:
        return False
    if name.startswith("__VERIFIER_nondet"):
        return False
    return not is_unmodelled(name)
