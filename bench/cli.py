"""`pycorral bench`: run benchmark tasks under named configurations, score them as SV-COMP,
and write CSV/JSON results and an HTML report.

Role: the command-line face of `bench.runner` (tasks, limited runs, resumable results),
`bench.dask_pool` (local or distributed workers) and `bench.report`.  Shows a live
progress bar with the running score on stderr (rich), and prints the table per category
and configuration on stdout.  Exit 0 when no result is wrong, 1 when one is, 2 on bad input,
130 when stopped (Ctrl-C, SIGTERM, SIGHUP: the runs under way are killed, each with every
process it started; the finished ones stay in results.jsonl).
"""
from __future__ import annotations

import signal
import sys
from pathlib import Path

import click

BENCH_EPILOG = """\b
Inputs (one or more):
  svcomp | corral | ldv       the shared corpora ($PYCORRAL_CORPORA, else ../shared/corpora)
  tasks.csv                   SV-COMP task list (task,input_file,property,expected_verdict,...)
  expected.csv                Corral's regression list (Corral flags per row)
  DIR                         a folder of SV-COMP .yml task definitions
  FILE                        a list: PATH EXPECTED [ARGS...] per line (# comments)
\b
Examples:
  pycorral bench svcomp --config si="--strategy si" --jobs 2
  pycorral bench corral --config si="--strategy si" --config static="--strategy static"
  pycorral bench ldv --timeout 300 --out bench-ldv
  pycorral bench ldv --config b5="--bound 5" --config static="--bound 5 --strategy static"

A task's own arguments come first (SV-COMP: --data-model; corral: the row's Corral flags;
ldv: --reach --entry main_SeqInstr --bound 3), then the configuration's: a configuration
overrides them (the last --bound wins).
  pycorral bench tasks.list --scheduler tcp://head:8786     # a Dask cluster
\b
Results go to OUT/results.jsonl (appended; a re-run skips finished runs, --rerun forces),
OUT/results.csv, OUT/results.json and OUT/report.html (+ cactus.png, scatter.png); a
result has the verdict, wall/CPU time, memory, procedures inlined and Z3's share of time.
Score as SV-COMP: correct TRUE +2, correct FALSE +1, wrong TRUE -32, wrong FALSE -16,
unknown 0; "no bug within bound" is not a proof and scores 0 (shown as bounded).
Exit codes: 0 no wrong result, 1 some result wrong, 2 bad input or usage.
"""


@click.command("bench", epilog=BENCH_EPILOG,
               context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("inputs", nargs=-1, required=True, metavar="INPUT...")
@click.option("--config", "config_specs", multiple=True, metavar='NAME="ARGS"',
              help="A named configuration: extra `pycorral check` arguments (repeatable; "
                   "default: one configuration 'default' without extra arguments).")
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default=None,
              help="Output folder (default bench-<first input's name>).")
@click.option("--jobs", type=click.IntRange(min=1), default=2, show_default=True,
              help="Tasks run at once (workers of a local Dask cluster).")
@click.option("--scheduler", metavar="ADDRESS", default=None,
              help="Run on a Dask distributed cluster, e.g. tcp://head:8786 (--jobs ignored).")
@click.option("--timeout", type=click.FloatRange(min=0.1), default=60.0, show_default=True,
              help="Time limit per task in seconds (passed to the tool).")
@click.option("--kill-after", type=click.FloatRange(min=0.1), default=None, metavar="S",
              help="Wall seconds after which the task's process group is killed "
                   "(default 1.2*timeout+10).")
@click.option("--memory", "memory_mb", type=click.IntRange(min=0), default=6144,
              show_default=True, help="Address-space limit per task in MB (0: none).")
@click.option("--filter", "name_filter", default=None, help="Only tasks whose name contains this.")
@click.option("--limit", type=click.IntRange(min=0), default=None,
              help="Only the first N tasks (after --filter).")
@click.option("--rerun", is_flag=True, help="Run again even what results.jsonl has.")
@click.option("--scatter", default=None, metavar="A,B",
              help="The two configurations of the scatter plot (default the first two).")
