"""Bad Boogie input is rejected with a diagnostic at the right place.

Data-driven: every `tests/data/bad/*.bpl` starts with

    // ERROR: <line>:<col>: <message substring>      (or `// ERROR: <line>: <substring>`)

The file is parsed and, when `boogie/typecheck.py` defines `typecheck(program)`, type checked;
the first diagnostic of the resulting `BoogieError` must have that line (and column) and
contain the substring.  `syntax_*` files must fail in the parser alone; other files (the type
checker's `type_*`) are skipped with a reason while the type checker is missing.
"""
from __future__ import annotations

import importlib
import importlib.util
import re
from pathlib import Path

import pytest

from boogie.errors import BoogieError
from boogie.parser import parse_file

from cases import read_case

BAD = Path(__file__).resolve().parent / "data" / "bad"
ERROR = re.compile(r"(\d+)(?::(\d+))?:\s?(.*\S)")
FILES = sorted(BAD.glob("*.bpl"))


def _typechecker():
    """`boogie.typecheck.typecheck`, or None while that module does not exist yet."""
    if importlib.util.find_spec("boogie.typecheck") is None:
        return None
    return getattr(importlib.import_module("boogie.typecheck"), "typecheck", None)


def _expectation(path: Path) -> tuple[int, int | None, str]:
    m = ERROR.fullmatch(read_case(path).get("ERROR") or "")
    assert m, f"{path.name}: the header must state `// ERROR: <line>[:<col>]: <message>`"
    return int(m.group(1)), (int(m.group(2)) if m.group(2) else None), m.group(3)


def _check(path: Path) -> None:
    """Parse (and type check when possible); return normally only if no error."""
    program = parse_file(path)
    if path.name.startswith("syntax_"):
        return
    typecheck = _typechecker()
    if typecheck is None:
        pytest.skip("boogie/typecheck.py (typecheck) not present: type errors unchecked")
    result = typecheck(program)
    if isinstance(result, (list, tuple)) and result:      # diagnostics returned, not raised
        raise BoogieError(list(result))


def test_bad_inputs_exist():
    assert len([f for f in FILES if f.name.startswith("syntax_")]) >= 12


@pytest.mark.parametrize("path", FILES, ids=[f.name for f in FILES])
def test_bad_input_is_rejected(path: Path):
    line, col, message = _expectation(path)
    with pytest.raises(BoogieError) as info:
        _check(path)
    d = info.value.first
    assert d.loc.file == str(path)
    assert d.loc.line == line, f"{d} (expected line {line})"
    if col is not None:
        assert d.loc.col == col, f"{d} (expected column {col})"
    assert message in d.message, f"{d} (expected message containing {message!r})"
    assert str(info.value) == f"{path}:{d.loc.line}:{d.loc.col}: error: {d.message}"
