"""Runs a piece of work in a forked child whose standard error is captured.

Role: a guard around native code that may end its own process.  When one of z3's internal
checks fails, z3 prints "ASSERTION VIOLATION / File: ... / Line: ..." to file descriptor 2
and calls `exit()` (seen in Spacer's model-based projection, `mbp_arrays.cpp:344`, on SMACK's
pthread test join_return2 with `--strategy chc`): in our own process that would end the run
and write z3's words on the user's terminal.  `in_child(fn)` runs `fn()` in a fork of this
process whose fd 2 goes to a temporary file:

* `fn` returns: its value comes back pickled; what the child wrote to fd 2 is copied to ours,
  except z3's reports of a failed internal check (z3 may also print one and go on, raising a
  Python exception that `fn` handles, as on a driver with the LLVM front end): those go to
  the caller's `z3_failures` list as one-line summaries, never to the terminal;
* `fn` raises: the exception is raised here (pickled; its traceback stays in the child);
* the child dies (z3's `exit()`, a signal): `ChildDied`, with its exit status and what it
  wrote, which never reaches the terminal; `ChildDied.summary()` names z3's check.

An exception in this process while it waits (the run guard's deadline) kills the child
first.  Input: a function whose result and exceptions pickle; output: its result.
"""
from __future__ import annotations

import os
import pickle
import re
import signal
import sys
import tempfile
from typing import Callable, TypeVar

T = TypeVar("T")

# what z3 prints when an internal check fails (util/debug.cpp), the file and line it names
_Z3_VIOLATION = re.compile(r"ASSERTION VIOLATION\s+File:\s*(\S+)\s+Line:\s*(\d+)")


class ChildDied(Exception):
    """The child ended without handing back a result."""

    def __init__(self, status: str, stderr: str):
        super().__init__(status)
        self.status = status            # "exit code 114", "killed by SIGSEGV"
        self.stderr = stderr            # what it wrote to fd 2

    def summary(self) -> str:
        """One line: z3's failed check with its file and line, else the last line written,
        and how the child ended."""
        m = _Z3_VIOLATION.search(self.stderr)
        if m:
            return f"z3 ASSERTION VIOLATION at {m.group(1).rsplit('/', 1)[-1]}:{m.group(2)} " \
                   f"({self.status})"
        last = next((ln.strip() for ln in reversed(self.stderr.splitlines()) if ln.strip()), "")
        return f"{self.status}: {last[:200]}" if last else self.status


def in_child(fn: Callable[[], T], z3_failures: list[str] | None = None) -> T:
    """`fn()` in a forked child with fd 2 captured (see the module's docstring); when `fn`
    returns, the summaries of z3's failed internal checks it survived are appended to
    `z3_failures`."""
    sys.stdout.flush()
    sys.stderr.flush()
    with tempfile.TemporaryFile() as err:
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:                                    # the child: never returns
            _child(fn, r, w, err.fileno())
        os.close(w)
        try:
            data = _read_all(r)
            _, status = os.waitpid(pid, 0)
        except BaseException:
            _kill(pid)
            raise
        finally:
            os.close(r)
        err.seek(0)
        text = err.read().decode("utf-8", "replace")
    if status != 0 or not data:
        raise ChildDied(_status_text(status), text)
    text, failures = split_z3_failures(text)
    if z3_failures is not None:
        z3_failures.extend(failures)
    if text:
        sys.stderr.write(text)
        sys.stderr.flush()
    try:
        kind, value = pickle.loads(data)
    except Exception as e:              # noqa: BLE001 -- an exception that does not unpickle
        kind, value = "raised", RuntimeError(f"a child process's answer: {e}")
    if kind == "raised":
        raise value
    return value


def split_z3_failures(text: str) -> tuple[str, list[str]]:
    """`text` without z3's reports of failed internal checks (util/debug.cpp: "ASSERTION
    VIOLATION", "File:", "Line:", the condition, the version, and "Please file an issue
    ..."), and a one-line summary of each."""
    lines = text.splitlines(keepends=True)
    kept: list[str] = []
    found: list[str] = []
    i = 0
    while i < len(lines):
        if lines[i].strip() != "ASSERTION VIOLATION":
            kept.append(lines[i])
            i += 1
            continue
        block = lines[i:i + 7]
        end = next((j + 1 for j, ln in enumerate(block) if "Please file an issue" in ln),
                   next((j + 2 for j, ln in enumerate(block) if ln.startswith("Line:")),
                        len(block)))
        m = _Z3_VIOLATION.search("".join(block[:end]))
        found.append(f"z3 internal check failed at {m.group(1).rsplit('/', 1)[-1]}:"
                     f"{m.group(2)}" if m else "z3 internal check failed")
        i += min(end, len(block))
    return "".join(kept), found


def _child(fn: Callable[[], object], r: int, w: int, err: int) -> None:
    code = 1
    try:
        os.close(r)
        os.dup2(err, 2)
        try:
            out: tuple = ("ok", fn())
        except BaseException as e:      # noqa: BLE001 -- handed to the parent as it is
            out = ("raised", e)
        try:
            data = pickle.dumps(out)
        except Exception as e:          # noqa: BLE001 -- an unpicklable result or exception
            data = pickle.dumps(("raised", RuntimeError(f"{type(out[1]).__name__} from a "
                                                        f"child process: {e}")))
        view = memoryview(data)
        while view:
            view = view[os.write(w, view):]
        code = 0
    finally:
        sys.stderr.flush()
        os._exit(code)                   # no interpreter teardown, no atexit of the parent's


def _read_all(fd: int) -> bytes:
    chunks = []
    while True:
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)


def _kill(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    except (ProcessLookupError, ChildProcessError):
        pass


def _status_text(status: int) -> str:
    if os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
        try:
            return f"killed by {signal.Signals(sig).name}"
        except ValueError:
            return f"killed by signal {sig}"
    return f"exit code {os.WEXITSTATUS(status)}"
