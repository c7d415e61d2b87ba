"""Turns a `ctrace.SourceTrace` into text: one line per step, for the console and SARIF.

Role: the wording of source-level steps (`step_text`, also SARIF's message of each code-flow
location) and the console layout (`source_trace_lines`): the location on the left, padded
to one column, then the step indented by its depth.  C traces read as C (`p.x = 7`,
`if (n->val > 10) -> true`, `add(a = 7, b = 2)`, `add returns 9`, `for (...; i < 3; ...) ->
true: iteration 2`, `FAILS: assert(x);`); Boogie traces keep the Boogie-level layout (block
label, its source line, the values it assigns; calls and returns).  `mode` "compact" leaves
out the `full` steps, "full" shows them.

A concurrent program's steps (in schedule order, ctrace_threads.py) carry their thread:
each line says it (`[thread 2: irq_handler]`), and where the thread of the lines shown
changes, a line of its own says so (`--- context switch: thread 2 (irq_handler) runs ---`):
only real switches, among the steps the mode shows.
"""
from __future__ import annotations

import re
from typing import Callable

from verifier.ctrace import (Alloc, Assign, Block, Decide, Enter, Fail, Iteration, Join, Leave,
                     Nondet, SourceTrace, Spawn, Statement, Step)

Source = Callable[[str, int], "str | None"]
_COMMENT = re.compile(r"/\*.*?\*/|//.*$")


def location(step: Step) -> str:
    if step.line <= 0:
        return step.proc or "?"
    where = f"{step.file or '<input>'}:{step.line}"
    return f"{where}:{step.col}" if step.col > 0 else where


_CALL_AT = re.compile(r"[A-Za-z_]\w*\s*\(")


def _check_text(step: Step, source: Source | None) -> str:
    """The failing check: from the step's column when a call starts there (`reach_error();`
    in `if (c) reach_error();`), else the whole source line."""
    raw = getattr(source, "raw", None)
    text = raw(step.file, step.line) if raw is not None and step.col > 0 else None
    if text and _CALL_AT.match(text, step.col - 1):
        return _COMMENT.sub("", text[step.col - 1:]).strip()
    return _code(step, source)


def _code(step: Step, source: Source | None) -> str:
    """The source line of the step, without comments and a trailing `{`."""
    text = source(step.file, step.line) if source is not None else None
    if not text:
        return ""
    text = _COMMENT.sub("", text).strip()
    return text[:-1].rstrip() if text.endswith("{") else text


def _condition(kind: str, cond: str, step: Step, source: Source | None) -> str:
    """The branch as C: `if (c)`, `while (c)`, `for (...; c; ...)`, `do ... while (c)`,
    `switch (c)`; the source line when the front end did not spell the condition."""
    if not cond:
        return _code(step, source) or kind
    return {"if": f"if ({cond})", "while": f"while ({cond})", "for": f"for (...; {cond}; ...)",
            "do": f"do ... while ({cond})", "switch": f"switch ({cond})",
            "?:": f"{cond} ? ... : ..."}.get(kind, cond)


