"""The process portfolio (verifier/search/portfolio.py) and `--portfolio` / `--jobs`.

* Killing: when one member answers, the losers (and whatever they started, in their process
  group) are stopped and gone, long before the deadline; a member killed by its memory limit
  leaves the others running; a member that raises, exits or crashes never makes a verdict.

No test bounds a wall-clock time (two test workers on two shared cores stretch any figure):
each checks the order of events -- who won, who was stopped, whether the portfolio returned
before its (distant) deadline -- with members whose own times are far apart.
* Time slices: with fewer jobs than members, members run one after another, each with its
  share of the time left.
* The engine's portfolio (Legion+ = si,legion) on small programs, and the command line.
"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from boogie.parser import parse_program
from verifier.engine import verify
from verifier.options import VerifyOptions
from verifier.search.portfolio import PortfolioLimits, interim, run_portfolio
from verifier.result import Verdict

ROOT = Path(__file__).resolve().parent.parent


def _gone(pid: int) -> bool:
    """No such process, or only a zombie we do not own (its parent reaps it)."""
    try:
        with open(f"/proc/{pid}/stat") as fh:
            stat = fh.read()
    except FileNotFoundError:
        return True
    state = stat[stat.rindex(")") + 2:].split()[0]
    return state == "Z"


def _loser(pid_file: Path):
    def run(stop_at):
        # a grandchild in the member's process group, like a solver's helper process
        child = subprocess.Popen(["sleep", "600"])
        pid_file.write_text(f"{os.getpid()} {child.pid}")
        while True:
            time.sleep(0.01)
    return run


def _winner(delay: float, answer: str = "yes"):
    def run(stop_at):
        time.sleep(delay)
        return answer
    return run


def _busy(cpu: float, answer: str = "yes"):
    """A member that computes for `cpu` seconds of CPU time, then answers."""
    def run(stop_at):
        while time.process_time() < cpu:
            pass
        return answer
    return run


def test_losers_are_gone_once_the_winner_answers(tmp_path):
    """The losers never end by themselves: the portfolio returns before its deadline only
    if it stops them on the win, and their process groups go with them.  (How fast: well
    under a second on an idle machine; a figure, not a test.)"""
    pids = [tmp_path / "a", tmp_path / "b"]
    deadline = time.perf_counter() + 300
    report = run_portfolio([("slow-a", _loser(pids[0])), ("fast", _winner(1.0)),
                            ("slow-b", _loser(pids[1]))],
                           deadline, decisive=lambda r: r == "yes",
                           limits=PortfolioLimits(jobs=3))
    assert time.perf_counter() < deadline, "the losers were stopped at the deadline"
    assert report.winner == "fast" and report.result == "yes"
    assert {m.name: m.status for m in report.members} == \
        {"slow-a": "stopped", "fast": "won", "slow-b": "stopped"}
    for f in pids:
        for pid in map(int, f.read_text().split()):
            for _ in range(1500):        # killed: gone in a moment (the sleeps run 600 s)
                if _gone(pid):
                    break
                time.sleep(0.02)
            assert _gone(pid), f"process {pid} outlived the portfolio"


def _hog(pid_file: Path):
    def run(stop_at):
        pid_file.write_text(str(os.getpid()))
        blocks = []
        for _ in range(40):             # about 50 MB more every 20 ms, touched, up to 2 GB
            blocks.append(bytearray(50 * 1024 * 1024))
            time.sleep(0.02)
        time.sleep(600)
    return run


def _after_the_end_of(pid_file: Path):
    """Answers "yes" once the process named in `pid_file` is gone (at most 120 s on)."""
    def run(stop_at):
        for _ in range(6000):
            try:
                if _gone(int(pid_file.read_text())):
                    break
            except (OSError, ValueError):           # not written yet
                pass
            time.sleep(0.02)
        return "yes"
    return run


def test_a_member_killed_by_its_memory_limit_leaves_the_others_running(tmp_path):
    # the steady member answers once the hog is gone: "died" (not "stopped", killed after
    # another won) means the memory limit killed it and the portfolio went on
    hog = tmp_path / "hog"
    report = run_portfolio([("hog", _hog(hog)), ("steady", _after_the_end_of(hog))],
                           time.perf_counter() + 300, decisive=lambda r: r == "yes",
                           limits=PortfolioLimits(jobs=2, memory_mb=300))
    by = {m.name: m for m in report.members}
    assert by["hog"].status == "died" and "memory limit of 300 MB" in by["hog"].detail
    assert report.winner == "steady" and by["steady"].status == "won"


def _raises(stop_at):
    raise RuntimeError("member bug")


def _exits(stop_at):
    os._exit(3)


def _crashes(stop_at):
    import faulthandler
    faulthandler.disable()              # pytest's dump of the crash would only be noise
    os.kill(os.getpid(), signal.SIGSEGV)


def test_errors_and_crashes_are_never_a_verdict():
    report = run_portfolio([("raises", _raises), ("exits", _exits), ("crashes", _crashes),
                            ("undecided", _winner(0.5, "maybe"))],
                           time.perf_counter() + 30, decisive=lambda r: r == "yes",
                           limits=PortfolioLimits(jobs=4))
    by = {m.name: m for m in report.members}
    assert report.winner is None and report.result == "maybe"
    assert by["raises"].status == "error" and "member bug" in by["raises"].detail
    assert by["exits"].status == "died" and "exit code 3" in by["exits"].detail
    assert by["crashes"].status == "died" and "SIGSEGV" in by["crashes"].detail


def _slice(stop_at):
    return (time.perf_counter(), stop_at)


def test_fewer_jobs_than_members_run_in_time_slices():
    t0 = time.perf_counter()
    members = [(f"m{i}", lambda stop_at: (time.sleep(0.3), _slice(stop_at))[1])
               for i in range(3)]
    report = run_portfolio(members, t0 + 9.0, decisive=lambda r: False,
                           limits=PortfolioLimits(jobs=1))
    assert [m.status for m in report.members] == ["undecided"] * 3
    # the first had a third of 9 s, the next half of what was left, the last the rest
    stops = [m.seconds for m in report.members]
    assert stops == sorted(stops) and stops[0] >= 0.3 and stops[1] - stops[0] >= 0.3


def test_a_member_past_its_slice_is_killed_and_the_next_runs():
    # the stuck member would hold the one job past the whole deadline: "next" wins only if
    # the stuck one was killed at the end of its slice (half the time)
    t0 = time.perf_counter()
    report = run_portfolio([("stuck", lambda stop_at: time.sleep(60)),
                            ("next", _winner(0.1))],
                           t0 + 3.0, decisive=lambda r: r == "yes",
                           limits=PortfolioLimits(jobs=1))
    by = {m.name: m for m in report.members}
    assert by["stuck"].status == "timeout"
    assert report.winner == "next"


def _interim_then(after: str):
    def run(stop_at):
        interim("bounded at 1")
        interim("bounded at 2")
        if after == "hang":
            time.sleep(60)
        if after == "raise":
            raise RuntimeError("boom")
        return "bounded at 4"
    return run


@pytest.mark.parametrize("after, result, status", [
    ("hang", "bounded at 2", "timeout"),       # killed at its slice: its last interim
    ("answer", "bounded at 4", "undecided"),   # its own result replaces the interim ones
    ("raise", None, "error"),                  # an error is never turned into an answer
])
def test_a_members_interim_answer_stands_only_if_it_is_killed_at_its_limit(after, result,
                                                                            status):
    # (a hanging member not killed at its slice would sleep 60 s and answer "bounded at 4")
    t0 = time.perf_counter()
    report = run_portfolio([("search", _interim_then(after))], t0 + 2.0,
                           decisive=lambda r: False, describe=str)
    assert report.result == result and report.winner is None
    (m,) = report.members
    assert m.status == status
    assert ("its last interim answer: bounded at 2" in m.detail) == (after == "hang")
    interim("outside a member: nothing happens")


def test_the_run_guards_deadline_in_the_portfolio_keeps_the_interim_answers():
    """Under load the CLI guard's deadline (a little after the portfolio's) can fire while
    the portfolio still waits: the members are stopped and the report is what they sent,
    not an exception that loses the search's bounds ("timeout ... during the run")."""
    from verifier.deadline import DeadlineExceeded

    def alarm(signum, frame):
        raise DeadlineExceeded("the run")
    old = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, 1.0)
    try:
        # the portfolio's own deadline lies past the member's 60 s hang: only the guard's
        # alarm can end it with "bounded at 2" (else the member answers "bounded at 4")
        t0 = time.perf_counter()
        report = run_portfolio([("search", _interim_then("hang"))], t0 + 300.0,
                               decisive=lambda r: False, describe=str)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    assert report.result == "bounded at 2"
    assert report.members[0].status == "timeout"


