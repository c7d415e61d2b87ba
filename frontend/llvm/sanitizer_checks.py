"""Checks whose C types the IR no longer shows, read from clang's sanitizer traps.

Role: `--unsigned-overflow-check`, `--conversion-check` and the overflow of a signed `<<`
(frontend/properties.py) need C's types: clang marks signed `+ - *` with `nsw`
(frontend/llvm/checks.py) but leaves unsigned arithmetic, conversions and a signed `<<`
unmarked.  So with those checks on, C files are compiled with clang's own checks
(`-fsanitize=unsigned-integer-overflow,implicit-conversion,shift-base
-fsanitize-trap=all`): each becomes a branch to `call @llvm.ubsantrap(i8 HANDLER)` that
runs exactly when the operation misbehaves.  The translator turns such a call into the
assertion `assert {:property KIND, MESSAGE} false` at its C location (`trap_check`), and
then stops the path, as the trap would.

HANDLER is clang's `SanitizerHandler` number (clang/lib/CodeGen/SanitizerHandler.h);
`TRAPS` holds the ones these sanitizers emit, and tests/test_properties.py compiles a probe
per check to keep the numbers honest for the clang in use.  Which handler means which
kind is decided by the sanitizers we ask for: signed `+ - *` are never given to clang
(nsw does that), so handlers 0/21/12/13 are unsigned.  A trap of a number we do not know
is an `Unsupported` construct (UNKNOWN, never a silent assumption).

Deviation from CBMC, on purpose and in both front ends: `--conversion-check` checks the
implicit conversions (assignment, argument, return, initialisation, the usual arithmetic
conversions) that change a value, as clang's implicit-conversion sanitizer does; an
explicit cast is taken as meant.
"""
from __future__ import annotations

from frontend.properties import PropertyChecks

# handler -> (kind, message, the check that asks for it)
TRAPS: dict[int, tuple[str, str, str]] = {
    0: ("unsigned-overflow", "arithmetic overflow on unsigned '+'", "unsigned_overflow"),
    21: ("unsigned-overflow", "arithmetic overflow on unsigned '-'", "unsigned_overflow"),
    12: ("unsigned-overflow", "arithmetic overflow on unsigned '*'", "unsigned_overflow"),
    13: ("unsigned-overflow", "arithmetic overflow on unsigned unary '-'",
         "unsigned_overflow"),
    7: ("conversion", "arithmetic overflow on implicit integer conversion", "conversion"),
    20: ("overflow", "arithmetic overflow on signed '<<'", "signed_overflow"),
}

_SANITIZERS = (("unsigned_overflow", "unsigned-integer-overflow"),
               ("conversion", "implicit-integer-truncation,implicit-integer-sign-change"),
               ("signed_overflow", "shift-base"))


def sanitize_flags(checks: PropertyChecks) -> tuple[str, ...]:
    """clang's flags for the checks that need them (none when none is on)."""
    names = [s for field, s in _SANITIZERS if getattr(checks, field)]
    if not names:
        return ()
    return (f"-fsanitize={','.join(names)}", "-fsanitize-trap=all")


class UnknownTrap(Exception):
    """A trap of a handler number the sanitizers we ask for should not emit."""


def trap_check(handler: int | None, checks: PropertyChecks) -> tuple[str, str] | None:
    """(kind, message) of a sanitizer trap when the check it stands for is on; None when
    none of these checks is on (a trap in IR given to us is an abort, as before).  Raises
    UnknownTrap for a handler these flags never emit."""
    if not sanitize_flags(checks):
        return None
    t = TRAPS.get(handler) if handler is not None else None
    if t is None:
        raise UnknownTrap(f"a sanitizer trap of handler {handler}")
    return (t[0], t[1]) if getattr(checks, t[2]) else None
