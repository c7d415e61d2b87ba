"""Running one mutant: write its files, run the real `pycorral` as a subprocess in its own
session, watch the wall time and the resident memory of the whole process group, and
collect what the oracle needs (the run's CPU time too: its process and every descendant it
waited for, from wait4).

The subprocess gets no terminal (stdin from /dev/null, NO_COLOR), its output goes to files
(no pipe can fill up), and it is killed with its whole session at the wall limit: with
`--timeout T` at max(3 T, T + 10) s, else at the mutant's own wall limit, never before
HANG_FLOOR_S; at 3 GB of
resident memory (summed over the session) it is killed too.  For a C mutant, `gcc
-fsyntax-only -std=gnu11 -w` says whether a compiler rejects the program.
"""
from __future__ import annotations

import os
import signal
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from .mutants import Mutant
from .seeds import pycorral_command

MEMORY_KILL_MB = 3072
POLL = 0.05


@dataclass
class RunResult:
    rc: int | None              # None when we killed it
    wall: float
    stdout: str
    stderr: str
    killed: str | None = None   # "wall" or "memory"
    peak_mb: float = 0.0
    stray: int = 0              # processes of the run still alive after it exited
    gcc_rejects: bool | None = None
    gcc_message: str = ""
    cpu: float | None = None    # CPU seconds of the run's process tree (None: not measured)


def write_mutant(m: Mutant, folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for name, data in m.files.items():
        try:
            (folder / name).write_bytes(data)
        except OSError:
            pass                              # e.g. a name too long: the mutant is the name
    for what, name in m.special:
        path = folder / name
        if what == "fifo" and not path.exists():
            os.mkfifo(path)
        elif what == "dir":
            path.mkdir(exist_ok=True)


# no run is killed as a hang before this much wall time: a loaded machine (load ~10 under
# the test suite's workers and other jobs) stretched a native replay of a witness mutant
# (`replay --timeout 5`: build, then run) past the old 30 s, which the load, not the
# program, decided; the CPU-time check of the oracle ("overran") is load-robust
HANG_FLOOR_S = 120.0


def kill_limit(m: Mutant) -> float:
    if m.timeout is not None:
        return max(3 * m.timeout, m.timeout + 10, HANG_FLOOR_S)
    return max(m.wall or 30.0, HANG_FLOOR_S)


def _session_rss_mb(sid: int) -> float:
    """Resident memory (MB) of every process of session `sid`."""
    total = 0
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/stat", "rb") as f:
                stat = f.read().rsplit(b")", 1)[1].split()
            if int(stat[3]) != sid:          # field 6 (session), after the name
                continue
            total += int(stat[21]) * os.sysconf("SC_PAGE_SIZE")   # field 24 (rss pages)
        except (OSError, IndexError, ValueError):
            continue
    return total / 2 ** 20


def _session_pids(sid: int) -> list[int]:
    pids = []
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            try:
                with open(f"/proc/{entry.name}/stat", "rb") as f:
                    stat = f.read().rsplit(b")", 1)[1].split()
                if int(stat[3]) == sid and stat[0] != b"Z":
                    pids.append(int(entry.name))
            except (OSError, IndexError, ValueError):
                continue
    return pids


def _stray_processes(sid: int) -> int:
    """How many processes of the finished run's session are still alive half a second
    after it exited (a child it should have ended)."""
    if not _session_pids(sid):
        return 0
    time.sleep(0.5)
    return len(_session_pids(sid))


def _kill_session(proc: subprocess.Popen) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def gcc_verdict(folder: Path, name: str) -> tuple[bool | None, str]:
    """(rejected?, first error line) of `gcc -fsyntax-only -std=gnu11 -w` on a C file."""
    try:
        p = subprocess.run(["gcc", "-fsyntax-only", "-std=gnu11", "-w", name], cwd=folder,
                           capture_output=True, timeout=30, stdin=subprocess.DEVNULL,
                           start_new_session=True)
    except FileNotFoundError:
        return None, "gcc not found"
    except subprocess.TimeoutExpired:
        return True, "gcc timed out"
    err = p.stderr.decode("utf-8", "replace")
    first = next((line for line in err.splitlines() if "error" in line), "")
    return p.returncode != 0, first


def run_mutant(m: Mutant, folder: Path) -> RunResult:
    write_mutant(m, folder)
    out_path, err_path = folder / ".stdout", folder / ".stderr"
    env = {**os.environ, "NO_COLOR": "1", "PYTHONDONTWRITEBYTECODE": "1"}
    env.pop("PYCORRAL_DEBUG", None)
    limit = kill_limit(m)
    killed = None
    peak = 0.0
    with open(out_path, "wb") as out, open(err_path, "wb") as err:
        start = time.monotonic()
        proc = subprocess.Popen([*pycorral_command(), *m.argv], cwd=folder, stdout=out,
                                stderr=err, stdin=subprocess.DEVNULL, env=env,
                                start_new_session=True)
        polls = 0
        cpu = None
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                proc.returncode = os.waitstatus_to_exitcode(status)
                cpu = usage.ru_utime + usage.ru_stime
                break
            elapsed = time.monotonic() - start
            if elapsed > limit:
                killed = "wall"
                break
            polls += 1
            if polls % 4 == 0:
                rss = _session_rss_mb(proc.pid)
                peak = max(peak, rss)
                if rss > MEMORY_KILL_MB:
                    killed = "memory"
                    break
            time.sleep(POLL)
        wall = time.monotonic() - start
        stray = 0
        if killed:
            _kill_session(proc)
            proc.wait()
        else:
            stray = _stray_processes(proc.pid)
            _kill_session(proc)              # whatever the finished run left behind
    result = RunResult(None if killed else proc.returncode, wall,
                       out_path.read_bytes().decode("utf-8", "replace"),
                       err_path.read_bytes().decode("utf-8", "replace"), killed, peak, stray,
                       cpu=cpu)
    if m.c_input:
        result.gcc_rejects, result.gcc_message = gcc_verdict(folder, m.c_input)
    return result
