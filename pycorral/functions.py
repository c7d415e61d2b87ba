"""`pycorral check --function F [--function G ...]`: each entry function checked in turn,
one verdict for all.

Role: the loop over entry functions above the one run (`pycorral.run.check_one`, handed
in by the command).  Each function is a run of its own (`RunOptions.entry` = F: the C
front end calls F from a harness with nondeterministic arguments,
frontend/c/entry_harness.py), by an equal share of what is left of the run's deadline
(`Deadline.share`; the run guard's own deadline, for the whole run, stays as it is).
The overall verdict: a bug if any function has one, else unknown if any run is unknown,
else "no bug within the bound" if any run is bounded, else correct (all proved).
Output: for each function a `function F:` header and its usual result, then an
`overall:` line; --json prints one object {verdict, reason, [function, trace of the
first bug,] functions: [{function, verdict, reason, trace, stats}]}; --sarif one run
whose results carry `properties.function`.
"""
from __future__ import annotations

import dataclasses
import json
import sys
import time
from dataclasses import dataclass
from typing import Any, Callable, NoReturn, Sequence

import click

from verifier.result import Result, UnknownKind, Verdict
from verifier.run_options import RunOptions

Shown = tuple[int, str]


@dataclass(frozen=True)
class FunctionOutcome:
    function: str
    result: Result
    shown: Shown


def share_reason(guard: Any, share: float | None, phase: str | None = None) -> str:
    """Why one function's run timed out: its `share` (seconds) of the whole run's limit
    ran out, or (no share, or the guard's own deadline passed) the whole run's."""
    if share is None or guard.expired:
        return guard.timeout_reason(phase)
    return (f"timeout: this function's share ({share:.3g}s) of {guard.timeout:g}s "
            f"reached during {phase or 'the search'}")


def overall(outcomes: Sequence[FunctionOutcome]) -> Result:
    """One verdict for all functions (see the module docstring); the reason names them."""
    def named(verdict: Verdict) -> list[FunctionOutcome]:
        return [o for o in outcomes if o.result.verdict is verdict]

    if named(Verdict.BUG):
        bugs = named(Verdict.BUG)
        return Result(Verdict.BUG, "in " + ", ".join(o.function for o in bugs),
                      trace=bugs[0].result.trace)
    if named(Verdict.POSSIBLE_BUG):
        possible = named(Verdict.POSSIBLE_BUG)
        return Result(Verdict.POSSIBLE_BUG, "in " + ", ".join(
            f"{o.function} ({o.result.reason})" for o in possible),
            trace=possible[0].result.trace,
            depends_on=tuple(dict.fromkeys(e for o in possible for e in o.result.depends_on)))
    if named(Verdict.UNKNOWN):
        # the kind the unknown functions share, else NO_ANSWER (several reasons)
        kinds = {o.result.kind for o in named(Verdict.UNKNOWN)}
        return Result(Verdict.UNKNOWN, "; ".join(f"{o.function}: {o.result.reason}"
                                                 for o in named(Verdict.UNKNOWN)),
                      kind=kinds.pop() if len(kinds) == 1 else UnknownKind.NO_ANSWER)
    # functions without a body: a proof or bounded answer under --extern-pure rests on them
    exts = tuple(dict.fromkeys(e for o in outcomes for e in o.result.externals))
    if named(Verdict.BOUNDED):
        return Result(Verdict.BOUNDED, "bounded in " + ", ".join(
            o.function for o in named(Verdict.BOUNDED)), externals=exts)
    return Result(Verdict.CORRECT, f"all {len(outcomes)} function(s) proved",
                  externals=exts)


def overall_line(outcomes: Sequence[FunctionOutcome]) -> str:
    total = overall(outcomes)
    what = {Verdict.BUG: "bug found", Verdict.CORRECT: "correct",
            Verdict.POSSIBLE_BUG: "possible bug",
            Verdict.BOUNDED: "no bug found within the bound", Verdict.UNKNOWN: "unknown"}
    return f"overall: {what[total.verdict]} ({total.reason})" + "".join(
        f"; {a}" for a in total.assumptions())


