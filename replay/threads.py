"""Native replay of a concurrent bug: the program runs its threads as the trace schedules them.

Role: replay/confirm.py's judge of a bug found under a context bound.  Inputs: the C files
and the `Trace` (its Boogie steps give the schedule, replay/schedule.py); output: a
`native.ReplayOutcome`.

Design.  Real pthreads, serialized by a baton (replay/sched_runtime.py): the program is
compiled with ThreadSanitizer's instrumentation but linked with pycorral's own callbacks,
so every access to memory that is not a register calls a hook, and the thread API is
renamed to wrappers.  At each hook the running thread aligns what it is about to do with
its next events of the schedule and waits for its turn; so a thread runs exactly until the
trace switches away from it.  To align, the runtime needs the source line of every hook's
call site: after linking, `objdump -d` lists the calls of the hooks (their return
addresses) and `addr2line` maps them to lines -- the *site table* of the schedule file.
Lines, not columns: gcc, clang and the C front end place columns differently within a line,
while the lines agree; the kind of access (read, write) and the order within the line tell
the accesses of one line apart.  An event whose line has a hook of its kind is *backed* (a
native run could make it); skipping a backed event where the trace switches threads leaves
the schedule.

Strictness.  "confirmed" only when the run reaches the error (the harness's marker), in
the failing thread, at the trace's line, with no event of another thread still due before
it: the native run followed the schedule to the failing check.  Everything else is not
confirmed, with why: the run left the schedule (the runtime says where and how), was stuck
(a watchdog ends it; the run's time limit is the backstop), ended without the error, or
the schedule could not be formed (a switch inside a library function).  None of these is
"not_reached" (which turns the verdict into unknown): the alignment of model accesses
with compiled ones can fail where the program and the model agree, so a run that does not
follow the schedule proves nothing against the trace; they are "not_replayable".

Toolchains: LP64 is gcc with `-fsanitize=thread`; ILP32 is `gcc -m32` when it links here,
else zig's clang, whose driver refuses ThreadSanitizer for i386 -- the flag goes to the
compiler itself (`-Xclang -fsanitize=thread`), with `-tsan-instrument-read-before-write`
(clang otherwise leaves out the read of `x = x + 1`, which the trace may switch after).
"""
from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import tempfile
from collections.abc import Sequence

from boogie.passes.sequentialize import SWITCHED
from frontend.cflags import BuildFlags
from verifier.result import Trace

from . import harness, native
from . import sched_runtime as rt
from .build import Build
from .native import ReplayOutcome
from .schedule import (API, END, FAIL, READ, START, UPDATE, WRITE, NoSchedule, Schedule,
                       schedule_of)

_TSAN_OK: dict[str, tuple[str, ...] | str] = {}


def replay_threads(paths: Sequence[str], trace: Trace, *, data_model: str = "ILP32",
                   timeout: float = 10.0, cflags: BuildFlags = BuildFlags(),
                   entry: str | None = None, stubs: tuple[str, ...] = ()) -> ReplayOutcome:
    """Replay a concurrent trace under its schedule (see the module docstring)."""
    if entry not in (None, "main"):
        return ReplayOutcome("not_replayable", "thread schedule: the native replay of "
                             "threads runs the program's main only (--function was given)")
    try:
        sched = schedule_of(trace)
    except NoSchedule as e:
        return ReplayOutcome("not_replayable", f"thread schedule: {e}")
    return replay_schedule(paths, sched, native.inputs_from_trace(paths, trace),
                           data_model=data_model, timeout=timeout, cflags=cflags,
                           stubs=stubs)


