"""Differential testing of the C semantics: native execution against pycorral's verdicts.

Role: the judge of the differential campaign.  A *subject* is a deterministic C program
(from csmith, replay/csmith_gen.py, or hand-written, tests/data/semantics) that reports one
integer through the macro `DIFFTEST_RESULT(v)`, which this module defines in three variants:

  native   prints v; compiled with the replay toolchain and run, it gives the value V;
  eq       `assert((unsigned long long)(v) == V)`: pycorral must not report a bug;
  ne       `assert((unsigned long long)(v) != V)`: pycorral must report a bug, and native
           replay of its trace (replay/native.py) must confirm it.

Each variant is checked with every requested configuration (front end c|llvm x encoding
int|bv) in a fresh child process (time limit, memory limit, killed on overrun), so that a
hang or crash of one check cannot stop the campaign.  Per configuration the outcome is
  agree     eq: correct / no bug within bound; ne: bug, replay confirmed;
  mismatch  eq: bug (a false alarm); ne: correct (a missed bug); ne: bug whose replay is
            not confirmed (not reached, not replayable or a replay error);
  unknown   anything else (unknown verdicts, timeouts, unsupported constructs, a front end
            rejecting the program, ne bounded by the bound): counted with its reason.

`run_campaign` generates csmith programs from consecutive seeds and collects a
CampaignReport; mismatching programs are kept (all variants and a report.json) in `out`.
"""
from __future__ import annotations

import dataclasses
import json
import multiprocessing
import os
import resource
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from replay import native
from replay.confirm import confirm
from replay.csmith_gen import GenerationError, GenOptions, find_csmith, generate

FRONTENDS = ("c", "llvm")
ENCODINGS = ("int", "bv")
CATEGORIES = ("agree", "mismatch", "unknown")


@dataclass(frozen=True, slots=True)
class Config:
    """One way of checking a program: a front end and an integer encoding."""
    frontend: str
    encoding: str

    @property
    def name(self) -> str:
        return f"{self.frontend}/{self.encoding}"


def configs_for(frontend: str = "both", encoding: str = "both") -> tuple[Config, ...]:
    """The configurations of `--frontend c|llvm|both --encoding int|bv|both`."""
    fes = FRONTENDS if frontend == "both" else (frontend,)
    encs = ENCODINGS if encoding == "both" else (encoding,)
    assert set(fes) <= set(FRONTENDS) and set(encs) <= set(ENCODINGS), "unknown config"
    return tuple(Config(f, e) for f in fes for e in encs)


@dataclass(frozen=True, slots=True)
class Limits:
    """Bound and limits of one check (one variant in one configuration).  `timeout` is
    the CPU time of the front end and the verifier together (CPU, not wall time, so that
    verdicts do not depend on the load of a shared machine); the wall time allowed is
    `wall_factor` times more.  Native runs and replay have their own (wall) limits."""
    bound: int = 64
    timeout: float = 60.0
    wall_factor: float = 8.0
    replay_timeout: float = 20.0
    native_timeout: float = 5.0
    memory_mb: int = 4096


# ----------------------------------------------------------------------------- variants

_PRELUDES = {
    "native": ('#include <stdio.h>\n#define DIFFTEST_RESULT(v) '
               'printf("DIFFTEST-RESULT %llu\\n", (unsigned long long)(v))\n'),
    "eq": ('#include <assert.h>\n#define DIFFTEST_RESULT(v) '
           'assert((unsigned long long)(v) == {value}ULL)\n'),
    "ne": ('#include <assert.h>\n#define DIFFTEST_RESULT(v) '
           'assert((unsigned long long)(v) != {value}ULL)\n'),
}


def variant_text(program: str, mode: str, value: int | None = None) -> str:
    """The program with `DIFFTEST_RESULT` defined for `mode` (native | eq | ne)."""
    assert mode in _PRELUDES, f"unknown variant {mode}"
    assert (value is None) == (mode == "native"), "eq/ne need the native value"
    assert "DIFFTEST_RESULT" in program, "the program reports its result with DIFFTEST_RESULT"
    return _PRELUDES[mode].format(value=value) + program


# ----------------------------------------------------------------------------- native run

@dataclass(frozen=True, slots=True)
class NativeRun:
    """The native value of a program (`value` None when it could not be had: `reason`)."""
    value: int | None
    reason: str = ""


_CYG_STUBS = ("__attribute__((no_instrument_function)) void __cyg_profile_func_enter"
              "(void *f, void *s) { }\n__attribute__((no_instrument_function)) void "
              "__cyg_profile_func_exit(void *f, void *s) { }\n")


