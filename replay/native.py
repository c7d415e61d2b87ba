"""Native replay of C counterexamples: compile the program with a harness, run, judge.

Role: the check that a bug the verifier reports is a real execution.  Inputs: the C files
of the program and either a value sequence (`replay_values`) or a verifier trace
(`replay_trace`; replay/confirm.py sends property violations to replay/sanitizer.py
instead).  Output: a ReplayOutcome
  confirmed       the native run reached the error (reach_error / a failing assert), at
                  the reported line when the trace gives one;
  not_reached     the run ended without reaching it (or reached it elsewhere): a
                  front-end or verifier defect, unless the harness missed an input;
  not_replayable  the trace depends on something the harness cannot fix (the entry
                  function's parameters, results of external functions without a body or
                  of library functions, a failing calloc, memory written by a function
                  without a body: its stub writes nothing), and the run did not confirm
                  it, or confirmed it only with such stubs;
                  or the run executed SMACK's inline Boogie (`__SMACK_code`), which it
                  can only skip, whatever it reached;
  error           the native compile failed, or the run timed out.
A run that reaches the error confirms the bug even when some input was not fixed: the
harness only supplies values the verifier's model allows, so that run is a witness.

Toolchain: LP64 uses the host `gcc`; ILP32 uses `gcc -m32` when it links here, else the
pip-installed zig (`python -m ziglang cc -target x86-linux-musl`, static).  Programs are
compiled at -O0 with frame pointers and debug info, so the harness's error marker can print
the chain of return addresses, mapped to source lines with `addr2line`.  Everything
happens in a fresh temporary directory, with time limits on compile and run.
"""
from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import importlib.metadata
import importlib.util
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager as ContextManager
from dataclasses import dataclass, field
from pathlib import Path

from frontend.cflags import BuildFlags
from frontend.inline_asm import WHAT as ASM_WHAT
from verifier.ctrace import SourceTrace
from verifier.result import (MemoryWrite, NondetChoice, Trace, TraceStep,
                             Violation)

from . import build as build_module
from . import harness, sites
from .build import Build, compile_program, entry_build

STATUSES = ("confirmed", "not_reached", "not_replayable", "error")
COMPILE_TIMEOUT = build_module.COMPILE_TIMEOUT
PROBE_TIMEOUT = 600.0      # zig builds its musl libc on first use (about a minute)
_IO_FUNCS = {"printf", "fprintf", "puts", "putchar", "fputs", "fflush", "perror", "fputc", "putc",
             "sprintf", "snprintf"}


@dataclass(frozen=True)
class ReplayOutcome:
    status: str            # "confirmed" | "not_reached" | "not_replayable" | "error"
    reason: str
    reached_line: int | None = None
    output: str = ""
    # not_reached: what the native run crashed on ("an invalid memory access" for
    # SIGSEGV, zig's runtime's "store of null pointer of type 'int'") and its line when
    # the runtime said: undefined behaviour the check may not look for, or a defect
    crash: str | None = None
    crash_line: int | None = None

    def __post_init__(self):
        assert self.status in STATUSES, f"unknown replay status {self.status!r}"


@dataclass(frozen=True)
class ReplayInputs:
    """What a trace fixes for the native run: the nondet results in order (`sites`: where
    each was read, or None; empty: nowhere known), results for external functions by name,
    the reported error location, and what it cannot fix."""
    values: tuple[str, ...]
    external: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    expected_file: str = ""
    expected_line: int | None = None
    unfixed: tuple[str, ...] = ()
    line_approximate: bool = False     # expected_line is the start of the last step seen
    stop: harness.Stop | None = None   # a rule's violation: the call where the run stops
    memory: tuple[str, ...] = ()       # what calls of functions without a body wrote
    sites: tuple[sites.Site | None, ...] = ()


# ----------------------------------------------------------------------------- public API

def replay_values(paths: Sequence[str], values: Sequence[int | str], *,
                  data_model: str = "ILP32", timeout: float = 10.0,
                  expected_line: int | None = None,
                  cflags: BuildFlags = BuildFlags()) -> ReplayOutcome:
    """Run the program with `__VERIFIER_nondet_*` calls returning `values` in order (then
    0); confirmed when the run reaches the error (at `expected_line` when given)."""
    return replay_inputs(paths, ReplayInputs(tuple(str(v) for v in values),
                                             expected_line=expected_line),
                         data_model=data_model, timeout=timeout, build=Build(cflags))


