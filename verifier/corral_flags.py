"""Corral's command-line flags, mapped onto our options.

Role: lets Corral users (and the Corral regression suite, whose `config` files list Corral
flags) run pycorral unchanged.  Input: a list of arguments such as `/main:P`,
`/recursionBound:3`; output: a `CorralFlags` value holding the `VerifyOptions` fields those
flags set, the notes for flags accepted but without effect on the verdict, the extra files of
`/concat:`, and the arguments that are not flags (file names).  Unknown `/x` flags raise
`CorralFlagError` (a usage error).

Flag names are matched case-insensitively (Corral users write `/recursionbound:2` too).
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any, Callable


class CorralFlagError(ValueError):
    """A `/flag` we do not know, or a known flag with a malformed value."""


@dataclass(frozen=True, slots=True)
class CorralFlags:
    options: dict[str, Any]          # VerifyOptions field -> value
    notes: tuple[str, ...] = ()      # one line per accepted flag that changes nothing
    concat: tuple[str, ...] = ()     # extra files to read with the main one (`/concat:f.bpl`)
    leftovers: tuple[str, ...] = ()  # arguments that are not Corral flags (files)


def _int(flag: str, value: str | None) -> int:
    """A count (bounds, depths): a whole number from 0 to 10^6."""
    text = (value or "").strip()
    if not text.isdigit() or len(text) > 7 or int(text) > 10 ** 6:
        raise CorralFlagError(f"flag /{flag} needs a whole number from 0 to 1000000, "
                              f"e.g. /{flag}:3")
    return int(text)


def _rounds(flag: str, value: str | None) -> int:
    """A context bound: execution contexts per thread, at least 1 (Corral rejects 0)."""
    k = _int(flag, value)
    if k < 1:
        raise CorralFlagError(f"flag /{flag} needs a context bound of at least 1, e.g. /{flag}:2")
    return k


def _number(flag: str, value: str | None) -> float:
    try:
        return float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise CorralFlagError(f"flag /{flag} needs a number, e.g. /{flag}:60") from None


def _name(flag: str, value: str | None) -> str:
    if not value:
        raise CorralFlagError(f"flag /{flag} needs a name, e.g. /{flag}:main")
    return value


def _switch(flag: str, value: str | None) -> bool:
    if value is not None:
        raise CorralFlagError(f"flag /{flag} takes no value")
    return True


# Corral flag (lower case) -> (VerifyOptions field, value parser, fixed value or None)
_SETTERS: dict[str, tuple[str, Callable[[str, str | None], Any], Any]] = {
    "main": ("entry", _name, None),
    "recursionbound": ("bound", _int, None),
    "si": ("mode", _switch, "reach"),
    "trackallvars": ("track_all", _switch, None),
    "assertvar": ("error_var", _name, None),
    "assertvarisint": ("error_var_is_int", _switch, None),
    "stackdepthbound": ("max_stack_depth", _int, None),
    "maxstaticloopbound": ("static_loop_bound", _int, None),
    "staticinlining": ("strategy", _switch, "static"),
    "di": ("strategy", _switch, "di"),
    "timelimit": ("timeout", _number, None),
    "k": ("context_bound", _rounds, None),
    "cooperative": ("cooperative", _switch, None),
}

# Flags accepted for compatibility that do not change the verdict -> why.
_NOTES: dict[str, str] = {
    "cex": "number of counterexamples; pycorral reports the first bug",
    "notrace": "trace printing is controlled by --json/--quiet",
    "notraceondisk": "pycorral writes no trace files",
    "tryctrace": "C traces are printed when source locations are present",
    "concat": "extra input file",
}


def split_flag(arg: str) -> tuple[str, str | None]:
    """`/name:value` -> (`name`, `value`); `/name` -> (`name`, None)."""
    assert arg.startswith("/"), arg
    name, sep, value = arg[1:].partition(":")
    return name, (value if sep else None)


def is_corral_flag(arg: str) -> bool:
    """An argument is a Corral flag when it starts with `/` and is not a path to a file:
    `/tmp/x.bpl` (a path: it exists, has a second `/`, or is `/x.bpl`) is a file;
    `/main:P`, `/concat:f2.bpl`, `/si` are flags."""
    if not arg.startswith("/") or len(arg) < 2 or os.path.exists(arg):
        return False
    name, sep, _ = arg[1:].partition(":")
    if "/" in name or not name:
        return False                 # a path such as /dir/x.bpl
    return bool(sep) or not name.lower().endswith(".bpl")


def parse_corral_flags(args: list[str] | tuple[str, ...]) -> CorralFlags:
    """Map Corral flags to VerifyOptions fields.  Arguments that are not Corral flags
    (see `is_corral_flag`) are passed through as leftovers, in order."""
    options: dict[str, Any] = {}
    notes: list[str] = []
    concat: list[str] = []
    leftovers: list[str] = []
    for arg in args:
        if not is_corral_flag(arg):
            leftovers.append(arg)
            continue
        name, value = split_flag(arg)
        key = name.lower()
        if key == "track":
            # /track:G (repeatable): G is tracked by the variable abstraction from the start
            options["track"] = options.get("track", ()) + (_name(name, value),)
        elif key in _SETTERS:
            field_name, parse, fixed = _SETTERS[key]
            parsed = parse(name, value)
            options[field_name] = parsed if fixed is None else fixed
        elif key in _NOTES:
            if key == "concat":
                concat.append(_name(name, value))
            notes.append(f"note: Corral flag {arg} accepted ({_NOTES[key]})")
        else:
            raise CorralFlagError(f"unknown Corral flag {arg}")
    return CorralFlags(options, tuple(notes), tuple(concat), tuple(leftovers))


def known_flags() -> list[str]:
    """All Corral flags we accept (lower case), for help texts."""
    return sorted((*_SETTERS, "track")) + sorted(_NOTES)