def replay_schedule(paths: Sequence[str], sched: Schedule, inputs: native.ReplayInputs, *,
                    data_model: str = "ILP32", timeout: float = 10.0,
                    cflags: BuildFlags = BuildFlags(),
                    stubs: tuple[str, ...] = ()) -> ReplayOutcome:
    """Run the program under `sched` (`inputs`: what else the trace fixes -- the results
    of external functions -- and what it cannot); `timeout`: the watchdog's limit."""
    tc = native.toolchain(data_model)
    if tc is None:
        return ReplayOutcome("error", f"no C compiler for the {data_model} data model here "
                             f"({native.probe_failure(data_model)})")
    flags = tsan_flags(tc, data_model)
    if isinstance(flags, str):
        return ReplayOutcome("not_replayable", f"thread schedule: {flags}")
    if not (shutil.which("objdump") and shutil.which("addr2line")):
        return ReplayOutcome("not_replayable", "thread schedule: objdump and addr2line "
                             "(binutils) are needed to map the hooks to source lines")
    build = Build(cflags, stubs=stubs, unit_flags=(*flags, *rt.program_flags()),
                  link_flags=("-pthread",))
    with tempfile.TemporaryDirectory(prefix="pycorral-threads-") as workdir:
        os.makedirs(os.path.join(workdir, "include"))
        with open(os.path.join(workdir, "include", "smack.h"), "w") as fh:
            fh.write(harness.smack_header())
        rc, log, exe, stubbed = _build(tc, paths, inputs, workdir, build)
        if rc != 0:
            return ReplayOutcome("error", "native compile failed: "
                                 f"{native._first_error(log)}", output=log[-4000:])
        sites = call_sites(exe)
        if isinstance(sites, str):
            return ReplayOutcome("not_replayable", f"thread schedule: {sites}")
        path = os.path.join(workdir, "schedule.txt")
        with open(path, "w") as fh:
            fh.write(schedule_text(sched, sites, max(1, int(timeout) + 1)))
        run = native._run(exe, timeout + 5, workdir, env={rt.ENV: path})
        lines = native._source_lines(exe, run.addresses, paths) if run.error_what else []
    return judge(sched, run, lines, inputs, stubbed)


def is_threaded_trace(trace: Trace) -> bool:
    """Whether a trace is of a sequentialized concurrent program (its context switches)."""
    return any(s.kind == "block" and s.label.startswith(SWITCHED) for s in trace.steps)


# ----------------------------------------------------------------------------- build

def tsan_flags(tc: native.Toolchain, data_model: str) -> tuple[str, ...] | str:
    """The instrumentation flags of the toolchain (probed once), or why there are none."""
    if data_model not in _TSAN_OK:
        zig = any("ziglang" in a for a in tc.argv)
        flags = ("-Xclang", "-fsanitize=thread", "-mllvm",
                 "-tsan-instrument-read-before-write") if zig else ("-fsanitize=thread",)
        with tempfile.TemporaryDirectory(prefix="pycorral-tsan-probe-") as d:
            src = os.path.join(d, "p.c")
            with open(src, "w") as fh:
                fh.write("int x;\nvoid f(void) { x = x + 1; }\n")
            try:
                r = subprocess.run([*tc.argv, *flags, "-c", src, "-o",
                                    os.path.join(d, "p.o")], capture_output=True,
                                   text=True, errors="replace", cwd=d,
                                   timeout=native.COMPILE_TIMEOUT)
                ok = r.returncode == 0
                why = native._first_error(r.stderr)
            except (OSError, subprocess.SubprocessError) as e:
                ok, why = False, f"{type(e).__name__}: {e}"
        _TSAN_OK[data_model] = flags if ok else (
            f"the {data_model} compiler here does not instrument memory accesses "
            f"({os.path.basename(tc.argv[0])} {' '.join(flags)}: {why})")
    return _TSAN_OK[data_model]


def _build(tc, paths, inputs, workdir, build):
    """Compile and link, adding stubs for undefined functions as native.build_replay does;
    returns (return code, log, executable, the stubs that return the trace's values)."""
    stubs: dict[str, tuple[str, ...]] = {}
    data: set[str] = set()
    names = _nondet_names()
    while True:
        # the harness's nondet functions renamed away: the runtime's take the values per
        # thread (weak ones too: a program's own definition wins)
        text = "".join(f"#define {n} __pycorral_unused{n}\n" for n in names) \
            + harness.harness_source((), stubs={n: v for n, v in stubs.items()
                                                if n not in data}, data=sorted(data)) \
            + "".join(f"#undef {n}\n" for n in names) + rt.runtime_source(names)
        rc, log, exe = native._compile(tc, paths, workdir, text, build)
        missing = {m for pat in native._UNDEFINED for m in pat.findall(log)} - set(stubs)
        if rc == 0 or not missing or rc == -1:
            return rc, log, exe, sorted(n for n, v in stubs.items() if v and n not in data)
        stubs.update({n: inputs.external.get(n, ()) for n in missing})
        data |= {n for n in missing if n not in inputs.external and not native._called(paths, n)}


