"""The benchmark runner (bench.runner): task sources, the limited process (kill, memory,
crash), the interpretation of a run, and the resumable results file."""
from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

import pytest

from bench import runner, scoring
from bench.runner import Config, Limits, Task

from conftest import corpus_dir

DATA = Path(__file__).resolve().parent / "data" / "bench"


# ----------------------------------------------------------------------------- sources

def test_list_file():
    tasks = {t.name: t for t in runner.load_tasks(str(DATA / "tasks.list"))}
    assert set(tasks) == {"proved.bpl", "double_lock.bpl", "deep_bug.bpl", "bad_syntax.bpl",
                          "c/reach.c", "slow.bpl"}
    assert tasks["deep_bug.bpl"].args == ("--bound", "3")
    assert tasks["deep_bug.bpl"].expected == scoring.FALSE
    assert tasks["proved.bpl"].expected == scoring.TRUE
    assert tasks["c/reach.c"].category == "c"
    assert all(Path(f).is_absolute() and Path(f).is_file() for t in tasks.values()
               for f in t.files)


def test_yml_folder():
    tasks = {t.name: t for t in runner.load_tasks(str(DATA / "yml"))}
    assert set(tasks) == {"reach.yml", "overflow_only.yml"}   # no_verdict.yml has none
    reach = tasks["reach.yml"]
    assert reach.expected == scoring.FALSE and reach.property == "unreach-call"
    assert reach.args == ("--data-model", "ILP32")
    assert Path(reach.files[0]).resolve() == (DATA / "c" / "reach.c").resolve()
    assert tasks["overflow_only.yml"].property == "no-overflow"
    assert tasks["overflow_only.yml"].args == ("--data-model", "LP64")


def test_svcomp_and_corral_csv():
    sv = {t.name: t for t in runner.load_tasks(str(DATA / "svcomp_tasks.csv"))}
    assert sv["yml/reach.yml"].category == "small"
    assert sv["yml/reach.yml"].files == (str(DATA / "c" / "reach.c"),)
    assert sv["yml/overflow_only.yml"].args == ("--data-model", "LP64")
    co = runner.load_tasks(str(DATA / "corral_expected.csv"))
    assert co[0].args == ("/main:main", "/recursionBound:2")
    assert co[0].expected == scoring.FALSE and co[1].expected == scoring.TRUE
    assert {t.category for t in co} == {"sequential"}


@pytest.mark.corpora("corral", "ldv-bpl", "svcomp")
def test_shared_corpora_by_name():
    corpus_dir("corral")
    corpus_dir("ldv-bpl")
    corpus_dir("svcomp")
    corral = runner.load_tasks("corral")
    assert len(corral) == 70 and {t.category for t in corral} == {"sequential", "concurrent"}
    ldv = runner.load_tasks("ldv")
    assert ldv and all(t.args == runner.LDV_ARGS and t.category == "ldv" for t in ldv)
    sv = runner.load_tasks("svcomp")
    with open(corpus_dir("svcomp") / "tasks.csv") as fh:
        rows = sum(1 for _ in fh) - 1
    assert len(sv) == rows and all(Path(t.files[0]).is_file() for t in sv)
    assert {t.property for t in sv} == {"unreach-call", "no-overflow"}


@pytest.mark.parametrize("text,message", [
    ("proved.bpl\n", "expected 'PATH EXPECTED"),
    ("proved.bpl maybe\n", "unknown expected verdict"),
    ("proved.bpl true 'unclosed\n", "error"),
])
def test_bad_list_file(tmp_path, text, message):
    f = tmp_path / "bad.list"
    f.write_text("# comment\n" + text)
    with pytest.raises(runner.BenchInputError) as e:
        runner.load_tasks(str(f))
    assert str(e.value).startswith(f"{f}:2: error:") and message in str(e.value)


def test_bad_csv_header(tmp_path):
    f = tmp_path / "x.csv"
    f.write_text("a,b\n1,2\n")
    with pytest.raises(runner.BenchInputError, match=r"x.csv:1: error: unknown CSV header"):
        runner.load_tasks(str(f))


def test_missing_source():
    with pytest.raises(runner.BenchInputError, match="no such file"):
        runner.load_tasks("/nonexistent/tasks.list")


