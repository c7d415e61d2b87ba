"""SV-COMP's properties beyond unreach-call: what to instrument, what a violation answers,
and when a proof may answer TRUE.

Role: the one table behind `pycorral svcomp` for `no-overflow`, `valid-memsafety`
(subproperties valid-deref, valid-free, valid-memtrack) and `valid-memcleanup`.  Input:
the property's kind (svcomp/task.py reads it from the .prp text).  Output:
* `checks_for(kind)`: the property checks (frontend/properties.py) the front ends
  instrument: signed overflow (with undefined shifts) for no-overflow; bounds, pointer
  and leak checks for valid-memsafety; the leak check for valid-memcleanup;
* `keeps(kind)`: which instrumented assertions stay errors (the property's kinds, by
  `Kind.svcomp`); every other assertion -- the program's own asserts and reach_error --
  is assumed (boogie/passes/assume_assertions.py);
* `answer_kind(kind, violation)`: the subproperty a FALSE names (`FALSE(valid-deref)`);
* `true_blocker(kind, paths)`: why a proof of the instrumented checks is not yet a proof
  of the property (None: TRUE is right).  The leak check sits where `main` returns:
  - valid-memtrack (G: memory never becomes unreachable) can also fail on a path that
    never returns from main (exit, abort, an endless loop), so TRUE needs a program that
    allocates no heap memory at all, or (`termination_lifts`) one whose executions are
    proved finite and to end where main returns, or at exit, abort or a failing assertion
    with no heap memory allocated (svcomp_mode.py asks);
  - valid-memcleanup (memory freed before the program terminates) can also fail at
    exit/abort: TRUE needs a program without heap allocation or without such calls, or
    the same proof of its ends (`termination_lifts`).
  A FALSE(valid-memtrack) must also be confirmed by LeakSanitizer (which reports only
  memory no pointer reaches, SV-COMP's memtrack): the leak check itself flags memory still
  reachable from a global too (svcomp_mode.py).
"""
from __future__ import annotations

import re
from collections.abc import Sequence

from boogie.ast import Attrs
from frontend.properties import KINDS, PropertyChecks, property_of

# kind -> the SV-COMP subproperties (Kind.svcomp) whose violations are errors
SUBPROPERTIES: dict[str, tuple[str, ...]] = {
    "no-overflow": ("no-overflow",),
    "valid-memsafety": ("valid-deref", "valid-free", "valid-memtrack"),
    "valid-memcleanup": ("valid-memcleanup",),
}
SUPPORTED = tuple(SUBPROPERTIES)

# the LTL formula of each subproperty in a .prp file (`CHECK( init(main()), LTL(G ...) )`)
FORMULAS: dict[str, str] = {"G ! overflow": "no-overflow", "G valid-free": "valid-free",
                            "G valid-deref": "valid-deref",
                            "G valid-memtrack": "valid-memtrack",
                            "G valid-memcleanup": "valid-memcleanup"}

_ALLOC = re.compile(r"\b(malloc|calloc|realloc|reallocarray|valloc|pvalloc|memalign|"
                    r"aligned_alloc|posix_memalign|strdup|strndup|kmalloc|kzalloc)\s*\(")
_EXIT = re.compile(r"\b(exit|_Exit|_exit|quick_exit|abort|__assert_fail|reach_error|"
                   r"__VERIFIER_error|longjmp|pthread_exit)\s*\(|\bassert\s*\(")


def checks_for(kind: str) -> PropertyChecks:
    if kind == "no-overflow":
        return PropertyChecks(signed_overflow=True)
    if kind == "valid-memsafety":
        return PropertyChecks.memory_safety()
    assert kind == "valid-memcleanup", f"not an instrumented SV-COMP property: {kind}"
    return PropertyChecks(memory_leak=True)


def _subproperty(check_kind: str, kind: str) -> str:
    """The SV-COMP subproperty a check of `check_kind` stands for under property `kind`."""
    sv = KINDS[check_kind].svcomp
    if kind == "valid-memcleanup" and sv == "valid-memtrack":
        return "valid-memcleanup"        # the leak check: memory allocated at the end
    return sv


def keeps(kind: str):
    """The `keep` of boogie/passes/assume_assertions.py for property `kind`."""
    wanted = SUBPROPERTIES[kind]

    def keep(attrs: Attrs) -> bool:
        p = property_of(attrs)
        return p is not None and p[0] in KINDS and _subproperty(p[0], kind) in wanted
    return keep


def answer_kind(kind: str, violation) -> str | None:
    """The subproperty a FALSE answer names for a trace's violation, or None when the
    violation is not one of the property's (then the answer cannot be FALSE).  An
    undefined shift (by the width or more, or of a negative value) is checked under
    no-overflow -- so a proof covers it too -- but it is undefined behaviour, not an
    out-of-range result: it never answers FALSE(no-overflow)."""
    if violation is None or violation.kind != "property" or violation.rule not in KINDS:
        return None
    if violation.rule == "undefined-shift":
        return None
    sub = _subproperty(violation.rule, kind)
    return sub if sub in SUBPROPERTIES[kind] else None


def _text(paths: Sequence[str]) -> str:
    out = []
    for p in paths:
        try:
            with open(p, encoding="utf-8", errors="replace") as fh:
                out.append(fh.read())
        except OSError:
            out.append("malloc(")       # unreadable: assume the worst
    return "\n".join(out)


def true_blocker(kind: str, paths: Sequence[str]) -> str | None:
    """Why a proof of the instrumented checks does not answer TRUE (None: it does)."""
    if kind == "no-overflow":
        return None
    text = _text(paths)
    if not _ALLOC.search(text):
        return None
    if kind == "valid-memsafety":
        return ("valid-memtrack is checked only where main returns, and the program "
                "allocates heap memory: no TRUE")
    if _EXIT.search(text):
        return ("memory is checked for cleanup only where main returns, and the program "
                "allocates heap memory and may end elsewhere (exit, abort, assert): no TRUE")
    return None


def termination_lifts(kind: str, paths: Sequence[str]) -> bool:
    """Whether a proof that every execution ends where main returns, or elsewhere with no
    heap memory allocated (svcomp_mode.py's `_finite`, boogie/passes/termination.py), turns
    the proof of the instrumented checks into TRUE despite `true_blocker`: valid-memsafety
    for a program that allocates.  The leak check holds where main returns; memory that
    became unreachable earlier could not have been freed since, so none did
    (valid-memtrack).
    For valid-memcleanup (checked where main returns and at exit) the same proof covers
    the ends at abort and at a failing assertion that the blocker is about (it asks more
    than memcleanup does -- an endless execution never terminates, so it leaves nothing
    to clean up -- which is sound)."""
    text = _text(paths)
    if kind == "valid-memcleanup":
        return bool(_ALLOC.search(text)) and bool(_EXIT.search(text))
    return kind == "valid-memsafety" and bool(_ALLOC.search(text))


def subproperty_text(sub: str, entry: str = "main") -> str:
    """The .prp line of one subproperty (a witness's specification)."""
    formula = next(f for f, s in FORMULAS.items() if s == sub)
    return f"CHECK( init({entry}()), LTL({formula}) )"