def _nondet_names() -> list[str]:
    return ["__VERIFIER_nondet" + (f"_{s}" if s else "") for s in harness.NONDET_TYPES]


# ----------------------------------------------------------------------------- site table

Site = tuple[int, str, int, str]          # (return address, file, line, what it calls)
_INSN = re.compile(r"^\s*([0-9a-f]+):\s+(\S.*)$")
_CALL = re.compile(r"^call[lq]?\s+[0-9a-f]+\s+<([^>@+]+)(?:@plt)?>")


def call_sites(exe: str) -> list[Site] | str:
    """The calls of the hooks, of the thread API's wrappers and of atomic functions in the
    executable: their return addresses and source lines (or why they cannot be read)."""
    try:
        r = subprocess.run(["objdump", "-d", "--no-show-raw-insn", "-w", exe],
                           capture_output=True, text=True, errors="replace", timeout=120)
    except (OSError, subprocess.SubprocessError) as e:
        return f"objdump failed: {type(e).__name__}: {e}"
    calls: list[tuple[int, str]] = []
    pending: str | None = None
    for ln in r.stdout.splitlines():
        m = _INSN.match(ln)
        if m is None:
            pending = None
            continue
        if pending is not None:
            calls.append((int(m.group(1), 16), pending))
        c = _CALL.match(m.group(2))
        target = c.group(1) if c else None
        pending = target if target and _wanted(target) else None
    if not calls:
        return []
    try:
        a = subprocess.run(["addr2line", "-e", exe], input="".join(
            f"{addr - 1:x}\n" for addr, _ in calls), capture_output=True, text=True,
            errors="replace", timeout=120)
    except (OSError, subprocess.SubprocessError) as e:
        return f"addr2line failed: {type(e).__name__}: {e}"
    out: list[Site] = []
    for (addr, target), loc in zip(calls, a.stdout.splitlines()):
        file, _, line = loc.split(" ")[0].rpartition(":")
        if line.isdigit() and file and file != "??":
            out.append((addr, file, int(line), target))
    return out


def _wanted(target: str) -> bool:
    return target in rt.ACCESS_HOOKS or target in rt.API_HOOKS or (
        target.startswith("__VERIFIER_atomic_") and target not in (
            "__VERIFIER_atomic_begin", "__VERIFIER_atomic_end"))


def _norm(path: str) -> str:
    return os.path.realpath(os.path.abspath(path)) if path else ""


def _site_kinds(target: str) -> tuple[str, ...]:
    """What a call site can back: access kinds, API names, "atomic"."""
    if target in rt.ACCESS_HOOKS:
        k = rt.ACCESS_HOOKS[target]
        return (READ, WRITE) if k == "rw" else (k,)
    if target in rt.API_HOOKS:
        api = rt.API_HOOKS[target]
        if api == "pthread_cond_wait":
            return ("pthread_cond_wait", "pthread_mutex_unlock", "pthread_mutex_lock")
        if api == "pthread_cond_timedwait":
            return ("pthread_cond_wait", "pthread_mutex_unlock", "pthread_mutex_lock")
        return (api,)
    return ("atomic",)                  # a call of an atomic function


def schedule_text(sched: Schedule, sites: list[Site], watchdog: int) -> str:
    """The schedule file the runtime reads (replay/sched_runtime.py `s_load`)."""
    files: dict[str, int] = {}

    def fid(path: str) -> int:
        return files.setdefault(_norm(path), len(files) + 1) if path else 0

    table = sorted({addr: (fid(f), line, int(_site_kinds(t) == ("atomic",)))
                    for addr, f, line, t in sites}.items())
    backing: set[tuple[int, int, str]] = {(fid(f), line, k) for _, f, line, t in sites
                                          for k in _site_kinds(t)}
    out = [f"{watchdog} {len(sched.threads)}", str(len(table))]
    out += [f"{addr:x} {f} {line} {atomic}" for addr, (f, line, atomic) in table]
    out.append(str(len(sched.events)))
    for e in sched.events:
        what = (e.api,) if e.kind == API else (READ, WRITE) if e.kind == UPDATE \
            else (e.kind,)
        backed = e.kind in (START, END, FAIL) or any((fid(e.file), e.line, w) in backing
                                                     for w in what)
        out.append(f"{e.thread} {rt.KIND_CODES[e.kind]} {rt.API_CODES.get(e.api, 0)} "
                   f"{fid(e.file)} {e.line} {int(backed)}")
    for t in range(1, len(sched.threads) + 1):
        vals = [str(harness.value_to_u64(v)) for v in sched.values.get(t, ())]
        out.append(" ".join([str(len(vals)), *vals]))
    return "\n".join(out) + "\n"


