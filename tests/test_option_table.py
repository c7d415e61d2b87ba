"""The option table (verifier/option_table.py, pycorral/option_table.py): the click options
of `check` and the views of `RunOptions` come from the fields' declarations, so that the
command line, `from_check` and the component views cannot drift apart."""
from __future__ import annotations

from dataclasses import fields

from pycorral import cli
from verifier.option_table import flag_of, param_name, spec_of, view_fields
from verifier.run_options import FRONTEND_FIELDS, VERIFY_FIELDS, RunOptions


def _params(command: str) -> dict:
    return {p.name: p for p in cli.main.get_command(None, command).params}


def _from_command_line(*words: str) -> RunOptions:
    ctx = cli.main.get_command(None, "check").make_context("check", list(words))
    _, corral = cli._split_args(ctx.params["args"], several=True)
    return RunOptions.from_check(ctx.params, corral)


def test_check_defaults_are_the_run_options_defaults():
    """No option given: the run options are RunOptions' defaults (the click default of
    each option and its field's default agree)."""
    assert _from_command_line("p.bpl") == RunOptions()


def test_every_declared_option_is_a_parameter_of_its_commands():
    for f in fields(RunOptions):
        flag = flag_of(f)
        if flag is None:
            continue
        for command in flag.commands:
            params = _params(command)
            assert flag.param in params, (command, f.name)
            assert set(params[flag.param].opts + params[flag.param].secondary_opts) == \
                {d for decl in flag.decls for d in decl.split("/")}, (command, f.name)


def test_from_check_reads_only_parameters_of_check():
    """A field read from a parameter names one `check` has (or one a group adds)."""
    check = _params("check")
    for f in fields(RunOptions):
        name = param_name(f)
        assert name is None or name in check, f.name


def test_check_parameters_are_declared_or_belong_to_a_group():
    """Every parameter of `check` is a field's option or comes from a group the table
    places (compiler-style flags, property flags) -- or is the arguments."""
    declared = {flag_of(f).param for f in fields(RunOptions) if flag_of(f) is not None}
    read = {param_name(f) for f in fields(RunOptions)} - {None}
    rest = set(_params("check")) - declared - read - {"args", "show_properties"}
    assert all(p.startswith("c_") or p == "compile_commands" or p.endswith("_check")
               or p == "memory_safety" for p in rest), rest


def test_views_are_derived_from_the_declarations():
    assert VERIFY_FIELDS == view_fields(RunOptions, "verify")
    assert FRONTEND_FIELDS == view_fields(RunOptions, "frontend")
    assert "entry" in VERIFY_FIELDS and "entry" in FRONTEND_FIELDS   # both views
    assert "memlimit" not in VERIFY_FIELDS + FRONTEND_FIELDS         # the command's
    assert spec_of(next(f for f in fields(RunOptions) if f.name == "cflags")).group == \
        "compiler"


def test_shared_options_have_one_spelling_and_help():
    """`translate`, `bpl` and `svcomp` take some of check's options from the same table:
    the same spelling and help text."""
    check = _params("check")
    for command, names in (("translate", ("frontend", "encoding", "data_model",
                                          "ms_extensions", "stubs", "debug")),
                           ("bpl", ("reach", "entry", "debug")),
                           ("svcomp", ("jobs", "debug"))):
        params = _params(command)
        for name in names:
            assert params[name].help == check[name].help, (command, name)
            assert params[name].opts == check[name].opts, (command, name)