def replay_trace(paths: Sequence[str], trace: Trace, *, data_model: str = "ILP32",
                 timeout: float = 10.0, cflags: BuildFlags = BuildFlags(),
                 entry: str | None = None, stubs: tuple[str, ...] = ()) -> ReplayOutcome:
    """Replay a verifier trace: its nondet choices, and the reported failure line.
    `cflags`: each file's compiler-style flags; `entry`: the entry function checked
    (`--function F`: the program is run through F's harness); `stubs`: the user's model
    files (`--stubs`), compiled in as the kernel models the program calls are."""
    from boogie.errors import BoogieError
    try:
        build = entry_build(paths, data_model, cflags, entry, stubs)
    except BoogieError as e:
        return ReplayOutcome("not_replayable", f"no harness for the entry function "
                             f"'{entry}': {e.first.message}")
    return replay_inputs(paths, inputs_from_trace(paths, trace, build.entry),
                         data_model=data_model, timeout=timeout, build=build)


# ----------------------------------------------------------------------------- trace -> inputs

def trace_from_json(doc: Mapping) -> Trace:
    """A Trace back from its `to_json()` form (the "trace" of `pycorral check --json`)."""
    steps = tuple(TraceStep(**{**s, "values": tuple((s.get("values") or {}).items())})
                  for s in doc.get("steps", ()))
    nondet = tuple(NondetChoice(**c) for c in doc.get("nondet", ()))
    source = SourceTrace.from_json(doc["source"]) if doc.get("source") else None
    violation = Violation.from_json(doc["violation"]) if doc.get("violation") else None
    memory = tuple(MemoryWrite(**m) for m in doc.get("memory_writes", ()))
    return Trace(steps, tuple((doc.get("inputs") or {}).items()), nondet, source,
                 violation=violation, memory=memory)


def inputs_from_trace(paths: Sequence[str], trace: Trace, entry=None) -> ReplayInputs:
    """Sort the trace's nondet choices into harness values, external results and inputs
    the harness cannot fix; find the reported failure location.  `entry`: the entry
    harness (frontend/c/entry_harness.py) of a `--function F` run, whose arguments the
    replay passes from the trace's values."""
    values: list[str] = []
    value_sites: list[sites.Site | None] = []
    external: dict[str, list[str]] = {}
    unfixed: list[str] = []
    source = _SourceReader(paths)
    for c in trace.nondet:
        name = _choice_function(c.what, source(c.file, c.line, c.col))
        where = f"{os.path.basename(c.file)}:{c.line}" if c.line else c.proc
        if name is None or harness.nondet_suffix(name) is not None:
            values.append(c.value)
            value_sites.append(sites.Site(c.file, c.line, c.col, name)
                               if name is not None and c.line > 0 and c.col > 0 else None)
        elif c.what.startswith("calloc fails"):
            if harness.value_to_u64(c.value) != 0:
                unfixed.append(f"calloc failing at {where}")
        elif name.startswith("va_arg"):     # undefined behaviour: garbage natively
            unfixed.append(f"a va_arg read beyond the arguments passed at {where}")
        elif name in _IO_FUNCS:
            continue                   # the real function runs; its result is rarely used
        elif name.startswith("__builtin_"):
            unfixed.append(f"the undefined result of {name} at {where}")
        elif name == ASM_WHAT:      # frontend/inline_asm.py: the real instructions run
            unfixed.append(f"an output of inline assembly at {where}")
        else:
            external.setdefault(name, []).append(c.value)
    if entry is not None:
        unfixed += _entry_unfixed(trace, entry)
    elif source.entry_has_parameters(trace):
        unfixed.append("the parameters of the entry function (argc/argv)")
    file, line, exact = _failure_location(trace)
    stop = _rule_stop(trace, entry)
    if stop is not None and stop.leave:
        line = None             # the entry's return: wherever its epilogue is
    memory = tuple(dict.fromkeys(m.describe() for m in trace.memory))
    return ReplayInputs(tuple(values), {k: tuple(v) for k, v in external.items()},
                        file, line, tuple(unfixed), not exact, stop, memory,
                        tuple(value_sites))


def _rule_stop(trace: Trace, entry) -> harness.Stop | None:
    """Where the native run of a rule's violation stops: the n-th entry into the function
    whose call the rule rejects (n: the calls of it the trace made before, plus one); for
    an `at exit` check, the return from `main` (the one the check precedes) or, with
    `--function F`, F's last return before the check in its harness; None when the
    violation is not a rule's."""
    v = trace.violation
    if v is None:
        return None

    # the steps up to the failing check (the error's way back to the entry follows it)
    before = trace.steps[:v.step] if v.step >= 0 else trace.steps

    def seen(kind: str, function: str) -> int:
        return sum(1 for s in before if s.kind == kind and s.proc in (function, function + "$"))

    if v.function:
        return harness.Stop(v.function, seen("call", v.function) + 1)
    if entry is None:           # the check before main's return
        return harness.Stop("main", seen("return", "main") + 1, leave=True)
    # --function F: the check in F's harness, after F's last return
    return harness.Stop(entry.function, max(seen("return", entry.function), 1), leave=True)


