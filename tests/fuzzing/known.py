"""Known defects: failure signatures that other engineers are fixing.

A failure of the random campaign that matches an entry here is reported as
`known:<id>` instead of `NEW`.  Each entry has a deterministic reproducer in
`tests/test_fuzz.py` marked `xfail(strict=True)`: when the defect is fixed that test
passes, strictness turns the pass into a failure, and the entry and the marker are removed
together.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from .mutants import Mutant


@dataclass(frozen=True)
class Known:
    ident: str
    reason: str
    matches: Callable[[Mutant, str, str], bool]


KNOWN: list[Known] = []


def match(m: Mutant, outcome: str, detail: str) -> str | None:
    for k in KNOWN:
        if k.matches(m, outcome, detail):
            return k.ident
    return None
