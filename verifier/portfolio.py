"""Runs several verification attempts side by side, each in its own process; the first
decisive answer wins and the others are stopped at once (the Legion+ portfolio of seed
paper 001, Sec. 4.2, and the prover next to the bug search).

`run_portfolio(members, deadline, decisive)`: each member is a name and a function of no
arguments returning a picklable result (a `Result`, an SV-COMP answer, ...).  Each runs in
a child forked from this process (so it shares the loaded program without copying it, and
has its own solver and memory), sends its result back over a pipe and exits.  The parent
waits for results until `deadline` (seconds on `time.perf_counter()`); the first result for
which `decisive(result)` holds wins and every other member is killed (SIGKILL to its process
group: the member and anything it started) and reaped, so no orphan and no zombie solver
outlives the run.  A member that ends undecided (UNKNOWN, BOUNDED) lets the others go on; a
member that dies without a result (killed by a limit, a crash in native code) is recorded as
such.  If no member decides, the first undecided result in member order is the answer.

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
from dataclasses import dataclass
from multiprocessing.connection import wait
from typing import Any, Callable, Sequence


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


def _child(fn: Callable[[], Any], conn) -> None:
    try:
        os.setpgid(0, 0)            # its own group: killing it kills what it started
    except OSError:
        pass
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    try:
        out = fn()
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


def run_portfolio(members: Sequence[tuple[str, Callable[[], Any]]], deadline: float | None,
                  decisive: Callable[[Any], bool],
                  describe: Callable[[Any], str] = lambda r: "") -> PortfolioReport:
    ctx = multiprocessing.get_context("fork")
    sys.stdout.flush()
    sys.stderr.flush()
    t0 = time.perf_counter()
    procs: dict[Any, tuple[str, Any, int]] = {}     # reader -> (name, process, index)
    for i, (name, fn) in enumerate(members):
        reader, writer = ctx.Pipe(duplex=False)
        p = ctx.Process(target=_child, args=(fn, writer), name=f"pycorral-{name}",
                        daemon=True)
        p.start()
        try:
            os.setpgid(p.pid, p.pid)    # also here: no window before the child does it
        except OSError:
            pass
        writer.close()
        procs[reader] = (name, p, i)
    outcomes: dict[int, MemberOutcome] = {}
    results: dict[int, Any] = {}
    winner: str | None = None
    win_result: Any = None
    errors: list[BaseException] = []
    try:
        while procs and winner is None:
            left = None if deadline is None else deadline - time.perf_counter()
            if left is not None and left <= 0:
                break
            ready = wait(list(procs), timeout=left)
            for reader in ready:
                name, p, i = procs.pop(reader)
                took = round(time.perf_counter() - t0, 3)
                try:
                    out = pickle.loads(reader.recv_bytes())
                except (EOFError, OSError):
                    p.join(1.0)
                    outcomes[i] = MemberOutcome(name, "died", took,
                                                f"exit code {p.exitcode}")
                    continue
                finally:
                    reader.close()
                p.join(5.0)
                if isinstance(out, _Failed):
                    outcomes[i] = MemberOutcome(name, "error", took, out.what)
                    if out.error is not None:
                        errors.append(out.error)
                    continue
                results[i] = out
                if decisive(out) and winner is None:
                    winner, win_result = name, out
                    outcomes[i] = MemberOutcome(name, "won", took, describe(out))
                else:
                    outcomes[i] = MemberOutcome(name, "undecided", took, describe(out))
    finally:
        late = "stopped" if winner is not None else "timeout"
        for reader, (name, p, i) in procs.items():
            _kill(p)
            reader.close()
            outcomes[i] = MemberOutcome(name, late, round(time.perf_counter() - t0, 3))
    if winner is None:
        for i in sorted(results):
            win_result = results[i]
            break
    return PortfolioReport(winner, win_result,
                           tuple(outcomes[i] for i in sorted(outcomes)), tuple(errors))


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
