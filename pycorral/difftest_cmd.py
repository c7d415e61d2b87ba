"""`pycorral difftest`: a seeded differential campaign of the C semantics.

Role: the command-line face of `replay.difftest`.  Generates csmith programs from seeds
SEED .. SEED+COUNT-1, runs each natively, checks `assert(result == native)` (must not be a
bug) and `assert(result != native)` (must be a bug confirmed by native replay) with each
front end and encoding, prints a summary table and the mismatches, and keeps each
mismatching program (its variants and a report.json) in --out.
"""
from __future__ import annotations

import collections
import dataclasses
import json
import sys

import click

from verifier.result import EXIT_INPUT_ERROR

EPILOG = """\b
Verdict categories per configuration (front end/encoding):
  agree     == not a bug (correct or no bug within bound); != a bug, replay confirmed
  mismatch  == a bug; != correct; != a bug that replay does not confirm
  unknown   timeouts, unknown verdicts, unsupported or rejected programs, != bounded
\b
Exit codes:
  0   no mismatch
  1   at least one mismatch (programs kept in --out)
  2   usage error, or csmith / its runtime headers are missing
\b
Examples:
  pycorral difftest --seed 1 --count 10 --per-program-timeout 20
  pycorral difftest --seed 100 --count 500 --time-limit 3600 --out difftest-out
  pycorral difftest --seed 7 --count 1 --frontend c --encoding bv --json
  pycorral difftest --threads --seed 1 --count 200 --context-bounds 1,2 --out thr-out
"""


@click.command("difftest", epilog=EPILOG,
               context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--seed", type=int, default=1, show_default=True,
              help="Seed of the first program (program i uses SEED+i).")
@click.option("--count", type=click.IntRange(min=1), default=20, show_default=True,
              help="Number of programs.")
@click.option("--time-limit", type=click.FloatRange(min=0), metavar="S",
              help="Wall time for the campaign: no new program starts after it.")
@click.option("--per-program-timeout", type=click.FloatRange(min=1), default=60.0,
              show_default=True, metavar="S",
              help="CPU seconds for each check (one program, one configuration, one "
                   "assertion): front end and verifier.")
@click.option("--frontend", type=click.Choice(["c", "llvm", "both"]), default="both",
              show_default=True)
@click.option("--encoding", type=click.Choice(["int", "bv", "both"]), default="both",
              show_default=True)
@click.option("--data-model", type=click.Choice(["auto", "ILP32", "LP64"]), default="auto",
              show_default=True, help="auto: ILP32 when gcc -m32 works here, else LP64.")
@click.option("--bound", type=click.IntRange(min=1), default=64, show_default=True,
              help="Loop/recursion bound of the checks.")
@click.option("--size", type=click.Choice(["tiny", "small", "medium"]), default="small",
              show_default=True, help="Size of the generated programs.")
@click.option("--pointers", type=click.Choice(["never", "mixed", "always"]), default="mixed",
              show_default=True, help="mixed: programs with even seeds may use pointers.")
@click.option("--jobs", type=click.IntRange(min=1), default=1, show_default=True,
              help="Programs checked in parallel.")
@click.option("--out", type=click.Path(file_okay=False), metavar="DIR",
              help="Keep mismatching programs here (DIR/seed-N/).")
@click.option("--json", "as_json", is_flag=True, help="Print the full report as JSON.")
@click.option("--quiet", is_flag=True, help="No line per program while running.")
@click.option("--threads", is_flag=True,
              help="The thread campaign instead (replay/thread_campaign.py): generated "
                   "pthread programs, pycorral at each --context-bounds K against an "
                   "exhaustive oracle (csmith not needed; --size, --pointers, --jobs "
                   "ignored; --bound defaults to 2, --encoding to int).")
@click.option("--context-bounds", "context_bounds", default="1,2", show_default=True,
              metavar="K,K...", help="With --threads: the context bounds checked.")
@click.option("--native-runs", "native_runs", type=click.IntRange(min=0), default=3,
              show_default=True, help="With --threads: native runs of each program.")