# ----------------------------------------------------------------------------- the engine

BUG = """
procedure rec(n: int) returns (r: int) {
  if (n > 0) { call r := rec(n - 1); r := r + 1; } else { r := 0; }
}
procedure {:entrypoint} main() { var y: int; call y := rec(2); assert y != 2; }"""


@pytest.mark.parametrize("jobs", [1, 2])
def test_legion_plus_finds_the_bug_and_names_the_winner(jobs):
    r = verify(parse_program(BUG, "t.bpl"),
               VerifyOptions(portfolio=("si", "legion"), jobs=jobs, bound=3, timeout=30))
    assert r.verdict is Verdict.BUG and r.trace is not None
    assert r.stats.portfolio_winner in ("si", "legion")
    assert r.stats.strategy == "si,legion"
    assert dict(r.stats.portfolio)[r.stats.portfolio_winner].startswith("won")


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pycorral.cli", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def test_cli_portfolio_json_names_the_winner(tmp_path):
    f = tmp_path / "t.bpl"
    f.write_text(BUG)
    p = _cli("check", str(f), "--portfolio", "si,legion", "--bound", "3", "--json")
    out = json.loads(p.stdout)
    assert out["verdict"] == "bug", p.stderr
    assert out["stats"]["portfolio_winner"] in ("si", "legion")
    assert set(out["stats"]["portfolio"]) == {"si", "legion"}


