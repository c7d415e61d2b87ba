"""A fuzz campaign: generate seeded mutants per kind, run them (two at a time by default),
classify each run, print the table of kinds x outcomes and every failure, and keep each
failure's reproducer (its files, `repro.sh`, `outcome.txt`) under `--out`.

Mutant `i` of kind `k` under seed `s` is drawn from `random.Random(f"{s}/{k}/{i}")`, so a
mutant does not depend on how many others are drawn or in which order they run.
"""
from __future__ import annotations

import json
import random
import shlex
import shutil
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable

from . import known
from .mutants import Mutant
from .oracle import FAILURES, classify, is_failure
from .options import gen_options
from .runner import RunResult, run_mutant
from .seeds import Seeds, gather, pycorral_command
from .sources import gen_bpl, gen_c, gen_llvm
from .tasks import gen_svcomp
from .witnesses import gen_witness

GENERATORS: dict[str, Callable[[random.Random, Seeds, bool], Mutant]] = {
    "c": gen_c, "bpl": gen_bpl, "llvm": gen_llvm, "svcomp": gen_svcomp,
    "witness": gen_witness, "options": gen_options,
}
KINDS = list(GENERATORS)


@dataclass
class Record:
    mutant: Mutant
    result: RunResult
    outcome: str
    detail: str
    known: str | None = None         # the id of the known defect it matches

    @property
    def failed(self) -> bool:
        return is_failure(self.outcome)


def make_mutants(kind: str, count: int, seed: int, seeds: Seeds, big: bool = False,
                 start: int = 0) -> list[Mutant]:
    gen = GENERATORS[kind]
    return [gen(random.Random(f"{seed}/{kind}/{i}"), seeds, big).with_ident(f"{kind}-{seed}-{i}")
            for i in range(start, start + count)]


def run_one(m: Mutant, work: Path) -> Record:
    folder = work / m.ident
    result = run_mutant(m, folder)
    outcome, detail = classify(m, result)
    rec = Record(m, result, outcome, detail)
    if rec.failed:
        rec.known = known.match(m, outcome, detail)
    return rec


def run_all(mutants: Iterable[Mutant], work: Path, jobs: int = 2,
            keep: Callable[[Record], bool] = lambda r: r.failed,
            progress: Callable[[Record], None] | None = None) -> list[Record]:
    """Run every mutant; folders of runs not kept are removed as they finish."""
    def task(m: Mutant) -> Record:
        rec = run_one(m, work)
        if not keep(rec):
            shutil.rmtree(work / m.ident, ignore_errors=True)
        if progress:
            progress(rec)
        return rec
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(task, list(mutants)))


# ----------------------------------------------------------------------------- reports

def table(records: list[Record]) -> str:
    """Kinds x outcomes: clean outcomes (ok:<exit>, usage) first, then failures."""
    outcomes = sorted({r.outcome for r in records if not r.failed})
    outcomes += [f for f in FAILURES if any(r.outcome == f for r in records)]
    kinds = [k for k in KINDS if any(r.mutant.kind == k for r in records)]
    head = ["kind", "n", *outcomes]
    rows = []
    for k in kinds:
        mine = [r for r in records if r.mutant.kind == k]
        rows.append([k, str(len(mine)), *[str(sum(r.outcome == o for r in mine) or "")
                                           for o in outcomes]])
    rows.append(["total", str(len(records)),
                 *[str(sum(r.outcome == o for r in records)) for o in outcomes]])
    widths = [max(len(row[i]) for row in [head, *rows]) for i in range(len(head))]
    fmt = lambda row: "  ".join(c.rjust(w) if i else c.ljust(w)      # noqa: E731
                                for i, (c, w) in enumerate(zip(row, widths)))
    lines = [fmt(head), fmt(["-" * w for w in widths]), *map(fmt, rows)]
    return "\n".join(lines)


def repro_command(m: Mutant, folder: Path) -> str:
    tool = " ".join(shlex.quote(x) for x in pycorral_command())
    return f"cd {shlex.quote(str(folder))} && {tool} " + " ".join(shlex.quote(a) for a in m.argv)


