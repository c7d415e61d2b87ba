"""The compiler-style options of `pycorral check` and `translate`: -I, -D, -U, -include,
--std and --compile-commands.

Role: the command line's side of frontend/cflags.py.  `compiler_options` adds the click
options (in `check`, where the option table declares `RunOptions.cflags`); `CompilerStyleCommand` remembers the order in which -D and -U were given (gcc
applies them in command-line order, click collects each option's values apart);
`build_flags` turns the parsed values into the `BuildFlags` of the program's files, reading
the compilation database when one is given.  Bad input (a missing include folder, a macro
name that is not an identifier, an unknown --std, a database that cannot be read or has no
entry for a given file) raises `BoogieError`, which the commands print as one line and
exit 2.
"""
from __future__ import annotations

from typing import Any, Mapping

import click

from frontend.cflags import BuildFlags, CFlags, build_flags as _build, database_files

_ORDER_KEY = "pycorral.param_order"


class CompilerStyleCommand(click.Command):
    """A click command that records the order of its option occurrences (for -D/-U)."""

    def make_parser(self, ctx: click.Context):
        parser = super().make_parser(ctx)
        parse = parser.parse_args

        def parse_args(args):
            opts, largs, order = parse(args=args)
            ctx.meta[_ORDER_KEY] = [p.name for p in order]
            return opts, largs, order

        parser.parse_args = parse_args          # type: ignore[method-assign]
        return parser


def compiler_options(f):
    """-I, -D, -U, -include, --std and --compile-commands (applied in reverse: click lists
    options in the order of the decorators)."""
    f = click.option("--compile-commands", "compile_commands", metavar="FILE",
                     type=click.Path(dir_okay=False),
                     help="Take each C file's -I/-D/-U/-include/-std from the build's "
                          "compilation database (compile_commands.json: `arguments` or "
                          "`command`, relative to `directory`); a FILE not in it is an "
                          "error; without FILE, every C file of the database is checked "
                          "as one program.")(f)
    f = click.option("--std", "-std", "c_std", metavar="STD",
                     help="C standard for the preprocessor and compilers (c99, c11, gnu11, "
                          "c17, ...; default gnu11).")(f)
    f = click.option("-include", "c_includes", multiple=True, metavar="FILE",
                     help="Include FILE before the first line of each C file "
                          "(repeatable).")(f)
    f = click.option("-U", "c_undefines", multiple=True, metavar="NAME",
                     help="Undefine macro NAME (repeatable; -D and -U apply in command-line "
                          "order).")(f)
    f = click.option("-D", "c_defines", multiple=True, metavar="NAME[=V]",
                     help="Define macro NAME (as 1, or as V) for every C file "
                          "(repeatable).")(f)
    f = click.option("-I", "c_include_dirs", multiple=True, metavar="DIR",
                     help="Search DIR for #include files, before pycorral's own headers "
                          "(repeatable).")(f)
    return f


def macros_in_order(params: Mapping[str, Any]) -> list[tuple[str, str]]:
    """("D", "NAME[=V]") and ("U", "NAME") in command-line order (the order recorded by
    CompilerStyleCommand; without it, every -D before every -U)."""
    defines = list(params.get("c_defines") or ())
    undefines = list(params.get("c_undefines") or ())
    ctx = click.get_current_context(silent=True)
    order = ctx.meta.get(_ORDER_KEY) if ctx is not None else None
    if not order:
        return [("D", d) for d in defines] + [("U", u) for u in undefines]
    out: list[tuple[str, str]] = []
    for name in order:
        if name == "c_defines" and defines:
            out.append(("D", defines.pop(0)))
        elif name == "c_undefines" and undefines:
            out.append(("U", undefines.pop(0)))
    return out + [("D", d) for d in defines] + [("U", u) for u in undefines]


def command_line_flags(params: Mapping[str, Any]) -> CFlags:
    """The flags given on the command line (BoogieError on bad ones)."""
    return CFlags.from_options(params.get("c_include_dirs") or (), macros_in_order(params),
                               params.get("c_includes") or (), params.get("c_std"))


def program_files(given: list[str], params: Mapping[str, Any]) -> list[str]:
    """The files of the program: those given, else (with --compile-commands) every C file
    of the database."""
    db = params.get("compile_commands")
    if given or not db:
        return given
    return database_files(db)


def build_flags(params: Mapping[str, Any], paths: list[str]) -> BuildFlags:
    """The BuildFlags of `paths` from the parsed options (BoogieError on bad input)."""
    return _build(command_line_flags(params), paths, params.get("compile_commands"))


def preprocessed_reader(cflags: Any, data_model: str | None):
    """What the Microsoft C switch reads of a C file: its text after the preprocessor,
    with the program's own flags (frontend/c/compiler.py `dialect_text`)."""
    from frontend.c.compiler import dialect_text
    from frontend.load import host_data_model

    return lambda path: dialect_text(path, cflags.for_file(path),
                                     data_model or host_data_model())