def run_native(path: str, data_model: str, timeout: float = 5.0) -> NativeRun:
    """Compile `path` (a native variant) with the replay toolchain of `data_model` and run
    it; the value is the one line DIFFTEST-RESULT it prints."""
    tc = native.toolchain(data_model)
    if tc is None:
        return NativeRun(None, f"no C compiler for {data_model} here")
    with tempfile.TemporaryDirectory(prefix="pycorral-difftest-") as d:
        stubs, exe = os.path.join(d, "stubs.c"), os.path.join(d, "prog")
        Path(stubs).write_text(_CYG_STUBS)
        try:
            c = subprocess.run([*tc.argv, os.path.abspath(path), stubs, "-o", exe, "-lm"],
                               capture_output=True, text=True, errors="replace", timeout=120)
        except subprocess.TimeoutExpired:
            return NativeRun(None, "native compile timed out")
        if c.returncode != 0:
            return NativeRun(None, "native compile failed: " + _first_line(c.stderr))
        try:
            r = subprocess.run([exe], capture_output=True, text=True, errors="replace",
                               timeout=timeout, stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired:
            return NativeRun(None, f"native run longer than {timeout:g} s")
    lines = [ln for ln in r.stdout.splitlines() if ln.startswith("DIFFTEST-RESULT ")]
    if r.returncode != 0 or len(lines) != 1:
        return NativeRun(None, f"native run exited with {r.returncode}, "
                               f"{len(lines)} result line(s)")
    return NativeRun(int(lines[0].split()[1]))


def _first_line(text: str) -> str:
    for ln in text.splitlines():
        if "error" in ln:
            return ln.strip()[:300]
    return (text.strip().splitlines() or ["(no output)"])[0][:300]


def default_data_model() -> str:
    """ILP32 when `gcc -m32` links here (the CLI's default model), else LP64 (host gcc)."""
    tc = native.toolchain("ILP32")
    if tc is not None and os.path.basename(tc.argv[0]).startswith("gcc"):
        return "ILP32"
    return "LP64"


# ----------------------------------------------------------------------------- one check

@dataclass(frozen=True, slots=True)
class CheckOutcome:
    """pycorral's answer on one variant in one configuration (and the replay of a bug)."""
    verdict: str                  # bug | correct | no bug within bound | unknown | rejected
    reason: str = ""
    replay: str = ""              # replay status of a bug ("" otherwise)
    replay_reason: str = ""
    seconds: float = 0.0          # wall time
    cpu: float = 0.0              # CPU time of the check process

    def to_json(self) -> dict:
        return dataclasses.asdict(self)


def verify_variant(path: str, config: Config, data_model: str, limits: Limits) -> CheckOutcome:
    """Front end (the one door, frontend.load), verify and (for a bug) replay, in this
    process."""
    from boogie.errors import BoogieError
    from boogie.passes.pipeline import find_entry
    from frontend.load import FrontendOptions, LoadError, Unsupported, load
    from verifier.engine import verify
    from verifier.options import VerifyOptions
    from verifier.result import Verdict

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
    result = verify(prog, VerifyOptions(entry=entry, bound=limits.bound,
                                        timeout=max(1.0, wall)))
    if result.verdict is not Verdict.BUG:
        return CheckOutcome(result.verdict.value, result.reason[:300],
                            seconds=time.monotonic() - t0)
    rep = confirm([path], result, data_model=data_model, timeout=limits.replay_timeout)
    return CheckOutcome("bug", result.reason[:300], rep.status, rep.reason[:300],
                        time.monotonic() - t0)


def _child(conn, path: str, config, data_model: str, limits: Limits, verify) -> None:
    os.setpgrp()          # so that a kill reaches the compilers and programs it started
    mem = limits.memory_mb * 1024 * 1024
    cpu = int(limits.timeout + resource.getrusage(resource.RUSAGE_SELF).ru_utime) + 1
    try:
        resource.setrlimit(resource.RLIMIT_AS, (mem, mem))
        # SIGXCPU (default action: terminate) at the soft limit, SIGKILL at the hard one;
        # the replay's compiler and program are child processes with limits of their own.
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 5))
    except (ValueError, OSError):
        pass
    try:
        out = verify(path, config, data_model, limits)
    except MemoryError:
        out = CheckOutcome("unknown", f"memory limit ({limits.memory_mb} MB)")
    except BaseException as e:  # noqa: BLE001 - a crash of a check is an unknown, not a pass
        out = CheckOutcome("unknown", f"internal error: {type(e).__name__}: {e}"[:300])
    use = resource.getrusage(resource.RUSAGE_SELF)
    conn.send(dataclasses.replace(out, cpu=round(use.ru_utime + use.ru_stime, 2)))
    conn.close()


