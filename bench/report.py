"""Benchmark reports: CSV, JSON, a plain-text summary, and an HTML page with plots.

Role: reads RunResults (bench.runner) and writes, into the output folder,
`results.csv`, `results.json`, `report.html` with a table per category and configuration
(plain counts, SV-COMP score, CPU and wall time), a per-task table, a cactus plot
(`cactus.png`: solved tasks against CPU and wall time, one line per configuration) and,
with two or more configurations, a scatter plot of per-task CPU time between two of them
(`scatter.png`).  Plots use matplotlib's Agg backend; the images are written next to the
HTML and embedded in it, so the page can be moved alone.
"""
from __future__ import annotations

import base64
import csv
import html
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from bench import scoring
from bench.runner import CSV_COLUMNS, RunResult

ALL = "(all)"


@dataclass(frozen=True, slots=True)
class Row:
    """One line of a summary table: a category (or ALL) under one configuration."""
    category: str
    config: str
    counts: scoring.Counts
    cpu: float
    wall: float


def rows(results: list[RunResult], configs: list[str]) -> list[Row]:
    """ALL first, then every category in name order; configurations in the given order."""
    cats = sorted({r.category for r in results})
    out = []
    for cat in [ALL, *cats]:
        for cfg in configs:
            mine = [r for r in results if r.config == cfg and cat in (ALL, r.category)]
            if mine:
                out.append(Row(cat, cfg, scoring.count(mine), sum(r.cpu for r in mine),
                               sum(r.time for r in mine)))
    return out


# ----------------------------------------------------------------------------- data files

def _cell(r: RunResult, col: str) -> object:
    v = getattr(r, col)
    return "" if v is None else v