def step_text(step: Step, source: Source | None = None) -> str:
    """What a step says (no location, no indentation)."""
    if isinstance(step, Enter):
        args = ", ".join(f"{p} = {v}" for p, v in step.args)
        return f"{step.function}({args})" + ("" if step.inlined else "  (not inlined)")
    if isinstance(step, Leave):
        return f"{step.function} returns" + (f" {step.value}" if step.value else "")
    if isinstance(step, Assign):
        return f"{step.lvalue} = {step.value}"
    if isinstance(step, Decide):
        text = f"{_condition(step.construct, step.cond, step, source)} -> {step.outcome}"
        return text + (f"  ({step.note})" if step.note else "")
    if isinstance(step, Nondet):
        name = f"{step.what}()" if step.what.isidentifier() else step.what or step.ctype
        return f"{name} = {step.value}"
    if isinstance(step, Iteration):
        if step.construct or step.cond:
            return f"{_condition(step.construct, step.cond, step, source)} -> true: " \
                   f"iteration {step.n}"
        return f"loop iteration {step.n}"
    if isinstance(step, Alloc):
        return f"new object {step.name} ({step.size} bytes, {step.how})"
    if isinstance(step, Statement):
        return f"[stmt] {_code(step, source) or '?'}"
    if isinstance(step, Fail):
        check = step.text or _check_text(step, source)
        if step.violation:      # a rule's check: at a call, or where the entry returns
            return f"FAILS: {check}  ({step.violation})" if check else \
                f"FAILS: {step.violation}"
        return f"FAILS: {check or 'error reached'}"
    if isinstance(step, Spawn):
        return f"creates {_thread(step.child, step.name)}"
    if isinstance(step, Join):
        return f"waits for {_thread(step.child, step.name)} to end"
    if isinstance(step, Block):
        code = _code(step, source)
        label = step.label + (" (after the call)" if step.continued else "")
        body = f"{label}: {code}".rstrip().rstrip(":") if label else code
        if step.values:
            body += "    (" + ", ".join(f"{k} = {v}" for k, v in step.values) + ")"
        return body
    raise AssertionError(f"step_text: unknown step {type(step).__name__}")


def _thread(tid: int, name: str) -> str:
    return f"thread {tid} ({name})" if name else f"thread {tid}"


def thread_tag(trace: SourceTrace, step: Step) -> str:
    """`[thread 2: irq_handler]` for a concurrent program's step, else ""."""
    if not trace.threads or not step.thread:
        return ""
    name = trace.thread_name(step.thread)
    return f"[thread {step.thread}: {name}]" if name else f"[thread {step.thread}]"


def switch_text(trace: SourceTrace, tid: int) -> str:
    return f"--- context switch: {_thread(tid, trace.thread_name(tid))} runs ---"


def shown(steps: tuple[Step, ...], mode: str) -> list[Step]:
    return [s for s in steps if mode == "full" or not s.full]


def source_trace_lines(trace: SourceTrace, source: Source | None,
                       mode: str = "compact") -> list[str]:
    steps = shown(trace.steps, mode)
    if trace.language != "c":
        return [_boogie_line(s, source) for s in steps]
    locs = [location(s) for s in steps]
    # one column for the locations; an outlier (a step in another file, e.g. a header)
    # overflows it rather than pushing every step to the right
    lengths = sorted(len(x) for x in locs)
    median = lengths[len(lengths) // 2] if lengths else 0
    width = max((n for n in lengths if n <= median + 10), default=0)
    if not trace.threads:
        return [f"  {loc:<{width}}  {'  ' * s.depth}{step_text(s, source)}"
                for s, loc in zip(steps, locs)]
    tags = [thread_tag(trace, s) for s in steps]
    tag_width = max((len(t) for t in tags), default=0)
    lines: list[str] = []
    running = steps[0].thread if steps else 0
    for s, loc, tag in zip(steps, locs, tags):
        if s.thread and s.thread != running:
            lines.append(f"  {switch_text(trace, s.thread)}")
            running = s.thread
        lines.append(f"  {loc:<{width}}  {tag:<{tag_width}}  {'  ' * s.depth}"
                     f"{step_text(s, source)}")
    return lines


def _boogie_line(step: Step, source: Source | None) -> str:
    """The Boogie-level layout: `loc  [proc]  label: code    (values)`."""
    indent = "  " * (step.depth + 1)
    loc = location(step)
    if isinstance(step, Enter):
        code = _code(step, source)
        body = code if code and step.function in code else f"call {step.function}"
        if not step.inlined:
            body += "  (not inlined)"
        return f"{indent}{loc}  [{step.function}]  {body}"
    if isinstance(step, Leave):
        return f"{indent}{loc}  [{step.function}]  return from {step.function}"
    return f"{indent}{loc}  [{step.proc}]  {step_text(step, source)}"