@pytest.mark.parametrize("spec,name,args", [
    ('si=--strategy si', "si", ("--strategy", "si")),
    ('b3=--bound 3 --strategy "static"', "b3", ("--bound", "3", "--strategy", "static")),
    ("plain", "plain", ()),
])
def test_config_parse(spec, name, args):
    assert Config.parse(spec) == Config(name, args)


@pytest.mark.parametrize("spec", ["=--strategy si", "a b=--bound 1", "x='unclosed"])
def test_bad_config(spec):
    with pytest.raises(runner.BenchInputError):
        Config.parse(spec)


def test_select():
    tasks = runner.load_tasks(str(DATA / "tasks.list"))
    assert [t.name for t in runner.select(tasks, ".bpl", 2)] == ["proved.bpl", "double_lock.bpl"]
    assert [t.name for t in runner.select(tasks, "reach")] == ["c/reach.c"]


# ----------------------------------------------------------------------------- processes

PY = sys.executable


def test_run_limited_kills_the_whole_group(tmp_path):
    """The child starts a grandchild in its group; both are gone after the kill."""
    marker = tmp_path / "pid"
    code = ("import subprocess, sys, time\n"
            "p = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)'])\n"
            f"open({str(marker)!r}, 'w').write(str(p.pid))\n"
            "time.sleep(60)\n")
    p = runner.run_limited([PY, "-c", code], hard_limit=1.5)
    assert p.code is None and p.wall > 1.4      # killed (not ended by itself at 60 s)
    grandchild = int(marker.read_text())
    time.sleep(0.2)
    with pytest.raises(ProcessLookupError):
        for _ in range(20):          # a zombie is reaped by init shortly
            os.kill(grandchild, 0)
            time.sleep(0.1)


def test_run_limited_memory_limit():
    p = runner.run_limited([PY, "-c", "x = bytearray(800 * 1024 * 1024)"], hard_limit=20,
                          memory_mb=300)
    assert p.code == 1 and "MemoryError" in p.err


def test_run_limited_measures():
    p = runner.run_limited([PY, "-c", "x = bytearray(100 * 1024 * 1024)\n"
                           "s = sum(range(3_000_000)); print('ok')"], hard_limit=20)
    assert p.code == 0 and p.out.strip() == "ok"
    assert p.memory_mb > 100 and p.cpu > 0


def _proc(code, out="", err=""):
    return runner.Process(code, out, err, 1.0, 0.5, 10.0)


LIM = Limits(timeout=10, memory_mb=512)


@pytest.mark.parametrize("proc,verdict,reason", [
    (_proc(None), "unknown", "timeout: killed at the wall-time limit of 22s"),
    (_proc(-11), "error", "killed by signal SIGSEGV (memory limit 512 MB?)"),
    (_proc(2, err="f.bpl:3:1: error: expected ';'"), "error", "bad input: f.bpl:3:1: error"),
    (_proc(1, out="not json", err="Traceback...\nMemoryError"), "error",
     "exit 1 without a JSON verdict: MemoryError"),
    (_proc(0, out='{"verdict": "correct", "reason": "proved"}'), "correct", "proved"),
    (_proc(10, out='noise\n{"verdict": "bug", "reason": ""}'), "bug", ""),
    (_proc(0, out='{"verdict": "no bug within bound"}'), "bounded", ""),
    (_proc(20, out='{"verdict": "unknown", "reason": "internal error: MemoryError"}'),
     "unknown", "internal error: MemoryError (memory limit 512 MB)"),
    (_proc(20, out='{"verdict": "unknown", "reason": "resource limit: out of memory", '
                   '"reason_kind": "memory"}'),
     "unknown", "resource limit: out of memory (memory limit 512 MB)"),
    (_proc(20, out='{"verdict": "unknown", "reason": "internal error: MemoryError?", '
                   '"reason_kind": "internal"}'),
     "unknown", "internal error: MemoryError?"),
    (_proc(1, out='{"verdict": "correct"}'), "error", "exit 1 after verdict correct"),
    (_proc(0, out='{"verdict": "perhaps"}'), "error", "unknown verdict"),
])
def test_interpret(proc, verdict, reason):
    v, r, _, kind = runner.interpret(proc, LIM)
    assert v == verdict and r.startswith(reason)
    assert kind is None or v == "unknown"
    if "reason_kind" in proc.out:   # the kind, not the text, decides
        assert kind.value in proc.out and r.endswith("MB)") == (kind.value == "memory")