def _entry_unfixed(trace: Trace, entry) -> list[str]:
    """What the entry harness's arguments leave open natively: pointers inside argument
    objects are arbitrary addresses in the model (only NULL is replayed faithfully), and
    scalars past the harness's limit have no value."""
    from frontend.c.entry_harness import HARNESS_FILE
    out = []
    pointers = [c for c in trace.nondet if c.file == HARNESS_FILE and "pointer" in c.what
                and harness.value_to_u64(c.value) != 0]
    if pointers:
        out.append(f"{len(pointers)} non-NULL pointer(s) in the arguments of "
                   f"'{entry.function}' (arbitrary addresses in the model)")
    if entry.unset:
        out.append(f"{entry.unset} scalar(s) of the arguments of '{entry.function}' the "
                   "harness leaves uninitialised")
    return out


def _choice_function(what: str, ident: str | None) -> str | None:
    """The function whose result a choice is: named in `what` ("T from f") by the front
    ends, else the identifier at the choice's source location, else None."""
    if " from " in what:
        return what.rsplit(" from ", 1)[1].strip()
    if what.startswith("calloc"):
        return "calloc"
    return ident


def _failure_location(trace: Trace) -> tuple[str, int | None, bool]:
    """The fail step's location (exact), else an approximation: the last located block
    step, or return step (located at the call site in the caller), before the failure.
    The blocks after a failing assertion are instrumentation without location, a block is
    located at its first statement (e.g. the `if` whose branch calls reach_error), and a
    block that continues after a call shows no new step: the error may be a few lines
    further than the approximation."""
    for s in reversed(trace.steps):
        if s.kind == "fail" and s.line > 0:
            return s.file, s.line, True
    entry = next((s.proc for s in trace.steps if s.kind == "call"), None)
    for s in reversed(trace.steps):
        if s.line > 0 and (s.kind == "block" or (s.kind == "return" and s.proc != entry)):
            return s.file, s.line, False
    return "", None, False


class _SourceReader:
    """Reads the called function's name at a call's source location."""

    def __init__(self, paths: Sequence[str]) -> None:
        self.paths = list(paths)
        self._lines: dict[str, list[str]] = {}

    def _file(self, file: str) -> list[str]:
        path = file if os.path.isfile(file) else next(
            (p for p in self.paths if os.path.basename(p) == os.path.basename(file)), "")
        if path not in self._lines:
            try:
                with open(path, encoding="utf-8", errors="replace") as fh:
                    self._lines[path] = fh.read().splitlines()
            except OSError:
                self._lines[path] = []
        return self._lines[path]

    def __call__(self, file: str, line: int, col: int) -> str | None:
        lines = self._file(file) if file and line > 0 else []
        if not 0 < line <= len(lines) or col <= 0:
            return None
        m = re.match(r"([A-Za-z_]\w*)\s*\(", lines[line - 1][col - 1:])
        return m.group(1) if m else None      # only the name of a called function

    def entry_has_parameters(self, trace: Trace) -> bool:
        """Whether the entry (the first called procedure) is defined with parameters."""
        entry = next((s for s in trace.steps if s.kind == "call"), None)
        if entry is None or entry.line <= 0:
            return False
        text = " ".join(self._file(entry.file)[entry.line - 1:entry.line + 2])
        m = re.search(rf"\b{re.escape(entry.proc)}\s*\(([^)]*)\)", text)
        return bool(m) and m.group(1).strip() not in ("", "void")


# ----------------------------------------------------------------------------- compile and run

@dataclass(frozen=True)
class Toolchain:
    argv: tuple[str, ...]      # compiler and target options
    static_addresses: bool     # non-PIE executable: addr2line reads return addresses as is
    dynamic_libc: bool = True  # malloc comes from a shared libc (valgrind can see it)


_TOOLCHAINS: dict[str, Toolchain] = {}
_TOOLCHAIN_LOCK = threading.Lock()
_PROBE_FAILURES: dict[str, str] = {}
ZIG_TARGET = "x86-linux-musl"

# `building(message)`: a context manager around a probe that builds a compiler runtime
# first (zig's musl libc: about a minute, once per machine) -- to say so, and to keep the
# build out of a time limit (the CLI's run guard)
Building = Callable[[str], ContextManager[None]]


def toolchain(data_model: str, building: Building | None = None) -> Toolchain | None:
    """The compiler for a data model on this machine (probed once; a failed probe is
    retried on the next call), or None (the reason is in `_PROBE_FAILURES`).  A probe that
    will build zig's runtime first runs inside `building(message)` when given."""
    with _TOOLCHAIN_LOCK:
        if data_model not in _TOOLCHAINS:
            found = _probe(data_model, building)
            if found is None:
                return None
            _TOOLCHAINS[data_model] = found
        return _TOOLCHAINS[data_model]


