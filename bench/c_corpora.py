"""The C tasks of the shared corpora, for the measurement scripts (scripts/llvm_corpus.py,
scripts/frontend_diff.py): SV-COMP's unreach-call tasks and SMACK's C tests.

Input: $PYCORRAL_CORPORA (else <repo>/../shared/corpora, `bench.runner.corpora_dir`);
output: one dict per task with file, category, expected (bug/correct) and dm (data model),
and for a SMACK test the bound its `--unroll=N` states (default 2) and the encoding its
flags choose (bv for bits/ and `--integer-encoding=bit-vector`, else None).  SMACK tests
whose flags transform SMACK's output or check another property (`--check=`) are left out.
"""
from __future__ import annotations

import csv
import re

from bench.runner import corpora_dir

SMACK_FOLDERS = ("basic", "data", "bits", "locks", "ntdrivers-simplified")


def corpus_tasks(smack: bool, svcomp: bool = True) -> list[dict]:
    """The unreach-call tasks of SV-COMP's tasks.csv (svcomp) and the SMACK C tests (smack)."""
    return (svcomp_tasks() if svcomp else []) + (smack_tasks() if smack else [])


def svcomp_tasks() -> list[dict]:
    sv = corpora_dir() / "svcomp"
    with open(sv / "tasks.csv", newline="") as f:
        return [{"file": str(sv / r["input_file"]), "category": r["category"],
                 "expected": "correct" if r["expected_verdict"] == "true" else "bug",
                 "dm": r["data_model"]}
                for r in csv.DictReader(f) if r["property"] == "unreach-call"]


def smack_tasks() -> list[dict]:
    rows = []
    for folder in SMACK_FOLDERS:
        for c in sorted((corpora_dir() / "smack" / folder).glob("*.c")):
            text = c.read_text(errors="replace")
            m = re.search(r"@expect (verified|error)", text)
            if not m:
                continue
            if re.search(r"@flag .*(--transform-|--check=)", text):
                continue                  # SMACK's output / another property
            u = re.search(r"--unroll=(\d+)", text)
            rows.append({"file": str(c), "category": "smack/" + folder,
                         "expected": "correct" if m.group(1) == "verified" else "bug",
                         "dm": "LP64", "bound": int(u.group(1)) if u else 2,
                         "encoding": "bv" if folder == "bits" or
                         "--integer-encoding=bit-vector" in text else None})
    return rows
