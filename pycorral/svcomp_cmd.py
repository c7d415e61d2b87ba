"""`pycorral svcomp`: answer an SV-COMP verification task, optionally writing a witness.

Role: the command-line face of `svcomp.svcomp_mode`.  Reads either a task definition
(`TASK.yml`: input files, property and data model from the task) or C files with
`--property FILE.prp`, runs the SV-COMP strategy, prints the attempts made, and ends with
exactly one line `Result: TRUE`, `Result: FALSE(unreach-call)` or `Result: UNKNOWN (reason)`.
Exit codes: 0 TRUE/FALSE, 20 UNKNOWN, 2 bad input.  Registered in `pycorral/cli.py` with
`main.add_command(svcomp_cmd)`.
"""
from __future__ import annotations

import os
import sys
import traceback

import click

import frontend.msdialect as msdialect
from frontend.cflags import BuildFlags
from pycorral.cc_options import preprocessed_reader
from pycorral.limits import SECONDS, RunGuard
from pycorral.option_table import table_options
from pycorral.output import write_or_exit
from pycorral.portfolio_options import portfolio_names
from verifier.run_options import member_memory
from svcomp.svcomp_mode import (SVCOMP_PORTFOLIO, SvcompInputError, SvcompOptions,
                                run_svcomp, unknown, witness_text)
from svcomp.task import TaskError, read_property, read_task, select_property
from verifier.deadline import DeadlineExceeded
from verifier.crash import crash_kind_and_reason
from verifier.result import UnknownKind

EXIT_INPUT_ERROR = 2
EXIT_UNKNOWN = 20

SVCOMP_EPILOG = """\b
Exit codes:
  0   TRUE or FALSE (the answer is on the last line)
  20  UNKNOWN (timeout, unsupported property or construct, bound exhausted)
  2   bad input or usage
\b
Strategy: C front end (pycparser), then the LLVM front end if the C one rejects the program;
integer encoding first, bitvectors when a bug rests on an over-approximated operation;
bounds 1, 2, 4, 8, ... within --timeout.  TRUE only with a proof for every bound.
\b
Examples:
  pycorral svcomp task.yml --witness witness.graphml
  pycorral svcomp --property unreach-call.prp --data-model LP64 prog.c
  pycorral svcomp task.yml --witness w.yml --witness-format yaml --timeout 60
"""


def _fail_input(message: str) -> None:
    click.echo(message, err=True)
    sys.exit(EXIT_INPUT_ERROR)


def _resolve(files: tuple[str, ...], property_file: str | None, data_model: str | None):
    """(paths, Property, data model) from a task file or from C files and --property."""
    if len(files) == 1 and files[0].endswith((".yml", ".yaml")):
        task = read_task(files[0])
        prop = select_property(task, property_file)
        if task.language != "C":
            prop = type(prop)(f"language {task.language}", prop.text, prop.path)
        return list(task.input_files), prop, data_model or task.data_model
    if any(f.endswith((".yml", ".yaml")) for f in files):
        raise click.UsageError("give one task file (.yml) or the program's files")
    if property_file is None:
        raise click.UsageError("--property FILE.prp is required unless a task .yml is given")
    return list(files), read_property(property_file), data_model or "ILP32"