def probe_failure(data_model: str) -> str:
    """Why the toolchain of a data model is missing (after `toolchain` returned None)."""
    return _PROBE_FAILURES.get(data_model, "not probed")


def zig_cache_dir() -> Path:
    """zig's global cache, where it keeps the C runtimes it builds: $ZIG_GLOBAL_CACHE_DIR,
    else $XDG_CACHE_HOME/zig, else ~/.cache/zig (zig's own rule on Linux)."""
    if os.environ.get("ZIG_GLOBAL_CACHE_DIR"):
        return Path(os.environ["ZIG_GLOBAL_CACHE_DIR"])
    if os.environ.get("XDG_CACHE_HOME"):
        return Path(os.environ["XDG_CACHE_HOME"]) / "zig"
    return Path(os.path.expanduser("~")) / ".cache" / "zig"


def zig_runtime_stamp() -> Path:
    """The file that says zig's runtime for the ILP32 replay target is built.  It lives in
    zig's cache, so emptying the cache (or a fresh $HOME) removes it with the runtime; its
    name holds the zig installation's folder and version, which zig's own cache keys hold
    too (each virtual environment's zig builds its own runtime)."""
    spec = importlib.util.find_spec("ziglang")
    where = os.path.dirname(spec.origin) if spec is not None and spec.origin else "none"
    try:
        version = importlib.metadata.version("ziglang")
    except importlib.metadata.PackageNotFoundError:
        version = "none"
    key = hashlib.sha256(f"{where}\0{version}\0{ZIG_TARGET}".encode()).hexdigest()[:16]
    return zig_cache_dir() / f"pycorral-runtime-{ZIG_TARGET}-{key}.ready"


def zig_runtime_built() -> bool:
    return zig_runtime_stamp().is_file()


@contextlib.contextmanager
def announce_build(message: str) -> Iterator[None]:
    """The default `building`: one line on stderr before, one after."""
    print(f"pycorral: {message} ...", file=sys.stderr, flush=True)
    t0, ended = time.monotonic(), "stopped"
    try:
        yield
        ended = "done"
    finally:
        print(f"pycorral: ... {ended} after {time.monotonic() - t0:.0f}s", file=sys.stderr,
              flush=True)

def _build_message(data_model: str) -> str:
    return (f"building zig's musl C library for the native replay of {data_model} programs "
            f"(once per machine, about a minute)")


def _probe(data_model: str, building: Building | None = None) -> Toolchain | None:
    common = ("-O0", "-g", "-fno-omit-frame-pointer", "-w", "-std=gnu11", "-fcommon",
              "-fno-builtin", "-finstrument-functions")
    candidates: list[tuple[str, ...]] = []
    gcc = shutil.which("gcc")
    if data_model == "LP64":
        if gcc:
            candidates.append((gcc, "-m64", "-no-pie", "-fno-pie"))
    else:   # SSE: x87's wide intermediates are not IEEE (tests/data/replay/x87_*.c)
        if gcc:
            candidates.append((gcc, "-m32", "-msse2", "-mfpmath=sse", "-no-pie", "-fno-pie"))
        candidates.append((sys.executable, "-m", "ziglang", "cc", "-target", ZIG_TARGET,
                           "-fno-pie", "-Wno-error=implicit-function-declaration",
                           "-Wno-error=int-conversion", "-Wno-error=incompatible-pointer-types",
                           "-Wno-error=implicit-int", "-Wno-error=return-type"))
    # the probe is a replay in miniature -- a program using stdio, malloc and string
    # functions, compiled with the real harness -- so that zig builds every runtime piece a
    # replay needs here
    probe = ("#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n"
             "int main(void) { char *p = malloc(8); if (p) strcpy(p, \"ok\");\n"
             "  if (p && strlen(p) != 2) printf(\"%%s\\n\", p);\n"
             "  free(p); return sizeof(long) == %d ? 0 : 1; }\n"
             % (8 if data_model == "LP64" else 4))
    failures = []
    with tempfile.TemporaryDirectory(prefix="pycorral-probe-") as d:
        src = os.path.join(d, "probe.c")
        with open(src, "w") as fh:
            fh.write(probe)
        hsrc = os.path.join(d, "pycorral_harness.c")
        with open(hsrc, "w") as fh:
            fh.write(harness.harness_source([]))
        for cand in candidates:
            zig = "ziglang" in cand
            builds = zig and not zig_runtime_built()
            around = building(_build_message(data_model)) if building is not None and builds \
                else contextlib.nullcontext()
            exe = os.path.join(d, "probe")
            try:
                with around:
                    # in a temporary folder, as a replay is: zig keys its runtime by the
                    # path of its lib folder, relative when under the working directory
                    r = subprocess.run([*cand, *common, src, hsrc, "-o", exe], cwd=d,
                                       capture_output=True, text=True, errors="replace",
                                       timeout=PROBE_TIMEOUT)
                if r.returncode == 0 and subprocess.run([exe], timeout=30).returncode == 0:
                    if builds:
                        _write_stamp()
                    return Toolchain(tuple(cand) + common, True, not zig)
                failures.append(f"{os.path.basename(cand[0])}: {_first_error(r.stderr)}")
            except (OSError, subprocess.SubprocessError) as e:
                failures.append(f"{os.path.basename(cand[0])}: {type(e).__name__}: {e}")
    _PROBE_FAILURES[data_model] = "; ".join(failures)
    return None


