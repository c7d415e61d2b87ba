"""Shared test fixtures: where the public corpora live (../shared/corpora by default,
or $PYCORRAL_CORPORA)."""
from __future__ import annotations

import csv
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORPORA = Path(os.environ.get("PYCORRAL_CORPORA", ROOT.parent / "shared" / "corpora"))


def corpus_dir(name: str) -> Path:
    """The corpus folder, or a skip with the reason when the corpora are not present."""
    d = CORPORA / name
    if not d.is_dir():
        pytest.skip(f"corpus {d} not present (set PYCORRAL_CORPORA)")
    return d


# Corral's sequential tests that take past 20 s with some strategy: a 60 s limit, marked slow.
CORRAL_SLOW = frozenset({"regression/smack/a.bpl", "regression/trace/a.bpl",
                         "regression/inline/simple.bpl"})


def corral_rows(concurrent: str = "no", slow: frozenset = CORRAL_SLOW) -> list:
    """The rows of Corral's regression list (file, expected, corral_flags, concurrent) as
    pytest parameters named by file, those in `slow` marked slow; one skipped parameter when
    the corpus is not present."""
    path = CORPORA / "corral" / "expected.csv"
    if not path.is_file():
        return [pytest.param(None, marks=pytest.mark.skip(reason=f"{path} not present"))]
    with path.open(newline="") as fh:
        rows = [r for r in csv.DictReader(fh) if r["concurrent"] == concurrent]
    return [pytest.param(r, id=r["file"], marks=[pytest.mark.slow] if r["file"] in slow else [])
            for r in rows]


def pytest_sessionstart(session):
    """Build the native replay toolchains before any test runs (./test has done it already;
    this covers a bare `pytest`): a test with a time limit must never be the first user of
    zig's musl runtime, whose first build takes about a minute."""
    from replay.prepare import prepare
    prepare(echo=lambda line: print(line))


def pytest_addoption(parser):
    """`--update-golden`: golden-file tests rewrite their expected files instead of
    comparing (review the diff before committing)."""
    parser.addoption("--update-golden", action="store_true", default=False,
                     help="rewrite golden expected files instead of comparing")


@pytest.fixture
def update_golden(request) -> bool:
    return bool(request.config.getoption("--update-golden"))
