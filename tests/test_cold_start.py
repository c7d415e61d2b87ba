"""Cold start: the native-replay toolchain is built during set-up, never silently inside a
check, and a build that does happen during a check does not count against --timeout.

1. `RunGuard.suspended`: the deadlines stop during the suspended work and move by its
   duration (a script in its own process: the guard owns SIGALRM).
2. A check whose replay toolchain must be built first (a build of 4 s injected in place of
   zig's minute) says so on stderr, is not cut by `--timeout 3`, and confirms the bug.
3. After `python -m replay.prepare`, a replay builds no runtime of its own: zig's cache
   grows by the program's objects only (the probe once ran in the repository folder, where
   zig keys its runtime by a relative path, and every first replay built musl again).
4. `replay.prepare --if-needed` (what `./run` does before each check) returns at once when
   the runtime is built; the stamp saying so lives in zig's cache.
"""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from conftest import run_cpu
from replay import native

ROOT = Path(__file__).resolve().parent.parent
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}


def _script(code: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], cwd=ROOT, env=ENV,
                          capture_output=True, text=True, timeout=timeout)


def test_suspended_work_does_not_count_against_the_deadline():
    r = _script("""
        import time
        from pycorral.limits import RunGuard
        from verifier.deadline import DeadlineExceeded
        guard = RunGuard(1.0, None, report=print)
        t0 = time.monotonic()
        with guard:
            try:
                with guard.interruptible():
                    with guard.suspended():
                        time.sleep(1.5)           # past the 1 s limit: not counted
                    print("after", round(time.monotonic() - t0, 2), guard.expired)
                    time.sleep(5)
            except DeadlineExceeded:
                print("deadline", round(time.monotonic() - t0, 2))
    """)
    assert r.returncode == 0, r.stdout + r.stderr
    after, deadline = r.stdout.split("\n")[:2]
    assert after.split()[2] == "False", r.stdout          # not expired after 1.5 s
    # the deadline came during the 5 s sleep (not after it: the line says "deadline"),
    # at 1 s of own time + 1.5 s suspended or later (later under load)
    assert deadline.split()[0] == "deadline", r.stdout
    assert float(deadline.split()[1]) >= 2.4, r.stdout


def test_a_toolchain_build_during_check_is_announced_and_not_timed():
    r = _script("""
        import contextlib, sys, time
        import replay.native as native
        real = native._probe
        def slow_probe(model, building=None):
            # a first use: zig builds its runtime (here: 22 s of waiting, more than the
            # whole --timeout; the budget is generous so that the replay itself finishes
            # on a loaded machine)
            with building("building a test runtime") if building else contextlib.nullcontext():
                time.sleep(22)
            return real(model)
        native._probe = slow_probe
        native._TOOLCHAINS.clear()
        from pycorral.cli import main
        main(["check", "examples/driver_bug.c", "--bound", "2", "--timeout", "20",
              "--data-model", "ILP32"])
    """)
    assert r.returncode == 10, r.stdout + r.stderr
    assert "pycorral: building a test runtime; not counted in --timeout ..." in r.stderr
    assert "pycorral: ... done after 22s" in r.stderr
    if native.toolchain("ILP32") is not None:
        assert "confirmed by execution" in r.stdout, r.stdout + r.stderr


def _zig_objects() -> int:
    d = native.zig_cache_dir() / "o"
    return len(os.listdir(d)) if d.is_dir() else 0


def test_after_prepare_a_replay_builds_no_runtime(tmp_path):
    tc = native.toolchain("ILP32")
    if tc is None or not any("ziglang" in a for a in tc.argv):
        pytest.skip("ILP32 replay does not use zig here")
    subprocess.run([sys.executable, "-m", "replay.prepare", "--quiet"], cwd=ROOT, env=ENV,
                   check=True, timeout=900)
    prog = tmp_path / "p.c"            # new content: its objects are new to zig's cache
    prog.write_text("#include <assert.h>\nextern int __VERIFIER_nondet_int(void);\n"
                    f"int main(void) {{ int x = __VERIFIER_nondet_int(); /* {time.time()} */\n"
                    "  assert(x != 7); return 0; }\n")
    before = _zig_objects()
    out = native.replay_values([str(prog)], [7], expected_line=4)
    assert out.status == "confirmed", out
    assert _zig_objects() - before < 10, "the replay built a runtime (zig cache grew)"


def test_prepare_if_needed_is_quick_once_built(tmp_path):
    if native.toolchain("ILP32") is None:
        pytest.skip("no ILP32 replay toolchain")
    r, cpu = run_cpu([sys.executable, "-m", "replay.prepare", "--if-needed"], cwd=ROOT,
                     env=ENV, capture_output=True, text=True, timeout=900)
    assert r.returncode == 0 and "building" not in r.stderr, r.stderr
    if native.zig_runtime_built():
        assert cpu < 2.0, f"{cpu:.2f}s of CPU: more than the stamp's check (a build?)"
    # the stamp lives in zig's cache: another cache has no stamp
    env = {**ENV, "ZIG_GLOBAL_CACHE_DIR": str(tmp_path)}
    code = "from replay.native import zig_runtime_stamp as s; print(s())"
    other = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                           text=True, cwd=ROOT).stdout.strip()
    assert Path(other).parent == tmp_path and not Path(other).exists()
