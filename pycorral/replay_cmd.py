"""`pycorral replay`: run a C program natively on the inputs of a stored counterexample.

Role: the command-line face of `replay.native`.  The counterexample is a violation
witness (GraphML 1.0 or YAML 2.0, read by `svcomp.witness_read`) or the `--json` output of
`pycorral check` (a concurrent bug's trace runs its threads as the trace schedules them,
replay/threads.py).  Prints one line, `confirmed by execution: ...` or `not confirmed
by execution (<status>): ...`; with --json the outcome as one JSON object.
"""
from __future__ import annotations

import json
import os
import sys

import click

from pycorral.cc_options import CompilerStyleCommand, compiler_options
from pycorral.limits import SECONDS

from verifier.result import EXIT_INPUT_ERROR

REPLAY_EPILOG = """\b
Exit codes:
  0   confirmed: the native run reached the error
  1   not reached: the run ended without the error (a front-end or verifier defect)
  20  not replayable (the trace depends on inputs the harness cannot fix) or error
      (native compile failed, run timed out)
  2   bad input or usage
\b
Examples:
  pycorral check prog.c --json > r.json; pycorral replay prog.c --trace-json r.json
  pycorral check prog.c --function f --json > r.json
  pycorral replay prog.c --function f --trace-json r.json
  pycorral replay prog.c --witness witness.graphml --data-model LP64
"""

EXIT_BY_STATUS = {"confirmed": 0, "not_reached": 1, "not_replayable": 20, "error": 20}


def outcome_line(outcome) -> str:
    """The one-line summary printed by `replay` (and meant for `check`)."""
    if outcome.status == "confirmed":
        return f"confirmed by execution: {outcome.reason}"
    label = {"error": "replay error"}.get(outcome.status, outcome.status.replace("_", " "))
    return f"not confirmed by execution ({label}): {outcome.reason}"


def not_reached_reason(outcome) -> str:
    """The reason of the UNKNOWN verdict `check` gives a bug whose replay is not_reached:
    a defect of pycorral's -- unless the native run crashed on the way, when the program
    may have undefined behaviour on the trace's path that the checks run did not look for
    (the model lets an invalid access or a division by zero go on; the machine does not)."""
    if getattr(outcome, "crash", None):
        return ("the trace does not reach the error when the program runs natively: "
                f"{outcome.reason}; the program may have undefined behaviour on this path "
                "that this run does not check (--memory-safety, --div-by-zero-check and "
                "--signed-overflow-check do), or this is a front-end or verifier defect")
    return ("the trace does not reach the error when the program runs natively (a "
            f"front-end or verifier defect): {outcome.reason}")


def _fail(msg: str) -> None:
    click.echo(msg, err=True)
    sys.exit(EXIT_INPUT_ERROR)


def _inputs_from_witness(paths: list[str], witness: str):
    from replay.native import ReplayInputs
    from replay.harness import nondet_suffix
    from svcomp.witness_read import WitnessError, read_witness

    try:
        wp = read_witness(witness, paths)
    except WitnessError as e:
        _fail(f"{witness}:{e.line}:{e.col}: error: {e.message}")
    values, external = [], {}
    for i in wp.inputs:
        if i.function is None or nondet_suffix(i.function) is not None:
            values.append(i.value)
        else:
            external.setdefault(i.function, []).append(i.value)
    return ReplayInputs(tuple(values), {k: tuple(v) for k, v in external.items()},
                        expected_line=wp.target_line)


def _load_trace_json(path: str):
    from replay.trace_json import TraceJsonError, load_trace_json

    try:
        return load_trace_json(path)
    except OSError as e:
        _fail(f"{path}:1:1: error: cannot read file: {e.strerror or e}")
    except TraceJsonError as e:
        _fail(f"{path}:{e.line}:{e.col}: error: {e.message}")


def _inputs_from_trace_json(paths: list[str], path: str, entry=None):
    from replay.native import inputs_from_trace
    from replay.trace_json import TraceJsonError, load_trace_json

    try:
        trace = load_trace_json(path)
    except OSError as e:
        _fail(f"{path}:1:1: error: cannot read file: {e.strerror or e}")
    except TraceJsonError as e:
        _fail(f"{path}:{e.line}:{e.col}: error: {e.message}")
    return inputs_from_trace(paths, trace, entry)


