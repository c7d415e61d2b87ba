"""`--rules FILE`: typestate rule files for `pycorral check` (and `pycorral bpl`).

Role: finds a rule file (a path, or the stem of a file bundled in the repository's `rules/`
folder: `--rules spinlock`), reads it (`boogie.rules`), and instruments a loaded program
with its rules (`boogie.passes.typestate`) before the verifier runs.  With `--rules-only`
the program's own assertions become assumptions first (`pipeline.assumes_for_asserts`): a
run that fails one ends there, as the C program would abort, and only the rules are
checked.  A rule naming a function the program never calls is a warning line on standard
error, not an error.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from boogie.ast import Loc, Program
from boogie.errors import error
from boogie.rules import Rule, read_rules

BUNDLED = Path(__file__).resolve().parent.parent / "rules"
SUFFIX = ".rules"


def bundled_names() -> list[str]:
    """The stems of the bundled rule files (`rules/*.rules`)."""
    try:
        return sorted(p.stem for p in BUNDLED.glob(f"*{SUFFIX}"))
    except OSError:
        return []


def rule_file(spec: str) -> str:
    """The path of `--rules SPEC`: an existing file, else a bundled rule file named by its
    stem; a BoogieError at `SPEC:1:1` otherwise."""
    if os.path.exists(spec):
        if not os.path.isfile(spec):
            raise error("io", Loc(spec, 1, 1), "cannot read rule file: not a regular file")
        return spec
    if re.fullmatch(r"[A-Za-z0-9_.-]+", spec):
        stem = spec[:-len(SUFFIX)] if spec.endswith(SUFFIX) else spec
        path = BUNDLED / f"{stem}{SUFFIX}"
        if path.is_file():
            return str(path)
    known = ", ".join(bundled_names()) or "none"
    raise error("io", Loc(spec, 1, 1), "cannot read rule file: no such file, and no bundled "
                f"rule file of that name (bundled: {known})")


def load_rules(specs: Sequence[str]) -> tuple[Rule, ...]:
    """The rules of every `--rules` file, in order; a rule name defined twice is bad input
    (BoogieError)."""
    out: list[Rule] = []
    seen: dict[str, Rule] = {}
    files = dict.fromkeys(os.path.realpath(rule_file(spec)) for spec in specs)
    for path in files:      # a file named twice (by path and by stem, say) is read once
        for rule in read_rules(_shown_path(path)):
            if rule.name in seen:
                first = seen[rule.name].loc
                raise error("duplicate", rule.loc, f"rule {rule.name} is defined twice (first "
                            f"at {first.file}:{first.line})")
            seen[rule.name] = rule
            out.append(rule)
    return tuple(out)


def _shown_path(path: str) -> str:
    """A real path as diagnostics show it: relative to the working folder when inside."""
    rel = os.path.relpath(path)
    return path if rel.startswith("..") else rel


@dataclass(frozen=True, slots=True)
class Checked:
    """A program instrumented with rules: what the verifier runs."""
    program: Program
    entry: str
    ghosts: tuple[str, ...]
    warnings: tuple[str, ...]


def with_rules(program: Program, rules: Sequence[Rule], entry: str,
               rules_only: bool = False) -> Checked:
    """`program` checked from `entry` with the rules' assertions (and, with `rules_only`,
    without its own).  Raises BoogieError when a rule does not fit the program (a key
    argument the function does not have, keys of different types)."""
    from boogie.passes.pipeline import assumes_for_asserts
    from boogie.passes.typestate import instrument_rules

    if rules_only:
        program = assumes_for_asserts(program)
    done = instrument_rules(program, rules, entry)
    return Checked(done.program, done.entry, done.ghosts, _warnings(rules, done.unused))


def _warnings(rules: Sequence[Rule], unused) -> tuple[str, ...]:
    """One line per rule of a user's file naming functions the program never calls (a
    misspelt name, say).  A bundled file lists every spelling of an API family, so it only
    gets a line when the program calls none of its functions (it checks nothing)."""
    out = []
    missing: dict[str, list] = {}
    for u in unused:
        missing.setdefault(u.rule, []).append(u)
    bundled: dict[str, list[Rule]] = {}
    for rule in rules:
        if Path(rule.loc.file).resolve().parent == BUNDLED:
            bundled.setdefault(rule.loc.file, []).append(rule)
            continue
        lost = missing.get(rule.name, [])
        if not lost:
            continue
        names = ", ".join(u.function for u in lost)
        what = (f"the program calls none of its functions ({names})"
                if len(lost) == len(rule.calls) else f"the program never calls {names}")
        out.append(f"{lost[0].loc}: warning: rule {rule.name}: {what}")
    for file, group in bundled.items():
        if all(len(missing.get(r.name, [])) == len(r.calls) for r in group):
            out.append(f"{file}:1:1: warning: the program calls none of the functions of "
                       f"the bundled rules {Path(file).stem} ({', '.join(r.name for r in group)})")
    return tuple(out)
