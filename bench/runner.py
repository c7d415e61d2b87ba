"""The benchmark runner: task sources, one limited process per run, a resumable results file.

Role: turns benchmark inputs into tasks, runs every (task, configuration) pair as
`python -m pycorral.cli check FILE... TASK_ARGS CONFIG_ARGS --json --timeout T` in its own
process group, and appends one JSON line per finished run to `results.jsonl`.  Scoring is
`bench.scoring`, reports are `bench.report`, the parallel/distributed part is
`bench.dask_pool` (the one module importing Dask), and a whole benchmark (plan, run on the
pool, collect) is `bench.benchmark`.

Task sources (`load_tasks`):
  * SV-COMP `tasks.csv` (columns task,input_file,property,expected_verdict,data_model,
    category): C inputs run with `--data-model DM`;
  * a directory of SV-COMP `.yml` task definitions (format 2.0), searched recursively;
  * Corral's `expected.csv` (file,expected,corral_flags,concurrent): the row's Corral
    flags are passed through (with Corral's default `/recursionBound:1` when the row
    names no bound), the category is sequential/concurrent;
  * the ldv-bpl `tasks.csv` (file,expected): reach mode from `main_SeqInstr`, bound 3;
  * a plain list file: `PATH EXPECTED [ARGS...]` per line (`#` starts a comment), paths
    relative to the list file.
  The names `svcomp`, `corral`, `ldv` (or `ldv-bpl`) stand for those corpora under
  $PYCORRAL_CORPORA (default `<repo>/../shared/corpora`).

Limits: the tool gets `--timeout T`; the process group is killed with SIGKILL after
`kill_after` seconds of wall time (default 1.2*T + 10, after the CLI's own watchdog), and
the child runs under RLIMIT_AS = `memory_mb`.  A killed run, a crash, a non-zero exit
without a JSON verdict, or a bad-input exit is recorded as "error" or "unknown" with its
reason -- never as a verdict.  Only properties pycorral checks (unreach-call) are run;
tasks for other properties are recorded as unknown ("unsupported property") without a run.
"""
from __future__ import annotations

import csv
import json
import os
import shlex
import signal
import subprocess
import sys
import threading
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Iterable, Iterator

from bench import scoring
from boogie.errors import BadInput
from verifier.result import UnknownKind

ROOT = Path(__file__).resolve().parent.parent
RESULTS_FILE = "results.jsonl"
SUPPORTED_PROPERTIES = ("unreach-call",)
LDV_ARGS = ("--reach", "--entry", "main_SeqInstr", "--bound", "3")


# the tool's own packages, byte-compiled before a benchmark runs (`precompile`)
PACKAGES = ("boogie", "frontend", "verifier", "pycorral", "replay", "svcomp", "bench")


def precompile() -> None:
    """Byte-compile the tool's modules into their __pycache__ folders (only the stale ones)
    before the tasks run.  Each task is a new Python process; with PYTHONDONTWRITEBYTECODE
    set (as on the shared machine) or a checkout never imported before, every one of them
    compiled about 150 modules from source again: 0.17 s of CPU a task, half the time of a
    small one (an install from a wheel has its bytecode: pip compiles at install time).
    Best effort: a folder that cannot be written is left as it is."""
    import compileall
    root = Path(__file__).resolve().parent.parent
    for p in PACKAGES:
        try:
            compileall.compile_dir(root / p, quiet=2)
        except OSError:
            pass


class BenchInputError(BadInput):
    """Bad benchmark input, formatted as one `file:line: error: message` line."""


def corpora_dir() -> Path:
    return Path(os.environ.get("PYCORRAL_CORPORA", ROOT.parent / "shared" / "corpora"))


# ----------------------------------------------------------------------------- data

