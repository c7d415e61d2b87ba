"""Turns a verification `Result` into text for people (verdict line, trace, summary,
statistics) or into one JSON object for programs.

Role: the only place that decides how verdicts and traces look on the console.  Inputs:
`verifier.result.Result` values and the options they were obtained with; outputs: strings.
Nothing here prints; the CLI does.
"""
from __future__ import annotations

import json

from boogie.passes.sequentialize import SWITCHED

from verifier.ctrace import nondet_value
from verifier.traces.ctrace_text import source_trace_lines
from verifier.result import (TRIGGERS_NOTE, Result, Trace, TraceStep, Verdict,
                             depends_text)
from verifier.search.deepening import OUT_OF_TIME
from verifier.stats import Stats
from frontend.externs import note

def verdict_line(result: Result, bound: int) -> str:
    v = result.verdict
    if v is Verdict.BUG:
        rule = result.trace.violation if result.trace is not None else None
        line = f"bug found: {rule.text()}" if rule is not None else "bug found"
        return f"{line} ({TRIGGERS_NOTE})" if result.triggers_only else line
    if v is Verdict.POSSIBLE_BUG:
        rule = result.trace.violation if result.trace is not None else None
        what = f": {rule.text()}" if rule is not None else ""
        return f"possible bug ({depends_text(result.depends_on)}){what}"
    if v is Verdict.CORRECT:
        return "correct (proved for every bound)"
    if v is Verdict.BOUNDED:
        b = result.stats.bound if result.stats.bound is not None else bound
        if result.context_bound is not None:
            k = result.context_bound
            within = f"{b} (in fact every recursion bound)" \
                if result.reason.endswith("(every recursion bound)") else str(b)
            return (f"no bug found within bound {within} and context bound {k} (at most {k} "
                    f"execution contexts, i.e. {k - 1} context switch(es), per thread; "
                    "bounded: not a proof for every schedule)")
        return f"no bug found within bound {b} (bounded: not a proof)"
    return f"unknown: {result.reason or 'no reason given'}"


def step_location(step: TraceStep) -> str:
    """`file:line:col` (source location if known, else the Boogie one), or `proc@label`."""
    if step.line > 0:
        where = f"{step.file or '<input>'}:{step.line}"
        return f"{where}:{step.col}" if step.col > 0 else where
    return f"{step.proc}@{step.label}" if step.label else step.proc


class SourceLines:
    """Reads source lines on demand (for showing the command a trace step stands for);
    unreadable files give None."""

    def __init__(self) -> None:
        self._files: dict[str, list[str] | None] = {}

    def __call__(self, file: str, line: int) -> str | None:
        text = self.raw(file, line)
        if text is None:
            return None
        text = text.strip()
        return text.split("//", 1)[0].strip() if "//" in text else text

    def raw(self, file: str, line: int) -> str | None:
        """The line as it is in the file (columns count from its start)."""
        if not file or line <= 0:
            return None
        if file not in self._files:
            try:
                with open(file, encoding="utf-8", errors="replace") as fh:
                    self._files[file] = fh.read().splitlines()
            except OSError:
                self._files[file] = None
        lines = self._files[file]
        if lines is None or line > len(lines):
            return None
        return lines[line - 1]


def _values(values: tuple[tuple[str, str], ...]) -> str:
    return ", ".join(f"{k} = {v}" for k, v in values)


def failure_site(steps: tuple[TraceStep, ...]) -> TraceStep | None:
    """Where the failure happened: the fail step itself when it has a location, else the
    last block step with one (the blocks after a failing assertion that lead to the error
    exit are instrumentation without source location)."""
    fail = next((s for s in reversed(steps) if s.kind == "fail"), None)
    if fail is not None and fail.line > 0:
        return fail
    return next((s for s in reversed(steps) if s.kind == "block" and s.line > 0), fail)


