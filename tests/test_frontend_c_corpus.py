"""Every C input of the SV-COMP and SMACK corpora is either translated into a Boogie program
that type-checks (both encodings) or rejected with an `unsupported` diagnostic naming the
construct and its location -- never a crash, never another error.  Verdicts are measured by
frontend/c/measure.py, outside the default test run."""
from __future__ import annotations

import csv
import re

import pytest

from boogie.errors import BoogieError
from frontend.c import CFrontendOptions, translate_files
from conftest import corpus_dir

SMACK_FOLDERS = ("basic", "data", "bits", "locks", "ntdrivers-simplified")


def _check(path: str, data_model: str, encoding: str) -> str:
    from boogie.typecheck import typecheck
    try:
        prog = translate_files([path], CFrontendOptions(encoding=encoding,
                                                        data_model=data_model))
    except BoogieError as e:
        d = e.first
        assert d.code == "unsupported", str(d)
        assert d.loc.line > 0 and "unsupported C construct: " in d.message, str(d)
        return "rejected"
    typecheck(prog)
    return "accepted"


@pytest.mark.corpora("svcomp")
def test_svcomp_tasks_are_accepted_or_rejected_by_name():
    base = corpus_dir("svcomp")
    counts = {"accepted": 0, "rejected": 0}
    with open(base / "tasks.csv") as f:
        rows = list(csv.DictReader(f))
    for row in rows:
        for enc in ("int", "bv"):
            counts[_check(str(base / row["input_file"]), row["data_model"], enc)] += 1
    # the corpus has one floating-point task; everything else must be accepted
    assert counts["rejected"] <= 2, counts


@pytest.mark.corpora("smack")
@pytest.mark.parametrize("folder", SMACK_FOLDERS)
def test_smack_tests_are_accepted_or_rejected_by_name(folder):
    base = corpus_dir("smack") / folder
    counts = {"accepted": 0, "rejected": 0}
    for p in sorted(base.glob("*.c")):
        text = p.read_text(errors="replace")
        if not re.search(r"@expect", text):
            continue
        counts[_check(str(p), "LP64", "bv")] += 1
    assert counts["accepted"] >= counts["rejected"], counts
