"""The oracle: what one run of a mutant says about the tool.

The rules the tool keeps on any input (README, "Verdicts and exit codes"):

* never a Python traceback, never exit code 1 (except `replay`, where 1 is "not reached"),
  no other exit code than the documented ones, no crash by a signal;
* never a hang: a run given `--timeout T` ends by about 1.1 T -- checked on its CPU time
  (its process tree's: at most 1.1 T + 1 s for each of the two portfolio members that run
  side by side), which the load of the machine does not stretch as it does the wall time;
  it is killed at max(3 T, T + 10) s of wall time, a hang; other runs are killed at the
  mutant's wall limit (neither before runner.HANG_FLOOR_S); memory stays below 3 GB;
* bad input is exactly one stderr line `file:line:col: error: message` with exit 2 (a
  click usage block for a usage mistake is counted apart, as `usage`), placed where the
  damage is: not at 1:1 when the first line of the file is intact (unless the message is
  about the whole file), never past the end of the file;
* no verdict (exit 0 or 10) on C that `gcc -fsyntax-only -std=gnu11 -w` rejects;
* no answer (TRUE/FALSE, confirmed/not reached) on input that is malformed for sure;
* an "internal error" caused by an input is a defect too (bad input must be diagnosed);
* `svcomp` ends with a `Result:` line; `check`'s verdict line agrees with its exit code;
* no process of the run is left alive after it exits.

`classify` returns (outcome, detail); `outcome` is `ok:<exit>` or `usage` for a clean run,
else one of FAILURES.
"""
from __future__ import annotations

import json
import re

from .mutants import Mutant
from .runner import RunResult

SLACK = 1.0
AT_ONCE = 2          # processes of one run computing side by side (a portfolio's members)
FAILURES = ["memory-blowup", "hang", "traceback", "overran", "exit-1", "bad-exit",
            "internal-error", "verdict-on-rejected-C", "accepted-malformed",
            "error-not-one-line", "error-at-1:1", "error-past-eof", "svcomp-format",
            "verdict-mismatch", "stray-process"]
ALLOWED_EXIT = {"check": {0, 2, 10, 20, 30}, "translate": {0, 2, 20}, "bpl": {0, 2, 20},
                "svcomp": {0, 2, 20}, "replay": {0, 1, 2, 20}}
ONE_LINE = re.compile(r"^(?P<file>.+?):(?P<line>\d+):(?P<col>\d+): error: (?P<msg>\S.*)$")
INTERNAL = re.compile(r"internal error(:| in )")     # not the help text's "internal error)"
RESULT_LINE = re.compile(r"^Result: (TRUE|FALSE\([a-z-]+\)|UNKNOWN( \(.*\))?)$")
# Messages about a whole file (or the command), or about a construct that may begin
# before the change (an unterminated comment), rightly placed at 1:1.
WHOLE_FILE = re.compile(
    r"cannot read|cannot tell|front end|entry|\bmain\b|UTF-8|utf-8|encoding|empty|"
    r"no procedure|not a (C|Boogie|LLVM)|--|option|file name|too large|nested too deeply|"
    r"too deep|too long|unsupported|unterminated", re.I)


def command_of(m: Mutant) -> str:
    for a in m.argv:
        if not a.startswith("-"):
            return a
    return ""


def _stderr_lines(r: RunResult) -> list[str]:
    return [line for line in r.stderr.splitlines()
            if line.strip() and not line.startswith("note: Corral flag")]


def _exit2(m: Mutant, r: RunResult) -> tuple[str, str] | None:
    lines = _stderr_lines(r)
    if lines and lines[0].startswith("Usage:") and any(x.startswith("Error:") for x in lines):
        return None                                      # click's usage block
    if len(lines) == 1 and lines[0].startswith("Error: "):
        return None                                      # click: an option without its value
    if len(lines) != 1 or not ONE_LINE.match(lines[0]):
        shown = " | ".join(lines[:4]) if lines else "(no stderr)"
        return "error-not-one-line", shown[:300]
    d = ONE_LINE.match(lines[0])
    line, col, msg = int(d["line"]), int(d["col"]), d["msg"]
    target = d["file"]
    content = m.files.get(target)
    if content is None or m.kind not in ("c", "bpl", "llvm"):
        return None
    if (line, col) == (1, 1) and m.changed_line and m.changed_line > 1 \
            and not WHOLE_FILE.search(msg):
        return "error-at-1:1", f"{lines[0][:200]} (first change on line {m.changed_line})"
    nlines = content.count(b"\n") + 1
    if line > nlines + 1 and m.family != "directive":
        return "error-past-eof", f"{lines[0][:200]} (file has {nlines} lines)"
    return None