# ----------------------------------------------------------------------------- judge

_LEFT = re.compile(rf"{rt.LEFT} (-?\d+) (-?\d+) (-?\d+) (-?\d+)")
_ERROR = re.compile(rf"{rt.ERROR} (-?\d+) (-?\d+) (-?\d+) (-?\d+)")
_STUCK = re.compile(rf"{rt.STUCK} (-?\d+) (-?\d+) (-?\d+)")
_BROKEN = re.compile(rf"{rt.BROKEN} (.*)")


def judge(sched: Schedule, run: native.RunResult, lines: list[int],
          inputs: native.ReplayInputs, stubbed: list[str]) -> ReplayOutcome:
    """The outcome of a run under the schedule (see the module docstring)."""
    out = run.output
    fail = sched.failure
    switches = sched.context_switches()
    followed = (f"following the trace's schedule ({len(sched.threads)} threads, "
                f"{switches} context switch{'' if switches == 1 else 'es'})")
    notes = (" (the program made more nondet calls than the trace fixed; they returned 0)"
             if run.exhausted else "")
    unfixed = list(inputs.unfixed) + list(inputs.memory)
    if stubbed:
        unfixed.append("the results of external function(s) without a body: "
                       + ", ".join(stubbed))
    m = _BROKEN.search(out)
    if m:
        return ReplayOutcome("error", f"thread schedule: the replay runtime failed: "
                             f"{m.group(1).strip()}", output=out)
    if run.injected:
        return ReplayOutcome("not_replayable", "the program injects Boogie code "
                             "(__SMACK_code), which a native run cannot execute", output=out)
    m = _LEFT.search(out)
    if m:
        why = left_reason(sched, *(int(x) for x in m.groups()))
        return ReplayOutcome("not_replayable", f"the native run left the trace's schedule: "
                             f"{why}" + notes + _unfixed_note(unfixed), output=out)
    m = _STUCK.search(out)
    if run.returncode is None or m:
        at = ""
        if m:
            cursor, running, owner = (int(x) for x in m.groups())
            at = (f" at event {cursor + 1} of {len(sched.events)}: thread {owner}'s turn "
                  f"({_event_text(sched, cursor)}), thread {running} running")
        return ReplayOutcome("not_replayable", "the native run under the trace's schedule "
                             f"was stuck and was killed{at}" + notes, output=out)
    if run.error_what:
        return _judge_error(sched, run, lines, fail, followed, notes, unfixed)
    if run.returncode == harness.EXIT_ASSUME and harness.NOTE_ASSUME in out:
        ended = "a __VERIFIER_assume condition was false in the native run"
    elif run.returncode < 0:
        try:
            sig = signal.Signals(-run.returncode).name
        except ValueError:
            sig = str(-run.returncode)
        ended = f"the native run was killed by {sig} before reaching the error"
    else:
        ended = (f"the native run exited with code {run.returncode} without reaching the "
                 "error")
    return ReplayOutcome("not_replayable", f"{ended}, {followed}" + notes
                         + _unfixed_note(unfixed), output=out)