def save_reproducer(rec: Record, work: Path, dest: Path) -> Path:
    """Copy the mutant's folder to `dest` with repro.sh and outcome.txt."""
    m, r = rec.mutant, rec.result
    if dest.exists():
        shutil.rmtree(dest)
    dest.parent.mkdir(parents=True, exist_ok=True)
    src = work / m.ident
    if src.exists():
        shutil.copytree(src, dest, symlinks=True,
                        ignore=lambda d, names: [n for n in names
                                                 if n in (".stdout", ".stderr")])
    else:
        dest.mkdir(parents=True)
    specials = "".join(f"[ -e {shlex.quote(n)} ] || mkfifo {shlex.quote(n)}\n" if w == "fifo"
                       else f"mkdir -p {shlex.quote(n)}\n" for w, n in m.special)
    tool = " ".join(shlex.quote(x) for x in pycorral_command())
    (dest / "repro.sh").write_text(
        "#!/bin/sh\n# " + f"{rec.outcome}: {rec.detail}".replace("\n", " ")[:500] + "\n"
        'cd "$(dirname "$0")"\n' + specials +
        f"exec {tool} " + " ".join(shlex.quote(a) for a in m.argv) + "\n")
    (dest / "repro.sh").chmod(0o755)
    (dest / "outcome.txt").write_text(
        f"outcome: {rec.outcome}\ndetail: {rec.detail}\nknown defect: {rec.known}\n"
        f"kind: {m.kind}\nfamily: {m.family}\nseed input: {m.seed_name}\nargv: {m.argv}\n"
        f"exit: {r.rc}\nwall: {r.wall:.2f}s\nkilled: {r.killed}\npeak MB: {r.peak_mb:.0f}\n"
        f"gcc rejects: {r.gcc_rejects} {r.gcc_message}\n"
        f"--- stdout (first 3000 chars)\n{r.stdout[:3000]}\n"
        f"--- stderr (first 3000 chars)\n{r.stderr[:3000]}\n", encoding="utf-8")
    return dest


def write_log(records: list[Record], path: Path) -> None:
    """One JSON line per run: id, kind, family, seed input, argv, outcome, detail, exit,
    wall time, known defect."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        for rec in records:
            m, r = rec.mutant, rec.result
            f.write(json.dumps({"id": m.ident, "kind": m.kind, "family": m.family,
                                "seed_input": m.seed_name, "argv": m.argv,
                                "outcome": rec.outcome, "detail": rec.detail, "exit": r.rc,
                                "wall": round(r.wall, 2), "known": rec.known}) + "\n")


def failure_report(records: list[Record], repro: dict[str, Path] | None = None) -> str:
    lines = []
    for rec in sorted((r for r in records if r.failed), key=lambda r: (r.outcome, r.mutant.ident)):
        m = rec.mutant
        tag = f"known:{rec.known}" if rec.known else "NEW"
        lines.append(f"[{rec.outcome}] {tag} {m.ident} {m.family} (from {m.seed_name}): "
                     f"{rec.detail}")
        where = repro.get(m.ident) if repro else None
        lines.append(f"    repro: sh {where / 'repro.sh'}" if where else
                     f"    argv: pycorral {' '.join(shlex.quote(a) for a in m.argv)}")
    return "\n".join(lines)


def run_defect(d: "known.Defect", seeds: Seeds, work: Path, jobs: int = 1) -> list[Record]:
    """A defect's reproducer, run as often and as many at a time as the defect asks."""
    m = d.reproducer(seeds)
    return run_all([m.with_ident(f"{d.ident}-{i}") for i in range(d.repeat)], work,
                   jobs=max(jobs, d.jobs), keep=lambda r: True)


def check_defects(out: Path | None, include_slow: bool = False, seeds: Seeds | None = None,
                  jobs: int = 2) -> list[tuple[known.Defect, Record]]:
    """Run every defect's reproducer (repeated as it asks; the slow ones only when asked);
    keep each under OUT/defects/<id> with its repro.sh.  Returns (defect, worst record)."""
    with tempfile.TemporaryDirectory(prefix="pycorral-defects-") as tmp:
        work = Path(tmp)
        seeds = seeds or gather(work / "seeds")
        results = []
        for d in (d for d in known.DEFECTS if include_slow or not d.slow):
            mine = run_defect(d, seeds, work, jobs)
            worst = next((r for r in mine if r.failed), mine[0])
            if out is not None:
                save_reproducer(worst, work, out / "defects" / d.ident)
            results.append((d, worst))
    return results


def campaign(count: int, seed: int, out: Path | None, kinds: list[str] | None = None,
             jobs: int = 2, big: bool = True, seeds: Seeds | None = None,
             progress: Callable[[Record], None] | None = None
             ) -> tuple[list[Record], dict[str, Path]]:
    """Run `count` mutants of each kind: the records, and the reproducer folder of each
    failure (saved under `out`, keyed by mutant id)."""
    with tempfile.TemporaryDirectory(prefix="pycorral-fuzz-") as tmp:
        work = Path(tmp)
        seeds = seeds or gather(work / "seeds")
        mutants = [m for k in (kinds or KINDS) for m in make_mutants(k, count, seed, seeds, big)]
        records = run_all(mutants, work, jobs=jobs, progress=progress)
        repro = {}
        if out is not None:
            for rec in records:
                if rec.failed:
                    repro[rec.mutant.ident] = save_reproducer(
                        rec, work, out / rec.outcome / rec.mutant.ident)
            write_log(records, out / "records.jsonl")
    return records, repro