def _write_stamp() -> None:
    with contextlib.suppress(OSError):       # a read-only cache: the next run probes again
        stamp = zig_runtime_stamp()
        stamp.parent.mkdir(parents=True, exist_ok=True)
        stamp.write_text("zig built its runtime for the pycorral replay probe\n")


_UNDEFINED = (re.compile(r"undefined reference to [`'](\w+)'"),
              re.compile(r"undefined symbol: (\w+)"))


def _compile(tc: Toolchain, paths: Sequence[str], workdir: str,
             harness_text: str, build: Build = Build()) -> tuple[int, str, str]:
    """Compile and link (replay/build.py); returns (return code, compiler output,
    executable path)."""
    hpath = os.path.join(workdir, "pycorral_harness.c")
    with open(hpath, "w") as fh:
        fh.write(harness_text)
    exe = os.path.join(workdir, "replay.exe")
    rc, log = compile_program(tc.argv, paths, workdir, hpath, exe, build)
    return rc, log, exe


def _diagnose_uninitialised(tc: Toolchain, paths: Sequence[str], inputs: ReplayInputs,
                            stubs: Mapping[str, tuple[str, ...]], data_syms: set[str],
                            exe: str, timeout: float, workdir: str,
                            build: Build = Build(),
                            keyed: sites.SitePlan | None = None) -> str | None:
    """Run valgrind on the replay.  A statically linked (musl) executable hides malloc from
    valgrind, so then a dynamically linked LP64 build of the same sources is checked
    instead (a diagnosis only: it decides between not_reached and not_replayable)."""
    if tc.dynamic_libc:
        return uninitialised_read(exe, timeout, workdir, paths)
    other = toolchain("LP64")
    if other is None or not other.dynamic_libc:
        return uninitialised_read(exe, timeout, workdir, paths)
    diag = os.path.join(workdir, "diag")
    os.makedirs(os.path.join(diag, "include"), exist_ok=True)
    shutil.copy(os.path.join(workdir, "include", "smack.h"), os.path.join(diag, "include"))
    rc, _, exe64 = _compile(other, paths, diag, _harness_text(
        inputs, keyed or site_plan(paths, inputs), stubs, data_syms), build)
    return uninitialised_read(exe64 if rc == 0 else exe, timeout, diag, paths)


def _called(paths: Sequence[str], name: str) -> bool:
    """Whether the program's text calls (or declares as a function) `name`."""
    pat = re.compile(rf"\b{re.escape(name)}\s*\(")
    for p in paths:
        try:
            with open(p, encoding="utf-8", errors="replace") as fh:
                if pat.search(fh.read()):
                    return True
        except OSError:
            pass
    return False


def _first_error(text: str) -> str:
    for ln in text.splitlines():
        if "error" in ln:
            return ln.strip()[:300]
    return (text.strip().splitlines() or ["(no output)"])[0][:300]


@dataclass(frozen=True)
class RunResult:
    returncode: int | None     # None: timed out
    output: str
    exhausted: bool
    error_what: str = ""       # the error function that fired ("" if none)
    addresses: tuple[int, ...] = ()
    line_arg: int = 0
    injected: bool = False     # the run executed (skipped) SMACK's inline Boogie


def _run(exe: str, timeout: float, workdir: str,
         env: Mapping[str, str] | None = None) -> RunResult:
    try:
        p = subprocess.Popen([exe], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, cwd=workdir, start_new_session=True,
                             env=None if env is None else {**os.environ, **env})
    except OSError as e:
        return RunResult(-1, f"cannot run the program: {e}", False)
    try:
        out, _ = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        out, _ = p.communicate()
        return RunResult(None, out.decode("utf-8", "replace")[-4000:], False)
    text = out.decode("utf-8", "replace")
    what, addrs, line_arg = "", (), 0
    m = re.search(harness.MARKER + r" (\S+) 0x([0-9a-f]+)((?: 0x[0-9a-f]+)*)", text)
    if m and p.returncode == harness.EXIT_ERROR:
        what, line_arg = m.group(1), int(m.group(2), 16)
        addrs = tuple(int(a, 16) for a in m.group(3).split())
    return RunResult(p.returncode, text[-4000:], harness.NOTE_EXHAUSTED in text, what, addrs,
                     line_arg, harness.NOTE_INJECTED in text)