def write_csv(results: Iterable[RunResult], path: Path) -> None:
    with open(path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(CSV_COLUMNS)
        for r in results:
            w.writerow([_cell(r, c) for c in CSV_COLUMNS])


def write_json(results: list[RunResult], configs: list[str], path: Path,
               meta: dict | None = None) -> None:
    totals = {row.config: {**_counts_json(row.counts), "cpu": round(row.cpu, 2),
                           "wall": round(row.wall, 2)}
              for row in rows(results, configs) if row.category == ALL}
    doc = {"meta": meta or {}, "totals": totals,
           "results": [{c: getattr(r, c) for c in CSV_COLUMNS} for r in results]}
    path.write_text(json.dumps(doc, indent=1) + "\n")


def _counts_json(c: scoring.Counts) -> dict:
    return {k: getattr(c, k) for k in scoring.Counts.__dataclass_fields__}


# ----------------------------------------------------------------------------- text

HEADER = ("category", "config", "tasks", "score", "max", "correct", "wrong", "bounded",
          "missed", "possible", "unknown", "error", "cpu s", "wall s")


def _values(row: Row) -> list[str]:
    c = row.counts
    return [row.category, row.config, str(c.tasks), str(c.score), str(c.max_score),
            f"{c.correct} ({c.correct_true}T/{c.correct_false}F)",
            f"{c.wrong} ({c.wrong_true}T/{c.wrong_false}F)", str(c.bounded), str(c.missed),
            str(c.possible), str(c.unknown), str(c.error), f"{row.cpu:.1f}", f"{row.wall:.1f}"]


def summary_lines(results: list[RunResult], configs: list[str]) -> list[str]:
    """The table per category and configuration as aligned text."""
    table = [list(HEADER)] + [_values(r) for r in rows(results, configs)]
    widths = [max(len(line[i]) for line in table) for i in range(len(HEADER))]
    text = ["  ".join(v.ljust(w) if i < 2 else v.rjust(w)
                      for i, (v, w) in enumerate(zip(line, widths))) for line in table]
    return [text[0], "-" * len(text[0]), *text[1:]]


def totals_lines(results: list[RunResult], configs: list[str]) -> list[str]:
    return [f"{row.config}: {row.counts.summary()}; cpu {row.cpu:.1f}s, wall {row.wall:.1f}s"
            for row in rows(results, configs) if row.category == ALL]


def disagreements(results: list[RunResult]) -> list[str]:
    """Tasks on which configurations give opposite answers (TRUE vs FALSE): at least one
    of them is unsound there, whatever the expected verdict says."""
    answers: dict[str, dict[str, str]] = {}
    for r in results:
        a = scoring.answer(r.verdict)
        if a is not None:
            answers.setdefault(r.task, {})[r.config] = a
    return [f"{task}: " + ", ".join(f"{c}={a.upper()}" for c, a in sorted(per.items()))
            for task, per in sorted(answers.items()) if len(set(per.values())) > 1]


def comparison_lines(results: list[RunResult], configs: list[str], solved) -> list[str]:
    """Configurations compared task by task (seed paper 001, Sec. 5): solved counts per
    category, the tasks only one configuration solves, and the wall and CPU time of each on
    the tasks every configuration solves.  `solved(r)` says whether a run solved its task."""
    by_task: dict[str, dict[str, RunResult]] = {}
    for r in results:
        by_task.setdefault(r.task, {})[r.config] = r
    cats = sorted({r.category for r in results})
    out = ["solved (wrong) per category: " + ", ".join(configs)]
    for cat in [*cats, ALL]:
        cells = []
        for cfg in configs:
            mine = [r for r in results if r.config == cfg and cat in (ALL, r.category)]
            wrong = sum(1 for r in mine if r.outcome == scoring.WRONG)
            cells.append(f"{cfg} {sum(1 for r in mine if solved(r))}"
                         + (f" ({wrong} wrong)" if wrong else ""))
        n = len({r.task for r in results if cat in (ALL, r.category)})
        out.append(f"  {cat} ({n} tasks): " + "; ".join(cells))
    out.append("solved by one configuration only:")
    for cfg in configs:
        only = sorted(t for t, per in by_task.items()
                      if cfg in per and solved(per[cfg])
                      and not any(solved(r) for c, r in per.items() if c != cfg))
        out.append(f"  {cfg}: {len(only)}" + (f" ({', '.join(only)})" if only else ""))
    common = [t for t, per in by_task.items()
              if all(c in per and solved(per[c]) for c in configs)]
    out.append(f"time on the {len(common)} tasks every configuration solves:")
    for cfg in configs:
        wall = sum(by_task[t][cfg].time for t in common)
        cpu = sum(by_task[t][cfg].cpu for t in common)
        out.append(f"  {cfg}: wall {wall:.1f}s, cpu {cpu:.1f}s")
    return out


# ----------------------------------------------------------------------------- plots

def _pyplot():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def cactus_plot(results: list[RunResult], configs: list[str], path: Path,
                solved=lambda r: r.outcome == scoring.OK, title: str = "cactus plot") -> Path:
    """Solved (by default: correctly answered) tasks against time, one line per
    configuration: the n-th point is the time of the n-th fastest solved task."""
    plt = _pyplot()
    fig, axes = plt.subplots(1, 2, figsize=(11, 4.2))
    for ax, attr, label in ((axes[0], "cpu", "CPU time (s)"), (axes[1], "time", "wall time (s)")):
        for cfg in configs:
            times = sorted(max(getattr(r, attr), 1e-3) for r in results
                           if r.config == cfg and solved(r))
            ax.plot(range(1, len(times) + 1), times, marker=".", label=f"{cfg} ({len(times)})")
        ax.set_xlabel("correctly solved tasks")
        ax.set_ylabel(label)
        ax.set_yscale("log")
        ax.grid(True, which="both", alpha=0.3)
        ax.legend()
    fig.suptitle(title)
    fig.tight_layout()
    fig.savefig(path, dpi=90)
    plt.close(fig)
    return path


def scatter_plot(results: list[RunResult], a: str, b: str, path: Path) -> Path:
    """CPU time per task under configuration `a` (x) against `b` (y); the marker says which
    configuration answered the task correctly."""
    plt = _pyplot()
    by = {(r.task, r.config): r for r in results}
    tasks = sorted({r.task for r in results if (r.task, a) in by and (r.task, b) in by})
    groups: dict[str, list[tuple[float, float]]] = {"both correct": [], f"only {a}": [],
                                                    f"only {b}": [], "neither": []}
    for t in tasks:
        ra, rb = by[(t, a)], by[(t, b)]
        oka, okb = ra.outcome == scoring.OK, rb.outcome == scoring.OK
        key = ("both correct" if oka and okb else f"only {a}" if oka
               else f"only {b}" if okb else "neither")
        groups[key].append((max(ra.cpu, 1e-2), max(rb.cpu, 1e-2)))
    fig, ax = plt.subplots(figsize=(5.5, 5.5))
    markers = {"both correct": "o", f"only {a}": ">", f"only {b}": "^", "neither": "x"}
    hi = 1.0
    for key, pts in groups.items():
        if pts:
            xs, ys = zip(*pts)
            hi = max(hi, *xs, *ys)
            ax.scatter(xs, ys, marker=markers[key], label=f"{key} ({len(pts)})", alpha=0.7)
    ax.plot([1e-2, hi * 1.5], [1e-2, hi * 1.5], color="grey", linewidth=0.8)
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel(f"{a}: CPU time (s)")
    ax.set_ylabel(f"{b}: CPU time (s)")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize="small")
    ax.set_title(f"{a} vs {b}, per task")
    fig.tight_layout()
    fig.savefig(path, dpi=90)
    plt.close(fig)
    return path


# ----------------------------------------------------------------------------- HTML