def check_functions(paths: list[str], run: RunOptions, guard: Any,
                    check_one: Callable[..., tuple[Result, Shown]],
                    finish_one: Callable[[Result, float], Result],
                    print_one: Callable[[Result, Shown, RunOptions], None],
                    write_sarif: Callable[[str, str], None]) -> NoReturn:
    """Check each of `run.functions` inside the run guard `guard` with `check_one`
    (`pycorral.run.check_one`: paths, options, guard, deadline, timeout reason), print and
    exit with the overall verdict's code."""
    outcomes: list[FunctionOutcome] = []
    with guard:
        for i, function in enumerate(run.functions):
            t0 = time.perf_counter()
            # the engine's shares come from this function's share of --timeout as given
            one = dataclasses.replace(run, entry=function, work_budget=None if not run.timeout
                                      else run.timeout / len(run.functions))
            mine = guard.deadline.share(len(run.functions) - i)
            share = mine.left()
            result, shown = check_one(paths, one, guard, mine,
                                      lambda phase, s=share: share_reason(guard, s, phase))
            outcomes.append(FunctionOutcome(function, finish_one(result, t0), shown))
    total = overall(outcomes)
    if run.sarif:
        write_sarif(run.sarif, sarif_text(outcomes, paths))
    if run.sarif != "-":
        if run.json:
            click.echo(json_text(outcomes))
        else:
            for o in outcomes:
                click.echo(f"function {o.function}:")
                print_one(o.result, o.shown, run)
            click.echo(overall_line(outcomes))
    sys.exit(total.verdict.exit_code)


def json_text(outcomes: Sequence[FunctionOutcome]) -> str:
    """The overall verdict and reason; with a bug, also the first buggy function and its
    trace at the top (the shape `pycorral replay --trace-json` reads, with --function F);
    then every function's result."""
    total = overall(outcomes)
    doc: dict[str, Any] = {"verdict": total.verdict.value, "reason": total.reason}
    if total.assumptions():
        doc["assumptions"] = list(total.assumptions())
    bug = next((o for o in outcomes if o.result.verdict is Verdict.BUG), None)
    if bug is not None:
        doc["function"] = bug.function
        doc["trace"] = bug.result.trace.to_json()
        if bug.result.trace.violation is not None:
            doc["violation"] = bug.result.trace.violation.to_json()
    doc["functions"] = [{"function": o.function, **o.result.to_json()} for o in outcomes]
    return json.dumps(doc, default=str)


def sarif_text(outcomes: Sequence[FunctionOutcome], paths: Sequence[str]) -> str:
    """One SARIF run: every function's result (named in `properties.function`) and
    notifications; the run's verdict is the overall one."""
    from verifier.report.sarif import to_sarif

    total = overall(outcomes)
    command_line = " ".join(["pycorral", *sys.argv[1:]])
    log = to_sarif(Result(Verdict.CORRECT), paths, command_line=command_line,
                   exit_code=total.verdict.exit_code)
    run = log["runs"][0]
    notes = []
    for o in outcomes:
        one = to_sarif(o.result, paths)["runs"][0]
        rules = run["tool"]["driver"]["rules"]
        for res in one["results"]:
            res.setdefault("properties", {})["function"] = o.function
            # the rule it reports (a typestate rule's descriptor joins the run's)
            rule = one["tool"]["driver"]["rules"][res["ruleIndex"]]
            known = [r["id"] for r in rules]
            if rule["id"] not in known:
                rules.append(rule)
                known.append(rule["id"])
            res["ruleIndex"] = known.index(rule["id"])
            run["results"].append(res)
        for note in one["invocations"][0].get("toolExecutionNotifications", []):
            note["message"]["text"] = f"function {o.function}: {note['message']['text']}"
            notes.append(note)
    if notes:
        run["invocations"][0]["toolExecutionNotifications"] = notes
    run["properties"] = {"verdict": total.verdict.value, "reason": total.reason,
                         "functions": {o.function: o.result.verdict.value for o in outcomes}}
    return json.dumps(log, indent=2)
