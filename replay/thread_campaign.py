"""Differential testing of pycorral on thread programs: its verdicts at context bound K
against an exhaustive oracle.

Role: the judge of the thread campaign (issue 33), laid out like replay/difftest.py.  A
*subject* is a small pthread program from replay/thread_gen.py: 0-3 threads besides main
(nested creation too), shared int globals, mutexes (lock/unlock, trylock), joins, results
returned as malloc'd ints through `return p` and `pthread_exit(p)`, probes (`assert` or
`reach_error`) in main after the joins and in the threads.  The oracle
(replay/thread_oracle.py) explores the program's own AST, not pycorral's translation:

  unbounded   can a probe fail in ANY interleaving?
  K rounds    can it fail in a schedule of pycorral's K-round sequentialization
              (boogie/passes/sequentialize.py; the oracle's docstring defines them)?

The probes' constants are chosen after the oracle has seen the values they take, so that
programs are spread over "no bug", "a bug first within K rounds" for K = 1, 2, 3 and "a bug
only beyond 3 rounds" (thread_gen.choose_constants).

Each program is checked by pycorral in every configuration (front end c|llvm, integer
encoding, context bound K) in a child process with a CPU-time limit (difftest's
`check_variant`).  Per configuration the outcome is
  agree         bug and the oracle has a bug within K rounds; no bug (bounded / correct)
                and the oracle has none within K rounds;
  false bug     bug, but no interleaving at all fails (unsound: never allowed);
  beyond bound  bug, some interleaving fails, but none within K rounds (pycorral explored
                schedules the oracle's model of the K-round translation does not have);
  missed bug    no bug, but the oracle has a bug within K rounds (incomplete in the bound);
  unknown       timeouts, unknown verdicts, rejected or unsupported programs.
The mismatches are the middle three.  Also compared: the two front ends with each other
(both definite, different verdicts at the same K), and native runs (gcc -pthread, with a
`sched_yield()` before each shared step, several times): a run failing an assertion
where the oracle says no interleaving fails is an oracle defect.

`run_campaign` generates programs from consecutive seeds; mismatching programs are kept
(program.c, native.c, report.json) in `out/seed-N/`.
"""
from __future__ import annotations

import dataclasses
import json
import os
import random
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from replay import thread_gen as tg
from replay import thread_oracle as oracle
from replay.difftest import CheckOutcome, Limits, check_variant

FRONTENDS = ("c", "llvm")
CATEGORIES = ("agree", "false bug", "beyond bound", "missed bug", "unknown")
MISMATCHES = ("false bug", "beyond bound", "missed bug")


@dataclass(frozen=True, slots=True)
class ThreadConfig:
    """One way of checking a program: a front end, an integer encoding, a context bound."""
    frontend: str
    encoding: str
    k: int

    @property
    def name(self) -> str:
        return f"{self.frontend}/{self.encoding}/K{self.k}"


def configs_for(frontend: str = "both", encoding: str = "int",
                ks: Sequence[int] = (1, 2)) -> tuple[ThreadConfig, ...]:
    fes = FRONTENDS if frontend == "both" else (frontend,)
    encs = ("int", "bv") if encoding == "both" else (encoding,)
    assert set(fes) <= set(FRONTENDS) and set(encs) <= {"int", "bv"}, "unknown config"
    assert ks and min(ks) >= 1, "context bounds count rounds: at least 1"
    return tuple(ThreadConfig(f, e, k) for f in fes for e in encs for k in sorted(set(ks)))


# ----------------------------------------------------------------------------- a subject

@dataclass(frozen=True, slots=True)
class OracleVerdict:
    """The oracle's answers: a failing probe in some interleaving, and within K rounds
    (for each K explored), with the states each exploration visited."""
    unbounded: bool
    bounded: dict
    states: dict

    def bug_within(self, k: int) -> bool:
        return self.bounded[k]

    def first_k(self) -> int | str | None:
        """The least K with a bug within K rounds ("beyond": only unbounded; None: none)."""
        for k in sorted(self.bounded):
            if self.bounded[k]:
                return k
        return "beyond" if self.unbounded else None

    def to_json(self) -> dict:
        return {"unbounded": self.unbounded, "bounded": {str(k): v for k, v in
                                                          self.bounded.items()},
                "states": {str(k): v for k, v in self.states.items()}}


