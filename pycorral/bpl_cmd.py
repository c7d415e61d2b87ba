"""`pycorral bpl`: print a Boogie program as pycorral reads it, or as the verifier sees it.

Role: parse -> print (`--typecheck-only`: parse and type check; `--instrument`: after
modifies inference, the typestate rules and the verifier's preparation passes).  Bad input
is one line, exit 2; an unsupported construct or an internal error exit 20.  Loaded by the
command group when it is run (`_LazyGroup` in pycorral/cli.py).
"""
from __future__ import annotations

import dataclasses
import sys
import traceback

import click

from pycorral import cli
from pycorral.check_cmd import _rules_of
from pycorral.cli import InputError, Unsupported, _diagnostic_line, _split_args, find_entry
from pycorral.option_table import table_options
from verifier.result import EXIT_INPUT_ERROR, Verdict
from verifier.run_options import RunOptions


@click.command("bpl", context_settings={"help_option_names": ["-h", "--help"]},
              epilog="""\b
Examples:
  pycorral bpl prog.bpl                    # parse and print (normalized)
  pycorral bpl prog.bpl --instrument       # after modifies inference and the pipeline
  pycorral bpl prog.bpl --typecheck-only   # just report errors (exit 2) or 'ok'
""")
@click.argument("args", nargs=-1, metavar="FILE.bpl [/CORRAL_FLAG...]")
@table_options("bpl", "mode", "entry")
@click.option("--instrument", is_flag=True,
              help="Print the program after the verifier's passes (modifies inference, "
                   "assertion instrumentation, loop extraction).")
@click.option("--typecheck-only", is_flag=True, help="Only parse and type check.")
@click.option("--rules", "rules", multiple=True, metavar="FILE",
              help="Print the program with the typestate rules of FILE instrumented (as "
                   "check --rules checks it); repeatable.")
@table_options("bpl", "debug")
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

    prog = cli.load_program(path, run.concat)
    if typecheck_only:
        cli.check_program(prog, path)
        return f"{path}: ok"
    if not instrument and not run.rules:
        return format_program(prog)
    from boogie.passes.pipeline import prepare

    prog = cli.check_program(prog, path)
    entry = find_entry(prog, run.entry, path)
    if run.rules:
        prog, entry, _ = cli._with_rules(prog, run, entry, path)
        if not instrument:
            return format_program(prog)
    from boogie.errors import BoogieError

    try:
        prepared = prepare(prog, entry, mode=run.mode or "assert", error_var=run.error_var)
    except BoogieError as e:
        raise InputError(_diagnostic_line(e, path)) from None
    return format_program(prepared.program)
