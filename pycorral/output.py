"""Writing a file the user named on the command line (`translate -o`, `check --sarif`,
`svcomp --witness`): a place that cannot be written is bad input, reported as the one line
`FILE:1:1: error: cannot write WHAT: reason` on standard error, exit 2."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from verifier.result import EXIT_INPUT_ERROR


def write_or_exit(path: str, text: str, what: str) -> None:
    """Write `text` to `path`, or say why not and exit 2."""
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as e:
        click.echo(f"{path}:1:1: error: cannot write {what}: "
                   f"{e.strerror or type(e).__name__}", err=True)
        sys.exit(EXIT_INPUT_ERROR)