def uninitialised_read(exe: str, timeout: float, workdir: str,
                       paths: Sequence[str]) -> str | None:
    """Where the run reads uninitialised memory, by valgrind's memcheck ("file:line", or
    "" when valgrind names no line in the program), or None (no such read, or valgrind is
    not available)."""
    if not shutil.which("valgrind"):
        return None
    try:
        r = subprocess.run(["valgrind", "--tool=memcheck", "--error-limit=no",
                            "--undef-value-errors=yes", exe], stdin=subprocess.DEVNULL,
                           capture_output=True, text=True, errors="replace", cwd=workdir,
                           timeout=timeout * 20 + 10)
    except (OSError, subprocess.SubprocessError):
        return None
    log = r.stderr
    m = re.search(r"(Conditional jump or move depends on uninitialised value|"
                  r"Use of uninitialised value|Syscall param .* uninitialised)", log)
    if m is None:
        return None
    names = {os.path.basename(p) for p in paths}
    for loc in re.findall(r"\(([^():\s]+):(\d+)\)", log[m.start():]):
        if os.path.basename(loc[0]) in names:
            return f"{loc[0]}:{loc[1]}"
    return ""


def _is_program_file(file: str) -> bool:
    """Whether a debug-info file name is the program's (which `#line` directives may
    rename), not the harness, libc or the compiler's runtime."""
    return bool(file) and file != "??" and os.path.basename(file) not in (
        "pycorral_harness.c", "<pycorral harness>") \
        and not file.startswith(("/usr/", "/lib")) and "ziglang" not in file \
        and "musl" not in file


