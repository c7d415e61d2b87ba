"""One benchmark run: what to run, running it, and the results of every run.

Role: `run_benchmark(tasks, configs, limits, out_dir)` plans the (task, configuration) runs
that `out_dir/results.jsonl` does not hold yet (`plan`; stored results are re-scored
against the tasks' current expectations), runs them on the pool of `bench.dask_pool`,
appends each result as it comes (`bench.runner`'s results file) and returns every pair's
result.  Kept apart from `bench.runner`, which the pool's workers import to run one task.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass, replace
from pathlib import Path

from bench import scoring
from bench.dask_pool import run_tasks
from bench.runner import (BenchInputError, Config, Limits, RunResult, Task, append_result,
                          pending, read_results)


def rescore(result: RunResult, task: Task) -> RunResult:
    """A stored result scored against the task's current expectation and category."""
    return replace(result, expected=task.expected, category=task.category,
                   outcome=scoring.outcome(result.verdict, task.expected),
                   score=scoring.points(result.verdict, task.expected))


@dataclass(frozen=True, slots=True)
class Plan:
    """What a benchmark run will do: the runs to start, and the stored results it keeps."""
    todo: tuple[tuple[Task, Config], ...]
    kept: tuple[RunResult, ...]


def plan(tasks: list[Task], configs: list[Config], out_dir: Path,
         rerun: bool = False) -> Plan:
    done = read_results(out_dir)
    todo = tuple(pending(tasks, configs, done, rerun))
    again = {(t.name, c.name) for t, c in todo}
    by_name = {t.name: t for t in tasks}
    kept = tuple(rescore(done[(t.name, c.name)], by_name[t.name])
                 for c in configs for t in tasks
                 if (t.name, c.name) in done and (t.name, c.name) not in again)
    return Plan(todo, kept)


def run_benchmark(tasks: list[Task], configs: list[Config], limits: Limits, out_dir: Path,
                  *, jobs: int = 1, scheduler: str | None = None, rerun: bool = False,
                  on_plan=None, on_result=None, warn=None) -> list[RunResult]:
    """Run what is not in `out_dir/results.jsonl` yet, appending each result as it comes;
    returns the results of every (task, config) pair, in task order per configuration."""
    names = [t.name for t in tasks]
    if len(set(names)) != len(names):
        dup = next(n for n in names if names.count(n) > 1)
        raise BenchInputError(f"{dup}: error: task listed twice")
    out_dir.mkdir(parents=True, exist_ok=True)
    p = plan(tasks, configs, out_dir, rerun)
    if on_plan:
        on_plan(p)
    results = {(r.task, r.config): r for r in p.kept}

    def record(r: RunResult, store: bool) -> None:
        if store:
            append_result(out_dir, r)
        results[(r.task, r.config)] = r
        if on_result:
            on_result(r)

    run_tasks(p.todo, limits, jobs=jobs, scheduler=scheduler, on_result=record,
              warn=warn or (lambda msg: print(msg, file=sys.stderr)))
    return [results[(t.name, c.name)] for c in configs for t in tasks
            if (t.name, c.name) in results]