@pytest.mark.parametrize("args,message", [
    (["--portfolio", "si,nope"], "unknown strategy 'nope'"),
    (["--portfolio", "si,si"], "named twice"),
    (["--portfolio", "si", "--strategy", "legion"], "use one"),
    (["--strategy", "si", "--jobs", "2"], "--jobs is for a portfolio"),
])
def test_cli_portfolio_usage_errors(tmp_path, args, message):
    f = tmp_path / "t.bpl"
    f.write_text(BUG)
    p = _cli("check", str(f), *args)
    assert p.returncode == 2 and message in p.stderr and "Traceback" not in p.stderr


# ----------------------------------------------------------------------------- svcomp

SVCOMP_DATA = ROOT / "tests" / "data" / "svcomp_options"


@pytest.mark.parametrize("options,answer", [
    (["--portfolio", "si,legion", "--malloc-may-fail"], "Result: FALSE(unreach-call)"),
    (["--portfolio", "legion", "--malloc-may-fail"], "Result: FALSE(unreach-call)"),
    (["--portfolio", "si,legion,chc", "--jobs", "1"], "Result: TRUE"),
])
def test_svcomp_portfolio_members(tmp_path, options, answer):
    prp = tmp_path / "unreach-call.prp"
    prp.write_text("CHECK( init(main()), LTL(G ! call(reach_error())) )\n")
    p = _cli("svcomp", "--property", str(prp), "--timeout", "60", *options,
             str(SVCOMP_DATA / "malloc_null.c"))
    lines = p.stdout.strip().splitlines()
    assert lines[-1] == answer, p.stdout + p.stderr
    members = options[1].split(",")
    if len(members) > 1:
        line = next(ln for ln in lines if ln.startswith("[portfolio]"))
        assert all(f"{m}: " in line for m in members) and ": won after" in line, line


def test_svcomp_portfolio_bad_member_is_a_usage_error(tmp_path):
    p = _cli("svcomp", "--portfolio", "si,nope", str(SVCOMP_DATA / "malloc_null.c"))
    assert p.returncode == 2 and "unknown strategy 'nope'" in p.stderr


