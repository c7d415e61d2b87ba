"""Soundness of --houdini on Corral's regression corpus (slow), and the measurement script.

Every row of corral/expected.csv runs in its own process (`pycorral check ... --houdini
--json`, Corral's flags of the row), with and without --houdini; the outcome is scored as
`pycorral bench corral` scores it.  The test requires zero wrong verdicts with --houdini.
The script prints the table and the totals: right / wrong / unknown, how many tasks are
proved for every bound (CORRECT) with and without Houdini, and Houdini's time.

    .venv/bin/python tests/test_houdini_corpus.py [--timeout 60] [--filter TEXT] [--ldv N]

`--ldv N` also runs the first N tasks of ldv-bpl/tasks.csv (reach mode, bound 3).
"""
from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.corpus_bench import (TaskRun, corral_outcome, ldv_outcome,  # noqa: E402
                                 read_rows, run_check_process)
from bench.runner import corpora_dir  # noqa: E402


@dataclass(frozen=True)
class Row:
    rel: str
    expected: str
    base: TaskRun
    houdini: TaskRun
    houdini_time: float
    proved: int          # Houdini candidates proved


def _run(path: Path, rel: str, expected: str, args: list[str], timeout: float, score):
    verdict, reason, wall, stats = run_check_process(path, args, timeout)
    run = TaskRun(rel, expected, "si", verdict, reason, wall, None, None)
    from dataclasses import replace
    return replace(run, outcome=score(run)), stats


def corral_rows(timeout: float, name_filter: str | None, with_base: bool = True,
                progress=print) -> list[Row]:
    base_dir = corpora_dir() / "corral"
    out = []
    rows = [r for r in read_rows(base_dir / "expected.csv")
            if not name_filter or name_filter in r["file"]]
    for i, r in enumerate(rows, 1):
        conc = r.get("concurrent", "no") == "yes"
        score = lambda run, conc=conc: corral_outcome(run, conc)  # noqa: E731
        flags = r["corral_flags"].split()
        h, st = _run(base_dir / r["file"], r["file"], r["expected"], flags + ["--houdini"],
                     timeout, score)
        b = _run(base_dir / r["file"], r["file"], r["expected"], flags, timeout, score)[0] \
            if with_base else h
        out.append(Row(r["file"], r["expected"], b, h, float(st.get("houdini_time", 0.0)),
                       int(st.get("houdini_proved", 0))))
        progress(f"[{i}/{len(rows)}] {r['file']:40} {r['expected']:8} "
                 f"houdini: {h.verdict:20} {h.outcome:8} without: {b.verdict}")
    return out


def ldv_rows(n: int, timeout: float, progress=print) -> list[Row]:
    base_dir = corpora_dir() / "ldv-bpl"
    rows = read_rows(base_dir / "tasks.csv")[:n]
    out = []
    for i, r in enumerate(rows, 1):
        path = base_dir / r["file"]
        args = ["--reach", "--entry", "main_SeqInstr", "--bound", "3"]
        h, st = _run(path, r["file"], r["expected"], args + ["--houdini"], timeout, ldv_outcome)
        b = _run(path, r["file"], r["expected"], args, timeout, ldv_outcome)[0]
        out.append(Row(r["file"], r["expected"], b, h, float(st.get("houdini_time", 0.0)),
                       int(st.get("houdini_proved", 0))))
        progress(f"[{i}/{len(rows)}] {r['file'][-40:]:40} {r['expected']:8} "
                 f"houdini: {h.verdict:20} {h.outcome:8} without: {b.verdict}")
    return out


def summary(rows: list[Row], label: str) -> list[str]:
    def count(runs, what):
        return sum(1 for r in runs if r.outcome == what)
    hs = [r.houdini for r in rows]
    bs = [r.base for r in rows]
    newly = [r.rel for r in rows if r.houdini.verdict == "correct"
             and r.base.verdict != "correct"]
    lost = [r.rel for r in rows if r.base.verdict == "correct"
            and r.houdini.verdict != "correct"]
    return [
        f"{label}: {len(rows)} tasks",
        f"  --houdini: right {count(hs, 'right')}, wrong {count(hs, 'wrong')}, "
        f"unknown {count(hs, 'unknown')}, other {len(hs) - count(hs, 'right') - count(hs, 'wrong') - count(hs, 'unknown')}",
        f"  without:   right {count(bs, 'right')}, wrong {count(bs, 'wrong')}, "
        f"unknown {count(bs, 'unknown')}",
        f"  proved for every bound: {sum(r.verdict == 'correct' for r in hs)} with Houdini, "
        f"{sum(r.verdict == 'correct' for r in bs)} without",
        f"  correct only with Houdini: {', '.join(newly) or '-'}",
        f"  correct only without: {', '.join(lost) or '-'}",
        f"  Houdini time: {sum(r.houdini_time for r in rows):.1f}s total; "
        f"summaries proved: {sum(r.proved for r in rows)} candidates",
        f"  wall time: {sum(r.houdini.time for r in rows):.1f}s with, "
        f"{sum(r.base.time for r in rows):.1f}s without",
    ]


@pytest.mark.slow
@pytest.mark.corpora("corral")
def test_houdini_no_wrong_verdict_on_corral_corpus():
    rows = corral_rows(60.0, None, with_base=False, progress=lambda s: None)
    wrong = [(r.rel, r.houdini.verdict, r.houdini.reason) for r in rows
             if r.houdini.outcome == "wrong"]
    assert not wrong


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--filter", default=None)
    ap.add_argument("--ldv", type=int, default=0, help="also the first N ldv-bpl tasks")
    a = ap.parse_args()
    lines = summary(corral_rows(a.timeout, a.filter), "corral")
    if a.ldv:
        lines += summary(ldv_rows(a.ldv, max(a.timeout, 60.0)), "ldv-bpl")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