@dataclass(frozen=True, slots=True)
class Task:
    """One verification task: input files, expected verdict (true/false), the arguments
    that belong to the task (data model, Corral flags, entry), and a category."""
    name: str                        # unique within a run (relative path of the task)
    files: tuple[str, ...]           # absolute paths
    expected: str                    # scoring.TRUE / scoring.FALSE
    category: str = ""
    args: tuple[str, ...] = ()
    property: str = "unreach-call"


@dataclass(frozen=True, slots=True)
class Config:
    """A named configuration: extra `pycorral check` arguments."""
    name: str
    args: tuple[str, ...] = ()

    @staticmethod
    def parse(spec: str) -> "Config":
        """`NAME=ARGS` (ARGS split like a shell), or just `NAME` with no arguments."""
        name, _, rest = spec.partition("=")
        name = name.strip()
        if not name or any(c.isspace() or c in ",/" for c in name):
            raise BenchInputError(f"--config: error: bad configuration name in {spec!r} "
                                  "(expected NAME=\"ARGS\")")
        try:
            return Config(name, tuple(shlex.split(rest)))
        except ValueError as e:
            raise BenchInputError(f"--config: error: {spec!r}: {e}") from None


@dataclass(frozen=True, slots=True)
class Limits:
    timeout: float = 60.0            # passed to the tool as --timeout
    memory_mb: int = 6144            # RLIMIT_AS of the child (0: none)
    kill_after: float | None = None  # wall seconds before SIGKILL of the group

    @property
    def hard_limit(self) -> float:
        return self.kill_after if self.kill_after is not None else self.timeout * 1.2 + 10.0


@dataclass(frozen=True, slots=True)
class RunResult:
    """One finished run, as stored in results.jsonl and the CSV/JSON reports."""
    task: str
    config: str
    verdict: str                     # scoring.VERDICTS
    expected: str                    # true / false
    outcome: str                     # correct / wrong / unknown / missed
    score: int
    category: str = ""
    time: float = 0.0                # wall seconds of the process
    cpu: float = 0.0                 # user+system CPU seconds of the process
    memory: float | None = None      # peak resident MB of the process
    inlined: int | None = None       # procedures inlined (from the tool's stats)
    z3_share: float | None = None    # share of the tool's time spent in Z3 (from its stats)
    reason: str = ""
    args: tuple[str, ...] = field(default=())   # the configuration's arguments
    reason_kind: str = ""            # an unknown's verifier.result.UnknownKind value, or ""

    def to_json(self) -> dict:
        d = asdict(self)
        d["args"] = list(self.args)
        return d

    @staticmethod
    def from_json(d: dict) -> "RunResult":
        names = RunResult.__dataclass_fields__
        kw = {k: v for k, v in d.items() if k in names}
        kw["args"] = tuple(kw.get("args") or ())
        return RunResult(**kw)


CSV_COLUMNS = ("task", "config", "category", "verdict", "expected", "outcome", "score",
               "time", "cpu", "memory", "inlined", "z3_share", "reason")


# ----------------------------------------------------------------------------- sources

def load_tasks(source: str) -> list[Task]:
    """Tasks of one input: a corpus name, a CSV file, a list file or a `.yml` directory."""
    path = resolve_source(source)
    if path.is_dir():
        return yml_tasks(path)
    if not path.is_file():
        raise BenchInputError(f"{source}: error: no such file or directory")
    if path.suffix in (".yml", ".yaml"):
        return [yml_task(path, path.parent)]
    if path.suffix == ".csv":
        return csv_tasks(path)
    return list_tasks(path)


CORPUS_NAMES = {"svcomp": "svcomp/tasks.csv", "corral": "corral/expected.csv",
                "ldv": "ldv-bpl/tasks.csv", "ldv-bpl": "ldv-bpl/tasks.csv"}


def resolve_source(source: str) -> Path:
    """A corpus name always means the shared corpus (write ./svcomp for a folder of that
    name, such as the package in this repository)."""
    if source in CORPUS_NAMES:
        return (corpora_dir() / CORPUS_NAMES[source]).resolve()
    return Path(source).resolve()


