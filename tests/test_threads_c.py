"""C threads in both front ends (issue 22): POSIX threads modelled in C
(frontend/include/pycorral_pthread.c) on Corral's `async call` and atomic sections,
verified by the context-bounded sequentialization.

- Data files tests/data/threads/*.c state `// EXPECT: bug|bounded` and their `// FLAGS:`
  (a context bound and a loop bound).  Each runs through `pycorral check` in a subprocess
  (a run may be long: the run guard's hard stop must not hit the test process), in the C
  front end by default and in both front ends with `-m slow` (the differential check: the
  same verdict from both, on the same file).  The driver example
  (examples/driver_race.c): the race found, the locked version not flagged within K = 3
  (`-m slow`).  A bug names at least two threads in its
  trace and is replayed under its thread schedule (replay/threads.py), never as if
  sequential; nothing found is "bounded", never "correct".
- The translation: both front ends turn pthread_create into an `async call` of the
  model's thread body, declare Corral's procedures, and wrap a `__VERIFIER_atomic_*` call
  in an atomic section; the C front end splits a read of shared memory from the write
  that uses it; a local whose address never escapes is a Boogie local (thread-local: no
  context switch), one passed to a thread is in shared memory; the LLVM front end keeps
  the model's thread table in word maps (a byte map made threaded programs several times
  slower).
- Bad input stays one line and exit 2.
"""
from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from boogie.ast import Call, ProcedureDecl
from cases import read_case

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data" / "threads"
FILES = sorted(DATA.glob("*.c"))
PYCORRAL = [sys.executable, "-m", "pycorral.cli"]
# the LLVM front end's verdict runs are several times slower than the C front end's (minutes
# on a loaded machine): they run with -m slow
LLVM_DEFAULT = {"local_shared_bug.c", "local_private.c", "null_start_routine.c",
                "fail_then_earlier_round_bug.c"}


