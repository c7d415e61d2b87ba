"""The one reader of test-case headers (as mypy's test/data.py and CBMC's test.desc).

A data file under tests/data states what is expected of it in comment lines of the form
`// KEY: value` (`; KEY: value` in LLVM IR, `# KEY: value` in rule files), each at the
start of a line; a key may carry a qualifier, `// KEY@QUALIFIER: value` (e.g.
`// VALUES@19: 42 => confirmed`, line 19):
  EXPECT    the verdict: bug | correct | bounded | no-bug (correct or bounded) |
            possible-bug (a trace that rests on a function without a body)
  FLAGS     `pycorral check` options for the run, e.g. `--bound 3 --encoding bv`
  ...       any other key a test module reads (WITHOUT, REPLAY, VALUES, ENCODINGS, SLOW,
            DATA_MODEL, REJECT, AGREE, DEFAULT, XFAIL, EVENTS, ERROR, ...); a key may repeat.

FLAGS go through the real option parser: the `check` command of pycorral.cli (click, and
the CLI's parser of Corral's /flags), never a hand-written mapping of flag strings.
`check_options` returns what a flag set means as the CLI means it: the run options
(VerifyOptions fields, exactly as `pycorral check` hands them to the engine) and the
front-end options -- only those the flags set, so that each test keeps its own defaults.
"""
from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Sequence

_LINE = re.compile(r"^(?://|;|\#)\s*([A-Z][A-Z0-9_]*)(?:@(\S+?))?:[ \t]*(.*?)\s*$", re.M)

VERDICTS = ("bug", "correct", "bounded", "no-bug", "possible-bug")

# Front-end options that exist only below the command line (no `pycorral check` flag yet):
# the flag -> (front-end option, value).  Taken off before the rest is parsed.
FRONTEND_ONLY = {"--check-overflow": ("check_overflow", True)}


@dataclass(frozen=True)
class Case:
    """A data file's header: every `KEY[@QUALIFIER]: value` line, in order, by key."""
    path: Path
    entries: dict[str, tuple[tuple[str | None, str], ...]] = field(default_factory=dict)

    def get(self, key: str, default: str | None = None) -> str | None:
        """The value of a key stated once (the first, if repeated)."""
        values = self.all(key)
        return values[0] if values else default

    def get_for(self, key: str, qualifier: str, default: str | None = None) -> str | None:
        """The value of a key for `qualifier` (e.g. a front end): the first line qualified
        so (`// ENCODINGS@c: bv`), else the first unqualified one."""
        lines = self.qualified(key)
        for q, value in lines:
            if q == qualifier:
                return value
        for q, value in lines:
            if q is None:
                return value
        return default

    def all(self, key: str) -> tuple[str, ...]:
        """The values of every line of a key, in order."""
        return tuple(value for _, value in self.entries.get(key, ()))

    def qualified(self, key: str) -> tuple[tuple[str | None, str], ...]:
        """(qualifier or None, value) of every line of a key, in order."""
        return self.entries.get(key, ())

    @property
    def expect(self) -> str:
        """The expected verdict; a file without a valid EXPECT line is a broken test."""
        got = self.get("EXPECT")
        assert got in VERDICTS, f"{self.path.name}: missing or bad EXPECT header ({got!r})"
        return got

    @property
    def flags(self) -> tuple[str, ...]:
        """All FLAGS lines' words, split as a shell would."""
        return tuple(w for line in self.all("FLAGS") for w in shlex.split(line))

    def options(self) -> "CheckOptions":
        return check_options(self.flags, self.path)


def read_case(path: Path | str) -> Case:
    path = Path(path)
    entries: dict[str, list[tuple[str | None, str]]] = {}
    for m in _LINE.finditer(path.read_text(errors="replace")):
        entries.setdefault(m.group(1), []).append((m.group(2), m.group(3)))
    return Case(path, {k: tuple(v) for k, v in entries.items()})


@dataclass(frozen=True)
class CheckOptions:
    """What `pycorral check FILE FLAGS` would run with, only the parts FLAGS set."""
    verify: dict[str, Any]       # VerifyOptions keyword arguments
    frontend: dict[str, Any]     # front end: encoding, data_model, malloc_may_fail, ...


def check_options(flags: Sequence[str], path: Path | str = "case.bpl") -> CheckOptions:
    """Parse FLAGS with the `check` command's own parser (a bad flag is a click usage
    error, as on the command line)."""
    from click.core import ParameterSource

    from pycorral import cli
    from verifier.run_options import RunOptions

    words = [w for w in flags if w not in FRONTEND_ONLY]
    frontend = dict(FRONTEND_ONLY[w] for w in flags if w in FRONTEND_ONLY)
    command = cli.main.get_command(None, "check")
    ctx = command.make_context("check", [str(path), *words])
    given = {name for name in ctx.params
             if ctx.get_parameter_source(name) is ParameterSource.COMMANDLINE}
    p = ctx.params
    _, corral = cli._split_args(p["args"], several=True)
    run = RunOptions.from_check(p, corral)      # the run options check_cmd builds
    for name in ("frontend", "encoding", "data_model", "malloc_may_fail", "extern_pure"):
        if name in given:
            frontend[name] = p[name]
    if run.checks.any:        # the property checks (frontend/properties.py)
        frontend["checks"] = run.checks
    if p["candidates"]:       # relative to the data file, as the file's author wrote it
        run = replace(run, candidates=str(Path(path).parent / p["candidates"]))
    return CheckOptions(run.verify_kwargs(), frontend)
