"""Runs several verification attempts side by side, each in its own process; the first
decisive answer wins and the others are stopped at once (the Legion+ portfolio of seed
paper 001, Sec. 4.2, and the prover next to the bug search).

`run_portfolio(members, deadline, decisive, limits=PortfolioLimits(jobs, memory_mb))`: each
member is a name and a function of its own deadline (`verifier.deadline.Deadline`: its
slice of the portfolio's) returning a picklable result (a `Result`, an SV-COMP answer,
...).  Each runs in a child forked from this process (so it
shares the loaded program without copying it, and has its own solver and memory), sends its
result back over a pipe and exits.  At most `jobs` members run at once (default: the
cores); with more members than jobs the others wait for a free slot, and each member gets a
time slice of what is left (sequential time slices; with enough jobs every member has the
whole budget).  A member past its slice or over its own memory limit (resident memory of
its process group -- the pages it does not share with this process --, read from /proc
every `POLL_SECONDS`) is killed and the others go on.
With `limits.leaders`, once those members have all ended undecided the others get only
`limits.after_leaders` more CPU time (the prover next to a bounded search: see engine;
CPU seconds of the member's process, read from /proc, not wall time, so that a busy
machine does not cut the prover shorter).  The parent
waits for results until `deadline` (the run's `Deadline`); the first result for
which `decisive(result)` holds wins and every other member is killed (SIGKILL to its process
group: the member and anything it started) and reaped, so no orphan and no zombie solver
outlives the run.  A member that ends undecided (UNKNOWN, BOUNDED) lets the others go on; a
member that dies without a result (killed by a limit, a crash in native code) is recorded as
such.  If no member decides, the first undecided result in member order is the answer.
A member may also send, before its result, what it would answer if it were stopped now
(`interim`: a deepening search's BOUNDED at the last bound it searched completely); if it
is then killed at its slice's end or the deadline, the last such answer is its result --
under load a search does not always stop by itself within `KILL_GRACE`, and the bounds it
had searched were lost to "timeout".  The run guard's `DeadlineExceeded` (its deadline comes
a little after the portfolio's) ends the portfolio the same way, with the same report.

The report names the winner and what each member ended with (`PortfolioReport`).
"""
from __future__ import annotations

import multiprocessing
import os
import pickle
import signal
import sys
import time
import traceback
from dataclasses import dataclass, replace
from multiprocessing.connection import wait
from typing import Any, Callable, Sequence

from verifier.deadline import Deadline, DeadlineExceeded


@dataclass(frozen=True, slots=True)
class MemberOutcome:
    name: str
    status: str          # "won", "undecided", "stopped" (killed after another won),
    #                      "died" (no result), "error" (raised), "timeout"
    seconds: float
    detail: str = ""     # the member's reason, or why it died


@dataclass(frozen=True, slots=True)
class PortfolioReport:
    winner: str | None
    result: Any          # the winner's result, else the first undecided one, else None
    members: tuple[MemberOutcome, ...]
    errors: tuple[BaseException, ...] = ()   # exceptions members raised (sendable ones)


class _Failed:
    """What a member sends when its function raised: the traceback's last line, and the
    exception itself when it can be sent (the caller may re-raise bad input)."""

    def __init__(self, what: str, error: BaseException | None = None):
        self.what = what
        self.error = error


class _Interim:
    """What a running member would answer if it were stopped now (`interim`)."""

    def __init__(self, result: Any):
        self.result = result


_TO_PARENT = None           # in a member's process: its pipe to the portfolio


def interim(result: Any) -> None:
    """Called inside a member: `result` (undecided, already earned) is what the member
    answers if it is killed before it sends its own result; a later call replaces it.
    Outside a portfolio member it does nothing."""
    if _TO_PARENT is None:
        return
    try:
        _TO_PARENT.send_bytes(pickle.dumps(_Interim(result)))
    except Exception:  # noqa: BLE001 - an interim answer is optional, never an error
        pass


def _child(fn: Callable[[Deadline], Any], stop_at: Deadline, conn) -> None:
    global _TO_PARENT
    _TO_PARENT = conn
    try:
        os.setpgid(0, 0)            # its own group: killing it kills what it started
    except OSError:
        pass
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    try:
        out = fn(stop_at)
    except BaseException as e:  # noqa: BLE001 - reported to the parent, never a verdict
        tb = traceback.extract_tb(e.__traceback__)[-1] if e.__traceback__ else None
        where = f" ({tb.filename.rsplit('/', 1)[-1]}:{tb.lineno})" if tb else ""
        try:
            pickle.dumps(e)
            sent: BaseException | None = e
        except Exception:  # noqa: BLE001 - not picklable: its text only
            sent = None
        out = _Failed(f"{type(e).__name__}: {e}{where}", sent)
    try:
        conn.send_bytes(pickle.dumps(out))
    except Exception as e:  # noqa: BLE001 - an unpicklable result is a failure
        conn.send_bytes(pickle.dumps(_Failed(f"result not sendable: {e}")))
    conn.close()
    sys.stdout.flush()
    os._exit(0)                     # no atexit handlers, no z3 teardown