_STYLE = """
body { font-family: sans-serif; margin: 1.5em; }
table { border-collapse: collapse; margin-bottom: 1.5em; font-size: 90%; }
th, td { border: 1px solid #ccc; padding: 2px 6px; text-align: right; }
th { background: #eee; } td.l { text-align: left; }
tr.all td { font-weight: bold; }
.correct { background: #d6f5d6; } .wrong { background: #f8c0c0; }
.missed { background: #fbe3b8; } .unknown { background: #eeeeee; }
"""


def _table(header: Iterable[str], body: Iterable[tuple[str, list[str]]],
           left: int = 2) -> str:
    out = ["<table>", "<tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in header) + "</tr>"]
    for cls, values in body:
        cells = "".join(f'<td class="l">{html.escape(v)}</td>' if i < left
                        else f"<td>{html.escape(v)}</td>" for i, v in enumerate(values))
        out.append(f'<tr class="{cls}">{cells}</tr>')
    out.append("</table>")
    return "\n".join(out)


def _task_table(results: list[RunResult], configs: list[str]) -> str:
    by = {(r.task, r.config): r for r in results}
    tasks = sorted({(r.category, r.task) for r in results})
    expected = {r.task: r.expected for r in results}
    head = ["category", "task", "expected"] + [f"{c}" for c in configs]
    out = ["<table>", "<tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in head) + "</tr>"]
    for cat, task in tasks:
        cells = [f'<td class="l">{html.escape(v)}</td>' for v in (cat, task, expected[task])]
        for c in configs:
            r = by.get((task, c))
            if r is None:
                cells.append("<td></td>")
                continue
            title = html.escape(r.reason, quote=True)
            cells.append(f'<td class="l {r.outcome}" title="{title}">'
                         f"{html.escape(r.verdict)} {r.time:.1f}s</td>")
        out.append("<tr>" + "".join(cells) + "</tr>")
    out.append("</table>")
    return "\n".join(out)


def _img(path: Path) -> str:
    data = base64.b64encode(path.read_bytes()).decode()
    return (f'<p><img alt="{html.escape(path.name)}" src="data:image/png;base64,{data}">'
            f'<br><a href="{html.escape(path.name)}">{html.escape(path.name)}</a></p>')


def write_html(results: list[RunResult], configs: list[str], out_dir: Path, *,
               title: str = "pycorral bench", scatter: tuple[str, str] | None = None,
               meta: dict | None = None) -> Path:
    table_rows = rows(results, configs)
    body = [("all" if r.category == ALL else "", _values(r)) for r in table_rows]
    parts = [f"<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
             f"<title>{html.escape(title)}</title><style>{_STYLE}</style></head><body>",
             f"<h1>{html.escape(title)}</h1>"]
    if meta:
        parts.append("<p>" + "<br>".join(f"{html.escape(str(k))}: {html.escape(str(v))}"
                                         for k, v in meta.items()) + "</p>")
    parts.append("<p>Score as in SV-COMP: correct TRUE +2, correct FALSE +1, wrong TRUE "
                 "-32, wrong FALSE -16, unknown 0. pycorral's \"correct\" (proved) is TRUE, "
                 "\"bug\" is FALSE; \"no bug within bound\" (bounded) scores 0, and on a "
                 "task with a bug it is counted as missed.</p>")
    parts.append("<h2>Per category and configuration</h2>")
    parts.append(_table(HEADER, body))
    split = disagreements(results)
    if split:
        parts.append("<h2>Configurations disagree (TRUE vs FALSE)</h2><ul>" + "".join(
            f"<li>{html.escape(line)}</li>" for line in split) + "</ul>")
    if results:
        parts.append("<h2>Cactus plot</h2>")
        parts.append(_img(cactus_plot(results, configs, out_dir / "cactus.png")))
        pair = scatter or (tuple(configs[:2]) if len(configs) >= 2 else None)
        if pair:
            parts.append("<h2>Scatter plot</h2>")
            parts.append(_img(scatter_plot(results, pair[0], pair[1],
                                           out_dir / "scatter.png")))
    parts.append("<h2>Tasks</h2>")
    parts.append(_task_table(results, configs))
    parts.append("</body></html>")
    path = out_dir / "report.html"
    path.write_text("\n".join(parts) + "\n")
    return path


def write_all(results: list[RunResult], configs: list[str], out_dir: Path, *,
              title: str = "pycorral bench", scatter: tuple[str, str] | None = None,
              meta: dict | None = None) -> list[Path]:
    """results.csv, results.json and report.html (with its images) in `out_dir`."""
    write_csv(results, out_dir / "results.csv")
    write_json(results, configs, out_dir / "results.json", meta)
    html_path = write_html(results, configs, out_dir, title=title, scatter=scatter, meta=meta)
    return [out_dir / "results.csv", out_dir / "results.json", html_path]