def _rows(path: Path) -> tuple[list[str], list[dict[str, str]]]:
    with open(path, newline="") as fh:
        reader = csv.DictReader(fh)
        return list(reader.fieldnames or []), list(reader)


def csv_tasks(path: Path) -> list[Task]:
    columns, rows = _rows(path)
    base = path.parent
    if {"input_file", "expected_verdict"} <= set(columns):
        kind = svcomp_row
    elif "corral_flags" in columns:
        kind = corral_row
    elif {"file", "expected"} <= set(columns):
        kind = ldv_row if path.parent.name.startswith("ldv") else plain_row
    else:
        raise BenchInputError(f"{path}:1: error: unknown CSV header {','.join(columns)} "
                              "(expected an SV-COMP tasks.csv, corral expected.csv or "
                              "file,expected)")
    tasks = []
    for i, row in enumerate(rows, start=2):
        try:
            tasks.append(kind(row, base))
        except (KeyError, scoring.ScoringError) as e:
            raise BenchInputError(f"{path}:{i}: error: {e}") from None
    return tasks


def svcomp_row(row: dict[str, str], base: Path) -> Task:
    dm = (row.get("data_model") or "ILP32").strip()
    return Task(row.get("task") or row["input_file"], (str(base / row["input_file"]),),
                scoring.normalize_expected(row["expected_verdict"]),
                row.get("category") or Path(row["input_file"]).parent.name,
                ("--data-model", dm), (row.get("property") or "unreach-call").strip())


def corral_row(row: dict[str, str], base: Path) -> Task:
    conc = (row.get("concurrent") or "no").strip() == "yes"
    flags = tuple((row.get("corral_flags") or "").split())
    if not any(f.startswith("/recursionBound:") for f in flags):
        # Corral's default bound (the corpus's verdicts are Corral's at that bound);
        # without it `check` would deepen the bound until its time budget
        flags += ("/recursionBound:1",)
    return Task(row["file"], (str(base / row["file"]),),
                scoring.normalize_expected(row["expected"]),
                "concurrent" if conc else "sequential", flags)


def ldv_row(row: dict[str, str], base: Path) -> Task:
    return Task(row["file"], (str(base / row["file"]),),
                scoring.normalize_expected(row["expected"]), "ldv", LDV_ARGS)


def plain_row(row: dict[str, str], base: Path) -> Task:
    return Task(row["file"], (str(base / row["file"]),),
                scoring.normalize_expected(row["expected"]),
                row.get("category") or Path(row["file"]).parent.name,
                tuple(shlex.split(row.get("args") or "")))


def list_tasks(path: Path) -> list[Task]:
    """`PATH EXPECTED [ARGS...]` per line; ARGS are split like a shell."""
    tasks = []
    for i, line in enumerate(path.read_text().splitlines(), start=1):
        try:
            words = shlex.split(line, comments=True)
        except ValueError as e:
            raise BenchInputError(f"{path}:{i}: error: {e}") from None
        if not words:
            continue
        if len(words) < 2:
            raise BenchInputError(f"{path}:{i}: error: expected 'PATH EXPECTED [ARGS...]'")
        try:
            expected = scoring.normalize_expected(words[1])
        except scoring.ScoringError as e:
            raise BenchInputError(f"{path}:{i}: error: {e}") from None
        file = (path.parent / words[0]).resolve()
        tasks.append(Task(words[0], (str(file),), expected,
                          Path(words[0]).parent.name or path.stem, tuple(words[2:])))
    return tasks


def yml_tasks(folder: Path) -> list[Task]:
    files = sorted(p for p in folder.rglob("*.yml") if p.is_file())
    if not files:
        raise BenchInputError(f"{folder}: error: no .yml task definitions found")
    return [t for p in files if (t := yml_task(p, folder)) is not None]


