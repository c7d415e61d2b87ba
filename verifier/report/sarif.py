"""A verification `Result` as a SARIF 2.1.0 log, for CI and code-scanning dashboards.

Role: the SARIF counterpart of `render.py`.  One run per invocation; one result per failing
assertion (pycorral reports the first bug it finds, so zero or one; with `--all-properties`
one per failing property, the kinds of all properties as the driver's rules and every
property's status in `run.properties.properties`), with the trace as a
code flow: each shown trace step becomes a `threadFlowLocation` with its source region, a
message (statement and values), its call depth as `nestingLevel` and its position as
`executionOrder`.  The nondeterministic inputs chosen are listed in the result's message and
in `properties`.  A verdict other than "bug" gives no result; an unknown verdict adds a
tool-execution notification with the reason.  `run.properties.verdict` carries the verdict
(and `axiomReading` "triggers" under `--triggers-only`: a bug is one under that reading).
A violated typestate rule (`--rules`) is the result's rule: `ruleId` is the rule's name, its
descriptor (with the rule's description) joins the driver's rules, and the message says
"Rule R violated: message.".  A failing property check (frontend/properties.py) is the same
with its kind as `ruleId` (`overflow`, `pointer_dereference`, ...), the kind's description,
and "Property ID violated: message [kind]."; `properties.propertyId` carries CBMC's id.
"""
from __future__ import annotations

import json
import os
from importlib import metadata
from typing import Any, Sequence

from verifier.ctrace import Enter, Fail, Leave, SourceTrace
from verifier.traces.ctrace_text import shown, step_text, thread_tag
from verifier.report.render import INSTRUMENTATION, SourceLines, failure_site, verdict_line
from verifier.result import AXIOMS_BY_TRIGGERS, FAILURE, Result, TraceStep, Verdict
from frontend.properties import KINDS

SCHEMA_URI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
RULE_ID = "pycorral.assertion-violation"


def _version() -> str:
    try:
        return metadata.version("pycorral")
    except metadata.PackageNotFoundError:  # pragma: no cover - running from a source tree
        return "0"


def _uri(path: str) -> str:
    """A relative path stays relative (resolved against the working directory by the
    consumer, as code-scanning tools expect); an absolute one becomes a file: URI."""
    if os.path.isabs(path):
        return "file://" + path
    return path.replace(os.sep, "/")


def _location(file: str, line: int, col: int, text: str | None = None) -> dict[str, Any]:
    region: dict[str, Any] = {"startLine": max(line, 1)}
    if col > 0:
        region["startColumn"] = col
    loc: dict[str, Any] = {"physicalLocation": {"artifactLocation": {"uri": _uri(file)},
                                                "region": region}}
    if text:
        loc["message"] = {"text": text}
    return loc


def _step_message(step: TraceStep, source: SourceLines) -> str:
    code = source(step.file, step.line)
    if step.kind == "call":
        what = f"call {step.proc}"
    elif step.kind == "return":
        what = f"return from {step.proc}"
    elif step.kind == "fail":
        what = f"assertion fails: {code or step.text or 'error reached'}"
    else:
        what = code or step.text or step.label or "(block)"
    if step.values:
        what += "  (" + ", ".join(f"{k} = {v}" for k, v in step.values) + ")"
    return what


def _code_flow(steps: Sequence[TraceStep], source: SourceLines) -> dict[str, Any]:
    locs = []
    for s in steps:
        if s.line <= 0 or s.proc.startswith(INSTRUMENTATION):
            continue
        tfl: dict[str, Any] = {
            "location": _location(s.file, s.line, s.col, _step_message(s, source)),
            "nestingLevel": max(s.depth - 1, 0),
            "executionOrder": len(locs) + 1,
        }
        if s.kind in ("call", "return"):
            tfl["kinds"] = ["call" if s.kind == "call" else "return", "function"]
        locs.append(tfl)
    return {"threadFlows": [{"locations": locs}]}


def _source_flow(trace: SourceTrace, source: SourceLines) -> dict[str, Any]:
    """The code flow of a source-level trace: its compact steps, worded as on the console
    (`ctrace_text.step_text`; a concurrent program's with its thread first, `[thread 2:
    f]`), the step's depth as nesting level."""
    locs = []
    for s in shown(trace.steps, "compact"):
        if s.line <= 0:
            continue
        tfl: dict[str, Any] = {
            "location": _location(s.file, s.line, s.col, " ".join(
                x for x in (thread_tag(trace, s), step_text(s, source)) if x)),
            "nestingLevel": s.depth,
            "executionOrder": len(locs) + 1,
        }
        if isinstance(s, (Enter, Leave)):
            tfl["kinds"] = ["call" if isinstance(s, Enter) else "return", "function"]
        locs.append(tfl)
    return {"threadFlows": [{"locations": locs}]}


