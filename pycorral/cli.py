"""The `pycorral` command line: check a program, translate C, print Boogie, run benchmarks.

Role: the top of the stack.  It reads files, turns bad input into one diagnostic line
(`file:line:col: error: message`, exit 2), runs parse -> modifies inference -> type check ->
verify (the run pipeline: `pycorral/run.py`, by the run guard's one deadline), and prints
the result with `verifier.render`.  An unexpected exception becomes the
verdict "unknown: internal error" (exit 20), never a traceback (unless --debug) and never
"correct".  Corral's `/flag` spellings are accepted (see `verifier.corral_flags`).
"""
from __future__ import annotations

import dataclasses
import os
import sys
import time
import traceback
from typing import Any

import click

from pycorral.cc_options import CompilerStyleCommand, compiler_options
from pycorral.inputs import (C_EXTENSIONS, LLVM_EXTENSIONS, FileError, InputError,  # noqa: F401
                             Unsupported, find_entry, frontend_for, load_with_door)
from pycorral.inputs import diagnostic_line as _diagnostic_line
from pycorral.inputs import regular_file as _regular_file
from pycorral.limits import SECONDS, RunGuard, finish, validate_seconds
from pycorral.run import Shown, check_one as _check_one, with_rules as _with_rules
from pycorral.output import write_or_exit
from pycorral.portfolio_options import portfolio_names
from pycorral.property_options import check_property_flags, property_options, show_properties
from verifier.corral_flags import CorralFlagError, CorralFlags, parse_corral_flags
from verifier.result import EXIT_INPUT_ERROR, Result, UnknownKind, Verdict
from verifier.run_options import SEARCH_BUDGET, RunOptions
from verifier.stats import Stats
from verifier.options import ABLATIONS, DI_MERGES
from verifier.strategies import STRATEGIES

EXIT_CODES_HELP = """\b
Exit codes:
  0   correct: proved for every bound (the proof re-checked)
  10  bug found (a trace is printed)
  30  bounded: no bug within the bound searched -- not a proof; the loops and
      recursive functions cut off there are listed
  20  unknown (timeout, unsupported feature such as concurrency, internal error)
  2   bad input or usage (one line: file:line:col: error: message)
"""

CHECK_EPILOG = EXIT_CODES_HELP + """
\b
Examples:
  pycorral check examples/lock.bpl                  # bug: the lock is acquired twice
  pycorral check examples/driver_bug.c              # a C harness: bug, with a C trace
  pycorral check examples/lock_ok.bpl --bound 3     # no bug within bound 3 (exit 30)
  pycorral check prog.bpl --entry main --json       # machine-readable result
  pycorral check prog.bpl /main:main /recursionBound:2 /trackAllVars   # Corral flags
  pycorral check src/main.c lib/queue.c -I include -DQUEUE_CAPACITY=2   # C with flags
  pycorral check --compile-commands build/compile_commands.json         # the build's files
  pycorral check lib/queue.c --function queue_pop --function queue_push # entry functions
  pycorral check driver.c --rules spinlock --rules irp  # API usage rules (rules/*.rules)
\b
Corral flags accepted: /main:P /recursionBound:N /si /trackAllVars /track:G /assertVar:X
  /assertVarIsInt /stackDepthBound:N /maxStaticLoopBound:N /staticInlining /di /timeLimit:S
  /k:N /cooperative; accepted without effect: /cex:N /noTrace /noTraceOnDisk /tryCTrace;
  /concat:F also reads file F (relative to FILE's folder).
"""


# ----------------------------------------------------------------------------- loading


def _read_program(path: str) -> Any:
    """One Boogie file, parsed (the door's reader); InputError when it cannot be."""
    from frontend.load import BadInput, read_boogie

    try:
        return read_boogie(path)
    except BadInput as e:
        raise InputError(e.line) from None


def load_program(path: str, concat: tuple[str, ...] = ()) -> Any:
    """Parse FILE (and the `/concat:` files, relative to FILE's folder) into one Program."""
    from boogie.ast import Program

    prog = _read_program(path)
    for extra in concat:
        extra_path = extra if os.path.isabs(extra) else os.path.join(os.path.dirname(path), extra)
        more = _read_program(extra_path)
        prog = Program(prog.decls + more.decls, loc=prog.loc)
    return prog