@dataclass(frozen=True, slots=True)
class Subject:
    """A generated program with its probes' constants and the oracle's verdict."""
    seed: int
    program: tg.Program
    target: str
    oracle: OracleVerdict

    @property
    def threads(self) -> int:
        return sum(1 for f in self.program.functions for s in tg.statements(f.body)
                   if type(s) is tg.Create)

    def text(self, native_yields: bool = False) -> str:
        return tg.to_c(self.program, native_yields)

    def features(self) -> tuple[str, ...]:
        """What the program uses, to group mismatches by likely cause: `no-thread`,
        `malloc-results:N` (threads returning a malloc'd int), `nested`, `trylock`,
        `pthread_exit`, `mutex-init-call`."""
        p = self.program
        stmts = [s for f in p.functions for s in tg.statements(f.body)]
        out = []
        if self.threads == 0:
            out.append("no-thread")
        results = sum(1 for s in stmts if type(s) is tg.Join and s.into is not None)
        if results:
            out.append(f"malloc-results:{results}")
        if any(type(s) is tg.Create for f in p.functions[1:] for s in tg.statements(f.body)):
            out.append("nested")
        if any(type(s) is tg.TryLocked for s in stmts):
            out.append("trylock")
        if any(type(s) is tg.Finish and s.how == "exit" for s in stmts):
            out.append("pthread_exit")
        if p.mutex_init_call:
            out.append("mutex-init-call")
        return tuple(out)


class GenerationError(Exception):
    """The oracle could not judge the program (too many states): the seed is skipped."""


def judge_program(prog: tg.Program, ks: Sequence[int], max_states: int) -> OracleVerdict:
    """The oracle's verdict on `prog` (constants chosen)."""
    try:
        unb = oracle.explore(prog, None, max_states)
        by_k = {k: oracle.explore(prog, k, max_states) for k in ks}
    except oracle.OracleLimit as e:
        raise GenerationError(f"oracle: {e}") from None
    return OracleVerdict(oracle.bug_in(prog, unb), {k: oracle.bug_in(prog, e)
                                                   for k, e in by_k.items()},
                         {"unbounded": unb.states, **{k: e.states for k, e in by_k.items()}})


def generate(seed: int, gen: tg.ThreadGenOptions = tg.ThreadGenOptions(),
             ks: Sequence[int] = (1, 2, 3), max_states: int = 400_000) -> Subject:
    """The program of `seed`: structure, the oracle's observations, constants (for K in
    `ks` and beyond), then the oracle's verdict on the final program."""
    structure = tg.generate_structure(seed, gen)
    ks = sorted(set(ks) | {1, 2, 3})
    try:
        unb = oracle.explore(structure, None, max_states)
        seen = {k: oracle.explore(structure, k, max_states).seen for k in ks}
    except oracle.OracleLimit as e:
        raise GenerationError(f"oracle: {e}") from None
    for k in ks:
        assert seen[k] <= unb.seen, "a K-round schedule is an interleaving"
    prog, target = tg.choose_constants(structure, set(unb.seen), seen, random.Random(seed))
    verdict = judge_program(prog, ks, max_states)
    return Subject(seed, prog, target, verdict)


# ----------------------------------------------------------------------------- pycorral

def verify_threads(path: str, config: ThreadConfig, data_model: str,
                   limits: Limits) -> CheckOutcome:
    """Front end (frontend.load) and stratified inlining at context bound `config.k`, in
    this process (check_variant runs it in a child)."""
    from boogie.errors import BoogieError
    from boogie.passes.pipeline import find_entry
    from frontend.load import FrontendOptions, LoadError, Unsupported, load
    from verifier.engine import verify
    from verifier.options import VerifyOptions

    t0 = time.monotonic()
    try:
        prog = load([path], FrontendOptions(frontend=config.frontend, encoding=config.encoding,
                                            data_model=data_model, entry="main")).program
        entry = find_entry(prog, None)
    except (LoadError, BoogieError) as e:
        d = e.diagnostic if isinstance(e, LoadError) else e.first
        kind = "unknown" if isinstance(e, Unsupported) else "rejected"
        return CheckOutcome(kind, f"{d.code}: {d.message}"[:300],
                            seconds=time.monotonic() - t0)
    wall = limits.timeout * limits.wall_factor - (time.monotonic() - t0)
    result = verify(prog, VerifyOptions(entry=entry, bound=limits.bound, strategy="si",
                                        context_bound=config.k, timeout=max(1.0, wall)))
    return CheckOutcome(result.verdict.value, result.reason[:300],
                        seconds=time.monotonic() - t0)