@click.option("--quiet", is_flag=True, help="No progress bar.")
def bench_cmd(inputs, config_specs, out_dir, jobs, scheduler, timeout, kill_after, memory_mb,
              name_filter, limit, rerun, scatter, quiet):
    """Run INPUT's verification tasks under each configuration, each task in its own
    process with a time and memory limit, and score the results as SV-COMP does."""
    missing = missing_extra()
    if missing:
        _fail("pycorral bench needs its optional part: pip install 'pycorral[bench]' "
              f"(missing: {', '.join(missing)})")
    from bench import report, runner
    from bench.benchmark import run_benchmark
    from bench.dask_pool import SchedulerError

    try:
        configs = [runner.Config.parse(s) for s in config_specs] or [runner.Config("default")]
        _check_unique([c.name for c in configs])
        pair = _scatter_pair(scatter, [c.name for c in configs])
        tasks = [t for src in inputs for t in runner.load_tasks(src)]
        tasks = runner.select(tasks, name_filter, limit)
    except runner.BenchInputError as e:
        _fail(str(e))
    out = Path(out_dir) if out_dir else Path(f"bench-{_source_name(inputs[0])}")
    limits = runner.Limits(timeout, memory_mb, kill_after)
    names = [c.name for c in configs]
    runner.precompile()
    # SIGTERM (and a closed terminal) stop the benchmark as Ctrl-C does: the runs under way
    # are killed with every process they started (`runner.kill_running`), none is left.
    # SIGINT too, explicitly: a shell without job control starts a background command with
    # SIGINT ignored, and Python then installs no Ctrl-C handler of its own
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, _stop)
    try:
        with _Progress(names, quiet, live=sys.stderr.isatty()) as progress:
            try:
                results = run_benchmark(tasks, configs, limits, out, jobs=jobs,
                                        scheduler=scheduler, rerun=rerun,
                                        on_plan=progress.start, on_result=progress.advance,
                                        warn=lambda m: click.echo(m, err=True))
            except (runner.BenchInputError, SchedulerError) as e:
                _fail(str(e))
    except KeyboardInterrupt:
        click.echo(f"pycorral bench: stopped; the finished runs are in "
                   f"{out / runner.RESULTS_FILE}", err=True)
        sys.exit(130)
    meta = {"inputs": " ".join(inputs), "timeout": f"{timeout:g}s",
            "memory": f"{memory_mb} MB", "kill after": f"{limits.hard_limit:g}s",
            "configurations": "; ".join(f"{c.name}: {' '.join(c.args) or '(none)'}"
                                        for c in configs)}
    paths = report.write_all(results, names, out, title=f"pycorral bench: {' '.join(inputs)}",
                             scatter=pair, meta=meta)
    for line in report.summary_lines(results, names) + [""] + \
            report.totals_lines(results, names):
        click.echo(line)
    for line in report.disagreements(results):
        click.echo(f"configurations disagree: {line}")
    click.echo(f"report: {paths[-1]}  (results: {paths[0]}, {paths[1]})")
    wrong = [r for r in results if r.outcome == "wrong"]
    for r in wrong:
        click.echo(f"WRONG: {r.config}: {r.task}: {r.verdict}, expected {r.expected}", err=True)
    sys.exit(1 if wrong else 0)


def _stop(signum, frame) -> None:
    raise KeyboardInterrupt(signal.Signals(signum).name)


def missing_extra() -> list[str]:
    """The libraries of the `pycorral[bench]` extra that are not installed."""
    import importlib.util
    return [name for name in ("dask", "distributed", "matplotlib")
            if importlib.util.find_spec(name) is None]


def _fail(message: str) -> None:
    click.echo(message, err=True)
    sys.exit(2)


def _check_unique(names: list[str]) -> None:
    from bench.runner import BenchInputError
    dup = {n for n in names if names.count(n) > 1}
    if dup:
        raise BenchInputError(f"--config: error: configuration {sorted(dup)[0]} given twice")


def _scatter_pair(spec: str | None, names: list[str]) -> tuple[str, str] | None:
    from bench.runner import BenchInputError
    if not spec:
        return None
    pair = tuple(s.strip() for s in spec.split(","))
    if len(pair) != 2 or any(p not in names for p in pair):
        raise BenchInputError(f"--scatter: error: expected two of {', '.join(names)}, "
                              f"got {spec!r}")
    return pair  # type: ignore[return-value]


def _source_name(src: str) -> str:
    p = Path(src)
    if p.suffix:                                   # tasks.csv -> its folder's name
        return p.resolve().parent.name if p.stem in ("tasks", "expected") else p.stem
    return p.name or "tasks"


class _Progress:
    """A rich progress bar on stderr with the running score per configuration when stderr
    is a terminal, else one line per finished run; nothing with `quiet`."""

    def __init__(self, configs: list[str], quiet: bool, live: bool):
        self.configs, self.quiet, self.live = configs, quiet, live
        self.score = dict.fromkeys(configs, 0)
        self.wrong = 0
        self.bar = None
        self.task_id = None

    def __enter__(self) -> "_Progress":
        return self

    def __exit__(self, *exc) -> None:
        if self.bar is not None:
            self.bar.stop()

    def start(self, plan) -> None:
        for r in plan.kept:
            self._count(r)
        total = len(plan.todo)
        click.echo(f"{total} run(s) to do, {len(plan.kept)} already in the results file",
                   err=True)
        if self.quiet or not self.live or not total:
            return
        from rich.console import Console
        from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn,
                                   TimeElapsedColumn)
        self.bar = Progress(TextColumn("bench"), BarColumn(), MofNCompleteColumn(),
                            TimeElapsedColumn(), TextColumn("{task.fields[score]}"),
                            console=Console(stderr=True), transient=False)
        self.bar.start()
        self.task_id = self.bar.add_task("bench", total=total, score=self._score_text())

    def advance(self, r) -> None:
        self._count(r)
        if self.bar is not None:
            self.bar.update(self.task_id, advance=1, score=self._score_text())
        elif not self.quiet:
            click.echo(f"{r.config}: {r.verdict:8} {r.outcome:8} {r.time:6.1f}s  {r.task}",
                       err=True)

    def _count(self, r) -> None:
        if r.config in self.score:
            self.score[r.config] += r.score
            self.wrong += r.outcome == "wrong"

    def _score_text(self) -> str:
        s = "  ".join(f"{c} {v}" for c, v in self.score.items())
        return f"score: {s}" + (f"  [red]{self.wrong} wrong[/red]" if self.wrong else "")