@dataclass(frozen=True, slots=True)
class PortfolioLimits:
    """How members share the machine: `jobs` members at once (None: the cores); with more
    members than jobs, each later member starts when one ends, and every member gets a time
    slice: the time left divided by the waves of members still to start (so that the last
    ones are not starved).  `memory_mb`: each member's own limit on the resident memory of
    its process group; past it the member is killed and the others go on."""
    jobs: int | None = None
    memory_mb: int | None = None
    # once every member named in `leaders` has ended undecided (and none is left to
    # start), the others get `after_leaders` = (at least this many CPU seconds more, and
    # in all until they have used this many CPU seconds), never past the deadline
    leaders: tuple[str, ...] = ()
    after_leaders: tuple[float, float] | None = None

    def __post_init__(self):
        assert self.jobs is None or self.jobs >= 1, "at least one job"
        assert self.memory_mb is None or self.memory_mb > 0, "a positive memory limit"
        assert self.after_leaders is None or self.leaders, "after_leaders needs leaders"

    def slots(self) -> int:
        return self.jobs if self.jobs is not None else max(1, os.cpu_count() or 1)


POLL_SECONDS = 0.1          # how often the memory of running members is read
KILL_GRACE = 0.5            # a member past its slice (it stops itself first) is killed after


@dataclass(slots=True)
class _Running:
    name: str
    index: int
    process: Any
    started: float
    stop_at: Deadline       # its slice's end, by which it stops itself
    kill_at: float | None   # stop_at + KILL_GRACE (monotonic), never past the portfolio's
    cpu_stop: float | None = None   # CPU seconds of its own after which it is stopped