def _judge_error(sched, run, lines, fail, followed, notes, unfixed) -> ReplayOutcome:
    out = run.output
    m = _ERROR.search(out)
    reached = native._matching_line(native.ReplayInputs((), expected_line=fail.line),
                                    lines + ([run.line_arg] if run.line_arg else []))
    where = f" at line {reached}" if reached is not None else ""
    if m is None:
        return ReplayOutcome("not_replayable", f"the native run reached an error "
                             f"({run.error_what}){where} outside the schedule's runtime",
                             reached, out)
    thread, cursor, pending, own = (int(x) for x in m.groups())
    if pending >= 0:
        return ReplayOutcome(
            "not_replayable", f"the native run reached the error ({run.error_what}){where} "
            f"in thread {thread} before the trace's schedule was done: "
            f"{_event_text(sched, pending)} was still due" + notes, reached, out)
    if own >= 0 and thread == fail.thread:
        return ReplayOutcome(
            "not_replayable", f"the native run reached the error ({run.error_what}){where} "
            f"in thread {thread} without making {_event_text(sched, own)}, which the "
            "trace has before the failure" + notes, reached, out)
    if thread != fail.thread:
        return ReplayOutcome(
            "not_replayable", f"the native run reached the error ({run.error_what}){where} "
            f"in thread {thread}, not in thread {fail.thread} as the trace" + notes,
            reached, out)
    if lines and reached is None:
        return ReplayOutcome(
            "not_replayable", f"the native run reached the error ({run.error_what}) at "
            f"line {lines[0]}, not at the trace's line {fail.line}" + notes, lines[0], out)
    if unfixed:
        return ReplayOutcome(
            "not_replayable", f"the trace depends on {'; '.join(unfixed)}; with them fixed "
            f"as the harness can, the native run {followed} reaches the error"
            + notes, reached, out)
    name = sched.threads[thread - 1] if 0 < thread <= len(sched.threads) else ""
    return ReplayOutcome(
        "confirmed", f"the native run, {followed}, reached the error ({run.error_what})"
        f"{where} in thread {thread}" + (f" ({name})" if name else "") + notes, reached, out)


def _unfixed_note(unfixed: list[str]) -> str:
    return f" (the trace also depends on {'; '.join(unfixed)})" if unfixed else ""


def _event_text(sched: Schedule, g: int) -> str:
    if not 0 <= g < len(sched.events):
        return "the end of the schedule"
    e = sched.events[g]
    if e.kind == FAIL:
        return f"the failing check at {e.where()} (thread {e.thread})"
    return f"thread {e.thread}'s {e.describe().removeprefix('its ')}"


def left_reason(sched: Schedule, why: int, thread: int, event: int, other: int) -> str:
    """A runtime's LEFT line in words."""
    ev = _event_text(sched, event)
    if why == rt.NOT_CREATED:
        return (f"it is thread {other}'s turn ({ev}), but the native run has not created "
                f"thread {other}")
    if why == rt.ENDED:
        return f"it is thread {other}'s turn ({ev}), but thread {other} has ended natively"
    if why == rt.SKIPPED:
        e = sched.events[event]
        return (f"thread {thread} did not make {e.describe().replace('its ', 'its ', 1)} "
                f"where the trace switches threads; its next action matches "
                f"{_event_text(sched, other)}")
    if why == rt.MUTEX_HELD:
        return (f"thread {thread} must lock a mutex another thread holds (at "
                f"{_event_text(sched, event - 1)})")
    if why == rt.NOT_ENDED:
        return (f"thread {thread} joins thread {other}, which has not ended natively "
                f"(after {_event_text(sched, event - 1)})")
    if why == rt.ENDED_EARLY:
        e = sched.events[event] if 0 <= event < len(sched.events) else None
        if e is not None and e.kind == FAIL and e.thread == thread:
            return f"thread {thread} ended natively before the failing check at {e.where()}"
        return f"thread {thread} ended natively before {ev}"
    if why == rt.EXTRA_THREAD:
        return (f"thread {thread} creates a thread (natively thread {other}) the trace does "
                f"not create there (next due: {ev})")
    if why == rt.MAIN_RETURNED:
        return (f"main returns, which ends the process natively, while the trace has the "
                f"threads go on ({ev} is due)")
    if why == rt.SPLIT:
        return (f"the trace switches threads in the middle of thread {thread}'s copy or "
                f"atomic update at {sched.events[other].where()} (before "
                f"{_event_text(sched, event)}), which is one step natively")
    if why == rt.CREATE_FAILED:
        return f"pthread_create failed natively in thread {thread} (error {other})"
    return f"reason {why} (thread {thread}, {ev})"

