"""A second solver racing z3 on one query: Bitwuzla or cvc5 in a child process.

Role: `z3session.Z3Solver` hands a query that z3 did not answer quickly (the one-shot query
after the incremental core's try) to `Rival.start` as SMT-LIB text, and runs z3 on it at
the same time; whichever answers first wins, and the other is stopped (z3 by an interrupt of
its context, the child by a kill).  The child is `python -m verifier.smt.rival SOLVER CPU`:
it reads the query on stdin, answers through the solver's door (`bitwuzla_door.py`,
`cvc5_door.py`: the only modules importing those libraries) and writes one JSON line
`{"answer": "sat"|"unsat"|"unknown"|"error", "values": {name: SMT-LIB value}, "cpu": s}`.

Why a process: the solvers' own time limits are wall clock, and a native library cannot be
stopped from Python mid-call; the child's limit is CPU time (`RLIMIT_CPU`: the load changes
when it answers, not whether), its memory is its own, and killing it is always safe.

Which solver (`pick`): Bitwuzla for a query without integer or real arithmetic (it has
none; on bit-vectors and floating point it is usually the fastest), cvc5 otherwise; no rival
for a quantified query (the answers would need z3's reading of quantifiers, `solver.py`).

A SAT answer comes back as the values of the query's constants; `z3session` then asks z3
the same query with those values pinned (`pinned`), which z3 answers at once, so the model
the engine reads (traces, inlining decisions) is z3's own and every SAT is checked by z3.
An UNSAT answer is taken as it is (the bounded verdicts it leads to are re-checked by the
prover or stay "bounded"); the answers of both solvers are sound.  Where SMT-LIB leaves a
result open (fp.min/fp.max of two zeros of opposite signs, fp.to_ubv/fp.to_sbv/fp.to_real
out of range, of NaN or of an infinity) z3, Bitwuzla and cvc5 all read it as any value, so
an UNSAT of one is an UNSAT of the others; tests/test_rival.py checks that for each such
operator and each solver, so a version that fixes a value fails there.
"""
from __future__ import annotations

import functools
import importlib.util
import json
import os
import resource
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

SOLVERS = ("bitwuzla", "cvc5")
CHILD_SOLVERS = SOLVERS + ("z3",)   # z3 too in a child: scripts/time_solvers.py
_ROOT = str(Path(__file__).resolve().parents[2])


@dataclass
class Answer:
    """What the child said: `answer` is "sat", "unsat", "unknown" (its limit, or the solver
    gave up) or "error" (it could not read the query; `why`)."""
    solver: str
    answer: str
    values: dict[str, str] = field(default_factory=dict)
    cpu: float = 0.0
    why: str = ""


def available(wanted: tuple[str, ...]) -> tuple[str, ...]:
    """Those of the solvers `wanted` whose Python package is installed (not imported here:
    only the child process imports a solver)."""
    return tuple(n for n in wanted if n in SOLVERS and _installed(n))


@functools.cache
def _installed(name: str) -> bool:
    return importlib.util.find_spec(name) is not None


def pick(has_arith: bool, quantified: bool, available: tuple[str, ...]) -> str | None:
    """The rival for a query (see the module docstring), None when there is none."""
    if quantified:
        return None
    want = "cvc5" if has_arith else "bitwuzla"
    if want in available:
        return want
    if "cvc5" in available:
        return "cvc5"
    return None


def pinned(values: dict[str, str]) -> str:
    """SMT-LIB assertions fixing each constant to its value (names quoted as `|name|`; a
    solver may hand a name back with its quotes)."""
    out = []
    for name, v in values.items():
        if len(name) > 1 and name[0] == "|" and name[-1] == "|":
            name = name[1:-1]
        if "|" not in name and "\\" not in name:
            out.append(f"(assert (= |{name}| {v}))\n")
    return "".join(out)