def check_program(prog: Any, path: str, *, check_modifies: bool = True) -> Any:
    """Infer missing modifies clauses (as Corral does), then type check, as the door
    (`frontend.load`) does (`pycorral bpl` on the program it parsed).  Returns the program
    with the inferred clauses."""
    from frontend.load import BadInput, check_boogie
    from frontend.load import Unsupported as FrontendUnsupported

    assert check_modifies, "the door always checks modifies clauses"
    try:
        return check_boogie(prog, path)
    except FrontendUnsupported as e:
        raise Unsupported(e.line) from None
    except BadInput as e:
        raise InputError(e.line) from None


# ----------------------------------------------------------------------------- options

def _split_args(args: tuple[str, ...], several: bool = False,
                none_ok: bool = False) -> tuple[Any, CorralFlags]:
    """The input files and Corral's /flags among the arguments (`none_ok`: no file is
    fine, --compile-commands names them)."""
    try:
        flags = parse_corral_flags(list(args))
    except CorralFlagError as e:
        raise click.UsageError(str(e)) from None
    if not flags.leftovers and not none_ok:
        raise click.UsageError("no input file")
    if not several and len(flags.leftovers) != 1:
        raise click.UsageError(f"expected one input file, got {len(flags.leftovers)}: "
                               f"{' '.join(flags.leftovers)}")
    return (list(flags.leftovers) if several else flags.leftovers[0]), flags


def _peak_memory_mb() -> float | None:
    try:
        import resource
    except ImportError:  # pragma: no cover - not on Linux
        return None
    kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return kb / 1024.0 if sys.platform != "darwin" else kb / (1024.0 * 1024.0)


def _with_cli_stats(result: Result, started: float) -> Result:
    """The run's wall time and peak memory added to the result's statistics."""
    return dataclasses.replace(result, stats=result.stats + Stats(
        wall_time=time.perf_counter() - started, peak_memory_mb=_peak_memory_mb()))


# what the summary line names: the bound and the strategy the verifier ran with


# ----------------------------------------------------------------------------- commands

class _LazyGroup(click.Group):
    """The command group; the commands that live in their own modules (and pull in heavier
    libraries: dask, matplotlib, gcc drivers) are imported only when they are run."""

    LAZY = {
        "svcomp": "pycorral.svcomp_cmd:svcomp_cmd",
        "bench": "bench.cli:bench_cmd",          # the bench package (pycorral[bench])
        "replay": "pycorral.replay_cmd:replay_cmd",
        "difftest": "pycorral.difftest_cmd:difftest_cmd",
    }

    def list_commands(self, ctx):
        return sorted(set(super().list_commands(ctx)) | set(self.LAZY))

    def get_command(self, ctx, name):
        if name in self.LAZY:
            import importlib
            module, attr = self.LAZY[name].split(":")
            return getattr(importlib.import_module(module), attr)
        return super().get_command(ctx, name)


@click.group(cls=_LazyGroup, epilog=EXIT_CODES_HELP,
             context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="pycorral")
def main() -> None:
    """pycorral: a Corral-style bug finder (stratified inlining over Z3) for Boogie programs.

    \b
    Examples:
      pycorral check examples/lock.bpl          # finds the double acquire, prints a trace
      pycorral check prog.bpl --bound 3 --json
      pycorral bpl prog.bpl --instrument        # the program as the verifier sees it
      pycorral bench corral --jobs 2            # Corral's regression suite
    """


def _common_verify_options(f):
    f = click.option("--entry", metavar="P", help="Entry procedure (Corral: /main:P).")(f)
    f = click.option("--reach", is_flag=True, default=None,
                     help="Plain reachability: a bug is a run of the entry that returns "
                          "(Corral: /si).")(f)
    return f