def step_line(step: TraceStep, source: SourceLines | None = None) -> str:
    indent = "  " * (step.depth + 1)
    loc = step_location(step)
    code = source(step.file, step.line) if source is not None else None
    if step.kind == "call":
        text = step.text or f"call {step.proc}"
        body = code if code and step.proc in code else text
        if "(not inlined)" in text and "(not inlined)" not in body:
            body += "  (not inlined)"
    elif step.kind == "return":
        body = f"return from {step.proc}"
    elif step.kind == "fail":
        body = f"FAILS: {code or step.text or 'error reached'}"
    else:
        label = f"{step.label}: " if step.label else ""
        body = f"{label}{step.text or code or ''}".rstrip() or "(block)"
    line = f"{indent}{loc}  [{step.proc}]  {body}"
    if step.values:
        line += f"    ({_values(step.values)})"
    return line


# names the verifier's instrumentation adds (error flag, entry wrapper)
INSTRUMENTATION = "pycorral_"


def _shown(step: TraceStep) -> bool:
    """Block steps without location, text or values (instrumentation), the entry
    wrapper's own blocks and the no-op context switches are left out of the human trace;
    the JSON trace keeps every step."""
    if step.kind == "block" and step.proc.startswith(INSTRUMENTATION):
        return False
    if step.kind == "block" and step.label.startswith(SWITCHED) and \
            "context switch" not in step.text and \
            all(k.startswith("cs#") for k, _ in step.values):
        return False        # a concurrent program's thread going on in its round (threads.py)
    return step.kind != "block" or bool(step.line > 0 or step.text or step.values)


def trace_lines(trace: Trace, source: SourceLines | None = None,
                mode: str = "compact") -> list[str]:
    """The trace as text: the source-level trace when there is one (C: C names and
    values; Boogie: blocks in strict execution order), else the Boogie-level steps (a
    trace read back from JSON).  C traces show their nondeterministic values in place;
    Boogie traces list them (and the entry's inputs) first."""
    lines = ["trace:"]
    if trace.source is not None and trace.source.language == "c":
        lines.extend(source_trace_lines(trace.source, source, mode))
        return lines
    # the front ends' internal globals ($alloc, heap maps) are not the user's inputs
    inputs = tuple((k, v) for k, v in trace.inputs
                   if not k.startswith(INSTRUMENTATION) and not k.startswith("$"))
    if inputs:
        lines.append(f"  inputs: {_values(inputs)}")
    if trace.nondet:
        lines.append("  nondeterministic choices, in order:")
        for c in trace.nondet:
            where = f"{c.file}:{c.line}" if c.line > 0 else c.proc
            ctype, _, origin = c.what.partition(" from ")
            name = f"{origin}()" if origin and " " not in origin else ctype
            lines.append(f"    {where}  {name} = {nondet_value(c.value, c.what)}")
    if trace.source is not None:
        lines.extend(source_trace_lines(trace.source, source, mode))
        if not trace.source.steps:
            lines.append("  (empty trace)")
        return lines
    site = failure_site(trace.steps)
    for s in trace.steps:
        if s.kind == "fail" and site is not None and site is not s:
            s = TraceStep("fail", site.proc, site.depth, site.label, site.file, site.line,
                          site.col, s.text if s.text != "error reached" else "")
        if _shown(s):
            lines.append(step_line(s, source))
    if not trace.steps:
        lines.append("  (empty trace)")
    return lines


def summary_line(result: Result, bound: int, strategy: str) -> str:
    s = result.stats.rounded()
    parts = []
    t, wall = s.time(), s.wall_time
    if wall is not None and t is not None and wall > t:
        parts.append(f"time {wall:.2f}s (verification {t:.2f}s)")
    else:
        parts.append(f"time {t:.2f}s" if t is not None else "time ?")
    parts.append(f"bound {bound}")
    parts.append(f"strategy {strategy}")
    if s.procedures_inlined is not None:
        parts.append(f"{s.procedures_inlined} procedures inlined")
    return "summary: " + ", ".join(parts)


# shown on lines of their own (or under the verdict), not among the other figures
_SHOWN = frozenset({"queries", "procedures_inlined", "total_time", "wall_time", "z3_time",
                    "peak_memory_mb", "replay_line"})


