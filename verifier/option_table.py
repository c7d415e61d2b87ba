"""The option table: how a run option is spelled on the command line and which component
reads it, declared once, on the `RunOptions` field itself.

Role: a `RunOptions` field (verifier/run_options.py) is declared with `opt(...)` instead of
a bare default.  Its dataclass metadata then holds an `OptionSpec`: the component view it
feeds (`view`: "verify" -> `VerifyOptions`, "frontend" -> `FrontendOptions`, "solver" ->
`SolverLimits`, None -> read by the command), how `RunOptions.from_check` reads it from the
command's parameters, and its command-line spelling (`Flag`: click's vocabulary as plain
data -- declarations, help, metavar, is_flag, multiple, default, choices, an integer range,
and symbolic types the command line resolves: "seconds", "file", "file_or_dash", callback
"strategy_list").  Everything else is derived from these declarations:
- the click options of `check` (and the shared ones of `bpl`, `translate`, `svcomp`):
  `pycorral/option_table.py`, in the fields' order (the order of `check --help`);
- `RunOptions.from_check`, the views `verify_options()` / `frontend_options()` and the
  `VERIFY_FIELDS` tuple: `view_fields`, `read_params` below.
Adding an option is then its declaration and the code that reads it (mypy's `options.py`
and `main.py`: flags and configuration from one list).

This module imports nothing from the project and no third-party library: the verifier
declares options without depending on the command line's library.
"""
from __future__ import annotations

from dataclasses import MISSING, dataclass, field, fields
from typing import Any, Callable, Mapping

VIEWS = ("verify", "frontend", "solver")
SPEC = "pycorral.option"             # the dataclass metadata key of a field's OptionSpec


@dataclass(frozen=True)
class Flag:
    """A field's command-line spelling: click's keywords as plain data."""
    decls: tuple[str, ...]                  # "--bound", "--unwind" (the first names it)
    param: str                              # the command's parameter name
    commands: tuple[str, ...]               # the commands that take it
    settings: tuple[tuple[str, Any], ...]   # help, metavar, is_flag, choices, min, ...

    def keywords(self) -> dict[str, Any]:
        return dict(self.settings)


@dataclass(frozen=True)
class OptionSpec:
    """What the table knows of one RunOptions field."""
    views: tuple[str, ...] = ()          # the component views it feeds (VIEWS)
    flag: Flag | None = None             # its own command-line option, if any
    read: bool = False                   # from_check reads it from a parameter ...
    param: str | None = None             # ... of this name (None: the field's)
    # the field's value from the parameter's (None: the parameter's value as it is; a
    # value of None is "not given", the Corral flag or the default holds)
    convert: Callable[[Any], Any] | None = None
    # the command-line options of a group declared elsewhere (compiler-style flags,
    # property checks) take this field's place on the command line; the field itself is
    # built from them by the command
    group: str | None = None


def opt(value: Any = MISSING, *decls: str, view: str | tuple[str, ...] = (),
        param: str | None = None, convert: Callable[[Any], Any] | None = None,
        derived: bool = False, group: str | None = None,
        commands: tuple[str, ...] = ("check",), default_factory: Any = MISSING,
        **click: Any) -> Any:
    """A RunOptions field: its default `value` (or `default_factory`), its command-line
    spellings `decls` (none: not an option of its own), the component view(s) it feeds,
    and click's keywords (help, metavar, is_flag, multiple, default, show_default, hidden,
    choices, min, max, type, callback).  `param`: the command's parameter name when it
    is not the field's; `convert`: the field's value from the parameter's; `derived`:
    `from_check` computes the field itself (from several parameters); `commands`: the
    commands whose click options include it (pycorral/option_table.py)."""
    views = (view,) if isinstance(view, str) else tuple(view)
    assert set(views) <= set(VIEWS), f"unknown view in {views}"
    assert not click or decls, "click keywords need a spelling"
    flag = Flag(tuple(decls), param or "", tuple(commands), tuple(click.items())) \
        if decls else None
    spec = OptionSpec(views=views, flag=flag, read=not derived and bool(decls or param),
                      param=param, convert=convert, group=group)
    kw: dict[str, Any] = {"metadata": {SPEC: spec}}
    if default_factory is not MISSING:
        kw["default_factory"] = default_factory
    else:
        kw["default"] = value
    return field(**kw)


def spec_of(f: Any) -> OptionSpec:
    """A dataclass field's OptionSpec (fields declared without `opt`: an empty one)."""
    return f.metadata.get(SPEC, OptionSpec())


def param_name(f: Any) -> str | None:
    """The command's parameter a field is read from (None: none)."""
    spec = spec_of(f)
    return (spec.param or f.name) if spec.read else None


def flag_of(f: Any) -> Flag | None:
    """A field's command-line option, its parameter name filled in."""
    spec = spec_of(f)
    if spec.flag is None:
        return None
    return Flag(spec.flag.decls, spec.flag.param or f.name, spec.flag.commands,
                spec.flag.settings)


def view_fields(cls: type, view: str) -> tuple[str, ...]:
    """The fields of `cls` that feed component view `view`, in declaration order."""
    assert view in VIEWS, view
    return tuple(f.name for f in fields(cls) if view in spec_of(f).views)


def read_params(cls: type, params: Mapping[str, Any]) -> dict[str, Any]:
    """The fields of `cls` read from a command's parameters (each converted; a parameter
    the command does not have is not given)."""
    out: dict[str, Any] = {}
    for f in fields(cls):
        name = param_name(f)
        if name is None or name not in params:
            continue
        spec = spec_of(f)
        value = params[name]
        out[f.name] = spec.convert(value) if spec.convert is not None else value
    return out
