"""`pycorral check`'s property flags (CBMC's spellings) and `--show-properties`.

Role: the click options that build `frontend.properties.PropertyChecks` (through
`RunOptions.from_check`; the option table places them where `RunOptions.checks` is declared,
pycorral/option_table.py), the usage check that they are for C or LLVM input, and the
listing of every instrumented check (id, kind, location, message) without verifying.
"""
from __future__ import annotations

import json
import sys
from typing import Any

import click

_FLAGS = (
    ("--memory-safety", "All memory checks: --bounds-check, --pointer-check and "
                        "--memory-leak-check (SMACK's --check=memory-safety)."),
    ("--bounds-check", "Check that every memory access stays inside its object."),
    ("--pointer-check", "Check that no access goes through NULL or into freed or dead "
                        "memory, and that free gets the start of a live heap object."),
    ("--memory-leak-check", "Check that no heap memory is still allocated at the end of "
                            "main."),
    ("--memory-cleanup-check", "Check that no heap memory is still allocated when the "
                               "program terminates: main returns or exit() is called "
                               "(SV-COMP's valid-memcleanup)."),
    ("--signed-overflow-check", "Check signed + - * / %, negation and << for overflow, "
                                "and shifts for undefined amounts."),
    ("--div-by-zero-check", "Check integer / and % for a zero divisor."),
    ("--float-div-by-zero-check", "Check floating-point / for a zero divisor (IEEE "
                                  "gives an infinity or NaN; CBMC's flag of that name)."),
    ("--unsigned-overflow-check", "Check unsigned + - * and unary - for wrap-around (off by "
                                  "default: defined in C)."),
    ("--conversion-check", "Check implicit integer conversions for values that change (to "
                           "a narrower type or across signedness; explicit casts are not "
                           "checked)."),
)


def property_options(f):
    """The property flags and --show-properties, as click options of `check`."""
    f = click.option("--show-properties", is_flag=True,
                     help="List every instrumented check (id, kind, location) and exit.")(f)
    f = click.option("--all-properties", is_flag=True,
                     help="Report every failing property, not just the first: after a "
                          "failure its assertion is assumed and the search goes on; ends "
                          "with a table of every property (the checks and the program's "
                          "own assertions): FAILURE, SUCCESS (proved) or UNKNOWN.")(f)
    for flag, text in reversed(_FLAGS):
        f = click.option(flag, is_flag=True, help=text)(f)
    return f


def check_property_flags(params: dict[str, Any], frontend: str) -> str:
    """Usage errors: property checks are instrumented by the C and LLVM front ends.
    Returns the front end to use."""
    from frontend.properties import checks_from_params
    checks = checks_from_params(params)
    listing = params.get("show_properties") and not params.get("all_properties")
    if frontend == "boogie" and (checks.any or listing):
        raise click.UsageError("property checks (--memory-safety, --*-check, "
                               "--show-properties) are for C or LLVM input")
    if params.get("all_properties") and (params.get("reach") or params.get("functions")):
        raise click.UsageError("--all-properties reports the assertions of one run: not "
                               "with --reach or --function")
    return frontend


def show_properties(paths: list[str], run: Any) -> None:
    """Print the checks the front end instruments in `paths` and exit (0; bad input 2,
    an unsupported construct 20 with the reason)."""
    from frontend.load import BadInput, LoadError, load
    from frontend.properties import property_sites

    try:
        prog = load(paths, run.frontend_options()).program
    except BadInput as e:
        click.echo(e.line, err=True)
        sys.exit(2)
    except LoadError as e:
        click.echo(f"unknown: {e.line}", err=True)
        sys.exit(20)
    if run.all_properties:          # the program's own assertions are properties too
        from frontend.properties import number_assertions
        prog = number_assertions(prog)
    sites = property_sites(prog)
    if run.json:
        click.echo(json.dumps({"properties": [s.to_json() for s in sites]}, indent=2))
    else:
        for s in sites:
            click.echo(f"[{s.id}] {s.kind}: {s.message}  {s.file}:{s.line}:{s.col}")
        click.echo(f"{len(sites)} propert{'y' if len(sites) == 1 else 'ies'}")
    sys.exit(0)
