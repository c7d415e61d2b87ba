"""`pycorral check`: look for a bug in a program (Boogie, C, LLVM IR) and print the verdict.

Role: the command's adapter onto the run pipeline (`run_check` and `_check_one` of
pycorral/cli.py): its options (generated from the option table, `RunOptions`' declarations:
pycorral/option_table.py), the usage errors that need no work, the run options built once
(`RunOptions.from_check`), the run guard, and the result printed (human, JSON, SARIF),
coloured on a terminal.  Loaded by the command group when it is run (`_LazyGroup`).
"""
from __future__ import annotations

import dataclasses
import os
import sys
import time
from typing import Any

import click

from pycorral.cc_options import CompilerStyleCommand
from pycorral.cli import (EXIT_CODES_HELP, FileError, Shown, _check_one, _diagnostic_line,
                          _regular_file, _split_args, _with_cli_stats, frontend_for)
from pycorral.limits import RunGuard, validate_seconds
from pycorral.option_table import table_options
from pycorral.output import write_or_exit
from pycorral.property_options import check_property_flags, show_properties
from verifier.result import Result, UnknownKind, Verdict
from verifier.run_options import RunOptions

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


@click.command("check", epilog=CHECK_EPILOG, cls=CompilerStyleCommand,
              context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("args", nargs=-1, metavar="FILE... [/CORRAL_FLAG...]")
@table_options("check")
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
    dialect, data_model, model_note = _dialect(paths, frontend, params, cflags)
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
    for line in (dialect.note(), model_note):
        if line and not run.quiet:          # (also with --json: stderr is not the JSON)
            click.echo(line, err=True)
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
             cflags: Any) -> tuple[Any, str, str | None]:
    """The Microsoft C dialect of C input (--ms-extensions, --no-ms-extensions, else by the
    sources' spellings: frontend/msdialect.py) and the data model: the target's
    (--data-model, else the one the build's -m32/-m64/--target names, else the one the
    program's own size_t typedef fixes, else the host's: frontend/load.py
    `target_model`), never the dialect's; and the note that says when the program's text
    chose it."""
    import frontend.msdialect as msdialect
    from boogie.errors import BoogieError
    from frontend.load import source_data_model, target_model
    from pycorral.cc_options import preprocessed_reader

    if params.get("ms_extensions") and frontend == "boogie":
        raise click.UsageError("--ms-extensions is for C input")
    try:
        own = None if params.get("data_model") or cflags.data_model or frontend == "boogie" \
            else source_data_model(paths)
        model, source = target_model(params.get("data_model"), cflags.data_model,
                                     cflags.database or "<command line>", own)
    except BoogieError as e:
        raise FileError(_diagnostic_line(e, paths[0] if paths else "")) from None
    dialect = msdialect.resolve(paths, params.get("ms_extensions"), cflags.search_dirs,
                                preprocessed_reader(cflags, model)) \
        if frontend != "boogie" else msdialect.Dialect()
    if dialect.on and source == "host":
        dialect = dataclasses.replace(dialect, host_model=model)
    note = None if source != "source" else \
        f"note: data model {model}, the one the program's own size_t typedef is for " \
        f"({own[1]}); --data-model chooses another"
    return dialect, model, note


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
        from verifier.report.render import render_json
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
    from verifier.report.sarif import render_sarif

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
    from verifier.report.render import render_human, render_json, verdict_line

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
                   Verdict.UNKNOWN: "magenta", Verdict.POSSIBLE_BUG: "cyan"}


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