@click.command("replay", epilog=REPLAY_EPILOG, cls=CompilerStyleCommand,
               context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("files", nargs=-1, metavar="FILE.c...")
@click.option("--witness", metavar="W", help="A violation witness (GraphML or YAML 2.0).")
@click.option("--trace-json", metavar="J", help="The output of `pycorral check --json`.")
@click.option("--data-model", type=click.Choice(["ILP32", "LP64"]), default=None,
              help="Compile for 32-bit (ILP32) or 64-bit (LP64) x86; default: the host's "
                   "(check's default) with --trace-json, ILP32 (SV-COMP's) with --witness.")
@click.option("--function", "entry", metavar="F",
              help="The trace is of `check --function F`: run F through the same harness.")
@click.option("--ms-extensions/--no-ms-extensions", "ms_extensions", default=None,
              help="Compile as Microsoft C (check's option; default: when a file uses a "
                   "Microsoft-only spelling).")
@compiler_options
@click.option("--timeout", type=SECONDS, default=10.0, show_default=True,
              metavar="S", help="Time limit of the native run in seconds.")
@click.option("--json", "as_json", is_flag=True, help="Print the outcome as one JSON object.")
@click.option("--show-output", is_flag=True, help="Also print the program's output.")
@click.option("--stubs", multiple=True, type=click.Path(dir_okay=False), metavar="FILE.c",
              help="The stub files the check used (check's --stubs): compiled in.")
def replay_cmd(files, witness, trace_json, data_model, entry, ms_extensions, timeout, as_json,
               show_output, stubs, **cc):
    """Compile the C program FILE.c... with a harness that makes each
    __VERIFIER_nondet_* call return the counterexample's next value, run it, and check
    that it reaches the error (reach_error or a failing assert) at the reported line.
    The compiler-style options (-I, -D, ...) are check's: give the same ones."""
    import frontend.msdialect as msdialect
    from boogie.errors import BoogieError, one_line
    from frontend.load import source_data_model, target_model
    from pycorral.cc_options import build_flags, preprocessed_reader, program_files
    from replay.build import entry_build
    from replay.native import announce_build, replay_inputs, toolchain
    from replay.threads import is_threaded_trace, replay_threads

    if (witness is None) == (trace_json is None):
        raise click.UsageError("give exactly one of --witness and --trace-json")
    if not files and not cc["compile_commands"]:
        raise click.UsageError("no input file")
    try:
        paths = program_files(list(files), cc)
        for p in paths:
            if not os.path.isfile(p):
                _fail(f"{p}:1:1: error: cannot read file: No such file or directory")
            if os.path.splitext(p)[1].lower() not in (".c", ".i"):
                raise click.UsageError(f"replay runs C programs (.c, .i), not {p}")
        cflags = build_flags(cc, paths)
        # the target's data model (an SV-COMP witness: ILP32 unless given)
        given = data_model or ("ILP32" if witness else None)
        data_model, _ = target_model(given, cflags.data_model,
                                     cflags.database or "<command line>",
                                     None if given or cflags.data_model
                                     else source_data_model(list(paths)))
        dialect = msdialect.resolve(list(paths), ms_extensions, cflags.search_dirs,
                                    preprocessed_reader(cflags, data_model))
        cflags = cflags.with_ms_extensions() if dialect.on else cflags
        build = entry_build(paths, data_model, cflags, entry, tuple(stubs))
    except BoogieError as e:
        _fail(one_line(e, files[0] if files else ""))
    threaded = trace_json is not None and is_threaded_trace(_load_trace_json(trace_json))
    inputs = (_inputs_from_witness(paths, witness) if witness
              else _inputs_from_trace_json(paths, trace_json, build.entry))
    toolchain(data_model, building=announce_build)      # a first use: says it builds
    if threaded:    # a concurrent bug's trace: the threads run as it schedules them
        outcome = replay_threads(paths, _load_trace_json(trace_json), data_model=data_model,
                                 timeout=timeout, cflags=cflags, entry=entry,
                                 stubs=tuple(stubs))
    else:
        outcome = replay_inputs(paths, inputs, data_model=data_model, timeout=timeout,
                                build=build)
    if as_json:
        click.echo(json.dumps({"status": outcome.status, "reason": outcome.reason,
                               "reached_line": outcome.reached_line,
                               "output": outcome.output}))
    else:
        click.echo(outcome_line(outcome))
        if show_output and outcome.output:
            click.echo(outcome.output.rstrip("\n"))
    sys.exit(EXIT_BY_STATUS[outcome.status])