class Rival:
    """One child process answering one query; `on_answer` (called from a reader thread)
    is told of a decided answer as soon as it arrives (z3session interrupts z3 there)."""

    def __init__(self, solver: str, text: str, cpu: float | None,
                 on_answer: Callable[[Answer], None] | None = None):
        assert solver in CHILD_SOLVERS, solver
        self.solver = solver
        self.started = time.perf_counter()
        self._answer: Answer | None = None
        self._done = threading.Event()
        env = dict(os.environ)
        env["PYTHONPATH"] = _ROOT + (os.pathsep + env["PYTHONPATH"]
                                     if env.get("PYTHONPATH") else "")
        limit = "0" if cpu is None else f"{max(cpu, 0.1):.3f}"
        self._proc = subprocess.Popen(
            [sys.executable, "-m", "verifier.smt.rival", solver, limit],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            env=env)            # in the run's process group: a kill of the run reaches it
        self._on_answer = on_answer
        self._thread = threading.Thread(target=self._talk, args=(text,), daemon=True,
                                        name=f"pycorral-rival-{solver}")
        self._thread.start()

    def _talk(self, text: str) -> None:
        try:
            out, _ = self._proc.communicate(text.encode())
            line = out.decode(errors="replace").strip().splitlines()
            d = json.loads(line[-1]) if line else {}
            a = Answer(self.solver, d.get("answer", "unknown"), d.get("values", {}),
                       float(d.get("cpu", 0.0)), d.get("why", ""))
            if not line:
                a.why = f"no answer (exit {self._proc.returncode})"
        except (OSError, ValueError) as e:
            a = Answer(self.solver, "error", why=str(e))
        self._answer = a
        self._done.set()
        if self._on_answer is not None and a.answer in ("sat", "unsat"):
            self._on_answer(a)

    def wait(self, timeout: float | None = None) -> Answer | None:
        """The answer, waiting at most `timeout` seconds (None: until the child ends)."""
        self._done.wait(timeout)
        return self._answer

    def done(self) -> bool:
        return self._done.is_set()

    def stop(self) -> None:
        """Kill the child (no answer is read after this)."""
        self._on_answer = None
        if self._proc.poll() is None:
            try:
                self._proc.kill()
            except OSError:
                pass


class _Z3Door:
    """z3 on the same text, as the other doors answer (for timing the solvers side by side;
    the engine runs z3 in its own process)."""

    @staticmethod
    def solve(text: str) -> tuple[str, dict[str, str]]:
        import z3
        s = z3.Solver()
        s.from_string(text)
        r = s.check()
        return ("sat" if r == z3.sat else "unsat" if r == z3.unsat else "unknown"), {}


def _die_with_parent() -> None:
    """Linux: SIGKILL this process when the process that started it ends (a run killed at
    its deadline leaves no solver running)."""
    try:
        import ctypes
        import signal
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, int(signal.SIGKILL), 0, 0, 0)      # PR_SET_PDEATHSIG
        if os.getppid() == 1:                             # the parent is already gone
            os._exit(1)
    except (OSError, AttributeError):
        pass


def _child(solver: str, cpu: float) -> int:
    _die_with_parent()
    if cpu > 0:
        soft = max(1, int(cpu + 0.999))
        resource.setrlimit(resource.RLIMIT_CPU, (soft, soft + 2))
    text = sys.stdin.read()
    t0 = time.process_time()
    try:
        if solver == "z3":
            door = _Z3Door
        elif solver == "bitwuzla":
            from verifier.smt import bitwuzla_door as door
        else:
            from verifier.smt import cvc5_door as door
        answer, values = door.solve(text)
        d = {"answer": answer, "values": values}
    except Exception as e:  # noqa: BLE001 - the query is not one this solver reads
        d = {"answer": "error", "why": f"{type(e).__name__}: {str(e)[:300]}"}
    d["cpu"] = time.process_time() - t0
    sys.stdout.write(json.dumps(d) + "\n")
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(_child(sys.argv[1], float(sys.argv[2])))
