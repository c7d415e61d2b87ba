"""`pycorral translate`: C (.c/.i) or LLVM IR (.ll/.bc) to a type-checked Boogie program.

Role: the front end alone, through the one door (`frontend.load`), under the run guard
(--timeout, --memlimit): the Boogie program on standard output or in a file.  Bad input is
one line, exit 2; an unsupported construct, the time limit or an internal error exit 20.
Loaded by the command group when it is run (`_LazyGroup` in pycorral/cli.py).
"""
from __future__ import annotations

import sys
import traceback

import click

from pycorral.cc_options import CompilerStyleCommand, compiler_options
from pycorral.check_cmd import _compiler_input, _dialect
from pycorral.cli import InputError, Unsupported, frontend_for, load_with_door
from pycorral.limits import SECONDS, RunGuard
from pycorral.option_table import table_options
from pycorral.output import write_or_exit
from verifier.result import EXIT_INPUT_ERROR, Verdict
from verifier.run_options import RunOptions


@click.command("translate", cls=CompilerStyleCommand,
              context_settings={"help_option_names": ["-h", "--help"]},
              epilog="""\b
Examples:
  pycorral translate prog.c -o prog.bpl               # pycparser front end, auto encoding
  pycorral translate prog.c --encoding bv --data-model LP64
  pycorral translate prog.c --frontend llvm           # via clang and LLVM IR
""")
@click.argument("paths", nargs=-1, metavar="FILE...")
@click.option("--entry", "--function", "entry", metavar="F",
              help="Entry C function (default main); another function gets a harness that "
                   "calls it with nondeterministic arguments, as check's --function.")
@table_options("translate", "frontend", "encoding", "data_model", "ms_extensions")
@compiler_options
@table_options("translate", "stubs")
@click.option("-o", "--output", type=click.Path(dir_okay=False), default=None,
              help="Write the Boogie program here (default: standard output).")
@click.option("--timeout", type=SECONDS, metavar="S",
              help="Wall-time limit in seconds (exit 20 when reached).")
@click.option("--memlimit", type=click.IntRange(min=64, max=10 ** 9), metavar="MB",
              help="Memory limit in MB of the run and its child processes (exit 20).")
@table_options("translate", "debug")
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
    dialect, data_model, model_note = _dialect(list(paths), chosen,
                                               {"ms_extensions": ms_extensions,
                                                "data_model": data_model}, cflags)
    for line in (dialect.note(), model_note):
        if line:
            click.echo(line, err=True)
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
        _encoding_note(prog)
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


def _encoding_note(prog) -> None:
    """check's note when `--encoding auto` chose bit-vectors (the program's entry says
    so too: `{:encoding "bv", "why"}`, frontend/encoding_choice.py)."""
    import frontend.encoding_choice as encoding_choice

    entry = next((d.name for d in prog.procedures().values()
                  if any(a.name == "entrypoint" for a in d.attrs)), None)
    made = encoding_choice.chosen(prog, entry) if entry is not None else None
    line = encoding_choice.note(*made) if made is not None else None
    if line is not None:
        click.echo(line, err=True)