def _source_lines(exe: str, addrs: Sequence[int], paths: Sequence[str]) -> list[int]:
    """Lines in the user's files of the call sites on the error's return-address chain."""
    if not addrs or not shutil.which("addr2line"):
        return []
    try:
        r = subprocess.run(["addr2line", "-e", exe, *[hex(max(a - 1, 0)) for a in addrs]],
                           capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return []
    lines = []
    for ln in r.stdout.splitlines():
        file, _, rest = ln.partition(" ")[0].rpartition(":")
        if rest.isdigit() and _is_program_file(file):
            lines.append(int(rest))
    return lines


# ----------------------------------------------------------------------------- judge

def replay_inputs(paths: Sequence[str], inputs: ReplayInputs, *, data_model: str = "ILP32",
                  timeout: float = 10.0, build: Build = Build()) -> ReplayOutcome:
    """Compile the program with the harness for `inputs` (and `build`'s flags and entry
    harness), run it and judge the run."""
    tc = toolchain(data_model)
    if tc is None:
        return ReplayOutcome("error", f"no C compiler for the {data_model} data model here "
                             f"({_PROBE_FAILURES.get(data_model, '')})")
    with tempfile.TemporaryDirectory(prefix="pycorral-replay-") as workdir:
        os.makedirs(os.path.join(workdir, "include"))
        with open(os.path.join(workdir, "include", "smack.h"), "w") as fh:
            fh.write(harness.smack_header())
        keyed = site_plan(paths, inputs)
        build = _with_copies(build, keyed, paths, workdir)
        rc, log, exe, stubs, data_syms = build_replay(tc, paths, inputs, workdir, build,
                                                      keyed)
        if rc != 0:
            return ReplayOutcome("error", f"native compile failed: {_first_error(log)}",
                                 output=log[-4000:])
        run = _run(exe, timeout, workdir)
        lines = _source_lines(exe, run.addresses, paths) if run.error_what else []
        uninit = None
        if not run.error_what and run.returncode is not None and not run.injected:
            uninit = _diagnose_uninitialised(tc, paths, inputs, stubs, data_syms, exe,
                                             timeout, workdir, build, keyed)
    if uninit is not None:
        inputs = dataclasses.replace(inputs, unfixed=inputs.unfixed + (
            "the contents of uninitialised memory (read at "
            f"{os.path.basename(uninit) if uninit else 'a library call'}, found by valgrind)",))
    data = tuple(n for n in stubs if n in data_syms)
    if data:
        inputs = dataclasses.replace(inputs, unfixed=inputs.unfixed + tuple(
            f"the undefined external variable '{n}' (zero-filled here)" for n in data))
    return _judge(inputs, run, lines, {n: v for n, v in stubs.items() if n not in data},
                  keyed.note())


def site_plan(paths: Sequence[str], inputs: ReplayInputs) -> sites.SitePlan:
    """Which nondet values go to which located call site (replay/sites.py)."""
    return sites.plan(paths, inputs.values, inputs.sites)


def _with_copies(build: Build, keyed: sites.SitePlan, paths: Sequence[str],
                 workdir: str) -> Build:
    """`build` compiling, in place of each file with located calls, its copy in which the
    calls name their sites (written into `workdir`)."""
    if not keyed.rewrites:
        return build
    ms = {p: build.cflags.for_file(p).ms_extensions for p in paths}
    copies = sites.write_copies(keyed, workdir, ms)
    return dataclasses.replace(build, copies=tuple(sorted(copies.items())))


def _harness_text(inputs: ReplayInputs, keyed: sites.SitePlan,
                  stubs: Mapping[str, tuple[str, ...]], data_syms: set[str]) -> str:
    return harness.harness_source(
        keyed.fallback, sites=keyed.streams,
        stubs={n: v for n, v in stubs.items() if n not in data_syms},
        data=sorted(data_syms), stop=inputs.stop)


def build_replay(tc: Toolchain, paths: Sequence[str], inputs: ReplayInputs, workdir: str,
                 build: Build = Build(), keyed: sites.SitePlan | None = None
                 ) -> tuple[int, str, str, dict[str, tuple[str, ...]], set[str]]:
    """Compile the program with the harness for `inputs` in `workdir` (which holds the
    stand-in smack.h), adding a stub for each undefined function (returning the trace's
    results for it) and a zero-filled array for each undefined variable the link names;
    returns (return code, compiler log, executable, stubs, data symbols).  `keyed`: the
    values by call site (default: `site_plan`; `build` then gets the rewritten copies)."""
    if keyed is None:
        keyed = site_plan(paths, inputs)
        build = _with_copies(build, keyed, paths, workdir)
    stubs: dict[str, tuple[str, ...]] = {}
    data_syms: set[str] = set()
    while True:
        rc, log, exe = _compile(tc, paths, workdir, _harness_text(inputs, keyed, stubs,
                                                                  data_syms), build)
        missing = {m for pat in _UNDEFINED for m in pat.findall(log)} - set(stubs)
        if rc == 0 or not missing or rc == -1:
            return rc, log, exe, stubs, data_syms
        stubs.update({n: inputs.external.get(n, ()) for n in missing})
        data_syms |= {n for n in missing
                      if n not in inputs.external and not _called(paths, n)}


BLOCK_SPAN = 10    # lines a failing block may span after its first statement


def _matching_line(inputs: ReplayInputs, lines: list[int]) -> int | None:
    """The line on the error's call chain that matches the reported location, if any:
    the line itself, else one at most BLOCK_SPAN lines below it (a witness's or trace's
    location is often the start of the statement that fails); when the location is only
    the start of the last step the trace shows (see _failure_location), any line at or
    after it."""
    line = inputs.expected_line
    if line is None:
        return None
    if line in lines:
        return line
    span = 1 << 30 if inputs.line_approximate else BLOCK_SPAN
    return next((ln for ln in lines if line <= ln <= line + span), None)


def _judge(inputs: ReplayInputs, run: RunResult, lines: list[int],
           stubs: Mapping[str, tuple[str, ...]], sites_note: str = "") -> ReplayOutcome:
    unfixed = list(inputs.unfixed) + list(inputs.memory)
    unfixed += [f"the result of '{n}' (a library function; the real one ran)"
                for n in sorted(set(inputs.external) - set(stubs))]
    stubbed = sorted(n for n, v in stubs.items() if v)
    notes = ""
    if stubbed:
        notes += (" (with stubs returning the trace's results for the external function(s) "
                  f"{', '.join(stubbed)}, which have no body)")
    if run.exhausted:
        notes += " (the program made more nondet calls than the trace fixed; they returned 0)"
    if inputs.sites:
        notes += sites_note
    if run.returncode is None:
        return ReplayOutcome("error", "native run timed out" + notes, output=run.output)
    if run.injected:
        ended = (f"the native run reached the error ({run.error_what})" if run.error_what
                 else "the native run did not reach the error")
        return ReplayOutcome("not_replayable", "the program injects Boogie code "
                             "(__SMACK_code), which a native run cannot execute: the run "
                             f"skipped it ({ended})" + notes, None, run.output)
    if inputs.stop is not None:
        return _judge_rule(inputs, run, lines, unfixed, stubbed, notes)
    if run.error_what:
        line = inputs.expected_line
        reached = _matching_line(inputs, lines + ([run.line_arg] if run.line_arg else []))
        if line is not None and lines and reached is None:
            return ReplayOutcome(
                "not_reached", f"the native run reached the error ({run.error_what}) at line "
                f"{lines[0]}, not at the reported line {line}" + notes, lines[0], run.output)
        if reached is None:
            reached = lines[0] if lines else None
        if inputs.memory:
            return ReplayOutcome(
                "not_replayable", f"the trace depends on {'; '.join(inputs.memory)}, which "
                "a native run cannot reproduce; with stubs that write nothing"
                + (" and return the trace's results" if stubbed else "")
                + " the native run reaches the error", reached, run.output)
        if stubbed:
            return ReplayOutcome(
                "not_replayable", "the trace depends on external function(s) without a body: "
                f"{', '.join(stubbed)}; with stubs returning the trace's results the native "
                f"run reaches the error", reached, run.output)
        where = f" at line {reached}" if reached is not None else ""
        return ReplayOutcome("confirmed", f"the native run reached the error "
                             f"({run.error_what}){where}" + notes, reached, run.output)
    crash = crash_line = None   # the undefined behaviour the native run crashed on, where
    if run.returncode == harness.EXIT_ASSUME and harness.NOTE_ASSUME in run.output:
        ended = "a __VERIFIER_assume condition was false in the native run"
    elif run.returncode < 0:
        try:
            sig = signal.Signals(-run.returncode).name
        except ValueError:
            sig = str(-run.returncode)
        ub = _RUNTIME_PANIC.search(run.output)
        if ub is not None:      # zig's runtime checks (the ILP32 build) stopped the run
            crash = ub.group(1).strip()
            crash_line = int(ub.group(3))
            ended = (f"the native run stopped at line {ub.group(3)} on undefined behaviour "
                     f"({crash}) before reaching the error")
        else:
            crash = _SIGNAL_CAUSE.get(sig)
            ended = f"the native run was killed by {sig}" + \
                (f" ({crash})" if crash else "") + " before reaching the error"
    else:
        ended = f"the native run exited with code {run.returncode} without reaching the error"
    if unfixed or stubbed:
        what = unfixed + [f"the result of '{n}' (no body)" for n in stubbed]
        return ReplayOutcome("not_replayable", f"the trace depends on inputs the harness "
                             f"cannot fix: {'; '.join(what)} ({ended})", None, run.output)
    return ReplayOutcome("not_reached", ended + notes, None, run.output, crash, crash_line)


# zig's runtime (its C builds check undefined behaviour) panics with the kind and the place:
# "panic: store of null pointer of type 'int'" then "FILE:LINE:COL: 0x... in main (...)"
_RUNTIME_PANIC = re.compile(r"panic: ([^\n]+)\n([^\n:]+):(\d+):(\d+): 0x")
# the signals a C program's undefined behaviour raises natively, and what they mean
_SIGNAL_CAUSE = {"SIGSEGV": "an invalid memory access", "SIGBUS": "an invalid memory access",
                 "SIGFPE": "an arithmetic fault: division by zero or INT_MIN / -1"}


def _judge_rule(inputs: ReplayInputs, run: RunResult, lines: list[int], unfixed: list[str],
                stubbed: list[str], notes: str) -> ReplayOutcome:
    """A typestate rule's violation (`--rules`): the rule's state lives in the model, so
    a native run cannot confirm it; it can confirm that the program, run on the trace's
    inputs, makes the call the rule rejects (the run stops at it, `harness.Stop`).  Not
    reaching that call is judged as a run not reaching an error is."""
    stop = inputs.stop
    what = (f"the return from {stop.function}" if stop.leave
            else f"the call of {stop.function}")
    if harness.NOTE_NO_STOP in run.output:
        return ReplayOutcome("not_replayable", "the native run does not track a rule's "
                             f"state, and the harness cannot stop it at {what} (a static "
                             "function?)" + notes, None, run.output)
    if run.error_what == harness.STOP_WHAT:
        reached = _matching_line(inputs, lines)
        if inputs.expected_line is not None and lines and reached is None:
            return ReplayOutcome(
                "not_reached", f"the native run makes {what} at line {lines[-1]}, not at "
                f"the reported line {inputs.expected_line}" + notes, lines[0], run.output)
        where = f" at line {reached}" if reached is not None else ""
        return ReplayOutcome(
            "not_replayable", f"the native run does not track a rule's state; it follows "
            f"the trace to {what}{where}, which the rule rejects" + notes, reached,
            run.output)
    if run.error_what:
        ended = f"the native run reached another error ({run.error_what}) before {what}"
    elif run.returncode is not None and run.returncode < 0:
        ended = f"the native run was killed before {what}"
    else:
        ended = f"the native run exited with code {run.returncode} before {what}"
    if unfixed or stubbed:
        missing = unfixed + [f"the result of '{n}' (no body)" for n in stubbed]
        return ReplayOutcome("not_replayable", f"the trace depends on inputs the harness "
                             f"cannot fix: {'; '.join(missing)} ({ended})", None, run.output)
    return ReplayOutcome("not_reached", ended + notes, None, run.output)
