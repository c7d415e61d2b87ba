"""The `--all-properties` report for people: each failure with its trace, then the table.

Role: text for `render.render_human` when a result carries one row per property
(verifier/all_properties.py): a verdict line counting the failures, each FAILURE with its
trace (unless --no-trace), and the table -- id, kind, location, status (FAILURE; SUCCESS:
proved; UNKNOWN: bounded or not decided, with why) -- as CBMC prints its property list.
"""
from __future__ import annotations

import os

from verifier.result import FAILURE, SUCCESS, PropertyOutcome, Result


def verdict_line(result: Result) -> str:
    rows = result.properties
    failing = sum(r.status == FAILURE for r in rows)
    if failing:
        return f"bug found: {failing} of {len(rows)} propert{'y' if len(rows) == 1 else 'ies'}" \
               f" fail{'s' if failing == 1 else ''}"
    return ""


def location(row: PropertyOutcome) -> str:
    s = row.site
    return f"{os.path.basename(s.file) or '<input>'}:{s.line}:{s.col}"


def table_lines(rows: tuple[PropertyOutcome, ...]) -> list[str]:
    """One line per property, columns aligned: id, kind, location, status (and detail)."""
    cells = [(r.site.id, r.site.kind, location(r),
              r.status + (f" ({r.detail})" if r.detail and r.status != FAILURE else ""))
             for r in rows]
    head = ("property", "kind", "location", "status")
    width = [max(len(c[i]) for c in [head, *cells]) for i in range(3)]
    out = ["properties:"]
    for c in [head, *cells]:
        out.append("  " + "  ".join(c[i].ljust(width[i]) for i in range(3)) + "  " + c[3])
    counts = {st: sum(r.status == st for r in rows) for st in (FAILURE, SUCCESS)}
    out.append(f"{len(rows)} properties: {counts[FAILURE]} failing, {counts[SUCCESS]} proved, "
               f"{len(rows) - counts[FAILURE] - counts[SUCCESS]} unknown")
    return out


def failure_lines(rows: tuple[PropertyOutcome, ...], trace_lines, show_trace: bool) -> list[str]:
    """Each failing property, with its trace (`trace_lines(trace)`) when shown."""
    out = []
    for r in rows:
        if r.status != FAILURE:
            continue
        out.append(f"[{r.site.id}] {r.site.kind}: {r.site.message}  {location(r)}: FAILURE")
        if r.detail:                # what the native replay said
            out.append(f"  {r.detail}")
        if show_trace and r.trace is not None:
            out.extend("  " + ln for ln in trace_lines(r.trace))
    return out