def judge(oracle_verdict: OracleVerdict, config: ThreadConfig,
          out: CheckOutcome) -> tuple[str, str]:
    """The category of pycorral's outcome in `config` (see the module docstring)."""
    within = oracle_verdict.bug_within(config.k)
    if out.verdict == "bug":
        if not oracle_verdict.unbounded:
            return "false bug", "bug reported, but no interleaving fails a probe"
        if not within:
            return "beyond bound", (f"bug reported, but the oracle needs more than "
                                    f"{config.k} round(s)")
        return "agree", "bug"
    if out.verdict in ("correct", "bounded"):
        if within:
            return "missed bug", (f"{out.verdict}, but a probe fails within {config.k} "
                                  f"round(s)")
        return "agree", out.verdict
    return "unknown", f"{out.verdict}: {out.reason}"


# ----------------------------------------------------------------------------- native

@dataclass(frozen=True, slots=True)
class NativeRuns:
    """Native runs of the program (with sched_yield before each shared step): how many
    ran, how many failed a probe, and why there are none (compile failure, no gcc)."""
    runs: int = 0
    failed: int = 0
    reason: str = ""
    warnings: str = ""          # gcc -Wall -Wextra on the program pycorral checks

    def to_json(self) -> dict:
        return dataclasses.asdict(self)


