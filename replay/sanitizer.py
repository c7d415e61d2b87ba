"""Native replay of a violated property check under AddressSanitizer and UBSan.

Role: the confirmation of an instrumented check's violation (frontend/properties.py: a
trace whose `Violation` has kind "property"), as replay/native.py's `confirm` does for an
assertion.  The program is compiled with the replay harness for the trace's inputs (the
same build as an assertion's replay, `native.build_replay`) plus
`-fsanitize=address,undefined -fno-sanitize-recover=all`, and run with LeakSanitizer and
use-after-return detection on; the first sanitizer report ends the run.  The judge reads
that report:
  confirmed       it names a kind of error that the violated property stands for
                  (`SANITIZER_KINDS`) at the trace's failure line (for a leak: any
                  allocation site, the check sits at main's exit);
  not_reached     it names another kind, or another line, or the run ended without a
                  report (or in the program's own assertion): the model and the program
                  disagree, the CLI's verdict becomes UNKNOWN with that reason;
  not_replayable  as for an assertion: the trace depends on inputs the harness cannot fix
                  (a matching report then shows only that the run with stubs fails so),
                  or the run ended without a report and a plain build of it reads
                  uninitialised memory (valgrind, which cannot run a sanitized build),
                  or there is no sanitizer toolchain for the data model;
  error           the sanitized build failed or the run timed out.

Toolchains: gcc's libasan/libubsan (`gcc -m64`, or `gcc -m32` when its 32-bit sanitizer
runtime links here), probed once per data model with a program that must produce a report.
The ILP32 fallback of plain replay, zig's static musl target, has no sanitizer runtime:
an ILP32 property violation is then "not replayable (ILP32 sanitizer: ...)", and the verdict
rests on the re-checked Boogie trace alone, as before this module existed.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
import threading
from collections.abc import Sequence
from dataclasses import dataclass, replace

from verifier.result import Trace

from . import harness
from . import native
from .build import Build, entry_build
from .native import ReplayInputs, ReplayOutcome, Toolchain

SANITIZE_FLAGS = ("-fsanitize=address,undefined", "-fno-sanitize-recover=all")
RUN_ENV = {"ASAN_OPTIONS": "detect_leaks=1:detect_stack_use_after_return=1:halt_on_error=1"
                           ":allocator_may_return_null=1:handle_abort=1",
           "UBSAN_OPTIONS": "halt_on_error=1:print_stacktrace=1",
           "LSAN_OPTIONS": "exitcode=23"}

_DEREF = ("pointer_dereference", "array_bounds")
_SHIFT_INTO_SIGN = ("overflow", "undefined-shift")
# a sanitizer's error description (a regular expression over its message) -> the property
# kinds (frontend/properties.py KINDS) whose violation it confirms
SANITIZER_KINDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (r"heap-buffer-overflow|stack-buffer-overflow|stack-buffer-underflow|"
     r"global-buffer-overflow|dynamic-stack-buffer-overflow|heap-use-after-free|"
     r"stack-use-after-return|stack-use-after-scope|use-after-poison|"
     r"SEGV on unknown address|unknown-crash", _DEREF),
    (r"(load of|store to|member access within|reference binding to) null pointer|"
     r"index -?\d+ out of bounds", _DEREF),
    (r"attempting double-free|attempting free on address which was not malloc|"
     r"bad-free|alloc-dealloc-mismatch", ("precondition_instance",)),
    (r"detected memory leaks", ("memory-leak",)),
    (r"signed integer overflow|negation of .* cannot be represented|"
     r"division of .* by -1 cannot be represented", ("overflow",)),
    (r"left shift of .* by .* places cannot be represented", _SHIFT_INTO_SIGN),
    (r"shift exponent|left shift of negative value", ("undefined-shift",)),
    # (a floating-point one only in a run built for it: replay_property)
    (r"division by zero", ("division-by-zero", "float-division-by-zero")),
    (r"FPE on unknown address", ("division-by-zero", "overflow")),
)
# the kinds some report above confirms; the others are not replayable: unsigned wrap and
# implicit conversions (defined behaviour, which gcc's sanitizers do not check), and
# memory-cleanup (LeakSanitizer reports only memory no longer pointed to: at exit() a
# block the live frames still point to is no leak to it)
CONFIRMABLE = frozenset(k for _, kinds in SANITIZER_KINDS for k in kinds)


@dataclass(frozen=True, slots=True)
class SanitizerReport:
    """The first report of a sanitized run: which sanitizer, its message (the error's
    description), and the program lines of its stack, innermost first (UBSan: the line it
    names)."""
    sanitizer: str              # "AddressSanitizer" | "LeakSanitizer" | "UndefinedBehaviorSanitizer"
    message: str
    lines: tuple[int, ...] = ()

    @property
    def kinds(self) -> tuple[str, ...]:
        """The property kinds this report confirms (() for an unknown description)."""
        return next((kinds for pat, kinds in SANITIZER_KINDS
                     if re.search(pat, self.message)), ())

    def describe(self) -> str:
        return f"{self.sanitizer}: {self.message}"


_UBSAN = re.compile(r"^(?P<file>[^\s:]+):(?P<line>\d+):\d+: runtime error: (?P<msg>.*)$", re.M)
_ASAN = re.compile(r"ERROR: (?P<san>AddressSanitizer|LeakSanitizer): (?P<msg>.*)$", re.M)
_FRAME = re.compile(r"^\s*#\d+ 0x[0-9a-f]+ in \S+ (?P<file>[^\s:]+):(?P<line>\d+)", re.M)


def parse_report(output: str, paths: Sequence[str]) -> SanitizerReport | None:
    """The first sanitizer report in a run's output, or None.  Lines are those of the
    program's own files (`paths`, by base name): the harness, libc and the sanitizer
    runtime are not the program."""
    names = {os.path.basename(p) for p in paths}
    ub, asan = _UBSAN.search(output), _ASAN.search(output)
    if ub is not None and (asan is None or ub.start() < asan.start()):
        own = os.path.basename(ub.group("file")) in names
        return SanitizerReport("UndefinedBehaviorSanitizer", _short(ub.group("msg")),
                               (int(ub.group("line")),) if own else ())
    if asan is None:
        return None
    msg = asan.group("msg")
    # ASan: "heap-buffer-overflow on address 0x... at pc ...": the description only
    msg = re.sub(r" \(pc .*$", "", msg) if "SEGV" in msg or "FPE" in msg else \
        re.sub(r"( on address| on|:) 0x[0-9a-f]+.*$", "", msg)
    lines = tuple(int(m.group("line")) for m in _FRAME.finditer(output, asan.end())
                  if os.path.basename(m.group("file")) in names)
    return SanitizerReport(asan.group("san"), _short(msg), lines)


def _short(msg: str) -> str:
    return msg.strip()[:200]


# ----------------------------------------------------------------------------- toolchain

_SAN_TOOLCHAINS: dict[str, Toolchain | None] = {}
_SAN_FAILURES: dict[str, str] = {}
_LOCK = threading.Lock()
_PROBE = ("#include <stdlib.h>\nint main(void) { char *p = malloc(4); int i = 4;\n"
          "  p[i] = 1; free(p); return sizeof(long) == %d ? 0 : 1; }\n")


def sanitizer_toolchain(data_model: str) -> Toolchain | None:
    """gcc with AddressSanitizer and UBSan for the data model (probed once: the probe
    program's overflow must be reported), or None (why: `sanitizer_failure`)."""
    with _LOCK:
        if data_model not in _SAN_TOOLCHAINS:
            _SAN_TOOLCHAINS[data_model] = _probe(data_model)
        return _SAN_TOOLCHAINS[data_model]


def sanitizer_failure(data_model: str) -> str:
    return _SAN_FAILURES.get(data_model, "not probed")


def _probe(data_model: str) -> Toolchain | None:
    gcc = shutil.which("gcc")
    if gcc is None:
        _SAN_FAILURES[data_model] = "no gcc (its sanitizer runtimes are used)"
        return None
    m = "-m64" if data_model == "LP64" else "-m32"
    # -fno-common (unlike plain replay): ASan puts no redzones around common symbols, so
    # an overflow of a tentative definition (`int x;`) would go unseen
    common = ("-O0", "-g", "-fno-omit-frame-pointer", "-w", "-std=gnu11", "-fno-common",
              "-fno-builtin", "-finstrument-functions")
    tc = Toolchain((gcc, m, "-no-pie", "-fno-pie", *SANITIZE_FLAGS, *common), True, True)
    with tempfile.TemporaryDirectory(prefix="pycorral-sanprobe-") as d:
        src, exe = os.path.join(d, "probe.c"), os.path.join(d, "probe")
        with open(src, "w") as fh:
            fh.write(_PROBE % (8 if data_model == "LP64" else 4))
        try:
            r = subprocess.run([*tc.argv, src, "-o", exe], capture_output=True, text=True,
                               errors="replace", timeout=native.COMPILE_TIMEOUT, cwd=d)
            if r.returncode != 0:
                _SAN_FAILURES[data_model] = f"gcc {m} -fsanitize=address,undefined does " \
                    f"not build here: {native._first_error(r.stderr)}"
                return None
            run = subprocess.run([exe], capture_output=True, text=True, errors="replace",
                                 timeout=60, cwd=d, env={**os.environ, **RUN_ENV})
        except (OSError, subprocess.SubprocessError) as e:
            _SAN_FAILURES[data_model] = f"sanitizer probe failed: {type(e).__name__}: {e}"
            return None
    if "heap-buffer-overflow" not in run.stderr:
        _SAN_FAILURES[data_model] = "the sanitized probe program ran without a report"
        return None
    return tc


# ----------------------------------------------------------------------------- replay

def replay_property(paths: Sequence[str], trace: Trace, *, data_model: str = "ILP32",
                    timeout: float = 10.0, cflags=None, entry: str | None = None,
                    stubs: tuple[str, ...] = ()) -> ReplayOutcome:
    """Replay a property violation's trace under the sanitizers and judge the report."""
    from boogie.errors import BoogieError
    from frontend.cflags import BuildFlags

    v = trace.violation
    assert v is not None and v.kind == "property", "a property violation's trace"
    if v.rule not in CONFIRMABLE:
        return ReplayOutcome("not_replayable", f"gcc's sanitizers have no check for a "
                             f"{v.rule} violation")
    tc = sanitizer_toolchain(data_model)
    if tc is None:
        what = "ILP32 sanitizer" if data_model == "ILP32" else f"{data_model} sanitizer"
        return ReplayOutcome("not_replayable", f"{what}: {sanitizer_failure(data_model)}"
                             + (" (zig's musl target, the ILP32 replay compiler here, has "
                                "no sanitizer runtime)" if data_model == "ILP32" else ""))
    if v.rule == "float-division-by-zero":      # defined in IEEE: not in "undefined"
        tc = replace(tc, argv=(*tc.argv, "-fsanitize=float-divide-by-zero"))
    try:
        build = entry_build(paths, data_model, cflags or BuildFlags(), entry, stubs)
    except BoogieError as e:
        return ReplayOutcome("not_replayable", f"no harness for the entry function "
                             f"'{entry}': {e.first.message}")
    inputs = replace(native.inputs_from_trace(paths, trace, build.entry), stop=None,
                     expected_line=v.line or None, line_approximate=False)
    # a violation in a header the program includes (a header-only library): its frames
    # are the program's too
    header = (v.file,) if v.file and not v.file.startswith("<") else ()
    return run_sanitized(tc, paths, inputs, v.rule, timeout=timeout, build=build,
                         data_model=data_model, report_files=header)


def run_sanitized(tc: Toolchain, paths: Sequence[str], inputs: ReplayInputs, kind: str,
                  *, timeout: float = 10.0, build: Build = Build(),
                  data_model: str = "LP64",
                  report_files: Sequence[str] = ()) -> ReplayOutcome:
    """Compile with the sanitizers, run on `inputs`, judge against property `kind`;
    the report's lines are those of `paths` and of `report_files` (the file of the
    violation, when it is a header)."""
    with tempfile.TemporaryDirectory(prefix="pycorral-sanitize-") as workdir:
        os.makedirs(os.path.join(workdir, "include"))
        with open(os.path.join(workdir, "include", "smack.h"), "w") as fh:
            fh.write(harness.smack_header())
        rc, log, exe, stubs, data_syms = native.build_replay(tc, paths, inputs, workdir,
                                                             build)
        if rc != 0:
            return ReplayOutcome("error", "sanitized native compile failed: "
                                 f"{native._first_error(log)}", output=log[-4000:])
        # the sanitizers' reports and the program's output share the pipe
        run = native._run(exe, timeout * 3 + 5, workdir, env=RUN_ENV)
        report = parse_report(run.output, (*paths, *report_files))
        uninit = None
        if report is None and not run.error_what and run.returncode is not None and \
                not run.injected:
            uninit = _uninitialised(paths, inputs, workdir, timeout, build, data_model)
    if uninit is not None:
        inputs = replace(inputs, unfixed=inputs.unfixed + (
            "the contents of uninitialised memory (read at "
            f"{os.path.basename(uninit) if uninit else 'a library call'}, found by valgrind)",))
    data = [n for n in stubs if n in data_syms]
    if data:
        inputs = replace(inputs, unfixed=inputs.unfixed + tuple(
            f"the undefined external variable '{n}' (zero-filled here)" for n in data))
    stubbed = sorted(n for n, val in stubs.items() if val and n not in data_syms)
    return judge(inputs, kind, run, report, stubbed)


def _uninitialised(paths: Sequence[str], inputs: ReplayInputs, workdir: str, timeout: float,
                   build: Build, data_model: str) -> str | None:
    """Where a plain (unsanitized) build of the replay reads uninitialised memory, by
    valgrind (native.uninitialised_read; valgrind cannot run a sanitized executable), or
    None.  A run without a report that reads such memory depends on what the model left
    arbitrary (e.g. a pointer read from an uninitialised array and then freed)."""
    plain = native.toolchain(data_model)
    if plain is None or not plain.dynamic_libc:
        return None
    diag = os.path.join(workdir, "plain")
    os.makedirs(os.path.join(diag, "include"))
    with open(os.path.join(diag, "include", "smack.h"), "w") as fh:
        fh.write(harness.smack_header())
    rc, _, exe, _, _ = native.build_replay(plain, paths, inputs, diag, build)
    return native.uninitialised_read(exe, timeout, diag, paths) if rc == 0 else None


def judge(inputs: ReplayInputs, kind: str, run: native.RunResult,
          report: SanitizerReport | None, stubbed: Sequence[str] = ()) -> ReplayOutcome:
    """The outcome of a sanitized run for a violation of property `kind` expected at
    `inputs.expected_line`."""
    unfixed = list(inputs.unfixed) + list(inputs.memory) + \
        [f"the result of '{n}' (no body)" for n in stubbed]
    if run.returncode is None:
        return ReplayOutcome("error", "sanitized native run timed out", output=run.output)
    if run.injected:
        return ReplayOutcome("not_replayable", "the program injects Boogie code "
                             "(__SMACK_code), which a native run cannot execute",
                             output=run.output)
    expected = inputs.expected_line
    if report is not None and kind in report.kinds:
        leak = kind == "memory-leak"
        if leak or expected is None or expected in report.lines[:1] or \
                (not report.lines[:1] and expected in report.lines):
            line = report.lines[0] if report.lines else None
            where = (f", allocated at line {line}" if leak and line else
                     f" at line {line}" if line else "")
            if unfixed:
                return ReplayOutcome(
                    "not_replayable", f"the trace depends on {'; '.join(unfixed)}, which a "
                    f"native run cannot reproduce; with stubs the sanitized run reports "
                    f"{report.describe()}{where}", line, run.output)
            return ReplayOutcome("confirmed", f"confirmed natively ({report.describe()}"
                                 f"{where})", line, run.output)
        at = report.lines[0] if report.lines else None
        ended = (f"the sanitized run reports {report.describe()} at line {at}, not at the "
                 f"reported line {expected}")
        return _not_confirmed(ended, unfixed, at, run.output)
    if report is not None:
        at = f" at line {report.lines[0]}" if report.lines else ""
        ended = (f"the sanitized run reports {report.describe()}{at}, not a {kind} "
                 "violation")
    elif run.error_what:
        ended = f"the sanitized run reached another error ({run.error_what}) first"
    elif run.returncode == harness.EXIT_ASSUME and harness.NOTE_ASSUME in run.output:
        ended = "a __VERIFIER_assume condition was false in the sanitized run"
    else:
        ended = (f"the sanitized run ended (exit code {run.returncode}) without a "
                 f"sanitizer report of the {kind} violation")
    return _not_confirmed(ended, unfixed, None, run.output)


def _not_confirmed(ended: str, unfixed: list[str], line: int | None,
                   output: str) -> ReplayOutcome:
    if unfixed:
        return ReplayOutcome("not_replayable", f"the trace depends on inputs the harness "
                             f"cannot fix: {'; '.join(unfixed)} ({ended})", line, output)
    return ReplayOutcome("not_reached", ended, line, output)