def _frontend_options(f):
    from frontend.load import host_data_model

    host = host_data_model()
    f = click.option("--ms-extensions/--no-ms-extensions", "ms_extensions", default=None,
                     help="C: read the Microsoft C of driver sources (__declspec, "
                          "__stdcall, __int64, #pragma pack, anonymous tagged members, "
                          "MSVC's wchar_t); default: on when an input file uses a "
                          "Microsoft-only spelling (a note says so).")(f)
    f = click.option("--data-model", type=click.Choice(["ILP32", "LP64"]), default=None,
                     help="C data model: ILP32 (32-bit int/long/pointers, gcc -m32) or "
                          "LP64 (64-bit long and pointers, gcc -m64); default: the host's "
                          f"({host} here), ILP32 for Microsoft C (32-bit Windows).")(f)
    f = click.option("--encoding", type=click.Choice(["int", "bv"]), default="int",
                     show_default=True,
                     help="C integers as mathematical integers with explicit wrap-around "
                          "(int) or as exact bitvectors (bv).")(f)
    f = click.option("--frontend", type=click.Choice(["auto", "boogie", "c", "llvm"]),
                     default="auto", show_default=True,
                     help="auto: by extension (.bpl Boogie, .c/.i the pycparser front end, "
                          ".ll/.bc LLVM); llvm also compiles .c with clang.")(f)
    return f


def _stubs_option(f):
    return click.option(
        "--stubs", multiple=True, type=click.Path(dir_okay=False), metavar="FILE.c",
        help="C: models of your own for functions the program calls without defining "
             "them (repeatable); they win over pycorral's bundled kernel and C library "
             "models, and the program's own definitions win over them.")(f)