def run_native(subject: Subject, runs: int, workdir: str, timeout: float = 5.0) -> NativeRuns:
    """Compile with gcc -pthread -Wall -Wextra and run `runs` times."""
    gcc = shutil.which("gcc")
    if gcc is None:
        return NativeRuns(reason="no gcc here")
    plain = os.path.join(workdir, "program.c")
    native = os.path.join(workdir, "native.c")
    Path(native).write_text(subject.text(native_yields=True))
    flags = ["-std=gnu11", "-O0", "-pthread", "-Wall", "-Wextra"]
    w = subprocess.run([gcc, *flags, "-fsyntax-only", plain], capture_output=True, text=True)
    warnings = (w.stderr.strip().splitlines() or [""])[0][:300]
    if runs <= 0:
        return NativeRuns(warnings=warnings)
    exe = os.path.join(workdir, "native")
    c = subprocess.run([gcc, *flags, native, "-o", exe], capture_output=True, text=True)
    if c.returncode != 0:
        return NativeRuns(reason="native compile failed: " + c.stderr.strip()[:300],
                          warnings=warnings)
    failed = done = 0
    for _ in range(runs):
        try:
            r = subprocess.run([exe], capture_output=True, text=True, timeout=timeout,
                               stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired:
            continue                    # a lost run (load), not a verdict
        done += 1
        if r.returncode == -signal.SIGABRT or "Assertion" in r.stderr:
            failed += 1
    return NativeRuns(done, failed, "" if done else "every native run timed out", warnings)


# ----------------------------------------------------------------------------- results

@dataclass(frozen=True, slots=True)
class ConfigResult:
    config: ThreadConfig
    outcome: CheckOutcome
    category: str
    detail: str

    def to_json(self) -> dict:
        return {"config": self.config.name, "category": self.category, "detail": self.detail,
                "outcome": self.outcome.to_json()}


@dataclass(frozen=True, slots=True)
class ProgramResult:
    name: str
    subject: Subject
    native: NativeRuns
    results: tuple[ConfigResult, ...] = ()

    @property
    def mismatches(self) -> tuple[ConfigResult, ...]:
        return tuple(r for r in self.results if r.category in MISMATCHES)

    @property
    def oracle_defect(self) -> bool:
        """A native run failed a probe where the oracle says no interleaving fails."""
        return self.native.failed > 0 and not self.subject.oracle.unbounded

    def frontend_disagreements(self) -> list[str]:
        """Context bounds (and encodings) where the two front ends gave different
        definite verdicts."""
        def definite(r):
            return "bug" if r.outcome.verdict == "bug" else \
                "no bug" if r.outcome.verdict in ("correct", "bounded") else None
        by = {(r.config.encoding, r.config.k, r.config.frontend): definite(r)
              for r in self.results}
        out = []
        for (enc, k, fe), v in sorted(by.items()):
            other = by.get((enc, k, "llvm"))
            if fe == "c" and v is not None and other is not None and v != other:
                out.append(f"{enc}/K{k}: c {v}, llvm {other}")
        return out

    def to_json(self) -> dict:
        return {"name": self.name, "seed": self.subject.seed, "target": self.subject.target,
                "threads": self.subject.threads, "features": list(self.subject.features()),
                "oracle": self.subject.oracle.to_json(),
                "native": self.native.to_json(), "oracle_defect": self.oracle_defect,
                "frontend_disagreements": self.frontend_disagreements(),
                "results": [r.to_json() for r in self.results]}


def check_subject(subject: Subject, configs: Sequence[ThreadConfig], data_model: str,
                  limits: Limits, workdir: str, native_runs: int = 3) -> ProgramResult:
    """Write the program, run it natively, check it in every configuration and judge."""
    os.makedirs(workdir, exist_ok=True)
    path = os.path.join(workdir, "program.c")
    Path(path).write_text(subject.text())
    nat = run_native(subject, native_runs, workdir, limits.native_timeout)
    results = []
    for cfg in configs:
        out = check_variant(path, cfg, data_model, limits, verify=verify_threads)
        results.append(ConfigResult(cfg, out, *judge(subject.oracle, cfg, out)))
    return ProgramResult(f"seed-{subject.seed}", subject, nat, tuple(results))


# ----------------------------------------------------------------------------- campaign

@dataclass(frozen=True, slots=True)
class CampaignOptions:
    """A seeded campaign: programs from seeds seed .. seed+count-1 (until `time_limit`
    seconds have passed), checked in `configs`; mismatching programs kept in `out`."""
    seed: int = 1
    count: int = 10
    configs: tuple[ThreadConfig, ...] = field(default_factory=configs_for)
    limits: Limits = Limits(bound=3, timeout=60.0, wall_factor=3.0)
    gen: tg.ThreadGenOptions = tg.ThreadGenOptions()
    data_model: str = "LP64"
    native_runs: int = 3
    max_states: int = 400_000
    time_limit: float | None = None
    out: str | None = None


@dataclass(frozen=True, slots=True)
class CampaignReport:
    options: CampaignOptions
    generation_failures: tuple[tuple[int, str], ...]
    programs: tuple[ProgramResult, ...]
    seconds: float
    stopped_by_time: bool

    def counts(self) -> dict[str, dict[str, int]]:
        """Per configuration: the count of each category, and of pycorral's bugs."""
        table = {c.name: dict.fromkeys(CATEGORIES + ("bugs",), 0) for c in self.options.configs}
        for p in self.programs:
            for r in p.results:
                table[r.config.name][r.category] += 1
                table[r.config.name]["bugs"] += r.outcome.verdict == "bug"
        return table

    def oracle_counts(self) -> dict[str, int]:
        """Programs with a bug in some interleaving and within each K."""
        ks = sorted({c.k for c in self.options.configs} | {1, 2, 3})
        out = {"programs": len(self.programs),
               "unbounded": sum(p.subject.oracle.unbounded for p in self.programs)}
        for k in ks:
            out[f"K{k}"] = sum(p.subject.oracle.bounded.get(k, False) for p in self.programs)
        return out

    def mismatches(self) -> list[tuple[ProgramResult, ConfigResult]]:
        return [(p, r) for p in self.programs for r in p.mismatches]

    def to_json(self) -> dict:
        return {"seconds": round(self.seconds, 1), "stopped_by_time": self.stopped_by_time,
                "oracle": self.oracle_counts(), "counts": self.counts(),
                "generation_failures": [list(f) for f in self.generation_failures],
                "programs": [p.to_json() for p in self.programs]}


def run_campaign(opts: CampaignOptions,
                 progress: Callable[[ProgramResult], None] | None = None) -> CampaignReport:
    """Generate, judge and check `opts.count` programs, one at a time."""
    t0 = time.monotonic()
    failures: list[tuple[int, str]] = []
    programs: list[ProgramResult] = []
    stopped = False
    ks = sorted({c.k for c in opts.configs})
    for seed in range(opts.seed, opts.seed + opts.count):
        if opts.time_limit is not None and time.monotonic() - t0 > opts.time_limit:
            stopped = True
            break
        try:
            subject = generate(seed, opts.gen, ks, opts.max_states)
        except GenerationError as e:
            failures.append((seed, str(e)))
            continue
        with tempfile.TemporaryDirectory(prefix=f"threadtest-{seed}-") as d:
            res = check_subject(subject, opts.configs, opts.data_model, opts.limits, d,
                                opts.native_runs)
            if opts.out and (res.mismatches or res.oracle_defect):
                keep(res, d, opts.out)
        programs.append(res)
        if progress is not None:
            progress(res)
    return CampaignReport(opts, tuple(failures), tuple(programs), time.monotonic() - t0,
                          stopped)


def keep(res: ProgramResult, workdir: str, out: str) -> None:
    """Copy a mismatching program (program.c, native.c) and its report to out/<name>/."""
    dest = os.path.join(out, res.name)
    os.makedirs(dest, exist_ok=True)
    for f in ("program.c", "native.c"):
        if os.path.exists(os.path.join(workdir, f)):
            shutil.copy(os.path.join(workdir, f), dest)
    with open(os.path.join(dest, "report.json"), "w") as fh:
        json.dump(res.to_json(), fh, indent=2)