def check_variant(path: str, config: Config, data_model: str, limits: Limits,
                  verify: Callable[..., CheckOutcome] = verify_variant) -> CheckOutcome:
    """`verify(path, config, data_model, limits)` (default `verify_variant`) in a child
    process, killed (with what it started) on overrun."""
    ctx = multiprocessing.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    t0 = time.monotonic()
    proc = ctx.Process(target=_child, args=(child, path, config, data_model, limits, verify))
    proc.start()
    child.close()
    hard = limits.timeout * limits.wall_factor * 1.2 + limits.replay_timeout * 2 + 60
    try:
        if parent.poll(hard):
            return parent.recv()
        return CheckOutcome("unknown", f"wall-time limit ({hard:.0f} s)",
                            seconds=time.monotonic() - t0)
    except EOFError:
        proc.join(5)
        code = proc.exitcode
        why = (f"CPU time limit ({limits.timeout:g} s)"
               if code in (-signal.SIGXCPU, -signal.SIGKILL) else
               f"check process died (exit {code})")
        return CheckOutcome("unknown", why, seconds=time.monotonic() - t0)
    finally:
        if proc.is_alive():
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        proc.join()
        parent.close()


# ----------------------------------------------------------------------------- judging

@dataclass(frozen=True, slots=True)
class ConfigResult:
    """Both checks of one program in one configuration, and the judgement."""
    config: Config
    eq: CheckOutcome
    ne: CheckOutcome
    category: str                 # agree | mismatch | unknown
    detail: str

    def to_json(self) -> dict:
        return {"config": self.config.name, "category": self.category, "detail": self.detail,
                "eq": self.eq.to_json(), "ne": self.ne.to_json()}


def judge(eq: CheckOutcome, ne: CheckOutcome) -> tuple[str, str]:
    """The category of a configuration's two outcomes and a one-line detail."""
    if eq.verdict == "bug":
        return "mismatch", f"false alarm: assert(result == native value) reported as a bug " \
                           f"(replay: {eq.replay or '-'}: {eq.replay_reason})"
    if ne.verdict == "correct":
        return "mismatch", "missed bug: assert(result != native value) proved correct"
    if ne.verdict == "bug" and ne.replay != "confirmed":
        return "mismatch", f"bug not confirmed by replay ({ne.replay}: {ne.replay_reason})"
    if eq.verdict in ("correct", "no bug within bound") and ne.verdict == "bug":
        return "agree", f"eq {eq.verdict}; ne bug confirmed"
    side, other = (eq, "eq") if eq.verdict not in ("correct", "no bug within bound") \
        else (ne, "ne")
    return "unknown", f"{other} {side.verdict}: {side.reason}"


@dataclass(frozen=True, slots=True)
class ProgramResult:
    """One program: its native value (or why none) and each configuration's result."""
    name: str
    native: NativeRun
    results: tuple[ConfigResult, ...] = ()
    seed: int | None = None
    args: tuple[str, ...] = ()

    @property
    def mismatches(self) -> tuple[ConfigResult, ...]:
        return tuple(r for r in self.results if r.category == "mismatch")

    def to_json(self) -> dict:
        return {"name": self.name, "seed": self.seed, "csmith_args": list(self.args),
                "native_value": self.native.value, "native_reason": self.native.reason,
                "results": [r.to_json() for r in self.results]}


@dataclass(frozen=True, slots=True)
class Variants:
    """A program's native value and the files of its variants (native.c, eq.c, ne.c;
    eq/ne only when the native run gave a value)."""
    native: NativeRun
    paths: dict


def prepare(text: str, data_model: str, limits: Limits, workdir: str) -> Variants:
    """Write the native variant to `workdir`, run it, and write eq.c / ne.c with its value."""
    os.makedirs(workdir, exist_ok=True)
    paths = {m: os.path.join(workdir, f"{m}.c") for m in _PRELUDES}
    Path(paths["native"]).write_text(variant_text(text, "native"))
    nat = run_native(paths["native"], data_model, limits.native_timeout)
    if nat.value is None:
        return Variants(nat, {"native": paths["native"]})
    for m in ("eq", "ne"):
        Path(paths[m]).write_text(variant_text(text, m, nat.value))
    return Variants(nat, paths)


def check_config(variants: Variants, config: Config, data_model: str,
                 limits: Limits) -> ConfigResult:
    """Check eq.c and ne.c in one configuration and judge the pair."""
    assert variants.native.value is not None, "no native value to compare with"
    eq = check_variant(variants.paths["eq"], config, data_model, limits)
    ne = check_variant(variants.paths["ne"], config, data_model, limits)
    return ConfigResult(config, eq, ne, *judge(eq, ne))