def yml_task(path: Path, root: Path) -> Task | None:
    """An SV-COMP task definition; None when it has no expected verdict for a property
    (a task without any property is not a benchmark task)."""
    from svcomp.yaml_input import YamlInputError, load_yaml, read_input_text

    try:
        doc = load_yaml(read_input_text(str(path), 1_000_000)).data
    except YamlInputError as e:
        raise BenchInputError(f"{path}:{e.line}:{e.col}: error: {e.message}") from None
    except OSError as e:
        raise BenchInputError(f"{path}:1:1: error: cannot read: {e.strerror or e}") from None
    inputs = doc.get("input_files") if isinstance(doc, dict) else None
    inputs = [inputs] if isinstance(inputs, str) else inputs
    if not isinstance(inputs, list) or not all(isinstance(f, str) for f in inputs):
        raise BenchInputError(f"{path}:1:1: error: not an SV-COMP task (no input_files)")
    raw = doc.get("properties")
    props = [p for p in (raw if isinstance(raw, list) else [])
             if isinstance(p, dict) and "expected_verdict" in p]
    if not props:
        return None
    wanted = [p for p in props
              if Path(str(p.get("property_file", ""))).stem in SUPPORTED_PROPERTIES]
    prop = (wanted or props)[0]
    dm = str((doc.get("options") or {}).get("data_model") or "ILP32")
    return Task(str(path.relative_to(root)), tuple(str(path.parent / f) for f in inputs),
                scoring.normalize_expected(str(prop["expected_verdict"])),
                path.parent.name, ("--data-model", dm),
                Path(str(prop.get("property_file", ""))).stem)


def select(tasks: list[Task], name_filter: str | None = None,
           limit: int | None = None) -> list[Task]:
    if name_filter:
        tasks = [t for t in tasks if name_filter in t.name]
    return tasks[:limit] if limit is not None else tasks


# ----------------------------------------------------------------------------- running

# Sets an address-space limit, then becomes the real command (same pid, so the parent's
# wait4 measures the tool itself).
_WITH_MEMORY_LIMIT = ("import os, resource, sys\n"
                      "limit = int(sys.argv[1]) * 1024 * 1024\n"
                      "resource.setrlimit(resource.RLIMIT_AS, (limit, limit))\n"
                      "os.execvp(sys.argv[2], sys.argv[2:])\n")


@dataclass(frozen=True, slots=True)
class Process:
    """What a limited process did."""
    code: int | None                 # exit code, -signal, or None when we killed it
    out: str
    err: str
    wall: float
    cpu: float
    memory_mb: float


