"""`pycorral difftest --threads`: the thread campaign's command-line face.

Role: runs replay.thread_campaign (generated pthread programs, pycorral's verdict at each
context bound K against an exhaustive oracle), prints a line per program, a summary table
and the mismatches, and keeps each mismatching program (program.c, native.c, report.json)
in --out.  Exit 0 without a mismatch, 1 with one, 2 on a usage error.
"""
from __future__ import annotations

import collections
import json
import sys

import click

from verifier.result import EXIT_INPUT_ERROR


def thread_campaign(*, seed, count, time_limit, per_check_timeout, frontend, encoding,
                    data_model, bound, context_bounds, native_runs, out, as_json,
                    quiet) -> None:
    from replay.difftest import Limits
    from replay.thread_campaign import CampaignOptions, configs_for, run_campaign

    try:
        ks = tuple(sorted({int(k) for k in context_bounds.split(",") if k.strip()}))
    except ValueError:
        ks = ()
    if not ks or min(ks) < 1:
        click.echo(f"error: --context-bounds wants numbers >= 1, not {context_bounds!r}",
                   err=True)
        sys.exit(EXIT_INPUT_ERROR)
    opts = CampaignOptions(
        seed=seed, count=count, configs=configs_for(frontend, encoding, ks),
        limits=Limits(bound=bound, timeout=per_check_timeout, wall_factor=3.0),
        data_model=data_model, native_runs=native_runs, time_limit=time_limit, out=out)
    report = run_campaign(opts, None if quiet else _progress_line)
    if as_json:
        click.echo(json.dumps(report.to_json(), indent=2))
    else:
        click.echo(summary_text(report))
    sys.exit(1 if report.mismatches() else 0)


def _short(verdict: str) -> str:
    return {"bug": "bug", "bounded": "ok", "correct": "ok"}.get(verdict, "?")


def _progress_line(p) -> None:
    o = p.subject.oracle
    ks = sorted(o.bounded)
    oracle = " ".join([f"any={'bug' if o.unbounded else 'ok'}"]
                      + [f"K{k}={'bug' if o.bounded[k] else 'ok'}" for k in ks])
    cells = " ".join(f"{r.config.name}={_short(r.outcome.verdict)}"
                     + ("" if r.category == "agree" else f"[{r.category}]")
                     for r in p.results)
    native = f"native {p.native.failed}/{p.native.runs} failed" if p.native.runs else \
        f"native: {p.native.reason or 'not run'}"
    extra = " ORACLE-DEFECT" if p.oracle_defect else ""
    warn = f" gcc: {p.native.warnings}" if p.native.warnings else ""
    click.echo(f"{p.name} ({p.subject.threads} threads, target {p.subject.target}): "
               f"oracle {oracle} | {cells} | {native}{extra}{warn}", err=True)


def summary_text(report) -> str:
    """The oracle's figures, the table per configuration, front-end disagreements,
    native runs, the mismatches and the most frequent unknown reasons."""
    o = report.options
    oc = report.oracle_counts()
    ks = [k for k in oc if k.startswith("K")]
    lines = [f"thread campaign: seeds {o.seed}..{o.seed + o.count - 1}, data model "
             f"{o.data_model}, bound {o.limits.bound}, {o.limits.timeout:g} s CPU per "
             f"check, {report.seconds:.0f} s"
             + (" (stopped by --time-limit)" if report.stopped_by_time else ""),
             f"programs: {oc['programs']} (skipped, oracle over its state limit: "
             f"{len(report.generation_failures)})",
             "oracle: bug in some interleaving: " + str(oc["unbounded"]) + "; within K "
             "rounds: " + ", ".join(f"{k} {oc[k]}" for k in ks),
             "",
             f"{'configuration':<16}{'pycorral bugs':>14}{'agree':>7}{'false bug':>11}"
             f"{'beyond bound':>14}{'missed bug':>12}{'unknown':>9}"]
    for name, c in report.counts().items():
        lines.append(f"{name:<16}{c['bugs']:>14}{c['agree']:>7}{c['false bug']:>11}"
                     f"{c['beyond bound']:>14}{c['missed bug']:>12}{c['unknown']:>9}")
    dis = [(p.name, d) for p in report.programs for d in p.frontend_disagreements()]
    lines.append("")
    lines.append(f"front ends disagreeing (definite verdicts): {len(dis)}")
    lines += [f"  {n} {d}" for n, d in dis]
    runs = sum(p.native.runs for p in report.programs)
    nfail = sum(1 for p in report.programs if p.native.failed)
    defects = [p.name for p in report.programs if p.oracle_defect]
    warned = [p.name for p in report.programs if p.native.warnings]
    lines.append(f"native: {runs} runs, {nfail} programs failed natively, oracle defects "
                 f"(native failure, oracle no bug): {len(defects)} {' '.join(defects)}")
    if warned:
        lines.append(f"gcc -Wall -Wextra warned on: {' '.join(warned)}")
    mism = report.mismatches()
    lines.append("")
    lines.append(f"mismatches: {len(mism)} in "
                 f"{len({p.name for p, _ in mism})} programs")
    for p, r in mism:
        kept = f" (kept in {o.out}/{p.name})" if o.out else ""
        feats = ",".join(p.subject.features()) or "-"
        lines.append(f"  {p.name} {r.config.name}: {r.category}: {r.detail} "
                     f"[{feats}]{kept}")
    unknown = collections.Counter(r.detail.split(":")[0] + ": " + r.outcome.reason[:50]
                                  for p in report.programs for r in p.results
                                  if r.category == "unknown")
    if unknown:
        lines.append("unknown reasons: " + "; ".join(f"{n}x {k}"
                                                     for k, n in unknown.most_common(6)))
    return "\n".join(lines)