def to_sarif(result: Result, inputs: Sequence[str], *, command_line: str = "",
             exit_code: int | None = None) -> dict[str, Any]:
    """The SARIF log (a JSON-ready dict) for one check of `inputs`."""
    source = SourceLines()
    rules: list[dict[str, Any]] = [{
        "id": RULE_ID, "name": "AssertionViolation",
        "shortDescription": {"text": "An assertion can fail (C: a failing assert or a call "
                                     "of reach_error)."},
        "defaultConfiguration": {"level": "error"}}]
    results: list[dict[str, Any]] = []
    notifications: list[dict[str, Any]] = []
    if result.properties:           # --all-properties: a result per failing property
        for kind in dict.fromkeys(r.site.kind for r in result.properties):
            if kind in KINDS:
                rules.append(_rule_descriptor(kind, KINDS[kind].description))
        for row in result.properties:
            if row.status == FAILURE and row.trace is not None:
                results.append(_bug_result(row.trace, rules, source))
    elif result.verdict is Verdict.BUG and result.trace is not None:
        results.append(_bug_result(result.trace, rules, source))
    elif result.verdict is Verdict.POSSIBLE_BUG and result.trace is not None:
        # SARIF's "review": a result a person has to judge -- the error is reached only
        # for some effects of a function without a body
        res = _bug_result(result.trace, rules, source)
        res.update(kind="review", level="warning")
        res["message"]["text"] = f"Possible bug ({result.reason}): " + \
            res["message"]["text"]
        res["properties"]["dependsOn"] = [e.to_json() for e in result.depends_on]
        results.append(res)
    elif result.verdict is Verdict.UNKNOWN:
        notifications.append({"level": "warning",
                              "message": {"text": verdict_line(result, 0)}})
    elif result.verdict is Verdict.BOUNDED:
        # not a clean run: what was not covered, as a run-level notification
        note: dict[str, Any] = {
            "level": "warning",
            "descriptor": {"id": "incomplete-coverage"},
            "message": {"text": verdict_line(result, 0) + (
                ": loops and recursive functions cut off at the bound: " +
                "; ".join(c.describe() for c in result.cutoffs)
                if result.cutoffs else "")},
            "properties": {"bound": result.stats.bound,
                           "cutoffs": [c.to_json() for c in result.cutoffs]},
        }
        where = [_location(c.file, c.line, 0) for c in result.cutoffs if c.line > 0]
        if where:
            note["locations"] = where
        notifications.append(note)
    invocation: dict[str, Any] = {"executionSuccessful": True}
    if command_line:
        invocation["commandLine"] = command_line
    if exit_code is not None:
        invocation["exitCode"] = exit_code
    if notifications:
        invocation["toolExecutionNotifications"] = notifications
    run = {
        "tool": {"driver": {
            "name": "pycorral", "version": _version(),
            "rules": rules,
        }},
        "invocations": [invocation],
        "artifacts": [{"location": {"uri": _uri(p)}} for p in inputs],
        "results": results,
        "properties": {"verdict": result.verdict.value, "reason": result.reason,
                       **({"reason_kind": result.kind.value} if result.kind else {}),
                       **({"properties": [{**r.site.to_json(), "status": r.status,
                                           "detail": r.detail} for r in result.properties]}
                          if result.properties else {}),
                       **({"bound": result.stats.bound}
                          if result.verdict is Verdict.BOUNDED else {}),
                       **({"axiomReading": AXIOMS_BY_TRIGGERS} if result.triggers_only
                          else {})},
    }
    return {"$schema": SCHEMA_URI, "version": "2.1.0", "runs": [run]}


def _bug_result(trace, rules: list[dict[str, Any]], source: SourceLines) -> dict[str, Any]:
    """The SARIF result of one failing assertion (its trace as the code flow); a violated
    rule or property joins `rules` unless it is there."""
    steps = trace.steps
    fail = failure_site(steps)
    src = trace.source
    if src is not None:
        last = next((s for s in reversed(src.steps) if isinstance(s, Fail)), None)
        if last is not None and last.line > 0:
            fail = last
    nondet = [f"{c.what} = {c.value} (line {c.line})" for c in trace.nondet]
    rule = trace.violation
    text = "An assertion can fail (a reachable error)." if rule is None else \
        f"{rule.text()[:1].upper()}{rule.text()[1:]}."
    if nondet:
        text += " Nondeterministic inputs: " + "; ".join(nondet) + "."
    rule_id = rule.rule if rule is not None else \
        "assertion" if trace.check and any(r["id"] == "assertion" for r in rules) else RULE_ID
    if rule is not None and all(r["id"] != rule.rule for r in rules):
        rules.append(_rule_descriptor(rule.rule, rule.description))
    props: dict[str, Any] = {"nondet": [c.to_json() for c in trace.nondet]}
    if rule is not None and rule.kind == "property":
        props.update(propertyId=rule.id, propertyKind=rule.rule)
    elif trace.check:               # the program's own assertion, named (--all-properties)
        props.update(propertyId=trace.check, propertyKind="assertion")
    res: dict[str, Any] = {
        "ruleId": rule_id,
        "ruleIndex": next(i for i, r in enumerate(rules) if r["id"] == rule_id),
        "kind": "fail", "level": "error",
        "message": {"text": text},
        "codeFlows": [_source_flow(src, source) if src is not None
                      else _code_flow(steps, source)],
        "properties": props,
    }
    if fail is not None and fail.line > 0:
        res["locations"] = [_location(fail.file, fail.line, fail.col)]
    return res


def _rule_descriptor(name: str, description: str) -> dict[str, Any]:
    """A typestate rule (boogie/rules.py) as a SARIF reporting descriptor: its id is the
    rule's name."""
    return {"id": name, "name": name,
            "shortDescription": {"text": description or f"typestate rule {name}"},
            "defaultConfiguration": {"level": "error"}}


def render_sarif(result: Result, inputs: Sequence[str], **kw: Any) -> str:
    return json.dumps(to_sarif(result, inputs, **kw), indent=2)