@click.command("svcomp", epilog=SVCOMP_EPILOG,
               context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("files", nargs=-1, required=True, metavar="TASK.yml | FILE...")
@click.option("--property", "property_file", metavar="FILE.prp",
              help="The property file (required with C files; overrides a task's choice).")
@click.option("--data-model", type=click.Choice(["ILP32", "LP64"]), default=None,
              help="C data model (default: the task's, else ILP32).")
@click.option("--timeout", type=SECONDS, default=900.0, show_default=True,
              metavar="S", help="Wall-time limit of the whole run in seconds, every phase "
                                "and child process included.")
@click.option("--memlimit", type=click.IntRange(min=64, max=10 ** 9), metavar="MB",
              help="Memory limit in MB of the run and its child processes; reaching it "
                   "gives UNKNOWN.")
@click.option("--max-bound", type=click.IntRange(min=1), default=1024, show_default=True,
              help="Stop deepening at this bound (answer UNKNOWN).")
@click.option("--frontend", type=click.Choice(["auto", "c", "llvm"]), default="auto",
              show_default=True, help="auto: C front end, then LLVM if C rejects the program.")
@click.option("--encoding", type=click.Choice(["auto", "int", "bv"]), default="auto",
              show_default=True, help="auto: integers, then bitvectors when needed.")
@click.option("--malloc-may-fail", is_flag=True, default=False,
              help="C front end: malloc/realloc may return NULL (default: allocation "
                   "succeeds, SV-COMP's rule), as in 'pycorral check'.")
@click.option("--entry", metavar="F", default=None,
              help="Entry C function (default: the property's init(F()), else main).")
@click.option("--witness", "witness_path", type=click.Path(dir_okay=False), default=None,
              help="Write the witness of a TRUE/FALSE answer here.")
@click.option("--witness-format", type=click.Choice(["graphml", "yaml"]), default="graphml",
              show_default=True, help="GraphML (format 1.0) or YAML (format 2.0; violation "
                                      "witnesses only).")
@click.option("--portfolio", callback=portfolio_names, metavar="S1,S2,...",
              help="The members run side by side: an inlining strategy (si, legion, static) "
                   "is a bug search deepening the bound, chc the prover; the first TRUE or "
                   f"FALSE wins (default: {','.join(SVCOMP_PORTFOLIO)}).")
@table_options("svcomp", "jobs", "debug")    # check's, from the option table
def svcomp_cmd(files, property_file, data_model, timeout, memlimit, max_bound, frontend,
               encoding, malloc_may_fail, entry, witness_path, witness_format, portfolio,
               jobs, debug):
    """Answer an SV-COMP task: TRUE, FALSE(unreach-call) or UNKNOWN on the last line."""
    try:
        paths, prop, model = _resolve(tuple(files), property_file, data_model)
    except TaskError as e:
        _fail_input(str(e))
    if witness_path:                    # a place we cannot write to: say so before the run
        folder = os.path.dirname(os.path.abspath(witness_path))
        if not os.path.isdir(folder):
            _fail_input(f"{witness_path}:1:1: error: cannot write the witness: no folder "
                        f"{folder}")
    guard = RunGuard(timeout, memlimit,
                     report=lambda reason, _: print(f"Result: UNKNOWN ({reason})", flush=True),
                     exit_code=EXIT_UNKNOWN)
    with guard:
        # the strategy's own clock stops a little before the guard's, keeping its attempts
        # Microsoft C (frontend/msdialect.py) by the sources' spellings; the data model
        # stays the task's
        ms = msdialect.resolve(paths, None, preprocessed=preprocessed_reader(BuildFlags(),
                                                                       model)).on
        # (the engine's shares of the run come from --timeout as given: work_budget)
        opts = SvcompOptions(data_model=model, timeout=timeout,
                             work_budget=timeout, max_bound=max_bound, frontend=frontend,
                             encoding=encoding, malloc_may_fail=malloc_may_fail, entry=entry,
                             memlimit=memlimit, debug=debug, ms_extensions=ms,
                             portfolio=portfolio or SVCOMP_PORTFOLIO, jobs=jobs,
                             member_memory_mb=member_memory(
                                 memlimit, portfolio or SVCOMP_PORTFOLIO, jobs),
                             cflags=BuildFlags().with_ms_extensions() if ms else BuildFlags())
        try:
            with guard.phase("translation and search"), guard.interruptible():
                answer = run_svcomp(paths, prop, opts, guard.deadline)
        except SvcompInputError as e:
            guard.stop()
            _fail_input(str(e))
        except (KeyboardInterrupt, SystemExit):
            raise
        except DeadlineExceeded as e:
            answer = unknown(guard.timeout_reason(e.phase), prop, UnknownKind.TIMEOUT)
        except BaseException as e:  # noqa: BLE001 - never a traceback, never TRUE
            if debug:
                traceback.print_exc()
            kind, reason = crash_kind_and_reason(e)
            answer = unknown(reason, prop, kind)
    for a in answer.attempts:
        what = a.strategy or ("front end" if a.bound == 0 else f"bound {a.bound}")
        detail = f": {a.reason}" if a.reason else ""
        click.echo(f"[{a.frontend}/{a.encoding}] {what}: {a.outcome}{detail} "
                   f"({a.seconds:.2f}s)")
    if answer.stats.portfolio:
        click.echo("[portfolio] " + "; ".join(f"{k}: {v}" for k, v in answer.stats.portfolio))
    if witness_path:
        _write_witness(answer, paths, prop, model, witness_format, witness_path, debug)
    click.echo(answer.result_line())
    sys.exit(answer.exit_code)


def _write_witness(answer, paths, prop, model, fmt, out, debug) -> None:
    try:
        text = witness_text(answer, paths, prop, model, fmt)
    except Exception as e:  # noqa: BLE001 - a witness bug must not hide the answer
        if debug:
            traceback.print_exc()
        click.echo(f"witness not written: internal error: {type(e).__name__}: {e}")
        return
    if text is None:
        if answer.status != "UNKNOWN":
            click.echo(f"witness not written: no {fmt} witness for {answer.status}")
        return
    write_or_exit(out, text, "the witness")
    click.echo(f"witness written to {out}")
