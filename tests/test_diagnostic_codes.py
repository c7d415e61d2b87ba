"""Diagnostic codes come from one registry (boogie.errors.Code, mypy's errorcodes.py):
every code written in the sources is registered, and a Diagnostic with another is our bug."""
from __future__ import annotations

import re

import pytest

from boogie.ast import NO_LOC
from boogie.errors import CODES, Code, Diagnostic, error

from conftest import ROOT

# error("code", ...), report("code", ...), _report("code", ...), Diagnostic("code", ...)
_USE = re.compile(r"""(?<![\w.])(?:error|self\.report|self\._report|Diagnostic)\(\s*"([a-z_-]+)\"""")
_PACKAGES = ("boogie", "frontend", "verifier", "svcomp", "replay", "pycorral")


def test_every_code_in_the_sources_is_registered():
    used: dict[str, str] = {}
    for pkg in _PACKAGES:
        for path in (ROOT / pkg).rglob("*.py"):
            for m in _USE.finditer(path.read_text(encoding="utf-8")):
                used.setdefault(m.group(1), str(path.relative_to(ROOT)))
    assert used, "the pattern finds the codes"
    assert {c: p for c, p in used.items() if c not in CODES} == {}


def test_unregistered_code_is_our_bug():
    with pytest.raises(AssertionError):
        Diagnostic("no-such-code", NO_LOC, "x")
    assert error(Code.UNSUPPORTED, None, "x").first.unsupported
    assert error("parse", None, "x").first.code == Code.PARSE