@main.command("check", epilog=CHECK_EPILOG, cls=CompilerStyleCommand,
              context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("args", nargs=-1, metavar="FILE... [/CORRAL_FLAG...]")
@_common_verify_options
@click.option("--function", "functions", multiple=True, metavar="F",
              help="C: verify function F as the entry, with nondeterministic arguments (a "
                   "pointer argument points to a fresh object of its type, whose contents "
                   "are nondeterministic); globals start with their initial values. "
                   "Repeatable: each function is checked in turn and the result names it "
                   "(like CBMC's --function).")
@_frontend_options
@compiler_options
@click.option("--bound", "--unwind", "bound", type=click.IntRange(min=0), metavar="N",
              help="Fix the recursion/loop bound at N (N instances of a loop or procedure "
                   "on a path; CBMC: --unwind N; Corral: /recursionBound:N).  Without it "
                   "the bound is deepened 1, 2, 4, ... until a bug, a proof, or the time "
                   f"budget ({SEARCH_BUDGET:g}s unless --timeout is given).")
@click.option("--max-bound", "max_bound", type=click.IntRange(min=1), metavar="N",
              help="Deepen the bound 1, 2, 4, ... up to N (the last step is N itself) until "
                   "a bug, a proof or the time budget; out of time after bound b was "
                   "searched completely, the answer is no bug within b.  Wins over --bound "
                   "(so that it can follow a task's own --bound).")
@click.option("--strategy", type=click.Choice(["auto", *STRATEGIES]),
              help="auto (default) = si and chc side by side, each in its own process, the "
                   "first bug or proof wins; si = stratified inlining; legion = Legion's "
                   "under-approximation widening; static = inline "
                   "everything up to the bound (Corral: /staticInlining); chc = prove for "
                   "every bound with procedure summaries from Horn clauses (z3's Spacer; "
                   "without --timeout it gets 10 s); di = stratified inlining unfolding to a "
                   "DAG, sharing the instances no execution runs together (Corral: /di); "
                   "inertial = inertial refinement, inlining a minimal correcting set of "
                   "the blocked call sites each round.")
@click.option("--portfolio", callback=portfolio_names, metavar="S1,S2,...",
              help="Run these strategies side by side, each in its own process with its "
                   "own solver (and its share of --memlimit); the first bug or proof wins "
                   "and the others are stopped.  si,legion is the Legion+ portfolio.")
@click.option("--jobs", type=click.IntRange(min=1), metavar="N",
              help="Portfolio members run at once (default: the number of cores); with "
                   "fewer jobs than members they run in sequential time slices.")
@click.option("--core-minimize", type=click.Choice(["deletion", "z3", "none"]),
              help="legion: how unsat cores are minimized -- deletion (default: drop one "
                   "call site at a time, under a time cap), z3 (z3's core.minimize), none.")
@click.option("--di-merge", type=click.Choice(list(DI_MERGES)),
              help="With --strategy di: the merge strategy (default first; opt colours the "
                   "fully inlined program, for small programs only).")
@click.option("--inertial-loops", type=click.Choice(["split", "plain"]),
              help="With --strategy inertial: split (default) gives a loop's exit after "
                   "zero iterations to the abstraction and blocks only 'one or more "
                   "iterations' (Sinha's loop-specific abstraction); plain blocks the loop "
                   "entry like any call.")
@click.option("--mcs", "inertial_mcs", type=click.Choice(["auto", "maxsat", "grow"]),
              help="With --strategy inertial: how a minimal correcting set is computed -- "
                   "maxsat (z3's Optimize, a minimum set), grow (assumption queries, a "
                   "minimal set; also for quantified programs), auto (default: maxsat "
                   "unless the program's formula has quantifiers).")
@click.option("--ablate", multiple=True, type=click.Choice(list(ABLATIONS)), hidden=True,
              help="Turn off an optimisation that changes no verdict (measurements).")
@click.option("--timeout", type=SECONDS, metavar="S",
              help="Wall-time limit in seconds of the whole run, every phase and child "
                   "process included (Corral: /timeLimit:S); also the budget of the "
                   "deepening when no --bound is given (default: "
                   f"{SEARCH_BUDGET:g}s for the search, no limit with --bound).")
@click.option("--query-timeout", type=SECONDS, metavar="S",
              help="Time limit per solver query in seconds.")
@_stubs_option
@click.option("--malloc-may-fail", is_flag=True,
              help="C front end: malloc/realloc may return NULL (default: allocation "
                   "succeeds, as SV-COMP assumes; calloc may always fail).")
@click.option("--extern-pure", is_flag=True,
              help="C: assume that functions without a body write no memory (SMACK's "
                   "convention; default: they may write the memory reachable from their "
                   "arguments and escaped globals).  A proof or bounded answer then says "
                   "it rests on this assumption.")
@click.option("--replay/--no-replay", default=True, show_default=True,
              help="C input: run the program natively (gcc) on a bug's inputs and say "
                   "whether execution confirms it; a trace that does not reach the error "
                   "natively turns the verdict into unknown.")
@click.option("--memlimit", type=click.IntRange(min=64, max=10 ** 9), metavar="MB",
              help="Memory limit in MB: the resident memory of the run and all its child "
                   "processes (gcc, clang, the replayed program), and Z3's own limit; "
                   "reaching it gives unknown.")
@click.option("--context-bound", "context_bound", type=click.IntRange(min=1), metavar="K",
              help="Concurrent programs (async call, yield): explore the schedules in which "
                   "each thread runs in at most K execution contexts (Corral: /k:K; "
                   "default 2).  No bug found is a bounded answer, never a proof.")
@click.option("--cooperative", is_flag=True, default=None,
              help="Concurrent programs: context switches only at yield (Corral: "
                   "/cooperative), not before every access to a shared global.")
@click.option("--triggers-only", "triggers_only", is_flag=True, default=None,
              help="Read quantified axioms as Boogie and Corral do: instantiated only "
                   "through their triggers (z3 without model-based instantiation); a bug "
                   "is then a bug under that reading.")
@click.option("--track-all", is_flag=True, default=None,
              help="No variable abstraction: track every global (Corral: /trackAllVars).")
@click.option("--track", multiple=True, metavar="G",
              help="Always track global G in the variable abstraction (repeatable).")
@click.option("--refine", type=click.Choice(["vc", "hier"]),
              help="Refinement of the variable abstraction: vc (one parameterized query per "
                   "spurious trace, default) or hier (divide and conquer).")
@click.option("--houdini", is_flag=True, default=None,
              help="Infer Houdini summaries first (typestate candidates); they let a proof "
                   "hold for every bound.")
@click.option("--candidates", type=click.Path(dir_okay=False), metavar="FILE",
              help="Extra Houdini candidates, one `procedure: expression` per line "
                   "(implies --houdini).")
@click.option("--rules", "rules", multiple=True, metavar="FILE",
              help="Also check the typestate rules of FILE (a .rules file, or the name of a "
                   "bundled one: spinlock, fastmutex, irp, linux_spinlock, linux_mutex); "
                   "repeatable.  A violation is a bug at the call, named by the rule.")
@click.option("--rules-only", is_flag=True,
              help="With --rules: check only the rules; the program's own assertions are "
                   "assumed (a run failing one ends there, as the program would abort).")
@property_options
@click.option("--json", "as_json", is_flag=True, help="Print the result as one JSON object.")
@click.option("--sarif", "sarif_path", type=click.Path(dir_okay=False, allow_dash=True),
              metavar="FILE", help="Also write the result as SARIF 2.1.0 to FILE ('-': "
                                   "stdout instead of the human output).")
@click.option("--color/--no-color", default=None,
              help="Colour the verdict and trace (default: when the output is a terminal "
                   "and NO_COLOR is not set).")
@click.option("--stats", is_flag=True, help="Print solver queries, inlining, time, memory.")
@click.option("--trace", "trace_mode", type=click.Choice(["compact", "full"]),
              default="compact", show_default=True,
              help="How much of a bug's trace to show: compact (calls and returns, branches "
                   "taken, assignments to named variables, nondeterministic values, the "
                   "failing check) or full (also every statement executed, allocations, "
                   "the steps inside library models).")
@click.option("--no-trace", is_flag=True, help="Do not print the trace of a bug.")
@click.option("--quiet", "-q", is_flag=True,
              help="No status line on the terminal, no notes on standard error.")
@click.option("--debug", is_flag=True, help="Show tracebacks of internal errors.")
def check_cmd(**params):
    """Look for a bug in FILE: an assertion that can fail (C: a failing assert or a call of
    reach_error) in a run of the entry procedure (with --reach or /si: a run of the entry
    that returns).  FILE is a Boogie program (.bpl), C (.c/.i; several files of one program
    may be given) or LLVM IR (.ll/.bc)."""
    started = time.perf_counter()
    paths, corral = _split_args(params["args"], several=True,
                                none_ok=bool(params["compile_commands"]))
    paths, cflags = _compiler_input(paths, params)
    frontend = frontend_for(paths, params["frontend"])     # usage errors before any work
    if frontend == "boogie" and not cflags.empty:
        raise click.UsageError("-I, -D, -U, -include, --std and --compile-commands are for "
                               "C input")
    if params["stubs"] and frontend == "boogie":
        raise click.UsageError("--stubs is for C input")
    if params["malloc_may_fail"] and frontend != "c":
        raise click.UsageError("--malloc-may-fail is a C front-end option (.c/.i with "
                               "--frontend c)")
    if params["extern_pure"] and frontend == "boogie":
        raise click.UsageError("--extern-pure is for C input (functions without a body)")
    frontend = check_property_flags(params, frontend)
    if params["portfolio"] and params["strategy"]:
        raise click.UsageError("--strategy and --portfolio both choose the strategy: use one")
    if params["jobs"] and not (params["portfolio"] or params["strategy"] in (None, "auto")):
        raise click.UsageError("--jobs is for a portfolio (--portfolio, or --strategy auto)")
    run = RunOptions.from_check(params, corral)
    dialect, data_model = _dialect(paths, frontend, params, cflags)
    try:                                # /timeLimit:S must obey --timeout's rule too
        run = dataclasses.replace(run, frontend=frontend, data_model=data_model,
                                  cflags=cflags.with_ms_extensions() if dialect.on else cflags,
                                  ms_extensions=dialect.on, ms_reason=dialect.reason,
                                  timeout=validate_seconds(run.timeout))
    except ValueError as e:
        raise click.UsageError(str(e)) from None
    if run.functions and run.entry:
        raise click.UsageError("--function and --entry both name the entry: use one")
    if params["show_properties"]:
        show_properties(paths, run)
    run = dataclasses.replace(run, rules=_rules_of(params["rules"], run))
    if dialect.note() and not run.quiet:       # (also with --json: stderr is not the JSON)
        click.echo(dialect.note(), err=True)
    if not run.json and not run.quiet:
        for note in run.notes:
            click.echo(note, err=True)
    guard = RunGuard(run.timeout, run.memlimit,
                     report=lambda reason, kind: _print_unknown(reason, kind, run.json,
                                                                started))
    if run.functions:               # each function a run of its own (pycorral/functions.py)
        from pycorral.functions import check_functions
        check_functions(paths, run, guard, _check_one, _with_cli_stats, _print_result,
                        lambda dest, text: _write_text(dest, text, "SARIF"))
    with guard:
        result, shown = _check_one(paths, run, guard)
    result = _with_cli_stats(result, started)
    if run.sarif:
        _write_sarif(result, paths, run.sarif)
    if run.sarif != "-":
        _print_result(result, shown, run)
    sys.exit(result.verdict.exit_code)


def _rules_of(specs: tuple[str, ...], run: RunOptions) -> tuple:
    """The rules of the --rules files (bad input: one line, exit 2)."""
    if run.rules_only and not specs:
        raise click.UsageError("--rules-only needs --rules FILE")
    if not specs:
        return ()
    if run.mode == "reach":
        raise click.UsageError("--rules checks assertions; --reach (/si) asks whether the "
                               "entry returns: use one")
    from boogie.errors import BoogieError
    from pycorral.rules import load_rules
    try:
        return load_rules(specs)
    except BoogieError as e:
        raise FileError(_diagnostic_line(e, specs[0])) from None


def _dialect(paths: list[str], frontend: str, params: dict[str, Any],
             cflags: Any) -> tuple[Any, str]:
    """The Microsoft C dialect of C input (--ms-extensions, --no-ms-extensions, else by the
    sources' spellings: frontend/msdialect.py) and the data model (--data-model, else ILP32
    for Microsoft C, else the host's)."""
    import frontend.msdialect as msdialect
    from frontend.load import host_data_model

    if params.get("ms_extensions") and frontend == "boogie":
        raise click.UsageError("--ms-extensions is for C input")
    dialect = msdialect.resolve(paths, params.get("ms_extensions"), cflags.search_dirs) \
        if frontend != "boogie" else msdialect.Dialect()
    return dialect, msdialect.default_data_model(dialect, params.get("data_model"),
                                                 host_data_model())


def _compiler_input(paths: list[str], params: dict[str, Any]) -> tuple[list[str], Any]:
    """The program's files (with --compile-commands and no FILE: the database's) and their
    compiler-style flags; bad flags exit 2 with one line."""
    from boogie.errors import BoogieError
    from pycorral.cc_options import build_flags, program_files

    try:
        paths = program_files(paths, params)
        for p in paths:
            _regular_file(p)
            if params.get("compile_commands") and not os.path.exists(p):
                raise FileError(f"{p}:1:1: error: cannot read file: No such file or "
                                "directory")
        return paths, build_flags(params, paths)
    except BoogieError as e:
        raise FileError(_diagnostic_line(e, paths[0] if paths else "")) from None


def _print_unknown(reason: str, kind: UnknownKind, as_json: bool, started: float) -> None:
    """The unknown verdict the run guard prints when it ends the run (with its figures)."""
    result = _with_cli_stats(Result(Verdict.UNKNOWN, reason, kind=kind), started)
    if as_json:
        from verifier.render import render_json
        print(render_json(result), flush=True)
    else:
        print(f"unknown: {reason}", flush=True)


def _use_color(requested: bool | None, as_json: bool) -> bool:
    if as_json:
        return False
    if requested is not None:
        return requested
    return sys.stdout.isatty() and "NO_COLOR" not in os.environ and \
        os.environ.get("TERM") != "dumb"


def _write_sarif(result: Result, paths: list[str], dest: str) -> None:
    from verifier.sarif import render_sarif

    text = render_sarif(result, paths, command_line=" ".join(["pycorral", *sys.argv[1:]]),
                        exit_code=result.verdict.exit_code)
    _write_text(dest, text, "SARIF")


def _write_text(dest: str, text: str, what: str) -> None:
    """`text` to file `dest` ('-': standard output)."""
    if dest == "-":
        click.echo(text)
        return
    write_or_exit(dest, text + "\n", what)


def _print_result(result: Result, shown: Shown, run: RunOptions) -> None:
    from verifier.render import render_human, render_json, verdict_line

    bound, strategy = shown
    color = _use_color(run.color, run.json)
    try:
        if run.json:
            text = render_json(result)
        else:
            text = render_human(result, bound=bound, strategy=strategy,
                                show_trace=run.trace, show_stats=run.stats,
                                trace_mode=run.trace_mode)
            if color:
                text = _colorize(text, result.verdict)
    except Exception as e:  # noqa: BLE001 - a rendering bug must not hide the verdict
        text = (f"{verdict_line(result, bound)}\n"
                f"(trace not shown: internal error while rendering: {type(e).__name__}: {e})")
    click.echo(text, color=color or None)


_VERDICT_COLORS = {Verdict.BUG: "red", Verdict.CORRECT: "green", Verdict.BOUNDED: "yellow",
                   Verdict.UNKNOWN: "magenta"}


def _colorize(text: str, verdict: Verdict) -> str:
    """The verdict line in the verdict's colour, the failing step in red, locations dim."""
    lines = text.split("\n")
    lines[0] = click.style(lines[0], fg=_VERDICT_COLORS[verdict], bold=True)
    for i, line in enumerate(lines[1:], 1):
        if "FAILS:" in line:
            lines[i] = click.style(line, fg="red", bold=True)
        elif line.startswith(("summary:", "stats:", "trace:")):
            lines[i] = click.style(line, dim=True)
    return "\n".join(lines)


@main.command("bpl", context_settings={"help_option_names": ["-h", "--help"]},
              epilog="""\b
Examples:
  pycorral bpl prog.bpl                    # parse and print (normalized)
  pycorral bpl prog.bpl --instrument       # after modifies inference and the pipeline
  pycorral bpl prog.bpl --typecheck-only   # just report errors (exit 2) or 'ok'
""")
@click.argument("args", nargs=-1, metavar="FILE.bpl [/CORRAL_FLAG...]")
@_common_verify_options
@click.option("--instrument", is_flag=True,
              help="Print the program after the verifier's passes (modifies inference, "
                   "assertion instrumentation, loop extraction).")
@click.option("--typecheck-only", is_flag=True, help="Only parse and type check.")
@click.option("--rules", "rules", multiple=True, metavar="FILE",
              help="Print the program with the typestate rules of FILE instrumented (as "
                   "check --rules checks it); repeatable.")
@click.option("--debug", is_flag=True, help="Show tracebacks of internal errors.")
def bpl_cmd(args, entry, reach, instrument, typecheck_only, rules, debug):
    """Print FILE.bpl as pycorral reads it (parse -> print), or with --instrument as the
    verifier sees it."""
    path, corral = _split_args(args)
    run = RunOptions.from_flags(corral, entry=entry, mode="reach" if reach else None)
    run = dataclasses.replace(run, rules=_rules_of(rules, run), quiet=True)
    try:
        text = _bpl_text(path, run, instrument=instrument,
                         typecheck_only=typecheck_only)
    except InputError as e:
        click.echo(str(e), err=True)
        sys.exit(EXIT_INPUT_ERROR)
    except Unsupported as e:
        click.echo(str(e), err=True)
        sys.exit(Verdict.UNKNOWN.exit_code)
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as e:  # noqa: BLE001
        if debug:
            traceback.print_exc()
        click.echo(f"unknown: internal error: {type(e).__name__}: {e}", err=True)
        sys.exit(Verdict.UNKNOWN.exit_code)
    click.echo(text, nl=not text.endswith("\n"))


def _bpl_text(path: str, run: RunOptions, *, instrument: bool, typecheck_only: bool) -> str:
    from boogie.printer import format_program

    prog = load_program(path, run.concat)
    if typecheck_only:
        check_program(prog, path)
        return f"{path}: ok"
    if not instrument and not run.rules:
        return format_program(prog)
    from boogie.passes.pipeline import prepare

    prog = check_program(prog, path)
    entry = find_entry(prog, run.entry, path)
    if run.rules:
        prog, entry, _ = _with_rules(prog, run, entry, path)
        if not instrument:
            return format_program(prog)
    from boogie.errors import BoogieError

    try:
        prepared = prepare(prog, entry, mode=run.mode or "assert", error_var=run.error_var)
    except BoogieError as e:
        raise InputError(_diagnostic_line(e, path)) from None
    return format_program(prepared.program)


@main.command("translate", cls=CompilerStyleCommand,
              context_settings={"help_option_names": ["-h", "--help"]},
              epilog="""\b
Examples:
  pycorral translate prog.c -o prog.bpl               # pycparser front end, int encoding
  pycorral translate prog.c --encoding bv --data-model LP64
  pycorral translate prog.c --frontend llvm           # via clang and LLVM IR
""")
@click.argument("paths", nargs=-1, metavar="FILE...")
@click.option("--entry", "--function", "entry", metavar="F",
              help="Entry C function (default main); another function gets a harness that "
                   "calls it with nondeterministic arguments, as check's --function.")
@_frontend_options
@compiler_options
@_stubs_option
@click.option("-o", "--output", type=click.Path(dir_okay=False), default=None,
              help="Write the Boogie program here (default: standard output).")
@click.option("--timeout", type=SECONDS, metavar="S",
              help="Wall-time limit in seconds (exit 20 when reached).")
@click.option("--memlimit", type=click.IntRange(min=64, max=10 ** 9), metavar="MB",
              help="Memory limit in MB of the run and its child processes (exit 20).")
@click.option("--debug", is_flag=True, help="Show tracebacks of internal errors.")
def translate_cmd(paths, entry, frontend, encoding, data_model, ms_extensions, stubs,
                  output, timeout, memlimit, debug, **cc):
    """Translate C (.c/.i) or LLVM IR (.ll/.bc) to a type-checked Boogie program."""
    from boogie.printer import format_program
    from verifier.deadline import DeadlineExceeded

    if not paths and not cc["compile_commands"]:
        raise click.UsageError("no input file")
    paths, cflags = _compiler_input(list(paths), cc)
    chosen = frontend_for(list(paths), frontend)
    if chosen == "boogie":
        raise click.UsageError("translate reads C or LLVM IR, not Boogie")
    dialect, data_model = _dialect(list(paths), chosen, {"ms_extensions": ms_extensions,
                                                         "data_model": data_model},
                                   cflags)
    if dialect.note():
        click.echo(dialect.note(), err=True)
    guard = RunGuard(timeout, memlimit,
                     report=lambda reason, _: click.echo(f"unknown: {reason}", err=True))
    try:
        with guard, guard.phase("the front end"), guard.interruptible():
            run = RunOptions(frontend=chosen, encoding=encoding, data_model=data_model,
                             entry=entry, cflags=cflags.with_ms_extensions() if dialect.on
                             else cflags, ms_extensions=dialect.on,
                             stubs=tuple(stubs))
            prog = load_with_door(list(paths), run.frontend_options()).program
            text = format_program(prog)
    except DeadlineExceeded as e:
        click.echo(f"unknown: {guard.timeout_reason(e.phase)}", err=True)
        sys.exit(Verdict.UNKNOWN.exit_code)
    except (InputError, Unsupported) as e:
        click.echo(str(e), err=True)
        sys.exit(EXIT_INPUT_ERROR if isinstance(e, InputError) else Verdict.UNKNOWN.exit_code)
    except (KeyboardInterrupt, SystemExit, click.UsageError):
        raise
    except BaseException as e:  # noqa: BLE001
        if debug:
            traceback.print_exc()
        click.echo(f"internal error: {type(e).__name__}: {e}", err=True)
        sys.exit(Verdict.UNKNOWN.exit_code)
    if output:
        write_or_exit(output, text, "the Boogie program")
    else:
        click.echo(text, nl=not text.endswith("\n"))


def entry() -> None:
    """The `pycorral` program: runs the command, then ends the process at once with its
    exit code (`limits.finish`), so that nothing after the verdict -- an interpreter
    teardown stuck in z3's destructors, a thread still running -- can keep it alive."""
    from pycorral.limits import mark_process_start

    mark_process_start()
    code: Any = 0
    try:
        main(standalone_mode=True)
    except SystemExit as e:
        code = e.code
    except KeyboardInterrupt:
        code = 130
    if code is None:
        code = 0
    elif not isinstance(code, int):
        click.echo(str(code), err=True)
        code = 1
    finish(code)


if __name__ == "__main__":  # `python -m pycorral.cli ...` (used by the benchmark runners)
    entry()
