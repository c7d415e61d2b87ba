"""The command line's door to the front ends: input checks and the one-line exceptions.

Role: what every command that reads a program needs before the engine -- the front end
chosen by the files' extension (`frontend_for`), the one door `frontend.load` with the
command line's exceptions (`load_with_door`: bad input raises `InputError`, a construct
not modelled raises `Unsupported`), the entry procedure (`find_entry`) -- so that the run
pipeline (`pycorral/run.py`) and the commands (`pycorral/cli.py`) share them without
importing each other.
"""
from __future__ import annotations

import os
from typing import Any

import click

from boogie.errors import BadInput, Unsupported as NotModelled
from verifier.result import EXIT_INPUT_ERROR


class InputError(BadInput):
    """Bad user input, already formatted as one `file:line:col: error: message` line."""


class FileError(click.ClickException):
    """Bad input raised before a command's own error handling: printed as the one line
    `file:line:col: error: message` (not click's usage block), exit 2."""

    exit_code = EXIT_INPUT_ERROR

    def show(self, file=None) -> None:
        click.echo(self.message, err=True)


def diagnostic_line(err: Exception, path: str) -> str:
    from boogie.errors import one_line
    return one_line(err, path)


C_EXTENSIONS = (".c", ".i")
LLVM_EXTENSIONS = (".ll", ".bc")


class Unsupported(NotModelled):
    """The input uses a construct a front end does not model: the verdict is UNKNOWN
    (never a guess); the message is the one-line diagnostic naming the construct."""


def frontend_for(paths: list[str], requested: str | None) -> str:
    """boogie, c or llvm: chosen by the files' extension unless --frontend says otherwise."""
    from frontend.load import BadInput, choose_frontend

    for p in paths:
        regular_file(p)
    exts = {os.path.splitext(p)[1].lower() for p in paths}
    try:
        chosen = choose_frontend(paths, requested or "auto")
    except BadInput as e:
        raise FileError(e.line) from None
    if chosen == "boogie" and len(paths) != 1:
        raise click.UsageError("a Boogie check takes one .bpl file (use /concat:F to add more)")
    if chosen == "c" and not exts <= set(C_EXTENSIONS):
        raise click.UsageError("the C front end reads .c and .i files (use --frontend llvm "
                               "for .ll/.bc)")
    return chosen


def regular_file(path: str) -> None:
    """An input must be a regular file: a device or a pipe (`/dev/zero`) would be read
    without end."""
    if os.path.exists(path) and not os.path.isfile(path):
        what = "a folder" if os.path.isdir(path) else "not a regular file"
        raise FileError(f"{path}:1:1: error: cannot read: {what}")


def load_with_door(paths: list[str], opts: Any) -> Any:
    """`frontend.load` (the one door) with the CLI's exceptions: bad input raises
    InputError, an unsupported construct raises Unsupported.  `opts` is a
    `frontend.load.FrontendOptions` (a RunOptions view).  Returns a LoadedProgram."""
    from frontend.load import BadInput, load
    from frontend.load import Unsupported as FrontendUnsupported

    try:
        return load(list(paths), opts)
    except FrontendUnsupported as e:
        raise Unsupported(e.line) from None
    except BadInput as e:
        raise InputError(e.line) from None


def find_entry(prog: Any, requested: str | None, path: str) -> str:
    """The entry procedure: the one asked for, else the unique `{:entrypoint}`, else `main`
    (the pipeline's rule), with a one-line diagnostic when there is none."""
    from boogie.errors import BoogieError
    from boogie.passes.pipeline import find_entry as pipeline_entry

    try:
        return pipeline_entry(prog, requested)
    except BoogieError as e:
        raise InputError(diagnostic_line(e, path)) from None