def run_limited(cmd: list[str], hard_limit: float, memory_mb: int = 0,
                cwd: Path = ROOT) -> Process:
    """Run `cmd` in a new process group under RLIMIT_AS; after `hard_limit` seconds of
    wall time its whole session gets SIGKILL (`_kill_group`).  CPU time and peak memory
    come from wait4.  Once `kill_running` has been called (the benchmark is being stopped),
    a process started here is killed at once."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    if memory_mb:
        cmd = [sys.executable, "-c", _WITH_MEMORY_LIMIT, str(memory_mb), *cmd]
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd,
                            env=env, start_new_session=True)
    with _RUNNING_LOCK:
        _RUNNING.add(proc.pid)
        stopping = _STOPPING.is_set()
    if stopping:                    # started while the benchmark stops: ended at once
        _kill_group(proc.pid)
    killed = threading.Event()

    def kill() -> None:
        killed.set()
        _kill_group(proc.pid)

    timer = threading.Timer(hard_limit, kill)
    timer.daemon = True
    timer.start()
    chunks: dict[str, bytes] = {}
    readers = [threading.Thread(target=lambda k=k, s=s: chunks.__setitem__(k, s.read()),
                                daemon=True)
               for k, s in (("out", proc.stdout), ("err", proc.stderr))]
    for r in readers:
        r.start()
    try:
        _, status, usage = os.wait4(proc.pid, 0)
    except BaseException:          # interrupted: do not leave the group running
        _kill_group(proc.pid)
        raise
    finally:
        timer.cancel()
        with _RUNNING_LOCK:
            _RUNNING.discard(proc.pid)
    wall = time.perf_counter() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)
    _kill_group(proc.pid)          # leftovers of the group (they may hold the pipes)
    for r in readers:
        r.join()
    proc.stdout.close()
    proc.stderr.close()
    code = None if killed.is_set() else proc.returncode
    return Process(code, chunks.get("out", b"").decode(errors="replace"),
                   chunks.get("err", b"").decode(errors="replace"), wall,
                   usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024.0)


# Sessions started by run_limited and not yet reaped, so that an interrupted run (Ctrl-C,
# SIGTERM) can end them, and whether the benchmark is stopping: the module's state, guarded
# by a lock (a worker thread may be starting a process while the main thread stops).
_RUNNING: set[int] = set()
_RUNNING_LOCK = threading.Lock()
_STOPPING = threading.Event()


def allow_runs() -> None:
    """A benchmark starts: processes may be started again (after an earlier stop)."""
    _STOPPING.clear()


def kill_running() -> None:
    """The benchmark stops: SIGKILL every session this process started and has not reaped
    yet, and any it starts from now on."""
    with _RUNNING_LOCK:
        _STOPPING.set()
        groups = list(_RUNNING)
    for pgid in groups:
        _kill_group(pgid)


def _kill_group(sid: int) -> None:
    """SIGKILL the session a run started (`start_new_session`: its id is the run's pid):
    its process group, and every process of the session in a group of its own (a
    portfolio member of `pycorral check` is the leader of its own group)."""
    try:
        os.killpg(sid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    for pid in session_members(sid):
        try:
            os.kill(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


def session_members(sid: int) -> list[int]:
    """The live processes of session `sid`, from /proc (empty where there is no /proc)."""
    out = []
    try:
        entries = os.listdir("/proc")
    except OSError:
        return out
    for entry in entries:
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as fh:
                stat = fh.read()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        # fields after the name: state, ppid, pgrp, session, ...
        if len(fields) > 3 and fields[0] != "Z" and int(fields[3]) == sid:
            out.append(int(entry))
    return out


def check_command(task: Task, config: Config, limits: Limits) -> list[str]:
    return [sys.executable, "-m", "pycorral.cli", "check", *task.files, *task.args,
            *config.args, "--json", "--timeout", f"{limits.timeout:g}"]


def run_one(task: Task, config: Config, limits: Limits) -> RunResult:
    """Run one task with one configuration; never raises for a failing run."""
    if task.property not in SUPPORTED_PROPERTIES:
        return make_result(task, config, scoring.UNKNOWN,
                           f"unsupported property {task.property} (not run)")
    missing = [f for f in task.files if not Path(f).is_file()]
    if missing:
        return make_result(task, config, scoring.ERROR, f"input file not found: {missing[0]}")
    try:
        p = run_limited(check_command(task, config, limits), limits.hard_limit,
                        limits.memory_mb)
    except OSError as e:
        return make_result(task, config, scoring.ERROR, f"could not start: {e}")
    verdict, reason, stats, kind = interpret(p, limits)
    from verifier.stats import Stats
    figures = Stats.from_json(stats)
    share = figures.z3_share()
    return make_result(task, config, verdict, reason, time=round(p.wall, 3),
                       cpu=round(p.cpu, 3), memory=round(p.memory_mb, 1),
                       inlined=figures.procedures_inlined,
                       z3_share=None if share is None else round(share, 3),
                       reason_kind=kind.value if kind is not None else "")


def make_result(task: Task, config: Config, verdict: str, reason: str,
                **measures) -> RunResult:
    return RunResult(task.name, config.name, verdict, task.expected,
                     scoring.outcome(verdict, task.expected),
                     scoring.points(verdict, task.expected), task.category,
                     reason=reason, args=config.args, **measures)


def interpret(p: Process, limits: Limits) -> tuple[str, str, dict, UnknownKind | None]:
    """(verdict, reason, stats, the unknown's kind) of a finished process.  Only a JSON
    verdict printed by a process that exited normally counts as a verdict; the kind is its
    `reason_kind` (None: not an unknown, or a pycorral too old to say)."""
    if p.code is None:
        return (scoring.UNKNOWN, f"timeout: killed at the wall-time limit of "
                                 f"{limits.hard_limit:g}s", {}, UnknownKind.TIMEOUT)
    if p.code < 0:
        name = signal.Signals(-p.code).name if -p.code in signal.valid_signals() else p.code
        hint = f" (memory limit {limits.memory_mb} MB?)" if limits.memory_mb else ""
        return scoring.ERROR, f"killed by signal {name}{hint}", {}, None
    if p.code == 2:
        return scoring.ERROR, "bad input: " + _error_line(p.err), {}, None
    data = _last_json(p.out)
    if data is None:
        return (scoring.ERROR, f"exit {p.code} without a JSON verdict: {_error_line(p.err)}",
                {}, None)
    try:
        verdict = scoring.normalize_verdict(str(data["verdict"]))
    except scoring.ScoringError as e:
        return scoring.ERROR, str(e), {}, None
    if p.code not in (0, 10, 20, 30, 40):    # a verdict printed, then a crash
        return scoring.ERROR, f"exit {p.code} after verdict {data['verdict']}", {}, None
    reason = str(data.get("reason") or "")
    kind = UnknownKind.from_json(data.get("reason_kind")) \
        if verdict == scoring.UNKNOWN else None
    if kind is UnknownKind.MEMORY or (kind is None and verdict == scoring.UNKNOWN
                                      and "MemoryError" in reason):
        # the text only for output without reason_kind (an older pycorral said MemoryError)
        reason += f" (memory limit {limits.memory_mb} MB)"
    return verdict, reason, data.get("stats") or {}, kind


def _last_json(out: str) -> dict | None:
    for line in reversed(out.strip().splitlines()):
        try:
            data = json.loads(line)
        except ValueError:
            continue
        if isinstance(data, dict) and "verdict" in data:
            return data
    return None


def _error_line(err: str) -> str:
    lines = [ln.strip() for ln in err.strip().splitlines() if ln.strip()]
    if not lines:
        return "no output"
    first = next((ln for ln in lines if "error" in ln.lower()), lines[-1])
    return first[:240]


# ----------------------------------------------------------------------------- results file

def read_results(out_dir: Path) -> dict[tuple[str, str], RunResult]:
    """The results stored so far; the last line per (task, config) wins.  A line cut off
    by an interrupted run is ignored."""
    path = out_dir / RESULTS_FILE
    results: dict[tuple[str, str], RunResult] = {}
    if not path.is_file():
        return results
    for line in path.read_text().splitlines():
        try:
            r = RunResult.from_json(json.loads(line))
        except (ValueError, TypeError):
            continue
        results[(r.task, r.config)] = r
    return results


def append_result(out_dir: Path, result: RunResult) -> None:
    """One JSON line; a line cut off by an interrupted run is ended first, so that it
    does not swallow this one."""
    path = out_dir / RESULTS_FILE
    with open(path, "ab") as fh:
        if fh.tell() > 0:
            with open(path, "rb") as old:
                old.seek(-1, os.SEEK_END)
                if old.read(1) != b"\n":
                    fh.write(b"\n")
        fh.write((json.dumps(result.to_json()) + "\n").encode())


def pending(tasks: Iterable[Task], configs: Iterable[Config],
            done: dict[tuple[str, str], RunResult], rerun: bool = False
            ) -> Iterator[tuple[Task, Config]]:
    """The runs still to do: those without a stored result for the same configuration
    arguments (a configuration whose arguments changed runs again)."""
    for c in configs:
        for t in tasks:
            old = done.get((t.name, c.name))
            if rerun or old is None or old.args != c.args:
                yield t, c
