"""Shared test fixtures: where the public corpora live (../shared/corpora by default,
or $PYCORRAL_CORPORA)."""
from __future__ import annotations

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
