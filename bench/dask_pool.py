"""Runs benchmark tasks on a Dask cluster: a local one for `--jobs N`, or a distributed one
for `--scheduler ADDRESS`.  The one module that imports dask/distributed.

Role: takes (task, configuration) pairs and the limits, submits `bench.runner.run_one` for
each to the cluster, and hands every finished RunResult to a callback in the calling
thread (the progress bar and the results file live there).  Every Dask worker thread runs
one task at a time; the task itself is a separate, limited `pycorral check` process.
If a local Dask cluster cannot be started, a plain thread pool runs the same function
(said on stderr).  A run whose worker failed is reported as "error" with the reason and
is not stored, so the next resumed run tries it again.

Running on several machines (README text):

    # on the head machine (any machine the workers can reach):
    dask scheduler --port 8786
    # on every worker machine, from a checkout of pycorral with its venv active
    # (the task files must be at the same paths as on the head machine, e.g. a shared
    #  file system, or a checkout plus corpora at the same location):
    dask worker tcp://HEAD:8786 --nworkers 4 --nthreads 1
    # then, on any machine with the same checkout:
    pycorral bench corral --config si="--strategy si" --scheduler tcp://HEAD:8786

Each worker thread runs one verification process at a time, so `--nworkers` times
`--nthreads` is the number of tasks a machine runs at once; keep it at or below the number
of cores (memory: `--memory` MB per task).  The results file, the progress bar and the
report stay on the machine that runs `pycorral bench`.
"""
from __future__ import annotations

import logging
from concurrent.futures import ThreadPoolExecutor, as_completed as pool_completed
from typing import Callable, Iterable

from bench.runner import (Config, Limits, RunResult, Task, allow_runs, kill_running,
                          make_result, run_one)
from bench import scoring

OnResult = Callable[[RunResult, bool], None]     # (result, store it?)
Warn = Callable[[str], None]


class SchedulerError(Exception):
    """The Dask scheduler given with --scheduler could not be reached."""


def run_tasks(runs: Iterable[tuple[Task, Config]], limits: Limits, *, jobs: int,
              scheduler: str | None, on_result: OnResult, warn: Warn) -> None:
    """Run every pair, calling `on_result` as each finishes (in completion order)."""
    runs = list(runs)
    if not runs:
        return
    allow_runs()
    try:
        client, cluster = _start(jobs, scheduler)
    except SchedulerError:
        raise
    except Exception as e:  # noqa: BLE001 - any failure to start Dask: use the fallback
        warn(f"Dask could not start a local cluster ({type(e).__name__}: {e}); "
             f"running with a plain local pool of {jobs} thread(s)")
        _run_pool(runs, limits, jobs, on_result)
        return
    try:
        _run_dask(client, runs, limits, on_result)
    except BaseException:
        kill_running()
        raise
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def _start(jobs: int, scheduler: str | None):
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError as e:
        if scheduler:
            raise SchedulerError(f"--scheduler needs dask.distributed: {e}") from None
        raise
    if scheduler:
        try:
            return Client(scheduler, timeout="20s"), None
        except Exception as e:  # noqa: BLE001 - reported as one line
            raise SchedulerError(f"cannot connect to the Dask scheduler {scheduler}: "
                                 f"{type(e).__name__}: {e}") from None
    # Threads, not processes: each task is its own limited subprocess already.
    cluster = LocalCluster(n_workers=jobs, threads_per_worker=1, processes=False,
                           dashboard_address=":0", silence_logs=logging.ERROR)
    return Client(cluster), cluster


def _run_dask(client, runs: list[tuple[Task, Config]], limits: Limits,
              on_result: OnResult) -> None:
    from dask.distributed import as_completed

    futures = {}
    for i, (task, config) in enumerate(runs):
        fut = client.submit(run_one, task, config, limits, pure=False,
                            key=f"bench-{i}-{config.name}-{task.name}")
        futures[fut] = (task, config)
    for fut in as_completed(list(futures)):
        task, config = futures[fut]
        try:
            on_result(fut.result(), True)
        except Exception as e:  # noqa: BLE001 - a lost worker is an error of this run
            on_result(_failed(task, config, e), False)


def _run_pool(runs: list[tuple[Task, Config]], limits: Limits, jobs: int,
              on_result: OnResult) -> None:
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(run_one, t, c, limits): (t, c) for t, c in runs}
        try:
            for fut in pool_completed(futures):
                task, config = futures[fut]
                try:
                    on_result(fut.result(), True)
                except Exception as e:  # noqa: BLE001
                    on_result(_failed(task, config, e), False)
        except BaseException:
            for f in futures:
                f.cancel()
            kill_running()
            raise


def _failed(task: Task, config: Config, e: BaseException) -> RunResult:
    return make_result(task, config, scoring.ERROR,
                       f"worker failed: {type(e).__name__}: {str(e)[:200]}")