def test_run_one_verdicts():
    tasks = {t.name: t for t in runner.load_tasks(str(DATA / "tasks.list"))}
    cfg, lim = Config("si", ("--strategy", "si")), Limits(timeout=30, memory_mb=2048)
    proved = runner.run_one(tasks["proved.bpl"], cfg, lim)
    assert (proved.verdict, proved.outcome, proved.score) == ("correct", "correct", 2)
    assert proved.inlined and proved.memory and proved.cpu > 0
    bad = runner.run_one(tasks["bad_syntax.bpl"], cfg, lim)
    assert bad.verdict == "error" and "expected ';'" in bad.reason and bad.score == 0


def test_run_one_unsupported_property_is_not_run():
    t = Task("x", (str(DATA / "c" / "reach.c"),), scoring.TRUE, property="no-overflow")
    r = runner.run_one(t, Config("d"), Limits())
    assert r.verdict == "unknown" and "unsupported property" in r.reason and r.time == 0


def test_run_one_missing_file():
    r = runner.run_one(Task("x", ("/nonexistent.bpl",), scoring.FALSE), Config("d"), Limits())
    assert r.verdict == "error" and "not found" in r.reason


def test_run_one_tiny_memory_limit_is_an_error_not_a_verdict():
    t = runner.load_tasks(str(DATA / "tasks.list"))[0]
    r = runner.run_one(t, Config("d"), Limits(timeout=30, memory_mb=20))
    assert r.verdict in ("error", "unknown") and r.reason and r.score == 0


# ----------------------------------------------------------------------------- results file

def _result(task, config, verdict="correct", args=()):
    return runner.make_result(Task(task, ("f",), scoring.TRUE), Config(config, args),
                             verdict, "")


def test_results_file_roundtrip_and_pending(tmp_path):
    a, b = _result("a", "si"), _result("b", "si", "bug")
    runner.append_result(tmp_path, a)
    runner.append_result(tmp_path, b)
    with open(tmp_path / runner.RESULTS_FILE, "a") as fh:
        fh.write('{"task": "c", "conf')            # a line cut off by an interrupt
    done = runner.read_results(tmp_path)
    assert done == {("a", "si"): a, ("b", "si"): b}
    tasks = [Task(n, ("f",), scoring.TRUE) for n in "abc"]
    todo = list(runner.pending(tasks, [Config("si")], done))
    assert [t.name for t, _ in todo] == ["c"]
    assert len(list(runner.pending(tasks, [Config("si")], done, rerun=True))) == 3
    # the same name with other arguments runs again
    assert len(list(runner.pending(tasks, [Config("si", ("--bound", "2"))], done))) == 3
    # the last line for a pair wins
    runner.append_result(tmp_path, _result("a", "si", "unknown"))
    assert runner.read_results(tmp_path)[("a", "si")].verdict == "unknown"


def test_result_json_is_one_line():
    r = _result("a", "si", args=("--strategy", "si"))
    line = json.dumps(r.to_json())
    assert "\n" not in line and runner.RunResult.from_json(json.loads(line)) == r


def test_a_configuration_overrides_the_task_arguments():
    """What `pycorral bench-ldv --bound 5 --strategy static` did is a configuration of
    `pycorral bench ldv`: its arguments come after the task's (ldv's `--bound 3`), and
    `pycorral check`'s own option parser keeps the last value."""
    from pycorral.cli import main
    lock = str(Path(__file__).resolve().parent.parent / "examples" / "lock.bpl")
    task = Task("lock", (lock,), scoring.FALSE, "ldv", runner.LDV_ARGS)
    cmd = runner.check_command(task, Config("b5", ("--bound", "5", "--strategy", "static")),
                               Limits())
    assert cmd[1:4] == ["-m", "pycorral.cli", "check"]
    check = main.get_command(None, "check")
    params = check.make_context("check", cmd[4:]).params
    assert (params["bound"], params["strategy"], params["entry"]) == (5, "static", "main_SeqInstr")