def _verdict_mismatch(m: Mutant, r: RunResult) -> str | None:
    if "--json" in m.argv:
        try:
            verdict = json.loads(r.stdout.strip().splitlines()[-1]).get("verdict")
        except (ValueError, IndexError, AttributeError):
            return f"--json output is not JSON: {r.stdout[:100]!r}"
        want = {10: {"bug"}, 20: {"unknown"}, 0: {"correct"}, 30: {"bounded"}}[r.rc]
        return None if verdict in want else f"json verdict {verdict} with exit {r.rc}"
    if "--sarif" in m.argv:
        return None
    first = r.stdout.splitlines()[0] if r.stdout.strip() else ""
    ok = {10: first == "bug found", 20: first.startswith("unknown: "),
          0: first.startswith("correct"), 30: first.startswith("no bug found within bound")
          }[r.rc]
    return None if ok else f"exit {r.rc} with first line {first[:120]!r}"


def classify(m: Mutant, r: RunResult) -> tuple[str, str]:
    cmd = command_of(m)
    both = r.stdout + "\n" + r.stderr
    if r.killed == "memory":
        return "memory-blowup", f"killed above {r.peak_mb:.0f} MB after {r.wall:.1f}s"
    if r.killed == "wall":
        return "hang", f"killed after {r.wall:.1f}s (--timeout {m.timeout})"
    if "Traceback (most recent call last)" in both:
        tail = [x for x in both.splitlines() if x.strip()]
        return "traceback", (tail[-1] if tail else "")[:300]
    if m.timeout is not None and r.cpu is not None and \
            r.cpu > AT_ONCE * (1.1 * m.timeout + SLACK):
        return "overran", (f"{r.cpu:.1f}s of CPU ({r.wall:.1f}s of wall time) with "
                           f"--timeout {m.timeout:g} (rc {r.rc})")
    allowed = ALLOWED_EXIT.get(cmd, {0, 2})
    if r.rc not in allowed:
        kind = "exit-1" if r.rc == 1 else "bad-exit"
        return kind, (f"exit {r.rc}: " + " | ".join(_stderr_lines(r)[:3]))[:300]
    internal = INTERNAL.search(both)
    if internal:
        line = next(x for x in both.splitlines() if INTERNAL.search(x))
        return "internal-error", line.strip()[:300]
    if m.c_input and r.gcc_rejects and cmd in ("check", "svcomp") and r.rc in (0, 10, 30) \
            and (cmd == "check" or "Result: UNKNOWN" not in r.stdout):
        verdict = (r.stdout.strip().splitlines() or [""])[-1 if cmd == "svcomp" else 0]
        return "verdict-on-rejected-C", f"{verdict[:80]} / gcc: {r.gcc_message[:200]}"
    if m.expect_reject and (r.rc in (0, 10, 30) or (cmd == "replay" and r.rc == 1)):
        last = (r.stdout.strip().splitlines() or [""])[-1]
        return "accepted-malformed", f"exit {r.rc}: {last[:200]}"
    if r.rc == 2:
        bad = _exit2(m, r)
        if bad:
            return bad
        lines = _stderr_lines(r)
        if lines and lines[0].startswith(("Usage:", "Error: ")):
            return "usage", ""
    if cmd == "svcomp" and r.rc in (0, 20):
        last = (r.stdout.strip().splitlines() or [""])[-1]
        if not RESULT_LINE.match(last):
            return "svcomp-format", f"last line {last[:200]!r}"
    if cmd == "check" and r.rc in (0, 10, 20, 30) and "-h" not in m.argv and "--help" not in m.argv:
        bad = _verdict_mismatch(m, r)
        if bad:
            return "verdict-mismatch", bad
    if r.stray:
        return "stray-process", f"{r.stray} process(es) alive after exit {r.rc}"
    return f"ok:{r.rc}", ""


def is_failure(outcome: str) -> bool:
    return outcome in FAILURES