def check_program(name: str, text: str, configs: Sequence[Config], data_model: str,
                  limits: Limits, workdir: str, *, seed: int | None = None,
                  args: Sequence[str] = ()) -> ProgramResult:
    """Run the native variant, then check eq and ne in every configuration."""
    v = prepare(text, data_model, limits, workdir)
    if v.native.value is None:
        return ProgramResult(name, v.native, seed=seed, args=tuple(args))
    results = tuple(check_config(v, cfg, data_model, limits) for cfg in configs)
    return ProgramResult(name, v.native, results, seed, tuple(args))


# ----------------------------------------------------------------------------- campaign

@dataclass(frozen=True, slots=True)
class CampaignOptions:
    """A seeded campaign: programs from seeds seed .. seed+count-1 (until `time_limit`
    seconds have passed), checked in `configs`; mismatching programs are kept in `out`."""
    seed: int = 1
    count: int = 10
    configs: tuple[Config, ...] = field(default_factory=configs_for)
    limits: Limits = Limits()
    gen: GenOptions = GenOptions()
    pointer_every: int = 2        # every n-th program may use pointers (0: never)
    data_model: str | None = None  # None: default_data_model()
    time_limit: float | None = None
    out: str | None = None
    jobs: int = 1


@dataclass(frozen=True, slots=True)
class CampaignReport:
    """What a campaign did: programs generated, with a native value, and their results."""
    options: CampaignOptions
    data_model: str
    generated: int
    generation_failures: tuple[tuple[int, str], ...]
    programs: tuple[ProgramResult, ...]
    seconds: float
    stopped_by_time: bool

    @property
    def native_ok(self) -> int:
        return sum(1 for p in self.programs if p.native.value is not None)

    def counts(self) -> dict[str, dict[str, int]]:
        """Per configuration name: agree / mismatch / unknown counts."""
        table = {c.name: dict.fromkeys(CATEGORIES, 0) for c in self.options.configs}
        for p in self.programs:
            for r in p.results:
                table[r.config.name][r.category] += 1
        return table

    def mismatches(self) -> list[tuple[ProgramResult, ConfigResult]]:
        return [(p, r) for p in self.programs for r in p.mismatches]

    def to_json(self) -> dict:
        return {"data_model": self.data_model, "generated": self.generated,
                "native_ok": self.native_ok, "seconds": round(self.seconds, 1),
                "stopped_by_time": self.stopped_by_time, "counts": self.counts(),
                "generation_failures": [list(f) for f in self.generation_failures],
                "programs": [p.to_json() for p in self.programs]}


def gen_options_for(seed: int, opts: CampaignOptions) -> GenOptions:
    """The generator options of one seed: every `pointer_every`-th program has pointers."""
    with_pointers = opts.pointer_every > 0 and seed % opts.pointer_every == 0
    return dataclasses.replace(opts.gen, pointers=opts.gen.pointers or with_pointers)


def run_campaign(opts: CampaignOptions,
                 progress: Callable[[ProgramResult], None] | None = None) -> CampaignReport:
    """Generate, run natively and check `opts.count` programs (see CampaignOptions)."""
    tool = find_csmith()
    assert tool is not None, "the caller checks find_csmith() first"
    data_model = opts.data_model or default_data_model()
    t0 = time.monotonic()
    failures: list[tuple[int, str]] = []
    stopped = False

    def one(seed: int) -> ProgramResult | None:
        nonlocal stopped
        if opts.time_limit is not None and time.monotonic() - t0 > opts.time_limit:
            stopped = True
            return None
        try:
            g = generate(tool, seed, gen_options_for(seed, opts))
        except GenerationError as e:
            failures.append((seed, str(e)))
            return None
        with tempfile.TemporaryDirectory(prefix=f"difftest-{seed}-") as d:
            res = check_program(f"seed-{seed}", g.text, opts.configs, data_model,
                                opts.limits, d, seed=seed, args=g.args)
            if opts.out and res.mismatches:
                _keep(res, d, opts.out)
        if progress is not None:
            progress(res)
        return res

    seeds = range(opts.seed, opts.seed + opts.count)
    if opts.jobs <= 1:
        results = [one(s) for s in seeds]
    else:
        with ThreadPoolExecutor(opts.jobs) as pool:
            results = list(pool.map(one, seeds))
    programs = tuple(r for r in results if r is not None)
    generated = len(programs) + len(failures)
    return CampaignReport(opts, data_model, generated, tuple(sorted(failures)), programs,
                          time.monotonic() - t0, stopped)


def _keep(res: ProgramResult, workdir: str, out: str) -> None:
    """Copy a mismatching program's variants and its report to out/<name>/."""
    dest = os.path.join(out, res.name)
    os.makedirs(dest, exist_ok=True)
    for f in os.listdir(workdir):
        if f.endswith(".c"):
            shutil.copy(os.path.join(workdir, f), dest)
    with open(os.path.join(dest, "report.json"), "w") as fh:
        json.dump(res.to_json(), fh, indent=2)