def run_portfolio(members: Sequence[tuple[str, Callable[[Deadline], Any]]],
                  deadline: Deadline | float | None, decisive: Callable[[Any], bool],
                  describe: Callable[[Any], str] = lambda r: "",
                  limits: PortfolioLimits = PortfolioLimits()) -> PortfolioReport:
    """`members`: (name, fn) pairs; `fn(stop_at)` runs in the member's process and must
    end by itself by `stop_at` (a `Deadline`: its slice of `deadline`, which is a
    `Deadline` or an instant on the monotonic clock, the same in every process)."""
    deadline = Deadline.of(deadline)
    end = deadline.at
    ctx = multiprocessing.get_context("fork")
    sys.stdout.flush()
    sys.stderr.flush()
    t0 = time.monotonic()
    jobs = limits.slots()
    pending = list(enumerate(members))
    running: dict[Any, _Running] = {}     # reader -> the member
    outcomes: dict[int, MemberOutcome] = {}
    results: dict[int, Any] = {}
    interims: dict[int, Any] = {}        # member -> its last interim answer
    winner: str | None = None
    win_result: Any = None
    errors: list[BaseException] = []

    def start() -> None:
        i, (name, fn) = pending.pop(0)
        now = time.monotonic()
        waves = -(-(len(pending) + 1) // jobs)       # ceil: waves still to start
        stop_at = deadline.share(waves)
        reader, writer = ctx.Pipe(duplex=False)
        p = ctx.Process(target=_child, args=(fn, stop_at, writer), name=f"pycorral-{name}",
                        daemon=True)
        p.start()
        try:
            os.setpgid(p.pid, p.pid)    # also here: no window before the child does it
        except OSError:
            pass
        writer.close()
        kill_at = None if end is None else min(stop_at.at + KILL_GRACE, end)
        running[reader] = _Running(name, i, p, now, stop_at, kill_at)

    try:
        while (pending or running) and winner is None:
            while pending and len(running) < jobs:
                start()
            now = time.monotonic()
            if deadline.expired():
                break
            wake = [m.kill_at for m in running.values() if m.kill_at is not None]
            left = None if not wake else max(0.0, min(wake) - now)
            if limits.memory_mb is not None or any(m.cpu_stop is not None
                                                   for m in running.values()):
                left = POLL_SECONDS if left is None else min(left, POLL_SECONDS)
            for reader in wait(list(running), timeout=left):
                m = running[reader]
                out = _receive(reader, m)
                if isinstance(out, _Interim):
                    interims[m.index] = out.result
                    continue
                del running[reader]
                took = round(time.monotonic() - t0, 3)
                if isinstance(out, MemberOutcome):
                    outcomes[m.index] = MemberOutcome(m.name, out.status, took, out.detail)
                    continue
                if isinstance(out, _Failed):
                    outcomes[m.index] = MemberOutcome(m.name, "error", took, out.what)
                    if out.error is not None:
                        errors.append(out.error)
                    continue
                results[m.index] = out
                if decisive(out) and winner is None:
                    winner, win_result = m.name, out
                    outcomes[m.index] = MemberOutcome(m.name, "won", took, describe(out))
                else:
                    outcomes[m.index] = MemberOutcome(m.name, "undecided", took,
                                                      describe(out))
            if winner is None and limits.after_leaders is not None and not pending:
                _settle(running, outcomes, limits)
            if winner is None:
                _police(running, outcomes, limits, t0)
    except DeadlineExceeded:
        # the run's own deadline (the CLI's guard, a little after `deadline`) came first,
        # as under load: the same end as ours -- the members are stopped and what they sent
        # (interim answers included) is the report; the guard raises it only once
        pass
    finally:
        late = "stopped" if winner is not None else "timeout"
        for reader, m in running.items():
            _kill(m.process)
            reader.close()
            outcomes[m.index] = MemberOutcome(m.name, late, round(time.monotonic() - t0, 3))
        for i, (name, _fn) in pending:
            outcomes[i] = MemberOutcome(name, "not started", 0.0)
    for i, out in interims.items():
        # killed at its time or memory limit after it had sent one; an error or a crash
        # stays what it is (as deepening never turns an internal error into a bound)
        if i not in results and (outcomes[i].status == "timeout" or (
                outcomes[i].status == "died" and outcomes[i].detail.startswith("memory"))):
            results[i] = out
            said = f"its last interim answer: {describe(out)}".rstrip(": ")
            outcomes[i] = replace(outcomes[i], detail="; ".join(
                x for x in (outcomes[i].detail, said) if x))
    if winner is None:
        for i in sorted(results):
            win_result = results[i]
            break
    return PortfolioReport(winner, win_result,
                           tuple(outcomes[i] for i in sorted(outcomes)), tuple(errors))


def _settle(running: dict, outcomes: dict, limits: PortfolioLimits) -> None:
    """Once the leaders have all ended undecided (`PortfolioLimits.leaders`), the members
    still running get `after_leaders` of CPU time and no more (`_police` stops them)."""
    done = {outcomes[i].name for i in outcomes}
    if not running or not set(limits.leaders) <= done:
        return
    more, total = limits.after_leaders
    for m in running.values():
        if m.cpu_stop is None:      # from the member's own start: its CPU time
            m.cpu_stop = max(process_cpu(m.process.pid) + more, total)


def _receive(reader, m: _Running) -> Any:
    """What a member sent: an `_Interim` (it goes on running), else its result, or its
    outcome if it ended without one (it died)."""
    try:
        out = pickle.loads(reader.recv_bytes())
    except (EOFError, OSError):
        m.process.join(1.0)
        out = MemberOutcome(m.name, "died", 0.0, _exit_text(m.process.exitcode))
    if isinstance(out, _Interim):
        return out
    reader.close()
    m.process.join(5.0)
    return out


def _exit_text(code: int | None) -> str:
    if code is not None and code < 0:
        try:
            return f"killed by {signal.Signals(-code).name}"
        except ValueError:
            pass
    return f"exit code {code}"


def _police(running: dict, outcomes: dict, limits: PortfolioLimits, t0: float) -> None:
    """Kill the members past their time slice or over their memory limit; the others go
    on."""
    now = time.monotonic()
    for reader in list(running):
        m = running[reader]
        why = None
        if m.kill_at is not None and now >= m.kill_at:
            why = ("timeout", "")
        elif m.cpu_stop is not None and process_cpu(m.process.pid) >= m.cpu_stop:
            why = ("timeout", f"{m.cpu_stop:g} s CPU after the search ended")
        elif limits.memory_mb is not None:
            used = group_rss_mb(m.process.pid)
            if used > limits.memory_mb:
                why = ("died", f"memory limit of {limits.memory_mb} MB reached "
                               f"({used:.0f} MB of its own)")
        if why is None:
            continue
        _kill(m.process)
        reader.close()
        del running[reader]
        outcomes[m.index] = MemberOutcome(m.name, why[0], round(now - t0, 3), why[1])


def process_cpu(pid: int) -> float:
    """CPU seconds (user and system) process `pid` has used, from /proc (0 when gone)."""
    try:
        with open(f"/proc/{pid}/stat") as fh:
            stat = fh.read()
        rest = stat[stat.rindex(")") + 2:].split()
        return (int(rest[11]) + int(rest[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime
    except (OSError, ValueError, IndexError):
        return 0.0


def group_rss_mb(pgid: int) -> float:
    """Memory of the processes of process group `pgid` (a member and what it started) in
    MB, from /proc: each process's private resident pages (its own, not those it still
    shares with the portfolio's process it was forked from, which hold the program)."""
    total = 0.0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as fh:
                stat = fh.read()
            # the fields after the command name (in parentheses, may hold spaces)
            rest = stat[stat.rindex(")") + 2:].split()
            if int(rest[2]) != pgid:            # field 5: pgrp
                continue
            total += _private_mb(int(entry))
        except (OSError, ValueError, IndexError):
            continue
    return total


def _private_mb(pid: int) -> float:
    kb = 0
    with open(f"/proc/{pid}/smaps_rollup") as fh:
        for line in fh:
            if line.startswith(("Private_Clean:", "Private_Dirty:")):
                kb += int(line.split()[1])
    return kb / 1024


def _kill(p) -> None:
    """SIGKILL to the member's process group, then reap it."""
    if p.pid is not None:
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            try:
                p.kill()
            except Exception:  # noqa: BLE001 - already gone
                pass
    p.join(5.0)