def stats_lines(stats: Stats) -> list[str]:
    """The --stats block: queries, inlining, Z3 vs Python time, peak memory, then every
    other figure recorded (by name; lists such as `tracked` only in JSON)."""
    out = ["stats:"]
    stats = stats.rounded()
    q, n, t, z = stats.queries, stats.procedures_inlined, stats.time(), stats.z3_time
    out.append(f"  queries:             {q if q is not None else '?'}")
    out.append(f"  procedures inlined:  {n if n is not None else '?'}")
    if t is not None:
        if z is not None:
            py = max(0.0, t - z)
            share = f" ({100 * z / t:.0f}%)" if t > 0 else ""
            out.append(f"  time:                {t:.3f}s total, Z3 {z:.3f}s{share}, "
                       f"Python {py:.3f}s")
        else:
            out.append(f"  time:                {t:.3f}s total (Z3 share not reported)")
    if stats.peak_memory_mb is not None:
        out.append(f"  peak memory:         {stats.peak_memory_mb:.0f} MB")
    figures = stats.to_json()
    for k in sorted(figures):
        if k not in _SHOWN and isinstance(figures[k], (int, float, str, bool)):
            out.append(f"  {k + ':':<20} {figures[k]}")
    if stats.externals:
        out.append(f"  {'externals:':<20} {', '.join(stats.externals)}")
    return out


def render_human(result: Result, *, bound: int, strategy: str, show_trace: bool = True,
                 show_stats: bool = False, trace_mode: str = "compact") -> str:
    if result.properties:           # --all-properties: each failure, then the table
        from verifier.report import property_report as report
        source = SourceLines()
        lines = [report.verdict_line(result) or verdict_line(result, bound)]
        if result.reason and result.verdict is Verdict.BUG:
            lines.append(f"note: {result.reason}")
        lines.extend(result.assumptions())
        lines.extend(report.failure_lines(
            result.properties, lambda t: trace_lines(t, source, trace_mode), show_trace))
        lines.extend(report.table_lines(result.properties))
        show_trace = False
    else:
        lines = [verdict_line(result, bound)]
        if result.verdict is Verdict.BUG and result.context_bound is not None:
            lines.append(f"(a schedule of the threads within context bound "
                         f"{result.context_bound}; the trace names each step's thread)")
        lines.extend(result.assumptions())
    if result.verdict is Verdict.POSSIBLE_BUG:
        lines.extend(possible_bug_lines(result))
    replay = result.stats.replay_line
    if result.verdict.has_trace and replay is not None and not result.properties:
        lines.append(replay)
    if result.verdict.has_trace and result.trace is not None and show_trace:
        lines.extend(trace_lines(result.trace, SourceLines(), trace_mode))
    if result.verdict is Verdict.BOUNDED:
        lines.extend(bounded_lines(result))
        if result.stats.bound is not None:
            bound = result.stats.bound
    extern_note = note(result.externals)
    if extern_note is not None:
        lines.append(extern_note)
    lines.append(summary_line(result, bound, strategy))
    if show_stats:
        lines.extend(stats_lines(result.stats))
    return "\n".join(lines)


def possible_bug_lines(result: Result) -> list[str]:
    """Under a possible bug: which effects of which calls the path reads, and why that is
    not a bug found."""
    effects = "; ".join(e.describe() for e in result.depends_on)
    return [f"note: the path to the error reads {effects}; a function without a body is "
            "modelled as arbitrary, so the real function may never do this (give it a "
            "body or a model, e.g. --stubs FILE, to decide)"]


def bounded_lines(result: Result) -> list[str]:
    """Under a bounded verdict: why the search stopped (when it was not the bound given)
    and what it did not cover -- the loops and recursive functions cut off at the bound."""
    out = []
    if "; " in result.reason:
        why = result.reason.split("; ", 1)[1]
        out.append("  the search stopped: " + why)
        if why.startswith(OUT_OF_TIME):
            out.append("  (--timeout S searches longer; --bound N fixes the bound)")
    if result.cutoffs:
        out.append("  not covered beyond the bound (cut off):")
        out.extend(f"    {c.describe()}" for c in result.cutoffs)
    return out


def render_json(result: Result) -> str:
    """One JSON object: verdict, reason, trace, stats (Result.to_json)."""
    return json.dumps(result.to_json(), default=str, sort_keys=False)