def test_the_prover_yields_the_cpu_to_the_search(monkeypatch):
    """In the auto portfolio the prover's process runs at a lower CPU priority than the
    bug search's (engine._yield_cpu): the member that answers names its niceness."""
    import verifier.engine as engine
    from verifier.result import Result
    prog = parse_program("procedure {:entrypoint} main() { }")
    base = os.nice(0)
    said = {}
    for winner in ("si", "chc"):
        def report(program, opts, progress=None, checkpoint=None, winner=winner):
            if opts.strategy != winner:
                time.sleep(5)
                return Result(Verdict.UNKNOWN, "lost")
            return Result(Verdict.CORRECT, f"nice {os.nice(0)}")
        monkeypatch.setattr(engine, "_verify_one", report)
        monkeypatch.setattr(engine, "_search", report)
        r = verify(prog, VerifyOptions(strategy="auto", timeout=20, jobs=2))
        assert r.stats.portfolio_winner == winner
        said[winner] = int(r.reason.split()[-1])
    assert said["si"] == base
    assert said["chc"] == min(19, base + engine.PROVER_NICENESS)


@pytest.mark.parametrize("prover_cpu, want", [(0.3, "proof"), (30.0, "bounded")])
def test_a_prover_gets_only_its_settle_time_after_the_search_ended(prover_cpu, want):
    """`PortfolioLimits.leaders`: once the search has ended undecided, the prover goes on
    until `after_leaders` of CPU time (here 1 s more, 3 s in all), not to the deadline:
    a prover that answers within it still wins, one that would answer later is stopped
    then.  (CPU time, not wall time: a busy machine does not cut it shorter.)"""
    t0 = time.perf_counter()
    report = run_portfolio([("search", _winner(0.1, "bounded")),
                            ("prover", _busy(prover_cpu, "proof"))],
                           t0 + 300, decisive=lambda r: r == "proof",
                           limits=PortfolioLimits(jobs=2, leaders=("search",),
                                                  after_leaders=(1.0, 3.0)))
    assert report.result == want
    statuses = {m.name: m.status for m in report.members}
    assert statuses == ({"search": "undecided", "prover": "won"} if want == "proof" else
                        {"search": "undecided", "prover": "timeout"})


def test_the_settle_time_counts_from_the_provers_own_start():
    """With one job the prover starts when the search has ended: its settle time counts
    from its own start (its own CPU time), so it still gets `after_leaders[1]` in all."""
    t0 = time.perf_counter()
    report = run_portfolio([("search", _winner(1.0, "bounded")),
                            ("prover", _busy(0.8, "proof"))],
                           t0 + 60, decisive=lambda r: r == "proof",
                           limits=PortfolioLimits(jobs=1, leaders=("search",),
                                                  after_leaders=(0.2, 4.0)))
    assert report.result == "proof" and report.winner == "prover"


def test_the_engine_gives_the_prover_a_settle_time_after_a_bounded_search(monkeypatch):
    """`check`'s portfolio (si next to chc) names si the leader and gives chc
    `prover_after_search` after it; a portfolio of searches only (si,legion) has no
    leader; `prover_after_search=None` waits for the prover until the deadline."""
    import verifier.search.portfolio as pf
    from verifier.engine import PROVER_MORE_S, verify_portfolio
    seen = []

    def fake(members, deadline, decisive, describe=None, limits=None):
        seen.append(limits)
        return pf.PortfolioReport(None, None, ())
    monkeypatch.setattr(pf, "run_portfolio", fake)
    prog = parse_program("procedure {:entrypoint} main() { assert true; }")
    for kw in ({}, {"portfolio": ("si", "legion")}, {"prover_after_search": None}):
        verify_portfolio(prog, VerifyOptions(timeout=60, strategy="auto", **kw))
    assert (seen[0].leaders, seen[0].after_leaders) == (("si",), (PROVER_MORE_S, 30.0))
    assert seen[1].after_leaders is None and seen[2].after_leaders is None