def _check(path: Path, frontend: str, extra: list[str] = ()) -> tuple[int, dict, str]:
    flags = shlex.split(read_case(path).get("FLAGS") or "")
    p = subprocess.run([*PYCORRAL, "check", "--json", "--frontend", frontend, "--timeout",
                        "240", *flags, *extra, str(path)], capture_output=True, text=True,
                       cwd=ROOT, timeout=1500, env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        doc = json.loads(p.stdout)
    except json.JSONDecodeError:
        doc = {}
    return p.returncode, doc, p.stdout + p.stderr


def _cases():
    for path in FILES:
        slow = read_case(path).get("SLOW") is not None
        for fe in ("c", "llvm"):
            marks = () if (fe == "c" or path.name in LLVM_DEFAULT) and not slow else \
                (pytest.mark.slow,)
            yield pytest.param(path, fe, id=f"{path.stem}-{fe}", marks=marks)


@pytest.mark.parametrize("path,frontend", list(_cases()))
def test_verdict(path: Path, frontend: str):
    """`posix_*.c`: a bug/correct pair per modelled pthread function (issue 33), each
    citing the POSIX rule it checks; a program that starts no thread is `correct` (no
    context bound applies), one that does is `bounded`; a `RULE:` line is the rule a
    misuse report must name."""
    case = read_case(path)
    expect = case.expect
    assert expect in ("bug", "bounded", "correct"), f"{path.name}: EXPECT bug/bounded/correct"
    rc, doc, out = _check(path, frontend)
    assert doc.get("verdict") == expect, out
    assert rc == {"bug": 10, "bounded": 30, "correct": 0}[expect], out
    for rule in case.all("RULE"):
        assert rule in out, (rule, out)
    if expect == "bug" and doc.get("context_bound") is not None:
        texts = [s.get("text", "") for s in doc["trace"]["steps"]]
        threads = {t.split(":")[0].split(" creates")[0] for t in texts
                   if t.startswith("thread ")}
        assert {"thread 1", "thread 2"} <= threads, threads


@pytest.mark.slow
@pytest.mark.parametrize("name,expect", [("driver_race.c", "bug"),
                                         ("driver_race_locked.c", "bounded")])
def test_driver_example(name, expect):
    rc, doc, out = _check(ROOT / "examples" / name, "c",
                          ["--context-bound", "3", "--bound", "1", "--timeout", "1200"])
    assert doc.get("verdict") == expect, out
    assert doc.get("context_bound") == 3


def test_bug_is_replayed_under_its_schedule():
    """The native replay runs the threads as the trace schedules them (replay/threads.py):
    the lost update is confirmed by execution, never replayed as if sequential."""
    path = DATA / "race_bug.c"
    flags = shlex.split(read_case(path).get("FLAGS") or "")
    p = subprocess.run([*PYCORRAL, "check", "--frontend", "c", "--timeout", "240", *flags,
                        str(path)], capture_output=True, text=True, cwd=ROOT, timeout=400,
                       env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert p.returncode == 10, p.stdout + p.stderr
    assert "confirmed by execution: the native run, following the trace's schedule" \
        in p.stdout, p.stdout
    assert "within context bound 2" in p.stdout


# ----------------------------------------------------------------------------- translation

def _c_program(path: Path, **kw):
    from frontend.c import CFrontendOptions, translate_files
    return translate_files([str(path)], CFrontendOptions(**kw))


def _llvm_program(path: Path):
    from frontend.load import FrontendOptions, load
    return load([str(path)], FrontendOptions(frontend="llvm")).program


def _calls(prog) -> list[Call]:
    return [c for d in prog.decls if isinstance(d, ProcedureDecl) and d.body is not None
            for b in d.body.blocks for c in b.cmds if isinstance(c, Call)]


@pytest.mark.parametrize("frontend", ["c", "llvm"])
def test_create_is_an_async_call_of_the_thread_body(frontend):
    from boogie.passes.sequentialize import is_concurrent
    from boogie.typecheck import typecheck
    prog = (_c_program if frontend == "c" else _llvm_program)(DATA / "atomic_function.c")
    typecheck(prog)
    assert is_concurrent(prog)
    calls = _calls(prog)
    assert [c.proc for c in calls if c.is_async] == ["__pycorral_thread_main"]
    procs = prog.procedures()
    for name in ("corral_getThreadID", "corral_atomic_begin", "corral_atomic_end"):
        assert name in procs and procs[name].body is None, name
    # each call of the atomic function sits between atomic_begin and atomic_end
    for d in prog.decls:
        if not isinstance(d, ProcedureDecl) or d.body is None:
            continue
        for b in d.body.blocks:
            names = [c.proc for c in b.cmds if isinstance(c, Call)]
            for i, n in enumerate(names):
                if n == "__VERIFIER_atomic_increment":
                    assert names[i - 1] == "corral_atomic_begin", names
                    assert names[i + 1] == "corral_atomic_end", names


def test_c_reads_of_shared_memory_are_steps_of_their_own():
    """`x = x + 1` in a threaded program: the read of x is an assignment of its own, so a
    context switch can come between it and the write; and the only read."""
    from boogie.ast import Assign, Var
    from boogie.visit import free_vars
    prog = _c_program(DATA / "race_bug.c")
    worker = prog.procedures()["worker"]
    writes = [c for b in worker.body.blocks for c in b.cmds if isinstance(c, Assign)
              and any(isinstance(t, Var) and t.name == "x" for t in c.lhs)]
    assert writes and all("x" not in free_vars(e) for c in writes for e in c.rhs), writes
    # ... and the statement reads x once: no read-back of the value stored (a shared access
    # the compiled program never makes, which a native replay could not follow)
    reads = [c for b in worker.body.blocks for c in b.cmds if isinstance(c, Assign)
             and any("x" in free_vars(e) for e in c.rhs)]
    assert len(reads) == 1, reads
    # a sequential program keeps `x := x + 1` (no cost where there are no threads)
    seq = _c_program(ROOT / "tests" / "data" / "c" / "verdict" / "errno_ok.c")
    assert not any(c.is_async for c in _calls(seq))


def _writes_of(prog, proc: str, cvar: str) -> list:
    """The assignments of `proc` that the trace shows as writes of C variable `cvar`."""
    from boogie.ast import Assign
    return [c for b in prog.procedures()[proc].body.blocks for c in b.cmds
            if isinstance(c, Assign) and any(a.name == "cassign" and a.args[:1] == (cvar,)
                                              for a in c.attrs)]


@pytest.mark.parametrize("frontend", ["c", "llvm"])
def test_escaped_locals_are_shared_and_private_ones_thread_local(frontend):
    """A local whose address goes to a thread is written in shared memory (a global map:
    context switches before its accesses); one whose address never escapes is a Boogie
    local of its procedure, in the thread's body too (no shared access at all)."""
    from boogie.ast import VarDecl
    from boogie.visit import cmd_exprs, cmd_targets, free_vars, lhs_root
    load = _c_program if frontend == "c" else _llvm_program
    shared = load(DATA / "local_shared_bug.c")
    gnames = {d.name for d in shared.decls if isinstance(d, VarDecl)}
    writes = _writes_of(shared, "main", "n")
    assert writes and all(lhs_root(t) in gnames for c in writes for t in c.lhs), writes
    private = load(DATA / "local_private.c")
    gnames = {d.name for d in private.decls if isinstance(d, VarDecl)}
    for proc, var in (("main", "n"), ("worker", "m")):
        writes = _writes_of(private, proc, var)
        assert writes and all(lhs_root(t) not in gnames for c in writes for t in c.lhs), \
            (proc, writes)
    worker = private.procedures()["worker"]
    touched = {v for b in worker.body.blocks for c in b.cmds
               for v in set(cmd_targets(c)).union(*(free_vars(e) for e in cmd_exprs(c)))}
    assert not touched & gnames, touched & gnames


def test_llvm_thread_table_is_in_word_maps():
    """pthread_join reads a thread's result: one cell of a word map, not eight bytes."""
    import re
    from boogie.printer import format_program
    text = format_program(_llvm_program(DATA / "join_result.c"))
    assert re.search(r"__pycorral_threads\[\{s\d+\}\]\.result", text)
    assert " * 256" not in text and " div 256" not in text, "a byte-level region"


@pytest.mark.parametrize("frontend", ["c", "llvm"])
def test_non_function_start_routine_is_one_error_line(tmp_path, frontend):
    src = tmp_path / "bad_start.c"
    src.write_text("#include <pthread.h>\nstruct s { int a; };\nint main(void) {\n"
                   "  pthread_t t;\n  struct s v = {0};\n  pthread_create(&t, 0, v, 0);\n"
                   "  return 0;\n}\n")
    p = subprocess.run([*PYCORRAL, "check", "--frontend", frontend, "--bound", "1", str(src)],
                       capture_output=True, text=True, cwd=ROOT, timeout=300,
                       env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert p.returncode == 2, p.stdout + p.stderr
    lines = [ln for ln in (p.stdout + p.stderr).splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith(f"{src}:6:"), lines
    assert ": error: " in lines[0] and "Traceback" not in p.stderr


def test_unmodelled_thread_function_is_unsupported(tmp_path):
    """Thread-specific data has no model: UNKNOWN with the reason, never a guess."""
    src = tmp_path / "key.c"
    src.write_text("#include <pthread.h>\nint main(void) {\n  pthread_key_t k;\n"
                   "  pthread_key_create(&k, 0);\n  return 0;\n}\n")
    p = subprocess.run([*PYCORRAL, "check", "--frontend", "c", "--bound", "1", str(src)],
                       capture_output=True, text=True, cwd=ROOT, timeout=300,
                       env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert p.returncode == 20, p.stdout + p.stderr
    assert "pthread_key_create" in p.stdout


@pytest.mark.parametrize("frontend", ["c", "llvm"])
def test_thread_local_variable_in_a_threaded_program_is_unsupported(frontend):
    """A `__thread` variable has a copy per thread; one shared cell would give a false bug
    (the C front end reported one before: it read `__thread` as nothing).  UNKNOWN with the
    reason and the variable's line, in both front ends."""
    src = ROOT / "tests" / "data" / "c" / "unsupported" / "thread_local_threaded.c"
    p = subprocess.run([*PYCORRAL, "check", "--frontend", frontend, "--bound", "1",
                        "--context-bound", "2", str(src)],
                       capture_output=True, text=True, cwd=ROOT, timeout=300,
                       env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert p.returncode == 20, p.stdout + p.stderr
    assert "thread-local variable" in p.stdout, p.stdout
    assert f"{src.name}:" in p.stdout + p.stderr


@pytest.mark.parametrize("frontend", ["c", "llvm"])
def test_an_allocation_is_one_step_of_the_sequentialization(frontend):
    """malloc (and a frame slot) is one step (issue 33: two threads read the same
    allocation counter between its read and its bump and got the same block -- a false
    bug).  Every command after the read of the counter that touches it carries
    `cs_step_continues`, and the sequentialization puts no context switch among them."""
    from boogie.ast import Assign, Havoc
    from boogie.passes.sequentialize import STEP_CONTINUES, sequentialize
    from boogie.passes.common import has_attr
    from boogie.visit import cmd_exprs, cmd_targets, free_vars
    prog = (_c_program if frontend == "c" else _llvm_program)(DATA / "posix_malloc_results.c")
    counter = "$alloc" if frontend == "c" else "$CurrAddr"

    def touches(c):
        return counter in set(cmd_targets(c)).union(*(free_vars(e) for e in cmd_exprs(c)))
    seen = 0
    for d in prog.decls:
        if not isinstance(d, ProcedureDecl) or d.body is None or d.name not in ("one", "two"):
            continue
        for b in d.body.blocks:
            cmds = list(b.cmds)
            for i, c in enumerate(cmds):
                if isinstance(c, Assign) and touches(c) and not has_attr(c.attrs, STEP_CONTINUES) \
                        and counter not in {getattr(t, "name", "") for t in c.lhs}:
                    rest = [x for x in cmds[i + 1:] if touches(x)]
                    assert rest, "the counter is read and never bumped"
                    assert all(has_attr(x.attrs, STEP_CONTINUES) for x in rest), rest
                    assert any(isinstance(x, (Havoc, Assign)) for x in rest)
                    seen += 1
    assert seen >= 2, "one allocation per thread body"
    # the sequentialization puts a switch before each of those commands without the mark
    from dataclasses import replace as dreplace

    def strip(p):
        def cmd(c):
            return dreplace(c, attrs=tuple(a for a in c.attrs if a.name != STEP_CONTINUES))
        return dreplace(p, decls=tuple(
            dreplace(d, body=dreplace(d.body, blocks=tuple(
                dreplace(b, cmds=tuple(cmd(c) for c in b.cmds)) for b in d.body.blocks)))
            if isinstance(d, ProcedureDecl) and d.body is not None else d for d in p.decls))

    def switches(p):
        return sum(1 for d in p.decls if isinstance(d, ProcedureDecl) and d.body is not None
                   and d.name in ("one", "two") for b in d.body.blocks for c in b.cmds
                   if isinstance(c, Call) and "context_switch" in c.proc)
    marked = sum(1 for d in prog.decls if isinstance(d, ProcedureDecl) and d.body is not None
                 and d.name in ("one", "two") for b in d.body.blocks for c in b.cmds
                 if has_attr(c.attrs, STEP_CONTINUES) and touches(c))
    assert switches(sequentialize(strip(prog), "main")) - switches(sequentialize(prog, "main")) \
        >= marked > 0