@click.pass_context
def difftest_cmd(ctx, seed, count, time_limit, per_program_timeout, frontend, encoding,
                 data_model, bound, size, pointers, jobs, out, as_json, quiet, threads,
                 context_bounds, native_runs):
    """Differential testing of the C semantics against native execution (csmith), or
    (--threads) of thread programs against an exhaustive oracle."""
    if threads:
        from pycorral.thread_campaign_cmd import thread_campaign
        given = {p.name for p in ctx.command.params
                 if ctx.get_parameter_source(p.name) is click.core.ParameterSource.COMMANDLINE}
        thread_campaign(seed=seed, count=count, time_limit=time_limit,
                        per_check_timeout=per_program_timeout, frontend=frontend,
                        encoding=encoding if "encoding" in given else "int",
                        data_model="LP64" if data_model == "auto" else data_model,
                        bound=bound if "bound" in given else 2,
                        context_bounds=context_bounds, native_runs=native_runs, out=out,
                        as_json=as_json, quiet=quiet)
        return
    from replay.csmith_gen import SIZES, find_csmith
    from replay.difftest import CampaignOptions, Limits, configs_for, run_campaign

    if find_csmith() is None:
        click.echo("error: csmith or its runtime headers (safe_math.h) not found; install the "
                   "Debian packages csmith and libcsmith-dev (or set CSMITH_RUNTIME)", err=True)
        sys.exit(EXIT_INPUT_ERROR)
    gen = SIZES[size]
    if pointers == "always":
        gen = dataclasses.replace(gen, pointers=True)
    opts = CampaignOptions(
        seed=seed, count=count, configs=configs_for(frontend, encoding),
        limits=Limits(bound=bound, timeout=per_program_timeout), gen=gen,
        pointer_every=2 if pointers == "mixed" else 0,
        data_model=None if data_model == "auto" else data_model,
        time_limit=time_limit, out=out, jobs=jobs)
    progress = None if quiet else _progress_line      # on stderr, also with --json
    report = run_campaign(opts, progress)
    if as_json:
        click.echo(json.dumps(report.to_json(), indent=2))
    else:
        click.echo(summary_text(report))
    sys.exit(1 if report.mismatches() else 0)


def _progress_line(p) -> None:
    if p.native.value is None:
        click.echo(f"{p.name}: skipped ({p.native.reason})", err=True)
        return
    cells = " ".join(f"{r.config.name}={r.category}" for r in p.results)
    click.echo(f"{p.name}: {cells}", err=True)


def summary_text(report) -> str:
    """The summary table, the mismatches and the most frequent unknown reasons."""
    o = report.options
    skipped = collections.Counter(_reason_kind(p.native.reason) for p in report.programs
                                  if p.native.value is None)
    lines = [f"difftest: seeds {o.seed}..{o.seed + o.count - 1}, data model "
             f"{report.data_model}, bound {o.limits.bound}, {o.limits.timeout:g} s CPU per "
             f"check, {report.seconds:.0f} s"
             + (" (stopped by --time-limit)" if report.stopped_by_time else ""),
             f"programs generated: {report.generated} (csmith/instrumentation failures: "
             f"{len(report.generation_failures)})",
             f"native ok:          {report.native_ok}"
             + (f" (skipped: {', '.join(f'{n} {k}' for k, n in skipped.items())})"
                if skipped else ""),
             "",
             f"{'configuration':<14}{'agree':>7}{'mismatch':>10}{'unknown':>9}"]
    for name, c in report.counts().items():
        lines.append(f"{name:<14}{c['agree']:>7}{c['mismatch']:>10}{c['unknown']:>9}")
    mism = report.mismatches()
    lines.append("")
    lines.append(f"mismatches: {len(mism)}")
    for p, r in mism:
        kept = f" (kept in {o.out}/{p.name})" if o.out else ""
        lines.append(f"  {p.name} {r.config.name}: {r.detail}{kept}")
    unknown = collections.Counter(_reason_kind(r.detail) for p in report.programs
                                  for r in p.results if r.category == "unknown")
    if unknown:
        lines.append("unknown reasons: " + "; ".join(f"{n}x {k}"
                                                     for k, n in unknown.most_common(6)))
    return "\n".join(lines)


def _reason_kind(text: str) -> str:
    """A reason without its program-specific details (for counting)."""
    head = text.split(" at ", 1)[0].split("(", 1)[0]
    return head.strip()[:70]
